"""Card details: a card's name, its whole rules and what it contributes now, for any
card, with a link to its entry in the rules dialog.

Why not ``title`` tooltips: they never show on touch screens. Every card on the table
carries ``data-card`` (and ``data-pos="seat:row,col"`` in a city); a click, a tap or
the key ``i`` on a focused card opens this panel (focus alone never does: a keyboard
player moving through a hand must not be pulled into it), which the page keeps in one
``aria-live`` region.
"""

from __future__ import annotations

import rome
from ui.render.svg_cards import card_face
from ui.render.view import TableView
from ui.words import anchors, facts
from ui.words.card_words import also_shown, effect_lines, kind_words, plural
from ui.words.markup import button, esc


def _now(view: TableView, kind: str, pos: str) -> str:
    """What a built card scores or does now (only for cards in a city)."""
    if not pos:
        return ""
    seat_text, _, rc = pos.partition(":")
    seat = int(seat_text)
    r, c = (int(x) for x in rc.split(","))
    player = view.obs["players"][seat]
    b = rome.BUILDINGS[kind]
    if b.type == "temple":
        for (tr, tc), k, pts in facts.temple_points(player):
            if (tr, tc) == (r, c) and k == kind:
                return f"{b.name}: {pts} point{'s' * (pts != 1)} now."
    if b.type == "residential":
        for area, points, bath in facts.areas(player):
            if (r, c) in area:
                extra = f", of which {bath} from baths" if bath else ""
                return (f"Part of a residential area of {len(area)} building"
                        f"{'s' * (len(area) != 1)}: {points} points now{extra}.")
    if b.type == "aqueduct":
        n = facts.aqueduct_count(player)
        pts = view.scores[seat]["aqueducts"]
        return f"{n} aqueduct{'s' * (n != 1)} in this city: {pts} points now."
    return ""


def render_detail(view: TableView) -> str:
    """The open card's panel ("" when none is open): its full name (and the short form
    its face shows), what it is, costs, does and scores, what it brings now, and a link
    to its entry in the rules."""
    if not view.detail:
        return ""
    kind, _, pos = view.detail.partition("@")
    if kind not in rome.BUILDINGS:
        return ""
    b = rome.BUILDINGS[kind]
    reason = view.reasons.get(kind, "") if not pos else ""
    now = _now(view, kind, pos)
    stars = f", {plural(b.stars, 'star')}" if b.stars else ""
    said = [f"{kind_words(b).capitalize()}, cost {plural(b.cost, 'brick')}{stars}.",
            *(f"{label}: {text}" for label, text in effect_lines(kind)), now,
            reason and f"Cannot build now: {reason}"]
    also = also_shown(kind)
    lines = "".join(f"<p>{esc(t)}</p>" for t in said if t)
    name = esc(b.name)
    return (f'<div class="detail-card">{card_face(kind)}</div><div class="detail-text">'
            f'<h2 id="detail-title">{name}</h2>'
            + (f'<p class="muted">{esc(also)}</p>' if also else "") + lines
            + '<div class="buttons">'
            + button("Rules", cls="btn", data_ui="rules", data_rules=anchors.building(kind),
                     id="detail-rules", aria=f"Rules: {b.name}")
            + button("Close", cls="btn", data_ui="detail-close", id="detail-close",
                     title="Close the card details")
            + "</div></div>")
