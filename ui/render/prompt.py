"""The prompt: what the player to act must decide now, with its buttons and prices.

Why apart from the table: this is the one place that changes every step, speaks to the
player (``aria-live``) and holds the turn's controls (produce with its price and yield,
end, School choices, draft cards, undo). Buttons exist only for the ``Action`` objects
the view offers; their text comes from ``str(action)``, never built here.
"""

from __future__ import annotations

import rome
from ui.model.places import choice_place
from ui.render.city import cost_words, price_text
from ui.render.help_panel import title_of
from ui.render.hint import hint_mark, render_hint
from ui.render.svg_cards import card_face
from ui.render.view import TableView
from ui.words import anchors, facts
from ui.words.card_words import card_title, effect_lines, plural
from ui.words.markup import button, esc


def _card_choices(verb: str, kinds: list[str], view: TableView, label: str) -> str:
    """The cards to choose from: one button for each kind that may be chosen, its copies
    counted on it ("×2": keeping either copy is the same move, and a second card left
    without the choice's outline read as one that may not be kept), the others shown."""
    by_kind = {a.kind: a for a in view.actions if a.verb == verb}
    out = []
    for kind in dict.fromkeys(kinds):
        action, copies = by_kind.get(kind), kinds.count(kind)
        if action is not None:
            count = f'<span class="copies" aria-hidden="true">×{copies}</span>' \
                if copies > 1 else ""
            out.append(button(card_face(kind) + count + hint_mark(view, choice_place(kind)),
                              cls="card choice", data_action=str(action), data_card=kind,
                              aria=(f"{label} one of {copies} alike" if copies > 1
                                    else label) + f": {card_title(kind)}"))
        else:
            out.extend(f'<div class="card" role="img" aria-label="{esc(card_title(kind))}">'
                       f"{card_face(kind)}</div>" for _ in range(copies))
    return f'<div class="choices">{"".join(out)}</div>'


def _undo(view: TableView) -> str:
    if not view.can_undo:
        return ""
    return button("↶ Undo", cls="btn", data_ui="undo", title="Undo your last action")


def _why(view: TableView) -> str:
    """The "why?" beside the question: the rules, open at the section that explains this
    decision (issue 41)."""
    anchor = anchors.for_decision(view.obs, view.selection)
    return " " + button("why?", cls="btn small why", data_ui="rules", data_rules=anchor,
                        id="rules-why", aria=f"why? The rules: {title_of(anchor)}")


def render_prompt(view: TableView) -> str:
    """The decision area for the seat to act (or a waiting line while others decide),
    led by the round's influence scoring when it just happened."""
    moments = "".join(f'<p class="moment" role="status">{esc(line)}</p>'
                      for line in view.moments)
    return moments + _decision(view)


def _decision(view: TableView) -> str:
    obs = view.obs
    cur = obs["current_player"]
    if cur is None:
        return '<p class="prompt-text">The game is over.</p>'
    raw_name = view.names[cur]
    name = esc(raw_name)
    if view.mode in ("handover", "elsewhere"):  # the hand-over, or the message area, says
        return ""
    if view.mode == "auto":
        return (f'<p class="prompt-text thinking auto-move"><span class="auto-tag">auto</span> '
                f"{name}'s only sensible move is played for them…</p>")
    if view.viewer != cur or not view.actions:
        text = view.thinking or f"{raw_name} is deciding…"
        return (f'<p class="prompt-text thinking" data-thinking="{cur}">'
                f'<span class="spinner" aria-hidden="true"></span>{esc(text)}</p>')
    parts: list[str] = []
    step = obs["step"]
    why = _why(view)
    if obs["phase"] == "draft":
        parts.append(f'<p class="prompt-text">{name}, keep one card of the opening draft; '
                     f"the rest pass on.{why}</p>")
        parts.append(_card_choices("draft", obs["draft_pool"] or [], view, "Keep"))
    elif obs["phase"] == "emissary":
        parts.append(f'<p class="prompt-text">{name}, place an emissary on the strip. '
                     f"Spaces nearer the Emperor act earlier; farther ones give more.{why}</p>")
    elif step == "take":
        parts.append(f'<p class="prompt-text">{name}, take one building from the offer.{why}'
                     "</p>")
    elif step == "school-deck":
        decks = [button(f"Deck {a.deck} <small>({obs['decks'][a.deck]} left)</small>",
                        cls="btn", data_action=str(a))
                 for a in view.actions if a.verb == "school" and a.deck]
        n = obs["pending_draws"]
        parts.append(f'<p class="prompt-text">{name}, choose the deck your School draws '
                     f"{n} card{'s' * (n != 1)} from.{why}</p>"
                     f'<div class="buttons">{"".join(decks)}</div>')
    elif step == "school-keep":
        parts.append(f'<p class="prompt-text">{name}, keep one of the cards drawn; the rest '
                     f"go to the bottom of the deck.{why}</p>")
        parts.append(_card_choices("keep", obs["draw"] or [], view, "Keep"))
    else:
        parts.append(_act_prompt(view, name, why))
    parts.extend(f'<p class="hint withheld">{esc(line)}</p>' for line in view.withheld)
    undo = _undo(view)
    if undo:
        parts.append(f'<div class="buttons undo">{undo}</div>')
    parts.append(render_hint(view))
    return "".join(parts)


def _cost_words(view: TableView, cost: int, turn_bricks: int) -> str:
    """The selected card's cost in bricks and how it is paid (every space's price is the
    same): "3 bricks: this turn's 1, then 4 coins". The spaces show only what is paid
    beyond this turn's bricks, which read as a contradiction of the card's cost."""
    bricks = rome.counted(cost, "brick")
    paid = next((o for a, o in view.outcomes.items()
                 if a.verb == "build" and a.kind == view.selection), None)
    if paid is None or not (paid.tokens or paid.coins):
        return f"{bricks}, paid with this turn's bricks" if cost else "free"
    # the engine's price is what this turn's bricks leave unpaid: all of them are used
    price = price_text(paid.tokens, paid.coins)
    if turn_bricks:
        return f"{bricks}: this turn's {turn_bricks}, then {price}"
    return f"{bricks}, paid with {price}"


def _where_it_matters(kind: str) -> str:
    """What the space chosen changes, in the card details' words: where it may stand and
    what it does when built, else the first thing it does ("Placed: …", "When built: …",
    "Final scoring: …")."""
    lines = effect_lines(kind)
    now = [f"{label}: {text}" for label, text in lines if label in ("Placed", "When built")]
    return " ".join(now or [f"{label}: {text}" for label, text in lines[:1]])


def _act_prompt(view: TableView, name: str, why: str) -> str:
    obs = view.obs
    cur = obs["current_player"]
    assert cur is not None  # an emissary acts
    bricks, cogs = facts.strip_now(obs)[1][obs["acting"] - 1]
    p = obs["players"][cur]
    tokens = len(p["bricks"])
    left_b = "used" if obs["built"] else f"{bricks} this turn, {plural(tokens, 'token')}"
    res = (f'<span class="res" title="bricks: this turn\'s and brick tokens">'
           f'<i class="sym brick mini"></i> {left_b}</span> '
           f'<span class="res" title="cogs this turn">⚙ {"used" if obs["produced"] else cogs}'
           f'</span> <span class="res" title="coins">¢ {p["coins"]}</span>')
    hint = []
    if view.selection:
        chosen = rome.BUILDINGS[view.selection]
        hint.append(f"Choose a space for the {esc(chosen.name)} "
                    f"({_cost_words(view, chosen.cost, bricks)}). "
                    "<em>" + esc(_where_it_matters(view.selection)) + "</em>")
        built = facts.kinds_of(p)
        if any(a.verb == "build" and a.kind == view.selection and (a.row, a.col) in built
               for a in view.actions):  # a price over a building read as a free space
            hint.append("Building on a space marked ⇄ replaces the building there.")
    elif any(a.verb == "build" for a in view.actions):
        hint.append("Choose a card in your hand to see where it may go and what it costs.")
    if obs["built"]:
        hint.append("You have built this turn.")
    if obs["produced"]:
        hint.append("You have produced this turn.")
    buttons = []
    if view.selection:
        buttons.append(button("Cancel", cls="btn", data_ui="deselect",
                              title="Cancel the building choice"))
    for action in view.actions:
        if action.verb == "produce":
            out = view.outcomes.get(action)
            coins = out.coins if out else 0
            gains = ", ".join(out.gains) if out and out.gains else "nothing"
            buttons.append(button(
                f"Produce <small>({esc(cost_words(0, coins).removeprefix('costs '))} → "
                f"{esc(gains)})</small>", cls="btn produce", data_action=str(action),
                data_cost_coins=coins, title=f"Produce: {cost_words(0, coins)}; gives {gains}"))
    for action in view.actions:
        if action.verb == "end":
            buttons.append(button("End turn", cls="btn primary", data_action=str(action),
                                  title="End your turn"))
    return (f'<p class="prompt-text">{name}, your turn. {res}{why}</p>'
            f'<p class="hint">{" ".join(hint)}</p>'
            f'<div class="buttons">{"".join(buttons)}</div>')
