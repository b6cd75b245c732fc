"""Saving and restoring (rome/state.py): to_dict/from_dict, validation with StateError,
and replay from the seed and the actions."""

from __future__ import annotations

import copy
import json

import pytest

from helpers import START, Position, random_game
from rome import SAVE_VERSION, GameState, StateError, new_game, replay


@pytest.mark.parametrize("n, seed, shrine", [(2, 1, False), (3, 2, True), (4, 3, False)])
def test_json_round_trip(n, seed, shrine):
    states, _ = random_game(n, seed, shrine=shrine)
    for state in states[::7] + [states[-1]]:
        data = json.loads(json.dumps(state.to_dict()))
        back = GameState.from_dict(data)
        assert back == state
        assert back.to_dict() == state.to_dict()


@pytest.mark.parametrize("n, seed", [(2, 5), (3, 6), (4, 7)])
def test_replay_from_seed_and_actions(n, seed):
    states, actions = random_game(n, seed)
    assert states[-1].phase == "over"
    assert replay(n, seed, actions) == states[-1]
    assert replay(n, seed, [str(a) for a in actions]).to_dict() == states[-1].to_dict()


def test_restored_game_plays_on_identically():
    states, actions = random_game(3, 12)
    mid = len(actions) // 2
    from rome import apply_action
    s = GameState.from_dict(json.loads(json.dumps(states[mid].to_dict())))
    for a in actions[mid:]:
        s = apply_action(s, a)
    assert s == states[-1]


# -- refusals --------------------------------------------------------------------------

def base():
    return Position(4, seed=1).raw()


def refused(data):
    with pytest.raises(StateError):
        GameState.from_dict(data)


def test_the_base_data_is_accepted():
    GameState.from_dict(base())


@pytest.mark.parametrize("version", [SAVE_VERSION + 1, 0, None, "1"])
def test_other_version(version):
    d = base()
    d["version"] = version
    refused(d)


def test_missing_version():
    d = base()
    del d["version"]
    refused(d)


def test_not_an_object():
    refused([])
    refused("game")


def test_missing_field_is_a_state_error():
    d = base()
    del d["players"][0]["coins"]
    refused(d)
    d = base()
    del d["decks"]
    refused(d)


def test_card_in_two_places():
    d = base()
    d["players"][0]["hand"].append([d["decks"]["II"][0], 1])
    refused(d)


def test_card_missing():
    d = base()
    d["decks"]["II"].pop()
    refused(d)


def test_unknown_card_number():
    d = base()
    d["removed"].append(999)
    refused(d)


def test_negative_coins():
    d = base()
    d["players"][1]["coins"] = -1
    refused(d)


def test_negative_influence():
    d = base()
    d["players"][1]["influence"] = -2
    refused(d)


def test_coins_must_be_an_integer():
    d = base()
    d["players"][1]["coins"] = 2.5
    refused(d)
    d = base()
    d["players"][1]["coins"] = True
    refused(d)


def _city(layout, points=None, bricks=()):
    p = Position(4, seed=1)
    d = p.city(0, START).raw()
    # Rewrite seat 0's city with fresh cards taken from the decks and the box.
    used = {c for _r, _c, c in d["players"][0]["city"]}
    d["removed"] += sorted(used)
    pool = {}
    for i, c in enumerate(p.cards):
        pool.setdefault(c.kind, []).append(i)
    city = []
    for (r, c), kind in layout.items():
        free = [x for x in pool[kind] if x not in [e[2] for e in city]
                and x not in [e[2] for pl in d["players"][1:] for e in pl["city"]]
                and x not in [h[0] for pl in d["players"] for h in pl["hand"]]]
        offered = {o for pile in d["offer"].values() for o in pile}
        card = min(free, key=lambda x: x in offered)  # keep the offer full if possible
        for piles in (d["decks"], d["offer"]):
            for pile in piles.values():
                if card in pile:
                    pile.remove(card)
        if card in d["removed"]:
            d["removed"].remove(card)
        city.append([r, c, card])
    d["players"][0]["city"] = city
    d["players"][0]["points"] = [[r, c, k] for (r, c), k in (points or {}).items()]
    d["players"][0]["bricks"] = [list(b) for b in bricks]
    return d


def test_city_helper_makes_valid_data():
    GameState.from_dict(_city({**START, (1, 0): "aqueduct"}))


def test_two_aqueducts_in_a_row():
    refused(_city({**START, (1, 0): "aqueduct", (1, 1): "aqueduct"}))


def test_two_aqueducts_in_a_column():
    refused(_city({**START, (1, 0): "aqueduct", (2, 0): "grand-aqueduct", (0, 1): "house-2"}))


def test_five_wide_city():
    refused(_city({(0, c): "house-3" for c in range(5)}))


def test_five_tall_city():
    refused(_city({(r, 0): "house-3" for r in range(5)}))


def test_disconnected_city():
    refused(_city({**START, (2, 2): "house-3"}))


def test_empty_city():
    d = base()
    d["removed"] += [c for _r, _c, c in d["players"][0]["city"]]
    d["players"][0]["city"] = []
    refused(d)


def test_point_tokens_only_on_thermal_baths():
    GameState.from_dict(_city({**START, (1, 1): "baths"}, points={(1, 1): 1}))
    refused(_city({**START, (1, 1): "market"}, points={(1, 1): 1}))
    refused(_city({**START, (1, 1): "baths"}, points={(1, 1): 1, (2, 2): 1}))


PLUS = {**START, (1, 1): "house-3", (2, 1): "house-3", (1, 0): "house-3"}  # (1, 1): 3 around


def test_point_tokens_one_per_neighbour_when_built():
    city = {**PLUS, (2, 0): "baths"}  # neighbours (1, 0) and (2, 1)
    GameState.from_dict(_city(city, points={(2, 0): 1}))
    GameState.from_dict(_city(city, points={(2, 0): 2}))
    refused(_city(city, points={(2, 0): 3}))  # more tokens than neighbours
    refused(_city(city, points={(2, 0): 0}))  # it touched at least one building
    refused(_city(city))  # a bath is built with its tokens


def test_imperial_baths_one_more_token():
    city = {**PLUS, (2, 0): "imperial-baths"}
    GameState.from_dict(_city(city, points={(2, 0): 2}))
    GameState.from_dict(_city(city, points={(2, 0): 3}))
    refused(_city(city, points={(2, 0): 4}))  # neighbours + 1 at most
    refused(_city(city, points={(2, 0): 1}))  # 2 at least


def test_brick_tokens_only_on_grain_farm_or_vineyard_one_each():
    GameState.from_dict(_city({**START, (1, 0): "grain-farm"}, bricks=[(1, 0)]))
    refused(_city({**START, (1, 0): "grain-farm"}, bricks=[(0, 1)]))
    refused(_city({**START, (1, 0): "grain-farm"}, bricks=[(0, 0)]))  # vegetable farm
    refused(_city({**START, (1, 0): "grain-farm"}, bricks=[(1, 0), (1, 0)]))


def test_influence_card_in_the_offer():
    d = base()
    card = next(c for c in d["decks"]["I"] if Position(4).cards[c].influence)
    d["decks"]["I"].remove(card)
    d["offer"]["I"].append(card)
    refused(d)


def test_card_in_the_wrong_deck():
    d = base()
    card = d["decks"]["III"].pop()
    d["decks"]["II"].append(card)
    refused(d)


def test_building_among_influence_cards():
    d = base()
    d["players"][0]["influence_cards"].append(d["decks"]["II"].pop())
    refused(d)


def test_influence_card_in_a_hand():
    d = base()
    card = next(c for c in d["decks"]["I"] if Position(4).cards[c].influence)
    d["decks"]["I"].remove(card)
    d["players"][0]["hand"].append([card, 1])
    refused(d)


def test_strips_not_a_permutation():
    d = base()
    d["strips"][1][0] = d["strips"][0][0]
    refused(d)


def test_unknown_phase_and_round():
    d = base()
    d["phase"] = "upkeep"
    refused(d)
    d = base()
    d["round"] = 15
    refused(d)


def test_player_count_and_records():
    d = base()
    d["num_players"] = 5
    refused(d)
    d = base()
    d["players"].pop()
    refused(d)


def test_decks_of_another_player_count():
    d = copy.deepcopy(Position(3, seed=1).raw())
    d["decks"]["IV"] = []
    d["offer"]["IV"] = []
    refused(d)


def test_school_deck_i_refused():
    d = base()
    d["draw_deck"] = "I"
    refused(d)


def test_acting_space_must_hold_an_emissary():
    # An action phase whose acting strip space is empty is a position no game reaches.
    d = Position(4, seed=1).turn(0, bricks=3, cogs=0).raw()
    d["spaces"] = [-1] * 5
    refused(d)


def test_new_game_is_valid_data():
    for n in (2, 3, 4):
        s = new_game(n, seed=n)
        assert GameState.from_dict(s.to_dict()) == s
