"""Where a level's node budget goes: nodes spent, time and agreement of candidate levels.

    nice -n 15 python benchmarks/bench_ai_budget.py [--players 2 4] [--per-game 6] \
        [--seed 1] [--candidates cand-deep]

On the same observations as ``bench_ai.py`` (seeded greedy games), it runs today's
``hard`` (wall-clock net lifted, so the budget alone decides) and each candidate of
:mod:`rome.ai.candidates`, interleaved position by position so a load swing hits both
alike, and prints per level the nodes spent (p50 / mean), the CPython time (p50 / p95)
and how often the candidate's move equals hard's.  A node is one plan applied or one
position evaluated, the machine-independent unit of every budget.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_ai import observations  # noqa: E402

from research.candidates import CANDIDATES  # noqa: E402
from research.candidates import choose as choose_candidate  # noqa: E402
from research.tournament import percentile, wall_caps_lifted  # noqa: E402
from rome.ai import choose_action, search  # noqa: E402

_SEARCHES: list[search.Search] = []
_init = search.Search.__init__


def _counting_init(self: search.Search, *args: object, **kwargs: object) -> None:
    _init(self, *args, **kwargs)
    _SEARCHES.append(self)


def measure(name: str, obs: dict, seed: int) -> tuple[str, int, float]:
    """(move, nodes, ms) of one decision."""
    _SEARCHES.clear()
    t0 = time.perf_counter()
    move = choose_candidate(obs, name, seed) if name in CANDIDATES else choose_action(
        obs, name, seed)
    ms = (time.perf_counter() - t0) * 1000.0
    return move, sum(s.nodes for s in _SEARCHES), ms


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--per-game", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1, help="the first game seed")
    parser.add_argument("--candidates", nargs="+", default=list(CANDIDATES))
    args = parser.parse_args()
    search.Search.__init__ = _counting_init  # type: ignore[method-assign]
    names = ["hard", *args.candidates]
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
