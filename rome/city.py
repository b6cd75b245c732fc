"""City geometry: where a building may go, and whether a city is one a game could build.

The city has no fixed board (DECISIONS 11): a building goes orthogonally next to an
existing one, and the bounding box may never exceed 4 columns by 4 rows.  Aqueducts
(DECISIONS 12) allow at most one per row and per column and may replace any
non-aqueduct building.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import itemgetter

from .cards import AQUEDUCT, BUILDINGS

Pos = tuple[int, int]
"""A city position (row, column); the starting vegetable farm is at (0, 0), rows grow
downwards.  Declared here, with the geometry, and imported wherever positions are."""

MAX_SIDE = 4
"""A city's bounding box may be at most this many rows and this many columns."""


def neighbours(pos: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    r, c = pos
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


def adjacent_count(occupied: Mapping[Pos, object], pos: Pos) -> int:
    """How many buildings stand orthogonally next to ``pos``."""
    r, c = pos
    return ((r - 1, c) in occupied) + ((r + 1, c) in occupied) + ((r, c - 1) in occupied) + (
        (r, c + 1) in occupied)


def bounds(positions: Iterable[Pos]) -> tuple[int, int, int, int]:
    """(min row, max row, min column, max column) of a non-empty city."""
    rows = [r for r, _c in positions]
    cols = [c for _r, c in positions]
    return min(rows), max(rows), min(cols), max(cols)


class _Near(dict):
    """Each position's neighbours as a frozenset, made on first use."""

    def __missing__(self, pos: Pos) -> frozenset[Pos]:
        near = self[pos] = frozenset(neighbours(pos))
        return near


class _Boxes(dict):
    """The positions inside each (top, bottom, left, right) box, made on first use."""

    def __missing__(self, box: tuple[int, int, int, int]) -> frozenset[Pos]:
        top, bottom, left, right = box
        inside = self[box] = frozenset((r, c) for r in range(top, bottom + 1)
                                       for c in range(left, right + 1))
        return inside


_NEAR = _Near()
_BOXES = _Boxes()
_COLUMN = itemgetter(1)


def free_spaces(occupied: Mapping[Pos, object]) -> tuple[Pos, ...]:
    """Empty spaces next to the city that keep it within 4 × 4, in reading order.

    Written as set operations over cached neighbour and box sets: the rules ask this of
    every new city (and the AI of every position it evaluates)."""
    r0, r1 = min(occupied)[0], max(occupied)[0]
    c0, c1 = min(occupied, key=_COLUMN)[1], max(occupied, key=_COLUMN)[1]
    # A space keeps the box within MAX_SIDE iff it lies in these row and column ranges.
    box = _BOXES[(r1 - MAX_SIDE + 1, r0 + MAX_SIDE - 1, c1 - MAX_SIDE + 1, c0 + MAX_SIDE - 1)]
    found = set().union(*map(_NEAR.__getitem__, occupied))
    found.difference_update(occupied)
    found.intersection_update(box)
    return tuple(sorted(found))


def aqueduct_lines(kinds: Mapping[Pos, str]) -> tuple[set[int], set[int]]:
    """The rows and the columns that already hold an aqueduct."""
    rows: set[int] = set()
    cols: set[int] = set()
    for (r, c), kind in kinds.items():
        if BUILDINGS[kind].type == AQUEDUCT:
            rows.add(r)
            cols.add(c)
    return rows, cols


def aqueduct_spaces(kinds: Mapping[Pos, str], free: Iterable[Pos]) -> tuple[Pos, ...]:
    """Where an aqueduct may go: free spaces and replaceable buildings, in reading order,
    each in a row and a column that hold no other aqueduct."""
    rows, cols = aqueduct_lines(kinds)
    spots = [p for p in free if p[0] not in rows and p[1] not in cols]
    spots += [p for p, kind in kinds.items()
              if BUILDINGS[kind].type != AQUEDUCT and p[0] not in rows and p[1] not in cols]
    return tuple(sorted(spots))


def is_connected(positions: Iterable[Pos]) -> bool:
    cells = set(positions)
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        for nb in neighbours(todo.pop()):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def check_city(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    """Describe the first thing wrong with a city, or return '' if a game could build it."""
    for kind in kinds.values():
        if kind not in BUILDINGS:
            return f"unknown building {kind!r}"
    if not kinds:
        return "a city has at least its starting buildings"
    r0, r1, c0, c1 = bounds(kinds)
    if r1 - r0 >= MAX_SIDE or c1 - c0 >= MAX_SIDE:
        return f"the city spans {r1 - r0 + 1} rows and {c1 - c0 + 1} columns; 4 × 4 at most"
    seen_rows: set[int] = set()
    seen_cols: set[int] = set()
    for (r, c), kind in sorted(kinds.items()):
        if BUILDINGS[kind].type == AQUEDUCT:
            if r in seen_rows:
                return f"two aqueducts in row {r - r0 + 1}"
            if c in seen_cols:
                return f"two aqueducts in column {c - c0 + 1}"
            seen_rows.add(r)
            seen_cols.add(c)
    if not is_connected(kinds):
        return "the city is not connected: every building must touch another"
    for pos, n in points.items():
        kind = kinds.get(pos)
        if kind is None:
            return "point tokens on an empty space"
        b = BUILDINGS[kind]
        if b.build_points < 0:
            return f"point tokens on {b.name}; only a thermal bath holds them"
        if not 0 <= n <= 4 + b.build_points:
            return f"{n} point tokens on one {b.name}; {4 + b.build_points} at most"
    return ""


def check_bricks(kinds: Mapping[Pos, str], bricks: Iterable[Pos]) -> str:
    """Brick tokens lie one at most on a farm that makes them (grain farm, vineyard)."""
    bricks = list(bricks)
    if len(set(bricks)) != len(bricks):
        return "two brick tokens on one farm"
    for pos in bricks:
        kind = kinds.get(pos)
        if kind is None or not BUILDINGS[kind].produce_brick:
            return "a brick token on a building that cannot hold one"
    return ""
