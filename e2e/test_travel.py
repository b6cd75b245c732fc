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

import pytest
from conftest import OpenGame
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
BUILT = ("(() => { const r = window.rome && window.rome.record && window.rome.record();"
         " return !!r && JSON.parse(r).actions.filter(a => a.startsWith('build ')).length"
         " >= 2; })()")


def seen(page: Page) -> tuple[list[dict], list[str]]:
    """The animations asked for and the game's actions so far, read at one instant."""
    travels, record = page.evaluate("[window.__travels, window.rome.record()]")
    return travels, json.loads(record)["actions"]


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_computers_new_cards_travel_unless_motion_is_reduced(
        strict_page: Page, open_game: OpenGame, motion: str) -> None:
    page = strict_page
    page.emulate_media(reduced_motion=motion)
    page.add_init_script(RECORDER)
    open_game(page, GAME)
    page.wait_for_function(BUILT, timeout=120_000)
    travels, actions = seen(page)
    if motion == "reduce":
        assert travels == []
        return
    built = sorted(a.rsplit(" ", 1)[1] for a in actions if a.startswith("build "))
    taken = sorted(a.split(":")[1] for a in actions if a.startswith("take "))
    assert sorted(t["pos"].split(":")[1] for t in travels if t["pos"]) == built  # each once
    assert sorted(t["hand"] for t in travels if t["hand"]) == taken
    for t in travels:
        assert 0 < t["duration"] <= 400
        assert t["running"] >= 1  # the animation runs on the new card
        assert t["first"]["transform"].startswith("translate(")
        assert t["first"]["transform"] != "translate(0px, 0px) scale(0.8)"  # from elsewhere
