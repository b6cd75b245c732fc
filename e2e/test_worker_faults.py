"""The AI worker's faults: a dead worker costs the human seconds, not the 30 s it once did
(issue 39); one that cannot start, hangs or fails leaves a game that goes on.

The worker is closed (terminated from the page), crashes (an uncaught error in it) or
aborts (Pyodide's fatal error) in the middle of a game, idle or in the middle of a
request, and each test measures what the human feels: the time from the death to the next
computer move (or hint) shown, at most ``HUMAN_WAIT_MS``; the page's main thread never
stalls (a heartbeat); and, once the worker is back, the status line and the message area say
the same thing. Run with ``-s`` to see the figures (docs/hardening.md keeps them).
A worker whose script is missing, whose move never ends or fails, and a reload in the middle
of a computer's turn are tried too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from conftest import ROOT, OpenGame, wait_ready, wait_until
from playwright.sync_api import Page, Route, expect

HUMAN_WAIT_MS = 8_000
"""Issue 39's promise: a closed AI worker costs the human at most 8 s."""
STALL_MS = 1_500
"""The longest the page's main thread may stall meanwhile (a frozen table stalls for good)."""
BUSY_S = 4
"""How long the slow worker's requests run before they answer: a death one second in is
a death mid-search."""
TABLE = "document.getElementById('table')"
WORKER_JS = "[...romeAi.workers.values()].at(-1)"
"""The AI worker running (``assets/ai-host.mjs``)."""
RESTARTED = "The AI worker was restarted."
WORKER_LINE = "#messages [data-message=worker]"  # its line of the message area
HINT = -1

SOURCE = (ROOT / "ui" / "worker" / "ai_worker.py").read_text()
CHOOSE = "    return choose_action(rome.read_observation(obs_json), str(level), int(seed))"
ANALYSE = ("    return answer_json(best_moves(rome.read_observation(obs_json), str(level), "
           "int(seed)))")
assert CHOOSE in SOURCE and ANALYSE in SOURCE, "the worker's lines these tests rewrite moved"
LONG = ("    import time\n    started = time.perf_counter()\n"
        f"    while time.perf_counter() - started < {BUSY_S}:\n        pass\n")
SLOW = SOURCE.replace(CHOOSE, LONG + CHOOSE).replace(ANALYSE, LONG + ANALYSE)
ABORTING = SOURCE.replace(CHOOSE, "    import os\n    os.abort()")

WATCH = """
(() => {
  // The heartbeat: the longest gap between 20 ms ticks since the last reset.
  const beat = window.romeBeat = { last: performance.now(), max: 0 };
  setInterval(() => {
    const now = performance.now();
    beat.max = Math.max(beat.max, now - beat.last);
    beat.last = now;
  }, 20);
  // When each move was shown (the table's move count), and a hint.
  window.romeShown = [];
  let seen = '';
  new MutationObserver(() => {
    const table = document.getElementById('table');
    const moves = table ? Number(table.dataset.moves) : 0;
    const hint = document.querySelector('#hint[data-hint-state="shown"]') ? -1 : moves;
    if (`${moves} ${hint}` !== seen) {
      seen = `${moves} ${hint}`;
      window.romeShown.push([performance.now(), moves], [performance.now(), hint]);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true,
                         attributeFilter: ['data-moves', 'data-hint-state'] });
})();
"""
NO_WEB_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"


@pytest.fixture(scope="module")
def browser_context_args(browser_context_args: dict) -> dict:
    """No service worker: once it controls the page it answers the worker script's fetch
    from its cache, and Playwright's routes never see it (the slow and aborting workers
    would be sound ones)."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(autouse=True)
def patient_waits(page: Page) -> None:
    """Generous timeouts for the boots: the 2-core machine is often shared."""
    page.set_default_timeout(90_000)
    expect.set_options(timeout=30_000)


Serve = Callable[..., None]


@pytest.fixture
def worker_script(page: Page) -> Iterator[Serve]:
    """``serve(body, status=200)``: the worker's script is ``body`` until the test says ""
    (then the real one: the restarted workers are sound)."""
    served: dict[str, str | int] = {"body": "", "status": 200}

    def handle(route: Route) -> None:
        if served["body"]:
            route.fulfill(status=int(served["status"]), body=str(served["body"]),
                          content_type="text/plain")
        else:
            route.continue_()

    page.route("**/ui/worker/ai_worker.py", handle)

    def serve(body: str, status: int = 200) -> None:
        served.update(body=body, status=status)

    yield serve
    page.unroute("**/ui/worker/ai_worker.py")


def start(page: Page, open_game: OpenGame) -> None:
    """A human against a hard computer (whose moves only the worker plays), the worker up."""
    page.add_init_script(WATCH)
    open_game(page, "index.html?seats=human,hard&seed=3&pace=0")
    expect(page.locator("#worker-status")).to_have_attribute("data-worker-ready", "true",
                                                             timeout=90_000)
    page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")


def now_ms(page: Page) -> float:
    """The page's clock, and the heartbeat's reset."""
    return float(page.evaluate("(window.romeBeat.max = 0, performance.now())"))


def close_worker(page: Page) -> float:
    """Terminate the AI worker, as the browser may; the page's clock then."""
    return float(page.evaluate(
        f"(window.romeBeat.max = 0, {WORKER_JS}.terminate(), performance.now())"))


def crash_worker(page: Page) -> float:
    """An uncaught error in the AI worker (its ``error`` event); the page's clock then."""
    killed = now_ms(page)
    page.workers[-1].evaluate("setTimeout(() => { throw new Error('the test crashed it'); }, 0)")
    return killed


def play_until_computer(page: Page) -> int:
    """The human plays the first offered action until the computer is to move; the number
    of moves then (the computer's next move makes one more). A human move the table plays
    itself (a forced one, after the pace's pause) offers no action: the wait is for a
    choice or the computer's turn, whichever comes (clicking at once waited 90 s for a
    choice that never came when the computer's turn followed the forced move)."""
    while True:
        wait_until(page, f"() => {TABLE}?.dataset.waiting === 'computer' || ("
                   f"{TABLE}?.dataset.waiting === 'human' && "
                   "!!document.querySelector('[data-action]:not([disabled])'))")
        moves = int(page.locator("#table").get_attribute("data-moves") or "0")
        if page.locator("#table").get_attribute("data-waiting") == "computer":
            return moves
        page.locator("[data-action]:not([disabled])").first.click()
        page.wait_for_function(f"Number({TABLE}.dataset.moves) > {moves}")


def shown_after(page: Page, since: float, moves: int) -> float:
    """Milliseconds from ``since`` to the showing of more than ``moves`` moves, or with
    ``moves=HINT`` of a hint."""
    wanted = "n === -1" if moves == HINT else f"n > {moves}"
    return float(page.evaluate(
        f"window.romeShown.find(([t, n]) => t > {since} && {wanted})[0] - {since}"))


def turn_began(page: Page, moves: int) -> float:
    """When the table showed ``moves`` moves: the computer's turn began then."""
    return float(page.evaluate(f"window.romeShown.findLast(([t, n]) => n === {moves})[0]"))


def waited_for_computer(page: Page, since: float, moves: int) -> float:
    """Milliseconds the human waited for the computer's move after ``moves``: from its turn
    or from ``since`` (the worker's death), whichever came later."""
    page.wait_for_function(f"Number({TABLE}.dataset.moves) > {moves}", timeout=60_000)
    since = max(since, turn_began(page, moves))
    return shown_after(page, since, moves)


def stall_ms(page: Page) -> float:
    return float(page.evaluate("window.romeBeat.max"))


def check_words_agree(page: Page, what: str) -> str:
    """Once the worker is back, the status line and the notice say the same: the notice
    says ``what`` happened, then the status's words."""
    status = page.locator("#worker-status")
    expect(status).to_have_text(RESTARTED, timeout=30_000)
    notice = page.locator(WORKER_LINE)
    expect(notice).to_contain_text(what)
    expect(notice).to_contain_text(RESTARTED)
    text = notice.inner_text()
    assert "restarting" not in text, text
    return text


@pytest.mark.parametrize("web_locks", [True, False], ids=["web-locks", "no-web-locks"])
def test_a_worker_closed_mid_search_costs_the_human_seconds(
        page: Page, page_errors: object, open_game: OpenGame,
        worker_script: Serve, web_locks: bool) -> None:
    """Closed while it searches: noticed at once where the page has Web Locks (the worker
    holds one for its life), else when the move's limit (its level's cap plus the margin)
    runs out; the move comes from the restarted worker or the page's quick level."""
    if not web_locks:
        page.add_init_script(NO_WEB_LOCKS)
    worker_script(SLOW)
    start(page, open_game)
    worker_script("")
    moves = play_until_computer(page)
    page.wait_for_timeout(1_000)  # the worker is a second into its search
    killed = close_worker(page)
    waited = waited_for_computer(page, killed, moves)
    stalled = stall_ms(page)
    said = check_words_agree(page, "The AI worker closed" if web_locks else "took longer than")
    print(f"\nclosed mid-search (Web Locks: {web_locks}): the move after {waited:.0f} ms, "
          f"longest stall {stalled:.0f} ms; notice: {said!r}")
    assert waited <= HUMAN_WAIT_MS
    assert stalled <= STALL_MS


def test_a_worker_closed_mid_hint_gives_a_hint_in_seconds(
        page: Page, page_errors: object, open_game: OpenGame,
        worker_script: Serve) -> None:
    """A hint in hand when the worker closes: from the restarted worker, or from the page's
    quick analysis, saying so."""
    worker_script(SLOW)
    start(page, open_game)
    worker_script("")
    page.keyboard.press("h")
    page.wait_for_timeout(1_000)
    killed = close_worker(page)
    hint = page.locator('#hint[data-hint-state="shown"]')
    expect(hint).to_be_visible(timeout=30_000)
    waited = shown_after(page, killed, HINT)
    source = hint.get_attribute("data-hint-source")
    said = check_words_agree(page, "The AI worker closed")
    print(f"\nclosed mid-hint: the hint ({source}) after {waited:.0f} ms; "
          f"notice: {said!r}")
    assert waited <= HUMAN_WAIT_MS
    assert source == "worker" or "the hint comes from the quick AI" in said


def test_a_worker_that_aborts_mid_search_is_replaced_at_once(
        page: Page, page_errors: object, open_game: OpenGame,
        worker_script: Serve) -> None:
    """Pyodide's fatal error (``os.abort()``) in the middle of a move: the page plays a quick
    move at once, saying so, and restarts the worker."""
    worker_script(ABORTING)
    start(page, open_game)
    worker_script("")
    moves = play_until_computer(page)
    waited = waited_for_computer(page, 0.0, moves)
    said = check_words_agree(page, "stopped working: Brutus (hard) played a quick move instead")
    print(f"\naborted mid-search: the move {waited:.0f} ms after the computer's turn began; "
          f"notice: {said!r}")
    assert waited <= HUMAN_WAIT_MS


def test_an_idle_worker_that_closes_or_crashes_is_back_before_it_is_needed(
        page: Page, page_errors: object, open_game: OpenGame) -> None:
    """Closed, then crashed, each while the human thinks: noticed at once (its lock, its
    ``error`` event), restarted meanwhile; the human's next move is answered as usual."""
    start(page, open_game)
    for kill, cause in ((close_worker, "closed"), (crash_worker, "crashed")):
        page.wait_for_function(f"{TABLE}.dataset.waiting === 'human'")
        killed = kill(page)
        moves = play_until_computer(page)
        waited = waited_for_computer(page, killed, moves)
        stalled = stall_ms(page)
        said = check_words_agree(page, f"The AI worker {cause}.")
        print(f"\n{cause} while idle: the computer's move {waited:.0f} ms after its turn, "
              f"longest stall {stalled:.0f} ms; notice: {said!r}")
        assert waited <= HUMAN_WAIT_MS
        assert stalled <= STALL_MS


# -- a worker that cannot start, hangs or fails ----------------------------------------------
HANGING = SOURCE.replace(CHOOSE, "    while True:\n        pass")
FAILING = SOURCE.replace(CHOOSE, "    raise RuntimeError('the worker broke')")


def wait_moves(page: Page, at_least: int, timeout_ms: int = 120_000) -> None:
    wait_until(page, "async (n) => { const r = await window.rome?.record?.();"
               " return !!r && JSON.parse(r).actions.length >= n; }", at_least, timeout_ms)


def test_worker_script_404_falls_back_to_the_quick_ai(
        page: Page, page_errors: object, open_game: OpenGame, worker_script: Serve) -> None:
    worker_script("missing", 404)
    open_game(page, "index.html?seats=easy,easy&seed=2&pace=0")
    expect(page.locator(WORKER_LINE)).to_contain_text("could not be loaded (HTTP 404)")
    expect(page.locator("#worker-status")).to_contain_text("quick AI")
    wait_moves(page, 30, timeout_ms=60_000)


@pytest.mark.parametrize("body, words", [(HANGING, "took longer than 3 s"),
                                         (FAILING, "stopped working")], ids=["hang", "fail"])
def test_worker_fault_is_said_and_the_game_goes_on(
        page: Page, page_errors: object, open_game: OpenGame, worker_script: Serve,
        body: str, words: str) -> None:
    assert body != SOURCE
    page.add_init_script("window.romeAiLimits = {boot: 60, move: 3}")
    worker_script(body)
    # hard, not easy or normal: the page plays theirs while the worker boots, and a game at
    # the instant pace can end before the worker is up.
    open_game(page, "index.html?seats=hard,hard&seed=4&pace=0")
    notice = page.locator(WORKER_LINE)
    expect(notice).to_contain_text(words, timeout=90_000)
    expect(notice).to_contain_text("(hard) played a quick move instead")
    wait_moves(page, 40, timeout_ms=180_000)
    # three faults in a row: the page stops restarting it, and says so
    expect(notice).to_contain_text("keeps failing")
    expect(page.locator("#worker-status")).to_contain_text("keeps failing")


def test_reload_during_a_computer_turn_resumes(
        page: Page, page_errors: object, open_game: OpenGame, worker_script: Serve) -> None:
    page.add_init_script("window.romeAiLimits = {boot: 60, move: 600}")
    worker_script(HANGING)
    open_game(page, "index.html?seats=human,normal&seed=6&pace=250")
    play_until_computer(page)
    before = json.loads(page.evaluate("window.rome.record()"))
    worker_script("")
    page.reload()
    wait_ready(page)
    wait_moves(page, len(before["actions"]) + 1)
    after = json.loads(page.evaluate("window.rome.record()"))
    assert after["actions"][:len(before["actions"])] == before["actions"]
    assert after["seed"] == before["seed"]
