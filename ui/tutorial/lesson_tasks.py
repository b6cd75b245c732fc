"""What a lesson's task measures, worked out by the engine: the best choice and why.

Why measures and not recorded answers: a lesson asks for "the space where your aqueduct
scores most"; an answer written down by hand could one day disagree with the rules the
engine plays. Here each task is a *measure* of a choice (``worth``: larger is better),
computed from the engine's own functions (``apply_action``, ``final_scores``,
``build_cost``, ``strip_space_resources``, ``production_yield``, the city's
``free_spaces``); the choices the lesson accepts are the legal ones that measure best,
and every other legal choice is answered with what the same measure says of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import rome
from rome.city import free_spaces
from ui.words.card_words import plural

Worth = Callable[[rome.GameState, int, rome.Action], int]
Says = Callable[[rome.GameState, int, rome.Action], str]


@dataclass(frozen=True)
class Task:
    """One lesson's task: which legal moves are its choices (``verbs``; a move of another
    verb is always a worse answer), how the engine measures each (``worth``), and what that
    measure says of a choice in words (``says``: "leaves your temples worth 7 points")."""

    verbs: frozenset[str]
    worth: Worth
    says: Says

    def choices(self, state: rome.GameState) -> tuple[rome.Action, ...]:
        """The legal moves the task chooses among."""
        return tuple(a for a in rome.legal_actions(state) if a.verb in self.verbs)

    def best(self, state: rome.GameState) -> frozenset[str]:
        """The moves the lesson accepts: the choices that measure best (their texts)."""
        seat = _seat(state)
        measured = {str(a): self.worth(state, seat, a) for a in self.choices(state)}
        top = max(measured.values())
        return frozenset(text for text, value in measured.items() if value == top)


def _seat(state: rome.GameState) -> int:
    seat = rome.current_player(state)
    assert seat is not None, "a lesson's position is a decision"
    return seat


def _me(state: rome.GameState, seat: int) -> rome.SeenPlayer:
    return rome.observation(state, seat)["players"][seat]


def _after(state: rome.GameState, action: rome.Action) -> rome.GameState:
    return rome.apply_action(state, action)


# -- points: the scoring categories ---------------------------------------------------------
def points(category: str) -> Task:
    """Build where the category (or ``total``) scores most, as ``final_scores`` counts it
    if the game ended after the move."""
    def worth(state: rome.GameState, seat: int, action: rome.Action) -> int:
        return int(rome.final_scores(_after(state, action))[seat][category])

    def says(state: rome.GameState, seat: int, action: rome.Action) -> str:
        what = "your city" if category == "total" else f"your {category.replace('_', ' ')}"
        return f"leaves {what} worth {plural(worth(state, seat, action), 'point')}"
    return Task(frozenset({"build"}), worth, says)


# -- emissaries: bricks enough, as early as may be ------------------------------------------
def _hand_cost(state: rome.GameState, seat: int) -> int:
    """The bricks the dearest card in hand costs (what the emissary should bring)."""
    hand = [h["kind"] for h in rome.observation(state, seat)["players"][seat]["hand"]]
    return max((rome.BUILDINGS[k].cost for k in hand if k), default=0)


def _place_worth(state: rome.GameState, seat: int, action: rome.Action) -> int:
    assert action.space is not None
    bricks, _cogs = rome.strip_space_resources(state, action.space)
    return (100 if bricks >= _hand_cost(state, seat) else 0) - action.space


def _place_says(state: rome.GameState, seat: int, action: rome.Action) -> str:
    assert action.space is not None
    bricks, cogs = rome.strip_space_resources(state, action.space)
    need = _hand_cost(state, seat)
    short = (f", {need - bricks} short of the {plural(need, 'brick')} your card costs"
             if bricks < need else "")
    before = "space 1" if action.space == 2 else f"spaces 1 to {action.space - 1}"
    when = "first" if action.space == 1 else f"after whoever stands on {before}"
    return f"brings {plural(bricks, 'brick')} and {plural(cogs, 'cog')}{short}, and acts {when}"


EMISSARIES = Task(frozenset({"place"}), _place_worth, _place_says)


# -- bricks and cogs: what the bricks pay for in full ---------------------------------------
def _coins_paid(state: rome.GameState, seat: int, action: rome.Action) -> int:
    return rome.build_cost(state, seat, str(action.kind))[1] if action.verb == "build" else 0


def _pay_worth(state: rome.GameState, seat: int, action: rome.Action) -> int:
    return -100 * _coins_paid(state, seat, action) + rome.BUILDINGS[str(action.kind)].cost


def _pay_says(state: rome.GameState, seat: int, action: rome.Action) -> str:
    kind = rome.BUILDINGS[str(action.kind)]
    tokens, coins = rome.build_cost(state, seat, kind.id)
    paid = [plural(n, what) for n, what in ((tokens, "brick token"), (coins, "coin")) if n]
    return (f"costs {plural(kind.cost, 'brick')}, so beyond your emissary's bricks you "
            f"would pay {' and '.join(paid) or 'nothing'}")


BRICKS = Task(frozenset({"build"}), _pay_worth, _pay_says)


# -- building: room left to grow --------------------------------------------------------------
def _room(state: rome.GameState, seat: int, action: rome.Action) -> int:
    city = {(r, c): k for r, c, k, _d in _me(_after(state, action), seat)["city"]}
    return len(free_spaces(city))


def _room_says(state: rome.GameState, seat: int, action: rome.Action) -> str:
    return f"leaves {plural(_room(state, seat, action), 'space')} where your city may grow"


BUILDING = Task(frozenset({"build"}), _room, _room_says)


# -- production and influence: what the move brings -----------------------------------------
def _gain(state: rome.GameState, seat: int, action: rome.Action) -> tuple[int, int, int]:
    """Coins, influence tokens and brick tokens after the move, less before."""
    before, after = _me(state, seat), _me(_after(state, action), seat)
    return (after["coins"] - before["coins"], after["influence"] - before["influence"],
            len(after["bricks"]) - len(before["bricks"]))


def _gain_words(gain: tuple[int, int, int]) -> str:
    coins, influence, bricks = gain
    parts = [f"{'loses' if n < 0 else 'gains'} {plural(abs(n), what)}"
             for n, what in ((coins, "coin"), (influence, "influence token"),
                             (bricks, "brick token")) if n]
    return " and ".join(parts) or "gains nothing"


def _yield_worth(state: rome.GameState, seat: int, action: rome.Action) -> int:
    return sum(_gain(state, seat, action))


PRODUCTION = Task(frozenset({"produce", "build", "end"}), _yield_worth,
                  lambda state, seat, action: _gain_words(_gain(state, seat, action)))
INFLUENCE = Task(frozenset({"build", "produce", "end"}),
                 lambda state, seat, action: _gain(state, seat, action)[1],
                 lambda state, seat, action: _gain_words(_gain(state, seat, action)))


def _total(state: rome.GameState, seat: int, action: rome.Action) -> int:
    return int(rome.final_scores(_after(state, action))[seat]["total"])


FINAL_SCORING = Task(frozenset({"build", "produce", "end"}), _total,
                     lambda state, seat, action:
                     f"ends the game with {plural(_total(state, seat, action), 'point')}")

TASKS: dict[str, Task] = {
    "emissaries": EMISSARIES, "bricks-and-cogs": BRICKS, "building": BUILDING,
    "production": PRODUCTION, "influence": INFLUENCE, "residential": points("residential"),
    "aqueducts": points("total"), "temples": points("temples"),
    "public-buildings": points("total"), "final-scoring": FINAL_SCORING,
}
"""Each lesson topic's task (``ui.words.topics.TOPICS``)."""
