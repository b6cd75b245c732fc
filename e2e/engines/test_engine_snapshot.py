"""The memory snapshot in Firefox and WebKit (issue 39): both restore it, and damaged bytes
give an ordinary start that keeps a new one, as in Chromium (``e2e/test_snapshot.py``,
which tries every kind of damage and the snapshots that break a start)."""

from __future__ import annotations

from snapshots import CACHE, DAMAGE_JS, MARKS_JS, ORDINARY, RESTORED, SNAPSHOT_JS, edits

from engines.browsers import EnginePage, wait_ready
from engines.playing import wait_for

SNAPSHOT_AFTER_S = 120


def kept(page: EnginePage) -> dict:
    """The kept snapshot, once written (a second after the start that made it)."""
    return dict(wait_for(page, f"() => ({SNAPSHOT_JS})({CACHE!r})", SNAPSHOT_AFTER_S))


def test_a_reload_restores_and_a_damaged_snapshot_gives_an_ordinary_start(
        engine_page: EnginePage, served: str) -> None:
    """A reload restores the snapshot the first start kept; then 16 bytes flipped (as in
    the issue's probe) are refused before any restore, and the ordinary start keeps a new
    one."""
    page, how, seed = engine_page, "flips", 11
    page.open(served + "index.html?pace=0")
    wait_ready(page)
    good = kept(page)
    page.reload()
    wait_ready(page)
    assert page.evaluate(MARKS_JS) == RESTORED
    page.evaluate(DAMAGE_JS, [CACHE, how, edits(how, seed, good["bytes"])])
    page.reload()
    wait_ready(page)
    assert page.evaluate(MARKS_JS) == ORDINARY
    after = kept(page)
    assert after["said"] == after["digest"] != good["digest"]
