"""A player's city, drawn centred in a fixed frame of 5 × 5 cells.

Why 5 × 5 and not 4 × 4: a city of 3 rows may still grow up *or* down, so the spaces it
may reach must be visible on both sides. The city plus its reachable ring is centred in
the frame and re-centres as it grows; spaces the 4 × 4 limit forbids are not drawn.
Build targets come only from the legal build actions of the selected card.
"""

from __future__ import annotations

from typing import Any

from ui.markup import attrs, esc
from ui.svg_cards import SHORT_NAMES, card_svg, card_title

FRAME = 5
LIMIT = 4


def render_city(player: dict[str, Any], seat: int, name: str,
                targets: dict[tuple[int, int], str] | None = None, big: bool = False) -> str:
    """HTML of one city. ``targets`` maps a position to the build action's text."""
    targets = targets or {}
    city = {(r, c): kind for r, c, kind, _deck in player["city"]}
    bricks = {(r, c) for r, c in player["bricks"]}
    points = {(r, c): k for r, c, k in player["points"]}
    rows = [r for r, _ in city]
    cols = [c for _, c in city]
    r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
    # The window: the city plus one ring, clipped to what the 4 x 4 limit still allows.
    # It is symmetric around the city, so the city sits centred in its frame.
    reach_r = (max(r0 - 1, r1 - LIMIT + 1), min(r1 + 1, r0 + LIMIT - 1))
    reach_c = (max(c0 - 1, c1 - LIMIT + 1), min(c1 + 1, c0 + LIMIT - 1))
    n_rows = reach_r[1] - reach_r[0] + 1
    n_cols = reach_c[1] - reach_c[0] + 1
    cells = []
    for r in range(reach_r[0], reach_r[1] + 1):
        for c in range(reach_c[0], reach_c[1] + 1):
            style = f"grid-row:{r - reach_r[0] + 1};grid-column:{c - reach_c[0] + 1}"
            kind = city.get((r, c))
            action = targets.get((r, c))
            if kind is not None:
                label = f"{name}'s {card_title(kind)}"
                if (r, c) in bricks:
                    label += " Holds a brick token."
                if points.get((r, c)):
                    label += f" {points[(r, c)]} point tokens."
                inner = card_svg(kind, square=True, brick_token=(r, c) in bricks,
                                 points=points.get((r, c), 0))
                if action:
                    aria = f"Replace the {SHORT_NAMES.get(kind, kind)} with the aqueduct"
                    cells.append(f'<button type="button" class="cell built target replace" '
                                 f'style="{style}"{attrs(data_action=action, aria_label=aria)}>'
                                 f"{inner}</button>")
                else:
                    cells.append(f'<div class="cell built" style="{style}" role="img" '
                                 f'aria-label="{esc(label)}" title="{esc(label)}">{inner}</div>')
            elif action:
                aria = f"Build here (row {r}, column {c})"
                cells.append(f'<button type="button" class="cell target" style="{style}"'
                             f"{attrs(data_action=action, aria_label=aria)}>"
                             '<span aria-hidden="true">+</span></button>')
            elif any(abs(r - rr) + abs(c - cc) == 1 for rr, cc in city):
                cells.append(f'<div class="cell edge" style="{style}"></div>')
    cls = "city big" if big else "city"
    return (f'<div class="{cls}" role="group" aria-label="{esc(name)}\'s city" '
            f'data-seat="{seat}"><div class="city-grid" style="grid-template-rows:'
            f'repeat({n_rows},var(--cell));grid-template-columns:repeat({n_cols},var(--cell))">'
            f'{"".join(cells)}</div></div>')
