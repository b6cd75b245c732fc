"""Every building of the game, each drawn with its card: kind, cost, stars, copies,
and what it does and scores.

Why from ``rome.BUILDINGS``: the entries are made from the cards the engine plays with
(one per kind, in its order), in the words of :mod:`ui.words.card_words` that the
card's details use too, so no building can be missing or described twice.
"""

from __future__ import annotations

from functools import cache

import rome
from rome.cards import DECKS, STARTING_CITY
from ui.render.rules.entry import Entry, link
from ui.render.svg_cards import card_face
from ui.words import anchors as at
from ui.words.card_words import (
    also_shown,
    effect_lines,
    kind_words,
    listed,
    plural,
    short_name,
    tiny_name,
)
from ui.words.markup import esc


def copies(kind: str) -> str:
    """Where the cards of ``kind`` come from: ``5 in deck II, 3 in deck III and 3 in deck
    IV, and every player starts with one``."""
    parts = [f"{cards.count(kind)} in deck {deck}" for deck, cards in DECKS.items()
             if kind in cards]
    start = any(k == kind for _r, _c, k in STARTING_CITY)
    if not parts:
        return ("every player starts with one" if start
                else f"one per player, only in {link(at.SHRINE, 'the Shrine variant')}")
    return listed(parts) + (", and every player starts with one" if start else "")


def _entry(kind: str) -> Entry:
    b = rome.BUILDINGS[kind]
    facts = [("Kind", esc(kind_words(b))), ("Cost", plural(b.cost, "brick"))]
    if b.stars:
        facts.append(("Stars", str(b.stars)))
    facts.append(("Cards", copies(kind)))
    facts += [(label, esc(text)) for label, text in effect_lines(kind)]
    also = also_shown(kind)
    rows = "".join(f"<dt>{label}</dt><dd>{text}</dd>" for label, text in facts)
    return Entry(at.building(kind), b.name,
                 (f'<p class="rules-also">{esc(also)}</p>' if also else "")
                 + f'<dl class="rules-facts">{rows}</dl>',
                 level=4, words=f"{short_name(kind)} {tiny_name(kind)}", art=card_face(kind))


def _intro() -> Entry:
    return Entry(at.BUILDINGS, "Every building", (
        f"<p>The game has {len(rome.BUILDINGS)} kinds of building. A card shows its cost in "
        "bricks at the top left and its stars at the top right; a public building's border "
        "and badge show its colour "
        f"({link(at.PUBLIC_BUILDINGS, 'public buildings')}). Where a card's name is too long "
        "for it, the card shows a shorter form, given under the full name below.</p>"))


@cache
def building_entries() -> tuple[Entry, ...]:
    """The buildings' part of the rules: its introduction, then one entry per building."""
    return (_intro(), *(_entry(kind) for kind in rome.BUILDINGS))
