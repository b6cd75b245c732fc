"""Everything that can change the page: a click, a key, a timer, the AI's answer, a
storage outcome. The page turns each into one of these and hands it to the reducer."""

from __future__ import annotations

from dataclasses import dataclass

import rome
from rome.ai.answers import Move, ReviewLine
from ui.address import GameOptions
from ui.model.effects import DeleteSlot, ResetRecord
from ui.model.newgame import FormInput as FormInput
from ui.model.newgame import FormListed as FormListed
from ui.model.newgame import Start as Start
from ui.saves.record import Record
from ui.saves.save import SettingValue
from ui.saves.session import Seat, Session
from ui.tutorial.course import Tutorial
from ui.tutorial.save import Guided


# -- the game on the table ------------------------------------------------------------
@dataclass(frozen=True)
class Begin:
    """A game is put on the table (new, resumed or a rematch), saving to ``slot``.

    ``claim``: other tabs may hold ``slot``, so the table asks first (``Claim``) and plays
    and saves only once it holds it. The page always claims; a model test of a lone table
    need not."""

    session: Session
    slot: str | None = None
    claim: bool = False
    tutorial: Tutorial | None = None  # a course's game, with its progress (issue 41)


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


@dataclass(frozen=True)
class ShowHint:
    """On the phone, the player pressed "Show" beside the suggestion ``rank``."""

    rank: int


@dataclass(frozen=True)
class HintAnswer:
    """The analysis asked for by ``Analyse``: the AI's moves (``rome.ai.Move``, as
    ``rome.ai.answers.read_moves`` reads them from the worker), best first; ``source``
    says where it ran ("worker" or "page")."""

    generation: int
    moves: int
    suggestions: tuple[Move, ...]
    source: str = "worker"


@dataclass(frozen=True)
class AskReview:
    """On the end screen: review ``seat``'s decisions (again: the shown review closes)."""

    seat: int


@dataclass(frozen=True)
class Prepared:
    """The answer to ``Prepare``: the review of the decision of action ``ply`` (one line, as
    ``rome.ai.answers.read_review`` reads it; none if it could not be valued) and where it
    was worked out ("worker" or "page")."""

    generation: int
    ply: int
    lines: tuple[ReviewLine, ...]
    source: str = "worker"


# -- the page around the game ---------------------------------------------------------
@dataclass(frozen=True)
class Setting:
    """``pace`` (int ms), ``open_hands`` (bool) or ``theme`` (str) changed; ``remember``:
    store it for the next visit (an address's pace is for this visit only)."""

    name: str
    value: SettingValue
    remember: bool = True


@dataclass(frozen=True)
class Panel:
    """Open or close an overlay: ``help`` (value: True at its top, a section's id of
    ``ui.words.anchors`` at that section, False closed), ``detail`` (value: card
    key) or ``breakdown``; ``back``: a selector of the element that opened it, focused
    again when it closes."""

    name: str
    value: bool | str | int | None = None
    back: str = ""


@dataclass(frozen=True)
class Notice:
    text: str  # "" dismisses every notice


@dataclass(frozen=True)
class WorkerSaid:
    """What happened to the computers' worker, or to a decision it was asked for (a move
    played by the quick AI instead, a hint cut short), in a sentence; "" once there is
    nothing more to say."""

    text: str


@dataclass(frozen=True)
class Leave:
    """Back to the new-game screen (the game stays saved); ``anyway``: also when it is
    not saved, the player having been asked."""

    anyway: bool = False


@dataclass(frozen=True)
class OpenForm:
    """Show the new-game screen, saying ``notice``, its seats filled with ``seats`` (else
    the game's on the table, if any)."""

    notice: str = ""
    seats: tuple[Seat, ...] | None = None


@dataclass(frozen=True)
class Tab:
    """On a phone, the player tapped the tab ``name``: it stays until they pick another (a
    new turn is announced, never shown by moving them: ``ui.model.turn``)."""

    name: str


# -- hot-seat and the phone (issue 40) ------------------------------------------------
@dataclass(frozen=True)
class ToChoices:
    """On a phone, the player asked for the tab holding the choices (or the scores) that
    the message area announced (``ui.model.turn``)."""


@dataclass(frozen=True)
class Reveal:
    """The answer to "show every hand?": ``yes`` opens the hands at this screen."""

    yes: bool


# -- end of hot-seat and the phone ----------------------------------------------------


# -- the rules dialog (issue 41) ------------------------------------------------------
@dataclass(frozen=True)
class RulesFilter:
    """The rules dialog's filter box now reads ``text`` (as typed: the reducer bounds it)."""

    text: str


# -- end of the rules dialog ----------------------------------------------------------


# -- the guided game (issue 41) -------------------------------------------------------
@dataclass(frozen=True)
class TutorialNext:
    """The learner read a page of the course after its game: on to the next."""


# -- end of the guided game -----------------------------------------------------------


# -- storage and other tabs -----------------------------------------------------------
@dataclass(frozen=True)
class Saved:
    """The outcome of a ``Save``: ``ok``, else ``problem`` (why storage refused, a
    sentence); ``download``: the page can offer the game as a file (a sandboxed frame
    cannot)."""

    ok: bool
    problem: str = ""
    download: bool = True


@dataclass(frozen=True)
class Claimed:
    """The answer to a ``Claim``: whether this tab now holds ``slot``; if it does,
    ``session`` is the game to go on with (the one the other tab handed over, else the
    slot's), None when there is none to read (a new game, not saved yet)."""

    slot: str
    held: bool
    session: Session | None = None


@dataclass(frozen=True)
class Wanted:
    """Another tab asked for the slot ``slot`` ("Play here" over there)."""

    slot: str


@dataclass(frozen=True)
class Lost:
    """Another tab took the slot ``slot`` without this tab handing it over (this one did
    not answer in time)."""

    slot: str


@dataclass(frozen=True)
class TakeOver:
    """The player chose "Play here": this tab takes the game over from the other."""


@dataclass(frozen=True)
class OtherTab:
    """Another tab wrote the storage slot ``slot`` (a storage event)."""

    slot: str


@dataclass(frozen=True)
class Followed:
    """The slot ``slot`` read again after another tab saved it: its game."""

    slot: str
    session: Session


@dataclass(frozen=True)
class WorkerReported:
    """News of the AI worker for the About line: its state in ``words`` (``""``: the
    words stay), or its first answer (``legal_count``), or why it is not ready
    (``error``)."""

    words: str = ""
    legal_count: int | None = None
    error: str = ""


# -- what the player asks of the browser itself (``ui.model.gestures``) ---------------
@dataclass(frozen=True)
class Resume:
    """The form's "Resume" of the saved game in ``slot``."""

    slot: str


@dataclass(frozen=True)
class Opened:
    """The text of the file the player chose to resume ("Resume a downloaded game…"),
    already bounded by its size."""

    text: str


@dataclass(frozen=True)
class Delete:
    """The form's "Delete" of the saved game in ``slot`` (asked first)."""

    slot: str


@dataclass(frozen=True)
class Download:
    """"Download this game": the game on the table as a file."""


@dataclass(frozen=True)
class CopyLink:
    """The end screen's "Copy replay link"; ``href``: the page's address (the link is to
    ``embed.html`` beside it)."""

    href: str


@dataclass(frozen=True)
class Confirmed:
    """The answer yes to a ``Confirm``: what was asked for is now done (``then``)."""

    then: DeleteSlot | ResetRecord


@dataclass(frozen=True)
class Copied:
    """The answer to a ``Copy``: whether the browser put the text on the clipboard."""

    ok: bool


# -- how the page starts a game (``ui.model.starts``) ---------------------------------
@dataclass(frozen=True)
class Opening:
    """The page opened: what its address asks for, and what storage held (the last game
    saved here, the guided game kept), read once by the page (issue 44: a page whose UI
    runs in a worker posts this); ``closed``: storage is closed (said on the first
    screen, and by a game's refused save rather than again)."""

    options: GameOptions
    last_slot: str | None = None
    guided: Guided = Guided()
    closed: str = ""


@dataclass(frozen=True)
class Learn:
    """"Learn to play": the guided game, where it was left."""


@dataclass(frozen=True)
class GuidedRead:
    """The answer to ``ReadGuided``: the guided game as storage keeps it."""

    guided: Guided


@dataclass(frozen=True)
class Rematch:
    """"Rematch": the same seats again, with a new seed."""


# -- the record of games (issue 43) ----------------------------------------------------
@dataclass(frozen=True)
class Recorded:
    """The record of games as storage now holds it (a game counted or the record reset
    here, or another tab wrote it), and what to tell the player of it ("" nothing)."""

    record: Record
    problem: str = ""


@dataclass(frozen=True)
class RecordAsked:
    """The first screen's "Download your record" (``what="download"``) or "Reset your
    record" (``"reset"``, asked first)."""

    what: str


Event = Begin | Act | Select | Undo | HandOver | Tick | Answer | Thinking | Setting | Panel \
    | Notice | Leave | AskHint | ShowHint | HintAnswer | AskReview | Prepared | OpenForm | Tab \
    | ToChoices | Reveal | Saved | Claimed | Wanted | Lost | TakeOver | OtherTab | Followed \
    | RulesFilter | TutorialNext | WorkerSaid | WorkerReported | Resume | Opened | Delete \
    | Download | CopyLink | Confirmed | Copied | Recorded | RecordAsked | FormListed | FormInput \
    | Start | Opening | Learn | GuidedRead | Rematch
