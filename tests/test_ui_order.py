"""The turn order panel names what it lists: during the opening draft, the first round's
placing order (it read "Placing order" while nobody placed anything); then the placing
order; then the strip's turn order."""

from __future__ import annotations

import random
import re

from ui import model
from ui.model import UiState
from ui.render.table import render_order
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event

SEATS = [Seat("Ann", True), Seat("Bea", False, "random"), Seat("Cy", False, "random")]


def test_the_order_panel_says_which_order_it_shows() -> None:
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(SEATS, 4, False)))
    chooser = at_random(random.Random(4))
    titles: dict[str, set[str]] = {}
    for _ in range(200):
        view = table_view(ui)
        html = render_order(view)
        title = re.search(r"<h3>([^<]+)</h3>", html)
        assert title, html[:200]
        titles.setdefault(view.obs["phase"], set()).add(title.group(1))
        names = re.findall(r"\u2068([^\u2069]+)\u2069", html)
        if view.obs["phase"] == "draft":  # the first player places first
            assert names[0] == SEATS[view.obs["first_player"]].name
        if view.obs["round"] == 2:
            break
        ui, _ = model.reduce(ui, next_event(ui, chooser, chooser))
    assert titles == {"draft": {"Placing order, round 1"}, "emissary": {"Placing order"},
                      "action": {"Turn order"}}
