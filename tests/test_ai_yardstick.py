"""The yardstick bot (``e514045:hard``) decides as the e514045 code did, in its own process.

The replay corpus holds AI decisions recorded *by commit e514045 itself*; the yardstick,
fed only the game's seed and the actions so far, must reproduce them.  This fails if the
subprocess ran today's code instead, replayed the game wrongly or mixed up the seeds.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from research import yardstick
from research.tournament import main as tournament_main

CORPUS = json.loads((Path(__file__).parent / "data" / "replay_corpus.json").read_text())
COMMIT = "e514045"

# The yardstick is that commit's code, taken from the repository's history: a shallow
# clone or an unpacked archive has none, and nothing here can be checked without it.
needs_history = pytest.mark.skipif(not yardstick.has_commit(COMMIT),
                                   reason=f"commit {COMMIT} is not in this repository's history "
                                          f"(a shallow clone or an archive): no yardstick to run")


@pytest.fixture(autouse=True)
def _close_bots():
    yield
    yardstick.close_all()


@needs_history
@pytest.mark.parametrize("decision", CORPUS["decisions"][:4],
                         ids=lambda d: f"{d['level']}-game{d['game']}-ply{d['ply']}")
def test_yardstick_reproduces_decisions_recorded_by_e514045(decision):
    assert CORPUS["recorded_from"].startswith("e514045")
    game = CORPUS["games"][decision["game"]]
    chosen = yardstick.external_choose(f"e514045:{decision['level']}", game["players"],
                                       game["seed"], game["shrine"],
                                       game["actions"][:decision["ply"]], decision["seed"])
    assert chosen == decision["action"]


@needs_history
def test_yardstick_reports_the_old_bots_errors():
    with pytest.raises(yardstick.YardstickError, match="grandmaster"):
        yardstick.external_choose("e514045:grandmaster", 2, 1, False, [], 0)


def test_bot_names_need_a_commit_and_a_level():
    with pytest.raises(ValueError):
        yardstick.split_name("e514045:")
    assert yardstick.split_name("e514045:hard") == ("e514045", "hard")


@needs_history
def test_tournament_plays_and_merges_yardstick_shards(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    for seed in (3, 5):  # two shards of two games each
        assert tournament_main(["--players", "2", "--games", "2", "--seed", str(seed),
                                "--bots", "greedy,e514045:random", "--no-progress",
                                "--record", str(record)]) == 0
    capsys.readouterr()
    lines = record.read_text().splitlines()
    assert [json.loads(x)["seed"] for x in lines] == [3, 4, 5, 6]
    assert [json.loads(x)["bots"] for x in lines[:2]] == [["greedy", "e514045:random"],
                                                           ["e514045:random", "greedy"]]
    for line in lines:  # every timed decision has its CPU time, the old commit's too
        rec = json.loads(line)
        assert {b: len(t) for b, t in rec["cpu"].items()} == {
            b: len(t) for b, t in rec["times"].items()}
        assert all(ms >= 0 for t in rec["cpu"].values() for ms in t)
    assert tournament_main(["--merge", str(record)]) == 0
    merged = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(merged) == {"greedy", "e514045:random"}
    assert merged["greedy"]["win_rate"] + merged["e514045:random"]["win_rate"] == 1.0
    with pytest.raises(SystemExit):  # the same shard twice is refused
        tournament_main(["--merge", str(record), str(record)])
