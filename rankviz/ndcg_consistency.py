"""Which listwise surrogates are NDCG-consistent: exact minimizers against NDCG's Bayes set.

Chapter 10's consistency section, computed exactly on small label distributions (``n <= 4``
documents, a few graded relevance vectors with probabilities, as in :mod:`rankviz.bayes`):

* the **expected normalized gains** ``eta_i = E[G(y_i) / N(y)]`` of Ravikumar, Tewari and
  Yang (2011), with ``G(y) = 2**y - 1`` (or ``y``) and ``N(y)`` the ideal DCG of the label
  (:func:`expected_normalized_gains`); NDCG's Bayes set is computed independently, by
  enumerating the ``n!`` permutations (:func:`rankviz.bayes.bayes_permutations`);
* the conditional risks of four surrogates (:data:`SURROGATES`), written from their
  definitions: ListNet's top-one cross-entropy ``-sum_i P_y(i) log softmax(s)_i`` with the
  softmax-of-labels target of Cao et al. (2007) (``"listnet_softmax"``) or the
  normalized-gain target ``G(y_i) / N(y)`` (``"listnet_normalized_gain"``), RankNet's pairwise
  logistic loss of Burges et al. (2005) (``"ranknet"``) and the squared loss on normalized
  gains, Cossock and Zhang's regression with the target NDCG needs
  (``"squared_normalized_gain"``) (:func:`listwise_conditional_risk`);
* their minimizers (:func:`listwise_minimizer`): closed forms for ListNet (the softmax of
  the minimizer is the mean target) and the squared loss (the mean target), Newton's method
  for RankNet, and cvxpy as the referee (``method="cvxpy"``).  A minimizing sequence that
  diverges (a mean target with a zero entry, a pair always in one order) is reported as
  **tiers**: tier 0 lies infinitely far above tier 1, and so on; within a tier the scores
  are finite;
* whether the minimizer's order is in the Bayes set (:func:`check_ndcg_consistency_at`), and
  a search over random label distributions for one where it is not
  (:func:`find_ndcg_inconsistency`).

Ties: a minimizer's order sorts by tier, then by decreasing score, ties (scores within
:data:`TIE_ATOL`) to the smaller index, as :func:`rankviz.surrogates.pred_sort` does.

References
----------
P. Ravikumar, A. Tewari and E. Yang, "On NDCG consistency of listwise ranking methods",
AISTATS 2011 (the characterization: a surrogate is NDCG-consistent when the minimizer of its
conditional risk orders the documents as ``E[G(y_i)/N(y)]`` does); Z. Cao, T. Qin, T.-Y. Liu,
M.-F. Tsai and H. Li, "Learning to rank: from pairwise approach to listwise approach",
ICML 2007 (ListNet, the top-one probability with ``phi = exp``); C. Burges et al., "Learning
to rank using gradient descent", ICML 2005 (RankNet); D. Cossock and T. Zhang, "Statistical
analysis of Bayes optimal subset ranking", IEEE Trans. Inf. Theory 54(11), 2008 (regression).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import networkx as nx
import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz._solvers import check_solver, solve_quietly
from rankviz._validation import (
    MAX_MAGNITUDE,
    as_generator,
    as_probability_rows,
    check_array,
    check_choice,
    check_int,
    check_label_set,
    check_real,
)
from rankviz.bayes import DEFAULT_TOL, conditional_risk, label_set, ndcg_loss
from rankviz.measures import GAINS, dcg, dcg_gains
from rankviz.permutations import all_permutations

__all__ = [
    "MAX_ITEMS",
    "MAX_LABELS",
    "MAX_SEARCH_TRIALS",
    "SURROGATES",
    "TIE_ATOL",
    "InconsistencySearch",
    "ListwiseMinimizer",
    "NdcgConsistencyCheck",
    "check_ndcg_consistency_at",
    "expected_normalized_gains",
    "find_ndcg_inconsistency",
    "listnet_cross_entropy",
    "listwise_conditional_risk",
    "listwise_minimizer",
    "random_label_distribution",
    "ranknet_pair_targets",
    "surrogate_targets",
]

#: The surrogates of the chapter, by name: ListNet with Cao et al.'s softmax target, ListNet
#: with RTY's normalized-gain target, RankNet, and the squared loss on normalized gains.
SURROGATES = (
    "listnet_softmax",
    "listnet_normalized_gain",
    "ranknet",
    "squared_normalized_gain",
)

#: Largest number of documents (4! = 24 permutations are enumerated for the Bayes set).
MAX_ITEMS = 4

#: Largest number of labels in a distribution (every vector of 4 documents with 4 grades).
MAX_LABELS = 256

#: Largest number of distributions :func:`find_ndcg_inconsistency` tries.
MAX_SEARCH_TRIALS = 100_000

#: Scores of one tier closer than this are tied (the minimizers are accurate to about 1e-12,
#: cvxpy's to about 1e-7; differences that decide an order in the chapter are above 1e-4).
TIE_ATOL = 1e-9

_NEWTON_TOL = 1e-13
_CLARABEL_OPTIONS = {
    "tol_gap_abs": 1e-10,
    "tol_gap_rel": 1e-10,
    "tol_feas": 1e-10,
    "tol_ktratio": 1e-8,
}
_NEWTON_MAX_STEPS = 200


# --------------------------------------------------------------------------- #
# inputs
# --------------------------------------------------------------------------- #
def _distribution(labels, probs) -> tuple[np.ndarray, np.ndarray]:
    ys = check_label_set(labels, kind="grades", max_items=MAX_ITEMS)
    if ys.shape[0] > MAX_LABELS:
        raise ValueError(f"labels has {ys.shape[0]} labels; at most MAX_LABELS = {MAX_LABELS}")
    if ys.shape[1] < 2:
        raise ValueError(f"labels must have at least 2 documents, got {ys.shape[1]}")
    p, batched = as_probability_rows(probs, "probs", ys.shape[0])
    if batched:
        raise ValueError("probs must be one distribution (1-D) here")
    return ys, p[0]


def _scores(scores, n: int) -> np.ndarray:
    s = check_array(scores, "scores", ndim=1, max_abs=MAX_MAGNITUDE)
    if s.shape != (n,):
        raise ValueError(f"scores must have one score per document ({n}), got shape {s.shape}")
    return s


def _normalized_gains(ys: np.ndarray, gain: str) -> np.ndarray:
    """``G(y_i) / N(y)`` per label row, 0 for a label with no gain."""
    gains = np.atleast_2d(dcg_gains(ys, gain=gain))
    ideal = np.atleast_1d(dcg(ys, ys, gain=gain))
    return np.divide(gains, ideal[:, None], out=np.zeros_like(gains), where=ideal[:, None] > 0)


def _softmax_rows(x: np.ndarray) -> np.ndarray:
    z = np.exp(x - x.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def _log_softmax(s: np.ndarray) -> np.ndarray:
    top = s.max()
    return s - top - math.log(float(np.exp(s - top).sum()))


# --------------------------------------------------------------------------- #
# targets and conditional risks
# --------------------------------------------------------------------------- #
def expected_normalized_gains(labels, probs, *, gain="exponential"):
    """RTY's expected normalized gains ``eta_i = E[G(y_i) / N(y)]``.

    ``N(y)`` is the ideal DCG of the label ``y`` (discount ``1 / log2(1 + r)``); a label
    whose gains are all zero contributes 0.  Sorting the documents by decreasing ``eta``
    gives an NDCG-optimal order (Ravikumar, Tewari and Yang 2011).

    Parameters
    ----------
    labels : array_like of shape (k, n)
        Graded relevance vectors, ``2 <= n <= MAX_ITEMS``.
    probs : array_like of shape (k,)
        Their probabilities.
    gain : {"exponential", "linear"}, default "exponential"
        ``G(y) = 2**y - 1`` or ``G(y) = y``.

    Returns
    -------
    ndarray of float, shape (n,)

    Raises
    ------
    ValueError, TypeError
        If the labels are not non-negative grade vectors of at most ``MAX_ITEMS``
        documents, ``probs`` is not a probability vector over them, or ``gain`` is unknown.

    References
    ----------
    Ravikumar, Tewari and Yang (2011); Duchi, Mackey and Jordan (2013), Corollary 1.

    Examples
    --------
    >>> expected_normalized_gains([[1, 0], [0, 2]], [0.6, 0.4]).round(3)
    array([0.6, 0.4])
    """
    ys, p = _distribution(labels, probs)
    kind = check_choice(gain, "gain", GAINS)
    return p @ _normalized_gains(ys, kind)


def surrogate_targets(surrogate, labels, *, gain="exponential"):
    """The per-label target of a pointwise or listwise surrogate, one row per label.

    ``"listnet_softmax"``: Cao et al.'s top-one probabilities of the label,
    ``softmax(y)_i = exp(y_i) / sum_j exp(y_j)``.  ``"listnet_normalized_gain"`` and
    ``"squared_normalized_gain"``: ``G(y_i) / N(y)`` (0 for a label without gain).
    ``"ranknet"`` has pair targets instead (:func:`ranknet_pair_targets`).

    Parameters
    ----------
    surrogate : {"listnet_softmax", "listnet_normalized_gain", "squared_normalized_gain"}
    labels : array_like of shape (k, n)
        Graded relevance vectors, ``n <= MAX_ITEMS``.
    gain : {"exponential", "linear"}, default "exponential"

    Returns
    -------
    ndarray of float, shape (k, n)

    Raises
    ------
    ValueError, TypeError
        If ``surrogate`` is not one of these three, or the labels are invalid.

    References
    ----------
    Cao et al. (2007), section 4 (top-one probability with ``phi = exp``); Ravikumar,
    Tewari and Yang (2011).

    Examples
    --------
    >>> surrogate_targets("listnet_softmax", [[1, 0]]).round(4)
    array([[0.7311, 0.2689]])
    >>> surrogate_targets("listnet_normalized_gain", [[1, 0]])
    array([[1., 0.]])
    """
    name = check_choice(surrogate, "surrogate", [s for s in SURROGATES if s != "ranknet"])
    ys = check_label_set(labels, kind="grades", max_items=MAX_ITEMS)
    kind = check_choice(gain, "gain", GAINS)
    if name == "listnet_softmax":
        return _softmax_rows(ys)
    return _normalized_gains(ys, kind)


def ranknet_pair_targets(labels, probs):
    """RankNet's mean pair targets ``w[i, j] = P(y_i > y_j) + P(y_i = y_j) / 2``.

    Burges et al.'s target probability that ``i`` ranks above ``j`` is 1, 1/2 or 0 as
    ``y_i`` is above, equal to or below ``y_j``; its mean over the distribution is ``w``,
    with ``w[i, j] + w[j, i] = 1`` and a zero diagonal.

    Parameters
    ----------
    labels : array_like of shape (k, n)
    probs : array_like of shape (k,)

    Returns
    -------
    ndarray of float, shape (n, n)

    Raises
    ------
    ValueError, TypeError
        If the distribution is invalid (as :func:`expected_normalized_gains`).

    References
    ----------
    Burges et al. (2005), section 3 (the target probabilities and the cross-entropy cost).

    Examples
    --------
    >>> ranknet_pair_targets([[1, 0], [1, 1]], [0.5, 0.5])
    array([[0.  , 0.75],
           [0.25, 0.  ]])
    """
    ys, p = _distribution(labels, probs)
    return _pair_targets(ys, p)


def _pair_targets(ys: np.ndarray, p: np.ndarray) -> np.ndarray:
    above = (ys[:, :, None] > ys[:, None, :]).astype(float)
    tied = (ys[:, :, None] == ys[:, None, :]).astype(float)
    w = np.einsum("k,kij->ij", p, above + 0.5 * tied)
    np.fill_diagonal(w, 0.0)
    return w


def listnet_cross_entropy(scores, target):
    """ListNet's top-one cross-entropy ``-sum_i target_i log softmax(scores)_i``.

    Parameters
    ----------
    scores : array_like of shape (n,)
        Finite scores.
    target : array_like of shape (n,)
        Non-negative target weights (Cao et al.'s top-one probabilities of the label, or
        RTY's normalized gains, which need not sum to 1).

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If the scores are not finite, the target is negative, or the lengths differ.

    References
    ----------
    Cao et al. (2007), section 4.2 (the cross-entropy of the top-one probabilities).

    Examples
    --------
    >>> round(listnet_cross_entropy([0.0, 0.0], [0.5, 0.5]), 4)     # log 2
    0.6931
    """
    t = check_array(target, "target", ndim=1, nonnegative=True, max_abs=MAX_MAGNITUDE)
    s = check_array(scores, "scores", ndim=1, max_abs=MAX_MAGNITUDE)
    if s.shape != t.shape:
        raise ValueError(
            f"scores and target must have one entry per document each, got {s.shape[0]} "
            f"scores and {t.shape[0]} target weights"
        )
    return float(-(t @ _log_softmax(s)))


def _ranknet_value(s: np.ndarray, w: np.ndarray) -> float:
    d = s[:, None] - s[None, :]
    # -log sigmoid(d) = logaddexp(0, -d); each ordered pair (i, j) carries weight w[i, j]
    return float(np.sum(w * np.logaddexp(0.0, -d)))


def listwise_conditional_risk(surrogate, scores, labels, probs, *, gain="exponential"):
    """The conditional risk ``sum_k probs[k] psi(scores, labels[k])`` of a surrogate.

    ``psi`` is written from its definition, label by label: ListNet's
    ``-sum_i t_i(y) log softmax(s)_i`` with ``t`` from :func:`surrogate_targets`;
    RankNet's ``sum_{i<j} -P_ij log sigmoid(s_i - s_j) - (1 - P_ij) log sigmoid(s_j - s_i)``
    with ``P_ij`` = 1, 1/2, 0 as ``y_i >, =, < y_j``; the squared loss
    ``sum_i (s_i - G(y_i)/N(y))**2``.

    Parameters
    ----------
    surrogate : str
        One of :data:`SURROGATES`.
    scores : array_like of shape (n,)
    labels : array_like of shape (k, n)
    probs : array_like of shape (k,)
    gain : {"exponential", "linear"}, default "exponential"

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If ``surrogate`` is unknown, the scores are not finite or of the wrong length, or
        the distribution is invalid.

    References
    ----------
    Cao et al. (2007); Burges et al. (2005); Cossock and Zhang (2008).

    Examples
    --------
    >>> round(listwise_conditional_risk("ranknet", [0.0, 0.0], [[1, 0]], [1.0]), 4)
    0.6931
    """
    name = check_choice(surrogate, "surrogate", SURROGATES)
    ys, p = _distribution(labels, probs)
    kind = check_choice(gain, "gain", GAINS)
    s = _scores(scores, ys.shape[1])
    total = 0.0
    for pk, y in zip(p, ys, strict=True):
        if pk == 0:
            continue
        row = y[None, :]
        if name == "ranknet":
            w = _pair_targets(row, np.ones(1))
            total += pk * _ranknet_value(s, w)
        elif name == "squared_normalized_gain":
            total += pk * float(np.sum((s - _normalized_gains(row, kind)[0]) ** 2))
        else:
            target = surrogate_targets(name, row, gain=kind)[0]
            total += pk * float(-(target @ _log_softmax(s)))
    return float(total)


# --------------------------------------------------------------------------- #
# minimizers
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class ListwiseMinimizer:
    """The minimizer of a surrogate's conditional risk, with its tiers and its order.

    Attributes
    ----------
    surrogate : str
        One of :data:`SURROGATES`.
    scores : ndarray of float, shape (n,)
        Finite scores within each tier (centred to mean 0 within a tier of the softmax and
        pairwise surrogates, whose risk ignores a common shift).
    tiers : ndarray of int64, shape (n,)
        0 for the top tier; a minimizing sequence sends every tier infinitely far below the
        one above it (all 0 when the minimum is attained).
    sigma : ndarray of int64, shape (n,)
        The order: ``sigma[i]`` is document ``i``'s 0-based position, by tier, then by
        decreasing score, ties (within :data:`TIE_ATOL`) to the smaller index.
    tied : bool
        Two documents of one tier have scores within :data:`TIE_ATOL` (the order between
        them is the tie-break's, not the surrogate's).
    method : str
        "closed_form", "newton" or "cvxpy".
    """

    surrogate: str
    scores: np.ndarray
    tiers: np.ndarray
    sigma: np.ndarray
    tied: bool
    method: str

    def __repr__(self) -> str:
        return (
            f"ListwiseMinimizer({self.surrogate!r}, scores={np.round(self.scores, 4).tolist()}, "
            f"tiers={self.tiers.tolist()}, sigma={self.sigma.tolist()})"
        )


def _order(scores: np.ndarray, tiers: np.ndarray) -> tuple[np.ndarray, bool]:
    n = scores.shape[0]
    rounded = np.round(scores / TIE_ATOL) * TIE_ATOL
    order = np.lexsort((np.arange(n), -rounded, tiers))
    sigma = np.empty(n, dtype=np.int64)
    sigma[order] = np.arange(n)
    tied = False
    for a, b in itertools.pairwise(order):
        if tiers[a] == tiers[b] and abs(scores[a] - scores[b]) <= TIE_ATOL:
            tied = True
    return sigma, tied


def _softmax_closed_form(mean_target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """argmin of ``-a . log softmax(s)``: ``softmax(s) = a / sum(a)``; zero entries diverge."""
    n = mean_target.shape[0]
    positive = mean_target > 0
    tiers = np.where(positive, 0, 1).astype(np.int64)
    scores = np.zeros(n)
    if positive.any():
        logs = np.log(mean_target[positive])
        scores[positive] = logs - logs.mean()
    else:  # the risk is 0 whatever the scores: one tier, every order minimizes
        tiers[:] = 0
    return scores, tiers


def _ranknet_newton(w: np.ndarray) -> np.ndarray:
    """Minimize ``sum_{i != j} w_ij log(1 + exp(s_j - s_i))`` over a strongly connected block."""
    n = w.shape[0]
    s = np.zeros(n)
    if n == 1:
        return s
    for _ in range(_NEWTON_MAX_STEPS):
        d = s[:, None] - s[None, :]
        sig = 1.0 / (1.0 + np.exp(-d))
        np.fill_diagonal(sig, 0.0)
        grad = sig.sum(axis=1) - w.sum(axis=1)
        curv = sig * (1.0 - sig)
        hess = np.diag(curv.sum(axis=1)) - curv + 1.0 / n  # + 11'/n fixes the shift
        step = np.linalg.solve(hess, grad)
        value = _ranknet_value(s, w)
        t = 1.0
        while _ranknet_value(s - t * step, w) > value - 1e-4 * t * float(grad @ step):
            t /= 2.0
            if t < 1e-12:
                break
        s = s - t * step
        s -= s.mean()
        if np.abs(grad).max() < _NEWTON_TOL:
            break
    return s


def _ranknet_exact(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Tiers: strongly connected blocks of "i can rank above j" (w_ij > 0), in their order."""
    n = w.shape[0]
    condensed = nx.condensation(digraph_from_weights(w))  # the diagonal of w is 0: no self-loop
    tiers = np.zeros(n, dtype=np.int64)
    scores = np.zeros(n)
    for rank, block in enumerate(nx.topological_sort(condensed)):
        members = sorted(condensed.nodes[block]["members"])
        tiers[members] = rank
        scores[members] = _ranknet_newton(w[np.ix_(members, members)])
    return scores, tiers


def _cvxpy_scores(name: str, ys: np.ndarray, p: np.ndarray, gain: str, solver: str) -> np.ndarray:
    import cvxpy as cp

    n = ys.shape[1]
    s = cp.Variable(n)
    if name == "ranknet":
        w = _pair_targets(ys, p)
        if np.any((w == 0) & ~np.eye(n, dtype=bool)):
            raise ValueError(
                "method='cvxpy' needs an attained minimum: a pair of documents is always in one "
                "order, so RankNet's minimizing sequence diverges; use method='exact'"
            )
        terms = [w[i, j] * cp.logistic(s[j] - s[i]) for i in range(n) for j in range(n) if i != j]
        objective, constraints = cp.sum(cp.hstack(terms)), [cp.sum(s) == 0]
    else:
        targets = surrogate_targets(name, ys, gain=gain)
        mean = p @ targets
        if name == "squared_normalized_gain":
            # sum_k p_k ||s - t_k||^2, label by label
            objective = cp.sum(
                cp.hstack([pk * cp.sum_squares(s - t) for pk, t in zip(p, targets, strict=True)])
            )
            constraints = []
        else:
            if np.any(mean <= 0):
                raise ValueError(
                    "method='cvxpy' needs an attained minimum: a document has mean target 0, "
                    "so ListNet's minimizing sequence sends it to -inf; use method='exact'"
                )
            lse = cp.log_sum_exp(s)
            objective = cp.sum(
                cp.hstack([pk * (t.sum() * lse - t @ s) for pk, t in zip(p, targets, strict=True)])
            )
            constraints = [cp.sum(s) == 0]
    problem = cp.Problem(cp.Minimize(objective), constraints)
    options = _CLARABEL_OPTIONS if solver == "CLARABEL" else {}
    solve_quietly(problem, solver, f"the conditional risk of {name}", **options)
    return np.asarray(s.value, dtype=float)


def listwise_minimizer(
    surrogate, labels, probs, *, gain="exponential", method="exact", solver=None
):
    """Minimize a surrogate's conditional risk: its scores, tiers and order.

    Parameters
    ----------
    surrogate : str
        One of :data:`SURROGATES`.
    labels : array_like of shape (k, n)
        Graded relevance vectors, ``2 <= n <= MAX_ITEMS``, ``k <= MAX_LABELS``.
    probs : array_like of shape (k,)
        Their probabilities.
    gain : {"exponential", "linear"}, default "exponential"
        The gain of the normalized-gain targets.
    method : {"exact", "cvxpy"}, default "exact"
        "exact": ListNet's closed form ``softmax(s) = E[t(y)] / sum E[t(y)]``, the squared
        loss's ``s = E[G(y)/N(y)]``, and RankNet by Newton's method on each strongly
        connected block of the pairs (to a gradient below 1e-13), with tiers where the
        minimizing sequence diverges.  "cvxpy": the conditional risk written label by label
        in cvxpy (``log_sum_exp`` for ListNet, ``logistic`` for RankNet) and solved by
        ``solver``: the referee, for distributions where the minimum is attained.
    solver : str, optional
        A cvxpy solver, CLARABEL by default.

    Returns
    -------
    ListwiseMinimizer

    Raises
    ------
    ValueError, TypeError
        If an argument is invalid, or ``method="cvxpy"`` is asked for a distribution whose
        minimum is not attained.
    rankviz.SolverError
        If cvxpy fails.

    References
    ----------
    Cao et al. (2007); Burges et al. (2005); Cossock and Zhang (2008); Ravikumar, Tewari
    and Yang (2011).

    Examples
    --------
    >>> m = listwise_minimizer("listnet_softmax", [[1, 0], [0, 2]], [0.6, 0.4])
    >>> m.sigma.tolist(), m.tiers.tolist()
    ([1, 0], [0, 0])
    >>> listwise_minimizer("listnet_normalized_gain", [[1, 0], [0, 2]], [0.6, 0.4]).sigma.tolist()
    [0, 1]
    """
    name = check_choice(surrogate, "surrogate", SURROGATES)
    ys, p = _distribution(labels, probs)
    kind = check_choice(gain, "gain", GAINS)
    how = check_choice(method, "method", ("exact", "cvxpy"))
    n = ys.shape[1]
    if how == "cvxpy":
        solver = check_solver(solver)
        scores = _cvxpy_scores(name, ys, p, kind, solver)
        tiers = np.zeros(n, dtype=np.int64)
        label = "cvxpy"
    elif name == "ranknet":
        scores, tiers = _ranknet_exact(_pair_targets(ys, p))
        label = "newton"
    elif name == "squared_normalized_gain":
        scores, tiers = p @ _normalized_gains(ys, kind), np.zeros(n, dtype=np.int64)
        label = "closed_form"
    else:
        scores, tiers = _softmax_closed_form(p @ surrogate_targets(name, ys, gain=kind))
        label = "closed_form"
    sigma, tied = _order(scores, tiers)
    return ListwiseMinimizer(name, scores, tiers, sigma, tied, label)


# --------------------------------------------------------------------------- #
# consistency at one distribution, and the search for a counterexample
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class NdcgConsistencyCheck:
    """Is a surrogate minimizer's order in NDCG's Bayes set at one distribution?

    Attributes
    ----------
    surrogate : str
    in_bayes_set : bool
        The minimizer's order has NDCG risk within ``tol`` of the minimum.
    regret : float
        Its NDCG risk minus the Bayes risk (0 when in the Bayes set).
    minimizer : ListwiseMinimizer
    bayes : tuple of ndarray
        Every Bayes-optimal permutation ``sigma`` (by enumeration).
    eta : ndarray
        RTY's expected normalized gains.
    labels, probs : ndarray
        The distribution.
    """

    surrogate: str
    in_bayes_set: bool
    regret: float
    minimizer: ListwiseMinimizer
    bayes: tuple
    eta: np.ndarray
    labels: np.ndarray
    probs: np.ndarray

    def __repr__(self) -> str:
        return (
            f"NdcgConsistencyCheck({self.surrogate!r}, in_bayes_set={self.in_bayes_set}, "
            f"regret={self.regret:.4g}, sigma={self.minimizer.sigma.tolist()}, "
            f"bayes set of {len(self.bayes)})"
        )


def _index(sigma: np.ndarray) -> int:
    n = sigma.shape[0]
    rows = np.flatnonzero((all_permutations(n) == sigma).all(axis=1))
    return int(rows[0])


def check_ndcg_consistency_at(
    surrogate, labels, probs, *, gain="exponential", method="exact", tol=DEFAULT_TOL
):
    """Minimize a surrogate's conditional risk and test its order against NDCG's Bayes set.

    The Bayes set comes from :func:`rankviz.bayes.bayes_permutations` with
    :func:`rankviz.bayes.ndcg_loss` (every permutation enumerated), not from ``eta``.

    Parameters
    ----------
    surrogate : str
        One of :data:`SURROGATES`.
    labels : array_like of shape (k, n)
    probs : array_like of shape (k,)
    gain : {"exponential", "linear"}, default "exponential"
        The gain of NDCG and of the normalized-gain targets.
    method : {"exact", "cvxpy"}, default "exact"
        As :func:`listwise_minimizer`.
    tol : float, default DEFAULT_TOL (1e-9)
        Tolerance of "in the Bayes set" on the NDCG risk.

    Returns
    -------
    NdcgConsistencyCheck

    Raises
    ------
    ValueError, TypeError, rankviz.SolverError
        As :func:`listwise_minimizer`, or ``tol < 0``.

    References
    ----------
    Ravikumar, Tewari and Yang (2011); Duchi, Mackey and Jordan (2013), Definition 3.

    Examples
    --------
    >>> labels, probs = [[1, 0], [0, 2]], [0.6, 0.4]
    >>> check_ndcg_consistency_at("listnet_softmax", labels, probs).in_bayes_set
    False
    >>> check_ndcg_consistency_at("listnet_normalized_gain", labels, probs).in_bayes_set
    True
    """
    tol = check_real(tol, "tol", nonnegative=True)
    minimizer = listwise_minimizer(surrogate, labels, probs, gain=gain, method=method)
    ys, p = _distribution(labels, probs)
    risks = conditional_risk(ndcg_loss(gain), ys, p)
    best = float(risks.min())
    regret = float(risks[_index(minimizer.sigma)]) - best
    sigmas = all_permutations(ys.shape[1])
    return NdcgConsistencyCheck(
        surrogate=minimizer.surrogate,
        in_bayes_set=regret <= tol,
        regret=regret if regret > tol else 0.0,
        minimizer=minimizer,
        bayes=tuple(sigmas[risks <= best + tol]),
        eta=p @ _normalized_gains(ys, gain),
        labels=ys,
        probs=p,
    )


def random_label_distribution(n, *, grades=(0, 1, 2), support=None, rng=0):
    """A random label distribution: ``support`` grade vectors with Dirichlet(1) weights.

    Parameters
    ----------
    n : int
        Number of documents, ``2 <= n <= MAX_ITEMS``.
    grades : sequence of float, default (0, 1, 2)
        The grades a document can take.
    support : int, optional
        Number of distinct label vectors drawn (without replacement) from all
        ``len(grades)**n``; all of them by default.
    rng : int or numpy.random.Generator, default 0

    Returns
    -------
    labels : ndarray of shape (support, n)
    probs : ndarray of shape (support,)

    Raises
    ------
    ValueError, TypeError
        If ``n``, ``grades`` or ``support`` is out of range, or ``rng`` is not a seed or a
        Generator.

    Examples
    --------
    >>> labels, probs = random_label_distribution(3, support=2, rng=1)
    >>> labels.shape, round(float(probs.sum()), 6)
    ((2, 3), 1.0)
    """
    n = check_int(n, "n", minimum=2, maximum=MAX_ITEMS)
    every = label_set(n, grades)
    if every.shape[0] > MAX_LABELS:
        raise ValueError(
            f"grades gives {every.shape[0]} label vectors of {n} documents; at most "
            f"MAX_LABELS = {MAX_LABELS}"
        )
    size = (
        every.shape[0]
        if support is None
        else check_int(support, "support", minimum=1, maximum=every.shape[0])
    )
    generator = as_generator(rng)
    rows = np.sort(generator.choice(every.shape[0], size=size, replace=False))
    return every[rows], generator.dirichlet(np.ones(size))


@dataclass(frozen=True)
class InconsistencySearch:
    """The result of :func:`find_ndcg_inconsistency`.

    Attributes
    ----------
    surrogate : str
    trials : int
        Distributions tried (up to and including the counterexample, if one was found).
    counterexample : NdcgConsistencyCheck or None
        The first distribution where the minimizer's order, with no tie, leaves the Bayes set
        with regret above ``min_regret``, or None.
    """

    surrogate: str
    trials: int
    counterexample: NdcgConsistencyCheck | None

    def __repr__(self) -> str:
        found = "none" if self.counterexample is None else repr(self.counterexample)
        return (
            f"InconsistencySearch({self.surrogate!r}, trials={self.trials}, counterexample={found})"
        )


def find_ndcg_inconsistency(
    surrogate,
    n,
    *,
    trials,
    grades=(0, 1, 2),
    support=3,
    gain="exponential",
    min_regret=1e-6,
    rng=0,
):
    """Search random label distributions for one where a surrogate's minimizer is not NDCG-optimal.

    Each trial draws :func:`random_label_distribution` and runs
    :func:`check_ndcg_consistency_at` (exact minimizer, Bayes set by enumeration); the
    search stops at the first distribution whose regret exceeds ``min_regret`` (far above
    the tolerances, so that rounding cannot make a counterexample) and whose minimizer ties no
    two documents of a tier (a tie would leave the order to the tie-break, not to the
    surrogate).

    Parameters
    ----------
    surrogate : str
        One of :data:`SURROGATES`.
    n : int
        Number of documents, ``2 <= n <= MAX_ITEMS``.
    trials : int
        Most distributions tried, ``1 <= trials <= MAX_SEARCH_TRIALS``.
    grades : sequence of float, default (0, 1, 2)
    support : int or None, default 3
        Label vectors per distribution (None: all of them).
    gain : {"exponential", "linear"}, default "exponential"
    min_regret : float, default 1e-6
        Smallest NDCG regret that counts as a counterexample (> 0).
    rng : int or numpy.random.Generator, default 0

    Returns
    -------
    InconsistencySearch

    Raises
    ------
    ValueError, TypeError
        If an argument is out of range.

    References
    ----------
    Ravikumar, Tewari and Yang (2011).

    Examples
    --------
    >>> found = find_ndcg_inconsistency("listnet_softmax", 3, trials=200, rng=0)
    >>> found.counterexample is not None
    True
    >>> find_ndcg_inconsistency("squared_normalized_gain", 3, trials=50).counterexample is None
    True
    """
    name = check_choice(surrogate, "surrogate", SURROGATES)
    n = check_int(n, "n", minimum=2, maximum=MAX_ITEMS)
    trials = check_int(trials, "trials", minimum=1, maximum=MAX_SEARCH_TRIALS)
    kind = check_choice(gain, "gain", GAINS)
    min_regret = check_real(min_regret, "min_regret", positive=True, maximum=1.0)
    generator = as_generator(rng)
    random_label_distribution(n, grades=grades, support=support, rng=0)  # checks the sizes
    for trial in range(1, trials + 1):
        labels, probs = random_label_distribution(n, grades=grades, support=support, rng=generator)
        check = check_ndcg_consistency_at(name, labels, probs, gain=kind)
        if check.regret > min_regret and not check.minimizer.tied:
            return InconsistencySearch(name, trial, check)
    return InconsistencySearch(name, trials, None)
