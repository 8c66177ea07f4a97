"""Additive scores on the xor problem: how many of its pairs a sum of one-feature terms orders.

A sum of one-feature stumps, such as RankBoost's output with stumps, is an *additive* score
g(x) = g_1(x_0) + g_2(x_1).  On the xor problem the two coordinates x_0, x_1 are independent,
each uniform on (-1, 1), and a point is positive when x_0 x_1 > 0 (quadrants 1 and 3) and
negative otherwise (quadrants 2 and 4).  Each quadrant has probability 1/4, so the share of the
population's (positive, negative) pairs that g orders strictly (a tie counts as an error) is
the mean of four terms,

    A(g) = [T_1 + T_2 + T_3 + T_4] / 4,
    T_1 = P(g(Q1) > g(Q4)),  T_2 = P(g(Q1) > g(Q2)),
    T_3 = P(g(Q3) > g(Q4)),  T_4 = P(g(Q3) > g(Q2)),

with g(Qq) the score of an independent point drawn in quadrant q.  Chapter 03 (exercise 5)
proves T_2 + T_3 <= 3/2 and T_1 + T_4 <= 3/2, hence A(g) <= 3/4: no additive score ranks xor
perfectly, although some order more than half of the pairs.

For step functions g_1, g_2 on 2k equal cells of (-1, 1) (k on each side of 0), every term is
an exact count over pairs of cells, which :func:`additive_xor_terms` computes for a whole batch
of step functions at once.

Public names
------------
:func:`additive_xor_terms`, :func:`additive_xor_share`, :func:`additive_score`.
"""

from __future__ import annotations

import numpy as np

from rankviz._validation import as_feature_matrix, check_array

__all__ = ["additive_score", "additive_xor_share", "additive_xor_terms"]

MAX_COMPARISONS = 50_000_000  # cell comparisons one call may make (a few hundred MB of booleans)


def _check_steps(g1, g2) -> tuple[np.ndarray, np.ndarray]:
    g1 = check_array(g1, "g1", max_size=10**7)
    g2 = check_array(g2, "g2", max_size=10**7)
    for name, g in (("g1", g1), ("g2", g2)):
        if g.ndim == 0:
            raise ValueError(f"{name} must list the values of a step function, got a scalar")
        cells = g.shape[-1]
        if cells < 2 or cells % 2:
            raise ValueError(
                f"{name} must have an even number (at least 2) of cell values along "
                f"its last axis, k below 0 and k above, got {cells}"
            )
    if g1.shape[-1] != g2.shape[-1]:
        raise ValueError(
            f"g1 and g2 must have the same number of cells, got {g1.shape[-1]} and {g2.shape[-1]}"
        )
    try:
        batch = np.broadcast_shapes(g1.shape[:-1], g2.shape[:-1])
    except ValueError:
        raise ValueError(
            f"g1 and g2 must have broadcastable leading shapes, got {g1.shape} and {g2.shape}"
        ) from None
    k = g1.shape[-1] // 2
    if int(np.prod(batch, dtype=np.int64)) * k**4 > MAX_COMPARISONS:
        raise ValueError(
            f"g1 and g2 ask for {int(np.prod(batch, dtype=np.int64)) * k**4:,} "
            f"cell comparisons per term; at most {MAX_COMPARISONS:,} are supported"
        )
    return np.broadcast_to(g1, (*batch, 2 * k)), np.broadcast_to(g2, (*batch, 2 * k))


def _cell_sums(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Scores of all cells of a quadrant: first[i] + second[j], flattened over (i, j)."""
    return (first[..., :, None] + second[..., None, :]).reshape(*first.shape[:-1], -1)


def _share_ordered(pos: np.ndarray, neg: np.ndarray) -> np.ndarray:
    """P(score of a random positive cell > score of a random negative cell)."""
    return (pos[..., :, None] > neg[..., None, :]).mean(axis=(-2, -1))


def additive_xor_terms(g1, g2) -> np.ndarray:
    """The four terms of the share of xor pairs that an additive step score orders.

    With x_0, x_1 independent and uniform on (-1, 1), positives in quadrants 1 and 3
    (x_0 x_1 > 0) and negatives in quadrants 2 and 4, the score
    g(x) = g_1(x_0) + g_2(x_1) orders the share A(g) = mean of the four terms of the
    population's (positive, negative) pairs; a tie counts as an error.

    Parameters
    ----------
    g1, g2 : array_like, shape (..., 2k)
        The values of the step functions g_1 and g_2 on 2k equal cells of (-1, 1), from left to
        right: the first k cells lie below 0, the last k above.  Leading axes hold a batch of
        step functions (they are broadcast against each other).

    Returns
    -------
    numpy.ndarray, shape (..., 4)
        ``[T_1, T_2, T_3, T_4]``: the probabilities that a positive of quadrant 1 beats a
        negative of quadrant 4, quadrant 1 beats quadrant 2, quadrant 3 beats quadrant 4,
        quadrant 3 beats quadrant 2, each computed exactly by counting pairs of cells.

    Raises
    ------
    TypeError
        If ``g1`` or ``g2`` holds non-numbers.
    ValueError
        If they are not finite, have an odd or different number of cells, leading shapes that
        do not broadcast, or ask for more than ``MAX_COMPARISONS`` comparisons.

    References
    ----------
    Chapter 03, exercise 5: the proof bounds T_2 + T_3 and T_1 + T_4 by 3/2 each, so
    A(g) <= 3/4.

    Examples
    --------
    >>> terms = additive_xor_terms([5, -2, 7, 6], [-19, 7, 9, 9])
    >>> terms.tolist(), float(terms.mean())
    ([1.0, 1.0, 0.25, 0.125], 0.59375)
    """
    g1, g2 = _check_steps(g1, g2)
    k = g1.shape[-1] // 2
    g1_neg, g1_pos = g1[..., :k], g1[..., k:]
    g2_neg, g2_pos = g2[..., :k], g2[..., k:]
    q1, q3 = _cell_sums(g1_pos, g2_pos), _cell_sums(g1_neg, g2_neg)  # positives: x_0 x_1 > 0
    q4, q2 = _cell_sums(g1_pos, g2_neg), _cell_sums(g1_neg, g2_pos)  # negatives: x_0 x_1 < 0
    return np.stack(
        [
            _share_ordered(q1, q4),
            _share_ordered(q1, q2),
            _share_ordered(q3, q4),
            _share_ordered(q3, q2),
        ],
        axis=-1,
    )


def additive_xor_share(g1, g2) -> float:
    """The share of the xor population's (positive, negative) pairs that g_1(x_0) + g_2(x_1) orders.

    Parameters
    ----------
    g1, g2 : array_like, shape (2k,)
        The values of the step functions on 2k equal cells of (-1, 1), from left to right.

    Returns
    -------
    float
        The exact share A(g) (ties count as errors), the mean of :func:`additive_xor_terms`.

    Raises
    ------
    TypeError
        If ``g1`` or ``g2`` holds non-numbers.
    ValueError
        If they are not flat lists of finite numbers with the same even number of cells.

    References
    ----------
    Chapter 03, exercise 5: always at most 3/4; 19/32 for the example below.

    Examples
    --------
    >>> additive_xor_share([5, -2, 7, 6], [-19, 7, 9, 9])
    0.59375
    >>> additive_xor_share([0, 0], [0, 0])  # a constant score ties every pair
    0.0
    """
    g1 = check_array(g1, "g1", ndim=1, max_size=10**4)
    g2 = check_array(g2, "g2", ndim=1, max_size=10**4)
    return float(additive_xor_terms(g1, g2).mean())


def additive_score(X, g1, g2) -> np.ndarray:
    """Evaluate g(x) = g_1(x_0) + g_2(x_1) for step functions on equal cells of (-1, 1).

    Parameters
    ----------
    X : array_like, shape (N, 2)
        Points with both coordinates in [-1, 1].
    g1, g2 : array_like, shape (2k,)
        The values of the step functions on 2k equal cells of (-1, 1), from left to right
        (a point on a cell boundary goes to the cell on its right; 1 goes to the last cell).

    Returns
    -------
    numpy.ndarray, shape (N,)
        The scores.

    Raises
    ------
    TypeError
        If an argument holds non-numbers.
    ValueError
        If ``X`` has not two columns or a coordinate outside [-1, 1], or ``g1``, ``g2`` are
        not flat lists of finite numbers with the same even number of cells.

    Examples
    --------
    >>> additive_score([[-0.9, 0.2], [0.6, -0.1]], [5, -2, 7, 6], [-19, 7, 9, 9])
    array([14., 13.])
    """
    X = as_feature_matrix(X, "X", n_features=2)
    if np.any(np.abs(X) > 1):
        raise ValueError("X must have both coordinates in [-1, 1]")
    g1 = check_array(g1, "g1", ndim=1, max_size=10**6)
    g2 = check_array(g2, "g2", ndim=1, max_size=10**6)
    _check_steps(g1, g2)
    cells = g1.size
    index = np.minimum(np.floor((X + 1) * cells / 2), cells - 1).astype(int)
    return g1[index[:, 0]] + g2[index[:, 1]]
