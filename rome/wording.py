"""Plain words for the game log: building names, counts and lists as a person writes them.

The verbs narrate their own actions and :mod:`rome.narrate` the consequences; both write
with these.
"""

from __future__ import annotations

from .cards import BUILDINGS


def building_name(kind: str) -> str:
    """A building's printed name, for log lines."""
    return BUILDINGS[kind].name if kind in BUILDINGS else kind


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 cog``, ``2 cogs``: log lines never say ``cog(s)``."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def listed(words: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
