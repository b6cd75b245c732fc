"""The page around the game, on CPython: saves refused and leaving, the new-game form,
the AI worker's report, the saved games' list and a bad address.

Why here: each is a path of the one reducer (``ui.model``) or a pure renderer, so what the
player is told and asked can be checked without a browser; ``e2e/test_save_store.py`` and
``e2e/test_faults.py`` check the same words reach a real page.
"""

from __future__ import annotations

import random

from ui import model
from ui.address import game_options as parse_address
from ui.model import UiState
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event


def begin(seats: list[Seat], seed: int = 3) -> tuple[UiState, tuple]:
    return model.reduce(UiState(pace=0),
                        model.Begin(Session.new(seats, seed, False), "game.test"))


def test_a_refused_save_is_said_until_a_save_succeeds_and_is_tried_at_every_move() -> None:
    ui, effects = begin([Seat("A", True), Seat("B", False, "random")], 5)
    assert ui.slot == "game.test" and effects[0] == model.Save(ui.session, "game.test")
    refused, _ = model.reduce(ui, model.Saved(False, problem="Storage is full."))
    download = model.Control("Download this game", "download")
    assert refused.save_failed and refused.notices == ()
    assert refused.messages == (model.Message("unsaved", "Storage is full.", download),)
    again, _ = model.reduce(refused, model.Saved(False, problem="Storage is full."))
    assert again.messages == refused.messages  # every failed save, one message
    dismissed, _ = model.reduce(again, model.Notice(""))
    assert dismissed.messages == refused.messages  # dismissing notices leaves it standing
    nxt, effects = model.reduce(dismissed, next_event(dismissed, at_random(random.Random(1))))
    assert model.Save(nxt.session, "game.test") in effects  # tried again at the next move
    saved, _ = model.reduce(nxt, model.Saved(True))
    assert not saved.save_failed and "unsaved" not in {m.kind for m in saved.messages}
    sandboxed, _ = model.reduce(ui, model.Saved(False, problem="Kept nowhere.", download=False))
    assert sandboxed.messages == (model.Message("unsaved", "Kept nowhere."),)


def test_leaving_a_game_that_is_not_saved_asks_first() -> None:
    ui, _ = begin([Seat("A", True), Seat("B", False, "random")], 5)
    refused, _ = model.reduce(ui, model.Saved(False, problem="Storage is full."))
    asked, effects = model.reduce(refused, model.Leave())
    assert asked.session is refused.session  # still on the table
    message = next(m for m in asked.messages if m.kind == "unsaved")
    assert message.words.startswith("Storage is full. ") and "loses it" in message.words
    assert message.control == model.Control("Download this game", "download")
    assert message.cancel == model.Control("Leave without it", "leave-anyway")
    assert effects == (model.Focus(('#message-unsaved [data-ui="download"]',)),)
    # asked once: a second click shows the way out; a save refused meanwhile keeps asking
    assert model.reduce(asked, model.Leave()) == (
        asked, (model.Focus(('#message-unsaved [data-ui="leave-anyway"]',)),))
    again, _ = model.reduce(asked, model.Saved(False, problem="Storage is still full."))
    kept = next(m for m in again.messages if m.kind == "unsaved")
    assert kept.words.startswith("Storage is still full. ") and kept.cancel == message.cancel
    left, effects = model.reduce(asked, model.Leave(anyway=True))
    assert left.session is None and any(isinstance(e, model.ShowForm) for e in effects)
    # saved, or kept nowhere whatever the player does (a sandboxed frame): no question
    for plain in (ui, model.reduce(ui, model.Saved(False, problem="Kept nowhere.",
                                                   download=False))[0]):
        assert model.reduce(plain, model.Leave())[0].session is None


def test_the_form_takes_the_notices_and_stops_the_game() -> None:
    ui, _ = begin([Seat("Ada", True), Seat("B", False, "random")], 5)
    noted, _ = model.reduce(ui, model.Notice("Hello"))
    form, effects = model.reduce(noted, model.OpenForm("Bad seats."))
    assert effects == (model.Release("game.test"),  # another tab may take the game at once
                       model.ShowForm("Bad seats. Hello", tuple(ui.session.seats), False))
    assert form.session is None and form.notices == ()
    assert form.generation == ui.generation + 1
    assert model.reduce(form, model.Setting("pace", 0, remember=False))[1] == ()


def test_the_worker_s_report_is_held_and_never_redraws_the_table() -> None:
    """The About line's report of the AI worker lives in the model: its words, then its
    first answer or why it is not ready; a report alone does not redraw the table."""
    ui, _ = begin([Seat("Ann", True), Seat("Bea", True)])
    starting, _ = model.reduce(ui, model.WorkerReported("AI worker: starting…"))
    assert starting.worker.words == "AI worker: starting…" and not starting.worker.ready
    assert not model.needs_render(ui, starting)
    answered, _ = model.reduce(starting, model.WorkerReported("AI worker: ready", legal_count=12))
    assert (answered.worker.words, answered.worker.ready, answered.worker.legal_count) == (
        "AI worker: ready", True, 12)
    assert model.reduce(answered, model.WorkerReported())[0] is answered  # no news: no change
    failed, _ = model.reduce(starting, model.WorkerReported(error="no Web Worker here"))
    assert failed.worker.error == "no Web Worker here" and not failed.worker.ready
    assert failed.worker.words == "AI worker: starting…"


def test_saved_games_are_listed_with_seats_round_and_date() -> None:
    from ui.model.newgame import form_for
    from ui.render.newgame import render_form
    from ui.saves.save import GameInfo

    games = [GameInfo("a1", (Seat("Ann", True), Seat("Bot", False, "hard")), 3, False, 40,
                      1_700_000_000.0),
             GameInfo("b2", (Seat("Cy", True), Seat("Di", True)), 0, False, 2, 0.0)]
    html = render_form(form_for(None, False, "", games))
    assert html.count('data-ui="resume-slot"') == 2 and html.count('data-ui="delete-slot"') == 2
    assert "Ann, Bot (hard) — round 3" in html and "opening draft" in html
    assert "2023-11-1" in html  # the date the first game was saved


def test_address_errors_are_explained() -> None:
    for query, words in (("?seats=human", "2 to 4"), ("?seats=human,wizard", "wizard"),
                         ("?seats=human,easy,easy,easy,easy", "5"),
                         ("?seats=human,easy&seed=x", "seed")):
        opts = parse_address(query)
        assert opts.seats is None and words in opts.error
    assert parse_address("?seats=human,hard&seed=3").error == ""
