"""The layout rules of rankviz (CONTRIBUTING.md, "The rankviz module"): checked on the source, so
a new file keeps them.

* no file in rankviz/ over MAX_LINES lines;
* one ``__all__`` per module, assigned once (no ``__all__ +=``), and every module-level import
  above the first function or class;
* each public module, and each shared private core, has its tests/test_<module>.py (in
  tests/plotting/ and tests/widgets/ for those packages);
* no module imports a private name (``_name``) of another module, unless that module is itself
  private (``_validation``, ``_solvers``, ``plotting/_style``): those exist to be shared.
"""

import ast
import pathlib

import pytest

import rankviz

PACKAGE = pathlib.Path(rankviz.__file__).parent
SOURCES = sorted(PACKAGE.rglob("*.py"))
MAX_LINES = 1200


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _ids(paths):
    return [str(p.relative_to(PACKAGE.parent)) for p in paths]


@pytest.mark.parametrize("path", SOURCES, ids=_ids(SOURCES))
def test_no_module_is_over_the_line_limit(path):
    n_lines = len(path.read_text().splitlines())
    assert n_lines <= MAX_LINES, f"{path.name} has {n_lines} lines (limit {MAX_LINES}): split it"


@pytest.mark.parametrize("path", SOURCES, ids=_ids(SOURCES))
def test_one_all_and_imports_at_the_top(path):
    tree = ast.parse(path.read_text())
    assignments = [
        node
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
        and any(
            isinstance(t, ast.Name) and t.id == "__all__"
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
        )
    ]
    if path.name not in ("__main__.py",):
        assert len(assignments) == 1 and isinstance(assignments[0], ast.Assign), (
            f"{path.name} must assign __all__ exactly once, found {len(assignments)} assignments"
        )
    first_definition = next(
        (
            node.lineno
            for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        ),
        None,
    )
    late = [
        node.lineno
        for node in tree.body
        if isinstance(node, (ast.Import, ast.ImportFrom))
        and first_definition is not None
        and node.lineno > first_definition
    ]
    assert not late, f"{path.name}: module-level imports below the first definition, lines {late}"


def _private_imports(path: pathlib.Path, source: str | None = None):
    """(line, module, name) for each private name imported from a public module.

    ``source`` is the module's text, read from ``path`` unless given (the check's own test
    gives a made-up module's text, never writing into the package).
    """
    tree = ast.parse(path.read_text() if source is None else source)
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            source = f"{base}.{node.module}" if node.module else base
        else:
            source = node.module or ""
        if not source.startswith("rankviz"):
            continue
        for alias in node.names:
            target = f"{source}.{alias.name}"
            # importing a private module, or a name from one, is what private modules are for
            if any(
                part.startswith("_") and not part.startswith("__") for part in source.split(".")
            ):
                continue
            if (
                alias.name.startswith("_")
                and not (PACKAGE.parent / (target.replace(".", "/") + ".py")).exists()
            ):
                found.append((node.lineno, source, alias.name))
    return found


@pytest.mark.parametrize("path", SOURCES, ids=_ids(SOURCES))
def test_no_private_name_of_another_module_is_imported(path):
    found = _private_imports(path)
    assert not found, f"{path.name} imports private names of public modules: {found}"


def test_the_private_import_check_can_fail():
    made_up = PACKAGE / "widgets" / "__layout_probe__.py"  # never written: its text is given
    source = "from rankviz.rankboost import _as_pairs\nfrom rankviz._validation import check_int\n"
    assert _private_imports(made_up, source) == [(1, "rankviz.rankboost", "_as_pairs")]


# the private modules every other module builds on have tests of their own too; the other
# private modules are small cores tested through the public functions that use them
SHARED_CORES = {"_validation.py", "_solvers.py", "_style.py"}


def _tested_modules():
    """Each public module of rankviz, and each shared core, with the test file it needs."""
    for path in SOURCES:
        if path.name in ("__init__.py", "__main__.py"):
            continue
        if path.name.startswith("_") and path.name not in SHARED_CORES:
            continue
        relative = path.relative_to(PACKAGE)
        folder = TESTS / relative.parent
        if relative.parent.name == "exercises":  # tests/test_exercises.py runs each chapter's cases
            yield path, folder / f"cases_{path.stem}.py"
            continue
        yield path, folder / f"test_{path.stem.lstrip('_')}.py"


TESTS = pathlib.Path(__file__).parent


@pytest.mark.parametrize(
    ("path", "test_file"),
    list(_tested_modules()),
    ids=[str(p.relative_to(PACKAGE.parent)) for p, _ in _tested_modules()],
)
def test_every_module_has_its_test_file(path, test_file):
    assert test_file.exists(), (
        f"{path.relative_to(PACKAGE.parent)} has no {test_file.relative_to(TESTS.parent)}"
    )


#: the packages and modules whose public functions are not measures or algorithms: dashboards,
#: drawings, exercise checkers and the command line (their docstrings say what they show)
NOT_COMPUTE = ("widgets", "plotting", "exercises", "doctor.py", "__init__.py", "__main__.py")
COMPUTE_SOURCES = [
    path
    for path in SOURCES
    if not path.name.startswith("_")
    and path.relative_to(PACKAGE).parts[0] not in NOT_COMPUTE
    and path.relative_to(PACKAGE).name not in NOT_COMPUTE
]


@pytest.mark.parametrize("path", COMPUTE_SOURCES, ids=_ids(COMPUTE_SOURCES))
def test_every_compute_function_documents_its_contract_with_an_example(path):
    """numpydoc sections on each public function of a compute module: Parameters and Raises
    (when it takes arguments), Returns, and an Examples block, which runs as a doctest."""
    import importlib
    import inspect

    module = importlib.import_module(_module_name(path))
    missing = {}
    for name in module.__all__:
        value = getattr(module, name)
        if not inspect.isfunction(value) or value.__module__ != module.__name__:
            continue
        doc = inspect.getdoc(value) or ""
        needed = ["Returns", "Examples"]
        if inspect.signature(value).parameters:
            needed += ["Parameters", "Raises"]
        lacking = [section for section in needed if f"\n{section}\n---" not in f"\n{doc}"]
        if lacking:
            missing[name] = lacking
    assert not missing, f"{path.name}: docstrings without these numpydoc sections: {missing}"
