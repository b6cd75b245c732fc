"""Where keyboard focus goes (issue 33): the model's ``Focus`` effects, on CPython.

Why: a keyboard player can only build if focus lands on a choice after each move and
never on "End turn" (one Enter from ending the turn by accident); card details open only
on purpose and give focus back to the card that opened them.
"""

from __future__ import annotations

import random

import rome
from ui import model
from ui.model import Mode, UiState
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event

END_TURN = '[data-action="end"]'


def begin(seats: list[Seat], seed: int = 3, **kw: object) -> tuple[UiState, tuple]:
    return model.reduce(UiState(pace=0, **kw),
                        model.Begin(Session.new(seats, seed, False), "game.test"))


def test_focus_after_every_human_move_is_a_choice_never_end_turn() -> None:
    """A whole game: every time a human is asked, the first selector focused is where
    a choice of that decision is drawn, and no selector names the end of the turn."""
    ui, effects = begin([Seat("A", True), Seat("B", False, "random")], 8)
    chooser = at_random(random.Random(4))
    asked = 0
    for _ in range(2000):
        if ui.mode is Mode.OVER:
            break
        if ui.mode is Mode.HUMAN:
            focus = [e for e in effects if isinstance(e, model.Focus)]
            if focus:
                asked += 1
                selectors = focus[-1].selectors
                assert END_TURN not in selectors and "[data-action]" not in selectors
                verbs = {a.verb for a in rome.sensible_actions(ui.session.state)}
                first = selectors[0]
                expected = {"draft": "#prompt", "keep": "#prompt", "school": "#prompt",
                            "place": "place ", "take": "take ", "build": "[data-select]",
                            "produce": "produce"}
                wanted = [v for v in expected if v in verbs]
                assert (expected[wanted[0]] in first) if wanted else first == "#prompt"
        ui, effects = model.reduce(ui, next_event(ui, chooser))
    assert ui.mode is Mode.OVER and asked > 20


def test_decision_focus_orders_build_before_produce_and_ends_on_the_prompt() -> None:
    ui, _ = begin([Seat("A", True), Seat("B", False, "random")], 8)
    chooser = at_random(random.Random(1))
    while not {"build", "produce"} <= {a.verb for a in rome.sensible_actions(ui.session.state)} \
            or ui.mode is not Mode.HUMAN:
        ui, _ = model.reduce(ui, next_event(ui, chooser))
        assert ui.mode is not Mode.OVER
    focus = model.decision_focus(ui.session.state)
    assert focus == ("[data-select]", '[data-action="produce"]', "#prompt")
    kind = next(a.kind for a in rome.sensible_actions(ui.session.state) if a.verb == "build")
    chosen, effects = model.reduce(ui, model.Select(kind))
    assert effects == (model.Focus(('[data-action^="build "]',)),)
    # cancelling the choice gives focus back to the card chosen
    _, effects = model.reduce(chosen, model.Select(""))
    assert effects[0].selectors[0] == f'[data-select="{kind}"]'


def test_details_open_on_purpose_and_give_focus_back() -> None:
    ui, _ = begin([Seat("A", True), Seat("B", False, "random")], 8)
    opened, effects = model.reduce(ui, model.Panel("detail", "market", back='[data-card="x"]'))
    assert opened.detail == "market" and effects == (model.Focus(("#detail-close",)),)
    closed, effects = model.reduce(opened, model.Panel("detail", ""))
    assert closed.detail == "" and effects == (model.Focus(('[data-card="x"]',)),)
    # closing what is not open moves nothing
    assert model.reduce(closed, model.Panel("detail", ""))[1] == ()
