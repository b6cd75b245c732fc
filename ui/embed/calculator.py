"""The score calculator's model: an empty 4 × 4 city the reader fills from the catalogue.

Pure (no browser import): :class:`Calculator` is what the reader has entered, a frozen
value; :func:`reduce` is the only way it changes, one event per click or keystroke
(``ui.embed.page`` turns input into events, ``ui.embed.calculator_render`` draws it). The
city it produces is ``python -m rome score`` JSON, checked and scored by
``ui.embed.scorecard``; "share" turns it into a city code (``rome.citycode``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import rome
from rome.cards import BUILDINGS
from rome.citycode import CARD_VALUES, decode_city, encode
from rome.score_input import FinishedCity, city_json, holds_tokens
from ui import address
from ui.embed import scorecard
from ui.embed.view import Effect, Focus, Keep, ViewInput

SIDE = 4
Pos = tuple[int, int]
NUMBERS = ("coins", "influence_tokens")
"""The resources the reader types or steps (``data-input`` / ``data-do="<name>±"``)."""


def max_tokens(kind: str) -> int:
    """As many tokens as a bath can get: one per neighbour plus its own extra (4 + n)."""
    return 4 + BUILDINGS[kind].build_points


@dataclass(frozen=True)
class Calculator:
    """What the reader has entered so far, and what the page says about it."""

    kinds: Mapping[Pos, str] = field(default_factory=dict)
    points: Mapping[Pos, int] = field(default_factory=dict)
    coins: int = 0
    influence_tokens: int = 0
    cards: frozenset[int] = frozenset()
    selected: Pos | None = (0, 0)
    query: str = ""
    link: str = ""  # the shared link, until the city changes
    notice: str = ""  # why the city of the address could not be read

    @classmethod
    def from_code(cls, code: str) -> Calculator:
        """Start from a city code (a shared link); malformed codes raise ScoreInputError."""
        city = decode_city(code)
        return cls(city.kinds, city.points, city.coins, city.influence_tokens,
                   frozenset(city.influence_cards))

    def to_json(self) -> dict[str, rome.JSON]:
        """The city as ``python -m rome score`` reads it."""
        return city_json(FinishedCity(dict(self.kinds), dict(self.points), self.coins,
                                      self.influence_tokens, sorted(self.cards)))

    def scored(self) -> scorecard.Scored:
        return scorecard.score(self.to_json())

    def code(self) -> str:
        """The city code of a legal city ("" while the city is impossible)."""
        result = self.scored()
        return encode(result.city) if result.city is not None else ""


# -- events -------------------------------------------------------------------------------
@dataclass(frozen=True)
class SelectCell:
    pos: Pos


@dataclass(frozen=True)
class Place:
    """Put a building on the selected space (replacing what was there)."""

    kind: str


@dataclass(frozen=True)
class Do:
    """A ``data-do`` button: ``tokens±``, ``coins±``, ``influence_tokens±``, ``remove``,
    ``clear``."""

    name: str


@dataclass(frozen=True)
class ToggleCard:
    value: int


@dataclass(frozen=True)
class SetNumber:
    """The reader typed ``value`` into the ``name`` field (one of :data:`NUMBERS`)."""

    name: str
    value: int


@dataclass(frozen=True)
class Search:
    query: str


@dataclass(frozen=True)
class Share:
    """Make the link to this city, for the page at ``href``."""

    href: str


Event = SelectCell | Place | Do | ToggleCard | SetNumber | Search | Share
Result = tuple[Calculator, tuple[Effect, ...]]


# -- the reducer --------------------------------------------------------------------------
def reduce(calc: Calculator, event: Event) -> Result:
    """The next calculator and the effects to run. Any change to the city drops the
    shared link (it would no longer be this city's)."""
    if isinstance(event, Search):
        return replace(calc, query=event.query), ()
    if isinstance(event, Share):
        code = calc.code()
        return replace(calc, link=address.city_link(event.href, code) if code else ""), ()
    calc = replace(calc, link="")
    if isinstance(event, SelectCell):
        r, c = event.pos
        return replace(calc, selected=event.pos), (Focus(f'[data-cell="{r},{c}"]'),)
    if isinstance(event, Place):
        return _place(calc, event.kind), ()
    if isinstance(event, ToggleCard):
        cards = calc.cards ^ {event.value} if event.value in CARD_VALUES else calc.cards
        return replace(calc, cards=cards), ()
    if isinstance(event, SetNumber):
        return _set_number(calc, event.name, event.value), (Keep("calc-resources"),)
    return _do(calc, event.name), ()


def _place(calc: Calculator, kind: str) -> Calculator:
    pos = calc.selected
    if pos is None or kind not in BUILDINGS:
        return calc
    return replace(calc, kinds={**calc.kinds, pos: kind},
                   points={p: n for p, n in calc.points.items() if p != pos})


def _set_number(calc: Calculator, name: str, value: int) -> Calculator:
    value = min(max(value, 0), 9999)
    if name == "coins":
        return replace(calc, coins=value)
    if name == "influence_tokens":
        return replace(calc, influence_tokens=value)
    return calc


def _do(calc: Calculator, name: str) -> Calculator:
    pos = calc.selected
    if name in ("tokens+", "tokens-"):
        if pos is None or pos not in calc.kinds or not holds_tokens(calc.kinds[pos]):
            return calc
        step = 1 if name.endswith("+") else -1
        n = min(max(calc.points.get(pos, 0) + step, 0), max_tokens(calc.kinds[pos]))
        points = {p: k for p, k in calc.points.items() if p != pos}
        return replace(calc, points={**points, pos: n} if n else points)
    if name[:-1] in NUMBERS and name[-1] in "+-":
        field_name = name[:-1]
        step = 1 if name.endswith("+") else -1
        return _set_number(calc, field_name, getattr(calc, field_name) + step)
    if name == "remove" and pos is not None:
        return replace(calc, kinds={p: k for p, k in calc.kinds.items() if p != pos},
                       points={p: n for p, n in calc.points.items() if p != pos})
    if name == "clear":
        return Calculator(query=calc.query, notice=calc.notice)
    return calc


# -- its input (``romeInput.listenView``) ------------------------------------------------
CLICKS = ("data-cell", "data-card", "data-influence-card", "data-do")
"""What a click may land on, in the order they are looked for around it (a card drawn in
a space is the space's)."""
FIELDS = ("data-catalogue-search", "data-input")


def event_for(message: ViewInput, href: str) -> Event | None:
    """The event an input stands for (``href``: the page's address, for "Share"); None
    for one that means nothing here."""
    name, value = message["name"], message["value"]
    if message["kind"] == "typed":
        if name == "data-catalogue-search":
            return Search(message["typed"])
        text = message["typed"].strip()[:6]
        return SetNumber(value, int(text) if text.isascii() and text.isdigit() else 0)
    if message["kind"] != "click":
        return None
    if name == "data-cell":
        r, _, c = value.partition(",")
        cell = (r.lstrip("-"), c.lstrip("-"))
        if not all(x.isascii() and x.isdigit() and len(x) < 3 for x in cell):
            return None
        return SelectCell((int(r), int(c)))
    if name == "data-card":
        return Place(value)
    if name == "data-influence-card":
        return ToggleCard(int(value)) if value.isascii() and value.isdigit() \
            and len(value) < 3 else None
    return Share(href) if value == "share" else Do(value)
