"""One small driver-neutral page for the cross-engine tests: Firefox and WebKit.

Why not Playwright, as for Chromium: the registries hold no Playwright build of Firefox
or WebKit, and Playwright drives only its own builds. So Debian's browsers are driven by
the maintained driver each one accepts: Firefox ESR by puppeteer-core over WebDriver BiDi
(``firefox_bridge.mjs``, a Node process this module talks to in JSON lines), WebKitGTK by
Selenium through ``WebKitWebDriver``, which starts ``MiniBrowser --automation`` on a
private Xvfb display (MiniBrowser has no headless mode; ``webkit.py``; ``launch.py``
starts either). Tests see only
:class:`EnginePage`: ``open``, ``wait_ready``, ``evaluate`` (a JS function on one JSON
argument, awaited), ``click``, ``record`` and ``errors``, and one second tab of the same
browser (``open_tab``, ``close_tab``, ``front``; ``evaluate`` and ``reload`` reach it
as :data:`SECOND_TAB`).

Every launch and every call has a time limit: without a display, or with a stuck page,
both drivers wait forever instead of failing.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Protocol

HERE = Path(__file__).resolve().parent
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
LAUNCH_TIMEOUT_S = 90
CALL_TIMEOUT_S = 420
READY_TIMEOUT_S = 150
WINDOW = (1280, 800)
"""Every tab's size, in both engines."""
READY_JS = """() => { const d = document.documentElement.dataset;
  return d.ready === 'true' ? 'ready' : (d.error !== undefined ? 'error: ' + d.error : ''); }"""

# WebKit's WebDriver has no console events (no BiDi in 2.50), so its pages get this
# collector as soon as the new document has been parsed, before PyScript starts (its
# module scripts wait for the parse); what the page says earlier than that shows up as a
# start-up failure instead.
COLLECT_JS = """() => { if (window.__engineErrors) return;
  const seen = window.__engineErrors = [];
  const error = console.error.bind(console);
  console.error = (...args) => { seen.push('console.error: ' + args.map(String).join(' '));
                                 error(...args); };
  addEventListener('error', (e) => seen.push('pageerror: ' + (e.message || e.type)));
  addEventListener('unhandledrejection', (e) => seen.push('pageerror: ' + e.reason)); }"""


SECOND_TAB = "tab:second"
"""Where ``evaluate``, ``reload`` and the helpers taking a ``frame`` act in the second tab
(its top document) instead of the first tab or one of its frames."""


class EngineError(AssertionError):
    """A driver call failed or timed out (the message says which and why)."""


class EnginePage(Protocol):
    """What a cross-engine test may do with a page."""

    engine: str
    version: str

    def open(self, url: str) -> None: ...
    def reload(self, tab: str | None = None) -> None: ...
    def open_tab(self, url: str) -> None: ...
    def close_tab(self) -> None: ...

    def front(self, tab: str | None = None) -> None:
        """Bring ``tab`` (the first: ``None``) in front, as a player switching to it does:
        Firefox hides the other tab and runs its timers once a second at most."""

    def evaluate(self, source: str, arg: Any = None, frame: str | None = None) -> Any: ...
    def errors(self) -> list[str]: ...
    def close(self) -> None: ...


def available(engine: str) -> bool:
    """True when this machine has the engine's browser and driver (``make setup``)."""
    if engine == "firefox":
        return Path(FIREFOX).exists() and shutil.which("node") is not None
    return Path(WEBKIT_DRIVER).exists() and Path(MINIBROWSER).exists() \
        and shutil.which("Xvfb") is not None


def wait_ready(page: EnginePage, timeout_s: float = READY_TIMEOUT_S) -> float:
    """Wait for ``data-ready`` (failing on ``data-error``); returns the seconds waited."""
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        state = page.evaluate(READY_JS)
        if state == "ready":
            return time.monotonic() - start
        if state:
            raise EngineError(f"{page.engine}: start-up failed: {state}")
        time.sleep(0.25)
    raise EngineError(f"{page.engine}: not ready after {timeout_s} s")


def in_second_tab(tab: str | None) -> bool:
    """Whether ``tab`` (of ``reload`` or ``front``) is the second (``None``: the first)."""
    if tab not in (None, SECOND_TAB):
        raise ValueError(f"not a tab: {tab!r}")
    return tab == SECOND_TAB


def click(page: EnginePage, selector: str, frame: str | None = None) -> None:
    """Click the first element matching ``selector`` (fails if there is none)."""
    found = page.evaluate("(s) => { const e = document.querySelector(s); "
                          "if (e) e.click(); return !!e; }", selector, frame)
    if not found:
        raise EngineError(f"{page.engine}: nothing matches {selector!r}")


def record(page: EnginePage) -> dict[str, Any]:
    """The game so far, as the page's ``window.rome.record()`` gives it."""
    return json.loads(page.evaluate("() => window.rome.record()"))


class FirefoxPage:
    """Firefox ESR through ``firefox_bridge.mjs`` (puppeteer-core, WebDriver BiDi)."""

    engine = "firefox"

    def __init__(self, prefs: dict[str, Any] | None = None) -> None:
        self._process = subprocess.Popen(
            ["node", str(HERE / "firefox_bridge.mjs"), json.dumps(prefs or {})],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE)
        self._answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._next = 0
        try:
            self.version = str(self._call("launch", LAUNCH_TIMEOUT_S, viewport={
                "width": WINDOW[0], "height": WINDOW[1]}))
        except Exception:
            self._process.kill()
            raise

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._answers.put(line)
        self._answers.put("")

    def _call(self, op: str, timeout_s: float = CALL_TIMEOUT_S, **fields: Any) -> Any:
        self._next += 1
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps({"id": self._next, "op": op, **fields}) + "\n")
        self._process.stdin.flush()
        try:
            line = self._answers.get(timeout=timeout_s)
        except queue.Empty:
            self._process.kill()
            raise EngineError(f"firefox: {op} took over {timeout_s} s") from None
        if not line:
            raise EngineError(f"firefox: the bridge ended during {op}")
        answer = json.loads(line)
        if "error" in answer:
            raise EngineError(f"firefox: {op} failed: {answer['error']}")
        return answer["ok"]

    def open(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self, tab: str | None = None) -> None:
        self._call("reload", second=in_second_tab(tab))

    def open_tab(self, url: str) -> None:
        self._call("openTab", url=url, label=f"{SECOND_TAB}: ")

    def close_tab(self) -> None:
        self._call("closeTab")

    def front(self, tab: str | None = None) -> None:
        self._call("front", second=in_second_tab(tab))

    def evaluate(self, source: str, arg: Any = None, frame: str | None = None) -> Any:
        second = frame == SECOND_TAB
        return self._call("evaluate", source=source, arg=arg,
                          frame=None if second else frame, second=second)

    def errors(self) -> list[str]:
        return list(self._call("errors"))

    def close(self) -> None:
        if self._process.poll() is None:
            with contextlib.suppress(EngineError):
                self._call("close", 30)
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
