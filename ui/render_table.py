"""The table: round and phase, action strip, offer, turn order, prompt and player areas.

Why it renders from ``rome.observation(state, viewer)``: the screen then shows exactly
what the seat in front of it may know (others' hidden cards as deck backs). Elements
that perform an action carry ``data-action`` and exist only for actions in the list
the controller passes (the human's sensible legal actions), so nothing here decides
what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import rome
from rome.cards import SHAPES, space_resources, strip_symbols
from ui.markup import SEAT_COLOUR_NAMES, SEAT_COLOURS, attrs, button, esc
from ui.render_city import render_city
from ui.svg_cards import SHORT_NAMES, back_svg, card_svg, card_title, influence_card_svg

PHASE_NAMES = {"draft": "Opening draft", "emissary": "Placing emissaries",
               "action": "Actions", "over": "Game over"}


@dataclass
class View:
    """Everything the table needs besides the state: who looks, what they may click."""

    names: list[str]
    humans: list[bool]
    levels: list[str]
    viewer: int | None  # seat whose hand is shown face up (None: nobody's)
    actions: list[str] = field(default_factory=list)  # clickable action texts
    selected: str = ""  # hand card kind chosen for building
    thinking: str = ""  # status line while a computer decides
    scores_now: list[int] = field(default_factory=list)


def _pawn(seat: int, names: list[str], small: bool = False) -> str:
    cls = "pawn small" if small else "pawn"
    return (f'<span class="{cls} seat-bg-{seat}" title="{esc(names[seat])}" '
            f'aria-label="{esc(names[seat])}\'s emissary">{seat + 1}</span>')


def _symbol(sym: str) -> str:
    if sym == "B":
        return '<span class="sym brick" title="brick" aria-label="brick"></span>'
    return '<span class="sym cog" title="cog" aria-label="cog">⚙</span>'


def render_status(state: rome.GameState, view: View) -> str:
    """Round, phase and whose turn it is."""
    rounds = SHAPES[state.num_players].rounds
    cur = rome.current_player(state)
    who = ""
    if cur is not None:
        who = f'<span class="turn">{_pawn(cur, view.names, True)} {esc(view.names[cur])}</span>'
    rnd = "Draft" if state.round == 0 else f"Round {state.round} / {rounds}"
    return (f'<span class="round">{rnd}</span><span class="phase">'
            f"{PHASE_NAMES.get(state.phase, state.phase)}</span>{who}")


def render_strip(state: rome.GameState, view: View) -> str:
    """The emperor, the five spaces with their symbols, and every emissary on them."""
    strip, flipped = state.strips[0]
    symbols = strip_symbols(strip, flipped)
    cells = ['<div class="emperor" title="The Emperor" aria-label="The Emperor">'
             '<svg viewBox="0 0 40 40" aria-hidden="true"><circle cx="20" cy="12" r="8" '
             'fill="#e0b21a" stroke="#5a3d00" stroke-width="2"/><path d="M8,38 q12,-26 24,0 z" '
             'fill="#e0b21a" stroke="#5a3d00" stroke-width="2"/><path d="M12,6 l4,4 4,-6 4,6 '
             '4,-4" fill="none" stroke="#5a3d00" stroke-width="2"/></svg></div>']
    for space in range(1, 6):
        occupant = state.spaces[space - 1]
        bricks, cogs = space_resources(strip, flipped, space)
        gives = f"{bricks} brick{'s' * (bricks != 1)}, {cogs} cog{'s' * (cogs != 1)}"
        action = f"place {space}"
        acting = state.phase == "action" and state.acting == space
        inner = (f'<span class="space-no">{space}</span>{_symbol(symbols[space - 1])}'
                 f'<span class="gives">{bricks}<i class="sym brick mini"></i> '
                 f'{cogs}<i class="mini">⚙</i></span>')
        if occupant >= 0:
            inner += _pawn(occupant, view.names)
        cls = "space" + (" acting" if acting else "") + (" taken" if occupant >= 0 else "")
        if action in view.actions:
            cells.append(button(inner, cls=cls + " target", data_action=action,
                                aria=f"Place an emissary on space {space}: gives {gives}"))
        else:
            label = f"Space {space}: {gives}"
            if occupant >= 0:
                label += f", {view.names[occupant]}'s emissary"
            cells.append(f'<div class="{cls}" aria-label="{esc(label)}" role="img">{inner}</div>')
    side = "back" if flipped else "front"
    return (f'<h2 class="sr-only">Action strip</h2><div class="strip" data-strip="{strip + 1}" '
            f'title="Strip {strip + 1}, {side}">{"".join(cells)}</div>')


def render_offer(obs: dict[str, Any], view: View) -> str:
    """The buildings on offer by deck, the cards left in each deck, pending influence."""
    decks = []
    for deck, kinds in obs["offer"].items():
        cards = []
        done: set[str] = set()
        for kind in kinds:
            action = f"take {deck}:{kind}"
            svg = card_svg(kind)
            if action in view.actions and action not in done:
                done.add(action)
                cards.append(button(svg, cls="card take", data_action=action,
                                    aria=f"Take {card_title(kind)}"))
            else:
                cards.append(f'<div class="card" role="img" aria-label="{esc(card_title(kind))}"'
                             f' title="{esc(card_title(kind))}">{svg}</div>')
        if not cards:
            cards.append('<div class="card empty">—</div>')
        decks.append(f'<div class="deck" data-deck="{deck}"><div class="deck-head">'
                     f'<span class="deck-name">{deck}</span><span class="deck-left" '
                     f'title="cards left in deck {deck}">{obs["decks"][deck]} left</span></div>'
                     f'<div class="deck-cards">{"".join(cards)}</div></div>')
    pool = obs["influence_pool"]
    infl = "".join(influence_card_svg(v) for v in pool) or '<span class="muted">none</span>'
    return (f'<h2 class="sr-only">Offer</h2><div class="offer">{"".join(decks)}</div>'
            f'<div class="influence-pool" aria-label="Influence cards waiting: '
            f'{", ".join(map(str, pool)) or "none"}"><span>Influence waiting:</span>{infl}</div>')


def render_order(state: rome.GameState, view: View) -> str:
    """Turn order: placement order in the emissary phase, strip order during actions."""
    n = state.num_players
    items = []
    if state.phase in ("emissary", "draft"):
        total = n * SHAPES[n].emissaries
        for k in range(total):
            seat = (state.first_player + k) % n
            cls = "done" if k < state.placed else ("now" if k == state.placed
                                                    and state.phase == "emissary" else "")
            items.append(f'<li class="{cls}">{_pawn(seat, view.names, True)}'
                         f"{esc(view.names[seat])}</li>")
        title = "Placing order"
    else:
        for space, seat in enumerate(state.spaces, start=1):
            if seat < 0:
                continue
            cls = "now" if space == state.acting else ("done" if space < state.acting else "")
            items.append(f'<li class="{cls}">{_pawn(seat, view.names, True)}'
                         f"{esc(view.names[seat])} <small>space {space}</small></li>")
        title = "Turn order"
    return f'<h3>{title}</h3><ol class="order">{"".join(items)}</ol>'


def _hand_card(kind: str | None, deck: str, public: bool, own: bool, view: View,
               buildable: set[str]) -> str:
    if kind is None or not (own or public):
        return f'<div class="card back" role="img" aria-label="Hidden card from deck {deck}">' \
               f"{back_svg(deck)}</div>"
    svg = card_svg(kind)
    if own and kind in buildable:
        pressed = "true" if view.selected == kind else "false"
        return button(svg, cls="card select" + (" selected" if pressed == "true" else ""),
                      data_ui="select", data_kind=kind, aria_pressed=pressed,
                      aria=f"Choose to build: {card_title(kind)}")
    note = "" if own else " (seen by everyone)"
    return (f'<div class="card{" public" if public and not own else ""}" role="img" '
            f'aria-label="{esc(card_title(kind) + note)}" title="{esc(card_title(kind))}">'
            f"{svg}</div>")


def render_player(state: rome.GameState, obs: dict[str, Any], seat: int, view: View) -> str:
    """One seat's panel: resources, hand and city."""
    p = obs["players"][seat]
    own = seat == view.viewer
    cur = rome.current_player(state)
    builds = [a for a in view.actions if a.startswith("build ")] if own else []
    buildable = {a.split()[1] for a in builds}
    targets: dict[tuple[int, int], str] = {}
    for a in builds:
        _verb, kind, pos = a.split()
        if kind == view.selected:
            r, c = pos.split(",")
            targets[(int(r), int(c))] = a
    tokens = len(p["bricks"])
    brick_text = f"{tokens}"
    if cur == seat and state.phase == "action" and state.acting:
        strip, flipped = state.strips[0]
        b, c = space_resources(strip, flipped, state.acting)
        brick_text = f"{b} + {tokens}"
    kind_label = "human" if view.humans[seat] else f"computer, {view.levels[seat]}"
    first = (' <span class="first-marker" title="First player" aria-label="first player">'
             "1st</span>" if state.first_player == seat else "")
    infl_cards = "".join(influence_card_svg(v) for v in p["influence_cards"])
    hand = "".join(_hand_card(h["kind"], h["deck"], h["public"], own, view, buildable)
                   for h in p["hand"]) or '<span class="muted">no cards</span>'
    score = (f'<span class="stat" title="points if the game ended now">≈{view.scores_now[seat]}'
             " pts</span>") if view.scores_now else ""
    classes = "player" + (" active" if cur == seat else "") + (" viewer" if own else "")
    return (
        f'<section class="{classes} seat-{seat}" data-seat="{seat}" '
        f'aria-label="{esc(view.names[seat])}">'
        f'<header><span class="seat-dot seat-bg-{seat}" title="{SEAT_COLOUR_NAMES[seat]}">'
        f"</span><strong>{esc(view.names[seat])}</strong> <small>({kind_label})</small>{first}"
        "</header>"
        '<div class="stats">'
        f'<span class="stat" title="coins">¢ {p["coins"]}</span>'
        f'<span class="stat" title="influence tokens">✦ {p["influence"]}</span>'
        f'<span class="stat" title="bricks: strip + brick tokens">'
        f'<i class="sym brick mini"></i> {brick_text}</span>{score}'
        f'<span class="infl-cards" title="influence cards">{infl_cards}</span></div>'
        f'<div class="hand" aria-label="hand">{hand}</div>'
        + render_city(p, seat, view.names[seat], targets, big=own)
        + "</section>"
    )


def render_players(state: rome.GameState, obs: dict[str, Any], view: View) -> str:
    """All seats, the viewer's first."""
    order = list(range(state.num_players))
    if view.viewer is not None:
        order = order[view.viewer:] + order[:view.viewer]
    return "".join(render_player(state, obs, seat, view) for seat in order)


def player_colour_css() -> str:
    """Seat colours as CSS classes (kept with the markup that uses them)."""
    return "".join(f".seat-bg-{i}{{background:{c}}}" for i, c in enumerate(SEAT_COLOURS))


def kind_label(kind: str) -> str:
    return SHORT_NAMES.get(kind, kind)


__all__ = ["View", "render_status", "render_strip", "render_offer", "render_order",
           "render_players", "render_player", "attrs", "player_colour_css", "kind_label"]
