"""The phone never moves the player (issue 40): a new turn whose choices lie under another
tab is announced where the player is (a badge on that tab, a sentence in the message
area) and the player chooses when to go there; the table picks the tab itself only for
the first prompt of a game, after the player's own move, and after a hand-over.

Why on CPython: which tab is shown and what is announced are the model's decisions
(``ui.model.turn``), and the tab bar is a pure renderer; the browser test
(``e2e/test_phone.py``) checks the same at 390 × 844 and takes the badge's picture.
"""

from __future__ import annotations

import random
from html.parser import HTMLParser

import rome
from ui import model
from ui.model import Mode, UiState
from ui.model.turn import TO_CHOICES, where
from ui.render import phone
from ui.render.messages import line_id, render_messages
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event, play_until

SOLO = [Seat("Ann", True), Seat("Cy", False, "random"), Seat("Di", False, "random")]
PAIR = [Seat("Ann", True), Seat("Bea", True), Seat("Cy", False, "random")]


def begin(seats: list[Seat], seed: int, **kw: object) -> UiState:
    ui, _ = model.reduce(UiState(pace=0, **kw),
                         model.Begin(Session.new(seats, seed, False), "game.test"))
    return ui


def turn_message(ui: UiState) -> model.Message | None:
    return next((m for m in ui.messages if m.kind == "turn"), None)


class Tabs(HTMLParser):
    """Each tab button's attributes (``data-tab`` -> classes and ``aria-pressed``)."""

    def __init__(self) -> None:
        super().__init__()
        self.tabs: dict[str, tuple[set[str], str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "button" and a.get("data-tab"):
            self.tabs[a["data-tab"] or ""] = (set((a.get("class") or "").split()),
                                              a.get("aria-pressed") or "")


def tab_bar(ui: UiState) -> dict[str, tuple[set[str], str]]:
    view = table_view(ui)
    bar = Tabs()
    bar.feed(phone.render_tabs(view, phone.shown_tab(view, ui.tab)))
    return bar.tabs


def test_the_first_prompt_with_choices_under_a_tab_lands_there() -> None:
    """The player has picked nothing yet: the draft's choices are in the prompt (the tab
    stays), the first placement's are on the court, which is then shown."""
    ui = begin(SOLO[:2], 3, tab="log")  # two seats draft first (Ann first at this seed)
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN, at_random(random.Random(1)))
    assert ui.session.state.phase == "draft" and where(ui) is None and ui.tab == "log"
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN and where(u) is not None,
                    at_random(random.Random(1)))
    assert where(ui) == "board" and ui.tab == "board" and turn_message(ui) is None


def test_a_new_turn_elsewhere_is_announced_and_the_player_chooses_when_to_go() -> None:
    ui = begin(SOLO, 8)
    rng = random.Random(3)
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN and where(u) == "board",
                    at_random(rng))
    ui, effects = model.reduce(ui, model.Tab("others"))  # reading the others meanwhile
    assert ui.tab == "others" and effects == (model.Focus(('[data-tab="others"]',)),)
    assert model.reduce(ui, model.Tab("no-such-tab"))[0] is ui
    announced, first = 0, ui.tab_asked
    for _ in range(600):  # every later prompt of the seat, reached after a computer's move
        if ui.mode is Mode.OVER:
            break
        if ui.mode is Mode.HUMAN and ui.session.actors[-1] not in (-1, ui.session.current) \
                and ui.tab_asked != first:
            tab = where(ui)
            said = turn_message(ui)
            if tab is None or tab == ui.tab:
                assert said is None
            else:
                assert ui.tab == "others", "the table never moves the player"
                assert said == model.Message(
                    "turn", f"Your turn, \u2068Ann\u2069: your choices are under "
                    f"“{'Court' if tab == 'board' else 'Your city'}”.",
                    model.Control("Show them", TO_CHOICES))
                line = render_messages(ui.messages)[line_id("turn")]
                assert f'data-ui="{TO_CHOICES}"' in line
                bar = tab_bar(ui)
                assert bar[tab] == ({"tab", "has-choices", "badge"}, "false")
                assert bar["others"] == ({"tab"}, "true")
                announced += 1
                if announced == 1:  # the message's button goes there, to the first choice
                    went, effects = model.reduce(ui, model.ToChoices())
                    assert went.tab == tab and turn_message(went) is None
                    assert effects == (model.Focus(model.decision_focus(ui.session.state)),)
                    assert "badge" not in tab_bar(went)[tab][0]
                    assert model.needs_render(ui, went)
                elif announced == 2:  # the tab itself, tapped, does the same
                    went, _ = model.reduce(ui, model.Tab(tab))
                    assert went.tab == tab and turn_message(went) is None
        human = ui.mode is Mode.HUMAN
        ui, _ = model.reduce(ui, next_event(ui, at_random(rng), at_random(rng)))
        if human:  # after each move the player goes back to reading the others
            ui, _ = model.reduce(ui, model.Tab("others"))
    assert announced >= 3
    assert ui.tab == "others"  # the end too is announced, not shown by moving the player
    assert turn_message(ui) == model.Message(
        "turn", "The game is over: the final scores are under “Scores”.",
        model.Control("Show the scores", TO_CHOICES))
    scores, effects = model.reduce(ui, model.ToChoices())
    assert scores.tab == "final" and effects == (model.Focus(("#final [data-ui]",)),)


def test_the_players_own_move_leads_the_tab_to_its_next_choices() -> None:
    """Taking a building on the court, then building it: the city's tab follows the
    player's own click, even after a tab was picked."""
    ui = begin(SOLO, 8)
    rng = random.Random(5)
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN and where(u) == "board"
                    and u.session.state.step == "take", at_random(rng))
    ui, _ = model.reduce(ui, model.Tab("board"))  # picked by hand
    for action in rome.sensible_actions(ui.session.state):
        after, _ = model.reduce(ui, model.Act(action))
        if after.mode is Mode.HUMAN and where(after) == "me":
            assert after.tab == "me" and turn_message(after) is None
            undone, _ = model.reduce(after, model.Undo())  # an undo is the player's too
            assert undone.tab == "board" and turn_message(undone) is None
            return
    raise AssertionError("no building to take could be built")


def test_after_the_hand_over_the_next_human_finds_their_choices() -> None:
    """Hot-seat: the screen has just become Bea's, whatever tab Ann left it on."""
    ui = begin(PAIR, 11)
    rng = random.Random(2)
    handed = 0
    for _ in range(300):
        if ui.mode is Mode.HANDOVER:
            ui, _ = model.reduce(ui, model.Tab("log"))
            ui, _ = model.reduce(ui, model.HandOver())
            tab = where(ui)
            assert ui.tab == (tab or "log") and turn_message(ui) is None
            handed += tab is not None
            if handed == 3:
                return
        else:
            ui, _ = model.reduce(ui, next_event(ui, at_random(rng), at_random(rng)))
    raise AssertionError(f"only {handed} hand-overs to a tab")


def test_a_new_game_lands_its_first_prompt_again() -> None:
    ui = begin(SOLO, 8)
    ui, _ = model.reduce(ui, model.Tab("log"))
    assert ui.tab_settled
    again, _ = model.reduce(ui, model.Begin(Session.new(SOLO, 9, False), "game.other"))
    assert not again.tab_settled and again.tab_asked is None
