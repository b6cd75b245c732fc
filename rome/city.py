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


KEY_STRIDE = 32
"""A position's key is ``row * KEY_STRIDE + column``: a small integer that hashes and
compares faster than a (row, column) tuple and sorts in reading order while columns stay
within -16..15 (any city a game can build: its starting buildings never move, and it
fits 4 x 4, so its columns stay within -3..4)."""

Free = tuple[tuple[int, ...], tuple[int, int, int, int]]
"""A city's free spaces as keys in reading order, and the city's bounds (:func:`bounds`)."""


def key_of(pos: Pos) -> int:
    return pos[0] * KEY_STRIDE + pos[1]


def pos_of(key: int) -> Pos:
    row = (key + KEY_STRIDE // 2) // KEY_STRIDE
    return row, key - row * KEY_STRIDE


def free_of(occupied: Mapping[Pos, object]) -> Free:
    """Empty spaces next to the city that keep it within 4 × 4 (as keys, in reading order),
    and the city's bounds.

    Written as set operations over cached neighbour and box sets: the rules ask this of
    every new city (and the AI of every position it evaluates)."""
    r0, r1 = min(occupied)[0], max(occupied)[0]
    c0, c1 = min(occupied, key=_COLUMN)[1], max(occupied, key=_COLUMN)[1]
    # A space keeps the box within MAX_SIDE iff it lies in these row and column ranges.
    box = _BOXES[(r1 - MAX_SIDE + 1, r0 + MAX_SIDE - 1, c1 - MAX_SIDE + 1, c0 + MAX_SIDE - 1)]
    found = set().union(*map(_NEAR.__getitem__, occupied))
    found.difference_update(occupied)
    found.intersection_update(box)
    return tuple(sorted([r * KEY_STRIDE + c for r, c in found])), (r0, r1, c0, c1)


def free_after_build(free: Free, occupied: Mapping[Pos, object], pos: Pos) -> Free:
    """:func:`free_of` for ``occupied`` (which now holds ``pos``, a space that was free),
    worked out from ``free``, the city's before: a build changes only the space built on,
    its empty neighbours and, if the city grew, which spaces keep it within 4 × 4."""
    keys, bounds = free
    r0, r1, c0, c1 = bounds
    r, c = pos
    grown = r < r0 or r > r1 or c < c0 or c > c1
    if grown:
        r0, r1, c0, c1 = bounds = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
    top, bottom = r1 - MAX_SIDE + 1, r0 + MAX_SIDE - 1
    left, right = c1 - MAX_SIDE + 1, c0 + MAX_SIDE - 1
    found = set(keys)
    found.discard(r * KEY_STRIDE + c)
    found.update([nr * KEY_STRIDE + nc for nr, nc in _NEAR[pos] if (nr, nc) not in occupied
                  and top <= nr <= bottom and left <= nc <= right])
    if not grown:  # the spaces kept before still keep the city within 4 x 4
        return tuple(sorted(found)), bounds
    half = KEY_STRIDE // 2
    out = []
    for k in sorted(found):
        row = (k + half) // KEY_STRIDE
        if top <= row <= bottom and left <= k - row * KEY_STRIDE <= right:
            out.append(k)
    return tuple(out), bounds


def free_spaces(occupied: Mapping[Pos, object]) -> tuple[Pos, ...]:
    """Empty spaces next to the city that keep it within 4 × 4, in reading order."""
    return tuple(map(pos_of, free_of(occupied)[0]))


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
