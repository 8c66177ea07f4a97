"""The experiment of section 6.2 (Figure 3): does aggregating judgments pay?

Each run draws training data (:func:`rankviz.ustatistics.simulate_ranking_data`),
fits the minimiser of the U-statistic risk (19) for several orders ``k``, the
pairwise logistic fit (29) and the full-information regression, and scores every
fit by its NDCG risk on shared test queries; :class:`ExperimentResult` holds the
risks and the paired confidence bands of the comparison.

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013, section 6.2, eqs. (26)-(29) and Figure 3.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.stats import t as student_t

from rankviz._log_odds import SMOOTHINGS
from rankviz._progress import progress_bar
from rankviz._validation import (
    as_generator,
    check_array,
    check_choice,
    check_int,
    check_log_odds_smoothing,
    check_probability,
    check_progress,
    check_real,
)
from rankviz.ustatistics import (
    MAX_RIDGE,
    MAX_SGD_ITERATIONS,
    MAX_U_STATISTIC_TERMS,
    full_information_fit,
    ndcg_risk,
    pairwise_logistic_fit,
    sgd_u_statistic,
    simulate_ranking_data,
    u_statistic_minimizer,
)

__all__ = [
    "EXPERIMENT_DEFAULTS",
    "EXPERIMENT_SOLVERS",
    "MAX_EXPERIMENT_FITS",
    "ExperimentResult",
    "u_statistic_experiment",
]

#: Largest number of fits (``n_runs * (len(k_values) + 1)``) of :func:`u_statistic_experiment`.
MAX_EXPERIMENT_FITS = 10_000


@dataclass(frozen=True, eq=False)
class ExperimentResult:
    """NDCG risks of the three estimators of Figure 3 over repeated runs.

    Attributes
    ----------
    k_values : ndarray of int64, shape (K,)
        Orders of the U-statistic.
    u_statistic : ndarray of shape (runs, K)
        Risk of ``theta^reg_{n,k}``, the minimiser of (19) with the loss (28).
    logistic : ndarray of shape (runs,)
        Risk of ``theta^log_n``, the pairwise logistic fit (29).
    full : ndarray of shape (runs,)
        Risk of ``theta^full``, the regression on the limit scores (27).
    settings : dict
        The arguments of :func:`u_statistic_experiment`.
    """

    k_values: np.ndarray
    u_statistic: np.ndarray
    logistic: np.ndarray
    full: np.ndarray
    settings: dict

    @property
    def n_runs(self) -> int:
        """Number of repetitions."""
        return int(self.logistic.size)

    def band(self, values, level=0.95):
        """Mean and t confidence interval over the runs (axis 0).

        Parameters
        ----------
        values : array_like of shape (runs,) or (runs, columns)
            One of the result arrays, or a difference of them (or some of their
            columns): one row per run.
        level : float, default 0.95
            Confidence level in (0, 1).

        Returns
        -------
        (mean, lower, upper) : tuple of float or ndarray
            With a single run the interval collapses to the mean.
        """
        level = check_probability(level, "level", open_interval=True)
        arr = check_array(values, "values", ndim=(1, 2))
        if arr.shape[0] != self.n_runs:
            raise ValueError(
                f"values must have one row per run ({self.n_runs}), got shape {arr.shape}"
            )
        with np.errstate(over="ignore", invalid="ignore"):
            mean = arr.mean(axis=0)
            if arr.shape[0] < 2:
                half = np.zeros_like(mean)
            else:
                half = (
                    student_t.ppf(0.5 + level / 2, arr.shape[0] - 1)
                    * arr.std(axis=0, ddof=1)
                    / math.sqrt(arr.shape[0])
                )
        if not (np.isfinite(mean).all() and np.isfinite(half).all()):
            raise ValueError(
                "values has entries too large in magnitude: the mean or the interval overflows"
            )
        if arr.shape[0] < 2:
            return mean, mean, mean
        return mean, mean - half, mean + half

    def beats_logistic(self, level=0.95):
        """Which orders k beat the logistic fit: the paired difference's interval lies below 0.

        Returns
        -------
        ndarray of bool, shape (K,)
            True where the upper end of the ``level`` interval of
            ``u_statistic[:, k] - logistic`` (same data in each run) is negative.
        """
        _, _, upper = self.band(self.u_statistic - self.logistic[:, None], level)
        return np.atleast_1d(upper < 0)

    def first_k_beating_logistic(self, level=0.95):
        """The smallest order from which every larger order beats the logistic fit, or None."""
        beats = self.beats_logistic(level)
        if not beats[-1]:
            return None
        last_fail = np.flatnonzero(~beats)
        start = 0 if last_fail.size == 0 else int(last_fail[-1]) + 1
        return int(self.k_values[start])

    def __repr__(self) -> str:
        means = ", ".join(
            f"k={k}: {v:.4f}"
            for k, v in zip(self.k_values, self.u_statistic.mean(axis=0), strict=True)
        )
        return (
            f"ExperimentResult(runs={self.n_runs}, mean NDCG risk: logistic "
            f"{self.logistic.mean():.4f}, full information {self.full.mean():.4f}, "
            f"U-statistic {means})"
        )


#: Default settings of :func:`u_statistic_experiment` (the notebook's small version).
EXPERIMENT_DEFAULTS = {
    "n_runs": 6,
    "n_queries": 40,
    "n_items": 20,
    "n_features": 6,
    "n_judgments": 40_000,
    "nonlinearity": 2.0,
    "c": 0.5,
    "smoothing": "counts",
    "lam": 1e-3,
    "n_subsets": 64,
    "n_test_queries": 500,
    "solver": "subsets",
    "sgd_iterations": 3000,
}

#: How :func:`u_statistic_experiment` minimises (19).
EXPERIMENT_SOLVERS = ("subsets", "sgd")


def u_statistic_experiment(
    k_values=(1, 10, 30, 100, 300, 1000), *, rng=0, progress=None, **settings
):
    """Run the experiment of section 6.2 (Figure 3) on generated data.

    Each run draws training data
    (:func:`rankviz.ustatistics.simulate_ranking_data`) and fits
    ``theta^reg_{n,k}`` for every ``k`` (the U-statistic risk (19) with the
    regression loss (28)), ``theta^log_n`` (the pairwise logistic loss (29) on all
    judgments) and ``theta^full`` (the regression on the limit scores (27)); each
    fit is scored by its NDCG risk (:func:`rankviz.ustatistics.ndcg_risk`) on one set
    of fresh test queries shared by all runs.

    Parameters
    ----------
    k_values : sequence of int, default (1, 10, 30, 100, 300, 1000)
        Orders of the U-statistic, each >= 1; ``n_runs * (len(k_values) + 1)`` fits
        at most :data:`MAX_EXPERIMENT_FITS`.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    progress : bool or None, optional
        Show a ``tqdm.auto`` progress bar over the fits; by default when there are
        more than 60 of them.
    **settings
        Overrides of :data:`EXPERIMENT_DEFAULTS`: ``n_runs``, ``n_queries``,
        ``n_items``, ``n_features``, ``n_judgments``, ``nonlinearity`` (the data);
        ``c``, ``smoothing``, ``lam`` (the risk); ``n_subsets`` (subsets per query
        of the sampled U-statistic); ``n_test_queries``; ``solver``: "subsets"
        (:func:`rankviz.ustatistics.u_statistic_minimizer` with ``n_subsets``) or "sgd"
        (:func:`rankviz.ustatistics.sgd_u_statistic` with ``sgd_iterations`` steps).

    Returns
    -------
    ExperimentResult

    Raises
    ------
    TypeError, ValueError
        If a setting is unknown or invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 6.2, eqs. (26)-(29) and Figure 3.

    Examples
    --------
    >>> result = u_statistic_experiment((1, 50), n_runs=2, n_queries=4, n_judgments=400,
    ...                                 n_test_queries=20)
    >>> result.u_statistic.shape, result.logistic.shape
    ((2, 2), (2,))
    """
    unknown = set(settings) - set(EXPERIMENT_DEFAULTS)
    if unknown:
        raise TypeError(
            f"u_statistic_experiment got unknown settings {sorted(unknown)}; "
            f"known: {sorted(EXPERIMENT_DEFAULTS)}"
        )
    s = {**EXPERIMENT_DEFAULTS, **settings}
    ks = check_array(k_values, "k_values", ndim=1, dtype="int")
    if ks.min() < 1:
        raise ValueError(f"k_values must hold orders >= 1, got {ks.min()}")
    runs = check_int(s["n_runs"], "n_runs", minimum=1)
    if runs * (ks.size + 1) > MAX_EXPERIMENT_FITS:
        raise ValueError(
            f"n_runs * (len(k_values) + 1) = {runs * (ks.size + 1):,} fits; at most "
            f"MAX_EXPERIMENT_FITS = {MAX_EXPERIMENT_FITS:,} are supported"
        )
    solver = check_choice(s["solver"], "solver", EXPERIMENT_SOLVERS)
    c, smoothing = check_log_odds_smoothing(s["c"], s["smoothing"], SMOOTHINGS)
    lam = check_real(s["lam"], "lam", nonnegative=True, maximum=MAX_RIDGE)
    n_subsets = check_int(s["n_subsets"], "n_subsets", minimum=1, maximum=MAX_U_STATISTIC_TERMS)
    iterations = check_int(
        s["sgd_iterations"], "sgd_iterations", minimum=1, maximum=MAX_SGD_ITERATIONS
    )
    show_default = runs * (ks.size + 1) > 60
    show = check_progress(progress, show_default)
    gen = as_generator(rng)
    shape = (s["n_queries"], s["n_items"], s["n_features"])
    test = simulate_ranking_data(
        s["n_test_queries"], *shape[1:], 0, gen, nonlinearity=s["nonlinearity"]
    )
    u_risks = np.empty((runs, ks.size))
    logistic, full = np.empty(runs), np.empty(runs)
    fits = [(run, j) for run in range(runs) for j in range(-1, ks.size)]
    data = None
    for run, j in progress_bar(fits, show, "section 6.2 experiment"):
        if j == -1:  # a new run: fresh data and the two references
            data = simulate_ranking_data(
                *shape, s["n_judgments"], gen, nonlinearity=s["nonlinearity"]
            )
            logistic[run] = ndcg_risk(pairwise_logistic_fit(data, lam=lam), test)
            full[run] = ndcg_risk(full_information_fit(data, lam=lam), test)
            continue
        k = int(ks[j])
        if solver == "subsets":
            theta = u_statistic_minimizer(
                data, k, c=c, smoothing=smoothing, lam=lam, n_subsets=n_subsets, rng=gen
            )
        else:
            theta = sgd_u_statistic(
                data,
                k,
                c=c,
                smoothing=smoothing,
                lam=lam,
                n_iterations=iterations,
                rng=gen,
                progress=False,
            ).theta
        u_risks[run, j] = ndcg_risk(theta, test)
    return ExperimentResult(ks, u_risks, logistic, full, dict(s))
