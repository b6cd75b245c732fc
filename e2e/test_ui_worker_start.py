"""The UI's worker is heard from its first message, however late PyScript's plugins
arrive (``assets/py-worker.mjs``). PyScript hands a worker its hooks, among them the one
through which the runner hears it, only once its plugins are loaded, but ``PyWorker``
does not wait for that: a worker asked for sooner started deaf, and the page stayed on
"Loading Python" for good. A loaded 2-core machine did that about once in forty cold
starts; here a plugin's file arrives late on purpose, every time."""

from __future__ import annotations

import time

from conftest import PageErrors, wait_ready
from playwright.sync_api import Page, Route

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
    assert steps[:2] == ["starting", "its Python ran"] and "heard ready" in steps, steps
    assert not page_errors.messages, page_errors.messages
