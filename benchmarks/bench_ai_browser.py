# ruff: noqa: E501  (the page and worker sources are inline JavaScript)
"""AI speed in the browser: decision times inside a Web Worker running its own Pyodide.

    python benchmarks/bench_ai_browser.py [--levels easy normal hard] [--per-game 12]
    python benchmarks/bench_ai_browser.py --hint --levels hard   # the table's hint

Headless Chromium loads a small benchmark page from the local static server.  The page
starts a module Web Worker that boots the vendored Pyodide, unpacks ``assets/vendor/app.zip``
(re-packed first, so the working tree's ``rome/ai`` is measured) and imports the real
worker module ``ui/worker/ai_worker.py``.  The page posts each observation (JSON text, from
seeded CPython games: ``common.observations``) with a level and seed; the worker calls
``ui.worker.ai_worker.choose`` and answers the action text with its own timing.

While the worker thinks, a ``PerformanceObserver`` for ``longtask`` on the main thread
records anything that blocks the page for more than 50 ms; the maximum is reported
(target: never > 100 ms).  The same observations are then timed on CPython to give the
Pyodide/CPython ratio, and the worker's answers are checked against CPython's (a level
decides the same everywhere).  Targets (docs/ai.md): p95 at most 0.25 s at normal, 1 s at
hard and 3 s at expert.

``--yardstick e514045:hard`` also times an old commit's level on the same positions, on
CPython (:mod:`research.yardstick`, its 5 s safety net kept as it shipped), for the ratio
of today's level to the old one measured in the same run (issue 13).

``--hint`` times ``ui.worker.ai_worker.analyse`` instead (the table's hint button, issue 13):
the same observations, the best moves with reasons, checked against CPython's first move.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from bench_ai import time_levels
from common import History, launch_chromium, observations, served
from playwright.sync_api import sync_playwright

from research.stats import percentile
from research.yardstick import close_all, external_choose
from rome.ai import analyse, choose_action

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>AI worker benchmark</title></head>
<body><p id="status">starting worker</p>
<script type="module">
const html = document.documentElement;
window.longTasks = [];
window.thinking = false;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.longTasks.push({start: e.startTime, ms: e.duration, thinking: window.thinking});
  }
}).observe({type: "longtask", buffered: true});
const worker = new Worker("./__bench_ai_worker.mjs", {type: "module"});
const pending = new Map();
let nextId = 0;
worker.onmessage = (ev) => {
  const msg = ev.data;
  if (msg.ready) { html.dataset.ready = "true"; document.getElementById("status").textContent = "ready"; return; }
  if (msg.error && msg.id === undefined) { html.dataset.error = msg.error; return; }
  const done = pending.get(msg.id); pending.delete(msg.id); done(msg);
};
window.ask = (obsJson, level, seed, fn) => new Promise((resolve) => {
  const id = nextId++; pending.set(id, resolve);
  worker.postMessage({id, obsJson, level, seed, fn});
});
// A heartbeat on the main thread: the gap between ticks is what a user would feel.
window.maxGap = 0;
let last = performance.now();
setInterval(() => { const now = performance.now(); if (window.thinking) window.maxGap = Math.max(window.maxGap, now - last); last = now; }, 10);
window.runAll = async (items) => {
  const out = [];
  window.thinking = true;
  for (const it of items) {
    const t0 = performance.now();
    const r = await window.ask(it.obs, it.level, it.seed, it.fn);
    out.push({level: it.level, action: r.action, error: r.error, workerMs: r.ms, roundTripMs: performance.now() - t0});
  }
  window.thinking = false;
  return out;
};
</script></body></html>
"""

WORKER = """
import { loadPyodide } from "./assets/vendor/pyodide/pyodide.mjs";
let py;
try {
  py = await loadPyodide({indexURL: new URL("./assets/vendor/pyodide/", location.href).href});
  const zip = await (await fetch("./assets/vendor/app.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", {extractDir: "/home/pyodide"});
  // the worker's entry module is fetched by its address, as the page's worker does
  // (scripts/vendor.py, FETCHED_BY_URL), not packed into app.zip
  const entry = await (await fetch("./ui/worker/ai_worker.py")).text();
  py.FS.writeFile("/home/pyodide/ui/worker/ai_worker.py", entry);
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide'); from ui.worker.ai_worker import analyse, choose");
  self.postMessage({ready: true});
} catch (e) { self.postMessage({error: String(e)}); }
const fns = py && {choose: py.globals.get("choose"), analyse: py.globals.get("analyse")};
self.onmessage = (ev) => {
  const {id, obsJson, level, seed, fn} = ev.data;
  const t0 = performance.now();
  try {
    const action = fns[fn](obsJson, level, seed);
    self.postMessage({id, action, ms: performance.now() - t0});
  } catch (e) { self.postMessage({id, error: String(e), ms: performance.now() - t0}); }
};
"""


def first_move(answer: object, from_json: bool) -> str:
    """The move an answer puts first: the action itself, or a hint's best move."""
    if from_json:
        answer = json.loads(str(answer))
    return str(answer[0]["action"]) if isinstance(answer, list) else str(answer)


def time_yardstick(bot: str, history: list[History]) -> dict:
    """CPython times of ``bot`` (``COMMIT:LEVEL``) on the benchmark's positions, each
    decided with the same seed as today's levels; the subprocess's start is not timed."""
    os.environ.setdefault("ROME_YARDSTICK_WALL", "keep")
    n, seed, shrine, actions = history[0]
    external_choose(bot, n, seed, shrine, actions, 0)  # start the subprocess untimed
    times = []
    for i, (n, seed, shrine, actions) in enumerate(history):
        t0 = time.perf_counter()
        external_choose(bot, n, seed, shrine, actions, i)
        times.append((time.perf_counter() - t0) * 1000.0)
    close_all()
    return {"n": len(times), "cpython_p50_ms": round(percentile(times, 0.5), 1),
            "cpython_p95_ms": round(percentile(times, 0.95), 1),
            "cpython_max_ms": round(max(times), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="+", default=["easy", "normal", "hard"])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--per-game", type=int, default=12)
    parser.add_argument("--hint", action="store_true", help="time the hint (analyse)")
    parser.add_argument("--yardstick", nargs="*", default=[],
                        help="COMMIT:LEVEL bots also timed on CPython, e.g. e514045:hard")
    args = parser.parse_args()
    history: list[History] = []
    obs_list = observations(tuple(args.players), args.games, args.per_game, history=history)
    fn = "analyse" if args.hint else "choose"
    items = [{"obs": json.dumps(o), "level": lv, "seed": i, "fn": fn}
             for lv in args.levels for i, o in enumerate(obs_list)]
    with served() as base, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_page()

        def fulfil(body: str, mime: str):
            return lambda route: route.fulfill(status=200, body=body, content_type=mime)

        page.route(base + "__bench_ai.html", fulfil(PAGE, "text/html"))
        page.route(base + "__bench_ai_worker.mjs", fulfil(WORKER, "text/javascript"))
        page.route("**/*", lambda route: route.fallback() if route.request.url.startswith(base)
                   else route.abort())
        page.goto(base + "__bench_ai.html")
        page.wait_for_function("document.documentElement.dataset.ready || "
                               "document.documentElement.dataset.error", timeout=180_000)
        error = page.evaluate("document.documentElement.dataset.error")
        if error:
            raise SystemExit(f"worker failed to start: {error}")
        page.evaluate("window.longTasks = []")
        results = page.evaluate("items => window.runAll(items)", items)
        long_tasks = page.evaluate("window.longTasks")
        max_gap = page.evaluate("window.maxGap")
        browser.close()
    errors = [r for r in results if r.get("error")]
    if errors:
        raise SystemExit(f"worker errors: {errors[:3]}")
    cpython = time_levels(obs_list, tuple(args.levels), hint=args.hint)
    summary: dict[str, dict] = {}
    for lv in args.levels:
        ms = [r["workerMs"] for r in results if r["level"] == lv]
        cp = cpython[lv]["times_ms"]
        same = sum(1 for i, r in enumerate(r for r in results if r["level"] == lv)
                   if first_move(r["action"], args.hint) == first_move(
                       analyse(obs_list[i], lv, i) if args.hint
                       else choose_action(obs_list[i], lv, i), False))
        summary[lv] = {
            "n": len(ms),
            "pyodide_p50_ms": round(percentile(ms, 0.5), 1),
            "pyodide_p95_ms": round(percentile(ms, 0.95), 1),
            "pyodide_max_ms": round(max(ms), 1),
            "cpython_p50_ms": cpython[lv]["p50_ms"],
            "cpython_p95_ms": cpython[lv]["p95_ms"],
            "ratio_total": round(sum(ms) / max(sum(cp), 1e-9), 2),
            "same_action_as_cpython": f"{same}/{len(ms)}",
        }
    for bot in args.yardstick:
        summary[bot] = time_yardstick(bot, history)
    thinking_tasks = [t["ms"] for t in long_tasks if t["thinking"]]
    summary["main_thread"] = {
        "longtask_count_while_thinking": len(thinking_tasks),
        "longtask_max_ms": round(max(thinking_tasks, default=0.0), 1),
        "heartbeat_max_gap_ms": round(max_gap, 1),
    }
    for lv in args.levels:
        s = summary[lv]
        print(f"{lv:7s} n={s['n']:3d}  pyodide p50 {s['pyodide_p50_ms']:8.1f} p95 "
              f"{s['pyodide_p95_ms']:8.1f} ms | cpython p50 {s['cpython_p50_ms']:7.1f} p95 "
              f"{s['cpython_p95_ms']:7.1f} ms | ratio {s['ratio_total']:.2f} | "
              f"same moves {s['same_action_as_cpython']}")
    for bot in args.yardstick:
        s = summary[bot]
        print(f"{bot} n={s['n']:3d}  cpython p50 {s['cpython_p50_ms']:7.1f} p95 "
              f"{s['cpython_p95_ms']:7.1f} ms (an old commit's engine and level, same positions)")
    m = summary["main_thread"]
    print(f"main thread while thinking: {m['longtask_count_while_thinking']} long tasks, "
          f"max {m['longtask_max_ms']} ms; heartbeat max gap {m['heartbeat_max_gap_ms']} ms")
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
