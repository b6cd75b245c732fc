"""The verbs, one table: each verb's pattern, text form, legality, effect and narration.

A row of :data:`VERBS` says everything about one verb, so adding or changing a verb is
one place: its notation (a regular expression over the canonical text and the format that
writes it back), the legal actions of that verb in a state, what it does to a fresh copy
of the state, and the log line that tells it.  :data:`STEP_VERBS` says which verbs a
phase/step offers, in the order ``legal_actions`` lists them.

The functions a row names are written by family: the verbs that move cards into a hand
(:mod:`rome.verbs_cards`), the strip's (:mod:`rome.verbs_strip`) and the city's
(:mod:`rome.verbs_city`).  This module also reads and writes the notation, and hands both
down to :class:`rome.actions.Action` (which the verbs' modules build, so it cannot import
them) when it loads.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from .actions import Action, make, use_notation
from .cards import BUILDINGS
from .errors import NotationError
from .phases import ACT, ACTION, DRAFT, EMISSARY, NONE, SCHOOL_DECK, SCHOOL_KEEP, TAKE, Phase, Step
from .state import GameState
from .verbs_cards import (
    DRAFTS,
    KEEPS,
    apply_draft,
    apply_keep,
    apply_school,
    apply_take,
    kinds_in,
    legal_school,
    legal_take,
    tell_keep,
    tell_take,
)
from .verbs_city import (
    apply_build,
    apply_produce,
    legal_build,
    legal_produce,
    tell_build,
    tell_produce,
)
from .verbs_strip import apply_end, apply_place, legal_end, legal_place
from .wording import counted


@dataclass(frozen=True)
class Verb:
    """One row of :data:`VERBS`: everything about one verb."""

    name: str
    pattern: str  # regular expression over the text after the verb (ASCII only)
    fields: tuple[str, ...]  # the Action fields the pattern's groups fill, in order
    text: Callable[[Action], str]
    legal: Callable[[GameState], tuple[Action, ...]]
    apply: Callable[[GameState, Action], None]
    narrate: Callable[[GameState, Action, GameState, str], str]


# -- the table --------------------------------------------------------------------------

_KIND = r"([a-z][a-z0-9-]{0,30})"
_DECK = r"(I|II|III|IV)"
_INT = r"(0|-?[1-9][0-9]?)"

VERBS: dict[str, Verb] = {v.name: v for v in (
    Verb("draft", _KIND, ("kind",), lambda a: f"draft {a.kind}",
         lambda s: kinds_in(s, DRAFTS, s.draft_pool), apply_draft,
         lambda b, a, s, who: f"{who} keeps a card from the opening draft."),
    Verb("place", r"([1-9])", ("space",), lambda a: f"place {a.space}", legal_place, apply_place,
         lambda b, a, s, who: f"{who} places an emissary on space {a.space}."),
    Verb("take", rf"{_DECK}:{_KIND}", ("deck", "kind"), lambda a: f"take {a.deck}:{a.kind}",
         legal_take, apply_take, tell_take),
    Verb("build", rf"{_KIND} {_INT},{_INT}", ("kind", "row", "col"),
         lambda a: f"build {a.kind} {a.row},{a.col}", legal_build, apply_build, tell_build),
    Verb("produce", "", (), lambda a: "produce", legal_produce, apply_produce, tell_produce),
    Verb("school", _DECK, ("deck",), lambda a: f"school {a.deck}", legal_school, apply_school,
         lambda b, a, s, who: f"{who} draws {counted(len(s.draw), 'card')} from deck {a.deck}."),
    Verb("keep", _KIND, ("kind",), lambda a: f"keep {a.kind}",
         lambda s: kinds_in(s, KEEPS, s.draw), apply_keep, tell_keep),
    Verb("end", "", (), lambda a: "end", legal_end, apply_end,
         lambda b, a, s, who: f"{who} ends the turn."),
)}

STEP_VERBS: dict[tuple[Phase, Step], tuple[Verb, ...]] = {
    (DRAFT, NONE): (VERBS["draft"],),
    (EMISSARY, NONE): (VERBS["place"],),
    (ACTION, TAKE): (VERBS["take"],),
    (ACTION, ACT): (VERBS["build"], VERBS["produce"], VERBS["end"]),
    (ACTION, SCHOOL_DECK): (VERBS["school"],),
    (ACTION, SCHOOL_KEEP): (VERBS["keep"],),
}


# -- notation ---------------------------------------------------------------------------

MAX_TEXT = 64
"""No canonical action is longer; longer text is refused before any work is done."""

_PATTERNS = {name: re.compile(rf"{name} {v.pattern}" if v.pattern else name, re.ASCII)
             for name, v in VERBS.items()}


@lru_cache(maxsize=4096)
def to_text(action: Action) -> str:
    """The canonical notation of ``action``."""
    verb = VERBS.get(action.verb)
    if verb is None:
        raise NotationError(f"{action.verb!r:.40} is not a verb: one of {', '.join(VERBS)}")
    return verb.text(action)


def parse(text: str) -> Action:
    """Read the canonical notation; the inverse of ``str(action)``.  Anything else (other
    spacing, capitals, non-ASCII digits, leading zeros, unknown buildings) raises
    :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise NotationError(f"not an action: {len(text)} characters is longer than any")
    return _parse(text)


@lru_cache(maxsize=1024)
def _parse(text: str) -> Action:
    name = text.split(" ", 1)[0]
    pattern = _PATTERNS.get(name)
    m = pattern.fullmatch(text) if pattern is not None else None
    if m is None:
        raise NotationError(f"not an action: {text!r}; write for example 'place 3', "
                            "'take II:house-3', 'build house-3 -1,0', 'produce' or 'end'")
    values = dict(zip(VERBS[name].fields, m.groups(), strict=True))
    kind = values.get("kind")
    if kind is not None and kind not in BUILDINGS:
        raise NotationError(f"not an action: {kind!r} is not a building")
    row, col, space = (int(values[k]) if k in values else None for k in ("row", "col", "space"))
    return make(name, kind, values.get("deck"), row, col, space)


use_notation(to_text, parse)
