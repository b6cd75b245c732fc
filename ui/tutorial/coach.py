"""What a course says at any point of its game: the step engine's reading of a position.

Why pure functions of the course, its progress and the game on the table: a reload, an
undo or a lesson's start put the game anywhere, and what the course says there must
follow from that alone (never from what it said before). The panel draws a
:class:`Shown`; the reducer asks :func:`answer` when a choice is not the one asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

import rome
from ui.saves.session import Session
from ui.tutorial.course import Course, Tutorial, asked, played_out
from ui.tutorial.narration import told
from ui.tutorial.position import Position, fill
from ui.words import facts


@dataclass(frozen=True)
class Shown:
    """The course's panel at one moment."""

    answer: str = ""  # why the choice just tried is not the one asked for
    told: tuple[str, ...] = ()  # the other seats' turns since the learner's last move
    words: tuple[str, ...] = ()  # what the course teaches here, a paragraph each
    ask: str = ""  # the move asked for, in words ("" none: others play, or a page)
    how: str = ""  # how to make it on the table (said the first time a move of its kind is)
    anchor: str = ""  # the rules section it teaches ("More in the rules")
    next: bool = False  # a page after the game: a "Next" button moves on
    done: bool = False  # the course is over
    marks: tuple[str, ...] = ()  # the learner's city cells a page marks (``data-pos``)
    progress: str = ""  # how far along, in words
    waiting: str = ""  # who plays while the learner watches ("" the learner decides)


def names_of(session: Session) -> tuple[str, ...]:
    return tuple(seat.name for seat in session.seats)


def position(course: Course, session: Session) -> Position:
    """The position the course speaks at now, with the move it asks for, if any."""
    wanted = asked(course, session)
    return Position(session.state, course.learner,
                    rome.Action.parse(wanted) if wanted is not None else None,
                    names_of(session))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _how(action: rome.Action, selection: str) -> str:
    """How the move asked for is made on the table (a build takes two clicks)."""
    if action.verb == "build":
        return ("Choose the card in your hand, then the marked space in your city."
                if selection != action.kind else "Now choose the marked space in your city.")
    if action.verb == "place":
        return "Choose the marked space of the action strip."
    if action.verb == "take":
        return "Choose the marked card of the offer."
    return "Choose the marked button."


def _marks(course: Course, session: Session, shows: str) -> tuple[str, ...]:
    """The learner's city cells that the scoring category ``shows`` counts."""
    me = rome.observation(session.state, course.learner)["players"][course.learner]
    kinds = facts.kinds_of(me)
    if shows == "residential":
        cells = [pos for area, points, _bath in facts.areas(me) if points for pos in area]
    elif shows == "baths":
        cells = [pos for pos, k in kinds.items() if rome.BUILDINGS[k].build_points >= 0]
    else:
        cells = [pos for pos, k in kinds.items() if rome.BUILDINGS[k].type == shows]
    return tuple(f"{course.learner}:{r},{c}" for r, c in sorted(cells))


def _after(course: Course, tutorial: Tutorial, session: Session) -> Shown:
    """The pages read after the last move, then the end."""
    here = position(course, session)
    if tutorial.page >= len(course.pages):
        return Shown(words=(fill(course.done, here),), done=True)
    page = course.pages[tutorial.page]
    return Shown(answer=tutorial.answer, words=(fill(page.words, here),), anchor=page.anchor,
                 next=True, marks=_marks(course, session, page.shows) if page.shows else (),
                 progress=f"Scoring, page {tutorial.page + 1} of {len(course.pages)}")


def shown(course: Course, tutorial: Tutorial, session: Session, selection: str,
          deciding: bool) -> Shown:
    """What the course's panel says now; ``deciding``: the learner is being asked (the
    table waits for them), so the move asked for is said with how to make it."""
    if played_out(course, session):
        return _after(course, tutorial, session)
    names = names_of(session)
    ply = len(session.actions)
    now = rome.observation(session.state, 0)["round"]
    progress = f"Round {now} of {facts.rounds(len(names))}" if now else "The opening draft"
    story = told(session, course.learner, names)
    here = position(course, session)
    if not deciding or here.action is None:
        cur = session.current
        return Shown(told=story, progress=progress,
                     waiting=f"{names[cur]} is playing." if cur is not None else "")
    step = course.step_at(ply)
    words = [fill(step.words, here)] if step.words else []
    if course.learner not in session.actors:
        words.insert(0, fill(course.opening, here))
    verb = here.action.verb
    first = not any(seat == course.learner and not auto and text.split()[0] == verb
                    for seat, auto, text in zip(session.actors, session.auto,
                                                session.actions, strict=True))
    return Shown(answer=tutorial.answer, told=story, words=tuple(words),
                 ask=_capital(rome.move_words(session.state, here.action)) + ".",
                 how=_how(here.action, selection) if first else "", anchor=step.anchor,
                 progress=progress)


def answer(course: Course, session: Session, tried: rome.Action | str) -> str:
    """Why the course asks for its move now rather than ``tried`` (a move, or the kind of
    a card chosen to build), in the course's words."""
    here = position(course, session)
    step = course.step_at(len(session.actions))
    if step.explain is not None:
        return step.explain(session.state, tried)
    if isinstance(tried, str):
        what = f"build the {rome.BUILDINGS[tried].name}"
    else:
        what = rome.move_words(session.state, tried)
    return f"You chose to {what}. " + fill(course.lead + (step.why or course.why), here)
