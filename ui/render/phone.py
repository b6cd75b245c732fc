"""The phone layout's tabs: which part of the table is shown under the pinned prompt.

Why: at 390×844 the prompt, the court (strip and offer), the player's hand and city, the
other seats and the log cannot all be in view, and a sticky prompt left the choices it
asks for below the fold. So on narrow screens the prompt is pinned and one region is
shown beneath it; when the prompt changes, the tab switches by itself to the region that
holds its choices (a player can still look elsewhere until the next prompt). The stylesheet
uses ``data-tab`` on ``#table`` only below 700 px; wider layouts show every region at once.

Pure functions of the :class:`ui.render.view.TableView`, so the choice of tab is tested on
CPython; the tab shown and the prompt it was shown for are held in the UI state.
"""

from __future__ import annotations

from ui.model.state import PHONE_TABS
from ui.render.markup import button
from ui.render.table import main_seat
from ui.render.view import TableView

LABELS = {"board": "Court", "me": "Your city", "others": "Others", "log": "Log",
          "final": "Scores"}
TABS: tuple[tuple[str, str], ...] = tuple((name, LABELS[name]) for name in PHONE_TABS)
"""Tab name (``data-tab``) and label; ``final`` only once the game is over."""

PHONE_MEDIA = "(max-width: 700px)"
"""Where the phone layout applies (``assets/site.css`` draws it below the same width)."""
REGION_OF_VERB = {"place": "board", "take": "board", "build": "me"}
"""Where each verb's choices are drawn; every other verb's buttons are in the prompt."""


def prompt_key(view: TableView) -> tuple[object, ...]:
    """What identifies one prompt: a new key means the player is asked something new."""
    return (view.mode, view.obs["phase"], view.selection, tuple(str(a) for a in view.actions))


def choice_tab(view: TableView) -> str | None:
    """The tab holding the current prompt's choices (``None``: they are all in the prompt,
    or nothing is asked of the screen, so the player's own pick stands)."""
    if view.over:
        return "final"
    for action in view.actions:
        region = REGION_OF_VERB.get(action.verb)
        if region == "me" and view.viewer is not None and view.viewer != main_seat(view):
            return "others"  # hot-seat: the second human's city keeps its place there
        if region is not None:
            return region
    return None


def tabs_for(view: TableView) -> tuple[tuple[str, str], ...]:
    """The tabs offered now: the scores only at the end."""
    return tuple((name, label) for name, label in TABS if name != "final" or view.over)


def render_tabs(view: TableView, current: str) -> str:
    """The tab bar: the shown tab pressed, the one holding the choices marked."""
    marked = choice_tab(view)
    out = []
    for name, label in tabs_for(view):
        here = name == marked and not view.over
        mark = '<span class="tab-mark" aria-hidden="true">●</span>' if here else ""
        out.append(button(mark + label, cls="tab" + (" has-choices" * here), data_ui="tab",
                          data_tab=name, aria_pressed=str(name == current).lower(),
                          aria=label + (" (your choices are here)" if here else "")))
    return "".join(out)


def follow(view: TableView, tab: str, prompt: tuple[object, ...] | None
           ) -> tuple[str, tuple[object, ...]]:
    """The tab to show for ``view`` and the prompt it is shown for, given the tab shown
    last (``tab``, for ``prompt``): at a new prompt, the tab holding its choices; else the
    tab shown last (the player's own pick stays until the next prompt)."""
    key = prompt_key(view)
    if key != prompt:
        tab = choice_tab(view) or tab
    if tab not in dict(tabs_for(view)):
        tab = "board"
    return tab, key
