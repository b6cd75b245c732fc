"""The embed views' pure parts on CPython: address, calculator edits, replay records."""

from __future__ import annotations

import json
import random
import re

import pytest

import rome
from ui.address import embed_address as parse
from ui.embed import calculator, replay, scorecard
from ui.embed.calculator import (
    Calculator,
    Do,
    Place,
    Search,
    SelectCell,
    SetNumber,
    Share,
    ToggleCard,
)
from ui.embed.calculator_render import frame, render_score
from ui.embed.view import Focus, Keep

EXAMPLE_CODE = "1.8D69J55H2LH45BR7K.9.3.1"  # examples/city.json, the rulebook's example


def test_address_defaults_and_fallbacks() -> None:
    p = parse("")
    assert (p.view, p.theme, p.compact, p.open_hands, p.step) == (
        "calculator", "auto", False, False, None)
    p = parse("?view=replay&theme=dark&compact=1&open=1&step=12&record=%7B%7D")
    assert (p.view, p.theme, p.compact, p.open_hands, p.step, p.record) == (
        "replay", "dark", True, True, 12, "{}")
    assert parse("?view=nope&theme=pink").view == "calculator"
    assert parse("?view=nope&theme=pink").theme == "auto"


def test_calculator_from_code_gives_back_the_same_city_and_code() -> None:
    calc = Calculator.from_code(EXAMPLE_CODE)
    assert calc.kinds[(1, 3)] == "baths" and calc.points[(1, 3)] == 2
    assert calc.kinds[(2, 1)] == "baths" and calc.points[(2, 1)] == 4
    assert (calc.coins, calc.influence_tokens, calc.cards) == (9, 3, {3})
    assert calc.scored().breakdown["total"] == 75
    assert calc.code() == EXAMPLE_CODE


def edit(calc: Calculator, *events: calculator.Event) -> Calculator:
    """``calc`` after ``events``, each through the reducer as the page sends them."""
    for event in events:
        calc, _ = calculator.reduce(calc, event)
    return calc


def test_calculator_tokens_only_on_baths_and_within_their_limit() -> None:
    calc = edit(Calculator(), SelectCell((0, 0)), Place("house-2"), Do("tokens+"))
    assert calc.points == {}
    calc = edit(calc, SelectCell((0, 1)), Place("baths"), *[Do("tokens+")] * 9)
    assert calc.points[(0, 1)] == 4  # CARDS.md: 1 per neighbour, at most 4
    calc = edit(calc, SelectCell((1, 1)), Place("imperial-baths"), *[Do("tokens+")] * 9)
    assert calc.points[(1, 1)] == 5  # and 1 more on the imperial baths
    calc = edit(calc, *[Do("tokens-")] * 9)
    assert (1, 1) not in calc.points
    calc = edit(calc, SelectCell((0, 1)), Place("market"))  # replacing a bath drops its tokens
    assert (0, 1) not in calc.points


def test_calculator_explains_an_impossible_city_instead_of_scoring() -> None:
    calc = edit(Calculator(), SelectCell((0, 0)), Place("house-2"), SelectCell((2, 2)),
                Place("house-3"))
    result = calc.scored()
    assert result.breakdown is None and result.problem is not None
    assert "not connected" in result.problem
    assert calc.code() == ""


def test_calculator_events_keep_the_state_frozen_and_the_link_fresh() -> None:
    empty = Calculator()
    calc, effects = calculator.reduce(empty, SelectCell((2, 3)))
    assert empty.selected == (0, 0) and calc.selected == (2, 3)
    assert effects == (Focus('[data-cell="2,3"]'),)
    calc = edit(Calculator.from_code(EXAMPLE_CODE), Share("https://x.org/rome/embed.html"))
    assert calc.link == "https://x.org/rome/embed.html?view=city&code=" + EXAMPLE_CODE
    assert edit(calc, Search("bath")).link == calc.link  # finding a card changes no city
    assert edit(calc, Do("coins+")).link == ""  # any change to the city does
    typed, effects = calculator.reduce(calc, SetNumber("coins", 12345))
    assert typed.coins == 9999 and effects == (Keep("calc-resources"),)
    assert edit(calc, SetNumber("selected", 3)) == edit(calc, Do("nothing"))
    cleared = edit(calc, Search("temple"), Do("clear"))
    assert (cleared.kinds, cleared.cards, cleared.coins, cleared.query) == ({}, set(), 0,
                                                                          "temple")
    regions = frame(edit(calc, ToggleCard(3))).regions
    assert 'data-influence-card="3" aria-pressed="false"' in regions["calc-resources"]
    assert set(regions) == {"calc-grid", "calc-selection", "calc-resources", "calc-score",
                            "calc-share", "calc-catalogue"}


def _record(players: int, seed: int) -> tuple[dict, rome.GameState]:
    steps = list(rome.playthrough(rome.new_game(players, seed=seed),
                                  rome.random_player(random.Random(seed))))
    actions = [str(action) for _before, action, _after in steps]
    return {"players": players, "seed": seed, "shrine": False, "actions": actions}, steps[-1][2]


def test_replay_rebuilds_every_step() -> None:
    record, final = _record(2, 5)
    game = replay.load(json.dumps(record))
    assert game.last == len(record["actions"])
    assert game.states[-1].to_dict() == final.to_dict()
    assert len(game.lines) == game.last and all(game.lines)
    html = replay.render_step(game, game.last, open_hands=False)
    totals = [s["total"] for s in rome.final_scores(final)]
    for seat, total in enumerate(totals):
        assert f'data-player="{seat}" data-total="{total}"' in html


def test_replay_viewer_moves_within_the_game() -> None:
    record, _final = _record(2, 5)
    game = replay.load(json.dumps(record))
    viewer = replay.start(game, 10_000, open_hands=False)
    assert viewer.step == game.last
    back, effects = replay.reduce(viewer, replay.Go("back"))
    assert (back.step, effects, viewer.step) == (game.last - 1, (), game.last)
    assert replay.reduce(back, replay.Go("start"))[0].step == 0
    assert replay.reduce(replay.start(game, 0, False), replay.Go("back"))[0].step == 0
    shown = replay.frame(replay.start(game, 0, False))
    assert shown.attributes[('[data-replay="back"]', "aria-disabled")] == "true"
    assert shown.attributes[('[data-replay="end"]', "aria-disabled")] == "false"
    assert shown.attributes[("#replay", "data-step")] == "0"
    assert "Step 0 of" in shown.regions["replay-body"]


@pytest.mark.parametrize(("text", "reason"), [
    ("not json", "not JSON"),
    ("[]", "must be"),
    ('{"players": 5, "seed": 1, "actions": []}', "from 2 to 4"),
    ('{"players": 2, "seed": "x", "actions": []}', "whole number"),
    ('{"players": 2, "seed": 1, "actions": "draft"}', "must be a list"),
    ('{"players": 2, "seed": 1, "actions": ["fly away"]}', "action 1"),
    ('{"players": 2, "seed": 1, "actions": ["end"]}', "cannot be played"),
])
def test_replay_refuses_records_that_are_no_game(text: str, reason: str) -> None:
    with pytest.raises(replay.RecordError, match=reason):
        replay.load(text)


def test_catalogue_offers_every_building_of_cards_md() -> None:
    """The ids are read from the rules spec's table (a copy in tests/data), not from the
    engine."""
    from pathlib import Path

    from ui.embed.calculator_render import catalogue_html

    table = (Path(__file__).parent / "data" / "cards_buildings.md").read_text(encoding="utf-8")
    ids = [line.split("|")[1].strip() for line in table.splitlines()
           if line.startswith("| ") and not line.startswith("| id ")]
    assert len(ids) == 31
    html = catalogue_html()
    for kind in ids:
        assert f'data-card="{kind}"' in html
    assert html.count("data-card=") == len(ids)
    hidden = catalogue_html("temple")
    assert hidden.count("<li hidden>") == 31 - 11  # ten temples and the Shrine (a temple)


def test_links_stay_in_the_page_folder_and_carry_the_record() -> None:
    from urllib.parse import parse_qs, urlsplit

    from ui import address

    href = "https://rules.example/rome/index.html?seats=2#x"
    assert address.city_link(href, EXAMPLE_CODE) == (
        "https://rules.example/rome/embed.html?view=city&code=" + EXAMPLE_CODE)
    record, _state = _record(2, 3)
    url = address.replay_link(href, record)
    assert url.startswith("https://rules.example/rome/embed.html?view=replay&record=")
    query = parse_qs(urlsplit(url).query)
    assert json.loads(query["record"][0]) == record
    assert parse(urlsplit(url).query).record == query["record"][0]


def test_an_empty_calculator_says_where_a_city_starts_and_then_scores() -> None:
    """"the score appears as the city grows" was never true of a city without the two
    buildings every city starts with: the words name them, and with them a score shows."""
    said = render_score(Calculator())
    assert "Vegetable Farm" in said and "2-Value Residential" in said
    calc = edit(Calculator(), SelectCell((1, 1)), Place("vegetable-farm"),
                SelectCell((1, 2)), Place("house-2"))
    shown = render_score(calc)
    assert "data-score-total" in shown and "No game can produce" not in shown


def test_the_influence_cards_are_named_on_screen_not_only_to_a_screen_reader() -> None:
    """Six faded cards under "Influence tokens" read as disabled: a visible label names
    them and labels their group."""
    html = frame(Calculator()).regions["calc-resources"]
    label = re.search(r'<p class="infl-label" id="([^"]+)">([^<]+)', html)
    assert label and label.group(2).startswith("Influence cards")
    assert f'role="group" aria-labelledby="{label.group(1)}"' in html


def test_the_shrine_is_scored_in_a_row_only_for_a_city_that_has_it() -> None:
    """The Shrine is a variant: a "Shrine 0" row for every other city told of a building
    it never had."""
    plain = edit(Calculator(), SelectCell((1, 1)), Place("vegetable-farm"),
                 SelectCell((1, 2)), Place("house-2"))
    with_shrine = edit(plain, SelectCell((2, 1)), Place("shrine"))
    rows = [re.findall(r'data-category="(\w+)"', scorecard.render(c.scored()))
            for c in (plain, with_shrine)]
    assert "shrine" not in rows[0] and "residential" in rows[0]
    assert "shrine" in rows[1]


def test_a_replays_hand_cards_write_their_names_in_html() -> None:
    """On 34 px cards the drawn names were a few pixels high and the effect hints read
    "pt/adj": a hand card is the table's face, its name in HTML at the stylesheet's size."""
    record, _final = _record(3, 7)
    game = replay.load(json.dumps(record))
    hands = re.findall(r'<span class="hand-card" title="[^"]*">(.*?)</span></span></span>',
                       replay.seat_html(game, 20, 0, open_hands=True))
    assert hands and all('class="lbl name"' in h and "/adj" not in h for h in hands)
