"""What one city satisfies, whoever built it: the invariants of a city alone.

Each check looks at building kinds and point tokens by position and returns '' or the
first thing no game could build; the state's cities (:mod:`rome.invariants_seats`) and the
score command's cities (:mod:`rome.score_input`) both pass through :func:`city_problem`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .cards import BUILDINGS
from .city import MAX_SIDE, Pos, adjacent_count, bounds, is_connected
from .invariants_baths import AQUEDUCTS, baths_tokens_fit_a_build_order, starting_pairs

CityCheck = Callable[[Mapping[Pos, str], Mapping[Pos, int]], str]


def buildings_are_known(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    for kind in kinds.values():
        if kind not in BUILDINGS:
            return f"unknown building {kind!r}"
    return ""


def starting_buildings_in_place(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    """A city starts as a vegetable farm next to a 2-value residential (the publisher's
    rules let them lie either way round, so this accepts any orientation; the engine's
    own cities are held to DECISIONS 2 by :func:`starting_buildings_stay_home`).  An
    aqueduct may have replaced either one, not both (two aqueducts never touch)."""
    if starting_pairs(kinds):
        return ""
    return ("no starting buildings: a city keeps its vegetable farm next to a 2-value "
            "residential, or an aqueduct in the place of one of them")


def city_within_four_by_four(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    r0, r1, c0, c1 = bounds(kinds)
    if r1 - r0 >= MAX_SIDE or c1 - c0 >= MAX_SIDE:
        return f"the city spans {r1 - r0 + 1} rows and {c1 - c0 + 1} columns; 4 × 4 at most"
    return ""


def one_aqueduct_per_row_and_column(kinds: Mapping[Pos, str],
                                    points: Mapping[Pos, int]) -> str:
    r0, _r1, c0, _c1 = bounds(kinds)
    rows: set[int] = set()
    cols: set[int] = set()
    for (r, c), kind in sorted(kinds.items()):
        if kind in AQUEDUCTS:
            if r in rows:
                return f"two aqueducts in row {r - r0 + 1}"
            if c in cols:
                return f"two aqueducts in column {c - c0 + 1}"
            rows.add(r)
            cols.add(c)
    return ""


def city_is_one_block(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    if not is_connected(kinds):
        return "the city is not connected: every building must touch another"
    return ""


def point_tokens_only_on_baths(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    for pos in points:
        kind = kinds.get(pos)
        if kind is None:
            return "point tokens on an empty space"
        if BUILDINGS[kind].build_points < 0:
            return f"point tokens on {BUILDINGS[kind].name}; only a thermal bath holds them"
    return ""


def baths_tokens_match_their_neighbours(kinds: Mapping[Pos, str],
                                        points: Mapping[Pos, int]) -> str:
    """DECISIONS 13: a thermal bath gets one token per neighbour when built (an Imperial
    one, one more).  It is built next to at least one building, and buildings never
    leave a city (an aqueduct takes the place of the one it replaces), so its tokens
    lie between 1 (2) and its neighbours now (plus 1)."""
    for pos, kind in sorted(kinds.items()):
        extra = BUILDINGS[kind].build_points
        if extra < 0:
            continue
        tokens = points.get(pos, 0)
        most = extra + adjacent_count(kinds, pos)
        if not extra + 1 <= tokens <= most:
            return (f"{tokens} point tokens on the {BUILDINGS[kind].name} at row {pos[0]}, "
                    f"column {pos[1]}: it was built with {extra + 1} to {most} "
                    f"(one per neighbour{', plus 1' if extra else ''})")
    return ""


CITY_INVARIANTS: tuple[CityCheck, ...] = (
    buildings_are_known,
    city_within_four_by_four,
    one_aqueduct_per_row_and_column,
    city_is_one_block,
    point_tokens_only_on_baths,
    baths_tokens_match_their_neighbours,
    starting_buildings_in_place,
    baths_tokens_fit_a_build_order,
)
"""Every invariant of one city, in order; each returns '' or the first problem."""


def city_problem(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    """The first thing no game could build in this city, or '' if there is none."""
    if not kinds:
        return "a city has at least its starting buildings"
    for check in CITY_INVARIANTS:
        problem = check(kinds, points)
        if problem:
            return problem
    return ""
