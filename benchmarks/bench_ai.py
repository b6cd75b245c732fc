"""CPython decision times of each AI level (p50 / p95), on observations from seeded games.

    python benchmarks/bench_ai.py [--players 2 4] [--games 2] [--per-game 20] [--json out.json]

The same observations are what ``bench_ai_browser.py`` sends to the Pyodide worker
(``observations()`` is shared), so the two give the Pyodide/CPython ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rome  # noqa: E402
from research.tournament import percentile  # noqa: E402
from rome.ai import choose_action  # noqa: E402

LEVELS = ("easy", "normal", "hard")


def observations(players: tuple[int, ...] = (2, 4), games: int = 2, per_game: int = 20,
                 seed: int = 1, history: list[tuple[int, int, bool, list[str]]] | None = None
                 ) -> list[dict]:
    """Observations of real decisions (not forced moves) from seeded greedy games.

    ``history``, if given, receives for each observation (players, game seed, shrine,
    actions so far): what :mod:`rome.ai.yardstick` needs to put an old commit's engine in
    the same position."""
    out = []
    for n in players:
        for g in range(games):
            state = rome.new_game(n, seed=seed + g)
            decisions = []
            played: list[str] = []
            k = 0
            while not rome.is_over(state):
                action = rome.automatic_action(state)
                if action is None:
                    seat = rome.current_player(state)
                    obs = rome.observation(state, seat)
                    decisions.append((obs, (n, seed + g, state.shrine, list(played))))
                    action = rome.Action.parse(choose_action(obs, "greedy", k))
                    k += 1
                played.append(str(action))
                state = rome.apply_action(state, action)
            rng = random.Random(seed * 31 + g * 7 + n)
            chosen = rng.sample(decisions, min(per_game, len(decisions)))
            out.extend(obs for obs, _h in chosen)
            if history is not None:
                history.extend(h for _o, h in chosen)
    return out


def time_levels(obs_list: list[dict], levels: tuple[str, ...] = LEVELS,
                hint: bool = False) -> dict[str, dict]:
    """Per level, the time of each decision (``hint``: of each ``analyse``, the hint)."""
    from rome.ai import analyse

    call = analyse if hint else choose_action
    result = {}
    for level in levels:
        times = []
        for i, obs in enumerate(obs_list):
            t0 = time.perf_counter()
            call(obs, level, i)
            times.append((time.perf_counter() - t0) * 1000.0)
        result[level] = {"n": len(times), "p50_ms": round(percentile(times, 0.5), 1),
                         "p95_ms": round(percentile(times, 0.95), 1),
                         "max_ms": round(max(times), 1), "times_ms": [round(t, 2) for t in times]}
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--per-game", type=int, default=20)
    parser.add_argument("--json", type=Path, help="write the full result here")
    args = parser.parse_args()
    obs_list = observations(tuple(args.players), args.games, args.per_game)
    result = time_levels(obs_list)
    for level, r in result.items():
        print(f"{level:7s} n={r['n']:3d}  p50 {r['p50_ms']:8.1f} ms  p95 {r['p95_ms']:8.1f} ms  "
              f"max {r['max_ms']:8.1f} ms")
    if args.json:
        args.json.write_text(json.dumps(result))
    print(json.dumps({lv: {k: v for k, v in r.items() if k != "times_ms"}
                      for lv, r in result.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
