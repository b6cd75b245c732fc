"""What every reachable game state satisfies, written once as named checks.

Each check is a small function named after what it guarantees; it raises
:class:`StateError` with a sentence naming the first thing no real game could have.
:data:`INVARIANTS` lists them in order: a later check may rely on the earlier ones
(for example, card numbers are known to be in range before a card is looked up).
``GameState.from_dict`` runs :func:`check_state` once on every save it reads, and the
random-play tests run it after every action, so the saves the engine accepts and the
states the engine produces are held to one and the same definition.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from .cards import BUILDINGS, SHAPES, SPACES, STRIPS, Card, card_instances
from .city import check_bricks, check_city
from .errors import StateError
from .state import PHASES, STEPS, GameState

Check = Callable[[GameState], None]

STEPS_OF_PHASE = {"draft": ("",), "emissary": ("",), "over": ("",),
                  "action": ("take", "act", "school-deck", "school-keep")}


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


# -- the table's make-up ---------------------------------------------------------------
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


# -- the cards ----------------------------------------------------------------------------
def every_card_in_one_place(state: GameState) -> None:
    cards = _cards(state)
    places = card_places(state)
    bad = [c for c in places if not 0 <= c < len(cards)]
    if bad:
        raise StateError(f"unknown card number {bad[0]}")
    for c in range(len(cards)):
        if places[c] != 1:
            raise StateError(f"card {c} ({cards[c].kind}) is in {places[c]} places, not 1")


def decks_hold_their_own_cards(state: GameState) -> None:
    cards = _cards(state)
    for deck, pile in state.decks.items():
        for c in pile:
            if cards[c].deck != deck:
                raise StateError(f"a deck {cards[c].deck} card lies in deck {deck}")


def offers_hold_their_decks_buildings(state: GameState) -> None:
    cards = _cards(state)
    for deck, pile in state.offer.items():
        if any(cards[c].deck != deck or cards[c].influence for c in pile):
            raise StateError(f"the deck {deck} offer holds a card of another deck")


def strips_are_the_six(state: GameState) -> None:
    if sorted(s for s, _f in state.strips) != list(range(len(STRIPS))):
        raise StateError("the action strips must be the six strips, once each")


def spaces_hold_seats(state: GameState) -> None:
    if len(state.spaces) != SPACES or any(not -1 <= x < state.num_players for x in state.spaces):
        raise StateError("strip spaces hold seats or -1")


# -- each seat ----------------------------------------------------------------------------
def counts_are_not_negative(state: GameState) -> None:
    for seat, p in enumerate(state.players):
        if p.coins < 0 or p.influence < 0:
            raise StateError(f"player {seat} has a negative count")


def cities_could_be_built(state: GameState) -> None:
    cards = _cards(state)
    for seat, p in enumerate(state.players):
        if any(cards[c].kind not in BUILDINGS for c in p.city.values()):
            raise StateError(f"player {seat}'s city holds a card that is not a building")
        kinds = {pos: cards[c].kind for pos, c in p.city.items()}
        problem = check_city(kinds, p.points) or check_bricks(kinds, p.bricks)
        if problem:
            raise StateError(f"player {seat}'s city: {problem}")


def hands_hold_buildings_known_to_seats(state: GameState) -> None:
    cards = _cards(state)
    for seat, p in enumerate(state.players):
        for c, mask in p.hand:
            if cards[c].influence or not 0 <= mask < (1 << state.num_players):
                raise StateError(f"player {seat} holds an impossible hand card")


def influence_cards_are_influence(state: GameState) -> None:
    cards = _cards(state)
    for seat, p in enumerate(state.players):
        if any(not cards[c].influence for c in p.influence_cards):
            raise StateError(f"player {seat} keeps a building among influence cards")


# -- where the game stands ----------------------------------------------------------------
def school_draws_from_a_deck_beyond_i(state: GameState) -> None:
    if state.draw_deck and state.draw_deck not in SHAPES[state.num_players].decks[1:]:
        raise StateError(f"a School cannot draw from deck {state.draw_deck}")


def step_belongs_to_phase(state: GameState) -> None:
    if state.step not in STEPS_OF_PHASE[state.phase]:
        raise StateError(f"step {state.step!r} does not belong to the {state.phase} phase")


def draft_pool_only_in_the_draft(state: GameState) -> None:
    if state.phase == "draft":
        if (state.round != 0 or not state.draft_pool
                or not 0 <= state.draft_turn < state.num_players - 1):
            raise StateError("the opening draft is not in progress")
    elif state.draft_pool or state.round == 0:
        raise StateError("the opening draft is unfinished outside the draft")


def emissaries_placed_match_the_strip(state: GameState) -> None:
    placed = sum(1 for x in state.spaces if x >= 0)
    if state.phase == "emissary" and placed != state.placed:
        raise StateError(f"{placed} emissaries on the strip, but {state.placed} placed")


def acting_space_holds_an_emissary(state: GameState) -> None:
    if state.phase == "action" and (
            not 1 <= state.acting <= SPACES or state.spaces[state.acting - 1] < 0):
        raise StateError("the acting strip space holds no emissary")


def school_choice_has_cards_drawn(state: GameState) -> None:
    if state.phase == "action" and state.step == "school-keep" and not state.draw:
        raise StateError("a School choice with no cards drawn")


def take_has_an_offer(state: GameState) -> None:
    if state.phase == "action" and state.step == "take" and not any(state.offer.values()):
        raise StateError("a take from an empty offer")


def drawn_cards_only_in_a_school_choice(state: GameState) -> None:
    if state.step != "school-keep" and state.draw:
        raise StateError("cards drawn by a School outside its choice")


def emissaries_within_each_supply(state: GameState) -> None:
    own = SHAPES[state.num_players].emissaries
    if any(sum(1 for x in state.spaces if x == seat) > own
           for seat in range(state.num_players)):
        raise StateError("a player has more emissaries on the strip than they own")


INVARIANTS: tuple[Check, ...] = (
    one_record_per_seat,
    phase_and_step_are_known,
    round_within_the_game,
    first_player_is_a_seat,
    decks_match_the_player_count,
    every_card_in_one_place,
    decks_hold_their_own_cards,
    offers_hold_their_decks_buildings,
    strips_are_the_six,
    spaces_hold_seats,
    counts_are_not_negative,
    cities_could_be_built,
    hands_hold_buildings_known_to_seats,
    influence_cards_are_influence,
    school_draws_from_a_deck_beyond_i,
    step_belongs_to_phase,
    draft_pool_only_in_the_draft,
    emissaries_placed_match_the_strip,
    acting_space_holds_an_emissary,
    school_choice_has_cards_drawn,
    take_has_an_offer,
    drawn_cards_only_in_a_school_choice,
    emissaries_within_each_supply,
)
"""Every invariant of a reachable state, in the order they are checked."""


def check_state(state: GameState) -> None:
    """Raise :class:`StateError` naming the first invariant ``state`` breaks."""
    for check in INVARIANTS:
        check(state)


__all__ = ["INVARIANTS", "STEPS_OF_PHASE", "Check", "card_places", "check_state"]
