"""Evaluation weights fitted from self-play instead of set by hand.

The estimate (:mod:`rome.ai.evaluate`) is a sum of :data:`~rome.ai.evaluate.TERMS` whose
inner weights were guessed.  Here quick seeded games are played (greedy and easy seats,
so positions vary), every decision's position is taken apart into each seat's terms, and
the final result is regressed on them, per phase of the game:

    final_s - mean of the others' finals  ~  sum_k beta_k * (term_k,s - mean of others')

Differences, because the search compares seats (a part worth the same to everybody moves
no decision), and no intercept, by symmetry.  A ridge pull towards 1 (the hand-set sum)
keeps a term seen rarely from taking a wild factor.  The result is a tuple of
``fit_<term>_<phase>`` weights a :class:`rome.ai.levels.Level` carries.

    python -m rome.ai.fit --players 2 --games 400 --seed 0

Positions come from the real (fully known) state: the fit asks what a position is worth,
not what a seat can see; the search evaluates its determinised samples the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any

from .. import (
    apply_action,
    automatic_action,
    current_player,
    final_scores,
    is_over,
    new_game,
    observation,
    turns_left,
)
from .evaluate import PHASES, TERMS, Context, phase_of, terms
from .levels import LEVEL_PARAMS
from .search import decide

Row = tuple[int, list[float], float]  # (phase, term differences, result difference)


def selfplay_rows(num_players: int, seed: int) -> list[Row]:
    """One seeded game of greedy and easy seats (drawn from the seed); a row per seat per
    decision."""
    rng = random.Random(seed)
    levels = [LEVEL_PARAMS[rng.choice(("greedy", "easy"))] for _ in range(num_players)]
    state = new_game(num_players, seed=seed)
    ctx = Context(num_players, state.shrine)
    seen: list[tuple[list[tuple[float, ...]], list[int]]] = []
    k = 0
    while not is_over(state):
        action = automatic_action(state)
        if action is None:
            seat = current_player(state)
            seen.append((terms(state, ctx),
                         [turns_left(state, s) for s in range(num_players)]))
            action = decide(observation(state, seat), levels[seat],
                            (seed * 7919 + k) & 0xFFFFFFFF)
            k += 1
        state = apply_action(state, action)
    finals = [float(s["total"]) for s in final_scores(state)]
    rows: list[Row] = []
    m = num_players - 1
    for parts, turns in seen:
        for s in range(num_players):
            others = [parts[o] for o in range(num_players) if o != s]
            x = [parts[s][t] - sum(o[t] for o in others) / m for t in range(len(TERMS))]
            y = finals[s] - (sum(finals) - finals[s]) / m
            rows.append((phase_of(turns[s]), x, y))
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a is small and, with the
    ridge, positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for c in reversed(range(n)):
        x[c] = (m[c][n] - sum(m[c][j] * x[j] for j in range(c + 1, n))) / m[c][c]
    return x


def fit(rows: list[Row], ridge: float, fixed: tuple[str, ...] = ()) -> dict[str, float]:
    """Least squares per phase, pulled towards 1 with weight ``ridge`` per row; the
    ``fixed`` terms keep factor 1 (their part is taken off the result first)."""
    out: dict[str, float] = {}
    free = [i for i, t in enumerate(TERMS) if t not in fixed]
    held = [i for i, t in enumerate(TERMS) if t in fixed]
    k = len(free)
    for ph, name in enumerate(PHASES):
        sel = [([x[i] for i in free], y - sum(x[i] for i in held)) for p, x, y in rows
               if p == ph]
        lam = ridge * len(sel)
        a = [[sum(x[i] * x[j] for x, _y in sel) + (lam if i == j else 0.0) for j in range(k)]
             for i in range(k)]
        b = [sum(x[i] * y for x, y in sel) + lam for i in range(k)]
        for i, beta in zip(free, solve(a, b), strict=True):
            out[f"fit_{TERMS[i]}_{name}"] = round(beta, 3)
        for i in held:
            out[f"fit_{TERMS[i]}_{name}"] = 1.0
    return out


def r2(rows: list[Row], weights: dict[str, float]) -> dict[str, float]:
    """Share of the result's variance each phase's weights explain (1.0 for all-ones is
    the hand-set estimate's own)."""
    out = {}
    for ph, name in enumerate(PHASES):
        sel = [(x, y) for p, x, y in rows if p == ph]
        beta = [weights.get(f"fit_{t}_{name}", 1.0) for t in TERMS]
        ss = sum(y * y for _x, y in sel)
        res = sum((y - sum(b * v for b, v in zip(beta, x, strict=True))) ** 2 for x, y in sel)
        out[name] = round(1 - res / ss, 3) if ss else 0.0
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ridge", type=float, default=0.01)
    ap.add_argument("--fixed", default="", help="terms kept at 1, comma-separated")
    ap.add_argument("--rows", help="read (or, if missing, write) the self-play rows here")
    args = ap.parse_args(argv)
    fixed = tuple(t for t in args.fixed.split(",") if t)
    if args.rows and os.path.exists(args.rows):
        with open(args.rows) as f:
            rows = [tuple(r) for r in json.load(f)]
    else:
        rows = []
        for g in range(args.games):
            rows.extend(selfplay_rows(args.players, args.seed + g))
        if args.rows:
            with open(args.rows, "w") as f:
                json.dump(rows, f)
    half = len(rows) // 2  # fit on the first games, check the fit on the rest
    weights = fit(rows[:half], args.ridge, fixed)
    result: dict[str, Any] = {
        "players": args.players, "games": args.games, "seed": args.seed, "rows": len(rows),
        "r2_hand_set_held_out": r2(rows[half:], {}),
        "r2_fitted_held_out": r2(rows[half:], weights),
        "weights": fit(rows, args.ridge, fixed)}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
