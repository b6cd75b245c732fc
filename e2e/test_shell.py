"""End-to-end checks of the site shell: boot, the engine in the UI's worker, the AI
worker, offline."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import TABLE_PYTHON
from playwright.sync_api import Page, Route, expect

from scripts.vendor import copy_site

ROOT = Path(__file__).resolve().parent.parent

WORKER_TIMEOUT_MS = 90_000


# The first five tests only read the page as it started: they share one boot of it
# (``booted_page``, e2e/conftest.py).


def test_page_reaches_ready(booted_page: Page) -> None:
    """The loading screen gives way to the app and the progress bar completes."""
    expect(booted_page.locator("#app")).to_be_visible()
    expect(booted_page.locator("#loading")).to_be_hidden()
    assert booted_page.locator("#loading-bar").evaluate("bar => bar.value") == 100
    expect(booted_page.locator("#engine-status")).to_contain_text("Engine ready")


def test_engine_answers_from_the_uis_python(booted_page: Page) -> None:
    """``window.romeEngine`` runs the real engine in the UI worker's Pyodide (a hook for
    tests, answered by message: ``WorkerLink.expose``)."""
    count = booted_page.evaluate("window.romeEngine.legal_count(2, 1)")
    assert isinstance(count, int) and count > 0
    shown = booted_page.locator("#engine-status").get_attribute("data-legal-count")
    assert shown == str(count)
    assert booted_page.evaluate("window.romeEngine.legal_count(3, 7)") > 0


@pytest.mark.parametrize("num_players", [2, 4])
def test_seeded_game_is_identical_on_pyodide_and_cpython(booted_page: Page,
                                                         num_players: int) -> None:
    """The same seed and the same actions give the same game in the browser and here."""
    from ui.worker.probe import scripted_game

    in_browser = booted_page.evaluate(f"window.romeEngine.scripted_game({num_players}, 31)")
    assert in_browser == scripted_game(num_players, 31)


def test_worker_answers(strict_page: Page, open_game: Callable[..., Page]) -> None:
    """The AI worker boots its own Python, imports rome and answers the page (it starts
    for a game with a computer above the fast levels; the shared page shows the form).
    The address's refused pace is said on the table (issue 39: the game's start wiped it)."""
    page = open_game(strict_page, "index.html?seats=human,normal&seed=3&pace=-1")
    expect(page.locator("#notice")).to_contain_text("The address's pace= must be slow, normal")
    status = page.locator("#worker-status")
    expect(status).to_have_attribute("data-worker-ready", "true", timeout=WORKER_TIMEOUT_MS)
    page_count = page.evaluate("window.romeEngine.legal_count(2, 1)")
    assert status.get_attribute("data-worker-legal-count") == str(page_count)


@pytest.fixture
def subfolder_site(site_url: str) -> Iterator[str]:
    """The site copied under ``e2e/artifacts/sub/path/`` to prove relative URLs."""
    target = ROOT / "e2e" / "artifacts" / "sub" / "path"
    if target.exists():
        shutil.rmtree(target)
    copy_site(target)
    shutil.copy2(ROOT / "sw.js", target / "sw.js")
    yield "e2e/artifacts/sub/path/index.html"
    shutil.rmtree(ROOT / "e2e" / "artifacts" / "sub")


def test_works_from_subfolder(
    strict_page: Page, open_game: Callable[..., Page], subfolder_site: str
) -> None:
    """Hosted under a path (as rules sites embed it), every URL still resolves."""
    open_game(strict_page, subfolder_site)
    assert strict_page.evaluate("window.romeEngine.legal_count(2, 1)") > 0


@pytest.mark.parametrize(("missing", "named"), [
    # the interpreter is imported through the lockless wrapper (scripts/vendor.py), whose
    # import is the one the browser names
    ("pyodide/pyodide.mjs", "pyodide-lockless.mjs"),
    ("pyscript/core.js", "core.js"),
    ("vendor/app.zip", "app.zip"),
])
def test_missing_file_shows_readable_error(
    page: Page, page_errors: object, request_guard: object, site_url: str, missing: str,
    named: str,
) -> None:
    """If the interpreter, PyScript or the app code cannot load, the page says which."""

    def not_found(route: Route) -> None:
        route.fulfill(status=404, body="missing")

    page.route(f"**/{missing}", not_found)
    page.goto(site_url + "index.html")
    page.wait_for_function("document.documentElement.dataset.error !== undefined", timeout=60_000)
    expect(page.locator("#boot-error")).to_be_visible()
    expect(page.locator("#boot-error-message")).to_contain_text(named)
    expect(page.locator("#loading")).to_be_hidden()
    assert page.evaluate("document.documentElement.dataset.ready") is None


def test_python_startup_error_shows_readable_error(
    page: Page, page_errors: object, site_url: str
) -> None:
    """A Python exception while the page starts is reported, not swallowed."""

    def broken_main(route: Route) -> None:
        route.fulfill(status=200, body="raise RuntimeError('boom from main.py')\n")

    page.route(f"**/{TABLE_PYTHON}", broken_main)
    page.goto(site_url + "index.html")
    page.wait_for_function("document.documentElement.dataset.error !== undefined", timeout=60_000)
    expect(page.locator("#boot-error-message")).to_contain_text("boom from main.py")
    error = page.evaluate("document.documentElement.dataset.error")
    assert error == "RuntimeError: boom from main.py"

