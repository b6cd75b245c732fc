"""``python -m research TOOL [options]``: the research tools, one module each.

Each tool's options are its module's own (``python -m research TOOL --help``); the module
is imported only when its tool runs.
"""

from __future__ import annotations

import importlib
import sys

TOOLS: dict[str, str] = {
    "tournament": "seeded games between computer players, Elo table, paired screens",
    "fit": "evaluation weights fitted from self-play",
    "tune": "a greedy bot with changed evaluation weights against plain ones",
    "calibration": "how well the evaluation's margin foretells the final margin",
    "oracle": "a level seeing the true state against the level itself",
    "follow": "a seat following the hint against normal and hard: the hint's strength",
    "endgame": "a candidate's endings of hard-against-hard games, paired with hard's",
}

USAGE = "usage: python -m research TOOL [options]\n\ntools:\n" + "\n".join(
    f"  {name:<12} {what}" for name, what in TOOLS.items())


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    tool, rest = argv[0], argv[1:]
    if tool not in TOOLS:
        print(f"unknown tool {tool!r}\n{USAGE}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"research.{tool}")
    return int(module.main(rest))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
