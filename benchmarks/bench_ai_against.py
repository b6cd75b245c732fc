"""CPython decision times of the working tree's levels against another commit's, in one run.

    python benchmarks/bench_ai_against.py main [--levels normal hard] [--per-game 8]

The machine this project shares swings timings 2x with the load, so a speed-up is only
measured as a ratio within one run: each tree decides in its own subprocess (the other
commit's ``rome`` from ``git archive`` into a temporary folder), the two take turns
position by position (who goes first alternates), and both are timed by the same clock.
Positions are ``bench_ai.observations`` (seeded greedy games, 2 and 4 players); the
levels' wall-clock safety net is lifted so that both decide by their node budgets alone.
Printed per tree and level: decisions, nodes searched, CPU milliseconds per decision
(p50 / p95), nodes per CPU second; then the CPU-time ratio and how many decisions chose
the same move after the same number of nodes (all of them, for a change meant to keep
every decision).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_ai import observations  # noqa: E402

from research.tournament import percentile  # noqa: E402

WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from rome.ai import choose_action, search
from research.tournament import wall_caps_lifted

made = []  # the searches of one decision, for their node counts
_init = search.Search.__init__
def _counted(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    made.append(self)
search.Search.__init__ = _counted
with wall_caps_lifted():
    print("ready", flush=True)
    for line in sys.stdin:
        ask = json.loads(line)
        made.clear()
        t0 = time.process_time()
        action = choose_action(ask["obs"], ask["level"], ask["seed"])
        ms = (time.process_time() - t0) * 1000.0
        print(json.dumps({"action": action, "ms": ms,
                          "nodes": sum(s.nodes for s in made)}), flush=True)
"""


def extract(commit: str, into: Path) -> Path:
    """``rome`` as of ``commit``, unpacked under ``into``."""
    data = subprocess.run(["git", "archive", commit, "rome"], cwd=ROOT, check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the other tree, e.g. main or e514045")
    parser.add_argument("--levels", nargs="+", default=["normal", "hard"])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--per-game", type=int, default=8)
    args = parser.parse_args()
    obs_list = observations(tuple(args.players), args.games, args.per_game)
    with tempfile.TemporaryDirectory() as tmp:
        trees = {args.commit: str(extract(args.commit, Path(tmp))), "working tree": str(ROOT)}
        procs = {name: subprocess.Popen([sys.executable, "-c", WORKER, path], text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
