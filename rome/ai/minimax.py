"""Minimax over whole turns: alpha-beta with iterative deepening and plausible replies.

Why this shape:

* **Minimax, paranoid over plausible replies.**  The root seat maximises its utility and
  every other seat minimises it, as in paranoid search, but each opponent only among its
  ``replies`` best macro-moves by *its own* evaluation.  Pure paranoia (every reply, all
  opponents allied) measured weak in 4-player games: it spends the budget on replies no
  opponent would make.  With one reply an opponent plays the move it would really play;
  with two or more the search also guards against its second choice.  Either way the tree
  stays small enough for 3-4 players, and alpha-beta prunes it.
* **Leaves are roll-outs.**  Past the search depth the game is played on greedily for the
  level's horizon (:meth:`Search.rollout`) and the position reached is evaluated, so a
  shallow tree still sees the rest of the round.
* **Iterative deepening under a node budget.**  Depth 1, 2, ... until the budget runs out;
  an iteration that does not finish is discarded whole and the next one searches the root
  moves best-first by the previous iteration's values.  Root moves get a full window, so
  their values are exact and can be averaged over determinisations.
"""

from __future__ import annotations

import math
from typing import Any

from .. import Action, current_player
from .evaluate import estimate, utility


def deepen(search: Any, orders: list[list[tuple[tuple[Action, ...], Any]]], max_depth: int,
           replies: int, deep_width: int, done: list[dict[Action, float]]
           ) -> list[dict[Action, float]]:
    """Iterative deepening from depth 2 over every determinisation together.

    ``orders`` holds, per determinisation, its root macro-moves best-first after depth 1
    and ``done`` their depth-1 values.  Deeper iterations search only the ``deep_width``
    best root moves of the previous one (the others drop out rather than keep shallower,
    incomparable values).  A depth counts only if it finishes for every determinisation
    within the node budget (so values of different depths are never averaged together);
    the values of the deepest such depth are returned.
    """
    from .search import BudgetExceeded  # search.py imports this module

    for depth in range(2, max_depth + 1):
        deeper: list[dict[Action, float]] = []
        reordered = []
        try:
            for order in orders:
                values, order = iteration(search, order[:deep_width], depth, replies)
                deeper.append(values)
                reordered.append(order)
        except BudgetExceeded:
            break
        done, orders = deeper, reordered
    return done


def iteration(search: Any, order: list[tuple[tuple[Action, ...], Any]], depth: int,
              replies: int) -> tuple[dict[Action, float], list[tuple[tuple[Action, ...], Any]]]:
    """One full-window search of every root macro-move (so each value is exact): the value
    of each first action, and the root moves re-ordered best-first for the next depth."""
    scored = [(alphabeta(search, s, depth - 1, -math.inf, math.inf, replies), acts, s)
              for acts, s in order]
    values: dict[Action, float] = {}
    for v, acts, _s in scored:
        if acts[0] not in values or v > values[acts[0]]:
            values[acts[0]] = v
    scored.sort(key=lambda t: -t[0])
    return values, [(acts, s) for _v, acts, s in scored]


def alphabeta(search: Any, state: Any, depth: int, alpha: float, beta: float,
              replies: int) -> float:
    """The root seat's utility of ``state`` searched ``depth`` macro-moves deep."""
    if state.phase == "over":
        return search.leaf(state)
    if depth == 0:
        return search.rollout(state, search.level.horizon)
    mover = current_player(state)
    kids = []
    for _acts, child in search.children(state):
        search.tick()
        kids.append((utility(estimate(child, search.ctx), mover), child))
    kids.sort(key=lambda t: -t[0])  # best-first for the mover: good cut-offs early
    if mover == search.root:
        value = -math.inf
        for _u, child in kids[:search.level.width]:
            value = max(value, alphabeta(search, child, depth - 1, alpha, beta, replies))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for _u, child in kids[:replies]:
        value = min(value, alphabeta(search, child, depth - 1, alpha, beta, replies))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value
