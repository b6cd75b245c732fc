"""Storage that throws on access, in the top window and in a sandboxed frame (issue 32).

Why these cases: Firefox with the site's cookies blocked, and Safari or Firefox in a
third-party frame under tracking protection, throw on the mere access to
``localStorage``, ``indexedDB`` or both. The game must start, play, and say once, in words
true where they are shown, that nothing will be saved: in the table's message area, where
it stays (with the game's download where the page can offer one). The breakage is a first
script (``add_init_script``, which also runs in every frame), so the site's files are the
real ones.
"""

from __future__ import annotations

import embedhost
import pytest
from conftest import OpenGame
from embedhost import Host, wait_frame_ready
from playwright.sync_api import Frame, Page

context, host, host_page = embedhost.context, embedhost.host, embedhost.host_page  # fixtures

BREAK = {
    "localStorage": ["localStorage"],
    "indexedDB": ["indexedDB"],
    "both": ["localStorage", "indexedDB"],
}
BREAK_JS = """(names) => {
  const refuse = () => { throw new DOMException("The operation is insecure.", "SecurityError"); };
  for (const name of names)
    Object.defineProperty(window, name, { get: refuse, configurable: true });
}"""

GAME = "seats=human,random&seed=5&pace=0"
MOVES = 4
SAID = "will not be saved"  # in both the site's and the embed's sentence
TABLE = "document.getElementById('table')"
# Sentences on screen: hidden elements (a form no longer shown) have no innerText.
COUNT_JS = "(words) => document.body.innerText.split(words).length - 1"


def break_storage(page: Page, names: list[str]) -> None:
    page.add_init_script(f"({BREAK_JS})({names!r})")


def play(where: Page | Frame, count: int) -> None:
    """Click the first offered action ``count`` times, each on the human's turn."""
    for _ in range(count):
        where.wait_for_function(f"{TABLE}?.dataset.waiting === 'human'", timeout=60_000)
        before = where.locator("#table").get_attribute("data-moves")
        where.locator("[data-action]:not([disabled])").first.click()
        where.wait_for_function(f"{TABLE}.dataset.moves !== '{before}'", timeout=60_000)


def played(where: Page | Frame) -> int:
    return int(where.evaluate("async () => JSON.parse(await window.rome.record()).actions.length"))


def broke(where: Page | Frame, names: list[str]) -> None:
    """The first script did break what it should: ``localStorage`` still throws, and the
    thrown ``indexedDB`` was replaced by an in-memory stand-in for PyScript."""
    if "localStorage" in names:
        assert where.evaluate("() => { try { void localStorage; return false; }"
                              " catch (e) { return true; } }")
    stand_ins = where.evaluate("document.documentElement.dataset.storageStandIns || ''")
    assert ("indexedDB" in stand_ins.split()) >= ("indexedDB" in names), stand_ins


def said_once(where: Page | Frame, words: str) -> None:
    assert where.evaluate(COUNT_JS, SAID) == 1, where.evaluate("document.body.innerText")
    assert where.evaluate(COUNT_JS, words) == 1
    assert where.evaluate(COUNT_JS, "private browsing") == 0


@pytest.mark.parametrize("broken", list(BREAK))
def test_the_site_plays_and_says_once_that_the_game_will_not_be_saved(
        strict_page: Page, open_game: OpenGame, broken: str) -> None:
    page = strict_page
    break_storage(page, BREAK[broken])
    open_game(page, "index.html?" + GAME)
    broke(page, BREAK[broken])
    play(page, MOVES)
    assert played(page) >= MOVES
    if "localStorage" in BREAK[broken]:
        said_once(page, "To keep it, use Download this game.")
        assert page.locator('#messages [data-ui="download"]').is_visible()
        play(page, 1)  # another refused save: still said once, the download still there
        said_once(page, "To keep it, use Download this game.")
        assert page.locator('#messages [data-ui="download"]').is_visible()
    else:  # IndexedDB is PyScript's (an in-memory stand-in); the game's saves still work
        assert page.evaluate(COUNT_JS, SAID) == 0
        assert page.evaluate("Object.keys(localStorage).some(k => k.includes('.game.'))")


@pytest.mark.parametrize("broken", list(BREAK))
def test_the_embed_in_a_sandboxed_frame_plays_and_says_once_it_cannot_keep_a_game(
        host_page: Page, host: Host, broken: str) -> None:
    """A sandboxed frame's own ``localStorage`` throws in every case (an opaque origin)."""
    break_storage(host_page, BREAK[broken])
    host_page.set_viewport_size({"width": 700, "height": 700})
    host.open(host_page, [("game", "embed.html?view=game&compact=1&" + GAME)], height=500)
    host_page.locator("iframe#game").evaluate("f => { f.width = 600; }")
    frame = wait_frame_ready(host_page, "game")
    broke(frame, BREAK[broken])
    play(frame, MOVES)
    assert played(frame) >= MOVES
    said_once(frame, "This embed cannot keep a game")
    assert frame.locator('[data-ui="download"]').count() == 0  # a sandbox cannot download
    box = frame.locator("#messages").bounding_box()
    assert box is not None and box["height"] <= 90, box  # short: the board stays in view
