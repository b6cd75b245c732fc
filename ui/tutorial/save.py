"""The guided game's storage: one key of its own, apart from the player's saved games.

Why apart: a course's game is not the player's (its moves are laid out for them), so it
must never be listed among saved games, resumed as one, or counted in any record of
results; and "Learn to play" must find it again where it was left. So it lives under
``tutorial`` (never ``game.<slot>``, which the slot list reads), with its progress and
whether it was on the table when the page closed (a reload then resumes it).

What is read back is checked as any stored game is (bounded before parsing, every move
by the engine) and must be the course's own game, along its recorded moves; anything
else raises :class:`SaveError` with a sentence (the value is set aside), and the page starts
the course again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ui.bounds import Place, Whole
from ui.saves.save import parse_bounded
from ui.saves.session import SaveError, Session
from ui.saves.storage import Store
from ui.tutorial.course import Course, Tutorial, follows
from ui.tutorial.courses import COURSES

KEY = "tutorial"
MAX_CHARS = 40_000
"""The guided game's whole record is about 4 000 characters."""
STORED = Place("the guided game's", SaveError)


@dataclass(frozen=True)
class Kept:
    """The course's game as it was stored: the game, its progress, whether it was on the
    table."""

    course: Course
    session: Session
    tutorial: Tutorial
    on: bool


@dataclass(frozen=True)
class Guided:
    """The guided game as storage keeps it: ``kept`` (None: none), or ``problem``, why
    what was kept could not be read (it is set aside)."""

    kept: Kept | None = None
    problem: str = ""


def write(store: Store, session: Session, tutorial: Tutorial, on: bool = True) -> None:
    """Keep the course's game (where storage refuses, the game goes on unkept)."""
    data = {"course": tutorial.course, "page": tutorial.page, "on": on,
            "game": session.to_save()}
    store.set(KEY, json.dumps(data, separators=(",", ":")))


def read(store: Store) -> Kept | None:
    """The course's game kept, None when there is none; raises :class:`SaveError` (a
    sentence) when what is kept is damaged or not a course's game (it is then set aside,
    as every damaged value is: kept under ``damaged.tutorial.<n>``, never destroyed)."""
    text = store.get(KEY)
    if text is None:
        return None
    try:
        return _parse(text)
    except SaveError:
        store.set_aside(KEY, text)
        raise


def guided(store: Store) -> Guided:
    """:func:`read`, its refusal a value: what the page hands to the reducer."""
    try:
        return Guided(read(store))
    except SaveError as exc:
        return Guided(problem=str(exc))


def _parse(text: str) -> Kept:
    data = parse_bounded(text, "the guided game", MAX_CHARS)
    if not isinstance(data, dict):
        raise SaveError("the guided game is damaged (not a game record)")
    course = COURSES.get(str(data.get("course")))
    if course is None:
        raise STORED.refuse("course", f"one of {', '.join(COURSES)}", data.get("course"))
    page = STORED.whole("page", Whole(0, len(course.pages)), data.get("page"))
    on = STORED.flag("flag on the table", data.get("on"))
    session = Session.from_save(data.get("game"))
    if not follows(course, session):
        raise SaveError("the guided game's moves are not the course's")
    return Kept(course, session, Tutorial(course.key, page), on)


def off_table(store: Store) -> None:
    """The course's game is no longer on the table (another game is): a reload resumes
    that one, and "Learn to play" still finds the course where it was left. Only the flag
    changes (the rest is checked when it is read), so no move is replayed here."""
    text = store.get(KEY)
    try:
        data = parse_bounded(text, "the guided game", MAX_CHARS) if text else None
    except SaveError:
        return  # read() reports it when the course is asked for
    if isinstance(data, dict) and data.get("on") is True:
        store.set(KEY, json.dumps({**data, "on": False}, separators=(",", ":")))
