"""The hint's ranking by roll-outs, for a level without an information-set tree, and the
numbers behind each suggestion whichever way it was ranked (:func:`line`).

Why apart from :mod:`rome.ai.analysis`: this is the search half of a hint (deals, plans,
roll-outs, the evaluation's terms before and after a turn); the analysis module keeps the
public contract (:func:`rome.ai.analyse`, the review) and the hints it already gave.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from .. import (
    Action,
    GameState,
    Observation,
    current_player,
    final_scores,
    observation,
    sample_state,
)
from .analysis_tree import FIRSTS, Plan, forced
from .choose import decision_seed
from .evaluate import Context, estimate, seat_utility, terms, utility
from .hint_words import Line
from .levels import Level, Tree, level_params
from .search import Search

ANALYSIS_WIDTH = 8  # root macro-moves searched at least, whatever the level keeps
HINT_DEALS = 1.5
"""A level ranked by roll-outs deals this many times its determinisations: the deal moves
a move's value by 2-4 points, so the order of close moves is mostly the luck of a few
deals (for hard's settings 1.5 times cost 1.3 times hard's decision at the 95th
percentile, twice as many 1.7 times)."""


def hint_level(level: str, num_players: int) -> Level:
    """The settings of a hint ranked by roll-outs at ``level`` (one without a tree): its
    weights, horizon and positions, :data:`HINT_DEALS` times its deals, width at least
    :data:`ANALYSIS_WIDTH`, depth 1, no node budget and no clock (the answer must not
    depend on the machine)."""
    params = level_params(level, num_players)
    assert not isinstance(params, Tree)  # a level with a tree is ranked by it
    return replace(params, samples=max(1, round(params.samples * HINT_DEALS)), depth=1,
                   temperature=0.0, width=max(params.width, ANALYSIS_WIDTH), nodes=10**9,
                   wall_seconds=math.inf, endgame=None)


def _plans(search: Search, state: GameState, include: set[Action]) -> list[Plan]:
    """The level's candidates best-first by the static value, plus the best plan of the
    next first actions until there are :data:`FIRSTS`, and of every ``include`` action
    (one the move generator skips as never sensible is finished with the seat's
    best-looking rest of the turn)."""
    seat = current_player(state)
    assert seat is not None  # a hint is asked of a game in progress
    search.root = seat
    scored = sorted(((acts, s, utility(estimate(s, search.policy), seat))
                     for acts, s in search.children(state)), key=lambda t: -t[2])
    kept: list[Plan] = [(acts, s) for acts, s, _v in scored[:search.level.width]]
    have = {acts[0] for acts, _s in kept}
    for filling in (True, False):  # the first actions up to FIRSTS, then the included
        for acts, s, _v in scored[search.level.width:]:
            if acts[0] not in have and (len(have) < FIRSTS if filling else acts[0] in include):
                kept.append((acts, s))
                have.add(acts[0])
    for a in sorted(include - have, key=str):
        kept.append(forced(search, state, a, seat))
    return kept


@dataclass
class Valued:
    """One first action: its value and, from roll-outs, the own and others' parts of it
    (summed over the deals, then their mean; None from a tree), how often a tree visited
    it, and its best plan in the first deal."""

    value: float = 0.0
    own: float | None = 0.0
    others: float | None = 0.0
    deals: int = 0
    plan: Plan | None = None
    visits: int = 0


def rank(obs: Observation, params: Level, seed: int, include: set[Action]
         ) -> tuple[list[tuple[Action, Valued]], GameState, Context]:
    """Every first action found in all deals with its mean value, best first (ties by the
    action's text), the first deal and the evaluation's context.  ``include``d actions are
    always valued; they change no other action's value."""
    rng = random.Random(decision_seed(obs, seed))
    ctx = Context(obs["num_players"], obs["shrine"], dict(params.weights))
    samples = [sample_state(obs, rng) for _ in range(params.samples)]
    search = Search(params, ctx, params.nodes, math.inf)
    seat = obs["seat"]
    found: dict[Action, Valued] = {}
    for i, state in enumerate(samples):
        best: dict[Action, tuple[float, float, float, Plan]] = {}
        for acts, s in _plans(search, state, include):
            end = search.play_on(s, params.horizon) if params.horizon > 0 else s
            values = estimate(end, ctx)
            u = seat_utility(values, seat, params)
            if acts[0] not in best or u > best[acts[0]][0]:
                best[acts[0]] = (u, values[seat], values[seat] - u, (acts, s))
        for a, (u, own, others, plan) in best.items():
            v = found.setdefault(a, Valued(plan=plan) if i == 0 else Valued())
            assert v.own is not None and v.others is not None  # summed from roll-outs
            v.value, v.own, v.others, v.deals = v.value + u, v.own + own, v.others + others, \
                v.deals + 1
    common = [(a, v) for a, v in found.items() if v.deals == len(samples) and v.plan]
    for _a, v in common:
        assert v.own is not None and v.others is not None  # summed from roll-outs
        v.value, v.own, v.others = v.value / len(samples), v.own / len(samples), \
            v.others / len(samples)
    common.sort(key=lambda t: (-t[1].value, str(t[0])))
    return common, samples[0], ctx


class TurnsAfter(Context):
    """The evaluation with every seat's turns left fixed: the position before a move valued
    as if the move's turns had passed, so that a term's change is what the move did, not
    the time it took (production, the hand and the city's room are worth less with fewer
    turns left whatever is played)."""

    def __init__(self, ctx: Context, turns: tuple[int, ...]) -> None:
        super().__init__(ctx.n, ctx.shrine, ctx.w)
        self.fixed = turns

    def turns(self, state: GameState) -> tuple[int, ...]:
        return self.fixed


def line(a: Action, v: Valued, best: float, here: GameState, ctx: Context, seat: int) -> Line:
    """The numbers behind one suggestion (its words are added by :func:`worded`)."""
    assert v.plan is not None  # every ranked action has its first deal's plan
    acts, after = v.plan
    b, x = observation(here, seat)["players"][seat], observation(after, seat)["players"][seat]
    before = terms(here, TurnsAfter(ctx, ctx.turns(after)))[seat]
    return Line(
        action=a, plan=acts, value=v.value, loss=max(0.0, best - v.value), own=v.own,
        others=v.others, visits=v.visits,
        points=final_scores(after)[seat]["total"] - final_scores(here)[seat]["total"],
        terms=tuple(t1 - t0 for t0, t1 in zip(before, terms(after, ctx)[seat], strict=True)),
        coins=b["coins"] - x["coins"], bricks=len(b["bricks"]) - len(x["bricks"]),
        influence=x["influence"] - b["influence"], cards=len(x["hand"]) - len(b["hand"]),
        buildings=len(x["city"]) - len(b["city"]))


def one_per_turn(order: list[tuple[Action, Valued]]) -> list[tuple[Action, Valued]]:
    """``order`` without the later of two first actions that start the same turn in another
    order (build then produce, produce then build): one suggestion is enough for both."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for a, v in order:
        assert v.plan is not None
        key = tuple(sorted(str(x) for x in v.plan[0]))
        if key not in seen:
            seen.add(key)
            out.append((a, v))
    return out
