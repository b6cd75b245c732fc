"""The opening draft (rulebook Setup 7, DECISIONS 3 and 20): the player to the first
player's right draws one deck II card per player, keeps one, passes the rest counter-
clockwise (seats are numbered clockwise, so to the right is seat - 1); the first player
takes the last card without choosing."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import kinds_of
from rome import Action, apply_action, current_player, legal_actions, new_game, observation


def _seed_with_first(n, first):
    return next(seed for seed in range(200) if new_game(n, seed=seed).first_player == first)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("first", [0, 1])
def test_draft_order_counter_clockwise_from_the_first_players_right(n, first):
    s = new_game(n, seed=_seed_with_first(n, first))
    expected = [(first - k) % n for k in range(1, n)]  # right of first, then onward to the right
    seen = []
    while s.phase == "draft":
        seen.append(current_player(s))
        s = apply_action(s, legal_actions(s)[0])
    assert seen == expected
    # n - 1 decisions, then the first player got the last card automatically.
    assert len(seen) == n - 1
    assert s.phase == "emissary" and s.round == 1
    for seat in range(n):
        assert len(s.players[seat].hand) == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_draft_choices_are_the_kinds_in_the_pool(n):
    s = new_game(n, seed=11)
    while s.phase == "draft":
        pool = kinds_of(s, s.draft_pool)
        assert len(pool) >= 2  # a single card is never a decision
        acts = legal_actions(s)
        assert all(a.verb == "draft" for a in acts)
        assert {a.kind for a in acts} == set(pool)
        s = apply_action(s, acts[-1])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_draft_hands_out_exactly_the_pool(n):
    s = new_game(n, seed=21)
    pool = Counter(kinds_of(s, s.draft_pool))
    choices = {}
    while s.phase == "draft":
        chooser = current_player(s)
        action = legal_actions(s)[0]
        choices[chooser] = action.kind
        s = apply_action(s, action)
    got = Counter(k for seat in range(n) for k in kinds_of(s, [c for c, _ in s.players[seat].hand]))
    assert got == pool
    for seat, kind in choices.items():
        assert kinds_of(s, [c for c, _ in s.players[seat].hand]) == [kind]


def test_two_player_draft_masks_and_observation():
    # 2p: the second player chooses; the first player's card is the one the second passed,
    # so both know it (online edition: "the card taken by the first player is known to the
    # other player"); the second player's choice stays secret.
    s = new_game(2, seed=_seed_with_first(2, 0))
    assert current_player(s) == 1
    s = apply_action(s, legal_actions(s)[0])
    (c0, m0), = s.players[0].hand
    (c1, m1), = s.players[1].hand
    assert m0 == 0b11
    assert m1 == 0b10
    obs0 = observation(s, 0)
    assert obs0["players"][1]["hand"][0]["kind"] is None
    assert obs0["players"][0]["hand"][0]["kind"] == kinds_of(s, [c0])[0]
    obs1 = observation(s, 1)
    assert obs1["players"][0]["hand"][0]["kind"] == kinds_of(s, [c0])[0]
    assert obs1["players"][0]["hand"][0]["public"] is True


def test_four_player_draft_masks():
    first = 2
    s = new_game(4, seed=_seed_with_first(4, first))
    order = []
    while s.phase == "draft":
        order.append(current_player(s))
        s = apply_action(s, legal_actions(s)[0])
    assert order == [1, 0, 3]
    for seat in order:  # each chooser's card is known to them alone
        (_c, mask), = s.players[seat].hand
        assert mask == 1 << seat
    # The last chooser (seat 3) passed the last card to the first player: both know it.
    (_c, mask), = s.players[first].hand
    assert mask == (1 << first) | (1 << 3)
    for viewer in (0, 1):  # others see only a deck II back
        h = observation(s, viewer)["players"][first]["hand"][0]
        assert h == {"kind": None, "deck": "II", "public": False}


def test_draft_pool_visible_only_to_the_chooser():
    s = new_game(3, seed=_seed_with_first(3, 0))
    chooser = current_player(s)
    assert chooser == 2
    assert observation(s, chooser)["draft_pool"] is not None
    for seat in (0, 1):
        assert observation(s, seat)["draft_pool"] is None
        assert observation(s, seat)["draft_count"] == 3


def test_draft_refuses_other_verbs():
    s = new_game(3, seed=3)
    acts = legal_actions(s)
    assert Action("end") not in acts
    assert Action("place", space=1) not in acts


def test_observation_hides_deck_order_and_the_seed():
    # DECISIONS 20: deck order is secret from everyone.
    s = apply_action(new_game(3, seed=4), legal_actions(new_game(3, seed=4))[0])
    for seat in range(3):
        obs = observation(s, seat)
        assert "seed" not in obs and "rng" not in obs
        assert all(isinstance(v, int) for v in obs["decks"].values())
        # Influence card places in deck I are fixed by the rules, hence known.
        assert [v for _i, v in obs["deck_influence"]["I"]] == [3, 6, 10, 14]
