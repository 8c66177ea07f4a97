"""Duchi et al.'s suboptimality function H(epsilon) of eq. (8), for least-squares surrogates.

For a surrogate ``phi(alpha, s) = ||alpha - t(s)||^2`` (a regression target
``t`` per label) whose prediction map sorts ``alpha`` in decreasing order, the
excess conditional surrogate risk at a label distribution ``mu`` is
``||alpha - tbar(mu)||^2`` with ``tbar(mu) = E_mu[t(s)]``.  The smallest excess
among the scores that sort the items as a given permutation ``sigma`` is then
the squared distance from ``tbar`` to the closed order cone of ``sigma``: an
isotonic regression, solved exactly by pool-adjacent-violators.  Minimising it
over the permutations whose conditional regret is at least ``epsilon``, and over
a finite set of distributions, gives H(epsilon) of eq. (8) restricted to that
set (an upper bound on the infimum over the whole simplex).

References
----------
Duchi, Mackey and Jordan (2013), "The asymptotics of ranking algorithms",
Ann. Statist. 41(5), eq. (7), eq. (8) and Proposition 1.
"""

from __future__ import annotations

import math

import numpy as np

from rankviz._validation import (
    MAX_MAGNITUDE,
    as_float_vector,
    as_numpy,
    check_array,
    check_int,
    check_permutation_rows,
    check_real,
    rounding_tolerance,
)
from rankviz.permutations import all_permutations
from rankviz.surrogates import pred_sort

__all__ = [
    "MAX_ITEMS",
    "REGRET_TOLERANCE",
    "cheapest_scores",
    "least_squares_excess",
    "order_cone_distance",
    "order_cone_projection",
    "simplex_grid",
    "suboptimality_function",
]

#: Largest number of items :func:`suboptimality_function` enumerates (n! cones).
MAX_ITEMS = 6
# Regrets within this distance below a level count as reaching it (see suboptimality_function).
REGRET_TOLERANCE = 1e-9
_MAX_GRID = 200_000


def _pav_fit(values: np.ndarray) -> np.ndarray:
    """The non-increasing vector closest to ``values`` (pool adjacent violators)."""
    means: list[float] = []
    sizes: list[int] = []
    for v in values:
        means.append(float(v))
        sizes.append(1)
        while len(means) > 1 and means[-2] < means[-1]:
            size = sizes[-2] + sizes[-1]
            mean = (means[-2] * sizes[-2] + means[-1] * sizes[-1]) / size
            means[-2:] = [mean]
            sizes[-2:] = [size]
    return np.repeat(means, sizes)


def _pav_distance(values: np.ndarray) -> float:
    """Squared distance from ``values`` to the non-increasing vectors."""
    return float(np.sum((values - _pav_fit(values)) ** 2))


def order_cone_distance(target, sigma):
    """Squared distance from ``target`` to the scores that rank the items as ``sigma``.

    The closed order cone of ``sigma`` is ``{alpha : alpha_i >= alpha_j whenever
    sigma(i) < sigma(j)}``; the distance is the least excess risk
    ``||alpha - target||^2`` of a least-squares surrogate among the scores whose
    sorted order is ``sigma`` (their infimum is attained on the closed cone).

    Parameters
    ----------
    target : array_like of float, shape (n,)
        The minimiser ``tbar`` of the surrogate risk.
    sigma : array_like of int, shape (n,)
        A permutation, ``sigma[i]`` the 0-based position of item ``i``.

    Returns
    -------
    float
        ``min {||alpha - target||^2 : alpha in the closed cone of sigma}``.

    Raises
    ------
    ValueError, TypeError
        If ``target`` is not a finite vector or ``sigma`` is not a permutation of
        the same length.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (8); Barlow et al. (1972) for
    pool-adjacent-violators.

    Examples
    --------
    >>> order_cone_distance([1.0, 0.0], [1, 0])    # force item 1 above item 0: meet at 0.5
    0.5
    >>> order_cone_distance([1.0, 0.0], [0, 1])    # already in this order
    0.0
    """
    t = check_array(target, "target", ndim=1, max_abs=MAX_MAGNITUDE)
    s = _as_permutation(sigma, t.size)
    return _pav_distance(t[np.argsort(s)])


def order_cone_projection(target, sigma):
    """The scores closest to ``target`` among those that rank the items as ``sigma``.

    The projection of ``target`` on the closed order cone of ``sigma``
    (``alpha_i >= alpha_j`` whenever ``sigma(i) < sigma(j)``): the cheapest scores of
    a least-squares surrogate whose sorted order is ``sigma``, where items that
    ``target`` orders the other way are pooled into ties.  Adding to it a small
    amount that decreases down the ranking gives scores that sort to exactly
    ``sigma`` at an excess risk as close to :func:`order_cone_distance` as wanted.

    Parameters
    ----------
    target : array_like of float, shape (n,)
        The minimiser ``tbar`` of the surrogate risk.
    sigma : array_like of int, shape (n,)
        A permutation, ``sigma[i]`` the 0-based position of item ``i``.

    Returns
    -------
    ndarray of float, shape (n,)
        ``argmin {||alpha - target||^2 : alpha in the closed cone of sigma}``; its
        squared distance to ``target`` is ``order_cone_distance(target, sigma)``.

    Raises
    ------
    ValueError, TypeError
        If ``target`` is not a finite vector or ``sigma`` is not a permutation of
        the same length.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (8); Barlow et al. (1972) for
    pool-adjacent-violators.

    Examples
    --------
    >>> order_cone_projection([1.0, 0.0], [1, 0])    # item 1 on top: the two meet at 0.5
    array([0.5, 0.5])
    >>> order_cone_projection([0.2, 0.9, 0.5], [0, 1, 2])   # item 0 must lead item 1: they pool
    array([0.55, 0.55, 0.5 ])
    """
    t = check_array(target, "target", ndim=1, max_abs=MAX_MAGNITUDE)
    s = _as_permutation(sigma, t.size)
    order = np.argsort(s)
    projected = np.empty_like(t)
    projected[order] = _pav_fit(t[order])
    return projected


def _as_permutation(sigma, n: int) -> np.ndarray:
    arr = as_numpy(sigma, "sigma")
    if arr.dtype == object or not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"sigma must be an integer array (positions), got dtype {arr.dtype}")
    if arr.shape != (n,):
        raise ValueError(f"sigma must have shape ({n},) like target, got {arr.shape}")
    return check_permutation_rows(arr.astype(np.int64), "sigma")


def simplex_grid(k, steps):
    """Every distribution on ``k`` points whose probabilities are multiples of ``1/steps``.

    Parameters
    ----------
    k : int
        Number of points (labels), >= 1.
    steps : int
        Resolution, >= 1; the grid has ``C(steps + k - 1, k - 1)`` rows.

    Returns
    -------
    ndarray of float, shape (m, k)
        One distribution per row, in lexicographic order of the counts.

    Raises
    ------
    ValueError, TypeError
        If ``k`` or ``steps`` is not a positive integer, or the grid would have
        more than 200,000 rows.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (8) (the infimum over the simplex
    M(S) that the grid approximates).

    Examples
    --------
    >>> simplex_grid(2, 2)
    array([[0. , 1. ],
           [0.5, 0.5],
           [1. , 0. ]])
    """
    k = check_int(k, "k", minimum=1)
    steps = check_int(steps, "steps", minimum=1)
    size = math.comb(steps + k - 1, k - 1)
    if size > _MAX_GRID:
        raise ValueError(
            f"steps = {steps} on k = {k} points gives {size} distributions; "
            f"at most {_MAX_GRID} are allowed"
        )
    rows = [()]
    for _ in range(k - 1):
        rows = [(*row, c) for row in rows for c in range(steps + 1 - sum(row))]
    counts = np.array([(*row, steps - sum(row)) for row in rows], dtype=float)
    return counts / steps


def suboptimality_function(loss_matrix, targets, probs, epsilons):
    """H(epsilon) of Duchi et al.'s eq. (8) over a finite set of distributions.

    For the least-squares surrogate ``phi(alpha, s) = ||alpha - targets[s]||^2``
    with pred = sort (decreasing), computes, for each ``epsilon``,

    ``min over mu in probs, sigma with regret(sigma, mu) >= epsilon of
    dist^2(tbar(mu), cone(sigma))``

    where ``regret(sigma, mu) = loss_matrix[sigma] @ mu - min_sigma' loss_matrix[sigma'] @ mu``
    and ``tbar(mu) = mu @ targets``.  A regret counts as reaching ``epsilon`` when it is at
    least ``epsilon - REGRET_TOLERANCE`` (1e-9), so that rounding does not decide the
    pairs whose regret equals ``epsilon`` exactly.  Restricted to a grid, this is an upper
    bound on the infimum over the whole simplex; ``inf`` means no permutation
    has regret ``epsilon`` at any distribution of the set.

    Parameters
    ----------
    loss_matrix : array_like of float, shape (n!, k)
        ``loss_matrix[r, s]`` is the loss of permutation ``all_permutations(n)[r]``
        on label ``s`` (:func:`rankviz.bayes.loss_matrix` builds it).
    targets : array_like of float, shape (k, n)
        The regression target of each label.
    probs : array_like of float, shape (m, k)
        Distributions over the ``k`` labels, one per row (e.g. :func:`simplex_grid`).
    epsilons : array_like of float, shape (e,)
        Non-negative regret levels.

    Returns
    -------
    ndarray of float, shape (e,)
        H(epsilon) on the set, for each epsilon.

    Raises
    ------
    ValueError, TypeError
        If shapes disagree, ``n > MAX_ITEMS``, a row of ``probs`` is not a
        distribution, or an entry is not finite (``epsilons`` must be >= 0).

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (8) and Proposition 1.

    Examples
    --------
    Two items, one label each way; the 0-1 loss of ranking the wrong item first:

    >>> L = [[0.0, 1.0], [1.0, 0.0]]          # rows: sigma = (0, 1), (1, 0)
    >>> H = suboptimality_function(L, [[1, 0], [0, 1]], simplex_grid(2, 4), [0.0, 0.5, 1.0])
    >>> [round(float(h), 4) for h in H]       # 0 at eps = 0, then a positive gap
    [0.0, 0.125, 0.5]
    """
    targets = check_array(targets, "targets", ndim=2, max_abs=MAX_MAGNITUDE)
    k, n = targets.shape
    if n > MAX_ITEMS:
        raise ValueError(
            f"targets has {n} items; suboptimality_function enumerates n! "
            f"cones and accepts at most {MAX_ITEMS}"
        )
    loss = check_array(loss_matrix, "loss_matrix", ndim=2)
    if loss.shape != (math.factorial(n), k):
        raise ValueError(
            f"loss_matrix must have shape ({math.factorial(n)}, {k}) "
            f"(n! permutations by k labels, as targets has {k} rows of {n} "
            f"items), got {loss.shape}"
        )
    p = check_array(probs, "probs", ndim=2)
    if p.shape[1] != k:
        raise ValueError(f"probs must have {k} columns (one per label), got {p.shape[1]}")
    if np.any(p < 0) or not np.allclose(p.sum(axis=1), 1.0, atol=1e-9):
        raise ValueError("probs must hold distributions: non-negative rows summing to 1")
    eps = as_float_vector(epsilons, "epsilons")
    if np.any(eps < 0):
        raise ValueError(f"epsilons must be >= 0, got {eps.min():g}")
    sigmas = all_permutations(n)
    orders = np.argsort(sigmas, axis=1)
    regrets = p @ loss.T
    regrets -= regrets.min(axis=1, keepdims=True)
    tbar = p @ targets
    distances = np.array([[_pav_distance(t[order]) for order in orders] for t in tbar])
    tolerance = max(REGRET_TOLERANCE, rounding_tolerance(epsilons), rounding_tolerance(probs, k))
    out = np.full(eps.size, np.inf)
    for e, level in enumerate(eps):
        # a regret that equals the level up to rounding reaches it: on a grid of
        # distributions, regrets and levels often coincide exactly in exact arithmetic,
        # and the last bit of either must not decide whether the pair counts
        # (to the rounding of the dtypes passed: float32 levels and distributions carry their own)
        allowed = regrets >= level - tolerance
        if allowed.any():
            out[e] = distances[allowed].min()
    return out


def cheapest_scores(tbar, *, nudge=1e-7):
    """For each mean target and each ranking, the cheapest scores that sort to that ranking.

    Row ``r`` of the result for target ``tbar[q]`` is the projection of ``tbar[q]`` on the
    closed order cone of ``sigma = all_permutations(n)[r]`` (:func:`order_cone_projection`)
    plus ``nudge * (n - 1 - sigma)``, a step that decreases down the ranking so that sorting
    (ties to the smaller index) returns exactly ``sigma``.  Its least-squares excess is
    :func:`order_cone_distance` up to a term of order ``nudge``: these are the queries where
    a uniform bound such as Duchi et al.'s eq. (7) is closest to breaking.

    Parameters
    ----------
    tbar : array_like of float, shape (m, n)
        Mean regression targets, one per distribution, ``n <= MAX_ITEMS``.
    nudge : float, default 1e-7
        The step that breaks the pooled ties, in ``(0, 1e-3]``.

    Returns
    -------
    ndarray of float, shape (m, n!, n)

    Raises
    ------
    ValueError, TypeError
        If ``tbar`` is not a finite 2-D array with at most ``MAX_ITEMS`` columns, or
        ``nudge`` is out of range.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (7)-(8) and Proposition 1.

    Examples
    --------
    >>> cheapest_scores([[1.0, 0.0]], nudge=0.001)      # sigma = (0, 1), then (1, 0)
    array([[[1.001, 0.   ],
            [0.5  , 0.501]]])
    """
    t = check_array(tbar, "tbar", ndim=2)
    if t.shape[1] > MAX_ITEMS:
        raise ValueError(
            f"tbar has {t.shape[1]} items; cheapest_scores enumerates n! cones "
            f"and accepts at most {MAX_ITEMS}"
        )
    if t.shape[0] * math.factorial(t.shape[1]) > _MAX_GRID:
        raise ValueError(f"tbar has {t.shape[0]} rows; at most {_MAX_GRID} (rows x n!) cones")
    step = check_real(nudge, "nudge", positive=True, maximum=1e-3)
    sigmas = all_permutations(t.shape[1])
    orders = np.argsort(sigmas, axis=1)
    out = np.empty((t.shape[0], sigmas.shape[0], t.shape[1]))
    for q, target in enumerate(t):
        for r, order in enumerate(orders):
            out[q, r, order] = _pav_fit(target[order])
    return out + step * (t.shape[1] - 1 - sigmas)[None, :, :]


def least_squares_excess(loss_matrix, targets, probs, scores):
    """Surrogate excess and loss regret of sorted scores, query by query.

    For a least-squares surrogate ``||alpha - targets[s]||^2`` with pred = sort (ties to the
    smaller index), query ``q`` with label distribution ``probs[q]`` and scores
    ``scores[q]`` has surrogate excess ``||scores[q] - probs[q] @ targets||^2`` and loss
    regret ``loss_matrix[sigma] @ probs[q] - min_sigma' loss_matrix[sigma'] @ probs[q]``,
    ``sigma`` the ranking of ``scores[q]``.  A population of queries with weights ``w``
    has the excesses ``w @ surrogate_excess`` and ``w @ regret``: the two sides of Duchi et
    al.'s uniform bound (7).

    Parameters
    ----------
    loss_matrix : array_like of float, shape (n!, k)
        ``loss_matrix[r, s]``, the loss of ``all_permutations(n)[r]`` on label ``s``.
    targets : array_like of float, shape (k, n)
        The regression target of each label.
    probs : array_like of float, shape (m, k)
        One label distribution per query.
    scores : array_like of float, shape (m, n)
        The scores of each query.

    Returns
    -------
    surrogate_excess : ndarray of float, shape (m,)
    regret : ndarray of float, shape (m,)

    Raises
    ------
    ValueError, TypeError
        If shapes disagree, an entry is not finite, a row of ``probs`` is not a
        distribution, or ``n > MAX_ITEMS``.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (7) and Proposition 1.

    Examples
    --------
    Two items, one label each way, the 0-1 loss of ranking the wrong item first:

    >>> excess, regret = least_squares_excess([[0.0, 1.0], [1.0, 0.0]], [[1, 0], [0, 1]],
    ...                                       [[0.7, 0.3]], [[0.4, 0.6]])
    >>> round(float(excess[0]), 4), round(float(regret[0]), 4)
    (0.18, 0.4)
    """
    targets = check_array(targets, "targets", ndim=2, max_abs=MAX_MAGNITUDE)
    k, n = targets.shape
    if n > MAX_ITEMS:
        raise ValueError(f"targets has {n} items; least_squares_excess accepts at most {MAX_ITEMS}")
    loss = check_array(loss_matrix, "loss_matrix", ndim=2)
    if loss.shape != (math.factorial(n), k):
        raise ValueError(
            f"loss_matrix must have shape ({math.factorial(n)}, {k}) (n! rankings "
            f"by the {k} labels, as targets has {k} rows of {n} items), got "
            f"{loss.shape}"
        )
    p = check_array(probs, "probs", ndim=2)
    if p.shape[1] != k:
        raise ValueError(f"probs must have {k} columns (one per label), got {p.shape[1]}")
    if np.any(p < 0) or not np.allclose(p.sum(axis=1), 1.0, atol=1e-9):
        raise ValueError("probs must hold distributions: non-negative rows summing to 1")
    u = check_array(scores, "scores", ndim=2, max_abs=MAX_MAGNITUDE)
    if u.shape != (p.shape[0], n):
        raise ValueError(
            f"scores must have shape ({p.shape[0]}, {n}) (one row per row of probs), got {u.shape}"
        )
    surrogate_excess = np.sum((u - p @ targets) ** 2, axis=1)
    risks = p @ loss.T
    ranks = pred_sort(u)  # sigma of each row, ties to the smaller index
    sigmas = all_permutations(n)
    index = np.array([np.flatnonzero((sigmas == s).all(axis=1))[0] for s in ranks])
    regret = risks[np.arange(p.shape[0]), index] - risks.min(axis=1)
    return surrogate_excess, regret
