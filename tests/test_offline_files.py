"""What the service worker caches: every file a page loads, nothing else (issue 36, 32).

Why: a file missing from the list fails offline (the embeds' examples did); a file on it
that no page loads is downloaded by every first visit for nothing (1.37 MB of PyScript's
editor and terminal did).
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from scripts.vendor import (
    APP_ZIP,
    LOCKLESS,
    SNAPSHOT_INPUTS,
    check_preloads,
    offline_files,
    site_files,
    write_lockless,
)

TREE = (
    "index.html", "embed.html", "pyscript.toml", "manifest.webmanifest",
    "examples/example-game.json", "examples/wheel-example.html",
    "ui/worker_main.py", "ui/worker/ai_worker.py", "ui/render/table.py",
    "assets/site.css", "assets/storage-guard.mjs", "assets/storage-guard-worker.mjs",
    "assets/vendor/fake-indexeddb/fakeIndexedDB.js", "assets/vendor/fake-indexeddb/LICENSE",
    "assets/vendor/app.zip", "assets/vendor/app.zip.gz",
    "assets/vendor/pyodide/pyodide.asm.wasm", "assets/vendor/pyodide/pyodide.asm.wasm.br",
    "assets/vendor/pyodide/pyodide-lock.json",
    "assets/vendor/pyodide/micropip-0.11.1-py3-none-any.whl",
    "assets/vendor/pyscript/core-C9KDLldu.js", "assets/vendor/pyscript/py-editor-C4XsZtn7.js",
    "assets/vendor/pyscript/codemirror-BDx3jn9j.js", "assets/vendor/pyscript/xterm.css",
    "assets/vendor/pyscript/zip-T1gzVEcZ.js", "assets/vendor/pyscript/core.js.map",
)


def test_the_cache_lists_what_pages_load_and_nothing_else(tmp_path: Path) -> None:
    for name in TREE:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    cached = [
        "assets/site.css", "assets/storage-guard.mjs", "assets/vendor/app.zip",
        "assets/vendor/pyodide/pyodide.asm.wasm",
        "assets/vendor/pyscript/core-C9KDLldu.js", "assets/vendor/pyscript/py-editor-C4XsZtn7.js",
        "embed.html", "examples/example-game.json", "index.html", "manifest.webmanifest",
        "pyscript.toml", "ui/worker/ai_worker.py", "ui/worker_main.py"]
    assert offline_files(tmp_path) == cached
    # What only a storage stand-in loads ships with the site but is not cached ahead.
    assert site_files(tmp_path) == sorted([
        *cached, "assets/storage-guard-worker.mjs",
        "assets/vendor/fake-indexeddb/fakeIndexedDB.js"])


LOCK = {"info": {"python": "3.14.2"},
        "packages": {"micropip": {"name": "micropip", "depends": []},
                     "numpy": {"name": "numpy", "depends": []}}}


APP = {
    "game/__init__.py": "",
    "game/rules.py": "import json\nfrom . import words\n",
    "game/words.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import js\n",
    "game/page.py": "from game import rules\nfrom pyodide.ffi import to_js\n",
    "game/link.py": "from .page import to_js\n",
    "game/lazy.py": "def paint():\n    import js\n",
}
"""An app's sources: ``page`` imports Pyodide's bridge to the page, ``link`` does through
``page``; the others reach nothing of the browser while imported."""


def fake_pyodide(root: Path) -> Path:
    """The vendored folder of a site at ``root``: Pyodide's with a lock file and stand-ins
    for the files a snapshot depends on, and an app zip of the sources of ``APP``."""
    folder = root / "assets" / "vendor" / "pyodide"
    folder.mkdir(parents=True)
    (folder / "pyodide-lock.json").write_text(json.dumps(LOCK))
    for name in SNAPSHOT_INPUTS:
        (folder / name).write_text(name)
    with zipfile.ZipFile(folder.parent / APP_ZIP, "w") as zf:
        for name, source in APP.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(source)
            zf.writestr(name + "c", source)
    return folder


def lockless(root: Path) -> str:
    return write_lockless(root / "assets" / "vendor" / "pyodide", root=root).read_text()


def snapshot_id(text: str) -> str:
    return text.split('const SNAPSHOT_ID = "', 1)[1].split('"', 1)[0]


def test_pyodide_is_handed_only_the_lock_entry_the_site_can_use(tmp_path: Path) -> None:
    folder = fake_pyodide(tmp_path)
    text = lockless(tmp_path)
    assert (folder / LOCKLESS).exists()
    given = json.loads(text.split("const LOCK = ", 1)[1].split(";\n", 1)[0])
    assert given == {"info": {"python": "3.14.2"},
                     "packages": {"micropip": {"name": "micropip", "depends": []}}}
    assert 'from "./pyodide.mjs"' in text


def _pages(root: Path, index: list[str], embed: list[str]) -> None:
    for page, names in (("index.html", index), ("embed.html", embed)):
        links = "".join(f'<link rel="preload" href="./{n}" as="fetch">' for n in names)
        (root / page).write_text(f"<head>{links}</head>")
    for name in set(index) | set(embed):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x")


def test_the_pages_preload_the_same_files_and_only_files_that_exist(tmp_path: Path) -> None:
    wasm, app = "assets/vendor/pyodide/pyodide.asm.wasm", "assets/vendor/app.zip"
    _pages(tmp_path, [wasm, app], [wasm, app])
    check_preloads(tmp_path)
    _pages(tmp_path, [wasm, app], [wasm])
    with pytest.raises(SystemExit, match="preload different files"):
        check_preloads(tmp_path)
    _pages(tmp_path, [wasm], [wasm])
    (tmp_path / wasm).unlink()
    with pytest.raises(SystemExit, match="which is missing"):
        check_preloads(tmp_path)


def test_the_snapshot_imports_the_modules_that_reach_nothing_of_the_page(
        tmp_path: Path) -> None:
    fake_pyodide(tmp_path)
    text = lockless(tmp_path)
    given = text.split("for name in ", 1)[1].split(":\n", 1)[0]
    assert json.loads(given) == ["game", "game.lazy", "game.rules", "game.words"]
    assert 'new URL("../app.zip", FOLDER)' in text


def test_any_change_to_pyodide_or_the_app_gives_snapshots_a_new_id(tmp_path: Path) -> None:
    """A snapshot is only restored by the Pyodide and the app that made it (the id names
    its key)."""
    folder = fake_pyodide(tmp_path)
    first = snapshot_id(lockless(tmp_path))
    assert len(first) == 16 and "__" not in first
    assert snapshot_id(lockless(tmp_path)) == first
    ids = {first}
    for name in SNAPSHOT_INPUTS:
        (folder / name).write_text(name + " of another build")
        ids.add(snapshot_id(lockless(tmp_path)))
    with zipfile.ZipFile(folder.parent / APP_ZIP, "w") as zf:  # the app changed
        for name, source in APP.items():
            zf.writestr(name + "c", source + "# of another build\n")
    ids.add(snapshot_id(lockless(tmp_path)))
    assert len(ids) == 2 + len(SNAPSHOT_INPUTS)
