"""The table's UI model: one frozen state and one pure reducer, ``(state, event) ->
(state, effects)``.

Why (in the spirit of boardgame.io's client loop): every way the page moves on — a
click, a timer, the AI's answer, undo, a setting, a save refused, another tab — is an
*event*; :func:`reduce` is the only place that decides what it changes, and it returns
the *effects* the page must run (save, ask the AI, wait, move focus) instead of running
them. The page object only dispatches events, runs effects and renders once per event,
so every path here is tested on CPython without a browser (``tests/test_ui_model.py``).

The package reads in the order of a click: ``state`` (what is held), ``events`` (what
happens), ``reducer`` (who decides: ``game``, ``advice``, ``page``; ``flow`` moves the
game on between decisions), ``effects`` (what the page must do). This module is only the
names the page and the tests use.
"""

from __future__ import annotations

from ui.model.advice import FOCUS_HINT
from ui.model.effects import (
    Analyse,
    Ask,
    Effect,
    Focus,
    Remember,
    Result,
    Review,
    Save,
    ShowForm,
    ShowTable,
    Travel,
    Wait,
)
from ui.model.events import (
    Act,
    Answer,
    AskHint,
    AskReview,
    Begin,
    Event,
    HandOver,
    HintAnswer,
    Leave,
    Notice,
    OpenForm,
    OtherTab,
    Overwrite,
    Panel,
    ReviewAnswer,
    RulesFilter,
    Saved,
    Select,
    Setting,
    Tab,
    TabShown,
    Thinking,
    Tick,
    Undo,
)
from ui.model.flow import TRAVEL_MS, decision_focus, needs_render
from ui.model.reducer import reduce
from ui.model.state import Mode, Reviewed, Suggestion, UiState

__all__ = [
    "FOCUS_HINT", "TRAVEL_MS",
    "Act", "Analyse", "Answer", "Ask", "AskHint", "AskReview", "Begin", "Effect", "Event",
    "Focus", "HandOver", "HintAnswer", "Leave", "Mode", "Notice", "OpenForm", "OtherTab",
    "Overwrite", "Panel", "Remember", "Result", "Review", "ReviewAnswer", "Reviewed",
    "RulesFilter", "Save", "Saved", "Select", "Setting", "ShowForm", "ShowTable", "Suggestion",
    "Tab", "TabShown", "Thinking", "Tick", "Travel", "UiState", "Undo", "Wait",
    "decision_focus", "needs_render", "reduce",
]
