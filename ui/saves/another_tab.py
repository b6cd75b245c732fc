"""Another tab's game, read by a tab that shows it or takes it over.

Why apart from the slots (``ui.saves.save``): a tab that follows another's saves reads
the slot again after every move over there, so it plays only the moves it lacks rather
than the whole game each time; and a tab taking a game over prefers the game the other
tab handed over (what it had, saved or not: its storage may have refused the last moves)
to the slot. Both are outside input like any save: bounded, every move checked.
"""

from __future__ import annotations

from collections.abc import Mapping

import rome
from ui.saves.save import Saves, check_moves, parse_bounded
from ui.saves.session import SaveError, Session
from ui.words.names import quote

_HEADER = ("version", "seats", "seed", "shrine")
"""The fields that make two saves the same game, whatever their moves."""


def follow(saves: Saves, slot: str, base: Session | None) -> Session:
    """The game in ``slot`` as another tab saved it (raises SaveError; nothing is set
    aside: the tab that wrote it is playing it)."""
    text = saves.game_text(slot)
    if text is None:
        raise SaveError("that saved game no longer exists (deleted in another tab?)")
    return read(text, "the saved game", base)


def latest(saves: Saves, slot: str, handed: str | None, base: Session | None
           ) -> Session | None:
    """The game to go on with on taking ``slot`` over: ``handed`` (the JSON text of the
    game the other tab had) if it is this game, else the slot's, else None (nothing
    stored yet: a new game). Never raises."""
    if handed is not None and base is not None:
        try:
            game = read(handed, "the other tab's game", base)
        except SaveError:
            pass  # not a game, or not this one: the slot says what was saved
        else:
            if _header(game.to_save()) == _header(base.to_save()):
                return game
    try:
        return follow(saves, slot, base)
    except SaveError:
        return None


def read(text: str, what: str, base: Session | None) -> Session:
    """A stored or handed game (raises SaveError). When it is ``base``'s game with moves
    added, only those are played."""
    data = parse_bounded(text, what)
    check_moves(data, what)
    if base is None or not isinstance(data, dict) \
            or _header(data) != _header(base.to_save()):
        return Session.from_save(data)
    moves, auto = data.get("actions"), data.get("auto")
    done = len(base.actions)
    if not isinstance(moves, list) or not isinstance(auto, list) or len(auto) != len(moves) \
            or moves[:done] != base.actions or auto[:done] != base.auto:
        return Session.from_save(data)
    game = base
    try:
        for move, flag in zip(moves[done:], auto[done:], strict=True):
            game = game.after(str(move), bool(flag))
    except (rome.RomeError, ValueError, TypeError) as exc:
        raise SaveError(f"{what}'s moves do not make a legal game ({quote(str(exc), 80)})") \
            from None
    return game


def _header(data: Mapping[str, rome.JSONLike]) -> tuple[rome.JSONLike, ...]:
    return tuple(data.get(k) for k in _HEADER)
