"""The search: determinised root search with greedy roll-outs (opponent modelling).

* **Fair play.**  The only input is an observation.  Hidden cards and deck orders are dealt
  by :func:`rome.sample_state` (determinisation); the search runs in several samples and
  averages the value of each candidate first action over them, so chance (the next
  rounds' offers, School draws, opponents' secret hands) is averaged, never peeked at.
* **Macro-moves.**  A node is a decision of one player: an emissary placement, a draft
  choice, or a *whole turn* (take, then build / produce in either order, School choices,
  end).  Turn plans are generated compactly: builds are pre-ranked by a cheap placement
  score and only the best few positions per card are expanded, so a turn has tens of
  plans, not thousands.
* **Roll-outs.**  The root's macro-moves are ordered by the static evaluation and the best
  ``width`` are kept.  After each, the game is played on for ``horizon`` further turns
  (placements and drafts in between included) with the one-step greedy policy for every
  seat -- the opponents are modelled as playing their best-looking move, which is neither
  paranoid (every opponent against the root) nor blind -- and the position reached is
  evaluated.  In 3-4 players the root maximises its estimate minus a blend of the others'
  mean and best (``others_max``), so it neither ignores the leader nor plays only to hurt it.
* **Budget.**  A level is a fixed number of nodes (each plan applied or position
  evaluated).  Samples are searched one after another; a sample that runs out of budget is
  dropped whole (never mixed with the others), so a level decides the same on any machine.
  A wall-clock cap is only a safety net for pathological positions.
* **Levels are nested.**  ``hard`` is ``normal`` with more samples, a wider root and a
  longer horizon, plus alpha-beta by iterative deepening to depth 2 (:mod:`rome.ai.minimax`)
  with 3-4 players; its duel grows one information-set tree over this module's macro-moves
  and roll-outs instead (:mod:`rome.ai.ismcts`, :data:`rome.ai.levels.DUEL_PARAMS`);
  ``easy`` is greedy with soft-max slips.
* **End game.**  A level may carry other settings for its seat's last turns
  (``Level.endgame``, with at most ``end_turns`` own turns left): few macro-moves remain,
  so a deeper and wider tree fits the same budget and reaches final scores.
"""

from __future__ import annotations

import math
import random
import time
from operator import itemgetter

from .. import (
    Action,
    GameState,
    Observation,
    apply_action,
    current_player,
    sample_state,
    sensible_actions,
    turns_left,
)
from ..cards import BUILDINGS, PUBLIC, RESIDENTIAL
from ..city import Pos, neighbours
from .evaluate import Context, estimate, player_estimate, seat_utility, utility
from .levels import Level
from .minimax import BudgetExceeded, deepen


class Search:
    def __init__(self, level: Level, ctx: Context, budget: int, deadline: float):
        self.level = level
        self.ctx = ctx  # values the leaves
        self.policy = ctx if level.policy_weights is None else Context(
            ctx.n, ctx.shrine, {**dict(level.weights), **dict(level.policy_weights)}
        )  # chooses the moves: the level's weights, the policy's where they differ
        self.budget = budget
        self.nodes = 0
        self.deadline = deadline
        self.root = 0
        # quick_build_score by (city shape's identity, kind, row, column)
        self.build_scores: dict[tuple[int, str, int, int], float] = {}

    def tick(self, n: int = 1) -> None:
        self.nodes += n
        if self.nodes > self.budget or (self.nodes & 63 < n and time.perf_counter() >
                                        self.deadline):  # crossed a multiple of 64
            raise BudgetExceeded

    # -- move generation -----------------------------------------------------------
    def children(self, state: GameState, positions: int | None = None
                 ) -> list[tuple[tuple[Action, ...], GameState]]:
        """(actions, resulting state) for every macro-move of the player to act, builds
        kept at ``positions`` places per card kind (the level's unless given)."""
        if state.phase == "action":
            return self.turn_plans(state, positions)
        out: list[tuple[tuple[Action, ...], GameState]] = []
        for a in sensible_actions(state):
            out.append(((a,), apply_action(state, a)))
        self.tick(len(out))
        return out

    def turn_plans(self, state: GameState, positions: int | None = None
                   ) -> list[tuple[tuple[Action, ...], GameState]]:
        acting, rnd = state.acting, state.round
        keep = self.level.positions if positions is None else positions
        mover = current_player(state)
        assert mover is not None  # only a game in progress is searched
        results: list[tuple[tuple[Action, ...], GameState]] = []

        def done(s: GameState) -> bool:
            return s.phase != "action" or s.acting != acting or s.round != rnd

        def rec(s: GameState, prefix: tuple[Action, ...]) -> None:
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
                    v = player_estimate(s2, mover, self.policy)
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
            for a in self.pick_builds(s, mover, builds, keep):
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

    def pick_builds(self, s: GameState, mover: int, builds: list[Action], k: int) -> list[Action]:
        if not builds:
            return []
        shape = self.ctx.shape_of(s.players[mover].city)
        scores = self.build_scores
        by_kind: dict[str, list[tuple[float, Action]]] = {}
        for a in builds:
            kind, row, col = a.kind, a.row, a.col
            assert kind is not None and row is not None and col is not None  # builds name all
            key = (id(shape), kind, row, col)  # shapes live as long as the search
            v = scores.get(key)
            if v is None:
                v = scores[key] = quick_build_score(shape.kinds, kind, (row, col))
            by_kind.setdefault(kind, []).append((v, a))
        if k == 1:  # roll-outs: the best place per kind (the first of equals, as sorted)
            return [max(options, key=itemgetter(0))[1] for options in by_kind.values()]
        keep: list[Action] = []
        for options in by_kind.values():
            options.sort(key=lambda t: -t[0])
            keep.extend(a for _v, a in options[:k])
        return keep

    # -- search ----------------------------------------------------------------------
    def leaf(self, state: GameState) -> float:
        """The root's utility at the end of a roll-out (or of the game): the estimated
        margin, or with ``Level.win_spread`` in a duel its chance of winning
        (:func:`win_value`)."""
        self.tick()
        values = estimate(state, self.ctx)
        share = self.level.win_share
        if share is not None and len(values) > 2:
            return win_share(values, self.root, self.ctx.turns(state)[self.root], share)
        u = seat_utility(values, self.root, self.level)
        spread = self.level.win_spread
        if spread is None or len(values) != 2:
            return u
        return win_value(u, self.ctx.turns(state)[self.root], spread)

    def leaf_values(self, state: GameState) -> list[float]:
        """Every seat's utility at the end of a roll-out, as :meth:`leaf` values the root's
        (max-n: each opponent chooses by its own component)."""
        self.tick()
        values = estimate(state, self.ctx)
        share = self.level.win_share
        if share is not None and len(values) > 2:
            t = self.ctx.turns(state)[self.root]
            return [win_share(values, seat, t, share) for seat in range(len(values))]
        us = [seat_utility(values, seat, self.level)
              for seat in range(len(values))]
        spread = self.level.win_spread
        if spread is None or len(values) != 2:
            return us
        t = self.ctx.turns(state)[self.root]
        return [win_value(u, t, spread) for u in us]

    def greedy_step(self, state: GameState, positions: int | None = None) -> GameState:
        """The one-step greedy macro-move of the seat to act (as the greedy bot plays)."""
        mover = current_player(state)
        assert mover is not None  # only a game in progress is searched
        best, best_v = None, -math.inf
        for _acts, s2 in self.children(state, positions):
            self.tick()
            v = utility(estimate(s2, self.policy), mover)
            if v > best_v:
                best, best_v = s2, v
        assert best is not None  # a game in progress has a move
        return best

    def rollout(self, state: GameState, horizon: int) -> float:
        return self.leaf(self.play_on(state, horizon))

    def play_on(self, state: GameState, horizon: int, positions: int | None = None) -> GameState:
        """``state`` played on greedily by every seat for ``horizon`` whole turns (builds
        at ``positions`` places per card kind, the level's unless given)."""
        s = state
        turns = 0
        while turns < horizon and s.phase != "over":
            if s.phase == "action":
                turns += 1
            s = self.greedy_step(s, positions)
        return s

    def candidates(self, state: GameState) -> list[tuple[tuple[Action, ...], GameState, float]]:
        """The root's macro-moves, best first by the static evaluation, cut to ``width``."""
        root = current_player(state)
        assert root is not None  # only a game in progress is searched
        self.root = root
        scored = []
        for acts, s in self.children(state):
            self.tick()
            scored.append((acts, s, utility(estimate(s, self.policy), self.root)))
        scored.sort(key=lambda t: -t[2])
        return scored[:self.level.width]

    def root_values(self, state: GameState) -> tuple[dict[Action, float],
                                                list[tuple[tuple[Action, ...], GameState]]]:
        """Depth 1: each first action's value (its best plan's roll-out or static value),
        and the root macro-moves best-first for deeper iterations."""
        firsts: dict[Action, float] = {}
        scored = []
        for acts, s, v in self.candidates(state):
            if self.level.horizon > 0:
                v = self.rollout(s, self.level.horizon)
            scored.append((v, acts, s))
            a = acts[0]
            if a not in firsts or v > firsts[a]:
                firsts[a] = v
        scored.sort(key=lambda t: -t[0])
        return firsts, [(acts, s) for _v, acts, s in scored]


def win_value(margin: float, turns: int, spread: tuple[float, float]) -> float:
    """A duel's leaf valued by a chance of winning instead of the estimated ``margin``:
    ``tanh(margin / sigma)``, ``sigma = base + slope * turns`` (``spread = (base, slope)``,
    ``turns`` the root seat's own turns left at the leaf, 0 once the game is over).

    Why: the estimate's margin is a noisy guess of the final margin, the noisier the more
    turns remain, and a lead of a few points late wins about as surely as a large one.  A
    small sigma late makes a sure small win worth nearly as much as a big one and a likely
    narrow loss nearly as bad as a big one; a large sigma early keeps the value near-linear
    (margin / sigma), so early play is as before.  Odd in ``margin``, so the duel's
    alpha-beta (the opponent minimising the root's value) stays exact."""
    base, slope = spread
    return math.tanh(margin / (base + slope * turns))


def win_share(values: list[float], seat: int, turns: int, spread: tuple[float, float]
              ) -> float:
    """A leaf of a 3-4 player game valued by ``seat``'s chance of finishing first:
    ``exp(v_seat / s) / sum(exp(v_j / s))`` over every seat's estimate, ``s = base + slope
    * turns`` (``spread = (base, slope)``, ``turns`` the root's own turns left at the leaf).

    Why a soft-max: if each final score is its estimate plus an independent Gumbel error of
    scale ``s``, this is exactly the chance of being first; the estimate's error grows with
    the turns left (research/calibration.py), so early the value is near the margin over
    the others' mean and late near a win or a loss."""
    base, slope = spread
    s = base + slope * turns
    mine = values[seat]
    return 1.0 / sum(math.exp(max(-50.0, min(50.0, (v - mine) / s))) for v in values)


def quick_build_score(kinds: dict[Pos, str], kind: str, pos: tuple[int, int]) -> float:
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


def decide(obs: Observation, level: Level, seed: int) -> Action:
    """The level's move for the seat of ``obs``: searched in ``level.samples`` deals drawn
    from what the seat cannot see."""
    rng = random.Random(seed)
    deadline = time.perf_counter() + level.wall_seconds
    samples = [sample_state(obs, rng) for _ in range(level.samples)]
    return decide_in(samples, obs["seat"], level, rng, deadline)


def decide_in(samples: list[GameState], seat: int, level: Level, rng: random.Random,
              deadline: float) -> Action:
    """The move of ``seat`` searched in the given deals (full states); ``rng`` draws the
    soft-max choice.  Apart from :func:`decide`, only a benchmark calls it, with the true
    state as the one deal (research/oracle.py: how much a bot gains by seeing
    everything, the most any handling of hidden information could gain)."""
    actions = sensible_actions(samples[0])
    if len(actions) == 1:
        return actions[0]
    if level.endgame is not None and turns_left(samples[0], seat) <= level.end_turns:
        level = level.endgame
        samples = samples[:level.samples]
    ctx = Context(len(samples[0].players), samples[0].shrine, dict(level.weights))
    search = Search(level, ctx, level.nodes, deadline)
    done: list[dict[Action, float]] = []
    orders = []
    for state in samples:
        try:
            values, order = search.root_values(state)
        except BudgetExceeded:
            break  # this sample is dropped whole; the completed ones decide
        done.append(values)
        orders.append(order)
    if done and level.depth > 1:
        done = deepen(search, orders, done)
    if not done:  # not even one sample within budget: the static values of the first
        search = Search(level, ctx, 10**9, math.inf)
        static = Level(level.name, 1, 10**9, 999, 0, level.positions)
        search.level = static
        done.append(search.root_values(samples[0])[0])
    totals: dict[Action, float] = {}
    counts: dict[Action, int] = {}
    for vals in done:
        for a, v in vals.items():
            totals[a] = totals.get(a, 0.0) + v
            counts[a] = counts.get(a, 0) + 1
    legal = [a for a in actions if a in totals]
    if not legal:
        return actions[0]
    most = max(counts[a] for a in legal)
    legal = [a for a in legal if counts[a] == most]  # candidates in every sample only
    means = {a: totals[a] / counts[a] for a in legal}
    if level.temperature > 0:
        best = max(means.values())
        weights = [math.exp((means[a] - best) / level.temperature) for a in legal]
        return rng.choices(legal, weights)[0]
    return max(legal, key=lambda a: (means[a], -legal.index(a)))
