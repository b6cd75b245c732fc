"""What a tournament's game records say: each bot's results, the games a bot changed
against a control run on the same seeds, and the Elo ratings of all of them.

Apart from :mod:`research.tournament`, which plays the games: these read records, however
they were made (played now, merged from shards, or by ``python -m research endgame``).
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from .elo import fit, pairwise
from .stats import percentile, sign_test, wilson


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per bot: win rate (shared wins split) with its Wilson interval, mean score, mean
    margin over the best other seat, decision time percentiles."""
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    scores: dict[str, list[int]] = defaultdict(list)
    margins: dict[str, list[int]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    for rec in records:
        totals, won = rec["totals"], rec["winners"]
        for name, ms in rec["times"].items():
            times[name].extend(ms)
        for name, ms in rec.get("cpu", {}).items():  # records before 2026-11-26 have none
            cpu[name].extend(ms)
        for seat, name in enumerate(rec["bots"]):
            seats[name] += 1
            scores[name].append(totals[seat])
            margins[name].append(totals[seat] - max(t for s, t in enumerate(totals) if s != seat))
            if seat in won:
                wins[name] += 1.0 / len(won)
    out: dict[str, Any] = {}
    for name in seats:
        n = seats[name]
        out[name] = {
            "win_rate": round(wins[name] / n, 4),
            "ci95": wilson(wins[name], n),
            "mean_score": round(sum(scores[name]) / n, 2),
            "mean_margin": round(sum(margins[name]) / n, 2),
            "decision_ms_p50": round(percentile(times[name], 0.5), 2),
            "decision_ms_p95": round(percentile(times[name], 0.95), 2),
        }
        if cpu[name]:
            out[name]["decision_cpu_ms_p50"] = round(percentile(cpu[name], 0.5), 2)
            out[name]["decision_cpu_ms_p95"] = round(percentile(cpu[name], 0.95), 2)
    return out


def paired(records: list[dict[str, Any]], control: list[dict[str, Any]]) -> dict[str, Any]:
    """Each bot of ``records`` against the same seats of the ``control`` games on the same
    seeds (e.g. ``hard,hard``): where it won and the control seat lost, and the reverse.

    Why: budgets are nodes and decisions are seeded, so a bot that plays like ``hard``
    replays the control's games, and a short match's win rate is then mostly which seat
    the seeds favour (30 games of hard against itself on seeds 12000-12029 gave the first
    rotated seat 18).  Only the games it changes say anything; ``gain`` is their net share
    of all games (its ``ci95`` a normal interval) and ``sign_p`` the two-sided sign test of
    the flips.  Bots of the control line-up itself, and games without a control game,
    are left out."""
    base = {(rec["players"], rec["seed"]): rec for rec in control}
    controls = {b for rec in control for b in rec["bots"]}
    flips: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # n, won, to, away
    for rec in records:
        ref = base.get((rec["players"], rec["seed"]))
        if ref is None:
            continue
        for seat, name in enumerate(rec["bots"]):
            if name in controls:
                continue
            won, was = seat in rec["winners"], seat in ref["winners"]
            f = flips[name]
            f[0] += 1
            f[1] += won
            f[2] += won and not was
            f[3] += was and not won
    out: dict[str, Any] = {}
    for name, (n, won, to, away) in flips.items():
        gain = (to - away) / n
        half = 1.96 * math.sqrt(max((to + away) / n - gain * gain, 0.0) / n)
        out[name] = {"games": n, "won": won, "flips_to": to, "flips_away": away,
                     "gain": round(gain, 4),
                     "ci95": [round(gain - half, 4), round(gain + half, 4)],
                     "sign_p": round(sign_test(to, away), 4)}
    return out


def ratings(records: list[dict[str, Any]], anchor: str | None = None) -> dict[str, Any]:
    """The Elo fit of every bot in ``records`` (pairwise results of each game)."""
    results = [r for rec in records for r in pairwise(rec["bots"], rec["totals"],
                                                        rec["winners"])]
    bots = list(dict.fromkeys(b for rec in records for b in rec["bots"]))
    if anchor in bots:
        bots.remove(anchor)
        bots.insert(0, anchor)
    return fit(results, bots)
