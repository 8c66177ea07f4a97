"""Ranking losses, loss matrices and Bayes-optimal permutations, computed exactly for small n.

The objects of chapter 06 (sections 1-3), made computable by enumerating the ``n!``
permutations:

* a **target loss** is a function ``loss(sigma, y)`` of a permutation ``sigma``
  (``sigma[i]`` the 0-based position of item ``i``, as in
  :mod:`rankviz.permutations`) and a label ``y`` (a relevance vector, or a
  preference graph as an ``(n, n)`` weight matrix).  It must also accept a
  2-D array of permutations, one per row, and return one loss per row, as
  every measure of :mod:`rankviz.metrics` does (a permutation enters a
  measure as the scores ``-sigma``).  :func:`precision_loss`, :func:`map_loss`,
  :func:`ndcg_loss`, :func:`err_loss` and :func:`pairwise_disagreement_loss`
  build the chapter's losses from chapter 01's measures;
* a **label distribution** is a finite set of labels (``labels[j]``, the first
  axis enumerates them) with probabilities ``probs[j]``;
* the **loss matrix** ``L[s, j] = loss(sigma_s, labels[j])`` (:func:`loss_matrix`)
  and its rank (:func:`loss_matrix_rank`);
* the **conditional risk** of ``sigma`` is ``sum_j probs[j] loss(sigma, labels[j])``
  (:func:`conditional_risk`, one value per permutation in the order of
  :func:`rankviz.permutations.all_permutations`), and the **Bayes set** holds
  every permutation whose risk is within ``tol`` of the minimum
  (:func:`bayes_permutations`: ties matter, the whole set is returned).

Surrogates and their prediction maps are in :mod:`rankviz.surrogates`; calibration
(is pred of the surrogate minimiser in the Bayes set?) in :mod:`rankviz.calibration`.

Numerical tolerance: a permutation is in the Bayes set when its conditional
risk is at most ``min + tol`` with ``tol = DEFAULT_TOL = 1e-9`` by default.
The chapter's losses lie in [0, 1] and their risks are computed in floating
point with errors near 1e-15, so exact ties (which are common: Precision@q
does not care about the order below position q) are recognised, while genuine
differences in the examples are above 1e-6.

References
----------
Seed 002 ("A survey of ranking algorithms"), sections 1 and 3 (target losses,
loss matrices, Precision@q and MAP); Ramaswamy, Agarwal and Tewari,
"Convex calibrated surrogates for low-rank loss matrices with applications to
subset ranking losses", NIPS 2013; Duchi, Mackey and Jordan (2013), section 3
(the conditional risk and its minimisers).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from rankviz._validation import (
    as_numpy,
    as_probability_rows,
    as_weight_matrix,
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_label_set,
    check_permutation_rows,
    check_real,
)
from rankviz.measures import (
    GAINS,
    average_precision,
    err,
    ndcg,
    precision_at_k,
)
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import all_permutations

__all__ = [
    "DEFAULT_TOL",
    "MAX_GRADE",
    "MAX_RANK_ENTRIES",
    "MAX_RISK_ENUMERATION",
    "MAX_SET_ITEMS",
    "RankingLoss",
    "bayes_permutations",
    "chain_vectors",
    "conditional_risk",
    "err_loss",
    "item_sets",
    "label_set",
    "loss_matrix",
    "loss_matrix_rank",
    "map_loss",
    "ndcg_loss",
    "pairwise_disagreement_loss",
    "precision_loss",
    "product_distribution",
    "rank_mod_prime",
    "subset_containment",
]

#: Largest number of items for which the conditional risk is enumerated (7! = 5040).
MAX_RISK_ENUMERATION = 7

#: Default tolerance of "in the Bayes set": risk <= minimum + DEFAULT_TOL.
DEFAULT_TOL = 1e-9

#: Largest ``max_grade`` of the ERR loss and targets (``2**max_grade`` must stay a float).
MAX_GRADE = 64

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
    values = check_array(grades, "grades", ndim=1, nonnegative=True)
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
    m = check_array(marginals, "marginals", ndim=(1, 2), bounds=(0.0, 1.0))
    if m.ndim == 1:
        m = np.column_stack([1.0 - m, m])
    if not np.allclose(m.sum(axis=1), 1.0, atol=1e-9):
        raise ValueError(
            f"marginals: each item's probabilities must sum to 1, got {np.round(m.sum(axis=1), 6)}"
        )
    n, g = m.shape
    if n > MAX_RISK_ENUMERATION or g**n > math.factorial(MAX_RISK_ENUMERATION) * 100:
        raise ValueError(
            f"marginals has {n} items of {g} grades: {g}**{n} labels; at most "
            f"n = {MAX_RISK_ENUMERATION} items and "
            f"{math.factorial(MAX_RISK_ENUMERATION) * 100} labels are enumerated"
        )
    values = np.arange(g, dtype=float) if grades is None else _grades(grades)
    if values.size != g:
        raise ValueError(
            f"grades must give one grade per column of marginals ({g}), got {values.size}"
        )
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

    def __post_init__(self):
        if not isinstance(self.name, str):
            raise TypeError(f"name must be a string, got {type(self.name).__name__}")
        check_choice(self.label_kind, "label_kind", _LABEL_KINDS)
        if not callable(self.function):
            raise TypeError(
                f"function must be callable function(sigma, y), got {type(self.function).__name__}"
            )

    def __call__(self, sigma, y):
        sigmas = check_array(sigma, "sigma", ndim=(1, 2), dtype="int")
        n = sigmas.shape[-1]
        check_permutation_rows(sigmas, "sigma")
        if self.label_kind == "graph":
            label = as_weight_matrix(y, "y")
            if label.shape != (n, n):
                raise ValueError(
                    f"y must be a preference graph on the {n} items of sigma, "
                    f"got shape {label.shape}"
                )
        else:
            label = check_array(y, "y", ndim=1, nonnegative=True)
            if label.shape != (n,):
                raise ValueError(
                    f"y must have one label per item of sigma ({n}), got {label.shape[0]}"
                )
            if self.label_kind == "binary" and not np.isin(label, (0.0, 1.0)).all():
                raise ValueError(f"y must be binary (0/1) for {self.name}")
        values = np.asarray(self.function(sigmas, label), dtype=float)
        if not np.isfinite(values).all():
            raise ValueError(f"function of {self.name} returned NaN or infinite values")
        return values if values.ndim else float(values)

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
    return RankingLoss(
        f"Precision@{q}",
        "binary",
        lambda sigma, y: 1.0 - precision_at_k(y, -np.asarray(sigma), k=q),
    )


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
    return RankingLoss(
        "MAP",
        "binary",
        lambda sigma, y: 1.0 - average_precision(y, -np.asarray(sigma), if_no_relevant="zero"),
    )


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
    return RankingLoss(
        name,
        "grades",
        lambda sigma, y: 1.0 - ndcg(y, -np.asarray(sigma), k, gain=kind, if_no_relevant="zero"),
    )


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
    top = check_real(max_grade, "max_grade", positive=True, maximum=MAX_GRADE)
    return RankingLoss(
        f"ERR (max grade {top:g})",
        "grades",
        lambda sigma, y: 1.0 - err(y, -np.asarray(sigma), max_grade=top),
    )


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
    return RankingLoss(
        "pairwise disagreement",
        "graph",
        lambda sigma, y: pairwise_disagreement(-np.asarray(sigma), y),
    )


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
    batched = check_bool(batched, "batched")
    ys = check_label_set(
        labels, kind=getattr(loss, "label_kind", None), max_items=MAX_RISK_ENUMERATION
    )
    if ys.shape[1] != n:
        raise ValueError(f"labels must have n = {n} items, got {ys.shape[1]}")
    sigmas = all_permutations(n)
    columns = []
    for y in ys:
        if batched:
            values = _loss_values(loss, sigmas, y)
        else:
            values = np.array([float(_loss_values(loss, s, y)) for s in sigmas])
        if values.shape != (sigmas.shape[0],):
            raise ValueError(
                f"loss returned shape {values.shape} for {sigmas.shape[0]} "
                f"permutations; a loss written for one permutation at a time "
                f"needs batched=False"
            )
        if not np.isfinite(values).all():
            raise ValueError("loss returned NaN or infinite values; a loss must be finite")
        columns.append(values)
    return np.column_stack(columns)


def _loss_values(loss, sigma, y) -> np.ndarray:
    try:
        return np.asarray(loss(sigma, y), dtype=float)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"loss(sigma, y) failed on the label {y.tolist()}: {exc}") from exc


def _risk_matrix(loss, ys: np.ndarray) -> np.ndarray:
    """The loss matrix of ``loss`` on ``ys``, or ``loss`` itself if it already is one."""
    n = ys.shape[1]
    if isinstance(loss, np.ndarray):
        expected = (math.factorial(n), ys.shape[0])
        if loss.shape != expected:
            raise ValueError(
                f"loss given as a loss matrix must have shape {expected} "
                f"(n! permutations x labels), got {loss.shape}"
            )
        return check_array(loss, "loss")
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
    ys = check_label_set(
        labels, kind=getattr(loss, "label_kind", None), max_items=MAX_RISK_ENUMERATION
    )
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
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
    tol = check_real(tol, "tol", nonnegative=True)
    risks = conditional_risk(loss, labels, probs)
    if risks.ndim != 1:
        raise ValueError("probs must be one distribution (1-D) here")
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
    arr = check_array(matrix, "matrix", ndim=2, max_size=10**6)
    if tol is not None:
        tol = check_real(tol, "tol", nonnegative=True)
    if how == "numerical":
        return int(np.linalg.matrix_rank(arr, tol=tol))
    from sympy import QQ
    from sympy.polys.matrices import DomainMatrix

    fractions = [[Fraction(float(v)).limit_denominator(10**6) for v in row] for row in arr]
    worst = max(
        abs(float(f) - v)
        for row, values in zip(fractions, arr, strict=True)
        for f, v in zip(row, values, strict=True)
    )
    if worst > 1e-12:
        raise ValueError(
            f"matrix has entries that are not fractions with small denominators "
            f"(off by {worst:.2g}); use method='numerical'"
        )
    exact = DomainMatrix(
        [[QQ(f.numerator, f.denominator) for f in row] for row in fractions], arr.shape, QQ
    )
    return int(exact.rank())


# --------------------------------------------------------------------------- #
# the rank of ERR's loss matrix, step by step (lecture 06, section 6)
# --------------------------------------------------------------------------- #
#: Largest number of items of :func:`item_sets`, :func:`subset_containment` and
#: :func:`chain_vectors`.
MAX_SET_ITEMS = 8
#: Largest number of entries :func:`rank_mod_prime` eliminates.
MAX_RANK_ENTRIES = 1_000_000


def item_sets(n):
    """The nonempty sets of items ``0, ..., n - 1``, by size, then in lexicographic order.

    The columns of ERR's expansion ``1 - ERR = sum_S +- f_S(sigma) P_S(y)``, with
    ``f_S(sigma) = 1 / max_{k in S} (sigma(k) + 1)`` (lecture 06, section 6), are indexed by
    these sets; :func:`subset_containment` and :func:`chain_vectors` use the same order.

    Parameters
    ----------
    n : int
        The number of items, ``1 <= n <= MAX_SET_ITEMS``.

    Returns
    -------
    list of tuple of int
        The ``2**n - 1`` sets.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is out of range.

    Examples
    --------
    >>> item_sets(3)
    [(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)]
    """
    n = check_int(n, "n", minimum=1, maximum=MAX_SET_ITEMS)
    return [S for m in range(1, n + 1) for S in itertools.combinations(range(n), m)]


def subset_containment(n):
    """The containment matrix ``Z[T, S] = 1 if S is a subset of T``, over :func:`item_sets`.

    Sorted by size, the sets make ``Z`` triangular with ones on the diagonal, hence
    invertible: the change of coordinates of the lower bound on ERR's rank.

    Parameters
    ----------
    n : int
        The number of items, ``1 <= n <= MAX_SET_ITEMS``.

    Returns
    -------
    ndarray of int64, shape (2**n - 1, 2**n - 1)

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is out of range.

    Examples
    --------
    >>> subset_containment(2)              # sets (0,), (1,), (0, 1)
    array([[1, 0, 0],
           [0, 1, 0],
           [1, 1, 1]])
    """
    sets = [frozenset(S) for S in item_sets(n)]
    return np.array([[int(S <= T) for S in sets] for T in sets], dtype=np.int64)


def chain_vectors(weights):
    """The chain vectors ``x(sigma) = sum_r weights[r - 1] e_{T_r(sigma)}`` of every ranking.

    ``T_r(sigma)`` is the set of the items in the top ``r`` positions.  Row ``s`` belongs to
    ``all_permutations(n)[s]`` and the columns to :func:`item_sets`; with
    ``weights[r - 1] = d_r = 1/r - 1/(r + 1)`` (``r < n``) and ``d_n = 1/n`` the rows times
    :func:`subset_containment` are the functions ``f_S(sigma) = 1 / max_{k in S}
    (sigma(k) + 1)`` of ERR's expansion (a telescoping sum).

    Parameters
    ----------
    weights : array_like of shape (n,)
        The weight of each top-``r`` set, ``r = 1, ..., n``; finite, ``n <= MAX_SET_ITEMS``.
        Integers give an integer result.

    Returns
    -------
    ndarray of shape (n!, 2**n - 1)

    Raises
    ------
    ValueError, TypeError
        If ``weights`` is not a finite 1-D array of 1 to ``MAX_SET_ITEMS`` numbers.

    References
    ----------
    Lecture 06, section 6 (the lower bound on the rank of ERR's loss matrix).

    Examples
    --------
    >>> chain_vectors([1, 1])              # sets (0,), (1,), (0, 1); rankings AB, BA
    array([[1, 0, 1],
           [0, 1, 1]])
    """
    raw = check_array(weights, "weights", ndim=1)
    n = raw.size
    if not 1 <= n <= MAX_SET_ITEMS:
        raise ValueError(f"weights must have 1 to {MAX_SET_ITEMS} entries, got {n}")
    integral = np.issubdtype(np.asarray(weights).dtype, np.integer)
    w = np.asarray(weights, dtype=np.int64) if integral else raw
    column = {S: k for k, S in enumerate(item_sets(n))}
    sigmas = all_permutations(n)
    out = np.zeros((sigmas.shape[0], len(column)), dtype=w.dtype)
    for row, order in enumerate(np.argsort(sigmas, axis=1)):
        for r in range(1, n + 1):
            out[row, column[tuple(sorted(order[:r].tolist()))]] = w[r - 1]
    return out


def rank_mod_prime(matrix, prime=2**31 - 1):
    """The rank of an integer matrix over the integers modulo a prime (Gauss-Jordan).

    A rank modulo ``prime`` is at most the rank over the rationals: meeting a known upper
    bound modulo a prime proves the exact rank, in exact integer arithmetic.

    Parameters
    ----------
    matrix : array_like of int, shape (m, k)
        Integer entries (reduced modulo ``prime``); at most ``MAX_RANK_ENTRIES`` of them.
    prime : int, default 2**31 - 1
        A prime below ``2**31`` (so that products stay below ``2**62``).

    Returns
    -------
    int

    Raises
    ------
    ValueError, TypeError
        If ``matrix`` is not a 2-D integer array or is too large, or ``prime`` is not a
        prime in ``[2, 2**31)``.

    Examples
    --------
    >>> rank_mod_prime([[1, 2], [2, 4]]), rank_mod_prime([[1, 2], [3, 4]])
    (1, 2)
    >>> rank_mod_prime([[3, 0], [0, 1]], prime=3)     # 3 vanishes modulo 3
    1
    """
    arr = as_numpy(matrix, "matrix")
    if arr.dtype == object or arr.dtype.kind not in "iu":
        raise TypeError(f"matrix must hold integers, got dtype {arr.dtype}")
    if arr.ndim != 2:
        raise ValueError(f"matrix must be 2-D, got {arr.ndim} dimensions")
    if arr.size > MAX_RANK_ENTRIES:
        raise ValueError(f"matrix has {arr.size} entries; at most {MAX_RANK_ENTRIES}")
    p = check_int(prime, "prime", minimum=2, maximum=2**31 - 1)
    if any(p % q == 0 for q in range(2, math.isqrt(p) + 1)):
        raise ValueError(f"prime must be a prime number, got {p}")
    a = np.array(arr, dtype=np.int64) % p
    rank = 0
    for col in range(a.shape[1]):
        if rank == a.shape[0]:
            break
        nonzero = np.flatnonzero(a[rank:, col])
        if nonzero.size == 0:
            continue
        a[[rank, rank + nonzero[0]]] = a[[rank + nonzero[0], rank]]
        a[rank] = a[rank] * pow(int(a[rank, col]), p - 2, p) % p
        factors = a[:, col].copy()
        factors[rank] = 0
        a = (a - factors[:, None] * a[rank][None, :] % p) % p
        rank += 1
    return rank
