"""The game's components as data: every building kind, the decks, influence cards, strips.

Everything the rules, the scoring and the UI need to know about a card is read from
these tables (CARDS.md in the shared rules is their source), so a rule never has to
name a building in a chain of ``if``s.  Card *instances* (the physical cards) are
small integers assigned by :func:`card_instances`; an instance maps to a kind and the
deck whose back it carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

PRODUCTION = "production"
RESIDENTIAL = "residential"
PUBLIC = "public"
AQUEDUCT = "aqueduct"
TEMPLE = "temple"
INFLUENCE = "influence"


@dataclass(frozen=True, slots=True)
class Building:
    """One kind of building card.  ``effect`` names the on-build or produce effect."""

    id: str
    name: str
    type: str
    cost: int
    stars: int = 0
    value: int = 0  # residential value (2, 3 or 4)
    colour: str = ""  # public buildings only
    letter: str = ""  # second cue for the colour, for colour-blind players
    produce_coins: int = 0
    produce_brick: bool = False
    produce_influence: int = 0
    build_coins: int = -1  # market family: coins = this + adjacent buildings (-1: none)
    build_influence: int = -1  # arena family
    build_points: int = -1  # thermal baths family: point tokens placed on it
    build_draw: int = -1  # school family: cards drawn = this + adjacent buildings
    rule: str = ""  # the card's text, for help panels and tooltips


_b = Building  # short, for the table below


_ADJ = "per orthogonally adjacent building when built"

BUILDINGS: dict[str, Building] = {
    b.id: b
    for b in (
        _b(id="vegetable-farm", name="Vegetable Farm", type=PRODUCTION, cost=2, produce_coins=1,
           rule="Produce: take 1 coin."),
        _b(id="grain-farm", name="Grain Farm", type=PRODUCTION, cost=2, produce_brick=True,
           rule="Produce: put a brick token on it if it has none. Spend brick tokens as bricks."),
        _b(id="sheep-farm", name="Sheep Farm", type=PRODUCTION, cost=2, produce_influence=1,
           rule="Produce: take 1 influence token."),
        _b(id="vineyard", name="Vineyard", type=PRODUCTION, cost=2, produce_coins=1,
           produce_brick=True,
           rule="Produce: take 1 coin and put a brick token on it if it has none."),
        _b(id="house-2", name="2-Value Residential", type=RESIDENTIAL, cost=1, value=2,
           rule="Residential, value 2."),
        _b(id="house-3", name="3-Value Residential", type=RESIDENTIAL, cost=2, value=3,
           rule="Residential, value 3."),
        _b(id="house-4", name="4-Value Residential", type=RESIDENTIAL, cost=3, value=4,
           rule="Residential, value 4."),
        _b(id="villa-2", name="Luxury 2-Value Residential", type=RESIDENTIAL, cost=1, stars=1,
           value=2, rule="Residential, value 2. Built: 1 influence token."),
        _b(id="villa-3", name="Luxury 3-Value Residential", type=RESIDENTIAL, cost=2, stars=1,
           value=3, rule="Residential, value 3. Built: 1 influence token."),
        _b(id="villa-4", name="Luxury 4-Value Residential", type=RESIDENTIAL, cost=3, stars=1,
           value=4, rule="Residential, value 4. Built: 1 influence token."),
        _b(id="market", name="Market", type=PUBLIC, cost=3, colour="yellow", letter="Y",
           build_coins=0, rule=f"Built: 1 coin {_ADJ}."),
        _b(id="forum-romanum", name="Forum Romanum", type=PUBLIC, cost=3, colour="yellow",
           letter="Y", build_coins=1, rule=f"Built: 1 coin, plus 1 {_ADJ}."),
        _b(id="arena", name="Arena", type=PUBLIC, cost=3, colour="red", letter="R",
           build_influence=0, rule=f"Built: 1 influence token {_ADJ}."),
        _b(id="colosseum", name="Colosseum", type=PUBLIC, cost=3, colour="red", letter="R",
           build_influence=1, rule=f"Built: 1 influence token, plus 1 {_ADJ}."),
        _b(id="school", name="School", type=PUBLIC, cost=3, colour="green", letter="G",
           build_draw=0,
           rule="Built: choose a deck other than I, draw 1 card per adjacent building, keep 1, "
                "put the rest at the bottom of that deck."),
        _b(id="university", name="University", type=PUBLIC, cost=3, colour="green", letter="G",
           build_draw=1, rule="As the School, drawing 1 extra card."),
        _b(id="baths", name="Thermal Baths", type=PUBLIC, cost=3, colour="blue", letter="B",
           build_points=0,
           rule=f"Built: 1 point token on it {_ADJ}. Adjacent residential areas score its "
                "tokens (only the adjacent baths with the most tokens count)."),
        _b(id="imperial-baths", name="Imperial Thermal Baths", type=PUBLIC, cost=3,
           colour="blue", letter="B", build_points=1,
           rule="As the Thermal Baths, with 1 extra point token."),
        _b(id="aqueduct", name="Aqueduct", type=AQUEDUCT, cost=1,
           rule="At most one per row and column. May replace a building. "
                "1/2/3/4 aqueducts score 4/12/24/40."),
        _b(id="grand-aqueduct", name="Grand Aqueduct", type=AQUEDUCT, cost=1, stars=1,
           rule="As the Aqueduct. Built: 1 influence token."),
        _b(id="temple-luna", name="Temple of Luna", type=TEMPLE, cost=2, stars=1,
           rule="Final: 1 point per star on buildings in your city."),
        _b(id="temple-mars", name="Temple of Mars", type=TEMPLE, cost=2, stars=3,
           rule="Final: 5 points if you have a value-4 residential."),
        _b(id="temple-venus", name="Temple of Venus", type=TEMPLE, cost=2, stars=1,
           rule="Final: 2 points per value-2 residential."),
        _b(id="temple-jupiter", name="Temple of Jupiter", type=TEMPLE, cost=2, stars=2,
           rule="Final: 2 points per temple in your city (itself included)."),
        _b(id="temple-mercury", name="Temple of Mercury", type=TEMPLE, cost=2, stars=2,
           rule="Final: 1 point per 3 coins, besides the coins' own points."),
        _b(id="temple-minerva", name="Temple of Minerva", type=TEMPLE, cost=3,
           rule="Final: 10 points if your city has 16 buildings."),
        _b(id="temple-fortuna", name="Temple of Fortuna", type=TEMPLE, cost=3,
           rule="Final: 15 points if you have public buildings of all four colours."),
        _b(id="temple-cupid", name="Temple of Cupid", type=TEMPLE, cost=3,
           rule="Final: 10 points if you have at least four value-2 residentials."),
        _b(id="temple-juno", name="Temple of Juno", type=TEMPLE, cost=3,
           rule="Final: 10 points if you have at least four temples (itself included)."),
        _b(id="temple-saturn", name="Temple of Saturn", type=TEMPLE, cost=3,
           rule="Final: 15 points if you have at least four production buildings."),
        _b(id="shrine", name="The Shrine", type=TEMPLE, cost=0,
           rule="Final: 2 points per orthogonally adjacent building. Costs no bricks."),
    )
}

#: The order kinds are listed in everywhere (legal actions, hands, the UI).
KIND_ORDER: dict[str, int] = {k: i for i, k in enumerate(BUILDINGS)}

PUBLIC_COLOURS: tuple[str, ...] = ("yellow", "red", "green", "blue")

AQUEDUCT_POINTS: tuple[int, ...] = (0, 4, 12, 24, 40)

STARTING_CITY: tuple[tuple[int, int, str], ...] = ((0, 0, "vegetable-farm"), (0, 1, "house-2"))
"""DECISIONS 2: farm on the left, house-2 to its right, in one row (row, column, kind)."""

STARTING_COINS = 5

BRICK_PRICE = 2  # coins per missing brick (DECISIONS 8)
COG_PRICE = 1  # coins per missing cog
COGS_TO_PRODUCE = 2

DECK_NAMES: tuple[str, ...] = ("I", "II", "III", "IV")


def _expand(spec: dict[str, int]) -> tuple[str, ...]:
    return tuple(kind for kind, n in spec.items() for _ in range(n))


DECKS: dict[str, tuple[str, ...]] = {
    "I": (
        "vineyard", "villa-2", "villa-3", "villa-4", "forum-romanum", "colosseum", "university",
        "imperial-baths", "grand-aqueduct", "temple-luna", "temple-mars", "temple-venus",
        "temple-jupiter", "temple-mercury",
    ),
    "II": _expand({
        "vegetable-farm": 1, "grain-farm": 1, "sheep-farm": 1, "house-2": 5, "house-3": 3,
        "house-4": 2, "market": 1, "arena": 1, "school": 1, "baths": 1, "aqueduct": 4,
        "temple-minerva": 1,
    }),
    "III": _expand({
        "vegetable-farm": 1, "grain-farm": 1, "sheep-farm": 1, "house-2": 3, "house-3": 3,
        "house-4": 1, "market": 1, "arena": 1, "school": 1, "baths": 1, "aqueduct": 2,
        "temple-fortuna": 1, "temple-cupid": 1,
    }),
    "IV": _expand({
        "vegetable-farm": 1, "grain-farm": 1, "sheep-farm": 1, "house-2": 3, "house-3": 3,
        "house-4": 1, "market": 1, "arena": 1, "school": 1, "baths": 1, "aqueduct": 2,
        "temple-juno": 1, "temple-saturn": 1,
    }),
}

START = "start"
SHRINE_DECK = "shrine"


@dataclass(frozen=True, slots=True)
class GameShape:
    """What the number of players decides: decks, rounds, emissaries, influence cards."""

    decks: tuple[str, ...]
    rounds: int
    emissaries: int  # per player
    draw_per_deck: int  # cards drawn into the offer from each deck per upkeep
    influence_values: tuple[int, ...]
    influence_after: tuple[int, ...]  # insert after this many deck I cards (last: bottom)


SHAPES: dict[int, GameShape] = {
    2: GameShape(("I", "II"), 7, 2, 2, (4, 8, 14), (4, 8, 14)),
    3: GameShape(("I", "II", "III"), 14, 1, 1, (3, 6, 10, 14), (3, 6, 10, 14)),
    4: GameShape(("I", "II", "III", "IV"), 14, 1, 1, (3, 6, 10, 14), (3, 6, 10, 14)),
}


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: its kind (a building id or ``influence-N``) and its back."""

    kind: str
    deck: str  # "I".."IV", "start", "shrine"
    influence: int = 0  # value of an influence card, 0 for buildings


@cache
def card_instances(num_players: int, shrine: bool) -> tuple[Card, ...]:
    """Every physical card of a game, indexed by instance number.

    Order: starting buildings (two per seat, seat by seat), decks in order, influence
    cards, then the shrines.  The numbering is fixed by the game's options alone, so it
    is the same on every machine and in every save.
    """
    shape = SHAPES[num_players]
    cards: list[Card] = []
    for _ in range(num_players):
        cards.extend(Card(kind, START) for _r, _c, kind in STARTING_CITY)
    for deck in shape.decks:
        cards.extend(Card(kind, deck) for kind in DECKS[deck])
    cards.extend(Card(f"influence-{v}", "I", v) for v in shape.influence_values)
    if shrine:
        cards.extend(Card("shrine", SHRINE_DECK) for _ in range(num_players))
    return tuple(cards)


# Action strips (CARDS.md): front sides read from the emperor outwards; back = reversed.
STRIPS: tuple[str, ...] = ("CCBBB", "CBCBB", "CBBCB", "BCCBB", "CBBBC", "BCBCB")
SPACES = 5


def strip_symbols(strip: int, flipped: bool) -> str:
    """The five symbols of a strip side, from the emperor outwards ('B' brick, 'C' cog)."""
    front = STRIPS[strip]
    return front[::-1] if flipped else front


@cache
def space_resources(strip: int, flipped: bool, space: int) -> tuple[int, int]:
    """(bricks, cogs) an emissary on ``space`` (1 = next to the emperor) receives."""
    symbols = strip_symbols(strip, flipped)[:space]
    return symbols.count("B"), symbols.count("C")


@cache
def card_kinds(num_players: int, shrine: bool) -> tuple[str, ...]:
    """The kind of every card instance of a game (``card_kinds(...)[card]``)."""
    return tuple(c.kind for c in card_instances(num_players, shrine))


KINDS_BY_PLAYERS: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    n: (card_kinds(n, False), card_kinds(n, True)) for n in SHAPES}
"""``card_kinds(n, shrine)`` as ``KINDS_BY_PLAYERS[n][shrine]``: the rules' hot paths read
it on every action, where even a cached call costs more than two subscripts."""

def _aqueduct_marks(kinds: tuple[str, ...]) -> tuple[bool, ...]:
    return tuple(k in BUILDINGS and BUILDINGS[k].type == AQUEDUCT for k in kinds)


AQUEDUCTS_BY_PLAYERS: dict[int, tuple[tuple[bool, ...], tuple[bool, ...]]] = {
    n: (_aqueduct_marks(plain), _aqueduct_marks(shrine))
    for n, (plain, shrine) in KINDS_BY_PLAYERS.items()}
"""Whether each card instance is an aqueduct, as ``AQUEDUCTS_BY_PLAYERS[n][shrine][card]``:
the city's kept places (:class:`rome.city.Places`) mark the rows and columns they hold."""
