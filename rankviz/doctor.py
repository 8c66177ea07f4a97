"""Pre-class check: ``python -m rankviz doctor``.

Prints the versions of Python and of the packages the chapters need, the cvxpy
solvers installed (and whether the ones the chapters use are among them),
whether JupyterLab has the extensions the course uses (ipywidgets, and
jupyterlab-slideshow for the classroom deck as slides) and whether its ``python3``
kernel is this Python, and runs one tiny computation per chapter.  The exit
status is 0 when everything a lesson needs is present; otherwise it is 1 and
each missing piece gets a one-line fix.
"""

from __future__ import annotations

import importlib
import importlib.metadata as metadata
import os
import platform
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from rankviz.chapters import CHAPTERS, chapter_table

__all__ = ["CHAPTER_CHECKS", "LAB_EXTENSIONS", "REQUIRED_SOLVERS", "Finding", "main", "run_checks"]

#: cvxpy solvers the chapters call, with what they are used for.
REQUIRED_SOLVERS = {
    "CLARABEL": "quadratic, second-order and exponential-cone problems (the default solver)",
    "SCS": "fallback for exponential-cone problems",
    "OSQP": "quadratic programs",
}

#: JupyterLab extensions the course uses: the name in the report, the extension's folder
#: under a ``labextensions`` directory, and the fix.
LAB_EXTENSIONS = {
    "ipywidgets extension": (
        "@jupyter-widgets/jupyterlab-manager",
        "pip install 'jupyterlab_widgets>=3' 'ipywidgets>=8' and restart JupyterLab",
    ),
    "slides extension": (
        "jupyterlab-slideshow",
        "pip install 'jupyterlab-slideshow>=0.3.4' and restart JupyterLab (the deck's slides)",
    ),
}

_FIX_INSTALL = "run `make lab` or `make test` (they reinstall .venv), or: pip install -e '.[dev]'"


@dataclass(frozen=True)
class Finding:
    """One line of the doctor's report."""

    section: str
    name: str
    ok: bool
    detail: str
    fix: str = ""


def _version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def _requirements() -> list[tuple[str, str]]:
    """(distribution, lower bound) of rankviz's runtime requirements, from its metadata."""
    found = []
    for requirement in metadata.requires("rankviz") or []:
        if "extra ==" in requirement:
            continue
        match = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(?:>=\s*([0-9][^,;\s]*))?", requirement)
        if match:
            found.append((match.group(1), match.group(2) or "0"))
    return found


def check_python() -> list[Finding]:
    ok = sys.version_info >= (3, 10)
    return [
        Finding(
            "environment",
            "Python",
            ok,
            f"{platform.python_version()} at {sys.executable}",
            "" if ok else "rankviz needs Python >= 3.10: make lab PYTHON=python3.11",
        )
    ]


def check_packages() -> list[Finding]:
    findings = []
    try:
        requirements = _requirements()
    except metadata.PackageNotFoundError:
        return [Finding("packages", "rankviz", False, "not installed", _FIX_INSTALL)]
    findings.append(Finding("packages", "rankviz", True, metadata.version("rankviz")))
    for distribution, minimum in requirements:
        try:
            installed = metadata.version(distribution)
        except metadata.PackageNotFoundError:
            fix = f"pip install '{distribution}>={minimum}'  (or {_FIX_INSTALL})"
            findings.append(Finding("packages", distribution, False, "missing", fix))
            continue
        ok = _version_tuple(installed) >= _version_tuple(minimum)
        findings.append(
            Finding(
                "packages",
                distribution,
                ok,
                f"{installed} (needs >= {minimum})",
                "" if ok else f"pip install --upgrade '{distribution}>={minimum}'",
            )
        )
    return findings


def check_solvers() -> list[Finding]:
    try:
        import cvxpy
    except ImportError:
        return [Finding("cvxpy solvers", "cvxpy", False, "cvxpy is not installed", _FIX_INSTALL)]
    installed = set(cvxpy.installed_solvers())
    findings = [Finding("cvxpy solvers", "installed", True, ", ".join(sorted(installed)))]
    for solver, use in REQUIRED_SOLVERS.items():
        ok = solver in installed
        findings.append(
            Finding(
                "cvxpy solvers",
                solver,
                ok,
                use,
                ""
                if ok
                else f"pip install {solver.lower()}  (cvxpy's default "
                "solvers come with: pip install cvxpy)",
            )
        )
    return findings


def check_jupyter() -> list[Finding]:
    findings = []
    try:
        from jupyter_core.paths import jupyter_path
    except ImportError:
        return [Finding("jupyter", "jupyter_core", False, "missing", _FIX_INSTALL)]
    for name, (extension, fix) in LAB_EXTENSIONS.items():
        roots = jupyter_path("labextensions")
        found = next(
            (root for root in roots if os.path.isdir(os.path.join(root, *extension.split("/")))),
            None,
        )
        findings.append(
            Finding(
                "jupyter",
                name,
                found is not None,
                f"found in {found}" if found else "not found",
                "" if found else fix,
            )
        )
    try:
        from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

        spec = KernelSpecManager().get_kernel_spec("python3")
        kernel_python = spec.argv[0]
        if kernel_python in {"python", "python3"}:  # jupyter_client runs these as sys.executable
            kernel_python = sys.executable
        same = os.path.realpath(kernel_python) == os.path.realpath(sys.executable)
        findings.append(
            Finding(
                "jupyter",
                "python3 kernel",
                same,
                f"runs {kernel_python}",
                ""
                if same
                else f"the notebooks' kernel is another Python: {sys.executable} -m "
                "ipykernel install --user --name python3",
            )
        )
    except (ImportError, NoSuchKernel) as exc:
        findings.append(
            Finding(
                "jupyter",
                "python3 kernel",
                False,
                f"not available ({exc})",
                f"{sys.executable} -m pip install ipykernel",
            )
        )
    return findings


# --------------------------------------------------------------------------- #
# one tiny computation per chapter
# --------------------------------------------------------------------------- #
def _dashboard_responds(name: str) -> str:
    """Build a registered dashboard, move its first slider one step, check it redrew."""
    import ipywidgets

    import rankviz.widgets

    dash = getattr(rankviz.widgets, name)()
    picture = bytes(dash.image.value)
    slider = next(
        c
        for c in dash.controls.values()
        if isinstance(c, (ipywidgets.FloatSlider, ipywidgets.IntSlider))
    )
    step = slider.step if slider.value < slider.max else -slider.step
    slider.value = slider.value + step
    assert dash.error is None, dash.error
    assert bytes(dash.image.value) != picture, f"{name} did not redraw"
    return f"{name} redraws in {dash.last_update_seconds * 1e3:.0f} ms"


def _chapter_01() -> str:
    from rankviz.measures import ndcg

    ideal = ndcg([3, 2, 1, 0], [4.0, 3.0, 2.0, 1.0])
    assert ideal == 1.0, ideal
    return f"NDCG of the ideal ranking {ideal}"


def _chapter_02() -> str:
    from rankviz.distributions import Binormal
    from rankviz.metrics import auc

    value = auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    assert value == 0.75, value
    assert abs(Binormal(1.0, 1.0, 0.0, 1.0).auc() - 0.7602) < 1e-4
    return f"AUC of a toy sample {value}"


def _chapter_03() -> str:
    import numpy as np

    from rankviz.rankboost import bipartite_rankboost

    rng = np.random.default_rng(0)
    model = bipartite_rankboost(rng.normal(1.0, 1.0, (30, 2)), rng.normal(0.0, 1.0, (30, 2)), 10)
    history = model.history
    assert np.all(history.error <= history.product_Z + 1e-12), history  # Theorem 10.3
    return (
        f"10 rounds of bipartite RankBoost, training error {history.error[-1]:.3f} <= "
        f"prod Z {history.product_Z[-1]:.3f}"
    )


def _chapter_04() -> str:
    import numpy as np

    from rankviz.ranksvm import rank_svm, rank_svm_dual

    rng = np.random.default_rng(0)
    X = rng.normal(size=(12, 2))
    pairs = np.array([(a, b) for a in range(12) for b in range(a + 1, 12)])[::3]
    labels = np.where(X[pairs[:, 1], 0] > X[pairs[:, 0], 0], 1, -1)
    primal = rank_svm(X, pairs, labels, C=1.0)
    dual = rank_svm_dual(X, pairs, labels, C=1.0)
    gap = abs(primal.objective - dual.objective)
    assert gap < 1e-4 * max(1.0, abs(primal.objective)), (primal.objective, dual.objective)
    return f"ranking SVM primal {primal.objective:.4f} = dual (10.10) {dual.objective:.4f}"


def _chapter_05() -> str:
    from rankviz.preference import cyclic_preference, preference_from_sigma
    from rankviz.quicksort import expected_quicksort_loss

    target = [0, 1, 2, 3]
    exact = expected_quicksort_loss(preference_from_sigma(target), target)
    assert exact == 0.0, exact
    cycle = expected_quicksort_loss(cyclic_preference(3), [0, 1, 2])
    assert 0.0 < cycle < 1.0, cycle
    return f"QuickSort on a 3-cycle: expected loss {cycle:.3f}"


def _chapter_06() -> str:
    import numpy as np

    from rankviz.bayes import map_loss
    from rankviz.calibration import is_calibrated_at
    from rankviz.surrogates import squared_surrogate

    # Seed 002's MAP counterexample: sorting E[y] is not Bayes-optimal for w in (5/13, 1/2)
    labels = np.array([[0, 0, 1], [1, 1, 0]])
    check = is_calibrated_at(map_loss(), squared_surrogate("relevance"), labels, [0.45, 0.55])
    assert not check.calibrated and check.regret > 0, check
    return f"sorting E[y] for MAP misses the Bayes set (regret {check.regret:.3f})"


def _chapter_07() -> str:
    from rankviz.consistency import is_low_noise, mean_adjacency
    from rankviz.counterexamples import find_low_noise_counterexample

    found = find_low_noise_counterexample("logistic", "pairwise", 3, rng=0)
    assert found is not None and is_low_noise(mean_adjacency(found.distribution)), found
    return f"a low-noise counterexample for the logistic surrogate (edge {found.pair})"


def _chapter_08() -> str:
    import choix  # noqa: F401 - the BTL library chapter 08 checks its fits against
    import numpy as np

    from rankviz.aggregation import (
        probability_differences,
        simulate_btl_comparisons,
        thurstone_mosteller_scores,
        win_counts,
    )

    strengths = np.array([2.0, 1.0, 0.0, -1.0, -2.0])
    outcomes = simulate_btl_comparisons(strengths, 200, rng=0)
    scores = thurstone_mosteller_scores(probability_differences(win_counts(outcomes, 5)))
    assert np.all(np.diff(scores) < 0), scores  # the true order is recovered
    return "least squares (22) recovers a 5-item BTL order"


def _chapter_09() -> str:
    import numpy as np

    from rankviz.scheduling import brute_force_schedule

    weights = np.array([[0, 2, 4, 6], [0, 0, 1, 3], [0, 0, 0, 2], [0, 0, 0, 0]], dtype=float)
    best = brute_force_schedule(weights, [0, 1, 4, 4])
    assert best.loss == 5.0, best
    return f"optimal schedule loss {best.loss:g}"


def _chapter_10() -> str:
    import numpy as np

    from rankviz.lambdamart import lightgbm_lambdarank
    from rankviz.listwise import delta_ndcg, lambdarank_gradient
    from rankviz.query_data import synthetic_queries

    # three documents graded 2, 1, 0, all scored 0: each pair pulls with force |Delta NDCG| / 2
    lambdas = -lambdarank_gradient([0.0, 0.0, 0.0], [2, 1, 0])
    delta = delta_ndcg([0.0, 0.0, 0.0], [2, 1, 0])
    assert np.isclose(lambdas[0], (delta[0, 1] + delta[0, 2]) / 2), lambdas
    assert abs(lambdas.sum()) < 1e-12 and lambdas[0] > 0 > lambdas[2], lambdas
    # LightGBM's lambdarank, the library the chapter compares with, trains
    data = synthetic_queries(4, rng=0)
    ranker = lightgbm_lambdarank(data.X, data.labels, data.boundaries, 2, min_leaf_documents=5)
    assert np.all(np.isfinite(ranker.decision_function(data.X)))
    return f"LambdaRank's lambdas of a 3-document query {np.round(lambdas, 3).tolist()}"


def _with_dashboards(check: Callable[[], str], dashboards: tuple[str, ...]) -> Callable[[], str]:
    """A chapter's computation, then a change on each of its dashboards (its registry entry)."""

    def run() -> str:
        return "; ".join([check(), *(_dashboard_responds(name) for name in dashboards)])

    return run


#: chapter number -> tiny computation returning a one-line summary (raises on failure)
_CHECKS_BY_NUMBER: dict[int, Callable[[], str]] = {
    1: _chapter_01,
    2: _chapter_02,
    3: _chapter_03,
    4: _chapter_04,
    5: _chapter_05,
    6: _chapter_06,
    7: _chapter_07,
    8: _chapter_08,
    9: _chapter_09,
    10: _chapter_10,
}

#: "NN short title" of each chapter of :data:`rankviz.chapters.CHAPTERS` -> its tiny computation
CHAPTER_CHECKS: dict[str, Callable[[], str]] = {
    f"{c.number:02d} {c.short_title}": _with_dashboards(_CHECKS_BY_NUMBER[c.number], c.dashboards)
    for c in CHAPTERS
}


def check_chapters() -> list[Finding]:
    findings = []
    for chapter, check in CHAPTER_CHECKS.items():
        start = time.perf_counter()
        try:
            summary = check()
            ok = True
        except Exception as exc:  # report every failure, whatever it is
            summary, ok = f"{type(exc).__name__}: {exc}", False
        elapsed = time.perf_counter() - start
        findings.append(
            Finding(
                "chapters",
                chapter,
                ok,
                f"{summary} ({elapsed:.1f} s)" if ok else summary,
                ""
                if ok
                else f"{_FIX_INSTALL}; if it persists, run make test and report the failure",
            )
        )
    return findings


def run_checks() -> list[Finding]:
    """Every check, in the order of the report."""
    findings = []
    for check in (check_python, check_packages, check_solvers, check_jupyter, check_chapters):
        findings.extend(check())
    return findings


def _report(findings: list[Finding], out) -> None:
    section = None
    width = max((len(finding.name) for finding in findings), default=0)
    for finding in findings:
        if finding.section != section:
            section = finding.section
            print(f"\n{section}", file=out)
        mark = "ok " if finding.ok else "!! "
        print(f"  {mark} {finding.name:<{width}} {finding.detail}", file=out)
    problems = [f for f in findings if not f.ok]
    print("", file=out)
    if problems:
        print(f"{len(problems)} problem(s) to fix before class:", file=out)
        for finding in problems:
            print(f"  - {finding.name}: {finding.fix}", file=out)
    else:
        print("Everything a lesson needs is present.", file=out)


def main(argv: list[str] | None = None, out=None) -> int:
    """Entry point of ``python -m rankviz``; returns the exit status.

    Parameters
    ----------
    argv : list of str, optional
        The command line after the program name (e.g. ``["doctor"]``); by default
        ``sys.argv[1:]``.
    out : text stream, optional
        Where the report goes (an object with a ``write`` method); by default stdout.

    Returns
    -------
    int
        0 when everything a lesson needs is present, 1 otherwise.

    Raises
    ------
    TypeError
        If ``argv`` is not a list of strings or ``out`` has no ``write`` method.
    ValueError
        If ``argv`` is given and is not a valid command line (on the real command
        line, with ``argv=None``, argparse prints the usage and exits instead).
    """
    import argparse

    if argv is not None and (
        not isinstance(argv, (list, tuple)) or not all(isinstance(a, str) for a in argv)
    ):
        raise TypeError(
            f"argv must be a list of strings such as ['doctor'], got {type(argv).__name__}"
        )
    if out is not None and not callable(getattr(out, "write", None)):
        raise TypeError(f"out must be a text stream with a write method, got {type(out).__name__}")
    out = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m rankviz", description="Tools for the rankviz course."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("doctor", help="check that this machine is ready for a lesson")
    commands.add_parser(
        "chapters", help="print the README's chapter table (rankviz.chapters), to paste there"
    )
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        if argv is None or exc.code == 0:  # the real command line, or --help
            raise
        raise ValueError(
            f"argv is not a valid command line: {argv!r} (the commands are 'doctor' and 'chapters')"
        ) from None
    if args.command == "doctor":
        importlib.import_module("matplotlib").use("Agg")
        print(f"rankviz doctor: {platform.platform()}", file=out)
        findings = run_checks()
        _report(findings, out)
        return 0 if all(f.ok for f in findings) else 1
    if args.command == "chapters":
        print(chapter_table(), file=out)
        return 0
    return 2  # pragma: no cover - argparse rejects unknown commands
