"""The rules dialog ("Rules & help"): the whole rules in the game's own words, every
building with its card, a filter box and contents, then advice and keys.

Why a dialog over the table: it must be reachable at any moment without touching the
game in progress; closing it returns to exactly the same table. Where it opens (its top,
or a section: a card's details, the prompt's "why?") and what the filter holds are UI
state (``UiState.help_filter``, decided by the reducer), so this module only draws: the
dialog once (:func:`render_help`), and the parts a filter changes (:func:`rules_view`).
"""

from __future__ import annotations

from functools import cache, lru_cache

from ui.model.state import HELP_FILTER_MAX as FILTER_MAX
from ui.render.rules.buildings import building_entries
from ui.render.rules.entry import Entry, link
from ui.render.rules.play import play_entries
from ui.render.rules.scoring import scoring_entries
from ui.words import anchors as at
from ui.words.markup import button, esc

ADVICE = Entry(at.ADVICE, "Hint and review", (
    "<p><strong>Hint</strong> suggests your best few moves and what each does; choose one to "
    "play it. After the game, <strong>Review</strong> goes through your decisions the same "
    "way the Hint does, so a suggested move is never called a mistake there.</p>"
    "<p>The game log says where each building went (next to which buildings); point at an "
    "entry, or focus it, to see the place marked in the city.</p>"))

KEYS = Entry(at.KEYS, "Keys", (
    "<p>The whole game plays by keyboard. After each move focus waits on your next choice: "
    "a card to keep, a space for your emissary, a building to take, a card to build. Tab and "
    "Shift+Tab move between controls; the arrow keys move within a group (the offer, your "
    "hand, a city, the strip); Enter or Space chooses. To build: choose a card in your hand, "
    "then a space in your city (each shows its price). <kbd>I</kbd> shows the focused card's "
    "details, <kbd>Esc</kbd> closes them (or cancels the card chosen) and returns you to "
    "where you were. <kbd>?</kbd> opens and closes these rules, <kbd>E</kbd> ends the turn, "
    "<kbd>P</kbd> produces, <kbd>U</kbd> undoes, <kbd>H</kbd> asks for a hint.</p>"))
"""The keys of ``ui/shell/input.py``: whoever changes the keys rewrites this entry alone."""


@cache
def entries() -> tuple[Entry, ...]:
    """Every section of the dialog, in its order."""
    return play_entries() + scoring_entries() + building_entries() + (ADVICE, KEYS)


def title_of(anchor: str) -> str:
    """The title of the section ``anchor`` (what a link to it says it opens)."""
    return next(e.title for e in entries() if e.anchor == anchor)


def filter_words(query: str) -> tuple[str, ...]:
    """The words a filter asks for (lower case; a section must hold every one)."""
    return tuple(query[:FILTER_MAX].lower().split())


@lru_cache(maxsize=16)
def rules_view(query: str) -> tuple[str, str]:
    """The sections shown for the filter ``query`` (all for an empty one), and the
    sentence that says how many match (for the dialog's live region)."""
    words = filter_words(query)
    shown = [e for e in entries() if e.matches(words)]
    if not words:
        return "".join(e.html() for e in shown), ""
    asked = esc(" ".join(words))
    if not shown:
        return (f'<p class="rules-none">Nothing in the rules mentions “{asked}”. Try fewer '
                "or shorter words.</p>"), f"Nothing matches “{asked}”."
    cards = sum(e.anchor.startswith(at.building("")) for e in shown)
    parts = [f"{n} {what}{'s' * (n != 1)}" for n, what in
             ((len(shown) - cards, "section"), (cards, "building")) if n]
    return "".join(e.html() for e in shown), f"{' and '.join(parts)} match “{asked}”."


def contents() -> str:
    """Links to the main sections (the dialog moves there; the filter is cleared)."""
    return ('<nav class="rules-contents" aria-label="Contents of the rules"><ul>'
            + "".join(f"<li>{link(e.anchor, e.title)}</li>" for e in entries()
                      if e.level == 3)
            + "</ul></nav>")


WORKER_UNSTARTED = "AI worker: starts when needed"
"""The About line's words for the AI worker before it starts; from then on its state is
worded by ``ui.worker.health.status_words``, and by ``report_worker`` once it answers,
both held in ``UiState.worker`` and written by ``Painter.worker``."""


def about(legal_count: int) -> str:
    """The dialog's last section: what runs where, and the engine's and the AI worker's
    state (``#engine-status``, ``#worker-status``: diagnostics a player may look up, and
    the browser tests read). Outside the filtered sections, so a filter never redraws the
    worker's words."""
    return ('<div class="rules-about"><h3 id="rules-about-title">About</h3><p>The rules '
            "engine and the computer players run in this browser; nothing about your games "
            "leaves it.</p>"
            f'<p class="about-line"><span id="engine-status" data-legal-count="{legal_count}">'
            f'Engine ready</span> · <span id="worker-status">{WORKER_UNSTARTED}</span></p>'
            "</div>")


def render_help(legal_count: int = 0) -> str:
    """The dialog as it opens (shown while ``UiState.help_open``: ``ui.shell.paint``);
    ``legal_count``: the engine's answer to the page's start-up probe, for the About line."""
    body, count = rules_view("")
    return ('<div class="help-box panel rules" role="dialog" aria-modal="true" '
            'aria-labelledby="help-title"><div class="rules-top" data-sticky>'
            f'<h2 id="{at.TOP}" tabindex="-1">Rules &amp; help</h2>'
            + button("Close", cls="btn", data_ui="help-close", id="help-close",
                     title="Close the rules and go back to the game")
            + '</div><div class="rules-search" role="search">'
            '<label for="rules-filter">Filter the rules</label>'
            f'<input id="rules-filter" type="search" maxlength="{FILTER_MAX}" '
            'autocomplete="off" spellcheck="false" aria-controls="rules-body" '
            'aria-describedby="rules-count">'
            f'<p id="rules-count" class="rules-count" role="status">{count}</p></div>'
            f'{contents()}<div id="rules-body">{body}</div>{about(legal_count)}</div>')
