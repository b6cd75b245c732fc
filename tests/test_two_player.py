"""The 2-player game end to end (rulebook "The 2-Player Game", DECISIONS 6): decks I and II,
two emissaries each placed P1, P2, P1, P2, a four-card offer, seven rounds, and each
emissary's turn resolved on its own with its own bricks and cogs."""

from __future__ import annotations

from helpers import (
    Position,
    act,
    builds,
    finish_draft,
    kinds_of,
    passive_action,
    passive_step,
    symbols,
)
from rome import current_player, is_over, legal_actions, new_game, playthrough


def test_two_player_game_end_to_end():
    s = new_game(2, seed=17)
    assert sorted(s.decks) == ["I", "II"]
    s = finish_draft(s)
    rounds = 0
    deck_i_offered = []
    while not is_over(s):
        rounds += 1
        assert s.round == rounds and s.phase == "emissary"
        # Four cards: two from each deck.
        assert {d: len(p) for d, p in s.offer.items()} == {"I": 2, "II": 2}
        deck_i_offered += kinds_of(s, s.offer["I"])
        first = s.first_player
        placers = []
        while s.phase == "emissary":
            placers.append(current_player(s))
            s = passive_step(s)
        assert placers == [first, 1 - first, first, 1 - first]
        # Four turns, one per emissary, each with its own mandatory take.
        turns = []
        while s.phase == "action" and s.round == rounds:
            if s.step == "take":
                turns.append(current_player(s))
            s = passive_step(s)
        assert sorted(turns) == [0, 0, 1, 1]
    assert rounds == 7
    assert len(set(deck_i_offered)) == 14
    for p in s.players:
        assert len(p.hand) == 1 + 7 * 2  # draft card + one card per emissary per round


def test_each_emissary_is_its_own_turn_with_its_own_symbols():
    # Seat 0 on spaces 1 and 3 of the strip "B B B C C" (strip 1's back): the first turn
    # has 1 brick, the second 3 bricks -- not 1 + 3.  Each turn must take, and may build.
    p = Position(2, seed=3).hand(0, ["house-4", "house-4"]).set(0, coins=0)
    p.offer({"I": ["grand-aqueduct"], "II": ["house-2", "house-3"]})
    p.turn(0, bricks=1, cogs=0, step="take", others={2: 1, 3: 0, 4: 1})
    s = p.state()
    assert symbols(*s.strips[0])[:3] == "BBB"
    assert s.acting == 1 and current_player(s) == 0
    assert all(a.verb == "take" for a in legal_actions(s))
    s = act(s, "take II:house-2")
    assert builds(s, "house-4") == set()  # 1 brick, no coins: house-4 (3) not affordable
    s = act(s, "build house-2 0,2", "end")
    # Seat 1's turn on space 2.
    assert s.acting == 2 and current_player(s) == 1 and s.step == "take"
    s = act(s, "take II:house-3", "end")
    # Seat 0 again on space 3: a fresh turn, 3 bricks of its own, build allowed again.
    assert s.acting == 3 and current_player(s) == 0
    assert s.step == "take" and s.built is False and s.produced is False
    s = act(s, "take I:grand-aqueduct")
    assert (1, 0) in builds(s, "house-4")
    s = act(s, "build house-4 1,0")
    assert s.players[0].coins == 0


def test_two_player_first_player_alternates():
    firsts = []
    for s, _action, _after in playthrough(finish_draft(new_game(2, seed=1)), passive_action):
        if s.phase == "emissary" and s.placed == 0:
            firsts.append(s.first_player)
    assert len(firsts) == 7
    assert all(b == 1 - a for a, b in zip(firsts, firsts[1:], strict=False))


def test_two_copies_in_the_offer_are_one_choice_and_one_card_leaves():
    p = Position(2, seed=8).offer({"I": ["villa-2", "temple-luna"], "II": ["house-2", "house-2"]})
    s = p.turn(0, bricks=1, cogs=0, step="take", others={2: 1, 3: 0, 4: 1}).state()
    assert sorted(str(a) for a in legal_actions(s)) == [
        "take I:temple-luna", "take I:villa-2", "take II:house-2"]
    t = act(s, "take II:house-2")
    assert kinds_of(t, t.offer["II"]) == ["house-2"]
    assert len(t.offer["I"]) == 2
