"""The most coins and influence tokens a seat can hold after a number of turns, derived
from the rules once, for the save reader, the invariants and the score command.

Derivation (the publisher's rules, CARDS.md, DECISIONS 6 and 8):

* **Start.** Each player takes 5 coins and no influence tokens (:data:`STARTING_COINS`).
* **Turns.** A seat's coins and tokens change only in its own turns (influence scoring
  only takes tokens away).  A game gives each seat ``rounds × emissaries`` turns: 7 × 2
  with two players, 14 × 1 with three or four (:data:`TURNS_IN_GAME`).
* **A turn** is at most one produce and at most one build (DECISIONS 8); taking a card
  gives nothing.
* **A produce** gives 1 coin per vegetable farm and vineyard and 1 influence token per
  sheep farm in the city.  A city holds at most every copy of a kind the game has (its
  own starting farm plus the decks' copies: :func:`copies_per_city`), so a produce gives
  at most that many: 5 coins and 3 tokens with four players, 4 and 2 with three, 3 and 1
  with two (:func:`most_per_produce`).
* **A build** gives its stars in influence tokens, and a market or Forum Romanum 1 coin
  (an Arena or Colosseum 1 token) per neighbour, plus the Forum's (Colosseum's) extra 1.
  A space has 4 orthogonal neighbours, so a build gives at most 5 coins (Forum Romanum)
  and 5 tokens (Colosseum; a Temple of Mars' 3 stars are fewer) in any game
  (:func:`most_per_build`).

So after ``t`` whole turns a seat holds at most ``5 + t × (produce + build)`` coins and
``t × (produce + build)`` tokens, plus, in its turn under way, what the produce or build
it has already made can have given (:func:`most_coins`, :func:`most_influence`).  Each
action then adds no more than the bound grows, so a state within the bounds stays within
them as it is played on: a save at a round's start cannot hold the whole game's coins.
A finished city is bounded by the whole game of the largest player count its influence
cards allow (:func:`most_coins_in_game`): 145 coins and 112 tokens with four players.

These are upper bounds, not the coins a game reaches: no city produces from all its
copies in the first turn, nor builds a Forum Romanum in every turn.  They are what can be
said without replaying the game, and a test plays many seeded games to check that no
seat ever goes past them.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from .cards import (
    BUILDINGS,
    SHAPES,
    SHRINE_DECK,
    START,
    STARTING_CITY,
    STARTING_COINS,
    card_instances,
)

NEIGHBOURS = 4
"""The most buildings orthogonally next to one space (DECISIONS 13 counts only those)."""

TURNS_IN_GAME = {n: shape.rounds * shape.emissaries for n, shape in SHAPES.items()}
"""Turns one seat takes in a whole game, by player count (14 in every game)."""


@cache
def copies_per_city(num_players: int) -> Counter[str]:
    """The most copies of each building one city of a game of ``num_players`` can hold:
    every deck's copies, plus the city's own two starting buildings and its own shrine."""
    cards = card_instances(num_players, True)
    most: Counter[str] = Counter(c.kind for c in cards
                                 if c.deck not in (START, SHRINE_DECK) and not c.influence)
    most.update(kind for _r, _c, kind in STARTING_CITY)
    most["shrine"] = 1
    return most


@cache
def most_per_produce(num_players: int) -> tuple[int, int]:
    """(coins, influence tokens) one produce can give: every copy of each producing
    kind in one city, each giving what its card says."""
    copies = copies_per_city(num_players)
    return (sum(BUILDINGS[k].produce_coins * n for k, n in copies.items()),
            sum(BUILDINGS[k].produce_influence * n for k, n in copies.items()))


def _build_gain(base: int) -> int:
    """A market-family effect with this base (-1: none) on a space with 4 neighbours."""
    return base + NEIGHBOURS if base >= 0 else 0


@cache
def most_per_build(num_players: int) -> tuple[int, int]:
    """(coins, influence tokens) one build can give: the best building the game has,
    built with 4 neighbours."""
    kinds = [BUILDINGS[k] for k in copies_per_city(num_players)]
    return (max(_build_gain(b.build_coins) for b in kinds),
            max(b.stars + _build_gain(b.build_influence) for b in kinds))


def most_coins(num_players: int, turns: int, produced: bool = False,
               built: bool = False) -> int:
    """The most coins a seat holds after ``turns`` whole turns and, in a turn under way,
    a produce (``produced``) and a build (``built``) already made."""
    produce, build = most_per_produce(num_players)[0], most_per_build(num_players)[0]
    return (STARTING_COINS + turns * (produce + build)
            + produce * produced + build * built)


def most_influence(num_players: int, turns: int, produced: bool = False,
                   built: bool = False) -> int:
    """The most influence tokens a seat holds after ``turns`` whole turns and, in a turn
    under way, a produce and a build already made (the game starts with none)."""
    produce, build = most_per_produce(num_players)[1], most_per_build(num_players)[1]
    return turns * (produce + build) + produce * produced + build * built


def most_coins_in_game(num_players: int) -> int:
    """The most coins a finished city of a game of ``num_players`` can hold."""
    return most_coins(num_players, TURNS_IN_GAME[num_players])


def most_influence_in_game(num_players: int) -> int:
    """The most influence tokens a finished city of a game of ``num_players`` can hold."""
    return most_influence(num_players, TURNS_IN_GAME[num_players])


__all__ = ["NEIGHBOURS", "TURNS_IN_GAME", "copies_per_city", "most_coins", "most_coins_in_game",
           "most_influence", "most_influence_in_game", "most_per_build", "most_per_produce"]
