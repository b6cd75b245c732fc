"""The game log as the model keeps it: one entry per step, worded by the engine.

Why in the model: the log is part of what the table shows, so it is held in ``UiState``
and built by the reducer; ``ui/render/log_view.py`` only draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

import rome


@dataclass(frozen=True)
class LogEntry:
    """One action as logged: who, what (one or more lines), whether it was automatic, and
    the cell it built on (``seat:row,col`` as the city's ``data-pos``; "" if none)."""

    index: int
    seat: int
    lines: tuple[str, ...]
    auto: bool
    pos: str = ""


def entry(index: int, seat: int, before: rome.GameState, text: str, after: rome.GameState,
          names: list[str], auto: bool) -> LogEntry:
    """The log entry of one step, worded by the engine (which alone knows what the step
    set off: upkeep, influence scoring, the end)."""
    action = rome.Action.parse(text)
    lines = tuple(rome.describe(before, action, after, names))
    pos = (f"{seat}:{action.row},{action.col}"
           if action.verb == "build" and seat >= 0 else "")
    return LogEntry(index, seat, lines, auto, pos)
