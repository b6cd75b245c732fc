"""The hint: the best few first actions of the seat to act, valued by the strongest level's
own search, with what each brings, sets up and costs (:func:`analyse`); and the review of
one decision, which is the hint given there (:func:`review_decision`).

Why this shape:

* **The advice level's search, a little wider.**  A level that has an information-set
  tree (hard: its duel's) ranks by that tree, with 3-4 players over the level's own
  settings in a little more than its nodes (:mod:`rome.ai.analysis_tree`): the first
  suggestion is the move that tree plays, and it costs at most 1.5 times a hard decision
  at the 95th percentile (docs/ai.md, "The hint's strength").  A level without one
  (normal, easy, greedy: the page's quick fallback, the tests) ranks its own root
  macro-moves, at least :data:`ANALYSIS_WIDTH` of them and the best of at least
  :data:`FIRSTS` first actions, each played on for its horizon by greedy play for every
  seat, in 1.5 times its deals (:func:`rank`).
* **Fair play.**  Only the observation is read; hidden cards are re-dealt
  (:func:`rome.sample_state`) exactly as the level does.
* **One voice.**  The answer depends on the observation, the level and the seed alone
  (no clock, no node budget that a played move could spend), and ``include`` only adds
  lines: the review of a decision asks the very analysis the hint gave there.
* **Words from the same numbers.**  What a move brings now, sets up and costs is read
  from the evaluation's terms before and after its turn in the first deal, and why it
  beats the next suggestion from the values that rank the moves
  (:mod:`rome.ai.hint_words`), so the words never contradict the order.
"""

from __future__ import annotations

import json
import math
import random
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from .. import (
    Action,
    apply_action,
    automatic_action,
    current_player,
    final_scores,
    is_over,
    new_game,
    observation,
    sample_state,
    winners,
)
from .advice import ADVICE_LEVEL, advice_seed
from .analysis_tree import FIRSTS, Plan, forced, hint_tree, tree_rank
from .choose import decision_seed
from .evaluate import Context, estimate, seat_utility, terms, utility
from .game_review import review_game
from .hint_words import Line, worded
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


def _plans(search: Search, state: Any, include: set[Action]) -> list[Plan]:
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


def rank(obs: dict[str, Any], params: Level, seed: int, include: set[Action]
         ) -> tuple[list[tuple[Action, Valued]], Any, Context]:
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
            u = seat_utility(values, seat, params.others_max)
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

    def turns(self, state: Any) -> tuple[int, ...]:
        return self.fixed


def _line(a: Action, v: Valued, best: float, here: Any, ctx: Context, seat: int) -> Line:
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


def _one_per_turn(order: list[tuple[Action, Valued]]) -> list[tuple[Action, Valued]]:
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


TOP = 3
"""Suggestions in a hint."""
HINTS_KEPT = 128
"""Hints kept (the newest; a game has about 45 decisions a seat), by observation, level and
seed.  Why: the review of a decision whose move was among the hint's suggestions is that
hint (``include`` adds nothing then), so a player who asked for hints is reviewed at
once, and the worker that gave the hints keeps them for the review it is asked next."""
HINTS: OrderedDict[tuple[str, str, int], str] = OrderedDict()


def analyse(obs: dict[str, Any], level: str = ADVICE_LEVEL, seed: int = 0, top: int = TOP,
            include: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The best ``top`` first actions for ``obs['seat']`` (plus any ``include``d), best first.

    Each is a dict (JSON-safe, :func:`rome.ai.hint_words.worded` lists the fields):
    ``action`` (the canonical text to play now), ``plan`` (the whole macro-move it starts;
    the later actions may change once hidden cards are seen), ``marks`` (where each of the
    plan's actions is on the table), ``value`` (the estimated final margin over the other
    seats after the plan and the level's roll-out), ``loss`` (how far behind the first),
    ``now`` / ``sets_up`` / ``costs`` (points scored now, set up for later, given up),
    ``gains`` (what the plan changes now), ``words`` (the move, told apart from the other
    suggestions'), ``reason`` and ``why`` (why it ranks above the next suggestion).
    Empty if the seat is not the one to act.

    The answer depends on ``obs``, ``level`` and ``seed`` alone (no clock): ``include`` and
    ``top`` only add or cut lines, never change the others' values or order, so the review
    of a decision reproduces the hint given there.
    """
    hint = not include and top == TOP
    if hint and (kept := _kept(obs, level, seed)) is not None:
        return kept
    out = _ranked(obs, level, seed, top, include)
    if hint:
        HINTS[_key(obs, level, seed)] = json.dumps(out)
        while len(HINTS) > HINTS_KEPT:
            HINTS.popitem(last=False)
    return out


def _key(obs: dict[str, Any], level: str, seed: int) -> tuple[str, str, int]:
    return json.dumps(obs, sort_keys=True), level, seed


def _kept(obs: dict[str, Any], level: str, seed: int) -> list[dict[str, Any]] | None:
    """The hint already worked out for ``obs`` at ``level`` with ``seed`` (a fresh copy),
    or None."""
    key = _key(obs, level, seed)
    if key not in HINTS:
        return None
    HINTS.move_to_end(key)
    kept: list[dict[str, Any]] = json.loads(HINTS[key])
    return kept


def _ranked(obs: dict[str, Any], level: str, seed: int, top: int, include: tuple[str, ...]
            ) -> list[dict[str, Any]]:
    """:func:`analyse` worked out."""
    if obs.get("current_player") != obs["seat"]:
        return []
    wanted = {Action.parse(t) for t in include}
    tree = hint_tree(level, obs["num_players"])
    if tree is None:
        order, here, ctx = rank(obs, hint_level(level, obs["num_players"]), seed, wanted)
    else:
        ranked, here, ctx = tree_rank(obs, tree, decision_seed(obs, seed), wanted)
        order = [(a, Valued(value=v, own=None, others=None, plan=plan, visits=n))
                 for a, v, n, plan in ranked]
    if not order:
        return []
    shown = _one_per_turn(order)
    chosen = shown[:top] + [(a, v) for a, v in order if a in wanted and (a, v) not in shown[:top]]
    best = order[0][1].value
    return worded([_line(a, v, best, here, ctx, obs["seat"]) for a, v in chosen], here, obs)


def review_decision(obs: dict[str, Any], played: str, game_seed: int, ply: int,
                    level: str = ADVICE_LEVEL) -> dict[str, Any] | None:
    """One decision of a game next to the best move found: the hint's own analysis there
    (:func:`analyse` seeded by :func:`rome.ai.advice_seed` of the game's seed and the
    actions before it, the move played included), so a followed hint is the best found.

    ``{"ply", "round", "played", "best", "loss", "played_value", "best_value",
    "played_words", "best_words", "played_now", "best_now", "played_reason", "reason"}``
    (``reason`` the best move's), or None when ``obs`` is not the seat to act.  Kept by the
    page as the game goes and put together at its end by :func:`rome.ai.review_game`."""
    seed = advice_seed(game_seed, ply)
    moves = _kept(obs, level, seed) or []
    if played not in (m["action"] for m in moves):
        moves = analyse(obs, level, seed=seed, top=1, include=(played,))
    if not moves:
        return None
    best = moves[0]
    mine = next(m for m in moves if m["action"] == played)
    return {"ply": ply, "round": obs["round"], "played": played, "best": best["action"],
            "loss": mine["loss"], "played_value": mine["value"], "best_value": best["value"],
            "played_words": mine["words"], "best_words": best["words"],
            "played_now": mine["now"], "best_now": best["now"],
            "played_reason": mine["reason"], "reason": best["reason"]}


def review(num_players: int, seed: int, actions: list[str], seat: int,
           level: str = ADVICE_LEVEL, shrine: bool = False) -> dict[str, Any]:
    """The review of ``seat``'s decisions in a recorded game, all at once: each decision
    the seat took itself (forced moves skipped) by :func:`review_decision`, put together
    by :func:`rome.ai.review_game` once the game is over (a game in progress gives its
    ``decisions`` up to its last action, and no ``turning_points`` or ``cities``)."""
    state = new_game(num_players, seed=seed, shrine=shrine)
    decisions = []
    for ply, text in enumerate(actions):
        action = Action.parse(text)
        if automatic_action(state) is None and current_player(state) == seat:
            entry = review_decision(observation(state, seat), str(action), seed, ply, level)
            if entry is not None:
                decisions.append(entry)
        state = apply_action(state, action)
    if not is_over(state):
        return {"decisions": decisions}
    return review_game(decisions, final_scores(state), winners(state), seat)
