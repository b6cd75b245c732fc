"""What the page's input half (``assets/input.js``) sends, and the event each message
stands for.

Why in the model: the input half keeps only what must happen within the browser's event
(``preventDefault``, focus moved by the arrow keys, Tab kept in the rules dialog, a file
read); what a click or a key *means* is decided here, from plain data and the UI state, so
it is tested on CPython and the same messages can come from the page to a worker (issue
44). A message is outside input like any other: :func:`read` bounds it before parsing and
refuses, with a sentence, one of another shape.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Literal, TypedDict, cast, get_args

import rome
from ui.model import events
from ui.model.state import UiState
from ui.model.turn import TO_CHOICES
from ui.saves.save import MAX_SAVE_CHARS, parse_bounded
from ui.saves.session import SaveError

FILE_CHARS = MAX_SAVE_CHARS * 4
"""The largest file the input half reads as a downloaded game (its size is checked before
it is read); the reducer then holds its text to a save's own limit."""
MAX_MESSAGE_CHARS = FILE_CHARS * 6 + 1_000
"""A message carries at most a chosen file's text, each character escaped at worst as six
(``\\uXXXX``), and a little more."""
Kind = Literal["act", "select", "detail", "command", "key", "field", "file"]
KINDS: tuple[str, ...] = get_args(Kind)


class Message(TypedDict):
    """One input, as plain data: ``kind`` says which, the rest what it carries ("" where a
    kind has nothing there): ``act`` (``text``: an action's notation, ``value``: how many
    moves the clicked screen showed, its table's ``data-moves``), ``select``
    (``text``: a card kind), ``detail`` (``text``: a card's details key, ``back``: what to
    focus when they close), ``command`` (``text``: a button's ``data-ui``, ``value``: what
    it carries), ``key`` (``text``: Escape or ?), ``field`` (``text``: the field's id,
    ``value``: as typed or chosen), ``file`` (``value``: its text; ``text`` "too large"
    when it was not read)."""

    kind: Kind
    text: str
    value: str
    back: str


class InputError(ValueError):
    """A message of another shape (a sentence)."""


def read(text: str) -> Message:
    """The message ``text`` holds, bounded and checked (raises :class:`InputError`)."""
    if len(text) > MAX_MESSAGE_CHARS:
        raise InputError(f"An input message is too large ({len(text)} characters).")
    try:  # a flat object: nested deeper is not a message (nor safe to parse: ``parse_bounded``)
        data = parse_bounded(text, "an input message", MAX_MESSAGE_CHARS, max_depth=1)
    except SaveError:
        raise InputError("An input message is not readable data of its shape.") from None
    if not isinstance(data, dict) or set(data) != set(Message.__annotations__) \
            or not all(isinstance(v, str) for v in data.values()) or data["kind"] not in KINDS:
        raise InputError("An input message is not of its shape.")
    return cast(Message, data)


COMMANDS: dict[str, events.Event] = {
    "deselect": events.Select(""), "undo": events.Undo(), "hint": events.AskHint(),
    "handover-ok": events.HandOver(), "help": events.Panel("help", True),
    "help-close": events.Panel("help", False), "help-backdrop": events.Panel("help", False),
    "detail-close": events.Panel("detail", ""), "dismiss": events.Notice(""),
    "play-here": events.TakeOver(), "newgame": events.Leave(),
    "leave-anyway": events.Leave(anyway=True),
    "tutorial-next": events.TutorialNext(),  # the guided game (issue 41)
    # hot-seat and the phone (issue 40)
    "reveal-hands": events.Reveal(True), "keep-hands": events.Reveal(False),
    TO_CHOICES: events.ToChoices(),
    # the record of games (issue 43)
    "record-download": events.RecordAsked("download"),
    "record-reset": events.RecordAsked("reset"),
    "start": events.Start(), "learn": events.Learn(), "download": events.Download(),
    "rematch": events.Rematch(),
}
"""The buttons (``data-ui``) that stand for one event whatever they carry."""


def event_for(message: Message, ui: UiState) -> events.Event | None:
    """The event ``message`` stands for in ``ui``; None for one that means nothing here
    (a move's text that is no move, a number that is not one, a field the page lacks)."""
    kind, text, value = message["kind"], message["text"], message["value"]
    if kind == "act":  # the reducer plays it only if the table offers it
        if value and (ui.session is None or value != str(len(ui.session.actions))):
            return None  # clicked on a screen the game has left: a UI in a worker draws later
        with suppress(rome.NotationError):
            return events.Act(rome.Action.parse(text))
        return None
    if kind == "select":
        return events.Select(text)
    if kind == "detail":
        return events.Panel("detail", text, back=message["back"])
    if kind == "command":
        return _command(text, value, message["back"], ui)
    if kind == "key":
        return _key(text, ui)
    if kind == "file":
        if text:
            return events.OpenForm(notice="That file could not be loaded: the file is far "
                                          "too large to be a saved game.")
        return events.Opened(value)
    return _field(text, value)


def _command(command: str, value: str, back: str, ui: UiState) -> events.Event | None:
    if command in COMMANDS:
        return COMMANDS[command]
    if command == "rules":  # a link to a section of the rules (issue 41)
        return events.Panel("help", value or True, back=back)
    if command == "theme":  # ``value``: the theme the browser prefers
        now = ui.theme if ui.theme != "auto" else value
        return events.Setting("theme", "light" if now == "dark" else "dark")
    if command == "tab":
        return events.Tab(value)
    if command == "resume-slot":
        return events.Resume(value)
    if command == "delete-slot":
        return events.Delete(value)
    if command == "replay-link":
        return events.CopyLink(value)
    number = int(value) if value.isascii() and value.isdigit() and len(value) < 4 else None
    if number is None:
        return None
    if command == "review":
        return events.AskReview(number)
    if command == "hint-show":
        return events.ShowHint(number)
    if command == "breakdown":
        return events.Panel("breakdown", number)
    return None


def _key(key: str, ui: UiState) -> events.Event | None:
    """Escape closes the rules, else a card's details, else the card chosen; ? opens or
    closes the rules."""
    if key == "?":
        return events.Panel("help", not ui.help_open)
    if key != "Escape":
        return None
    if ui.help_open:
        return events.Panel("help", False)
    if ui.detail:
        return events.Panel("detail", "")
    return events.Select("") if ui.selection else None


def _field(field: str, value: str) -> events.Event | None:
    if field == "rules-filter":
        return events.RulesFilter(value)
    if field == "pace-select":
        return events.Setting("pace", int(value)) if value.isascii() and value.isdigit() \
            and len(value) < 6 else None
    if field == "open-hands":
        return events.Setting("open_hands", value == "true")
    return events.FormInput(field, value)
