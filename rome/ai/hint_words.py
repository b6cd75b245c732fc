"""The hint's words: what each suggested move brings now, sets up and costs, where it is on
the table, and why it ranks above the next suggestion.

Why here and not in the UI: the words are read from the numbers of the analysis (the
evaluation's terms before and after a move's turn, the played-on values that rank the
moves), which only the search has.  Three rules, each checked by
``tests/test_ai_hint_words.py``:

* **Points now, set up, cost.**  Points now are the change of the seat's final score if
  the game ended after the turn (exact, :func:`rome.final_scores`).  What the move sets up
  and what it costs are the evaluation's other terms (city room, hand, brick tokens,
  production, this round's emissary) that rise and fall, each named.
* **Never alike.**  Two builds of one card beside the same buildings read the same in
  :func:`rome.move_words`; their words then say on which side of a neighbour each goes.
* **Never contradicting the order.**  A suggestion described with fewer points (now plus
  set up minus cost) than one ranked below it says why it still ranks higher: what the
  next turns, played on, leave to the seat and to the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import Action, GameState, Observation, counted, move_words
from ..cards import space_resources
from .advice import EVEN
from .answers import Gains, Mark, Move
from .evaluate import TERMS


@dataclass(frozen=True)
class Line:
    """The numbers behind one suggestion (points; ``coins``/``bricks`` spent, the others
    gained; ``terms`` the change of each of the evaluation's :data:`TERMS`)."""

    action: Action
    plan: tuple[Action, ...]
    value: float
    loss: float
    own: float | None  # the seat's estimated final score after the roll-outs (their mean)
    others: float | None  # the others' (the utility's blend): value = own - others; both
    # None when a tree ranked the moves (its values are not split)
    visits: int  # how often the tree chose the move (0 when ranked by roll-outs)
    points: int
    terms: tuple[float, ...]
    coins: int
    bricks: int
    influence: int
    cards: int
    buildings: int


SETS_UP: dict[str, tuple[str, str]] = {
    # term: (what a rise sets up, what a fall costs)
    "potential": ("room for your city to score more", "room your city had to score more"),
    "hand": ("cards worth building later", "the card from your hand"),
    "bricks": ("brick tokens for later", "brick tokens"),
    "production": ("production for the turns to come", "production"),
    "turn": ("this round's bricks and cogs", ""),
}
"""The terms besides the score now that a move changes, in a player's words.  Spending
this round's emissary is what a turn is for, so it is never counted as a cost.  The
influence race is left out: it moves with every seat's influence and with the cards a
round's end lays out, whatever the move; the influence a move gains is said as such."""

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def tempo(obs: Observation, action: Action) -> str:
    """What an emissary placement buys: the turn's resources and when it comes."""
    if action.verb != "place" or not obs["strips"] or obs["strips"][0] is None:
        return ""
    strip, flipped = obs["strips"][0]
    space = action.space
    assert space is not None  # a place names its space
    bricks, cogs = space_resources(strip, flipped, space)
    return (f"acts {ORDINALS.get(space, f'{space}th')} this round with "
            f"{counted(bricks, 'brick')} and {counted(cogs, 'cog')}")


def split(line: Line) -> tuple[float, list[str], float, list[str]]:
    """(points set up, their words largest first; points given up, their words)."""
    up: dict[str, float] = {}
    down: dict[str, float] = {}
    for name, d in zip(TERMS, line.terms, strict=True):
        if name not in SETS_UP:
            continue
        rise, fall = SETS_UP[name]
        if d > 0:
            up[rise] = up.get(rise, 0.0) + d
        elif d < 0 and fall:
            down[fall] = down.get(fall, 0.0) - d
    if line.bricks > 0 and "brick tokens" not in down:
        down["brick tokens"] = 0.0  # spent, even if the estimate prices them at nothing
    if line.coins > 0:
        down[counted(line.coins, "coin")] = 0.0  # already in the points now
    named = sorted(up.items(), key=lambda t: -t[1])
    lost = sorted(down.items(), key=lambda t: -t[1])
    return (sum(up.values()), [w for w, v in named if v >= 0.5][:2],
            sum(down.values()), [w for w, _v in lost][:3])


def reason(line: Line, timing: str = "") -> str:
    """Points now, what the move sets up and what it costs, and the goods it brings."""
    parts = [timing] if timing else []
    parts.append(f"{line.points:+d} point{'s' if abs(line.points) != 1 else ''} now"
                 if line.points else "no points now")
    if line.influence:
        parts.append(f"{line.influence:+d} influence")
    if line.bricks < 0:
        parts.append(f"+{counted(-line.bricks, 'brick token')}")
    if line.coins < 0:
        parts.append(f"+{counted(-line.coins, 'coin')}")
    if line.cards > 0:
        parts.append(f"{counted(line.cards, 'card')} kept for later turns")
    setup, ups, cost, downs = split(line)
    if round(setup) >= 1:
        parts.append(f"sets up about {counted(round(setup), 'point')}"
                     + (f" ({', '.join(ups)})" if ups else ""))
    if downs:
        worth = f"about {counted(round(cost), 'point')}: " if round(cost) >= 1 else ""
        parts.append(f"costs {worth}{', '.join(downs)}")
    return "; ".join(parts)


def total(line: Line) -> int:
    """The points a suggestion is described with: now, plus set up, less its cost."""
    setup, _u, cost, _d = split(line)
    return line.points + round(setup) - round(cost)


def _about(x: float, what: str) -> str:
    return f"about {counted(round(abs(x)), 'point')} {what}"


def why(line: Line, nxt: Line, lower: list[Line]) -> str:
    """Why ``line`` ranks above ``nxt`` (the next suggestion), from the numbers the ranking
    uses (played-on values and their split, or a tree's values and visits); if a
    suggestion in ``lower`` (all ranked below) is described with more points, the sentence
    says so and why the order still stands."""
    gap = line.value - nxt.value
    richer = max(lower, key=total, default=None)
    though = ""
    if richer is not None and total(richer) > total(line):
        though = (f"Though a move below adds more by itself ({total(richer):+d} points "
                  f"against {total(line):+d}), ")
    searched = "searched" if line.own is None else "played on"
    if gap >= EVEN:
        head = f"{_about(gap, 'ahead of')} the next suggestion once the next turns are {searched}"
    else:
        head = f"within a point of the next suggestion once the next turns are {searched}"
    if line.own is None or nxt.own is None or line.others is None or nxt.others is None:
        tail = ""
        tried = counted(line.visits, "time")
        if nxt.visits and line.visits > nxt.visits:
            tail = f", and the search tried it more often ({tried} against {nxt.visits})"
        elif line.visits > nxt.visits:
            tail = f", the move the search settled on (tried {tried})"
        if gap <= -EVEN:
            # a move ranked by one played-out line was never tried by the search at all
            trust = (f"from only {counted(nxt.visits, 'try', 'tries')}, too few to trust"
                     if nxt.visits else "it was only played on greedily, never searched")
            head = (f"the move the search tried most ({tried}); the next seems "
                    f"{_about(gap, 'better')}, but {trust}")
            tail = ""
    else:
        effects = []
        d_own, d_others = line.own - nxt.own, line.others - nxt.others
        if gap >= EVEN and abs(d_own) >= 0.5:
            effects.append(f"you end {_about(d_own, 'higher' if d_own > 0 else 'lower')}")
        if gap >= EVEN and abs(d_others) >= 0.5:
            effects.append(f"the others{'' if effects else ' end'} "
                           f"{_about(d_others, 'lower' if d_others < 0 else 'higher')}")
        tail = f": {' and '.join(effects)}" if effects else ""
    sentence = f"{though}{'it is' if though else 'It is'} {head}{tail}"
    return sentence[:1].upper() + sentence[1:] + "."


SIDES = {(0, 1): "left of", (0, -1): "right of", (1, 0): "above", (-1, 0): "below"}
"""Where a space lies beside a neighbour at (its row, its column) + the key."""


def _sides(action: Action, city: dict[tuple[int, int], str]) -> list[str]:
    """Each ``left of your Market``-like phrase true of a build's space."""
    assert action.row is not None and action.col is not None  # a build names its space
    from .. import BUILDINGS

    out = []
    for (dr, dc), side in SIDES.items():
        kind = city.get((action.row + dr, action.col + dc))
        if kind is not None:
            out.append(f"{side} your {BUILDINGS[kind].name}")
    return out


def distinct_words(actions: list[Action], words: list[str],
                   city: dict[tuple[int, int], str]) -> list[str]:
    """``words`` (each action's, in a player's words), those that would read alike told
    apart: a take by the deck it comes from, a build by the side of a neighbour it goes
    on (else by its order from the top of the city)."""
    out = list(words)
    for same in {w for w in words if words.count(w) > 1}:
        group = [i for i, w in enumerate(words) if w == same]
        sides = {i: _sides(actions[i], city) if actions[i].verb == "build" else []
                 for i in group}
        ordered = sorted(group, key=lambda i: (actions[i].row or 0, actions[i].col or 0))
        for i in group:
            a = actions[i]
            if a.deck is not None:
                out[i] = f"{same}, from deck {a.deck}"
                continue
            others = {s for j in group if j != i for s in sides[j]}
            own = [s for s in sides[i] if s not in others]
            place = own[0] if own else f"{ORDINALS.get(ordered.index(i) + 1, 'next')} from the top"
            out[i] = f"{same}, on the space {place}"
    return out


def marks(plan: list[Action]) -> list[Mark]:
    """Where each action of a plan is on the table, for the UI to mark: the card (draft,
    take, build, keep), the offer's deck (take, school), the city space (build, as
    ``[row, column]``), the strip space (place)."""
    return [Mark(verb=a.verb, card=a.kind, deck=a.deck,
                 cell=None if a.row is None or a.col is None else [a.row, a.col],
                 space=a.space)
            for a in plan]


def public_plan(acts: tuple[Action, ...]) -> list[Action]:
    """The plan up to a School's draw: what it keeps is the deal's invention."""
    out = []
    for a in acts:
        out.append(a)
        if a.verb == "school":
            break
    return out


def _with_plan(words: str, plan: list[Action], city: dict[tuple[int, int], str]) -> str:
    """A take's words with what the plan builds next, and where."""
    from .. import BUILDINGS, place_words

    if plan[0].verb != "take" or len(plan) < 2 or plan[1].verb != "build":
        return words
    build = plan[1]
    assert build.kind is not None and build.row is not None and build.col is not None
    what = "it" if build.kind == plan[0].kind else f"the {BUILDINGS[build.kind].name}"
    where = place_words(city, (build.row, build.col))
    return f"{words}, then build {what}" + (f" {where}" if where else "")


def worded(lines: list[Line], state: GameState, obs: Observation) -> list[Move]:
    """The suggestions as the hint gives them (JSON-safe), best first."""
    seat = obs["seat"]
    city = {(r, c): kind for r, c, kind, *_rest in obs["players"][seat]["city"]}
    plans = [public_plan(x.plan) for x in lines]
    words = distinct_words([x.action for x in lines],
                           [_with_plan(move_words(state, x.action), plan, city)
                            for x, plan in zip(lines, plans, strict=True)], city)
    out = []
    for i, (x, plan) in enumerate(zip(lines, plans, strict=True)):
        setup, _u, cost, _d = split(x)
        out.append(Move(
            action=str(x.action), plan=[str(a) for a in plan], marks=marks(plan),
            value=round(x.value, 2), loss=round(x.loss, 2), looks=x.visits,
            now=x.points, sets_up=round(setup, 1), costs=round(cost, 1),
            gains=Gains(points=x.points, influence=x.influence, coins=-x.coins,
                        bricks=-x.bricks, cards=x.cards, buildings=x.buildings),
            words=words[i],
            reason=reason(x, tempo(obs, x.action)),
            why=why(x, lines[i + 1], lines[i + 1:]) if i + 1 < len(lines) else "",
        ))
    return out
