"""U-statistic risks (sections 4 and 6): aggregate judgments into structures, then fit.

Duchi, Mackey and Jordan (2013) fit a scoring function to *aggregated*
preferences: each term of the empirical risk (19) is a U-statistic over k
judgments of one query, summarised by a structure function before the loss
is applied.  This module holds the data, the risks and their minimisers; the
aggregation of section 5.1 is :mod:`rankviz.aggregation`.

* queries with features and pairwise judgments (:class:`RankingData`,
  :func:`simulate_ranking_data`);
* the structure function (27) (:func:`average_log_odds`) and its limit
  (:func:`asymptotic_structure_scores`), the regression labels of (28)
  (:func:`ndcg_regression_labels`);
* the empirical risk (19) by enumeration of all k-subsets
  (:func:`u_statistic_risk`), its exact or sampled minimiser
  (:func:`u_statistic_minimizer`), the stochastic method (25)
  (:func:`sgd_u_statistic`), the two references of Figure 3
  (:func:`pairwise_logistic_fit`, :func:`full_information_fit`) and the NDCG risk
  (:func:`ndcg_risk`);
* the experiment of Figure 3 built on them is :mod:`rankviz.ustatistics_experiment`.

The smoothing ``c`` of the log-odds and its two readings are explained in
:mod:`rankviz.aggregation`; the U-statistic functions add ``c`` to the counts by
default, so that the structure converges to the limit (27).

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013 (seed ``003_78b4dd99621c547a.txt``): section 2
(structure functions), section 4 (eqs. (17)-(21), Theorem 4), section 6
(eqs. (24)-(29), Figures 2 and 3).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import minimize
from scipy.special import expit, log_expit
from scipy.stats import hypergeom

from rankviz._log_odds import SMOOTHINGS, structure
from rankviz._progress import progress_bar
from rankviz._validation import (
    as_comparison_rows,
    as_float_vector,
    as_generator,
    as_query_array,
    as_weight_matrix,
    check_array,
    check_int,
    check_log_odds_smoothing,
    check_progress,
    check_real,
)
from rankviz.aggregation import MAX_WIN_COUNT
from rankviz.measures import dcg_discounts, ndcg

__all__ = [
    "MAX_BATCH_ENTRIES",
    "MAX_DATA_SIZE",
    "MAX_RIDGE",
    "MAX_SGD_ITERATIONS",
    "MAX_U_STATISTIC_TERMS",
    "RankingData",
    "SGDResult",
    "asymptotic_structure_scores",
    "average_log_odds",
    "full_information_fit",
    "majority_structure_risk",
    "ndcg_regression_labels",
    "ndcg_risk",
    "pairwise_logistic_fit",
    "sgd_u_statistic",
    "simulate_ranking_data",
    "u_statistic_minimizer",
    "u_statistic_risk",
]

#: Largest number of k-subsets :func:`u_statistic_risk` and :func:`u_statistic_minimizer`
#: enumerate (over all queries together).
MAX_U_STATISTIC_TERMS = 200_000

#: Largest number of feature entries (queries x results x features) of a :class:`RankingData`.
MAX_DATA_SIZE = 50_000_000

#: Largest number of iterations :func:`sgd_u_statistic` runs (about a minute).
MAX_SGD_ITERATIONS = 1_000_000

#: Largest ``batch_size * max(n_q, m * m)`` of one :func:`sgd_u_statistic` step (the random keys
#: over a query's judgments and the win counts of the batch are arrays of that size).
MAX_BATCH_ENTRIES = 10_000_000

#: Largest ridge ``lam`` the U-statistic functions accept (beyond it the fit is theta = 0).
MAX_RIDGE = 1e12

# A sampled loss above this means sgd_u_statistic diverged (the loss at theta = 0 is <= 1/2).
_DIVERGED = 1e8

# Subsets processed at once (bounds the (chunk, m, m) count arrays).
_CHUNK = 4096


# --------------------------------------------------------------------------- #
# queries with features and pairwise judgments (sections 4 and 6)
# --------------------------------------------------------------------------- #
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
        X = check_array(self.features, "features", ndim=3, copy=True)
        if X.shape[1] < 2 or X.size > MAX_DATA_SIZE:
            raise ValueError(
                f"features must have shape (queries, results >= 2, features) with "
                f"at most MAX_DATA_SIZE = {MAX_DATA_SIZE:,} entries, got {X.shape}"
            )
        n_queries, m = X.shape[:2]
        queries = check_array(
            self.queries, "queries", ndim=1, dtype="int", allow_empty=True, copy=True
        )
        if queries.size and (queries.min() < 0 or queries.max() >= n_queries):
            raise ValueError(
                f"queries must hold query indices in 0, ..., {n_queries - 1} "
                f"(features has {n_queries} queries)"
            )
        pairs = as_comparison_rows(self.pairs, "pairs", m)
        if pairs.shape != (queries.size, 2):
            raise ValueError(
                f"pairs must have shape ({queries.size}, 2), one (winner, loser) "
                f"row per judgment (entry of queries), got {pairs.shape}"
            )
        pairs = pairs.copy() if pairs is self.pairs else pairs
        relevance = self.relevance
        if relevance is not None:
            relevance = check_array(relevance, "relevance", ndim=2, copy=True)
            if relevance.shape != (n_queries, m):
                raise ValueError(
                    f"relevance must have shape {(n_queries, m)}, one row per "
                    f"query of features, got {relevance.shape}"
                )
        counts = np.bincount(queries, minlength=n_queries)
        for name, arr in (
            ("features", X),
            ("queries", queries),
            ("pairs", pairs),
            ("relevance", relevance),
            ("judgments_per_query", counts),
            ("_order", np.argsort(queries, kind="stable")),
            ("_start", np.concatenate(([0], np.cumsum(counts)[:-1]))),
        ):
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
        return (
            f"RankingData(queries={self.n_queries}, results per query={self.n_items}, "
            f"features={self.n_features}, judgments={self.n_judgments})"
        )


def simulate_ranking_data(n_queries, n_items, n_features, n_judgments, rng=0, *, nonlinearity=0.0):
    """Generate the data of the section 6.2 experiment: features, hidden relevance, BTL pairs.

    Features: ``d - 1`` independent standard normal coordinates and a last,
    constant coordinate 1 (an intercept).  Relevance: hidden from the learner,
    ``r = x_0 + beta * max(x_1 - 1, 0)^2``: with ``beta = 0`` it is linear in
    ``x``; with ``beta > 0`` it is not, and the top of each list is decided by a
    transform of ``x_1`` that no linear scoring function reproduces.  Judgments:
    a query drawn uniformly, a pair of its results drawn uniformly, ordered by
    the BTL model (26).

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
        The sizes are bounded by :data:`MAX_DATA_SIZE` (judgments, and
        ``n_queries * n_items * n_features``).
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    nonlinearity : float, default 0.0
        ``beta``, in [0, 1e6].

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
    n_q = check_int(n_queries, "n_queries", minimum=1, maximum=MAX_DATA_SIZE)
    m = check_int(n_items, "n_items", minimum=2, maximum=MAX_DATA_SIZE)
    d = check_int(n_features, "n_features", minimum=3, maximum=MAX_DATA_SIZE)
    if n_q * m * d > MAX_DATA_SIZE:
        raise ValueError(
            f"n_queries * n_items * n_features = {n_q * m * d:,} feature entries; "
            f"at most MAX_DATA_SIZE = {MAX_DATA_SIZE:,} are supported"
        )
    n = check_int(n_judgments, "n_judgments", minimum=0, maximum=MAX_DATA_SIZE)
    beta = check_real(nonlinearity, "nonlinearity", nonnegative=True, maximum=1e6)
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
    if r.shape[0] * m * m > MAX_DATA_SIZE:
        raise ValueError(
            f"relevance of shape {r.shape} needs {r.shape[0] * m * m:,} pairs; at "
            f"most MAX_DATA_SIZE = {MAX_DATA_SIZE:,} are supported"
        )
    with np.errstate(over="ignore", invalid="ignore"):
        diff = r[:, :, None] - r[:, None, :]
        s = (np.logaddexp(0.0, diff) - np.logaddexp(0.0, -diff)).sum(axis=2) / (m - 1)
    if not np.isfinite(s).all():
        raise ValueError("relevance has entries too large in magnitude: the scores (27) overflow")
    return s if batched else s[0]


def average_log_odds(wins, c, *, smoothing="probability"):
    """The structure function (27): each item's average smoothed log-odds against the others.

    ``s(i) = (1 / (n - 1)) sum_{j != i} A[i, j]`` with ``A`` the smoothed log-odds
    (:func:`rankviz.aggregation.btl_log_odds`), i.e. the Borda count of ``A``
    divided by ``n - 1``.  Works on one win matrix or a stack of them.

    Parameters
    ----------
    wins : array_like of shape (n, n) or (q, n, n)
        Win counts: non-negative, zero diagonal.
    c : float
        Smoothing, > 0.
    smoothing : {"probability", "counts"}, default "probability"
        As in :func:`rankviz.aggregation.btl_log_odds`.  With "counts" the scores converge, as every
        pair is compared more and more often, to the limit (27)
        (:func:`asymptotic_structure_scores`).

    Returns
    -------
    ndarray of shape (n,) or (q, n)

    Raises
    ------
    TypeError, ValueError
        As :func:`rankviz.aggregation.btl_log_odds`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 6.2, the structure function before (27).

    Examples
    --------
    >>> average_log_odds([[0, 3, 1], [1, 0, 0], [1, 0, 0]], 1.0, smoothing="counts")
    array([ 0.3466, -0.3466,  0.    ])
    """
    W = as_weight_matrix(wins, "wins", min_items=2, batch=True)
    if W.max() > MAX_WIN_COUNT:
        raise ValueError(f"wins holds a count above MAX_WIN_COUNT = {MAX_WIN_COUNT:.0f}")
    c, smoothing = check_log_odds_smoothing(c, smoothing, SMOOTHINGS)
    return structure(W, c, smoothing)


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
        Ordered like the scores; positive, except that a score more than about
        1074 below the largest of its row underflows to 0 (the labels are
        computed from ``s - max(s)``, which leaves them unchanged and finite).

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
    # G(s) / Z(s) is unchanged by a shift of the row: shift so that 2^s cannot overflow
    labels = _regression_labels(s - s.max(axis=1, keepdims=True))
    return labels if batched else labels[0]


def _as_data(data) -> RankingData:
    if not isinstance(data, RankingData):
        raise TypeError(
            f"data must be a RankingData (see simulate_ranking_data), got {type(data).__name__}"
        )
    return data


def _as_theta(theta, d: int) -> np.ndarray:
    values = as_float_vector(theta, "theta")
    if values.size != d:
        raise ValueError(f"theta must have one weight per feature ({d}), got {values.size}")
    return values


def _relevance(data: RankingData) -> np.ndarray:
    if data.relevance is None:
        raise ValueError(
            "data has no relevance: the NDCG risk and the full-information fit "
            "need the relevances that generated the judgments"
        )
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
    with np.errstate(over="ignore", invalid="ignore"):
        scores = features @ theta
    if not np.isfinite(scores).all():
        raise ValueError("theta has entries too large in magnitude: the scores overflow")
    return float(1.0 - np.mean(ndcg(gains, scores, gain="linear")))


def _check_subset_size(k) -> int:
    return check_int(k, "k", minimum=1)


def _labels_of(data: RankingData, idx: np.ndarray, weight, c: float, smoothing: str) -> np.ndarray:
    """Regression labels of the structures of judgment subsets ``idx`` (rows of global
    judgment indices; ``weight`` masks padding)."""
    rows, m = idx.shape[0], data.n_items
    flat = np.arange(rows)[:, None] * (m * m) + data.pairs[idx, 0] * m + data.pairs[idx, 1]
    counts = np.bincount(
        flat.ravel(), weights=None if weight is None else weight.ravel(), minlength=rows * m * m
    ).reshape(rows, m, m)
    return _regression_labels(structure(counts, c, smoothing))


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
    return sum(
        math.comb(int(n_q), k) if n_q > k else 1 for n_q in data.judgments_per_query if n_q > 0
    )


def _check_enumerable(data: RankingData, k: int) -> None:
    total = _count_terms(data, k)
    if total > MAX_U_STATISTIC_TERMS:
        raise ValueError(
            f"the U-statistic of order k = {k} has {total:,} terms, more than "
            f"MAX_U_STATISTIC_TERMS = {MAX_U_STATISTIC_TERMS:,}; use "
            f"u_statistic_minimizer(..., n_subsets=...) or sgd_u_statistic"
        )


def _block(data: RankingData, q: int) -> np.ndarray:
    start = int(data._start[q])
    return data._order[start : start + int(data.judgments_per_query[q])]


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
            labels = _labels_of(data, block[positions[start : start + _CHUNK]], None, c, smoothing)
            total += labels.sum(axis=0)
            total_sq += float((labels**2).sum())
        means[q] = total / positions.shape[0]
        squares[q] = total_sq / positions.shape[0]
    return means, squares


def _check_fit_args(data, k, c, smoothing, lam):
    data = _as_data(data)
    if data.n_judgments == 0:
        raise ValueError("data has no judgments: nothing to fit")
    c, smoothing = check_log_odds_smoothing(c, smoothing, SMOOTHINGS)
    lam = check_real(lam, "lam", nonnegative=True, maximum=MAX_RIDGE)
    return data, _check_subset_size(k), c, smoothing, lam


def u_statistic_risk(theta, data, k, *, c=0.5, smoothing="counts", lam=0.0, n_subsets=None, rng=0):
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
        As in :func:`rankviz.aggregation.btl_log_odds`; with "counts" the structure
        converges to (27).
    lam : float, default 0.0
        Ridge ``Phi(theta) = (lam / 2) |theta|^2`` of (24), in [0, :data:`MAX_RIDGE`].
    n_subsets : int, optional
        Average each query over ``max(n_subsets, ceil(n_q / k))`` random k-subsets
        instead of all of them (as in :func:`u_statistic_minimizer`); 1 to
        :data:`MAX_U_STATISTIC_TERMS`.
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
    with np.errstate(over="ignore", invalid="ignore"):
        risk = _quadratic_risk(theta, data, means, squares, lam)
    if not np.isfinite(risk):
        raise ValueError("theta has entries too large in magnitude: the risk overflows")
    return risk


def _budget(data: RankingData, k: int, n_subsets, rng):
    """(subsets per query, generator): (None, None) to enumerate, within the size limit."""
    gen = as_generator(rng)  # checked even when unused, so that a bad seed never passes
    if n_subsets is None:
        _check_enumerable(data, k)
        return None, None
    return check_int(n_subsets, "n_subsets", minimum=1, maximum=MAX_U_STATISTIC_TERMS), gen


def _quadratic_risk(theta, data, means, squares, lam) -> float:
    """(1/n) sum_q n_q (1/2m) E_S |X_q theta - y_S|^2 from the label means and mean squares."""
    pred = data.features @ theta
    per_query = (pred**2).sum(axis=1) - 2.0 * (pred * means).sum(axis=1) + squares
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


def u_statistic_minimizer(data, k, *, c=0.5, smoothing="counts", lam=0.0, n_subsets=None, rng=0):
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
        Subsets sampled per query, 1 to :data:`MAX_U_STATISTIC_TERMS`; None
        enumerates them all.
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


def sgd_u_statistic(
    data,
    k,
    *,
    c=0.5,
    smoothing="counts",
    lam=0.0,
    n_iterations=2000,
    batch_size=8,
    step_size=0.5,
    rng=0,
    n_checkpoints=50,
    progress=None,
):
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
        Number of steps ``T``, 1 to :data:`MAX_SGD_ITERATIONS`.
    batch_size : int, default 8
        Terms of (19) per step, >= 1, with ``batch_size * max(n_q, m * m)`` at
        most :data:`MAX_BATCH_ENTRIES`.
    step_size : float, default 0.5
        ``eta_1``, > 0.  A step size so large that the iterates blow up (a sampled
        loss above 1e8, where the loss at ``theta = 0`` is at most 1/2) raises
        ``ValueError``: divergence is reported, never returned as huge or NaN numbers.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    n_checkpoints : int, default 50
        How many averaged iterates to record, evenly spaced, >= 1 (at most one per
        iteration: a larger number records every iteration).
    progress : bool or None, optional
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
    T = check_int(n_iterations, "n_iterations", minimum=1, maximum=MAX_SGD_ITERATIONS)
    counts, m, d = data.judgments_per_query, data.n_items, data.n_features
    widest = int(counts.max())
    per_term = max(widest, m * m)
    batch = check_int(
        batch_size, "batch_size", minimum=1, maximum=max(1, MAX_BATCH_ENTRIES // per_term)
    )
    eta = check_real(step_size, "step_size", positive=True)
    n_marks = check_int(n_checkpoints, "n_checkpoints", minimum=1)
    show = check_progress(progress, T >= 20_000)
    gen = as_generator(rng)
    take = min(k, widest)
    marks = np.unique(np.linspace(1, T, min(n_marks, T)).round().astype(np.int64))
    theta = np.zeros(d)
    running = np.zeros(d)
    losses = np.empty(T)
    averages = np.empty((marks.size, d))
    mark = 0
    positions = np.arange(widest)
    dense = widest <= 4 * take  # random keys over the batch (O(n_q)) or Floyd's sampling (O(k))
    for t in progress_bar(range(1, T + 1), show, f"SGD on (19), k = {k}"):
        q = data.queries[gen.integers(0, data.n_judgments, batch)]
        n_q = counts[q][:, None]
        if dense:
            keys = gen.random((batch, widest))
            keys[positions[None, :] >= n_q] = 2.0  # padding sorts last
            pos = (
                np.argpartition(keys, take - 1, axis=1)[:, :take]
                if take < widest
                else np.broadcast_to(positions, (batch, widest))
            )
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
        losses[t - 1] = (residual**2).sum() / (2 * m * batch) + 0.5 * lam * theta @ theta
        gradient = np.einsum("bmd,bm->d", X, residual) / (m * batch)
        step = eta / math.sqrt(t)
        theta = (theta - step * gradient) / (1.0 + step * lam)
        # the labels lie in (0, 1], so the loss at theta = 0 is at most 1/2: a sampled loss
        # far above that (or an overflow) means the steps blew up
        if not (losses[t - 1] <= _DIVERGED and np.isfinite(theta).all()):
            raise ValueError(
                f"sgd_u_statistic diverged at iteration {t} (sampled loss "
                f"{losses[t - 1]:.3g}): step_size = {eta:g} is too large for these "
                f"data; try a smaller one"
            )
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

    result = minimize(
        objective,
        np.zeros(data.n_features),
        jac=True,
        method="L-BFGS-B",
        options={"gtol": 1e-10, "ftol": 1e-15, "maxiter": 5000},
    )
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
# a structure whose limit law is not a point: the majority of two results


def majority_structure_risk(batches, wins, k):
    """The U-statistic risk (19) of the two-result majority structure, exactly.

    Each query has two results; a judgment says which of the two won.  The structure of
    ``k`` judgments is their majority (+1 for result 1, -1 for result 2, 0 on a tie), and
    the loss of the scoring that puts result 1 first is 1 when the majority says result 2,
    1/2 on a tie, 0 otherwise.  For a batch of ``l`` judgments of which result 1 won ``w``,
    the average of that loss over the ``k``-subsets of the batch is a hypergeometric
    probability: ``P(fewer than k/2 wins for result 1) + P(exactly k/2) / 2`` in a random
    ``k``-subset (one term of all the judgments when ``l < k``, as in (17)).  Then (19) is
    ``(1/n) sum_q l_q * average_q``.

    Parameters
    ----------
    batches : array_like of int, shape (..., Q)
        Judgments per query, >= 0, at least one per data set (the last axis runs over the
        queries, leading axes over independent data sets).
    wins : array_like of int, shape (..., Q)
        Judgments won by result 1, ``0 <= wins <= batches``.
    k : int
        The order of the U-statistic, >= 1.

    Returns
    -------
    float or ndarray of shape (...)
        (19) for each data set.

    Raises
    ------
    TypeError, ValueError
        If the counts are not whole numbers of the same shape with ``0 <= wins <=
        batches``, a data set has no judgment, or ``k < 1``.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (19), Assumption A and Theorem 4.

    Examples
    --------
    >>> round(majority_structure_risk([3], [2], 1), 4)   # result 2 won 1 of the 3 judgments
    0.3333
    >>> round(majority_structure_risk([3], [2], 2), 4)   # 1 pair of wins, 2 ties of the 3 pairs
    0.3333
    >>> majority_structure_risk([3], [2], 3)             # the whole batch: result 1's majority
    0.0
    """
    sizes = check_array(batches, "batches", dtype="int", nonnegative=True, max_size=MAX_DATA_SIZE)
    w = check_array(wins, "wins", dtype="int", nonnegative=True, max_size=MAX_DATA_SIZE)
    if sizes.ndim == 0:
        raise ValueError("batches must have one entry per query (a 1-D array or more)")
    if sizes.shape != w.shape:
        raise ValueError(f"wins must have the shape of batches, {sizes.shape}, got {w.shape}")
    if np.any(w > sizes):
        raise ValueError("wins must not exceed batches (result 1 wins at most every judgment)")
    n = sizes.sum(axis=-1)
    if np.any(n == 0):
        raise ValueError("batches must hold at least one judgment per data set")
    order = check_int(k, "k", minimum=1, maximum=2**53)
    k_eff = np.minimum(order, sizes)  # a batch smaller than k is one term of all its judgments
    seen = sizes > 0
    below = np.where(
        seen,
        hypergeom.cdf(np.ceil(k_eff / 2) - 1, np.maximum(sizes, 1), w, np.maximum(k_eff, 1)),
        0.0,
    )
    tie = np.where(
        seen & (k_eff % 2 == 0),
        hypergeom.pmf(k_eff // 2, np.maximum(sizes, 1), w, np.maximum(k_eff, 1)),
        0.0,
    )
    risk = (sizes * (below + tie / 2)).sum(axis=-1) / n
    return float(risk) if np.ndim(risk) == 0 else risk
