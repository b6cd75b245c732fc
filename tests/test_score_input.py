"""The score command's reader (``rome.score_input.read_city``, issue 10): it refuses every
city no game could produce, each refusal in one line, and accepts the cities games make.

The expected limits are written out from the rulebooks (CARDS.md, DECISIONS.md), not read
from the engine."""

from __future__ import annotations

import pytest

from rome import FinishedCity, ScoreInputError, read_city, score_finished_city

START_ROW = ["vegetable-farm", "house-2"]


def city(*rows: list[object], **extra: object) -> dict[str, object]:
    return {"city": list(rows), **extra}


def baths(kind: str, tokens: object) -> dict[str, object]:
    return {"card": kind, "point_tokens": tokens}


# A plus around (1, 1): the bath in the middle has 4 neighbours, but the house-3 right of
# it and the house-4 below it can only be built next to it, so after it: 2 tokens at most.
def plus(centre: object) -> dict[str, object]:
    return city(["vegetable-farm", "house-2", None],
                ["house-3", centre, "house-3"],
                [None, "house-4", None])


# The same bath in a 3 x 3 block: each neighbour can be built before it, so 1 to 4 tokens.
def block(centre: object) -> dict[str, object]:
    return city(["vegetable-farm", "house-2", "house-3"],
                ["house-3", centre, "house-3"],
                ["house-4", "house-4", "house-4"])


def corner(cell: object) -> dict[str, object]:
    return city(START_ROW + [None], ["house-3", "house-3", cell])  # (1, 2): 1 neighbour


REFUSALS = {
    # shape of the data
    "not-an-object": ([START_ROW], "JSON object"),
    "unknown-key": (city(START_ROW, score=3), "unknown key 'score'"),
    "rows-not-lists": (city("vegetable-farm"), "list of rows"),
    "five-rows": (city(*[START_ROW] * 5), "wider or taller"),
    "five-columns": (city(START_ROW * 2 + ["house-3"]), "wider or taller"),
    "bad-cell-object": (city(["vegetable-farm", {"kind": "house-2"}]), "a cell object is"),
    "unknown-building": (city(["vegetable-farm", "house-9"]), "unknown building 'house-9'"),
    "one-building": (city(["house-2"]), "at least two buildings"),
    # the city itself (rome.invariants.CITY_INVARIANTS)
    "two-aqueducts-in-a-row": (city(START_ROW, ["aqueduct", "house-3", "aqueduct"]),
                               "two aqueducts in row 2"),
    "two-aqueducts-in-a-column": (city(START_ROW, ["aqueduct", "house-3"],
                                       ["grand-aqueduct", None]), "two aqueducts in column 1"),
    "disconnected": (city(START_ROW + [None, "house-3"]), "not connected"),
    "tokens-on-a-house": (city(["vegetable-farm", baths("house-2", 1)]), "only a thermal bath"),
    "baths-more-tokens-than-neighbours": (corner(baths("baths", 2)), "2 point tokens"),
    "baths-without-tokens": (corner("baths"), "0 point tokens"),
    "baths-four-neighbours-five-tokens": (block(baths("baths", 5)), "5 point tokens"),
    # a bath holds the neighbours it had when built (issue 32): built next to the starting
    # pair, before the houses that can only be built next to it
    "baths-counting-later-neighbours": (plus(baths("baths", 3)), "fit no order of building"),
    "imperial-counting-later-neighbours": (plus(baths("imperial-baths", 5)),
                                           "fit no order of building"),
    "two-baths-counting-each-other": (city(START_ROW, [baths("baths", 2), baths("baths", 2)]),
                                      "fit no order of building"),
    "imperial-more-than-neighbours-plus-one": (corner(baths("imperial-baths", 3)),
                                               "3 point tokens"),
    "imperial-fewer-than-two": (corner(baths("imperial-baths", 1)), "1 point tokens"),
    "lost-a-starting-building": (city(["house-2", "house-3"], ["market", "house-3"]),
                                 "no starting buildings"),
    "starting-buildings-apart": (city(["vegetable-farm", "house-3", "house-2"]),
                                 "no starting buildings"),
    # what a whole game can give
    "too-many-copies": (city(START_ROW + ["temple-luna", "temple-luna"]),
                        "2 × temple-luna, but the game has only 1"),
    "deck-iii-card-in-a-2-player-game": (city(START_ROW + ["temple-fortuna"],
                                              influence_cards=[4]), "2-player game"),
    "too-many-house-2-for-2-players": (city(START_ROW + ["house-2"] * 2, ["house-2"] * 4,
                                            influence_cards=[8]), "7 × house-2"),
    "two-shrines": (city(START_ROW + ["shrine", "shrine"]), "2 × shrine"),
    "influence-of-two-games": (city(START_ROW, influence_cards=[3, 4]), "not cards of one game"),
    "influence-card-twice": (city(START_ROW, influence_cards=[14, 14]), "not cards of one game"),
    "influence-card-unknown": (city(START_ROW, influence_cards=[5]), "not cards of one game"),
    "influence-cards-not-a-list": (city(START_ROW, influence_cards=3), "must be a list"),
    "influence-card-not-a-number": (city(START_ROW, influence_cards=["3"]), "whole number"),
    "negative-coins": (city(START_ROW, coins=-1), "negative"),
    # 5 coins, then 14 turns of one produce (4 vegetable farms and a vineyard) and one
    # build (a Forum Romanum with 4 neighbours): 5 + 14 x 10; tokens 14 x (3 sheep + 5)
    "coins-beyond-a-game": (city(START_ROW, coins=146), "no game gives more than 145"),
    "coins-beyond-a-2-player-game": (city(START_ROW, coins=118, influence_cards=[4]),
                                     "no game gives more than 117"),
    "coins-not-whole": (city(START_ROW, coins=2.5), "whole number"),
    "coins-true": (city(START_ROW, coins=True), "whole number"),
    "tokens-beyond-a-game": (city(START_ROW, influence_tokens=113),
                             "no game gives more than 112"),
    "negative-point-tokens": (city(START_ROW, ["market", baths("baths", -2)]), "negative"),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refused_with_a_one_line_reason(name: str) -> None:
    data, words = REFUSALS[name]
    with pytest.raises(ScoreInputError) as info:
        read_city(data)
    assert words in str(info.value)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200


ACCEPTED = {
    "starting-pair": city(START_ROW),
    "starting-pair-vertical": city(["vegetable-farm"], ["house-2"]),  # publisher: any layout
    "starting-pair-reversed": city(["house-2", "vegetable-farm"]),
    "farm-replaced-by-an-aqueduct": city(["aqueduct", "house-2"]),
    "house-replaced-by-a-grand-aqueduct": city(["vegetable-farm", "grand-aqueduct"]),
    "baths-one-per-neighbour": corner(baths("baths", 1)),
    "imperial-neighbours-plus-one": corner(baths("imperial-baths", 2)),
    "baths-four-neighbours": block(baths("baths", 4)),
    "imperial-four-neighbours": block(baths("imperial-baths", 5)),
    "baths-two-of-four-neighbours": plus(baths("baths", 2)),
    "two-baths-the-later-counting-the-other": city(START_ROW, [baths("baths", 1),
                                                               baths("baths", 2)]),
    "baths-fewer-than-neighbours": plus(baths("baths", 1)),  # neighbours came later
    "two-player-game": city(START_ROW + ["house-2"] * 2, ["house-2"] * 3,
                            influence_cards=[4, 8, 14]),
    "most-coins": city(START_ROW, coins=145, influence_tokens=112),
    "most-coins-of-2-players": city(START_ROW, coins=117, influence_tokens=84,
                                    influence_cards=[8]),
}


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_possible_cities_are_accepted(name: str) -> None:
    assert isinstance(read_city(ACCEPTED[name]), FinishedCity)


def test_score_finished_city_scores_what_read_city_accepted() -> None:
    # The house-3 area (1, 0)-(1, 1) touches one colour, the baths (blue) with 1 token:
    # 6 x 1 + 1 = 7; the house-2 at (0, 1) touches no public building: 0.  7 coins; 5
    # influence tokens -> 2; the influence card 6.
    got = score_finished_city(read_city(city(
        START_ROW + [None], ["house-3", "house-3", baths("baths", 1)],
        coins=7, influence_tokens=5, influence_cards=[6])))
    assert got["residential"] == 6 * 1 + 1
    assert got["coins"] == 7 and got["influence_tokens"] == 2 and got["influence_cards"] == 6
    assert got["total"] == 7 + 7 + 2 + 6
