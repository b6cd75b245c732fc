"""What the page opens on, "Learn to play" and "Rematch", decided by the reducer from
events that carry what the page read (``ui.model.starts``; issue 44: the page object used
to decide them itself while reading the address and storage).

Why on CPython: the order of the choices (the address's game, the guided game left on the
table, the last saved game, the new-game screen) and which notices survive to the first
table are pure decisions; the browser tests (``e2e/test_game_session.py``,
``e2e/test_tutorial.py``, ``e2e/test_faults.py``) open real pages on them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ui.address import game_options
from ui.model import UiState, effects, events, reduce
from ui.saves.session import Seat, Session
from ui.tutorial.course import Tutorial
from ui.tutorial.first_game import FIRST_GAME
from ui.tutorial.save import Guided, Kept

CLOSED = "This browser keeps nothing for this page."
DAMAGED = "Your settings were damaged and are back to their defaults."
PAIR = [Seat("Ann", True), Seat("Bo", False, "random")]


def opened(search: str = "", **stored: object) -> tuple[UiState, tuple[effects.Effect, ...]]:
    """The page opened on ``search`` with storage holding ``stored``; the notices of its
    start as the page's ``UiState`` holds them before the event."""
    ui = UiState(notices=(CLOSED, DAMAGED))
    event = events.Opening(game_options(search), closed=CLOSED, **stored)  # type: ignore[arg-type]
    return reduce(ui, event)


def kinds(found: tuple[effects.Effect, ...]) -> list[str]:
    return [type(e).__name__ for e in found]


def guided_after(moves: int, page: int, on: bool) -> Guided:
    """The guided game kept after ``moves`` of its script, its words at ``page``."""
    session = FIRST_GAME.fresh()
    for text in FIRST_GAME.script[:moves]:
        session = session.after(text)
    return Guided(Kept(FIRST_GAME, session, Tutorial(FIRST_GAME.key, page), on))


def test_the_address_game_starts_and_leaves_the_address() -> None:
    ui, found = opened("?seats=human,hard,easy&seed=42&shrine=1&pace=0",
                       last_slot="s1", guided=guided_after(6, 3, True))
    assert kinds(found) == ["ForgetAddress", "StartGame"]
    start = found[1]
    assert isinstance(start, effects.StartGame)
    assert [(s.human, s.level) for s in start.seats] == [(True, ""), (False, "hard"),
                                                          (False, "easy")]
    assert (start.seed, start.shrine) == (42, True)
    assert ui.pace == 0  # for this visit: nothing remembered
    assert ui.carried == (DAMAGED,)  # closed storage is said by the game's refused save


def test_the_first_table_says_the_notices_of_the_opening_once() -> None:
    ui, _ = opened("?seats=human,normal&pace=-1")
    assert any("pace" in n for n in ui.carried) and DAMAGED in ui.carried
    table, _ = reduce(ui, events.Begin(Session.new(PAIR, 3, False), "s9"))
    assert table.notices == ui.carried and CLOSED not in table.notices
    again, _ = reduce(table, events.Begin(Session.new(PAIR, 4, False), "s10"))
    assert again.notices == () and again.carried == ()


def test_a_refused_address_opens_the_screen_saying_why() -> None:
    ui, found = opened("?seats=human,grandmaster", last_slot="s1")
    assert kinds(found) == ["ForgetAddress", "ShowForm"]
    form = found[1]
    assert isinstance(form, effects.ShowForm)
    assert "grandmaster" in form.notice and DAMAGED in form.notice
    assert ui.carried == () and ui.session is None


def test_the_guided_game_left_on_the_table_comes_back_where_it_was() -> None:
    ui, found = opened(last_slot="s1", guided=guided_after(6, 3, True))
    assert ui.tutorial == Tutorial(FIRST_GAME.key, 3)
    assert ui.session is not None and len(ui.session.actions) >= 6
    assert "Load" not in kinds(found)


@pytest.mark.parametrize("guided", [guided_after(6, 3, False), Guided()])
def test_otherwise_the_last_saved_game_is_resumed(guided: Guided) -> None:
    ui, found = opened(last_slot="s1", guided=guided)
    assert effects.Load("s1") in found and ui.tutorial is None


def test_with_nothing_kept_the_new_game_screen_opens() -> None:
    ui, found = opened()
    form = next(e for e in found if isinstance(e, effects.ShowForm))
    assert DAMAGED in form.notice and ui.session is None


def test_a_damaged_guided_game_is_said_and_the_saved_game_resumes() -> None:
    ui, found = opened(last_slot="s1", guided=Guided(problem="the guided game is damaged"))
    assert effects.Load("s1") in found
    said = "The guided game could not be resumed: the guided game is damaged. It starts again."
    assert said in ui.carried


def test_learn_to_play_reads_the_guided_game_then_takes_it_up() -> None:
    ui, found = reduce(UiState(), events.Learn())
    assert found == (effects.ReadGuided(),)
    kept, _ = reduce(ui, events.GuidedRead(guided_after(6, 3, False)))
    assert kept.tutorial == Tutorial(FIRST_GAME.key, 3)
    fresh, _ = reduce(ui, events.GuidedRead(Guided(problem="it is damaged")))
    assert fresh.tutorial == Tutorial(FIRST_GAME.key) and fresh.session is not None
    assert fresh.session.actions == FIRST_GAME.fresh().actions
    assert any("It starts again" in n for n in fresh.notices)  # said on the table


def test_a_finished_guided_game_starts_again() -> None:
    moves = len(FIRST_GAME.script)
    done, _ = reduce(UiState(), events.GuidedRead(
        guided_after(moves, len(FIRST_GAME.pages), False)))
    assert done.tutorial == Tutorial(FIRST_GAME.key)
    assert done.session is not None and len(done.session.actions) < moves


def test_rematch_is_the_same_seats_with_a_seed_the_page_draws() -> None:
    ui, _ = reduce(UiState(), events.Begin(Session.new(PAIR, 3, True), "s1"))
    _, found = reduce(ui, events.Rematch())
    assert found == (effects.StartGame(tuple(PAIR), None, True),)
    assert reduce(UiState(), events.Rematch())[1] == ()  # no game: nothing to play again


def test_rematch_never_drops_an_unsaved_game_in_one_click() -> None:
    ui, _ = reduce(UiState(), events.Begin(Session.new(PAIR, 3, False), "s1"))
    refused, _ = reduce(ui, events.Saved(False, "Storage is full.", True))
    asked, found = reduce(refused, events.Rematch())
    assert asked.session is not None  # still on the table
    assert effects.Focus(('#message-unsaved [data-ui="download"]',)) in found
    assert not any(isinstance(e, effects.StartGame) for e in found)
    assert replace(asked, messages=refused.messages) == refused
