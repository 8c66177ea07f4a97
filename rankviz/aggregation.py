"""Rank aggregation, click models and U-statistic risks: aggregate first, then fit.

Duchi, Mackey and Jordan (2013) escape the inconsistency of pairwise surrogates
(chapter 07) by *aggregating* partial preferences into a structure ``s`` (a
score vector, an averaged graph) before a consistent surrogate is fitted to it.
This module computes every piece of that programme.

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
* **Cascade clicks** (section 5.2): :func:`simulate_cascade_clicks`,
  :func:`cascade_log_likelihood` and the closed-form maximum-likelihood
  satisfaction probabilities :func:`cascade_mle`, whose order maximises ERR
  (Lemma 1; :func:`rankviz.measures.err`).
* **U-statistic risks** (sections 4 and 6): queries with features and
  pairwise judgments (:class:`RankingData`, :func:`simulate_ranking_data`),
  the structure function (27) (:func:`average_log_odds`) and its limit
  (:func:`asymptotic_structure_scores`), the regression labels of (28)
  (:func:`ndcg_regression_labels`), the empirical risk (19) by enumeration of
  all k-subsets (:func:`u_statistic_risk`), its exact or sampled minimiser
  (:func:`u_statistic_minimizer`), the stochastic method (25)
  (:func:`sgd_u_statistic`), the two references of Figure 3
  (:func:`pairwise_logistic_fit`, :func:`full_information_fit`), the NDCG risk
  (:func:`ndcg_risk`) and the experiment itself
  (:func:`u_statistic_experiment`).

Smoothing.  The log-odds ``log(P_ij / P_ji)`` is infinite for a pair seen one way
only, so section 5.1 adds ``c > 0``.  Two readings are offered:
``smoothing="probability"`` adds ``c`` to the empirical probabilities (the
printed formula); its limit as the comparisons grow is
``log((p + c) / (1 - p + c))``, an order-preserving but compressed version of
the log-odds.  ``smoothing="counts"`` adds ``c`` to the win counts (for
``c = 1/2`` the Haldane-Anscombe correction); its limit is the log-odds itself,
so that the structure (27) converges to the printed limit.  The U-statistic
functions use counts by default for that reason.

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013 (seed ``003_78b4dd99621c547a.txt``): section 2
(structure functions, Assumptions A and B), section 4 (eqs. (17)-(21),
Theorem 4), section 5.1 (eq. (22), BTL, Borda, Ammar-Shah, Saaty), section 5.2
(cascade model), section 6 (eqs. (24)-(29), Figures 2 and 3).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import networkx as nx
import numpy as np
from scipy.optimize import minimize
from scipy.special import expit, log_expit, xlogy
from scipy.stats import t as student_t

from rankviz._validation import (
    as_float_vector,
    as_generator,
    as_query_array,
    as_weight_matrix,
    check_choice,
    check_int,
    check_probability,
    check_real,
)
from rankviz.measures import dcg_discounts, ndcg

__all__ = [
    "AGGREGATION_METHODS",
    "EXPERIMENT_DEFAULTS",
    "EXPERIMENT_SOLVERS",
    "MAX_U_STATISTIC_TERMS",
    "SMOOTHINGS",
    "ClickLogs",
    "ExperimentResult",
    "RankingData",
    "SGDResult",
    "aggregate_scores",
    "ammar_shah_scores",
    "asymptotic_structure_scores",
    "average_log_odds",
    "borda_scores",
    "btl_log_odds",
    "btl_maximum_likelihood",
    "btl_win_probabilities",
    "cascade_log_likelihood",
    "cascade_mle",
    "comparison_groups",
    "comparison_mask",
    "empirical_probabilities",
    "full_information_fit",
    "ndcg_regression_labels",
    "ndcg_risk",
    "pairwise_logistic_fit",
    "principal_eigenvector_scores",
    "probability_differences",
    "sgd_u_statistic",
    "simulate_btl_comparisons",
    "simulate_cascade_clicks",
    "simulate_ranking_data",
    "thurstone_mosteller_scores",
    "u_statistic_experiment",
    "u_statistic_minimizer",
    "u_statistic_risk",
    "win_counts",
]

#: The aggregation strategies of :func:`aggregate_scores` (section 5.1 and the BTL fit).
AGGREGATION_METHODS = ("thurstone_mosteller", "borda", "ammar_shah", "eigenvector", "btl_mle")

#: How the log-odds are smoothed: ``c`` added to the empirical probabilities, or to the counts.
SMOOTHINGS = ("probability", "counts")

#: Largest number of k-subsets :func:`u_statistic_risk` and :func:`u_statistic_minimizer`
#: enumerate (over all queries together).
MAX_U_STATISTIC_TERMS = 200_000

# Relative tolerance for skew-symmetry and reciprocity of an input matrix.
_MATRIX_TOL = 1e-9
# Subsets processed at once (bounds the (chunk, m, m) count arrays).
_CHUNK = 4096


# --------------------------------------------------------------------------- #
# pairwise outcomes
# --------------------------------------------------------------------------- #
def _as_comparisons(comparisons, n_items: int, name: str = "comparisons") -> np.ndarray:
    """Rows (winner, loser) as an int64 array of shape (N, 2); N may be 0."""
    if isinstance(comparisons, (str, bytes)):
        raise TypeError(f"{name} must be an array of (winner, loser) rows, got "
                        f"{type(comparisons).__name__}")
    try:
        arr = np.asarray(comparisons)
    except Exception as exc:  # ragged lists
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.size == 0:
        return np.zeros((0, 2), dtype=np.int64)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"{name} must have shape (N, 2), one (winner, loser) row per "
                         f"comparison, got shape {arr.shape}")
    if arr.dtype.kind == "f" and np.isfinite(arr).all() and np.all(arr == np.round(arr)):
        arr = arr.astype(np.int64)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must contain integer item indices, got dtype {arr.dtype}")
    arr = arr.astype(np.int64)
    bad = (arr < 0) | (arr >= n_items)
    if bad.any():
        row = int(np.flatnonzero(bad.any(axis=1))[0])
        raise ValueError(f"{name}[{row}] = {arr[row].tolist()} holds an item outside "
                         f"0, ..., {n_items - 1}")
    same = arr[:, 0] == arr[:, 1]
    if same.any():
        row = int(np.flatnonzero(same)[0])
        raise ValueError(f"{name}[{row}] compares item {arr[row, 0]} with itself")
    return arr


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
    n = check_int(n_items, "n_items", minimum=2)
    rows = _as_comparisons(comparisons, n)
    counts = np.bincount(rows[:, 0] * n + rows[:, 1], minlength=n * n)
    return counts.reshape(n, n).astype(np.int64)


def _as_wins(wins, name: str = "wins") -> np.ndarray:
    return as_weight_matrix(wins, name, min_items=2)


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
    return _probabilities(_as_wins(wins))


def _probabilities(W: np.ndarray) -> np.ndarray:
    total = W + np.swapaxes(W, -1, -2)
    return np.divide(W, total, out=np.full(W.shape, 0.5), where=total > 0)


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
    P = _probabilities(_as_wins(wins))
    return P - P.T


def _check_smoothing(c, smoothing) -> tuple[float, str]:
    return (check_real(c, "c", positive=True),
            check_choice(smoothing, "smoothing", SMOOTHINGS))


def _smoothed_logs(W: np.ndarray, c: float, smoothing: str) -> np.ndarray:
    """``log(base + c)`` with base the probabilities or the counts; the log-odds are this
    matrix minus its transpose (a pair never compared has equal bases: log-odds 0)."""
    return np.log((_probabilities(W) if smoothing == "probability" else W) + c)


def _log_odds(W: np.ndarray, c: float, smoothing: str) -> np.ndarray:
    """Smoothed log-odds of (a stack of) win-count matrices; 0 for pairs never compared."""
    logs = _smoothed_logs(W, c, smoothing)
    return logs - np.swapaxes(logs, -1, -2)


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
    c, smoothing = _check_smoothing(c, smoothing)
    return _log_odds(W, c, smoothing)


def average_log_odds(wins, c, *, smoothing="probability"):
    """The structure function (27): each item's average smoothed log-odds against the others.

    ``s(i) = (1 / (n - 1)) sum_{j != i} A[i, j]`` with ``A`` the smoothed log-odds
    (:func:`btl_log_odds`), i.e. the Borda count of ``A`` divided by ``n - 1``.
    Works on one win matrix or a stack of them.

    Parameters
    ----------
    wins : array_like of shape (n, n) or (q, n, n)
        Win counts: non-negative, zero diagonal.
    c : float
        Smoothing, > 0.
    smoothing : {"probability", "counts"}, default "probability"
        As in :func:`btl_log_odds`.  With "counts" the scores converge, as every
        pair is compared more and more often, to the limit (27)
        (:func:`asymptotic_structure_scores`).

    Returns
    -------
    ndarray of shape (n,) or (q, n)

    Raises
    ------
    TypeError, ValueError
        As :func:`btl_log_odds`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 6.2, the structure function before (27).

    Examples
    --------
    >>> average_log_odds([[0, 3, 1], [1, 0, 0], [1, 0, 0]], 1.0, smoothing="counts")
    array([ 0.3466, -0.3466,  0.    ])
    """
    W = as_weight_matrix(wins, "wins", min_items=2, batch=True)
    c, smoothing = _check_smoothing(c, smoothing)
    return _structure(W, c, smoothing)


def _structure(W: np.ndarray, c: float, smoothing: str) -> np.ndarray:
    logs = _smoothed_logs(W, c, smoothing)  # row sums of (logs - logs^T), without forming it
    return (logs.sum(axis=-1) - logs.sum(axis=-2)) / (W.shape[-1] - 1)


# --------------------------------------------------------------------------- #
# scores from a skew-symmetric or reciprocal matrix
# --------------------------------------------------------------------------- #
def _as_square(values, name: str) -> np.ndarray:
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a square matrix of numbers, got {type(values).__name__}")
    try:
        arr = np.asarray(values)
    except Exception as exc:
        raise ValueError(f"{name} could not be read as a matrix: {exc}") from None
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.number)
                                   or np.issubdtype(arr.dtype, np.bool_)):
        raise TypeError(f"{name} must contain numbers, got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must contain real numbers, got complex values")
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1] or arr.shape[0] < 2:
        raise ValueError(f"{name} must be a square matrix over at least 2 items, got an "
                         f"array of shape {arr.shape}")
    arr = arr.astype(np.float64)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} contains NaN or infinite values")
    return arr


def _check_skew(A: np.ndarray, name: str, where: np.ndarray | None = None) -> None:
    gap = np.abs(A + A.T)
    if where is not None:
        gap = np.where(where, gap, 0.0)
    if gap.max() > _MATRIX_TOL * max(1.0, float(np.abs(A).max())):
        i, j = np.unravel_index(int(np.argmax(gap)), gap.shape)
        raise ValueError(f"{name} must be skew-symmetric (A = -A^T), but {name}[{i}, {j}] = "
                         f"{A[i, j]:g} and {name}[{j}, {i}] = {A[j, i]:g}")


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
    return M.sum(axis=1)


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
    P = _probabilities(_as_wins(wins))
    n = P.shape[0]
    return (P.sum(axis=1) - 0.5) / (n - 1)


def _as_mask(mask, n: int) -> np.ndarray:
    if mask is None:
        return np.ones((n, n), dtype=bool)
    if isinstance(mask, (str, bytes)):
        raise TypeError(f"mask must be a boolean matrix, got {type(mask).__name__}")
    arr = np.asarray(mask)
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.number)
                                   or np.issubdtype(arr.dtype, np.bool_)):
        raise TypeError(f"mask must contain booleans or 0/1, got dtype {arr.dtype}")
    if arr.shape != (n, n):
        raise ValueError(f"mask must have the shape of A, {(n, n)}, got {arr.shape}")
    if arr.dtype != np.bool_:
        if not np.isin(arr, (0, 1)).all():
            raise ValueError("mask must contain only 0 and 1 (or booleans)")
        arr = arr.astype(bool)
    if not np.array_equal(arr, arr.T):
        i, j = np.argwhere(arr != arr.T)[0]
        raise ValueError(f"mask must be symmetric (a pair is observed or not), but "
                         f"mask[{i}, {j}] != mask[{j}, {i}]")
    return arr


def _components(observed: np.ndarray) -> list[list[int]]:
    graph = nx.Graph()
    n = observed.shape[0]
    graph.add_nodes_from(range(n))
    graph.add_edges_from((int(i), int(j)) for i, j in zip(*np.nonzero(np.triu(observed, 1)),
                                                          strict=True))
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
        raise ValueError(f"the comparison graph is disconnected (groups {shown}): least squares "
                         f"(22) fixes the scores only up to a shift of each group; compare at "
                         f"least one pair across the groups")
    omega = observed.astype(float)
    np.fill_diagonal(omega, 0.0)
    laplacian = np.diag(omega.sum(axis=1)) - omega
    rhs = (omega * M).sum(axis=1)
    scores = np.linalg.solve(laplacian + 1.0 / n, rhs)
    return scores - scores.mean()


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
        Iteration budget.

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
        raise ValueError(f"R must be reciprocal (R[i, j] = 1 / R[j, i]), but R[{i}, {j}] = "
                         f"{M[i, j]:g} and R[{j}, {i}] = {M[j, i]:g}")
    tol = check_real(tol, "tol", positive=True)
    max_iter = check_int(max_iter, "max_iter", minimum=1)
    v = np.full(M.shape[0], 1.0 / M.shape[0])
    for _ in range(max_iter):
        nxt = M @ v
        nxt /= nxt.sum()
        if np.abs(nxt - v).sum() < tol:
            return nxt
        v = nxt
    raise ValueError(f"the power iteration did not settle within {max_iter} steps; "
                     f"raise max_iter or tol")


def _check_integer_counts(W: np.ndarray, name: str = "wins") -> np.ndarray:
    if not np.all(W == np.round(W)):
        raise ValueError(f"{name} must hold whole numbers of wins for a likelihood")
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
    with a backtracking line search, to a gradient below ``1e-10`` times the
    number of comparisons.  (``choix``'s own ``alpha`` is a different
    regularisation and is not used.)

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
        off to infinity.  With ``alpha > 0`` it always exists and is unique.

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
        return _penalised_btl(W.astype(float), alpha)
    winners, losers = np.nonzero(W)
    data = [(int(i), int(j)) for i, j, k in zip(winners, losers, W[winners, losers], strict=True)
            for _ in range(k)]
    theta = choix.ilsr_pairwise(n, data, alpha=0.0, tol=1e-12, max_iter=10_000)
    return theta - theta.mean()


def _check_btl_mle_exists(W: np.ndarray) -> None:
    """Raise the reason the unpenalised BTL maximum likelihood does not exist (or is not unique)."""
    groups = _components(_mask(W))
    if len(groups) > 1:
        shown = " | ".join(str(g) for g in groups[:6]) + (" | ..." if len(groups) > 6 else "")
        raise ValueError(f"no unique maximum-likelihood estimate: the comparison graph is "
                         f"disconnected (groups {shown}), so shifting one group's strengths "
                         f"leaves the likelihood unchanged; compare at least one pair across "
                         f"the groups, or pass alpha > 0 for a penalised estimate")
    beats = nx.DiGraph()
    beats.add_nodes_from(range(W.shape[0]))
    beats.add_edges_from((int(i), int(j)) for i, j in zip(*np.nonzero(W > 0), strict=True))
    if nx.is_strongly_connected(beats):
        return
    condensed = nx.condensation(beats)
    top = next(iter(nx.topological_sort(condensed)))
    members = sorted(condensed.nodes[top]["members"])
    whom = "any other item" if len(members) == 1 else "an item outside their group"
    raise ValueError(f"no maximum-likelihood estimate: items {members} never lost to {whom} "
                     f"(the graph 'i beat j' is not strongly connected); pass alpha > 0 for a "
                     f"penalised estimate")


def _btl_objective(theta: np.ndarray, W: np.ndarray, alpha: float) -> float:
    """The ridge-penalised BTL log-likelihood ``sum W_ij log sigma(d_ij) - alpha |theta|^2 / 2``."""
    diff = theta[:, None] - theta[None, :]
    return float(np.sum(W * log_expit(diff)) - 0.5 * alpha * theta @ theta)


def _penalised_btl(W: np.ndarray, alpha: float, max_iter: int = 200) -> np.ndarray:
    """Newton's method with backtracking for the ridge-penalised BTL maximum likelihood."""
    n = W.shape[0]
    N = W + W.T
    wins = W.sum(axis=1)
    tol = 1e-10 * max(1.0, float(W.sum()))
    theta = np.zeros(n)
    value = _btl_objective(theta, W, alpha)
    for _ in range(max_iter):
        P = expit(theta[:, None] - theta[None, :])
        gradient = wins - (N * P).sum(axis=1) - alpha * theta
        if np.abs(gradient).max() <= tol:
            return theta - theta.mean()
        weights = N * P * (1.0 - P)
        hessian = np.diag(weights.sum(axis=1)) - weights + alpha * np.eye(n)  # minus the Hessian
        step = np.linalg.solve(hessian, gradient)
        t = 1.0
        while True:
            candidate = theta + t * step
            new_value = _btl_objective(candidate, W, alpha)
            if new_value >= value + 1e-4 * t * (gradient @ step) or t < 1e-12:
                break
            t /= 2.0
        theta, value = candidate, new_value
    raise RuntimeError(f"btl_maximum_likelihood: Newton's method did not converge in {max_iter} "
                       f"iterations (largest gradient {np.abs(gradient).max():.3g})")


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
        return thurstone_mosteller_scores(_log_odds(W, c, "probability"), _mask(W))
    if method == "borda":
        P = _probabilities(W)
        return borda_scores(P - P.T)
    if method == "ammar_shah":
        return ammar_shah_scores(W)
    if method == "eigenvector":
        return principal_eigenvector_scores(np.exp(_log_odds(W, c, "probability")))
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
        Comparisons per compared pair, >= 0.
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
    if n < 2:
        raise ValueError(f"strengths must give at least 2 items, got {n}")
    k = check_int(n_per_pair, "n_per_pair", minimum=0)
    share = check_probability(observed, "observed")
    gen = as_generator(rng)
    first, second = np.triu_indices(n, 1)
    compared = gen.random(first.size) < share
    wins = gen.binomial(k, expit(r[first] - r[second])) * compared
    losses = (k - wins) * compared
    winner = np.concatenate([np.repeat(first, wins), np.repeat(second, losses)])
    loser = np.concatenate([np.repeat(second, wins), np.repeat(first, losses)])
    order = np.lexsort((loser < winner, np.minimum(winner, loser) * n + np.maximum(winner, loser)))
    return np.column_stack([winner, loser])[order].astype(np.int64)


# --------------------------------------------------------------------------- #
# cascade clicks (section 5.2)
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class ClickLogs:
    """Sessions of a cascade-model user: the list shown and the position clicked.

    Attributes
    ----------
    orders : ndarray of int64, shape (K, L)
        ``orders[i, r]`` is the item shown at 0-based position ``r`` of session
        ``i`` (the paper's ``pi_i``); the items of a row are distinct.
    clicks : ndarray of int64, shape (K,)
        The 0-based position clicked in each session, or ``L`` when the user
        clicked nothing (the paper's ``c_i = m_i + 1``, 1-based).

    Notes
    -----
    Build one directly (the arguments are validated) or with
    :func:`simulate_cascade_clicks`.
    """

    orders: np.ndarray
    clicks: np.ndarray

    def __post_init__(self) -> None:
        orders = np.asarray(self.orders)
        clicks = np.asarray(self.clicks)
        for name, arr in (("orders", orders), ("clicks", clicks)):
            if arr.dtype.kind == "f" and np.isfinite(arr).all() and np.all(arr == np.round(arr)):
                arr = arr.astype(np.int64)
            if arr.size and arr.dtype.kind not in "iu":
                raise TypeError(f"{name} must contain integers, got dtype {arr.dtype}")
            if name == "orders":
                orders = arr.astype(np.int64)
            else:
                clicks = arr.astype(np.int64)
        if orders.ndim != 2 or orders.shape[0] == 0 or orders.shape[1] == 0:
            raise ValueError(f"orders must be a non-empty 2-D array (sessions x positions), "
                             f"got shape {orders.shape}")
        if clicks.shape != (orders.shape[0],):
            raise ValueError(f"clicks must give one position per session ({orders.shape[0]}), "
                             f"got shape {clicks.shape}")
        if (orders < 0).any():
            raise ValueError("orders must contain item indices >= 0")
        shown = orders.shape[1]
        if ((clicks < 0) | (clicks > shown)).any():
            raise ValueError(f"clicks must be positions in 0, ..., {shown - 1}, or {shown} for "
                             f"'no click'; got {clicks[(clicks < 0) | (clicks > shown)][0]}")
        sorted_rows = np.sort(orders, axis=1)
        if (sorted_rows[:, 1:] == sorted_rows[:, :-1]).any():
            row = int(np.flatnonzero((sorted_rows[:, 1:] == sorted_rows[:, :-1]).any(axis=1))[0])
            raise ValueError(f"orders[{row}] shows an item twice: {orders[row].tolist()}")
        orders.flags.writeable = False
        clicks.flags.writeable = False
        object.__setattr__(self, "orders", orders)
        object.__setattr__(self, "clicks", clicks)

    @property
    def n_sessions(self) -> int:
        """Number of sessions ``K``."""
        return int(self.orders.shape[0])

    def __repr__(self) -> str:
        shown = self.orders.shape[1]
        no_click = int(np.count_nonzero(self.clicks == shown))
        return (f"ClickLogs(sessions={self.n_sessions}, positions={shown}, "
                f"sessions without a click={no_click})")


def _as_click_logs(click_logs) -> ClickLogs:
    if isinstance(click_logs, ClickLogs):
        return click_logs
    if isinstance(click_logs, tuple) and len(click_logs) == 2:
        return ClickLogs(*click_logs)
    raise TypeError(f"click_logs must be a ClickLogs or a pair (orders, clicks), got "
                    f"{type(click_logs).__name__}")


def _as_satisfaction(p, name: str = "p") -> np.ndarray:
    values = as_float_vector(p, name)
    if ((values < 0) | (values > 1)).any():
        raise ValueError(f"{name} must hold probabilities in [0, 1], got {values.min():g} .. "
                         f"{values.max():g}")
    return values


def simulate_cascade_clicks(p, n_sessions, rng=0, *, n_shown=None):
    """Sessions of a cascade-model user on lists shown in uniformly random order.

    Each session shows ``n_shown`` distinct items in a random order; the user
    scans from the top and clicks the first item that satisfies them, item ``l``
    doing so with probability ``p[l]`` independently, or clicks nothing.

    Parameters
    ----------
    p : array_like of shape (n,)
        Satisfaction probabilities in [0, 1].
    n_sessions : int
        Number of sessions, >= 1.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    n_shown : int, optional
        Items per list, ``1 <= n_shown <= n``; all ``n`` by default.

    Returns
    -------
    ClickLogs

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.2; Craswell et al. (2008);
    Chapelle et al. (2009).

    Examples
    --------
    >>> logs = simulate_cascade_clicks([1.0, 0.0, 0.0], 4, rng=0)
    >>> bool(np.all(logs.orders[np.arange(4), logs.clicks] == 0))   # always item 0
    True
    """
    probs = _as_satisfaction(p)
    n = probs.size
    k = check_int(n_sessions, "n_sessions", minimum=1)
    shown = n if n_shown is None else check_int(n_shown, "n_shown", minimum=1, maximum=n)
    gen = as_generator(rng)
    orders = np.argsort(gen.random((k, n)), axis=1)[:, :shown]
    satisfied = gen.random((k, shown)) < probs[orders]
    clicks = np.where(satisfied.any(axis=1), satisfied.argmax(axis=1), shown)
    return ClickLogs(orders, clicks)


def _click_counts(logs: ClickLogs, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Per item: sessions whose click fell on it, and sessions that examined it."""
    shown = logs.orders.shape[1]
    examined = np.arange(shown)[None, :] <= logs.clicks[:, None]  # up to the click, or all
    clicked = logs.clicks < shown
    rows = np.flatnonzero(clicked)
    click_items = logs.orders[rows, logs.clicks[rows]]
    return (np.bincount(click_items, minlength=n).astype(float),
            np.bincount(logs.orders[examined], minlength=n).astype(float))


def _n_items(logs: ClickLogs, n_items) -> int:
    largest = int(logs.orders.max()) + 1
    if n_items is None:
        return largest
    n = check_int(n_items, "n_items", minimum=1)
    if n < largest:
        raise ValueError(f"n_items = {n}, but the logs show item {largest - 1}")
    return n


def cascade_mle(click_logs, n_items=None):
    """Closed-form maximum-likelihood satisfaction probabilities of the cascade model.

    ``p_hat[l] = (sessions whose click fell on l) / (sessions that examined l)``,
    where a session examines the items down to its click, or the whole list
    when nothing was clicked.  The likelihood factorises over items into
    ``p_l^{clicks_l} (1 - p_l)^{examined_l - clicks_l}``, so each ratio is a
    binomial maximum-likelihood estimate.  (The paper's denominator sums over
    positions ``1, ..., c_i``; for a session without a click ``c_i = m_i + 1`` is
    one past the list, and the sum stops at ``m_i``.)

    Parameters
    ----------
    click_logs : ClickLogs or (orders, clicks)
        The sessions (see :class:`ClickLogs`).
    n_items : int, optional
        Number of items; by default one more than the largest item shown.

    Returns
    -------
    ndarray of shape (n_items,)
        In [0, 1]; NaN for an item no session examined (0 / 0).

    Raises
    ------
    TypeError, ValueError
        If the logs are invalid, or ``n_items`` is smaller than an item shown.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.2 (the likelihood ``g`` and the
    closed form of ``p_hat``); Chapelle et al. (2009).

    Examples
    --------
    >>> orders = [[0, 1, 2], [0, 1, 2], [1, 0, 2], [2, 1, 0]]
    >>> clicks = [1, 3, 0, 0]          # item 1; nothing; item 1; item 2
    >>> cascade_mle((orders, clicks), n_items=4)
    array([0.    , 0.6667, 0.5   ,    nan])
    """
    logs = _as_click_logs(click_logs)
    n = _n_items(logs, n_items)
    clicked, examined = _click_counts(logs, n)
    return np.divide(clicked, examined, out=np.full(n, np.nan), where=examined > 0)


def cascade_log_likelihood(p, click_logs):
    """Log of the cascade likelihood ``g(p, {Y_1, ..., Y_K})`` of section 5.2.

    ``sum_i [1(clicked) log p_{pi_i(c_i)} + sum_{r < c_i} log(1 - p_{pi_i(r)})]``:
    the items above the click did not satisfy, the clicked one did.

    Parameters
    ----------
    p : array_like of shape (n,)
        Satisfaction probabilities in [0, 1], one per item of the logs.
    click_logs : ClickLogs or (orders, clicks)

    Returns
    -------
    float
        ``-inf`` when ``p`` makes the logs impossible.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid or ``p`` is shorter than the items shown.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.2.

    Examples
    --------
    >>> logs = ([[0, 1], [1, 0]], [1, 2])     # 0 passed, 1 clicked; 1 and 0 passed
    >>> round(cascade_log_likelihood([0.5, 0.5], logs), 4)     # 4 log(1/2)
    -2.7726
    """
    probs = _as_satisfaction(p)
    logs = _as_click_logs(click_logs)
    n = _n_items(logs, probs.size)
    clicked, examined = _click_counts(logs, n)
    with np.errstate(divide="ignore"):  # log 0 = -inf for impossible logs; 0 log 0 = 0
        return float(np.sum(xlogy(clicked, probs) + xlogy(examined - clicked, 1.0 - probs)))


# --------------------------------------------------------------------------- #
# queries with features and pairwise judgments (sections 4 and 6)
# --------------------------------------------------------------------------- #
def _int_array(values, name: str, ndim: int) -> np.ndarray:
    arr = np.asarray(values)
    if arr.size == 0:
        return np.zeros((0,) * (ndim - 1) + ((2,) if ndim == 2 else ()), dtype=np.int64) \
            if ndim == 2 else np.zeros(0, dtype=np.int64)
    if arr.dtype.kind == "f" and np.isfinite(arr).all() and np.all(arr == np.round(arr)):
        arr = arr.astype(np.int64)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must contain integers, got dtype {arr.dtype}")
    if arr.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-D, got an array of shape {arr.shape}")
    return arr.astype(np.int64)


@dataclass(frozen=True, eq=False)
class RankingData:
    """Queries with feature vectors and pairwise judgments, the data of section 6.2.

    Attributes
    ----------
    features : ndarray of shape (Q, m, d)
        ``features[q, i]`` is the feature vector ``x_i^q`` of result ``i`` of query
        ``q``; every query has the same number ``m`` of results.
    queries : ndarray of int64, shape (n,)
        The query of each judgment.
    pairs : ndarray of int64, shape (n, 2)
        Each judgment ``(i, j)``: result i was preferred to result j.
    relevance : ndarray of shape (Q, m) or None
        The hidden relevances ``r`` that generated the judgments (for
        evaluation only: :func:`ndcg_risk`, :func:`full_information_fit`).

    Notes
    -----
    The constructor validates its arguments; :func:`simulate_ranking_data`
    generates data.  ``judgments_per_query[q]`` is the paper's ``n_hat_q``.
    """

    features: np.ndarray
    queries: np.ndarray
    pairs: np.ndarray
    relevance: np.ndarray | None = None
    judgments_per_query: np.ndarray = field(init=False, repr=False)
    _order: np.ndarray = field(init=False, repr=False)
    _start: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        X = np.asarray(self.features)
        if X.dtype == object or not np.issubdtype(X.dtype, np.number) \
                or np.issubdtype(X.dtype, np.complexfloating):
            raise TypeError(f"features must contain real numbers, got dtype {X.dtype}")
        if X.ndim != 3 or 0 in X.shape or X.shape[1] < 2:
            raise ValueError(f"features must have shape (queries, results >= 2, features), got "
                             f"{X.shape}")
        X = X.astype(np.float64)
        if not np.isfinite(X).all():
            raise ValueError("features contains NaN or infinite values")
        n_queries, m = X.shape[:2]
        queries = _int_array(self.queries, "queries", 1)
        pairs = _int_array(self.pairs, "pairs", 2)
        if pairs.shape != (queries.size, 2):
            raise ValueError(f"pairs must have shape ({queries.size}, 2), one (winner, loser) "
                             f"row per judgment, got {pairs.shape}")
        if queries.size and (queries.min() < 0 or queries.max() >= n_queries):
            raise ValueError(f"queries must hold query indices in 0, ..., {n_queries - 1}")
        _as_comparisons(pairs, m, "pairs")
        relevance = self.relevance
        if relevance is not None:
            relevance, _ = as_query_array(relevance, "relevance")
            if relevance.shape != (n_queries, m):
                raise ValueError(f"relevance must have shape {(n_queries, m)}, got "
                                 f"{relevance.shape}")
            relevance.flags.writeable = False
        counts = np.bincount(queries, minlength=n_queries)
        for name, arr in (("features", X), ("queries", queries), ("pairs", pairs),
                          ("relevance", relevance), ("judgments_per_query", counts),
                          ("_order", np.argsort(queries, kind="stable")),
                          ("_start", np.concatenate(([0], np.cumsum(counts)[:-1])))):
            if arr is not None:
                arr.flags.writeable = False
            object.__setattr__(self, name, arr)

    @property
    def n_queries(self) -> int:
        """Number of queries ``Q``."""
        return int(self.features.shape[0])

    @property
    def n_items(self) -> int:
        """Results per query ``m``."""
        return int(self.features.shape[1])

    @property
    def n_features(self) -> int:
        """Feature dimension ``d``."""
        return int(self.features.shape[2])

    @property
    def n_judgments(self) -> int:
        """Number of judgments ``n``."""
        return int(self.queries.size)

    def __repr__(self) -> str:
        return (f"RankingData(queries={self.n_queries}, results per query={self.n_items}, "
                f"features={self.n_features}, judgments={self.n_judgments})")


def simulate_ranking_data(n_queries, n_items, n_features, n_judgments, rng=0, *,
                          nonlinearity=0.0):
    """Generate the data of the section 6.2 experiment: features, hidden relevance, BTL pairs.

    Features: ``d - 1`` independent standard normal coordinates and a last,
    constant coordinate 1 (an intercept).  Relevance: a hidden linear model in
    features the learner does not all see,
    ``r = x_0 + beta * max(x_1 - 1, 0)^2``: with ``beta = 0`` it is linear in
    ``x``; with ``beta > 0`` the top of each list is decided by a term no linear
    scoring function reproduces.  Judgments: a query drawn uniformly, a pair of
    its results drawn uniformly, ordered by the BTL model (26).

    Parameters
    ----------
    n_queries : int
        Number of queries, >= 1.
    n_items : int
        Results per query, >= 2.
    n_features : int
        Feature dimension ``d >= 3`` (``x_0``, ``x_1`` and the intercept).
    n_judgments : int
        Number of pairwise judgments ``n``, >= 0 (0 for evaluation data).
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    nonlinearity : float, default 0.0
        ``beta >= 0``.

    Returns
    -------
    RankingData

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 6.2 and eq. (26).

    Examples
    --------
    >>> data = simulate_ranking_data(3, 5, 4, 60, rng=0)
    >>> data
    RankingData(queries=3, results per query=5, features=4, judgments=60)
    >>> int(data.judgments_per_query.sum()), float(data.features[0, 0, -1])
    (60, 1.0)
    """
    n_q = check_int(n_queries, "n_queries", minimum=1)
    m = check_int(n_items, "n_items", minimum=2)
    d = check_int(n_features, "n_features", minimum=3)
    n = check_int(n_judgments, "n_judgments", minimum=0)
    beta = check_real(nonlinearity, "nonlinearity", nonnegative=True)
    gen = as_generator(rng)
    X = gen.standard_normal((n_q, m, d))
    X[..., -1] = 1.0
    r = X[..., 0] + beta * np.maximum(X[..., 1] - 1.0, 0.0) ** 2
    queries = gen.integers(0, n_q, n)
    a = gen.integers(0, m, n)
    b = (a + gen.integers(1, m, n)) % m
    a_wins = gen.random(n) < expit(r[queries, a] - r[queries, b])
    pairs = np.column_stack([np.where(a_wins, a, b), np.where(a_wins, b, a)])
    return RankingData(X, queries, pairs, r)


def asymptotic_structure_scores(relevance):
    """The limit (27) of the structure scores under the BTL model (26).

    ``s(i) = (1 / (m - 1)) sum_{j != i} [log(1 + exp(r_i - r_j)) - log(1 + exp(r_j - r_i))]``,
    computed as printed.  Each bracket equals ``r_i - r_j``, so
    ``s(i) = (m r_i - sum_j r_j) / (m - 1)``: the centred relevance, scaled.

    Parameters
    ----------
    relevance : array_like of shape (m,) or (q, m)
        Relevances ``r`` of one query or of a batch (one row per query), ``m >= 2``.

    Returns
    -------
    ndarray of the same shape

    Raises
    ------
    TypeError, ValueError
        If ``relevance`` is not finite or has fewer than 2 results.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (27).

    Examples
    --------
    >>> asymptotic_structure_scores([2.0, 0.0, 1.0])     # (3 r - 3) / 2
    array([ 1.5, -1.5,  0. ])
    """
    r, batched = as_query_array(relevance, "relevance")
    m = r.shape[1]
    if m < 2:
        raise ValueError(f"relevance must give at least 2 results per query, got {m}")
    diff = r[:, :, None] - r[:, None, :]
    s = (np.logaddexp(0.0, diff) - np.logaddexp(0.0, -diff)).sum(axis=2) / (m - 1)
    return s if batched else s[0]


def _regression_labels(s: np.ndarray) -> np.ndarray:
    """``2^s / Z(s)`` row by row; ``Z`` is the DCG of the gains sorted decreasingly (the
    ideal DCG of :func:`rankviz.measures.dcg`, written out: this runs in SGD's inner loop)."""
    gains = np.exp2(s)
    ideal = -np.sort(-gains, axis=-1) @ dcg_discounts(s.shape[-1])
    return gains / ideal[..., None]


def ndcg_regression_labels(scores):
    """The regression targets of the loss (28): ``G(s_j) / Z(s)`` with ``G(s) = 2^s``.

    ``Z(s)`` is the largest DCG of the gains, ``sum_r G(s_(r)) / log2(1 + r)`` with
    the gains sorted decreasingly (:func:`rankviz.measures.dcg`).  The paper leaves
    ``G`` open; ``2^s`` is increasing and positive for every real structure score
    (which can be negative), and ``1 - NDCG`` with these gains is the risk
    :func:`ndcg_risk` measures.

    Parameters
    ----------
    scores : array_like of shape (m,) or (q, m)
        Structure scores ``s``, one query or a batch.

    Returns
    -------
    ndarray of the same shape
        Positive; ordered like the scores.

    Raises
    ------
    TypeError, ValueError
        If ``scores`` is not finite.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (14) and (28), Corollary 1.

    Examples
    --------
    >>> ndcg_regression_labels([1.0, 0.0])       # (2, 1) / (2 + 1 / log2(3))
    array([0.7602, 0.3801])
    """
    s, batched = as_query_array(scores, "scores")
    labels = _regression_labels(s)
    return labels if batched else labels[0]


def _as_data(data) -> RankingData:
    if not isinstance(data, RankingData):
        raise TypeError(f"data must be a RankingData (see simulate_ranking_data), got "
                        f"{type(data).__name__}")
    return data


def _as_theta(theta, d: int) -> np.ndarray:
    values = as_float_vector(theta, "theta")
    if values.size != d:
        raise ValueError(f"theta must have one weight per feature ({d}), got {values.size}")
    return values


def _relevance(data: RankingData) -> np.ndarray:
    if data.relevance is None:
        raise ValueError("data has no relevance: the NDCG risk and the full-information fit "
                         "need the relevances that generated the judgments")
    return data.relevance


def ndcg_risk(theta, data):
    """The asymptotic NDCG risk of the linear scores ``f(q)_i = <theta, x_i^q>``.

    ``1 - NDCG`` of each query's ranking, with gains ``2^{s(i)}`` on the limit
    structure scores (27), averaged uniformly over the queries of ``data``
    (evaluation data: fresh queries).  Tied scores count as their average over
    the orders of the tie (:func:`rankviz.measures.ndcg`).

    Parameters
    ----------
    theta : array_like of shape (d,)
        Weights of the linear scoring function.
    data : RankingData
        Queries with features and relevance (judgments are not used).

    Returns
    -------
    float
        In [0, 1]; 0 when every query is ranked by decreasing relevance.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid or ``data`` has no relevance.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 6.2, the loss before (26) and Figure 3.

    Examples
    --------
    >>> data = simulate_ranking_data(50, 10, 4, 0, rng=0)     # linear relevance r = x_0
    >>> ndcg_risk([1.0, 0.0, 0.0, 0.0], data), ndcg_risk([-1.0, 0.0, 0.0, 0.0], data) > 0.3
    (0.0, True)
    """
    data = _as_data(data)
    theta = _as_theta(theta, data.n_features)
    return _ndcg_risk(theta, data.features, _ndcg_gains(data))


def _ndcg_gains(data: RankingData) -> np.ndarray:
    return np.exp2(asymptotic_structure_scores(_relevance(data)))


def _ndcg_risk(theta: np.ndarray, features: np.ndarray, gains: np.ndarray) -> float:
    return float(1.0 - np.mean(ndcg(gains, features @ theta, gain="linear")))


def _check_order(k) -> int:
    return check_int(k, "k", minimum=1)


def _labels_of(data: RankingData, idx: np.ndarray, weight, c: float,
               smoothing: str) -> np.ndarray:
    """Regression labels of the structures of judgment subsets ``idx`` (rows of global
    judgment indices; ``weight`` masks padding)."""
    rows, m = idx.shape[0], data.n_items
    flat = (np.arange(rows)[:, None] * (m * m) + data.pairs[idx, 0] * m + data.pairs[idx, 1])
    counts = np.bincount(flat.ravel(), weights=None if weight is None else weight.ravel(),
                         minlength=rows * m * m).reshape(rows, m, m)
    return _regression_labels(_structure(counts, c, smoothing))


def _subsets(n_q: int, k: int, budget: int | None, gen) -> tuple[np.ndarray, bool]:
    """Positions within a query's block: all k-subsets (exact) or ``budget`` sampled ones.

    ``n_q < k`` gives the single subset of all judgments (the paper's convention).
    """
    if n_q <= k:
        return np.arange(n_q)[None, :], True
    total = math.comb(n_q, k)
    if budget is None or total <= budget:
        return np.array(list(itertools.combinations(range(n_q), k)), dtype=np.int64), True
    keys = gen.random((budget, n_q))
    return np.argpartition(keys, k - 1, axis=1)[:, :k], False


def _count_terms(data: RankingData, k: int) -> int:
    return sum(math.comb(int(n_q), k) if n_q > k else 1
               for n_q in data.judgments_per_query if n_q > 0)


def _check_enumerable(data: RankingData, k: int) -> None:
    total = _count_terms(data, k)
    if total > MAX_U_STATISTIC_TERMS:
        raise ValueError(f"the U-statistic of order k = {k} has {total:,} terms, more than "
                         f"MAX_U_STATISTIC_TERMS = {MAX_U_STATISTIC_TERMS:,}; use "
                         f"u_statistic_minimizer(..., n_subsets=...) or sgd_u_statistic")


def _block(data: RankingData, q: int) -> np.ndarray:
    start = int(data._start[q])
    return data._order[start:start + int(data.judgments_per_query[q])]


def _mean_labels(data, k, c, smoothing, budget, gen):
    """Per query: the mean label over its k-subsets (exact or sampled), and the mean squared
    norm of the labels (for the risk's constant); zeros for queries without judgments."""
    means = np.zeros((data.n_queries, data.n_items))
    squares = np.zeros(data.n_queries)
    for q in np.flatnonzero(data.judgments_per_query):
        block = _block(data, int(q))
        n_q = block.size
        q_budget = None if budget is None else max(budget, math.ceil(n_q / k))
        positions, _ = _subsets(n_q, k, q_budget, gen)
        total = np.zeros(data.n_items)
        total_sq = 0.0
        for start in range(0, positions.shape[0], _CHUNK):
            labels = _labels_of(data, block[positions[start:start + _CHUNK]], None, c, smoothing)
            total += labels.sum(axis=0)
            total_sq += float((labels ** 2).sum())
        means[q] = total / positions.shape[0]
        squares[q] = total_sq / positions.shape[0]
    return means, squares


def _check_fit_args(data, k, c, smoothing, lam):
    data = _as_data(data)
    if data.n_judgments == 0:
        raise ValueError("data has no judgments: nothing to fit")
    c, smoothing = _check_smoothing(c, smoothing)
    return data, _check_order(k), c, smoothing, check_real(lam, "lam", nonnegative=True)


def u_statistic_risk(theta, data, k, *, c=0.5, smoothing="counts", lam=0.0, n_subsets=None,
                     rng=0):
    """The U-statistic empirical risk (19) of the regression loss (28), by enumeration.

    ``R_hat(theta) = (1/n) sum_q n_q C(n_q, k)^{-1} sum_{S subset of B(q), |S| = k}
    phi(X_q theta, s(Y_S)) + (lam / 2) |theta|^2`` with
    ``phi(alpha, s) = (1 / 2m) |alpha - G(s) / Z(s)|^2`` (28) and ``s`` the structure
    function (27) (:func:`average_log_odds`).  A query with ``n_q < k`` contributes
    the single term with all its judgments (the paper's convention).  Every
    k-subset is enumerated, unless ``n_subsets`` asks for an incomplete
    U-statistic (an unbiased estimate of the same risk).

    Parameters
    ----------
    theta : array_like of shape (d,)
        Weights of the linear scores ``f(q)_i = <theta, x_i^q>``.
    data : RankingData
        Queries, features and judgments.
    k : int
        Order of the U-statistic, >= 1.
    c : float, default 0.5
        Smoothing of the log-odds, > 0.
    smoothing : {"probability", "counts"}, default "counts"
        As in :func:`btl_log_odds`; with "counts" the structure converges to (27).
    lam : float, default 0.0
        Ridge ``Phi(theta) = (lam / 2) |theta|^2`` of (24), >= 0.
    n_subsets : int, optional
        Average each query over ``max(n_subsets, ceil(n_q / k))`` random k-subsets
        instead of all of them (as in :func:`u_statistic_minimizer`); >= 1.
    rng : int or numpy.random.Generator, default 0
        Seed or generator for the sampled subsets.

    Returns
    -------
    float

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, ``data`` has no judgments, or, without
        ``n_subsets``, there are more than :data:`MAX_U_STATISTIC_TERMS` subsets.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (18), (19), (24), (27) and (28).

    Examples
    --------
    >>> data = simulate_ranking_data(2, 4, 3, 12, rng=0)
    >>> round(u_statistic_risk(np.zeros(3), data, 2), 4)       # (1/2m) |labels|^2 on average
    0.0703
    """
    data, k, c, smoothing, lam = _check_fit_args(data, k, c, smoothing, lam)
    theta = _as_theta(theta, data.n_features)
    budget, gen = _budget(data, k, n_subsets, rng)
    means, squares = _mean_labels(data, k, c, smoothing, budget, gen)
    return _quadratic_risk(theta, data, means, squares, lam)


def _budget(data: RankingData, k: int, n_subsets, rng):
    """(subsets per query, generator): (None, None) to enumerate, within the size limit."""
    if n_subsets is None:
        _check_enumerable(data, k)
        return None, None
    return check_int(n_subsets, "n_subsets", minimum=1), as_generator(rng)


def _quadratic_risk(theta, data, means, squares, lam) -> float:
    """(1/n) sum_q n_q (1/2m) E_S |X_q theta - y_S|^2 from the label means and mean squares."""
    pred = data.features @ theta
    per_query = ((pred ** 2).sum(axis=1) - 2.0 * (pred * means).sum(axis=1) + squares)
    weights = data.judgments_per_query / data.n_judgments
    return float(weights @ per_query / (2 * data.n_items) + 0.5 * lam * theta @ theta)


def _ridge(data: RankingData, targets: np.ndarray, lam: float) -> np.ndarray:
    """argmin_theta sum_q (n_q / n) (1/2m) |X_q theta - targets_q|^2 + (lam/2) |theta|^2,
    the smallest-norm one when it is not unique."""
    weights = np.sqrt(data.judgments_per_query / (data.n_judgments * data.n_items))
    d = data.n_features
    design = (data.features * weights[:, None, None]).reshape(-1, d)
    rhs = (targets * weights[:, None]).ravel()
    if lam > 0:
        design = np.vstack([design, math.sqrt(lam) * np.eye(d)])
        rhs = np.concatenate([rhs, np.zeros(d)])
    return np.linalg.lstsq(design, rhs, rcond=None)[0]


def u_statistic_minimizer(data, k, *, c=0.5, smoothing="counts", lam=0.0, n_subsets=None,
                          rng=0):
    """The minimiser of the U-statistic risk (19) with the regression loss (28), in closed form.

    The loss (28) is quadratic, so the average over the k-subsets of a query is
    ``(1/2m) |X_q theta - y_bar_q|^2`` plus a constant, where ``y_bar_q`` is the
    mean regression label over the subsets: the minimiser is a weighted ridge
    regression on the per-query mean labels.  With ``n_subsets=None`` the means
    are exact (every k-subset); otherwise each query averages over
    ``max(n_subsets, ceil(n_q / k))`` random k-subsets (an incomplete
    U-statistic, exact whenever that is at least the number of subsets).

    Parameters
    ----------
    data : RankingData
        Queries, features and judgments.
    k : int
        Order of the U-statistic, >= 1.
    c, smoothing, lam
        As in :func:`u_statistic_risk`.
    n_subsets : int, optional
        Subsets sampled per query, >= 1; None enumerates them all.
    rng : int or numpy.random.Generator, default 0
        Seed or generator for the sampled subsets.

    Returns
    -------
    ndarray of shape (d,)
        The minimising ``theta`` (the smallest-norm one if it is not unique).

    Raises
    ------
    TypeError, ValueError
        As :func:`u_statistic_risk` (the size limit only applies without
        ``n_subsets``).

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (19), (24) and (28); for incomplete
    U-statistics, Janson (1984).

    Examples
    --------
    >>> data = simulate_ranking_data(2, 4, 3, 12, rng=0)
    >>> theta = u_statistic_minimizer(data, 2, lam=0.01)
    >>> risk = u_statistic_risk(theta, data, 2, lam=0.01)
    >>> bool(risk < u_statistic_risk(theta + 0.01, data, 2, lam=0.01))
    True
    """
    data, k, c, smoothing, lam = _check_fit_args(data, k, c, smoothing, lam)
    budget, gen = _budget(data, k, n_subsets, rng)
    means, _ = _mean_labels(data, k, c, smoothing, budget, gen)
    return _ridge(data, means, lam)


@dataclass(frozen=True, eq=False)
class SGDResult:
    """The output of :func:`sgd_u_statistic`.

    Attributes
    ----------
    theta : ndarray of shape (d,)
        The averaged iterate ``f_bar^T = (1/T) sum_t f^t`` (the estimate the
        convergence guarantees are about).
    last : ndarray of shape (d,)
        The last iterate ``f^T``.
    losses : ndarray of shape (T,)
        The sampled objective ``phi(f^t, s^{i_t}) + Phi(f^t)`` of each iteration,
        averaged over its minibatch: a noisy, unbiased estimate of the risk at
        ``f^t`` (Figure 2 plots its moving average).
    checkpoints : ndarray of int64, shape (c,)
        Iterations at which the averaged iterate was recorded.
    averages : ndarray of shape (c, d)
        The averaged iterate at each checkpoint.
    """

    theta: np.ndarray
    last: np.ndarray
    losses: np.ndarray
    checkpoints: np.ndarray
    averages: np.ndarray

    def __repr__(self) -> str:
        theta = np.array2string(self.theta, precision=4, separator=", ", suppress_small=True)
        return f"SGDResult(iterations={self.losses.size}, theta={theta})"


def _progress(iterable, show: bool, description: str):
    if not show:
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, desc=description, leave=False)


def sgd_u_statistic(data, k, *, c=0.5, smoothing="counts", lam=0.0, n_iterations=2000,
                    batch_size=8, step_size=0.5, rng=0, n_checkpoints=50, progress=None):
    """Minimise the U-statistic risk (19) + (24) by the stochastic composite method (25).

    Each iteration samples ``batch_size`` terms of (19) independently: a query
    with probability ``n_q / n`` (a judgment drawn uniformly, then its query),
    then ``k`` of its judgments uniformly without replacement (all of them when
    ``n_q <= k``).  The gradient ``g`` of the loss (28) averaged over the batch
    gives the composite step (25) with ``Phi = (lam/2) |theta|^2`` in closed
    form, ``theta <- (theta - eta_t g) / (1 + eta_t lam)``, with
    ``eta_t = step_size / sqrt(t)``; the estimate is the average of the
    iterates.  The cost of an iteration grows with ``k`` (the structure of ``k``
    judgments), not with ``n``: the k judgments are drawn by random keys over the
    batch when ``k`` is a large share of it, by Floyd-style sampling (O(k)) otherwise.

    Parameters
    ----------
    data : RankingData
        Queries, features and judgments.
    k : int
        Order of the U-statistic, >= 1.
    c, smoothing, lam
        As in :func:`u_statistic_risk`.
    n_iterations : int, default 2000
        Number of steps ``T``, >= 1.
    batch_size : int, default 8
        Terms of (19) per step, >= 1.
    step_size : float, default 0.5
        ``eta_1``, > 0.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    n_checkpoints : int, default 50
        How many averaged iterates to record, evenly spaced, >= 1.
    progress : bool, optional
        Show a ``tqdm.auto`` progress bar; by default only for long runs
        (``n_iterations >= 20000``).

    Returns
    -------
    SGDResult

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid or ``data`` has no judgments.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (19), (24), (25) and Figure 2;
    Nemirovski, Juditsky, Lan and Shapiro (2009); Duchi and Singer (2009).

    Examples
    --------
    >>> data = simulate_ranking_data(2, 4, 3, 12, rng=0)
    >>> result = sgd_u_statistic(data, 2, lam=0.01, n_iterations=3000, rng=1)
    >>> exact = u_statistic_minimizer(data, 2, lam=0.01)
    >>> risk = lambda theta: u_statistic_risk(theta, data, 2, lam=0.01)
    >>> gap = risk(result.theta) - risk(exact)
    >>> bool(0 <= gap < 1e-3)
    True
    """
    data, k, c, smoothing, lam = _check_fit_args(data, k, c, smoothing, lam)
    T = check_int(n_iterations, "n_iterations", minimum=1)
    batch = check_int(batch_size, "batch_size", minimum=1)
    eta = check_real(step_size, "step_size", positive=True)
    n_marks = check_int(n_checkpoints, "n_checkpoints", minimum=1)
    show = T >= 20_000 if progress is None else bool(progress)
    gen = as_generator(rng)
    counts, m, d = data.judgments_per_query, data.n_items, data.n_features
    widest = int(counts.max())
    take = min(k, widest)
    marks = np.unique(np.linspace(1, T, min(n_marks, T)).round().astype(np.int64))
    theta = np.zeros(d)
    running = np.zeros(d)
    losses = np.empty(T)
    averages = np.empty((marks.size, d))
    mark = 0
    positions = np.arange(widest)
    dense = widest <= 4 * take  # random keys over the batch (O(n_q)) or Floyd's sampling (O(k))
    for t in _progress(range(1, T + 1), show, f"SGD on (19), k = {k}"):
        q = data.queries[gen.integers(0, data.n_judgments, batch)]
        n_q = counts[q][:, None]
        if dense:
            keys = gen.random((batch, widest))
            keys[positions[None, :] >= n_q] = 2.0  # padding sorts last
            pos = (np.argpartition(keys, take - 1, axis=1)[:, :take] if take < widest
                   else np.broadcast_to(positions, (batch, widest)))
            valid = pos < n_q
        else:
            pos = np.zeros((batch, take), dtype=np.int64)
            valid = np.zeros((batch, take), dtype=bool)
            for row, size in enumerate(np.minimum(n_q[:, 0], take)):
                pos[row, :size] = gen.choice(n_q[row, 0], size, replace=False)
                valid[row, :size] = True
        idx = data._order[data._start[q][:, None] + np.minimum(pos, n_q - 1)]
        labels = _labels_of(data, idx, valid.astype(float), c, smoothing)
        X = data.features[q]
        residual = X @ theta - labels
        losses[t - 1] = (residual ** 2).sum() / (2 * m * batch) + 0.5 * lam * theta @ theta
        gradient = np.einsum("bmd,bm->d", X, residual) / (m * batch)
        step = eta / math.sqrt(t)
        theta = (theta - step * gradient) / (1.0 + step * lam)
        running += theta
        if mark < marks.size and t == marks[mark]:
            averages[mark] = running / t
            mark += 1
    return SGDResult(running / T, theta, losses, marks, averages)


def pairwise_logistic_fit(data, *, lam=0.0):
    """Minimise the pairwise logistic risk (29) + ridge over linear scores.

    ``(1/n) sum_{judgments i > j} log(1 + exp(<theta, x_j - x_i>)) + (lam/2) |theta|^2``,
    every judgment of every query once (no aggregation), by L-BFGS with the exact
    gradient.  Under the BTL model (26) with a relevance linear in the
    features this is the correctly specified maximum likelihood.

    Parameters
    ----------
    data : RankingData
        Queries, features and judgments.
    lam : float, default 0.0
        Ridge, >= 0 (with 0 the minimiser may not exist if the judgments are
        separable).

    Returns
    -------
    ndarray of shape (d,)

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, ``data`` has no judgments or the optimiser fails.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (29); Dekel, Manning and Singer (2003).

    Examples
    --------
    >>> data = simulate_ranking_data(20, 8, 3, 4000, rng=0)     # r = x_0: well specified
    >>> np.round(pairwise_logistic_fit(data), 1)
    array([ 1., -0.,  0.])
    """
    data = _as_data(data)
    if data.n_judgments == 0:
        raise ValueError("data has no judgments: nothing to fit")
    lam = check_real(lam, "lam", nonnegative=True)
    q = data.queries
    diff = data.features[q, data.pairs[:, 0]] - data.features[q, data.pairs[:, 1]]

    def objective(theta):
        margin = diff @ theta
        value = -log_expit(margin).mean() + 0.5 * lam * theta @ theta
        return value, -(diff.T @ expit(-margin)) / margin.size + lam * theta

    result = minimize(objective, np.zeros(data.n_features), jac=True, method="L-BFGS-B",
                      options={"gtol": 1e-10, "ftol": 1e-15, "maxiter": 5000})
    if not np.isfinite(result.x).all():
        raise ValueError(f"the logistic fit failed: {result.message}")
    return result.x


def full_information_fit(data, *, lam=0.0):
    """The regression (28) on the limit structure (27): the infeasible full-information reference.

    Minimises ``sum_q (n_q / n) (1/2m) |X_q theta - G(s_q) / Z(s_q)|^2 + (lam/2) |theta|^2``
    with ``s_q`` the asymptotic scores (27) of the hidden relevances: what (19)
    becomes when every query's preferences are known exactly (Ravikumar et al.'s
    consistent least squares with complete information).

    Parameters
    ----------
    data : RankingData
        Queries with features, judgments (their counts weigh the queries) and
        relevance.
    lam : float, default 0.0
        Ridge, >= 0.

    Returns
    -------
    ndarray of shape (d,)

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, or ``data`` has no judgments or no relevance.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 6.2 (``theta^full``), eqs. (27), (28).

    Examples
    --------
    >>> data = simulate_ranking_data(20, 8, 3, 400, rng=0)
    >>> theta = full_information_fit(data)
    >>> bool(theta[0] > 0)
    True
    """
    data = _as_data(data)
    if data.n_judgments == 0:
        raise ValueError("data has no judgments: nothing to weigh the queries by")
    lam = check_real(lam, "lam", nonnegative=True)
    targets = _regression_labels(asymptotic_structure_scores(_relevance(data)))
    return _ridge(data, targets, lam)


# --------------------------------------------------------------------------- #
# the experiment of section 6.2 (Figure 3)
# --------------------------------------------------------------------------- #
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
        values : array_like of shape (runs,) or (runs, K)
            One of the result arrays, or a difference of them.
        level : float, default 0.95
            Confidence level in (0, 1).

        Returns
        -------
        (mean, lower, upper) : tuple of float or ndarray
            With a single run the interval collapses to the mean.
        """
        level = check_probability(level, "level", open_interval=True)
        arr = np.asarray(values, dtype=float)
        mean = arr.mean(axis=0)
        if arr.shape[0] < 2:
            return mean, mean, mean
        half = (student_t.ppf(0.5 + level / 2, arr.shape[0] - 1) * arr.std(axis=0, ddof=1)
                / math.sqrt(arr.shape[0]))
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
        means = ", ".join(f"k={k}: {v:.4f}" for k, v in
                          zip(self.k_values, self.u_statistic.mean(axis=0), strict=True))
        return (f"ExperimentResult(runs={self.n_runs}, mean NDCG risk: logistic "
                f"{self.logistic.mean():.4f}, full information {self.full.mean():.4f}, "
                f"U-statistic {means})")


#: Default settings of :func:`u_statistic_experiment` (the notebook's small version).
EXPERIMENT_DEFAULTS = {
    "n_runs": 6, "n_queries": 40, "n_items": 20, "n_features": 6, "n_judgments": 40_000,
    "nonlinearity": 2.0, "c": 0.5, "smoothing": "counts", "lam": 1e-3, "n_subsets": 64,
    "n_test_queries": 500, "solver": "subsets", "sgd_iterations": 3000,
}

#: How :func:`u_statistic_experiment` minimises (19).
EXPERIMENT_SOLVERS = ("subsets", "sgd")


def u_statistic_experiment(k_values=(1, 10, 30, 100, 300, 1000), *, rng=0, progress=None,
                           **settings):
    """Run the experiment of section 6.2 (Figure 3) on generated data.

    Each run draws training data (:func:`simulate_ranking_data`) and fits
    ``theta^reg_{n,k}`` for every ``k`` (the U-statistic risk (19) with the
    regression loss (28)), ``theta^log_n`` (the pairwise logistic loss (29) on all
    judgments) and ``theta^full`` (the regression on the limit scores (27)); each
    fit is scored by its NDCG risk (:func:`ndcg_risk`) on one set of fresh test
    queries shared by all runs.

    Parameters
    ----------
    k_values : sequence of int, default (1, 10, 30, 100, 300, 1000)
        Orders of the U-statistic, each >= 1.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    progress : bool, optional
        Show a ``tqdm.auto`` progress bar over the fits; by default when there are
        more than 60 of them.
    **settings
        Overrides of :data:`EXPERIMENT_DEFAULTS`: ``n_runs``, ``n_queries``,
        ``n_items``, ``n_features``, ``n_judgments``, ``nonlinearity`` (the data);
        ``c``, ``smoothing``, ``lam`` (the risk); ``n_subsets`` (subsets per query
        of the sampled U-statistic); ``n_test_queries``; ``solver``: "subsets"
        (:func:`u_statistic_minimizer` with ``n_subsets``) or "sgd"
        (:func:`sgd_u_statistic` with ``sgd_iterations`` steps).

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
        raise TypeError(f"u_statistic_experiment got unknown settings {sorted(unknown)}; "
                        f"known: {sorted(EXPERIMENT_DEFAULTS)}")
    s = {**EXPERIMENT_DEFAULTS, **settings}
    ks = np.array([check_int(k, "k_values[i]", minimum=1) for k in k_values], dtype=np.int64)
    if ks.size == 0:
        raise ValueError("k_values is empty")
    runs = check_int(s["n_runs"], "n_runs", minimum=1)
    solver = check_choice(s["solver"], "solver", EXPERIMENT_SOLVERS)
    c, smoothing = _check_smoothing(s["c"], s["smoothing"])
    lam = check_real(s["lam"], "lam", nonnegative=True)
    n_subsets = check_int(s["n_subsets"], "n_subsets", minimum=1)
    iterations = check_int(s["sgd_iterations"], "sgd_iterations", minimum=1)
    gen = as_generator(rng)
    shape = (s["n_queries"], s["n_items"], s["n_features"])
    test = simulate_ranking_data(s["n_test_queries"], *shape[1:], 0, gen,
                                 nonlinearity=s["nonlinearity"])
    test_gains = _ndcg_gains(test)
    u_risks = np.empty((runs, ks.size))
    logistic, full = np.empty(runs), np.empty(runs)
    fits = [(run, j) for run in range(runs) for j in range(-1, ks.size)]
    show = len(fits) > 60 if progress is None else bool(progress)
    data = None
    for run, j in _progress(fits, show, "section 6.2 experiment"):
        if j == -1:  # a new run: fresh data and the two references
            data = simulate_ranking_data(*shape, s["n_judgments"], gen,
                                         nonlinearity=s["nonlinearity"])
            logistic[run] = _ndcg_risk(pairwise_logistic_fit(data, lam=lam), test.features,
                                       test_gains)
            full[run] = _ndcg_risk(full_information_fit(data, lam=lam), test.features, test_gains)
            continue
        k = int(ks[j])
        if solver == "subsets":
            theta = u_statistic_minimizer(data, k, c=c, smoothing=smoothing, lam=lam,
                                          n_subsets=n_subsets, rng=gen)
        else:
            theta = sgd_u_statistic(data, k, c=c, smoothing=smoothing, lam=lam,
                                    n_iterations=iterations, rng=gen, progress=False).theta
        u_risks[run, j] = _ndcg_risk(theta, test.features, test_gains)
    return ExperimentResult(ks, u_risks, logistic, full, dict(s))
