"""The reducer's half for what the player asks of the browser itself: a game as a file
(and one read back), a replay link on the clipboard, deleting a saved game (asked first),
resuming one.

Why effects: each needs the click's user gesture (a download, the clipboard, the confirm
dialog) or storage, so the reducer decides and words it here, and the page runs it at
once, within the click that asked (``App.run``); what is decided stays pure and tested on
CPython.
"""

from __future__ import annotations

from ui import address
from ui.model import effects
from ui.model.effects import Result
from ui.model.events import Confirmed, Copied, CopyLink, Delete, Download, Opened, OpenForm, Resume
from ui.model.page import noticed, open_form
from ui.model.state import UiState
from ui.saves import save
from ui.saves.session import SaveError

DELETE_QUESTION = "Delete this saved game? It cannot be brought back."
GAME_FILE = "great-city-of-rome-game.json"
COPIED = "Replay link copied: paste it to show this game step by step."
NOT_COPIED = "This browser refused to copy the replay link."


def resume(ui: UiState, event: Resume) -> Result:
    return ui, (effects.Load(event.slot),)


def opened(ui: UiState, event: Opened) -> Result:
    """A downloaded game read back, put on the table in a slot of its own; else the form
    says why not."""
    try:
        session = save.import_game(event.text)
    except SaveError as exc:
        return open_form(ui, OpenForm(notice=f"That file could not be loaded: {exc}."))
    return ui, (effects.Place(session),)


def delete(ui: UiState, event: Delete) -> Result:
    return ui, (effects.Confirm(DELETE_QUESTION, effects.DeleteSlot(event.slot)),)


def download(ui: UiState, event: Download) -> Result:
    if ui.session is None:
        return ui, ()
    return ui, (effects.Download(save.export_game(ui.session), GAME_FILE),)


def copy_link(ui: UiState, event: CopyLink) -> Result:
    if ui.session is None:
        return ui, ()
    return ui, (effects.Copy(address.replay_link(event.href, save.record(ui.session))),)


def confirmed(ui: UiState, event: Confirmed) -> Result:
    """Yes to a question asked first: do what was asked."""
    return ui, (event.then,)


def copied(ui: UiState, event: Copied) -> Result:
    return noticed(ui, COPIED if event.ok else NOT_COPIED), ()
