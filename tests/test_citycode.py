"""The city code (rome/citycode.py): round trips, length, refusals, and the CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rome
from rome.cards import BUILDINGS
from rome.citycode import KINDS_V1, CityCodeError, decode, encode_json, read_code
from rome.score_input import ScoreInputError, read_city

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "city.json"  # the rulebook's example
BATHS = {"baths", "imperial-baths"}  # the buildings that hold point tokens (CARDS.md)


def finished_game(players: int, seed: int) -> rome.GameState:
    state = rome.new_game(players, seed=seed, shrine=seed % 2 == 0)
    return rome.play(state, rome.random_player(random.Random(seed)))


def city_json(state: rome.GameState, seat: int) -> dict[str, Any]:
    """One seat's finished city as ``score`` JSON, its top-left building at row 0, col 0."""
    player = rome.observation(state, seat)["players"][seat]
    r0 = min(r for r, _c, _k, _d in player["city"])
    c0 = min(c for _r, c, _k, _d in player["city"])
    rows: list[list[Any]] = [[None] * 4 for _ in range(4)]
    points = {(r, c): n for r, c, n in player["points"]}
    for r, c, kind, _deck in player["city"]:
        cell = {"card": kind, "point_tokens": points.get((r, c), 0)} if kind in BATHS else kind
        rows[r - r0][c - c0] = cell
    return {"city": rows, "coins": player["coins"], "influence_tokens": player["influence"],
            "influence_cards": sorted(player["influence_cards"])}


def canonical(data: dict[str, Any]) -> dict[str, Any]:
    """The same city as a 4 × 4 box from its top-left building, tokens written out."""
    cells = {(r, c): cell for r, row in enumerate(data["city"]) for c, cell in enumerate(row)
             if cell is not None}
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    rows: list[list[Any]] = [[None] * 4 for _ in range(4)]
    for (r, c), cell in cells.items():
        kind = cell["card"] if isinstance(cell, dict) else cell
        tokens = cell.get("point_tokens", 0) if isinstance(cell, dict) else 0
        rows[r - r0][c - c0] = {"card": kind, "point_tokens": tokens} if kind in BATHS else kind
    return {"city": rows, "coins": data.get("coins", 0),
            "influence_tokens": data.get("influence_tokens", 0),
            "influence_cards": sorted(data.get("influence_cards", []))}


def test_kinds_table_names_every_building_once() -> None:
    assert sorted(KINDS_V1) == sorted(BUILDINGS)


def test_rulebook_example_code_is_short_and_scores_75() -> None:
    data = json.loads(EXAMPLE.read_text())
    code = encode_json(data)
    assert code == "1.8D69J55H2LH45BR7K.9.3.1"  # pinned: published links must keep working
    assert decode(code) == canonical(data)
    city = read_code(code)
    assert rome.scoring.score_city(city.kinds, city.points, city.coins, city.influence_tokens,
                                   city.influence_cards)["total"] == 75


def test_a_full_city_with_everything_is_well_under_100_characters() -> None:
    # A possible city (read_city refuses others): the house-2 at (2, 0) and the aqueduct
    # below it are the starting pair, its farm replaced; the corner bath was built next to
    # the temple below it (1 token), then the Imperial one next to it and 2 more (4 tokens);
    # the most coins and tokens a game can give (5 + 14 x 10 and 14 x 8, by the rules).
    kinds = ["baths", "imperial-baths", "house-4", "villa-4",
             "temple-luna", "temple-mars", "house-3", "market",
             "house-2", "arena", "school", "university",
             "aqueduct", "sheep-farm", "vineyard", "shrine"]
    rows = [kinds[i:i + 4] for i in range(0, 16, 4)]
    rows[0][0] = {"card": "baths", "point_tokens": 1}
    rows[0][1] = {"card": "imperial-baths", "point_tokens": 4}
    data = {"city": rows, "coins": 145, "influence_tokens": 112,
            "influence_cards": [3, 6, 10, 14]}
    code = encode_json(data)
    assert len(code) < 50, code
    assert decode(code) == canonical(data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_round_trip_of_cities_from_random_games(players: int, seed: int) -> None:
    """Every city of a random legal game: same city back, same score as the game gave."""
    state = finished_game(players, seed)
    scores = rome.final_scores(state)
    for seat in range(players):
        data = city_json(state, seat)
        code = encode_json(data)
        assert decode(code) == canonical(data)
        city = read_code(code)
        breakdown = rome.scoring.score_city(city.kinds, city.points, city.coins,
                                            city.influence_tokens, city.influence_cards)
        assert breakdown == scores[seat]


@st.composite
def grown_cities(draw: st.DrawFn) -> dict[str, Any]:
    """A connected city grown cell by cell inside a 4 × 4 box from a starting vegetable
    farm and 2-value residential, anything else on it (bath tokens within what its
    neighbours allow, so that read_city accepts most of them)."""
    size = draw(st.integers(2, 16))
    start = (draw(st.integers(0, 3)), draw(st.integers(0, 2)))
    cells = [start, (start[0], start[1] + 1)]
    while len(cells) < size:
        r, c = draw(st.sampled_from(cells))
        dr, dc = draw(st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0)]))
        nxt = (r + dr, c + dc)
        if 0 <= nxt[0] < 4 and 0 <= nxt[1] < 4 and nxt not in cells:
            cells.append(nxt)
    rows: list[list[Any]] = [[None] * 4 for _ in range(4)]
    for i, (r, c) in enumerate(cells):
        kind = ("vegetable-farm", "house-2")[i] if i < 2 else draw(st.sampled_from(KINDS_V1))
        if kind in BATHS:
            around = sum((r + dr, c + dc) in cells for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
            extra = kind != "baths"
            tokens = draw(st.integers(1 + extra, around + extra))
            rows[r][c] = {"card": kind, "point_tokens": tokens}
        else:
            rows[r][c] = kind
    cards = draw(st.sampled_from([[], [3], [14], [3, 6], [4, 8, 14], [3, 6, 10, 14], [6, 14]]))
    return {"city": rows, "coins": draw(st.integers(0, 145)),
            "influence_tokens": draw(st.integers(0, 112)), "influence_cards": cards}


@settings(max_examples=300, deadline=None)
@given(data=grown_cities())
def test_round_trip_of_generated_legal_cities(data: dict[str, Any]) -> None:
    try:
        read_city(data)
    except ScoreInputError:
        assume(False)
    code = encode_json(data)
    assert len(code) < 100
    assert set(code) <= set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_.")
    assert decode(code) == canonical(data)


@pytest.mark.parametrize(("code", "reason"), [
    ("", "version"),
    ("2.8D6.9.3.1", "version"),
    ("1.8D6.9.3", "5 fields"),
    ("1.8D6.9.3.1.0", "5 fields"),
    ("1.8D!6.9.3.1", "not a code character"),
    ("1.8Z.0.0.0", "no building"),
    ("1.8H", "5 fields"),
    ("1.8H.0.0.0", "point tokens"),  # a bath's token character is missing
    ("1.11111111111111111.0.0.0", "more than 16"),
    ("1.56.x.0.0", "not a whole number"),
    ("1.56.09.0.0", "leading zero"),
    ("1.56.12345.0.0", "more than 4 digits"),
    ("1.56.0.0.", "one character"),
    ("1.56.0.0.11", "one character"),
    ("1.56.0.0.~", "not a code character"),
    ("1." + "5" * 80 + ".0.0.0", "characters long"),
])
def test_malformed_and_over_long_codes_are_refused(code: str, reason: str) -> None:
    with pytest.raises(CityCodeError, match=reason):
        read_code(code)


@pytest.mark.parametrize(("code", "reason"), [
    ("1.5.0.0.0", "at least two buildings"),  # a lone house
    ("1.505.0.0.0", "not connected"),  # two houses apart
    ("1.JJ.0.0.0", "two aqueducts in row"),
    ("1.5H7.0.0.0", "point tokens"),  # 7 tokens on a thermal bath: 4 + 2 at most
    ("1.15.0.0.3", "not cards of one game"),  # the 3 and the 4 never meet
    ("1.15VV.0.0.0", "only"),  # two shrines
])
def test_impossible_cities_are_refused_with_read_city_reason(code: str, reason: str) -> None:
    with pytest.raises(ScoreInputError, match=reason):
        read_code(code)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rome", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_cli_link_then_score_code_matches_score_of_the_file() -> None:
    link = run_cli("link", str(EXAMPLE))
    assert link.returncode == 0, link.stderr
    code = link.stdout.strip()
    by_code = run_cli("score", "--code", code)
    by_file = run_cli("score", str(EXAMPLE))
    assert by_code.returncode == 0, by_code.stderr
    assert json.loads(by_code.stdout) == json.loads(by_file.stdout)
    assert json.loads(by_code.stdout)["total"] == 75


def test_cli_score_code_refuses_with_one_line_and_status_2() -> None:
    result = run_cli("score", "--code", "1.505.0.0.0")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "not connected" in result.stderr


def test_cli_link_refuses_an_impossible_city(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"city": [["house-2", None, "house-3"]]}))
    result = run_cli("link", str(bad))
    assert result.returncode == 2 and "not connected" in result.stderr
