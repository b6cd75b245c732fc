"""The 3-4 player opponent model (``Level.reply_tie``): max-n, softened, and paranoid
alpha-beta as the default that keeps today's ``hard`` deciding as before."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

import rome
from research.candidates import CANDIDATES, candidate_params
from rome.ai.evaluate import Context, estimate, utility
from rome.ai.levels import DUEL_ALPHA_BETA, LEVEL_PARAMS, Level, Tree, level_params
from rome.ai.minimax import alphabeta, iteration, maxn
from rome.ai.search import Search, decide

# a small 4-player search: 3 root moves, every opponent reply of the best 3, 1 turn rolled out
LIGHT = dataclasses.replace(LEVEL_PARAMS["normal"], width=3, horizon=1, positions=1,
                            replies=3, reply_margin=math.inf, deep_width=3, depth=3)


def _position(seed: int, players: int = 4, rnd: int = 2, phase: str = "action",
              step: str = "act") -> rome.GameState:
    """A game played by seeded random choices to the first decision of ``phase``/``step``
    in round ``rnd``."""
    rng = random.Random(seed)
    state = rome.new_game(players, seed=seed)
    while not (state.round == rnd and state.phase == phase and state.step == step):
        state = rome.apply_action(state, rng.choice(rome.sensible_actions(state)))
    return state


def _search(state: rome.GameState, level: Level) -> Search:
    search = Search(level, Context(state.num_players, state.shrine, {}), 10**9, math.inf)
    search.root = rome.current_player(state)
    return search


def _replies(search: Search, state: rome.GameState, horizon: int
             ) -> tuple[int, list[list[float]]]:
    """The seat to act in ``state`` and, for each of its plausible replies (its best 3 by
    its own static utility), every seat's utility after the reply and the roll-out."""
    mover = rome.current_player(state)
    kids = sorted(((utility(estimate(child, search.ctx), mover), child)
                   for _acts, child in search.children(state)), key=lambda t: -t[0])
    below = max(0, horizon - 1) if state.phase == "action" else horizon
    return mover, [search.leaf_values(search.play_on(child, below))
                   for _u, child in kids[:3]]


def test_max_n_lets_an_opponent_play_for_itself_where_paranoia_plays_against_the_root(
        ) -> None:
    # After each root move the next seat replies: paranoia values the root move by the
    # reply worst for the root, max-n by the reply best for the replying seat.  On these
    # seeded 4-player positions the two must disagree somewhere, else the model is moot.
    differ = 0
    for seed in (1, 2, 3):
        state = _position(seed)
        search = _search(state, dataclasses.replace(LIGHT, reply_tie=0.0))
        root = search.root
        for _acts, child, _v in search.candidates(state):
            mover, vectors = _replies(search, child, LIGHT.horizon)
            assert mover != root
            top = max(v[mover] for v in vectors)  # exact ties: the worse for the root
            own_best = min((v for v in vectors if v[mover] == top), key=lambda v: v[root])
            worst_for_root = min(v[root] for v in vectors)
            assert maxn(search, child, 1, LIGHT.horizon) == own_best
            assert alphabeta(search, child, 1, -math.inf, math.inf,
                             LIGHT.horizon) == worst_for_root
            differ += own_best[root] != worst_for_root
    assert differ, "max-n and paranoia agreed on every reply: these positions test nothing"


def test_a_tie_wider_than_every_reply_is_paranoid_alpha_beta_to_depth_three() -> None:
    # reply_tie counts replies within it of the opponent's own best as ties broken
    # against the root: wide enough, every plausible reply ties and max-n is exactly the
    # paranoid search (values of depth 3, where a second opponent replies too).
    for seed in (4, 5):
        state = _position(seed)
        values = []
        for tie in (math.inf, 1e9):
            search = _search(state, dataclasses.replace(LIGHT, reply_tie=tie))
            order = [(acts, s) for acts, s, _v in search.candidates(state)]
            values.append(iteration(search, order, 3)[0])
        assert values[0] == values[1]


SOFT_SEED = 24  # its first root move's best two replies differ for both seats


def test_a_softened_tie_breaks_near_ties_against_the_root() -> None:
    state = _position(SOFT_SEED)
    search = _search(state, LIGHT)
    _acts, child, _v = search.candidates(state)[0]
    mover, vectors = _replies(search, child, LIGHT.horizon)
    root = search.root
    own = sorted({v[mover] for v in vectors}, reverse=True)
    # a tie just wide enough for the second-best value: of the replies that close to the
    # replying seat's best, the worst for the root
    tie = own[0] - own[1] + 1e-9
    close = [v for v in vectors if v[mover] >= own[1]]
    soft = _search(state, dataclasses.replace(LIGHT, reply_tie=tie))
    chosen = maxn(soft, child, 1, LIGHT.horizon)
    assert chosen == min(close, key=lambda v: v[root])
    plain = _search(state, dataclasses.replace(LIGHT, reply_tie=0.0))
    assert maxn(plain, child, 1, LIGHT.horizon)[root] > chosen[root]  # the tie mattered


def test_the_shipped_levels_stay_paranoid() -> None:
    assert Level("x", 1, 1, 1, 0, 1).reply_tie == math.inf
    for players in (2, 3, 4):
        for name in ("easy", "normal", "hard"):
            params = level_params(name, players)
            assert (params.base if isinstance(params, Tree) else params).reply_tie == math.inf
    maxn_level = candidate_params("cand-maxn", 4)
    assert isinstance(maxn_level, Level) and maxn_level.reply_tie == 0.0
    assert candidate_params("cand-maxn", 2) == dataclasses.replace(
        DUEL_ALPHA_BETA, wall_seconds=math.inf)  # the duel (as it was) is not changed


# hard's moves recorded at the commit before the opponent model (f815c28), wall-clock cap
# lifted so only the node budget decides
RECORDED = [((4, 21, 2, "action", "take"), "take III:grain-farm"),
            ((4, 22, 3, "action", "take"), "take I:forum-romanum"),
            ((4, 23, 2, "emissary", ""), "place 2"),
            ((3, 24, 2, "action", "take"), "take II:grain-farm")]


@pytest.mark.parametrize(("where", "move"), RECORDED)
def test_hard_decides_as_before_the_opponent_model(where: tuple, move: str) -> None:
    players, seed, rnd, phase, step = where
    state = _position(seed, players, rnd, phase, step)
    obs = rome.observation(state, rome.current_player(state))
    level = dataclasses.replace(level_params("hard", players), wall_seconds=math.inf)
    assert str(decide(obs, level, seed)) == move


def test_the_max_n_candidates_decide_the_same_on_the_same_seed() -> None:
    state = _position(21, 4, 2, "action", "take")
    obs = rome.observation(state, rome.current_player(state))
    for name in CANDIDATES:
        params = candidate_params(name, 4)
        if isinstance(params, Level) and params.reply_tie != math.inf:
            level = dataclasses.replace(params, nodes=8000)
            moves = {str(decide(obs, level, 7)) for _ in range(2)}
            assert len(moves) == 1
            assert rome.Action.parse(moves.pop()) in rome.sensible_actions(state)
