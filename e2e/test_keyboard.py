"""A whole game by keyboard alone (issue 33): Tab, Enter, ``i`` and Escape, no clicks.

Why: axe finds nothing wrong with a table a keyboard player cannot play. This test is
that player: it only presses keys, and reads the page only to decide which key to press
(what has focus, whether the table waits for it). It plays a whole 2-player game against
a computer and must build several buildings; after every move focus must be on a choice,
never on "End turn".
"""

from __future__ import annotations

from typing import Any

from conftest import OpenGame
from playwright.sync_api import Page

MAX_KEYS = 4000
STATE_JS = """() => {
  const t = document.getElementById('table');
  const a = document.activeElement;
  const attr = (n) => (a && a.getAttribute) ? a.getAttribute(n) : null;
  return {waiting: t ? t.dataset.waiting : '', phase: t ? t.dataset.phase : '',
          moves: t ? t.dataset.moves : '', action: attr('data-action'),
          select: attr('data-select'), card: attr('data-card'), id: a ? a.id : '',
          detail: !document.getElementById('detail').hidden};
}"""
READY_JS = ("() => { const t = document.getElementById('table');"
            " return t && (t.dataset.waiting === 'human' || t.dataset.waiting === 'over'); }")


def state(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(STATE_JS)
    return result


def built(page: Page) -> int:
    return int(page.evaluate(
        "document.querySelectorAll('[data-city=\"0\"] .cell.built').length"))


def test_whole_game_by_keyboard_alone(strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    page.set_viewport_size({"width": 1280, "height": 720})
    open_game(page, "index.html?seats=human,greedy&seed=21&pace=0")
    page.wait_for_function(READY_JS)
    start = built(page)
    presses = builds = tabs_in_a_row = 0
    looked_at_details = False
    while presses < MAX_KEYS:
        page.wait_for_function(READY_JS, timeout=60_000)
        now = state(page)
        if now["waiting"] == "over":
            break
        if now["select"] and not looked_at_details:
            # details open on purpose only, and give focus back to the card
            page.keyboard.press("i")
            page.wait_for_function("document.activeElement.id === 'detail-close'")
            page.keyboard.press("Escape")
            page.wait_for_function(
                f"document.activeElement.getAttribute('data-select') === '{now['select']}'")
            assert page.locator("#detail").is_hidden()
            looked_at_details = True
            presses += 2
            continue
        if now["select"]:
            page.keyboard.press("Enter")  # choose the card: focus goes to where it may go
            page.wait_for_function(
                "(document.activeElement.getAttribute('data-action') || '')"
                ".startsWith('build ')")
        elif now["action"]:
            if now["action"].startswith("build "):
                builds += 1
            page.keyboard.press("Enter")
            page.wait_for_function(
                f"() => {{ const t = document.getElementById('table');"
                f" return t.dataset.moves !== '{now['moves']}'; }}")
            page.wait_for_function(READY_JS, timeout=60_000)
            after = state(page)
            if after["waiting"] == "human":
                assert after["action"] != "end", "focus landed on End turn after a move"
                assert after["id"] or after["action"] or after["select"], after
        else:
            page.keyboard.press("Tab")
            tabs_in_a_row += 1
            assert tabs_in_a_row < 200, "Tab never reached a choice"
            presses += 1
            continue
        tabs_in_a_row = 0
        presses += 1
    assert state(page)["waiting"] == "over", f"the game did not end in {MAX_KEYS} keys"
    assert looked_at_details
    assert builds >= 5 and built(page) - start >= 5, (builds, built(page), start)
