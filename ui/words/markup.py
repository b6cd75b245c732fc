"""Tiny HTML helpers shared by every view module.

Why: views build HTML as strings (one innerHTML swap per sub-container is far cheaper
under Pyodide than creating DOM nodes one by one), so escaping must be in one place.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyodide.ffi import JsProxy

SEAT_COLOURS: tuple[str, ...] = ("#6b3fa0", "#d9731a", "#f4f1ea", "#7a4a26")
"""The physical game's player colours: purple, orange, white, brown."""
SEAT_COLOUR_NAMES: tuple[str, ...] = ("purple", "orange", "white", "brown")


Attr = str | int | float | bool | None
"""An attribute's value: text or a number is written, True bare, None and False not at all."""


@lru_cache(maxsize=4096, typed=True)  # typed: True and 1 are different words
def esc(text: str | int | float) -> str:
    """Escape any value for use in element text or a double-quoted attribute.

    Cached: a table is drawn again whole at every move, with mostly the same names and
    numbers (escaping was a fifth of drawing it, in a worker that answers each input)."""
    return escape(str(text), quote=True)


def attrs(**values: Attr) -> str:
    """Render keyword arguments as HTML attributes (``data_x`` -> ``data-x``).

    ``None`` and ``False`` omit the attribute, ``True`` writes it bare.
    """
    out = []
    for key, value in values.items():
        name = key.rstrip("_").replace("_", "-")
        if value is None or value is False:
            continue
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def button(label: str, *, cls: str = "btn", aria: str | None = None, **extra: Attr) -> str:
    """A native button (keyboard-activatable, focusable) with an accessible name.

    A longer spoken name (``aria``) replaces the drawn or short label as hidden text rather
    than ``aria-label``, so the name never contradicts the words drawn on a card (axe:
    label-content-name-mismatch); plain buttons speak their visible text.
    """
    if aria:
        return (f'<button type="button"{attrs(class_=cls, **extra)}>'
                f'<span aria-hidden="true">{label}</span>{sr_only(aria)}</button>')
    return f'<button type="button"{attrs(class_=cls, **extra)}>{label}</button>'


def sr_only(text: str) -> str:
    """Text for screen readers only."""
    return f'<span class="sr-only">{esc(text)}</span>'


def present(value: JsProxy | str | None) -> bool:
    """True unless ``value`` is Python None or JavaScript null/undefined.

    Why: in this Pyodide, DOM look-ups that find nothing return a ``JsNull`` proxy,
    not None, so ``is None`` tests alone would let null through.
    """
    return value is not None and type(value).__name__ not in ("JsNull", "JsUndefined")
