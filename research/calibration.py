"""How well the evaluation's margin foretells the final margin, by turns left.

    nice -n 10 python -m research calibration --level greedy --games 60 --seed 50000

Plays seeded two-player games of ``--level`` against itself (``research.fit.selfplay``,
the fit's games); at every decision it takes
seat 0's estimated margin (``rome.ai.evaluate.estimate``, on the real state) and, once the
game is over, its final margin.  Prints one JSON line per own turns left: how many
positions, the spread of the estimate and of the result, the least-squares slope of
result on estimate (1 if a point of estimated lead is a point of final lead), R^2, the
rms error and how often the estimate's sign is the winner's.  Why: the search ranks its
moves by this estimate at its leaves, a few turns ahead; where it foretells nothing, the
search's choice there rests on something else.
"""

from __future__ import annotations

import argparse
import json
import math
import sys

import rome
from rome.ai.evaluate import Context, estimate
from rome.ai.levels import level_params

from .fit import selfplay


def pairs(level: str, games: int, seed: int) -> dict[int, list[tuple[float, float]]]:
    """(estimated margin, final margin) of seat 0 at every decision, by its turns left."""
    out: dict[int, list[tuple[float, float]]] = {}
    for g in range(games):
        decisions, end = selfplay(2, seed + g, [level_params(level, 2)] * 2)
        ctx = Context(2, end.shrine)
        final = [float(s["total"]) for s in rome.final_scores(end)]
        for state in decisions:
            v = estimate(state, ctx)
            out.setdefault(rome.turns_left(state, 0), []).append((v[0] - v[1],
                                                                  final[0] - final[1]))
    return out


def summary(rows: list[tuple[float, float]]) -> dict[str, float]:
    n = len(rows)
    mx = sum(a for a, _b in rows) / n
    my = sum(b for _a, b in rows) / n
    sxx = sum((a - mx) ** 2 for a, _b in rows)
    syy = sum((b - my) ** 2 for _a, b in rows)
    sxy = sum((a - mx) * (b - my) for a, b in rows)
    return {"positions": n, "sd_estimate": round(math.sqrt(sxx / n), 1),
            "sd_final": round(math.sqrt(syy / n), 1),
            "slope": round(sxy / sxx, 2) if sxx else 0.0,
            "r2": round(sxy * sxy / (sxx * syy), 2) if sxx and syy else 0.0,
            "rms_error": round(math.sqrt(sum((b - a) ** 2 for a, b in rows) / n), 1),
            "sign_agrees": round(sum(1 for a, b in rows if (a > 0) == (b > 0)) / n, 2)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m research calibration",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="greedy")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=50000)
    args = ap.parse_args(argv)
    for turns, rows in sorted(pairs(args.level, args.games, args.seed).items()):
        print(json.dumps({"own_turns_left": turns, **summary(rows)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
