"""The evaluation's terms and the weights fitted from self-play (research/fit.py)."""

from __future__ import annotations

import math
import random

import pytest

import rome
from research.fit import (
    columns,
    fit,
    margin_terms,
    play_out,
    position_rows,
    r2,
    seat_parts,
    solve,
)
from rome.ai.evaluate import PHASES, TERMS, Context, estimate, phase_of, terms, utility
from rome.ai.levels import LEVEL_PARAMS
from rome.ai.search import Search


def _positions(players: int, seed: int, count: int) -> list[rome.GameState]:
    """Positions of a game of seeded random sensible moves, every phase included."""
    player = rome.random_player(random.Random(seed), sensible=True)
    out = []
    for before, _action, _after in rome.playthrough(rome.new_game(players, seed=seed), player):
        out.append(before)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_terms_add_up_to_the_hand_set_estimate(players: int) -> None:
    for state in _positions(players, 11 + players, 300)[::7]:
        ctx = Context(players, state.shrine)
        parts = terms(state, ctx)
        assert len(parts) == players and all(len(p) == len(TERMS) for p in parts)
        for total, p in zip(estimate(state, Context(players, state.shrine)), parts, strict=True):
            assert sum(p) == pytest.approx(total, abs=1e-9)


def test_the_score_now_split_by_category_adds_up_to_the_same_estimate() -> None:
    """``--split-now``'s columns: the first term becomes the final scoring's categories,
    which the engine's scoring says the city would score now, and nothing else changes."""
    for state in _positions(4, 19, 300)[::11]:
        ctx = Context(4, state.shrine)
        whole, split = terms(state, ctx), seat_parts(state, ctx, split_now=True)
        names = columns(split_now=True)
        for seat, (w, sp, score) in enumerate(zip(whole, split, rome.final_scores(state),
                                                  strict=True)):
            assert len(sp) == len(names) == len(TERMS) + 6
            assert sp[names.index("now_coins")] == state.players[seat].coins
            assert sum(sp[:7]) == w[0] == score["total"]
            assert sp[7:] == w[1:]


def test_fitted_weights_of_one_give_the_hand_set_estimate() -> None:
    ones = {f"fit_{t}_{ph}": 1.0 for t in TERMS for ph in PHASES}
    for state in _positions(2, 5, 200)[::9]:
        fitted = estimate(state, Context(2, state.shrine, ones))
        hand_set = estimate(state, Context(2, state.shrine))
        assert fitted == pytest.approx(hand_set, abs=1e-9)


def test_fitted_weights_scale_each_term_by_phase() -> None:
    """Doubling the hand early only adds each early seat's hand term once more."""
    state = _positions(2, 8, 40)[-1]
    assert all(phase_of(rome.turns_left(state, s)) == 0 for s in range(2))
    base = terms(state, Context(2, state.shrine))
    doubled = estimate(state, Context(2, state.shrine, {"fit_hand_early": 2.0,
                                                        "fit_hand_late": 5.0}))
    hand = TERMS.index("hand")
    assert base[0][hand] > 0
    for s in range(2):
        assert doubled[s] == pytest.approx(sum(base[s]) + base[s][hand])


def test_phases_split_a_game_of_fourteen_turns() -> None:
    assert [phase_of(t) for t in (14, 9, 8, 4, 3, 1, 0)] == [0, 0, 1, 1, 2, 2, 2]


def test_solve_gives_the_known_solution() -> None:
    x = solve([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]], [6.0, 10.0, 8.0])
    assert x == pytest.approx([1.0, 2.0, 3.0])


def test_fit_recovers_the_weights_that_made_the_results() -> None:
    rng = random.Random(3)
    truth = [[1.0, 0.5, 0.8, 2.0, 1.2, 0.3, 1.5, 0.7], [1.0] * 8,
             [0.9, 0.2, 1.1, 0.0, 2.5, 1.0, 1.0, 1.3]]
    rows = []
    for _ in range(3000):
        ph = rng.randrange(3)
        x = [rng.uniform(-10, 10) for _ in TERMS]
        rows.append((ph, x, sum(b * v for b, v in zip(truth[ph], x, strict=True))))
    weights = fit(rows, ridge=0.0)
    for ph, name in enumerate(PHASES):
        got = [weights[f"fit_{t}_{name}"] for t in TERMS]
        assert got == pytest.approx(truth[ph], abs=2e-3)
    assert r2(rows, weights) == {name: 1.0 for name in PHASES}


def test_margin_terms_are_a_seats_terms_less_the_others_mean() -> None:
    parts = [(3.0,) * len(TERMS), (1.0,) * len(TERMS), (2.0,) * len(TERMS)]
    assert margin_terms(parts, 0) == [1.5] * len(TERMS)
    assert margin_terms(parts, 1) == [-1.5] * len(TERMS)


def test_moves_compared_are_the_movers_final_margins_in_the_same_deal() -> None:
    """A three-player position whose mover is not seat 0: each child's row is its final
    margin after greedy play to the end (the mover's total less the others' mean), less
    the children's mean; its phase is the mover's turns left in the child."""
    state = next(s for s in _positions(3, 22, 200)
                 if s.phase == "action" and s.step == "take" and rome.current_player(s) != 0
                 and rome.turns_left(s, rome.current_player(s)) == 9)
    mover = rome.current_player(state)
    ctx = Context(3, state.shrine)
    search = Search(LEVEL_PARAMS["greedy"], ctx, 10**12, math.inf)
    rows = position_rows(state, search, random.Random(4), top=4)
    assert len(rows) == 4
    # the same children again: the best two and two of the rest drawn as position_rows draws
    ranked = sorted(search.children(state), key=lambda t: -utility(estimate(t[1], ctx), mover))
    rest = ranked[2:]
    kids = [s for _a, s in ranked[:2] + random.Random(4).sample(rest, 2)]
    totals = [[r["total"] for r in rome.final_scores(search.play_on(k, 10**6))] for k in kids]
    mine = [t[mover] - sum(t[o] for o in range(3) if o != mover) / 2 for t in totals]
    assert len(set(mine)) > 1
    assert [y for _p, _x, y in rows] == pytest.approx([m - sum(mine) / 4 for m in mine])
    assert [p for p, _x, _y in rows] == [phase_of(rome.turns_left(k, mover)) for k in kids]
    assert [p for p, _x, _y in rows] == [1] * 4  # 8 turns left after this one: mid, not early
    assert [sum(col) for col in zip(*(x for _p, x, _y in rows), strict=True)] == pytest.approx(
        [0.0] * len(TERMS), abs=1e-9)


def test_moves_compared_can_be_played_on_by_a_level_from_its_observations() -> None:
    """With a continuation level, each child is played to the end by that level in every
    seat, deciding from observations with the same decision seeds for every child (drawn
    after the children): the rows are those games' final margins, less their mean."""
    state = next(s for s in _positions(2, 31, 200)
                 if s.phase == "action" and s.step == "take"
                 and rome.turns_left(s, rome.current_player(s)) == 5)
    mover = rome.current_player(state)
    ctx = Context(2, state.shrine)
    search = Search(LEVEL_PARAMS["greedy"], ctx, 10**12, math.inf)
    easy = LEVEL_PARAMS["easy"]  # soft-max slips: the decision seeds matter
    rows = position_rows(state, search, random.Random(6), top=4, continuation=easy)
    assert len(rows) == 4
    rng = random.Random(6)
    ranked = sorted(search.children(state), key=lambda t: -utility(estimate(t[1], ctx), mover))
    kids = [s for _a, s in ranked[:2] + rng.sample(ranked[2:], 2)]
    seed = rng.getrandbits(32)
    ends = [play_out(k, [easy, easy], seed) for k in kids]
    assert all(rome.is_over(e) for e in ends)
    mine = [t[0] - t[1] if mover == 0 else t[1] - t[0]
            for t in ([r["total"] for r in rome.final_scores(e)] for e in ends)]
    assert len(set(mine)) > 1
    assert [y for _p, _x, y in rows] == pytest.approx([m - sum(mine) / 4 for m in mine])
    # another seed for the continuation's decisions plays another game from some child
    other = [play_out(k, [easy, easy], seed + 1) for k in kids]
    assert [e.players for e in other] != [e.players for e in ends]
