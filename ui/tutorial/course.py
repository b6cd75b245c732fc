"""What a course is, and how far its player has come: the step engine's data.

Why a course is a recorded game: every sentence it says is about a position, and only a
position that is certain to arise can be described truly. So a course fixes a seed and
every move of the game (the other seats' and the forced ones too, ``script``); the seat
it guides (``learner``) is asked for its moves one at a time, and the others replay
theirs. A step is keyed by the position it speaks at (``ply``: the moves played before
it), and its words are templates filled from that position by the engine
(``ui.tutorial.position``), so a number in them is the game's own.

A lesson (``embed.html?view=lesson``) is the same thing, shorter: a seed and the moves
that reach its position, then one step whose task is checked by the engine (``accept``:
the moves that fulfil it, when more than the recorded one do).

The progress (:class:`Tutorial`) is a field of ``UiState``: which course, the page read
after its last move, and the answer given to a choice it did not ask for. Everything else
(which step, what it asks for) follows from the game on the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import rome
from ui.saves.session import Seat, Session


@dataclass(frozen=True)
class Step:
    """What a course says at one decision of its learner.

    ``ply``: the position (moves played before it). ``words``: what it teaches there, a
    template of :mod:`ui.tutorial.position`'s fields ("" when the move asked for says
    enough). ``anchor``: the rules section it teaches (``ui.words.anchors``; ""
    none). ``why``: why this move is asked for, said after the course's ``lead`` when
    another is tried (a template; "" for the course's own). ``accept``: more moves that
    fulfil the task (a lesson's; the recorded move always does). ``explain``: why a
    choice tried here is not the one asked for, worked out from the position and that
    choice (a lesson's; a move, or the kind of a card chosen to build), instead of
    ``why``."""

    ply: int
    words: str = ""
    anchor: str = ""
    why: str = ""
    accept: Callable[[rome.GameState], frozenset[str]] | None = None
    explain: Callable[[rome.GameState, rome.Action | str], str] | None = None


@dataclass(frozen=True)
class Page:
    """A page read after the course's last move, with a "Next" button: its words (a
    template), its rules section, and the scoring category (``rome.CATEGORIES``) whose
    buildings it marks in the learner's city ("" none)."""

    words: str
    anchor: str = ""
    shows: str = ""


@dataclass(frozen=True)
class Course:
    """A guided game: where it starts, every move of it, and what it says."""

    key: str  # its name in storage and in ``Tutorial.course``
    title: str
    seed: int
    seats: tuple[Seat, ...]
    learner: int  # the seat the course guides (the human's)
    script: tuple[str, ...]  # every move of the game, in order (canonical texts)
    steps: tuple[Step, ...]
    opening: str  # said with the first step: the theme and the goal
    pages: tuple[Page, ...]  # read after the last move
    done: str  # said at the end
    lead: str  # the answer to another choice, before its reason (a template)
    why: str  # why a move is asked for, where a step says nothing (a template)

    def step_at(self, ply: int) -> Step:
        """The step of the position after ``ply`` moves (a bare one where the course has
        nothing to add to the move it asks for)."""
        return self.by_ply.get(ply) or Step(ply)

    @cached_property
    def by_ply(self) -> dict[int, Step]:
        """The steps by position."""
        return {s.ply: s for s in self.steps}

    def fresh(self) -> Session:
        """The course's game at its start."""
        return Session.new(list(self.seats), self.seed, False)


@dataclass(frozen=True)
class Tutorial:
    """A course on the table: its key, the page read after its last move (``len(pages)``:
    finished), why the choice last tried is not the one asked for ("" none), and whether
    its game is kept in storage (a lesson's never is: a frame on a rules page keeps
    nothing)."""

    course: str
    page: int = 0
    answer: str = ""
    kept: bool = True


def follows(course: Course, session: Session) -> bool:
    """Is ``session`` the course's game, played as far as it goes along its script?"""
    return (session.seed == course.seed and not session.shrine
            and tuple(session.seats) == course.seats
            and tuple(session.actions) == course.script[:len(session.actions)])


def played_out(course: Course, session: Session) -> bool:
    """Has the course's script been played to its end (the first game's ends with the
    game, a lesson's with the move it asks for)?"""
    return rome.is_over(session.state) or len(session.actions) >= len(course.script)


def accepted(course: Course, session: Session) -> frozenset[str]:
    """The moves that do what the course asks for now (none: nothing is asked)."""
    wanted = asked(course, session)
    if wanted is None:
        return frozenset()
    step = course.step_at(len(session.actions))
    more = step.accept(session.state) if step.accept is not None else frozenset()
    return more | {wanted}


def asked(course: Course, session: Session) -> str | None:
    """The move the course asks its learner for now (None: it is not the learner's
    decision, or the script has run out)."""
    ply = len(session.actions)
    if ply >= len(course.script) or session.current != course.learner:
        return None
    return course.script[ply]


def scripted(course: Course, session: Session) -> str | None:
    """The recorded move of whoever acts now (the other seats replay theirs)."""
    ply = len(session.actions)
    return course.script[ply] if ply < len(course.script) else None


def fulfils(course: Course, session: Session, action: rome.Action) -> bool:
    """Does ``action`` do what the course asks for now?"""
    return str(action) in accepted(course, session)


def finished(course: Course, session: Session, tutorial: Tutorial) -> bool:
    """Has the learner read the last page after the last move?"""
    return played_out(course, session) and tutorial.page >= len(course.pages)
