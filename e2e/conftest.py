"""Browser test fixtures: a local static server, Chromium settings and page guards.

Why these guards: the site must work offline from any static host, so every test
fails on a console error, an uncaught page error or a request that leaves the local
server. Chromium is Debian's (``/usr/bin/chromium``): ``playwright install`` cannot
download browsers here.

Why crashes are logged: a renderer that dies ("Target crashed") says why only on
Chromium's own output, which Playwright drops unless its debug log is on. The log goes
to ``e2e/artifacts/browser.log``; a test failed by a crash carries its tail, and
crashpad keeps a minidump of each crash under ``CRASH_DUMPS``. A crash fails its test:
the page that crashed Chromium in a test would crash it for a player too.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Frame,
    Locator,
    Page,
    Request,
    Route,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.serve import start_server  # noqa: E402
from scripts.vendor import build_site  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}
"""The laptop the table is laid out for: one screen, nothing scrolled."""
WIDE = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
"""A phone held upright: the table in tabs."""

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
    # Never start Chromium's sampling heap profiler. A random share of browser sessions
    # profiles every renderer, and its stack walk then reads past the end of the stack
    # WebAssembly runs on, killing the renderer while Pyodide starts (SIGSEGV at one
    # instruction in all 37 minidumps here; the crashes of CI's run of 4f3443f).
    "--enable-benchmarking",
]
CRASHED = "Target crashed"  # Playwright's words when a page's renderer process died
CRASH_DUMPS = Path.home() / ".config" / "chromium" / "Crash Reports" / "pending"
BROWSER_LOG = ROOT / "e2e" / "artifacts" / "browser.log"
BROWSER_LOG.parent.mkdir(parents=True, exist_ok=True)
# Read by Playwright's driver, which starts after this module is imported.
os.environ.setdefault("DEBUG", "pw:browser")
os.environ.setdefault("DEBUG_FILE", str(BROWSER_LOG))
# What Chromium says at every start on a machine without D-Bus. (Crashpad's complaint
# about missing CPU frequency files is no noise: it is the one line a crash leaves.)
BROWSER_LOG_NOISE = ("dbus/",)
TABLE_PYTHON = "ui/worker_main.py"
"""The table's first Python file, run in the UI's worker (``index.html``'s ``data-worker``)."""
READY_TIMEOUT_MS = 60_000
READY_JS = "document.documentElement.dataset.ready === 'true'"
SETTLED_JS = f"{READY_JS} || document.documentElement.dataset.error !== undefined"


def pytest_configure(config: pytest.Config) -> None:
    """Rebuild the app zip, icons and service worker once, so the browser runs the working
    tree's files.

    Why here and not in a fixture: with the tests two at a time (``make test``) each worker
    process ran the session fixtures, and two builds of the same files at once collided on
    their temporary files (CI of stop 49) while the other worker's browser read them. This
    hook runs once, in the process that starts the workers, before they start.
    """
    if hasattr(config, "workerinput"):  # a worker: the starting process built the site
        return
    if not (ROOT / "assets" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        raise pytest.UsageError("assets/vendor is missing: run `make setup` first")
    build_site(ROOT)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Serve the repo root (built by ``pytest_configure``) on 127.0.0.1, free port."""
    server = start_server(ROOT)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def crash_context(lines: int = 40) -> str:
    """What the machine and Chromium said around a crash: free memory and the log's tail."""
    meminfo = Path("/proc/meminfo")
    memory = [line for line in meminfo.read_text().splitlines()
              if line.startswith(("MemTotal", "MemAvailable"))] if meminfo.exists() else []
    log = BROWSER_LOG.read_text(errors="replace").splitlines() if BROWSER_LOG.exists() else []
    said = [line for line in log if not any(noise in line for noise in BROWSER_LOG_NOISE)]
    return "\n".join(memory + [f"minidumps: {CRASH_DUMPS}",
                                f"last {lines} lines of {BROWSER_LOG.name}:"] + said[-lines:])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Attach ``crash_context`` to a test that a renderer crash failed."""
    report = yield
    if report.failed and CRASHED in str(report.longrepr):
        report.sections.append(("Chromium at the crash", crash_context()))
    return report


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


SHOWN_JS = """[{...document.documentElement.dataset},
  document.querySelector('#loading')?.innerText?.trim() ?? null,
  document.querySelector('#boot-error-message')?.textContent ?? null,
  globalThis.romeUi?.steps ?? null]"""
"""What a page that is not ready shows: its start's state, its loading screen's words and
the steps its UI's worker took (``assets/ui-runner.mjs``)."""


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the page is interactive; fail fast with its message if start-up failed."""
    try:
        page.wait_for_function(SETTLED_JS, timeout=timeout_ms)
    except PlaywrightTimeoutError as error:
        raise AssertionError(f"not ready after {timeout_ms} ms; the page showed "
                             f"{page.evaluate(SHOWN_JS)}") from error
    error = page.evaluate("document.documentElement.dataset.error")
    assert error is None, f"start-up failed: {error}"


ANSWERED_JS = "!performance.getEntriesByName('rome:input', 'mark').length"
"""The table has drawn its answer to the last input (every input is answered by one
message, marked so: ``Painter.answer_input``; ``assets/painter.js`` clears the input
half's mark there)."""


def answered(page: Page | Frame) -> None:
    """Wait for the answer to the last input, of the table or a view (in ``page``, a page
    or a frame): a player sees the screen change before they act again (a Python in a
    worker answers a moment later, and a layout shifted meanwhile would take the next
    click elsewhere)."""
    page.wait_for_function(ANSWERED_JS)


def click(page: Page | Frame, target: Locator) -> None:
    """Click ``target`` and wait for the table's answer."""
    target.click()
    answered(page)


def wait_until(page: Page, predicate: str, arg: object = None,
               timeout_ms: int = 120_000) -> None:
    """Poll an async JS ``predicate`` (a function of ``arg``) until it is true.

    Why not ``wait_for_function``: the page's hooks (``window.rome``) answer with a promise
    when the table's Python runs in a worker, and Playwright's polling does not await one."""
    for _ in range(timeout_ms // 200):
        if page.evaluate(predicate, arg):
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"not true after {timeout_ms / 1000:.0f} s: {predicate}; the "
                         f"table showed {page.evaluate(TABLE_SHOWN_JS)}")


TABLE_SHOWN_JS = """[{...document.querySelector('#table')?.dataset},
  ...['#messages', '#status', '#notice', '#save-notice', '#worker-status'].map(
    (s) => document.querySelector(s)?.innerText?.trim()?.slice(0, 300) ?? null)]"""
"""What a table that did not get where a test waited for shows: its state and the words
of its message areas (a failure that happened once then says why)."""


OpenGame = Callable[..., Page]


@pytest.fixture
def open_game(site_url: str) -> OpenGame:
    """``open_game(page, path="index.html")``: navigate and wait for ``data-ready``."""

    def _open(page: Page, path: str = "index.html") -> Page:
        page.goto(site_url + path)
        wait_ready(page)
        return page

    return _open


class SharedPage:
    """One booted page that several tests of a module only read (never change).

    Why: each boot of the page costs two Pyodide start-ups (the page's and the AI
    worker's), about 10 s on the 2-core machine; tests that only look at a freshly started
    page need not pay for one each. ``checked()`` gives each test the page and fails that
    test on the console errors, page errors or foreign requests seen while it ran. A page
    whose renderer crashed is booted again for the next test instead of failing every
    test left in the module.
    """

    def __init__(self, browser: Browser, context_args: dict, site_url: str) -> None:
        self._browser, self._context_args, self._site_url = browser, context_args, site_url
        self._boot()

    def _boot(self) -> None:
        self.context = self._browser.new_context(**self._context_args)
        self.guard = guard_context(self.context, self._site_url)
        self.page = self.context.new_page()
        self.errors = watch_errors(self.page)
        self.reported = 0  # errors up to here failed an earlier test (the boot's: the first)
        self.crashed = False
        self.page.on("crash", self._on_crash)
        self.page.goto(self._site_url + "index.html")
        wait_ready(self.page)

    def _on_crash(self, _page: Page) -> None:
        self.crashed = True

    def close(self) -> None:
        """Close the page's context."""
        self.context.close()

    @contextmanager
    def checked(self) -> Iterator[Page]:
        """The page for one test; fails it on errors or foreign requests seen since the
        previous test's check."""
        if self.crashed:
            self.close()
            self._boot()
        yield self.page
        if not self.crashed:  # the next test starts from a page that has answered
            answered(self.page)
        new = self.errors.messages[self.reported:]
        self.reported = len(self.errors.messages)
        assert not new, "\n".join(new)
        self.guard.assert_all_local()


@pytest.fixture(scope="module")
def shared_page(browser: Browser, browser_context_args: dict,
                site_url: str) -> Iterator[SharedPage]:
    """A page of its own context, opened on ``index.html`` once for the whole module."""
    shared = SharedPage(browser, browser_context_args, site_url)
    yield shared
    shared.close()


@pytest.fixture
def booted_page(shared_page: SharedPage) -> Iterator[Page]:
    """The module's shared page, started once; the test fails on errors seen meanwhile."""
    with shared_page.checked() as page:
        yield page


# The names of players drawn narrower than their own first letters (the shorter of the
# whole name and 2 em), whether their own box or a clipping box around them cuts them.
CUT_NAMES_JS = """(root) => {
  const box = el => el.getBoundingClientRect();
  const shown = w => {
    let {left, right} = box(w);
    for (let a = w.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') {
        const b = box(a); left = Math.max(left, b.left); right = Math.min(right, b.right);
      }
    }
    return Math.min(right, box(w).left + w.clientWidth) - left;
  };
  return [...root.querySelectorAll('.who')].filter(w => w.getClientRects().length)
    .filter(w => shown(w) + 1
                 < Math.min(w.scrollWidth, 2 * parseFloat(getComputedStyle(w).fontSize)))
    .map(w => w.textContent);
}"""
