"""The page's main thread as a player feels it (issue 44): the longest task while the game
starts, and how long an input takes to be drawn.

    python benchmarks/bench_main_thread.py [--runs 2] [--decisions 20] [--slowdowns 1 4]
                                           [--method os|cdp] [--calculator]

Headless Chromium, a fresh profile per run, the site served locally (``common.served``).
A CPU slowdown reaches the page's workers too (``--method os``, the default: the renderer
paused and resumed by the operating system, ``benchmarks/throttle.py``, which says why CDP
cannot), or only the page's main thread (``cdp``: ``Emulation.setCPUThrottlingRate``).
A fixed loop timed on the main thread and in a worker shows the slowdown each got. At
each slowdown, each run cold-starts ``index.html?seats=human,easy&seed=...&pace=0`` with
a ``longtask`` observer in place before any script, reads the longest task until
``data-ready``, then makes ``--decisions`` decisions as a player does, by clicks (a card
of the hand first where a build needs one); with ``--calculator`` it cold-starts
``embed.html?view=calculator`` instead (its Python in a worker) and each decision adds a
coin. Each click is one input: ``assets/input.js`` marks it and ``assets/painter.js``
measures from that mark to the written message that draws it
(``rome:input-to-paint``), so the latency runs from the event to the container written,
not only to the message posted. Prints the longest start-up task and the p50 / p98 of
those latencies per slowdown. Targets once the UI runs in a worker: a longest task of
200 ms at 1x and 800 ms at 4x, p98 100 ms at 1x and 200 ms at 4x.
"""

from __future__ import annotations

import argparse
import time

from common import launch_chromium, served
from playwright.sync_api import Page, sync_playwright
from throttle import RendererThrottle, calibration

from research.stats import percentile

OBSERVE = """
window.romeLongTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.romeLongTasks.push(e.duration);
}).observe({type: "longtask", buffered: true});
"""
WAITING = "document.getElementById('table')?.dataset.waiting"
PREFERRED = ("build ", "take ", "place ", "draft ", "keep ", "produce", "end")
"""The decisions a player makes most, in the order the benchmark prefers them (cities
grow, so later renders draw more)."""


def decide(page: Page) -> int:
    """One decision of the human, by clicks; the number of clicks it took."""
    texts: list[str] = page.evaluate(
        "[...document.querySelectorAll('[data-action]:not([disabled])')]"
        ".filter(e => e.getClientRects().length).map(e => e.dataset.action)")
    if not texts:  # a build: its card of the hand first, then its place
        page.locator("[data-select]:not([disabled])").first.click()
        page.wait_for_function("document.querySelector('[data-action]:not([disabled])')")
        return 1 + decide(page)
    pick = next((t for p in PREFERRED for t in texts if t.startswith(p)), texts[0])
    moves = page.locator("#table").get_attribute("data-moves")
    page.locator(f'[data-action="{pick}"]').first.click()
    page.wait_for_function(f"document.getElementById('table').dataset.moves !== '{moves}'")
    return 1


def run(browser: object, base: str, slowdown: float, method: str, seed: int, decisions: int,
        calculator: bool) -> tuple[float, float, list[float], tuple[float, float | None]]:
    """One cold start and ``decisions`` decisions: the longest start-up task (ms), the
    time to ready (s), each input's time to its drawing (ms) and the fixed loop's time on
    the main thread and in a worker (ms)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})  # type: ignore[attr-defined]
    page = context.new_page()
    page.add_init_script(OBSERVE)
    if method == "cdp":
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    throttle = RendererThrottle(slowdown if method == "os" else 1)
    try:
        return (*_played(page, base, seed, decisions, calculator), calibration(page))
    finally:
        throttle.close()
        context.close()


def _played(page: Page, base: str, seed: int, decisions: int, calculator: bool
            ) -> tuple[float, float, list[float]]:
    started = time.perf_counter()
    page.goto(f"{base}embed.html?view=calculator" if calculator
              else f"{base}index.html?seats=human,easy&seed={seed}&pace=0")
    page.wait_for_function("document.documentElement.dataset.ready === 'true'",
                           timeout=300_000)
    ready = time.perf_counter() - started
    longest = max(page.evaluate("window.romeLongTasks"), default=0.0)
    made = 0
    while calculator and made < decisions:  # one more coin each
        page.locator('[data-do="coins+"]').click()
        made += 1
        page.wait_for_function(f"document.querySelector('[data-input=\"coins\"]').value"
                               f" === '{made}'")
    while not calculator and made < decisions:
        page.wait_for_function(f"['human', 'over'].includes({WAITING})", timeout=120_000)
        if page.evaluate(WAITING) == "over":
            break
        decide(page)
        made += 1
    latencies = page.evaluate(
        "performance.getEntriesByName('rome:input-to-paint').map(e => e.duration)")
    return longest, ready, latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--slowdowns", type=float, nargs="+", default=[1.0, 4.0])
    parser.add_argument("--method", choices=("os", "cdp"), default="os")
    parser.add_argument("--calculator", action="store_true",
                        help="start embed.html's calculator instead; its inputs add coins")
    args = parser.parse_args()
    print(f"slowdown by {args.method}")
    print("| CPU slowdown | runs | longest start-up task | ready after | inputs "
          "| input to drawn, p50 | p98 | fixed loop, main thread / worker |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    with served("site") as base, sync_playwright() as p:
        browser = launch_chromium(p)
        for slowdown in args.slowdowns:
            longest, ready, latencies, loops = [], [], [], []
            for i in range(args.runs):
                task, boot, times, loop = run(browser, base, slowdown, args.method, 11 + i,
                                              args.decisions, args.calculator)
                longest.append(task)
                ready.append(boot)
                latencies += times
                loops.append(f"{loop[0]:.0f} / {'–' if loop[1] is None else f'{loop[1]:.0f}'}")
            print(f"| {slowdown:g}x | {args.runs} | {min(longest):.0f}–{max(longest):.0f} ms "
                  f"| {min(ready):.1f}–{max(ready):.1f} s | {len(latencies)} "
                  f"| {percentile(latencies, 0.5):.0f} ms | {percentile(latencies, 0.98):.0f} ms "
                  f"| {', '.join(loops)} ms |")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
