"""The pairwise-disagreement loss: its risk, its Bayes orders and seed 002's least-squares preds.

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

Under a distribution ``mu`` over preference DAGs (Duchi et al., section 3.2) the
conditional risk of scores is the loss on the mean graph
(:func:`conditional_pairwise_risk`, eq. (11)); its minimisers are the Bayes orders
(:func:`bayes_orders`, by brute force), whose excess over the unavoidable part is a
minimum-weight feedback arc set of the difference graph
(:func:`minimum_feedback_arc_set`), hence Proposition 3's NP-hardness.
:func:`pred_all_orders` lists the topological orders with
:func:`rankviz.scheduling.topological_orders`.

References
----------
Seed 002, section 5 and section 6.1 (Theorem 6 and Theorem 7 of [3] as cited
there); H. G. Ramaswamy, S. Agarwal, A. Tewari, "Convex calibrated surrogates
for low-rank loss matrices with applications to subset ranking losses", NIPS
2013; Duchi, Mackey and Jordan (2013), section 3.2.2 (the difference graph), eqs. (10),
(11) and Proposition 3.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz._pairwise_terms import WEIGHT_TOL, _check_scores, _weight_scale
from rankviz._validation import (
    as_numpy,
    as_weight_matrix,
    check_array,
    check_int,
    check_permutation_rows,
    check_real,
)
from rankviz.consistency import check_preference_distribution, mean_adjacency
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import all_permutations
from rankviz.scheduling import topological_orders

__all__ = [
    "MAX_BAYES_ITEMS",
    "MAX_FAS_ITEMS",
    "MAX_ORDERS",
    "FeedbackArcSet",
    "bayes_orders",
    "conditional_pairwise_risk",
    "difference_scores",
    "expected_disagreement",
    "minimum_feedback_arc_set",
    "net_degree_scores",
    "pred_all_orders",
]

#: Largest number of orders :func:`pred_all_orders` lists before refusing.
MAX_ORDERS = 50_000

#: Largest number of items :func:`bayes_orders` enumerates (8! = 40,320 orders).
MAX_BAYES_ITEMS = 8

#: Largest number of items of :func:`minimum_feedback_arc_set` (a 2^n dynamic programme).
MAX_FAS_ITEMS = 12


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
    arr = as_numpy(sigmas, "sigmas")
    if arr.dtype == object or not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"sigmas must be integer positions, got dtype {arr.dtype}")
    single = arr.ndim == 1
    arr = np.atleast_2d(arr)
    if arr.ndim != 2 or arr.shape[1] != n:
        raise ValueError(f"sigmas must have {n} columns like Y, got shape {np.shape(sigmas)}")
    check_permutation_rows(arr, "sigmas")
    below = arr[:, :, None] > arr[:, None, :]  # i placed below j
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
        Refuse with a ``ValueError`` to list more orders than this (at most
        :data:`MAX_ORDERS`).

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
    arr = check_array(u, "u", ndim=2, square=True)
    tol = check_real(tol, "tol", nonnegative=True)
    max_orders = check_int(max_orders, "max_orders", minimum=1, maximum=MAX_ORDERS)
    if not np.allclose(arr, -arr.T, atol=1e-12 * max(1.0, np.abs(arr).max())):
        raise ValueError("u must be antisymmetric (u[j, i] = -u[i, j])")
    edges = np.where(arr > tol, arr, 0.0)
    graph = digraph_from_weights(edges)
    if not nx.is_directed_acyclic_graph(graph):
        cycle = [int(i) for i, _ in nx.find_cycle(graph)]
        raise ValueError(
            f"the graph of u has a cycle {cycle}: no order agrees with every "
            f"pair (the least-disagreement orders are a feedback arc set problem)"
        )
    try:
        orders = topological_orders(edges, max_orders=max_orders)
    except ValueError as exc:
        raise ValueError(f"more than max_orders = {max_orders} orders agree with u") from exc
    sigmas = np.argsort(orders, axis=1)
    return sigmas[np.lexsort(sigmas.T[::-1])]


# --------------------------------------------------------------------------- #
# the loss (10), its conditional risk (11) and the Bayes orders; eq. (10) itself is
# rankviz.pairwise.pairwise_disagreement (weighted preference graph, eq. (10)'s tie
# convention, batched scores)
# --------------------------------------------------------------------------- #


def conditional_pairwise_risk(alpha, mu):
    """Expected pairwise disagreement ``E_mu[L(alpha, Y)]`` of scores, Duchi et al. eq. (11).

    Because the loss (10) is linear in ``Y``, the expectation equals the loss
    on the mean graph, ``L(alpha, Y^mu)``; that is how it is computed.

    Parameters
    ----------
    alpha : array_like of shape (n,) or (q, n)
        Scores (higher is ranked higher), or a batch of them.  A permutation
        ``sigma`` is passed as ``-sigma``.
    mu : sequence of (float, array_like) or LowNoiseCounterexample
        A distribution over preference DAGs on ``n`` items.

    Returns
    -------
    float or ndarray of shape (q,)

    Raises
    ------
    TypeError, ValueError
        If ``mu`` is invalid (:func:`check_preference_distribution`) or
        ``alpha`` does not have one finite score per item.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (10) and (11).

    Examples
    --------
    >>> mu = [(0.5, [[0, 2], [0, 0]]), (0.5, [[0, 0], [1, 0]])]
    >>> conditional_pairwise_risk([1.0, 0.0], mu), conditional_pairwise_risk([0.0, 1.0], mu)
    (0.5, 1.0)
    """
    Y = mean_adjacency(mu)
    return pairwise_disagreement(_check_scores(alpha, Y.shape[0]), Y)


def bayes_orders(mu):
    """Every order minimising the conditional risk (11), by brute force over all orders.

    Parameters
    ----------
    mu : sequence of (float, array_like) or LowNoiseCounterexample
        A distribution over preference DAGs on ``n <= MAX_BAYES_ITEMS`` items.

    Returns
    -------
    ndarray of int64, shape (b, n)
        One Bayes-optimal *order* per row (``order[r]`` is the item at position
        ``r``, 0 on top; :func:`rankviz.permutations.sigma_from_order` inverts
        it), in lexicographic order.  Several rows appear when pairs with
        ``Y_ij = Y_ji`` (or a cyclic difference graph) leave a choice.

    Raises
    ------
    TypeError, ValueError
        If ``mu`` is invalid or has more than :data:`MAX_BAYES_ITEMS` items.

    Notes
    -----
    All ``n!`` permutations are scored in one batched call of
    :func:`~rankviz.pairwise.pairwise_disagreement` on ``Y^mu`` (scores
    ``-sigma``).  Minimising (11) is
    NP-hard in general (Proposition 3): it is the minimum-weight feedback arc
    set problem on the difference graph (:func:`minimum_feedback_arc_set`).
    When ``G_mu`` is acyclic, for instance in low noise, the Bayes orders are
    exactly its topological orders.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (11) and Proposition 3.

    Examples
    --------
    >>> bayes_orders([(1.0, [[0, 0, 1], [1, 0, 0], [0, 0, 0]])])   # 1 above 0 above 2
    array([[1, 0, 2]])
    """
    probs, graphs = check_preference_distribution(mu)
    n = graphs.shape[1]
    if n > MAX_BAYES_ITEMS:
        raise ValueError(
            f"mu has {n} items; bayes_orders enumerates all n! orders and "
            f"accepts at most {MAX_BAYES_ITEMS} (minimum_feedback_arc_set "
            f"handles up to {MAX_FAS_ITEMS})"
        )
    Y = np.tensordot(probs, graphs, axes=1)
    sigmas = all_permutations(n)
    risks = pairwise_disagreement(-sigmas.astype(float), Y)
    best = risks <= risks.min() + WEIGHT_TOL * _weight_scale(Y) * n * n
    orders = np.argsort(sigmas[best], axis=1)
    return orders[np.lexsort(orders.T[::-1])]


@dataclass(frozen=True, eq=False)
class FeedbackArcSet:
    """A minimum-weight feedback arc set of a weighted digraph.

    Attributes
    ----------
    weight : float
        Total weight of the arcs in the set (the minimum possible).
    arcs : tuple of (int, int)
        The arcs ``i -> j`` whose removal leaves the graph acyclic.
    order : ndarray of int64
        An order (item at each position, top first) that violates exactly
        these arcs: the graph minus the arcs is consistent with it.
    """

    weight: float
    arcs: tuple
    order: np.ndarray

    def __repr__(self) -> str:
        arcs = ", ".join(f"{i}->{j}" for i, j in self.arcs) or "none"
        return (
            f"FeedbackArcSet(weight={self.weight:.6g}, arcs=[{arcs}], order={self.order.tolist()})"
        )


def minimum_feedback_arc_set(weights):
    """Minimum-weight feedback arc set of a weighted digraph, by dynamic programming over subsets.

    A set of arcs is a feedback arc set when removing it leaves the graph
    acyclic.  The arcs an order violates (``j`` placed above ``i`` for an arc
    ``i -> j``) form one, and every feedback arc set contains the violated arcs
    of a topological order of what remains, so the minimum equals the least
    violated weight over all orders.  This programme finds that order in
    ``O(2^n n)`` steps (Held-Karp style): fill the positions from the top,
    paying, for each newly placed item, the weight of its arcs into the items
    already above it.

    Parameters
    ----------
    weights : array_like of shape (n, n)
        Non-negative arc weights with zero diagonal, ``2 <= n <= MAX_FAS_ITEMS``;
        arcs in both directions are allowed.

    Returns
    -------
    FeedbackArcSet
        Its weight, arcs and an order realising it (ties broken towards the
        smaller item index placed first).

    Raises
    ------
    TypeError, ValueError
        If ``weights`` is not a valid weight matrix or has more than
        :data:`MAX_FAS_ITEMS` items.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Proposition 3 (minimising (11) is this
    NP-hard problem on the difference graph); R. M. Karp (1972), "Reducibility
    among combinatorial problems" (feedback arc set is NP-complete).

    Examples
    --------
    >>> minimum_feedback_arc_set([[0, 3, 0], [0, 0, 2], [1, 0, 0]])   # a 3-cycle
    FeedbackArcSet(weight=1, arcs=[2->0], order=[0, 1, 2])
    """
    W = as_weight_matrix(weights, "weights", min_items=2)
    n = W.shape[0]
    if n > MAX_FAS_ITEMS:
        raise ValueError(
            f"weights has {n} items; minimum_feedback_arc_set accepts at most "
            f"{MAX_FAS_ITEMS} (the programme has 2^n states)"
        )
    size = 1 << n
    # into[v, S]: weight of the arcs from v into the items of S (built one bit at a time)
    into = np.zeros((n, size))
    for subset in range(1, size):
        low = (subset & -subset).bit_length() - 1
        into[:, subset] = into[:, subset & (subset - 1)] + W[:, low]
    best = np.full(size, np.inf)
    best[0] = 0.0
    choice = np.zeros(size, dtype=np.int64)
    for subset in range(size):
        if not np.isfinite(best[subset]):
            continue
        for v in range(n):
            if subset >> v & 1:
                continue
            grown = subset | (1 << v)
            cost = best[subset] + into[v, subset]
            if cost < best[grown] - 1e-12 * _weight_scale(W):
                best[grown], choice[grown] = cost, v
    order, subset = [], size - 1
    while subset:
        v = int(choice[subset])
        order.append(v)
        subset &= ~(1 << v)
    order = np.array(order[::-1], dtype=np.int64)
    position = np.empty(n, dtype=np.int64)
    position[order] = np.arange(n)
    arcs = tuple(
        (int(i), int(j))
        for i, j in zip(*np.nonzero(W > 0), strict=True)
        if position[i] > position[j]
    )
    total = float(sum(W[i, j] for i, j in arcs))
    return FeedbackArcSet(weight=total, arcs=arcs, order=order)
