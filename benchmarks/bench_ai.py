"""CPython decision times of the AI levels, on observations from seeded games.

    python benchmarks/bench_ai.py levels [--players 2 4] [--games 2] [--per-game 20] \\
        [--json out.json]
    python benchmarks/bench_ai.py against main [--levels normal hard] [--per-game 8]
    nice -n 15 python benchmarks/bench_ai.py budget [--players 2 4] [--per-game 6] \\
        [--seed 1] [--candidates cand-deep]

``levels`` (also with no subcommand): each level's decision times (p50 / p95).  The same
observations are what ``bench_ai_browser.py`` sends to the Pyodide worker
(``common.observations``), so the two give the Pyodide/CPython ratio.

``against COMMIT``: the working tree's levels against another commit's, in one run.  The
machine this project shares swings timings 2x with the load, so a speed-up is only
measured as a ratio within one run: each tree decides in its own subprocess (the other
commit's ``rome`` from ``git archive`` into a temporary folder), the two take turns
position by position (who goes first alternates), and both are timed by the same clock.
The levels' wall-clock safety net is lifted so that both decide by their node budgets
alone.  Printed per tree and level: decisions, nodes searched, CPU milliseconds per
decision (p50 / p95), nodes per CPU second; then the CPU-time ratio and how many decisions
chose the same move after the same number of nodes (all of them, for a change meant to
keep every decision).

``budget``: where a level's node budget goes.  Today's ``hard`` (wall-clock net lifted)
and each candidate of :mod:`research.candidates`, interleaved position by position so a
load swing hits both alike: per level the nodes spent (p50 / mean), the CPython time
(p50 / p95) and how often the candidate's move equals hard's.  A node is one plan applied
or one position evaluated, the machine-independent unit of every budget.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, count_searches, export_commit, lift_wall_caps, observations

LEVELS = ("easy", "normal", "hard")


def time_levels(obs_list: list[dict], levels: tuple[str, ...] = LEVELS,
                hint: bool = False) -> dict[str, dict]:
    """Per level, the time of each decision (``hint``: of each ``analyse``, the hint)."""
    from research.stats import percentile
    from rome.ai import analyse, choose_action

    call = analyse if hint else choose_action
    result = {}
    for level in levels:
        times = []
        for i, obs in enumerate(obs_list):
            t0 = time.perf_counter()
            call(obs, level, i)
            times.append((time.perf_counter() - t0) * 1000.0)
        result[level] = {"n": len(times), "p50_ms": round(percentile(times, 0.5), 1),
                         "p95_ms": round(percentile(times, 0.95), 1),
                         "max_ms": round(max(times), 1), "times_ms": [round(t, 2) for t in times]}
    return result


def levels(args: argparse.Namespace) -> None:
    obs_list = observations(tuple(args.players), args.games, args.per_game)
    result = time_levels(obs_list)
    for level, r in result.items():
        print(f"{level:7s} n={r['n']:3d}  p50 {r['p50_ms']:8.1f} ms  p95 {r['p95_ms']:8.1f} ms  "
              f"max {r['max_ms']:8.1f} ms")
    if args.json:
        args.json.write_text(json.dumps(result))
    print(json.dumps({lv: {k: v for k, v in r.items() if k != "times_ms"}
                      for lv, r in result.items()}))


def worker(tree: str) -> None:
    """``against``'s subprocess: decide with the ``rome`` found in ``tree``, one JSON
    request a line on stdin, answering the action, CPU milliseconds and nodes."""
    sys.path.insert(0, tree)
    from rome.ai import choose_action

    lift_wall_caps()
    made = count_searches()
    print("ready", flush=True)
    for line in sys.stdin:
        ask = json.loads(line)
        made.clear()
        t0 = time.process_time()
        action = choose_action(ask["obs"], ask["level"], ask["seed"])
        ms = (time.process_time() - t0) * 1000.0
        print(json.dumps({"action": action, "ms": ms,
                          "nodes": sum(s.nodes for s in made)}), flush=True)


def against(args: argparse.Namespace) -> None:
    from research.stats import percentile

    obs_list = observations(tuple(args.players), args.games, args.per_game)
    with tempfile.TemporaryDirectory() as tmp:
        trees = {args.commit: str(export_commit(args.commit, Path(tmp))),
                 "working tree": str(ROOT)}
        procs = {name: subprocess.Popen([sys.executable, __file__, "--worker", path],
                                        text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
                 for name, path in trees.items()}
        for proc in procs.values():
            assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        runs: dict[tuple[str, str], list[dict]] = {(n, lv): [] for n in trees
                                                    for lv in args.levels}
        for level in args.levels:
            for i, obs in enumerate(obs_list):
                names = list(trees) if i % 2 == 0 else list(trees)[::-1]
                for name in names:
                    proc = procs[name]
                    assert proc.stdin is not None and proc.stdout is not None
                    proc.stdin.write(json.dumps({"obs": obs, "level": level, "seed": i}) + "\n")
                    proc.stdin.flush()
                    runs[name, level].append(json.loads(proc.stdout.readline()))
        for proc in procs.values():
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()
    summary: dict[str, dict] = {}
    for level in args.levels:
        for name in trees:
            r = runs[name, level]
            ms = [x["ms"] for x in r]
            nodes = sum(x["nodes"] for x in r)
            summary[f"{name} {level}"] = {
                "n": len(r), "nodes": nodes, "cpu_p50_ms": round(percentile(ms, 0.5), 1),
                "cpu_p95_ms": round(percentile(ms, 0.95), 1),
                "nodes_per_cpu_s": round(nodes / max(sum(ms), 1e-9) * 1000.0)}
        old, new = runs[args.commit, level], runs["working tree", level]
        same = sum(1 for a, b in zip(old, new, strict=True)
                   if (a["action"], a["nodes"]) == (b["action"], b["nodes"]))
        summary[f"{level} ratio"] = {
            "cpu_ratio": round(sum(x["ms"] for x in old) / max(sum(x["ms"] for x in new), 1e-9),
                               2),
            "same_move_and_nodes": f"{same}/{len(old)}"}
    for key, s in summary.items():
        print(f"{key:24s} " + "  ".join(f"{k} {v}" for k, v in s.items()))
    print(json.dumps(summary))


def budget(args: argparse.Namespace) -> None:
    from research.candidates import CANDIDATES
    from research.candidates import choose as choose_candidate
    from research.stats import percentile
    from research.tournament import wall_caps_lifted
    from rome.ai import choose_action

    made = count_searches()

    def measure(name: str, obs: dict, seed: int) -> tuple[str, int, float]:
        """(move, nodes, ms) of one decision."""
        made.clear()
        t0 = time.perf_counter()
        move = choose_candidate(obs, name, seed) if name in CANDIDATES else choose_action(
            obs, name, seed)
        ms = (time.perf_counter() - t0) * 1000.0
        return move, sum(s.nodes for s in made), ms

    names = ["hard", *(args.candidates or CANDIDATES)]
    out: dict[str, dict] = {}
    for n in args.players:
        obs_list = observations((n,), args.games, args.per_game, args.seed)
        rows: dict[str, list[tuple[str, int, float]]] = {name: [] for name in names}
        with wall_caps_lifted():
            for i, obs in enumerate(obs_list):
                for name in names:
                    rows[name].append(measure(name, obs, i))
        for name in names:
            moves = [m for m, _n, _t in rows[name]]
            nodes = [float(k) for _m, k, _t in rows[name]]
            ms = [t for _m, _k, t in rows[name]]
            same = sum(a == b for a, b in zip(moves, (m for m, _n, _t in rows["hard"]),
                                              strict=True))
            out[f"{name}/{n}p"] = {
                "n": len(ms), "nodes_p50": round(percentile(nodes, 0.5)),
                "nodes_mean": round(sum(nodes) / len(nodes)),
                "ms_p50": round(percentile(ms, 0.5)), "ms_p95": round(percentile(ms, 0.95)),
                "same_move_as_hard": f"{same}/{len(ms)}"}
            print(f"{name:10s} {n}p  " + "  ".join(f"{k} {v}" for k, v in
                                                  out[f'{name}/{n}p'].items()), flush=True)
    print(json.dumps(out, sort_keys=True))


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python benchmarks/bench_ai.py",
                                  description=__doc__.splitlines()[0])
    sub = top.add_subparsers(dest="command", required=True)
    p = sub.add_parser("levels", help="each level's decision times")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--per-game", type=int, default=20)
    p.add_argument("--json", type=Path, help="write the full result here")
    p.set_defaults(run=levels)
    p = sub.add_parser("against", help="the working tree's levels against another commit's")
    p.add_argument("commit", help="the other tree, e.g. main or e514045")
    p.add_argument("--levels", nargs="+", default=["normal", "hard"])
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--per-game", type=int, default=8)
    p.set_defaults(run=against)
    p = sub.add_parser("budget", help="nodes, time and agreement of candidate levels")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--per-game", type=int, default=6)
    p.add_argument("--seed", type=int, default=1, help="the first game seed")
    p.add_argument("--candidates", nargs="+", default=None,
                   help="candidate levels (default: every one)")
    p.set_defaults(run=budget)
    return top


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        worker(argv[1])
        return 0
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["levels", *argv]  # the script's first form, before it had subcommands
    args = parser().parse_args(argv)
    args.run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
