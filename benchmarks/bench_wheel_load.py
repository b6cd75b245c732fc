"""Start-up time of the code from the app zip (``[files]``) versus the wheel (``packages``).

Why: the game's page loads ``rome`` and ``ui`` from ``assets/vendor/app.zip``; rules sites
install the ``rome`` wheel through micropip. Three pages on the same vendored Pyodide,
each importing ``rome`` and ``ui.render.svg_cards``: ``zip`` (today's game: one zip of both),
``wheel`` (the rome wheel via micropip, ``ui`` from a zip of its own) and, for rules
sites, ``wheel-only`` (the wheel, no ``ui``). Alternating, each load in a fresh browser
context (cold cache); prints the medians and the ratio to ``zip``.

    .venv/bin/python benchmarks/bench_wheel_load.py --runs 7
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from scripts.serve import start_server  # noqa: E402
from scripts.vendor import build_app_zip  # noqa: E402
from scripts.wheel import build_wheel  # noqa: E402

BODY = """<!doctype html><html><head><meta charset="utf-8">
<link rel="icon" href="data:,">
<script type="module" src="./assets/vendor/pyscript/core.js"></script></head><body>
<script type="py" config='{config}'>
import rome
from pyscript import document, window
assert rome.legal_actions(rome.new_game(2, seed=1))
IMPORT_UI
document.documentElement.dataset.readyMs = str(round(window.performance.now()))
</script></body></html>"""
CONFIGS = {
    "zip": '{"interpreter": "./assets/vendor/pyodide/pyodide.mjs", '
           '"files": {"./assets/vendor/app.zip": "./*"}}',
    "wheel": '{"interpreter": "./assets/vendor/pyodide/pyodide.mjs", '
             '"packages": ["./wheels/WHEEL"], "files": {"./ui.zip": "./*"}}',
    "wheel-only": '{"interpreter": "./assets/vendor/pyodide/pyodide.mjs", '
                  '"packages": ["./wheels/WHEEL"]}',
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    build_app_zip(ROOT)
    folder = Path(tempfile.mkdtemp(prefix="rome-bench-"))
    wheel = build_wheel(folder / "wheels")
    (folder / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    with zipfile.ZipFile(ROOT / "assets/vendor/app.zip") as src, \
            zipfile.ZipFile(folder / "ui.zip", "w", zipfile.ZIP_DEFLATED) as ui_zip:
        for item in src.infolist():
            if item.filename.startswith("ui/"):
                ui_zip.writestr(item, src.read(item))
    for name, config in CONFIGS.items():
        ui_import = "" if name == "wheel-only" else "import ui.render.svg_cards"
        body = BODY.replace("IMPORT_UI", ui_import)
        (folder / f"{name}.html").write_text(
            body.replace("{config}", config.replace("WHEEL", wheel.name)))
    server = start_server(folder)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    times: dict[str, list[int]] = {name: [] for name in CONFIGS}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            for name in CONFIGS:
                context = browser.new_context()
                page = context.new_page()
                page.goto(base + f"{name}.html")
                page.wait_for_function("document.documentElement.dataset.readyMs",
                                       timeout=180_000)
                times[name].append(int(page.evaluate("document.documentElement.dataset.readyMs")))
                context.close()
        browser.close()
    server.shutdown()
    zip_ms = statistics.median(times["zip"])
    sizes = {"app.zip": (ROOT / "assets/vendor/app.zip").stat().st_size, wheel.name:
             wheel.stat().st_size}
    print(f"runs: {args.runs} each, alternating; sizes: {sizes}")
    for name in CONFIGS:
        median = statistics.median(times[name])
        print(f"{name:>10}: median {median:.0f} ms ({median / zip_ms:.2f}x zip)  {times[name]}")


if __name__ == "__main__":
    main()
