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

    python -m research fit --players 2 --games 400 --seed 0

Regressing the result on a position's terms learns what goes with winning under the
self-play's policy, not what a move is worth: a seat holding brick tokens has not built
yet, so tokens came out worth -3.4 points, and greedy play with those weights lost 0.34 of
its games to the hand-set greedy.  ``--target moves`` compares moves instead: at sampled
decisions some of the mover's macro-moves (its best few and as many drawn at random,
:func:`position_rows`) are each played on greedily to the end of the game *in the same
deal* (the real state, deck order included), and the differences between those children's
final margins are regressed on the differences between their terms.  Whatever the
position holds is common to all its children and drops out, so only what the move changes
is weighed, and the shared deal keeps the luck out of the comparison (common random
numbers).  ``--continuation normal`` plays the compared moves on with normal in every
seat instead of greedy, so a move is judged as a longer-sighted player would follow it
up (hard's duel gained nothing from the greedy-judged weights).

Positions come from the real (fully known) state: the fit asks what a position is worth,
not what a seat can see; the search evaluates its determinised samples the same way.

``--split-now`` weighs the score the city would have now by category (residential areas,
aqueducts, ... coins) instead of as one term: whether a point already on the city is worth
a point at every phase, or whether coins (which can still buy bricks) and the rest differ,
is what an evaluation with more terms than the estimate's 8 would first have to learn.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any

from rome import (
    Action,
    GameState,
    current_player,
    final_scores,
    new_game,
    observation,
    play,
    turns_left,
)
from rome.ai.evaluate import PHASES, TERMS, Context, estimate, phase_of, terms, utility
from rome.ai.levels import LEVEL_PARAMS, Level, level_params
from rome.ai.search import Search, decide

Row = tuple[int, list[float], float]  # (phase, term differences, result difference)

CATEGORIES = ("residential", "aqueducts", "temples", "shrine", "coins", "influence_tokens",
              "influence_cards")
"""The final scoring's categories (``rome.final_scores``): ``--split-now``'s columns in
place of the estimate's first term, the score now."""


def columns(split_now: bool) -> tuple[str, ...]:
    """The fit's columns: the estimate's :data:`TERMS`, the first one by category if
    ``split_now``."""
    return (*(f"now_{c}" for c in CATEGORIES), *TERMS[1:]) if split_now else TERMS


def seat_parts(state: GameState, ctx: Context, split_now: bool) -> list[tuple[float, ...]]:
    """Every seat's :func:`columns` in ``state`` (they add up to the hand-set estimate)."""
    parts = terms(state, ctx)
    if not split_now:
        return parts
    return [tuple(float(score[c]) for c in CATEGORIES) + p[1:]
            for score, p in zip(final_scores(state), parts, strict=True)]


def selfplay(num_players: int, seed: int, levels: list[Level]
             ) -> tuple[list[GameState], GameState]:
    """Every decision's state of one seeded game of ``levels`` (one per seat), and the
    finished game (decisions seeded from the game's seed, as every fit has been)."""
    decisions: list[GameState] = []
    end = play_out(new_game(num_players, seed=seed), levels, seed, decisions)
    return decisions, end


def play_out(state: GameState, levels: list[Level], seed: int,
             decisions: list[GameState] | None = None) -> GameState:
    """``state`` played to the end by ``levels`` (one per seat), each seat deciding from
    its own observation; the k-th decision is seeded ``seed * 7919 + k``, so children of
    one position played out with one seed share their decisions' random draws.  Every
    decision's state is appended to ``decisions`` if given."""
    made = 0

    def player(position: GameState) -> Action:
        nonlocal made
        seat = current_player(position)
        assert seat is not None  # the driver asks only while someone is to act
        action = decide(observation(position, seat), levels[seat],
                        (seed * 7919 + made) & 0xFFFFFFFF)
        made += 1
        if decisions is not None:
            decisions.append(position)
        return action

    return play(state, player, automatic=True)


def mixed_seats(rng: random.Random, num_players: int) -> list[Level]:
    """Greedy and easy seats drawn from ``rng``, so the positions seen vary."""
    return [level_params(rng.choice(("greedy", "easy")), num_players)
            for _ in range(num_players)]


def margin(values: list[float], seat: int) -> float:
    """``seat``'s value minus the mean of the other seats' (what the search compares)."""
    return values[seat] - (sum(values) - values[seat]) / (len(values) - 1)


def margin_terms(parts: list[tuple[float, ...]], seat: int) -> list[float]:
    """``seat``'s terms minus the mean of the other seats', term by term."""
    return [margin([p[t] for p in parts], seat) for t in range(len(parts[0]))]


def selfplay_rows(num_players: int, seed: int) -> list[Row]:
    """One seeded game of greedy and easy seats (drawn from the seed); a row per seat per
    decision."""
    rng = random.Random(seed)
    decisions, end = selfplay(num_players, seed, mixed_seats(rng, num_players))
    ctx = Context(num_players, end.shrine)
    finals = [float(s["total"]) for s in final_scores(end)]
    return [(phase_of(turns_left(state, s)), margin_terms(parts, s), margin(finals, s))
            for state in decisions
            for parts in (terms(state, ctx),)
            for s in range(num_players)]


def move_rows(num_players: int, seed: int, per_game: int = 6, top: int = 6,
              continuation: str = "greedy", split_now: bool = False) -> list[Row]:
    """One seeded game of greedy and easy seats; :func:`position_rows` at ``per_game`` of
    its decisions, drawn from the seed, played on by ``continuation``."""
    rng = random.Random(seed)
    decisions, end = selfplay(num_players, seed, mixed_seats(rng, num_players))
    ctx = Context(num_players, end.shrine)
    search = Search(LEVEL_PARAMS["greedy"], ctx, 10**12, float("inf"))
    level = None if continuation == "greedy" else level_params(continuation, num_players)
    rows: list[Row] = []
    for position in rng.sample(decisions, min(per_game, len(decisions))):
        rows.extend(position_rows(position, search, rng, top, level, split_now))
    return rows


def position_rows(position: GameState, search: Search, rng: random.Random, top: int,
                  continuation: Level | None = None, split_now: bool = False) -> list[Row]:
    """The mover's best ``top // 2`` macro-moves by its static utility and as many others
    drawn at random (so the fit also sees moves the evaluation ranks low, not only moves it
    already finds alike), each played on to the end *in the position's own deal*: greedily
    (the search's one-step policy on the true state), or by every seat playing
    ``continuation`` from its observation, each child with the same decision seeds (a
    longer-sighted continuation, so a move's worth is judged as a stronger player would
    follow it up).  A row per child: its phase (the mover's turns left in the child, as the
    estimate weighs it), its terms' margin and its final margin, both less their means
    over the children -- what the position holds drops out, and the shared deal keeps its
    luck out of the comparison.  No rows where there is only one move."""
    ctx = search.ctx
    mover = current_player(position)
    ranked = sorted(((utility(estimate(s, ctx), mover), s) for _a, s in
                     search.children(position)), key=lambda t: -t[0])
    rest = ranked[top // 2:]
    kids = [s for _v, s in ranked[:top // 2] + rng.sample(rest, min(top - top // 2, len(rest)))]
    if len(kids) < 2:
        return []
    xs = [margin_terms(seat_parts(child, ctx, split_now), mover) for child in kids]
    if continuation is None:
        ends = [search.play_on(child, 10**6) for child in kids]
    else:
        seed = rng.getrandbits(32)
        seats = [continuation] * len(position.players)
        ends = [play_out(child, seats, seed) for child in kids]
    ys = [margin([float(s["total"]) for s in final_scores(end)], mover) for end in ends]
    mean_x = [sum(col) / len(xs) for col in zip(*xs, strict=True)]
    mean_y = sum(ys) / len(ys)
    return [(phase_of(ctx.turns(child)[mover]), [v - m for v, m in zip(x, mean_x, strict=True)],
             y - mean_y) for child, x, y in zip(kids, xs, ys, strict=True)]


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


def fit(rows: list[Row], ridge: float, fixed: tuple[str, ...] = (),
        names: tuple[str, ...] = TERMS) -> dict[str, float]:
    """Least squares per phase, pulled towards 1 with weight ``ridge`` per row; the
    ``fixed`` terms keep factor 1 (their part is taken off the result first); ``names``:
    the rows' columns."""
    out: dict[str, float] = {}
    free = [i for i, t in enumerate(names) if t not in fixed]
    held = [i for i, t in enumerate(names) if t in fixed]
    k = len(free)
    for ph, name in enumerate(PHASES):
        sel = [([x[i] for i in free], y - sum(x[i] for i in held)) for p, x, y in rows
               if p == ph]
        lam = ridge * len(sel)
        a = [[sum(x[i] * x[j] for x, _y in sel) + (lam if i == j else 0.0) for j in range(k)]
             for i in range(k)]
        b = [sum(x[i] * y for x, y in sel) + lam for i in range(k)]
        for i, beta in zip(free, solve(a, b), strict=True):
            out[f"fit_{names[i]}_{name}"] = round(beta, 3)
        for i in held:
            out[f"fit_{names[i]}_{name}"] = 1.0
    return out


def r2(rows: list[Row], weights: dict[str, float], names: tuple[str, ...] = TERMS
       ) -> dict[str, float]:
    """Share of the result's variance each phase's weights explain (1.0 for all-ones is
    the hand-set estimate's own)."""
    out = {}
    for ph, name in enumerate(PHASES):
        sel = [(x, y) for p, x, y in rows if p == ph]
        beta = [weights.get(f"fit_{t}_{name}", 1.0) for t in names]
        ss = sum(y * y for _x, y in sel)
        res = sum((y - sum(b * v for b, v in zip(beta, x, strict=True))) ** 2 for x, y in sel)
        out[name] = round(1 - res / ss, 3) if ss else 0.0
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m research fit", description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ridge", type=float, default=0.01)
    ap.add_argument("--fixed", default="", help="terms kept at 1, comma-separated")
    ap.add_argument("--rows", help="read (or, if missing, write) the self-play rows here; "
                    "several files, comma-separated, are read as one run (shards made side "
                    "by side with their own --seed and --games)")
    ap.add_argument("--target", choices=("result", "moves"), default="result",
                    help="regress each position's final result, or compare its moves")
    ap.add_argument("--continuation", default="greedy", choices=("greedy", *LEVEL_PARAMS),
                    help="--target moves: who plays each compared move on to the end")
    ap.add_argument("--split-now", action="store_true",
                    help="--target moves: the score now by category, not as one term")
    args = ap.parse_args(argv)
    if args.split_now and args.target != "moves":
        ap.error("--split-now compares moves: add --target moves")
    names = columns(args.split_now)
    fixed = tuple(t for t in args.fixed.split(",") if t)
    paths = args.rows.split(",") if args.rows else []
    kind = {"target": args.target, "continuation": args.continuation,
            "split_now": args.split_now}
    if paths and all(os.path.exists(p) for p in paths):
        games = []
        for path in paths:
            with open(path) as f:
                saved = json.load(f)
            made = {"target": saved.get("target"),
                    "continuation": saved.get("continuation", "greedy"),
                    "split_now": saved.get("split_now", False)}
            if made != kind:
                ap.error(f"{path} holds rows for {made}, not {kind}")
            games += [[tuple(r) for r in game] for game in saved["games"]]
    elif len(paths) > 1:
        ap.error("every file of a comma-separated --rows must exist")
    else:
        if args.target == "result":
            games = [selfplay_rows(args.players, args.seed + g) for g in range(args.games)]
        else:
            games = [move_rows(args.players, args.seed + g, continuation=args.continuation,
                               split_now=args.split_now)
                     for g in range(args.games)]
        if paths:
            with open(paths[0], "w") as f:
                json.dump({**kind, "games": games}, f)
    half = len(games) // 2  # fit on the first games, check the fit on the rest
    train = [r for game in games[:half] for r in game]
    held_out = [r for game in games[half:] for r in game]
    rows = train + held_out
    weights = fit(train, args.ridge, fixed, names)
    result: dict[str, Any] = {
        "players": args.players, "games": len(games), "seed": args.seed, "rows": len(rows),
        "target": args.target, "continuation": args.continuation,
        "split_now": args.split_now,
        "r2_hand_set_held_out": r2(held_out, {}, names),
        "r2_fitted_held_out": r2(held_out, weights, names),
        "weights": fit(rows, args.ridge, fixed, names)}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
