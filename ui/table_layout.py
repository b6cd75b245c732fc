"""The table's static skeleton: stable containers that renders fill by id.

Why: the delegated click handler lives on ``#app`` and each render replaces only the
inner HTML of these sub-containers, so the frame (and its controls' focus) survives.
"""

from __future__ import annotations

from ui.markup import button
from ui.newgame import PACES


def pace_select(current: int) -> str:
    """The computer-pace control (the address's ``pace=`` sets any value)."""
    options = []
    values = dict(PACES)
    if current not in values.values():
        values[f"{current} ms"] = current
    for name, ms in values.items():
        sel = " selected" if ms == current else ""
        options.append(f'<option value="{ms}"{sel}>{name}</option>')
    return (f'<label class="pace"><span>Computer pace</span><select id="pace-select" '
            f'aria-label="Computer pace">{"".join(options)}</select></label>')


TABLE_SKELETON = (
    '<div id="table" class="table" data-phase="" data-current-player="" data-waiting="">'
    '<header class="topbar"><div id="status" class="status" aria-live="polite"></div>'
    '<div class="controls">{pace}'
    + button("Help <kbd>?</kbd>", cls="btn", data_ui="help", aria="Open the rules and help")
    + button("New game", cls="btn", data_ui="newgame", aria="Leave for the new-game screen "
             "(this game stays saved)")
    + "</div></header>"
    '<div id="notice" class="notice" role="status" hidden></div>'
    '<div class="layout"><div class="main-col">'
    '<section id="board" class="board panel" aria-label="The Emperor\'s court">'
    '<div id="strip" class="strip-wrap"></div><div id="order" class="order-wrap"></div>'
    '<div id="offer-wrap"><div id="offer"></div></div></section>'
    '<section id="prompt" class="prompt panel" aria-live="polite" tabindex="-1"></section>'
    '<section id="handover" class="handover panel" hidden></section>'
    '<section id="final-area"></section>'
    '<div id="players" class="players"></div>'
    '</div><aside class="log panel" aria-label="Game log"><h2>Game log</h2>'
    '<ol id="log" class="log-list"></ol></aside></div></div>'
)
