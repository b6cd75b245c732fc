"""A computer's new building travels from its hand to its city, and a card it takes from
the offer to its hand (issue 11), under 400 ms; nothing moves for a reader who asked for
reduced motion.

Why a recorder rather than a look at the running animation: the travel lasts about
300 ms, and a test that tries to catch it mid-flight depends on the machine's speed. The
init script below wraps ``Element.prototype.animate`` and keeps every call (the element's
``data-pos`` or, in a hand, ``data-card``, its keyframes, its duration, the animations it
then runs); the page draws and animates a move in the same synchronous dispatch, so once
a move is in the record its travel (if any) has been asked for.
"""

from __future__ import annotations

import json

from conftest import OpenGame, wait_until
from playwright.sync_api import Page

RECORDER = """
window.__travels = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const made = animate.call(this, frames, options);
  window.__travels.push({pos: this.dataset.pos || "", first: frames[0],
                         hand: this.closest(".hand") ? this.dataset.card || "?" : "",
                         duration: typeof options === "number" ? options : options.duration,
                         running: this.getAnimations().length});
  return made;
};
"""
GAME = "index.html?seats=greedy,greedy&seed=11&pace=400"
BUILT = ("async (n) => { const r = await window.rome?.record?.();"
         " return !!r && JSON.parse(r).actions.filter(a => a.startsWith('build ')).length"
         " >= n; }")


def seen(page: Page) -> tuple[list[dict], list[str]]:
    """The animations asked for and the game's actions so far, read at one instant."""
    # The record first: a UI in a worker answers after the paints it sent before it.
    travels, record = page.evaluate(
        "async () => { const r = await window.rome.record(); return [window.__travels, r]; }")
    return travels, json.loads(record)["actions"]


def test_a_computers_new_cards_travel_unless_motion_is_reduced(
        strict_page: Page, open_game: OpenGame) -> None:
    """Both preferences in one game (one start of the page instead of two): travels while
    motion is allowed, none once the reader asks for reduced motion.

    The switch is sound: the page reads the preference at each travel, draws and animates
    a move in one task, and DevTools applies the new preference between tasks; so travels
    recorded after ``emulate_media`` returns come from moves made under the new one."""
    page = strict_page
    page.emulate_media(reduced_motion="no-preference")
    page.add_init_script(RECORDER)
    open_game(page, GAME)
    wait_until(page, BUILT, 2)
    travels, actions = seen(page)
    built = sorted(a.rsplit(" ", 1)[1] for a in actions if a.startswith("build "))
    taken = sorted(a.split(":")[1] for a in actions if a.startswith("take "))
    assert sorted(t["pos"].split(":")[1] for t in travels if t["pos"]) == built  # each once
    assert sorted(t["hand"] for t in travels if t["hand"]) == taken
    for t in travels:
        assert 0 < t["duration"] <= 400
        assert t["running"] >= 1  # the animation runs on the new card
        assert t["first"]["transform"].startswith("translate(")
        assert t["first"]["transform"] != "translate(0px, 0px) scale(0.8)"  # from elsewhere

    page.emulate_media(reduced_motion="reduce")
    before, actions = seen(page)
    builds = sum(1 for a in actions if a.startswith("build "))
    wait_until(page, BUILT, builds + 2)  # two that would travel
    after, _ = seen(page)
    assert after == before, "cards travelled although the reader asked for reduced motion"
