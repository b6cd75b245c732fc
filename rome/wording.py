"""Plain words for the game log and the advice: building names, counts, lists, places and
moves as a person writes them.

The verbs narrate their own actions and :mod:`rome.narrate` the consequences; both write
with these, and so do the hint and the review (:func:`action_words`), so a move reads the
same wherever a player meets it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .actions import Action
from .cards import BUILDINGS
from .city import Pos, neighbours
from .flow import city_kinds, current_player
from .state import GameState


def building_name(kind: str) -> str:
    """A building's printed name, for log lines."""
    return BUILDINGS[kind].name if kind in BUILDINGS else kind


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 cog``, ``2 cogs``: log lines never say ``cog(s)``."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def listed(words: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


NUMBER_WORDS = ("no", "one", "two", "three", "four")


def _plural(name: str, n: int) -> str:
    """``Vegetable Farm``, ``two Vegetable Farms`` (a city has at most four of a kind
    around one space)."""
    if n == 1:
        return name
    return f"{NUMBER_WORDS[n]} {name}{'' if name.endswith('s') else 's'}"


def beside(city: Mapping[Pos, str], pos: Pos) -> str:
    """The buildings of ``city`` (kind by position) that touch ``pos``, as the board shows
    them: ``Forum Romanum and two Vegetable Farms``; empty if none.  Why names and not
    coordinates: the board draws buildings, never row or column numbers."""
    counts: dict[str, int] = {}
    for n in neighbours(pos):
        if n in city:
            name = building_name(city[n])
            counts[name] = counts.get(name, 0) + 1
    return listed([_plural(name, k) for name, k in counts.items()]) if counts else ""


def place_words(city: Mapping[Pos, str], pos: Pos, owner: str = "your") -> str:
    """Where a building goes, said the way the board shows it: ``in place of your
    Aqueduct, next to your Market and School``."""
    parts = []
    if pos in city:
        parts.append(f"in place of {owner} {building_name(city[pos])}")
    near = beside({p: k for p, k in city.items() if p != pos}, pos)
    if near:
        parts.append(f"next to {owner} {near}")
    return ", ".join(parts)


def action_words(action: Action, city: Mapping[Pos, str]) -> str:
    """A move said in a player's words (never the notation), ``city`` being the mover's
    (kind by position) for where a building goes."""
    verb, kind = action.verb, action.kind
    name = building_name(kind) if kind is not None else ""
    if verb in ("draft", "keep"):
        return f"keep the {name}"
    if verb == "place":
        return f"place an emissary on space {action.space} of the strip"
    if verb == "take":
        return f"take the {name} from the offer"
    if verb == "build":
        assert action.row is not None and action.col is not None  # a build names its space
        where = place_words(city, (action.row, action.col))
        return f"build the {name}" + (f" {where}" if where else "")
    if verb == "produce":
        return "produce"
    if verb == "school":
        return f"draw from deck {action.deck} for your School"
    return "end the turn"


def move_words(state: GameState, action: Action) -> str:
    """:func:`action_words` for the seat to act in ``state`` (its own city places builds)."""
    seat = current_player(state)
    return action_words(action, {} if seat is None else city_kinds(state, seat))
