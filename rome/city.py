"""City geometry: where a building may go, and whether a city is one a game could build.

The city has no fixed board (DECISIONS 11): a building goes orthogonally next to an
existing one, and the bounding box may never exceed 4 columns by 4 rows.  Aqueducts
(DECISIONS 12) allow at most one per row and per column and may replace any
non-aqueduct building.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

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


_NEAR = _Near()


KEY_STRIDE = 16
"""A position's key is ``(row + 8) * KEY_STRIDE + column + 8``: a small integer that hashes
and compares faster than a (row, column) tuple, sorts in reading order, and numbers a bit
of the masks :class:`Places` keeps.  Rows and columns -8..7 have keys (any city a game can
build: its starting buildings never move and it fits 4 x 4, so it stays within -3..3)."""

_ORIGIN = 8 * KEY_STRIDE + 8  # the key of (0, 0)


def key_of(pos: Pos) -> int:
    return pos[0] * KEY_STRIDE + pos[1] + _ORIGIN


def pos_of(key: int) -> Pos:
    return key // KEY_STRIDE - 8, key % KEY_STRIDE - 8


def keys_in(mask: int) -> tuple[int, ...]:
    """The keys of the bits set in ``mask``, in reading order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def _band(first: int, last: int, across: bool) -> int:
    """The mask of rows (``across``) or columns ``first..last``, clipped to the grid."""
    mask = 0
    for i in range(max(first, -8), min(last, 7) + 1):
        for j in range(KEY_STRIDE):
            mask |= 1 << ((i + 8) * KEY_STRIDE + j if across else j * KEY_STRIDE + i + 8)
    return mask


class _Boxes(dict):
    """The mask of each (top, bottom, left, right) box, made on first use."""

    def __missing__(self, box: tuple[int, int, int, int]) -> int:
        top, bottom, left, right = box
        mask = self[box] = _band(top, bottom, True) & _band(left, right, False)
        return mask


_BOXES = _Boxes()
_LINES = tuple(_band(r, r, True) | _band(c, c, False)
               for r, c in map(pos_of, range(KEY_STRIDE * KEY_STRIDE)))
"""Each key's row and column: where no other aqueduct may stand."""
NEAR = tuple(sum(1 << key_of(n) for n in neighbours(pos) if min(n) >= -8 and max(n) <= 7)
             for pos in map(pos_of, range(KEY_STRIDE * KEY_STRIDE)))
"""Each key's orthogonal neighbours as a mask: their buildings are
``(NEAR[key] & places.occupied).bit_count()``."""


class Places:
    """Where a city may grow, worked out once per city and kept with its player record.

    The city as masks over position keys (bit ``key_of(pos)``): the built positions, the
    rows and columns an aqueduct already holds, the bounds, and the free spaces (empty,
    next to the city, keeping it within 4 x 4) as a mask and as keys in reading order.
    Listing builds reads the keys on every act step; a build makes the next city's
    ``Places`` from this one with a few integer operations (:meth:`built`), where working
    free spaces out from the positions cost tens of thousands of instructions.  Never
    changed once made, except for filling in what is worked out on first need (the
    aqueduct places, the listings)."""

    __slots__ = ("occupied", "lines", "bounds", "free", "keys", "aqueducts", "listings")

    def __init__(self, occupied: int, lines: int, bounds: tuple[int, int, int, int]) -> None:
        self.occupied = occupied
        self.lines = lines
        self.bounds = bounds
        r0, r1, c0, c1 = bounds
        # A space keeps the box within MAX_SIDE iff it lies in these row and column ranges.
        box = _BOXES[(r1 - MAX_SIDE + 1, r0 + MAX_SIDE - 1, c1 - MAX_SIDE + 1, c0 + MAX_SIDE - 1)]
        self.free = ((occupied << 1) | (occupied >> 1) | (occupied << KEY_STRIDE)
                     | (occupied >> KEY_STRIDE)) & box & ~occupied
        self.keys = keys_in(self.free)
        self.aqueducts: tuple[int, ...] | None = None  # aqueduct_keys(), once asked
        # The rules' lists of builds in this city, by the kinds listed (a bit mask): a
        # city lasts for several turns and a hand changes slowly, so they repeat.
        self.listings: dict[int, tuple[Any, ...]] = {}

    @staticmethod
    def of(city: Mapping[Pos, int], aqueduct: Sequence[bool]) -> Places:
        """The places of ``city`` (position -> card instance); ``aqueduct[card]`` says
        whether a card is an aqueduct."""
        occupied = lines = 0
        for pos, card in city.items():
            key = key_of(pos)
            occupied |= 1 << key
            if aqueduct[card]:
                lines |= _LINES[key]
        return Places(occupied, lines, bounds(city))

    def built(self, key: int, aqueduct: bool) -> Places:
        """The places once a building (an aqueduct if ``aqueduct``) stands at ``key``."""
        lines = self.lines | _LINES[key] if aqueduct else self.lines
        bit = 1 << key
        if self.occupied & bit:  # an aqueduct replacing a building: nothing else changes
            new = object.__new__(Places)
            new.occupied, new.lines, new.bounds = self.occupied, lines, self.bounds
            new.free, new.keys, new.aqueducts, new.listings = self.free, self.keys, None, {}
            return new
        r, c = pos_of(key)
        r0, r1, c0, c1 = bounds = self.bounds
        if r < r0 or r > r1 or c < c0 or c > c1:
            bounds = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
        return Places(self.occupied | bit, lines, bounds)

    def aqueduct_keys(self) -> tuple[int, ...]:
        """Where an aqueduct may go (:func:`aqueduct_spaces`), as keys in reading order."""
        found = self.aqueducts
        if found is None:
            found = self.aqueducts = keys_in((self.free | self.occupied) & ~self.lines)
        return found

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Places) and (
            self.occupied, self.lines, self.bounds, self.free, self.keys) == (
            other.occupied, other.lines, other.bounds, other.free, other.keys)

    __hash__ = None  # type: ignore[assignment]


def free_spaces(occupied: Mapping[Pos, object]) -> tuple[Pos, ...]:
    """Empty spaces next to the city that keep it within 4 × 4, in reading order.

    Written as set operations over cached neighbour sets: it takes any positions (the AI
    asks it of cities of building kinds), where :class:`Places` needs card instances."""
    r0, r1, c0, c1 = bounds(occupied)
    top, bottom = r1 - MAX_SIDE + 1, r0 + MAX_SIDE - 1
    left, right = c1 - MAX_SIDE + 1, c0 + MAX_SIDE - 1
    found = set().union(*map(_NEAR.__getitem__, occupied))
    found.difference_update(occupied)
    return tuple(sorted([(r, c) for r, c in found if top <= r <= bottom and left <= c <= right]))


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
