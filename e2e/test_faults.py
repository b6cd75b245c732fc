"""Faults a player can meet, each tried in the browser and judged by what the player sees.

Damaged settings, storage that throws, is full or fails later (IndexedDB, Cache Storage),
a save nested 100 000 deep, a second tab on the same game, a hostile name (the AI worker's
faults: ``e2e/test_worker_faults.py``). Progress is read through ``window.rome.record()``
(the game so far).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import ROOT, OpenGame, answered, wait_ready, watch_errors
from playwright.sync_api import Page, expect
from storage_faults import FAILS_LATER, FULL_STORAGE
from table_checks import check_axe_both_themes

import rome
from rome.citycode import read_code
from ui.saves.session import Seat, Session

NS = "great-city-of-rome."
TABLE = "document.getElementById('table')"
SHOTS = ROOT / "e2e" / "artifacts" / "record"


@pytest.fixture(autouse=True)
def patient_waits(page: Page) -> None:
    """Generous timeouts: the 2-core machine is often shared with other test runs."""
    page.set_default_timeout(90_000)
    expect.set_options(timeout=30_000)


def seed_storage(page: Page, items: dict[str, str]) -> None:
    """Put ``items`` into localStorage before the page's first script runs (first load only)."""
    page.add_init_script(
        "(items => { if (sessionStorage.getItem('seeded')) return;"
        " sessionStorage.setItem('seeded', '1');"
        " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })("
        + json.dumps(items) + ")")


def moves(page: Page) -> int:
    return len(json.loads(page.evaluate("window.rome.record()"))["actions"])


def quiet(page: Page) -> bool:
    """Does the message area say nothing of saving or of other tabs? (Its line of forced
    moves, ``#message-auto``, says what the table played, whoever saves.)"""
    return not "".join(page.locator(f"#message-{kind}").inner_text()
                       for kind in ("unsaved", "tab")).strip()


def play_human_moves(page: Page, count: int) -> None:
    """Click the first offered action ``count`` times, each at the human's turn, then wait
    until the computer has replied: its move is saved (or refused) by then, so what storage
    holds can be compared with the game, and nothing is written after the test goes on."""
    for _ in range(count):
        page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
        before = page.locator("#table").get_attribute("data-moves")
        page.locator("[data-action]:not([disabled])").first.click()
        page.wait_for_function(f"{TABLE}.dataset.moves !== '{before}'")
    page.wait_for_function(f"['human', 'over'].includes({TABLE}?.dataset.waiting)")


# -- storage ---------------------------------------------------------------------------------
@pytest.mark.parametrize("raw", ['{"pace": "abc"}', '{"pace": null}', '{"pace": 1e999}'])
def test_damaged_settings_are_set_aside_and_the_game_starts(
        strict_page: Page, open_game: OpenGame, raw: str) -> None:
    page = strict_page
    seed_storage(page, {NS + "settings": raw})
    open_game(page, "index.html")
    expect(page.locator("#save-notice")).to_contain_text("Some saved settings were damaged")
    expect(page.locator("#start-btn")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{NS}damaged.settings.1')") == raw


THROWING_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});
"""


def test_throwing_storage_plays_and_says_it_cannot_save(
        strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    page.add_init_script(THROWING_STORAGE)
    open_game(page, "index.html?seats=human,random&seed=3&pace=0")
    expect(page.locator("#message-unsaved")).to_contain_text("will not be saved")
    play_human_moves(page, 3)
    assert moves(page) >= 3
    expect(page.locator('#message-unsaved [data-ui="download"]')).to_be_visible()


@pytest.mark.parametrize("fault", list(FAILS_LATER))
def test_storage_that_fails_later_starts_plays_and_saves(
        strict_page: Page, open_game: OpenGame, fault: str) -> None:
    page = strict_page
    page.add_init_script(FAILS_LATER[fault])
    open_game(page, "index.html?seats=human,random&seed=3&pace=0")
    stand_ins = page.evaluate("document.documentElement.dataset.storageStandIns || ''")
    # an open that fails puts the in-memory IndexedDB in
    assert ("indexedDB" in stand_ins.split()) == fault.startswith("indexeddb"), stand_ins
    play_human_moves(page, 3)
    slot = page.evaluate(f"localStorage.getItem('{NS}last')")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{NS}game.{slot}')"))
    assert stored["actions"] == json.loads(page.evaluate("window.rome.record()"))["actions"]
    assert quiet(page), "nothing said of saving or of other tabs"





def stored_actions(page: Page) -> list[str]:
    slot = page.evaluate(f"localStorage.getItem('{NS}last')")
    return list(json.loads(page.evaluate(f"localStorage.getItem('{NS}game.{slot}')"))["actions"])


def test_full_storage_keeps_a_download_on_the_table_and_saves_again_once_freed(
        strict_page: Page, open_game: OpenGame, site_url: str) -> None:
    page = strict_page
    page.add_init_script(FULL_STORAGE)
    open_game(page, "index.html?seats=human,random&seed=8&pace=0")
    play_human_moves(page, 2)
    page.evaluate("window.storageFull = true")
    play_human_moves(page, 2)
    page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    said = page.locator("#message-unsaved")
    expect(said).to_contain_text("could not be saved")
    # said where it lasts, not in a notice that a click dismisses
    expect(page.locator("#notice")).to_be_hidden()
    assert said.locator('[data-ui="dismiss"]').count() == 0
    play_human_moves(page, 1)
    expect(said.locator('[data-ui="download"]')).to_be_visible()  # still on the table
    in_memory = json.loads(page.evaluate("window.rome.record()"))
    assert len(stored_actions(page)) < len(in_memory["actions"])
    with page.expect_download() as info:
        said.locator('[data-ui="download"]').click()
    text = Path(info.value.path()).read_text()
    assert json.loads(text)["actions"] == in_memory["actions"]
    # "New game" does not drop it in one click: it asks, the download beside the way out.
    page.locator('.topbar [data-ui="newgame"]').click()
    expect(said).to_contain_text("Leaving now loses it")
    expect(said.locator('[data-ui="download"]')).to_be_focused()
    expect(said.locator('[data-ui="leave-anyway"]')).to_be_visible()
    expect(page.locator("#table")).to_be_visible()
    # Storage frees: the next move's save succeeds, with every move, and the message goes.
    page.evaluate("window.storageFull = false")
    play_human_moves(page, 1)
    expect(said).to_be_empty()
    assert stored_actions(page) == json.loads(page.evaluate("window.rome.record()"))["actions"]
    # Loaded back in a fresh page, the downloaded game resumes where it was.
    page.evaluate("localStorage.clear()")
    open_game(page, "index.html")
    page.locator("#load-file").set_input_files(
        files=[{"name": "game.json", "mimeType": "application/json", "buffer": text.encode()}])
    page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    assert json.loads(page.evaluate("window.rome.record()")) == in_memory


def test_deeply_nested_save_is_refused_with_a_sentence(
        strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    seed_storage(page, {NS + "game.1": "[" * 100_000 + "]" * 100_000, NS + "last": "1"})
    open_game(page, "index.html")
    expect(page.locator("#save-notice")).to_contain_text("nested too deeply")
    expect(page.locator("#start-btn")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('{NS}damaged.game.1.1')").startswith("[[[")


def test_huge_bad_move_is_not_quoted_whole(strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    save = {"version": rome.SAVE_VERSION, "seed": 3, "shrine": False,
            "seats": [{"name": "A", "human": True, "level": ""},
                      {"name": "B", "human": False, "level": "random"}],
            "actions": ["place " + "9" * 300_000], "auto": [False]}
    seed_storage(page, {NS + "game.1": json.dumps(save), NS + "last": "1"})
    open_game(page, "index.html")
    notice = page.locator("#save-notice")
    expect(notice).to_contain_text("could not be resumed")
    assert len(notice.inner_text()) < 300


def tab_says(page: Page) -> str:
    return str(page.locator("#message-tab").inner_text()).strip()


NO_WEB_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"
"""A browser without Web Locks, as every browser is on a page served over plain http."""


def test_a_second_tab_never_loses_a_move(strict_page: Page, open_game: OpenGame) -> None:
    """Two tabs of one browser on one game: opening and closing the second changes nothing
    in the first; the second shows the game and offers "Play here"; taking over moves the
    game with every move, and the first says so and can take it back; a reload of either
    loses nothing."""
    first = strict_page
    open_game(first, "index.html?seats=human,random&seed=12&pace=0")
    play_human_moves(first, 2)
    second = first.context.new_page()
    errors = [watch_errors(second)]
    open_game(second, "index.html?pace=0")  # resumes the same saved game
    second.wait_for_function(f"{TABLE}?.dataset.writer === 'elsewhere'")
    assert "open in another tab" in tab_says(second)
    assert second.locator("[data-action]:not([disabled])").count() == 0
    second.close()
    play_human_moves(first, 2)  # the first goes on saving, and says nothing
    first.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    assert stored_actions(first) == json.loads(first.evaluate("window.rome.record()"))["actions"]
    assert quiet(first), "nothing said of saving or of other tabs"
    assert first.locator("#notice").is_hidden()

    second = first.context.new_page()
    errors.append(watch_errors(second))
    open_game(second, "index.html?pace=0")
    second.wait_for_function(f"{TABLE}?.dataset.writer === 'elsewhere'")
    play_human_moves(first, 1)  # the second follows the first's moves
    first.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    ahead = first.locator("#table").get_attribute("data-moves")
    second.wait_for_function(f"{TABLE}.dataset.moves === '{ahead}'")
    second.locator('[data-ui="play-here"]').click()
    second.wait_for_function(f"{TABLE}?.dataset.writer === 'here'")
    first.wait_for_function(f"{TABLE}?.dataset.writer === 'taken'")
    assert "now played in another tab" in tab_says(first)
    assert second.evaluate("window.rome.record()") == first.evaluate("window.rome.record()")
    play_human_moves(second, 2)
    first.locator('[data-ui="play-here"]').click()  # and back
    first.wait_for_function(f"{TABLE}?.dataset.writer === 'here'")
    second.wait_for_function(f"{TABLE}?.dataset.writer === 'taken'")
    play_human_moves(first, 1)
    first.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    last = json.loads(first.evaluate("window.rome.record()"))["actions"]
    assert stored_actions(first) == last
    for tab, writer in ((second, "elsewhere"), (first, "here")):
        tab.reload()
        wait_ready(tab)
        tab.wait_for_function(f"{TABLE}?.dataset.writer === '{writer}'")
        assert json.loads(tab.evaluate("window.rome.record()"))["actions"] == last
    second.close()
    assert not [m for e in errors for m in e.messages], errors


def test_without_web_locks_the_tabs_settle_it_over_their_channel(
        strict_page: Page, open_game: OpenGame) -> None:
    first = strict_page
    first.context.add_init_script(NO_WEB_LOCKS)
    open_game(first, "index.html?seats=human,random&seed=12&pace=0")
    assert first.evaluate("navigator.locks === undefined")
    play_human_moves(first, 1)
    second = first.context.new_page()
    errors = watch_errors(second)
    open_game(second, "index.html?pace=0")
    second.wait_for_function(f"{TABLE}?.dataset.writer === 'elsewhere'")
    second.locator('[data-ui="play-here"]').click()
    second.wait_for_function(f"{TABLE}?.dataset.writer === 'here'")
    first.wait_for_function(f"{TABLE}?.dataset.writer === 'taken'")
    assert second.evaluate("window.rome.record()") == first.evaluate("window.rome.record()")
    second.close()
    assert not errors.messages, errors.messages


def near_the_end(seed: int) -> dict[str, str]:
    """Storage holding a game of Ann against a random computer, stopped before Ann's last
    decision: the page resumes it and a few clicks end it."""
    session = Session.new([Seat("Ann", True), Seat("Bot", False, "random")], seed, False)
    rng = random.Random(seed)
    while not rome.is_over(session.state):
        forced = rome.automatic_action(session.state)
        session.apply(str(forced or rng.choice(rome.sensible_actions(session.state))),
                      auto=forced is not None)
    last = max(i for i, (seat, auto) in enumerate(zip(session.actors, session.auto,
                                                       strict=True)) if seat == 0 and not auto)
    data = {**session.to_save(), "actions": session.actions[:last], "auto": session.auto[:last]}
    return {NS + "game.1": json.dumps(data), NS + "last": "1"}


def play_to_the_end(page: Page) -> None:
    """Click the first offered action whenever the human is asked, until the game is over."""
    over = f"{TABLE}?.dataset.phase === 'over'"
    while True:
        page.wait_for_function(f"{over} || {TABLE}?.dataset.waiting === 'human'")
        if page.evaluate(over):
            return
        before = page.locator("#table").get_attribute("data-moves")
        page.locator("[data-action]:not([disabled])").first.click()
        page.wait_for_function(f"{TABLE}.dataset.moves !== '{before}'")


def test_a_finished_game_is_in_the_record_once_after_a_reload_and_with_a_second_tab(
        strict_page: Page, open_game: OpenGame) -> None:
    """Issue 43: a game against the computer finished in one tab while a second shows it is
    on the first screen's record in both (the second hears the first's write), and still
    counted once after a reload resumes the finished game."""
    first = strict_page
    seed_storage(first, near_the_end(21))
    open_game(first, "index.html?pace=0")
    second = first.context.new_page()
    errors = watch_errors(second)
    open_game(second, "index.html?pace=0")
    second.wait_for_function(f"{TABLE}?.dataset.writer === 'elsewhere'")
    play_to_the_end(first)
    second.locator('[data-ui="newgame"]').first.click()
    expect(second.locator("#record-title")).to_have_attribute("data-record-games", "1")
    first.reload()
    wait_ready(first)
    first.wait_for_function(f"{TABLE}?.dataset.phase === 'over'")
    first.locator('[data-ui="newgame"]').first.click()
    title = first.locator("#record-title")
    expect(title).to_have_attribute("data-record-games", "1")
    stored = json.loads(first.evaluate(f"localStorage.getItem('{NS}record')"))
    assert len(stored["counted"]) == 1 and stored["solo"][0]["games"] == 1
    state = rome.replay(2, 21, stored_actions(first))
    total = rome.final_scores(state)[0]["total"]
    row = first.locator('#record [data-record-level="random"]')
    expect(row).to_have_attribute("data-wins", "1" if 0 in rome.winners(state) else "0")
    expect(row).to_have_attribute("data-best", str(total))
    link = str(first.locator("#record [data-record-city]").get_attribute("href"))
    code = link.split("embed.html?view=city&code=", 1)[1]
    assert rome.score_finished_city(read_code(code))["total"] == total
    check_axe_both_themes(first, "the first screen with a record", within="#record")
    SHOTS.mkdir(parents=True, exist_ok=True)
    first.screenshot(path=str(SHOTS / "record-first-screen.png"), full_page=True)
    second.close()
    assert not errors.messages, errors.messages


# -- names -----------------------------------------------------------------------------------
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # man ZWJ woman ZWJ girl: one grapheme


def test_hostile_name_cannot_reverse_the_log(strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    open_game(page, "index.html?pace=0")
    hostile = "\u202eRLO<b>x</b>" + FAMILY * 30
    page.select_option("#seat-kind-1", "easy")
    answered(page)  # the form drawn again for a computer's seat, as a player sees it
    # A paste past the box's maxlength, as a script or an extension could make it: the page
    # hears it as any typing, by its input event.
    page.locator("#seat-name-0").evaluate(
        "(el, v) => { el.maxLength = 9999; el.value = v;"
        " el.dispatchEvent(new Event('input', { bubbles: true })); }", hostile)
    page.locator("#start-btn").click()
    play_human_moves(page, 2)
    html = page.locator("#app").inner_html()
    assert "\u202e" not in html
    assert "<b>x</b>" not in html
    log = page.locator("#log").inner_text()
    assert "\u2068RLO<b>x</b>" in log  # isolated (FSI … PDI), shown as text
    name = page.evaluate("async () => JSON.parse(await window.romeGame.history()).seats[0].name")
    # 24 graphemes: the 11 of "RLO<b>x</b>" and 13 whole families (never cut inside one).
    assert name == "RLO<b>x</b>" + FAMILY * 13
