"""The embed views' pure parts on CPython: address, calculator edits, replay records."""

from __future__ import annotations

import json
import random

import pytest

import rome
from ui.embed import replay
from ui.embed.calculator import Calculator
from ui.embed.params import parse

EXAMPLE_CODE = "1.8D69J55H2LH45BR7K.9.3.1"  # tests/data/rulebook_example.json


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


def test_calculator_tokens_only_on_baths_and_within_their_limit() -> None:
    calc = Calculator()
    calc.select((0, 0))
    calc.place("house-2")
    calc.add_tokens(1)
    assert calc.points == {}
    calc.select((0, 1))
    calc.place("baths")
    for _ in range(9):
        calc.add_tokens(1)
    assert calc.points[(0, 1)] == 4  # CARDS.md: 1 per neighbour, at most 4
    calc.select((1, 1))
    calc.place("imperial-baths")
    for _ in range(9):
        calc.add_tokens(1)
    assert calc.points[(1, 1)] == 5  # and 1 more on the imperial baths
    calc.add_tokens(-9)
    assert (1, 1) not in calc.points
    calc.select((0, 1))
    calc.place("market")  # replacing a bath drops its tokens
    assert (0, 1) not in calc.points


def test_calculator_explains_an_impossible_city_instead_of_scoring() -> None:
    calc = Calculator()
    calc.select((0, 0))
    calc.place("house-2")
    calc.select((2, 2))
    calc.place("house-3")
    result = calc.scored()
    assert result.breakdown is None and "not connected" in result.problem
    assert calc.code() == ""


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


@pytest.mark.parametrize(("text", "reason"), [
    ("not json", "not JSON"),
    ("[]", "must be"),
    ('{"players": 5, "seed": 1, "actions": []}', "2, 3 or 4"),
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

    from ui.embed.calculator import catalogue_html

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

    from ui.embed import links

    href = "https://rules.example/rome/index.html?seats=2#x"
    assert links.city_link(href, EXAMPLE_CODE) == (
        "https://rules.example/rome/embed.html?view=city&code=" + EXAMPLE_CODE)
    record, _state = _record(2, 3)
    url = links.replay_link(href, record)
    assert url.startswith("https://rules.example/rome/embed.html?view=replay&record=")
    query = parse_qs(urlsplit(url).query)
    assert json.loads(query["record"][0]) == record
    assert parse(urlsplit(url).query).record == query["record"][0]
