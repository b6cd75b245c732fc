"""The replay viewer: a recorded game shown step by step.

A record is what the game's ``window.rome.record()`` returns:
``{"players": N, "seed": S, "shrine": bool, "actions": ["draft house-3", …]}``. Every
state is rebuilt with ``rome.apply_action`` (a seed and its actions always give the same
game); the log lines are ``rome.describe``'s. What a spectator sees follows the rules:
cities, coins, tokens and influence cards are open; a hand shows only the cards known to
everyone (``public``) and the backs of the rest, unless the address asks for open hands.
The viewer is a frozen :class:`Viewer` (the game and the step shown) that only
:func:`reduce` moves, drawn by :func:`frame`. Pure (no browser import).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import rome
from ui.address import MAX_RECORD_CHARS
from ui.bounds import PLAYERS, Place, shown
from ui.embed.view import Frame, ViewInput
from ui.render.city import render_city
from ui.render.endgame import render_end
from ui.render.svg_cards import back_face, card_face, influence_card_svg
from ui.saves.save import SaveError, parse_bounded
from ui.words.card_words import card_title
from ui.words.markup import esc

RECORD_DEPTH = 2  # an object holding the list of actions


class RecordError(ValueError):
    """A record that is not a game: bad JSON, bad fields or an illegal action."""


RECORD = Place("the record's", RecordError)
"""Where a replay's values are read: the bounds and words of a saved game's (``ui.bounds``)."""


@dataclass(frozen=True)
class Replay:
    players: int
    seed: int
    shrine: bool
    actions: tuple[str, ...]
    states: tuple[rome.GameState, ...]  # states[k]: after the first k actions
    lines: tuple[tuple[str, ...], ...]  # lines[k - 1]: the log of action k

    @property
    def last(self) -> int:
        return len(self.actions)

    def names(self) -> list[str]:
        return [f"Player {i + 1}" for i in range(self.players)]


def load(text: str) -> Replay:
    """Parse and replay a record (JSON text); every action is checked by the engine.

    Read with the saves' bounded reader: size and nesting are checked before parsing."""
    try:
        data = parse_bounded(text, "the record", MAX_RECORD_CHARS, RECORD_DEPTH)
    except SaveError as exc:
        reason = str(exc)
        raise RecordError("the record is not JSON" if "damaged" in reason else reason) from None
    if not isinstance(data, dict):
        raise RecordError('the record must be {"players", "seed", "shrine", "actions"}')
    players = RECORD.whole("players", PLAYERS, data.get("players"))
    seed = RECORD.seed(data.get("seed"))
    shrine = RECORD.flag("shrine", data["shrine"]) if "shrine" in data else False
    actions = RECORD.moves("moves", data.get("actions"))
    state = rome.new_game(players, seed=seed, shrine=shrine)
    states, lines = [state], []
    names = [f"Player {i + 1}" for i in range(players)]
    for i, text in enumerate(actions):
        try:
            action = rome.Action.parse(text)
            after = rome.apply_action(state, action)
        except rome.RomeError as exc:
            raise RecordError(f"action {i + 1} ({shown(text)}) cannot be played: {exc}") \
                from None
        lines.append(tuple(rome.describe(state, action, after, names)))
        states.append(after)
        state = after
    return Replay(players, seed, shrine, tuple(actions), tuple(states), tuple(lines))


def _hand_html(hand: list[rome.SeenCard], open_hands: bool) -> str:
    cards = []
    for card in hand:
        kind = card["kind"]
        if kind and (open_hands or card["public"]):
            cards.append(f'<span class="hand-card" title="{esc(card_title(kind))}">'
                         f'{card_face(kind)}</span>')
        else:
            cards.append(f'<span class="hand-card back" title="A card from deck '
                         f'{esc(card["deck"])}">{back_face(card["deck"])}</span>')
    return "".join(cards) or '<span class="none">no cards</span>'


def seat_html(replay: Replay, step: int, seat: int, open_hands: bool) -> str:
    """One player's city, hand, coins, tokens and influence cards at this step."""
    state = replay.states[step]
    # The seat's own observation holds its hand with every card it knows by kind;
    # ``public`` marks those every spectator knows too.
    player = rome.observation(state, seat)["players"][seat]
    name = replay.names()[seat]
    infl = "".join(influence_card_svg(v) for v in sorted(player["influence_cards"]))
    return (f'<section class="replay-seat" data-seat="{seat}" aria-label="{esc(name)}">'
            f'<h3>{esc(name)}</h3><p class="res">{player["coins"]} coins · '
            f'{player["influence"]} influence tokens {infl}</p>'
            f'{render_city(player, seat, name)}'
            f'<div class="hand" aria-label="{esc(name)}\'s hand">'
            f'{_hand_html(player["hand"], open_hands)}</div></section>')


def render_step(replay: Replay, step: int, open_hands: bool) -> str:
    """The body of the viewer at one step: log line, seats, and the scoring at the end."""
    line = "The game is set up." if step == 0 else " ".join(replay.lines[step - 1])
    state = replay.states[step]
    seats = "".join(seat_html(replay, step, s, open_hands) for s in range(replay.players))
    end = render_end(state, replay.names()) if rome.is_over(state) else ""
    return (f'<p class="replay-line" data-log-line aria-live="polite">'
            f'<span class="replay-count">Step {step} of {replay.last}.</span> {esc(line)}</p>'
            f'<div class="replay-seats">{seats}</div>{end}')


def controls_html() -> str:
    labels = (("start", "«", "Start"), ("back", "‹", "Back"), ("forward", "›", "Forward"),
              ("end", "»", "End"))
    buttons = "".join(f'<button type="button" class="btn" data-replay="{key}" '
                      f'aria-label="{label}" title="{label} (arrow keys, Home, End)">'
                      f'<span aria-hidden="true">{icon}</span> {label}</button>'
                      for key, icon, label in labels)
    return f'<div class="replay-controls" role="toolbar" aria-label="Replay">{buttons}</div>'


# -- the viewer: state, event, reducer, frame --------------------------------------------
@dataclass(frozen=True)
class Viewer:
    """The replay on screen: the game, the step shown, and whether hands are open."""

    game: Replay
    step: int = 0
    open_hands: bool = False


@dataclass(frozen=True)
class Go:
    """A control or key: ``start``, ``back``, ``forward`` or ``end``."""

    to: str


def start(game: Replay, step: int | None, open_hands: bool) -> Viewer:
    """The viewer at the address's step (within the game)."""
    return Viewer(game, max(0, min(step or 0, game.last)), open_hands)


def reduce(viewer: Viewer, event: Go) -> tuple[Viewer, tuple[()]]:
    target = {"start": 0, "back": viewer.step - 1, "forward": viewer.step + 1,
              "end": viewer.game.last}.get(event.to, viewer.step)
    return replace(viewer, step=max(0, min(target, viewer.game.last))), ()


def frame(viewer: Viewer) -> Frame:
    """The step's body, the step number and which controls lead nowhere."""
    first, last = viewer.step == 0, viewer.step == viewer.game.last
    disabled = {"start": first, "back": first, "forward": last, "end": last}
    attributes = {(f'[data-replay="{key}"]', "aria-disabled"): str(value).lower()
                  for key, value in disabled.items()}
    attributes[("#replay", "data-step")] = str(viewer.step)
    return Frame({"replay-body": render_step(viewer.game, viewer.step, viewer.open_hands)},
                 attributes)


def shell(viewer: Viewer) -> str:
    """The viewer's fixed markup, its body empty: the page fills it from :func:`frame`."""
    return (f'<div class="embed-replay" id="replay" data-step="{viewer.step}" '
            f'tabindex="-1">{controls_html()}<div id="replay-body"></div></div>')


# -- its input (``romeInput.listenView``) ------------------------------------------------
CLICKS = ("data-replay",)
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "start", "End": "end"}
"""The keys that move the replay (outside a field)."""


def event_for(message: ViewInput) -> Go | None:
    """The control or key an input stands for; the reducer ignores a way it lacks."""
    if message["kind"] == "click":
        return Go(message["value"])
    if message["kind"] == "key" and message["name"] in KEYS:
        return Go(KEYS[message["name"]])
    return None
