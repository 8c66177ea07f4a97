"""The preference-based setting: preference functions, tournaments and their losses.

A preference function ``h`` on ``n`` items is an ``(n, n)`` matrix ``H`` with
``H[u, v] = h(u, v)`` in [0, 1], the confidence (or probability) that item
``u`` should be ranked above item ``v``.  It is *pairwise consistent*,
``H[u, v] + H[v, u] = 1`` for ``u != v`` (Mohri et al., section 10.6.1), but it
need not be transitive: ``h(0, 1) = h(1, 2) = h(2, 0) = 1`` is allowed, and no
ranking (no scoring function) agrees with it on all three pairs.  The diagonal
is not part of the preference; it is stored as 1/2 and never read.

This module holds the first half of section 10.6: the preference function
itself (a validated matrix, or a :class:`PreferenceFunction` for sets too large
for a matrix), a :class:`CountingPreference` that counts the calls made to it,
the preferences the chapter builds (from a ranking, random, cyclic, every
tournament), its majority graph, and the losses (10.23), (10.24) and (10.36).
The second stage, turning ``h`` into a ranking (sort-by-degree and randomized
QuickSort) and what QuickSort costs and loses, is :mod:`rankviz.quicksort`.

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
Learning 72, 2008.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz._validation import (
    as_binary_labels,
    as_generator,
    as_item_ids,
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_probability,
    exact,
    rounding_tolerance,
)
from rankviz.pairwise import (
    emphasis_bipartite,
    emphasis_matrix,
    emphasis_uniform,
    weighted_disagreement_L_omega,
)
from rankviz.permutations import as_permutation, sigma_from_scores

__all__ = [
    "CONSISTENCY_TOLERANCE",
    "MAX_MATRIX_ITEMS",
    "MAX_RUNS",
    "CountingPreference",
    "PreferenceFunction",
    "all_tournaments",
    "as_preference_matrix",
    "bipartite_target",
    "cyclic_preference",
    "cyclic_triangles",
    "flip_pair",
    "hashed_preference",
    "majority_graph",
    "pair_costs",
    "preference_from_sigma",
    "preference_loss",
    "random_preference",
    "ranking_loss",
    "tournament_classes",
]

#: Largest deviation from ``H[u, v] + H[v, u] = 1`` that :func:`as_preference_matrix` accepts.
CONSISTENCY_TOLERANCE = 1e-9

#: Largest number of items of a preference *matrix* built here (``n * n`` entries).
MAX_MATRIX_ITEMS = 4096

#: Largest number of runs a :class:`CountingPreference` counts.
MAX_RUNS = 10_000_000


# --------------------------------------------------------------------------- #
# preference functions and the counting wrapper
# --------------------------------------------------------------------------- #
def as_preference_matrix(H, name: str = "H") -> np.ndarray:
    """Validate a pairwise-consistent preference matrix and return a float copy.

    Parameters
    ----------
    H : array_like of shape (n, n)
        ``H[u, v] = h(u, v)`` in [0, 1], with ``H[u, v] + H[v, u] = 1`` for
        ``u != v`` (up to :data:`CONSISTENCY_TOLERANCE`, or the rounding of ``H``'s
        dtype: float32 input is held to float32's).  The diagonal is not part of the
        preference: any finite value is accepted and replaced by 1/2.
    name : str, default "H"
        Argument name used in error messages.

    Returns
    -------
    ndarray of float64, shape (n, n)
        A copy with the diagonal set to 1/2.

    Raises
    ------
    TypeError
        If ``H`` is not numeric (or holds complex numbers), or ``name`` is not a string.
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
    if not isinstance(name, str):
        raise TypeError(f"name must be a string (the argument's name), got {type(name).__name__}")
    arr = check_array(H, name, ndim=2, square=True, copy=True)
    n = arr.shape[0]
    if n < 2:
        raise ValueError(f"{name} must compare at least 2 items, got shape {arr.shape}")
    off = ~np.eye(n, dtype=bool)
    outside = off & ((arr < 0) | (arr > 1))
    if outside.any():
        u, v = np.argwhere(outside)[0]
        raise ValueError(
            f"{name} must have entries in [0, 1], got {name}[{u}, {v}] = {arr[u, v]:g}"
        )
    gap = np.abs(arr + arr.T - 1.0) * off
    tolerance = rounding_tolerance(H, 2, floor=CONSISTENCY_TOLERANCE)
    if gap.max() > tolerance:
        u, v = np.argwhere(gap > tolerance)[0]
        raise ValueError(
            f"{name} must be pairwise consistent: "
            f"{name}[{u}, {v}] + {name}[{v}, {u}] = {exact(arr[u, v] + arr[v, u], 1.0)}, not 1"
        )
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
        Number of items, at least 2 (any size: ``h`` is queried pair by pair;
        the algorithms of :mod:`rankviz.quicksort` say how many items they serve).
    func : callable
        The vectorized preference function.
    description : str, default ""
        Shown by ``repr``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer, ``func`` is not callable or ``description``
        is not a string.
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
        if not isinstance(self.description, str):
            raise TypeError(f"description must be a string, got {type(self.description).__name__}")

    def __call__(self, u, v) -> np.ndarray:
        """``h(u, v)`` for arrays of item ids ``u`` and ``v`` of one shape, ``u != v`` pairwise.

        The ids are checked (integers in ``0 .. n-1``, no pair of an item with
        itself), then so is each answer of ``func`` (one real value in [0, 1] per pair).
        """
        u, v = _check_pairs(u, v, self.n)
        values = check_array(self.func(u, v), "func", allow_empty=True)
        if values.shape != u.shape:
            raise ValueError(
                f"func must return one value per pair, got shape {values.shape} for {u.shape} pairs"
            )
        if values.size and (values.min() < 0 or values.max() > 1):
            raise ValueError(
                f"func must return values in [0, 1], got values from "
                f"{values.min():g} to {values.max():g}"
            )
        return values

    def matrix(self) -> np.ndarray:
        """The ``(n, n)`` matrix of ``h`` (diagonal 1/2), validated by :func:`as_preference_matrix`.

        Raises
        ------
        ValueError
            If ``n > MAX_MATRIX_ITEMS`` (the matrix would be too large) or ``func`` is not
            pairwise consistent.
        """
        if self.n > MAX_MATRIX_ITEMS:
            raise ValueError(
                f"n = {self.n} is too large to build the matrix "
                f"(at most MAX_MATRIX_ITEMS = {MAX_MATRIX_ITEMS})"
            )
        u, v = np.meshgrid(np.arange(self.n), np.arange(self.n), indexing="ij")
        off = u != v
        H = np.full((self.n, self.n), 0.5)
        H[off] = self(u[off], v[off])
        return as_preference_matrix(H)

    def __repr__(self) -> str:
        text = f", {self.description!r}" if self.description else ""
        return f"PreferenceFunction(n={self.n}{text})"


def _check_pairs(u, v, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Item ids ``u``, ``v`` of one shape, each in ``0 .. n-1``, with ``u != v`` pairwise."""
    u = as_item_ids(u, "u", n, ndim=None, allow_empty=True)
    v = as_item_ids(v, "v", n, ndim=None, allow_empty=True)
    if u.shape != v.shape:
        raise ValueError(
            f"u and v must have the same shape (one pair per entry), got {u.shape} and {v.shape}"
        )
    if np.any(u == v):
        raise ValueError("u and v must differ in every pair: h(u, u) is not part of the preference")
    return u, v


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
        Number of independent runs that share this counter (at most
        :data:`MAX_RUNS`); each call names its run, and :attr:`calls` keeps one
        count per run.

    Attributes
    ----------
    n : int
        Number of items.
    calls : ndarray of int64, shape (n_runs,)
        Calls made so far, per run.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_preference_matrix`, or if ``n_runs`` is not an integer in
        ``1 .. MAX_RUNS``.  A call raises them if ``u`` or ``v`` holds anything but
        item ids, the two differ in shape or name the same item in a pair, or
        ``run`` is not an array of run numbers of the same shape.

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
        self.n_runs = check_int(n_runs, "n_runs", minimum=1, maximum=MAX_RUNS)
        self.calls = np.zeros(self.n_runs, dtype=np.int64)

    def __call__(self, u, v, run=None) -> np.ndarray:
        """``h(u, v)`` for item-id arrays ``u``, ``v``; ``run`` (array, or None: run 0) pays."""
        u, v = _check_pairs(u, v, self.n)
        if run is not None:
            run = as_item_ids(run, "run", self.n_runs, ndim=None, allow_empty=True)
            if run.shape != u.shape:
                raise ValueError(
                    f"run must name the run of each pair, shape {u.shape}, got {run.shape}"
                )
        # the answers first: a failing func charges no calls
        if self._is_matrix:
            values = self._h[u, v]
        else:
            try:
                values = self._h(u, v)
            except (TypeError, ValueError) as exc:
                raise type(exc)(f"H, a PreferenceFunction, answered badly: {exc}") from None
        if run is None:
            self.calls[0] += u.size
        else:
            self.calls += np.bincount(run.ravel(), minlength=self.n_runs)
        return values

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
        Number of items, ``2 <= n <= MAX_MATRIX_ITEMS``.
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
        If ``n`` is not an integer in ``2 .. MAX_MATRIX_ITEMS``, ``intransitivity``
        is outside [0, 1] or ``rng`` is not a seed or generator.

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
    n = check_int(n, "n", minimum=2, maximum=MAX_MATRIX_ITEMS)
    intransitivity = check_probability(intransitivity, "intransitivity")
    soft = check_bool(soft, "soft")
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
        Number of items, ``3 <= n <= MAX_MATRIX_ITEMS``.

    Returns
    -------
    ndarray of float64, shape (n, n)

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``3 .. MAX_MATRIX_ITEMS``.

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
    n = check_int(n, "n", minimum=3, maximum=MAX_MATRIX_ITEMS)
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


def tournament_classes(n) -> np.ndarray:
    """One tournament of each isomorphism class on ``n`` items, for exhaustive checks.

    Two tournaments are isomorphic when renaming the items turns one into the
    other.  A claim about a preference *and every target* (every order, every
    labelling, every grading) is unchanged when items and targets are renamed
    together, so checking one tournament per class against every target checks
    all of :func:`all_tournaments`.  Sort-by-degree breaks ties by item index,
    so claims about it are not invariant and need :func:`all_tournaments`.

    Parameters
    ----------
    n : int
        Number of items, ``2 <= n <= 6`` (1, 2, 4, 12 and 56 classes for
        ``n = 2, ..., 6``).

    Returns
    -------
    ndarray of float64, shape (number of classes, n, n)
        For each class, its member that comes first in :func:`all_tournaments`
        (the smallest bit code), in increasing order of that code.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``[2, 6]``.

    Examples
    --------
    >>> T = tournament_classes(3)     # the transitive order and the cycle
    >>> T.shape, [cyclic_triangles(H) for H in T]
    ((2, 3, 3), [0, 1])
    >>> [len(tournament_classes(n)) for n in (4, 5, 6)]
    [4, 12, 56]
    """
    n = check_int(n, "n", minimum=2, maximum=6)
    u, v = np.triu_indices(n, k=1)
    perms = np.array(list(itertools.permutations(range(n))))  # rename item a as perm[a]
    a, b = perms[:, u], perms[:, v]  # (n!, pairs): where each pair goes
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    bit = 2.0 ** (lo * n - lo * (lo + 1) // 2 + hi - lo - 1)  # the renamed pair's bit
    # h(perm[u], perm[v]) = h(u, v); when perm[u] > perm[v] the pair is stored as (hi, lo): 1 - bit
    weights = np.where(a > b, -bit, bit).T  # (pairs, n!)
    offsets = np.where(a > b, bit, 0.0).sum(axis=1)
    codes = np.arange(1 << u.size)
    canonical = np.empty(codes.size, dtype=np.int64)
    for start in range(0, codes.size, 4096):
        chunk = codes[start : start + 4096]
        bits = ((chunk[:, None] >> np.arange(u.size)[None, :]) & 1).astype(float)
        canonical[start : start + 4096] = (bits @ weights + offsets).min(axis=1)
    return all_tournaments(n)[np.unique(canonical)]


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
    return digraph_from_weights(H, H > 0.5)


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
# losses
# --------------------------------------------------------------------------- #
def _emphasis(omega, n: int) -> np.ndarray:
    """The emphasis matrix: uniform by default, else validated as metrics does.

    A matrix is read here first, so that complex or text entries and a size that
    does not match the target's ``n`` positions are refused naming ``omega``.
    """
    if omega is None:
        return emphasis_uniform(n)
    if not callable(omega):
        omega = check_array(omega, "omega", ndim=2)
        if omega.shape != (n, n):
            raise ValueError(
                f"omega must have shape ({n}, {n}), one row and column per "
                f"position of sigma_star, got {omega.shape}"
            )
    return emphasis_matrix(omega, n)


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
    s = check_array(sigma, "sigma", ndim=(1, 2), dtype="int")
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


def pair_costs(sigma_star, omega=None, *, n=None) -> np.ndarray:
    """The cost of each ordered pair under a target: ``L_omega(h, sigma*) = sum C[u, v] h(u, v)``.

    ``C[u, v] = 2 / (n (n - 1)) omega(sigma*(v), sigma*(u))`` when ``sigma*``
    ranks ``v`` above ``u`` (placing ``u`` above ``v`` is then an error), else 0.
    Both losses are linear in it: ``preference_loss(H, sigma*, omega) = sum(C * H)``
    and a ranking ``sigma`` loses ``sum C[u, v] 1[sigma[u] < sigma[v]]``.

    Parameters
    ----------
    sigma_star : array_like of int, shape (n,)
        The target permutation, at least 2 items.
    omega : array_like of shape (n, n) or callable, optional
        Emphasis function (``W[i - 1, j - 1] = omega(i, j)``); uniform by default.
    n : int, optional
        The number of items ``sigma_star`` must rank (that of the preference the
        costs will weigh); by default its own length.

    Returns
    -------
    ndarray of float64, shape (n, n)

    Raises
    ------
    ValueError, TypeError
        If ``sigma_star`` is not a permutation of ``n >= 2`` items, or ``omega``
        is invalid (as :func:`rankviz.pairwise.emphasis_matrix`).

    References
    ----------
    Mohri et al. (2018), eqs. (10.24) and (10.36).

    Examples
    --------
    >>> pair_costs([0, 1, 2])          # 3 pairs, each error costs 1/3
    array([[0.        , 0.        , 0.        ],
           [0.33333333, 0.        , 0.        ],
           [0.33333333, 0.33333333, 0.        ]])
    """
    star = as_permutation(sigma_star, "sigma_star")
    if n is not None:
        n = check_int(n, "n", minimum=2)
        if star.size != n:
            raise ValueError(
                f"sigma_star must rank the n = {n} items of the preference, "
                f"got {star.size} positions"
            )
    if star.size < 2:
        raise ValueError("sigma_star must rank at least 2 items")
    return _pair_costs(star, _emphasis(omega, star.size))


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
    return float(np.sum(pair_costs(sigma_star, omega, n=H.shape[0]) * H))


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
