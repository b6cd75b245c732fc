"""Fake browser storage for the CPython tests of saves and the record: a ``localStorage``
that throws, fills up or is shared by tabs, and ``assets/storage-host.js`` over it.

Why fakes: every failure a browser's storage can produce is reproduced by a small object,
so each path of ``ui.saves.storage`` / ``ui.saves.save`` is tried directly and fast.
"""

from __future__ import annotations

import json
import random
from typing import Any

import rome
from ui.saves.save import Saves
from ui.saves.session import Seat, Session
from ui.saves.storage import NAMESPACE, Store, open_store

NS = "great-city-of-rome."
SEATS = [Seat("Ann", True), Seat("Bot", False, "greedy")]


class FakeStorage:
    """A dict behind the Web Storage API; ``quota`` bounds the total characters."""

    def __init__(self, quota: int = 10**9) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.data)

    def key(self, i: int) -> str | None:
        return list(self.data)[i] if 0 <= i < len(self.data) else None

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the Web API's name)
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)


class ThrowingStorage(FakeStorage):
    """Private browsing in some browsers: every call throws."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        raise RuntimeError("SecurityError")

    setItem = removeItem = getItem  # type: ignore[assignment]  # noqa: N815


class FakeWindow:
    """One browser's ``localStorage``, shared by its tabs (each a :class:`PageStorage`): a
    write in one tab is heard in the others, as browsers do."""

    def __init__(self, storage: Any = None, throws: bool = False) -> None:
        self._storage = storage if storage is not None else FakeStorage()
        self._throws = throws
        self.tabs: list[PageStorage] = []

    @property
    def localStorage(self) -> Any:  # noqa: N802
        if self._throws:  # an opaque-origin sandboxed iframe throws on the access itself
            raise RuntimeError("SecurityError: access denied")
        return self._storage

    def heard(self, key: str | None, value: str | None, source: object = None) -> None:
        """A ``storage`` event in every tab but ``source`` (``key`` None: cleared)."""
        for tab in self.tabs:
            if tab is not source:
                tab.heard(key, value)


class PageStorage:
    """``assets/storage-host.js`` in Python, over a fake window: the page's storage owner
    for one tab (``tests/test_storage_host.py`` tries the real one under Node)."""

    def __init__(self, window: FakeWindow) -> None:
        self.window = window
        self.answers: dict[str, Any] = {}
        window.tabs.append(self)

    def storage(self) -> Any:
        try:
            found = self.window.localStorage
            found.getItem("great-city-of-rome.probe")
        except Exception:
            return None
        return found

    def items(self, namespace: str) -> dict[str, str]:
        store, prefix = self.storage(), namespace + "."
        return {} if store is None else {k[len(prefix):]: v for k, v in store.data.items()
                                         if k.startswith(prefix)}

    def open(self, namespace: str, answer: Any) -> str:
        self.answers[namespace] = answer
        return json.dumps({"available": self.storage() is not None,
                           "items": self.items(namespace)})

    def write(self, namespace: str, text: str) -> None:
        message, store, done = json.loads(text), self.storage(), 0
        prefix = namespace + "."
        for key, value in message["writes"] if store is not None else []:
            try:
                if value is None:
                    store.removeItem(prefix + key)
                else:
                    store.setItem(prefix + key, value)
            except Exception:
                break
            done += 1
            self.window.heard(prefix + key, value, source=self)
        now = {key: None if store is None else store.data.get(prefix + key)
               for key, _ in message["writes"][done:]}
        self.answers[namespace](json.dumps({"kind": "written", "id": message["id"],
                                            "ok": done == len(message["writes"]), "now": now}))

    def heard(self, key: str | None, value: str | None) -> None:
        for namespace, answer in self.answers.items():
            prefix = namespace + "."
            if key is None:
                answer(json.dumps({"kind": "cleared", "items": self.items(namespace)}))
            elif key.startswith(prefix):
                answer(json.dumps({"kind": "changed", "key": key[len(prefix):],
                                   "value": value}))


def store_on(window: FakeWindow, namespace: str = NAMESPACE) -> Store:
    """A tab's copy of ``namespace``, as ``ui/shell/app.py`` opens it."""
    return open_store(PageStorage(window), namespace)


class Clock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        self.t += 1
        return self.t


def game(steps: int = 12, seed: int = 3) -> Session:
    session = Session.new(SEATS, seed, False)
    rng = random.Random(seed)
    for _ in range(steps):
        forced = rome.automatic_action(session.state)
        text = str(forced or rng.choice(rome.sensible_actions(session.state)))
        session.apply(text, auto=forced is not None)
    return session


def saved(saves: Saves, slot: str, session: Session) -> str:
    """What saving ``session`` comes to: "" saved, else why not (at once, or answered)."""
    answered: list[str] = []
    return saves.save_game(slot, session, answered.append) or answered.pop()


def saves_on(window: FakeWindow) -> Saves:
    return Saves(store_on(window), clock=Clock())
