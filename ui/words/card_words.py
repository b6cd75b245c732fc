"""A building in words: its name on a card face, and what it costs, does and scores.

Why one module: a building has one name, the engine's (``rome.BUILDINGS[kind].name``),
which the log, the hint, the review and the rules use. A card face has room for less, so
it may show a short form; every short form here abbreviates the name (each of its words
keeps, in order, letters of one of the name's words, starting with its first letter:
"Luxury 3" for "Luxury 3-Value Residential", "Univ" for "University"), and the card's
details and the rules say both (:func:`also_shown`). The sentences of what a building
does are made here from the card's data (:class:`rome.cards.Building` fields), so the
details, the accessible names and the rules say it in the same words.
"""

from __future__ import annotations

from functools import cache

import rome
from rome.cards import AQUEDUCT_POINTS, DECK_NAMES, Building

FACE_NAMES = {
    "vegetable-farm": ("Veg. Farm", "Veg"), "grain-farm": ("Grain Farm", "Grain"),
    "sheep-farm": ("Sheep Farm", "Sheep"), "vineyard": ("Vineyard", "Vine"),
    "house-2": ("2-Value", "2-Val"), "house-3": ("3-Value", "3-Val"),
    "house-4": ("4-Value", "4-Val"), "villa-2": ("Luxury 2", "Lux 2"),
    "villa-3": ("Luxury 3", "Lux 3"), "villa-4": ("Luxury 4", "Lux 4"),
    "market": ("Market", "Mkt"), "forum-romanum": ("Forum", "Forum"), "arena": ("Arena", "Arena"),
    "colosseum": ("Colosseum", "Colos"), "school": ("School", "Schl"),
    "university": ("University", "Univ"), "baths": ("Baths", "Baths"),
    "imperial-baths": ("Imp. Baths", "I.Bth"), "aqueduct": ("Aqueduct", "Aq"),
    "grand-aqueduct": ("Grand Aq.", "G.Aq"), "temple-luna": ("Luna", "Luna"),
    "temple-mars": ("Mars", "Mars"), "temple-venus": ("Venus", "Venus"),
    "temple-jupiter": ("Jupiter", "Jup"), "temple-mercury": ("Mercury", "Merc"),
    "temple-minerva": ("Minerva", "Minrv"), "temple-fortuna": ("Fortuna", "Fort"),
    "temple-cupid": ("Cupid", "Cupid"), "temple-juno": ("Juno", "Juno"),
    "temple-saturn": ("Saturn", "Sat"), "shrine": ("Shrine", "Shrn"),
}
"""The name on a card face, by building (every one: a test checks each abbreviates the
engine's name): where it has room (a hand, the offer, one's own
city: the name itself when it fits) and where it has little (an opponent's city cell at
11 px: at most 5 letters)."""
TYPE_WORDS = {"production": "production building", "residential": "residential building",
              "public": "public building", "aqueduct": "aqueduct", "temple": "temple"}


def short_name(kind: str) -> str:
    """The name a roomy card face shows."""
    return FACE_NAMES[kind][0]


def tiny_name(kind: str) -> str:
    """The name an opponent's city cell shows."""
    return FACE_NAMES[kind][1]


def also_shown(kind: str) -> str:
    """How the card faces write the name when they shorten it ("" when they never do)."""
    name, short, tiny = rome.BUILDINGS[kind].name, short_name(kind), tiny_name(kind)
    if short == name:
        return f"Small cards show it as “{tiny}”." if tiny != name else ""
    more = f" or, where room is short, “{tiny}”" if tiny != short else ""
    return f"Cards show it as “{short}”{more}."


def plural(n: int, one: str, many: str = "") -> str:
    """``1 brick``, ``3 bricks``, ``no bricks``: the engine's :func:`rome.counted`, but
    nothing is "no", as a sentence says it (the log's figures stay figures)."""
    said = rome.counted(n, one, many or None)
    return f"no{said[1:]}" if n == 0 else said


def kind_words(b: Building) -> str:
    """What sort of building it is: ``yellow public building``, ``residential building
    of value 3``."""
    if b.colour:
        return f"{b.colour} {TYPE_WORDS[b.type]}"
    if b.value:
        return f"{TYPE_WORDS[b.type]} of value {b.value}"
    return TYPE_WORDS[b.type]


def _per_neighbour(base: int, what: str) -> str:
    """``1 coin for each building next to it``, ``1 coin, plus 1 for each ...``."""
    if base:
        return f"{plural(base, what)}, plus 1 more for each building next to it"
    return f"1 {what} for each building next to it"


def built_words(b: Building) -> str:
    """What happens once, when the building is built ("" nothing)."""
    parts = []
    if b.build_coins >= 0:
        parts.append("take " + _per_neighbour(b.build_coins, "coin"))
    if b.build_influence >= 0:
        parts.append("take " + _per_neighbour(b.build_influence, "influence token"))
    if b.build_points >= 0:
        parts.append("put on it " + _per_neighbour(b.build_points, "point token"))
    if b.build_draw >= 0:
        parts.append(f"choose a deck other than deck {DECK_NAMES[0]} and draw "
                     + _per_neighbour(b.build_draw, "card")
                     + "; keep one and put the rest at the bottom of that deck")
    if b.stars:
        parts.append(f"take {plural(b.stars, 'influence token')} for its "
                     f"{plural(b.stars, 'star')}")
    return "; ".join(parts)


def produce_words(b: Building) -> str:
    """What the building gives each time its owner produces ("" nothing)."""
    parts = []
    if b.produce_coins:
        parts.append(f"take {plural(b.produce_coins, 'coin')}")
    if b.produce_influence:
        parts.append(f"take {plural(b.produce_influence, 'influence token')}")
    if b.produce_brick:
        parts.append("put a brick token on it, unless one already lies there")
    return " and ".join(parts)


def scoring_words(b: Building) -> str:
    """What the building brings at the final scoring."""
    if b.type == "residential":
        return (f"counts {b.value} towards its residential area, which scores the sum of its "
                "values times the number of colours among the public buildings touching it")
    if b.type == "public":
        words = f"its colour, {b.colour}, counts for every residential area it touches"
        if b.build_points >= 0:
            words += ("; its point tokens add to each touching area for which it is the "
                      "touching bath holding the most")
        return words
    if b.type == "aqueduct":
        points = ", ".join(str(p) for p in AQUEDUCT_POINTS[1:-1])
        return (f"your aqueducts together: 1 to {len(AQUEDUCT_POINTS) - 1} of them score "
                f"{points} or {AQUEDUCT_POINTS[-1]} points")
    if b.type == "temple":
        return b.rule.removeprefix("Final: ").split(". ")[0].rstrip(".")
    return "nothing itself: it makes goods when you produce"


def place_words(b: Building) -> str:
    """Where the building may stand beyond the usual rule ("" nowhere else)."""
    if b.type == "aqueduct":
        return ("at most one aqueduct in each row and each column of your city; it may also "
                "be built in place of a building that is not an aqueduct")
    return ""


def effect_lines(kind: str) -> tuple[tuple[str, str], ...]:
    """What the building does as (label, sentence) pairs, in the order a player meets
    them (its cost and stars are drawn on the card and said by :func:`card_title`)."""
    b = rome.BUILDINGS[kind]
    lines = [("Placed", place_words(b)),
             ("When built", built_words(b)), ("When you produce", produce_words(b)),
             ("Final scoring", scoring_words(b))]
    return tuple((label, text[0].upper() + text[1:] + ".") for label, text in lines if text)


@cache  # every built card of every city is named at every redraw
def card_title(kind: str) -> str:
    """The plain words of a card, used as its tooltip and accessible name."""
    b = rome.BUILDINGS[kind]
    stars = f", {plural(b.stars, 'star')}" if b.stars else ""
    said = " ".join(f"{label}: {text}" for label, text in effect_lines(kind))
    return f"{b.name}, {kind_words(b)}, cost {plural(b.cost, 'brick')}{stars}. {said}"


def listed(words: list[str], last: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"
