"""Multipartite (k-partite) ranking and an efficient RankBoost for it.

Mohri et al. (2018), exercise 10.8.  The input space is split into k parts
X_1, ..., X_k, ordered by preference (every point of a higher part should be
ranked above every point of a lower part).  With k distributions D_1, ..., D_k,
one on each part, the risk of a scoring function f is

    R(f) = sum_{j < l} c_jl  P_{x ~ D_j, x' ~ D_l}[ f(x') <= f(x) ],

for non-negative weights c_jl summing to 1; on a sample with n_p points of
grade p, running RankBoost on all cross pairs (uniform D_1 on them) corresponds
to c_jl proportional to n_j n_l.

RankBoost's pair weights are D_t(x, x') proportional to exp(f_t(x)) exp(-f_t(x')),
so they are carried by two numbers per point, u(x) = exp(f_t(x)) (the weight of x
as the less preferred point of a pair) and v(x) = exp(-f_t(x)) (its weight as the
preferred point).  With the part totals U_j = sum_{x in X_j} u(x) and
V_l = sum_{x in X_l} v(x), the edge of a base ranker h is a sum of per-point
potentials

    eps^+ - eps^- = sum_x pi(x) h(x),
    pi(x) = [ (sum_{j < p} U_j) v(x) - (sum_{l > p} V_l) u(x) ] / W,   x in X_p,
    W = sum_{j < l} U_j V_l,

and eps^+, eps^- are sums over part pairs of per-part totals.  A round costs
O(d N + k) for N points and d features (after one sort per feature), against
O(sum_{j<l} n_j n_l) = O(N^2) for RankBoost on the explicit pairs.  It returns
the same stumps and steps as :func:`rankviz.rankboost.rankboost` run on
:func:`multipartite_pairs`.  For k = 2 it is bipartite RankBoost (section 10.5.1).

The same k-partite loss in the preference-based setting (exercise 10.10): Mohri
et al. (section 10.6.4) measure rankings against a target *permutation* sigma*
with the weighted loss L_omega of eq. (10.36), whose weight omega(i, j) depends
only on the two positions a pair holds in sigma*.  Put the parts on top of each
other in sigma* (the best part on top, any order inside a part): each part then
occupies a block of consecutive positions, and

    omega(i, j) = c * 1[positions i and j lie in different blocks],
    c = n (n - 1) / (2 * number of cross pairs),

charges exactly the misordered cross pairs, with the normalisation that turns
their count into a share.  It satisfies the book's three axioms (symmetry,
monotonicity, triangle inequality): blocks are intervals, so a position
farther away from i than j is in another block whenever j is, and of two
positions in different blocks at least one differs from any third.

Public names
------------
:func:`multipartite_pairs`, :func:`multipartite_rankboost` (exercise 10.8);
:func:`k_partite_emphasis`, :func:`k_partite_target` (exercise 10.10).
"""

from __future__ import annotations

import math

import numpy as np

from rankviz._boosting import RoundRecord, smoothed_step
from rankviz._validation import (
    as_feature_matrix,
    check_array,
    check_choice,
    check_int,
    check_step_smoothing,
)
from rankviz.permutations import sigma_from_scores
from rankviz.rankboost import MAX_BOOSTING_ROUNDS, BoostingHistory, RankBoostModel
from rankviz.stumps import TIE_TOLERANCE, stump_candidates

__all__ = [
    "MAX_ITEMS",
    "k_partite_emphasis",
    "k_partite_target",
    "multipartite_pairs",
    "multipartite_rankboost",
]

#: Largest number of items of a k-partite target: its emphasis is an (n, n) matrix.
MAX_ITEMS = 5000

#: Largest number of explicit cross pairs :func:`multipartite_pairs` builds.
_MAX_PAIRS = 20_000_000


def _as_grades(grades, n_points: int | None = None, max_items: int | None = None) -> np.ndarray:
    """Validate a 1-D integer array of grades with at least two distinct values."""
    if isinstance(grades, (str, bytes)) or grades is None:
        raise TypeError(f"grades must be an array of integers, got {type(grades).__name__}")
    arr = check_array(grades, "grades", dtype="int", allow_empty=True)
    if arr.size == 0:
        raise ValueError("grades is empty: it must take at least two distinct values")
    given = np.asarray(grades).dtype
    if given.kind not in "iu":  # whole floats and booleans too: grades are integers
        raise TypeError(f"grades must be an array of integers, got dtype {given}")
    if arr.ndim != 1:
        raise ValueError(f"grades must be 1-D, got shape {arr.shape}")
    if n_points is not None and arr.shape[0] != n_points:
        raise ValueError(
            f"grades must have one entry per row of X ({n_points}), got {arr.shape[0]}"
        )
    if max_items is not None and arr.size > max_items:
        raise ValueError(f"grades must have at most {max_items} items, got {arr.size}")
    if np.unique(arr).size < 2:
        raise ValueError("grades must take at least two distinct values (k >= 2 parts)")
    return arr.astype(np.int64)


def multipartite_pairs(grades) -> np.ndarray:
    """All cross pairs of a graded sample, as RankBoost's ``pairs`` (label +1).

    Parameters
    ----------
    grades : array_like of int, shape (N,)
        Grade of each point (higher is preferred); at least two distinct values.

    Returns
    -------
    ndarray of shape (P, 2)
        Rows ``(a, b)`` with ``grades[a] < grades[b]``, so that ``X[b]`` (the
        book's x') is preferred: every pair of points with different grades,
        P = sum_{j < l} n_j n_l, ordered by a then b.

    Raises
    ------
    TypeError
        If ``grades`` is not an integer array.
    ValueError
        If ``grades`` is not 1-D, has fewer than two distinct values, or has
        more than 20,000,000 cross pairs.

    References
    ----------
    Mohri et al. (2018), exercise 10.8.

    Examples
    --------
    >>> multipartite_pairs([0, 2, 1]).tolist()
    [[0, 1], [0, 2], [2, 1]]
    """
    grades = _as_grades(grades)
    counts = np.unique(grades, return_counts=True)[1]
    n_cross = (counts.sum() ** 2 - (counts**2).sum()) // 2
    if n_cross > _MAX_PAIRS:
        raise ValueError(
            f"grades: {n_cross} cross pairs exceed {_MAX_PAIRS}; use "
            f"multipartite_rankboost, which never builds them"
        )
    a, b = np.nonzero(grades[:, None] < grades[None, :])
    return np.column_stack([a, b]).astype(np.intp)


def _pairwise_error(f: np.ndarray, part_of: np.ndarray, k: int, tol: float) -> float:
    """Share of cross pairs with f(x') - f(x) <= tol, x' of the higher grade."""
    wrong, total = 0, 0
    lower = np.empty(0)
    for p in range(k):
        here = f[part_of == p]
        if p > 0:
            lower_sorted = np.sort(lower)
            # pairs (x in a lower part, x' here) with f(x) >= f(x') - tol
            below = np.searchsorted(lower_sorted, here - tol, side="left")
            wrong += int((lower.size - below).sum())
            total += lower.size * here.size
        lower = np.concatenate([lower, here])
    return wrong / total


def multipartite_rankboost(X, grades, n_rounds, *, smoothing=None) -> RankBoostModel:
    """RankBoost on all cross pairs of a k-partite sample, in O(d N + k) per round.

    Equivalent to ``rankboost(X, multipartite_pairs(grades), ones, n_rounds)``
    (Figure 10.1 with D_1 uniform on the sum_{j<l} n_j n_l cross pairs and
    threshold stumps as base rankers), but the pair distribution is never
    built: it is carried by the weights u(x) = exp(f(x)) and v(x) = exp(-f(x))
    of the points and their totals per part (see the module docstring).

    Parameters
    ----------
    X : array_like of shape (N, d)
        Feature vectors; finite values.
    grades : array_like of int, shape (N,)
        Grade of each point; a higher grade is preferred.  At least two
        distinct grades (k >= 2 parts).
    n_rounds : int
        Number of rounds T, between 1 and :data:`rankviz.rankboost.MAX_BOOSTING_ROUNDS`.
    smoothing : float, optional
        ``lam`` in [1e-12, 1/3] of the smoothed step ``1/2 log((eps^+ + lam) /
        (eps^- + lam))``, used only when the chosen stump misranks no pair
        (eps^- = 0), exactly as in :func:`rankviz.rankboost.rankboost`; default
        ``1 / (2 P)`` for the P cross pairs.

    Returns
    -------
    RankBoostModel
        With ``algorithm="multipartite_rankboost"``; the history holds the
        pair weights eps^+, eps^-, eps^0, Z_t and the empirical pairwise error
        on the cross pairs (a tie counts as an error).

    Raises
    ------
    TypeError
        If X is not numeric, grades not integer, n_rounds not an integer.
    ValueError
        If X has NaN/inf values or no rows, grades does not match X or has a
        single value, every feature is constant, n_rounds < 1, or smoothing
        is not in (0, 1/3].

    References
    ----------
    Mohri et al. (2018), exercise 10.8, Figure 10.1 and section 10.5.1;
    Freund et al. (2003), section 3.3 (potentials).

    Examples
    --------
    Three grades on one feature, with one point out of place:

    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
    >>> model = multipartite_rankboost(X, [0, 1, 0, 1, 2, 2], n_rounds=2)
    >>> model.rankers
    (Stump(1[x0 > 2.5]), Stump(1[x0 > 3.5]))
    >>> model.alphas.round(4)
    array([1.4166, 1.3527])
    """
    X = as_feature_matrix(X, "X")
    candidates = stump_candidates(X)
    n_points, d = X.shape
    grades = _as_grades(grades, n_points)
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=MAX_BOOSTING_ROUNDS)
    if not candidates:
        raise ValueError("X: every feature is constant, so there is no stump to choose")
    levels = np.unique(grades)
    k = levels.size
    part_of = np.searchsorted(levels, grades)
    counts = np.bincount(part_of, minlength=k)
    n_cross = (int(counts.sum()) ** 2 - int((counts**2).sum())) // 2
    lam = check_step_smoothing(smoothing, n_cross)

    # presort each feature once; for each candidate, the number of sorted points at or below it
    features = np.array([h.feature for h in candidates])
    thresholds = np.array([h.threshold for h in candidates])
    polarity = np.array([h.polarity for h in candidates])
    order = np.argsort(X, axis=0, kind="stable")
    sorted_x = np.take_along_axis(X, order, axis=0)
    n_below = np.empty(len(candidates), dtype=np.intp)
    for j in range(d):
        here = features == j
        n_below[here] = np.searchsorted(sorted_x[:, j], thresholds[here], side="right")
    columns = [X[:, j] for j in range(d)]

    f = np.zeros(n_points)
    l1 = 0.0
    record = RoundRecord(n_rounds)
    for t in range(n_rounds):
        shift = f.max()  # u = exp(f - shift), v = exp(-f + min f): scale-free weights
        u = np.exp(f - shift)
        v = np.exp(f.min() - f)
        U = np.bincount(part_of, u, minlength=k)
        V = np.bincount(part_of, v, minlength=k)
        U_below = np.concatenate([[0.0], np.cumsum(U)[:-1]])  # sum_{j < p} U_j
        V_above = np.concatenate([np.cumsum(V[::-1])[::-1][1:], [0.0]])  # sum_{l > p} V_l
        W = float(U @ V_above)
        if not W > 0.0:
            raise ValueError(
                f"n_rounds: after round {t} the scores are so far apart that every "
                f"pair weight underflows to 0; run fewer rounds"
            )
        pi = (U_below[part_of] * v - V_above[part_of] * u) / W
        # edges of all candidates: sums of pi above (polarity +1) or at/below (-1) each threshold
        cum = np.vstack([np.zeros(d), np.cumsum(pi[order], axis=0)])  # (N + 1, d)
        below = cum[n_below, features]
        edges = np.where(polarity > 0, pi.sum() - below, below)
        best = int(np.argmax(edges >= edges.max() - TIE_TOLERANCE))
        h = candidates[best]
        on = (columns[h.feature] > h.threshold) == (h.polarity > 0)
        U1, V1 = (
            np.bincount(part_of[on], u[on], minlength=k),
            np.bincount(part_of[on], v[on], minlength=k),
        )
        U0, V0 = U - U1, V - V1
        V1_above = np.concatenate([np.cumsum(V1[::-1])[::-1][1:], [0.0]])
        V0_above = np.concatenate([np.cumsum(V0[::-1])[::-1][1:], [0.0]])
        eps_plus = float(U0 @ V1_above) / W  # h(x) = 0, h(x') = 1: ranked right
        eps_minus = float(U1 @ V0_above) / W  # h(x) = 1, h(x') = 0: ranked wrong
        eps_zero = max(0.0, 1.0 - eps_plus - eps_minus)
        alpha, smoothed = smoothed_step(eps_plus, eps_minus, lam)
        Z = eps_zero + eps_plus * math.exp(-alpha) + eps_minus * math.exp(alpha)
        f = f + alpha * on
        l1 += abs(alpha)
        error = _pairwise_error(f, part_of, k, TIE_TOLERANCE * (1.0 + l1))
        record.add(t, alpha, h, eps_plus, eps_minus, eps_zero, Z, error, smoothed)
    alphas, rankers, columns, smoothed = record.frozen()
    history = BoostingHistory(*columns, smoothed=smoothed)
    return RankBoostModel(alphas, rankers, history, d, "multipartite_rankboost")


def _check_normalization(normalization) -> str:
    return check_choice(normalization, "normalization", ("cross", "pairs"))


def k_partite_emphasis(part_sizes, *, normalization="cross"):
    """The emphasis function ``omega`` of a k-partite target (Mohri et al., exercise 10.10).

    The target puts the ``k`` parts in consecutive blocks of positions, the
    first part (``part_sizes[0]`` items) on top.  ``omega(i, j)`` is a constant
    ``c`` when the 1-based positions ``i`` and ``j`` lie in different blocks and 0
    otherwise, so that ``L_omega`` charges exactly the cross pairs a ranking
    misorders.  For ``k = 2`` it is :func:`rankviz.pairwise.emphasis_bipartite`.

    Parameters
    ----------
    part_sizes : sequence of int
        Number of items in each part, best part first; at least two parts,
        each with at least one item, at most :data:`MAX_ITEMS` items in all.
    normalization : {"cross", "pairs"}, default "cross"
        ``"cross"``: ``c = n (n - 1) / (2 N)`` with ``N`` the number of cross
        pairs, so that ``L_omega`` is the share of misordered cross pairs (for
        ``k = 2``, ``1 - AUC``).  ``"pairs"``: ``c = 1``, the book's (10.23)
        normalisation (misordered cross pairs divided by all ``n (n - 1) / 2``
        pairs).

    Returns
    -------
    ndarray of shape (n, n), n = sum(part_sizes)
        ``W[i - 1, j - 1] = omega(i, j)``.

    Raises
    ------
    TypeError
        If ``part_sizes`` is not a sequence of integers.
    ValueError
        If there are fewer than two parts, a part is empty, there are more than
        :data:`MAX_ITEMS` items, or ``normalization`` is unknown.

    References
    ----------
    Mohri et al. (2018), eq. (10.36) and exercise 10.10.

    Examples
    --------
    >>> k_partite_emphasis([1, 2, 1])          # 5 of the 6 pairs are cross pairs
    array([[0. , 1.2, 1.2, 1.2],
           [1.2, 0. , 0. , 1.2],
           [1.2, 0. , 0. , 1.2],
           [1.2, 1.2, 1.2, 0. ]])
    >>> k_partite_emphasis([1, 1], normalization="pairs")
    array([[0., 1.],
           [1., 0.]])
    """
    if isinstance(part_sizes, (str, bytes)) or not hasattr(part_sizes, "__len__"):
        raise TypeError(
            f"part_sizes must be a sequence of integers, got {type(part_sizes).__name__}"
        )
    sizes = [
        check_int(size, f"part_sizes[{index}]", minimum=1) for index, size in enumerate(part_sizes)
    ]
    if len(sizes) < 2:
        raise ValueError(f"part_sizes must name at least two parts, got {len(sizes)}")
    normalization = _check_normalization(normalization)
    n = sum(sizes)
    if n > MAX_ITEMS:
        raise ValueError(f"part_sizes must add up to at most {MAX_ITEMS} items, got {n}")
    block = np.repeat(np.arange(len(sizes)), sizes)
    cross = block[:, None] != block[None, :]
    if normalization == "pairs":
        return cross.astype(float)
    n_cross = (n * n - sum(size * size for size in sizes)) // 2
    return cross * (n * (n - 1) / (2.0 * n_cross))


def k_partite_target(grades, *, normalization="cross"):
    """A k-partite target as the ``(sigma_star, omega)`` pair that ``L_omega`` takes.

    Items with a higher grade should be ranked higher; items of equal grade form
    one part, whose internal order costs nothing.  ``sigma_star`` ranks by
    decreasing grade (ties by item index) and ``omega`` is
    :func:`k_partite_emphasis` of the part sizes, best part first.  Then
    ``rankviz.preference.ranking_loss(sigma, sigma_star, omega)`` is the share of
    cross pairs (items of different grades) that ``sigma`` misorders, and
    ``rankviz.preference.preference_loss(H, sigma_star, omega)`` the mean
    preference ``h`` puts on the worse item of each cross pair.  For two grades
    this is ``rankviz.preference.bipartite_target``.

    Parameters
    ----------
    grades : array_like of int, shape (n,)
        Integer grades (any integers; only their order matters), at least two
        distinct values, at most :data:`MAX_ITEMS` items.
    normalization : {"cross", "pairs"}, default "cross"
        As in :func:`k_partite_emphasis`.

    Returns
    -------
    sigma_star : ndarray of int64, shape (n,)
    omega : ndarray of shape (n, n)

    Raises
    ------
    TypeError
        If ``grades`` is not an array of integers.
    ValueError
        If ``grades`` is not 1-D, is empty, has fewer than two distinct values
        or more than :data:`MAX_ITEMS` items, or ``normalization`` is unknown.

    References
    ----------
    Mohri et al. (2018), sections 10.6.1 (bipartite target), 10.6.4 (eq. 10.36)
    and exercise 10.10.

    Examples
    --------
    >>> sigma_star, omega = k_partite_target([0, 2, 1, 2])
    >>> sigma_star                                  # items 1 and 3 (grade 2) on top
    array([3, 0, 2, 1])
    >>> omega[:2, :3]                               # positions 1-2 hold grade 2, 3 holds grade 1
    array([[0. , 0. , 1.2],
           [0. , 0. , 1.2]])
    """
    arr = _as_grades(grades, max_items=MAX_ITEMS)
    _, sizes = np.unique(arr, return_counts=True)
    _check_normalization(normalization)
    sigma_star = sigma_from_scores(arr.astype(float))
    omega = k_partite_emphasis([int(s) for s in sizes[::-1]], normalization=normalization)
    return sigma_star, omega
