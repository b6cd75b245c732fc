"""What an embed view's reducer and renderer hand the page: the same pattern as the table's
(``ui.model``), kept small because an embed view has a handful of events.

Each view is a frozen state, a pure ``reduce(state, event) -> (state, effects)`` and a pure
``frame(state) -> Frame``; ``ui.embed.page`` dispatches one event, writes the parts of the
frame that changed (one render per event) and runs the effects. Pure: tested on CPython.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal, TypedDict, cast, get_args

from ui.saves.save import parse_bounded
from ui.saves.session import SaveError


@dataclass(frozen=True)
class Frame:
    """What a view shows: the markup of each container (by element id), the value of
    attributes the page keeps in step (by CSS selector and attribute name), and the one
    control a lesson asks for (a selector; "" none), which alone carries
    ``data-tutorial-target``."""

    regions: Mapping[str, str]
    attributes: Mapping[tuple[str, str], str] = field(default_factory=dict)
    mark: str = ""


@dataclass(frozen=True)
class Focus:
    """After the render: focus the element matching ``selector``."""

    selector: str


@dataclass(frozen=True)
class Keep:
    """The reader is typing in the container ``region``: count its new markup as drawn
    without writing it (rewriting would take away the field they are typing in)."""

    region: str


Effect = Focus | Keep


InputKind = Literal["click", "typed", "key"]
MAX_INPUT_CHARS = 20_000
"""A view's input message carries at most a field's text (its box bounds it far lower)."""


class ViewInput(TypedDict):
    """One input of a view, posted by the page's input half (``romeInput.listenView``):
    ``click`` on an element carrying the attribute ``name`` (its value ``value``),
    ``typed`` into a field carrying ``name`` (``value`` that attribute's value, ``typed``
    the field's text), ``key`` pressed (``name``)."""

    kind: InputKind
    name: str
    value: str
    typed: str


class ViewInputError(ValueError):
    """A message of another shape (a sentence)."""


def read_input(text: str) -> ViewInput:
    """The message ``text`` holds, bounded and checked before it is read (raises
    :class:`ViewInputError`)."""
    try:
        data = parse_bounded(text, "a view's input message", MAX_INPUT_CHARS, max_depth=1)
    except SaveError as exc:
        raise ViewInputError(f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
    if not isinstance(data, dict) or set(data) != set(ViewInput.__annotations__) \
            or not all(isinstance(v, str) for v in data.values()) \
            or data["kind"] not in get_args(InputKind):
        raise ViewInputError("A view's input message is not of its shape.")
    return cast(ViewInput, data)
