"""The table's message area: one line per kind of message (``ui.model.messages``), in a
live region that is on the page from the start.

Why a line per kind, each written only when it changes (``ui/shell/paint.py`` rewrites a
container only when its markup changed): a screen reader then hears the sentence that
was said or changed, not every standing one again; and a live region is heard only if it
was already on the page when its content changed, so the area is part of the table's
skeleton, its lines empty (and not drawn) while they have nothing to say.
"""

from __future__ import annotations

from collections.abc import Iterable

from ui.model.messages import KINDS, Message
from ui.words.markup import button, esc


def line_id(kind: str) -> str:
    """The element that holds the message of ``kind``."""
    return f"message-{kind}"


def message_area() -> str:
    """The area's frame for the table's skeleton: every kind's line, empty."""
    lines = "".join(f'<p class="message" id="{line_id(kind)}" data-message="{kind}"></p>'
                    for kind in KINDS)
    return (f'<div id="messages" class="messages" role="status" aria-live="polite" '
            f'aria-atomic="false">{lines}</div>')


def render_messages(messages: Iterable[Message]) -> dict[str, str]:
    """Each line's markup by element id ("" for a kind that has nothing to say)."""
    out = dict.fromkeys(map(line_id, KINDS), "")
    for message in messages:
        out[line_id(message.kind)] = esc(message.words) + "".join(
            " " + button(esc(control.label), cls="btn small", data_ui=control.command)
            for control in (message.control, message.cancel) if control)
    return out
