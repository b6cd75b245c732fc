"""Reading a finished city for ``python -m rome score``, refusing anything no game could make.

Input: ``{"city": [[cell, ...], ...], "coins": N, "influence_tokens": N,
"influence_cards": [values]}`` with rows top to bottom and each cell ``null``, a building
id, or ``{"card": id, "point_tokens": N}``.  Missing numbers count as 0 and a missing
card list as empty (decision: a rules-site form may leave them out); unknown keys are
refused, since they are most likely typos.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import BUILDINGS, SHAPES, STARTING_CITY, card_instances
from .city import MAX_SIDE, check_city
from .errors import ScoreInputError

Pos = tuple[int, int]
KEYS = {"city", "coins", "influence_tokens", "influence_cards"}


@dataclass(frozen=True)
class FinishedCity:
    kinds: dict[Pos, str]
    points: dict[Pos, int]
    coins: int
    influence_tokens: int
    influence_cards: list[int]


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError(f"{what} must be a whole number, not {value!r}")
    if value < 0:
        raise ScoreInputError(f"{what} cannot be negative ({value})")
    return value


def _copies_per_city() -> Counter[str]:
    """The most copies of each building one city can hold: every deck's copies, plus the
    city's own two starting buildings and its own shrine."""
    most: Counter[str] = Counter(c.kind for c in card_instances(4, False) if c.deck != "start")
    most.update(kind for _r, _c, kind in STARTING_CITY)
    most["shrine"] = 1
    return most


INFLUENCE_SETS = tuple(frozenset(shape.influence_values) for shape in (SHAPES[2], SHAPES[3]))


def read_city(data: Any) -> FinishedCity:
    """Check and convert the JSON of one finished city."""
    if not isinstance(data, dict):
        raise ScoreInputError("the input must be a JSON object with a \"city\"")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ScoreInputError(f"unknown key {unknown[0]!r} (expected: {', '.join(sorted(KEYS))})")
    rows = data.get("city")
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        raise ScoreInputError("\"city\" must be a list of rows, each a list of cells")
    if len(rows) > MAX_SIDE or any(len(r) > MAX_SIDE for r in rows):
        raise ScoreInputError("the city is wider or taller than 4")
    kinds: dict[Pos, str] = {}
    points: dict[Pos, int] = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if isinstance(cell, dict):
                extra = sorted(set(cell) - {"card", "point_tokens"})
                if extra or "card" not in cell:
                    raise ScoreInputError(f"row {r + 1}, column {c + 1}: a cell object is "
                                          "{\"card\": id, \"point_tokens\": N}")
                kind = cell["card"]
                tokens = _count(cell.get("point_tokens", 0), "point_tokens")
            else:
                kind, tokens = cell, 0
            if not isinstance(kind, str) or kind not in BUILDINGS:
                raise ScoreInputError(f"row {r + 1}, column {c + 1}: unknown building {kind!r}")
            kinds[(r, c)] = kind
            if tokens:
                points[(r, c)] = tokens
    if len(kinds) < len(STARTING_CITY):
        raise ScoreInputError("a city always has at least two buildings")
    problem = check_city(kinds, points)
    if problem:
        raise ScoreInputError(problem)
    most = _copies_per_city()
    for kind, n in sorted(Counter(kinds.values()).items()):
        if n > most[kind]:
            raise ScoreInputError(f"{n} × {kind}, but the game has only {most[kind]} for one city")
    cards = data.get("influence_cards", [])
    if not isinstance(cards, list):
        raise ScoreInputError("\"influence_cards\" must be a list of card values")
    values = [_count(v, "an influence card") for v in cards]
    if len(set(values)) != len(values) or not any(set(values) <= s for s in INFLUENCE_SETS):
        raise ScoreInputError(f"influence cards {values} are not cards of one game "
                              "(3, 6, 10, 14 or, with two players, 4, 8, 14; each once)")
    return FinishedCity(kinds, points, _count(data.get("coins", 0), "coins"),
                        _count(data.get("influence_tokens", 0), "influence_tokens"), values)
