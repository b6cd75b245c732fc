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
from collections import OrderedDict

from .. import (
    Action,
    Observation,
    apply_action,
    automatic_action,
    current_player,
    new_game,
    observation,
)
from .advice import ADVICE_LEVEL, advice_seed
from .analysis_rank import Valued, hint_level, line, one_per_turn, rank
from .analysis_tree import hint_tree, tree_rank
from .answers import Move, ReviewLine
from .choose import decision_seed
from .hint_words import worded

TOP = 3
"""Suggestions in a hint."""
HINTS_KEPT = 128
"""Hints kept (the newest; a game has about 45 decisions a seat), by observation, level and
seed.  Why: the review of a decision whose move was among the hint's suggestions is that
hint (``include`` adds nothing then), so a player who asked for hints is reviewed at
once, and the worker that gave the hints keeps them for the review it is asked next."""
HINTS: OrderedDict[tuple[str, str, int], str] = OrderedDict()


def analyse(obs: Observation, level: str = ADVICE_LEVEL, seed: int = 0, top: int = TOP,
            include: tuple[str, ...] = ()) -> list[Move]:
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


def _key(obs: Observation, level: str, seed: int) -> tuple[str, str, int]:
    return json.dumps(obs, sort_keys=True), level, seed


def _kept(obs: Observation, level: str, seed: int) -> list[Move] | None:
    """The hint already worked out for ``obs`` at ``level`` with ``seed`` (a fresh copy),
    or None."""
    key = _key(obs, level, seed)
    if key not in HINTS:
        return None
    HINTS.move_to_end(key)
    kept: list[Move] = json.loads(HINTS[key])
    return kept


def _ranked(obs: Observation, level: str, seed: int, top: int, include: tuple[str, ...]
            ) -> list[Move]:
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
    shown = one_per_turn(order)
    chosen = shown[:top] + [(a, v) for a, v in order if a in wanted and (a, v) not in shown[:top]]
    best = order[0][1].value
    return worded([line(a, v, best, here, ctx, obs["seat"]) for a, v in chosen], here, obs)


def review_decision(obs: Observation, played: str, game_seed: int, ply: int,
                    level: str = ADVICE_LEVEL) -> ReviewLine | None:
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
           level: str = ADVICE_LEVEL, shrine: bool = False) -> list[ReviewLine]:
    """``seat``'s decisions in a recorded game, all at once, by ply: each decision the seat
    took itself (forced moves skipped) by :func:`review_decision`.  A finished game's
    review puts them together with :func:`rome.ai.review_game`."""
    state = new_game(num_players, seed=seed, shrine=shrine)
    decisions = []
    for ply, text in enumerate(actions):
        action = Action.parse(text)
        if automatic_action(state) is None and current_player(state) == seat:
            entry = review_decision(observation(state, seat), str(action), seed, ply, level)
            if entry is not None:
                decisions.append(entry)
        state = apply_action(state, action)
    return decisions
