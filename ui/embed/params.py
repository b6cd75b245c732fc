"""What the address of ``embed.html`` asks for: view, theme, compact and the view's data.

Pure (no browser import): the page passes ``location.search`` in.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs

VIEWS = ("calculator", "city", "replay", "game")
THEMES = ("light", "dark", "auto")


@dataclass(frozen=True)
class EmbedParams:
    view: str
    theme: str
    compact: bool
    code: str  # city code (calculator start, city view)
    record: str  # replay: the URL-decoded JSON record
    src: str  # replay: a JSON file next to the page
    open_hands: bool  # replay: every hand face up (teaching)
    step: int | None  # replay: the step to show first
    namespace: str  # game: where its saves go, apart from the site's and other embeds'


def _flag(value: str) -> bool:
    return value.lower() in ("1", "true", "yes", "on")


def parse(search: str) -> EmbedParams:
    """Read the query string; unknown views and themes fall back to the defaults."""
    query = {k: v[-1] for k, v in parse_qs(search.lstrip("?"), keep_blank_values=True).items()}
    view = query.get("view", "calculator")
    theme = query.get("theme", "auto")
    step = query.get("step", "")
    return EmbedParams(
        view=view if view in VIEWS else "calculator",
        theme=theme if theme in THEMES else "auto",
        compact=_flag(query.get("compact", "")),
        code=query.get("code", ""),
        record=query.get("record", ""),
        src=query.get("src", ""),
        open_hands=_flag(query.get("open", "")),
        step=int(step) if step.isdigit() else None,
        namespace=query.get("save", "") or query.get("namespace", ""),
    )
