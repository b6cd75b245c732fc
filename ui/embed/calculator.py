"""The score calculator: an empty 4 × 4 city the reader fills from the catalogue.

Pure (no browser import): :class:`Calculator` holds what the reader entered and
renders it; ``ui.embed.page`` turns clicks into its methods. The city it produces is
``python -m rome score`` JSON, checked and scored by ``ui.embed.scorecard``; "share"
turns it into a city code (``rome.citycode``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rome.cards import BUILDINGS
from rome.citycode import CARD_VALUES, decode, encode
from ui.embed import scorecard
from ui.render.markup import attrs, esc
from ui.render.svg_cards import SHORT_NAMES, card_svg, card_title, influence_card_svg

SIDE = 4
Pos = tuple[int, int]


def holds_tokens(kind: str) -> bool:
    """Thermal baths (and the imperial ones) carry point tokens."""
    return BUILDINGS[kind].build_points >= 0


def max_tokens(kind: str) -> int:
    """As many tokens as a bath can get: one per neighbour plus its own extra (4 + n)."""
    return 4 + BUILDINGS[kind].build_points


@dataclass
class Calculator:
    """What the reader has entered so far."""

    kinds: dict[Pos, str] = field(default_factory=dict)
    points: dict[Pos, int] = field(default_factory=dict)
    coins: int = 0
    influence_tokens: int = 0
    cards: set[int] = field(default_factory=set)
    selected: Pos | None = (0, 0)
    query: str = ""

    @classmethod
    def from_code(cls, code: str) -> Calculator:
        """Start from a city code (a shared link); malformed codes raise ScoreInputError."""
        data = decode(code)
        calc = cls()
        for r, row in enumerate(data["city"]):
            for c, cell in enumerate(row):
                if isinstance(cell, dict):
                    calc.kinds[(r, c)] = cell["card"]
                    if cell["point_tokens"]:
                        calc.points[(r, c)] = cell["point_tokens"]
                elif cell is not None:
                    calc.kinds[(r, c)] = cell
        calc.coins, calc.influence_tokens = data["coins"], data["influence_tokens"]
        calc.cards = set(data["influence_cards"])
        return calc

    # -- edits ---------------------------------------------------------------------
    def select(self, pos: Pos) -> None:
        self.selected = pos

    def place(self, kind: str) -> None:
        """Put a building on the selected space (replacing what was there)."""
        if self.selected is None or kind not in BUILDINGS:
            return
        self.kinds[self.selected] = kind
        self.points.pop(self.selected, None)

    def remove(self) -> None:
        if self.selected is not None:
            self.kinds.pop(self.selected, None)
            self.points.pop(self.selected, None)

    def add_tokens(self, delta: int) -> None:
        """Point tokens on the selected bath, kept within what a bath can hold."""
        pos = self.selected
        if pos is None or pos not in self.kinds or not holds_tokens(self.kinds[pos]):
            return
        n = min(max(self.points.get(pos, 0) + delta, 0), max_tokens(self.kinds[pos]))
        if n:
            self.points[pos] = n
        else:
            self.points.pop(pos, None)

    def set_number(self, name: str, value: int) -> None:
        if name in ("coins", "influence_tokens"):
            setattr(self, name, min(max(value, 0), 9999))

    def toggle_card(self, value: int) -> None:
        if value in CARD_VALUES:
            self.cards ^= {value}

    def clear(self) -> None:
        self.kinds.clear()
        self.points.clear()
        self.coins = self.influence_tokens = 0
        self.cards.clear()
        self.selected = (0, 0)

    # -- results -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The city as ``python -m rome score`` reads it."""
        rows: list[list[Any]] = [[None] * SIDE for _ in range(SIDE)]
        for (r, c), kind in self.kinds.items():
            rows[r][c] = ({"card": kind, "point_tokens": self.points.get((r, c), 0)}
                          if holds_tokens(kind) else kind)
        return {"city": rows, "coins": self.coins, "influence_tokens": self.influence_tokens,
                "influence_cards": sorted(self.cards)}

    def scored(self) -> scorecard.Scored:
        return scorecard.score(self.to_json())

    def code(self) -> str:
        """The city code of a legal city ("" while the city is impossible)."""
        result = self.scored()
        return encode(result.city) if result.city is not None else ""


# -- rendering ---------------------------------------------------------------------------
def grid_html(kinds: dict[Pos, str], points: dict[Pos, int], *, selected: Pos | None = None,
              editable: bool = True) -> str:
    """The 4 × 4 city: buttons (``data-cell="row,col"``) when editable, else pictures."""
    cells = []
    for r in range(SIDE):
        for c in range(SIDE):
            kind = kinds.get((r, c))
            where = f"row {r + 1}, column {c + 1}"
            if kind is None:
                inner = '<span class="empty" aria-hidden="true">+</span>' if editable else ""
                label = f"{where}: empty"
            else:
                n = points.get((r, c), 0)
                inner = card_svg(kind, square=True, points=n)
                label = f"{where}: {card_title(kind)}" + (f" {n} point tokens." if n else "")
            cls = "calc-cell" + (" built" if kind else "") + (
                " selected" if (r, c) == selected else "")
            if editable:
                cells.append(f'<button type="button" class="{cls}"'
                             f'{attrs(data_cell=f"{r},{c}", aria_label=label)}'
                             f' aria-pressed="{str((r, c) == selected).lower()}">{inner}</button>')
            else:
                cells.append(f'<div class="{cls}" role="img"{attrs(data_cell=f"{r},{c}")}'
                             f' aria-label="{esc(label)}" title="{esc(label)}">{inner}</div>')
    return f'<div class="calc-grid" role="group" aria-label="The city">{"".join(cells)}</div>'


def catalogue_html(query: str = "") -> str:
    """Every building (CARDS.md), filtered by name; each a ``data-card`` button."""
    q = query.strip().lower()
    items = []
    for kind, b in BUILDINGS.items():
        words = f"{b.name} {SHORT_NAMES.get(kind, '')} {b.type} {b.colour} {kind}".lower()
        hidden = bool(q) and q not in words
        items.append(
            f'<li{" hidden" if hidden else ""}><button type="button" class="cat-card"'
            f'{attrs(data_card=kind, title=card_title(kind), aria_label="Place " + b.name)}>'
            f'{card_svg(kind, square=True)}<span class="cat-name">{esc(b.name)}</span>'
            "</button></li>")
    return f'<ul class="catalogue" aria-label="Buildings">{"".join(items)}</ul>'


def _stepper(name: str, label: str, value: int) -> str:
    return (f'<label class="stepper"><span>{esc(label)}</span>'
            f'<button type="button" class="btn mini" data-do="{name}-" '
            f'aria-label="One fewer {esc(label.lower())}">−</button>'
            f'<input type="number" min="0" max="9999" inputmode="numeric" value="{value}"'
            f'{attrs(data_input=name)}>'
            f'<button type="button" class="btn mini" data-do="{name}+" '
            f'aria-label="One more {esc(label.lower())}">+</button></label>')


def selection_html(calc: Calculator) -> str:
    """What can be done to the selected space: remove, point tokens on a bath."""
    pos = calc.selected
    if pos is None:
        return "<p>Choose a space of the city.</p>"
    kind = calc.kinds.get(pos)
    where = f"Row {pos[0] + 1}, column {pos[1] + 1}"
    if kind is None:
        return f'<p class="sel-where">{where}: pick a building from the catalogue.</p>'
    parts = [f'<p class="sel-where">{where}: {esc(BUILDINGS[kind].name)}</p>']
    if holds_tokens(kind):
        n = calc.points.get(pos, 0)
        parts.append(
            '<p class="stepper">Point tokens '
            '<button type="button" class="btn mini" data-do="tokens-" '
            'aria-label="One point token fewer">−</button>'
            f'<output data-tokens>{n}</output>'
            '<button type="button" class="btn mini" data-do="tokens+" '
            'aria-label="One point token more">+</button></p>')
    parts.append('<button type="button" class="btn" data-do="remove">Remove</button>')
    return "".join(parts)


def resources_html(calc: Calculator) -> str:
    cards = "".join(
        f'<button type="button" class="infl-toggle" data-influence-card="{v}" '
        f'aria-pressed="{str(v in calc.cards).lower()}" aria-label="Influence card {v}">'
        f"{influence_card_svg(v)}</button>" for v in CARD_VALUES)
    return (_stepper("coins", "Coins", calc.coins)
            + _stepper("influence_tokens", "Influence tokens", calc.influence_tokens)
            + f'<div class="infl-cards" role="group" aria-label="Influence cards">{cards}</div>')


def render(calc: Calculator, share_link: str = "") -> str:
    """The whole calculator; the page re-renders parts of it after each edit."""
    return (
        '<div class="embed-calc">'
        '<section class="calc-city" aria-label="Your city">'
        f'<div id="calc-grid">{grid_html(calc.kinds, calc.points, selected=calc.selected)}</div>'
        f'<div id="calc-selection" class="calc-selection">{selection_html(calc)}</div>'
        f'<div id="calc-resources" class="calc-resources">{resources_html(calc)}</div>'
        '</section>'
        '<section class="calc-side" aria-label="Catalogue and score">'
        f'<div id="calc-score">{render_score(calc)}</div>'
        '<p class="calc-actions">'
        '<button type="button" class="btn primary" data-do="share">Share</button> '
        '<button type="button" class="btn" data-do="clear">Clear</button></p>'
        f'<div id="calc-share" class="calc-share">{share_html(share_link)}</div>'
        '<label class="cat-search">Find a building '
        f'<input type="search" data-catalogue-search value="{esc(calc.query)}"></label>'
        f'<div id="calc-catalogue">{catalogue_html(calc.query)}</div>'
        '</section></div>')


def render_score(calc: Calculator) -> str:
    if not calc.kinds:
        return ('<div class="scorecard empty"><p>Choose a space, then a building: the score '
                'appears as the city grows.</p><p>Total <strong data-score-total>0</strong>'
                '</p></div>')
    return scorecard.render(calc.scored())


def share_html(link: str) -> str:
    if not link:
        return ""
    return ('<label>Link to this city <input type="text" readonly data-share-link '
            f'value="{esc(link)}"></label>')

