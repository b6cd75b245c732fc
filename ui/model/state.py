"""The table's UI state: one frozen value holding everything the page shows besides the
game's own state, so every change of it is a new value made by the reducer."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import rome
from rome.ai.answers import Cities, ReviewLine
from ui.model.log import LogEntry
from ui.model.messages import Message
from ui.model.newgame import NewGameForm
from ui.saves.record import Record
from ui.saves.session import Seat, Session
from ui.tutorial.course import Tutorial

PHONE_TABS = ("board", "me", "others", "log", "final")
"""The phone layout's tabs (``data-tab``), in their order: labelled in ``ui.model.turn``, drawn
by ``ui.render.phone``."""
# -- the rules dialog (issue 41) ------------------------------------------------------
HELP_FILTER_MAX = 60
"""Characters of the rules dialog's filter kept (its box's ``maxlength`` too)."""
# -- end of the rules dialog ----------------------------------------------------------


class Mode(Enum):
    """Who the table waits for (``data-waiting`` shows the value)."""

    AUTOMATIC = "auto"  # a forced move is about to be played
    HUMAN = "human"  # a human at the screen decides
    COMPUTER = "computer"  # the AI is thinking
    HANDOVER = "handover"  # the device passes to the next human
    ELSEWHERE = "elsewhere"  # another tab plays this game (``Writer``): here it is only shown
    OVER = "over"  # the game has ended (or no game is on)


class Writer(Enum):
    """Whether this tab is the one that plays and saves the game on its table.

    Why: two tabs saving one slot would each overwrite the other's moves, so one tab at a
    time holds the slot (a Web Lock, or the other tabs' word over a BroadcastChannel:
    ``ui/shell/tabs.py``); the others show the game and offer "Play here"."""

    HERE = "here"  # this tab plays and saves it
    ASKING = "asking"  # asked whether another tab holds it (a game just put on the table)
    ELSEWHERE = "elsewhere"  # another tab held it when this one opened it
    TAKEN = "taken"  # another tab took it over from this one
    TAKING = "taking"  # the player chose "Play here": the other tab is handing it over


@dataclass(frozen=True)
class WorkerReport:
    """The AI worker as the rules dialog's About line reports it (``#worker-status``):
    ``words`` its state ("" until it starts: the line's own words stand), and, once it
    answered the page's first question, ``ready`` and its ``legal_count``; ``error`` why
    it is not ready (for the browser tests, with the words)."""

    words: str = ""
    ready: bool = False
    legal_count: int | None = None
    error: str = ""


@dataclass(frozen=True)
class Preparation:
    """The review prepared while the game goes (``ui.model.preparing``): the decisions
    analysed so far (``checked``, by ply; ``lines`` the answers, one per decision the
    worker could value), the one being analysed now (``asked``: generation and ply),
    and whether any answer came from the page's quick AI."""

    lines: tuple[ReviewLine, ...] = ()
    checked: frozenset[int] = frozenset()
    asked: tuple[int, int] | None = None
    on_page: bool = False

    def before(self, plies: int) -> Preparation:
        """What stays true once the game is taken back to ``plies`` actions."""
        return Preparation(tuple(x for x in self.lines if x["ply"] < plies),
                           frozenset(p for p in self.checked if p < plies), None,
                           self.on_page)


@dataclass(frozen=True)
class UiState:
    """Everything the page shows besides the game's own state."""

    session: Session | None = None
    mode: Mode = Mode.OVER
    selection: str = ""  # hand card kind chosen for building
    pace: int = 800  # ms between computer moves; 0 is instant
    notices: tuple[str, ...] = ()
    carried: tuple[str, ...] = ()  # the page's opening notices, said again by its first table
    shown: int | None = None  # the human seat whose hand the screen last showed
    open_hands: bool = False  # friends at one table: no hand-overs at all
    thinking: str = ""
    generation: int = 0  # bumped when the game changes under running timers
    log: tuple[LogEntry, ...] = ()
    detail: str = ""  # the card whose details are open ("" none)
    detail_back: str = ""  # selector of what opened them: focused again when they close
    help_open: bool = False
    breakdown: int | None = None  # seat whose score breakdown is open
    theme: str = "auto"  # "auto" follows prefers-color-scheme; "light" / "dark"
    hint_at: int | None = None  # moves played when the human asked for a hint (None: none)
    hints: tuple[Suggestion, ...] = ()  # its answer, best first; empty while it is worked out
    hint_source: str = ""  # where the answer was worked out: "worker" or "page"
    hint_shown: int | None = None  # the suggestion whose place the phone was asked to show
    review_seat: int | None = None  # the seat whose decisions the end screen reviews
    review: tuple[Reviewed, ...] | None = None  # its answer; None while it is worked out
    review_source: str = ""  # "worker" or "page", as for a hint
    review_turning: tuple[int, ...] = ()  # the plies of its turning points, costliest first
    review_cities: Cities | None = None  # the seat's final city beside the winner's
    preparation: Preparation = Preparation()  # the review worked out as the game goes
    slot: str | None = None  # the storage slot the game on the table saves to (None: none)
    save_failed: bool = False  # the last save was refused: offer "Download this game"
    writer: Writer = Writer.HERE  # whether this tab plays and saves the game on the table
    messages: tuple[Message, ...] = ()  # the message area (``ui.model.messages``)
    tab: str = "board"  # the phone layout's tab shown (``ui.render.phone``)
    worker: WorkerReport = WorkerReport()  # the AI worker as the About line reports it
    # -- the rules dialog (issue 41; help_open above opens it) ------------------------
    help_filter: str = ""  # the rules dialog's filter, as typed (ui.render.help_panel)
    help_back: str = ""  # selector of what opened the dialog: focused again when it closes
    # -- end of the rules dialog ------------------------------------------------------
    # -- the guided game (issue 41: ui/tutorial/, ui/model/tutor.py) ------------------
    tutorial: Tutorial | None = None  # the course on the table and its progress (None: a game)
    # -- end of the guided game -------------------------------------------------------
    # -- hot-seat, the phone, the new-game screen (issue 40) --------------------------
    tab_asked: tuple[int, int] | None = None  # (seat, moves) of the prompt ``tab`` was settled
    # for (seat -1: the end); ``ui.model.turn``
    tab_settled: bool = False  # a tab was chosen in this game: by the player, or by the table
    # for the first prompt whose choices are under a tab
    log_notes: tuple[tuple[int, str], ...] = ()  # lines the table adds to the game log (hands
    # opened or hidden again): after how many moves, and the words
    last_seats: tuple[Seat, ...] = ()  # the seats of the last game put on the table, and its
    last_shrine: bool = False  # Shrine option: the new-game form starts from them
    # -- end of issue 40 --------------------------------------------------------------
    form: NewGameForm | None = None  # the new-game screen's values while it is shown
    record: Record | None = None  # the record of games (ui.saves.record) as storage last
    # held it; None where the table keeps none (an embed's)


@dataclass(frozen=True)
class Suggestion:
    """One move of a hint: the action (offered now), the search's estimate of the final
    margin over the other seats after it, how far behind the best it is, and why."""

    action: rome.Action
    value: float
    loss: float
    reason: str
    words: str  # the move in a player's words, told apart from the other suggestions'
    why: str = ""  # why it ranks above the next suggestion ("" for the last)
    where: tuple[str, ...] = ()  # where its plan is on the table (``ui.model.places``)
    looks: int = 0  # how often the search's tree came back to it (0: ranked by roll-outs)


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
    played_words: str  # both moves in a player's words, in the position they were met
    best_words: str
