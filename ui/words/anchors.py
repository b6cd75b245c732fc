"""The rules dialog's section ids: stable, so anything may link to a section.

Why constants: a card's details, the prompt's "why?", the dialog's contents and (later)
the tutorial and the lessons open the rules at a section by its id (the ``Panel("help",
anchor)`` event); the reducer accepts only ids listed here, and a test checks that each
names a section the dialog draws. The lesson topics of ``embed.html?view=lesson`` use
the same words (``rules-emissaries`` explains the topic ``emissaries``).
"""

from __future__ import annotations

import rome

TOP = "help-title"
"""The dialog's title: opening "at the top" focuses it."""

GOAL = "rules-goal"
DRAFT = "rules-draft"
ROUND = "rules-round"
UPKEEP = "rules-upkeep"
EMISSARIES = "rules-emissaries"
TURN = "rules-turn"
BRICKS_AND_COGS = "rules-bricks-and-cogs"
BUILDING = "rules-building"
PRODUCTION = "rules-production"
PUBLIC_BUILDINGS = "rules-public-buildings"
INFLUENCE = "rules-influence"
END = "rules-end"
FINAL_SCORING = "rules-final-scoring"
RESIDENTIAL = "rules-residential"
BATHS = "rules-baths"
AQUEDUCTS = "rules-aqueducts"
TEMPLES = "rules-temples"
COINS = "rules-coins"
FINAL_INFLUENCE = "rules-final-influence"
SHRINE = "rules-shrine"
WINNING = "rules-winning"
BUILDINGS = "rules-buildings"
ADVICE = "rules-advice"
KEYS = "rules-keys"

SECTIONS = (GOAL, DRAFT, ROUND, UPKEEP, EMISSARIES, TURN, BRICKS_AND_COGS, BUILDING,
            PRODUCTION, PUBLIC_BUILDINGS, INFLUENCE, END, FINAL_SCORING, RESIDENTIAL, BATHS,
            AQUEDUCTS, TEMPLES, COINS, FINAL_INFLUENCE, SHRINE, WINNING, BUILDINGS, ADVICE,
            KEYS)
"""Every section of the rules, in the dialog's order (each building's entry follows
``BUILDINGS``)."""


def building(kind: str) -> str:
    """The id of a building's entry: ``rules-card-market``."""
    return f"rules-card-{kind}"


ANCHORS = frozenset(SECTIONS) | {building(kind) for kind in rome.BUILDINGS}
"""Every id the dialog may be opened at."""


def heading(anchor: str) -> str:
    """The selector of what is focused when the dialog opens at ``anchor``: the title of
    its section (or the dialog's title)."""
    return f"#{TOP}" if anchor == TOP else f"#{anchor} .rules-h"


def for_decision(obs: rome.Observation, selection: str) -> str:
    """The section that explains the decision ``obs`` asks for (the prompt's "why?"):
    the draft, the strip, a School's draw, where a chosen card may go, the turn (taking
    from the offer, building, producing)."""
    step = obs["step"]
    if obs["phase"] == "draft":
        return DRAFT
    if obs["phase"] == "emissary":
        return EMISSARIES
    if step in ("school-deck", "school-keep"):
        return building("school")
    if selection:
        return AQUEDUCTS if rome.BUILDINGS[selection].type == "aqueduct" else BUILDING
    return TURN
