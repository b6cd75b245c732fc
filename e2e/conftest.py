"""Browser test fixtures: a local static server, Chromium settings and page guards.

Why these guards: the site must work offline from any static host, so every test
fails on a console error, an uncaught page error or a request that leaves the local
server. Chromium is Debian's (``/usr/bin/chromium``): ``playwright install`` cannot
download browsers here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Request, Route

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.serve import start_server  # noqa: E402
from scripts.vendor import build_site  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Belt and braces for workers, whose requests Playwright may not see: no host
    # other than the local server's can even be resolved.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
READY_TIMEOUT_MS = 60_000
READY_JS = "document.documentElement.dataset.ready === 'true'"
SETTLED_JS = f"{READY_JS} || document.documentElement.dataset.error !== undefined"


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Serve the repo root on 127.0.0.1 (free port) for the whole session.

    The app zip and the service worker are rebuilt first so the browser runs the
    working tree's files.
    """
    if not (ROOT / "assets" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        pytest.fail("assets/vendor is missing: run `make setup` first")
    build_site(ROOT)
    server = start_server(ROOT)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Use the system Chromium, headless, with background networking off."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """Bypass the site's Content-Security-Policy in tests.

    Why: Playwright's ``wait_for_function`` evaluates its predicate with ``eval``, which
    the policy rightly forbids. The policy itself is tested in ``e2e/test_offline.py``
    in a context of its own, which polls with ``page.evaluate`` instead.
    """
    return {**browser_context_args, "bypass_csp": True}


@dataclass
class RequestGuard:
    """Records every request; anything not aimed at the local server is aborted."""

    origin: str
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        """True for the server's origin, and blob:/data: URLs made by the page itself."""
        if url.startswith("data:"):
            return True
        if url.startswith("blob:"):
            url = url[len("blob:") :]
        parts = urlsplit(url)
        return f"{parts.scheme}://{parts.netloc}" == self.origin

    def on_route(self, route: Route) -> None:
        """Abort foreign requests (recording them) and let local ones through."""
        url = route.request.url
        if self.is_local(url):
            route.fallback()
        else:
            self.blocked.append(url)
            route.abort()

    def on_request(self, request: Request) -> None:
        """Record every request the browser reports."""
        self.requests.append(request.url)

    def assert_all_local(self) -> None:
        """Fail if any request went (or tried to go) anywhere but the local server."""
        foreign = [url for url in self.requests if not self.is_local(url)]
        assert not foreign and not self.blocked, f"non-local requests: {foreign + self.blocked}"


def guard_context(context: BrowserContext, site_url: str) -> RequestGuard:
    """A guard installed on the whole context (covers pages and popups)."""
    parts = urlsplit(site_url)
    guard = RequestGuard(origin=f"{parts.scheme}://{parts.netloc}")
    context.route("**/*", guard.on_route)
    context.on("request", guard.on_request)
    return guard


@pytest.fixture
def request_guard(context: BrowserContext, site_url: str) -> Iterator[RequestGuard]:
    """The test's context guarded; the test fails on any foreign request."""
    guard = guard_context(context, site_url)
    yield guard
    guard.assert_all_local()


@dataclass
class PageErrors:
    """Console errors and uncaught exceptions seen on a page."""

    messages: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        """Keep console errors (warnings are allowed)."""
        if message.type == "error":
            self.messages.append(f"console.error: {message.text}")

    def on_page_error(self, error: Exception) -> None:
        """Keep uncaught JS exceptions."""
        self.messages.append(f"pageerror: {error}")


def watch_errors(page: Page) -> PageErrors:
    """The console errors and uncaught exceptions of ``page`` from now on."""
    errors = PageErrors()
    page.on("console", errors.on_console)
    page.on("pageerror", errors.on_page_error)
    return errors


@pytest.fixture
def page_errors(page: Page) -> PageErrors:
    """Collect errors without failing: for tests that break the page on purpose."""
    return watch_errors(page)


@pytest.fixture
def strict_page(page: Page, page_errors: PageErrors, request_guard: RequestGuard) -> Iterator[Page]:
    """A page that fails the test on any console error, page error or foreign request."""
    yield page
    assert not page_errors.messages, "\n".join(page_errors.messages)


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the page is interactive; fail fast with its message if start-up failed."""
    page.wait_for_function(SETTLED_JS, timeout=timeout_ms)
    error = page.evaluate("document.documentElement.dataset.error")
    assert error is None, f"start-up failed: {error}"


OpenGame = Callable[..., Page]


@pytest.fixture
def open_game(site_url: str) -> OpenGame:
    """``open_game(page, path="index.html")``: navigate and wait for ``data-ready``."""

    def _open(page: Page, path: str = "index.html") -> Page:
        page.goto(site_url + path)
        wait_ready(page)
        return page

    return _open


@dataclass
class SharedPage:
    """One booted page that several tests of a module only read (never change).

    Why: each boot of the page costs two Pyodide start-ups (the page's and the AI
    worker's), about 10 s on the 2-core machine; tests that only look at a freshly started
    page need not pay for one each. ``checked()`` gives each test the page and fails that
    test on the console errors, page errors or foreign requests seen while it ran.
    """

    page: Page
    errors: PageErrors
    guard: RequestGuard
    reported: int = 0  # errors up to here failed an earlier test (those of the boot: the first)

    @contextmanager
    def checked(self) -> Iterator[Page]:
        """The page for one test; fails it on errors or foreign requests seen since the
        previous test's check."""
        yield self.page
        new = self.errors.messages[self.reported:]
        self.reported = len(self.errors.messages)
        assert not new, "\n".join(new)
        self.guard.assert_all_local()


@pytest.fixture(scope="module")
def shared_page(browser: Browser, browser_context_args: dict,
                site_url: str) -> Iterator[SharedPage]:
    """A page of its own context, opened on ``index.html`` once for the whole module."""
    context = browser.new_context(**browser_context_args)
    guard = guard_context(context, site_url)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(site_url + "index.html")
    wait_ready(page)
    yield SharedPage(page, errors, guard)
    context.close()


@pytest.fixture
def booted_page(shared_page: SharedPage) -> Iterator[Page]:
    """The module's shared page, started once; the test fails on errors seen meanwhile."""
    with shared_page.checked() as page:
        yield page
