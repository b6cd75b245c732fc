"""Faults a player can meet, each tried in the browser and judged by what the player sees.

Damaged settings, storage that throws or is full, a save nested 100 000 deep, a worker
whose script is missing, hangs or crashes, a reload in the middle of a computer's turn,
a hostile name. Progress is read through ``window.rome.record()`` (the game so far).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import OpenGame, wait_ready
from playwright.sync_api import Page, Route, expect

import rome

ROOT = Path(__file__).resolve().parent.parent
NS = "great-city-of-rome."
TABLE = "document.getElementById('table')"


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


def wait_moves(page: Page, at_least: int, timeout_ms: int = 120_000) -> None:
    page.wait_for_function(
        f"() => {{ const r = window.rome && window.rome.record();"
        f" return r && JSON.parse(r) && JSON.parse(r).actions.length >= {at_least}; }}",
        timeout=timeout_ms)


def play_human_moves(page: Page, count: int) -> None:
    """Click the first offered action ``count`` times, waiting for the human's turn."""
    for _ in range(count):
        page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
        before = page.locator("#table").get_attribute("data-moves")
        page.locator("[data-action]:not([disabled])").first.click()
        page.wait_for_function(f"{TABLE}.dataset.moves !== '{before}'")


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
    expect(page.locator("#notice")).to_contain_text("will not be saved")
    play_human_moves(page, 3)
    assert moves(page) >= 3


FULL_STORAGE = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.storageFull && String(key).startsWith('great-city-of-rome.game.'))
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return real.call(this, key, value);
  };
})();
"""


def test_full_storage_keeps_the_game_and_offers_a_download(
        strict_page: Page, open_game: OpenGame, site_url: str) -> None:
    page = strict_page
    page.add_init_script(FULL_STORAGE)
    open_game(page, "index.html?seats=human,random&seed=8&pace=0")
    play_human_moves(page, 2)
    page.evaluate("window.storageFull = true")
    play_human_moves(page, 3)
    page.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    expect(page.locator("#notice")).to_contain_text("could not be saved")
    in_memory = json.loads(page.evaluate("window.rome.record()"))
    slot = page.evaluate(f"localStorage.getItem('{NS}last')")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{NS}game.{slot}')"))
    assert len(stored["actions"]) < len(in_memory["actions"])
    with page.expect_download() as info:
        page.locator("#download-btn").click()
    text = Path(info.value.path()).read_text()
    assert json.loads(text)["actions"] == in_memory["actions"]
    # Loaded back in a fresh page, the downloaded game resumes where it was.
    page.evaluate("window.storageFull = false; localStorage.clear()")
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


def test_a_game_changed_in_another_tab_is_not_overwritten(
        strict_page: Page, open_game: OpenGame) -> None:
    first = strict_page
    open_game(first, "index.html?seats=human,random&seed=12&pace=0")
    first.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    second = first.context.new_page()
    open_game(second, "index.html?pace=0")  # resumes the same saved game
    play_human_moves(second, 1)
    second.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'")
    theirs = json.loads(second.evaluate("window.rome.record()"))
    expect(first.locator("#notice")).to_contain_text("changed in another tab")
    play_human_moves(first, 1)  # this tab plays on, but does not save over the other's moves
    slot = first.evaluate(f"localStorage.getItem('{NS}last')")
    stored = json.loads(first.evaluate(f"localStorage.getItem('{NS}game.{slot}')"))
    assert stored["actions"] == theirs["actions"]
    second.close()


# -- the AI worker ---------------------------------------------------------------------------
WORKER_SRC = (ROOT / "ui" / "worker" / "ai_worker.py").read_text()


def worker_route(body: str, status: int = 200):  # noqa: ANN201 (a Playwright handler)
    def handle(route: Route) -> None:
        route.fulfill(status=status, body=body, content_type="text/plain")
    return handle


def test_worker_script_404_falls_back_to_the_quick_ai(
        page: Page, page_errors: object, open_game: OpenGame) -> None:
    page.route("**/ui/worker/ai_worker.py", worker_route("missing", 404))
    open_game(page, "index.html?seats=easy,easy&seed=2&pace=0")
    expect(page.locator("#notice")).to_contain_text("could not be loaded (HTTP 404)")
    expect(page.locator("#worker-status")).to_contain_text("quick AI")
    wait_moves(page, 30, timeout_ms=60_000)


HANGING = WORKER_SRC.replace(
    "    return choose_action(json.loads(obs_json), str(level), int(seed))",
    "    while True:\n        pass")
CRASHING = WORKER_SRC.replace(
    "    return choose_action(json.loads(obs_json), str(level), int(seed))",
    "    raise RuntimeError('the worker broke')")


@pytest.mark.parametrize("body, words", [(HANGING, "took longer than 3 s"),
                                         (CRASHING, "stopped working")], ids=["hang", "crash"])
def test_worker_fault_is_said_and_the_game_goes_on(
        page: Page, page_errors: object, open_game: OpenGame, body: str, words: str) -> None:
    assert body != WORKER_SRC
    page.add_init_script("window.romeAiLimits = {boot: 60, move: 3}")
    page.route("**/ui/worker/ai_worker.py", worker_route(body))
    # normal, not easy: easy's moves are played on the page while the worker boots.
    open_game(page, "index.html?seats=normal,normal&seed=4&pace=0")
    notice = page.locator("#notice")
    expect(notice).to_contain_text(words, timeout=90_000)
    expect(notice).to_contain_text("played a quick move instead")
    expect(notice).to_contain_text("(normal)")
    wait_moves(page, 40, timeout_ms=180_000)


def test_reload_during_a_computer_turn_resumes(
        page: Page, page_errors: object, open_game: OpenGame) -> None:
    page.add_init_script("window.romeAiLimits = {boot: 60, move: 600}")
    page.route("**/ui/worker/ai_worker.py", worker_route(HANGING))
    open_game(page, "index.html?seats=human,normal&seed=6&pace=250")
    for _ in range(30):
        page.wait_for_function(f"['human', 'computer'].includes({TABLE}?.dataset.waiting)")
        if page.locator("#table").get_attribute("data-waiting") == "computer":
            break
        play_human_moves(page, 1)
    else:
        pytest.fail("the computer never had to move")
    before = json.loads(page.evaluate("window.rome.record()"))
    page.unroute("**/ui/worker/ai_worker.py")
    page.reload()
    wait_ready(page)
    wait_moves(page, len(before["actions"]) + 1)
    after = json.loads(page.evaluate("window.rome.record()"))
    assert after["actions"][:len(before["actions"])] == before["actions"]
    assert after["seed"] == before["seed"]


# -- names -----------------------------------------------------------------------------------
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"  # man ZWJ woman ZWJ girl: one grapheme


def test_hostile_name_cannot_reverse_the_log(strict_page: Page, open_game: OpenGame) -> None:
    page = strict_page
    open_game(page, "index.html?pace=0")
    hostile = "\u202eRLO<b>x</b>" + FAMILY * 30
    page.select_option("#seat-kind-1", "easy")
    page.locator("#seat-name-0").evaluate("(el, v) => { el.maxLength = 9999; el.value = v; }",
                                          hostile)
    page.locator("#start-btn").click()
    play_human_moves(page, 2)
    html = page.locator("#app").inner_html()
    assert "\u202e" not in html
    assert "<b>x</b>" not in html
    log = page.locator("#log").inner_text()
    assert "\u2068RLO<b>x</b>" in log  # isolated (FSI … PDI), shown as text
    name = page.evaluate("JSON.parse(window.romeGame.history()).seats[0].name")
    # 24 graphemes: the 11 of "RLO<b>x</b>" and 13 whole families (never cut inside one).
    assert name == "RLO<b>x</b>" + FAMILY * 13
