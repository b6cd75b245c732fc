"""What an embed view's reducer and renderer hand the page: the same pattern as the table's
(``ui.model``), kept small because an embed view has a handful of events.

Each view is a frozen state, a pure ``reduce(state, event) -> (state, effects)`` and a pure
``frame(state) -> Frame``; ``ui.embed.page`` dispatches one event, writes the parts of the
frame that changed (one render per event) and runs the effects. Pure: tested on CPython.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


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
