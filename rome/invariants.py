"""What every reachable game state satisfies, written once as named checks.

Each check is a small function named after what it guarantees; it raises
:class:`StateError` with a sentence naming the first thing no real game could have.
:data:`INVARIANTS` lists them in order: a later check may rely on the earlier ones
(for example, card numbers are known to be in range before a card is looked up).
``GameState.from_dict`` runs :func:`check_state` once on every save it reads, and the
random-play tests run it after every action, so the saves the engine accepts and the
states the engine produces are held to one and the same definition.

The city checks (:data:`CITY_INVARIANTS`) look at a city alone (building kinds and point
tokens by position); the state's cities and the score command's cities
(``rome.score_input``) both pass through them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache

from .cards import (
    AQUEDUCT,
    AQUEDUCTS_BY_PLAYERS,
    BUILDINGS,
    SHAPES,
    SHRINE_DECK,
    SPACES,
    START,
    STARTING_CITY,
    STARTING_COINS,
    STRIPS,
    Card,
    card_instances,
)
from .city import (
    MAX_SIDE,
    Places,
    adjacent_count,
    aqueduct_spaces,
    bounds,
    free_spaces,
    is_connected,
    neighbours,
    pos_of,
)
from .errors import StateError
from .state import PHASES, STEPS, GameState

Pos = tuple[int, int]
Check = Callable[[GameState], None]
CityCheck = Callable[[Mapping[Pos, str], Mapping[Pos, int]], str]

STEPS_OF_PHASE = {"draft": ("",), "emissary": ("",), "over": ("",),
                  "action": ("take", "act", "school-deck", "school-keep")}

MOST_TURNS = max(shape.rounds * shape.emissaries for shape in SHAPES.values())
"""Turns one seat takes in a whole game (14 with any number of players)."""
_MOST_PER_TURN = MAX_SIDE * MAX_SIDE + 1 + MAX_SIDE  # a produce with 16 buildings, a build
MOST_COINS = STARTING_COINS + MOST_TURNS * _MOST_PER_TURN
"""More coins than any game can give a seat: 5, then per turn one produce (1 coin from
each of at most 16 buildings) and one build (a Forum Romanum's 1 + 4 neighbours)."""
MOST_INFLUENCE = MOST_TURNS * _MOST_PER_TURN
"""More influence tokens than any game can give: per turn a produce (at most 16 sheep
farms) and a build (a Colosseum's 1 + 4 neighbours, or a Temple of Mars' 3 stars)."""
RNG_LIMIT = 1 << 64
"""The seeded generator's state is a 64-bit integer (``rome.rng``)."""


# == one city ==============================================================================
def buildings_are_known(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    for kind in kinds.values():
        if kind not in BUILDINGS:
            return f"unknown building {kind!r}"
    return ""


def starting_buildings_in_place(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    """A city starts as a vegetable farm next to a 2-value residential (the publisher's
    rules let them lie either way round, so this accepts any orientation; the engine's
    own cities are held to DECISIONS 2 by :func:`starting_buildings_stay_home`).  An
    aqueduct may have replaced either one, not both (two aqueducts never touch)."""
    (_r, _c, farm), (_r2, _c2, house) = STARTING_CITY
    for pos, kind in kinds.items():
        if kind != farm and kind not in _AQUEDUCTS:
            continue
        for other in neighbours(pos):
            if kinds.get(other) == house or (kind == farm and kinds.get(other) in _AQUEDUCTS):
                return ""
    return ("no starting buildings: a city keeps its vegetable farm next to a 2-value "
            "residential, or an aqueduct in the place of one of them")


def city_within_four_by_four(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    r0, r1, c0, c1 = bounds(kinds)
    if r1 - r0 >= MAX_SIDE or c1 - c0 >= MAX_SIDE:
        return f"the city spans {r1 - r0 + 1} rows and {c1 - c0 + 1} columns; 4 × 4 at most"
    return ""


def one_aqueduct_per_row_and_column(kinds: Mapping[Pos, str],
                                    points: Mapping[Pos, int]) -> str:
    r0, _r1, c0, _c1 = bounds(kinds)
    rows: set[int] = set()
    cols: set[int] = set()
    for (r, c), kind in sorted(kinds.items()):
        if kind in _AQUEDUCTS:
            if r in rows:
                return f"two aqueducts in row {r - r0 + 1}"
            if c in cols:
                return f"two aqueducts in column {c - c0 + 1}"
            rows.add(r)
            cols.add(c)
    return ""


def city_is_one_block(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    if not is_connected(kinds):
        return "the city is not connected: every building must touch another"
    return ""


def point_tokens_only_on_baths(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    for pos in points:
        kind = kinds.get(pos)
        if kind is None:
            return "point tokens on an empty space"
        if BUILDINGS[kind].build_points < 0:
            return f"point tokens on {BUILDINGS[kind].name}; only a thermal bath holds them"
    return ""


def baths_tokens_match_their_neighbours(kinds: Mapping[Pos, str],
                                        points: Mapping[Pos, int]) -> str:
    """DECISIONS 13: a thermal bath gets one token per neighbour when built (an Imperial
    one, one more).  It is built next to at least one building, and buildings never
    leave a city (an aqueduct takes the place of the one it replaces), so its tokens
    lie between 1 (2) and its neighbours now (plus 1)."""
    for pos, kind in sorted(kinds.items()):
        extra = BUILDINGS[kind].build_points
        if extra < 0:
            continue
        tokens = points.get(pos, 0)
        most = extra + adjacent_count(kinds, pos)
        if not extra + 1 <= tokens <= most:
            return (f"{tokens} point tokens on the {BUILDINGS[kind].name} at row {pos[0]}, "
                    f"column {pos[1]}: it was built with {extra + 1} to {most} "
                    f"(one per neighbour{', plus 1' if extra else ''})")
    return ""


_AQUEDUCTS = frozenset(k for k, b in BUILDINGS.items() if b.type == AQUEDUCT)

CITY_INVARIANTS: tuple[CityCheck, ...] = (
    buildings_are_known,
    city_within_four_by_four,
    one_aqueduct_per_row_and_column,
    city_is_one_block,
    point_tokens_only_on_baths,
    baths_tokens_match_their_neighbours,
    starting_buildings_in_place,
)
"""Every invariant of one city, in order; each returns '' or the first problem."""


def city_problem(kinds: Mapping[Pos, str], points: Mapping[Pos, int]) -> str:
    """The first thing no game could build in this city, or '' if there is none."""
    if not kinds:
        return "a city has at least its starting buildings"
    for check in CITY_INVARIANTS:
        problem = check(kinds, points)
        if problem:
            return problem
    return ""


# == helpers for the state checks ===========================================================
def card_places(state: GameState) -> Counter[int]:
    """How many times each card instance appears anywhere in the state (should be 1)."""
    seen: Counter[int] = Counter()
    for cards in state.decks.values():
        seen.update(cards)
    for cards in state.offer.values():
        seen.update(cards)
    seen.update(state.influence_pool)
    seen.update(state.draw)
    seen.update(state.draft_pool)
    seen.update(state.removed)
    for p in state.players:
        seen.update(p.city.values())
        seen.update(card for card, _mask in p.hand)
        seen.update(p.influence_cards)
    return seen


def _cards(state: GameState) -> tuple[Card, ...]:
    return card_instances(state.num_players, state.shrine)


@cache
def _table(num_players: int, shrine: bool) -> tuple[tuple[str, ...], tuple[int, ...],
                                                      tuple[int, ...]]:
    """Each card's deck, each card's influence value, and the shrines (seat order)."""
    cards = card_instances(num_players, shrine)
    return (tuple(c.deck for c in cards), tuple(c.influence for c in cards),
            tuple(i for i, c in enumerate(cards) if c.deck == SHRINE_DECK))


@cache
def _numbers(count: int) -> list[int]:
    return list(range(count))


def _emissaries(state: GameState) -> int:
    return state.num_players * SHAPES[state.num_players].emissaries


# == the table's make-up ===================================================================
def one_record_per_seat(state: GameState) -> None:
    n = state.num_players
    if len(state.players) != n:
        raise StateError(f"{len(state.players)} player records for a {n}-player game")


def phase_and_step_are_known(state: GameState) -> None:
    if state.phase not in PHASES or state.step not in STEPS:
        raise StateError(f"unknown phase {state.phase!r}/{state.step!r}")


def round_within_the_game(state: GameState) -> None:
    rounds = SHAPES[state.num_players].rounds
    if not 0 <= state.round <= rounds:
        raise StateError(f"round {state.round} outside 0..{rounds}")


def first_player_is_a_seat(state: GameState) -> None:
    if not 0 <= state.first_player < state.num_players:
        raise StateError(f"first player {state.first_player} is not a seat")


def decks_match_the_player_count(state: GameState) -> None:
    decks = SHAPES[state.num_players].decks
    if set(state.decks) != set(decks) or set(state.offer) != set(decks):
        raise StateError(f"a {state.num_players}-player game uses decks {', '.join(decks)}")


def generator_state_is_64_bits(state: GameState) -> None:
    if not 0 <= state.rng < RNG_LIMIT:
        raise StateError("the random generator's state is not a 64-bit value")


def strips_are_the_six(state: GameState) -> None:
    if sorted(s for s, _f in state.strips) != list(range(len(STRIPS))):
        raise StateError("the action strips must be the six strips, once each")


def spaces_hold_seats(state: GameState) -> None:
    if len(state.spaces) != SPACES or any(not -1 <= x < state.num_players for x in state.spaces):
        raise StateError("strip spaces hold seats or -1")


# == the cards =============================================================================
def every_card_in_one_place(state: GameState) -> None:
    cards = _cards(state)
    everywhere = [c for pile in state.decks.values() for c in pile]
    everywhere += [c for pile in state.offer.values() for c in pile]
    everywhere += [*state.influence_pool, *state.draw, *state.draft_pool, *state.removed]
    for p in state.players:
        everywhere += [*p.city.values(), *(c for c, _m in p.hand), *p.influence_cards]
    everywhere.sort()
    if everywhere == _numbers(len(cards)):
        return
    places = card_places(state)
    bad = [c for c in places if not 0 <= c < len(cards)]
    if bad:
        raise StateError(f"unknown card number {bad[0]}")
    for c in range(len(cards)):
        if places[c] != 1:
            raise StateError(f"card {c} ({cards[c].kind}) is in {places[c]} places, not 1")


def decks_hold_their_own_cards(state: GameState) -> None:
    deck_of = _table(state.num_players, state.shrine)[0]
    for deck, pile in state.decks.items():
        for c in pile:
            if deck_of[c] != deck:
                raise StateError(f"a deck {deck_of[c]} card lies in deck {deck}")


def deck_i_reveals_influence_in_order(state: GameState) -> None:
    """The setup puts the influence cards into deck I in order of value, below at least
    three buildings (CARDS.md), and upkeep reveals every one it meets, so deck I never
    shows one on top and keeps the rest in order."""
    cards = _cards(state)
    pile = state.decks["I"]
    hidden = [cards[c].influence for c in pile if cards[c].influence]
    if hidden != sorted(hidden) or (bool(pile) and bool(cards[pile[0]].influence)):
        raise StateError("deck I's influence cards are not where the setup put them")


def offers_hold_their_decks_buildings(state: GameState) -> None:
    deck_of, influence, _shrines = _table(state.num_players, state.shrine)
    for deck, pile in state.offer.items():
        if any(deck_of[c] != deck or influence[c] for c in pile):
            raise StateError(f"the deck {deck} offer holds a card of another deck")


def offer_sizes_follow_the_round(state: GameState) -> None:
    """Upkeep fills each deck's offer to ``draw_per_deck`` unless the deck runs out
    (DECISIONS 10); each emissary then takes one card while any is left."""
    shape = SHAPES[state.num_players]
    k = shape.draw_per_deck
    for deck, pile in state.offer.items():
        if len(pile) > k:
            raise StateError(f"the deck {deck} offer holds {len(pile)} cards; {k} at most")
        if state.phase == "emissary" and len(pile) < k and state.decks[deck]:
            raise StateError(f"the deck {deck} offer is short although the deck still "
                             "has cards")
    if state.phase == "draft" and any(state.offer.values()):
        raise StateError("an offer during the opening draft")
    if state.phase == "over" and any(state.offer.values()):
        raise StateError("cards left in the offer after the game")


def offer_fits_the_takers_to_come(state: GameState) -> None:
    """Upkeep offers one card per emissary at most, and each emissary takes one while any
    is left (DECISIONS 8), so the offer never holds more cards than takes still to come.
    Without this a save could hold a card that the next upkeep silently throws away."""
    if state.phase == "emissary":
        takers = state.num_players * SHAPES[state.num_players].emissaries
    elif state.phase == "action":
        takers = sum(1 for seat in state.spaces[state.acting:] if seat >= 0)
        takers += state.step == "take"
    else:
        return
    held = sum(len(pile) for pile in state.offer.values())
    if held > takers:
        raise StateError(f"the offer holds {held} cards but only {takers} "
                         f"{'emissary is' if takers == 1 else 'emissaries are'} still to take one")


def draft_pool_is_the_opening_deal(state: GameState) -> None:
    """DECISIONS 3: one deck II card per player, one fewer after each choice; the last
    card goes to the first player at once, which ends the draft."""
    n = state.num_players
    cards = _cards(state)
    if state.phase != "draft":
        if bool(state.draft_pool) or state.draft_turn != n - 1:
            raise StateError("the opening draft is unfinished outside the draft")
        return
    if not 0 <= state.draft_turn < n - 1:
        raise StateError("the opening draft is not in progress")
    if len(state.draft_pool) != n - state.draft_turn:
        raise StateError(f"{len(state.draft_pool)} cards in the draft after "
                         f"{state.draft_turn} choices, not {n - state.draft_turn}")
    if any(cards[c].deck != "II" for c in state.draft_pool):
        raise StateError("the opening draft holds a card that is not from deck II")


def draft_hands_hold_one_choice_each(state: GameState) -> None:
    """During the draft the seats that have chosen hold their one card (known only to
    them); nobody else holds anything but a Shrine."""
    if state.phase != "draft":
        return
    n = state.num_players
    cards = _cards(state)
    chose = {(state.first_player - 1 - t) % n for t in range(state.draft_turn)}
    for seat, p in enumerate(state.players):
        drafted = [(c, m) for c, m in p.hand if cards[c].deck != SHRINE_DECK]
        want = [1 << seat] if seat in chose else []
        if [m for _c, m in drafted] != want:
            raise StateError(f"player {seat} holds {len(drafted)} drafted cards after "
                              f"{state.draft_turn} choices")


def influence_pool_holds_the_latest_cards(state: GameState) -> None:
    """Influence cards are revealed from deck I in order of value and a scoring hands the
    whole pool to one seat, so every card a seat holds is worth less than every card
    waiting on the table, and every revealed card less than every card still in deck I.
    A card put back into the deck, or a pool out of order, would be awarded again out of
    order later in the game (found by ``tests/test_hostile_input.py``)."""
    cards = _cards(state)
    waiting = [cards[c].influence for c in state.influence_pool]
    hidden = [cards[c].influence for c in state.decks["I"] if cards[c].influence]
    if waiting != sorted(waiting) or (waiting and hidden and max(waiting) > min(hidden)):
        raise StateError("the influence cards on the table are out of the order they "
                         "were revealed")
    for seat, p in enumerate(state.players):
        held = [cards[c].influence for c in p.influence_cards]
        later = waiting or hidden
        if held != sorted(held) or (held and later and max(held) > min(later)):
            raise StateError(f"player {seat} holds influence cards out of the order they "
                             "were awarded")


def removed_cards_are_buildings(state: GameState) -> None:
    """DECISIONS 12: the box holds the buildings aqueducts replaced, never an influence
    card."""
    cards = _cards(state)
    if any(cards[c].influence for c in state.removed):
        raise StateError("an influence card lies in the box of replaced buildings")


# == each seat =============================================================================
def counts_within_what_a_game_gives(state: GameState) -> None:
    for seat, p in enumerate(state.players):
        if p.coins < 0 or p.influence < 0:
            raise StateError(f"player {seat} has a negative count")
        if p.coins > MOST_COINS or p.influence > MOST_INFLUENCE:
            raise StateError(f"player {seat} has more coins or influence than a game can give "
                              f"({MOST_COINS} / {MOST_INFLUENCE} at most)")


def cities_could_be_built(state: GameState) -> None:
    cards = _cards(state)
    for seat, p in enumerate(state.players):
        if any(cards[c].influence for c in p.city.values()):
            raise StateError(f"player {seat}'s city holds a card that is not a building")
        problem = city_problem({pos: cards[c].kind for pos, c in p.city.items()}, p.points)
        if problem:
            raise StateError(f"player {seat}'s city: {problem}")


def starting_buildings_stay_home(state: GameState) -> None:
    """A seat's starting buildings stand where the setup put them (DECISIONS 2), unless
    an aqueduct replaced one; no other city holds them."""
    cards = _cards(state)
    starts = len(STARTING_CITY) * state.num_players  # the lowest card numbers (card_instances)
    for seat, p in enumerate(state.players):
        for i, (r, c, _kind) in enumerate(STARTING_CITY):
            at = p.city.get((r, c))
            ok = at == 2 * seat + i or (at is not None and cards[at].kind in _AQUEDUCTS
                                        and 2 * seat + i in state.removed)
            if not ok:
                raise StateError(f"player {seat}'s starting {STARTING_CITY[i][2]} is not at "
                                  f"row {r}, column {c}, nor replaced there by an aqueduct")
        if any(c < starts and c // 2 != seat for c in p.city.values()):
            raise StateError(f"player {seat}'s city holds another player's starting building")


def brick_tokens_on_brick_farms(state: GameState) -> None:
    cards = _cards(state)
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
    cards = _cards(state)
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
    shrines = _table(state.num_players, state.shrine)[2]
    if not shrines:
        return
    for seat, p in enumerate(state.players):
        others = set(shrines) - {shrines[seat]}
        if any(c in others for c, _m in p.hand) or any(c in others for c in p.city.values()):
            raise StateError(f"player {seat} holds another player's Shrine")


def influence_cards_are_influence(state: GameState) -> None:
    cards = _cards(state)
    if any(not cards[c].influence for c in state.influence_pool):
        raise StateError("a building lies among the influence cards on the table")
    for seat, p in enumerate(state.players):
        if any(not cards[c].influence for c in p.influence_cards):
            raise StateError(f"player {seat} keeps a building among influence cards")


# == where the game stands =================================================================
def step_belongs_to_phase(state: GameState) -> None:
    if state.step not in STEPS_OF_PHASE[state.phase]:
        raise StateError(f"step {state.step!r} does not belong to the {state.phase} phase")


def rounds_match_the_phase(state: GameState) -> None:
    rounds = SHAPES[state.num_players].rounds
    if (state.phase == "draft") != (state.round == 0):
        raise StateError("the opening draft is round 0, and only it")
    if state.phase == "over" and state.round != rounds:
        raise StateError(f"the game ends after round {rounds}, not {state.round}")


def emissaries_placed_in_turn(state: GameState) -> None:
    """DECISIONS 6: emissaries go on the strip one at a time, seat after seat from the
    first player; the action phase starts once all are placed."""
    n = state.num_players
    total = _emissaries(state)
    on_strip = [sum(1 for x in state.spaces if x == seat) for seat in range(n)]
    if state.phase == "draft":
        if state.placed != 0 or any(on_strip):
            raise StateError("emissaries placed during the opening draft")
    elif state.phase == "emissary":
        if not 0 <= state.placed < total:
            raise StateError(f"an emissary phase with {state.placed} of {total} emissaries placed")
        want = [sum(1 for k in range(state.placed) if (state.first_player + k) % n == seat)
                for seat in range(n)]
        if on_strip != want:
            raise StateError(f"the strip does not show {state.placed} emissaries placed "
                              "in turn from the first player")
    elif state.placed != total:
        raise StateError(f"an {state.phase} phase with {state.placed} of {total} emissaries "
                         "placed")
    own = SHAPES[n].emissaries
    if any(c > own for c in on_strip):
        raise StateError("a player has more emissaries on the strip than they own")


def acting_emissary_is_the_nearest(state: GameState) -> None:
    """In the action phase, emissaries act from the emperor outwards and leave the strip
    when their turn ends; outside it nobody is acting."""
    if state.phase != "action":
        if state.acting != 0:
            raise StateError(f"strip space {state.acting} acting in the {state.phase} phase")
        if state.phase == "over" and any(x >= 0 for x in state.spaces):
            raise StateError("emissaries on the strip after the game")
        return
    if not 1 <= state.acting <= SPACES or state.spaces[state.acting - 1] < 0:
        raise StateError("the acting strip space holds no emissary")
    if any(x >= 0 for x in state.spaces[:state.acting - 1]):
        raise StateError("an emissary nearer the emperor than the acting one has not acted")


def take_comes_first(state: GameState) -> None:
    """DECISIONS 8: a turn starts with the mandatory take while the offer has cards."""
    if state.step == "take":
        if not any(state.offer.values()):
            raise StateError("a take from an empty offer")
        if state.built or state.produced:
            raise StateError("a take after building or producing")


def school_draws_are_pending_only_after_a_school(state: GameState) -> None:
    """A School or University just built chooses a deck with cards (DECISIONS 14), then
    draws one card per neighbour it had (a University one more)."""
    if state.step not in ("school-deck", "school-keep"):
        if state.pending_draws != 0:
            raise StateError(f"{state.pending_draws} School draws pending "
                              "with no School choice")
        return
    cards = _cards(state)
    seat = state.spaces[state.acting - 1]
    city = state.players[seat].city
    kinds = {pos: cards[c].kind for pos, c in city.items()}
    sizes = {BUILDINGS[k].build_draw + adjacent_count(kinds, pos)
             for pos, k in kinds.items() if BUILDINGS[k].build_draw >= 0}
    if not state.built or state.pending_draws not in sizes:
        raise StateError(f"{state.pending_draws} School draws pending, but no School or "
                         "University of the acting player draws that many")
    decks = SHAPES[state.num_players].decks[1:]
    if state.step == "school-deck" and not any(state.decks[d] for d in decks):
        raise StateError("a School choice with every deck it may draw from empty")


def drawn_cards_only_in_a_school_choice(state: GameState) -> None:
    if state.step != "school-keep":
        if bool(state.draw) or state.draw_deck != "":
            raise StateError("cards drawn by a School outside its choice")
        return
    cards = _cards(state)
    deck = state.draw_deck
    if deck not in SHAPES[state.num_players].decks[1:]:
        raise StateError(f"a School cannot draw from deck {deck!r}")
    if not state.draw:
        raise StateError("a School choice with no cards drawn")
    if any(cards[c].deck != deck for c in state.draw):
        raise StateError(f"a School drew a card that is not from deck {deck}")
    drawn, due = len(state.draw), state.pending_draws
    if drawn > due or (drawn < due and state.decks[deck]):
        raise StateError(f"a School drew {drawn} of {due} cards from deck {deck}")


def idle_flags_outside_turns(state: GameState) -> None:
    if state.phase == "draft" and (state.built or state.produced):
        raise StateError("built or produced during the opening draft")


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


INVARIANTS: tuple[Check, ...] = (
    one_record_per_seat,
    phase_and_step_are_known,
    round_within_the_game,
    first_player_is_a_seat,
    decks_match_the_player_count,
    generator_state_is_64_bits,
    strips_are_the_six,
    spaces_hold_seats,
    every_card_in_one_place,
    decks_hold_their_own_cards,
    offers_hold_their_decks_buildings,
    counts_within_what_a_game_gives,
    cities_could_be_built,
    starting_buildings_stay_home,
    brick_tokens_on_brick_farms,
    hands_hold_buildings_their_holder_knows,
    shrines_stay_with_their_owner,
    influence_cards_are_influence,
    step_belongs_to_phase,
    rounds_match_the_phase,
    deck_i_reveals_influence_in_order,
    offer_sizes_follow_the_round,
    offer_fits_the_takers_to_come,
    draft_pool_is_the_opening_deal,
    draft_hands_hold_one_choice_each,
    influence_pool_holds_the_latest_cards,
    removed_cards_are_buildings,
    emissaries_placed_in_turn,
    acting_emissary_is_the_nearest,
    take_comes_first,
    school_draws_are_pending_only_after_a_school,
    drawn_cards_only_in_a_school_choice,
    idle_flags_outside_turns,
    kept_free_spaces_match_the_city,
)
"""Every invariant of a reachable state, in the order they are checked."""


def check_state(state: GameState) -> None:
    """Raise :class:`StateError` naming the first invariant ``state`` breaks."""
    for check in INVARIANTS:
        check(state)


__all__ = ["CITY_INVARIANTS", "INVARIANTS", "MOST_COINS", "MOST_INFLUENCE", "STEPS_OF_PHASE",
           "Check", "CityCheck", "card_places", "check_state", "city_problem"]
