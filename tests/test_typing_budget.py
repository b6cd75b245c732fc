"""At most 40 uses of ``Any`` in ``rome/`` and ``ui/`` (issue 44): the types say what flows.

Counted with ``ast``, so neither a comment nor a string counts and nothing hides from it:

- every ``Any`` (``typing.Any`` too), wherever it stands;
- every use of an *alias* whose definition holds one (``Obs = dict[str, Any]`` counts at
  each place that names ``Obs``, not once), followed across modules by name;
- every ``object`` standing in for a type: in an annotation, in a subscript
  (``dict[str, object]``) or in an alias; ``object()`` as a sentinel, ``object.__new__``
  and ``class C(object)`` are not types and do not count.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rome", "ui")
BUDGET = 40


def _is_any(node: ast.AST) -> bool:
    return ((isinstance(node, ast.Name) and node.id == "Any")
            or (isinstance(node, ast.Attribute) and node.attr == "Any"))


def _type_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The expressions that stand for types: annotations and subscripts' slices."""
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None:
            yield node.annotation
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
            yield node.returns
        elif isinstance(node, ast.AnnAssign):
            yield node.annotation
        elif isinstance(node, ast.Subscript):
            yield node.slice


def _loose_nodes(tree: ast.AST, aliases: set[str]) -> Iterator[tuple[str, int]]:
    """(what, line) for each loose type in one module."""
    for node in ast.walk(tree):
        if _is_any(node):
            yield "Any", node.lineno
        elif isinstance(node, ast.Name) and node.id in aliases and isinstance(node.ctx, ast.Load):
            yield f"alias {node.id}", node.lineno
    seen: set[int] = set()
    for expression in _type_nodes(tree):
        for node in ast.walk(expression):
            if (isinstance(node, ast.Name) and node.id == "object" and id(node) not in seen):
                seen.add(id(node))
                yield "object", node.lineno
    for node in ast.walk(tree):   # ``X = object`` / ``X = dict[str, object]`` as an alias
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Name)
                and node.value.id == "object"):
            yield "object", node.lineno


def _alias_definitions(tree: ast.Module) -> Iterator[str]:
    """Module-level names bound to a type that holds ``Any`` or ``object``."""
    for node in tree.body:
        target: ast.expr | None = None
        value: ast.expr | None = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        if isinstance(target, ast.Name) and value is not None and any(
                _is_any(n) or (isinstance(n, ast.Name) and n.id == "object")
                for n in ast.walk(value)) and not isinstance(value, (ast.Call, ast.Attribute)):
            yield target.id


def files(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> list[Path]:
    return [p for package in packages for p in sorted((root / package).rglob("*.py"))]


def loose_types(paths: Iterable[Path], root: Path = ROOT) -> Counter[str]:
    """``path:line what`` -> how many, over the modules given (paths relative to ``root``)."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in paths}
    aliases = {name for tree in trees.values() for name in _alias_definitions(tree)}
    found: Counter[str] = Counter()
    for path, tree in trees.items():
        for what, line in _loose_nodes(tree, aliases):
            found[f"{path.relative_to(root)}:{line} {what}"] += 1
    return found


def test_at_most_forty_loose_types() -> None:
    found = loose_types(files())
    total = sum(found.values())
    assert total <= BUDGET, (f"{total} uses of Any (or its aliases, or object as a type) "
                             f"in rome/ and ui/, at most {BUDGET}:\n" + "\n".join(sorted(found)))


def test_each_kind_of_loose_type_is_counted(tmp_path: Path) -> None:
    """An ``Any`` (plain or ``typing.Any``), each use of an alias holding one, ``object`` as
    a type; not a sentinel ``object()`` nor a base class."""
    (tmp_path / "m.py").write_text(
        "import typing\nfrom typing import Any\n"
        "Obs = dict[str, Any]\n"
        "def f(x: Obs, y: typing.Any) -> list[object]:\n"
        "    return [object()]\n"
        "class C(object):\n"
        "    seen: Obs\n", encoding="utf-8")
    assert loose_types([tmp_path / "m.py"], tmp_path) == Counter({
        "m.py:3 Any": 1, "m.py:4 alias Obs": 1, "m.py:4 Any": 1, "m.py:4 object": 1,
        "m.py:7 alias Obs": 1})
