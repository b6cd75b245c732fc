"""The hint button: the computer's suggestion appears and names an action the human may play."""

from __future__ import annotations

from conftest import OpenGame
from playwright.sync_api import Page, expect


def test_hint_appears_and_names_a_legal_action(strict_page: Page, open_game: OpenGame) -> None:
    page = open_game(strict_page, "index.html?seats=human,greedy&seed=3&pace=0")
    page.wait_for_function("document.getElementById('table').dataset.waiting === 'human'",
                           timeout=60_000)
    offered = page.eval_on_selector_all("#prompt [data-action]:not([disabled]), "
                                        "#table [data-action]:not([disabled])",
                                        "els => els.map(e => e.dataset.action)")
    assert offered, "the human has a choice to make"
    page.locator('[data-ui="hint"]').click()
    hint = page.locator("#hint")
    expect(hint).to_be_visible(timeout=60_000)
    action = hint.get_attribute("data-hint-action")
    assert action in offered
    expect(hint).to_contain_text(action)
    page.locator(f'[data-action="{action}"]').first.click()  # the hint can be followed
    page.wait_for_function("document.getElementById('table').dataset.moves !== '0'",
                           timeout=60_000)
    expect(page.locator("#hint")).to_have_count(0)  # and it does not outlive its move
