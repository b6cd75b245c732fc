"""Where the start-up time goes, on a first visit and on a reload in the same profile.

    python benchmarks/bench_boot_phases.py [--runs 3]     # needs dist/ (make dist)

Why: ``bench_load.py`` gives the total (navigation to ``data-ready``); to know what a
warm visit could save, each phase is timed. The UI's Python runs in a worker
(``assets/ui-runner.mjs``), so the phases are what the page is told: PyScript's
``py:progress`` stages (relayed by the interpreter module), the interpreter module's own
``performance`` marks (``pyodide-lockless.mjs``: its start, and whether it restored a
memory snapshot or booted and took one) and the self-check's (``ui/selfcheck.py``,
between the marks ``rome:self-check`` and ``rome:self-checked``), both made again on
the page with their own times, the runner's steps (``romeUi.steps``: the worker asked
for, its Python run, each first message of a kind) and ``ready``; and, from a trace of
the renderer (whose threads include the worker's), whether V8 took the wasm module's
compiled code from its code cache (trace event ``v8.wasm.compileConsume``).
Prints, per kind of visit, the median milliseconds from navigation start at which each
stage was reached.
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
from typing import Any

from bench_load import DIST, ready_seconds
from common import launch_chromium
from playwright.sync_api import sync_playwright

RECORD_JS = """
window.__phases = [];
addEventListener("py:progress", ({ detail }) => {
  window.__phases.push([String(detail), performance.now()]);
});
"""
"""Installed before any page script: PyScript's stages, timed from navigation start."""
COLLECT_JS = """() => {
  const phases = window.__phases.map(([name, at]) => [name, Math.round(at)]);
  for (const mark of performance.getEntriesByType("mark")) {
    phases.push([mark.name, Math.round(mark.startTime)]);
  }
  for (const [at, step] of globalThis.romeUi?.steps ?? []) phases.push([step, at]);
  phases.sort((a, b) => a[1] - b[1]);
  const [check, checked] = ["rome:self-check", "rome:self-checked"]
    .map((name) => performance.getEntriesByName(name)[0]?.startTime);
  return { phases, self_check_ms: checked - check };
}"""
SETTLE_MS = 3000
"""After the offline cache is complete (and the snapshot written), before a reload."""
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.wasm"]
WASM_EVENTS = ("v8.wasm.streamFromResponseCallback", "v8.wasm.compileConsume",
               "v8.wasm.moduleCacheHit", "v8.wasm.cachedModule")
"""Trace events of the main wasm module: streamed from a Response, and its compiled code
taken from V8's code cache (``compileConsume``) rather than compiled again."""


def wasm_events(trace: bytes) -> dict[str, int]:
    """How many of the code-cache events of interest the trace holds, by name."""
    counts: dict[str, int] = {}
    for event in json.loads(trace)["traceEvents"]:
        if event.get("name") in WASM_EVENTS:
            counts[event["name"]] = counts.get(event["name"], 0) + 1
    return counts


def one_visit(page: Any, browser: Any, go: Any) -> dict[str, Any]:
    """Run ``go()`` (a navigation) under a trace; the phases, wasm facts and total."""
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    go()
    total = ready_seconds(page)
    trace = browser.stop_tracing()
    found = page.evaluate(COLLECT_JS)
    found["phases"].append(["ready", round(total * 1000)])
    return {"total": round(total * 1000), "events": wasm_events(trace), **found}


def run(runs: int, reloads: int) -> None:
    """``runs`` times: a fresh profile's first visit (which takes the snapshot) and
    ``reloads`` reloads (which restore it)."""
    from scripts.serve import start_server

    server = start_server(DIST)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    visits: dict[str, list[dict[str, Any]]] = {"cold": []} | {
        f"warm{n}": [] for n in range(1, reloads + 1)}
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for _ in range(runs):
                context = browser.new_context()
                context.add_init_script(RECORD_JS)
                page = context.new_page()
                go = functools.partial(page.goto, base + "index.html")
                visits["cold"].append(one_visit(page, browser, go))
                page.wait_for_function("document.documentElement.dataset.offlineReady",
                                       timeout=180_000)
                page.wait_for_timeout(SETTLE_MS)
                for n in range(1, reloads + 1):
                    visits[f"warm{n}"].append(one_visit(page, browser, page.reload))
                    page.wait_for_timeout(SETTLE_MS)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    for kind, samples in visits.items():
        print(f"\n{kind}: total {statistics.median(s['total'] for s in samples):.0f} ms "
              f"(each: {[s['total'] for s in samples]})")
        print(f"  wasm trace events: {[s['events'] for s in samples]}")
        checks = sorted(s["self_check_ms"] for s in samples)
        print(f"  the self-check (ui/selfcheck.py): median {statistics.median(checks):.1f} ms "
              f"(each: {[round(ms, 1) for ms in checks]})")
        stages: dict[str, list[int]] = {}
        for sample in samples:
            for name, at in sample["phases"]:
                stages.setdefault(name, []).append(at)
        for name, times in sorted(stages.items(), key=lambda item: statistics.median(item[1])):
            print(f"  {statistics.median(times):6.0f} ms  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh profiles (default 3)")
    parser.add_argument("--reloads", type=int, default=2, help="reloads each (default 2)")
    args = parser.parse_args()
    run(args.runs, args.reloads)


if __name__ == "__main__":
    main()
