"""Plain-words descriptions of what an action did, for the game log.

The log must tell the automatic consequences too (upkeep, influence scoring, the end of
the game), and only the engine knows when those happened, so the narration lives here
and compares the state before and after an action.
"""

from __future__ import annotations

from .actions import Action
from .cards import SHAPES, card_instances
from .flow import current_player
from .state import GameState
from .verbs import VERBS
from .wording import building_name, counted, listed


def describe(before: GameState, action: Action, after: GameState,
             names: list[str] | None = None) -> list[str]:
    """Log lines (oldest first) for ``action`` taken in ``before`` giving ``after``.

    Hidden information stays hidden: a School's kept card and a drafted card are not named.
    """
    n = before.num_players
    who_seat = current_player(before)
    names = names or [f"Player {i + 1}" for i in range(n)]
    who = names[who_seat] if who_seat is not None else "?"
    lines = [VERBS[action.verb].narrate(before, action, after, who)]
    lines.extend(_consequences(before, after, names))
    return lines


def _consequences(before: GameState, after: GameState, names: list[str]) -> list[str]:
    cards = card_instances(before.num_players, before.shrine)
    lines = []
    if len(before.draft_pool) == 2 and not after.draft_pool:  # passed on without a choice
        lines.append(f"{names[before.first_player]} takes the last card of the opening "
                     "draft.")
    for seat, (p0, p1) in enumerate(zip(before.players, after.players, strict=True)):
        won = p1.influence_cards[len(p0.influence_cards):]
        if won:
            values = listed([str(cards[c].influence) for c in won])
            what = "the influence card" if len(won) == 1 else "the influence cards"
            lines.append(f"Influence scoring: {names[seat]} has the most influence and wins "
                         f"{what} worth {values}, returning "
                         f"{counted(p0.influence, 'influence token')}.")
    round_ended = after.round != before.round or (after.phase == "over" != before.phase)
    nobody_won = all(len(p0.influence_cards) == len(p1.influence_cards)
                     for p0, p1 in zip(before.players, after.players, strict=True))
    if round_ended and before.influence_pool and nobody_won:
        fate = "stay unawarded" if after.phase == "over" else "wait for the next round"
        lines.append(f"Influence scoring: tied for the most influence; the cards {fate}.")
    if after.phase == "over" and before.phase != "over":
        lines.append("The game is over.")
    elif after.round != before.round:
        offer = "; ".join(f"{d}: {', '.join(building_name(cards[c].kind) for c in pile) or '-'}"
                          for d, pile in after.offer.items())
        lines.append(f"Round {after.round} of {SHAPES[after.num_players].rounds} begins. "
                     f"{names[after.first_player]} is first player. Offer — {offer}.")
        new = [c for c in after.influence_pool if c not in before.influence_pool]
        if new:
            lines.append(("Influence card revealed: " if len(new) == 1 else
                          "Influence cards revealed: ")
                         + listed([str(cards[c].influence) for c in new]) + ".")
    return lines


def reveals_hidden(before: GameState, after: GameState) -> bool:
    """True when going from ``before`` to ``after`` showed someone a card that was hidden:
    a new round's offer, a School's draw, or the opening draft.  Undo stops there."""
    return (after.round != before.round or after.draw != before.draw
            or before.phase == "draft")
