"""Following a course through the UI model on CPython, as the browser test does on the page:
only ever doing what ``data-tutorial-target`` marks.

Why a driver of its own: the page marks the control a course asks for
(``ui.render.tutorial.target``); here that control becomes the event its click would
dispatch, and the page's half of the loop (a wait's tick) is played as the page plays it.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path

import rome
from ui import model
from ui.model import Mode, UiState
from ui.render.tutorial import render_tutorial, target
from ui.tutorial.course import Tutorial
from ui.tutorial.first_game import FIRST_GAME

AREAS: dict[str, list[str]] = {
    area: words for area, words in json.loads(
        (Path(__file__).parent / "data" / "tutorial_areas.json").read_text()).items()
    if not area.startswith("_")}
"""The rule areas the guided game must teach, with words that must appear for each."""
TAG = re.compile(r"<[^>]*>")
TEXT = re.compile(r'<div class="tutorial-text" data-tutorial-text>(.*?)</div>', re.S)


def start(pace: int = 0) -> tuple[UiState, tuple[model.Effect, ...]]:
    """The guided game put on a fresh table, as "Learn to play" puts it."""
    return model.reduce(UiState(pace=pace), model.Begin(FIRST_GAME.fresh(), None,
                                                        tutorial=Tutorial(FIRST_GAME.key)))


def click(ui: UiState) -> model.Event:
    """The event a click on the marked control dispatches."""
    asked = target(ui)
    assert asked is not None, f"nothing is marked in {ui.mode} at move {len(ui.session.actions)}"
    found = re.fullmatch(r'\[data-(select|action)="(.*)"\]|#tutorial-next', asked.selector)
    assert found is not None, asked.selector
    if found.group(1) == "select":
        return model.Select(found.group(2))
    if found.group(1) == "action":
        return model.Act(rome.Action.parse(found.group(2)))
    return model.TutorialNext()


def words(ui: UiState) -> str:
    """The course's current words, as the panel's ``data-tutorial-text`` shows them."""
    found = TEXT.search(render_tutorial(ui))
    return " ".join(html.unescape(TAG.sub(" ", found.group(1))).split()) if found else ""


def follow(ui: UiState, effects: tuple[model.Effect, ...] = ()
           ) -> Iterator[tuple[UiState, tuple[model.Effect, ...]]]:
    """Every state from ``ui`` to the course's end, doing only what it marks, and the
    effects of the event that led to each."""
    yield ui, effects
    for _ in range(1000):
        if "data-tutorial-done" in render_tutorial(ui):
            return
        if target(ui) is not None:
            event = click(ui)
        else:
            assert ui.mode in (Mode.AUTOMATIC, Mode.COMPUTER), ui.mode
            event = model.Tick(ui.generation)
        ui, effects = model.reduce(ui, event)
        yield ui, effects
    raise AssertionError("the course did not end within 1000 events")
