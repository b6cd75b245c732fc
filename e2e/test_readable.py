"""Every word on the table readable at the common screen sizes (issue 33).

Why measured in the browser: an SVG's text shrinks with the drawing and a long name
grows past its box; only the rendered page tells. A four-seat game with long names
(24 graphemes with combining marks and an emoji) is played to mid-game, then at
1280×720, 1366×768 and 1920×1080 every visible text node on the table is measured: its
font size times the scale of any SVG it is drawn in must be at least 11 CSS px, and the
visible part of its text must lie inside its box (a card, a cell, a seat's panel…).
Screenshots of each size and of a phone, light and dark, go to ``e2e/artifacts/looks``
for a person to look at; axe-core must stay clean.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PHONE, SharedPage, wait_ready
from playwright.sync_api import Browser, Page
from table_checks import FINISH_JS, axe_serious, set_theme

ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "looks"
SIZES = {"1280x720": (1280, 720), "1366x768": (1366, 768), "1920x1080": (1920, 1080)}
MIN_PX = 11.0
LONG_NAMES = (
    "Maximilianus Aurelius Rex",  # 25 letters: cut to 24
    "Zoë Ångström-Łukasiewicz\u0301",  # combining marks
    "Ngozi 👩\u200d🚀 Okonkwo-Adeyemi",  # an emoji ZWJ sequence
    "WWWWWWWWWWWWWWWWWWWWWWWW",  # the widest letters, no space to wrap at
)
MID_GAME_ROUND = 3

MEASURE_JS = """(minPx) => {
  const small = [], over = [];
  const root = document.getElementById('table');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const BOX = '.card, .cell, .space, .player, .panel, .topbar, .log-list li, .tab, .btn, '
            + '.stat, .deck, .influence-pool, .order li';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('title, .sr-only, [hidden]')) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg) size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const what = text.slice(0, 30) + ' <' + el.tagName.toLowerCase() + ' ' +
      (el.getAttribute('class') || '') + '>';
    if (size < minPx - 0.01) small.push(what + ' ' + size.toFixed(1) + 'px');
    const box = el.closest(BOX);
    if (!box) continue;
    // the visible part: clipped by every scrolling or hiding box on the way up
    let [l0, t0, r0, b0] = [-1e9, -1e9, 1e9, 1e9];
    for (let a = el; a && a !== box; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        const r = a.getBoundingClientRect();
        [l0, t0, r0, b0] = [Math.max(l0, r.left), Math.max(t0, r.top),
                            Math.min(r0, r.right), Math.min(b0, r.bottom)];
      }
    }
    const b = box.getBoundingClientRect();
    for (const r of rects) {
      const [l, t, rr, bb] = [Math.max(r.left, l0), Math.max(r.top, t0),
                              Math.min(r.right, r0), Math.min(r.bottom, b0)];
      if (rr <= l || bb <= t) continue;
      if (l < b.left - 1 || rr > b.right + 1 || t < b.top - 1 || bb > b.bottom + 1) {
        over.push(what + ' in ' + (box.getAttribute('class') || box.tagName) + ' ' +
                  JSON.stringify([Math.round(l - b.left), Math.round(rr - b.right),
                                  Math.round(t - b.top), Math.round(bb - b.bottom)]));
        break;
      }
    }
  }
  return [small, over];
}"""

# Plays the human's moves inside the page until round ``stop`` (as FINISH_JS, sooner).
TO_ROUND_JS = """async (stop) => {
  const root = () => document.getElementById('table');
  const sleep = (ms) => new Promise(r => setTimeout(r, ms));
  const prefer = ['build ', 'take ', 'keep ', 'produce', 'place ', 'draft ', 'school ', 'end'];
  for (let i = 0; i < 2000; i++) {
    while (!['human', 'over'].includes(root()?.dataset.waiting)) await sleep(4);
    if (root().dataset.waiting === 'over' || Number(root().querySelector('[data-round]')
        ?.dataset.round) >= stop) return;
    const moves = root().dataset.moves;
    const texts = [...document.querySelectorAll('[data-action]')].map(e => e.dataset.action);
    const pick = prefer.map(p => texts.find(t => t.startsWith(p))).find(t => t) ?? texts[0];
    document.querySelector(`[data-action="${CSS.escape(pick)}"]`).click();
    while (root().dataset.moves === moves) await sleep(4);
  }
}"""


@pytest.fixture(scope="module")
def mid_game(browser: Browser, browser_context_args: dict, site_url: str
             ) -> Iterator[SharedPage]:
    """One four-seat game with long names, played to round 3 (every test only reads it)."""
    shared = SharedPage(browser, browser_context_args, site_url)
    page = shared.page
    page.set_default_timeout(120_000)
    page.set_viewport_size({"width": 1280, "height": 720})
    # the address sets the quick computers; the form (its seats kept) the names
    page.goto(site_url + "index.html?seats=human,random,random,random&seed=41&pace=0")
    wait_ready(page)
    page.locator('[data-ui="newgame"]').click()
    for i, name in enumerate(LONG_NAMES):
        if i:  # the quickest computer the form offers
            offered = page.evaluate(f"[...document.querySelectorAll('#seat-kind-{i} option')]"
                                    ".map(o => o.value)")
            page.select_option(f"#seat-kind-{i}", "random" if "random" in offered else "easy")
        page.fill(f"#seat-name-{i}", name)
    page.fill("#opt-seed", "41")
    page.locator("#start-btn").click()
    page.wait_for_selector("#table")
    page.evaluate(TO_ROUND_JS, MID_GAME_ROUND)
    yield shared
    shared.close()


@pytest.fixture
def table_page(mid_game: SharedPage) -> Iterator[Page]:
    """The mid-game page; the test fails on errors or foreign requests seen meanwhile."""
    with mid_game.checked() as page:
        yield page


@pytest.mark.parametrize("size", list(SIZES))
def test_every_text_is_at_least_11_px_and_inside_its_box(table_page: Page, size: str) -> None:
    page = table_page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    small, over = page.evaluate(MEASURE_JS, MIN_PX)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark"):
        set_theme(page, theme)
        page.screenshot(path=str(ARTIFACTS / f"midgame-{size}-{theme}.png"), full_page=True)
    set_theme(page, "light")
    assert not small, f"{len(small)} texts under {MIN_PX} px at {size}: {small[:12]}"
    assert not over, f"{len(over)} texts outside their box at {size}: {over[:12]}"
    # every opponent's city is drawn, at rest, at a readable cell size
    assert page.locator(".others .player").count() == 3
    cells = page.evaluate("""() => [...document.querySelectorAll(
        '.others [data-city] .cell')].map(c => c.getBoundingClientRect().width)""")
    assert cells and min(cells) >= 38, cells


def test_long_names_are_cut_whole_and_told_in_full(table_page: Page) -> None:
    """Each long name is drawn cut with an ellipsis where its box is too narrow, never
    split inside a grapheme, and the whole name stays in the accessible name."""
    page = table_page
    page.set_viewport_size({"width": 1280, "height": 720})
    labels = page.evaluate("""() => [...document.querySelectorAll('.player[aria-label]')]
        .map(p => p.getAttribute('aria-label'))""")
    assert any("Ngozi 👩\u200d🚀 Okonkwo" in x for x in labels), labels
    assert any("WWWWWWWWWWWWWWWWWWWWWWWW" in x for x in labels), labels
    overflowing = page.evaluate("""() => [...document.querySelectorAll('#table .who')]
        .filter(w => w.getClientRects().length && w.scrollWidth > w.clientWidth + 1
                 && getComputedStyle(w).textOverflow !== 'ellipsis')
        .map(w => w.textContent)""")
    assert not overflowing


def test_phone_mid_game_does_not_scroll_sideways(table_page: Page) -> None:
    page = table_page
    page.set_viewport_size(PHONE)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for tab in ("board", "me", "others", "log"):
        page.keyboard.press("Escape")
        page.locator(f'button[data-tab="{tab}"]').click()
        wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert wide <= 0, f"the {tab} tab scrolls {wide} px sideways"
        # the long name gives way, never the round ("3 …" told nothing)
        cut = page.evaluate("""() => { const r = document.querySelector('.topbar .round');
            const box = r.closest('.status').getBoundingClientRect();
            return Math.max(r.scrollWidth - r.clientWidth,
                            r.getBoundingClientRect().right - box.right,
                            box.left - r.getBoundingClientRect().left); }""")
        assert cut <= 0, f"the round is cut by {cut} px"
        for theme in ("light", "dark"):
            set_theme(page, theme)
            page.screenshot(path=str(ARTIFACTS / f"midgame-390x844-{tab}-{theme}.png"))
    set_theme(page, "light")
    assert not axe_serious(page)
    page.set_viewport_size({"width": 1280, "height": 720})
    for theme in ("light", "dark"):
        set_theme(page, theme)
        assert not axe_serious(page), theme
    set_theme(page, "light")
    assert FINISH_JS  # the same player as the table tests', sooner: keep the two in step
