"""The reducer's half for the game on the table: a game begins, a move is chosen or
undone, the device passes, a wait ends, the AI answers."""

from __future__ import annotations

from dataclasses import replace

import rome
from ui.model.effects import Focus, Result, ShowTable
from ui.model.events import Act, Answer, Begin, HandOver, Select, Thinking, Tick, Undo
from ui.model.flow import decision_focus, log_for, played, saving, settle
from ui.model.state import Mode, UiState


def begin(ui: UiState, event: Begin) -> Result:
    """A new table; a game in another slot starts with no conflict and no failed save."""
    fresh = replace(ui, session=event.session, selection="", notices=(), shown=None,
                    thinking="", generation=ui.generation + 1, log=log_for(event.session),
                    detail="", breakdown=None, help_open=False, hint_at=None, hints=(),
                    review_seat=None, review=None, slot=event.slot, conflict=False)
    nxt, effects = settle(fresh, delay_ms=0)
    return nxt, (*saving(nxt, event.session), *effects, ShowTable())


def act(ui: UiState, event: Act) -> Result:
    s = ui.session
    if s is None or ui.mode is not Mode.HUMAN:
        return ui, ()
    if event.action not in rome.sensible_actions(s.state):
        return ui, ()
    return played(ui, str(event.action), auto=False)


def select(ui: UiState, event: Select) -> Result:
    if ui.mode is not Mode.HUMAN or ui.session is None:
        return ui, ()
    kind = "" if event.kind == ui.selection else event.kind
    builds = {a.kind for a in rome.sensible_actions(ui.session.state) if a.verb == "build"}
    if kind and kind not in builds:
        return ui, ()
    focus = (('[data-action^="build "]',) if kind
             else (f'[data-select="{ui.selection}"]',) + decision_focus(ui.session.state))
    return replace(ui, selection=kind), (Focus(focus),)


def undo(ui: UiState, event: Undo) -> Result:
    s = ui.session
    if s is None or ui.mode is not Mode.HUMAN:
        return ui, ()
    back = s.undone()
    if back is None:
        return ui, ()
    undone = replace(ui, session=back, selection="", generation=ui.generation + 1,
                     log=ui.log[:len(back.actions)], hint_at=None, hints=())
    nxt, effects = settle(undone, delay_ms=0)
    return nxt, (*saving(nxt, back), *effects)


def hand_over(ui: UiState, event: HandOver) -> Result:
    if ui.mode is not Mode.HANDOVER or ui.session is None:
        return ui, ()
    return (replace(ui, mode=Mode.HUMAN, shown=ui.session.current),
            (Focus(decision_focus(ui.session.state)),))


def tick(ui: UiState, event: Tick) -> Result:
    s = ui.session
    if s is None or event.generation != ui.generation or ui.mode is not Mode.AUTOMATIC:
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
