"""The prompt's "Hint" button and the computer's suggestions for the human to act.

Why apart from the prompt: the hint is an AI feature (issue 13) with its own states
(asked, being worked out, shown); the prompt only places it. Each suggestion is drawn
from its ``Action`` (its canonical text in ``data-hint``, never built here), so a click
plays exactly the move the engine offers under that text; the player reads only what the
move does, in the engine's plain words (``rome.move_words``), never the notation.
"""

from __future__ import annotations

from rome.ai import ADVICE_SOURCE, EVEN
from ui.model.places import place_tab
from ui.model.state import Suggestion
from ui.render.view import TableView
from ui.words.markup import button, esc


def sentence(words: str) -> str:
    """``build the Forum …`` as the start of a sentence."""
    return words[:1].upper() + words[1:]


def checker(source: str) -> str:
    """Who worked the advice out, in words: the shipped level in the AI worker, or the
    quick computer on the page when the worker is down (``source`` "worker" / "page")."""
    if source == "page":
        return "the quick computer player, as the usual one is unavailable"
    return ADVICE_SOURCE


LESS_LOOKED = 4
"""A suggestion looked at less than a quarter as often as the first was not found about as
good as it (:func:`closeness`)."""


def closeness(loss: float, looks: int, first_looks: int) -> str:
    """How a move compares with the best found, in words: within the analysis' noise
    (``rome.ai.EVEN``) two moves are "about as good as" each other, whatever the decimals;
    but a move a search tree came back to far less often than to the first (``looks``
    against ``first_looks``) was found worse there, whatever its few looks read: a move
    tried once and called "about as good as" one tried 325 times told the player nothing
    true."""
    if loss < EVEN and looks and looks * LESS_LOOKED < first_looks:
        return (f"tried too rarely by the search to compare ({looks} "
                f"time{'s' if looks != 1 else ''} against {first_looks})")
    if loss < EVEN:
        return "about as good as the first"
    return f"about {loss:.0f} point{'s' if round(loss) != 1 else ''} worse than the first"


def hint_mark(view: TableView, place: str) -> str:
    """The mark a shown hint leaves on ``place`` (a place named by ``ui.model.advice``):
    an element carrying ``data-hint-mark``, the numbers of the suggestions whose plan goes
    there, that the page's style shows while one of those suggestions is hovered or
    focused (pure markup and CSS, as the log marks a building's cell: no handler, no
    render when the pointer moves)."""
    ranks = [str(i) for i, s in enumerate(view.hints) if place in s.where]
    if not ranks:
        return ""
    return f'<span class="hint-mark" data-hint-mark="{" ".join(ranks)}" aria-hidden="true"></span>'


def _suggestion(rank: int, s: Suggestion, first: Suggestion) -> str:
    """One suggested move: a button that plays it, what it does and how it compares with
    the ``first``."""
    text = str(s.action)
    words = sentence(s.words)
    compared = "the best move found" if rank == 0 else closeness(s.loss, s.looks,
                                                                first.looks)
    play = button(esc(words), cls="btn hint-move", data_hint=text,
                  aria=f"Play: {words} ({compared})")
    why = f' <span class="hint-why">{esc(s.why)}</span>' if s.why else ""
    tab = place_tab(s.where)
    show = button("Show", cls="btn hint-show", data_ui="hint-show", data_rank=rank,
                  aria=f"Show where it goes: {words}") if tab else ""
    return (f'<li data-hint-rank="{rank}">{play}{show} '
            f'<span class="hint-value">{esc(sentence(compared))}.</span> '
            f'<span class="hint-reason">{esc(sentence(s.reason))}.</span>{why}</li>')


def render_hint(view: TableView) -> str:
    """The Hint button while the human to act has a choice, and its answer below it."""
    if not view.actions or view.viewer != view.obs["current_player"]:
        return ""
    shown = view.hint not in ("", "pending")
    out = button("Hint", cls="btn hint-btn", data_ui="hint", aria_expanded=str(shown).lower(),
                 aria_controls="hint" if view.hint else None,
                 title="Suggest a move: the computer's best few, with what each does")
    if view.hint == "pending":
        wait = f' <span class="hint-wait">{esc(view.hint_wait)}</span>' if view.hint_wait else ""
        out += ('<div id="hint" class="hints" role="status" data-hint-state="pending">'
                '<span class="spinner" aria-hidden="true"></span>Looking for good moves…'
                f"{wait}</div>")
    elif shown:
        items = "".join(_suggestion(i, s, view.hints[0]) for i, s in enumerate(view.hints))
        shown_at = ("" if view.hint_shown is None
                    else f' data-hint-shown="{view.hint_shown}"')
        out += (f'<div id="hint" class="hints" role="status" data-hint-state="shown" '
                f'data-hint-source="{esc(view.hint)}"{shown_at}>'
                f"<p>Suggested moves, best first, checked by {esc(checker(view.hint))} "
                "(choose one to play it):</p>"
                f"<ol>{items}</ol></div>")
    return f'<div class="hint-area">{out}</div>'

