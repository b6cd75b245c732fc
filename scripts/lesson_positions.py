"""Find each lesson's position and record it (``ui/tutorial/lesson_positions.py``).

Why a search: a lesson is one decision of a real game, so its position is a seed and the
moves that reach it (the engine then accepts it as it accepts any game). A good position
for a topic is one where the task's choices differ by the engine's measure
(``ui.tutorial.lesson_tasks``), the best is one card or one space, the other choices are
worse for a reason the topic teaches, and the table keeps its size when the best is
played (the city does not gain a row, the hand keeps a card). Two-player games between
the easy computers, seeded as the tests seed them, are walked decision by decision; the
first fitting position of each topic is kept.

    .venv/bin/python scripts/lesson_positions.py            # all topics, write the module
    .venv/bin/python scripts/lesson_positions.py --print    # only print what it found
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import rome  # noqa: E402
from rome.ai.players import computer_players  # noqa: E402
from rome.cards import SHAPES  # noqa: E402
from rome.city import MAX_SIDE  # noqa: E402
from ui.tutorial.lesson_tasks import TASKS  # noqa: E402
from ui.words.topics import TOPICS  # noqa: E402

LEARNER, LEVELS = 0, ("easy", "easy")
OUT = ROOT / "ui" / "tutorial" / "lesson_positions.py"
Check = Callable[[rome.GameState, rome.Action], bool]


def _me(state: rome.GameState) -> dict:
    return rome.observation(state, LEARNER)["players"][LEARNER]


def _rows(state: rome.GameState) -> int:
    """The rows the table draws the learner's city in (its rows and one more each side,
    within the city's limit), as ``ui.render.city`` does."""
    rows = [r for r, _c, _k, _d in _me(state)["city"]]
    r0, r1 = min(rows), max(rows)
    return min(r1 + 1, r0 + MAX_SIDE - 1) - max(r0 - 1, r1 - MAX_SIDE + 1) + 1


def _kind(best: rome.Action, kind_type: str) -> bool:
    return best.kind is not None and rome.BUILDINGS[best.kind].type == kind_type


def _pool(state: rome.GameState, best: rome.Action) -> bool:
    obs = rome.observation(state, LEARNER)
    other = obs["players"][1 - LEARNER]["influence"]
    after = _me(rome.apply_action(state, best))["influence"]
    return bool(obs["influence_pool"]) and after > other >= _me(state)["influence"]


WANTED: dict[str, Check] = {
    "emissaries": lambda s, b: TASKS["emissaries"].worth(s, LEARNER, b) > 1
    and not TASKS["emissaries"].worth(s, LEARNER, rome.Action.parse("place 1")) > 0
    and b.space != 5,
    "bricks-and-cogs": lambda s, b: rome.build_cost(s, LEARNER, str(b.kind))[1] == 0
    and any(rome.build_cost(s, LEARNER, str(a.kind))[1] > 0
            for a in TASKS["bricks-and-cogs"].choices(s)),
    "building": lambda s, b: True,
    "production": lambda s, b: b.verb == "produce" and TASKS["production"].worth(s, LEARNER,
                                                                                  b) > 1,
    "influence": _pool,
    "residential": lambda s, b: _kind(b, "residential"),
    "aqueducts": lambda s, b: _kind(b, "aqueduct"),
    "temples": lambda s, b: _kind(b, "temple") and len(
        {a.kind for a in TASKS["temples"].choices(s) if _kind(a, "temple")}) > 1,
    "public-buildings": lambda s, b: _kind(b, "public"),
    "final-scoring": lambda s, b: rome.observation(s, 0)["round"] == SHAPES[2].rounds,
}
"""What makes a position teach its topic, beyond the task's choices differing."""


def fits(topic: str, state: rome.GameState) -> str | None:
    """The best move if ``state`` is a good position for ``topic``, else None."""
    task = TASKS[topic]
    choices = task.choices(state)
    if len(choices) < 2:
        return None
    seat = LEARNER
    values = {task.worth(state, seat, a) for a in choices}
    best = task.best(state)
    kinds = {rome.Action.parse(t).kind for t in best}
    if len(values) < 2 or len(kinds) != 1:
        return None
    chosen = rome.Action.parse(min(best))
    after = rome.apply_action(state, chosen)
    hand = len(_me(after)["hand"])
    if _rows(after) != _rows(state) or (chosen.verb == "build" and hand == 0):
        return None
    return str(chosen) if WANTED[topic](state, chosen) else None


def search(first: int, count: int) -> dict[str, tuple[int, list[str]]]:
    found: dict[str, tuple[int, list[str]]] = {}
    for seed in range(first, first + count):
        state = rome.new_game(2, seed=seed)
        steps = list(rome.playthrough(state, computer_players(list(LEVELS)), automatic=True))
        moves = [str(a) for _b, a, _after in steps]
        for ply, (before, _action, _after) in enumerate(steps):
            if rome.current_player(before) != LEARNER or rome.automatic_action(before):
                continue
            for topic in TOPICS:
                if topic in found:
                    continue
                best = fits(topic, before)
                if best is not None:
                    found[topic] = (seed, [*moves[:ply], best])
        if len(found) == len(TOPICS):
            break
    return found


def wrapped(moves: list[str], width: int = 90) -> str:
    """The moves joined by ``|``, a line break instead where a line would pass ``width``."""
    lines = [moves[0]]
    for move in moves[1:]:
        if len(lines[-1]) + 1 + len(move) > width:
            lines.append(move)
        else:
            lines[-1] += "|" + move
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1, help="the first seed searched")
    parser.add_argument("--print", action="store_true", help="print, do not write")
    args = parser.parse_args()
    found = search(args.first, 200)
    lines = []
    for topic in TOPICS:
        if topic not in found:
            print(f"{topic}: not found")
            continue
        seed, moves = found[topic]
        print(f"{topic}: seed {seed}, {len(moves)} moves, asks {moves[-1]}")
        lines.append(f'    "{topic}": ({seed}, """\n{wrapped(moves)}\n"""),')
    if not args.print:
        OUT.write_text(HEAD + "\n".join(lines) + "\n}\n")


HEAD = '''"""Each lesson's position, recorded by ``scripts/lesson_positions.py`` (do not edit).

A lesson is a decision of a two-player game: its seed and every move before it (joined
by ``|`` or a line break), the last move being the one the lesson asks for: the engine's
best by its task's measure (``ui.tutorial.lesson_tasks``) when the position was found;
the unit tests check that it still is.
"""

from __future__ import annotations

POSITIONS: dict[str, tuple[int, str]] = {
'''


if __name__ == "__main__":
    main()
