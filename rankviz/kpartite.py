"""k-partite targets for the weighted loss ``L_omega`` (Mohri et al., exercise 10.10).

In a k-partite ranking problem the items fall into ``k`` ordered parts
(relevance grades): every item of a better part should be ranked above every
item of a worse part, and the order inside a part does not matter.  The natural
loss of a ranking is the share of *cross pairs* (two items of different parts)
that it orders the wrong way round; for ``k = 2`` it is ``1 - AUC``.

Mohri et al. (section 10.6.4) measure rankings against a target *permutation*
``sigma*`` with the weighted loss ``L_omega`` of eq. (10.36), whose weight
``omega(i, j)`` depends only on the two positions a pair holds in ``sigma*``.
Exercise 10.10 asks for the ``omega`` under which ``L_omega`` is the k-partite
loss.  Put the parts on top of each other in ``sigma*`` (the best part on top,
any order inside a part): each part then occupies a block of consecutive
positions, and

    omega(i, j) = c * 1[positions i and j lie in different blocks],
    c = n (n - 1) / (2 * number of cross pairs),

charges exactly the misordered cross pairs, with the normalisation that turns
their count into a share.  It satisfies the book's three axioms (symmetry,
monotonicity, triangle inequality): blocks are intervals, so a position
farther away from ``i`` than ``j`` is in another block whenever ``j`` is, and of
two positions in different blocks at least one differs from any third.

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, section 10.6.4, eq. (10.36) and exercise 10.10
(seed ``004_e87a518ae3e4601f.txt``).
"""

from __future__ import annotations

import numpy as np

from rankviz._validation import check_choice, check_int
from rankviz.permutations import sigma_from_scores

__all__ = ["MAX_ITEMS", "k_partite_emphasis", "k_partite_target"]

#: Largest number of items: the emphasis is an (n, n) matrix.
MAX_ITEMS = 5000


def _check_normalization(normalization) -> str:
    return check_choice(normalization, "normalization", ("cross", "pairs"))


def k_partite_emphasis(part_sizes, *, normalization="cross"):
    """The emphasis function ``omega`` of a k-partite target (Mohri et al., exercise 10.10).

    The target puts the ``k`` parts in consecutive blocks of positions, the
    first part (``part_sizes[0]`` items) on top.  ``omega(i, j)`` is a constant
    ``c`` when the 1-based positions ``i`` and ``j`` lie in different blocks and 0
    otherwise, so that ``L_omega`` charges exactly the cross pairs a ranking
    misorders.  For ``k = 2`` it is :func:`rankviz.metrics.emphasis_bipartite`.

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
        raise TypeError(f"part_sizes must be a sequence of integers, "
                        f"got {type(part_sizes).__name__}")
    sizes = [check_int(size, f"part_sizes[{index}]", minimum=1)
             for index, size in enumerate(part_sizes)]
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
    if isinstance(grades, (str, bytes)):
        raise TypeError("grades must be an array of integers, got a string")
    arr = np.asarray(grades)
    if arr.size == 0:
        raise ValueError("grades is empty: it must contain at least two distinct values")
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.integer) or arr.dtype == np.bool_):
        raise TypeError(f"grades must be an array of integers, got dtype {arr.dtype}")
    if arr.ndim != 1:
        raise ValueError(f"grades must be 1-D, got an array of shape {arr.shape}")
    if arr.size > MAX_ITEMS:
        raise ValueError(f"grades must have at most {MAX_ITEMS} items, got {arr.size}")
    values, sizes = np.unique(arr.astype(np.int64), return_counts=True)
    if values.size < 2:
        raise ValueError("grades must contain at least two distinct values (two parts)")
    _check_normalization(normalization)
    sigma_star = sigma_from_scores(arr.astype(float))
    omega = k_partite_emphasis([int(s) for s in sizes[::-1]], normalization=normalization)
    return sigma_star, omega
