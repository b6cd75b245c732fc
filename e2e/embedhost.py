"""A host page on a second local origin that embeds the site in sandboxed iframes.

Why a second server: a rules site embeds the game from another origin, inside
``<iframe sandbox="allow-scripts">`` (opaque origin 'null'); only a real second origin
reproduces its CORS checks. The host page uses the resize snippet of the README
verbatim, so the documented snippet is what the tests exercise. Requests may go to the
two local origins and nowhere else.
"""

from __future__ import annotations

import html
import re
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Request, Route

from scripts.serve import start_server

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT_MS = 90_000


def watch_heights_js(sample_ms: int) -> str:
    """Script for a host page, before any frame: every frame's height every ``sample_ms``
    into ``window.samples`` ([time, [heights]]) and each height a frame reports into
    ``window.reports`` ([time, frame index, height]); both arrays must exist already."""
    return f"""
  const frames = () => [...document.querySelectorAll("iframe")];
  setInterval(() => samples.push(
    [performance.now(), frames().map((f) => f.getBoundingClientRect().height)]), {sample_ms});
  addEventListener("message", ({{ source, data }}) => {{
    if (data && data.type === "rome:height")
      reports.push([performance.now(), frames().findIndex((f) => f.contentWindow === source),
                    data.height]);
  }});
"""


def readme_host_snippet() -> str:
    """The ``<script>`` of the README's resize snippet (the first one under Embedding)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Embedding"):]
    match = re.search(r"<script>.*?</script>", section, re.S)
    assert match, "README's Embedding section has no host snippet"
    return match.group(0)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class TwoOriginGuard:
    """Lets requests reach the site and the host origin only; records the rest."""

    origins: tuple[str, ...]
    foreign: list[str]

    def is_local(self, url: str) -> bool:
        if url.startswith(("data:", "about:")):
            return True
        if url.startswith("blob:"):
            url = url[len("blob:"):]
            if url.startswith("null/"):
                return True  # a blob made by the sandboxed page itself
        return _origin(url) in self.origins

    def on_route(self, route: Route) -> None:
        if self.is_local(route.request.url):
            route.fallback()
        else:
            self.foreign.append(route.request.url)
            route.abort()

    def on_request(self, request: Request) -> None:
        if not self.is_local(request.url):
            self.foreign.append(request.url)


@dataclass
class Host:
    """Writes host pages and opens them; ``url`` is the host origin's root."""

    url: str
    folder: Path
    site_url: str

    def page_html(self, frames: list[tuple[str, str]], height: int = 150) -> str:
        """A host page with one sandboxed iframe per ``(id, site path)``."""
        iframes = "\n".join(
            f'<iframe id="{fid}" src="{html.escape(self.site_url + path)}" '
            f'sandbox="allow-scripts" width="640" height="{height}" style="border: 0" '
            f'title="{fid}"></iframe>'
            for fid, path in frames)
        return ("<!doctype html><html><head><meta charset='utf-8'>"
                "<link rel='icon' href='data:,'><title>A rules site</title></head><body>"
                "<h1>A rules site</h1>"
                "<script>window.heights = []; addEventListener('message', (e) => "
                "{ if (e.data && e.data.type === 'rome:height') heights.push(e.data.height); });"
                "</script>"
                f"{iframes}\n{readme_host_snippet()}</body></html>")

    def open(self, page: Page, frames: list[tuple[str, str]], name: str = "host.html",
             height: int = 150) -> Page:
        (self.folder / name).write_text(self.page_html(frames, height), encoding="utf-8")
        page.goto(self.url + name)
        return page


def wait_frame_still(page: Page, frame_id: str, quiet_ms: int = 300,
                     timeout_ms: int = 30_000) -> None:
    """Wait until the frame has reported its height, the host has sized the frame to the
    last one, and no new one came for ``quiet_ms``.

    Why before a click: a view reports its first height only once it has stood still
    (assets/frame-height.js: 0.4 s, 3 s at most), and a click aimed at a button below the
    host's first height scrolls the frame inside; the host's resize then puts the button
    elsewhere, and the click lands outside the frame (seen 3 runs in 27 of the calculator
    test, each time a catalogue card clicked before the first height came). Polled from
    here: a predicate that returns a promise would pass at once."""
    state = "([id]) => [heights.length, heights.length ? heights[heights.length - 1] : 0, " \
        "document.getElementById(id).style.height]"
    last, since = None, time.monotonic()
    deadline = since + timeout_ms / 1000
    while time.monotonic() < deadline:
        now = page.evaluate(state, [frame_id])
        if now != last:
            last, since = now, time.monotonic()
        elif now[0] > 0 and now[2] == f"{now[1]}px" and \
                time.monotonic() - since >= quiet_ms / 1000:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"frame {frame_id} not sized and still within {timeout_ms} ms: {last}")


def frame_of(page: Page, frame_id: str) -> Frame:
    """The Frame object of the iframe with this id on the host page."""
    frame = page.locator(f"iframe#{frame_id}").element_handle().content_frame()
    assert frame is not None
    return frame


def wait_frame_ready(page: Page, frame_id: str, timeout_ms: int = READY_TIMEOUT_MS) -> Frame:
    """Wait for ``data-ready`` inside the frame; fail with its message on ``data-error``."""
    frame = frame_of(page, frame_id)
    frame.wait_for_function(
        "document.documentElement.dataset.ready === 'true' || "
        "document.documentElement.dataset.error !== undefined", timeout=timeout_ms)
    error = frame.evaluate("document.documentElement.dataset.error")
    assert error is None, f"{frame_id} failed to start: {error}"
    return frame


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A context that keeps the pages' Content-Security-Policy (the suite's default
    context bypasses it): an embed must start under its own policy."""
    ctx = browser.new_context(bypass_csp=False)
    yield ctx
    ctx.close()


@pytest.fixture
def host(context: BrowserContext, site_url: str) -> Iterator[Host]:
    """A second local origin serving host pages; the context may reach only the two."""
    folder = Path(tempfile.mkdtemp(prefix="rome-host-"))
    server = start_server(folder)
    host_url = f"http://127.0.0.1:{server.server_address[1]}/"
    guard = TwoOriginGuard((_origin(site_url), _origin(host_url)), [])
    context.route("**/*", guard.on_route)
    context.on("request", guard.on_request)
    yield Host(host_url, folder, site_url)
    server.shutdown()
    server.server_close()
    assert not guard.foreign, f"requests left the two local origins: {guard.foreign}"


@pytest.fixture
def host_page(page: Page, page_errors: Any, host: Host) -> Iterator[Page]:
    """The host's page; fails on any console error or page error, frames included."""
    yield page
    assert not page_errors.messages, "\n".join(page_errors.messages)
