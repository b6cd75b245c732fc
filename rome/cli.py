"""The command line: score a finished city, time random games, run AI tournaments.

Standard library only, so it runs wherever the engine runs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .errors import RomeError, ScoreInputError
from .flow import is_over
from .rules import apply_action, legal_actions
from .score_input import MAX_INPUT_BYTES, FinishedCity, read_city, score_finished_city
from .setup import new_game

USAGE = """usage: python -m rome COMMAND ...
  score CITY.json                         score one finished city, print JSON
  score --code CODE                       the same for a city code (see `link`)
  link CITY.json                          print the city's URL-safe code (rome/citycode.py)
  simulate --players N --games K --seed S play random legal games, print games/second
  tournament --players N --games K --seed S --bots A,B[,C,D]   compare computer players"""


def city_file(path: str) -> FinishedCity | str:
    """The checked city in the JSON file ``path``, or the one line saying why not.

    At most ``MAX_INPUT_BYTES`` are read (``/dev/zero`` or a huge file is refused, not
    read whole), and no input, however deep or odd, ends in a traceback."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_INPUT_BYTES + 1)
        if len(raw) > MAX_INPUT_BYTES:
            return f"{path} is larger than {MAX_INPUT_BYTES // 1024} KB: not a city"
        return read_city(json.loads(raw.decode("utf-8")))
    except OSError as exc:
        return f"cannot read {path}: {exc.strerror or exc}"
    except UnicodeDecodeError:
        return f"{path} is not UTF-8 text"
    except json.JSONDecodeError as exc:
        return f"{path} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
    except RecursionError:
        return f"{path} is nested too deeply to be a city"
    except ScoreInputError as exc:
        return f"{path}: {exc}"
    except ValueError:  # a number too long for Python's integer conversion
        return f"{path} holds a number too long to be part of a city"


def score(path: str) -> int:
    """Print one finished city's breakdown; exit 2 with one line on stderr if it is bad."""
    city = city_file(path)
    if isinstance(city, str):
        return _fail(city)
    print(json.dumps(score_finished_city(city)))
    return 0


def score_code(code: str) -> int:
    """``score --code``: the same breakdown for a city code, refused the same way."""
    from .citycode import read_code

    try:
        city = read_code(code)
    except ScoreInputError as exc:
        return _fail(f"city code: {exc}")
    print(json.dumps(score_finished_city(city)))
    return 0


def link(path: str) -> int:
    """``link``: print the code of a city file (checked exactly as ``score`` checks it)."""
    from .citycode import encode

    city = city_file(path)
    if isinstance(city, str):
        return _fail(city)
    print(encode(city))
    return 0


def _fail(message: str) -> int:
    print(message.replace("\n", " "), file=sys.stderr)
    return 2


def play_random_game(num_players: int, seed: int, *, shrine: bool = False) -> int:
    """Play one game with uniformly random legal actions; return the number of actions."""
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed, shrine=shrine)
    steps = 0
    while not is_over(state):
        state = apply_action(state, rng.choice(legal_actions(state)))
        steps += 1
    return steps


def simulate(players: int, games: int, seed: int) -> float:
    """Games per second of random play (printed and returned)."""
    start = time.perf_counter()
    steps = sum(play_random_game(players, seed + g) for g in range(games))
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    print(f"{players} players: {games} random games in {elapsed:.2f} s = {rate:.1f} games/s "
          f"({steps / games:.0f} actions per game)")
    return rate


def main(argv: list[str] | None = None) -> int:
    """``python -m rome`` and the installed ``rome`` command (its exit status)."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "score" and rest[:1] == ["--code"]:
        return score_code(rest[1]) if len(rest) == 2 else _fail("usage: score --code CODE")
    if command == "link":
        return link(rest[0]) if len(rest) == 1 else _fail("usage: python -m rome link CITY.json")
    if command == "score":
        if len(rest) != 1:
            return _fail("usage: python -m rome score CITY.json")
        return score(rest[0])
    if command == "simulate":
        parser = argparse.ArgumentParser(prog="python -m rome simulate")
        parser.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=0)
        args = parser.parse_args(rest)
        simulate(args.players, args.games, args.seed)
        return 0
    if command == "tournament":
        try:
            from research.tournament import main as tournament
        except ImportError as exc:
            return _fail(f"the AI is not available: {exc}")
        try:
            return tournament(rest)
        except RomeError as exc:
            return _fail(str(exc))
    return _fail(f"unknown command {command!r}\n{USAGE}")
