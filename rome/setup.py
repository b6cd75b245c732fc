"""Setting up a game: the only place the seeded generator is drawn from during play."""

from __future__ import annotations

from .actions import RomeError
from .cards import SHAPES, SPACES, STARTING_CITY, STARTING_COINS, STRIPS, card_instances
from .rng import below, seed_state, shuffled
from .state import GameState, PlayerState


def new_game(num_players: int, *, seed: int, shrine: bool = False) -> GameState:
    """A game ready for its first decision (the opening draft).

    Seat numbers run clockwise.  The generator chooses the first player (DECISIONS 1),
    shuffles each deck, inserts the influence cards into deck I at their fixed places,
    and shuffles the strips in random order and orientation (DECISIONS 4).
    """
    if num_players not in SHAPES:
        raise RomeError(f"The Great City of Rome is for 2 to 4 players, not {num_players}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RomeError(f"the seed must be an integer, not {seed!r}")
    shape = SHAPES[num_players]
    cards = card_instances(num_players, shrine)
    rng = seed_state(seed)
    first, rng = below(rng, num_players)

    players = []
    everyone = (1 << num_players) - 1
    shrines = [i for i, card in enumerate(cards) if card.kind == "shrine"]  # one per seat
    for seat in range(num_players):
        city = {(r, c): 2 * seat + i for i, (r, c, _kind) in enumerate(STARTING_CITY)}
        hand = ((shrines[seat], everyone),) if shrines else ()  # known to all: DECISIONS 5
        players.append(PlayerState(STARTING_COINS, 0, city, (), {}, hand, ()))

    decks: dict[str, tuple[int, ...]] = {}
    for deck in shape.decks:
        pile, rng = shuffled(rng, [i for i, c in enumerate(cards)
                                   if c.deck == deck and not c.influence])
        if deck == "I":
            pile = _insert_influence(pile, cards, shape.influence_after)
        decks[deck] = tuple(pile)

    order, rng = shuffled(rng, range(len(STRIPS)))
    strips = []
    for strip in order:
        side, rng = below(rng, 2)
        strips.append((strip, bool(side)))

    s = object.__new__(GameState)
    s._legal = None
    s.num_players, s.shrine, s.seed = num_players, shrine, seed
    s.round, s.phase, s.step, s.first_player = 0, "draft", "", first
    s.offer = {d: () for d in shape.decks}
    s.influence_pool = ()
    s.strips = tuple(strips)
    s.spaces = (-1,) * SPACES
    s.placed = s.acting = s.pending_draws = 0
    s.built = s.produced = False
    s.draw, s.draw_deck = (), ""
    s.removed = ()
    s.players = tuple(players)
    # DECISIONS 3: the opening draft takes one card per player from the top of deck II.
    s.draft_pool = decks["II"][:num_players]
    decks["II"] = decks["II"][num_players:]
    s.decks = decks
    s.draft_turn = 0
    s.rng = rng
    return s


def _insert_influence(pile: list[int], cards: tuple, after: tuple[int, ...]) -> list[int]:
    """Put the influence cards after the given numbers of deck I buildings (the last one
    at the bottom), as the setup rules place them."""
    influence = [i for i, c in enumerate(cards) if c.influence]
    out = list(pile)
    for count, card in sorted(zip(after, influence, strict=True), reverse=True):
        out.insert(min(count, len(pile)), card)
    return out
