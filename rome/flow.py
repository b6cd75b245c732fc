"""Whose turn it is, what the acting seat has to spend, and what happens between decisions.

Phases without decisions (upkeep, influence scoring, the end of a round) run here,
called by the verbs right after the action that triggers them, so every state handed out
is waiting for a decision or is over.  The public questions the UI and the AI ask of a
state (whose turn, how many turns are left, what a strip space gives, what producing
yields, whether the game is over) are answered here too, so neither reads the state's
bookkeeping fields to work them out.
"""

from __future__ import annotations

from .cards import (
    BRICK_PRICE,
    BUILDINGS,
    COG_PRICE,
    COGS_TO_PRODUCE,
    PRODUCTION,
    SHAPES,
    SPACES,
    STRIPS,
    card_instances,
    card_kinds,
    space_resources,
)
from .phases import ACT, ACTION, DRAFT, EMISSARY, NONE, OVER, TAKE
from .state import GameState, PlayerState, Pos

# -- questions anyone may ask -----------------------------------------------------------

def current_player(state: GameState) -> int | None:
    """The seat that must decide now, or None once the game is over."""
    phase = state.phase
    if phase is ACTION:
        return state.spaces[state.acting - 1]
    if phase is EMISSARY:
        return (state.first_player + state.placed) % state.num_players
    if phase is DRAFT:
        return draft_chooser(state)
    return None


def is_over(state: GameState) -> bool:
    """True once the last round has ended."""
    return state.phase is OVER


def draft_chooser(state: GameState) -> int:
    """DECISIONS 3: the draft starts at the first player's right, going counter-clockwise."""
    return (state.first_player - 1 - state.draft_turn) % state.num_players


def acting_seat(state: GameState) -> int:
    """The seat of the emissary whose turn it is (action phase only)."""
    return state.spaces[state.acting - 1]


def strip_space_resources(state: GameState, space: int) -> tuple[int, int]:
    """(bricks, cogs) an emissary on strip ``space`` (1-5) receives from the strip in use."""
    strip, flipped = state.strips[0]
    return space_resources(strip, flipped, space)


_RESOURCES = {(strip, flipped): tuple(space_resources(strip, flipped, space)
                                      for space in range(SPACES + 1))
              for strip in range(len(STRIPS)) for flipped in (False, True)}
BRICKS_BY_SPACE = tuple(tuple(tuple(space_resources(strip, flipped, space)[0]
                                    for space in range(SPACES + 1)) for flipped in (False, True))
                        for strip in range(len(STRIPS)))
PRODUCE_PRICE = tuple(tuple(tuple(
    max(0, COGS_TO_PRODUCE - space_resources(strip, flipped, space)[1]) * COG_PRICE
    for space in range(SPACES + 1)) for flipped in (False, True)) for strip in range(len(STRIPS)))
"""Bricks (and the coins producing costs) by strip, side (flipped or not) and space, as
nested tuples: listing builds (and production) reads it every act step, where hashing a
(strip, flipped) key would cost more."""


def resources(state: GameState) -> tuple[int, int]:
    """(bricks, cogs) of the acting emissary's space on the strip in use."""
    return _RESOURCES[state.strips[0]][state.acting]


def turns_left(state: GameState, seat: int) -> int:
    """Turns (emissary actions) ``seat`` still has, the current one included (a turn whose
    build is already made counts as used)."""
    shape = SHAPES[state.num_players]
    phase = state.phase
    if phase is OVER:
        return 0
    rounds_after = shape.rounds - max(state.round, 1)
    now = 0
    if phase is DRAFT or phase is EMISSARY:
        now = shape.emissaries
    else:
        now = sum(1 for i, s in enumerate(state.spaces, start=1) if s == seat and i >= state.acting)
        if acting_seat(state) == seat and state.step is ACT and state.built:
            now -= 1
    if phase is DRAFT:
        rounds_after = shape.rounds - 1
    return rounds_after * shape.emissaries + max(now, 0)


def influence_in_deck(state: GameState) -> tuple[tuple[int, int], ...]:
    """(position from the top, value) of each influence card still in deck I, top first.
    Public knowledge: the setup places them after fixed numbers of buildings."""
    global _LAST_DECK_I
    deck = state.decks["I"]
    last_deck, shape, found = _LAST_DECK_I
    if last_deck is deck and shape == (state.num_players, state.shrine):
        return found
    influence = INFLUENCE_BY_PLAYERS[state.num_players][state.shrine]
    found = tuple((i, influence[c]) for i, c in enumerate(deck) if influence[c])
    _LAST_DECK_I = (deck, (state.num_players, state.shrine), found)
    return found


_LAST_DECK_I: tuple[tuple[int, ...] | None, tuple[int, bool] | None,
                    tuple[tuple[int, int], ...]] = (None, None, ())
"""The last deck I asked about (kept alive, so compared by identity), its game's shape and
the answer: a search asks about one deck a few hundred thousand times (every position it
values), and a deck is an immutable tuple that changes only when a card leaves it."""


def production_yield(state: GameState, seat: int) -> tuple[int, int, tuple[Pos, ...]]:
    """What producing gives ``seat`` now, before paying for cogs: (coins, influence, the
    farms that would receive a brick token)."""
    table = PRODUCTION_BY_PLAYERS[state.num_players][state.shrine]
    p = state.players[seat]
    coins = influence = 0
    bricks = []
    for pos, card in p.city.items():
        gives = table[card]
        if gives is not None:
            coins += gives[0]
            influence += gives[1]
            if gives[2] and pos not in p.bricks:
                bricks.append(pos)
    return coins, influence, tuple(bricks)


PRODUCTION_BY_PLAYERS = {n: tuple(tuple(
    (BUILDINGS[k].produce_coins, BUILDINGS[k].produce_influence, BUILDINGS[k].produce_brick)
    if k in BUILDINGS and BUILDINGS[k].type == PRODUCTION else None
    for k in card_kinds(n, shrine)) for shrine in (False, True)) for n in SHAPES}
"""Each card instance's (coins, influence, brick token?) when produced, None for cards that
are no production building, by player count and shrine: producing reads every building."""


def build_cost(state: GameState, seat: int, kind: str) -> tuple[int, int]:
    """(brick tokens, coins) the acting seat would pay to build ``kind`` now."""
    strip, flipped = state.strips[0]
    missing = BUILDINGS[kind].cost - BRICKS_BY_SPACE[strip][flipped][state.acting]
    if missing <= 0:
        return 0, 0
    tokens = min(missing, len(state.players[seat].bricks))
    return tokens, (missing - tokens) * BRICK_PRICE


def produce_cost(state: GameState) -> int:
    """Coins the acting seat pays for the cogs it lacks to produce."""
    strip, flipped = state.strips[0]
    return PRODUCE_PRICE[strip][flipped][state.acting]


def school_decks(state: GameState) -> tuple[str, ...]:
    """DECISIONS 14: decks other than I in this game that still hold cards."""
    return tuple(d for d in SHAPES[state.num_players].decks[1:] if state.decks[d])


def city_kinds(state: GameState, seat: int) -> dict[Pos, str]:
    """A seat's city as position -> building id."""
    kinds = card_kinds(state.num_players, state.shrine)
    return {pos: kinds[c] for pos, c in state.players[seat].city.items()}


# -- changing a fresh copy (the verbs' effects and the automatic phases) ------------------

def player_to_change(s: GameState, seat: int) -> PlayerState:
    """Copy-on-write access to one seat's record of a fresh state copy."""
    players = list(s.players)
    p = players[seat] = players[seat].copy()
    s.players = tuple(players)
    return p


def start_round(s: GameState) -> None:
    """Upkeep: turn the strip stack, fill the offer, reveal influence cards."""
    s.round += 1
    top_strip, flipped = s.strips[0]
    s.strips = s.strips[1:] + ((top_strip, not flipped),)
    shape = SHAPES[s.num_players]
    k = shape.draw_per_deck
    influence = INFLUENCE_BY_PLAYERS[s.num_players][s.shrine]
    decks = dict(s.decks)
    offer = {}
    pool = s.influence_pool
    for deck in shape.decks:
        pile = decks[deck]
        if deck != "I":  # the setup puts influence cards in deck I alone, and none move
            offer[deck] = pile[:k]
            decks[deck] = pile[k:]
            continue
        end = len(pile)
        top = 0
        drawn: list[int] = []
        while top < end and (len(drawn) < k or influence[pile[top]]):
            card = pile[top]
            top += 1
            if influence[card]:
                pool += (card,)
            else:
                drawn.append(card)
        decks[deck] = pile[top:]
        offer[deck] = tuple(drawn)
    s.decks = decks
    s.offer = offer
    s.influence_pool = pool
    s.phase = EMISSARY
    s.step = NONE
    s.spaces = (-1,) * len(s.spaces)
    s.placed = 0


INFLUENCE_BY_PLAYERS = {n: tuple(tuple(c.influence for c in card_instances(n, shrine))
                                 for shrine in (False, True)) for n in SHAPES}
"""Each card instance's influence value (0 for buildings) by player count and shrine."""


def start_turn(s: GameState, from_space: int) -> None:
    """Give the turn to the next emissary at or beyond ``from_space``; end the round if none."""
    space = from_space
    for seat in s.spaces[from_space - 1:]:
        if seat >= 0:
            s.acting = space
            s.built = s.produced = False
            s.step = TAKE if any(s.offer.values()) else ACT
            return
        space += 1
    end_round(s)


def end_round(s: GameState) -> None:
    s.acting = 0
    s.step = NONE
    s.spaces = (-1,) * len(s.spaces)
    if s.influence_pool:
        influence_scoring(s)
    s.first_player = (s.first_player + 1) % s.num_players
    if s.round >= SHAPES[s.num_players].rounds:
        s.phase = OVER
    else:
        start_round(s)


def influence_scoring(s: GameState) -> None:
    """DECISIONS 16: a single leader with more than 0 tokens takes every waiting card and
    returns all of their tokens; any tie for the most postpones."""
    counts = [p.influence for p in s.players]
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return
    seat = counts.index(best)
    p = player_to_change(s, seat)
    p.influence_cards = p.influence_cards + s.influence_pool
    p.influence = 0
    s.influence_pool = ()
