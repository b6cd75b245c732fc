"""The phone layout's tabs: which part of the table is shown under the pinned prompt.

Why: at 390×844 the prompt, the court (strip and offer), the player's hand and city, the
other seats and the log cannot all be in view, and a sticky prompt left the choices it
asks for below the fold. So on narrow screens the prompt is pinned and one region is
shown beneath it, the one the player picked (``UiState.tab``). The table never moves them
(issue 40): the tab holding the choices carries a mark, and a badge while another tab is
shown; which tab that is, and when it is followed or announced, the model decides
(``ui.model.turn``). The stylesheet uses ``data-tab`` on ``#table`` only below 700 px;
wider layouts show every region at once.

Pure functions of the :class:`ui.render.view.TableView`, tested on CPython.
"""

from __future__ import annotations

from ui.model.state import PHONE_TABS
from ui.model.turn import TAB_LABELS, choices_tab
from ui.render.view import TableView
from ui.words.markup import button

TABS: tuple[tuple[str, str], ...] = tuple((name, TAB_LABELS[name]) for name in PHONE_TABS)
"""Tab name (``data-tab``) and label; ``final`` only once the game is over."""

PHONE_MEDIA = "(max-width: 700px)"
"""Where the phone layout applies (``assets/site.css`` draws it below the same width;
the guided game's painter asks it, issue 41)."""


def choice_tab(view: TableView) -> str | None:
    """The tab holding the current prompt's choices, the scores at the end (``None``: they
    are all in the prompt, or nothing is asked of the screen)."""
    return choices_tab((a.verb for a in view.actions), view.over)


def tabs_for(view: TableView) -> tuple[tuple[str, str], ...]:
    """The tabs offered now: the scores only at the end."""
    return tuple((name, label) for name, label in TABS if name != "final" or view.over)


def shown_tab(view: TableView, tab: str) -> str:
    """The tab drawn for the player's ``tab`` (the court where that tab is not offered)."""
    return tab if tab in dict(tabs_for(view)) else "board"


def render_tabs(view: TableView, current: str) -> str:
    """The tab bar: the shown tab pressed; the one holding the choices marked, with a badge
    while another is shown (a new turn, announced where the player is)."""
    marked = choice_tab(view)
    out = []
    for name, label in tabs_for(view):
        here = name == marked
        badge = here and name != current
        mark = '<span class="tab-mark" aria-hidden="true">●</span>' if here else ""
        words = " (your choices are here)" if here and not view.over else \
            " (the final scores)" if here else ""
        out.append(button(mark + label, cls="tab" + (" has-choices" * here) + (" badge" * badge),
                          data_ui="tab", data_tab=name, aria_pressed=str(name == current).lower(),
                          aria=label + words))
    return "".join(out)
