"""The game state: one declared schema, plain data, never mutated once handed out.

:class:`GameState` and :class:`PlayerState` declare each field once, with the codec that
saves it; copying, equality, ``to_dict`` and ``from_dict`` are all derived from that
declaration, so a new field is one line here.  Every state is built by the dataclass
constructor (``new_game``, ``from_dict``, ``sample_state`` and ``copy`` alike).  A state
holds immutable values (ints, strings, tuples) plus a few dicts treated as frozen: every
rule that changes something works on a fresh ``copy()``, so a state handed to the UI, the
AI or a test never changes.  ``to_dict`` gives JSON-safe data and ``from_dict`` rebuilds a
state from it, checking that the data describes a position a real game could reach.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Generic, NamedTuple, TypeVar, cast

from .cards import SHAPES
from .city import Places, Pos
from .errors import StateError
from .invariants import check_state
from .json_value import JSON, JSONLike
from .phases import Phase, Step

SAVE_VERSION = 1
"""Bump when the saved layout changes: a save of another version is refused."""

HandCard = tuple[int, int]
"""(card instance, bit mask of the seats that know it is there)."""


INTERNAL_FIELDS = frozenset({"rng", "decks", "draw", "draw_deck", "draft_pool", "draft_turn",
                             "places", "_legal"})
"""Fields the UI and the AI never read: the generator, hidden card orders, the draft in
progress and caches.  What they need of them is a public function of ``rome`` (for
example :func:`rome.influence_in_deck`, :func:`rome.observation`, :func:`rome.legal_actions`).
The other fields are the table everyone sees and may be read (never written)."""


def everyone(num_players: int) -> int:
    """The knowledge mask of a card every seat knows (taken from the open offer)."""
    return (1 << num_players) - 1


# -- codecs: how one field is saved and read back ----------------------------------------

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)


class Codec(NamedTuple, Generic[T]):
    dump: Callable[[T], JSONLike]
    load: Callable[[JSON, str], T]  # (saved value, field name) -> value; raises StateError


INT_LIMIT = 1 << 63
"""Every count, card number, mask and place of a save lies far inside 64 bits; a number
beyond is refused as it is read, so no later check or message has to handle a number of
thousands of digits (which Python refuses to turn into text)."""


def _any_int(v: JSON, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise StateError(f"{what} must be an integer, not {_short(v)}")
    return v


def _int(v: JSON, what: str) -> int:
    number = _any_int(v, what)
    if not -INT_LIMIT <= number < INT_LIMIT:
        raise StateError(f"{what} must be an integer of at most 64 bits, not {_short(v)}")
    return number


def _bool(v: JSON, what: str) -> bool:
    if not isinstance(v, bool):
        raise StateError(f"{what} must be true or false, not {_short(v)}")
    return v


def _ints(v: JSON, what: str) -> tuple[int, ...]:
    numbers = tuple(x for x in v if isinstance(x, int) and not isinstance(x, bool)
                    and -INT_LIMIT <= x < INT_LIMIT) if isinstance(v, list) else ()
    if not isinstance(v, list) or len(numbers) != len(v):
        raise StateError(f"{what} must be a list of integers")
    return numbers


def _list(v: JSON, what: str) -> list[JSON]:
    if not isinstance(v, list):
        raise StateError(f"{what} must be a list")
    return v


def _rows(v: JSON, width: int, what: str) -> list[list[JSON]]:
    """A list of lists of ``width`` values each (a city's cells, a hand's cards)."""
    rows = [row for row in _list(v, what) if isinstance(row, list) and len(row) == width]
    if len(rows) != len(_list(v, what)):
        raise StateError(f"{what} must be a list of lists of {width}")
    return rows


def _short(v: JSON | BaseException) -> str:
    """A value quoted in a message, cut so that a huge input is never copied whole.

    Never ``repr`` of a whole container (a list nested 100 000 deep exhausts the
    recursion limit) nor of a huge integer (beyond 4 300 digits Python refuses)."""
    if isinstance(v, dict | list | tuple):
        return f"a {type(v).__name__} of {len(v)} items"
    if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 64:
        return f"an integer of {v.bit_length()} bits"
    text = repr(v[:40] if isinstance(v, str) else v)
    return text if len(text) <= 40 else text[:37] + "..."


def _enum(kind: type[E]) -> Codec[E]:
    members = {m.value: m for m in kind}

    def load(v: JSON, what: str) -> E:
        if isinstance(v, str) and v in members:
            return members[v]
        raise StateError(f"unknown {what} {_short(v)}; one of "
                         f"{', '.join(repr(str(m)) for m in kind)}")
    return Codec(str, load)


_HEX64 = re.compile(r"[0-9a-f]{16}")


def _load_rng(v: JSON, what: str) -> int:
    """Exactly what ``to_dict`` writes: ``int(v, 16)`` alone would also take " 1f", "+1f"
    and "1_f", spellings that read back into another text."""
    if not isinstance(v, str) or not _HEX64.fullmatch(v):
        raise StateError(f"{what} must be 16 hexadecimal digits (0-9, a-f)")
    return int(v, 16)


def _text(v: JSON, what: str) -> str:
    if not isinstance(v, str):
        raise StateError(f"{what} must be text, not {_short(v)}")
    return v


def _unique(pairs: list[tuple[Pos, int]], what: str) -> dict[Pos, int]:
    """Positions to values, refusing a position given twice (a dict would keep the last
    silently, and the save would not be the one read)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise StateError(f"{what} names one place twice")
    return out


def _load_piles(v: JSON, what: str) -> dict[str, tuple[int, ...]]:
    if not isinstance(v, dict):
        raise StateError(f"{what} must map deck names to lists of cards")
    return {str(k): _ints(pile, what) for k, pile in v.items()}


def _load_strips(v: JSON, what: str) -> tuple[tuple[int, bool], ...]:
    return tuple((_int(a, what), _bool(b, what)) for a, b in _rows(v, 2, what))


def _load_city(v: JSON, what: str) -> dict[Pos, int]:
    return _unique([((_int(r, "row"), _int(c, "column")), _int(card, what))
                    for r, c, card in _rows(v, 3, what)], what)


def _load_bricks(v: JSON, what: str) -> tuple[Pos, ...]:
    return tuple(sorted((_int(r, "row"), _int(c, "column")) for r, c in _rows(v, 2, what)))


def _load_points(v: JSON, what: str) -> dict[Pos, int]:
    return _unique([((_int(r, "row"), _int(c, "column")), _int(n, what))
                    for r, c, n in _rows(v, 3, what)], what)


def _load_hand(v: JSON, what: str) -> tuple[HandCard, ...]:
    return tuple((_int(card, "card"), _int(mask, "mask")) for card, mask in _rows(v, 2, what))


INT = Codec(lambda v: v, _int)
SEED = Codec(lambda v: v, _any_int)  # rome.new_game takes any integer seed: so does a save
BOOL = Codec(lambda v: v, _bool)
INTS = Codec(list, _ints)
TEXT = Codec(lambda v: v, _text)
RNG = Codec(lambda v: format(v, "016x"), _load_rng)
PILES = Codec(lambda v: {d: list(c) for d, c in v.items()}, _load_piles)
STRIP_STACK = Codec(lambda v: [[s, f] for s, f in v], _load_strips)
CITY = Codec(lambda v: [[r, c, card] for (r, c), card in sorted(v.items())], _load_city)
BRICKS = Codec(lambda v: [[r, c] for r, c in v], _load_bricks)
POINTS = Codec(lambda v: [[r, c, n] for (r, c), n in sorted(v.items())], _load_points)
HAND = Codec(lambda v: [[card, mask] for card, mask in v], _load_hand)


if TYPE_CHECKING:
    from _typeshed import DataclassInstance  # the type checker's own stubs

    from .actions import Action

_Record = TypeVar("_Record", bound="DataclassInstance")


def _copier(cls: type[_Record]) -> Callable[[_Record], _Record]:
    """A fast shallow copy derived from the declared fields, generated the way
    ``dataclasses`` generates ``__init__``: copying is the engine's hottest path (every
    action copies the state), and this is twice as fast as calling the constructor.
    Fields with ``init=False`` (caches) start again from their default."""
    lines = ["def copy(self):", "    new = _new(_cls)"]
    for f in fields(cls):
        lines.append(f"    new.{f.name} = self.{f.name}" if f.init else
                     f"    new.{f.name} = {f.default!r}")
    lines.append("    return new")
    namespace = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - source built from field names only
    return cast("Callable[[_Record], _Record]", namespace["copy"])


def saved(codec: Codec[T]) -> T:
    """Declare a saved field with its codec."""
    declared: T = field(metadata={"codec": codec})
    return declared


def _dump(obj: DataclassInstance) -> dict[str, JSONLike]:
    return {f.name: f.metadata["codec"].dump(getattr(obj, f.name)) for f in fields(obj)
            if "codec" in f.metadata}


def _saved_fields(data: JSON, names: tuple[str, ...], what: str,
                  header: frozenset[str] = frozenset()) -> dict[str, JSON]:
    """``data`` as an object holding exactly the fields ``names`` (and ``header``)."""
    if not isinstance(data, dict):
        raise StateError(f"{what} must be a JSON object")
    missing = [name for name in names if name not in data]
    if missing:
        raise StateError(f"{what} lacks {', '.join(missing)}")
    unknown = set(data) - header - set(names)
    if unknown:  # a save read is the save written back: nothing is dropped silently
        raise StateError(f"{what} holds a field no game writes: "
                         f"{min(_short(k) for k in unknown)}")
    return data


# -- the schema ---------------------------------------------------------------------------

@dataclass(slots=True, repr=False)
class PlayerState:
    """One seat: its resources, its city and its hand."""

    coins: int = saved(INT)
    influence: int = saved(INT)
    city: dict[Pos, int] = saved(CITY)  # position -> card instance; frozen once shared
    bricks: tuple[Pos, ...] = saved(BRICKS)  # farms holding a brick token, sorted
    points: dict[Pos, int] = saved(POINTS)  # thermal baths' point tokens; frozen once shared
    hand: tuple[HandCard, ...] = saved(HAND)
    influence_cards: tuple[int, ...] = saved(INTS)
    # Derived, not saved: where the city may grow (``rome.city.Places``), worked out by the
    # verbs on first need; a copy shares it along with the city, and a build makes the next.
    places: Places | None = field(default=None, compare=False)
    copy: ClassVar[Callable[[PlayerState], PlayerState]]  # made from the fields below

    def to_dict(self) -> dict[str, JSONLike]:
        return _dump(self)

    @staticmethod
    def from_dict(data: JSON) -> PlayerState:
        saved = _saved_fields(data, PLAYER_FIELDS, "a player record")
        return PlayerState(**{f.name: f.metadata["codec"].load(saved[f.name], f.name)
                              for f in PLAYER_SCHEMA})


PLAYERS = Codec(lambda v: [p.to_dict() for p in v],
                lambda v, what: tuple(PlayerState.from_dict(p) for p in _list(v, what)))


@dataclass(slots=True, repr=False)
class GameState:
    """A whole position.  Build one with :func:`rome.new_game`; never change one."""

    num_players: int = saved(INT)
    shrine: bool = saved(BOOL)
    seed: int = saved(SEED)
    rng: int = saved(RNG)
    round: int = saved(INT)  # 1-based; 0 during the opening draft
    phase: Phase = saved(_enum(Phase))
    step: Step = saved(_enum(Step))
    first_player: int = saved(INT)
    decks: dict[str, tuple[int, ...]] = saved(PILES)  # top of deck first
    offer: dict[str, tuple[int, ...]] = saved(PILES)
    influence_pool: tuple[int, ...] = saved(INTS)  # influence cards waiting on the table
    strips: tuple[tuple[int, bool], ...] = saved(STRIP_STACK)  # (strip, flipped); [0] in use
    spaces: tuple[int, ...] = saved(INTS)  # seat on each strip space, -1 if empty
    placed: int = saved(INT)  # emissaries placed this round
    acting: int = saved(INT)  # strip space (1-5) of the emissary whose turn it is, 0 if none
    built: bool = saved(BOOL)
    produced: bool = saved(BOOL)
    pending_draws: int = saved(INT)  # cards the School just built will draw
    draw: tuple[int, ...] = saved(INTS)  # cards a School drew, waiting for ``keep``
    draw_deck: str = saved(TEXT)
    draft_pool: tuple[int, ...] = saved(INTS)
    draft_turn: int = saved(INT)  # how many players have chosen in the opening draft
    removed: tuple[int, ...] = saved(INTS)  # buildings replaced by aqueducts: back in the box
    players: tuple[PlayerState, ...] = saved(PLAYERS)
    # The legal actions of this state, worked out on first ask: rules.py alone reads and
    # writes it (ask through rome.legal_actions, rome.is_legal or rome.parse_legal).
    _legal: tuple[Action, ...] | None = field(default=None, init=False, compare=False)
    copy: ClassVar[Callable[[GameState], GameState]]  # made from the fields below

    def __repr__(self) -> str:
        return (f"<GameState {self.num_players}p round {self.round} {self.phase}"
                f"{'/' + self.step if self.step else ''}>")

    # -- saving -------------------------------------------------------------------
    def to_dict(self) -> dict[str, JSONLike]:
        """Plain JSON-safe data describing this state completely."""
        return {"version": SAVE_VERSION, **_dump(self)}

    @staticmethod
    def from_dict(data: JSON) -> GameState:
        """Rebuild a state saved by :meth:`to_dict`; raises :class:`StateError` if the
        data is from another version or describes something no game could reach."""
        try:
            state = _read(data)
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise StateError(f"malformed saved game: {_short(exc)}") from None
        check_state(state)
        return state


PLAYER_SCHEMA = tuple(f for f in fields(PlayerState) if "codec" in f.metadata)
GAME_SCHEMA = tuple(f for f in fields(GameState) if "codec" in f.metadata)
PLAYER_FIELDS = tuple(f.name for f in PLAYER_SCHEMA)
GAME_FIELDS = tuple(f.name for f in GAME_SCHEMA)
# ``copy()``: a shallow copy (every value is immutable or treated as frozen), for the rules'
# copy-on-write.  It keeps the derived caches that are constructor arguments (true as long
# as the fields they derive from are shared) and resets the others (the legal actions).
PlayerState.copy = _copier(PlayerState)
GameState.copy = _copier(GameState)


def _read(d: JSON) -> GameState:
    if not isinstance(d, dict):
        raise StateError("a saved game is a JSON object")
    if type(d.get("version")) is not int or d["version"] != SAVE_VERSION:  # not true, not 1.0
        raise StateError(f"saved game version {_short(d.get('version'))} is not "
                         f"{SAVE_VERSION}: it cannot be read by this version of the game")
    saved = _saved_fields(d, GAME_FIELDS, "a saved game", frozenset({"version"}))
    s = GameState(**{f.name: f.metadata["codec"].load(saved[f.name], f.name)
                     for f in GAME_SCHEMA})
    if s.num_players not in SHAPES:
        raise StateError(f"{s.num_players} players is not a game of 2 to 4")
    return s


__all__ = ["GameState", "PlayerState", "Phase", "Step", "Pos", "SAVE_VERSION", "everyone"]
