"""The table's hint (issue 13) on CPython: its reducer paths, the worker's answer and its markup.

Why here and not only in the browser: asking, answering, dropping a stale answer and
following a suggestion are decisions of the pure model (:mod:`ui.model`); the worker's
``analyse`` is plain Python too. The browser test (``e2e/test_hint.py``) then only has to
show that the page wires them together.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

import rome
from rome.ai import ADVICE_LEVEL, advice_seed
from rome.ai.analysis import TOP
from rome.ai.answers import Gains, Move, read_moves
from ui import model
from ui.model import Mode, UiState
from ui.render.prompt import render_prompt
from ui.render.table import render_main, render_offer, render_strip
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui.worker import ai_worker
from ui_drive import at_random, play_until

TABLE = [Seat("Ann", True), Seat("Bot", False, "greedy")]


def offers(verb: str) -> Callable[[rome.GameState], bool]:
    return lambda state: any(a.verb == verb for a in rome.sensible_actions(state))


def useless_produce(state: rome.GameState) -> bool:
    """Producing is legal but gives nothing (so the table does not offer it)."""
    produce = rome.Action.parse("produce")
    return rome.is_legal(state, produce) and produce not in rome.sensible_actions(state)


def human_to_act(seed: int, want: Callable[[rome.GameState], bool] | None = None) -> UiState:
    """A 2-player game moved on (random choices, greedy computer) until the human acts,
    at a position ``want`` accepts if given."""
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(TABLE, seed, False)))
    return play_until(
        ui, lambda u: u.mode is Mode.HUMAN and (want is None or want(u.session.state)),
        at_random(random.Random(seed)), limit=800)


def worker_answer(ui: UiState, ask: model.Analyse) -> model.HintAnswer:
    """What the page would dispatch after the worker's ``analyse`` (run here directly)."""
    s = ui.session
    assert s is not None
    obs = rome.observation(s.state, ask.seat)
    text = ai_worker.analyse(rome.observation_json(obs), "normal", ask.seed)
    return model.HintAnswer(ask.generation, ask.moves, tuple(read_moves(text)))


def move(action: str, value: float, loss: float, reason: str, looks: int = 0) -> Move:
    """A move as the AI would answer it, its plan and gains left empty."""
    return Move(action=action, plan=[action], marks=[], value=value, loss=loss, looks=looks,
                now=0, sets_up=0.0, costs=0.0,
                gains=Gains(points=0, influence=0, coins=0, bricks=0, cards=0, buildings=0),
                words="", reason=reason, why="")


def ask(ui: UiState) -> tuple[UiState, model.Analyse]:
    asked, effects = model.reduce(ui, model.AskHint())
    analyses = [e for e in effects if isinstance(e, model.Analyse)]
    assert len(analyses) == 1
    return asked, analyses[0]


def data_actions(html: str) -> set[str]:
    return set(re.findall(r'data-action="([^"]*)"', html))


def test_asking_sends_the_position_to_the_worker_and_shows_it_is_pending() -> None:
    ui = human_to_act(5)
    s = ui.session
    asked, analyse = ask(ui)
    assert analyse.seat == s.current and analyse.moves == len(s.actions)
    assert analyse.generation == ui.generation and analyse.level == ADVICE_LEVEL
    assert asked.session is s and asked.mode is Mode.HUMAN  # nothing is played
    html = render_prompt(table_view(asked))
    assert 'data-hint-state="pending"' in html and 'data-ui="hint"' in html
    again, effects = model.reduce(asked, model.AskHint())  # pressed again while pending
    assert again is asked and effects == ()


def test_a_hint_asked_while_the_ai_worker_starts_says_why_it_waits() -> None:
    """The hint waits for the AI worker's first start (up to its boot limit): the pending
    line says so in the worker's own words, and says nothing more once it is ready."""
    ui, _ = model.reduce(human_to_act(5), model.WorkerReported("The AI worker is starting…"))
    asked, _ = ask(ui)
    assert re.search(r'data-hint-state="pending".*Looking for good moves….*'
                     r'<span class="hint-wait">The AI worker is starting…</span>',
                     render_prompt(table_view(asked)))
    ready, _ = model.reduce(ui, model.WorkerReported("", legal_count=20))
    assert "hint-wait" not in render_prompt(table_view(ask(ready)[0]))


def test_the_answer_names_offered_moves_best_first_and_can_be_followed() -> None:
    ui = human_to_act(7, offers("build"))
    asked, analyse = ask(ui)
    shown, effects = model.reduce(asked, worker_answer(asked, analyse))
    s = shown.session
    offered = rome.sensible_actions(s.state)
    assert shown.hints and all(h.action in offered for h in shown.hints)
    values = [h.value for h in shown.hints]
    assert values == sorted(values, reverse=True) and shown.hints[0].loss == 0
    assert all(h.reason for h in shown.hints)
    assert model.Focus(model.FOCUS_HINT) in effects
    html = render_prompt(table_view(shown))
    named = re.findall(r'data-hint="([^"]*)"', html)
    assert named == [str(h.action) for h in shown.hints]
    page_choices = data_actions(html) | {str(a) for a in table_view(shown).actions}
    assert set(named) <= page_choices
    assert 'data-hint-source="worker"' in html
    played, _ = model.reduce(shown, model.Act(shown.hints[0].action))
    assert played.session.actions[len(s.actions)] == str(shown.hints[0].action)
    assert played.hint_at is None and played.hints == ()
    assert 'id="hint"' not in render_prompt(table_view(played))


@pytest.mark.parametrize("looks, said", [
    ((325, 1), "Tried too rarely by the search to compare (1 time against 325)."),
    ((325, 80), "Tried too rarely by the search to compare (80 times against 325)."),
    ((325, 90), "About as good as the first."),  # over a quarter as often: alike
    ((0, 0), "About as good as the first."),  # ranked by roll-outs: values as sure
])
def test_a_move_the_search_barely_tried_is_not_called_as_good_as_the_first(
        looks: tuple[int, int], said: str) -> None:
    """A tree's second suggestion with few looks may read better than the first on them;
    the hint says how little it was tried, not that it is as good."""
    ui = human_to_act(7, offers("build"))
    asked, analyse = ask(ui)
    s = asked.session
    first, second = rome.sensible_actions(s.state)[:2]
    answer = model.HintAnswer(analyse.generation, analyse.moves, (
        move(str(first), 4.0, 0.0, "scores now", looks[0]),
        move(str(second), 7.0, 0.0, "scores later", looks[1])))
    shown, _ = model.reduce(asked, answer)
    html = render_prompt(table_view(shown))
    assert re.search(r'data-hint-rank="1">.*<span class="hint-value">' + re.escape(said), html)


def test_pressed_again_the_hint_closes() -> None:
    ui = human_to_act(5)
    asked, analyse = ask(ui)
    shown, _ = model.reduce(asked, worker_answer(asked, analyse))
    closed, effects = model.reduce(shown, model.AskHint())
    assert closed.hint_at is None and closed.hints == () and effects
    assert 'id="hint"' not in render_prompt(table_view(closed))


def test_a_stale_answer_is_dropped() -> None:
    ui = human_to_act(9)
    asked, analyse = ask(ui)
    answer = worker_answer(asked, analyse)
    moved, _ = model.reduce(asked, model.Act(rome.sensible_actions(asked.session.state)[0]))
    assert model.reduce(moved, answer)[0] is moved  # the game moved on
    old = replace(answer, generation=answer.generation - 1)
    assert model.reduce(asked, old)[0] is asked  # another game (or an undo) since
    assert model.reduce(ui, answer)[0] is ui  # nobody asked
    computer = replace(asked, mode=Mode.COMPUTER)
    assert model.reduce(computer, answer)[0] is computer


def test_undo_and_leaving_drop_the_hint() -> None:
    ui = human_to_act(11, offers("end"))
    if ui.session.undo_point() is None:  # make one: end is offered after taking
        raise AssertionError("seed 11 should reach a turn with an undo")
    asked, analyse = ask(ui)
    back, _ = model.reduce(asked, model.Undo())
    assert back.hint_at is None and model.reduce(back, worker_answer(asked, analyse))[0] is back
    left, _ = model.reduce(asked, model.Leave())
    assert left.hint_at is None and left.hints == ()


def test_moves_not_offered_are_left_out_and_none_left_is_said() -> None:
    ui = human_to_act(5, useless_produce)
    asked, analyse = ask(ui)
    good = str(rome.sensible_actions(asked.session.state)[0])
    mixed = model.HintAnswer(analyse.generation, analyse.moves, (
        move("place 99", 9.0, 0.0, "not legal"), move("produce nothing", 8.5, 0.5, "not notation"),
        move("produce", 8.0, 1.0, "legal, not offered"), move(good, 7.0, 2.0, "fine"),
        move(good, 6.0, 3.0, "twice")))
    shown, _ = model.reduce(asked, mixed)
    assert [str(h.action) for h in shown.hints] == [good]
    junk = model.HintAnswer(analyse.generation, analyse.moves, (move("place 99", 1.0, 0.0, "x"),))
    none, effects = model.reduce(asked, junk)
    assert none.hint_at is None and none.hints == () and effects == ()
    assert any("No hint" in n for n in none.notices)


def test_only_the_human_to_act_may_ask() -> None:
    ui = human_to_act(5)
    for mode in (Mode.COMPUTER, Mode.AUTOMATIC, Mode.HANDOVER, Mode.OVER):
        other = replace(ui, mode=mode)
        assert model.reduce(other, model.AskHint()) == (other, ())
        assert 'data-ui="hint"' not in render_prompt(table_view(other))
    empty = UiState()
    assert model.reduce(empty, model.AskHint()) == (empty, ())



class Marks(HTMLParser):
    """Each ``data-hint-mark`` of a page with the attributes of the elements around it."""

    VOID = {"br", "img", "input", "meta", "link", "hr", "path", "circle", "rect", "line",
            "polygon", "use", "ellipse"}

    def __init__(self, html: str) -> None:
        super().__init__()
        self.open: list[dict[str, str | None]] = []
        self.found: list[tuple[list[str], list[dict[str, str | None]]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        here = dict(attrs)
        if here.get("data-hint-mark"):
            self.found.append(((here["data-hint-mark"] or "").split(), list(self.open)))
        if tag not in self.VOID:
            self.open.append(here)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.open:
            self.open.pop()


def marked_in(html: str, rank: int, *wanted: tuple[str, str]) -> bool:
    """Whether a mark of suggestion ``rank`` sits inside elements carrying every attribute
    of ``wanted`` (each on itself or on another enclosing element)."""
    return any(str(rank) in ranks and all(any(a.get(k) == v for a in around)
                                          for k, v in wanted)
               for ranks, around in Marks(html).found)


def hint_plan(ui: UiState, rank: int) -> list[str]:
    """The plan of the shown hint's ``rank``-th suggestion as the worker answered it."""
    s = ui.session
    assert s is not None
    obs = rome.observation(s.state, 0)
    moves = read_moves(ai_worker.analyse(rome.observation_json(obs), "normal",
                                         advice_seed(s.seed, len(s.actions))))
    return moves[rank]["plan"]


def test_each_suggestion_marks_its_place_on_the_table() -> None:
    """Every suggestion whose plan places, takes or builds leaves a ``data-hint-mark`` with
    its rank on that element of the table: the strip space, the offer card of its deck, a
    space of the human's own city (read here from the plan's text)."""
    seen: set[str] = set()
    for seed, verb in ((3, "place"), (5, "take"), (7, "build")):
        ui = human_to_act(seed, offers(verb))
        asked, analyse = ask(ui)
        shown, _ = model.reduce(asked, worker_answer(asked, analyse))
        view = table_view(shown)
        html = render_prompt(view) + render_strip(view) + render_offer(view) + \
            render_main(view)
        for rank in range(len(shown.hints)):
            for text in hint_plan(shown, rank):
                a = rome.Action.parse(text)
                seen.add(a.verb)
                if a.verb == "place":
                    assert marked_in(html, rank, ("data-action", text)), text
                elif a.verb == "take":
                    assert marked_in(html, rank, ("data-deck", str(a.deck)),
                                     ("data-card", str(a.kind))), text
                elif a.verb == "build":
                    assert marked_in(html, rank, ("data-city", "0")), text
        assert not marked_in(html, len(shown.hints))
    assert {"place", "take", "build"} <= seen


def test_the_page_style_shows_the_marks_of_every_suggestion_a_hint_has() -> None:
    """site.css shows the marks of each rank the hint can list while it is hovered or
    focused."""
    css = (Path(__file__).parents[1] / "assets" / "site.css").read_text()
    for rank in range(TOP):
        assert f'li[data-hint-rank="{rank}"]:is(:hover, :focus-within)) ' \
            f'.hint-mark[data-hint-mark~="{rank}"]' in css


def test_on_the_phone_show_opens_the_tab_of_a_suggestions_place() -> None:
    """Each suggestion with a place on the table has a "Show" control (the stylesheet
    shows it on phones only); pressing it opens the tab that draws the place (the board
    for a strip space or an offer card, the player's own city) and keeps it marked."""
    tabs: dict[str, str] = {}
    for seed, verb in ((3, "place"), (5, "take"), (7, "build")):
        ui = human_to_act(seed, offers(verb))
        asked, analyse = ask(ui)
        shown, _ = model.reduce(asked, worker_answer(asked, analyse))
        html = render_prompt(table_view(shown))
        for rank in range(len(shown.hints)):
            first = hint_plan(shown, rank)[0].split()[0]
            has_show = f'data-ui="hint-show" data-rank="{rank}"' in html
            assert has_show == (first in ("place", "take", "build")), (first, html)
            if not has_show:
                continue
            opened, _ = model.reduce(shown, model.ShowHint(rank))
            tabs[first] = opened.tab
            assert opened.hint_shown == rank
            assert f'data-hint-shown="{rank}"' in render_prompt(table_view(opened))
    assert tabs == {"place": "board", "take": "board", "build": "me"}
    assert model.reduce(shown, model.ShowHint(9)) == (shown, ())
