"""The record of a player's games: what it counts and how a finished game changes it.

Why: a player who wants to get better needs to see how they fare against each level, and
when to try a stronger one (issue 43). The record counts only games played at this table
by the player against computers: one human seat, the others computers, counted under the
strongest computer at the table and the number of seats. Games of several humans at one
screen (hot-seat) are counted apart, since they say nothing of one player against a level.
A course's game or a lesson (``UiState.tutorial``), an embed's game (its table keeps no
record: ``UiState.record`` is None) and a game brought back from a file
(``Session.imported``) are never counted.

Each finished game is counted once: its identity (:func:`game_key`, from the seed, the
seats' number, the Shrine option and every move, the record a replay link carries) is kept
in the record (the last :data:`MAX_COUNTED`), so a game finished, then resumed after a
reload, or shown in two tabs, changes nothing the second time. The storage and its reading
are in ``ui.saves.record_store``.

Pure: tested on CPython.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field, replace

import rome
from rome.ai.levels import LEVELS as STRENGTH
from rome.ai.levels import MENU_LEVELS
from rome.city import MAX_SIDE
from rome.citycode import encode
from ui.saves.save import record
from ui.saves.session import Session

MAX_COUNTED = 500
"""The identities of the last games counted that the record keeps: far more than a
game's two tabs or reloads can span, few enough to keep the record small (about 17 KB)."""
MOVE_UP_STREAK = 3
"""Wins in a row against a level below the strongest offered after which the record
suggests the next level up."""


@dataclass(frozen=True)
class Finished:
    """A finished game as the record counts it. ``level``: the strongest computer at the
    table ("" with humans only); ``score`` and ``won``: the lone human's total and whether
    they are among the winners (hot-seat: the best total of a human at the screen, and
    whether a human at the screen won); ``code``: the lone human's city as a city code
    (``rome.citycode``; "" for hot-seat)."""

    key: str
    hotseat: bool
    level: str
    players: int
    score: int
    won: bool
    code: str = ""


@dataclass(frozen=True)
class Tally:
    """Games, wins, the points of all of them (for the average) and the best score."""

    games: int = 0
    wins: int = 0
    points: int = 0
    best: int = 0

    def add(self, score: int, won: bool) -> Tally:
        return Tally(self.games + 1, self.wins + won, self.points + score, max(self.best, score))

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.games + other.games, self.wins + other.wins,
                     self.points + other.points, max(self.best, other.best))

    @property
    def average(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass(frozen=True)
class Streak:
    """Wins in a row against one level: the one going on and the longest."""

    now: int = 0
    best: int = 0


@dataclass(frozen=True)
class BestCity:
    """The best-scoring city of a game against computers, as a city code."""

    score: int
    level: str
    players: int
    code: str


@dataclass(frozen=True)
class Record:
    """Everything the record keeps (never changed in place: :func:`counted` makes a new
    one). ``solo``: per (level, seats) of the games against computers; ``hotseat``: per
    seats of the games of several humans; ``last``: the level of the last game against
    computers counted (the suggestion follows it)."""

    solo: dict[tuple[str, int], Tally] = field(default_factory=dict)
    hotseat: dict[int, Tally] = field(default_factory=dict)
    streaks: dict[str, Streak] = field(default_factory=dict)
    last: str = ""
    best_city: BestCity | None = None
    counted: tuple[str, ...] = ()

    @property
    def games(self) -> int:
        return sum(t.games for t in (*self.solo.values(), *self.hotseat.values()))

    def by_level(self) -> dict[str, Tally]:
        """The games against computers per level, weakest first."""
        out: dict[str, Tally] = {}
        for (level, _players), tally in sorted(self.solo.items(),
                                               key=lambda kv: STRENGTH.index(kv[0][0])):
            out[level] = out.get(level, Tally()) + tally
        return out

    def by_players(self) -> dict[int, Tally]:
        """The games against computers per number of seats."""
        out: dict[int, Tally] = {}
        for (_level, players), tally in sorted(self.solo.items(), key=lambda kv: kv[0][1]):
            out[players] = out.get(players, Tally()) + tally
        return out


def strongest(levels: list[str]) -> str:
    """The strongest of these computer levels (``rome.ai.levels.LEVELS`` is weakest first)."""
    return max(levels, key=STRENGTH.index) if levels else ""


def game_key(session: Session) -> str:
    """A game's identity: its seed, seats, Shrine option and the length and checksum of
    its record (the same game in two tabs or after a reload has the same key)."""
    text = json.dumps(record(session), separators=(",", ":"))
    return (f"{session.seed}-{len(session.seats)}{'s' if session.shrine else ''}-"
            f"{len(session.actions)}-{zlib.crc32(text.encode()):08x}")


def city_code(state: rome.GameState, seat: int) -> str:
    """``seat``'s finished city as a city code, checked as a link's is (``rome.read_city``);
    "" if it cannot be written (no finished game should give that)."""
    seen = rome.observation(state, seat)["players"][seat]
    r0 = min(r for r, _c, _k, _d in seen["city"])
    c0 = min(c for _r, c, _k, _d in seen["city"])
    grid: list[list[rome.JSON]] = [[None] * MAX_SIDE for _ in range(MAX_SIDE)]
    tokens = {(r, c): p for r, c, p in seen["points"]}
    try:
        for r, c, kind, _deck in seen["city"]:
            grid[r - r0][c - c0] = ({"card": kind, "point_tokens": tokens.get((r, c), 0)}
                                    if (r, c) in tokens else kind)
        return encode(rome.read_city({"city": list[rome.JSON](grid), "coins": seen["coins"],
                                      "influence_tokens": seen["influence"],
                                      "influence_cards": list[rome.JSON](
                                          seen["influence_cards"])}))
    except (rome.ScoreInputError, IndexError):
        return ""


def finished(session: Session) -> Finished | None:
    """The game as the record counts it; None when it does not count: not over, brought
    back from a file, no human at the table, or one human and no computer."""
    state = session.state
    humans = [i for i, s in enumerate(session.seats) if s.human]
    levels = [s.level for s in session.seats if not s.human]
    if not rome.is_over(state) or session.imported or not humans \
            or (len(humans) == 1 and not levels):
        return None
    totals = [s["total"] for s in rome.final_scores(state)]
    winners = set(rome.winners(state))
    key, players = game_key(session), len(session.seats)
    if len(humans) > 1:
        return Finished(key, True, strongest(levels), players,
                        max(totals[i] for i in humans), bool(winners & set(humans)))
    seat = humans[0]
    return Finished(key, False, strongest(levels), players, totals[seat], seat in winners,
                    city_code(state, seat))


def counted(rec: Record, game: Finished) -> Record:
    """``rec`` with ``game`` counted, or ``rec`` itself when it was counted already."""
    if game.key in rec.counted:
        return rec
    keys = (*rec.counted, game.key)[-MAX_COUNTED:]
    if game.hotseat:
        hot = dict(rec.hotseat)
        hot[game.players] = hot.get(game.players, Tally()).add(game.score, game.won)
        return replace(rec, hotseat=hot, counted=keys)
    solo = dict(rec.solo)
    cell = (game.level, game.players)
    solo[cell] = solo.get(cell, Tally()).add(game.score, game.won)
    was = rec.streaks.get(game.level, Streak())
    now = was.now + 1 if game.won else 0
    streaks = {**rec.streaks, game.level: Streak(now, max(was.best, now))}
    best = rec.best_city
    if game.code and (best is None or game.score > best.score):
        best = BestCity(game.score, game.level, game.players, game.code)
    return replace(rec, solo=solo, streaks=streaks, last=game.level, best_city=best,
                   counted=keys)


def move_up(rec: Record) -> tuple[str, int, str] | None:
    """After :data:`MOVE_UP_STREAK` wins in a row against the level of the last game, when
    a stronger level is offered: (that level, the wins in a row, the next level up)."""
    streak = rec.streaks.get(rec.last, Streak()).now
    if not rec.last or streak < MOVE_UP_STREAK:
        return None
    above = [lv for lv in MENU_LEVELS if STRENGTH.index(lv) > STRENGTH.index(rec.last)]
    return (rec.last, streak, above[0]) if above else None
