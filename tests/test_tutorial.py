"""The guided first game on CPython (issue 41): its recorded game, its steps and their words,
the reducer's paths, the control it marks, and its storage apart from saved games.

Why here and not only in the browser: a course is data (a seed, every move, steps keyed by
position) read by pure functions, so whether every step speaks at a decision of its
learner, whether every template fills from the engine's facts, and whether doing only what
is marked reaches the end are all checked in well under a second a path.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import rome
from tutorial_drive import AREAS, click, follow, start, words
from ui import model
from ui.model import Mode, UiState
from ui.render.tutorial import Target, render_tutorial, target
from ui.saves.save import Saves
from ui.saves.session import SaveError, Seat, Session
from ui.saves.storage import open_store
from ui.tutorial import save as tutorial_save
from ui.tutorial.course import Tutorial
from ui.tutorial.first_game import FIRST_GAME
from ui.tutorial.marks import TARGET
from ui.tutorial.position import Position, fill
from ui.words import anchors


def walk(ply: int) -> UiState:
    """The guided game followed by its marks until ``ply`` moves are played and the table
    waits for the learner."""
    for ui, _ in follow(*start()):
        if len(ui.session.actions) == ply and ui.mode is Mode.HUMAN:
            return ui
    raise AssertionError(f"the learner never decides after {ply} moves")


def decision_plies() -> list[int]:
    """The positions where the learner decides (not a move played for them)."""
    s, out = FIRST_GAME.fresh(), []
    for ply, text in enumerate(FIRST_GAME.script):
        if s.current == FIRST_GAME.learner and rome.automatic_action(s.state) is None:
            out.append(ply)
        s.apply(text, rome.automatic_action(s.state) is not None)
    return out


# -- the course's data ------------------------------------------------------------------
def test_the_script_is_a_whole_two_seat_game_of_seven_rounds_with_its_forced_moves() -> None:
    s = FIRST_GAME.fresh()
    for text in FIRST_GAME.script:
        forced = rome.automatic_action(s.state)
        if forced is not None:
            assert str(forced) == text, "a forced move is the engine's own"
        s.apply(text, forced is not None)
    assert rome.is_over(s.state) and s.state.round == 7 and len(s.seats) == 2
    assert [seat.human for seat in FIRST_GAME.seats] == [True, False]
    assert FIRST_GAME.seats[1].level == "easy"
    assert rome.winners(s.state) == [FIRST_GAME.learner]


def test_every_step_speaks_at_a_decision_of_the_learner() -> None:
    plies = [step.ply for step in FIRST_GAME.steps]
    assert plies == sorted(set(plies))
    assert set(plies) <= set(decision_plies())
    assert len(decision_plies()) >= 10
    for step in FIRST_GAME.steps:
        assert step.anchor == "" or step.anchor in anchors.ANCHORS
    assert all(page.anchor in anchors.ANCHORS for page in FIRST_GAME.pages)


def test_every_template_fills_from_its_position() -> None:
    s = FIRST_GAME.fresh()
    names = tuple(seat.name for seat in s.seats)
    steps = {step.ply: step for step in FIRST_GAME.steps}
    for ply, text in enumerate(FIRST_GAME.script):
        if ply in steps:
            here = Position(s.state, 0, rome.Action.parse(text), names)
            for template in (steps[ply].words, FIRST_GAME.lead + (steps[ply].why or
                                                                 FIRST_GAME.why)):
                filled = fill(template, here)
                assert "{" not in filled and "}" not in filled and filled.strip()
        s.apply(text, rome.automatic_action(s.state) is not None)
    end = Position(s.state, 0, None, names)
    for template in (*(page.words for page in FIRST_GAME.pages), FIRST_GAME.done):
        assert "{" not in fill(template, end)
    with pytest.raises(KeyError, match="not a field"):
        fill("{no_such_fact}", end)


def test_the_words_carry_the_games_own_numbers() -> None:
    """The first build pays for both bricks with coins: Jupiter costs 2 bricks, space 1
    brings none, a brick costs 2 coins (the rulebook's price), so 4 coins."""
    said = words(walk(6))
    assert "costs 2 bricks" in said and "2 coins each" in said and "costs 4 coins" in said
    assert "4 × 4" in said
    last = words(walk(112))
    assert "7 rounds with two players, 14 with three or four" in last


# -- following it -------------------------------------------------------------------------
def test_doing_only_what_is_marked_reaches_the_end_and_teaches_every_rule_area() -> None:
    said: list[str] = []
    learner_moves = 0
    for ui, effects in follow(*start()):
        text = words(ui)
        if text and (not said or said[-1] != text):
            said.append(text)
        assert not any(isinstance(e, model.Ask | model.Save) for e in effects), \
            "the course's computer replays its record and nothing goes to a save slot"
    s = ui.session
    learner_moves = sum(1 for seat, auto in zip(s.actors, s.auto, strict=True)
                        if seat == FIRST_GAME.learner and not auto)
    assert learner_moves >= 10 and tuple(s.actions) == FIRST_GAME.script
    text = " ".join(said).lower()
    for area, needed in AREAS.items():
        assert all(w.lower() in text for w in needed), area
    assert ui.tutorial is not None and ui.tutorial.page == len(FIRST_GAME.pages)


READING_WPM = 238
"""Adults' mean silent reading speed for non-fiction (Brysbaert, 2019, a meta-analysis of
190 studies), the pace the course's reading time is estimated at."""
SECONDS_PER_CLICK = 4.0
"""Finding the marked control and pressing it: a generous allowance per click."""


def test_a_newcomer_finishes_it_within_fifteen_minutes() -> None:
    """Issue 41's "under 15 minutes", estimated as the player spends it: every distinct
    sentence read once at a mean reading speed, plus each click asked for."""
    sentences: dict[str, None] = {}
    clicks = 0
    for ui, _effects in follow(*start()):
        clicks += target(ui) is not None
        for sentence in re.split(r"(?<=[.!?:])\s+", words(ui)):
            sentences.setdefault(sentence, None)
    read = sum(len(s.split()) for s in sentences) / READING_WPM * 60
    total = read + clicks * SECONDS_PER_CLICK
    assert total < 15 * 60, f"{read:.0f} s reading, {clicks} clicks: {total / 60:.1f} min"
    assert clicks >= 10


def test_the_other_seats_turns_are_told_a_sentence_each() -> None:
    said = words(walk(18))
    assert "Aurelia, on space 3, took the Temple of Venus and built the 3-Value " \
           "Residential." in said
    assert "Aurelia, on space 5, took the 4-Value Residential, built the Temple of Venus " \
           "and produced." in said
    assert "Aurelia placed an emissary on space 5, which brings 3 bricks and 2 cogs." \
        in words(walk(2))


def test_another_choice_is_answered_with_why_and_not_played() -> None:
    ui = walk(2)
    other = next(a for a in rome.sensible_actions(ui.session.state) if str(a) != "place 2")
    answered, effects = model.reduce(ui, model.Act(other))
    assert answered.session is ui.session, "nothing was played"
    said = answered.tutorial.answer
    assert said.startswith(f"You chose to place an emissary on space {other.space}")
    assert "asks you to place an emissary on space 2 of the strip now" in said
    assert said in words(answered)
    assert effects == (model.Focus(("[data-tutorial-target]",)),)
    played, _ = model.reduce(answered, click(answered))
    assert played.tutorial.answer == "" and len(played.session.actions) == 3


def test_choosing_another_card_to_build_is_answered() -> None:
    ui = walk(32)  # the Market is asked for; the Arena could be built too
    answered, _ = model.reduce(ui, model.Select("arena"))
    assert answered.selection == ""
    assert answered.tutorial.answer.startswith("You chose to build the Arena. The "
                                               "guided game asks you to build the Market")
    chosen, _ = model.reduce(answered, model.Select("market"))
    assert chosen.selection == "market"


def test_the_mark_is_on_the_control_asked_for_and_its_tab() -> None:
    assert target(walk(2)) == Target('[data-action="place 2"]', "board")
    assert target(walk(5)) == Target('[data-action="take I:temple-jupiter"]', "board")
    build = walk(6)
    assert target(build) == Target('[data-select="temple-jupiter"]', "me")
    chosen, _ = model.reduce(build, model.Select("temple-jupiter"))
    assert target(chosen) == Target('[data-action="build temple-jupiter -1,0"]', "me")
    assert target(walk(9)) == Target('[data-action="produce"]', None)
    watching, _ = model.reduce(walk(9), model.Act(rome.Action.parse("produce")))
    assert watching.mode is not Mode.HUMAN and target(watching) is None


def test_on_a_phone_the_course_asks_for_the_tab_and_never_moves_the_learner() -> None:
    """Issue 40's rule holds in a course: the learner who reads the log while the other seat
    plays stays there; the turn is announced, the course marks the tab holding what it asks
    for, and either way there focuses the control asked for first."""
    ui, _ = start()
    for _ in range(40):
        if ui.mode is Mode.HUMAN and len(ui.session.actions) == 2:
            break
        ui, _ = model.reduce(ui, click(ui) if target(ui) else model.Tick(ui.generation))
        if ui.mode is not Mode.HUMAN and ui.tab != "log":
            ui, _ = model.reduce(ui, model.Tab("log"))  # the learner reads the log meanwhile
    assert ui.mode is Mode.HUMAN and len(ui.session.actions) == 2
    assert ui.tab == "log", "the table left the learner where they were"
    said = [m.words for m in ui.messages if m.kind == "turn"]
    assert len(said) == 1 and said[0].endswith("your choices are under “Court”."), said
    assert target(ui) == Target('[data-action="place 2"]', "board")
    for event in (model.Tab("board"), model.ToChoices()):
        shown, effects = model.reduce(ui, event)
        assert shown.tab == "board" and not any(m.kind == "turn" for m in shown.messages)
        focus = next(e for e in effects if isinstance(e, model.Focus))
        assert focus.selectors[0] == f"[{TARGET}]", event


def test_the_new_game_form_keeps_the_players_own_seats_not_the_courses() -> None:
    seats = [Seat("Ann", True), Seat("Bo", True), Seat("Cato", False, "hard")]
    own, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(seats, 7, True), "game.1"))
    course, _ = model.reduce(own, model.Begin(FIRST_GAME.fresh(), None,
                                              tutorial=Tutorial(FIRST_GAME.key)))
    _, effects = model.reduce(course, model.Leave())
    form = next(e for e in effects if isinstance(e, model.ShowForm))
    assert form.seats is not None and list(form.seats) == seats and form.shrine


def test_the_pages_after_the_game_mark_the_learners_city_and_end() -> None:
    states = [ui for ui, _ in follow(*start())]
    over = [ui for ui in states if rome.is_over(ui.session.state)]
    residential = next(ui for ui in over if "Residential areas:" in words(ui))
    panel = render_tutorial(residential)
    for cell in ("0:-2,1", "0:-2,2", "0:-1,3", "0:0,1", "0:0,2", "0:1,2"):  # its residentials
        assert f'.city [data-pos="{cell}"]' in panel
    assert "data-tutorial-done" in render_tutorial(over[-1]) and target(over[-1]) is None


# -- leaving, resuming, storage ----------------------------------------------------------
class Page:
    """The page's storage owner (``assets/storage-host.js``), whose storage takes every
    write."""

    def open(self, namespace: str, answer: Any) -> str:
        self.answer = answer
        return json.dumps({"available": True, "items": {}})

    def write(self, namespace: str, text: str) -> None:
        self.answer(json.dumps({"kind": "written", "id": json.loads(text)["id"], "ok": True}))


def test_leaving_keeps_the_course_off_the_table_and_apart_from_saved_games() -> None:
    ui = walk(20)
    store = open_store(Page())
    kept = [e for e in model.reduce(ui, click(ui))[1] if isinstance(e, model.KeepTutorial)]
    assert kept and kept[0].on, "every move keeps the course, on the table"
    left, effects = model.reduce(ui, model.Leave())
    assert left.tutorial is None and left.session is None
    keep = next(e for e in effects if isinstance(e, model.KeepTutorial))
    form = next(e for e in effects if isinstance(e, model.ShowForm))
    assert not keep.on and form.seats is None, "the course's seats are not the player's"
    tutorial_save.write(store, keep.session, keep.tutorial, keep.on)
    assert Saves(store).list_games() == [] and Saves(store).last_slot() is None
    back = tutorial_save.read(store)
    assert back is not None and not back.on and back.session.actions == ui.session.actions


def test_a_reload_resumes_the_course_where_it_was() -> None:
    ui = walk(42)
    store = open_store(Page())
    tutorial_save.write(store, ui.session, ui.tutorial)
    kept = tutorial_save.read(store)
    assert kept is not None and kept.on
    again, _ = model.reduce(UiState(pace=0), model.Begin(kept.session, None,
                                                         tutorial=kept.tutorial))
    assert again.mode is Mode.HUMAN and words(again) == words(ui)
    tutorial_save.off_table(store)
    assert not tutorial_save.read(store).on


@pytest.mark.parametrize("change, why", [
    (lambda d: {**d, "course": "chess"}, "course must be one of first-game"),
    (lambda d: {**d, "page": 99}, "page must be a whole number from 0 to 8"),
    (lambda d: {**d, "on": "yes"}, "flag on the table must be true or false"),
    (lambda d: {**d, "game": {**d["game"], "seed": 14}}, "not the course's"),
    (lambda d: [d], "not a game record"),
])
def test_a_damaged_course_is_refused_with_a_sentence_and_removed(change: Any, why: str) -> None:
    store = open_store(Page())
    tutorial_save.write(store, FIRST_GAME.fresh(), Tutorial(FIRST_GAME.key))
    store.set(tutorial_save.KEY, json.dumps(change(json.loads(store.get(tutorial_save.KEY)))))
    with pytest.raises(SaveError, match=why):
        tutorial_save.read(store)
    assert tutorial_save.read(store) is None
    assert store.get("damaged.tutorial.1") is not None, "set aside, never destroyed"


def test_a_game_of_ones_own_replaces_the_course() -> None:
    ui = walk(2)
    own, effects = model.reduce(ui, model.Begin(Session.new([Seat("A", True), Seat(
        "B", False, "easy")], 7, False), "game.1"))
    assert own.tutorial is None and model.Save(own.session, "game.1") in effects
    assert not any(isinstance(e, model.KeepTutorial) for e in effects)

