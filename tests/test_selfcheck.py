"""The start's self-check (``ui/selfcheck.py``) on CPython: the answers it holds are the
engine's and Python's today, whatever the hash seed, and a wrong answer is said.

Why here: the check runs on every start in the browser and stops a start that gets a
wrong answer, so an engine or save-format change that changes an answer must fail this
test rather than every player's start. The browser side (a snapshot whose Python answers
wrongly) is ``e2e/test_snapshot.py``.
"""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest

import rome
from ui import selfcheck

ROOT = Path(__file__).resolve().parent.parent


class Js:
    """JavaScript's URI functions as the ECMAScript standard defines them (what the page's
    ``window`` and the worker's ``js`` offer)."""

    @staticmethod
    def encodeURIComponent(text: str) -> str:  # noqa: N802 (JavaScript's name)
        return quote(text, safe="-_.!~*'()")

    @staticmethod
    def decodeURIComponent(text: str) -> str:  # noqa: N802
        return unquote(text, errors="strict")


class Garbling(Js):
    """A JavaScript side that changes "é" to "Ù" on the way back, as the damaged interpreter
    of the probe did."""

    @staticmethod
    def decodeURIComponent(text: str) -> str:  # noqa: N802
        return unquote(text).replace("\u00e9", "\u00d9")


def test_every_answer_is_right() -> None:
    assert selfcheck.problem(Js()) == ""


def run_apart(script: str, hash_seed: str = "0") -> str:
    """What ``script`` prints in a fresh interpreter (given ``Js`` and ``selfcheck``)."""
    prelude = "import sys; from tests.test_selfcheck import Js; from ui import selfcheck; "
    out = subprocess.run([sys.executable, "-c", prelude + script], cwd=ROOT,
                         capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": hash_seed})
    return out.stdout.strip()


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_the_answers_do_not_depend_on_the_hash_seed(hash_seed: str) -> None:
    """A snapshot fixes the seed of str hashes per browser: every seed must pass."""
    assert run_apart("print(repr(selfcheck.problem(Js())))", hash_seed) == "''"


def test_the_worker_asks_without_loading_the_saves() -> None:
    """The AI worker's part of the check loads none of the modules of names and saves
    (``ui.words.markup`` loads the html module's entity tables: slow in Pyodide)."""
    script = ("print(repr(selfcheck.problem(Js(), selfcheck.WORKER_CHECKS)), "
              "'ui.saves.save' in sys.modules, 'ui.words.markup' in sys.modules)")
    assert run_apart(script) == "'' False False"


def test_a_name_a_save_garbles_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("ui.saves.session.clean_name", lambda name: name.replace("\u00e9", "e"))
    assert selfcheck.problem(Js()) == (
        "names and saved games: the names or moves of a download do not come back whole")


def test_a_name_garbled_on_the_way_back_from_javascript_is_said() -> None:
    assert selfcheck.problem(Garbling()) == (
        "text: 'Zo\\xe9' does not come back whole through JavaScript")


def test_a_wrong_composition_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    normalize = unicodedata.normalize
    monkeypatch.setattr(unicodedata, "normalize", lambda form, text: normalize(
        form, text).replace("\u00e9", "\u00d9"))
    assert selfcheck.problem(Js()) == (
        "text: 'Zoe\\u0301' composes to 'Zo\\xd9', not 'Zo\\xe9'")


def test_an_engine_that_deals_otherwise_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    legal = rome.legal_actions
    monkeypatch.setattr(rome, "legal_actions", lambda state: legal(state)[::-1])
    assert selfcheck.problem(Js()).startswith(
        "the engine: the dealt game offers ('draft aqueduct', 'draft house-4', ")


def test_an_engine_that_plays_otherwise_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    apply = rome.apply_action
    plies: list[Any] = []

    def one_ply_late(state: rome.GameState, action: rome.Action) -> rome.GameState:
        plies.append(action)
        return apply(state, rome.legal_actions(state)[-1] if len(plies) == 20 else action)

    monkeypatch.setattr(rome, "apply_action", one_ply_late)
    assert selfcheck.problem(Js()) == (
        "the engine: the dealt game after 24 plies is not the recorded one")


def test_a_failure_inside_a_check_is_said() -> None:
    class Broken(Js):
        @staticmethod
        def encodeURIComponent(text: str) -> str:  # noqa: N802
            raise RuntimeError("table index is out of bounds")

    assert selfcheck.problem(Broken()) == "text: RuntimeError: table index is out of bounds"
