"""Measures of a ranked list (chapter 01): precision@k, AP and MAP, DCG and NDCG, ERR.

Every measure takes ``y_true`` (relevance of each document: binary labels or
non-negative grades) and ``y_score`` (scores, higher is ranked higher), for one
query (1-D) or a batch of equal-length queries (2-D; a 1-D argument is shared by
every row of the other).  Tied scores are resolved by averaging: a measure
returns its expected value when the tied documents are put in a uniformly random
order (McSherry and Najork, 2008), which for DCG / NDCG is scikit-learn's
convention.  A permutation ``sigma`` is passed as ``-sigma``.

References
----------
Seed 000 ("The problem of ranking"), seed 001 ("NDCG"), seed 002 ("A survey of
ranking algorithms"); Duchi, Mackey and Jordan (2013), eqs. (14) and (16);
Mohri et al. (2018), section 10.7; Chapelle et al. (2009) for ERR.
"""

from __future__ import annotations

import numpy as np
from scipy.special import digamma

from rankviz._queries import (
    CUTOFF_LIMIT,
    check_k,
    check_queries,
    cutoff_weights,
    expected_hits_at_relevant,
    finish,
    is_ragged,
    no_relevant,
    positional_sum,
    sort_queries_by_score,
)
from rankviz._validation import (
    as_query_array,
    check_array,
    check_choice,
    check_int,
    check_real,
    round_finite,
)

__all__ = [
    "ERR_SATISFACTION",
    "GAINS",
    "MAX_CASCADE_ENTRIES",
    "MAX_COMPARED",
    "MAX_CUTOFF",
    "MAX_ERR_TIES",
    "MAX_POSITIONS",
    "NO_RELEVANT",
    "average_precision",
    "cascade_utility",
    "dcg",
    "dcg_discounts",
    "dcg_gains",
    "err",
    "mean_average_precision",
    "mean_precision_up_to_k",
    "ndcg",
    "oppositely_ordered_pairs",
    "precision_at_k",
]

#: Largest cut-off ``k`` a measure accepts (beyond it, ``1 / k`` and ``k`` itself lose their
#: exactness as floats).  A cut-off beyond the list length ``n`` is allowed: the missing
#: documents count as irrelevant.
MAX_CUTOFF = CUTOFF_LIMIT

#: Largest ``n_positions`` of :func:`dcg_discounts` (an array of 10**8 floats is 800 MB).
MAX_POSITIONS = 10**8

#: Beyond this many cut-offs past the list, :func:`mean_precision_up_to_k` sums the tail of
#: the harmonic series in closed form (digamma) instead of term by term.
_EXACT_TAIL = 10**6

#: :func:`err` averages exactly over the orders of tied documents, at a cost growing as the
#: cube of a tie group's size: the cubed sizes of the tie groups within the cut-off may sum
#: to at most ``MAX_ERR_TIES**3`` (one group of 400 documents takes about half a second).
MAX_ERR_TIES = 400

#: Most satisfaction probabilities :func:`cascade_utility` takes in one call (80 MB of floats).
MAX_CASCADE_ENTRIES = 10**7

#: Most lists :func:`oppositely_ordered_pairs` compares (it forms all ordered pairs at once).
MAX_COMPARED = 5000

#: Gain functions of :func:`dcg` and :func:`ndcg`: ``2**y - 1`` or ``y``.
GAINS = ("exponential", "linear")

#: What :func:`average_precision` and :func:`ndcg` return for a query without
#: any relevant document, where they are 0 / 0.
NO_RELEVANT = ("raise", "nan", "zero")

#: How :func:`err` turns ``y_true`` into the probability that a document satisfies
#: the user: Chapelle et al.'s ``(2**y - 1) / 2**max_grade``, or given directly.
ERR_SATISFACTION = ("exponential", "given")


def _check_no_overflow(values: np.ndarray, what: str) -> None:
    """Grades near the largest float make a sum of gains overflow: say so, naming y_true."""
    if not np.isfinite(values).all():
        raise ValueError(f"y_true grades are too large: the {what} overflows to infinity")


def precision_at_k(y_true, y_score, k=None):
    """Precision at ``k``: the fraction of relevant documents among the top ``k``.

    ``Prec@k(sigma, y) = (1 / k) sum_{i : sigma(i) <= k} y_i`` with 1-based
    positions.  It is Duchi et al.'s family (14) with gain ``G(s) = s`` and
    discount ``F(j) = 1`` for ``j <= k``, ``+inf`` beyond.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans), one row per query.
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher (a permutation ``sigma`` is passed as
        ``-sigma``).  A 1-D argument is shared by every row of a 2-D one.
    k : int, optional
        The cut-off, ``1 <= k <= MAX_CUTOFF``; by default the whole list.  For ``k > n`` the
        denominator stays ``k`` (the convention of trec_eval): missing documents
        count as irrelevant.

    Returns
    -------
    float or ndarray of shape (q,)
        One value per query when an input is 2-D.  Tied scores: the expected
        precision when tied documents are put in a uniformly random order.

    Raises
    ------
    ValueError
        If the labels are not binary, an input holds NaN or infinite values, the
        shapes disagree, or ``k < 1``.
    TypeError
        If an input is not numeric or ``k`` is not an integer.

    References
    ----------
    Seed 000 ("The problem of ranking"), Prec@r; seed 002, section 3.1
    (``1 - Prec@q`` as a loss); Duchi, Mackey and Jordan (2013), eq. (14);
    Mohri et al. (2018), section 10.7.

    Examples
    --------
    >>> precision_at_k([1, 0, 1, 0], [0.9, 0.8, 0.1, 0.4], k=2)
    0.5
    >>> precision_at_k([1, 0, 1, 0], [[4, 3, 2, 1], [1, 2, 3, 4]], k=2)   # two rankings
    array([0.5, 0.5])
    >>> precision_at_k([1, 0, 0], [1.0, 1.0, 0.0], k=1)   # the top is a coin flip between 0 and 1
    0.5
    """
    y, score, batched = check_queries(y_true, y_score, binary=True)
    n = y.shape[1]
    k = check_k(k, n)
    return finish(positional_sum(y, score, cutoff_weights(n, k)) / k, batched)


def mean_precision_up_to_k(y_true, y_score, k=None):
    """The mean of Prec@r over the cut-offs ``r = 1, ..., k`` (the draft's "AvgPrec@K").

    ``(1 / k) sum_{r=1}^{k} Prec@r``.  Seed 000 calls this AvgPrec@K and calls
    average precision its non-truncated version; it is *not* the usual average
    precision (:func:`average_precision`), which averages Prec@r only over the
    positions ``r`` that hold a relevant document.  The two differ even on the
    ideal ranking: this one is below 1 as soon as an irrelevant document exists
    and ``k`` reaches past the relevant ones.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans).
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher.
    k : int, optional
        The last cut-off, ``1 <= k <= MAX_CUTOFF``; by default ``n``.  Cut-offs beyond ``n``
        have the precision of the whole list scaled by ``n / r`` (missing documents
        count as irrelevant, as in :func:`precision_at_k`).

    Returns
    -------
    float or ndarray of shape (q,)
        Tied scores: the expectation under a uniformly random order of the ties.

    Raises
    ------
    ValueError, TypeError
        As :func:`precision_at_k`.

    References
    ----------
    Seed 000 ("The problem of ranking"), AvgPrec@K.

    Examples
    --------
    >>> y, ideal = [1, 0, 0], [3, 2, 1]
    >>> mean_precision_up_to_k(y, ideal)          # (1 + 1/2 + 1/3) / 3
    0.6111
    >>> average_precision(y, ideal)
    1.0
    """
    y, score, batched = check_queries(y_true, y_score, binary=True)
    n = y.shape[1]
    k = check_k(k, n)
    # sum_{r<=k} (1/r) sum_{s<=r} y_s = sum_s y_s * sum_{r=s}^{k} 1/r
    m = min(n, k)
    if k - m <= _EXACT_TAIL:
        harmonic = np.cumsum(1.0 / np.arange(1, k + 1)[::-1])[::-1]  # sum_{r=s}^{k} 1/r
    else:  # k far beyond the list: sum_{r=n+1}^{k} 1/r = psi(k + 1) - psi(n + 1)
        tail = float(digamma(k + 1.0) - digamma(m + 1.0))
        harmonic = np.cumsum(1.0 / np.arange(1, m + 1)[::-1])[::-1] + tail
    weights = np.zeros(n)
    weights[:m] = harmonic[:m]
    return finish(positional_sum(y, score, weights) / k, batched)


def average_precision(y_true, y_score, k=None, *, if_no_relevant="raise"):
    """Average precision: the mean of Prec@r over the positions r of the relevant documents.

    ``AP(sigma, y) = (1 / |y|) sum_{i : y_i = 1} Prec@sigma(i)`` with 1-based
    positions, where ``|y|`` is the number of relevant documents; equivalently
    the area under the step precision-recall curve.  With a cut-off ``k``, only
    positions ``<= k`` contribute and the sum is divided by ``min(k, |y|)``, so
    that the ideal ranking scores 1 at every ``k``.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans).
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher.
    k : int, optional
        The cut-off, ``1 <= k <= MAX_CUTOFF``; by default the whole list.
    if_no_relevant : {"raise", "nan", "zero"}, default "raise"
        What to do with a query that has no relevant document (AP is 0 / 0).

    Returns
    -------
    float or ndarray of shape (q,)
        Tied scores: the expected AP when tied documents are put in a uniformly
        random order (McSherry and Najork, 2008).  This differs from
        ``sklearn.metrics.average_precision_score``, which treats a tie group as
        one threshold; without ties the two agree.

    Raises
    ------
    ValueError
        As :func:`precision_at_k`; or a query has no relevant document and
        ``if_no_relevant="raise"``; or ``if_no_relevant`` is unknown.
    TypeError
        As :func:`precision_at_k`.

    References
    ----------
    Seed 002 ("A survey of ranking algorithms"), section 3.2, the MAP loss (whose
    inner sum must run over ``sigma(j) <= sigma(i)``); seed 000, AvgPrec/MAP;
    Mohri et al. (2018), section 10.7; McSherry and Najork (2008), ECIR, for ties.

    Examples
    --------
    >>> average_precision([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])   # (1/1 + 2/3) / 2
    0.8333333333333333
    >>> average_precision([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1], k=2)   # (1/1) / min(2, 2)
    0.5
    >>> average_precision([[0, 0, 1], [1, 0, 1]], [3, 2, 1], if_no_relevant="nan")
    array([0.3333, 0.8333])
    """
    mode = check_choice(if_no_relevant, "if_no_relevant", NO_RELEVANT)
    y, score, batched = check_queries(y_true, y_score, binary=True)
    n = y.shape[1]
    k = check_k(k, n)
    sorted_rel, tied = sort_queries_by_score(y, score)
    expected = expected_hits_at_relevant(sorted_rel, tied)[:, :k]
    total = np.minimum(y.sum(axis=1), k)
    with np.errstate(invalid="ignore", divide="ignore"):
        values = (expected / np.arange(1, expected.shape[1] + 1)).sum(axis=1) / total
    return finish(no_relevant(values, total == 0, mode, "average precision"), batched)


def mean_average_precision(y_true, y_score, k=None, *, if_no_relevant="raise"):
    """Mean average precision (MAP): :func:`average_precision` averaged over queries.

    ``MAP = (1 / m) sum_{i=1}^{m} AP(sigma_i, y_i)``: each query ``i`` has its own
    ranking ``sigma_i`` (seed 000 writes one ``sigma`` for all queries, which only
    makes sense when every query ranks the same documents).

    Parameters
    ----------
    y_true : array_like of shape (q, n), or a sequence of q 1-D arrays
        Binary relevance labels of each query; queries may have different numbers
        of documents when given as a list of arrays.  A 1-D array is one query.
    y_score : array_like of shape (q, n), or a sequence of q 1-D arrays
        Scores, matching ``y_true`` query by query.
    k : int, optional
        The cut-off of every query's AP, as in :func:`average_precision`.
    if_no_relevant : {"raise", "skip", "zero"}, default "raise"
        A query without relevant documents raises, is left out of the mean, or
        counts as AP = 0 (what trec_eval does with a judged query that has no
        relevant document; see :func:`rankviz.retrieval_measures.average_over_queries`).

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`average_precision`; or the numbers of queries differ; or every
        query is skipped.
    TypeError
        As :func:`average_precision`.

    References
    ----------
    Seed 000 ("The problem of ranking"), MAP; seed 002, section 3.2.

    Examples
    --------
    >>> mean_average_precision([[1, 0, 1], [0, 1, 0]], [[3, 2, 1], [3, 2, 1]])  # (5/6 + 1/2) / 2
    0.6666666666666666
    >>> mean_average_precision([[1, 0], [0, 0, 1]], [[2, 1], [3, 2, 1]])         # ragged
    0.6666666666666666
    """
    mode = check_choice(if_no_relevant, "if_no_relevant", ("raise", "skip", "zero"))
    per_query = {"raise": "raise", "skip": "nan", "zero": "zero"}[mode]
    if is_ragged(y_true) or is_ragged(y_score):
        if not isinstance(y_true, (list, tuple)) or not isinstance(y_score, (list, tuple)):
            raise ValueError(
                "y_true and y_score must both be sequences of queries when the "
                "queries have different lengths"
            )
        if len(y_true) != len(y_score):
            raise ValueError(
                f"y_true and y_score must have the same number of queries, got "
                f"{len(y_true)} and {len(y_score)}"
            )
        if len(y_true) == 0:
            raise ValueError("y_true is empty")
        values = np.array(
            [
                average_precision(np.asarray(t), np.asarray(s), k, if_no_relevant=per_query)
                for t, s in zip(y_true, y_score, strict=True)
            ]
        )
    else:
        values = np.atleast_1d(average_precision(y_true, y_score, k, if_no_relevant=per_query))
    values = values[~np.isnan(values)]
    if values.size == 0:
        raise ValueError("y_true has no query with a relevant document: MAP is undefined")
    return float(values.mean())


def dcg_gains(y_true, gain="exponential"):
    """The gain ``G(y)`` of each relevance grade: ``2**y - 1`` or ``y``.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Non-negative relevance grades.
    gain : {"exponential", "linear"}, default "exponential"
        ``G(y) = 2**y - 1`` (Järvelin and Kekäläinen's choice, standard for
        NDCG) or ``G(y) = y`` (scikit-learn's ``dcg_score``; Mohri et al., 10.7).

    Returns
    -------
    ndarray of the shape of ``y_true``

    Raises
    ------
    ValueError
        If a grade is negative, NaN or infinite, or too large for the exponential
        gain to be finite, or ``gain`` is unknown.
    TypeError
        If ``y_true`` is not numeric.

    References
    ----------
    Seed 000, DCG@K; Duchi, Mackey and Jordan (2013), eq. (14).

    Examples
    --------
    >>> dcg_gains([0, 1, 2, 3])
    array([0., 1., 3., 7.])
    >>> dcg_gains([0, 1, 2, 3], gain="linear")
    array([0., 1., 2., 3.])
    """
    kind = check_choice(gain, "gain", GAINS)
    grades, batched = as_query_array(y_true, "y_true")
    if (grades < 0).any():
        raise ValueError(
            f"y_true must hold non-negative relevance grades (the gain of a "
            f"negative grade is undefined); found {grades.min():g}"
        )
    values = _gain(grades, kind)
    return values if batched else values[0]


def _gain(grades: np.ndarray, kind: str) -> np.ndarray:
    if kind == "linear":
        return grades
    if grades.max() >= 1000:
        raise ValueError(
            f"y_true grade {grades.max():g} is too large for the exponential "
            f"gain 2**y - 1 (overflow); use gain='linear'"
        )
    return np.exp2(grades) - 1.0


def dcg_discounts(n_positions, log_base=2):
    """The discount weights ``1 / log_b(1 + r)`` of the positions ``r = 1, ..., n``.

    DCG divides the gain at 1-based position ``r`` by ``D(r) = log_b(1 + r)``;
    this returns ``1 / D(r)``.  With 0-based positions ``sigma(i)`` the same
    weight is ``1 / log_b(2 + sigma(i))``; written ``log(1 + sigma(i))`` with a
    0-based sigma, the top position would get ``1 / log 1``, an infinite weight.

    Parameters
    ----------
    n_positions : int
        Number of positions, ``1 <= n_positions <= MAX_POSITIONS``.
    log_base : float, default 2
        Base ``b > 1`` of the logarithm.  Changing it scales every weight by the
        same factor ``log(b) / log(2)``: DCG changes, NDCG does not.

    Returns
    -------
    ndarray of shape (n_positions,)
        Decreasing weights, the first equal to ``1 / log_b(2)`` (1 for base 2).

    Raises
    ------
    ValueError, TypeError
        If ``n_positions`` is not an integer in ``[1, MAX_POSITIONS]`` or ``log_base`` is
        not a real > 1.

    References
    ----------
    Seed 000, DCG@K (discount ``log(1 + r)``, base unstated); Duchi, Mackey and
    Jordan (2013), eq. (14) (``F(j) = log(1 + j)``).

    Examples
    --------
    >>> dcg_discounts(4)
    array([1.   , 0.631, 0.5  , 0.431])
    """
    n = check_int(n_positions, "n_positions", minimum=1, maximum=MAX_POSITIONS)
    base = check_real(log_base, "log_base")
    if base <= 1:
        raise ValueError(f"log_base must be > 1, got {base}")
    return np.log(base) / np.log1p(np.arange(1, n + 1))


def dcg(y_true, y_score, k=None, *, gain="exponential", log_base=2):
    """Discounted cumulative gain at ``k``.

    ``DCG@k(sigma, y) = sum_{r=1}^{k} G(y_{sigma^{-1}(r)}) / log_b(1 + r)
    = sum_{i : sigma(i) <= k} G(y_i) / log_b(1 + sigma(i))`` (1-based positions).

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Non-negative relevance grades.
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher; a permutation ``sigma`` is passed as
        ``-sigma``.  A 1-D argument is shared by every row of a 2-D one.
    k : int, optional
        The cut-off, ``1 <= k <= MAX_CUTOFF``; by default the whole list.
    gain : {"exponential", "linear"}, default "exponential"
        ``G(y) = 2**y - 1`` or ``G(y) = y`` (the latter is scikit-learn's).
    log_base : float, default 2
        Base of the logarithm in the discount (see :func:`dcg_discounts`).

    Returns
    -------
    float or ndarray of shape (q,)
        Tied scores: the average over all orders of the tied documents, as
        ``sklearn.metrics.dcg_score`` computes it (each document of a tie group
        gets the group's mean gain).

    Raises
    ------
    ValueError
        If a grade is negative, an input holds NaN or infinite values, the shapes
        disagree, ``k < 1``, ``log_base <= 1`` or ``gain`` is unknown.
    TypeError
        If an input is not numeric or ``k`` is not an integer.

    References
    ----------
    Seed 000 ("The problem of ranking") and seed 001 ("NDCG"), DCG@K;
    Duchi, Mackey and Jordan (2013), eq. (14); Järvelin and Kekäläinen (2002);
    McSherry and Najork (2008) for ties.

    Examples
    --------
    >>> y = [3, 2, 0, 1]
    >>> dcg(y, [4, 3, 2, 1])                   # 7/1 + 3/log2(3) + 0 + 1/log2(5)
    9.3235
    >>> dcg(y, [4, 3, 2, 1], k=2, gain="linear")   # 3 + 2/log2(3)
    4.2619
    """
    kind = check_choice(gain, "gain", GAINS)
    y, score, batched = check_queries(y_true, y_score, binary=False)
    n = y.shape[1]
    weights = dcg_discounts(n, log_base) * cutoff_weights(n, check_k(k, n))
    values = positional_sum(_gain(y, kind), score, weights)
    _check_no_overflow(values, "DCG")
    return finish(values, batched)


def ndcg(y_true, y_score, k=None, *, gain="exponential", log_base=2, if_no_relevant="raise"):
    """Normalized discounted cumulative gain: DCG@k over its maximum over all rankings.

    ``NDCG@k(sigma, y) = DCG@k(sigma, y) / N_k(y)`` with the normalizer
    ``N_k(y) = max_{sigma'} DCG@k(sigma', y)``, which sorting the documents by
    decreasing grade attains.  (Seeds 000 and 001 write ``N(y)`` as
    ``DCG(sigma, y) / max DCG``, which is NDCG itself: dividing by it would give
    ``max DCG`` for every ranking.)

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Non-negative relevance grades.
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher.
    k : int, optional
        The cut-off, ``1 <= k <= MAX_CUTOFF``; by default the whole list.
    gain : {"exponential", "linear"}, default "exponential"
        As in :func:`dcg`.
    log_base : float, default 2
        As in :func:`dcg`; NDCG does not depend on it.
    if_no_relevant : {"raise", "nan", "zero"}, default "raise"
        What to do when every grade of a query is 0 (NDCG is 0 / 0);
        scikit-learn's ``ndcg_score`` uses 0.

    Returns
    -------
    float or ndarray of shape (q,)
        In [0, 1]; 1 for any ranking that sorts the top ``k`` by grade.  Tied
        scores are averaged over their orders, as in :func:`dcg`.

    Raises
    ------
    ValueError, TypeError
        As :func:`dcg`; or a query has only zero grades and
        ``if_no_relevant="raise"``.

    References
    ----------
    Seed 000 and seed 001 ("NDCG"); Duchi, Mackey and Jordan (2013), eq. (14),
    where ``L = 1 - NDCG`` and ``Z(s)`` is the normalizer.

    Examples
    --------
    >>> ndcg([3, 2, 0, 1], [4, 3, 2, 1])     # DCG 9.323 over the ideal 9.393
    0.9926
    >>> ndcg([3, 2, 0, 1], [[4, 3, 1, 2], [1, 2, 3, 4]], gain="linear")
    array([1.    , 0.6913])
    """
    mode = check_choice(if_no_relevant, "if_no_relevant", NO_RELEVANT)
    kind = check_choice(gain, "gain", GAINS)
    y, score, batched = check_queries(y_true, y_score, binary=False)
    n = y.shape[1]
    weights = dcg_discounts(n, log_base) * cutoff_weights(n, check_k(k, n))
    gains = _gain(y, kind)
    achieved = positional_sum(gains, score, weights)
    _check_no_overflow(achieved, "DCG")
    with np.errstate(over="ignore"):
        if gains.shape[0] > 1 and np.ndim(y_true) == 1:  # one label vector shared by all rows
            ideal = np.full(gains.shape[0], -np.sort(-gains[0]) @ weights)
        else:
            ideal = -np.sort(-gains, axis=1) @ weights
    _check_no_overflow(ideal, "ideal DCG")
    with np.errstate(invalid="ignore", divide="ignore"):
        values = achieved / ideal
    return finish(no_relevant(values, ideal == 0, mode, "NDCG"), batched)


def _mean_subset_products(q: np.ndarray) -> np.ndarray:
    """``M[x, j]``: the mean over the j-subsets S of the items other than x of ``prod_S q``.

    Built one item at a time with ``A'_j = ((m + 1 - j) A_j + j q A_{j-1}) / (m + 1)``
    (a convex combination, so it stays in [0, 1] and is numerically stable).
    """
    g = q.size
    means = np.zeros((g, g))
    means[:, 0] = 1.0
    added = np.zeros(g)
    j = np.arange(g)
    for i in range(g):
        rows = np.arange(g) != i
        m1 = added[rows][:, None] + 1.0
        old = means[rows]
        new = (m1 - j) / m1 * old
        new[:, 1:] += j[1:] / m1 * q[i] * old[:, :-1]
        means[rows] = new
        added[rows] += 1.0
    return means


def _tied_err_correction(
    p_sorted: np.ndarray, before: np.ndarray, tied: np.ndarray, weights: np.ndarray
) -> np.ndarray:
    """Expected-minus-actual ERR contribution of every tie group, per row.

    Within a tie group of size g starting at position a, the item at offset j
    (0-based) stops the user with expected probability ``P(none above) *
    (1 / g) sum_x p_x M[x, j]`` over uniformly random orders of the group.
    """
    correction = np.zeros(p_sorted.shape[0])
    groups = []  # (row, start, end) of every tie group that reaches into the cut-off
    for row in np.flatnonzero(tied.any(axis=1)):
        starts = np.flatnonzero(np.r_[True, ~tied[row]])
        ends = np.r_[starts[1:], p_sorted.shape[1]]
        groups += [
            (row, a, b) for a, b in zip(starts, ends, strict=True) if b - a >= 2 and weights[a] != 0
        ]
    work = sum(float(b - a) ** 3 for _, a, b in groups)
    if work > float(MAX_ERR_TIES) ** 3:
        largest = max(b - a for _, a, b in groups)
        raise ValueError(
            f"y_score ties too many documents for the exact ERR over tie orders "
            f"(largest tie group {largest}; the cost grows as the sum of the cubed "
            f"group sizes, limited to MAX_ERR_TIES**3 with MAX_ERR_TIES = "
            f"{MAX_ERR_TIES}); break the ties or lower k"
        )
    for row, a, b in groups:
        p = p_sorted[row, a:b]
        expected_stop = before[row, a] * (p @ _mean_subset_products(1.0 - p)) / (b - a)
        actual_stop = p * before[row, a:b]
        correction[row] += (expected_stop - actual_stop) @ weights[a:b]
    return correction


def err(y_true, y_score, k=None, *, max_grade=None, satisfaction="exponential"):
    """Expected reciprocal rank under the cascade model.

    A user scans the list from the top and stops at the first document that
    satisfies them; the document at 1-based position r does so with probability
    ``R_r``, independently.  ERR is the expected value of ``1 / (stopping
    position)`` (0 if the user never stops within the first ``k``):

    ``ERR@k = sum_{r=1}^{k} (1 / r) R_r prod_{s<r} (1 - R_s)``,

    i.e. ``1 - L`` for Duchi et al.'s loss (16) with ``F(r) = r`` and ``G = R``.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Non-negative relevance grades (or, with ``satisfaction="given"``, the
        probabilities ``R`` themselves, in [0, 1]).
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher; a permutation ``sigma`` is passed as
        ``-sigma``.
    k : int, optional
        The cut-off, ``1 <= k <= MAX_CUTOFF``; by default the whole list.
    max_grade : float, optional
        The top grade of the relevance scale, ``0 <= max_grade < 1000``, for
        ``R = (2**y - 1) / 2**max_grade`` (Chapelle et al., 2009).  By default each
        query's largest grade; pass the scale's maximum to compare queries.
    satisfaction : {"exponential", "given"}, default "exponential"
        How ``R`` is obtained from ``y_true``: Chapelle et al.'s formula above, or
        ``R = y_true`` directly (then ``max_grade`` must be None).

    Returns
    -------
    float or ndarray of shape (q,)
        In [0, 1].  Tied scores: the expected ERR when tied documents are put in a
        uniformly random order (exact; a tie group of size g costs O(g^3)).

    Raises
    ------
    ValueError
        If a grade is negative or above ``max_grade``, a given probability is
        outside [0, 1], an input holds NaN or infinite values, the shapes
        disagree, ``k < 1``, ``satisfaction`` is unknown, or the tie groups of
        ``y_score`` within the cut-off exceed ``MAX_ERR_TIES`` (see there).
    TypeError
        If an input is not numeric or ``k`` is not an integer.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (16) and Lemma 1; Chapelle, Metzler,
    Zhang and Grinspan (2009), "Expected reciprocal rank for graded relevance".

    Examples
    --------
    >>> err([1.0, 0.5, 0.0], [3, 2, 1], satisfaction="given")   # 1 * 1: the top always satisfies
    1.0
    >>> err([0.5, 0.5, 0.0], [3, 2, 1], satisfaction="given")   # 0.5 / 1 + 0.5 * 0.5 / 2
    0.625
    >>> err([2, 1, 0], [3, 2, 1])     # R = (3/4, 1/4, 0): 3/4 + (1/4)(1/4)/2
    0.78125
    """
    mode = check_choice(satisfaction, "satisfaction", ERR_SATISFACTION)
    y, score, batched = check_queries(y_true, y_score, binary=False)
    n = y.shape[1]
    weights = cutoff_weights(n, check_k(k, n)) / np.arange(1, n + 1)
    if mode == "given":
        if max_grade is not None:
            raise ValueError("max_grade must be None when satisfaction='given'")
        if (y > 1).any():
            raise ValueError(
                f"y_true must hold probabilities in [0, 1] when "
                f"satisfaction='given'; found {y.max():g}"
            )
        p = y
    else:
        if max_grade is None:
            top = y.max(axis=1, keepdims=True)
        else:
            top = check_real(max_grade, "max_grade", nonnegative=True)
            if top >= 1000:
                raise ValueError(f"max_grade must be < 1000 (2**max_grade overflows), got {top:g}")
            if (y > top).any():
                raise ValueError(f"y_true holds grade {y.max():g} above max_grade {top:g}")
        if np.max(top) >= 1000:
            raise ValueError("y_true grades are too large for 2**y (overflow)")
        p = (np.exp2(y) - 1.0) / np.exp2(top)
    p_sorted, tied = sort_queries_by_score(p, score)
    survive = np.cumprod(1.0 - p_sorted, axis=1)
    before = np.ones_like(p_sorted)
    before[:, 1:] = survive[:, :-1]  # probability that no document above position r satisfies
    values = (p_sorted * before) @ weights
    if tied.any():
        values = values + _tied_err_correction(p_sorted, before, tied, weights)
    return finish(values, batched)


def oppositely_ordered_pairs(first, second, decimals=9):
    """The ordered pairs of lists that two measures rank in opposite ways.

    Given the values ``first[a]`` and ``second[a]`` of two measures on the same
    lists ``a = 0, ..., m - 1``, return every ordered pair ``(a, b)`` with
    ``first[a] > first[b]`` but ``second[a] < second[b]``.  Both are rounded to
    ``decimals`` places first, so that values equal in exact arithmetic but
    computed along different paths stay tied instead of deciding by rounding noise.

    Parameters
    ----------
    first, second : array_like of float, shape (m,)
        Finite values of two measures on the same ``m <= MAX_COMPARED`` lists
        (integers too, e.g. exact values times a common denominator).
    decimals : int, default 9
        Decimal places kept before comparing, ``0 <= decimals <= 15``.

    Returns
    -------
    ndarray of int64, shape (p, 2)
        The pairs ``(a, b)``, in increasing order of ``a`` then ``b``; each
        disagreement appears once (``(b, a)`` is not listed too).

    Raises
    ------
    ValueError, TypeError
        If ``first`` or ``second`` is not a finite 1-D array, their lengths differ,
        they hold more than ``MAX_COMPARED`` values, or ``decimals`` is out of range.

    Examples
    --------
    >>> oppositely_ordered_pairs([0.9, 0.5, 0.1], [0.2, 0.4, 0.1])   # lists 0 and 1 swap
    array([[0, 1]])
    >>> len(oppositely_ordered_pairs([1, 2, 3], [10, 20, 30]))
    0
    """
    a = check_array(first, "first", ndim=1, max_size=MAX_COMPARED)
    b = check_array(second, "second", ndim=1, max_size=MAX_COMPARED)
    if a.shape != b.shape:
        raise ValueError(f"first and second must have the same length, got {a.size} and {b.size}")
    decimals = check_int(decimals, "decimals", minimum=0, maximum=15)
    a, b = round_finite(a, decimals), round_finite(b, decimals)
    return np.argwhere((a[:, None] > a[None, :]) & (b[:, None] < b[None, :]))


def cascade_utility(satisfaction, position_weights):
    """The cascade model's utility of lists: ``sum_r w_r R_r prod_{s<r} (1 - R_s)``.

    A user reads a list from the top and stops at the first document that
    satisfies them; the document at 1-based position ``r`` does so with probability
    ``R_r``, independently, and stopping there earns ``w_r``.  The utility is the
    expected earning.  With ``w_r = 1 / r`` it is ERR (:func:`err` with
    ``satisfaction="given"``), with ``w_r = 1 / F(r)`` it is ``1 - L`` for Duchi et
    al.'s loss family (16).  Unlike :func:`err` it takes the lists already sorted
    top-down, any weights, and any number of leading dimensions, so that all
    rankings of many satisfaction vectors can be scored at once.

    Parameters
    ----------
    satisfaction : array_like of float, shape (..., n)
        ``R`` of each list's documents in the order shown, position 1 first; each in
        [0, 1]; at most ``MAX_CASCADE_ENTRIES`` values in all.
    position_weights : array_like of float, shape (n,)
        Finite weights ``w_1, ..., w_n`` of the positions.

    Returns
    -------
    float or ndarray of float64, shape (...)
        The utility of each list.

    Raises
    ------
    ValueError, TypeError
        If ``satisfaction`` is not numeric, has no dimension, holds a value outside
        [0, 1] or too many values, or ``position_weights`` is not a finite vector of
        the lists' length.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (16) and Lemma 1; Chapelle, Metzler, Zhang
    and Grinspan (2009).

    Examples
    --------
    >>> cascade_utility([0.5, 0.5], [1.0, 0.5])     # 0.5 * 1 + 0.5 * 0.5 * 0.5
    0.625
    >>> cascade_utility([[1.0, 0.3], [0.3, 1.0]], [1.0, 0.5])   # the certain document first, second
    array([1.  , 0.65])
    """
    R = check_array(satisfaction, "satisfaction", bounds=(0.0, 1.0), max_size=MAX_CASCADE_ENTRIES)
    if R.ndim == 0:
        raise ValueError("satisfaction must hold at least one list (an array of shape (..., n))")
    w = check_array(position_weights, "position_weights", ndim=1, shape=(R.shape[-1],))
    not_yet_satisfied = np.cumprod(1 - R, axis=-1)
    reach = np.concatenate([np.ones((*R.shape[:-1], 1)), not_yet_satisfied[..., :-1]], axis=-1)
    values = (R * reach * w).sum(axis=-1)
    return float(values) if values.ndim == 0 else values
