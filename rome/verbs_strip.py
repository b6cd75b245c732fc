"""The verbs of the strip: ``place`` an emissary, and ``end`` its turn, which takes it off.

Their rows in :data:`rome.verbs.VERBS` say how each is written and told.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, make
from .cards import SHAPES
from .flow import start_turn
from .phases import ACTION
from .state import GameState

# -- place ------------------------------------------------------------------------------

_PLACES = tuple(make("place", space=i) for i in range(1, 6))


class _PlacesFor(dict[tuple[int, ...], tuple[Action, ...]]):
    """The place actions for each strip occupancy (5 spaces of up to 4 seats or empty:
    a few thousand at most), made on first use: every emissary placement asks."""

    def __missing__(self, spaces: tuple[int, ...]) -> tuple[Action, ...]:
        found = self[spaces] = tuple([_PLACES[i] for i, s in enumerate(spaces) if s < 0])
        return found


_PLACES_FOR = _PlacesFor()


def legal_place(state: GameState) -> tuple[Action, ...]:
    return _PLACES_FOR[state.spaces]


_EMISSARIES_PER_ROUND = {n: n * shape.emissaries for n, shape in SHAPES.items()}


def apply_place(s: GameState, action: Action) -> None:
    space = action.space
    assert space is not None  # a place names its space
    n = s.num_players
    placed = s.placed
    spaces = list(s.spaces)
    spaces[space - 1] = (s.first_player + placed) % n
    s.spaces = tuple(spaces)
    s.placed = placed = placed + 1
    if placed == _EMISSARIES_PER_ROUND[n]:
        s.phase = ACTION
        start_turn(s, 1)


# -- end --------------------------------------------------------------------------------

_END = make("end")


def legal_end(state: GameState) -> tuple[Action, ...]:
    """Ending the turn is always open in the act step."""
    return (_END,)


ALWAYS: dict[Callable[[GameState], tuple[Action, ...]], tuple[Action, ...]] = {
    legal_end: (_END,)}
"""The legal-action functions whose list never depends on the state, with that list:
joining a step's lists, ``rome.rules`` takes it as it is rather than calling for it."""


def apply_end(s: GameState, action: Action) -> None:
    """The emissary leaves the strip; the next one towards the far end acts."""
    acting = s.acting
    spaces = s.spaces
    s.spaces = spaces[:acting - 1] + (-1,) + spaces[acting:]
    start_turn(s, acting + 1)
