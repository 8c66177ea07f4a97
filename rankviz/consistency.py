"""Low noise: distributions over preference DAGs, their mean and difference graphs.

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
  and 3; :func:`violated_edges` lists the edges scores get wrong): a
  :class:`LowNoiseCounterexample` holds one such distribution;
  :mod:`rankviz.counterexamples` finds and certifies them, and
  :mod:`rankviz.hinge_lp` treats the hinge's risk as a linear programme.
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
about 1e-11 of the largest).

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

import networkx as nx
import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz._pairwise_terms import (
    FORMS,
    SURROGATES,
    WEIGHT_TOL,
    _check_scores,
    _difference,
    _violations,
    _weight_scale,
)
from rankviz._validation import (
    as_generator,
    as_item_ids,
    as_weight_matrix,
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_real,
    is_bool,
)

__all__ = [
    "MAX_RANDOM_GRAPHS",
    "MAX_RANDOM_ITEMS",
    "SCORE_TIE_TOL",
    "WEIGHT_TOL",
    "LowNoiseCounterexample",
    "check_preference_distribution",
    "difference_graph",
    "is_low_noise",
    "low_noise_violations",
    "mean_adjacency",
    "random_preference_distribution",
    "violated_edges",
]

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
    graph = digraph_from_weights(adjacency, adjacency > 0)
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
        if is_bool(p) or not isinstance(p, (int, float, np.number)):
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
    low_noise = check_bool(low_noise, "low_noise")
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
# a distribution whose surrogate minimiser gets an edge wrong
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
