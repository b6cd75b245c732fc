"""The table's message area: what the table must say, and keep saying until it is no
longer true, in one place at every size.

Why a tuple in the UI state rather than notices: a notice is said once and may be
dismissed; a message stands for a state of the page (this game is not being saved, another
tab plays it) and goes only when that state ends, so the player can never miss that the
page stopped doing something it normally does. Each concern says its sentence under a
kind of its own (:func:`said` replaces that kind's earlier sentence, :func:`unsaid` takes
it back); ``ui/render/messages.py`` draws them, in the order of :data:`KINDS`, in the
table's message area, each kind in a line of its own so that a screen reader hears only
the line that changed.

Adding a kind is one line of :data:`KINDS`; its words, and the control that goes with
them (a ``data-ui`` command that ``ui/shell/input.py`` turns into an event), belong to the
handler that says it.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS: tuple[str, ...] = (
    "tab",  # another tab plays this game: here it is only shown (ui/model/tabs.py)
    "unsaved",  # the game is not being saved (ui/model/page.py: saved)
    "worker",  # the computers' worker failed, or a decision was cut short (ui/model/page.py)
    "auto",  # moves the table played for someone since a human decided (ui/model/forced.py)
    # -- hot-seat and the phone (issue 40) --------------------------------------------
    "reveal",  # opening the hands mid-game waits for a yes (ui/model/page.py: setting)
    "turn",  # a turn or the end came while the player looks elsewhere (ui/model/turn.py)
    # -- end of hot-seat and the phone ------------------------------------------------
)
"""Every kind of message, in the order the message area shows them."""

WORKER = "worker"
"""The kind said by the worker's words (``ui.model.page.worker_said``) and taken back by
the next human decision (``ui.model.game.act``)."""


@dataclass(frozen=True)
class Control:
    """A button beside a message: its label and the ``data-ui`` command it sends."""

    label: str
    command: str


@dataclass(frozen=True)
class Message:
    """One line of the message area: its kind (one of :data:`KINDS`), its sentence, and
    the control that answers it, if any (``cancel``: a second one that declines, for a
    question)."""

    kind: str
    words: str
    control: Control | None = None
    cancel: Control | None = None


def said(messages: tuple[Message, ...], message: Message) -> tuple[Message, ...]:
    """``messages`` saying ``message`` too, in place of its kind's earlier one."""
    if message.kind not in KINDS:
        raise ValueError(f"unknown message kind {message.kind!r}: add it to KINDS")
    rest = [m for m in messages if m.kind != message.kind]
    return tuple(sorted([*rest, message], key=lambda m: KINDS.index(m.kind)))


def unsaid(messages: tuple[Message, ...], *kinds: str) -> tuple[Message, ...]:
    """``messages`` without those of ``kinds``."""
    return tuple(m for m in messages if m.kind not in kinds)
