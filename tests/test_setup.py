"""Setup: decks, influence cards in deck I, coins, starting cities, first player, Shrine,
action strips (publisher rulebook "Setup" and "The 2-Player Game", CARDS.md, DECISIONS 1-5)."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import STRIP_FRONTS, kinds_of
from rome import RomeError, new_game
from rome.cards import card_instances, space_resources

SEEDS = range(12)

# CARDS.md "Decks", written out by hand.
DECK_I = Counter({
    "vineyard": 1, "villa-2": 1, "villa-3": 1, "villa-4": 1, "forum-romanum": 1, "colosseum": 1,
    "university": 1, "imperial-baths": 1, "grand-aqueduct": 1, "temple-luna": 1,
    "temple-mars": 1, "temple-venus": 1, "temple-jupiter": 1, "temple-mercury": 1})
DECK_II = Counter({
    "vegetable-farm": 1, "grain-farm": 1, "sheep-farm": 1, "house-2": 5, "house-3": 3,
    "house-4": 2, "market": 1, "arena": 1, "school": 1, "baths": 1, "aqueduct": 4,
    "temple-minerva": 1})
DECK_III = Counter({
    "vegetable-farm": 1, "grain-farm": 1, "sheep-farm": 1, "house-2": 3, "house-3": 3,
    "house-4": 1, "market": 1, "arena": 1, "school": 1, "baths": 1, "aqueduct": 2,
    "temple-fortuna": 1, "temple-cupid": 1})
DECK_IV = Counter({
    "vegetable-farm": 1, "grain-farm": 1, "sheep-farm": 1, "house-2": 3, "house-3": 3,
    "house-4": 1, "market": 1, "arena": 1, "school": 1, "baths": 1, "aqueduct": 2,
    "temple-juno": 1, "temple-saturn": 1})


def test_deck_sizes_from_the_rulebook_table():
    # "14 Cards / 22 Cards / 18 Cards / 18 Cards"
    assert sum(DECK_I.values()) == 14
    assert sum(DECK_II.values()) == 22
    assert sum(DECK_III.values()) == 18
    assert sum(DECK_IV.values()) == 18


@pytest.mark.parametrize("n, decks", [(2, ("I", "II")), (3, ("I", "II", "III")),
                                      (4, ("I", "II", "III", "IV"))])
def test_decks_in_game_per_player_count(n, decks):
    # 2p: decks I and II only; 3p: deck IV goes back to the box; 4p: all four.
    s = new_game(n, seed=1)
    assert sorted(s.decks) == sorted(decks)
    assert sorted(s.offer) == sorted(decks)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_deck_sizes_after_setup(n, seed):
    s = new_game(n, seed=seed)
    influence = 3 if n == 2 else 4  # 4, 8, 14 with two players; 3, 6, 10, 14 otherwise
    assert len(s.decks["I"]) == 14 + influence
    # The opening draft takes as many deck II cards as there are players.
    assert len(s.draft_pool) == n
    assert len(s.decks["II"]) == 22 - n
    if n >= 3:
        assert len(s.decks["III"]) == 18
    if n == 4:
        assert len(s.decks["IV"]) == 18


@pytest.mark.parametrize("n", [2, 3, 4])
def test_deck_composition(n):
    s = new_game(n, seed=5)
    deck_i = [k for k in kinds_of(s, s.decks["I"]) if not k.startswith("influence-")]
    assert Counter(deck_i) == DECK_I
    assert Counter(kinds_of(s, s.decks["II"]) + kinds_of(s, s.draft_pool)) == DECK_II
    if n >= 3:
        assert Counter(kinds_of(s, s.decks["III"])) == DECK_III
    if n == 4:
        assert Counter(kinds_of(s, s.decks["IV"])) == DECK_IV


def test_eighty_building_cards_in_all():
    # CARDS.md: 8 starting buildings + 72 deck cards = 80 building cards (4-player game).
    buildings = [c for c in card_instances(4, False) if not c.influence]
    assert len(buildings) == 80


def _influence_layout(s):
    return [(i, k) for i, k in enumerate(kinds_of(s, s.decks["I"])) if k.startswith("influence-")]


@pytest.mark.parametrize("seed", SEEDS)
def test_influence_cards_in_deck_i_two_players(seed):
    # 2p: the 4 between the 4th and 5th card (index 4), the 8 between the 8th and 9th
    # building (4 buildings + the 4 + 4 buildings = index 9), the 14 at the bottom of the
    # 17-card deck (index 16).
    s = new_game(2, seed=seed)
    assert _influence_layout(s) == [(4, "influence-4"), (9, "influence-8"), (16, "influence-14")]


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_influence_cards_in_deck_i_three_four_players(n, seed):
    # 3 after the 3rd building (index 3), 6 after the 6th (3 + 1 + 3 = index 7), 10 after the
    # 10th (7 + 1 + 4 = index 12), 14 at the bottom of the 18-card deck (index 17).
    s = new_game(n, seed=seed)
    assert _influence_layout(s) == [(3, "influence-3"), (7, "influence-6"),
                                    (12, "influence-10"), (17, "influence-14")]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_five_coins_no_influence(n):
    s = new_game(n, seed=2)
    for p in s.players:
        assert p.coins == 5
        assert p.influence == 0
        assert p.influence_cards == ()
        assert p.bricks == ()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_starting_city(n):
    # DECISIONS 2: vegetable farm and house-2 side by side, farm on the left; the notation
    # fixes the farm at (0, 0) and the house at (0, 1).
    s = new_game(n, seed=4)
    table = card_instances(n, False)
    for p in s.players:
        assert {pos: table[c].kind for pos, c in p.city.items()} == {
            (0, 0): "vegetable-farm", (0, 1): "house-2"}
        assert all(table[c].deck == "start" for c in p.city.values())
        assert p.hand == ()  # the opening draft has not happened yet


def test_first_player_from_the_seed():
    # DECISIONS 1: the generator picks the first player: every seat gets picked for some
    # seed, and the same seed always picks the same seat.
    for n in (2, 3, 4):
        firsts = {new_game(n, seed=seed).first_player for seed in range(60)}
        assert firsts == set(range(n))
        for seed in range(10):
            assert new_game(n, seed=seed).first_player == new_game(n, seed=seed).first_player


def test_same_seed_same_game_other_seed_other_deck():
    assert new_game(3, seed=42).to_dict() == new_game(3, seed=42).to_dict()
    orders = {tuple(new_game(3, seed=seed).decks["II"]) for seed in range(10)}
    assert len(orders) == 10


@pytest.mark.parametrize("n", [2, 3, 4])
def test_shrine_off_by_default(n):
    s = new_game(n, seed=0)
    assert s.shrine is False
    assert all(c.kind != "shrine" for c in card_instances(n, False))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_shrine_option_gives_each_player_a_shrine(n):
    s = new_game(n, seed=0, shrine=True)
    for p in s.players:
        assert kinds_of(s, [c for c, _m in p.hand]) == ["shrine"]
    assert sum(c.kind == "shrine" for c in card_instances(n, True)) == n


@pytest.mark.parametrize("seed", SEEDS)
def test_strips_are_a_permutation_of_the_six(seed):
    s = new_game(4, seed=seed)
    assert sorted(strip for strip, _f in s.strips) == [0, 1, 2, 3, 4, 5]


def test_strip_orientation_is_random():
    sides = {flipped for seed in range(20) for _s, flipped in new_game(3, seed=seed).strips}
    assert sides == {False, True}
    orders = {tuple(s for s, _f in new_game(3, seed=seed).strips) for seed in range(20)}
    assert len(orders) > 1


def test_strip_spaces_match_cards_md():
    # Each strip: three bricks and two cogs; an emissary on space k gets spaces 1..k.
    for strip, front in enumerate(STRIP_FRONTS):
        assert sorted(front) == ["B", "B", "B", "C", "C"]
        for flipped, side in ((False, front), (True, front[::-1])):
            for k in range(1, 6):
                assert space_resources(strip, flipped, k) == (side[:k].count("B"),
                                                              side[:k].count("C"))
    # Strip 1 "C C B B B": space 3 gives 1 brick 2 cogs; its back "B B B C C" gives 3 and 0.
    assert space_resources(0, False, 3) == (1, 2)
    assert space_resources(0, True, 3) == (3, 0)
    assert space_resources(0, True, 5) == (3, 2)


@pytest.mark.parametrize("n", [1, 5, 0])
def test_player_count_outside_two_to_four_is_refused(n):
    with pytest.raises(RomeError):
        new_game(n, seed=0)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_draft_pool_is_the_top_of_deck_ii_and_starts_the_game(n):
    s = new_game(n, seed=8)
    assert s.phase == "draft"
    assert s.round == 0
    assert kinds_of(s, s.draft_pool)  # n deck II cards
    assert all(card_instances(n, False)[c].deck == "II" for c in s.draft_pool)


@pytest.mark.parametrize("size", [0, 1, 2, 6, 37, 300])
def test_shuffle_draws_as_below_does(size):
    """``rng.shuffled`` writes SplitMix64 out in one loop for speed: it must make exactly
    the swaps (and leave exactly the state) of one ``below`` call per position."""
    from rome.rng import below, seed_state, shuffled

    for seed in range(40):
        state = seed_state(seed)
        expected = list(range(size))
        for i in range(size - 1, 0, -1):
            j, state = below(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled(seed_state(seed), range(size)) == (expected, state)
