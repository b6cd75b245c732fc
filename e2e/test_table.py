"""The table as a player sees it: one screen, prices before commitment, accessibility,
a watched computer-only game, and screenshots for a person to look at.

Why one shared 4-seat game: every check here needs a game in progress, and a game in
the browser costs tens of seconds on the 2-core machine, so the layout, price, axe and
screenshot checks all look at the same seeded game at several moments.
"""

from __future__ import annotations

import re

from conftest import DESKTOP, PHONE, WIDE, OpenGame, click
from playwright.sync_api import Page, expect
from table_checks import (
    FINISH_JS,
    at_both_sizes,
    check_axe_both_themes,
    click_action,
    in_viewport,
    patient_waits,
    phone_check,
    record,
    shoot,
    state_of,
    waiting,
)

import rome

assert patient_waits  # an autouse fixture: imported to apply here

# Every build target's action and price, in one round trip (three calls per target cost
# seconds per check).
TARGETS_JS = """() => [...document.querySelectorAll('[data-action^="build "]')].map(
    e => [e.dataset.action || '', e.dataset.costTokens ?? null, e.dataset.costCoins ?? null])"""


def check_costs(page: Page) -> int:
    """Every build target's price equals ``rome.build_cost`` for the page's own state, and
    the prompt says the card's cost and that price."""
    state = state_of(page)
    seat = rome.current_player(state)
    assert seat is not None
    checked = 0
    kinds = [page.locator("[data-select]").nth(i).get_attribute("data-select")
             for i in range(page.locator("[data-select]").count())]
    for kind in dict.fromkeys(kinds):
        click(page, page.locator(f'[data-select="{kind}"]').first)
        expect(page.locator('[data-action^="build "]').first).to_be_visible()
        expected = rome.build_cost(state, seat, kind)
        # the prompt says the card's cost in bricks and what pays beyond this turn's
        said = page.locator("#prompt").inner_text()
        cost = rome.BUILDINGS[kind].cost
        assert ("(free)" if cost == 0 else f"({cost} brick") in said, said
        assert not expected[0] or f"{expected[0]} brick token" in said, said
        assert not expected[1] or f"{expected[1]} coin" in said, said
        for action, tokens, coins in page.evaluate(TARGETS_JS):
            assert action.startswith(f"build {kind} ")
            shown = (int(tokens or -1), int(coins or -1))
            assert shown == expected, (kind, shown, expected)
            checked += 1
    if kinds:
        click(page, page.locator(f'[data-select="{kinds[0]}"]').first)  # deselect again
    return checked


def test_four_seats_one_screen_prices_access_and_end(strict_page: Page,
                                                       open_game: OpenGame) -> None:
    page = strict_page
    page.set_viewport_size(DESKTOP)
    open_game(page, "index.html?seats=human,random,random,random&seed=41&pace=0")
    table = page.locator("#table")
    moments = checked = 0
    shot = False
    prefer = ("build ", "take ", "keep ", "produce", "place ", "end")
    for _ in range(400):
        if waiting(page) == "over" or moments == 3:  # the rest is played in the page
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
                phone_check(page, "four seats, mid-game", "")
                page.set_viewport_size(DESKTOP)
                shot = True
        elif phase == "emissary" and moments == 1:
            check_axe_both_themes(page, "table, emissary phase")
        click_action(page, prefer)
    page.evaluate(FINISH_JS, list(prefer))
    assert moments >= 2 and checked >= 2
    expect(table).to_have_attribute("data-phase", "over")
    expect(page.locator(".order-wrap h3")).to_have_count(0)
    assert page.locator("[data-area]").count() >= 4
    r = record(page)
    state = rome.replay(r["players"], r["seed"], r["actions"], shrine=r["shrine"])
    shown = {int(x.get_attribute("data-player")): int(x.get_attribute("data-total"))
             for x in page.locator("[data-player]").all()}
    assert shown == {i: s["total"] for i, s in enumerate(rome.final_scores(state))}
    # The review of the human's decisions begins, saying how far it has come (the rest
    # was played in the page, too quickly to prepare it; the whole review is
    # e2e/test_advice.py's, which waits for it).
    click(page, page.locator('[data-ui="review"]'))
    review = page.locator("#review[data-review-state]")
    expect(review).to_be_visible()
    # "n of m checked" while pending; the review itself if it was quicker than this check
    expect(review).to_contain_text(re.compile(r"\d+ of \d+ checked|Every decision"))
    # The focus stays on the review while it is prepared: each "n of m checked" redraws
    # the end screen, and a keyboard player's focus used to fall to the page's start.
    focused = page.locator("#review")
    expect(focused).to_be_focused()
    shown = review.inner_text()
    for _ in range(60):  # until the next redraw, or the review is whole
        if review.inner_text() != shown or "Every decision" in shown:
            break
        page.wait_for_timeout(250)
    expect(focused).to_be_focused()
    check_axe_both_themes(page, "end screen with the review asked")
    # In one step in the page: each "n of m checked" redraws the end screen, and a
    # locator's scroll failed once on the #final it had found, replaced meanwhile.
    page.evaluate("document.getElementById('final').scrollIntoView({block: 'nearest'})")
    for size in (DESKTOP, WIDE, PHONE):
        page.set_viewport_size(size)
        if size == PHONE:
            click(page, page.locator('[data-tab="final"]'))
        assert page.evaluate(FINAL_SQUEEZED_JS) == {"tables": 2, "squeezed": []}, size
    page.set_viewport_size(DESKTOP)
    shoot(page, "end")


FINAL_SQUEEZED_JS = """() => {
  const out = [];
  const shown = [...document.querySelectorAll('#score-categories, #final-table')]
    .filter((t) => t.getClientRects().length);
  for (const box of shown.map((t) => t.parentElement)) {
    if (box.scrollWidth > box.clientWidth + 1) out.push(`${box.ariaLabel} scrolls sideways`);
  }
  for (const th of shown.flatMap((t) => [...t.querySelectorAll('th')])) {
    const text = th.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    for (const m of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      if (range.getClientRects().length > 1) out.push(`"${m[0]}" broken`);
    }
  }
  const details = document.querySelector('.city-details');
  if (details.scrollWidth > details.clientWidth + 1) out.push('the cities scroll sideways');
  for (const td of details.querySelectorAll('td')) {
    const range = document.createRange();
    range.selectNodeContents(td);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) out.push(`"${td.textContent}" wraps`);
  }
  return {tables: shown.length, squeezed: out};
}"""
"""The four players' score tables shown, and what of the end screen does not show whole:
a table that scrolls sideways, a word in a heading broken over two lines (the names are
short), a figure of a city's details ("1 × value 2") over two lines."""


def check_details_breakdown_theme(page: Page) -> None:
    """A city card opens its details; a score opens its breakdown; the theme is kept."""
    click(page, page.locator(".others [data-city] [data-card]").first)
    detail = page.locator("#detail")
    expect(detail).to_be_visible()
    expect(detail).to_contain_text("cost")
    click(page, page.locator("#detail-close"))
    expect(detail).to_be_hidden()
    click(page, page.locator("[data-seat-score]").first)
    expect(page.locator("[data-breakdown]")).to_contain_text("Residential areas")
    click(page, page.locator("[data-seat-score]").first)
    expect(page.locator("[data-breakdown]")).to_have_count(0)
    before = page.evaluate("document.documentElement.dataset.theme || ''")
    click(page, page.locator("#theme-btn"))
    after = page.evaluate("document.documentElement.dataset.theme")
    assert after in ("light", "dark") and after != before
    assert after in (page.evaluate("JSON.stringify(localStorage)") or "")
    click(page, page.locator("#theme-btn"))


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
    expect(page.locator(".levels li")).to_have_count(4)
    expect(page.locator(".levels li").last).to_contain_text(
        "Expert — looks three of its own turns ahead; thinks for a few seconds")
    expect(page.locator("#seat-kind-1 option[value=expert]")).to_have_text("Computer — expert")
    check_axe_both_themes(page, "new-game screen")
    page.keyboard.press("?")
    expect(page.locator("#help")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()


def test_draft_and_hand_over_pass_axe_in_both_themes(strict_page: Page,
                                                     open_game: OpenGame) -> None:
    """Two humans at one device: the opening hand-over, then the draft, then the next
    hand-over (cities shown, hands hidden), each checked by axe-core in both themes at
    1280x800 and at 390x844; on the phone, the prompt or hand-over panel and its choices
    are in view, nothing overlapping, and the choice is clicked there.

    One page resized at each moment, rather than a page per size: the same checks for
    one start of the page instead of two."""
    page = strict_page
    page.set_viewport_size(DESKTOP)
    open_game(page, "index.html?seats=human,human&seed=12&pace=0")
    table = page.locator("#table")
    expect(table).to_have_attribute("data-waiting", "handover")
    expect(page.locator("#handover-ok")).to_be_visible()
    at_both_sizes(page, "hand-over before the draft", None, "phone-handover")
    click(page, page.locator("#handover-ok"))
    expect(table).to_have_attribute("data-waiting", "human")
    expect(table).to_have_attribute("data-phase", "draft")
    expect(page.locator('#prompt [data-action^="draft "]').first).to_be_visible()
    at_both_sizes(page, "draft", "draft ", "phone-draft")
    click(page, page.locator('#prompt [data-action^="draft "]').first)
    expect(table).to_have_attribute("data-waiting", "handover")
    expect(table).to_have_attribute("data-current-player", "1")
    assert page.locator("[data-city]").count() == 2, "cities stay on the table"
    check_axe_both_themes(page, "hand-over in the draft, 390x844")
    page.set_viewport_size(DESKTOP)
    check_axe_both_themes(page, "hand-over in the draft, 1280x800")


