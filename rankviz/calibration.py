"""Calibration of a surrogate: is pred of its minimiser Bayes-optimal?  (Chapter 06.)

A surrogate (:mod:`rankviz.surrogates`) is **calibrated at** a label distribution when
``pred`` of the minimiser of its conditional risk is in the Bayes set of the target loss
(:mod:`rankviz.bayes`): :func:`is_calibrated_at` checks one distribution,
:func:`calibration_regret` gives the conditional regret of pred over a batch of them,
:func:`find_calibration_counterexample` searches for a distribution where a surrogate is
not calibrated (a :class:`CalibrationCounterexample`), and
:func:`structure_consistency_gap` computes the gap of Duchi et al.'s Definition 3 with
cvxpy.  :func:`satisfies_map_reinforcement` is Ramaswamy et al.'s noise condition under
which the MAP surrogate is calibrated, :func:`ndcg_regression_bound` the least-squares
regret bound for NDCG, and :func:`simplex_triangulation` cuts the triangle of mixtures of
three labels into small triangles on which calibration maps are drawn.

References
----------
Seed 002 ("A survey of ranking algorithms"), sections 1 and 3 (pred, l-calibration,
Precision@q and MAP); Ramaswamy, Agarwal and Tewari, NIPS 2013; Duchi, Mackey and
Jordan (2013), section 3 (Definitions 1-3, Theorem 1, Proposition 2, Corollary 1,
eqs. (14), (16), Lemma 1); seed 001 ("NDCG"), the least-squares surrogate.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

from rankviz._solvers import check_solver, solve
from rankviz._validation import (
    MAX_MAGNITUDE,
    as_generator,
    as_probability_rows,
    check_array,
    check_choice,
    check_instance,
    check_int,
    check_label_set,
    check_real,
)
from rankviz.bayes import (
    DEFAULT_TOL,
    MAX_RISK_ENUMERATION,
    conditional_risk,
    loss_matrix,
    ndcg_loss,
)
from rankviz.measures import GAINS, dcg_discounts
from rankviz.permutations import all_permutations
from rankviz.suboptimality import order_cone_distance
from rankviz.surrogates import (
    Surrogate,
    SurrogateMinimizer,
    pred_sort,
    squared_surrogate,
    surrogate_minimizer,
)

__all__ = [
    "MAX_INSTANCES",
    "MAX_TRIALS",
    "CalibrationCheck",
    "CalibrationCounterexample",
    "NdcgRegressionBound",
    "SimplexTriangulation",
    "calibration_regret",
    "find_calibration_counterexample",
    "is_calibrated_at",
    "largest_ndcg_surrogate_ratio",
    "ndcg_regression_bound",
    "ndcg_regression_instances",
    "ndcg_sharp_constant",
    "ndcg_sharp_instance",
    "ndcg_surrogate_ratio",
    "satisfies_map_reinforcement",
    "simplex_triangulation",
    "structure_consistency_gap",
]

#: Largest number of random distributions :func:`find_calibration_counterexample` tries.
MAX_TRIALS = 100_000


# --------------------------------------------------------------------------- #
# calibration
# --------------------------------------------------------------------------- #
def _permutation_index(sigmas: np.ndarray) -> np.ndarray:
    """Row index of each permutation in ``all_permutations(n)`` (its Lehmer code)."""
    n = sigmas.shape[1]
    smaller_after = (sigmas[:, None, :] < sigmas[:, :, None]) & np.triu(
        np.ones((n, n), dtype=bool), k=1
    )[None]
    weights = np.array([math.factorial(n - 1 - i) for i in range(n)])
    return smaller_after.sum(axis=2) @ weights


@dataclass(frozen=True)
class CalibrationCheck:
    """Whether pred of a surrogate minimizer is Bayes-optimal at one distribution.

    Attributes
    ----------
    calibrated : bool
        ``pred`` lies in the Bayes set (risk within ``tol`` of the minimum).
    regret : float
        Conditional risk of ``pred`` minus the Bayes risk (0 when calibrated).
    pred : ndarray of int64
        The permutation pred(u*).
    pred_risk, bayes_risk : float
    bayes : tuple of ndarray
        The whole Bayes set.
    minimizer : SurrogateMinimizer
    """

    calibrated: bool
    regret: float
    pred: np.ndarray
    pred_risk: float
    bayes_risk: float
    bayes: tuple
    minimizer: SurrogateMinimizer

    def __repr__(self) -> str:
        return (
            f"CalibrationCheck(calibrated={self.calibrated}, regret={self.regret:.4g}, "
            f"pred={self.pred.tolist()}, bayes set of {len(self.bayes)})"
        )


def _resolve_method(surrogate: Surrogate, method: str) -> str:
    how = check_choice(method, "method", ("auto", "cvxpy", "closed_form"))
    if how == "auto":
        return "closed_form" if surrogate.closed_form is not None else "cvxpy"
    return how


def is_calibrated_at(loss, surrogate, labels, probs, *, tol=DEFAULT_TOL, method="auto"):
    """Is pred of the surrogate minimizer in the Bayes set at this distribution?

    The pointwise condition behind l-calibration (Ramaswamy and Agarwal) and
    Fisher consistency (Duchi et al., Proposition 2): at the distribution
    ``probs`` over ``labels``, minimize the conditional surrogate risk, apply
    pred, and compare its conditional risk with the Bayes risk.

    Parameters
    ----------
    loss : callable or ndarray
        The target loss, or its loss matrix on ``labels``.
    surrogate : Surrogate
    labels : array_like of shape (k, n)
    probs : array_like of shape (k,)
    tol : float, default DEFAULT_TOL (1e-9)
        Tolerance of "in the Bayes set".
    method : {"auto", "closed_form", "cvxpy"}, default "auto"
        How to minimize: "auto" uses the closed form when there is one.

    Returns
    -------
    CalibrationCheck

    Raises
    ------
    ValueError, TypeError, rankviz.SolverError
        As :func:`rankviz.bayes.conditional_risk` and
        :func:`rankviz.surrogates.surrogate_minimizer`.

    References
    ----------
    Seed 002, section 1; Duchi, Mackey and Jordan (2013), Definition 3 and
    Proposition 2.

    Examples
    --------
    >>> from rankviz.bayes import label_set, map_loss
    >>> from rankviz.surrogates import map_surrogate
    >>> labels, probs = [[0, 0, 1], [1, 1, 0]], [0.4, 0.6]
    >>> is_calibrated_at(map_loss(), squared_surrogate(), labels, probs)
    CalibrationCheck(calibrated=False, regret=0.01667, pred=[0, 1, 2], bayes set of 2)
    >>> is_calibrated_at(map_loss(), map_surrogate(), labels, probs).calibrated
    True
    """
    surrogate = check_instance(surrogate, "surrogate", Surrogate, "e.g. from squared_surrogate()")
    tol = check_real(tol, "tol", nonnegative=True)
    how = _resolve_method(surrogate, method)
    ys = check_label_set(
        labels, kind=getattr(loss, "label_kind", None), max_items=MAX_RISK_ENUMERATION
    )
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
    if batched:
        raise ValueError(
            "probs must be one distribution (1-D) here; calibration_regret takes a batch"
        )
    n = ys.shape[1]
    risks = conditional_risk(loss, ys, p[0])
    minimizer = surrogate_minimizer(surrogate, ys, p[0], method=how)
    sigma = np.asarray(surrogate.pred(minimizer.scores), dtype=np.int64)
    pred_risk = float(risks[_permutation_index(sigma[None])[0]])
    best = float(risks.min())
    regret = pred_risk - best
    sigmas = all_permutations(n)
    return CalibrationCheck(
        calibrated=regret <= tol,
        regret=regret if regret > tol else 0.0,
        pred=sigma,
        pred_risk=pred_risk,
        bayes_risk=best,
        bayes=tuple(sigmas[risks <= best + tol]),
        minimizer=minimizer,
    )


def calibration_regret(loss, surrogate, labels, probs, *, tol=DEFAULT_TOL):
    """Regret of pred(closed-form minimizer) at one or many distributions, vectorized.

    The fast path of :func:`is_calibrated_at` for surrogates with a closed form
    (a dashboard's map, a search): 0 where pred lies in the Bayes set, the
    excess conditional risk elsewhere.

    Parameters
    ----------
    loss : callable or ndarray
        The target loss, or its loss matrix on ``labels`` (reuse it for speed).
    surrogate : Surrogate
        With a closed form.
    labels : array_like of shape (k, n)
    probs : array_like of shape (k,) or (m, k)
    tol : float, default DEFAULT_TOL

    Returns
    -------
    float or ndarray of shape (m,)

    Raises
    ------
    ValueError, TypeError
        As :func:`is_calibrated_at`, or the surrogate has no closed form.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Proposition 2.

    Examples
    --------
    >>> from rankviz.bayes import label_set, map_loss
    >>> from rankviz.surrogates import map_surrogate
    >>> labels = [[0, 0, 1], [1, 1, 0]]
    >>> w = np.linspace(0, 1, 5)      # weight of the first label; at 0.5 E[y] ties everywhere
    >>> calibration_regret(map_loss(), squared_surrogate(), labels,
    ...                    np.column_stack([w, 1 - w])).round(4)
    array([0.   , 0.   , 0.125, 0.   , 0.   ])
    """
    surrogate = check_instance(surrogate, "surrogate", Surrogate, "e.g. from squared_surrogate()")
    tol = check_real(tol, "tol", nonnegative=True)
    if surrogate.closed_form is None:
        raise ValueError(
            f"surrogate {surrogate.name!r} has no closed form; "
            f"use is_calibrated_at(..., method='cvxpy')"
        )
    ys = check_label_set(
        labels, kind=getattr(loss, "label_kind", None), max_items=MAX_RISK_ENUMERATION
    )
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
    risks = conditional_risk(loss, ys, p)
    scores = surrogate.closed_form(p @ surrogate.statistic(ys))
    sigmas = np.atleast_2d(surrogate.pred(scores))
    chosen = risks[np.arange(risks.shape[0]), _permutation_index(sigmas)]
    regret = chosen - risks.min(axis=1)
    regret = np.where(regret > tol, regret, 0.0)
    return regret if batched else float(regret[0])


@dataclass(frozen=True)
class CalibrationCounterexample:
    """A label distribution at which a surrogate is not calibrated.

    Attributes
    ----------
    probs : ndarray
        The probabilities of the labels.
    check : CalibrationCheck
        The failing check (re-verify with :func:`is_calibrated_at`).
    trial : int
        How many distributions the search drew (this one included).
    """

    probs: np.ndarray
    check: CalibrationCheck
    trial: int

    def __repr__(self) -> str:
        support = np.flatnonzero(self.probs > 0)
        return (
            f"CalibrationCounterexample(trial {self.trial}, {support.size} labels in the "
            f"support, regret={self.check.regret:.4g})"
        )


def find_calibration_counterexample(
    loss, surrogate, labels, *, n_trials=1000, rng=0, tol=DEFAULT_TOL, method="auto"
):
    """Search random label distributions for one where the surrogate is not calibrated.

    Budget: ``n_trials`` distributions, each costing one conditional risk and
    one surrogate minimization (closed form when available, else cvxpy).
    Half the draws are sparse (a uniformly random support of 2 to 4 labels
    with Dirichlet(1) weights: counterexamples often live on few labels), the
    other half put Dirichlet(0.5) weights on every label.

    Parameters
    ----------
    loss : callable or ndarray
        The target loss, or its loss matrix on ``labels``.
    surrogate : Surrogate
    labels : array_like of shape (k, n)
        The label set the distributions live on.
    n_trials : int, default 1000
        The budget, at most :data:`MAX_TRIALS`.
    rng : int or numpy.random.Generator, default 0
    tol : float, default DEFAULT_TOL
    method : {"auto", "closed_form", "cvxpy"}, default "auto"

    Returns
    -------
    CalibrationCounterexample or None
        The first failing distribution, or None if all ``n_trials`` passed
        (which is evidence, not proof, of calibration on this label set).

    Raises
    ------
    ValueError, TypeError, rankviz.SolverError
        As :func:`is_calibrated_at`, or ``n_trials < 1``.

    References
    ----------
    Seed 002, section 3.2 (no n-dimensional calibrated surrogate for MAP);
    Duchi, Mackey and Jordan (2013), section 3.

    Examples
    --------
    >>> from rankviz.bayes import label_set, map_loss
    >>> from rankviz.surrogates import map_surrogate
    >>> found = find_calibration_counterexample(map_loss(), squared_surrogate(),
    ...                                         label_set(3), n_trials=500)
    >>> found.check.calibrated, found.check.regret > 0
    (False, True)
    >>> find_calibration_counterexample(map_loss(), map_surrogate(), label_set(3),
    ...                                 n_trials=200) is None
    True
    """
    surrogate = check_instance(surrogate, "surrogate", Surrogate, "e.g. from squared_surrogate()")
    n_trials = check_int(n_trials, "n_trials", minimum=1, maximum=MAX_TRIALS)
    tol = check_real(tol, "tol", nonnegative=True)
    how = _resolve_method(surrogate, method)
    generator = as_generator(rng)
    ys = check_label_set(
        labels, kind=getattr(loss, "label_kind", None), max_items=MAX_RISK_ENUMERATION
    )
    k = ys.shape[0]
    matrix = loss if isinstance(loss, np.ndarray) else loss_matrix(loss, ys.shape[1], ys)
    for trial in range(1, n_trials + 1):
        probs = np.zeros(k)
        if k > 1 and generator.random() < 0.5:
            size = int(generator.integers(2, min(k, 4) + 1))
            support = generator.choice(k, size=size, replace=False)
            probs[support] = generator.dirichlet(np.ones(size))
        else:
            probs = generator.dirichlet(np.full(k, 0.5))
        check = is_calibrated_at(matrix, surrogate, ys, probs, tol=tol, method=how)
        if not check.calibrated:
            return CalibrationCounterexample(probs, check, trial)
    return None


def structure_consistency_gap(loss, surrogate, labels, probs, *, tol=DEFAULT_TOL, solver=None):
    """The gap of Duchi et al.'s Definition 3 at one distribution, computed with cvxpy.

    ``inf {l_phi(u) : pred(u) not Bayes} - inf_u l_phi(u)`` for a surrogate with
    pred = sort.  The set of ``u`` whose sorted order is not a Bayes
    permutation is the union of the order cones of the non-Bayes
    permutations; its infimum is the smallest minimum of the risk over the
    closed cones (one cvxpy problem, re-solved per cone).  The surrogate is
    structure-consistent at this distribution iff the gap is > 0; a gap of 0
    means some minimizer (or a minimizing sequence) ranks the items in a
    non-Bayes order.

    Parameters
    ----------
    loss : callable or ndarray
    surrogate : Surrogate
        With ``pred_kind == "sort"`` and a risk that attains its minimum (no
        divergent coordinates at this distribution).
    labels : array_like of shape (k, n)
    probs : array_like of shape (k,)
    tol : float, default DEFAULT_TOL
        Tolerance of the Bayes set.
    solver : str, optional
        A cvxpy solver name; CLARABEL if None.

    Returns
    -------
    float
        The gap (``inf`` when every permutation is Bayes-optimal).  Solver
        accuracy is about 1e-7: treat values below that as 0.

    Raises
    ------
    ValueError, TypeError, rankviz.SolverError
        If the surrogate does not sort, its minimum is not attained here, or
        the inputs are invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Definition 3 and Theorem 1.

    Examples
    --------
    >>> gap = structure_consistency_gap(ndcg_loss(), squared_surrogate("ndcg_gain"),
    ...                                 [[2, 1, 0]], [1.0])
    >>> round(gap, 4)                  # targets (3, 1, 0) / Z: half the smallest squared gap
    0.0379
    """
    import cvxpy as cp

    surrogate = check_instance(surrogate, "surrogate", Surrogate, "e.g. from squared_surrogate()")
    if surrogate.pred_kind != "sort":
        raise ValueError(
            f"structure_consistency_gap needs a surrogate whose pred sorts the "
            f"scores; {surrogate.name!r} has pred {surrogate.pred_kind!r}"
        )
    tol = check_real(tol, "tol", nonnegative=True)
    solver = check_solver(solver)
    ys = check_label_set(
        labels, kind=getattr(loss, "label_kind", None), max_items=MAX_RISK_ENUMERATION
    )
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    n = ys.shape[1]
    tbar = p[0] @ surrogate.statistic(ys)
    if surrogate.divergent is not None and np.any(surrogate.divergent(tbar)):
        raise ValueError(
            f"the risk of {surrogate.name!r} does not attain its minimum at this "
            f"distribution (some items have zero expected weight)"
        )
    risks = conditional_risk(loss, ys, p[0])
    non_bayes = all_permutations(n)[risks > risks.min() + tol]
    if non_bayes.shape[0] == 0:
        return math.inf
    u = cp.Variable(n)
    t = cp.Parameter(tbar.shape[0], nonneg=True, value=np.maximum(tbar, 0.0))
    cone = cp.Parameter((n - 1, n))
    objective = cp.Minimize(surrogate.expression(u, t))
    base = [cp.sum(u) == 0] if surrogate.shift_invariant else []
    values = []
    for constraints in ([], [cone @ u >= 0]):
        problem = cp.Problem(objective, base + constraints)
        if not constraints:
            values.append(_solve_value(problem, surrogate, solver))
            continue
        for sigma in non_bayes:
            order = np.argsort(sigma)
            matrix = np.zeros((n - 1, n))
            matrix[np.arange(n - 1), order[:-1]] = 1.0
            matrix[np.arange(n - 1), order[1:]] = -1.0
            cone.value = matrix
            values.append(_solve_value(problem, surrogate, solver))
    return max(min(values[1:]) - values[0], 0.0)


def _solve_value(problem, surrogate: Surrogate, solver: str) -> float:
    return float(solve(problem, solver, f"the risk of {surrogate.name} on an order cone"))


# --------------------------------------------------------------------------- #
# the noise condition of MAP, and the least-squares bound for NDCG
# --------------------------------------------------------------------------- #
def satisfies_map_reinforcement(labels, probs, *, tol=1e-12):
    """Ramaswamy et al.'s noise condition under which sorting the MAP diagonal is optimal.

    With ``U_ij = E[y_i y_j / |y|_1]`` (so ``U_ii = E[y_i / |y|_1]``), the
    condition ("reinforcement") asks that whenever ``U_ii >= U_jj``, also
    ``U_ig >= U_jg`` for every other item ``g``: an item that looks better on
    its own also pairs better with every third item.  Under it, sorting the
    diagonal ``U_ii`` gives a Bayes permutation of the MAP loss (an exchange
    argument, checked in the notebook), so the n-dimensional surrogate
    ``squared_surrogate("normalized")`` is calibrated on such distributions.

    Parameters
    ----------
    labels : array_like of shape (k, n)
        Binary label vectors.
    probs : array_like of shape (k,)
    tol : float, default 1e-12
        Slack of the inequalities.

    Returns
    -------
    bool

    Raises
    ------
    ValueError, TypeError
        If the labels are not binary or the distribution is invalid.

    References
    ----------
    Ramaswamy, Agarwal and Tewari (2013), section 5 (the set of distributions
    called P_reinforce there); seed 002, section 3.2, which states the
    condition loosely.

    Examples
    --------
    >>> satisfies_map_reinforcement([[0, 0, 1], [1, 1, 0]], [0.36, 0.64])
    False
    >>> satisfies_map_reinforcement([[1, 0, 0], [1, 1, 0]], [0.5, 0.5])
    True
    """
    ys = check_label_set(labels, kind="binary", max_items=MAX_RISK_ENUMERATION)
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    tol = check_real(tol, "tol", nonnegative=True)
    u = np.einsum("k,ki,kj->ij", p[0], squared_surrogate("normalized").statistic(ys), ys)
    diagonal = np.diag(u)
    n = ys.shape[1]
    for i, j in itertools.permutations(range(n), 2):
        if diagonal[i] >= diagonal[j] - tol:
            others = [g for g in range(n) if g not in (i, j)]
            if np.any(u[i, others] < u[j, others] - tol):
                return False
    return True


@dataclass(frozen=True)
class NdcgRegressionBound:
    """The NDCG regret of sorted scores against the least-squares bound.

    Attributes
    ----------
    regret : float
        ``E[1 - NDCG(sort(scores), y)]`` minus the Bayes risk.
    bound : float
        ``sqrt(2) ||c||_2 sqrt(surrogate_regret)``, ``c`` the DCG discounts.
    surrogate_regret : float
        ``||scores - E[G(y)/Z(y)]||^2``: the excess risk of the squared surrogate.
    """

    regret: float
    bound: float
    surrogate_regret: float


def ndcg_regression_bound(scores, labels, probs, *, gain="exponential"):
    """The coarse least-squares bound on the NDCG regret of sorted scores.

    With the targets ``w_i = E[G(y_i) / Z(y)]`` and the discounts ``c_r = 1 / log2(1 + r)``,
    the expected NDCG of ``sigma`` is ``sum_i w_i c_sigma(i)``.  For scores
    ``f`` and ``sigma_f`` = sort(f), ``sigma*`` = sort(w):

    ``regret = sum_i w_i (c_sigma*(i) - c_sigma_f(i))
    <= sum_i (w_i - f_i)(c_sigma*(i) - c_sigma_f(i))
    <= ||w - f||_2 ||c_sigma* - c_sigma_f||_2 <= sqrt(2) ||c||_2 ||w - f||_2``,

    using that ``sigma_f`` maximizes ``sum_i f_i c_sigma(i)``, Cauchy-Schwarz,
    and ``c >= 0``.  ``||w - f||^2`` is the excess conditional risk of the
    squared surrogate with target ``G(y)/Z(y)``.  The bound is in the square
    root of the surrogate regret (Cossock and Zhang, 2008, prove a bound of this
    form for DCG); no bound linear in the surrogate regret can hold.

    Parameters
    ----------
    scores : array_like of shape (n,)
        Finite scores.
    labels : array_like of shape (k, n)
        Grades.
    probs : array_like of shape (k,)
    gain : {"exponential", "linear"}, default "exponential"

    Returns
    -------
    NdcgRegressionBound

    Raises
    ------
    ValueError, TypeError
        If the inputs are invalid or ``scores`` has the wrong length.

    References
    ----------
    Seed 001 ("NDCG"); Cossock and Zhang, "Statistical analysis of Bayes optimal
    subset ranking", IEEE Trans. Inf. Theory 54(11), 2008.

    Examples
    --------
    >>> b = ndcg_regression_bound([0.2, 0.5], [[1, 0], [0, 2]], [0.6, 0.4])
    >>> round(b.regret, 4), round(b.bound, 4), b.regret <= b.bound
    (0.0738, 0.6895, True)
    """
    kind = check_choice(gain, "gain", GAINS)
    ys = check_label_set(labels, max_items=MAX_RISK_ENUMERATION)
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    f = check_array(scores, "scores", ndim=1, max_abs=MAX_MAGNITUDE)
    if f.shape != (ys.shape[1],):
        raise ValueError(f"scores must be {ys.shape[1]} finite numbers, got shape {f.shape}")
    risks = conditional_risk(ndcg_loss(kind), ys, p[0])
    regret = float(risks[_permutation_index(pred_sort(f)[None])[0]] - risks.min())
    w = p[0] @ squared_surrogate("ndcg_gain", gain=kind).statistic(ys)
    surrogate_regret = float(np.sum((f - w) ** 2))
    c = dcg_discounts(ys.shape[1])
    return NdcgRegressionBound(
        max(regret, 0.0),
        math.sqrt(2.0) * float(np.linalg.norm(c)) * math.sqrt(surrogate_regret),
        surrogate_regret,
    )


#: Largest number of random instances :func:`ndcg_regression_instances` draws.
MAX_INSTANCES = 100_000


def ndcg_sharp_constant(n):
    """The best constant of the square-root NDCG regression bound: ``||c - reversed(c)||_2``.

    With the DCG discounts ``c_r = 1 / log2(1 + r)`` of ``n`` positions, the NDCG regret of
    ``sort(f)`` is at most ``||c - reversed(c)||_2 ||f - w||_2`` for scores ``f`` and the
    least-squares target ``w = E[G(y)/Z(y)]`` (lecture 06, section 7): among all pairs of
    rearrangements of ``c``, a vector and its reverse are farthest apart.  The constant is the
    best possible (:func:`ndcg_sharp_instance` attains it in the limit) and is below the coarse
    ``sqrt(2) ||c||_2`` of :func:`ndcg_regression_bound`.

    Parameters
    ----------
    n : int
        The number of items, ``1 <= n <= 10**6``.

    Returns
    -------
    float

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is out of range.

    References
    ----------
    Cossock and Zhang (2008), the square-root form of the bound; seed 001 ("NDCG").

    Examples
    --------
    >>> round(ndcg_sharp_constant(3), 4)                 # sqrt(2) (1 - 1/2)
    0.7071
    >>> ndcg_sharp_constant(4) < math.sqrt(2) * float(np.linalg.norm(dcg_discounts(4)))
    True
    """
    n = check_int(n, "n", minimum=1, maximum=10**6)
    c = dcg_discounts(n)
    return float(np.linalg.norm(c - c[::-1]))


def ndcg_sharp_instance(n, *, spread=0.9, nudge=1e-7):
    """An instance where the square-root NDCG regression bound is nearly an equality.

    The labels are the ``n`` one-item labels (the identity matrix), so the least-squares
    target is ``w = probs``.  The probabilities lie along ``c - reversed(c)``,
    ``probs = (1 + spread * d / max|d|) / n`` with ``d = c - reversed(c)`` (decreasing, so
    the Bayes ranking is the identity), and the scores are all ``1/n``, nudged by
    ``nudge * k`` so that sort puts the items in the *reverse* order.  Every step of the proof
    of the bound is then an equality up to the nudge: ``regret / sqrt(surrogate regret)``
    tends to :func:`ndcg_sharp_constant` as ``nudge`` tends to 0.

    Parameters
    ----------
    n : int
        The number of items, ``2 <= n <= 7`` (the regret enumerates the ``n!`` rankings).
    spread : float, default 0.9
        How far the probabilities spread around ``1/n``, in ``(0, 1)``.
    nudge : float, default 1e-7
        The step between the tied scores, in ``(0, 1e-3]``.

    Returns
    -------
    scores : ndarray of shape (n,)
    labels : ndarray of shape (n, n)
        The identity: label ``k`` has item ``k`` relevant (grade 1).
    probs : ndarray of shape (n,)

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If an argument is out of range.

    References
    ----------
    Lecture 06, section 7 (the sharpness of the constant).

    Examples
    --------
    >>> b = ndcg_regression_bound(*ndcg_sharp_instance(3))
    >>> round(b.regret / math.sqrt(b.surrogate_regret), 4), round(ndcg_sharp_constant(3), 4)
    (0.7071, 0.7071)
    """
    n = check_int(n, "n", minimum=2, maximum=MAX_RISK_ENUMERATION)
    spread = check_real(spread, "spread", positive=True)
    if spread >= 1:
        raise ValueError(f"spread must be < 1 (probabilities stay positive), got {spread}")
    nudge = check_real(nudge, "nudge", positive=True, maximum=1e-3)
    c = dcg_discounts(n)
    d = c - c[::-1]
    probs = (1.0 + spread * d / np.abs(d).max()) / n
    scores = np.full(n, 1.0 / n) + nudge * np.arange(n)
    return scores, np.eye(n, dtype=int), probs


def ndcg_regression_instances(labels, n_instances, *, support=3, noise=(0.01, 0.05, 0.2), rng=0):
    """Random instances of the NDCG regression bound: noisy scores around the target ``w``.

    Each instance draws ``support`` of the labels (without replacement), a uniform
    Dirichlet distribution on them, a noise level from ``noise``, and the scores
    ``w + N(0, level^2)`` with ``w = E[G(y)/Z(y)]`` the least-squares target; then
    :func:`ndcg_regression_bound` measures the regret of the sorted scores against the bound.

    Parameters
    ----------
    labels : array_like of shape (k, n)
        Grades, ``n <= 7``.
    n_instances : int
        How many instances, ``1 <= n_instances <= MAX_INSTANCES``.
    support : int, default 3
        Labels per instance, ``1 <= support <= k``.
    noise : sequence of float, default (0.01, 0.05, 0.2)
        The noise levels (standard deviations) to draw from, each > 0.
    rng : int or numpy.random.Generator, default 0

    Returns
    -------
    list of NdcgRegressionBound

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If an argument is out of range or ``labels`` is not a label set.

    References
    ----------
    Seed 001 ("NDCG"); Cossock and Zhang (2008).

    Examples
    --------
    >>> bounds = ndcg_regression_instances([[2, 1, 0], [0, 1, 2], [1, 0, 0]], 20, support=2)
    >>> all(b.regret <= ndcg_sharp_constant(3) * math.sqrt(b.surrogate_regret) for b in bounds)
    True
    """
    ys = check_label_set(labels, max_items=MAX_RISK_ENUMERATION)
    if ys.ndim != 2:
        raise ValueError(f"labels must be grade vectors of shape (k, n), got shape {ys.shape}")
    count = check_int(n_instances, "n_instances", minimum=1, maximum=MAX_INSTANCES)
    support = check_int(support, "support", minimum=1, maximum=ys.shape[0])
    levels = check_array(noise, "noise", ndim=1, max_abs=MAX_MAGNITUDE)
    if levels.size == 0 or np.any(levels <= 0):
        raise ValueError("noise must hold one or more standard deviations, each > 0")
    generator = as_generator(rng)
    target = squared_surrogate("ndcg_gain").statistic(ys)
    bounds = []
    for _ in range(count):
        chosen = generator.choice(ys.shape[0], size=support, replace=False)
        p = generator.dirichlet(np.ones(support))
        level = generator.choice(levels)
        scores = p @ target[chosen] + generator.normal(scale=level, size=ys.shape[1])
        bounds.append(ndcg_regression_bound(scores, ys[chosen], p))
    return bounds


def ndcg_surrogate_ratio(labels, scores):
    """Seed 001's ratio: ``1 - NDCG`` of the sorted scores over the raw least-squares surrogate.

    ``(1 - NDCG(sort(scores), y)) / sum_j (scores_j - y_j)^2`` for one label ``y`` (sort
    breaks ties by the smaller index; a label without a relevant item has loss 1).  A
    loss-by-surrogate bound ``1 - NDCG <= C phi`` holds at ``(y, scores)`` exactly when this
    ratio is at most ``C``.

    Parameters
    ----------
    labels : array_like of float, shape (n,)
        One label: non-negative grades, ``n <= 7``.
    scores : array_like of float, shape (n,)
        Finite scores.

    Returns
    -------
    float
        The ratio; 0 when the loss is 0, and ``inf`` when the loss is positive at a surrogate
        of 0 (no constant works there).

    Raises
    ------
    ValueError, TypeError
        If ``labels`` is not a non-negative finite vector of at most 7 grades or ``scores``
        is not a finite vector of the same length.

    References
    ----------
    Seed 001 ("NDCG"); Cossock and Zhang (2008).

    Examples
    --------
    >>> round(ndcg_surrogate_ratio([1, 0], [0.4, 0.6]), 4)      # (1 - 1/log2(3)) / 0.72
    0.5126
    >>> ndcg_surrogate_ratio([0, 0], [0.0, 0.0])                # no relevant item: loss 1
    inf
    """
    y = check_array(labels, "labels", ndim=1, nonnegative=True, max_abs=MAX_MAGNITUDE)[None, :]
    if y.shape[1] > MAX_RISK_ENUMERATION:
        raise ValueError(f"labels has n = {y.shape[1]} items; at most {MAX_RISK_ENUMERATION}")
    s = check_array(scores, "scores", ndim=1, max_abs=MAX_MAGNITUDE)
    if s.shape != (y.shape[1],):
        raise ValueError(f"scores must have shape ({y.shape[1]},) like labels, got {s.shape}")
    loss = float(ndcg_loss()(pred_sort(s), y[0]))
    surrogate = float(np.sum((s - y[0]) ** 2))
    if loss <= 0.0:
        return 0.0
    return math.inf if surrogate == 0.0 else loss / surrogate


def largest_ndcg_surrogate_ratio(labels):
    """The largest ``(1 - NDCG) / phi`` over every scores vector, for each label of a set.

    The scores that sort to a ranking ``sigma`` form an order cone, and the least raw
    least-squares surrogate ``phi(s, y) = sum_j (s_j - y_j)^2`` among them is the squared
    distance from ``y`` to that cone (:func:`rankviz.suboptimality.order_cone_distance`).
    So the supremum over all scores of :func:`ndcg_surrogate_ratio` is the largest
    ``(1 - NDCG(sigma, y)) / dist^2(y, cone(sigma))`` over the rankings with a positive loss,
    approached by scores just inside the cone.

    Parameters
    ----------
    labels : array_like of float, shape (k, n)
        Labels (non-negative grades), ``n <= 7``.

    Returns
    -------
    ratio : float
        The largest ratio: 0 if no ranking has a positive loss, ``inf`` if a positive loss
        sits at surrogate 0 (a label without a relevant item: no constant works).
    label : ndarray of float, shape (n,)
        The label where it is reached (the first one, in the order of ``labels``).
    sigma : ndarray of int, shape (n,)
        The ranking where it is reached (the first in ``all_permutations(n)``).

    Raises
    ------
    ValueError, TypeError
        If ``labels`` is not a label set of at most 7 items.

    References
    ----------
    Seed 001 ("NDCG"), the bound of 1 - NDCG by a multiple of the regression loss;
    lecture 06, section 7.

    Examples
    --------
    >>> ratio, label, sigma = largest_ndcg_surrogate_ratio([[1, 0], [0, 1], [1, 1]])
    >>> round(ratio, 4), label.tolist(), sigma.tolist()       # (1 - 1/log2(3)) * 2
    (0.7381, [1.0, 0.0], [1, 0])
    """
    ys = check_label_set(labels, max_items=MAX_RISK_ENUMERATION)
    if ys.ndim != 2:
        raise ValueError(f"labels must be grade vectors of shape (k, n), got shape {ys.shape}")
    n = ys.shape[1]
    sigmas = all_permutations(n)
    losses = loss_matrix(ndcg_loss(), n, ys)  # column k: 1 - NDCG of every ranking on label k
    best = (0.0, ys[0], sigmas[0])
    for k, y in enumerate(ys):
        for sigma, loss in zip(sigmas, losses[:, k], strict=True):
            if loss > 1e-12:
                distance = order_cone_distance(y, sigma)
                ratio = math.inf if distance <= 0.0 else float(loss / distance)
                if ratio > best[0]:
                    best = (ratio, y, sigma)
    return best[0], np.array(best[1], dtype=float), np.array(best[2])


# --------------------------------------------------------------------------- #
# mixtures of three labels: the triangle of distributions
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class SimplexTriangulation:
    """A regular triangulation of the probability simplex over three labels.

    Attributes
    ----------
    resolution : int
        Each side is cut into ``resolution`` segments.
    points : ndarray of shape (m, 3)
        The grid points, as probability vectors (barycentric coordinates).
    triangles : ndarray of int, shape (resolution ** 2, 3)
        Indices into ``points`` of each small triangle's corners.
    centroids : ndarray of shape (resolution ** 2, 3)
        The distribution at the centre of each small triangle (where a map
        evaluates its value).
    """

    resolution: int
    points: np.ndarray
    triangles: np.ndarray
    centroids: np.ndarray
    _lookup: np.ndarray = field(repr=False)

    def __repr__(self) -> str:
        return (
            f"SimplexTriangulation(resolution={self.resolution}, "
            f"{self.triangles.shape[0]} triangles)"
        )

    def locate(self, probs) -> np.ndarray:
        """The index of the small triangle that contains each distribution (row of ``probs``).

        Parameters
        ----------
        probs : array_like of shape (m, 3)
            Distributions over the three labels.

        Returns
        -------
        ndarray of int64, shape (m,)

        Examples
        --------
        >>> grid = simplex_triangulation(3)
        >>> grid.locate(grid.centroids[[0, 4, 8]])
        array([0, 4, 8])
        """
        p, _ = as_probability_rows(probs, "probs", 3)
        r = self.resolution
        a, b = p[:, 0] * r, p[:, 1] * r
        i = np.clip(np.floor(a), 0, r - 1).astype(np.int64)
        j = np.clip(np.floor(b), 0, r - 1 - i).astype(np.int64)
        down = (a - i) + (b - j) > 1.0
        down &= i + j < r - 1
        return self._lookup[i, j, down.astype(np.int64)]


def simplex_triangulation(resolution):
    """Cut the simplex of distributions over three labels into small triangles.

    Parameters
    ----------
    resolution : int
        Segments per side, ``1 <= resolution <= 200``.

    Returns
    -------
    SimplexTriangulation

    Raises
    ------
    ValueError, TypeError
        If ``resolution`` is out of range.

    Examples
    --------
    >>> grid = simplex_triangulation(2)
    >>> grid.points.shape, grid.triangles.shape
    ((6, 3), (4, 3))
    >>> grid.centroids.sum(axis=1)
    array([1., 1., 1., 1.])
    """
    r = check_int(resolution, "resolution", minimum=1, maximum=200)
    index = {}
    lookup = np.full((r, r, 2), -1, dtype=np.int64)
    points = []
    for i in range(r + 1):
        for j in range(r + 1 - i):
            index[i, j] = len(points)
            points.append((i / r, j / r, (r - i - j) / r))
    triangles = []
    for i in range(r):
        for j in range(r - i):
            lookup[i, j, 0] = len(triangles)
            triangles.append((index[i, j], index[i + 1, j], index[i, j + 1]))
            if i + j < r - 1:
                lookup[i, j, 1] = len(triangles)
                triangles.append((index[i + 1, j], index[i + 1, j + 1], index[i, j + 1]))
    pts = np.array(points)
    tri = np.array(triangles, dtype=np.int64)
    return SimplexTriangulation(r, pts, tri, pts[tri].mean(axis=1), lookup)
