"""What the table's browser tests share: reading the game from the page, playing it by
clicks, axe-core in both themes, the phone layout's checks and screenshots.

Why a module of its own: the table's tests (``test_table.py``, ``test_phone.py``) and
others (hot-seat, the tutorial, the rules, the hint) check the same things the same way.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import DESKTOP, PHONE, WIDE, click
from playwright.sync_api import Page, expect

import rome

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e" / "artifacts" / "table"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

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


# The move count and every offered action, read in one round trip (a whole game is
# hundreds of moves: one call per element cost minutes of the suite).
OFFERED_JS = """() => [document.getElementById('table').dataset.moves ?? null,
    [...document.querySelectorAll('[data-action]')].map(e => e.dataset.action || '')]"""


def click_action(page: Page, prefer: tuple[str, ...]) -> None:
    """Click one offered action, preferring the given verbs (waits for the move); on a
    phone, first go where an announced turn's choices are."""
    go = page.locator("#message-turn [data-ui]")
    if go.count() and go.is_visible():
        click(page, go)
    moves, texts = page.evaluate(OFFERED_JS)
    pick = next((t for p in prefer for t in texts if t.startswith(p)), texts[0])
    click(page, page.locator(f'[data-action="{pick}"]').first)
    page.wait_for_function(f"document.getElementById('table').dataset.moves !== '{moves}'")


# Plays the human's moves to the end inside the page, choosing as ``click_action`` does (the
# same game), each choice clicked only if a pointer could: shown, and the element at its
# middle (after scrolling it into view) is the choice itself. On a phone a new turn whose
# choices are under another tab is announced, and the player goes there with the message's
# button first (issue 40). Why in the page: the rest of a game is a hundred moves, each
# costing several round trips from here.
FINISH_JS = """async (prefer) => {
  const root = () => document.getElementById('table');
  const sleep = (ms) => new Promise(r => setTimeout(r, ms));
  const until = async (ok) => {  // as long as ``waiting`` waits, for each move
    const t0 = performance.now();
    while (!ok()) {
      if (performance.now() - t0 > 120000)
        throw new Error('stuck: ' + JSON.stringify(root() && root().dataset));
      await sleep(4);
    }
  };
  for (;;) {
    await until(() => ['human', 'over'].includes(root()?.dataset.waiting));
    if (root().dataset.waiting === 'over') return;
    const go = document.querySelector('#message-turn [data-ui]');
    const answered = () => !performance.getEntriesByName('rome:input', 'mark').length;
    if (go && go.getClientRects().length) {
      go.click();
      await until(answered);  // the table answers it (from a worker, a moment later)
    }
    const moves = root().dataset.moves;
    const texts = [...document.querySelectorAll('[data-action]')].map(e => e.dataset.action || '');
    const pick = prefer.map(p => texts.find(t => t.startsWith(p))).find(t => t) ?? texts[0];
    const el = document.querySelector(`[data-action="${CSS.escape(pick)}"]`);
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (el.disabled || !r.width || !r.height || !el.contains(hit)) {
      const over = hit ? hit.outerHTML.slice(0, 80) : 'nothing';
      throw new Error(`move ${moves}: ${pick} cannot be clicked (${over} is on top)`);
    }
    el.click();
    await until(() => root().dataset.moves !== moves);
  }
}"""


def axe_serious(page: Page, within: str = "") -> list[str]:
    """Serious and critical axe-core violations on the page as it is now (only inside the
    element ``within`` selects, if given: an open dialog)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async (within) => {
        const where = within ? document.querySelector(within) : document;
        const r = await axe.run(where, {resultTypes: ['violations']});
        return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
          .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""", within)
    return list(found)


def set_theme(page: Page, theme: str) -> None:
    page.evaluate("t => document.documentElement.dataset.theme = t", theme)


def check_axe_both_themes(page: Page, screen: str, within: str = "") -> None:
    for theme in ("light", "dark"):
        set_theme(page, theme)
        found = axe_serious(page, within)
        assert not found, f"{screen} ({theme}): {found}"
    set_theme(page, "light")


def shoot(page: Page, name: str) -> None:
    """Screenshots at three sizes, light and dark, for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("1280x800", DESKTOP), ("1920x1080", WIDE), ("390x844", PHONE)):
        page.set_viewport_size(size)
        if size == PHONE:
            page.evaluate("scrollTo(0, 0)")  # a phone's page never scrolls
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


def shoot_phone(page: Page, name: str) -> None:
    shoot_themes(page, ARTIFACTS / f"{name}-390x844")


def shoot_themes(page: Page, stem: Path) -> None:
    """The page as it is, light and dark: ``stem``-light.png and ``stem``-dark.png."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark"):
        set_theme(page, theme)
        page.screenshot(path=f"{stem}-{theme}.png")
    set_theme(page, "light")


PHONE_CHECK = """() => {
    const shown = el => el.getClientRects().length > 0
                        && getComputedStyle(el).visibility !== 'hidden';
    const box = el => { const r = el.getBoundingClientRect();
                        return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
    const inside = b => b.t >= -0.5 && b.l >= -0.5 && b.b <= innerHeight + 0.5
                        && b.r <= innerWidth + 0.5;
    const overlap = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5
                              && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;
    const name = el => el.dataset.action || el.dataset.select || el.dataset.region || el.id
                       || el.className;
    const out = {problems: [], choices: 0, hidden: []};
    const prompt = document.getElementById('prompt');
    const handover = document.getElementById('handover');
    const asking = shown(prompt) ? prompt : handover;
    const over = document.getElementById('table').dataset.phase === 'over';
    if (!over && (!shown(asking) || !inside(box(asking)))) out.problems.push('prompt out of view');
    for (const el of document.querySelectorAll('#table [data-action], #table [data-select]')) {
      if (!shown(el)) { out.hidden.push(name(el)); continue; }
      out.choices += 1;
      if (!inside(box(el))) out.problems.push('choice out of view: ' + name(el));
    }
    const items = [...document.querySelectorAll('.topbar .status > *, .topbar .controls > *')]
      .filter(shown);
    const lines = [];
    for (const el of items) {
      const range = document.createRange(); range.selectNodeContents(el);
      lines.push(...[...range.getClientRects()].filter(r => r.width > 1 && r.height > 1));
      if (box(el).r > innerWidth + 0.5) out.problems.push('header item off screen: ' + name(el));
    }
    if (Math.max(...lines.map(r => r.top)) >= Math.min(...lines.map(r => r.bottom)))
      out.problems.push('the header is not one row: ' + JSON.stringify(
        lines.map(r => [Math.round(r.top), Math.round(r.bottom)])));
    items.forEach((a, i) => items.slice(i + 1).forEach(b => {
      if (overlap(box(a), box(b)))
        out.problems.push('header overlap: ' + name(a) + ' / ' + name(b));
    }));
    const round = document.querySelector('.topbar .round');  // "3 …" told nothing
    if (round && (round.scrollWidth > round.clientWidth + 0.5
                  || box(round).r > box(round.closest('.status')).r + 0.5))
      out.problems.push('the round is cut: ' + round.textContent);
    const parts = ['.topbar', '#notice', '#prompt', '#handover', '#board', '#me', '#others',
                   '#log-box', '#final-area', '#tabs'].map(s => document.querySelector(s))
      .filter(el => el && shown(el));
    parts.forEach((a, i) => parts.slice(i + 1).forEach(b => {
      if (overlap(box(a), box(b))) out.problems.push('overlap: ' + name(a) + ' / ' + name(b));
    }));
    if (scrollY !== 0) out.problems.push('the page scrolled');
    return out;
}"""


def phone_check(page: Page, moment: str, verb: str | None) -> int:
    """At 390x844: the prompt and every choice it offers (``verb`` among them) are in view
    together, unscrolled, with none hidden in another tab; the header is one row and no
    two parts of the screen overlap. ``verb`` None: nothing is asked (a hand-over). Returns
    how many choices were in view."""
    found = page.evaluate(PHONE_CHECK)
    if found["problems"] or found["hidden"]:  # a picture of what went wrong
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"phone-failed-{moment.replace(' ', '-')}.png"))
    assert found["problems"] == [], f"{moment}: {found['problems']}"
    assert found["hidden"] == [], f"{moment}: choices hidden in another tab: {found['hidden']}"
    if verb is not None:
        assert page.locator(f'[data-action^="{verb}"], [data-select]').first.is_visible(), \
            moment
    return int(found["choices"])


def at_both_sizes(page: Page, moment: str, verb: str | None, shot: str) -> None:
    """axe-core in both themes at 1280x800, then at 390x844 with the phone checks and a
    picture; the page is left at the phone's size (the next click happens there)."""
    page.set_viewport_size(DESKTOP)
    check_axe_both_themes(page, f"{moment}, 1280x800")
    page.set_viewport_size(PHONE)
    check_axe_both_themes(page, f"{moment}, 390x844")
    phone_check(page, moment, verb)
    shoot_phone(page, shot)
