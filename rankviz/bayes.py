"""Bayes-optimal rankings, surrogate minimizers and calibration, computed exactly for small n.

The objects of chapter 06, made computable by enumerating the ``n!`` permutations:

* a **target loss** is a function ``loss(sigma, y)`` of a permutation ``sigma``
  (``sigma[i]`` the 0-based position of item ``i``, as in
  :mod:`rankviz.permutations`) and a label ``y`` (a relevance vector, or a
  preference graph as an ``(n, n)`` weight matrix).  It must also accept a
  2-D array of permutations, one per row, and return one loss per row, as
  every measure of :mod:`rankviz.measures` does (a permutation enters a
  measure as the scores ``-sigma``).  :func:`precision_loss`, :func:`map_loss`,
  :func:`ndcg_loss`, :func:`err_loss` and :func:`pairwise_disagreement_loss`
  build the chapter's losses from chapter 01's measures;
* a **label distribution** is a finite set of labels (``labels[j]``, the first
  axis enumerates them) with probabilities ``probs[j]``;
* the **conditional risk** of ``sigma`` is ``sum_j probs[j] loss(sigma, labels[j])``
  (:func:`conditional_risk`, one value per permutation in the order of
  :func:`rankviz.permutations.all_permutations`), and the **Bayes set** holds
  every permutation whose risk is within ``tol`` of the minimum
  (:func:`bayes_permutations`: ties matter, the whole set is returned);
* a **surrogate** (:class:`Surrogate`) is a convex loss ``psi(u, y)`` of a
  score vector ``u`` and a prediction map ``pred`` from scores to
  permutations.  Its conditional risk depends on the distribution only through
  the mean ``tbar = probs @ statistic(labels)`` of a per-label statistic, which
  makes a cvxpy problem built once reusable (``tbar`` is a ``cp.Parameter``)
  and gives closed-form minimizers for :func:`squared_surrogate`,
  :func:`map_surrogate` and the logistic and exponential
  :func:`pairwise_surrogate`;
* the surrogate is **calibrated at** a distribution when ``pred`` of the
  minimizer of its conditional risk is in the Bayes set
  (:func:`is_calibrated_at`, :func:`calibration_regret`);
  :func:`find_calibration_counterexample` searches for a distribution where it
  is not, and :func:`structure_consistency_gap` computes the gap of Duchi et
  al.'s Definition 3 with cvxpy.

Numerical tolerance: a permutation is in the Bayes set when its conditional
risk is at most ``min + tol`` with ``tol = DEFAULT_TOL = 1e-9`` by default.
The chapter's losses lie in [0, 1] and their risks are computed in floating
point with errors near 1e-15, so exact ties (which are common: Precision@q
does not care about the order below position q) are recognised, while genuine
differences in the examples are above 1e-6.

References
----------
Seed 002 ("A survey of ranking algorithms"), sections 1 and 3 (surrogates,
pred, l-calibration, Precision@q and MAP); Ramaswamy, Agarwal and Tewari,
"Convex calibrated surrogates for low-rank loss matrices with applications to
subset ranking losses", NIPS 2013; Duchi, Mackey and Jordan (2013), section 3
(Definitions 1-3, Theorem 1, Proposition 2, Corollary 1, eqs. (14), (16),
Lemma 1); seed 001 ("NDCG"), the least-squares surrogate.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from rankviz._solvers import DEFAULT_SOLVER
from rankviz._validation import (
    as_generator,
    check_choice,
    check_int,
    check_real,
)
from rankviz.measures import (
    GAINS,
    average_precision,
    dcg,
    dcg_discounts,
    dcg_gains,
    err,
    ndcg,
    precision_at_k,
)
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import all_permutations, sigma_from_scores

__all__ = [
    "DEFAULT_TOL",
    "MAX_RISK_ENUMERATION",
    "PAIRWISE_PHIS",
    "SQUARED_TARGETS",
    "CalibrationCheck",
    "Counterexample",
    "NdcgRegressionBound",
    "RankingLoss",
    "SimplexGrid",
    "Surrogate",
    "SurrogateMinimizer",
    "SurrogateSolverError",
    "bayes_permutations",
    "calibration_regret",
    "conditional_risk",
    "err_loss",
    "find_calibration_counterexample",
    "is_calibrated_at",
    "label_set",
    "loss_matrix",
    "loss_matrix_rank",
    "map_loss",
    "map_surrogate",
    "ndcg_loss",
    "ndcg_regression_bound",
    "pairwise_disagreement_loss",
    "pairwise_surrogate",
    "precision_loss",
    "pred_map",
    "pred_sort",
    "product_distribution",
    "satisfies_map_reinforcement",
    "simplex_grid",
    "squared_surrogate",
    "structure_consistency_gap",
    "surrogate_minimizer",
    "surrogate_risk",
]

#: Largest number of items for which the conditional risk is enumerated (7! = 5040).
MAX_RISK_ENUMERATION = 7

#: Default tolerance of "in the Bayes set": risk <= minimum + DEFAULT_TOL.
DEFAULT_TOL = 1e-9

#: Targets of :func:`squared_surrogate`.
SQUARED_TARGETS = ("relevance", "normalized", "ndcg_gain", "err_gain")

#: Pairwise functions phi of :func:`pairwise_surrogate`.
PAIRWISE_PHIS = ("logistic", "exponential", "hinge")

_LABEL_KINDS = ("binary", "grades", "graph")


# --------------------------------------------------------------------------- #
# label sets and distributions
# --------------------------------------------------------------------------- #
def label_set(n, grades=(0, 1)):
    """Every relevance vector of ``n`` items with entries in ``grades``.

    Parameters
    ----------
    n : int
        Number of items, ``1 <= n <= MAX_RISK_ENUMERATION``.
    grades : sequence of float, default (0, 1)
        The possible grades (distinct, non-negative); ``(0, 1)`` gives the
        binary relevance vectors ``{0, 1}^n``.

    Returns
    -------
    ndarray of float, shape (len(grades) ** n, n)
        One label vector per row, in lexicographic order of ``grades``.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is out of range, or ``grades`` is empty, repeated or negative.

    Examples
    --------
    >>> label_set(2)
    array([[0., 0.],
           [0., 1.],
           [1., 0.],
           [1., 1.]])
    >>> label_set(3, grades=(0, 1, 2)).shape
    (27, 3)
    """
    n = check_int(n, "n", minimum=1, maximum=MAX_RISK_ENUMERATION)
    values = _grades(grades)
    return np.array(list(itertools.product(values, repeat=n)), dtype=float).reshape(-1, n)


def _grades(grades) -> np.ndarray:
    values = np.asarray(grades, dtype=float) if not isinstance(grades, (str, bytes)) else None
    if values is None or values.ndim != 1 or values.size == 0:
        raise ValueError(f"grades must be a non-empty sequence of numbers, got {grades!r}")
    if not np.isfinite(values).all() or (values < 0).any():
        raise ValueError(f"grades must be finite and non-negative, got {values}")
    if np.unique(values).size != values.size:
        raise ValueError(f"grades must be distinct, got {values}")
    return values


def product_distribution(marginals, grades=None):
    """The product measure of independent items: labels and their probabilities.

    Item ``i`` takes grade ``grades[g]`` with probability ``marginals[i, g]``,
    independently of the other items (the setting of Duchi et al.'s Lemma 1).

    Parameters
    ----------
    marginals : array_like of shape (n, g)
        One probability vector per item (rows non-negative, summing to 1).  A
        1-D array of length ``n`` is read as the probabilities of grade 1 of
        binary items: row ``i`` becomes ``(1 - p_i, p_i)``.
    grades : sequence of float, optional
        The grades, ``0, 1, ..., g - 1`` by default.

    Returns
    -------
    labels : ndarray of shape (g ** n, n)
        As :func:`label_set`.
    probs : ndarray of shape (g ** n,)
        The product probabilities.

    Raises
    ------
    ValueError, TypeError
        If a row is not a probability vector, ``n`` is too large, or ``grades``
        does not match the number of columns.

    Examples
    --------
    >>> labels, probs = product_distribution([0.5, 0.9])
    >>> labels.tolist(), probs.round(3).tolist()
    ([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], [0.05, 0.45, 0.05, 0.45])
    """
    m = np.asarray(marginals, dtype=float) if not isinstance(marginals, (str, bytes)) else None
    if m is None or m.ndim not in (1, 2) or m.size == 0:
        raise ValueError("marginals must be a 1-D array of probabilities or a 2-D array with "
                         "one probability vector per item")
    if m.ndim == 1:
        m = np.column_stack([1.0 - m, m])
    if not np.isfinite(m).all() or (m < 0).any() or (m > 1).any():
        raise ValueError("marginals must hold probabilities in [0, 1]")
    if not np.allclose(m.sum(axis=1), 1.0, atol=1e-9):
        raise ValueError(f"marginals: each item's probabilities must sum to 1, got "
                         f"{np.round(m.sum(axis=1), 6)}")
    n, g = m.shape
    values = np.arange(g, dtype=float) if grades is None else _grades(grades)
    if values.size != g:
        raise ValueError(f"grades must give one grade per column of marginals ({g}), "
                         f"got {values.size}")
    labels = label_set(n, values)
    index = np.array(list(itertools.product(range(g), repeat=n))).reshape(-1, n)
    probs = np.prod(m[np.arange(n), index], axis=1)
    return labels, probs


# --------------------------------------------------------------------------- #
# target losses
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class RankingLoss:
    """A target loss ``loss(sigma, y)``, callable on one permutation or a batch (rows).

    Attributes
    ----------
    name : str
        Shown in figures and reprs.
    label_kind : {"binary", "grades", "graph"}
        What a label is: a 0/1 vector, a vector of non-negative grades, or a
        preference graph (an ``(n, n)`` weight matrix).
    function : callable
        ``function(sigma, y)`` with ``sigma`` of shape (n,) or (m, n).
    """

    name: str
    label_kind: str
    function: Callable = field(repr=False)

    def __call__(self, sigma, y):
        return self.function(sigma, y)

    def __repr__(self) -> str:
        return f"RankingLoss({self.name!r}, labels: {self.label_kind})"


def precision_loss(q):
    """The Precision@q loss ``1 - Prec@q(sigma, y)`` on binary labels.

    ``1 - (1/q) sum_{i : sigma(i) <= q} y_i`` with 1-based positions, built on
    :func:`rankviz.measures.precision_at_k`.

    Parameters
    ----------
    q : int
        The cut-off, ``q >= 1``.

    Returns
    -------
    RankingLoss

    Raises
    ------
    ValueError, TypeError
        If ``q`` is not an integer >= 1.

    References
    ----------
    Seed 002, section 3.1; Ramaswamy, Agarwal and Tewari (2013), section 5.

    Examples
    --------
    >>> loss = precision_loss(2)
    >>> loss([0, 1, 2], [1, 0, 1])            # items 0 and 1 on top: one relevant of two
    0.5
    >>> loss([[0, 1, 2], [0, 2, 1]], [1, 0, 1])
    array([0.5, 0. ])
    """
    q = check_int(q, "q", minimum=1)
    return RankingLoss(f"Precision@{q}", "binary",
                       lambda sigma, y: 1.0 - precision_at_k(y, -np.asarray(sigma), k=q))


def map_loss():
    """The MAP loss ``1 - AP(sigma, y)`` on binary labels (the corrected form of seed 002).

    Built on :func:`rankviz.measures.average_precision`.  A label without a
    relevant item gets AP = 0 (loss 1 for every permutation, so it does not
    change which permutation is best).

    Returns
    -------
    RankingLoss

    References
    ----------
    Seed 002, section 3.2 (whose inner sum must run over ``sigma(j) <= sigma(i)``,
    chapter 01); Ramaswamy, Agarwal and Tewari (2013), section 5.

    Examples
    --------
    >>> loss = map_loss()
    >>> round(loss([1, 0, 2], [1, 0, 1]), 4)     # relevant items at positions 2 and 3
    0.4167
    >>> loss([0, 1, 2], [0, 0, 0])
    1.0
    """
    return RankingLoss("MAP", "binary", lambda sigma, y: 1.0 - average_precision(
        y, -np.asarray(sigma), if_no_relevant="zero"))


def ndcg_loss(gain="exponential", k=None):
    """The NDCG loss ``1 - NDCG@k(sigma, y)``, Duchi et al.'s family (14), on grades.

    Built on :func:`rankviz.measures.ndcg` (discount ``1 / log2(1 + r)``).  A
    label whose grades are all zero gets NDCG = 0 (loss 1 for every
    permutation).

    Parameters
    ----------
    gain : {"exponential", "linear"}, default "exponential"
        ``G(y) = 2**y - 1`` or ``G(y) = y``.
    k : int, optional
        Cut-off; the whole list by default.

    Returns
    -------
    RankingLoss

    Raises
    ------
    ValueError, TypeError
        If ``gain`` is unknown or ``k`` is not an integer >= 1.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (14); seed 001.

    Examples
    --------
    >>> round(ndcg_loss()([1, 0], [0, 2]), 4)      # the grade-2 item on top
    0.0
    >>> round(ndcg_loss()([0, 1], [0, 2]), 4)      # 1 - (3 / log2 3) / 3
    0.3691
    """
    kind = check_choice(gain, "gain", GAINS)
    if k is not None:
        k = check_int(k, "k", minimum=1)
    name = "NDCG" + ("" if k is None else f"@{k}")
    return RankingLoss(name, "grades", lambda sigma, y: 1.0 - ndcg(
        y, -np.asarray(sigma), k, gain=kind, if_no_relevant="zero"))


def err_loss(max_grade):
    """The ERR loss ``1 - ERR(sigma, y)``, Duchi et al.'s family (16), on grades.

    The satisfaction probability of grade ``g`` is ``(2**g - 1) / 2**max_grade``
    with ``max_grade`` fixed (the top of the scale), so that ``G`` is one
    function of the grade as (16) requires; see :func:`rankviz.measures.err`.

    Parameters
    ----------
    max_grade : float
        The top grade of the scale, > 0.

    Returns
    -------
    RankingLoss

    Raises
    ------
    ValueError, TypeError
        If ``max_grade`` is not a positive number.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (16) and Lemma 1; Chapelle et al. (2009).

    Examples
    --------
    >>> err_loss(1)([0, 1], [1, 1])      # R = 1/2 each: 1 - (1/2 + (1/2)(1/2)/2)
    0.375
    """
    top = check_real(max_grade, "max_grade", positive=True)
    return RankingLoss(f"ERR (max grade {top:g})", "grades",
                       lambda sigma, y: 1.0 - err(y, -np.asarray(sigma), max_grade=top))


def pairwise_disagreement_loss():
    """Duchi et al.'s pairwise disagreement (10) as a loss of a permutation and a graph.

    A label is a preference graph, an ``(n, n)`` weight matrix; the loss is the
    weight of the violated edges (:func:`rankviz.pairwise.pairwise_disagreement`
    with the scores ``-sigma``, which have no ties).

    Returns
    -------
    RankingLoss

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (10).

    Examples
    --------
    >>> W = [[0, 1, 0], [0, 0, 2], [0, 0, 0]]     # 0 above 1, 1 above 2 (weight 2)
    >>> pairwise_disagreement_loss()([2, 1, 0], W)
    3.0
    """
    return RankingLoss("pairwise disagreement", "graph",
                       lambda sigma, y: pairwise_disagreement(-np.asarray(sigma), y))


# --------------------------------------------------------------------------- #
# validation shared by the enumeration functions
# --------------------------------------------------------------------------- #
def _check_labels(labels, kind: str | None = None) -> np.ndarray:
    """Labels as a float array of shape (k, n) or (k, n, n); n <= MAX_RISK_ENUMERATION."""
    if isinstance(labels, (str, bytes)):
        raise TypeError(f"labels must be an array of label vectors, got {type(labels).__name__}")
    try:
        arr = np.asarray(labels)
    except Exception as exc:  # ragged lists
        raise ValueError(f"labels could not be read as an array (label vectors of unequal "
                         f"length?): {exc}") from None
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.number)
                                   or np.issubdtype(arr.dtype, np.bool_)):
        raise TypeError(f"labels must contain numbers, got dtype {arr.dtype}")
    arr = arr.astype(float)
    if kind == "graph":
        if arr.ndim != 3 or arr.shape[1] != arr.shape[2]:
            raise ValueError(f"labels must be preference graphs, an array of shape (k, n, n), "
                             f"got shape {arr.shape}")
    elif arr.ndim == 3 and arr.shape[1] == arr.shape[2]:
        if kind is not None:
            raise ValueError(f"labels must be relevance vectors of shape (k, n) for a loss on "
                             f"{kind} labels, got preference graphs of shape {arr.shape}")
    elif arr.ndim != 2:
        raise ValueError(f"labels must be a 2-D array with one label vector per row, "
                         f"got shape {arr.shape}")
    if arr.shape[0] == 0 or arr.shape[1] == 0:
        raise ValueError(f"labels is empty (shape {arr.shape})")
    if arr.shape[1] > MAX_RISK_ENUMERATION:
        raise ValueError(f"labels has n = {arr.shape[1]} items; enumerating the n! "
                         f"permutations is limited to n <= {MAX_RISK_ENUMERATION}")
    if not np.isfinite(arr).all():
        raise ValueError("labels contains NaN or infinite values")
    if (arr < 0).any():
        raise ValueError(f"labels must be non-negative (grades or edge weights); found "
                         f"{arr.min():g}")
    if kind == "binary" and not np.isin(arr, (0.0, 1.0)).all():
        raise ValueError(f"labels must be binary (0/1) for this loss; found values "
                         f"{np.unique(arr)[:6]}")
    return arr


def _check_probs(probs, k: int, name: str = "probs") -> tuple[np.ndarray, bool]:
    """Probability vector(s) over k labels: shape (k,) or (m, k); rows sum to 1."""
    if isinstance(probs, (str, bytes)):
        raise TypeError(f"{name} must be an array of probabilities, got {type(probs).__name__}")
    try:
        p = np.asarray(probs, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{name} must be an array of probabilities: {exc}") from None
    if p.ndim not in (1, 2):
        raise ValueError(f"{name} must be 1-D (one distribution) or 2-D (one per row), "
                         f"got shape {p.shape}")
    batched = p.ndim == 2
    p = np.atleast_2d(p)
    if p.shape[1] != k:
        raise ValueError(f"{name} must give one probability per label ({k} labels), "
                         f"got {p.shape[1]}")
    if not np.isfinite(p).all():
        raise ValueError(f"{name} contains NaN or infinite values")
    if (p < 0).any():
        raise ValueError(f"{name} must be non-negative, found {p.min():g}")
    sums = p.sum(axis=1)
    if not np.allclose(sums, 1.0, rtol=0.0, atol=1e-9):
        bad = sums[np.argmax(np.abs(sums - 1.0))]
        raise ValueError(f"{name} must sum to 1, got {bad:.6g}")
    return p / sums[:, None], batched


def _check_tol(tol) -> float:
    return check_real(tol, "tol", nonnegative=True)


# --------------------------------------------------------------------------- #
# loss matrices, conditional risks and Bayes sets
# --------------------------------------------------------------------------- #
def loss_matrix(loss, n, labels, *, batched=True):
    """The loss matrix: ``L[s, j] = loss(sigma_s, labels[j])`` over all permutations.

    Rows follow :func:`rankviz.permutations.all_permutations` (lexicographic
    order of ``sigma``); columns follow ``labels``.

    Parameters
    ----------
    loss : callable
        ``loss(sigma, y)``; a :class:`RankingLoss` or any function of the same
        form.  With ``batched=True`` it receives all ``n!`` permutations at
        once (an ``(n!, n)`` array) and must return ``n!`` values.
    n : int
        Number of items, ``1 <= n <= MAX_RISK_ENUMERATION``.
    labels : array_like of shape (k, n), or (k, n, n) for preference graphs
        The label set.
    batched : bool, default True
        False calls ``loss`` once per permutation (for a loss written for one
        permutation at a time; slower).

    Returns
    -------
    ndarray of shape (n!, k)

    Raises
    ------
    ValueError, TypeError
        If ``n`` is out of range, the labels do not have ``n`` items or do not
        suit the loss (e.g. grades for a binary loss), or ``loss`` returns the
        wrong number of values.

    References
    ----------
    Seed 002, section 3 (a loss viewed as a ``|S_n| x |Y|`` matrix);
    Ramaswamy, Agarwal and Tewari (2013).

    Examples
    --------
    >>> loss_matrix(precision_loss(1), 2, [[1, 0], [0, 1]])
    array([[0., 1.],
           [1., 0.]])
    """
    if not callable(loss):
        raise TypeError(f"loss must be callable loss(sigma, y), got {type(loss).__name__}")
    n = check_int(n, "n", minimum=1, maximum=MAX_RISK_ENUMERATION)
    ys = _check_labels(labels, getattr(loss, "label_kind", None))
    if ys.shape[1] != n:
        raise ValueError(f"labels must have n = {n} items, got {ys.shape[1]}")
    sigmas = all_permutations(n)
    columns = []
    for y in ys:
        if batched:
            values = np.asarray(loss(sigmas, y), dtype=float)
        else:
            values = np.array([float(loss(s, y)) for s in sigmas])
        if values.shape != (sigmas.shape[0],):
            raise ValueError(f"loss returned shape {values.shape} for {sigmas.shape[0]} "
                             f"permutations; a loss written for one permutation at a time "
                             f"needs batched=False")
        columns.append(values)
    return np.column_stack(columns)


def _risk_matrix(loss, ys: np.ndarray) -> np.ndarray:
    """The loss matrix of ``loss`` on ``ys``, or ``loss`` itself if it already is one."""
    n = ys.shape[1]
    if isinstance(loss, np.ndarray):
        expected = (math.factorial(n), ys.shape[0])
        if loss.shape != expected:
            raise ValueError(f"loss given as a loss matrix must have shape {expected} "
                             f"(n! permutations x labels), got {loss.shape}")
        if not np.isfinite(loss).all():
            raise ValueError("loss matrix contains NaN or infinite values")
        return loss.astype(float, copy=False)
    return loss_matrix(loss, n, ys)


def conditional_risk(loss, labels, probs):
    """The conditional risk ``sum_j probs[j] loss(sigma, labels[j])`` of every permutation.

    Parameters
    ----------
    loss : callable or ndarray
        A loss ``loss(sigma, y)`` (see :func:`loss_matrix`), or its loss matrix
        for these labels (computed once and reused, e.g. by a dashboard).
    labels : array_like of shape (k, n), or (k, n, n) for preference graphs
        The label set, ``n <= MAX_RISK_ENUMERATION``.
    probs : array_like of shape (k,) or (m, k)
        Probabilities of the labels (non-negative, summing to 1), or ``m``
        distributions at once.

    Returns
    -------
    ndarray of shape (n!,) or (m, n!)
        In the order of :func:`rankviz.permutations.all_permutations`.

    Raises
    ------
    ValueError, TypeError
        If the probabilities are negative, do not sum to 1 or do not match the
        labels, ``n`` is too large, or the labels do not suit the loss.

    References
    ----------
    Seed 002, section 1 (the l-risk); Duchi, Mackey and Jordan (2013), eq. (2).

    Examples
    --------
    >>> conditional_risk(precision_loss(1), [[1, 0], [0, 1]], [0.7, 0.3])
    array([0.3, 0.7])
    """
    ys = _check_labels(labels, getattr(loss, "label_kind", None))
    p, batched = _check_probs(probs, ys.shape[0])
    risks = p @ _risk_matrix(loss, ys).T
    return risks if batched else risks[0]


def bayes_permutations(loss, labels, probs, tol=DEFAULT_TOL):
    """Every Bayes-optimal permutation: conditional risk within ``tol`` of the minimum.

    Parameters
    ----------
    loss : callable or ndarray
        As in :func:`conditional_risk`.
    labels : array_like of shape (k, n), or (k, n, n)
        The label set.
    probs : array_like of shape (k,)
        Probabilities of the labels.
    tol : float, default DEFAULT_TOL (1e-9)
        Absolute tolerance on the risk (ties matter: the whole set is returned).

    Returns
    -------
    list of ndarray of int64
        The permutations ``sigma``, in the order of ``all_permutations``.

    Raises
    ------
    ValueError, TypeError
        As :func:`conditional_risk`, or ``tol < 0``.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 3 (the argmin of the conditional risk).

    Examples
    --------
    >>> [s.tolist() for s in bayes_permutations(precision_loss(1), [[0, 1, 1]], [1.0])]
    [[1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    """
    tol = _check_tol(tol)
    risks = conditional_risk(loss, labels, probs)
    n = np.asarray(labels).shape[1]
    return list(all_permutations(n)[risks <= risks.min() + tol])


def loss_matrix_rank(matrix, *, method="exact", tol=None):
    """The rank of a loss matrix, exactly (sympy, rational entries) or numerically.

    Parameters
    ----------
    matrix : array_like of shape (r, c)
        A loss matrix (e.g. from :func:`loss_matrix`).
    method : {"exact", "numerical"}, default "exact"
        "exact": each entry is recovered as a fraction with denominator at most
        10**6 (checked to reproduce the float within 1e-12) and the rank is
        computed over the rationals with sympy.  Fails for irrational entries
        such as NDCG's ``1 / log2(3)``.  "numerical": ``numpy.linalg.matrix_rank``
        (singular values above ``tol``).
    tol : float, optional
        Threshold of the numerical rank; numpy's default
        ``s.max() * max(r, c) * eps`` if None.

    Returns
    -------
    int

    Raises
    ------
    ValueError
        If the matrix is not 2-D and finite, ``method`` is unknown, or an entry
        is not a fraction with a small denominator (method "exact").

    References
    ----------
    Seed 002, section 3 (low-rank losses); Ramaswamy, Agarwal and Tewari (2013),
    Theorem 3 (a calibrated surrogate of dimension the rank of the loss matrix).

    Examples
    --------
    >>> loss_matrix_rank([[0.5, 1.0], [1.0, 2.0]])
    1
    >>> loss_matrix_rank([[1 / 3, 0.0], [0.0, 1.0]])
    2
    """
    how = check_choice(method, "method", ("exact", "numerical"))
    arr = np.asarray(matrix, dtype=float)
    if arr.ndim != 2 or arr.size == 0 or not np.isfinite(arr).all():
        raise ValueError(f"matrix must be a finite, non-empty 2-D array, got shape {arr.shape}")
    if how == "numerical":
        return int(np.linalg.matrix_rank(arr, tol=None if tol is None else check_real(
            tol, "tol", nonnegative=True)))
    from sympy import QQ
    from sympy.polys.matrices import DomainMatrix

    fractions = [[Fraction(float(v)).limit_denominator(10**6) for v in row] for row in arr]
    worst = max(abs(float(f) - v) for row, values in zip(fractions, arr, strict=True)
                for f, v in zip(row, values, strict=True))
    if worst > 1e-12:
        raise ValueError(f"matrix has entries that are not fractions with small denominators "
                         f"(off by {worst:.2g}); use method='numerical'")
    exact = DomainMatrix([[QQ(f.numerator, f.denominator) for f in row] for row in fractions],
                         arr.shape, QQ)
    return int(exact.rank())


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
    arr = np.asarray(scores)
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
        raise ValueError(f"u must have n(n+1)/2 entries for some n (one per pair i <= j), "
                         f"got {d}")
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
    arr = np.asarray(u)
    if arr.dtype == object or not np.issubdtype(arr.dtype, np.number) or arr.dtype.kind == "c":
        raise TypeError(f"u must contain real numbers, got dtype {arr.dtype}")
    if arr.ndim not in (1, 2) or arr.size == 0:
        raise ValueError(f"u must be a non-empty 1-D or 2-D array, got shape {arr.shape}")
    arr = arr.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError("u contains NaN or infinite values")
    n = _n_from_pairs(arr.shape[-1])
    if n > MAX_RISK_ENUMERATION:
        raise ValueError(f"u has n = {n} items; the brute-force pred is limited to "
                         f"n <= {MAX_RISK_ENUMERATION}")
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
        raise ValueError("max_grade is required for the target 'err_gain' (the top of the "
                         "grade scale, as in err_loss)")
    top = check_real(max_grade, "max_grade", positive=True)

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
    return _check_labels(np.atleast_2d(np.asarray(labels, dtype=float)))


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
        name=f"‖u − {_TARGET_NAMES[kind]}‖², sort", dimension=lambda n: n,
        statistic=statistic, loss=loss, expression=expression, pred=pred_sort,
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
        name="MAP quadratic (n(n+1)/2), argmax", dimension=lambda n: n * (n + 1) // 2,
        statistic=statistic, loss=loss, expression=expression, pred=pred_map,
        closed_form=lambda tbar: np.array(tbar, dtype=float, copy=True), pred_kind="argmax",
    )


def _phi_numpy(phi: str, t: np.ndarray) -> np.ndarray:
    if phi == "logistic":
        return np.logaddexp(0.0, -t)
    if phi == "exponential":
        return np.exp(-t)
    return np.maximum(0.0, 1.0 - t)


def pairwise_surrogate(phi="logistic", *, weights="ndcg_gain", gain="exponential",
                       max_grade=None, reverse=False):
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
        phis = {"logistic": cp.logistic(-t), "exponential": cp.exp(-t),
                "hinge": cp.pos(1 - t)}[kind]
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
        name=name, dimension=lambda n: n, statistic=statistic, loss=loss,
        expression=expression, pred=pred_sort,
        closed_form=None if kind == "hinge" else closed_form,
        shift_invariant=True, divergent=divergent, divergence_sign=-sign,
    )


def _check_surrogate(surrogate) -> Surrogate:
    if not isinstance(surrogate, Surrogate):
        raise TypeError(f"surrogate must be a rankviz.bayes.Surrogate (e.g. from "
                        f"squared_surrogate()), got {type(surrogate).__name__}")
    return surrogate


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
    surrogate = _check_surrogate(surrogate)
    ys = _check_labels(labels)
    p, batched = _check_probs(probs, ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    d = surrogate.dimension(ys.shape[1])
    scores = np.asarray(u, dtype=float)
    if scores.shape != (d,):
        raise ValueError(f"u must have shape ({d},) for {ys.shape[1]} items, got {scores.shape}")
    if not np.isfinite(scores).all():
        raise ValueError("u contains NaN or infinite values")
    return float(sum(pj * surrogate.loss(scores, y) for pj, y in zip(p[0], ys, strict=True)
                     if pj > 0))


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
        return (f"SurrogateMinimizer(scores={np.round(self.scores, 4).tolist()}, "
                f"status={self.status!r})")


class SurrogateSolverError(RuntimeError):
    """cvxpy could not minimize a conditional surrogate risk."""


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
    try:
        problem.solve(solver=solver or DEFAULT_SOLVER)
    except cp.error.SolverError as exc:
        raise SurrogateSolverError(f"cvxpy could not minimize the conditional risk of "
                                   f"{surrogate.name}: {exc}") from exc
    if problem.status not in ("optimal", "optimal_inaccurate") or u.value is None:
        raise SurrogateSolverError(f"cvxpy could not minimize the conditional risk of "
                                   f"{surrogate.name}: status {problem.status!r}")
    return np.asarray(u.value, dtype=float), str(problem.status)


def _minimize(surrogate: Surrogate, tbar: np.ndarray, n: int, method: str, solver) -> \
        SurrogateMinimizer:
    d = surrogate.dimension(n)
    if method == "closed_form":
        if surrogate.closed_form is None:
            raise ValueError(f"surrogate {surrogate.name!r} has no closed-form minimizer; "
                             f"use method='cvxpy'")
        return SurrogateMinimizer(surrogate.closed_form(tbar), "closed form", method)
    mask = (np.zeros(d, dtype=bool) if surrogate.divergent is None
            else np.asarray(surrogate.divergent(tbar), dtype=bool))
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
    SurrogateSolverError
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
    surrogate = _check_surrogate(surrogate)
    how = check_choice(method, "method", ("cvxpy", "closed_form"))
    ys = _check_labels(labels)
    p, batched = _check_probs(probs, ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    tbar = _mean_statistic(surrogate, ys, p[0])
    return _minimize(surrogate, tbar, ys.shape[1], how, solver)


# --------------------------------------------------------------------------- #
# calibration
# --------------------------------------------------------------------------- #
def _permutation_index(sigmas: np.ndarray) -> np.ndarray:
    """Row index of each permutation in ``all_permutations(n)`` (its Lehmer code)."""
    n = sigmas.shape[1]
    smaller_after = (sigmas[:, None, :] < sigmas[:, :, None]) & np.triu(
        np.ones((n, n), dtype=bool), k=1)[None]
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
        return (f"CalibrationCheck(calibrated={self.calibrated}, regret={self.regret:.4g}, "
                f"pred={self.pred.tolist()}, bayes set of {len(self.bayes)})")


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
    ValueError, TypeError, SurrogateSolverError
        As :func:`conditional_risk` and :func:`surrogate_minimizer`.

    References
    ----------
    Seed 002, section 1; Duchi, Mackey and Jordan (2013), Definition 3 and
    Proposition 2.

    Examples
    --------
    >>> labels, probs = [[0, 0, 1], [1, 1, 0]], [0.4, 0.6]
    >>> is_calibrated_at(map_loss(), squared_surrogate(), labels, probs)
    CalibrationCheck(calibrated=False, regret=0.01667, pred=[0, 1, 2], bayes set of 2)
    >>> is_calibrated_at(map_loss(), map_surrogate(), labels, probs).calibrated
    True
    """
    surrogate = _check_surrogate(surrogate)
    tol = _check_tol(tol)
    how = _resolve_method(surrogate, method)
    ys = _check_labels(labels, getattr(loss, "label_kind", None))
    p, batched = _check_probs(probs, ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here; "
                         "calibration_regret takes a batch")
    n = ys.shape[1]
    risks = _risk_matrix(loss, ys) @ p[0]
    minimizer = _minimize(surrogate, _mean_statistic(surrogate, ys, p[0]), n, how, None)
    sigma = np.asarray(surrogate.pred(minimizer.scores), dtype=np.int64)
    pred_risk = float(risks[_permutation_index(sigma[None])[0]])
    best = float(risks.min())
    regret = pred_risk - best
    sigmas = all_permutations(n)
    return CalibrationCheck(
        calibrated=regret <= tol, regret=regret if regret > tol else 0.0, pred=sigma,
        pred_risk=pred_risk, bayes_risk=best,
        bayes=tuple(sigmas[risks <= best + tol]), minimizer=minimizer,
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
    >>> labels = [[0, 0, 1], [1, 1, 0]]
    >>> w = np.linspace(0, 1, 5)      # weight of the first label; at 0.5 E[y] ties everywhere
    >>> calibration_regret(map_loss(), squared_surrogate(), labels,
    ...                    np.column_stack([w, 1 - w])).round(4)
    array([0.   , 0.   , 0.125, 0.   , 0.   ])
    """
    surrogate = _check_surrogate(surrogate)
    tol = _check_tol(tol)
    if surrogate.closed_form is None:
        raise ValueError(f"surrogate {surrogate.name!r} has no closed form; "
                         f"use is_calibrated_at(..., method='cvxpy')")
    ys = _check_labels(labels, getattr(loss, "label_kind", None))
    p, batched = _check_probs(probs, ys.shape[0])
    risks = p @ _risk_matrix(loss, ys).T
    scores = surrogate.closed_form(p @ surrogate.statistic(ys))
    sigmas = np.atleast_2d(surrogate.pred(scores))
    chosen = risks[np.arange(risks.shape[0]), _permutation_index(sigmas)]
    regret = chosen - risks.min(axis=1)
    regret = np.where(regret > tol, regret, 0.0)
    return regret if batched else float(regret[0])


@dataclass(frozen=True)
class Counterexample:
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
        return (f"Counterexample(trial {self.trial}, {support.size} labels in the support, "
                f"regret={self.check.regret:.4g})")


def find_calibration_counterexample(loss, surrogate, labels, *, n_trials=1000, rng=0,
                                    tol=DEFAULT_TOL, method="auto"):
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
        The budget.
    rng : int or numpy.random.Generator, default 0
    tol : float, default DEFAULT_TOL
    method : {"auto", "closed_form", "cvxpy"}, default "auto"

    Returns
    -------
    Counterexample or None
        The first failing distribution, or None if all ``n_trials`` passed
        (which is evidence, not proof, of calibration on this label set).

    Raises
    ------
    ValueError, TypeError, SurrogateSolverError
        As :func:`is_calibrated_at`, or ``n_trials < 1``.

    References
    ----------
    Seed 002, section 3.2 (no n-dimensional calibrated surrogate for MAP);
    Duchi, Mackey and Jordan (2013), section 3.

    Examples
    --------
    >>> found = find_calibration_counterexample(map_loss(), squared_surrogate(),
    ...                                         label_set(3), n_trials=500)
    >>> found.check.calibrated, found.check.regret > 0
    (False, True)
    >>> find_calibration_counterexample(map_loss(), map_surrogate(), label_set(3),
    ...                                 n_trials=200) is None
    True
    """
    surrogate = _check_surrogate(surrogate)
    n_trials = check_int(n_trials, "n_trials", minimum=1)
    tol = _check_tol(tol)
    how = _resolve_method(surrogate, method)
    generator = as_generator(rng)
    ys = _check_labels(labels, getattr(loss, "label_kind", None))
    k = ys.shape[0]
    matrix = _risk_matrix(loss, ys)
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
            return Counterexample(probs, check, trial)
    return None


def structure_consistency_gap(loss, surrogate, labels, probs, *, tol=DEFAULT_TOL,
                              solver=None):
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
    ValueError, TypeError, SurrogateSolverError
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

    surrogate = _check_surrogate(surrogate)
    if surrogate.pred_kind != "sort":
        raise ValueError(f"structure_consistency_gap needs a surrogate whose pred sorts the "
                         f"scores; {surrogate.name!r} has pred {surrogate.pred_kind!r}")
    tol = _check_tol(tol)
    ys = _check_labels(labels, getattr(loss, "label_kind", None))
    p, batched = _check_probs(probs, ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    n = ys.shape[1]
    tbar = _mean_statistic(surrogate, ys, p[0])
    if surrogate.divergent is not None and np.any(surrogate.divergent(tbar)):
        raise ValueError(f"the risk of {surrogate.name!r} does not attain its minimum at this "
                         f"distribution (some items have zero expected weight)")
    risks = _risk_matrix(loss, ys) @ p[0]
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


def _solve_value(problem, surrogate: Surrogate, solver) -> float:
    import cvxpy as cp

    try:
        problem.solve(solver=solver or DEFAULT_SOLVER)
    except cp.error.SolverError as exc:
        raise SurrogateSolverError(f"cvxpy failed on {surrogate.name}: {exc}") from exc
    if problem.status not in ("optimal", "optimal_inaccurate"):
        raise SurrogateSolverError(f"cvxpy failed on {surrogate.name}: status "
                                   f"{problem.status!r}")
    return float(problem.value)


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
    ys = _check_labels(labels, "binary")
    p, batched = _check_probs(probs, ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    tol = _check_tol(tol)
    u = np.einsum("k,ki,kj->ij", p[0], _normalized(ys), ys)
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
    ys = _check_labels(labels)
    p, batched = _check_probs(probs, ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    f = np.asarray(scores, dtype=float)
    if f.shape != (ys.shape[1],) or not np.isfinite(f).all():
        raise ValueError(f"scores must be {ys.shape[1]} finite numbers, got shape {f.shape}")
    risks = _risk_matrix(ndcg_loss(kind), ys) @ p[0]
    regret = float(risks[_permutation_index(pred_sort(f)[None])[0]] - risks.min())
    w = p[0] @ _ndcg_gain_target(ys, kind)
    surrogate_regret = float(np.sum((f - w) ** 2))
    c = dcg_discounts(ys.shape[1])
    return NdcgRegressionBound(max(regret, 0.0), math.sqrt(2.0) * float(np.linalg.norm(c))
                               * math.sqrt(surrogate_regret), surrogate_regret)


# --------------------------------------------------------------------------- #
# mixtures of three labels: the triangle of distributions
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class SimplexGrid:
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
        return f"SimplexGrid(resolution={self.resolution}, {self.triangles.shape[0]} triangles)"

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
        >>> grid = simplex_grid(3)
        >>> grid.locate(grid.centroids[[0, 4, 8]])
        array([0, 4, 8])
        """
        p, _ = _check_probs(np.atleast_2d(probs), 3)
        r = self.resolution
        a, b = p[:, 0] * r, p[:, 1] * r
        i = np.clip(np.floor(a), 0, r - 1).astype(np.int64)
        j = np.clip(np.floor(b), 0, r - 1 - i).astype(np.int64)
        down = (a - i) + (b - j) > 1.0
        down &= i + j < r - 1
        return self._lookup[i, j, down.astype(np.int64)]


def simplex_grid(resolution):
    """Cut the simplex of distributions over three labels into small triangles.

    Parameters
    ----------
    resolution : int
        Segments per side, ``1 <= resolution <= 200``.

    Returns
    -------
    SimplexGrid

    Raises
    ------
    ValueError, TypeError
        If ``resolution`` is out of range.

    Examples
    --------
    >>> grid = simplex_grid(2)
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
    return SimplexGrid(r, pts, tri, pts[tri].mean(axis=1), lookup)

