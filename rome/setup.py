"""Setting up a game: the only place the seeded generator is drawn from during play."""

from __future__ import annotations

from functools import cache

from .cards import SHAPES, SPACES, STARTING_CITY, STARTING_COINS, STRIPS, card_instances
from .errors import SetupError
from .phases import Phase, Step
from .rng import below, seed_state, shuffled
from .state import GameState, PlayerState, everyone


def new_game(num_players: int, *, seed: int, shrine: bool = False) -> GameState:
    """A game ready for its first decision (the opening draft).

    Seat numbers run clockwise.  The generator chooses the first player (DECISIONS 1),
    shuffles each deck, inserts the influence cards into deck I at their fixed places,
    and shuffles the strips in random order and orientation (DECISIONS 4).
    """
    if type(num_players) is not int or num_players not in SHAPES:
        raise SetupError(f"The Great City of Rome is for 2 to 4 players, not {num_players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"the seed must be an integer, not {seed!r}")
    if not isinstance(shrine, bool):
        raise SetupError(f"shrine must be True or False, not {shrine!r}")
    shape = SHAPES[num_players]
    piles, shrines = _unshuffled(num_players, shrine)
    rng = seed_state(seed)
    first, rng = below(rng, num_players)

    players = []
    for seat in range(num_players):
        city = {(r, c): 2 * seat + i for i, (r, c, _kind) in enumerate(STARTING_CITY)}
        # The shrine is known to all (DECISIONS 5).
        hand = ((shrines[seat], everyone(num_players)),) if shrines else ()
        players.append(PlayerState(STARTING_COINS, 0, city, (), {}, hand, ()))

    decks: dict[str, tuple[int, ...]] = {}
    for deck in shape.decks:
        pile, rng = shuffled(rng, piles[deck])
        if deck == "I":
            pile = _insert_influence(pile, piles["influence"], shape.influence_after)
        decks[deck] = tuple(pile)

    order, rng = shuffled(rng, range(len(STRIPS)))
    strips = []
    for strip in order:
        side, rng = below(rng, 2)
        strips.append((strip, bool(side)))

    # DECISIONS 3: the opening draft takes one card per player from the top of deck II.
    draft_pool = decks["II"][:num_players]
    decks["II"] = decks["II"][num_players:]
    return GameState(
        num_players=num_players, shrine=shrine, seed=seed, rng=rng, round=0,
        phase=Phase.DRAFT, step=Step.NONE, first_player=first, decks=decks,
        offer={d: () for d in shape.decks}, influence_pool=(), strips=tuple(strips),
        spaces=(-1,) * SPACES, placed=0, acting=0, built=False, produced=False,
        pending_draws=0, draw=(), draw_deck="", draft_pool=draft_pool, draft_turn=0,
        removed=(), players=tuple(players))


@cache
def _unshuffled(num_players: int, shrine: bool) -> tuple[dict[str, tuple[int, ...]],
                                                          tuple[int, ...]]:
    """Each deck's building cards (and, as ``"influence"``, the influence cards) in
    instance order, and the shrines (one per seat): the same for every game of these
    options, so worked out once rather than in every ``new_game``."""
    cards = card_instances(num_players, shrine)
    piles = {deck: tuple(i for i, c in enumerate(cards) if c.deck == deck and not c.influence)
             for deck in SHAPES[num_players].decks}
    piles["influence"] = tuple(i for i, c in enumerate(cards) if c.influence)
    return piles, tuple(i for i, c in enumerate(cards) if c.kind == "shrine")


def _insert_influence(pile: list[int], influence: tuple[int, ...], after: tuple[int, ...]
                      ) -> list[int]:
    """Put the influence cards after the given numbers of deck I buildings (the last one
    at the bottom), as the setup rules place them."""
    out = list(pile)
    for count, card in sorted(zip(after, influence, strict=True), reverse=True):
        out.insert(min(count, len(pile)), card)
    return out
