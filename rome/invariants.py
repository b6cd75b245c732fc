"""What every reachable game state satisfies, written once as named checks.

Each check is a small function named after what it guarantees; it raises
:class:`StateError` with a sentence naming the first thing no real game could have.
:data:`INVARIANTS` lists them in order: a later check may rely on the earlier ones
(for example, card numbers are known to be in range before a card is looked up).
``GameState.from_dict`` runs :func:`check_state` once on every save it reads, and the
random-play tests run it after every action, so the saves the engine accepts and the
states the engine produces are held to one and the same definition.

The checks live by what they look at: one city alone (:mod:`rome.invariants_city`, which
the score command's cities pass through too), where the cards are
(:mod:`rome.invariants_cards`), each seat (:mod:`rome.invariants_seats`) and where the game
stands (:mod:`rome.invariants_table`).  This module is their order and their entry point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .invariants_cards import (
    card_places,
    deck_i_reveals_influence_in_order,
    decks_hold_their_own_cards,
    draft_hands_hold_one_choice_each,
    draft_pool_is_the_opening_deal,
    every_card_in_one_place,
    influence_pool_holds_the_latest_cards,
    offer_fits_the_takers_to_come,
    offer_sizes_follow_the_round,
    offers_hold_their_decks_buildings,
    removed_cards_are_buildings,
)
from .invariants_city import CITY_INVARIANTS, CityCheck, city_problem
from .invariants_seats import (
    brick_tokens_on_brick_farms,
    cities_could_be_built,
    counts_within_what_a_game_gives,
    hands_hold_buildings_their_holder_knows,
    influence_cards_are_influence,
    kept_free_spaces_match_the_city,
    shrines_stay_with_their_owner,
    starting_buildings_stay_home,
)
from .invariants_table import (
    STEPS_OF_PHASE,
    acting_emissary_is_the_nearest,
    decks_match_the_player_count,
    drawn_cards_only_in_a_school_choice,
    emissaries_placed_in_turn,
    first_player_is_a_seat,
    generator_state_is_64_bits,
    idle_flags_outside_turns,
    one_record_per_seat,
    phase_and_step_are_known,
    round_within_the_game,
    rounds_match_the_phase,
    school_draws_are_pending_only_after_a_school,
    spaces_hold_seats,
    step_belongs_to_phase,
    strips_are_the_six,
    take_comes_first,
)

if TYPE_CHECKING:  # GameState.from_dict runs check_state: a type-only import
    from .state import GameState

Check = Callable[["GameState"], None]

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
    starting_buildings_stay_home,
    cities_could_be_built,
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
    counts_within_what_a_game_gives,
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


__all__ = ["CITY_INVARIANTS", "INVARIANTS", "STEPS_OF_PHASE",
           "Check", "CityCheck", "card_places", "check_state", "city_problem"]
