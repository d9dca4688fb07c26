"""The import layers of ARCHITECTURE.md, kept by reading every import of deckgen/ with `ast`.

Every import counts: top-level ones, imports inside functions (they hide a cycle from Python
but not from the design) and imports inside `if TYPE_CHECKING:` blocks (a type named in a
signature is a dependency too: mypyc checks those types at run time in the compiled engines,
and pydantic resolves annotations when a model is built). Three rules:

- no cycle between modules;
- no arrow up the layer order: cli -> publish -> render -> sim -> bots -> games -> model ->
  base (units, fileio, errors); a module imports from its own layer or below;
- no import of another module's `_private` name.

Beside them, the size every module keeps: no more than 500 lines, a module past that being
one to split along an interface.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

PACKAGE = Path(__file__).resolve().parent.parent / "deckgen"

#: The most lines a module of deckgen/ may have.
MODULE_LINES = 500

#: Layers from the bottom up; a module belongs to the layer of its longest listed prefix.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("deckgen", "deckgen.errors", "deckgen.fileio", "deckgen.paths", "deckgen.startup",
              "deckgen.report")),
    ("model", ("deckgen.model", "deckgen.project", "deckgen.compose")),
    ("games", ("deckgen.games",)),
    ("bots", ("deckgen.bots",)),
    ("sim", ("deckgen.sim",)),
    ("render", ("deckgen.render", "deckgen.colour_check")),
    ("publish", ("deckgen.publish", "deckgen.validate", "deckgen.watch", "deckgen.skeleton")),
    ("cli", ("deckgen.cli", "deckgen.__main__")),
)


class Import(NamedTuple):
    """One imported name: `module` imports `name` (None: the whole module) from `target`."""

    module: str
    line: int
    target: str
    name: str | None


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def owner(dotted: str, known: dict[str, Path]) -> str:
    """The module that holds `dotted` (a module, or a name inside one)."""
    while dotted not in known:
        dotted = dotted.rpartition(".")[0]
    return dotted


def imports_of(name: str, path: Path, known: dict[str, Path]) -> Iterator[Import]:
    """Every deckgen import anywhere in the module: top level, in functions, in TYPE_CHECKING."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "deckgen" or alias.name.startswith("deckgen."):
                    yield Import(name, node.lineno, owner(alias.name, known), None)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            source = ".".join(base + ([node.module] if node.module else []))
            if source != "deckgen" and not source.startswith("deckgen."):
                continue
            for alias in node.names:
                full = f"{source}.{alias.name}"
                if full in known:  # a submodule
                    yield Import(name, node.lineno, full, None)
                else:
                    yield Import(name, node.lineno, owner(source, known), alias.name)


def all_imports() -> list[Import]:
    known = modules()
    return [imp for name, path in known.items() for imp in imports_of(name, path, known)]


def layer(module: str) -> int:
    """The index of the module's layer in LAYERS (the longest matching prefix wins)."""
    best, best_length = None, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    assert best is not None, f"{module}: no layer in LAYERS (add it)"
    return best


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_every_module_has_a_layer() -> None:
    for module in modules():
        layer(module)


def test_no_import_cycle() -> None:
    edges: dict[str, set[str]] = {}
    for imp in all_imports():
        if imp.target != imp.module:
            edges.setdefault(imp.module, set()).add(imp.target)
    assert cycles(edges) == []


def test_no_import_runs_up_the_layers() -> None:
    upward = sorted({f"{imp.module}:{imp.line} ({LAYERS[layer(imp.module)][0]}) imports {imp.target} "
                     f"({LAYERS[layer(imp.target)][0]})"
                     for imp in all_imports() if layer(imp.target) > layer(imp.module)})
    assert upward == []


def test_no_import_of_another_modules_private_name() -> None:
    private = sorted(f"{imp.module}:{imp.line} imports {imp.target}.{imp.name}" for imp in all_imports()
                     if imp.target != imp.module and imp.name is not None
                     and imp.name.startswith("_") and not imp.name.startswith("__"))
    assert private == []


def test_no_module_over_the_line_limit() -> None:
    long = sorted(f"{path.relative_to(PACKAGE.parent)}: {lines} lines" for path in modules().values()
                  if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES)
    assert long == [], f"split along an interface: modules over {MODULE_LINES} lines"


#: Packages of deckgen/games/ that are not one hand-written engine.
NOT_ENGINES = ("deckgen.games.kit", "deckgen.games.notation", "deckgen.games.described")


def test_every_engine_package_has_one_shape() -> None:
    """Each hand-written engine is a package of the same shape: `params` (its Params model),
    `state` (a game in progress), `game` (the engine), registered in its `__init__`; nothing
    in it but `__init__` imports `game`, so a state never reaches back to its engine."""
    known = modules()
    engines = [name for name, path in known.items() if path.name == "__init__.py" and name.count(".") == 2
               and name.startswith("deckgen.games.") and name not in NOT_ENGINES]
    assert len(engines) >= 17
    missing = sorted(f"{engine}.{part}" for engine in engines for part in ("params", "state", "game")
                     if f"{engine}.{part}" not in known)
    assert missing == []
    back = sorted(f"{imp.module}:{imp.line}" for imp in all_imports()
                  if imp.target.endswith(".game") and imp.target.rpartition(".")[0] in engines
                  and imp.module.startswith(imp.target.rpartition(".")[0] + ".") and imp.module != imp.target)
    assert back == [], "modules of an engine package importing its game"


def test_the_reader_sees_local_and_type_checking_imports(tmp_path: Path) -> None:
    """The reader itself: a cycle through a function-local and a TYPE_CHECKING import is
    found, and a relative import resolves to its module."""
    source = tmp_path / "deckgen"
    (source / "pkg").mkdir(parents=True)
    (source / "__init__.py").write_text("")
    (source / "pkg" / "__init__.py").write_text("")
    (source / "pkg" / "a.py").write_text("def f():\n    from deckgen.pkg.b import g\n")
    (source / "pkg" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                         "    from .a import _f\n")
    known = {name: path for name, path in ((f"deckgen.pkg.{n}", source / "pkg" / f"{n}.py") for n in "ab")}
    known["deckgen"] = source / "__init__.py"
    known["deckgen.pkg"] = source / "pkg" / "__init__.py"
    found = [imp for name, path in known.items() for imp in imports_of(name, path, known)]
    assert sorted(found) == [Import("deckgen.pkg.a", 2, "deckgen.pkg.b", "g"),
                             Import("deckgen.pkg.b", 3, "deckgen.pkg.a", "_f")]
    assert cycles({"deckgen.pkg.a": {"deckgen.pkg.b"}, "deckgen.pkg.b": {"deckgen.pkg.a"}}) == [
        ["deckgen.pkg.a", "deckgen.pkg.b"]]
