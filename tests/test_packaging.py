"""What ships: the app zip every player downloads and the wheel rules sites install.

Both are built here as ``make setup`` / ``make dist`` build them, and their contents are
checked against the modules the game imports, found by following the imports (``ast``,
imports inside functions included) from the game's entry points: the scripts the site's
pages load and the workers those scripts start by URL.  So a module added to ``rome/``
or ``ui/`` that the game never imports, or a research module (fitting, tournaments,
ratings, yardsticks), shows up here instead of in every player's download.
"""

from __future__ import annotations

import re
import zipfile
from functools import cache
from pathlib import Path

import pytest

from scripts.app_imports import imported, ours, preloadable, scripts_named
from scripts.rules_wheel import build_wheel
from scripts.vendor import FETCHED_BY_URL, LIBRARY_ONLY, build_app_zip

ROOT = Path(__file__).resolve().parent.parent
RESEARCH = {"candidates", "fit", "yardstick", "tournament", "elo"}
"""Research modules (the top-level ``research`` package): never part of the product."""
PAGE_SCRIPT = re.compile(r'<script\b[^>]*\btype="py"[^>]*\bsrc="\./([^"]+\.py)"')
WORKER_SCRIPT = re.compile(r'<html\b[^>]*\bdata-worker="\./([^"]+\.py)"')
"""The Python a page's runner starts in a worker (``assets/ui-runner.mjs``)."""


def imports_of(file: str) -> tuple[set[str], set[str]]:
    """(the modules of ours ``file`` imports, the scripts of ours it names by URL)."""
    return ours(ROOT, imported(ROOT, file, at_import=False)), scripts_named(ROOT, file)


@cache
def game_modules() -> frozenset[str]:
    """Every file of ours the game runs: the pages' scripts, the workers they start, and
    everything those import."""
    pending = {s for page in ROOT.glob("*.html") for pattern in (PAGE_SCRIPT, WORKER_SCRIPT)
               for s in pattern.findall(page.read_text(encoding="utf-8"))}
    assert pending, "no page loads a Python script"
    found: set[str] = set()
    while pending:
        file = pending.pop()
        if file in found:
            continue
        found.add(file)
        modules, scripts = imports_of(file)
        pending |= (modules | scripts) - found
    return frozenset(found)


def python_files(archive: Path) -> set[str]:
    """The modules of a zip as source paths (``rome/x.py``), whether it holds source or
    bytecode (``rome/x.pyc``)."""
    with zipfile.ZipFile(archive) as zf:
        return {n.removesuffix("c") for n in zf.namelist() if n.endswith((".py", ".pyc"))}


@pytest.fixture(scope="module")
def app_zip_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_app_zip(ROOT, tmp_path_factory.mktemp("zip") / "app.zip")


@pytest.fixture(scope="module")
def app_zip(app_zip_path: Path) -> set[str]:
    return python_files(app_zip_path)


def test_the_app_zip_is_bytecode_and_rebuilds_alike(
        app_zip_path: Path, tmp_path: Path) -> None:
    """Bytecode only, stored (brotli on the host compresses it), checked by no source
    (unchecked hash: flags 0b01), naming the source path in tracebacks; and the same bytes
    on every build, so the deployment version changes only when the code does. (That it
    is the bytecode of Pyodide's Python, every browser test shows: a wrong magic number
    stops the import.)"""
    with zipfile.ZipFile(app_zip_path) as zf:
        infos = zf.infolist()
        assert infos and all(i.filename.endswith(".pyc") for i in infos)
        assert all(i.compress_type == zipfile.ZIP_STORED for i in infos)
        state = zf.read("rome/state.pyc")
    assert int.from_bytes(state[4:8], "little") == 0b01
    assert b"rome/state.py" in state
    again = build_app_zip(ROOT, tmp_path / "again.zip")
    assert again.read_bytes() == app_zip_path.read_bytes()



def research_in(files: set[str]) -> list[str]:
    return sorted(f for f in files if "research" in f.split("/")
                  or (f.startswith("rome/ai/") and Path(f).stem in RESEARCH))


def test_the_game_is_found_from_its_entry_points() -> None:
    game = game_modules()
    # the page, the AI worker (started by URL) and the embedded views, each with its engine
    assert {"rome/__init__.py", "rome/rules.py", "rome/ai/__init__.py", "ui/__init__.py"} <= game
    assert sum(f.startswith("ui/") for f in game) >= 10
    assert any("worker" in f for f in game)
    assert any("embed" in f for f in game)
    assert research_in(set(game)) == [], "the game imports research code"


def test_the_app_zip_holds_the_game_and_no_research(app_zip: set[str]) -> None:
    """Exactly what the game imports, but the scripts pages fetch by address: no research,
    no command line (each byte is every player's first visit)."""
    assert research_in(app_zip) == []
    game = game_modules() - set(FETCHED_BY_URL)
    assert game <= app_zip, "the game imports modules the zip lacks"
    assert sorted(app_zip - game) == [], "modules the game never imports"
    assert set(FETCHED_BY_URL) <= game_modules()


def test_the_wheel_holds_the_engine_and_its_command_only(tmp_path: Path) -> None:
    """One test builds the wheel, so that parallel workers never build in the tree at once."""
    wheel = build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as zf:
        info = {Path(n).name: zf.read(n).decode() for n in zf.namelist()
                if ".dist-info/" in n}
    assert "[console_scripts]\nrome = rome.cli:main" in info["entry_points.txt"]
    assert info["top_level.txt"].split() == ["rome"]
    assert "Name: great-city-of-rome" in info["METADATA"]
    assert wheel.name.startswith("great_city_of_rome-") and wheel.name.endswith(
        "-py3-none-any.whl")
    files = python_files(wheel)
    assert research_in(files) == []
    assert {f.split("/")[0] for f in files} == {"rome"}  # no ui, tests, scripts, research
    engine = {f for f in game_modules() if f.startswith("rome/")}
    assert engine <= files, "the wheel lacks modules the game's engine imports"
    assert sorted(files - engine - set(LIBRARY_ONLY)) == [], "modules the game never imports"
    assert set(LIBRARY_ONLY) <= files



def test_the_snapshot_imports_the_engine_and_the_ui_but_what_reaches_the_page(
        app_zip: set[str]) -> None:
    """The modules the interpreter imports before its memory snapshot (scripts/vendor.py):
    the engine, the AI and the UI's model and renderers; not a module that imports the
    page's globals at its top, which a restored start would find stale."""
    modules = set(preloadable(ROOT, app_zip))
    assert {"rome", "rome.ai", "ui.model.reducer", "ui.render.table", "ui.saves.save"} <= modules
    assert {"ui.shell.app", "ui.shell.tabs", "ui.embed.views"}.isdisjoint(modules)
