"""The engine's speed now against commit e514045 (before issue 10), in one run.

Prints, for the code in this checkout and for e514045 (exported with ``git archive`` into
a temporary directory), random 4-player games per second and the AI's search nodes per
second at ``hard``, and the ratios.  Each figure is measured in a fresh subprocess; the
two engines take turns ``--rounds`` times and the best round of each counts, so a busy
machine slows both alike (timings on a shared machine swing 2x: compare the ratio).
CPU time (``time.process_time``) is measured, not wall time.

Target (issue 10): random games at least 2x e514045's.
Run: ``.venv/bin/python benchmarks/bench_engine.py [--games 200] [--rounds 5]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, count_searches, export_commit, lift_wall_caps

BASELINE = "e514045"
CORPUS = ROOT / "tests" / "data" / "replay_corpus.json"


def worker(root: str, what: str, games: int) -> None:
    """Measure the engine found in ``root`` (run in a subprocess; prints one JSON line)."""
    sys.path.insert(0, root)
    import random

    from rome import apply_action, is_over, legal_actions, new_game

    if what == "games":
        start = time.process_time()
        actions = 0
        for seed in range(1, games + 1):
            rng = random.Random(seed)
            state = new_game(4, seed=seed)
            while not is_over(state):
                state = apply_action(state, rng.choice(legal_actions(state)))
                actions += 1
        elapsed = time.process_time() - start
        print(json.dumps({"games_per_s": games / elapsed, "actions": actions}))
        return
    print(json.dumps(_ai_nodes(games)))


def _ai_nodes(positions: int) -> dict[str, float]:
    """Nodes per second of ``hard`` deciding at positions of the replay corpus's AI games
    (the same positions and seeds for both engines, so the node counts must agree)."""
    from rome import Action, apply_action, automatic_action, current_player, new_game, observation
    from rome.ai import choose_action

    lift_wall_caps()  # a safety net that a loaded machine could trip
    searches = count_searches()
    games = [g for g in json.loads(CORPUS.read_text())["games"] if g["kind"] == "ai"]
    spent = 0.0
    done = 0
    for game in games:
        state = new_game(game["players"], seed=game["seed"], shrine=game["shrine"])
        for ply, text in enumerate(game["actions"]):
            if ply % 37 == 11 and automatic_action(state) is None and done < positions:
                obs = observation(state, current_player(state))
                start = time.process_time()
                choose_action(obs, "hard", ply)
                spent += time.process_time() - start
                done += 1
            state = apply_action(state, Action.parse(text))
    nodes = sum(s.nodes for s in searches)
    return {"nodes": nodes, "seconds": spent, "nodes_per_s": nodes / spent, "positions": done}


def _measure(root: Path, what: str, amount: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--worker", str(root), what, str(amount)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per round")
    parser.add_argument("--positions", type=int, default=12, help="hard decisions per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0], args.worker[1], int(args.worker[2]))
        return
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC; best of {args.rounds} rounds")
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"now": ROOT, BASELINE: export_commit(BASELINE, Path(tmp))}
        best: dict[tuple[str, str], dict[str, float]] = {}
        for what, amount, key in (("games", args.games, "games_per_s"),
                                  ("ai", args.positions, "nodes_per_s")):
            for _ in range(args.rounds):
                for name, root in trees.items():
                    result = _measure(root, what, amount)
                    if (name, what) not in best or result[key] > best[(name, what)][key]:
                        best[(name, what)] = result
            now, then = best[("now", what)][key], best[(BASELINE, what)][key]
            label = "random 4-player games/s" if what == "games" else "hard AI nodes/s"
            extra = ""
            if what == "ai":
                extra = (f"  ({best[('now', what)]['nodes']:.0f} vs "
                         f"{best[(BASELINE, what)]['nodes']:.0f} nodes over "
                         f"{best[('now', what)]['positions']:.0f} positions)")
            print(f"{label}: now {now:,.0f}, {BASELINE} {then:,.0f}, ratio {now / then:.2f}x"
                  + extra)


if __name__ == "__main__":
    main()
