"""The build action (rulebook "Build Action", building reference, DECISIONS 8, 11, 13-15):
where a building may go, what it costs and how missing bricks are bought, stars, and every
public building's on-build effect with its neighbours counted by hand."""

from __future__ import annotations

import pytest

from helpers import START, Position, act, builds, city_of, hand_of, kinds_of, texts
from rome import observation
from rome.cards import BUILDINGS

# Seat 0's city for the effect tests:      (0,0) farm  (0,1) house-2
#                                           (1,0) house-2   .
# A building at (1,1) touches (0,1) and (1,0): 2 neighbours.
# A building at (0,2) touches (0,1) only: 1 neighbour.
L3 = {(0, 0): "vegetable-farm", (0, 1): "house-2", (1, 0): "house-2"}
# A ring around (1,1): a building there has 4 neighbours, (0,1), (1,0), (1,2), (2,1).
CROSS = {**L3, (0, 2): "house-3", (1, 2): "house-3", (2, 0): "house-4", (2, 1): "house-4"}


def turn(city=None, hand=(), coins=5, bricks=3, cogs=0, n=4, seed=0, tokens=(), **kw):
    p = Position(n, seed=seed).city(0, city or START, bricks=tokens).hand(0, list(hand))
    p.set(0, coins=coins, influence=kw.get("influence", 0))
    return p.turn(0, bricks=bricks, cogs=cogs)


# -- where ---------------------------------------------------------------------------

def test_build_next_to_the_starting_city():
    s = turn(hand=["house-2"]).state()
    # Orthogonal neighbours of (0,0) and (0,1), not the occupied spaces, no diagonals.
    assert builds(s, "house-2") == {(-1, 0), (-1, 1), (1, 0), (1, 1), (0, -1), (0, 2)}


def test_four_in_a_row_blocks_left_and_right():
    row = {(0, c): k for c, k in enumerate(["vegetable-farm", "house-2", "house-3", "house-3"])}
    s = turn(city=row, hand=["house-2"]).state()
    assert builds(s, "house-2") == {(r, c) for r in (-1, 1) for c in range(4)}


def test_four_in_a_column_blocks_up_and_down():
    col = {**START, (1, 1): "house-3", (2, 1): "house-3", (3, 1): "house-3"}
    s = turn(city=col, hand=["house-2"]).state()
    assert builds(s, "house-2") == {(0, -1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2), (3, 0),
                                    (3, 2)}


def test_three_wide_may_grow_either_way():
    row = {(0, 0): "vegetable-farm", (0, 1): "house-2", (0, 2): "house-3"}
    s = turn(city=row, hand=["house-2"]).state()
    assert {(0, -1), (0, 3)} <= builds(s, "house-2")


def test_full_four_by_four_box_leaves_only_the_hole():
    city = {}
    kinds = iter(["house-2"] * 8 + ["house-3"] * 7)
    for r in range(4):
        for c in range(4):
            if (r, c) != (1, 1):
                city[(r, c)] = next(kinds)
    city[(0, 0)] = "vegetable-farm"  # the starting buildings stay at (0, 0) and (0, 1)
    s = turn(city=city, hand=["house-4"]).state()
    assert builds(s, "house-4") == {(1, 1)}


# -- cost and buying -------------------------------------------------------------------

# CARDS.md cost column, written out by hand.
COSTS = {
    "vegetable-farm": 2, "grain-farm": 2, "sheep-farm": 2, "vineyard": 2, "house-2": 1,
    "house-3": 2, "house-4": 3, "villa-2": 1, "villa-3": 2, "villa-4": 3, "market": 3,
    "forum-romanum": 3, "arena": 3, "colosseum": 3, "school": 3, "university": 3, "baths": 3,
    "imperial-baths": 3, "aqueduct": 1, "grand-aqueduct": 1, "temple-luna": 2,
    "temple-mars": 2, "temple-venus": 2, "temple-jupiter": 2, "temple-mercury": 2,
    "temple-minerva": 3, "temple-fortuna": 3, "temple-cupid": 3, "temple-juno": 3,
    "temple-saturn": 3, "shrine": 0}


def test_cost_table():
    assert {k: b.cost for k, b in BUILDINGS.items()} == COSTS


@pytest.mark.parametrize("kind", ["house-2", "house-3", "house-4", "vineyard", "temple-minerva",
                                  "temple-saturn", "arena", "aqueduct", "temple-luna"])
def test_missing_bricks_cost_two_coins_each(kind):
    # With no bricks at all (one cog only), exactly 2 x cost coins make the build legal and
    # are all spent; one coin less makes it illegal.
    cost = COSTS[kind]
    s = turn(hand=[kind], coins=2 * cost, bricks=0, cogs=1).state()
    assert (0, 2) in builds(s, kind)
    t = act(s, f"build {kind} 0,2")
    assert t.players[0].coins == 0  # (the arena's effect is influence, not coins)
    s = turn(hand=[kind], coins=2 * cost - 1, bricks=0, cogs=1).state()
    assert builds(s, kind) == set()


def test_bricks_from_the_strip_are_free():
    s = turn(hand=["house-4"], coins=5, bricks=3).state()
    t = act(s, "build house-4 0,2")
    assert t.players[0].coins == 5


def test_brick_tokens_are_spent_before_coins():
    # 1 brick from the strip, house-4 costs 3: the 2 missing bricks come from the two brick
    # tokens (grain farm and vineyard), no coins.
    city = {**START, (1, 0): "grain-farm", (1, 1): "vineyard"}
    s = turn(city=city, tokens=[(1, 0), (1, 1)], hand=["house-4"], coins=5, bricks=1).state()
    t = act(s, "build house-4 0,2")
    assert t.players[0].coins == 5
    assert t.players[0].bricks == ()


def test_one_token_then_coins():
    # 1 brick + 1 token + 1 bought brick (2 coins) = 3: coins 5 -> 3, the token is gone.
    city = {**START, (1, 0): "grain-farm"}
    s = turn(city=city, tokens=[(1, 0)], hand=["house-4"], coins=5, bricks=1).state()
    t = act(s, "build house-4 0,2")
    assert t.players[0].coins == 3
    assert t.players[0].bricks == ()


def test_unused_tokens_stay_when_bricks_suffice():
    city = {**START, (1, 0): "grain-farm"}
    s = turn(city=city, tokens=[(1, 0)], hand=["house-2"], coins=5, bricks=1).state()
    t = act(s, "build house-2 0,2")
    assert t.players[0].bricks == ((1, 0),) and t.players[0].coins == 5


def test_unaffordable_builds_are_absent():
    # 0 bricks, 3 coins = 1 brick: house-2 (1) yes, house-3 (2) and house-4 (3) no.
    s = turn(hand=["house-2", "house-3", "house-4"], coins=3, bricks=0, cogs=1).state()
    kinds = {a.split()[1] for a in texts(s) if a.startswith("build")}
    assert kinds == {"house-2"}
    # A brick token adds one brick: house-3 becomes affordable, house-4 still not.
    city = {**START, (1, 0): "grain-farm"}
    s = turn(city=city, tokens=[(1, 0)], hand=["house-2", "house-3", "house-4"], coins=3,
             bricks=0, cogs=1).state()
    kinds = {a.split()[1] for a in texts(s) if a.startswith("build")}
    assert kinds == {"house-2", "house-3"}


def test_build_takes_the_card_from_the_hand():
    s = turn(hand=["house-2", "house-3"]).state()
    t = act(s, "build house-3 1,1")
    assert hand_of(t, 0) == ["house-2"]
    assert city_of(t, 0) == {**START, (1, 1): "house-3"}


# -- stars ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind, stars", [
    ("temple-mars", 3), ("temple-jupiter", 2), ("temple-mercury", 2), ("temple-luna", 1),
    ("temple-venus", 1), ("villa-2", 1), ("villa-3", 1), ("villa-4", 1), ("grand-aqueduct", 1),
    ("house-2", 0), ("vineyard", 0), ("temple-minerva", 0), ("aqueduct", 0)])
def test_stars_give_influence_tokens(kind, stars):
    s = turn(hand=[kind], influence=2).state()
    t = act(s, f"build {kind} 0,2")
    assert t.players[0].influence == 2 + stars


# -- on-build effects ------------------------------------------------------------------

@pytest.mark.parametrize("kind, pos, coins", [
    ("market", (1, 1), 5 + 2),          # 2 neighbours
    ("market", (0, 2), 5 + 1),          # 1 neighbour
    ("forum-romanum", (1, 1), 5 + 1 + 2),
    ("forum-romanum", (0, 2), 5 + 1 + 1)])
def test_market_family_coins(kind, pos, coins):
    s = turn(city=L3, hand=[kind], coins=5, bricks=3).state()
    t = act(s, f"build {kind} {pos[0]},{pos[1]}")
    assert t.players[0].coins == coins
    assert t.players[0].influence == 0


@pytest.mark.parametrize("kind, pos, influence", [
    ("arena", (1, 1), 2), ("arena", (0, 2), 1),
    ("colosseum", (1, 1), 1 + 2), ("colosseum", (0, 2), 1 + 1)])
def test_arena_family_influence(kind, pos, influence):
    s = turn(city=L3, hand=[kind], coins=5, bricks=3).state()
    t = act(s, f"build {kind} {pos[0]},{pos[1]}")
    assert t.players[0].influence == influence
    assert t.players[0].coins == 5


@pytest.mark.parametrize("kind, pos, tokens", [
    ("baths", (1, 1), 2), ("baths", (0, 2), 1),
    ("imperial-baths", (1, 1), 1 + 2), ("imperial-baths", (0, 2), 1 + 1)])
def test_baths_family_point_tokens(kind, pos, tokens):
    s = turn(city=L3, hand=[kind], bricks=3).state()
    t = act(s, f"build {kind} {pos[0]},{pos[1]}")
    assert t.players[0].points == {pos: tokens}


@pytest.mark.parametrize("kind, expected", [
    ("market", ("coins", 5 + 4)), ("forum-romanum", ("coins", 5 + 5)),
    ("arena", ("influence", 4)), ("colosseum", ("influence", 5))])
def test_four_neighbours(kind, expected):
    s = turn(city=CROSS, hand=[kind], coins=5, bricks=3).state()
    t = act(s, f"build {kind} 1,1")
    field, value = expected
    assert getattr(t.players[0], field) == value


def test_baths_with_four_neighbours():
    s = turn(city=CROSS, hand=["imperial-baths"], bricks=3).state()
    t = act(s, "build imperial-baths 1,1")
    assert t.players[0].points == {(1, 1): 5}


# -- school and university ---------------------------------------------------------------

def _school(kind="school", n=4, top=("house-3", "temple-cupid", "arena"), exact=None,
            empty=()):
    p = Position(n, seed=1).city(0, L3).hand(0, [kind]).set(0, coins=5)
    if exact is not None:
        p.deck_exact("III", exact)
    elif n >= 3:
        p.deck_top("III", top)
    for d in empty:
        p.deck_exact(d, [])
    return p.turn(0, bricks=3, cogs=0).state()


def test_school_deck_choice_other_than_i_in_game_and_not_empty():
    t = act(_school(), "build school 1,1")
    assert t.step == "school-deck"
    assert texts(t) == ["school II", "school III", "school IV"]
    t = act(_school(empty=("III",)), "build school 1,1")
    assert texts(t) == ["school II", "school IV"]
    t = act(_school(n=3), "build school 1,1")
    assert texts(t) == ["school II", "school III"]
    t = act(_school(n=2), "build school 1,1")
    assert texts(t) == ["school II"]


def test_school_draws_one_per_neighbour_keeps_one_rest_to_the_bottom():
    s = _school()
    deck_before = s.decks["III"]
    t = act(s, "build school 1,1", "school III")  # 2 neighbours: draw 2
    assert t.step == "school-keep"
    assert kinds_of(t, t.draw) == ["house-3", "temple-cupid"]
    assert texts(t) == ["keep house-3", "keep temple-cupid"]
    t = act(t, "keep temple-cupid")
    assert t.step == "act"
    assert hand_of(t, 0) == ["temple-cupid"]
    # The deck lost its top two; the house-3 went under the rest.
    assert t.decks["III"] == deck_before[2:] + (deck_before[0],)
    assert kinds_of(t, t.decks["III"][:1]) == ["arena"]
    # The kept card came from a secret draw: only its owner knows it.
    (_card, mask), = t.players[0].hand
    assert mask == 1


def test_university_draws_one_extra_rest_to_the_bottom_in_drawn_order():
    s = _school("university")
    deck_before = s.decks["III"]
    t = act(s, "build university 1,1", "school III")  # 1 + 2 neighbours = 3
    assert kinds_of(t, t.draw) == ["house-3", "temple-cupid", "arena"]
    t = act(t, "keep temple-cupid")
    assert t.decks["III"] == deck_before[3:] + (deck_before[0], deck_before[2])
    assert hand_of(t, 0) == ["temple-cupid"]


def test_school_draws_what_is_left_at_a_decks_end():
    s = _school("university", exact=["temple-cupid"])
    t = act(s, "build university 1,1", "school III")  # wants 3, only 1 left
    assert kinds_of(t, t.draw) == ["temple-cupid"]
    t = act(t, "keep temple-cupid")
    assert t.decks["III"] == ()
    assert hand_of(t, 0) == ["temple-cupid"]


def test_school_with_every_other_deck_empty_does_nothing():
    s = _school(n=2, empty=("II",))
    t = act(s, "build school 1,1")
    assert t.step == "act"
    assert t.players[0].hand == ()
    assert t.built is True


def test_school_draw_is_seen_only_by_its_owner():
    t = act(_school(), "build school 1,1", "school III")
    assert observation(t, 0)["draw"] == ["house-3", "temple-cupid"]
    for seat in (1, 2, 3):
        assert observation(t, seat)["draw"] is None
        assert observation(t, seat)["draw_count"] == 2


def test_school_then_produce_in_the_same_turn():
    t = act(_school(), "build school 1,1", "school II")
    t = act(t, f"keep {kinds_of(t, t.draw)[0]}")
    assert "produce" in texts(t)
    assert not any(a.startswith("build") for a in texts(t))


def test_shrine_costs_nothing():
    # Mini-expansion: "the player does not need any bricks to build the shrine".
    p = Position(3, seed=2, shrine=True).set(0, coins=0)
    s = p.turn(0, bricks=0, cogs=1).state()
    assert (0, 2) in builds(s, "shrine")
    t = act(s, "build shrine 0,2")
    assert t.players[0].coins == 0
    assert city_of(t, 0)[(0, 2)] == "shrine"
