"""Starting from a memory snapshot of Pyodide (issue 36): a reload restores it, and any
snapshot that cannot be used gives an ordinary start and is replaced.

Why: the interpreter module (``pyodide-lockless.mjs``, written by ``scripts/vendor.py``
from ``scripts/lockless_template.mjs``) keeps the interpreter's memory after the first
start in Cache Storage; a start that trusted a bad one would never reach the game. Which
way a start went is read from the module's ``performance`` marks: ``pyodide:restored``
(from the snapshot) or ``pyodide:snapshot-taken`` (an ordinary start that made one).
"""

from __future__ import annotations

import pytest
from conftest import OpenGame, PageErrors, wait_ready
from playwright.sync_api import Page

MARKS_JS = "performance.getEntriesByType('mark').map((m) => m.name)"
CACHE = "rome-pyodide-snapshot|/assets/vendor/pyodide/"
SNAPSHOT_JS = """async (name) => {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  if (keys.length !== 1) return null;
  const response = await cache.match(keys[0]);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { url: keys[0].url, bytes: bytes.byteLength,
           said: Number(response.headers.get("x-snapshot-bytes")),
           build: Array.from(bytes.subarray(16, 48)).join(",") };
}"""
SPOIL_JS = """async ([name, how]) => {
  const cache = await caches.open(name);
  const [key] = await cache.keys();
  const response = await cache.match(key);
  let bytes = new Uint8Array(await response.arrayBuffer());
  const said = response.headers.get("x-snapshot-bytes");
  if (how === "garbage") bytes = new Uint8Array(bytes.length).fill(7);
  if (how === "other build") bytes[20] ^= 0xff;
  if (how === "short") bytes = bytes.slice(0, bytes.length >> 1);
  if (how === "scrambled") {
    const heap = bytes.subarray(new Uint32Array(bytes.buffer, 0, 2)[1]);
    const noise = crypto.getRandomValues(new Uint8Array(4096));
    for (let i = 0; i + noise.length <= heap.length; i += noise.length) heap.set(noise, i);
  }
  await cache.put(key, new Response(bytes, { headers: { "x-snapshot-bytes": said } }));
}"""
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


@pytest.fixture(autouse=True)
def patient(page: Page) -> None:
    page.set_default_timeout(120_000)


def marks(page: Page) -> list[str]:
    return [name for name in page.evaluate(MARKS_JS) if name.startswith("pyodide:")]


def kept_snapshot(page: Page) -> dict:
    """Wait until the snapshot is in Cache Storage (it is written after the start)."""
    for _ in range(STORE_POLLS):
        snapshot = page.evaluate(SNAPSHOT_JS, CACHE)
        if snapshot is not None:
            return snapshot
        page.wait_for_timeout(200)
    raise AssertionError(f"no snapshot kept after {STORE_POLLS * 0.2:.0f} s")


def test_a_reload_starts_from_the_snapshot_and_plays(strict_page: Page,
                                                     open_game: OpenGame) -> None:
    page = open_game(strict_page, READY_GAME)
    assert marks(page) == ["pyodide:start", "pyodide:booted", "pyodide:snapshot-taken"]
    snapshot = kept_snapshot(page)
    assert snapshot["bytes"] == snapshot["said"] > 10_000_000
    page.reload()
    wait_ready(page)
    assert marks(page) == ["pyodide:start", "pyodide:restored"]
    # The computer's first move comes from the AI worker (hard does not play on the page).
    page.wait_for_function("Number(document.getElementById('table')?.dataset.moves) > 0")
    page.locator("[data-action]:not([disabled])").first.click()


@pytest.mark.parametrize("how", ["garbage", "other build", "short", "scrambled"])
def test_a_bad_snapshot_gives_an_ordinary_start_and_is_replaced(
        page: Page, page_errors: PageErrors, open_game: OpenGame, how: str) -> None:
    open_game(page)
    good = kept_snapshot(page)
    page.evaluate(SPOIL_JS, [CACHE, how])
    page.reload()
    wait_ready(page)
    assert marks(page) == ["pyodide:start", "pyodide:booted", "pyodide:snapshot-taken"]
    assert kept_snapshot(page) == good
    page.reload()
    wait_ready(page)
    assert marks(page) == ["pyodide:start", "pyodide:restored"]
    # A bad snapshot is said on the console as a warning, never as an error.
    assert not page_errors.messages, page_errors.messages


def test_restored_starts_draw_different_random_numbers(page: Page, site_url: str) -> None:
    page.goto(site_url + "pyscript.toml")  # the site's origin, no page script
    page.evaluate(DRAW_JS)
    kept_snapshot(page)
    draws = []
    for _ in range(2):
        page.reload()
        draws.append(page.evaluate(DRAW_JS))
        assert marks(page) == ["pyodide:start", "pyodide:restored"]
    assert draws[0] != draws[1]


def test_without_cache_storage_the_start_is_ordinary(strict_page: Page,
                                                     open_game: OpenGame) -> None:
    strict_page.add_init_script("""Object.defineProperty(window, "caches", {
      get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
      configurable: true })""")
    page = open_game(strict_page)
    assert marks(page) == ["pyodide:start"]
