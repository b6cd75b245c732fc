"""The research tools stay out of the product: the game never imports ``research``.

``research/`` (tournaments, ratings, the yardstick, fitted weights) is measured against
the game, not shipped with it: the app zip and the wheel hold ``rome`` and ``ui`` only.
An import of it from either would break the page and the installed package.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the development command line offers `python -m rome tournament` when research is there
ALLOWED = {Path("rome/cli.py")}


def imported_modules(path: Path) -> set[str]:
    """Every module an ``import`` or ``from ... import`` in ``path`` names, at any level."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_neither_rome_nor_ui_imports_research() -> None:
    offenders = []
    for folder in ("rome", "ui"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if rel in ALLOWED:
                continue
            if any(m == "research" or m.startswith("research.") for m in imported_modules(path)):
                offenders.append(str(rel))
    assert offenders == []


def test_the_check_sees_an_import_of_research(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from research.tournament import main\n    return main\n")
    assert "research.tournament" in imported_modules(module)
