"""What the reducer asks the page to do: effects are values, so the reducer stays pure and
every decision is tested on CPython; the page (``ui.shell``) only runs them."""

from __future__ import annotations

from dataclasses import dataclass

from ui.model.state import UiState
from ui.saves.record import Finished
from ui.saves.save import SettingValue
from ui.saves.session import Seat, Session
from ui.tutorial.course import Tutorial


@dataclass(frozen=True)
class Save:
    """Store ``session`` in ``slot``; answer with ``Saved``."""

    session: Session
    slot: str


@dataclass(frozen=True)
class Claim:
    """Hold ``slot``, so that only this tab saves it; answer with ``Claimed``.

    ``take=False``: only if no other tab holds it. ``take=True`` ("Play here"): ask the tab
    that holds it to save and hand it over (``Wanted`` there), and take it anyway if that
    tab does not answer in time (``Lost`` there)."""

    slot: str
    take: bool = False


@dataclass(frozen=True)
class Release:
    """Let go of ``slot`` (after the save that precedes it); ``session``: the game as this
    tab has it, handed to the tab that asked for it (None: nobody asked)."""

    slot: str
    session: Session | None = None


@dataclass(frozen=True)
class Follow:
    """Read ``slot`` again, another tab having saved it; answer with ``Followed``."""

    slot: str


@dataclass(frozen=True)
class Wait:
    """Dispatch ``Tick(generation)`` after ``ms``."""

    generation: int
    ms: int


@dataclass(frozen=True)
class Ask:
    """Ask the AI for ``seat``'s move after ``delay_ms``; answer with ``Answer``."""

    generation: int
    seat: int
    level: str
    seed: int
    delay_ms: int


@dataclass(frozen=True)
class Analyse:
    """Ask the AI worker for ``seat``'s best few moves (``rome.ai.analyse`` at ``level``)
    in the position after ``moves`` moves; answer with ``HintAnswer``."""

    generation: int
    moves: int
    seat: int
    level: str
    seed: int


@dataclass(frozen=True)
class Prepare:
    """Ask the AI worker to review the decision of the game's action ``ply``, taken by
    ``seat`` (``rome.ai.review_decision`` at ``level``); answer with ``Prepared``."""

    generation: int
    ply: int
    seat: int
    level: str


@dataclass(frozen=True)
class Focus:
    """Move keyboard focus to the first element matching one of ``selectors``; ``top``:
    first scroll it to the top of what scrolls around it (a section of the rules)."""

    selectors: tuple[str, ...]
    top: bool = False


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

    settings: tuple[tuple[str, SettingValue], ...]


@dataclass(frozen=True)
class ShowTable:
    """Put the empty table on the screen (a game begins): the next render draws it all."""


@dataclass(frozen=True)
class ShowForm:
    """Leave the table for the new-game screen: the page lists the saved games and adds
    what storage reports to ``notice``, answering with ``FormListed``; the form starts from
    ``seats`` and ``shrine`` (``ui.model.newgame.form_for``)."""

    notice: str = ""
    seats: tuple[Seat, ...] | None = None
    shrine: bool = False


@dataclass(frozen=True)
class StartGame:
    """A new game of ``seats`` (``seed`` None: a random one, drawn by the page), in a slot
    of its own; answered by ``Begin``."""

    seats: tuple[Seat, ...]
    seed: int | None
    shrine: bool


@dataclass(frozen=True)
class ForgetAddress:
    """Drop the game the address asked for (``seats``, ``seed``, ``shrine``) from it, the
    rest kept: a reload then resumes the game, not a new one."""


@dataclass(frozen=True)
class ReadGuided:
    """Read the guided game storage keeps; answered by ``GuidedRead``."""


@dataclass(frozen=True)
class AsTyped:
    """The new-game screen already shows this change (the player made it there): the page
    leaves the screen as it is, caret and all."""


# -- what the player asks of the browser itself (``ui.model.gestures``) ---------------
# Each runs at once, within the click that asked for it: a download, the clipboard and a
# confirm dialog need the player's gesture.
@dataclass(frozen=True)
class Load:
    """Read the saved game in ``slot``; answered by ``Begin`` (claiming the slot), or by
    ``OpenForm`` saying why it could not be read (it is set aside)."""

    slot: str


@dataclass(frozen=True)
class Place:
    """Put ``session``, a game new to this browser, on the table in a slot of its own;
    answered by ``Begin`` (claiming it)."""

    session: Session


@dataclass(frozen=True)
class DeleteSlot:
    """Delete the saved game in ``slot``; answered by ``OpenForm`` (the list redrawn
    without it)."""

    slot: str


@dataclass(frozen=True)
class Download:
    """Offer ``text`` as the file ``filename``."""

    text: str
    filename: str


@dataclass(frozen=True)
class Copy:
    """Put ``text`` on the clipboard; answered by ``Copied``."""

    text: str


@dataclass(frozen=True)
class ResetRecord:
    """Reset the record of games; answered by ``Recorded``."""


@dataclass(frozen=True)
class Confirm:
    """Ask ``question`` in the browser's own confirm dialog (which the keyboard reaches like
    any other); yes is answered by ``Confirmed``, which runs ``then``: what cannot be
    brought back is asked first. The answer comes later (the painter asks), as it will
    for a UI in a worker."""

    question: str
    then: DeleteSlot | ResetRecord


# -- the record of games (issue 43) ----------------------------------------------------
@dataclass(frozen=True)
class Count:
    """Add ``game`` to the record of games as storage holds it now (read, add, write:
    another tab may have changed it); answer ``Recorded``."""

    game: Finished


# -- the guided game (issue 41) -------------------------------------------------------
@dataclass(frozen=True)
class KeepTutorial:
    """Store the course's game and progress under the tutorial's own key (never a save
    slot: it is not listed among saved games); ``on``: it is on the table, so a reload
    resumes it."""

    session: Session
    tutorial: Tutorial
    on: bool = True


# -- end of the guided game -----------------------------------------------------------


Effect = Save | Claim | Release | Follow | Wait | Ask | Analyse | Prepare | Focus | Travel \
    | Remember | ShowTable | ShowForm | KeepTutorial | Load | Place | DeleteSlot | Download \
    | Copy | ResetRecord | Confirm | Count | StartGame | AsTyped | ForgetAddress | ReadGuided
Result = tuple[UiState, tuple[Effect, ...]]
