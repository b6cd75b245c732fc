"""The review of a finished game, put together from its decisions: the turning points and
the player's city beside the winner's, category by category (:func:`review_game`).

Why apart from the analysis: each decision is analysed on its own
(:func:`rome.ai.analysis.review_decision`, in the AI worker while the human thinks), and
the page keeps the answers; putting them together at the end must be quick and must not
load the search, so this module reads only the decisions' data and the final scores.
"""

from __future__ import annotations

from typing import Any

from .. import CATEGORIES
from .advice import EVEN

TURNING_POINTS = 5
"""At most this many turning points open a review: the decisions that cost most."""


def turning_points(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decisions that cost a point or more (``rome.ai.EVEN``), costliest first (ties
    by the earlier decision), at most :data:`TURNING_POINTS`: each with its round, the
    move played and the better move, and what the better move would have given."""
    costly = [d for d in decisions if d.get("loss") is not None and d["loss"] >= EVEN]
    costly.sort(key=lambda d: (-d["loss"], d["ply"]))
    return costly[:TURNING_POINTS]


def compare_cities(scores: list[dict[str, int]], winners: list[int], seat: int
                   ) -> dict[str, Any]:
    """``seat``'s final score beside the winner's by scoring category (beside the best
    other seat's if ``seat`` won), the widest gaps first.

    Each row is ``{"category", "yours", "theirs", "difference", "words"}``; ``against`` is
    the seat compared with, ``won`` whether ``seat`` is among the winners.  Categories where
    both scored nothing are left out."""
    won = seat in winners
    others = [s for s in range(len(scores)) if s != seat]
    against = (max(others, key=lambda s: (scores[s]["total"], -s)) if won
               else min(winners))
    rows: list[dict[str, Any]] = []
    for cat in CATEGORIES:
        yours, theirs = scores[seat][cat], scores[against][cat]
        if yours or theirs:
            label = cat.replace("_", " ")
            rows.append({"category": cat, "yours": yours, "theirs": theirs,
                         "difference": yours - theirs,
                         "words": f"their {label} scored {theirs}, yours {yours}"})
    rows.sort(key=lambda r: (-abs(r["difference"]), CATEGORIES.index(r["category"])))
    return {"seat": seat, "against": against, "won": won,
            "yours": scores[seat]["total"], "theirs": scores[against]["total"],
            "categories": rows}


def review_game(decisions: list[dict[str, Any]], scores: list[dict[str, int]],
                winners: list[int], seat: int) -> dict[str, Any]:
    """The review of ``seat``'s game from its analysed decisions (in any order; one per
    ply) and the final scores and winners (:func:`rome.final_scores`,
    :func:`rome.winners`): ``decisions`` by ply, ``turning_points``, ``cities``
    (:func:`compare_cities`) and ``lost`` (the points the slips cost in all)."""
    ordered = sorted({d["ply"]: d for d in decisions}.values(), key=lambda d: d["ply"])
    return {"decisions": ordered, "turning_points": turning_points(ordered),
            "cities": compare_cities(scores, winners, seat),
            "lost": round(sum(d["loss"] for d in ordered
                              if d.get("loss") is not None and d["loss"] >= EVEN), 1)}
