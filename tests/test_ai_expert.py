"""The expert level: exactly the candidates measured against the frozen hard, deciding from
the observation alone, the same move for the same seed in any process."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rome
from research.candidates import candidate_params
from rome.ai import MENU_LEVELS, choose_action
from rome.ai.levels import level_params, without_wall_clock
from test_ai_deepening import decision_obs

ROOT = Path(__file__).resolve().parents[1]
MEASURED = {2: "cand-xh6p", 4: "cand-x4h12b"}
"""The candidates whose tournaments (docs/ai.md, "Strength") are expert's measured strength."""


def test_expert_is_offered_after_hard() -> None:
    assert MENU_LEVELS[-2:] == ("hard", "expert")


@pytest.mark.parametrize("players", sorted(MEASURED))
def test_expert_searches_as_the_measured_candidate(players: int) -> None:
    """Changing expert's settings without measuring them again fails here."""
    assert (without_wall_clock(level_params("expert", players))
            == candidate_params(MEASURED[players], players))


def test_three_players_look_as_many_own_turns_ahead_as_four() -> None:
    """Three seats: 9 whole turns are three of the seat's own, as 12 are with four."""
    three, four = level_params("expert", 3), level_params("expert", 4)
    assert three.base.horizon == 9 and four.base.horizon == 12  # type: ignore[union-attr]


def _decide_elsewhere(obs: dict, hash_seed: str) -> str:
    """Expert's decision in a fresh interpreter with another string-hash seed (a set's
    order may differ there: a decision must not depend on it), its wall-clock cap lifted
    as ``conftest.no_ai_wall_clock`` lifts it here (a loaded machine trips it)."""
    code = ("import sys, rome\nfrom rome.ai import choose_action, levels\n"
            "levels.DUEL_PARAMS['expert'] = levels.without_wall_clock("
            "levels.DUEL_PARAMS['expert'])\n"
            "print(choose_action(rome.read_observation(sys.stdin.read()), 'expert', 7))")
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(obs), env=env,
                          capture_output=True, text=True, check=True, cwd=ROOT, timeout=120)
    return done.stdout.strip()


@pytest.mark.parametrize(("players", "seed", "skip"), [(2, 31, 9), (3, 32, 7), (4, 33, 6)])
def test_expert_decides_from_the_observation_alone(players: int, seed: int,
                                                   skip: int) -> None:
    """The hidden cards re-dealt (other secret hands, another deck order) give the same
    move, which is legal in the real game, and another process gives it too."""
    obs = decision_obs(players, seed, skip)
    real = rome.sample_state(copy.deepcopy(obs), 1)
    twin = rome.sample_state(copy.deepcopy(obs), 2)
    assert twin.decks != real.decks
    seat = obs["seat"]
    assert rome.observation(real, seat) == rome.observation(twin, seat) == obs
    move = choose_action(obs, "expert", 7)
    assert choose_action(rome.observation(twin, seat), "expert", 7) == move
    assert rome.Action.parse(move) in rome.legal_actions(real)
    if players == 2:
        assert _decide_elsewhere(obs, "1") == _decide_elsewhere(obs, "2") == move
