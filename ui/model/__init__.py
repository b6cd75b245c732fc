"""The table's UI model: one frozen state and pure reducers ``(state, event) -> (state, effects)``.

Why (in the spirit of boardgame.io's client loop): every way the game moves on — a
click, a timer, the AI's answer, undo, a setting — is an *event*; :func:`reduce` is the
only place that decides what it changes, and it returns the *effects* the page must run
(save, ask the AI, wait, move focus) instead of running them. The page object only
dispatches events, runs effects and renders once per event, so every path here is
tested on CPython without a browser (``tests/test_ui_model.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

import rome
from ui.render import log_view
from ui.render.names import isolate_text
from ui.saves.session import Session

HINT_LEVEL = "hard"
"""The search a hint uses: the strongest menu level (it runs in the AI worker, so its
seconds never freeze the page; without a worker the page falls back to a quick level)."""
REVIEW_LEVEL = "normal"
"""The search a post-game review uses: one analysis per decision of the seat (about 40),
so a level whose whole review takes seconds, not minutes (5 s for 41 decisions on CPython,
2026-11-22); hard would take about 40 s."""
TRAVEL_MS = 320
"""How long a computer's new building travels from its hand to its city (issue 11: under
400 ms; never longer than the pace, so the next move does not cut it short)."""
AUTO_PAUSE_MS = 350
"""A forced move, anyone's, is shown this long (never longer than the pace) before it is
played: nobody chose it, so there is nothing to follow."""
FOLLOW_ON = 0.4
"""A computer's moves after the first of its turn wait this share of the pace: the first
comes a whole pace after the last move shown, so a person sees whose turn it is (when a
forced move, usually the last turn's "end", was shown in between, its pause counts
towards that pace); the rest follow quicker: at the normal pace (800 ms) as soon as the
card has travelled, and never before.  Why: issue 13 asks that a four-player round of
three computers at the normal pace keep a person waiting at most 8 s; at the whole pace
per move the pauses alone took 10 s, at half the pace after a whole-pace turn change 8.1 s
(seed 11, round 3)."""
ROUND_FRAME_MS = 30
"""At the instant pace, the pause after a round ends: long enough for one paint."""


class Mode(Enum):
    """Who the table waits for (``data-waiting`` shows the value)."""

    AUTOMATIC = "auto"  # a forced move is about to be played
    HUMAN = "human"  # a human at the screen decides
    COMPUTER = "computer"  # the AI is thinking
    HANDOVER = "handover"  # the device passes to the next human
    OVER = "over"  # the game has ended (or no game is on)


@dataclass(frozen=True)
class UiState:
    """Everything the table shows besides the game's own state."""

    session: Session | None = None
    mode: Mode = Mode.OVER
    selection: str = ""  # hand card kind chosen for building
    pace: int = 800  # ms between computer moves; 0 is instant
    notices: tuple[str, ...] = ()
    shown: int | None = None  # the human seat whose hand the screen last showed
    open_hands: bool = False  # friends at one table: no hand-overs at all
    thinking: str = ""
    generation: int = 0  # bumped when the game changes under running timers
    log: tuple[log_view.LogEntry, ...] = ()
    detail: str = ""  # the card whose details are open ("" none)
    help_open: bool = False
    breakdown: int | None = None  # seat whose score breakdown is open
    theme: str = "auto"  # "auto" follows prefers-color-scheme; "light" / "dark"
    hint_at: int | None = None  # moves played when the human asked for a hint (None: none)
    hints: tuple[Suggestion, ...] = ()  # its answer, best first; empty while it is worked out
    hint_source: str = ""  # where the answer was worked out: "worker" or "page"
    review_seat: int | None = None  # the seat whose decisions the end screen reviews
    review: tuple[Reviewed, ...] | None = None  # its answer; None while it is worked out
    review_source: str = ""  # "worker" or "page", as for a hint


@dataclass(frozen=True)
class Suggestion:
    """One move of a hint: the action (offered now), the search's estimate of the final
    margin over the other seats after it, how far behind the best it is, and why."""

    action: rome.Action
    value: float
    loss: float
    reason: str


@dataclass(frozen=True)
class Reviewed:
    """One decision of a finished game next to the best move the search finds there:
    ``loss`` is the estimated points given away (0: the best found; None: not valued)."""

    ply: int
    round: int
    played: rome.Action
    best: rome.Action
    loss: float | None
    reason: str


# -- events ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Begin:
    """A game is put on the table (new, resumed or a rematch)."""

    session: Session


@dataclass(frozen=True)
class Act:
    """The human at the screen chose an action (already an ``Action`` object)."""

    action: rome.Action


@dataclass(frozen=True)
class Select:
    kind: str  # "" clears the selection


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class HandOver:
    """The next human confirms they hold the device."""


@dataclass(frozen=True)
class Tick:
    """A wait the model asked for has passed."""

    generation: int


@dataclass(frozen=True)
class Answer:
    """The AI's move (canonical text) for the game of ``generation``."""

    generation: int
    text: str


@dataclass(frozen=True)
class Thinking:
    generation: int
    text: str


@dataclass(frozen=True)
class Setting:
    """``pace`` (int ms), ``open_hands`` (bool) or ``theme`` (str) changed."""

    name: str
    value: Any


@dataclass(frozen=True)
class Panel:
    """Open or close an overlay: ``help``, ``detail`` (value: card key) or ``breakdown``."""

    name: str
    value: Any = None


@dataclass(frozen=True)
class Notice:
    text: str  # "" dismisses every notice


@dataclass(frozen=True)
class Leave:
    """Back to the new-game screen (the game stays saved)."""


@dataclass(frozen=True)
class AskHint:
    """The human to act pressed "Hint" (again: the shown hint closes)."""


@dataclass(frozen=True)
class HintAnswer:
    """The analysis asked for by :class:`Analyse`: ``(action text, value, loss, reason)``
    per move, best first; ``source`` says where it ran ("worker" or "page")."""

    generation: int
    moves: int
    suggestions: tuple[tuple[str, float, float, str], ...]
    source: str = "worker"


@dataclass(frozen=True)
class AskReview:
    """On the end screen: review ``seat``'s decisions (again: the shown review closes)."""

    seat: int


@dataclass(frozen=True)
class ReviewAnswer:
    """The review asked for by :class:`Review`: ``(ply, round, played, best, loss, reason)``
    per decision of ``seat``, in the order played."""

    generation: int
    seat: int
    lines: tuple[tuple[int, int, str, str, float | None, str], ...]
    source: str = "worker"


Event = Begin | Act | Select | Undo | HandOver | Tick | Answer | Thinking | Setting | Panel \
    | Notice | Leave | AskHint | HintAnswer | AskReview | ReviewAnswer


# -- effects --------------------------------------------------------------------------
@dataclass(frozen=True)
class Save:
    session: Session


@dataclass(frozen=True)
class Wait:
    """Dispatch ``Tick(generation)`` after ``ms``."""

    generation: int
    ms: int


@dataclass(frozen=True)
class Ask:
    """Ask the AI for ``seat``'s move after ``delay_ms``; answer with :class:`Answer`."""

    generation: int
    seat: int
    level: str
    seed: int
    delay_ms: int


@dataclass(frozen=True)
class Analyse:
    """Ask the AI worker for ``seat``'s best few moves (``rome.ai.analyse`` at ``level``)
    in the position after ``moves`` moves; answer with :class:`HintAnswer`."""

    generation: int
    moves: int
    seat: int
    level: str
    seed: int


@dataclass(frozen=True)
class Review:
    """Ask the AI worker to review ``seat``'s decisions in the finished game
    (``rome.ai.review`` at ``level``); answer with :class:`ReviewAnswer`."""

    generation: int
    seat: int
    level: str


@dataclass(frozen=True)
class Focus:
    """Move keyboard focus to the first element matching one of ``selectors``."""

    selectors: tuple[str, ...]


@dataclass(frozen=True)
class Travel:
    """After the render: the element ``card`` (a CSS selector) travels for ``ms`` from
    where ``source`` is drawn to its own place (the page skips it under
    ``prefers-reduced-motion: reduce`` or when either is not drawn)."""

    card: str
    source: str
    ms: int


@dataclass(frozen=True)
class Remember:
    """Store the settings (pace, theme, open hands) for the next visit."""

    settings: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class ShowForm:
    """Leave the table for the new-game screen."""


Effect = Save | Wait | Ask | Analyse | Review | Focus | Travel | Remember | ShowForm
Result = tuple[UiState, tuple[Effect, ...]]

FOCUS_HINT = ("#hint [data-hint]", '[data-ui="hint"]')
FOCUS_DECISION = ("#prompt [data-action]", "[data-select]", "[data-action]", "#prompt button",
                  "#prompt")
"""Where focus goes when a human is asked: a choice, wherever it is drawn, before the
prompt's other buttons (undo, hint), which need no focus to be found."""


def log_for(session: Session) -> tuple[log_view.LogEntry, ...]:
    """The whole game's log, rebuilt from the session (on resume or undo)."""
    names = [isolate_text(s.name) for s in session.seats]
    return tuple(
        log_view.LogEntry(i, session.actors[i], tuple(log_view.describe(
            session.states[i], text, session.states[i + 1], names)), session.auto[i])
        for i, text in enumerate(session.actions))


def settings_of(ui: UiState) -> Remember:
    return Remember((("pace", ui.pace), ("theme", ui.theme), ("open_hands", ui.open_hands)))


# -- the reducer ----------------------------------------------------------------------
def reduce(ui: UiState, event: Event) -> Result:
    """The next UI state and the effects to run, for any event in any state."""
    handler = _HANDLERS[type(event)]
    return handler(ui, event)


def _begin(ui: UiState, event: Begin) -> Result:
    fresh = replace(ui, session=event.session, selection="", notices=(), shown=None,
                    thinking="", generation=ui.generation + 1, log=log_for(event.session),
                    detail="", breakdown=None, help_open=False, hint_at=None, hints=(),
                    review_seat=None, review=None)
    nxt, effects = settle(fresh, delay_ms=0)
    return nxt, (Save(event.session), *effects)


def _act(ui: UiState, event: Act) -> Result:
    s = ui.session
    if s is None or ui.mode is not Mode.HUMAN:
        return ui, ()
    if event.action not in rome.sensible_actions(s.state):
        return ui, ()
    played = _play(ui, str(event.action), auto=False)
    nxt, effects = settle(played, delay_ms=ui.pace)
    return nxt, (Save(played.session), *effects)  # type: ignore[arg-type]


def _select(ui: UiState, event: Select) -> Result:
    if ui.mode is not Mode.HUMAN or ui.session is None:
        return ui, ()
    kind = "" if event.kind == ui.selection else event.kind
    builds = {a.kind for a in rome.sensible_actions(ui.session.state) if a.verb == "build"}
    if kind and kind not in builds:
        return ui, ()
    focus = ('[data-action^="build "]',) if kind else FOCUS_DECISION
    return replace(ui, selection=kind), (Focus(focus),)


def _undo(ui: UiState, event: Undo) -> Result:
    s = ui.session
    if s is None or ui.mode is not Mode.HUMAN:
        return ui, ()
    back = s.undone()
    if back is None:
        return ui, ()
    undone = replace(ui, session=back, selection="", generation=ui.generation + 1,
                     log=ui.log[:len(back.actions)], hint_at=None, hints=())
    nxt, effects = settle(undone, delay_ms=0)
    return nxt, (Save(back), *effects)


def _hand_over(ui: UiState, event: HandOver) -> Result:
    if ui.mode is not Mode.HANDOVER or ui.session is None:
        return ui, ()
    return replace(ui, mode=Mode.HUMAN, shown=ui.session.current), (Focus(FOCUS_DECISION),)


def _tick(ui: UiState, event: Tick) -> Result:
    s = ui.session
    if s is None or event.generation != ui.generation or ui.mode is not Mode.AUTOMATIC:
        return ui, ()
    forced = rome.automatic_action(s.state)
    if forced is None:  # cannot happen while AUTOMATIC; settle again to be safe
        return settle(ui, delay_ms=0)
    played = _play(ui, str(forced), auto=True)
    nxt, effects = settle(played, delay_ms=ui.pace)
    return nxt, (Save(played.session), *effects, *_travel(played))  # type: ignore[arg-type]


def _answer(ui: UiState, event: Answer) -> Result:
    s = ui.session
    if s is None or event.generation != ui.generation or ui.mode is not Mode.COMPUTER:
        return ui, ()
    try:
        rome.parse_legal(s.state, event.text)
    except rome.RomeError:
        note = f"The computer proposed {event.text!r}, which is not legal; it plays again."
        return replace(ui, notices=ui.notices + (note,)), ()
    played = _play(replace(ui, thinking=""), event.text, auto=False)
    nxt, effects = settle(played, delay_ms=ui.pace)
    return nxt, (Save(played.session), *effects, *_travel(played))  # type: ignore[arg-type]


def _thinking(ui: UiState, event: Thinking) -> Result:
    if event.generation != ui.generation or ui.mode is not Mode.COMPUTER:
        return ui, ()
    return replace(ui, thinking=event.text), ()


def _setting(ui: UiState, event: Setting) -> Result:
    if event.name == "pace":
        nxt = replace(ui, pace=max(0, min(5000, int(event.value))))
    elif event.name == "theme" and event.value in ("auto", "light", "dark"):
        nxt = replace(ui, theme=event.value)
    elif event.name == "open_hands":
        nxt = replace(ui, open_hands=bool(event.value))
        if nxt.open_hands and nxt.mode is Mode.HANDOVER:
            nxt, effects = settle(nxt, delay_ms=0)
            return nxt, (settings_of(nxt), *effects)
    else:
        return ui, ()
    return nxt, (settings_of(nxt),)


def _panel(ui: UiState, event: Panel) -> Result:
    if event.name == "help":
        opened = bool(event.value)
        focus = ("#help-close",) if opened else ('[data-ui="help"]', "#start-btn")
        return replace(ui, help_open=opened), (Focus(focus),)
    if event.name == "detail":
        key = str(event.value or "")
        return replace(ui, detail=key), ((Focus(("#detail-close",)),) if key else ())
    if event.name == "breakdown":
        seat = event.value if isinstance(event.value, int) else None
        if seat is not None and (ui.session is None or not 0 <= seat < len(ui.session.seats)):
            return ui, ()
        return replace(ui, breakdown=None if seat == ui.breakdown else seat), ()
    return ui, ()


def _notice(ui: UiState, event: Notice) -> Result:
    if not event.text:
        return replace(ui, notices=()), ()
    if event.text in ui.notices:
        return ui, ()
    return replace(ui, notices=ui.notices + (event.text,)), ()


def _leave(ui: UiState, event: Leave) -> Result:
    return replace(ui, session=None, mode=Mode.OVER, selection="", generation=ui.generation + 1,
                   log=(), thinking="", detail="", breakdown=None, hint_at=None, hints=(),
                   review_seat=None, review=None), \
        (ShowForm(),)


def _ask_hint(ui: UiState, event: AskHint) -> Result:
    """Ask the worker for the best few moves of the human to act; pressed again once
    shown, the hint closes; pressed while one is worked out, nothing more is asked."""
    s = ui.session
    if s is None or ui.mode is not Mode.HUMAN or s.current is None:
        return ui, ()
    moves = len(s.actions)
    if ui.hint_at == moves:
        if not ui.hints:
            return ui, ()  # still being worked out
        return replace(ui, hint_at=None, hints=()), (Focus(('[data-ui="hint"]',)),)
    return (replace(ui, hint_at=moves, hints=()),
            (Analyse(ui.generation, moves, s.current, HINT_LEVEL, s.seed * 1009 + moves),
             Focus(('[data-ui="hint"]',))))


def _hint_answer(ui: UiState, event: HintAnswer) -> Result:
    """Show the analysis if it is for the position on the table (else it is stale and
    dropped); moves the engine does not offer now are left out."""
    s = ui.session
    if (s is None or event.generation != ui.generation or ui.mode is not Mode.HUMAN
            or event.moves != len(s.actions) or ui.hint_at != event.moves):
        return ui, ()
    offered = rome.sensible_actions(s.state)
    kept = []
    for text, value, loss, why in event.suggestions:
        try:
            action = rome.parse_legal(s.state, text)
        except rome.RomeError:
            continue
        if action in offered and all(k.action != action for k in kept):
            kept.append(Suggestion(action, float(value), float(loss), str(why)))
    if not kept:
        return _notice(replace(ui, hint_at=None), Notice("No hint could be found for this move."))
    return replace(ui, hints=tuple(kept), hint_source=event.source), (Focus(FOCUS_HINT),)


def _ask_review(ui: UiState, event: AskReview) -> Result:
    """Review a human seat's decisions once the game is over; pressed again once shown,
    the review closes; pressed while it is worked out, nothing more is asked."""
    s = ui.session
    if (s is None or ui.mode is not Mode.OVER or not 0 <= event.seat < len(s.seats)
            or not s.seats[event.seat].human):
        return ui, ()
    if ui.review_seat == event.seat:
        if ui.review is None:
            return ui, ()  # still being worked out
        return replace(ui, review_seat=None, review=None), ()
    return (replace(ui, review_seat=event.seat, review=None),
            (Review(ui.generation, event.seat, REVIEW_LEVEL), Focus(("#review",))))


def _review_answer(ui: UiState, event: ReviewAnswer) -> Result:
    """Show the review if it is the one asked for (else it is stale and dropped); a line
    whose moves are not notation is left out."""
    s = ui.session
    if (s is None or event.generation != ui.generation or ui.mode is not Mode.OVER
            or ui.review_seat != event.seat or ui.review is not None):
        return ui, ()
    kept = []
    for ply, rnd, played, best, loss, why in event.lines:
        try:
            kept.append(Reviewed(int(ply), int(rnd), rome.Action.parse(played),
                                 rome.Action.parse(best), None if loss is None else float(loss),
                                 str(why)))
        except (rome.RomeError, TypeError, ValueError):
            continue
    return replace(ui, review=tuple(kept), review_source=event.source), (Focus(("#review",)),)


_HANDLERS: dict[type, Any] = {
    Begin: _begin, Act: _act, Select: _select, Undo: _undo, HandOver: _hand_over, Tick: _tick,
    Answer: _answer, Thinking: _thinking, Setting: _setting, Panel: _panel, Notice: _notice,
    Leave: _leave, AskHint: _ask_hint, HintAnswer: _hint_answer, AskReview: _ask_review,
    ReviewAnswer: _review_answer,
}


def _play(ui: UiState, text: str, auto: bool) -> UiState:
    """Apply one (legal) action and log it."""
    s = ui.session
    assert s is not None
    after = s.after(text, auto)
    names = [isolate_text(x.name) for x in s.seats]
    lines = tuple(log_view.describe(s.state, text, after.state, names))
    entry = log_view.LogEntry(len(s.actions), -1 if s.current is None else s.current, lines,
                              auto)
    return replace(ui, session=after, selection="", log=ui.log + (entry,), detail="",
                   hint_at=None, hints=())


def _travel(ui: UiState) -> tuple[Travel, ...]:
    """How a computer's last move is seen arriving: a building travels from its hand to
    its city cell, a card taken from the offer from that deck's row to the end of its hand
    (where the engine puts it). Nothing at the instant pace, which draws once a round."""
    s = ui.session
    assert s is not None
    if ui.pace <= 0 or not s.actions or s.seats[s.actors[-1]].human:
        return ()
    seat, last = s.actors[-1], rome.Action.parse(s.actions[-1])
    ms = min(TRAVEL_MS, ui.pace)
    if last.verb == "build":
        return (Travel(f'[data-pos="{seat}:{last.row},{last.col}"]',
                       f'[data-seat="{seat}"] .hand', ms),)
    if last.verb == "take":
        return (Travel(f'[data-seat="{seat}"] .hand > .card:last-child',
                       f'[data-deck="{last.deck}"] .deck-cards', ms),)
    return ()


def _round_changed(session: Session) -> bool:
    if len(session.states) < 2:
        return False
    before, after = session.states[-2], session.states[-1]
    return rome.observation(before, 0)["round"] != rome.observation(after, 0)["round"]


def settle(ui: UiState, delay_ms: int) -> Result:
    """Decide whom the table waits for now, and the effect that moves it on.

    ``delay_ms`` is the pause before a computer or forced move (the pace after another
    move); at the instant pace a round's end still pauses one frame so the table paints.
    """
    s = ui.session
    if s is None:
        return replace(ui, mode=Mode.OVER), ()
    if rome.is_over(s.state):
        return replace(ui, mode=Mode.OVER, thinking=""), (Focus(("#final [data-ui]",)),)
    if delay_ms <= 0 and _round_changed(s):
        delay_ms = ROUND_FRAME_MS
    cur = s.current
    assert cur is not None
    if rome.automatic_action(s.state) is not None:
        return replace(ui, mode=Mode.AUTOMATIC), (Wait(ui.generation, min(delay_ms,
                                                                          AUTO_PAUSE_MS)),)
    if s.seat_is_human(cur):
        humans = sum(1 for x in s.seats if x.human)
        if humans > 1 and not ui.open_hands and ui.shown != cur:
            return replace(ui, mode=Mode.HANDOVER, selection=""), (Focus(("#handover-ok",)),)
        return replace(ui, mode=Mode.HUMAN, shown=cur), (Focus(FOCUS_DECISION),)
    if delay_ms > 0 and s.actions and s.actors[-1] == cur:  # its turn goes on
        delay_ms = max(int(delay_ms * FOLLOW_ON), min(delay_ms, TRAVEL_MS))
    elif delay_ms > 0 and s.actions and s.auto[-1]:  # a forced move has paused already
        delay_ms = max(delay_ms - AUTO_PAUSE_MS, min(delay_ms, TRAVEL_MS))
    seat = s.seats[cur]
    return (replace(ui, mode=Mode.COMPUTER, thinking=""),
            (Ask(ui.generation, cur, seat.level, s.seed * 1009 + len(s.actions), delay_ms),))


def needs_render(before: UiState, after: UiState) -> bool:
    """Render after this event?  Always, except at the instant pace, where the moves of
    computers and forced moves are drawn once per round (and whenever a human is asked)."""
    if after.pace > 0 or before.session is None or after.session is None:
        return True
    quiet = (Mode.AUTOMATIC, Mode.COMPUTER)
    if after.mode not in quiet or before.mode not in quiet:
        return True
    if before.session is after.session:
        return True
    return _round_changed(after.session)
