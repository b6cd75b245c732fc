"""When a silent AI worker counts as dead, and what the player is told (issue 39).

``ui.worker.health`` holds the decisions the browser's client applies: the limits (a
ping's, a busy request's: its level's wall-clock cap plus a margin, no longer a flat 30 s)
and the words, a notice about the worker being what happened followed by the status line's
words, so the two cannot disagree. The worker's sentence stands in a line of the message
area of its own: "restarted" replaces "restarting", never beside it, and the next human
decision takes it back.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import rome
import rome.ai.levels
from ui import model
from ui.model import Mode
from ui.model.state import UiState
from ui.saves.session import Seat, Session
from ui.worker import health
from ui_drive import at_random, play_until

STATUSES = ("idle", "warming", "ready", "restarting", "failed")
CAUSES = tuple(health.INCIDENTS)


@pytest.fixture(autouse=True)
def no_ai_wall_clock() -> None:
    """The shipped levels, wall-clock caps included (tests/conftest.py lifts them for the
    tests that pin choices): the limits are made of them."""


@pytest.mark.parametrize("level", rome.ai.levels.MENU_LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_busy_worker_gets_its_levels_cap_and_a_margin_not_30_seconds(
        level: str, players: int) -> None:
    # Every level's search stops at 5 s (rome/ai/levels.py's safety net) ...
    assert health.cap_seconds(level, players) == 5.0
    # ... and the worker has 2 s more to answer: 7 s where 30 s froze the game.
    assert health.busy_limit(level, players) == 7.0


def test_the_slowest_measured_requests_fit_well_within_their_limits() -> None:
    # docs/ai.md: hard's slowest duel move 931 ms; docs/measurements.md: the slowest hint
    # (normal, loaded machine) 709 ms. A decision's review is a hint with the move played.
    assert health.busy_limit("hard", 2) > 3 * 0.931
    assert health.busy_limit("normal", 2) > 3 * 0.709


def test_an_end_game_search_with_a_longer_cap_sets_the_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hard = rome.ai.levels.LEVEL_PARAMS["hard"]
    endgame = replace(hard, wall_seconds=9.0)
    assert hard.wall_seconds == 5.0
    monkeypatch.setitem(rome.ai.levels.LEVEL_PARAMS, "hard", replace(hard, endgame=endgame))
    assert health.cap_seconds("hard", 4) == 9.0


def test_a_ping_and_the_restart_wait_are_a_few_seconds() -> None:
    assert health.PING_LIMIT_S == 2.0
    # detection plus the wait for the restarted worker stays under the 8 s promised
    assert health.PING_LIMIT_S + health.REPLAY_WAIT_S < 8.0


def test_only_an_ended_worker_has_the_request_asked_again() -> None:
    assert set(health.DIED) == {"closed", "crashed", "garbled", "silent"}
    assert not {"hang", "failed", "unstarted"} & set(health.DIED)


def test_the_incidents_say_what_happened() -> None:
    assert health.incident("hang", 7.0) == "The AI worker took longer than 7 s"
    assert health.incident("hang", 2.5) == "The AI worker took longer than 2.5 s"
    assert health.incident("closed") == "The AI worker closed"
    assert health.incident("unstarted", "its script could not be fetched") == (
        "The AI worker could not start (its script could not be fetched)")


def test_a_decision_cut_short_by_its_cap_is_said_and_no_other() -> None:
    """Expert's slowest duel move took 1.8 s on CPython (docs/ai.md): on this machine its
    5 s cap never fires, and when it does elsewhere the table says so."""
    assert health.cut_short("Livia (expert)", 1.8, "expert", 2) == ""
    assert health.cut_short("Livia (expert)", 4.99, "expert", 2) == ""
    assert health.cut_short("Livia (expert)", 5.01, "expert", 2) == (
        "Livia (expert) was cut short after 5 s and played the best move found by then: "
        "this device thinks more slowly than the level expects")
    assert health.notice(health.cut_short("The hard computer", 5.2, "hard", 4), "", "ready",
                         0).endswith("than the level expects.")


def test_the_status_words() -> None:
    assert health.status_words("idle", 0) == ""
    assert health.status_words("ready", 0) == ""
    assert health.status_words("warming", 0) == "The AI worker is starting…"
    assert health.status_words("restarting", 1) == "The AI worker is restarting…"
    assert health.status_words("ready", 1) == "The AI worker was restarted."
    assert "quick AI" in health.status_words("failed", 0)
    assert "keeps failing" in health.status_words("failed", 2)


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("cause", CAUSES)
def test_every_notice_ends_with_the_status_words(cause: str, status: str) -> None:
    for restarts in (0, 1, 2):
        for instead in ("", "Brutus (hard) played a quick move instead"):
            text = health.notice(health.incident(cause, 3.0), instead, status, restarts)
            assert text.endswith(health.status_words(status, restarts))
            assert text.startswith("The AI worker ")
            assert "  " not in text and ".." not in text and ": ." not in text
            assert text.endswith((".", "…"))


def test_a_quick_move_is_said_between_the_incident_and_the_status() -> None:
    text = health.notice(health.incident("closed"), "Brutus (hard) played a quick move instead",
                         "restarting", 1)
    assert text == ("The AI worker closed: Brutus (hard) played a quick move instead. "
                    "The AI worker is restarting…")


def test_nothing_happened_nothing_said() -> None:
    for status in STATUSES:
        assert health.notice("", "", status, 0) == ""


def test_the_worker_line_is_replaced_never_stacked_and_leaves_the_others() -> None:
    restarting = health.notice(health.incident("closed"), "", "restarting", 1)
    restarted = health.notice(health.incident("closed"), "", "ready", 1)
    unsaved = model.Message("unsaved", "This game is not being saved.")
    ui = UiState(notices=("Saved games are kept in this browser only.",), messages=(unsaved,))
    first, effects = model.reduce(ui, model.WorkerSaid(restarting))
    updated, _ = model.reduce(first, model.WorkerSaid(restarted))
    assert effects == ()
    assert updated.messages == (unsaved, model.Message("worker", restarted))
    assert updated.notices == ui.notices
    assert model.reduce(updated, model.WorkerSaid(""))[0].messages == (unsaved,)


def test_the_next_human_decision_takes_the_worker_line_back() -> None:
    """What the worker said stays while the human thinks, and goes once the human moves: a
    later move of the same game is no longer the one that was cut short."""
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(
        [Seat("Ann", True), Seat("Bot", False, "greedy")], 5, False)))
    ui = play_until(ui, lambda u: u.mode is Mode.HUMAN, at_random(random.Random(5)))
    said = "The computer could not move: the worker went away."
    ui, _ = model.reduce(ui, model.WorkerSaid(said))
    ui, _ = model.reduce(ui, model.Select(""))  # looking around is not deciding
    assert model.Message("worker", said) in ui.messages
    assert ui.session is not None
    action = rome.sensible_actions(ui.session.state)[0]
    moved, _ = model.reduce(ui, model.Act(action))
    assert moved.session is not None and len(moved.session.actions) > len(ui.session.actions)
    assert all(m.kind != "worker" for m in moved.messages)
