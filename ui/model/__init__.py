"""The table's UI model: one frozen state and one pure reducer, ``(state, event) ->
(state, effects)``.

Why (in the spirit of boardgame.io's client loop): every way the page moves on — a
click, a timer, the AI's answer, undo, a setting, a save refused, another tab — is an
*event*; :func:`reduce` is the only place that decides what it changes, and it returns
the *effects* the page must run (save, ask the AI, wait, move focus) instead of running
them. The page object only dispatches events, runs effects and renders once per event,
so every path here is tested on CPython without a browser (``tests/test_ui_model.py``).

The package reads in the order of a click: ``state`` (what is held), ``events`` (what
happens), ``reducer`` (who decides: ``game``, ``advice``, ``page``, ``tabs``; ``flow``
moves the game on between decisions), ``effects`` (what the page must do); ``messages``
is the message area's vocabulary. This module is only the names the page and the tests
use.
"""

from __future__ import annotations

from ui.model.advice import FOCUS_HINT
from ui.model.effects import (
    Analyse,
    Ask,
    AsTyped,
    Claim,
    Effect,
    Focus,
    Follow,
    KeepTutorial,
    Prepare,
    Release,
    Remember,
    Result,
    Save,
    ShowForm,
    ShowTable,
    StartGame,
    Travel,
    Wait,
)
from ui.model.events import (
    Act,
    Answer,
    AskHint,
    AskReview,
    Begin,
    Claimed,
    Event,
    Followed,
    FormInput,
    FormListed,
    HandOver,
    HintAnswer,
    Leave,
    Lost,
    Notice,
    OpenForm,
    OtherTab,
    Panel,
    Prepared,
    Reveal,
    RulesFilter,
    Saved,
    Select,
    Setting,
    ShowHint,
    Start,
    Tab,
    TakeOver,
    Thinking,
    Tick,
    ToChoices,
    TutorialNext,
    Undo,
    Wanted,
    WorkerReported,
    WorkerSaid,
)
from ui.model.flow import TRAVEL_MS, decision_focus, needs_render
from ui.model.messages import KINDS, Control, Message
from ui.model.newgame import NewGameForm
from ui.model.reducer import reduce
from ui.model.state import Mode, Reviewed, Suggestion, UiState, Writer

__all__ = [
    "FOCUS_HINT", "KINDS", "TRAVEL_MS",
    "Act", "Analyse", "Answer", "Ask", "AskHint", "AskReview", "AsTyped", "Begin", "Claim",
    "Claimed", "Control", "Effect", "Event", "Focus", "Follow", "Followed", "FormInput",
    "FormListed", "HandOver", "HintAnswer", "KeepTutorial", "Leave", "Lost", "Message", "Mode",
    "NewGameForm", "Notice", "OpenForm", "OtherTab", "Panel", "Prepare", "Prepared", "Release",
    "Remember", "Result", "Reveal", "Reviewed", "RulesFilter",
    "Save", "Saved", "Select", "Setting", "ShowForm", "ShowHint", "ShowTable", "Start",
    "StartGame", "Suggestion", "Tab", "TakeOver", "Thinking", "Tick", "ToChoices", "Travel",
    "TutorialNext", "UiState", "Undo", "Wait", "Wanted", "WorkerReported", "WorkerSaid",
    "Writer",
    "decision_focus", "needs_render", "reduce",
]
