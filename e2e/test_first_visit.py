"""A first visit to a compressed site: its bytes on the wire, each file once, no needless
request, and no AI worker for a game without a computer (issue 36).

Why a server of its own: the bytes are counted where a host would count them, at the
server (``scripts/serve.py`` logs each answer's body), over a copy of the site built as
``make dist`` builds it but compressed with gzip alone (seconds, where brotli's best takes
minutes; brotli only makes it smaller). Why a plain context: the other tests' request
guard routes every request, and Chromium turns its HTTP cache off while requests are
routed, so every use of a file would be a download.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import wait_ready
from playwright.sync_api import Browser, Page

from scripts.precompress import precompress
from scripts.serve import Server, start_server
from scripts.vendor import copy_site, write_service_worker

ROOT = Path(__file__).resolve().parent.parent
FIRST_VISIT_LIMIT = 7_000_000
"""Bytes a first visit may move (issue 36): the game, its AI worker and the offline cache."""
SETTLE_MS = 3000
"""After the offline cache is complete, how long to keep counting stragglers."""


@pytest.fixture(scope="module")
def compressed_site() -> Iterator[Server]:
    """``make dist``'s files (gzip copies only) under ``e2e/artifacts/dist``, served (the
    site is built by ``e2e/conftest.py``)."""
    target = ROOT / "e2e" / "artifacts" / "dist"
    if target.exists():
        shutil.rmtree(target)
    copy_site(target)
    write_service_worker(target)
    precompress(target, (".gz",))
    server = start_server(target)
    yield server
    server.shutdown()
    server.server_close()
    shutil.rmtree(target)


def first_visit(browser: Browser, server: Server, path: str) -> tuple[Page, list[list]]:
    """Open ``path`` in a fresh profile until the offline cache is complete; returns the
    page and the server's log of that visit."""
    server.requests.clear()
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(f"http://127.0.0.1:{server.server_address[1]}/{path}")
    wait_ready(page, 120_000)
    page.wait_for_function("document.documentElement.dataset.offlineReady === 'true'",
                           timeout=120_000)
    return page, server.requests


def check_visit(log: list[list]) -> None:
    """At most the limit on the wire, no lock file, no error, each file downloaded once."""
    total = sum(size for _path, _status, size in log)
    print(f"first visit: {total} bytes in {len(log)} requests")
    assert total <= FIRST_VISIT_LIMIT, f"{total / 1e6:.2f} MB on the wire"
    paths = [path.split("?")[0] for path, _status, _size in log]
    assert not [p for p in paths if p.endswith("pyodide-lock.json")]
    assert not [entry for entry in log if entry[1] >= 400], log
    # By address: the navigation's query makes its page another resource than the cached one.
    downloads = Counter(path for path, status, _size in log if status == 200)
    assert not [p for p, n in downloads.items() if n > 1], downloads


def test_human_game_first_visit_is_small_and_starts_no_worker(
        browser: Browser, compressed_site: Server) -> None:
    page, log = first_visit(browser, compressed_site,
                            "index.html?seats=human,human&seed=3&pace=0")
    page.wait_for_timeout(SETTLE_MS)
    check_visit(log)
    assert page.evaluate("romeAi.workers.size") == 0  # no AI worker was started
    assert len(page.workers) == 1  # the UI's own, not yet another
    assert page.locator("#worker-status").get_attribute("data-worker-ready") is None
    page.context.close()


def test_computer_game_first_visit_downloads_each_file_once(
        browser: Browser, compressed_site: Server) -> None:
    """The AI worker boots a second Pyodide from the files the page already has."""
    page, log = first_visit(browser, compressed_site,
                            "index.html?seats=human,normal&seed=3&pace=0")
    page.wait_for_function(
        "document.getElementById('worker-status').dataset.workerReady === 'true'",
        timeout=120_000)
    page.wait_for_timeout(SETTLE_MS)
    check_visit(log)
    page.context.close()
