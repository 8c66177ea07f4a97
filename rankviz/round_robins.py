"""Round robins: when least squares on log-odds and the BTL maximum likelihood agree (section 5.1).

In a *round robin* every pair of items is compared equally often.  There the Bradley-Terry
maximum likelihood (:func:`rankviz.aggregation.btl_maximum_likelihood`) orders the items by
their total wins (Zermelo, 1929), and least squares (22) on the smoothed log-odds
(:func:`rankviz.aggregation.thurstone_mosteller_scores` on
:func:`rankviz.aggregation.btl_log_odds`) by the row sums of the log-odds, its scores being
``A 1 / m`` under full observation.  The two orders agree when more wins always give a larger
row sum, which depends on the smoothing ``c``, the comparisons per pair and the number of items.

* :func:`all_round_robins` enumerates every round robin of a small size (for Zermelo's
  theorem, searched exhaustively);
* :func:`log_odds_sums_rise_with_wins` decides, over every record of an item against its
  opponents, whether more wins always give a larger sum of log-odds (dynamic programming);
* :func:`disagreeing_round_robin` builds a round robin on which the two estimators order a
  pair of items oppositely, from the records where that monotonicity fails.

References
----------
E. Zermelo, "Die Berechnung der Turnier-Ergebnisse als ein Maximumproblem der
Wahrscheinlichkeitsrechnung", *Mathematische Zeitschrift* 29, 1929; L. R. Ford, "Solution of a
ranking problem from binary comparisons", *American Mathematical Monthly* 64(8), 1957;
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms", *Annals of
Statistics* 41(5), 2013, section 5.1 (seed ``003_78b4dd99621c547a.txt``).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import comb

import networkx as nx
import numpy as np

from rankviz._log_odds import log_odds
from rankviz._validation import check_int, check_log_odds_smoothing
from rankviz.aggregation import MAX_COMPARISONS, MAX_ITEMS

__all__ = [
    "MAX_ROUND_ROBINS",
    "all_round_robins",
    "disagreeing_round_robin",
    "log_odds_sums_rise_with_wins",
]

#: Largest number of records :func:`all_round_robins` enumerates.
MAX_ROUND_ROBINS = 200_000


def all_round_robins(n_items, n_per_pair):
    """Every round robin of ``n_items`` items with ``n_per_pair`` comparisons per pair.

    Parameters
    ----------
    n_items : int
        Number of items, >= 2.
    n_per_pair : int
        Comparisons of each pair, >= 1.

    Returns
    -------
    ndarray of int64, shape (count, n_items, n_items)
        The win counts ``W`` of every round robin (``W + W^T`` is ``n_per_pair`` off
        the diagonal), ``count = (n_per_pair + 1) ** (n_items (n_items - 1) / 2)``,
        in lexicographic order of the upper triangle (row by row).

    Raises
    ------
    TypeError, ValueError
        If an argument is not an integer in range, or ``count`` exceeds
        ``MAX_ROUND_ROBINS``.

    References
    ----------
    Zermelo (1929): in a round robin the maximum likelihood orders by total wins.

    Examples
    --------
    >>> robins = all_round_robins(3, 1)
    >>> len(robins), robins[1].tolist()
    (8, [[0, 0, 0], [1, 0, 1], [1, 0, 0]])
    """
    n = check_int(n_items, "n_items", minimum=2, maximum=MAX_ITEMS)
    k = check_int(n_per_pair, "n_per_pair", minimum=1, maximum=MAX_COMPARISONS)
    upper = np.triu_indices(n, 1)
    n_pairs = len(upper[0])
    if (k + 1) ** n_pairs > MAX_ROUND_ROBINS:
        raise ValueError(
            f"n_items = {n} and n_per_pair = {k} give {k + 1}^{n_pairs} round "
            f"robins; at most MAX_ROUND_ROBINS = {MAX_ROUND_ROBINS:,} are enumerated"
        )
    count = (k + 1) ** n_pairs
    digits = (np.arange(count)[:, None] // (k + 1) ** np.arange(n_pairs)[::-1]) % (k + 1)
    W = np.zeros((count, n, n), dtype=np.int64)
    W[:, upper[0], upper[1]] = digits
    W[:, upper[1], upper[0]] = k - digits
    return W


def _record_log_odds(n_per_pair: int, c: float, smoothing: str) -> np.ndarray:
    """The smoothed log-odds of w wins out of ``n_per_pair``, for w = 0, ..., n_per_pair."""
    w = np.arange(n_per_pair + 1)
    W = np.stack(
        [
            np.stack([np.zeros_like(w), w], axis=1),
            np.stack([n_per_pair - w, np.zeros_like(w)], axis=1),
        ],
        axis=1,
    )
    return log_odds(W, c, smoothing)[:, 0, 1]


def log_odds_sums_rise_with_wins(n_per_pair, c, n_opponents, *, smoothing="probability"):
    """Whether, over every record against ``n_opponents``, more wins give a larger sum of log-odds.

    A record is the number of wins ``w_l`` in ``n_per_pair`` comparisons against each
    opponent ``l``; its sum is ``sum_l g(w_l)`` with ``g(w)`` the smoothed log-odds of ``w``
    wins (:func:`btl_log_odds`).  On a round robin, least squares (22) on the log-odds ranks
    the items by these sums and the maximum likelihood by the total wins ``sum_l w_l``; the
    two agree on every round robin of ``n_opponents + 1`` items if the largest sum with
    ``t`` wins is below the smallest sum with ``t + 1``, for every ``t``.  Both extremes are
    found by dynamic programming over the opponents, in ``O(n_opponents^2 n_per_pair^2)``.

    Parameters
    ----------
    n_per_pair : int
        Comparisons against each opponent, >= 1.
    c : float
        Smoothing, > 0.
    n_opponents : int
        Number of opponents, >= 1.
    smoothing : {"probability", "counts"}, default "probability"
        Where ``c`` is added, as in :func:`btl_log_odds`.

    Returns
    -------
    bool
        True if every record with more wins has a strictly larger sum of log-odds.

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type or is out of range (``n_per_pair`` and
        ``n_opponents`` at most 1000).

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 (the smoothed log-odds);
    Zermelo (1929).

    Examples
    --------
    >>> log_odds_sums_rise_with_wins(7, 0.5, 6), log_odds_sums_rise_with_wins(8, 0.5, 6)
    (True, False)
    """
    n_pp = check_int(n_per_pair, "n_per_pair", minimum=1, maximum=1000)
    c, smoothing = check_log_odds_smoothing(c, smoothing)
    opponents = check_int(n_opponents, "n_opponents", minimum=1, maximum=1000)
    values = _record_log_odds(n_pp, c, smoothing)
    largest, smallest = np.zeros(1), np.zeros(1)  # by the total wins so far
    for _ in range(opponents):
        size = len(largest) + n_pp
        by_max = np.full((n_pp + 1, size), -np.inf)
        by_min = np.full((n_pp + 1, size), np.inf)
        for w, value in enumerate(values):  # the next opponent beaten w times
            by_max[w, w : w + len(largest)] = largest + value
            by_min[w, w : w + len(smallest)] = smallest + value
        largest, smallest = by_max.max(axis=0), by_min.min(axis=0)
    return bool(np.all(largest[:-1] < smallest[1:]))


def disagreeing_round_robin(n_items, n_per_pair, c, *, smoothing="probability"):
    """A round robin on which least squares on log-odds and the BTL maximum likelihood disagree.

    Searches every record of items 0 and 1 against the other items (as multisets) and
    each count ``a`` of item 0's wins over item 1, for item 0 with one win more than item 1
    (so the maximum likelihood ranks it higher, Zermelo) but a smaller sum of log-odds (so
    least squares (22) on :func:`btl_log_odds` ranks it lower).  The pairs among items 2,
    3, ... are split as evenly as possible.  The first such round robin on which the
    maximum likelihood exists (the graph "i beat j" strongly connected) is returned.

    Parameters
    ----------
    n_items : int
        Number of items, 3 to 30.
    n_per_pair : int
        Comparisons of each pair, 1 to 30.
    c : float
        Smoothing of the log-odds, > 0.
    smoothing : {"probability", "counts"}, default "probability"
        Where ``c`` is added, as in :func:`btl_log_odds`.

    Returns
    -------
    ndarray of int64, shape (n_items, n_items), or None
        The win counts of the round robin, or None when no record of this search
        disagrees (e.g. when :func:`log_odds_sums_rise_with_wins` holds for
        ``n_items - 1`` opponents).

    Raises
    ------
    TypeError, ValueError
        If an argument has the wrong type or is out of range, or the records to
        search exceed ``MAX_ROUND_ROBINS``.

    References
    ----------
    Zermelo (1929); Ford (1957); Duchi, Mackey and Jordan (2013), section 5.1.

    Examples
    --------
    >>> from rankviz.aggregation import btl_log_odds, thurstone_mosteller_scores
    >>> W = disagreeing_round_robin(9, 6, 0.5)
    >>> W.sum(axis=1)[:2].tolist()      # item 0 has one win more than item 1 ...
    [14, 13]
    >>> bool(thurstone_mosteller_scores(btl_log_odds(W, 0.5))[0]
    ...      < thurstone_mosteller_scores(btl_log_odds(W, 0.5))[1])   # ... but ranks lower
    True
    >>> disagreeing_round_robin(7, 3, 0.5) is None
    True
    """
    n = check_int(n_items, "n_items", minimum=3, maximum=30)
    n_pp = check_int(n_per_pair, "n_per_pair", minimum=1, maximum=30)
    c, smoothing = check_log_odds_smoothing(c, smoothing)
    if comb(n - 2 + n_pp, n_pp) > MAX_ROUND_ROBINS:
        raise ValueError(
            f"n_items = {n} and n_per_pair = {n_pp} give "
            f"{comb(n - 2 + n_pp, n_pp):,} records to search; at most "
            f"MAX_ROUND_ROBINS = {MAX_ROUND_ROBINS:,}"
        )
    values = _record_log_odds(n_pp, c, smoothing)
    records = list(combinations_with_replacement(range(n_pp + 1), n - 2))
    for a in range(n_pp + 1):  # item 0 beats item 1 a times
        lowest, highest = {}, {}  # by total wins: item 0's smallest sum, item 1's largest
        for record in records:
            wins_0, sum_0 = sum(record) + a, float(values[list(record)].sum() + values[a])
            wins_1, sum_1 = wins_0 - 2 * a + n_pp, sum_0 - values[a] + values[n_pp - a]
            lowest[wins_0] = min(lowest.get(wins_0, (np.inf, record)), (sum_0, record))
            highest[wins_1] = max(highest.get(wins_1, (-np.inf, record)), (sum_1, record))
        for wins_0, (sum_0, record_0) in sorted(lowest.items()):
            if sum_0 > highest.get(wins_0 - 1, (-np.inf,))[0] - 1e-9:
                continue
            W = np.zeros((n, n), dtype=np.int64)
            W[0, 1], W[0, 2:], W[1, 2:] = a, record_0, highest[wins_0 - 1][1]
            for i, j in combinations(range(2, n), 2):
                W[i, j] = n_pp // 2 + (i + j) % 2
            W = np.triu(W, 1) + np.triu(n_pp - W, 1).T
            beats = nx.from_numpy_array(W > 0, create_using=nx.DiGraph)
            if nx.is_strongly_connected(beats):  # the maximum likelihood exists (Ford)
                return W
    return None
