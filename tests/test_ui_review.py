"""The end screen's review of a human's decisions (issue 13), on CPython.

Why here: which decisions are reviewed, when a review may be asked, and what a stale
or garbled answer does are decisions of the model; the worker's part is
``rome.ai.review`` (tested in ``tests/test_ai_analysis.py``), run here directly the way
``ui.worker.ai_worker.review`` runs it in the browser.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import cache

import rome
from rome.ai import ADVICE_LEVEL, ADVICE_SOURCE, EVEN
from rome.ai.answers import ReviewLine
from ui import model
from ui.model import Mode, UiState
from ui.model.preparing import progress
from ui.model.state import WorkerReport
from ui.render.endgame import render_end
from ui.render.review import render_review
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui_drive import at_random, next_event, play_until, prepared

TABLE = [Seat("Ann", True), Seat("Bot", False, "random"), Seat("Cy", True)]
UP = WorkerReport(ready=True, legal_count=20)  # the AI worker answered its first question


@cache
def finished(seed: int = 4) -> UiState:
    """A finished three-seat game: two humans (choosing at random) and a random computer."""
    ui, _ = model.reduce(UiState(pace=0, open_hands=True),
                         model.Begin(Session.new(TABLE, seed, False)))
    return play_until(ui, lambda u: u.mode is Mode.OVER, at_random(random.Random(seed)))


def own_decisions(s: Session, seat: int) -> list[tuple[int, str]]:
    """(ply, action) of every move ``seat`` chose itself, read from the session's record."""
    return [(ply, text) for ply, (text, actor, auto)
            in enumerate(zip(s.actions, s.actors, s.auto, strict=True))
            if actor == seat and not auto]


def ask(ui: UiState, seat: int) -> UiState:
    """The review of ``seat`` asked for, with every analysis it waits for answered."""
    asked, effects = model.reduce(ui, model.AskReview(seat))
    assert model.Focus(("#review",)) in effects
    return prepared(asked)


def test_each_human_gets_a_review_button_once_the_game_is_over() -> None:
    ui = finished()
    html = render_review(table_view(ui))
    assert re.findall(r'data-review-seat="(\d)"', html) == ["0", "2"]  # not the computer
    playing = replace(ui, mode=Mode.HUMAN)
    assert model.reduce(playing, model.AskReview(0)) == (playing, ())  # not mid-game
    assert model.reduce(ui, model.AskReview(1)) == (ui, ())  # a computer's seat
    assert model.reduce(ui, model.AskReview(7)) == (ui, ())


def test_the_review_lists_every_decision_the_seat_took_itself() -> None:
    ui = finished()
    asked, _ = model.reduce(ui, model.AskReview(2))
    assert 'data-review-state="pending"' in render_review(table_view(asked))
    assert model.reduce(asked, model.AskReview(2)) == (asked, ())  # pressed again meanwhile
    shown = prepared(asked)
    s = ui.session
    mine = own_decisions(s, 2)
    assert len(mine) > 20
    assert [(x.ply, str(x.played)) for x in shown.review] == mine
    html = render_review(table_view(shown))
    assert re.findall(r'<tr data-ply="(\d+)"', html) == [str(ply) for ply, _ in mine]
    best = sum(1 for x in shown.review if x.loss is not None and x.loss <= 0.05)
    assert f"The best move found in {best} of {len(mine)} decisions" in html
    assert best < len(mine)  # random play: the search finds better moves somewhere
    assert all(x.loss is None or x.loss >= 0 for x in shown.review)
    closed, _ = model.reduce(shown, model.AskReview(2))
    assert closed.review_seat is None and 'id="review"' not in render_review(table_view(closed))


def test_a_stale_or_garbled_answer_is_dropped_line_by_line() -> None:
    ui = finished()
    seat = 0
    asked, _ = model.reduce(ui, model.AskReview(seat))
    generation, ply = asked.preparation.asked  # the seat's first decision
    s = ui.session
    line = ReviewLine(ply=ply, round=1, played=s.actions[ply], best="place 99 x", loss=1.0,
                      played_value=0.0, best_value=1.0, played_words="?", best_words="?",
                      played_now=0, best_now=0, played_reason="?", reason="?")
    answer = model.Prepared(generation, ply, (line,))
    assert model.reduce(asked, replace(answer, generation=generation - 1))[0] is asked
    assert model.reduce(asked, replace(answer, ply=ply + 1))[0] is asked
    other = dict(line, played="end")  # a line for another move than the one played
    kept, _ = model.reduce(asked, replace(answer, lines=(ReviewLine(**other),)))
    assert ply in kept.preparation.checked and kept.preparation.lines == ()
    garbled, _ = model.reduce(asked, answer)  # kept, but its best move is not notation
    shown = prepared(garbled)
    assert len(shown.review) == len(own_decisions(s, seat)) - 1
    assert ply not in [x.ply for x in shown.review]
    left, _ = model.reduce(shown, model.Leave())
    assert left.review is None and left.review_seat is None


def test_each_decision_is_analysed_while_a_human_thinks_never_before_a_computer_move() -> None:
    """Playing on, the page asks for one analysis at a time, only while a human is to act
    (the worker is then idle), oldest decision first; answered as it goes, the review of a
    finished game is shown the moment it is asked for, with nothing more to analyse."""
    ui, _ = model.reduce(UiState(pace=0, worker=UP), model.Begin(Session.new(TABLE, 8, False)))
    rng, asked_plies = random.Random(8), []
    while ui.mode is not Mode.OVER:
        ui, effects = model.reduce(ui, next_event(ui, at_random(rng)))
        for e in effects:
            if isinstance(e, model.Prepare):
                assert ui.mode in (Mode.HUMAN, Mode.HANDOVER), ui.mode
                assert e.level == ADVICE_LEVEL and e.generation == ui.generation
                assert ui.session.seats[e.seat].human and not ui.session.auto[e.ply]
                asked_plies.append(e.ply)
        assert sum(isinstance(e, model.Prepare) for e in effects) <= 1
        if ui.mode in (Mode.HUMAN, Mode.HANDOVER):
            ui = prepared(ui)  # the worker answers while the human thinks
    humans = sorted(p for seat in (0, 2) for p, _t in own_decisions(ui.session, seat))
    assert asked_plies == humans[:len(asked_plies)]
    # only the game's last decision was taken with no human turn after it to analyse it in
    assert sum(total - done for done, total in (progress(ui, 0), progress(ui, 2))) <= 1
    for seat in (0, 2):
        shown, effects = model.reduce(ui, model.AskReview(seat))
        if progress(ui, seat)[0] == progress(ui, seat)[1]:
            assert shown.review is not None  # at once
        shown = prepared(shown)
        assert shown.review is not None and len(shown.review) == len(own_decisions(
            ui.session, seat))
        ui = prepared(model.reduce(shown, model.AskReview(seat))[0])  # closed again


def test_without_the_worker_nothing_is_analysed_until_the_review_is_asked() -> None:
    """With no AI worker up (a hot-seat table starts none; one that failed) each analysis
    would run on the page: they all wait for the review, which then shows its progress."""
    for worker in (WorkerReport(), replace(UP, error="no worker")):
        ui, _ = model.reduce(UiState(pace=0, worker=worker),
                             model.Begin(Session.new(TABLE, 8, False)))
        rng = random.Random(8)
        while ui.mode is not Mode.OVER:
            ui, effects = model.reduce(ui, next_event(ui, at_random(rng)))
            assert not any(isinstance(e, model.Prepare) for e in effects)
        asked, effects = model.reduce(ui, model.AskReview(0))
        assert [e.ply for e in effects if isinstance(e, model.Prepare)] == [
            own_decisions(ui.session, 0)[0][0]]
        total = len(own_decisions(ui.session, 0))
        assert f"0 of {total} checked" in render_review(table_view(asked))


def test_undo_forgets_the_analyses_of_the_moves_taken_back() -> None:
    ui = human_turn_after(3)
    ui = prepared(ui)
    before = len(ui.session.actions)
    back, _ = model.reduce(ui, model.Undo())
    kept = len(back.session.actions)
    assert kept < before
    assert all(p < kept for p in back.preparation.checked)
    assert all(x["ply"] < kept for x in back.preparation.lines)


def human_turn_after(decisions: int) -> UiState:
    """A game where the first human has taken ``decisions`` decisions and acts again."""
    ui, _ = model.reduce(UiState(pace=0, worker=UP),
                         model.Begin(Session.new(TABLE[:2], 5, False)))
    rng = random.Random(5)
    return play_until(ui, lambda u: u.mode is Mode.HUMAN and len(own_decisions(
        u.session, 0)) >= decisions and prepared(u) is not None, at_random(rng))


def test_the_review_keeps_the_analysis_words_that_tell_two_moves_apart() -> None:
    """The move played and the better one may be the same card beside the same neighbour:
    then the review shows the analysis' words, which tell them apart by side ("…, on the
    space below your …"); otherwise the move played is said as it was done (a take without
    the analysis' plan for it)."""
    ui = finished()
    s = ui.session
    twin = next((ply, b) for ply, text in own_decisions(s, 0)
                for b in map(str, rome.legal_actions(s.states[ply]))
                if b != text and rome.move_words(s.states[ply], rome.Action.parse(b))
                == rome.move_words(s.states[ply], rome.Action.parse(text)))
    asked, _ = model.reduce(ui, model.AskReview(0))
    mine, better = ("build it next to your Market, on the space below your Market",
                    "build it next to your Market, on the space above your Market")
    for _ in range(200):
        generation, ply = asked.preparation.asked
        played = s.actions[ply]
        best = twin[1] if ply == twin[0] else next(
            str(a) for a in rome.legal_actions(s.states[ply]) if str(a) != played)
        line = ReviewLine(ply=ply, round=1, played=played, best=best, loss=8.0,
                          played_value=0.0, best_value=8.0, played_words=mine,
                          best_words=better, played_now=0, best_now=0, played_reason="?",
                          reason="more room")
        asked, _ = model.reduce(asked, model.Prepared(generation, ply, (line,)))
        if asked.preparation.asked is None or asked.review is not None:
            break
    shown = prepared(asked)
    assert shown.review is not None
    alike = 0
    for row in shown.review:
        said = rome.move_words(s.states[row.ply], row.played)
        twins = said == rome.move_words(s.states[row.ply], row.best)
        alike += twins
        assert row.best_words == better
        assert row.played_words == (mine if twins else said), row.ply
    assert alike and twin[0] in {row.ply for row in shown.review}
    html = render_review(table_view(shown))
    assert "Build it next to your Market, on the space below your Market" in html


def test_the_end_screen_draws_the_review_under_the_scores() -> None:
    ui = finished()
    shown = ask(ui, 0)
    view = table_view(shown)
    assert view.over and 'id="final"' in render_end(view)
    html = render_review(view)
    assert len(re.findall(r"<tr data-ply=", html)) == len(shown.review) > 20
    builds = [x for x in shown.review if x.played.verb == "build"]
    assert builds and all(" next to your " in x.played_words for x in builds)
    assert all(str(x.played) not in html for x in builds)  # words, never the notation
    assert f"checked by {ADVICE_SOURCE}" in html
    assert render_review(table_view(model.reduce(UiState(pace=0), model.Begin(
        Session.new(TABLE, 5, False)))[0])) == ""


def test_the_review_opens_with_its_turning_points_and_the_cities_side_by_side() -> None:
    """The costliest decisions first, each naming its round and the better move; then the
    seat's city beside the winner's by category; then every decision, by round."""
    ui = finished()
    shown = ask(ui, 0)
    html = render_review(table_view(shown))
    costly = sorted((x for x in shown.review if x.loss is not None and x.loss >= EVEN),
                    key=lambda x: (-(x.loss or 0.0), x.ply))[:5]
    assert len(costly) >= 3  # random play slips often
    points = re.findall(r'<li data-turning-point data-ply="(\d+)"><strong>(Round \d+|Opening '
                        r'draft):</strong>', html)
    assert [int(p) for p, _r in points] == [x.ply for x in costly]
    for (_p, said), x in zip(points, costly, strict=True):
        assert said == (f"Round {x.round}" if x.round else "Opening draft")
    scores, winner = rome.final_scores(ui.session.state), min(rome.winners(ui.session.state))
    against = winner if winner != 0 else max(
        (s for s in range(len(scores)) if s != 0), key=lambda s: scores[s]["total"])
    for cat, yours, theirs in re.findall(
            r'<tr data-category="(\w+)"><th scope="row">[^<]*</th><td>(-?\d+)</td>'
            r'<td>(-?\d+)</td>', html):
        assert (int(yours), int(theirs)) == (scores[0][cat], scores[against][cat])
    assert 'data-category="' in html
    won = 0 in rome.winners(ui.session.state)
    gaps = sorted((scores[0][c] - scores[against][c], c) for c in rome.CATEGORIES
                  if (scores[0][c] - scores[against][c] > 0) == won
                  and scores[0][c] != scores[against][c])
    widest = gaps[-1] if won else gaps[0]
    label = {"residential": "residential areas"}.get(widest[1], widest[1].replace("_", " "))
    yours, theirs = scores[0][widest[1]], scores[against][widest[1]]
    leader = TABLE[0 if won else against].name  # who pulled ahead, then their figure
    assert (f"Where {leader} pulled ahead: your {label} scored {yours}, theirs {theirs}" if won
            else f"Where {leader} pulled ahead: their {label} scored {theirs}, yours {yours}"
            ) in html.replace("\u2068", "").replace("\u2069", "")  # names' direction isolates
    heads = re.findall(r'<tbody data-round="(\d+)">', html)
    assert heads == [str(r) for r in sorted({x.round for x in shown.review})]
    assert "<td></td>" not in html  # no empty column
