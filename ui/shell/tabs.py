"""One writer per game across tabs: the browser's half (Web Locks, a BroadcastChannel).

Why: two tabs that both save one slot overwrite each other's moves. The reducer decides
what a tab does about it (``ui/model/tabs.py``); this module only asks the browser, and
reports back through the page as events (``Claimed``, ``Wanted``, ``Lost``).

How:

* Where the browser has Web Locks (every current engine, in a secure context), a tab
  holds the lock ``<namespace>.game.<slot>`` while it plays that game. The browser lets
  it go when the tab closes or crashes, so merely opening a second tab and closing it
  changes nothing for the first. A claim asks ``ifAvailable``; if the lock is held but no
  tab says ``mine`` on the channel, its holder is a tab just closed or reloaded whose
  worker has yet to end, and the claim asks again until :data:`GONE_MS`.
* "Play here" (``take``) tries the same first; if another tab holds the game it posts
  ``want`` on the BroadcastChannel ``<namespace>.tabs``. That tab saves, lets go and
  posts ``released`` with its game as it had it (saved or not), which this tab goes on
  from. The lock is then taken with ``steal``: a tab that did not answer within
  :data:`HANDOVER_MS` (frozen, or its answer lost) loses it anyway, and learns so when
  its lock request fails (``Lost``).
* Without Web Locks (a page served over plain http), the channel alone: a claim posts
  ``who`` and waits :data:`CLAIM_MS` for a ``mine``; two tabs claiming one game at once
  settle it by their ids (the lower wins).
* Where neither is offered or the browser refuses them, or where storage is closed (an
  opaque origin: nothing is shared, so each tab's game is its own), every claim is
  granted at once.

Messages are JSON text, read as outside input (bounded; the game handed over is read
like any save by ``ui.saves.another_tab``).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from ui.saves.save import MAX_SAVE_CHARS, parse_bounded
from ui.saves.session import SaveError
from ui.shell.tasks import background
from ui.words.markup import present

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

HANDOVER_MS = 4000
"""How long "Play here" waits for the other tab to save and hand its game over before
taking it anyway: it answers in 10–60 ms in Firefox, 0.1–1.6 s in WebKitGTK on a busy
machine (docs/hardening.md), and never if it is frozen."""
CLAIM_MS = 300
"""How long a claim waits for a tab that holds the game to say so."""
GONE_MS = 3000
"""How long a claim waits for a held lock whose holder does not say so: its tab was just
closed or reloaded, and the browser lets its locks go only once it has ended that tab's
UI worker (issue 44), a moment after the tab."""
MAX_MESSAGE_CHARS = MAX_SAVE_CHARS + 1_000
KINDS = ("who", "mine", "want", "released")


class Hold:
    """One hold of a slot, told from a later one by identity (a lock stolen from an old
    hold must not drop the new one)."""


class Tabs:
    """This tab's holds on game slots, and its word with the other tabs of the site."""

    def __init__(self, scope: JsProxy, namespace: str, wanted: Callable[[str], None],
                 lost: Callable[[str], None], alone: bool = False) -> None:
        self._scope = scope  # the JavaScript globals: the page's window or a worker's
        self._namespace = namespace
        self._wanted, self._lost = wanted, lost
        self._id = secrets.token_hex(8)
        self._held: dict[str, tuple[Hold, JsProxy | None]] = {}  # slot -> (hold, lets it go)
        self._heard: dict[str, list[tuple[str, str]]] = {}  # claims under way: what was said
        self._handed: dict[str, asyncio.Future[str | None]] = {}  # take-overs under way
        self._locks = None if alone else self._open_locks(scope)
        self._channel = None if alone else self._open_channel(scope, namespace + ".tabs")

    @staticmethod
    def _open_locks(scope: JsProxy) -> JsProxy | None:
        try:
            locks: JsProxy = scope.navigator.locks
            return locks if present(locks) and present(locks.request) else None
        except Exception:
            return None

    def _open_channel(self, scope: JsProxy, name: str) -> JsProxy | None:
        try:
            channel: JsProxy = scope.BroadcastChannel.new(name)
            channel.onmessage = create_proxy(self._on_message)
        except Exception:
            return None
        return channel

    # -- claims ---------------------------------------------------------------------------
    async def claim(self, slot: str, take: bool) -> tuple[bool, str | None]:
        """Hold ``slot``: ``(held, handed)``, ``handed`` being the JSON text of the game
        the other tab handed over (None if none did). Without ``take``, only if free."""
        if slot in self._held or await self._ask(slot):
            return True, None
        if not take:
            return False, None
        handed = await self._handover(slot)
        if self._locks is None or not await self._lock(slot, "steal"):
            self._held[slot] = (Hold(), None)
        return True, handed

    async def _ask(self, slot: str) -> bool:
        """Hold ``slot`` if no other tab does. A lock whose holder says nothing on the
        channel is waited for, up to :data:`GONE_MS`: its tab is gone, and the browser
        lets the lock go once it has ended that tab's worker."""
        if self._locks is not None:
            waited = 0
            while not await self._lock(slot, "ifAvailable"):
                if waited >= GONE_MS or self._channel is None:
                    return False
                if any(kind == "mine" for kind, _sender in await self._who(slot)):
                    return False
                waited += CLAIM_MS
            return True
        if self._channel is not None:
            heard = await self._who(slot)
            if any(kind == "mine" or sender < self._id for kind, sender in heard):
                return False
        self._held[slot] = (Hold(), None)
        return True

    async def _who(self, slot: str) -> list[tuple[str, str]]:
        """What the other tabs say, within :data:`CLAIM_MS`, to "who holds ``slot``?"."""
        heard = self._heard[slot] = []
        self._post("who", slot)
        await asyncio.sleep(CLAIM_MS / 1000)
        del self._heard[slot]
        return heard

    async def _lock(self, slot: str, mode: str) -> bool:
        """Request the slot's Web Lock (``mode``: "ifAvailable" or "steal"); True once it
        is held, False if another tab holds it; a browser that refuses locks here (an
        opaque origin) counts as held: there is no other tab to share with."""
        granted: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        hold = Hold()

        def on_grant(lock: JsProxy) -> JsProxy | None:
            if not present(lock):
                granted.set_result(False)
                return None
            let_go: list[JsProxy] = []
            held: JsProxy = self._scope.Promise.new(
                create_once_callable(lambda resolve, _reject: let_go.append(resolve)))
            self._held[slot] = (hold, let_go[0])
            granted.set_result(True)
            return held  # the lock is held until this promise settles (``release``)

        if self._locks is None:
            return True
        try:
            request = self._locks.request(
                f"{self._namespace}.game.{slot}",
                to_js({mode: True}, dict_converter=js.Object.fromEntries),
                create_once_callable(on_grant))
        except Exception:
            return True
        background(self._watch(slot, hold, request, granted))
        return await granted

    async def _watch(self, slot: str, hold: Hold, request: JsProxy,
                     granted: asyncio.Future[bool]) -> None:
        """A lock request that fails before it is granted was refused (held, see
        ``_lock``); one that fails later was stolen by a tab taking the game over."""
        try:
            await request
        except Exception:
            if not granted.done():
                granted.set_result(True)
            elif self._held.get(slot, (None,))[0] is hold:
                del self._held[slot]
                self._lost(slot)

    async def _handover(self, slot: str) -> str | None:
        """Ask the tab that holds ``slot`` for it; its game, or None if it does not answer."""
        if self._channel is None:
            return None
        future = self._handed[slot] = asyncio.get_running_loop().create_future()
        self._post("want", slot)
        try:
            return await asyncio.wait_for(future, HANDOVER_MS / 1000)
        except TimeoutError:
            return None
        finally:
            self._handed.pop(slot, None)

    def release(self, slot: str, game: str | None = None) -> None:
        """Let ``slot`` go; ``game``: this tab's game as JSON text, for the tab that asked."""
        held = self._held.pop(slot, None)
        if held is not None and held[1] is not None:
            held[1]()  # settles the promise the lock waits on: the lock is free
        if game is not None:
            self._post("released", slot, game)

    # -- the channel ----------------------------------------------------------------------
    def _post(self, kind: str, slot: str, game: str = "") -> None:
        if self._channel is not None:
            try:
                self._channel.postMessage(json.dumps(
                    {"kind": kind, "slot": slot, "from": self._id, "game": game}))
            except Exception:
                return  # a closed channel: the other tab will not hear, and steals in time

    def _on_message(self, event: JsProxy) -> None:
        message = _read(event.data)
        if message is None:
            return
        kind, slot, sender, game = message
        if kind == "who" and slot in self._held:
            self._post("mine", slot)
        if kind in ("who", "mine") and slot in self._heard:
            self._heard[slot].append((kind, sender))
        elif kind == "want" and slot in self._held:
            self._wanted(slot)
        elif kind == "released" and slot in self._handed and not self._handed[slot].done():
            self._handed[slot].set_result(game or None)


def _read(data: JsProxy) -> tuple[str, str, str, str] | None:
    """A message of another tab (kind, slot, sender, game), or None if it is not one."""
    if not isinstance(data, str) or len(data) > MAX_MESSAGE_CHARS:
        return None
    try:
        message = parse_bounded(data, "a message", MAX_MESSAGE_CHARS, 1)
    except SaveError:
        return None
    if not isinstance(message, dict):
        return None
    fields = tuple(message.get(k) for k in ("kind", "slot", "from", "game"))
    if not all(isinstance(f, str) for f in fields) or fields[0] not in KINDS:
        return None
    kind, slot, sender, game = fields
    return str(kind), str(slot), str(sender), str(game)
