"""The one source of legality: what the player to act may do, and doing it.

``legal_actions`` lists exactly the actions of the verbs the current phase/step offers
(:data:`rome.verbs.STEP_VERBS`); ``apply_action`` accepts exactly those and returns a
new state.  The list is worked out once per state and kept with it: that cache belongs
to this module alone, and :func:`is_legal` / :func:`parse_legal` are the public ways to
ask about one action.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .errors import IllegalActionError
from .flow import current_player
from .phases import NONE, OVER
from .state import GameState
from .verbs import STEP_VERBS, VERBS, parse
from .verbs_strip import ALWAYS

_LegalFn = Callable[[GameState], tuple[Action, ...]]


def _one_function(legals: tuple[_LegalFn, ...]) -> _LegalFn:
    """A step's legal actions as one call: the verb's own function when the step offers
    one verb, else its verbs' lists joined in the table's order (the act step's three
    written out, as every other turn asks for them, the last one's list taken as it is
    when it never depends on the state, as ending a turn's does not)."""
    if len(legals) == 1:
        return legals[0]
    if len(legals) == 3:
        first, second, third = legals
        if third in ALWAYS:
            constant = ALWAYS[third]
            return lambda state: first(state) + second(state) + constant
        return lambda state: first(state) + second(state) + third(state)

    def joined(state: GameState) -> tuple[Action, ...]:
        out: tuple[Action, ...] = ()
        for legal in legals:
            out += legal(state)
        return out

    return joined


def _nothing(state: GameState) -> tuple[Action, ...]:
    return ()


# By phase, then step (two lookups of text keys are cheaper than hashing a tuple key).
_STEP_LEGAL: dict[str, dict[str, _LegalFn]] = {}
for (_phase, _step), _verbs in STEP_VERBS.items():
    _STEP_LEGAL.setdefault(_phase, {})[_step] = _one_function(tuple(v.legal for v in _verbs))
_STEP_LEGAL[OVER] = {NONE: _nothing}
_APPLY = {name: verb.apply for name, verb in VERBS.items()}


def _legal(state: GameState) -> tuple[Action, ...]:
    cached = state._legal
    if cached is None:
        cached = state._legal = _STEP_LEGAL[state.phase][state.step](state)
    return cached


def legal_actions(state: GameState) -> list[Action]:
    """Exactly the actions the player to act may take, in a fixed order."""
    cached = state._legal  # _legal written out: this is every caller's first question
    if cached is None:
        cached = state._legal = _STEP_LEGAL[state.phase][state.step](state)
    return list(cached)


def is_legal(state: GameState, action: Action) -> bool:
    """True if ``action`` is one of ``legal_actions(state)``."""
    return action in _legal(state)


def parse_legal(state: GameState, text: str) -> Action:
    """The legal action written ``text`` (canonical notation) in ``state``.

    Raises :class:`NotationError` for text that is not an action at all and
    :class:`IllegalActionError` for an action the player to act may not take now.
    """
    action = parse(text)
    for candidate in _legal(state):
        if candidate == action:
            return candidate
    raise IllegalActionError(_why_illegal(state, action))


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Raises :class:`IllegalActionError` for anything ``legal_actions`` does not list.
    """
    legal = state._legal
    if legal is None:
        legal = _legal(state)
    if type(action) is not Action or action not in legal:  # identity first: interned
        raise IllegalActionError(_why_illegal(state, action))
    s = state.copy()
    _APPLY[action.verb](s, action)
    return s


def _why_illegal(state: GameState, action: object) -> str:
    who = current_player(state)
    if not isinstance(action, Action):
        return f"not an Action: {action!r:.60}; read one with rome.Action.parse"
    if who is None:
        return f"{action}: the game is over"
    where = f"{state.phase}" + (f"/{state.step}" if state.step else "")
    return (f"{action}: not legal for player {who} now ({where}); "
            "rome.legal_actions(state) lists what is")
