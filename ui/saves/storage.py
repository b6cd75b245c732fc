"""The game's namespace of ``localStorage``, as a copy that never raises, written by message.

Why a copy: storage is owned by the page (``assets/storage-host.js``), since the worker the
UI is moving into has no ``localStorage`` (issue 44). The page hands over the namespace
once (``opened``), every read here is of that copy, and every write is sent as a plain
JSON message the page answers later (``answer``): the same messages serve the Python on
the page today and in a worker by ``postMessage``. Storage can be missing (an
opaque-origin frame throws on the mere access), refuse writes (private browsing, a full
quota), be shared with other tabs, or hold anything at all; the page says so in its
answers, the copy follows what storage really holds, and no caller needs a ``try``.

API (all methods are total):

* ``open_store(host, namespace="great-city-of-rome", keep=...)`` — the copy of the
  namespace the page's ``romeStorage`` (``host``) holds, its writes sent to
  ``host.write`` and the host's later messages to ``store.answer`` (``keep`` makes that
  a function the host may call for the life of the page: ``create_proxy``). Every key
  is stored as ``"<namespace>.<key>"``; embeds pass their own namespace.
* ``store.available`` — False when storage is missing or throws; reads then give None
  and writes False.
* ``store.get(key) -> str | None``; ``store.keys() -> list[str]``.
* ``store.set(key, text, done=None) -> bool`` — False when storage is closed; else the
  write is sent and ``done(ok)`` hears the page's answer (``ok`` False: refused or full,
  and the copy holds what storage kept). ``store.remove(key)``.
* ``store.set_aside(key, text, then=None) -> str | None`` — keeps a damaged value under
  ``"damaged.<key>.<n>"`` and only then sets ``key`` to ``then`` (None: removes it), so a
  damaged value is never destroyed; returns that key, None if storage is closed.
* ``store.listen(callback)`` — ``callback(key, new_text_or_None)`` for changes made by
  *other* tabs to this namespace (``""``: storage was cleared, every key may have changed).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Protocol

NAMESPACE = "great-city-of-rome"
DAMAGED = "damaged"
MAX_DAMAGED = 8
"""Damaged values kept per key: enough to report, few enough not to fill the quota."""
MAX_MESSAGE_CHARS = 32_000_000
"""The page's longest message: a namespace whole, which browsers bound at 5–10 million
characters per origin."""

Listener = Callable[[str, str | None], None]
Done = Callable[[bool], None]
Write = tuple[str, str | None]


Answer = Callable[[str], None]


class Host(Protocol):
    """The page's storage owner, ``romeStorage`` of ``assets/storage-host.js``."""

    def open(self, namespace: str, answer: Answer, /) -> str: ...

    def write(self, namespace: str, text: str, /) -> None: ...


def open_store(host: Host, namespace: str = NAMESPACE,
               keep: Callable[[Answer], Answer] = lambda answer: answer) -> Store:
    """The namespace's copy, opened by ``host``, which answers it from then on."""
    store = Store(lambda text: host.write(namespace, text))
    store.opened(str(host.open(namespace, keep(store.answer))))
    return store


class Store:
    """One namespace of ``localStorage``; see the module docstring."""

    def __init__(self, send: Callable[[str], None]) -> None:
        self._send = send
        self._copy: dict[str, str] = {}
        self.available = False
        self._listeners: list[Listener] = []
        self._waiting: dict[int, Done | None] = {}
        self._next = 0

    def opened(self, text: str) -> None:
        """Take the page's answer to ``romeStorage.open`` (unreadable: storage closed)."""
        data = _read(text)
        items = data.get("items") if data is not None else None
        self.available = data is not None and data.get("available") is True \
            and isinstance(items, dict)
        self._copy = _texts(items) if self.available and isinstance(items, dict) else {}

    def get(self, key: str) -> str | None:
        return self._copy.get(key)

    def keys(self) -> list[str]:
        return list(self._copy)

    def set(self, key: str, text: str, done: Done | None = None) -> bool:
        return self._write([(key, text)], done)

    def remove(self, key: str) -> None:
        self._write([(key, None)], None)

    def set_aside(self, key: str, text: str, then: str | None = None) -> str | None:
        """Keep ``text`` under a fresh ``damaged.<key>.<n>`` key, then set ``key`` to
        ``then``; the oldest beyond :data:`MAX_DAMAGED` are dropped so damage cannot fill
        the quota by itself."""
        stem = f"{DAMAGED}.{key}."
        numbers = sorted(int(k[len(stem):]) for k in self._copy
                         if k.startswith(stem) and k[len(stem):].isdigit())
        target = f"{stem}{(numbers[-1] + 1) if numbers else 1}"
        drops: list[Write] = [(f"{stem}{old}", None)
                              for old in numbers[:max(0, len(numbers) - MAX_DAMAGED + 1)]]
        return target if self._write([*drops, (target, text), (key, then)], None) else None

    def _write(self, writes: list[Write], done: Done | None) -> bool:
        """Change the copy and send the writes (tried in order, stopping at the first
        refused); False, and nothing sent, when storage is closed."""
        if not self.available:
            return False
        for key, value in writes:
            if value is None:
                self._copy.pop(key, None)
            else:
                self._copy[key] = value
        self._next += 1
        self._waiting[self._next] = done
        self._send(json.dumps({"id": self._next, "writes": writes}))
        return True

    # -- the page's answers ---------------------------------------------------------------
    def answer(self, text: str) -> None:
        """A message of the page's (``assets/storage-host.js``): a write's outcome, or
        another tab's change; anything else is ignored."""
        data = _read(text)
        if data is None:
            return
        kind, number, key, items = (data.get(k) for k in ("kind", "id", "key", "items"))
        if kind == "written" and isinstance(number, int):
            self._written(number, data.get("ok") is True, data.get("now"))
        elif kind == "changed" and isinstance(key, str):
            self._take({key: data.get("value")})
            self._tell(key, self._copy.get(key))
        elif kind == "cleared" and isinstance(items, dict):
            self._copy = _texts(items)
            self._tell("", None)

    def _written(self, number: int, ok: bool, now: object) -> None:
        done = self._waiting.pop(number, None)
        if not ok and isinstance(now, dict):
            self._take(now)
        if done is not None:
            with contextlib.suppress(Exception):
                done(ok)

    def _take(self, values: dict[str, object]) -> None:
        for key, value in values.items():
            if isinstance(value, str):
                self._copy[str(key)] = value
            else:
                self._copy.pop(str(key), None)

    # -- other tabs -------------------------------------------------------------------
    def listen(self, callback: Listener) -> None:
        """Call ``callback(key, new_value)`` when another tab changes this namespace."""
        self._listeners.append(callback)

    def _tell(self, key: str, value: str | None) -> None:
        for callback in list(self._listeners):
            with contextlib.suppress(Exception):
                callback(key, value)


def _read(text: object) -> dict[str, object] | None:
    """A message of the page's as a dict, None when it is not one (bounded first)."""
    if not isinstance(text, str) or len(text) > MAX_MESSAGE_CHARS:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _texts(items: dict[str, object]) -> dict[str, str]:
    return {str(k): v for k, v in items.items() if isinstance(v, str)}
