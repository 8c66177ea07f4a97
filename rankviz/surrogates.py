"""Convex surrogates of ranking losses: one vocabulary for chapters 06 and 07.

A **surrogate** replaces a ranking loss, which is discontinuous in the scores, by a
convex loss of a score vector ``u`` that a learner can minimise.  Two families:

* Chapter 06 (label distributions over relevance vectors or graphs): a
  :class:`Surrogate` record is a convex loss ``psi(u, y)`` with a prediction map
  ``pred`` from scores to permutations (:func:`pred_sort`, :func:`pred_map`).  Its
  conditional risk depends on the distribution only through the mean
  ``tbar = probs @ statistic(labels)`` of a per-label statistic, which makes a cvxpy
  problem built once reusable (``tbar`` is a ``cp.Parameter``) and gives closed-form
  minimisers for :func:`squared_surrogate`, :func:`map_surrogate` and the logistic and
  exponential :func:`pairwise_surrogate`.  :func:`surrogate_risk` evaluates the
  conditional risk, :func:`surrogate_minimizer` minimises it.
* Chapter 07 (distributions over preference DAGs, see :mod:`rankviz.consistency`):
  Duchi et al.'s pairwise form (12) ``sum_ij Y_ij phi(a_i - a_j)`` and margin form (13)
  ``sum_{Y_ij > 0} phi(a_i - a_j - Y_ij)`` with ``phi`` one of :data:`SURROGATES`
  (:func:`graph_surrogate_risk`, :func:`graph_surrogate_minimizer`), and the aggregated
  surrogate (23), weighted by the difference graph (:func:`aggregated_surrogate_risk`,
  :func:`aggregated_surrogate_minimizer`).  The minimisers are computed by cvxpy
  (CLARABEL with tolerances 1e-10, SCS as fallback) and polished by Newton's method.

Whether the minimiser's prediction is Bayes-optimal (calibration) is the subject of
:mod:`rankviz.calibration` (chapter 06) and :mod:`rankviz.consistency` (chapter 07).
Every solver failure raises :class:`rankviz.SolverError`.

References
----------
Seed 002 ("A survey of ranking algorithms"), sections 1 and 3 (surrogates, pred);
Ramaswamy, Agarwal and Tewari, NIPS 2013; Duchi, Mackey and Jordan, "The asymptotics
of ranking algorithms", Ann. Statist. 41(5), 2013: section 3 (eqs. (5), (12), (13),
Theorems 2 and 3) and section 5.3 (eq. (23)); seed 001 ("NDCG"), the least-squares
surrogate.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import cvxpy as cp
import numpy as np

from rankviz._pairwise_terms import (
    _PHI_CVXPY,
    FORMS,
    SURROGATES,
    _aggregated_terms,
    _check_scores,
    _difference,
    _risk,
    _terms,
)
from rankviz._pairwise_terms import (
    _minimize as _minimize_terms,
)
from rankviz._solvers import SolverError, check_solver, solve
from rankviz._validation import (
    MAX_MAGNITUDE,
    as_numpy,
    as_probability_rows,
    as_weight_matrix,
    check_array,
    check_bool,
    check_choice,
    check_instance,
    check_label_set,
    check_real,
)
from rankviz.bayes import MAX_GRADE, MAX_RISK_ENUMERATION
from rankviz.consistency import check_preference_distribution
from rankviz.measures import GAINS, dcg, dcg_gains
from rankviz.permutations import all_permutations, sigma_from_scores

__all__ = [
    "FORMS",
    "MARGIN_RANGE_PHIS",
    "PAIRWISE_PHIS",
    "SQUARED_TARGETS",
    "SURROGATES",
    "Surrogate",
    "SurrogateMinimizer",
    "SurrogateSolution",
    "aggregated_surrogate_minimizer",
    "aggregated_surrogate_risk",
    "graph_surrogate_minimizer",
    "graph_surrogate_risk",
    "map_surrogate",
    "pairwise_surrogate",
    "pred_map",
    "pred_sort",
    "squared_surrogate",
    "surrogate_minimizer",
    "surrogate_risk",
    "weighted_pairs_margins",
]

#: Targets of :func:`squared_surrogate`.
SQUARED_TARGETS = ("relevance", "normalized", "ndcg_gain", "err_gain")

#: Pairwise functions phi of :func:`pairwise_surrogate`.
PAIRWISE_PHIS = ("logistic", "exponential", "hinge")


# --------------------------------------------------------------------------- #
# prediction maps
# --------------------------------------------------------------------------- #
def _sort_rows(scores: np.ndarray) -> np.ndarray:
    """Permutations of every row by decreasing score, ties to the smaller index."""
    order = np.argsort(-scores, axis=1, kind="stable")
    sigma = np.empty_like(order)
    np.put_along_axis(sigma, order, np.arange(scores.shape[1])[None, :], axis=1)
    return sigma


def pred_sort(scores):
    """pred = sort: rank the items by decreasing score, ties to the smaller index.

    For finite 1-D scores this is :func:`rankviz.permutations.sigma_from_scores`.
    It also accepts a batch (one score vector per row) and infinite scores: a
    minimizing sequence of a pairwise surrogate sends an item whose expected
    weight is zero to ``-inf`` (or ``+inf``), and the limit ranks it last (first).

    Parameters
    ----------
    scores : array_like of shape (n,) or (m, n)
        Scores; NaN is not allowed, +-inf is.

    Returns
    -------
    ndarray of int64, shape (n,) or (m, n)
        ``sigma[i]`` is the position of item ``i`` (0 = top).

    Raises
    ------
    ValueError, TypeError
        If ``scores`` is empty, not numeric, not 1-D or 2-D, or holds NaN.

    References
    ----------
    Seed 002, section 3.1 (``pred_P@q``: sorting).

    Examples
    --------
    >>> pred_sort([0.2, 0.9, 0.5])
    array([2, 0, 1])
    >>> pred_sort([[0.0, -np.inf, 1.0], [1.0, 1.0, 0.0]])
    array([[1, 2, 0],
           [0, 1, 2]])
    """
    arr = as_numpy(scores, "scores")
    if arr.dtype == object or not np.issubdtype(arr.dtype, np.number) or arr.dtype.kind == "c":
        raise TypeError(f"scores must contain real numbers, got dtype {arr.dtype}")
    if arr.ndim not in (1, 2) or arr.size == 0:
        raise ValueError(f"scores must be a non-empty 1-D or 2-D array, got shape {arr.shape}")
    arr = arr.astype(float)
    if np.isnan(arr).any():
        raise ValueError("scores contains NaN")
    if arr.ndim == 1 and np.isfinite(arr).all():
        return sigma_from_scores(arr)
    sigma = _sort_rows(np.atleast_2d(arr))
    return sigma if arr.ndim == 2 else sigma[0]


def _map_pair_index(n: int) -> tuple[np.ndarray, np.ndarray]:
    return np.triu_indices(n)


def _map_weights(n: int) -> np.ndarray:
    """``W[s, k] = 1 / max(sigma_s(i_k), sigma_s(j_k))`` (1-based positions), pairs i <= j."""
    i, j = _map_pair_index(n)
    sigmas = all_permutations(n)
    return 1.0 / (np.maximum(sigmas[:, i], sigmas[:, j]) + 1.0)


def _n_from_pairs(d: int) -> int:
    n = round((math.sqrt(8 * d + 1) - 1) / 2)
    if n * (n + 1) // 2 != d:
        raise ValueError(f"u must have n(n+1)/2 entries for some n (one per pair i <= j), got {d}")
    return n


def pred_map(u):
    """The MAP surrogate's pred: brute-force argmax over all permutations.

    ``pred(u) in argmax_sigma sum_{i <= j} u_ij / max(sigma(i), sigma(j))`` with
    1-based positions; ``u`` holds one score per unordered pair ``i <= j``
    (diagonal included) in the order of ``numpy.triu_indices(n)``.  With
    ``u_ij = E[y_i y_j / |y|]`` the objective is the expected AP, so the argmax
    is a Bayes permutation of the MAP loss.  Cost: ``O(n! n^2)``; no polynomial
    algorithm is known.  Ties go to the first permutation in the order of
    :func:`rankviz.permutations.all_permutations`.

    Parameters
    ----------
    u : array_like of shape (n(n+1)/2,) or (m, n(n+1)/2)
        Pair scores (or a batch of them), ``n <= MAX_RISK_ENUMERATION``.

    Returns
    -------
    ndarray of int64, shape (n,) or (m, n)

    Raises
    ------
    ValueError, TypeError
        If ``u`` is not finite, has a length that is not ``n(n+1)/2``, or ``n``
        is too large.

    References
    ----------
    Seed 002, section 3.2 (``pred_MAP``); Ramaswamy, Agarwal and Tewari (2013),
    section 5.

    Examples
    --------
    >>> pred_map([0.0, 0.0, 0.0, 0.6, 0.0, 0.4])   # n = 3: diagonal u_11 = 0.6, u_22 = 0.4
    array([2, 0, 1])
    """
    arr = as_numpy(u, "u")
    if arr.dtype == object or not np.issubdtype(arr.dtype, np.number) or arr.dtype.kind == "c":
        raise TypeError(f"u must contain real numbers, got dtype {arr.dtype}")
    if arr.ndim not in (1, 2) or arr.size == 0:
        raise ValueError(f"u must be a non-empty 1-D or 2-D array, got shape {arr.shape}")
    arr = arr.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError("u contains NaN or infinite values")
    n = _n_from_pairs(arr.shape[-1])
    if n > MAX_RISK_ENUMERATION:
        raise ValueError(
            f"u has n = {n} items; the brute-force pred is limited to n <= {MAX_RISK_ENUMERATION}"
        )
    expected_ap = np.atleast_2d(arr) @ _map_weights(n).T
    sigma = all_permutations(n)[np.argmax(expected_ap, axis=1)]
    return sigma if arr.ndim == 2 else sigma[0]


# --------------------------------------------------------------------------- #
# surrogates
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class Surrogate:
    """A convex surrogate ``psi(u, y)`` with its prediction map.

    The conditional surrogate risk ``sum_j p_j psi(u, y_j)`` depends on the
    distribution only through ``tbar = p @ statistic(labels)``, the mean of a
    non-negative per-label statistic (the regression target of a squared
    surrogate, the pair weights of a pairwise one); ``expression`` writes it,
    up to an additive constant, as a cvxpy expression in ``u`` and ``tbar``.

    Attributes
    ----------
    name : str
    dimension : callable
        ``dimension(n)``: the length of ``u`` for ``n`` items.
    statistic : callable
        ``statistic(labels)``: shape (k, d) from labels of shape (k, n).
    loss : callable
        ``loss(u, y)``: ``psi`` for one label, in numpy.
    expression : callable
        ``expression(u, tbar)``: the conditional risk up to a constant (cvxpy).
    pred : callable
        ``pred(u)``: a permutation from scores (one row or a batch).
    closed_form : callable or None
        ``closed_form(tbar)``: the minimizer (rows for a batch), if known.
    pred_kind : {"sort", "argmax"}
        Whether ``pred`` sorts ``u`` (then ``u`` has one score per item).
    shift_invariant : bool
        The risk does not change when a constant is added to ``u``; the cvxpy
        problem fixes ``sum(u) = 0``.
    divergent : callable or None
        ``divergent(tbar)``: a boolean mask of the coordinates that a
        minimizing sequence sends to ``-inf`` (the infimum is then not
        attained); the remaining coordinates are minimized with
        ``expression(u[rest], tbar[rest])``.  ``divergence_sign`` gives the
        direction (-1 or +1).
    """

    name: str
    dimension: Callable[[int], int] = field(repr=False)
    statistic: Callable = field(repr=False)
    loss: Callable = field(repr=False)
    expression: Callable = field(repr=False)
    pred: Callable = field(repr=False)
    closed_form: Callable | None = field(default=None, repr=False)
    pred_kind: str = "sort"
    shift_invariant: bool = False
    divergent: Callable | None = field(default=None, repr=False)
    divergence_sign: float = -1.0
    _problems: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self):
        if not isinstance(self.name, str):
            raise TypeError(f"name must be a string, got {type(self.name).__name__}")
        for attribute in ("dimension", "statistic", "loss", "expression", "pred"):
            if not callable(getattr(self, attribute)):
                raise TypeError(
                    f"{attribute} must be callable, got {type(getattr(self, attribute)).__name__}"
                )
        for attribute in ("closed_form", "divergent"):
            value = getattr(self, attribute)
            if value is not None and not callable(value):
                raise TypeError(f"{attribute} must be callable or None, got {type(value).__name__}")
        check_choice(self.pred_kind, "pred_kind", ("sort", "argmax"))
        check_bool(self.shift_invariant, "shift_invariant")
        sign = check_real(self.divergence_sign, "divergence_sign")
        if sign not in (-1.0, 1.0):
            raise ValueError(f"divergence_sign must be -1 or +1, got {sign}")
        object.__setattr__(self, "divergence_sign", sign)  # a float, whatever number was given

    def __repr__(self) -> str:
        extra = ", closed form" if self.closed_form is not None else ""
        return f"Surrogate({self.name!r}, pred={self.pred_kind}{extra})"


def _normalized(labels: np.ndarray) -> np.ndarray:
    total = labels.sum(axis=1, keepdims=True)
    return np.divide(labels, total, out=np.zeros_like(labels), where=total > 0)


def _ndcg_gain_target(labels: np.ndarray, gain: str) -> np.ndarray:
    """``G(y_i) / Z(y)`` with ``Z(y)`` the ideal DCG (0 for a label without gain)."""
    gains = np.atleast_2d(dcg_gains(labels, gain=gain))
    ideal = np.atleast_1d(dcg(labels, labels, gain=gain))
    return np.divide(gains, ideal[:, None], out=np.zeros_like(gains), where=ideal[:, None] > 0)


def _target_function(target: str, gain: str, max_grade: float | None):
    if target == "relevance":
        return lambda ys: ys
    if target == "normalized":
        return _normalized
    if target == "ndcg_gain":
        return lambda ys: _ndcg_gain_target(ys, gain)
    if max_grade is None:
        raise ValueError(
            "max_grade is required for the target 'err_gain' (the top of the "
            "grade scale, as in err_loss)"
        )
    top = check_real(max_grade, "max_grade", positive=True, maximum=MAX_GRADE)

    def err_gain(ys: np.ndarray) -> np.ndarray:
        if (ys > top).any():
            raise ValueError(f"labels hold grade {ys.max():g} above max_grade {top:g}")
        return np.atleast_2d(dcg_gains(ys)) / 2.0**top

    return err_gain


_TARGET_NAMES = {
    "relevance": "y",
    "normalized": "y/|y|₁",
    "ndcg_gain": "G(y)/Z(y)",
    "err_gain": "R(y)",
}


def _label_rows(labels) -> np.ndarray:
    return check_label_set(
        np.atleast_2d(check_array(labels, "labels", ndim=(1, 2))), max_items=MAX_RISK_ENUMERATION
    )


def squared_surrogate(target="relevance", *, gain="exponential", max_grade=None):
    """The squared surrogate ``psi(u, y) = ||u - t(y)||^2`` with pred = sort.

    Its conditional risk is minimized by ``u* = E[t(y)]`` (closed form; the
    risk is ``||u - E t||^2`` plus a constant).

    Parameters
    ----------
    target : {"relevance", "normalized", "ndcg_gain", "err_gain"}, default "relevance"
        ``t(y)``: the labels ``y`` (seed 002's Precision@q surrogate, seed 001's
        least squares on the relevance); ``y / |y|_1`` (the diagonal of the MAP
        surrogate); ``G(y_i) / Z(y)`` with ``Z`` the ideal DCG (consistent for
        NDCG by Duchi et al.'s Corollary 1); ``R(y_i) = (2**y_i - 1) / 2**max_grade``
        (the ERR satisfaction probability).  A label with ``|y|_1 = 0`` or
        ``Z(y) = 0`` has target 0.
    gain : {"exponential", "linear"}, default "exponential"
        Gain ``G`` of the "ndcg_gain" target.
    max_grade : float, optional
        Top of the grade scale, required by "err_gain".

    Returns
    -------
    Surrogate

    Raises
    ------
    ValueError, TypeError
        If ``target`` or ``gain`` is unknown, or "err_gain" lacks ``max_grade``.

    References
    ----------
    Seed 002, section 3.1; seed 001; Duchi, Mackey and Jordan (2013), Corollary 1
    and Lemma 1; Cossock and Zhang (2008).

    Examples
    --------
    >>> s = squared_surrogate()
    >>> surrogate_minimizer(s, [[1, 0], [0, 1]], [0.7, 0.3], method="closed_form").scores
    array([0.7, 0.3])
    """
    kind = check_choice(target, "target", SQUARED_TARGETS)
    gain = check_choice(gain, "gain", GAINS)
    function = _target_function(kind, gain, max_grade)

    def statistic(labels):
        return function(_label_rows(labels))

    def loss(u, y):
        return float(np.sum((np.asarray(u, dtype=float) - statistic(y)[0]) ** 2))

    def expression(u, tbar):
        import cvxpy as cp

        return cp.sum_squares(u - tbar)

    return Surrogate(
        name=f"‖u − {_TARGET_NAMES[kind]}‖², sort",
        dimension=lambda n: n,
        statistic=statistic,
        loss=loss,
        expression=expression,
        pred=pred_sort,
        closed_form=lambda tbar: np.array(tbar, dtype=float, copy=True),
    )


def map_surrogate():
    """The O(n^2) quadratic MAP surrogate of Ramaswamy et al. with its argmax pred.

    ``psi(u, y) = sum_{i <= j} (u_ij - y_i y_j / |y|_1)^2`` on ``u`` in
    ``R^{n(n+1)/2}`` (pairs in the order of ``numpy.triu_indices``; target 0 when
    ``|y|_1 = 0``), minimized by ``u*_ij = E[y_i y_j / |y|_1]``; pred is
    :func:`pred_map`.

    Returns
    -------
    Surrogate

    References
    ----------
    Seed 002, section 3.2; Ramaswamy, Agarwal and Tewari (2013), section 5.

    Examples
    --------
    >>> s = map_surrogate()
    >>> s.dimension(4)
    10
    >>> s.statistic([[1, 1, 0]]).round(3)      # pairs (0,0) (0,1) (0,2) (1,1) (1,2) (2,2)
    array([[0.5, 0.5, 0. , 0.5, 0. , 0. ]])
    """

    def statistic(labels):
        ys = _label_rows(labels)
        i, j = _map_pair_index(ys.shape[1])
        return _normalized(ys)[:, i] * ys[:, j]

    def loss(u, y):
        return float(np.sum((np.asarray(u, dtype=float) - statistic(y)[0]) ** 2))

    def expression(u, tbar):
        import cvxpy as cp

        return cp.sum_squares(u - tbar)

    return Surrogate(
        name="MAP quadratic (n(n+1)/2), argmax",
        dimension=lambda n: n * (n + 1) // 2,
        statistic=statistic,
        loss=loss,
        expression=expression,
        pred=pred_map,
        closed_form=lambda tbar: np.array(tbar, dtype=float, copy=True),
        pred_kind="argmax",
    )


def _phi_numpy(phi: str, t: np.ndarray) -> np.ndarray:
    if phi == "logistic":
        return np.logaddexp(0.0, -t)
    if phi == "exponential":
        return np.exp(-t)
    return np.maximum(0.0, 1.0 - t)


def pairwise_surrogate(
    phi="logistic", *, weights="ndcg_gain", gain="exponential", max_grade=None, reverse=False
):
    """The pairwise surrogate ``sum_j w_j(y) sum_{l != j} phi(u_j - u_l)`` with pred = sort.

    Zhang's (2004) pairwise-comparison loss with the NDCG weights
    ``w_j = G(y_j) / Z(y)`` (or another target of :func:`squared_surrogate`).
    Its conditional risk is ``sum_j wbar_j sum_l phi(u_j - u_l)`` with
    ``wbar = E[w(y)]``.  Closed-form minimizers (up to a shift):
    ``u_j = log wbar_j`` for the logistic ``phi(t) = log(1 + e^-t)`` and
    ``u_j = (1/2) log wbar_j`` for the exponential ``phi(t) = e^-t``; both order
    the items as ``wbar``, as Duchi et al.'s Corollary 1 demands.  An item with
    ``wbar_j = 0`` is sent to ``-inf`` (the infimum is not attained).  The hinge
    ``phi(t) = max(0, 1 - t)`` has no closed form (cvxpy only).

    Parameters
    ----------
    phi : {"logistic", "exponential", "hinge"}, default "logistic"
    weights : {"ndcg_gain", "err_gain", "relevance", "normalized"}, default "ndcg_gain"
        The per-item weights ``w(y)``, as the targets of :func:`squared_surrogate`.
    gain : {"exponential", "linear"}, default "exponential"
    max_grade : float, optional
        Required by ``weights="err_gain"``.
    reverse : bool, default False
        Use ``phi(u_l - u_j)`` instead, the formula as printed in Duchi et al.
        (2013), section 3.3: with a non-increasing ``phi`` its minimizer orders
        the items in the *reverse* order of ``wbar`` (``u = -log wbar`` for the
        logistic ``phi``).

    Returns
    -------
    Surrogate

    Raises
    ------
    ValueError, TypeError
        If an option is unknown, or "err_gain" lacks ``max_grade``.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 3.3 (after Corollary 1, citing
    Zhang (2004), Theorem 5; Buffoni et al. (2011); Ravikumar et al. (2011)).

    Examples
    --------
    >>> s = pairwise_surrogate("logistic")
    >>> m = surrogate_minimizer(s, [[2, 1, 0]], [1.0], method="closed_form")
    >>> pred_sort(m.scores)
    array([0, 1, 2])
    """
    kind = check_choice(phi, "phi", PAIRWISE_PHIS)
    target = check_choice(weights, "weights", SQUARED_TARGETS)
    gain = check_choice(gain, "gain", GAINS)
    if max_grade is not None:
        check_real(max_grade, "max_grade", positive=True, maximum=MAX_GRADE)
    reverse = check_bool(reverse, "reverse")
    function = _target_function(target, gain, max_grade)
    sign = -1.0 if reverse else 1.0

    def statistic(labels):
        return function(_label_rows(labels))

    def loss(u, y):
        u = np.asarray(u, dtype=float)
        w = statistic(y)[0]
        diff = sign * (u[:, None] - u[None, :])  # entry (j, l): u_j - u_l
        terms = _phi_numpy(kind, diff)
        np.fill_diagonal(terms, 0.0)
        return float(w @ terms.sum(axis=1))

    def expression(u, tbar):
        import cvxpy as cp

        m = u.shape[0]
        if m < 2:
            return cp.Constant(0.0) * cp.sum(u)
        pairs = [(j, other) for j in range(m) for other in range(m) if other != j]
        difference = np.zeros((len(pairs), m))
        select = np.zeros((len(pairs), m))
        for row, (j, other) in enumerate(pairs):
            difference[row, j], difference[row, other] = sign, -sign
            select[row, j] = 1.0
        t = difference @ u
        phis = {"logistic": cp.logistic(-t), "exponential": cp.exp(-t), "hinge": cp.pos(1 - t)}[
            kind
        ]
        return (select @ tbar) @ phis

    def closed_form(tbar):
        tbar = np.asarray(tbar, dtype=float)
        with np.errstate(divide="ignore"):
            logs = np.log(tbar) * (1.0 if kind == "logistic" else 0.5)
        finite = np.isfinite(logs)
        count = np.maximum(finite.sum(axis=-1, keepdims=True), 1)
        centre = np.where(finite, logs, 0.0).sum(axis=-1, keepdims=True) / count
        return sign * np.where(finite, logs - centre, -np.inf)

    name = f"pairwise {kind} on {_TARGET_NAMES[target]}" + (" (as printed)" if reverse else "")
    divergent = None if kind == "hinge" else (lambda tbar: np.asarray(tbar) <= 0.0)
    return Surrogate(
        name=name,
        dimension=lambda n: n,
        statistic=statistic,
        loss=loss,
        expression=expression,
        pred=pred_sort,
        closed_form=None if kind == "hinge" else closed_form,
        shift_invariant=True,
        divergent=divergent,
        divergence_sign=-sign,
    )


def _mean_statistic(surrogate: Surrogate, ys: np.ndarray, p: np.ndarray) -> np.ndarray:
    return p @ surrogate.statistic(ys)


def surrogate_risk(surrogate, u, labels, probs):
    """The conditional surrogate risk ``sum_j probs[j] psi(u, labels[j])``, exactly.

    Parameters
    ----------
    surrogate : Surrogate
    u : array_like of shape (d,)
        Finite scores, ``d = surrogate.dimension(n)``.
    labels : array_like of shape (k, n)
    probs : array_like of shape (k,)

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If ``u`` has the wrong length or is not finite, or the distribution is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (5).

    Examples
    --------
    >>> surrogate_risk(squared_surrogate(), [0.5, 0.5], [[1, 0], [0, 1]], [0.5, 0.5])
    0.5
    """
    surrogate = check_instance(surrogate, "surrogate", Surrogate, "e.g. from squared_surrogate()")
    ys = check_label_set(labels, max_items=MAX_RISK_ENUMERATION)
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    d = surrogate.dimension(ys.shape[1])
    scores = check_array(u, "u", ndim=1, max_abs=MAX_MAGNITUDE)
    if scores.shape != (d,):
        raise ValueError(f"u must have shape ({d},) for {ys.shape[1]} items, got {scores.shape}")
    return float(
        sum(pj * surrogate.loss(scores, y) for pj, y in zip(p[0], ys, strict=True) if pj > 0)
    )


@dataclass(frozen=True)
class SurrogateMinimizer:
    """A minimizer of a conditional surrogate risk.

    Attributes
    ----------
    scores : ndarray
        The minimizer ``u*`` (entries may be ``-inf``/``+inf`` where a minimizing
        sequence diverges; see :class:`Surrogate`).
    status : str
        cvxpy's status ("optimal", "optimal_inaccurate"), "closed form", or
        "constant" (the risk does not depend on ``u``: every ``u`` minimizes).
    method : str
        "cvxpy" or "closed_form".
    """

    scores: np.ndarray
    status: str
    method: str

    def __repr__(self) -> str:
        return (
            f"SurrogateMinimizer(scores={np.round(self.scores, 4).tolist()}, "
            f"status={self.status!r})"
        )


def _cvxpy_minimize(surrogate: Surrogate, tbar: np.ndarray, d: int, solver) -> tuple:
    import cvxpy as cp

    key = (d, solver)
    if key not in surrogate._problems:
        u = cp.Variable(d)
        t = cp.Parameter(tbar.shape[0], nonneg=True)
        constraints = [cp.sum(u) == 0] if surrogate.shift_invariant else []
        problem = cp.Problem(cp.Minimize(surrogate.expression(u, t)), constraints)
        surrogate._problems[key] = (problem, u, t)
    problem, u, t = surrogate._problems[key]
    t.value = np.maximum(tbar, 0.0)
    solve(problem, solver, f"the conditional risk of {surrogate.name}")
    if u.value is None:
        raise SolverError(
            f"the conditional risk of {surrogate.name}: solver {solver} "
            f"returned no minimizer (status {problem.status!r})"
        )
    return np.asarray(u.value, dtype=float), str(problem.status)


def _minimize(
    surrogate: Surrogate, tbar: np.ndarray, n: int, method: str, solver
) -> SurrogateMinimizer:
    d = surrogate.dimension(n)
    if method == "closed_form":
        if surrogate.closed_form is None:
            raise ValueError(
                f"surrogate {surrogate.name!r} has no closed-form minimizer; use method='cvxpy'"
            )
        return SurrogateMinimizer(surrogate.closed_form(tbar), "closed form", method)
    mask = (
        np.zeros(d, dtype=bool)
        if surrogate.divergent is None
        else np.asarray(surrogate.divergent(tbar), dtype=bool)
    )
    scores = np.full(d, surrogate.divergence_sign * np.inf)
    if mask.all():
        return SurrogateMinimizer(np.zeros(d), "constant", method)
    rest = ~mask
    scores[rest], status = _cvxpy_minimize(surrogate, tbar[rest], int(rest.sum()), solver)
    return SurrogateMinimizer(scores, status, method)


def surrogate_minimizer(surrogate, labels, probs, *, method="cvxpy", solver=None):
    """Minimize the conditional surrogate risk ``sum_j probs[j] psi(u, labels[j])`` over ``u``.

    Parameters
    ----------
    surrogate : Surrogate
        From :func:`squared_surrogate`, :func:`map_surrogate`,
        :func:`pairwise_surrogate`, or built by hand.
    labels : array_like of shape (k, n)
        The label set.
    probs : array_like of shape (k,)
        Probabilities of the labels.
    method : {"cvxpy", "closed_form"}, default "cvxpy"
        "cvxpy" solves the convex problem (built once per surrogate and size,
        with the mean statistic as a ``cp.Parameter``, then re-solved);
        "closed_form" uses the surrogate's closed form.
    solver : str, optional
        A cvxpy solver name; CLARABEL if None (the same solver on every cvxpy
        version, accurate to about 1e-8).

    Returns
    -------
    SurrogateMinimizer
        The minimizer and the solver status.  For a shift-invariant surrogate
        the minimizer with ``sum(u) = 0`` (over its finite entries).

    Raises
    ------
    ValueError, TypeError
        If the distribution or ``method`` is invalid, or there is no closed form.
    rankviz.SolverError
        If cvxpy fails (solver error, or a status other than optimal).

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (5); seed 002, section 1.

    Examples
    --------
    >>> labels, probs = [[1, 0, 1], [0, 1, 1]], [0.25, 0.75]
    >>> m = surrogate_minimizer(squared_surrogate(), labels, probs)
    >>> np.round(m.scores, 4), m.status
    (array([0.25, 0.75, 1.  ]), 'optimal')
    """
    surrogate = check_instance(surrogate, "surrogate", Surrogate, "e.g. from squared_surrogate()")
    how = check_choice(method, "method", ("cvxpy", "closed_form"))
    ys = check_label_set(labels, max_items=MAX_RISK_ENUMERATION)
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    solver = check_solver(solver)
    tbar = _mean_statistic(surrogate, ys, p[0])
    return _minimize(surrogate, tbar, ys.shape[1], how, solver)


# --------------------------------------------------------------------------- #
# chapter 07: the pairwise surrogates (12), (13) and the aggregated one (23)
# --------------------------------------------------------------------------- #
def graph_surrogate_risk(alpha, mu, phi, form="pairwise"):
    """The conditional surrogate risk of scores: eq. (12) or (13) averaged over ``mu``.

    ``form="pairwise"``: ``sum_{i != j} Y^mu_ij phi(a_i - a_j)`` (eq. 12 with
    ``h`` the identity, so only ``Y^mu`` matters).  ``form="margin"``:
    ``E_mu sum_{i, j: Y_ij > 0} phi(a_i - a_j - Y_ij)`` (eq. 13 with ``h`` the
    identity: each preference asks for a margin equal to its weight; the whole
    distribution matters, not only its mean).

    Parameters
    ----------
    alpha : array_like of shape (n,) or (q, n)
        Scores, or a batch of them.
    mu : sequence of (float, array_like) or LowNoiseCounterexample
        A distribution over preference DAGs on ``n`` items.
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
        The convex loss of the margin (:data:`SURROGATES`).
    form : {"pairwise", "margin"}, default "pairwise"

    Returns
    -------
    float or ndarray of shape (q,)

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (12) and (13).

    Examples
    --------
    >>> mu = [(0.5, [[0, 2], [0, 0]]), (0.5, [[0, 0], [1, 0]])]
    >>> graph_surrogate_risk([1.0, 0.0], mu, "hinge")            # 1 (1 - 1)_+ + 0.5 (1 + 1)_+
    1.0
    >>> graph_surrogate_risk([1.0, 0.0], mu, "hinge", "margin")  # 0.5 (1 - 1 + 2) + 0.5 (1 + 1 + 1)
    2.5
    """
    phi = check_choice(phi, "phi", SURROGATES)
    form = check_choice(form, "form", FORMS)
    probs, graphs = check_preference_distribution(mu)
    alpha = _check_scores(alpha, graphs.shape[1])
    return _risk(alpha, _terms(probs, graphs, form), phi)


def aggregated_surrogate_risk(alpha, Y_mean, phi):
    """The aggregated surrogate (23): ``sum_{i, j} [s_ij - s_ji]_+ phi(a_i - a_j)``.

    Parameters
    ----------
    alpha : array_like of shape (n,) or (q, n)
        Scores, or a batch of them.
    Y_mean : array_like of shape (n, n)
        The averaged preference graph ``s`` (e.g. :func:`mean_adjacency`).
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}

    Returns
    -------
    float or ndarray of shape (q,)

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (23).

    Examples
    --------
    >>> aggregated_surrogate_risk([1.0, 0.0], [[0, 2], [1, 0]], "hinge")   # 1 * (1 - 1)_+
    0.0
    """
    phi = check_choice(phi, "phi", SURROGATES)
    Y = as_weight_matrix(Y_mean, "Y_mean", min_items=2)
    alpha = _check_scores(alpha, Y.shape[0])
    return _risk(alpha, _aggregated_terms(_difference(Y)), phi)


@dataclass(frozen=True, eq=False)
class SurrogateSolution:
    """A minimiser of a conditional surrogate risk, as returned by the cvxpy solver.

    Attributes
    ----------
    alpha : ndarray of shape (n,)
        The minimising scores; ``alpha[0] = 0`` (and 0 for the first item of
        every group of items that no term links to the others).
    value : float
        The surrogate risk at ``alpha``, recomputed in numpy.
    status : str
        cvxpy's status: "optimal" or "optimal_inaccurate".
    solver : str
        The solver that produced it ("CLARABEL", "SCS"; "none" when there is
        no term to minimise).
    phi, form : str
        The surrogate (:data:`SURROGATES`) and "pairwise", "margin" or
        "aggregated".
    """

    alpha: np.ndarray
    value: float
    status: str
    solver: str
    phi: str
    form: str

    def __repr__(self) -> str:
        alpha = np.array2string(self.alpha, precision=4, separator=", ", suppress_small=True)
        return (
            f"SurrogateSolution(phi={self.phi!r}, form={self.form!r}, alpha={alpha}, "
            f"value={self.value:.6g}, status={self.status!r}, solver={self.solver!r})"
        )


def graph_surrogate_minimizer(mu, phi, form="pairwise"):
    """Minimise the conditional surrogate risk (12) or (13) with cvxpy.

    The risk (:func:`graph_surrogate_risk`) is shift invariant, so ``alpha[0]`` is
    fixed at 0 (``alpha_1 = 0`` in the paper's 1-based notation); items that
    no term links to item 0 form separate groups, whose first item is fixed
    at 0 as well.  The hinge is a linear programme, the squared hinge a
    quadratic one; exponential and logistic losses go through cvxpy's ``exp``
    and ``logistic`` atoms (exponential cone).  CLARABEL solves them with
    tolerances 1e-10 (SCS is the fallback); for the differentiable losses a few
    safeguarded Newton steps on the exact gradient then polish the scores to
    about 1e-10 (the interior-point scores alone are accurate to about 1e-5 on
    flat risks).  The parametrised problem is built once per surrogate, number
    of items and number of terms, then re-solved.

    Parameters
    ----------
    mu : sequence of (float, array_like) or LowNoiseCounterexample
        A distribution over preference DAGs.
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
    form : {"pairwise", "margin"}, default "pairwise"
        Eq. (12) or eq. (13), both with ``h`` the identity.

    Returns
    -------
    SurrogateSolution
        The scores, the risk there and the solver's status.  Hinge and squared
        hinge minimisers need not be unique; the one of smallest Euclidean norm
        (``alpha[0] = 0`` still) is returned: a second solve over the set of
        minimisers (described, for the hinge, by complementary slackness with a
        vertex of the dual from HiGHS's dual simplex, exact to rounding; for the
        squared hinge, by the active pieces), refined on the constraints tight
        there and kept only when the optimality conditions of the smallest point
        hold.  For the hinge this holds with weights down to about 1e-11 of the
        largest (tested against an exact enumeration on three items).  When
        they fail, or a hinge weight is smaller than that, the first solver's
        minimiser is returned and the status says so: "optimal (smallest
        minimiser not certified)".  The smallest minimiser need not be a
        vertex: on a flat optimal set it may have fractional scores.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid; if ``phi`` is logistic or exponential and
        the risk has no minimiser (some items can be raised without end
        because no term pulls them down: the message names them).
    rankviz.SolverError
        If both solvers fail (the message gives their statuses).

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (12), (13), Theorems 2 and 3.

    Examples
    --------
    >>> mu = [(0.5, [[0, 2], [0, 0]]), (0.5, [[0, 0], [1, 0]])]
    >>> sol = graph_surrogate_minimizer(mu, "exponential")   # exp(-a) + 0.5 exp(a): a = log(2)/2
    >>> round(float(sol.alpha[0] - sol.alpha[1]), 4), sol.status
    (0.3466, 'optimal')
    """
    phi = check_choice(phi, "phi", SURROGATES)
    form = check_choice(form, "form", FORMS)
    probs, graphs = check_preference_distribution(mu)
    return SurrogateSolution(
        *_minimize_terms(_terms(probs, graphs, form), graphs.shape[1], phi), phi, form
    )


def aggregated_surrogate_minimizer(Y_mean, phi):
    """Minimise the aggregated surrogate (23), whose weights are the difference graph's.

    ``phi_agg(alpha, s) = sum_{i, j} [s_ij - s_ji]_+ phi(alpha_i - alpha_j)``,
    with ``s`` the averaged preference graph.  Only one of each pair of
    opposite edges carries weight, so nothing pulls a pair the wrong way:
    whenever the difference graph is acyclic, every minimiser orders every one
    of its edges strictly (Duchi et al., section 5.3), low noise or not.

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        The averaged preference graph ``s`` (any number of items, non-negative
        weights, zero diagonal).
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}

    Returns
    -------
    SurrogateSolution
        With ``form="aggregated"``; ``alpha[0] = 0`` as in
        :func:`graph_surrogate_minimizer`.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid; if ``phi`` is "logistic" or "exponential"
        and the difference graph has an edge (then the difference graph is a
        DAG or has a source group, no term ever pulls its top items down, and
        the infimum, 0 when acyclic, is only approached as the scores spread
        without bound).
    rankviz.SolverError
        If the solvers fail.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (23) and the discussion after it.

    Examples
    --------
    >>> sol = aggregated_surrogate_minimizer([[0, 2, 3], [1, 0, 1], [0, 0, 0]], "hinge")
    >>> bool(sol.alpha[0] - sol.alpha[1] >= 1 - 1e-6 and sol.alpha[1] - sol.alpha[2] >= 1 - 1e-6)
    True
    """
    phi = check_choice(phi, "phi", SURROGATES)
    Y = as_weight_matrix(Y_mean, "Y_mean", min_items=2)
    return SurrogateSolution(
        *_minimize_terms(_aggregated_terms(_difference(Y)), Y.shape[0], phi), phi, "aggregated"
    )


#: The losses :func:`weighted_pairs_margins` handles: those whose optimal set is a polyhedron.
MARGIN_RANGE_PHIS = ("hinge", "squared_hinge")


def weighted_pairs_margins(W, phi, *, tol=1e-7):
    """Minimise ``sum_ij W_ij phi(a_i - a_j)`` and bound each edge's margin over *all* minimisers.

    One convex programme (cvxpy, CLARABEL; ``a_0 = 0``) gives a minimiser and the minimum
    ``R*``; then, for every pair with ``W_ij > 0``, a second one finds the smallest
    ``a_i - a_j`` over the scores with risk at most ``R* + tol * sum(W)`` (a slack relative to
    the risk's scale, so multiplying ``W`` by a constant leaves the margins unchanged).  With
    ``W`` the difference graph this is the aggregated loss (23), with ``W`` the mean graph the
    pairwise form (12): the same programme, only the weights differ.  A positive smallest
    margin on every edge means that *every* minimiser orders every edge, not only the one a
    solver returns.

    Parameters
    ----------
    W : array_like of shape (n, n)
        Non-negative weights, zero diagonal.
    phi : {"hinge", "squared_hinge"}
        Losses whose infimum is attained (the logistic and exponential losses of (23) have
        no minimiser on an acyclic difference graph).
    tol : float, default 1e-7
        How far above the minimum, relative to ``sum(W)``, a score vector's risk may be and
        still count as a minimiser; at most 1.

    Returns
    -------
    alpha : ndarray of shape (n,)
        A minimiser.
    smallest : dict of (int, int) to float
        For each pair ``i -> j`` with ``W_ij > 0``, the smallest ``a_i - a_j`` over the
        minimisers.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.
    rankviz.SolverError
        If the solver fails.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (12) and (23).

    Examples
    --------
    >>> alpha, smallest = weighted_pairs_margins([[0, 0.5, 3], [0, 0, 2], [0, 0, 0]], "hinge")
    >>> {edge: round(m, 4) for edge, m in smallest.items()}   # (23) on the running example
    {(0, 1): 1.0, (0, 2): 2.0, (1, 2): 1.0}
    """
    W = as_weight_matrix(W, "W", min_items=2)
    phi = check_choice(phi, "phi", MARGIN_RANGE_PHIS)
    # a slack beyond the risk's own scale sum(W) no longer bounds the margins
    tol = check_real(tol, "tol", nonnegative=True, maximum=1.0)
    n = W.shape[0]
    scores = cp.Variable(n)
    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(W > 0), strict=True)]
    if not edges:
        return np.zeros(n), {}
    risk = sum(W[i, j] * _PHI_CVXPY[phi](scores[i] - scores[j]) for i, j in edges)
    problem = cp.Problem(cp.Minimize(risk), [scores[0] == 0])
    solve(problem, "CLARABEL", f"the {phi} risk")
    if scores.value is None:
        raise SolverError(f"the {phi} risk could not be minimised: {problem.status}")
    alpha, best = np.array(scores.value, dtype=float) + 0.0, float(problem.value)
    # relative to the risk's scale sum(W) (the risk of a = 0, at least R*): scaling W leaves the
    # margins unchanged, where an absolute slack would loosen them as the weights shrink
    slack = tol * float(W.sum())
    smallest = {}
    for i, j in edges:
        worst = cp.Problem(
            cp.Minimize(scores[i] - scores[j]), [scores[0] == 0, risk <= best + slack]
        )
        solve(worst, "CLARABEL", f"the smallest margin of {i}->{j}")
        if worst.value is None or not np.isfinite(worst.value):
            raise SolverError(
                f"the smallest margin of {i}->{j} could not be computed: {worst.status}"
            )
        smallest[(i, j)] = float(worst.value)
    return alpha, smallest
