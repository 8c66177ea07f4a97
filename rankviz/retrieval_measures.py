"""What retrieval evaluations report (chapter 01): reciprocal rank, recall@k, R-precision, averages.

How a measure is averaged over a set of queries is part of the measure.

The per-query measures follow :mod:`rankviz.measures`: ``y_true`` holds binary relevance
labels, ``y_score`` the scores (higher is ranked higher), for one query (1-D) or a batch of
equal-length queries (2-D; a 1-D argument is shared by every row of the other), and tied
scores give the measure's expected value when the tied documents are put in a uniformly random
order, computed exactly.  A permutation ``sigma`` is passed as ``-sigma``.

:func:`average_over_queries` averages any of six measures over a set of queries, possibly of
different sizes, in the two ways evaluation campaigns use: *macro* (the mean of the per-query
values: every query weighs the same) and *micro* (the ratio of the summed numerators to the
summed denominators: every relevant document, or every cut-off slot, weighs the same), and
says what a query without any relevant document does to the average: raise, leave it out
(``"skip"``) or count it as 0 (``"zero"``, what trec_eval does with a judged query that has no
relevant document).  The average precision it averages, cut off at ``k``, divides by
``min(k, R)`` (the convention of :func:`rankviz.measures.average_precision`), while trec_eval's
``map_cut.k`` divides by ``R``: with ``k < R`` the two differ.

References
----------
Voorhees (1999), the TREC-8 question answering track, for the (mean) reciprocal rank;
Manning, Raghavan and Schütze (2008), sections 8.3-8.4 (recall, R-precision, MAP) and 13.6
(macro- and micro-averaging); Buckley and Voorhees (2000) for R-precision; trec_eval's
``recip_rank``, ``recall.k``, ``Rprec``, ``map``, ``P.k`` and ``ndcg_cut.k`` (the tests use it
as an oracle).
"""

from __future__ import annotations

import numpy as np
from scipy.special import gammaln

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
    tie_average,
    tie_groups,
)
from rankviz._validation import check_choice, check_int
from rankviz.measures import GAINS, NO_RELEVANT, dcg_discounts, dcg_gains

__all__ = [
    "AVERAGES",
    "IF_NO_RELEVANT_IN_AVERAGE",
    "QUERY_MEASURES",
    "average_over_queries",
    "mean_reciprocal_rank",
    "r_precision",
    "recall_at_k",
    "reciprocal_rank",
]

#: The measures :func:`average_over_queries` averages, each a ratio (numerator / denominator)
#: per query: Precision@k (hits in the top k / k), recall@k (hits in the top k / relevant),
#: R-precision (hits in the top R / R), the reciprocal rank (1 / rank of the first relevant
#: document, over 1), average precision (sum of the precisions at the relevant positions up to
#: k / min(k, R)) and NDCG@k (DCG@k / ideal DCG@k).
QUERY_MEASURES = (
    "precision",
    "recall",
    "r_precision",
    "reciprocal_rank",
    "average_precision",
    "ndcg",
)

#: How :func:`average_over_queries` averages: the mean of the per-query values ("macro") or
#: the summed numerators over the summed denominators ("micro", pooled).
AVERAGES = ("macro", "micro")

#: What :func:`average_over_queries` does with a query that has no relevant document: raise,
#: leave it out of the average ("skip"), or keep it with the value 0 ("zero", trec_eval's way).
IF_NO_RELEVANT_IN_AVERAGE = ("raise", "skip", "zero")

_BINARY = {m: m != "ndcg" for m in QUERY_MEASURES}


def _first_relevant_probability(sorted_rel: np.ndarray, tied: np.ndarray) -> np.ndarray:
    """``P(the first relevant document stands at position r)`` for every (row, position).

    Only the first tie group holding a relevant document can hold the first one.  If that
    group has g documents of which t are relevant, a uniformly random order puts the first
    relevant one at offset j (0-based) with probability ``C(g - 1 - j, t - 1) / C(g, t)``:
    the j places before it are irrelevant and t - 1 of the g - 1 - j places after it hold
    the other relevant documents.
    """
    group, first, size = tie_groups(tied)
    relevant = np.bincount(group, weights=sorted_rel.ravel(), minlength=size.size)
    above = (np.cumsum(sorted_rel, axis=1) - sorted_rel).ravel()[first]
    g, t, c = size[group], relevant[group], above[group]
    j = np.arange(group.size) - first[group]
    possible = (c == 0) & (t > 0) & (j <= g - t)
    a, b = np.where(possible, g - 1 - j, 0), np.where(possible, t - 1, 0)
    log_choose_after = gammaln(a + 1) - gammaln(b + 1) - gammaln(a - b + 1)
    log_choose_group = gammaln(g + 1) - gammaln(b + 2) - gammaln(g - b)
    probability = np.where(possible, np.exp(log_choose_after - log_choose_group), 0.0)
    return probability.reshape(sorted_rel.shape)


def _fractions(y: np.ndarray, score: np.ndarray, measure: str, k, gain: str):
    """Per-query numerators and denominators of ``measure`` (rows of y, score; ties averaged).

    Returns ``(numerator, denominator, undefined)``; ``undefined`` marks the queries
    without a relevant document (all grades 0 for NDCG).
    """
    n = y.shape[1]
    k = check_k(k, n)
    relevant = y.sum(axis=1)
    undefined = relevant == 0
    top_k = cutoff_weights(n, k)
    if measure in ("precision", "recall"):
        hits = positional_sum(y, score, top_k)
        return hits, (np.full(len(y), float(k)) if measure == "precision" else relevant), undefined
    sorted_rel, tied = sort_queries_by_score(y, score)
    if measure == "r_precision":
        in_top_r = np.arange(n)[None, :] < relevant[:, None]
        return (tie_average(sorted_rel, tied) * in_top_r).sum(axis=1), relevant, undefined
    if measure == "reciprocal_rank":
        weights = top_k / np.arange(1, n + 1)
        return _first_relevant_probability(sorted_rel, tied) @ weights, 1.0 - undefined, undefined
    if measure == "average_precision":
        expected = expected_hits_at_relevant(sorted_rel, tied) * top_k / np.arange(1, n + 1)
        return expected.sum(axis=1), np.minimum(relevant, k), undefined
    gains = dcg_gains(y, gain)  # ndcg
    weights = dcg_discounts(n) * top_k
    with np.errstate(over="ignore"):
        achieved = positional_sum(gains, score, weights)
        ideal = -np.sort(-gains, axis=1) @ weights
    if not (np.isfinite(achieved).all() and np.isfinite(ideal).all()):
        raise ValueError("y_true grades are too large: the DCG overflows to infinity")
    return achieved, ideal, ideal == 0


def _per_query(y_true, y_score, measure: str, k, if_no_relevant: str, what: str):
    mode = check_choice(if_no_relevant, "if_no_relevant", NO_RELEVANT)
    y, score, batched = check_queries(y_true, y_score, binary=True)
    numerator, denominator, undefined = _fractions(y, score, measure, k, "exponential")
    with np.errstate(invalid="ignore", divide="ignore"):
        values = numerator / denominator
    return finish(no_relevant(values, undefined, mode, what), batched)


def reciprocal_rank(y_true, y_score, k=None, *, if_no_relevant="raise"):
    """Reciprocal rank: one over the position of the first relevant document (0 past ``k``).

    ``RR@k(sigma, y) = 1 / min{sigma(i) : y_i = 1}`` with 1-based positions when that
    position is at most ``k``, and 0 otherwise.  It is the first term of average precision's
    sum (the precision at the first relevant position), and equals AP when exactly one
    document is relevant.  Averaged over queries it is the mean reciprocal rank,
    :func:`mean_reciprocal_rank`.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans), one row per query.
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher (a permutation ``sigma`` is passed as ``-sigma``).
        A 1-D argument is shared by every row of a 2-D one.
    k : int, optional
        The cut-off, ``1 <= k <= MAX_CUTOFF`` of :mod:`rankviz.measures`; by default the
        whole list.
    if_no_relevant : {"raise", "nan", "zero"}, default "raise"
        What to do with a query that has no relevant document (there is no first one);
        trec_eval's ``recip_rank`` gives 0.

    Returns
    -------
    float or ndarray of shape (q,)
        In [0, 1].  Tied scores: the expected value of RR over the orders of the tied
        documents, each equally likely (which is not the reciprocal of the expected rank).

    Raises
    ------
    ValueError
        If the labels are not binary, an input holds NaN or infinite values, the shapes
        disagree, ``k < 1``, ``if_no_relevant`` is unknown, or a query has no relevant
        document and ``if_no_relevant="raise"``.
    TypeError
        If an input is not numeric or ``k`` is not an integer.

    References
    ----------
    Voorhees (1999), the TREC-8 question answering track report; trec_eval's ``recip_rank``.

    Examples
    --------
    >>> reciprocal_rank([0, 1, 0, 1], [4, 3, 2, 1])        # first relevant at position 2
    0.5
    >>> reciprocal_rank([0, 1, 0], [1.0, 1.0, 0.0])        # a coin flip: (1 + 1/2) / 2
    0.75
    >>> reciprocal_rank([[0, 0, 1], [1, 0, 0]], [3, 2, 1], k=2)   # the first is past k = 2
    array([0., 1.])
    """
    return _per_query(y_true, y_score, "reciprocal_rank", k, if_no_relevant, "the reciprocal rank")


def recall_at_k(y_true, y_score, k, *, if_no_relevant="raise"):
    """Recall at ``k``: the share of the relevant documents that the top ``k`` holds.

    ``Recall@k(sigma, y) = (1 / |y|) sum_{i : sigma(i) <= k} y_i`` with 1-based positions and
    ``|y|`` the number of relevant documents.  It has the numerator of Precision@k and the
    denominator ``|y|`` instead of ``k``, so ``k Prec@k = |y| Recall@k`` on every query: on one
    query, at one ``k``, the two order any two rankings alike; averaged over queries with
    different ``|y|`` they need not.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans).
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher.
    k : int
        The cut-off, ``1 <= k <= MAX_CUTOFF`` of :mod:`rankviz.measures`; a cut-off beyond the
        list gives recall 1.
    if_no_relevant : {"raise", "nan", "zero"}, default "raise"
        What to do with a query that has no relevant document (recall is 0 / 0); trec_eval's
        ``recall.k`` gives 0.

    Returns
    -------
    float or ndarray of shape (q,)
        In [0, 1].  Tied scores: the expected recall over uniformly random orders of the ties.

    Raises
    ------
    ValueError
        As :func:`reciprocal_rank`.
    TypeError
        As :func:`reciprocal_rank`, or ``k`` is missing (None).

    References
    ----------
    Manning, Raghavan and Schütze (2008), section 8.3; trec_eval's ``recall.k``.

    Examples
    --------
    >>> recall_at_k([1, 0, 1, 0, 1], [5, 4, 3, 2, 1], k=2)     # 1 of the 3 relevant
    0.3333
    >>> recall_at_k([1, 0, 1, 0, 1], [5, 4, 3, 2, 1], k=3)
    0.6667
    """
    check_int(k, "k", minimum=1, maximum=CUTOFF_LIMIT)
    return _per_query(y_true, y_score, "recall", k, if_no_relevant, "recall")


def r_precision(y_true, y_score, *, if_no_relevant="raise"):
    """R-precision: the precision at ``R = |y|``, the number of relevant documents.

    ``R-prec(sigma, y) = (1 / R) sum_{i : sigma(i) <= R} y_i`` (1-based positions).  It is
    Precision@R and, since the two denominators coincide at ``k = R``, also Recall@R; it is 1
    exactly on the rankings that put every relevant document first.  Unlike Precision@k it
    adapts the cut-off to the query, so that a query with many relevant documents is judged
    on a longer prefix.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans).
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher.
    if_no_relevant : {"raise", "nan", "zero"}, default "raise"
        What to do with a query that has no relevant document (R = 0, and the measure is
        0 / 0); trec_eval's ``Rprec`` gives 0.

    Returns
    -------
    float or ndarray of shape (q,)
        In [0, 1].  Tied scores: the expected value over uniformly random orders of the ties.

    Raises
    ------
    ValueError
        If the labels are not binary, an input holds NaN or infinite values, the shapes
        disagree, ``if_no_relevant`` is unknown, or a query has no relevant document and
        ``if_no_relevant="raise"``.
    TypeError
        If an input is not numeric.

    References
    ----------
    Buckley and Voorhees (2000); Manning, Raghavan and Schütze (2008), section 8.4;
    trec_eval's ``Rprec``.

    Examples
    --------
    >>> r_precision([1, 0, 1, 0, 1], [5, 4, 3, 2, 1])     # 2 of the top 3
    0.6667
    >>> r_precision([[1, 0], [0, 1]], [2, 1])             # R = 1: is the top relevant?
    array([1., 0.])
    """
    return _per_query(y_true, y_score, "r_precision", None, if_no_relevant, "R-precision")


def _as_query_list(y_true, y_score):
    """The queries as pairs of 1-D arrays (ragged lists) or as one batch (None)."""
    if not (is_ragged(y_true) or is_ragged(y_score)):
        return None
    if not isinstance(y_true, (list, tuple)) or not isinstance(y_score, (list, tuple)):
        raise ValueError(
            "y_true and y_score must both be sequences of queries when the queries have "
            "different lengths"
        )
    if len(y_true) != len(y_score):
        raise ValueError(
            f"y_true and y_score must have the same number of queries, got {len(y_true)} "
            f"and {len(y_score)}"
        )
    return list(zip(y_true, y_score, strict=True))


def average_over_queries(
    y_true,
    y_score,
    measure,
    k=None,
    *,
    average="macro",
    if_no_relevant="raise",
    gain="exponential",
):
    """A measure averaged over a set of queries: macro (per-query mean) or micro (pooled).

    Every measure of :data:`QUERY_MEASURES` is a ratio per query, ``a_q / b_q`` (see there).
    The macro average is ``(1 / Q) sum_q a_q / b_q``: each query weighs the same.  The micro
    average is ``sum_q a_q / sum_q b_q``: each unit of the denominator (a relevant document
    for recall and R-precision, a cut-off slot for Precision@k) weighs the same, so queries
    with many relevant documents weigh more.  For Precision@k the two coincide (every
    ``b_q = k``).

    A query without a relevant document has an undefined recall, R-precision, reciprocal
    rank, AP and NDCG (0 / 0) and Precision@k 0.  ``if_no_relevant="skip"`` leaves such
    queries out of the average of every measure (also of Precision@k, so that all measures
    average over the same queries); ``"zero"`` keeps them with the value 0, as trec_eval does
    for a query that has judgements but no relevant document.  Under micro averaging a kept
    query adds ``a_q = 0`` and ``b_q = 0`` to every ratio except the one of Precision@k
    (where ``b_q = k``), so "skip" and "zero" differ only for Precision@k.

    Parameters
    ----------
    y_true : array_like of shape (q, n), or a sequence of q 1-D arrays
        Binary relevance labels of each query (non-negative grades for ``"ndcg"``); queries
        may have different numbers of documents when given as a list of arrays.
    y_score : array_like of shape (q, n), or a sequence of q 1-D arrays
        Scores, matching ``y_true`` query by query.  Tied scores: each query's numerator
        is its expected value over uniformly random orders of the ties.
    measure : {"precision", "recall", "r_precision", "reciprocal_rank", "average_precision", \
"ndcg"}
        The measure (:data:`QUERY_MEASURES`).
    k : int, optional
        The cut-off of every query, ``1 <= k <= MAX_CUTOFF`` of :mod:`rankviz.measures`; by
        default each query's whole list.  R-precision has its own cut-off and refuses one.
    average : {"macro", "micro"}, default "macro"
        :data:`AVERAGES`.
    if_no_relevant : {"raise", "skip", "zero"}, default "raise"
        :data:`IF_NO_RELEVANT_IN_AVERAGE`.
    gain : {"exponential", "linear"}, default "exponential"
        The gain of ``"ndcg"`` (``2**y - 1`` or ``y``; trec_eval's ``ndcg_cut`` uses ``y``);
        with another measure it must keep its default.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If an option is unknown, the labels are not binary (grades for ``"ndcg"`` must be
        non-negative), an input holds NaN or infinite values, the shapes or numbers of
        queries disagree, ``k < 1``, ``k`` is given with ``"r_precision"`` or ``gain`` with a
        measure other than ``"ndcg"``, a query has no relevant document and
        ``if_no_relevant="raise"``, or no query is left to average.
    TypeError
        If an input is not numeric or ``k`` is not an integer.

    References
    ----------
    Manning, Raghavan and Schütze (2008), section 13.6 (macro- and micro-averaging);
    trec_eval's averaging over the queries of the run that have judgements (``-c`` also
    counts the judged queries missing from the run, as 0).

    Examples
    --------
    >>> y = [[1, 0, 0, 0], [1, 1, 1, 0]]        # one and three relevant documents
    >>> s = [[4, 3, 2, 1], [1, 2, 3, 4]]        # the second query's list is worst-first
    >>> average_over_queries(y, s, "recall", k=2)                    # (1 + 1/3) / 2
    0.6667
    >>> average_over_queries(y, s, "recall", k=2, average="micro")   # (1 + 1) / (1 + 3)
    0.5
    >>> y_empty = [[1, 0, 0, 0], [0, 0, 0, 0]]
    >>> average_over_queries(y_empty, s, "reciprocal_rank", if_no_relevant="skip")
    1.0
    >>> average_over_queries(y_empty, s, "reciprocal_rank", if_no_relevant="zero")
    0.5
    """
    measure = check_choice(measure, "measure", QUERY_MEASURES)
    kind = check_choice(average, "average", AVERAGES)
    mode = check_choice(if_no_relevant, "if_no_relevant", IF_NO_RELEVANT_IN_AVERAGE)
    gain = check_choice(gain, "gain", GAINS)
    if measure == "r_precision" and k is not None:
        raise ValueError("k must be None for measure='r_precision' (its cut-off is R, per query)")
    if measure != "ndcg" and gain != "exponential":
        raise ValueError(f"gain applies to measure='ndcg' only, got gain={gain!r} for {measure!r}")
    queries = _as_query_list(y_true, y_score)
    if queries is None:
        y, score, _ = check_queries(y_true, y_score, binary=_BINARY[measure])
        parts = [_fractions(y, score, measure, k, gain)]
    else:
        if not queries:
            raise ValueError("y_true holds no query")
        parts = []
        for t, s in queries:
            y, score, batched = check_queries(t, s, binary=_BINARY[measure])
            if batched:
                raise ValueError("each query of a ragged y_true and y_score must be 1-D")
            parts.append(_fractions(y, score, measure, k, gain))
    numerator, denominator, undefined = (np.concatenate(p) for p in zip(*parts, strict=True))
    if undefined.any() and mode == "raise":
        rows = np.flatnonzero(undefined)[:5].tolist()
        raise ValueError(
            f"y_true has queries without a relevant document (row(s) {rows}), where {measure} "
            f"is undefined; pass if_no_relevant='skip' or 'zero' to decide what they count"
        )
    keep = ~undefined if mode == "skip" else np.ones(undefined.size, dtype=bool)
    if not keep.any():
        raise ValueError("y_true has no query with a relevant document: nothing to average")
    numerator, denominator, undefined = numerator[keep], denominator[keep], undefined[keep]
    if kind == "micro":
        if denominator.sum() == 0:
            raise ValueError(
                f"y_true has no relevant document in any query: the micro {measure} is 0 / 0"
            )
        return float(numerator.sum() / denominator.sum())
    safe = np.where(undefined, 1.0, denominator)
    return float(np.where(undefined, 0.0, numerator / safe).mean())


def mean_reciprocal_rank(y_true, y_score, k=None, *, if_no_relevant="raise"):
    """Mean reciprocal rank (MRR): :func:`reciprocal_rank` averaged over queries.

    ``MRR = (1 / Q) sum_q RR@k(sigma_q, y_q)``, each query with its own ranking; the macro
    average of :func:`average_over_queries` with ``measure="reciprocal_rank"``.

    Parameters
    ----------
    y_true : array_like of shape (q, n), or a sequence of q 1-D arrays
        Binary relevance labels of each query; queries may differ in length when given as
        a list of arrays.
    y_score : array_like of shape (q, n), or a sequence of q 1-D arrays
        Scores, matching ``y_true`` query by query.
    k : int, optional
        The cut-off of every query's reciprocal rank; by default the whole list.
    if_no_relevant : {"raise", "skip", "zero"}, default "raise"
        A query without a relevant document raises, is left out of the mean, or counts as 0
        (trec_eval's way).

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`average_over_queries`.

    References
    ----------
    Voorhees (1999), the TREC-8 question answering track report.

    Examples
    --------
    >>> mean_reciprocal_rank([[0, 1, 0], [1, 0, 0]], [[3, 2, 1], [3, 2, 1]])   # (1/2 + 1) / 2
    0.75
    >>> mean_reciprocal_rank([[1, 0], [0, 0, 1]], [[2, 1], [1, 1, 1]])   # ragged; (1 + 11/18) / 2
    0.8056
    """
    return average_over_queries(
        y_true, y_score, "reciprocal_rank", k, average="macro", if_no_relevant=if_no_relevant
    )
