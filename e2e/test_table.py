"""The table as a player sees it: one screen, prices before commitment, accessibility,
a watched computer-only game, and screenshots for a person to look at.

Why one shared 4-seat game: every check here needs a game in progress, and a game in
the browser costs tens of seconds on the 2-core machine, so the layout, price, axe and
screenshot checks all look at the same seeded game at several moments.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import OpenGame
from playwright.sync_api import Page, expect

import rome

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e" / "artifacts" / "table"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 800}
WIDE = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}

WAIT_HUMAN = ("['human', 'over'].includes(document.getElementById('table')?.dataset.waiting)")


@pytest.fixture(autouse=True)
def patient_waits(page: Page) -> None:
    page.set_default_timeout(90_000)
    expect.set_options(timeout=30_000)


def record(page: Page) -> dict[str, Any]:
    """The game so far, from the page's own hook."""
    return json.loads(page.evaluate("window.rome.record()"))


def state_of(page: Page) -> rome.GameState:
    r = record(page)
    return rome.replay(r["players"], r["seed"], r["actions"], shrine=r["shrine"])


def waiting(page: Page) -> str:
    page.wait_for_function(WAIT_HUMAN, timeout=120_000)
    return str(page.locator("#table").get_attribute("data-waiting"))


def click_action(page: Page, prefer: tuple[str, ...]) -> None:
    """Click one offered action, preferring the given verbs (waits for the move)."""
    moves = page.locator("#table").get_attribute("data-moves")
    els = page.locator("[data-action]")
    texts = [els.nth(i).get_attribute("data-action") or "" for i in range(els.count())]
    pick = next((t for p in prefer for t in texts if t.startswith(p)), texts[0])
    page.locator(f'[data-action="{pick}"]').first.click()
    page.wait_for_function(f"document.getElementById('table').dataset.moves !== '{moves}'")


def axe_serious(page: Page) -> list[str]:
    """Serious and critical axe-core violations on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
          .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""")
    return list(found)


def set_theme(page: Page, theme: str) -> None:
    page.evaluate("t => document.documentElement.dataset.theme = t", theme)


def check_axe_both_themes(page: Page, screen: str) -> None:
    for theme in ("light", "dark"):
        set_theme(page, theme)
        found = axe_serious(page)
        assert not found, f"{screen} ({theme}): {found}"
    set_theme(page, "light")


def shoot(page: Page, name: str) -> None:
    """Screenshots at three sizes, light and dark, for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("1280x800", DESKTOP), ("1920x1080", WIDE), ("390x844", PHONE)):
        page.set_viewport_size(size)
        for theme in ("light", "dark"):
            set_theme(page, theme)
            page.screenshot(path=str(ARTIFACTS / f"{name}-{label}-{theme}.png"))
    set_theme(page, "light")
    page.set_viewport_size(DESKTOP)


def in_viewport(page: Page, selector: str) -> list[str]:
    """Elements matching ``selector`` that stick out of the viewport (page unscrolled)."""
    return list(page.evaluate("""sel => {
        const out = [];
        for (const el of document.querySelectorAll(sel)) {
          const r = el.getBoundingClientRect();
          if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
            out.push((el.dataset.region || el.dataset.city || el.id) + ' ' +
                     JSON.stringify([r.left, r.top, r.right, r.bottom]));
        }
        return out;
    }""", selector))


def check_costs(page: Page) -> int:
    """Every build target's price equals ``rome.build_cost`` for the page's own state."""
    state = state_of(page)
    seat = rome.current_player(state)
    assert seat is not None
    checked = 0
    kinds = [page.locator("[data-select]").nth(i).get_attribute("data-select")
             for i in range(page.locator("[data-select]").count())]
    for kind in dict.fromkeys(kinds):
        page.locator(f'[data-select="{kind}"]').first.click()
        targets = page.locator('[data-action^="build "]')
        expect(targets.first).to_be_visible()
        expected = rome.build_cost(state, seat, kind)
        for i in range(targets.count()):
            el = targets.nth(i)
            assert (el.get_attribute("data-action") or "").startswith(f"build {kind} ")
            shown = (int(el.get_attribute("data-cost-tokens") or -1),
                     int(el.get_attribute("data-cost-coins") or -1))
            assert shown == expected, (kind, shown, expected)
            checked += 1
    if kinds:
        page.locator(f'[data-select="{kinds[0]}"]').first.click()  # deselect again
    return checked


def test_four_seats_one_screen_prices_access_and_end(strict_page: Page,
                                                       open_game: OpenGame) -> None:
    page = strict_page
    page.set_viewport_size(DESKTOP)
    open_game(page, "index.html?seats=human,random,random,random&seed=41&pace=0")
    table = page.locator("#table")
    moments = checked = 0
    shot = False
    for _ in range(400):
        if waiting(page) == "over":
            break
        phase = table.get_attribute("data-phase")
        if phase == "action" and page.locator("[data-select]").count():
            if moments < 3:
                assert page.evaluate("document.activeElement !== document.body"), \
                    "focus lands on a choice after the move"
            if moments == 0:
                # one screen at 1280x800: every region and city in view, unscrolled
                assert page.evaluate("window.scrollY") == 0
                assert in_viewport(page, "[data-region], [data-city]") == []
                cells = page.evaluate("""() => [...document.querySelectorAll(
                    '.others [data-city] .cell')].map(c => c.getBoundingClientRect().width)""")
                assert cells and min(cells) >= 28, cells
                check_axe_both_themes(page, "table, action phase")
                page.keyboard.press("?")
                expect(page.locator("#help")).to_be_visible()
                check_axe_both_themes(page, "help panel")
                page.keyboard.press("Tab")
                page.keyboard.press("Tab")
                assert page.evaluate("document.getElementById('help').contains("
                                     "document.activeElement)")
                page.locator("#help").click(position={"x": 5, "y": 5})  # the backdrop
                expect(page.locator("#help")).to_be_hidden()
                check_details_breakdown_theme(page)
            if moments < 3:
                checked += check_costs(page)
                moments += 1
            if moments == 2 and not shot:
                assert in_viewport(page, "[data-region], [data-city]") == []
                shoot(page, "midgame")
                page.set_viewport_size(PHONE)
                prompt_and_choices_in_view(page)
                page.set_viewport_size(DESKTOP)
                shot = True
        elif phase == "emissary" and moments == 1:
            check_axe_both_themes(page, "table, emissary phase")
        click_action(page, ("build ", "take ", "keep ", "produce", "place ", "end"))
    assert moments >= 2 and checked >= 2
    expect(table).to_have_attribute("data-phase", "over")
    expect(page.locator(".order-wrap h3")).to_have_count(0)
    assert page.locator("[data-area]").count() >= 4
    r = record(page)
    state = rome.replay(r["players"], r["seed"], r["actions"], shrine=r["shrine"])
    shown = {int(x.get_attribute("data-player")): int(x.get_attribute("data-total"))
             for x in page.locator("[data-player]").all()}
    assert shown == {i: s["total"] for i, s in enumerate(rome.final_scores(state))}
    check_axe_both_themes(page, "end screen")
    page.locator("#final").scroll_into_view_if_needed()
    shoot(page, "end")


def check_details_breakdown_theme(page: Page) -> None:
    """A city card opens its details; a score opens its breakdown; the theme is kept."""
    page.locator(".others [data-city] [data-card]").first.click()
    detail = page.locator("#detail")
    expect(detail).to_be_visible()
    expect(detail).to_contain_text("cost")
    page.locator("#detail-close").click()
    expect(detail).to_be_hidden()
    page.locator("[data-seat-score]").first.click()
    expect(page.locator("[data-breakdown]")).to_contain_text("Residential areas")
    page.locator("[data-seat-score]").first.click()
    expect(page.locator("[data-breakdown]")).to_have_count(0)
    before = page.evaluate("document.documentElement.dataset.theme || ''")
    page.locator("#theme-btn").click()
    after = page.evaluate("document.documentElement.dataset.theme")
    assert after in ("light", "dark") and after != before
    assert after in (page.evaluate("JSON.stringify(localStorage)") or "")
    page.locator("#theme-btn").click()


def prompt_and_choices_in_view(page: Page) -> None:
    """At 390x844 the prompt and its first choice are both on screen after focus."""
    page.evaluate("document.querySelector('[data-select], #prompt [data-action], "
                  "[data-action]').focus()")
    page.wait_for_timeout(100)
    assert in_viewport(page, "#prompt") == []
    first = "[data-select], [data-action]"
    assert page.evaluate(f"""() => {{
        const el = document.querySelector('{first}');
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight; }}""")
    header = page.locator(".topbar").bounding_box()
    assert header is not None and header["height"] < 60, "the header is one row"


def test_computer_only_instant_game_is_watched(strict_page: Page, open_game: OpenGame) -> None:
    """At the instant pace the round on screen advances and the game reaches its end."""
    page = strict_page
    page.set_viewport_size(DESKTOP)
    page.add_init_script("""
        window.__rounds = new Set();
        setInterval(() => { const r = document.querySelector('[data-round]');
                            if (r) window.__rounds.add(r.dataset.round); }, 5);
    """)
    open_game(page, "index.html?seats=random,greedy,random&seed=8&pace=0")
    expect(page.locator("#table")).to_have_attribute("data-phase", "over", timeout=180_000)
    seen = page.evaluate("[...window.__rounds].map(Number)")
    assert len(set(seen)) >= 5, f"rounds seen on screen: {sorted(set(seen))}"


def test_new_game_screen_and_bad_address(strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    page.set_viewport_size(DESKTOP)
    open_game(page, "index.html?seats=human")
    notice = page.locator("#save-notice")
    expect(notice).to_contain_text("2 to 4 seats")
    expect(page.locator(".levels li")).to_have_count(3)
    check_axe_both_themes(page, "new-game screen")
    page.keyboard.press("?")
    expect(page.locator("#help")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()


def test_draft_and_hand_over_pass_axe_in_both_themes(strict_page: Page,
                                                     open_game: OpenGame) -> None:
    """Two humans at one device: the opening hand-over, then the draft, then the next
    hand-over (cities shown, hands hidden), each checked by axe-core in both themes."""
    page = strict_page
    page.set_viewport_size(DESKTOP)
    open_game(page, "index.html?seats=human,human&seed=12&pace=0")
    table = page.locator("#table")
    expect(table).to_have_attribute("data-waiting", "handover")
    expect(page.locator("#handover-ok")).to_be_visible()
    check_axe_both_themes(page, "hand-over before the draft")
    page.locator("#handover-ok").click()
    expect(table).to_have_attribute("data-waiting", "human")
    expect(table).to_have_attribute("data-phase", "draft")
    expect(page.locator('#prompt [data-action^="draft "]').first).to_be_visible()
    check_axe_both_themes(page, "draft")
    page.locator('#prompt [data-action^="draft "]').first.click()
    expect(table).to_have_attribute("data-waiting", "handover")
    expect(table).to_have_attribute("data-current-player", "1")
    assert page.locator("[data-city]").count() == 2, "cities stay on the table"
    check_axe_both_themes(page, "hand-over in the draft")
