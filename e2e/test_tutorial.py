"""The guided first game as a newcomer meets it (issue 41): from the first screen, doing only
what it marks, to its end, on a laptop and on a phone.

Why only ``[data-tutorial-target]``: that is the promise of a guided game, that a newcomer
who does what it shows reaches the end; every click here is on the marked control, and
the words shown on the way must name every rule area the issue lists
(``tests/data/tutorial_areas.json``). A reload half-way must resume it, and a choice other
than the one asked for must be answered with why, and axe-core finds nothing serious in
its panel. Screenshots of each step that teaches go to ``e2e/artifacts/tutorial/``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DESKTOP, PHONE, OpenGame, answered, click, wait_ready
from playwright.sync_api import Page, expect
from table_checks import check_axe_both_themes

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e" / "artifacts" / "tutorial"
AREAS: dict[str, list[str]] = {
    area: words for area, words in json.loads(
        (ROOT / "tests" / "data" / "tutorial_areas.json").read_text()).items()
    if not area.startswith("_")}
FIRST_SCREEN = "index.html?pace=0"

# Settled: the course marks a control (and the table waits for the learner, or is over),
# or it is done. Read with what the step says and the table's move count, in one call.
SETTLED_JS = """() => {
  const done = document.querySelector('[data-tutorial-done]');
  const marked = document.querySelector('[data-tutorial-target]');
  const table = document.getElementById('table');
  const waiting = table ? table.dataset.waiting : 'form';
  if (!done && !(marked && ['human', 'over', 'form'].includes(waiting))) return null;
  const text = document.querySelector('[data-tutorial-text]');
  return {done: !!done, text: text ? text.innerText : '',
          moves: table ? Number(table.dataset.moves) : -1,
          marked: marked ? marked.outerHTML.slice(0, 120) : ''};
}"""


@pytest.fixture(autouse=True)
def patient_waits(page: Page) -> None:
    page.set_default_timeout(60_000)
    expect.set_options(timeout=30_000)


# The marked control wholly in the window, above the phone's tab bar unless it is a tab:
# the learner must not have to scroll to find what the step asks for.
MARKED_IN_VIEW_JS = """() => {
  const m = document.querySelector('[data-tutorial-target]');
  if (!m) return true;
  const r = m.getBoundingClientRect();
  const tabs = document.getElementById('tabs');
  const bar = tabs && tabs.getClientRects().length && !tabs.contains(m)
    ? tabs.getBoundingClientRect().top : innerHeight;
  return r.height > 0 && r.top >= -0.5 && r.bottom <= bar + 0.5
    || `${m.outerHTML.slice(0, 90)} at ${Math.round(r.top)}-${Math.round(r.bottom)} of ${bar}`;
}"""


# A marked city space's built neighbours hidden by its scroller or the phone's tab bar: a
# step says "next to your Vegetable Farm", and the farm must show beside the space.
NEIGHBOURS_HIDDEN_JS = """() => {
  const m = document.querySelector('[data-tutorial-target]');
  if (!m || !m.matches('.cell.target')) return [];
  const at = (el) => [parseInt(el.style.gridRow), parseInt(el.style.gridColumn)];
  const [r, c] = at(m);
  const tabs = document.getElementById('tabs');
  const bar = tabs && tabs.getClientRects().length ? tabs.getBoundingClientRect().top
    : innerHeight;
  let box = m.parentElement;
  while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) {
    box = box.parentElement;
  }
  const top = Math.max(0, box ? box.getBoundingClientRect().top : 0);
  const bottom = Math.min(bar, box ? box.getBoundingClientRect().bottom : innerHeight);
  return [...m.parentElement.children].filter((x) => {
    const [rr, cc] = at(x);
    const b = x.getBoundingClientRect();
    return Math.abs(rr - r) + Math.abs(cc - c) === 1 && x.matches('.built')
      && (b.top < top - 0.5 || b.bottom > bottom + 0.5);
  }).map((x) => x.title || x.textContent.trim());
}"""


def settled(page: Page) -> dict:
    found: dict = page.wait_for_function(SETTLED_JS).json_value()
    return found


def shoot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def follow(page: Page, size: str, reload_at: int | None = None) -> tuple[list[str], int]:
    """Click only the marked control until the course is done; the words shown at each
    step, and how many of the clicks were moves of the game (the table's move count went
    up). A screenshot of each step whose words teach (a new paragraph), and, at move
    ``reload_at``, a reload that must resume the course where it was."""
    said: list[str] = []
    moves_made = 0
    for step in range(400):
        now = settled(page)
        if now["text"] and (not said or now["text"] != said[-1]):
            said.append(now["text"])
            if len(now["text"]) > 200 or now["done"]:
                shoot(page, f"{size}-{step:03d}")
        if now["done"]:
            return said, moves_made
        if reload_at is not None and now["moves"] >= reload_at:
            page.reload()
            wait_ready(page)
            again = settled(page)
            assert again["moves"] == now["moves"] and again["text"], "the reload resumed it"
            reload_at = None
        assert page.evaluate(MARKED_IN_VIEW_JS) is True, (size, step, now["text"][-90:])
        assert page.evaluate(NEIGHBOURS_HIDDEN_JS) == [], (size, step, now["text"][-90:])
        click(page, page.locator("[data-tutorial-target]"))
        if now["moves"] >= 0:
            after = page.evaluate("Number(document.getElementById('table')?.dataset.moves)")
            moves_made += after > now["moves"]
    raise AssertionError("the guided game did not end within 400 clicks")


def check_words(said: list[str]) -> None:
    text = " ".join(said).lower()
    for area, words in AREAS.items():
        missing = [w for w in words if w.lower() not in text]
        assert not missing, f"the words shown never teach {area}: {missing} missing"


def test_a_newcomer_doing_only_what_is_marked_learns_every_rule(strict_page: Page,
                                                                   open_game: OpenGame) -> None:
    page = strict_page
    page.set_viewport_size(DESKTOP)
    open_game(page, FIRST_SCREEN)
    expect(page.get_by_role("button", name="Learn to play")).to_be_visible()
    said, moves = follow(page, "laptop", reload_at=40)
    assert moves >= 10, f"only {moves} moves of the game itself"
    check_words(said)
    expect(page.locator("[data-tutorial-done]")).to_contain_text("game of your own")


def test_on_a_phone_the_tab_is_asked_for_first(strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    page.set_viewport_size(PHONE)
    open_game(page, FIRST_SCREEN)
    click(page, page.locator("[data-tutorial-target]"))  # "Learn to play"
    opening = settled(page)["text"]
    shoot(page, "phone-opening")
    # what to do is in view, however long the step's words above it (they scroll)
    ask = page.evaluate("""() => {
      const box = document.getElementById('tutorial').getBoundingClientRect();
      const ask = document.querySelector('#tutorial .tutorial-ask').getBoundingClientRect();
      return [ask.top >= box.top - 0.5 && ask.bottom <= box.bottom + 0.5, ask.height];
    }""")
    assert ask[0] and ask[1] > 0, "the step's instruction is cut off on a phone"
    click(page, page.locator("[data-tutorial-target]"))  # the draft's card, in the prompt
    expect(page.locator('#table [data-tutorial-target][data-action="place 2"]')).to_be_visible()
    click(page, page.locator('#tabs [data-tab="log"]'))  # the learner looks elsewhere
    marked = page.locator("[data-tutorial-target]")
    expect(marked).to_have_attribute("data-tab", "board")  # the strip's tab, first
    shoot(page, "phone-tab-first")
    click(page, marked)
    expect(page.locator('[data-tutorial-target][data-action="place 2"]')).to_be_visible()
    said, moves = follow(page, "phone")
    assert moves >= 10
    check_words([opening, *said])


def test_another_choice_is_explained_and_the_keyboard_follows(strict_page: Page,
                                                             open_game: OpenGame) -> None:
    page = strict_page
    page.set_viewport_size(DESKTOP)
    open_game(page, FIRST_SCREEN)
    click(page, page.locator("[data-tutorial-target]"))  # "Learn to play"
    settled(page)
    assert page.evaluate("document.activeElement.hasAttribute('data-tutorial-target')"), \
        "focus waits on the control asked for"
    page.keyboard.press("Enter")  # the draft's card, by keyboard
    answered(page)
    now = settled(page)
    assert now["moves"] >= 1 and "emissar" in now["text"].lower()
    other = page.locator('[data-action^="place "]:not([data-tutorial-target])').first
    click(page, other)
    answer = page.locator("[data-tutorial-answer]")
    expect(answer).to_contain_text("You chose to place an emissary")
    expect(answer).to_contain_text("asks you to place an emissary on space")
    assert page.evaluate("Number(document.getElementById('table').dataset.moves)") \
        == now["moves"], "the other choice was not played"
    shoot(page, "laptop-answer")
    check_axe_both_themes(page, "the guided game's panel", "#tutorial")
    page.locator("#tutorial-rules").click()  # "More in the rules": at the step's section
    expect(page.locator("#rules-emissaries .rules-h")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#tutorial-rules")).to_be_focused()
    page.get_by_role("button", name="Leave the guided game").click()
    expect(page.locator("#newgame")).to_be_visible()
    assert not page.locator(".saved-games").count(), "a guided game is no saved game"
    click(page, page.locator("[data-tutorial-target]"))  # "Learn to play" goes on with it
    again = settled(page)
    assert again["moves"] == now["moves"]
