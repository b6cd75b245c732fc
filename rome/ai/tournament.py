"""``python -m rome tournament``: seeded games between computer players, seats rotated.

Every seat decides from its own observation through :func:`rome.ai.choose_action`, so a
tournament measures exactly what a human meets in the browser.  Decisions with only one
sensible choice are played automatically (as the UI does) and are not timed.

The last line of stdout is one JSON object mapping each bot name to its ``win_rate``
(shared wins split), ``ci95`` (Wilson interval), ``mean_score``, ``mean_margin`` (score
minus the best other seat's), ``decision_ms_p50`` and ``decision_ms_p95``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from .. import (
    Action,
    SetupError,
    apply_action,
    automatic_action,
    current_player,
    final_scores,
    is_over,
    new_game,
    observation,
    winners,
)
from . import LEVELS, choose_action


def wilson(wins: float, n: int, z: float = 1.96) -> list[float]:
    """The Wilson score interval of a proportion (``wins`` may be fractional for ties)."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def play_game(num_players: int, seed: int, seat_bots: list[str],
              times: dict[str, list[float]] | None = None) -> tuple[list[int], list[int]]:
    """One seeded game; returns (final totals per seat, winning seats)."""
    state = new_game(num_players, seed=seed)
    decision = 0
    while not is_over(state):
        action = automatic_action(state)
        if action is None:
            seat = current_player(state)
            assert seat is not None
            obs = observation(state, seat)
            t0 = time.perf_counter()
            text = choose_action(obs, seat_bots[seat], seed * 7919 + seat * 131 + decision)
            if times is not None:
                times[seat_bots[seat]].append((time.perf_counter() - t0) * 1000.0)
            action = Action.parse(text)
            decision += 1
        state = apply_action(state, action)
    totals = [s["total"] for s in final_scores(state)]
    return totals, winners(state)


def _timed_game(job: tuple[int, int, list[str]]
                ) -> tuple[list[int], list[int], dict[str, list[float]]]:
    """One game of a tournament with its decision times (module level: runs in a pool)."""
    num_players, seed, seat_bots = job
    times: dict[str, list[float]] = defaultdict(list)
    totals, won = play_game(num_players, seed, seat_bots, times)
    return totals, won, dict(times)


def _play_all(schedule: list[tuple[int, int, list[str]]], jobs: int) -> Iterator[Any]:
    """The games' results in schedule order, played ``jobs`` at a time."""
    if jobs <= 1:
        yield from map(_timed_game, schedule)
        return
    from concurrent.futures import ProcessPoolExecutor  # CLI only, never in the browser

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_timed_game, schedule)


def run(num_players: int, games: int, seed: int, bots: list[str],
        progress: bool = True, jobs: int = 1) -> dict[str, Any]:
    """Play the games (``jobs`` processes at once: each game is seeded, so the results do
    not depend on how many) and summarise them per bot."""
    if num_players not in (2, 3, 4):
        raise SetupError(f"a tournament is for 2 to 4 players, not {num_players!r}")
    if len(bots) < 2 or len(bots) > num_players:
        raise SetupError(f"name 2 to {num_players} bots, one per seat (the last fills the "
                         f"seats left), not {len(bots)}")
    line_up = bots + [bots[-1]] * (num_players - len(bots))  # the last bot fills free seats
    for b in line_up:
        if b not in LEVELS:
            raise SetupError(f"unknown bot {b!r:.40}; choose from {', '.join(LEVELS)}")
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    scores: dict[str, list[int]] = defaultdict(list)
    margins: dict[str, list[int]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    bar = _bar(games, progress)
    schedule = []
    for g in range(games):
        shift = g % num_players
        schedule.append((num_players, seed + g, line_up[shift:] + line_up[:shift]))
    results = _play_all(schedule, jobs)
    for (_n, _seed, seat_bots), (totals, won, game_times) in zip(schedule, results,
                                                                 strict=True):
        for name, ms in game_times.items():
            times[name].extend(ms)
        for seat, name in enumerate(seat_bots):
            seats[name] += 1
            scores[name].append(totals[seat])
            margins[name].append(totals[seat] - max(t for s, t in enumerate(totals) if s != seat))
            if seat in won:
                wins[name] += 1.0 / len(won)
        if bar is not None:
            bar.update(1)
            bar.set_postfix({n: f"{wins[n] / seats[n]:.2f}" for n in dict.fromkeys(line_up)})
    if bar is not None:
        bar.close()
    out: dict[str, Any] = {}
    for name in dict.fromkeys(line_up):
        n = seats[name]
        out[name] = {
            "win_rate": round(wins[name] / n, 4),
            "ci95": wilson(wins[name], n),
            "mean_score": round(sum(scores[name]) / n, 2),
            "mean_margin": round(sum(margins[name]) / n, 2),
            "decision_ms_p50": round(percentile(times[name], 0.5), 2),
            "decision_ms_p95": round(percentile(times[name], 0.95), 2),
        }
    return out


def _bar(total: int, wanted: bool) -> Any:
    if not wanted:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # the engine package never needs tqdm: no bar then
        return None
    return tqdm(total=total, file=sys.stderr, unit="game", dynamic_ncols=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m rome tournament",
                                     description="Seeded games between computer players.")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", required=True,
                        help=f"comma-separated bot names, one per seat ({', '.join(LEVELS)}); "
                             "the last fills any seats left")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once in separate processes (same results)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        result = run(args.players, args.games, args.seed, bots, not args.no_progress,
                     max(1, args.jobs))
    except SetupError as exc:
        parser.error(str(exc))
    print(f"{args.games} games, {args.players} players, seed {args.seed}, bots {','.join(bots)}")
    print(json.dumps(result, sort_keys=True))
    return 0
