"""Every check cell of the chapters can fail: its committed mutants make it raise AssertionError.

The mutants live in ``tests/mutants/<notebook stem>.yaml``; ``tests/mutants/harness.py`` says what a
mutant may change and how the notebooks are run.  Three tests per chapter:

* the spec is well formed, every mutant applies to exactly one check cell without touching an
  assertion, and every check cell has a mutant (or is listed as a demonstration, with its reason);
* run once, top to bottom, with every mutant executed in place (in a forked copy of the process
  at that cell), every mutant makes its cell raise ``AssertionError``: none survives, none raises
  anything else, none hangs.

The notebooks run in processes of their own. ``tests/conftest.py`` starts them in the background
as soon as the session is collected, one at a time while the other tests run, and moves the tests
that wait for them to the end of the session, when a second one may run beside the first.  The
last tests run the harness on small synthetic notebooks, to show that it fails on a surviving
mutant, a check cell without a mutant, a mutant that edits an assert, a mutant that raises the
wrong exception and a mutant that hangs.
"""

from __future__ import annotations

import textwrap

import nbformat
import pytest
from mutants.harness import (
    BACKGROUND_RUNS,
    CHAPTERS,
    KILLED,
    SPEC_DIR,
    SURVIVED,
    BackgroundRuns,
    failures,
    plan,
    run_in_subprocess,
    spec_path,
)

RUN_TEST = "test_every_mutant_makes_its_check_cell_fail"


def selected_chapters(items) -> set[str]:
    """The chapters whose mutant runs a collected session will need."""
    return {item.callspec.params["path"].stem for item in items if item.originalname == RUN_TEST}


@pytest.fixture(scope="session")
def mutant_runs(request):
    """The session's :class:`~mutants.harness.BackgroundRuns` (started by ``tests/conftest.py``).

    In a pytest-xdist worker, each chapter's run starts when its test asks for it: the worker
    has this one unit of work to do.
    """
    runs = request.config.stash.get(BACKGROUND_RUNS, None)
    if runs is None:
        runs = BackgroundRuns(max_workers=1)
        if not hasattr(request.config, "workerinput"):
            runs.start(selected_chapters(request.session.items))
    return runs


def test_every_chapter_has_a_spec_and_every_spec_a_chapter():
    stems = {path.stem for path in CHAPTERS}
    specs = {path.stem for path in SPEC_DIR.glob("*.yaml")}
    assert stems - specs == set(), (
        f"chapters without tests/mutants/<stem>.yaml: {sorted(stems - specs)}"
    )
    assert specs - stems == set(), f"mutant specs for no chapter: {sorted(specs - stems)}"


@pytest.mark.slow
@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_check_cell_has_a_mutant_that_only_changes_an_input_or_a_side(path):
    problems = plan(path).problems
    assert not problems, f"{spec_path(path).name}:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_mutant_makes_its_check_cell_fail(path, mutant_runs):
    result = mutant_runs.result(path.stem)
    found = failures(result)
    assert not found, f"{path.name}:\n  " + "\n  ".join(found)
    assert result["outcomes"], f"{path.name}: no mutant ran"


# The harness itself, on synthetic notebooks whose outcome is known.


def _notebook(tmp_path, *cells):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(textwrap.dedent(cell).strip()) for cell in cells]
    path = tmp_path / "toy.ipynb"
    nbformat.write(notebook, path)
    return path


def _spec(tmp_path, text):
    path = tmp_path / "toy.yaml"
    path.write_text(textwrap.dedent(text))
    return path


TOY_CELLS = (
    """
    import math
    x = [3, 1, 2]
    """,
    """
    # check: Toy sort
    # sorting puts the smallest first
    s = sorted(x)
    assert s[0] == min(x)
    """,
    """
    # check: Toy bound
    # |sin| <= 1 with room to spare at this point
    value = math.sin(0.5)
    assert abs(value) <= 1
    """,
)


@pytest.mark.slow
def test_harness_reports_a_killed_a_surviving_and_an_erroring_mutant(tmp_path):
    notebook = _notebook(tmp_path, *TOY_CELLS)
    spec = _spec(
        tmp_path,
        """
        mutants:
          - check: Toy sort
            why: sorting in decreasing order puts the largest first
            old: "sorted(x)"
            new: "sorted(x, reverse=True)"
          - check: Toy bound
            why: a weaker input that the slack absorbs, so the mutant survives
            old: "math.sin(0.5)"
            new: "math.sin(0.4)"
          - check: Toy bound
            why: an input outside the domain raises a ValueError, not an AssertionError
            insert: "value = math.sqrt(-1)"
            before: "assert"
        """,
    )
    the_plan = plan(notebook, spec)
    assert the_plan.problems == []
    outcomes = [outcome for _, _, outcome in run_in_subprocess(notebook, spec)["outcomes"]]
    assert outcomes[:2] == [KILLED, SURVIVED]
    assert outcomes[2].startswith("error: ValueError")
    found = failures({"outcomes": [[2, "x", outcome] for outcome in outcomes], "cell_errors": []})
    assert len(found) == 2


def test_harness_rejects_a_check_cell_without_a_mutant_and_a_mutant_of_an_assert(tmp_path):
    notebook = _notebook(tmp_path, *TOY_CELLS)
    spec = _spec(
        tmp_path,
        """
        mutants:
          - check: Toy sort
            why: editing the assert itself is not a mutant of the claim
            old: "s[0] == min(x)"
            new: "s[0] == max(x)"
          - check: Toy sort
            why: an anchor that is not in the cell cannot pick it
            old: "not in the cell"
            new: "anything"
        """,
    )
    problems = plan(notebook, spec).problems
    assert any("changes an assertion" in problem for problem in problems)
    assert any("anchor is in 0 of the 1 cells" in problem for problem in problems)
    assert any("[Toy sort] has no mutant" in problem for problem in problems)
    assert any("[Toy bound] has no mutant" in problem for problem in problems)


def test_harness_accepts_a_listed_demonstration_only_if_its_prose_does_not_call_it_a_check(
    tmp_path,
):
    notebook = _notebook(tmp_path, *TOY_CELLS)
    spec = _spec(
        tmp_path,
        """
        mutants:
          - check: Toy sort
            why: sorting in decreasing order puts the largest first
            old: "sorted(x)"
            new: "sorted(x, reverse=True)"
        demonstrations:
          - check: Toy bound
            why: shown for the picture only, nothing here could fail
        """,
    )
    assert plan(notebook, spec).problems == []
    notebook = _notebook(
        tmp_path, *TOY_CELLS[:2], TOY_CELLS[2].replace("# |sin|", "# we check |sin|")
    )
    assert any("still call it a check" in problem for problem in plan(notebook, spec).problems)


@pytest.mark.slow
def test_harness_reports_a_hang_and_stops_at_a_failing_real_cell(tmp_path):
    loop = """
    # check: Toy loop
    # counting down from len(x) ends at 3
    n = len(x)
    while n > 3:
        n -= 1
    assert n <= 3
    """
    notebook = _notebook(tmp_path, TOY_CELLS[0], loop, "raise RuntimeError('boom')", TOY_CELLS[1])
    spec = _spec(
        tmp_path,
        """
        mutants:
          - check: Toy loop
            why: counting down from infinity never ends, so the cell hangs
            insert: "n = float('inf')"
            before: "while"
          - check: Toy sort
            why: never run, the notebook stops at the failing cell before it
            old: "sorted(x)"
            new: "sorted(x, reverse=True)"
        """,
    )
    result = run_in_subprocess(notebook, spec, mutant_timeout=3)
    assert [outcome for _, _, outcome in result["outcomes"]] == ["hang: no result after 3 s"]
    assert result["cell_errors"] == ["cell 2 raised RuntimeError: boom"]
    assert len(failures(result)) == 2
