"""Friends sharing one screen (issue 40): every human gets the main area at their turn, the
others keep their places, the hand-over says so, and opening the hands asks first.

Why on CPython: where each seat is drawn and what the hand-over says are decided by the
model and the pure renderers; the browser test (``e2e/test_hotseat.py``) measures the
sizes the stylesheet gives them.
"""

from __future__ import annotations

import random
import re

from ui import model
from ui.model import Mode, UiState
from ui.model.page import HANDS_HIDDEN, HANDS_OPENED
from ui.render import log_view
from ui.render.handover import render_handover
from ui.render.messages import line_id, render_messages
from ui.render.table import main_seat, regions
from ui.render.table_layout import controls
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event, play_until

TRIO = [Seat("Ann", True), Seat("Bea", True), Seat("Cy", False, "random")]


def begin(seats: list[Seat], seed: int = 3, **kw: object) -> tuple[UiState, tuple]:
    return model.reduce(UiState(pace=0, **kw),
                        model.Begin(Session.new(seats, seed, False), "game.test"))


def test_hot_seat_gives_each_human_the_main_area_and_keeps_the_others_in_seat_order() -> None:
    """Two humans and a computer, hands hidden: at every human's decision that human is
    drawn in the main area, with hand and city; every other seat is in the side panel in
    seat order; between turns and during a hand-over the main area keeps the human who
    played last, and the hand-over says whose city moves there."""
    ui, _ = begin(TRIO, 5)
    chooser = at_random(random.Random(2))
    actors, handovers, last = set(), 0, 0
    for _ in range(400):
        view = table_view(ui)
        html = regions(view)
        main = main_seat(view)
        others = [int(x) for x in re.findall(r'<section class="player[^"]*" data-seat="(\d)"',
                                             html["others"])]
        assert others == [seat for seat in range(3) if seat != main]
        assert f'data-seat="{main}"' in html["me"]
        cur = ui.session.current
        if ui.mode is Mode.HUMAN:
            assert main == cur == view.viewer
            assert 'class="hand own" data-region="hand"' in html["me"]
            actors.add(cur)
            last = cur
        elif ui.mode is Mode.HANDOVER:
            assert main == last and view.viewer is None
            words = render_handover(view)
            assert f"Pass the screen to {view.names[cur]}" in words
            assert (f"{view.names[cur]}'s city and hand then take the main area"
                    in words) == (cur != main)
            handovers += 1
        else:
            assert main == last
        if ui.mode is Mode.OVER:
            break
        ui, _ = model.reduce(ui, next_event(ui, chooser))
    assert actors == {0, 1} and handovers >= 4


def asking(ui: UiState) -> bool:
    return any(m.kind == "reveal" for m in ui.messages)


def test_opening_the_hands_mid_game_asks_first_and_the_log_says_so() -> None:
    ui, _ = begin(TRIO, 5)
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN and len(u.session.actions) > 4,
                    at_random(random.Random(1)))
    asked, effects = model.reduce(ui, model.Setting("open_hands", True))
    assert not asked.open_hands and asking(asked)  # nothing shown, nothing remembered yet
    assert effects == (model.Focus(('#message-reveal [data-ui="keep-hands"]',)),)
    line = render_messages(asked.messages)[line_id("reveal")]
    assert line.startswith("Show every player&#x27;s hand face up to everyone at this screen?")
    assert 'data-ui="reveal-hands"' in line and 'data-ui="keep-hands"' in line
    drawn = controls(0, False, True, asking=True)
    assert drawn != controls(0, False, True) and " checked" not in drawn  # the tick undone
    assert model.reduce(asked, model.Setting("open_hands", True))[0] is asked
    # no: the question goes, focus goes back to the box, the hands stay hidden
    kept, effects = model.reduce(asked, model.Reveal(False))
    assert not kept.open_hands and not asking(kept) and kept.log_notes == ()
    assert effects == (model.Focus(("#open-hands",)),)
    assert model.reduce(kept, model.Reveal(True))[0] is kept  # no longer asked: nothing
    # the box unticked again takes the question back
    withdrawn, effects = model.reduce(asked, model.Setting("open_hands", False))
    assert not asking(withdrawn) and not withdrawn.open_hands and effects == ()
    # yes: the hands open, the setting is remembered, the log says so after this move
    opened, effects = model.reduce(asked, model.Reveal(True))
    moves = len(ui.session.actions)
    assert opened.open_hands and not asking(opened)
    assert model.Remember((("pace", 0), ("theme", "auto"), ("open_hands", True))) in effects
    assert opened.log_notes == ((moves, HANDS_OPENED),)
    log = log_view.render(opened.log, notes=opened.log_notes)
    assert log.index(HANDS_OPENED) < log.index(f'data-index="{moves - 1}"')  # newest first
    # hidden again at once, no question, and said in the log too
    hidden, _ = model.reduce(opened, model.Setting("open_hands", False))
    assert not hidden.open_hands and hidden.log_notes[-1] == (moves, HANDS_HIDDEN)


def test_opening_the_hands_asks_nothing_where_no_hand_is_hidden_from_another() -> None:
    form = UiState()  # the new-game screen: no game yet
    opened, effects = model.reduce(form, model.Setting("open_hands", True))
    assert opened.open_hands and not asking(opened) and opened.log_notes == ()
    solo, _ = begin([Seat("Ann", True), Seat("Cy", False, "random")], 5)
    opened, _ = model.reduce(solo, model.Setting("open_hands", True))
    assert opened.open_hands and not asking(opened) and opened.log_notes == ()


def test_a_hand_over_answered_by_opening_the_hands_goes_straight_to_the_decision() -> None:
    ui, _ = begin(TRIO, 5)
    assert ui.mode is Mode.HANDOVER
    asked, _ = model.reduce(ui, model.Setting("open_hands", True))
    assert asked.mode is Mode.HANDOVER and table_view(asked).viewer is None
    opened, effects = model.reduce(asked, model.Reveal(True))
    assert opened.mode is Mode.HUMAN and table_view(opened).viewer == ui.session.current
    assert model.Focus(model.decision_focus(ui.session.state)) in effects
    assert opened.log_notes == ((0, HANDS_OPENED),)
    assert HANDS_OPENED in log_view.render((), notes=opened.log_notes)


def test_a_new_game_forgets_the_question_and_the_notes() -> None:
    ui, _ = begin(TRIO, 5)
    asked, _ = model.reduce(ui, model.Setting("open_hands", True))
    again, _ = model.reduce(asked, model.Begin(Session.new(TRIO, 6, False), "game.two"))
    assert not asking(again) and again.log_notes == ()
