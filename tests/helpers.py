"""Test helpers: play legal actions, and build exact positions through saved data.

Positions are made by editing ``state.to_dict()`` and loading it back with
``GameState.from_dict`` (which validates), so every position a test uses is one the
engine itself accepts.  The strip symbols are copied here from CARDS.md rather than
read from the engine, so choosing "3 bricks and 2 cogs" does not trust the code under
test.
"""

from __future__ import annotations

import copy
import random

from rome import (
    Action,
    GameState,
    apply_action,
    legal_actions,
    new_game,
    playthrough,
    random_player,
)
from rome.bounds import most_coins, most_influence
from rome.cards import SHAPES, card_instances

# CARDS.md "Action strips": fronts read from the emperor outwards; back = front reversed.
STRIP_FRONTS = ("CCBBB", "CBCBB", "CBBCB", "BCCBB", "CBBBC", "BCBCB")

EMISSARIES = {2: 2, 3: 1, 4: 1}  # per player (DECISIONS 6)
DECKS_IN_GAME = {2: ("I", "II"), 3: ("I", "II", "III"), 4: ("I", "II", "III", "IV")}


def symbols(strip: int, flipped: bool) -> str:
    front = STRIP_FRONTS[strip]
    return front[::-1] if flipped else front


def strip_for(bricks: int, cogs: int) -> tuple[int, bool, int]:
    """A (strip, flipped, space) whose spaces 1..space hold exactly these symbols."""
    for strip in range(6):
        for flipped in (False, True):
            sym = symbols(strip, flipped)
            for space in range(1, 6):
                head = sym[:space]
                if head.count("B") == bricks and head.count("C") == cogs:
                    return strip, flipped, space
    raise ValueError(f"no strip gives {bricks} bricks and {cogs} cogs")


def act(state: GameState, *texts: str) -> GameState:
    """Apply actions written in the notation, one after another."""
    for text in texts:
        state = apply_action(state, Action.parse(text))
    return state


def texts(state: GameState) -> list[str]:
    return [str(a) for a in legal_actions(state)]


def builds(state: GameState, kind: str) -> set[tuple[int, int]]:
    """The positions where ``kind`` may be built now."""
    return {(a.row, a.col) for a in legal_actions(state) if a.verb == "build" and a.kind == kind}


def finish_draft(state: GameState) -> GameState:
    while state.phase == "draft":
        state = apply_action(state, legal_actions(state)[0])
    return state


def passive_action(state: GameState) -> Action:
    """Place on the first free space, take the first offered card, never build/produce."""
    if state.phase == "action" and state.step == "act":
        return Action("end")
    return legal_actions(state)[0]


def passive_step(state: GameState) -> GameState:
    return apply_action(state, passive_action(state))


def play_passive(state: GameState, until=None) -> GameState:
    """Play passively to the end, or to the first state where ``until`` holds."""
    if until and until(state):
        return state
    for _before, _action, after in playthrough(state, passive_action):
        state = after
        if until and until(state):
            break
    return state


def random_game(num_players: int, seed: int, shrine: bool = False):
    """(states, actions) of one game played with seeded random legal choices."""
    state = new_game(num_players, seed=seed, shrine=shrine)
    steps = list(playthrough(state, random_player(random.Random(seed))))
    return [state, *(after for _b, _a, after in steps)], [action for _b, action, _a in steps]


def kinds_of(state: GameState, cards) -> list[str]:
    table = card_instances(state.num_players, state.shrine)
    return [table[c].kind for c in cards]


def city_of(state: GameState, seat: int) -> dict[tuple[int, int], str]:
    table = card_instances(state.num_players, state.shrine)
    return {pos: table[c].kind for pos, c in state.players[seat].city.items()}


def hand_of(state: GameState, seat: int) -> list[str]:
    table = card_instances(state.num_players, state.shrine)
    return sorted(table[c].kind for c, _m in state.players[seat].hand)


class Position:
    """Build an exact game position from the data of a real one.

    Kinds may be written ``"baths"`` (any copy) or ``"baths/III"`` (the deck III copy).
    Cards the builder displaces go to ``removed`` (the box), which keeps every card in
    exactly one place as ``from_dict`` demands.
    """

    def __init__(self, num_players: int = 4, seed: int = 0, shrine: bool = False) -> None:
        self.n = num_players
        self.shrine = shrine
        self.d = finish_draft(new_game(num_players, seed=seed, shrine=shrine)).to_dict()
        self.cards = card_instances(num_players, shrine)
        self.used: set[int] = set()

    # -- cards -----------------------------------------------------------------
    def _detach(self, card: int) -> None:
        d = self.d
        for piles in (d["decks"], d["offer"]):
            for pile in piles.values():
                if card in pile:
                    pile.remove(card)
        for key in ("influence_pool", "draw", "draft_pool", "removed"):
            if card in d[key]:
                d[key].remove(card)
        for p in d["players"]:
            p["city"] = [e for e in p["city"] if e[2] != card]
            p["hand"] = [e for e in p["hand"] if e[0] != card]
            if card in p["influence_cards"]:
                p["influence_cards"].remove(card)

    def _locked(self) -> set[int]:
        out = set(self.used)
        for p in self.d["players"]:
            out.update(c for _r, _c, c in p["city"])
            out.update(c for c, _m in p["hand"])
            out.update(p["influence_cards"])
        return out

    def claim(self, spec: str) -> int:
        kind, _, deck = spec.partition("/")
        locked = self._locked()
        free = [i for i, c in enumerate(self.cards)
                if c.kind == kind and (not deck or c.deck == deck) and i not in locked]
        if not free:
            raise ValueError(f"no free card {spec}")
        # Upkeep fills the offer while a deck has cards: take from elsewhere if possible.
        offered = {c for pile in self.d["offer"].values() for c in pile}
        card = min(free, key=lambda i: i in offered)
        self._detach(card)
        self.used.add(card)
        return card

    def _release(self, cards) -> None:
        for c in cards:
            self._detach(c)
            self.used.discard(c)
            self.d["removed"].append(c)

    # -- a seat ------------------------------------------------------------------
    def city(self, seat: int, layout: dict, bricks=(), points=None) -> Position:
        p = self.d["players"][seat]
        old = [c for _r, _c, c in p["city"]]
        p["city"] = []
        p["bricks"] = []
        p["points"] = []
        self._release(old)
        p["city"] = [[r, c, self.claim(spec)] for (r, c), spec in layout.items()]
        p["bricks"] = [[r, c] for r, c in bricks]
        p["points"] = [[r, c, k] for (r, c), k in (points or {}).items()]
        return self

    def hand(self, seat: int, specs, mask: int | None = None) -> Position:
        p = self.d["players"][seat]
        old = [c for c, _m in p["hand"]]
        p["hand"] = []
        self._release(old)
        everyone = (1 << self.n) - 1
        cards = [self.claim(s) for s in specs]
        # Deck I cards reach a hand only from the open offer: everyone knows them.
        p["hand"] = [[c, mask if mask is not None
                      else everyone if self.cards[c].deck == "I" else 1 << seat] for c in cards]
        return self

    def set(self, seat: int, **fields) -> Position:
        for k, v in fields.items():
            self.d["players"][seat][k] = v
        return self

    def influence_cards(self, seat: int, values) -> Position:
        cards = [self.claim(f"influence-{v}") for v in values]
        self.d["players"][seat]["influence_cards"] = cards
        return self

    # -- the table -----------------------------------------------------------------
    def pool(self, values) -> Position:
        self.d["influence_pool"] = [self.claim(f"influence-{v}") for v in values]
        return self

    def deck_top(self, deck: str, specs) -> Position:
        """Put these cards (of that deck) on top of it, in this order."""
        cards = [self.claim(f"{s}/{deck}") for s in specs]
        self.d["decks"][deck] = cards + self.d["decks"][deck]
        return self

    def deck_exact(self, deck: str, specs) -> Position:
        """The deck holds exactly these cards, top first; the rest go to the box."""
        self._release(list(self.d["decks"][deck]))
        cards = [self.claim(f"{s}/{deck}") for s in specs]
        self.d["decks"][deck] = cards
        return self

    def offer(self, offer: dict) -> Position:
        for deck in list(self.d["offer"]):
            self._release(list(self.d["offer"][deck]))
            self.d["offer"][deck] = [self.claim(f"{s}/{deck}") for s in offer.get(deck, ())]
        return self

    def turn(self, seat: int, bricks: int = 3, cogs: int = 2, step: str = "act",
             others: dict | None = None, round: int | None = None) -> Position:
        """Action phase: ``seat``'s emissary is the one acting, on a strip space whose
        symbols (by CARDS.md) give exactly ``bricks`` and ``cogs``.  ``others`` maps
        later strip spaces to seats still to act."""
        strip, flipped, space = strip_for(bricks, cogs)
        d = self.d
        strips = [s for s in d["strips"] if s[0] != strip]
        d["strips"] = [[strip, flipped]] + strips
        spaces = [-1] * 5
        spaces[space - 1] = seat
        for sp, other in (others or {}).items():
            assert sp > space, "other emissaries must act later"
            spaces[sp - 1] = other
        d["spaces"] = spaces
        d["phase"] = "action"
        d["step"] = step
        d["placed"] = self.n * EMISSARIES[self.n]
        d["acting"] = space
        d["built"] = d["produced"] = False
        d["draw"], d["draw_deck"], d["pending_draws"] = [], "", 0
        if round is not None:
            d["round"] = round
        return self

    def raw(self) -> dict:
        return copy.deepcopy(self.d)

    def state(self) -> GameState:
        """The position as a state, the offer first cut to the takes still to come (the
        cards beyond them go to the box, as :meth:`deck_exact` does): a turn set up by
        hand leaves fewer emissaries to act than the round's upkeep dealt for."""
        d = copy.deepcopy(self.d)
        d["round"] = max(d["round"], round_for_counts(d))
        if d["phase"] == "action":
            takers = sum(1 for seat in d["spaces"][d["acting"]:] if seat >= 0)
            takers += d["step"] == "take"
            for deck in reversed(list(d["offer"])):
                while d["offer"][deck] and sum(map(len, d["offer"].values())) > takers:
                    d["removed"].append(d["offer"][deck].pop())
        return GameState.from_dict(d)


def round_for_counts(d: dict) -> int:
    """The first round whose past turns can have given every seat its coins and tokens
    (``rome.bounds``): a position set up by hand with, say, 9 coins in round 1 (where a
    seat still has its 5) is moved to a round a game could hold it in."""
    n = d["num_players"]
    turns = 0
    while any(p["coins"] > most_coins(n, turns) or p["influence"] > most_influence(n, turns)
              for p in d["players"]):
        turns += 1
    return min(SHAPES[n].rounds, turns // EMISSARIES[n] + 1 + (turns % EMISSARIES[n] > 0))


START = {(0, 0): "vegetable-farm", (0, 1): "house-2"}
