"""How a new turn reaches a player who is looking elsewhere: the phone never moves them.

Why: on a phone one part of the table is shown at a time (a tab: ``ui.render.phone``). A
table that switched tabs by itself when the player's turn came took them away from what
they were reading (issue 40: from "Others" back to "Court"). So a new prompt whose
choices lie under another tab is announced where the player is: the tab holding them
carries a badge, and the message area says so, with a button that goes there; the
player chooses when to switch.

The tab follows the choices by itself only where nobody is reading elsewhere:

* the first prompt of a game whose choices lie under a tab (the draft's are in the prompt),
  unless the player has picked a tab by then;
* the player's own doing: a prompt reached by this seat's own moves since its last prompt
  (a card taken, then the city to build in; an undo), or by the hand-over's "show my
  hand" (the screen just became theirs).

Every other new prompt, and the game's end (its scores), is announced. Pure: run by the
reducer after every event (:func:`settled`); on wider screens every region is in view and
the stylesheet hides the sentence (the badge's tab bar is hidden there too).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import rome
from ui.model.events import Event, HandOver
from ui.model.messages import Control, Message, said, unsaid
from ui.model.state import Mode, UiState
from ui.words.names import isolate_text

TAB_LABELS = {"board": "Court", "me": "Your city", "others": "Others", "log": "Log",
              "final": "Scores"}
"""Each phone tab's label (``ui.model.state.PHONE_TABS`` names them, in their order)."""
REGION_OF_VERB = {"place": "board", "take": "board", "build": "me"}
"""Where each verb's choices are drawn; every other verb's buttons are in the prompt."""
TO_CHOICES = "choices"
"""The ``data-ui`` command of the message's button (``ToChoices``)."""


def choices_tab(verbs: Iterable[str], over: bool) -> str | None:
    """The tab holding a prompt's choices (of these verbs), the scores at the end; None
    when every choice is in the prompt, which is always in view."""
    if over:
        return "final"
    found = set(verbs)
    return next((tab for verb, tab in REGION_OF_VERB.items() if verb in found), None)


def asked(ui: UiState) -> tuple[int, int] | None:
    """The prompt on the table: (seat, moves played) of a human's decision at this screen,
    (-1, moves) once the game is over; None while nothing is asked of the screen."""
    s = ui.session
    if s is None:
        return None
    if ui.mode is Mode.HUMAN and s.current is not None:
        return s.current, len(s.actions)
    if ui.mode is Mode.OVER and rome.is_over(s.state):
        return -1, len(s.actions)
    return None


def where(ui: UiState) -> str | None:
    """The tab holding what the table asks now (see :func:`choices_tab`)."""
    s = ui.session
    if asked(ui) is None or s is None:
        return None
    over = ui.mode is Mode.OVER
    return choices_tab(() if over else (a.verb for a in rome.sensible_actions(s.state)), over)


def own(ui: UiState, now: tuple[int, int]) -> bool:
    """Was the prompt ``now`` reached by the previous prompt's seat alone (its moves, its
    forced moves and the table's own steps between rounds), or by an undo?"""
    if ui.tab_asked is None or ui.session is None:
        return False
    seat, moves = ui.tab_asked
    if now[0] not in (seat, -1):
        return False
    return now[1] < moves or all(actor in (seat, -1) for actor in ui.session.actors[moves:now[1]])


def announcement(ui: UiState, tab: str) -> Message:
    """The message area's sentence for a prompt whose choices are under ``tab``."""
    s = ui.session
    assert s is not None
    label = TAB_LABELS[tab]
    if tab == "final":
        return Message("turn", f"The game is over: the final scores are under “{label}”.",
                       Control("Show the scores", TO_CHOICES))
    name = isolate_text(s.seats[s.current].name) if s.current is not None else ""
    return Message("turn", f"Your turn, {name}: your choices are under “{label}”.",
                   Control("Show them", TO_CHOICES))


def settled(ui: UiState, event: Event) -> UiState:
    """``ui`` after ``event``, with the phone's tab settled for a new prompt: followed where
    nobody reads elsewhere, else announced (a standing announcement goes once the prompt
    it was about has gone)."""
    now = asked(ui)
    if now is None:
        standing = any(m.kind == "turn" for m in ui.messages)
        return replace(ui, messages=unsaid(ui.messages, "turn")) if standing else ui
    if now == ui.tab_asked:
        return ui
    tab = where(ui)
    nxt = replace(ui, tab_asked=now, messages=unsaid(ui.messages, "turn"))
    if tab is None:
        return nxt
    if tab == ui.tab or not ui.tab_settled or isinstance(event, HandOver) or own(ui, now):
        return replace(nxt, tab=tab, tab_settled=True)
    return replace(nxt, messages=said(nxt.messages, announcement(ui, tab)))
