"""Low noise and the inconsistency of pairwise surrogates: counterexamples and their certificates.

Setting (Duchi, Mackey and Jordan, 2013, section 3.2).  A query comes with a
random *preference graph*: the weighted adjacency matrix ``Y`` of a directed
acyclic graph on ``n`` items, ``Y[i, j] >= 0`` the weight of "item i above
item j".  A **distribution over preference DAGs** ``mu`` is written as a finite
list of pairs ``(p_k, Y_k)``: probabilities summing to one and DAG adjacency
matrices of one common size (:func:`check_preference_distribution` validates
it; a :class:`LowNoiseCounterexample` is accepted wherever ``mu`` is).

* The loss is the pairwise disagreement (10); its conditional risk (11)
  depends on ``mu`` only through the mean adjacency ``Y^mu = sum_k p_k Y_k``
  (:func:`mean_adjacency`).  The risk, its Bayes orders and the feedback arc
  set behind Proposition 3 are in :mod:`rankviz.disagreement`.
* The **difference graph** ``G_mu`` has the edge ``i -> j`` with weight
  ``Y^mu_ij - Y^mu_ji`` when that is positive (:func:`difference_graph`);
  ``mu`` is **low noise** (Definition 4) when every path ``i -> j -> k`` of
  ``G_mu`` is outweighed by the direct edge (:func:`is_low_noise`).
* Convex surrogates: the pairwise form (12) ``sum_ij Y_ij phi(a_i - a_j)`` and
  the margin form (13) ``sum_{Y_ij > 0} phi(a_i - a_j - Y_ij)`` (both with
  ``h`` the identity), minimised by cvxpy
  (:func:`rankviz.surrogates.graph_surrogate_minimizer`).  Even
  in low noise their minimisers can misorder an edge of ``G_mu`` (Theorems 2
  and 3): :func:`find_low_noise_counterexample` finds such distributions and
  :func:`certify_counterexample` re-proves each one without cvxpy.  For the
  hinge, :func:`hinge_vertex_minimizer` returns a whole-numbered vertex of its
  linear programme and :func:`widest_hinge_minimizer_margin` looks at the whole
  optimal set.
* The aggregated loss (23) weighs ``phi(a_i - a_j)`` by the difference graph's
  edge weight ``[s_ij - s_ji]_+`` instead, and is consistent whenever
  ``G_mu`` is acyclic (:func:`rankviz.surrogates.aggregated_surrogate_minimizer`).

Tolerances.  A weight difference whose size is at most :data:`WEIGHT_TOL`
times the largest weight (at least 1) is a tie: no edge of ``G_mu``.  Two
scores closer than :data:`SCORE_TIE_TOL` are tied: the minimisers are accurate
to about 1e-9 (solver tolerances 1e-10, then Newton's method on the exact
gradient for the differentiable losses, and for the hinges the smallest
minimiser refined on its tight constraints; a status ending in "(smallest
minimiser not certified)" marks the exceptions, e.g. a hinge weight below
about 1e-11 of the largest).  :func:`certify_counterexample`
uses no tolerance on the data (rational arithmetic) nor for the hinge and the
squared hinge (exact certificates); for the logistic and exponential losses its
certificate is numerical at 50 digits (a gradient below 1e-40, a positive
definite Hessian), not exact arithmetic.

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

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx
import numpy as np
import sympy as sp
from scipy.optimize import linprog, minimize

from rankviz._pairwise_terms import (
    _NEVER_ZERO,
    FORMS,
    SURROGATES,
    WEIGHT_TOL,
    _check_scores,
    _components,
    _difference,
    _minimize,
    _risk,
    _terms,
    _violations,
    _weight_scale,
)
from rankviz._solvers import SolverError
from rankviz._validation import (
    as_generator,
    as_item_ids,
    as_weight_matrix,
    check_array,
    check_choice,
    check_int,
    check_real,
)

__all__ = [
    "MAX_CANDIDATES",
    "MAX_RANDOM_GRAPHS",
    "MAX_RANDOM_ITEMS",
    "MAX_SEARCH_ITEMS",
    "SCORE_TIE_TOL",
    "WEIGHT_TOL",
    "Certificate",
    "LowNoiseCounterexample",
    "certify_counterexample",
    "check_preference_distribution",
    "difference_graph",
    "find_low_noise_counterexample",
    "hinge_vertex_minimizer",
    "is_low_noise",
    "low_noise_violations",
    "mean_adjacency",
    "random_preference_distribution",
    "violated_edges",
    "widest_hinge_minimizer_margin",
]

#: Largest number of items :func:`find_low_noise_counterexample` searches over.
MAX_SEARCH_ITEMS = 5

#: Largest ``max_candidates`` of :func:`find_low_noise_counterexample` (one cvxpy solve each).
MAX_CANDIDATES = 10_000

#: Largest ``n_items`` and ``n_graphs`` of :func:`random_preference_distribution`.
MAX_RANDOM_ITEMS = 1_000
MAX_RANDOM_GRAPHS = 1_000

#: Absolute tolerance under which two scores count as tied.
SCORE_TIE_TOL = 1e-6

# Probabilities may be off by rounding: their sum must be within this of 1.
_PROBABILITY_SUM_TOL = 1e-9


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
    mu : sequence of (float, array_like) or LowNoiseCounterexample
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
    if not isinstance(name, str):
        raise TypeError(
            f"name must be a string (the argument name used in messages), got {type(name).__name__}"
        )
    if isinstance(mu, LowNoiseCounterexample):  # validated when it was constructed
        return mu.probs, mu.graphs
    if isinstance(mu, (str, bytes, np.ndarray)) or not isinstance(mu, Sequence):
        raise TypeError(
            f"{name} must be a list of (probability, adjacency matrix) pairs, "
            f"got {type(mu).__name__}"
        )
    if len(mu) == 0:
        raise ValueError(f"{name} is empty: give at least one (probability, graph) pair")
    probs, graphs = [], []
    for k, entry in enumerate(mu):
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) != 2:
            raise TypeError(
                f"{name}[{k}] must be a pair (probability, adjacency matrix), "
                f"got {type(entry).__name__}"
            )
        p, graph = entry
        if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, float, np.number)):
            raise TypeError(
                f"{name}[{k}] probability must be a real number, got {type(p).__name__}"
            )
        p = float(p)
        if not (math.isfinite(p) and 0.0 <= p <= 1.0):
            raise ValueError(f"{name}[{k}] probability must lie in [0, 1], got {p}")
        adjacency = _as_adjacency(graph, f"{name}[{k}] graph")
        if graphs and adjacency.shape != graphs[0].shape:
            raise ValueError(
                f"{name}[{k}] graph has shape {adjacency.shape}, but {name}[0] "
                f"graph has shape {graphs[0].shape}: all graphs rank the same items"
            )
        cycle = _find_cycle(adjacency)
        if cycle is not None:
            path = " -> ".join(str(v) for v in [*cycle, cycle[0]])
            raise ValueError(
                f"{name}[{k}] graph has a directed cycle {path}; preference graphs must be acyclic"
            )
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
    mu : sequence of (float, array_like) or LowNoiseCounterexample
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


def random_preference_distribution(n_items, rng=0, *, n_graphs=3, max_weight=10, low_noise=False):
    """A random distribution over preference DAGs, for experiments and checks.

    Parameters
    ----------
    n_items : int
        Number of items, ``2 <= n_items <= MAX_RANDOM_ITEMS``.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    n_graphs : int, default 3
        Number of DAGs, at most :data:`MAX_RANDOM_GRAPHS` (ignored when
        ``low_noise``).  Each DAG orders the items by an independent random
        permutation and keeps each of its edges with
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
    n = check_int(n_items, "n_items", minimum=2, maximum=MAX_RANDOM_ITEMS)
    k = check_int(n_graphs, "n_graphs", minimum=1, maximum=MAX_RANDOM_GRAPHS)
    top = check_int(max_weight, "max_weight", minimum=1, maximum=2**53)  # exact in float64
    if not isinstance(low_noise, (bool, np.bool_)):
        raise TypeError(f"low_noise must be True or False, got {type(low_noise).__name__}")
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
    tol = check_real(tol, "tol", nonnegative=True)
    src, dst = np.nonzero(_difference(Y) > 0)
    gaps = alpha[src] - alpha[dst]
    keep = gaps <= tol
    order = np.lexsort((dst[keep], src[keep], gaps[keep]))
    return [(int(src[keep][k]), int(dst[keep][k])) for k in order]


# --------------------------------------------------------------------------- #
# the hinge's pairwise risk (12) as a linear programme: vertices and the optimal set
# --------------------------------------------------------------------------- #
def _hinge_lp(Y: np.ndarray):
    """The hinge risk sum_ij Y_ij (1 - a_i + a_j)_+ as an LP in (a, t): its pieces."""
    n = Y.shape[0]
    terms = [(i, j) for i, j in itertools.permutations(range(n), 2) if Y[i, j] > 0]
    rows = np.zeros((len(terms), n + len(terms)))  # t_k >= 1 - (a_i - a_j)
    for k, (i, j) in enumerate(terms):
        rows[k, i], rows[k, j], rows[k, n + k] = -1.0, 1.0, -1.0
    pinned = {group[0] for group in _components(n, [i for i, _ in terms], [j for _, j in terms])}
    bounds = [(0, 0) if v in pinned else (None, None) for v in range(n)] + [(0, None)] * len(terms)
    costs = np.r_[np.zeros(n), [Y[i, j] for i, j in terms]]
    return terms, rows, bounds, costs


def hinge_vertex_minimizer(Y_mean):
    """A *vertex* minimiser of the hinge's pairwise risk (12), by the dual simplex method.

    The risk ``sum_ij Y_ij (1 - a_i + a_j)_+`` is the linear programme ``min sum_k w_k t_k``
    subject to ``t_k >= 1 - (a_i - a_j)`` and ``t_k >= 0``, with the first item of every
    group of linked items pinned at 0.  Its constraint matrix is totally unimodular and its
    right-hand sides are whole numbers, so every vertex has whole-number scores; HiGHS's dual
    simplex returns a vertex.  (The minimiser of smallest norm that
    :func:`rankviz.surrogates.graph_surrogate_minimizer` returns need not be one.)

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        Expected adjacency matrix: non-negative, zero diagonal.

    Returns
    -------
    alpha : ndarray of shape (n,)
        A vertex minimiser (``alpha[0] = 0``).
    value : float
        The minimum of the risk.

    Raises
    ------
    TypeError, ValueError
        If ``Y_mean`` is invalid.
    rankviz.SolverError
        If HiGHS fails.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (12), Theorem 2.

    Examples
    --------
    >>> alpha, value = hinge_vertex_minimizer([[0, 0.5, 5], [0, 0, 2], [2, 0, 0]])
    >>> alpha + 0.0, value            # the running example: 0 and 1 tied
    (array([ 0.,  0., -1.]), 4.5)
    """
    Y = _as_adjacency(Y_mean, "Y_mean")
    n = Y.shape[0]
    terms, rows, bounds, costs = _hinge_lp(Y)
    if not terms:
        return np.zeros(n), 0.0
    vertex = linprog(costs, A_ub=rows, b_ub=-np.ones(len(terms)), bounds=bounds, method="highs-ds")
    if vertex.status != 0:
        raise SolverError(f"HiGHS could not solve the hinge risk: {vertex.message}")
    return vertex.x[:n] + 0.0, float(vertex.fun)


def widest_hinge_minimizer_margin(Y_mean):
    """The largest smallest margin on the edges of ``G_mu`` over *all* minimisers of the hinge (12).

    Two linear programmes (HiGHS): the minimum ``R*`` of the hinge's pairwise risk, then the
    largest ``m <= 1`` such that some scores with risk at most ``R* + 1e-9`` have
    ``a_i - a_j >= m`` on every edge ``i -> j`` of the difference graph.  A result ``<= 0``
    (up to solver tolerance) means that no minimiser orders every edge: the surrogate's
    failure does not depend on which minimiser a solver returns.

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        Expected adjacency matrix: non-negative, zero diagonal.

    Returns
    -------
    float
        The largest smallest margin, in ``(-inf, 1]`` (1 when ``G_mu`` has no edge).

    Raises
    ------
    TypeError, ValueError
        If ``Y_mean`` is invalid.
    rankviz.SolverError
        If HiGHS fails.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (12), Theorem 2.

    Examples
    --------
    >>> round(widest_hinge_minimizer_margin([[0, 0.5, 5], [0, 0, 2], [2, 0, 0]]), 6) + 0.0
    0.0
    >>> widest_hinge_minimizer_margin([[0, 2, 3], [0, 0, 1], [0, 0, 0]])   # no pull: margin 1
    1.0
    """
    Y = _as_adjacency(Y_mean, "Y_mean")
    n = Y.shape[0]
    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(_difference(Y) > 0), strict=True)]
    if not edges:
        return 1.0
    best = hinge_vertex_minimizer(Y)[1]
    terms, rows, bounds, costs = _hinge_lp(Y)
    size = n + len(terms)
    A = [np.r_[row, 0.0] for row in rows]  # the pieces, as before
    b = [-1.0] * len(terms)
    A.append(np.r_[costs, 0.0])  # risk <= best + 1e-9
    b.append(best + 1e-9)
    for i, j in edges:  # m <= a_i - a_j
        row = np.zeros(size + 1)
        row[i], row[j], row[size] = -1.0, 1.0, 1.0
        A.append(row)
        b.append(0.0)
    result = linprog(
        np.r_[np.zeros(size), -1.0],
        A_ub=np.array(A),
        b_ub=np.array(b),
        bounds=[*bounds, (None, 1.0)],
        method="highs",
    )
    if result.status != 0:
        raise SolverError(f"HiGHS could not solve the margin programme: {result.message}")
    return float(result.x[size])


# --------------------------------------------------------------------------- #
# counterexamples to structure consistency, and their exact certificates
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class LowNoiseCounterexample:
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
    Wherever a distribution ``mu`` is expected, a LowNoiseCounterexample can be
    passed; it validates itself when constructed.
    """

    probs: np.ndarray
    graphs: np.ndarray
    alpha: np.ndarray
    pair: tuple
    phi: str
    form: str

    def __post_init__(self):
        # a hand-built counterexample is accepted wherever mu is: validate it as one
        check_choice(self.phi, "phi", SURROGATES)
        check_choice(self.form, "form", FORMS)
        probs = check_array(self.probs, "probs", ndim=1, bounds=(0.0, 1.0))
        if abs(probs.sum() - 1.0) > _PROBABILITY_SUM_TOL:
            raise ValueError(f"probs must sum to 1, got {probs.sum():.12g}")
        graphs = check_array(self.graphs, "graphs", ndim=3)
        if probs.shape[0] != graphs.shape[0]:
            raise ValueError(
                f"probs and graphs must have the same length, got "
                f"{probs.shape[0]} and {graphs.shape[0]}"
            )
        probs, graphs = check_preference_distribution(
            list(zip(probs.tolist(), graphs, strict=True)), "graphs"
        )
        n = graphs.shape[1]
        alpha = _check_scores(self.alpha, n).copy()
        if alpha.ndim != 1:
            raise ValueError(f"alpha must be 1-D (one score per item), got shape {alpha.shape}")
        if isinstance(self.pair, (str, bytes)):
            raise TypeError(f"pair must be two item ids (i, j), got {type(self.pair).__name__}")
        pair = as_item_ids(self.pair, "pair", n)
        if pair.shape != (2,) or pair[0] == pair[1]:
            raise ValueError(f"pair must be two different item ids (i, j), got {pair.tolist()}")
        for arr in (probs, graphs, alpha):
            arr.flags.writeable = False
        object.__setattr__(self, "probs", probs)
        object.__setattr__(self, "graphs", graphs)
        object.__setattr__(self, "alpha", alpha)
        object.__setattr__(self, "pair", (int(pair[0]), int(pair[1])))

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
        return (
            f"LowNoiseCounterexample(phi={self.phi!r}, form={self.form!r}, "
            f"n_items={self.n_items}, probs={np.round(self.probs, 6).tolist()}, "
            f"pair={i}->{j}, alpha={alpha})"
        )


@dataclass(frozen=True, eq=False)
class Certificate:
    """A proof that a :class:`LowNoiseCounterexample` holds, computed without cvxpy.

    Exact for the hinge and the squared hinge; for the logistic and exponential
    losses, Newton's method at 50 digits (see :func:`certify_counterexample`).

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
        lo, hi = (
            sp.nsimplify(g) if isinstance(g, sp.Rational) else sp.N(g, 8) for g in self.gap_range
        )
        return (
            f"Certificate(method={self.method!r}, gap_range=({lo}, {hi}), "
            f"every_minimizer={self.every_minimizer})"
        )


class _NotCertified(Exception):
    """Raised inside the exact checks; turned into ValueError at the boundary."""


def _fraction(x: float) -> Fraction:
    exact = Fraction(float(x)).limit_denominator(10**6)
    if abs(float(exact) - x) > 4 * np.spacing(abs(float(x))):  # a few units in the last place
        raise _NotCertified(
            f"the value {x!r} is not a rational with denominator <= 10^6; the "
            f"exact check needs rational probabilities and weights"
        )
    return exact


def _exact_lp(c, A, b):
    """Minimise c @ x subject to A @ x <= b (x free) with HiGHS, then prove the optimum
    exactly: rational primal and dual solutions, feasible and with equal objectives.

    ``c``, ``A``, ``b`` hold Fractions.  Returns (optimum, x) as Fractions.
    """
    res = linprog(
        [float(v) for v in c],
        A_ub=[[float(v) for v in row] for row in A],
        b_ub=[float(v) for v in b],
        bounds=(None, None),
        method="highs",
    )
    if res.status != 0:
        raise _NotCertified(f"linear programme not solved: {res.message}")
    for denominator in (10**2, 10**4, 10**6):
        x = [Fraction(v).limit_denominator(denominator) for v in res.x]
        y = [
            max(Fraction(-v).limit_denominator(denominator), Fraction(0))
            for v in res.ineqlin.marginals
        ]
        primal = all(
            sum(a * v for a, v in zip(row, x, strict=True)) <= bound
            for row, bound in zip(A, b, strict=True)
        )
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
        gap_range, alpha = _gap_range_lp(face_rows, face_bounds, free + [None] * T, pair, n)
        return (
            "exact linear programme (HiGHS, optimality proved in rational arithmetic)",
            alpha,
            value,
            gap_range,
        )

    # squared hinge: guess the active terms (margin short of 1 + m) from a numerical
    # solution, solve the stationarity equations exactly, then verify the guess.
    try:
        return _certify_squared_hinge(terms, n, pinned, pair, free, difference_row, alpha_hint)
    except _NotCertified:  # the hint may be no minimiser: guess again, independently of cvxpy
        return _certify_squared_hinge(
            terms, n, pinned, pair, free, difference_row, _numerical_minimizer(terms, n, free)
        )


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

    result = minimize(
        risk_and_gradient,
        np.zeros(len(free)),
        jac=True,
        method="L-BFGS-B",
        options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 2000},
    )
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
    energy = sum(
        (rational[k] * (1 + margin[k] - (a[src[k]] - a[dst[k]])) ** 2 for k in active),
        sp.Integer(0),
    )
    unknowns = [symbols[v] for v in free]
    solutions = sp.linsolve([sp.diff(energy, s) for s in unknowns], unknowns)
    if not solutions:
        raise _NotCertified("the stationarity equations have no solution")
    (solution,) = solutions
    params = sorted(set().union(*(sp.sympify(v).free_symbols for v in solution)), key=str)
    guess = {s: sp.nsimplify(alpha_hint[symbols.index(s)], rational=True) for s in params}
    # The equations have rational coefficients and the guess is rational, so every score is
    # an exact rational: no nsimplify here (it may turn a rational with a large denominator
    # into an irrational closed form such as 5*2**(363/364)/343, which Fraction cannot read).
    point = {s: sp.sympify(v).subs(guess) for s, v in zip(unknowns, solution, strict=True)}
    if not all(value.is_Rational for value in point.values()):
        raise _NotCertified("the stationarity equations do not have a rational solution")
    exact = [sp.Integer(0) if v in pinned else point[symbols[v]] for v in range(n)]
    slack = [1 + margin[k] - (exact[src[k]] - exact[dst[k]]) for k in range(T)]
    if any(slack[k] < 0 for k in active) or any(slack[k] > 0 for k in range(T) if k not in active):
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
    return (
        (
            "stationarity on the active pieces solved exactly (sympy), minimiser set by "
            "an exact linear programme"
        ),
        alpha,
        Fraction(str(value)),
        gap_range,
    )


def _certify_smooth(terms, n, pinned, pair, phi, alpha_hint):
    """Logistic and exponential: Newton's method at 50 digits on the exact gradient."""
    src, dst, w, m = terms
    symbols = sp.symbols(f"a0:{n}")
    a = [sp.Integer(0) if v in pinned else symbols[v] for v in range(n)]
    unknowns = [symbols[v] for v in range(n) if v not in pinned]
    loss = {"exponential": lambda t: sp.exp(-t), "logistic": lambda t: sp.log(1 + sp.exp(-t))}
    risk = sum(
        sp.Rational(wk.numerator, wk.denominator)
        * loss[phi](a[i] - a[j] - sp.Rational(mk.numerator, mk.denominator))
        for i, j, wk, mk in zip(src, dst, w, m, strict=True)
    )
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
    exact = tuple(sp.Integer(0) if v in pinned else sp.Float(at[symbols[v]], 50) for v in range(n))
    gap = exact[pair[0]] - exact[pair[1]]
    if abs(gap) < sp.Float("1e-30"):
        raise _NotCertified(
            "the scores of the pair agree to 30 digits: a tie cannot be proved numerically"
        )
    value = sp.N(risk.subs(at), 50)
    return (
        (
            "exact gradient (sympy), Newton's method at 50 digits: the unique minimiser "
            "(strictly convex, Hessian positive definite)"
        ),
        exact,
        value,
        (gap, gap),
    )


def _certify(probs, graphs, phi, form, pair, alpha_hint) -> Certificate:
    n = len(graphs[0])
    P = [_fraction(p) for p in probs]
    if sum(P) != 1:
        raise _NotCertified(f"the probabilities sum to {sum(P)} in exact arithmetic, not 1")
    G = [[[_fraction(y) for y in row] for row in graph] for graph in graphs]
    mean = [
        [sum(p * g[i][j] for p, g in zip(P, G, strict=True)) for j in range(n)] for i in range(n)
    ]
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
    alpha = tuple(
        sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v for v in alpha
    )
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    if not gap_range[0] <= 0:
        raise _NotCertified(
            f"every minimiser orders {i}->{j} correctly (alpha_i - alpha_j >= {gap_range[0]})"
        )
    return Certificate(method, alpha, value, gap_range, bool(gap_range[1] <= 0))


def certify_counterexample(counterexample):
    """Re-prove a :class:`LowNoiseCounterexample` without cvxpy (exactly, or at 50 digits).

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
    counterexample : LowNoiseCounterexample
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
        If the argument is not a LowNoiseCounterexample.
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
    if not isinstance(counterexample, LowNoiseCounterexample):
        raise TypeError(
            f"counterexample must be a LowNoiseCounterexample, got {type(counterexample).__name__}"
        )
    cx = counterexample
    try:
        certificate = _certify(cx.probs, cx.graphs, cx.phi, cx.form, cx.pair, cx.alpha)
    except _NotCertified as exc:
        raise ValueError(f"counterexample not certified: {exc}") from None
    # the solver's point must be a minimiser (up to its accuracy) with the pair wrong
    value = _risk(cx.alpha, _terms(cx.probs, cx.graphs, cx.form), cx.phi)
    if value > float(certificate.value) + 1e-5 * max(1.0, abs(float(certificate.value))):
        raise ValueError(
            f"counterexample not certified: alpha has surrogate risk {value:.8g}, "
            f"above the minimum {float(certificate.value):.8g}"
        )
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


def _strictly_low_noise(probs, graphs) -> bool:
    """Whether every path i -> j -> k of G_mu weighs strictly less than the edge i -> k
    (Definition 4 with strict inequalities), in exact arithmetic (rational data)."""
    n = len(graphs[0])
    P = [_fraction(p) for p in probs]
    mean = [
        [sum(p * _fraction(g[i][j]) for p, g in zip(P, graphs, strict=True)) for j in range(n)]
        for i in range(n)
    ]
    A = [[mean[i][j] - mean[j][i] for j in range(n)] for i in range(n)]
    return all(
        A[i][k] > A[i][j] + A[j][k]
        for i, j, k in itertools.permutations(range(n), 3)
        if A[i][j] > 0 and A[j][k] > 0
    )


def find_low_noise_counterexample(phi, form, n_items, rng=0, *, max_candidates=400, strict=False):
    """Search for a low-noise distribution whose surrogate minimiser gets an edge wrong.

    Candidates are drawn in the style of Figure 1: a DAG whose edges all point
    down the item order (``i -> j`` with ``i < j``) with probability ``p``, and
    one whose edges all point up with probability ``1 - p``; every possible
    edge gets an integer weight in 0..10 (0: absent) and ``p`` is one of 0.1,
    ..., 0.9 (so every mean graph is reachable, and the exact check has
    rational data).  A candidate is kept when its mean graph is low noise
    (Definition 4), cvxpy's minimiser of the surrogate misorders or ties
    (within :data:`SCORE_TIE_TOL`) an edge of the difference graph, and
    :func:`certify_counterexample` proves (exactly for the hinges, at 50 digits
    for the smooth losses) that *every* minimiser misorders or ties that edge.

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
        How many candidates to draw before giving up (at most :data:`MAX_CANDIDATES`).
    strict : bool, default False
        Keep only candidates that satisfy Definition 4 strictly: every path
        ``i -> j -> k`` of ``G_mu`` weighs strictly less than the edge ``i -> k``
        (checked in exact arithmetic).  Definition 4 allows equality, but a
        distribution on that boundary leaves the low-noise set under arbitrarily
        small changes of its weights.  Two items have no such path: there it
        changes nothing.

    Returns
    -------
    LowNoiseCounterexample
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
    budget = check_int(max_candidates, "max_candidates", minimum=1, maximum=MAX_CANDIDATES)
    if not isinstance(strict, (bool, np.bool_)):
        raise TypeError(f"strict must be True or False, got {type(strict).__name__}")
    gen = as_generator(rng)
    for _ in range(budget):
        probs, graphs = _draw_candidate(gen, n)
        Y = np.tensordot(probs, graphs, axes=1)
        if _violations((Y - Y.T).tolist(), WEIGHT_TOL * _weight_scale(Y)):
            continue
        if strict and not _strictly_low_noise(probs, graphs.tolist()):
            continue
        try:
            alpha = _minimize(_terms(probs, graphs, form), n, phi)[0]
        except (ValueError, SolverError):  # no minimiser attained, or the solvers failed
            continue
        wrong = violated_edges(alpha, Y)
        if not wrong:
            continue
        try:
            certificate = _certify(probs, graphs, phi, form, wrong[0], alpha)
        except _NotCertified:
            continue
        if certificate.every_minimizer:
            return LowNoiseCounterexample(probs, graphs, alpha, wrong[0], phi, form)
    kind = "strictly low-noise" if strict else "low-noise"
    raise ValueError(
        f"no {kind} counterexample for phi={phi!r}, form={form!r} on {n} items "
        f"among {budget} candidates; try another rng or a larger max_candidates"
    )
