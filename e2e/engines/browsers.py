"""One small driver-neutral page for the cross-engine tests: Firefox and WebKit.

Why not Playwright, as for Chromium: the registries hold no Playwright build of Firefox
or WebKit, and Playwright drives only its own builds. So Debian's browsers are driven by
the maintained driver each one accepts: Firefox ESR by puppeteer-core over WebDriver BiDi
(``firefox_bridge.mjs``, a Node process this module talks to in JSON lines), WebKitGTK by
Selenium through ``WebKitWebDriver``, which starts ``MiniBrowser --automation`` on a
private Xvfb display (MiniBrowser has no headless mode). Tests see only
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
import os
import queue
import shutil
import socket
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


def _in_second_tab(tab: str | None) -> bool:
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
        self._call("reload", second=_in_second_tab(tab))

    def open_tab(self, url: str) -> None:
        self._call("openTab", url=url, label=f"{SECOND_TAB}: ")

    def close_tab(self) -> None:
        self._call("closeTab")

    def front(self, tab: str | None = None) -> None:
        self._call("front", second=_in_second_tab(tab))

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


def _die_with_parent() -> None:
    """Linux: end this child when the test process dies without closing it (a killed run
    once left a MiniBrowser spinning on a page for half an hour)."""
    import ctypes
    import signal

    ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


FRAME_RETRIES = 5
"""Tries at entering a frame whose document is being replaced (``WebKitPage.evaluate``)."""


class WebKitPage:
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, on its own Xvfb."""

    engine = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options

        self._xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            preexec_fn=_die_with_parent)
        self._driver_process: subprocess.Popen[bytes] | None = None
        try:
            assert self._xvfb.stdout is not None
            display = _readline(self._xvfb.stdout, 20)
            port = _free_port()
            self._driver_process = subprocess.Popen(
                [WEBKIT_DRIVER, f"--port={port}"], env={**os.environ, "DISPLAY": f":{display}"},
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_die_with_parent)
            _wait_port(port, 20)
            options = Options()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")
            # Its "eager" load waits for framed pages too (the embeds' host page timed out):
            # each navigation here waits for its own document instead (``_arrived``).
            options.page_load_strategy = "none"
            options.timeouts = {"script": CALL_TIMEOUT_S * 1000, "pageLoad": 120_000}
            from selenium.webdriver.remote.client_config import ClientConfig
            config = ClientConfig(remote_server_addr=f"http://127.0.0.1:{port}",
                                  timeout=LAUNCH_TIMEOUT_S)
            self._driver = webdriver.Remote(command_executor=f"http://127.0.0.1:{port}",
                                            options=options, client_config=config)
            self._driver.command_executor.client_config.timeout = CALL_TIMEOUT_S + 30
            self._driver.set_window_size(*WINDOW)
            self.version = str(self._driver.capabilities.get("browserVersion", "?"))
            self._windows: dict[str | None, str] = {None: self._driver.current_window_handle}
        except Exception:
            self._stop_processes()
            raise
        self._tab: str | None = None
        self._frame: str | None = None
        self._said: list[str] = []  # errors gathered from tabs, not yet asked for

    def _stop_processes(self) -> None:
        for process in (self._driver_process, self._xvfb):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()

    def open(self, url: str) -> None:
        self._navigate(lambda: self._driver.get(url))

    def reload(self, tab: str | None = None) -> None:
        _in_second_tab(tab)
        self._navigate(self._driver.refresh, tab)

    def open_tab(self, url: str) -> None:
        """A second window of the same MiniBrowser (a top-level browsing context: the same
        origin's locks, channel and storage), opened at ``url``."""
        if SECOND_TAB in self._windows:
            raise EngineError("webkit: a second tab is open already")
        self._driver.switch_to.new_window("window")
        self._windows[SECOND_TAB] = self._driver.current_window_handle
        self._tab, self._frame = SECOND_TAB, None
        self._driver.set_window_size(*WINDOW)
        self._navigate(lambda: self._driver.get(url), SECOND_TAB)

    def close_tab(self) -> None:
        self._gather(SECOND_TAB)  # what it said goes with its window otherwise
        self._driver.close()
        del self._windows[SECOND_TAB]
        self._enter(None)

    def front(self, tab: str | None = None) -> None:
        """Switch the driver to ``tab``'s window; MiniBrowser's windows on Xvfb all stay
        visible, their timers unthrottled, whichever is in front."""
        _in_second_tab(tab)
        self._enter(tab)

    def _navigate(self, go: Any, tab: str | None = None) -> None:
        """Navigate ``tab`` (the first: ``None``), wait until the new document is parsed,
        then install the collector."""
        self._enter(tab)
        self._driver.execute_script("window.__engineLeft = true")
        go()
        self._frame = None
        start = time.monotonic()
        while time.monotonic() - start < LAUNCH_TIMEOUT_S:
            try:
                if self._driver.execute_script(
                        "return !window.__engineLeft && document.readyState !== 'loading'"):
                    self._driver.execute_script(f"({COLLECT_JS})()")
                    return
            except Exception:  # between two documents
                pass
            time.sleep(0.05)
        raise EngineError(f"webkit: no new document within {LAUNCH_TIMEOUT_S} s")

    def _enter(self, frame: str | None, again: bool = False) -> None:
        """Point the driver at ``frame``: a frame of the first tab, its top document
        (``None``) or the second tab's (``SECOND_TAB``)."""
        from selenium.webdriver.common.by import By

        tab, inner = (SECOND_TAB, None) if frame == SECOND_TAB else (None, frame)
        if (tab, inner) == (self._tab, self._frame) and not again:
            return
        if tab not in self._windows:
            raise EngineError("webkit: no second tab is open")
        if tab != self._tab or again:
            self._driver.switch_to.window(self._windows[tab])  # at the window's top document
            self._tab = tab
        else:
            self._driver.switch_to.default_content()
        if inner is not None:
            self._driver.switch_to.frame(self._driver.find_element(By.CSS_SELECTOR,
                                                                   f"iframe#{inner}"))
        self._frame = inner

    def evaluate(self, source: str, arg: Any = None, frame: str | None = None) -> Any:
        """Run ``source`` in the page or in its frame ``frame``.

        A frame entered while it still held its first ``about:blank``, or whose document a
        navigation replaced, answers "no such window" (seen in CI, never on an idle
        machine): the frame is then entered afresh, for up to ``FRAME_RETRIES`` tries."""
        from selenium.common.exceptions import (
            NoSuchFrameException,
            NoSuchWindowException,
            StaleElementReferenceException,
        )

        for attempt in range(FRAME_RETRIES):
            try:
                self._enter(frame, again=attempt > 0)
                answer = self._driver.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    f"Promise.resolve().then(() => ({source})(arguments[0]))"
                    ".then((v) => done({ok: v === undefined ? null : v}),"
                    " (e) => done({error: String(e && e.stack || e)}));", arg)
                break
            except (NoSuchFrameException, NoSuchWindowException,
                    StaleElementReferenceException):
                if frame is None or attempt == FRAME_RETRIES - 1:
                    raise
                time.sleep(0.5)
        if "error" in answer:
            raise EngineError(f"webkit: evaluate failed: {answer['error']}")
        return answer["ok"]

    def _gather(self, tab: str | None) -> None:
        """Move what ``tab`` said to ``_said`` (the second tab's lines named by it)."""
        self._enter(tab)
        self._said += [f"{tab}: {line}" if tab else line for line in self._driver.execute_script(
            "return (window.__engineErrors || []).splice(0)")]

    def errors(self) -> list[str]:
        for tab in list(self._windows):
            self._gather(tab)
        found, self._said = self._said, []
        return found

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._driver.quit()
        self._stop_processes()


def _readline(stream: Any, timeout_s: float) -> str:
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(stream.readline()), daemon=True).start()
    try:
        line = lines.get(timeout=timeout_s).strip()
    except queue.Empty:
        raise EngineError(f"Xvfb gave no display within {timeout_s} s") from None
    if not line:
        raise EngineError("Xvfb did not start")
    return line


def _wait_port(port: int, timeout_s: float) -> None:
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise EngineError(f"WebKitWebDriver did not listen within {timeout_s} s")


def launch(engine: str, prefs: dict[str, Any] | None = None) -> EnginePage:
    """A fresh browser of ``engine`` with one page (``prefs``: Firefox preferences)."""
    if engine == "firefox":
        return FirefoxPage(prefs)
    if prefs:
        raise ValueError("preferences are Firefox's only")
    return WebKitPage()
