"""Committed mutants of the notebooks' check cells, and the harness that proves each kills its cell.

A *check cell* of a chapter notebook starts with a ``# check: <tags>`` line and asserts the claim it
names.  A check that cannot fail is a defect, so every check cell carries at least one *mutant*,
committed in ``tests/mutants/<notebook stem>.yaml``: a change to the claim's inputs or to the
computation of one side (a constant, a dropped term, a perturbed instance, a swapped convention),
with a one-line reason.  A mutant never touches an assertion: the assert statements and
``assert_*(...)`` calls of the mutated cell must be exactly those of the original.

The spec file of a notebook::

    mutants:
      - check: Mohri eq 10.7                 # the text after "# check:" on the cell's tag line
        why: drop the complexity term; the bound must then fall below the true error
        old: "total = loss + complexity"     # replaced once: it must occur exactly once in the cell
        new: "total = loss"
      - check: Mohri Thm 10.3
        why: a perturbed instance: one label flipped, the algorithms must disagree
        insert: "labels[0] = 1 - labels[0]"  # inserted as whole lines ...
        before: "assert"                     # ... before the one line containing this text
                                             # (no "before": after the cell's leading comments)
    demonstrations:
      - check: Course ch05 picture
        why: why this tagged cell is shown, not tested (it then must not call itself a check)

A mutant is resolved to its cell by its tag line and its anchor (``old`` or ``before``): among the
check cells with that tag line, exactly one may contain the anchor.

:func:`run_notebook` executes a notebook top to bottom in a fresh IPython shell (in a process of its
own, like a kernel).  At each check cell it runs every mutated source in a forked copy of the
process, so a mutant sees exactly the state the real cell sees and can change nothing the rest of
the notebook sees; then it runs the real cell.  A mutant *kills* its cell when the cell raises
``AssertionError``; any other exception, a normal return (the mutant survives) or a hang is a
failure.  ``tests/test_mutants.py`` runs this for every chapter.
"""

from __future__ import annotations

import ast
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
import yaml

from rankviz import chapters as registry

ROOT = Path(__file__).resolve().parents[2]
SPEC_DIR = Path(__file__).resolve().parent
CHAPTERS = [ROOT / chapter.notebook for chapter in registry.CHAPTERS]  # rankviz/chapters.py

TAG_LINE = re.compile(r"^\s*#\s*check:\s*(?P<tags>.+?)\s*$", re.MULTILINE)
MUTANT_KEYS = {"check", "why", "old", "new", "insert", "before"}
DEMONSTRATION_KEYS = {"check", "why", "contains"}
MIN_WHY_WORDS = 4

MUTANT_TIMEOUT = 120.0  # seconds one mutated cell may take before it counts as a hang
NOTEBOOK_TIMEOUT = 900.0  # seconds for a whole notebook with all its mutants


@dataclass(frozen=True)
class Mutant:
    """One committed mutant: where it applies, what it changes and why it should kill the cell."""

    check: str
    why: str
    old: str | None = None
    new: str | None = None
    insert: str | None = None
    before: str | None = None

    @property
    def anchor(self) -> str | None:
        """The text that picks the cell among those with the same tag line."""
        return self.old if self.old is not None else self.before

    def label(self) -> str:
        return f"[{self.check}] {self.why}"


@dataclass(frozen=True)
class Demonstration:
    """A tagged cell that is deliberately not a check (listed with its reason)."""

    check: str
    why: str
    contains: str | None = None


@dataclass(frozen=True)
class Spec:
    mutants: tuple[Mutant, ...]
    demonstrations: tuple[Demonstration, ...]


def spec_path(notebook: Path) -> Path:
    """The spec file of a notebook: ``tests/mutants/<stem>.yaml``."""
    return SPEC_DIR / f"{notebook.stem}.yaml"


def load_spec(path: Path) -> tuple[Spec, list[str]]:
    """Read a spec file; return it with the problems of its form (unknown keys, missing reasons)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    problems: list[str] = []
    unknown = set(data) - {"mutants", "demonstrations"}
    if unknown:
        problems.append(f"{path.name}: unknown top-level keys {sorted(unknown)}")
    mutants, demonstrations = [], []
    for k, entry in enumerate(data.get("mutants") or []):
        tag = entry.get("check", "?") if isinstance(entry, dict) else "?"
        where = f"{path.name}: mutant {k + 1} ({tag})"
        if not isinstance(entry, dict):
            problems.append(f"{where}: not a mapping")
            continue
        if set(entry) - MUTANT_KEYS:
            problems.append(f"{where}: unknown keys {sorted(set(entry) - MUTANT_KEYS)}")
            continue
        if not all(isinstance(value, str) for value in entry.values()):
            problems.append(f"{where}: every value must be a string")
            continue
        replace, insert = "old" in entry or "new" in entry, "insert" in entry or "before" in entry
        if replace == insert or (replace and not {"old", "new"} <= set(entry)):
            problems.append(
                f"{where}: give either old and new, or insert (with an optional before)"
            )
            continue
        if "insert" not in entry and insert:
            problems.append(f"{where}: 'before' without 'insert'")
            continue
        if "check" not in entry:
            problems.append(f"{where}: no 'check' (the cell's tag line)")
            continue
        if len(entry.get("why", "").split()) < MIN_WHY_WORDS:
            problems.append(f"{where}: 'why' must say in a sentence why the cell should fail")
            continue
        mutants.append(Mutant(**entry))
    for k, entry in enumerate(data.get("demonstrations") or []):
        where = f"{path.name}: demonstration {k + 1}"
        if not isinstance(entry, dict) or set(entry) - DEMONSTRATION_KEYS or "check" not in entry:
            problems.append(f"{where}: needs 'check' and 'why' (and optionally 'contains')")
            continue
        if len(str(entry.get("why", "")).split()) < MIN_WHY_WORDS:
            problems.append(f"{where}: 'why' must give the reason it is not a check")
            continue
        demonstrations.append(Demonstration(**entry))
    return Spec(tuple(mutants), tuple(demonstrations)), problems


def tag_line(source: str) -> str | None:
    """The text after ``# check:`` on a cell's first tag line, or None."""
    match = TAG_LINE.search(source)
    return match["tags"] if match else None


def check_cells(notebook) -> dict[int, str]:
    """Index of every code cell with a ``# check:`` line -> its tag line."""
    return {
        index: tag
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and (tag := tag_line(cell.source)) is not None
    }


def python_source(source: str) -> str:
    """A cell's source as Python (IPython magics become calls), for parsing."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(source)


def assertions(source: str) -> list[str]:
    """The assert statements and ``assert_*(...)`` calls of a cell, as normalized source."""
    tree = ast.parse(python_source(source))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            found.append(ast.unparse(node))
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name.startswith("assert_"):
                found.append(ast.unparse(node))
    return sorted(found)


def _leading_comment_end(lines: list[str]) -> int:
    """Index of the first line that is not a comment or blank (where a bare insert goes)."""
    for k, line in enumerate(lines):
        if line.strip() and not line.lstrip().startswith("#"):
            return k
    return len(lines)


def mutate(source: str, mutant: Mutant) -> tuple[str | None, str | None]:
    """The mutated source of a cell, or None with the reason it cannot be applied."""
    if mutant.old is not None:
        count = source.count(mutant.old)
        if count != 1:
            return None, f"'old' occurs {count} times in the cell (it must occur exactly once)"
        mutated = source.replace(mutant.old, mutant.new)
    else:
        lines = source.split("\n")
        if mutant.before is None:
            at = _leading_comment_end(lines)
        else:
            hits = [k for k, line in enumerate(lines) if mutant.before in line]
            if len(hits) != 1:
                return (
                    None,
                    f"'before' is on {len(hits)} lines of the cell (it must be on exactly one)",
                )
            at = hits[0]
        indent = re.match(r"\s*", lines[at]).group(0) if at < len(lines) else ""
        inserted = [
            indent + line if line else line for line in mutant.insert.rstrip("\n").split("\n")
        ]
        mutated = "\n".join(lines[:at] + inserted + lines[at:])
    if mutated == source:
        return None, "the mutant changes nothing"
    try:
        changed = assertions(mutated) != assertions(source)
    except SyntaxError as error:
        return None, f"the mutated cell is not valid Python: {error}"
    if changed:
        return (
            None,
            "the mutant changes an assertion (mutate an input or one side, never the assert)",
        )
    return mutated, None


@dataclass(frozen=True)
class Plan:
    """What to run (cell index -> [(label, mutated source)]) and what is wrong in the spec."""

    runs: dict[int, list[tuple[str, str]]]
    problems: list[str]
    demonstrations: dict[int, str]


def plan(notebook_path: Path, spec_file: Path | None = None) -> Plan:
    """Resolve every mutant of a notebook's spec to its cell; list what is missing or wrong."""
    spec_file = spec_file or spec_path(notebook_path)
    if not spec_file.exists():
        return Plan({}, [f"{notebook_path.name} has no mutant spec {spec_file.name}"], {})
    spec, problems = load_spec(spec_file)
    notebook = nbformat.read(notebook_path, as_version=4)
    cells = check_cells(notebook)
    runs: dict[int, list[tuple[str, str]]] = {}
    for mutant in spec.mutants:
        same_tag = [index for index, tag in cells.items() if tag == mutant.check]
        if not same_tag:
            problems.append(
                f"mutant {mutant.label()}: no check cell has the tag line '{mutant.check}'"
            )
            continue
        anchor = mutant.anchor
        targets = [i for i in same_tag if anchor is None or anchor in notebook.cells[i].source]
        if len(targets) != 1:
            problems.append(
                f"mutant {mutant.label()}: its anchor is in {len(targets)} of the "
                f"{len(same_tag)} cells with this tag (it must pick exactly one)"
            )
            continue
        (index,) = targets
        mutated, reason = mutate(notebook.cells[index].source, mutant)
        if mutated is None:
            problems.append(f"mutant {mutant.label()}: {reason}")
            continue
        runs.setdefault(index, []).append((mutant.label(), mutated))
    demonstrations: dict[int, str] = {}
    for demo in spec.demonstrations:
        targets = [
            i
            for i, tag in cells.items()
            if tag == demo.check
            and (demo.contains is None or demo.contains in notebook.cells[i].source)
        ]
        if len(targets) != 1:
            problems.append(
                f"demonstration [{demo.check}]: matches {len(targets)} cells (it must match one)"
            )
            continue
        (index,) = targets
        if index in runs:
            problems.append(f"demonstration [{demo.check}]: the cell has mutants, so it is a check")
        prose = "\n".join(
            line
            for line in notebook.cells[index].source.splitlines()
            if line.lstrip().startswith("#") and not TAG_LINE.match(line)
        )
        if re.search(r"\bcheck", prose, re.IGNORECASE):
            problems.append(f"demonstration [{demo.check}]: its comments still call it a check")
        demonstrations[index] = demo.why
    for index, tag in cells.items():
        if index not in runs and index not in demonstrations:
            problems.append(
                f"check cell {index} [{tag}] has no mutant (and is not listed as a demonstration)"
            )
    return Plan(runs, problems, demonstrations)


# Running a notebook with its mutants (in a process of its own: see ``main``).

KILLED, SURVIVED = "killed", "survived"


def _run_forked(shell, source: str, timeout: float) -> str:
    """Run ``source`` in a forked copy of this process: 'killed', 'survived' or what went wrong."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: run the mutated cell, report, exit without cleanup
        os.close(read_end)
        outcome = "crash: the child reported nothing"
        try:
            result = shell.run_cell(source, store_history=False, silent=True)
            error = result.error_before_exec or result.error_in_exec
            if error is None:
                outcome = SURVIVED
            elif isinstance(error, AssertionError):
                outcome = KILLED
            else:
                first_line = (str(error).splitlines() or [""])[0]
                outcome = f"error: {type(error).__name__}: {first_line}"
        except BaseException as error:
            outcome = f"error: {type(error).__name__}: {error}"
        finally:
            os.write(write_end, outcome.encode()[:4000])
            os._exit(0)
    os.close(write_end)
    deadline = time.monotonic() + timeout
    chunks = []
    while True:
        remaining = deadline - time.monotonic()
        ready, _, _ = select.select([read_end], [], [], max(remaining, 0))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read_end)
            return f"hang: no result after {timeout:.0f} s"
        chunk = os.read(read_end, 4096)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read_end)
    _, status = os.waitpid(pid, 0)
    text = b"".join(chunks).decode(errors="replace")
    if not text:
        return f"crash: the child ended with status {status} and reported nothing"
    return text


def run_notebook(
    notebook_path: Path,
    runs: dict[int, list[tuple[str, str]]],
    mutant_timeout: float = MUTANT_TIMEOUT,
) -> dict:
    """Execute a notebook in this process, running each check cell's mutants just before the cell.

    Returns ``{"outcomes": [[cell index, label, outcome], ...], "cell_errors": [...]}``; the
    notebook's own output goes wherever this process's stdout goes.
    """
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False
    shell = InteractiveShell.instance(config=config)
    notebook = nbformat.read(notebook_path, as_version=4)
    os.chdir(notebook_path.parent)
    outcomes, cell_errors = [], []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        for label, source in runs.get(index, []):
            outcomes.append([index, label, _run_forked(shell, source, mutant_timeout)])
        result = shell.run_cell(cell.source, store_history=True)
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            cell_errors.append(f"cell {index} raised {type(error).__name__}: {error}")
            break  # the rest of the notebook would run on a broken state
    return {"outcomes": outcomes, "cell_errors": cell_errors}


def run_in_subprocess(
    notebook_path: Path,
    spec_file: Path | None = None,
    timeout: float = NOTEBOOK_TIMEOUT,
    mutant_timeout: float = MUTANT_TIMEOUT,
) -> dict:
    """:func:`run_notebook` in a fresh Python process (a clean state, as a kernel has)."""
    notebook_path = Path(notebook_path).resolve()
    spec_file = Path(spec_file or spec_path(notebook_path)).resolve()
    env = dict(
        os.environ,
        MPLBACKEND="Agg",
        OPENBLAS_NUM_THREADS="1",
        OMP_NUM_THREADS="1",
        MKL_NUM_THREADS="1",
        PYTHONHASHSEED="0",
    )
    with tempfile.TemporaryDirectory() as tmp:
        env["IPYTHONDIR"] = tmp
        out, log = Path(tmp) / "result.json", Path(tmp) / "notebook-output.txt"
        with open(log, "w") as log_file:
            try:
                completed = subprocess.run(
                    [
                        sys.executable,
                        str(Path(__file__).resolve()),
                        str(notebook_path),
                        str(spec_file),
                        str(out),
                        str(mutant_timeout),
                    ],
                    stdout=log_file,
                    stderr=subprocess.STDOUT,
                    env=env,
                    timeout=timeout,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                return {
                    "outcomes": [],
                    "cell_errors": [f"the notebook did not finish in {timeout:.0f} s"],
                }
        if completed.returncode != 0 or not out.exists():
            tail = log.read_text(errors="replace")[-3000:]
            return {
                "outcomes": [],
                "cell_errors": [f"the runner failed ({completed.returncode}):\n{tail}"],
            }
        return json.loads(out.read_text())


# where tests/conftest.py keeps the session's BackgroundRuns
BACKGROUND_RUNS = pytest.StashKey()


class BackgroundRuns:
    """The chapters' mutant runs (:func:`run_in_subprocess`), started early, in the background.

    ``start(stems)`` queues the notebooks and starts one worker thread, so that on a 2-core
    machine they use the core the rest of the test session leaves idle; ``result(stem)`` waits for
    one and, while waiting, adds workers up to ``max_workers`` (the session has nothing else to do
    then).  Each worker takes the next queued notebook until none is left.
    """

    def __init__(self, max_workers: int | None = None):
        self.max_workers = max_workers or max(1, min(2, os.cpu_count() or 1))
        self._queue: list[Path] = []
        self._results: dict[str, Future] = {}
        self._lock = threading.Lock()
        self._workers = 0

    def start(self, stems) -> None:
        with self._lock:
            for path in CHAPTERS:
                if path.stem in stems and path.stem not in self._results:
                    self._results[path.stem] = Future()
                    self._queue.append(path)
        self._add_worker()

    def _add_worker(self) -> None:
        with self._lock:
            if self._workers >= self.max_workers or not self._queue:
                return
            self._workers += 1
        threading.Thread(target=self._work, name="mutant-runs", daemon=True).start()

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._workers -= 1
                    return
                path = self._queue.pop(0)
            future = self._results[path.stem]
            try:
                future.set_result(run_in_subprocess(path))
            except BaseException as error:  # reported by result(), never lost in a thread
                future.set_exception(error)

    def result(self, stem: str) -> dict:
        if stem not in self._results:
            self.start({stem})
        while self._workers < self.max_workers and self._queue:
            self._add_worker()
        return self._results[stem].result()


def failures(result: dict) -> list[str]:
    """Every outcome that is not a kill, and every error of the real cells."""
    found = list(result["cell_errors"])
    for index, label, outcome in result["outcomes"]:
        if outcome == SURVIVED:
            found.append(f"cell {index}: mutant survived (the cell passed): {label}")
        elif outcome != KILLED:
            found.append(
                f"cell {index}: mutant did not fail with AssertionError ({outcome}): {label}"
            )
    return found


def main(argv: list[str]) -> int:
    notebook_path, spec_file, out = (Path(arg) for arg in argv[:3])
    sys.path.insert(0, str(ROOT))  # this checkout's rankviz
    the_plan = plan(notebook_path, spec_file)
    result = run_notebook(notebook_path, the_plan.runs, float(argv[3]))
    out.write_text(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
