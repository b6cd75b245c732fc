"""``python -m research tournament``: seeded games between computer players, seats rotated.

Every seat decides from its own observation through :func:`rome.ai.choose_action`, so a
tournament measures exactly what a human meets in the browser.  Decisions with only one
sensible choice are played automatically (as the UI does) and are not timed.

The last line of stdout is one JSON object mapping each bot name to its ``win_rate``
(shared wins split), ``ci95`` (Wilson interval), ``mean_score``, ``mean_margin`` (score
minus the best other seat's), ``decision_ms_p50`` and ``decision_ms_p95`` (wall clock) and
``decision_cpu_ms_p50`` and ``decision_cpu_ms_p95`` (the deciding process's CPU time, which
a machine shared with other work stretches far less than the wall clock); above it an Elo
table (:mod:`research.elo`).  ``--round-robin`` plays every pair of ``--bots`` on the same
two-player seeds and ends with ``{"pairs": {...}, "elo": {...}}`` instead.

Long runs go in shards: ``--seed S --games K --record FILE`` appends each game as a JSON
line as soon as it ends; ``--merge FILE...`` summarises the shards as one run (a shard's
size should be a multiple of the player count, so the seat rotation continues).  A bot
``COMMIT:LEVEL`` is another commit's level, e.g. the yardstick ``e514045:hard``
(:mod:`research.yardstick`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from itertools import combinations
from typing import Any

from rome import (
    Action,
    GameState,
    SetupError,
    current_player,
    final_scores,
    new_game,
    observation,
    playthrough,
    winners,
)
from rome.ai import LEVELS, choose_action
from rome.ai.levels import DUEL_PARAMS, LEVEL_PARAMS, MANY_TREES, without_wall_clock
from rome.ai.players import tournament_seeds

from .candidates import CANDIDATES
from .candidates import choose as choose_candidate
from .elo import table
from .records import paired, ratings, summarise
from .yardstick import (
    YARDSTICK,
    close_all,
    external_choose,
    is_external,
    last_cpu_ms,
    split_name,
)

Oracle = Callable[[GameState, int, int], str]  # (true state, seat, decision seed) -> move


def play_game(num_players: int, seed: int, seat_bots: list[str],
              times: dict[str, list[float]] | None = None,
              oracles: dict[str, Oracle] | None = None,
              cpu: dict[str, list[float]] | None = None) -> tuple[list[int], list[int]]:
    """One seeded game; returns (final totals per seat, winning seats).

    A bot named ``COMMIT:LEVEL`` is another commit's level (:mod:`research.yardstick`):
    it is fed the actions played so far and decides with the same seed.  A bot named in
    ``oracles`` decides from the true state, hidden cards and all: a benchmark's measure
    of what seeing everything is worth (research/oracle.py), never a player.
    """
    seeds = tournament_seeds(seed)
    played: list[str] = []  # every action so far, forced ones too: what an old commit replays
    made = 0

    def player(state: GameState) -> Action:
        nonlocal made
        seat = current_player(state)
        assert seat is not None  # the driver asks only while someone is to act
        bot = seat_bots[seat]
        ai_seed = seeds(seat, made)
        t0, c0 = time.perf_counter(), time.process_time()
        if oracles is not None and bot in oracles:
            text = oracles[bot](state, seat, ai_seed)
        elif is_external(bot):
            text = external_choose(bot, num_players, seed, False, played, ai_seed)
        elif bot in CANDIDATES:
            text = choose_candidate(observation(state, seat), bot, ai_seed)
        else:
            text = choose_action(observation(state, seat), bot, ai_seed)
        if times is not None:
            times[bot].append((time.perf_counter() - t0) * 1000.0)
        if cpu is not None:
            cpu[bot].append(last_cpu_ms(bot) if is_external(bot)
                            else (time.process_time() - c0) * 1000.0)
        made += 1
        return Action.parse(text)

    state = new_game(num_players, seed=seed)
    for _before, action, after in playthrough(state, player, automatic=True):
        played.append(str(action))
        state = after
    totals = [s["total"] for s in final_scores(state)]
    return totals, winners(state)


Job = tuple[int, int, list[str]]  # (players, game seed, bot per seat)


def game_record(job: Job, oracles: dict[str, Oracle] | None = None) -> dict[str, Any]:
    """One game of a tournament as a record (module level: runs in a pool)."""
    num_players, seed, seat_bots = job
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    totals, won = play_game(num_players, seed, seat_bots, times, oracles, cpu)
    return {"players": num_players, "seed": seed, "bots": seat_bots, "totals": totals,
            "winners": won, "times": {b: [round(t, 2) for t in ms] for b, ms in times.items()},
            "cpu": {b: [round(t, 2) for t in ms] for b, ms in cpu.items()}}


def _play_all(schedule: list[Job], jobs: int) -> Iterator[dict[str, Any]]:
    """The games' records in schedule order, played ``jobs`` at a time."""
    if jobs <= 1:
        yield from map(game_record, schedule)
        return
    from concurrent.futures import ProcessPoolExecutor  # CLI only, never in the browser

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(game_record, schedule)


def check_bots(num_players: int, bots: list[str]) -> None:
    """Refuse a line-up no tournament can play (:class:`rome.SetupError`)."""
    if num_players not in (2, 3, 4):
        raise SetupError(f"a tournament is for 2 to 4 players, not {num_players!r}")
    if len(bots) < 2 or len(bots) > num_players:
        raise SetupError(f"name 2 to {num_players} bots, one per seat (the last fills the "
                         f"seats left), not {len(bots)}")
    for b in bots:
        if is_external(b):
            try:
                split_name(b)
            except ValueError as exc:
                raise SetupError(str(exc)) from None
        elif b not in LEVELS and b not in CANDIDATES:
            known = ", ".join(LEVELS + tuple(CANDIDATES))
            raise SetupError(f"unknown bot {b!r:.40}; choose from {known} "
                             f"or COMMIT:LEVEL (e.g. {YARDSTICK})")


def match_schedule(num_players: int, games: int, seed: int, bots: list[str]) -> list[Job]:
    """Game seeds ``seed .. seed+games-1``, the line-up rotated one seat per game (so
    shards whose sizes are multiples of ``num_players`` add up to one long run)."""
    check_bots(num_players, bots)
    return rotated_schedule(num_players, games, seed, bots)


def rotated_schedule(num_players: int, games: int, seed: int, bots: list[str]) -> list[Job]:
    """:func:`match_schedule` without checking the bots' names (a benchmark's own bots,
    e.g. an oracle, are not a tournament's)."""
    line_up = bots + [bots[-1]] * (num_players - len(bots))  # the last bot fills free seats
    schedule = []
    for g in range(games):
        shift = g % num_players
        schedule.append((num_players, seed + g, line_up[shift:] + line_up[:shift]))
    return schedule


def play(schedule: list[Job], progress: bool = True, jobs: int = 1,
         record: str | None = None) -> list[dict[str, Any]]:
    """Play every game of ``schedule``; each record is appended to the JSON-lines file
    ``record`` as soon as it is known (so an interrupted shard keeps its games)."""
    bar = _bar(len(schedule), progress)
    out = []
    sink = open(record, "a", encoding="utf-8") if record else None  # noqa: SIM115
    try:
        for rec in _play_all(schedule, jobs):
            out.append(rec)
            if sink is not None:
                sink.write(json.dumps(rec, sort_keys=True) + "\n")
                sink.flush()
            if bar is not None:
                bar.update(1)
                bar.set_postfix({n: f"{s['win_rate']:.2f}" for n, s in summarise(out).items()})
    finally:
        if sink is not None:
            sink.close()
        if bar is not None:
            bar.close()
        close_all()
    return out


def run(num_players: int, games: int, seed: int, bots: list[str],
        progress: bool = True, jobs: int = 1) -> dict[str, Any]:
    """Play the games (``jobs`` processes at once: each game is seeded, so the results do
    not depend on how many) and summarise them per bot."""
    return summarise(play(match_schedule(num_players, games, seed, bots), progress, jobs))


def round_robin_schedule(games: int, seed: int, bots: list[str]) -> list[Job]:
    """Every pair of ``bots`` plays the same ``games`` two-player seeds, seats rotated."""
    schedule = []
    for a, b in combinations(bots, 2):
        schedule.extend(match_schedule(2, games, seed, [a, b]))
    return schedule


def report(records: list[dict[str, Any]], round_robin: bool, anchor: str | None) -> None:
    """Print today's per-bot JSON (per pair in a round-robin), the Elo table, and last a
    JSON line: the per-bot summary, or ``{"pairs", "elo"}`` for a round-robin."""
    elo = ratings(records, anchor) if len({b for r in records for b in r["bots"]}) > 1 else {}
    if round_robin:
        pairs: dict[str, Any] = {}
        for rec in records:
            key = " vs ".join(sorted(set(rec["bots"])))
            pairs.setdefault(key, []).append(rec)
        summaries = {k: summarise(v) for k, v in pairs.items()}
        for key, summary in summaries.items():
            print(f"{key}: {json.dumps(summary, sort_keys=True)}")
    if elo:
        print(table(elo))
    if round_robin:
        print(json.dumps({"pairs": summaries, "elo": elo}, sort_keys=True))
    else:
        print(json.dumps(summarise(records), sort_keys=True))


def load(paths: list[str]) -> list[dict[str, Any]]:
    """Game records from JSON-lines files written by ``--record`` (shards of one run)."""
    records = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            records.extend(json.loads(line) for line in f if line.strip())
    seen = set()
    for rec in records:
        key = (rec["players"], rec["seed"], tuple(rec["bots"]))
        if key in seen:
            raise SetupError(f"game {key} recorded twice: overlapping shards")
        seen.add(key)
    return records


@contextmanager
def wall_caps_lifted() -> Iterator[None]:
    """The levels' wall-clock safety net switched off meanwhile: on a loaded machine it cut
    ``hard`` short (5 s), so results depended on the load, not on the seeds."""
    saved = [(params, dict(params)) for params in (LEVEL_PARAMS, DUEL_PARAMS, MANY_TREES)]
    for params, levels in saved:
        for name, level in levels.items():
            params[name] = without_wall_clock(level)
    try:
        yield
    finally:
        for params, levels in saved:
            params.update(levels)


def _bar(total: int, wanted: bool) -> Any:
    if not wanted:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # the engine package never needs tqdm: no bar then
        return None
    return tqdm(total=total, file=sys.stderr, unit="game", dynamic_ncols=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m research tournament", description="Seeded games between computer players.",
        epilog=f"Bots: {', '.join(LEVELS)}, or COMMIT:LEVEL for another commit's level "
               f"(the yardstick of issue 13 is {YARDSTICK}).")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=10,
                        help="games per match (per pair in a round-robin)")
    parser.add_argument("--seed", type=int, default=0, help="the first game seed")
    parser.add_argument("--bots",
                        help="comma-separated bot names, one per seat; the last fills any "
                             "seats left (with --round-robin: the bots that meet pairwise)")
    parser.add_argument("--round-robin", action="store_true",
                        help="every pair of --bots plays --games two-player games")
    parser.add_argument("--anchor", help="the bot rated 0 in the Elo table (default: first)")
    parser.add_argument("--record", metavar="FILE",
                        help="append every game as a JSON line to FILE (shards to --merge)")
    parser.add_argument("--merge", nargs="+", metavar="FILE",
                        help="play nothing: summarise the games recorded in FILEs")
    parser.add_argument("--control", nargs="+", metavar="FILE",
                        help="with --merge: also pair each game with the game of the same "
                             "seed in FILEs (e.g. hard,hard) and print the games it changed")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once in separate processes (same results)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--wall-cap", action="store_true",
                        help="keep the levels' wall-clock safety net (off by default: "
                             "results then depend on the seeds only)")
    args = parser.parse_args(argv)
    with nullcontext() if args.wall_cap else wall_caps_lifted():
        return _main(parser, args)


def _main(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        if args.merge:
            records = load(args.merge)
            round_robin = any(len(set(r["bots"])) == 2 and r["players"] == 2 for r in records) \
                and len({b for r in records for b in r["bots"]}) > 2
            print(f"{len(records)} recorded games from {len(args.merge)} file(s)")
            if args.control:
                print(f"paired with the control: "
                      f"{json.dumps(paired(records, load(args.control)), sort_keys=True)}")
            report(records, round_robin, args.anchor)
            return 0
        if not args.bots:
            parser.error("name the bots (--bots A,B) or --merge recorded games")
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        if args.round_robin:
            schedule = round_robin_schedule(args.games, args.seed, bots)
        else:
            schedule = match_schedule(args.players, args.games, args.seed, bots)
        records = play(schedule, not args.no_progress, max(1, args.jobs), args.record)
    except SetupError as exc:
        parser.error(str(exc))
    players = 2 if args.round_robin else args.players
    print(f"{len(records)} games, {players} players, seed {args.seed}, bots {','.join(bots)}"
          f"{' (round-robin)' if args.round_robin else ''}")
    report(records, args.round_robin, args.anchor)
    return 0
