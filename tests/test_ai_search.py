"""Evaluation and search on small positions whose best move is known; legality, replay."""

from __future__ import annotations

import copy
import json
import math
import random
from dataclasses import replace

import pytest

import rome
from research.stats import wilson
from research.tournament import main as tournament_main
from research.tournament import run as run_tournament
from rome.ai import LEVELS, choose_action
from rome.ai.evaluate import Context, estimate, seat_utility, utility
from rome.ai.levels import LEVEL_PARAMS
from rome.ai.search import Search


def _first_act_step(seed: int, players: int = 2) -> rome.GameState:
    """A game played by fixed choices up to the first 'act' step."""
    rng = random.Random(seed)
    state = rome.new_game(players, seed=seed)
    while not (state.phase == "action" and state.step == "act"):
        state = rome.apply_action(state, rng.choice(rome.sensible_actions(state)))
    return state


def _aqueduct_position(seed: int) -> tuple[rome.GameState, int]:
    """The seat to act has three aqueducts (24 points) and a fourth in hand; the only
    space for it is row -1, column 3.  Completing the set is worth 16 more points."""
    state = _first_act_step(seed)
    seat = rome.current_player(state)
    obs = rome.observation(state, seat)
    me = obs["players"][seat]
    me["city"] = [[0, 0, "vegetable-farm", "start"], [0, 1, "house-2", "start"],
                  [0, 2, "aqueduct", "II"], [1, 0, "aqueduct", "II"],
                  [1, 1, "house-2", "II"], [2, 1, "aqueduct", "II"], [0, 3, "house-2", "II"]]
    me["hand"] = me["hand"] + [{"kind": "aqueduct", "deck": "II", "public": False}]
    me["bricks"], me["points"] = [], []
    obs["decks"]["II"] -= 6
    return rome.sample_state(obs, 0), seat


def _play_turn(state: rome.GameState, seat: int, level: str) -> rome.GameState:
    start = (state.round, state.acting)
    k = 0
    while (state.round, state.acting) == start and not rome.is_over(state):
        text = choose_action(rome.observation(state, seat), level, k)
        state = rome.apply_action(state, rome.Action.parse(text))
        k += 1
    return state


def _aqueduct_seed() -> int:
    for seed in range(40):
        try:
            _aqueduct_position(seed)
        except ValueError:  # the visible cards leave no aqueduct for the hand
            continue
        return seed
    raise AssertionError("no seed gives the aqueduct position")


@pytest.mark.parametrize("level", ["greedy", "normal", "hard"])
def test_completes_the_fourth_aqueduct(level: str) -> None:
    state, seat = _aqueduct_position(_aqueduct_seed())
    assert rome.Action.parse("build aqueduct -1,3") in rome.legal_actions(state)
    after = _play_turn(state, seat, level)
    assert rome.final_scores(after)[seat]["aqueducts"] == 40


def test_evaluation_sees_the_aqueduct_gain() -> None:
    state, seat = _aqueduct_position(_aqueduct_seed())
    ctx = Context(2, False)
    before = estimate(state, ctx)[seat]
    after = estimate(rome.apply_action(state, rome.Action.parse("build aqueduct -1,3")), ctx)[seat]
    ended = estimate(rome.apply_action(state, rome.Action.parse("end")), ctx)[seat]
    assert after > before and after > ended + 2


def test_evaluation_prefers_the_public_next_to_the_houses() -> None:
    """A market beside the houses scores their area; one beside the farm does not."""
    state = _first_act_step(2)
    seat = rome.current_player(state)
    obs = rome.observation(state, seat)
    me = obs["players"][seat]
    me["city"] = [[0, 0, "vegetable-farm", "start"], [0, 1, "house-2", "start"],
                  [0, 2, "house-2", "II"]]
    me["hand"] = me["hand"] + [{"kind": "market", "deck": "II", "public": False}]
    me["coins"] = 9
    obs["decks"]["II"] -= 2
    real = rome.sample_state(obs, 0)
    ctx = Context(2, False)
    near = rome.apply_action(real, rome.Action.parse("build market 1,1"))
    far = rome.apply_action(real, rome.Action.parse("build market -1,0"))
    assert estimate(near, ctx)[seat] > estimate(far, ctx)[seat] + 1


def test_evaluation_at_the_end_is_the_final_score() -> None:
    state = rome.play(rome.new_game(3, seed=4), rome.random_player(random.Random(4),
                                                                   sensible=True))
    values = estimate(state, Context(3, False))
    assert values == [float(s["total"]) for s in rome.final_scores(state)]
    assert utility(values, 0) == values[0] - max(values[1:])


def test_more_coins_is_better() -> None:
    state = _first_act_step(6)
    seat = rome.current_player(state)
    obs = rome.observation(state, seat)
    richer = copy.deepcopy(obs)
    richer["players"][seat]["coins"] += 3
    ctx = Context(2, False)
    assert estimate(rome.sample_state(richer, 0), ctx)[seat] > \
        estimate(rome.sample_state(obs, 0), ctx)[seat]


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_every_level_answers_a_legal_action(num_players: int) -> None:
    """Across seeded positions (every phase), each level's answer is legal."""
    rng = random.Random(num_players)
    checked = 0

    def checking_player(state: rome.GameState) -> rome.Action:
        """Plays sensibly at random, first asking every level now and then."""
        nonlocal checked
        if rng.random() < 0.12 and rome.automatic_action(state) is None:
            seat = rome.current_player(state)
            obs = json.loads(json.dumps(rome.observation(state, seat)))
            legal = rome.legal_actions(state)
            for level in LEVELS:
                assert rome.Action.parse(choose_action(obs, level, checked)) in legal
            checked += 1
        return rng.choice(rome.sensible_actions(state))

    for _step in rome.playthrough(rome.new_game(num_players, seed=num_players * 10),
                                  checking_player):
        if checked == 7:
            break
    assert checked >= 3


def test_same_seed_same_move_and_unknown_level_refused() -> None:
    state = _first_act_step(9)
    obs = rome.observation(state, rome.current_player(state))
    assert choose_action(obs, "hard", 3) == choose_action(copy.deepcopy(obs), "hard", 3)
    with pytest.raises(ValueError):
        choose_action(obs, "grandmaster", 0)


def test_tournament_prints_json_last(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    import sys
    monkeypatch.setitem(sys.modules, "tqdm", None)  # no tqdm: no bar, no failure
    assert tournament_main(["--players", "2", "--games", "2", "--seed", "1",
                            "--bots", "random,greedy"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    assert set(result) == {"random", "greedy"}
    for stats in result.values():
        assert set(stats) == {"win_rate", "ci95", "mean_score", "mean_margin",
                              "decision_ms_p50", "decision_ms_p95", "decision_cpu_ms_p50",
                              "decision_cpu_ms_p95"}
    assert abs(result["random"]["win_rate"] + result["greedy"]["win_rate"] - 1) < 1e-9


def test_tournament_results_do_not_depend_on_parallel_jobs() -> None:
    def without_times(result: dict) -> dict:
        return {bot: {k: v for k, v in stats.items()
                      if not k.startswith(("decision_ms", "decision_cpu_ms"))}
                for bot, stats in result.items()}

    one = run_tournament(3, 3, 7, ["random", "greedy"], progress=False, jobs=1)
    two = run_tournament(3, 3, 7, ["random", "greedy"], progress=False, jobs=2)
    assert without_times(one) == without_times(two)
    assert one["greedy"]["mean_score"] != one["random"]["mean_score"]


def test_wilson_interval() -> None:
    low, high = wilson(65, 100)
    assert 0.55 < low < 0.56 and 0.73 < high < 0.74
    assert wilson(0, 0) == [0.0, 1.0]


def test_hard_is_a_larger_normal() -> None:
    """The levels are nested: hard searches everything normal does, and more."""
    from rome.ai.levels import LEVEL_PARAMS

    normal, hard = LEVEL_PARAMS["normal"], LEVEL_PARAMS["hard"]
    assert hard.samples >= normal.samples and hard.nodes >= normal.nodes
    assert hard.width >= normal.width and hard.horizon >= normal.horizon
    assert hard.positions >= normal.positions and normal.horizon > 0
    assert LEVEL_PARAMS["easy"].temperature > 0 and LEVEL_PARAMS["greedy"].temperature == 0


@pytest.mark.parametrize("players, depth", [(3, 2), (4, 2)])
def test_hard_deepens_by_alpha_beta_within_its_budget(
        monkeypatch: pytest.MonkeyPatch, players: int, depth: int) -> None:
    """The shipped hard with 3-4 players is a minimax to depth 2 (paranoid over plausible
    replies) -- and its node budget lets it reach past depth 1."""
    from rome.ai import minimax
    from rome.ai.levels import LEVEL_PARAMS, level_params

    assert level_params("hard", players).depth == depth
    assert level_params("hard", players).replies >= 2
    assert level_params("normal", players) == LEVEL_PARAMS["normal"]

    reached: list[int] = []
    original = minimax.iteration

    def counting(search: object, order: list, ply: int) -> tuple:
        result = original(search, order, ply)
        reached.append(ply)
        return result

    state = _first_act_step(4, players)
    obs = rome.observation(state, rome.current_player(state))
    monkeypatch.setattr(minimax, "iteration", counting)
    choice = choose_action(obs, "hard", 1)
    assert rome.Action.parse(choice) in rome.legal_actions(state)
    assert max(reached) >= 2, "hard never searched past depth 1 within its budget"


def test_hard_in_a_duel_grows_an_information_set_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two-player hard is ISMCTS (rome.ai.ismcts) in 72 000 nodes, its roll-outs building
    at one place per card kind, weighing the evaluation as hard does with 3-4 players: its
    move is the tree's, after many iterations."""
    from research.candidates import CANDIDATES
    from rome.ai import decision_seed, ismcts
    from rome.ai.levels import DUEL_ALPHA_BETA, MOVE_FIT_WEIGHTS, Tree, level_params

    tree = level_params("hard", 2)
    assert isinstance(tree, Tree)
    assert tree == CANDIDATES["cand-isr72m"][0]  # the settings its yardstick games measured
    assert (tree.base.nodes, tree.rollout_positions, tree.deals) == (72000, 1, 8)
    assert tree.base.horizon == DUEL_ALPHA_BETA.horizon == 4
    assert tree.base.weights == MOVE_FIT_WEIGHTS
    iterations: list[int] = []
    original = ismcts.Ismcts.iterate

    def counting(self: ismcts.Ismcts, obs: dict, rng: random.Random) -> None:
        original(self, obs, rng)
        iterations.append(self.iterations)

    monkeypatch.setattr(ismcts.Ismcts, "iterate", counting)
    state = _first_act_step(4, 2)
    obs = rome.observation(state, rome.current_player(state))
    choice = choose_action(obs, "hard", 1)
    assert len(iterations) >= 20
    assert choice == str(ismcts.decide(obs, tree, decision_seed(obs, 1)))
    assert rome.Action.parse(choice) in rome.legal_actions(state)


def test_a_tiny_budget_still_answers_legally_and_deterministically() -> None:
    """A sample that runs out of nodes is dropped whole; with none left the static values
    of the first sample decide -- legal, and the same every time."""
    import dataclasses

    from rome.ai.levels import LEVEL_PARAMS
    from rome.ai.search import decide

    state = _first_act_step(9)
    obs = rome.observation(state, rome.current_player(state))
    tiny = dataclasses.replace(LEVEL_PARAMS["hard"], nodes=50)
    first = decide(obs, tiny, 3)
    assert first in rome.legal_actions(state)
    assert decide(obs, tiny, 3) == first


def test_policy_weights_choose_the_moves_and_the_leaves_keep_the_levels_weights() -> None:
    """A level whose moves are chosen by one evaluation and whose leaves are valued by
    another: the root's order is by the policy's utility, a leaf by the level's."""
    state = _first_act_step(5)
    seat = rome.current_player(state)
    policy = (("hand_discount", 0.0), ("production_per_turn", 3.0))
    level = replace(LEVEL_PARAMS["hard"], policy_weights=policy)
    hand_set = Context(2, state.shrine)
    search = Search(level, hand_set, 10**9, math.inf)
    chooser = Context(2, state.shrine, dict(policy))
    kept = search.candidates(state)
    by_policy = sorted((utility(estimate(s, chooser), seat) for _a, s in search.children(state)),
                       reverse=True)[:level.width]
    assert [v for _a, _s, v in kept] == pytest.approx(by_policy)
    assert by_policy != pytest.approx(sorted((utility(estimate(s, hand_set), seat)
                                              for _a, s in search.children(state)),
                                             reverse=True)[:level.width])
    leaf = search.play_on(kept[0][1], 8)  # the seats' hands and production differ by now
    valued = seat_utility(estimate(leaf, hand_set), seat, level)
    assert valued != pytest.approx(seat_utility(estimate(leaf, chooser), seat, level))
    assert search.leaf(leaf) == pytest.approx(valued)


def test_the_roll_outs_play_the_policys_greedy_moves() -> None:
    """``greedy_step`` (every roll-out's move) takes the child best by the policy's
    utility, which differs from the leaf evaluation's best in some positions."""
    policy = (("hand_discount", 0.0), ("production_per_turn", 3.0))
    state = rome.new_game(2, seed=8)
    search = Search(replace(LEVEL_PARAMS["hard"], policy_weights=policy),
                    Context(2, state.shrine), 10**9, math.inf)
    chooser = Context(2, state.shrine, dict(policy))
    differ = 0
    for _ in range(24):
        mover = rome.current_player(state)
        kids = [s for _a, s in search.children(state)]
        by_policy = max(kids, key=lambda s: utility(estimate(s, chooser), mover))
        by_leaf = max(kids, key=lambda s: utility(estimate(s, search.ctx), mover))
        step = search.greedy_step(state)
        assert step == by_policy
        differ += step != by_leaf
        state = step
    assert differ > 0


def test_turn_plans_build_at_most_the_places_asked_for_per_card_kind() -> None:
    """``positions`` caps the places a plan may build each card kind at after the same
    steps (the level's own cap unless given), keeping the places the cheap score ranks
    first, so plans with fewer places are a subset of those with more."""
    state = rome.new_game(2, seed=3)
    search = Search(LEVEL_PARAMS["hard"], Context(2, state.shrine), 10**9, math.inf)
    widest = 0
    while not rome.is_over(state):
        if state.phase != "action":
            state = search.greedy_step(state)
            continue
        plans = {k: [acts for acts, _s in search.turn_plans(state, k)] for k in (1, 3)}
        for k, acts_list in plans.items():
            places: dict[tuple, set[tuple[int, int]]] = {}
            for acts in acts_list:
                for i, a in enumerate(acts):
                    if a.verb == "build":
                        places.setdefault((acts[:i], a.kind), set()).add((a.row, a.col))
            most = max((len(v) for v in places.values()), default=0)
            assert most <= k
            if k == 3:
                widest = max(widest, most)
        assert set(plans[1]) <= set(plans[3])
        assert plans[3] == [acts for acts, _s in search.turn_plans(state)]  # hard keeps 3
        state = search.greedy_step(state)
    assert widest == 3  # some kind had more places than one plan may use
