"""Rank Centrality: BTL scores as the stationary distribution of a random walk on the comparisons.

Negahban, Oh and Shah (2017) turn pairwise outcomes into a Markov chain on the items: from
item ``i`` the walk picks one of the items ``j`` compared with ``i`` and moves there with
probability proportional to the share of their comparisons that ``j`` won,

    ``P[i, j] = a_ji / d_max``  for ``i != j`` compared,  ``P[i, i] = 1 - sum_j P[i, j]``,

with ``a_ji = W[j, i] / (W[i, j] + W[j, i])`` and ``d_max`` the largest number of items
one item was compared with (so every row sums to 1).  The walk drifts towards items that
win, and its stationary distribution ``pi`` is the score.  Under the BTL model with the
true win probabilities in place of ``a``, ``w_i P[i, j] = w_i w_j / ((w_i + w_j) d_max)``
is symmetric in ``i, j`` (detailed balance), so ``pi = w / sum(w)`` on every connected
comparison graph.  From finite data, Negahban et al. bound the relative error
``|pi_hat - pi| / |pi|`` with high probability by about ``sqrt(log n / (k d))`` times a
constant depending on the ratio ``b`` of the largest to the smallest weight, the spread of
the degrees and the graph's spectral gap, once ``k`` exceeds a threshold that grows with
the same quantities.  Chapter 08 measures the exponent ``-1/2`` in ``k`` in a regime below
that threshold, where it is the ordinary rate of any consistent estimator on a fixed graph
(the BTL maximum likelihood shows the same, by ``estimator=``).

* :func:`rank_centrality_chain` builds ``P`` from win counts;
* :func:`rank_centrality_scores` is its stationary distribution;
* :func:`rank_centrality_errors` measures the relative error over simulated BTL data, for
  the rate experiment of chapter 08.

It differs from Saaty's principal eigenvector
(:func:`rankviz.aggregation.principal_eigenvector_scores`): Saaty takes a *right*
eigenvector of a matrix of *ratios* (which must be smoothed where a pair went one way, and
filled in where a pair was never compared), Rank Centrality a *left* eigenvector
of a stochastic matrix of win *shares*, with no smoothing, and a pair never compared simply
has no transition.

References
----------
S. Negahban, S. Oh and D. Shah, "Rank Centrality: ranking from pairwise comparisons",
*Operations Research* 65(1):266-287, 2017 (the chain; the error bound).
L. Maystre and M. Grossglauser, NeurIPS 2015 (``choix.rank_centrality``).
"""

from __future__ import annotations

import networkx as nx
import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz._validation import (
    as_float_vector,
    as_generator,
    as_weight_matrix,
    check_array,
    check_int,
    check_probability,
)

__all__ = [
    "MAX_CENTRALITY_ITEMS",
    "MAX_RECOVERY_COMPARISONS",
    "rank_centrality_chain",
    "rank_centrality_errors",
    "rank_centrality_scores",
]

#: Largest number of items (the chain is a dense n x n matrix, solved directly).
MAX_CENTRALITY_ITEMS = 2_000

#: Largest total of comparisons per pair times pairs times seeds that
#: :func:`rank_centrality_errors` simulates.
MAX_RECOVERY_COMPARISONS = 50_000_000


def _as_wins(wins) -> np.ndarray:
    W = as_weight_matrix(wins, "wins", min_items=2)
    if W.shape[0] > MAX_CENTRALITY_ITEMS:
        raise ValueError(
            f"wins compares {W.shape[0]} items; at most MAX_CENTRALITY_ITEMS = "
            f"{MAX_CENTRALITY_ITEMS} are supported"
        )
    return W


def _chain(W: np.ndarray) -> np.ndarray:
    N = W + W.T
    compared = N > 0
    degree = compared.sum(axis=1)
    P = np.zeros_like(W)
    P[compared] = W.T[compared] / N[compared] / degree.max()
    P[np.diag_indices_from(P)] = 1.0 - P.sum(axis=1)
    return P


def _as_estimate(pi, n: int) -> np.ndarray:
    """An estimator's output as shares summing to 1, or a ValueError naming the estimator."""
    try:
        pi = np.asarray(pi, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("estimator must return n numbers, got something else") from None
    if pi.shape != (n,) or not np.isfinite(pi).all() or pi.min() < 0 or pi.sum() <= 0:
        raise ValueError(
            f"estimator must return {n} finite non-negative numbers with a positive sum, "
            f"got an array of shape {pi.shape}"
        )
    return pi / pi.sum()


def rank_centrality_chain(wins):
    """The Rank Centrality transition matrix of win counts.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts ``W[i, j]`` (i beat j): non-negative, zero diagonal, at least 2 items,
        at least one comparison.

    Returns
    -------
    ndarray of shape (n, n)
        Row-stochastic: ``P[i, j] = W[j, i] / (W[i, j] + W[j, i]) / d_max`` for a compared
        pair, 0 for a pair never compared, and the rest of each row on the diagonal.

    Raises
    ------
    TypeError, ValueError
        If ``wins`` is not a valid win-count matrix, or holds no comparison.

    References
    ----------
    Negahban, Oh and Shah (2017) (the random walk).

    Examples
    --------
    >>> rank_centrality_chain([[0, 3, 0], [1, 0, 2], [0, 2, 0]])
    array([[0.875, 0.125, 0.   ],
           [0.375, 0.375, 0.25 ],
           [0.   , 0.25 , 0.75 ]])
    """
    W = _as_wins(wins)
    if W.sum() == 0:
        raise ValueError("wins must hold at least one comparison")
    return _chain(W)


def rank_centrality_scores(wins):
    """Rank Centrality scores: the stationary distribution of :func:`rank_centrality_chain`.

    Parameters
    ----------
    wins : array_like of shape (n, n)
        Win counts: non-negative, zero diagonal.  The comparison graph must be connected,
        and the stationary distribution unique: at most one group of items may never have
        lost to the items outside it (the walk cannot leave such a group, and with two of
        them any mixture of their distributions is stationary).

    Returns
    -------
    ndarray of shape (n,)
        Non-negative scores summing to 1, estimates of ``w / sum(w)`` under BTL; an item
        the walk can leave and never return to (it lost to someone and beat no one who
        can reach it) scores 0.

    Raises
    ------
    TypeError, ValueError
        If ``wins`` is invalid, its comparison graph is disconnected (the groups are
        named), or two groups of items never lost to anyone outside them (named).

    References
    ----------
    Negahban, Oh and Shah (2017) (Rank Centrality).

    Examples
    --------
    >>> W = [[0, 3, 0], [1, 0, 2], [0, 2, 0]]
    >>> rank_centrality_scores(W)          # pi P = pi: 0.375 * 0.375 ... a 6 : 2 : 2 split
    array([0.6, 0.2, 0.2])
    """
    W = _as_wins(wins)
    if W.sum() == 0:
        raise ValueError("wins must hold at least one comparison")
    n = W.shape[0]
    compared = (W + W.T) > 0
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(zip(*np.nonzero(np.triu(compared, 1)), strict=True))
    groups = sorted(sorted(int(i) for i in g) for g in nx.connected_components(graph))
    if len(groups) > 1:
        raise ValueError(
            f"wins has a disconnected comparison graph (groups {groups}): nothing says how "
            f"the groups compare, and the walk has one stationary distribution per group"
        )
    walk = digraph_from_weights(W.T, W.T > 0)  # i -> j when j beat i
    condensed = nx.condensation(walk)
    closed = [
        sorted(condensed.nodes[c]["members"]) for c in condensed if condensed.out_degree(c) == 0
    ]
    if len(closed) > 1:
        raise ValueError(
            f"wins gives no unique stationary distribution: the groups "
            f"{' and '.join(str(c) for c in sorted(closed))} never lost to anyone outside "
            f"them, so the walk is trapped in whichever it enters"
        )
    P = _chain(W)
    # pi (I - P) = 0 and sum(pi) = 1: adding 1 1^T makes the system regular (pi is unique)
    pi = np.linalg.solve((np.eye(n) - P).T + 1.0, np.ones(n))
    transient = np.ones(n, dtype=bool)
    transient[closed[0]] = False
    pi[transient] = 0.0  # the walk leaves these items for good: no stationary mass
    return pi / pi.sum()


def rank_centrality_errors(
    strengths, comparisons_per_pair, n_seeds, rng=0, *, observed=1.0, estimator=None
):
    """Relative errors of Rank Centrality on simulated BTL data, for several numbers of comparisons.

    For each seed, draws the comparison graph once (each pair compared with probability
    ``observed``), then for each ``k`` in ``comparisons_per_pair`` draws ``k`` BTL outcomes
    per compared pair and computes ``|pi_hat - pi| / |pi|`` with ``pi = w / sum(w)``,
    ``w = exp(strengths)``.  The draws depend on ``rng`` only, so another ``estimator``
    with the same ``rng`` is scored on the same data.

    Parameters
    ----------
    strengths : array_like of shape (n,)
        BTL log-strengths, 2 to :data:`MAX_CENTRALITY_ITEMS` items.
    comparisons_per_pair : array_like of int
        The values of ``k``, each >= 1.
    n_seeds : int
        Number of independent repetitions, >= 1.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    observed : float, default 1.0
        Probability that a pair is compared, in (0, 1].
    estimator : callable, optional
        ``estimator(W)`` -> an estimate of ``w / sum(w)``, shape ``(n,)``, from the win
        counts ``W`` (float, ``W[i, j]`` = wins of i over j); default
        :func:`rank_centrality_scores`.  Its estimates are normalised to sum 1.

    Returns
    -------
    ndarray of shape (len(comparisons_per_pair), n_seeds)
        The relative errors.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, the work exceeds :data:`MAX_RECOVERY_COMPARISONS`, a
        draw has no unique Rank Centrality score (a disconnected graph, or two groups that
        never lost: then raise ``observed`` or ``k``), or ``estimator`` raises or returns
        something other than ``n`` finite non-negative numbers with a positive sum.

    References
    ----------
    Negahban, Oh and Shah (2017) (the error bound).

    Examples
    --------
    >>> errors = rank_centrality_errors([1.0, 0.0, -1.0], [10, 1000], 5, rng=0)
    >>> errors.shape, bool(errors[1].mean() < errors[0].mean())
    ((2, 5), True)
    """
    theta = as_float_vector(strengths, "strengths")
    n = theta.size
    if not 2 <= n <= MAX_CENTRALITY_ITEMS:
        raise ValueError(
            f"strengths must give 2 to MAX_CENTRALITY_ITEMS = {MAX_CENTRALITY_ITEMS} items, got {n}"
        )
    if np.ptp(theta) > 50:
        raise ValueError("strengths must span at most 50 (e^50 to 1 odds): wider is not simulated")
    ks = check_array(comparisons_per_pair, "comparisons_per_pair", ndim=1, dtype="int")
    if ks.min() < 1:
        raise ValueError(f"comparisons_per_pair must be >= 1, got {ks.min()}")
    seeds = check_int(n_seeds, "n_seeds", minimum=1)
    share = check_probability(observed, "observed")
    if share == 0.0:
        raise ValueError("observed must be > 0: with no pair compared there is nothing to rank")
    if estimator is None:
        estimator = rank_centrality_scores
    elif not callable(estimator):
        raise TypeError(
            f"estimator must be a function of the win counts, got {type(estimator).__name__}"
        )
    work = int(ks.sum()) * (n * (n - 1) // 2) * seeds
    if work > MAX_RECOVERY_COMPARISONS:
        raise ValueError(
            f"comparisons_per_pair and n_seeds ask for {work:,} comparisons; at most "
            f"MAX_RECOVERY_COMPARISONS = {MAX_RECOVERY_COMPARISONS:,} are simulated"
        )
    gen = as_generator(rng)
    w = np.exp(theta - theta.max())
    truth = w / w.sum()
    first, second = np.triu_indices(n, 1)
    p_first = 1.0 / (1.0 + np.exp(theta[second] - theta[first]))
    errors = np.empty((ks.size, seeds))
    for s in range(seeds):
        compared = gen.random(first.size) < share
        for a, k in enumerate(ks):
            wins_first = gen.binomial(int(k), p_first) * compared
            W = np.zeros((n, n))
            W[first, second] = wins_first
            W[second, first] = (int(k) - wins_first) * compared
            try:
                pi = estimator(W)
            except ValueError as err:
                raise ValueError(
                    f"seed {s}, comparisons_per_pair {k}: {err}; raise observed or "
                    f"comparisons_per_pair"
                ) from None
            pi = _as_estimate(pi, n)
            errors[a, s] = np.linalg.norm(pi - truth) / np.linalg.norm(truth)
    return errors
