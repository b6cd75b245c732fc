"""``python -m research endgame``: a candidate's endings of control games, paired with them."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import rome
from research import candidates, endgame
from rome.ai.levels import LEVEL_PARAMS


def test_the_summary_counts_the_winners_an_ending_changed() -> None:
    records = [
        {"control": {"totals": [90, 80], "winners": [0]},
         "endings": [{"seat": 0, "totals": [85, 88], "winners": [1]},    # lost a win
                     {"seat": 1, "totals": [80, 81], "winners": [1]}]},  # won a loss
        {"control": {"totals": [70, 75], "winners": [1]},
         "endings": [{"seat": 0, "totals": [76, 75], "winners": [0]},    # won a loss
                     {"seat": 1, "totals": [70, 75], "winners": [1]}]},  # kept a win
    ]
    out = endgame.summary(records)
    assert (out["endings"], out["flips_to"], out["flips_away"]) == (4, 2, 1)
    assert out["gain"] == 0.25
    assert out["win_rate"] == 0.75
    assert out["mean_margin"] == (-3 + 1 + 1 + 5) / 4


def test_an_ending_starts_where_the_control_reaches_the_last_turns(monkeypatch, tmp_path,
                                                                   capsys) -> None:
    """The control is the control level everywhere; each ending replays it exactly up to the
    branch (a candidate that plays as the control gives the control's result in every
    seat), and the branch is the first emissary phase with at most that many turns left."""
    same = replace(LEVEL_PARAMS["greedy"])
    monkeypatch.setitem(candidates.CANDIDATES, "cand-test-greedy", (same, same))
    record = tmp_path / "endings.jsonl"
    assert endgame.main(["--players", "2", "--games", "2", "--seed", "5", "--from-turns",
                         "4", "--bot", "cand-test-greedy", "--control", "greedy",
                         "--record", str(record)]) == 0
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert [rec["seed"] for rec in lines] == [5, 6]
    for rec in lines:
        assert [e["totals"] for e in rec["endings"]] == [rec["control"]["totals"]] * 2
        full = rome.play(rome.new_game(2, seed=rec["seed"]),
                         rome.ai.players.computer_players(
                             ["greedy", "greedy"],
                             seeds=rome.ai.players.tournament_seeds(rec["seed"])),
                         automatic=True)
        assert [s["total"] for s in rome.final_scores(full)] == rec["control"]["totals"]
    assert json.loads(capsys.readouterr().out.strip())["flips_to"] == 0
    _end, made, branch = endgame.play_on(rome.new_game(2, seed=5), ["greedy"] * 2, 5, 0, 4)
    assert branch is not None and branch.phase == "emissary" and made > 0
    assert min(rome.turns_left(branch, s) for s in range(2)) == 4


def test_only_a_candidate_plays_the_endings() -> None:
    with pytest.raises(SystemExit):
        endgame.main(["--bot", "hard"])
