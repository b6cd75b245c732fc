"""The hint button (issue 13): the computer's suggestions, worked out in the AI worker,
name a move offered on screen, and following one plays it.

The reducer paths (stale answers, closing, moves not offered) are tested on CPython in
``tests/test_ui_hint.py``; this test shows the page wires them to the worker and the DOM.
"""

from __future__ import annotations

import json

from conftest import DESKTOP, PHONE, ROOT, OpenGame
from playwright.sync_api import Page, expect
from table_checks import check_axe_both_themes

from rome.ai import ADVICE_SOURCE

SHOTS = ROOT / "e2e" / "artifacts" / "table"

WAITING_HUMAN = "document.getElementById('table')?.dataset.waiting === 'human'"


def test_hint_appears_names_an_offered_move_and_can_be_followed(
        strict_page: Page, open_game: OpenGame) -> None:
    strict_page.set_viewport_size(DESKTOP)
    page = open_game(strict_page, "index.html?seats=human,greedy&seed=3&pace=0")
    page.wait_for_function(WAITING_HUMAN, timeout=60_000)
    before = int(page.locator("#table").get_attribute("data-moves") or "0")
    offered = page.eval_on_selector_all(
        "#table [data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
    assert offered, "the human has a choice to make"

    hint_button = page.get_by_role("button", name="Hint", exact=True)
    hint_button.focus()  # keyboard reachable: a native button, activated with Enter
    page.keyboard.press("Enter")
    box = page.locator('#hint[data-hint-state="shown"]')
    expect(box).to_be_visible(timeout=90_000)
    assert box.get_attribute("data-hint-source") == "worker"  # not the page's own thread
    expect(hint_button).to_have_attribute("aria-expanded", "true")

    moves = page.locator("#hint [data-hint]")
    named = [moves.nth(i).get_attribute("data-hint") for i in range(moves.count())]
    assert named and all(text in offered for text in named), (named, offered)
    expect(page.locator("#hint")).to_contain_text(f"checked by {ADVICE_SOURCE}")
    expect(page.locator("#hint li").first).to_contain_text("best move found")
    expect(moves.first).to_be_focused()  # the answer takes keyboard focus
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "hint-1280x800.png"))
    check_axe_both_themes(page, "hint shown")
    moves.first.focus()

    moves.first.click()
    page.wait_for_function(f"Number(document.getElementById('table').dataset.moves) > {before}",
                           timeout=60_000)
    record = json.loads(page.evaluate("window.rome.record()"))
    assert record["actions"][before] == named[0]
    expect(page.locator('#hint[data-hint-state="shown"]')).to_have_count(0)


def test_on_a_phone_show_opens_the_tab_where_a_suggestion_goes(
        strict_page: Page, open_game: OpenGame) -> None:
    """On a phone the table is in tabs: a suggestion's "Show" opens the tab that holds its
    place (the player's own press, never a switch by itself) and marks the place there."""
    strict_page.set_viewport_size(PHONE)
    page = open_game(strict_page, "index.html?seats=human,greedy&seed=3&pace=0")
    for _ in range(12):
        page.wait_for_function(WAITING_HUMAN, timeout=60_000)
        before = int(page.locator("#table").get_attribute("data-moves") or "0")
        page.get_by_role("button", name="Hint", exact=True).click()
        expect(page.locator('#hint[data-hint-state="shown"]')).to_be_visible(timeout=90_000)
        show = page.locator('#hint [data-ui="hint-show"]')
        if show.count():
            break
        page.locator("#hint [data-hint]").first.click()  # a draft: its choice is in the prompt
        page.wait_for_function(
            f"Number(document.getElementById('table').dataset.moves) > {before}")
    else:
        raise AssertionError("no suggestion with a place on the table in 12 decisions")
    rank = show.first.get_attribute("data-rank")
    verb = (page.locator(f'#hint li[data-hint-rank="{rank}"] [data-hint]').get_attribute(
        "data-hint") or "").split()[0]
    page.locator('[data-ui="tab"][data-tab="log"]').click()  # the player looks elsewhere
    expect(page.locator("#table")).to_have_attribute("data-tab", "log")
    show.first.click()
    expect(page.locator("#table")).to_have_attribute(
        "data-tab", "me" if verb == "build" else "board")
    expect(page.locator(f'.hint-mark[data-hint-mark~="{rank}"]').first).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "hint-show-390x844.png"))


def test_without_the_worker_the_hint_comes_from_the_page(
        page: Page, page_errors: object, open_game: OpenGame) -> None:
    """As decisions do, a hint falls back to the quick level in the UI's worker when the AI worker
    cannot start, and says where it came from."""
    page.route("**/ui/worker/ai_worker.py",
               lambda route: route.fulfill(status=404, body="missing", content_type="text/plain"))
    open_game(page, "index.html?seats=human,greedy&seed=3&pace=0")
    page.wait_for_function(WAITING_HUMAN, timeout=60_000)
    offered = page.eval_on_selector_all(
        "#table [data-action]:not([disabled])", "els => els.map(e => e.dataset.action)")
    page.keyboard.press("h")  # the shortcut the help panel lists
    box = page.locator('#hint[data-hint-state="shown"]')
    expect(box).to_have_attribute("data-hint-source", "page", timeout=60_000)
    # The worker started for the hint (a greedy computer needs none) and could not boot.
    expect(page.locator("#worker-status")).to_contain_text("quick AI")
    assert page.locator("#hint [data-hint]").first.get_attribute("data-hint") in offered
