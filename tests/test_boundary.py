"""The UI and the AI use only what ``rome`` exports (TEAM contract, issue 10).

Walks the syntax tree of every module under ``rome/ai/`` and ``ui/`` and fails on:
an import of a ``rome`` module that is not public (``rome.PUBLIC_MODULES``), an imported
name that starts with ``_``, a read of a private attribute of another object, or a read
of a ``GameState`` field listed in ``rome.state.INTERNAL_FIELDS`` (the generator, hidden
card orders, the draft in progress, caches).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rome
from rome.state import INTERNAL_FIELDS

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("rome/ai/**/*.py"), *ROOT.glob("ui/**/*.py")])
RUNTIME_OBJECTS = ("pyodide_js",)
"""Objects of the browser runtime, not of ``rome``: Pyodide's JavaScript API offers the size
of its WebAssembly memory only as ``pyodide_js._module`` (read by the soak benchmark)."""


def _module_of(node: ast.ImportFrom, path: Path) -> str:
    """The absolute module an import names (relative imports resolved from ``path``)."""
    if node.level == 0:
        return node.module or ""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    base = package[:len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    inside_ai = path.is_relative_to(ROOT / "rome" / "ai")
    out = []

    def check_module(name: str, line: int) -> None:
        if name == "rome" or not name.startswith("rome."):
            return
        if inside_ai and name.startswith("rome.ai"):
            return
        if not any(name == m or name.startswith(m + ".") for m in rome.PUBLIC_MODULES):
            out.append(f"{path.relative_to(ROOT)}:{line} imports {name}, not public")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                check_module(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = _module_of(node, path)
            check_module(module, node.lineno)
            if module.startswith("rome"):
                out += [f"{path.relative_to(ROOT)}:{node.lineno} imports private {a.name}"
                        for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute):
            owner = node.value.id if isinstance(node.value, ast.Name) else ""
            if node.attr in INTERNAL_FIELDS or (
                    node.attr.startswith("_") and not node.attr.startswith("__")
                    and owner not in ("self", "cls", *RUNTIME_OBJECTS)):
                out.append(f"{path.relative_to(ROOT)}:{node.lineno} reads .{node.attr}")
    return out


def test_there_is_something_to_check():
    names = {p.name for p in FILES}
    assert {"search.py", "evaluate.py", "minimax.py"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_uses_only_what_rome_exports(path: Path):
    assert problems(path) == []


def test_the_check_sees_each_kind_of_trespass(tmp_path: Path):
    bad = ROOT / "ui" / "_boundary_probe.py"  # only parsed, never imported
    text = ("from rome.rules import apply_action\nfrom rome import _name\n"
            "import rome.state\nx = state.decks\ny = state._legal\nz = self._own\n")
    bad.write_text(text, encoding="utf-8")
    try:
        found = problems(bad)
    finally:
        bad.unlink()
    assert len(found) == 5, found
