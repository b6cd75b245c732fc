"""Final scoring (rulebook "Final Scoring" and its scoring example, building reference,
CARDS.md final scoring table, DECISIONS 17-18)."""

from __future__ import annotations

import pytest

from helpers import Position
from rome import final_scores
from rome.scoring import score_city

# The rulebook's scoring example, laid out on a 4 x 4 grid consistent with its text:
#
#        col 0            col 1          col 2              col 3
# row 0  house-2 (A1)     arena (red)    villa-3 *          house-3
# row 1  grand-aqueduct * villa-2 *      baths [2] (blue)   vegetable-farm
# row 2  market (yellow)  house-2        imperial-baths [4] house-4
# row 3  temple-luna *    house-2        aqueduct           temple-fortuna
#
# * = one star: grand aqueduct, villa-3, villa-2, Temple of Luna = 4 stars.
# - 2-value area "top-left with one building": (0,0); its neighbours (0,1) arena, (1,0)
#   aqueduct: one public building (red) -> 2 x 1 = 2.
# - 2-value area "in the middle with three buildings": (1,1), (2,1), (3,1); adjacent
#   publics: arena (0,1) red, baths (1,2) blue [2], market (2,0) yellow, imperial baths
#   (2,2) blue [4]: four publics, three colours; the blue with most tokens has 4
#   -> 6 x 3 + 4 = 22.
# - 3-value area (0,2), (0,3): adjacent arena (red) and baths [2] (blue); (1,3) is a farm
#   -> 6 x 2 + 2 = 14.
# - 4-value area (2,3): adjacent imperial baths [4] only (blue); (1,3) farm, (3,3) temple
#   -> 4 x 1 + 4 = 8.
# - Aqueducts (1,0) and (3,2): different rows and columns -> 12.
# - Temple of Fortuna: colours red, blue, yellow only -> 0.  Temple of Luna: 4 stars -> 4.
# - 9 coins -> 9; 3 influence tokens -> 1; one influence card of 3 -> 3.
# Total 2 + 22 + 14 + 8 + 12 + 0 + 4 + 9 + 1 + 3 = 75, as the rulebook says.
EXAMPLE = {
    (0, 0): "house-2", (0, 1): "arena", (0, 2): "villa-3", (0, 3): "house-3",
    (1, 0): "grand-aqueduct", (1, 1): "villa-2", (1, 2): "baths", (1, 3): "vegetable-farm",
    (2, 0): "market", (2, 1): "house-2", (2, 2): "imperial-baths", (2, 3): "house-4",
    (3, 0): "temple-luna", (3, 1): "house-2", (3, 2): "aqueduct", (3, 3): "temple-fortuna",
}
EXAMPLE_TOKENS = {(1, 2): 2, (2, 2): 4}


def test_rulebook_scoring_example_category_by_category():
    got = score_city(EXAMPLE, EXAMPLE_TOKENS, 9, 3, [3])
    assert got == {
        "residential": 2 + 22 + 14 + 8,
        "aqueducts": 12,
        "temples": 0 + 4,
        "shrine": 0,
        "coins": 9,
        "influence_tokens": 1,
        "influence_cards": 3,
        "total": 75,
    }


def test_rulebook_example_as_a_game_state():
    # Mirrored left to right (scoring does not change), the example's aqueduct at row 3
    # stands left of a house-2: the starting pair, its farm replaced.  Moved so that pair
    # sits at (0, 0) and (0, 1) as in every game (DECISIONS 2); (0, 1) is claimed first so
    # it gets the seat's own starting house, and the farm comes from deck II.
    moved = {(r - 3, 2 - c): kind for (r, c), kind in EXAMPLE.items()}
    moved = {pos: "vegetable-farm/IV" if k == "vegetable-farm" else k for pos, k in moved.items()}
    layout = {(0, 1): moved.pop((0, 1)), **moved}
    tokens = {(r - 3, 2 - c): n for (r, c), n in EXAMPLE_TOKENS.items()}
    p = Position(4, seed=3).city(0, layout, points=tokens)
    p.set(0, coins=9, influence=3).influence_cards(0, [3])
    assert final_scores(p.state())[0]["total"] == 75


def res(kinds, tokens=None):
    return score_city(kinds, tokens or {}, 0, 0, [])["residential"]


def temples(kinds, coins=0):
    return score_city(kinds, {}, coins, 0, [])["temples"]


# -- residential areas ---------------------------------------------------------------

def test_isolated_area_scores_nothing():
    assert res({(0, 0): "vegetable-farm", (0, 1): "house-4", (0, 2): "house-3"}) == 0


def test_same_colour_twice_counts_once():
    # house-3 between an arena and the colosseum (both red): 3 x 1.
    assert res({(0, 0): "arena", (0, 1): "house-3", (0, 2): "colosseum"}) == 3


def test_each_colour_counts():
    # house-4 at the centre of a plus: market, arena, school, baths [0]: 4 x 4 = 16.
    kinds = {(1, 1): "house-4", (0, 1): "market", (1, 0): "arena", (1, 2): "school",
             (2, 1): "baths"}
    assert res(kinds, {(2, 1): 0}) == 16


def test_public_building_adjacent_to_two_areas_counts_for_both():
    # house-2 | market | house-3: the market serves both: 2 x 1 + 3 x 1 = 5.
    assert res({(0, 0): "house-2", (0, 1): "market", (0, 2): "house-3"}) == 5


def test_same_value_split_areas_score_apart():
    # house-2 | market | house-2, and an arena under the right one: two areas, left
    # 2 x 1 = 2, right 2 x 2 = 4 -> 6 (one joined area would make 4 x 2 = 8).
    kinds = {(0, 0): "house-2", (0, 1): "market", (0, 2): "house-2", (1, 2): "arena"}
    assert res(kinds) == 6


def test_diagonal_is_not_adjacent():
    # house-3 at (0,0), market at (1,1): diagonal, scores 0.
    assert res({(0, 0): "house-3", (0, 1): "vegetable-farm", (1, 1): "market"}) == 0


def test_joined_area_sums_values():
    # house-3, villa-3, house-3 in a row over a school: (3 + 3 + 3) x 1 = 9.
    kinds = {(0, 0): "house-3", (0, 1): "villa-3", (0, 2): "house-3", (1, 1): "school"}
    assert res(kinds) == 9


def test_different_values_do_not_join():
    # house-2 next to house-3; a market under the house-2 only: 2 x 1 = 2 (the house-3
    # does not inherit it).  With a market under each: 2 x 1 + 3 x 1 = 5.
    kinds = {(0, 0): "house-2", (0, 1): "house-3", (1, 0): "market", (1, 1): "vegetable-farm"}
    assert res(kinds) == 2  # only the house-2 touches the market
    kinds = {(0, 0): "house-2", (0, 1): "house-3", (1, 0): "market", (1, 1): "market"}
    assert res(kinds) == 5


def test_several_baths_only_the_most_tokens():
    # house-2 between baths [3] and imperial baths [5]: 2 x 1 (blue) + 5 = 7, not + 8.
    kinds = {(0, 0): "baths", (0, 1): "house-2", (0, 2): "imperial-baths"}
    assert res(kinds, {(0, 0): 3, (0, 2): 5}) == 7


def test_baths_tokens_count_for_each_adjacent_area():
    # baths [2] between a house-2 and a house-4: (2 + 2) + (4 + 2) = 10.
    kinds = {(0, 0): "house-2", (0, 1): "baths", (0, 2): "house-4"}
    assert res(kinds, {(0, 1): 2}) == 10


# -- aqueducts -----------------------------------------------------------------------

@pytest.mark.parametrize("count, points", [(0, 0), (1, 4), (2, 12), (3, 24), (4, 40)])
def test_aqueduct_table(count, points):
    kinds = {(r, c): "house-3" for r in range(4) for c in range(4)}
    for i in range(count):  # the diagonal: one per row and column
        kinds[(i, i)] = "aqueduct"
    assert score_city(kinds, {}, 0, 0, [])["aqueducts"] == points


# -- temples ---------------------------------------------------------------------------

def test_luna_counts_stars_including_its_own():
    # Luna 1 + villa-4 1 = 2 stars.
    assert temples({(0, 0): "temple-luna", (0, 1): "villa-4", (1, 0): "vegetable-farm"}) == 2
    # Luna 1 + Mars 3 + villa-4 1 = 5 stars; Mars scores 5 too (villa-4 is value 4).
    kinds = {(0, 0): "temple-luna", (0, 1): "temple-mars", (0, 2): "villa-4"}
    assert temples(kinds) == 5 + 5


def test_mars():
    assert temples({(0, 0): "temple-mars", (0, 1): "house-4"}) == 5
    assert temples({(0, 0): "temple-mars", (0, 1): "house-4", (0, 2): "villa-4"}) == 5
    assert temples({(0, 0): "temple-mars", (0, 1): "house-3"}) == 0


def test_venus():
    kinds = {(0, 0): "temple-venus", (0, 1): "house-2", (0, 2): "villa-2", (1, 0): "house-2",
             (1, 1): "house-3"}
    assert temples(kinds) == 2 * 3


def test_jupiter_counts_temples_itself_included_and_the_shrine():
    assert temples({(0, 0): "temple-jupiter", (0, 1): "house-2"}) == 2
    kinds = {(0, 0): "temple-jupiter", (0, 1): "temple-minerva", (0, 2): "shrine"}
    # 3 temples (Shrine included, DECISIONS 17) -> 6; Minerva 0 (3 buildings).
    assert temples(kinds) == 6


def test_mercury_one_per_three_coins():
    assert temples({(0, 0): "temple-mercury"}, coins=8) == 2
    assert temples({(0, 0): "temple-mercury"}, coins=9) == 3
    assert temples({(0, 0): "temple-mercury"}, coins=2) == 0
    # besides the coins' own points
    assert score_city({(0, 0): "temple-mercury"}, {}, 9, 0, [])["total"] == 9 + 3


def test_minerva_needs_sixteen():
    full = {(r, c): "house-3" for r in range(4) for c in range(4)}
    full[(0, 0)] = "temple-minerva"
    assert temples(full) == 10
    del full[(3, 3)]
    assert temples(full) == 0


def test_fortuna_needs_all_four_colours():
    kinds = {(0, 0): "temple-fortuna", (0, 1): "forum-romanum", (0, 2): "colosseum",
             (0, 3): "university", (1, 0): "imperial-baths"}
    assert temples(kinds) == 15
    del kinds[(0, 3)]
    assert temples(kinds) == 0


def test_cupid_needs_four_value_two():
    kinds = {(0, 0): "temple-cupid", (0, 1): "house-2", (0, 2): "house-2", (0, 3): "villa-2",
             (1, 0): "house-3"}
    assert temples(kinds) == 0
    kinds[(1, 1)] = "house-2"
    assert temples(kinds) == 10


def test_juno_needs_four_temples_itself_and_shrine_included():
    kinds = {(0, 0): "temple-juno", (0, 1): "temple-minerva", (0, 2): "temple-cupid"}
    assert temples(kinds) == 0  # 3 temples; Cupid 0, Minerva 0
    kinds[(0, 3)] = "shrine"
    assert temples(kinds) == 10


def test_saturn_needs_four_production():
    kinds = {(0, 0): "temple-saturn", (0, 1): "vegetable-farm", (0, 2): "grain-farm",
             (0, 3): "sheep-farm"}
    assert temples(kinds) == 0
    kinds[(1, 0)] = "vineyard"
    assert temples(kinds) == 15


def test_shrine_two_per_adjacent_building():
    kinds = {(1, 1): "shrine", (0, 1): "house-2", (1, 0): "house-2", (2, 1): "house-3",
             (0, 0): "vegetable-farm"}
    got = score_city(kinds, {}, 0, 0, [])
    assert got["shrine"] == 2 * 3
    assert got["temples"] == 0


# -- coins and influence ------------------------------------------------------------------

def test_coins_tokens_and_cards():
    got = score_city({(0, 0): "vegetable-farm"}, {}, 7, 7, [4, 14])
    assert got["coins"] == 7
    assert got["influence_tokens"] == 3  # 7 // 2
    assert got["influence_cards"] == 18
    assert got["total"] == 28
