"""The command line: ``python -m rome score`` and ``simulate``, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = Path(__file__).parent / "data" / "rulebook_example.json"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rome", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_score_prints_the_rulebook_example_breakdown() -> None:
    out = run("score", str(EXAMPLE))
    assert out.returncode == 0, out.stderr
    # The rulebook's example, category by category: 2 + 22 + 14 + 8 residential, two
    # aqueducts, Fortuna 0 + Luna 4, 9 coins, 3 tokens -> 1, one influence card of 3.
    assert json.loads(out.stdout) == {
        "residential": 46, "aqueducts": 12, "temples": 4, "shrine": 0, "coins": 9,
        "influence_tokens": 1, "influence_cards": 3, "total": 75,
    }


def _city(rows: list[list[object]], **extra: object) -> dict[str, object]:
    return {"city": rows, "coins": 0, "influence_tokens": 0, "influence_cards": [], **extra}


BAD_CITIES = {
    "unknown-id": (_city([["vegetable-farm", "house-9"]]), "unknown building"),
    "too-wide": (_city([["house-2"] * 5]), "wider or taller"),
    "too-tall": (_city([["house-2"]] * 5), "wider or taller"),
    "aqueducts-in-a-row": (_city([["aqueduct", "house-2", "aqueduct"]]), "two aqueducts"),
    "aqueducts-in-a-column": (_city([["aqueduct", "house-2"], ["house-2", "house-3"],
                                     ["aqueduct", "house-2"]]), "two aqueducts"),
    "tokens-on-a-house": (_city([["vegetable-farm", {"card": "house-2", "point_tokens": 2}]]),
                          "only a thermal bath"),
    "disconnected": (_city([["vegetable-farm", None, "house-2"]]), "not connected"),
    "too-many-copies": (_city([["temple-luna", "temple-luna"]]), "the game has only 1"),
    "negative-coins": (_city([["vegetable-farm", "house-2"]], coins=-1), "negative"),
    "negative-tokens": (_city([["market", {"card": "baths", "point_tokens": -2}]]), "negative"),
    "influence-of-two-games": (_city([["market", "baths"]], influence_cards=[3, 4]),
                               "not cards of one game"),
    "not-an-object": ([1, 2], "JSON object"),
}


@pytest.mark.parametrize("name", sorted(BAD_CITIES))
def test_score_refuses_impossible_cities_with_one_line(name: str, tmp_path: Path) -> None:
    data, words = BAD_CITIES[name]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    out = run("score", str(path))
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert words in out.stderr


def test_score_refuses_broken_json_and_missing_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"city": [[')
    for path in (broken, tmp_path / "missing.json"):
        out = run("score", str(path))
        assert out.returncode == 2 and out.stderr.count("\n") == 1
        assert "Traceback" not in out.stderr


def test_simulate_prints_games_per_second() -> None:
    out = run("simulate", "--players", "3", "--games", "3", "--seed", "5")
    assert out.returncode == 0, out.stderr
    assert "3 random games" in out.stdout and "games/s" in out.stdout
