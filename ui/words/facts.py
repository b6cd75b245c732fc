"""Rule facts the table shows that ``rome``'s top level does not export yet.

Why one module: the UI must use only what ``rome`` publishes; the few printed facts it
also needs (rounds per player count, a strip's symbols, how a residential area and a
temple score, and for the rules dialog the draft's deck, the worth of influence tokens
and the tie-breaks) are read here and nowhere else in ``ui/``, so when the engine
exports them only this file changes. Everything here is public-information arithmetic
on an observation or on the engine's scoring: nothing reads a ``GameState``.
"""

from __future__ import annotations

from functools import cache

import rome
from rome.cards import (
    DECK_NAMES,
    DECKS,
    SHAPES,
    card_instances,
    space_resources,
    strip_symbols,
)
from rome.scoring import (
    TEMPLE_SCORING,
    CityFacts,
    area_points,
    rank_key,
    residential_areas,
    score_city,
)

Pos = tuple[int, int]


def rounds(num_players: int) -> int:
    """How many rounds a game of ``num_players`` lasts."""
    return SHAPES[num_players].rounds


def emissaries(num_players: int) -> int:
    """Emissaries each player places per round."""
    return SHAPES[num_players].emissaries


def strip_in_use(obs: rome.Observation) -> tuple[int, bool]:
    """(strip, flipped) of the strip in use, which every seat always sees (the stack's
    first; only the ones below it may be unseen)."""
    now = obs["strips"][0]
    assert now is not None
    return now


def strip_now(obs: rome.Observation) -> tuple[str, list[tuple[int, int]]]:
    """The strip in use: its symbols from the emperor out and (bricks, cogs) per space."""
    strip, flipped = strip_in_use(obs)
    return (strip_symbols(strip, flipped),
            [space_resources(strip, flipped, s) for s in range(1, 6)])


def kinds_of(player: rome.SeenPlayer) -> dict[Pos, str]:
    """An observed player's city as position -> building id."""
    return {(r, c): kind for r, c, kind, _deck in player["city"]}


def areas(player: rome.SeenPlayer) -> list[tuple[list[Pos], int, int]]:
    """Each residential area: its positions, its points and the bath bonus within them."""
    kinds = kinds_of(player)
    tokens = {(r, c): k for r, c, k in player["points"]}
    out = []
    for area in residential_areas(kinds):
        total = area_points(kinds, tokens, area)
        bare = area_points(kinds, {}, area)
        out.append((area, total, total - bare))
    return out


def temple_points(player: rome.SeenPlayer) -> list[tuple[Pos, str, int]]:
    """Each temple in the city with the points it scores now."""
    kinds = kinds_of(player)
    facts = CityFacts(kinds, player["coins"])
    return [(pos, k, TEMPLE_SCORING[k](facts)) for pos, k in sorted(kinds.items())
            if k in TEMPLE_SCORING]


def aqueduct_count(player: rome.SeenPlayer) -> int:
    """How many aqueducts (of either kind) the city holds."""
    return sum(1 for k in kinds_of(player).values() if rome.BUILDINGS[k].type == "aqueduct")


def decks_in_play(num_players: int) -> tuple[str, ...]:
    """The decks a game of ``num_players`` deals from, in order (from its cards: a game's
    shape is not read here, its field ``decks`` shares its name with the hidden piles)."""
    backs = {c.deck for c in card_instances(num_players, False)}
    return tuple(d for d in DECK_NAMES if d in backs)


@cache
def draft_deck() -> str:
    """The deck the opening draft is dealt from: the one a new game has drawn from."""
    obs = rome.observation(rome.new_game(2, seed=0), 0)
    return str(next(d for d, left in obs["decks"].items() if left < len(DECKS[d])))


@cache
def tokens_per_point() -> int:
    """How many influence tokens make one point at the final scoring."""
    return next(n for n in range(1, 100) if score_city({}, {}, 0, n, ())["influence_tokens"])


def points_per_coin() -> int:
    """What one coin is worth at the final scoring."""
    return int(score_city({}, {}, 1, 0, ())["coins"])


def tie_breaks() -> tuple[str, ...]:
    """What breaks a tie on points, in order (``"influence tokens"``, ``"coins"``): the
    engine's ranking key, asked with each tie-break's own number."""
    asked = {1: "influence tokens", 2: "coins"}
    return tuple(asked[v] for v in rank_key({"total": 0}, 1, 2)[1:])
