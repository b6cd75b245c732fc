"""The online edition's conveniences (DECISIONS, last section), as engine rules.

These never add or forbid anything: they pick, among ``legal_actions``, the ones a
careful player would consider, so the UI can hide pointless buttons and play forced
moves for the player, and the AI can search fewer branches.  Both read them from here,
so neither decides a rule of its own.
"""

from __future__ import annotations

from .actions import Action
from .cards import BRICK_PRICE, SHAPES
from .flow import acting_seat, produce_cost, production_yield
from .phases import ACT, ACTION, EMISSARY
from .rules import legal_actions
from .state import GameState
from .wording import counted


def produce_helps(state: GameState) -> bool:
    """PRODUCE_HELPS: already 2 cogs, or it gains influence, or coins gained plus 2 × brick
    tokens gained exceed the coins paid for cogs."""
    cost = produce_cost(state)
    if cost == 0:
        return True
    coins, influence, bricks = production_yield(state, acting_seat(state))
    return influence > 0 or coins + BRICK_PRICE * len(bricks) > cost


def last_emissary_spaces(state: GameState) -> set[int] | None:
    """LAST_EMISSARY_FARTHEST: for the round's last emissary, the farthest empty space of
    each run of spaces not split by another player's emissary (moving out along such a run
    changes no one's turn order and only adds bricks and cogs).  None if not the last."""
    n = state.num_players
    if state.phase is not EMISSARY or state.placed != n * SHAPES[n].emissaries - 1:
        return None
    seat = (state.first_player + state.placed) % n
    best: set[int] = set()
    run_best = 0
    for space, occupant in enumerate(state.spaces, start=1):
        if occupant < 0:
            run_best = space
        elif occupant != seat:
            if run_best:
                best.add(run_best)
            run_best = 0
    if run_best:
        best.add(run_best)
    return best


def sensible_actions(state: GameState) -> list[Action]:
    """The legal actions a careful player would consider (never empty while not over)."""
    actions = legal_actions(state)
    last = last_emissary_spaces(state)
    if last is not None:
        return [a for a in actions if a.space in last]
    if state.phase is ACTION and state.step is ACT and not produce_helps(state):
        return [a for a in actions if a.verb != "produce"]
    return actions


def automatic_action(state: GameState) -> Action | None:
    """The action to play for the player when it is their only sensible choice."""
    actions = sensible_actions(state)
    return actions[0] if len(actions) == 1 else None


def withheld(state: GameState) -> list[str]:
    """Why a usual choice is missing now, one short sentence each, so a player never looks
    for a button that is not there: a Produce that is not offered (it would gain nothing,
    or its cogs cannot be paid) and the nearer spaces a round's last emissary is spared."""
    out = []
    if state.phase is ACTION and state.step is ACT and not state.produced:
        seat = acting_seat(state)
        cost = produce_cost(state)
        coins, influence, bricks = production_yield(state, seat)
        if cost and state.players[seat].coins < cost:
            out.append(f"Produce is not possible now: the cogs cost "
                       f"{counted(cost, 'coin')} and you have {state.players[seat].coins}.")
        elif not produce_helps(state):
            if not (coins or influence or bricks):
                out.append("Produce would gain nothing now: none of your buildings "
                           "produces anything.")
            else:
                back = " and ".join(counted(n, what) for n, what in
                                    ((coins, "coin"), (len(bricks), "brick token")) if n)
                worth = f", worth {counted(coins + BRICK_PRICE * len(bricks), 'coin')}" \
                    if bricks else ""
                out.append(f"Produce would gain nothing now: the cogs cost "
                           f"{counted(cost, 'coin')} and your buildings would bring back "
                           f"only {back}{worth}.")
    last = last_emissary_spaces(state)
    if last is not None and any(a.space not in last for a in legal_actions(state)):
        out.append("Only the farthest free space of each stretch is offered: as the "
                   "round's last emissary, a nearer one would act no earlier and give less.")
    return out
