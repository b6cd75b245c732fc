"""The help panel: a game's whole flow (the draft, the rounds, the end), scoring, advice
and keys in short, openable at any time.

Why static text: it must be reachable without touching the game in progress; the
panel is an overlay, so closing it returns to exactly the same table.
"""

from __future__ import annotations

from ui.render.markup import button

HELP_HTML = """
<h2 id="help-title">How to play</h2>
<h3>A game</h3>
<ol>
<li><strong>Opening draft.</strong> Before the first round, one building from deck II per
player is laid out. Starting with the player to the first player's right and going
counter-clockwise, each keeps one; the first player gets the one left over.</li>
<li><strong>Rounds.</strong> Seven rounds with two players (two emissaries each), fourteen
with three or four (one emissary each). Each round is played as below.</li>
<li><strong>The end.</strong> After the last round every city is scored; the most points
wins.</li>
</ol>
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
missing cogs cost 1 coin each, bought automatically.</li>
<li><strong>Influence.</strong> If influence cards wait, the single player with the most
influence tokens takes them all and returns their tokens; a tie postpones.</li>
</ol>
<p>A choice that would gain nothing is not offered, and the table says why under the
turn's buttons. A move that is your only sensible choice is played for you.</p>
<h3>Building</h3>
<p>Place a building next to your city; the city may never exceed 4 × 4. Aqueducts: at
most one per row and column; they may replace a building. Stars give influence tokens.
The game log says where each building went (next to which buildings); point at an entry,
or focus it, to see the place marked in the city.</p>
<h3>Final scoring</h3>
<ul>
<li>Residential areas (same-value houses joined): sum of values × number of different
public colours adjacent, plus the tokens of the best adjacent Thermal Baths.</li>
<li>Aqueducts 1/2/3/4: 4/12/24/40 points. Temples: as written on each.</li>
<li>1 point per coin, 1 per 2 influence tokens, influence cards at their value.</li>
<li>Ties: most influence tokens, then most coins; else a shared win.</li>
</ul>
<h3>Advice</h3>
<p><strong>Hint</strong> suggests your best few moves and what each does; choose one to
play it. After the game, <strong>Review</strong> goes through your decisions the same way
the Hint does, so a suggested move is never called a mistake there.</p>
<h3 id="help-keys">Keys</h3>
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
"""The help text. The "Keys" section (``id="help-keys"``) lists the keys of
``ui/shell/input.py``: whoever changes the keys rewrites that section alone."""


def render_help() -> str:
    """The help dialog contents (shown while ``UiState.help_open``: ``ui.shell.paint``)."""
    return (f'<div class="help-box panel" role="dialog" aria-modal="true" '
            f'aria-labelledby="help-title">{HELP_HTML}'
            + button("Close help", cls="btn primary", data_ui="help-close", id="help-close")
            + "</div>")
