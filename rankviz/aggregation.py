"""Rank aggregation: pairwise outcomes turned into one score per item (section 5.1).

Duchi, Mackey and Jordan (2013) escape the inconsistency of pairwise surrogates
(chapter 07) by *aggregating* partial preferences into a structure ``s`` (a
score vector, an averaged graph) before a consistent surrogate is fitted to it.
This module computes the aggregation of section 5.1; the cascade click model of
section 5.2 is :mod:`rankviz.cascade`, the U-statistic risks of sections 4 and 6
:mod:`rankviz.ustatistics`.

* **Pairwise outcomes** are rows ``(i, j)`` meaning "item i beat item j"
  (:func:`win_counts`, :func:`simulate_btl_comparisons` under the
  Bradley-Terry-Luce model (26)).  From the win counts ``W`` come the
  comparison mask ``Omega`` (:func:`comparison_mask`), the empirical
  probabilities ``P[i, j]``, the share of the comparisons of the pair that i
  won (:func:`empirical_probabilities`), and two skew-symmetric matrices: the
  differences ``P - P^T`` (:func:`probability_differences`) and the smoothed
  log-odds of section 5.1 (:func:`btl_log_odds`).
* **Scores from a skew-symmetric matrix** (section 5.1): Borda ``A 1``
  (:func:`borda_scores`), Ammar and Shah's average win rate
  (:func:`ammar_shah_scores`), the Thurstone-Mosteller least squares (22)
  solved through the graph Laplacian of the mask
  (:func:`thurstone_mosteller_scores`), Saaty's Perron vector of a reciprocal
  matrix (:func:`principal_eigenvector_scores`), and, for comparison, the
  Bradley-Terry maximum-likelihood fit computed by ``choix``
  (:func:`btl_maximum_likelihood`).  :func:`aggregate_scores` runs any of them
  from win counts.

Smoothing.  The log-odds ``log(P_ij / P_ji)`` is infinite for a pair seen one way
only, so section 5.1 adds ``c > 0``.  Two readings are offered:
``smoothing="probability"`` adds ``c`` to the empirical probabilities (the
printed formula); its limit as the comparisons grow is
``log((p + c) / (1 - p + c))``, an order-preserving but compressed version of
the log-odds.  ``smoothing="counts"`` adds ``c`` to the win counts (for
``c = 1/2`` the Haldane-Anscombe correction); its limit is the log-odds itself,
so that the structure (27) (:func:`rankviz.ustatistics.average_log_odds`)
converges to the printed limit.  The U-statistic functions use counts by
default for that reason.

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013 (seed ``003_78b4dd99621c547a.txt``): section 5.1
(eq. (22), BTL, Borda, Ammar-Shah, Saaty) and eq. (26).
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from scipy.special import expit, log_expit

from rankviz._graphs import digraph_from_weights, unbeaten_group
from rankviz._log_odds import SMOOTHINGS, log_odds, probabilities
from rankviz._validation import (
    as_comparison_rows,
    as_float_vector,
    as_generator,
    as_weight_matrix,
    check_array,
    check_choice,
    check_int,
    check_log_odds_smoothing,
    check_probability,
    check_real,
)

__all__ = [
    "AGGREGATION_METHODS",
    "MAX_COMPARISONS",
    "MAX_GRAPH_ITEMS",
    "MAX_ITEMS",
    "MAX_ITERATIONS",
    "MAX_WIN_COUNT",
    "SMOOTHINGS",
    "aggregate_scores",
    "ammar_shah_scores",
    "borda_scores",
    "btl_log_odds",
    "btl_maximum_likelihood",
    "btl_win_probabilities",
    "comparison_groups",
    "comparison_mask",
    "discordant_pairs",
    "empirical_probabilities",
    "limit_scores_on_every_graph",
    "principal_eigenvector_scores",
    "probability_differences",
    "simulate_btl_comparisons",
    "thurstone_mosteller_scores",
    "win_counts",
]

#: The aggregation strategies of :func:`aggregate_scores` (section 5.1 and the BTL fit).
AGGREGATION_METHODS = ("thurstone_mosteller", "borda", "ammar_shah", "eigenvector", "btl_mle")

#: Largest number of comparisons :func:`simulate_btl_comparisons` draws, and
#: :func:`btl_maximum_likelihood` hands to ``choix`` (one row each).
MAX_COMPARISONS = 10_000_000

#: Largest number of items the aggregation functions accept (their matrices are n x n).
MAX_ITEMS = 5_000

#: Largest ``max_iter`` :func:`principal_eigenvector_scores` accepts.
MAX_ITERATIONS = 1_000_000

#: Largest win count accepted (2**53: every count up to it is exact in floating point).
MAX_WIN_COUNT = 2**53

# The penalised BTL fit (btl_maximum_likelihood): Newton steps at most, the relative step
# it stops at, the step it accepts when rounding stops the progress, and the alpha per
# comparison above which that rounding floor is never reached (eps * comparisons / alpha).
_BTL_MAX_NEWTON_STEPS = 200
_BTL_STEP_TOL = 1e-10
_BTL_ROUNDING_TOL = 1e-6
_BTL_SAFE_ALPHA_PER_COMPARISON = 1e-9

# Relative tolerance for skew-symmetry and reciprocity of an input matrix.
_MATRIX_TOL = 1e-9


# --------------------------------------------------------------------------- #
# pairwise outcomes
# --------------------------------------------------------------------------- #
def win_counts(comparisons, n_items):
    """Count the wins of every ordered pair: ``W[i, j]`` = number of rows ``(i, j)``.

    Parameters
    ----------
    comparisons : array_like of int, shape (N, 2)
        One row per pairwise outcome, ``(i, j)`` meaning "item i beat item j"
        (``N = 0`` is allowed).
    n_items : int
        Number of items, at least 2.

    Returns
    -------
    ndarray of int64, shape (n_items, n_items)
        Zero diagonal; ``W[i, j] + W[j, i]`` is how often the pair was compared.

    Raises
    ------
    TypeError
        If an index is not an integer.
    ValueError
        If the array is not of shape (N, 2), an index is outside
        ``0, ..., n_items - 1`` or a row compares an item with itself.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 (pairwise comparisons ``j > l``).

    Examples
    --------
    >>> win_counts([(0, 1), (0, 1), (1, 0), (2, 1)], 3)
    array([[0, 2, 0],
           [1, 0, 0],
           [0, 1, 0]])
    """
    n = check_int(n_items, "n_items", minimum=2, maximum=MAX_ITEMS)
    rows = as_comparison_rows(comparisons, "comparisons", n)
    counts = np.bincount(rows[:, 0] * n + rows[:, 1], minlength=n * n)
    return counts.reshape(n, n).astype(np.int64)


def _as_wins(wins, name: str = "wins") -> np.ndarray:
    W = as_weight_matrix(wins, name, min_items=2)
    if W.shape[0] > MAX_ITEMS:
        raise ValueError(
            f"{name} compares {W.shape[0]} items; at most MAX_ITEMS = {MAX_ITEMS} are supported"
        )
    if W.max() > MAX_WIN_COUNT:
        raise ValueError(f"{name} holds a count above MAX_WIN_COUNT = {MAX_WIN_COUNT:.0f}")
    return W


def comparison_mask(wins):
    """The observation mask ``Omega`` of (22): which pairs were compared at least once.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts (:func:`win_counts`): non-negative, zero diagonal.

    Returns
    -------
    ndarray of bool, shape (n, n)
        Symmetric; ``Omega[i, j]`` is True when ``W[i, j] + W[j, i] > 0``, and
        the diagonal is True (the paper's convention ``Omega_ii = 1``).

    Raises
    ------
    TypeError, ValueError
        If ``wins`` is not a square, finite, non-negative matrix with zero
        diagonal over at least 2 items.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1, the mask before eq. (22).

    Examples
    --------
    >>> comparison_mask([[0, 2, 0], [1, 0, 0], [0, 0, 0]]).astype(int)
    array([[1, 1, 0],
           [1, 1, 0],
           [0, 0, 1]])
    """
    W = _as_wins(wins)
    return _mask(W)


def _mask(W: np.ndarray) -> np.ndarray:
    mask = (W + np.swapaxes(W, -1, -2)) > 0
    idx = np.arange(W.shape[-1])
    mask[..., idx, idx] = True
    return mask


def empirical_probabilities(wins):
    """Empirical preference probabilities: the share of a pair's comparisons each item won.

    ``P[i, j] = W[i, j] / (W[i, j] + W[j, i])`` for a compared pair; 1/2 for a
    pair never compared and on the diagonal (no evidence either way), so that
    ``P + P^T = 1`` everywhere.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts: non-negative, zero diagonal.

    Returns
    -------
    ndarray of shape (n, n)

    Raises
    ------
    TypeError, ValueError
        As :func:`comparison_mask`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 (``P-hat``).

    Examples
    --------
    >>> empirical_probabilities([[0, 3, 0], [1, 0, 0], [0, 0, 0]])
    array([[0.5 , 0.75, 0.5 ],
           [0.25, 0.5 , 0.5 ],
           [0.5 , 0.5 , 0.5 ]])
    """
    return probabilities(_as_wins(wins))


def probability_differences(wins):
    """The skew-symmetric matrix ``A = P - P^T`` of empirical probability differences.

    With it, the Borda count ``A 1`` is an increasing affine function of Ammar and
    Shah's scores (section 5.1): ``A 1 = 2 (n - 1) s - (n - 1)``.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts: non-negative, zero diagonal.

    Returns
    -------
    ndarray of shape (n, n)
        ``A[i, j] = P[i, j] - P[j, i]`` in [-1, 1]; 0 for pairs never compared.

    Raises
    ------
    TypeError, ValueError
        As :func:`comparison_mask`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 (Borda count and budgeted aggregation).

    Examples
    --------
    >>> probability_differences([[0, 3], [1, 0]])
    array([[ 0. ,  0.5],
           [-0.5,  0. ]])
    """
    P = probabilities(_as_wins(wins))
    return P - P.T


def btl_log_odds(wins, c, *, smoothing="probability"):
    """The smoothed empirical log-odds matrix of the Bradley-Terry-Luce aggregation.

    ``A[j, l] = log((P[j, l] + c) / (P[l, j] + c))`` for every compared pair
    (section 5.1), with ``P`` the empirical probabilities
    (:func:`empirical_probabilities`); 0 for a pair never compared.  Under the
    BTL model (26) the unsmoothed log-odds estimate ``r_j - r_l``.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts: non-negative, zero diagonal.
    c : float
        Smoothing, > 0 (without it a pair seen one way only has infinite log-odds).
    smoothing : {"probability", "counts"}, default "probability"
        Add ``c`` to the empirical probabilities (the formula of section 5.1;
        the limit is ``log((p + c) / (1 - p + c))``, a compressed log-odds) or to
        the win counts, ``log((W[j, l] + c) / (W[l, j] + c))`` (whose limit is the
        log-odds ``log(p / (1 - p))`` itself).

    Returns
    -------
    ndarray of shape (n, n)
        Skew-symmetric.

    Raises
    ------
    TypeError, ValueError
        If ``wins`` is invalid, ``c <= 0`` or ``smoothing`` is unknown.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 (BTL log-odds); Bradley and
    Terry (1952).

    Examples
    --------
    >>> btl_log_odds([[0, 3], [1, 0]], 0.5)          # log(1.25 / 0.75)
    array([[ 0.    ,  0.5108],
           [-0.5108,  0.    ]])
    >>> btl_log_odds([[0, 3], [1, 0]], 0.5, smoothing="counts")   # log(3.5 / 1.5)
    array([[ 0.    ,  0.8473],
           [-0.8473,  0.    ]])
    """
    W = _as_wins(wins)
    c, smoothing = check_log_odds_smoothing(c, smoothing, SMOOTHINGS)
    return log_odds(W, c, smoothing)


# --------------------------------------------------------------------------- #
# scores from a skew-symmetric or reciprocal matrix
# --------------------------------------------------------------------------- #
def _as_square(values, name: str) -> np.ndarray:
    """A finite real square matrix over at least 2 items."""
    arr = check_array(values, name, ndim=2, square=True)
    if not 2 <= arr.shape[0] <= MAX_ITEMS:
        raise ValueError(
            f"{name} must be a square matrix over 2 to MAX_ITEMS = {MAX_ITEMS} "
            f"items, got an array of shape {arr.shape}"
        )
    return arr


def _finite_scores(scores: np.ndarray, name: str) -> np.ndarray:
    """The scores, unless an entry of ``name`` was so large that a sum overflowed."""
    if not np.isfinite(scores).all():
        raise ValueError(f"{name} has entries too large in magnitude: the scores overflow")
    return scores


def _check_skew(A: np.ndarray, name: str, where: np.ndarray | None = None) -> None:
    gap = np.abs(A + A.T)
    if where is not None:
        gap = np.where(where, gap, 0.0)
    if gap.max() > _MATRIX_TOL * max(1.0, float(np.abs(A).max())):
        i, j = np.unravel_index(int(np.argmax(gap)), gap.shape)
        raise ValueError(
            f"{name} must be skew-symmetric (A = -A^T), but {name}[{i}, {j}] = "
            f"{A[i, j]:g} and {name}[{j}, {i}] = {A[j, i]:g}"
        )


def borda_scores(A):
    """The Borda count of a skew-symmetric matrix: ``s = A 1``.

    Parameters
    ----------
    A : array_like of shape (n, n)
        Skew-symmetric (``A = -A^T``): ``A[i, j]`` is how strongly item i is
        preferred to item j, e.g. :func:`probability_differences`.

    Returns
    -------
    ndarray of shape (n,)
        The row sums; they add up to 0.

    Raises
    ------
    TypeError, ValueError
        If ``A`` is not a finite, square, skew-symmetric matrix over at least 2 items.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1; Borda (1781).

    Examples
    --------
    >>> borda_scores([[0, 1, 0.5], [-1, 0, 0.2], [-0.5, -0.2, 0]])
    array([ 1.5, -0.8, -0.7])
    """
    M = _as_square(A, "A")
    _check_skew(M, "A")
    with np.errstate(over="ignore", invalid="ignore"):
        scores = M.sum(axis=1)
    return _finite_scores(scores, "A")


def ammar_shah_scores(wins):
    """Ammar and Shah's scores: each item's average empirical chance of beating another.

    ``s_j = (1 / (n - 1)) sum_{l != j} P[j, l]`` with the empirical probabilities
    of :func:`empirical_probabilities` (1/2 for a pair never compared): an
    estimate of the probability of beating an opponent drawn uniformly.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts: non-negative, zero diagonal.

    Returns
    -------
    ndarray of shape (n,)
        Values in [0, 1] that add up to ``n / 2``.

    Raises
    ------
    TypeError, ValueError
        As :func:`comparison_mask`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1; Ammar and Shah (2011),
    "Ranking: compare, don't score".

    Examples
    --------
    >>> ammar_shah_scores([[0, 3, 2], [1, 0, 0], [0, 4, 0]])   # (0.75 + 1) / 2, ...
    array([0.875, 0.125, 0.5  ])
    """
    P = probabilities(_as_wins(wins))
    n = P.shape[0]
    return (P.sum(axis=1) - 0.5) / (n - 1)


def _as_mask(mask, n: int) -> np.ndarray:
    if mask is None:
        return np.ones((n, n), dtype=bool)
    arr = check_array(mask, "mask", dtype="bool")
    if arr.shape != (n, n):
        raise ValueError(f"mask must have the shape of A, {(n, n)}, got {arr.shape}")
    if not np.array_equal(arr, arr.T):
        i, j = np.argwhere(arr != arr.T)[0]
        raise ValueError(
            f"mask must be symmetric (a pair is observed or not), but "
            f"mask[{i}, {j}] != mask[{j}, {i}]"
        )
    return arr


def _components(observed: np.ndarray) -> list[list[int]]:
    graph = nx.Graph()
    n = observed.shape[0]
    graph.add_nodes_from(range(n))
    graph.add_edges_from(
        (int(i), int(j)) for i, j in zip(*np.nonzero(np.triu(observed, 1)), strict=True)
    )
    return sorted(sorted(c) for c in nx.connected_components(graph))


def comparison_groups(wins):
    """The connected components of the comparison graph: items linked by compared pairs.

    Least squares (22) pins the scores down only when there is one group; the
    scores of different groups could be shifted independently.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts: non-negative, zero diagonal.

    Returns
    -------
    list of list of int
        The groups, each sorted, in order of their smallest item.

    Raises
    ------
    TypeError, ValueError
        As :func:`comparison_mask`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 (the Laplacian ``D_Omega - Omega``).

    Examples
    --------
    >>> comparison_groups([[0, 2, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 5, 0]])
    [[0, 1], [2, 3]]
    """
    return _components(_mask(_as_wins(wins)))


def thurstone_mosteller_scores(A, mask=None):
    """Least-squares scores ``s_i - s_j ≈ A_ij`` on the observed pairs: Duchi et al.'s (22).

    Solves ``minimise_{x : 1^T x = 0} (1/4) sum_{ij} Omega_ij (A_ij - (x_i - x_j))^2``
    in closed form: ``s = (D_Omega - Omega)^+ (Omega ∘ A) 1``, where
    ``D_Omega - Omega`` is the Laplacian of the comparison graph.  When that graph
    is connected the Laplacian's null space is spanned by ``1``, and ``s`` is
    computed as ``(L + 1 1^T / n)^{-1} (Omega ∘ A) 1`` (the same vector, since the
    right-hand side is orthogonal to ``1``).

    Parameters
    ----------
    A : array_like of shape (n, n)
        Skew-symmetric on the observed pairs (entries of unobserved pairs are
        ignored), e.g. :func:`btl_log_odds`.
    mask : array_like of bool, shape (n, n), optional
        ``Omega``: symmetric, True for the observed pairs (:func:`comparison_mask`);
        the diagonal does not matter.  By default every pair is observed.

    Returns
    -------
    ndarray of shape (n,)
        The minimiser of (22); it sums to 0.

    Raises
    ------
    TypeError, ValueError
        If ``A`` or ``mask`` is invalid, or the comparison graph is disconnected:
        then (22) only fixes the scores up to a separate shift of each group of
        items, and the groups are named.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (22) and the Laplacian solution after it;
    Thurstone (1927), Mosteller (1951).

    Examples
    --------
    >>> x = np.array([2.0, 0.0, -1.0])
    >>> thurstone_mosteller_scores(x[:, None] - x[None, :])   # consistent data: x - mean(x)
    array([ 1.6667, -0.3333, -1.3333])
    >>> thurstone_mosteller_scores(np.zeros((3, 3)), [[1, 1, 0], [1, 1, 0], [0, 0, 1]])
    Traceback (most recent call last):
        ...
    ValueError: the comparison graph is disconnected (groups [0, 1] | [2]): least squares (22)
    fixes the scores only up to a shift of each group; compare at least one pair across the groups
    """
    M = _as_square(A, "A")
    n = M.shape[0]
    observed = _as_mask(mask, n)
    _check_skew(M, "A", observed)
    groups = _components(observed)
    if len(groups) > 1:
        shown = " | ".join(str(g) for g in groups[:6]) + (" | ..." if len(groups) > 6 else "")
        raise ValueError(
            f"the comparison graph is disconnected (groups {shown}): least squares "
            f"(22) fixes the scores only up to a shift of each group; compare at "
            f"least one pair across the groups"
        )
    omega = observed.astype(float)
    np.fill_diagonal(omega, 0.0)
    laplacian = np.diag(omega.sum(axis=1)) - omega
    with np.errstate(over="ignore", invalid="ignore"):
        rhs = (omega * M).sum(axis=1)
        scores = np.linalg.solve(laplacian + 1.0 / n, rhs)
        scores = scores - scores.mean()
    return _finite_scores(scores, "A")


def principal_eigenvector_scores(R, *, tol=1e-12, max_iter=10_000):
    """Saaty's scores: the Perron vector of a positive reciprocal matrix, by power iteration.

    A reciprocal matrix has ``R[i, j] = 1 / R[j, i] > 0``: ``R[i, j]`` says how
    many times more item i is preferred to item j.  When the judgments are
    consistent, ``R[i, j] = w_i / w_j``, the Perron vector is ``w`` itself.

    Parameters
    ----------
    R : array_like of shape (n, n)
        Positive entries, ``R[i, j] R[j, i] = 1`` (relative tolerance 1e-9), unit
        diagonal; e.g. ``numpy.exp(btl_log_odds(W, c))``, the smoothed win ratios.
    tol : float, default 1e-12
        Stop when successive iterates differ by less than this (L1 norm).
    max_iter : int, default 10000
        Iteration budget, 1 to :data:`MAX_ITERATIONS`.

    Returns
    -------
    ndarray of shape (n,)
        The eigenvector of the largest eigenvalue, positive, summing to 1.

    Raises
    ------
    TypeError, ValueError
        If ``R`` is not a positive reciprocal matrix with unit diagonal, or the
        iteration does not settle within ``max_iter`` steps.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 (principal eigenvector method);
    Saaty (2003); Perron-Frobenius theorem.

    Examples
    --------
    >>> w = np.array([4.0, 2.0, 1.0])
    >>> principal_eigenvector_scores(w[:, None] / w[None, :])
    array([0.5714, 0.2857, 0.1429])
    """
    M = _as_square(R, "R")
    if (M <= 0).any():
        raise ValueError("R must have positive entries (ratios of preference strengths)")
    if not np.allclose(np.diag(M), 1.0, rtol=0.0, atol=_MATRIX_TOL):
        raise ValueError("R must have a unit diagonal: an item is as good as itself")
    gap = np.abs(M * M.T - 1.0)
    if gap.max() > _MATRIX_TOL * 1e3:
        i, j = np.unravel_index(int(np.argmax(gap)), gap.shape)
        raise ValueError(
            f"R must be reciprocal (R[i, j] = 1 / R[j, i]), but R[{i}, {j}] = "
            f"{M[i, j]:g} and R[{j}, {i}] = {M[j, i]:g}"
        )
    tol = check_real(tol, "tol", positive=True)
    max_iter = check_int(max_iter, "max_iter", minimum=1, maximum=MAX_ITERATIONS)
    v = np.full(M.shape[0], 1.0 / M.shape[0])
    for _ in range(max_iter):
        with np.errstate(over="ignore", invalid="ignore"):
            nxt = M @ v
            nxt /= nxt.sum()
        if not np.isfinite(nxt).all():
            raise ValueError("R has entries too large in magnitude: the power iteration overflows")
        if np.abs(nxt - v).sum() < tol:
            return nxt
        v = nxt
    raise ValueError(
        f"the power iteration did not settle within {max_iter} steps; raise max_iter or tol"
    )


def _check_integer_counts(W: np.ndarray, name: str = "wins") -> np.ndarray:
    if not np.all(W == np.round(W)):
        raise ValueError(f"{name} must hold whole numbers of wins for a likelihood")
    if W.sum() > MAX_COMPARISONS:
        raise ValueError(
            f"{name} holds {W.sum():.0f} comparisons; at most MAX_COMPARISONS = "
            f"{MAX_COMPARISONS:,} are supported"
        )
    return W.astype(np.int64)


def btl_maximum_likelihood(wins, *, alpha=0.0):
    """Bradley-Terry maximum-likelihood strengths, unpenalised or ridge-penalised.

    Maximises ``sum_{i,j} W[i, j] log sigma(theta_i - theta_j) - (alpha / 2)
    |theta|^2`` with ``sigma`` the logistic function (the BTL model (26)).  With
    ``alpha = 0`` the maximiser is computed by ``choix.ilsr_pairwise`` (iterative
    Luce spectral ranking); with ``alpha > 0`` by Newton's method on this
    strictly concave objective (gradient ``wins_i - sum_j N_ij sigma(theta_i -
    theta_j) - alpha theta_i`` with ``N = W + W^T``, Hessian ``-(L_theta + alpha
    I)`` with ``L_theta`` the Laplacian of the weights ``N_ij sigma(1 - sigma)``),
    with a backtracking line search whose gains are computed as differences
    (exact to rounding, not lost in the rounding of the objective's value), until
    the Newton step, the distance to the maximiser to first order, is below
    ``1e-10 max(1, max|theta|)``; where double-precision rounding of the gradient
    stops the progress first (a tiny ``alpha`` with items that almost never
    lose), below ``1e-6 max(1, max|theta|)``.  (``choix``'s own ``alpha`` is a
    different regularisation and is not used.)

    Parameters
    ----------
    wins : array_like of int, shape (n, n)
        Win counts (whole numbers), zero diagonal.
    alpha : float, default 0.0
        Ridge strength, >= 0 (the log-density of a centred Gaussian prior of
        variance ``1 / alpha``).  With ``alpha = 0`` the estimate exists and is
        unique exactly when the graph "i beat j at least once" is strongly
        connected (Ford, 1957): otherwise either the comparison graph is
        disconnected (nothing fixes how its groups compare) or some group of
        items never lost to the items outside it, and its strengths would run
        off to infinity.  With ``alpha > 0`` it always exists and is unique,
        and it is always found when ``alpha >= 1e-9`` times the number of
        comparisons; a smaller ``alpha`` (e.g. 1e-12 on 3 comparisons) is solved
        when rounding allows, and otherwise (e.g. 1e-300) raises ``ValueError``
        naming ``alpha`` and the value that is always solved.

    Returns
    -------
    ndarray of shape (n,)
        Strengths ``theta``, centred (they sum to 0; with ``alpha > 0`` the
        maximiser is centred by itself, since the gradients sum to
        ``-alpha sum(theta)``).

    Raises
    ------
    TypeError, ValueError
        If ``wins`` is invalid or not whole numbers, ``alpha < 0``, or
        ``alpha = 0`` and the estimate does not exist or is not unique (the
        groups of a disconnected comparison graph, or the items that never lose
        to the rest, are named).

    References
    ----------
    Bradley and Terry (1952); Ford (1957); Maystre and Grossglauser (2015) for
    ``choix``; Duchi, Mackey and Jordan (2013), section 5.1 (BTL) and eq. (26).

    Examples
    --------
    >>> btl_maximum_likelihood([[0, 3], [1, 0]])        # log(3) split around 0
    array([ 0.5493, -0.5493])
    >>> btl_maximum_likelihood([[0, 3], [1, 0]], alpha=1.0)   # 3 - 4 sigma(2t) = t
    array([ 0.3418, -0.3418])
    >>> btl_maximum_likelihood([[0, 3], [0, 0]])
    Traceback (most recent call last):
        ...
    ValueError: no maximum-likelihood estimate: items [0] never lost to any other item (the graph
    'i beat j' is not strongly connected); pass alpha > 0 for a penalised estimate
    """
    import choix

    W = _check_integer_counts(_as_wins(wins))
    alpha = check_real(alpha, "alpha", nonnegative=True)
    n = W.shape[0]
    if alpha == 0.0:
        _check_btl_mle_exists(W)
    if W.sum() == 0:
        return np.zeros(n)
    if alpha > 0.0:
        try:
            return _penalised_btl(W.astype(float), alpha)
        except (np.linalg.LinAlgError, ArithmeticError):
            safe = _BTL_SAFE_ALPHA_PER_COMPARISON * W.sum()
            raise ValueError(
                f"alpha = {alpha:g} is too small for these data: the penalised maximum "
                f"exists, but items that (almost) never lose sit about log(1/alpha) "
                f"apart along a direction of curvature about alpha, and double-precision "
                f"rounding hides it (Newton's method cannot locate it to "
                f"{_BTL_ROUNDING_TOL:g}); alpha >= {safe:.2g} ({_BTL_SAFE_ALPHA_PER_COMPARISON:g} "
                f"times the {W.sum():,} comparisons) is always solved"
            ) from None
    winners, losers = np.nonzero(W)
    data = [
        (int(i), int(j))
        for i, j, k in zip(winners, losers, W[winners, losers], strict=True)
        for _ in range(k)
    ]
    theta = choix.ilsr_pairwise(n, data, alpha=0.0, tol=1e-12, max_iter=10_000)
    return theta - theta.mean()


def _check_btl_mle_exists(W: np.ndarray) -> None:
    """Raise the reason the unpenalised BTL maximum likelihood does not exist (or is not unique)."""
    groups = _components(_mask(W))
    if len(groups) > 1:
        shown = " | ".join(str(g) for g in groups[:6]) + (" | ..." if len(groups) > 6 else "")
        raise ValueError(
            f"no unique maximum-likelihood estimate: the comparison graph is "
            f"disconnected (groups {shown}), so shifting one group's strengths "
            f"leaves the likelihood unchanged; compare at least one pair across "
            f"the groups, or pass alpha > 0 for a penalised estimate"
        )
    beats = digraph_from_weights(W, W > 0)
    if nx.is_strongly_connected(beats):
        return
    members, whom = unbeaten_group(beats)
    raise ValueError(
        f"no maximum-likelihood estimate: items {members} never lost to {whom} "
        f"(the graph 'i beat j' is not strongly connected); pass alpha > 0 for a "
        f"penalised estimate"
    )


def _btl_objective(theta: np.ndarray, W: np.ndarray, alpha: float) -> float:
    """The ridge-penalised BTL log-likelihood ``sum W_ij log sigma(d_ij) - alpha |theta|^2 / 2``."""
    diff = theta[:, None] - theta[None, :]
    return float(np.sum(W * log_expit(diff)) - 0.5 * alpha * theta @ theta)


def _btl_gradient(theta: np.ndarray, W: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """The penalised BTL log-likelihood's centred gradient, and ``P = sigma(theta_i - theta_j)``.

    Written as ``sum_j W_ij sigma(theta_j - theta_i) - W_ji sigma(theta_i - theta_j)``, never
    as ``wins_i - sum_j N_ij sigma(.)``: no ``1 - sigma`` cancels, so a gradient near 0 is
    computed to a precision relative to the comparisons' probabilities, not to the counts.
    """
    P = expit(theta[:, None] - theta[None, :])
    flow = W * P.T
    gradient = (flow - flow.T).sum(axis=1) - alpha * theta
    return gradient - gradient.mean(), P


def _btl_gain(theta: np.ndarray, step: np.ndarray, t: float, W: np.ndarray, alpha: float) -> float:
    """``objective(theta + t step) - objective(theta)``, computed as a difference of terms.

    Near the maximum the gain is far below the rounding of the objective's value (a sum
    over all comparisons); each term ``log sigma(d + h) - log sigma(d)`` is computed as
    ``log1p(2 sinh(h/2) / (exp(d + h/2) + exp(-h/2)))``, exact to rounding for small ``h``.
    """
    d = theta[:, None] - theta[None, :]
    h = t * (step[:, None] - step[None, :])
    small = np.abs(h) <= 1.0
    hs = np.where(small, h, 0.0)
    with np.errstate(over="ignore"):  # exp(d + h/2) = inf gives a ratio 0, the right limit
        ratio = 2.0 * np.sinh(hs / 2.0) / (np.exp(d + hs / 2.0) + np.exp(-hs / 2.0))
    change = np.where(small, np.log1p(ratio), log_expit(d + h) - log_expit(d))
    return float(np.sum(W * change) - alpha * t * (step @ (theta + 0.5 * t * step)))


def _penalised_btl(W: np.ndarray, alpha: float) -> np.ndarray:
    """Newton's method for the ridge-penalised BTL maximum likelihood (see btl_maximum_likelihood).

    Stops when the Newton step is below ``_BTL_STEP_TOL`` (relative to ``max(1, |theta|)``),
    or, when rounding stops the progress (no step gains, or the step stops halving), once it
    is below ``_BTL_ROUNDING_TOL``; raises ArithmeticError otherwise.
    """
    n = W.shape[0]
    N = W + W.T
    theta = np.zeros(n)
    previous = np.inf
    for _ in range(_BTL_MAX_NEWTON_STEPS):
        gradient, P = _btl_gradient(theta, W, alpha)
        weights = N * P * P.T
        # minus the Hessian, plus 11^T / n: the same on centred vectors, and not near-singular
        # along 1 (the maximiser is centred) when alpha is tiny
        hessian = np.diag(weights.sum(axis=1)) - weights + alpha * np.eye(n) + 1.0 / n
        step = np.linalg.solve(hessian, gradient)
        step -= step.mean()
        size = np.abs(step).max() / max(1.0, np.abs(theta).max())
        if not np.isfinite(size):
            break
        if size <= _BTL_STEP_TOL:
            return theta + step - (theta + step).mean()
        slope = gradient @ step
        t = 1.0
        gain = _btl_gain(theta, step, t, W, alpha)
        while not gain >= 1e-4 * t * slope and t > 1e-6:
            t /= 2.0
            gain = _btl_gain(theta, step, t, W, alpha)
        progress = gain >= 1e-4 * t * slope
        if size <= _BTL_ROUNDING_TOL and (not progress or size > 0.5 * previous):
            return theta  # the rounding floor: the step is below it, and noise
        if not progress:
            break
        expand = t == 1.0  # items far out (tiny alpha): go on along the full step while it gains
        while expand and t < 2.0**40:
            more = _btl_gain(theta, step, 2.0 * t, W, alpha)
            if not more > gain:
                break
            t, gain = 2.0 * t, more
        theta = theta + t * step
        previous = size
    raise ArithmeticError(f"Newton's method stalled at a relative step of {size:.2g}")


def aggregate_scores(wins, method, *, c=0.5):
    """Scores from win counts by one of the aggregation strategies of section 5.1.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts: non-negative, zero diagonal.
    method : {"thurstone_mosteller", "borda", "ammar_shah", "eigenvector", "btl_mle"}
        * "thurstone_mosteller": least squares (22) on :func:`btl_log_odds`
          (probability smoothing ``c``) with the observed pairs as mask;
        * "borda": :func:`borda_scores` of :func:`probability_differences`;
        * "ammar_shah": :func:`ammar_shah_scores`;
        * "eigenvector": :func:`principal_eigenvector_scores` of the smoothed
          ratios ``exp(btl_log_odds(W, c))`` (1 for pairs never compared);
        * "btl_mle": :func:`btl_maximum_likelihood` (``c`` unused).
    c : float, default 0.5
        Smoothing of the log-odds and ratios, > 0.

    Returns
    -------
    ndarray of shape (n,)
        Higher is better.  The scales differ between methods; only the order is
        comparable.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, or the method has no answer for these data
        (a disconnected comparison graph for least squares, a group that never
        loses for the maximum likelihood).

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1.

    Examples
    --------
    >>> W = [[0, 4, 3], [1, 0, 3], [2, 2, 0]]
    >>> [int(np.argmax(aggregate_scores(W, m))) for m in AGGREGATION_METHODS]
    [0, 0, 0, 0, 0]
    """
    method = check_choice(method, "method", AGGREGATION_METHODS)
    W = _as_wins(wins)
    c = check_real(c, "c", positive=True)
    if method == "thurstone_mosteller":
        return thurstone_mosteller_scores(log_odds(W, c, "probability"), _mask(W))
    if method == "borda":
        P = probabilities(W)
        return borda_scores(P - P.T)
    if method == "ammar_shah":
        return ammar_shah_scores(W)
    if method == "eigenvector":
        return principal_eigenvector_scores(np.exp(log_odds(W, c, "probability")))
    return btl_maximum_likelihood(W)


def btl_win_probabilities(strengths):
    """The Bradley-Terry-Luce model (26): ``P[i, j] = exp(r_i - r_j) / (1 + exp(r_i - r_j))``.

    Parameters
    ----------
    strengths : array_like of shape (n,)
        Finite strengths (relevances) ``r``.

    Returns
    -------
    ndarray of shape (n, n)
        ``P[i, j]``, the probability that i beats j; ``P + P^T = 1``, diagonal 1/2.

    Raises
    ------
    TypeError, ValueError
        If ``strengths`` is not a finite 1-D array.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (26); Bradley and Terry (1952).

    Examples
    --------
    >>> btl_win_probabilities([np.log(3.0), 0.0])
    array([[0.5 , 0.75],
           [0.25, 0.5 ]])
    """
    r = as_float_vector(strengths, "strengths")
    if r.size > MAX_ITEMS:
        raise ValueError(
            f"strengths gives {r.size} items; at most MAX_ITEMS = {MAX_ITEMS} are supported"
        )
    with np.errstate(over="ignore"):  # r_i - r_j = +-inf gives probability 1 or 0
        return expit(r[:, None] - r[None, :])


def simulate_btl_comparisons(strengths, n_per_pair, rng=0, *, observed=1.0):
    """Draw pairwise outcomes from the BTL model (26), pair by pair.

    Each unordered pair is compared with probability ``observed`` (independently);
    a compared pair is compared ``n_per_pair`` times, and i beats j each time
    with probability ``sigma(r_i - r_j)``.

    Parameters
    ----------
    strengths : array_like of shape (n,)
        Strengths ``r``, at least 2 items.
    n_per_pair : int
        Comparisons per compared pair, >= 0; all compared pairs together at
        most :data:`MAX_COMPARISONS` (checked once the compared pairs are drawn,
        before any comparison is).
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    observed : float, default 1.0
        Probability that a pair is compared at all, in [0, 1].

    Returns
    -------
    ndarray of int64, shape (N, 2)
        Rows ``(winner, loser)``, grouped by pair.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (26) and section 6.2.

    Examples
    --------
    >>> rows = simulate_btl_comparisons([2.0, 0.0, -2.0], 50, rng=1)
    >>> rows.shape, bool(win_counts(rows, 3)[0, 2] > 40)
    ((150, 2), True)
    """
    r = as_float_vector(strengths, "strengths")
    n = r.size
    if not 2 <= n <= MAX_ITEMS:
        raise ValueError(
            f"strengths must give at least 2 items (and at most MAX_ITEMS = {MAX_ITEMS}), got {n}"
        )
    k = check_int(n_per_pair, "n_per_pair", minimum=0, maximum=MAX_COMPARISONS)
    share = check_probability(observed, "observed")
    gen = as_generator(rng)
    first, second = np.triu_indices(n, 1)
    compared = gen.random(first.size) < share
    n_compared = int(compared.sum())
    if k * n_compared > MAX_COMPARISONS:  # refused before the rows are built
        raise ValueError(
            f"n_per_pair must be <= {MAX_COMPARISONS // n_compared} for the {n_compared:,} "
            f"compared pairs ({n} items, observed = {share:g}): {k:,} comparisons each "
            f"make {k * n_compared:,}, above MAX_COMPARISONS = {MAX_COMPARISONS:,}"
        )
    with np.errstate(over="ignore"):  # r_i - r_j = +-inf gives probability 1 or 0
        p_first = expit(r[first] - r[second])
    wins = gen.binomial(k, p_first) * compared
    losses = (k - wins) * compared
    winner = np.concatenate([np.repeat(first, wins), np.repeat(second, losses)])
    loser = np.concatenate([np.repeat(second, wins), np.repeat(first, losses)])
    order = np.lexsort((loser < winner, np.minimum(winner, loser) * n + np.maximum(winner, loser)))
    return np.column_stack([winner, loser])[order].astype(np.int64)


def discordant_pairs(scores_a, scores_b):
    """The pairs of items two score vectors order strictly in opposite directions.

    Parameters
    ----------
    scores_a, scores_b : array_like of shape (n,)
        Finite scores of the same ``n`` items (higher is ranked higher).  A tie in
        either vector makes a pair not discordant.

    Returns
    -------
    list of tuple of int
        The pairs ``(i, j)``, ``i < j``, with ``scores_a`` ordering them strictly one way
        and ``scores_b`` strictly the other, in lexicographic order.

    Raises
    ------
    TypeError, ValueError
        If the scores are not finite 1-D arrays of the same length.

    References
    ----------
    Kendall (1938): the discordant pairs are what Kendall's tau counts against.

    Examples
    --------
    >>> discordant_pairs([3.0, 2.0, 1.0], [1.0, 2.0, 2.0])
    [(0, 1), (0, 2)]
    """
    a = as_float_vector(scores_a, "scores_a")
    b = as_float_vector(scores_b, "scores_b")
    if a.shape != b.shape:
        raise ValueError(
            f"scores_a and scores_b must have the same length, got {a.size} and {b.size}"
        )
    if a.size > MAX_ITEMS:
        raise ValueError(f"scores_a gives {a.size} items; at most MAX_ITEMS = {MAX_ITEMS}")
    opposite = np.sign(a[:, None] - a[None, :]) * np.sign(b[:, None] - b[None, :]) < 0
    return [(int(i), int(j)) for i, j in np.argwhere(np.triu(opposite, 1))]


# --------------------------------------------------------------------------- #
# least squares in the limit, over every comparison graph

#: Largest number of items :func:`limit_scores_on_every_graph` accepts (2^15 graphs on 6).
MAX_GRAPH_ITEMS = 6


def limit_scores_on_every_graph(strengths, c, *, smoothing="probability"):
    """Least squares (22) on the limit log-odds of BTL strengths, on every connected graph.

    As the comparisons of each compared pair grow, the smoothed log-odds of
    :func:`btl_log_odds` tend to ``log((p + c) / (1 - p + c))`` with ``c`` on the
    probabilities (compressed), and to ``log(p / (1 - p)) = r_i - r_j`` with ``c`` on
    the counts, ``p = P(i beats j)`` under the BTL model (26).  This function solves (22)
    on those limit margins for every comparison graph on ``n`` items that is connected
    (the graphs on which (22) has a unique centred solution): what least squares returns
    with infinitely many comparisons per compared pair.

    Parameters
    ----------
    strengths : array_like of shape (n,)
        Finite BTL strengths ``r``, ``2 <= n <= MAX_GRAPH_ITEMS``.
    c : float
        Smoothing, > 0 (the limit with ``smoothing="counts"`` does not depend on it).
    smoothing : {"probability", "counts"}, default "probability"
        Where ``c`` is added, as in :func:`btl_log_odds`.

    Returns
    -------
    missing : ndarray of int64, shape (g,)
        For each of the ``g`` connected comparison graphs, the number of pairs it does
        not compare (0 for the complete graph), in the order of the bit patterns of
        their upper triangles (pair ``(0, 1)`` the lowest bit).
    scores : ndarray of shape (g, n)
        The centred least-squares scores (22) on each graph.

    Raises
    ------
    TypeError, ValueError
        If ``strengths`` is not a finite 1-D array of 2 to ``MAX_GRAPH_ITEMS`` entries,
        ``c <= 0`` or ``smoothing`` is unknown.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (22), section 5.1 and eq. (26).

    Examples
    --------
    >>> missing, scores = limit_scores_on_every_graph([1.0, 0.0, -1.0], 0.5, smoothing="counts")
    >>> missing.tolist()                   # the paths 1-0-2, 0-1-2, 0-2-1 and the triangle
    [1, 1, 1, 0]
    >>> np.round(scores, 6).tolist()[-1]   # c on the counts: the centred strengths, on every graph
    [1.0, 0.0, -1.0]
    """
    r = as_float_vector(strengths, "strengths")
    n = r.size
    if not 2 <= n <= MAX_GRAPH_ITEMS:
        raise ValueError(
            f"strengths must give 2 to MAX_GRAPH_ITEMS = {MAX_GRAPH_ITEMS} items "
            f"(every graph on them is enumerated), got {n}"
        )
    c, smoothing = check_log_odds_smoothing(c, smoothing)
    P = btl_win_probabilities(r)
    if smoothing == "probability":
        margins = np.log((P + c) / (P.T + c))
    else:
        margins = r[:, None] - r[None, :]  # log(p / (1 - p)) under (26), exactly
    upper = np.triu_indices(n, 1)
    n_pairs = len(upper[0])
    present = (np.arange(2**n_pairs)[:, None] >> np.arange(n_pairs)) & 1
    graphs = np.zeros((len(present), n, n))
    graphs[:, upper[0], upper[1]] = present
    graphs += graphs.transpose(0, 2, 1)
    laplacians = graphs.sum(axis=2)[:, :, None] * np.eye(n) - graphs
    connected = np.linalg.eigvalsh(laplacians)[:, 1] > 1e-9
    rhs = (graphs[connected] * margins).sum(axis=2)[..., None]
    # L + 1 1^T / n is invertible on a connected graph, and its solution is the centred one
    scores = np.linalg.solve(laplacians[connected] + 1.0 / n, rhs)[..., 0]
    missing = (n_pairs - present[connected].sum(axis=1)).astype(np.int64)
    return missing, scores
