"""The three kinds of supervision for ranking, and how each becomes a preference graph.

For one query with ``n`` documents, a training label is one of:

* **binary relevance**: ``y in {0, 1}^n``, which documents are relevant;
* **relevance scores** (grades): ``y in R_+^n``, how relevant each document is;
* a **preference graph**: a weighted directed graph on the documents, an edge
  ``i -> j`` of weight ``w_ij > 0`` meaning "i should be ranked above j, with
  importance ``w_ij``".

The third kind subsumes the first two (seed 000): binary labels become the
complete bipartite graph from every relevant to every irrelevant document with
unit weights, and grades become the DAG with an edge from every document to
every less relevant one, weighted by the difference of grades.  A single
pairwise judgement is the graph with one edge.

A preference graph is stored as its weighted adjacency matrix ``W`` of shape
``(n, n)`` (``W[i, j]`` is the weight of ``i -> j``, zero diagonal), the format
:func:`rankviz.pairwise.pairwise_disagreement` takes; :func:`to_networkx` turns
it into a ``networkx.DiGraph`` for drawing and graph algorithms.

References
----------
Seed 000 ("The problem of ranking"), the three sample types; seed 002, section 1;
Duchi, Mackey and Jordan (2013), section 3.2 (``Y`` the weighted adjacency
matrix of a DAG).
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz._validation import (
    as_binary_labels,
    as_query_array,
    as_weight_matrix,
    check_int,
    check_real,
)

__all__ = [
    "MAX_EDGES",
    "MAX_GRAPH_ENTRIES",
    "MAX_LABEL_PATTERNS",
    "binary_label_patterns",
    "preference_graph_from_grades",
    "preference_graph_from_labels",
    "single_preference",
    "to_networkx",
]

#: Largest number of weights ``q * n * n`` of the graphs built here (float64: 400 MB).
MAX_GRAPH_ENTRIES = 5 * 10**7

_MAX_NODES = int(MAX_GRAPH_ENTRIES**0.5)

#: Largest number of edges :func:`to_networkx` turns into a ``networkx.DiGraph``.
MAX_EDGES = 10**6

#: Most rows :func:`binary_label_patterns` returns (C(20, 10) = 184,756 fits).
MAX_LABEL_PATTERNS = 10**6


def _queries(values, name: str) -> tuple[np.ndarray, bool]:
    """One query (1-D) or a batch (2-D) of finite reals, small enough for its (n, n) graphs."""
    arr, batched = as_query_array(values, name)
    q, n = arr.shape
    if q * n * n > MAX_GRAPH_ENTRIES:
        raise ValueError(
            f"{name} has {q} queries of {n} documents: their graphs would hold "
            f"{q * n * n} weights; at most MAX_GRAPH_ENTRIES = {MAX_GRAPH_ENTRIES}"
        )
    return arr, batched


def preference_graph_from_labels(y_true):
    """The bipartite preference graph of binary relevance labels, with unit weights.

    ``W[i, j] = 1`` when document ``i`` is relevant and ``j`` is not, else 0.
    The graph is a DAG (no edge leaves an irrelevant document), with
    ``m * (n - m)`` edges for ``m`` relevant documents.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary labels in {0, 1}, {-1, +1} or booleans (1 is relevant); a 2-D array
        holds one query per row.

    Returns
    -------
    ndarray of shape (n, n) or (q, n, n)
        Weighted adjacency matrix (or one per query).

    Raises
    ------
    ValueError
        If the labels are not binary, or the array is empty or more than 2-D, or the
        graphs would exceed ``MAX_GRAPH_ENTRIES`` weights.
    TypeError
        If the labels are not numeric.

    References
    ----------
    Seed 000 ("The problem of ranking"): "a label for binary relevance can be
    coded as a directed bipartite graph ... with all weights 1".

    Examples
    --------
    >>> preference_graph_from_labels([1, 0, 1])
    array([[0., 1., 0.],
           [0., 0., 0.],
           [0., 1., 0.]])
    """
    labels, batched = _queries(y_true, "y_true")
    positive = np.stack([as_binary_labels(row, "y_true") for row in labels])
    weights = (positive[:, :, None] & ~positive[:, None, :]).astype(float)
    return weights if batched else weights[0]


def preference_graph_from_grades(y_true):
    """The preference DAG of relevance grades, weighted by the differences of grades.

    ``W[i, j] = y_i - y_j`` when ``y_i > y_j``, else 0: an edge from every document
    to every strictly less relevant one.  Equal grades give no edge.  The graph is
    acyclic because the grade strictly decreases along every edge.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Finite relevance grades (any reals: only differences matter); a 2-D array
        holds one query per row.

    Returns
    -------
    ndarray of shape (n, n) or (q, n, n)

    Raises
    ------
    ValueError
        If a grade is NaN or infinite, or the array is empty or more than 2-D, or the
        graphs would exceed ``MAX_GRAPH_ENTRIES`` weights.
    TypeError
        If the grades are not numeric.

    References
    ----------
    Seed 000 ("The problem of ranking"): relevance scores "coded as a DAG with
    weights being the difference in scores".

    Examples
    --------
    >>> preference_graph_from_grades([2, 0, 1])
    array([[0., 2., 1.],
           [0., 0., 0.],
           [0., 1., 0.]])
    """
    grades, batched = _queries(y_true, "y_true")
    with np.errstate(over="ignore"):
        weights = np.maximum(grades[:, :, None] - grades[:, None, :], 0.0)
    if not np.isfinite(weights).all():
        raise ValueError("y_true grades are too far apart: a difference overflows to infinity")
    return weights if batched else weights[0]


def single_preference(n, preferred, other, weight=1.0):
    """The preference graph of one pairwise judgement: "``preferred`` above ``other``".

    Parameters
    ----------
    n : int
        Number of documents, at least 2 and at most ``sqrt(MAX_GRAPH_ENTRIES)``.
    preferred, other : int
        Distinct document indices in ``0, ..., n - 1``.
    weight : float, default 1.0
        Importance of the judgement, > 0.

    Returns
    -------
    ndarray of shape (n, n)
        Zero except ``W[preferred, other] = weight``.

    Raises
    ------
    ValueError
        If ``n < 2`` or ``n * n > MAX_GRAPH_ENTRIES``, an index is out of range, the two
        indices coincide, or ``weight <= 0``.
    TypeError
        If an index is not an integer or ``weight`` not a real number.

    References
    ----------
    Seed 000 ("The problem of ranking"): the special case of a graph with a single
    edge.

    Examples
    --------
    >>> single_preference(3, 2, 0)
    array([[0., 0., 0.],
           [0., 0., 0.],
           [1., 0., 0.]])
    """
    n = check_int(n, "n", minimum=2, maximum=_MAX_NODES)
    preferred = check_int(preferred, "preferred", minimum=0, maximum=n - 1)
    other = check_int(other, "other", minimum=0, maximum=n - 1)
    if preferred == other:
        raise ValueError(f"preferred and other must be different documents, got {preferred} twice")
    weight = check_real(weight, "weight", positive=True)
    weights = np.zeros((n, n))
    weights[preferred, other] = weight
    return weights


def to_networkx(weights, names=None):
    """A preference graph as a ``networkx.DiGraph`` (one edge per positive weight).

    Parameters
    ----------
    weights : array_like of shape (n, n)
        Non-negative weights with a zero diagonal; ``weights[i, j]`` is the weight
        of the edge ``i -> j``.
    names : sequence of str, optional
        A name per document, stored as the node attribute ``"name"``.

    Returns
    -------
    networkx.DiGraph
        Nodes ``0, ..., n - 1``; every edge carries its ``"weight"``.

    Raises
    ------
    ValueError
        If ``weights`` is not square, has negative, NaN or infinite entries or a
        non-zero diagonal or more than ``MAX_EDGES`` edges, or ``names`` has the
        wrong length.
    TypeError
        If ``weights`` is not numeric or ``names`` is not a sequence (a string is not).

    References
    ----------
    Seed 000, preference graphs; Duchi, Mackey and Jordan (2013), section 3.2.

    Examples
    --------
    >>> graph = to_networkx(preference_graph_from_grades([2, 0, 1]))
    >>> sorted(graph.edges(data="weight"))
    [(0, 1, 2.0), (0, 2, 1.0), (2, 1, 1.0)]
    >>> import networkx as nx
    >>> nx.is_directed_acyclic_graph(graph)
    True
    """
    w = as_weight_matrix(weights, "weights")
    n = w.shape[0]
    n_edges = int(np.count_nonzero(w))
    if n_edges > MAX_EDGES:
        raise ValueError(
            f"weights has {n_edges} edges; at most MAX_EDGES = {MAX_EDGES} are "
            f"turned into a networkx graph"
        )
    if names is not None:
        try:
            n_names = None if isinstance(names, (str, bytes, dict)) else len(names)
            names[0]
        except (TypeError, KeyError, IndexError):
            n_names = None
        if n_names is None:
            raise TypeError(
                f"names must be a sequence of names, one per document, got {type(names).__name__}"
            )
        if n_names != n:
            raise ValueError(f"names must give one name per document ({n}), got {len(names)}")
    return digraph_from_weights(w, names=names)


def binary_label_patterns(n, n_relevant):
    """Every binary labelling of ``n`` positions with ``n_relevant`` relevant ones.

    A measure of binary relevance (Precision@k, AP, the draft's AvgPrec@K, ...)
    sees a ranking only through its *label pattern*: the labels read from the top.
    The ``n_relevant! (n - n_relevant)!`` rankings of one query that share a pattern
    get the same value, so comparing two measures over patterns, not rankings,
    counts each real difference once.

    Parameters
    ----------
    n : int
        Number of positions, ``n >= 1``.
    n_relevant : int
        Number of relevant documents, ``0 <= n_relevant <= n``; at most
        ``MAX_LABEL_PATTERNS`` patterns.

    Returns
    -------
    ndarray of int64, shape (C(n, n_relevant), n)
        Row ``p`` is a pattern, position 0 first; rows in the order of
        ``itertools.combinations`` of the relevant positions (the pattern with
        every relevant document on top comes first).

    Raises
    ------
    ValueError, TypeError
        If ``n`` or ``n_relevant`` is not an integer in range, or there are more
        than ``MAX_LABEL_PATTERNS`` patterns.

    References
    ----------
    Seed 000 (AvgPrec@K and AP); Mohri et al. (2018), section 10.7.

    Examples
    --------
    >>> binary_label_patterns(3, 1)
    array([[1, 0, 0],
           [0, 1, 0],
           [0, 0, 1]])
    >>> len(binary_label_patterns(6, 3))
    20
    """
    n = check_int(n, "n", minimum=1)
    n_relevant = check_int(n_relevant, "n_relevant", minimum=0, maximum=n)
    count = math.comb(n, n_relevant)
    if count > MAX_LABEL_PATTERNS:
        raise ValueError(
            f"n and n_relevant give {count} patterns, more than "
            f"MAX_LABEL_PATTERNS = {MAX_LABEL_PATTERNS}"
        )
    patterns = np.zeros((count, n), dtype=np.int64)
    for row, relevant in enumerate(itertools.combinations(range(n), n_relevant)):
        patterns[row, list(relevant)] = 1
    return patterns
