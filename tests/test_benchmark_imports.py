"""The benchmark scripts under benchmarks/ run only by hand (`make bench`), so nothing else
would notice when a name they import from deckgen moves: every `from deckgen... import name`
in them must still resolve."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(path for path in BENCHMARKS.iterdir()
                 if path.is_file() and (path.suffix == ".py" or path.read_text(errors="ignore").startswith("#!")))


def deckgen_imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) of every `from deckgen... import name` in the script, at any depth."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return [(node.module, alias.name) for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "deckgen"
            for alias in node.names]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_benchmark_imports_resolve(script: Path) -> None:
    missing = []
    for module_name, name in deckgen_imports(script):
        module = importlib.import_module(module_name)
        if not hasattr(module, name):
            try:
                importlib.import_module(f"{module_name}.{name}")
            except ImportError:
                missing.append(f"{module_name}.{name}")
    assert not missing, f"{script.name} imports names deckgen no longer has: {missing}"


def test_every_benchmark_is_checked() -> None:
    assert {path.name for path in SCRIPTS} >= {"sim_bench", "cluster_bench", "described_bench", "render_bench"}
