"""The new-game screen's values, held by the model: who sits where, the seed, the Shrine.

Why in the model: everything the screen shows comes from ``UiState`` through the reducer
(issue 44), so the form's values are state like any other, not something read back from
the page when "Start" is pressed. The page reports each change of a field
(:class:`~ui.model.events.FormInput`), the reducer keeps it here, and "Start"
(:class:`~ui.model.events.Start`) turns it into seats or into the one sentence that says
what is wrong. Every value is bounded as it arrives: a field the form does not have, or a
choice its menu does not offer, changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rome.ai.levels import MENU_LEVELS, TEST_LEVELS
from ui.bounds import SEED, Place, sentence
from ui.saves.save import GameInfo
from ui.saves.session import Seat
from ui.words.names import clean_name

SEATS = 4
EMPTY = "none"
"""The kind of an empty seat (seats 3 and 4 may be empty)."""
NAME_CHARS = 96
"""What a name box takes (its ``maxlength``); ``clean_name`` keeps the first graphemes."""
SEED_CHARS = 10_000
"""What a seed's box keeps: far more than any seed, so a refusal quotes what was typed
(or its first 10,000 characters: the model holds no paste of any size)."""
FORM = Place("the form's", lambda clause: ValueError(sentence(clause)))
"""A seed typed in the form is held to the bounds a saved game's is read with: a game
started with a seed its own save would refuse could never be resumed."""


def default_name(index: int, human: bool) -> str:
    """The name a seat gets when none is typed: "Player 2", or a Roman's for a computer."""
    if human:
        return f"Player {index + 1}"
    return ("Aurelia", "Brutus", "Cassia", "Decimus")[index]


def seats_for(kinds: Sequence[str]) -> list[Seat]:
    """Seats of the kinds an address lists (``ui.address.seat_kinds`` checked them)."""
    seats = [Seat(default_name(i, True), True) if kind == "human"
             else Seat(default_name(i, False), False, kind)
             for i, kind in enumerate(kinds)]
    if sum(s.human for s in seats) > 1:  # several humans: number them plainly
        count = 0
        for i, s in enumerate(seats):
            if s.human:
                count += 1
                seats[i] = Seat(f"Player {count}", True)
    return seats


def kind_of(seat: Seat | None) -> str:
    """A seat's choice in its menu: "human", a level, or empty."""
    return EMPTY if seat is None else ("human" if seat.human else seat.level)


def kinds_offered(index: int, kind: str) -> tuple[str, ...]:
    """What seat ``index``'s menu offers: a human, each level of the menu, a test level
    the seat already has (an address may ask for one), and for seats 3 and 4 no one."""
    offered = ("human", *MENU_LEVELS) + ((kind,) if kind in TEST_LEVELS else ())
    return ((EMPTY,) if index >= 2 else ()) + offered


@dataclass(frozen=True)
class NewGameForm:
    """The new-game screen as the player has filled it so far."""

    kinds: tuple[str, ...] = ("human", "normal", EMPTY, EMPTY)
    names: tuple[str, ...] = ("", "", "", "")  # as typed ("" shows the default name)
    seed: str = ""  # as typed ("" for a random seed)
    shrine: bool = False
    notice: str = ""  # what the screen says first: why it is shown, or what was refused
    games: tuple[GameInfo, ...] = ()  # the saved games it lists, newest first


def form_for(seats: Sequence[Seat] | None, shrine: bool, notice: str,
             games: Sequence[GameInfo]) -> NewGameForm:
    """The screen as it opens: the seats given (the last game put on the table), else,
    after a reload with no game on, the newest saved game's; else the defaults."""
    chosen = list(seats or (games[0].seats if games else ()))
    if not chosen:
        return NewGameForm(shrine=shrine, notice=notice, games=tuple(games))
    padded: list[Seat | None] = [*chosen[:SEATS], *[None] * (SEATS - len(chosen))]
    return NewGameForm(tuple(kind_of(s) for s in padded),
                       tuple("" if s is None else s.name for s in padded),
                       shrine=shrine, notice=notice, games=tuple(games))


def edited(form: NewGameForm, field: str, value: str) -> NewGameForm:
    """``form`` with the field ``field`` (an element id of the screen) set to ``value``;
    ``form`` itself if the screen has no such field or its menu no such choice."""
    name, _, index = field.rpartition("-")
    if name in ("seat-kind", "seat-name") and index.isdigit() and int(index) < SEATS:
        i = int(index)
        if name == "seat-name":
            return replace(form, names=_put(form.names, i, value[:NAME_CHARS]))
        if value in kinds_offered(i, form.kinds[i]):
            return replace(form, kinds=_put(form.kinds, i, value))
    elif field == "opt-seed":
        return replace(form, seed=value[:SEED_CHARS])
    elif field == "opt-shrine":
        return replace(form, shrine=value == "true")
    return form


def _put(values: tuple[str, ...], i: int, value: str) -> tuple[str, ...]:
    return (*values[:i], value, *values[i + 1:])


def chosen(form: NewGameForm) -> tuple[list[Seat], int | None]:
    """The seats and the seed (None: a random one) the form asks for (at least two seats:
    the first two menus offer no empty seat); raises ValueError with the sentence to show
    if the seed cannot start a game."""
    seats = []
    for i, (kind, name) in enumerate(zip(form.kinds, form.names, strict=True)):
        if kind == EMPTY:
            continue
        human = kind == "human"
        seats.append(Seat(clean_name(name.strip(), default_name(i, human)), human,
                          "" if human else kind))
    text = form.seed.strip()
    return seats, FORM.whole_text("seed", SEED, text) if text else None


# -- its events ------------------------------------------------------------------------
@dataclass(frozen=True)
class FormListed:
    """The answer to ``ShowForm``: the screen opens saying ``notice`` (the effect's and what
    storage reported), its seats ``seats`` (None: the newest saved game's, else the
    defaults), listing ``games``."""

    notice: str
    seats: tuple[Seat, ...] | None
    shrine: bool
    games: tuple[GameInfo, ...]


@dataclass(frozen=True)
class FormInput:
    """The player changed the screen's field ``field`` (its element id) to ``value``
    (a checkbox's: "true" or "false")."""

    field: str
    value: str


@dataclass(frozen=True)
class Start:
    """"Start the game": the game the screen's values ask for, or the sentence why not."""
