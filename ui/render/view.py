"""What the renderers receive: the observation of the seat shown, never the game state.

Why: a renderer that never holds the full state cannot leak a hidden card, whatever
its bugs. :func:`table_view` is the one place that reads the state; it hands the
renderers the observation of the seat in front of the screen (or a spectator view,
which knows only public cards), the ``Action`` objects they may offer, and the prices
and outcomes of those actions, worked out by the engine before anyone commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import rome
from rome.ai.answers import Cities
from ui.model.log import LogEntry
from ui.model.preparing import progress
from ui.model.state import Mode, Reviewed, Suggestion, UiState
from ui.words import facts
from ui.words.names import isolate_text


@dataclass(frozen=True)
class Outcome:
    """What an action will cost and give (shown on the button before the click)."""

    tokens: int = 0  # brick tokens spent
    coins: int = 0  # coins spent
    gains: tuple[str, ...] = ()  # plain words: "+2 coins", "3 point tokens", "draw 2"


@dataclass(frozen=True)
class TableView:
    """The table as one seat (or a spectator) may see it, plus what it may do."""

    obs: rome.Observation
    viewer: int | None  # seat whose hand is face up; None: a spectator view
    names: tuple[str, ...]
    humans: tuple[bool, ...]
    levels: tuple[str, ...]
    mode: str
    main: int | None = None  # seat drawn in the main area (None: ``table.main_seat`` picks)
    actions: tuple[rome.Action, ...] = ()  # clickable now
    selection: str = ""
    outcomes: dict[rome.Action, Outcome] = field(default_factory=dict)
    reasons: dict[str, str] = field(default_factory=dict)  # hand kind -> why not buildable
    withheld: tuple[str, ...] = ()  # why a usual choice is not offered now (rome.withheld)
    scores: tuple[dict[str, int], ...] = ()
    recent: tuple[tuple[int, str], ...] = ()  # (seat, action text) since the viewer's turn
    recent_cells: frozenset[tuple[int, int, int]] = frozenset()  # (seat, row, col) just built
    fresh: tuple[int, int, int] | None = None  # (seat, row, col) built by the last move
    moments: tuple[str, ...] = ()  # influence scoring since the viewer's last decision
    thinking: str = ""
    notices: tuple[str, ...] = ()
    can_undo: bool = False
    open_hands: bool = False
    log: tuple[LogEntry, ...] = ()
    detail: str = ""
    breakdown: int | None = None
    winners: tuple[int, ...] = ()
    hint: str = ""  # "" none asked, "pending" being worked out, "worker" / "page": shown
    hints: tuple[Suggestion, ...] = ()
    hint_shown: int | None = None  # the suggestion whose place the phone shows
    hint_wait: str = ""  # while it is worked out, why it may take a while (the AI worker's state)
    review_seat: int | None = None  # the end screen's review: whose decisions
    review: tuple[Reviewed, ...] | None = None  # None while it is worked out
    review_source: str = ""
    review_turning: tuple[int, ...] = ()  # the plies of its turning points, costliest first
    review_cities: Cities | None = None  # the seat's final city beside the winner's
    review_progress: tuple[int, int] = (0, 0)  # its decisions analysed, all of them

    @property
    def over(self) -> bool:
        return bool(self.obs["phase"] == "over")

    @property
    def categories(self) -> tuple[str, ...]:
        """The score categories of this game (``rome.CATEGORIES``): the Shrine's only when
        it is in play, as a row of noughts would ask a newcomer what a Shrine is."""
        return tuple(c for c in rome.CATEGORIES if c != "shrine" or self.obs["shrine"])


def spectator(obs: rome.Observation) -> rome.Observation:
    """An observation stripped to what everyone knows: only public hand cards, no draft
    pool, no School draw (used during hand-overs and between two humans' turns). Its
    ``seat`` is still the one it was made for; ``TableView.viewer`` says whose hand shows."""
    players = []
    for p in obs["players"]:
        seen = p.copy()
        seen["hand"] = [h if h["public"] else rome.SeenCard(kind=None, deck=h["deck"], public=False)
                        for h in p["hand"]]
        players.append(seen)
    public = obs.copy()
    public["players"], public["draft_pool"], public["draw"] = players, None, None
    return public


def main_of(ui: UiState, viewer: int | None) -> int | None:
    """The seat drawn in the table's main area: the seat whose hand is face up, so at every
    human's turn that human's city and hand, once the hand-over is done (issue 40: hot-seat
    as fair as solo); between turns and during a hand-over, the human who played last, so
    the main area changes only when the next human takes the screen. None without humans
    (``table.main_seat`` then follows the turn)."""
    s = ui.session
    assert s is not None
    if viewer is not None:
        return viewer
    humans = [i for i, x in enumerate(s.seats) if x.human]
    if not humans:
        return None
    return ui.shown if ui.shown in humans else humans[0]


def viewer_of(ui: UiState) -> int | None:
    """Whose hand the screen shows: the human deciding; with one human, always theirs;
    with several, nobody's between turns and during a hand-over (all with open hands)."""
    s = ui.session
    assert s is not None
    cur = s.current
    humans = [i for i, x in enumerate(s.seats) if x.human]
    if ui.mode is Mode.HANDOVER:
        return None
    if cur is not None and s.seats[cur].human and (ui.mode is Mode.HUMAN or ui.open_hands
                                                   or len(humans) == 1):
        return cur
    if len(humans) == 1:
        return humans[0]
    if ui.open_hands and humans:
        return ui.shown if ui.shown is not None else humans[0]
    return None


def _outcome(state: rome.GameState, seat: int, action: rome.Action) -> Outcome:
    """Cost and gains of one build or produce, by asking the engine what it does."""
    before = rome.observation(state, seat)
    after_state = rome.apply_action(state, action)
    after = rome.observation(after_state, seat)
    p0, p1 = before["players"][seat], after["players"][seat]
    if action.verb == "build" and action.kind is not None:
        tokens, coins = rome.build_cost(state, seat, action.kind)
    else:
        tokens, coins = 0, rome.produce_cost(state)
    gains = []
    coin_gain = p1["coins"] - p0["coins"] + coins
    if coin_gain:
        gains.append(f"+{coin_gain} coin{'s' * (coin_gain != 1)}")
    infl = p1["influence"] - p0["influence"]
    if infl:
        gains.append(f"+{infl} influence")
    brick_gain = len(p1["bricks"]) - len(p0["bricks"]) + tokens
    if brick_gain > 0:
        gains.append(f"+{brick_gain} brick token{'s' * (brick_gain != 1)}")
    if action.verb == "build":
        pts = next((k for r, c, k in p1["points"] if (r, c) == (action.row, action.col)), 0)
        if pts:
            gains.append(f"{pts} point token{'s' * (pts != 1)}")
        if after["step"] == "school-deck" or after["pending_draws"]:
            n = after["pending_draws"]
            gains.append(f"draw {n} card{'s' * (n != 1)}")
    return Outcome(tokens, coins, tuple(gains))


def _reasons(state: rome.GameState, obs: rome.Observation, seat: int,
             buildable: set[str]) -> dict[str, str]:
    """Why each other card in the seat's hand cannot be built now (prices by the engine)."""
    if obs["phase"] != "action" or obs["current_player"] != seat:
        return {}
    p = obs["players"][seat]
    _symbols, per_space = facts.strip_now(obs)
    bricks = per_space[obs["acting"] - 1][0] if obs["acting"] else 0
    tokens = len(p["bricks"])
    out = {}
    for h in p["hand"]:
        kind = h["kind"]
        if kind is None or kind in buildable or kind in out:
            continue
        b = rome.BUILDINGS[kind]
        if obs["step"] == "take":
            out[kind] = "Take a building from the offer first."
        elif obs["built"]:
            out[kind] = "You have built this turn already."
        elif obs["step"] != "act":
            out[kind] = "Finish the School's draw first."
        else:
            _tokens, coins = rome.build_cost(state, seat, kind)
            if coins > p["coins"]:
                out[kind] = (f"Needs {b.cost} brick{'s' * (b.cost != 1)}: you have {bricks} + "
                             f"{tokens} token{'s' * (tokens != 1)}; {coins} coins, you "
                             f"have {p['coins']}.")
            else:
                out[kind] = "There is no space in your city where it may go."
    return out


def _recent(ui: UiState, viewer: int | None) -> tuple[tuple[tuple[int, str], ...],
                                                      frozenset[tuple[int, int, int]]]:
    """The moves since the viewer last decided (everyone's when nobody views)."""
    s = ui.session
    assert s is not None
    start = len(s.actions)
    while start > 0 and not (viewer is not None and s.actors[start - 1] == viewer
                             and not s.auto[start - 1]):
        start -= 1
        if viewer is None and len(s.actions) - start >= len(s.seats) * 4:
            break
    moves = tuple((s.actors[i], s.actions[i]) for i in range(start, len(s.actions)))
    cells: set[tuple[int, int, int]] = set()
    for seat, text in moves:
        a = rome.Action.parse(text)
        if a.verb == "build" and a.row is not None and a.col is not None:
            cells.add((seat, a.row, a.col))
    return moves, frozenset(cells)


def public_view(state: rome.GameState, names: Sequence[str]) -> TableView:
    """What everyone may see of ``state`` (no hand, no choices): for replays and embeds."""
    over = rome.is_over(state)
    n = len(names)
    return TableView(
        obs=spectator(rome.observation(state, 0)), viewer=None,
        names=tuple(isolate_text(x) for x in names), humans=(False,) * n, levels=("",) * n,
        mode="over" if over else "computer", scores=tuple(rome.final_scores(state)),
        winners=tuple(rome.winners(state)) if over else ())


def table_view(ui: UiState) -> TableView:
    """The view of the table for the current UI state (a game must be on)."""
    s = ui.session
    assert s is not None
    state = s.state
    viewer = viewer_of(ui)
    cur = s.current
    obs = rome.observation(state, viewer if viewer is not None else 0)
    if viewer is None:
        obs = spectator(obs)
    actions: tuple[rome.Action, ...] = ()
    outcomes: dict[rome.Action, Outcome] = {}
    reasons: dict[str, str] = {}
    withheld: tuple[str, ...] = ()
    if ui.mode is Mode.HUMAN and cur is not None and cur == viewer:
        actions = tuple(rome.sensible_actions(state))
        builds = {a.kind for a in actions if a.verb == "build" and a.kind is not None}
        for a in actions:
            if (a.verb == "build" and a.kind == ui.selection) or a.verb == "produce":
                outcomes[a] = _outcome(state, cur, a)
        reasons = _reasons(state, obs, cur, builds)
        withheld = tuple(rome.withheld(state))
    recent, cells = _recent(ui, viewer)
    since = len(s.actions) - len(recent)
    last = rome.Action.parse(s.actions[-1]) if s.actions else None
    fresh = (s.actors[-1], last.row, last.col) if last and last.verb == "build" \
        and last.row is not None and last.col is not None else None
    moments = tuple(line for entry in ui.log[since:] for line in entry.lines
                    if line.startswith("Influence scoring"))
    over = rome.is_over(state)
    hint = ""
    if actions and ui.hint_at == len(s.actions):
        hint = ui.hint_source if ui.hints else "pending"
    return TableView(
        obs=obs, viewer=viewer, names=tuple(isolate_text(x.name) for x in s.seats),
        humans=tuple(x.human for x in s.seats), levels=tuple(x.level for x in s.seats),
        mode=ui.mode.value, main=main_of(ui, viewer), actions=actions, selection=ui.selection,
        outcomes=outcomes,
        reasons=reasons, withheld=withheld, scores=tuple(rome.final_scores(state)), recent=recent,
        recent_cells=cells, fresh=fresh, moments=moments, thinking=ui.thinking, notices=ui.notices,
        can_undo=ui.mode is Mode.HUMAN and s.undo_point() is not None,
        open_hands=ui.open_hands, log=ui.log, detail=ui.detail, breakdown=ui.breakdown,
        winners=tuple(rome.winners(state)) if over else (), hint=hint,
        hints=ui.hints if hint not in ("", "pending") else (), hint_shown=ui.hint_shown,
        hint_wait=ui.worker.words if hint == "pending" and not ui.worker.ready else "",
        review_seat=ui.review_seat if over else None, review=ui.review,
        review_source=ui.review_source, review_turning=ui.review_turning,
        review_cities=ui.review_cities,
        review_progress=progress(ui, ui.review_seat) if over and ui.review_seat is not None
        else (0, 0))
