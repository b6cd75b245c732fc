"""Start-up time of pages on the vendored Pyodide, each load in a fresh browser context.

    python benchmarks/bench_load.py [--runs 5]            # game page vs bare Pyodide
    python benchmarks/bench_load.py --wheel [--runs 7]    # app zip vs the rome wheel

Default: the game page's boot against a bare ``loadPyodide()`` from the same files.  Why:
the page's cost over Pyodide itself (PyScript, config, app zip, worker start, engine set-up)
should stay small; the target is game page <= 1.3x bare boot.  Run with ``make
bench-load``; not part of the test suite.

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
import statistics
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from common import ROOT, launch_chromium, served
from playwright.sync_api import sync_playwright

PAGES = {"game page": "index.html", "bare Pyodide": "benchmarks/bare_pyodide.html"}
SETTLED_JS = "document.documentElement.dataset.ready || document.documentElement.dataset.error"

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


def game_against_bare(runs: int) -> None:
    samples = alternate(ROOT, PAGES, runs)
    medians = {name: statistics.median(values) for name, values in samples.items()}
    for name, values in samples.items():
        times = ", ".join(f"{v:.2f}" for v in values)
        print(f"{name:>13}: median {medians[name]:.2f} s  (runs: {times})")
    ratio = medians["game page"] / medians["bare Pyodide"]
    verdict = "OK" if ratio <= 1.3 else "OVER TARGET"
    print(f"        ratio: {ratio:.2f}x bare boot (target <= 1.30x) {verdict}")


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
                        help="loads of each page (default 5, with --wheel 7)")
    args = parser.parse_args()
    if args.wheel:
        zip_against_wheel(args.runs or 7)
    else:
        game_against_bare(args.runs or 5)


if __name__ == "__main__":
    main()
