"""The reducer's half for a course on the table (issue 41): the guided first game, and
the lessons that reuse it.

Why so little: the game itself runs as every game does (``ui.model.game`` and ``flow``);
a course only narrows what its learner may play (the move its step asks for; any other
is answered with why, never silently refused), replays its other seats' recorded moves
instead of asking the AI, and turns the pages read after its last move. What it says is
worked out by ``ui.tutorial.coach`` from the game on the table.
"""

from __future__ import annotations

from dataclasses import replace

import rome
from ui.model.effects import Focus, KeepTutorial, Result
from ui.model.events import TutorialNext
from ui.model.flow import played
from ui.model.state import UiState
from ui.tutorial import coach
from ui.tutorial.course import Course, accepted, fulfils, played_out, scripted
from ui.tutorial.courses import COURSES
from ui.tutorial.marks import NEXT, TARGET


def course_of(ui: UiState) -> Course | None:
    """The course on the table (None: a game of the player's own)."""
    return COURSES.get(ui.tutorial.course) if ui.tutorial is not None else None


def refused(ui: UiState, tried: rome.Action | str) -> Result | None:
    """None when the course lets ``tried`` through (the move it asks for, or the card of
    the build it asks for, ``tried`` being that card's kind); else the table answering why
    the course asks for its own move now, with focus back on the control it asks for."""
    course, s, progress = course_of(ui), ui.session, ui.tutorial
    if course is None or s is None or progress is None:
        return None
    if played_out(course, s) and not rome.is_over(s.state):
        return ui, ()  # a lesson's task is done: its table asks nothing more
    if isinstance(tried, str):
        wanted = accepted(course, s)
        if not wanted or tried in {rome.Action.parse(text).kind for text in wanted}:
            return None
    elif fulfils(course, s, tried):
        return None
    answered = replace(progress, answer=coach.answer(course, s, tried))
    return replace(ui, tutorial=answered), (Focus((f"[{TARGET}]",)),)


def heard(ui: UiState) -> UiState:
    """The course's answer to an earlier choice is forgotten once the asked move is made."""
    if ui.tutorial is None or not ui.tutorial.answer:
        return ui
    return replace(ui, tutorial=replace(ui.tutorial, answer=""))


def replay(ui: UiState) -> Result:
    """The recorded move of the seat the course plays itself."""
    course, s = course_of(ui), ui.session
    text = scripted(course, s) if course is not None and s is not None else None
    if text is None:
        return ui, ()
    return played(replace(ui, thinking=""), text, auto=False)


def next_page(ui: UiState, event: TutorialNext) -> Result:
    """On to the next page after the course's game (past the last: the course is done)."""
    course, s, progress = course_of(ui), ui.session, ui.tutorial
    if course is None or s is None or progress is None or not played_out(course, s) \
            or progress.page >= len(course.pages):
        return ui, ()
    turned = replace(progress, page=progress.page + 1, answer="")
    return (replace(ui, tutorial=turned),
            (KeepTutorial(s, turned), Focus((f"#{NEXT}", "[data-tutorial-done] button"))))
