"""The first screen and the end (issue 40): "New game" keeps the last seats, names and
levels; resuming a downloaded game is a control of the set-up card; the engine's and the
AI worker's state are an About line in the rules dialog, not a footer.

Why on CPython: what the form starts from is the model's memory (``UiState.last_seats``)
and the form is a pure renderer; the browser tests (``e2e/test_hotseat.py``,
``e2e/test_faults.py``) click through them.
"""

from __future__ import annotations

from html.parser import HTMLParser

from ui import model
from ui.model import UiState
from ui.render.help_panel import render_help
from ui.render.newgame import form_seats, render_form
from ui.saves.save import GameInfo
from ui.saves.session import Seat, Session

TRIO = [Seat("Ann", True), Seat("Brutus", False, "hard"), Seat("Cy", False, "easy")]


class Form(HTMLParser):
    """The form's fields: each input's value or checked state, each select's chosen
    option, and the ids of the elements inside ``#newgame``."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str | bool] = {}
        self.inside: list[str] = []
        self.labels: dict[str, str] = {}  # label's "for" -> its class
        self._select = ""
        self._card = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        ident = a.get("id") or ""
        if ident == "newgame":
            self._card = 1
        elif self._card and ident:
            self.inside.append(ident)
        if tag == "input":
            self.values[ident] = "checked" in a if a.get("type") == "checkbox" \
                else a.get("value") or ""
        elif tag == "select":
            self._select = ident
        elif tag == "option" and "selected" in a:
            self.values[self._select] = a.get("value") or ""
        elif tag == "label" and a.get("for"):
            self.labels[a["for"] or ""] = a.get("class") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self._card = 0


def form(html: str) -> Form:
    parsed = Form()
    parsed.feed(html)
    return parsed


def test_new_game_keeps_the_last_seats_names_levels_and_shrine() -> None:
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(TRIO, 4, True), "game.a"))
    left, effects = model.reduce(ui, model.Leave())
    assert effects[-1] == model.ShowForm("", tuple(TRIO), True)
    # the form again without a game on (a refused file, say): the same seats
    again, effects = model.reduce(left, model.OpenForm("That file could not be loaded."))
    assert effects == (model.ShowForm("That file could not be loaded.", tuple(TRIO), True),)
    # seats given with the form win over the memory
    asked = (Seat("Di", True), Seat("Ed", True))
    assert model.reduce(again, model.OpenForm(seats=asked))[1] == (
        model.ShowForm("", asked, True),)
    # the next game's seats are remembered in their turn
    pair = [Seat("Di", True), Seat("Ed", False, "normal")]
    nxt, _ = model.reduce(again, model.Begin(Session.new(pair, 5, False), "game.b"))
    assert model.reduce(nxt, model.Leave())[1][-1] == model.ShowForm("", tuple(pair), False)


def test_the_form_is_filled_from_the_seats_it_is_given() -> None:
    fields = form(render_form(TRIO, shrine=True))
    assert [fields.values[f"seat-name-{i}"] for i in range(3)] == ["Ann", "Brutus", "Cy"]
    assert [fields.values[f"seat-kind-{i}"] for i in range(4)] == ["human", "hard", "easy",
                                                                   "none"]
    assert fields.values["opt-shrine"] is True
    defaults = form(render_form(None))
    assert defaults.values["seat-kind-0"] == "human" and defaults.values["opt-shrine"] is False


def test_after_a_reload_the_form_starts_from_the_newest_saved_game() -> None:
    newest = GameInfo("b", tuple(TRIO), 3, False, 40, 2.0)
    older = GameInfo("a", (Seat("Zed", True), Seat("Yan", True)), 1, False, 9, 1.0)
    remembered = (Seat("Di", True), Seat("Ed", True))
    assert form_seats(remembered, [newest, older]) == list(remembered)
    assert form_seats(None, [newest, older]) == TRIO  # saves list the newest first
    assert form_seats((), []) is None


def test_resuming_a_downloaded_game_is_a_control_of_the_card() -> None:
    fields = form(render_form(None))
    assert "load-file" in fields.inside  # inside the set-up card, not after it
    assert fields.labels["load-file"] == "btn"  # drawn as the card's buttons


def test_the_about_line_is_in_the_rules_dialog_after_the_rules() -> None:
    dialog = render_help(7)
    about = dialog.index('id="rules-about-title"')
    assert dialog.index('id="rules-body"') < about < dialog.index('id="engine-status"')
    assert 'data-legal-count="7">Engine ready</span>' in dialog
    assert '<span id="worker-status">AI worker: starts when needed</span>' in dialog
