"""The paired comparison of a screen with its control games (``--merge ... --control``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from research.records import paired
from research.stats import sign_test
from research.tournament import main as tournament_main


def _game(seed: int, bots: list[str], winner: int) -> dict:
    totals = [80, 80]
    totals[winner] = 90
    return {"players": 2, "seed": seed, "bots": bots, "totals": totals, "winners": [winner],
            "times": {}}


# the control (hard in both seats): seat 0 wins seeds 0-2, seat 1 seeds 3-5
CONTROL = [_game(s, ["hard", "hard"], 0 if s < 3 else 1) for s in range(6)]
# the candidate holds seat s % 2 and wins seeds 0, 1, 2, 5: seed 1 flipped to it
# (the control's seat 1 lost), seed 3 flipped away (the control's seat 1 won)
SCREEN = [_game(s, ["cand", "hard"] if s % 2 == 0 else ["hard", "cand"],
                s % 2 if s in (0, 1, 2, 5) else 1 - s % 2) for s in range(6)]


def test_flips_are_counted_against_the_same_seat_of_the_control() -> None:
    out = paired(SCREEN + [_game(99, ["cand", "hard"], 0)], CONTROL)  # seed 99: no control
    assert set(out) == {"cand"}
    c = out["cand"]
    assert (c["games"], c["won"], c["flips_to"], c["flips_away"]) == (6, 4, 1, 1)
    assert c["gain"] == 0.0
    assert c["ci95"][0] < 0 < c["ci95"][1]
    assert c["sign_p"] == 1.0


def test_sign_test() -> None:
    assert sign_test(0, 0) == 1.0
    assert sign_test(1, 9) == pytest.approx(22 / 1024, abs=1e-12)  # 2 * (1 + 10) / 2**10
    assert sign_test(9, 1) == sign_test(1, 9)
    assert sign_test(5, 5) == 1.0


def test_merge_prints_the_paired_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    files = []
    for name, records in (("screen", SCREEN), ("control", CONTROL)):
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        files.append(str(path))
    assert tournament_main(["--merge", files[0], "--control", files[1]]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines()
                if x.startswith("paired with the control: "))
    assert json.loads(line.split(": ", 1)[1])["cand"]["flips_to"] == 1
