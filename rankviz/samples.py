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

import networkx as nx
import numpy as np

from rankviz._validation import as_binary_labels, as_float_vector, check_int, check_real

__all__ = [
    "preference_graph_from_grades",
    "preference_graph_from_labels",
    "single_preference",
    "to_networkx",
]

def _rows(values, name: str, convert):
    """Apply a 1-D validator to one query (1-D) or to every row of a batch (2-D)."""
    arr = np.asarray(values) if not isinstance(values, (str, bytes)) else values
    if isinstance(arr, np.ndarray) and arr.ndim == 2:
        if arr.shape[0] == 0:
            raise ValueError(f"{name} is empty")
        return np.stack([convert(row, name) for row in arr]), True
    return convert(values, name)[None, :], False


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
        If the labels are not binary, or the array is empty or more than 2-D.
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
    positive, batched = _rows(y_true, "y_true", as_binary_labels)
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
        If a grade is NaN or infinite, or the array is empty or more than 2-D.
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
    grades, batched = _rows(y_true, "y_true", as_float_vector)
    weights = np.maximum(grades[:, :, None] - grades[:, None, :], 0.0)
    return weights if batched else weights[0]


def single_preference(n, preferred, other, weight=1.0):
    """The preference graph of one pairwise judgement: "``preferred`` above ``other``".

    Parameters
    ----------
    n : int
        Number of documents, at least 2.
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
        If ``n < 2``, an index is out of range, the two indices coincide, or
        ``weight <= 0``.
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
    n = check_int(n, "n", minimum=2)
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
        non-zero diagonal, or ``names`` has the wrong length.
    TypeError
        If ``weights`` is not numeric.

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
    w = np.asarray(weights)
    if w.dtype == object or not (np.issubdtype(w.dtype, np.number) or w.dtype == np.bool_) \
            or np.issubdtype(w.dtype, np.complexfloating):
        raise TypeError(f"weights must be a numeric array, got dtype {w.dtype}")
    w = w.astype(float)
    if w.ndim != 2 or w.shape[0] != w.shape[1] or w.shape[0] == 0:
        raise ValueError(f"weights must be a non-empty square (n, n) array, got shape {w.shape}")
    if not np.isfinite(w).all() or (w < 0).any():
        raise ValueError("weights must hold finite, non-negative values")
    if np.any(np.diag(w) != 0):
        raise ValueError("weights must have a zero diagonal: a document is not preferred to itself")
    n = w.shape[0]
    if names is not None and len(names) != n:
        raise ValueError(f"names must give one name per document ({n}), got {len(names)}")
    graph = nx.DiGraph()
    for i in range(n):
        graph.add_node(i, **({} if names is None else {"name": str(names[i])}))
    rows, cols = np.nonzero(w)
    graph.add_weighted_edges_from(
        (int(i), int(j), float(w[i, j])) for i, j in zip(rows, cols, strict=True))
    return graph
