"""A hint and a game review for the human, built on the computer's own search.

:func:`analyse` answers "what would the computer play here, and why": the best few first
actions of the seat to act, each with the whole turn it starts (``plan``), its estimated
value and a short reason.  :func:`review` replays a finished game and puts each of one
seat's decisions next to the best move found, with the points it cost, in the spirit of a
chess game review.

Why this shape:

* **The same search as the level.**  The candidates are the level's root macro-moves
  (whole turns, placements, drafts) in the level's determinisations, each played on with
  the level's greedy roll-outs; the value is the root's utility (estimated final score
  minus the other seats', as :mod:`rome.ai.evaluate` defines it), averaged over the
  samples.  So a hint names what that level would consider, not a different engine's view.
  The deepening of ``hard`` is left out: a hint must come quickly, and depth 1 ranks the
  same candidates.
* **Fair play.**  Only the observation is read; hidden cards are re-dealt
  (:func:`rome.sample_state`) exactly as the level does.
* **Reasons from what changes.**  The reason compares the seat before and after the plan
  in the first sample through public functions only (:func:`rome.final_scores`,
  :func:`rome.observation`): points scored now, influence, coins, brick tokens, cards in
  hand, then the estimated gain over the rest of the game.
* **One voice.**  The hint and the review use the same level and the same seed for the
  same decision (:mod:`rome.ai.advice`), and nothing depends on the clock, so the review
  of a decision repeats the hint given there: following a hint's first move is always
  "the best found".  Moves closer than ``EVEN`` points are within the analysis' noise,
  and both say "about as good as".
* **A played move is always valued.**  :func:`review` passes the move played as
  ``include``, so it is searched even when the level would have cut it, and its loss is
  measured against the same samples as the best move.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from .. import (
    Action,
    GameState,
    Observation,
    apply_action,
    automatic_action,
    current_player,
    final_scores,
    new_game,
    observation,
    sample_state,
)
from ..cards import space_resources
from .advice import ADVICE_LEVEL, advice_seed
from .answers import Gains, Move, ReviewLine
from .choose import decision_seed
from .evaluate import Context, estimate, utility
from .levels import Level, Tree, level_params
from .search import Search

ANALYSIS_WIDTH = 8  # root macro-moves searched at least, whatever the level keeps


def analysis_level(level: str, num_players: int) -> Level:
    """The level's search settings for a hint: its samples, width (at least
    :data:`ANALYSIS_WIDTH`), horizon and positions; depth 1; no budget and no clock (the
    answer must not depend on the machine's speed, see :func:`analyse`).  A
    level searched by ISMCTS (hard's duel) is ranked by its base: the same macro-moves and
    greedy roll-outs to the same horizon, compared in its determinisations."""
    params = level_params(level, num_players)
    if isinstance(params, Tree):
        params = params.base
    return replace(params, samples=max(1, params.samples), depth=1, temperature=0.0,
                   width=max(params.width, ANALYSIS_WIDTH), nodes=10**9)


def _plans(search: Search, state: GameState, include: set[Action]
           ) -> list[tuple[tuple[Action, ...], GameState, float]]:
    """The level's candidates best-first, plus the best plan of every ``include`` action."""
    seat = current_player(state)
    assert seat is not None  # a hint is asked of a game in progress
    search.root = seat
    scored = []
    for acts, s in search.children(state):
        scored.append((acts, s, utility(estimate(s, search.policy), seat)))
    scored.sort(key=lambda t: -t[2])
    kept = scored[:search.level.width]
    have = {acts[0] for acts, _s, _v in kept}
    for acts, s, v in scored[search.level.width:]:
        if acts[0] in include and acts[0] not in have:
            kept.append((acts, s, v))
            have.add(acts[0])
    for a in include - have - {acts[0] for acts, _s, _v in scored}:
        kept.append(_forced(search, state, a, seat))  # legal, but not among the sensible
    return kept


def _forced(search: Search, state: GameState, action: Action, seat: int
            ) -> tuple[tuple[Action, ...], GameState, float]:
    """A plan that starts with ``action`` (one the move generator skips as never sensible),
    finished with the seat's best-looking rest of the turn."""
    after = apply_action(state, action)
    acts: tuple[Action, ...] = (action,)
    if (after.phase == state.phase == "action" and after.acting == state.acting
            and after.round == state.round):
        rest = max(search.children(after),
                   key=lambda t: utility(estimate(t[1], search.policy), seat))
        acts, after = acts + rest[0], rest[1]
    return acts, after, utility(estimate(after, search.policy), seat)


def _gains(before: GameState, after: GameState, seat: int) -> Gains:
    """What the plan changes for ``seat`` now (public data only)."""
    b, a = observation(before, seat)["players"][seat], observation(after, seat)["players"][seat]
    return {
        "points": final_scores(after)[seat]["total"] - final_scores(before)[seat]["total"],
        "influence": a["influence"] - b["influence"],
        "coins": a["coins"] - b["coins"],
        "bricks": len(a["bricks"]) - len(b["bricks"]),
        "cards": len(a["hand"]) - len(b["hand"]),
        "buildings": len(a["city"]) - len(b["city"]),
    }


def _public_plan(acts: tuple[Action, ...]) -> list[str]:
    """The plan as text, up to a School's draw: what it keeps is the sample's invention."""
    out = []
    for a in acts:
        out.append(str(a))
        if a.verb == "school":
            break
    return out


def tempo(obs: Observation, action: Action) -> str:
    """What an emissary placement buys: the turn's resources and when it comes."""
    if action.verb != "place" or not obs["strips"] or obs["strips"][0] is None:
        return ""
    strip, flipped = obs["strips"][0]
    space = action.space
    assert space is not None  # a place names its space
    bricks, cogs = space_resources(strip, flipped, space)
    order = {1: "1st", 2: "2nd", 3: "3rd"}.get(space, f"{space}th")
    return (f"acts {order} this round with {bricks} brick{'s' if bricks != 1 else ''} and "
            f"{cogs} cog{'s' if cogs != 1 else ''}")


def reason(gains: Gains, later: float, timing: str = "") -> str:
    """What the move does, in a player's words: when the emissary acts, the points and
    goods it brings now, then the points it sets up for the rest of the game."""
    parts = [timing] if timing else []
    if gains["points"]:
        parts.append(f"{gains['points']:+d} points now")
    if gains["influence"]:
        parts.append(f"{gains['influence']:+d} influence")
    if gains["coins"]:
        parts.append(f"{gains['coins']:+d} coins")
    if gains["bricks"]:
        parts.append(f"{gains['bricks']:+d} brick tokens")
    if gains["buildings"] and not gains["points"]:
        parts.append(f"{gains['buildings']} building{'s' if gains['buildings'] > 1 else ''}"
                     " that score at the end")
    if gains["cards"] > 0:
        parts.append(f"{gains['cards']} card{'s' if gains['cards'] > 1 else ''} kept for "
                     "later turns")
    n = round(abs(later))
    if n:
        more = "more" if later > 0 else "fewer"
        parts.append(f"about {n} {more} point{'s' if n != 1 else ''} by the end of the game")
    return ", ".join(parts) if parts else "nothing gained right away"


def analyse(obs: Observation, level: str = ADVICE_LEVEL, seed: int = 0, top: int = 3,
            include: tuple[str, ...] = ()) -> list[Move]:
    """The best ``top`` first actions for ``obs['seat']`` (plus any ``include``d), best first.

    Each is ``{"action", "plan", "value", "loss", "gains", "reason"}``: ``action`` is the
    canonical text to play now, ``plan`` the whole macro-move it starts (the later actions
    may change once hidden cards are seen), ``value`` the estimated final margin over the
    other seats after the plan and the level's roll-out, ``loss`` how far behind the best
    it is, ``gains`` what the plan changes now (points, influence, coins, bricks, cards,
    buildings).  Empty if the seat is not the one to act.

    The answer depends on ``obs``, ``level`` and ``seed`` alone (no clock): ``include`` and
    ``top`` only add or cut lines, never change the others' values or order, so the review
    of a decision reproduces the hint given there.
    """
    if obs.get("current_player") != obs["seat"]:
        return []
    params = analysis_level(level, obs["num_players"])
    rng = random.Random(decision_seed(obs, seed))
    ctx = Context(obs["num_players"], obs["shrine"], dict(params.weights))
    wanted = {Action.parse(t) for t in include}
    samples = [sample_state(obs, rng) for _ in range(params.samples)]
    search = Search(params, ctx, params.nodes, math.inf)
    per_sample: list[dict[Action, tuple[float, tuple[Action, ...], GameState]]] = []
    for state in samples:
        best: dict[Action, tuple[float, tuple[Action, ...], GameState]] = {}
        for acts, s, static in _plans(search, state, wanted):
            v = search.rollout(s, params.horizon) if params.horizon > 0 else static
            if acts[0] not in best or v > best[acts[0]][0]:
                best[acts[0]] = (v, acts, s)
        per_sample.append(best)
    first = per_sample[0]
    common = [a for a in first if all(a in s for s in per_sample)]
    means = {a: sum(s[a][0] for s in per_sample) / len(per_sample) for a in common}
    order = sorted(common, key=lambda a: (-means[a], str(a)))
    chosen = order[:top] + [a for a in order[top:] if a in wanted]
    seat = obs["seat"]
    here = samples[0]
    base = estimate(here, ctx)[seat]
    out: list[Move] = []
    for a in chosen:
        _v, acts, after = first[a]
        gains = _gains(here, after, seat)
        later = estimate(after, ctx)[seat] - base - gains["points"]
        out.append({"action": str(a), "plan": _public_plan(acts),
                    "value": round(means[a], 2), "loss": round(means[order[0]] - means[a], 2),
                    "gains": gains, "reason": reason(gains, later, tempo(obs, a))})
    return out


def review(num_players: int, seed: int, actions: list[str], seat: int,
           level: str = ADVICE_LEVEL, shrine: bool = False) -> list[ReviewLine]:
    """Each decision of ``seat`` in a recorded game next to the best move found.

    One entry per decision the seat took itself (automatic moves skipped):
    ``{"ply", "round", "played", "best", "loss", "played_value", "best_value", "reason"}``
    with ``loss`` in estimated points (0 when the move played was the best found; None in
    the rare case the move was not valued in every sample) and the best move's reason.
    Each decision is analysed exactly as the hint there was (:func:`analyse` at the same
    level with :func:`advice_seed`), so the hint's first move is always the best found.
    A game in progress is reviewed up to its last action.
    """
    state = new_game(num_players, seed=seed, shrine=shrine)
    out: list[ReviewLine] = []
    for ply, text in enumerate(actions):
        action = Action.parse(text)
        if automatic_action(state) is None and current_player(state) == seat:
            obs = observation(state, seat)
            moves = analyse(obs, level, seed=advice_seed(seed, ply), top=1,
                            include=(str(action),))
            if moves:
                best = moves[0]
                played = next((m for m in moves if m["action"] == str(action)), None)
                out.append({"ply": ply, "round": obs["round"], "played": str(action),
                            "best": best["action"],
                            "loss": played["loss"] if played else None,
                            "played_value": played["value"] if played else None,
                            "best_value": best["value"], "reason": best["reason"]})
        state = apply_action(state, action)
    return out
