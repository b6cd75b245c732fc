"""The verbs that move cards into a hand: ``draft``, ``take``, ``school`` and ``keep``.

Their legal actions are one per distinct building kind among some cards (the draft pool,
an offered pile, a School's draw), made and interned on first use; their rows in
:data:`rome.verbs.VERBS` say how each is written and told.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, make
from .cards import DECK_NAMES, KIND_ORDER, KINDS_BY_PLAYERS, SHAPES, card_instances, card_kinds
from .flow import acting_seat, draft_chooser, player_to_change, school_decks, start_round
from .phases import ACT, SCHOOL_KEEP
from .state import GameState
from .wording import building_name, counted


class _Interned(dict[tuple[str, ...], Action]):
    """Actions of one verb by their arguments, made (and interned) on first use."""

    def __init__(self, make_action: Callable[..., Action]) -> None:
        super().__init__()
        self.make_action = make_action

    def __missing__(self, key: tuple[str, ...]) -> Action:
        action = self[key] = self.make_action(*key)
        return action


DRAFTS = _Interned(lambda kind: make("draft", kind=kind))
KEEPS = _Interned(lambda kind: make("keep", kind=kind))
_TAKES = _Interned(lambda deck, kind: make("take", kind=kind, deck=deck))
_SCHOOLS = _Interned(lambda deck: make("school", deck=deck))


def kinds_in(state: GameState, table: _Interned, cards: tuple[int, ...]
              ) -> tuple[Action, ...]:
    """One action per distinct kind among ``cards``, in the table order of kinds."""
    kinds = card_kinds(state.num_players, state.shrine)
    return tuple(table[(k,)] for k in sorted({kinds[c] for c in cards},
                                             key=KIND_ORDER.__getitem__))


def _take_card(state: GameState, cards: tuple[int, ...], kind: str) -> tuple[int, list[int]]:
    """The first card of ``kind`` among ``cards`` and the cards left."""
    kinds = KINDS_BY_PLAYERS[state.num_players][state.shrine]
    for i, card in enumerate(cards):
        if kinds[card] == kind:
            return card, [*cards[:i], *cards[i + 1:]]
    raise ValueError(f"no {kind} among the cards")  # unreachable for a legal action


# -- draft ------------------------------------------------------------------------------

def apply_draft(s: GameState, action: Action) -> None:
    assert action.kind is not None  # a draft names its kind
    chooser = draft_chooser(s)
    card, pool = _take_card(s, s.draft_pool, action.kind)
    p = player_to_change(s, chooser)
    p.hand = p.hand + ((card, 1 << chooser),)
    s.draft_turn += 1
    if len(pool) == 1:
        # The first player takes the last card; the last chooser passed it and knows it.
        last = pool.pop()
        first = player_to_change(s, s.first_player)
        first.hand = first.hand + ((last, (1 << s.first_player) | (1 << chooser)),)
    s.draft_pool = tuple(pool)
    if not pool:
        start_round(s)


# -- take -------------------------------------------------------------------------------

_TAKE_OF_CARD = {n: tuple(tuple(_TAKES[(c.deck, c.kind)] if c.deck in DECK_NAMES else None
                                for c in card_instances(n, shrine))
                          for shrine in (False, True))
                 for n in SHAPES}
"""Each card instance's take action (None for a card never in an offer), by player count
and shrine."""


class _TakesFrom(dict[tuple[int, ...], tuple[Action, ...]]):
    """The take actions of an offered pile (a tuple of card instances), one per kind in
    table order, by the pile, for one player count and shrine; made on first use.  A take
    changes one deck's pile, so the next take step finds the other piles here.  Bounded
    (every game deals new piles): cleared when full."""

    LIMIT = 4096

    def __init__(self, take_of: tuple[Action | None, ...]) -> None:
        super().__init__()
        self.take_of = take_of

    def __missing__(self, pile: tuple[int, ...]) -> tuple[Action, ...]:
        if len(self) >= self.LIMIT:
            self.clear()
        found: set[Action] = set()
        for card in pile:
            take = self.take_of[card]
            assert take is not None  # only deck cards are ever offered
            found.add(take)
        takes = self[pile] = tuple(sorted(found, key=_kind_order))
        return takes


def _kind_order(action: Action) -> int:
    assert action.kind is not None  # a take names its kind
    return KIND_ORDER[action.kind]


_TAKES_FROM = {n: tuple(_TakesFrom(take_of) for take_of in both)
               for n, both in _TAKE_OF_CARD.items()}


def legal_take(state: GameState) -> tuple[Action, ...]:
    takes_from = _TAKES_FROM[state.num_players][state.shrine]
    out: tuple[Action, ...] = ()
    for pile in state.offer.values():
        if pile:
            out += takes_from[pile]
    return out


def apply_take(s: GameState, action: Action) -> None:
    offer = dict(s.offer)
    deck = action.deck
    kind = action.kind
    assert deck is not None and kind is not None  # a take names both
    pile = offer[deck]
    kinds = KINDS_BY_PLAYERS[s.num_players][s.shrine]
    i = 0
    while kinds[pile[i]] != kind:
        i += 1
    card = pile[i]
    offer[deck] = pile[:i] + pile[i + 1:]
    s.offer = offer
    p = player_to_change(s, s.spaces[s.acting - 1])
    p.hand = p.hand + ((card, (1 << s.num_players) - 1),)  # everyone(): all know it
    s.step = ACT


# -- school / keep ----------------------------------------------------------------------

def legal_school(state: GameState) -> tuple[Action, ...]:
    return tuple(_SCHOOLS[(d,)] for d in school_decks(state))


def apply_school(s: GameState, action: Action) -> None:
    deck = action.deck
    assert deck is not None  # a school names its deck
    pile = s.decks[deck]
    count = min(s.pending_draws, len(pile))
    s.draw = pile[:count]
    s.draw_deck = deck
    decks = dict(s.decks)
    decks[deck] = pile[count:]
    s.decks = decks
    s.step = SCHOOL_KEEP


def apply_keep(s: GameState, action: Action) -> None:
    seat = acting_seat(s)
    assert action.kind is not None  # a keep names its kind
    card, rest = _take_card(s, s.draw, action.kind)
    p = player_to_change(s, seat)
    p.hand = p.hand + ((card, 1 << seat),)
    decks = dict(s.decks)
    decks[s.draw_deck] = decks[s.draw_deck] + tuple(rest)  # to the bottom, in drawn order
    s.decks = decks
    s.draw = ()
    s.draw_deck = ""
    s.pending_draws = 0
    s.step = ACT


def tell_keep(before: GameState, action: Action, after: GameState, who: str) -> str:
    back = len(before.draw) - 1
    if not back:
        return f"{who} keeps the only card drawn."
    return (f"{who} keeps one card and puts {counted(back, 'card')} at the bottom of "
            f"deck {before.draw_deck}.")


def tell_take(before: GameState, action: Action, after: GameState, who: str) -> str:
    assert action.kind is not None  # a take names its kind
    return f"{who} takes {building_name(action.kind)} from deck {action.deck}."
