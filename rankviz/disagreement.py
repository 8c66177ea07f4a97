"""Least-squares surrogates for the pairwise-disagreement loss, as seed 002 states them.

Seed 002 (section 6.1, after Ramaswamy, Agarwal and Tewari 2013) uses two
least-squares surrogates for the pairwise-disagreement (PD) loss
``L(sigma, G) = sum_{i != j} G_ij 1[sigma(i) > sigma(j)]`` on preference
graphs ``G``:

* an n-dimensional one whose minimiser is the **net degree**
  ``u_i = sum_j (Y_ij - Y_ji)`` of the mean graph ``Y = E[G]`` (the scores of
  002's five-item example), with pred = sort;
* an ``n(n-1)/2``-dimensional one whose minimiser is the **difference**
  ``u_ij = Y_ij - Y_ji`` of each pair, with a pred that lists **every**
  topological order of the graph ``{i -> j : u_ij > 0}`` (the set M of 002's
  Algorithm 2, line 2).

When the difference graph of ``Y`` is acyclic, an order has the least expected
PD loss exactly when it is one of its topological orders, so the second pred
returns the whole Bayes set; the net-degree sort returns one order, not always
a Bayes one.

References
----------
Seed 002, section 5 and section 6.1 (Theorem 6 and Theorem 7 of [3] as cited
there); H. G. Ramaswamy, S. Agarwal, A. Tewari, "Convex calibrated surrogates
for low-rank loss matrices with applications to subset ranking losses", NIPS
2013; Duchi, Mackey and Jordan (2013), section 3.2.2 (the difference graph).
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from rankviz._validation import as_float_vector, as_weight_matrix, check_int, check_real

__all__ = [
    "MAX_ORDERS",
    "difference_scores",
    "expected_disagreement",
    "mean_preference_graph",
    "net_degree_scores",
    "pred_all_orders",
]

#: Largest number of orders :func:`pred_all_orders` lists before refusing.
MAX_ORDERS = 50_000


def mean_preference_graph(graphs, probs):
    """The mean preference graph ``Y = sum_s probs[s] * graphs[s]``.

    Parameters
    ----------
    graphs : array_like of float, shape (k, n, n)
        Non-negative weights, zero diagonal: ``graphs[s, i, j]`` is the weight of
        "item i above item j" in label ``s``.
    probs : array_like of float, shape (k,)
        A probability vector.

    Returns
    -------
    ndarray of float, shape (n, n)

    Raises
    ------
    ValueError, TypeError
        If a graph is invalid or ``probs`` is not a distribution over the graphs.

    References
    ----------
    Seed 002, section 6.1 (``y^p``); Duchi, Mackey and Jordan (2013), section 3.2.

    Examples
    --------
    >>> mean_preference_graph([[[0, 1], [0, 0]], [[0, 0], [1, 0]]], [0.75, 0.25])
    array([[0.  , 0.75],
           [0.25, 0.  ]])
    """
    g = as_weight_matrix(graphs, "graphs", batch=True)
    if g.ndim == 2:
        g = g[None]
    p = as_float_vector(probs, "probs")
    if p.size != g.shape[0]:
        raise ValueError(f"probs has {p.size} entries for {g.shape[0]} graphs")
    if np.any(p < 0) or abs(p.sum() - 1.0) > 1e-9:
        raise ValueError("probs must be non-negative and sum to 1")
    return np.tensordot(p, g, axes=1)


def _mean_graph(Y) -> np.ndarray:
    return as_weight_matrix(Y, "Y", min_items=2)


def expected_disagreement(sigmas, Y):
    """Expected pairwise disagreement ``sum_{i != j} Y_ij 1[sigma(i) > sigma(j)]``.

    Parameters
    ----------
    sigmas : array_like of int, shape (n,) or (m, n)
        Permutations (``sigma[i]`` the 0-based position of item ``i``).
    Y : array_like of float, shape (n, n)
        The mean preference graph.

    Returns
    -------
    float or ndarray of float, shape (m,)

    Raises
    ------
    ValueError, TypeError
        If a row of ``sigmas`` is not a permutation of ``n`` items or ``Y`` is
        not a valid weight matrix.

    References
    ----------
    Seed 002, section 6.1, eq. (1) (its pdloss part); Duchi, Mackey and Jordan
    (2013), eq. (10).

    Examples
    --------
    >>> expected_disagreement([1, 0], [[0, 0.75], [0.25, 0]])   # item 1 on top: pays 0.75
    0.75
    """
    Y = _mean_graph(Y)
    n = Y.shape[0]
    arr = np.asarray(sigmas)
    if arr.dtype == object or not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"sigmas must be integer positions, got dtype {arr.dtype}")
    single = arr.ndim == 1
    arr = np.atleast_2d(arr)
    if arr.ndim != 2 or arr.shape[1] != n:
        raise ValueError(f"sigmas must have {n} columns like Y, got shape {np.shape(sigmas)}")
    if not np.all(np.sort(arr, axis=1) == np.arange(n)):
        raise ValueError("every row of sigmas must be a permutation of 0..n-1")
    below = arr[:, :, None] > arr[:, None, :]          # i placed below j
    risks = np.einsum("mij,ij->m", below, Y)
    return float(risks[0]) if single else risks


def net_degree_scores(Y):
    """Minimiser of the n-dimensional least-squares PD surrogate: ``u_i = sum_j (Y_ij - Y_ji)``.

    The surrogate ``psi(u, G) = sum_i (u_i - sum_j (G_ij - G_ji))^2`` has
    conditional risk ``||u - d(Y)||^2 + const`` with ``d(Y)`` the net degree of
    the mean graph, so that is its minimiser; pred sorts it (decreasing).

    Parameters
    ----------
    Y : array_like of float, shape (n, n)
        The mean preference graph.

    Returns
    -------
    ndarray of float, shape (n,)

    Raises
    ------
    ValueError, TypeError
        If ``Y`` is not a valid weight matrix.

    References
    ----------
    Seed 002, section 6.1 (the scores ``u_2 = -y_12 + y_24``, ... of its example,
    "surrogates from Theorem 6 from [3]").

    Examples
    --------
    >>> net_degree_scores([[0, 3, 1], [1, 0, 0], [0, 2, 0]])
    array([ 3., -4.,  1.])
    """
    Y = _mean_graph(Y)
    return Y.sum(axis=1) - Y.sum(axis=0)


def difference_scores(Y):
    """Minimiser of the pairwise least-squares PD surrogate: ``u_ij = Y_ij - Y_ji``.

    The surrogate ``psi(u, G) = sum_{i<j} (u_ij - (G_ij - G_ji))^2`` on
    ``R^{n(n-1)/2}`` has minimiser ``Y_ij - Y_ji``; it is returned as the full
    antisymmetric matrix (``u[j, i] = -u[i, j]``).

    Parameters
    ----------
    Y : array_like of float, shape (n, n)

    Returns
    -------
    ndarray of float, shape (n, n)

    Raises
    ------
    ValueError, TypeError
        If ``Y`` is not a valid weight matrix.

    References
    ----------
    Seed 002, section 6.1 ("Theorem 7 of [3]"); Ramaswamy, Agarwal and Tewari (2013).

    Examples
    --------
    >>> difference_scores([[0, 3], [1, 0]])
    array([[ 0.,  2.],
           [-2.,  0.]])
    """
    Y = _mean_graph(Y)
    return Y - Y.T


def pred_all_orders(u, *, tol=1e-9, max_orders=MAX_ORDERS):
    """Every order that agrees with pairwise scores: the topological orders of ``u > tol``.

    Applied to :func:`difference_scores` of a mean graph whose difference graph
    is acyclic, this is the whole set of orders of least expected pairwise
    disagreement (the set M of seed 002's Algorithm 2).

    Parameters
    ----------
    u : array_like of float, shape (n, n)
        Antisymmetric pairwise scores (``u[i, j] > 0``: i should be above j).
    tol : float, default 1e-9
        Scores with ``|u_ij| <= tol`` count as ties (no edge); must be >= 0.
    max_orders : int, default MAX_ORDERS
        Refuse with a ``ValueError`` to list more orders than this.

    Returns
    -------
    ndarray of int64, shape (b, n)
        One permutation ``sigma`` per row (``sigma[i]`` the position of item i),
        in lexicographic order of the rows.

    Raises
    ------
    ValueError
        If ``u`` is not square, finite and antisymmetric, its graph has a cycle
        (the Bayes set is then a minimum feedback arc set problem, not an
        enumeration), or there are more than ``max_orders`` orders.
    TypeError
        If an input has the wrong type.

    References
    ----------
    Seed 002, section 6.1 ("Get M from Algorithm 1 from [3]"; Theorem 7 of [3]);
    Duchi, Mackey and Jordan (2013), section 3.2.2.

    Examples
    --------
    >>> pred_all_orders([[0, 1, 1], [-1, 0, 0], [-1, 0, 0]])   # item 0 on top, 1 and 2 either way
    array([[0, 1, 2],
           [0, 2, 1]])
    """
    if isinstance(u, (str, bytes)):
        raise TypeError(f"u must be a square matrix of numbers, got {type(u).__name__}")
    arr = np.asarray(u)
    if arr.dtype == object or not np.issubdtype(arr.dtype, np.number):
        raise TypeError(f"u must contain numbers, got dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1] or arr.shape[0] < 1:
        raise ValueError(f"u must be a square matrix, got shape {arr.shape}")
    arr = arr.astype(np.float64)
    if not np.isfinite(arr).all():
        raise ValueError("u contains NaN or infinite values")
    tol = check_real(tol, "tol", nonnegative=True)
    max_orders = check_int(max_orders, "max_orders", minimum=1)
    if not np.allclose(arr, -arr.T, atol=1e-12 * max(1.0, np.abs(arr).max())):
        raise ValueError("u must be antisymmetric (u[j, i] = -u[i, j])")
    n = arr.shape[0]
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(zip(*np.nonzero(arr > tol), strict=True))
    if not nx.is_directed_acyclic_graph(graph):
        cycle = [int(i) for i, _ in nx.find_cycle(graph)]
        raise ValueError(f"the graph of u has a cycle {cycle}: no order agrees with every "
                         f"pair (the least-disagreement orders are a feedback arc set problem)")
    orders = []
    for order in nx.all_topological_sorts(graph):
        orders.append(order)
        if len(orders) > max_orders:
            raise ValueError(f"more than max_orders = {max_orders} orders agree with u")
    sigmas = np.argsort(np.array(orders, dtype=np.int64), axis=1)
    return sigmas[np.lexsort(sigmas.T[::-1])]
