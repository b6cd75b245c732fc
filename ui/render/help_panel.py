"""The help panel: round flow and scoring in short, openable at any time.

Why static text: it must be reachable without touching the game in progress; the
panel is an overlay, so closing it returns to exactly the same table.
"""

from __future__ import annotations

from ui.render.markup import button

HELP_HTML = """
<h2 id="help-title">How to play</h2>
<h3>A round</h3>
<ol>
<li><strong>Upkeep.</strong> New buildings come into the offer from each deck; influence
cards found in deck I wait on the table.</li>
<li><strong>Emissaries.</strong> From the first player, each places an emissary on a free
space of the action strip. A space gives every brick and cog symbol between it and the
Emperor; spaces nearer the Emperor act first.</li>
<li><strong>Actions.</strong> Each emissary, from the Emperor outwards: take one building
from the offer (if any), then in any order build one card from your hand and produce
once, then end the turn. Missing bricks are paid with brick tokens, then 2 coins each;
missing cogs cost 1 coin each — bought automatically.</li>
<li><strong>Influence.</strong> If influence cards wait, the single player with the most
influence tokens takes them all and returns their tokens; a tie postpones.</li>
</ol>
<h3>Building</h3>
<p>Place a building next to your city; the city may never exceed 4 × 4. Aqueducts: at
most one per row and column; they may replace a building. Stars give influence tokens.</p>
<h3>Final scoring</h3>
<ul>
<li>Residential areas (same-value houses joined): sum of values × number of different
public colours adjacent, plus the tokens of the best adjacent Thermal Baths.</li>
<li>Aqueducts 1/2/3/4: 4/12/24/40 points. Temples: as written on each.</li>
<li>1 point per coin, 1 per 2 influence tokens, influence cards at their value.</li>
<li>Ties: most influence tokens, then most coins; else a shared win.</li>
</ul>
<h3>Keys</h3>
<p>The whole game plays by keyboard. After each move focus waits on your next choice:
a card to keep, a space for your emissary, a building to take, a card to build. Tab and
Shift+Tab move between controls; the arrow keys move within a group (the offer, your
hand, a city, the strip); Enter or Space chooses. To build: choose a card in your hand,
then a space in your city (each shows its price). <kbd>I</kbd> shows the focused card's
details, <kbd>Esc</kbd> closes them (or cancels the card chosen) and returns you to where
you were. <kbd>?</kbd> help, <kbd>E</kbd> end turn, <kbd>P</kbd> produce, <kbd>U</kbd>
undo, <kbd>H</kbd> hint (the computer's best few moves).</p>
<p class="muted">Colours of public buildings also show a letter and a shape:
Y ● yellow, R ▲ red, G ■ green, B ◆ blue.</p>
"""


def render_help() -> str:
    """The help dialog contents (the controller toggles its visibility)."""
    return (f'<div class="help-box panel" role="dialog" aria-modal="true" '
            f'aria-labelledby="help-title">{HELP_HTML}'
            + button("Close help", cls="btn primary", data_ui="help-close", id="help-close")
            + "</div>")
