"""Random legal games per second for 2, 3 and 4 players (a benchmark, not a test).

Target: at least 200 random 4-player games per second on CPython.
Run: ``.venv/bin/python benchmarks/bench_engine.py [--games K]``.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rome.cli import simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}")
    for players in (2, 3, 4):
        simulate(players, args.games, args.seed)


if __name__ == "__main__":
    main()
