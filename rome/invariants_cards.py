"""Where the cards are: each card in exactly one place, the decks, offers, draft pool,
influence cards and the box each holding what the rules can put there.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from .cards import SHAPES, SHRINE_DECK, Card, card_instances
from .errors import StateError

if TYPE_CHECKING:  # the state's loader runs these checks: a type-only import
    from .state import GameState


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


def cards_of(state: GameState) -> tuple[Card, ...]:
    return card_instances(state.num_players, state.shrine)


@cache
def card_table(num_players: int, shrine: bool) -> tuple[tuple[str, ...], tuple[int, ...],
                                                      tuple[int, ...]]:
    """Each card's deck, each card's influence value, and the shrines (seat order)."""
    cards = card_instances(num_players, shrine)
    return (tuple(c.deck for c in cards), tuple(c.influence for c in cards),
            tuple(i for i, c in enumerate(cards) if c.deck == SHRINE_DECK))


@cache
def _numbers(count: int) -> list[int]:
    return list(range(count))


def every_card_in_one_place(state: GameState) -> None:
    cards = cards_of(state)
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
    deck_of = card_table(state.num_players, state.shrine)[0]
    for deck, pile in state.decks.items():
        for c in pile:
            if deck_of[c] != deck:
                raise StateError(f"a deck {deck_of[c]} card lies in deck {deck}")


def deck_i_reveals_influence_in_order(state: GameState) -> None:
    """The setup puts the influence cards into deck I in order of value, below at least
    three buildings (CARDS.md), and upkeep reveals every one it meets, so deck I never
    shows one on top and keeps the rest in order."""
    cards = cards_of(state)
    pile = state.decks["I"]
    hidden = [cards[c].influence for c in pile if cards[c].influence]
    if hidden != sorted(hidden) or (bool(pile) and bool(cards[pile[0]].influence)):
        raise StateError("deck I's influence cards are not where the setup put them")


def offers_hold_their_decks_buildings(state: GameState) -> None:
    deck_of, influence, _shrines = card_table(state.num_players, state.shrine)
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
    cards = cards_of(state)
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
    cards = cards_of(state)
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
    cards = cards_of(state)
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
    cards = cards_of(state)
    if any(cards[c].influence for c in state.removed):
        raise StateError("an influence card lies in the box of replaced buildings")
