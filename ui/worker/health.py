"""The AI worker's health as the page judges it: how long it may stay silent, and the
words for its state.

Why a module of its own, free of the browser: these are decisions (when a silent worker
counts as dead, what a player is told), so they are declared once and tested on CPython;
``ui.worker.ai_client`` applies them in the browser.

A worker fires no close event, and one busy searching cannot answer, so its silence is
judged by what it was asked:

* an idle worker answers a ping (``ping``, a cheap export) within ``PING_LIMIT_S``;
* a busy one answers a move within its level's wall-clock cap (``rome.ai.levels``, the
  search's safety net) plus ``MARGIN_S``; a hint or the review of one decision within the
  same (its analysis has no clock, but at the advice level it costs about a hard
  decision).

Words: a notice about the worker is what happened (:func:`incident`) followed by the
worker's state (:func:`status_words`), and the rules dialog's About line shows that state
alone, so the two always agree.
"""

from __future__ import annotations

from rome.ai.levels import Level, Tree, level_params

FAST_LEVELS = ("random", "greedy")
"""Levels that always play on the page: booting the worker would cost more than the move."""
WARMING_ON_PAGE = ("easy", "normal")
"""Levels the page plays itself while the worker boots or restarts, the same move the
worker would play: easy searches 400 nodes, normal decides in 23 ms (p50) and 51 ms (p95)
in the browser's Pyodide (docs/measurements.md), so neither makes the page wait. Hard's
288 / 612 ms would freeze the page; its move waits for the worker or, when it died, is
the quick level's."""
QUICK_LEVEL = "greedy"
"""The page's own level when the worker cannot answer."""

PING_LIMIT_S = 2.0
"""An idle worker answers a ping in milliseconds; one silent this long is dead."""
MARGIN_S = 2.0
"""What a busy worker may take beyond its level's wall-clock cap before it counts as dead:
the search stops within a few milliseconds of its cap, and a fresh worker's first
decision also loads the search modules (well under a second)."""
REPLAY_WAIT_S = 2.0
"""How long the request in hand when the worker died waits for the restarted worker before
the page answers it instead: a restart from the memory snapshot took 0.5-0.7 s on a loaded
machine (load 5), 3.5 s on an overloaded one (load 13), where the quick answer is better.
With Chromium's 2 s to end a busy worker, a death mid-search then costs at most about 4 s
plus the move."""

INCIDENTS = {
    "unstarted": "The AI worker could not start ({})",
    "closed": "The AI worker closed",
    "crashed": "The AI worker crashed",
    "garbled": "The AI worker sent a message that could not be read",
    "silent": "The AI worker stopped answering",
    "hang": "The AI worker took longer than {} s",
    "failed": "The AI worker stopped working",
}
"""What happened to the worker, by cause (``{}``: the detail, :func:`incident`)."""
DIED = ("closed", "crashed", "garbled", "silent")
"""Causes after which the request in hand is asked again of the restarted worker: the
worker ended, not the request. A request that failed or hung might do so again."""


def cap_seconds(level: str, num_players: int) -> float:
    """The wall-clock cap of ``level``'s decision in a game of ``num_players`` (its end-game
    search's, if that is longer)."""
    params = level_params(level, num_players)
    base: Level = params.base if isinstance(params, Tree) else params
    caps = [base.wall_seconds] + ([base.endgame.wall_seconds] if base.endgame else [])
    return max(caps)


def busy_limit(level: str, num_players: int) -> float:
    """Seconds a worker busy with a request of ``level`` may stay silent: the level's
    wall-clock cap plus the margin."""
    return cap_seconds(level, num_players) + MARGIN_S


def cut_short(who: str, took: float, level: str, num_players: int) -> str:
    """What the table says of a decision that took ``took`` seconds of the worker: "" if it
    ended before the level's wall-clock cap, else that it was cut short there.  Why: budgets
    are counted in nodes, so the cap never fires on the machines the levels were measured
    on; where it does, the device is slower and the move weaker than the level's, and the
    player should know."""
    cap = cap_seconds(level, num_players)
    if took < cap:
        return ""
    return (f"{who} was cut short after {cap:g} s and played the best move found by then: "
            "this device thinks more slowly than the level expects")


def incident(cause: str, detail: str | float = "") -> str:
    """What happened to the worker, as the start of a sentence: ``cause`` is a key of
    :data:`INCIDENTS`, ``detail`` why it could not start or the limit a request passed."""
    if isinstance(detail, float):
        detail = f"{detail:g}"
    return INCIDENTS[cause].format(detail)


def status_words(status: str, restarts: int) -> str:
    """The worker's state in a player's words ("" when there is nothing to say): the status
    line shows them, and every notice about the worker ends with them."""
    if status == "warming":
        return "The AI worker is starting…"
    if status == "restarting":
        return "The AI worker is restarting…"
    if status == "ready":
        return "The AI worker was restarted." if restarts else ""
    if status == "failed":
        return ("The AI worker keeps failing: computer players now use the quick AI."
                if restarts else
                "The AI worker is unavailable: computer players use the quick AI.")
    return ""


def notice(what: str, instead: str, status: str, restarts: int) -> str:
    """A notice about the worker: ``what`` happened to it (:func:`incident`; "" when nothing
    did, and then there is no notice), ``instead`` what the page did about the request in
    hand ("" if nothing needed saying), then the worker's state."""
    if not what:
        return ""
    said = f"{what}: {instead}." if instead else f"{what}."
    return " ".join(part for part in (said, status_words(status, restarts)) if part)
