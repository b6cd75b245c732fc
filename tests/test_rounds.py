"""Rounds and turns (rulebook "Gameplay", DECISIONS 4, 6-8, 10): upkeep, offer, influence
cards revealed, emissary order, action order, the shape of a turn, the first player
marker, the number of rounds and the end of the game."""

from __future__ import annotations

import pytest

from helpers import Position, act, finish_draft, kinds_of, passive_step, play_passive, texts
from rome import (
    Action,
    IllegalActionError,
    apply_action,
    current_player,
    is_over,
    legal_actions,
    new_game,
)


def _seed_with_first(n, first):
    return next(seed for seed in range(200) if new_game(n, seed=seed).first_player == first)


def _rounds(state):
    """Yield the state at the start of each round's emissary phase."""
    state = finish_draft(state)
    while state.phase != "over":
        yield state
        r = state.round
        state = play_passive(state, until=lambda s, r=r: s.round != r or s.phase == "over")


# -- upkeep -----------------------------------------------------------------------

def test_upkeep_flips_the_top_strip_under_the_stack():
    # DECISIONS 4: each upkeep flips the top strip and puts it under; the new top is used.
    # Setup stack S0..S5: round r uses S[r mod 6], shown flipped iff it has gone under an
    # odd number of times, i.e. iff (r // 6) is odd (round 6 shows S0 flipped once,
    # round 7 shows S1 flipped once, round 12 shows S0 flipped twice = original side).
    s0 = new_game(3, seed=9)
    setup = s0.strips
    for state in _rounds(s0):
        r = state.round
        strip, flipped = setup[r % 6]
        assert state.strips[0] == (strip, flipped ^ ((r // 6) % 2 == 1)), r


def test_first_upkeep_rotation_exactly():
    s0 = new_game(4, seed=1)
    s1 = finish_draft(s0)
    (top, side) = s0.strips[0]
    assert s1.strips == s0.strips[1:] + ((top, not side),)


@pytest.mark.parametrize("n", [3, 4])
def test_offer_one_card_per_deck(n):
    s = new_game(n, seed=2)
    decks_before = s.decks  # the draft touches only its own pool, not the decks
    s = finish_draft(s)
    for d, pile in s.offer.items():
        assert len(pile) == 1
        assert pile[0] == decks_before[d][0]  # the top card of that deck


def test_offer_two_per_deck_with_two_players():
    s = new_game(2, seed=2)
    before = s.decks
    s = finish_draft(s)
    assert s.offer["I"] == before["I"][:2]
    assert s.offer["II"] == before["II"][:2]
    assert sum(len(p) for p in s.offer.values()) == 4


@pytest.mark.parametrize("n, reveal", [(3, {3: [3], 6: [3, 6], 10: [3, 6, 10], 14: [3, 6, 10, 14]}),
                                       (4, {3: [3], 6: [3, 6], 10: [3, 6, 10], 14: [3, 6, 10, 14]}),
                                       (2, {2: [4], 4: [4, 8], 7: [4, 8, 14]})])
def test_influence_card_revealed_at_the_right_round(n, reveal):
    # Nobody ever gains influence in this passive play, so every scoring is a tie at 0 and
    # the cards stay on the table, accumulating (DECISIONS 16).  3-4p: the 3 comes up after
    # the 3rd deck I card, i.e. in round 3's upkeep; 6 in round 6, 10 in round 10, 14 in
    # round 14.  2p (two deck I cards per round): the 4 after card 4 = round 2, the 8 after
    # card 8 = round 4, the 14 after card 14 = round 7.
    expected = []
    for state in _rounds(new_game(n, seed=7)):
        expected = reveal.get(state.round, expected)
        assert sorted(kinds_of(state, state.influence_pool)) == sorted(
            f"influence-{v}" for v in expected), state.round
        # The influence card never enters the offer.
        assert all(not k.startswith("influence") for k in kinds_of(state, state.offer["I"]))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_deck_i_building_is_offered(n):
    seen = []
    for state in _rounds(new_game(n, seed=13)):
        seen += kinds_of(state, state.offer["I"])
    assert len(seen) == 14 and len(set(seen)) == 14


# -- emissaries ------------------------------------------------------------------

@pytest.mark.parametrize("n, first, order", [
    (3, 1, [1, 2, 0]), (4, 3, [3, 0, 1, 2]), (2, 1, [1, 0, 1, 0]), (2, 0, [0, 1, 0, 1])])
def test_emissary_placement_order(n, first, order):
    # Clockwise from the first player; 2p: P1, P2, P1, P2 (DECISIONS 6).
    s = finish_draft(new_game(n, seed=_seed_with_first(n, first)))
    assert s.first_player == first
    seen = []
    while s.phase == "emissary":
        seen.append(current_player(s))
        s = apply_action(s, legal_actions(s)[0])
    assert seen == order


def test_emissaries_go_on_any_unoccupied_space():
    s = finish_draft(new_game(4, seed=_seed_with_first(4, 0)))
    assert texts(s) == ["place 1", "place 2", "place 3", "place 4", "place 5"]
    s = act(s, "place 4")
    assert texts(s) == ["place 1", "place 2", "place 3", "place 5"]
    with pytest.raises(IllegalActionError):
        act(s, "place 4")


def test_action_order_follows_the_strip_not_the_marker():
    # 3p, first player 0: seat 0 on space 5, seat 1 on space 1, seat 2 on space 3.
    # Action phase: space 1 (seat 1), then space 3 (seat 2), then space 5 (seat 0).
    s = finish_draft(new_game(3, seed=_seed_with_first(3, 0)))
    s = act(s, "place 5", "place 1", "place 3")
    assert s.phase == "action"
    order = []
    while s.phase == "action":
        order.append((s.acting, current_player(s)))
        s = act(s, str(legal_actions(s)[0]), "end")
    assert order == [(1, 1), (3, 2), (5, 0)]


# -- a turn --------------------------------------------------------------------------

def _first_turn(n=3, seed=0):
    s = finish_draft(new_game(n, seed=seed))
    while s.phase == "emissary":
        s = apply_action(s, legal_actions(s)[-1])  # farthest free spaces
    return s


def test_take_first_and_mandatory():
    s = _first_turn()
    assert s.step == "take"
    acts = legal_actions(s)
    assert acts and all(a.verb == "take" for a in acts)
    for bad in ("end", "produce"):
        with pytest.raises(IllegalActionError):
            act(s, bad)
    # One card per deck in the offer: one take per deck.
    assert sorted(a.deck for a in acts) == ["I", "II", "III"]
    seat = current_player(s)
    t = apply_action(s, acts[0])
    assert len(t.players[seat].hand) == len(s.players[seat].hand) + 1
    assert sum(len(p) for p in t.offer.values()) == 2
    assert t.step == "act"
    assert all(a.verb != "take" for a in legal_actions(t))  # only one take per turn


def _turn_position():
    # Seat 0 acting with 3 bricks and 1 cog (space 4), a house-2 and a house-3 in hand,
    # 5 coins; seat 1 still to act from space 5.
    return (Position(3, seed=4).hand(0, ["house-2", "house-3"]).set(0, coins=5)
            .turn(0, bricks=3, cogs=1, others={5: 1}).state())


def test_build_at_most_once_and_produce_at_most_once_build_first():
    s = _turn_position()
    s = act(s, "build house-2 1,0")
    assert not any(a.verb == "build" for a in legal_actions(s))
    assert "produce" in texts(s)
    s = act(s, "produce")
    assert texts(s) == ["end"]


def test_produce_then_build_is_allowed():
    s = _turn_position()
    s = act(s, "produce")
    assert "produce" not in texts(s)
    assert "build house-3 1,0" in texts(s)
    s = act(s, "build house-3 1,0")
    assert texts(s) == ["end"]


def test_end_passes_the_turn_to_the_next_emissary():
    s = _turn_position()
    s = act(s, "end")
    assert s.phase == "action" and s.acting == 5 and current_player(s) == 1
    assert s.built is False and s.produced is False


def test_empty_offer_means_no_take():
    # DECISIONS 10: with the offer empty, the turn starts with the actions.
    # Upkeep leaves an offer empty only when its deck is: every deck has run out.
    p = Position(3, seed=4).offer({})
    for deck in ("I", "II", "III"):
        p.deck_exact(deck, [])
    p.pool([3, 6, 10, 14])
    d = p.d
    d["phase"], d["step"], d["placed"] = "emissary", "", 2
    first = d["first_player"]
    d["spaces"] = [(first) % 3, (first + 1) % 3, -1, -1, -1]
    from rome import GameState
    s = GameState.from_dict(d)
    s = act(s, "place 5")
    assert s.phase == "action" and s.step == "act" and s.acting == 1
    assert not any(a.verb == "take" for a in legal_actions(s))


# -- end of round / game ------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_first_player_marker_passes_clockwise(n):
    firsts = [s.first_player for s in _rounds(new_game(n, seed=5))]
    for a, b in zip(firsts, firsts[1:], strict=False):
        assert b == (a + 1) % n


@pytest.mark.parametrize("n, rounds", [(2, 7), (3, 14), (4, 14)])
def test_number_of_rounds(n, rounds):
    seen = [s.round for s in _rounds(new_game(n, seed=6))]
    assert seen == list(range(1, rounds + 1))


def test_game_end():
    s = play_passive(finish_draft(new_game(2, seed=3)))
    assert is_over(s)
    assert s.round == 7
    assert legal_actions(s) == []
    assert current_player(s) is None
    with pytest.raises(IllegalActionError):
        apply_action(s, Action("end"))


def test_a_turn_sequence_in_the_action_phase_has_one_take_per_emissary():
    # 4p round 1: four turns, four cards leave the four-card offer.
    s = finish_draft(new_game(4, seed=8))
    while s.phase == "emissary":
        s = passive_step(s)
    takes = 0
    while s.round == 1:
        if s.step == "take":
            takes += 1
        s = passive_step(s)
    assert takes == 4


def test_taken_card_is_known_to_everyone():
    # DECISIONS 20: a card taken from the open offer is public.
    s = _first_turn(n=4)
    seat = current_player(s)
    t = apply_action(s, legal_actions(s)[0])
    card, mask = t.players[seat].hand[-1]
    assert mask == 0b1111


def test_exhausted_deck_offers_fewer_cards():
    # DECISIONS 10: no reshuffle; an empty deck III offers nothing, a deck II with a single
    # card left offers one card in a 2-player game (which draws two per deck).
    p = Position(3, seed=5).offer({}).deck_exact("III", [])
    t = act(p.turn(0, bricks=1, cogs=0, round=3).state(), "end")
    assert t.round == 4
    assert t.offer["III"] == ()
    assert len(t.offer["I"]) == 1 and len(t.offer["II"]) == 1
    p = Position(2, seed=5).offer({}).deck_exact("II", ["house-3"])
    t = act(p.turn(0, bricks=1, cogs=0, round=3).state(), "end")
    assert kinds_of(t, t.offer["II"]) == ["house-3"]
    assert len(t.offer["I"]) == 2
    assert t.decks["II"] == ()


def _last_placement(n, first, spaces, placed):
    from rome import GameState
    p = Position(n, seed=_seed_with_first(n, first))
    d = p.d
    d["phase"], d["step"], d["placed"], d["spaces"] = "emissary", "", placed, spaces
    return GameState.from_dict(d)


def test_last_emissary_goes_farthest_along_each_run():
    from rome import automatic_action, sensible_actions
    # 3p, first player 0: seat 0 on 1, seat 1 on 4; seat 2 places last. Empty: 2, 3 (a run
    # ending at seat 1's emissary) and 5: the sensible spaces are 3 and 5.
    s = _last_placement(3, 0, [0, -1, -1, 1, -1], 2)
    assert current_player(s) == 2
    assert [str(a) for a in sensible_actions(s)] == ["place 3", "place 5"]
    assert automatic_action(s) is None
    # 2p, first player 0: order 0, 1, 0, 1.  Seat 1's last emissary; its own emissary on 3
    # does not split the run 2..4: only space 4 is sensible, placed automatically.
    s = _last_placement(2, 0, [0, -1, 1, -1, 0], 3)
    assert current_player(s) == 1
    assert [str(a) for a in sensible_actions(s)] == ["place 4"]
    assert str(automatic_action(s)) == "place 4"
