"""Actions: one small immutable type, written in one compact notation everywhere.

The text form (``str(action)``) is what the game log, the UI's ``data-action``
attributes, saved games and the tests all use, and :meth:`Action.parse` reads it back:

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

Each verb's pattern and text form live with its legality, effect and narration in
:mod:`rome.verbs`, which sits above this module (its verbs make actions) and hands its
reader and writer of the notation down with :func:`use_notation` as it loads.

City coordinates are fixed for the whole game: the starting vegetable farm is at row 0,
column 0 and the starting house at row 0, column 1; rows grow downwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

_UNLOADED = "the notation is declared by rome.verbs, which importing rome loads"


def _text_unloaded(action: Action) -> str:
    raise RuntimeError(_UNLOADED)


def _parse_unloaded(text: str) -> Action:
    raise RuntimeError(_UNLOADED)


_to_text: Callable[[Action], str] = _text_unloaded
_parse: Callable[[str], Action] = _parse_unloaded


def use_notation(to_text: Callable[[Action], str], parse: Callable[[str], Action]) -> None:
    """Install the verb table's writer and reader of the notation (called once, by
    :mod:`rome.verbs`): ``str(action)`` and :meth:`Action.parse` use them."""
    global _to_text, _parse
    _to_text, _parse = to_text, parse


class Action(NamedTuple):
    """A decision of the player to act.  Fields a verb does not use are ``None``; those it
    uses (its row's ``fields`` in :data:`rome.verbs.VERBS`) are always set, and code that
    reads one narrows it with an ``assert`` that says which verb guarantees it."""

    verb: str
    kind: str | None = None  # building kind for draft/take/build/keep
    deck: str | None = None  # deck for take/school
    row: int | None = None  # city position for build
    col: int | None = None
    space: int | None = None  # strip space for place

    def __str__(self) -> str:
        return _to_text(self)

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action back from its canonical notation; raises
        :class:`~rome.errors.NotationError` for anything else."""
        return _parse(text)


_INTERNED: dict[Action, Action] = {}
_INTERNED_MAX = 8192


def make(verb: str, kind: str | None = None, deck: str | None = None, row: int | None = None,
         col: int | None = None, space: int | None = None) -> Action:
    """An interned action: legal-move generation and parsing reuse one object per distinct
    action, so ``apply_action`` recognises a legal action by identity.  The table is
    bounded (any text can make an action, and a page may stay open all evening)."""
    action = Action(verb, kind, deck, row, col, space)
    found = _INTERNED.get(action)
    if found is None:
        if len(_INTERNED) >= _INTERNED_MAX:
            _INTERNED.clear()
        found = _INTERNED[action] = action
    return found
