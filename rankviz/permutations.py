"""One convention for rankings, used by every chapter.

* A **permutation** ``sigma`` is an integer array with ``sigma[i]`` the
  position of item ``i``, 0-based: position 0 is the top.
* An **order** is its inverse: ``order[r]`` is the item at position ``r``.
* **Scores** become a permutation by sorting in decreasing order (higher score,
  higher place).  Ties are broken by item index, the smaller index first; the
  functions that care about ties say so and let you choose.

Formulas of the sources written with 1-based positions add 1 to ``sigma``.

References
----------
Mohri et al. (2018), section 10.6 (permutations ``sigma`` of a query set);
Duchi, Mackey and Jordan (2013), section 2 (scores ``alpha`` inducing orders).
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from rankviz._validation import (
    as_float_vector,
    check_array,
    check_int,
    check_permutation_rows,
    check_real,
    check_text,
    is_bool,
)

__all__ = [
    "MAX_ENUMERATION",
    "MAX_TIE_ORDERS",
    "MAX_WEAK_ORDER_ITEMS",
    "all_permutations",
    "as_permutation",
    "format_order",
    "mean_over_tie_orders",
    "merge_near_ties",
    "order_from_sigma",
    "sigma_from_order",
    "sigma_from_scores",
    "tie_consistent_rankings",
    "weak_orders",
]

#: Largest n for which :func:`all_permutations` enumerates S_n (9! = 362,880 rows).
MAX_ENUMERATION = 9
#: Largest n for which :func:`weak_orders` enumerates the tie patterns (47,293 rows for n = 7).
MAX_WEAK_ORDER_ITEMS = 7
#: Most rankings :func:`tie_consistent_rankings` lists in one call (all rows together).
MAX_TIE_ORDERS = 10**6


def _holds_booleans(values) -> bool:
    if isinstance(values, np.ndarray):
        return values.dtype == np.bool_
    return isinstance(values, (list, tuple)) and any(is_bool(v) for v in values)


def as_permutation(sigma, name: str = "sigma") -> np.ndarray:
    """Validate a permutation of ``0, ..., n-1`` and return it as an int64 array.

    Parameters
    ----------
    sigma : array_like of int, shape (n,)
        ``sigma[i]`` is the 0-based position of item ``i``.
    name : str, default "sigma"
        Argument name used in error messages.

    Returns
    -------
    ndarray of int64, shape (n,)

    Raises
    ------
    TypeError
        If the entries are not integers (integral floats such as ``2.0`` are accepted;
        booleans, strings and complex numbers are not), or ``name`` is not a string.
    ValueError
        If ``sigma`` is not 1-D, is empty, holds NaN, or is not a permutation of
        ``0, ..., n-1``.

    Examples
    --------
    >>> as_permutation([2, 0, 1])
    array([2, 0, 1])
    >>> as_permutation([1, 1, 0])
    Traceback (most recent call last):
        ...
    ValueError: sigma must be a permutation of 0, ..., 2 (each position once); got [1 1 0]
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a string (the argument's name), got {type(name).__name__}")
    if _holds_booleans(sigma):  # check_array would read True/False as the positions 1/0
        raise TypeError(f"{name} must contain integer positions, got booleans")
    arr = check_array(sigma, name, ndim=1, dtype="int")
    return check_permutation_rows(arr, name)


def order_from_sigma(sigma) -> np.ndarray:
    """The order (item at each position) of a permutation.

    Parameters
    ----------
    sigma : array_like of int, shape (n,)
        ``sigma[i]`` is the position of item ``i``.

    Returns
    -------
    ndarray of int64, shape (n,)
        ``order[r]`` is the item at position ``r``; ``order[sigma[i]] == i``.

    Raises
    ------
    ValueError, TypeError
        As :func:`as_permutation`.

    Examples
    --------
    >>> order_from_sigma([2, 0, 1])   # item 1 on top, then item 2, then item 0
    array([1, 2, 0])
    """
    sigma = as_permutation(sigma)
    order = np.empty_like(sigma)
    order[sigma] = np.arange(sigma.size)
    return order


def sigma_from_order(order) -> np.ndarray:
    """The permutation of an order: the inverse of :func:`order_from_sigma`.

    Parameters
    ----------
    order : array_like of int, shape (n,)
        ``order[r]`` is the item at position ``r``.

    Returns
    -------
    ndarray of int64, shape (n,)
        ``sigma[i]`` is the position of item ``i``.

    Raises
    ------
    ValueError, TypeError
        If ``order`` is not a permutation of ``0, ..., n-1``.

    Examples
    --------
    >>> sigma_from_order([1, 2, 0])
    array([2, 0, 1])
    """
    order = as_permutation(order, "order")
    sigma = np.empty_like(order)
    sigma[order] = np.arange(order.size)
    return sigma


def sigma_from_scores(scores) -> np.ndarray:
    """Rank items by decreasing score; ties go to the smaller item index.

    Parameters
    ----------
    scores : array_like of float, shape (n,)
        Finite scores; higher is better.

    Returns
    -------
    ndarray of int64, shape (n,)
        ``sigma[i]`` is the 0-based position of item ``i``.

    Raises
    ------
    ValueError, TypeError
        If ``scores`` is empty, not 1-D, not numeric or not finite.

    Examples
    --------
    >>> sigma_from_scores([0.2, 0.9, 0.5])
    array([2, 0, 1])
    >>> sigma_from_scores([1.0, 3.0, 1.0])   # the tie between items 0 and 2 goes to item 0
    array([1, 0, 2])
    """
    scores = as_float_vector(scores, "scores")
    order = np.argsort(-scores, kind="stable")
    sigma = np.empty(scores.size, dtype=np.int64)
    sigma[order] = np.arange(scores.size)
    return sigma


def merge_near_ties(scores, atol=1e-9) -> np.ndarray:
    """Make scores that are equal up to rounding exactly equal.

    Two scores that are equal in exact arithmetic but computed along different
    paths (sums in another order, an iterative solver stopped at its tolerance)
    usually differ in their last digits, and then every comparison, sort or
    Kendall tau decides the tie by rounding noise: on another CPU or library
    version it may go the other way.  This function sorts the scores, starts a
    new group wherever two neighbours differ by more than ``atol``, and gives
    every score the smallest value of its group.  A chain of neighbours each
    within ``atol`` of the next forms one group.

    Parameters
    ----------
    scores : array_like of float, shape (n,)
        Finite scores.
    atol : float, default 1e-9
        Largest difference still counted as a tie; >= 0.  Choose it far above
        the rounding or solver error of the scores and far below any difference
        that matters.

    Returns
    -------
    ndarray of float64, shape (n,)
        The scores, with each group of near-ties set to one value.

    Raises
    ------
    ValueError, TypeError
        If ``scores`` is empty, not 1-D, not numeric or not finite, or ``atol``
        is negative or not a real number.

    Examples
    --------
    >>> scores = [0.1 + 0.2, 0.3, 0.5]          # 0.30000000000000004 and 0.3
    >>> bool(scores[0] > scores[1])
    True
    >>> merged = merge_near_ties(scores)
    >>> bool(merged[0] == merged[1]), merged[2].item()
    (True, 0.5)
    """
    scores = as_float_vector(scores, "scores")
    atol = check_real(atol, "atol", nonnegative=True)
    order = np.argsort(scores, kind="stable")
    ascending = scores[order]
    starts = np.r_[True, np.diff(ascending) > atol]
    first_of_group = np.maximum.accumulate(np.where(starts, np.arange(scores.size), 0))
    merged = np.empty_like(scores)
    merged[order] = ascending[first_of_group]
    return merged


def all_permutations(n) -> np.ndarray:
    """Every permutation of ``n`` items, as rows ``sigma`` in lexicographic order.

    Parameters
    ----------
    n : int
        Number of items, ``1 <= n <= MAX_ENUMERATION`` (9! = 362,880 rows).

    Returns
    -------
    ndarray of int64, shape (n!, n)
        Row ``k`` is a permutation ``sigma`` (position of each item).

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``[1, MAX_ENUMERATION]``.

    Examples
    --------
    >>> all_permutations(3)
    array([[0, 1, 2],
           [0, 2, 1],
           [1, 0, 2],
           [1, 2, 0],
           [2, 0, 1],
           [2, 1, 0]])
    """
    n = check_int(n, "n", minimum=1, maximum=MAX_ENUMERATION)
    out = np.fromiter(
        itertools.chain.from_iterable(itertools.permutations(range(n))),
        dtype=np.int64,
        count=math.factorial(n) * n,
    )
    return out.reshape(math.factorial(n), n)


def weak_orders(n) -> np.ndarray:
    """Every tie pattern of ``n`` items (every weak order), as score vectors.

    A weak order ranks the items into levels, several items sharing a level when
    they tie.  Row ``w`` gives each item its level as a score: the levels used are
    ``0, 1, ..., L - 1`` for some ``L`` (higher is ranked higher), so two rows are
    different tie patterns.  There are 1, 3, 13, 75, 541, 4683, 47293 of them for
    ``n = 1, ..., 7`` (the ordered Bell, or Fubini, numbers).  Renaming the items
    maps the set of rows onto itself.

    Parameters
    ----------
    n : int
        Number of items, ``1 <= n <= MAX_WEAK_ORDER_ITEMS``.

    Returns
    -------
    ndarray of float64, shape (number of weak orders, n)
        One score vector per tie pattern, in lexicographic order.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer in ``[1, MAX_WEAK_ORDER_ITEMS]``.

    Examples
    --------
    >>> weak_orders(2)      # 0 and 1 tied, 1 above 0, 0 above 1
    array([[0., 0.],
           [0., 1.],
           [1., 0.]])
    >>> len(weak_orders(5))
    541
    """
    n = check_int(n, "n", minimum=1, maximum=MAX_WEAK_ORDER_ITEMS)
    candidates = np.array(list(itertools.product(range(n), repeat=n)), dtype=np.int64)
    levels_used = (np.eye(n, dtype=bool)[candidates]).any(axis=1).sum(axis=1)
    return candidates[levels_used == candidates.max(axis=1) + 1].astype(float)


def tie_consistent_rankings(scores) -> tuple[np.ndarray, np.ndarray]:
    """Every ranking that puts higher scores above lower ones, tied items in any order.

    A score vector with tie groups of sizes ``g_1, ..., g_L`` is consistent with
    ``g_1! ... g_L!`` rankings; without ties, with exactly one
    (:func:`sigma_from_scores`).

    Parameters
    ----------
    scores : array_like of float, shape (n,) or (q, n)
        Finite scores, one vector or one per row; ``n <= MAX_ENUMERATION``.

    Returns
    -------
    row : ndarray of int64, shape (m,)
        For each ranking listed, the row of ``scores`` it belongs to (all 0 for one
        vector), in increasing order.
    sigma : ndarray of int64, shape (m, n)
        The rankings, as permutations (``sigma[k, i]`` is the position of item i),
        in the order of :func:`all_permutations` within each row.

    Raises
    ------
    ValueError, TypeError
        If ``scores`` is empty, more than 2-D, not numeric or not finite, has more
        than ``MAX_ENUMERATION`` items, or its ties allow more than
        ``MAX_TIE_ORDERS`` rankings in all.

    Examples
    --------
    >>> row, sigma = tie_consistent_rankings([0.5, 0.9, 0.5])   # items 0 and 2 tie below item 1
    >>> sigma
    array([[1, 0, 2],
           [2, 0, 1]])
    >>> row
    array([0, 0])
    """
    values = check_array(scores, "scores", ndim=(1, 2))
    rows = values.reshape(-1, values.shape[-1])
    n = rows.shape[1]
    if n > MAX_ENUMERATION:
        raise ValueError(
            f"scores has {n} items; tie_consistent_rankings supports at most "
            f"MAX_ENUMERATION = {MAX_ENUMERATION}"
        )
    distinct, inverse = np.unique(rows, axis=0, return_inverse=True)
    every_sigma = all_permutations(n)
    every_order = np.argsort(every_sigma, axis=1)  # the items of each ranking, from the top
    chunk = max(1, 2_000_000 // every_sigma.size)  # rows per block, to bound the memory
    found_rows, found_sigmas = [], []
    for start in range(0, len(distinct), chunk):
        block = distinct[start : start + chunk]
        r, k = np.nonzero(np.all(np.diff(block[:, every_order], axis=2) <= 0, axis=2))
        found_rows.append(r + start)
        found_sigmas.append(every_sigma[k])
    distinct_counts = np.bincount(np.concatenate(found_rows), minlength=len(distinct))
    counts = distinct_counts[inverse.ravel()]
    if counts.sum() > MAX_TIE_ORDERS:
        raise ValueError(
            f"scores: its ties allow {counts.sum()} rankings in all, more than "
            f"MAX_TIE_ORDERS = {MAX_TIE_ORDERS}"
        )
    first = np.cumsum(distinct_counts) - distinct_counts  # where each distinct row's rankings start
    row = np.repeat(np.arange(len(rows)), counts)
    within = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    return row, np.concatenate(found_sigmas)[first[inverse.ravel()][row] + within]


def mean_over_tie_orders(value, scores):
    """The mean of ``value`` over the rankings consistent with the ties of ``scores``.

    This is what a measure "with tied scores averaged over the orders of each tie"
    must return, computed by enumeration: every ranking ``sigma`` consistent with
    the ties (:func:`tie_consistent_rankings`) is passed to ``value`` as the untied
    scores ``-sigma``, and the values are averaged per score vector.

    Parameters
    ----------
    value : callable
        ``value(score_rows, row)`` maps an array of untied score vectors of shape
        ``(m, n)`` to ``m`` finite numbers; ``row[k]`` (shape ``(m,)``) is the row of
        ``scores`` whose ties ranking ``k`` resolves, so that labels can follow
        their score vector (e.g. ``lambda s, row: dcg(y_rows[row], s, 3)``).
    scores : array_like of float, shape (n,) or (q, n)
        Finite scores, possibly tied, as for :func:`tie_consistent_rankings`.

    Returns
    -------
    float or ndarray of float64, shape (q,)
        The mean of ``value`` over the consistent rankings of each score vector.

    Raises
    ------
    ValueError, TypeError
        If ``scores`` is invalid (see :func:`tie_consistent_rankings`), ``value`` is
        not callable, or it does not return one finite number per ranking.

    Examples
    --------
    >>> from rankviz.measures import precision_at_k
    >>> mean_over_tie_orders(lambda s, row: precision_at_k([1, 0, 0], s, 1), [1.0, 1.0, 0.0])
    0.5
    """
    if not callable(value):
        raise TypeError(
            f"value must be callable value(score_rows, row), got {type(value).__name__}"
        )
    row, sigma = tie_consistent_rankings(scores)
    try:
        values = np.asarray(value(-sigma.astype(float), row), dtype=float)
    except (TypeError, ValueError) as error:
        raise ValueError(
            f"value could not be computed on the consistent rankings: {error}"
        ) from error
    if values.shape != (len(row),) or not np.all(np.isfinite(values)):
        raise ValueError(
            f"value must return {len(row)} finite numbers (one per ranking), got "
            f"shape {values.shape}"
        )
    means = np.bincount(row, weights=values) / np.bincount(row)
    return float(means[0]) if np.ndim(scores) == 1 else means


def format_order(order, names=None, *, sep=" ≻ ", tied=None, tie_sep=" = ") -> str:
    """Write an order (the item at each position, top first) as text.

    The one formatter of orders used by the widgets, the chapters' readouts and
    the notebooks: ``[2, 0, 1]`` becomes ``'2 ≻ 0 ≻ 1'``.  An order is the
    inverse of a permutation ``sigma`` (see :func:`order_from_sigma`); it may
    list only some of the items (a top of a list), each at most once.

    Parameters
    ----------
    order : array_like of int, shape (k,)
        Item ids from the top down, distinct and non-negative.
    names : str or sequence of str, optional
        ``names[i]`` is written for item ``i`` (a string gives one character per
        item, e.g. ``"ABC"``); by default the item ids are written.
    sep : str, default " ≻ "
        Written between consecutive positions.
    tied : array_like of bool, shape (k - 1,), optional
        ``tied[r]`` says that the items at positions ``r`` and ``r + 1`` are tied.
        Tied items are written in increasing id (a tie has no order of its own),
        joined by ``tie_sep``.
    tie_sep : str, default " = "
        Written between tied items.

    Returns
    -------
    str

    Raises
    ------
    TypeError
        If ``order`` does not hold integers, ``names`` is not a string or a
        sequence of strings, or ``sep`` / ``tie_sep`` is not a string.
    ValueError
        If ``order`` is not 1-D, is empty, holds a negative or repeated id or an
        id without a name, or ``tied`` has the wrong length.

    Examples
    --------
    >>> format_order([2, 0, 1])
    '2 ≻ 0 ≻ 1'
    >>> format_order(order_from_sigma([2, 0, 1]), "ABC", sep="")
    'BCA'
    >>> format_order([3, 1, 0, 2], tied=[True, False, True])
    '1 = 3 ≻ 0 = 2'
    """
    order = check_array(order, "order", ndim=1, dtype="int", nonnegative=True)
    if np.unique(order).size != order.size:
        raise ValueError(f"order must list each item at most once, got {order}")
    sep = check_text(sep, "sep")
    tie_sep = check_text(tie_sep, "tie_sep")
    if names is None:
        labels = None
    else:
        if not isinstance(names, str):
            try:
                names = list(names)
            except TypeError:
                raise TypeError(
                    f"names must be a string or a sequence of strings, got {type(names).__name__}"
                ) from None
            if not all(isinstance(name, str) for name in names):
                raise TypeError("names must be a string or a sequence of strings")
        if order.max() >= len(names):
            raise ValueError(
                f"order holds item {order.max()}, but names has only {len(names)} entries"
            )
        labels = names
    if tied is None:
        tied = np.zeros(order.size - 1, dtype=bool)
    else:
        tied = check_array(tied, "tied", ndim=1, dtype="bool", allow_empty=True)
        if tied.size != order.size - 1:
            raise ValueError(
                f"tied must have one entry per pair of consecutive positions of "
                f"order ({order.size - 1}), got {tied.size}"
            )
    groups = [[int(order[0])]]
    for item, tie in zip(order[1:], tied, strict=True):
        if tie:
            groups[-1].append(int(item))
        else:
            groups.append([int(item)])
    return sep.join(
        tie_sep.join(str(i) if labels is None else labels[i] for i in sorted(group))
        for group in groups
    )
