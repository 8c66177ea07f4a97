"""KwikSort as an approximation algorithm: feedback arc sets in tournaments.

Randomized QuickSort on a preference (:func:`rankviz.quicksort.quicksort_rank`) is, on a
tournament, the algorithm Ailon, Charikar and Newman call KwikSort (FAS-Pivot): pick a pivot
uniformly at random, put every item that beats it above and every item it beats below, recurse on
both sides.  Ailon and Mohri judge its output against a *target* (its expected loss is at most
twice the preference's own, eq. 10.35 of Mohri et al.); Ailon, Charikar and Newman judge it
against the *tournament itself*: the arcs the output points upwards (an item ranked above an item
that beats it) form a feedback arc set, and its expected size is at most three times the smallest
one.  This module computes both sides of that guarantee exactly:

* :func:`kwiksort_expected_cost`: the exact expected weight of the backward arcs for any
  pairwise-consistent preference (a tournament, or a weighted tournament with probability
  constraints ``w(u, v) + w(v, u) = 1``), from QuickSort's exact pair probabilities
  (:func:`rankviz.quicksort.quicksort_pair_probabilities`);
* :func:`tournament_codes` and :func:`one_item_extensions`: the numbers of given tournaments, and
  of every way to add one item to them (one representative of each isomorphism class on ``n``
  items, extended, meets every class on ``n + 1`` items);
* :func:`kwiksort_tournament_search`: the exact expected cost of KwikSort and the minimum feedback
  arc set of every tournament on ``n`` items (or of a given list of them) at once, both by
  dynamic programs over the subsets of items run on all tournaments together, in integers, so
  that the worst ratio is an exact fraction.

Tournaments are numbered as in :func:`rankviz.preference.all_tournaments`: tournament ``t`` sets
``h(u, v) = 1`` for the ``k``-th pair ``u < v`` (``numpy.triu_indices`` order) exactly when bit
``k`` of ``t`` is 1.

References
----------
N. Ailon, M. Charikar, A. Newman, "Aggregating inconsistent information: ranking and
clustering", Journal of the ACM 55(5), 2008 (STOC 2005): KwikSort, an expected
3-approximation of the minimum feedback arc set in tournaments.
N. Ailon and M. Mohri, "An efficient reduction of ranking to classification", COLT 2008.
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*, 2nd ed., MIT Press,
2018, section 10.6.3 (seed ``004_e87a518ae3e4601f.txt``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from rankviz._validation import check_array, check_int
from rankviz.preference import as_preference_matrix
from rankviz.quicksort import MAX_EXACT_ITEMS, quicksort_pair_probabilities

__all__ = [
    "MAX_SEARCH_ITEMS",
    "MAX_SEARCH_TOURNAMENTS",
    "TournamentSearch",
    "kwiksort_expected_cost",
    "kwiksort_tournament_search",
    "one_item_extensions",
    "tournament_codes",
]

#: Largest number of items :func:`kwiksort_tournament_search` handles (``2^n`` subsets per
#: tournament in both dynamic programs).
MAX_SEARCH_ITEMS = 8

#: Largest number of tournaments one :func:`kwiksort_tournament_search` call handles: every
#: tournament on 7 items (``2^21``), tens of seconds; 6 items (``2^15``) take well under a second.
MAX_SEARCH_TOURNAMENTS = 1 << 21

# tournaments handled together by the dynamic programs (bounds the memory: 2^n x block integers)
_BLOCK = 1 << 14


def kwiksort_expected_cost(H, weights=None) -> float:
    """Exact expected weight of the arcs KwikSort's output points backwards.

    KwikSort (randomized QuickSort, :func:`rankviz.quicksort.quicksort_rank`) is run on the
    preference ``H``: an item ``v`` compared with the pivot ``u`` goes above it with probability
    ``h(v, u)``.  The output ranks ``u`` above ``v`` with probability ``P[u, v]``
    (:func:`rankviz.quicksort.quicksort_pair_probabilities`), and then pays ``w(v, u)``, the weight
    of the arc from ``v`` to ``u`` it points upwards.  So the expected cost is
    ``sum over u != v of P[u, v] w(v, u)``.  With ``weights`` left out, ``w = h``: on a tournament
    this is the expected number of backward arcs, the size of the feedback arc set KwikSort
    returns; on a fractional ``h`` (a weighted tournament with probability constraints) it is
    the expected weight of that set.

    Parameters
    ----------
    H : array_like of shape (n, n)
        The preference KwikSort runs on, ``2 <= n <= MAX_EXACT_ITEMS``
        (:func:`rankviz.preference.as_preference_matrix`).
    weights : array_like of shape (n, n), optional
        The arc weights that price the output, pairwise consistent like ``H``; ``H`` by default.
        Running KwikSort on the majority tournament of a weighted tournament and pricing with its
        weights is Ailon, Charikar and Newman's weighted variant.

    Returns
    -------
    float
        The exact expectation over KwikSort's pivots (and coins, if ``H`` is fractional).

    Raises
    ------
    ValueError, TypeError
        As :func:`rankviz.preference.as_preference_matrix` for ``H`` and ``weights``, if ``H`` has
        more than :data:`rankviz.quicksort.MAX_EXACT_ITEMS` items, or if ``weights`` has another
        size than ``H``.

    References
    ----------
    Ailon, Charikar and Newman (2008), KwikSort (FAS-Pivot); Ailon and Mohri (2008).

    Examples
    --------
    On the 3-cycle every pivot leaves exactly one arc pointing backwards, and one arc is also the
    least any order must reverse:

    >>> from rankviz.preference import cyclic_preference
    >>> kwiksort_expected_cost(cyclic_preference(3))
    1.0
    """
    matrix = as_preference_matrix(H)
    n = matrix.shape[0]
    if n > MAX_EXACT_ITEMS:
        raise ValueError(
            f"H has {n} items; the exact expectation enumerates subsets and allows at "
            f"most {MAX_EXACT_ITEMS} (kwiksort_tournament_search goes no further: it takes "
            f"0/1 tournaments of at most {MAX_SEARCH_ITEMS} items)"
        )
    W = matrix if weights is None else as_preference_matrix(weights, "weights")
    if W.shape != matrix.shape:
        raise ValueError(f"weights has {W.shape[0]} items but H has {n}")
    # H as given: its consistency is checked to the rounding of the dtype it came in
    P = quicksort_pair_probabilities(H)
    off = ~np.eye(n, dtype=bool)
    return float(np.sum((P * W.T)[off]))


@dataclass(frozen=True, eq=False)
class TournamentSearch:
    """What :func:`kwiksort_tournament_search` found: KwikSort's cost and the optimum, exactly.

    Attributes
    ----------
    n : int
        The number of items.
    codes : ndarray of int64, shape (m,)
        The tournaments searched, numbered as in :func:`rankviz.preference.all_tournaments`.
    scaled_cost : ndarray of int64, shape (m,)
        ``n!`` times KwikSort's exact expected number of backward arcs (an integer: the expected
        cost on a subset ``S`` has denominator dividing ``|S|!``).
    minimum_cost : ndarray of int64, shape (m,)
        The size of a minimum feedback arc set (the fewest arcs any order points backwards).
    exhaustive : bool
        Whether ``codes`` is every tournament on ``n`` items.
    """

    n: int
    codes: np.ndarray
    scaled_cost: np.ndarray
    minimum_cost: np.ndarray
    exhaustive: bool

    @property
    def expected_cost(self) -> np.ndarray:
        """KwikSort's expected number of backward arcs, as floats."""
        return self.scaled_cost / math.factorial(self.n)

    @property
    def transitive(self) -> np.ndarray:
        """Which tournaments are transitive (a minimum feedback arc set of size 0)."""
        return self.minimum_cost == 0

    def _require_intransitive(self, what: str) -> None:
        if self.transitive.all():
            raise ValueError(
                f"every tournament searched is transitive (OPT = 0, KwikSort's cost 0): {what} is "
                "not defined; search at least one tournament with a cycle"
            )

    @property
    def ratios(self) -> np.ndarray:
        """Expected cost over the minimum, for the tournaments that are not transitive.

        Raises ``ValueError`` if every tournament searched is transitive (no ratio is defined,
        and the mean of an empty array would be a silent NaN).
        """
        self._require_intransitive("the ratio E[cost] / OPT")
        keep = ~self.transitive
        return self.expected_cost[keep] / self.minimum_cost[keep]

    @property
    def worst_index(self) -> int:
        """Position in ``codes`` of the first tournament of largest ratio (-1: all transitive)."""
        if self.transitive.all():
            return -1
        # compare scaled_cost / minimum_cost exactly, by cross-multiplying in integers
        keep = np.flatnonzero(~self.transitive)
        best = keep[0]
        for i in keep[1:]:
            if (
                self.scaled_cost[i] * self.minimum_cost[best]
                > self.scaled_cost[best] * self.minimum_cost[i]
            ):
                best = i
        return int(best)

    @property
    def worst_ratio(self) -> Fraction:
        """The largest expected cost over minimum, as an exact fraction (0 if all transitive)."""
        i = self.worst_index
        if i < 0:
            return Fraction(0)
        return Fraction(
            int(self.scaled_cost[i]), int(self.minimum_cost[i]) * math.factorial(self.n)
        )

    @property
    def worst_tournament(self) -> np.ndarray:
        """The preference matrix of the tournament at :attr:`worst_index`.

        Raises ``ValueError`` if every tournament searched is transitive (there is no worst one).
        """
        self._require_intransitive("the worst tournament")
        return _tournament_matrix(self.n, int(self.codes[self.worst_index]))

    def __repr__(self) -> str:
        return (
            f"TournamentSearch(n={self.n}, tournaments={self.codes.size}, "
            f"exhaustive={self.exhaustive}, worst_ratio={self.worst_ratio}, "
            f"transitive={int(self.transitive.sum())})"
        )


def _tournament_matrix(n: int, code: int) -> np.ndarray:
    u, v = np.triu_indices(n, k=1)
    bits = (code >> np.arange(u.size)) & 1
    H = np.full((n, n), 0.5)
    H[u, v] = bits
    H[v, u] = 1 - bits
    return H


def _beats(n: int, codes: np.ndarray) -> np.ndarray:
    """``beats[t, u]``: the bit mask of the items tournament ``codes[t]`` has ``u`` beat."""
    u, v = np.triu_indices(n, k=1)
    beats = np.zeros((codes.size, n), dtype=np.int64)
    for k in range(u.size):
        bit = (codes >> k) & 1
        beats[:, u[k]] |= bit << v[k]
        beats[:, v[k]] |= (1 - bit) << u[k]
    return beats


def _search_block(n: int, beats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """KwikSort's scaled expected cost and the minimum feedback arc set, for a block of tournaments.

    Both are dynamic programs over the subsets ``S`` of items, increasing as integers (every
    proper subset of ``S`` is a smaller integer), run on every tournament of the block at once.

    KwikSort: ``F[S] = |S|! E[S]`` with ``E[S]`` the expected backward arcs of KwikSort run on
    ``S``.  With pivot ``w`` (probability ``1/|S|``) the items that beat ``w`` form ``A`` (above)
    and the others ``B`` (below); the arcs from ``B`` to ``A`` point backwards, and the two sides
    recurse: ``E[S] = (1/|S|) sum_w (#arcs B -> A + E[A] + E[B])``, which times ``|S|!`` is an
    integer recursion.

    Minimum feedback arc set: ``G[S]`` is the fewest backward arcs an order of ``S`` can have;
    the item ``v`` ranked last in ``S`` points backwards its arcs into ``S - v``:
    ``G[S] = min_v (G[S - v] + #arcs v -> S - v)``.
    """
    m = beats.shape[0]
    size = 1 << n
    pop = np.array([bin(s).count("1") for s in range(size)], dtype=np.int64)
    fact = np.array([math.factorial(k) for k in range(n + 1)], dtype=np.int64)
    beaten_by = np.zeros_like(beats)  # beaten_by[t, w]: the items that beat w
    for a in range(n):
        for b in range(n):
            if a != b:
                beaten_by[:, b] |= ((beats[:, a] >> b) & 1) << a
    F = np.zeros((size, m), dtype=np.int64)
    G = np.zeros((size, m), dtype=np.int64)
    cols = np.arange(m)
    for S in range(1, size):
        items = [i for i in range(n) if S >> i & 1]
        k = len(items)
        if k == 1:
            continue
        scale = int(fact[k - 1])
        total = np.zeros(m, dtype=np.int64)
        best = None
        for w in items:
            above = beaten_by[:, w] & S
            below = beats[:, w] & S
            backward = np.zeros(m, dtype=np.int64)
            for y in items:
                if y != w:  # y below the pivot beating x above it is an arc pointing backwards
                    backward += ((below >> y) & 1) * pop[beats[:, y] & above]
            total += (
                scale * backward
                + F[above, cols] * (scale // fact[pop[above]])
                + F[below, cols] * (scale // fact[pop[below]])
            )
            rest = S & ~(1 << w)
            last = G[rest] + pop[beats[:, w] & rest]
            best = last if best is None else np.minimum(best, last)
        F[S] = total
        G[S] = best
    return F[size - 1], G[size - 1]


def kwiksort_tournament_search(n, codes=None) -> TournamentSearch:
    """KwikSort's exact expected cost and the minimum feedback arc set, on many tournaments at once.

    For every tournament on ``n`` items (or the ones ``codes`` lists), two dynamic programs over
    the subsets of items, run on all tournaments together and in integer arithmetic: KwikSort's
    expected number of backward arcs (conditioning on the first pivot; ``n!`` times it is an
    integer) and the size of a minimum feedback arc set (placing the items from the bottom).  The
    ratio of the two is then an exact fraction, to set against Ailon, Charikar and Newman's bound
    3.  Transitive tournaments have both costs 0 and are reported apart.

    Parameters
    ----------
    n : int
        The number of items, ``2 <= n <= MAX_SEARCH_ITEMS``.
    codes : array_like of int, optional
        The tournaments to search, numbered as in :func:`rankviz.preference.all_tournaments`
        (``0 <= code < 2^(n (n - 1) / 2)``), at most :data:`MAX_SEARCH_TOURNAMENTS` of them.  By
        default every tournament on ``n`` items, which needs ``2^(n (n - 1) / 2)`` at most
        :data:`MAX_SEARCH_TOURNAMENTS` (``n <= 7``).

    Returns
    -------
    TournamentSearch
        The codes, the scaled expected costs, the minimum costs, and the worst ratio.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``[2, MAX_SEARCH_ITEMS]``, if ``codes`` is not a non-empty
        1-D array of integers in range, or if there are more tournaments than
        :data:`MAX_SEARCH_TOURNAMENTS`.

    References
    ----------
    Ailon, Charikar and Newman (2008): KwikSort's expected cost is at most 3 times the minimum
    feedback arc set of a tournament.

    Examples
    --------
    Every tournament on 4 items: 24 are transitive (cost 0 both ways), and KwikSort's worst
    expected cost is 3/2 of the optimum:

    >>> search = kwiksort_tournament_search(4)
    >>> search.codes.size, int(search.transitive.sum()), search.worst_ratio
    (64, 24, Fraction(3, 2))
    """
    n = check_int(n, "n", minimum=2, maximum=MAX_SEARCH_ITEMS)
    pairs = n * (n - 1) // 2
    if codes is None:
        if 1 << pairs > MAX_SEARCH_TOURNAMENTS:
            raise ValueError(
                f"n = {n} has 2^{pairs} tournaments; kwiksort_tournament_search enumerates at most "
                f"{MAX_SEARCH_TOURNAMENTS} (n <= 7): pass codes to search some of them"
            )
        codes = np.arange(1 << pairs, dtype=np.int64)
        exhaustive = True
    else:
        codes = check_array(
            codes,
            "codes",
            ndim=1,
            dtype="int",
            bounds=(0, (1 << pairs) - 1),
            max_size=MAX_SEARCH_TOURNAMENTS,
        )
        exhaustive = np.unique(codes).size == 1 << pairs
    scaled = np.empty(codes.size, dtype=np.int64)
    minimum = np.empty(codes.size, dtype=np.int64)
    for start in range(0, codes.size, _BLOCK):
        block = codes[start : start + _BLOCK]
        scaled[start : start + _BLOCK], minimum[start : start + _BLOCK] = _search_block(
            n, _beats(n, block)
        )
    return TournamentSearch(n, codes, scaled, minimum, bool(exhaustive))


def tournament_codes(tournaments) -> np.ndarray:
    """The numbers of 0/1 tournaments, as :func:`rankviz.preference.all_tournaments` numbers them.

    Parameters
    ----------
    tournaments : array_like of shape (n, n) or (m, n, n)
        One tournament or a stack of them: 0/1 off the diagonal with ``H[u, v] + H[v, u] = 1``
        (the diagonal is ignored), ``2 <= n <= MAX_SEARCH_ITEMS``.

    Returns
    -------
    ndarray of int64, shape (m,)
        Tournament ``t``'s number has bit ``k`` set when ``h(u, v) = 1`` for the ``k``-th pair
        ``u < v``; a single matrix gives an array of one number.

    Raises
    ------
    ValueError, TypeError
        If ``tournaments`` is not a (stack of) square matrices of 2 to :data:`MAX_SEARCH_ITEMS`
        items, or has an entry off the diagonal that is not 0 or 1, or a pair that does not add
        up to 1.

    Examples
    --------
    >>> from rankviz.preference import all_tournaments, cyclic_preference
    >>> tournament_codes(cyclic_preference(3)), tournament_codes(all_tournaments(3))
    (array([5]), array([0, 1, 2, 3, 4, 5, 6, 7]))
    """
    T = check_array(tournaments, "tournaments", ndim=(2, 3), square=True, bounds=(0.0, 1.0))
    T = T[None] if T.ndim == 2 else T
    n = T.shape[-1]
    if not 2 <= n <= MAX_SEARCH_ITEMS:
        raise ValueError(f"tournaments has {n} items; between 2 and {MAX_SEARCH_ITEMS} allowed")
    if T.shape[0] > MAX_SEARCH_TOURNAMENTS:
        raise ValueError(f"tournaments holds {T.shape[0]}; at most {MAX_SEARCH_TOURNAMENTS}")
    u, v = np.triu_indices(n, k=1)
    upper, lower = T[:, u, v], T[:, v, u]
    if not np.all((upper == 0) | (upper == 1)):
        raise ValueError(
            "tournaments must be 0/1 off the diagonal (a weighted preference has no code)"
        )
    if not np.all(upper + lower == 1):
        raise ValueError("tournaments must have H[u, v] + H[v, u] = 1 on every pair")
    return (upper.astype(np.int64) << np.arange(u.size)).sum(axis=1)


def one_item_extensions(n, codes) -> np.ndarray:
    """Every tournament on ``n + 1`` items whose first ``n`` items form a given tournament.

    The new item ``n`` beats or loses to each of the others: ``2^n`` extensions per tournament.
    Deleting item ``n`` from any tournament on ``n + 1`` items leaves a tournament on ``n``; so
    if ``codes`` holds one tournament of each isomorphism class on ``n`` items, the extensions
    hold one (or more) of each class on ``n + 1`` items, and a search over them misses no class.

    Parameters
    ----------
    n : int
        The number of items of the given tournaments, ``2 <= n < MAX_SEARCH_ITEMS``.
    codes : array_like of int
        Their numbers (:func:`tournament_codes`), ``0 <= code < 2^(n (n - 1) / 2)``, and at
        most :data:`MAX_SEARCH_TOURNAMENTS` / ``2^n`` of them.

    Returns
    -------
    ndarray of int64, shape (len(codes) * 2^n,)
        The numbers on ``n + 1`` items; the block of ``2^n`` extensions of ``codes[i]`` comes
        ``i``-th, the ``j``-th of it with item ``n`` beating item ``a`` when bit ``a`` of ``j``
        is 0.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``[2, MAX_SEARCH_ITEMS - 1]`` or ``codes`` is not a
        non-empty 1-D array of integers in range, or holds too many.

    Examples
    --------
    The two tournaments on 2 items, extended, are all 8 on 3 items:

    >>> sorted(one_item_extensions(2, [0, 1]).tolist())
    [0, 1, 2, 3, 4, 5, 6, 7]
    """
    n = check_int(n, "n", minimum=2, maximum=MAX_SEARCH_ITEMS - 1)
    codes = check_array(
        codes,
        "codes",
        ndim=1,
        dtype="int",
        bounds=(0, (1 << (n * (n - 1) // 2)) - 1),
        max_size=MAX_SEARCH_TOURNAMENTS >> n,
    )
    u, v = np.triu_indices(n, k=1)
    big_u, big_v = np.triu_indices(n + 1, k=1)
    where = {(a, b): k for k, (a, b) in enumerate(zip(big_u.tolist(), big_v.tolist(), strict=True))}
    moved = np.array([where[(a, b)] for a, b in zip(u.tolist(), v.tolist(), strict=True)])
    new = np.array([where[(a, n)] for a in range(n)])  # the pair (a, n): bit 1 when a beats n
    old_bits = (codes[:, None] >> np.arange(u.size)) & 1
    base = (old_bits << moved).sum(axis=1)
    j = np.arange(1 << n)
    # bit a of j set: the new item loses to a (h(a, n) = 1)
    extra = (((j[:, None] >> np.arange(n)) & 1) << new).sum(axis=1)
    return (base[:, None] | extra[None, :]).ravel()
