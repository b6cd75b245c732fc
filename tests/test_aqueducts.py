"""Aqueducts (building reference "Aqueducts", DECISIONS 12 and 15): one per row and per
column; may be built on an empty space by the normal rules or replace any non-aqueduct
building, starting buildings included; the replaced card leaves the game with its tokens."""

from __future__ import annotations

import pytest

from helpers import START, Position, act, builds, city_of, kinds_of
from rome import final_scores


def turn(city, hand, tokens=(), points=None, bricks=1, cogs=0, coins=5, influence=0):
    p = Position(4, seed=2).city(0, city, bricks=tokens, points=points).hand(0, hand)
    p.set(0, coins=coins, influence=influence)
    return p.turn(0, bricks=bricks, cogs=cogs).state()


def test_aqueduct_on_the_starting_city_may_go_anywhere_free_or_replace_either():
    s = turn(START, ["aqueduct"])
    free = {(-1, 0), (-1, 1), (1, 0), (1, 1), (0, -1), (0, 2)}
    assert builds(s, "aqueduct") == free | {(0, 0), (0, 1)}


def test_one_aqueduct_per_row_and_column():
    # City: (0,0) farm, (0,1) house-2, (1,0) aqueduct.  Row 1 and column 0 are taken.
    # Free neighbours: (-1,0) col 0 no; (-1,1) yes; (0,-1) yes; (0,2) yes; (1,1) row 1 no;
    # (1,-1) row 1 no; (2,0) col 0 no.  Replaceable: (0,1) yes; (0,0) col 0 no.
    city = {**START, (1, 0): "aqueduct"}
    s = turn(city, ["aqueduct"])
    assert builds(s, "aqueduct") == {(-1, 1), (0, -1), (0, 2), (0, 1)}
    # Other buildings still go anywhere next to the city.
    s = turn(city, ["house-2"])
    assert builds(s, "house-2") == {(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 1), (1, -1), (2, 0)}


def test_never_on_another_aqueduct():
    city = {**START, (1, 0): "aqueduct", (1, 1): "house-3", (2, 1): "house-3",
            (2, 2): "grand-aqueduct"}
    s = turn(city, ["aqueduct"])
    spots = builds(s, "aqueduct")
    assert (1, 0) not in spots and (2, 2) not in spots
    # Rows 1, 2 and columns 0, 2 hold aqueducts.  Free neighbours outside them: (-1,1),
    # (0,-1) (the city then spans columns -1..2, still 4), (3,1).  Replaceable buildings
    # outside them: (0,1) only ((0,0) is in column 0, (1,1) in row 1, (2,1) in row 2).
    assert spots == {(-1, 1), (0, -1), (3, 1), (0, 1)}


def test_replacing_a_starting_building():
    s = turn(START, ["aqueduct"])
    farm = s.players[0].city[(0, 0)]
    t = act(s, "build aqueduct 0,0")
    assert city_of(t, 0) == {(0, 0): "aqueduct", (0, 1): "house-2"}
    assert t.removed == s.removed + (farm,)
    assert farm not in t.players[0].city.values()
    assert t.players[0].coins == 5  # 1 brick on the strip pays for it


def test_replaced_farm_leaves_with_its_brick_token():
    # One brick on the strip pays for the aqueduct, so no token is spent: the token on
    # the grain farm leaves the game with the farm; the vineyard keeps its own.
    city = {**START, (1, 0): "grain-farm", (1, 1): "vineyard"}
    s = turn(city, ["aqueduct"], tokens=[(1, 0), (1, 1)], bricks=1)
    farm = s.players[0].city[(1, 0)]
    t = act(s, "build aqueduct 1,0")
    assert t.players[0].bricks == ((1, 1),)
    assert t.removed[-1] == farm
    assert city_of(t, 0)[(1, 0)] == "aqueduct"


def test_replaced_baths_leave_with_their_point_tokens():
    city = {**START, (1, 1): "baths"}
    s = turn(city, ["aqueduct"], points={(1, 1): 1})
    t = act(s, "build aqueduct 1,1")
    assert t.players[0].points == {}
    assert kinds_of(t, t.removed[-1:]) == ["baths"]


def test_replaced_buildings_stars_are_gone():
    # A villa-2 (1 star) replaced by a plain aqueduct: the Temple of Luna then counts only
    # its own star (DECISIONS 15).  Luna's own star: 1 point.
    city = {**START, (1, 0): "villa-2", (1, 1): "temple-luna"}
    s = turn(city, ["aqueduct"])
    before = final_scores(s)[0]["temples"]
    t = act(s, "build aqueduct 1,0")
    assert before == 2
    assert final_scores(t)[0]["temples"] == 1


def test_replacing_does_not_give_back_influence():
    city = {**START, (1, 0): "villa-2"}
    s = turn(city, ["grand-aqueduct"], influence=4)
    t = act(s, "build grand-aqueduct 1,0")
    assert t.players[0].influence == 5  # +1 for the grand aqueduct's star, nothing taken


def test_aqueduct_costs_one_brick():
    s = turn(START, ["aqueduct"], bricks=0, cogs=1, coins=2)
    t = act(s, "build aqueduct 0,2")
    assert t.players[0].coins == 0
    s = turn(START, ["aqueduct"], bricks=0, cogs=1, coins=1)
    assert builds(s, "aqueduct") == set()


@pytest.mark.parametrize("kind", ["house-4", "market", "temple-luna"])
def test_other_buildings_never_replace(kind):
    s = turn({**START, (1, 0): "house-3"}, [kind], bricks=3)
    assert not builds(s, kind) & {(0, 0), (0, 1), (1, 0)}
