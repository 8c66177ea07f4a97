"""Pairwise surrogates for the pairwise disagreement: inconsistent even in low noise, and a repair.

Setting (Duchi, Mackey and Jordan, 2013, section 3.2).  A query comes with a
random *preference graph*: the weighted adjacency matrix ``Y`` of a directed
acyclic graph on ``n`` items, ``Y[i, j] >= 0`` the weight of "item i above
item j".  A **distribution over preference DAGs** ``mu`` is written as a finite
list of pairs ``(p_k, Y_k)``: probabilities summing to one and DAG adjacency
matrices of one common size (:func:`check_preference_distribution` validates
it; a :class:`Counterexample` is accepted wherever ``mu`` is).

* The loss is the pairwise disagreement (10), :func:`pairwise_loss` (the same
  function as :func:`rankviz.pairwise.pairwise_disagreement`).  Its conditional
  risk (11) depends on ``mu`` only through the mean adjacency
  ``Y^mu = sum_k p_k Y_k`` (:func:`mean_adjacency`).
* The **difference graph** ``G_mu`` has the edge ``i -> j`` with weight
  ``Y^mu_ij - Y^mu_ji`` when that is positive (:func:`difference_graph`);
  ``mu`` is **low noise** (Definition 4) when every path ``i -> j -> k`` of
  ``G_mu`` is outweighed by the direct edge (:func:`is_low_noise`).
* The Bayes orders minimise (11) (:func:`bayes_orders`, by brute force); their
  excess over the unavoidable part is a minimum-weight feedback arc set of
  ``G_mu`` (:func:`minimum_feedback_arc_set`), hence Proposition 3's
  NP-hardness.
* Convex surrogates: the pairwise form (12) ``sum_ij Y_ij phi(a_i - a_j)`` and
  the margin form (13) ``sum_{Y_ij > 0} phi(a_i - a_j - Y_ij)`` (both with
  ``h`` the identity), minimised by cvxpy (:func:`surrogate_minimizer`).  Even
  in low noise their minimisers can misorder an edge of ``G_mu`` (Theorems 2
  and 3): :func:`find_low_noise_counterexample` finds such distributions and
  :func:`certify_counterexample` re-proves each one without cvxpy.
* The aggregated loss (23) weighs ``phi(a_i - a_j)`` by the difference graph's
  edge weight ``[s_ij - s_ji]_+`` instead, and is consistent whenever
  ``G_mu`` is acyclic (:func:`aggregated_surrogate_minimizer`).

Tolerances.  A weight difference whose size is at most :data:`WEIGHT_TOL`
times the largest weight (at least 1) is a tie: no edge of ``G_mu``.  Two
scores closer than :data:`SCORE_TIE_TOL` are tied: the minimisers are accurate
to about 1e-9 (solver tolerances 1e-10, then Newton's method on the exact
gradient for the differentiable losses).  The exact checks of
:func:`certify_counterexample` use no tolerance at all.

The cvxpy problems are built once per (surrogate, number of items, number of
terms rounded up to a multiple of n(n - 1)), with ``cvxpy.Parameter`` incidence
rows, weights and margins, then re-solved; the cache only saves construction
time (tens of milliseconds) and never changes a result.

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013 (seed ``003_78b4dd99621c547a.txt``):
eqs. (10)-(13), Proposition 3, Definition 4, Theorems 2-3 (section 3.2) and
eq. (23) (section 5.3).
"""

from __future__ import annotations

import functools
import itertools
import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import cvxpy as cp
import networkx as nx
import numpy as np
import sympy as sp
from scipy.optimize import linprog, minimize
from scipy.special import expit

from rankviz._validation import (
    as_float_vector,
    as_generator,
    as_weight_matrix,
    check_choice,
    check_int,
)
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import all_permutations

__all__ = [
    "FORMS",
    "MAX_BAYES_ITEMS",
    "MAX_FAS_ITEMS",
    "MAX_SEARCH_ITEMS",
    "SCORE_TIE_TOL",
    "SURROGATES",
    "WEIGHT_TOL",
    "Certificate",
    "Counterexample",
    "FeedbackArcSet",
    "SurrogateSolution",
    "aggregated_surrogate_minimizer",
    "aggregated_surrogate_risk",
    "bayes_orders",
    "certify_counterexample",
    "check_preference_distribution",
    "conditional_pairwise_risk",
    "difference_graph",
    "find_low_noise_counterexample",
    "is_low_noise",
    "low_noise_violations",
    "mean_adjacency",
    "minimum_feedback_arc_set",
    "pairwise_loss",
    "random_preference_distribution",
    "surrogate_minimizer",
    "surrogate_risk",
    "violated_edges",
]

#: The convex losses ``phi`` of the surrogates, as functions of the margin ``t = a_i - a_j``:
#: ``max(0, 1 - t)``, ``log(1 + exp(-t))``, ``exp(-t)`` and ``max(0, 1 - t)**2``.
SURROGATES = ("hinge", "logistic", "exponential", "squared_hinge")

#: The two surrogate forms: "pairwise" is eq. (12), "margin" is eq. (13), both with h(y) = y.
FORMS = ("pairwise", "margin")

#: Largest number of items :func:`bayes_orders` enumerates (8! = 40,320 orders).
MAX_BAYES_ITEMS = 8

#: Largest number of items of :func:`minimum_feedback_arc_set` (a 2^n dynamic programme).
MAX_FAS_ITEMS = 12

#: Largest number of items :func:`find_low_noise_counterexample` searches over.
MAX_SEARCH_ITEMS = 5

#: Relative tolerance under which two expected weights count as equal (no difference edge).
WEIGHT_TOL = 1e-9

#: Absolute tolerance under which two scores count as tied.
SCORE_TIE_TOL = 1e-6

# Probabilities may be off by rounding: their sum must be within this of 1.
_PROBABILITY_SUM_TOL = 1e-9

# phi as a function of the margin t, for numpy (vectorised) and for cvxpy (an atom).
_PHI_NUMPY = {
    "hinge": lambda t: np.maximum(0.0, 1.0 - t),
    "logistic": lambda t: np.logaddexp(0.0, -t),
    "exponential": lambda t: np.exp(-t),
    "squared_hinge": lambda t: np.maximum(0.0, 1.0 - t) ** 2,
}
_PHI_CVXPY = {
    "hinge": lambda t: cp.pos(1 - t),
    "logistic": lambda t: cp.logistic(-t),
    "exponential": lambda t: cp.exp(-t),
    "squared_hinge": lambda t: cp.square(cp.pos(1 - t)),
}
# Solvers in the order tried.  The tolerances are tighter than the defaults so that the
# scores, not only the risk, come out accurate (ties are judged on scores); the
# differentiable losses are then polished by Newton's method (_polish).
_SOLVERS = (
    ("CLARABEL", {"tol_gap_abs": 1e-10, "tol_gap_rel": 1e-10, "tol_feas": 1e-10,
                  "tol_ktratio": 1e-8}),
    ("SCS", {"eps_abs": 1e-8, "eps_rel": 1e-8, "max_iters": 20_000}),
)

# First and second derivatives of the differentiable losses, for the Newton polish.
_PHI_DERIVATIVES = {
    "logistic": (lambda t: -expit(-t), lambda t: expit(t) * expit(-t)),
    "exponential": (lambda t: -np.exp(-t), lambda t: np.exp(-t)),
    "squared_hinge": (lambda t: -2.0 * np.maximum(0.0, 1.0 - t), lambda t: 2.0 * (t < 1.0)),
}

# phi is strictly positive everywhere: a minimiser needs every term to be balanced.
_NEVER_ZERO = ("logistic", "exponential")


# --------------------------------------------------------------------------- #
# distributions over preference DAGs
# --------------------------------------------------------------------------- #
def _as_adjacency(values, name: str) -> np.ndarray:
    """A weighted preference graph over at least 2 items (see ``as_weight_matrix``)."""
    return as_weight_matrix(values, name, min_items=2)


def _find_cycle(adjacency: np.ndarray) -> list[int] | None:
    graph = nx.DiGraph()
    graph.add_nodes_from(range(adjacency.shape[0]))
    graph.add_edges_from(zip(*np.nonzero(adjacency > 0), strict=True))
    if nx.is_directed_acyclic_graph(graph):
        return None
    return [int(u) for u, _ in nx.find_cycle(graph)]


def check_preference_distribution(mu, name: str = "mu"):
    """Validate a distribution over preference DAGs and return it as arrays.

    Parameters
    ----------
    mu : sequence of (float, array_like) or Counterexample
        Pairs ``(p_k, Y_k)``: probabilities in [0, 1] summing to 1 (up to
        1e-9) and weighted adjacency matrices of directed acyclic graphs, all
        ``n x n`` with ``n >= 2``, non-negative, zero diagonal.
        ``Y_k[i, j]`` is the weight of the preference "item i above item j".
    name : str, default "mu"
        Argument name used in error messages.

    Returns
    -------
    probs : ndarray of shape (K,)
    graphs : ndarray of shape (K, n, n)

    Raises
    ------
    TypeError
        If ``mu`` is not a sequence of pairs, or an entry is not numeric.
    ValueError
        If ``mu`` is empty, a probability is outside [0, 1], the probabilities
        do not sum to 1, the matrices differ in size or are not square, a
        weight is negative or not finite, a diagonal entry is non-zero, or a
        graph has a directed cycle (the cycle is named).

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 3.2 (preferences are DAGs).

    Examples
    --------
    >>> probs, graphs = check_preference_distribution([(0.5, [[0, 1], [0, 0]]),
    ...                                                (0.5, [[0, 0], [2, 0]])])
    >>> probs, graphs.shape
    (array([0.5, 0.5]), (2, 2, 2))
    >>> check_preference_distribution([(1.0, [[0, 1], [1, 0]])])
    Traceback (most recent call last):
        ...
    ValueError: mu[0] graph has a directed cycle 0 -> 1 -> 0; preference graphs must be acyclic
    """
    if isinstance(mu, Counterexample):
        return mu.probs, mu.graphs
    if isinstance(mu, (str, bytes, np.ndarray)) or not isinstance(mu, Sequence):
        raise TypeError(f"{name} must be a list of (probability, adjacency matrix) pairs, "
                        f"got {type(mu).__name__}")
    if len(mu) == 0:
        raise ValueError(f"{name} is empty: give at least one (probability, graph) pair")
    probs, graphs = [], []
    for k, entry in enumerate(mu):
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) != 2:
            raise TypeError(f"{name}[{k}] must be a pair (probability, adjacency matrix), "
                            f"got {type(entry).__name__}")
        p, graph = entry
        if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, float, np.number)):
            raise TypeError(f"{name}[{k}] probability must be a real number, "
                            f"got {type(p).__name__}")
        p = float(p)
        if not (math.isfinite(p) and 0.0 <= p <= 1.0):
            raise ValueError(f"{name}[{k}] probability must lie in [0, 1], got {p}")
        adjacency = _as_adjacency(graph, f"{name}[{k}] graph")
        if graphs and adjacency.shape != graphs[0].shape:
            raise ValueError(f"{name}[{k}] graph has shape {adjacency.shape}, but {name}[0] "
                             f"graph has shape {graphs[0].shape}: all graphs rank the same items")
        cycle = _find_cycle(adjacency)
        if cycle is not None:
            path = " -> ".join(str(v) for v in [*cycle, cycle[0]])
            raise ValueError(f"{name}[{k}] graph has a directed cycle {path}; "
                             f"preference graphs must be acyclic")
        probs.append(p)
        graphs.append(adjacency)
    probs = np.array(probs)
    if abs(probs.sum() - 1.0) > _PROBABILITY_SUM_TOL:
        raise ValueError(f"{name}: the probabilities must sum to 1, got {probs.sum():.12g}")
    graphs = np.stack(graphs)
    probs.flags.writeable = False
    graphs.flags.writeable = False
    return probs, graphs


def mean_adjacency(mu):
    """The expected adjacency matrix ``Y^mu = sum_k p_k Y_k`` of a distribution over DAGs.

    Parameters
    ----------
    mu : sequence of (float, array_like) or Counterexample
        A distribution over preference DAGs (see
        :func:`check_preference_distribution`).

    Returns
    -------
    ndarray of shape (n, n)
        ``Y^mu[i, j]``, the expected weight of "i above j".  It need not be
        acyclic: averaging DAGs can create cycles.

    Raises
    ------
    TypeError, ValueError
        As :func:`check_preference_distribution`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 3.2, the definition before eq. (11).

    Examples
    --------
    >>> mean_adjacency([(0.5, [[0, 2], [0, 0]]), (0.5, [[0, 0], [1, 0]])])
    array([[0. , 1. ],
           [0.5, 0. ]])
    """
    probs, graphs = check_preference_distribution(mu)
    return np.tensordot(probs, graphs, axes=1)


def _weight_scale(weights: np.ndarray) -> float:
    return max(1.0, float(np.abs(weights).max()))


def difference_graph(Y_mean):
    """Edge weights of the difference graph ``G_mu``: ``max(Y_ij - Y_ji, 0)``.

    Works for any number of items and any non-negative weights (Chapter 08
    applies it to averaged preference graphs).

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        Expected (or averaged) adjacency matrix: non-negative, zero diagonal.

    Returns
    -------
    ndarray of shape (n, n)
        ``D[i, j] = max(Y_ij - Y_ji, 0)``; ``i -> j`` is an edge of ``G_mu``
        exactly when ``D[i, j] > 0``.  Differences within :data:`WEIGHT_TOL`
        times ``max(1, max Y)`` of zero are set to 0 (a tie, no edge), so that
        rounding in a mean never creates an edge.  At most one of ``D[i, j]``
        and ``D[j, i]`` is positive.

    Raises
    ------
    TypeError, ValueError
        If ``Y_mean`` is not a square, finite, non-negative matrix with zero
        diagonal and at least 2 items.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 3.2.2 and Figure 1; the weights
    ``[s_ij - s_ji]_+`` of eq. (23).

    Examples
    --------
    >>> difference_graph([[0, 3, 1], [1, 0, 2], [1, 0, 0]])
    array([[0., 2., 0.],
           [0., 0., 2.],
           [0., 0., 0.]])
    """
    Y = _as_adjacency(Y_mean, "Y_mean")
    return _difference(Y)


def _difference(Y: np.ndarray) -> np.ndarray:
    D = Y - Y.T
    D[D <= WEIGHT_TOL * _weight_scale(Y)] = 0.0
    return D


def _violations(A, tol) -> list[tuple[int, int, int]]:
    """Triples (i, j, k) with edges i -> j -> k of the difference graph whose direct
    weight A[i][k] falls short of the path weight by more than ``tol``.

    ``A`` is the antisymmetric difference ``Y - Y^T`` as a nested sequence; it may
    hold floats (with a tolerance) or exact ``Fraction``s (``tol = 0``).
    """
    n = len(A)
    edge = [[A[i][j] > tol for j in range(n)] for i in range(n)]
    return [(i, j, k) for i, j, k in itertools.permutations(range(n), 3)
            if edge[i][j] and edge[j][k] and A[i][k] < A[i][j] + A[j][k] - tol]


def low_noise_violations(Y_mean):
    """The paths of the difference graph that break Definition 4's reverse triangle inequality.

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        Expected adjacency matrix: non-negative, zero diagonal.

    Returns
    -------
    list of (int, int, int)
        Every triple ``(i, j, k)`` such that ``i -> j`` and ``j -> k`` are edges
        of ``G_mu`` but ``Y_ik - Y_ki < (Y_ij - Y_ji) + (Y_jk - Y_kj)`` (beyond
        the tolerance :data:`WEIGHT_TOL` times ``max(1, max Y)``), in
        lexicographic order.  Empty exactly when the distribution is low noise.

    Raises
    ------
    TypeError, ValueError
        As :func:`difference_graph`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Definition 4.

    Examples
    --------
    >>> low_noise_violations([[0, 1, 1], [0, 0, 1], [0, 0, 0]])   # 1 < 1 + 1
    [(0, 1, 2)]
    >>> low_noise_violations([[0, 1, 3], [0, 0, 1], [0, 0, 0]])
    []
    """
    Y = _as_adjacency(Y_mean, "Y_mean")
    return _violations((Y - Y.T).tolist(), WEIGHT_TOL * _weight_scale(Y))


def is_low_noise(Y_mean):
    """Whether an expected adjacency matrix satisfies the low-noise condition (Definition 4).

    The condition: whenever ``i -> j`` and ``j -> k`` are edges of the
    difference graph ``G_mu``, the direct weight ``Y_ik - Y_ki`` is at least the
    path weight ``(Y_ij - Y_ji) + (Y_jk - Y_kj)``.  In particular ``i -> k`` is
    an edge too, so ``G_mu`` is transitively closed, and therefore acyclic.

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        Expected adjacency matrix (:func:`mean_adjacency`).

    Returns
    -------
    bool

    Raises
    ------
    TypeError, ValueError
        As :func:`difference_graph`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Definition 4.

    Examples
    --------
    >>> is_low_noise([[0, 1, 3], [0, 0, 1], [0, 0, 0]])
    True
    >>> is_low_noise([[0, 1, 1.5], [0, 0, 1], [0, 0, 0]])
    False
    """
    return not low_noise_violations(Y_mean)


def random_preference_distribution(n_items, rng=0, *, n_graphs=3, max_weight=10,
                                   low_noise=False):
    """A random distribution over preference DAGs, for experiments and checks.

    Parameters
    ----------
    n_items : int
        Number of items, at least 2.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    n_graphs : int, default 3
        Number of DAGs (ignored when ``low_noise``).  Each DAG orders the items
        by an independent random permutation and keeps each of its edges with
        probability 1/2, with an integer weight in ``1..max_weight``; the
        probabilities are drawn from a flat Dirichlet distribution.
    max_weight : int, default 10
        Largest edge weight.
    low_noise : bool, default False
        Draw a distribution that satisfies Definition 4 strictly instead: latent
        scores ``s`` uniform on ``[0, max_weight / 2]``, mean weights
        ``Y_ij = g(s_i - s_j)_+ + c_ij`` with ``g(x) = x + x^2 / max_weight``
        (superadditive, so a direct edge outweighs every path) and symmetric noise
        ``c_ij`` uniform on ``[0, 1]``, realised by two DAGs of probability 1/2
        (twice the weights above the diagonal, twice those below).

    Returns
    -------
    list of (float, ndarray)
        The distribution, valid for :func:`check_preference_distribution`.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 3.2 and Definition 4.

    Examples
    --------
    >>> mu = random_preference_distribution(4, rng=1, low_noise=True)
    >>> is_low_noise(mean_adjacency(mu)), len(mu)
    (True, 2)
    >>> len(random_preference_distribution(5, rng=1, n_graphs=4))
    4
    """
    n = check_int(n_items, "n_items", minimum=2)
    k = check_int(n_graphs, "n_graphs", minimum=1)
    top = check_int(max_weight, "max_weight", minimum=1)
    gen = as_generator(rng)
    if low_noise:
        s = gen.uniform(0.0, top / 2, size=n)
        x = s[:, None] - s[None, :]
        noise = np.triu(gen.uniform(0.0, 1.0, size=(n, n)), 1)
        Y = np.maximum(x + x * np.abs(x) / top, 0.0) + noise + noise.T
        np.fill_diagonal(Y, 0.0)
        return [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]
    probs = gen.dirichlet(np.ones(k))
    probs[-1] = max(0.0, 1.0 - probs[:-1].sum())
    graphs = []
    for _ in range(k):
        order = gen.permutation(n)
        Y = np.zeros((n, n))
        for a, b in itertools.combinations(range(n), 2):
            if gen.random() < 0.5:
                Y[order[a], order[b]] = gen.integers(1, top + 1)
        graphs.append(Y)
    return [(float(p), Y) for p, Y in zip(probs, graphs, strict=True)]


# --------------------------------------------------------------------------- #
# the loss (10), its conditional risk (11) and the Bayes orders
# --------------------------------------------------------------------------- #
#: Eq. (10): the one implementation is :func:`rankviz.pairwise.pairwise_disagreement`
#: (weighted preference graph, eq. (10)'s tie convention, batched scores).
pairwise_loss = pairwise_disagreement


def _check_scores(alpha, n: int, name: str = "alpha") -> np.ndarray:
    arr = np.asarray(alpha)
    if arr.ndim not in (1, 2):
        raise ValueError(f"{name} must be 1-D (one score per item) or 2-D (a batch), "
                         f"got an array of shape {arr.shape}")
    rows = [as_float_vector(row, name) for row in (arr if arr.ndim == 2 else [arr])]
    if rows[0].size != n:
        raise ValueError(f"{name} must have one score per item ({n}), got {rows[0].size}")
    return np.vstack(rows) if arr.ndim == 2 else rows[0]


def conditional_pairwise_risk(alpha, mu):
    """Expected pairwise disagreement ``E_mu[L(alpha, Y)]`` of scores, Duchi et al. eq. (11).

    Because the loss (10) is linear in ``Y``, the expectation equals the loss
    on the mean graph, ``L(alpha, Y^mu)``; that is how it is computed.

    Parameters
    ----------
    alpha : array_like of shape (n,) or (q, n)
        Scores (higher is ranked higher), or a batch of them.  A permutation
        ``sigma`` is passed as ``-sigma``.
    mu : sequence of (float, array_like) or Counterexample
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
    return pairwise_loss(_check_scores(alpha, Y.shape[0]), Y)


def bayes_orders(mu):
    """Every order minimising the conditional risk (11), by brute force over all orders.

    Parameters
    ----------
    mu : sequence of (float, array_like) or Counterexample
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
    :func:`pairwise_loss` on ``Y^mu`` (scores ``-sigma``).  Minimising (11) is
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
        raise ValueError(f"mu has {n} items; bayes_orders enumerates all n! orders and "
                         f"accepts at most {MAX_BAYES_ITEMS} (minimum_feedback_arc_set "
                         f"handles up to {MAX_FAS_ITEMS})")
    Y = np.tensordot(probs, graphs, axes=1)
    sigmas = all_permutations(n)
    risks = pairwise_loss(-sigmas.astype(float), Y)
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
        return (f"FeedbackArcSet(weight={self.weight:.6g}, arcs=[{arcs}], "
                f"order={self.order.tolist()})")


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
    W = _as_adjacency(weights, "weights")
    n = W.shape[0]
    if n > MAX_FAS_ITEMS:
        raise ValueError(f"weights has {n} items; minimum_feedback_arc_set accepts at most "
                         f"{MAX_FAS_ITEMS} (the programme has 2^n states)")
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
    arcs = tuple((int(i), int(j)) for i, j in zip(*np.nonzero(W > 0), strict=True)
                 if position[i] > position[j])
    total = float(sum(W[i, j] for i, j in arcs))
    return FeedbackArcSet(weight=total, arcs=arcs, order=order)


# --------------------------------------------------------------------------- #
# surrogates (12), (13) and (23)
# --------------------------------------------------------------------------- #
def _terms(probs, graphs, form: str):
    """The terms ``w * phi(a_i - a_j - m)`` of a conditional surrogate risk.

    Works on float arrays and on nested lists of Fractions alike; returns
    ``(src, dst, weights, margins)`` as lists (term k concerns the pair
    src[k] -> dst[k]), only terms of positive weight, sorted.
    """
    K, n = len(probs), len(graphs[0])
    terms: dict[tuple[int, int, object], object] = {}
    for k in range(K):
        for i in range(n):
            for j in range(n):
                y = graphs[k][i][j]
                if i == j or y <= 0 or probs[k] <= 0:
                    continue
                # (12) with h = identity: weight E[Y_ij], margin 0; (13): weight P(Y_ij > 0)
                # per distinct value, margin h(Y_ij) = Y_ij
                key = (i, j, 0) if form == "pairwise" else (i, j, y)
                gain = probs[k] * y if form == "pairwise" else probs[k]
                terms[key] = terms.get(key, 0) + gain
    keys = sorted(terms)
    return ([key[0] for key in keys], [key[1] for key in keys], [terms[key] for key in keys],
            [key[2] for key in keys])


def _aggregated_terms(D: np.ndarray):
    src, dst = np.nonzero(D > 0)
    return src.tolist(), dst.tolist(), D[src, dst].tolist(), [0.0] * src.size


def _risk(alpha: np.ndarray, terms, phi: str):
    src, dst, w, m = (np.asarray(x, dtype=float) for x in terms)
    if src.size == 0:
        return np.zeros(alpha.shape[:-1]) if alpha.ndim == 2 else 0.0
    src, dst = src.astype(int), dst.astype(int)
    margins = alpha[..., src] - alpha[..., dst] - m
    with np.errstate(over="ignore"):  # exp(-t) of a very negative margin is +inf: a valid risk
        total = _PHI_NUMPY[phi](margins) @ w
    return total if alpha.ndim == 2 else float(total)


def surrogate_risk(alpha, mu, phi, form="pairwise"):
    """The conditional surrogate risk of scores: eq. (12) or (13) averaged over ``mu``.

    ``form="pairwise"``: ``sum_{i != j} Y^mu_ij phi(a_i - a_j)`` (eq. 12 with
    ``h`` the identity, so only ``Y^mu`` matters).  ``form="margin"``:
    ``E_mu sum_{i, j: Y_ij > 0} phi(a_i - a_j - Y_ij)`` (eq. 13 with ``h`` the
    identity: each preference asks for a margin equal to its weight; the whole
    distribution matters, not only its mean).

    Parameters
    ----------
    alpha : array_like of shape (n,) or (q, n)
        Scores, or a batch of them.
    mu : sequence of (float, array_like) or Counterexample
        A distribution over preference DAGs on ``n`` items.
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
        The convex loss of the margin (:data:`SURROGATES`).
    form : {"pairwise", "margin"}, default "pairwise"

    Returns
    -------
    float or ndarray of shape (q,)

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (12) and (13).

    Examples
    --------
    >>> mu = [(0.5, [[0, 2], [0, 0]]), (0.5, [[0, 0], [1, 0]])]
    >>> surrogate_risk([1.0, 0.0], mu, "hinge")             # 1 * (1 - 1)_+ + 0.5 * (1 + 1)_+
    1.0
    >>> surrogate_risk([1.0, 0.0], mu, "hinge", "margin")   # 0.5 * (1 - 1 + 2) + 0.5 * (1 + 1 + 1)
    2.5
    """
    phi = check_choice(phi, "phi", SURROGATES)
    form = check_choice(form, "form", FORMS)
    probs, graphs = check_preference_distribution(mu)
    alpha = _check_scores(alpha, graphs.shape[1])
    return _risk(alpha, _terms(probs, graphs, form), phi)


def aggregated_surrogate_risk(alpha, Y_mean, phi):
    """The aggregated surrogate (23): ``sum_{i, j} [s_ij - s_ji]_+ phi(a_i - a_j)``.

    Parameters
    ----------
    alpha : array_like of shape (n,) or (q, n)
        Scores, or a batch of them.
    Y_mean : array_like of shape (n, n)
        The averaged preference graph ``s`` (e.g. :func:`mean_adjacency`).
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}

    Returns
    -------
    float or ndarray of shape (q,)

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (23).

    Examples
    --------
    >>> aggregated_surrogate_risk([1.0, 0.0], [[0, 2], [1, 0]], "hinge")   # 1 * (1 - 1)_+
    0.0
    """
    phi = check_choice(phi, "phi", SURROGATES)
    Y = _as_adjacency(Y_mean, "Y_mean")
    alpha = _check_scores(alpha, Y.shape[0])
    return _risk(alpha, _aggregated_terms(_difference(Y)), phi)


@dataclass(frozen=True, eq=False)
class SurrogateSolution:
    """A minimiser of a conditional surrogate risk, as returned by the cvxpy solver.

    Attributes
    ----------
    alpha : ndarray of shape (n,)
        The minimising scores; ``alpha[0] = 0`` (and 0 for the first item of
        every group of items that no term links to the others).
    value : float
        The surrogate risk at ``alpha``, recomputed in numpy.
    status : str
        cvxpy's status: "optimal" or "optimal_inaccurate".
    solver : str
        The solver that produced it ("CLARABEL", "SCS"; "none" when there is
        no term to minimise).
    phi, form : str
        The surrogate (:data:`SURROGATES`) and "pairwise", "margin" or
        "aggregated".
    """

    alpha: np.ndarray
    value: float
    status: str
    solver: str
    phi: str
    form: str

    def __repr__(self) -> str:
        alpha = np.array2string(self.alpha, precision=4, separator=", ", suppress_small=True)
        return (f"SurrogateSolution(phi={self.phi!r}, form={self.form!r}, alpha={alpha}, "
                f"value={self.value:.6g}, status={self.status!r}, solver={self.solver!r})")


def _components(n: int, src, dst) -> list[list[int]]:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(zip(src, dst, strict=True))
    return sorted(sorted(c) for c in nx.connected_components(graph))


def _unattained(n: int, src, dst) -> list[int] | None:
    """Items that can be raised forever (a source component), if the support is not
    strongly connected within each of its weakly connected components."""
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(zip(src, dst, strict=True))
    for component in nx.weakly_connected_components(graph):
        sub = graph.subgraph(component)
        if nx.is_strongly_connected(sub):
            continue
        condensed = nx.condensation(sub)
        source = next(c for c in nx.topological_sort(condensed))
        return sorted(condensed.nodes[source]["members"])
    return None


@functools.lru_cache(maxsize=64)
def _template(phi: str, n: int, size: int):
    """A parametrised cvxpy problem for sum_k w_k phi(a_src[k] - a_dst[k] - m_k), pinned a = 0.

    ``size`` terms, each given by a row of the incidence parameter (+1 at src, -1 at dst;
    a zero row and a zero weight pad unused terms), so that one problem serves every graph
    with at most ``size`` terms.  Hinge: a linear programme in the slacks s >= 0,
    s >= 1 + m - (a_src - a_dst).  Squared hinge: the same slacks with the objective
    w @ s^2.  Logistic and exponential: epigraph variables t >= phi(...) (exponential cone).
    """
    alpha = cp.Variable(n)
    incidence = cp.Parameter((size, n))
    weights = cp.Parameter(size, nonneg=True)
    margins = cp.Parameter(size)
    pinned = cp.Parameter(n, nonneg=True)
    gaps = incidence @ alpha - margins
    constraints = [cp.multiply(pinned, alpha) == 0]
    if phi in ("hinge", "squared_hinge"):
        slack = cp.Variable(size, nonneg=True)
        constraints.append(slack >= 1 - gaps)
        objective = weights @ slack if phi == "hinge" else weights @ cp.square(slack)
    else:
        t = cp.Variable(size)
        constraints.append(t >= _PHI_CVXPY[phi](gaps))
        objective = weights @ t
    problem = cp.Problem(cp.Minimize(objective), constraints)
    # The hinges' minimisers need not be unique: a second problem picks the smallest one.
    # Hinge: among scores whose risk is within ``bound`` of the minimum.  Squared hinge:
    # every minimiser keeps the margins of the terms active at one minimiser and leaves
    # the other margins at least 1 + m (see _certify_squared_hinge), i.e. box constraints
    # ``lower <= gaps <= upper`` on the margins.
    bound = cp.Parameter(nonneg=True)
    lower, upper = cp.Parameter(size), cp.Parameter(size)
    smallest = None
    if phi == "hinge":
        smallest = cp.Problem(cp.Minimize(cp.sum_squares(alpha)),
                              [*constraints, objective <= bound])
    elif phi == "squared_hinge":
        smallest = cp.Problem(cp.Minimize(cp.sum_squares(alpha)),
                              [constraints[0], gaps >= lower, gaps <= upper])
    parameters = {"incidence": incidence, "weights": weights, "margins": margins,
                  "pinned": pinned, "bound": bound, "lower": lower, "upper": upper}
    return problem, smallest, alpha, parameters


def _polish(alpha: np.ndarray, terms, phi: str, free: np.ndarray) -> np.ndarray:
    """A few safeguarded Newton steps on the exact gradient (differentiable losses only).

    Interior-point solvers return scores accurate to about 1e-5 on flat risks; the polish
    brings them to about 1e-10 and never increases the risk.
    """
    src, dst, w, m = (np.asarray(x) for x in terms)
    src, dst, w, m = src.astype(int), dst.astype(int), w.astype(float), m.astype(float)
    first, second = _PHI_DERIVATIVES[phi]
    incidence = np.zeros((src.size, alpha.size))
    incidence[np.arange(src.size), src] = 1.0
    incidence[np.arange(src.size), dst] -= 1.0
    incidence = incidence[:, free]
    current = _risk(alpha, terms, phi)
    for _ in range(6):
        gaps = alpha[src] - alpha[dst] - m
        gradient = incidence.T @ (w * first(gaps))
        if np.abs(gradient).max() <= 1e-13:
            break
        hessian = incidence.T @ ((w * second(gaps))[:, None] * incidence)
        step = np.linalg.lstsq(hessian, -gradient, rcond=None)[0]
        for size in (1.0, 0.5, 0.25, 0.125):
            trial = alpha.copy()
            trial[free] += size * step
            value = _risk(trial, terms, phi)
            if value <= current:
                alpha, current = trial, value
                break
        else:
            break
    return alpha


def _minimize(terms, n: int, phi: str, form: str) -> SurrogateSolution:
    src, dst, w, m = terms
    pinned = np.zeros(n)
    for component in _components(n, src, dst):
        pinned[component[0]] = 1.0
    if not src:
        return SurrogateSolution(np.zeros(n), 0.0, "optimal", "none", phi, form)
    if phi in _NEVER_ZERO:
        free = _unattained(n, src, dst)
        if free is not None:
            raise ValueError(
                f"the {phi} surrogate risk has no minimiser here: every term linking items "
                f"{free} to the others prefers them on top, so raising their scores lowers "
                f"the risk forever (its infimum is not attained); a minimiser needs, within "
                f"each connected group of items, a path of preferences between any two items "
                f"in both directions (or use phi='hinge' or 'squared_hinge')")
    weights, margins = np.asarray(w, float), np.asarray(m, float)
    if phi == "exponential":  # exp(-(d - m)) = exp(m) exp(-d): fold the margins into the weights
        weights, margins = weights * np.exp(margins - margins.max()), np.zeros_like(margins)
    weights = weights / weights.max()  # the minimiser does not depend on the scale
    # one problem per (loss, n, size bucket): the sizes are multiples of n(n - 1)
    per_graph = n * (n - 1)
    size = per_graph * -(-len(src) // per_graph)
    problem, smallest, alpha, parameters = _template(phi, n, size)
    incidence = np.zeros((size, n))
    incidence[np.arange(len(src)), src] = 1.0
    incidence[np.arange(len(src)), dst] -= 1.0
    parameters["incidence"].value = incidence
    parameters["weights"].value = np.r_[weights, np.zeros(size - len(src))]
    parameters["margins"].value = np.r_[margins, np.zeros(size - len(src))]
    parameters["pinned"].value = pinned
    bound = parameters["bound"]
    parameters["lower"].value = parameters["upper"].value = np.zeros(size)
    statuses = []
    for solver, options in _SOLVERS:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                problem.solve(solver=solver, verbose=False, **options)
                status = problem.status
                if smallest is not None and status in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE):
                    # an unbounded optimal set (risk 0 reached by spreading scores) often
                    # leaves the first solve "inaccurate"; the second one is well posed
                    first = np.array(alpha.value, dtype=float)
                    bound.value = max(problem.value, 0.0) + 1e-10 * (1 + abs(problem.value))
                    gaps = incidence @ first - parameters["margins"].value
                    active = (1.0 - gaps > 1e-7) & (parameters["weights"].value > 0)
                    idle = parameters["weights"].value == 0
                    parameters["lower"].value = np.where(active, gaps,
                                                         np.where(idle, -1e6, 1.0))
                    parameters["upper"].value = np.where(active, gaps, 1e6)
                    smallest.solve(solver=solver, verbose=False, **options)
                    if smallest.status == cp.OPTIMAL:
                        status = smallest.status
                    else:  # keep the first minimiser
                        alpha.value = first
        except (cp.error.SolverError, ArithmeticError) as exc:
            statuses.append(f"{solver}: {type(exc).__name__}")
            continue
        statuses.append(f"{solver}: {status}")
        if status in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE) and alpha.value is not None:
            scores = np.array(alpha.value, dtype=float)
            scores[pinned > 0] = 0.0
            with np.errstate(over="ignore"):
                if phi in _PHI_DERIVATIVES and np.isfinite(scores).all():
                    scores = _polish(scores, (src, dst, weights, margins), phi, pinned == 0)
                scores += 0.0  # no negative zeros in printed output
                value = _risk(scores, terms, phi)
            if np.isfinite(value) and np.isfinite(scores).all():
                return SurrogateSolution(scores, value, status, solver, phi, form)
            statuses[-1] += " (scores out of range)"
    raise ValueError(f"the {phi} surrogate could not be minimised: {'; '.join(statuses)}")


def surrogate_minimizer(mu, phi, form="pairwise"):
    """Minimise the conditional surrogate risk (12) or (13) with cvxpy.

    The risk (:func:`surrogate_risk`) is shift invariant, so ``alpha[0]`` is
    fixed at 0 (``alpha_1 = 0`` in the paper's 1-based notation); items that
    no term links to item 0 form separate groups, whose first item is fixed
    at 0 as well.  The hinge is a linear programme, the squared hinge a
    quadratic one; exponential and logistic losses go through cvxpy's ``exp``
    and ``logistic`` atoms (exponential cone).  CLARABEL solves them with
    tolerances 1e-10 (SCS is the fallback); for the differentiable losses a few
    safeguarded Newton steps on the exact gradient then polish the scores to
    about 1e-10 (the interior-point scores alone are accurate to about 1e-5 on
    flat risks).  The parametrised problem is built once per surrogate, number
    of items and number of terms, then re-solved.

    Parameters
    ----------
    mu : sequence of (float, array_like) or Counterexample
        A distribution over preference DAGs.
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
    form : {"pairwise", "margin"}, default "pairwise"
        Eq. (12) or eq. (13), both with ``h`` the identity.

    Returns
    -------
    SurrogateSolution
        The scores, the risk there and the solver's status.  Hinge and squared
        hinge minimisers need not be unique; a second solve then returns the one
        of smallest Euclidean norm (``alpha[0] = 0`` still).

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid; if ``phi`` is logistic or exponential and
        the risk has no minimiser (some items can be raised without end
        because no term pulls them down: the message names them); or if both
        solvers fail (the message gives their statuses).

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (12), (13), Theorems 2 and 3.

    Examples
    --------
    >>> mu = [(0.5, [[0, 2], [0, 0]]), (0.5, [[0, 0], [1, 0]])]
    >>> sol = surrogate_minimizer(mu, "exponential")      # exp(-a) + 0.5 exp(a): a = log(2) / 2
    >>> round(float(sol.alpha[0] - sol.alpha[1]), 4), sol.status
    (0.3466, 'optimal')
    """
    phi = check_choice(phi, "phi", SURROGATES)
    form = check_choice(form, "form", FORMS)
    probs, graphs = check_preference_distribution(mu)
    return _minimize(_terms(probs, graphs, form), graphs.shape[1], phi, form)


def aggregated_surrogate_minimizer(Y_mean, phi):
    """Minimise the aggregated surrogate (23), whose weights are the difference graph's.

    ``phi_agg(alpha, s) = sum_{i, j} [s_ij - s_ji]_+ phi(alpha_i - alpha_j)``,
    with ``s`` the averaged preference graph.  Only one of each pair of
    opposite edges carries weight, so nothing pulls a pair the wrong way:
    whenever the difference graph is acyclic, every minimiser orders every one
    of its edges strictly (Duchi et al., section 5.3), low noise or not.

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        The averaged preference graph ``s`` (any number of items, non-negative
        weights, zero diagonal).
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}

    Returns
    -------
    SurrogateSolution
        With ``form="aggregated"``; ``alpha[0] = 0`` as in
        :func:`surrogate_minimizer`.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid; if ``phi`` is "logistic" or "exponential"
        and the difference graph has an edge (then the difference graph is a
        DAG or has a source group, no term ever pulls its top items down, and
        the infimum, 0 when acyclic, is only approached as the scores spread
        without bound); or if the solvers fail.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (23) and the discussion after it.

    Examples
    --------
    >>> sol = aggregated_surrogate_minimizer([[0, 2, 3], [1, 0, 1], [0, 0, 0]], "hinge")
    >>> bool(sol.alpha[0] - sol.alpha[1] >= 1 - 1e-6 and sol.alpha[1] - sol.alpha[2] >= 1 - 1e-6)
    True
    """
    phi = check_choice(phi, "phi", SURROGATES)
    Y = _as_adjacency(Y_mean, "Y_mean")
    return _minimize(_aggregated_terms(_difference(Y)), Y.shape[0], phi, "aggregated")


def violated_edges(alpha, Y_mean, *, tol=SCORE_TIE_TOL):
    """Edges of the difference graph that scores misorder or tie.

    Parameters
    ----------
    alpha : array_like of shape (n,)
        Scores.
    Y_mean : array_like of shape (n, n)
        Expected adjacency matrix.
    tol : float, default SCORE_TIE_TOL
        Scores within ``tol`` count as tied.

    Returns
    -------
    list of (int, int)
        Every edge ``i -> j`` of ``G_mu`` with ``alpha_i - alpha_j <= tol``, the
        worst (most negative difference) first.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 3.2.2.

    Examples
    --------
    >>> violated_edges([0.0, 1.0, 1.0], [[0, 2, 3], [0, 0, 1], [0, 0, 0]])
    [(0, 1), (0, 2), (1, 2)]
    """
    Y = _as_adjacency(Y_mean, "Y_mean")
    alpha = _check_scores(alpha, Y.shape[0])
    if alpha.ndim != 1:
        raise ValueError(f"alpha must be 1-D, got an array of shape {alpha.shape}")
    tol = float(tol)
    src, dst = np.nonzero(_difference(Y) > 0)
    gaps = alpha[src] - alpha[dst]
    keep = gaps <= tol
    order = np.lexsort((dst[keep], src[keep], gaps[keep]))
    return [(int(src[keep][k]), int(dst[keep][k])) for k in order]


# --------------------------------------------------------------------------- #
# counterexamples to structure consistency, and their exact certificates
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class Counterexample:
    """A low-noise distribution whose surrogate minimiser misorders or ties an edge of ``G_mu``.

    Attributes
    ----------
    probs : ndarray of shape (K,)
        The probabilities of the graphs.
    graphs : ndarray of shape (K, n, n)
        The preference DAGs (weighted adjacency matrices).
    alpha : ndarray of shape (n,)
        The surrogate minimiser found by cvxpy (``alpha[0] = 0``).
    pair : (int, int)
        An edge ``i -> j`` of the difference graph with ``alpha_i <= alpha_j``
        (up to :data:`SCORE_TIE_TOL`).
    phi, form : str
        The surrogate: loss (:data:`SURROGATES`) and form (:data:`FORMS`).

    Notes
    -----
    Wherever a distribution ``mu`` is expected, a Counterexample can be passed.
    """

    probs: np.ndarray
    graphs: np.ndarray
    alpha: np.ndarray
    pair: tuple
    phi: str
    form: str

    @property
    def distribution(self) -> list:
        """The distribution as a list of ``(probability, adjacency matrix)`` pairs."""
        return [(float(p), np.array(g)) for p, g in zip(self.probs, self.graphs, strict=True)]

    @property
    def n_items(self) -> int:
        """Number of items."""
        return int(self.graphs.shape[1])

    def __repr__(self) -> str:
        i, j = self.pair
        alpha = np.array2string(self.alpha, precision=4, separator=", ", suppress_small=True)
        return (f"Counterexample(phi={self.phi!r}, form={self.form!r}, n_items={self.n_items}, "
                f"probs={np.round(self.probs, 6).tolist()}, pair={i}->{j}, alpha={alpha})")


@dataclass(frozen=True, eq=False)
class Certificate:
    """An exact proof that a :class:`Counterexample` holds, computed without cvxpy.

    Attributes
    ----------
    method : str
        How the minimisers were certified.
    alpha : tuple of sympy numbers
        A minimiser of the surrogate risk attaining the smallest
        ``alpha_i - alpha_j`` (exact rationals for the hinge and squared hinge;
        50-digit floats, the unique minimiser, for the logistic and exponential).
    value : sympy number
        The minimum of the surrogate risk.
    gap_range : (sympy number, sympy number)
        Smallest and largest ``alpha_i - alpha_j`` over *all* minimisers (equal
        when the minimiser is unique).
    every_minimizer : bool
        Whether every minimiser misorders or ties the pair (``gap_range[1] <= 0``).
    """

    method: str
    alpha: tuple
    value: object
    gap_range: tuple
    every_minimizer: bool

    def __repr__(self) -> str:
        lo, hi = (sp.nsimplify(g) if isinstance(g, sp.Rational) else sp.N(g, 8)
                  for g in self.gap_range)
        return (f"Certificate(method={self.method!r}, gap_range=({lo}, {hi}), "
                f"every_minimizer={self.every_minimizer})")


class _NotCertified(Exception):
    """Raised inside the exact checks; turned into ValueError at the boundary."""


def _fraction(x: float) -> Fraction:
    exact = Fraction(float(x)).limit_denominator(10**6)
    if abs(float(exact) - x) > 4 * np.spacing(abs(float(x))):  # a few units in the last place
        raise _NotCertified(f"the value {x!r} is not a rational with denominator <= 10^6; the "
                            f"exact check needs rational probabilities and weights")
    return exact


def _exact_lp(c, A, b):
    """Minimise c @ x subject to A @ x <= b (x free) with HiGHS, then prove the optimum
    exactly: rational primal and dual solutions, feasible and with equal objectives.

    ``c``, ``A``, ``b`` hold Fractions.  Returns (optimum, x) as Fractions.
    """
    res = linprog([float(v) for v in c], A_ub=[[float(v) for v in row] for row in A],
                  b_ub=[float(v) for v in b], bounds=(None, None), method="highs")
    if res.status != 0:
        raise _NotCertified(f"linear programme not solved: {res.message}")
    for denominator in (10**2, 10**4, 10**6):
        x = [Fraction(v).limit_denominator(denominator) for v in res.x]
        y = [max(Fraction(-v).limit_denominator(denominator), Fraction(0))
             for v in res.ineqlin.marginals]
        primal = all(sum(a * v for a, v in zip(row, x, strict=True)) <= bound
                     for row, bound in zip(A, b, strict=True))
        dual = all(c[k] + sum(A[r][k] * y[r] for r in range(len(A))) == 0 for k in range(len(c)))
        value = sum(ck * xk for ck, xk in zip(c, x, strict=True))
        if primal and dual and value == -sum(br * yr for br, yr in zip(b, y, strict=True)):
            return value, x
    raise _NotCertified("could not round the linear programme's solution to an exact optimum")


def _gap_range_lp(rows, bounds, free, pair, n):
    """Smallest and largest alpha_i - alpha_j over {x : rows @ x <= bounds}, exactly,
    capped at +-1000 (reported as -oo / +oo there)."""
    i, j = pair
    c = [Fraction(0)] * len(rows[0])
    if i in free:
        c[free.index(i)] += 1
    if j in free:
        c[free.index(j)] -= 1
    cap = Fraction(1000)
    capped_rows = [*rows, c, [-v for v in c]]
    capped_bounds = [*bounds, cap, cap]
    lo, x_lo = _exact_lp(c, capped_rows, capped_bounds)
    neg_hi, _ = _exact_lp([-v for v in c], capped_rows, capped_bounds)
    lo_out = -sp.oo if lo == -cap else sp.Rational(lo.numerator, lo.denominator)
    hi = -neg_hi
    hi_out = sp.oo if hi == cap else sp.Rational(hi.numerator, hi.denominator)
    alpha = [Fraction(0)] * n
    for k, v in enumerate(free):
        if v is not None:  # the trailing variables are not scores
            alpha[v] = x_lo[k]
    return (lo_out, hi_out), alpha


def _certify_piecewise(terms, n, pinned, pair, phi, alpha_hint):
    """Hinge: a linear programme.  Squared hinge: stationarity on the active pieces."""
    src, dst, w, m = terms
    free = [v for v in range(n) if v not in pinned]
    T = len(src)

    def difference_row(k):  # coefficients of a_I[k] - a_J[k] over the free scores
        row = [Fraction(0)] * len(free)
        if src[k] in free:
            row[free.index(src[k])] += 1
        if dst[k] in free:
            row[free.index(dst[k])] -= 1
        return row

    if phi == "hinge":
        # variables (a_free, t): minimise w @ t, t >= 0, t >= 1 + m - (a_i - a_j)
        rows, bounds = [], []
        for k in range(T):
            unit = [Fraction(0)] * T
            unit[k] = Fraction(-1)
            rows.append([Fraction(0)] * len(free) + unit)
            bounds.append(Fraction(0))
            rows.append([-v for v in difference_row(k)] + unit)
            bounds.append(-(1 + m[k]))
        c = [Fraction(0)] * len(free) + list(w)
        value, _ = _exact_lp(c, rows, bounds)
        face_rows, face_bounds = [*rows, c], [*bounds, value]
        gap_range, alpha = _gap_range_lp(face_rows, face_bounds, free + [None] * T,
                                         pair, n)
        return "exact linear programme (HiGHS, optimality proved in rational arithmetic)", \
            alpha, value, gap_range

    # squared hinge: guess the active terms (margin short of 1 + m) from a numerical
    # solution, solve the stationarity equations exactly, then verify the guess.
    try:
        return _certify_squared_hinge(terms, n, pinned, pair, free, difference_row, alpha_hint)
    except _NotCertified:  # the hint may be no minimiser: guess again, independently of cvxpy
        return _certify_squared_hinge(terms, n, pinned, pair, free, difference_row,
                                      _numerical_minimizer(terms, n, free))


def _numerical_minimizer(terms, n, free):
    """The squared-hinge minimiser by scipy's L-BFGS (a second guess, independent of cvxpy)."""
    src, dst, w, m = (np.asarray([float(v) for v in x]) for x in terms)
    src, dst = src.astype(int), dst.astype(int)

    def risk_and_gradient(x):
        alpha = np.zeros(n)
        alpha[free] = x
        slack = np.maximum(0.0, 1.0 + m - (alpha[src] - alpha[dst]))
        full = np.zeros(n)
        np.add.at(full, src, -2 * w * slack)
        np.add.at(full, dst, 2 * w * slack)
        return float(w @ slack**2), full[free]

    result = minimize(risk_and_gradient, np.zeros(len(free)), jac=True, method="L-BFGS-B",
                      options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 2000})
    alpha = np.zeros(n)
    alpha[free] = result.x
    return alpha


def _certify_squared_hinge(terms, n, pinned, pair, free, difference_row, alpha_hint):
    """Exact minimiser and minimiser set of a squared-hinge risk, given a numerical guess."""
    src, dst, w, m = terms
    T = len(src)
    symbols = sp.symbols(f"a0:{n}")
    a = [sp.Integer(0) if v in pinned else symbols[v] for v in range(n)]
    slack_hint = [1 + float(m[k]) - (alpha_hint[src[k]] - alpha_hint[dst[k]]) for k in range(T)]
    active = [k for k in range(T) if slack_hint[k] > 1e-7]
    rational = [sp.Rational(f.numerator, f.denominator) for f in w]
    margin = [sp.Rational(f.numerator, f.denominator) for f in m]
    energy = sum((rational[k] * (1 + margin[k] - (a[src[k]] - a[dst[k]])) ** 2 for k in active),
                 sp.Integer(0))
    unknowns = [symbols[v] for v in free]
    solutions = sp.linsolve([sp.diff(energy, s) for s in unknowns], unknowns)
    if not solutions:
        raise _NotCertified("the stationarity equations have no solution")
    (solution,) = solutions
    params = sorted(set().union(*(sp.sympify(v).free_symbols for v in solution)), key=str)
    guess = {s: sp.nsimplify(alpha_hint[symbols.index(s)], rational=True) for s in params}
    point = {s: sp.nsimplify(sp.sympify(v).subs(guess)) for s, v in zip(unknowns, solution,
                                                                         strict=True)}
    exact = [sp.Integer(0) if v in pinned else point[symbols[v]] for v in range(n)]
    slack = [1 + margin[k] - (exact[src[k]] - exact[dst[k]]) for k in range(T)]
    if any(slack[k] < 0 for k in active) or any(slack[k] > 0 for k in range(T)
                                                if k not in active):
        raise _NotCertified("the guessed active terms are inconsistent")
    value = sum((rational[k] * slack[k] ** 2 for k in range(T) if slack[k] > 0), sp.Integer(0))
    # every minimiser keeps the margins of the terms with positive slack and leaves the
    # others at slack <= 0 (a sum of convex terms is constant on a segment only if each
    # term is affine there, and s -> s_+^2 is strictly convex where s > 0)
    rows, bounds = [], []
    for k in range(T):
        row = difference_row(k)
        d = Fraction(str(exact[src[k]] - exact[dst[k]]))
        if slack[k] > 0:
            rows += [row, [-v for v in row]]
            bounds += [d, -d]
        else:
            rows.append([-v for v in row])
            bounds.append(-(1 + m[k]))
    gap_range, alpha = _gap_range_lp(rows, bounds, free, pair, n)
    return ("stationarity on the active pieces solved exactly (sympy), minimiser set by "
            "an exact linear programme"), alpha, Fraction(str(value)), gap_range


def _certify_smooth(terms, n, pinned, pair, phi, alpha_hint):
    """Logistic and exponential: Newton's method at 50 digits on the exact gradient."""
    src, dst, w, m = terms
    symbols = sp.symbols(f"a0:{n}")
    a = [sp.Integer(0) if v in pinned else symbols[v] for v in range(n)]
    unknowns = [symbols[v] for v in range(n) if v not in pinned]
    loss = {"exponential": lambda t: sp.exp(-t), "logistic": lambda t: sp.log(1 + sp.exp(-t))}
    risk = sum(sp.Rational(wk.numerator, wk.denominator)
               * loss[phi](a[i] - a[j] - sp.Rational(mk.numerator, mk.denominator))
               for i, j, wk, mk in zip(src, dst, w, m, strict=True))
    gradient = [sp.diff(risk, s) for s in unknowns]
    start = [float(alpha_hint[symbols.index(s)]) for s in unknowns]
    try:
        root = sp.nsolve(gradient, unknowns, start, prec=50)
    except (ValueError, ZeroDivisionError) as exc:
        raise _NotCertified(f"Newton's method did not converge: {exc}") from None
    at = dict(zip(unknowns, root, strict=True))
    residual = max(abs(sp.N(g.subs(at), 60)) for g in gradient)
    hessian = np.array(sp.N(sp.hessian(risk, unknowns).subs(at), 30).tolist(), dtype=float)
    if residual > sp.Float("1e-40") or np.linalg.eigvalsh(hessian).min() <= 0:
        raise _NotCertified("the refined point is not a strict minimiser")
    exact = tuple(sp.Integer(0) if v in pinned else sp.Float(at[symbols[v]], 50)
                  for v in range(n))
    gap = exact[pair[0]] - exact[pair[1]]
    if abs(gap) < sp.Float("1e-30"):
        raise _NotCertified("the scores of the pair agree to 30 digits: a tie cannot be proved "
                            "numerically")
    value = sp.N(risk.subs(at), 50)
    return ("exact gradient (sympy), Newton's method at 50 digits: the unique minimiser "
            "(strictly convex, Hessian positive definite)"), exact, value, (gap, gap)


def _certify(probs, graphs, phi, form, pair, alpha_hint) -> Certificate:
    n = len(graphs[0])
    P = [_fraction(p) for p in probs]
    if sum(P) != 1:
        raise _NotCertified(f"the probabilities sum to {sum(P)} in exact arithmetic, not 1")
    G = [[[_fraction(y) for y in row] for row in graph] for graph in graphs]
    mean = [[sum(p * g[i][j] for p, g in zip(P, G, strict=True)) for j in range(n)]
            for i in range(n)]
    A = [[mean[i][j] - mean[j][i] for j in range(n)] for i in range(n)]
    if _violations(A, 0):
        raise _NotCertified("the distribution is not low noise in exact arithmetic")
    i, j = pair
    if not A[i][j] > 0:
        raise _NotCertified(f"{i}->{j} is not an edge of the difference graph")
    terms = _terms(P, G, form)
    pinned = {component[0] for component in _components(n, terms[0], terms[1])}
    certify = _certify_smooth if phi in _NEVER_ZERO else _certify_piecewise
    method, alpha, value, gap_range = certify(terms, n, pinned, pair, phi, alpha_hint)
    alpha = tuple(sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v
                  for v in alpha)
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    if not gap_range[0] <= 0:
        raise _NotCertified(f"every minimiser orders {i}->{j} correctly "
                            f"(alpha_i - alpha_j >= {gap_range[0]})")
    return Certificate(method, alpha, value, gap_range, bool(gap_range[1] <= 0))


def certify_counterexample(counterexample):
    """Re-prove a :class:`Counterexample` exactly, without cvxpy.

    Checks, in rational arithmetic: the probabilities sum to 1; the mean graph
    satisfies Definition 4 with no tolerance; ``pair = (i, j)`` is an edge of
    the difference graph.  Then it certifies the minimisers of the surrogate
    risk and the range of ``alpha_i - alpha_j`` over all of them:

    * hinge: the risk is a linear programme; HiGHS solves it and the optimum is
      proved by rational primal and dual solutions with equal objectives; two
      more such programmes give the smallest and largest ``alpha_i - alpha_j``
      over the optimal face;
    * squared hinge: the stationarity equations on the pieces where the loss
      is active are linear and solved exactly (sympy), the pieces are
      verified, and the set of minimisers (same margins on active pieces) is
      explored by exact linear programmes;
    * logistic, exponential: sympy differentiates the risk exactly and
      Newton's method (``sympy.nsolve``) refines cvxpy's point to 50 digits;
      gradient below 1e-40 and a positive definite Hessian make it the unique
      minimiser, and ``alpha_i - alpha_j`` must be negative beyond 1e-30.

    Parameters
    ----------
    counterexample : Counterexample
        Probabilities and weights must be rationals with denominators up to
        10^6 (those of :func:`find_low_noise_counterexample` are).

    Returns
    -------
    Certificate
        An exact minimiser, the minimum, the range of ``alpha_i - alpha_j`` over
        all minimisers and whether every minimiser gets the pair wrong.

    Raises
    ------
    TypeError
        If the argument is not a Counterexample.
    ValueError
        If any check fails (the message says which): then the object is not a
        counterexample.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Definition 4, Theorems 2 and 3.

    Examples
    --------
    >>> cx = find_low_noise_counterexample("hinge", "margin", 2, rng=0)
    >>> cert = certify_counterexample(cx)
    >>> cert.every_minimizer, cert.gap_range[1] <= 0
    (True, True)
    """
    if not isinstance(counterexample, Counterexample):
        raise TypeError(f"counterexample must be a Counterexample, "
                        f"got {type(counterexample).__name__}")
    cx = counterexample
    try:
        certificate = _certify(cx.probs, cx.graphs, cx.phi, cx.form, cx.pair, cx.alpha)
    except _NotCertified as exc:
        raise ValueError(f"counterexample not certified: {exc}") from None
    # the solver's point must be a minimiser (up to its accuracy) with the pair wrong
    value = surrogate_risk(cx.alpha, cx, cx.phi, cx.form)
    if value > float(certificate.value) + 1e-5 * max(1.0, abs(float(certificate.value))):
        raise ValueError(f"counterexample not certified: alpha has surrogate risk {value:.8g}, "
                         f"above the minimum {float(certificate.value):.8g}")
    i, j = cx.pair
    if cx.alpha[i] - cx.alpha[j] > SCORE_TIE_TOL:
        raise ValueError(f"counterexample not certified: alpha orders {i}->{j} correctly")
    return certificate


def _draw_candidate(gen: np.random.Generator, n: int):
    """Two DAGs in the style of Duchi et al.'s Figure 1: one pointing down the item
    order (i -> j, i < j), one pointing up; integer weights 0..10, P(first) in 0.1..0.9."""
    upper = np.triu(gen.integers(0, 11, size=(n, n)), 1).astype(float)
    lower = np.tril(gen.integers(0, 11, size=(n, n)), -1).astype(float)
    p = int(gen.integers(1, 10)) / 10
    return np.array([p, round(1 - p, 10)]), np.stack([upper, lower])


def find_low_noise_counterexample(phi, form, n_items, rng=0, *, max_candidates=400):
    """Search for a low-noise distribution whose surrogate minimiser gets an edge wrong.

    Candidates are drawn in the style of Figure 1: a DAG whose edges all point
    down the item order (``i -> j`` with ``i < j``) with probability ``p``, and
    one whose edges all point up with probability ``1 - p``; every possible
    edge gets an integer weight in 0..10 (0: absent) and ``p`` is one of 0.1,
    ..., 0.9 (so every mean graph is reachable, and the exact check has
    rational data).  A candidate is kept when its mean graph is low noise
    (Definition 4), cvxpy's minimiser of the surrogate misorders or ties
    (within :data:`SCORE_TIE_TOL`) an edge of the difference graph, and
    :func:`certify_counterexample` proves, exactly, that *every* minimiser
    misorders or ties that edge.

    Parameters
    ----------
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
    form : {"pairwise", "margin"}
        Eq. (12) or (13), both with ``h`` the identity.
    n_items : int
        Number of items, ``2 <= n_items <= MAX_SEARCH_ITEMS``.  The pairwise
        form (12) needs 3: with two items it is a binary classification
        surrogate and these four losses are calibrated.
    rng : int or numpy.random.Generator, default 0
        Seed or generator: the search is deterministic given it.
    max_candidates : int, default 400
        How many candidates to draw before giving up.

    Returns
    -------
    Counterexample
        The first certified candidate; the worst wrong edge is its ``pair``.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, or if no counterexample is found among
        ``max_candidates`` candidates (the message says so; try another seed
        or more candidates).

    References
    ----------
    Duchi, Mackey and Jordan (2013), Figure 1, Definition 4, Theorems 2 and 3.

    Examples
    --------
    >>> cx = find_low_noise_counterexample("exponential", "pairwise", 3, rng=0)
    >>> i, j = cx.pair
    >>> is_low_noise(mean_adjacency(cx)), bool(cx.alpha[i] < cx.alpha[j])
    (True, True)
    """
    phi = check_choice(phi, "phi", SURROGATES)
    form = check_choice(form, "form", FORMS)
    n = check_int(n_items, "n_items", minimum=2, maximum=MAX_SEARCH_ITEMS)
    budget = check_int(max_candidates, "max_candidates", minimum=1)
    gen = as_generator(rng)
    for _ in range(budget):
        probs, graphs = _draw_candidate(gen, n)
        Y = np.tensordot(probs, graphs, axes=1)
        if _violations((Y - Y.T).tolist(), WEIGHT_TOL * _weight_scale(Y)):
            continue
        try:
            solution = _minimize(_terms(probs, graphs, form), n, phi, form)
        except ValueError:
            continue
        wrong = violated_edges(solution.alpha, Y)
        if not wrong:
            continue
        try:
            certificate = _certify(probs, graphs, phi, form, wrong[0], solution.alpha)
        except _NotCertified:
            continue
        if certificate.every_minimizer:
            probs.flags.writeable = graphs.flags.writeable = False
            solution.alpha.flags.writeable = False
            return Counterexample(probs, graphs, solution.alpha, wrong[0], phi, form)
    raise ValueError(f"no low-noise counterexample for phi={phi!r}, form={form!r} on {n} items "
                     f"among {budget} candidates; try another rng or a larger max_candidates")
