"""Where the game stands: the table's make-up (seats, phase, round, decks, strips) and
the progress of the round (placing emissaries, whose turn, the steps of a turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import BUILDINGS, SHAPES, SPACES, STRIPS
from .city import adjacent_count
from .errors import StateError
from .invariants_cards import cards_of
from .phases import PHASES, STEPS

if TYPE_CHECKING:  # the state's loader runs these checks: a type-only import
    from .state import GameState

STEPS_OF_PHASE = {"draft": ("",), "emissary": ("",), "over": ("",),
                  "action": ("take", "act", "school-deck", "school-keep")}
RNG_LIMIT = 1 << 64
"""The seeded generator's state is a 64-bit integer (``rome.rng``)."""


def _emissaries(state: GameState) -> int:
    return state.num_players * SHAPES[state.num_players].emissaries


# == the table's make-up ==================================================================
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
    cards = cards_of(state)
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
    cards = cards_of(state)
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
