"""Single-observer information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012):
``hard``'s search in two-player games (:data:`rome.ai.levels.DUEL_PARAMS`).

Why a different search: ``hard``'s determinised alpha-beta searches each determinisation
on its own.  Past depth 2 every determinisation knows the opponent's hand and the decks
and plans its own next turn on that knowledge (*strategy fusion*), so more nodes made it
weaker (docs/ai.md, "Every way tried").  Here there is one tree, seen from the root seat:

* **One tree over information sets.**  A node is a sequence of macro-moves from the root
  (keyed by each macro-move's action tuple, as :meth:`rome.ai.search.Search.children`
  generates them), never a hidden card.  Each iteration deals a fresh determinisation with
  :func:`rome.sample_state` from the observation, and only walks the children that are
  *available in that determinisation* (an opponent's plan needs the cards it was dealt).
  A statistic of a node mixes every determinisation that reached it, so the root's next
  turn is chosen once for all of them, not once per known future.
* **Availability-aware UCB.**  A child's exploration term uses how often it was available,
  not its parent's visits, so a reply that only exists in some deals is neither starved nor
  over-explored.  Values are in points (the evaluation's estimated final margin).
* **The static evaluation as prior.**  Children are ranked by the mover's own utility of
  the position right after the macro-move (what the greedy bot maximises).  Progressive
  widening lets a node consider only its best few children, more as it is visited, and a
  progressive bias (decaying with visits) starts those with a better static value ahead:
  a few hundred iterations then suffice.
* **Fixed look-ahead.**  As in :mod:`rome.ai.minimax`, a leaf is played on greedily for the
  whole turns the tree has not searched (``horizon`` from the root), or evaluated
  statically there, so values of lines of different depth are taken at the same point of
  the game and compare.
* **Each mover maximises its own utility.**  Back-up gives each node the utility of its
  mover (who chose the macro-move into it): own estimate minus the others' (in two players
  zero-sum: the root's margin and its negation; in 3-4 players own minus a blend of the
  best and the mean other, max-n-like rather than paranoid).
* **Common random numbers (optional).**  Two moves' values in the same deal move together
  far more than they differ, so ``deals=k`` reuses k deals in turn and ``baseline`` values
  each leaf against the greedy line's value in its deal (:meth:`Ismcts.deal`).
* **A ranking once per pooled deal.**  With pooled deals a node's position in a deal never
  changes, so its ranked children are kept and reused (:meth:`Ismcts.ranked_at`), each
  reuse charged the nodes it first cost: the same moves in about three quarters of the time.
* **Budget in nodes.**  Every plan step, position evaluated or greedy step costs a node
  (:meth:`Search.tick`), so a seed and a budget always give the same move; an iteration
  cut by the budget is dropped whole.
"""

from __future__ import annotations

import math
import random
import time

from .. import (
    Action,
    GameState,
    Observation,
    current_player,
    is_over,
    sample_state,
    sensible_actions,
    turns_left,
)
from .evaluate import Context, estimate, seat_utility
from .levels import Tree
from .minimax import BudgetExceeded
from .search import Search

Key = tuple[Action, ...]


class Node:
    """Statistics of the macro-move into this node, from its mover's point of view."""

    __slots__ = ("avail", "kids", "n", "prior", "prior_n", "ranked", "w")

    def __init__(self) -> None:
        self.kids: dict[Key, Node] = {}
        self.n = 0  # visits
        self.w = 0.0  # summed utility of the mover who chose this macro-move
        self.avail = 0  # iterations in which the move was available to choose
        self.prior = 0.0  # summed static utility (one per time it was ranked)
        self.prior_n = 0
        # per pooled deal
        self.ranked: dict[int, tuple[list[tuple[float, Key, GameState]], int]] = {}


class Ismcts:
    """One decision's tree and search (move generation and roll-outs are :class:`Search`'s)."""

    def __init__(self, tree: Tree, ctx: Context, deadline: float) -> None:
        self.tree = tree
        self.search = Search(tree.base, ctx, tree.base.nodes, deadline)
        self.ctx = ctx
        self.root = Node()
        self.iterations = 0
        self.horizon = tree.base.horizon  # whole turns from the root (the end: finishing)
        self.finishing = False  # leaves are finished games (Tree.finish_turns)
        # (deal, its greedy line's values)
        self.pool: list[tuple[GameState, list[float] | None]] = []

    def ranked(self, state: GameState, mover: int) -> list[tuple[float, Key, GameState]]:
        """The mover's macro-moves in this determinisation, best first by its static utility
        (stable: equal values keep the generation order)."""
        out = []
        for acts, child in self.search.children(state):
            self.search.tick()
            u = seat_utility(estimate(child, self.search.policy), mover, self.tree.base)
            out.append((u, acts, child))
        out.sort(key=lambda t: -t[0])
        return out

    def ranked_at(self, node: Node, deal: int | None, state: GameState, mover: int
                  ) -> list[tuple[float, Key, GameState]]:
        """:meth:`ranked` at ``node`` in pooled deal ``deal``, computed once per pair.

        Why: with pooled deals a node's position in a deal is always the same, so its
        ranking is too (a quarter of the search's time went into ranking again).  A cached
        ranking is charged the nodes it cost when computed, so the budget runs out at the
        same iteration and the search decides exactly as without the cache (a free reuse
        let one position's iterations run to thousands: nodes would no longer bound time)."""
        if deal is None:
            return self.ranked(state, mover)
        hit = node.ranked.get(deal)
        if hit is not None:
            self.search.tick(hit[1])
            return hit[0]
        before = self.search.nodes
        options = self.ranked(state, mover)
        node.ranked[deal] = (options, self.search.nodes - before)
        return options

    def select(self, node: Node, options: list[tuple[float, Key, GameState]]
               ) -> tuple[Key, GameState, float]:
        """The option to follow: the best-prior option not yet in the tree if any, else the
        highest UCB score with progressive bias."""
        for u, key, child in options:
            kid = node.kids.get(key)
            if kid is None or kid.n == 0:
                return key, child, u
        best_prior = options[0][0]
        t = self.tree
        best, best_score = options[0], -math.inf
        for opt in options:
            kid = node.kids[opt[1]]
            prior = kid.prior / kid.prior_n
            score = (kid.w / kid.n + t.explore * math.sqrt(math.log(kid.avail + 1) / kid.n)
                     + t.bias * (prior - best_prior) / (kid.n + 1))
            if score > best_score:
                best, best_score = opt, score
        return best[1], best[2], best[0]

    def iterate(self, obs: Observation, rng: random.Random) -> None:
        """One iteration: deal, descend over available children, expand one, evaluate,
        back up.  Nothing is written into the tree until the leaf is valued, so an iteration
        the budget cuts leaves no trace."""
        state, ref = self.deal(obs, rng)
        deal = self.iterations % self.tree.deals if self.tree.deals > 0 else None
        node: Node = self.root
        path: list[tuple[Node, Key, int, float]] = []  # (parent, key, mover, prior value)
        seen: list[tuple[Node, list[Key], list[float]]] = []  # availability to commit
        horizon = self.horizon
        turns = 0
        while not is_over(state) and turns < horizon:
            mover = current_player(state)
            assert mover is not None
            ranked = self.ranked_at(node, deal, state, mover)
            if not ranked:
                break
            k = max(self.tree.min_children, math.ceil(self.tree.widen * math.sqrt(node.n + 1)))
            options = ranked[:k]
            seen.append((node, [key for _u, key, _c in options], [u for u, _k, _c in options]))
            key, child, u = self.select(node, options)
            path.append((node, key, mover, u))
            if state.phase == "action":
                turns += 1
            state = child
            kid = node.kids.get(key)
            if kid is None or kid.n == 0:  # expanded now: the leaf
                break
            node = kid
        values = self.leaf_values(state, horizon - turns)
        # commit
        for parent, keys, priors in seen:
            for key, u in zip(keys, priors, strict=True):
                kid = parent.kids.get(key)
                if kid is None:
                    kid = parent.kids[key] = Node()
                kid.avail += 1
                kid.prior += u
                kid.prior_n += 1
        self.root.n += 1
        for parent, key, mover, _u in path:
            kid = parent.kids[key]
            kid.n += 1
            kid.w += self.utility(values, mover)
            if ref is not None:
                kid.w -= self.utility(ref, mover)
        self.iterations += 1

    def deal(self, obs: Observation, rng: random.Random) -> tuple[GameState, list[float] | None]:
        """This iteration's determinisation, and with ``baseline`` every seat's values at the
        horizon when all play greedily from it (computed once per pooled deal).

        Why: the deal moves every line's value together (two root moves' roll-outs in the
        same deal correlate 0.8-1.0, their values' spread over deals is 2-4 points and their
        difference's 0-1.6, measured on 5 positions), so with a fresh deal per iteration
        the comparison of two moves is mostly the luck of their deals.  A small pool of
        deals (common random numbers, as hard compares its moves on the same 4 deals) and
        a per-deal baseline take the deal out of the comparison."""
        k = self.tree.deals
        if k <= 0:
            state = sample_state(obs, rng)
            return state, (self.leaf_values(state, self.horizon)
                           if self.tree.baseline else None)
        i = self.iterations % k
        if i == len(self.pool):
            self.pool.append((sample_state(obs, rng), None))
        state, ref = self.pool[i]
        if ref is None and self.tree.baseline:
            ref = self.leaf_values(state, self.horizon)
            self.pool[i] = (state, ref)
        return state, ref

    def utility(self, values: list[float], mover: int) -> float:
        """What ``mover`` maximises at a leaf: its :func:`seat_utility`, and when the
        leaves are finished games (:attr:`Tree.finish_turns`) ``win_bonus`` points more
        for a win and less for a loss, so a sure narrow win beats a likely wider one."""
        u = seat_utility(values, mover, self.tree.base)
        bonus = self.tree.win_bonus
        if not self.finishing or not bonus:
            return u
        best_other = max(values[:mover] + values[mover + 1:])
        mine = values[mover]
        return u + (bonus if mine > best_other else -bonus if mine < best_other else 0.0)

    def leaf_values(self, state: GameState, turns: int) -> list[float]:
        """Every seat's estimate at the horizon: greedy play for the ``turns`` left (every
        seat's one-step best macro-move, :meth:`Search.play_on`), or the static value."""
        s = (self.search.play_on(state, turns, self.tree.rollout_positions)
             if self.tree.leaf == "rollout" else state)
        self.search.tick()
        return estimate(s, self.ctx)


def decide(obs: Observation, tree: Tree, seed: int) -> Action:
    """The first action of the most visited root macro-moves (visits summed per first
    action); ties go to the better mean value.  Falls back to the best static value when
    the budget does not complete one iteration."""
    rng = random.Random(seed)
    level = tree.base
    deadline = time.perf_counter() + level.wall_seconds
    first = sample_state(obs, rng)
    actions = sensible_actions(first)
    if len(actions) == 1:
        return actions[0]
    ctx = Context(obs["num_players"], obs["shrine"], dict(level.weights))
    mcts = Ismcts(tree, ctx, deadline)
    if tree.finish_turns and turns_left(first, obs["seat"]) <= tree.finish_turns:
        mcts.horizon = 10**6
        mcts.finishing = True
    try:
        while True:
            mcts.iterate(obs, rng)
    except BudgetExceeded:
        pass
    visits: dict[Action, int] = {}
    value: dict[Action, float] = {}
    for key, kid in mcts.root.kids.items():
        a = key[0]
        visits[a] = visits.get(a, 0) + kid.n
        if kid.n:
            value[a] = max(value.get(a, -math.inf), kid.w / kid.n)
        elif kid.prior_n:
            value.setdefault(a, kid.prior / kid.prior_n - 1e6)
    legal = [a for a in actions if a in visits]
    if not legal:  # not one iteration: the first sample's best static macro-move
        fallback = Ismcts(tree, ctx, math.inf)
        fallback.search.budget = 10**9
        state = sample_state(obs, rng)
        ranked = fallback.ranked(state, obs["seat"])
        firsts = [key[0] for _u, key, _c in ranked if key[0] in actions]
        return firsts[0] if firsts else actions[0]
    return max(legal, key=lambda a: (visits[a], value.get(a, -math.inf), -legal.index(a)))

