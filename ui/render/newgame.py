"""The new-game screen, drawn from the model's values (:mod:`ui.model.newgame`, which also
turns an address's seat kinds into seats), and the random seed a new game draws."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from rome.ai.levels import MENU_LEVELS
from ui.model.newgame import EMPTY, NAME_CHARS, NewGameForm, default_name, kinds_offered
from ui.saves.save import GameInfo
from ui.tutorial.first_game import FIRST_GAME
from ui.words.facts import rounds
from ui.words.markup import SEAT_COLOUR_NAMES, SEAT_COLOURS, attrs, button, esc

KIND_LABELS = {EMPTY: "— empty seat —", "human": "Human"}
"""A seat's menu says "Computer — <level>" for every other choice."""
LEVEL_LINES: dict[str, str] = {
    "easy": "Easy — plays sensible moves with a little randomness; good for learning.",
    "normal": "Normal — looks one turn ahead and weighs the final scoring; answers at once.",
    "hard": "Hard — weighs many lines of play four turns ahead; thinks for up to a second.",
    "expert": "Expert — looks three of its own turns ahead; thinks for a few seconds; for "
              "players who beat Hard.",
}
"""One line per level of the menu (``MENU_LEVELS``) for the new-game screen (measured
strengths: docs/ai.md)."""


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def _seat_row(i: int, kind: str, name: str) -> str:
    options = "".join(
        f'<option value="{value}"{" selected" if value == kind else ""}>{esc(label)}</option>'
        for value in kinds_offered(i, kind)
        for label in (KIND_LABELS.get(value, f"Computer — {value}"),))
    colour = SEAT_COLOURS[i]
    return (
        f'<div class="seat-row"><span class="seat-dot" style="background:{colour}" '
        f'title="{SEAT_COLOUR_NAMES[i]}"></span>'
        f'<label for="seat-kind-{i}">Seat {i + 1}</label>'
        f'<select id="seat-kind-{i}"{attrs(aria_label=f"Seat {i + 1} player")}>'
        f'{options}</select>'
        f'<input id="seat-name-{i}" type="text" maxlength="{NAME_CHARS}" value="{esc(name)}" '
        f'placeholder="{esc(default_name(i, kind == "human"))}" '
        f'aria-label="Seat {i + 1} name"></div>'
    )


def render_saved(games: Sequence[GameInfo]) -> str:
    """Every saved game (``ui.saves.save.GameInfo``): seats, round and date, resume or delete."""
    if not games:
        return ""
    rows = []
    for g in games:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.saved_at)) if g.saved_at else ""
        label = g.label()
        rows.append(
            f'<li class="saved" data-slot="{esc(g.slot)}"><span class="saved-what">'
            f'{esc(label)}</span> <small class="saved-when">{esc(when)}</small>'
            + button("Resume", cls="btn primary small", data_ui="resume-slot", data_slot=g.slot,
                     aria=f"Resume {label}")
            + button("Delete", cls="btn small", data_ui="delete-slot", data_slot=g.slot,
                     aria=f"Delete {label}")
            + "</li>")
    return f'<h2>Saved games</h2><ul class="saved-games">{"".join(rows)}</ul>'


RESUME_FILE = (
    '<p class="resume-file"><input type="file" id="load-file" class="file-input" '
    'accept=".json,application/json"><label for="load-file" class="btn">Resume a downloaded '
    'game…</label> <small>a file saved with “Download this game”</small></p>')
"""Resuming a downloaded game: the file input hidden but focusable, its label drawn as the
card's other buttons (the browser's own file control cannot be styled)."""


RECORD = '<section class="record" id="record" aria-labelledby="record-title"></section>'
"""Where the record of games is drawn (``ui.render.record``, by the painter: it changes
while the screen is shown, when the record is reset or another tab counts a game)."""


def render_form(form: NewGameForm, open_hands: bool = False, record: bool = False) -> str:
    """The new-game screen of ``form``: saved games first (resume or delete, or a
    downloaded file), then the seats and the options. "Open hands" is the table's own
    setting (``#open-hands`` changes it at once), offered here too because a phone's top
    bar has no room for it. ``record``: the page keeps a record of games (not an
    embed's), drawn in its place."""
    rows = "".join(_seat_row(i, kind, name)
                   for i, (kind, name) in enumerate(zip(form.kinds, form.names, strict=True)))
    notice = form.notice
    shrine = form.shrine
    games = form.games
    notice_html = (f'<div class="notice" role="alert" id="save-notice">{esc(notice)}</div>'
                   if notice else "")
    return (
        '<section class="newgame panel" id="newgame" aria-labelledby="newgame-title">'
        '<h1 id="newgame-title">The Great City of Rome</h1>'
        '<p class="subtitle">A game of emissaries, bricks and buildings for 2 to 4 '
        "architects.</p>"
        f"{notice_html}{learn_to_play()}{render_saved(games)}{RESUME_FILE}"
        + (RECORD if record else "")
        + '<h2>New game</h2><div class="seats">' + rows + "</div>"
        + '<ul class="levels">'
        + "".join(f"<li>{esc(LEVEL_LINES[level])}</li>" for level in MENU_LEVELS) + "</ul>"
        '<div class="options">'
        f'<label><input type="checkbox" id="opt-shrine"{" checked" if shrine else ""}> '
        "The Shrine (mini-expansion)</label>"
        f'<label><input type="checkbox" id="open-hands"{" checked" if open_hands else ""}> '
        "Open hands: friends at one screen, no hand-overs</label>"
        '<span class="opt-seed"><label for="opt-seed">Seed (optional)</label>'
        '<input id="opt-seed" type="number" min="0" inputmode="numeric" placeholder="random"'
        f' value="{esc(form.seed)}"></span>'
        "</div>"
        + button("Start the game", cls="btn primary", data_ui="start", id="start-btn")
        + button("Rules & help", cls="btn", data_ui="help")
        + "</section>"
    )


# -- the guided game (issue 41) -------------------------------------------------------
def learn_to_play() -> str:
    """The way in to the guided game, first on the screen: a newcomer's first question is
    how to play. It carries the course's mark (``data-tutorial-target``): the first control
    the course asks for is the one that starts it."""
    return ('<p class="learn">'
            + button("Learn to play", cls="btn primary learn-btn", data_ui="learn",
                     id="learn-btn", data_tutorial_target=True)
            + f" A guided game of {rounds(len(FIRST_GAME.seats))} rounds against a gentle "
            "computer, about a quarter of an hour.</p>")


# -- end of the guided game -----------------------------------------------------------


