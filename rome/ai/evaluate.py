"""The evaluation: each player's estimated final score from a position.

``estimate(state)`` returns one number per seat:

* the city's final scoring *now* (``rome.scoring.score_city``: residential areas,
  aqueducts, temples, coins, influence tokens and cards);
* what the city can still add: residential areas with free neighbouring spaces may gain
  public colours, public buildings with free neighbours may gain residentials, temples
  whose condition is partly met;
* the hand: each card's expected value when built in the turns left (discounted, capped by
  the number of builds left, less the coins it is likely to cost);
* resources that become points later: brick tokens, production buildings (per turn left),
  the bricks and cogs of emissaries that still have to act this round, and their order;
* the influence race: the cards on the table and those still to come from deck I, shared
  by a soft-max of the influence tokens (the leader takes most).

Only public engine data is read (``rome.cards``, ``rome.scoring``, ``rome.city``); the
state is a determinised sample, never the real game.  Weights live in :data:`WEIGHTS`.

The estimate is a sum of :data:`TERMS` (:func:`terms` gives them one by one).  A level may
instead weigh the terms by factors fitted from self-play (``fit_<term>_<phase>`` weights,
:data:`PHASES` by turns left; ``rome/ai/fit.py``): hand-set parts whose worth was only
guessed then count as much as they were seen to be worth in games.
"""

from __future__ import annotations

import math
from typing import Any

from .. import influence_in_deck, strip_space_resources, turns_left
from ..cards import (
    AQUEDUCT,
    AQUEDUCT_POINTS,
    BUILDINGS,
    PRODUCTION,
    PUBLIC,
    RESIDENTIAL,
    SHAPES,
    TEMPLE,
    card_instances,
    card_kinds,
)
from ..city import aqueduct_spaces, free_spaces, neighbours
from ..scoring import TEMPLE_SCORING, CityFacts, residential_areas, score_city

WEIGHTS: dict[str, float] = {
    "area_open_no_colour": 0.55,  # share of an uncoloured area's value a free neighbour promises
    "area_open_colour": 0.3,  # ... for an area that already touches some colours
    "public_open": 0.8,  # per free space next to a public building (up to 2)
    "hand_discount": 0.85,
    "cost_penalty": 0.7,  # points lost per brick a hand card costs (coins paid for bricks)
    "brick_token": 1.6,
    "production_per_turn": 0.35,
    "turn_brick": 1.5,
    "turn_cog": 0.5,
    "turn_order": 0.35,
    "race_pool_k": 0.7,
    "race_future_k": 0.35,
    "race_future_discount": 0.7,
    "temple_progress": 0.5,
}

_ORIGIN = (0, 0)

TERMS: tuple[str, ...] = ("now", "potential", "hand", "bricks", "production", "turn",
                          "race_pool", "race_future")
"""The estimate's parts: final score now, what the city can still add, the hand, brick
tokens, production to come, this round's emissaries still to act, the influence race for
the cards on the table and for those still in deck I."""
PHASES: tuple[str, ...] = ("early", "mid", "late")


def phase_of(turns: int) -> int:
    """Index into :data:`PHASES` of a seat with ``turns`` turns left (a game has 14)."""
    return 0 if turns >= 9 else 1 if turns >= 4 else 2


class Context:
    """Per-decision caches.

    A search reaches the same cities again and again as different objects: each plan
    that builds the same card on the same space makes its own city, and every
    determinisation deals its own copies.  So a city's :class:`CityShape` is cached by
    the city's contents (its positions and card instances in the city's order, which
    also fixes the order the shape adds its floats in), looked up first by the city
    object's identity (kept alive with it), and the score now and the hand's value are
    cached by the shape's identity: a search of 36 000 nodes meets about a thousand
    distinct cities and makes each shape once (30 times fewer than by identity alone).
    """

    def __init__(self, num_players: int, shrine: bool, weights: dict[str, float] | None = None):
        self.n = num_players
        self.shrine = shrine
        self.kinds = card_kinds(num_players, shrine)
        self.values = tuple(c.influence for c in card_instances(num_players, shrine))
        self.shape = SHAPES[num_players]
        self.w = dict(WEIGHTS, **(weights or {}))
        self.fit: tuple[tuple[float, ...], ...] | None = None
        if any(k.startswith("fit_") for k in self.w):
            self.fit = tuple(tuple(self.w.get(f"fit_{t}_{ph}", 1.0) for t in TERMS)
                             for ph in PHASES)
        self.player_cache: dict[tuple[int, int], tuple[Any, float, tuple]] = {}
        self.player_contents: dict[tuple, tuple[float, tuple]] = {}  # by what they read
        self.now_cache: dict[tuple, float] = {}  # keyed by the shape's identity
        self.hand_cache: dict[tuple, float] = {}  # keyed by the shape's identity
        self.potential_cache: dict[tuple[int, int], tuple[float, ...]] = {}  # the same
        self.hand_kinds: dict[tuple, tuple[str, ...]] = {}  # a hand's kinds, sorted
        self.turns_cache: dict[tuple, tuple[int, ...]] = {}
        self.race_cache: dict[tuple, tuple[tuple[float, ...], tuple[float, ...]]] = {}
        self.turn_cache: dict[tuple, tuple[tuple[int, float], ...]] = {}
        self.shape_cache: dict[int, tuple[Any, CityShape]] = {}
        self.shapes: dict[tuple, CityShape] = {}

    def turns(self, state: Any) -> tuple[int, ...]:
        """Every seat's :func:`rome.turns_left`, cached by what they depend on: where the
        round stands (phase, round, the emissaries on the strip, the acting one, its step
        and whether it has built; ``tests/test_ai_evaluate.py`` checks the key suffices)."""
        key = (state.phase, state.round, state.spaces, state.acting, state.step, state.built)
        hit = self.turns_cache.get(key)
        if hit is None:
            hit = self.turns_cache[key] = tuple(turns_left(state, s) for s in range(self.n))
        return hit

    def city_kinds(self, city: dict) -> dict:
        kinds = self.kinds
        return {pos: kinds[c] for pos, c in city.items()}

    def shape_of(self, city: dict) -> CityShape:
        """The city's :class:`CityShape`, by identity (the city is kept alive) or else by
        contents."""
        hit = self.shape_cache.get(id(city))
        if hit is None:
            key = tuple(city.items())
            shape = self.shapes.get(key)
            if shape is None:
                shape = self.shapes[key] = CityShape(self.city_kinds(city))
            hit = self.shape_cache[id(city)] = (city, shape)
        return hit[1]


def _hand_card_value(kind: str, kinds: dict, facts: CityFacts, aqueducts: list[int],
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


def city_value(kinds: dict, points: dict, coins: int, influence: int, cards_value: int,
               turns: int, w: dict[str, float]) -> float:
    """Final score now plus what the built city can still gain (no hand, no race)."""
    now = float(score_city(kinds, points, coins, influence, (cards_value,))["total"])
    return _with_potential(now, _potential(CityShape(kinds), turns, w))


_PROGRESSING = frozenset(TEMPLE_SCORING) - {"temple-luna", "temple-venus", "temple-jupiter",
                                            "temple-mercury"}


class CityShape:
    """What the evaluation reads from a city's buildings alone (not its coins, tokens or
    the turns left): worked out once per city and kept for every position sharing it,
    since most of a search's positions change one city at a time."""

    __slots__ = ("kinds", "areas", "items", "aqueduct_count", "aqueduct_spot", "production")

    def __init__(self, kinds: dict) -> None:
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


def _potential(shape: CityShape, turns: int, w: dict[str, float]) -> tuple[float, ...]:
    """What the city can still gain, one addend per open area, public building and temple
    in progress, in the order :func:`_with_potential` adds them.  It depends on the
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


def _with_potential(now: float, addends: tuple[float, ...]) -> float:
    """:func:`city_value` from the score now and the city's :func:`_potential`."""
    total = now
    for x in addends:
        total += x
    return total


def player_estimate(state: Any, seat: int, ctx: Context) -> float:
    """Estimated final score of ``seat`` without the influence race (nor the emissaries
    still to act this round)."""
    turns = ctx.turns(state)[seat]
    value, parts = _player_parts(state.players[seat], turns, ctx)
    if ctx.fit is None:
        return value
    beta = ctx.fit[phase_of(turns)]
    return sum(b * x for b, x in zip(beta[:len(parts)], parts, strict=True))


def _player_parts(p: Any, turns: int, ctx: Context
                  ) -> tuple[float, tuple[float, float, float, float, float]]:
    """The hand-weighted value of player record ``p`` with ``turns`` turns left, and its
    parts (the first five :data:`TERMS`)."""
    key = (id(p), turns)
    hit = ctx.player_cache.get(key)
    if hit is not None:
        return hit[1], hit[2]
    shape = ctx.shape_of(p.city)
    # everything the value reads of the record: most records missed by identity are
    # copies of one already valued (9 in 10 in hard's searches)
    contents = (id(shape), p.coins, p.influence, p.influence_cards, tuple(p.points.items()),
                p.hand, len(p.bricks), turns)
    found = ctx.player_contents.get(contents)
    if found is None:
        found = ctx.player_contents[contents] = _player_value(p, shape, turns, ctx)
    ctx.player_cache[key] = (p, found[0], found[1])
    return found


def _player_value(p: Any, shape: CityShape, turns: int, ctx: Context
                  ) -> tuple[float, tuple[float, float, float, float, float]]:
    """:func:`_player_parts` worked out (``shape`` is the record's city)."""
    w = ctx.w
    now = _score_now(p, shape, ctx)
    pkey = (id(shape), turns)
    addends = ctx.potential_cache.get(pkey)
    if addends is None:
        addends = ctx.potential_cache[pkey] = _potential(shape, turns, w)
    value = _with_potential(now, addends)
    potential = value - now
    hv = bricks = production = 0.0
    if turns > 0:
        hand_kinds = ctx.hand_kinds.get(p.hand)
        if hand_kinds is None:
            hand_kinds = ctx.hand_kinds[p.hand] = tuple(sorted(ctx.kinds[c] for c, _m in p.hand))
        hkey = (id(shape), p.coins, turns, hand_kinds)
        hv = ctx.hand_cache.get(hkey)
        if hv is None:
            hv = ctx.hand_cache[hkey] = _hand_value(shape, p.coins, hand_kinds, turns, w)
        value += hv
        bricks = w["brick_token"] * len(p.bricks)
        value += bricks
        production = w["production_per_turn"] * shape.production * min(turns, 10) * 0.8
        value += production
    return value, (now, potential, hv, bricks, production)


def _score_now(p: Any, shape: CityShape, ctx: Context) -> float:
    """Player record ``p``'s final score if the game ended now (its city is ``shape``)."""
    cards_value = sum(map(ctx.values.__getitem__, p.influence_cards))
    key = (id(shape), tuple(p.points.items()), p.coins, p.influence, cards_value)
    now = ctx.now_cache.get(key)
    if now is None:
        now = ctx.now_cache[key] = float(score_city(shape.kinds, p.points, p.coins,
                                                    p.influence, (cards_value,))["total"])
    return now


def _hand_value(shape: CityShape, coins: int, hand_kinds: tuple[str, ...], turns: int,
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


def _turn_terms(state: Any, ctx: Context, out: list[float]) -> None:
    """Bricks, cogs and order of the emissaries still to act this round, added to each
    seat's value in the order of the strip (kept per strip and turn: the same few recur
    all through a search)."""
    if state.phase != "action" and state.phase != "emissary":
        return
    key = (state.phase, state.acting, state.step, state.spaces, state.strips[0])
    adds = ctx.turn_cache.get(key)
    if adds is None:
        adds = ctx.turn_cache[key] = _turn_addends(state, ctx.w)
    for seat, x in adds:
        out[seat] += x


def _turn_addends(state: Any, w: dict[str, float]) -> tuple[tuple[int, float], ...]:
    """(seat, value) of each emissary still to act this round, in strip order."""
    adds = []
    start = state.acting if state.phase == "action" else 1
    for space in range(max(start, 1), len(state.spaces) + 1):
        seat = state.spaces[space - 1]
        if seat < 0:
            continue
        if state.phase == "action" and space == state.acting and state.step != "take":
            continue  # the current turn's resources are already being used
        bricks, cogs = strip_space_resources(state, space)
        adds.append((seat, w["turn_brick"] * min(bricks, 3) + w["turn_cog"] * min(cogs, 2)
                     + w["turn_order"] * (6 - space) / 2))
    return tuple(adds)


def _race(state: Any, ctx: Context, out: list[float], out_future: list[float]) -> None:
    """The influence race: the cards on the table (into ``out``) and those still to come
    from deck I (into ``out_future``), shared by a soft-max of the influence tokens."""
    pool = sum(map(ctx.values.__getitem__, state.influence_pool))
    deck = influence_in_deck(state) if state.phase != "over" else None
    key = (pool, deck, state.round, tuple([p.influence for p in state.players]))
    shares = ctx.race_cache.get(key)
    if shares is None:
        shares = ctx.race_cache[key] = _race_shares(pool, deck, key[2], key[3], ctx)
    for i, x in enumerate(shares[0]):
        out[i] += x
    for i, x in enumerate(shares[1]):
        out_future[i] += x


def _race_shares(pool: int, deck: tuple[tuple[int, int], ...] | None, rnd: int,
                 influence: tuple[int, ...], ctx: Context
                 ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each seat's share of the cards on the table worth ``pool`` and of those still in
    deck I (``deck``: :func:`rome.influence_in_deck`, None once the game is over) in
    round ``rnd``, by a soft-max of the influence tokens; kept per race, which changes
    seldom in a search."""
    w = ctx.w
    future = 0.0
    if deck is not None:
        rounds_left = ctx.shape.rounds - max(rnd, 1)
        reach = rounds_left * ctx.shape.draw_per_deck + 1
        for k, (index, v) in enumerate(deck):
            drawn = index - k  # the buildings above it in deck I
            future += v * (1.0 if drawn < reach else 0.3)
        future *= w["race_future_discount"]
    shares: list[tuple[float, ...]] = []
    for amount, k in ((pool, w["race_pool_k"]), (future, w["race_future_k"])):
        if not amount:
            shares.append(())
            continue
        m = max(influence)
        exps = [math.exp(k * (x - m)) for x in influence]
        tot = sum(exps)
        shares.append(tuple(amount * e / tot for e in exps))
    return shares[0], shares[1]


def estimate(state: Any, ctx: Context) -> list[float]:
    """Estimated final score of every seat."""
    if state.phase == "over":
        return [_score_now(p, ctx.shape_of(p.city), ctx) for p in state.players]
    if ctx.fit is not None:
        fit = ctx.fit
        return [sum(b * x for b, x in zip(fit[phase_of(ctx.turns(state)[s])], parts,
                                              strict=True))
                for s, parts in enumerate(terms(state, ctx))]
    out = [_player_parts(p, t, ctx)[0]
           for p, t in zip(state.players, ctx.turns(state), strict=True)]
    _turn_terms(state, ctx, out)
    _race(state, ctx, out, out)
    return out


def terms(state: Any, ctx: Context) -> list[tuple[float, ...]]:
    """Every seat's :data:`TERMS` (hand-weighted; their sum is the hand-set estimate)."""
    n = ctx.n
    turn = [0.0] * n
    pool = [0.0] * n
    future = [0.0] * n
    _turn_terms(state, ctx, turn)
    _race(state, ctx, pool, future)
    return [_player_parts(p, t, ctx)[1] + (turn[s], pool[s], future[s])
            for s, (p, t) in enumerate(zip(state.players, ctx.turns(state), strict=True))]


def utility(values: list[float], seat: int) -> float:
    """What ``seat`` maximises: its estimate minus the best other seat's."""
    return values[seat] - max(values[:seat] + values[seat + 1:])


def seat_utility(values: list[float], seat: int, others_max: float) -> float:
    """What ``seat`` maximises in a search: own estimate minus the others' (the best one's
    weight ``others_max``, the mean's the rest; with one other seat simply the margin)."""
    others = values[:seat] + values[seat + 1:]
    if len(others) == 1:
        return values[seat] - others[0]
    return values[seat] - (others_max * max(others) + (1 - others_max) * sum(others) / len(others))


__all__ = ["PHASES", "TERMS", "WEIGHTS", "Context", "city_value", "estimate", "phase_of",
           "player_estimate", "seat_utility", "terms", "utility"]
