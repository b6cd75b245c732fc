"""The rules: what the player to act may do, and what each action does.

``legal_actions`` is the single source of legality; ``apply_action`` accepts exactly
those actions and returns a new state.  Phases without decisions (upkeep, influence
scoring, the end of a round) run inside ``apply_action`` right after the action that
triggers them, so every state handed out is waiting for a decision or is over.
"""

from __future__ import annotations

from .actions import Action, make
from .cards import (
    AQUEDUCT,
    BUILDINGS,
    KIND_ORDER,
    PRODUCTION,
    SHAPES,
    card_instances,
    card_kinds,
    space_resources,
)
from .city import adjacent_count, aqueduct_spaces, free_spaces
from .errors import IllegalActionError
from .state import GameState, PlayerState

Pos = tuple[int, int]

BRICK_PRICE = 2  # coins per missing brick (DECISIONS 8)
COG_PRICE = 1  # coins per missing cog
COGS_TO_PRODUCE = 2


def current_player(state: GameState) -> int | None:
    """The seat that must decide now, or None once the game is over."""
    phase = state.phase
    if phase == "action":
        return state.spaces[state.acting - 1]
    if phase == "emissary":
        return (state.first_player + state.placed) % state.num_players
    if phase == "draft":
        return draft_chooser(state)
    return None


def draft_chooser(state: GameState) -> int:
    """DECISIONS 3: the draft starts at the first player's right, going counter-clockwise."""
    return (state.first_player - 1 - state.draft_turn) % state.num_players


def is_over(state: GameState) -> bool:
    return state.phase == "over"


def resources(state: GameState) -> tuple[int, int]:
    """(bricks, cogs) of the acting emissary's space on the strip in use."""
    strip, flipped = state.strips[0]
    return space_resources(strip, flipped, state.acting)


def _kinds_table(state: GameState) -> tuple[str, ...]:
    return card_kinds(state.num_players, state.shrine)


def city_kinds(state: GameState, seat: int) -> dict[tuple[int, int], str]:
    """A seat's city as position -> building id."""
    kinds = _kinds_table(state)
    return {pos: kinds[c] for pos, c in state.players[seat].city.items()}


def build_cost(state: GameState, seat: int, kind: str) -> tuple[int, int]:
    """(brick tokens, coins) the acting seat would pay to build ``kind`` now."""
    bricks, _cogs = resources(state)
    missing = max(0, BUILDINGS[kind].cost - bricks)
    tokens = min(missing, len(state.players[seat].bricks))
    return tokens, (missing - tokens) * BRICK_PRICE


def produce_cost(state: GameState) -> int:
    """Coins the acting seat pays for the cogs it lacks to produce."""
    _bricks, cogs = resources(state)
    return max(0, COGS_TO_PRODUCE - cogs) * COG_PRICE


# -- legal actions ------------------------------------------------------------------

def legal_actions(state: GameState) -> list[Action]:
    """Exactly the actions the player to act may take, in a fixed order."""
    cached = state._legal
    if cached is None:
        cached = state._legal = _generate(state)
    return list(cached)


def _generate(state: GameState) -> tuple[Action, ...]:
    phase = state.phase
    if phase == "emissary":
        return tuple(make("place", space=i + 1) for i, s in enumerate(state.spaces) if s < 0)
    if phase == "action":
        step = state.step
        if step == "act":
            return _act_actions(state)
        if step == "take":
            kinds = _kinds_table(state)
            seen = []
            for deck, cards in state.offer.items():
                for kind in sorted({kinds[c] for c in cards}, key=KIND_ORDER.__getitem__):
                    seen.append(make("take", kind=kind, deck=deck))
            return tuple(seen)
        if step == "school-deck":
            return tuple(make("school", deck=d) for d in school_decks(state))
        if step == "school-keep":
            return _distinct(state, "keep", state.draw)
    if phase == "draft":
        return _distinct(state, "draft", state.draft_pool)
    return ()


def _distinct(state: GameState, verb: str, cards: tuple[int, ...]) -> tuple[Action, ...]:
    kinds = _kinds_table(state)
    return tuple(make(verb, kind=k) for k in sorted({kinds[c] for c in cards},
                                                    key=KIND_ORDER.__getitem__))


def school_decks(state: GameState) -> tuple[str, ...]:
    """DECISIONS 14: decks other than I in this game that still hold cards."""
    return tuple(d for d in SHAPES[state.num_players].decks[1:] if state.decks[d])


def _act_actions(state: GameState) -> tuple[Action, ...]:
    seat = state.spaces[state.acting - 1]
    player = state.players[seat]
    bricks, cogs = resources(state)
    out: list[Action] = []
    if not state.built and player.hand:
        kinds = _kinds_table(state)
        budget = bricks + len(player.bricks) + player.coins // BRICK_PRICE
        hand_kinds = sorted({kinds[c] for c, _m in player.hand}, key=KIND_ORDER.__getitem__)
        free = None
        city_k = None
        for kind in hand_kinds:
            b = BUILDINGS[kind]
            if b.cost > budget:
                continue
            if b.type == AQUEDUCT:
                if city_k is None:
                    city_k = {p: kinds[c] for p, c in player.city.items()}
                if free is None:
                    free = free_spaces(player.city)
                spots = aqueduct_spaces(city_k, free)
            else:
                if free is None:
                    free = free_spaces(player.city)
                spots = free
            out.extend(make("build", kind=kind, row=r, col=c) for r, c in spots)
    if not state.produced and player.coins >= max(0, COGS_TO_PRODUCE - cogs) * COG_PRICE:
        out.append(make("produce"))
    out.append(make("end"))
    return tuple(out)


# -- applying actions ---------------------------------------------------------------

def apply_action(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Raises :class:`IllegalActionError` for anything ``legal_actions`` does not list.
    """
    legal = state._legal
    if legal is None:
        legal = state._legal = _generate(state)
    for candidate in legal:
        if candidate is action:
            break
    else:
        if action not in legal:
            raise IllegalActionError(_why_illegal(state, action))
    s = state.copy()
    verb = action.verb
    if verb == "place":
        _place(s, action.space)
    elif verb == "take":
        _take(s, action)
    elif verb == "build":
        _build(s, action)
    elif verb == "produce":
        _produce(s)
    elif verb == "end":
        _end_turn(s)
    elif verb == "school":
        _school_draw(s, action.deck)
    elif verb == "keep":
        _school_keep(s, action.kind)
    elif verb == "draft":
        _draft(s, action.kind)
    return s


def _why_illegal(state: GameState, action: object) -> str:
    who = current_player(state)
    if not isinstance(action, Action):
        return f"not an Action: {action!r}"
    if who is None:
        return f"{action}: the game is over"
    where = f"{state.phase}" + (f"/{state.step}" if state.step else "")
    return f"{action}: not legal for player {who} now ({where})"


def _player(s: GameState, seat: int) -> PlayerState:
    """Copy-on-write access to one seat's record of a fresh state copy."""
    players = list(s.players)
    p = players[seat] = players[seat].copy()
    s.players = tuple(players)
    return p


def _everyone(s: GameState) -> int:
    return (1 << s.num_players) - 1


def _draft(s: GameState, kind: str) -> None:
    kinds = _kinds_table(s)
    chooser = draft_chooser(s)
    pool = list(s.draft_pool)
    card = next(c for c in pool if kinds[c] == kind)
    pool.remove(card)
    p = _player(s, chooser)
    p.hand = p.hand + ((card, 1 << chooser),)
    s.draft_turn += 1
    if len(pool) == 1:
        # The first player takes the last card; the last chooser passed it and knows it.
        last = pool.pop()
        first = _player(s, s.first_player)
        first.hand = first.hand + ((last, (1 << s.first_player) | (1 << chooser)),)
    s.draft_pool = tuple(pool)
    if not pool:
        _start_round(s)


def _start_round(s: GameState) -> None:
    """Upkeep: turn the strip stack, fill the offer, reveal influence cards."""
    s.round += 1
    top_strip, flipped = s.strips[0]
    s.strips = s.strips[1:] + ((top_strip, not flipped),)
    shape = SHAPES[s.num_players]
    cards = card_instances(s.num_players, s.shrine)
    decks = dict(s.decks)
    offer = {}
    pool = s.influence_pool
    for deck in shape.decks:
        pile = list(decks[deck])
        drawn: list[int] = []
        while pile and (len(drawn) < shape.draw_per_deck or cards[pile[0]].influence):
            card = pile.pop(0)
            if cards[card].influence:
                pool += (card,)
            else:
                drawn.append(card)
        decks[deck] = tuple(pile)
        offer[deck] = tuple(drawn)
    s.decks = decks
    s.offer = offer
    s.influence_pool = pool
    s.phase = "emissary"
    s.step = ""
    s.spaces = (-1,) * len(s.spaces)
    s.placed = 0


def _place(s: GameState, space: int) -> None:
    seat = (s.first_player + s.placed) % s.num_players
    spaces = list(s.spaces)
    spaces[space - 1] = seat
    s.spaces = tuple(spaces)
    s.placed += 1
    if s.placed == s.num_players * SHAPES[s.num_players].emissaries:
        s.phase = "action"
        _start_turn(s, 1)


def _start_turn(s: GameState, from_space: int) -> None:
    """Give the turn to the next emissary at or beyond ``from_space``; end the round if none."""
    for space in range(from_space, len(s.spaces) + 1):
        if s.spaces[space - 1] >= 0:
            s.acting = space
            s.built = s.produced = False
            s.step = "take" if any(s.offer.values()) else "act"
            return
    _end_round(s)


def _take(s: GameState, action: Action) -> None:
    kinds = _kinds_table(s)
    offer = dict(s.offer)
    pile = list(offer[action.deck])
    card = next(c for c in pile if kinds[c] == action.kind)
    pile.remove(card)
    offer[action.deck] = tuple(pile)
    s.offer = offer
    seat = s.spaces[s.acting - 1]
    p = _player(s, seat)
    p.hand = p.hand + ((card, _everyone(s)),)  # taken from the open offer: known to all
    s.step = "act"


def remove_from_hand(hand: tuple[tuple[int, int], ...], kinds: tuple[str, ...], kind: str
                     ) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Play one card of ``kind``: the copy the most players know about, so the secret
    copies stay secret; the copies left are known only to those who knew them all."""
    copies = [(c, m) for c, m in hand if kinds[c] == kind]
    card, _mask = max(copies, key=lambda cm: (bin(cm[1]).count("1"), -cm[0]))
    common = -1
    for _c, m in copies:
        common &= m
    rest = tuple((c, m if kinds[c] != kind else m & common) for c, m in hand if c != card)
    return card, rest


def _build(s: GameState, action: Action) -> None:
    kinds = _kinds_table(s)
    seat = s.spaces[s.acting - 1]
    kind = action.kind
    pos = (action.row, action.col)
    building = BUILDINGS[kind]
    token_pay, coin_pay = build_cost(s, seat, kind)
    p = _player(s, seat)
    card, p.hand = remove_from_hand(p.hand, kinds, kind)
    city = dict(p.city)
    replaced = city.get(pos)
    if token_pay:
        p.bricks = spend_brick_tokens(p.bricks, pos, token_pay)
    if replaced is not None:  # DECISIONS 12: the replaced card leaves with its tokens
        s.removed = s.removed + (replaced,)
        if pos in p.bricks:
            p.bricks = tuple(b for b in p.bricks if b != pos)
        if pos in p.points:
            p.points = {q: n for q, n in p.points.items() if q != pos}
    p.coins -= coin_pay
    n = adjacent_count(city, pos) if replaced is None else 0
    city[pos] = card
    p.city = city
    p.influence += building.stars
    if building.build_coins >= 0:
        p.coins += building.build_coins + n
    if building.build_influence >= 0:
        p.influence += building.build_influence + n
    if building.build_points >= 0:
        p.points = {**p.points, pos: building.build_points + n}
    s.built = True
    if building.build_draw >= 0:
        s.draw_deck = ""
        s.draw = ()
        if school_decks(s):  # with every other deck empty the effect does nothing
            s.pending_draws = building.build_draw + n
            s.step = "school-deck"


def spend_brick_tokens(bricks: tuple[Pos, ...], target: Pos, count: int) -> tuple[Pos, ...]:
    """TOKEN_SPEND_ORDER: the token on the building being replaced goes first (it would
    leave the game anyway), then the others in reading order.  Returns those left."""
    order = sorted(bricks, key=lambda p: (p != target, p))
    return tuple(sorted(order[count:]))


def _produce(s: GameState) -> None:
    kinds = _kinds_table(s)
    seat = s.spaces[s.acting - 1]
    cost = produce_cost(s)
    p = _player(s, seat)
    p.coins -= cost
    new_bricks = []
    for pos, card in p.city.items():
        b = BUILDINGS[kinds[card]]
        if b.type != PRODUCTION:
            continue
        p.coins += b.produce_coins
        p.influence += b.produce_influence
        if b.produce_brick and pos not in p.bricks:
            new_bricks.append(pos)
    if new_bricks:
        p.bricks = tuple(sorted(p.bricks + tuple(new_bricks)))
    s.produced = True


def _school_draw(s: GameState, deck: str) -> None:
    pile = s.decks[deck]
    count = min(s.pending_draws, len(pile))
    s.draw = pile[:count]
    s.draw_deck = deck
    decks = dict(s.decks)
    decks[deck] = pile[count:]
    s.decks = decks
    s.step = "school-keep"


def _school_keep(s: GameState, kind: str) -> None:
    kinds = _kinds_table(s)
    seat = s.spaces[s.acting - 1]
    rest = list(s.draw)
    card = next(c for c in rest if kinds[c] == kind)
    rest.remove(card)
    p = _player(s, seat)
    p.hand = p.hand + ((card, 1 << seat),)
    decks = dict(s.decks)
    decks[s.draw_deck] = decks[s.draw_deck] + tuple(rest)  # to the bottom, in drawn order
    s.decks = decks
    s.draw = ()
    s.draw_deck = ""
    s.pending_draws = 0
    s.step = "act"


def _end_turn(s: GameState) -> None:
    """The emissary leaves the strip; the next one towards the far end acts."""
    spaces = list(s.spaces)
    spaces[s.acting - 1] = -1
    s.spaces = tuple(spaces)
    _start_turn(s, s.acting + 1)


def _end_round(s: GameState) -> None:
    s.acting = 0
    s.step = ""
    s.spaces = (-1,) * len(s.spaces)
    if s.influence_pool:
        _influence_scoring(s)
    s.first_player = (s.first_player + 1) % s.num_players
    if s.round >= SHAPES[s.num_players].rounds:
        s.phase = "over"
    else:
        _start_round(s)


def _influence_scoring(s: GameState) -> None:
    """DECISIONS 16: a single leader with more than 0 tokens takes every waiting card and
    returns all of their tokens; any tie for the most postpones."""
    counts = [p.influence for p in s.players]
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return
    seat = counts.index(best)
    p = _player(s, seat)
    p.influence_cards = p.influence_cards + s.influence_pool
    p.influence = 0
    s.influence_pool = ()
