"""The hand-over screen: several humans share one screen, and the next one takes it.

Why it says where the cities go: at every human's turn that human's city and hand take the
main area (``ui.render.view.main_of``), so when the screen passes, the city drawn large
changes too. Friends passing a laptop are told before it happens, in the sentence they
read anyway, rather than finding their city moved.
"""

from __future__ import annotations

from ui.render.table import main_seat
from ui.render.view import TableView
from ui.words.markup import button, esc


def render_handover(view: TableView) -> str:
    """The panel asking the human to act to take the screen (their hand stays hidden until
    they confirm); "" when nobody is to act."""
    cur = view.obs["current_player"]
    if cur is None:
        return ""
    name = esc(view.names[cur])
    main = main_seat(view)
    if main == cur:
        moves = "Only hands are hidden: every city stays on the table."
    else:
        moves = (f"{name}'s city and hand then take the main area, and "
                 f"{esc(view.names[main])}'s city joins the others. Only hands are hidden: "
                 "every city stays on the table.")
    return (f"<h2>Pass the screen to {name}</h2><p>{moves}</p>"
            + button(f"I am {name}: show my hand", cls="btn primary", data_ui="handover-ok",
                     id="handover-ok"))
