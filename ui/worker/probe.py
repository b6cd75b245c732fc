"""Tiny engine queries shared by the page and the AI worker, and the interpreter's memory.

Why: the shell (and its e2e tests) must prove that the same ``rome`` package imports
and runs both on the page and in the worker, without depending on any UI code.
"""

from __future__ import annotations

import rome


def legal_count(num_players: int, seed: int) -> int:
    """Number of legal first actions of a fresh game."""
    state = rome.new_game(int(num_players), seed=int(seed))
    return len(rome.legal_actions(state))


def first_actions(num_players: int, seed: int, limit: int = 5) -> list[str]:
    """Canonical text of the first few legal actions of a fresh game."""
    state = rome.new_game(int(num_players), seed=int(seed))
    return [str(action) for action in rome.legal_actions(state)[:limit]]


def scripted_game(num_players: int, seed: int) -> str:
    """A whole game picked by a fixed arithmetic rule from the legal actions, returned as
    the final state's JSON: the same text on CPython and Pyodide proves the seeded
    engine deals and plays identically on both."""
    import itertools
    import json

    steps = itertools.count()

    def pick(state: rome.GameState) -> rome.Action:
        legal = rome.legal_actions(state)
        return legal[(next(steps) * 7919 + 13) % len(legal)]

    final = rome.play(rome.new_game(int(num_players), seed=int(seed), shrine=True), pick)
    return json.dumps(final.to_dict(), sort_keys=True)


def memory_stats() -> str:
    """JSON: live Python objects (after a collection) and the size of Pyodide's linear
    memory, for the soak benchmark (``window.romeDebug.memory()``)."""
    import gc
    import json

    gc.collect()
    try:
        import pyodide_js

        wasm = int(pyodide_js._module.HEAP8.length)
    except Exception:
        wasm = 0
    return json.dumps({"objects": len(gc.get_objects()), "wasm_bytes": wasm})
