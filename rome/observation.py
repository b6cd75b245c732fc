"""Hidden information: what one seat may know, and full states consistent with it.

``observation(state, seat)`` is plain JSON-safe data: the viewer's own hand, everything
on the table, the backs (decks) of other players' hidden cards and the cards of theirs
the viewer has seen, deck sizes and where the influence cards lie in deck I (their places
are fixed by the setup rules).  It never holds the seed, the generator or any deck order.

``sample_state(obs, seed)`` deals the cards the viewer cannot see at random among the
hidden places (the determinisation used by the AI's search).  Decision where the books
are silent: the viewer is not credited with remembering the cards a School sent to the
bottom of a deck, nor the strips' order beyond those already seen; both are re-dealt.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import TypedDict

from .cards import SPACES, Card, card_instances
from .errors import ObservationError
from .flow import current_player, draft_chooser
from .phases import Phase, Step
from .state import GameState, HandCard, PlayerState, everyone


class SeenCard(TypedDict):
    """A card in a hand: its kind (None when the viewer has not seen it), its deck, and
    whether every seat has seen it."""

    kind: str | None
    deck: str
    public: bool


class SeenPlayer(TypedDict):
    """One seat as the viewer sees it. ``city``: (row, column, kind, deck) per building;
    ``bricks``: the farms holding a brick token; ``points``: (row, column, points) per
    thermal baths' token."""

    coins: int
    influence: int
    city: list[tuple[int, int, str, str]]
    bricks: list[tuple[int, int]]
    points: list[tuple[int, int, int]]
    hand: list[SeenCard]
    influence_cards: list[int]


class Observation(TypedDict):
    """What one seat may know (:func:`observation`): the fields of ``GameState`` that are
    public, with cards as (kind, deck) and the unseen ones as counts or None.
    ``strips``: (strip, flipped) of each strip seen so far, None for those not yet
    turned; ``deck_influence``: (place, value) of each influence card in a deck."""

    seat: int
    num_players: int
    shrine: bool
    round: int
    phase: str
    step: str
    first_player: int
    current_player: int | None
    strips: list[tuple[int, bool] | None]
    spaces: list[int]
    placed: int
    acting: int
    built: bool
    produced: bool
    pending_draws: int
    decks: dict[str, int]
    deck_influence: dict[str, list[tuple[int, int]]]
    offer: dict[str, list[str]]
    influence_pool: list[int]
    draw_deck: str
    draw: list[str] | None
    draw_count: int
    draft_pool: list[str] | None
    draft_count: int
    draft_turn: int
    removed: list[tuple[str, str]]
    players: list[SeenPlayer]


def _card(cards: tuple[Card, ...], c: int) -> tuple[str, str]:
    return cards[c].kind, cards[c].deck


def observation(state: GameState, seat: int) -> Observation:
    """Everything ``seat`` may know about ``state``, as plain data."""
    n = state.num_players
    if type(seat) is not int or not 0 <= seat < n:
        raise ObservationError(f"seat {seat!r} is not in a {n}-player game: seats are 0 to {n - 1}")
    cards = card_instances(n, state.shrine)
    bit = 1 << seat
    known_by_all = everyone(n)
    seen_strips = min(len(state.strips), state.round + 1)
    strips: list[tuple[int, bool] | None] = list(state.strips)
    for i in range(1, len(strips) - (seen_strips - 1)):
        strips[i] = None
    knows_draft = state.phase == "draft" and (
        seat == draft_chooser(state)
        or (state.draft_turn > 0 and seat == (state.first_player - state.draft_turn) % n))
    players: list[SeenPlayer] = []
    for other, p in enumerate(state.players):
        hand: list[SeenCard] = []
        for c, mask in p.hand:
            if other == seat or mask & bit:
                hand.append({"kind": cards[c].kind, "deck": cards[c].deck,
                             "public": mask == known_by_all})
            else:
                hand.append({"kind": None, "deck": cards[c].deck, "public": False})
        players.append({
            "coins": p.coins,
            "influence": p.influence,
            "city": [(r, c, *_card(cards, card)) for (r, c), card in sorted(p.city.items())],
            "bricks": list(p.bricks),
            "points": [(r, c, k) for (r, c), k in sorted(p.points.items())],
            "hand": hand,
            "influence_cards": [cards[c].influence for c in p.influence_cards],
        })
    acting_seat = current_player(state)
    return {
        "seat": seat,
        "num_players": n,
        "shrine": state.shrine,
        "round": state.round,
        "phase": str(state.phase),
        "step": str(state.step),
        "first_player": state.first_player,
        "current_player": acting_seat,
        "strips": strips,
        "spaces": list(state.spaces),
        "placed": state.placed,
        "acting": state.acting,
        "built": state.built,
        "produced": state.produced,
        "pending_draws": state.pending_draws,
        "decks": {d: len(pile) for d, pile in state.decks.items()},
        "deck_influence": {d: [(i, cards[c].influence) for i, c in enumerate(pile)
                               if cards[c].influence] for d, pile in state.decks.items()},
        "offer": {d: [cards[c].kind for c in pile] for d, pile in state.offer.items()},
        "influence_pool": [cards[c].influence for c in state.influence_pool],
        "draw_deck": state.draw_deck,
        "draw": [cards[c].kind for c in state.draw] if acting_seat == seat else None,
        "draw_count": len(state.draw),
        "draft_pool": [cards[c].kind for c in state.draft_pool] if knows_draft else None,
        "draft_count": len(state.draft_pool),
        "draft_turn": state.draft_turn,
        "removed": [_card(cards, c) for c in state.removed],
        "players": players,
    }


MAX_OBSERVATION_CHARS = 100_000
"""The longest observation text read (a 4-player game's is about 8 000 characters)."""


def observation_json(obs: Observation) -> str:
    """The JSON text of an observation, as the page sends it to the AI worker."""
    return json.dumps(obs, separators=(",", ":"))


def read_observation(text: str) -> Observation:
    """The observation of :func:`observation_json`'s text, its pairs and cells tuples again
    (JSON has only lists); :func:`sample_state` checks the rest of it. Raises
    :class:`ObservationError` for text that is not one."""
    if len(text) > MAX_OBSERVATION_CHARS:
        raise ObservationError(f"an observation is at most {MAX_OBSERVATION_CHARS} characters")
    try:
        obs = json.loads(text)
        obs["strips"] = [None if s is None else (s[0], s[1]) for s in obs["strips"]]
        obs["deck_influence"] = {d: [(i, v) for i, v in marks]
                                 for d, marks in obs["deck_influence"].items()}
        obs["removed"] = [(k, d) for k, d in obs["removed"]]
        for p in obs["players"]:
            p["city"] = [(r, c, k, d) for r, c, k, d in p["city"]]
            p["bricks"] = [(r, c) for r, c in p["bricks"]]
            p["points"] = [(r, c, k) for r, c, k in p["points"]]
    except (ValueError, RecursionError, KeyError, TypeError, AttributeError) as exc:
        raise ObservationError(f"not an observation made by rome.observation: {exc!r:.80}"
                               ) from None
    read: Observation = obs
    return read


def sample_state(obs: Observation, seed: int | random.Random) -> GameState:
    """A full state the viewer of ``obs`` cannot tell from the real one, with every card
    the viewer does not see dealt at random (same deck backs, same counts).

    Raises :class:`ObservationError` for data that :func:`observation` could not give."""
    try:
        return _sample(obs, seed)
    except ObservationError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise ObservationError(f"not an observation made by rome.observation: {exc!r:.80}"
                               ) from None


def _sample(obs: Observation, seed: int | random.Random) -> GameState:
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    n, shrine, seat = obs["num_players"], obs["shrine"], obs["seat"]
    cards = card_instances(n, shrine)
    free: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, c in enumerate(cards):
        free[(c.kind, c.deck)].append(i)

    def claim(kind: str, deck: str) -> int:
        pool = free[(kind, deck)]
        if not pool:
            raise ObservationError(f"the observation shows more {kind} ({deck}) than the game has")
        return pool.pop()

    known_by_all = everyone(n)
    players = []
    hands: list[list[HandCard]] = []  # filled in once the unseen cards are dealt
    hidden_hands: list[tuple[int, int, str]] = []  # (seat, hand index, deck) of unseen cards
    for other, p in enumerate(obs["players"]):
        city = {(r, c): claim(kind, deck) for r, c, kind, deck in p["city"]}
        hand: list[HandCard] = []
        for h in p["hand"]:
            if h["kind"] is None:
                hidden_hands.append((other, len(hand), h["deck"]))
                hand.append((-1, 1 << other))
                continue
            mask = known_by_all if h["public"] else (1 << other) | (1 << seat)
            hand.append((claim(h["kind"], h["deck"]), mask))
        influence = tuple(claim(f"influence-{v}", "I") for v in p["influence_cards"])
        players.append(PlayerState(p["coins"], p["influence"], city,
                                   tuple((r, c) for r, c in p["bricks"]),
                                   {(r, c): k for r, c, k in p["points"]}, (), influence))
        hands.append(hand)
    offer = {d: tuple(claim(k, d) for k in kinds) for d, kinds in obs["offer"].items()}
    pool = tuple(claim(f"influence-{v}", "I") for v in obs["influence_pool"])
    removed = tuple(claim(k, d) for k, d in obs["removed"])
    draw_deck = obs["draw_deck"]
    draw = tuple(claim(k, draw_deck) for k in obs["draw"]) if obs["draw"] is not None else None
    draft = (tuple(claim(k, "II") for k in obs["draft_pool"])
             if obs["draft_pool"] is not None else None)
    deck_slots: dict[str, list[int | None]] = {d: [None] * count
                                               for d, count in obs["decks"].items()}
    for d, marks in obs["deck_influence"].items():
        for i, value in marks:
            deck_slots[d][i] = claim(f"influence-{value}", "I")

    unseen: dict[str, list[int]] = defaultdict(list)
    for (kind, deck), pool_ids in free.items():
        if not kind.startswith("influence-"):
            unseen[deck].extend(pool_ids)
    for pile in unseen.values():
        pile.sort()
        rng.shuffle(pile)
    for other, index, deck in hidden_hands:
        hands[other][index] = (unseen[deck].pop(), 1 << other)
    for player, hand in zip(players, hands, strict=True):
        player.hand = tuple(hand)
    if draw is None:
        draw = tuple(unseen[draw_deck].pop() for _ in range(obs["draw_count"]))
    if draft is None:
        draft = tuple(unseen["II"].pop() for _ in range(obs["draft_count"]))
    decks = {}
    for d, slots in deck_slots.items():
        decks[d] = tuple(c if c is not None else unseen[d].pop() for c in slots)
    if any(unseen.values()):
        raise ObservationError("the observation leaves cards with no place: "
                               "it is not one a game could give")

    spaces = tuple(obs["spaces"])
    if len(spaces) != SPACES:
        raise ObservationError(f"an observation has {SPACES} strip spaces, not {len(spaces)}")
    return GameState(
        num_players=n, shrine=shrine, seed=0, rng=0, round=obs["round"],
        phase=Phase(obs["phase"]), step=Step(obs["step"]), first_player=obs["first_player"],
        decks=decks, offer=offer, influence_pool=pool,
        strips=_sample_strips(obs["strips"], rng), spaces=spaces, placed=obs["placed"],
        acting=obs["acting"], built=obs["built"], produced=obs["produced"],
        pending_draws=obs["pending_draws"], draw=draw, draw_deck=draw_deck, draft_pool=draft,
        draft_turn=obs["draft_turn"], removed=removed, players=tuple(players))


def _sample_strips(seen: list[tuple[int, bool] | None], rng: random.Random
                   ) -> tuple[tuple[int, bool], ...]:
    known = {s[0] for s in seen if s is not None}
    hidden = [i for i in range(len(seen)) if i not in known]
    rng.shuffle(hidden)
    out = []
    for s in seen:
        if s is None:
            out.append((hidden.pop(), rng.random() < 0.5))
        else:
            out.append((s[0], bool(s[1])))
    return tuple(out)
