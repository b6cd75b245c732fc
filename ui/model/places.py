"""Where a hint's suggestion goes on the table, as places the renderers name and mark: a
strip space, an offer card, a space of the player's city, a choice card; and the phone's
tab that shows each.

Why a module of its own: the model turns the AI's marks into places once (a suggestion's
``where``), and the renderers draw a mark on each place they name the same way, so the two
sides share these names and nothing else.
"""

from __future__ import annotations

from rome.ai.answers import Mark


def space_place(space: int) -> str:
    """The strip's space ``space`` as a place a suggestion marks."""
    return f"space:{space}"


def offer_place(deck: str, kind: str) -> str:
    """A card of the offer's deck ``deck``."""
    return f"offer:{deck}:{kind}"


def cell_place(row: int, col: int) -> str:
    """A space of the city of the seat the hint is for."""
    return f"cell:{row},{col}"


def choice_place(kind: str) -> str:
    """A card among the prompt's choices (the opening draft, a card to keep)."""
    return f"choice:{kind}"


PLACE_TABS = {"space": "board", "offer": "board", "cell": "me"}
"""The phone's tab (``ui.model.state.PHONE_TABS``) that draws each kind of place above; a
choice card is in the prompt, which every tab shows."""


def place_tab(where: tuple[str, ...]) -> str | None:
    """The phone's tab holding the first of a suggestion's places (None: the prompt's)."""
    tabs = [PLACE_TABS[p.partition(":")[0]] for p in where if p.partition(":")[0] in PLACE_TABS]
    return tabs[0] if tabs else None


def places(marks: list[Mark]) -> tuple[str, ...]:
    """Where a suggestion's plan is on the table, each place named as the table's renderers
    name it: the strip space of a placement, the offer card of a take, the city space of a
    build, the choice card of a draft or a keep."""
    out: list[str] = []
    for m in marks:
        card, deck, cell, space = m["card"], m["deck"], m["cell"], m["space"]
        if space is not None:
            out.append(space_place(space))
        elif m["verb"] == "take" and deck is not None and card is not None:
            out.append(offer_place(deck, card))
        elif cell is not None:
            out.append(cell_place(cell[0], cell[1]))
        elif m["verb"] in ("draft", "keep") and card is not None:
            out.append(choice_place(card))
    return tuple(dict.fromkeys(out))
