"""The review prepared as the game goes: each human decision is analysed in the AI worker
while a human thinks, one at a time, oldest first; the end screen's review then only puts
the answers together (``rome.ai.review_game``).

Why: a whole game's review is one analysis per decision, tens of seconds in the browser's
worker at the end of a game, while the worker sits idle during every human turn.  Asking
only while a human is to act (or at the hand-over screen) means a computer's move never
queues behind more than the one analysis already running.  Once the game is over, what is
left of the reviewed seat's decisions is analysed while the review shows its progress.

Why in the reducer: whether to ask depends on page state alone (who is to act, what is in
flight, which decisions are checked), so ``ui.model.reducer.reduce`` calls
:func:`prepare` after every event, and the loop only runs the ``Prepare`` effect.
"""

from __future__ import annotations

from dataclasses import replace

from rome.ai import ADVICE_LEVEL
from ui.model.effects import Prepare, Result
from ui.model.events import Prepared
from ui.model.state import Mode, Preparation, UiState
from ui.saves.session import Session

THINKING = (Mode.HUMAN, Mode.HANDOVER)
"""The modes in which a human, not the worker, has the next move."""


def decisions(s: Session, seat: int) -> list[int]:
    """The plies at which ``seat`` decided (automatic moves left out)."""
    return [p for p, (who, auto) in enumerate(zip(s.actors, s.auto, strict=True))
            if who == seat and not auto]


def progress(ui: UiState, seat: int) -> tuple[int, int]:
    """(decisions of ``seat`` analysed, all of them)."""
    s = ui.session
    if s is None:
        return 0, 0
    mine = decisions(s, seat)
    return sum(1 for p in mine if p in ui.preparation.checked), len(mine)


def prepare(ui: UiState) -> Result:
    """Ask for the oldest decision not yet analysed when the worker would be idle: any
    human seat's while a human thinks, if the AI worker is up (without it each analysis
    would run on the page, under the player's hand); the reviewed seat's once the game is
    over and its review waits.  Nothing while an analysis of this game is in flight."""
    s, prep = ui.session, ui.preparation
    if (s is None or ui.tutorial is not None
            or (prep.asked is not None and prep.asked[0] == ui.generation)):
        return ui, ()
    if ui.mode in THINKING:
        if not ui.worker.ready or ui.worker.error:
            return ui, ()
        seats = [i for i, seat in enumerate(s.seats) if seat.human]
    elif ui.mode is Mode.OVER and ui.review_seat is not None and ui.review is None:
        seats = [ui.review_seat]
    else:
        return ui, ()
    todo = [p for seat in seats for p in decisions(s, seat) if p not in prep.checked]
    if not todo:
        return ui, ()
    ply = min(todo)
    return (replace(ui, preparation=replace(prep, asked=(ui.generation, ply))),
            (Prepare(ui.generation, ply, s.actors[ply], ADVICE_LEVEL),))


def prepared(ui: UiState, event: Prepared) -> Result:
    """Keep the analysis of a decision if it is the one asked for in this game (else it is
    stale and dropped); a line for another ply or move is left out."""
    s, prep = ui.session, ui.preparation
    if s is None or prep.asked != (event.generation, event.ply):
        return ui, ()
    played = s.actions[event.ply]
    lines = tuple(x for x in event.lines if x["ply"] == event.ply and x["played"] == played)
    return replace(ui, preparation=Preparation(
        prep.lines + lines, prep.checked | {event.ply}, None,
        prep.on_page or event.source == "page")), ()
