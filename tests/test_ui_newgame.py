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
from ui.model.newgame import NewGameForm, form_for
from ui.render.help_panel import render_help
from ui.render.newgame import render_form
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
    fields = form(render_form(form_for(TRIO, True, "", ())))
    assert [fields.values[f"seat-name-{i}"] for i in range(3)] == ["Ann", "Brutus", "Cy"]
    assert [fields.values[f"seat-kind-{i}"] for i in range(4)] == ["human", "hard", "easy",
                                                                   "none"]
    assert fields.values["opt-shrine"] is True
    defaults = form(render_form(form_for(None, False, "", ())))
    assert defaults.values["seat-kind-0"] == "human" and defaults.values["opt-shrine"] is False


def test_after_a_reload_the_form_starts_from_the_newest_saved_game() -> None:
    newest = GameInfo("b", tuple(TRIO), 3, False, 40, 2.0)
    older = GameInfo("a", (Seat("Zed", True), Seat("Yan", True)), 1, False, 9, 1.0)
    remembered = (Seat("Di", True), Seat("Ed", True))
    names = ("Di", "Ed", "", "")
    assert form_for(remembered, False, "", [newest, older]).names == names
    # saves list the newest first
    assert form_for(None, False, "", [newest, older]).names == ("Ann", "Brutus", "Cy", "")
    assert form_for((), False, "", []) == NewGameForm()


def test_resuming_a_downloaded_game_is_a_control_of_the_card() -> None:
    fields = form(render_form(NewGameForm()))
    assert "load-file" in fields.inside  # inside the set-up card, not after it
    assert fields.labels["load-file"] == "btn"  # drawn as the card's buttons


def test_the_about_line_is_in_the_rules_dialog_after_the_rules() -> None:
    dialog = render_help(7)
    about = dialog.index('id="rules-about-title"')
    assert dialog.index('id="rules-body"') < about < dialog.index('id="engine-status"')
    assert 'data-legal-count="7">Engine ready</span>' in dialog
    assert '<span id="worker-status">AI worker: starts when needed</span>' in dialog


# -- the screen's values are the model's (issue 44) ---------------------------------------
def on_form(games: tuple[GameInfo, ...] = ()) -> UiState:
    """The new-game screen as a reload with no game on opens it."""
    ui, effects = model.reduce(UiState(pace=0), model.OpenForm())
    show = effects[-1]
    assert isinstance(show, model.ShowForm)
    ui, _ = model.reduce(ui, model.FormListed(show.notice, show.seats, show.shrine, games))
    return ui


def typed(ui: UiState, *changes: tuple[str, str]) -> UiState:
    for field, value in changes:
        ui, effects = model.reduce(ui, model.FormInput(field, value))
        if not field.startswith("seat-kind-"):
            assert effects == (model.AsTyped(),)  # the page shows it already: no redraw
    return ui


def test_what_the_player_sets_is_what_starts() -> None:
    ui = typed(on_form(), ("seat-name-0", "  Zoé "), ("seat-kind-1", "hard"),
               ("seat-kind-2", "easy"), ("opt-seed", "1234"), ("opt-shrine", "true"))
    assert form(render_form(ui.form or NewGameForm())).values["seat-kind-2"] == "easy"
    _, effects = model.reduce(ui, model.Start())
    assert effects == (model.StartGame(
        (Seat("Zoé", True), Seat("Brutus", False, "hard"), Seat("Cassia", False, "easy")),
        1234, True),)
    # no seed typed: the page draws one
    _, effects = model.reduce(typed(ui, ("opt-seed", " ")), model.Start())
    assert isinstance(effects[0], model.StartGame) and effects[0].seed is None


def test_a_seat_menu_redraws_the_screen_and_keeps_focus_on_it() -> None:
    ui, effects = model.reduce(on_form(), model.FormInput("seat-kind-1", "human"))
    assert effects == (model.Focus(("#seat-kind-1",)),)
    fields = form(render_form(ui.form or NewGameForm()))
    assert fields.values["seat-kind-1"] == "human"


def test_a_start_refused_says_why_and_keeps_every_value() -> None:
    ui = typed(on_form(), ("seat-name-0", "Ann"), ("opt-seed", "-7"))
    refused, effects = model.reduce(ui, model.Start())
    assert effects == (model.Focus(("#start-btn",)),)
    assert refused.form is not None and refused.form.notice.startswith("The form's seed")
    assert refused.form.names[0] == "Ann" and refused.form.seed == "-7"
    alone = typed(on_form(), ("seat-kind-1", "none"))  # seat 2 has no empty choice
    assert alone.form == on_form().form
    lone = typed(on_form(), ("seat-kind-2", "none"), ("seat-kind-3", "none"))
    two, effects = model.reduce(typed(lone, ("seat-kind-1", "nobody")), model.Start())
    assert two.form is not None and two.form.notice == ""  # two seats always remain
    assert [len(e.seats) for e in effects if isinstance(e, model.StartGame)] == [2]


HOSTILE_FIELDS = [("seat-kind-9", "human"), ("seat-kind-x", "easy"), ("seat-kind-0", "god"),
                  ("seat-kind-1", "<script>"), ("seat-name-4", "Eve"), ("nosuch", "1"),
                  ("seat-kind-0", "none"), ("-", "")]


def test_a_field_or_choice_the_screen_does_not_have_changes_nothing() -> None:
    ui = on_form()
    for field, value in HOSTILE_FIELDS:
        assert model.reduce(ui, model.FormInput(field, value)) == (ui, (model.AsTyped(),))


def test_long_values_are_cut_to_what_their_box_takes() -> None:
    ui = typed(on_form(), ("seat-name-0", "x" * 100_000), ("opt-seed", "9" * 100_000))
    assert ui.form is not None
    assert len(ui.form.names[0]) == 96 and len(ui.form.seed) == 10_000
    refused = model.reduce(ui, model.Start())[0]
    assert refused.form is not None and "seed" in refused.form.notice


def test_the_form_is_gone_once_a_game_is_on_the_table() -> None:
    ui, _ = model.reduce(on_form(), model.Begin(Session.new(TRIO, 4, False), "game.a"))
    assert ui.form is None
    late, _ = model.reduce(ui, model.FormListed("", None, False, ()))
    assert late.form is None  # the list answered after a game began: the table stays
