"""The record of games in the browser's storage: its JSON, read back bounded and checked,
and a finished game added to what storage holds at that moment.

Why apart from the record itself (``ui.saves.record``): what is stored is outside input
(another version, a hand-edited value, an attack), so it is bounded before it is parsed
(``parse_bounded``) and every value is checked against its bound (``ui.bounds.Place``);
anything wrong gives a sentence and a fresh record, and the damaged text is set aside
(``Store.set_aside``), never a failed start. Storage is the one :class:`Store` the saves
use, under the key ``record`` of the page's namespace.

Two tabs: a game is added by reading the stored record, adding the game and writing it
back in one go (:func:`add`), never by writing this tab's copy, which another tab may have
changed since (a game counted or the record reset over there). A tab hears the other tabs'
writes through :func:`heard`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from rome import JSON, JSONLike, ScoreInputError
from rome.ai.levels import LEVELS as STRENGTH
from rome.citycode import MAX_LENGTH, read_code
from ui.bounds import PLAYER_COUNTS, PLAYERS, Place, Whole
from ui.saves.record import MAX_COUNTED, BestCity, Finished, Record, Streak, Tally, counted
from ui.saves.save import parse_bounded
from ui.saves.session import SaveError
from ui.saves.storage import Store
from ui.words.names import quote

KEY = "record"
VERSION = 1
MARK = "great-city-of-rome record"
"""What the record says it is (a downloaded record is a file like any other)."""
MAX_RECORD_CHARS = 60_000
"""A full record (every level and seat count, 500 games' identities) is about 25 000."""
MAX_DEPTH = 3
"""An object, its lists, their objects: deeper is damage or an attack."""
MAX_GAMES = 1_000_000
MAX_SCORE = 999
"""Far above any city's score (the best found in play are about 150)."""
GAMES = Whole(0, MAX_GAMES)
SCORE = Whole(0, MAX_SCORE, "a score")
KEY_PATTERN = re.compile(r"[0-9]{1,16}-[2-4]s?-[0-9]{1,4}-[0-9a-f]{8}")
"""A game's identity as ``ui.saves.record.game_key`` writes it."""
STORED = Place("the record's", SaveError)
NOT_KEPT = ("This game could not be added to your record: the browser's storage is full or "
            "refused. The record shown lasts until this page closes.")
NOT_RESET = "Your record could not be reset: the browser's storage refused."
CLOSED = ("Your record of games is kept only until this page closes: this browser is not "
          "letting the site store anything.")


def to_json(rec: Record) -> str:
    """The record as stored and downloaded (JSON text)."""
    solo: list[JSONLike] = [{"level": level, "players": players, **_tally(t)}
                            for (level, players), t in sorted(rec.solo.items())]
    hot: list[JSONLike] = [{"players": players, **_tally(t)}
                           for players, t in sorted(rec.hotseat.items())]
    streaks: list[JSONLike] = [{"level": level, "now": s.now, "best": s.best}
                               for level, s in sorted(rec.streaks.items())]
    best = rec.best_city
    data: dict[str, JSONLike] = {
        "record": MARK, "version": VERSION, "solo": solo, "hotseat": hot, "streaks": streaks,
        "last": rec.last,
        "best_city": None if best is None else {"score": best.score, "level": best.level,
                                                "players": best.players, "code": best.code},
        "counted": list(rec.counted)}
    return json.dumps(data, separators=(",", ":"))


def _tally(t: Tally) -> dict[str, JSONLike]:
    return {"games": t.games, "wins": t.wins, "points": t.points, "best": t.best}


def read_text(text: str) -> Record:
    """A record from its JSON text, every value checked (raises :class:`SaveError`)."""
    data = parse_bounded(text, "the record", MAX_RECORD_CHARS, MAX_DEPTH)
    if not isinstance(data, dict) or data.get("record") != MARK:
        raise SaveError("the record is not a record of games")
    if data.get("version") != VERSION:
        raise STORED.refuse("version", str(VERSION), data.get("version"))
    solo: dict[tuple[str, int], Tally] = {}
    for row in _rows(data, "solo", len(STRENGTH) * len(PLAYER_COUNTS)):
        cell = (_level(row.get("level")), STORED.whole("players", PLAYERS, row.get("players")))
        _once(cell in solo, f"{cell[0]} with {cell[1]} players")
        solo[cell] = _read_tally(row)
    hot: dict[int, Tally] = {}
    for row in _rows(data, "hotseat", len(PLAYER_COUNTS)):
        players = STORED.whole("players", PLAYERS, row.get("players"))
        _once(players in hot, f"hot-seat with {players} players")
        hot[players] = _read_tally(row)
    streaks: dict[str, Streak] = {}
    for row in _rows(data, "streaks", len(STRENGTH)):
        level = _level(row.get("level"))
        _once(level in streaks, f"the streak against {level}")
        best = STORED.whole("best streak", GAMES, row.get("best"))
        streaks[level] = Streak(STORED.whole("streak", Whole(0, best), row.get("now")), best)
    last = data.get("last")
    return Record(solo, hot, streaks, "" if last == "" else _level(last),
                  _best_city(data.get("best_city")), _keys(data.get("counted")))


def _rows(data: dict[str, JSON], name: str, most: int) -> list[dict[str, JSON]]:
    rows = data.get(name)
    if not isinstance(rows, list) or len(rows) > most \
            or not all(isinstance(r, dict) for r in rows):
        raise STORED.refuse(name, f"a list of at most {most} objects", rows)
    return [r for r in rows if isinstance(r, dict)]


def _once(seen: bool, what: str) -> None:
    if seen:
        raise SaveError(f"the record counts {what} twice")


def _level(value: JSON) -> str:
    if not isinstance(value, str) or value not in STRENGTH:
        raise STORED.refuse("level", f"a computer level ({', '.join(STRENGTH)})", value)
    return value


def _read_tally(row: dict[str, JSON]) -> Tally:
    games = STORED.whole("games", GAMES, row.get("games"))
    return Tally(games, STORED.whole("wins", Whole(0, games), row.get("wins")),
                 STORED.whole("points", Whole(0, games * MAX_SCORE), row.get("points")),
                 STORED.whole("best score", SCORE, row.get("best")))


def _best_city(value: JSON) -> BestCity | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise STORED.refuse("best city", "an object or null", value)
    code = value.get("code")
    if not isinstance(code, str) or len(code) > MAX_LENGTH:
        raise STORED.refuse("best city", f"a city code of at most {MAX_LENGTH} characters",
                            code)
    try:
        read_code(code)
    except ScoreInputError as exc:
        raise SaveError(f"the record's best city is not a city ({quote(str(exc), 60)})") \
            from None
    return BestCity(STORED.whole("best city's score", SCORE, value.get("score")),
                    _level(value.get("level")),
                    STORED.whole("best city's players", PLAYERS, value.get("players")), code)


def _keys(value: JSON) -> tuple[str, ...]:
    rule = f"a list of at most {MAX_COUNTED} games' identities"
    if not isinstance(value, list) or len(value) > MAX_COUNTED:
        raise STORED.refuse("games counted", rule, value)
    bad = [k for k in value if not isinstance(k, str) or not KEY_PATTERN.fullmatch(k)]
    if bad:
        raise STORED.refuse("games counted", rule, bad[0])
    return tuple(str(k) for k in value)


def load(store: Store) -> tuple[Record, str]:
    """The stored record and "" (a fresh one when none is stored or storage is closed), or
    a fresh one and why the stored one could not be read (it is set aside, never lost)."""
    text = store.get(KEY)
    if text is None:
        return Record(), ""
    try:
        return read_text(text), ""
    except SaveError as exc:
        store.set_aside(KEY, text)
        return Record(), (f"Your record of games could not be read ({exc}); it was set "
                          "aside and a new record starts.")


def heard(text: str | None) -> Record | None:
    """The record another tab wrote (``None``: it was removed, a fresh record); None when
    it cannot be read (this tab's next count says so and sets it aside)."""
    if text is None:
        return Record()
    try:
        return read_text(text)
    except SaveError:
        return None


Heard = Callable[[Record, str], None]
"""Where a refused write is told: the record as it then stands, and why (a sentence)."""


def add(store: Store, memory: Record, game: Finished, refused: Heard) -> tuple[Record, str]:
    """Count ``game`` in the record as storage holds it now (``memory``, this tab's copy,
    only where storage is closed) and store it: the record and "" (or why the stored one
    was set aside), or why it cannot be kept. Should storage refuse the write,
    ``refused`` hears the record counted and why it was not kept."""
    if not store.available:
        return counted(memory, game), CLOSED
    stored, problem = load(store)
    after = counted(stored, game)
    def written(ok: bool) -> None:
        if not ok:
            refused(after, " ".join(p for p in (problem, NOT_KEPT) if p))

    if after is not stored:
        store.set(KEY, to_json(after), written)
    return after, problem


def reset(store: Store, memory: Record, refused: Heard) -> tuple[Record, str]:
    """A fresh record, stored over the old one; should storage refuse, ``refused`` hears
    the old one and why. The identities of the games counted stay (they are not shown),
    so that a game counted before the reset, resumed after it, is not counted again."""
    old = load(store)[0] if store.available else memory
    fresh = Record(counted=old.counted)
    def written(ok: bool) -> None:
        if not ok:
            refused(old, NOT_RESET)

    store.set(KEY, to_json(fresh), written)
    return fresh, ""
