"""The game log in plain words, newest first, including automatic moves.

The wording comes from ``rome.describe``; this module only keeps and renders the entries.
"""

from __future__ import annotations

from dataclasses import dataclass

import rome
from ui.render.markup import esc


@dataclass(frozen=True)
class LogEntry:
    """One action as logged: who, what (one or more lines) and whether it was automatic."""

    index: int
    seat: int
    lines: tuple[str, ...]
    auto: bool


def describe(before: rome.GameState, text: str, after: rome.GameState,
             names: list[str]) -> list[str]:
    """Plain-words lines for one step, worded by the engine (which alone knows what the
    step set off: upkeep, influence scoring, the end), plus where a building went."""
    action = rome.Action.parse(text)
    lines = rome.describe(before, action, after, names)
    if action.verb == "build" and lines:
        lines[0] = f"{lines[0].rstrip('.')} — at row {action.row}, column {action.col}."
    return lines


def render(entries: tuple[LogEntry, ...] | list[LogEntry], limit: int = 150) -> str:
    """The log list, newest first (automatic moves marked)."""
    items = []
    for entry in reversed(entries[-limit:]):
        mark = '<span class="auto-tag" title="played automatically">auto</span> ' \
            if entry.auto else ""
        seat_cls = f"seat-{entry.seat}" if entry.seat >= 0 else ""
        body = "<br>".join(esc(line) for line in entry.lines)
        items.append(f'<li class="{seat_cls}" data-index="{entry.index}">{mark}{body}</li>')
    if not items:
        items.append("<li>The game begins.</li>")
    return "".join(items)
