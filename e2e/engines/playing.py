"""What the cross-engine tests share: the game URL, a player that clicks, polling, the
storage-notice check, and the figures of this run (``measure``) for ``docs/engines.md``.
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

import pytest

from engines.browsers import EnginePage, available, record, wait_ready

MEASURED: dict[str, dict[str, Any]] = defaultdict(dict)


def require(engine: str) -> None:
    """Fail (not skip) when the engine is missing: ``make setup`` installs it."""
    if not available(engine):
        pytest.fail(f"{engine} or its driver is missing: run `make setup`")


def measure(engine: str, name: str, value: Any) -> None:
    """Keep one figure of this run (the suite writes them all at its end)."""
    MEASURED[engine][name] = value


GAME = "index.html?seats=human,easy&seed=11&pace=0"
STORAGE_NOTICE = "will not be saved"

# Plays as the human by clicking a seeded-random enabled [data-action] whenever it is the
# human's turn, until the game is over or ``stopAfter`` moves; times each wait for the
# computer (from the human's click to the human's next turn).
PLAY_JS = """async ({stopAfter, seed}) => {
  let x = (seed >>> 0) || 1;
  const rand = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
                       return x / 4294967296; };
  const table = () => document.getElementById('table');
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const waits = [];
  let moves = 0, clicked = null;
  const t0 = performance.now();
  for (;;) {
    for (;;) {
      const t = table();
      if (t && (t.dataset.phase === 'over' || t.dataset.waiting === 'human')) break;
      if (performance.now() - t0 > 300000)
        throw new Error('stuck: ' + JSON.stringify(t && t.dataset));
      await sleep(5);
    }
    if (clicked !== null) waits.push(performance.now() - clicked);
    const t = table();
    if (t.dataset.phase === 'over' || moves >= stopAfter)
      return {over: t.dataset.phase === 'over', moves, waits};
    const before = t.dataset.moves;
    const els = [...document.querySelectorAll('[data-action]:not([disabled])')];
    if (!els.length) throw new Error('no action offered at move ' + before);
    els[Math.floor(rand() * els.length)].click();
    clicked = performance.now();
    moves++;
    while (table().dataset.moves === before) await sleep(2);
  }
}"""

NOTICE_COUNT_JS = """(words) => {
  const text = document.body.innerText;
  return text.split(words).length - 1; }"""


def play(page: EnginePage, stop_after: int = 10_000, seed: int = 7,
         frame: str | None = None) -> dict[str, Any]:
    return page.evaluate(PLAY_JS, {"stopAfter": stop_after, "seed": seed}, frame)


def wait_for(page: EnginePage, js: str, timeout_s: float = 120, frame: str | None = None) -> Any:
    """Poll ``js`` (a function of no argument) until it returns something truthy."""
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        value = page.evaluate(js, None, frame)
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"{page.engine}: not within {timeout_s} s: {js}")


def check_plays_with_one_notice(page: EnginePage, url: str) -> None:
    """The game starts from ``url``, plays a few moves and says once that it cannot be
    saved (shared with the Firefox-settings tests)."""
    page.open(url)
    wait_ready(page)
    result = play(page, stop_after=6)
    assert result["moves"] == 6, result
    assert len(record(page)["actions"]) >= 6
    assert page.evaluate(NOTICE_COUNT_JS, STORAGE_NOTICE) == 1




# -- the guided game (issue 41) -------------------------------------------------------
TUTORIAL = "index.html?pace=0"
# From the first screen, clicks only the control the guided game marks
# (``[data-tutorial-target]``) until its end (``[data-tutorial-done]``); counts the clicks
# that were moves of the game (the table's ``data-moves`` went up).
FOLLOW_JS = """async () => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const table = () => document.getElementById('table');
  const moves = () => Number(table()?.dataset.moves ?? -1);
  // The table's answer to the last input is drawn (its Python may answer from a worker).
  const answered = () => !performance.getEntriesByName('rome:input', 'mark').length;
  const t0 = performance.now();
  let clicks = 0, played = 0;
  for (;;) {
    for (;;) {
      if (performance.now() - t0 > 300000) throw new Error('stuck at move ' + moves());
      if (answered()) {
        if (document.querySelector('[data-tutorial-done]')) return {clicks, played};
        const waiting = table() ? table().dataset.waiting : 'form';
        if (document.querySelector('[data-tutorial-target]')
            && ['human', 'over', 'form'].includes(waiting)) break;
      }
      await sleep(5);
    }
    const before = moves();
    document.querySelector('[data-tutorial-target]').click();
    clicks++;
    // its answer (a lost one ends in the stuck check above)
    while (!answered() && performance.now() - t0 < 300000) await sleep(5);
    if (moves() > before && before >= 0) played++;
  }
}"""


def follow_tutorial(page: EnginePage) -> dict[str, Any]:
    """The guided game from the first screen, by its marks alone, to its end."""
    return page.evaluate(FOLLOW_JS)
