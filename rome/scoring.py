"""Final scoring, category by category, and the winners after the tie-breaks.

Scoring reads only a city (position -> building kind), its tokens, coins, influence
tokens and influence cards, so the same code scores a finished game, a city typed into
``python -m rome score`` and the AI's estimate of a position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .cards import (
    AQUEDUCT,
    AQUEDUCT_POINTS,
    BUILDINGS,
    PRODUCTION,
    PUBLIC,
    PUBLIC_COLOURS,
    RESIDENTIAL,
    TEMPLE,
)
from .city import Pos, adjacent_count, neighbours

CATEGORIES = ("residential", "aqueducts", "temples", "shrine", "coins", "influence_tokens",
              "influence_cards")
CATEGORY_WORDS = {"residential": "residential areas", "aqueducts": "aqueducts",
                  "temples": "temples", "shrine": "shrine", "coins": "coins",
                  "influence_tokens": "influence tokens", "influence_cards": "influence cards"}
"""Each scoring category in a player's words (the review's sentences, the tables' labels)."""


@dataclass(frozen=True, slots=True)
class CityFacts:
    """What the temple conditions ask about a city, counted once."""

    kinds: Mapping[Pos, str]
    coins: int

    def count(self, test: Callable[[str], bool]) -> int:
        return sum(1 for k in self.kinds.values() if test(k))

    @property
    def temples(self) -> int:  # DECISIONS 17: the Shrine counts as a temple
        return self.count(lambda k: BUILDINGS[k].type == TEMPLE)

    @property
    def stars(self) -> int:
        return sum(BUILDINGS[k].stars for k in self.kinds.values())

    def residentials(self, value: int) -> int:
        return self.count(lambda k: BUILDINGS[k].type == RESIDENTIAL
                          and BUILDINGS[k].value == value)

    @property
    def colours(self) -> set[str]:
        return {BUILDINGS[k].colour for k in self.kinds.values() if BUILDINGS[k].type == PUBLIC}

    @property
    def production(self) -> int:
        return self.count(lambda k: BUILDINGS[k].type == PRODUCTION)


def _shrine_points(f: CityFacts, pos: Pos) -> int:
    return 2 * adjacent_count(f.kinds, pos)


TEMPLE_SCORING: dict[str, Callable[[CityFacts], int]] = {
    "temple-luna": lambda f: f.stars,
    "temple-mars": lambda f: 5 if f.residentials(4) else 0,
    "temple-venus": lambda f: 2 * f.residentials(2),
    "temple-jupiter": lambda f: 2 * f.temples,
    "temple-mercury": lambda f: f.coins // 3,
    "temple-minerva": lambda f: 10 if len(f.kinds) == 16 else 0,
    "temple-fortuna": lambda f: 15 if f.colours >= set(PUBLIC_COLOURS) else 0,
    "temple-cupid": lambda f: 10 if f.residentials(2) >= 4 else 0,
    "temple-juno": lambda f: 10 if f.temples >= 4 else 0,
    "temple-saturn": lambda f: 15 if f.production >= 4 else 0,
}
"""Each temple's final-scoring condition, keyed by building id (the Shrine is apart)."""


def residential_areas(kinds: Mapping[Pos, str]) -> list[list[Pos]]:
    """Groups of orthogonally joined residentials of the same value."""
    seen: set[Pos] = set()
    areas = []
    for pos in sorted(kinds):
        b = BUILDINGS[kinds[pos]]
        if b.type != RESIDENTIAL or pos in seen:
            continue
        area, todo = [], [pos]
        seen.add(pos)
        while todo:
            p = todo.pop()
            area.append(p)
            for nb in neighbours(p):
                k = kinds.get(nb)
                if nb not in seen and k is not None and BUILDINGS[k].type == RESIDENTIAL \
                        and BUILDINGS[k].value == b.value:
                    seen.add(nb)
                    todo.append(nb)
        areas.append(sorted(area))
    return areas


def area_points(kinds: Mapping[Pos, str], tokens: Mapping[Pos, int], area: list[Pos]) -> int:
    """Sum of values × distinct adjacent public colours, plus the point tokens of the one
    adjacent thermal bath holding the most (DECISIONS 18)."""
    colours: set[str] = set()
    best_tokens = 0
    for p in area:
        for nb in neighbours(p):
            k = kinds.get(nb)
            if k is None or BUILDINGS[k].type != PUBLIC:
                continue
            colours.add(BUILDINGS[k].colour)
            if BUILDINGS[k].build_points >= 0:
                best_tokens = max(best_tokens, tokens.get(nb, 0))
    total = sum(BUILDINGS[kinds[p]].value for p in area)
    return total * len(colours) + best_tokens


def score_city(kinds: Mapping[Pos, str], tokens: Mapping[Pos, int], coins: int,
               influence_tokens: int, influence_cards: Sequence[int]) -> dict[str, int]:
    """The final-scoring breakdown of one player; every category plus ``total``."""
    facts = CityFacts(kinds, coins)
    residential = sum(area_points(kinds, tokens, a) for a in residential_areas(kinds))
    aqueducts = sum(1 for k in kinds.values() if BUILDINGS[k].type == AQUEDUCT)
    temples = sum(TEMPLE_SCORING[k](facts) for k in kinds.values() if k in TEMPLE_SCORING)
    shrine = sum(_shrine_points(facts, p) for p, k in kinds.items() if k == "shrine")
    breakdown = {
        "residential": residential,
        "aqueducts": AQUEDUCT_POINTS[aqueducts],
        "temples": temples,
        "shrine": shrine,
        "coins": coins,
        "influence_tokens": influence_tokens // 2,
        "influence_cards": sum(influence_cards),
    }
    breakdown["total"] = sum(breakdown.values())
    return breakdown


def rank_key(breakdown: Mapping[str, int], influence_tokens: int, coins: int) -> tuple[int, ...]:
    """DECISIONS 19: most points, then most influence tokens, then most coins."""
    return breakdown["total"], influence_tokens, coins
