"""Everything that can change the page: a click, a key, a timer, the AI's answer, a
storage outcome. The page turns each into one of these and hands it to the reducer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rome
from ui.saves.session import Seat, Session


# -- the game on the table ------------------------------------------------------------
@dataclass(frozen=True)
class Begin:
    """A game is put on the table (new, resumed or a rematch), saving to ``slot``."""

    session: Session
    slot: str | None = None


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


# -- hints and reviews ----------------------------------------------------------------
@dataclass(frozen=True)
class AskHint:
    """The human to act pressed "Hint" (again: the shown hint closes)."""


Hinted = tuple[str, float, float, str, str, str]
"""One move of a hint as the worker sends it: (action text, value, loss, reason, words, why)."""


@dataclass(frozen=True)
class HintAnswer:
    """The analysis asked for by ``Analyse``: a :data:`Hinted` per move, best first;
    ``source`` says where it ran ("worker" or "page")."""

    generation: int
    moves: int
    suggestions: tuple[Hinted, ...]
    source: str = "worker"


@dataclass(frozen=True)
class AskReview:
    """On the end screen: review ``seat``'s decisions (again: the shown review closes)."""

    seat: int


@dataclass(frozen=True)
class ReviewAnswer:
    """The review asked for by ``Review``: ``(ply, round, played, best, loss, reason)``
    per decision of ``seat``, in the order played."""

    generation: int
    seat: int
    lines: tuple[tuple[int, int, str, str, float | None, str], ...]
    source: str = "worker"


# -- the page around the game ---------------------------------------------------------
@dataclass(frozen=True)
class Setting:
    """``pace`` (int ms), ``open_hands`` (bool) or ``theme`` (str) changed; ``remember``:
    store it for the next visit (an address's pace is for this visit only)."""

    name: str
    value: Any
    remember: bool = True


@dataclass(frozen=True)
class Panel:
    """Open or close an overlay: ``help`` (value: True at its top, a section's id of
    ``ui.render.rules.anchors`` at that section, False closed), ``detail`` (value: card
    key) or ``breakdown``; ``back``: a selector of the element that opened it, focused
    again when it closes."""

    name: str
    value: Any = None
    back: str = ""


@dataclass(frozen=True)
class Notice:
    text: str  # "" dismisses every notice


@dataclass(frozen=True)
class Leave:
    """Back to the new-game screen (the game stays saved)."""


@dataclass(frozen=True)
class OpenForm:
    """Show the new-game screen, saying ``notice``, its seats filled with ``seats`` (else
    the game's on the table, if any)."""

    notice: str = ""
    seats: tuple[Seat, ...] | None = None


@dataclass(frozen=True)
class Tab:
    """On a phone, the player tapped the tab ``name``: it stays until the next prompt."""

    name: str


@dataclass(frozen=True)
class TabShown:
    """The render showed tab ``name`` for the prompt ``prompt`` (``ui.render.phone``
    decides; the state remembers it, so the next render knows when the prompt changes)."""

    name: str
    prompt: tuple[object, ...]


# -- the rules dialog (issue 41) ------------------------------------------------------
@dataclass(frozen=True)
class RulesFilter:
    """The rules dialog's filter box now reads ``text`` (as typed: the reducer bounds it)."""

    text: str


# -- end of the rules dialog ----------------------------------------------------------


# -- storage --------------------------------------------------------------------------
@dataclass(frozen=True)
class Saved:
    """The outcome of a ``Save``: ``ok``, else ``conflict`` (another tab changed the slot)
    or ``problem`` (why storage refused, a sentence)."""

    ok: bool
    conflict: bool = False
    problem: str = ""


@dataclass(frozen=True)
class OtherTab:
    """Another tab changed the storage slot ``slot`` since this page last read or wrote it."""

    slot: str


@dataclass(frozen=True)
class Overwrite:
    """The player chose to overwrite the other tab's game with this tab's."""


Event = Begin | Act | Select | Undo | HandOver | Tick | Answer | Thinking | Setting | Panel \
    | Notice | Leave | AskHint | HintAnswer | AskReview | ReviewAnswer | OpenForm | Tab \
    | TabShown | Saved | OtherTab | Overwrite | RulesFilter
