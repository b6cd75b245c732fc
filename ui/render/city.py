"""A player's city, drawn centred in a fixed frame of 5 × 5 cells.

Why 5 × 5 and not 4 × 4: a city of 3 rows may still grow up *or* down, so the spaces it
may reach must be visible on both sides. The city plus its reachable ring is centred in
the frame and re-centres as it grows; spaces the 4 × 4 limit forbids are not drawn.
Pure: an observed player in, markup out (the embed page reuses it). Build targets are
``Action`` objects with their price, given by the caller; each carries
``data-action=str(action)`` and ``data-cost-tokens`` / ``data-cost-coins``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

import rome
from ui.render.svg_cards import card_face
from ui.words.card_words import card_title
from ui.words.markup import attrs, esc, sr_only

FRAME = 5
LIMIT = 4


class Priced(Protocol):
    """What a price shown on a city cell needs (``ui.render.view.Outcome`` is one)."""

    @property
    def tokens(self) -> int: ...
    @property
    def coins(self) -> int: ...
    @property
    def gains(self) -> tuple[str, ...]: ...


def price_text(tokens: int, coins: int) -> str:
    """"1 brick token", "1 brick token + 2 coins"…; "" when nothing more is paid."""
    return " + ".join(rome.counted(n, what) for n, what in ((tokens, "brick token"),
                                                            (coins, "coin")) if n)


def cost_words(tokens: int, coins: int) -> str:
    """"costs 1 brick token + 2 coins", or "no extra cost" (this turn's bricks or cogs
    pay it all)."""
    price = price_text(tokens, coins)
    return f"costs {price}" if price else "no extra cost"


def _price_badge(outcome: Priced) -> str:
    bits = []
    if outcome.tokens:
        bits.append(f'<span class="pt">{outcome.tokens}<i class="sym brick mini"></i></span>')
    if outcome.coins:
        bits.append(f'<span class="pc">{outcome.coins}¢</span>')
    if not bits:
        bits.append('<span class="pf">free</span>')
    return f'<span class="price" aria-hidden="true">{"".join(bits)}</span>'


def render_city(player: rome.SeenPlayer, seat: int, name: str,
                targets: Mapping[rome.Action, Priced] | None = None, *, big: bool = False,
                recent: frozenset[tuple[int, int]] = frozenset(),
                fresh: tuple[int, int] | None = None,
                mark: Callable[[int, int], str] | None = None) -> str:
    """HTML of one city. ``targets``: build actions for this city with their prices;
    ``recent``: positions built since the viewer's last decision (outlined); ``fresh``: the
    one built by the last move (it fades in once); ``mark``: markup added inside each
    space drawn, by its row and column (a hint's marks)."""
    by_pos = {(a.row, a.col): (a, o) for a, o in (targets or {}).items()}
    city = {(r, c): kind for r, c, kind, _deck in player["city"]}
    bricks = {(r, c) for r, c in player["bricks"]}
    points = {(r, c): k for r, c, k in player["points"]}
    rows = [r for r, _ in city]
    cols = [c for _, c in city]
    r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
    reach_r = (max(r0 - 1, r1 - LIMIT + 1), min(r1 + 1, r0 + LIMIT - 1))
    reach_c = (max(c0 - 1, c1 - LIMIT + 1), min(c1 + 1, c0 + LIMIT - 1))
    n_rows = reach_r[1] - reach_r[0] + 1
    n_cols = reach_c[1] - reach_c[0] + 1
    cells = []
    for r in range(reach_r[0], reach_r[1] + 1):
        for c in range(reach_c[0], reach_c[1] + 1):
            style = f"grid-row:{r - reach_r[0] + 1};grid-column:{c - reach_c[0] + 1}"
            kind = city.get((r, c))
            target = by_pos.get((r, c))
            mark_cls = (" recent" if (r, c) in recent else "") + \
                (" fresh" if (r, c) == fresh else "")
            marked = mark(r, c) if mark is not None else ""
            if target is not None:
                action, outcome = target
                gains = ", ".join(outcome.gains)
                built = rome.BUILDINGS[str(action.kind)].name
                what = (f"Replace the {rome.BUILDINGS[kind].name} with the {built}"
                        if kind is not None else f"Build the {built} here")
                near = rome.place_words({p: k for p, k in city.items() if p != (r, c)}, (r, c))
                label = f"{what}, {near}: {cost_words(outcome.tokens, outcome.coins)}" + \
                    (f"; gives {gains}" if gains else "")
                inner = (card_face(kind, square=True, brick_token=(r, c) in bricks,
                                  points=points.get((r, c), 0)) if kind is not None
                         else '<span class="plus" aria-hidden="true">+</span>')
                swap = '<span class="swap" aria-hidden="true">⇄</span>' if kind else ""
                cls = "cell target" + (" built replace" if kind is not None else "")
                extra = attrs(data_action=str(action), data_cost_tokens=outcome.tokens,
                              data_cost_coins=outcome.coins, title=label)
                cells.append(f'<button type="button" class="{cls}" style="{style}"{extra}>'
                             f"{inner}{swap}{_price_badge(outcome)}{sr_only(label)}"
                             f"{marked}</button>")
            elif kind is not None:
                label = f"{name}'s {card_title(kind)}"
                if (r, c) in bricks:
                    label += " Holds a brick token."
                if points.get((r, c)):
                    label += f" {points[(r, c)]} point tokens."
                inner = card_face(kind, square=True, brick_token=(r, c) in bricks,
                                 points=points.get((r, c), 0))
                cells.append(
                    f'<button type="button" class="cell built{mark_cls}" style="{style}"'
                    f'{attrs(data_card=kind, data_pos=f"{seat}:{r},{c}")}>'
                    f"{inner}{sr_only(label)}{marked}</button>")
            elif any(abs(r - rr) + abs(c - cc) == 1 for rr, cc in city):
                cells.append(f'<div class="cell edge" style="{style}">{marked}</div>')
    cls = "city big" if big else "city"
    return (f'<div class="{cls}" role="group" aria-label="{esc(name)}\'s city" '
            f'data-city="{seat}"><div class="city-grid" style="grid-template-rows:'
            f'repeat({n_rows},var(--cell));grid-template-columns:repeat({n_cols},var(--cell))">'
            f'{"".join(cells)}</div></div>')
