"""A fresh browser of either engine for the cross-engine tests (above both drivers, which
share :mod:`engines.browsers`)."""

from __future__ import annotations

from typing import Any

from engines.browsers import EnginePage, FirefoxPage
from engines.webkit import WebKitPage


def launch(engine: str, prefs: dict[str, Any] | None = None) -> EnginePage:
    """A fresh browser of ``engine`` with one page (``prefs``: Firefox preferences)."""
    if engine == "firefox":
        return FirefoxPage(prefs)
    if prefs:
        raise ValueError("preferences are Firefox's only")
    return WebKitPage()
