"""How the game moves on between decisions: whom the table waits for after each move, how
long it pauses, what is saved and logged, and when the page must draw.

Why apart from the handlers: every event that changes the game ends here (``settle``), so
the pace rules of issue 13 and the instant pace's drawing live in one place.
"""

from __future__ import annotations

from dataclasses import replace

import rome
from ui.model import forced, log
from ui.model.effects import Ask, Count, Focus, KeepTutorial, Result, Save, Travel, Wait
from ui.model.messages import Message, unsaid
from ui.model.state import Mode, UiState, Writer
from ui.saves.record import finished
from ui.saves.session import Session
from ui.tutorial.marks import TARGET
from ui.words.names import isolate_text

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
FOCUS_BY_VERB = {
    "draft": ("#prompt [data-action]",), "keep": ("#prompt [data-action]",),
    "school": ("#prompt [data-action]",), "place": ('[data-action^="place "]',),
    "take": ('[data-action^="take "]',), "build": ("[data-select]",),
    "produce": ('[data-action="produce"]',),
}
"""Where each verb's choices are drawn, in the order a player meets them."""
FOCUS_FALLBACK = ("#prompt",)
"""The prompt itself (it reads what is asked): never "End turn", one Enter from ending
the turn by accident; one Tab from the prompt reaches it."""


def decision_focus(state: rome.GameState) -> tuple[str, ...]:
    """Where focus goes when a human is asked: the first choice that moves the game on
    (a card to keep, a space, a card to take, a card to build, produce), never a button
    that ends the turn, which a keyboard player must reach on purpose."""
    verbs = {a.verb for a in rome.sensible_actions(state)}
    out: tuple[str, ...] = ()
    for verb, selectors in FOCUS_BY_VERB.items():
        if verb in verbs:
            out += selectors
    return out + FOCUS_FALLBACK


def course_focus(ui: UiState) -> tuple[str, ...]:
    """Where focus goes first while a course runs: the control it asks for (issue 41)."""
    return (f"[{TARGET}]",) if ui.tutorial is not None else ()


def log_for(session: Session, kept: tuple[log.LogEntry, ...] = (),
            before: Session | None = None) -> tuple[log.LogEntry, ...]:
    """The whole game's log, rebuilt from the session (on resume or undo); the entries
    ``kept`` of the game ``before`` are reused as far as its moves are the same."""
    same = 0
    if before is not None and (before.seats, before.seed, before.shrine) \
            == (session.seats, session.seed, session.shrine):
        limit = min(len(kept), len(before.actions), len(session.actions))
        while same < limit and before.actions[same] == session.actions[same]:
            same += 1
    names = [isolate_text(s.name) for s in session.seats]
    return kept[:same] + tuple(
        log.entry(i, session.actors[i], session.states[i], session.actions[i],
                       session.states[i + 1], names, session.auto[i])
        for i in range(same, len(session.actions)))


def saving(ui: UiState, session: Session) -> tuple[Save | KeepTutorial | Count, ...]:
    """The save after a move: into the game's slot, by the one tab that holds it (a save
    refused earlier is tried again at every move); a course's game under its own key. A
    finished game is then counted in the record of games, by that tab, once."""
    if ui.tutorial is not None:  # a course (issue 41): never a save slot, a lesson no save
        return (KeepTutorial(session, ui.tutorial),) if ui.tutorial.kept else ()
    if ui.slot is None or ui.writer is not Writer.HERE:
        return ()
    game = finished(session) if ui.record is not None else None
    if game is None or ui.record is None or game.key in ui.record.counted:
        return (Save(session, ui.slot),)
    return (Save(session, ui.slot), Count(game))


def play(ui: UiState, text: str, auto: bool) -> UiState:
    """Apply one (legal) action and log it."""
    s = ui.session
    assert s is not None
    after = s.after(text, auto)
    names = [isolate_text(x.name) for x in s.seats]
    entry = log.entry(len(s.actions), -1 if s.current is None else s.current, s.state,
                           text, after.state, names, auto)
    return replace(ui, session=after, selection="", log=ui.log + (entry,), detail="",
                   hint_at=None, hints=())


def played(ui: UiState, text: str, auto: bool) -> Result:
    """Play ``text``, save, settle after the pace; a computer's or forced move is seen
    travelling (a human's own move is not: they made it)."""
    after = play(ui, text, auto)
    assert after.session is not None
    nxt, effects = settle(after, delay_ms=ui.pace)
    return nxt, (*saving(nxt, after.session), *effects, *travel(after))


def travel(ui: UiState) -> tuple[Travel, ...]:
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
    return bool(rome.observation(before, 0)["round"] != rome.observation(after, 0)["round"])


def settle(ui: UiState, delay_ms: int) -> Result:
    """Decide whom the table waits for now, and the effect that moves it on.

    ``delay_ms`` is the pause before a computer or forced move (the pace after another
    move); at the instant pace a round's end still pauses one frame so the table paints.
    """
    s = ui.session
    if s is None:
        return replace(ui, mode=Mode.OVER), ()
    ui = replace(ui, messages=forced.saying(ui.messages, s))  # nothing happens silently
    asked = course_focus(ui)
    if rome.is_over(s.state):
        return replace(ui, mode=Mode.OVER, thinking=""), (Focus((*asked, "#final [data-ui]")),)
    if ui.writer is not Writer.HERE:  # another tab plays it: this one waits, shows, says so
        return replace(ui, mode=Mode.ELSEWHERE, thinking="", selection=""), ()
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
        return replace(ui, mode=Mode.HUMAN, shown=cur), (Focus(asked + decision_focus(s.state)),)
    if delay_ms > 0 and s.actions and s.actors[-1] == cur:  # its turn goes on
        delay_ms = max(int(delay_ms * FOLLOW_ON), min(delay_ms, TRAVEL_MS))
    elif delay_ms > 0 and s.actions and s.auto[-1]:  # a forced move has paused already
        delay_ms = max(delay_ms - AUTO_PAUSE_MS, min(delay_ms, TRAVEL_MS))
    if ui.tutorial is not None:  # a course's other seats replay its record (issue 41)
        return replace(ui, mode=Mode.COMPUTER, thinking=""), (Wait(ui.generation, delay_ms),)
    seat = s.seats[cur]
    return (replace(ui, mode=Mode.COMPUTER, thinking=""),
            (Ask(ui.generation, cur, seat.level, s.seed * 1009 + len(s.actions), delay_ms),))


def needs_render(before: UiState, after: UiState) -> bool:
    """Render after this event?  Always, except at the instant pace, where the moves of
    computers and forced moves are drawn once per round (and whenever a human is asked or
    the message area changes), and when only the rules dialog changed, its About line's
    report of the AI worker included (the painter draws it apart), and when the event
    changed nothing (the same state: a save's answer, heard after every move)."""
    if before is after:
        return False
    if before != after and replace(before, help_open=after.help_open,
                                   help_filter=after.help_filter,
                                   help_back=after.help_back, worker=after.worker) == after:
        return False
    if after.pace > 0 or before.session is None or after.session is None \
            or _lasting(before.messages) != _lasting(after.messages):
        return True
    quiet = (Mode.AUTOMATIC, Mode.COMPUTER)
    if after.mode not in quiet or before.mode not in quiet:
        return True
    if before.session is after.session:
        return True
    return _round_changed(after.session)


def _lasting(messages: tuple[Message, ...]) -> tuple[Message, ...]:
    """The messages that must be drawn as soon as they change: all but the forced moves',
    which change with every forced move and are drawn with the next render (at the instant
    pace, the round's or the human's)."""
    return unsaid(messages, forced.KIND)
