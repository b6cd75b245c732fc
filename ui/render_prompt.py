"""The prompt: what the player to act must decide now, with its buttons.

Why apart from the table: this is the one place that changes every step, speaks to the
player (``aria-live``) and holds the turn's controls (produce, end, School choices,
draft cards, undo). Buttons exist only for the action texts the controller passes.
"""

from __future__ import annotations

from typing import Any

import rome
from rome.cards import space_resources
from ui.markup import button, esc
from ui.render_table import View
from ui.svg_cards import card_svg, card_title


def _card_choices(verb: str, kinds: list[str], view: View, label: str) -> str:
    out = []
    done: set[str] = set()
    for kind in kinds:
        action = f"{verb} {kind}"
        if action in view.actions and action not in done:
            done.add(action)
            out.append(button(card_svg(kind), cls="card choice", data_action=action,
                              aria=f"{label}: {card_title(kind)}"))
        else:
            out.append(f'<div class="card" role="img" aria-label="{esc(card_title(kind))}">'
                       f"{card_svg(kind)}</div>")
    return f'<div class="choices">{"".join(out)}</div>'


def render_prompt(state: rome.GameState, obs: dict[str, Any], view: View,
                  can_undo: bool) -> str:
    """The decision area for the seat to act (or a waiting line for computer turns)."""
    cur = rome.current_player(state)
    if cur is None:
        return '<p class="prompt-text">The game is over.</p>'
    name = esc(view.names[cur])
    undo = button("↶ Undo", cls="btn", data_ui="undo", aria="Undo your last action",
                  accesskey="z") if can_undo else ""
    if not view.humans[cur] or view.viewer != cur:
        text = view.thinking or f"{name} is deciding…"
        return (f'<p class="prompt-text thinking" data-thinking="{cur}">'
                f'<span class="spinner" aria-hidden="true"></span>{esc(text)}</p>')
    parts: list[str] = []
    step = state.step
    if state.phase == "draft":
        parts.append(f"<p class=\"prompt-text\">{name}, keep one card of the opening draft; "
                     "the rest pass on.</p>")
        parts.append(_card_choices("draft", obs["draft_pool"] or [], view, "Keep"))
    elif state.phase == "emissary":
        parts.append(f'<p class="prompt-text">{name}, place an emissary: choose a space on '
                     "the strip. Spaces nearer the Emperor act earlier; farther ones give "
                     "more.</p>")
    elif step == "take":
        parts.append(f'<p class="prompt-text">{name}, take one building from the offer.</p>')
    elif step == "school-deck":
        decks = []
        for action in view.actions:
            if action.startswith("school "):
                deck = action.split()[1]
                decks.append(button(f"Deck {deck} <small>({obs['decks'][deck]} left)</small>",
                                    cls="btn", data_action=action,
                                    aria=f"Draw from deck {deck}"))
        parts.append(f'<p class="prompt-text">{name}, choose the deck your School draws '
                     f"{state.pending_draws} card{'s' * (state.pending_draws != 1)} from.</p>"
                     f'<div class="buttons">{"".join(decks)}</div>')
    elif step == "school-keep":
        parts.append(f'<p class="prompt-text">{name}, keep one of the cards drawn; the rest '
                     "go to the bottom of the deck.</p>")
        parts.append(_card_choices("keep", obs["draw"] or [], view, "Keep"))
    else:
        strip, flipped = state.strips[0]
        bricks, cogs = space_resources(strip, flipped, state.acting)
        p = obs["players"][cur]
        res = (f'<span class="res"><i class="sym brick mini"></i> {bricks} + '
               f'{len(p["bricks"])}</span> <span class="res">⚙ {cogs}</span> '
               f'<span class="res">¢ {p["coins"]}</span>')
        hint = []
        if view.selected:
            chosen = rome.BUILDINGS[view.selected]
            hint.append(f"Choose a highlighted space for the {esc(chosen.name)} "
                        f"(cost {chosen.cost}). <em>{esc(chosen.rule)}</em>")
        elif any(a.startswith("build ") for a in view.actions):
            hint.append("Choose a card in your hand to build it.")
        if state.built:
            hint.append("You have built this turn.")
        if state.produced:
            hint.append("You have produced this turn.")
        buttons = []
        if view.selected:
            buttons.append(button("Cancel", cls="btn", data_ui="deselect",
                                  aria="Cancel the building choice"))
        if "produce" in view.actions:
            buttons.append(button("Produce", cls="btn", data_action="produce", accesskey="p",
                                  aria="Produce: use every production building once "
                                       "(missing cogs bought automatically)"))
        if "end" in view.actions:
            buttons.append(button("End turn", cls="btn primary", data_action="end",
                                  accesskey="e", aria="End your turn"))
        parts.append(f'<p class="prompt-text">{name}, your turn. {res}</p>'
                     f'<p class="hint">{" ".join(hint)}</p>'
                     f'<div class="buttons">{"".join(buttons)}</div>')
    if undo:
        parts.append(f'<div class="buttons undo">{undo}</div>')
    return "".join(parts)
