"""``python -m research follow``: the hint's follower benchmark (issue 43).

The summary is checked on hand-made records (differences, shared wins, decision times);
one game with quick levels checks the seats' rotation and what a record holds.
"""

from __future__ import annotations

from research.follow import FOLLOWER, follow_game, summarise


def record(seed: int, bots: list[str], totals: list[int], winners: list[int]) -> dict:
    return {"seed": seed, "bots": bots, "totals": totals, "winners": winners,
            "follower": "hint",
            "cpu_ms": {b: [100.0 * (i + 1)] for i, b in enumerate(bots)}}


def test_the_summary_is_the_followers_score_minus_hards_with_shared_wins_split():
    line_up = [FOLLOWER, "normal", "hard"]
    records = [
        record(1, line_up, [90, 70, 80], [0]),  # +10
        record(1, line_up[1:] + line_up[:1], [70, 85, 85], [1, 2]),  # follower 85 vs hard 85
        record(2, line_up[2:] + line_up[:2], [70, 76, 80], [2]),  # follower 76 vs hard 70: +6
    ]
    s = summarise(records)
    assert s["games"] == 3 and s["seeds"] == 2
    assert s["mean_difference"] == round(16 / 3, 2)
    assert s["wins"] == {FOLLOWER: 1.5, "hard": 0.5, "normal": 1.0}  # a shared win split
    lo, hi = s["ci95"]
    assert 0 <= lo <= s["mean_difference"] <= hi <= 10
    assert set(s["cpu_ms_p95"]) == {FOLLOWER, "normal", "hard"}


def test_a_game_rotates_the_line_up_and_records_every_decision():
    rec = follow_game(5, 1, ["greedy", "random"], "greedy")
    assert rec["bots"] == ["greedy", "random", FOLLOWER]
    assert rec["seed"] == 5 and len(rec["totals"]) == 3 and rec["winners"]
    assert all(len(ms) > 10 for ms in rec["cpu_ms"].values())
