"""The rules dialog as a player meets it (issue 41): it opens at its top, its filter
narrows the rules, and a card's details and the prompt's "why?" open it at the section
they need; axe-core finds nothing serious in it, in either theme.

Why one module on one shared page: each check reads or opens the dialog over whatever
the page shows, so the new-game screen and then one 2-seat game on the same page serve
every test (a boot costs two Pyodide start-ups).
"""

from __future__ import annotations

from pathlib import Path

from conftest import DESKTOP, PHONE
from playwright.sync_api import Page, expect
from table_checks import check_axe_both_themes, shoot_themes

import rome

ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "rules"
GAME = "index.html?seats=human,random&seed=5&pace=0"
FOCUSED_ID = "document.activeElement && document.activeElement.id"
SCROLLED = "document.getElementById('help').scrollTop"
# How far the focused heading's section lies below the top of the scrolling dialog.
# How far the focused section starts below the dialog's title bar, and whether Close is
# the element a pointer at its middle reaches (in view, nothing over it).
BELOW_TOP = """() => {
    const section = document.activeElement.closest('section');
    const close = document.getElementById('help-close').getBoundingClientRect();
    const hit = document.elementFromPoint(close.left + close.width / 2,
                                          close.top + close.height / 2);
    return [section.getBoundingClientRect().top
            - document.querySelector('.rules-top').getBoundingClientRect().bottom,
            hit !== null && hit.closest('#help-close') !== null];
}"""


def opened_at_its_section(page: Page) -> None:
    below, close_reachable = page.evaluate(BELOW_TOP)
    assert 0 <= below < 40, f"the section starts {below} px below the title bar"
    assert close_reachable, "Close is out of view or covered"


def shoot(page: Page, name: str) -> None:
    shoot_themes(page, ARTIFACTS / name)


def test_opens_at_its_top_and_names_every_building(booted_page: Page) -> None:
    page = booted_page
    page.set_viewport_size(DESKTOP)
    opener = page.locator('#newgame [data-ui="help"]')
    opener.click()
    expect(page.locator("#help")).to_be_visible()
    assert page.evaluate(FOCUSED_ID) == "help-title"
    assert page.evaluate(SCROLLED) == 0
    shoot(page, "top")
    text = page.locator("#help").text_content() or ""
    missing = [b.name for b in rome.BUILDINGS.values() if b.name not in text]
    assert missing == []
    check_axe_both_themes(page, "rules dialog", "#help")
    page.evaluate("document.getElementById('help').scrollTop = 4000")  # read far down
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()
    assert page.evaluate("document.activeElement.dataset.ui") == "help"  # back to the opener
    page.keyboard.press("?")  # open again: at the top again
    expect(page.locator("#help")).to_be_visible()
    assert page.evaluate(SCROLLED) == 0 and page.evaluate(FOCUSED_ID) == "help-title"
    page.set_viewport_size(PHONE)
    shoot(page, "phone")
    page.set_viewport_size(DESKTOP)
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()


def test_filter_narrows_to_the_aqueducts_by_keyboard(booted_page: Page) -> None:
    page = booted_page
    page.keyboard.press("?")
    expect(page.locator("#help-title")).to_be_focused()  # drawn: a player sees it first
    page.keyboard.press("Tab")  # from the title: Close, then the filter box
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED_ID) == "rules-filter"
    page.keyboard.type("aqueduct")
    expect(page.locator("#rules-count")).to_contain_text("2 buildings")
    body = page.locator("#rules-body")
    expect(body.locator("#rules-card-aqueduct")).to_be_visible()
    expect(body.locator("#rules-card-grand-aqueduct")).to_be_visible()
    expect(body.locator("#rules-aqueducts")).to_be_visible()
    assert body.locator("#rules-card-market").count() == 0
    assert body.locator("#rules-emissaries").count() == 0
    shoot(page, "filtered")
    check_axe_both_themes(page, "rules dialog, filtered", "#help")
    page.keyboard.press("Escape")  # from inside the filter box
    expect(page.locator("#help")).to_be_hidden()
    page.keyboard.press("?")  # each opening shows every section
    expect(page.locator("#rules-filter")).to_have_value("")
    expect(page.locator("#rules-card-market")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()


def test_why_and_card_details_open_their_sections(booted_page: Page, site_url: str) -> None:
    page = booted_page
    page.goto(site_url + GAME)
    page.wait_for_function("document.getElementById('table')?.dataset.waiting === 'human'",
                           timeout=120_000)
    phase = page.locator("#table").get_attribute("data-phase")
    section = {"draft": "rules-draft", "emissary": "rules-emissaries"}.get(phase or "")
    why = page.locator("#rules-why")
    expect(why).to_have_attribute("data-rules", section or "rules-turn")
    shoot(page, "prompt")
    why.click()
    expect(page.locator("#help")).to_be_visible()
    assert page.evaluate("document.activeElement.closest('section').id") == \
        why.get_attribute("data-rules")
    opened_at_its_section(page)
    shoot(page, "why")
    page.locator("#help-close").click()
    expect(why).to_be_focused()

    card = page.locator("[data-card]").first
    kind = card.get_attribute("data-card")
    card.click(button="right")  # a card's details, as a right click opens them
    rules = page.locator("#detail-rules")
    expect(rules).to_be_visible()
    expect(page.locator("#detail")).to_contain_text(rome.BUILDINGS[str(kind)].name)
    shoot(page, "details")
    rules.click()
    expect(page.locator("#help")).to_be_visible()
    assert page.evaluate("document.activeElement.closest('section').id") == \
        f"rules-card-{kind}"
    opened_at_its_section(page)
    shoot(page, "building")
    check_axe_both_themes(page, "rules dialog at a building", "#help")
    page.keyboard.press("Escape")
    expect(page.locator("#detail-rules")).to_be_focused()
