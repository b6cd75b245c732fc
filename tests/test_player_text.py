"""Every sentence the player sees speaks a player's words (issue 33): no action notation,
no search jargon, no doubled or missing spaces.

The whole table is rendered as the page draws it (regions, prompt, phone tabs, controls,
log, help, hint, end screen, review, hand-over) at many positions of seeded 2-, 3- and
4-player games, and the text a player can read or hear (text between tags, ``title``,
``aria-label``, ``alt``) is scanned. The notation is that of ``str(rome.Action)``
(``build house-3 -1,0``, ``place 3``, ``school II``): a building's id or two numbers
joined by a comma never reach the player.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

import rome
from rome.ai import ADVICE_LEVEL
from rome.ai.answers import read_moves
from ui import model
from ui.model import Mode, NewGameForm, UiState
from ui.render import log_view, phone
from ui.render.details import render_detail
from ui.render.endgame import render_end
from ui.render.help_panel import render_help
from ui.render.newgame import render_form
from ui.render.prompt import render_prompt
from ui.render.review import render_review
from ui.render.table import regions, render_player
from ui.render.table_layout import TABLE_SKELETON, controls
from ui.render.view import table_view
from ui.saves.session import Seat, Session
from ui.worker import ai_worker
from ui_drive import at_random, next_event, prepared

NOTATION = [
    re.compile(r"\b(?:build|take|draft|keep) [a-z0-9]+(?:-[a-z0-9]+)+"),
    re.compile(r"\bplace \d"),
    re.compile(r"\bschool (?:I|II|III|IV)\b"),
    re.compile(r"-?\d+,-?\d+"),
    re.compile(r"\brow -?\d+\b|\bcolumn -?\d+\b"),
    re.compile(r"\b(?:" + "|".join(re.escape(k) for k in rome.BUILDINGS if "-" in k) + r")\b"),
]
JARGON = re.compile(r"\b(?:margin|plans?|horizon|roll-?outs?|samples?|sampled|determini[sz]\w*|"
                    r"heuristics?|utility|nodes?|ismcts|minimax|evaluation|estimated)\b", re.I)
SPACING = [
    re.compile(r"\S {2,}\S"),  # a doubled space
    re.compile(r"[a-z][.!?;:][A-Z]"),  # a sentence run into the next ("tokens.The")
    re.compile(r"[a-z],[A-Za-z]"),  # a comma without its space
    re.compile(r"\w \s*[,.;:!?](?:\s|$)"),  # a space before punctuation
]
SLIPS = [
    re.compile(r"\bcosts? no extra cost\b"),  # a cost said twice
    re.compile(r"\bjust no\b"),  # "brings just no bricks"
    re.compile(r"\+0 [a-z]"),  # a gain of nothing ("+0 influence")
]
ATTRS = re.compile(r'\b(?:title|aria-label|alt)="([^"]*)"')


def player_text(markup: str) -> Iterator[str]:
    """The texts a player reads or hears in ``markup``: each text between tags and each
    title, accessible name and alternative text (style and script bodies are not text)."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", "", markup, flags=re.S)
    for value in ATTRS.findall(markup):
        yield html.unescape(value)
    for text in re.split(r"<[^>]*>", markup):
        text = html.unescape(text.replace("\n", " ")).strip()
        if text:
            yield text


def problems(markup: str) -> list[str]:
    out = []
    for text in player_text(markup):
        for pattern in NOTATION:
            if pattern.search(text):
                out.append(f"notation {pattern.pattern[:30]!r}: {text!r}")
        if JARGON.search(text):
            out.append(f"jargon: {text!r}")
        for pattern in SPACING:
            if pattern.search(text):
                out.append(f"spacing {pattern.pattern!r}: {text!r}")
        for pattern in SLIPS:
            if pattern.search(text):
                out.append(f"wording {pattern.pattern!r}: {text!r}")
    return out


def screens(ui: UiState) -> str:
    """Everything the page draws for ``ui`` (as ``ui.shell.paint`` puts it together)."""
    view = table_view(ui)
    s = ui.session
    assert s is not None
    parts = [*regions(view).values(), phone.render_tabs(view, ui.tab),
             controls(ui.pace, ui.open_hands, sum(x.human for x in s.seats) > 1),
             log_view.render(ui.log), " ".join(ui.notices)]
    parts.append(render_end(view) + render_review(view) if view.over else render_prompt(view))
    return "".join(parts)


def hinted(ui: UiState) -> UiState:
    """``ui`` with the hint asked and answered by the worker's own code (the shipped level)."""
    asked, effects = model.reduce(ui, model.AskHint())
    ask = next(e for e in effects if isinstance(e, model.Analyse))
    s = ui.session
    assert s is not None
    obs = rome.observation(s.state, ask.seat)
    moves = read_moves(ai_worker.analyse(rome.observation_json(obs), ask.level, ask.seed))
    return model.reduce(asked, model.HintAnswer(ask.generation, ask.moves, tuple(moves),
                                                "worker"))[0]


def reviewed(ui: UiState, seat: int) -> UiState:
    """``ui`` with ``seat``'s review asked and every decision analysed at the shipped level."""
    return prepared(model.reduce(ui, model.AskReview(seat))[0], ADVICE_LEVEL)


def test_the_help_and_new_game_screens_read_cleanly() -> None:
    assert problems(render_help() + TABLE_SKELETON + render_form(NewGameForm())) == []


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 6)])
def test_the_table_hints_end_screen_and_review_speak_plain_words(players: int,
                                                                 seed: int) -> None:
    seats = [Seat("Ann", True)] + [Seat(f"Bot {i}", False, "greedy") for i in range(1, players)]
    if players > 2:
        seats[1] = Seat("Cy", True)  # a hot-seat table: hand-overs too
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(seats, seed, seed % 2 == 0)))
    rng = random.Random(seed)
    found: list[str] = []
    decisions = details = 0
    while ui.mode is not Mode.OVER:
        if ui.mode is Mode.HUMAN or ui.mode is Mode.HANDOVER:
            decisions += ui.mode is Mode.HUMAN
            shown = hinted(ui) if ui.mode is Mode.HUMAN and decisions % 9 == 1 else ui
            found += problems(screens(shown))
            hand = table_view(ui).obs["players"][0]["hand"]
            if ui.mode is Mode.HUMAN and hand and decisions % 5 == 0:  # a card's details
                detail = render_detail(table_view(replace(ui, detail=hand[0]["kind"])))
                details += bool(detail)
                found += problems(detail)
        ui, _ = model.reduce(ui, next_event(ui, at_random(rng)))
    found += problems(screens(ui))
    found += problems(screens(reviewed(ui, 0)))
    assert decisions > 20 and details > 3
    assert sorted(set(found)) == []


def _first(seed: int, want: Callable[[rome.GameState], bool]) -> UiState | None:
    """The first position of a seeded 2-player game (random choices) where the human acts
    and ``want`` holds, if any."""
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(
        [Seat("Ann", True), Seat("Bot", False, "greedy")], seed, False)))
    rng = random.Random(seed)
    while ui.mode is not Mode.OVER:
        s = ui.session
        assert s is not None
        if ui.mode is Mode.HUMAN and want(s.state):
            return ui
        ui, _ = model.reduce(ui, next_event(ui, at_random(rng)))
    return None


def _useless(state: rome.GameState) -> bool:
    produce = rome.Action.parse("produce")
    return (state.step == "act" and rome.is_legal(state, produce)
            and produce not in rome.sensible_actions(state))


def _unpayable(state: rome.GameState) -> bool:
    return (state.step == "act" and not state.produced
            and not rome.is_legal(state, rome.Action.parse("produce")))


@pytest.mark.parametrize(("want", "why"), [(_useless, "Produce would gain nothing now"),
                                           (_unpayable, "Produce is not possible now")])
def test_a_produce_not_offered_is_explained(want: Callable[[rome.GameState], bool],
                                            why: str) -> None:
    """Where Produce is not offered (it would gain nothing, or cannot be paid), the prompt
    says why in one short line; where it is offered, no such line."""
    ui = next(u for seed in range(30) if (u := _first(seed, want)) is not None)
    prompt = render_prompt(table_view(ui))
    assert 'data-action="produce"' not in prompt
    assert why in prompt
    said = re.search(r"the cogs cost (\d+) coins? and your buildings would bring back only "
                     r"(?:(\d+) coins?)?(?: and )?(?:(\d+) brick tokens?)?", prompt)
    if want is _useless:  # its figures are what producing would do
        assert said is not None, prompt
        s = ui.session
        assert s is not None
        before = s.state.players[rome.current_player(s.state)]
        after = rome.apply_action(s.state, rome.Action.parse("produce")).players[
            rome.current_player(s.state)]
        cost, coins, bricks = (int(x or 0) for x in said.groups())
        assert (after.coins - before.coins, len(after.bricks) - len(before.bricks)) == (
            coins - cost, bricks)
    offered = _first(3, lambda st: rome.Action.parse("produce") in rome.sensible_actions(st))
    assert offered is not None and "Produce" not in "".join(
        re.findall(r'class="hint withheld">([^<]*)', render_prompt(table_view(offered))))


def test_the_bricks_chip_says_which_are_this_turns_and_which_are_tokens() -> None:
    """"1 + 0 tokens" read as one token: the chip names both counts, as the strip and the
    player's tokens give them."""
    ui = _first(2, lambda st: st.step == "act" and not st.built)
    assert ui is not None and ui.session is not None
    state = ui.session.state
    tokens = len(state.players[rome.current_player(state)].bricks)
    chip = re.search(r'title="bricks: this turn\'s and brick tokens">.*?</i> ([^<]*)</span>',
                     render_prompt(table_view(ui)))
    assert chip is not None
    count, said = chip.group(1).split(" this turn, ")
    assert int(count) == _turn_bricks(state)  # the acting space's bricks on the strip
    assert said == {0: "no tokens", 1: "1 token"}.get(tokens, f"{tokens} tokens")


def test_a_seats_bricks_after_its_build_are_its_tokens_alone() -> None:
    """Once the seat has built, this turn's bricks are gone (the prompt says "used"): its
    panel shows the brick tokens it holds, not this turn's count beside them."""
    ui = _first(2, lambda st: st.step == "act" and st.built)
    assert ui is not None and ui.session is not None
    state = ui.session.state
    seat = rome.current_player(state)
    html = render_player(table_view(ui), seat, main=True)
    shown = re.search(r'title="brick tokens">.*?</i> ([^<]*)<', html)
    assert shown is not None and shown.group(1) == str(len(state.players[seat].bricks))
    assert "used" in render_prompt(table_view(ui))


def test_copies_in_a_draft_are_one_choice_counted_on_the_card() -> None:
    """Two alike cards in the pool are one move: one button carries the count ("×2"),
    and no copy is drawn without the choice's outline as if it could not be kept."""
    seats = [Seat("Ann", True)] + [Seat(n, False, "greedy") for n in ("Bo", "Cy", "Di")]
    ui, _ = model.reduce(UiState(pace=0), model.Begin(Session.new(seats, 18, False)))
    assert ui.session is not None
    state = ui.session.state
    pool = rome.observation(state, rome.current_player(state))["draft_pool"]
    assert pool == ["house-2", "school", "house-2", "aqueduct"]  # Ann chooses first
    prompt = render_prompt(table_view(ui))
    choices = re.findall(r'data-card="([^"]+)"', prompt)
    assert sorted(choices) == sorted(set(pool))  # every kind once, each a button
    for kind in set(pool):
        copies = pool.count(kind)
        button = re.search(rf'<button[^>]*data-card="{kind}"[^>]*>.*?</button>', prompt, re.S)
        assert button is not None
        assert (f"×{copies}</span>" in button.group(0)) is (copies > 1), button.group(0)
    assert 'class="card" role="img"' not in prompt  # nothing left unchoosable


def _may_replace(state: rome.GameState) -> bool:
    seat = rome.current_player(state)
    built = set(state.players[seat].city) if seat is not None else set()
    return any(a.verb == "build" and (a.row, a.col) in built for a in rome.legal_actions(state))


def test_a_card_that_may_replace_a_building_says_what_the_mark_means() -> None:
    """An Aqueduct may go over a building: its price shows over that building ("free"
    over a Vegetable Farm), so the prompt says what the ⇄ on such a space means; a card
    with nothing to replace says nothing of it."""
    ui = next(u for seed in range(40) if (u := _first(seed, _may_replace)) is not None)
    assert ui.session is not None
    state = ui.session.state
    seat = rome.current_player(state)
    built = set(state.players[seat].city)
    kinds = {a.kind for a in rome.legal_actions(state) if a.verb == "build"}
    over = {a.kind for a in rome.legal_actions(state)
            if a.verb == "build" and (a.row, a.col) in built}
    line = "Building on a space marked ⇄ replaces the building there."
    for kind in kinds:
        chosen, _ = model.reduce(ui, model.Select(str(kind)))
        assert (line in render_prompt(table_view(chosen))) is (kind in over), kind


def _turn_bricks(state: rome.GameState) -> int:
    """The bricks the acting emissary's space gives this turn, from the engine's state."""
    return rome.strip_space_resources(state, state.acting)[0]


@pytest.mark.parametrize("bricks_now", [0, 1])
def test_a_builds_cost_says_how_it_is_paid_in_whole_words(bricks_now: int) -> None:
    """"(2 bricks: 4 coins)" read as a price list: with no brick this turn the cost is
    "paid with" what it takes; with some, "this turn's 1, then …", or "paid with this
    turn's bricks" when they cover it."""
    forms = {"free": r"\(free\)",
             "covered": r"\(\d+ bricks?, paid with this turn's bricks\)",
             "none": r"\(\d+ bricks?, paid with [^)]*\d+ (?:coin|brick token)",
             "some": r"\(\d+ bricks?: this turn's (\d+), then [^)]+\)"}
    allowed = {"free", "none"} if bricks_now == 0 else {"free", "covered", "some"}
    ui = next(u for seed in range(40) if (u := _first(
        seed, lambda st: st.step == "act" and not st.built
        and (_turn_bricks(st) > 0) is (bricks_now > 0)
        and any(a.verb == "build" and rome.BUILDINGS[str(a.kind)].cost > _turn_bricks(st)
                for a in rome.legal_actions(st)))) is not None)
    assert ui.session is not None
    seen = set()
    for kind in {a.kind for a in rome.legal_actions(ui.session.state) if a.verb == "build"}:
        chosen, _ = model.reduce(ui, model.Select(str(kind)))
        said = render_prompt(table_view(chosen))
        form = next((f for f, r in forms.items() if re.search(r, said)), None)
        assert form in allowed, (form, said[:300])
        # what the space changes, in the card details' words ("next to it", never the
        # card list's "orthogonally adjacent"; never one card explained by another)
        effect = re.search(r"<em>([^<]*)</em>", said)
        assert effect and re.match(r"(Placed|When built|When you produce|Final scoring): ",
                                   effect.group(1)), said[:300]
        assert not re.search(r"adjacent|\bAs the\b", effect.group(1)), effect.group(1)
        seen.add(form)
        # the city's spaces say the same price: "no extra cost", never "costs no extra cost"
        city = "".join(regions(table_view(chosen)).values())
        labels = re.findall(r'title="((?:Build|Replace) [^"]*)"', city)
        assert labels and all(("no extra cost" in x) is (form in {"free", "covered"})
                              and "costs no" not in x for x in labels), (form, labels[:2])
    assert seen & {"none", "some"}, seen  # a price beyond this turn's bricks was said
