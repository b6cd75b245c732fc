"""The table's static skeleton: stable containers that renders fill by id.

Why: the delegated click handler lives on the app root and each render replaces only the
inner HTML of these sub-containers, so the frame (and its controls) survives. The
``data-region`` names are test hooks: ``offer``, ``strip``, ``prompt``, ``hand``, ``log``.
"""

from __future__ import annotations

from ui.bounds import PACE_NAMES as PACES
from ui.render.messages import message_area
from ui.words.markup import button, esc


def pace_select(current: int) -> str:
    """The computer-pace control (the address's ``pace=`` sets any value)."""
    options = []
    values = dict(PACES)
    if current not in values.values():
        values[f"{current} ms"] = current
    for name, ms in values.items():
        sel = " selected" if ms == current else ""
        options.append(f'<option value="{ms}"{sel}>{esc(name)}</option>')
    return (f'<label class="pace"><span>Pace</span><select id="pace-select" '
            f'aria-label="Computer pace">{"".join(options)}</select></label>')


def controls(pace: int, open_hands: bool, hot_seat: bool, asking: bool = False) -> str:
    """The top bar's controls: pace, open hands (hot-seat only), theme, help, new game.

    ``asking``: opening the hands waits for the message area's yes (issue 40); the box is
    drawn unticked meanwhile, and its markup differs, so the painter redraws the box the
    click ticked."""
    hands = ""
    if hot_seat:
        checked = " checked" if open_hands else ""
        waits = ' aria-describedby="message-reveal"' if asking else ""
        hands = (f'<label class="toggle"><input type="checkbox" id="open-hands"{checked}'
                 f"{waits}> Open hands</label>")
    return (pace_select(pace) + hands
            + button("◐", cls="btn icon", data_ui="theme", id="theme-btn",
                     aria="Switch between light and dark colours")
            + button("Help <kbd>?</kbd>", cls="btn", data_ui="help",
                     title="Open the rules and help")
            + button('New<span class="wide-only"> game</span>', cls="btn", data_ui="newgame",
                     title="Leave for the new-game screen (this game stays saved)"))


TABLE_SKELETON = (
    '<div id="table" class="table" data-phase="" data-current-player="" data-waiting="">'
    '<header class="topbar"><div id="status" class="status" aria-live="polite"></div>'
    '<div id="controls" class="controls"></div></header>'
    + message_area() +
    '<section id="tutorial" class="tutorial panel" aria-labelledby="tutorial-title" '
    'aria-live="polite" hidden></section>'  # the guided game's panel (issue 41)
    '<div id="notice" class="notice" role="status" hidden></div>'
    '<div class="layout">'
    '<section id="board" class="board panel" aria-label="The Emperor\'s court">'
    '<div id="strip" class="strip-wrap" data-region="strip"></div>'
    '<div id="offer" class="offer-wrap" data-region="offer"></div>'
    '<div id="order" class="order-wrap"></div></section>'
    '<section id="prompt" class="prompt panel" data-region="prompt" aria-live="polite" '
    'tabindex="-1"></section>'
    '<section id="handover" class="handover panel" hidden></section>'
    '<section id="final-area" class="final-area"></section>'
    '<div id="me" class="me"></div>'
    '<div id="others" class="others"></div>'
    '<details id="log-box" class="log panel" data-region="log" open><summary>Game log</summary>'
    '<ol id="log" class="log-list"></ol></details>'
    '</div>'
    '<nav id="tabs" class="tabs" aria-label="Parts of the table"></nav>'
    '<aside id="detail" class="detail panel" aria-live="polite" aria-labelledby="detail-title" '
    'hidden></aside>'
    '</div>'
)
