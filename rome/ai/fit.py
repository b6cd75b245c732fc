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

Regressing the result on a position's terms learns what goes with winning under the
self-play's policy, not what a move is worth: a seat holding brick tokens has not built
yet, so tokens came out worth -3.4 points, and greedy play with those weights lost 0.34 of
its games to the hand-set greedy.  ``--target moves`` compares moves instead: at sampled
decisions every one of the mover's best few macro-moves is played on greedily to the end
of the game *in the same deal* (the real state, deck order included), and the differences
between those children's final margins are regressed on the differences between their
terms.  Whatever the position holds is common to all its children and drops out, so
only what the move changes is weighed, and the shared deal keeps the luck out of the
comparison (common random numbers).

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
    GameState,
    apply_action,
    automatic_action,
    current_player,
    final_scores,
    is_over,
    new_game,
    observation,
    turns_left,
)
from .evaluate import PHASES, TERMS, Context, estimate, phase_of, terms, utility
from .levels import LEVEL_PARAMS
from .search import Search, decide

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
            y = finals[s] - (sum(finals) - finals[s]) / m
            rows.append((phase_of(turns[s]), margin_terms(parts, s), y))
    return rows


def margin_terms(parts: list[tuple[float, ...]], seat: int) -> list[float]:
    """``seat``'s terms minus the mean of the other seats' (what the search compares)."""
    others = [parts[o] for o in range(len(parts)) if o != seat]
    return [parts[seat][t] - sum(o[t] for o in others) / len(others) for t in range(len(TERMS))]


def move_rows(num_players: int, seed: int, per_game: int = 6, top: int = 6) -> list[Row]:
    """One seeded game of greedy and easy seats; at ``per_game`` of its decisions (drawn
    from the seed) the mover's ``top`` macro-moves by its static utility are each played
    on greedily to the end in the game's own deal.  A row per child: its terms' margin and
    its final margin, both less their means over the position's children."""
    rng = random.Random(seed)
    levels = [LEVEL_PARAMS[rng.choice(("greedy", "easy"))] for _ in range(num_players)]
    state = new_game(num_players, seed=seed)
    ctx = Context(num_players, state.shrine)
    search = Search(LEVEL_PARAMS["greedy"], ctx, 10**12, float("inf"))
    decisions: list[GameState] = []
    k = 0
    while not is_over(state):
        action = automatic_action(state)
        if action is None:
            decisions.append(state)
            action = decide(observation(state, current_player(state)),
                            levels[current_player(state)], (seed * 7919 + k) & 0xFFFFFFFF)
            k += 1
        state = apply_action(state, action)
    rows: list[Row] = []
    for position in rng.sample(decisions, min(per_game, len(decisions))):
        mover = current_player(position)
        ranked = sorted(((utility(estimate(s, ctx), mover), s) for _a, s in
                         search.children(position)), key=lambda t: -t[0])
        rest = ranked[top // 2:]
        kids = ranked[:top // 2] + rng.sample(rest, min(top - top // 2, len(rest)))
        if len(kids) < 2:
            continue
        xs, ys = [], []
        for _v, child in kids:
            xs.append(margin_terms(terms(child, ctx), mover))
            finals = [float(s["total"]) for s in final_scores(search.play_on(child, 10**6))]
            ys.append(finals[mover] - (sum(finals) - finals[mover]) / (num_players - 1))
        mean_x = [sum(col) / len(xs) for col in zip(*xs, strict=True)]
        mean_y = sum(ys) / len(ys)
        ph = phase_of(turns_left(position, mover))
        rows.extend((ph, [v - m for v, m in zip(x, mean_x, strict=True)], y - mean_y)
                    for x, y in zip(xs, ys, strict=True))
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
    ap.add_argument("--target", choices=("result", "moves"), default="result",
                    help="regress each position's final result, or compare its moves")
    args = ap.parse_args(argv)
    fixed = tuple(t for t in args.fixed.split(",") if t)
    if args.rows and os.path.exists(args.rows):
        with open(args.rows) as f:
            rows = [tuple(r) for r in json.load(f)]
    else:
        rows = []
        make = selfplay_rows if args.target == "result" else move_rows
        for g in range(args.games):
            rows.extend(make(args.players, args.seed + g))
        if args.rows:
            with open(args.rows, "w") as f:
                json.dump(rows, f)
    half = len(rows) // 2  # fit on the first games, check the fit on the rest
    weights = fit(rows[:half], args.ridge, fixed)
    result: dict[str, Any] = {
        "players": args.players, "games": args.games, "seed": args.seed, "rows": len(rows),
        "target": args.target,
        "r2_hand_set_held_out": r2(rows[half:], {}),
        "r2_fitted_held_out": r2(rows[half:], weights),
        "weights": fit(rows, args.ridge, fixed)}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
