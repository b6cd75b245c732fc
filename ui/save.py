"""Autosave to ``localStorage`` and resuming from it.

Why apart: storage can be missing, full or hold anything (an old version, a hand-edited
value); every failure becomes a readable message and the offer of a new game.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from ui.markup import present
from ui.session import SaveError, Session

KEY = "great-city-of-rome.save"
SETTINGS_KEY = "great-city-of-rome.settings"


def _storage(window: Any) -> Any:
    try:
        store = window.localStorage
    except Exception:
        return None
    return store if present(store) else None


def write(window: Any, session: Session) -> None:
    """Save after every action (silently skipped if storage is unavailable)."""
    store = _storage(window)
    if store is not None:
        with contextlib.suppress(Exception):
            store.setItem(KEY, json.dumps(session.to_save(), separators=(",", ":")))


def has_save(window: Any) -> bool:
    store = _storage(window)
    return store is not None and present(store.getItem(KEY))


def clear(window: Any) -> None:
    store = _storage(window)
    if store is not None:
        store.removeItem(KEY)


def load(window: Any) -> Session | None:
    """The saved game, None if there is none; raises SaveError if it cannot be used."""
    store = _storage(window)
    if store is None:
        return None
    raw = store.getItem(KEY)
    if not present(raw):
        return None
    try:
        data = json.loads(str(raw))
    except (ValueError, TypeError):
        raise SaveError("the saved game is damaged (not readable data)") from None
    return Session.from_save(data)


def read_settings(window: Any) -> dict[str, Any]:
    store = _storage(window)
    try:
        raw = store.getItem(SETTINGS_KEY) if store is not None else None
        data = json.loads(str(raw)) if present(raw) else {}
        return data if isinstance(data, dict) else {}
    except Exception:
        return {}


def write_settings(window: Any, settings: dict[str, Any]) -> None:
    store = _storage(window)
    if store is not None:
        with contextlib.suppress(Exception):
            store.setItem(SETTINGS_KEY, json.dumps(settings))
