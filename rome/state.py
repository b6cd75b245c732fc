"""The game state: plain data, never mutated once handed out.

A :class:`GameState` holds only immutable values (ints, strings, tuples) plus a few
dicts that are treated as frozen: every rule that changes something first takes a
copy (``_copy``), so a state handed to the UI, the AI or a test never changes.
``to_dict`` gives JSON-safe data and ``from_dict`` rebuilds a state from it, checking
that the data describes a position a real game could reach.
"""

from __future__ import annotations

from typing import Any

from .actions import StateError
from .cards import DECK_NAMES, SHAPES

SAVE_VERSION = 1
"""Bump when the saved layout changes: a save of another version is refused."""

Pos = tuple[int, int]
HandCard = tuple[int, int]  # (card instance, bit mask of the seats that know it is there)

PHASES = ("draft", "emissary", "action", "over")
STEPS = ("", "take", "act", "school-deck", "school-keep")


class PlayerState:
    """One seat: its resources, its city and its hand."""

    __slots__ = ("coins", "influence", "city", "bricks", "points", "hand", "influence_cards")

    def __init__(self, coins: int, influence: int, city: dict[Pos, int],
                 bricks: tuple[Pos, ...], points: dict[Pos, int], hand: tuple[HandCard, ...],
                 influence_cards: tuple[int, ...]) -> None:
        self.coins = coins
        self.influence = influence
        self.city = city  # position -> card instance; frozen once shared
        self.bricks = bricks  # positions of farms holding a brick token, sorted
        self.points = points  # thermal baths' position -> point tokens; frozen once shared
        self.hand = hand
        self.influence_cards = influence_cards

    def copy(self) -> PlayerState:
        return PlayerState(self.coins, self.influence, self.city, self.bricks, self.points,
                           self.hand, self.influence_cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerState) and all(
            getattr(self, f) == getattr(other, f) for f in self.__slots__)

    __hash__ = None  # type: ignore[assignment]


class GameState:
    """A whole position.  Build one with :func:`rome.new_game`; never change one."""

    __slots__ = (
        "num_players", "shrine", "seed", "rng", "round", "phase", "step", "first_player",
        "decks", "offer", "influence_pool", "strips", "spaces", "placed", "acting", "built",
        "produced", "pending_draws", "draw", "draw_deck", "draft_pool", "draft_turn", "removed",
        "players", "_legal",
    )

    num_players: int
    shrine: bool
    seed: int
    rng: int
    round: int  # 1-based; 0 during the opening draft
    phase: str
    step: str
    first_player: int
    decks: dict[str, tuple[int, ...]]  # top of deck first
    offer: dict[str, tuple[int, ...]]
    influence_pool: tuple[int, ...]  # influence cards waiting on the table
    strips: tuple[tuple[int, bool], ...]  # (strip, flipped); index 0 is the strip in use
    spaces: tuple[int, ...]  # seat on each strip space, -1 if empty
    placed: int  # emissaries placed this round
    acting: int  # strip space (1-5) of the emissary whose turn it is, 0 if none
    built: bool
    produced: bool
    pending_draws: int  # cards the School just built will draw
    draw: tuple[int, ...]  # cards a School drew, waiting for ``keep``
    draw_deck: str
    draft_pool: tuple[int, ...]
    draft_turn: int  # how many players have chosen in the opening draft
    removed: tuple[int, ...]  # buildings replaced by aqueducts: back in the box
    players: tuple[PlayerState, ...]

    def _copy(self) -> GameState:
        new = object.__new__(GameState)
        new.num_players = self.num_players
        new.shrine = self.shrine
        new.seed = self.seed
        new.rng = self.rng
        new.round = self.round
        new.phase = self.phase
        new.step = self.step
        new.first_player = self.first_player
        new.decks = self.decks
        new.offer = self.offer
        new.influence_pool = self.influence_pool
        new.strips = self.strips
        new.spaces = self.spaces
        new.placed = self.placed
        new.acting = self.acting
        new.built = self.built
        new.produced = self.produced
        new.pending_draws = self.pending_draws
        new.draw = self.draw
        new.draw_deck = self.draw_deck
        new.draft_pool = self.draft_pool
        new.draft_turn = self.draft_turn
        new.removed = self.removed
        new.players = self.players
        new._legal = None
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and all(
            getattr(self, f) == getattr(other, f) for f in GameState.__slots__[:-1])

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<GameState {self.num_players}p round {self.round} {self.phase}"
                f"{'/' + self.step if self.step else ''}>")

    # -- saving -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-safe data describing this state completely."""
        return {
            "version": SAVE_VERSION,
            "num_players": self.num_players,
            "shrine": self.shrine,
            "seed": self.seed,
            "rng": format(self.rng, "016x"),
            "round": self.round,
            "phase": self.phase,
            "step": self.step,
            "first_player": self.first_player,
            "decks": {d: list(c) for d, c in self.decks.items()},
            "offer": {d: list(c) for d, c in self.offer.items()},
            "influence_pool": list(self.influence_pool),
            "strips": [[s, f] for s, f in self.strips],
            "spaces": list(self.spaces),
            "placed": self.placed,
            "acting": self.acting,
            "built": self.built,
            "produced": self.produced,
            "draw": list(self.draw),
            "draw_deck": self.draw_deck,
            "draft_pool": list(self.draft_pool),
            "draft_turn": self.draft_turn,
            "pending_draws": self.pending_draws,
            "removed": list(self.removed),
            "players": [
                {
                    "coins": p.coins,
                    "influence": p.influence,
                    "city": [[r, c, card] for (r, c), card in sorted(p.city.items())],
                    "bricks": [[r, c] for r, c in p.bricks],
                    "points": [[r, c, n] for (r, c), n in sorted(p.points.items())],
                    "hand": [[card, mask] for card, mask in p.hand],
                    "influence_cards": list(p.influence_cards),
                }
                for p in self.players
            ],
        }

    @staticmethod
    def from_dict(data: Any) -> GameState:
        """Rebuild a state saved by :meth:`to_dict`; raises :class:`StateError` if the
        data is from another version or describes something no game could reach."""
        try:
            state = _read(data)
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise StateError(f"malformed saved game: {exc!r}") from None
        from .invariants import check_state  # the checks read this module's types

        check_state(state)
        return state


def _int(v: Any, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise StateError(f"{what} must be an integer, not {v!r}")
    return v


def _bool(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise StateError(f"{what} must be true or false, not {v!r}")
    return v


def _ints(v: Any, what: str) -> tuple[int, ...]:
    if not isinstance(v, list) or not all(type(x) is int for x in v):
        raise StateError(f"{what} must be a list of integers")
    return tuple(v)


def _read(d: Any) -> GameState:
    if not isinstance(d, dict):
        raise StateError("a saved game is a JSON object")
    if d.get("version") != SAVE_VERSION:
        raise StateError(f"saved game version {d.get('version')!r} is not {SAVE_VERSION}: "
                         "it cannot be read by this version of the game")
    s = object.__new__(GameState)
    s._legal = None
    s.num_players = _int(d["num_players"], "num_players")
    if s.num_players not in SHAPES:
        raise StateError(f"{s.num_players} players is not a game of 2 to 4")
    s.shrine = _bool(d["shrine"], "shrine")
    s.seed = _int(d["seed"], "seed")
    s.rng = int(d["rng"], 16)
    s.round = _int(d["round"], "round")
    s.phase = d["phase"]
    s.step = d["step"]
    s.first_player = _int(d["first_player"], "first_player")
    s.decks = {str(k): _ints(v, "deck") for k, v in d["decks"].items()}
    s.offer = {str(k): _ints(v, "offer") for k, v in d["offer"].items()}
    s.influence_pool = _ints(d["influence_pool"], "influence_pool")
    s.strips = tuple((_int(a, "strip"), _bool(b, "strip side")) for a, b in d["strips"])
    s.spaces = _ints(d["spaces"], "spaces")
    s.placed = _int(d["placed"], "placed")
    s.acting = _int(d["acting"], "acting")
    s.built = _bool(d["built"], "built")
    s.produced = _bool(d["produced"], "produced")
    s.draw = _ints(d["draw"], "draw")
    s.draw_deck = str(d["draw_deck"])
    s.draft_pool = _ints(d["draft_pool"], "draft_pool")
    s.draft_turn = _int(d["draft_turn"], "draft_turn")
    s.pending_draws = _int(d["pending_draws"], "pending_draws")
    s.removed = _ints(d["removed"], "removed")
    players = []
    for p in d["players"]:
        city = {(_int(r, "row"), _int(c, "column")): _int(card, "card") for r, c, card in p["city"]}
        bricks = tuple(sorted((_int(r, "row"), _int(c, "column")) for r, c in p["bricks"]))
        points = {(_int(r, "row"), _int(c, "column")): _int(n, "tokens") for r, c, n in p["points"]}
        hand = tuple((_int(card, "card"), _int(mask, "mask")) for card, mask in p["hand"])
        players.append(PlayerState(_int(p["coins"], "coins"), _int(p["influence"], "influence"),
                                   city, bricks, points, hand,
                                   _ints(p["influence_cards"], "cards")))
    s.players = tuple(players)
    return s


__all__ = ["GameState", "PlayerState", "SAVE_VERSION", "DECK_NAMES", "PHASES", "STEPS"]
