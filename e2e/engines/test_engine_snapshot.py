"""The memory snapshot in Firefox and WebKit (issue 39): both restore it, and damaged bytes
give an ordinary start that keeps a new one, as in Chromium (``e2e/test_snapshot.py``,
which tries every kind of damage and the snapshots that break a start)."""

from __future__ import annotations

from snapshots import CACHE, DAMAGE_JS, MARKS_JS, ORDINARY, SNAPSHOT_JS, edits

from engines.browsers import EnginePage, wait_ready
from engines.playing import wait_for

SNAPSHOT_AFTER_S = 120


def test_a_damaged_snapshot_gives_an_ordinary_start(engine_page: EnginePage,
                                                    served: str) -> None:
    """16 bytes flipped (as in the issue's probe): refused before any restore."""
    page, how, seed = engine_page, "flips", 11
    page.open(served + "index.html?pace=0")
    wait_ready(page)
    good = wait_for(page, f"() => ({SNAPSHOT_JS})({CACHE!r})", SNAPSHOT_AFTER_S)
    page.evaluate(DAMAGE_JS, [CACHE, how, edits(how, seed, good["bytes"])])
    page.reload()
    wait_ready(page)
    assert page.evaluate(MARKS_JS) == ORDINARY
    after = wait_for(page, f"() => ({SNAPSHOT_JS})({CACHE!r})", SNAPSHOT_AFTER_S)
    assert after["said"] == after["digest"] != good["digest"]
