"""Evaluation-weight tuning: a greedy bot with changed weights against plain greedy bots.

    python -m research tune --players 2 --games 200 --seed 0 \
        --set brick_token=2.0 --set hand_discount=0.9 [--level greedy] \
        [--base-set production_per_turn=1.05]

Seats rotate game by game; prints the variant's win rate (shared wins split), Wilson
ci95 and mean margin, as one JSON line.  ``--base-set`` weights are every seat's (so a
variant can be tried against an already changed evaluation), ``--set`` the variant's.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

import rome
from rome.ai.levels import LEVEL_PARAMS, Level
from rome.ai.players import tournament_seeds
from rome.ai.search import decide

from .stats import wilson


def play(n: int, seed: int, levels: list[Level]) -> tuple[list[int], list[int]]:
    """One seeded game of ``levels`` (one per seat): (final totals, winning seats); the
    decisions seeded as a tournament seeds them (:func:`rome.ai.players.tournament_seeds`)."""
    seeds = tournament_seeds(seed)
    made = 0

    def player(state: rome.GameState) -> rome.Action:
        nonlocal made
        seat = rome.current_player(state)
        assert seat is not None  # the driver asks only while someone is to act
        action = decide(rome.observation(state, seat), levels[seat],
                        seeds(seat, made) & 0xFFFFFFFF)
        made += 1
        return action

    end = rome.play(rome.new_game(n, seed=seed), player, automatic=True)
    return [s["total"] for s in rome.final_scores(end)], rome.winners(end)


def parse(pairs: list[str]) -> dict[str, float]:
    """``weight=value`` options as a dict."""
    return {k: float(v) for k, v in (s.split("=") for s in pairs)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m research tune",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--level", default="greedy")
    ap.add_argument("--base", default=None, help="baseline level (default: --level)")
    ap.add_argument("--set", action="append", default=[], help="weight=value for the variant")
    ap.add_argument("--base-set", action="append", default=[],
                    help="weight=value for every seat (the variant's --set overrides)")
    ap.add_argument("--others-max", type=float, default=None)
    args = ap.parse_args(argv)
    common = parse(args.base_set)
    base = dataclasses.replace(LEVEL_PARAMS[args.base or args.level],
                               weights=tuple(common.items()))
    variant = dataclasses.replace(LEVEL_PARAMS[args.level],
                                  weights=tuple({**common, **parse(args.set)}.items()))
    if args.others_max is not None:
        variant = dataclasses.replace(variant, others_max=args.others_max)
    wins = 0.0
    margins = []
    for g in range(args.games):
        me = g % args.players
        levels = [base] * args.players
        levels[me] = variant
        totals, won = play(args.players, args.seed + g, levels)
        if me in won:
            wins += 1.0 / len(won)
        margins.append(totals[me] - max(t for i, t in enumerate(totals) if i != me))
    print(json.dumps({"set": args.set, "base_set": args.base_set, "players": args.players,
                      "games": args.games,
                      "seed": args.seed, "win_rate": round(wins / args.games, 4),
                      "ci95": wilson(wins, args.games),
                      "mean_margin": round(sum(margins) / len(margins), 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
