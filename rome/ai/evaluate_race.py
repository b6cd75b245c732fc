"""What the table adds to each seat's estimate: the emissaries still to act this round
(their bricks, cogs and order) and the influence race for the cards on the table and
those still in deck I.
"""

from __future__ import annotations

import math

from .. import GameState, influence_in_deck, strip_space_resources
from .evaluate_context import Context


def add_turn_terms(state: GameState, ctx: Context, out: list[float]) -> None:
    """Bricks, cogs and order of the emissaries still to act this round, added to each
    seat's value in the order of the strip (kept per strip and turn: the same few recur
    all through a search)."""
    if state.phase != "action" and state.phase != "emissary":
        return
    key = (state.phase, state.acting, state.step, state.spaces, state.strips[0])
    adds = ctx.turn_cache.get(key)
    if adds is None:
        adds = ctx.turn_cache[key] = _turn_addends(state, ctx.w)
    for seat, x in adds:
        out[seat] += x


def _turn_addends(state: GameState, w: dict[str, float]) -> tuple[tuple[int, float], ...]:
    """(seat, value) of each emissary still to act this round, in strip order."""
    adds = []
    start = state.acting if state.phase == "action" else 1
    for space in range(max(start, 1), len(state.spaces) + 1):
        seat = state.spaces[space - 1]
        if seat < 0:
            continue
        if state.phase == "action" and space == state.acting and state.step != "take":
            continue  # the current turn's resources are already being used
        bricks, cogs = strip_space_resources(state, space)
        adds.append((seat, w["turn_brick"] * min(bricks, 3) + w["turn_cog"] * min(cogs, 2)
                     + w["turn_order"] * (6 - space) / 2))
    return tuple(adds)


def add_race(state: GameState, ctx: Context, out: list[float], out_future: list[float]) -> None:
    """The influence race: the cards on the table (into ``out``) and those still to come
    from deck I (into ``out_future``), shared by a soft-max of the influence tokens."""
    pool = sum(map(ctx.values.__getitem__, state.influence_pool))
    deck = influence_in_deck(state) if state.phase != "over" else None
    key = (pool, deck, state.round, tuple([p.influence for p in state.players]))
    shares = ctx.race_cache.get(key)
    if shares is None:
        shares = ctx.race_cache[key] = _race_shares(pool, deck, key[2], key[3], ctx)
    for i, x in enumerate(shares[0]):
        out[i] += x
    for i, x in enumerate(shares[1]):
        out_future[i] += x


def _race_shares(pool: int, deck: tuple[tuple[int, int], ...] | None, rnd: int,
                 influence: tuple[int, ...], ctx: Context
                 ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Each seat's share of the cards on the table worth ``pool`` and of those still in
    deck I (``deck``: :func:`rome.influence_in_deck`, None once the game is over) in
    round ``rnd``, by a soft-max of the influence tokens; kept per race, which changes
    seldom in a search."""
    w = ctx.w
    future = 0.0
    if deck is not None:
        rounds_left = ctx.shape.rounds - max(rnd, 1)
        reach = rounds_left * ctx.shape.draw_per_deck + 1
        for k, (index, v) in enumerate(deck):
            drawn = index - k  # the buildings above it in deck I
            future += v * (1.0 if drawn < reach else 0.3)
        future *= w["race_future_discount"]
    shares: list[tuple[float, ...]] = []
    races: tuple[tuple[float, float], ...] = ((pool, w["race_pool_k"]),
                                               (future, w["race_future_k"]))
    for amount, steepness in races:
        if not amount:
            shares.append(())
            continue
        m = max(influence)
        exps = [math.exp(steepness * (x - m)) for x in influence]
        tot = sum(exps)
        shares.append(tuple(amount * e / tot for e in exps))
    return shares[0], shares[1]
