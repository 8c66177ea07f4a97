"""Shared test configuration: a non-interactive backend, hypothesis profiles, the built site."""

import os

import matplotlib
import numpy as np
import pytest
from hypothesis import HealthCheck, settings

matplotlib.use("Agg")

settings.register_profile(
    "rankviz",
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("rankviz")


@pytest.fixture
def rng():
    """A fresh, seeded generator for each test."""
    return np.random.default_rng(20261121)


def tied_bipartite_sample(rng, n, *, decimals=1, prevalence=0.4):
    """Labels with both classes present and scores rounded to create many ties."""
    y = (rng.random(n) < prevalence).astype(int)
    y[0], y[1] = 0, 1
    scores = np.round(rng.normal(size=n) + 0.7 * y, decimals)
    return y, scores


@pytest.fixture
def tied_sample():
    """Factory ``tied_sample(rng, n, decimals=1, prevalence=0.4) -> (labels, scores)``."""
    return tied_bipartite_sample


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The course website, built once per session from this checkout (``tests/site_build.py``).

    Skipped where the site builder (the dev extra's Sphinx, MyST-NB, ...) is not installed;
    with ``RANKVIZ_REQUIRE_SITE=1`` (set by ``.ci/run``) that fails instead.
    """
    from site_build import build_site, missing_builder

    missing = missing_builder()
    if missing:
        problem = (
            f"the site builder is not installed (missing {', '.join(missing)}; it is in "
            f"the dev extra: pip install -e '.[dev]')"
        )
        if os.environ.get("RANKVIZ_REQUIRE_SITE") == "1":
            pytest.fail(
                f"site tests are required here (RANKVIZ_REQUIRE_SITE=1) but {problem}",
                pytrace=False,
            )
        pytest.skip(f"site tests skipped: {problem}")
    return build_site(tmp_path_factory.mktemp("site"))


def pytest_collection_modifyitems(session, config, items):
    """In a single process, move the tests that wait for the notebooks' mutant runs last.

    ``tests/test_mutants.py`` runs every chapter once more with its committed mutants, in
    processes of their own.  Under pytest-xdist (``make test``) each chapter's run is a unit of
    work like any other (``conftest.py`` at the top of the checkout).  In a single process
    (``pytest -n 0``), they run in the background (``pytest_collection_finish``), on the core
    the rest of the session leaves idle, and the tests that wait for them come last.
    """
    from test_mutants import RUN_TEST

    if hasattr(config, "workerinput"):  # a pytest-xdist worker
        return
    waiting = [item for item in items if getattr(item, "originalname", None) == RUN_TEST]
    items[:] = [item for item in items if item not in waiting] + waiting


def pytest_collection_finish(session):
    """In a single process, start the mutant runs of the chapters the session still selects.

    This runs after every ``pytest_collection_modifyitems`` hook, ``-k`` and ``-m``
    deselection included, so that ``pytest -n 0 tests/test_mutants.py -k 05_`` runs chapter
    05's mutants only.
    """
    from mutants.harness import BACKGROUND_RUNS, BackgroundRuns
    from test_mutants import RUN_TEST, selected_chapters

    config = session.config
    if hasattr(config, "workerinput") or config.option.collectonly:
        return
    waiting = [item for item in session.items if getattr(item, "originalname", None) == RUN_TEST]
    if not waiting:
        return
    runs = BackgroundRuns()
    runs.start(selected_chapters(waiting))
    config.stash[BACKGROUND_RUNS] = runs
