"""What a city and a hand are worth to the evaluation, beyond the final scoring now.

A city's :class:`CityShape` is what the estimate reads of its buildings alone (areas that
may still gain a colour, public buildings with room, temples in progress, aqueducts,
production), so a search works it out once per city; :func:`city_potential` is what the
city can still gain and :func:`hand_value` what the cards in hand are likely to add.
"""

from __future__ import annotations

from ..cards import AQUEDUCT, AQUEDUCT_POINTS, BUILDINGS, PRODUCTION, PUBLIC, RESIDENTIAL, TEMPLE
from ..city import Pos, aqueduct_spaces, free_spaces, neighbours
from ..scoring import TEMPLE_SCORING, CityFacts, residential_areas, score_city

_ORIGIN = (0, 0)


def _hand_card_value(kind: str, kinds: dict[Pos, str], facts: CityFacts, aqueducts: list[int],
                     spots: bool, turns: int, w: dict[str, float]) -> float:
    b = BUILDINGS[kind]
    t = b.type
    g = min(1.0, turns / 4.0)
    if t == RESIDENTIAL:
        colours = len(facts.colours)
        v = b.value * (0.7 + 0.35 * min(colours, 3)) * (0.6 + 0.4 * g) + b.stars * 0.8
    elif t == PUBLIC:
        new_colour = b.colour not in facts.colours
        v = (4.5 if new_colour else 2.5) + 1.5
    elif t == AQUEDUCT:
        a = aqueducts[0]
        if a >= 4 or not spots:
            return 0.0
        aqueducts[0] = a + 1
        v = (AQUEDUCT_POINTS[a + 1] - AQUEDUCT_POINTS[a]) * 0.8 + b.stars * 0.5
    elif t == PRODUCTION:
        v = w["production_per_turn"] * turns * (1.5 if b.produce_brick else 1.0) + 0.5
    elif t == TEMPLE:
        if kind == "shrine":
            v = 4.0
        else:
            trial = dict(kinds)
            trial[_ORIGIN if _ORIGIN not in trial else (99, 99)] = kind
            f2 = CityFacts(trial, facts.coins)
            v = TEMPLE_SCORING[kind](f2) + _temple_progress(kind, f2, turns, w) + b.stars * 0.8
    else:
        v = 0.0
    return max(0.0, v - w["cost_penalty"] * max(0, b.cost - 1))


def _temple_progress(kind: str, f: CityFacts, turns: int, w: dict[str, float]) -> float:
    """Partial credit for a temple whose all-or-nothing condition is not met yet."""
    if turns <= 0:
        return 0.0
    scale = w["temple_progress"] * min(1.0, turns / 6.0)
    if kind == "temple-mars" and not f.residentials(4):
        return 2.5 * scale
    if kind == "temple-minerva" and len(f.kinds) < 16:
        missing = 16 - len(f.kinds)
        return 10 * scale * max(0.0, 1 - missing / max(turns, 1)) if missing <= turns else 0.0
    if kind == "temple-fortuna":
        have = len(f.colours)
        return 0.0 if have >= 4 else 15 * scale * (have / 4) ** 2
    if kind == "temple-cupid":
        have = f.residentials(2)
        return 0.0 if have >= 4 else 10 * scale * (have / 4) ** 2
    if kind == "temple-juno":
        have = f.temples
        return 0.0 if have >= 4 else 10 * scale * (have / 4) ** 2
    if kind == "temple-saturn":
        have = f.production
        return 0.0 if have >= 4 else 15 * scale * (have / 4) ** 2
    return 0.0


def city_value(kinds: dict[Pos, str], points: dict[Pos, int], coins: int, influence: int,
               cards_value: int, turns: int, w: dict[str, float]) -> float:
    """Final score now plus what the built city can still gain (no hand, no race)."""
    now = float(score_city(kinds, points, coins, influence, (cards_value,))["total"])
    return add_potential(now, city_potential(CityShape(kinds), turns, w))


_PROGRESSING = frozenset(TEMPLE_SCORING) - {"temple-luna", "temple-venus", "temple-jupiter",
                                            "temple-mercury"}


class CityShape:
    """What the evaluation reads from a city's buildings alone (not its coins, tokens or
    the turns left): worked out once per city and kept for every position sharing it,
    since most of a search's positions change one city at a time."""

    __slots__ = ("kinds", "areas", "items", "aqueduct_count", "aqueduct_spot", "production")

    def __init__(self, kinds: dict[Pos, str]) -> None:
        self.kinds = kinds
        spaces = free_spaces(kinds) if kinds else ()
        free = set(spaces)
        # residential areas that may still gain a colour: (value, coloured, open spaces <= 2)
        self.areas: list[tuple[int, bool, int]] = []
        for area in residential_areas(kinds):
            open_spots = set()
            colours = set()
            for p in area:
                for nb in neighbours(p):
                    if nb in free:
                        open_spots.add(nb)
                    else:
                        k = kinds.get(nb)
                        if k is not None and BUILDINGS[k].type == PUBLIC:
                            colours.add(BUILDINGS[k].colour)
            if open_spots and len(colours) < 4:
                value = sum(BUILDINGS[kinds[p]].value for p in area)
                self.areas.append((value, bool(colours), min(2, len(open_spots))))
        # in the city's order: public buildings (open spaces <= 2) and temples in progress
        self.items: list[tuple[bool, str, int]] = []
        for pos, k in kinds.items():
            if BUILDINGS[k].type == PUBLIC:
                self.items.append((True, k, min(2, sum(1 for nb in neighbours(pos)
                                                       if nb in free))))
            elif k in _PROGRESSING:
                self.items.append((False, k, 0))
        self.aqueduct_count = sum(1 for k in kinds.values() if BUILDINGS[k].type == AQUEDUCT)
        self.aqueduct_spot = bool(kinds) and bool(aqueduct_spaces(kinds, spaces))
        prod = 0.0
        for k in kinds.values():
            b = BUILDINGS[k]
            if b.type == PRODUCTION:
                prod += b.produce_coins + 1.5 * b.produce_brick + 0.8 * b.produce_influence
        self.production = prod


def city_potential(shape: CityShape, turns: int, w: dict[str, float]) -> tuple[float, ...]:
    """What the city can still gain, one addend per open area, public building and temple
    in progress, in the order :func:`add_potential` adds them.  It depends on the
    buildings and the turns left only (temple progress reads no coins), so a search keeps
    it per shape and turns; the addends are kept apart, not summed, because the estimate
    adds them one by one to the score now and a float sum in another order could differ
    in its last bit (and with it a decision)."""
    if turns <= 0 or not shape.kinds:
        return ()
    g = min(1.0, turns / 4.0)
    out = []
    for value, coloured, n_open in shape.areas:
        share = w["area_open_colour"] if coloured else w["area_open_no_colour"]
        out.append(value * share * g * n_open / 2 * 1.4)
    facts = None
    for public, k, n_open in shape.items:
        if public:
            out.append(w["public_open"] * n_open * g)
        else:
            if facts is None:
                facts = CityFacts(shape.kinds, 0)
            out.append(_temple_progress(k, facts, turns, w))
    return tuple(out)


def add_potential(now: float, addends: tuple[float, ...]) -> float:
    """:func:`city_value` from the score now and the city's :func:`city_potential`."""
    total = now
    for x in addends:
        total += x
    return total


def hand_value(shape: CityShape, coins: int, hand_kinds: tuple[str, ...], turns: int,
                w: dict[str, float]) -> float:
    if not hand_kinds:
        return 0.0
    kinds = shape.kinds
    facts = CityFacts(kinds, coins)
    aq = [shape.aqueduct_count]
    spots = shape.aqueduct_spot
    hand_values = sorted((_hand_card_value(k, kinds, facts, aq, spots, turns, w)
                          for k in hand_kinds), reverse=True)
    room = 16 - len(kinds)
    cap = min(turns, max(room, 0) + 1)
    disc = w["hand_discount"]
    return sum(v * disc * (0.93 ** i) for i, v in enumerate(hand_values[:cap]))
