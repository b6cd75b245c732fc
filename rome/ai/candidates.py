"""Candidate levels measured against the yardstick before one of them becomes ``hard``.

A candidate is a :class:`rome.ai.levels.Level` searched by the same
:func:`rome.ai.search.decide`; the tournament knows them by name (``cand-...``) so they can
meet ``e514045:hard`` before any of them ships.  No wall-clock cap: a candidate decides the
same on a loaded machine as on an idle one.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from . import decision_seed
from .levels import DUEL_PARAMS, LEVEL_PARAMS, Level
from .search import decide

CANDIDATES_DEEP_DUEL = replace(DUEL_PARAMS["hard"], samples=2, wall_seconds=math.inf)

CANDIDATES: dict[str, tuple[Level, Level]] = {
    # (2 players, 3-4 players)
    # two determinisations instead of four, so the duel's depth 3 finishes more often
    # within the same 36 000 nodes.
    "cand-deep": (replace(DUEL_PARAMS["hard"], samples=2, wall_seconds=math.inf),
                  replace(LEVEL_PARAMS["hard"], samples=2, wall_seconds=math.inf)),
    # the end game searched to the end: in a duel's last round (2 own turns left) the
    # deepening may go on to depth 8 over the best 8 root moves and 3 replies within 3
    # points, so the tree reaches final scores instead of greedy roll-outs.
    "cand-end": (replace(DUEL_PARAMS["hard"], wall_seconds=math.inf, end_turns=2,
                         endgame=replace(DUEL_PARAMS["hard"], wall_seconds=math.inf, depth=8,
                                         deep_width=8, replies=3, reply_margin=3.0)),
                 replace(LEVEL_PARAMS["hard"], wall_seconds=math.inf)),
    # both: two determinisations (depth 3 finishes more often) and the end game searched
    # to the end.
    "cand-de": (replace(CANDIDATES_DEEP_DUEL, end_turns=2,
                        endgame=replace(CANDIDATES_DEEP_DUEL, depth=8, deep_width=8,
                                        replies=3, reply_margin=3.0)),
                replace(LEVEL_PARAMS["hard"], samples=2, wall_seconds=math.inf)),
}


def candidate_params(name: str, num_players: int) -> Level:
    duel, multi = CANDIDATES[name]
    return duel if num_players == 2 else multi


def choose(obs: dict[str, Any], name: str, seed: int) -> str:
    """A candidate's decision, seeded exactly as :func:`rome.ai.choose_action` seeds."""
    return str(decide(obs, candidate_params(name, obs["num_players"]), decision_seed(obs, seed)))
