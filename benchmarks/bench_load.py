"""Start-up of the game as a player gets it, and of pages on the vendored Pyodide.

    python benchmarks/bench_load.py [--runs 3]            # dist/, served compressed
    python benchmarks/bench_load.py --wheel [--runs 7]    # app zip vs the rome wheel

Default (``make bench-load``, which builds ``dist/`` first): ``dist/`` served as a good
static host serves it (``scripts/serve.py``: pre-compressed copies, validators), each
first visit in a fresh browser context, and prints in one run:

* bytes on the wire of a first visit to ``index.html`` (counted at the server, until the
  offline cache is complete): target <= 7 MB;
* time to interactive (navigation start to ``data-ready``), cold and warm (a reload in the
  same profile): target warm <= 0.35x cold;
* the ratio of cold to a bare ``loadPyodide()`` from the same files (the floor);
* navigation to the first computer move (an ``easy``, ``normal`` or ``hard`` seat moving
  first): target within 1.25x the time to interactive.

Not part of the test suite.

``--wheel``: where the code comes from, the app zip (``[files]``) or the wheel
(``packages``).  The game's page loads ``rome`` and ``ui`` from ``assets/vendor/app.zip``;
rules sites install the ``rome`` wheel through micropip.  Three pages, each importing
``rome`` and ``ui.render.svg_cards``: ``zip`` (today's game: one zip of both), ``wheel`` (the
rome wheel via micropip, ``ui`` from a zip of its own) and, for rules sites,
``wheel-only`` (the wheel, no ``ui``).

Either way the pages alternate (machine noise hits all alike), each load in a fresh
context (cold cache), timed in the page from navigation start (``performance.now()``
origin) to its ``data-ready-ms``; printed are the medians and the ratios.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from common import ROOT, launch_chromium, served
from playwright.sync_api import sync_playwright

SETTLED_JS = "document.documentElement.dataset.ready || document.documentElement.dataset.error"
DIST = ROOT / "dist"
BARE = "benchmarks/bare_pyodide.html"
FIRST_MOVE_PAGES = {level: f"index.html?seats={level},human&seed=3&pace=0"
                    for level in ("easy", "normal", "hard")}
"""Seed 3 gives seat 0, the computer, the first turn. Easy's and normal's first moves are
played on the page while the worker boots; hard's wait for the worker."""
FIRST_MOVE_JS = ("Number(document.getElementById('table')?.dataset.moves) > 0 "
                 "&& performance.now()")
SETTLE_MS = 2000

WHEEL_BODY = """<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="module" src="./assets/vendor/pyscript/core.js"></script></head><body>
<script type="py" config='{config}'>
import rome
from pyscript import document, window
assert rome.legal_actions(rome.new_game(2, seed=1))
IMPORT_UI
document.documentElement.dataset.readyMs = str(round(window.performance.now()))
</script></body></html>"""
WHEEL_CONFIGS = {
    "zip": '{"interpreter": "./assets/vendor/pyodide/pyodide.mjs", '
           '"files": {"./assets/vendor/app.zip": "./*"}}',
    "wheel": '{"interpreter": "./assets/vendor/pyodide/pyodide.mjs", '
             '"packages": ["./wheels/WHEEL"], "files": {"./ui.zip": "./*"}}',
    "wheel-only": '{"interpreter": "./assets/vendor/pyodide/pyodide.mjs", '
                  '"packages": ["./wheels/WHEEL"]}',
}


def load_seconds(browser: Any, url: str, settled: str = SETTLED_JS) -> float:
    """Seconds from navigation start to the page's ``data-ready-ms``, in a fresh context."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(settled, timeout=180_000)
        error = page.evaluate("document.documentElement.dataset.error")
        if error:
            raise RuntimeError(f"{url} failed to start: {error}")
        return float(page.evaluate("document.documentElement.dataset.readyMs")) / 1000
    finally:
        context.close()


def alternate(root: Path, pages: dict[str, str], runs: int, settled: str = SETTLED_JS
              ) -> dict[str, list[float]]:
    """Each page of ``pages`` (name: path under ``root``) loaded ``runs`` times, in turn."""
    samples: dict[str, list[float]] = {name: [] for name in pages}
    with served(root=root) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for _ in range(runs):
            for name, path in pages.items():
                samples[name].append(load_seconds(browser, base + path, settled))
        browser.close()
    return samples


def ready_seconds(page: Any) -> float:
    """Seconds from this navigation's start to ``data-ready`` (an error stops the run)."""
    page.wait_for_function(SETTLED_JS, timeout=180_000)
    error = page.evaluate("document.documentElement.dataset.error")
    if error:
        raise RuntimeError(f"{page.url} failed to start: {error}")
    return float(page.evaluate("document.documentElement.dataset.readyMs")) / 1000


def visit(browser: Any, server: Any, base: str) -> dict[str, float]:
    """One first visit and one reload of ``index.html`` in a fresh profile, a bare Pyodide
    boot, and a game whose computer moves first, each in a fresh profile."""
    out: dict[str, float] = {}
    context = browser.new_context()
    page = context.new_page()
    server.requests.clear()
    page.goto(base + "index.html")
    out["cold"] = ready_seconds(page)
    page.wait_for_function("document.documentElement.dataset.offlineReady === 'true'",
                           timeout=180_000)
    page.wait_for_timeout(SETTLE_MS)
    out["bytes"] = sum(size for _path, _status, size in server.requests)
    out["requests"] = len(server.requests)
    page.reload()
    out["warm"] = ready_seconds(page)
    context.close()
    out["bare"] = load_seconds(browser, base + BARE)
    for level, path in FIRST_MOVE_PAGES.items():
        context = browser.new_context()
        page = context.new_page()
        page.goto(base + path)
        out[f"{level} ready"] = ready_seconds(page)
        out[f"{level} move"] = float(page.wait_for_function(
            FIRST_MOVE_JS, timeout=180_000, polling=20).json_value()) / 1000
        context.close()
    return out


def dist_as_served(runs: int) -> None:
    """The measures of the module docstring, medians over ``runs`` alternating visits."""
    from scripts.serve import start_server

    if not (DIST / "index.html").exists() or not list(DIST.rglob("*.gz")):
        raise SystemExit("dist/ is missing or uncompressed: run `make dist` first")
    bare = DIST / BARE
    bare.parent.mkdir(exist_ok=True)
    bare.write_text((ROOT / BARE).read_text())
    server = start_server(DIST)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    samples: list[dict[str, float]] = []
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for _ in range(runs):
                samples.append(visit(browser, server, base))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(bare.parent)
    med = {key: statistics.median(s[key] for s in samples) for key in samples[0]}

    def ratio(top: str, bottom: str) -> float:
        """The median of each run's ratio: a run's two loads share that moment's load."""
        return statistics.median(s[top] / s[bottom] for s in samples)

    print(f"dist/ served compressed, {runs} runs (medians; every run: {samples})")
    print(f"first visit on the wire: {med['bytes'] / 1e6:.2f} MB in {med['requests']:.0f} "
          f"requests (target <= 7 MB)")
    print(f"time to interactive: cold {med['cold']:.2f} s, warm {med['warm']:.2f} s "
          f"({ratio('warm', 'cold'):.2f}x cold; target <= 0.35x)")
    print(f"bare loadPyodide(): {med['bare']:.2f} s; "
          f"cold game page {ratio('cold', 'bare'):.2f}x")
    for level in FIRST_MOVE_PAGES:
        ready, move = med[f"{level} ready"], med[f"{level} move"]
        print(f"first computer move ({level}): {move:.2f} s after navigation, "
              f"{ratio(f'{level} move', f'{level} ready'):.2f}x that page's {ready:.2f} s "
              "to interactive (target <= 1.25x)")


def zip_against_wheel(runs: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="rome-bench-"))
    from scripts.rules_wheel import build_wheel

    wheel = build_wheel(folder / "wheels")
    (folder / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    pages = {name: f"{name}.html" for name in WHEEL_CONFIGS}
    for name, config in WHEEL_CONFIGS.items():
        body = WHEEL_BODY.replace("IMPORT_UI", "" if name == "wheel-only" else
                                  "import ui.render.svg_cards")
        (folder / pages[name]).write_text(
            body.replace("{config}", config.replace("WHEEL", wheel.name)))
    from scripts.vendor import build_app_zip

    app_zip = build_app_zip(ROOT)
    with zipfile.ZipFile(app_zip) as src, \
            zipfile.ZipFile(folder / "ui.zip", "w", zipfile.ZIP_DEFLATED) as ui_zip:
        for item in src.infolist():
            if item.filename.startswith("ui/"):
                ui_zip.writestr(item, src.read(item))
    samples = alternate(folder, pages, runs, settled="document.documentElement.dataset.readyMs")
    times = {name: [round(s * 1000) for s in values] for name, values in samples.items()}
    zip_ms = statistics.median(times["zip"])
    sizes = {"app.zip": app_zip.stat().st_size, wheel.name: wheel.stat().st_size}
    print(f"runs: {runs} each, alternating; sizes: {sizes}")
    for name in WHEEL_CONFIGS:
        median = statistics.median(times[name])
        print(f"{name:>10}: median {median:.0f} ms ({median / zip_ms:.2f}x zip)  {times[name]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", action="store_true",
                        help="compare the app zip with the rome wheel (rules sites)")
    parser.add_argument("--runs", type=int, default=None,
                        help="visits (default 3, with --wheel 7)")
    args = parser.parse_args()
    if args.wheel:
        zip_against_wheel(args.runs or 7)
    else:
        dist_as_served(args.runs or 3)


if __name__ == "__main__":
    main()
