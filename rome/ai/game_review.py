"""The review of a finished game, put together from its decisions: the turning points and
the player's city beside the winner's, category by category (:func:`review_game`).

Why apart from the analysis: each decision is analysed on its own
(:func:`rome.ai.analysis.review_decision`, in the AI worker while the human thinks), and
the page keeps the answers; putting them together at the end must be quick and must not
load the search, so this module reads only the decisions' data and the final scores.
"""

from __future__ import annotations

from .. import CATEGORIES, CATEGORY_WORDS
from .advice import EVEN
from .answers import Cities, CityRow, GameReview, ReviewLine

TURNING_POINTS = 5
"""At most this many turning points open a review: the decisions that cost most."""


def turning_points(decisions: list[ReviewLine]) -> list[ReviewLine]:
    """The decisions that cost a point or more (``rome.ai.EVEN``), costliest first (ties
    by the earlier decision), at most :data:`TURNING_POINTS`: each with its round, the
    move played and the better move, and what the better move would have given."""
    costly = [(loss, d) for d in decisions if (loss := d["loss"]) is not None and loss >= EVEN]
    costly.sort(key=lambda t: (-t[0], t[1]["ply"]))
    return [d for _loss, d in costly[:TURNING_POINTS]]


def compare_cities(scores: list[dict[str, int]], winners: list[int], seat: int
                   ) -> Cities:
    """``seat``'s final score beside the winner's by scoring category (beside the best
    other seat's if ``seat`` won), the widest gaps first.

    Each row is a :class:`rome.ai.answers.CityRow`; ``against`` is
    the seat compared with, ``won`` whether ``seat`` is among the winners.  Categories where
    both scored nothing are left out."""
    won = seat in winners
    others = [s for s in range(len(scores)) if s != seat]
    against = (max(others, key=lambda s: (scores[s]["total"], -s)) if won
               else min(winners))
    rows: list[CityRow] = []
    for cat in CATEGORIES:
        yours, theirs = scores[seat][cat], scores[against][cat]
        if yours or theirs:
            label = CATEGORY_WORDS[cat]
            # the seat ahead in the category first: said after "where X pulled ahead",
            # "their" must be X
            words = (f"your {label} scored {yours}, theirs {theirs}" if yours > theirs
                     else f"their {label} scored {theirs}, yours {yours}")
            rows.append(CityRow(category=cat, yours=yours, theirs=theirs,
                                difference=yours - theirs, words=words))
    rows.sort(key=lambda r: (-abs(r["difference"]), CATEGORIES.index(r["category"])))
    return {"seat": seat, "against": against, "won": won,
            "yours": scores[seat]["total"], "theirs": scores[against]["total"],
            "categories": rows}


def review_game(decisions: list[ReviewLine], scores: list[dict[str, int]],
                winners: list[int], seat: int) -> GameReview:
    """The review of ``seat``'s game from its analysed decisions (in any order; one per
    ply) and the final scores and winners (:func:`rome.final_scores`,
    :func:`rome.winners`): ``decisions`` by ply, ``turning_points``, ``cities``
    (:func:`compare_cities`) and ``lost`` (the points the slips cost in all)."""
    ordered = sorted({d["ply"]: d for d in decisions}.values(), key=lambda d: d["ply"])
    return {"decisions": ordered, "turning_points": turning_points(ordered),
            "cities": compare_cities(scores, winners, seat),
            "lost": round(sum(loss for d in ordered
                              if (loss := d["loss"]) is not None and loss >= EVEN), 1)}
