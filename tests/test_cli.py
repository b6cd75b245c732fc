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


# Each refusal has its own test in test_score_input.py; these run the command itself.
BAD_CITIES = {
    "unknown-id": (_city([["vegetable-farm", "house-9"]]), "unknown building"),
    "baths-more-tokens-than-neighbours": (
        _city([["vegetable-farm", "house-2", {"card": "baths", "point_tokens": 2}]]),
        "2 point tokens"),
    "lost-a-starting-building": (_city([["house-3", "house-2"]]), "no starting buildings"),
    "influence-of-two-games": (_city([["vegetable-farm", "house-2"]], influence_cards=[3, 4]),
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


def one_line_refusal(out: subprocess.CompletedProcess[str]) -> None:
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_score_reads_at_most_64_kb() -> None:
    out = run("score", "/dev/zero")  # endless: must not be read whole (was a MemoryError)
    one_line_refusal(out)
    assert "larger than 64 KB" in out.stderr


@pytest.mark.parametrize("name, content", [
    ("deep", b"[" * 60_000),
    ("long-number", b'{"city": [["vegetable-farm", "house-2"]], "coins": ' + b"9" * 5000 + b"}"),
    ("latin-1", '{"city": [["caf\u00e9"]]}'.encode("latin-1")),
    ("nan", b'{"city": [["vegetable-farm", "house-2"]], "coins": NaN}'),
    ("empty", b""),
])
def test_score_refuses_odd_files_in_one_line(name: str, content: bytes, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    one_line_refusal(run("score", str(path)))


def test_simulate_prints_games_per_second() -> None:
    out = run("simulate", "--players", "3", "--games", "3", "--seed", "5")
    assert out.returncode == 0, out.stderr
    assert "3 random games" in out.stdout and "games/s" in out.stdout
