"""The UI's worker is heard from its first message, however late PyScript's plugins
arrive (``assets/py-worker.mjs``), and the loading screen moves while it starts.

PyScript hands a worker its hooks, among them the one through which the runner hears
it, only once its plugins are loaded, but ``PyWorker`` does not wait for that: a worker
asked for sooner started deaf, and the page stayed on "Loading Python" for good. A
loaded 2-core machine did that about once in forty cold starts; here a plugin's file
arrives late on purpose, every time.

PyScript's stages happen in the worker's scope; the interpreter module posts each to the
page (``scripts/lockless_template.mjs``), so that a player on a slow phone sees the start
move rather than a bar that waits seconds at its first step."""

from __future__ import annotations

import time

from conftest import PageErrors, wait_ready
from playwright.sync_api import Page, Route

SHOWN_JS = """
window.__shown = [];
new MutationObserver(() => {
  const bar = document.getElementById("loading-bar");
  const text = document.getElementById("loading-text")?.textContent ?? "";
  const last = window.__shown.at(-1);
  if (bar && document.documentElement.dataset.ready !== "true"
      && (!last || last[0] !== bar.value || last[1] !== text)) {
    window.__shown.push([bar.value, text]);
  }
}).observe(document, { subtree: true, childList: true, attributes: true,
                       characterData: true });
"""
"""Installed before the page's scripts: each value and words the loading screen shows
before the page is ready."""
PLUGIN = "**/assets/vendor/pyscript/donkey-*.js"
"""One of the plugins PyScript loads before it defines its hooks (any would do)."""
LATE_S = 4.0


def test_a_view_starts_when_pyscripts_plugins_arrive_late(
        page: Page, page_errors: PageErrors, site_url: str) -> None:
    def late(route: Route) -> None:
        time.sleep(LATE_S)
        route.continue_()

    page.route(PLUGIN, late)
    page.goto(site_url + "embed.html?view=calculator")
    wait_ready(page)
    steps = [what for _at, what in page.evaluate("romeUi.steps")]
    assert steps[0] == "starting" and "heard ready" in steps, steps
    assert not page_errors.messages, page_errors.messages


def test_the_loading_screen_follows_the_workers_start(page: Page, site_url: str) -> None:
    page.add_init_script(SHOWN_JS)
    page.goto(site_url + "index.html")
    wait_ready(page)
    shown = page.evaluate("window.__shown")
    values = [value for value, _words in shown]
    assert values == sorted(values), shown  # it never goes back
    # Between the runner's first step (5) and the worker's Python starting the game (92):
    # the interpreter loaded and the app's files unpacked, said in PyScript's words.
    between = [(value, words) for value, words in shown if 5 < value < 92]
    assert any("Loaded Pyodide" in words for _v, words in between), shown
    assert any("files" in words for _v, words in between), shown
