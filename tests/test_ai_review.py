"""The review: one decision at a time (``review_decision``, as the page asks for it while
the human thinks), put together at the end (``review_game``), and all at once
(``review``): the same answers whichever way, and the hint's own voice.

Whole games here are analysed at ``normal``'s settings (a tenth of the time of the
shipped level); the functions are the same at every level, and the shipped level's
hint is checked in ``tests/test_ai_hint_words.py`` and ``tests/test_ai_analysis.py``.
"""

from __future__ import annotations

import json
import random

import rome
from rome.ai import ADVICE_LEVEL, EVEN, advice_seed, analyse, review, review_decision, review_game
from rome.ai.analysis import HINTS, HINTS_KEPT
from rome.ai.answers import read_review
from rome.ai.game_review import TURNING_POINTS, compare_cities, turning_points
from rome.ai.players import computer_player
from ui.worker import ai_worker

LEVEL = "normal"


def test_a_followed_hint_is_never_called_a_slip():
    """A seat following the hint's first move at every decision is told, decision by
    decision, that it played the best move found."""
    seed, seat = 11, 1
    greedy = computer_player("greedy")
    actions: list[str] = []

    def player(state: rome.GameState) -> rome.Action:
        if rome.current_player(state) != seat:
            return greedy(state)
        obs = rome.observation(state, seat)
        return rome.Action.parse(analyse(obs, LEVEL, seed=advice_seed(seed, len(actions)))[0]
                                 ["action"])

    state = rome.new_game(3, seed=seed)
    for _b, action, after in rome.playthrough(state, player, automatic=True):
        actions.append(str(action))
        state = after
    whole = review_game(review(3, seed, actions, seat, LEVEL), rome.final_scores(state),
                        rome.winners(state), seat)
    assert len(whole["decisions"]) >= 30
    assert all(d["played"] == d["best"] and d["loss"] == 0 for d in whole["decisions"])
    assert whole["turning_points"] == [] and whole["lost"] == 0


def test_decisions_analysed_one_at_a_time_make_the_whole_review():
    """The page keeps each decision's analysis as the game goes, in whatever order the
    worker had time for; put together at the end they are the review of the whole game."""
    seed, seat = 7, 0
    state = rome.new_game(2, seed=seed)
    kept, actions = [], []
    for before, action, after in rome.playthrough(state, computer_player("easy"),
                                                  automatic=True):
        if rome.automatic_action(before) is None and rome.current_player(before) == seat:
            kept.append(review_decision(rome.observation(before, seat), str(action), seed,
                                        len(actions), LEVEL))
        actions.append(str(action))
        state = after
    random.Random(1).shuffle(kept)
    together = review_game([d for d in kept if d is not None], rome.final_scores(state),
                           rome.winners(state), seat)
    assert together["decisions"] == review(2, seed, actions, seat, LEVEL)
    assert [d["ply"] for d in together["decisions"]] == sorted(d["ply"] for d in kept)
    slips = [d for d in together["decisions"] if d["loss"] >= EVEN]
    assert slips, "easy slips now and then"
    assert together["turning_points"] == sorted(slips, key=lambda d: (-d["loss"], d["ply"])
                                                )[:TURNING_POINTS]
    for point in together["turning_points"]:
        assert point["round"] >= 1 and point["played"] != point["best"]
        assert point["best_words"] and point["played_words"] and point["reason"]


def test_a_decision_not_for_the_seat_to_act_is_not_reviewed():
    state = rome.new_game(2, seed=3)
    other = 1 - rome.current_player(state)
    assert review_decision(rome.observation(state, other), "draft house-2", 3, 0, LEVEL) is None


def decision(ply: int, loss: float | None) -> dict:
    return {"ply": ply, "round": ply // 10 + 1, "played": "end", "best": "produce",
            "loss": loss}


def test_turning_points_are_the_costliest_decisions_of_a_point_or_more():
    losses = [0.0, 4.0, 0.9, None, 2.5, 1.0, 7.0, 4.0, 3.0, 1.5]
    decisions = [decision(ply, loss) for ply, loss in enumerate(losses)]
    assert [d["ply"] for d in turning_points(decisions)] == [6, 1, 7, 8, 4]
    assert turning_points([decision(0, 0.99), decision(1, None)]) == []


def scores(**categories: list[int]) -> list[dict[str, int]]:
    """Final scores per seat from per-category lists (missing categories score 0)."""
    seats = len(next(iter(categories.values())))
    out = []
    for s in range(seats):
        row = {c: categories.get(c, [0] * seats)[s] for c in rome.CATEGORIES}
        row["total"] = sum(row.values())
        out.append(row)
    return out


def test_the_city_is_put_beside_the_winners_widest_gap_first():
    table = scores(residential=[30, 25, 28], aqueducts=[4, 10, 24], coins=[3, 2, 1])
    cities = compare_cities(table, [2], 0)
    assert (cities["against"], cities["won"], cities["yours"], cities["theirs"]) == \
        (2, False, 37, 53)
    assert [r["category"] for r in cities["categories"]] == ["aqueducts", "residential",
                                                             "coins"]
    assert cities["categories"][0]["words"] == "their aqueducts scored 24, yours 4"
    assert cities["categories"][0]["difference"] == -20


def test_a_winner_is_put_beside_the_best_of_the_others():
    table = scores(residential=[40, 25, 28], temples=[0, 9, 3])
    cities = compare_cities(table, [0], 0)
    assert cities["won"] and cities["against"] == 1
    assert cities["categories"][0] == {"category": "residential", "yours": 40, "theirs": 25,
                                       "difference": 15,
                                       "words": "your residential areas scored 40, theirs 25"}


def test_the_review_of_a_hinted_decision_is_that_hint():
    """The worker keeps the hints it gave: the review of a decision whose move was among
    them is that hint's numbers, at once."""
    state = rome.new_game(3, seed=21)
    for _ in range(12):
        state = rome.apply_action(state, rome.automatic_action(state)
                                  or rome.sensible_actions(state)[-1])
    seat = rome.current_player(state)
    obs = rome.observation(state, seat)
    hint = analyse(obs, LEVEL, seed=advice_seed(21, 12))
    second = hint[1]
    line = review_decision(obs, second["action"], 21, 12, LEVEL)
    assert line is not None
    assert (line["best"], line["loss"], line["played_value"]) == \
        (hint[0]["action"], second["loss"], second["value"])


def test_kept_hints_are_bounded():
    state = rome.new_game(2, seed=4)
    obs = rome.observation(state, rome.current_player(state))
    for seed in range(HINTS_KEPT + 5):
        analyse(obs, "greedy", seed=seed)
    assert len(HINTS) == HINTS_KEPT
    assert analyse(obs, "greedy", seed=HINTS_KEPT + 4) == analyse(obs, "greedy",
                                                                  seed=HINTS_KEPT + 4)


def test_the_worker_answers_one_decision_as_json():
    """What the page asks the AI worker while the human thinks (``review_decision``)."""
    state = rome.new_game(2, seed=9)
    seat = rome.current_player(state)
    played = str(rome.sensible_actions(state)[0])
    obs_json = json.dumps(rome.observation(state, seat))
    line = read_review(ai_worker.review_decision(obs_json, played, 9, 0, LEVEL))
    assert line == [review_decision(rome.observation(state, seat), played, 9, 0, LEVEL)]
    assert read_review(ai_worker.review_decision(
        json.dumps(rome.observation(state, 1 - seat)), played, 9, 0, LEVEL)) == []


def test_a_played_move_only_adds_a_line_to_the_hint():
    """``include`` (the move played, for the review) never changes the hint's own lines,
    by roll-outs (normal) or by the tree (the shipped level)."""
    state = rome.new_game(3, seed=30)
    for _ in range(20):
        state = rome.apply_action(state, rome.automatic_action(state)
                                  or rome.sensible_actions(state)[0])
    obs = rome.observation(state, rome.current_player(state))
    last = str(rome.sensible_actions(state)[-1])
    for level in (LEVEL, ADVICE_LEVEL):
        hint = analyse(obs, level, seed=3)
        with_played = analyse(obs, level, seed=3, include=(last,))
        assert [(m["action"], m["value"], m["loss"]) for m in with_played[:len(hint)]] == \
            [(m["action"], m["value"], m["loss"]) for m in hint]
        assert last in [m["action"] for m in with_played]
