"""The prompt's "Hint" button and the computer's suggestions for the human to act.

Why apart from the prompt: the hint is an AI feature (issue 13) with its own states
(asked, being worked out, shown) and its own words for actions; the prompt only places
it. Each suggestion is drawn from its ``Action`` (its canonical text in ``data-hint``,
never built here), so a click plays exactly the move the engine offers under that text.
"""

from __future__ import annotations

import rome
from ui.model.state import Suggestion
from ui.render.markup import button, esc
from ui.render.view import TableView


def _name(kind: str | None) -> str:
    return rome.BUILDINGS[kind].name if kind in rome.BUILDINGS else str(kind)


def action_words(action: rome.Action) -> str:
    """A move said in words, for a player who does not read the notation."""
    verb = action.verb
    if verb in ("draft", "keep"):
        return f"Keep the {_name(action.kind)}"
    if verb == "place":
        return f"Place an emissary on strip space {action.space}"
    if verb == "take":
        return f"Take the {_name(action.kind)} from the offer"
    if verb == "build":
        return f"Build the {_name(action.kind)} at row {action.row}, column {action.col}"
    if verb == "produce":
        return "Produce"
    if verb == "school":
        return f"Draw from deck {action.deck}"
    if verb == "end":
        return "End the turn"
    return str(action)


def _suggestion(rank: int, s: Suggestion) -> str:
    """One suggested move: a button that plays it, its estimate and the reason."""
    text = str(s.action)
    words = action_words(s.action)
    value = f"estimated margin {s.value:+.1f}" + (f", {s.loss:.1f} behind the best" if rank else "")
    play = button(f"{esc(words)} <code>{esc(text)}</code>", cls="btn hint-move",
                  data_hint=text, aria=f"Play: {words} ({value})")
    return (f'<li>{play} <span class="hint-value">{esc(value)}</span>'
            f'<span class="hint-reason">{esc(s.reason)}</span></li>')


def render_hint(view: TableView) -> str:
    """The Hint button while the human to act has a choice, and its answer below it."""
    if not view.actions or view.viewer != view.obs["current_player"]:
        return ""
    shown = view.hint not in ("", "pending")
    out = button("Hint", cls="btn hint-btn", data_ui="hint", aria_expanded=str(shown).lower(),
                 aria_controls="hint" if view.hint else None,
                 title="Suggest a move: the computer's best few, with reasons")
    if view.hint == "pending":
        out += ('<div id="hint" class="hints" role="status" data-hint-state="pending">'
                '<span class="spinner" aria-hidden="true"></span>Looking for good moves…</div>')
    elif shown:
        items = "".join(_suggestion(i, s) for i, s in enumerate(view.hints))
        out += (f'<div id="hint" class="hints" role="status" data-hint-state="shown" '
                f'data-hint-source="{esc(view.hint)}">'
                f"<p>Suggested moves, best first (choose one to play it):</p>"
                f"<ol>{items}</ol></div>")
    return f'<div class="hint-area">{out}</div>'

