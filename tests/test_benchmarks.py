"""The benchmark scripts are not run by the test suite (they take minutes and
print tables, see ``make bench``), but they must not rot: every script compiles,
and every name one script imports from another script of ``benchmarks/`` is
defined there.  (A renamed helper once broke ``make bench`` without any test
noticing.)
"""

import ast
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.glob("*.py"))


def top_level_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def test_there_are_benchmark_scripts():
    assert any(path.name.startswith("bench_") for path in SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_benchmark_script_imports_resolve(script):
    tree = ast.parse(script.read_text(encoding="utf-8"), filename=str(script))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            sibling = BENCHMARKS / f"{node.module}.py"
            if not sibling.exists():
                continue
            defined = top_level_names(ast.parse(sibling.read_text(encoding="utf-8")))
            missing = [alias.name for alias in node.names if alias.name not in defined]
            assert not missing, f"{script.name} imports {missing} from {sibling.name}: not there"
