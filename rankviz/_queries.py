"""Shared private core of the list measures (chapter 01): validation, sorting, tie averaging.

``rankviz.measures`` and ``rankviz.retrieval_measures`` evaluate one query (1-D) or a batch of
equal-length queries (2-D) the same way: validate once, sort every row by decreasing score,
and replace whatever a position contributes by its mean over the position's tie group (its
expectation when the tied documents are put in a uniformly random order).  The helpers trust
what :func:`check_queries` returned.
"""

from __future__ import annotations

import numpy as np

from rankviz._validation import as_query_array, check_int

__all__ = [
    "CUTOFF_LIMIT",
    "check_k",
    "check_queries",
    "cutoff_weights",
    "expected_hits_at_relevant",
    "finish",
    "is_ragged",
    "no_relevant",
    "positional_sum",
    "sort_queries_by_score",
    "tie_average",
    "tie_groups",
]

#: Largest cut-off ``k`` a measure accepts (beyond it, ``1 / k`` and ``k`` lose their exactness).
CUTOFF_LIMIT = 2**53


def check_queries(y_true, y_score, *, binary: bool):
    """Validate a (batch of) query(ies); return (Y, S, batched) with Y, S of shape (q, n)."""
    truth, truth_2d = as_query_array(y_true, "y_true")
    score, score_2d = as_query_array(y_score, "y_score")
    if truth.shape[1] != score.shape[1]:
        raise ValueError(
            f"y_true and y_score must have the same number of documents per query, "
            f"got {truth.shape[1]} and {score.shape[1]}"
        )
    if truth_2d and score_2d and truth.shape[0] != score.shape[0]:
        raise ValueError(
            f"y_true and y_score must have the same number of queries (rows), "
            f"got {truth.shape[0]} and {score.shape[0]}"
        )
    if binary:
        if not np.isin(truth, (0.0, 1.0)).all():
            found = np.unique(truth)[:6]
            raise ValueError(
                f"y_true must hold binary relevance labels in {{0, 1}} "
                f"(or booleans); found values {found}"
            )
    elif (truth < 0).any():
        raise ValueError(
            f"y_true must hold non-negative relevance grades (the gain of a "
            f"negative grade is undefined); found {truth.min():g}"
        )
    rows = max(truth.shape[0], score.shape[0])
    truth = np.broadcast_to(truth, (rows, truth.shape[1]))
    score = np.broadcast_to(score, (rows, score.shape[1]))
    return truth, score, truth_2d or score_2d


def check_k(k, n: int) -> int:
    """The cut-off: ``None`` means the whole list; otherwise an integer in [1, CUTOFF_LIMIT]."""
    if k is None:
        return n
    return check_int(k, "k", minimum=1, maximum=CUTOFF_LIMIT)


def finish(values: np.ndarray, batched: bool):
    return values if batched else float(values[0])


def sort_queries_by_score(y: np.ndarray, score: np.ndarray):
    """Sort every row by decreasing score; return the sorted y and the tie mask.

    ``tied[:, r]`` is True when positions r and r + 1 (0-based) hold equal scores.
    """
    order = np.argsort(-score, axis=1)
    sorted_score = np.take_along_axis(score, order, axis=1)
    return np.take_along_axis(y, order, axis=1), sorted_score[:, 1:] == sorted_score[:, :-1]


def tie_groups(tied: np.ndarray):
    """Label the tie groups of all rows at once (flattened row-major).

    Returns ``group`` (group index of each position), ``first`` (flat index of each
    group's first position) and ``size`` (number of positions of each group).
    """
    q, n = tied.shape[0], tied.shape[1] + 1
    starts = np.ones((q, n), dtype=bool)
    starts[:, 1:] = ~tied
    starts = starts.ravel()
    group = np.cumsum(starts) - 1
    return group, np.flatnonzero(starts), np.bincount(group)


def tie_average(sorted_values: np.ndarray, tied: np.ndarray) -> np.ndarray:
    """Replace each value by the mean of its tie group (its expectation under random tie order)."""
    if not tied.any():
        return sorted_values
    group, _, size = tie_groups(tied)
    means = np.bincount(group, weights=sorted_values.ravel()) / size
    return means[group].reshape(sorted_values.shape)


def positional_sum(y, score, weights: np.ndarray) -> np.ndarray:
    """``sum_r weights[r] * y[item at position r]`` per row, averaged over tied orders."""
    sorted_y, tied = sort_queries_by_score(y, score)
    with np.errstate(over="ignore"):  # an overflow is reported by the caller, naming y_true
        return tie_average(sorted_y, tied) @ weights


def cutoff_weights(n: int, k: int) -> np.ndarray:
    return (np.arange(n) < k).astype(float)


def no_relevant(values: np.ndarray, undefined: np.ndarray, mode: str, what: str) -> np.ndarray:
    if undefined.any():
        if mode == "raise":
            rows = np.flatnonzero(undefined)[:5]
            raise ValueError(
                f"y_true has no relevant document (row(s) {rows.tolist()}), so "
                f"{what} is 0 / 0; pass if_no_relevant='nan' or 'zero' to accept it"
            )
        values = np.where(undefined, np.nan if mode == "nan" else 0.0, values)
    return values


def expected_hits_at_relevant(sorted_rel: np.ndarray, tied: np.ndarray) -> np.ndarray:
    """``E[rel_r * (number of relevant documents at positions <= r)]`` for every position r.

    Without ties it is ``rel_r * cumsum(rel)_r``.  A tie group of size g holding t
    relevant documents, with c relevant documents above it, contributes at its
    (0-based) offset j: ``(t / g) (c + 1) + j t (t - 1) / (g (g - 1))``, because a
    relevant document at that place sees c + 1 + (relevant among the j places
    before it in the group), each of which is relevant with probability
    ``(t - 1) / (g - 1)`` given that it is.
    """
    hits = np.cumsum(sorted_rel, axis=1)
    if not tied.any():
        return sorted_rel * hits
    group, first, size = tie_groups(tied)
    relevant = np.bincount(group, weights=sorted_rel.ravel())
    above = (hits - sorted_rel).ravel()[first]
    g, t, c = size[group], relevant[group], above[group]
    offset = np.arange(group.size) - first[group]
    pair = np.divide(t * (t - 1), g * (g - 1.0), out=np.zeros(group.size), where=g > 1)
    return ((t / g) * (c + 1) + offset * pair).reshape(sorted_rel.shape)


def is_ragged(values) -> bool:
    if isinstance(values, np.ndarray) or not isinstance(values, (list, tuple)):
        return False
    lengths = {np.ndim(row) == 1 and len(row) for row in values}
    return len(lengths) > 1
