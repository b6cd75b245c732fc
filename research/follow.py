"""``python -m research follow``: a seat that follows the hint, at a table with normal and
hard.

Issue 43's measure of the hint's strength: the follower plays the first suggestion of
:func:`rome.ai.analyse` (its defaults, the page's hint, seeded by
:func:`rome.ai.advice_seed` as the page seeds it) at every decision that offers a choice;
the other seats are the computer levels ``--opponents`` (normal and hard), seeded as in
tournaments.  Each game seed is played three times, the line-up rotated one seat each
time, so every seat plays every position on the same deal and the deal's luck cancels in
the difference.

Printed: the follower's mean score minus hard's with a 95 % interval (bootstrap over the
game seeds, whose three rotations stay together), each bot's wins (shared wins split),
and the decision times of the follower and of hard in CPU milliseconds (p50 / p95, the
same run, so their ratio holds however loaded the machine is).  ``--follower hard`` makes
the follower play hard's own move: the control, whose expected difference is 0.

Long runs go in shards (``--record FILE`` appends each game as a JSON line as it ends;
``--merge FILE...`` summarises shards as one run).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from typing import Any

from rome import (
    Action,
    GameState,
    current_player,
    final_scores,
    new_game,
    observation,
    playthrough,
    winners,
)
from rome.ai import advice_seed, analyse, choose_action
from rome.ai.players import tournament_seeds

from .stats import percentile
from .tournament import wall_caps_lifted

FOLLOWER = "follower"
RESAMPLES = 10_000


def follow_game(seed: int, rotation: int, opponents: list[str], follower: str
                ) -> dict[str, Any]:
    """One game of seed ``seed`` with the line-up [follower, *opponents] rotated by
    ``rotation`` seats: its record (bot per seat, totals, winners, CPU ms per decision)."""
    line_up = [FOLLOWER, *opponents]
    shift = rotation % len(line_up)
    bots = line_up[shift:] + line_up[:shift]
    seeds = tournament_seeds(seed)
    played = 0  # every action so far, forced ones too: the page's ply
    made = 0
    times: dict[str, list[float]] = defaultdict(list)

    def player(state: GameState) -> Action:
        nonlocal made
        seat = current_player(state)
        assert seat is not None  # the driver asks only while someone is to act
        obs = observation(state, seat)
        bot = bots[seat]
        t0 = time.process_time()
        if bot != FOLLOWER:
            text = choose_action(obs, bot, seeds(seat, made))
        elif follower == "hint":
            text = analyse(obs, seed=advice_seed(seed, played))[0]["action"]
        else:
            text = choose_action(obs, follower, seeds(seat, made))
        times[bot].append((time.process_time() - t0) * 1000.0)
        made += 1
        return Action.parse(text)

    state = new_game(len(bots), seed=seed)
    for _before, _action, after in playthrough(state, player, automatic=True):
        played += 1
        state = after
    return {"seed": seed, "bots": bots, "follower": follower,
            "totals": [s["total"] for s in final_scores(state)], "winners": winners(state),
            "cpu_ms": {b: [round(t, 1) for t in ms] for b, ms in times.items()}}


def _interval(by_seed: dict[int, list[float]]) -> tuple[float, float]:
    """95 % bootstrap interval of the mean difference, resampling whole seeds."""
    rng = random.Random(0)
    groups = list(by_seed.values())
    means = []
    for _ in range(RESAMPLES):
        pick = [x for _ in groups for x in rng.choice(groups)]
        means.append(sum(pick) / len(pick))
    return percentile(means, 0.025), percentile(means, 0.975)


def summarise(records: list[dict[str, Any]], against: str = "hard") -> dict[str, Any]:
    """The follower's score minus ``against``'s, its interval, wins and decision times."""
    diffs: dict[int, list[float]] = defaultdict(list)
    wins: dict[str, float] = defaultdict(float)
    times: dict[str, list[float]] = defaultdict(list)
    for r in records:
        bots, totals = r["bots"], r["totals"]
        diffs[r["seed"]].append(totals[bots.index(FOLLOWER)] - totals[bots.index(against)])
        for seat in r["winners"]:
            wins[bots[seat]] += 1 / len(r["winners"])
        for bot, ms in r["cpu_ms"].items():
            times[bot].extend(ms)
    every = [d for ds in diffs.values() for d in ds]
    lo, hi = _interval(diffs)
    p95 = {b: round(percentile(ms, 0.95)) for b, ms in times.items()}
    return {"games": len(records), "seeds": len(diffs),
            "mean_difference": round(sum(every) / len(every), 2),
            "ci95": [round(lo, 2), round(hi, 2)], "wins": {b: round(w, 1) for b, w in
                                                           sorted(wins.items())},
            "cpu_ms_p50": {b: round(percentile(ms, 0.5)) for b, ms in sorted(times.items())},
            "cpu_ms_p95": p95,
            "p95_ratio": round(p95[FOLLOWER] / p95[against], 2) if p95.get(against) else None}


def report(s: dict[str, Any], follower: str, against: str = "hard") -> str:
    """The summary in a few lines, then itself as one JSON line."""
    lo, hi = s["ci95"]
    wins = ", ".join(f"{b} {w:g}" for b, w in s["wins"].items())
    return (f"{s['games']} games ({s['seeds']} seeds x rotations), follower = {follower}\n"
            f"follower minus {against}: {s['mean_difference']:+.2f} points a game, "
            f"95 % interval [{lo:+.2f}, {hi:+.2f}]\n"
            f"wins: {wins}\n"
            f"decision CPU ms p50 / p95: " + ", ".join(
                f"{b} {s['cpu_ms_p50'][b]} / {s['cpu_ms_p95'][b]}" for b in s["cpu_ms_p95"])
            + f"; follower's p95 / {against}'s: {s['p95_ratio']}\n" + json.dumps(s))


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m research follow", description=__doc__)
    p.add_argument("--games", type=int, default=60, help="a multiple of the seats (3)")
    p.add_argument("--seed", type=int, default=43000, help="the first game seed")
    p.add_argument("--opponents", default="normal,hard")
    p.add_argument("--follower", default="hint",
                   help="hint (rome.ai.analyse's first suggestion) or a level (a control)")
    p.add_argument("--record", help="append each game to this JSON-lines file")
    p.add_argument("--merge", nargs="+", help="summarise these records instead of playing")
    p.add_argument("--no-progress", action="store_true")
    args = p.parse_args(argv)
    if args.merge:
        records = []
        for name in args.merge:
            with open(name, encoding="utf-8") as shard:
                records += [json.loads(line) for line in shard if line.strip()]
        print(report(summarise(records), records[0]["follower"]))
        return 0
    opponents = args.opponents.split(",")
    seats = len(opponents) + 1
    records = []
    with wall_caps_lifted():
        for g in range(args.games):
            rec = follow_game(args.seed + g // seats, g % seats, opponents, args.follower)
            records.append(rec)
            if args.record:
                with open(args.record, "a", encoding="utf-8") as sink:
                    sink.write(json.dumps(rec, sort_keys=True) + "\n")
            if not args.no_progress:
                bots, totals = rec["bots"], rec["totals"]
                print(f"game {g + 1}/{args.games} seed {rec['seed']}: " + ", ".join(
                    f"{b} {t}" for b, t in zip(bots, totals, strict=True)), file=sys.stderr,
                    flush=True)
    print(report(summarise(records), args.follower))
    return 0
