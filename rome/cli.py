"""The command line: score a finished city, give its code, time random games.

Standard library only (``argparse``), so it runs wherever the engine runs.  Tournaments
are research, not part of the engine: ``tournament`` hands its arguments to the
``research`` package of a source checkout, and elsewhere says where to find it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .driver import playthrough, random_player
from .errors import RomeError, ScoreInputError
from .score_input import MAX_INPUT_BYTES, FinishedCity, read_city, score_finished_city
from .setup import new_game

RESEARCH_ONLY = ("tournaments are research tools that run from a source checkout "
                 "(python -m research tournament ...)")


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
    state = new_game(num_players, seed=seed, shrine=shrine)
    return sum(1 for _step in playthrough(state, random_player(random.Random(seed))))


def simulate(players: int, games: int, seed: int) -> float:
    """Games per second of random play (printed and returned)."""
    start = time.perf_counter()
    steps = sum(play_random_game(players, seed + g) for g in range(games))
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    print(f"{players} players: {games} random games in {elapsed:.2f} s = {rate:.1f} games/s "
          f"({steps / games:.0f} actions per game)")
    return rate


def tournament(argv: list[str], parser: argparse.ArgumentParser) -> int:
    """``tournament``: the research package's tournament, when this is a source checkout."""
    try:
        from research.tournament import (  # type: ignore[import-not-found,unused-ignore]
            main as run_tournament,
        )
    except ImportError as exc:
        if exc.name not in ("research", "research.tournament"):
            return _fail(f"the research tools failed to load: {exc}")
        if "-h" in argv or "--help" in argv:
            parser.print_help()
            return 0
        return _fail(RESEARCH_ONLY)
    try:
        return int(run_tournament(argv))
    except RomeError as exc:
        return _fail(str(exc))


def build_parser(prog: str = "rome") -> tuple[argparse.ArgumentParser,
                                              dict[str, argparse.ArgumentParser]]:
    """The command line's parser, and each command's own (for its usage and errors)."""
    parser = argparse.ArgumentParser(
        prog=prog, description="The Great City of Rome: the rules engine's command line.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    score_cmd = commands.add_parser(
        "score", help="score one finished city, print JSON",
        description="Print one finished city's score, category by category, as JSON. "
                    "A city no game can produce is refused in one line (exit status 2).")
    city = score_cmd.add_mutually_exclusive_group(required=True)
    city.add_argument("city", nargs="?", metavar="CITY.json",
                      help="the city as JSON (examples/city.json, the rulebook's example, "
                           "shows the form)")
    city.add_argument("--code", help="a city code instead of a file (see `link`)")

    link_cmd = commands.add_parser(
        "link", help="print a city's URL-safe code",
        description="Print the URL-safe code of a finished city (checked as `score` checks "
                    "it), for a city-view link.")
    link_cmd.add_argument("city", metavar="CITY.json", help="the city as JSON")

    simulate_cmd = commands.add_parser(
        "simulate", help="play random legal games, print games/second",
        description="Play seeded games of uniformly random legal actions and print their "
                    "speed.")
    simulate_cmd.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    simulate_cmd.add_argument("--games", type=int, default=100, help="games to play (100)")
    simulate_cmd.add_argument("--seed", type=int, default=0,
                              help="the first game's seed; game g plays seed + g (0)")

    tournament_cmd = commands.add_parser(
        "tournament", help="compare computer players (research, from a source checkout)",
        description=f"Seeded games between computer players: {RESEARCH_ONLY}. ARGS are "
                    "that command's (python -m research tournament --help lists them).",
        add_help=False)
    tournament_cmd.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                                help="the research tournament's options")
    return parser, {"score": score_cmd, "link": link_cmd, "simulate": simulate_cmd,
                    "tournament": tournament_cmd}


def main(argv: list[str] | None = None, prog: str = "rome") -> int:
    """``python -m rome`` and the installed ``rome`` command: its exit status.

    Usage errors (an unknown command or option, a missing argument) print the usage and
    one line saying what is wrong, and give 2, as argparse does; never a traceback."""
    argv = sys.argv[1:] if argv is None else argv
    parser, commands = build_parser(prog)
    if argv[:1] == ["tournament"]:  # every argument is the research tool's own
        return tournament(argv[1:], commands["tournament"])
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # said by the command's parser, so its usage is the one shown
            commands[args.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exc:  # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else 0
    if args.command == "score":
        return score(args.city) if args.code is None else score_code(args.code)
    if args.command == "link":
        return link(args.city)
    simulate(args.players, args.games, args.seed)
    return 0
