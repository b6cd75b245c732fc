"""Information-set MCTS (``rome.ai.ismcts``): seeded, legal, fair, and right where the best
move is known by brute force."""

from __future__ import annotations

import copy
import math
import random
from dataclasses import replace

import pytest

import rome
from research.candidates import CANDIDATES, choose
from rome.ai import ismcts
from rome.ai.evaluate import Context, seat_utility
from rome.ai.levels import DUEL_ALPHA_BETA, LEVEL_PARAMS, Level
from rome.ai.minimax import BudgetExceeded
from test_ai_analysis import last_turn_after_take, true_margins
from test_ai_deepening import decision_obs

SMALL = ismcts.Tree(replace(DUEL_ALPHA_BETA, nodes=5000, wall_seconds=math.inf))
SMALL4 = ismcts.Tree(replace(LEVEL_PARAMS["hard"], nodes=5000, wall_seconds=math.inf))
POOLED = replace(SMALL, deals=4, baseline=True)


def small(players: int) -> ismcts.Tree:
    return SMALL if players == 2 else SMALL4


def grown(obs: dict, tree: ismcts.Tree, seed: int) -> ismcts.Ismcts:
    """The search of one decision, run until its budget is spent (as ``decide`` runs it)."""
    rng = random.Random(seed)
    rome.sample_state(obs, rng)
    mcts = ismcts.Ismcts(tree, Context(obs["num_players"], obs["shrine"]), math.inf)
    with pytest.raises(BudgetExceeded):
        while True:
            mcts.iterate(obs, rng)
    return mcts


@pytest.mark.parametrize(("players", "seed", "skip"), [(2, 5, 10), (4, 8, 14)])
def test_a_seed_and_a_budget_give_the_same_move(players, seed, skip):
    obs = decision_obs(players, seed, skip)
    moves = {str(ismcts.decide(copy.deepcopy(obs), small(players), 11)) for _ in range(2)}
    assert len(moves) == 1
    pooled = replace(POOLED, base=small(players).base)
    moves = {str(ismcts.decide(copy.deepcopy(obs), pooled, 11)) for _ in range(2)}
    assert len(moves) == 1


def test_a_pool_of_deals_is_reused_and_each_valued_once():
    """With ``deals=k`` iteration i plays deal i mod k, and the greedy line's values of a
    deal (the baseline) are those of a greedy roll-out from it, computed once."""
    obs = decision_obs(2, 5, 12)
    mcts = grown(obs, POOLED, 3)
    assert mcts.iterations > POOLED.deals
    assert len(mcts.pool) == POOLED.deals
    fresh = ismcts.Ismcts(POOLED, Context(2, obs["shrine"]), math.inf)
    fresh.search.budget = 10**9
    for state, ref in mcts.pool:
        assert ref == fresh.leaf_values(state, POOLED.base.horizon)


class Uncached(ismcts.Ismcts):
    """The search ranking every node again on each visit (as before the ranking cache)."""

    def ranked_at(self, node, deal, state, mover):
        return self.ranked(state, mover)


@pytest.mark.parametrize(("players", "seed", "skip"), [(2, 5, 12), (4, 8, 14)])
def test_ranking_once_per_pooled_deal_changes_nothing(players, seed, skip):
    """Each node's ranking in a pooled deal is computed once and charged its nodes on every
    reuse: the tree grown is the one grown by ranking anew at every visit, visit for visit,
    value for value and node for node."""
    obs = decision_obs(players, seed, skip)
    tree = replace(POOLED, base=small(players).base)
    trees = []
    for search in (ismcts.Ismcts, Uncached):
        rng = random.Random(3)
        rome.sample_state(obs, rng)
        mcts = search(tree, Context(players, obs["shrine"]), math.inf)
        mcts.search.budget = 10**9
        for _ in range(3 * tree.deals):
            mcts.iterate(obs, rng)
        trees.append((mcts.search.nodes, mcts.root.ranked,
                      {k: (n.n, n.w, n.avail) for k, n in mcts.root.kids.items()}))
    (cached_nodes, ranked, cached), (plain_nodes, unranked, plain) = trees
    assert len(ranked) == tree.deals and not unranked
    assert cached_nodes == plain_nodes
    assert cached == plain


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_move_is_legal_in_the_real_game(players, seed):
    """A game played to the end by the candidate against greedy seats: each of its
    moves is among ``rome.legal_actions`` of the real state."""
    k = 0

    def player(state: rome.GameState) -> rome.Action:
        nonlocal k
        seat = rome.current_player(state)
        obs = rome.observation(state, seat)
        if seat == 0 and k % 3 == 0:
            action = ismcts.decide(obs, small(players), k)
            assert action in rome.legal_actions(state)
        else:
            action = rome.Action.parse(rome.ai.choose_action(obs, "greedy", k))
        k += 1
        return action

    assert rome.is_over(rome.play(rome.new_game(players, seed=seed), player, automatic=True))


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (2, 7), (2, 9), (4, 4)])
@pytest.mark.parametrize("pooled", [False, True])
def test_it_plays_a_truly_best_last_turn(players, seed, pooled):
    """The last turn of seeded greedy games, every continuation played out by the rules."""
    _ply, _actions, state = last_turn_after_take(players, seed)
    seat = rome.current_player(state)
    truth = true_margins(state, seat)
    assert len(set(truth.values())) > 1, "the position must offer a real choice"
    tree = replace(POOLED, base=small(players).base) if pooled else small(players)
    move = str(ismcts.decide(rome.observation(state, seat), tree, 1))
    assert truth[move] == max(truth.values())


def test_it_decides_from_the_observation_only():
    """Two games that look the same from the seat (other deck order, other secret hands)
    give the same move; the real state is never asked for."""
    for players, seed, steps in ((2, 3, 25), (4, 8, 30)):
        rng = random.Random(seed)
        real = rome.new_game(players, seed=seed)
        for _ in range(steps):
            real = rome.apply_action(real, rng.choice(rome.sensible_actions(real)))
        seat = rome.current_player(real)
        obs = rome.observation(real, seat)
        twin = rome.sample_state(copy.deepcopy(obs), 12345)
        assert twin.decks != real.decks
        assert (str(ismcts.decide(obs, small(players), 7))
                == str(ismcts.decide(rome.observation(twin, seat), small(players), 7)))


@pytest.mark.parametrize(("players", "seed", "skip"), [(2, 5, 12), (4, 8, 14)])
def test_the_tree_counts_visits_and_availability(players, seed, skip):
    """A child is chosen only in deals where it is available, every iteration passes the
    root and ends once, and the budget bounds the nodes spent."""
    tree = small(players)
    mcts = grown(decision_obs(players, seed, skip), tree, 3)
    assert mcts.iterations > 10
    assert mcts.root.n == mcts.iterations == sum(k.n for k in mcts.root.kids.values())
    assert mcts.search.nodes == tree.base.nodes + 1  # the tick that ran out is counted
    todo, opponents = [mcts.root], 0
    while todo:
        node = todo.pop()
        assert sum(k.n for k in node.kids.values()) <= max(node.n, 0)
        for kid in node.kids.values():
            assert 0 <= kid.n <= kid.avail
            assert kid.prior_n == kid.avail
            todo.append(kid)
        opponents += node is not mcts.root and bool(node.kids)
    assert opponents > 0, "the tree must reach below the root's moves"


def test_each_mover_backs_up_its_own_utility():
    """A duel is zero-sum (the margin and its negation); with 3-4 players each seat counts
    its own estimate against a blend of the best and the mean other (max-n-like)."""
    half, best = weighing(0.5), weighing(1.0)
    values = [71.5, 64.0]
    assert seat_utility(values, 0, half) == 7.5
    assert seat_utility(values, 1, half) == -7.5
    four = [10.0, 20.0, 30.0, 0.0]
    assert seat_utility(four, 0, half) == 10.0 - (0.5 * 30.0 + 0.5 * 50.0 / 3)
    assert seat_utility(four, 2, best) == 10.0
    # the others' weight: none (own score alone) or half; a duel stays the margin
    assert seat_utility(four, 1, weighing(0.5, 0.0)) == 20.0
    assert seat_utility(four, 0, weighing(1.0, 0.5)) == 10.0 - 15.0
    assert seat_utility(values, 0, weighing(0.5, 0.0)) == 7.5


def weighing(others_max: float, others_weight: float = 1.0) -> Level:
    """A level that differs from the defaults only in how it weighs the other seats."""
    return Level("weighing", 1, 1, 1, 0, 1, others_max=others_max,
                 others_weight=others_weight)


def test_the_candidate_is_playable_by_name():
    obs = decision_obs(2, 5, 10)
    duel, multi = CANDIDATES["cand-is"]
    assert isinstance(duel, ismcts.Tree) and isinstance(multi, ismcts.Tree)
    text = choose(obs, "cand-is", 2)
    assert rome.Action.parse(text) in rome.sensible_actions(rome.sample_state(obs, 0))


FINISHING = replace(POOLED, finish_turns=2, win_bonus=5.0)


def test_finishing_waits_for_the_last_turns():
    """Before the seat's last ``finish_turns`` turns the tree searches as without them,
    node for node (the same move from the same iterations)."""
    obs = decision_obs(2, 5, 10)
    assert rome.turns_left(rome.sample_state(obs, 0), obs["seat"]) > FINISHING.finish_turns
    plain, finishing = grown(obs, POOLED, 3), grown(obs, FINISHING, 3)
    assert not finishing.finishing and finishing.horizon == POOLED.base.horizon
    assert finishing.iterations == plain.iterations
    assert ({k: (n.n, n.w) for k, n in finishing.root.kids.items()}
            == {k: (n.n, n.w) for k, n in plain.root.kids.items()})
    assert str(ismcts.decide(obs, FINISHING, 3)) == str(ismcts.decide(obs, POOLED, 3))


@pytest.mark.parametrize("seed", [4, 7])
def test_finishing_plays_to_the_end_and_a_truly_best_last_turn(seed):
    """In the last turns every line is played to the end of the game: each deal's baseline
    is its greedy line's final score, and the move chosen is truly best."""
    _ply, _actions, state = last_turn_after_take(2, seed)
    seat = rome.current_player(state)
    obs = rome.observation(state, seat)
    rng = random.Random(1)
    first = rome.sample_state(obs, rng)
    assert rome.turns_left(first, seat) <= FINISHING.finish_turns
    mcts = ismcts.Ismcts(FINISHING, Context(2, obs["shrine"]), math.inf)
    mcts.horizon, mcts.finishing = 10**6, True
    deal, ref = mcts.deal(obs, rng)
    end = mcts.search.play_on(deal, 10**6)
    assert rome.is_over(end)
    assert ref == [float(s["total"]) for s in rome.final_scores(end)]
    truth = true_margins(state, seat)
    assert truth[str(ismcts.decide(obs, FINISHING, 1))] == max(truth.values())


def test_a_finished_win_is_worth_the_bonus_more():
    mcts = ismcts.Ismcts(FINISHING, Context(2, False), math.inf)
    assert mcts.utility([80.0, 78.0], 0) == 2.0  # not finishing: the margin
    mcts.finishing = True
    assert mcts.utility([80.0, 78.0], 0) == 7.0
    assert mcts.utility([80.0, 78.0], 1) == -7.0
    assert mcts.utility([80.0, 80.0], 1) == 0.0
