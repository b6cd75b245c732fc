"""Duel leaves valued by a chance of winning (``Level.win_spread``, issue 13).

The rule: in a two-player game a leaf of the search (the end of a greedy roll-out, or a
finished game) is worth ``tanh(margin / (base + slope * t))``, ``t`` the root seat's own
turns left at the leaf, instead of the estimated margin; ``None`` (every shipped level)
keeps the margin, and 3-4 player games keep their utility whatever the setting.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache

import pytest

import rome
from research.candidates import CANDIDATES
from rome.ai import search
from rome.ai.evaluate import Context, estimate
from rome.ai.levels import DUEL_ALPHA_BETA, DUEL_PARAMS, LEVEL_PARAMS, Tree
from rome.ai.players import computer_player

SPREAD = (2.0, 2.0)
HARD = DUEL_ALPHA_BETA
WIN = replace(HARD, win_spread=SPREAD)


@cache
def greedy_game(players: int, seed: int) -> tuple:
    """Every state of a greedy game, from the first to the finished one."""
    state = rome.new_game(players, seed=seed)
    steps = rome.playthrough(state, computer_player("greedy"), automatic=True)
    return (state, *(after for _before, _action, after in steps))


def positions(players: int, seed: int) -> list:
    """States spread over the game (early, middle, late, last) and the finished one."""
    states = greedy_game(players, seed)
    n = len(states)
    return [states[i] for i in (n // 10, n // 2, (9 * n) // 10, n - 2, n - 1)]


def searcher(level, state, root: int) -> search.Search:
    ctx = Context(state.num_players, state.shrine, dict(level.weights))
    s = search.Search(level, ctx, 10**9, math.inf)
    s.root = root
    return s


def test_win_value_is_tanh_of_the_margin_over_the_spread():
    assert search.win_value(3.0, 0, (2.0, 2.0)) == pytest.approx(math.tanh(1.5))
    assert search.win_value(3.0, 4, (2.0, 2.0)) == pytest.approx(math.tanh(0.3))
    assert search.win_value(-5.0, 2, (1.0, 2.0)) == pytest.approx(math.tanh(-1.0))
    assert search.win_value(0.0, 7, (2.0, 2.0)) == 0.0
    for m in (0.5, 4.0, 17.0):  # odd, so the duel stays zero-sum
        assert search.win_value(-m, 3, SPREAD) == -search.win_value(m, 3, SPREAD)


def test_shipped_levels_value_leaves_by_the_margin():
    for level in (*LEVEL_PARAMS.values(), *DUEL_PARAMS.values()):
        assert (level.base if isinstance(level, Tree) else level).win_spread is None
    # the candidates are hard with only the spread (and no wall-clock cap) changed
    for name, spread in (("cand-win", (2.0, 2.0)), ("cand-winc", (8.0, 3.0)),
                         ("cand-wins", (1.0, 1.0))):
        duel, multi = CANDIDATES[name]
        assert duel.win_spread == spread
        assert replace(duel, win_spread=None, wall_seconds=HARD.wall_seconds) == HARD
        assert replace(multi, win_spread=None,
                       wall_seconds=LEVEL_PARAMS["hard"].wall_seconds) == LEVEL_PARAMS["hard"]


@pytest.mark.parametrize("seed", [3, 8])
def test_duel_leaf_is_the_margin_or_tanh_of_it(seed):
    finished = 0
    for state in positions(2, seed):
        for root in (0, 1):
            if rome.is_over(state):  # exact: the final scores, no turns left
                scores = [b["total"] for b in rome.final_scores(state)]
                margin, t = scores[root] - scores[1 - root], 0
                finished += 1
            else:
                est = estimate(state, Context(2, state.shrine))
                margin, t = est[root] - est[1 - root], rome.turns_left(state, root)
            plain = searcher(HARD, state, root)
            assert plain.leaf(state) == pytest.approx(margin)
            assert plain.leaf_values(state) == pytest.approx([margin, -margin][::1 - 2 * root])
            win = searcher(WIN, state, root)
            expected = math.tanh(margin / (2.0 + 2.0 * t))
            assert win.leaf(state) == pytest.approx(expected)
            # every seat's component from the root's turns, zero-sum
            assert win.leaf_values(state)[root] == pytest.approx(expected)
            assert win.leaf_values(state)[1 - root] == pytest.approx(-expected)
    assert finished == 2


def test_more_players_keep_their_utility():
    level = replace(LEVEL_PARAMS["hard"], win_spread=SPREAD)
    for state in positions(3, 4):
        plain = searcher(LEVEL_PARAMS["hard"], state, 1)
        win = searcher(level, state, 1)
        assert win.leaf(state) == plain.leaf(state)
        assert win.leaf_values(state) == plain.leaf_values(state)


def test_a_sure_narrow_win_beats_a_likely_bigger_gamble_late_not_early():
    """What the rule is for: over the determinisations (whose values are averaged), a
    move winning by 1 point for sure against one winning by 12 or losing by 4, evens
    (mean margin +4).  The margin prefers the gamble; the chance of winning prefers the
    sure win when the game is over at the leaf, and early (sigma large, near-linear) it
    still prefers the larger mean."""
    def mean(values: list[float], t: int) -> float:
        return sum(search.win_value(v, t, SPREAD) for v in values) / len(values)

    sure, gamble = [1.0, 1.0], [12.0, -4.0]
    assert sum(gamble) / 2 > sum(sure) / 2
    assert mean(sure, 0) > mean(gamble, 0)  # finished game: sigma 2
    assert mean(sure, 1) > mean(gamble, 1)  # last own turn: sigma 4
    assert mean(gamble, 12) > mean(sure, 12)  # sigma 26: about the margin / 26


@pytest.mark.parametrize("skip", [10, 40])
def test_one_determinisation_decides_as_the_margin(skip):
    """tanh is increasing, so with a single determinisation (nothing averaged) alpha-beta
    over transformed leaves must choose what it chooses over margins.  A leaf value mixed
    with an untransformed one anywhere in a comparison would break this.  (Spreads small
    enough to saturate, margin / sigma above about 19, would not: tanh is then exactly 1.0
    in floating point and distinct margins tie; (0.5, 0) does here.)"""
    states = greedy_game(2, 5)
    state = next(s for i, s in enumerate(states) if i >= skip
                 and rome.automatic_action(s) is None)
    obs = rome.observation(state, rome.current_player(state))
    small = replace(HARD, samples=1, nodes=12000, wall_seconds=math.inf)
    for seed in (1, 2):
        plain = search.decide(obs, small, seed)
        for spread in ((2.0, 2.0), (1.0, 0.5), (8.0, 3.0)):
            assert search.decide(obs, replace(small, win_spread=spread), seed) == plain


def test_the_averaged_values_are_chances(monkeypatch):
    """Every value decide averages over the determinisations is a transformed leaf (in
    [-1, 1]) with the spread, a margin without it."""
    seen: list[dict] = []
    deepen = search.deepen

    def recording(s, orders, done):
        seen.append({"depth1": [v for d in done for v in d.values()]})
        out = deepen(s, orders, done)
        seen[-1]["deep"] = [v for d in out for v in d.values()]
        return out

    monkeypatch.setattr(search, "deepen", recording)
    state = next(s for i, s in enumerate(greedy_game(2, 5)) if i >= 60
                 and rome.automatic_action(s) is None)
    obs = rome.observation(state, rome.current_player(state))
    small = replace(HARD, samples=2, nodes=16000, wall_seconds=math.inf)
    search.decide(obs, replace(small, win_spread=SPREAD), 1)
    search.decide(obs, small, 1)
    win, plain = seen
    for key in ("depth1", "deep"):
        assert win[key] and all(-1.0 <= v <= 1.0 for v in win[key])
    assert any(abs(v) > 1.0 for v in plain["depth1"])


def test_four_seats_share_a_chance_of_finishing_first():
    """``Level.win_share`` (3-4 players): a leaf is the root's soft-max share of the seats'
    estimates, with the spread growing by the root's own turns left."""
    assert search.win_share([5.0, 5.0, 5.0, 5.0], 2, 3, (3.5, 1.5)) == pytest.approx(0.25)
    # spread 2 (base 2, no turn left): e^(10/2) against e^0 three times
    first = math.exp(5.0) / (math.exp(5.0) + 3)
    assert search.win_share([10.0, 0.0, 0.0, 0.0], 0, 0, (2.0, 1.0)) == pytest.approx(first)
    # four turns later the spread is 6: the lead of 10 counts for less
    assert search.win_share([10.0, 0.0, 0.0, 0.0], 0, 4, (2.0, 1.0)) < first
    shares = [search.win_share([30.0, 12.0, 11.0, -4.0], seat, 2, (3.5, 1.5))
              for seat in range(4)]
    assert sum(shares) == pytest.approx(1.0)
    assert shares == sorted(shares, reverse=True)
    level = replace(LEVEL_PARAMS["hard"], win_share=(3.5, 1.5))
    for state in positions(4, 4):
        win = searcher(level, state, 1)
        values = estimate(state, win.ctx)
        t = win.ctx.turns(state)[1]
        assert win.leaf(state) == pytest.approx(search.win_share(values, 1, t, (3.5, 1.5)))
        assert sum(win.leaf_values(state)) == pytest.approx(1.0)
