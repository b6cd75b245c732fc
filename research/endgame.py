"""``python -m research endgame``: a candidate's endings of hard-against-hard games.

A candidate that changes only how a level ends its games (e.g. roll-outs to the game's
end in its last turns, ``Tree.finish_turns``) plays exactly like ``hard`` until then, so
a paired tournament screen spends most of its time replaying the control's opening.
Here each seeded game is played once by ``hard`` (``--control``) in every seat, seeded
as a tournament seeds it; at the first position where some seat has at most
``--from-turns`` own turns left (the start of a round), the game is played on again once
per seat with the candidate in that seat and the control level in the others, the
decision seeds continuing as in the tournament.  Each ending is paired with the
control's: the winners it changed for or against the candidate.  A 2-player record costs
about one and a half games where a paired tournament screen costs two per ending.

    python -m research endgame --players 2 --games 20 --seed 60000 --from-turns 4 \\
        --bot cand-xf --record endings.jsonl

One JSON line per game goes to ``--record`` as soon as it is known; ``--merge FILE...``
summarises recorded files (flips, gain, sign test, win rate of the candidate's seats).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from rome import (
    Action,
    GameState,
    current_player,
    final_scores,
    new_game,
    observation,
    playthrough,
    turns_left,
    winners,
)
from rome.ai import LEVELS, choose_action
from rome.ai.players import tournament_seeds

from .candidates import CANDIDATES
from .candidates import choose as choose_candidate
from .stats import sign_test, wilson
from .tournament import wall_caps_lifted


def play_on(state: GameState, seat_bots: list[str], game_seed: int, made: int,
            stop_turns: int | None = None) -> tuple[GameState, int, GameState | None]:
    """``state`` played on by ``seat_bots`` (level or candidate names), decision seeds as a
    tournament's game ``game_seed`` after ``made`` decisions: (the finished game, the
    decisions made, and with ``stop_turns`` the first position of an emissary phase where
    some seat has at most that many own turns left)."""
    seeds = tournament_seeds(game_seed)
    count = made
    branch: GameState | None = None
    branch_made = 0

    def player(s: GameState) -> Action:
        nonlocal count
        seat = current_player(s)
        assert seat is not None  # asked only while someone is to act
        bot, ai_seed = seat_bots[seat], seeds(seat, count)
        obs = observation(s, seat)
        text = (choose_candidate(obs, bot, ai_seed) if bot in CANDIDATES
                else choose_action(obs, bot, ai_seed))
        count += 1
        return Action.parse(text)

    prior = count  # decisions made before the step in hand
    for before, _action, after in playthrough(state, player, automatic=True):
        if (stop_turns is not None and branch is None and before.phase == "emissary"
                and min(turns_left(before, s) for s in range(before.num_players))
                <= stop_turns):
            branch, branch_made = before, prior
        state, prior = after, count
    if branch is not None:
        return state, branch_made, branch
    return state, count, None


def game(num_players: int, seed: int, bot: str, from_turns: int, control_level: str = "hard"
         ) -> dict[str, Any]:
    """The control game (``control_level`` everywhere) and the candidate's ending in every
    seat."""
    control, made, branch = play_on(new_game(num_players, seed=seed),
                                    [control_level] * num_players, seed, 0, from_turns)
    assert branch is not None  # every game reaches its last turns
    endings = []
    for seat in range(num_players):
        bots = [control_level] * num_players
        bots[seat] = bot
        end, _n, _b = play_on(branch, bots, seed, made)
        endings.append({"seat": seat, "totals": [s["total"] for s in final_scores(end)],
                        "winners": winners(end)})
    return {"players": num_players, "seed": seed, "bot": bot, "from_turns": from_turns,
            "control_level": control_level,
            "control": {"totals": [s["total"] for s in final_scores(control)],
                        "winners": winners(control)},
            "endings": endings}


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Flips against the control, the candidate seats' win rate and mean margin."""
    n = to = away = 0
    wins = 0.0
    margins = []
    for rec in records:
        ref = rec["control"]["winners"]
        for e in rec["endings"]:
            seat, won = e["seat"], e["winners"]
            n += 1
            to += seat in won and seat not in ref
            away += seat in ref and seat not in won
            if seat in won:
                wins += 1.0 / len(won)
            t = e["totals"]
            margins.append(t[seat] - max(x for i, x in enumerate(t) if i != seat))
    gain = (to - away) / n if n else 0.0
    half = 1.96 * math.sqrt(max((to + away) / n - gain * gain, 0.0) / n) if n else 0.0
    return {"endings": n, "flips_to": to, "flips_away": away, "gain": round(gain, 4),
            "ci95": [round(gain - half, 4), round(gain + half, 4)],
            "sign_p": round(sign_test(to, away), 4), "win_rate": round(wins / n, 4) if n else 0,
            "win_ci95": wilson(wins, n),
            "mean_margin": round(sum(margins) / n, 2) if n else 0}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m research endgame",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--from-turns", type=int, default=4)
    ap.add_argument("--bot", help="the candidate playing the endings")
    ap.add_argument("--control", default="hard", choices=LEVELS,
                    help="the level of every other seat and of the control game")
    ap.add_argument("--record", metavar="FILE")
    ap.add_argument("--merge", nargs="+", metavar="FILE")
    args = ap.parse_args(argv)
    if args.merge:
        records = []
        for path in args.merge:
            with open(path, encoding="utf-8") as f:
                records.extend(json.loads(line) for line in f if line.strip())
        print(json.dumps(summary(records), sort_keys=True))
        return 0
    if args.bot not in CANDIDATES:
        ap.error(f"--bot must be a candidate: {', '.join(CANDIDATES)}")
    records = []
    with wall_caps_lifted():
        for g in range(args.games):
            rec = game(args.players, args.seed + g, args.bot, args.from_turns, args.control)
            records.append(rec)
            if args.record:
                with open(args.record, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rec, sort_keys=True) + "\n")
    print(json.dumps(summary(records), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
