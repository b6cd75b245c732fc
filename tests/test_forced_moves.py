"""Nothing happens silently (issue 41, part 4): every move the table plays for someone is said
in the message area, and the sentence stays until a human decides again.

Why on the model: the sentence is the reducer's (``ui.model.forced``), worked out from the
session, so every kind of forced move (a draft's last card, the round's last emissary, the
one building left, a School's only deck and only card, a turn with nothing left) is
checked here along whole games, against sentences written by hand.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

import rome
from ui import model
from ui.model import Mode, UiState
from ui.model.messages import Message
from ui.saves.session import SAVED, Seat, Session
from ui.tutorial.first_game import FIRST_GAME
from ui_drive import at_random, next_event

SAID = {
    "draft": (r"you kept the \w[\w -]* in the opening draft",
              r"\w+ kept the last card of the opening draft"),
    "place": (r"you placed an emissary on space [1-5]", r"\w+ placed an emissary on space [1-5]"),
    "take": (r"you took the \w[\w -]*", r"\w+ took the \w[\w -]*"),
    "school": (r"your School drew from deck II", r"\w+'s School drew from deck II"),
    "keep": (r"you kept the \w[\w -]* your School drew",
             r"\w+ kept the one card their School drew"),
    "end": (r"your turn ended", r"\w+'s turn ended"),
}
"""How each kind of forced move is said, to the one human who made it and of the others."""
LEAD = "Played by the table, as no other choice made sense: "


def auto_line(ui: UiState) -> str:
    return next((m.words for m in ui.messages if m.kind == "auto"), "")


def begin(seats: list[Seat], seed: int) -> UiState:
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(seats, seed, False), None))
    return ui


def test_each_kind_of_forced_move_is_said_until_the_human_decides() -> None:
    seen: set[tuple[str, bool]] = set()
    for seed in range(40):
        rng = random.Random(seed)
        ui = begin([Seat("Ann", True), Seat("Bo", False, "random")], seed)
        while ui.mode is not Mode.OVER:
            event = next_event(ui, at_random(rng), at_random(rng))
            ui, _ = model.reduce(ui, event)
            s = ui.session
            if isinstance(event, model.Act):
                assert auto_line(ui) == "", "the human's move takes the sentence back"
            elif rome.is_over(s.state):
                assert auto_line(ui) == "", "the final scoring, not the last forced move"
            elif s.auto and s.auto[-1]:
                mine = s.actors[-1] == 0
                verb = rome.Action.parse(s.actions[-1]).verb
                pattern = SAID[verb][0 if mine else 1]
                line = auto_line(ui)
                assert line.startswith(LEAD) and re.search(pattern + r"(?: twice| \d times)?\.$",
                                                           line), line
                seen.add((verb, mine))
                if not mine and verb in ("draft", "keep"):
                    hidden = rome.BUILDINGS[rome.Action.parse(s.actions[-1]).kind].name
                    assert hidden not in line.split("; ")[-1], "another's hidden card"
        if {verb for verb, _ in seen} == set(SAID):
            break
    assert {verb for verb, _ in seen} == set(SAID)


@pytest.mark.parametrize("ply, words", [
    (7, "your turn ended"),
    (14, "Aurelia took the 4-Value Residential"),
    (31, "you took the 2-Value Residential"),
    (38, "you placed an emissary on space 3"),
    (107, "Aurelia's turn ended twice; you took the Thermal Baths."),  # not "ended; ended"
])
def test_the_guided_games_forced_moves_are_said(ply: int, words: str) -> None:
    """Known forced moves of the recorded guided game, said as the table plays them."""
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.replayed(
        list(FIRST_GAME.seats), FIRST_GAME.seed, False, list(FIRST_GAME.script[:ply + 1]),
        None, SAVED), None))
    assert words in auto_line(ui)


@pytest.mark.parametrize("seed, seats, words", [
    (5, [Seat("Ann", True), Seat("Bo", False, "easy")],
     "you kept the 2-Value Residential in the opening draft"),
    (26, [Seat("Ann", True), Seat("Bo", False, "easy")],
     "Bo kept the last card of the opening draft"),
])
def test_a_forced_draft_is_said_and_only_its_keeper_hears_the_card(seed: int,
                                                                  seats: list[Seat],
                                                                  words: str) -> None:
    ui = begin(seats, seed)
    ui, _ = model.reduce(ui, model.Tick(ui.generation))
    assert words in auto_line(ui)


def test_a_long_run_of_forced_moves_names_the_last_three_and_counts_the_rest() -> None:
    """Four seats' forced moves since the human decided: the last three named, the earlier
    ones counted (the log holds them), so the line stays short on a phone."""
    longest = ""
    for seed in range(60):
        rng = random.Random(seed)
        seats = [Seat("Ann", True)] + [Seat(n, False, "random") for n in ("Bo", "Cy", "Di")]
        ui = begin(seats, seed)
        while ui.mode is not Mode.OVER:
            ui, _ = model.reduce(ui, next_event(ui, at_random(rng), at_random(rng)))
            s = ui.session
            forced = sum(1 for i in range(len(s.actions)) if s.auto[i]
                         and i >= max((j + 1 for j in range(len(s.actions))
                                       if not s.auto[j] and s.seat_is_human(s.actors[j])),
                                      default=0))
            line = auto_line(ui)
            if forced > 3 and not rome.is_over(s.state):
                assert line.startswith(LEAD) and line.endswith("."), line
                named = line[len(LEAD):-1].split("; ")
                counted = re.fullmatch(r"(\d+) earlier moves? \(in the log\)", named[0])
                earlier = int(counted.group(1)) if counted else 0
                named = named[1:] if counted else named
                # at most three named, three if any is only counted; none repeated in a row
                assert len(named) == 3 if earlier else 1 <= len(named) <= 3, line
                assert all(a != b for a, b in zip(named[:-1], named[1:], strict=True)), line
                assert earlier + sum(times(n) for n in named) == forced, line
                longest = line
        if longest:
            break
    assert longest, "no seed gave more than three forced moves in a row"


def times(named: str) -> int:
    """How many moves a named part stands for: "Bo's turn ended twice" two."""
    if named.endswith(" twice"):
        return 2
    many = re.search(r" (\d+) times$", named)
    return int(many.group(1)) if many else 1


def test_with_two_humans_each_is_named() -> None:
    ui = begin([Seat("Ann", True), Seat("Cy", True)], 5)
    ui, _ = model.reduce(ui, model.Tick(ui.generation))
    assert "Ann kept the last card of the opening draft" in auto_line(ui)


def test_a_forced_move_alone_does_not_redraw_at_the_instant_pace() -> None:
    """At the instant pace the computers' moves are drawn once a round: the line of forced
    moves changing does not force a drawing of its own (the next one shows it)."""
    ui = begin([Seat("Ann", True), Seat("Bo", False, "random")], 3)
    s = ui.session
    while s.state.round == 0 or len(s.actions) < 3:  # into the round: no round ends next
        s = s.after(str(rome.sensible_actions(s.state)[0]))
    quiet = replace(ui, session=s, mode=Mode.COMPUTER)
    text = str(rome.sensible_actions(s.state)[0])
    after = replace(quiet, session=s.after(text),
                    messages=(Message("auto", LEAD + "Bo's turn ended."),))
    assert not model.needs_render(quiet, after)
    unsaved = replace(after, messages=(Message("unsaved", "Not saved."),))
    assert model.needs_render(quiet, unsaved), "other messages are drawn at once"
