"""How long a person waits for the computers, per round, on the real table (issue 13).

    python benchmarks/bench_round_wait.py [--levels normal hard] [--rounds N] [--pace 800]

Headless Chromium opens ``index.html`` with one human and three computer seats at the
given pace (800 ms is the menu's "normal").  A loop inside the page plays the human at
once (the first offered build, take, keep or produce, else the first move), so all time
not spent in the human's decisions is waiting: the table's ``data-waiting`` is sampled
every 5 ms and the time it is not ``human`` is added to the round shown at that moment.
Rounds 1..``--rounds`` are reported (round 0 is the draft; by default every round to the
game's end: later rounds, with bigger cities, take the computers longer to think).
Issue 13's target: a four-player round of three computer seats at the normal pace waits
at most 8 s.
"""

from __future__ import annotations

import argparse
import json
import statistics

from common import launch_chromium, served
from playwright.sync_api import sync_playwright

from e2e.conftest import SETTLED_JS

PLAY_JS = """
async ({rounds, prefer}) => {
  const root = () => document.getElementById('table');
  const roundOf = () => Number(document.querySelector('.round[data-round]')?.dataset.round ?? -1);
  const sleep = (ms) => new Promise(r => setTimeout(r, ms));
  const waits = {};
  let last = performance.now(), lastRound = roundOf(), lastWaiting = root().dataset.waiting;
  const sample = () => {
    const now = performance.now();
    if (lastWaiting !== 'human' && lastWaiting !== 'over')
      waits[lastRound] = (waits[lastRound] || 0) + now - last;
    last = now; lastWaiting = root().dataset.waiting; lastRound = roundOf();
  };
  const timer = setInterval(sample, 5);
  const t0 = performance.now();
  try {
    for (;;) {
      while (!['human', 'over'].includes(root().dataset.waiting)) {
        if (performance.now() - t0 > 900000) throw new Error('stuck');
        await sleep(5);
      }
      if (root().dataset.waiting === 'over' || (rounds && roundOf() > rounds)) break;
      const moves = root().dataset.moves;
      const select = document.querySelector('[data-select]');
      if (select) select.click();
      const els = [...document.querySelectorAll('[data-action]:not([disabled])')];
      const liked = els.filter(e => prefer.some(p => e.dataset.action.startsWith(p)));
      (liked[0] || els[0]).click();
      while (root().dataset.moves === moves) await sleep(2);
    }
  } finally { clearInterval(timer); }
  return waits;
}
"""
PREFER = ["build ", "take ", "keep ", "produce"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", nargs="+", default=["normal", "hard"])
    parser.add_argument("--rounds", type=int, default=0, help="0: the whole game")
    parser.add_argument("--pace", type=int, default=800)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    results = {}
    with served("site") as base, sync_playwright() as pw:
        url = f"{base}index.html"
        browser = launch_chromium(pw)
        for level in args.levels:
            page = browser.new_page()
            page.goto(f"{url}?seats=human,{level},{level},{level}&seed={args.seed}"
                      f"&pace={args.pace}")
            page.wait_for_function(SETTLED_JS, timeout=120_000)
            page.wait_for_function(
                "document.getElementById('worker-status')?.dataset.workerReady === 'true'",
                timeout=120_000)
            waits = page.evaluate(PLAY_JS, {"rounds": args.rounds, "prefer": PREFER})
            last = args.rounds or max(int(r) for r in waits)
            per_round = [waits.get(str(r), 0.0) / 1000 for r in range(1, last + 1)]
            results[level] = {"rounds_s": [round(w, 2) for w in per_round],
                              "mean_s": round(statistics.mean(per_round), 2),
                              "max_s": round(max(per_round), 2)}
            print(f"{level:>7}: waiting per round {results[level]['rounds_s']} s, "
                  f"mean {results[level]['mean_s']} s, max {results[level]['max_s']} s",
                  flush=True)
            page.close()
        browser.close()
    print(json.dumps({"pace_ms": args.pace, "seed": args.seed, **results}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
