"""The yardstick: computer players of an older commit, as tournament bots (``e514045:hard``).

Issue 13 measures every new level against the ``hard`` level *as shipped at commit
e514045*.  Its code cannot be imported next to today's (same package names, different
engine), so it runs in a subprocess over a frozen copy of that commit's ``rome/``
(``git archive``; nothing is checked out in the repository itself).

Why this works: a seed and a list of actions give the same game in every version of the
engine (the replay corpus in ``tests/data`` guards it).  So the subprocess is fed the
game's seed and the actions played so far, replays them with *its own* engine, takes its
own ``observation`` of the seat to act and decides with its own ``choose_action`` and the
same decision seed the tournament hands to today's bots.  Both sides see the same game;
neither reads the other's internals.

A bot name is ``COMMIT:LEVEL`` (for instance ``e514045:hard`` or ``e514045:normal``).  The
copy lives in ``$ROME_YARDSTICK_DIR/COMMIT`` (default ``/tmp/rome-yardstick/COMMIT``) and
is made on first use.  The old levels' wall-clock safety net (5 s at e514045) is lifted
unless ``ROME_YARDSTICK_WALL=keep``: on a loaded machine it cut hard's search short and made
its moves depend on the load instead of the seed.  One subprocess per commit and
tournament process; it replays only the actions it has not seen (the whole game again
when a new game starts).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

YARDSTICK = "e514045:hard"  # the fixed opponent of issue 13
REPO = Path(__file__).resolve().parents[1]  # the repository whose history holds the commits
# git looks no higher than the repository (an unpacked archive inside another repository
# must not find that one's history)
_GIT_ENV = {**os.environ, "GIT_CEILING_DIRECTORIES": str(REPO.parent)}

# The worker runs with the old commit's ``rome`` first on sys.path (``-I``: no user site,
# no PYTHON* variables, no current folder; the copy's root is its argument).  One JSON
# request per line: {"players", "seed", "shrine", "actions", "level", "ai_seed"}
# -> {"action", "cpu_ms"} or {"error"} (``cpu_ms``: the decision's CPU time, which a loaded
# machine does not stretch as it stretches the wall clock).
_WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from rome import Action, apply_action, current_player, new_game, observation
from rome.ai import choose_action
if sys.argv[2] == "lift":  # the wall-clock safety net off: results must not depend on load
    import dataclasses, math
    from rome.ai import search
    for table in (getattr(search, "LEVEL_PARAMS", {}), getattr(search, "DUEL_PARAMS", {})):
        for name, level in list(table.items()):
            if hasattr(level, "wall_seconds"):
                table[name] = dataclasses.replace(level, wall_seconds=math.inf)
key, state, played = None, None, 0
for line in sys.stdin:
    req = json.loads(line)
    try:
        k = (req["players"], req["seed"], req["shrine"])
        actions = req["actions"]
        if k != key or played > len(actions):
            key, state, played = k, new_game(k[0], seed=k[1], shrine=k[2]), 0
        for text in actions[played:]:
            state = apply_action(state, Action.parse(text))
        played = len(actions)
        obs = observation(state, current_player(state))
        t0 = time.process_time()
        out = {"action": str(choose_action(obs, req["level"], req["ai_seed"]))}
        out["cpu_ms"] = (time.process_time() - t0) * 1000.0
    except Exception as exc:  # reported to the tournament, which raises it
        out = {"error": f"{type(exc).__name__}: {exc}"}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
"""


class YardstickError(RuntimeError):
    """The old commit could not be prepared or its bot failed."""


def is_external(name: str) -> bool:
    """Whether a bot name names another commit's level (``COMMIT:LEVEL``)."""
    return ":" in name


def split_name(name: str) -> tuple[str, str]:
    commit, _, level = name.partition(":")
    if not commit or not level:
        raise ValueError(f"bot {name!r}: write COMMIT:LEVEL, e.g. {YARDSTICK}")
    return commit, level


def tree_for(commit: str) -> Path:
    """The folder holding ``commit``'s ``rome/`` package, extracted on first use."""
    base = Path(os.environ.get("ROME_YARDSTICK_DIR", "/tmp/rome-yardstick"))
    root = base / commit
    if (root / "rome" / "ai" / "__init__.py").exists():
        return root
    tmp = base / f".{commit}.{os.getpid()}"
    export_rome(commit, tmp)
    try:
        tmp.rename(root)  # atomic: a parallel tournament process may have won the race
    except OSError:
        if not (root / "rome" / "ai" / "__init__.py").exists():
            raise
    return root


def export_rome(commit: str, into: Path) -> Path:
    """``commit``'s ``rome/`` package unpacked under ``into`` (``git archive``: nothing is
    checked out in the repository itself); benchmarks of old commits use it too."""
    into.mkdir(parents=True, exist_ok=True)
    try:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", commit, "rome"],
                                 check=True, capture_output=True, env=_GIT_ENV).stdout
        subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        raise YardstickError(f"cannot extract commit {commit} from {REPO}: "
                             f"{detail.decode(errors='replace').strip() or exc}") from exc
    return into


def has_commit(commit: str) -> bool:
    """Whether the repository holds ``commit`` (not in a shallow clone or a tarball)."""
    try:
        return subprocess.run(["git", "-C", str(REPO), "cat-file", "-e", f"{commit}^{{commit}}"],
                              capture_output=True, env=_GIT_ENV).returncode == 0
    except OSError:  # no git at all
        return False


class ExternalBot:
    """One subprocess deciding for every level of one old commit."""

    def __init__(self, commit: str, keep_wall_cap: bool = False):
        self.commit = commit
        self.cpu_ms = 0.0  # the last decision's CPU time in the subprocess
        root = tree_for(commit)
        self.proc = subprocess.Popen([sys.executable, "-I", "-c", _WORKER, str(root),
                                      "keep" if keep_wall_cap else "lift"], cwd=root,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def choose(self, players: int, seed: int, shrine: bool, actions: list[str], level: str,
               ai_seed: int) -> str:
        """The old commit's decision for the seat to act after ``actions``."""
        req = {"players": players, "seed": seed, "shrine": shrine, "actions": actions,
               "level": level, "ai_seed": ai_seed}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        line = self.proc.stdout.readline()
        if not line:
            raise YardstickError(f"the {self.commit} bot exited "
                                 f"(code {self.proc.poll()})")
        reply: dict[str, Any] = json.loads(line)
        if "error" in reply:
            raise YardstickError(f"{self.commit}:{level}: {reply['error']}")
        self.cpu_ms = float(reply.get("cpu_ms", 0.0))
        return str(reply["action"])

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=10)


_BOTS: dict[str, ExternalBot] = {}


def external_choose(name: str, players: int, seed: int, shrine: bool, actions: list[str],
                    ai_seed: int) -> str:
    """Decide for bot ``COMMIT:LEVEL`` (its subprocess started on first use)."""
    commit, level = split_name(name)
    bot = _BOTS.get(commit)
    if bot is None or bot.proc.poll() is not None:
        keep = os.environ.get("ROME_YARDSTICK_WALL") == "keep"
        bot = _BOTS[commit] = ExternalBot(commit, keep)
    return bot.choose(players, seed, shrine, actions, level, ai_seed)


def last_cpu_ms(name: str) -> float:
    """The CPU time of bot ``COMMIT:LEVEL``'s last decision, in its subprocess."""
    return _BOTS[split_name(name)[0]].cpu_ms


def close_all() -> None:
    """End every subprocess this process started."""
    for bot in _BOTS.values():
        bot.close()
    _BOTS.clear()
