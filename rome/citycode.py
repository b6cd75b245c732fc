"""A finished city as a short, URL-safe, versioned code, for links and the embed views.

Why a code and not the JSON of ``python -m rome score``: a rules site puts the city in
an address ("this city scores 75": ``embed.html?view=city&code=…``) and the JSON of a
full city is some 300 characters once URL-encoded. The code of a full 16-building city
with point tokens, coins, influence tokens and cards is about 30 characters.

Version 1, fields separated by ``.``::

    1.<grid>.<coins>.<influence tokens>.<influence cards>

* ``grid``: the city's 4 × 4 box, its top-left building at the top-left, read row by
  row; one character per space from :data:`ALPHABET` (``0`` empty, then the index + 1
  of the building in :data:`KINDS_V1`); a thermal bath's character is followed by one
  more: its point tokens. Empty spaces at the end may be left out.
* ``coins``, ``influence tokens``: decimal, at most 4 digits, no leading zeros.
* ``influence cards``: one character, the bits of :data:`CARD_VALUES` held
  (bit 0 = the 3, … bit 5 = the 14).

Example: the rulebook's 75-point city (``tests/data/rulebook_example.json``) is
``1.8D69J55H2LH45BR7K.9.3.1``.
Decoding gives the same JSON ``python -m rome score`` reads, checked by the same
:func:`rome.score_input.read_city`: a code no game can produce is refused with the same
one-line reason. :data:`KINDS_V1` is frozen: a new building gets a new version.
"""

from __future__ import annotations

from .errors import ScoreInputError
from .json_value import JSON
from .score_input import FinishedCity, Pos, city_json, holds_tokens, read_city

VERSION = "1"
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
# The building behind each grid character (index + 1), fixed for version 1.
KINDS_V1 = (
    "vegetable-farm", "grain-farm", "sheep-farm", "vineyard",
    "house-2", "house-3", "house-4", "villa-2", "villa-3", "villa-4",
    "market", "forum-romanum", "arena", "colosseum", "school", "university",
    "baths", "imperial-baths", "aqueduct", "grand-aqueduct",
    "temple-luna", "temple-mars", "temple-venus", "temple-jupiter", "temple-mercury",
    "temple-minerva", "temple-fortuna", "temple-cupid", "temple-juno", "temple-saturn",
    "shrine",
)
CARD_VALUES = (3, 4, 6, 8, 10, 14)
SIDE = 4
MAX_DIGITS = 4
# 16 spaces, each with a token character, plus the other fields: nothing longer is a code.
MAX_LENGTH = len(VERSION) + 1 + 2 * SIDE * SIDE + 2 * (MAX_DIGITS + 1) + 2


class CityCodeError(ScoreInputError):
    """A city code that is malformed, over-long or of an unknown version."""


def encode(city: FinishedCity) -> str:
    """The code of a city already checked by :func:`read_city`."""
    rows = [r for r, _ in city.kinds]
    cols = [c for _, c in city.kinds]
    r0, c0 = min(rows), min(cols)
    spaces = []
    for r in range(SIDE):
        for c in range(SIDE):
            kind = city.kinds.get((r + r0, c + c0))
            if kind is None:
                spaces.append(ALPHABET[0])
                continue
            space = ALPHABET[KINDS_V1.index(kind) + 1]
            if holds_tokens(kind):
                space += ALPHABET[city.points.get((r + r0, c + c0), 0)]
            spaces.append(space)
    while spaces and spaces[-1] == ALPHABET[0]:
        spaces.pop()
    cards = sum(1 << CARD_VALUES.index(v) for v in city.influence_cards)
    return ".".join((VERSION, "".join(spaces), str(city.coins),
                     str(city.influence_tokens), ALPHABET[cards]))


def encode_json(data: JSON) -> str:
    """The code of a city given as ``python -m rome score`` JSON (checked first)."""
    return encode(read_city(data))


def _number(text: str, what: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise CityCodeError(f"the {what} field {text!r} is not a whole number")
    if len(text) > MAX_DIGITS:
        raise CityCodeError(f"the {what} field has more than {MAX_DIGITS} digits")
    if len(text) > 1 and text[0] == "0":
        raise CityCodeError(f"the {what} field {text!r} has a leading zero")
    return int(text)


def _char(char: str, where: str) -> int:
    index = ALPHABET.find(char)
    if index < 0:
        raise CityCodeError(f"{where}: {char!r} is not a code character")
    return index


def decode(code: str) -> dict[str, JSON]:
    """The ``python -m rome score`` JSON of a code (not yet checked for legality)."""
    return city_json(decode_city(code))


def decode_city(code: str) -> FinishedCity:
    """The city of a code, not yet checked for legality (:func:`rome.read_city` of
    :func:`decode` checks it)."""
    if not isinstance(code, str):
        raise CityCodeError("a city code is text")
    code = code.strip()
    if len(code) > MAX_LENGTH:
        raise CityCodeError(f"the code is {len(code)} characters long; a city code has at "
                            f"most {MAX_LENGTH}")
    fields = code.split(".")
    if fields[0] != VERSION:
        raise CityCodeError(f"unknown city code version {fields[0]!r} (this is version "
                            f"{VERSION}: 1.<grid>.<coins>.<influence tokens>.<cards>)")
    if len(fields) != 5:
        raise CityCodeError(f"a city code has 5 fields separated by '.', not {len(fields)}")
    _version, grid, coins, tokens, cards = fields
    kinds: dict[Pos, str] = {}
    points: dict[Pos, int] = {}
    i = space = 0
    while i < len(grid):
        if space >= SIDE * SIDE:
            raise CityCodeError("the grid has more than 16 spaces")
        index = _char(grid[i], f"grid character {i + 1}")
        if index > len(KINDS_V1):
            raise CityCodeError(f"grid character {i + 1} ({grid[i]!r}) is no building")
        i += 1
        if index:
            pos = divmod(space, SIDE)
            kinds[pos] = KINDS_V1[index - 1]
            if holds_tokens(kinds[pos]):
                if i == len(grid):
                    raise CityCodeError("the grid ends before the point tokens of its last bath")
                point_tokens = _char(grid[i], f"grid character {i + 1}")
                if point_tokens:
                    points[pos] = point_tokens
                i += 1
        space += 1
    if len(cards) != 1:
        raise CityCodeError("the influence cards field is one character")
    mask = _char(cards, "the influence cards field")  # 6 bits: every character is a set
    return FinishedCity(kinds, points, _number(coins, "coins"),
                        _number(tokens, "influence tokens"),
                        [v for b, v in enumerate(CARD_VALUES) if mask >> b & 1])


def read_code(code: str) -> FinishedCity:
    """Decode and check a code: the city, or :class:`ScoreInputError` with one line."""
    return read_city(decode(code))
