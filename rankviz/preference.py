"""The preference-based setting: ranking a query set with a learned preference function.

A preference function ``h`` on ``n`` items is an ``(n, n)`` matrix ``H`` with
``H[u, v] = h(u, v)`` in [0, 1], the confidence (or probability) that item
``u`` should be ranked above item ``v``.  It is *pairwise consistent*,
``H[u, v] + H[v, u] = 1`` for ``u != v`` (Mohri et al., section 10.6.1), but it
need not be transitive: ``h(0, 1) = h(1, 2) = h(2, 0) = 1`` is allowed, and no
ranking (no scoring function) agrees with it on all three pairs.  The diagonal
is not part of the preference; it is stored as 1/2 and never read.

The second stage turns ``h`` into a ranking of the query set, and its cost is
counted in calls to ``h``.  Every algorithm here queries ``h`` through a
:class:`CountingPreference`, so the call counts it reports are measured, not
computed from a formula:

* :func:`sort_by_degree` (Balcan et al., 2008): rank by the number of items
  each item is preferred to; ``n (n - 1) / 2`` calls.
* :func:`quicksort_rank` (Ailon and Mohri, 2008): randomized QuickSort in which
  the comparison with the pivot ``u`` places ``v`` above ``u`` with probability
  ``h(v, u)``; ``O(n log n)`` expected calls.  :func:`quicksort_top_k` stops
  refining below position ``k``: ``O(n + k log k)`` expected calls.
  :func:`quicksort_runs` runs it many times at once.

Permutations follow :mod:`rankviz.permutations`: ``sigma[i]`` is the 0-based
position of item ``i`` (0 is the top).  The book's ``sigma(u)`` is 1-based,
with ``sigma(u) < sigma(v)`` meaning "u is ranked above v"; here that reads
``sigma[u] < sigma[v]``.  Losses (10.23), (10.24) and (10.36) are the
weighted pairwise disagreement ``L_omega`` of :mod:`rankviz.pairwise`, which
has one implementation, :func:`rankviz.pairwise.weighted_disagreement_L_omega`;
a bipartite target is a permutation with the positives on top together with
:func:`rankviz.pairwise.emphasis_bipartite` (:func:`bipartite_target`).

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, section 10.6 (seed ``004_e87a518ae3e4601f.txt``).
M.-F. Balcan, N. Bansal, A. Beygelzimer, D. Coppersmith, J. Langford,
G. B. Sorkin, "Robust reductions from ranking to classification", Machine
Learning 72, 2008.  N. Ailon and M. Mohri, "An efficient reduction of ranking
to classification", COLT 2008.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import networkx as nx
import numpy as np
from scipy import sparse, stats

from rankviz._validation import (
    as_binary_labels,
    as_generator,
    check_choice,
    check_int,
    check_probability,
)
from rankviz.pairwise import (
    emphasis_bipartite,
    emphasis_matrix,
    emphasis_uniform,
    weighted_disagreement_L_omega,
)
from rankviz.permutations import as_permutation, order_from_sigma, sigma_from_scores

__all__ = [
    "CONSISTENCY_TOLERANCE",
    "MAX_EXACT_ITEMS",
    "CountingPreference",
    "MonteCarloEstimate",
    "PreferenceFunction",
    "QuickSortRuns",
    "RankingResult",
    "TopKResult",
    "all_tournaments",
    "as_preference_matrix",
    "bipartite_target",
    "classical_quicksort_calls",
    "cyclic_preference",
    "cyclic_triangles",
    "expected_quicksort_calls",
    "expected_quicksort_loss",
    "flip_pair",
    "hashed_preference",
    "majority_graph",
    "preference_from_sigma",
    "preference_loss",
    "quicksort_loss_monte_carlo",
    "quicksort_pair_probabilities",
    "quicksort_rank",
    "quicksort_runs",
    "quicksort_top_k",
    "random_preference",
    "ranking_loss",
    "sort_by_degree",
]

#: Largest deviation from ``H[u, v] + H[v, u] = 1`` that :func:`as_preference_matrix` accepts.
CONSISTENCY_TOLERANCE = 1e-9

#: Largest number of items for the exact computations over subsets
#: (:func:`quicksort_pair_probabilities`, :func:`expected_quicksort_loss`).
MAX_EXACT_ITEMS = 12

# pairs queried at once by sort_by_degree on a PreferenceFunction (memory bound)
_PAIR_BLOCK = 1 << 20


# --------------------------------------------------------------------------- #
# preference functions and the counting wrapper
# --------------------------------------------------------------------------- #
def as_preference_matrix(H, name: str = "H") -> np.ndarray:
    """Validate a pairwise-consistent preference matrix and return a float copy.

    Parameters
    ----------
    H : array_like of shape (n, n)
        ``H[u, v] = h(u, v)`` in [0, 1], with ``H[u, v] + H[v, u] = 1`` for
        ``u != v`` (up to :data:`CONSISTENCY_TOLERANCE`).  The diagonal is not
        part of the preference: any finite value is accepted and replaced by 1/2.
    name : str, default "H"
        Argument name used in error messages.

    Returns
    -------
    ndarray of float64, shape (n, n)
        A copy with the diagonal set to 1/2.

    Raises
    ------
    TypeError
        If ``H`` is not numeric.
    ValueError
        If ``H`` is not a square 2-D array with ``n >= 2``, holds NaN or
        infinite values, has an off-diagonal entry outside [0, 1], or is not
        pairwise consistent (the message names the first offending pair).

    References
    ----------
    Mohri et al. (2018), section 10.6.1 (pairwise consistency).

    Examples
    --------
    >>> as_preference_matrix([[0, 0.8], [0.2, 0]])
    array([[0.5, 0.8],
           [0.2, 0.5]])
    >>> as_preference_matrix([[0, 0.8], [0.3, 0]])
    Traceback (most recent call last):
        ...
    ValueError: H must be pairwise consistent: H[0, 1] + H[1, 0] = 1.1, not 1
    """
    if isinstance(H, (str, bytes)):
        raise TypeError(f"{name} must be a numeric (n, n) array, got {type(H).__name__}")
    try:
        arr = np.asarray(H)
    except Exception as exc:  # ragged nested lists
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.number)
                                   or np.issubdtype(arr.dtype, np.bool_)):
        raise TypeError(f"{name} must be a numeric (n, n) array, got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must contain real numbers, got complex values")
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise ValueError(f"{name} must be a square (n, n) array, got shape {arr.shape}")
    n = arr.shape[0]
    if n < 2:
        raise ValueError(f"{name} must compare at least 2 items, got shape {arr.shape}")
    arr = arr.astype(np.float64)  # a copy
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} contains NaN or infinite values")
    off = ~np.eye(n, dtype=bool)
    outside = off & ((arr < 0) | (arr > 1))
    if outside.any():
        u, v = np.argwhere(outside)[0]
        raise ValueError(f"{name} must have entries in [0, 1], "
                         f"got {name}[{u}, {v}] = {arr[u, v]:g}")
    gap = np.abs(arr + arr.T - 1.0) * off
    if gap.max() > CONSISTENCY_TOLERANCE:
        u, v = np.argwhere(gap > CONSISTENCY_TOLERANCE)[0]
        raise ValueError(
            f"{name} must be pairwise consistent: "
            f"{name}[{u}, {v}] + {name}[{v}, {u}] = {arr[u, v] + arr[v, u]:.6g}, not 1")
    np.fill_diagonal(arr, 0.5)
    return arr


@dataclass(frozen=True)
class PreferenceFunction:
    """A preference function given by a vectorized callable, for sets too large for a matrix.

    ``func(u, v)`` receives two integer arrays of equal shape (item indices in
    ``0, ..., n-1``, never ``u == v``) and returns ``h(u, v)`` elementwise, in
    [0, 1].  It must be pairwise consistent, ``func(u, v) + func(v, u) = 1``;
    that cannot be checked without querying every pair, so the algorithms rely
    on it (as the book does) and only check the shape and range of each answer.

    Parameters
    ----------
    n : int
        Number of items, at least 2.
    func : callable
        The vectorized preference function.
    description : str, default ""
        Shown by ``repr``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer or ``func`` is not callable.
    ValueError
        If ``n < 2``.

    Examples
    --------
    >>> h = PreferenceFunction(4, lambda u, v: (u < v).astype(float), "identity order")
    >>> h
    PreferenceFunction(n=4, 'identity order')
    >>> h.matrix()
    array([[0.5, 1. , 1. , 1. ],
           [0. , 0.5, 1. , 1. ],
           [0. , 0. , 0.5, 1. ],
           [0. , 0. , 0. , 0.5]])
    """

    n: int
    func: Callable = field(repr=False)
    description: str = ""

    def __post_init__(self):
        object.__setattr__(self, "n", check_int(self.n, "n", minimum=2))
        if not callable(self.func):
            raise TypeError(f"func must be callable, got {type(self.func).__name__}")

    def __call__(self, u, v) -> np.ndarray:
        """``h(u, v)`` for index arrays ``u`` and ``v`` (checked: shape and range)."""
        values = np.asarray(self.func(u, v), dtype=np.float64)
        if values.shape != np.shape(u):
            raise ValueError(f"func must return one value per pair, got shape {values.shape} "
                             f"for {np.shape(u)} pairs")
        if not (np.all(values >= 0) and np.all(values <= 1)):
            raise ValueError("func must return values in [0, 1]")
        return values

    def matrix(self) -> np.ndarray:
        """The ``(n, n)`` matrix of ``h`` (diagonal 1/2), validated by :func:`as_preference_matrix`.

        Raises
        ------
        ValueError
            If ``n > 4096`` (the matrix would be too large) or ``func`` is not
            pairwise consistent.
        """
        if self.n > 4096:
            raise ValueError(f"n = {self.n} is too large to build the matrix (at most 4096)")
        u, v = np.meshgrid(np.arange(self.n), np.arange(self.n), indexing="ij")
        off = u != v
        H = np.full((self.n, self.n), 0.5)
        H[off] = self(u[off], v[off])
        return as_preference_matrix(H)

    def __repr__(self) -> str:
        text = f", {self.description!r}" if self.description else ""
        return f"PreferenceFunction(n={self.n}{text})"


def _as_preference(H):
    """A validated matrix or a PreferenceFunction, and its number of items."""
    if isinstance(H, PreferenceFunction):
        return H, H.n
    matrix = as_preference_matrix(H)
    return matrix, matrix.shape[0]


class CountingPreference:
    """Query a preference function and count the calls: one call per pair ``(u, v)`` asked.

    Parameters
    ----------
    H : array_like of shape (n, n) or PreferenceFunction
        The preference function (a matrix is validated by :func:`as_preference_matrix`).
    n_runs : int, default 1
        Number of independent runs that share this counter; each call names
        its run, and :attr:`calls` keeps one count per run.

    Attributes
    ----------
    n : int
        Number of items.
    calls : ndarray of int64, shape (n_runs,)
        Calls made so far, per run.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`, or if ``n_runs`` is not an integer >= 1.

    Examples
    --------
    >>> h = CountingPreference(preference_from_sigma([0, 1, 2]))
    >>> h([0, 2], [1, 1])          # h(0, 1) and h(2, 1)
    array([1., 0.])
    >>> int(h.total_calls)
    2
    """

    def __init__(self, H, n_runs: int = 1) -> None:
        self._h, self.n = _as_preference(H)
        self._is_matrix = isinstance(self._h, np.ndarray)
        self.n_runs = check_int(n_runs, "n_runs", minimum=1)
        self.calls = np.zeros(self.n_runs, dtype=np.int64)

    def __call__(self, u, v, run=None) -> np.ndarray:
        """``h(u, v)`` for index arrays ``u``, ``v``; ``run`` (array or None = run 0) is charged."""
        u = np.asarray(u)
        v = np.asarray(v)
        if run is None:
            self.calls[0] += u.size
        else:
            self.calls += np.bincount(np.asarray(run).ravel(), minlength=self.n_runs)
        return self._h[u, v] if self._is_matrix else self._h(u, v)

    @property
    def total_calls(self) -> int:
        """Calls made so far, all runs together."""
        return int(self.calls.sum())

    def __repr__(self) -> str:
        return f"CountingPreference(n={self.n}, calls={self.total_calls})"


# --------------------------------------------------------------------------- #
# building preference matrices
# --------------------------------------------------------------------------- #
def preference_from_sigma(sigma) -> np.ndarray:
    """The transitive 0/1 preference of a ranking: ``h(u, v) = 1[sigma[u] < sigma[v]]``.

    This is the preference a scoring function induces (the score-based setting
    is the transitive special case).

    Parameters
    ----------
    sigma : array_like of int, shape (n,)
        A permutation, ``sigma[i]`` the 0-based position of item ``i``; ``n >= 2``.

    Returns
    -------
    ndarray of float64, shape (n, n)
        Diagonal 1/2.

    Raises
    ------
    ValueError, TypeError
        If ``sigma`` is not a permutation of at least 2 items.

    References
    ----------
    Mohri et al. (2018), section 10.6 (a preference induced by a ranking).

    Examples
    --------
    >>> preference_from_sigma([1, 0, 2])    # item 1 on top, then 0, then 2
    array([[0.5, 0. , 1. ],
           [1. , 0.5, 1. ],
           [0. , 0. , 0.5]])
    """
    sigma = as_permutation(sigma)
    if sigma.size < 2:
        raise ValueError("sigma must rank at least 2 items")
    H = (sigma[:, None] < sigma[None, :]).astype(np.float64)
    np.fill_diagonal(H, 0.5)
    return H


def random_preference(n, intransitivity, rng, *, soft=False) -> np.ndarray:
    """A random preference on ``n`` items: the order ``0, 1, ..., n-1`` with random pairs flipped.

    Each unordered pair of the identity order (item 0 on top) is reversed
    independently with probability ``intransitivity / 2``: 0 gives the
    transitive order, 1 a uniformly random tournament, and values in between
    noisy preferences whose flips create cycles.  With ``soft=True`` the
    winner ``w`` of each pair gets ``h(w, l)`` uniform in [1/2, 1] instead of 1,
    so that QuickSort's comparisons are themselves random.

    Parameters
    ----------
    n : int
        Number of items, at least 2.
    intransitivity : float
        In [0, 1]; twice the probability of flipping a pair.
    rng : int or numpy.random.Generator
        Seed or generator.
    soft : bool, default False
        Fractional instead of 0/1 preferences.

    Returns
    -------
    ndarray of float64, shape (n, n)
        A pairwise-consistent preference matrix (diagonal 1/2).  The order it
        perturbs is the identity, ``sigma = arange(n)``: use it as the target.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer >= 2, ``intransitivity`` is outside [0, 1]
        or ``rng`` is not a seed or generator.

    References
    ----------
    Mohri et al. (2018), section 10.6 (non-transitive preference functions).

    Examples
    --------
    >>> random_preference(3, 0.0, rng=0)
    array([[0.5, 1. , 1. ],
           [0. , 0.5, 1. ],
           [0. , 0. , 0.5]])
    >>> H = random_preference(6, 1.0, rng=1, soft=True)
    >>> bool(np.allclose(H + H.T, 1.0))
    True
    """
    n = check_int(n, "n", minimum=2)
    intransitivity = check_probability(intransitivity, "intransitivity")
    if not isinstance(soft, (bool, np.bool_)):
        raise TypeError(f"soft must be a bool, got {type(soft).__name__}")
    gen = as_generator(rng)
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    flipped = gen.random((n, n)) < intransitivity / 2
    strength = 0.5 + 0.5 * gen.random((n, n)) if soft else np.ones((n, n))
    upper_value = np.where(flipped, 1.0 - strength, strength)  # h(u, v) for u < v
    H = np.where(upper, upper_value, 0.0)
    H = H + np.tril(1.0 - H.T, k=-1)
    np.fill_diagonal(H, 0.5)
    return H


def cyclic_preference(n) -> np.ndarray:
    """The rotational tournament: ``u`` beats the next ``floor((n-1)/2)`` items around a circle.

    ``h(u, v) = 1`` if ``(v - u) mod n`` is in ``1 .. floor((n-1)/2)``, 0 if it is
    in the other half, and 1/2 for the opposite item when ``n`` is even.  Every
    item wins as often as it loses: no item is better than another, and for
    ``n = 3`` this is the cycle ``h(0, 1) = h(1, 2) = h(2, 0) = 1`` of
    Mohri et al.'s Theorem 10.5.

    Parameters
    ----------
    n : int
        Number of items, at least 3.

    Returns
    -------
    ndarray of float64, shape (n, n)

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer >= 3.

    References
    ----------
    Mohri et al. (2018), section 10.6 and figure 10.5(a).

    Examples
    --------
    >>> cyclic_preference(3)
    array([[0.5, 1. , 0. ],
           [0. , 0.5, 1. ],
           [1. , 0. , 0.5]])
    """
    n = check_int(n, "n", minimum=3)
    gap = (np.arange(n)[None, :] - np.arange(n)[:, None]) % n
    H = np.where(gap == 0, 0.5, np.where(gap <= (n - 1) // 2, 1.0, 0.0))
    if n % 2 == 0:
        H[gap == n // 2] = 0.5
    return H


def all_tournaments(n) -> np.ndarray:
    """Every 0/1 pairwise-consistent preference (tournament) on ``n`` items, for exhaustive checks.

    Parameters
    ----------
    n : int
        Number of items, ``2 <= n <= 6`` (``2^15 = 32768`` tournaments on 6 items).

    Returns
    -------
    ndarray of float64, shape (2^(n (n - 1) / 2), n, n)
        One preference matrix per tournament (diagonal 1/2); tournament ``t``
        sets ``h(u, v) = 1`` for the ``k``-th pair ``u < v`` (in lexicographic
        order) exactly when bit ``k`` of ``t`` is 1.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``[2, 6]``.

    Examples
    --------
    >>> T = all_tournaments(3)
    >>> T.shape, sum(cyclic_triangles(H) for H in T)   # 2 of the 8 are cycles
    ((8, 3, 3), 2)
    """
    n = check_int(n, "n", minimum=2, maximum=6)
    u, v = np.triu_indices(n, k=1)
    bits = (np.arange(1 << u.size)[:, None] >> np.arange(u.size)[None, :]) & 1
    out = np.full((bits.shape[0], n, n), 0.5)
    out[:, u, v] = bits
    out[:, v, u] = 1 - bits
    return out


def hashed_preference(n, intransitivity, seed=0) -> PreferenceFunction:
    """A cheap random preference for large ``n``: pair flips decided by a hash, not stored.

    The same model as :func:`random_preference` (the order ``0, 1, ..., n-1``
    with each pair reversed with probability ``intransitivity / 2``), except
    that whether the pair ``{u, v}`` is reversed is a fixed pseudo-random
    function of ``(min(u, v), max(u, v), seed)`` (a 64-bit mixing hash), so
    that ``h`` costs O(1) memory and O(1) time per call at any ``n``.  It is
    pairwise consistent and 0/1.

    Parameters
    ----------
    n : int
        Number of items, at least 2.
    intransitivity : float
        In [0, 1]; twice the share of reversed pairs.
    seed : int, default 0
        Selects the hash (a non-negative integer).

    Returns
    -------
    PreferenceFunction

    Raises
    ------
    ValueError, TypeError
        If ``n < 2``, ``intransitivity`` is outside [0, 1] or ``seed`` is not a
        non-negative integer.

    References
    ----------
    Mohri et al. (2018), section 10.6 (calls to ``h`` as the cost measure);
    the mixing constants are those of SplitMix64 (Steele, Lea and Flood, 2014).

    Examples
    --------
    >>> h = hashed_preference(10**6, 0.3)
    >>> u, v = np.array([0, 5, 999_999]), np.array([1, 2, 3])
    >>> h(u, v) + h(v, u)
    array([1., 1., 1.])
    >>> bool(np.all(hashed_preference(8, 0.0).matrix() == preference_from_sigma(np.arange(8))))
    True
    """
    n = check_int(n, "n", minimum=2)
    intransitivity = check_probability(intransitivity, "intransitivity")
    seed = check_int(seed, "seed", minimum=0)
    salt = np.uint64((seed * 0x9E3779B97F4A7C15) % 2**64)

    def h(u, v):
        a = np.minimum(u, v).astype(np.uint64)
        b = np.maximum(u, v).astype(np.uint64)
        x = a * np.uint64(0x9E3779B97F4A7C15) + b * np.uint64(0xC2B2AE3D27D4EB4F) + salt
        x ^= x >> np.uint64(30)
        x *= np.uint64(0xBF58476D1CE4E5B9)
        x ^= x >> np.uint64(27)
        x *= np.uint64(0x94D049BB133111EB)
        x ^= x >> np.uint64(31)
        flipped = (x >> np.uint64(11)).astype(np.float64) / 2.0**53 < intransitivity / 2
        return ((np.asarray(u) < np.asarray(v)) ^ flipped).astype(np.float64)

    return PreferenceFunction(n, h, f"hashed noisy order, intransitivity {intransitivity:g}")


def flip_pair(H, u, v) -> np.ndarray:
    """A copy of ``H`` with the preference between items ``u`` and ``v`` reversed.

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix.
    u, v : int
        Two distinct items.

    Returns
    -------
    ndarray of float64, shape (n, n)
        ``H`` with ``H[u, v]`` and ``H[v, u]`` exchanged.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`, or if ``u``, ``v`` are not distinct items.

    Examples
    --------
    >>> flip_pair(preference_from_sigma([0, 1, 2]), 0, 2)   # creates the cycle 0 > 1 > 2 > 0
    array([[0.5, 1. , 0. ],
           [0. , 0.5, 1. ],
           [1. , 0. , 0.5]])
    """
    H = as_preference_matrix(H)
    n = H.shape[0]
    u = check_int(u, "u", minimum=0, maximum=n - 1)
    v = check_int(v, "v", minimum=0, maximum=n - 1)
    if u == v:
        raise ValueError(f"u and v must be distinct items, got u = v = {u}")
    H[u, v], H[v, u] = H[v, u], H[u, v]
    return H


def majority_graph(H) -> nx.DiGraph:
    """The directed graph of strict preferences: an edge ``u -> v`` when ``h(u, v) > 1/2``.

    Each edge carries ``weight = h(u, v)``.  Pairs with ``h(u, v) = 1/2`` have no
    edge.  A 0/1 preference is representable by a scoring function (a ranking
    that agrees with every pair) exactly when this graph is acyclic; a
    topological order (:func:`networkx.topological_sort`) is then that ranking.

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix.

    Returns
    -------
    networkx.DiGraph
        Nodes ``0, ..., n-1``.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`.

    References
    ----------
    Mohri et al. (2018), section 10.6 (non-transitive preferences).

    Examples
    --------
    >>> G = majority_graph(cyclic_preference(3))
    >>> sorted(G.edges()), nx.is_directed_acyclic_graph(G)
    ([(0, 1), (1, 2), (2, 0)], False)
    """
    H = as_preference_matrix(H)
    G = nx.DiGraph()
    G.add_nodes_from(range(H.shape[0]))
    for u, v in np.argwhere(H > 0.5):
        G.add_edge(int(u), int(v), weight=float(H[u, v]))
    return G


def cyclic_triangles(H) -> int:
    """Number of triples ``{u, v, w}`` on which the strict preferences form a cycle.

    A preference is transitive on a triple unless ``h(u, v), h(v, w), h(w, u)``
    all exceed 1/2 for some labelling of it.  With ``A`` the 0/1 matrix of the
    :func:`majority_graph`, the count is ``trace(A^3) / 3``.

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix.

    Returns
    -------
    int

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`.

    References
    ----------
    Mohri et al. (2018), section 10.6; Kendall and Babington Smith (1940) for
    the count in a tournament, ``C(n, 3) - sum_u C(wins_u, 2)``.

    Examples
    --------
    >>> cyclic_triangles(cyclic_preference(5)), cyclic_triangles(random_preference(5, 0.0, rng=0))
    (5, 0)
    """
    A = (as_preference_matrix(H) > 0.5).astype(np.int64)
    return int(np.trace(A @ A @ A)) // 3


# --------------------------------------------------------------------------- #
# second-stage algorithms
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class RankingResult:
    """A ranking returned by a second-stage algorithm and the calls to ``h`` it made.

    Attributes
    ----------
    sigma : ndarray of int64, shape (n,)
        ``sigma[i]`` is the 0-based position of item ``i``.
    calls : int
        Number of pairs ``(u, v)`` for which ``h(u, v)`` was queried.
    levels : tuple of ndarray, optional
        For a traced QuickSort run: ``levels[l][i]`` is the first position of
        the subarray holding item ``i`` when level ``l`` starts; the items of a
        subarray share this value.  The last entry is ``sigma``.
    pivots : tuple of ndarray, optional
        For a traced QuickSort run: the pivots chosen at each level.
    """

    sigma: np.ndarray
    calls: int
    levels: tuple = ()
    pivots: tuple = ()

    @property
    def order(self) -> np.ndarray:
        """The items from top to bottom (the inverse of ``sigma``)."""
        return order_from_sigma(self.sigma)

    def __repr__(self) -> str:
        return f"RankingResult(order={self.order.tolist()}, calls={self.calls})"


@dataclass(frozen=True, eq=False)
class TopKResult:
    """The top ``k`` items returned by :func:`quicksort_top_k`, and the calls it made.

    Attributes
    ----------
    top : ndarray of int64, shape (k,)
        The ``k`` items ranked highest, from the top down.
    calls : int
        Number of pairs for which ``h`` was queried.
    """

    top: np.ndarray
    calls: int

    def __repr__(self) -> str:
        return f"TopKResult(top={self.top.tolist()}, calls={self.calls})"


@dataclass(frozen=True, eq=False)
class QuickSortRuns:
    """Independent runs of randomized QuickSort on one preference function.

    Attributes
    ----------
    sigmas : ndarray of int64, shape (n_runs, n)
        One permutation per run.
    calls : ndarray of int64, shape (n_runs,)
        Calls to ``h`` made by each run.
    """

    sigmas: np.ndarray
    calls: np.ndarray

    def __repr__(self) -> str:
        runs, n = self.sigmas.shape
        return (f"QuickSortRuns(n_runs={runs}, n={n}, mean calls={self.calls.mean():.1f}, "
                f"calls in [{self.calls.min()}, {self.calls.max()}])")


def sort_by_degree(H) -> RankingResult:
    """Sort-by-degree: rank items by the total preference they win, ``sum_v h(u, v)``.

    Every unordered pair is queried once, ``h(u, v)`` for ``u < v``, and
    pairwise consistency supplies ``h(v, u) = 1 - h(u, v)``: exactly
    ``n (n - 1) / 2`` calls, whatever ``h`` is.  For a 0/1 preference the
    degree is the number of items ``u`` is preferred to.  Ties (frequent: in
    a cycle every item has the same degree) go to the smaller item index; the
    degrees are rounded to 9 decimals first, so that fractional preferences
    with equal degrees tie exactly.

    Parameters
    ----------
    H : array_like of shape (n, n) or PreferenceFunction
        The preference function.

    Returns
    -------
    RankingResult
        The ranking and the number of calls, ``n (n - 1) / 2``.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`.

    References
    ----------
    Mohri et al. (2018), section 10.6.2 and eqs. (10.30)-(10.31); Balcan et al. (2008).

    Examples
    --------
    >>> H = flip_pair(preference_from_sigma([0, 1, 2, 3]), 2, 3)
    >>> sort_by_degree(H)
    RankingResult(order=[0, 1, 3, 2], calls=6)
    >>> sort_by_degree(cyclic_preference(3))   # all degrees tie
    RankingResult(order=[0, 1, 2], calls=3)
    """
    counter = CountingPreference(H)
    n = counter.n
    degree = np.zeros(n)
    rows_per_block = max(1, _PAIR_BLOCK // n)
    for start in range(0, n - 1, rows_per_block):
        u, v = np.nonzero(np.arange(start, min(start + rows_per_block, n - 1))[:, None]
                          < np.arange(n)[None, :])
        u = u + start
        won = counter(u, v)
        degree += np.bincount(u, weights=won, minlength=n)
        degree += np.bincount(v, weights=1.0 - won, minlength=n)
    return RankingResult(sigma_from_scores(np.round(degree, 9)), counter.total_calls)


def _quicksort_levels(counter: CountingPreference, n_runs: int, k: int,
                      gen: np.random.Generator, record: bool = False):
    """Randomized QuickSort, level by level, for ``n_runs`` independent runs at once.

    Every item carries the first position ``lo`` and the size of the subarray
    it belongs to.  At each level, every subarray with at least 2 items that
    reaches above position ``k`` picks a uniform pivot (the member with the
    smallest uniform key), each other member ``v`` is compared with it (one
    call ``h(v, pivot)``) and goes left with that probability; the subarray is
    replaced by (left part, pivot, right part).  The recursive algorithm of
    Mohri et al. (figure 10.6) makes the same random choices, only in another
    order, so its output has the same distribution.  Subarrays that start at or
    below position ``k`` are left alone (the top-k variant).

    Returns ``lo`` (n_runs, n), whose entries below ``k`` are final positions,
    and, if ``record``, the per-level ``lo`` arrays and pivots of run 0.
    """
    n = counter.n
    lo = np.zeros((n_runs, n), dtype=np.int64)
    size = np.full((n_runs, n), n, dtype=np.int64)
    levels, pivots = [], []
    while True:
        active = (size >= 2) & (lo < k)
        if not active.any():
            break
        if record:
            levels.append(lo[0].copy())
        run, item = np.nonzero(active)
        segment = run * n + lo[run, item]  # unique id of each subarray
        by_segment = np.lexsort((gen.random(run.size), segment))
        run, item, segment = run[by_segment], item[by_segment], segment[by_segment]
        first = np.r_[True, segment[1:] != segment[:-1]]
        segment_index = np.cumsum(first) - 1
        pivot = item[first]
        member = ~first
        m_run, m_item = run[member], item[member]
        m_segment = segment_index[member]
        goes_left = gen.random(m_item.size) < counter(m_item, pivot[m_segment], m_run)
        n_left = np.bincount(m_segment, weights=goes_left, minlength=pivot.size).astype(np.int64)
        p_run = run[first]
        p_lo = lo[p_run, pivot]
        p_size = size[p_run, pivot]
        left_size = n_left[m_segment]
        lo[m_run, m_item] += np.where(goes_left, 0, left_size + 1)
        size[m_run, m_item] = np.where(goes_left, left_size, p_size[m_segment] - left_size - 1)
        lo[p_run, pivot] = p_lo + n_left
        size[p_run, pivot] = 1
        if record:
            pivots.append(pivot[p_run == 0].copy())
    if record:
        levels.append(lo[0].copy())
    return lo, tuple(levels), tuple(pivots)


def quicksort_rank(H, rng, *, record=False) -> RankingResult:
    """Randomized QuickSort on a preference function (Ailon and Mohri, 2008).

    A pivot ``u`` is drawn uniformly from the items; each other item ``v`` is
    placed above ``u`` with probability ``h(v, u)`` (one call to ``h``) and below
    it otherwise; both sides are sorted the same way, recursively.  ``h`` need
    not be transitive.  The expected number of calls is ``O(n log n)``; for a
    transitive 0/1 preference it is ``2 (n + 1) H_n - 4 n ~ 2 n ln n`` (``H_n``
    the harmonic number), as for classical QuickSort.

    Parameters
    ----------
    H : array_like of shape (n, n) or PreferenceFunction
        The preference function.
    rng : int or numpy.random.Generator
        Seed or generator for the pivots and the comparisons.
    record : bool, default False
        Keep the subarrays and pivots of every level (see :class:`RankingResult`),
        for drawing the run.

    Returns
    -------
    RankingResult
        The ranking and the measured number of calls.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`, or if ``rng`` is not a seed or generator.

    References
    ----------
    Mohri et al. (2018), section 10.6.3 and figure 10.6; Ailon and Mohri (2008).

    Examples
    --------
    >>> result = quicksort_rank(preference_from_sigma([2, 0, 1]), rng=0)
    >>> result.order, result.calls        # the first pivot was the middle item
    (array([1, 2, 0]), 2)
    """
    counter = CountingPreference(H)
    gen = as_generator(rng)
    if not isinstance(record, (bool, np.bool_)):
        raise TypeError(f"record must be a bool, got {type(record).__name__}")
    lo, levels, pivots = _quicksort_levels(counter, 1, counter.n, gen, record=bool(record))
    return RankingResult(lo[0], counter.total_calls, levels, pivots)


def quicksort_runs(H, n_runs, rng) -> QuickSortRuns:
    """``n_runs`` independent runs of :func:`quicksort_rank`, computed together.

    Parameters
    ----------
    H : array_like of shape (n, n) or PreferenceFunction
        The preference function.
    n_runs : int
        Number of runs, at least 1.
    rng : int or numpy.random.Generator
        Seed or generator.

    Returns
    -------
    QuickSortRuns
        One permutation and one (measured) call count per run.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`, or if ``n_runs`` is not an integer >= 1.

    References
    ----------
    Mohri et al. (2018), section 10.6.3.

    Examples
    --------
    >>> runs = quicksort_runs(cyclic_preference(3), 6000, rng=0)
    >>> orders, counts = np.unique(runs.sigmas, axis=0, return_counts=True)
    >>> orders                     # only the three rotations of the cycle occur
    array([[0, 1, 2],
           [1, 2, 0],
           [2, 0, 1]])
    >>> bool(np.all(np.abs(counts / 6000 - 1 / 3) < 0.02)), int(runs.calls.max())
    (True, 2)
    """
    n_runs = check_int(n_runs, "n_runs", minimum=1)
    counter = CountingPreference(H, n_runs)
    gen = as_generator(rng)
    lo, _, _ = _quicksort_levels(counter, n_runs, counter.n, gen)
    return QuickSortRuns(lo, counter.calls.copy())


def quicksort_top_k(H, k, rng) -> TopKResult:
    """The top ``k`` items by randomized QuickSort, refining only what reaches the top ``k``.

    The same algorithm as :func:`quicksort_rank`, except that a subarray lying
    entirely below position ``k`` is never partitioned: the items it holds are
    known not to be in the top ``k``.  The returned top ``k`` has the same
    distribution as the first ``k`` items of a full QuickSort run, at an expected
    cost of ``O(n + k log k)`` calls instead of ``O(n log n)``.

    Parameters
    ----------
    H : array_like of shape (n, n) or PreferenceFunction
        The preference function.
    k : int
        Number of items wanted, ``1 <= k <= n``.
    rng : int or numpy.random.Generator
        Seed or generator.

    Returns
    -------
    TopKResult
        The top ``k`` items in order and the measured number of calls.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`, or if ``k`` is not an integer in ``[1, n]``.

    References
    ----------
    Mohri et al. (2018), section 10.6.3 (the ``O(n + k log k)`` top-k variant).

    Examples
    --------
    >>> quicksort_top_k(preference_from_sigma(np.arange(10)[::-1]), 3, rng=0).top
    array([9, 8, 7])
    """
    counter = CountingPreference(H)
    k = check_int(k, "k", minimum=1, maximum=counter.n)
    gen = as_generator(rng)
    lo, _, _ = _quicksort_levels(counter, 1, k, gen)
    top = np.empty(k, dtype=np.int64)
    chosen = np.flatnonzero(lo[0] < k)
    top[lo[0][chosen]] = chosen
    return TopKResult(top, counter.total_calls)


def classical_quicksort_calls(n) -> float:
    """Expected comparisons of classical randomized QuickSort on ``n`` distinct keys.

    ``C_n = 2 (n + 1) H_n - 4 n`` with ``H_n = 1 + 1/2 + ... + 1/n``, which is
    ``2 n ln n + O(n)``.  It is the expected number of calls of
    :func:`quicksort_rank` on a transitive 0/1 preference, a reference against
    which the measured counts of non-transitive preferences can be compared.

    Parameters
    ----------
    n : int
        Number of items, at least 1.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer >= 1.

    References
    ----------
    C. A. R. Hoare, "Quicksort", The Computer Journal 5(1), 1962; D. E. Knuth,
    *The Art of Computer Programming* vol. 3, section 5.2.2.

    Examples
    --------
    >>> round(classical_quicksort_calls(3), 6)   # 2 comparisons with prob. 1/3, else 3
    2.666667
    """
    n = check_int(n, "n", minimum=1)
    harmonic = float(np.sum(1.0 / np.arange(1, n + 1)))
    return 2.0 * (n + 1) * harmonic - 4.0 * n


def expected_quicksort_calls(H) -> float:
    """Exact expected number of calls to ``h`` made by randomized QuickSort on ``H``.

    A run on a subset ``S`` asks ``h(a, w)`` once for each item ``a`` other
    than the pivot ``w`` (uniform on ``S``), then recurses on the items placed
    above (``a`` goes above with probability ``h(a, w)``) and below it:
    ``C(S) = |S| - 1 + (1/|S|) sum_w E[C(left) + C(right)]``, computed over
    the subsets of items.  For a transitive 0/1 preference it is
    :func:`classical_quicksort_calls`; intransitivity changes it (a 3-cycle
    costs 2 calls whatever the pivot, against 8/3 for an order).

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix (validated by :func:`as_preference_matrix`), at most
        :data:`MAX_EXACT_ITEMS` items.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`, or if ``H`` has more than
        :data:`MAX_EXACT_ITEMS` items.

    References
    ----------
    Mohri et al. (2018), section 10.6.2 (randomized QuickSort on a preference function).

    Examples
    --------
    >>> round(expected_quicksort_calls(preference_from_sigma([0, 1, 2])), 6)  # = 8/3
    2.666667
    >>> expected_quicksort_calls(cyclic_preference(3))
    2.0
    """
    H = _check_exact_size(as_preference_matrix(H))
    n = H.shape[0]
    memo: dict[int, float] = {}

    def calls(subset: int) -> float:
        if subset in memo:
            return memo[subset]
        items = [i for i in range(n) if subset >> i & 1]
        if len(items) < 2:
            return 0.0
        total = 0.0
        for w in items:
            parts = {0: 1.0}  # distribution of the set of items placed above the pivot
            for a in items:
                if a == w:
                    continue
                p, grown = float(H[a, w]), {}
                for above, prob in parts.items():
                    if p > 0.0:
                        grown[above | 1 << a] = grown.get(above | 1 << a, 0.0) + prob * p
                    if p < 1.0:
                        grown[above] = grown.get(above, 0.0) + prob * (1.0 - p)
                parts = grown
            rest = subset & ~(1 << w)
            total += sum(prob * (calls(above) + calls(rest & ~above))
                         for above, prob in parts.items())
        memo[subset] = len(items) - 1 + total / len(items)
        return memo[subset]

    return calls((1 << n) - 1)


# --------------------------------------------------------------------------- #
# losses
# --------------------------------------------------------------------------- #
def _emphasis(omega, n: int) -> np.ndarray:
    """The emphasis matrix: uniform by default, else validated as metrics does."""
    return emphasis_uniform(n) if omega is None else emphasis_matrix(omega, n)


def ranking_loss(sigma, sigma_star, omega=None):
    """Pairwise misranking of a ranking against a target, Mohri et al. eq. (10.23), or (10.36).

    ``L(sigma, sigma*) = 2 / (n (n - 1)) sum_{u != v} 1[sigma(u) < sigma(v)]
    1[sigma*(v) < sigma*(u)]``: the share of pairs that ``sigma`` orders against
    ``sigma*``.  With an emphasis ``omega`` each pair is weighted by ``omega`` at
    the positions it holds in ``sigma*`` (eq. 10.36).  Computed by
    :func:`rankviz.pairwise.weighted_disagreement_L_omega`, the one
    implementation of ``L_omega``, with :func:`rankviz.pairwise.emphasis_uniform`
    by default.

    Parameters
    ----------
    sigma : array_like of int, shape (n,) or (R, n)
        A permutation, or R of them (e.g. ``QuickSortRuns.sigmas``).
    sigma_star : array_like of int, shape (n,)
        The target permutation.  For a bipartite target see :func:`bipartite_target`.
    omega : array_like of shape (n, n) or callable, optional
        Emphasis function (``W[i - 1, j - 1] = omega(i, j)``); uniform by default.

    Returns
    -------
    float, or ndarray of shape (R,)

    Raises
    ------
    ValueError, TypeError
        As :func:`rankviz.pairwise.weighted_disagreement_L_omega`, or if
        ``sigma`` is not 1-D or 2-D.

    References
    ----------
    Mohri et al. (2018), eqs. (10.23) and (10.36).

    Examples
    --------
    >>> ranking_loss([0, 1, 2], [2, 1, 0])        # every pair reversed
    1.0
    >>> ranking_loss([[0, 1, 2], [1, 0, 2]], [0, 1, 2])
    array([0.        , 0.33333333])
    """
    s = np.asarray(sigma)
    if s.ndim not in (1, 2):
        raise ValueError(f"sigma must be 1-D or 2-D, got an array of shape {s.shape}")
    star = as_permutation(sigma_star, "sigma_star")
    if star.size < 2:
        raise ValueError("sigma_star must rank at least 2 items")
    W = _emphasis(omega, star.size)
    if s.ndim == 1:
        return weighted_disagreement_L_omega(s, star, W)
    # repeated runs often return the same ranking: evaluate each distinct one once
    distinct, which = np.unique(s, axis=0, return_inverse=True)
    losses = np.array([weighted_disagreement_L_omega(row, star, W) for row in distinct])
    return losses[which.ravel()]


def _pair_costs(sigma_star: np.ndarray, W: np.ndarray) -> np.ndarray:
    """``C[u, v]``: the L_omega cost of placing ``u`` above ``v`` (0 unless sigma* puts v above u).

    ``L_omega(sigma, sigma*) = sum_{u, v} C[u, v] 1[sigma(u) < sigma(v)]`` and
    ``L_omega(h, sigma*) = sum_{u, v} C[u, v] h(u, v)``.
    """
    n = sigma_star.size
    v_above_u = sigma_star[None, :] < sigma_star[:, None]
    return 2.0 / (n * (n - 1)) * W[sigma_star[None, :], sigma_star[:, None]] * v_above_u


def _check_target(sigma_star, n: int, omega):
    star = as_permutation(sigma_star, "sigma_star")
    if star.size != n:
        raise ValueError(f"sigma_star must rank the {n} items of H, got {star.size} positions")
    return star, _emphasis(omega, n)


def preference_loss(H, sigma_star, omega=None) -> float:
    """Loss of a preference function against a target, Mohri et al. eq. (10.24).

    ``L(h, sigma*) = 2 / (n (n - 1)) sum_{u != v} h(u, v) 1[sigma*(v) < sigma*(u)]``:
    the preference ``h`` puts on the wrong side of each pair, averaged over
    pairs.  With an emphasis ``omega`` each pair is weighted as in (10.36).
    For the transitive preference of a ranking ``sigma``
    (:func:`preference_from_sigma`) it equals ``ranking_loss(sigma, sigma*, omega)``.

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix.
    sigma_star : array_like of int, shape (n,)
        The target permutation.
    omega : array_like of shape (n, n) or callable, optional
        Emphasis function; uniform by default.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`; if ``sigma_star`` is not a permutation of
        the ``n`` items; or if ``omega`` is invalid.

    References
    ----------
    Mohri et al. (2018), eqs. (10.24) and (10.36).

    Examples
    --------
    >>> preference_loss(cyclic_preference(3), [0, 1, 2])   # h(2, 0) = 1 is the one error
    0.3333333333333333
    >>> preference_loss(np.full((3, 3), 0.5), [0, 1, 2])   # a coin flip on every pair
    0.5
    """
    H = as_preference_matrix(H)
    star, W = _check_target(sigma_star, H.shape[0], omega)
    return float(np.sum(_pair_costs(star, W) * H))


def bipartite_target(labels, *, normalization="auc"):
    """A bipartite target as the ``(sigma_star, omega)`` pair the losses take.

    Mohri et al. write a bipartite target as a labelling, with
    ``sigma*(v) < sigma*(u)`` exactly when ``v`` is positive and ``u`` negative.
    With permutations, put the positives on top (in index order, then the
    negatives) and let ``omega`` vanish on pairs of the same class, so that the
    arbitrary order inside each class costs nothing.

    Parameters
    ----------
    labels : array_like of shape (n,)
        Binary labels ({0, 1}, {-1, +1} or booleans), both classes present.
    normalization : {"auc", "pairs"}, default "auc"
        ``"auc"``: ``omega`` is :func:`rankviz.pairwise.emphasis_bipartite`, under
        which ``L_omega = 1 - AUC``, the share of misranked positive-negative
        pairs.  ``"pairs"``: ``omega = 1`` on positive-negative pairs, which
        reproduces the book's literal (10.23) with a labelling as target: the
        misranked positive-negative pairs divided by all ``n (n - 1) / 2``
        pairs (the numbers of Theorem 10.5's proof).  The two differ by the
        constant factor ``n (n - 1) / (2 n_pos n_neg)``.

    Returns
    -------
    sigma_star : ndarray of int64, shape (n,)
    omega : ndarray of shape (n, n)

    Raises
    ------
    ValueError, TypeError
        If the labels are not binary, a class is empty, or ``normalization``
        is unknown.

    References
    ----------
    Mohri et al. (2018), sections 10.6.1 (bipartite sigma*) and 10.6.4 (bipartite omega).

    Examples
    --------
    >>> sigma_star, omega = bipartite_target([0, 1, 0])   # item 1 positive
    >>> sigma_star
    array([1, 0, 2])
    >>> omega
    array([[0. , 1.5, 1.5],
           [1.5, 0. , 0. ],
           [1.5, 0. , 0. ]])
    >>> bipartite_target([0, 1, 0], normalization="pairs")[1]
    array([[0., 1., 1.],
           [1., 0., 0.],
           [1., 0., 0.]])
    """
    positive = as_binary_labels(labels, "labels")
    check_choice(normalization, "normalization", ("auc", "pairs"))
    n_pos = int(positive.sum())
    n_neg = positive.size - n_pos
    if n_pos == 0 or n_neg == 0:
        raise ValueError("labels must contain both classes (a positive and a negative item)")
    sigma_star = sigma_from_scores(positive.astype(float))
    omega = emphasis_bipartite(n_pos, n_neg)
    if normalization == "pairs":
        n = positive.size
        omega = omega * (2.0 * n_pos * n_neg / (n * (n - 1)))
    return sigma_star, omega


# --------------------------------------------------------------------------- #
# QuickSort's expected loss: exactly over subsets, and by Monte Carlo
# --------------------------------------------------------------------------- #
def _quicksort_subset_dp(H: np.ndarray, costs: np.ndarray | None) -> np.ndarray:
    """Expected pair costs of QuickSort by dynamic programming over the subsets of items.

    ``costs`` has shape (m, n, n), ``costs[c, x, y]`` the cost of placing ``x``
    above ``y`` in channel ``c``; ``None`` stands for the n * n unit costs (one
    channel per ordered pair), which gives the pair probabilities.  Returns the
    (m,) expected costs of QuickSort on all ``n`` items.  All subsets of one
    size are handled together (in chunks that bound the memory).
    """
    n = H.shape[0]
    channels = n * n if costs is None else costs.shape[0]
    flat_costs = None if costs is None else costs.reshape(channels, n * n)
    M = np.zeros((1 << n, channels))  # M[S]: expected costs of QuickSort run on the subset S
    masks = np.arange(1 << n)
    in_mask = (masks[:, None] >> np.arange(n)[None, :]) & 1
    popcount = in_mask.sum(axis=1)
    for size in range(2, n + 1):
        subsets = masks[popcount == size]
        members_all = np.nonzero(in_mask[subsets])[1].reshape(subsets.size, size)
        # B[j, b]: is the b-th of the size - 1 other items in the j-th possible left part?
        B = (np.arange(1 << (size - 1))[:, None] >> np.arange(size - 1)[None, :]) & 1
        without_self = np.array([[j for j in range(size) if j != w] for w in range(size)])
        chunk = max(1, (1 << 22) // (size * B.shape[0] * n))
        for start in range(0, subsets.size, chunk):
            S = subsets[start:start + chunk]
            members = members_all[start:start + chunk]  # (c, size)
            c = S.size
            others = members[:, without_self]  # (c, size, size - 1): S minus pivot w, per w
            p = H[others, members[:, :, None]]  # p[., w, a] = h(a, w): a goes left of pivot w
            left = (1 << others) @ B.T  # (c, size, 2^(size-1)): each possible left part
            right = (S[:, None] ^ (1 << members))[:, :, None] ^ left
            weight = np.prod(np.where(B == 1, p[:, :, None, :], 1.0 - p[:, :, None, :]), axis=-1)
            rows = np.broadcast_to(np.arange(c)[:, None, None], left.shape).ravel()
            spread = sparse.csr_matrix(
                (np.concatenate([weight.ravel()] * 2),
                 (np.concatenate([rows] * 2), np.concatenate([left.ravel(), right.ravel()]))),
                shape=(c, 1 << n))
            expected = spread @ M  # sum over the possible left and right parts
            ci = np.arange(c)[:, None, None]
            wi = np.arange(size)[None, :, None]
            p_left = np.zeros((c, size, n))
            p_left[ci, wi, others] = p
            p_right = np.zeros((c, size, n))
            p_right[ci, wi, others] = 1.0 - p
            split = np.einsum("cwx,cwy->cxy", p_left, p_right)  # x left, y right of one pivot
            split[:, np.arange(n), np.arange(n)] = 0.0
            items = np.arange(n)[None, None, :]
            split[ci, members[:, :, None], items] += p_right  # the pivot above y
            split[ci, items, members[:, :, None]] += p_left  # x above the pivot
            direct = split.reshape(c, n * n)
            if flat_costs is not None:
                direct = direct @ flat_costs.T
            M[S] = (expected + direct) / size
    return M[-1]


def quicksort_pair_probabilities(H) -> np.ndarray:
    """Exact probability that randomized QuickSort ranks ``u`` above ``v``, for every pair.

    Dynamic programming over the subsets ``S`` of items, smallest first:
    ``P_S[u, v]`` is the probability for QuickSort run on ``S``.  With pivot
    ``w`` (probability ``1/|S|``) every other item ``a`` goes left independently
    with probability ``p_a = h(a, w)``; then ``w`` is above ``y`` with
    probability ``1 - p_y``, ``x`` above ``w`` with probability ``p_x``, and for
    ``x, y != w``

    ``P(x above y) = p_x (1 - p_y) + sum_L Pr[L] P_L[x, y] + sum_R Pr[R] P_R[x, y]``,

    where ``L`` (``R``) ranges over the possible left (right) parts and
    ``P_L[x, y] = 0`` unless both items are in ``L``.  Cost ``O(n^3 3^n)``
    arithmetic in ``2^n`` vectorized steps.

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix, ``2 <= n <= MAX_EXACT_ITEMS``.

    Returns
    -------
    ndarray of float64, shape (n, n)
        ``P[u, v]``; ``P + P.T = 1`` off the diagonal, diagonal 1/2: ``P`` is
        itself a pairwise-consistent preference, and
        ``E[L(QuickSort)] = preference_loss(P, sigma*, omega)`` for every target.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`, or if ``n > MAX_EXACT_ITEMS``.

    References
    ----------
    Mohri et al. (2018), section 10.6.3; Ailon and Mohri (2008).

    Examples
    --------
    >>> quicksort_pair_probabilities(cyclic_preference(3)).round(4)
    array([[0.5   , 0.6667, 0.3333],
           [0.3333, 0.5   , 0.6667],
           [0.6667, 0.3333, 0.5   ]])
    """
    H = _check_exact_size(as_preference_matrix(H))
    n = H.shape[0]
    P = _quicksort_subset_dp(H, None).reshape(n, n)
    np.fill_diagonal(P, 0.5)
    return P


def _check_exact_size(H: np.ndarray) -> np.ndarray:
    if H.shape[0] > MAX_EXACT_ITEMS:
        raise ValueError(f"H has {H.shape[0]} items; the exact computation enumerates subsets "
                         f"and allows at most {MAX_EXACT_ITEMS} (use quicksort_loss_monte_carlo)")
    return H


def expected_quicksort_loss(H, sigma_star, omega=None) -> float:
    """Exact expected loss of randomized QuickSort over its own randomness.

    ``E_s[L_omega(QuickSort(h, s), sigma*)]``, computed as the preference loss
    (10.24) of QuickSort's exact pairwise probabilities
    (:func:`quicksort_pair_probabilities`): the loss is a sum over pairs, so its
    expectation only needs the probability of each pair's order.  The same
    dynamic program runs with the pair costs of the target contracted in, which
    is ``n^2`` times less work than computing every pair probability.

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix, ``n <= MAX_EXACT_ITEMS``.
    sigma_star : array_like of int, shape (n,)
        The target permutation.
    omega : array_like of shape (n, n) or callable, optional
        Emphasis function; uniform by default.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`quicksort_pair_probabilities` and :func:`preference_loss`.

    References
    ----------
    Mohri et al. (2018), eqs. (10.33) and (10.35); Ailon and Mohri (2008).

    Examples
    --------
    The three-item cycle with item 2 the only positive: QuickSort's expected
    loss equals the loss of ``h`` (eq. 10.33).

    >>> H = cyclic_preference(3)
    >>> sigma_star, omega = bipartite_target([0, 0, 1], normalization="pairs")
    >>> expected_quicksort_loss(H, sigma_star, omega), preference_loss(H, sigma_star, omega)
    (0.3333333333333333, 0.3333333333333333)
    """
    H = _check_exact_size(as_preference_matrix(H))
    star, W = _check_target(sigma_star, H.shape[0], omega)
    return float(_quicksort_subset_dp(H, _pair_costs(star, W)[None])[0])


@dataclass(frozen=True, eq=False)
class MonteCarloEstimate:
    """A Monte Carlo estimate of QuickSort's expected loss with a confidence interval.

    Attributes
    ----------
    mean : float
        Average loss over the runs.
    std_error : float
        Sample standard deviation of the losses divided by ``sqrt(n_runs)``.
    low, high : float
        Normal-approximation confidence interval ``mean -+ z std_error``.
    confidence : float
        Its nominal coverage.
    losses : ndarray of shape (n_runs,)
        The loss of each run.
    calls : ndarray of int64, shape (n_runs,)
        The calls to ``h`` of each run.
    """

    mean: float
    std_error: float
    low: float
    high: float
    confidence: float
    losses: np.ndarray
    calls: np.ndarray

    @property
    def n_runs(self) -> int:
        """Number of runs."""
        return int(self.losses.size)

    def __contains__(self, value) -> bool:
        return self.low <= value <= self.high

    def __repr__(self) -> str:
        return (f"MonteCarloEstimate(mean={self.mean:.4f}, "
                f"{self.confidence:.0%} CI=[{self.low:.4f}, {self.high:.4f}], "
                f"n_runs={self.n_runs})")


def quicksort_loss_monte_carlo(H, sigma_star, omega=None, *, n_runs=1000, rng=0,
                               confidence=0.95) -> MonteCarloEstimate:
    """Estimate QuickSort's expected loss by running it ``n_runs`` times.

    For sets too large for :func:`expected_quicksort_loss`.  The interval is
    the normal approximation ``mean -+ z_{(1+c)/2} s / sqrt(n_runs)``, with
    ``s`` the sample standard deviation of the losses: valid for many runs (the
    loss is bounded, so the central limit theorem applies); with few runs or a
    loss that is nearly constant prefer more runs.

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix.
    sigma_star : array_like of int, shape (n,)
        The target permutation.
    omega : array_like of shape (n, n) or callable, optional
        Emphasis function; uniform by default.
    n_runs : int, default 1000
        Number of QuickSort runs, at least 2.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    confidence : float, default 0.95
        Coverage of the interval, in (0, 1).

    Returns
    -------
    MonteCarloEstimate

    Raises
    ------
    ValueError, TypeError
        As :func:`preference_loss`, or if ``n_runs < 2`` or ``confidence`` is
        not in (0, 1).

    References
    ----------
    Mohri et al. (2018), eqs. (10.33) and (10.35).

    Examples
    --------
    >>> H = random_preference(30, 0.3, rng=0)
    >>> estimate = quicksort_loss_monte_carlo(H, np.arange(30), n_runs=400, rng=1)
    >>> estimate.low < estimate.mean < estimate.high, estimate.n_runs
    (True, 400)
    """
    H = as_preference_matrix(H)
    star, W = _check_target(sigma_star, H.shape[0], omega)
    n_runs = check_int(n_runs, "n_runs", minimum=2)
    confidence = check_probability(confidence, "confidence", open_interval=True)
    runs = quicksort_runs(H, n_runs, rng)
    losses = ranking_loss(runs.sigmas, star, W)
    mean = float(losses.mean())
    std_error = float(losses.std(ddof=1) / math.sqrt(n_runs))
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    return MonteCarloEstimate(mean, std_error, mean - z * std_error, mean + z * std_error,
                              confidence, losses, runs.calls)
