"""One writer per game across tabs, and the message area, in the UI model on CPython.

Why: the page's half (Web Locks, BroadcastChannel: ``ui/shell/tabs.py``) only reports
what the browser said; every decision — when a tab may play and save, what it says, what
it hands over — is the reducer's, tried here path by path. The browser tests
(``e2e/test_faults.py``, ``e2e/engines``) check the same with two real tabs.
"""

from __future__ import annotations

import random
from dataclasses import replace
from html.parser import HTMLParser

import pytest

import rome
from ui import model
from ui.model import Mode, UiState, Writer
from ui.model.messages import said, unsaid
from ui.model.tabs import OPEN_ELSEWHERE, PLAY_HERE, TAKEN, TAKING
from ui.render.messages import line_id, message_area, render_messages
from ui.render.prompt import render_prompt
from ui.render.table import regions
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event, play_until

SEATS = [Seat("Ann", True), Seat("Bot", False, "random")]
SLOT = "17"


def claiming(seed: int = 4, moves: int = 0) -> tuple[UiState, tuple[model.Effect, ...]]:
    """A table that has just put a game (``moves`` in) on and asked the other tabs."""
    session = Session.new(SEATS, seed, False)
    for text in played(seed, moves):
        session = session.after(text, False)
    return model.reduce(UiState(pace=0), model.Begin(session, SLOT, claim=True))


def played(seed: int, moves: int) -> list[str]:
    """The first ``moves`` moves of a seeded game between a random human and the bot."""
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(SEATS, seed, False)))
    ui = play_until(ui, lambda u: len(u.session.actions) >= moves,
                    at_random(random.Random(seed)))
    return ui.session.actions[:moves]


def holding(seed: int = 4) -> UiState:
    ui, _ = claiming(seed)
    return model.reduce(ui, model.Claimed(SLOT, True))[0]


def effect_types(effects: tuple[model.Effect, ...]) -> list[type]:
    return [type(e) for e in effects]


def test_a_game_put_on_the_table_waits_for_its_claim_before_it_plays_or_saves() -> None:
    ui, effects = claiming()
    assert ui.writer is Writer.ASKING and ui.mode is Mode.ELSEWHERE
    assert effect_types(effects) == [model.Claim, model.ShowTable]
    assert effects[0] == model.Claim(SLOT)
    assert table_view(ui).actions == ()  # nothing to click while it is not this tab's
    assert ui.session is not None
    first_move = rome.sensible_actions(ui.session.state)[0]
    assert model.reduce(ui, model.Act(first_move)) == (ui, ())
    assert ui.messages == ()  # nothing is said while the answer is a few ms away


def test_a_granted_claim_plays_and_saves() -> None:
    ui, _ = claiming()
    here, effects = model.reduce(ui, model.Claimed(SLOT, True))
    assert here.writer is Writer.HERE and here.mode is Mode.COMPUTER  # the bot drafts first
    assert effect_types(effects) == [model.Save, model.Ask]
    assert effects[0] == model.Save(here.session, SLOT)
    turn = play_until(here, lambda u: u.mode is Mode.HUMAN, at_random(random.Random(1)))
    assert table_view(turn).actions  # the human may play


def test_a_game_held_elsewhere_is_shown_with_play_here_and_never_saved() -> None:
    ui, _ = claiming(moves=6)
    shown, effects = model.reduce(ui, model.Claimed(SLOT, False))
    assert effects == () and shown.writer is Writer.ELSEWHERE and shown.mode is Mode.ELSEWHERE
    assert shown.messages == (model.Message("tab", OPEN_ELSEWHERE, PLAY_HERE),)
    assert shown.session is ui.session and table_view(shown).actions == ()
    drawn = "".join(regions(table_view(shown)).values()) + render_prompt(table_view(shown))
    assert "data-action" not in drawn and "deciding" not in drawn
    assert model.reduce(shown, model.Undo()) == (shown, ())
    assert model.reduce(shown, model.Saved(True))[0].messages == shown.messages


def test_play_here_takes_the_game_over_from_the_handed_over_moves() -> None:
    ui, _ = claiming(moves=6)
    shown, _ = model.reduce(ui, model.Claimed(SLOT, False))
    taking, effects = model.reduce(shown, model.TakeOver())
    assert effects == (model.Claim(SLOT, take=True),) and taking.writer is Writer.TAKING
    assert taking.messages == (model.Message("tab", TAKING),)  # no control while it waits
    assert model.reduce(taking, model.TakeOver()) == (taking, ())  # asked once
    ahead = ui.session
    assert ahead is not None
    for text in played(4, 11)[6:]:  # the other tab played on before handing over
        ahead = ahead.after(text, False)
    here, effects = model.reduce(taking, model.Claimed(SLOT, True, ahead))
    assert here.session is ahead and here.writer is Writer.HERE and here.messages == ()
    assert effects[0] == model.Save(ahead, SLOT)
    assert len(here.log) == len(ahead.actions) == 11
    assert here.log[:6] == ui.log  # the entries already drawn are kept
    assert here.generation > taking.generation


def test_a_tab_asked_for_its_game_saves_then_hands_it_over_and_says_so() -> None:
    ui = holding()
    ui = play_until(ui, lambda u: len(u.session.actions) >= 5, at_random(random.Random(2)))
    asked, effects = model.reduce(ui, model.Wanted(SLOT))
    assert effects == (model.Save(ui.session, SLOT), model.Release(SLOT, ui.session))
    assert asked.writer is Writer.TAKEN and asked.mode is Mode.ELSEWHERE
    assert [m for m in asked.messages if m.kind == "tab"] == [
        model.Message("tab", TAKEN, PLAY_HERE)]  # beside what the table played, if anything
    assert asked.generation > ui.generation  # a computer's answer under way is dropped
    assert model.reduce(asked, model.Wanted(SLOT)) == (asked, ())
    assert model.reduce(asked, model.Answer(ui.generation, "end")) == (asked, ())
    # and it can take the game back
    assert model.reduce(asked, model.TakeOver())[1] == (model.Claim(SLOT, take=True),)


def test_a_tab_whose_game_was_stolen_says_so_and_keeps_its_unsaved_moves_offered() -> None:
    ui = holding()
    refused, _ = model.reduce(ui, model.Saved(False, problem="Full."))
    lost, effects = model.reduce(refused, model.Lost(SLOT))
    assert effects == () and lost.writer is Writer.TAKEN
    assert [m.kind for m in lost.messages] == ["tab", "unsaved"]
    assert lost.messages[1].control is not None  # the download stays
    assert model.reduce(lost, model.OtherTab(SLOT)) == (lost, ())  # its moves stay shown
    assert model.reduce(ui, model.Lost("other")) == (ui, ())


def test_a_tab_that_only_shows_a_game_follows_the_other_tabs_saves() -> None:
    ui, _ = claiming(moves=3)
    shown, _ = model.reduce(ui, model.Claimed(SLOT, False))
    assert model.reduce(shown, model.OtherTab(SLOT)) == (shown, (model.Follow(SLOT),))
    assert model.reduce(shown, model.OtherTab("other")) == (shown, ())
    assert shown.session is not None
    ahead = shown.session.after(played(4, 4)[3], False)
    moved, effects = model.reduce(shown, model.Followed(SLOT, ahead))
    assert moved.session is ahead and moved.mode is Mode.ELSEWHERE and effects == ()
    assert len(moved.log) == 4 and moved.log[:3] == shown.log
    here = holding()
    assert model.reduce(here, model.OtherTab(SLOT)) == (here, ())  # its own slot: never
    assert model.reduce(here, model.Followed(SLOT, ahead)) == (here, ())


def test_a_claim_answered_after_the_table_moved_on_lets_the_slot_go() -> None:
    ui, _ = claiming()
    left, effects = model.reduce(ui, model.Leave())
    assert not any(isinstance(e, model.Release) for e in effects)  # it held nothing yet
    assert model.reduce(left, model.Claimed(SLOT, True)) == (left, (model.Release(SLOT),))
    assert model.reduce(left, model.Claimed(SLOT, False)) == (left, ())


def test_the_slot_held_is_let_go_when_the_table_leaves_it() -> None:
    ui = holding()
    _, effects = model.reduce(ui, model.Leave())
    assert effects[0] == model.Release(SLOT)
    other, effects = model.reduce(ui, model.Begin(Session.new(SEATS, 9, False), "18",
                                                  claim=True))
    assert effect_types(effects)[:2] == [model.Release, model.Claim]
    assert effects[0] == model.Release(SLOT) and effects[1] == model.Claim("18")
    # the same game again, already held: no new claim (it would find itself holding it)
    same, effects = model.reduce(ui, model.Begin(ui.session, SLOT, claim=True))
    assert same.writer is Writer.HERE and model.Claim(SLOT) not in effects
    assert other.messages == ()


def test_a_whole_game_in_a_tab_that_holds_it_saves_every_move() -> None:
    ui = holding(seed=7)
    saves = 0
    rng = random.Random(3)
    while ui.mode is not Mode.OVER:
        ui, effects = model.reduce(ui, next_event(ui, at_random(rng)))
        saves += sum(isinstance(e, model.Save) for e in effects)
    assert ui.session is not None and saves == len(ui.session.actions)


# -- the message area -----------------------------------------------------------------
class Lines(HTMLParser):
    """The text and the data-ui commands of each message line."""

    def __init__(self) -> None:
        super().__init__()
        self.commands: list[str] = []
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        command = dict(attrs).get("data-ui")
        if command:
            self.commands.append(command)

    def handle_data(self, data: str) -> None:
        self.text += data


def test_the_message_area_draws_each_kind_in_its_own_line_in_kinds_order() -> None:
    messages = said((), model.Message("unsaved", "Not <saved>.", model.Control("Get", "download")))
    messages = said(messages, model.Message("tab", "Elsewhere.", PLAY_HERE))
    messages = said(messages, model.Message("turn", "Your turn."))
    messages = said(messages, model.Message("auto", "Played for you."))
    messages = said(messages, model.Message("reveal", "Show every hand?"))
    messages = said(messages, model.Message("worker", "The AI worker closed."))
    assert [m.kind for m in messages] == list(model.KINDS)
    lines = render_messages(messages)
    assert list(lines) == [line_id(kind) for kind in model.KINDS]
    unsaved = Lines()
    unsaved.feed(lines[line_id("unsaved")])
    assert unsaved.text == "Not <saved>. Get" and unsaved.commands == ["download"]
    assert render_messages(unsaid(messages, "unsaved"))[line_id("unsaved")] == ""
    assert said(messages, model.Message("tab", "Again.")) == (
        model.Message("tab", "Again."), *messages[1:])
    area = message_area()
    assert 'role="status"' in area and 'aria-live="polite"' in area
    assert all(f'id="{line_id(kind)}"' in area for kind in model.KINDS)


def test_a_kind_not_registered_is_refused() -> None:
    with pytest.raises(ValueError, match="add it to KINDS"):
        said((), model.Message("shout", "Hello"))


def test_instant_pace_draws_a_message_as_soon_as_it_is_said() -> None:
    ui = replace(holding(), mode=Mode.COMPUTER)
    refused, _ = model.reduce(ui, model.Saved(False, problem="Full."))
    assert model.needs_render(ui, refused)
