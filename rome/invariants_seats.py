"""What each seat satisfies: counts a game can give, a city it could have built, tokens,
hand and influence cards it could hold, and the free places kept with its record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    AQUEDUCT,
    AQUEDUCTS_BY_PLAYERS,
    BUILDINGS,
    SHAPES,
    SHRINE_DECK,
    START,
    STARTING_CITY,
    STARTING_COINS,
    card_instances,
)
from .city import MAX_SIDE, Places, aqueduct_spaces, free_spaces, pos_of
from .errors import StateError
from .invariants_cards import card_table, cards_of
from .invariants_city import AQUEDUCTS, city_problem

if TYPE_CHECKING:  # the state's loader runs these checks: a type-only import
    from .state import GameState

MOST_TURNS = max(shape.rounds * shape.emissaries for shape in SHAPES.values())
"""Turns one seat takes in a whole game (14 with any number of players)."""
_MOST_PER_TURN = MAX_SIDE * MAX_SIDE + 1 + MAX_SIDE  # a produce with 16 buildings, a build
MOST_COINS = STARTING_COINS + MOST_TURNS * _MOST_PER_TURN
"""More coins than any game can give a seat: 5, then per turn one produce (1 coin from
each of at most 16 buildings) and one build (a Forum Romanum's 1 + 4 neighbours)."""
MOST_INFLUENCE = MOST_TURNS * _MOST_PER_TURN
"""More influence tokens than any game can give: per turn a produce (at most 16 sheep
farms) and a build (a Colosseum's 1 + 4 neighbours, or a Temple of Mars' 3 stars)."""


def counts_within_what_a_game_gives(state: GameState) -> None:
    for seat, p in enumerate(state.players):
        if p.coins < 0 or p.influence < 0:
            raise StateError(f"player {seat} has a negative count")
        if p.coins > MOST_COINS or p.influence > MOST_INFLUENCE:
            raise StateError(f"player {seat} has more coins or influence than a game can give "
                              f"({MOST_COINS} / {MOST_INFLUENCE} at most)")


def cities_could_be_built(state: GameState) -> None:
    cards = cards_of(state)
    for seat, p in enumerate(state.players):
        if any(cards[c].influence for c in p.city.values()):
            raise StateError(f"player {seat}'s city holds a card that is not a building")
        problem = city_problem({pos: cards[c].kind for pos, c in p.city.items()}, p.points)
        if problem:
            raise StateError(f"player {seat}'s city: {problem}")


def starting_buildings_stay_home(state: GameState) -> None:
    """A seat's starting buildings stand where the setup put them (DECISIONS 2), unless
    an aqueduct replaced one; no other city holds them."""
    cards = cards_of(state)
    starts = len(STARTING_CITY) * state.num_players  # the lowest card numbers (card_instances)
    for seat, p in enumerate(state.players):
        for i, (r, c, _kind) in enumerate(STARTING_CITY):
            at = p.city.get((r, c))
            ok = at == 2 * seat + i or (at is not None and cards[at].kind in AQUEDUCTS
                                        and 2 * seat + i in state.removed)
            if not ok:
                raise StateError(f"player {seat}'s starting {STARTING_CITY[i][2]} is not at "
                                  f"row {r}, column {c}, nor replaced there by an aqueduct")
        if any(c < starts and c // 2 != seat for c in p.city.values()):
            raise StateError(f"player {seat}'s city holds another player's starting building")


def brick_tokens_on_brick_farms(state: GameState) -> None:
    cards = cards_of(state)
    for seat, p in enumerate(state.players):
        if len(set(p.bricks)) != len(p.bricks):
            raise StateError(f"player {seat}: two brick tokens on one farm")
        for pos in p.bricks:
            card = p.city.get(pos)
            if card is None or not BUILDINGS[cards[card].kind].produce_brick:
                raise StateError(f"player {seat}: a brick token on a building that cannot "
                                 "hold one")


def hands_hold_buildings_their_holder_knows(state: GameState) -> None:
    """A hand holds cards from the decks (or its own Shrine), each known at least to its
    holder; a deck I card or a Shrine was seen by everyone (the offer; DECISIONS 5)."""
    cards = cards_of(state)
    everyone = (1 << state.num_players) - 1
    for seat, p in enumerate(state.players):
        for c, mask in p.hand:
            card = cards[c]
            if (card.influence or card.deck == START or not 0 <= mask <= everyone
                    or not mask & (1 << seat)):
                raise StateError(f"player {seat} holds an impossible hand card")
            if card.deck in ("I", SHRINE_DECK) and mask != everyone:
                raise StateError(f"player {seat}'s {card.kind} came from the open offer or "
                                 "the setup, yet not everyone knows it")


def shrines_stay_with_their_owner(state: GameState) -> None:
    shrines = card_table(state.num_players, state.shrine)[2]
    if not shrines:
        return
    for seat, p in enumerate(state.players):
        others = set(shrines) - {shrines[seat]}
        if any(c in others for c, _m in p.hand) or any(c in others for c in p.city.values()):
            raise StateError(f"player {seat} holds another player's Shrine")


def influence_cards_are_influence(state: GameState) -> None:
    cards = cards_of(state)
    if any(not cards[c].influence for c in state.influence_pool):
        raise StateError("a building lies among the influence cards on the table")
    for seat, p in enumerate(state.players):
        if any(not cards[c].influence for c in p.influence_cards):
            raise StateError(f"player {seat} keeps a building among influence cards")


def kept_free_spaces_match_the_city(state: GameState) -> None:
    """The places the rules keep with a player record (``places``: made on the first
    listing of builds, shared by copies of the record, remade by each build) are those of
    its city: the same as made afresh, and their free spaces, aqueduct places and lists of
    builds (as far as worked out) those the set-based definitions find."""
    cards = card_instances(state.num_players, state.shrine)
    for seat, p in enumerate(state.players):
        places = p.places
        if places is None:
            continue
        afresh = Places.of(p.city, AQUEDUCTS_BY_PLAYERS[state.num_players][state.shrine])
        if places != afresh or tuple(map(pos_of, places.keys)) != free_spaces(p.city):
            raise StateError(f"seat {seat}'s kept free spaces are not those of its city")
        kinds = {q: cards[c].kind for q, c in p.city.items()}
        aqueduct_places = aqueduct_spaces(kinds, free_spaces(p.city))
        if places.aqueducts is not None and tuple(map(pos_of, places.aqueducts)) != (
                aqueduct_places):
            raise StateError(f"seat {seat}'s kept aqueduct places are not those of its city")
        for listed, builds in places.listings.items():
            expected = [(kind, *pos) for order, kind in enumerate(BUILDINGS) if listed >> order & 1
                        for pos in (aqueduct_places if BUILDINGS[kind].type == AQUEDUCT
                                    else free_spaces(p.city))]
            if [(a.kind, a.row, a.col) for a in builds] != expected:
                raise StateError(f"seat {seat}'s kept builds are not those of its city")
