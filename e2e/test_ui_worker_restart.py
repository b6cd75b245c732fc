"""A UI worker that dies once its page is up is started again (``assets/ui-runner.mjs``):
the runner pings it every 2 s and starts a new one when a ping has gone unanswered for
10 s (a worker ended from outside sends no event at all; its interpreter's fatal error,
or an endless loop, answers nothing either). What the reader then meets is a view that
answers again. Run with ``-s`` to see how long it was gone (about ``NOTICED_S``, then a
worker's start)."""

from __future__ import annotations

import json
import time

from conftest import OpenGame, PageErrors, click, wait_ready
from playwright.sync_api import Page, expect

RESTARTED = "The table stopped answering and was started again"
TABLE = "document.getElementById('table')"
KILL_JS = "window.__dead = romeUi.worker; window.__dead.terminate()"
REPLACED_JS = "romeUi.worker !== null && romeUi.worker !== window.__dead"
NOTICED_S = 2 + 10 + 2
"""A dead worker's last ping is sent within a period of its death, and found unanswered
at the first tick after the limit: a new one is started within that."""


def test_a_view_whose_worker_dies_answers_again(page: Page, page_errors: PageErrors,
                                                site_url: str) -> None:
    page.goto(site_url + "embed.html?view=calculator")
    wait_ready(page)
    search = page.locator("[data-catalogue-search]")
    page.evaluate(KILL_JS)
    killed = time.monotonic()
    page.wait_for_function("romeUi.worker === null", polling=100,  # noticed: a new one starts
                           timeout=(NOTICED_S + 30) * 1000)
    noticed = time.monotonic() - killed
    page.wait_for_function(REPLACED_JS, timeout=90_000)
    replaced = time.monotonic() - killed
    search.fill("baths")  # an input only the new worker can answer
    expect(page.locator('[data-card="house-2"]')).to_be_hidden(timeout=60_000)
    expect(page.locator('[data-card="baths"]')).to_be_visible()
    back = time.monotonic() - killed
    print(f"\nthe worker's death noticed after {noticed:.1f} s, a new one up after "
          f"{replaced:.1f} s, the view answering after {back:.1f} s")


def test_a_table_whose_worker_dies_resumes_its_game_and_says_so(
        page: Page, page_errors: PageErrors, open_game: OpenGame) -> None:
    """The table in a worker (``index.html``): its worker ended in the middle of a game
    against the computer; the new one resumes the saved game, move for move, says so in
    the message area, and the game goes on."""
    open_game(page, "index.html?seats=human,greedy&seed=5&pace=0")
    for _ in range(3):
        page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
        click(page, page.locator("[data-action]:not([disabled])").first)
    before = json.loads(page.evaluate("window.rome.record()"))["actions"]
    page.evaluate(KILL_JS)
    killed = time.monotonic()
    expect(page.locator("#notice")).to_contain_text(RESTARTED, timeout=(NOTICED_S + 60) * 1000)
    back = time.monotonic() - killed
    after = json.loads(page.evaluate("window.rome.record()"))["actions"]
    assert after[:len(before)] == before
    page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    moves = len(after)
    click(page, page.locator("[data-action]:not([disabled])").first)
    page.wait_for_function(f"Number({TABLE}.dataset.moves) > {moves}")
    print(f"\nthe table back {back:.1f} s after its worker died")
