"""The produce action (rulebook "Produce Action", building reference "Production
buildings", DECISIONS 8-9) and the online edition's "produce only when it can help"."""

from __future__ import annotations

from helpers import START, Position, act, builds, texts
from rome import produce_helps, sensible_actions


def turn(city=None, tokens=(), coins=5, bricks=0, cogs=2, hand=(), influence=0):
    p = Position(4, seed=6).city(0, city or START, bricks=tokens).hand(0, list(hand))
    p.set(0, coins=coins, influence=influence)
    return p.turn(0, bricks=bricks, cogs=cogs).state()


# -- cogs ------------------------------------------------------------------------------

def test_two_cogs_produce_for_free():
    # Starting city: one vegetable farm, +1 coin.
    t = act(turn(coins=5, cogs=2), "produce")
    assert t.players[0].coins == 6


def test_one_missing_cog_costs_one_coin():
    t = act(turn(coins=5, bricks=0, cogs=1), "produce")
    assert t.players[0].coins == 5 - 1 + 1


def test_two_missing_cogs_cost_two_coins():
    t = act(turn(coins=5, bricks=3, cogs=0), "produce")
    assert t.players[0].coins == 5 - 2 + 1


def test_produce_illegal_when_the_cogs_cannot_be_bought():
    assert "produce" not in texts(turn(coins=1, bricks=3, cogs=0))
    assert "produce" in texts(turn(coins=2, bricks=3, cogs=0))
    assert "produce" not in texts(turn(coins=0, bricks=0, cogs=1))
    assert "produce" in texts(turn(coins=0, bricks=0, cogs=2))


# -- farms -----------------------------------------------------------------------------

FARMS = {**START, (1, 0): "vegetable-farm", (1, 1): "grain-farm", (0, 2): "sheep-farm",
         (1, 2): "vineyard"}


def test_every_farm_once():
    # Two vegetable farms (+2 coins) and the vineyard (+1 coin) = +3 coins; the sheep farm
    # +1 influence; a brick token on the grain farm and on the vineyard.
    t = act(turn(city=FARMS, coins=5, influence=1), "produce")
    p = t.players[0]
    assert p.coins == 8
    assert p.influence == 2
    assert p.bricks == ((1, 1), (1, 2))


def test_three_sheep_farms_three_influence():
    city = {**START, (1, 0): "sheep-farm", (1, 1): "sheep-farm", (0, 2): "sheep-farm"}
    t = act(turn(city=city), "produce")
    assert t.players[0].influence == 3
    assert t.players[0].coins == 5 + 1  # the starting vegetable farm


def test_brick_token_cap_one_per_farm():
    # The grain farm and vineyard already hold a token: still one each; the vineyard
    # still gives its coin.
    t = act(turn(city=FARMS, tokens=[(1, 1), (1, 2)], coins=0), "produce")
    assert t.players[0].bricks == ((1, 1), (1, 2))
    assert t.players[0].coins == 3


def test_one_grain_farm_with_token_one_without():
    city = {**START, (1, 0): "grain-farm", (1, 1): "grain-farm"}
    t = act(turn(city=city, tokens=[(1, 0)]), "produce")
    assert t.players[0].bricks == ((1, 0), (1, 1))


def test_produce_only_once_per_turn():
    t = act(turn(), "produce")
    assert "produce" not in texts(t)


def test_tokens_produced_can_pay_a_later_build_in_the_same_turn():
    # 0 bricks, 2 cogs, 0 coins; house-4 costs 3: not affordable before producing.
    # Produce: +2 coins (vegetable farm, vineyard), tokens on grain farm and vineyard.
    # Then house-4: 2 tokens + 1 brick bought for 2 coins -> 0 coins, 0 tokens.
    city = {**START, (1, 0): "grain-farm", (1, 1): "vineyard"}
    s = turn(city=city, coins=0, bricks=0, cogs=2, hand=["house-4"])
    assert builds(s, "house-4") == set()
    t = act(s, "produce")
    assert t.players[0].coins == 2
    assert (0, 2) in builds(t, "house-4")
    t = act(t, "build house-4 0,2")
    assert t.players[0].coins == 0
    assert t.players[0].bricks == ()


# -- produce_helps (online edition convenience) -----------------------------------------

def test_produce_helps_with_two_cogs_even_without_farms():
    city = {(0, 0): "aqueduct", (0, 1): "house-2"}  # the aqueduct replaced the farm
    assert produce_helps(turn(city=city, cogs=2))


def test_produce_helps_when_it_gains_influence():
    city = {**START, (1, 0): "sheep-farm"}
    s = turn(city=city, bricks=3, cogs=0)  # pays 2 coins, gains 1 coin + 1 influence
    assert produce_helps(s)


def test_produce_does_not_help_when_coins_do_not_exceed_cost():
    # One vegetable farm: gains 1 coin; with no cogs it costs 2 -> not offered as sensible.
    s = turn(bricks=3, cogs=0)
    assert not produce_helps(s)
    assert "produce" in texts(s)  # still legal
    assert "produce" not in [str(a) for a in sensible_actions(s)]
    # With one cog it costs 1 and gains 1: 1 > 1 is false.
    assert not produce_helps(turn(bricks=0, cogs=1))


def test_produce_helps_counts_brick_tokens_double():
    # Vegetable farm + grain farm without token: 1 + 2 x 1 = 3 > 2 coins paid.
    city = {**START, (1, 0): "grain-farm"}
    assert produce_helps(turn(city=city, bricks=3, cogs=0))
    # With the token already there: 1 + 0 = 1, not more than 2.
    assert not produce_helps(turn(city=city, tokens=[(1, 0)], bricks=3, cogs=0))
