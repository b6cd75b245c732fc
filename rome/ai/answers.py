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


class Mark(TypedDict):
    """Where one action of a suggested plan is on the table, for the page to mark: the
    card, the offer's deck, the city space as ``[row, column]``, the strip space."""

    verb: str
    card: str | None
    deck: str | None
    cell: list[int] | None
    space: int | None


class Move(TypedDict):
    """One move of a hint: ``action`` the canonical text to play now, ``plan`` the whole
    macro-move it starts (up to a School's draw), ``marks`` where each of its actions is,
    ``value`` the estimated final margin over the other seats after it, ``loss`` how far
    behind the first it is, ``looks`` how often a search tree came back to it (0 when
    roll-outs ranked the moves: its value is then as sure as the first's), ``now`` /
    ``sets_up`` / ``costs`` the points it scores now, sets up and gives up, ``gains`` what
    it changes now, ``words`` the move told apart from the other suggestions', ``reason``
    what it does and ``why`` why it ranks above the next."""

    action: str
    plan: list[str]
    marks: list[Mark]
    value: float
    loss: float
    looks: int
    now: int
    sets_up: float
    costs: float
    gains: Gains
    words: str
    reason: str
    why: str


class ReviewLine(TypedDict):
    """One decision of a game next to the best move found there (the hint's own analysis):
    ``loss`` in estimated points (0: the best found; None: not valued in every deal), the
    words and points now of both moves, ``reason`` the best move's."""

    ply: int
    round: int
    played: str
    best: str
    loss: float | None
    played_value: float | None
    best_value: float
    played_words: str
    best_words: str
    played_now: int
    best_now: int
    played_reason: str
    reason: str


class CityRow(TypedDict):
    """One scoring category of two final cities: ``difference`` is yours minus theirs."""

    category: str
    yours: int
    theirs: int
    difference: int
    words: str


class Cities(TypedDict):
    """A seat's final score beside the winner's (beside the best other seat's when the seat
    won), by category, the widest gaps first."""

    seat: int
    against: int
    won: bool
    yours: int
    theirs: int
    categories: list[CityRow]


class GameReview(TypedDict):
    """A finished game's review: its decisions by ply, the turning points (the costliest),
    the cities side by side and the points the slips lost in all."""

    decisions: list[ReviewLine]
    turning_points: list[ReviewLine]
    cities: Cities
    lost: float


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


def _maybe_whole(entry: dict[str, JSON], key: str, what: str) -> int | None:
    return None if entry.get(key) is None else _whole(entry, key, what)


def _mark(entry: JSON) -> Mark:
    if not isinstance(entry, dict):
        raise AnswerError("the AI's hint has a mark that is not an entry")
    card, deck, cell = entry.get("card"), entry.get("deck"), entry.get("cell")
    if not all(x is None or isinstance(x, str) for x in (card, deck)):
        raise AnswerError("the AI's hint has a mark whose card or deck is not text")
    if cell is not None and not (isinstance(cell, list) and len(cell) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in cell)):
        raise AnswerError("the AI's hint has a mark whose cell is not a row and a column")
    return Mark(verb=_text(entry, "verb", "hint"),
                card=card if isinstance(card, str) else None,
                deck=deck if isinstance(deck, str) else None,
                cell=None if cell is None else [x for x in cell if isinstance(x, int)],
                space=_maybe_whole(entry, "space", "hint"))


def read_moves(text: str) -> list[Move]:
    """A hint's moves from the AI worker's JSON text; AnswerError if it is not one."""
    moves = []
    for e in _entries(text, "hint"):
        plan, gains, marks = e.get("plan"), e.get("gains"), e.get("marks")
        if (not isinstance(plan, list) or not isinstance(gains, dict)
                or not isinstance(marks, list)):
            raise AnswerError("the AI's hint has a move without its plan, marks or gains")
        moves.append(Move(
            action=_text(e, "action", "hint"),
            plan=[a for a in plan if isinstance(a, str)],
            marks=[_mark(m) for m in marks],
            value=_number(e, "value", "hint"), loss=_number(e, "loss", "hint"),
            looks=_whole(e, "looks", "hint"), now=_whole(e, "now", "hint"),
            sets_up=_number(e, "sets_up", "hint"), costs=_number(e, "costs", "hint"),
            gains=Gains(points=_whole(gains, "points", "hint"),
                        influence=_whole(gains, "influence", "hint"),
                        coins=_whole(gains, "coins", "hint"),
                        bricks=_whole(gains, "bricks", "hint"),
                        cards=_whole(gains, "cards", "hint"),
                        buildings=_whole(gains, "buildings", "hint")),
            words=_text(e, "words", "hint"), reason=_text(e, "reason", "hint"),
            why=_text(e, "why", "hint")))
    return moves


def read_review_line(e: dict[str, JSON]) -> ReviewLine:
    """One decision of a review from its JSON entry; AnswerError if it is not one."""
    return ReviewLine(ply=_whole(e, "ply", "review"), round=_whole(e, "round", "review"),
                      played=_text(e, "played", "review"), best=_text(e, "best", "review"),
                      loss=_maybe(e, "loss", "review"),
                      played_value=_maybe(e, "played_value", "review"),
                      best_value=_number(e, "best_value", "review"),
                      played_words=_text(e, "played_words", "review"),
                      best_words=_text(e, "best_words", "review"),
                      played_now=_whole(e, "played_now", "review"),
                      best_now=_whole(e, "best_now", "review"),
                      played_reason=_text(e, "played_reason", "review"),
                      reason=_text(e, "reason", "review"))


def read_review(text: str) -> list[ReviewLine]:
    """A review from the AI worker's JSON text; AnswerError if it is not one."""
    return [read_review_line(e) for e in _entries(text, "review")]
