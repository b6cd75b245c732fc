"""WebKitGTK for the cross-engine tests: MiniBrowser driven by Selenium through
``WebKitWebDriver`` on a private Xvfb display (MiniBrowser has no headless mode), behind
the driver-neutral :class:`~engines.browsers.EnginePage` (its own module: the driver's
processes, windows and frames are most of the cross-engine code)."""

from __future__ import annotations

import contextlib
import os
import queue
import socket
import subprocess
import threading
import time
from typing import Any

from engines.browsers import (
    CALL_TIMEOUT_S,
    COLLECT_JS,
    LAUNCH_TIMEOUT_S,
    MINIBROWSER,
    SECOND_TAB,
    WEBKIT_DRIVER,
    WINDOW,
    EngineError,
    in_second_tab,
)


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
        in_second_tab(tab)
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
        in_second_tab(tab)
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
