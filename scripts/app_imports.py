"""The imports of the app's Python, read from its source (``ast``), never by running it.

Two readers: ``tests/test_packaging.py`` follows every import (inside functions too) from
the pages' entry points, to check that app.zip holds exactly what the game runs; and
``scripts/vendor.py`` picks the modules the interpreter imports before it takes its
memory snapshot (``preloadable``), which are those that reach nothing of the browser while
they are imported.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

SCRIPT_URL = re.compile(r"\./([\w/]+\.py)")
"""A script a module names by address (a worker it starts)."""
BROWSER = frozenset({"js", "pyodide", "pyscript", "polyscript"})
"""Modules whose objects are the page's or the interpreter's of one start: a module that
imports one holds them, so it cannot be in a memory snapshot that later starts restore."""


def module_file(root: Path, name: str) -> str | None:
    """The file (relative to ``root``) of module ``name``, if it is one of ours."""
    path = root.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate.relative_to(root).as_posix()
    return None


def module_name(file: str) -> str:
    """``rome/ai/__init__.py`` -> ``rome.ai``."""
    parts = file.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _run_at_import(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of ``body`` that importing the module runs: not those of functions,
    nor the branch of ``if TYPE_CHECKING:``."""
    for node in body:
        yield node
        if isinstance(node, ast.If):
            checking = isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
            yield from _run_at_import(node.orelse if checking else node.body + node.orelse)
        elif isinstance(node, ast.Try):
            blocks = node.body + node.orelse + node.finalbody
            yield from _run_at_import(blocks + [s for h in node.handlers for s in h.body])
        elif isinstance(node, ast.With | ast.ClassDef):
            yield from _run_at_import(node.body)


def _named(node: ast.AST, package: str) -> set[str]:
    """The modules an import statement names (with what may be submodules of a ``from``)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if not isinstance(node, ast.ImportFrom):
        return set()
    parts = package.split(".")
    base = ".".join(parts[:len(parts) - node.level + 1]) if node.level else ""
    source = ".".join(p for p in (base, node.module or "") if p)
    return {source} | {f"{source}.{alias.name}" for alias in node.names}


def imported(root: Path, file: str, *, at_import: bool) -> set[str]:
    """Every module ``file`` names in an import, ours or not; with ``at_import``, only the
    imports that importing it runs."""
    tree = ast.parse((root / file).read_text(encoding="utf-8"), file)
    name = module_name(file)
    package = name if file.endswith("__init__.py") else name.rpartition(".")[0]
    nodes: Iterable[ast.AST] = _run_at_import(tree.body) if at_import else ast.walk(tree)
    return {module for node in nodes for module in _named(node, package)}


def ours(root: Path, modules: Iterable[str]) -> set[str]:
    """The files of ours that importing ``modules`` runs: a module's packages run first,
    their ``__init__.py`` too."""
    files: set[str] = set()
    for module in modules:
        parts = module.split(".")
        files.update(f for i in range(1, len(parts) + 1)
                     if (f := module_file(root, ".".join(parts[:i]))) is not None)
    return files


def scripts_named(root: Path, file: str) -> set[str]:
    """The scripts of ours ``file`` names by address."""
    tree = ast.parse((root / file).read_text(encoding="utf-8"), file)
    return {s for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) for s in SCRIPT_URL.findall(node.value)
            if (root / s).is_file()}


def preloadable(root: Path, files: Iterable[str]) -> list[str]:
    """The names of the modules among ``files`` whose import reaches no ``BROWSER`` module,
    directly or through another of ours, sorted."""
    reaches: dict[str, set[str]] = {}
    pending = set(files)
    while pending:
        file = pending.pop()
        names = imported(root, file, at_import=True)
        reaches[file] = names
        pending |= ours(root, names) - reaches.keys()

    def browser(file: str, seen: set[str]) -> bool:
        names = reaches[file]
        if any(n.split(".")[0] in BROWSER for n in names):
            return True
        seen.add(file)
        return any(browser(f, seen) for f in ours(root, names) - seen)

    return sorted(module_name(f) for f in files if not browser(f, set()))
