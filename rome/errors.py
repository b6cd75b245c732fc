"""Every error the engine raises on bad input, in one place.

All derive from :class:`RomeError` (itself a ``ValueError``, so older callers that catch
``ValueError`` keep working), and every message says what was wrong and what would be
accepted, so a person reading it can act on it.  A caller that only wants to know "was
my input bad?" catches :class:`RomeError`; anything else escaping a public function is a
bug in the engine.
"""

from __future__ import annotations


class RomeError(ValueError):
    """Base of every error the engine raises on bad input."""


class SetupError(RomeError):
    """A game that cannot be set up (player count, seed) or an AI level or seat that
    does not exist."""


class IllegalActionError(RomeError):
    """An action that is not in ``legal_actions`` of the state it was applied to."""


class NotationError(RomeError):
    """Text that is not an action in the game's notation."""


class StateError(RomeError):
    """Saved data that no game could produce (or from another save version)."""


class ObservationError(RomeError):
    """An observation that no game position could give (``sample_state``), or a seat
    that is not in the game (``observation``)."""


class ScoreInputError(RomeError):
    """A city description for the score command that no game could produce."""


__all__ = ["IllegalActionError", "NotationError", "ObservationError", "RomeError",
           "ScoreInputError", "SetupError", "StateError"]
