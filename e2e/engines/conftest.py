"""Fixtures of the cross-engine suite: one browser per engine, pages that fail on errors,
and a record of how long each engine's part takes.

Why its own folder: Chromium's tests (``e2e/``) use Playwright; these use the
driver-neutral page of ``browsers.py``, and every test here runs once in Firefox and once
in WebKit (``engine`` is a session-scoped parameter, so each browser starts once).
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engines.browsers import EnginePage
from engines.launch import launch
from engines.playing import MEASURED, require
from scripts.serve import start_server

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

ENGINES = ("firefox", "webkit")
TIMES_FILE = HERE.parent / "artifacts" / "engine-times.json"
_spent: dict[str, float] = defaultdict(float)


@pytest.fixture(scope="session", params=ENGINES)
def engine_browser(request: pytest.FixtureRequest) -> Iterator[EnginePage]:
    """One browser of each engine for the whole session."""
    require(request.param)
    page = launch(request.param)
    yield page
    page.close()


@pytest.fixture
def engine_page(engine_browser: EnginePage) -> Iterator[EnginePage]:
    """The engine's page for one test; the test fails on console errors or uncaught
    exceptions seen while it ran."""
    engine_browser.errors()  # an earlier test's leftovers failed that test already
    yield engine_browser
    errors = engine_browser.errors()
    assert not errors, f"{engine_browser.engine}: " + "\n".join(errors)


@pytest.fixture(scope="session")
def served() -> Iterator[str]:
    """The site (built by ``e2e/conftest.py``) on a server of the suite's own (the offline
    test starts and stops one more)."""
    server = start_server(ROOT)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for engine in ENGINES:
        if f"[{engine}" in report.nodeid or f"{engine}]" in report.nodeid \
                or f"-{engine}" in report.nodeid:
            _spent[engine] += report.duration
            break


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _spent:
        return
    parts = ", ".join(f"{engine} {seconds:.0f} s" for engine, seconds in _spent.items())
    terminalreporter.write_line(f"cross-engine suite: {parts}")
    if MEASURED:
        TIMES_FILE.parent.mkdir(parents=True, exist_ok=True)
        TIMES_FILE.write_text(json.dumps({"spent_s": _spent, "measured": MEASURED,
                                          "at": time.strftime("%Y-%m-%d %H:%M")}, indent=1))
        terminalreporter.write_line(f"engine figures: {TIMES_FILE}")
