"""The facts a course's words are filled with, read from the position by the engine.

Why templates and not written numbers: a step says "your emissary brings 2 cogs" or
"each missing brick costs 2 coins"; written by hand, such a number would silently go
wrong the day a rule or the recorded game changed. Here every field is worked out from
the position the step speaks at (``rome``'s public functions, an observation, the card
data), so the words stay the game's own. A field is computed only when a template names
it; a template naming an unknown field fails the course's unit test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import rome
from rome.cards import AQUEDUCT_POINTS, BRICK_PRICE, COG_PRICE, COGS_TO_PRODUCE, SHAPES
from rome.city import MAX_SIDE, free_spaces
from ui.words import facts
from ui.words.card_words import built_words, listed, plural, produce_words, scoring_words


@dataclass(frozen=True)
class Position:
    """A position a course speaks at: the state, the learner's seat, the move asked for
    (None: none, as on the pages after the game) and the seats' names."""

    state: rome.GameState
    learner: int
    action: rome.Action | None
    names: tuple[str, ...]

    @property
    def obs(self) -> rome.Observation:
        return rome.observation(self.state, self.learner)

    @property
    def me(self) -> rome.SeenPlayer:
        return self.obs["players"][self.learner]

    @property
    def other(self) -> int:
        return (self.learner + 1) % len(self.names)

    @property
    def kind(self) -> str:
        """The building the move asked for names."""
        assert self.action is not None and self.action.kind is not None, "no building asked"
        return self.action.kind

    def score(self, seat: int) -> dict[str, int]:
        return dict(rome.final_scores(self.state)[seat])


def _gives(bricks: int, cogs: int) -> str:
    return f"{plural(bricks, 'brick')} and {plural(cogs, 'cog')}"


def _placed(p: Position) -> str:
    """What the space asked for brings (its own and every space nearer the Emperor)."""
    assert p.action is not None and p.action.space is not None, "no space asked"
    return _gives(*rome.strip_space_resources(p.state, p.action.space))


def _acting(p: Position) -> str:
    """What the learner's emissary acting now brings."""
    return _gives(*rome.strip_space_resources(p.state, p.obs["acting"]))


def _pay(p: Position) -> str:
    tokens, coins = rome.build_cost(p.state, p.learner, p.kind)
    parts = [plural(n, what) for n, what in ((tokens, "brick token"), (coins, "coin")) if n]
    return " and ".join(parts) or "nothing more"


def _yield(p: Position) -> str:
    coins, influence, bricks = rome.production_yield(p.state, p.learner)
    parts = [plural(n, what) for n, what in ((coins, "coin"), (influence, "influence token"),
                                             (len(bricks), "brick token")) if n]
    return " and ".join(parts) or "nothing"


def _pool(p: Position) -> str:
    return listed([str(v) for v in p.obs["influence_pool"]]) if p.obs["influence_pool"] \
        else "none"


def _cards(seat_of: Callable[[Position], int]) -> Callable[[Position], str]:
    """The values of the influence cards a seat has won: ``4 and 8``."""
    def values(p: Position) -> str:
        won = p.obs["players"][seat_of(p)]["influence_cards"]
        return listed([str(v) for v in won]) if won else "none"
    return values


def _result(p: Position) -> str:
    """Who won, from the learner's side: ``you win``, ``Aurelia wins``, ``you share the
    win``."""
    won = rome.winners(p.state)
    if won == [p.learner]:
        return "you win"
    return "you share the win" if p.learner in won else f"{p.names[won[0]]} wins"


def _tokens(seat_of: Callable[[Position], int]) -> Callable[[Position], str]:
    return lambda p: plural(p.obs["players"][seat_of(p)]["influence"], "influence token")


def _category(name: str) -> Callable[[Position], str]:
    return lambda p: plural(p.score(p.learner)[name], "point")


def _temples(p: Position) -> str:
    """Each temple of the learner's city with its points now: ``the Temple of Luna 7``."""
    return ", ".join(f"the {rome.BUILDINGS[k].name} {plural(n, 'point')}"
                     for _pos, k, n in facts.temple_points(p.me)) or "none"


def _areas(p: Position) -> str:
    """The learner's residential areas that score, with their points: ``24, 18 and 5``."""
    scored = sorted((n for _cells, n, _bath in facts.areas(p.me) if n), reverse=True)
    return listed([str(n) for n in scored]) if scored else "none"


def _hand_cost(p: Position) -> str:
    """What the dearest card of the learner's hand costs: ``3 bricks``."""
    return plural(max((rome.BUILDINGS[h["kind"]].cost for h in p.me["hand"] if h["kind"]),
                      default=0), "brick")


def _room(p: Position) -> str:
    """The empty spaces the learner's city may still grow into: ``9 spaces``."""
    return plural(len(free_spaces({(r, c): k for r, c, k, _d in p.me["city"]})), "space")


FACTS: dict[str, Callable[[Position], str]] = {
    "them": lambda p: p.names[p.other],
    "asked": lambda p: rome.move_words(p.state, p.action) if p.action else "",
    "card": lambda p: rome.BUILDINGS[p.kind].name,
    "deck": lambda p: str(p.action.deck if p.action else ""),
    "space": lambda p: str(p.action.space if p.action else ""),
    "space_gives": _placed,
    "acting": lambda p: str(p.obs["acting"]),
    "acting_gives": _acting,
    "cost": lambda p: plural(rome.BUILDINGS[p.kind].cost, "brick"),
    "stars": lambda p: plural(rome.BUILDINGS[p.kind].stars, "star"),
    "effect": lambda p: built_words(rome.BUILDINGS[p.kind]),
    "produces": lambda p: produce_words(rome.BUILDINGS[p.kind]),
    "scoring": lambda p: scoring_words(rome.BUILDINGS[p.kind]),
    "pay": _pay,
    "yield": _yield,
    "produce_price": lambda p: plural(rome.produce_cost(p.state), "coin"),
    "coins": lambda p: plural(p.me["coins"], "coin"),
    "tokens": _tokens(lambda p: p.learner),
    "their_tokens": _tokens(lambda p: p.other),
    "pool": _pool,
    "their_cards": _cards(lambda p: p.other),
    "my_cards": _cards(lambda p: p.learner),
    "decks": lambda p: listed(list(facts.decks_in_play(len(p.names)))),
    "brick_price": lambda p: plural(BRICK_PRICE, "coin"),
    "cog_price": lambda p: plural(COG_PRICE, "coin"),
    "produce_cogs": lambda p: plural(COGS_TO_PRODUCE, "cog"),
    "max_side": lambda p: str(MAX_SIDE),
    "rounds": lambda p: str(SHAPES[len(p.names)].rounds),
    "rounds_more": lambda p: " or ".join(sorted({str(s.rounds) for n, s in SHAPES.items()
                                                   if n > len(p.names)})),
    "emissaries": lambda p: str(SHAPES[len(p.names)].emissaries),
    "round": lambda p: str(p.obs["round"]),
    "tokens_per_point": lambda p: str(facts.tokens_per_point()),
    "tie_breaks": lambda p: ", then ".join(f"the most {w}" for w in facts.tie_breaks()),
    "residential": _category("residential"),
    "areas": _areas,
    "aqueducts": _category("aqueducts"),
    "aqueduct_count": lambda p: plural(facts.aqueduct_count(p.me), "aqueduct"),
    "aqueduct_scale": lambda p: listed([str(n) for n in AQUEDUCT_POINTS[1:]], "or"),
    "temples": _category("temples"),
    "temple_list": _temples,
    "coin_points": _category("coins"),
    "token_points": _category("influence_tokens"),
    "card_points": _category("influence_cards"),
    "total": lambda p: plural(p.score(p.learner)["total"], "point"),
    "their_total": lambda p: plural(p.score(p.other)["total"], "point"),
    "result": _result,
    "hand_cost": _hand_cost,
    "room": _room,
}
"""Every field a course's template may name, and how the position gives it."""


class _Filled(dict[str, str]):
    """The fields of one position, each worked out the first time a template asks."""

    def __init__(self, position: Position) -> None:
        super().__init__()
        self.position = position

    def __missing__(self, key: str) -> str:
        if key not in FACTS:
            raise KeyError(f"a course's words name {{{key}}}, which is not a field of "
                           "ui.tutorial.position.FACTS")
        value = self[key] = FACTS[key](self.position)
        return value


def fill(template: str, position: Position) -> str:
    """``template`` with the position's facts in its fields."""
    return template.format_map(_Filled(position))
