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

Public names
------------
:func:`multipartite_pairs`, :func:`multipartite_rankboost`.
"""

from __future__ import annotations

import math

import numpy as np

from rankviz._validation import check_int, check_real
from rankviz.rankboost import (
    TIE_TOLERANCE,
    BoostingHistory,
    RankBoostModel,
    stump_candidates,
)

__all__ = ["multipartite_pairs", "multipartite_rankboost"]

#: Largest number of explicit cross pairs :func:`multipartite_pairs` builds.
_MAX_PAIRS = 20_000_000


def _as_grades(grades, n_points: int | None = None) -> np.ndarray:
    """Validate a 1-D integer array of grades with at least two distinct values."""
    if isinstance(grades, (str, bytes)):
        raise TypeError(f"grades must be an array of integers, got {type(grades).__name__}")
    arr = np.asarray(grades)
    if arr.dtype == object or arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"grades must contain integers, got dtype {arr.dtype}")
    if arr.ndim != 1:
        raise ValueError(f"grades must be 1-D, got shape {arr.shape}")
    if n_points is not None and arr.shape[0] != n_points:
        raise ValueError(f"grades must have one entry per row of X ({n_points}), "
                         f"got {arr.shape[0]}")
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
        raise ValueError(f"grades: {n_cross} cross pairs exceed {_MAX_PAIRS}; use "
                         f"multipartite_rankboost, which never builds them")
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
        Number of rounds T >= 1.
    smoothing : float, optional
        ``lam`` in (0, 1/3] of the smoothed step ``1/2 log((eps^+ + lam) /
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
    arr = np.asarray(X) if not isinstance(X, (str, bytes)) else X
    candidates = stump_candidates(arr)  # validates X
    X = np.asarray(arr, dtype=np.float64)
    n_points, d = X.shape
    grades = _as_grades(grades, n_points)
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1)
    if not candidates:
        raise ValueError("X: every feature is constant, so there is no stump to choose")
    levels = np.unique(grades)
    k = levels.size
    part_of = np.searchsorted(levels, grades)
    counts = np.bincount(part_of, minlength=k)
    n_cross = (int(counts.sum()) ** 2 - int((counts**2).sum())) // 2
    if smoothing is None:
        lam = min(1.0 / (2.0 * n_cross), 1.0 / 3.0)
    else:
        lam = check_real(smoothing, "smoothing", positive=True)
        if lam > 1.0 / 3.0:
            raise ValueError(f"smoothing must be <= 1/3 (the range in which a smoothed round "
                             f"is proved to keep Z_t <= 1 - 2 gamma_t^2 <= exp(-2 gamma_t^2)), "
                             f"got {lam}")

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
    alphas, rankers = np.empty(n_rounds), []
    rows = np.empty((n_rounds, 5))
    smoothed = np.zeros(n_rounds, dtype=bool)
    for t in range(n_rounds):
        shift = f.max()  # u = exp(f - shift), v = exp(-f + min f): scale-free weights
        u = np.exp(f - shift)
        v = np.exp(f.min() - f)
        U = np.bincount(part_of, u, minlength=k)
        V = np.bincount(part_of, v, minlength=k)
        U_below = np.concatenate([[0.0], np.cumsum(U)[:-1]])  # sum_{j < p} U_j
        V_above = np.concatenate([np.cumsum(V[::-1])[::-1][1:], [0.0]])  # sum_{l > p} V_l
        W = float(U @ V_above)
        pi = (U_below[part_of] * v - V_above[part_of] * u) / W
        # edges of all candidates: sums of pi above (polarity +1) or at/below (-1) each threshold
        cum = np.vstack([np.zeros(d), np.cumsum(pi[order], axis=0)])  # (N + 1, d)
        below = cum[n_below, features]
        edges = np.where(polarity > 0, pi.sum() - below, below)
        best = int(np.argmax(edges >= edges.max() - TIE_TOLERANCE))
        h = candidates[best]
        on = (columns[h.feature] > h.threshold) == (h.polarity > 0)
        U1, V1 = np.bincount(part_of[on], u[on], minlength=k), np.bincount(part_of[on], v[on],
                                                                           minlength=k)
        U0, V0 = U - U1, V - V1
        V1_above = np.concatenate([np.cumsum(V1[::-1])[::-1][1:], [0.0]])
        V0_above = np.concatenate([np.cumsum(V0[::-1])[::-1][1:], [0.0]])
        eps_plus = float(U0 @ V1_above) / W  # h(x) = 0, h(x') = 1: ranked right
        eps_minus = float(U1 @ V0_above) / W  # h(x) = 1, h(x') = 0: ranked wrong
        eps_zero = max(0.0, 1.0 - eps_plus - eps_minus)
        if eps_plus > 0.0 and eps_minus > 0.0:
            alpha = 0.5 * math.log(eps_plus / eps_minus)
        else:  # the same smoothed step as rankboost's (a perfect stump, or no edge at all)
            alpha = 0.5 * math.log((eps_plus + lam) / (eps_minus + lam))
            smoothed[t] = (eps_plus > 0.0) != (eps_minus > 0.0)
        Z = eps_zero + eps_plus * math.exp(-alpha) + eps_minus * math.exp(alpha)
        f = f + alpha * on
        l1 += abs(alpha)
        error = _pairwise_error(f, part_of, k, TIE_TOLERANCE * (1.0 + l1))
        rows[t] = (eps_plus, eps_minus, eps_zero, Z, error)
        alphas[t] = alpha
        rankers.append(h)
    frozen = [np.array(rows[:, c]) for c in range(5)]
    for col in frozen:
        col.setflags(write=False)
    smoothed.setflags(write=False)
    alphas.setflags(write=False)
    history = BoostingHistory(*frozen, smoothed=smoothed)
    return RankBoostModel(alphas, tuple(rankers), history, d, "multipartite_rankboost")
