"""Thermal baths' point tokens that some order of building gives (issue 32).

A thermal bath gets one point token per neighbour it has when it is built (DECISIONS 13;
an Imperial one, one more), and keeps them.  A finished city does not say which of its
buildings stood next to the bath at that moment, but it says enough to refuse tokens no
order of building can give:

* A space, once built on, is never empty again (an aqueduct takes the place of the
  building it replaces), so what matters is the order in which the spaces were first
  built on.  That order starts with the two starting buildings (or the aqueducts that
  replaced them) and adds one space at a time, next to a space already built on.
* So the tokens are right if and only if some such order builds each bath when exactly
  (tokens − extra) of its neighbours are already built on.

The per-bath bounds (1 token at least, its neighbours now at most) are checked first, by
:func:`rome.invariants_city.baths_tokens_match_their_neighbours`; this module adds what
only the order shows, for example a bath between the starting buildings and a house
reachable only through the bath cannot count that house, and of two neighbouring baths
only the later one can count the other.

The search: spaces as bits of a 4 × 4 mask, a depth-first walk over the sets of spaces
built on, remembering the sets already tried.  A space next to no bath still to build
can be added at once (it changes no bath's count), so the walk branches only on the
spaces next to the baths still to build, and a city has at most 4 baths.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .cards import AQUEDUCT, BUILDINGS, STARTING_CITY
from .city import Pos, neighbours

AQUEDUCTS = frozenset(k for k, b in BUILDINGS.items() if b.type == AQUEDUCT)
"""The aqueduct kinds (the starting pairs need them; the city checks read them here)."""
_FARM, _HOUSE = STARTING_CITY[0][2], STARTING_CITY[1][2]


def starting_pairs(kinds: Mapping[Pos, str]) -> list[tuple[Pos, Pos]]:
    """Every pair of neighbouring spaces that may have held the starting farm and house
    (either may since have been replaced by an aqueduct, not both: aqueducts never touch
    in a row or a column)."""
    farm_like = {_FARM} | AQUEDUCTS
    house_like = {_HOUSE} | AQUEDUCTS
    out = []
    for pos, kind in sorted(kinds.items()):
        if kind not in farm_like:
            continue
        for other in neighbours(pos):
            if kinds.get(other) in house_like and not (
                    kind in AQUEDUCTS and kinds[other] in AQUEDUCTS):
                out.append((pos, other))
    return out


def baths_fit_a_build_order(kinds: Mapping[Pos, str], points: Mapping[Pos, int],
                            starts: Iterable[tuple[Pos, Pos]]) -> bool:
    """True if, from one of the ``starts`` pairs (both spaces built on), some order of
    building gives every bath of ``kinds`` exactly its point tokens in ``points``."""
    cells = sorted(kinds)
    bit = {pos: 1 << i for i, pos in enumerate(cells)}
    around = [sum(bit.get(q, 0) for q in neighbours(pos)) for pos in cells]
    needs: dict[int, int] = {}  # bath's space -> neighbours built on before it
    for i, pos in enumerate(cells):
        extra = BUILDINGS[kinds[pos]].build_points
        if extra >= 0:
            needs[i] = points.get(pos, 0) - extra
    if not needs:
        return True
    baths = sum(1 << i for i in needs)
    size = len(cells)
    near_bath = [sum(1 << b for b in needs if around[b] >> i & 1) for i in range(size)]
    full = sum(1 << b for b in needs if needs[b] == around[b].bit_count())
    tried: set[int] = set()

    def grow(built: int) -> bool:
        # Add what cannot hurt: a space that touches the city and no bath still to build
        # (it changes no bath's count), and a bath whose count is its need and which
        # touches no bath still to build (waiting could only raise its count).
        while True:
            more = 0
            for i in range(size):
                if built >> i & 1 or not around[i] & built:
                    continue
                if i in needs:
                    if (not around[i] & baths & ~built
                            and (around[i] & built).bit_count() == needs[i]):
                        more |= 1 << i
                elif not near_bath[i] & ~built:
                    more |= 1 << i
            if not more:
                break
            built |= more
        if built in tried:
            return False
        tried.add(built)
        waiting = [b for b in needs if not built >> b & 1]
        if not waiting:
            return True
        count = {b: (around[b] & built).bit_count() for b in waiting}
        if any(count[b] > needs[b] for b in waiting):
            return False
        # A bath still short of neighbours cannot count one that needs it first: a bath
        # that must follow all its neighbours.
        if any(count[b] + (around[b] & ~built & ~full).bit_count() < needs[b]
               for b in waiting):
            return False
        short = sum(1 << b for b in waiting if count[b] < needs[b])
        steps = [i for i in range(size) if not built >> i & 1 and around[i] & built
                 and count.get(i, needs.get(i)) == needs.get(i)]
        # Baths first, then the spaces that bring a short bath nearer its count.
        steps.sort(key=lambda i: (i not in needs, not near_bath[i] & short))
        return any(grow(built | 1 << i) for i in steps)

    return any(grow(bit[a] | bit[b]) for a, b in starts if a in bit and b in bit)


def baths_tokens_fit_a_build_order(kinds: Mapping[Pos, str],
                                   points: Mapping[Pos, int]) -> str:
    """The city check (:data:`rome.invariants_city.CITY_INVARIANTS`): '' or why the
    baths' point tokens fit no order of building from any possible starting pair."""
    if baths_fit_a_build_order(kinds, points, starting_pairs(kinds)):
        return ""
    return BATHS_OUT_OF_ORDER


BATHS_OUT_OF_ORDER = ("the thermal baths' point tokens fit no order of building: a bath "
                      "gets one token per neighbour it has when built (an Imperial one, "
                      "one more), and a building can only go next to one already built")


__all__ = ["AQUEDUCTS", "BATHS_OUT_OF_ORDER", "baths_fit_a_build_order",
           "baths_tokens_fit_a_build_order",
           "starting_pairs"]
