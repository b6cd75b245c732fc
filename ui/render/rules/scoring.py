"""The final scoring, category by category, and who wins.

Why the examples are scored by the engine: an example's points are worked out by
``rome.scoring.area_points`` from the city the sentence describes, so the rules can
never show a sum the game would not give.
"""

from __future__ import annotations

from functools import cache

import rome
from rome.cards import AQUEDUCT_POINTS, DECKS, STARTING_CITY
from rome.city import MAX_SIDE
from rome.scoring import area_points
from ui.render.rules.entry import Entry, items, link
from ui.render.table import CATEGORY_LABELS
from ui.words import anchors as at
from ui.words import facts
from ui.words.card_words import listed, plural, scoring_words
from ui.words.markup import esc

CATEGORY_SECTIONS = {
    "residential": at.RESIDENTIAL, "aqueducts": at.AQUEDUCTS, "temples": at.TEMPLES,
    "shrine": at.SHRINE, "coins": at.COINS, "influence_tokens": at.FINAL_INFLUENCE,
    "influence_cards": at.FINAL_INFLUENCE,
}
"""Where each category of the end screen (``rome.CATEGORIES``) is explained."""

ROW = {(0, 0): "house-2", (0, 1): "house-2", (0, 2): "house-2", (1, 0): "market",
       (1, 2): "arena"}
"""The residential example: three 2-Value Residentials in a row, a Market under the
first and an Arena under the last."""
AREA = [(0, 0), (0, 1), (0, 2)]
BATH = (-1, 1), "baths"
"""Where the example's bath stands (above the middle residential), and which it is."""


def _in_a_deck(kind: str) -> bool:
    """Is ``kind`` dealt in every game (a deck's card or a starting building)?"""
    return any(kind in cards for cards in DECKS.values()) or any(
        kind == k for _r, _c, k in STARTING_CITY)


def _intro() -> Entry:
    parts = [link(CATEGORY_SECTIONS[c], CATEGORY_LABELS[c]) for c in rome.CATEGORIES]
    return Entry(at.FINAL_SCORING, "Final scoring", (
        f"<p>Every city scores in these categories: {listed(parts)}. The end screen shows "
        "each one for each player; the most points in all wins "
        f"({link(at.WINNING, 'winning and ties')}).</p>"))


def _named(kind: str) -> str:
    """``the Market (yellow)``."""
    b = rome.BUILDINGS[kind]
    return f"the {esc(b.name)} ({b.colour})"


def _residential() -> Entry:
    house = rome.BUILDINGS[ROW[(0, 0)]]
    plain = area_points(ROW, {}, AREA)
    colours = len({rome.BUILDINGS[k].colour for k in ROW.values()} - {""})
    return Entry(at.RESIDENTIAL, "Residential areas", (
        "<p>Residential buildings of the same value that share a side form an area; a "
        "building with no such neighbour is an area by itself, and a city may hold several "
        "areas of one value. An area scores the sum of its values times the number of "
        "different colours among the public buildings touching it. Two public buildings of "
        "one colour count once for an area, and one public building counts for every area "
        "it touches. An area that touches no public building scores nothing. Luxury "
        "residentials are residentials of their value; their star is extra.</p>"
        f"<p>For example, three {esc(house.name)}s in a row, with {_named(ROW[(1, 0)])} "
        f"under the first and {_named(ROW[(1, 2)])} under the last, score "
        f"({' + '.join([str(house.value)] * len(AREA))}) × {colours} = {plain} points.</p>"),
        level=4)


def _baths() -> Entry:
    tokens = 3
    where, kind = BATH
    both = area_points({**ROW, where: kind}, {where: tokens}, AREA)
    return Entry(at.BATHS, "Thermal baths", (
        "<p>The point tokens on a thermal bath (put there when it was built) add to the "
        "residential areas it touches. When an area touches several baths, only the one "
        "holding the most tokens adds them.</p>"
        f"<p>In the example above, {_named(kind)} built above the middle building, holding "
        f"{plural(tokens, 'point token')}, brings one more colour and its tokens: the area "
        f"now scores {both} points.</p>"), level=4)


def _aqueducts() -> Entry:
    rows = "".join(f'<tr><th scope="row">{n}</th><td>{p}</td></tr>'
                   for n, p in enumerate(AQUEDUCT_POINTS) if n)
    return Entry(at.AQUEDUCTS, "Aqueducts", (
        "<p>At most one aqueduct stands in each row and each column of a city, so a city "
        f"holds at most {MAX_SIDE}. An aqueduct may be built on an empty space as usual, or "
        "in place of any building that is not an aqueduct, your starting buildings too; "
        "the replaced card leaves the game with any tokens on it, and its stars no longer "
        "count. The aqueducts of a city score together:</p>"
        '<table class="rules-table"><caption>Points for aqueducts</caption><thead><tr>'
        '<th scope="col">Aqueducts</th><th scope="col">Points</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"), level=4)


def _temples() -> Entry:
    lines = []
    for kind, b in rome.BUILDINGS.items():
        if b.type == "temple":
            variant = "" if _in_a_deck(kind) else f" ({link(at.SHRINE, 'the Shrine variant')})"
            lines.append(f"{esc(b.name)}{variant}: {esc(scoring_words(b))}.")
    return Entry(at.TEMPLES, "Temples", (
        "<p>Each temple scores for its own condition. One that asks for something scores "
        "once, however often the city has it; one that counts scores for each thing it "
        "counts:</p>" + items(lines)), level=4)


def _coins() -> Entry:
    return Entry(at.COINS, "Coins", (
        f"<p>Every coin left at the end is worth {plural(facts.points_per_coin(), 'point')}."
        "</p>"), level=4)


def _influence() -> Entry:
    return Entry(at.FINAL_INFLUENCE, "Influence", (
        "<p>Each influence card scores its value. Influence tokens still held score a point "
        f"per {facts.tokens_per_point()}, rounded down.</p>"), level=4)


def _shrine() -> Entry:
    shrine = next(b for k, b in rome.BUILDINGS.items() if not _in_a_deck(k))
    return Entry(at.SHRINE, "The Shrine variant", (
        "<p>A choice on the new-game screen. Everyone starts with "
        f"{esc(shrine.name)} in hand; building it costs {plural(shrine.cost, 'brick')}. At "
        f"the end it scores {esc(scoring_words(shrine))}. It is a {shrine.type}, so it "
        f"counts wherever {shrine.type}s are counted.</p>"), level=4)


def _winning() -> Entry:
    breaks = ", then ".join(f"the most {what}" for what in facts.tie_breaks())
    return Entry(at.WINNING, "Winning and ties", (
        "<p>The most points wins. If players tie, the one among them with "
        f"{breaks} wins; if they are still tied, they share the win.</p>"), level=4)


@cache
def scoring_entries() -> tuple[Entry, ...]:
    """The final scoring, in the dialog's order."""
    return (_intro(), _residential(), _baths(), _aqueducts(), _temples(), _coins(),
            _influence(), _shrine(), _winning())
