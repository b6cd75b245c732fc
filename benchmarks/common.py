"""What the benchmarks share: the repository on ``sys.path``, seeded positions, node
counting, the wall-clock net lifted, another commit's engine, and a served page in
Chromium.

Importing this module puts the repository root on ``sys.path`` (a benchmark runs as
``python benchmarks/NAME.py``, whose own folder comes first) and imports nothing of
``rome``: a worker measuring another commit puts that commit's tree in front first.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(1, str(ROOT))

History = tuple[int, int, bool, list[str]]  # (players, game seed, shrine, actions so far)


def observations(players: tuple[int, ...] = (2, 4), games: int = 2, per_game: int = 20,
                 seed: int = 1, history: list[History] | None = None) -> list[dict]:
    """Observations of real decisions (not forced moves) from seeded greedy games.

    ``history``, if given, receives for each observation (players, game seed, shrine,
    actions so far): what :mod:`research.yardstick` needs to put an old commit's engine in
    the same position."""
    out = []
    for n in players:
        for g in range(games):
            decisions = greedy_decisions(n, seed + g)
            rng = random.Random(seed * 31 + g * 7 + n)
            chosen = rng.sample(decisions, min(per_game, len(decisions)))
            out.extend(obs for obs, _h in chosen)
            if history is not None:
                history.extend(h for _o, h in chosen)
    return out


def greedy_decisions(players: int, seed: int) -> list[tuple[dict, History]]:
    """Every decision of one seeded game of greedy seats: the observation, and the
    history it was made after (the k-th decision seeded ``k``)."""
    import rome
    from rome.ai import choose_action

    decisions: list[tuple[dict, History]] = []
    played: list[str] = []

    def greedy(state: rome.GameState) -> rome.Action:
        obs = rome.observation(state, rome.current_player(state))
        decisions.append((obs, (players, seed, state.shrine, list(played))))
        return rome.Action.parse(choose_action(obs, "greedy", len(decisions) - 1))

    for _before, action, _after in rome.playthrough(rome.new_game(players, seed=seed), greedy,
                                                    automatic=True):
        played.append(str(action))
    return decisions


def lift_wall_caps() -> None:
    """Every level's wall-clock safety net off, in whichever commit's ``rome`` is on the
    path (a loaded machine must not cut a search short: the node budget alone decides).
    Today's levels say how (an ISMCTS tree's base carries the net); older commits' levels,
    in ``rome.ai.levels`` or ``rome.ai.search``, are all alpha-beta settings."""
    for name in ("rome.ai.levels", "rome.ai.search"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        lift = getattr(module, "without_wall_clock",
                       lambda level: dataclasses.replace(level, wall_seconds=math.inf))
        for table in ("LEVEL_PARAMS", "DUEL_PARAMS"):
            params = getattr(module, table, None)
            if params is not None:
                for key, level in params.items():
                    params[key] = lift(level)


def count_searches() -> list[Any]:
    """A list that from now on receives every ``rome.ai.search.Search`` made (each carries
    its ``nodes``); clear it before a decision, sum its nodes after."""
    from rome.ai import search

    made: list[Any] = []
    init = search.Search.__init__

    def counting_init(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    search.Search.__init__ = counting_init  # type: ignore[method-assign]
    return made


def export_commit(commit: str, into: Path) -> Path:
    """``rome`` as of ``commit``, unpacked under ``into`` (``git archive``)."""
    from research.yardstick import export_rome

    return export_rome(commit, into)


@contextmanager
def served(build: str = "zip", root: Path = ROOT) -> Iterator[str]:
    """The base address of ``root`` served locally, the app zip re-packed first
    (``build="site"``: also the icons and service worker the real page needs)."""
    from scripts.serve import start_server
    from scripts.vendor import build_app_zip, build_site

    if build == "site":
        build_site(ROOT)
    else:
        build_app_zip(ROOT)
    server = start_server(root)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def launch_chromium(playwright: Any) -> Any:
    """Headless Chromium started as the browser tests start it."""
    from e2e.conftest import CHROMIUM, CHROMIUM_ARGS

    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                      args=CHROMIUM_ARGS)
