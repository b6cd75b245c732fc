"""One section of the rules dialog, how the filter finds it, and the few word helpers
the sections share.

Why the filter works on sections: a player looking for "aqueduct" wants the rules that
mention aqueducts and the aqueduct cards, each whole; a section is shown or left out,
never cut.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from ui.words.card_words import listed
from ui.words.markup import button, esc

TAG = re.compile(r"<[^>]*>")
T = TypeVar("T")


@dataclass(frozen=True)
class Entry:
    """A section: its id (:mod:`ui.words.anchors`), title, body (HTML) and
    heading level (3 a section, 4 within a part); ``words`` are more words the filter
    finds it by (a building's short names)."""

    anchor: str
    title: str
    body: str
    level: int = 3
    words: str = ""
    art: str = ""  # a drawing shown beside the text (a building's card)

    def html(self) -> str:
        h = f"h{self.level}"
        text = (f'<{h} class="rules-h" tabindex="-1">{esc(self.title)}</{h}>{self.body}')
        if self.art:
            text = f'<div class="rules-art">{self.art}</div><div class="rules-text">{text}</div>'
        return (f'<section id="{self.anchor}" class="rules-part level-{self.level}'
                f'{" with-art" if self.art else ""}">{text}</section>')

    @cached_property
    def text(self) -> str:
        """What the filter searches: the title, the body's words and ``words``, in
        lower case."""
        body = html.unescape(TAG.sub(" ", self.body))
        return " ".join(f"{self.title} {body} {self.words}".lower().split())

    def matches(self, words: Iterable[str]) -> bool:
        """Does every word of a filter occur in this section?"""
        return all(w in self.text for w in words)


def link(anchor: str, text: str) -> str:
    """A link to another section (a button: the dialog moves there through the model,
    and the page's address never changes)."""
    return button(esc(text), cls="linkish", data_ui="rules", data_rules=anchor)


def by_count(values: Mapping[int, T]) -> list[tuple[T, list[int]]]:
    """Player counts grouped by what they share (``{2: 7, 3: 14, 4: 14}`` -> ``[(7, [2]),
    (14, [3, 4])]``), in order of the first count."""
    groups: dict[T, list[int]] = {}
    for players, value in sorted(values.items()):
        groups.setdefault(value, []).append(players)
    return list(groups.items())


def players(counts: list[int]) -> str:
    """``2 players``, ``3 or 4 players``."""
    return f"{listed([str(n) for n in counts], 'or')} players"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``14th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def items(lines: Iterable[str], ordered: bool = False) -> str:
    """A list of HTML items."""
    tag = "ol" if ordered else "ul"
    return f"<{tag}>" + "".join(f"<li>{line}</li>" for line in lines) + f"</{tag}>"
