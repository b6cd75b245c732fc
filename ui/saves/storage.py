"""``localStorage`` behind an object that never raises.

Why: storage is the one input the game does not control. It can be missing (an
opaque-origin sandboxed iframe throws on the mere property access), refuse writes
(private browsing, a full quota), be shared with other tabs, or hold anything at all.
Every operation here turns those failures into a plain return value, so no caller needs
a ``try`` and start-up can never fail because of storage.

API (all methods are total):

* ``Store(window, namespace="great-city-of-rome")`` — every key is stored as
  ``"<namespace>.<key>"``; embeds pass their own namespace so they never touch the game's.
* ``store.available`` — False when storage is missing or throws; reads then give None
  and writes False.
* ``store.get(key) -> str | None``; ``store.set(key, text) -> bool`` (False when refused
  or full: the caller tells the player); ``store.remove(key)``; ``store.keys() -> list[str]``
  (the namespace's keys, without the prefix).
* ``store.set_aside(key, text) -> str | None`` — keeps a damaged value under
  ``"damaged.<key>.<n>"`` (never destroys it) and returns that key; None if storage refused.
* ``store.listen(callback)`` — ``callback(key, new_text_or_None)`` for changes made by
  *other* tabs (``storage`` events) to this namespace. One JS listener per store, created
  once and kept; ``store.destroy()`` removes it and frees its proxy.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from ui.words.markup import present

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

NAMESPACE = "great-city-of-rome"
DAMAGED = "damaged"
MAX_DAMAGED = 8
"""Damaged values kept per key: enough to report, few enough not to fill the quota."""

Listener = Callable[[str, str | None], None]


class Store:
    """One namespace of ``window.localStorage``; see the module docstring."""

    def __init__(self, window: JsProxy, namespace: str = NAMESPACE) -> None:
        self.prefix = namespace + "."
        self._window = window
        self._storage = self._open(window)
        self._listeners: list[Listener] = []
        self._proxy: JsProxy | None = None

    @staticmethod
    def _open(window: JsProxy) -> JsProxy | None:
        """The storage object if it can be read, else None (the access itself may throw)."""
        try:
            storage: JsProxy = window.localStorage
            if not present(storage):
                return None
            storage.getItem(NAMESPACE + ".probe")
        except Exception:
            return None
        return storage

    @property
    def available(self) -> bool:
        return self._storage is not None

    def get(self, key: str) -> str | None:
        if self._storage is None:
            return None
        try:
            value = self._storage.getItem(self.prefix + key)
        except Exception:
            return None
        return str(value) if present(value) else None

    def set(self, key: str, text: str) -> bool:
        if self._storage is None:
            return False
        try:
            self._storage.setItem(self.prefix + key, text)
        except Exception:
            return False
        return True

    def remove(self, key: str) -> None:
        if self._storage is not None:
            with contextlib.suppress(Exception):
                self._storage.removeItem(self.prefix + key)

    def keys(self) -> list[str]:
        if self._storage is None:
            return []
        found = []
        try:
            for i in range(int(self._storage.length)):
                name = self._storage.key(i)
                if present(name) and str(name).startswith(self.prefix):
                    found.append(str(name)[len(self.prefix):])
        except Exception:
            return found
        return found

    def set_aside(self, key: str, text: str) -> str | None:
        """Keep ``text`` under a fresh ``damaged.<key>.<n>`` key; the oldest beyond
        :data:`MAX_DAMAGED` are dropped so damage cannot fill the quota by itself."""
        stem = f"{DAMAGED}.{key}."
        numbers = sorted(int(k[len(stem):]) for k in self.keys()
                         if k.startswith(stem) and k[len(stem):].isdigit())
        target = f"{stem}{(numbers[-1] + 1) if numbers else 1}"
        for old in numbers[:max(0, len(numbers) - MAX_DAMAGED + 1)]:
            self.remove(f"{stem}{old}")
        return target if self.set(target, text) else None

    # -- other tabs -------------------------------------------------------------------
    def listen(self, callback: Listener) -> None:
        """Call ``callback(key, new_value)`` when another tab changes this namespace."""
        self._listeners.append(callback)
        if self._proxy is not None:
            return
        try:
            from pyscript.ffi import create_proxy  # only in the browser
        except ImportError:
            create_proxy = _identity
        try:
            self._proxy = create_proxy(self._on_storage)
            self._window.addEventListener("storage", self._proxy)
        except Exception:
            self._proxy = None

    def _on_storage(self, event: JsProxy) -> None:
        key = event.key
        if not present(key):  # localStorage.clear() elsewhere: every key may have changed
            name, value = "", None
        else:
            name = str(key)
            if not name.startswith(self.prefix):
                return
            name = name[len(self.prefix):]
            value = str(event.newValue) if present(event.newValue) else None
        for callback in list(self._listeners):
            with contextlib.suppress(Exception):
                callback(name, value)

    def destroy(self) -> None:
        """Remove the storage listener and free its proxy (idempotent)."""
        self._listeners.clear()
        proxy, self._proxy = self._proxy, None
        if proxy is None:
            return
        with contextlib.suppress(Exception):
            self._window.removeEventListener("storage", proxy)
        with contextlib.suppress(Exception):
            proxy.destroy()


def _identity(obj: Callable[[JsProxy], None]) -> Callable[[JsProxy], None]:
    return obj
