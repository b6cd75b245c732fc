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
from ui.render.handover import render_handover
from ui.render.table import main_seat, regions
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event

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
