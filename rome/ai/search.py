"""The search: determinised, paranoid alpha-beta over whole turns, iterative deepening.

* **Fair play.**  The only input is an observation.  Hidden cards and deck orders are dealt
  by :func:`rome.sample_state` (determinisation); the search runs in several samples and
  averages the value of each candidate first action over them, so chance (the next
  rounds' offers, School draws, opponents' secret hands) is averaged, never peeked at.
* **Macro-moves.**  A node is a decision of one player: an emissary placement, a draft
  choice, or a *whole turn* (take, then build / produce in either order, School choices,
  end).  Turn plans are generated compactly: builds are pre-ranked by a cheap placement
  score and only the best few positions per card are expanded, so a turn has tens of
  plans, not thousands.  Children are ordered best-first by the static evaluation and the
  weakest beyond a per-depth width are cut (beam), which keeps 4-player trees small.
* **3–4 players.**  Paranoid: every other seat minimises the root seat's utility (its
  estimated score minus the best other estimate), which lets alpha-beta prune.
* **Budget.**  A level is a fixed number of nodes (each apply of a plan or evaluation of a
  position counts); iterative deepening stops when the budget runs out and keeps the last
  completed depth, so a level decides the same on any machine.  A wall-clock cap is only a
  safety net for pathological positions.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from .. import Action, apply_action, current_player, sample_state, sensible_actions
from ..cards import BUILDINGS, PUBLIC, RESIDENTIAL
from ..city import neighbours
from .evaluate import Context, estimate, player_estimate, utility


@dataclass(frozen=True)
class Level:
    name: str
    samples: int  # determinisations
    nodes: int  # node budget over all samples
    max_depth: int  # macro-plies
    widths: tuple[int, ...]  # children kept at depth 0, 1, 2, ...
    positions: int  # positions kept per card kind when generating builds
    temperature: float = 0.0  # >0: soft-max choice (human-like mistakes)
    rollout_place: bool = False  # emissary placement by rolling the round out
    wall_seconds: float = 5.0  # safety cap only


LEVEL_PARAMS: dict[str, Level] = {
    "greedy": Level("greedy", samples=1, nodes=10**9, max_depth=1, widths=(99,), positions=2),
    "easy": Level("easy", samples=1, nodes=400, max_depth=1, widths=(99,), positions=2,
                  temperature=1.5),
    "normal": Level("normal", samples=2, nodes=1200, max_depth=2, widths=(99, 4), positions=2,
                    rollout_place=True),
    "hard": Level("hard", samples=3, nodes=4000, max_depth=3, widths=(99, 5, 3), positions=3,
                  rollout_place=True),
}


class BudgetExceeded(Exception):
    pass


class Search:
    def __init__(self, level: Level, ctx: Context, budget: int, deadline: float):
        self.level = level
        self.ctx = ctx
        self.budget = budget
        self.nodes = 0
        self.deadline = deadline

    def tick(self, n: int = 1) -> None:
        self.nodes += n
        if self.nodes > self.budget or (self.nodes & 63 == 0 and time.perf_counter() >
                                        self.deadline):
            raise BudgetExceeded

    # -- move generation -----------------------------------------------------------
    def children(self, state: Any) -> list[tuple[tuple[Action, ...], Any]]:
        """(actions, resulting state) for every macro-move of the player to act."""
        if state.phase == "action":
            return self.turn_plans(state)
        out = []
        for a in sensible_actions(state):
            out.append(((a,), apply_action(state, a)))
        self.tick(len(out))
        return out

    def turn_plans(self, state: Any) -> list[tuple[tuple[Action, ...], Any]]:
        acting, rnd = state.acting, state.round
        mover = current_player(state)
        results: list[tuple[tuple[Action, ...], Any]] = []

        def done(s: Any) -> bool:
            return s.phase != "action" or s.acting != acting or s.round != rnd

        def rec(s: Any, prefix: tuple[Action, ...]) -> None:
            if done(s):
                results.append((prefix, s))
                return
            step = s.step
            acts = sensible_actions(s)
            if step == "take" or step == "school-deck":
                for a in acts:
                    self.tick()
                    rec(apply_action(s, a), prefix + (a,))
                return
            if step == "school-keep":
                best, best_v = None, -math.inf
                for a in acts:
                    self.tick()
                    s2 = apply_action(s, a)
                    v = player_estimate(s2, mover, self.ctx)
                    if v > best_v:
                        best, best_v = (a, s2), v
                assert best is not None
                rec(best[1], prefix + (best[0],))
                return
            # step "act"
            end = produce = None
            builds = []
            for a in acts:
                if a.verb == "build":
                    builds.append(a)
                elif a.verb == "produce":
                    produce = a
                else:
                    end = a
            for a in self.pick_builds(s, mover, builds):
                self.tick()
                rec(apply_action(s, a), prefix + (a,))
            if produce is not None:
                self.tick()
                rec(apply_action(s, produce), prefix + (produce,))
            if end is not None:
                self.tick()
                results.append((prefix + (end,), apply_action(s, end)))

        rec(state, ())
        return results

    def pick_builds(self, s: Any, mover: int, builds: list[Action]) -> list[Action]:
        if not builds:
            return []
        kinds = self.ctx.city_kinds(s.players[mover].city)
        by_kind: dict[str, list[tuple[float, Action]]] = {}
        for a in builds:
            by_kind.setdefault(a.kind, []).append((quick_build_score(kinds, a.kind,
                                                                     (a.row, a.col)), a))
        keep = []
        k = self.level.positions
        for options in by_kind.values():
            options.sort(key=lambda t: -t[0])
            keep.extend(a for _v, a in options[:k])
        return keep

    # -- search ----------------------------------------------------------------------
    def value(self, state: Any) -> float:
        self.tick()
        return utility(estimate(state, self.ctx), self.root)

    def ordered(self, state: Any, depth: int) -> list[tuple[tuple[Action, ...], Any, float]]:
        kids = self.children(state)
        mover = current_player(state)
        scored = [(acts, s, self.value(s)) for acts, s in kids]
        scored.sort(key=lambda t: -t[2] if mover == self.root else t[2])
        widths = self.level.widths
        width = widths[min(depth, len(widths) - 1)]
        return scored[:width]

    def alphabeta(self, state: Any, depth: int, ply: int, alpha: float, beta: float,
                  static: float) -> float:
        if depth == 0 or state.phase == "over":
            return static
        mover = current_player(state)
        kids = self.ordered(state, ply)
        if mover == self.root:
            best = -math.inf
            for _acts, s, v in kids:
                best = max(best, self.alphabeta(s, depth - 1, ply + 1, alpha, beta, v))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = math.inf
        for _acts, s, v in kids:
            best = min(best, self.alphabeta(s, depth - 1, ply + 1, alpha, beta, v))
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def root_values(self, state: Any) -> dict[Action, float]:
        """Iterative deepening at the root; value of each first action (best plan)."""
        self.root = current_player(state)
        kids = self.children(state)
        scored = [(acts, s, self.value(s)) for acts, s in kids]
        values = {i: v for i, (_a, _s, v) in enumerate(scored)}
        for depth in range(2, self.level.max_depth + 1):
            order = sorted(values, key=lambda i: -values[i])
            width = self.level.widths[0]
            fresh: dict[int, float] = {}
            try:
                alpha = -math.inf
                for i in order[:width]:
                    acts, s, v = scored[i]
                    val = self.alphabeta(s, depth - 1, 1, alpha, math.inf, v)
                    fresh[i] = val
                    alpha = max(alpha, val)
            except BudgetExceeded:
                if fresh:  # keep searched moves' deeper values; others keep the old ones
                    floor = min(fresh.values())
                    for i in order:
                        if i not in fresh:
                            fresh[i] = min(values[i], floor - 1e-6)
                    values = fresh
                break
            for i in order[width:]:
                fresh[i] = min(values[i], min(fresh.values()) - 1e-6)
            values = fresh
        firsts: dict[Action, float] = {}
        for i, v in values.items():
            a = scored[i][0][0]
            if a not in firsts or v > firsts[a]:
                firsts[a] = v
        return firsts

    def rollout_round(self, state: Any) -> float:
        """Play the rest of the round with one-turn greedy plans for everyone; evaluate."""
        rnd = state.round
        s = state
        while s.phase != "over" and s.round == rnd:
            kids = self.children(s)
            mover = current_player(s)
            best, best_v = None, -math.inf
            for _acts, s2 in kids:
                self.tick()
                v = utility(estimate(s2, self.ctx), mover)
                if v > best_v:
                    best, best_v = s2, v
            s = best
        return self.value(s)


def quick_build_score(kinds: dict, kind: str, pos: tuple[int, int]) -> float:
    """A cheap placement score used only to choose which positions to expand."""
    b = BUILDINGS[kind]
    adj = [kinds.get(nb) for nb in neighbours(pos)]
    present = [k for k in adj if k is not None]
    free_nb = 4 - len(present)
    replaced = kinds.get(pos)
    score = 0.0
    if replaced is not None:
        rb = BUILDINGS[replaced]
        score -= 3.0 + rb.value * 1.5 + (2.0 if rb.type == PUBLIC else 0.0)
    if b.type == RESIDENTIAL:
        colours = {BUILDINGS[k].colour for k in present if BUILDINGS[k].type == PUBLIC}
        same = sum(1 for k in present if BUILDINGS[k].type == RESIDENTIAL
                   and BUILDINGS[k].value == b.value)
        score += b.value * len(colours) + 0.8 * same * b.value + 0.4 * free_nb
    elif b.type == PUBLIC:
        res = sum(BUILDINGS[k].value for k in present if BUILDINGS[k].type == RESIDENTIAL)
        same_col = sum(1 for k in present if BUILDINGS[k].colour == b.colour)
        score += res + 1.0 * len(present) + 0.5 * free_nb - 2 * same_col
    elif kind == "shrine":
        score += 2 * len(present)
    else:  # production, temples, aqueducts: keep out of the way of areas and publics
        score -= sum(1.0 for k in present if BUILDINGS[k].type in (RESIDENTIAL, PUBLIC))
        score -= 0.2 * free_nb
    return score


def decide(obs: dict[str, Any], level: Level, seed: int) -> Action:
    rng = random.Random(seed)
    ctx = Context(obs["num_players"], obs["shrine"])
    deadline = time.perf_counter() + level.wall_seconds
    samples = [sample_state(obs, rng) for _ in range(level.samples)]
    actions = sensible_actions(samples[0])
    if len(actions) == 1:
        return actions[0]
    per_sample = max(1, level.nodes // level.samples)
    totals: dict[Action, float] = {}
    for state in samples:
        search = Search(level, ctx, per_sample, deadline)
        search.root = current_player(state)
        if state.phase == "emissary" and level.rollout_place:
            vals = {}
            for a in actions:
                s2 = apply_action(state, a)
                try:
                    vals[a] = search.rollout_round(s2)
                except BudgetExceeded:
                    search.budget = 10**9  # finish the placements evenly
                    search.deadline = math.inf
                    vals[a] = search.value(s2)
        else:
            try:
                vals = search.root_values(state)
            except BudgetExceeded:
                search.budget = 10**9
                search.deadline = math.inf
                search.level = Level(level.name, 1, 10**9, 1, (99,), level.positions)
                vals = search.root_values(state)
        for a, v in vals.items():
            totals[a] = totals.get(a, 0.0) + v / len(samples)
    legal = [a for a in actions if a in totals]
    if not legal:
        return actions[0]
    if level.temperature > 0:
        best = max(totals[a] for a in legal)
        weights = [math.exp((totals[a] - best) / level.temperature) for a in legal]
        return rng.choices(legal, weights)[0]
    return max(legal, key=lambda a: (totals[a], -legal.index(a)))
