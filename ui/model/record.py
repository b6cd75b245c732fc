"""The reducer's half for the record of games (issue 43): what storage answered of it, and
the player's download and reset of it.

Why here and not in the page: the record changes only through events (``Recorded``: a game
counted by a ``Count`` effect, a reset, another tab's write), and the download and the
reset are effects run within the player's click (a download and the confirm dialog need
its gesture), as the saved games' are (``ui.model.gestures``).
"""

from __future__ import annotations

from dataclasses import replace

from ui.model.effects import Confirm, Download, ResetRecord, Result
from ui.model.events import OpenForm, RecordAsked, Recorded
from ui.model.page import noticed, open_form
from ui.model.state import UiState
from ui.saves.record_store import to_json

RESET_QUESTION = ("Reset your record? Every game counted so far is forgotten: games, wins, "
                  "scores, streaks and your best city.")
RECORD_FILE = "great-city-of-rome-record.json"


def recorded(ui: UiState, event: Recorded) -> Result:
    """The record as storage now holds it; what went wrong is said (on the first screen,
    drawn again with it, as the reset is asked there)."""
    if ui.record is None:  # this table keeps no record (an embed's)
        return ui, ()
    nxt = replace(ui, record=event.record)
    if not event.problem:
        return nxt, ()
    if ui.session is None:
        return open_form(nxt, OpenForm(notice=event.problem))
    return noticed(nxt, event.problem), ()


def record_asked(ui: UiState, event: RecordAsked) -> Result:
    """"Download your record" (a file of the record's JSON) or "Reset your record" (asked
    first, in the browser's own dialog, which the keyboard reaches like any other)."""
    if ui.record is None:
        return ui, ()
    if event.what == "download":
        return ui, (Download(to_json(ui.record), RECORD_FILE),)
    if event.what == "reset":
        return ui, (Confirm(RESET_QUESTION, ResetRecord()),)
    return ui, ()
