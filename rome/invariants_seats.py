"""What each seat satisfies: counts a game can give, a city it could have built, tokens,
hand and influence cards it could hold, and the free places kept with its record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bounds import TURNS_IN_GAME, most_coins, most_influence
from .cards import (
    AQUEDUCT,
    AQUEDUCTS_BY_PLAYERS,
    BUILDINGS,
    SHAPES,
    SHRINE_DECK,
    START,
    STARTING_CITY,
    card_instances,
)
from .city import Places, aqueduct_spaces, free_spaces, pos_of
from .errors import StateError
from .invariants_baths import AQUEDUCTS, BATHS_OUT_OF_ORDER, baths_fit_a_build_order
from .invariants_cards import card_table, cards_of
from .invariants_city import city_problem
from .phases import Phase

if TYPE_CHECKING:  # the state's loader runs these checks: a type-only import
    from .state import GameState


def turns_so_far(state: GameState, seat: int) -> tuple[int, bool, bool]:
    """The turns ``seat`` has finished, and whether its turn under way (if any) has
    produced and built: what :mod:`rome.bounds` needs.  An emissary leaves the strip when
    its turn ends, so in the action phase a seat has finished the round's emissaries it
    no longer has on the strip from the acting space on."""
    shape = SHAPES[state.num_players]
    phase = state.phase
    if phase is Phase.DRAFT:
        return 0, False, False
    if phase is Phase.OVER:
        return TURNS_IN_GAME[state.num_players], False, False
    before = (state.round - 1) * shape.emissaries
    if phase is Phase.EMISSARY:
        return before, False, False
    still = sum(1 for s in state.spaces[state.acting - 1:] if s == seat)
    now = state.spaces[state.acting - 1] == seat
    return (before + max(0, shape.emissaries - still), now and state.produced,
            now and state.built)


def counts_within_what_a_game_gives(state: GameState) -> None:
    """Coins and influence tokens within :mod:`rome.bounds` for the turns played so far:
    a save from round 1 cannot hold the whole game's coins (issue 32)."""
    n = state.num_players
    for seat, p in enumerate(state.players):
        if p.coins < 0 or p.influence < 0:
            raise StateError(f"player {seat} has a negative count")
        turns, produced, built = turns_so_far(state, seat)
        coins = most_coins(n, turns, produced, built)
        influence = most_influence(n, turns, produced, built)
        if p.coins > coins or p.influence > influence:
            played = f"{turns} turn{'' if turns == 1 else 's'}"
            raise StateError(f"player {seat} has {p.coins} coins and {p.influence} influence "
                             f"tokens; after {played} a game gives at most {coins} and "
                             f"{influence}")


STARTS = ((STARTING_CITY[0][0], STARTING_CITY[0][1]), (STARTING_CITY[1][0], STARTING_CITY[1][1]))
"""Where every city of the engine starts (DECISIONS 2)."""


def cities_could_be_built(state: GameState) -> None:
    """Each city passes the city checks; its baths' tokens also fit an order of building
    from where the engine's cities start (a finished city alone could start elsewhere;
    :func:`starting_buildings_stay_home`, checked first, has put something there)."""
    cards = cards_of(state)
    for seat, p in enumerate(state.players):
        if any(cards[c].influence for c in p.city.values()):
            raise StateError(f"player {seat}'s city holds a card that is not a building")
        kinds = {pos: cards[c].kind for pos, c in p.city.items()}
        problem = city_problem(kinds, p.points)
        if not problem and p.points and not baths_fit_a_build_order(kinds, p.points, [STARTS]):
            problem = BATHS_OUT_OF_ORDER  # DECISIONS 2: the engine's cities start here
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
