"""What the hint and the review share, light enough for the page to import at start-up.

Why apart from :mod:`rome.ai.analysis`: the page asks for advice with these (which level,
which seed) and words the answer with them (how close is "about as good as"), while the
search that works the advice out loads only in the AI worker.  Declared once here, the
two kinds of advice cannot drift apart.
"""

from __future__ import annotations

ADVICE_LEVEL = "hard"
"""The one level of all advice, hint and review alike: the strongest level whose search
the hint can widen within 1.5 times its decision's time at the 95th percentile
(:func:`rome.ai.analysis.hint_level`) without slowing the game.  A level that fits takes
its place here, and the hint and the review follow.  A review analyses each decision on its
own (:func:`rome.ai.review_decision`), so the page prepares it while the human thinks.

Not ``expert``: its advice costs what its decision does, 2-3 times hard's hint (CPython,
2026-11-28: 0.7-1.1 s against 0.3-0.4 s in a duel, 0.3-0.55 s against 0.23-0.31 s with
four seats); the one worker analyses each human decision while the human thinks, and a
computer's next move can wait behind that analysis, so a turn could wait that much longer;
nor has a hint at expert's settings been measured as a hint (docs/ai.md, "The hint's
strength")."""

ADVICE_SOURCE = "the Hard computer player"
""":data:`ADVICE_LEVEL` in a player's words, for the one line that names it."""

EVEN = 1.0
"""Estimated points within which two moves are about as good as each other: the analysis
deals only a few hands, and between two deals one move's value differs about this much."""


def advice_seed(game_seed: int, ply: int) -> int:
    """The seed of the advice at the decision after ``ply`` actions of the game seeded
    ``game_seed``: the hint asked there and the review of that decision both use it, so
    they deal the same hidden cards and say the same thing."""
    return (game_seed * 1009 + ply) & 0xFFFFFFFF
