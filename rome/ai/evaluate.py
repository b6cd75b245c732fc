"""The evaluation: each player's estimated final score from a position.

``estimate(state)`` returns one number per seat:

* the city's final scoring *now* (``rome.scoring.score_city``: residential areas,
  aqueducts, temples, coins, influence tokens and cards);
* what the city can still add: residential areas with free neighbouring spaces may gain
  public colours, public buildings with free neighbours may gain residentials, temples
  whose condition is partly met;
* the hand: each card's expected value when built in the turns left (discounted, capped by
  the number of builds left, less the coins it is likely to cost);
* resources that become points later: brick tokens, production buildings (per turn left),
  the bricks and cogs of emissaries that still have to act this round, and their order;
* the influence race: the cards on the table and those still to come from deck I, shared
  by a soft-max of the influence tokens (the leader takes most).

Only public engine data is read (``rome.cards``, ``rome.scoring``, ``rome.city``); the
state is a determinised sample, never the real game.  Weights live in :data:`WEIGHTS`.

The estimate is a sum of :data:`TERMS` (:func:`terms` gives them one by one).  A level may
instead weigh the terms by factors fitted from self-play (``fit_<term>_<phase>`` weights,
:data:`PHASES` by turns left; ``research/fit.py``): hand-set parts whose worth was only
guessed then count as much as they were seen to be worth in games.

This module adds the parts up; what a city and a hand are worth lives in
:mod:`rome.ai.evaluate_city`, the emissaries still to act and the influence race in
:mod:`rome.ai.evaluate_race`, the weights and the per-decision caches in
:mod:`rome.ai.evaluate_context`.
"""

from __future__ import annotations

from .. import GameState, PlayerState
from ..scoring import score_city
from .evaluate_city import CityShape, add_potential, city_potential, city_value, hand_value
from .evaluate_context import PHASES, TERMS, WEIGHTS, Context, PlayerParts, phase_of
from .evaluate_race import add_race, add_turn_terms
from .levels import Level


def player_estimate(state: GameState, seat: int, ctx: Context) -> float:
    """Estimated final score of ``seat`` without the influence race (nor the emissaries
    still to act this round)."""
    turns = ctx.turns(state)[seat]
    value, parts = _player_parts(state.players[seat], turns, ctx)
    if ctx.fit is None:
        return value
    beta = ctx.fit[phase_of(turns)]
    return sum(b * x for b, x in zip(beta[:len(parts)], parts, strict=True))


def _player_parts(p: PlayerState, turns: int, ctx: Context
                  ) -> tuple[float, PlayerParts]:
    """The hand-weighted value of player record ``p`` with ``turns`` turns left, and its
    parts (the first five :data:`TERMS`)."""
    key = (id(p), turns)
    hit = ctx.player_cache.get(key)
    if hit is not None:
        return hit[1], hit[2]
    shape = ctx.shape_of(p.city)
    # everything the value reads of the record: most records missed by identity are
    # copies of one already valued (9 in 10 in hard's searches)
    contents = (id(shape), p.coins, p.influence, p.influence_cards, tuple(p.points.items()),
                p.hand, len(p.bricks), turns)
    found = ctx.player_contents.get(contents)
    if found is None:
        found = ctx.player_contents[contents] = _player_value(p, shape, turns, ctx)
    ctx.player_cache[key] = (p, found[0], found[1])
    return found


def _player_value(p: PlayerState, shape: CityShape, turns: int, ctx: Context
                  ) -> tuple[float, PlayerParts]:
    """:func:`_player_parts` worked out (``shape`` is the record's city)."""
    w = ctx.w
    now = _score_now(p, shape, ctx)
    pkey = (id(shape), turns)
    addends = ctx.potential_cache.get(pkey)
    if addends is None:
        addends = ctx.potential_cache[pkey] = city_potential(shape, turns, w)
    value = add_potential(now, addends)
    potential = value - now
    hv = bricks = production = 0.0
    if turns > 0:
        hand_kinds = ctx.hand_kinds.get(p.hand)
        if hand_kinds is None:
            hand_kinds = ctx.hand_kinds[p.hand] = tuple(sorted(ctx.kinds[c] for c, _m in p.hand))
        hkey = (id(shape), p.coins, turns, hand_kinds)
        cached = ctx.hand_cache.get(hkey)
        if cached is None:
            cached = ctx.hand_cache[hkey] = hand_value(shape, p.coins, hand_kinds, turns, w)
        hv = cached
        value += hv
        bricks = w["brick_token"] * len(p.bricks)
        value += bricks
        production = w["production_per_turn"] * shape.production * min(turns, 10) * 0.8
        value += production
    return value, (now, potential, hv, bricks, production)


def _score_now(p: PlayerState, shape: CityShape, ctx: Context) -> float:
    """Player record ``p``'s final score if the game ended now (its city is ``shape``)."""
    cards_value = sum(map(ctx.values.__getitem__, p.influence_cards))
    key = (id(shape), tuple(p.points.items()), p.coins, p.influence, cards_value)
    now = ctx.now_cache.get(key)
    if now is None:
        now = ctx.now_cache[key] = float(score_city(shape.kinds, p.points, p.coins,
                                                    p.influence, (cards_value,))["total"])
    return now


def estimate(state: GameState, ctx: Context) -> list[float]:
    """Estimated final score of every seat."""
    if state.phase == "over":
        return [_score_now(p, ctx.shape_of(p.city), ctx) for p in state.players]
    if ctx.fit is not None:
        fit = ctx.fit
        return [sum(b * x for b, x in zip(fit[phase_of(ctx.turns(state)[s])], parts,
                                              strict=True))
                for s, parts in enumerate(terms(state, ctx))]
    out = [_player_parts(p, t, ctx)[0]
           for p, t in zip(state.players, ctx.turns(state), strict=True)]
    add_turn_terms(state, ctx, out)
    add_race(state, ctx, out, out)
    return out


def terms(state: GameState, ctx: Context) -> list[tuple[float, ...]]:
    """Every seat's :data:`TERMS` (hand-weighted; their sum is the hand-set estimate)."""
    n = ctx.n
    turn = [0.0] * n
    pool = [0.0] * n
    future = [0.0] * n
    add_turn_terms(state, ctx, turn)
    add_race(state, ctx, pool, future)
    return [_player_parts(p, t, ctx)[1] + (turn[s], pool[s], future[s])
            for s, (p, t) in enumerate(zip(state.players, ctx.turns(state), strict=True))]


def utility(values: list[float], seat: int) -> float:
    """What ``seat`` maximises: its estimate minus the best other seat's."""
    return values[seat] - max(values[:seat] + values[seat + 1:])


def seat_utility(values: list[float], seat: int, level: Level) -> float:
    """What ``seat`` maximises in ``level``'s search: own estimate minus
    ``level.others_weight`` times the others' (the best one's weight ``level.others_max``,
    the mean's the rest; with one other seat simply the margin, a duel being zero-sum)."""
    others = values[:seat] + values[seat + 1:]
    if len(others) == 1:
        return values[seat] - others[0]
    k = level.others_max
    blend = k * max(others) + (1 - k) * sum(others) / len(others)
    return values[seat] - level.others_weight * blend


__all__ = ["PHASES", "TERMS", "WEIGHTS", "Context", "city_value", "estimate", "phase_of",
           "player_estimate", "seat_utility", "terms", "utility"]
