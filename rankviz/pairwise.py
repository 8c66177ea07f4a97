"""Pairwise losses: disagreement with a preference graph, emphasis functions and ``L_omega``.

A ranking is judged pair by pair (lecture 01, section 7; lecture 05, section 9):

* :func:`pairwise_disagreement` charges scores the weight of every edge of a
  preference graph they violate (Duchi, Mackey and Jordan, 2013, eq. (10));
* an *emphasis function* ``omega(i, j)`` says how much a misordered pair costs
  according to the two positions it holds in the target (Mohri et al., 2018,
  section 10.6.4): :func:`emphasis_uniform`, :func:`emphasis_top_k`,
  :func:`emphasis_bipartite`, or any matrix or callable through
  :func:`emphasis_matrix`; :func:`emphasis_axioms` checks the book's three axioms;
* :func:`weighted_disagreement_L_omega` is the weighted loss ``L_omega`` of eq. (10.36)
  between two permutations; :func:`discordant_pairs` counts the pairs two permutations
  order differently (all of them, or those of a chosen kind).

Emphasis matrices have ``n * n`` entries; ``n`` is limited to :data:`MAX_ITEMS`.

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, section 10.6.4 (seed ``004_e87a518ae3e4601f.txt``);
J. Duchi, L. Mackey, M. Jordan, "The asymptotics of ranking algorithms",
Annals of Statistics, 2013, eq. (10).
"""

from __future__ import annotations

import numpy as np

from rankviz._validation import (
    as_query_array,
    as_weight_matrix,
    check_array,
    check_choice,
    check_int,
    check_same_length,
)
from rankviz.permutations import as_permutation

__all__ = [
    "MAX_AXIOM_ITEMS",
    "MAX_ITEMS",
    "MAX_PAIR_ENTRIES",
    "PAIRWISE_TIES",
    "discordant_pairs",
    "emphasis_axioms",
    "emphasis_bipartite",
    "emphasis_matrix",
    "emphasis_top_k",
    "emphasis_uniform",
    "pairwise_disagreement",
    "weighted_disagreement_L_omega",
]

#: Largest number of items (positions) of an emphasis matrix: an (n, n) matrix of floats,
#: 5000 x 5000 = 200 MB.
MAX_ITEMS = 5000

#: Largest n for :func:`emphasis_axioms`, which compares all n**3 triples of positions.
MAX_AXIOM_ITEMS = 150

#: Largest number of (query, i, j) pairs :func:`pairwise_disagreement` compares at once
#: (q * n * n; each pair takes a few float temporaries).
MAX_PAIR_ENTRIES = MAX_ITEMS**2

#: Tie conventions of :func:`pairwise_disagreement`: the cost of a tied edge i -> j,
#: as a function of whether i < j.
PAIRWISE_TIES = ("duchi", "half", "error")


def _check_preference_weights(weights, n: int, batch: int | None) -> np.ndarray:
    """Validate weights of shape (n, n) or (batch, n, n); return float array."""
    w = as_weight_matrix(weights, "weights", batch=batch is not None)
    allowed = [(n, n)] if batch is None else [(n, n), (batch, n, n)]
    if w.shape not in allowed:
        raise ValueError(
            f"weights must have shape {' or '.join(map(str, allowed))} to match "
            f"scores, got {w.shape}"
        )
    return w


def pairwise_disagreement(scores, weights, *, ties="duchi"):
    """Weighted pairwise disagreement between scores and a preference graph, Duchi et al. eq. (10).

    ``weights[i, j] >= 0`` is the weight of the preference "item i above item
    j" (a weighted directed graph).  With scores ``alpha``,

    ``L(alpha, Y) = sum_{i<j} Y_ij 1[alpha_i <= alpha_j] + sum_{i>j} Y_ij 1[alpha_i < alpha_j]``.

    A violated edge costs its weight.  Eq. (10) charges a *tied* edge
    ``i -> j`` only when ``i < j``: a tie is resolved as if the item with the
    larger index were ranked higher, which makes the loss of scores equal to the
    loss of one of the permutations they are consistent with.

    Parameters
    ----------
    scores : array_like of float, shape (n,) or (q, n)
        Scores ``alpha`` (higher is ranked higher), for one query or a batch.
        A permutation ``sigma`` (position 0 on top) is passed as ``-sigma``.
    weights : array_like of float, shape (n, n) or (q, n, n)
        Non-negative edge weights with a zero diagonal; with a batch of scores,
        one graph per query or one graph shared by all.
    ties : {"duchi", "half", "error"}, default "duchi"
        Cost of an edge whose two items tie: eq. (10) as above; half its weight;
        or its full weight.

    Returns
    -------
    float or ndarray of shape (q,)
        The weighted number of violated edges (not normalised).

    Raises
    ------
    ValueError
        If shapes disagree, an entry is NaN/inf, a weight is negative, the
        diagonal is not zero, ``ties`` is unknown, or there are more than
        :data:`MAX_PAIR_ENTRIES` pairs ``q * n * n``.
    TypeError
        If an input is not numeric.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (10); the draft "The problem of
    ranking" (seed 000), weighted pairwise disagreement.

    Examples
    --------
    >>> Y = [[0, 2, 0], [0, 0, 1], [0, 0, 0]]      # 0 above 1 (weight 2), 1 above 2
    >>> pairwise_disagreement([3.0, 2.0, 1.0], Y)   # agrees with both edges
    0.0
    >>> pairwise_disagreement([1.0, 2.0, 3.0], Y)   # violates both
    3.0
    >>> pairwise_disagreement([1.0, 1.0, 0.0], Y)   # 0 and 1 tie; edge 0 -> 1 (0 < 1) costs
    2.0
    >>> pairwise_disagreement([1.0, 1.0, 0.0], Y, ties="half")
    1.0
    """
    tie_rule = check_choice(ties, "ties", PAIRWISE_TIES)
    s, batched = as_query_array(scores, "scores")
    batch = s.shape[0] if batched else None
    n = s.shape[1]
    if s.shape[0] * n * n > MAX_PAIR_ENTRIES:
        raise ValueError(
            f"scores has {s.shape[0]} queries of {n} items, "
            f"{s.shape[0] * n * n} pairs; at most MAX_PAIR_ENTRIES = "
            f"{MAX_PAIR_ENTRIES} are supported"
        )
    w = _check_preference_weights(weights, n, batch)
    diff = s[:, :, None] - s[:, None, :]  # alpha_i - alpha_j
    if tie_rule == "duchi":
        tie_cost = np.triu(np.ones((n, n)), k=1)  # i < j
    else:
        tie_cost = np.full((n, n), 0.5 if tie_rule == "half" else 1.0)
    cost = (diff < 0) + (diff == 0) * tie_cost
    with np.errstate(over="ignore"):  # reported below, naming weights
        total = np.einsum("qij,qij->q", np.broadcast_to(w, cost.shape), cost)
    if not np.isfinite(total).all():
        raise ValueError("weights are too large: their sum overflows to infinity")
    return float(total[0]) if batch is None else total


def emphasis_uniform(n):
    """Emphasis matrix of the plain pairwise misranking: ``omega(i, j) = 1`` for ``i != j``.

    Parameters
    ----------
    n : int
        Number of positions, ``2 <= n <= MAX_ITEMS``.

    Returns
    -------
    ndarray of shape (n, n)
        ``W[i - 1, j - 1] = omega(i, j)`` for 1-based positions ``i, j``.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``[2, MAX_ITEMS]``.

    References
    ----------
    Mohri et al. (2018), section 10.6.4.

    Examples
    --------
    >>> emphasis_uniform(3)
    array([[0., 1., 1.],
           [1., 0., 1.],
           [1., 1., 0.]])
    """
    n = check_int(n, "n", minimum=2, maximum=MAX_ITEMS)
    return 1.0 - np.eye(n)


def emphasis_top_k(n, k):
    """Emphasis on the top ``k`` positions: ``omega(i, j) = 1[(i <= k or j <= k) and i != j]``.

    Parameters
    ----------
    n : int
        Number of positions, ``2 <= n <= MAX_ITEMS``.
    k : int
        Size of the emphasised top, ``1 <= k <= n``.

    Returns
    -------
    ndarray of shape (n, n)
        ``W[i - 1, j - 1] = omega(i, j)``: pairs below position ``k`` cost nothing.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is outside ``[2, MAX_ITEMS]`` or ``k`` is outside ``[1, n]``.

    References
    ----------
    Mohri et al. (2018), section 10.6.4.

    Examples
    --------
    >>> emphasis_top_k(4, 1)
    array([[0., 1., 1., 1.],
           [1., 0., 0., 0.],
           [1., 0., 0., 0.],
           [1., 0., 0., 0.]])
    """
    n = check_int(n, "n", minimum=2, maximum=MAX_ITEMS)
    k = check_int(k, "k", minimum=1, maximum=n)
    top = np.arange(1, n + 1) <= k
    return ((top[:, None] | top[None, :]) & ~np.eye(n, dtype=bool)).astype(float)


def emphasis_bipartite(n_pos, n_neg):
    """Emphasis of bipartite ranking, under which ``L_omega`` equals ``1 - AUC``.

    With the ``n_pos`` positives in the target's top positions, ``omega(i, j)``
    is ``n (n - 1) / (2 n_pos n_neg)`` when exactly one of the positions ``i, j``
    is ``<= n_pos`` (a positive-negative pair) and 0 otherwise.  Mohri et al.
    (section 10.6.4) state the constant alone; without the restriction to
    positive-negative pairs the loss also charges the (arbitrary) order of the
    target within each class, and is not ``1 - AUC``.

    Parameters
    ----------
    n_pos, n_neg : int
        Numbers of positive and negative items, each at least 1, with
        ``n_pos + n_neg <= MAX_ITEMS``.

    Returns
    -------
    ndarray of shape (n, n), n = n_pos + n_neg
        ``W[i - 1, j - 1] = omega(i, j)``.

    Raises
    ------
    ValueError, TypeError
        If a count is not an integer >= 1, or their sum exceeds ``MAX_ITEMS``.

    References
    ----------
    Mohri et al. (2018), section 10.6.4 (the bipartite choice of omega).

    Examples
    --------
    >>> emphasis_bipartite(1, 2)
    array([[0. , 1.5, 1.5],
           [1.5, 0. , 0. ],
           [1.5, 0. , 0. ]])
    """
    n_pos = check_int(n_pos, "n_pos", minimum=1, maximum=MAX_ITEMS - 1)
    n_neg = check_int(n_neg, "n_neg", minimum=1, maximum=MAX_ITEMS - n_pos)
    n = n_pos + n_neg
    positive = np.arange(1, n + 1) <= n_pos
    straddles = positive[:, None] != positive[None, :]
    return straddles * (n * (n - 1) / (2.0 * n_pos * n_neg))


def emphasis_matrix(omega, n):
    """An emphasis function as a validated (n, n) matrix of its values.

    Parameters
    ----------
    omega : array_like of shape (n, n) or callable
        ``W[i - 1, j - 1] = omega(i, j)`` for 1-based positions, or a callable
        ``omega(i, j)`` evaluated on arrays of 1-based positions.
    n : int
        Number of positions, ``2 <= n <= MAX_ITEMS``.

    Returns
    -------
    ndarray of shape (n, n)
        The values ``omega(i, j)``.

    Raises
    ------
    ValueError
        If the shape is not (n, n), a value is negative or not finite, or ``n`` is
        outside ``[2, MAX_ITEMS]``.
    TypeError
        If ``omega`` is neither numeric nor callable, holds complex values, raises when
        called, or ``n`` is not an integer.

    References
    ----------
    Mohri et al. (2018), section 10.6.4.

    Examples
    --------
    >>> emphasis_matrix(lambda i, j: (i != j) * 1.0, 3)
    array([[0., 1., 1.],
           [1., 0., 1.],
           [1., 1., 0.]])
    """
    n = check_int(n, "n", minimum=2, maximum=MAX_ITEMS)
    if callable(omega):
        i, j = np.meshgrid(np.arange(1, n + 1), np.arange(1, n + 1), indexing="ij")
        try:
            values = omega(i, j)
        except Exception as exc:  # whatever the user's function raises
            raise TypeError(
                f"omega could not be evaluated on arrays of 1-based positions: "
                f"{type(exc).__name__}: {exc}"
            ) from None
        values = check_array(values, "omega", allow_empty=True, finite=False)
        if values.shape != (n, n):
            raise ValueError(f"omega(i, j) must broadcast to shape ({n}, {n}), got {values.shape}")
    else:
        if isinstance(omega, (str, bytes)) or omega is None:
            raise TypeError(
                f"omega must be a callable or a numeric (n, n) array, got {type(omega).__name__}"
            )
        values = check_array(omega, "omega", shape=(n, n), finite=False)
    if not np.isfinite(values).all() or (values < 0).any():
        raise ValueError("omega must have finite, non-negative values")
    return values


def emphasis_axioms(omega):
    """Which of Mohri et al.'s three axioms an emphasis function satisfies.

    Parameters
    ----------
    omega : array_like of shape (n, n)
        ``W[i - 1, j - 1] = omega(i, j)`` for 1-based positions, as returned by the
        ``emphasis_*`` functions.

    Returns
    -------
    dict of str to bool
        ``"symmetry"``: ``omega(i, j) = omega(j, i)``; ``"monotonicity"``:
        ``omega(i, j) <= omega(i, k)`` whenever ``i < j < k`` or ``i > j > k``;
        ``"triangle inequality"``: ``omega(i, j) <= omega(i, k) + omega(k, j)``
        for all distinct ``i, j, k``.

    Raises
    ------
    ValueError, TypeError
        If ``omega`` is not a square array of finite non-negative numbers over
        ``2 <= n <= MAX_AXIOM_ITEMS`` positions.

    References
    ----------
    Mohri et al. (2018), section 10.6.4.

    Examples
    --------
    >>> emphasis_axioms(emphasis_top_k(5, 2))
    {'symmetry': True, 'monotonicity': True, 'triangle inequality': True}
    >>> no_triangle = np.array([[0., 1., 3.], [1., 0., 1.], [3., 1., 0.]])
    >>> emphasis_axioms(no_triangle)["triangle inequality"]
    False
    """
    w = check_array(omega, "omega", ndim=2, square=True, finite=False)
    if w.shape[0] < 2:
        raise ValueError(f"omega must compare at least 2 positions, got shape {w.shape}")
    if w.shape[0] > MAX_AXIOM_ITEMS:
        raise ValueError(
            f"omega has {w.shape[0]} positions; emphasis_axioms compares all "
            f"triples and supports at most MAX_AXIOM_ITEMS = {MAX_AXIOM_ITEMS}"
        )
    w = emphasis_matrix(w, w.shape[0])
    n = w.shape[0]
    i, j, k = np.meshgrid(np.arange(n), np.arange(n), np.arange(n), indexing="ij")
    ordered = ((i < j) & (j < k)) | ((i > j) & (j > k))
    distinct = (i != j) & (j != k) & (i != k)
    tol = 1e-12
    return {
        "symmetry": bool(np.allclose(w, w.T, rtol=0, atol=tol)),
        "monotonicity": bool(np.all(w[i, j][ordered] <= w[i, k][ordered] + tol)),
        "triangle inequality": bool(
            np.all(w[i, j][distinct] <= w[i, k][distinct] + w[k, j][distinct] + tol)
        ),
    }


def weighted_disagreement_L_omega(sigma, sigma_star, omega):
    """Weighted disagreement ``L_omega`` between two permutations, Mohri et al. eq. (10.36).

    ``L_omega(sigma, sigma*) = 2 / (n (n - 1)) sum_{u != v} omega(sigma*(v), sigma*(u))
    1[sigma(u) < sigma(v)] 1[sigma*(v) < sigma*(u)]``: every pair that ``sigma``
    orders against ``sigma*`` costs the emphasis of the two positions the pair
    holds in ``sigma*`` (1-based, as in the book).

    Parameters
    ----------
    sigma, sigma_star : array_like of int, shape (n,)
        Permutations (``sigma[i]`` is the 0-based position of item ``i``): the
        ranking judged and the target.  ``n >= 2``.
    omega : array_like of shape (n, n) or callable
        The emphasis function: an array with ``W[i - 1, j - 1] = omega(i, j)``
        (see :func:`emphasis_uniform`, :func:`emphasis_top_k`,
        :func:`emphasis_bipartite`) or a callable ``omega(i, j)`` evaluated on
        arrays of 1-based positions.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If a permutation is invalid, the lengths differ, ``n`` is outside
        ``[2, MAX_ITEMS]``, or ``omega``
        has the wrong shape or negative or non-finite values.
    TypeError
        If ``omega`` is neither numeric nor callable.

    References
    ----------
    Mohri et al. (2018), eq. (10.36); with ``emphasis_uniform`` it is eq. (10.23).

    Examples
    --------
    >>> sigma_star = [0, 1, 2]                 # item 0 on top, then 1, then 2
    >>> weighted_disagreement_L_omega([0, 1, 2], sigma_star, emphasis_uniform(3))
    0.0
    >>> weighted_disagreement_L_omega([2, 1, 0], sigma_star, emphasis_uniform(3))   # all 3 pairs
    1.0
    >>> weighted_disagreement_L_omega([1, 0, 2], sigma_star, emphasis_top_k(3, 1))  # 1 of 3 pairs
    0.3333333333333333
    """
    sigma = as_permutation(sigma, "sigma")
    sigma_star = as_permutation(sigma_star, "sigma_star")
    check_same_length(sigma, sigma_star, "sigma", "sigma_star")
    n = sigma.size
    if n < 2:
        raise ValueError("sigma must rank at least 2 items")
    if n > MAX_ITEMS:
        raise ValueError(f"sigma ranks {n} items; at most MAX_ITEMS = {MAX_ITEMS} are supported")
    w = emphasis_matrix(omega, n)
    # pair (u, v) counts when sigma puts u above v and sigma* puts v above u
    disagree = (sigma[:, None] < sigma[None, :]) & (sigma_star[None, :] < sigma_star[:, None])
    weight = w[sigma_star[None, :], sigma_star[:, None]]  # omega(sigma*(v)+1, sigma*(u)+1)
    with np.errstate(over="ignore"):  # reported below, naming omega
        loss = float(2.0 / (n * (n - 1)) * np.sum(weight * disagree))
    if not np.isfinite(loss):
        raise ValueError("omega's values are too large: the loss overflows to infinity")
    return loss


def discordant_pairs(sigma, sigma_star, among=None):
    """The number of pairs of items that two permutations order differently.

    A pair ``{u, v}`` is discordant when ``sigma`` puts ``u`` above ``v`` and
    ``sigma_star`` puts ``v`` above ``u``.  With ``among``, only the pairs with
    ``among[u, v]`` true count (e.g. the pairs of items of the same class).  With
    every pair counted this is the Kendall distance: ``n (n - 1) / 2`` times
    ``L_omega`` with the uniform emphasis.

    Parameters
    ----------
    sigma, sigma_star : array_like of int, shape (n,)
        Permutations (``sigma[i]`` is the 0-based position of item ``i``).
    among : array_like of bool, shape (n, n), optional
        Which pairs may count, symmetric (``among[u, v] == among[v, u]``); by
        default every pair.

    Returns
    -------
    int

    Raises
    ------
    ValueError, TypeError
        If a permutation is invalid, the lengths differ, ``n > MAX_ITEMS``, or
        ``among`` is not a symmetric boolean matrix of shape (n, n).

    References
    ----------
    Mohri et al. (2018), eqs. (10.23) and (10.36), section 10.6.4.

    Examples
    --------
    >>> discordant_pairs([0, 1, 2], [2, 1, 0])        # reversed: all three pairs
    3
    >>> same_class = np.array([[1, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=bool)
    >>> discordant_pairs([0, 1, 2], [1, 0, 2], among=same_class)   # items 0 and 1 swap
    1
    """
    sigma = as_permutation(sigma, "sigma")
    sigma_star = as_permutation(sigma_star, "sigma_star")
    check_same_length(sigma, sigma_star, "sigma", "sigma_star")
    n = sigma.size
    if n > MAX_ITEMS:
        raise ValueError(f"sigma ranks {n} items; at most MAX_ITEMS = {MAX_ITEMS} are supported")
    disagree = (sigma[:, None] < sigma[None, :]) & (sigma_star[None, :] < sigma_star[:, None])
    if among is not None:
        mask = check_array(among, "among", shape=(n, n), dtype="bool")
        if not np.array_equal(mask, mask.T):
            raise ValueError("among must be symmetric: a pair counts or not whatever its order")
        disagree &= mask
    return int(disagree.sum())
