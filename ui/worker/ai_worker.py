"""AI worker entry point (runs in a Web Worker with its own Pyodide).

Why a worker: AI search must not freeze the page. The page's client calls the exported
functions (``assets/ai-host.mjs`` starts the worker and hands them over):
``choose(obs_json, level, seed)`` answers with the canonical text of the computer's
action, decided from the observation alone (``rome.ai.choose_action``);
``analyse(obs_json, level, seed)`` the best few moves with values and reasons, for the
table's hint (``rome.ai.analyse``); ``review(...)`` each of a seat's decisions in a
finished game next to the best move found, for the end screen (``rome.ai.review``).
``ping`` and ``hold`` let the page tell at once that the worker died
(``ui.worker.health``, ``ui.worker.lifeline``).
"""

from __future__ import annotations

import json

import rome
from rome.ai import LEVELS, choose_action
from rome.ai.answers import answer_json
from ui import selfcheck
from ui.worker import lifeline, probe


def self_check() -> str:
    """"" if this worker's Python gives the right answers (:mod:`ui.selfcheck`), else the
    first wrong one: asked by the page as the worker starts (``assets/ai-host.mjs``, which
    starts it again without the memory snapshot)."""
    import js  # Pyodide's module of the worker's JavaScript globals (tests import this file)

    return selfcheck.problem(js, selfcheck.WORKER_CHECKS)


def ping() -> str:
    """Liveness check: answers as soon as the worker's Python is running."""
    return f"ready (engine package {rome.__name__})"


async def hold(lock: str) -> bool:
    """Hold the Web Lock ``lock`` for as long as this worker runs: the page's way to learn
    at once that it ended (``ui.worker.lifeline``)."""
    return await lifeline.hold(lock)


def legal_count(num_players: int, seed: int) -> int:
    """Same query as the page's, computed in the worker."""
    return probe.legal_count(num_players, seed)


def levels() -> str:
    """The AI levels, as a JSON list (weakest first after ``random``/``greedy``)."""
    return json.dumps(list(LEVELS))


def choose(obs_json: str, level: str, seed: int) -> str:
    """The computer's action for the seat whose observation is ``obs_json`` (JSON text)."""
    return choose_action(rome.read_observation(obs_json), str(level), int(seed))


def analyse(obs_json: str, level: str, seed: int) -> str:
    """The hint for the seat whose observation is ``obs_json``: its moves, best first, as
    ``rome.ai.answers.answer_json`` writes them (JSON text: plain to pass back)."""
    from rome.ai import analyse as best_moves  # loads the search, as a first decision does

    return answer_json(best_moves(rome.read_observation(obs_json), str(level), int(seed)))


def review_decision(obs_json: str, played: str, game_seed: int, ply: int, level: str) -> str:
    """One decision of the seat whose observation is ``obs_json`` (before it played
    ``played``, the game's ``ply``-th action) against the best move found, as a review of
    one line (none if the seat was not to act): the page asks for it while the worker would
    be idle and keeps the answers for the end of the game."""
    from rome.ai import review_decision as one_decision

    line = one_decision(rome.read_observation(obs_json), str(played), int(game_seed),
                        int(ply), str(level))
    return answer_json([] if line is None else [line])


__export__ = ["self_check", "ping", "hold", "legal_count", "levels", "choose", "analyse",
              "review_decision"]
