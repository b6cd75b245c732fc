"""How a game comes on the table without the new-game screen: the page's opening, the
guided game taken up where it was left, a rematch.

Why in the model: the page object used to decide these itself, reading the address and
storage as it went (which game the page opens on; whether "Rematch" may drop an unsaved
game). Decided here from events that carry what the page read, they are pure functions
tested on CPython, and a page whose UI runs in a worker (issue 44) only posts the events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ui.model.effects import Effect, ForgetAddress, ReadGuided, Result, StartGame
from ui.model.events import (
    Begin,
    Event,
    GuidedRead,
    Learn,
    Leave,
    Notice,
    OpenForm,
    Opening,
    Rematch,
    Resume,
    Setting,
)
from ui.model.newgame import seats_for
from ui.model.page import leave
from ui.model.state import UiState
from ui.tutorial.course import Tutorial, finished
from ui.tutorial.first_game import FIRST_GAME
from ui.tutorial.save import Guided

Reducer = Callable[[UiState, Event], Result]


def opening(ui: UiState, event: Opening, reduce: Reducer) -> Result:
    """What the page opens on: the game the address asks for (taken off the address, so a
    reload resumes it), else the guided game if it was on the table, else the last game
    saved here, else the new-game screen; the address's refusal opens the screen saying it.

    Every notice of the opening (damaged settings, a refused ``pace=``, a guided game that
    could not be read) is carried to the first table, whose start would otherwise clear
    it; closed storage is not: that game's refused save says it."""
    done: list[Effect] = []

    def then(step: Event) -> None:
        nonlocal ui
        ui, more = reduce(ui, step)
        done.extend(more)

    options = event.options
    if options.pace is not None:  # for this visit only
        then(Setting("pace", options.pace, remember=False))
    for note in options.notes:
        then(Notice(note))
    if event.guided.problem:
        then(Notice(_not_resumed(event.guided.problem)))
    if options.error:
        done.append(ForgetAddress())
        then(OpenForm(notice=options.error))
        return ui, tuple(done)
    ui = replace(ui, carried=tuple(n for n in ui.notices if n != event.closed))
    kept = event.guided.kept
    if options.seats:
        done += [ForgetAddress(), StartGame(tuple(seats_for(options.seats)), options.seed,
                                            options.shrine)]
    elif kept is not None and kept.on:
        then(taken_up(event.guided))
    elif event.last_slot is not None:
        then(Resume(event.last_slot))
    else:
        then(OpenForm())
    return ui, tuple(done)


def taken_up(guided: Guided) -> Begin:
    """The guided game where it was left, or from its start if none was kept or the
    learner finished it."""
    kept = guided.kept
    if kept is None or finished(kept.course, kept.session, kept.tutorial):
        course = FIRST_GAME if kept is None else kept.course
        return Begin(course.fresh(), None, tutorial=Tutorial(course.key))
    return Begin(kept.session, None, tutorial=kept.tutorial)


def learn(ui: UiState, event: Learn) -> Result:
    return ui, (ReadGuided(),)


def guided_read(ui: UiState, event: GuidedRead, reduce: Reducer) -> Result:
    """"Learn to play" answered: the guided game on the table, saying first why what was
    kept could not be read."""
    if event.guided.problem:
        ui, first = reduce(ui, Notice(_not_resumed(event.guided.problem)))
        ui = replace(ui, carried=ui.notices)
    else:
        first = ()
    ui, more = reduce(ui, taken_up(event.guided))
    return ui, (*first, *more)


def rematch(ui: UiState, event: Rematch) -> Result:
    """The same seats again with a new seed; a game that could not be saved is never
    dropped in one click (``ui.model.page.leave`` asks first)."""
    s = ui.session
    if s is None:
        return ui, ()
    if ui.save_failed:
        return leave(ui, Leave())
    return ui, (StartGame(tuple(s.seats), None, s.shrine),)


def _not_resumed(problem: str) -> str:
    return f"The guided game could not be resumed: {problem}. It starts again."
