"""The second stage of the preference-based setting: from a preference function to a ranking.

Given a pairwise-consistent preference function ``h`` (:mod:`rankviz.preference`),
the second stage returns a ranking of the query set, and its cost is counted
in calls to ``h``.  Every algorithm here queries ``h`` through a
:class:`rankviz.preference.CountingPreference`, so the call counts it reports
are measured, not computed from a formula:

* :func:`sort_by_degree` (Balcan et al., 2008): rank by the number of items
  each item is preferred to; ``n (n - 1) / 2`` calls.
* :func:`quicksort_rank` (Ailon and Mohri, 2008): randomized QuickSort in which
  the comparison with the pivot ``u`` places ``v`` above ``u`` with probability
  ``h(v, u)``; ``O(n log n)`` expected calls.  :func:`quicksort_top_k` stops
  refining below position ``k``: ``O(n + k log k)`` expected calls.
  :func:`quicksort_runs` runs it many times at once.

and what QuickSort costs and loses: the exact expected number of calls
(:func:`expected_quicksort_calls`, against :func:`classical_quicksort_calls`),
the exact probability of each pair's order (:func:`quicksort_pair_probabilities`)
and expected loss (:func:`expected_quicksort_loss`) for a dozen items, and a
Monte Carlo estimate with a confidence interval beyond that
(:func:`quicksort_loss_monte_carlo`).

Permutations follow :mod:`rankviz.permutations`: ``sigma[i]`` is the 0-based
position of item ``i`` (0 is the top).

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, sections 10.6.2-10.6.3 (seed ``004_e87a518ae3e4601f.txt``).
M.-F. Balcan, N. Bansal, A. Beygelzimer, D. Coppersmith, J. Langford,
G. B. Sorkin, "Robust reductions from ranking to classification", Machine
Learning 72, 2008.  N. Ailon and M. Mohri, "An efficient reduction of ranking
to classification", COLT 2008.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

import numpy as np
from scipy import sparse, stats

from rankviz._validation import as_generator, as_item_ids, check_bool, check_int, check_probability
from rankviz.permutations import order_from_sigma, sigma_from_scores
from rankviz.preference import (
    CountingPreference,
    as_preference_matrix,
    pair_costs,
    ranking_loss,
)

__all__ = [
    "MAX_DEGREE_ITEMS",
    "MAX_EXACT_CALLS_ITEMS",
    "MAX_EXACT_ITEMS",
    "MAX_RUN_ENTRIES",
    "MAX_TOGETHER_ITEMS",
    "MonteCarloEstimate",
    "QuickSortRuns",
    "RankingResult",
    "TopKResult",
    "classical_quicksort_calls",
    "expected_quicksort_calls",
    "expected_quicksort_loss",
    "quicksort_loss_monte_carlo",
    "quicksort_pair_probabilities",
    "quicksort_rank",
    "quicksort_runs",
    "quicksort_together_probability",
    "quicksort_top_k",
    "sort_by_degree",
]

#: Largest number of items for the exact computations over subsets
#: (:func:`quicksort_pair_probabilities`, :func:`expected_quicksort_loss`).
MAX_EXACT_ITEMS = 12

#: Largest number of items for :func:`quicksort_together_probability` (a recursion over the
#: subarrays that hold the set, in Python).
MAX_TOGETHER_ITEMS = 8

#: Largest number of items for :func:`expected_quicksort_calls` (its recursion over
#: subsets runs in Python: about 2 s at 10 items, 5 s at 11, 10 s at 12).
MAX_EXACT_CALLS_ITEMS = 10

#: Largest number of items :func:`sort_by_degree` ranks (it queries all ``n (n - 1) / 2`` pairs).
MAX_DEGREE_ITEMS = 20_000

#: Largest ``n_runs * n`` (``n`` for one run) that :func:`quicksort_rank`,
#: :func:`quicksort_top_k`, :func:`quicksort_runs` and
#: :func:`quicksort_loss_monte_carlo` hold in memory (a few int64 arrays of that size).
MAX_RUN_ENTRIES = 20_000_000

# pairs queried at once by sort_by_degree on a PreferenceFunction (memory bound)
_PAIR_BLOCK = 1 << 20


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
        return (
            f"QuickSortRuns(n_runs={runs}, n={n}, mean calls={self.calls.mean():.1f}, "
            f"calls in [{self.calls.min()}, {self.calls.max()}])"
        )


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
        As :func:`rankviz.preference.as_preference_matrix`, or if ``H`` has more
        than :data:`MAX_DEGREE_ITEMS` items.

    References
    ----------
    Mohri et al. (2018), section 10.6.2 and eqs. (10.30)-(10.31); Balcan et al. (2008).

    Examples
    --------
    >>> from rankviz.preference import cyclic_preference, flip_pair, preference_from_sigma
    >>> H = flip_pair(preference_from_sigma([0, 1, 2, 3]), 2, 3)
    >>> sort_by_degree(H)
    RankingResult(order=[0, 1, 3, 2], calls=6)
    >>> sort_by_degree(cyclic_preference(3))   # all degrees tie
    RankingResult(order=[0, 1, 2], calls=3)
    """
    counter = CountingPreference(H)
    n = counter.n
    if n > MAX_DEGREE_ITEMS:
        raise ValueError(
            f"H has n = {n} items; sort_by_degree queries all n (n - 1) / 2 pairs "
            f"and ranks at most MAX_DEGREE_ITEMS = {MAX_DEGREE_ITEMS} items"
        )
    degree = np.zeros(n)
    rows_per_block = max(1, _PAIR_BLOCK // n)
    for start in range(0, n - 1, rows_per_block):
        u, v = np.nonzero(
            np.arange(start, min(start + rows_per_block, n - 1))[:, None] < np.arange(n)[None, :]
        )
        u = u + start
        won = counter(u, v)
        degree += np.bincount(u, weights=won, minlength=n)
        degree += np.bincount(v, weights=1.0 - won, minlength=n)
    return RankingResult(sigma_from_scores(np.round(degree, 9)), counter.total_calls)


def _quicksort_levels(
    counter: CountingPreference, n_runs: int, k: int, gen: np.random.Generator, record: bool = False
):
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
        As :func:`rankviz.preference.as_preference_matrix`, if ``H`` has more than
        :data:`MAX_RUN_ENTRIES` items, or if ``rng`` is not a seed or generator.

    References
    ----------
    Mohri et al. (2018), section 10.6.3 and figure 10.6; Ailon and Mohri (2008).

    Examples
    --------
    >>> from rankviz.preference import preference_from_sigma
    >>> result = quicksort_rank(preference_from_sigma([2, 0, 1]), rng=0)
    >>> result.order, result.calls        # the first pivot was the middle item
    (array([1, 2, 0]), 2)
    """
    counter = CountingPreference(H)
    _check_run_entries(1, counter.n)
    gen = as_generator(rng)
    record = check_bool(record, "record")
    lo, levels, pivots = _quicksort_levels(counter, 1, counter.n, gen, record=bool(record))
    return RankingResult(lo[0], counter.total_calls, levels, pivots)


def quicksort_runs(H, n_runs, rng) -> QuickSortRuns:
    """``n_runs`` independent runs of :func:`quicksort_rank`, computed together.

    Parameters
    ----------
    H : array_like of shape (n, n) or PreferenceFunction
        The preference function.
    n_runs : int
        Number of runs, at least 1, with ``n_runs * n <= MAX_RUN_ENTRIES``.
    rng : int or numpy.random.Generator
        Seed or generator.

    Returns
    -------
    QuickSortRuns
        One permutation and one (measured) call count per run.

    Raises
    ------
    ValueError, TypeError
        As :func:`rankviz.preference.as_preference_matrix`, or if ``n_runs`` is not an
        integer >= 1 or ``n_runs * n > MAX_RUN_ENTRIES``.

    References
    ----------
    Mohri et al. (2018), section 10.6.3.

    Examples
    --------
    >>> from rankviz.preference import cyclic_preference
    >>> runs = quicksort_runs(cyclic_preference(3), 6000, rng=0)
    >>> orders, counts = np.unique(runs.sigmas, axis=0, return_counts=True)
    >>> orders                     # only the three rotations of the cycle occur
    array([[0, 1, 2],
           [1, 2, 0],
           [2, 0, 1]])
    >>> bool(np.all(np.abs(counts / 6000 - 1 / 3) < 0.02)), int(runs.calls.max())
    (True, 2)
    """
    n_runs = check_int(n_runs, "n_runs", minimum=1, maximum=MAX_RUN_ENTRIES // 2)
    counter = CountingPreference(H, n_runs)
    _check_run_entries(n_runs, counter.n)
    gen = as_generator(rng)
    lo, _, _ = _quicksort_levels(counter, n_runs, counter.n, gen)
    return QuickSortRuns(lo, counter.calls.copy())


def _check_run_entries(n_runs: int, n: int) -> None:
    if n_runs == 1 and n > MAX_RUN_ENTRIES:
        raise ValueError(
            f"H has n = {n} items; QuickSort keeps arrays of n entries and "
            f"serves at most MAX_RUN_ENTRIES = {MAX_RUN_ENTRIES} items"
        )
    if n_runs * n > MAX_RUN_ENTRIES:
        raise ValueError(
            f"n_runs = {n_runs} runs of {n} items need n_runs * n = {n_runs * n} "
            f"entries; at most MAX_RUN_ENTRIES = {MAX_RUN_ENTRIES} are supported"
        )


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
        As :func:`rankviz.preference.as_preference_matrix`, if ``H`` has more than
        :data:`MAX_RUN_ENTRIES` items, or if ``k`` is not an integer in ``[1, n]``.

    References
    ----------
    Mohri et al. (2018), section 10.6.3 (the ``O(n + k log k)`` top-k variant).

    Examples
    --------
    >>> from rankviz.preference import preference_from_sigma
    >>> quicksort_top_k(preference_from_sigma(np.arange(10)[::-1]), 3, rng=0).top
    array([9, 8, 7])
    """
    counter = CountingPreference(H)
    _check_run_entries(1, counter.n)
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
        Number of items, ``1 <= n <= MAX_RUN_ENTRIES``.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``1 .. MAX_RUN_ENTRIES``.

    References
    ----------
    C. A. R. Hoare, "Quicksort", The Computer Journal 5(1), 1962; D. E. Knuth,
    *The Art of Computer Programming* vol. 3, section 5.2.2.

    Examples
    --------
    >>> round(classical_quicksort_calls(3), 6)   # 2 comparisons with prob. 1/3, else 3
    2.666667
    """
    n = check_int(n, "n", minimum=1, maximum=MAX_RUN_ENTRIES)
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
        A preference matrix (validated by :func:`rankviz.preference.as_preference_matrix`), at most
        :data:`MAX_EXACT_CALLS_ITEMS` items.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`rankviz.preference.as_preference_matrix`, or if ``H`` has more than
        :data:`MAX_EXACT_CALLS_ITEMS` items.

    References
    ----------
    Mohri et al. (2018), section 10.6.2 (randomized QuickSort on a preference function).

    Examples
    --------
    >>> from rankviz.preference import cyclic_preference, preference_from_sigma
    >>> round(expected_quicksort_calls(preference_from_sigma([0, 1, 2])), 6)  # = 8/3
    2.666667
    >>> expected_quicksort_calls(cyclic_preference(3))
    2.0
    """
    H = _check_exact_size(as_preference_matrix(H), MAX_EXACT_CALLS_ITEMS)
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
            total += sum(
                prob * (calls(above) + calls(rest & ~above)) for above, prob in parts.items()
            )
        memo[subset] = len(items) - 1 + total / len(items)
        return memo[subset]

    return calls((1 << n) - 1)


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
            S = subsets[start : start + chunk]
            members = members_all[start : start + chunk]  # (c, size)
            c = S.size
            others = members[:, without_self]  # (c, size, size - 1): S minus pivot w, per w
            p = H[others, members[:, :, None]]  # p[., w, a] = h(a, w): a goes left of pivot w
            left = (1 << others) @ B.T  # (c, size, 2^(size-1)): each possible left part
            right = (S[:, None] ^ (1 << members))[:, :, None] ^ left
            weight = np.prod(np.where(B == 1, p[:, :, None, :], 1.0 - p[:, :, None, :]), axis=-1)
            rows = np.broadcast_to(np.arange(c)[:, None, None], left.shape).ravel()
            spread = sparse.csr_matrix(
                (
                    np.concatenate([weight.ravel()] * 2),
                    (np.concatenate([rows] * 2), np.concatenate([left.ravel(), right.ravel()])),
                ),
                shape=(c, 1 << n),
            )
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
        As :func:`rankviz.preference.as_preference_matrix`, or if ``n > MAX_EXACT_ITEMS``.

    References
    ----------
    Mohri et al. (2018), section 10.6.3; Ailon and Mohri (2008).

    Examples
    --------
    >>> from rankviz.preference import cyclic_preference
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


def _check_exact_size(H: np.ndarray, limit: int = MAX_EXACT_ITEMS) -> np.ndarray:
    if H.shape[0] > limit:
        raise ValueError(
            f"H has {H.shape[0]} items; the exact computation enumerates subsets "
            f"and allows at most {limit} (use quicksort_loss_monte_carlo)"
        )
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
        As :func:`quicksort_pair_probabilities` and :func:`rankviz.preference.preference_loss`.

    References
    ----------
    Mohri et al. (2018), eqs. (10.33) and (10.35); Ailon and Mohri (2008).

    Examples
    --------
    The three-item cycle with item 2 the only positive: QuickSort's expected
    loss equals the loss of ``h`` (eq. 10.33).

    >>> from rankviz.preference import bipartite_target, cyclic_preference, preference_loss
    >>> H = cyclic_preference(3)
    >>> sigma_star, omega = bipartite_target([0, 0, 1], normalization="pairs")
    >>> expected_quicksort_loss(H, sigma_star, omega), preference_loss(H, sigma_star, omega)
    (0.3333333333333333, 0.3333333333333333)
    """
    H = _check_exact_size(as_preference_matrix(H))
    costs = pair_costs(sigma_star, omega, n=H.shape[0])
    return float(_quicksort_subset_dp(H, costs[None])[0])


def quicksort_together_probability(H, T) -> float:
    """Probability ``Pr[A_T]`` that the items of ``T`` still share a subarray at their first pivot.

    Follow the subarray that holds ``T``: the next pivot is in ``T`` (probability ``|T| / |S|``
    for a subarray ``S``), or it is an item ``w`` outside ``T`` that sends every item of ``T`` to
    the same side, above with probability ``prod_t h(t, w)`` or below with ``prod_t h(w, t)``,
    together with a random part of the other items, and the recursion goes on in that side.
    For a triangle ``T`` this is the weight of ``T`` in the triangle decomposition of QuickSort's
    expected loss (lecture 05, section 6): given ``A_T``, the first pivot of ``T`` is uniform
    on ``T``.

    Parameters
    ----------
    H : array_like of shape (n, n)
        A preference matrix, ``n <= MAX_TOGETHER_ITEMS``.
    T : array_like of int
        Distinct item ids, at least one.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`rankviz.preference.as_preference_matrix`; if ``n > MAX_TOGETHER_ITEMS``; or if
        ``T`` is empty, repeats an item or holds an id outside ``0..n-1``.

    References
    ----------
    Mohri et al. (2018), eq. (10.35); Ailon and Mohri (2008).

    Examples
    --------
    On the transitive order 0 > 1 > 2 > 3, the items 0, 1, 2 are never split (the only other
    pivot, item 3, sends all three above it): ``Pr[A_T] = 1``.  The items 0, 1, 3 are split
    exactly when item 2 is the first pivot, probability 1/4.

    >>> from rankviz.preference import preference_from_sigma
    >>> H = preference_from_sigma([0, 1, 2, 3])
    >>> quicksort_together_probability(H, [0, 1, 2]), quicksort_together_probability(H, [0, 1, 3])
    (1.0, 0.75)
    """
    H = _check_exact_size(as_preference_matrix(H), MAX_TOGETHER_ITEMS)
    n = H.shape[0]
    items = as_item_ids(T, "T", n)
    if np.unique(items).size != items.size:
        raise ValueError(f"T must hold distinct items, got {items.tolist()}")
    together = frozenset(items.tolist())

    @cache
    def from_subarray(S: frozenset) -> float:  # S, a subarray containing T
        total = len(together) / len(S)  # the next pivot is in T
        for w in S - together:
            rest = sorted(S - together - {w})
            for side in (H[:, w], 1 - H[:, w]):  # side[a]: probability that a goes to this side
                p_T = math.prod(side[t] for t in together)
                for joins in itertools.product((False, True), repeat=len(rest)):
                    p = p_T * math.prod(
                        side[a] if j else 1 - side[a] for a, j in zip(rest, joins, strict=True)
                    )
                    if p > 0:
                        joined = {a for a, j in zip(rest, joins, strict=True) if j}
                        total += p / len(S) * from_subarray(together | joined)
        return total

    return float(from_subarray(frozenset(range(n))))


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
        return (
            f"MonteCarloEstimate(mean={self.mean:.4f}, "
            f"{self.confidence:.0%} CI=[{self.low:.4f}, {self.high:.4f}], "
            f"n_runs={self.n_runs})"
        )


def quicksort_loss_monte_carlo(
    H, sigma_star, omega=None, *, n_runs=1000, rng=0, confidence=0.95
) -> MonteCarloEstimate:
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
        Number of QuickSort runs, at least 2, with ``n_runs * n <= MAX_RUN_ENTRIES``.
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
        As :func:`rankviz.preference.preference_loss`, or if ``n_runs < 2``,
        ``n_runs * n > MAX_RUN_ENTRIES`` or ``confidence`` is not in (0, 1).

    References
    ----------
    Mohri et al. (2018), eqs. (10.33) and (10.35).

    Examples
    --------
    >>> from rankviz.preference import random_preference
    >>> H = random_preference(30, 0.3, rng=0)
    >>> estimate = quicksort_loss_monte_carlo(H, np.arange(30), n_runs=400, rng=1)
    >>> estimate.low < estimate.mean < estimate.high, estimate.n_runs
    (True, 400)
    """
    H = as_preference_matrix(H)
    pair_costs(sigma_star, omega, n=H.shape[0])  # the target, checked before any run
    n_runs = check_int(n_runs, "n_runs", minimum=2, maximum=MAX_RUN_ENTRIES // 2)
    _check_run_entries(n_runs, H.shape[0])
    confidence = check_probability(confidence, "confidence", open_interval=True)
    runs = quicksort_runs(H, n_runs, rng)
    losses = ranking_loss(runs.sigmas, sigma_star, omega)
    mean = float(losses.mean())
    std_error = float(losses.std(ddof=1) / math.sqrt(n_runs))
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    return MonteCarloEstimate(
        mean, std_error, mean - z * std_error, mean + z * std_error, confidence, losses, runs.calls
    )
