"""Elo ratings from game results: a maximum-likelihood Bradley-Terry fit with intervals.

Why this shape:

* **Pairwise results.**  A game of 2-4 seats is read as one result per pair of seats held
  by *different* bots: the winner beats every other seat, seats outside the winners are
  ordered by final score, equal ones share the point.  So four-player games add
  information without a separate multi-player model.
* **Maximum likelihood.**  The expected score of ``i`` against ``j`` is
  ``1 / (1 + 10 ** ((R_j - R_i) / 400))``; Newton's method maximises the log-likelihood of
  all results.  The first bot is the anchor (rating 0) and every interval is *relative
  to the anchor* (from the inverse of the observed information, ±1.96 standard errors).
* **A weak prior keeps perfect records finite.**  ``prior`` virtual games against the
  anchor, half won, are added per bot (default 0.5 games): a bot that won every game would
  otherwise have an infinite rating.  ``prior=0`` gives the pure fit (the unit tests).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

ELO = 400.0 / math.log(10.0)  # rating points per unit of the logistic scale

# One pairwise result: (bot i, bot j, score of i in [0, 1], weight in games).
Result = tuple[str, str, float, float]


def pairwise(seat_bots: Sequence[str], totals: Sequence[int], won: Iterable[int]
             ) -> list[Result]:
    """The pairwise results of one game (pairs of seats held by the same bot are skipped)."""
    won = set(won)
    out = []
    for i in range(len(seat_bots)):
        for j in range(i + 1, len(seat_bots)):
            if seat_bots[i] == seat_bots[j]:
                continue
            wi, wj = i in won, j in won
            if wi != wj:
                s = 1.0 if wi else 0.0
            elif totals[i] != totals[j]:
                s = 1.0 if totals[i] > totals[j] else 0.0
            else:
                s = 0.5
            out.append((seat_bots[i], seat_bots[j], s, 1.0))
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrices are a few bots wide)."""
    n = len(b)
    m = [row[:] + [b[k]] for k, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-12:
            raise ValueError("the results do not connect every bot to the anchor")
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[r][n] / m[r][r] for r in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[cols[c][r] for c in range(n)] for r in range(n)]


def fit(results: Iterable[Result], bots: Sequence[str] | None = None, prior: float = 0.5,
        z: float = 1.96) -> dict[str, dict[str, float]]:
    """Ratings of every bot: ``{bot: {"elo", "lo", "hi", "se", "games"}}``.

    ``bots`` fixes the order (the first is the anchor at 0); by default the order of first
    appearance.  ``games`` counts pairwise results, not games.
    """
    results = list(results)
    order = list(bots) if bots is not None else []
    for i, j, _s, _w in results:
        for b in (i, j):
            if b not in order:
                order.append(b)
    if len(order) < 2:
        raise ValueError("name at least two bots")
    anchor = order[0]
    games = dict.fromkeys(order, 0.0)
    for i, j, _s, w in results:
        games[i] += w
        games[j] += w
    if prior > 0:
        results += [(b, anchor, 0.5, prior) for b in order[1:]]
    index = {b: k - 1 for k, b in enumerate(order)}  # the anchor is -1: not a variable
    n = len(order) - 1
    theta = [0.0] * n

    def rating(b: str) -> float:
        k = index[b]
        return 0.0 if k < 0 else theta[k]

    hess = [[0.0] * n for _ in range(n)]
    for _step in range(100):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for i, j, s, w in results:
            p = 1.0 / (1.0 + math.exp(rating(j) - rating(i)))
            g, h = w * (s - p), w * p * (1.0 - p)
            ki, kj = index[i], index[j]
            for k, sign in ((ki, 1.0), (kj, -1.0)):
                if k >= 0:
                    grad[k] += sign * g
                    hess[k][k] += h
            if ki >= 0 and kj >= 0:
                hess[ki][kj] -= h
                hess[kj][ki] -= h
        delta = _solve(hess, grad)
        big = max(abs(d) for d in delta)
        if big > 2.0:  # damped Newton: a lopsided start cannot overshoot
            delta = [d * 2.0 / big for d in delta]
        theta = [t + d for t, d in zip(theta, delta, strict=True)]
        if big < 1e-10:
            break
    cov = _inverse(hess)
    out = {}
    for b in order:
        k = index[b]
        se = 0.0 if k < 0 else math.sqrt(max(cov[k][k], 0.0)) * ELO
        r = rating(b) * ELO
        out[b] = {"elo": round(r, 1), "lo": round(r - z * se, 1), "hi": round(r + z * se, 1),
                  "se": round(se, 1), "games": games[b]}
    return out


def table(ratings: dict[str, dict[str, float]]) -> str:
    """A plain-text table, strongest first, intervals relative to the anchor."""
    anchor = next(iter(ratings))
    rows = sorted(ratings.items(), key=lambda kv: -kv[1]["elo"])
    width = max(len(b) for b in ratings)
    lines = [f"Elo (maximum likelihood; 95% intervals relative to {anchor} = 0)",
             f"{'bot':<{width}}  {'Elo':>7}  {'95% interval':>17}  {'pairs':>6}"]
    for b, r in rows:
        interval = "anchor" if b == anchor else f"[{r['lo']:+.0f}, {r['hi']:+.0f}]"
        lines.append(f"{b:<{width}}  {r['elo']:>+7.0f}  {interval:>17}  {r['games']:>6.0f}")
    return "\n".join(lines)
