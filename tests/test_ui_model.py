"""The table's UI model and renderers on CPython, without a browser.

Why here: ``ui.model`` decides everything the page does, and the renderers are pure
functions of a view; both are checked directly. The whole-game walks check the two
promises of the design at every step: no other seat's hidden card reaches the HTML,
and the clickable ``data-action`` set is exactly what the engine offers.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from html.parser import HTMLParser

import pytest

import rome
from ui import model
from ui.model import Mode, UiState
from ui.render import phone
from ui.render.details import render_detail
from ui.render.endgame import render_end
from ui.render.prompt import render_prompt
from ui.render.table import main_seat, regions
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event, play_until

HUMANS = [Seat("Ann", True), Seat("Bea", True)]


def begin(seats: list[Seat], seed: int = 3, **kw: object) -> tuple[UiState, tuple]:
    return model.reduce(UiState(pace=0, **kw),
                        model.Begin(Session.new(seats, seed, False), "game.test"))


def page(ui: UiState) -> str:
    """Everything the page would draw for this UI state."""
    view = table_view(ui)
    out = "".join(regions(view).values()) + render_prompt(view) + render_detail(view)
    return out + (render_end(view) if view.over else "")


VOID = ("br", "img", "input", "hr", "meta", "link")


class Hands(HTMLParser):
    """Collects the face-up cards (``data-card``) inside each seat's hand, the
    ``data-action`` values and the School / draft choices."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, int | None, bool]] = []  # tag, seat, in hand
        self.hands: dict[int, Counter[str]] = {}
        self.actions: list[str] = []
        self.selects: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        seat, in_hand = (self.stack[-1][1], self.stack[-1][2]) if self.stack else (None, False)
        if tag == "section" and a.get("data-seat") is not None:
            seat = int(a["data-seat"] or 0)
        if "hand" in (a.get("class") or "").split():
            in_hand = True
        if in_hand and seat is not None and a.get("data-card"):
            self.hands.setdefault(seat, Counter())[a["data-card"] or ""] += 1
        if a.get("data-action"):
            self.actions.append(a["data-action"] or "")
        if a.get("data-select"):
            self.selects.append(a["data-select"] or "")
        if tag not in VOID:
            self.stack.append((tag, seat, in_hand))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def parse(html: str) -> Hands:
    p = Hands()
    p.feed(html)
    return p


def known_hand(state: rome.GameState, viewer: int | None, seat: int) -> Counter[str]:
    """The cards of ``seat``'s hand that ``viewer`` may see face up (engine's answer)."""
    if viewer is None:
        hand = rome.observation(state, seat)["players"][seat]["hand"]
        return Counter(h["kind"] for h in hand if h["public"])
    hand = rome.observation(state, viewer)["players"][seat]["hand"]
    return Counter(h["kind"] for h in hand if h["kind"] is not None)


def check_step(ui: UiState) -> None:
    """No hidden card leaks; the offered actions are exactly the engine's."""
    s = ui.session
    assert s is not None
    view = table_view(ui)
    html = page(ui)
    found = parse(html)
    if s.actions and s.actions[-1].startswith("build "):
        assert html.count(' fresh"') == 1, "the last building fades in, once"
    for seat, cards in found.hands.items():
        if seat == view.viewer:
            continue
        assert not cards - known_hand(s.state, view.viewer, seat), (seat, cards)
    if view.viewer is None or view.viewer != s.current:
        assert not re.search(r'data-action="(draft|keep) ', page(ui))
    # the main area holds the seat whose hand is face up, else one whose hand is not:
    # at a human's turn at this screen, after the hand-over, that human (issue 40)
    assert view.viewer is None or main_seat(view) == view.viewer
    if ui.mode is Mode.HUMAN:
        assert main_seat(view) == s.current
    if ui.mode is not Mode.HUMAN:
        assert found.actions == [] and found.selects == []
        return
    offered = set(found.actions)
    assert len(found.actions) == len(offered), "one element per action"
    for kind in set(found.selects):
        chosen, _ = model.reduce(ui, model.Select(kind))
        targets = parse(page(chosen)).actions
        builds = [t for t in targets if t.startswith("build ")]
        assert builds and all(t.startswith(f"build {kind} ") for t in builds)
        offered |= set(targets)
    assert offered == {str(a) for a in rome.sensible_actions(s.state)}


def walk(ui: UiState, seed: int, check: Callable[[UiState], None] | None = check_step
         ) -> UiState:
    """Play a whole game through the reducer, humans choosing at random, calling
    ``check`` at every step."""
    chooser = at_random(random.Random(seed))  # the computers too
    for _ in range(2000):
        if check is not None:
            check(ui)
        if ui.mode is Mode.OVER:
            return ui
        event = next_event(ui, chooser, chooser)
        ui, effects = model.reduce(ui, event)
        if isinstance(event, model.Act):
            assert any(isinstance(e, model.Save) for e in effects)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("seats", "seed"), [
    ("human,human", 21),
    ("human,human,random", 22),
    ("human,random,human,human", 23),
], ids=["2p", "3p", "4p"])
def test_whole_games_never_leak_and_offer_exactly(seats: str, seed: int) -> None:
    kinds = seats.split(",")
    table = [Seat(f"P{i}", k == "human", "" if k == "human" else k) for i, k in enumerate(kinds)]
    ui, _ = begin(table, seed)
    end = walk(ui, seed)
    assert end.session is not None and rome.is_over(end.session.state)
    html = page(end)
    assert html.count("data-area=") == sum(
        len(__import__("ui.words.facts", fromlist=["areas"]).areas(p))
        for p in table_view(end).obs["players"])


def test_open_hands_walk_never_leaks_to_computers() -> None:
    table = [Seat("A", True), Seat("B", True), Seat("C", False, "random")]
    ui, _ = begin(table, 31, open_hands=True)
    walk(ui, 31)


# -- reducer paths ----------------------------------------------------------------------
def to_mode(ui: UiState, mode: Mode, rng: random.Random | None = None) -> UiState:
    return play_until(ui, lambda u: u.mode is mode, at_random(rng or random.Random(0)),
                      limit=600)


def test_begin_saves_and_waits_for_the_first_decision() -> None:
    ui, effects = begin([Seat("A", True), Seat("B", False, "random")], 5)
    assert isinstance(effects[0], model.Save)
    assert ui.mode in (Mode.HUMAN, Mode.COMPUTER, Mode.AUTOMATIC)
    if ui.mode is Mode.COMPUTER:
        ask = effects[1]
        assert isinstance(ask, model.Ask) and ask.generation == ui.generation


def test_hand_over_between_humans_and_open_hands() -> None:
    ui, effects = begin(HUMANS, 4)
    assert ui.mode is Mode.HANDOVER and model.Focus(("#handover-ok",)) in effects
    assert table_view(ui).viewer is None
    assert model.reduce(ui, model.Act(rome.sensible_actions(ui.session.state)[0]))[0] is ui
    ui2, effects = model.reduce(ui, model.HandOver())
    assert ui2.mode is Mode.HUMAN and ui2.shown == ui.session.current
    assert model.reduce(ui2, model.HandOver())[0] is ui2  # only during a hand-over
    asked, effects = model.reduce(ui, model.Setting("open_hands", True))  # asks first
    assert asked.mode is Mode.HANDOVER and not asked.open_hands and effects == (
        model.Focus(('#message-reveal [data-ui="keep-hands"]',)),)
    opened, effects = model.reduce(asked, model.Reveal(True))
    assert opened.mode is Mode.HUMAN and any(isinstance(e, model.Remember) for e in effects)


def test_same_human_twice_needs_no_hand_over() -> None:
    ui, _ = begin(HUMANS, 4)
    ui, _ = model.reduce(ui, model.HandOver())
    chooser = at_random(random.Random(2))
    for _ in range(300):
        if ui.mode is Mode.OVER:
            break
        was, before = ui.mode, ui.session.current
        if was is Mode.HANDOVER:
            assert ui.session.current != ui.shown
        ui, _ = model.reduce(ui, next_event(ui, chooser))
        if was is Mode.HUMAN and ui.session.current == before and ui.mode is not Mode.OVER:
            assert ui.mode in (Mode.HUMAN, Mode.AUTOMATIC)


def test_select_toggles_and_refuses_unbuildable_kinds() -> None:
    ui, _ = begin([Seat("A", True), Seat("B", False, "random")], 8)
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN and any(
        a.verb == "build" for a in rome.sensible_actions(u.session.state)),
        at_random(random.Random(1)))
    kinds = {a.kind for a in rome.sensible_actions(ui.session.state) if a.verb == "build"}
    kind = sorted(kinds)[0]
    chosen, effects = model.reduce(ui, model.Select(kind))
    assert chosen.selection == kind and isinstance(effects[0], model.Focus)
    view = table_view(chosen)
    builds = [a for a in view.outcomes if a.verb == "build"]
    assert builds and all(a.kind == kind for a in builds)
    for a in builds:  # the price shown is the engine's
        assert (view.outcomes[a].tokens, view.outcomes[a].coins) == rome.build_cost(
            ui.session.state, ui.session.current, kind)
        assert f'data-action="{a}" data-cost-tokens="{view.outcomes[a].tokens}" ' \
               f'data-cost-coins="{view.outcomes[a].coins}"' in page(chosen)
    assert model.reduce(chosen, model.Select(kind))[0].selection == ""
    assert model.reduce(ui, model.Select("no-such-card"))[0] is ui
    computer = replace(ui, mode=Mode.COMPUTER)
    assert model.reduce(computer, model.Select(kind))[0] is computer


def test_undo_and_stale_events() -> None:
    ui, _ = begin([Seat("A", True), Seat("B", False, "random")], 9)
    rng = random.Random(4)
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN and u.session.state.step == "take",
                    at_random(rng))
    assert model.reduce(ui, model.Undo())[0] is ui or ui.session.undo_point() is not None
    n = len(ui.session.actions)
    took, _ = model.reduce(ui, model.Act(rome.sensible_actions(ui.session.state)[0]))
    took = to_mode(took, Mode.HUMAN, rng)
    if took.session.current == ui.session.current and took.session.undo_point() is not None:
        back, effects = model.reduce(took, model.Undo())
        assert len(back.session.actions) == n and back.generation == took.generation + 1
        assert len(back.log) == n and isinstance(effects[0], model.Save)
    stale = model.Tick(ui.generation - 1)
    assert model.reduce(ui, stale)[0] is ui
    assert model.reduce(ui, model.Answer(ui.generation - 1, "end"))[0] is ui
    assert model.reduce(ui, model.Thinking(ui.generation, "hm"))[0] is ui  # not computer's turn
    assert model.reduce(ui, model.Tick(ui.generation))[0] is ui  # nothing forced


def test_computer_answers() -> None:
    ui, _ = begin([Seat("A", False, "random"), Seat("B", True)], 12)
    ui = to_mode(ui, Mode.COMPUTER)
    bad, effects = model.reduce(ui, model.Answer(ui.generation, "place 9"))
    assert bad.session is ui.session and "not legal" in bad.notices[0] and effects == ()
    thinking, _ = model.reduce(ui, model.Thinking(ui.generation, "B is thinking…"))
    assert thinking.thinking == "B is thinking…"
    good = str(rome.sensible_actions(ui.session.state)[0])
    played, effects = model.reduce(thinking, model.Answer(ui.generation, good))
    assert played.session.actions[-1] == good and played.thinking == ""
    assert isinstance(effects[0], model.Save)


def test_automatic_moves_wait_then_play() -> None:
    ui, _ = begin([Seat("A", True), Seat("B", False, "random")], 14, )
    ui = replace(ui, pace=800)
    ui = to_mode(ui, Mode.AUTOMATIC)
    nxt, effects = model.reduce(ui, model.Tick(ui.generation))
    assert nxt.session.auto[-1] is True and len(nxt.log) == len(ui.log) + 1
    assert nxt.log[-1].auto


def test_settings_panels_notices_and_leave() -> None:
    ui, _ = begin([Seat("A", True), Seat("B", False, "random")], 2)
    assert model.reduce(ui, model.Setting("pace", 99999))[0].pace == 5000
    dark, effects = model.reduce(ui, model.Setting("theme", "dark"))
    assert dark.theme == "dark" and ("theme", "dark") in effects[0].settings
    assert model.reduce(ui, model.Setting("theme", "purple"))[0] is ui
    assert model.reduce(ui, model.Setting("nonsense", 1))[0] is ui
    helped, effects = model.reduce(ui, model.Panel("help", True))
    assert helped.help_open and effects == (model.Focus(("#help-title",), top=True),)
    assert not model.reduce(helped, model.Panel("help", False))[0].help_open
    detail, _ = model.reduce(ui, model.Panel("detail", "market"))
    assert detail.detail == "market" and "Market" in render_detail(table_view(detail))
    assert model.reduce(ui, model.Panel("breakdown", 1))[0].breakdown == 1
    assert model.reduce(ui, model.Panel("breakdown", 7))[0] is ui
    shown = model.reduce(ui, model.Panel("breakdown", 0))[0]
    assert 'data-breakdown="0"' in page(shown)
    assert model.reduce(shown, model.Panel("breakdown", 0))[0].breakdown is None
    assert model.reduce(ui, model.Panel("nothing"))[0] is ui
    noted, _ = model.reduce(ui, model.Notice("Hello"))
    assert model.reduce(noted, model.Notice("Hello"))[0] is noted
    assert model.reduce(noted, model.Notice(""))[0].notices == ()
    left, effects = model.reduce(ui, model.Leave())
    assert left.session is None and effects == (  # the form keeps the seats (issue 40)
        model.Release("game.test"), model.ShowForm("", tuple(ui.session.seats), False))
    assert left.generation == ui.generation + 1


def test_instant_pace_renders_each_round_not_each_move() -> None:
    ui, _ = begin([Seat("A", False, "random"), Seat("B", False, "random")], 6)
    renders = rounds = 0
    chooser = at_random(random.Random(0))
    while ui.mode is not Mode.OVER:
        before = ui
        ui, effects = model.reduce(ui, next_event(ui, chooser, chooser))
        new_round = table_view(ui).obs["round"] != table_view(before).obs["round"]
        rounds += new_round
        if model.needs_render(before, ui):
            renders += 1
        else:
            assert not new_round
        if new_round and ui.mode is not Mode.OVER:  # a frame's pause to paint
            assert any(getattr(e, "ms", getattr(e, "delay_ms", 0)) > 0 for e in effects)
    assert rounds >= 7 and rounds <= renders < len(ui.session.actions) // 3


def test_names_are_escaped_once() -> None:
    ui, _ = begin([Seat("Tom & Jerry", False, "random"), Seat("A", True)], 1)
    ui = to_mode(ui, Mode.COMPUTER)
    html = page(ui).replace("\u2068", "").replace("\u2069", "")
    assert "Tom &amp; Jerry is deciding" in html and "&amp;amp;" not in html


def test_end_screen_has_no_empty_turn_order_and_lists_areas() -> None:
    ui, _ = begin([Seat("A", False, "random"), Seat("B", False, "random")], 17)
    end = walk(ui, 17, check=None)
    view = table_view(end)
    assert regions(view)["order"] == ""
    html = render_end(view)
    rows = re.findall(r'data-area="(\d)" data-points="(\d+)"', html)
    for seat, score in enumerate(view.scores):  # the areas add up to the category
        assert sum(int(p) for s, p in rows if int(s) == seat) == score["residential"]
    # an area is told by its size and value, never by a name no card has ("4-house")
    cells = re.findall(r'data-points="\d+"><td>([^<]*)</td>', html)
    assert cells and all(re.fullmatch(r"\d+ × value [234]", c) for c in cells), cells



# -- the phone layout's tabs (ui/render/phone.py) ---------------------------------------------
TAB_OF_CONTAINER = {"strip": "board", "offer": "board", "order": "board", "status": "board",
                    "me": "me", "others": "others"}


def tabs_holding_choices(ui: UiState) -> set[str]:
    """The phone tabs whose containers, as rendered, hold a choice (the prompt excluded)."""
    view = table_view(ui)
    return {TAB_OF_CONTAINER[key] for key, html in regions(view).items()
            if (found := parse(html)).actions or found.selects}


@pytest.mark.parametrize(("seats", "seed"), [("human,random,random", 5),
                                             ("human,human,random,human", 42)])
def test_phone_tab_follows_the_choices_of_each_prompt(seats: str, seed: int) -> None:
    """At every human decision of whole games, the tab chosen for a phone is the one
    region whose markup holds the offered choices (also once a card is chosen to build:
    its targets), or none when every choice is in the prompt; at the end, the scores."""
    table = [Seat(f"P{i}", k == "human", "" if k == "human" else k)
             for i, k in enumerate(seats.split(","))]

    def check(ui: UiState) -> None:
        if ui.mode is not Mode.HUMAN:
            return
        holding = tabs_holding_choices(ui)
        assert len(holding) <= 1, holding
        assert phone.choice_tab(table_view(ui)) == next(iter(holding), None)
        kinds = parse(page(ui)).selects
        if kinds:
            chosen, _ = model.reduce(ui, model.Select(kinds[0]))
            # every human builds in the main area, hot-seat too (issue 40)
            assert tabs_holding_choices(chosen) == {"me"}
            assert phone.choice_tab(table_view(chosen)) == "me"

    ui = walk(begin(table, seed)[0], seed, check)
    s = ui.session
    assert s is not None
    verbs = {a.split()[0] for a, seat, auto in zip(s.actions, s.actors, s.auto, strict=True)
             if table[seat].human and not auto}
    assert ui.mode is Mode.OVER and phone.choice_tab(table_view(ui)) == "final"
    assert {"draft", "place", "take", "build", "end"} <= verbs
