"""The bounds of every value a game is started or resumed from, and the one sentence that
refuses a value outside them.

Why one module: the same seed, seats, Shrine option, moves and pace reach the table by
several ways in (the address, a downloaded file brought back, the browser's storage, an
embed's record, the new-game form), written by people, programs or attackers. Each reader
once applied bounds of its own: a file took seeds the address refused, and said "the moves
do not make a legal game" of a seed that was text. Here each bound is declared once, and
:class:`Place` checks a value against it and refuses it in one wording, naming where the
value was read:

    "<place> <name> must be <rule>, not <the value>"

for example "the file's seed must be a whole number from 0 to 9007199254740991, not -7".
A reader gives its place's words and the error it raises (``AddressError``,
``SaveError``, ``RecordError``). A value is checked as its source spells it: the address is
text, so ``seed=7`` is the number 7, while in JSON the text ``"7"``, ``7.0`` and ``true``
are not numbers. Player names are not refused but made safe (``ui.words.names.clean_name``).

Pure (no browser import): tested on CPython.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rome import JSON
from rome.ai.levels import MENU_LEVELS, TEST_LEVELS
from rome.cards import SHAPES
from ui.words.names import quote

MAX_SEED = 2**53 - 1
"""Seeds travel through JSON and JavaScript too: the largest integer both hold exactly.
(The engine itself takes any integer: ``rome.new_game``.)"""
MAX_PACE = 5_000
PACE_NAMES: Mapping[str, int] = {"slow": 1600, "normal": 800, "fast": 250, "instant": 0}
"""Milliseconds between computer moves; ``pace=0`` in the address is the tests' setting."""
PLAYER_COUNTS = tuple(sorted(SHAPES))
"""The seats a game has: the engine's player counts (2 to 4)."""
HUMAN = "human"
LEVELS = (*MENU_LEVELS, *TEST_LEVELS)
"""The computer levels a seat may have; the test levels are read, never offered."""
SEAT_KINDS = (HUMAN, *LEVELS)
MAX_MOVES = 2_000
"""Far more moves than any game has (4 players: about 250)."""
MAX_MOVE_CHARS = 40
"""A move's text is at most about 30 characters (``build temple-jupiter -1,-2``)."""
MAX_SHOWN = 24
"""Graphemes of a refused text quoted in its sentence (longer ones are cut, their length said)."""


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int
    what: str = "a whole number"

    @property
    def rule(self) -> str:
        return f"{self.what} from {self.low} to {self.high}"

    def value(self, value: JSON) -> int | None:
        """A JSON value: an ``int`` within the bound (never a bool, ``7.0`` or ``"7"``)."""
        if type(value) is int and self.low <= value <= self.high:
            return value
        return None

    def text(self, text: str) -> int | None:
        """Text (an address): ASCII digits only (``str.isdigit`` accepts ``²``, which ``int``
        refuses), no sign or space, bounded before ``int`` reads it."""
        if len(text) > len(str(self.high)) + 2 or not _DIGITS.fullmatch(text):
            return None
        return self.value(int(text))


SEED = Whole(0, MAX_SEED)
PACE = Whole(0, MAX_PACE, "a whole number of milliseconds")
PLAYERS = Whole(PLAYER_COUNTS[0], PLAYER_COUNTS[-1])
SEATS_RULE = f"{PLAYERS.low} to {PLAYERS.high} seats"
KIND_RULE = f"{HUMAN} or a computer level ({', '.join(MENU_LEVELS)})"
FLAG_RULE = "true or false"
MOVES_RULE = f"a list of at most {MAX_MOVES} moves"
MOVE_RULE = f"a move's text of at most {MAX_MOVE_CHARS} characters"

_DIGITS = re.compile(r"[0-9]+")


def shown(value: JSON) -> str:
    """A refused value as its sentence quotes it: text in quotes (cut, its length said),
    JSON's other values as JSON writes them, a large number by its digits."""
    if isinstance(value, str):
        return quote(value, MAX_SHOWN)
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    if isinstance(value, int):
        if value.bit_length() <= 64:
            return str(value)
        # Python refuses to write a number of more than 4 300 digits (about 14 284 bits).
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else "thousands of"
        return f"a number of {digits} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return "an object"


def refusal(place: str, name: str, rule: str, value: JSON) -> str:
    """The one wording: ``the file's seed must be …, not -7``."""
    return f"{place} {name} must be {rule}, not {shown(value)}"


def sentence(clause: str) -> str:
    """A clause as a sentence of its own (capital, full stop)."""
    return f"{clause[:1].upper()}{clause[1:]}."


@dataclass(frozen=True)
class Place:
    """Where outside values are read, as a refusal names it (``the file's``), and the
    error its reader raises, made from the refusal's words."""

    owner: str
    error: Callable[[str], Exception]

    def refuse(self, name: str, rule: str, value: JSON) -> Exception:
        return self.error(refusal(self.owner, name, rule, value))

    def whole(self, name: str, bound: Whole, value: JSON) -> int:
        """A JSON number within ``bound``."""
        number = bound.value(value)
        if number is None:
            raise self.refuse(name, bound.rule, value)
        return number

    def whole_text(self, name: str, bound: Whole, text: str) -> int:
        """Text within ``bound`` (the address)."""
        number = bound.text(text)
        if number is None:
            raise self.refuse(name, bound.rule, text)
        return number

    def seed(self, value: JSON) -> int:
        return self.whole("seed", SEED, value)

    def flag(self, name: str, value: JSON) -> bool:
        if not isinstance(value, bool):  # "false" is a non-empty string: true
            raise self.refuse(name, FLAG_RULE, value)
        return value

    def seat_count(self, name: str, count: int) -> int:
        if PLAYERS.value(count) is None:
            raise self.refuse(name, SEATS_RULE, count)
        return count

    def seat_kind(self, name: str, value: JSON) -> str:
        """``human`` or a computer level, as the address and the new-game form name it."""
        if not isinstance(value, str) or value not in SEAT_KINDS:
            raise self.refuse(name, KIND_RULE, value)
        return value

    def moves(self, name: str, value: JSON) -> list[str]:
        """A list of move texts, bounded before any is parsed or quoted."""
        if not isinstance(value, list) or len(value) > MAX_MOVES:
            raise self.refuse(name, MOVES_RULE, value)
        moves = [move for move in value if isinstance(move, str) and len(move) <= MAX_MOVE_CHARS]
        if len(moves) != len(value):
            bad = next(m for m in value if not isinstance(m, str) or len(m) > MAX_MOVE_CHARS)
            raise self.refuse(name, f"{MOVES_RULE}, each {MOVE_RULE}", bad)
        return moves


def is_pace(value: JSON) -> bool:
    """A stored pace setting (milliseconds; the names are the address's)."""
    return PACE.value(value) is not None
