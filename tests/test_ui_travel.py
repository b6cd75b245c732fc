"""A computer's new building travels to its city and stays outlined (issue 11), on CPython.

Why here: *whether* a move travels, for how long, and how long its outline stays are
decisions of the model and the view; the page only runs the animation it is given
(``e2e/test_travel.py`` checks that, and that nothing moves under reduced motion).
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import rome
from ui import model
from ui.model import Mode, UiState
from ui.render.table import regions
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui_drive import at_random, first_sensible, next_event, play_until

TABLE = [Seat("Ann", True), Seat("Bot", False, "greedy")]


def cell_classes(ui: UiState, seat: int, row: int, col: int) -> list[str]:
    html = "".join(regions(table_view(ui)).values())
    found = re.search(rf'<button type="button" class="([^"]*)"[^>]*data-pos="{seat}:{row},{col}"',
                      html)
    assert found, f"no cell {seat}:{row},{col} drawn"
    return found.group(1).split()


class HandCards(HTMLParser):
    """The ``data-card`` of each card in one seat's hand, in the order drawn."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat, self.cards = str(seat), []
        self.depth = 0
        self.in_seat = self.hand_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "input", "hr", "meta", "link"):
            return
        self.depth += 1
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "section" and a.get("data-seat") == self.seat:
            self.in_seat = self.depth
        elif self.in_seat and not self.hand_depth and "hand" in classes:
            self.hand_depth = self.depth
        elif self.hand_depth and self.depth == self.hand_depth + 1 and "card" in classes:
            self.cards.append(a.get("data-card") or "?")

    def handle_endtag(self, tag: str) -> None:
        if self.depth == self.hand_depth:
            self.hand_depth = 0
        if self.depth == self.in_seat:
            self.in_seat = 0
        self.depth -= 1


def hand_of(ui: UiState, seat: int) -> list[str]:
    parser = HandCards(seat)
    parser.feed("".join(regions(table_view(ui)).values()))
    return parser.cards


def offers(ui: UiState, verb: str) -> bool:
    """Whether the seat to act may make a sensible ``verb`` move now."""
    return any(a.verb == verb for a in rome.sensible_actions(ui.session.state))


def computer_plays(verb: str, pace: int, seed: int = 3) -> tuple[UiState, UiState, tuple]:
    """Play (random human, the computer choosing ``verb`` whenever it can) until the
    computer's first ``verb``: the UI state before and after it, and the answer's effects."""
    ui, _ = model.reduce(UiState(pace=pace), model.Begin(Session.new(TABLE, seed, False)))
    ui = play_until(ui, lambda u: u.mode is Mode.COMPUTER and offers(u, verb),
                    at_random(random.Random(seed)), limit=600)
    chosen = next(a for a in rome.sensible_actions(ui.session.state) if a.verb == verb)
    after, effects = model.reduce(ui, model.Answer(ui.generation, str(chosen)))
    return ui, after, effects


def computer_builds(pace: int, seed: int = 3) -> tuple[UiState, UiState, tuple]:
    return computer_plays("build", pace, seed)


def test_a_computers_build_travels_for_under_400_ms_never_past_the_pace() -> None:
    _before, after, effects = computer_builds(pace=800)
    built = rome.Action.parse(after.session.actions[-1])
    travels = [e for e in effects if isinstance(e, model.Travel)]
    where = f'[data-pos="1:{built.row},{built.col}"]'
    assert travels == [model.Travel(where, '[data-seat="1"] .hand', model.TRAVEL_MS)]
    assert model.TRAVEL_MS < 400
    assert f'data-pos="1:{built.row},{built.col}"' in "".join(regions(table_view(after)).values())
    _b, _a, effects = computer_builds(pace=250)
    assert [e.ms for e in effects if isinstance(e, model.Travel)] == [250]


def test_a_card_a_computer_takes_travels_from_its_deck_to_the_end_of_its_hand() -> None:
    before, after, effects = computer_plays("take", pace=800)
    took = rome.Action.parse(after.session.actions[-1])
    travels = [e for e in effects if isinstance(e, model.Travel)]
    assert travels == [model.Travel('[data-seat="1"] .hand > .card:last-child',
                                    f'[data-deck="{took.deck}"] .deck-cards', model.TRAVEL_MS)]
    assert hand_of(after, 1) == hand_of(before, 1) + [took.kind]  # the last card is it
    assert f'data-deck="{took.deck}"' in "".join(regions(table_view(after)).values())


def test_nothing_travels_at_the_instant_pace_or_for_the_humans_own_build() -> None:
    _b, _a, effects = computer_builds(pace=0)
    assert not any(isinstance(e, model.Travel) for e in effects)
    ui, _ = model.reduce(UiState(pace=800), model.Begin(Session.new(TABLE, 3, False)))
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN and offers(u, "build"),
                    at_random(random.Random(1)), limit=600)
    build = next(a for a in rome.sensible_actions(ui.session.state) if a.verb == "build")
    _, effects = model.reduce(ui, model.Act(build))
    assert not any(isinstance(e, model.Travel) for e in effects)


def no_build(state: rome.GameState) -> rome.Action:
    """A computer that builds nothing more: its first sensible move of another verb."""
    return next(a for a in rome.sensible_actions(state) if a.verb != "build")


def test_the_new_building_stays_outlined_until_the_humans_next_decision() -> None:
    _before, ui, _ = computer_builds(pace=800)
    built = rome.Action.parse(ui.session.actions[-1])
    where = (1, built.row, built.col)
    assert {"recent", "fresh"} <= set(cell_classes(ui, *where))
    while ui.mode is not Mode.HUMAN:  # the computer ends its turn; more moves may follow
        ui, _ = model.reduce(ui, next_event(ui, first_sensible, no_build))
        assert "recent" in cell_classes(ui, *where)
    ui, _ = model.reduce(ui, model.Act(rome.sensible_actions(ui.session.state)[0]))
    assert "recent" not in cell_classes(ui, *where)


def test_a_computer_waits_the_whole_pace_only_for_the_first_move_of_its_turn() -> None:
    """At the normal pace (800 ms): the first move of a computer's turn waits 800 ms after
    a chosen move, 450 ms after a forced move (which waited 350 ms: 800 in all), the rest
    of that turn 320 ms (a card's travel), and a forced move anyone's 350 ms."""
    seats = [Seat("A", True), Seat("B", False, "random"), Seat("C", False, "random")]
    ui, _ = model.reduce(UiState(pace=800), model.Begin(Session.new(seats, 12, False)))
    chooser = at_random(random.Random(12))
    seen: dict[str, set[int]] = {"first": set(), "first after forced": set(),
                                 "follow-on": set(), "forced": set()}
    for _ in range(400):
        ui, effects = model.reduce(ui, next_event(ui, chooser, chooser))
        if ui.mode is Mode.OVER:
            break
        s = ui.session
        for e in effects:
            if isinstance(e, model.Ask):
                kind = ("follow-on" if s.actors[-1] == e.seat
                        else "first after forced" if s.auto[-1] else "first")
                seen[kind].add(e.delay_ms)
            elif isinstance(e, model.Wait):
                seen["forced"].add(e.ms)
    assert seen == {"first": {800}, "first after forced": {450}, "follow-on": {320},
                    "forced": {350}}
