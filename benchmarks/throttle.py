"""A CPU slowdown that reaches the page's workers too: Chromium's renderers paused and
resumed by the operating system.

Why not CDP alone: ``Emulation.setCPUThrottlingRate`` slows only a page's main thread;
asked of a worker's target, Chromium 156 refuses it ("Operation is only supported for
pages, not workers"), so a UI in a worker (issue 44) would run at full speed under it and
look better than it is on a slow phone. Here every renderer process this benchmark
started (Chromium runs a page and its dedicated workers in the page's renderer) runs
``1/rate`` of each 20 ms period and is stopped (``SIGSTOP``) for the rest. That also slows
the renderer's IO and compositor threads, which CDP's does not: compare figures taken the
same way only. :func:`calibration` measures the slowdown each thread really got.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

PERIOD_S = 0.02
CALIBRATE = """async () => {
  const loop = "const t = performance.now(); let x = 0;"
    + " for (let i = 0; i < 1e8; i++) x += i % 7; postMessage(performance.now() - t);";
  const t = performance.now(); let x = 0;
  for (let i = 0; i < 1e8; i++) x += i % 7;
  const page = performance.now() - t;
  const worker = await new Promise((resolve) => {
    const w = new Worker(URL.createObjectURL(new Blob([loop], {type: "text/javascript"})));
    w.onmessage = (e) => { resolve(e.data); w.terminate(); };
    w.onerror = () => resolve(null);
  });
  return [page, worker];
}"""
"""A fixed loop timed on the page's main thread and in a worker of its own (ms)."""


class RendererThrottle:
    """Slows Chromium's renderer processes started by this process ``rate`` times until
    :meth:`close` (``rate`` 1: does nothing)."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self._done = threading.Event()
        self._pids: list[int] = []
        self._thread = threading.Thread(target=self._loop, daemon=True)
        if rate > 1:
            self._thread.start()

    def _loop(self) -> None:
        run, stop = PERIOD_S / self.rate, PERIOD_S * (1 - 1 / self.rate)
        periods = 0
        try:
            while not self._done.is_set():
                if periods % 5 == 0:  # new renderers (a new context) join within 0.1 s
                    self._pids = renderers()
                periods += 1
                self._signal(signal.SIGCONT)
                time.sleep(run)
                self._signal(signal.SIGSTOP)
                time.sleep(stop)
        finally:
            self._signal(signal.SIGCONT)

    def _signal(self, sig: signal.Signals) -> None:
        for pid in self._pids:
            with contextlib.suppress(ProcessLookupError):  # a renderer that ended
                os.kill(pid, sig)

    def close(self) -> None:
        """Stop slowing them (every renderer is left running)."""
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()


def renderers() -> list[int]:
    """The Chromium renderer processes descended from this one (through /proc)."""
    parent: dict[int, int] = {}
    renderer: set[int] = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        parent[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
        if b"--type=renderer" in command:
            renderer.add(int(entry))
    me, found = os.getpid(), []
    for pid in renderer:
        up, steps = pid, 0
        while up in parent and up != me and steps < 20:
            up, steps = parent[up], steps + 1
        if up == me:
            found.append(pid)
    return found


def calibration(page: Any) -> tuple[float, float | None]:
    """The fixed loop's time on ``page``'s main thread and in a worker (ms)."""
    page_ms, worker_ms = page.evaluate(CALIBRATE)
    return float(page_ms), None if worker_ms is None else float(worker_ms)
