"""The Python half of the painter: gathers what changed during one dispatch into one
message (``ui.render.frame.Frame``) and hands it to the page's painter
(``assets/painter.js``), which writes it.

Why apart from the page object: what to draw is decided by the model and the pure
renderers (``ui.render``); this only remembers what each container last received, so a
message carries only the markup that changed (which keeps focus and saves work), and it
touches no DOM at all: the same messages can be posted from a worker (issue 44).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import rome
from ui.model.effects import Focus, Travel
from ui.model.state import UiState, WorkerReport
from ui.render.frame import Frame, focusing, moving, table_parts, worker_line
from ui.render.help_panel import render_help, rules_view
from ui.render.record import render_record
from ui.render.table_layout import TABLE_SKELETON

RULES_PARTS = ("rules-body", "rules-count")
"""The rules dialog's containers a filter changes (``ui.render.help_panel.rules_view``):
outside ``#screen``, so a new screen keeps them."""


class Painter:
    """One frame at a time: each call adds to it, :meth:`flush` sends it."""

    def __init__(self, root: str, send: Callable[[str], None]) -> None:
        self.root = root
        self._send = send
        self._frame: Frame = {}
        self._drawn: dict[str, str] = dict(zip(RULES_PARTS, rules_view(""), strict=True))
        self._worker = WorkerReport()  # as mounted: the About line's own words

    def mount(self, compact: bool) -> None:
        """The static frame: a screen slot and the help overlay, whose About line says
        how the engine and the AI worker are (issue 40: not in a footer players read)."""
        count = len(rome.legal_actions(rome.new_game(2, seed=1)))
        self._frame["mount"] = {"root": self.root, "compact": compact, "html": (
            '<div id="screen"></div>'
            '<div id="help" class="overlay" data-ui="help-backdrop" hidden>'
            f"{render_help(count)}</div>")}

    def theme(self, ui: UiState) -> None:
        self._frame["theme"] = ui.theme

    def screen(self, html: str) -> None:
        """Replace the whole screen (the table's skeleton or the new-game form): every
        container in it is new."""
        self._frame["screen"] = html
        kept = {k: v for k, v in self._frame.get("containers", {}).items() if k in RULES_PARTS}
        self._frame["containers"] = kept
        self._drawn = {k: v for k, v in self._drawn.items() if k in RULES_PARTS}

    def table(self) -> None:
        self.screen(TABLE_SKELETON)

    def record(self, ui: UiState, href: str) -> None:
        """The record of games on the new-game screen, when it is shown and changed."""
        if ui.record is not None and ui.form is not None:
            self._set({"record": render_record(ui.record, href)})

    def help(self, ui: UiState) -> None:
        """Show or hide the rules dialog; while it is open, what its filter shows (and
        the filter's text in its box when the model changed it)."""
        self._hide({"help": not ui.help_open})
        if ui.help_open:
            self._set(dict(zip(RULES_PARTS, rules_view(ui.help_filter), strict=True)))
            self._frame["help"] = {"filter": ui.help_filter}

    def worker(self, ui: UiState) -> None:
        """The About line's report of the AI worker (``UiState.worker``), when it changed."""
        if ui.worker != self._worker:
            self._worker = ui.worker
            self._frame["worker"] = worker_line(ui.worker)

    def render(self, ui: UiState, only_detail: bool = False) -> None:
        """Every part of the table from the view of the seat shown (only the details panel
        if ``only_detail``)."""
        parts = table_parts(ui, only_detail)
        self._set(parts.pop("containers", {}))
        self._hide(parts.pop("hidden", {}))
        self._frame.update(parts)

    def travel(self, effect: Travel) -> None:
        self._frame.setdefault("travel", []).append(moving(effect))

    def focus(self, effect: Focus) -> None:
        self._frame["focus"] = focusing(effect)

    def flush(self) -> None:
        """Send what this dispatch changed (nothing if nothing did)."""
        frame, self._frame = self._frame, {}
        if frame:
            self._send(json.dumps(frame, separators=(",", ":")))

    def _set(self, markup: dict[str, str]) -> None:
        """Containers whose markup changed since it was last sent."""
        changed = {k: v for k, v in markup.items() if self._drawn.get(k) != v}
        if changed:
            self._drawn.update(changed)
            self._frame.setdefault("containers", {}).update(changed)

    def _hide(self, hidden: dict[str, bool]) -> None:
        self._frame.setdefault("hidden", {}).update(hidden)
