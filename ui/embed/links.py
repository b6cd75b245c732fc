"""Addresses of the embed views, built from the current page's address.

Pure (no browser import). Used by the calculator's "share" and by the game's end screen
("copy replay link"); links stay in the page's own folder.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote


def folder_of(href: str) -> str:
    """``https://x.org/rome/index.html?a#b`` -> ``https://x.org/rome/``."""
    path = href.split("#", 1)[0].split("?", 1)[0]
    return path.rsplit("/", 1)[0] + "/"


def city_link(href: str, code: str, view: str = "city") -> str:
    return f"{folder_of(href)}embed.html?view={view}&code={code}"


def replay_link(href: str, record: dict[str, Any]) -> str:
    """The replay view of a record (``window.rome.record()``), URL-encoded JSON."""
    text = json.dumps(record, separators=(",", ":"))
    return f"{folder_of(href)}embed.html?view=replay&record={quote(text, safe='')}"
