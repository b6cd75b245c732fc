"""The one reducer: ``reduce(state, event) -> (state, effects)`` for any event in any state.

Why a table of handlers: each concern (the game, advice, the page around it) keeps its
handlers in a module of its own; this is the only place that says which one an event
goes to, and the only entry the page calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.model import (
    advice,
    game,
    gestures,
    page,
    preparing,
    record,
    starts,
    tabs,
    turn,
    tutor,
)
from ui.model.effects import Result
from ui.model.events import (
    Act,
    Answer,
    AskHint,
    AskReview,
    Begin,
    Claimed,
    Confirmed,
    Copied,
    CopyLink,
    Delete,
    Download,
    Event,
    Followed,
    FormInput,
    FormListed,
    GuidedRead,
    HandOver,
    HintAnswer,
    Learn,
    Leave,
    Lost,
    Notice,
    Opened,
    OpenForm,
    Opening,
    OtherTab,
    Panel,
    Prepared,
    RecordAsked,
    Recorded,
    Rematch,
    Resume,
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
from ui.model.state import UiState

_HANDLERS: dict[type, Callable[[UiState, Any], Result]] = {
    Begin: game.begin, Act: game.act, Select: game.select, Undo: game.undo,
    HandOver: game.hand_over, Tick: game.tick, Answer: game.answer, Thinking: game.thinking,
    AskHint: advice.ask_hint, ShowHint: advice.show_hint, HintAnswer: advice.hint_answer,
    AskReview: advice.ask_review, Prepared: advice.prepared,
    Setting: page.setting, Panel: page.panel, Notice: page.notice, Leave: page.leave,
    WorkerSaid: page.worker_said,
    OpenForm: page.open_form, Tab: page.tab, Saved: page.saved,
    Claimed: tabs.claimed, Wanted: tabs.wanted, Lost: tabs.lost, TakeOver: tabs.take_over,
    OtherTab: tabs.other_tab, Followed: tabs.followed,
    RulesFilter: page.rules_filter,  # the rules dialog (issue 41)
    TutorialNext: tutor.next_page,  # the guided game (issue 41)
    ToChoices: page.to_choices, Reveal: page.reveal,  # hot-seat and the phone (issue 40)
    Resume: gestures.resume, Opened: gestures.opened, Delete: gestures.delete,
    Download: gestures.download,
    CopyLink: gestures.copy_link, Confirmed: gestures.confirmed, Copied: gestures.copied,
    WorkerReported: page.worker_reported,
    FormListed: page.form_listed, FormInput: page.form_input, Start: page.start,
    Recorded: record.recorded, RecordAsked: record.record_asked,  # the record of games
    # a game on the table without the new-game screen (each may reduce the events it leads to)
    Opening: lambda ui, event: starts.opening(ui, event, reduce), Learn: starts.learn,
    GuidedRead: lambda ui, event: starts.guided_read(ui, event, reduce),
    Rematch: starts.rematch,
}


def reduce(ui: UiState, event: Event) -> Result:
    """The next UI state and the effects to run, for any event in any state; a new prompt
    is then announced or shown on the phone (``turn.settled``, whatever led to it), and a
    decision is analysed for the review if the worker would be idle (``preparing``)."""
    nxt, effects = _HANDLERS[type(event)](ui, event)
    settled = nxt if nxt is ui else turn.settled(nxt, event)
    ready, more = preparing.prepare(settled)
    return ready, (*effects, *more)
