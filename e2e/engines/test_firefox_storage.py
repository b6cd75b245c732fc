"""Firefox's own storage settings (Firefox ESR 153), each in a browser of its own.

Why these two: with cookies blocked for the site (``network.cookie.cookieBehavior = 2``)
Firefox throws a SecurityError from ``indexedDB.open``, ``new BroadcastChannel`` and
``localStorage``, which stopped PyScript's start-up until ``assets/storage-guard.mjs``;
with ``dom.storage.enabled = false`` the game played but said "cannot be saved" once per
failed save (twice at start, five times after one move). Both must start, play and say
it once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engines.browsers import EnginePage
from engines.launch import launch
from engines.playing import GAME, check_plays_with_one_notice, require

SETTINGS = {
    "cookies-blocked": {"network.cookie.cookieBehavior": 2},
    "storage-disabled": {"dom.storage.enabled": False},
}


@pytest.fixture(params=list(SETTINGS))
def firefox_with(request: pytest.FixtureRequest) -> Iterator[tuple[str, EnginePage]]:
    """A Firefox started with one of ``SETTINGS``; fails on any console error."""
    require("firefox")
    page = launch("firefox", SETTINGS[request.param])
    try:
        yield request.param, page
        errors = page.errors()
        assert not errors, "\n".join(errors)
    finally:
        page.close()


def test_firefox_storage_settings(firefox_with: tuple[str, EnginePage], served: str) -> None:
    setting, page = firefox_with
    check_plays_with_one_notice(page, served + GAME)
    stand_ins: Any = page.evaluate("() => document.documentElement.dataset.storageStandIns")
    if setting == "cookies-blocked":
        assert stand_ins == "indexedDB BroadcastChannel"
    else:  # only localStorage is off: PyScript's own storage works and is left alone
        assert stand_ins is None
