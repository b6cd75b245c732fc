"""The site inside ``<iframe sandbox="allow-scripts">`` on another origin (issue 12).

The host page is served from a second local port; see ``embedhost.py``.
"""

from __future__ import annotations

import embedhost
from embedhost import Host, wait_frame_ready
from playwright.sync_api import Page

context, host, host_page = embedhost.context, embedhost.host, embedhost.host_page  # fixtures


def test_game_starts_in_a_sandboxed_frame_of_another_origin_and_sizes_it(
        host_page: Page, host: Host) -> None:
    """Opaque origin: module scripts via CORS, IndexedDB stand-in, the AI worker starts;
    ``rome:height`` arrives and the README's snippet sets the frame to that height.

    One test for the two: both need the same host page, and a start of the game in a
    frame costs tens of seconds on the 2-core machine."""
    host.open(host_page, [("game", "index.html")], height=150)
    frame = wait_frame_ready(host_page, "game")
    assert frame.evaluate("self.origin") == "null"
    assert frame.evaluate("document.documentElement.dataset.opaqueOrigin") == "true"
    host_page.wait_for_function(
        "heights.length > 0 && document.getElementById('game').style.height === "
        "heights[heights.length - 1] + 'px'")
    content = frame.evaluate(
        "Math.max(...[...document.body.children].filter(e => !e.hidden && e.tagName !== 'SCRIPT')"
        ".map(e => e.getBoundingClientRect().bottom))")
    last = host_page.evaluate("heights[heights.length - 1]")
    assert last >= content > 150
    frame_box = host_page.locator("iframe#game").evaluate("f => f.getBoundingClientRect().height")
    assert frame_box == last
    frame.locator("#start-btn").click()  # the form's game has a normal computer: the worker
    frame.wait_for_function(
        "document.getElementById('worker-status').dataset.workerReady === 'true'",
        timeout=90_000)
