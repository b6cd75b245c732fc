"""The score calculator's markup: pure functions of a :class:`Calculator`.

:func:`shell` is the fixed markup, once; :func:`frame` is each of its containers, which
the page rewrites when their markup changes (``ui.embed.view``). The grid is shared with the
read-only city view.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from rome.cards import BUILDINGS, STARTING_CITY
from rome.citycode import CARD_VALUES
from rome.score_input import holds_tokens
from ui.embed import scorecard
from ui.embed.calculator import SIDE, Calculator, Pos
from ui.embed.view import Frame
from ui.render.svg_cards import card_svg, influence_card_svg
from ui.words.card_words import card_title, short_name, tiny_name
from ui.words.markup import attrs, esc


def grid_html(kinds: Mapping[Pos, str], points: Mapping[Pos, int], *, selected: Pos | None = None,
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


@lru_cache(maxsize=8)
def catalogue_html(query: str = "") -> str:
    """Every building (CARDS.md), filtered by name; each a ``data-card`` button."""
    q = query.strip().lower()
    items = []
    for kind, b in BUILDINGS.items():
        words = f"{b.name} {short_name(kind)} {tiny_name(kind)} {b.type} {b.colour} {kind}".lower()
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
            + '<p class="infl-label" id="calc-infl-label">Influence cards won '
            '<small>(choose each one the city holds)</small></p>'
            + f'<div class="infl-cards" role="group" aria-labelledby="calc-infl-label">'
            f"{cards}</div>")


def frame(calc: Calculator) -> Frame:
    """Every container of the calculator, by element id."""
    return Frame({
        "calc-grid": grid_html(calc.kinds, calc.points, selected=calc.selected),
        "calc-selection": selection_html(calc),
        "calc-resources": resources_html(calc),
        "calc-score": render_score(calc),
        "calc-share": share_html(calc.link),
        "calc-catalogue": catalogue_html(calc.query),
    })


def shell(calc: Calculator) -> str:
    """The calculator's fixed markup, its containers empty: the page fills them from
    :func:`frame`, as after every event."""
    notice = f'<p class="notice" role="status">{esc(calc.notice)}</p>' if calc.notice else ""
    return (
        f'{notice}<div class="embed-calc">'
        '<section class="calc-city" aria-label="Your city">'
        '<div id="calc-grid"></div>'
        '<div id="calc-selection" class="calc-selection"></div>'
        '<div id="calc-resources" class="calc-resources"></div>'
        '</section>'
        '<section class="calc-side" aria-label="Catalogue and score">'
        '<div id="calc-score"></div>'
        '<p class="calc-actions">'
        '<button type="button" class="btn primary" data-do="share">Share</button> '
        '<button type="button" class="btn" data-do="clear">Clear</button></p>'
        '<div id="calc-share" class="calc-share"></div>'
        '<label class="cat-search">Find a building '
        f'<input type="search" data-catalogue-search value="{esc(calc.query)}"></label>'
        '<div id="calc-catalogue"></div>'
        '</section></div>')


def render_score(calc: Calculator) -> str:
    if not calc.kinds:
        first, second = (BUILDINGS[kind].name for _r, _c, kind in STARTING_CITY)
        return ('<div class="scorecard empty"><p>Choose a space, then a building. Start '
                f"with the two every city begins with, a {esc(first)} beside a "
                f"{esc(second)}: the score appears from then on, as the city grows.</p>"
                "<p>Total <strong data-score-total>0</strong></p></div>")
    return scorecard.render(calc.scored())


def share_html(link: str) -> str:
    if not link:
        return ""
    return ('<label>Link to this city <input type="text" readonly data-share-link '
            f'value="{esc(link)}"></label>')

