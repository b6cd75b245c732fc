"""The hint's ranking by an information-set tree (:mod:`rome.ai.ismcts`), for a level that
has one: hard's duel as it plays, and with 3-4 players hard's own settings searched by
that tree in a little more than hard's nodes (:func:`hint_tree`).

Why a tree for the hint: hard's alpha-beta with 3-4 players is saturated in its own model
(depth 2 chose its depth-1 move in 30 of 30 positions; twice its deals, a wider root or
more positions per card changed nothing measurable, docs/ai.md), while the same
macro-moves, evaluation and roll-outs searched by hard's duel tree (pooled deals, each
leaf against its deal's greedy line) decide differently in a third of the positions and
play stronger (docs/ai.md, "The hint's strength").

The first suggestion is the tree's: the most visited first action (the move the tree
plays).  A value is a first action's best mean among its visited macro-moves, put back
on the scale of a margin by the greedy lines' mean.  When the tree settled on fewer than
:data:`FIRSTS` first actions, the next ones (by its static prior, then by the static
value in the first deal) are valued after the search as a leaf of the tree would be: the
best plan's roll-out in the same pooled deals, against each deal's greedy line; so is an
``include``d action the tree never tried, and the tree itself never depends on either.
After the first, suggestions go by value.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from .. import Action, GameState, Observation, apply_action, sample_state
from .evaluate import Context, estimate, seat_utility, utility
from .ismcts import Ismcts
from .levels import Level, Tree, level_params
from .minimax import BudgetExceeded
from .search import Search

FIRSTS = 3
"""First actions a hint offers at least: when the tree settled on fewer, the next ones by
its static prior are valued after the search, as :func:`_rolled` values a played move."""
TREE_NODES = 1.1
"""The hint's tree with 3-4 players searches this many times the level's node budget: its
decision then costs at most 1.5 times hard's at the 95th percentile (measured 1.35-1.49
with 40 000-45 000 nodes on 30 positions of 3-player games; ``python -m research follow``
prints the ratio of every run)."""


def hint_tree(level: str, num_players: int) -> Tree | None:
    """The tree the hint searches at ``level``: the level's own (hard's duel), or, for a
    level searched by alpha-beta whose duel is a tree (hard with 3-4 players), that tree
    over the level's own settings in :data:`TREE_NODES` times its nodes; None for a level
    without a tree (normal, easy, greedy: ranked at depth 1).  No clock."""
    params = level_params(level, num_players)
    if isinstance(params, Tree):
        return replace(params, base=replace(params.base, wall_seconds=math.inf))
    duel = level_params(level, 2)
    if not isinstance(duel, Tree):
        return None
    return replace(duel, base=replace(params, nodes=round(params.nodes * TREE_NODES),
                                      wall_seconds=math.inf))


Plan = tuple[tuple[Action, ...], GameState]  # a macro-move's actions and the state after it
Ranked = tuple[Action, float, int, Plan]
"""(first action, value, visits, its plan in the first deal)."""


def forced(search: Search, state: GameState, action: Action, seat: int) -> Plan:
    """A plan that starts with ``action`` (one the move generator skips as never
    sensible), finished with the seat's best-looking rest of the turn."""
    after = apply_action(state, action)
    acts: tuple[Action, ...] = (action,)
    if (after.phase == state.phase == "action" and after.acting == state.acting
            and after.round == state.round):
        rest = max(search.children(after),
                   key=lambda t: utility(estimate(t[1], search.policy), seat))
        acts, after = acts + rest[0], rest[1]
    return acts, after


def tree_rank(obs: Observation, tree: Tree, seed: int, include: set[Action]
              ) -> tuple[list[Ranked], GameState, Context]:
    """The first actions: the tree's move (the most visited) first, then the others it
    visited and those filling up to :data:`FIRSTS`, by value; then each ``include``d one
    not among them.  Also the first pooled deal and the evaluation's context."""
    rng = random.Random(seed)
    sample_state(obs, rng)  # as the level's own decision draws it: the same tree
    base: Level = tree.base
    ctx = Context(obs["num_players"], obs["shrine"], dict(base.weights))
    mcts = Ismcts(tree, ctx, math.inf)
    try:
        while True:
            mcts.iterate(obs, rng)
    except BudgetExceeded:
        pass
    mcts.search.budget = 10**9  # what follows is words and the played move, not the tree
    seat = obs["seat"]
    refs = [seat_utility(ref, seat, base)
            for _d, ref in mcts.pool if ref]
    offset = sum(refs) / len(refs) if refs else 0.0
    if not mcts.pool:
        mcts.pool.append((sample_state(obs, rng), None))
    here = mcts.pool[0][0]
    mcts.search.root = seat
    plans = {acts: s for acts, s in mcts.search.children(here)}
    best: dict[Action, tuple[float, int, Plan | None]] = {}
    for key, kid in sorted(mcts.root.kids.items(), key=lambda t: -t[1].n):
        if kid.n == 0:
            continue
        mean, visits, plan = best.get(key[0], (-math.inf, 0, None))
        if plan is None and key in plans:  # a School's draw may differ in the first deal
            plan = (key, plans[key])
        best[key[0]] = (max(mean, kid.w / kid.n), visits + kid.n, plan)
    out: list[Ranked] = [(a, mean + offset, n, plan or _first(mcts, here, a, seat))
                         for a, (mean, n, plan) in best.items()]
    out.sort(key=lambda t: (-t[2], -t[1], str(t[0])))
    unvisited = sorted(((kid.prior / kid.prior_n, key[0]) for key, kid in mcts.root.kids.items()
                        if key[0] not in best and kid.prior_n), key=lambda t: (-t[0], str(t[1])))
    static = sorted(((utility(estimate(s, mcts.search.policy), seat), acts[0])
                     for acts, s in plans.items() if acts[0] not in best),
                    key=lambda t: (-t[0], str(t[1])))
    fill = list(dict.fromkeys(a for _p, a in unvisited + static))[:max(0, FIRSTS - len(out))]
    rest = out[1:] + [_rolled(mcts, obs, a, offset) for a in fill]
    out = out[:1] + sorted(rest, key=lambda t: (-t[1], -t[2], str(t[0])))
    for a in sorted(include - set(best) - set(fill), key=str):
        out.append(_rolled(mcts, obs, a, offset))
    return out, here, ctx


def _first(mcts: Ismcts, state: GameState, action: Action, seat: int) -> Plan:
    """The best-looking plan (by the static value) that starts with ``action`` in
    ``state``, or the action finished as :func:`forced` finishes it."""
    search = mcts.search
    own = [(acts, s) for acts, s in search.children(state) if acts[0] == action]
    if not own:
        return forced(search, state, action, seat)
    return max(own, key=lambda t: utility(estimate(t[1], search.policy), seat))


def _rolled(mcts: Ismcts, obs: Observation, action: Action, offset: float) -> Ranked:
    """An action the tree never tried, valued as a leaf of the tree would be: its best plan
    (by the static value) played on greedily in every pooled deal, against the deal's
    greedy line."""
    search, tree, seat = mcts.search, mcts.tree, obs["seat"]
    total, first = 0.0, None
    for state, ref in mcts.pool:
        acts, s = _first(mcts, state, action, seat)
        end = search.play_on(s, tree.base.horizon, tree.rollout_positions)
        u = seat_utility(estimate(end, mcts.ctx), seat, tree.base)
        total += u - (seat_utility(ref, seat, tree.base) if ref else 0.0)
        first = first or (acts, s)
    assert first is not None  # the pool holds at least the first deal
    return action, total / len(mcts.pool) + offset, 0, first
