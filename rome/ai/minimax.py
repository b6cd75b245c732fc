"""Minimax over whole turns: alpha-beta with iterative deepening and plausible replies.

Why this shape:

* **Minimax, paranoid over plausible replies.**  The root seat maximises its utility and
  every other seat minimises it, as in paranoid search, but an opponent only chooses among
  its *plausible* replies: its best macro-move by its own evaluation and those within
  ``reply_margin`` points of it (at most ``replies``).  Pure paranoia (every reply, all
  opponents allied) measured weak in 4-player games: it spends the budget on replies no
  opponent would make.  When an opponent's choice is clear it is modelled exactly; when it
  is close, the search guards against the choice that hurts the root most.  So the tree
  stays small enough for 3-4 players, and alpha-beta prunes it.
* **Or max-n** (``Level.reply_tie`` finite, candidates only): each opponent chooses among
  the same plausible replies the one best for *itself* after the search (:func:`maxn`).
* **Leaves are roll-outs, and the look-ahead is fixed.**  Past the search depth the game is
  played on greedily (:meth:`Search.rollout`) and the position reached is evaluated.  Every
  whole turn searched in the tree is one turn fewer in the roll-out, so every iteration
  looks the same ``horizon`` turns ahead: deepening replaces greedy guesses by searched
  choices instead of stretching the look-ahead (whose values would not be comparable).
* **Iterative deepening under a node budget.**  Depth 1, 2, ... until the budget runs out;
  an iteration that does not finish is discarded whole and the next one searches the root
  moves best-first by the previous iteration's values.  Root moves get a full window, so
  their values are exact and can be averaged over determinisations.
"""

from __future__ import annotations

import math
from typing import Protocol

from .. import Action, GameState, current_player, is_over
from .evaluate import Context, estimate, utility
from .levels import Level

Order = list[tuple[tuple[Action, ...], GameState]]


class BudgetExceeded(Exception):
    """The search spent its node budget: the iteration (or sample) in progress is dropped."""


class Searcher(Protocol):
    """What minimax needs of the search (:class:`rome.ai.search.Search` provides it)."""

    level: Level
    ctx: Context  # values the leaves
    policy: Context  # chooses the moves
    root: int
    nodes: int  # spent so far
    budget: int  # nodes allowed in all

    def tick(self, n: int = 1) -> None: ...

    def children(self, state: GameState) -> list[tuple[tuple[Action, ...], GameState]]: ...

    def leaf(self, state: GameState) -> float: ...

    def rollout(self, state: GameState, horizon: int) -> float: ...

    def leaf_values(self, state: GameState) -> list[float]: ...

    def play_on(self, state: GameState, horizon: int) -> GameState: ...


def deepen(search: Searcher, orders: list[Order], done: list[dict[Action, float]]
           ) -> list[dict[Action, float]]:
    """Iterative deepening from depth 2 to ``level.depth`` over every determinisation.

    ``orders`` holds, per determinisation, its root macro-moves best-first after depth 1
    and ``done`` their depth-1 values.  Deeper iterations search only the ``deep_width``
    best root moves of the previous one (the others drop out rather than keep shallower,
    incomparable values).  A depth counts only if it finishes for every determinisation
    within the node budget (so values of different depths are never averaged together);
    the values of the deepest such depth are returned.

    A depth is not started when its predicted cost exceeds the budget left: the previous
    depth's cost (depth 1's being everything spent so far) times the growth from the depth
    before, at least the depth's number (measured on 8 positions: 0.8-2.0 times the depth
    before at depth 2, 1.7-3.5 at depth 3).
    An iteration that runs out is thrown away, and on hard's budget that had thrown away
    a third (2 players) to a half (4 players) of the nodes for the same moves
    (``python benchmarks/bench_ai.py budget``).
    """
    level = search.level
    last, growth = search.nodes, 1.0
    for depth in range(2, level.depth + 1):
        if search.nodes + last * max(float(depth), growth) > search.budget:
            break
        start = search.nodes
        deeper: list[dict[Action, float]] = []
        reordered = []
        try:
            for order in orders:
                values, order = iteration(search, order[:level.deep_width], depth)
                deeper.append(values)
                reordered.append(order)
        except BudgetExceeded:
            break
        cost = search.nodes - start
        growth = cost / max(last, 1)
        last = cost
        done, orders = deeper, reordered
    return done


def iteration(search: Searcher, order: Order, depth: int) -> tuple[dict[Action, float], Order]:
    """One full-window search of every root macro-move (so each value is exact): the value
    of each first action, and the root moves re-ordered best-first for the next depth."""
    horizon = search.level.horizon
    if search.level.reply_tie == math.inf:
        scored = [(alphabeta(search, s, depth - 1, -math.inf, math.inf, horizon), acts, s)
                  for acts, s in order]
    else:
        scored = [(maxn(search, s, depth - 1, horizon)[search.root], acts, s)
                  for acts, s in order]
    values: dict[Action, float] = {}
    for v, acts, _s in scored:
        if acts[0] not in values or v > values[acts[0]]:
            values[acts[0]] = v
    scored.sort(key=lambda t: -t[0])
    return values, [(acts, s) for _v, acts, s in scored]


def plausible(kids: list[tuple[float, GameState]], replies: int, margin: float
              ) -> list[GameState]:
    """An opponent's replies worth searching: its best (``kids`` are sorted best-first by
    its own utility) and the next ones within ``margin`` of it, at most ``replies``."""
    best = kids[0][0]
    return [child for u, child in kids[:replies] if u >= best - margin]


def expand(search: Searcher, state: GameState, horizon: int
           ) -> tuple[int, int, list[tuple[float, GameState]]]:
    """The seat to act, the roll-out's horizon below ``state`` (a searched whole turn is
    one turn fewer to roll out) and its children best-first by the mover's static utility
    (good cut-offs early; plausible replies are the first few)."""
    mover = current_player(state)
    assert mover is not None  # only a game in progress is expanded
    below = max(0, horizon - 1) if state.phase == "action" else horizon
    kids = []
    for _acts, child in search.children(state):
        search.tick()
        kids.append((utility(estimate(child, search.policy), mover), child))
    kids.sort(key=lambda t: -t[0])
    return mover, below, kids


def alphabeta(search: Searcher, state: GameState, depth: int, alpha: float, beta: float,
              horizon: int) -> float:
    """The root seat's utility of ``state`` searched ``depth`` macro-moves deep, then played
    on greedily for the ``horizon`` turns the tree has not searched."""
    if is_over(state):
        return search.leaf(state)
    if depth == 0:
        return search.rollout(state, horizon)
    level = search.level
    mover, below, kids = expand(search, state, horizon)
    if mover == search.root:
        value = -math.inf
        for _u, child in kids[:level.deep_width]:
            value = max(value, alphabeta(search, child, depth - 1, alpha, beta, below))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for child in plausible(kids, level.replies, level.reply_margin):
        value = min(value, alphabeta(search, child, depth - 1, alpha, beta, below))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def maxn(search: Searcher, state: GameState, depth: int, horizon: int) -> list[float]:
    """Every seat's utility of ``state`` searched ``depth`` macro-moves deep (max-n): each
    seat chooses the move best for itself, not worst for the root.

    Why: paranoia (every opponent minimising the root) played the e514045 yardstick at
    about chance in 4-player games; opponents there play for themselves.  An opponent still
    chooses only among its plausible replies (as in :func:`alphabeta`), but by its own
    searched value; replies within ``reply_tie`` of its best count as ties, broken against
    the root (0: plain max-n; larger: softened towards paranoia).  Values are vectors, so
    nothing is pruned across seats: at depth 2 paranoid alpha-beta prunes nothing either
    (the root moves get a full window), so both spend the same nodes there."""
    if is_over(state):
        return search.leaf_values(state)
    if depth == 0:
        return search.leaf_values(search.play_on(state, horizon))
    level = search.level
    root = search.root
    mover, below, kids = expand(search, state, horizon)
    if mover == root:
        options = [child for _u, child in kids[:level.deep_width]]
        tie = 0.0
    else:
        options = plausible(kids, level.replies, level.reply_margin)
        tie = level.reply_tie
    values = [maxn(search, child, depth - 1, below) for child in options]
    top = max(v[mover] for v in values)
    return min((v for v in values if v[mover] >= top - tie), key=lambda v: v[root])
