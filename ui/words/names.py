"""Player names and quoted input made inert and bounded before they reach the page.

Why: a name is typed by a player (or arrives in a set-up link) and is drawn in many
places — seats, the log, prompts, the end screen. Escaping (``ui.words.markup.esc``) already
stops markup; this module stops the rest:

* direction: a right-to-left override (U+202E) inside a name would otherwise reverse the
  rest of the log line it sits in. :func:`isolate` wraps a name in ``<bdi>`` (HTML) and
  :func:`isolate_text` in FSI…PDI (plain text, e.g. ``aria-label`` and ``textContent``);
  :func:`clean_name` also drops unpaired directional controls from the name itself.
* length: :func:`cut` shortens on grapheme-cluster boundaries, never inside an emoji
  ZWJ sequence, a flag, a skin-tone modifier or a combining mark.
* quoting: :func:`quote` bounds any input quoted in a message (a 4 MB bad move must not
  be copied whole into a notice).

Pure Python (``unicodedata``), no browser and no dependency: tested on CPython.
"""

from __future__ import annotations

import unicodedata

from rome import JSON
from ui.words.markup import esc

MAX_NAME = 24
"""Graphemes in a player's name (the seat panels are sized for about that)."""
QUOTE_LIMIT = 40
"""Graphemes of input a message may quote."""

ZWJ = "\u200d"
FSI, PDI = "\u2068", "\u2069"
# Embeddings, overrides and isolates: a name may not open one (isolate() wraps it instead).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")


def _extends(ch: str) -> bool:
    """Does ``ch`` continue the grapheme before it (Grapheme_Cluster_Break Extend/SpacingMark)?"""
    cp = ord(ch)
    return (
        unicodedata.category(ch) in ("Mn", "Me", "Mc")
        or 0xFE00 <= cp <= 0xFE0F  # variation selectors (emoji presentation)
        or 0xE0100 <= cp <= 0xE01EF
        or 0x1F3FB <= cp <= 0x1F3FF  # skin-tone modifiers
        or 0xE0020 <= cp <= 0xE007F  # tag characters (subdivision flags)
        or ch == ZWJ
    )


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def _hangul(ch: str) -> str:
    cp = ord(ch)
    if 0x1100 <= cp <= 0x115F or 0xA960 <= cp <= 0xA97C:
        return "L"
    if 0x1160 <= cp <= 0x11A7 or 0xD7B0 <= cp <= 0xD7C6:
        return "V"
    if 0x11A8 <= cp <= 0x11FF or 0xD7CB <= cp <= 0xD7FB:
        return "T"
    if 0xAC00 <= cp <= 0xD7A3:
        return "LV" if (cp - 0xAC00) % 28 == 0 else "LVT"
    return ""


def graphemes(text: str) -> list[str]:
    """Split ``text`` into user-perceived characters (extended grapheme clusters).

    Covers what names contain in practice: combining marks, emoji with modifiers,
    variation selectors and ZWJ sequences, regional-indicator flags, Hangul syllables
    and CR LF. Rarer rules (Indic conjuncts, prepend marks) fall back to code points.
    """
    clusters: list[str] = []
    for ch in text:
        if clusters:
            last = clusters[-1]
            prev = last[-1]
            joins = (
                _extends(ch)
                or (prev == ZWJ)
                or (prev == "\r" and ch == "\n")
                or (_regional(ch) and _regional(prev)
                    and sum(map(_regional, last)) % 2 == 1)
                or _hangul_joins(_hangul(prev), _hangul(ch))
            )
            if joins:
                clusters[-1] = last + ch
                continue
        clusters.append(ch)
    return clusters


def _hangul_joins(prev: str, cur: str) -> bool:
    if not prev or not cur:
        return False
    return ((prev == "L" and cur in ("L", "V", "LV", "LVT"))
            or (prev in ("LV", "V") and cur in ("V", "T"))
            or (prev in ("LVT", "T") and cur == "T"))


def cut(text: str, limit: int, ellipsis: str = "…") -> str:
    """``text`` shortened to at most ``limit`` graphemes (the ellipsis counts as one)."""
    if len(text) <= limit:  # no more code points than the limit: nothing to cut
        return text
    head = text[: limit * 16 + 16]  # bound the work: a huge input is never scanned whole
    clusters = graphemes(head)
    if len(clusters) <= limit and len(head) == len(text):
        return text
    return "".join(clusters[: max(0, limit - len(ellipsis))]) + ellipsis


def clean_name(text: JSON, fallback: str = "Player", limit: int = MAX_NAME) -> str:
    """A name safe to store and draw: no control or directional characters, trimmed,
    at most ``limit`` graphemes; ``fallback`` when nothing is left."""
    raw = str(text)[: limit * 16 + 16]
    kept = "".join(ch for ch in raw
                   if ch not in BIDI_CONTROLS and unicodedata.category(ch) not in ("Cc", "Cs"))
    kept = " ".join(kept.split())
    return cut(kept, limit, "") or fallback


def isolate(name: str) -> str:
    """The name escaped for HTML inside ``<bdi>``: its direction cannot leak out."""
    return f"<bdi>{esc(name)}</bdi>"


def isolate_text(name: str) -> str:
    """The name between FSI and PDI, for plain text (attributes, ``textContent``)."""
    return f"{FSI}{name}{PDI}"


def short_name(name: str, limit: int) -> str:
    """A name (isolated or not) cut to ``limit`` graphemes and isolated again: for the few
    places that cannot clip with CSS (an SVG chart's label), next to the whole name in a
    ``<title>``."""
    bare = name[1:-1] if name.startswith(FSI) and name.endswith(PDI) else name
    return isolate_text(cut(bare, limit))


def quote(value: JSON, limit: int = QUOTE_LIMIT) -> str:
    """``repr``-style quote of any input, bounded to ``limit`` graphemes plus a length note.

    Quotes are for messages: ``quote("x" * 4_000_000)`` is 40 characters and
    "(4000000 characters)", never the whole text.
    """
    text = value if isinstance(value, str) else repr(value)
    total = len(text)
    short = cut(text[: limit * 16 + 16], limit)  # bound the work before any scan
    inner = "".join(ch for ch in short if ch not in BIDI_CONTROLS
                    and unicodedata.category(ch) not in ("Cc", "Cs"))
    note = f" ({total} characters)" if short != text else ""
    return f"“{inner}”{note}"
