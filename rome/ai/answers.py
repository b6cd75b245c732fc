"""The shapes of the AI's answers: a hint's moves (:func:`rome.ai.analyse`) and a game's
review (:func:`rome.ai.review`).

Why a module of their own: the page types what it reads from the AI worker against these
without loading the search (``rome.ai.analysis`` imports all of it).
"""

from __future__ import annotations

import json
from typing import TypedDict

from .. import JSON


class Gains(TypedDict):
    """What a plan changes for its seat at once (public data only)."""

    points: int
    influence: int
    coins: int
    bricks: int
    cards: int
    buildings: int


class Move(TypedDict):
    """One move of a hint: ``action`` the canonical text to play now, ``plan`` the whole
    macro-move it starts (up to a School's draw), ``value`` the estimated final margin
    over the other seats after it, ``loss`` how far behind the best it is, ``gains`` what
    it changes now, ``reason`` why, in words."""

    action: str
    plan: list[str]
    value: float
    loss: float
    gains: Gains
    reason: str


class ReviewLine(TypedDict):
    """One decision of a recorded game next to the best move found there: ``loss`` in
    estimated points (0: the best found; None: not valued in every sample)."""

    ply: int
    round: int
    played: str
    best: str
    loss: float | None
    played_value: float | None
    best_value: float
    reason: str



MAX_ANSWER_CHARS = 200_000
"""The longest answer read back from the AI worker: a review of a whole 4-player game is
about 20 000 characters."""


def answer_json(answer: list[Move] | list[ReviewLine]) -> str:
    """The JSON text of a hint's moves or a review, as the AI worker sends it (the one
    codec: :func:`read_moves` and :func:`read_review` read it back)."""
    return json.dumps(answer, separators=(",", ":"))


class AnswerError(ValueError):
    """What the AI worker sent is not an answer of the shape asked for."""


def _entries(text: str, what: str) -> list[dict[str, JSON]]:
    if len(text) > MAX_ANSWER_CHARS:
        raise AnswerError(f"the AI's {what} is longer than {MAX_ANSWER_CHARS} characters")
    try:
        data: JSON = json.loads(text)
    except ValueError:
        raise AnswerError(f"the AI's {what} is not JSON") from None
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        raise AnswerError(f"the AI's {what} is not a list of entries")
    return [e for e in data if isinstance(e, dict)]


def _number(entry: dict[str, JSON], key: str, what: str) -> float:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AnswerError(f"the AI's {what} has no number {key}")
    return float(value)


def _whole(entry: dict[str, JSON], key: str, what: str) -> int:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise AnswerError(f"the AI's {what} has no whole number {key}")
    return value


def _text(entry: dict[str, JSON], key: str, what: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str):
        raise AnswerError(f"the AI's {what} has no text {key}")
    return value


def _maybe(entry: dict[str, JSON], key: str, what: str) -> float | None:
    return None if entry.get(key) is None else _number(entry, key, what)


def read_moves(text: str) -> list[Move]:
    """A hint's moves from the AI worker's JSON text; AnswerError if it is not one."""
    moves = []
    for e in _entries(text, "hint"):
        plan, gains = e.get("plan"), e.get("gains")
        if not isinstance(plan, list) or not isinstance(gains, dict):
            raise AnswerError("the AI's hint has a move without its plan or gains")
        moves.append(Move(
            action=_text(e, "action", "hint"),
            plan=[a for a in plan if isinstance(a, str)],
            value=_number(e, "value", "hint"), loss=_number(e, "loss", "hint"),
            gains=Gains(points=_whole(gains, "points", "hint"),
                        influence=_whole(gains, "influence", "hint"),
                        coins=_whole(gains, "coins", "hint"),
                        bricks=_whole(gains, "bricks", "hint"),
                        cards=_whole(gains, "cards", "hint"),
                        buildings=_whole(gains, "buildings", "hint")),
            reason=_text(e, "reason", "hint")))
    return moves


def read_review(text: str) -> list[ReviewLine]:
    """A review from the AI worker's JSON text; AnswerError if it is not one."""
    return [ReviewLine(ply=_whole(e, "ply", "review"), round=_whole(e, "round", "review"),
                       played=_text(e, "played", "review"), best=_text(e, "best", "review"),
                       loss=_maybe(e, "loss", "review"),
                       played_value=_maybe(e, "played_value", "review"),
                       best_value=_number(e, "best_value", "review"),
                       reason=_text(e, "reason", "review"))
            for e in _entries(text, "review")]
