"""Saved games (several slots), settings, and "download this game", over :class:`Store`.

Why apart from the page: storage can be missing, full, shared with other tabs or hold
anything (an old version, a hand-edited value, an attack). Here every read is bounded
(size and nesting depth are checked *before* ``json.loads``) and validated, damaged
values are set aside (``Store.set_aside``: kept, never destroyed) with a sentence for the
player, and a refused write is answered with a sentence instead of raising: the game in
memory is the truth and is never lost because storage failed.

API for the page (``saves = Saves(open_store(...))``, ``ui.saves.storage``; nothing here
raises except where noted):

* ``saves.list_games() -> list[GameInfo]`` — newest first; each has ``slot``, ``seats``
  (``Seat`` tuple), ``round`` (0 during the opening draft), ``over``, ``moves``,
  ``saved_at`` (seconds since the epoch, 0 if unknown) and ``label()`` ("Ada, Brutus (hard) —
  round 3"). Unreadable slots are set aside and reported in ``take_notices()``.
* ``saves.load_game(slot) -> Session`` — raises :class:`SaveError` (a sentence) if the slot
  is missing or damaged; a damaged one is set aside first, so it no longer lists.
* ``saves.save_game(slot, session, answer) -> str`` — "" once the write is sent, and
  ``answer(problem)`` hears the page's outcome ("" saved, else why not in a sentence);
  why not at once when storage is closed (the page hands either to the reducer in
  ``Saved``: nothing here remembers it). Only the
  tab that holds the slot saves it (``ui/shell/tabs.py``). ``Saves(store, embed=True)``
  words the refusals for an embed (``ui.saves.refusal``); ``saves.closed_notice()`` is
  the same sentence at start-up when storage is closed; ``saves.downloadable`` says
  whether the page can offer the game as a file instead.
* ``saves.delete_game(slot)``; ``saves.new_slot() -> str`` (an unused slot id).
* ``saves.last_slot() -> str | None`` — the game to resume on a reload (the last one this
  browser saved), None if it is gone.
* ``saves.watch(callback)`` — ``callback(slot)`` when another tab changes or deletes a
  slot (storage events; ``""``: storage was cleared, every slot may have changed).
* ``saves.game_text(slot) -> str | None`` — the slot's stored text, unread (another tab's
  game is read by ``ui.saves.another_tab``).
* ``saves.read_settings() -> tuple[dict, str]`` — never fails: the settings with every bad
  or missing value replaced by its default (``SETTINGS_DEFAULTS``), and a notice sentence
  ("" when all was well). ``saves.write_settings(changes)`` merges ``changes``.
  Register a new setting in ``SETTINGS_RULES`` (default and check) or it is dropped.
* ``export_game(session) -> str`` — the "download this game" file: JSON with ``seats`` and
  the record ``players``, ``seed``, ``shrine``, ``actions``. ``import_game(text) -> Session``
  reads it back (raises :class:`SaveError`). ``record(session) -> dict`` is the record alone
  (``window.rome.record()``).
* ``take_notices() -> list[str]`` — sentences about damaged data found while reading.

Today's single save (``great-city-of-rome.save``) is migrated into a slot on first use.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

import rome
from ui.bounds import PACE_NAMES, Place, is_pace
from ui.saves.refusal import refusal
from ui.saves.session import SaveError, Seat, Session, read_game
from ui.saves.storage import Store
from ui.words.names import quote

__all__ = ["GameInfo", "SaveError", "Saves", "export_game", "import_game", "parse_bounded",
           "record"]

SLOT_PREFIX = "game."
LAST = "last"
SETTINGS = "settings"
LEGACY = "save"
MAX_SAVE_CHARS = 400_000
"""A 4-player game is about 10 000 characters; anything this large is not a save."""
MAX_SETTINGS_CHARS = 4_000
MAX_DEPTH = 8
"""A save nests three deep (object, seats list, seat); deeper is damage or an attack."""
FILE = Place("the file's", SaveError)
"""Where a downloaded game brought back is read (a stored one is ``the saved game's``)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def parse_bounded(text: str, what: str, max_chars: int = MAX_SAVE_CHARS,
                  max_depth: int = MAX_DEPTH) -> rome.JSON:
    """``json.loads`` after checking size and nesting depth (raises :class:`SaveError`).

    Why before: CPython's parser recurses per level, and under Pyodide a save nested
    100 000 deep exhausts the JavaScript stack, which no ``except`` can catch.
    """
    if len(text) > max_chars:
        raise SaveError(f"{what} is too large ({len(text)} characters, at most {max_chars})")
    depth = 0
    for bracket in _BRACKET.finditer(_STRING.sub('""', text)):
        if bracket.group() in "[{":
            depth += 1
            if depth > max_depth:
                raise SaveError(f"{what} is nested too deeply to be a game")
        else:
            depth -= 1
    try:
        data: rome.JSON = json.loads(text)
        return data
    except (ValueError, RecursionError):
        raise SaveError(f"{what} is damaged (not readable data)") from None


def check_moves(data: rome.JSON, what: str) -> None:
    """Bound the move list before any move is parsed or quoted in a message (the bounds
    and words of ``ui.bounds``, as ``Session.from_save`` checks them again)."""
    moves = data.get("actions") if isinstance(data, dict) else None
    if isinstance(moves, list):  # Session.from_save explains what is missing
        Place(f"{what}'s", SaveError).moves("moves", moves)


# -- settings ------------------------------------------------------------------------------
SettingValue = int | bool | str
"""A setting's value: the pace in ms, whether hands are open, the theme's name."""

SETTINGS_RULES: dict[str, tuple[SettingValue, Callable[[rome.JSON], bool]]] = {
    "pace": (PACE_NAMES["normal"], is_pace),
    "theme": ("auto", lambda v: v in ("auto", "light", "dark")),
    "open_hands": (False, lambda v: isinstance(v, bool)),
}
"""Every stored setting: its default and its check. Unknown keys are dropped on reading."""
SETTINGS_DEFAULTS: dict[str, SettingValue] = {k: d for k, (d, _) in SETTINGS_RULES.items()}


@dataclass(frozen=True)
class GameInfo:
    """One saved game as the slot list shows it (read without replaying the moves)."""

    slot: str
    seats: tuple[Seat, ...]
    round: int
    over: bool
    moves: int
    saved_at: float

    def label(self) -> str:
        """``"Ada, Brutus (hard) — round 3"`` (or "— finished" / "— opening draft")."""
        who = ", ".join(s.name if s.human else f"{s.name} ({s.level})" for s in self.seats)
        when = ("finished" if self.over else "opening draft" if self.round == 0
                else f"round {self.round}")
        return f"{who} — {when}"


def record(session: Session) -> dict[str, rome.JSON]:
    """The game so far as a record: what a replay link carries."""
    return {"players": len(session.seats), "seed": session.seed, "shrine": session.shrine,
            "actions": list(session.actions)}


def export_game(session: Session) -> str:
    """The "download this game" file: seats plus the record, as JSON text."""
    return json.dumps({"game": "great-city-of-rome", "seats": [s.to_dict() for s in session.seats],
                       **record(session)}, indent=1)


def import_game(text: str) -> Session:
    """A game from :func:`export_game` text, every value checked as a stored game's is
    (:mod:`ui.bounds`), every move by the engine; the forced moves, the ones the engine
    plays itself, are recognised again (raises SaveError)."""
    data = parse_bounded(text, "the file")
    if not isinstance(data, dict):
        raise SaveError("the file is not a saved game")
    seats, seed, shrine, actions = read_game(data, FILE)
    players = data.get("players")
    if type(players) is not int or players != len(seats):
        raise FILE.refuse("players", f"its number of seats, {len(seats)}", players)
    session = Session.replayed(seats, seed, shrine, actions, None, FILE)
    session.imported = True  # not played here: never counted in the record of games
    return session


class Saves:
    """Slots, settings and the last game, over one :class:`Store` (see module docstring)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 embed: bool = False) -> None:
        self.store = store
        self.clock = clock
        self.embed = embed  # said inside an embed: words of ``ui.saves.refusal``
        self._notices: list[str] = []
        self._migrate()

    # -- slots ----------------------------------------------------------------------------
    def new_slot(self) -> str:
        taken = set(self._slots())
        n = int(self.clock() * 1000)
        while str(n) in taken:
            n += 1
        return str(n)

    def _slots(self) -> list[str]:
        names = self.store.keys()
        return [k[len(SLOT_PREFIX):] for k in names if k.startswith(SLOT_PREFIX)]

    def list_games(self) -> list[GameInfo]:
        games = []
        for slot in self._slots():
            text = self.store.get(SLOT_PREFIX + slot)
            if text is None:
                continue
            try:
                games.append(self._info(slot, text))
            except SaveError as exc:
                self._set_aside(slot, text, exc)
        return sorted(games, key=lambda g: (g.saved_at, g.slot), reverse=True)

    def _info(self, slot: str, text: str) -> GameInfo:
        data = parse_bounded(text, "the saved game")
        seats_data = data.get("seats") if isinstance(data, dict) else None
        if not isinstance(data, dict) or not isinstance(seats_data, list) \
                or not 2 <= len(seats_data) <= 4:
            raise SaveError("the saved game is not a game record")
        seats = tuple(Seat.from_dict(s) for s in seats_data)
        moves = data.get("actions")
        rnd, at = data.get("round", 0), data.get("saved_at", 0)
        if type(rnd) is not int or not 0 <= rnd <= 99:
            rnd = 0
        if not isinstance(at, int | float) or isinstance(at, bool) or not math.isfinite(at):
            at = 0
        return GameInfo(slot, seats, rnd, data.get("over") is True,
                        len(moves) if isinstance(moves, list) else 0, float(at))

    def load_game(self, slot: str) -> Session:
        """The game in ``slot`` (raises SaveError; a damaged slot is set aside first)."""
        text = self.store.get(SLOT_PREFIX + slot)
        if text is None:
            raise SaveError("that saved game no longer exists (deleted in another tab?)")
        try:
            data = parse_bounded(text, "the saved game")
            check_moves(data, "the saved game")
            session = Session.from_save(data)
        except SaveError as exc:
            self._set_aside(slot, text, exc, report=False)
            raise
        self.store.set(LAST, slot)
        return session

    def game_text(self, slot: str) -> str | None:
        return self.store.get(SLOT_PREFIX + slot)

    def _set_aside(self, slot: str, text: str, exc: Exception, report: bool = True) -> None:
        self.store.set_aside(SLOT_PREFIX + slot, text)  # removed once the copy is kept
        if report:
            self._notices.append(f"A saved game could not be read and was set aside: {exc}.")

    def save_game(self, slot: str, session: Session, answer: Callable[[str], None]) -> str:
        """Write ``session`` into ``slot``: "" once sent (``answer`` then hears "" once
        saved, else why it was not), else at once why it cannot be (a sentence)."""
        def written(ok: bool) -> None:
            answer("" if ok else refusal(True, self.embed))

        if not self.store.set(SLOT_PREFIX + slot, self._stored(session), written):
            return refusal(False, self.embed)
        self.store.set(LAST, slot)
        return ""

    def _stored(self, session: Session) -> str:
        """The text a slot keeps: the game, and its round, end and date for the list."""
        data = session.to_save()
        state = session.state
        data.update(round=state.round, over=rome.is_over(state), saved_at=round(self.clock(), 3))
        return json.dumps(data, separators=(",", ":"))

    @property
    def downloadable(self) -> bool:
        """Can the page offer a game storage refused as a file? Not an embed whose storage
        is closed: that is a sandboxed frame, which cannot download either."""
        return self.store.available or not self.embed

    def delete_game(self, slot: str) -> None:
        self.store.remove(SLOT_PREFIX + slot)
        if self.store.get(LAST) == slot:
            self.store.remove(LAST)

    def last_slot(self) -> str | None:
        slot = self.store.get(LAST)
        if slot is not None and self.store.get(SLOT_PREFIX + slot) is not None:
            return slot
        return None

    def watch(self, callback: Callable[[str], None]) -> None:
        """``callback(slot)`` whenever another tab changes or deletes a saved game."""

        def on_change(key: str, _value: str | None) -> None:
            if key.startswith(SLOT_PREFIX):
                callback(key[len(SLOT_PREFIX):])
            elif key == "":  # storage cleared elsewhere
                callback("")

        self.store.listen(on_change)

    def closed_notice(self) -> str:
        """What to say at start-up when storage is closed ("" when open): the very sentence
        a failed save gives, so the page shows it once."""
        return "" if self.store.available else refusal(False, self.embed)

    def take_notices(self) -> list[str]:
        notices, self._notices = self._notices, []
        return notices

    def _migrate(self) -> None:
        """Move the pre-slot single save into a slot (kept as it was if damaged)."""
        text = self.store.get(LEGACY)
        if text is None:
            return
        slot = self.new_slot()
        try:  # add round and date for the slot list
            data = parse_bounded(text, "the saved game")
            check_moves(data, "the saved game")
            text = self._stored(Session.from_save(data))
        except SaveError:
            pass  # kept as it was: load_game reports and sets it aside on resuming

        def moved(ok: bool) -> None:
            if ok:
                self.store.remove(LEGACY)

        self.store.set(SLOT_PREFIX + slot, text, moved)
        self.store.set(LAST, slot)

    # -- settings -------------------------------------------------------------------------
    def read_settings(self) -> tuple[dict[str, SettingValue], str]:
        """Valid settings and a notice; bad values are set aside and defaults used."""
        settings = dict(SETTINGS_DEFAULTS)
        text = self.store.get(SETTINGS)
        if text is None:
            return settings, ""
        try:
            data = parse_bounded(text, "the saved settings", MAX_SETTINGS_CHARS, 2)
            if not isinstance(data, dict):
                raise SaveError("the saved settings are damaged")
        except SaveError as exc:
            self.store.set_aside(SETTINGS, text)
            text_ = str(exc)
            return settings, f"{text_[:1].upper()}{text_[1:]}; the default settings are used."
        bad = []
        for key, value in data.items():
            rule = SETTINGS_RULES.get(key)
            if rule is None:
                continue
            if rule[1](value) and isinstance(value, (int, str)):
                settings[key] = value
            else:
                bad.append(f"{key} {quote(json.dumps(value), 12)}")
        if not bad:
            return settings, ""
        self.store.set_aside(SETTINGS, text, json.dumps(settings))
        return settings, (f"Some saved settings were damaged ({', '.join(bad)}); "
                          "their defaults are used.")

    def write_settings(self, changes: dict[str, SettingValue]) -> None:
        settings, _ = self.read_settings()
        settings.update({k: v for k, v in changes.items()
                         if k in SETTINGS_RULES and SETTINGS_RULES[k][1](v)})
        self.store.set(SETTINGS, json.dumps(settings))

