"""The city's places kept with each player record (free spaces, aqueduct places, lists of
builds) are a cache of the city: ``rome.invariants`` refuses one that drifted from it."""

from __future__ import annotations

import random

import pytest

from rome import StateError, new_game, playthrough, random_player
from rome.cards import AQUEDUCTS_BY_PLAYERS
from rome.city import Places
from rome.invariants import check_state
from rome.verbs_city import builds_in


def test_kept_free_spaces_are_checked_against_the_city():
    """Random play keeps the places equal to a recomputation, and a cache that drifted
    is refused."""
    free = aqueducts = None
    for state, _action, _after in playthrough(new_game(3, seed=4), random_player(random.Random(4))):
        check_state(state)
        for seat, p in enumerate(state.players):
            if p.places is not None:
                free = (state, seat)
                if p.places.aqueducts is not None:
                    aqueducts = (state, seat)
    assert free is not None and aqueducts is not None

    def lose_a_free_space(places):
        places.keys = places.keys[1:]

    def add_an_aqueduct_place(places):
        places.aqueducts = places.aqueduct_keys() + (50,)

    def list_a_build_twice(places):
        kinds, builds = next(iter(places.listings.items()))
        places.listings[kinds] = builds + builds[:1]

    for (state, seat), drift in ((free, lose_a_free_space), (aqueducts, add_an_aqueduct_place),
                                 (free, list_a_build_twice)):
        bad = state.copy()
        players = list(bad.players)
        p = players[seat] = players[seat].copy()
        p.places = Places.of(p.city, AQUEDUCTS_BY_PLAYERS[bad.num_players][bad.shrine])
        p.places.listings[1] = builds_in(p.places, 1)  # every place of the first kind
        bad.players = tuple(players)
        check_state(bad)  # made afresh: as it should be
        drift(p.places)
        with pytest.raises(StateError, match="kept"):
            check_state(bad)
