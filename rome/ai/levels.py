"""The computer players' levels: their names (the one list for the whole project) and
the search settings of each.

This module imports nothing of the search, so the page can list the levels without
loading the AI: ``MENU_LEVELS`` are offered to players, ``TEST_LEVELS`` exist for tests,
benchmarks and the test page's seat menus, and ``LEVELS`` is both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from .. import SetupError

MENU_LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")
TEST_LEVELS: tuple[str, ...] = ("random", "greedy")
LEVELS: tuple[str, ...] = ("random", "greedy", "easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class Level:
    """The search settings of one level (budgets count nodes, so a level decides the
    same on any machine)."""

    name: str
    samples: int  # determinisations
    nodes: int  # node budget over all samples
    width: int  # root macro-moves kept (by static value) for roll-outs
    horizon: int  # turns played greedily after a root move (0: static evaluation)
    positions: int  # positions kept per card kind when generating builds
    temperature: float = 0.0  # >0: soft-max choice (human-like mistakes)
    others_max: float = 0.5  # 3-4 players: weight of the best other (rest: their mean)
    # 3-4 players: weight of that blend of the others against the seat's own estimate (1:
    # the margin; 0: its own score alone, whoever else gains)
    others_weight: float = 1.0
    depth: int = 1  # iterative deepening up to this many macro-moves before the roll-out
    replies: int = 1  # at most this many plausible replies searched per opponent node
    reply_margin: float = 1.0  # ... each within this many points of the opponent's best
    # 3-4 players, how an opponent chooses among those replies: its own best value after
    # the search (max-n), replies within ``reply_tie`` of it counting as ties broken against
    # the root; ``math.inf`` (every plausible reply a tie) is paranoid alpha-beta
    reply_tie: float = math.inf
    deep_width: int = 4  # the root's moves searched per node past depth 1
    wall_seconds: float = 5.0  # safety cap only
    weights: tuple[tuple[str, float], ...] = ()  # evaluation weights overriding WEIGHTS
    # the weights of the evaluation that *chooses* moves (the root's order, the plausible
    # replies, the roll-outs' greedy moves, School keeps) where they differ from those that
    # *value* the leaves (overriding ``weights``; ``None``: the same evaluation)
    policy_weights: tuple[tuple[str, float], ...] | None = None
    # the end game: with at most ``end_turns`` own turns left, search with ``endgame``
    # instead (few moves remain, so a deeper, wider tree fits the same budget and its
    # leaves are final scores rather than estimates)
    end_turns: int = 0
    endgame: Level | None = None
    # 2 players only: a leaf (end of a roll-out, or a finished game) is valued by a chance
    # of winning, tanh(margin / (base + slope * t)) with t the root seat's own turns left
    # at the leaf, instead of by the estimated margin (None).  Why: winning is what counts,
    # and the estimate's margin is far from the final one early (rms error about 7 points
    # with 0 own turns left, 18 with 4, 19-22 beyond: research/calibration.py)
    # but exact once the game is over.  tanh is odd, so the duel stays zero-sum.
    win_spread: tuple[float, float] | None = None
    # 3-4 players only: a leaf valued by the root seat's chance of finishing first, a
    # soft-max of every seat's estimate with spread base + slope * t (``win_share``), not
    # own minus a blend of the others.  Why: against opponents as strong as itself a seat's
    # chance of being first grows with the spread of its score as well as its mean, so
    # behind it should take chances and ahead play safe, which no margin says.
    win_share: tuple[float, float] | None = None


@dataclass(frozen=True)
class Tree:
    """The settings of a level searched by information-set MCTS (:mod:`rome.ai.ismcts`).

    ``base`` supplies the node budget, the horizon (whole turns looked ahead from the root),
    the positions kept per card in turn plans (in roll-outs ``rollout_positions`` if set),
    ``others_max``, the evaluation weights and the wall-clock net; its ``samples``,
    ``width`` and ``depth`` are not used (each iteration is a sample)."""

    base: Level
    explore: float = 3.0  # UCB exploration constant, in points of margin
    bias: float = 4.0  # progressive bias: weight of the static prior, decays as 1/(n+1)
    widen: float = 1.0  # a node visited n times considers its best ceil(widen*sqrt(n+1))
    min_children: int = 2  # ... but at least this many
    leaf: str = "rollout"  # "rollout": greedy play to the horizon; "static": estimate
    deals: int = 0  # 0: a fresh deal per iteration; k > 0: iteration i plays deal i mod k
    baseline: bool = False  # value each leaf against the greedy line's in the same deal
    rollout_positions: int | None = None  # build places per card kind in roll-outs (base's)
    # with at most this many own turns left, roll-outs play to the end of the game (0: off)
    finish_turns: int = 0
    win_bonus: float = 0.0  # ... and a finished game's winner gains this many points more


Params = Level | Tree
"""A level's settings: a determinised alpha-beta search or an ISMCTS tree."""


def without_wall_clock(params: Params) -> Params:
    """``params`` with the wall-clock safety net off (tournaments and tests: a loaded
    machine must not change a decision)."""
    if isinstance(params, Tree):
        return replace(params, base=replace(params.base, wall_seconds=math.inf))
    return replace(params, wall_seconds=math.inf)


MOVE_FIT_WEIGHTS: tuple[tuple[str, float], ...] = (("hand_discount", 0.425),
                                                   ("production_per_turn", 1.05))
"""The evaluation weights comparing moves in the same deal found better than the hand-set
ones (``research.fit --target moves``; greedy with them won 0.65 of 400 duels and 0.41 of
400 four-player games against greedy).  Hard weighs by them at every player count."""

LEVEL_PARAMS: dict[str, Level] = {
    "greedy": Level("greedy", samples=1, nodes=10**9, width=999, horizon=0, positions=2,
                    others_max=1.0),
    "easy": Level("easy", samples=1, nodes=400, width=999, horizon=0, positions=2,
                  temperature=1.5, others_max=1.0),
    "normal": Level("normal", samples=2, nodes=6000, width=4, horizon=2, positions=2),
    # 3-4 players: alpha-beta to depth 2 (my turn, then the next seat's plausible replies
    # minimising me, then the roll-out), paranoid over plausible replies only.  Against
    # three greedy bots it won 40 of 80 games (seed 2000), exactly as many as the depth-1
    # roll-outs, with a better mean margin (+0.86 vs +0.06); full paranoia over every
    # reply won 0.275 and depth 3 0.30 (first 20), so it stops at depth 2 here.
    # Its evaluation weighs the hand at half and production at three times the hand-set
    # weights, where comparing moves in the same deal found them wrong (docs/ai.md, "Every
    # way tried", MOVE_FIT_WEIGHTS): against three hard seats with the hand-set
    # weights it won 18 of 40 games where hard in its seats won 11 (12 winners changed for
    # it, 5 against), 7.9 points a game more than hard's margin in the same seats.
    "hard": Level("hard", samples=4, nodes=36000, width=8, horizon=4, positions=3,
                  depth=2, replies=2, reply_margin=1.0, deep_width=8,
                  weights=MOVE_FIT_WEIGHTS),
}

DUEL_ALPHA_BETA = replace(LEVEL_PARAMS["hard"], depth=3, deep_width=4, weights=())
"""Hard's duel until 2026-11-24: the utility is zero-sum, so minimax
is exact, and the root's own next turn is two macro-moves away.  Alpha-beta to depth 3 (my
turn, the opponent's plausible replies, my best next turn, then the roll-out) by iterative
deepening, over the best 4 root moves per node; the hand-set weights (the reweighed
evaluation measured no stronger in this search).  Kept as the base of today's duel (which
weighs by ``MOVE_FIT_WEIGHTS``) and of the candidates measured against it."""

DUEL_PARAMS: dict[str, Params] = {
    # Two players: one ISMCTS tree over the seat's information sets (rome/ai/ismcts.py) on
    # hard's horizon and turn plans, 72 000 nodes (about 0.75 s at p95 in the browser's
    # worker), 8 pooled deals each valued against its greedy line, exploring 6 points,
    # roll-outs building at the best place per card kind, valuing and choosing by
    # MOVE_FIT_WEIGHTS as hard does with 3-4 players (its roll-outs are greedy play, which
    # those weights make stronger; both measured in docs/ai.md, "Every way tried"): exactly
    # the candidate cand-isr72m its 200 yardstick games were played by
    "hard": Tree(replace(DUEL_ALPHA_BETA, nodes=72000, weights=MOVE_FIT_WEIGHTS), explore=6.0,
                 deals=8, baseline=True, rollout_positions=1),
}
_HARD_TREE = DUEL_PARAMS["hard"]
assert isinstance(_HARD_TREE, Tree)

EXPERT_OWN_TURNS = 3
"""How many of its own turns expert's roll-outs look ahead, whatever the number of seats
(3 whole turns in a duel are too few: hard's duel looks 4 whole turns ahead, 2 own)."""

# Two players: hard's duel tree looking 6 whole turns ahead (3 own) in 140 000 nodes, its
# last 4 own turns rolled out to the game's end, a win there worth 5 points more than its
# margin: exactly the candidate cand-xh6p its 200 duels against 0f5e383's hard were played by
DUEL_PARAMS["expert"] = replace(
    _HARD_TREE, base=replace(_HARD_TREE.base, nodes=140000, horizon=2 * EXPERT_OWN_TURNS),
    finish_turns=4, win_bonus=5.0)

MANY_TREES: dict[tuple[str, int], Tree] = {
    # 3-4 players: the duel's tree with each seat choosing for itself by hard's blend of
    # the others, looking 3 own turns ahead (12 whole turns with four seats, 9 with three),
    # its last 3 own turns to the game's end, in 48 000 nodes: exactly the candidate
    # cand-x4h12b its 120 four-player games against three of 0f5e383's hards were played
    # by.  Hard's alpha-beta with 3-4 players reaches only one own turn ahead; no deeper or
    # wider alpha-beta beat it (docs/ai.md, "Every way tried").
    ("expert", players): replace(
        _HARD_TREE, base=replace(_HARD_TREE.base, nodes=48000,
                                 horizon=players * EXPERT_OWN_TURNS),
        finish_turns=EXPERT_OWN_TURNS, win_bonus=5.0)
    for players in (3, 4)
}
"""Levels searched by a tree with 3-4 players, by (level, players)."""


def level_params(name: str, num_players: int) -> Params:
    """The search settings of level ``name`` for a game of ``num_players``."""
    if num_players == 2 and name in DUEL_PARAMS:
        return DUEL_PARAMS[name]
    if (name, num_players) in MANY_TREES:
        return MANY_TREES[name, num_players]
    if name not in LEVEL_PARAMS:
        searching = dict.fromkeys([*LEVEL_PARAMS, *DUEL_PARAMS])
        raise SetupError(f"no search settings for AI level {name!r}; searching levels are "
                         f"{', '.join(searching)}")
    return LEVEL_PARAMS[name]
