"""``GameState.from_dict`` accepts only reachable states (issue 14): one test per
invariant of ``rome.invariants``, each breaking it in the save of a real seeded game."""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import cache

import pytest

from helpers import random_game
from rome import GameState, StateError, new_game
from rome.cards import card_instances
from rome.invariants import INVARIANTS, check_state

Data = dict


@cache
def _states() -> tuple[GameState, ...]:
    """Every state of a few seeded random games (2 players, 3 with the Shrine, 4)."""
    out: list[GameState] = []
    for n, seed, shrine in ((2, 3, False), (3, 8, True), (4, 5, False), (4, 21, True)):
        out.extend(random_game(n, seed, shrine=shrine)[0])
    return tuple(out)


def find(test: Callable[[GameState], bool]) -> Data:
    """The save of the first recorded state that passes ``test`` (a fresh copy)."""
    for state in _states():
        if test(state):
            return copy.deepcopy(state.to_dict())
    raise LookupError("no recorded state fits")


def refused(data: Data, words: str | None) -> None:
    with pytest.raises(StateError, match=words):
        GameState.from_dict(data)


def cards_of(d: Data):
    return card_instances(d["num_players"], d["shrine"])


def test_every_recorded_state_keeps_every_invariant() -> None:
    for state in _states():
        check_state(state)
    assert len(INVARIANTS) >= 30


# -- the five examples of the issue ----------------------------------------------------------
def test_action_phase_before_every_emissary_is_placed() -> None:
    d = find(lambda s: s.phase == "action" and s.step == "take")
    d["placed"] -= 1
    refused(d, "emissaries placed")


def test_influence_card_in_the_opening_draft_pool() -> None:
    d = new_game(4, seed=2).to_dict()
    cards = cards_of(d)
    influence = next(c for c in d["decks"]["I"] if cards[c].influence)
    d["decks"]["I"].remove(influence)
    d["decks"]["II"].append(d["draft_pool"].pop())
    d["draft_pool"].append(influence)
    refused(d, "not from deck II")


def test_emissary_phase_with_every_emissary_placed() -> None:
    d = find(lambda s: s.phase == "emissary" and s.placed == 3 and s.num_players == 4)
    free = d["spaces"].index(-1)
    d["spaces"][free] = (d["first_player"] + 3) % 4
    d["placed"] = 4
    refused(d, "4 of 4 emissaries placed")


def test_negative_pending_school_draws() -> None:
    d = find(lambda s: s.phase == "action" and s.step == "act")
    d["pending_draws"] = -1
    refused(d, "School draws pending")


def test_random_generator_value_thousands_of_digits_long() -> None:
    d = new_game(3, seed=1).to_dict()
    d["rng"] = "f" * 5000
    refused(d, None)  # the reader or the invariant: either way a StateError


# -- the table --------------------------------------------------------------------------------
def test_generator_state_beyond_64_bits() -> None:
    s = new_game(2, seed=4)
    s.rng = 1 << 64  # a fresh state nobody else holds
    with pytest.raises(StateError, match="64-bit"):
        check_state(s)


def test_draft_pool_of_the_wrong_size() -> None:
    d = new_game(4, seed=2).to_dict()
    d["decks"]["II"].append(d["draft_pool"].pop())
    refused(d, "3 cards in the draft after 0 choices")


def test_draft_left_open_after_the_draft() -> None:
    d = find(lambda s: s.phase == "emissary")
    d["draft_turn"] = 0
    refused(d, "opening draft is unfinished")


def test_drafted_card_in_the_wrong_hand() -> None:
    # After one choice, the chooser is the seat to the first player's right.
    d = find(lambda s: s.phase == "draft" and s.draft_turn == 1 and s.num_players == 4)
    chooser = (d["first_player"] - 1) % 4
    other = (chooser - 1) % 4
    card, _mask = d["players"][chooser]["hand"].pop()
    d["players"][other]["hand"].append([card, 1 << other])
    refused(d, "drafted cards")


def test_draft_in_a_later_round_and_a_game_over_too_early() -> None:
    d = new_game(3, seed=1).to_dict()
    d["round"] = 1
    refused(d, "round 0")
    d = find(lambda s: s.phase == "over" and s.num_players == 4)
    d["round"] = 13
    refused(d, "ends after round 14")


def test_offer_larger_than_an_upkeep_deals() -> None:
    d = find(lambda s: s.phase == "emissary" and s.num_players == 4 and s.decks["III"])
    d["offer"]["III"].append(d["decks"]["III"].pop())
    refused(d, "offer holds 2 cards; 1 at most")


def test_short_offer_while_its_deck_has_cards() -> None:
    d = find(lambda s: s.phase == "emissary" and s.num_players == 4 and s.decks["IV"]
             and s.offer["IV"])
    d["decks"]["IV"].append(d["offer"]["IV"].pop())
    refused(d, "short although the deck still has cards")


def test_offer_card_no_emissary_is_left_to_take() -> None:
    """Found by Hypothesis: a deck I card moved into a 2-player offer after a take leaves
    a card that the next upkeep would throw away."""
    d = find(lambda s: s.phase == "action" and s.num_players == 2 and s.step == "act"
             and len(s.offer["I"]) == 1 and s.decks["I"]
             and sum(map(len, s.offer.values())) == sum(x >= 0 for x in s.spaces[s.acting:]))
    d["offer"]["I"].append(d["decks"]["I"].pop(0))
    refused(d, "still to take one")


def test_offer_left_after_the_game() -> None:
    d = find(lambda s: s.phase == "over" and s.num_players == 4 and s.decks["II"])
    d["offer"]["II"].append(d["decks"]["II"].pop())
    refused(d, "after the game")


def test_influence_card_on_top_of_deck_i() -> None:
    d = new_game(4, seed=6).to_dict()
    cards = cards_of(d)
    pile = d["decks"]["I"]
    first = next(i for i, c in enumerate(pile) if cards[c].influence)
    pile.insert(0, pile.pop(first))
    refused(d, "deck I's influence cards")


def test_influence_cards_of_deck_i_out_of_order() -> None:
    d = new_game(4, seed=6).to_dict()
    cards = cards_of(d)
    pile = d["decks"]["I"]
    at = [i for i, c in enumerate(pile) if cards[c].influence]
    pile[at[0]], pile[at[1]] = pile[at[1]], pile[at[0]]
    refused(d, "deck I's influence cards")


def test_influence_cards_held_out_of_award_order() -> None:
    d = find(lambda s: s.num_players == 4 and len(s.influence_pool) == 1
             and not any(p.influence_cards for p in s.players))
    d["players"][0]["influence_cards"] = list(d["influence_pool"])
    cards = cards_of(d)
    higher = next(c for c in d["decks"]["I"] if cards[c].influence)
    d["decks"]["I"].remove(higher)
    d["players"][0]["influence_cards"].insert(0, higher)
    d["influence_pool"] = []
    refused(d, "out of the order")


def _revealed(state: GameState) -> int:
    return len(state.influence_pool) + sum(len(p.influence_cards) for p in state.players)


def _hidden(state: GameState) -> int:
    cards = card_instances(state.num_players, state.shrine)
    return sum(1 for c in state.decks["I"] if cards[c].influence)


def test_awarded_influence_card_put_back_into_deck_i() -> None:
    # Found by test_hostile_input: accepted, then revealed and awarded a second time, out
    # of order behind the cards revealed after it.
    d = find(lambda s: _revealed(s) >= 2 and _hidden(s) and any(p.influence_cards
                                                                  for p in s.players))
    seat = next(i for i, p in enumerate(d["players"]) if p["influence_cards"])
    d["decks"]["I"].insert(1, d["players"][seat]["influence_cards"].pop(0))
    refused(d, "out of the order")


def test_influence_card_on_the_table_put_back_into_deck_i() -> None:
    d = find(lambda s: len(s.influence_pool) >= 2 and _hidden(s))
    d["decks"]["I"].insert(1, d["influence_pool"].pop(0))
    refused(d, "on the table are out of the order")


def test_influence_cards_on_the_table_out_of_order() -> None:
    d = find(lambda s: len(s.influence_pool) == 1 and _hidden(s))
    higher = next(c for c in d["decks"]["I"] if cards_of(d)[c].influence)
    d["decks"]["I"].remove(higher)
    d["influence_pool"].insert(0, higher)
    refused(d, "on the table are out of the order")


def test_building_among_the_influence_cards_on_the_table() -> None:
    # Found by test_hostile_input: such a pool was accepted, then awarded to a seat.
    d = new_game(2, seed=0).to_dict()
    d["influence_pool"].append(d["decks"]["I"].pop(0))
    refused(d, "a building lies among the influence cards")


def test_influence_card_in_the_box() -> None:
    d = find(lambda s: s.num_players == 3 and len(s.influence_pool) == 1)
    d["removed"].append(d["influence_pool"].pop())
    refused(d, "in the box")


# -- the seats --------------------------------------------------------------------------------
def test_more_coins_than_the_rounds_so_far_give() -> None:
    """By the rules (CARDS.md): 5 coins to start; a 4-player turn is one produce (4
    vegetable farms and a vineyard: 5 coins; 3 sheep farms: 3 tokens) and one build (a
    Forum Romanum or Colosseum with 4 neighbours: 5).  So in round 2's emissary phase a
    seat has had one turn: 5 + 10 coins and 8 tokens at most."""
    d = find(lambda s: s.num_players == 4 and s.round == 2 and s.phase == "emissary")
    d["players"][1]["coins"] = 15
    d["players"][1]["influence"] = 8
    GameState.from_dict(d)
    d["players"][1]["coins"] = 16
    refused(d, "16 coins and 8 influence tokens; after 1 turn a game gives at most 15 and 8")
    d["players"][1]["coins"] = 15
    d["players"][1]["influence"] = 9
    refused(d, "at most 15 and 8")
    d["players"][1]["influence"] = 10 ** 4000  # refused as it is read: beyond 64 bits
    refused(d, "influence must be an integer of at most 64 bits")


def test_round_one_holds_only_the_starting_coins() -> None:
    d = find(lambda s: s.num_players == 3 and s.round == 1 and s.phase == "emissary")
    d["players"][0]["coins"] = 6
    refused(d, "after 0 turns a game gives at most 5 and 0")


def test_starting_building_moved() -> None:
    d = new_game(3, seed=1).to_dict()
    city = d["players"][0]["city"]
    city[1][0], city[1][1] = 1, 0  # the house from (0, 1) to (1, 0)
    refused(d, "starting house-2 is not at row 0, column 1")


def test_starting_buildings_swapped_between_seats() -> None:
    d = new_game(3, seed=1).to_dict()
    a, b = d["players"][0]["city"], d["players"][1]["city"]
    a[0][2], b[0][2] = b[0][2], a[0][2]
    refused(d, "starting vegetable-farm")


def test_deck_i_card_in_hand_known_only_to_its_holder() -> None:
    d = find(lambda s: s.phase == "emissary" and any(
        card_instances(s.num_players, s.shrine)[c].deck == "I" for p in s.players
        for c, _m in p.hand))
    cards = cards_of(d)
    for seat, p in enumerate(d["players"]):
        for entry in p["hand"]:
            if cards[entry[0]].deck == "I":
                entry[1] = 1 << seat
                refused(d, "not everyone knows it")
                return


def test_hand_card_unknown_to_its_holder() -> None:
    d = find(lambda s: s.phase == "emissary" and s.players[0].hand)
    d["players"][0]["hand"][0][1] = 0b10
    refused(d, "impossible hand card")


def test_shrine_in_another_players_hand() -> None:
    d = new_game(3, seed=1, shrine=True).to_dict()
    a, b = d["players"][0]["hand"], d["players"][1]["hand"]
    a[0], b[0] = b[0], a[0]
    refused(d, "another player's Shrine")


def test_starting_building_in_a_hand() -> None:
    d = new_game(3, seed=1).to_dict()
    card = d["players"][0]["city"].pop(1)[2]
    d["players"][0]["hand"].append([card, 1])
    refused(d, "starting house-2 is not at row 0, column 1")


# -- where the game stands ---------------------------------------------------------------------
def test_emissaries_placed_out_of_turn() -> None:
    d = find(lambda s: s.phase == "emissary" and s.placed == 1 and s.num_players == 3)
    at = next(i for i, x in enumerate(d["spaces"]) if x >= 0)
    d["spaces"][at] = (d["spaces"][at] + 1) % 3
    refused(d, "in turn from the first player")


def test_emissaries_on_the_strip_during_the_draft() -> None:
    d = new_game(2, seed=1).to_dict()
    d["spaces"][0] = d["first_player"]
    refused(d, "during the opening draft")


def test_acting_emissary_behind_one_still_waiting() -> None:
    d = find(lambda s: s.phase == "action" and s.acting >= 2 and s.num_players == 4)
    gone = next(seat for seat in range(4) if seat not in d["spaces"])
    d["spaces"][0] = gone  # its emissary is back on space 1, which already acted
    refused(d, "nearer the emperor")


def test_acting_space_outside_the_action_phase() -> None:
    d = find(lambda s: s.phase == "emissary")
    d["acting"] = 2
    refused(d, "acting in the emissary phase")


def test_take_after_building() -> None:
    d = find(lambda s: s.phase == "action" and s.step == "take")
    d["built"] = True
    refused(d, "a take after building")


def test_school_draws_that_no_school_explains() -> None:
    d = find(lambda s: s.step == "school-deck")
    d["pending_draws"] += 1
    refused(d, "no School or University")


def test_school_choice_with_every_deck_empty() -> None:
    d = find(lambda s: s.step == "school-deck")
    for deck in list(d["decks"])[1:]:
        d["removed"] += d["decks"][deck]
        d["decks"][deck] = []
    refused(d, "every deck it may draw from empty")


def test_school_drew_more_than_it_may() -> None:
    d = find(lambda s: s.step == "school-keep" and s.decks[s.draw_deck])
    d["draw"].append(d["decks"][d["draw_deck"]].pop(0))
    refused(d, "a School drew")


def test_school_drew_fewer_while_the_deck_has_cards() -> None:
    d = find(lambda s: s.step == "school-keep" and len(s.draw) >= 2)
    d["decks"][d["draw_deck"]].append(d["draw"].pop())
    refused(d, "a School drew")


def test_school_keep_without_its_deck() -> None:
    d = find(lambda s: s.step == "school-keep")
    d["draw_deck"] = ""
    refused(d, "cannot draw from deck")


def test_built_during_the_draft() -> None:
    d = new_game(4, seed=3).to_dict()
    d["produced"] = True
    refused(d, "during the opening draft")
