"""No import circle in ``rome/`` or ``ui/`` (issue 35): the modules form a layered graph.

An import placed inside a function to dodge a circle still ties the two modules together
(each needs the other to run), so every ``import`` / ``from ... import`` counts wherever it
stands: at the top, inside a function, a method or any other block.  The one exception is
an import under ``if TYPE_CHECKING:``: it never runs, so it can neither leave a module half
loaded nor make one need another to work; it only lets a module name the type of what it
is handed (the invariant checks name ``GameState``, whose loader runs them).  It cannot
hide a need at run time either: the name it brings in does not exist when the code runs,
so any use outside an annotation fails the first test that reaches it.

Files are discovered, never listed: ``pkg/__init__.py`` is the module ``pkg``, relative
imports are resolved from the importing file, and ``from pkg import name`` is an edge to
``pkg.name`` when that is a module of ours, else to ``pkg``.  Importing ``pkg.sub.mod``
runs ``pkg/__init__.py`` and ``pkg/sub/__init__.py`` first, so it is an edge to each of
those packages too, unless the importer lives inside it (its own packages are already
loaded by then).  A package's ``__init__`` importing its own submodules is the usual
layering, not a circle: a submodule is not taken to depend on its package unless it
imports from it.

The folders of ``ui/`` are layers too (issue 44): each imports only from the folders
below it in ``UI_LAYERS``, so what the model decides never depends on how it is drawn,
and the page glue (``shell``) and the embeds sit on top of everything they start.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rome", "ui")


def module_name(path: Path, root: Path) -> str:
    """``rome/ai/search.py`` -> ``rome.ai.search``; ``rome/ai/__init__.py`` -> ``rome.ai``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def discover(root: Path, packages: Iterable[str] = PACKAGES) -> dict[str, Path]:
    """Every module under the packages, by dotted name."""
    return {module_name(path, root): path
            for package in packages for path in sorted((root / package).rglob("*.py"))}


def _type_checking_only(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    test = node.test if isinstance(node, ast.If) else None
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _run_time_nodes(tree: ast.AST) -> Iterable[ast.AST]:
    """Every node at any depth, less the bodies of ``if TYPE_CHECKING:`` (their ``else``
    branches run, and are kept)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if _type_checking_only(node):
            assert isinstance(node, ast.If)
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def imported(path: Path, name: str) -> Iterable[tuple[str, list[str], int]]:
    """Each import that runs, at any depth: (module, names imported from it, line)."""
    is_package = path.name == "__init__.py"
    package = name.split(".") if is_package else name.split(".")[:-1]
    for node in _run_time_nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield module, [alias.name for alias in node.names], node.lineno


def import_graph(modules: dict[str, Path]) -> dict[str, dict[str, int]]:
    """Module -> {module of ours it imports: line of the first such import}."""
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges = graph.setdefault(name, {})
        for module, names, line in imported(path, name):
            targets = [f"{module}.{n}" for n in names if f"{module}.{n}" in modules]
            if len(targets) < len(names) or not names:
                # a name defined in the module itself (or ``import a.b.c``): an edge to the
                # nearest module of ours on the dotted path
                parts = module.split(".")
                for end in range(len(parts), 0, -1):
                    if ".".join(parts[:end]) in modules:
                        targets.append(".".join(parts[:end]))
                        break
            for target in targets + _packages_run(targets, name, modules):
                if target != name:
                    edges.setdefault(target, line)
    return graph


def _packages_run(targets: list[str], importer: str, modules: dict[str, Path]) -> list[str]:
    """The packages whose ``__init__`` importing ``targets`` runs, less the importer's own."""
    own = {".".join(importer.split(".")[:end]) for end in range(1, importer.count(".") + 2)}
    return [package for target in targets for end in range(1, target.count(".") + 1)
            if (package := ".".join(target.split(".")[:end])) in modules
            and package not in own]


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each as one
    circle through them, from its alphabetically first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(_circle(graph, set(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _circle(graph: dict[str, dict[str, int]], component: set[str]) -> list[str]:
    """A shortest path from the component's first module back to itself."""
    start = min(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v]):
            if w == start:
                return paths[v] + [start]
            if w in component and w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return sorted(component)  # unreachable: a component is strongly connected


def describe(graph: dict[str, dict[str, int]], circle: list[str]) -> str:
    steps = [f"{a} (line {graph[a][b]}) -> {b}" for a, b in zip(circle, circle[1:], strict=False)]
    return "; ".join(steps)


def test_the_modules_are_found() -> None:
    modules = discover(ROOT)
    assert {"rome", "rome.ai", "rome.actions", "rome.state", "ui"} <= set(modules)


def test_no_import_cycle() -> None:
    graph = import_graph(discover(ROOT))
    found = cycles(graph)
    assert not found, "import circles:\n" + "\n".join(describe(graph, c) for c in found)


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(("files", "circle"), [
    # the three circles of issue 35, each broken only by an import inside a function
    ({"rome/__init__.py": "", "rome/actions.py": "def f():\n    from .verbs import g\n",
      "rome/verbs.py": "from .actions import Action\n"},
     ["rome.actions", "rome.verbs", "rome.actions"]),
    ({"rome/__init__.py": "", "rome/ai/__init__.py": "def f():\n    from . import analysis\n",
      "rome/ai/analysis.py": "from . import decision_seed\n"},
     ["rome.ai", "rome.ai.analysis", "rome.ai"]),
    # an absolute ``from pkg import submodule``, and the ``else`` of a TYPE_CHECKING block
    ({"ui/__init__.py": "", "ui/a.py": "from ui import b\n",
      "ui/b.py": "import typing\nif typing.TYPE_CHECKING:\n    pass\nelse:\n    import ui.a\n"},
     ["ui.a", "ui.b", "ui.a"]),
    # three modules, one deep in a class method and a relative import two levels up
    ({"rome/__init__.py": "", "rome/x/__init__.py": "", "rome/x/y.py": "from ..z import q\n",
      "rome/z.py": "class C:\n    def m(self):\n        import rome.w\n",
      "rome/w.py": "from rome.x import y\n"},
     ["rome.w", "rome.x.y", "rome.z", "rome.w"]),
])
def test_a_circle_is_caught(tmp_path: Path, files: dict[str, str], circle: list[str]) -> None:
    _write(tmp_path, files)
    graph = import_graph(discover(tmp_path))
    assert cycles(graph) == [circle]


def test_a_sabotaged_copy_of_the_real_tree_fails(tmp_path: Path) -> None:
    """The real modules, copied, with one import inside a function that closes a circle
    (the cards table asking the rules): the test names it."""
    for path in discover(ROOT).values():
        target = tmp_path / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    with (tmp_path / "rome" / "cards.py").open("a", encoding="utf-8") as cards:
        cards.write("\n\ndef _sabotage():\n    from .rules import legal_actions\n")
    graph = import_graph(discover(tmp_path))
    found = cycles(graph)
    assert len(found) == 1 and {"rome.cards", "rome.rules"} <= set(found[0])
    assert "rome.cards (line " in describe(graph, found[0])


def test_an_import_runs_the_packages_on_its_way(tmp_path: Path) -> None:
    """``ui.a`` imports only ``ui.p.m``, yet loading it runs ``ui/p/__init__.py``, which
    imports ``ui.a``: a circle that an edge to ``ui.p.m`` alone would miss."""
    _write(tmp_path, {"ui/__init__.py": "", "ui/a.py": "from ui.p.m import X\n",
                      "ui/p/__init__.py": "from ui.a import Y\n", "ui/p/m.py": "X = 1\n"})
    graph = import_graph(discover(tmp_path))
    assert graph["ui.a"] == {"ui.p.m": 1, "ui.p": 1}
    assert cycles(graph) == [["ui.a", "ui.p", "ui.a"]]


def test_a_layered_tree_passes(tmp_path: Path) -> None:
    """A package importing its submodules, lazy imports down the layers, and a type-only
    import back up are no circle."""
    _write(tmp_path, {"rome/__init__.py": "from .b import B\n", "rome/a.py": "X = 1\n",
                      "rome/b.py": "from .a import X\ndef f():\n    from . import a\n",
                      "rome/c.py": "from typing import TYPE_CHECKING\n"
                                   "if TYPE_CHECKING:\n    from .d import D\n",
                      "rome/d.py": "from .c import C\n",
                      "ui/__init__.py": "", "ui/c.py": "import rome\nfrom rome import b\n"})
    graph = import_graph(discover(tmp_path))
    assert graph["rome.d"] == {"rome.c": 1} and graph["rome.c"] == {}
    assert cycles(graph) == []


UI_LAYERS = ("ui.words", "ui.bounds", "ui.address", "ui.saves", "ui.selfcheck", "ui.tutorial",
             "ui.model", "ui.render", "ui.worker", "ui.shell", "ui.embed", "ui.worker_main")
"""The folders (and top modules) of ``ui/``, lowest first: a module imports only from its
own layer and the ones before it (and from ``rome``).  Words (escaping, names, a card's
words, rules anchors) are said by every layer; bounds and addresses are read before
anything is built; a saved game is read before a course replays it; the start's
self-check asks the engine, the names and the saves, and both the page and the AI worker
run it; the model holds the
course in its state; renderers draw the model; the AI worker's client knows no page; the
shell is the page's glue that starts all of them; an embed view is a page of its own
built from the shell's parts; a worker's entry starts either."""


def layer(module: str) -> int | None:
    """The index in ``UI_LAYERS`` of a ``ui`` module's layer (None for ``ui`` itself and
    anything outside ``ui/``)."""
    for index, name in enumerate(UI_LAYERS):
        if module == name or module.startswith(name + "."):
            return index
    return None


def upward(graph: dict[str, dict[str, int]]) -> list[str]:
    """Each import from a lower layer to a higher one, as ``a (line n) -> b``."""
    found = []
    for module, edges in sorted(graph.items()):
        for target, line in sorted(edges.items()):
            low, high = layer(module), layer(target)
            if low is not None and high is not None and high > low:
                found.append(f"{module} (line {line}) -> {target}")
    return found


def test_every_ui_module_has_a_layer() -> None:
    modules = [m for m in discover(ROOT) if m.startswith("ui.")]
    assert modules and [m for m in modules if layer(m) is None] == []


def test_ui_folders_import_one_way() -> None:
    found = upward(import_graph(discover(ROOT)))
    assert not found, "imports up the layers of ui/ (UI_LAYERS):\n" + "\n".join(found)


def test_an_import_up_the_layers_is_named(tmp_path: Path) -> None:
    """The model asking a renderer for a helper, even inside a function, is caught."""
    _write(tmp_path, {"ui/__init__.py": "", "ui/model/__init__.py": "",
                      "ui/model/flow.py": "def f():\n    from ui.render.names import q\n",
                      "ui/render/__init__.py": "from ui.model import flow\n",
                      "ui/render/names.py": "q = 1\n"})
    assert upward(import_graph(discover(tmp_path))) == [
        "ui.model.flow (line 2) -> ui.render", "ui.model.flow (line 2) -> ui.render.names"]
