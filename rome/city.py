"""City geometry: where a building may go, and whether a city is one a game could build.

The city has no fixed board (DECISIONS 11): a building goes orthogonally next to an
existing one, and the bounding box may never exceed 4 columns by 4 rows.  Aqueducts
(DECISIONS 12) allow at most one per row and per column and may replace any
non-aqueduct building.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, TypeVar

from .cards import AQUEDUCT, BUILDINGS
from .errors import StateError

if TYPE_CHECKING:
    from .actions import Action

T = TypeVar("T")

Pos = tuple[int, int]
"""A city position (row, column); the starting vegetable farm is at (0, 0), rows grow
downwards.  Declared here, with the geometry, and imported wherever positions are."""

MAX_SIDE = 4
"""A city's bounding box may be at most this many rows and this many columns."""


def neighbours(pos: Pos) -> tuple[Pos, Pos, Pos, Pos]:
    r, c = pos
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


def adjacent_count(occupied: Container[Pos], pos: Pos) -> int:
    """How many buildings stand orthogonally next to ``pos``."""
    r, c = pos
    return ((r - 1, c) in occupied) + ((r + 1, c) in occupied) + ((r, c - 1) in occupied) + (
        (r, c + 1) in occupied)


def bounds(positions: Iterable[Pos]) -> tuple[int, int, int, int]:
    """(min row, max row, min column, max column) of a non-empty city."""
    rows = [r for r, _c in positions]
    cols = [c for _r, c in positions]
    return min(rows), max(rows), min(cols), max(cols)


class _Near(dict[Pos, frozenset[Pos]]):
    """Each position's neighbours as a frozenset, made on first use."""

    def __missing__(self, pos: Pos) -> frozenset[Pos]:
        near = self[pos] = frozenset(neighbours(pos))
        return near


_NEAR = _Near()


KEY_STRIDE = 8
"""A position's key is ``(row + 3) * KEY_STRIDE + column + 4``: a small integer that hashes
and compares faster than a (row, column) tuple, sorts in reading order, and numbers a bit
of the masks :class:`Places` keeps.  Rows -3..3 and columns -4..3 have keys: a city a game
can build keeps its starting buildings at (0, 0) and (0, 1) and fits 4 x 4, so it and its
free spaces lie within rows -3..3 and columns -2..3.  A stride of 8 makes each row one
byte of a mask (:func:`keys_in` reads a row per byte) and a key's row and column index a
shift and a mask (``_ROW_SHIFT``, ``_COLUMN_MASK``)."""

_ROW_SHIFT, _COLUMN_MASK = KEY_STRIDE.bit_length() - 1, KEY_STRIDE - 1
ROWS = range(-3, 4)
COLUMNS = range(-4, 4)
KEY_OF_ORIGIN = -ROWS.start * KEY_STRIDE - COLUMNS.start  # the key of (0, 0)


def key_of(pos: Pos) -> int:
    return pos[0] * KEY_STRIDE + pos[1] + KEY_OF_ORIGIN


def pos_of(key: int) -> Pos:
    return key // KEY_STRIDE + ROWS.start, key % KEY_STRIDE + COLUMNS.start


_ROW_KEYS = tuple(tuple(tuple(row * KEY_STRIDE + i for i in range(KEY_STRIDE) if bits >> i & 1)
                        for bits in range(1 << KEY_STRIDE)) for row in range(len(ROWS)))
"""The keys of each row's bits, by row and the row's byte: a mask is a row per byte."""
_R0, _R1, _R2, _R3, _R4, _R5, _R6 = _ROW_KEYS  # keys_in is written out for these 7 rows


def keys_in(mask: int) -> tuple[int, ...]:
    """The keys of the bits set in ``mask`` (within the grid), in reading order: a table
    lookup per row and the rows' tuples joined, where a loop over the bits cost three
    times as much (and joining them through ``itertools.chain`` twice)."""
    b0, b1, b2, b3, b4, b5, b6 = mask.to_bytes(7, "little")
    return _R0[b0] + _R1[b1] + _R2[b2] + _R3[b3] + _R4[b4] + _R5[b5] + _R6[b6]


def picker(keys: tuple[int, ...]) -> Callable[[Sequence[T]], tuple[T, ...]]:
    """A function giving the entries at ``keys`` of a table indexed by position key, as a
    tuple: ``operator.itemgetter`` picks them in C, where a map over the keys took twice
    as long (listing builds picks each affordable kind's actions at the free keys)."""
    if len(keys) > 1:
        return itemgetter(*keys)
    return lambda table: tuple(map(table.__getitem__, keys))  # itemgetter of one: no tuple


_ROW_BITS = {r: sum(1 << key_of((r, c)) for c in COLUMNS) for r in ROWS}
_COLUMN_BITS = {c: sum(1 << key_of((r, c)) for r in ROWS) for c in COLUMNS}


def _room_table(lines: range, bits: dict[int, int]) -> tuple[int, ...]:
    """For each set of rows (or columns) a city uses, as a mask with bit ``i`` for
    ``lines[i]``: the mask of the spaces in the rows (columns) that keep it within
    MAX_SIDE of them all."""
    table = [0]
    for used in range(1, 1 << len(lines)):
        low, high = (used & -used).bit_length() - 1, used.bit_length() - 1
        table.append(sum(bits[line] for i, line in enumerate(lines)
                         if high - MAX_SIDE < i < low + MAX_SIDE))
    return tuple(table)


_ROOM_BY_ROWS = _room_table(ROWS, _ROW_BITS)
_ROOM_BY_COLUMNS = _room_table(COLUMNS, _COLUMN_BITS)
KEYS = range(len(ROWS) * len(COLUMNS))
"""Every position key of the grid."""
_LINES = tuple(_ROW_BITS[r] | _COLUMN_BITS[c] for r, c in map(pos_of, KEYS))
"""Each key's row and column: where no other aqueduct may stand."""
NEAR = tuple(sum(1 << key_of(n) for n in neighbours(pos) if n[0] in ROWS and n[1] in COLUMNS)
             for pos in map(pos_of, KEYS))
"""Each key's orthogonal neighbours as a mask: their buildings are
``(NEAR[key] & places.occupied).bit_count()``."""


class Places:
    """Where a city may grow, worked out once per city and kept with its player record.

    The city as masks over position keys (bit ``key_of(pos)``): the built positions, the
    rows and columns an aqueduct already holds, the free spaces (empty, next to the city,
    and keeping it within 4 x 4) as a mask and as keys in reading order; and, as small
    masks (bit ``i`` for ``ROWS[i]``, ``COLUMNS[i]``), the rows and the columns the city
    uses, which give the spaces within 4 x 4 by two table lookups.  Listing builds reads
    the keys on every act step; a build makes the next city's ``Places`` from this one
    with a few integer operations (:meth:`built`), where working free spaces out from the
    positions cost tens of thousands of instructions.  Never changed once made, except
    for filling in what is worked out on first need (the aqueduct places, the listings)."""

    __slots__ = ("aqueducts", "columns", "free", "keys", "lines", "listings", "occupied", "rows")
    occupied: int
    lines: int
    rows: int
    columns: int
    free: int
    keys: tuple[int, ...]
    aqueducts: tuple[int, ...] | None  # aqueduct_keys(), once asked
    # The rules' lists of builds in this city, by the kinds listed (a bit mask): a city
    # lasts for several turns and a hand changes slowly, so they repeat.
    listings: dict[int, tuple[Action, ...]]

    @staticmethod
    def of(city: Mapping[Pos, int], aqueduct: Sequence[bool]) -> Places:
        """The places of ``city`` (position -> card instance); ``aqueduct[card]`` says
        whether a card is an aqueduct."""
        r0, r1, c0, c1 = bounds(city)
        if r0 < ROWS.start or r1 >= ROWS.stop or c0 < COLUMNS.start or c1 >= COLUMNS.stop:
            raise StateError(f"a city within rows {r0}..{r1} and columns {c0}..{c1}: no game "
                             "builds one (its starting buildings stay at 0,0 and 0,1)")
        occupied = lines = rows = columns = near = 0
        for pos, card in city.items():
            key = key_of(pos)
            occupied |= 1 << key
            near |= NEAR[key]
            rows |= 1 << (key >> _ROW_SHIFT)
            columns |= 1 << (key & _COLUMN_MASK)
            if aqueduct[card]:
                lines |= _LINES[key]
        free = near & _ROOM_BY_ROWS[rows] & _ROOM_BY_COLUMNS[columns] & ~occupied
        return _places(occupied, lines, rows, columns, free, keys_in(free))

    def built(self, key: int, aqueduct: bool) -> Places:
        """The places once a building (an aqueduct if ``aqueduct``) stands at ``key``.

        The new free spaces are the old ones and the new building's neighbours, within
        the new 4 x 4 room and not built: the room only shrinks as a city grows, so a
        neighbour of the old city outside the old room stays outside."""
        lines = self.lines | _LINES[key] if aqueduct else self.lines
        occupied = self.occupied
        bit = 1 << key
        if occupied & bit:  # an aqueduct replacing a building: only the lines change
            return _places(occupied, lines, self.rows, self.columns, self.free, self.keys)
        occupied |= bit
        rows = self.rows | 1 << (key >> _ROW_SHIFT)
        columns = self.columns | 1 << (key & _COLUMN_MASK)
        free = ((self.free | NEAR[key]) & _ROOM_BY_ROWS[rows] & _ROOM_BY_COLUMNS[columns]
                & ~occupied)
        return _places(occupied, lines, rows, columns, free, keys_in(free))

    def aqueduct_keys(self) -> tuple[int, ...]:
        """Where an aqueduct may go (:func:`aqueduct_spaces`), as keys in reading order."""
        found = self.aqueducts
        if found is None:
            found = self.aqueducts = keys_in((self.free | self.occupied) & ~self.lines)
        return found

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Places) and (
            self.occupied, self.lines, self.rows, self.columns, self.free, self.keys
        ) == (other.occupied, other.lines, other.rows, other.columns, other.free, other.keys)

    # mutable (the listings fill in), so unhashable; typeshed declares __hash__ a method
    __hash__ = None  # type: ignore[assignment]


def _places(occupied: int, lines: int, rows: int, columns: int, free: int,
            keys: tuple[int, ...]) -> Places:
    """A new :class:`Places`, made without a call through the type: a build makes one."""
    new = _new(Places)
    new.occupied = occupied
    new.lines = lines
    new.rows = rows
    new.columns = columns
    new.free = free
    new.keys = keys
    new.aqueducts = None
    new.listings = {}
    return new


_new = object.__new__


def free_spaces(occupied: Collection[Pos]) -> tuple[Pos, ...]:
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
