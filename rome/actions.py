"""Actions: one small immutable type and the one compact notation used everywhere.

The text form (``str(action)``) is what the game log, the UI's ``data-action``
attributes, saved games and the tests all use, and :func:`Action.parse` reads it back:

==========================  ==================================================
``draft house-3``           keep a card from the opening deck II draft
``place 3``                 put an emissary on strip space 3 (1 = by the emperor)
``take II:house-3``         take the deck II house-3 from the offer
``build house-3 -1,0``      build a card from hand at row -1, column 0
``produce``                 use every production building once
``school III``              choose the deck a School or University draws from
``keep temple-cupid``       keep one of the cards the School drew
``end``                     end the turn
==========================  ==================================================

City coordinates are fixed for the whole game: the starting vegetable farm is at row 0,
column 0 and the starting house at row 0, column 1; rows grow downwards.
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from .errors import NotationError

VERBS = ("draft", "place", "take", "build", "produce", "school", "keep", "end")


class Action(NamedTuple):
    """A decision of the player to act.  Unused fields keep their defaults."""

    verb: str
    kind: str = ""  # building kind for draft/take/build/keep
    deck: str = ""  # deck for take/school
    row: int = 0
    col: int = 0
    space: int = 0  # strip space for place

    def __str__(self) -> str:
        return to_text(self)

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action back from its notation; raises :class:`NotationError`."""
        return parse(text)


@cache
def to_text(action: Action) -> str:
    verb = action.verb
    if verb in ("produce", "end"):
        return verb
    if verb == "place":
        return f"place {action.space}"
    if verb == "take":
        return f"take {action.deck}:{action.kind}"
    if verb == "build":
        return f"build {action.kind} {action.row},{action.col}"
    if verb == "school":
        return f"school {action.deck}"
    return f"{verb} {action.kind}"  # draft, keep


_KIND = r"([a-z][a-z0-9-]*)"
_DECK = r"(I|II|III|IV)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("produce", re.compile(r"produce")),
    ("end", re.compile(r"end")),
    ("place", re.compile(r"place ([1-9])")),
    ("take", re.compile(rf"take {_DECK}:{_KIND}")),
    ("build", re.compile(rf"build {_KIND} (-?\d+),(-?\d+)")),
    ("school", re.compile(rf"school {_DECK}")),
    ("draft", re.compile(rf"draft {_KIND}")),
    ("keep", re.compile(rf"keep {_KIND}")),
)


def parse(text: str) -> Action:
    """Parse the notation; the inverse of ``str(action)``."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not {type(text).__name__}")
    return _parse(text)


@cache
def _parse(text: str) -> Action:
    for verb, pattern in _PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        g = m.groups()
        if verb in ("produce", "end"):
            return make(verb)
        if verb == "place":
            return make(verb, space=int(g[0]))
        if verb == "take":
            return make(verb, kind=g[1], deck=g[0])
        if verb == "build":
            return make(verb, kind=g[0], row=int(g[1]), col=int(g[2]))
        if verb == "school":
            return make(verb, deck=g[0])
        return make(verb, kind=g[0])
    raise NotationError(f"not an action: {text!r}")


@cache
def make(verb: str, kind: str = "", deck: str = "", row: int = 0, col: int = 0,
         space: int = 0) -> Action:
    """An interned action: legal-move generation reuses one object per distinct action."""
    return Action(verb, kind, deck, row, col, space)
