"""Building cards and card backs drawn as SVG made for this project (no scanned art).

Why SVG strings: one drawing scales from a phone's city cell to a desktop hand card,
and text stays crisp. Each card shows at a glance its type (background and icon),
colour (a shape per colour, and on a full-size card the colour's letter: cues for
colour-blind players beside the hue), cost in bricks, stars, residential value and any tokens.
The full rule text travels in ``<title>`` (tooltip) and the accessible name.
"""

from __future__ import annotations

from functools import cache

import rome
from rome.cards import Building
from ui.words.card_words import card_title, short_name, tiny_name
from ui.words.markup import esc

TYPE_FILL = {
    "production": "#9fb96b",
    "residential": "#d9825b",
    "public": "#e9dcc0",
    "aqueduct": "#8aa4b8",
    "temple": "#f1ead8",
}
COLOUR_FILL = {"yellow": "#e0b21a", "red": "#c23b2a", "green": "#3d8b4f", "blue": "#2d6cb0"}
COLOUR_SHAPE = {  # a shape per colour too: letter + shape + hue
    "yellow": "circle",
    "red": "triangle",
    "green": "square",
    "blue": "diamond",
}

SOFT_BREAKS = {  # where a card's name may break (a soft hyphen) when the card is narrow
    "Vineyard": "Vine\u00adyard",
    "Colosseum": "Colos\u00adseum", "University": "Univer\u00adsity",
    "Aqueduct": "Aque\u00adduct",
    "Mercury": "Mer\u00adcury", "Jupiter": "Jupi\u00adter", "Minerva": "Miner\u00adva",
    "Fortuna": "For\u00adtuna",
}
EFFECT_HINTS = {  # a few characters summarising the effect, readable on a small card
    "market": "+1¢/adj", "forum-romanum": "1+1¢/adj", "arena": "+1✦/adj",
    "colosseum": "1+1✦/adj", "school": "draw/adj", "university": "1+draw/adj",
    "baths": "pt/adj", "imperial-baths": "1+pt/adj", "aqueduct": "1 per row/col",
    "grand-aqueduct": "1 per row/col", "temple-luna": "1 per ★", "temple-mars": "5 if a 4",
    "temple-venus": "2 per 2-Val", "temple-jupiter": "2 per temple",
    "temple-mercury": "1 per 3¢", "temple-minerva": "10 if 16 bldg",
    "temple-fortuna": "15 if 4 colours", "temple-cupid": "10 if 4× 2-Val",
    "temple-juno": "10 if 4 temples", "temple-saturn": "15 if 4 farms",
    "shrine": "2 per adj",
}


def _star(x: float, y: float, r: float) -> str:
    import math

    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = math.pi / 2 + i * math.pi / 5
        pts.append(f"{x + rad * math.cos(a):.1f},{y - rad * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="#f2c230" stroke="#7a5a00" stroke-width="1"/>'


def _colour_badge(colour: str, letter: str, x: float, y: float, r: float) -> str:
    fill = COLOUR_FILL[colour]
    shape = COLOUR_SHAPE[colour]
    stroke = 'stroke="#2b1d0e" stroke-width="1.5"'
    if shape == "circle":
        body = f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" {stroke}/>'
    elif shape == "triangle":
        body = (f'<polygon points="{x},{y - r * 1.15} {x + r * 1.15},{y + r * 0.85} '
                f'{x - r * 1.15},{y + r * 0.85}" fill="{fill}" {stroke}/>')
    elif shape == "square":
        body = (f'<rect x="{x - r}" y="{y - r}" width="{2 * r}" height="{2 * r}" '
                f'fill="{fill}" {stroke}/>')
    else:
        body = (f'<polygon points="{x},{y - r * 1.25} {x + r * 1.25},{y} {x},{y + r * 1.25} '
                f'{x - r * 1.25},{y}" fill="{fill}" {stroke}/>')
    ty = y + r * 0.4 + (r * 0.15 if shape == "triangle" else 0)
    if not letter:
        return body
    return body + (f'<text x="{x}" y="{ty}" font-size="{r * 1.15:.0f}" text-anchor="middle" '
                   f'font-weight="700" fill="#fff" stroke="#2b1d0e" stroke-width="0.6">'
                   f"{letter}</text>")


def _icon(b: Building, cx: float, cy: float, text: bool = True) -> str:
    """A simple pictogram of the building type, drawn in the card's middle."""
    ink = "#3b2a17"
    if b.type == "residential":
        return (f'<polygon points="{cx - 20},{cy - 2} {cx},{cy - 20} {cx + 20},{cy - 2} '
                f'{cx + 15},{cy - 2} {cx + 15},{cy + 18} {cx - 15},{cy + 18} {cx - 15},{cy - 2}" '
                f'fill="#fbe9d8" stroke="{ink}" stroke-width="2"/>'
                + (f'<text x="{cx}" y="{cy + 14}" font-size="20" text-anchor="middle" '
                   f'font-weight="700" fill="{ink}">{b.value}</text>' if text else ""))
    if b.type == "production":
        icons = []
        if b.produce_coins:
            icons.append(("coin", "1"))
        if b.produce_brick:
            icons.append(("brick", ""))
        if b.produce_influence:
            icons.append(("infl", "1"))
        out = []
        step = 24
        x0 = cx - step * (len(icons) - 1) / 2
        for i, (what, _label) in enumerate(icons):
            x = x0 + i * step
            if what == "coin":
                out.append(f'<circle cx="{x}" cy="{cy}" r="10" fill="#e6c04a" stroke="{ink}" '
                           'stroke-width="1.5"/>'
                           + (f'<text x="{x}" y="{cy + 4.5}" font-size="12" text-anchor='
                              f'"middle" font-weight="700" fill="{ink}">1</text>' if text
                              else ""))
            elif what == "brick":
                out.append(_brick(x - 10, cy - 7, 20, 14, ""))
            else:
                out.append(_influence(x, cy, 10))
        return (f'<path d="M{cx - 30},{cy + 20} Q{cx},{cy + 8} {cx + 30},{cy + 20}" fill="none" '
                f'stroke="#5d7a2e" stroke-width="3"/>' + "".join(out))
    if b.type == "aqueduct":
        arches = "".join(
            f'<path d="M{cx - 24 + i * 16},{cy + 14} v-10 a8,8 0 0 1 16,0 v10" fill="#dfe8ee" '
            f'stroke="{ink}" stroke-width="1.5"/>' for i in range(3))
        return (f'<rect x="{cx - 26}" y="{cy - 14}" width="52" height="8" fill="#dfe8ee" '
                f'stroke="{ink}" stroke-width="1.5"/>{arches}')
    if b.type == "temple":
        cols = "".join(f'<rect x="{cx - 16 + i * 9}" y="{cy - 4}" width="5" height="18" '
                       f'fill="#fff" stroke="{ink}" stroke-width="1"/>' for i in range(4))
        return (f'<polygon points="{cx - 22},{cy - 6} {cx},{cy - 20} {cx + 22},{cy - 6}" '
                f'fill="#fff" stroke="{ink}" stroke-width="1.5"/>{cols}'
                f'<rect x="{cx - 22}" y="{cy + 14}" width="44" height="4" fill="#fff" '
                f'stroke="{ink}" stroke-width="1"/>')
    # public: a domed hall in the colour, plus the colour badge drawn by the caller
    fill = COLOUR_FILL.get(b.colour, "#ccc")
    return (f'<path d="M{cx - 22},{cy + 16} v-18 h44 v18 z" fill="{fill}" stroke="{ink}" '
            f'stroke-width="1.5"/><path d="M{cx - 14},{cy - 2} a14,12 0 0 1 28,0 z" '
            f'fill="{fill}" stroke="{ink}" stroke-width="1.5"/>'
            f'<rect x="{cx - 5}" y="{cy + 4}" width="10" height="12" fill="#fff8e8" '
            f'stroke="{ink}" stroke-width="1"/>')


def _brick(x: float, y: float, w: float, h: float, label: str) -> str:
    text = ""
    if label:
        text = (f'<text x="{x + w / 2}" y="{y + h * 0.78}" font-size="{h * 0.85:.0f}" '
                f'text-anchor="middle" font-weight="700" fill="#fff">{esc(label)}</text>')
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="2" fill="#b5482a" '
            f'stroke="#5a1e0e" stroke-width="1.2"/>{text}')


def _influence(x: float, y: float, r: float) -> str:
    pts = " ".join(f"{x + r * c:.1f},{y + r * s:.1f}" for c, s in (
        (1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87)))
    return f'<polygon points="{pts}" fill="#7e57c2" stroke="#2b1d0e" stroke-width="1.2"/>'


def card_svg(kind: str, *, square: bool = False, brick_token: bool = False,
             points: int = 0, text: bool = True) -> str:
    """One building card; ``square`` for a city cell (100×100), else a 100×130 card.

    ``brick_token`` and ``points`` draw the tokens lying on a built card; ``text=False``
    leaves out every letter and number (:func:`card_face` writes them in HTML).
    """
    b = rome.BUILDINGS[kind]
    h = 100 if square else 130
    fill = TYPE_FILL[b.type]
    border = COLOUR_FILL.get(b.colour, "#6b4a2b")
    parts = [
        f'<svg viewBox="0 0 100 {h}" class="card-svg" role="img" aria-hidden="true" '
        f'focusable="false" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{esc(card_title(kind))}</title>",
        f'<rect x="2" y="2" width="96" height="{h - 4}" rx="8" fill="{fill}" stroke="{border}" '
        f'stroke-width="{4 if b.colour else 2.5}"/>',
    ]
    # cost (bricks) top-left, stars top-right
    parts.append(_brick(7, 7, 22, 16, str(b.cost) if text else ""))
    for i in range(b.stars):
        parts.append(_star(88 - i * 13, 15, 7))
    if b.colour:
        parts.append(_colour_badge(b.colour, b.letter if text else "", 86, 36, 9))
    cy = 48 if square else 58
    parts.append(_icon(b, 50, cy, text))
    if not text:
        if brick_token:
            parts.append(_brick(66, 60 if square else 84, 24, 16, ""))
        return "".join(parts) + "</svg>"  # points: a label of card_face
    name = short_name(kind)
    name_y = h - 12
    size = 14 if len(name) <= 9 else 12
    parts.append(f'<text x="50" y="{name_y}" font-size="{size}" text-anchor="middle" '
                 f'font-weight="700" fill="#2b1d0e">{esc(name)}</text>')
    hint = EFFECT_HINTS.get(kind)
    if hint and not square:
        parts.append(f'<text x="50" y="{h - 30}" font-size="11" text-anchor="middle" '
                     f'fill="#3b2a17">{esc(hint)}</text>')
    if brick_token:
        parts.append(_brick(66, 60 if square else 84, 24, 16, "B"))
    if points:
        py = 66 if square else 90
        parts.append(f'<circle cx="20" cy="{py}" r="11" fill="#f5d76e" stroke="#7a5a00" '
                     f'stroke-width="1.5"/><text x="20" y="{py + 5}" font-size="14" '
                     f'text-anchor="middle" font-weight="700" fill="#3b2a17">{points}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _breakable(name: str) -> str:
    return SOFT_BREAKS.get(name, name)


def _label(cls: str, text: str) -> str:
    return f'<span class="lbl {cls}" aria-hidden="true">{esc(text)}</span>'


@cache  # a city redrawn at every move draws the same few faces again (a third of its time)
def card_face(kind: str, *, square: bool = False, brick_token: bool = False,
              points: int = 0) -> str:
    """A card for the table: the drawing without text, and its words in HTML on top.

    Why HTML: an SVG's text shrinks with the card (an opponent's city cell drew a name at
    3.6 px); HTML labels keep the stylesheet's minimum of 11 px at any card size, and the
    stylesheet picks the name that fits (:mod:`ui.words.card_words`: short or tiny) by
    where the card lies.
    The effect hints of :func:`card_svg` are left out: at 11 px they cover the drawing, and
    the details (``i``, a click, a long press) give the whole rule. The words are
    ``aria-hidden``: the card's accessible name says it all.
    """
    b = rome.BUILDINGS[kind]
    labels = [_label("cost", str(b.cost))]
    if b.colour and not square:
        labels.append(_label("letter", b.letter))
    labels.append(f'<span class="lbl name" aria-hidden="true"><span class="full">'
                  f'{esc(_breakable(short_name(kind)))}</span><span class="tiny">'
                  f'{esc(tiny_name(kind))}</span></span>')
    if points:
        labels.append(_label("pts", str(points)))
    shape = "square" if square else "tall"
    return (f'<span class="face {shape}">'
            + card_svg(kind, square=square, brick_token=brick_token, points=points, text=False)
            + "".join(labels) + "</span>")


def back_face(deck: str) -> str:
    """A face-down card for the table, its deck written in HTML (see :func:`card_face`)."""
    label = {"start": "S", "shrine": "✦"}.get(deck, deck)
    return ('<span class="face tall">' + back_svg(deck, text=False)
            + _label("deck", label) + "</span>")


def back_svg(deck: str, text: bool = True) -> str:
    """A face-down card showing only the deck it came from (what everyone may know)."""
    label = {"start": "S", "shrine": "✦"}.get(deck, deck)
    return (
        '<svg viewBox="0 0 100 130" class="card-svg" role="img" aria-hidden="true" '
        'focusable="false" xmlns="http://www.w3.org/2000/svg">'
        f"<title>Hidden card from deck {esc(deck)}</title>"
        '<rect x="2" y="2" width="96" height="126" rx="8" fill="#7b2d1a" stroke="#3e140a" '
        'stroke-width="2.5"/><rect x="10" y="10" width="80" height="110" rx="5" fill="none" '
        'stroke="#e0b066" stroke-width="2" stroke-dasharray="4 3"/>'
        + (f'<text x="50" y="75" font-size="30" text-anchor="middle" font-weight="700" '
           f'fill="#f3dca8" font-family="Georgia, serif">{esc(label)}</text>' if text else "")
        + "</svg>"
    )


def influence_card_svg(value: int) -> str:
    """An influence card: its value in a laurel-less purple medallion."""
    return (
        '<svg viewBox="0 0 60 80" class="infl-svg" role="img" aria-hidden="true" '
        'focusable="false" xmlns="http://www.w3.org/2000/svg">'
        f"<title>Influence card worth {value} points</title>"
        '<rect x="2" y="2" width="56" height="76" rx="6" fill="#5e3c99" stroke="#2b1d0e" '
        'stroke-width="2"/>'
        f'<text x="30" y="50" font-size="26" text-anchor="middle" font-weight="700" '
        f'fill="#fff">{value}</text></svg>'
    )
