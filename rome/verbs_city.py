"""The verbs of the act step in a city: ``build`` a card from hand, ``produce``.

Building is the engine's busiest rule after copying a state: the legal builds are listed
from bit masks (the kinds a hand holds and a budget pays for, the free places kept with
the player record), and the effect reads each kind's costs and gains unpacked in one go.
Their rows in :data:`rome.verbs.VERBS` say how each is written.
"""

from __future__ import annotations

from .actions import Action, make
from .cards import (
    AQUEDUCT,
    AQUEDUCTS_BY_PLAYERS,
    BRICK_PRICE,
    BUILDINGS,
    KIND_ORDER,
    KINDS_BY_PLAYERS,
    card_instances,
)
from .city import KEY_OF_ORIGIN, KEY_STRIDE, KEYS, NEAR, Places, picker, pos_of
from .flow import (
    BRICKS_BY_SPACE,
    PRODUCE_PRICE,
    acting_seat,
    build_cost,
    player_to_change,
    produce_cost,
    production_yield,
    school_decks,
)
from .phases import SCHOOL_DECK
from .state import GameState, Pos
from .wording import beside, building_name, counted

# Each card instance's kind as a bit, 1 << its place in the table order of kinds (0 for
# influence cards, never in a hand or an offer), by player count and shrine: listing the
# kinds of a hand or an offer in table order is then a few integer operations per card.
KIND_BITS_BY_PLAYERS = {n: tuple(tuple(1 << KIND_ORDER[k] if k in KIND_ORDER else 0
                                       for k in kinds) for kinds in both)
                        for n, both in KINDS_BY_PLAYERS.items()}

# -- build ------------------------------------------------------------------------------

_BUILDS = {kind: tuple(make("build", kind, None, *pos_of(key)) for key in KEYS)
           for kind in BUILDINGS}
"""The build actions of each kind by position key (:func:`rome.city.key_of`), all made
(and interned) at import: listing builds picks each affordable kind's actions at the free
keys (:func:`rome.city.picker`), and a tuple indexed by key is the quickest table."""


# By kind bit: (kind, cost, the kind's build actions by position, aqueduct?).
_BY_BIT = {1 << order: (kind, b.cost, _BUILDS[kind], b.type == AQUEDUCT)
           for order, (kind, b) in enumerate(BUILDINGS.items())}
_MOST_COST = max(b.cost for b in BUILDINGS.values())
_AFFORDABLE = tuple(sum(bit for bit, (_k, cost, _b, _a) in _BY_BIT.items() if cost <= budget)
                    for budget in range(_MOST_COST + 1))
"""The kinds (as bits) a budget of 0, 1, ... bricks pays for."""


def legal_build(state: GameState) -> tuple[Action, ...]:
    """Every build the acting player can afford (once per turn), kinds in table order,
    each at every place it may stand in reading order."""
    if state.built:
        return ()
    acting = state.acting
    player = state.players[state.spaces[acting - 1]]
    hand = player.hand
    if not hand:
        return ()
    bits = KIND_BITS_BY_PLAYERS[state.num_players][state.shrine]
    mask = 0
    for card, _m in hand:
        mask |= bits[card]
    strip, flipped = state.strips[0]
    budget = (BRICKS_BY_SPACE[strip][flipped][acting] + len(player.bricks)
              + player.coins // BRICK_PRICE)
    mask &= _AFFORDABLE[budget if budget < _MOST_COST else _MOST_COST]
    if not mask:
        return ()
    places = player.places
    if places is None:  # kept with the player record; a build makes the next one
        places = player.places = Places.of(
            player.city, AQUEDUCTS_BY_PLAYERS[state.num_players][state.shrine])
    found = places.listings.get(mask)
    if found is None:
        found = places.listings[mask] = builds_in(places, mask)
    return found


def builds_in(places: Places, kinds: int) -> tuple[Action, ...]:
    """The builds of the ``kinds`` (bits of :data:`KIND_BITS_BY_PLAYERS`) in a city, kinds
    in table order, each at every place it may stand in reading order."""
    pick = picker(places.keys)
    out: tuple[Action, ...] = ()
    while kinds:  # lowest bit (first in the table order) first
        bit = kinds & -kinds
        kinds ^= bit
        _kind, _cost, builds, aqueduct = _BY_BIT[bit]
        out += picker(places.aqueduct_keys())(builds) if aqueduct else pick(builds)
    return out


def remove_from_hand(hand: tuple[tuple[int, int], ...], kinds: tuple[str, ...], kind: str
                     ) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Play one card of ``kind``: the copy the most players know about, so the secret
    copies stay secret; the copies left are known only to those who knew them all."""
    first = 0
    for c, _m in hand:
        if kinds[c] == kind:
            break
        first += 1
    for c, _m in hand[first + 1:]:
        if kinds[c] == kind:
            break
    else:  # the usual case: one copy, so no other copy whose knowledge could change
        return hand[first][0], hand[:first] + hand[first + 1:]
    copies = [(c, m) for c, m in hand if kinds[c] == kind]
    card, _mask = max(copies, key=lambda cm: (bin(cm[1]).count("1"), -cm[0]))
    common = -1
    for _c, m in copies:
        common &= m
    rest = tuple((c, m if kinds[c] != kind else m & common) for c, m in hand if c != card)
    return card, rest


def spend_brick_tokens(bricks: tuple[Pos, ...], target: Pos, count: int) -> tuple[Pos, ...]:
    """TOKEN_SPEND_ORDER: the token on the building being replaced goes first (it would
    leave the game anyway), then the others in reading order.  Returns those left
    (``bricks`` is in reading order, as a player record keeps it)."""
    if count <= 0:
        return bricks
    if target in bricks:
        i = bricks.index(target)
        return (bricks[:i] + bricks[i + 1:])[count - 1:]
    return bricks[count:]


_EFFECTS = {kind: (b.cost, b.type == AQUEDUCT, b.stars, b.build_coins, b.build_influence,
                   b.build_points, b.build_draw) for kind, b in BUILDINGS.items()}
"""Per kind what building it costs and gives, unpacked in one go: (cost, aqueduct?, stars,
coins, influence, point tokens, School draws), the last four -1 for no such effect (else
plus one per adjacent building)."""


def apply_build(s: GameState, action: Action) -> None:
    kinds = KINDS_BY_PLAYERS[s.num_players][s.shrine]
    seat = s.spaces[s.acting - 1]
    kind, row, col = action.kind, action.row, action.col
    assert kind is not None and row is not None and col is not None  # a build names all three
    pos = (row, col)
    cost, aqueduct, stars, gain_coins, gain_influence, gain_points, draws = _EFFECTS[kind]
    p = player_to_change(s, seat)
    strip, flipped = s.strips[0]
    missing = cost - BRICKS_BY_SPACE[strip][flipped][s.acting]  # build_cost()
    token_pay = coin_pay = 0
    if missing > 0:
        token_pay = min(missing, len(p.bricks))
        coin_pay = (missing - token_pay) * BRICK_PRICE
    card, p.hand = remove_from_hand(p.hand, kinds, kind)
    city = dict(p.city)
    replaced = city.get(pos)
    if token_pay:
        p.bricks = spend_brick_tokens(p.bricks, pos, token_pay)
    places = p.places
    if places is None:  # a build is listed first, which makes them: kept for safety
        places = Places.of(city, AQUEDUCTS_BY_PLAYERS[s.num_players][s.shrine])
    key = row * KEY_STRIDE + col + KEY_OF_ORIGIN  # key_of(pos)
    if replaced is None:
        n = (NEAR[key] & places.occupied).bit_count()
    else:  # DECISIONS 12: the replaced card leaves with its tokens
        n = 0
        s.removed = s.removed + (replaced,)
        if pos in p.bricks:
            p.bricks = tuple(b for b in p.bricks if b != pos)
        if pos in p.points:
            p.points = {q: n for q, n in p.points.items() if q != pos}
    city[pos] = card
    p.city = city
    p.places = places.built(key, aqueduct)
    p.coins -= coin_pay if gain_coins < 0 else coin_pay - gain_coins - n
    p.influence += stars if gain_influence < 0 else stars + gain_influence + n
    if gain_points >= 0:
        p.points = {**p.points, pos: gain_points + n}
    s.built = True
    if draws >= 0:
        s.draw_deck = ""
        s.draw = ()
        if school_decks(s):  # with every other deck empty the effect does nothing
            s.pending_draws = draws + n
            s.step = SCHOOL_DECK


def tell_build(before: GameState, action: Action, after: GameState, who: str) -> str:
    kind, row, col = action.kind, action.row, action.col
    assert kind is not None and row is not None and col is not None  # a build names all three
    pos = (row, col)
    seat = acting_seat(before)
    p0, p1 = before.players[seat], after.players[seat]
    replaced = p0.city.get(pos)
    cards = card_instances(before.num_players, before.shrine)
    text = f"{who} builds {building_name(kind)}"
    if replaced is not None:
        text += f" in place of {building_name(cards[replaced].kind)}"
    near = beside({q: cards[c].kind for q, c in p1.city.items()}, pos)
    if near:
        text += f" next to {near}"
    token_pay, coin_pay = build_cost(before, seat, kind)
    paid = [counted(k, one, many) for k, one, many in (
        (token_pay, "brick token", None), (coin_pay, "coin for bricks", "coins for bricks")) if k]
    gains = []
    dc = p1.coins - p0.coins + coin_pay
    if dc:
        gains.append(f"+{counted(dc, 'coin')}")
    di = p1.influence - p0.influence
    if di:
        gains.append(f"+{di} influence")
    pts = p1.points.get(pos, 0)
    if pts:
        gains.append(f"{counted(pts, 'point token')} on it")
    text += "" if not paid else f", paying {' and '.join(paid)}"
    text += "" if not gains else f" ({', '.join(gains)})"
    return text + "."


# -- produce ----------------------------------------------------------------------------

_PRODUCE = make("produce")
_PRODUCE_ONLY = (_PRODUCE,)


def legal_produce(state: GameState) -> tuple[Action, ...]:
    """Once per turn, if the acting player can pay for the cogs the space lacks."""
    if state.produced:
        return ()
    acting = state.acting
    strip, flipped = state.strips[0]
    price = PRODUCE_PRICE[strip][flipped][acting]
    if price and state.players[state.spaces[acting - 1]].coins < price:
        return ()
    return _PRODUCE_ONLY


def apply_produce(s: GameState, action: Action) -> None:
    acting = s.acting
    seat = s.spaces[acting - 1]  # acting_seat()
    coins, influence, new_bricks = production_yield(s, seat)
    p = player_to_change(s, seat)
    strip, flipped = s.strips[0]
    p.coins += coins - PRODUCE_PRICE[strip][flipped][acting]  # produce_cost()
    p.influence += influence
    if new_bricks:
        p.bricks = tuple(sorted(p.bricks + new_bricks))
    s.produced = True


def tell_produce(before: GameState, action: Action, after: GameState, who: str) -> str:
    seat = acting_seat(before)
    p0, p1 = before.players[seat], after.players[seat]
    cost = produce_cost(before)
    bought = f" after buying {counted(cost, 'cog')}" if cost else ""
    gains = [f"+{counted(n, what)}" if what != "influence" else f"+{n} influence"
             for n, what in ((p1.coins - p0.coins + cost, "coin"),
                             (p1.influence - p0.influence, "influence"),
                             (len(p1.bricks) - len(p0.bricks), "brick token")) if n]
    return f"{who} produces{bought}: {', '.join(gains) or 'nothing'}."
