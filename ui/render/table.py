"""The table: round and phase, action strip, offer, turn order and the players' panels.

Why it renders from a :class:`ui.render.view.TableView`: the screen then shows exactly what the
seat in front of it may know (others' hidden cards as deck backs), and the elements
that perform an action exist only for the ``Action`` objects the view offers, each
writing ``data-action=str(action)``; nothing here decides what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable

import rome
from ui.model.places import cell_place, offer_place, space_place
from ui.render.city import render_city
from ui.render.hint import hint_mark
from ui.render.svg_cards import back_face, card_face, influence_card_svg
from ui.render.view import TableView
from ui.words import facts
from ui.words.card_words import card_title
from ui.words.markup import SEAT_COLOUR_NAMES, Attr, button, esc, sr_only

PHASE_NAMES = {"draft": "Opening draft", "emissary": "Placing emissaries",
               "action": "Actions", "over": "Game over"}
CATEGORY_LABELS = {cat: words.capitalize() + (" (½)" if cat == "influence_tokens" else "")
                   for cat, words in rome.CATEGORY_WORDS.items()}


def pawn(seat: int, names: tuple[str, ...], small: bool = False) -> str:
    cls = "pawn small" if small else "pawn"
    return (f'<span class="{cls} seat-bg-{seat}" aria-hidden="true" '
            f'title="{esc(names[seat])}">{seat + 1}</span>')


def who(name: str) -> str:
    """A name that its box may cut (CSS ellipsis, grapheme-safe), whole in its tooltip."""
    return f'<span class="who" title="{esc(name)}">{esc(name)}</span>'


def _symbol(sym: str) -> str:
    if sym == "B":
        return '<span class="sym brick" aria-hidden="true"></span>'
    return '<span class="sym cog" aria-hidden="true">⚙</span>'


def render_status(view: TableView) -> str:
    """Round, phase and whose turn it is (one row, also on phones)."""
    obs = view.obs
    cur = obs["current_player"]
    turn = ""
    if cur is not None:
        turn = (f'<span class="turn">{pawn(cur, view.names, True)}'
                f"{who(view.names[cur])}</span>")
    total = facts.rounds(obs["num_players"])
    rnd = ("Draft" if obs["round"] == 0
           else f'<span class="wide-only">Round </span>{obs["round"]} / {total}')
    return (f'<span class="round" data-round="{obs["round"]}">{rnd}</span><span class="phase">'
            f'{PHASE_NAMES.get(obs["phase"], obs["phase"])}</span>{turn}')


def render_strip(view: TableView) -> str:
    """The emperor, the five spaces with their symbols, and every emissary on them."""
    obs = view.obs
    symbols, per_space = facts.strip_now(obs)
    places = {a.space: a for a in view.actions if a.verb == "place"}
    placed_now = {rome.Action.parse(t).space for _s, t in view.recent if t.startswith("place ")}
    cells = ['<div class="emperor" role="img" aria-label="The Emperor">'
             '<svg viewBox="0 0 40 40" aria-hidden="true"><circle cx="20" cy="12" r="8" '
             'fill="#e0b21a" stroke="#5a3d00" stroke-width="2"/><path d="M8,38 q12,-26 24,0 z" '
             'fill="#e0b21a" stroke="#5a3d00" stroke-width="2"/><path d="M12,6 l4,4 4,-6 4,6 '
             '4,-4" fill="none" stroke="#5a3d00" stroke-width="2"/></svg></div>']
    for space in range(1, 6):
        occupant = obs["spaces"][space - 1]
        bricks, cogs = per_space[space - 1]
        gives = f"{bricks} brick{'s' * (bricks != 1)}, {cogs} cog{'s' * (cogs != 1)}"
        acting = obs["phase"] == "action" and obs["acting"] == space
        inner = (f'<span class="space-no">{space}</span>{_symbol(symbols[space - 1])}'
                 f'<span class="gives">{bricks}<i class="sym brick mini"></i> '
                 f'{cogs}<i class="mini">⚙</i></span>')
        if occupant >= 0:
            inner += pawn(occupant, view.names)
        inner += hint_mark(view, space_place(space))
        cls = ("space" + (" acting" if acting else "") + (" taken" if occupant >= 0 else "")
               + (" recent" if space in placed_now and occupant >= 0 else ""))
        action = places.get(space)
        if action is not None:
            cells.append(button(inner, cls=cls + " target", data_action=str(action),
                                aria=f"Place an emissary on space {space}: gives {gives}"))
        else:
            label = f"Space {space}: {gives}"
            if occupant >= 0:
                label += f", {view.names[occupant]}'s emissary"
            cells.append(f'<div class="{cls}" role="img" aria-label="{esc(label)}">{inner}</div>')
    strip, flipped = facts.strip_in_use(obs)
    side = "back" if flipped else "front"
    return (f'<h2 class="sr-only">Action strip</h2><div class="strip" data-strip="{strip + 1}" '
            f'title="Strip {strip + 1}, {side}">{"".join(cells)}</div>')


def _card_button(kind: str, label: str, cls: str = "card", **extra: Attr) -> str:
    """A card that opens its details when clicked or focused (touch included)."""
    return button(card_face(kind), cls=cls, aria=label, data_card=kind, **extra)


def render_offer(view: TableView) -> str:
    """The buildings on offer by deck, the cards left in each deck, waiting influence."""
    obs = view.obs
    takes = {(a.deck, a.kind): a for a in view.actions if a.verb == "take"}
    decks = []
    for deck, kinds in obs["offer"].items():
        cards = []
        done: set[tuple[str, str]] = set()
        for kind in kinds:
            action = takes.get((deck, kind))
            if action is not None and (deck, kind) not in done:
                done.add((deck, kind))
                cards.append(button(card_face(kind) + hint_mark(view, offer_place(deck, kind)),
                                    cls="card take", data_action=str(action),
                                    data_card=kind, aria=f"Take {card_title(kind)}"))
            else:
                cards.append(_card_button(kind, card_title(kind)))
        if not cards:
            cards.append('<div class="card empty">—</div>')
        decks.append(f'<div class="deck" data-deck="{deck}"><div class="deck-head">'
                     f'<span class="deck-name">{deck}</span><span class="deck-left">'
                     f'{obs["decks"][deck]} left</span></div>'
                     f'<div class="deck-cards">{"".join(cards)}</div></div>')
    pool = obs["influence_pool"]
    infl = "".join(influence_card_svg(v) for v in pool) or '<span class="muted">none</span>'
    # at the end, cards still waiting went to nobody (DECISIONS 16: no single leader)
    label = ("Influence nobody took (no single leader in tokens at the end)"
             if obs["phase"] == "over" and pool else "Influence waiting")
    return (f'<h2 class="sr-only">Offer</h2><div class="offer">{"".join(decks)}</div>'
            f'<div class="influence-pool" role="group" aria-label="{label}: '
            f'{", ".join(map(str, pool)) or "none"}"><span>{label}:</span>{infl}</div>')


def render_order(view: TableView) -> str:
    """Turn order: placement order in the emissary phase, strip order during actions."""
    obs = view.obs
    n = obs["num_players"]
    items = []
    if obs["phase"] in ("emissary", "draft"):
        total = n * facts.emissaries(n)
        for k in range(total):
            seat = (obs["first_player"] + k) % n
            cls = "done" if k < obs["placed"] else ("now" if k == obs["placed"]
                                                    and obs["phase"] == "emissary" else "")
            items.append(f'<li class="{cls}">{pawn(seat, view.names, True)}'
                         f"{who(view.names[seat])}</li>")
        # during the opening draft, the order the first round's emissaries will be placed in
        title = "Placing order" if obs["phase"] == "emissary" else "Placing order, round 1"
    elif obs["phase"] == "action":
        for space, seat in enumerate(obs["spaces"], start=1):
            if seat < 0:
                continue
            cls = ("now" if space == obs["acting"]
                   else ("done" if space < obs["acting"] else ""))
            items.append(f'<li class="{cls}">{pawn(seat, view.names, True)}'
                         f"{who(view.names[seat])} "
                         f"<small>space {space}</small></li>")
        title = "Turn order"
    else:
        return ""
    return f'<h3>{title}</h3><ol class="order">{"".join(items)}</ol>'


def render_hand(view: TableView, seat: int) -> str:
    """A seat's hand: face up for the viewer (``data-select`` on buildable cards, the
    reason on the others), backs or public cards for everyone else."""
    p = view.obs["players"][seat]
    own = seat == view.viewer
    buildable = {a.kind for a in view.actions if a.verb == "build"}
    out = []
    for h in p["hand"]:
        kind = h["kind"]
        if kind is None:
            out.append(f'<div class="card back" role="img" aria-label="Hidden card from deck '
                       f'{h["deck"]}">{back_face(h["deck"])}</div>')
        elif own and kind in buildable:
            selected = view.selection == kind
            out.append(button(card_face(kind), cls="card select" + (" selected" * selected),
                              data_select=kind, data_card=kind, aria_pressed=str(selected).lower(),
                              aria=f"Choose to build: {card_title(kind)}"))
        elif own and kind in view.reasons:
            reason = view.reasons[kind]
            out.append(_card_button(kind, f"{card_title(kind)} Cannot be built now: {reason}",
                                    cls="card blocked", title=reason))
        else:
            note = "" if own else " (seen by everyone)" if h["public"] else " (you saw it)"
            out.append(_card_button(kind, card_title(kind) + note,
                                    cls="card" + (" public" if h["public"] and not own else "")))
    body = "".join(out) or '<span class="muted">no cards</span>'
    region = ' data-region="hand"' if own or (view.viewer is None and seat == main_seat(view)) \
        else ""
    cls = "hand own" if own else "hand"
    return f'<div class="{cls}"{region} role="group" aria-label="hand">{body}</div>'


def _breakdown(view: TableView, seat: int) -> str:
    score = view.scores[seat]
    rows = "".join(f"<tr><th scope=row>{CATEGORY_LABELS[c]}</th><td>{score[c]}</td></tr>"
                   for c in view.categories)
    return (f'<table class="breakdown" data-breakdown="{seat}"><caption>If the game ended '
            f"now</caption>{rows}<tr class=total><th scope=row>Total</th>"
            f"<td>{score['total']}</td></tr></table>")


def _cell_mark(view: TableView) -> Callable[[int, int], str]:
    """The hint's mark on a space of the viewer's city."""
    return lambda row, col: hint_mark(view, cell_place(row, col))


def render_player(view: TableView, seat: int, *, main: bool) -> str:
    """One seat's panel: resources, hand and city (``data-seat`` / ``data-city``)."""
    obs = view.obs
    p = obs["players"][seat]
    cur = obs["current_player"]
    tokens = len(p["bricks"])
    brick_text, brick_title = f"{tokens}", "brick tokens"
    if cur == seat and obs["phase"] == "action" and obs["acting"] and not obs["built"]:
        b, _c = facts.strip_now(obs)[1][obs["acting"] - 1]  # lost once a build is done
        brick_text, brick_title = f"{b} + {tokens}", "bricks: this turn's + brick tokens"
    kind_label = "human" if view.humans[seat] else f"computer, {view.levels[seat]}"
    first = (' <span class="first-marker" title="First player">1st</span>'
             if obs["first_player"] == seat else "")
    infl_cards = "".join(influence_card_svg(v) for v in p["influence_cards"])
    score = view.scores[seat]["total"] if view.scores else 0
    open_ = view.breakdown == seat
    score_btn = button(f"≈{score} pts", cls="stat score", data_ui="breakdown",
                       data_seat_score=seat, aria_expanded=str(open_).lower(),
                       aria=f"{view.names[seat]}: about {score} points now; show the breakdown")
    targets = {a: o for a, o in view.outcomes.items() if a.verb == "build"} \
        if seat == view.viewer else {}
    recent = frozenset((r, c) for s, r, c in view.recent_cells if s == seat)
    fresh = view.fresh[1:] if view.fresh and view.fresh[0] == seat else None
    classes = ("player" + (" active" if cur == seat else "") + (" viewer" if main else "")
               + f" seat-{seat}")
    name = esc(view.names[seat])
    return (
        f'<section class="{classes}" data-seat="{seat}" aria-label="{name}">'
        f'<div class="pinfo"><header><span class="seat-dot seat-bg-{seat}" '
        f'title="{SEAT_COLOUR_NAMES[seat]}"></span>'
        f'<strong class="who" title="{name}">{name}</strong> '
        f"<small>({kind_label})</small>{first}</header>"
        '<div class="stats">'
        f'<span class="stat" title="coins">¢ {p["coins"]}{sr_only(" coins")}</span>'
        f'<span class="stat" title="influence tokens">✦ {p["influence"]}'
        f'{sr_only(" influence tokens")}</span>'
        f'<span class="stat" title="{brick_title}"><i class="sym brick mini">'
        f'</i> {brick_text}{sr_only(" bricks")}</span>{score_btn}'
        f'<span class="infl-cards" role="img" aria-label="influence cards: '
        f'{", ".join(map(str, p["influence_cards"])) or "none"}">{infl_cards}</span></div>'
        + (_breakdown(view, seat) if open_ else "")
        + render_hand(view, seat) + "</div>"
        + render_city(p, seat, view.names[seat], targets, big=main, recent=recent,
                       fresh=fresh, mark=_cell_mark(view) if seat == view.viewer else None)
        + "</section>"
    )


def main_seat(view: TableView) -> int:
    """The seat drawn large: the one the view names (``view.main``: at each human's turn,
    that human, once the screen is theirs), else the viewer, else the player to act, else
    the first seat (replays and embeds)."""
    if view.main is not None:
        return view.main
    if view.viewer is not None:
        return view.viewer
    cur = view.obs["current_player"]
    return cur if cur is not None else 0


def render_main(view: TableView) -> str:
    return render_player(view, main_seat(view), main=True)


def render_others(view: TableView) -> str:
    """Every other seat, in seat order: each keeps its place in the side panel whoever is
    in the main area, so a player finds a city where it was."""
    main = main_seat(view)
    return "".join(render_player(view, seat, main=False)
                   for seat in range(view.obs["num_players"]) if seat != main)


def regions(view: TableView) -> dict[str, str]:
    """Every container of the table skeleton, by element id."""
    return {"status": render_status(view), "strip": render_strip(view),
            "order": render_order(view), "offer": render_offer(view),
            "me": render_main(view), "others": render_others(view)}

