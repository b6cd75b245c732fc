"""The game log in plain words, newest first, including automatic moves.

The wording comes from ``rome.describe``, which says where a building went the way the
board shows it (next to which buildings); this module only keeps and renders the entries.
An entry that built names its cell (``data-pos``, as the city draws it) and carries its
own style rule that marks that cell while the entry is hovered or focused: pure markup and
CSS, no handler per entry.
"""

from __future__ import annotations

from ui.model.log import LogEntry
from ui.words.markup import esc


def _mark(pos: str) -> str:
    """The rule that marks the city cell ``pos`` while its log entry is hovered or focused
    (``:has`` reaches from the log to the city; positions are digits, commas and signs)."""
    sel = f'[data-pos="{pos}"]'
    return (f"<style>body:has(#log li{sel}:is(:hover, :focus-within)) .city {sel} "
            "{ outline: 3px solid var(--mark, #1f5fbf); outline-offset: 1px; z-index: 2; }"
            "</style>")


def _items(entry: LogEntry) -> list[str]:
    """The entry's move in its seat's colour, then each thing the move set off (an
    influence scoring, a new round) as a line of the table's own, in the order they
    happened (:func:`render` turns the whole list newest first). Joined to the move, a
    round's start read as the last seat's doing, and its lines ran oldest first in a list
    read newest first."""
    mark = '<span class="auto-tag" title="played automatically">auto</span> ' \
        if entry.auto else ""
    seat_cls = f"seat-{entry.seat}" if entry.seat >= 0 else ""
    move, *set_off = entry.lines
    at = f' data-pos="{esc(entry.pos)}" tabindex="0"' if entry.pos else ""
    rule = _mark(entry.pos) if entry.pos else ""
    return ([f'<li class="{seat_cls}" data-index="{entry.index}"{at}>{mark}{esc(move)}{rule}'
             "</li>"]
            + [f'<li class="table-event">{esc(line)}</li>' for line in set_off])


def render(entries: tuple[LogEntry, ...] | list[LogEntry], limit: int = 150,
           notes: tuple[tuple[int, str], ...] = ()) -> str:
    """The log list, newest first (automatic moves marked); ``notes``: what the table
    itself did, each said after so many moves (issue 40: hands opened mid-game)."""
    shown = list(entries[-limit:])
    items: list[str] = []
    waiting = sorted(notes)
    for entry in shown:
        while waiting and waiting[0][0] <= entry.index:
            items.append(f'<li class="table-note">{esc(waiting.pop(0)[1])}</li>')
        items += _items(entry)
    items += [f'<li class="table-note">{esc(words)}</li>' for _at, words in waiting]
    if not items:
        items.append("<li>The game begins.</li>")
    return "".join(reversed(items))
