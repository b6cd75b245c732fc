"""Record the replay corpus ``tests/data/replay_corpus.json`` from the engine as it is.

The corpus is the proof that "a seed and a list of actions always give the same game":
it was recorded once from commit e514045 (before the engine was restructured) and
``tests/test_replay_corpus.py`` replays every game against it.  Re-recording it would
hide exactly the change it exists to catch, so run this only to *extend* the corpus
from a commit known to play identically, and review the diff.

Run: ``.venv/bin/python scripts/record_corpus.py`` (about a minute).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rome import (  # noqa: E402
    apply_action,
    automatic_action,
    current_player,
    final_scores,
    legal_actions,
    new_game,
    observation,
    playthrough,
    random_player,
)
from rome.ai import choose_action  # noqa: E402
from rome.ai.players import computer_players, tournament_seeds  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "replay_corpus.json"

# Seat line-ups of the AI games: cheap levels only, so the test can re-decide them.
AI_LINEUPS = (("greedy", "easy", "normal", "random"), ("normal", "greedy", "easy", "greedy"))


def state_hash(state: Any) -> str:
    """sha256 of the canonical JSON of the state's save data."""
    text = json.dumps(state.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def random_game(players: int, seed: int, shrine: bool) -> list[str]:
    state = new_game(players, seed=seed, shrine=shrine)
    steps = playthrough(state, random_player(random.Random(seed)))
    return [str(action) for _before, action, _after in steps]


def ai_game(players: int, seed: int, shrine: bool, bots: list[str]) -> list[str]:
    """Forced moves are played automatically (as the UI does); the rest by the bots, each
    decision seeded as the tournament seeds it."""
    state = new_game(players, seed=seed, shrine=shrine)
    steps = playthrough(state, computer_players(bots, seeds=tournament_seeds(seed)),
                        automatic=True)
    return [str(action) for _before, action, _after in steps]


def position(game: dict[str, Any], at: int) -> tuple[int, Any]:
    """The first position at or after ply ``at`` of a game with a real decision to make."""
    state = new_game(game["players"], seed=game["seed"], shrine=game["shrine"])
    for ply, text in enumerate(game["actions"]):
        if ply >= at and automatic_action(state) is None:
            return ply, state
        state = apply_action(state, next(a for a in legal_actions(state) if str(a) == text))
    raise ValueError("no decision left in that game")


def record(kind: str, players: int, seed: int, shrine: bool, actions: list[str],
           bots: list[str] | None = None) -> dict[str, Any]:
    state = new_game(players, seed=seed, shrine=shrine)
    for text in actions:
        state = apply_action(state, next(a for a in legal_actions(state) if str(a) == text))
    game: dict[str, Any] = {"kind": kind, "players": players, "seed": seed, "shrine": shrine}
    if bots is not None:
        game["bots"] = bots
    game.update(actions=actions, final_hash=state_hash(state),
                scores=[s["total"] for s in final_scores(state)])
    return game


def main() -> None:
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                            cwd=OUT.parent).stdout.strip()
    games = []
    for players in (2, 3, 4):
        for shrine in (False, True):
            for k in range(2):
                seed = 1000 * players + 100 * shrine + k
                games.append(record("random", players, seed, shrine,
                                    random_game(players, seed, shrine)))
            for k, lineup in enumerate(AI_LINEUPS):
                seed = 5000 + 1000 * players + 100 * shrine + k
                bots = list(lineup[:players])
                games.append(record("ai", players, seed, shrine,
                                    ai_game(players, seed, shrine, bots), bots))
    decisions = []
    for index, game in enumerate(games):
        if game["kind"] != "ai" or game["shrine"] or game["bots"][0] != "greedy":
            continue
        for level, at in (("hard", len(game["actions"]) // 3),
                          ("normal", len(game["actions"]) // 2)):
            ply, state = position(game, at)
            seed = 77 + index
            decisions.append({"game": index, "ply": ply, "level": level, "seed": seed,
                              "action": choose_action(observation(state, current_player(state)),
                                                      level, seed)})
    data = {"recorded_from": commit, "hash": "sha256 of json.dumps(state.to_dict(), "
            "sort_keys=True, separators=(',', ':'))", "games": games,
            "decisions": decisions}
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{len(games)} games, {OUT.stat().st_size} bytes -> {OUT}")


if __name__ == "__main__":
    main()
