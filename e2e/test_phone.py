"""The table on a phone (390x844): the prompt and its choices in view at every step of a
game, tabs that follow the player's own moves only, and a long press for card details.
"""

from __future__ import annotations

import pytest
from conftest import PHONE, OpenGame, click
from playwright.sync_api import Page, expect
from table_checks import (
    FINISH_JS,
    check_axe_both_themes,
    click_action,
    in_viewport,
    patient_waits,
    phone_check,
    shoot_phone,
    waiting,
)

import rome

assert patient_waits  # an autouse fixture: imported to apply here


def test_phone_keeps_the_prompt_and_its_choices_in_view(strict_page: Page,
                                                        open_game: OpenGame) -> None:
    """A seeded game at 390x844: draft, emissaries, the take step, a card chosen then its
    targets, produce. A tab picked by hand stays while the prompt is the same, and the
    player's own move leads to its next choices; a new turn, after the others' moves, never
    moves the player (issue 40): it is announced where the player is, by a badge on the
    court's tab and a sentence whose button goes there."""
    page = strict_page
    page.set_viewport_size(PHONE)
    open_game(page, "index.html?seats=human,random,random&seed=5&pace=0")
    table = page.locator("#table")
    seen: list[str] = []
    prefer = ("take ", "keep ", "place ", "draft ", "end")
    for _ in range(300):
        if waiting(page) == "over" or len(seen) == 5:  # the rest is played in the page
            break
        phase = table.get_attribute("data-phase")
        announced = page.locator("#message-turn [data-ui]")
        if announced.is_visible() and not (phase == "emissary" and "place" not in seen):
            click(page, announced)  # a turn announced: the player goes to its choices
        if phase == "draft" and "draft" not in seen:
            phone_check(page, "draft", "draft ")
            check_axe_both_themes(page, "phone, draft")
            click(page, page.locator('[data-tab="others"]'))  # look at the others meanwhile
            expect(page.locator("#others")).to_be_visible()
            expect(page.locator("#board")).to_be_hidden()
            click(page, page.locator("#others [data-seat-score]").first)  # redrawn, same prompt
            expect(page.locator("#others [data-breakdown]")).to_be_visible()
            expect(page.locator("#board")).to_be_hidden()  # the pick stands
            shoot_phone(page, "phone-others")
            click(page, page.locator("#others [data-seat-score]").first)
            seen.append("draft")
        elif phase == "emissary" and "place" not in seen:
            # the round's first placement comes after the others' turns: the player is
            # left where they were (their city, where their last move led them)
            expect(page.locator("#board")).to_be_hidden()
            assert table.get_attribute("data-tab") != "board"
            badge = page.locator('.tab.badge[data-tab="board"]')
            expect(badge).to_be_visible()
            said = page.locator("#message-turn")
            expect(said).to_contain_text("your choices are under “Court”")
            shoot_phone(page, "phone-turn-badge")
            check_axe_both_themes(page, "phone, a turn announced")
            click(page, said.locator("[data-ui]"))  # the player goes there when they choose
            expect(said).to_be_empty()
            expect(badge).to_have_count(0)
            phone_check(page, "emissary", "place ")
            focused = page.evaluate("document.activeElement.dataset.action || ''")
            assert focused.startswith("place "), f"focus on a choice, not {focused!r}"
            shoot_phone(page, "phone-emissary")
            seen.append("place")
        elif page.locator('[data-action^="take "]').count() and "take" not in seen:
            phone_check(page, "take", "take ")
            seen.append("take")
        elif page.locator("[data-select]").count() and "build" not in seen:
            phone_check(page, "a card to build", "")
            click(page, page.locator("[data-select]").first)
            expect(page.locator('[data-action^="build "]').first).to_be_visible()
            targets = page.locator('[data-action^="build "]').count()
            assert phone_check(page, "build targets", "build ") > targets > 0
            shoot_phone(page, "phone-build")
            check_axe_both_themes(page, "phone, build targets")
            click(page, page.locator("[data-select].selected"))  # chosen again: cancelled
            seen.append("build")
        elif page.locator('[data-action="produce"]').count() and "produce" not in seen:
            phone_check(page, "produce", "produce")
            seen.append("produce")
        click_action(page, prefer)
    page.evaluate(FINISH_JS, list(prefer))
    assert set(seen) >= {"draft", "place", "take", "build", "produce"}, seen
    expect(table).to_have_attribute("data-phase", "over")
    if page.locator("#final").is_hidden():  # the end announced where the player was
        expect(page.locator('.tab.badge[data-tab="final"]')).to_be_visible()
        click(page, page.locator("#message-turn [data-ui]"))
    expect(page.locator("#final")).to_be_visible()
    phone_check(page, "end", None)
    assert in_viewport(page, "#tabs, .topbar, #final-area") == []
    check_axe_both_themes(page, "phone, end screen")
    shoot_phone(page, "phone-end")


def touch(page: Page, selector: str, kind: str) -> None:
    """A finger's pointer event at the middle of the first element matching ``selector``."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    page.locator(selector).first.dispatch_event(kind, {
        "pointerType": "touch", "pointerId": 7, "isPrimary": True,
        "clientX": box["x"] + box["width"] / 2, "clientY": box["y"] + box["height"] / 2})


@pytest.mark.browser_context_args(has_touch=True, is_mobile=True, viewport=PHONE)
def test_long_press_on_touch_opens_card_details(strict_page: Page, open_game: OpenGame) -> None:
    """iOS fires no contextmenu: a finger held on a city card opens its details; held on
    a hand card that can be built, it opens the details without choosing the card, and
    the next tap chooses it as usual."""
    page = strict_page
    open_game(page, "index.html?seats=human,random&seed=5&pace=0")
    waiting(page)
    click(page, page.locator('[data-tab="me"]'))
    card = "#me [data-city] [data-card]"
    name = rome.BUILDINGS[page.locator(card).first.get_attribute("data-card") or ""].name
    detail = page.locator("#detail")
    expect(detail).to_be_hidden()
    touch(page, card, "pointerdown")
    expect(detail).to_be_visible()  # while the finger is still down
    expect(detail).to_contain_text(name)
    touch(page, card, "pointerup")
    click(page, page.locator("#detail-close"))
    expect(detail).to_be_hidden()
    if page.locator(".tab.has-choices").count():  # back to where the choices are
        click(page, page.locator(".tab.has-choices"))
    for _ in range(60):
        if page.locator("[data-select]").count():
            break
        click_action(page, ("take ", "keep ", "place ", "draft ", "end"))
        waiting(page)
    hand = "[data-select]"
    kind = page.locator(hand).first.get_attribute("data-select") or ""
    touch(page, hand, "pointerdown")
    expect(detail).to_be_visible()
    expect(detail).to_contain_text(rome.BUILDINGS[kind].name)
    shoot_phone(page, "phone-details")
    touch(page, hand, "pointerup")
    page.locator(hand).first.dispatch_event("click")  # the click that ends the press
    expect(page.locator(hand).first).to_have_attribute("aria-pressed", "false")
    assert page.locator('[data-action^="build "]').count() == 0
    page.evaluate("""sel => {  // a tap: down, up and click in one go (no timer between)
        const el = document.querySelector(sel), r = el.getBoundingClientRect();
        const at = {pointerType: 'touch', pointerId: 8, isPrimary: true, bubbles: true,
                    clientX: r.left + r.width / 2, clientY: r.top + r.height / 2};
        el.dispatchEvent(new PointerEvent('pointerdown', at));
        el.dispatchEvent(new PointerEvent('pointerup', at));
        el.click();
    }""", hand)
    expect(page.locator(f'[data-select="{kind}"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-action^="build "]').first).to_be_visible()


def test_a_new_version_offered_leaves_the_tab_bar_on_the_screen(strict_page: Page,
                                                                open_game: OpenGame) -> None:
    """assets/boot.js puts "A new version of the game is ready" above the page: on a phone
    it pushed the tab bar below the screen's edge. The table gives the line its room."""
    page = strict_page
    page.set_viewport_size(PHONE)
    open_game(page, "index.html?seats=human,random&seed=5&pace=0")
    waiting(page)
    page.evaluate("""() => document.body.insertAdjacentHTML('afterbegin',  // as boot.js
        '<div id="update-notice" class="notice update-notice" role="status">A new version of '
        + 'the game is ready. <button type="button" class="btn">Reload now</button></div>')""")
    expect(page.locator("#update-notice button")).to_be_visible()
    assert in_viewport(page, "#tabs, .topbar, #update-notice") == []
    phone_check(page, "a new version offered", None)
    shoot_phone(page, "phone-update-notice")
