"""Reading a finished city for ``python -m rome score`` (and the in-browser score
calculator), refusing anything no game could make, each refusal in one line.

Input: ``{"city": [[cell, ...], ...], "coins": N, "influence_tokens": N,
"influence_cards": [values]}`` with rows top to bottom and each cell ``null``, a building
id, or ``{"card": id, "point_tokens": N}``.  Missing numbers count as 0 and a missing
card list as empty (decision: a rules-site form may leave them out); unknown keys are
refused, since they are most likely typos.

:func:`read_city` is the one public path: it checks the shape of the data, then the city
against ``rome.invariants_city.CITY_INVARIANTS`` (the same checks every saved game's cities
pass), then what only a finished city can be asked (how many copies of a building one
game holds, which influence cards, how many coins and tokens a game can give).
:func:`score_finished_city` scores what it returns.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .bounds import copies_per_city, most_coins_in_game, most_influence_in_game
from .cards import BUILDINGS, SHAPES, STARTING_CITY
from .city import MAX_SIDE
from .errors import ScoreInputError
from .invariants_city import city_problem
from .json_value import JSON
from .scoring import score_city

Pos = tuple[int, int]
KEYS = {"city", "coins", "influence_tokens", "influence_cards"}
MAX_INPUT_BYTES = 64 * 1024
"""Longest score input read: a full 4 × 4 city with every field is under 2 KB."""


@dataclass(frozen=True)
class FinishedCity:
    """One finished city, checked: what :func:`score_finished_city` needs."""

    kinds: dict[Pos, str]
    points: dict[Pos, int]
    coins: int
    influence_tokens: int
    influence_cards: list[int]


def holds_tokens(kind: str) -> bool:
    """Thermal baths (and the imperial ones) carry point tokens: their cell is an object."""
    return BUILDINGS[kind].build_points >= 0


def city_json(city: FinishedCity) -> dict[str, JSON]:
    """The JSON :func:`read_city` reads, of a city (checked or not): the inverse of
    :func:`read_city` on a checked city."""
    rows: list[list[JSON]] = [[None] * MAX_SIDE for _ in range(MAX_SIDE)]
    for (r, c), kind in city.kinds.items():
        rows[r][c] = ({"card": kind, "point_tokens": city.points.get((r, c), 0)}
                      if holds_tokens(kind) else kind)
    return {"city": list[JSON](rows), "coins": city.coins,
            "influence_tokens": city.influence_tokens,
            "influence_cards": list[JSON](sorted(city.influence_cards))}


def _short(value: JSON) -> str:
    """A value quoted in a message, cut so that a huge input is never copied whole."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _count(value: JSON, what: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError(f"{what} must be a whole number, not {_short(value)}")
    if value < 0:
        raise ScoreInputError(f"{what} cannot be negative ({value})")
    if value > most:
        raise ScoreInputError(f"{what}: no game gives more than {most}")
    return value


def _games_for(values: list[int]) -> list[int]:
    """The player counts whose influence cards include all of ``values``."""
    return [n for n, shape in SHAPES.items() if set(values) <= set(shape.influence_values)]


def read_city(data: JSON) -> FinishedCity:
    """Check and convert the JSON of one finished city; raise :class:`ScoreInputError`
    naming, in one line, the first thing no game could produce."""
    if not isinstance(data, dict):
        raise ScoreInputError("the input must be a JSON object with a \"city\"")
    unknown = sorted(str(k) for k in set(data) - KEYS)
    if unknown:
        raise ScoreInputError(f"unknown key {_short(unknown[0])} "
                              f"(expected: {', '.join(sorted(KEYS))})")
    kinds, points = _read_grid(data.get("city"))
    problem = city_problem(kinds, points)
    if problem:
        raise ScoreInputError(problem)
    cards = data.get("influence_cards", [])
    if not isinstance(cards, list) or len(cards) > max(len(s.influence_values)
                                                       for s in SHAPES.values()):
        raise ScoreInputError("\"influence_cards\" must be a list of card values")
    values = [_count(v, "an influence card", 14) for v in cards]
    games = _games_for(values)
    if len(set(values)) != len(values) or not games:
        raise ScoreInputError(f"influence cards {values} are not cards of one game "
                              "(3, 6, 10, 14 or, with two players, 4, 8, 14; each once)")
    _check_copies(kinds, games)
    coins = max(most_coins_in_game(n) for n in games)
    tokens = max(most_influence_in_game(n) for n in games)
    return FinishedCity(kinds, points,
                        _count(data.get("coins", 0), "coins", coins),
                        _count(data.get("influence_tokens", 0), "influence_tokens", tokens),
                        values)


def _read_grid(rows: JSON) -> tuple[dict[Pos, str], dict[Pos, int]]:
    grid = [r for r in rows if isinstance(r, list)] if isinstance(rows, list) else None
    if not isinstance(rows, list) or grid is None or len(grid) != len(rows):
        raise ScoreInputError("\"city\" must be a list of rows, each a list of cells")
    if len(grid) > MAX_SIDE or any(len(r) > MAX_SIDE for r in grid):
        raise ScoreInputError("the city is wider or taller than 4")
    kinds: dict[Pos, str] = {}
    points: dict[Pos, int] = {}
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            where = f"row {r + 1}, column {c + 1}"
            if isinstance(cell, dict):
                extra = sorted(str(k) for k in set(cell) - {"card", "point_tokens"})
                if extra or "card" not in cell:
                    raise ScoreInputError(f"{where}: a cell object is "
                                          "{\"card\": id, \"point_tokens\": N}")
                kind = cell["card"]
                tokens = _count(cell.get("point_tokens", 0), "point tokens", 5)
            else:
                kind, tokens = cell, 0
            if not isinstance(kind, str) or kind not in BUILDINGS:
                raise ScoreInputError(f"{where}: unknown building {_short(kind)}")
            kinds[(r, c)] = kind
            if tokens:
                points[(r, c)] = tokens
    if len(kinds) < len(STARTING_CITY):
        raise ScoreInputError("a city always has at least two buildings")
    return kinds, points


def _check_copies(kinds: dict[Pos, str], games: list[int]) -> None:
    """Some game the influence cards allow must hold this many copies of each building
    (a 2-player game has no deck III or IV)."""
    counts = sorted(Counter(kinds.values()).items())
    for n in games:
        most = copies_per_city(n)
        if all(count <= most[kind] for kind, count in counts):
            return
    n = games[-1]
    most = copies_per_city(n)
    kind, count = next((k, c) for k, c in counts if c > most[k])
    if n == 2:
        raise ScoreInputError(f"{count} × {kind}, but a 2-player game (influence cards 4 or 8) "
                              f"has only {most[kind]} for one city")
    raise ScoreInputError(f"{count} × {kind}, but the game has only {most[kind]} for one city")


def score_finished_city(city: FinishedCity) -> dict[str, int]:
    """Every final scoring category and the total of a city :func:`read_city` accepted."""
    return score_city(city.kinds, city.points, city.coins, city.influence_tokens,
                      city.influence_cards)


__all__ = ["FinishedCity", "MAX_INPUT_BYTES",
           "read_city", "score_finished_city"]
