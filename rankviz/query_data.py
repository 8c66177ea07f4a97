"""Synthetic query data for learning to rank (chapter 10): queries, documents, graded labels.

A data set of learning to rank is a set of queries, each with its own list of documents; a
document has a feature vector and a relevance grade.  :func:`synthetic_queries` draws one from a
known score model (its weights drawn from ``model_seed``, the queries from ``rng``), so that the
chapter can train rankers on a training set and compare them on a test set of the same model:
features are standard normal, the latent relevance of a document is
``X @ weights + interaction * x_0 * x_1 + noise * eps`` and its grade counts how many of the
fixed thresholds ``GRADE_THRESHOLDS`` its latent relevance exceeds (grades 0 to 4, most
documents 0, as in web search data).  Every query has at least one relevant document (a query
with none is drawn again), so that NDCG is defined on each.

:func:`mean_ndcg` scores a ranker on such a set: the mean over queries of NDCG@k, each query
evaluated by :func:`rankviz.measures.ndcg` (tied scores averaged over their orders).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from rankviz._boosting import frozen_array
from rankviz._validation import (
    MAX_MAGNITUDE,
    as_float_vector,
    as_generator,
    check_array,
    check_int,
    check_real,
    check_same_length,
)
from rankviz.listwise import MAX_GRADE
from rankviz.measures import ndcg

__all__ = [
    "GRADE_THRESHOLDS",
    "MAX_DOCUMENTS",
    "QueryData",
    "mean_ndcg",
    "query_boundaries",
    "synthetic_queries",
]

#: the latent relevance above which a document earns grade 1, 2, 3, 4
GRADE_THRESHOLDS = (0.8, 1.6, 2.3, 3.0)
#: the most documents a data set may hold (features and labels, and LambdaMART's trees on them)
MAX_DOCUMENTS = 200_000
_MAX_FEATURES = 1_000
_MAX_REDRAWS = 1_000
_MAX_QUERY_LENGTH = 10_000  # mean_ndcg pads every query to the longest


@dataclass(frozen=True)
class QueryData:
    """Documents grouped by query: features, grades and where each query starts.

    Attributes
    ----------
    X : ndarray of shape (N, d)
        The documents' features, query after query.
    labels : ndarray of shape (N,)
        Their relevance grades, integers 0 to 4.
    boundaries : ndarray of shape (q + 1,)
        Query ``j`` holds the documents ``boundaries[j]:boundaries[j + 1]``.
    weights : ndarray of shape (d,)
        The linear part of the score model that drew the grades.
    """

    X: np.ndarray
    labels: np.ndarray
    boundaries: np.ndarray
    weights: np.ndarray

    @property
    def n_queries(self) -> int:
        """The number of queries."""
        return self.boundaries.size - 1

    @property
    def group_sizes(self) -> np.ndarray:
        """The number of documents of each query (LightGBM's ``group``)."""
        return np.diff(self.boundaries)

    def __repr__(self) -> str:
        sizes = self.group_sizes
        return (
            f"QueryData({self.n_queries} queries of {sizes.min()} to {sizes.max()} documents, "
            f"{self.X.shape[1]} features, grades {np.bincount(self.labels, minlength=5).tolist()})"
        )


def synthetic_queries(
    n_queries,
    n_features=5,
    min_documents=10,
    max_documents=30,
    *,
    interaction=1.0,
    noise=0.5,
    model_seed=0,
    rng=0,
):
    """Draw queries of varying size with graded labels from a known score model.

    Parameters
    ----------
    n_queries : int
        The number of queries, ``>= 1``.
    n_features : int, default 5
        Features per document, ``2 <= d <= 1000``.
    min_documents, max_documents : int, default 10 and 30
        Each query's size is uniform on ``[min_documents, max_documents]``.
    interaction : float, default 1
        The weight of the product ``x_0 x_1`` in the latent relevance (what a linear scorer
        cannot fit and a tree can).
    noise : float, default 0.5
        The standard deviation of the latent relevance's noise, ``>= 0``.
    model_seed : int, default 0
        The seed of the score model's weights: a training set and a test set drawn with the
        same ``model_seed`` and different ``rng`` come from the same model.
    rng : int or numpy.random.Generator, default 0
        The seed of the queries: the same seeds give the same data.

    Returns
    -------
    QueryData

    Raises
    ------
    ValueError
        If a size is out of range, ``min_documents > max_documents``, more than
        ``MAX_DOCUMENTS`` documents could be drawn, ``noise < 0``, or 1,000 draws in a row give
        a query with no relevant document.
    TypeError
        If an argument has the wrong type.

    Examples
    --------
    >>> data = synthetic_queries(3, rng=1)
    >>> data.n_queries, data.X.shape[1], bool(data.labels.max() >= 1)
    (3, 5, True)
    """
    q = check_int(n_queries, "n_queries", minimum=1)
    d = check_int(n_features, "n_features", minimum=2, maximum=_MAX_FEATURES)
    lo = check_int(min_documents, "min_documents", minimum=2)
    hi = check_int(max_documents, "max_documents", minimum=2)
    if lo > hi:
        raise ValueError(f"min_documents ({lo}) must be <= max_documents ({hi})")
    if q * hi > MAX_DOCUMENTS:
        raise ValueError(
            f"n_queries * max_documents must be <= MAX_DOCUMENTS = {MAX_DOCUMENTS}, got {q * hi}"
        )
    inter = check_real(interaction, "interaction", minimum=-100.0, maximum=100.0)
    sd = check_real(noise, "noise", nonnegative=True, maximum=100.0)
    weights = as_generator(model_seed, "model_seed").normal(size=d) / np.sqrt(d) * 1.5
    gen = as_generator(rng)
    thresholds = np.asarray(GRADE_THRESHOLDS)
    features, grades, sizes = [], [], []
    for _ in range(q):
        for _ in range(_MAX_REDRAWS):
            n = int(gen.integers(lo, hi + 1))
            X = gen.normal(size=(n, d))
            latent = X @ weights + inter * X[:, 0] * X[:, 1] + sd * gen.normal(size=n)
            y = (latent[:, None] > thresholds).sum(axis=1)
            if y.max() > 0:
                break
        else:
            raise ValueError(
                f"{_MAX_REDRAWS} draws in a row gave a query with no relevant document: "
                "raise noise or interaction, or lower the number of features"
            )
        features.append(X)
        grades.append(y)
        sizes.append(n)
    return QueryData(
        frozen_array(np.vstack(features)),
        frozen_array(np.concatenate(grades), dtype=np.int64),
        frozen_array(np.concatenate([[0], np.cumsum(sizes)]), dtype=np.int64),
        frozen_array(weights),
    )


def query_boundaries(group_sizes):
    """The query boundaries ``[0, n_0, n_0 + n_1, ...]`` from the queries' sizes.

    Parameters
    ----------
    group_sizes : array_like of int
        The number of documents of each query, each ``>= 1``.

    Returns
    -------
    ndarray of shape (q + 1,)

    Raises
    ------
    ValueError
        If a size is below 1, the total exceeds ``MAX_DOCUMENTS`` or there is no query.
    TypeError
        If the sizes are not integers.

    Examples
    --------
    >>> query_boundaries([3, 2, 4])
    array([0, 3, 5, 9])
    """
    sizes = check_array(group_sizes, "group_sizes", ndim=1, dtype="int")
    if (sizes < 1).any():
        raise ValueError("group_sizes must all be >= 1")
    if sizes.sum() > MAX_DOCUMENTS:
        raise ValueError(f"group_sizes must add up to at most MAX_DOCUMENTS = {MAX_DOCUMENTS}")
    return np.concatenate([[0], np.cumsum(sizes)])


def mean_ndcg(labels, scores, boundaries, k=10):
    """The mean over queries of NDCG@k.

    Parameters
    ----------
    labels : array_like of shape (N,)
        Grades of every document, query after query.
    scores : array_like of shape (N,)
        A ranker's scores of the same documents.
    boundaries : array_like of int, shape (q + 1,)
        As in :class:`QueryData`.
    k : int, default 10
        The cut-off; a query shorter than ``k`` is evaluated on its whole list.

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    ValueError
        If the lengths disagree, ``boundaries`` does not increase strictly from 0 to ``N``, a
        grade is outside ``[0, MAX_GRADE]``, a query has no relevant document or an entry is
        not finite.
    TypeError
        If an argument is not numeric.

    Examples
    --------
    >>> mean_ndcg([1, 0, 0, 1], [2.0, 1.0, 2.0, 1.0], [0, 2, 4], k=1)   # (1 + 0) / 2
    0.5
    """
    y = as_float_vector(labels, "labels")
    s = as_float_vector(scores, "scores")
    check_same_length(y, s, "labels", "scores")
    b = check_array(boundaries, "boundaries", ndim=1, dtype="int")
    if b.size < 2 or b[0] != 0 or b[-1] != y.size or (np.diff(b) <= 0).any():
        raise ValueError(
            f"boundaries must increase strictly from 0 to the number of documents ({y.size})"
        )
    cut = check_int(k, "k", minimum=1)
    if (y < 0).any() or y.max() > MAX_GRADE:
        raise ValueError(f"labels must be grades in [0, {MAX_GRADE:g}]")
    if np.abs(s).max() > MAX_MAGNITUDE:
        raise ValueError(f"scores must have magnitude at most {MAX_MAGNITUDE:g}")
    sizes = np.diff(b)
    if sizes.max() > _MAX_QUERY_LENGTH:
        raise ValueError(
            f"boundaries: a query may hold at most {_MAX_QUERY_LENGTH} documents, got {sizes.max()}"
        )
    # one padded batch: each query's row ends in documents of grade 0 scored below all of its
    # own, which add nothing to its DCG or to its ideal DCG
    rows = np.repeat(np.arange(sizes.size), sizes)
    columns = np.arange(y.size) - b[rows]
    grades = np.zeros((sizes.size, sizes.max()))
    grades[rows, columns] = y
    if (np.exp2(grades) - 1.0).max(axis=1).min() <= 0:
        empty = int(np.flatnonzero((np.exp2(grades) - 1.0).max(axis=1) <= 0)[0])
        raise ValueError(
            f"labels: the query of documents {b[empty]}:{b[empty + 1]} has no relevant document"
        )
    padded = np.full(grades.shape, s.min() - 1.0 - np.abs(s).max())
    padded[rows, columns] = s
    return float(np.mean(ndcg(grades, padded, k=min(cut, sizes.max()))))
