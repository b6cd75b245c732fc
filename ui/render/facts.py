"""Rule facts the table shows that ``rome``'s top level does not export yet.

Why one module: the UI must use only what ``rome`` publishes; the few printed facts it
also needs (rounds per player count, a strip's symbols, how a residential area and a
temple score) are read here and nowhere else in ``ui/``, so when the engine exports
them only this file changes. Everything here is public-information arithmetic on an
observation: nothing reads a ``GameState``.
"""

from __future__ import annotations

from typing import Any

import rome
from rome.cards import SHAPES, space_resources, strip_symbols
from rome.scoring import TEMPLE_SCORING, CityFacts, area_points, residential_areas

Pos = tuple[int, int]


def rounds(num_players: int) -> int:
    """How many rounds a game of ``num_players`` lasts."""
    return SHAPES[num_players].rounds


def emissaries(num_players: int) -> int:
    """Emissaries each player places per round."""
    return SHAPES[num_players].emissaries


def strip_now(obs: dict[str, Any]) -> tuple[str, list[tuple[int, int]]]:
    """The strip in use: its symbols from the emperor out and (bricks, cogs) per space."""
    strip, flipped = obs["strips"][0]
    return (strip_symbols(strip, flipped),
            [space_resources(strip, flipped, s) for s in range(1, 6)])


def kinds_of(player: dict[str, Any]) -> dict[Pos, str]:
    """An observed player's city as position -> building id."""
    return {(r, c): kind for r, c, kind, _deck in player["city"]}


def areas(player: dict[str, Any]) -> list[tuple[list[Pos], int, int]]:
    """Each residential area: its positions, its points and the bath bonus within them."""
    kinds = kinds_of(player)
    tokens = {(r, c): k for r, c, k in player["points"]}
    out = []
    for area in residential_areas(kinds):
        total = area_points(kinds, tokens, area)
        bare = area_points(kinds, {}, area)
        out.append((area, total, total - bare))
    return out


def temple_points(player: dict[str, Any]) -> list[tuple[Pos, str, int]]:
    """Each temple in the city with the points it scores now."""
    kinds = kinds_of(player)
    facts = CityFacts(kinds, player["coins"])
    return [(pos, k, TEMPLE_SCORING[k](facts)) for pos, k in sorted(kinds.items())
            if k in TEMPLE_SCORING]


def aqueduct_count(player: dict[str, Any]) -> int:
    """How many aqueducts (of either kind) the city holds."""
    return sum(1 for k in kinds_of(player).values() if rome.BUILDINGS[k].type == "aqueduct")
