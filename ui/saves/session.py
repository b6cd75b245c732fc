"""One game in progress as the UI keeps it: seats, the action history and its states.

Why a model apart from the DOM: saving, resuming, undo and the tests all need the same
truth — the seed, the options and the list of canonical action texts (with a flag for
the ones played automatically). Every state is recomputed by the engine from that list,
so the UI never decides a rule. Pure Python: importable and testable without a browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import rome
from ui.bounds import KIND_RULE, LEVELS, SEATS_RULE, Place
from ui.words.names import clean_name, quote


class SaveError(ValueError):
    """A saved game that cannot be resumed (corrupt, or from another version)."""


SAVED = Place("the saved game's", SaveError)
"""Where a stored game's values are read (a downloaded file is ``the file's``)."""


@dataclass(frozen=True)
class Seat:
    """A place at the table: a named human or a computer player of some level."""

    name: str
    human: bool
    level: str = ""

    def to_dict(self) -> dict[str, rome.JSON]:
        return {"name": self.name, "human": self.human, "level": self.level}

    @staticmethod
    def from_dict(data: rome.JSON, place: Place = SAVED, seat: str = "seat") -> Seat:
        """A seat as saved: its name made safe (``clean_name``: never refused), a human
        or a computer of a known level (``ui.bounds``)."""
        if not isinstance(data, dict):
            raise place.refuse(seat, "an object with a name, a human flag and a level", data)
        name, human, level = data.get("name"), data.get("human"), data.get("level", "")
        if not isinstance(name, str):
            raise place.refuse(f"{seat} name", "text", name)
        human = place.flag(f"{seat} human flag", human)
        if not human and (not isinstance(level, str) or level not in LEVELS):
            raise place.refuse(seat, KIND_RULE, level)
        return Seat(clean_name(name), human, "" if human or not isinstance(level, str) else level)


def read_game(data: dict[str, rome.JSON], place: Place) -> tuple[list[Seat], int, bool, list[str]]:
    """The seats, seed, Shrine option and move texts of a stored game or a file, each
    checked against :mod:`ui.bounds` before any move is played."""
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise place.refuse("seats", SEATS_RULE, seats)
    place.seat_count("seats", len(seats))
    return ([Seat.from_dict(s, place, f"seat {i + 1}") for i, s in enumerate(seats)],
            place.seed(data.get("seed")), place.flag("shrine", data.get("shrine")),
            place.moves("moves", data.get("actions")))


def is_reveal(before: rome.GameState, after: rome.GameState) -> bool:
    """Did this step reveal a hidden card?  The engine decides (the undo limit)."""
    return rome.reveals_hidden(before, after)


@dataclass
class Session:
    """A game: seats and options plus every action taken, with the states they lead to."""

    seats: list[Seat]
    seed: int
    shrine: bool
    actions: list[str] = field(default_factory=list)
    auto: list[bool] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)  # seat that took each action
    states: list[rome.GameState] = field(default_factory=list)
    imported: bool = False  # brought back from a file: never counted in the record of games

    @staticmethod
    def new(seats: list[Seat], seed: int, shrine: bool) -> Session:
        """A fresh game (raises rome.RomeError for bad options)."""
        state = rome.new_game(len(seats), seed=seed, shrine=shrine)
        return Session(list(seats), seed, shrine, states=[state])

    @property
    def state(self) -> rome.GameState:
        return self.states[-1]

    @property
    def current(self) -> int | None:
        return rome.current_player(self.state)

    def seat_is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].human

    def apply(self, text: str, auto: bool = False) -> rome.GameState:
        """Play one action given by its canonical text (raises if it is not legal)."""
        actor = self.current
        action = rome.Action.parse(text)
        after = rome.apply_action(self.state, action)
        self.actions.append(str(action))
        self.auto.append(bool(auto))
        self.actors.append(-1 if actor is None else actor)
        self.states.append(after)
        return after

    def after(self, text: str, auto: bool = False) -> Session:
        """A new session with one more action (this one unchanged): the UI model's way."""
        copy = replace(self, seats=list(self.seats), actions=list(self.actions),
                       auto=list(self.auto), actors=list(self.actors), states=list(self.states))
        copy.apply(text, auto)
        return copy

    def undone(self) -> Session | None:
        """A new session without the current human's last decision (None if not allowed)."""
        keep = self.undo_point()
        if keep is None:
            return None
        return replace(self, seats=list(self.seats), actions=self.actions[:keep],
                       auto=self.auto[:keep], actors=self.actors[:keep],
                       states=self.states[:keep + 1])

    # -- undo -------------------------------------------------------------------------
    def undo_point(self) -> int | None:
        """How many actions to keep to undo the current human's own last decision.

        Allowed only while it is still that human's turn and no hidden card has been
        revealed since (the decision and any automatic moves after it are undone).
        """
        cur = self.current
        if not self.seat_is_human(cur):
            return None
        i = len(self.actions) - 1
        while i >= 0 and self.auto[i]:
            i -= 1
        if i < 0 or self.actors[i] != cur:
            return None
        for j in range(i, len(self.actions)):
            if is_reveal(self.states[j], self.states[j + 1]):
                return None
        return i

    def undo(self) -> bool:
        """Undo to :meth:`undo_point`; False when nothing may be undone."""
        keep = self.undo_point()
        if keep is None:
            return False
        del self.actions[keep:], self.auto[keep:], self.actors[keep:]
        del self.states[keep + 1:]
        return True

    # -- saving -----------------------------------------------------------------------
    def to_save(self) -> dict[str, rome.JSONLike]:
        """The save: options and the action texts; states are rebuilt by replaying. A game
        brought back from a file says so (``imported``), so that a reload never counts it
        in the record of games (``ui.saves.record``)."""
        data: dict[str, rome.JSONLike] = {
            "version": rome.SAVE_VERSION,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "shrine": self.shrine,
            "actions": list(self.actions),
            "auto": list(self.auto),
        }
        if self.imported:
            data["imported"] = True
        return data

    @staticmethod
    def from_save(data: rome.JSON) -> Session:
        """Rebuild a session from :meth:`to_save` data, checking every action's legality.

        Raises :class:`SaveError` with a readable reason for anything wrong.
        """
        if not isinstance(data, dict):
            raise SaveError("the saved game is not a game record")
        version = data.get("version")
        if type(version) is not int or version != rome.SAVE_VERSION:
            raise SaveError(f"the saved game is from another version of the game "
                            f"({quote(version, 12)}, this one reads {rome.SAVE_VERSION})")
        seats, seed, shrine, actions = read_game(data, SAVED)
        auto = data.get("auto")
        if not isinstance(auto, list) or len(auto) != len(actions):
            raise SAVED.refuse("forced moves", f"a list of {len(actions)} true or false, one "
                               "per move", auto)
        imported = SAVED.flag("imported flag", data.get("imported", False))
        session = Session.replayed(seats, seed, shrine, actions, auto, SAVED)
        session.imported = imported
        return session

    @staticmethod
    def replayed(seats: list[Seat], seed: int, shrine: bool, actions: list[str],
                 auto: list[rome.JSON] | list[bool] | None, place: Place) -> Session:
        """Play ``actions`` from the set-up, each checked by the engine; ``auto`` flags the
        moves the engine played itself (None: recognised again, as for a file)."""
        try:
            session = Session.new(seats, seed, shrine)
            for i, text in enumerate(actions):
                forced = (rome.automatic_action(session.state) is not None if auto is None
                          else bool(auto[i]))
                session.apply(text, forced)
        except (rome.RomeError, ValueError, TypeError, KeyError, IndexError) as exc:
            raise place.error(f"{place.owner} moves do not make a legal game "
                              f"({quote(str(exc), 80)})") from None
        return session
