"""Worst cases and regrets of the second stage: how much sort-by-degree can lose, searched exactly.

Mohri et al. (section 10.6.2) state two guarantees of sort-by-degree in the bipartite setting,
``L(sort-by-degree) <= 2 L(h)`` (10.30) and ``Reg(sort-by-degree) <= 2 Reg(h)`` (10.31), without a
proof.  Chapter 05 checks them with optimizers rather than samples, and the machinery lives here:

* :func:`degree_sort_worst_case` solves, for one labelling and every output sort-by-degree can
  return (one per pattern of classes down the ranking), the linear program "smallest ``L(h)``
  over the preferences whose degrees are ordered as that output".  The largest
  ``L(output) / min L(h)`` is then the exact worst ratio over *every* preference, 0/1 or
  fractional, and for any tie rule.
* :func:`largest_regret_excess` maximises an upper bound of ``Reg(A) - factor Reg(h)`` over all
  distributions on the labellings of one query set (a linear program), and :func:`regrets`
  recomputes both regrets, (10.25) and (10.26), from their definitions at a given distribution.
* :func:`largest_preference_gain` asks whether a preference can beat every ranking under some
  distribution over the targets, the question behind "the two minima of (10.25) and (10.26)
  coincide" (a linear program over the distributions).
* :func:`labelling_costs` writes the costs (10.23) of every labelling of ``n`` items at once, so
  that an exhaustive search over labellings is one tensor contraction.

Conventions are those of :mod:`rankviz.preference`: a preference is a matrix ``H[u, v] = h(u, v)``,
a target's costs are ``C[u, v]``, the cost of ranking ``u`` above ``v``, so that
``L(h) = sum(C * H)`` and a randomized algorithm with pair probabilities ``P`` loses ``sum(C * P)``
in expectation.  Labellings use the book's normalisation (10.23) with ``omega = 1`` on
positive-negative pairs (``bipartite_target(labels, normalization="pairs")``); ratios and the
sign of a regret difference do not depend on that choice.

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*, 2nd ed., MIT Press,
2018, eqs. (10.23)-(10.31) (seed ``004_e87a518ae3e4601f.txt``).
M.-F. Balcan, N. Bansal, A. Beygelzimer, D. Coppersmith, J. Langford, G. B. Sorkin, "Robust
reductions from ranking to classification", Machine Learning 72, 2008.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog

from rankviz._solvers import SolverError
from rankviz._validation import as_binary_labels, check_array, check_int, check_real
from rankviz.permutations import all_permutations
from rankviz.preference import as_preference_matrix, preference_from_sigma

__all__ = [
    "MAX_LABELLING_ITEMS",
    "MAX_SEARCH_ITEMS",
    "DegreeSortSearch",
    "degree_sort_worst_case",
    "labelling_costs",
    "largest_preference_gain",
    "largest_regret_excess",
    "regrets",
]

#: Largest number of items :func:`degree_sort_worst_case` searches (``2^n - n - 1`` programs).
MAX_SEARCH_ITEMS = 10

#: Largest number of items :func:`labelling_costs` and :func:`regrets` enumerate.
MAX_LABELLING_ITEMS = 8


def labelling_costs(n) -> np.ndarray:
    """The costs (10.23) of every labelling of ``n`` items, stacked: ``C[t, u, v]``.

    Labelling ``t`` (``t = 1, ..., 2^n - 2`` read in binary, item ``i`` positive when bit ``i``
    is set; the two labellings with an empty class are left out) charges
    ``C[t - 1, u, v] = 2 / (n (n - 1))`` for ranking ``u`` above ``v`` when ``v`` is positive and
    ``u`` negative, and nothing otherwise: the book's (10.23) with a labelling as target.

    Parameters
    ----------
    n : int
        The number of items, ``2 <= n <= MAX_LABELLING_ITEMS``.

    Returns
    -------
    ndarray of float64, shape (2^n - 2, n, n)

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is below 2 or above :data:`MAX_LABELLING_ITEMS`.

    References
    ----------
    Mohri et al. (2018), eq. (10.23), bipartite setting.

    Examples
    --------
    >>> costs = labelling_costs(3)
    >>> costs.shape                 # 6 labellings with both classes
    (6, 3, 3)
    >>> costs[0] * 3                # labelling 1: item 0 positive; ranking 1 or 2 above it costs
    array([[0., 0., 0.],
           [1., 0., 0.],
           [1., 0., 0.]])
    """
    n = check_int(n, "n", minimum=2, maximum=MAX_LABELLING_ITEMS)
    labellings = (np.arange(1, 2**n - 1)[:, None] >> np.arange(n)) & 1
    return (labellings[:, None, :] > labellings[:, :, None]) * (2.0 / (n * (n - 1)))


@dataclass(frozen=True, eq=False)
class DegreeSortSearch:
    """What :func:`degree_sort_worst_case` found for one labelling.

    Attributes
    ----------
    labels : ndarray of bool, shape (n,)
        The labelling searched (True = positive).
    programs : int
        The number of linear programs solved: one per output with an error.
    worst_ratio : float
        The largest ``L(output) / min L(h)`` over the outputs (``nan`` if no output has an error).
    order : ndarray of int64, shape (n,)
        The output reaching it, items from the top.
    preference : ndarray of float64, shape (n, n)
        A preference of smallest loss whose degrees are ordered as ``order`` (ties possible).
    outputs_from_zero_loss : int
        How many outputs with an error some preference without error produces (0 proves that
        sort-by-degree is exact when ``h`` is).
    """

    labels: np.ndarray
    programs: int
    worst_ratio: float
    order: np.ndarray
    preference: np.ndarray
    outputs_from_zero_loss: int

    def __repr__(self) -> str:
        return (
            f"DegreeSortSearch(n={self.labels.size}, positives={int(self.labels.sum())}, "
            f"programs={self.programs}, worst_ratio={self.worst_ratio:.4f}, "
            f"order={self.order.tolist()}, "
            f"outputs_from_zero_loss={self.outputs_from_zero_loss})"
        )


def _smallest_loss_giving(order: np.ndarray, C: np.ndarray) -> tuple[float, np.ndarray]:
    """min of ``sum(C * H)`` over the preferences whose degrees are ordered as ``order``, and H."""
    n = order.size
    u, v = np.triu_indices(n, 1)  # the variables x[k] = h(u[k], v[k]); h(v[k], u[k]) = 1 - x[k]
    D = np.zeros((n, u.size))
    D[u, np.arange(u.size)], D[v, np.arange(u.size)] = 1, -1  # degree = D @ x + d0
    d0 = np.bincount(v, minlength=n)
    lp = linprog(
        C[u, v] - C[v, u],
        A_ub=D[order[1:]] - D[order[:-1]],
        b_ub=d0[order[:-1]] - d0[order[1:]],
        bounds=(0, 1),
        method="highs",
    )  # degree(order[r + 1]) <= degree(order[r])
    H = np.full((n, n), 0.5)
    H[u, v] = np.clip(lp.x, 0, 1)
    H[v, u] = 1 - H[u, v]
    return float((C * H).sum()), H


def degree_sort_worst_case(labels) -> DegreeSortSearch:
    """The exact worst ratio ``L(sort-by-degree) / L(h)`` over every preference, for one labelling.

    Sort-by-degree's output depends on ``h`` only through the order of the degrees
    ``sum_v h(u, v)``, which are linear in the values ``x_k = h(u_k, v_k)``, ``u_k < v_k``.  So
    the preferences that can produce a given output (degrees non-increasing down the output,
    each ``x_k`` in [0, 1]) form a polytope, on which ``L(h)`` is linear: its minimum is a linear
    program.  A tie lies on the boundary of the polytopes of every output it could produce, so
    the search covers any tie rule.  Renaming the items inside a class changes no loss, so one
    output per pattern of classes down the ranking suffices (positives and negatives each in
    index order): ``C(n, m)`` patterns for ``m`` positives, of which the one with every positive
    first has no error and needs no program.

    Parameters
    ----------
    labels : array_like of shape (n,)
        Binary labels ({0, 1}, {-1, +1} or booleans), both classes present,
        ``3 <= n <= MAX_SEARCH_ITEMS``.

    Returns
    -------
    DegreeSortSearch
        The number of programs, the worst ratio, the output and a preference reaching it, and
        the number of outputs with an error reached from a preference without one.

    Raises
    ------
    ValueError, TypeError
        If the labels are not binary, a class is empty, or there are fewer than 3 or more than
        :data:`MAX_SEARCH_ITEMS` items.

    References
    ----------
    Mohri et al. (2018), eq. (10.30); Balcan et al. (2008).

    Examples
    --------
    >>> search = degree_sort_worst_case([1, 0, 0])      # item 0 the only positive
    >>> search.programs, round(search.worst_ratio, 6), search.order.tolist()
    (2, 2.0, [1, 0, 2])
    >>> search.outputs_from_zero_loss
    0
    """
    positive = as_binary_labels(labels, "labels")
    n = positive.size
    if n < 3 or n > MAX_SEARCH_ITEMS:
        raise ValueError(
            f"labels must have between 3 and MAX_SEARCH_ITEMS = {MAX_SEARCH_ITEMS} items, got {n}"
        )
    positives, negatives = np.flatnonzero(positive), np.flatnonzero(~positive)
    if positives.size == 0 or negatives.size == 0:
        raise ValueError("labels must contain both classes (a positive and a negative item)")
    C = np.outer(~positive, positive) * (2.0 / (n * (n - 1)))  # (10.23): negative above positive
    worst, best_order, best_H, programs, from_zero = np.nan, None, None, 0, 0
    for slots in itertools.combinations(range(n), positives.size):
        is_positive_slot = np.isin(np.arange(n), slots)
        order = np.empty(n, dtype=np.int64)
        order[is_positive_slot], order[~is_positive_slot] = positives, negatives
        loss_output = float(C[order[:, None], order[None, :]][np.triu_indices(n, 1)].sum())
        if loss_output == 0:
            continue
        programs += 1
        loss_h, H = _smallest_loss_giving(order, C)
        if loss_h < 1e-9:
            from_zero += 1
        elif np.isnan(worst) or loss_output / loss_h > worst + 1e-9:
            worst, best_order, best_H = loss_output / loss_h, order, H
    if best_order is None:  # every output with an error comes from a preference without one
        best_order, best_H = (
            np.r_[positives, negatives],
            preference_from_sigma(np.argsort(np.r_[positives, negatives])),
        )
    return DegreeSortSearch(positive, programs, float(worst), best_order, best_H, from_zero)


def _check_cost_stack(costs, n: int) -> np.ndarray:
    """The checked stack, as a new array with its diagonals zeroed (an item is never paired with
    itself, and a preference's diagonal ``h(u, u) = 1/2`` must not count)."""
    costs = check_array(costs, "costs", ndim=3, nonnegative=True, max_size=10**7)
    if costs.shape[1:] != (n, n):
        raise ValueError(
            f"costs must have shape (k, {n}, {n}) to weigh preferences on {n} items, "
            f"got {costs.shape}"
        )
    return costs * ~np.eye(n, dtype=bool)


def largest_preference_gain(T, costs) -> float:
    """``max_p min_sigma E_p[L(sigma)] - E_p[L(T)]``: how much a preference can beat every ranking.

    ``p`` ranges over the distributions on the targets whose costs ``costs`` stacks, ``sigma``
    over every ranking of the ``n`` items.  A positive value means that under some distribution
    the preference ``T`` loses less than the best ranking, so that the minimum of (10.26) lies
    strictly below that of (10.25).  The inner minimum of linear functions is concave in ``p``,
    so the maximum is a linear program with one extra variable.

    Parameters
    ----------
    T : array_like of shape (n, n)
        A preference matrix (typically an intransitive tournament).
    costs : array_like of shape (k, n, n)
        Non-negative pair costs of ``k`` targets, ``2 <= n <= MAX_LABELLING_ITEMS``; the
        diagonals are ignored.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If ``T`` is not a preference matrix, ``costs`` is negative or of the wrong shape, or ``n``
        exceeds :data:`MAX_LABELLING_ITEMS`.

    References
    ----------
    Mohri et al. (2018), eqs. (10.25) and (10.26).

    Examples
    --------
    Against labellings the 3-cycle never beats every ranking; against the three rotations of
    0 > 1 > 2 (a Condorcet profile) it does, by 1/9.

    >>> from rankviz.preference import cyclic_preference, pair_costs
    >>> round(largest_preference_gain(cyclic_preference(3), labelling_costs(3)), 9)
    0.0
    >>> rotations = [pair_costs(star) for star in ([0, 1, 2], [2, 0, 1], [1, 2, 0])]
    >>> round(largest_preference_gain(cyclic_preference(3), rotations), 4)
    0.1111
    """
    T = as_preference_matrix(T, "T")
    n = T.shape[0]
    if n > MAX_LABELLING_ITEMS:
        raise ValueError(
            f"T has {n} items; every ranking is enumerated, so at most "
            f"MAX_LABELLING_ITEMS = {MAX_LABELLING_ITEMS} are allowed"
        )
    costs = _check_cost_stack(costs, n)
    rankings = np.array([preference_from_sigma(s) for s in all_permutations(n)])
    G = np.einsum("yuv,suv->sy", costs, rankings - T)  # G[s, y] = L(sigma_s, y) - L(T, y)
    k = costs.shape[0]
    lp = linprog(
        np.r_[np.zeros(k), -1.0],
        A_ub=np.c_[-G, np.ones(len(G))],
        b_ub=np.zeros(len(G)),
        A_eq=np.r_[np.ones(k), 0.0][None],
        b_eq=[1.0],
        bounds=[(0, None)] * k + [(None, None)],
        method="highs",
    )
    return float(-lp.fun)


def largest_regret_excess(P, H, costs, factor=2.0) -> tuple[float, np.ndarray]:
    """Maximise ``E_p[L(A)] - factor E_p[L(h)] + (factor - 1) min_h' E_p[L(h')]`` over all ``p``.

    ``p`` ranges over the distributions on the targets whose costs ``costs`` stacks (typically
    :func:`labelling_costs`), on one query set.  The best ranking loses at least what the best
    preference loses (a ranking is a preference), so the quantity bounds
    ``Reg(A) - factor Reg(h)`` from above (10.25)-(10.26); its maximum at most 0 proves
    ``Reg(A) <= factor Reg(h)`` for every distribution.  It is concave in ``p`` (the best
    preference takes, pair by pair, the cheaper side, a minimum of linear functions), so the
    maximum is a linear program with one extra variable per pair.

    Parameters
    ----------
    P : array_like of shape (n, n)
        The algorithm's pair probabilities ``P[u, v] = Pr[u ranked above v]``: the transitive
        preference of its output for a deterministic algorithm (``preference_from_sigma``).
    H : array_like of shape (n, n)
        The preference function ``h``.
    costs : array_like of shape (k, n, n)
        Non-negative pair costs of ``k`` targets, ``L(h, target t) = sum(costs[t] * H)`` over
        the pairs ``u != v`` (the diagonals are ignored).
    factor : float, default 2.0
        The factor of the bound, at least 1.

    Returns
    -------
    excess : float
        The maximum over all distributions.
    p : ndarray of float64, shape (k,)
        A distribution reaching it.

    Raises
    ------
    ValueError, TypeError
        If ``P`` or ``H`` is not a preference matrix, ``costs`` is negative or of the wrong
        shape, or ``factor`` is below 1 or not finite.

    References
    ----------
    Mohri et al. (2018), eqs. (10.25), (10.26) and (10.31).

    Examples
    --------
    Sort-by-degree on the three-item cycle returns 0 > 1 > 2: the worst distribution over the
    labellings reaches the factor 2 exactly (Theorem 10.5's point mass), and no more.

    >>> from rankviz.preference import cyclic_preference, preference_from_sigma
    >>> excess, p = largest_regret_excess(preference_from_sigma([0, 1, 2]), cyclic_preference(3),
    ...                                   labelling_costs(3))
    >>> abs(excess) < 1e-12
    True
    """
    P = as_preference_matrix(P, "P")
    H = as_preference_matrix(H, "H")
    if P.shape != H.shape:
        raise ValueError(f"P and H must rank the same items, got shapes {P.shape} and {H.shape}")
    n = H.shape[0]
    costs = _check_cost_stack(costs, n)
    factor = check_real(factor, "factor")
    if factor < 1:
        raise ValueError(f"factor must be at least 1, got {factor:g}")
    if factor > 1e12:  # the program's coefficients span 1..factor: HiGHS fails beyond about 1e18
        raise ValueError(f"factor must be at most 1e12, got {factor:g}")
    u, v = np.triu_indices(n, 1)
    k, m = costs.shape[0], u.size
    gain = np.einsum("yuv,uv->y", costs, P - factor * H)
    # t[j] <= both expected costs of pair j, so at the optimum t[j] is the best preference's cost
    A = np.block([[-costs[:, u, v].T, np.eye(m)], [-costs[:, v, u].T, np.eye(m)]])
    lp = linprog(
        -np.r_[gain, np.full(m, factor - 1)],
        A_ub=A,
        b_ub=np.zeros(2 * m),
        A_eq=np.r_[np.ones(k), np.zeros(m)][None],
        b_eq=[1.0],
        bounds=(0, None),
        method="highs",
    )
    if lp.status != 0:
        raise SolverError(f"the regret-excess linear program failed: {lp.message}")
    return float(-lp.fun), np.clip(lp.x[:k], 0, None)


def regrets(P, H, C) -> tuple[float, float]:
    """``Reg(A)`` and ``Reg(h)`` on one query set, from their definitions (10.25) and (10.26).

    ``C[u, v]`` is the expected cost of ranking ``u`` above ``v`` under the distribution of the
    targets (``sum_t p_t costs[t]``).  ``Reg(A) = sum(C * P) - min over rankings``, the minimum
    taken by enumerating every ranking; ``Reg(h) = sum(C * H) - min over preferences``, where the
    best preference takes, pair by pair, the cheaper side, ``sum min(C[u, v], C[v, u])``.

    Parameters
    ----------
    P : array_like of shape (n, n)
        The algorithm's pair probabilities (the transitive preference of a deterministic output).
    H : array_like of shape (n, n)
        The preference function ``h``.
    C : array_like of shape (n, n)
        Non-negative expected pair costs, ``2 <= n <= MAX_LABELLING_ITEMS``.

    Returns
    -------
    regret_algorithm, regret_h : float

    Raises
    ------
    ValueError, TypeError
        If ``P`` or ``H`` is not a preference matrix of the size of ``C``, ``C`` is negative or
        not square, or ``n`` exceeds :data:`MAX_LABELLING_ITEMS`.

    References
    ----------
    Mohri et al. (2018), eqs. (10.25) and (10.26).

    Examples
    --------
    Theorem 10.5's point mass: item 2 the only positive, sort-by-degree's output 0 > 1 > 2.

    >>> from rankviz.preference import bipartite_target, cyclic_preference, pair_costs
    >>> C = pair_costs(*bipartite_target([0, 0, 1], normalization="pairs"))
    >>> [round(r, 4) for r in regrets(preference_from_sigma([0, 1, 2]), cyclic_preference(3), C)]
    [0.6667, 0.3333]
    """
    C = check_array(C, "C", ndim=2, square=True, nonnegative=True)
    n = C.shape[0]
    if n < 2 or n > MAX_LABELLING_ITEMS:
        raise ValueError(
            f"C must be between 2 x 2 and {MAX_LABELLING_ITEMS} x "
            f"{MAX_LABELLING_ITEMS} (every ranking is enumerated), got {C.shape}"
        )
    P = as_preference_matrix(P, "P")
    H = as_preference_matrix(H, "H")
    if P.shape != C.shape or H.shape != C.shape:
        raise ValueError(
            f"P, H and C must have the same shape, got {P.shape}, {H.shape} and {C.shape}"
        )
    off = ~np.eye(n, dtype=bool)
    best_ranking = min(
        float((C * preference_from_sigma(s))[off].sum()) for s in all_permutations(n)
    )
    best_preference = float(np.minimum(C, C.T)[off].sum() / 2)
    return float((C * P)[off].sum()) - best_ranking, float((C * H)[off].sum()) - best_preference
