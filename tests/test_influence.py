"""Influence scoring at the end of each round (rulebook "Influence Scoring", DECISIONS 16)."""

from __future__ import annotations

from helpers import Position, act, kinds_of, play_passive
from rome import GameState, final_scores


def end_of_round(influence, pool, n=3, round=3, cards=None):
    """Seat 0's emissary is the last on the strip; its ``end`` ends the round."""
    p = Position(n, seed=5)
    for seat, value in enumerate(influence):
        p.set(seat, influence=value)
    for seat, values in (cards or {}).items():
        p.influence_cards(seat, values)
    p.pool(pool)
    p.offer({})  # every emissary took a card this round: the offer is empty
    return p.turn(0, bricks=1, cogs=0, round=round).state()


def won(state, seat):
    return sorted(kinds_of(state, state.players[seat].influence_cards))


def test_single_leader_takes_the_card_and_returns_all_tokens():
    s = end_of_round([3, 1, 0], [3])
    t = act(s, "end")
    assert t.round == 4  # the next round began
    assert won(t, 0) == ["influence-3"]
    assert t.players[0].influence == 0
    assert t.players[1].influence == 1  # the others keep theirs
    assert t.influence_pool == ()


def test_the_leader_need_not_be_the_last_to_act():
    t = act(end_of_round([0, 4, 2], [3]), "end")
    assert won(t, 1) == ["influence-3"]
    assert [p.influence for p in t.players] == [0, 0, 2]


def test_tie_for_the_most_postpones():
    s = end_of_round([2, 2, 1], [3])
    t = act(s, "end")
    assert kinds_of(t, t.influence_pool) == ["influence-3"]
    assert [p.influence for p in t.players] == [2, 2, 1]
    assert all(p.influence_cards == () for p in t.players)


def test_all_at_zero_postpones():
    t = act(end_of_round([0, 0, 0], [3]), "end")
    assert kinds_of(t, t.influence_pool) == ["influence-3"]
    assert all(p.influence_cards == () for p in t.players)


def test_postponed_cards_accumulate_and_go_together():
    t = act(end_of_round([1, 5, 0], [3, 6]), "end")
    assert won(t, 1) == ["influence-3", "influence-6"]
    assert final_scores(t)[1]["influence_cards"] == 9


def test_postponed_then_won_in_a_later_round():
    t = act(end_of_round([2, 2, 0], [3]), "end")  # round 3: tie, the 3 stays
    d = t.to_dict()
    d["players"][2]["influence"] = 5  # during round 4 seat 2 pulls ahead
    t = GameState.from_dict(d)
    t = play_passive(t, until=lambda s: s.round == 5)
    assert won(t, 2) == ["influence-3"]
    assert t.players[2].influence == 0
    assert [p.influence for p in t.players[:2]] == [2, 2]


def test_no_card_no_scoring():
    t = act(end_of_round([3, 0, 0], []), "end")
    assert t.players[0].influence == 3
    assert t.players[0].influence_cards == ()


def test_winner_adds_to_cards_already_won():
    t = act(end_of_round([0, 0, 3], [6], cards={2: [3]}), "end")
    assert won(t, 2) == ["influence-3", "influence-6"]


def test_last_round_tie_leaves_cards_unawarded():
    # the 3 and the 6 were revealed first, so by the last round a seat has won them
    s = end_of_round([4, 4, 0], [10, 14], round=14, cards={2: [3, 6]})
    t = act(s, "end")
    assert t.phase == "over"
    assert sorted(kinds_of(t, t.influence_pool)) == ["influence-10", "influence-14"]
    assert [won(t, seat) for seat in range(3)] == [[], [], ["influence-3", "influence-6"]]
    assert [b["influence_cards"] for b in final_scores(t)] == [0, 0, 9]
    assert [p.influence for p in t.players] == [4, 4, 0]


def test_last_round_single_leader_is_awarded():
    t = act(end_of_round([1, 0, 0], [14], round=14, cards={1: [3, 6, 10]}), "end")
    assert t.phase == "over"
    assert won(t, 0) == ["influence-14"]
    assert final_scores(t)[0]["influence_cards"] == 14


def test_two_player_last_round():
    t = act(end_of_round([0, 2], [8, 14], n=2, round=7, cards={0: [4]}), "end")
    assert t.phase == "over"
    assert won(t, 1) == ["influence-14", "influence-8"]
