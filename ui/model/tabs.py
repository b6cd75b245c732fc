"""The reducer's half for other tabs: one tab at a time plays and saves a game.

Why: two tabs that both saved one slot overwrote each other's moves, and the old guard
(stop saving once the slot changed elsewhere) fired when a second tab merely opened the
game, then stopped saving without a word. Now a tab holds the slot of the game on its
table (``Claim``: a Web Lock, or the other tabs' word; ``ui/shell/tabs.py``) before it
plays or saves; a tab that does not hold it shows the game, follows the other tab's saves
and says so in the message area with "Play here". Taking over asks the holder to save and
hand its game over (what it has, saved or not) before it lets go, so no move is lost.
"""

from __future__ import annotations

from dataclasses import replace

from ui.model.effects import Claim, Follow, Release, Result
from ui.model.events import Claimed, Followed, Lost, OtherTab, TakeOver, Wanted
from ui.model.flow import log_for, saving, settle
from ui.model.messages import Control, Message, said, unsaid
from ui.model.state import Mode, Preparation, UiState, Writer

PLAY_HERE = Control("Play here", "play-here")
OPEN_ELSEWHERE = ("This game is open in another tab, which plays and saves it; this tab "
                  "only shows it.")
TAKEN = ("This game is now played in another tab, which saves it; this tab only shows it "
         "and no longer saves it.")
TAKING = "Taking this game over from the other tab…"
WATCHING = (Writer.ELSEWHERE, Writer.TAKEN)
"""The states in which the table shows another tab's game and offers "Play here"."""


def watching(ui: UiState, writer: Writer) -> UiState:
    """``ui`` showing the game without playing or saving it, and saying so; the timers
    and answers under way are dropped (a new generation)."""
    words = TAKEN if writer is Writer.TAKEN else OPEN_ELSEWHERE
    return replace(ui, writer=writer, mode=Mode.ELSEWHERE, generation=ui.generation + 1,
                   thinking="", selection="", hint_at=None, hints=(),
                   messages=said(ui.messages, Message("tab", words, PLAY_HERE)))


def claimed(ui: UiState, event: Claimed) -> Result:
    """The answer to a claim: play (from the game handed over or stored, which may be
    ahead of the one shown) and save, or show the other tab's game."""
    if event.slot != ui.slot or ui.session is None or ui.writer not in (Writer.ASKING,
                                                                        Writer.TAKING):
        # held for a game no longer on this table: let it go at once
        return ui, ((Release(event.slot),) if event.held else ())
    if not event.held:
        return watching(ui, Writer.ELSEWHERE), ()
    here = replace(ui, writer=Writer.HERE, messages=unsaid(ui.messages, "tab"))
    latest = event.session
    if latest is not None and latest.actions != ui.session.actions:
        here = replace(here, session=latest, generation=ui.generation + 1, selection="",
                       log=log_for(latest, ui.log, ui.session), hint_at=None, hints=(),
                       shown=None, preparation=Preparation())
    nxt, effects = settle(here, delay_ms=0)
    assert nxt.session is not None
    return nxt, (*saving(nxt, nxt.session), *effects)


def wanted(ui: UiState, event: Wanted) -> Result:
    """Another tab asked for this game: save it (once more: a save refused earlier is
    tried again), let it go with the game as it is here, and show it from then on."""
    if event.slot != ui.slot or ui.session is None or ui.writer is not Writer.HERE:
        return ui, ()
    return watching(ui, Writer.TAKEN), (*saving(ui, ui.session),
                                        Release(event.slot, ui.session))


def lost(ui: UiState, event: Lost) -> Result:
    if event.slot != ui.slot or ui.writer is not Writer.HERE:
        return ui, ()
    return watching(ui, Writer.TAKEN), ()


def take_over(ui: UiState, event: TakeOver) -> Result:
    """"Play here": ask for the game (the holder saves and hands it over)."""
    if ui.session is None or ui.slot is None or ui.writer not in WATCHING:
        return ui, ()
    return (replace(ui, writer=Writer.TAKING,
                    messages=said(ui.messages, Message("tab", TAKING))),
            (Claim(ui.slot, take=True),))


def other_tab(ui: UiState, event: OtherTab) -> Result:
    """Another tab saved this game: read it again to show its moves. Not while this tab
    has moves of its own that storage refused: they stay on screen, to be downloaded."""
    if event.slot != ui.slot or ui.writer not in WATCHING or ui.save_failed:
        return ui, ()
    return ui, (Follow(event.slot),)


def followed(ui: UiState, event: Followed) -> Result:
    s = ui.session
    if event.slot != ui.slot or s is None or ui.writer not in WATCHING \
            or event.session.actions == s.actions:
        return ui, ()
    return settle(replace(ui, session=event.session, log=log_for(event.session, ui.log, s),
                          detail="", breakdown=None), delay_ms=0)
