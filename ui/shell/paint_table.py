"""The table's painter: the generic one (``ui.shell.paint``) with the table's parts, the
new-game screen, the rules dialog, the AI worker's About line, a card's travel and the
theme (``ui.render.table_paint`` works them out).

Why apart: an embed view that never draws a table (the calculator, a replay) loads none
of the table's renderers.
"""

from __future__ import annotations

import rome
from ui.model.effects import Focus, Travel
from ui.model.state import UiState, WorkerReport
from ui.render.help_panel import render_help, rules_view
from ui.render.record import render_record
from ui.render.table_layout import TABLE_SKELETON
from ui.render.table_paint import moving, table_parts, worker_line
from ui.shell.paint import Painter

RULES_PARTS = ("rules-body", "rules-count")
"""The rules dialog's containers a filter changes (``ui.render.help_panel.rules_view``):
outside ``#screen``, so a new screen keeps them."""


def page_frame() -> str:
    """The table's static frame: a screen slot and the help overlay, whose About line says
    how the engine and the AI worker are (issue 40: not in a footer players read)."""
    count = len(rome.legal_actions(rome.new_game(2, seed=1)))
    return ('<div id="screen"></div>'
            '<div id="help" class="overlay" data-ui="help-backdrop" hidden>'
            f"{render_help(count)}</div>")


class TablePainter(Painter):
    """The painter of the table's page (the game, the compact game)."""

    _worker = WorkerReport()  # as mounted: the About line's own words

    def theme(self, ui: UiState) -> None:
        self._paint["theme"] = ui.theme

    def screen(self, html: str) -> None:
        """Replace the whole screen (the table's skeleton or the new-game form): every
        container in it is new."""
        self._paint["screen"] = html
        self._paint["containers"] = {k: v for k, v in self._paint.get("containers", {}).items()
                                     if k in RULES_PARTS}
        self._drawn = {k: v for k, v in self._drawn.items() if k in RULES_PARTS}

    def table(self) -> None:
        self.screen(TABLE_SKELETON)

    def record(self, ui: UiState, href: str) -> None:
        """The record of games on the new-game screen, when it is shown and changed."""
        if ui.record is not None and ui.form is not None:
            self.set({"record": render_record(ui.record, href)})

    def help(self, ui: UiState) -> None:
        """Show or hide the rules dialog; while it is open, what its filter shows (and
        the filter's text in its box when the model changed it)."""
        self.hide({"help": not ui.help_open})
        if ui.help_open:
            self.set(dict(zip(RULES_PARTS, rules_view(ui.help_filter), strict=True)))
            self._paint["help"] = {"filter": ui.help_filter}

    def worker(self, ui: UiState) -> None:
        """The About line's report of the AI worker (``UiState.worker``), when it changed."""
        if ui.worker != self._worker:
            self._worker = ui.worker
            self._paint["worker"] = worker_line(ui.worker)

    def render(self, ui: UiState, only_detail: bool = False) -> None:
        """Every part of the table from the view of the seat shown (only the details panel
        if ``only_detail``)."""
        parts = table_parts(ui, only_detail)
        self.set(parts.pop("containers", {}))
        self.hide(parts.pop("hidden", {}))
        self._paint.update(parts)

    def travel(self, effect: Travel) -> None:
        self._paint.setdefault("travel", []).append(moving(effect))

    def focus_on(self, effect: Focus) -> None:
        self.focus(effect.selectors, effect.top)
