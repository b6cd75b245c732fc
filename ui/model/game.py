"""The reducer's half for the game on the table: a game begins, a move is chosen or
undone, the device passes, a wait ends, the AI answers."""

from __future__ import annotations

from dataclasses import replace

import rome
from ui.model import tutor
from ui.model.effects import Claim, Effect, Focus, Release, Result, ShowTable
from ui.model.events import Act, Answer, Begin, HandOver, Select, Thinking, Tick, Undo
from ui.model.flow import course_focus, decision_focus, log_for, played, saving, settle
from ui.model.messages import WORKER, unsaid
from ui.model.state import Mode, Preparation, UiState, Writer


def begin(ui: UiState, event: Begin) -> Result:
    """A new table, with no failed save, saying only what the page's opening carried to it
    (``ui.model.starts``). A game this tab already holds goes on being held;
    any other asks the other tabs first when ``event.claim`` (``ui.model.tabs``), and the
    slot of the game it replaces is let go."""
    keep = ui.session is not None and event.slot is not None and event.slot == ui.slot \
        and ui.writer is Writer.HERE
    asks = event.claim and event.slot is not None and not keep
    own = event.tutorial is None  # a course's seats are not the player's (issue 41)
    fresh = replace(ui, session=event.session, selection="", notices=ui.carried,
                    carried=(), shown=None,
                    thinking="", generation=ui.generation + 1, log=log_for(event.session),
                    detail="", breakdown=None, help_open=False, hint_at=None, hints=(),
                    review_seat=None, review=None, review_turning=(), review_cities=None,
                    preparation=Preparation(), slot=event.slot, save_failed=False,
                    writer=Writer.ASKING if asks else Writer.HERE,
                    messages=unsaid(ui.messages, "tab", "unsaved", "reveal", "turn"),
                    tutorial=event.tutorial,  # a course's game, or none (issue 41)
                    form=None,
                    # issue 40: a new game's first prompt finds its tab; the form's memory
                    tab_asked=None, tab_settled=False, log_notes=(),
                    last_seats=tuple(event.session.seats) if own else ui.last_seats,
                    last_shrine=event.session.shrine if own else ui.last_shrine)
    nxt, effects = settle(fresh, delay_ms=0)
    around: tuple[Effect, ...] = ()
    if ui.session is not None and ui.slot is not None and ui.slot != event.slot \
            and ui.writer is Writer.HERE:
        around += (Release(ui.slot),)
    if asks and event.slot is not None:
        around += (Claim(event.slot),)
    return nxt, (*around, *saving(nxt, event.session), *effects, ShowTable())


def act(ui: UiState, event: Act) -> Result:
    s = ui.session
    if s is None or ui.mode is not Mode.HUMAN:
        return ui, ()
    if event.action not in rome.sensible_actions(s.state):
        return ui, ()
    refusal = tutor.refused(ui, event.action)  # a course asks for one move (issue 41)
    if refusal is not None:
        return refusal
    heard = tutor.heard(ui)
    heard = replace(heard, messages=unsaid(heard.messages, WORKER))
    return played(heard, str(event.action), auto=False)


def select(ui: UiState, event: Select) -> Result:
    if ui.mode is not Mode.HUMAN or ui.session is None:
        return ui, ()
    kind = "" if event.kind == ui.selection else event.kind
    builds = {a.kind for a in rome.sensible_actions(ui.session.state) if a.verb == "build"}
    if kind and kind not in builds:
        return ui, ()
    refusal = tutor.refused(ui, kind) if kind else None  # a course asks for one card
    if refusal is not None:
        return refusal
    focus = (course_focus(ui) + ('[data-action^="build "]',) if kind
             else (f'[data-select="{ui.selection}"]',) + decision_focus(ui.session.state))
    return replace(ui, selection=kind), (Focus(focus),)


def undo(ui: UiState, event: Undo) -> Result:
    s = ui.session
    if s is None or ui.mode is not Mode.HUMAN:
        return ui, ()
    back = s.undone()
    if back is None:
        return ui, ()
    undone = replace(tutor.heard(ui), session=back, selection="",
                     generation=ui.generation + 1, log=ui.log[:len(back.actions)],
                     hint_at=None, hints=(),
                     preparation=ui.preparation.before(len(back.actions)))
    nxt, effects = settle(undone, delay_ms=0)
    return nxt, (*saving(nxt, back), *effects)


def hand_over(ui: UiState, event: HandOver) -> Result:
    if ui.mode is not Mode.HANDOVER or ui.session is None:
        return ui, ()
    return (replace(ui, mode=Mode.HUMAN, shown=ui.session.current),
            (Focus(decision_focus(ui.session.state)),))


def tick(ui: UiState, event: Tick) -> Result:
    s = ui.session
    if s is None or event.generation != ui.generation:
        return ui, ()
    if ui.mode is Mode.COMPUTER and ui.tutorial is not None:  # a course's recorded move
        return tutor.replay(ui)
    if ui.mode is not Mode.AUTOMATIC:
        return ui, ()
    forced = rome.automatic_action(s.state)
    if forced is None:  # cannot happen while AUTOMATIC; settle again to be safe
        return settle(ui, delay_ms=0)
    return played(ui, str(forced), auto=True)


def answer(ui: UiState, event: Answer) -> Result:
    s = ui.session
    if s is None or event.generation != ui.generation or ui.mode is not Mode.COMPUTER:
        return ui, ()
    try:
        rome.parse_legal(s.state, event.text)
    except rome.RomeError:
        note = f"The computer proposed {event.text!r}, which is not legal; it plays again."
        return replace(ui, notices=ui.notices + (note,)), ()
    return played(replace(ui, thinking=""), event.text, auto=False)


def thinking(ui: UiState, event: Thinking) -> Result:
    if event.generation != ui.generation or ui.mode is not Mode.COMPUTER:
        return ui, ()
    return replace(ui, thinking=event.text), ()
