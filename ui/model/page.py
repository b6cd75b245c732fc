"""The reducer's half for the page around the game: settings, overlays, notices, the
phone's tabs, the new-game screen, and what storage answered (other tabs: ``tabs``)."""

from __future__ import annotations

from dataclasses import replace

import rome
from ui.model import newgame, turn
from ui.model.effects import (
    AsTyped,
    Effect,
    Focus,
    KeepTutorial,
    Release,
    Remember,
    Result,
    ShowForm,
    StartGame,
)
from ui.model.events import (
    FormInput,
    FormListed,
    Leave,
    Notice,
    OpenForm,
    Panel,
    Reveal,
    RulesFilter,
    Saved,
    Setting,
    Start,
    Tab,
    ToChoices,
    WorkerReported,
    WorkerSaid,
)
from ui.model.flow import course_focus, decision_focus, settle
from ui.model.messages import WORKER, Control, Message, said, unsaid
from ui.model.state import HELP_FILTER_MAX, PHONE_TABS, Mode, Preparation, UiState, Writer
from ui.saves.refusal import DOWNLOAD
from ui.words import anchors

DOWNLOAD_GAME = Control(DOWNLOAD, "download")
LEAVE_ANYWAY = Control("Leave without it", "leave-anyway")
UNSAVED_LEAVING = "Leaving now loses it: download it first to play it on later."
"""What "New game" asks while the game is not saved (:func:`leave`), after the reason."""


def leaving_asked(message: Message) -> Message:
    """The message of a game not saved, asking before the table is left."""
    return replace(message, words=f"{message.words} {UNSAVED_LEAVING}", cancel=LEAVE_ANYWAY)


def noticed(ui: UiState, text: str) -> UiState:
    """``ui`` saying ``text`` too (once: a notice already shown is not repeated)."""
    return ui if text in ui.notices else replace(ui, notices=ui.notices + (text,))


def settings_of(ui: UiState) -> Remember:
    return Remember((("pace", ui.pace), ("theme", ui.theme), ("open_hands", ui.open_hands)))


def setting(ui: UiState, event: Setting) -> Result:
    effects: tuple[Effect, ...] = ()
    if event.name == "pace":
        nxt = replace(ui, pace=max(0, min(5000, int(event.value))))
    elif event.name == "theme" and event.value in ("auto", "light", "dark"):
        nxt = replace(ui, theme=event.value)
    elif event.name == "open_hands":
        return open_hands(ui, bool(event.value), event.remember)
    else:
        return ui, ()
    return nxt, ((settings_of(nxt),) if event.remember else ()) + effects


def panel(ui: UiState, event: Panel) -> Result:
    if event.name == "help":
        return rules_panel(ui, event)
    if event.name == "detail":
        key = str(event.value or "")
        if key:
            return (replace(ui, detail=key, detail_back=event.back or ui.detail_back),
                    (Focus(("#detail-close",)),))
        back = (ui.detail_back,) if ui.detail_back and ui.detail else ()
        return replace(ui, detail="", detail_back=""), ((Focus(back),) if back else ())
    if event.name == "breakdown":
        seat = event.value if isinstance(event.value, int) else None
        if seat is not None and (ui.session is None or not 0 <= seat < len(ui.session.seats)):
            return ui, ()
        return replace(ui, breakdown=None if seat == ui.breakdown else seat), ()
    return ui, ()


# -- the rules dialog (issue 41) ------------------------------------------------------
def rules_panel(ui: UiState, event: Panel) -> Result:
    """Open the rules at their top (``True``) or at a section (its id, when it is one of
    ``ui.words.anchors``; any other text opens the top), or close them (a false
    value). Each opening shows every section (the filter is emptied, or it might hide
    the one asked for) and scrolls the one asked for to the top; closing gives focus back
    to what opened them."""
    if not event.value:
        again = (ui.help_back,) if ui.help_back else ()
        return (replace(ui, help_open=False, help_back=""),
                (Focus((*again, '[data-ui="help"]', "#start-btn")),))
    at = event.value if isinstance(event.value, str) and event.value in anchors.ANCHORS \
        else anchors.TOP
    back = ui.help_back if ui.help_open else event.back
    return (replace(ui, help_open=True, help_filter="", help_back=back),
            (Focus((anchors.heading(at),), top=True),))


def rules_filter(ui: UiState, event: RulesFilter) -> Result:
    """The filter as typed, bounded (only while the dialog is open)."""
    text = str(event.text)[:HELP_FILTER_MAX]
    if not ui.help_open or text == ui.help_filter:
        return ui, ()
    return replace(ui, help_filter=text), ()


# -- end of the rules dialog ----------------------------------------------------------


# -- hot-seat and the phone (issue 40) ------------------------------------------------
REVEAL_ASKED = Message(
    "reveal", "Show every player's hand face up to everyone at this screen?",
    Control("Show every hand", "reveal-hands"), Control("Keep hands hidden", "keep-hands"))
"""The question "Open hands" asks during a game of several humans: one click on a box in
the header must not show every hand."""
HANDS_OPENED = "Hands opened: from here on every hand is face up at this screen."
HANDS_HIDDEN = "Hands hidden again: each player's hand shows after the hand-over."


def hands_hidden(ui: UiState) -> bool:
    """Are hands hidden from one another on this table: a game of several humans, on?"""
    s = ui.session
    return s is not None and sum(x.human for x in s.seats) > 1 and not rome.is_over(s.state)


def open_hands(ui: UiState, want: bool, remember: bool) -> Result:
    """"Open hands" ticked or unticked: opening them during a game of several humans asks
    first (the message area's question, answered by ``Reveal``); unticking it while asked
    takes the question back."""
    asking = any(m.kind == "reveal" for m in ui.messages)
    if want and not ui.open_hands and hands_hidden(ui):
        if asking:
            return ui, ()
        return (replace(ui, messages=said(ui.messages, REVEAL_ASKED)),
                (Focus(('#message-reveal [data-ui="keep-hands"]',)),))
    if want == ui.open_hands:
        return (replace(ui, messages=unsaid(ui.messages, "reveal")), ()) if asking else (ui, ())
    return hands_set(ui, want, remember)


def hands_set(ui: UiState, want: bool, remember: bool) -> Result:
    """The hands opened or hidden again; during a game of several humans the log says so."""
    nxt = replace(ui, open_hands=want, messages=unsaid(ui.messages, "reveal"))
    if ui.session is not None and hands_hidden(ui):
        note = (len(ui.session.actions), HANDS_OPENED if want else HANDS_HIDDEN)
        nxt = replace(nxt, log_notes=nxt.log_notes + (note,))
    effects: tuple[Effect, ...] = ()
    if want and nxt.mode is Mode.HANDOVER:
        nxt, effects = settle(nxt, delay_ms=0)
    return nxt, ((settings_of(nxt),) if remember else ()) + effects


def reveal(ui: UiState, event: Reveal) -> Result:
    """The answer to :data:`REVEAL_ASKED` (nothing when it is not asked any more)."""
    if not any(m.kind == "reveal" for m in ui.messages):
        return ui, ()
    if not event.yes:
        return replace(ui, messages=unsaid(ui.messages, "reveal")), (Focus(("#open-hands",)),)
    nxt, effects = hands_set(ui, True, True)
    if not any(isinstance(e, Focus) for e in effects):
        effects += (Focus(("#open-hands",)),)
    return nxt, effects


def to_choices(ui: UiState, event: ToChoices) -> Result:
    """The announced tab (``turn``), chosen from the message area: focus on its first choice."""
    tab_ = turn.where(ui)
    if tab_ is None or ui.session is None:
        return ui, ()
    focus = ("#final [data-ui]",) if tab_ == "final" else decision_focus(ui.session.state)
    return (replace(ui, tab=tab_, tab_settled=True, messages=unsaid(ui.messages, "turn")),
            (Focus((*course_focus(ui), *focus)),))


# -- end of hot-seat and the phone ----------------------------------------------------


def notice(ui: UiState, event: Notice) -> Result:
    if not event.text:
        return replace(ui, notices=()), ()
    return noticed(ui, event.text), ()


def worker_said(ui: UiState, event: WorkerSaid) -> Result:
    """The worker's line of the message area: each sentence replaces the one before (a
    restart's "restarting…" by its "restarted"), so what stands is always true; it stays
    until the next human decision (``ui.model.game.act``) or a later word of the worker."""
    messages = (said(ui.messages, Message(WORKER, event.text)) if event.text
                else unsaid(ui.messages, WORKER))
    return replace(ui, messages=messages), ()


def worker_reported(ui: UiState, event: WorkerReported) -> Result:
    """The About line's report of the AI worker: its words, then its first answer or why
    it is not ready."""
    was = ui.worker
    now = replace(was, words=event.words or was.words,
                  ready=was.ready or event.legal_count is not None,
                  legal_count=was.legal_count if event.legal_count is None else event.legal_count,
                  error=event.error or was.error)
    return (ui if now == was else replace(ui, worker=now)), ()


def leave(ui: UiState, event: Leave) -> Result:
    """Off the table (the game stays saved) and on to the new-game screen. A game that
    could not be saved but can be downloaded is never dropped in one click: the message
    area asks first, with the download beside "Leave without it"."""
    unsaved = next((m for m in ui.messages if m.kind == "unsaved"), None)
    if (not event.anyway and ui.save_failed and unsaved is not None
            and unsaved.control == DOWNLOAD_GAME and ui.session is not None):
        if unsaved.cancel == LEAVE_ANYWAY:  # asked already: the way out, again
            return ui, (Focus(('#message-unsaved [data-ui="leave-anyway"]',)),)
        return (replace(ui, messages=said(ui.messages, leaving_asked(unsaved))),
                (Focus(('#message-unsaved [data-ui="download"]',)),))
    left = replace(off_table(ui), selection="", log=(), thinking="", detail="",
                   breakdown=None, hint_at=None, hints=(), review_seat=None, review=None,
                   review_turning=(), review_cities=None)
    form, effects = open_form(left, OpenForm())
    return form, (*letting_go(ui), *effects)


def open_form(ui: UiState, event: OpenForm) -> Result:
    """The new-game screen says every notice held so far; its seats default to those of
    the game on the table, else of the last one put there (issue 40: "New game" keeps the
    seats, names and levels), and that game stops (its timers see a new generation)."""
    s = ui.session
    own = s is not None and ui.tutorial is None  # a course's seats are not the player's
    seats = event.seats or (tuple(s.seats) if s and own else ui.last_seats) or None
    form = ShowForm(" ".join(n for n in (event.notice, *ui.notices) if n), seats,
                    s.shrine if s and own else ui.last_shrine)
    return replace(off_table(ui), notices=(), carried=()), (*letting_go(ui), form)


def form_listed(ui: UiState, event: FormListed) -> Result:
    """The screen opens, its values from the seats it was opened with (``form_for``)."""
    if ui.session is not None:  # a game was put on the table meanwhile
        return ui, ()
    return (replace(ui, form=newgame.form_for(event.seats, event.shrine, event.notice,
                                              event.games)),
            (Focus(("[data-ui=resume-slot]", "#start-btn")),))  # its first choice


def form_input(ui: UiState, event: FormInput) -> Result:
    """A field changed: kept. A seat's menu changes what its name box suggests, so the
    screen is drawn again around it; anything else the page already shows."""
    if ui.form is None:
        return ui, ()
    form = newgame.edited(ui.form, event.field, event.value)
    if form == ui.form:
        return ui, (AsTyped(),)
    if event.field.startswith("seat-kind-"):
        return replace(ui, form=form), (Focus((f"#{event.field}",)),)
    return replace(ui, form=form), (AsTyped(),)


def start(ui: UiState, event: Start) -> Result:
    """The game the screen asks for, or the screen again saying why not (the values the
    player gave stay)."""
    if ui.form is None:
        return ui, ()
    try:
        seats, seed = newgame.chosen(ui.form)
    except ValueError as exc:
        return replace(ui, form=replace(ui.form, notice=str(exc))), (Focus(("#start-btn",)),)
    return ui, (StartGame(tuple(seats), seed, ui.form.shrine),)


def off_table(ui: UiState) -> UiState:
    """No game on the table any more (its timers see a new generation)."""
    if ui.session is None:
        return ui
    return replace(ui, session=None, mode=Mode.OVER, generation=ui.generation + 1,
                   writer=Writer.HERE, tutorial=None, preparation=Preparation(),
                   messages=unsaid(ui.messages, "tab", "unsaved", "auto"))


def letting_go(ui: UiState) -> tuple[Effect, ...]:
    """The slot of the game on the table, let go so that another tab may take it at once
    (a course's game is kept as it is, off the table: "Learn to play" goes on with it)."""
    if ui.session is not None and ui.tutorial is not None:
        return (KeepTutorial(ui.session, ui.tutorial, on=False),)
    if ui.session is None or ui.slot is None or ui.writer is not Writer.HERE:
        return ()
    return (Release(ui.slot),)


def tab(ui: UiState, event: Tab) -> Result:
    """The player's own pick: it stays until they pick another (``turn``); the tab that an
    announcement pointed at, once shown, ends it."""
    if event.name not in PHONE_TABS:
        return ui, ()
    nxt = replace(ui, tab=event.name, tab_settled=True)
    if event.name == turn.where(ui):
        nxt = replace(nxt, messages=unsaid(nxt.messages, "turn"))
    return nxt, (Focus((*course_focus(ui), f'[data-tab="{event.name}"]')),)


def saved(ui: UiState, event: Saved) -> Result:
    """A refused save becomes a message that lasts until a save succeeds (every move tries
    again), with the game's download where the page can offer it: never a silent loss."""
    if event.ok:
        if not ui.save_failed and all(m.kind != "unsaved" for m in ui.messages):
            return ui, ()  # saved as the last one was: nothing to draw
        return replace(ui, save_failed=False, messages=unsaid(ui.messages, "unsaved")), ()
    said_ = Message("unsaved", event.problem, DOWNLOAD_GAME if event.download else None)
    if event.download and any(m.kind == "unsaved" and m.cancel == LEAVE_ANYWAY
                              for m in ui.messages):
        said_ = leaving_asked(said_)  # a save refused again while "New game" asks
    return replace(ui, save_failed=True, messages=said(ui.messages, said_)), ()
