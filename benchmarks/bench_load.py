"""Load benchmark: game page boot vs a bare ``loadPyodide()`` from the same files.

Why: the page's cost over Pyodide itself (PyScript, config, app zip, worker start,
engine set-up) should stay small; the target is game page <= 1.3x bare boot.
Each sample uses a fresh browser context (cold cache), and the time is taken in the
page, from navigation start (``performance.now()`` origin) to ``data-ready``.
Run with ``make bench-load``; not part of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from scripts.serve import start_server  # noqa: E402
from scripts.vendor import build_app_zip  # noqa: E402

PAGES = {"game page": "index.html", "bare Pyodide": "benchmarks/bare_pyodide.html"}
SETTLED_JS = "document.documentElement.dataset.ready || document.documentElement.dataset.error"


def measure(browser: Browser, url: str) -> float:
    """Seconds from navigation start to ``data-ready`` in a fresh context."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(SETTLED_JS, timeout=120_000)
        error = page.evaluate("document.documentElement.dataset.error")
        if error:
            raise RuntimeError(f"{url} failed to start: {error}")
        return float(page.evaluate("document.documentElement.dataset.readyMs")) / 1000
    finally:
        context.close()


def main() -> None:
    """Interleave the two pages ``--runs`` times each and print medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    build_app_zip(ROOT)
    server = start_server(ROOT)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    samples: dict[str, list[float]] = {name: [] for name in PAGES}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        for _ in range(args.runs):
            for name, path in PAGES.items():  # interleaved: machine noise hits both
                samples[name].append(measure(browser, base + path))
        browser.close()
    server.shutdown()
    medians = {name: statistics.median(values) for name, values in samples.items()}
    for name, values in samples.items():
        runs = ", ".join(f"{v:.2f}" for v in values)
        print(f"{name:>13}: median {medians[name]:.2f} s  (runs: {runs})")
    ratio = medians["game page"] / medians["bare Pyodide"]
    verdict = "OK" if ratio <= 1.3 else "OVER TARGET"
    print(f"        ratio: {ratio:.2f}x bare boot (target <= 1.30x) {verdict}")


if __name__ == "__main__":
    main()
