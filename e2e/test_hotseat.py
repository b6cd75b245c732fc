"""Friends sharing one laptop (issue 40): two humans and a computer, played through the
hand-overs from the new-game screen, measured at every human turn.

Why measured in the browser: that the acting human's city is drawn largest, and that the
price markers leave the building names readable, is the stylesheet's doing at each
screen size; the model's half (who is in the main area, what the hand-over says, the
question before the hands open) is tested on CPython (``tests/test_ui_hotseat.py``).

One page for the whole test (a boot costs two Pyodide start-ups): the set-up card, the
game's turns at three sizes, the question before the hands open, and "New game" keeping
the seats. Screenshots go to ``e2e/artifacts/hotseat`` for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from conftest import CUT_NAMES_JS, PHONE, OpenGame, click
from playwright.sync_api import Dialog, Page, expect
from table_checks import check_axe_both_themes, patient_waits, shoot_themes  # noqa: F401

ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "hotseat"
SIZES = {"1280x720": (1280, 720), "1366x768": (1366, 768), "1920x1080": (1920, 1080)}
SEATS = (("human", "Ann"), ("human", "Bea"), ("random", "Cy"))
SEED = "7"
FSI, PDI = "\u2068", "\u2069"  # the isolation around names (ui.words.names)
TURNS = 10  # human turns measured; the rest of the game is not this test's
WAIT_JS = ("['human', 'handover', 'over'].includes("
           "document.getElementById('table')?.dataset.waiting)")

# Every city drawn (its seat, box, and whether it is the main area's), every build target
# that replaces a building whose name its price marker covers, and every seat of the turn
# order that spills out of its box.
MEASURE_JS = """() => {
  const box = el => el.getBoundingClientRect();
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
                            && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const cities = [...document.querySelectorAll('[data-city]')]
    .filter(c => c.getClientRects().length)
    .map(c => { const r = box(c); return {seat: c.dataset.city, main: !!c.closest('#me'),
      area: r.width * r.height, top: r.top, left: r.left, bottom: r.bottom, right: r.right}; });
  const targets = [...document.querySelectorAll('.cell.target.replace')];
  const covered = targets.filter(cell => {
    const price = box(cell.querySelector('.price'));
    return [...cell.querySelectorAll('.lbl.name > *')]
      .filter(n => n.getClientRects().length).some(n => overlap(box(n), price));
  }).map(cell => cell.dataset.action);
  // a seat of the turn order drawn outside its own box, over the next seat's
  const spilt = [...document.querySelectorAll('#order li')].filter(li => {
    const r = box(li);
    return [...li.children].some(c => box(c).right > r.right + 0.5);
  }).map(li => li.innerText.replace(/\\s+/g, ' '));
  return {cities, replacing: targets.length, covered, spilt,
          cut: (""" + CUT_NAMES_JS + """)(document.getElementById('table')),
          current: document.getElementById('table').dataset.currentPlayer,
          width: innerWidth, height: innerHeight};
}"""


def measure(page: Page, turn: int, label: str) -> dict[str, Any]:
    """At each size: the acting human's city is in the main area, the largest on screen
    and wholly in view; no price marker covers a building's name; no name is cut to a
    bare ellipsis. Returns the last size's measure."""
    found: dict[str, Any] = {}
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        found = page.evaluate(MEASURE_JS)
        where = f"turn {turn} ({label}) at {size}"
        mine = [c for c in found["cities"] if c["seat"] == found["current"]]
        assert len(mine) == 1 and mine[0]["main"], f"{where}: {found['cities']}"
        others = [c["area"] for c in found["cities"] if c is not mine[0]]
        assert len(others) == 2 and mine[0]["area"] > max(others), f"{where}: {found}"
        city = mine[0]
        assert city["top"] >= 0 and city["left"] >= 0 and city["bottom"] <= height + 0.5 \
            and city["right"] <= width + 0.5, f"{where}: the city is out of view: {city}"
        assert found["covered"] == [], f"{where}: price markers cover names: {found}"
        assert found["spilt"] == [], f"{where}: the turn order overlaps: {found['spilt']}"
        assert found["cut"] == [], f"{where}: names cut to nothing: {found['cut']}"
    return found


def start_from_the_form(page: Page) -> None:
    """The set-up card, reached by "New game" from the game the address started (its
    seats kept: the quick computer the form offers only then): names typed, the
    downloaded game's button inside the card and under the rules when they are open."""
    page.locator('[data-ui="newgame"]').click()
    for i, (kind, name) in enumerate(SEATS):
        expect(page.locator(f"#seat-kind-{i}")).to_have_value(kind)
        page.fill(f"#seat-name-{i}", name)
    expect(page.locator("#seat-kind-3")).to_have_value("none")
    page.fill("#opt-seed", SEED)
    apart = page.evaluate("""() => {
      const mid = (el) => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
      return Math.abs(mid(document.querySelector('label[for="opt-seed"]'))
                      - mid(document.getElementById('opt-seed')));
    }""")
    assert apart < 4, f"the seed's label and its field are {apart} px apart vertically"
    resume = page.locator('#newgame label[for="load-file"]')
    expect(resume).to_be_visible()
    expect(page.locator(".statusbar")).to_have_count(0)  # no diagnostics under the card
    page.locator('#newgame [data-ui="help"]').click()
    expect(page.locator("#help")).to_be_visible()
    on_top = page.evaluate("""() => { const r = document.querySelector(
        '#newgame label[for="load-file"]').getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && document.getElementById('help').contains(hit); }""")
    assert on_top, "the rules' backdrop covers the set-up card's controls"
    page.locator("#rules-about-title").scroll_into_view_if_needed()
    expect(page.locator("#help #engine-status")).to_contain_text("Engine ready")
    expect(page.locator("#help #worker-status")).to_be_visible()
    page.keyboard.press("Escape")
    check_axe_both_themes(page, "new-game screen, 1280x720")
    shoot_themes(page, ARTIFACTS / "newgame-1280x720")
    page.locator("#start-btn").click()
    page.wait_for_function(WAIT_JS)


def click_a_move(page: Page) -> None:
    """One move of the human to act, preferring to build, then to take (cities grow)."""
    moves = page.locator("#table").get_attribute("data-moves")
    texts = page.evaluate("[...document.querySelectorAll('[data-action]')]"
                          ".map(e => e.dataset.action)")
    pick = next((t for p in ("build ", "take ", "place ", "draft ", "keep ", "end")
                 for t in texts if t.startswith(p)), texts[0])
    click(page, page.locator(f'[data-action="{pick}"]').first)
    page.wait_for_function(f"document.getElementById('table').dataset.moves !== '{moves}'")
    page.wait_for_function(WAIT_JS)


def test_two_humans_and_a_computer_each_human_gets_the_main_area(
        strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    page.set_viewport_size({"width": 1280, "height": 720})
    open_game(page, f"index.html?seats={','.join(k for k, _ in SEATS)}&seed={SEED}&pace=0")
    start_from_the_form(page)
    table = page.locator("#table")
    turns = handovers = replacing = 0
    last = None
    build_shot = False
    for _ in range(400):
        waiting = table.get_attribute("data-waiting")
        cur = table.get_attribute("data-current-player")
        if waiting == "over" or turns >= TURNS and replacing:
            break
        if waiting == "handover":
            name = SEATS[int(cur or 0)][1]
            words = page.locator("#handover").inner_text().replace(FSI, "").replace(PDI, "")
            assert f"Pass the screen to {name}" in words, words
            main = page.locator("#me [data-city]").get_attribute("data-city")
            # the city that moves is named before it moves
            assert (f"{name}'s city and hand then take the main area" in words) == (main != cur)
            if handovers == 1:
                check_axe_both_themes(page, "hand-over, 1280x720")
                shoot_themes(page, ARTIFACTS / "handover-1280x720")
            click(page, page.locator("#handover-ok"))
            page.wait_for_function(WAIT_JS)
            expect(page.locator("#me [data-city]")).to_have_attribute("data-city", cur or "")
            handovers += 1
            continue
        if cur != last:  # a human's turn begins: measured at each size
            turns += 1
            measure(page, turns, "its start")
            page.set_viewport_size({"width": 1280, "height": 720})  # the next shots' size
            last = cur
        selects = page.locator("[data-select]")
        if selects.count():  # a card to build chosen: its targets and prices measured
            for i in range(selects.count()):
                click(page, selects.nth(i))
                found = measure(page, turns, "build targets")
                replacing += found["replacing"]
                if found["replacing"] and not build_shot:
                    shoot_themes(page, ARTIFACTS / "build-1920x1080")
                    build_shot = True
                page.set_viewport_size({"width": 1280, "height": 720})
                if i == 0 and turns in (3, 4):
                    shoot_themes(page, ARTIFACTS / f"turn-{cur}-1280x720")
                click(page, page.locator("[data-select].selected"))  # chosen again: cancelled
        click_a_move(page)
    assert turns >= TURNS and handovers >= 4, (turns, handovers)
    assert replacing, "no building to replace was offered: the price markers went unchecked"
    page.set_viewport_size(PHONE)  # a phone's header and panels keep the names' first letters
    for tab in ("me", "others"):
        page.locator(f'[data-tab="{tab}"]').click()
        assert page.evaluate(MEASURE_JS)["cut"] == [], tab
    reveal_asks_first(page)
    new_game_keeps_the_seats(page)


def reveal_asks_first(page: Page) -> None:
    """The header's "Open hands" asks in one sentence first; no keeps them hidden, yes
    opens them and the log says so."""
    page.set_viewport_size({"width": 1280, "height": 720})
    box = page.locator("#open-hands")
    box.click()
    question = page.locator("#message-reveal")
    expect(question).to_contain_text("Show every player's hand face up")
    expect(box).not_to_be_checked()
    expect(page.locator('#message-reveal [data-ui="keep-hands"]')).to_be_focused()
    check_axe_both_themes(page, "the question before the hands open")
    shoot_themes(page, ARTIFACTS / "reveal-question-1280x720")
    page.locator('[data-ui="keep-hands"]').click()
    expect(question).to_be_empty()
    expect(box).not_to_be_checked()
    box.click()
    page.locator('[data-ui="reveal-hands"]').click()
    expect(box).to_be_checked()
    expect(page.locator("#log .table-note")).to_contain_text("Hands opened")


def new_game_keeps_the_seats(page: Page) -> None:
    page.locator('[data-ui="newgame"]').click()
    expect(page.locator("#newgame")).to_be_visible()
    for i, (kind, name) in enumerate(SEATS):
        expect(page.locator(f"#seat-name-{i}")).to_have_value(name)
        expect(page.locator(f"#seat-kind-{i}")).to_have_value(kind)
    expect(page.locator("#seat-kind-3")).to_have_value("none")
    delete_asks_first(page)


def delete_asks_first(page: Page) -> None:
    """A listed game's "Delete" asks in the browser's own dialog: no keeps it, yes deletes
    it (the confirm is the painter's, asked for by an effect)."""
    saved = page.locator("li.saved")
    expect(saved.first).to_be_visible()
    listed = saved.count()
    asked: list[str] = []

    def answer(yes: bool) -> None:
        """Press "Delete" and answer the dialog it opens. The handler is in place before
        the click, since the dialog may open within it (and block it until answered) or a
        little later (the painter asks when the UI's worker has heard the click)."""
        seen = len(asked)

        def respond(dialog: Dialog) -> None:
            asked.append(dialog.message)
            if yes:
                dialog.accept()
            else:
                dialog.dismiss()

        page.once("dialog", respond)
        saved.first.locator('[data-ui="delete-slot"]').click()
        for _ in range(200):
            if len(asked) > seen:
                return
            page.wait_for_timeout(50)
        raise AssertionError("Delete opened no dialog")

    answer(False)
    expect(saved).to_have_count(listed)
    answer(True)
    expect(saved).to_have_count(listed - 1)
    assert asked == ["Delete this saved game? It cannot be brought back."] * 2
