"""The verbs, one table: each verb's pattern, text form, legality, effect and narration.

A row of :data:`VERBS` says everything about one verb, so adding or changing a verb is
one place: its notation (a regular expression over the canonical text and the format that
writes it back), the legal actions of that verb in a state, what it does to a fresh copy
of the state, and the log line that tells it.  :data:`STEP_VERBS` says which verbs a
phase/step offers, in the order ``legal_actions`` lists them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .actions import Action, make
from .cards import (
    AQUEDUCT,
    AQUEDUCTS_BY_PLAYERS,
    BUILDINGS,
    DECK_NAMES,
    KIND_ORDER,
    KINDS_BY_PLAYERS,
    SHAPES,
    card_instances,
    card_kinds,
)
from .city import KEY_OF_ORIGIN, KEY_STRIDE, KEYS, NEAR, Places, neighbours, picker, pos_of
from .errors import NotationError
from .flow import (
    BRICK_PRICE,
    BRICKS_BY_SPACE,
    PRODUCE_PRICE,
    acting_seat,
    build_cost,
    draft_chooser,
    player_to_change,
    produce_cost,
    production_yield,
    school_decks,
    start_round,
    start_turn,
)
from .state import (
    ACT,
    ACTION,
    DRAFT,
    EMISSARY,
    NONE,
    SCHOOL_DECK,
    SCHOOL_KEEP,
    TAKE,
    GameState,
    Phase,
    Pos,
    Step,
)


@dataclass(frozen=True)
class Verb:
    name: str
    pattern: str  # regular expression over the text after the verb (ASCII only)
    fields: tuple[str, ...]  # the Action fields the pattern's groups fill, in order
    text: Callable[[Action], str]
    legal: Callable[[GameState], tuple[Action, ...]]
    apply: Callable[[GameState, Action], None]
    narrate: Callable[[GameState, Action, GameState, str], str]


def building_name(kind: str) -> str:
    """A building's printed name, for log lines."""
    return BUILDINGS[kind].name if kind in BUILDINGS else kind


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 cog``, ``2 cogs``: log lines never say ``cog(s)``."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def listed(words: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


class _Interned(dict):
    """Actions of one verb by their arguments, made (and interned) on first use."""

    def __init__(self, verb: str, *fields: str) -> None:
        super().__init__()
        self.verb = verb
        self.fields = fields

    def __missing__(self, key: tuple) -> Action:
        action = self[key] = make(self.verb, **dict(zip(self.fields, key, strict=True)))
        return action


_DRAFTS = _Interned("draft", "kind")
_KEEPS = _Interned("keep", "kind")
_TAKES = _Interned("take", "deck", "kind")
_SCHOOLS = _Interned("school", "deck")
# Each card instance's kind as a bit, 1 << its place in the table order of kinds (0 for
# influence cards, never in a hand or an offer), by player count and shrine: listing the
# kinds of a hand or an offer in table order is then a few integer operations per card.
KIND_BITS_BY_PLAYERS = {n: tuple(tuple(1 << KIND_ORDER[k] if k in KIND_ORDER else 0
                                       for k in kinds) for kinds in both)
                        for n, both in KINDS_BY_PLAYERS.items()}


def _kinds_in(state: GameState, table: _Interned, cards: tuple[int, ...]
              ) -> tuple[Action, ...]:
    """One action per distinct kind among ``cards``, in the table order of kinds."""
    kinds = card_kinds(state.num_players, state.shrine)
    return tuple(table[(k,)] for k in sorted({kinds[c] for c in cards},
                                             key=KIND_ORDER.__getitem__))


def _take_card(state: GameState, cards: tuple[int, ...], kind: str) -> tuple[int, list[int]]:
    """The first card of ``kind`` among ``cards`` and the cards left."""
    kinds = KINDS_BY_PLAYERS[state.num_players][state.shrine]
    for i, card in enumerate(cards):
        if kinds[card] == kind:
            return card, [*cards[:i], *cards[i + 1:]]
    raise ValueError(f"no {kind} among the cards")  # unreachable for a legal action


# -- draft ------------------------------------------------------------------------------

def _draft(s: GameState, action: Action) -> None:
    chooser = draft_chooser(s)
    card, pool = _take_card(s, s.draft_pool, action.kind)
    p = player_to_change(s, chooser)
    p.hand = p.hand + ((card, 1 << chooser),)
    s.draft_turn += 1
    if len(pool) == 1:
        # The first player takes the last card; the last chooser passed it and knows it.
        last = pool.pop()
        first = player_to_change(s, s.first_player)
        first.hand = first.hand + ((last, (1 << s.first_player) | (1 << chooser)),)
    s.draft_pool = tuple(pool)
    if not pool:
        start_round(s)


# -- place ------------------------------------------------------------------------------

_PLACES = tuple(make("place", space=i) for i in range(1, 6))


class _PlacesFor(dict):
    """The place actions for each strip occupancy (5 spaces of up to 4 seats or empty:
    a few thousand at most), made on first use: every emissary placement asks."""

    def __missing__(self, spaces: tuple[int, ...]) -> tuple[Action, ...]:
        found = self[spaces] = tuple([_PLACES[i] for i, s in enumerate(spaces) if s < 0])
        return found


_PLACES_FOR = _PlacesFor()


def _legal_place(state: GameState) -> tuple[Action, ...]:
    return _PLACES_FOR[state.spaces]


_EMISSARIES_PER_ROUND = {n: n * shape.emissaries for n, shape in SHAPES.items()}


def _place(s: GameState, action: Action) -> None:
    n = s.num_players
    placed = s.placed
    spaces = list(s.spaces)
    spaces[action.space - 1] = (s.first_player + placed) % n
    s.spaces = tuple(spaces)
    s.placed = placed = placed + 1
    if placed == _EMISSARIES_PER_ROUND[n]:
        s.phase = ACTION
        start_turn(s, 1)


# -- take -------------------------------------------------------------------------------

_TAKE_OF_CARD = {n: tuple(tuple(_TAKES[(c.deck, c.kind)] if c.deck in DECK_NAMES else None
                                for c in card_instances(n, shrine))
                          for shrine in (False, True))
                 for n in SHAPES}
"""Each card instance's take action (None for a card never in an offer), by player count
and shrine."""


class _TakesFrom(dict):
    """The take actions of an offered pile (a tuple of card instances), one per kind in
    table order, by the pile, for one player count and shrine; made on first use.  A take
    changes one deck's pile, so the next take step finds the other piles here.  Bounded
    (every game deals new piles): cleared when full."""

    LIMIT = 4096

    def __init__(self, take_of: tuple[Action | None, ...]) -> None:
        super().__init__()
        self.take_of = take_of

    def __missing__(self, pile: tuple[int, ...]) -> tuple[Action, ...]:
        if len(self) >= self.LIMIT:
            self.clear()
        takes = self[pile] = tuple(sorted(set(map(self.take_of.__getitem__, pile)),
                                          key=_kind_order))
        return takes


def _kind_order(action: Action) -> int:
    return KIND_ORDER[action.kind]


_TAKES_FROM = {n: tuple(_TakesFrom(take_of) for take_of in both)
               for n, both in _TAKE_OF_CARD.items()}


def _legal_take(state: GameState) -> tuple[Action, ...]:
    takes_from = _TAKES_FROM[state.num_players][state.shrine]
    out: tuple[Action, ...] = ()
    for pile in state.offer.values():
        if pile:
            out += takes_from[pile]
    return out


def _take(s: GameState, action: Action) -> None:
    offer = dict(s.offer)
    deck = action.deck
    kind = action.kind
    pile = offer[deck]
    kinds = KINDS_BY_PLAYERS[s.num_players][s.shrine]
    i = 0
    while kinds[pile[i]] != kind:
        i += 1
    card = pile[i]
    offer[deck] = pile[:i] + pile[i + 1:]
    s.offer = offer
    p = player_to_change(s, s.spaces[s.acting - 1])
    p.hand = p.hand + ((card, (1 << s.num_players) - 1),)  # everyone(): all know it
    s.step = ACT


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


def _legal_build(state: GameState) -> tuple[Action, ...]:
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


def _build(s: GameState, action: Action) -> None:
    kinds = KINDS_BY_PLAYERS[s.num_players][s.shrine]
    seat = s.spaces[s.acting - 1]
    kind = action.kind
    pos = (action.row, action.col)
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
    key = action.row * KEY_STRIDE + action.col + KEY_OF_ORIGIN  # key_of(pos)
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


def _tell_build(before: GameState, action: Action, after: GameState, who: str) -> str:
    seat = acting_seat(before)
    p0, p1 = before.players[seat], after.players[seat]
    replaced = p0.city.get((action.row, action.col))
    cards = card_instances(before.num_players, before.shrine)
    text = f"{who} builds {building_name(action.kind)}"
    if replaced is not None:
        text += f" in place of {building_name(cards[replaced].kind)}"
    beside = [building_name(cards[p1.city[n]].kind)
              for n in neighbours((action.row, action.col)) if n in p1.city]
    if beside:
        text += f" next to {listed(beside)}"
    token_pay, coin_pay = build_cost(before, seat, action.kind)
    paid = [counted(k, one, many) for k, one, many in (
        (token_pay, "brick token", None), (coin_pay, "coin for bricks", "coins for bricks")) if k]
    gains = []
    dc = p1.coins - p0.coins + coin_pay
    if dc:
        gains.append(f"+{counted(dc, 'coin')}")
    di = p1.influence - p0.influence
    if di:
        gains.append(f"+{di} influence")
    pts = p1.points.get((action.row, action.col), 0)
    if pts:
        gains.append(f"{counted(pts, 'point token')} on it")
    text += "" if not paid else f", paying {' and '.join(paid)}"
    text += "" if not gains else f" ({', '.join(gains)})"
    return text + "."


# -- produce ----------------------------------------------------------------------------

_PRODUCE = make("produce")
_PRODUCE_ONLY = (_PRODUCE,)
_END = make("end")


def _legal_produce(state: GameState) -> tuple[Action, ...]:
    """Once per turn, if the acting player can pay for the cogs the space lacks."""
    if state.produced:
        return ()
    acting = state.acting
    strip, flipped = state.strips[0]
    price = PRODUCE_PRICE[strip][flipped][acting]
    if price and state.players[state.spaces[acting - 1]].coins < price:
        return ()
    return _PRODUCE_ONLY


def _produce(s: GameState, action: Action) -> None:
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


def _tell_produce(before: GameState, action: Action, after: GameState, who: str) -> str:
    seat = acting_seat(before)
    p0, p1 = before.players[seat], after.players[seat]
    cost = produce_cost(before)
    bought = f" after buying {counted(cost, 'cog')}" if cost else ""
    return (f"{who} produces{bought}: +{counted(p1.coins - p0.coins + cost, 'coin')}, "
            f"+{p1.influence - p0.influence} influence, "
            f"+{counted(len(p1.bricks) - len(p0.bricks), 'brick token')}.")


# -- school / keep ----------------------------------------------------------------------

def _legal_school(state: GameState) -> tuple[Action, ...]:
    return tuple(_SCHOOLS[(d,)] for d in school_decks(state))


def _school(s: GameState, action: Action) -> None:
    pile = s.decks[action.deck]
    count = min(s.pending_draws, len(pile))
    s.draw = pile[:count]
    s.draw_deck = action.deck
    decks = dict(s.decks)
    decks[action.deck] = pile[count:]
    s.decks = decks
    s.step = SCHOOL_KEEP


def _keep(s: GameState, action: Action) -> None:
    seat = acting_seat(s)
    card, rest = _take_card(s, s.draw, action.kind)
    p = player_to_change(s, seat)
    p.hand = p.hand + ((card, 1 << seat),)
    decks = dict(s.decks)
    decks[s.draw_deck] = decks[s.draw_deck] + tuple(rest)  # to the bottom, in drawn order
    s.decks = decks
    s.draw = ()
    s.draw_deck = ""
    s.pending_draws = 0
    s.step = ACT


def _tell_keep(before: GameState, action: Action, after: GameState, who: str) -> str:
    back = len(before.draw) - 1
    if not back:
        return f"{who} keeps the only card drawn."
    return (f"{who} keeps one card and puts {counted(back, 'card')} at the bottom of "
            f"deck {before.draw_deck}.")


# -- end --------------------------------------------------------------------------------

def _legal_end(state: GameState) -> tuple[Action, ...]:
    """Ending the turn is always open in the act step."""
    return (_END,)


ALWAYS: dict[Callable[[GameState], tuple[Action, ...]], tuple[Action, ...]] = {
    _legal_end: (_END,)}
"""The legal-action functions whose list never depends on the state, with that list:
joining a step's lists, ``rome.rules`` takes it as it is rather than calling for it."""

def _end(s: GameState, action: Action) -> None:
    """The emissary leaves the strip; the next one towards the far end acts."""
    acting = s.acting
    spaces = s.spaces
    s.spaces = spaces[:acting - 1] + (-1,) + spaces[acting:]
    start_turn(s, acting + 1)


# -- the table --------------------------------------------------------------------------

_KIND = r"([a-z][a-z0-9-]{0,30})"
_DECK = r"(I|II|III|IV)"
_INT = r"(0|-?[1-9][0-9]?)"

VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("draft", _KIND, ("kind",), lambda a: f"draft {a.kind}",
         lambda s: _kinds_in(s, _DRAFTS, s.draft_pool), _draft,
         lambda b, a, s, who: f"{who} keeps a card from the opening draft."),
    Verb("place", r"([1-9])", ("space",), lambda a: f"place {a.space}", _legal_place, _place,
         lambda b, a, s, who: f"{who} places an emissary on space {a.space}."),
    Verb("take", rf"{_DECK}:{_KIND}", ("deck", "kind"), lambda a: f"take {a.deck}:{a.kind}",
         _legal_take, _take,
         lambda b, a, s, who: f"{who} takes {building_name(a.kind)} from deck {a.deck}."),
    Verb("build", rf"{_KIND} {_INT},{_INT}", ("kind", "row", "col"),
         lambda a: f"build {a.kind} {a.row},{a.col}", _legal_build, _build, _tell_build),
    Verb("produce", "", (), lambda a: "produce", _legal_produce, _produce, _tell_produce),
    Verb("school", _DECK, ("deck",), lambda a: f"school {a.deck}", _legal_school, _school,
         lambda b, a, s, who: f"{who} draws {counted(len(s.draw), 'card')} from deck {a.deck}."),
    Verb("keep", _KIND, ("kind",), lambda a: f"keep {a.kind}",
         lambda s: _kinds_in(s, _KEEPS, s.draw), _keep,
         _tell_keep),
    Verb("end", "", (), lambda a: "end", _legal_end, _end,
         lambda b, a, s, who: f"{who} ends the turn."),
)}

STEP_VERBS: dict[tuple[Phase, Step], tuple[Verb, ...]] = {
    (DRAFT, NONE): (VERBS["draft"],),
    (EMISSARY, NONE): (VERBS["place"],),
    (ACTION, TAKE): (VERBS["take"],),
    (ACTION, ACT): (VERBS["build"], VERBS["produce"], VERBS["end"]),
    (ACTION, SCHOOL_DECK): (VERBS["school"],),
    (ACTION, SCHOOL_KEEP): (VERBS["keep"],),
}


# -- notation ---------------------------------------------------------------------------

MAX_TEXT = 64
"""No canonical action is longer; longer text is refused before any work is done."""

_PATTERNS = {name: re.compile(rf"{name} {v.pattern}" if v.pattern else name, re.ASCII)
             for name, v in VERBS.items()}


@lru_cache(maxsize=4096)
def to_text(action: Action) -> str:
    """The canonical notation of ``action``."""
    verb = VERBS.get(action.verb)
    if verb is None:
        raise NotationError(f"{action.verb!r:.40} is not a verb: one of {', '.join(VERBS)}")
    return verb.text(action)


def parse(text: str) -> Action:
    """Read the canonical notation; the inverse of ``str(action)``.  Anything else (other
    spacing, capitals, non-ASCII digits, leading zeros, unknown buildings) raises
    :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise NotationError(f"not an action: {len(text)} characters is longer than any")
    return _parse(text)


@lru_cache(maxsize=1024)
def _parse(text: str) -> Action:
    name = text.split(" ", 1)[0]
    pattern = _PATTERNS.get(name)
    m = pattern.fullmatch(text) if pattern is not None else None
    if m is None:
        raise NotationError(f"not an action: {text!r}; write for example 'place 3', "
                            "'take II:house-3', 'build house-3 -1,0', 'produce' or 'end'")
    values = dict(zip(VERBS[name].fields, m.groups(), strict=True))
    kind = values.get("kind")
    if kind is not None and kind not in BUILDINGS:
        raise NotationError(f"not an action: {kind!r} is not a building")
    for key in ("row", "col", "space"):
        if key in values:
            values[key] = int(values[key])
    return make(name, **values)
