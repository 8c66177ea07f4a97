"""How ``pytest`` shares the suite between processes (pytest-xdist, ``-n auto`` in pyproject.toml).

Loaded for every pytest run in this checkout, whatever paths it is given, so that a notebook
run alone (``pytest notebooks/02_roc_auc.ipynb``) is scheduled the same way as in ``make test``.

* **Units of work.**  A worker takes one unit at a time, the next one when it is nearly idle.
  A notebook's nbval cells are one unit: they run in order, in one kernel.  Every test of the
  website is one unit: the site is built once, by the worker that runs them.  Any other test is
  a unit of its own.
* **Slow units.**  The notebooks under nbval, the browser tests, every test that reads the built
  website and the chapters' mutant runs carry the ``slow`` marker (:func:`is_slow_unit`), so that
  ``make test-fast`` (``pytest -m "not slow"``) leaves them out; a slow test of another kind is
  marked in its own file.
* **Longest first.**  The units are handed out in the order the workers collect them, and each
  worker sorts its collection by expected running time (:func:`expected_cost`), so that the long
  units (the chapters' mutant runs, the notebooks run in JupyterLab) start first and both cores
  stay busy until the end.
"""

from __future__ import annotations

import pytest

# every test that reads the built website (the session fixture ``built_site``)
SITE_TESTS = (
    "tests/test_site.py",
    "tests/browser/test_site_in_browser.py",
    "tests/browser/test_course_pdf.py",
    "tests/test_site_api.py",
    "tests/browser/test_site_navigation.py",
    "tests/browser/test_site_accessibility.py",
)
MUTANT_RUNS = "tests/test_mutants.py::test_every_mutant_makes_its_check_cell_fail"


def unit_of_work(nodeid: str) -> str:
    """The unit a test belongs to: its notebook, the website, or the test itself."""
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    if path in SITE_TESTS:
        return "website"
    return nodeid


def expected_cost(nodeid: str) -> int:
    """Rank of a test's unit by expected running time, longest first (0 is the longest).

    The website's tests (one build, then its pages in Chromium, the accessibility check and the
    course PDF: the longest unit, several minutes), the chapters' mutant runs (30-90 s each), the
    notebooks run in JupyterLab and the deck (20-60 s each), each notebook under nbval, then every
    other test.
    """
    path = nodeid.split("::", 1)[0]
    if unit_of_work(nodeid) == "website":
        return 0
    if nodeid.startswith(MUTANT_RUNS):
        return 1
    if path.startswith("tests/browser/"):
        return 2
    if path.endswith(".ipynb"):
        return 3
    return 4


def is_slow_unit(item) -> bool:
    """Whether a test belongs to a unit ``make test-fast`` leaves out: a notebook under nbval,
    a browser test, a test of the built website (the ``built_site`` fixture) or a mutant run."""
    path = item.nodeid.split("::", 1)[0]
    return (
        path.endswith(".ipynb")
        or path.startswith("tests/browser/")
        or "built_site" in getattr(item, "fixturenames", ())
        or item.nodeid.startswith(MUTANT_RUNS)
    )


def pytest_xdist_make_scheduler(config, log):
    """Schedule :func:`unit_of_work` units, in collection order (``--no-loadscope-reorder``)."""
    from xdist.scheduler import LoadScopeScheduling

    class CourseScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:  # the extension point of LoadScopeScheduling
            return unit_of_work(nodeid)

    return CourseScheduling(config, log)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark the slow units (before ``-m`` deselects), and in a pytest-xdist worker collect the
    longest units first (a stable sort: a unit's tests keep their order)."""
    for item in items:
        if is_slow_unit(item):
            item.add_marker(pytest.mark.slow)
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: expected_cost(item.nodeid))
