"""The command line: ``python -m rome`` run as a user would, its usage and its errors."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

import rome

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "city.json"  # the rulebook's example


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


@pytest.mark.parametrize(("command", "prog"), [
    ("", "python -m rome"),
    ("score", "python -m rome score"),
    ("link", "python -m rome link"),
    ("simulate", "python -m rome simulate"),
    # from a checkout, the research package answers with its own usage
    ("tournament", "python -m research tournament"),
])
def test_help_prints_the_usage_of_each_command(command: str, prog: str) -> None:
    out = run(*command.split(), "--help")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"usage: {prog} ")
    assert out.stderr == ""


def test_the_top_help_lists_every_command() -> None:
    listed = run("--help").stdout
    for command in ("score", "link", "simulate", "tournament"):
        assert f"\n    {command}" in listed


def usage_error(out: subprocess.CompletedProcess[str], command: str, words: str) -> None:
    """A usage error: exit status 2, nothing on stdout, the usage and one line saying what
    is wrong on stderr, no traceback."""
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.splitlines()
    assert lines[0].startswith(f"usage: python -m rome {command}".rstrip() + " ")
    assert lines[-1].startswith(f"python -m rome {command}".rstrip() + ": error: ")
    assert words in lines[-1]
    assert len(lines) <= 3 and "Traceback" not in out.stderr


@pytest.mark.parametrize(("args", "command", "words"), [
    (["conquer"], "", "invalid choice: 'conquer'"),
    ([], "", "required: COMMAND"),
    (["score", "--bogus", str(EXAMPLE)], "score", "unrecognized arguments: --bogus"),
    (["score"], "score", "CITY.json --code is required"),
    (["score", str(EXAMPLE), "--code", "1.x"], "score", "not allowed with"),
    (["link", str(EXAMPLE), "--verbose"], "link", "unrecognized arguments: --verbose"),
    (["link"], "link", "required: CITY.json"),
    (["simulate", "--players", "5"], "simulate", "invalid choice: 5"),
    (["simulate", "--players", "2", "--fast"], "simulate", "unrecognized arguments: --fast"),
    (["simulate", "--players", "two"], "simulate", "invalid int value: 'two'"),
])
def test_a_usage_error_exits_2_with_the_usage_and_one_line(
        args: list[str], command: str, words: str) -> None:
    usage_error(run(*args), command, words)


def test_link_help_is_help_not_a_file_name() -> None:
    """Once ``link --help`` answered "cannot read --help" (issue 35)."""
    out = run("link", "--help")
    assert out.returncode == 0 and "cannot read" not in out.stdout + out.stderr


def test_main_returns_the_exit_status_instead_of_raising(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    from rome.cli import main

    assert main(["score", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: rome score ")
    assert main(["nonsense"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert main(["score", str(EXAMPLE)]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 75


# `tournament` hands over to the research package of a source checkout; both sides of
# that are tested with a stand-in for the package, so neither depends on what
# research/ holds today.
@pytest.fixture
def research_tournament(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """A stand-in ``research.tournament`` that records the arguments it was given."""
    calls: list[list[str]] = []

    def tournament_main(argv: list[str]) -> int:
        calls.append(argv)
        if "--fail" in argv:
            raise rome.SetupError("unknown bot 'genius'")
        return 7

    package = types.ModuleType("research")
    module = types.ModuleType("research.tournament")
    module.main = tournament_main  # type: ignore[attr-defined]
    package.tournament = module  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "research", package)
    monkeypatch.setitem(sys.modules, "research.tournament", module)
    return calls


def test_tournament_hands_every_argument_to_the_research_package(
        research_tournament: list[list[str]]) -> None:
    from rome.cli import main

    args = ["--players", "2", "--games", "4", "--seed", "1", "--bots", "hard,greedy"]
    assert main(["tournament", *args]) == 7
    assert main(["tournament", "--help"]) == 7
    assert research_tournament == [args, ["--help"]]


def test_a_research_error_is_one_line(research_tournament: list[list[str]],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    from rome.cli import main

    assert main(["tournament", "--fail"]) == 2
    assert capsys.readouterr().err == "unknown bot 'genius'\n"


def test_without_research_a_tournament_says_where_it_runs(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from rome.cli import main

    monkeypatch.setitem(sys.modules, "research", None)  # as in an installed wheel
    monkeypatch.delitem(sys.modules, "research.tournament", raising=False)
    assert main(["tournament", "--players", "2"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == ("tournaments are research tools that run from a source checkout "
                       "(python -m research tournament ...)\n")
    assert main(["tournament", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: rome tournament ")
