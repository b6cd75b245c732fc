"""Starting from a memory snapshot of Pyodide (issues 36 and 39): a reload restores it, and
any snapshot that cannot be used, or that breaks the start, is deleted and the start
recovers without it, the saved game untouched.

Why: the interpreter module (``pyodide-lockless.mjs``, written by ``scripts/vendor.py``
from ``scripts/lockless_template.mjs``) keeps the interpreter's memory after the first
start in Cache Storage, with the SHA-256 of its bytes and its build; a start that trusted
a bad one would never reach the game. Which way a start went is read from the module's
``performance`` marks (``e2e/snapshots.py``).

Two kinds of damage: bytes that do not match their digest or build (refused before any
restore), and snapshots whose digest is right but whose Python is wrong, made here by
tampering with a fresh interpreter before taking its snapshot: one that crashes the start
with a WebAssembly trap, one whose answers are wrong (the self-check, ``ui/selfcheck.py``).
"""

from __future__ import annotations

import json

import pytest
from conftest import TABLE_PYTHON, OpenGame, PageErrors, wait_ready
from playwright.sync_api import Page
from snapshots import (
    CACHE,
    DAMAGE,
    DAMAGE_JS,
    FAILED_RESTORE,
    MARKS_JS,
    ORDINARY,
    RESTORED,
    SNAPSHOT_JS,
    edits,
)

SPARE = "rome-test-spare"
TAMPER_JS = """async ([name, spare, python]) => {
  const { loadPyodide } = await import("./assets/vendor/pyodide/pyodide.mjs");
  const indexURL = new URL("./assets/vendor/pyodide/", location).href;
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true,
                                      lockFileURL: indexURL + "pyodide-lock.json" });
  pyodide.runPython(python);
  const bytes = pyodide.makeMemorySnapshot();
  const cache = await caches.open(name);
  const [key] = await cache.keys();
  const headers = Object.fromEntries((await cache.match(key)).headers);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  headers["x-snapshot-sha256"] = Array.from(digest, (b) => b.toString(16).padStart(2, "0"))
    .join("");
  await (await caches.open(spare)).put(key, new Response(bytes, { headers }));
}"""
"""A snapshot of Pyodide booted here (as the module boots it) after ``python`` ran, with the
kept snapshot's key and headers and its own digest: it passes every check made before a
restore. Kept aside in the cache ``spare``, for ``INSTALL_JS`` to put in place."""
INSTALL_JS = """async ([name, spare]) => {
  const [key] = await (await caches.open(spare)).keys();
  await caches.delete(name);
  await (await caches.open(name)).put(key, await (await caches.open(spare)).match(key));
}"""
TRAP_ON_IMPORT = """
import ctypes, sys
class Trap:
    def find_spec(self, name, path=None, target=None):
        if name == "rome":  # a function pointer out of the table: what corrupt memory does
            (ctypes.c_uint32 * 12).from_address(id(Trap))[11] = 0x7fffff  # Trap's tp_repr
            repr(self)
sys.meta_path.insert(0, Trap())
"""
"""The start dies with "table index is out of bounds" (a WebAssembly trap, Pyodide's fatal
error) as soon as the game imports its engine: in the page, the AI worker and an embed."""
WRONG_NAMES = """
import unicodedata
normalize = unicodedata.normalize
unicodedata.normalize = lambda form, text: normalize(form, text).replace("\\u00e9", "\\u00d9")
"""
"""The start goes on, but a name typed "Zoé" becomes "ZoÙ"."""
TAMPERED = {"crash": TRAP_ON_IMPORT, "wrong answers": WRONG_NAMES}
DRAW_JS = """async () => {
  const { loadPyodide } = await import("./assets/vendor/pyodide/pyodide-lockless.mjs");
  const indexURL = new URL("./assets/vendor/pyodide/", location).href;
  const pyodide = await loadPyodide({ indexURL });
  return pyodide.runPython("import random; random.random()");
}"""
STORE_POLLS = 300
"""Polls, 200 ms apart, for the snapshot to be written (1 s after the start, then a few
hundred ms on an idle machine)."""
READY_GAME = "index.html?seats=hard,human&seed=3&pace=0"
"""Seat 0, a computer on a level that waits for the AI worker, moves first."""
SAVED_GAME = "index.html?seats=human,greedy&seed=3&pace=0"
"""A game that needs no AI worker (greedy plays in the UI's worker) until a hint is asked for:
each test decides which start reads the snapshot first."""
RESUME = "index.html?pace=0"
EMBED = "embed.html?view=city&code=1.8D69J55H2LH45BR7K.9.3.1"
TABLE = "document.getElementById('table')"
HUMAN = f"{TABLE}?.dataset.waiting === 'human'"


@pytest.fixture(autouse=True)
def patient(page: Page) -> None:
    page.set_default_timeout(120_000)


def marks(page: Page) -> list[str]:
    return list(page.evaluate(MARKS_JS))


def kept_snapshot(page: Page) -> dict:
    """Wait until the snapshot is in Cache Storage (it is written after the start)."""
    for _ in range(STORE_POLLS):
        snapshot = page.evaluate(SNAPSHOT_JS, CACHE)
        if snapshot is not None:
            return snapshot
        page.wait_for_timeout(200)
    raise AssertionError(f"no snapshot kept after {STORE_POLLS * 0.2:.0f} s")


def record(page: Page) -> list[str]:
    return list(json.loads(page.evaluate("window.rome.record()"))["actions"])


def saved_game(page: Page, open_game: OpenGame) -> list[str]:
    """A game of a few moves, saved, and the snapshot its start made kept."""
    open_game(page, SAVED_GAME)
    for _ in range(3):
        page.wait_for_function(HUMAN)
        before = record(page)
        page.locator("[data-action]:not([disabled])").first.click()
        page.wait_for_function(f"Number({TABLE}.dataset.moves) > {len(before)}")
    kept_snapshot(page)
    return record(page)


def still_there(page: Page, actions: list[str]) -> None:
    """The page resumed the game saved before the damage, move for move."""
    page.wait_for_function(f"Number({TABLE}?.dataset.moves) >= {len(actions)}")
    assert record(page)[:len(actions)] == actions


def hint_from_the_worker(page: Page) -> None:
    """Ask for a hint: the AI worker starts (its first read of the snapshot) and answers."""
    page.wait_for_function(HUMAN)
    page.keyboard.press("h")
    page.wait_for_function("document.querySelector('#hint[data-hint-state=shown]')"
                           "?.dataset.hintSource === 'worker'")


def navigate(page: Page, url: str) -> None:
    """Load ``url`` as a new document (a change of fragment alone would not reload)."""
    page.goto("about:blank")
    page.goto(url)
    wait_ready(page)


def test_a_reload_starts_from_the_snapshot_and_plays(strict_page: Page,
                                                     open_game: OpenGame) -> None:
    page = open_game(strict_page, READY_GAME)
    assert marks(page) == ORDINARY
    snapshot = kept_snapshot(page)
    assert snapshot["bytes"] > 10_000_000
    assert snapshot["said"] == snapshot["digest"]
    assert snapshot["url"].endswith(f"snapshot-{snapshot['build']}.bin")
    page.reload()
    wait_ready(page)
    assert marks(page) == RESTORED
    # The computer's first move comes from the AI worker (hard does not play in the UI's worker).
    page.wait_for_function(f"Number({TABLE}?.dataset.moves) > 0")
    page.locator("[data-action]:not([disabled])").first.click()


def test_damaged_bytes_give_ordinary_starts_and_keep_the_saved_game(
        page: Page, page_errors: PageErrors, open_game: OpenGame, site_url: str) -> None:
    """Each damage meets a different first reader in turn: the table's worker, the AI
    worker (the damage made once the table is up, then a hint asked for) or an embed's
    worker. Each refuses it, deletes it and starts."""
    actions = saved_game(page, open_game)
    for turn, (how, seed) in enumerate(DAMAGE):
        good = kept_snapshot(page)
        reader = ("table", "ai", "embed")[turn % 3]
        if reader == "ai":
            navigate(page, site_url + RESUME)
            assert marks(page) == RESTORED
        page.evaluate(DAMAGE_JS, [CACHE, how, edits(how, seed, good["bytes"])])
        if reader == "ai":
            hint_from_the_worker(page)
        else:
            navigate(page, site_url + {"table": RESUME, "embed": EMBED}[reader])
            expected = FAILED_RESTORE if how.endswith("rehashed") else ORDINARY
            assert marks(page) == expected, (how, reader)
        if reader != "embed":
            still_there(page, actions)
        after = kept_snapshot(page)
        assert after["said"] == after["digest"] != good["digest"], (how, reader)
    snapshot_errors = [m for m in page_errors.messages if "snapshot" in m]
    assert not snapshot_errors  # said on the console as warnings, never as errors


@pytest.mark.parametrize("python", TAMPERED.values(), ids=TAMPERED.keys())
def test_a_snapshot_that_breaks_the_start_is_deleted_and_the_start_recovers(
        page: Page, page_errors: PageErrors, open_game: OpenGame, site_url: str,
        python: str) -> None:
    """Digest and build right, Python wrong: the table's page reloads once, and its worker
    starts afresh (it is not told: the snapshot is already deleted), making a sound one;
    the AI worker is started again without it; an embed reloads and its worker starts
    afresh. The saved game is still there."""
    actions = saved_game(page, open_game)
    page.evaluate(TAMPER_JS, [CACHE, SPARE, python])

    page.evaluate(INSTALL_JS, [CACHE, SPARE])
    bad = kept_snapshot(page)["digest"]
    loads: list[str] = []
    page.on("request", lambda request: loads.append(request.url)
            if request.resource_type == "document" else None)
    navigate(page, site_url + RESUME)
    assert loads == [site_url + RESUME] * 2  # one reload
    assert marks(page) == ORDINARY
    assert page.url == site_url + RESUME  # the reason is gone from the address
    still_there(page, actions)
    assert kept_snapshot(page)["digest"] != bad

    page.evaluate(INSTALL_JS, [CACHE, SPARE])  # the table is up: the AI worker reads it
    hint_from_the_worker(page)
    assert kept_snapshot(page)["digest"] != bad  # the worker's start without it made one

    page.evaluate(INSTALL_JS, [CACHE, SPARE])
    navigate(page, site_url + EMBED)
    assert marks(page) == ORDINARY  # the embed's worker is not told; its snapshot is gone
    assert page.locator(".embed-city").count() == 1
    assert kept_snapshot(page)["digest"] != bad  # and like the AI worker, it made one


ANOTHER_FAULT = "raise RuntimeError('a fault that is not the snapshot')\n"


def test_a_start_that_fails_without_the_snapshot_too_says_so_once(
        page: Page, page_errors: PageErrors, site_url: str) -> None:
    """At most one automatic retry: a fault of the table's own fails an ordinary start
    (which keeps a good snapshot) as it always did; a start from that snapshot reloads once
    without it, then says that reloading will not help."""
    page.route(f"**/{TABLE_PYTHON}", lambda route: route.fulfill(
        body=ANOTHER_FAULT, content_type="text/plain"))
    failed = "document.documentElement.dataset.error !== undefined"
    page.goto(site_url + RESUME)
    page.wait_for_function(failed)
    assert "may help" in (page.locator("#boot-error-advice").text_content() or "")
    kept_snapshot(page)
    loads: list[str] = []
    page.on("request", lambda request: loads.append(request.url)
            if request.resource_type == "document" else None)
    page.reload()
    page.wait_for_function(failed)
    assert loads == [site_url + RESUME] * 2
    assert "not the snapshot" in (page.locator("#boot-error-message").text_content() or "")
    assert "will not help" in (page.locator("#boot-error-advice").text_content() or "")
    page.wait_for_timeout(2000)
    assert len(loads) == 2


def test_restored_starts_draw_different_random_numbers(page: Page, site_url: str) -> None:
    page.goto(site_url + "pyscript.toml")  # the site's origin, no page script
    page.evaluate(DRAW_JS)
    kept_snapshot(page)
    draws = []
    for _ in range(2):
        page.reload()
        draws.append(page.evaluate(DRAW_JS))
        assert marks(page) == RESTORED
    assert draws[0] != draws[1]


def test_without_cache_storage_the_start_is_ordinary(strict_page: Page, site_url: str) -> None:
    """The interpreter module where Cache Storage throws (run on a page of the site: a
    worker's scope takes no init script) starts as it would without a snapshot."""
    page = strict_page
    page.add_init_script("""Object.defineProperty(globalThis, "caches", {
      get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
      configurable: true })""")
    page.goto(site_url + "pyscript.toml")  # the site's origin, no page script
    assert page.evaluate(DRAW_JS) is not None
    assert marks(page) == ["pyodide:start"]
