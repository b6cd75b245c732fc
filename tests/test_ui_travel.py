"""A computer's new building travels to its city and stays outlined (issue 11), on CPython.

Why here: *whether* a move travels, for how long, and how long its outline stays are
decisions of the model and the view; the page only runs the animation it is given
(``e2e/test_travel.py`` checks that, and that nothing moves under reduced motion).
"""

from __future__ import annotations

import random
import re

import rome
from ui import model
from ui.model import Mode, UiState
from ui.render_table import regions
from ui.session import Seat, Session
from ui.view import table_view

TABLE = [Seat("Ann", True), Seat("Bot", False, "greedy")]


def cell_classes(ui: UiState, seat: int, row: int, col: int) -> list[str]:
    html = "".join(regions(table_view(ui)).values())
    found = re.search(rf'<button type="button" class="([^"]*)"[^>]*data-pos="{seat}:{row},{col}"',
                      html)
    assert found, f"no cell {seat}:{row},{col} drawn"
    return found.group(1).split()


def computer_builds(pace: int, seed: int = 3) -> tuple[UiState, UiState, tuple]:
    """Play (random human, the computer building whenever it can) until the computer's
    first build: the UI state before and after it, and the effects of that answer."""
    ui, _ = model.reduce(UiState(pace=pace), model.Begin(Session.new(TABLE, seed, False)))
    rng = random.Random(seed)
    for _ in range(600):
        s = ui.session
        offered = rome.sensible_actions(s.state)
        if ui.mode is Mode.HUMAN:
            ui, _ = model.reduce(ui, model.Act(rng.choice(offered)))
        elif ui.mode is Mode.AUTOMATIC:
            ui, _ = model.reduce(ui, model.Tick(ui.generation))
        else:
            builds = [a for a in offered if a.verb == "build"]
            answer = model.Answer(ui.generation, str((builds or offered)[0]))
            after, effects = model.reduce(ui, answer)
            if builds:
                return ui, after, effects
            ui = after
    raise AssertionError("the computer never built")


def test_a_computers_build_travels_for_under_400_ms_never_past_the_pace() -> None:
    _before, after, effects = computer_builds(pace=800)
    built = rome.Action.parse(after.session.actions[-1])
    travels = [e for e in effects if isinstance(e, model.Travel)]
    assert travels == [model.Travel(1, built.row, built.col, model.TRAVEL_MS)]
    assert model.TRAVEL_MS < 400
    _b, _a, effects = computer_builds(pace=250)
    assert [e.ms for e in effects if isinstance(e, model.Travel)] == [250]


def test_nothing_travels_at_the_instant_pace_or_for_the_humans_own_build() -> None:
    _b, _a, effects = computer_builds(pace=0)
    assert not any(isinstance(e, model.Travel) for e in effects)
    ui, _ = model.reduce(UiState(pace=800), model.Begin(Session.new(TABLE, 3, False)))
    rng = random.Random(1)
    for _ in range(600):
        s = ui.session
        offered = rome.sensible_actions(s.state)
        builds = [a for a in offered if a.verb == "build"]
        if ui.mode is Mode.HUMAN and builds:
            ui, effects = model.reduce(ui, model.Act(builds[0]))
            assert not any(isinstance(e, model.Travel) for e in effects)
            return
        if ui.mode is Mode.HUMAN:
            ui, _ = model.reduce(ui, model.Act(rng.choice(offered)))
        elif ui.mode is Mode.AUTOMATIC:
            ui, _ = model.reduce(ui, model.Tick(ui.generation))
        else:
            ui, _ = model.reduce(ui, model.Answer(ui.generation, str(offered[0])))
    raise AssertionError("the human never built")


def test_the_new_building_stays_outlined_until_the_humans_next_decision() -> None:
    _before, ui, _ = computer_builds(pace=800)
    built = rome.Action.parse(ui.session.actions[-1])
    where = (1, built.row, built.col)
    assert {"recent", "fresh"} <= set(cell_classes(ui, *where))
    while ui.mode is not Mode.HUMAN:  # the computer ends its turn; more moves may follow
        s = ui.session
        if ui.mode is Mode.AUTOMATIC:
            ui, _ = model.reduce(ui, model.Tick(ui.generation))
        else:
            ends = [a for a in rome.sensible_actions(s.state) if a.verb != "build"]
            ui, _ = model.reduce(ui, model.Answer(ui.generation, str(ends[0])))
        assert "recent" in cell_classes(ui, *where)
    ui, _ = model.reduce(ui, model.Act(rome.sensible_actions(ui.session.state)[0]))
    assert "recent" not in cell_classes(ui, *where)
