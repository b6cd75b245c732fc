"""The evaluation's weights and its per-decision caches (:class:`Context`).

:data:`WEIGHTS` are the hand-set weights; a level may add ``fit_<term>_<phase>`` factors
(:data:`TERMS` by :data:`PHASES`) fitted from self-play.  A search keeps one
:class:`Context` for a whole decision, so what the estimate reads of a city, a hand or
the race is worked out once and found again by identity or contents.
"""

from __future__ import annotations

from collections.abc import Hashable

from .. import GameState, PlayerState, turns_left
from ..cards import SHAPES, card_instances, card_kinds
from ..city import Pos
from .evaluate_city import CityShape

HandCard = tuple[int, int]
"""(card instance, bit mask of the seats that know it), as a player record holds it."""
PlayerParts = tuple[float, float, float, float, float]
"""A player record's first five :data:`TERMS`."""

WEIGHTS: dict[str, float] = {
    "area_open_no_colour": 0.55,  # share of an uncoloured area's value a free neighbour promises
    "area_open_colour": 0.3,  # ... for an area that already touches some colours
    "public_open": 0.8,  # per free space next to a public building (up to 2)
    "hand_discount": 0.85,
    "cost_penalty": 0.7,  # points lost per brick a hand card costs (coins paid for bricks)
    "brick_token": 1.6,
    "production_per_turn": 0.35,
    "turn_brick": 1.5,
    "turn_cog": 0.5,
    "turn_order": 0.35,
    "race_pool_k": 0.7,
    "race_future_k": 0.35,
    "race_future_discount": 0.7,
    "temple_progress": 0.5,
}

TERMS: tuple[str, ...] = ("now", "potential", "hand", "bricks", "production", "turn",
                          "race_pool", "race_future")
"""The estimate's parts: final score now, what the city can still add, the hand, brick
tokens, production to come, this round's emissaries still to act, the influence race for
the cards on the table and for those still in deck I."""
PHASES: tuple[str, ...] = ("early", "mid", "late")


def phase_of(turns: int) -> int:
    """Index into :data:`PHASES` of a seat with ``turns`` turns left (a game has 14)."""
    return 0 if turns >= 9 else 1 if turns >= 4 else 2


class Context:
    """Per-decision caches.

    A search reaches the same cities again and again as different objects: each plan
    that builds the same card on the same space makes its own city, and every
    determinisation deals its own copies.  So a city's :class:`CityShape` is cached by
    the city's contents (its positions and card instances in the city's order, which
    also fixes the order the shape adds its floats in), looked up first by the city
    object's identity (kept alive with it), and the score now and the hand's value are
    cached by the shape's identity: a search of 36 000 nodes meets about a thousand
    distinct cities and makes each shape once (30 times fewer than by identity alone).
    """

    def __init__(self, num_players: int, shrine: bool, weights: dict[str, float] | None = None):
        self.n = num_players
        self.shrine = shrine
        self.kinds = card_kinds(num_players, shrine)
        self.values = tuple(c.influence for c in card_instances(num_players, shrine))
        self.shape = SHAPES[num_players]
        self.w = dict(WEIGHTS, **(weights or {}))
        self.fit: tuple[tuple[float, ...], ...] | None = None
        if any(k.startswith("fit_") for k in self.w):
            self.fit = tuple(tuple(self.w.get(f"fit_{t}_{ph}", 1.0) for t in TERMS)
                             for ph in PHASES)
        # the keys are tuples of what each value reads (see where each is filled)
        self.player_cache: dict[tuple[int, int], tuple[PlayerState, float, PlayerParts]] = {}
        self.player_contents: dict[tuple[Hashable, ...], tuple[float, PlayerParts]] = {}
        self.now_cache: dict[tuple[Hashable, ...], float] = {}  # keyed by the shape's identity
        self.hand_cache: dict[tuple[Hashable, ...], float] = {}  # keyed by the shape's identity
        self.potential_cache: dict[tuple[int, int], tuple[float, ...]] = {}  # the same
        self.hand_kinds: dict[tuple[HandCard, ...], tuple[str, ...]] = {}  # sorted kinds
        self.turns_cache: dict[tuple[Hashable, ...], tuple[int, ...]] = {}
        self.race_cache: dict[tuple[Hashable, ...],
                              tuple[tuple[float, ...], tuple[float, ...]]] = {}
        self.turn_cache: dict[tuple[Hashable, ...], tuple[tuple[int, float], ...]] = {}
        self.shape_cache: dict[int, tuple[dict[Pos, int], CityShape]] = {}
        self.shapes: dict[tuple[tuple[Pos, int], ...], CityShape] = {}

    def turns(self, state: GameState) -> tuple[int, ...]:
        """Every seat's :func:`rome.turns_left`, cached by what they depend on: where the
        round stands (phase, round, the emissaries on the strip, the acting one, its step
        and whether it has built; ``tests/test_ai_evaluate.py`` checks the key suffices)."""
        key = (state.phase, state.round, state.spaces, state.acting, state.step, state.built)
        hit = self.turns_cache.get(key)
        if hit is None:
            hit = self.turns_cache[key] = tuple(turns_left(state, s) for s in range(self.n))
        return hit

    def city_kinds(self, city: dict[Pos, int]) -> dict[Pos, str]:
        kinds = self.kinds
        return {pos: kinds[c] for pos, c in city.items()}

    def shape_of(self, city: dict[Pos, int]) -> CityShape:
        """The city's :class:`CityShape`, by identity (the city is kept alive) or else by
        contents."""
        hit = self.shape_cache.get(id(city))
        if hit is None:
            key = tuple(city.items())
            shape = self.shapes.get(key)
            if shape is None:
                shape = self.shapes[key] = CityShape(self.city_kinds(city))
            hit = self.shape_cache[id(city)] = (city, shape)
        return hit[1]
