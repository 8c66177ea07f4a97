"""The Plackett-Luce model: rankings built by successive choices, and its maximum likelihood.

Bradley-Terry-Luce (chapter 08, :mod:`rankviz.aggregation`) describes one comparison of
two items.  Plackett-Luce describes a whole ranking: item ``i`` has a strength ``theta_i``
(a weight ``w_i = exp(theta_i)``), and a ranking is built from the top, each position
filled by a choice among the items not yet placed, item ``i`` chosen with probability
``w_i / sum of the remaining weights`` (Luce's choice axiom).  So the ranking ``a, b, c``
of three items has probability ``w_a / (w_a + w_b + w_c) * w_b / (w_b + w_c)``.

* :func:`simulate_plackett_luce_rankings` draws rankings (full, or only their top ``k``
  positions) by the Gumbel trick: sorting ``theta_i + G_i``, with ``G_i`` independent
  standard Gumbel variables, in decreasing order gives a Plackett-Luce ranking.
* :func:`plackett_luce_log_likelihood` is the log-probability of a set of rankings.
* :func:`plackett_luce_maximum_likelihood` maximises it (optionally with the ridge
  ``alpha / 2 |theta|^2`` of :func:`rankviz.aggregation.btl_maximum_likelihood`) by
  Newton's method: the log-likelihood is concave in ``theta``.
* :func:`rank_breaking_wins` breaks every ranking into the pairs it orders ("full rank
  breaking"): the win counts that a pairwise method would see.

**Rankings.**  A ranking is a row of item ids, the best first (an *order*, in rankviz's
convention).  What the items the row does not list did is said by ``unlisted``:

* ``"absent"`` (default): they were not in the comparison; the row ranks exactly the
  items it lists (a row ``(i, j)`` is one pairwise comparison, "i beat j");
* ``"below"``: the row is the top ``k`` of all ``n_items`` items; the others come after,
  in an order nobody recorded (a top-k list).

The rows of one call all have the same length ``k`` (an ``(N, k)`` array): rankings of
different lengths with ``unlisted="absent"`` (a ragged list) are not accepted.  Their
log-likelihood is the sum of one call per length; their maximum likelihood is not
provided here (``choix.ilsr_rankings`` takes rankings of any lengths).

**Existence of the maximum likelihood**: say that ``i`` beat ``j`` when some ranking chose
``i`` while ``j`` was still available.  The unpenalised maximum exists and is unique (up
to a common shift; the answer is centred) exactly when the directed graph "i beat j" is
strongly connected: the condition of Hunter (2004), after Ford (1957); Hunter states it as
sufficient for his MM algorithm, and it is also necessary.  It fails in two ways, which
the estimator names: the comparison graph (items joined when they were ranked together)
is disconnected, or an item appears in no ranking, and then the strengths of the groups
relative to one another are not determined (maximisers may exist, but not a unique one);
or the graph is connected and some group of items never lost to the items outside it,
and then their strengths run off to infinity (no maximiser).

References
----------
R. L. Plackett, "The analysis of permutations", *Applied Statistics* 24(2):193-202, 1975.
R. D. Luce, *Individual Choice Behavior*, Wiley, 1959.
D. R. Hunter, "MM algorithms for generalized Bradley-Terry models", *Annals of
Statistics* 32(1):384-406, 2004 (section 5: Plackett-Luce).
L. Maystre and M. Grossglauser, "Fast and accurate inference of Plackett-Luce models",
NeurIPS 2015 (``choix``, the reference implementation the tests compare with).
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from scipy.special import logsumexp

from rankviz._graphs import digraph_from_weights, unbeaten_group
from rankviz._validation import (
    MAX_MAGNITUDE,
    as_float_vector,
    as_generator,
    check_array,
    check_choice,
    check_int,
    check_real,
)

__all__ = [
    "MAX_CHOICE_ENTRIES",
    "MAX_NEWTON_WORK",
    "MAX_RANKING_ITEMS",
    "UNLISTED",
    "plackett_luce_log_likelihood",
    "plackett_luce_maximum_likelihood",
    "rank_breaking_wins",
    "simulate_plackett_luce_rankings",
]

#: What a ranking says about the items it does not list (see the module's docstring).
UNLISTED = ("absent", "below")

#: Largest number of items (the maximum likelihood solves an n x n Newton system).
MAX_RANKING_ITEMS = 1_000

#: Largest number of rankings times items: the size of one stage's arrays of choices.
MAX_CHOICE_ENTRIES = 10_000_000

#: Largest stages x rankings x items^2 for the maximum likelihood: each Newton step sums,
#: over every stage with two or more items to choose from, an (items x items) covariance
#: of the N rankings' choice probabilities (at this limit, one to a few seconds per step).
MAX_NEWTON_WORK = 10**9

# Newton's method: at most this many steps; it stops once the step is below
# _STEP_TOL * max(1, max |theta|).
_MAX_NEWTON_STEPS = 100
_STEP_TOL = 1e-10
# The Hessian sums p^T p over the stages in blocks of about this many entries of p.
_BLOCK_ENTRIES = 4_000_000


# --------------------------------------------------------------------------- #
# validation
# --------------------------------------------------------------------------- #


def _as_items(n_items) -> int:
    return check_int(n_items, "n_items", minimum=2, maximum=MAX_RANKING_ITEMS)


def _as_rankings(rankings, n_items: int, unlisted: str, source: str = "n_items") -> np.ndarray:
    """Rows of distinct item ids in ``range(n_items)``, as int64 of shape (N, k).

    ``source`` names the argument ``n_items`` comes from (``n_items`` or the strengths).
    """
    rows = check_array(rankings, "rankings", ndim=2, dtype="int")
    N, k = rows.shape
    least = 1 if unlisted == "below" else 2
    if not least <= k <= n_items:
        raise ValueError(
            f"rankings must list {least} to {source} = {n_items} items per row "
            f"(unlisted = {unlisted!r}), got rows of {k}"
        )
    if N * n_items > MAX_CHOICE_ENTRIES:
        raise ValueError(
            f"rankings has {N:,} rows of {source} = {n_items} items; at most MAX_CHOICE_ENTRIES = "
            f"{MAX_CHOICE_ENTRIES:,} rows times items are supported"
        )
    if rows.min() < 0 or rows.max() >= n_items:
        bad = rows[(rows < 0) | (rows >= n_items)][0]
        raise ValueError(
            f"rankings must hold item ids in 0..{n_items - 1} ({source} = {n_items}), got {bad}"
        )
    ordered = np.sort(rows, axis=1)
    repeats = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if repeats.any():
        r = int(np.argmax(repeats))
        raise ValueError(f"rankings must list distinct items in each row; row {r} is {rows[r]}")
    return rows


def _available(rows: np.ndarray, n_items: int, unlisted: str) -> np.ndarray:
    """The choice set of each row's first stage, a boolean array (N, n_items)."""
    if unlisted == "below":
        return np.ones((rows.shape[0], n_items), dtype=bool)
    available = np.zeros((rows.shape[0], n_items), dtype=bool)
    np.put_along_axis(available, rows, True, axis=1)
    return available


def _stages(rows: np.ndarray, n_items: int, unlisted: str):
    """Yield ``(chosen, available)`` for every stage with more than one item to choose from."""
    available = _available(rows, n_items, unlisted)
    index = np.arange(rows.shape[0])
    for r in range(rows.shape[1]):
        chosen = rows[:, r]
        if available.sum(axis=1).max() < 2:
            return
        yield chosen, available.copy()
        available[index, chosen] = False


# --------------------------------------------------------------------------- #
# sampling, likelihood, rank breaking
# --------------------------------------------------------------------------- #


def simulate_plackett_luce_rankings(strengths, n_rankings, rng=0, *, top=None):
    """Draw rankings from the Plackett-Luce model, by the Gumbel trick.

    Each ranking sorts ``theta_i + G_i`` in decreasing order, with ``G_i`` independent
    standard Gumbel variables: the largest is item ``i`` with probability
    ``w_i / sum_j w_j``, and given it, the rest is again such a sort, so the ranking is
    Plackett-Luce (Yellott, 1977).

    Parameters
    ----------
    strengths : array_like of shape (n,)
        Finite log-strengths ``theta``, 2 to :data:`MAX_RANKING_ITEMS` items.
    n_rankings : int
        Number of rankings, 1 to ``MAX_CHOICE_ENTRIES // n``.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    top : int, optional
        Keep only the top ``top`` positions (1 to n; default n, full rankings).

    Returns
    -------
    ndarray of int64, shape (n_rankings, top)
        Each row an order, the best item first (``unlisted="below"`` when ``top < n``).

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid or the sizes exceed the limits named above.

    References
    ----------
    Plackett (1975); Luce (1959); J. I. Yellott, "The relationship between Luce's choice
    axiom, Thurstone's theory of comparative judgment, and the double exponential
    distribution", *Journal of Mathematical Psychology* 15:109-144, 1977.

    Examples
    --------
    >>> rows = simulate_plackett_luce_rankings([3.0, 0.0, -3.0], 1000, rng=1)
    >>> rows.shape, float(np.mean(rows[:, 0] == 0)) > 0.9
    ((1000, 3), True)
    """
    theta = as_float_vector(strengths, "strengths")
    n = theta.size
    if not 2 <= n <= MAX_RANKING_ITEMS:
        raise ValueError(
            f"strengths must give 2 to MAX_RANKING_ITEMS = {MAX_RANKING_ITEMS} items, got {n}"
        )
    N = check_int(n_rankings, "n_rankings", minimum=1, maximum=MAX_CHOICE_ENTRIES // n)
    k = n if top is None else check_int(top, "top", minimum=1, maximum=n)
    gen = as_generator(rng)
    keys = theta[None, :] + gen.gumbel(size=(N, n))
    return np.argsort(-keys, axis=1, kind="stable")[:, :k].astype(np.int64)


def plackett_luce_log_likelihood(strengths, rankings, *, unlisted="absent"):
    """The log-probability of rankings under the Plackett-Luce model.

    ``sum over rankings and stages of theta_chosen - log sum_{j available} exp(theta_j)``,
    where a stage's available items are those of the row's choice set not placed yet.

    Parameters
    ----------
    strengths : array_like of shape (n,)
        Finite log-strengths ``theta``, 2 to :data:`MAX_RANKING_ITEMS` items, each of
        magnitude at most ``1e100`` (so that differences of them stay finite).
    rankings : array_like of int, shape (N, k)
        Rows of distinct item ids, the best first, all of the same length ``k``.
    unlisted : {"absent", "below"}, default "absent"
        Whether the items a row does not list were not compared ("absent": the row ranks
        its items only; at least 2 per row) or come after the listed ones ("below": the
        row is a top-k list of all the items).  With "absent", rankings of different
        lengths need one call per length (the log-likelihoods add).

    Returns
    -------
    float
        The log-likelihood, <= 0.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid: a row with a repeated item or an id out of range is
        named.

    References
    ----------
    Plackett (1975), eq. (1); Hunter (2004), section 5.

    Examples
    --------
    >>> w = np.array([3.0, 2.0, 1.0])
    >>> ll = plackett_luce_log_likelihood(np.log(w), [[0, 1, 2]])
    >>> round(float(np.exp(ll)), 4), round(3 / 6 * 2 / 3, 4)
    (0.3333, 0.3333)
    """
    theta = check_array(strengths, "strengths", ndim=1, max_abs=MAX_MAGNITUDE)
    n = theta.size
    if not 2 <= n <= MAX_RANKING_ITEMS:
        raise ValueError(
            f"strengths must give 2 to MAX_RANKING_ITEMS = {MAX_RANKING_ITEMS} items, got {n}"
        )
    unlisted = check_choice(unlisted, "unlisted", UNLISTED)
    rows = _as_rankings(rankings, n, unlisted, "len(strengths)")
    total = 0.0
    for chosen, available in _stages(rows, n, unlisted):
        logits = np.where(available, theta[None, :], -np.inf)
        total += float(np.sum(theta[chosen] - logsumexp(logits, axis=1)))
    return total


def rank_breaking_wins(rankings, n_items, *, unlisted="absent"):
    """Full rank breaking: ``W[i, j]`` = the number of rankings that put i above j.

    Each ranking is read as the pairwise comparisons it implies: every listed item beats
    every item listed after it, and with ``unlisted="below"`` every unlisted item too.  A
    pairwise method (e.g. :func:`rankviz.aggregation.btl_maximum_likelihood`) can then be
    run on ``W``; the pairs of one ranking are not independent comparisons, so the BTL
    likelihood of ``W`` is not the Plackett-Luce likelihood of the rankings.

    Parameters
    ----------
    rankings : array_like of int, shape (N, k)
        Rows of distinct item ids, the best first.
    n_items : int
        Number of items, 2 to :data:`MAX_RANKING_ITEMS`.
    unlisted : {"absent", "below"}, default "absent"
        As in :func:`plackett_luce_log_likelihood`.

    Returns
    -------
    ndarray of int64, shape (n_items, n_items)
        Win counts, zero diagonal.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    H. Azari Soufiani, W. Chen, D. C. Parkes and L. Xia, "Generalized method-of-moments
    for rank aggregation", NeurIPS 2013 (full breaking).

    Examples
    --------
    >>> rank_breaking_wins([[2, 0, 1]], 3)
    array([[0, 1, 0],
           [0, 0, 0],
           [1, 1, 0]])
    """
    n = _as_items(n_items)
    unlisted = check_choice(unlisted, "unlisted", UNLISTED)
    rows = _as_rankings(rankings, n, unlisted)
    W = np.zeros((n, n), dtype=np.int64)
    for chosen, available in _stages(rows, n, unlisted):
        available[np.arange(rows.shape[0]), chosen] = False
        np.add.at(W, chosen, available.astype(np.int64))
    return W


# --------------------------------------------------------------------------- #
# maximum likelihood
# --------------------------------------------------------------------------- #


def _check_work(rows: np.ndarray, n: int, unlisted: str) -> None:
    """Refuse up front a fit whose Newton steps a laptop cannot serve (MAX_NEWTON_WORK)."""
    N, k = rows.shape
    stages = min(k, n - 1) if unlisted == "below" else k - 1
    work = stages * N * n * n
    if work > MAX_NEWTON_WORK:
        raise ValueError(
            f"rankings ({N:,} rows, {stages} stages each, n_items = {n}) ask for "
            f"stages x rows x n_items^2 = {work:,} per Newton step; at most MAX_NEWTON_WORK = "
            f"{MAX_NEWTON_WORK:,} are supported (use fewer items or rankings, or "
            f"choix.ilsr_rankings)"
        )


def _check_mle_determined(rows: np.ndarray, n: int, unlisted: str) -> None:
    """Raise why the unpenalised maximum is not unique or does not exist (Hunter's condition)."""
    W = rank_breaking_wins(rows, n, unlisted=unlisted)
    beats = digraph_from_weights(W, W > 0)
    if nx.is_strongly_connected(beats):
        return
    unseen = [i for i in range(n) if W[i].sum() + W[:, i].sum() == 0]
    if unseen:
        which = f"item {unseen[0]}" if len(unseen) == 1 else f"items {unseen}"
        raise ValueError(
            f"{which} of n_items = {n} appear(s) in no ranking: the maximum-likelihood "
            f"estimate is not determined; pass alpha > 0 for a penalised estimate"
        )
    groups = sorted(sorted(int(i) for i in g) for g in nx.weakly_connected_components(beats))
    if len(groups) > 1:
        raise ValueError(
            f"the comparison graph of rankings is disconnected (groups "
            f"{' and '.join(str(g) for g in groups)} were never ranked together): the "
            f"maximum-likelihood estimate is not determined; pass alpha > 0 for a "
            f"penalised estimate"
        )
    members, whom = unbeaten_group(beats)
    raise ValueError(
        f"no maximum-likelihood estimate: items {members} never lost to {whom} (the graph "
        f"'i was chosen while j was available' is not strongly connected); pass alpha > 0 "
        f"for a penalised estimate"
    )


def _objective(theta, rows, n, unlisted, alpha) -> float:
    total = 0.0
    for chosen, available in _stages(rows, n, unlisted):
        logits = np.where(available, theta[None, :], -np.inf)
        total += float(np.sum(theta[chosen] - logsumexp(logits, axis=1)))
    return total - 0.5 * alpha * float(theta @ theta)


def _gradient_and_curvature(theta, rows, n, unlisted, alpha):
    """The gradient of the penalised log-likelihood and minus its Hessian."""
    expected = np.zeros(n)  # expected times chosen, the diagonal of the covariances
    chosen_counts = np.zeros(n)
    outer = np.zeros((n, n))  # sum over stages of p^T p, by blocks of stacked stages
    block, block_rows = [], 0
    for chosen, available in _stages(rows, n, unlisted):
        logits = np.where(available, theta[None, :], -np.inf)
        p = np.exp(logits - logsumexp(logits, axis=1, keepdims=True))
        chosen_counts += np.bincount(chosen, minlength=n)
        expected += p.sum(axis=0)
        block.append(p)
        block_rows += p.shape[0]
        if block_rows * n >= _BLOCK_ENTRIES:
            stacked = np.concatenate(block)
            outer += stacked.T @ stacked
            block, block_rows = [], 0
    if block:
        stacked = np.concatenate(block)
        outer += stacked.T @ stacked
    gradient = chosen_counts - expected - alpha * theta
    curvature = np.diag(expected + alpha) - outer
    return gradient, curvature


def plackett_luce_maximum_likelihood(rankings, n_items, *, unlisted="absent", alpha=0.0):
    """The Plackett-Luce maximum-likelihood log-strengths, unpenalised or ridge-penalised.

    Maximises :func:`plackett_luce_log_likelihood` minus ``(alpha / 2) |theta|^2`` by
    Newton's method with a backtracking line search.  The log-likelihood is concave (each
    stage adds ``theta_chosen`` minus a log-sum-exp), its gradient is "times chosen minus
    expected times chosen" and minus its Hessian a sum of covariance matrices of the
    stages' choice probabilities.  Iterations stop once the Newton step is below
    ``1e-10 max(1, max|theta|)``.  On rankings of two items (``unlisted="absent"``) the
    objective is that of :func:`rankviz.aggregation.btl_maximum_likelihood` with the same
    ``alpha``.

    Parameters
    ----------
    rankings : array_like of int, shape (N, k)
        Rows of distinct item ids, the best first.
    n_items : int
        Number of items, 2 to :data:`MAX_RANKING_ITEMS`.
    unlisted : {"absent", "below"}, default "absent"
        As in :func:`plackett_luce_log_likelihood`.
    alpha : float, default 0.0
        Ridge strength, >= 0 (a centred Gaussian prior of variance ``1 / alpha``).  With
        ``alpha = 0`` the estimate exists and is unique exactly when the graph "i was
        chosen while j was available" is strongly connected (the condition of Hunter
        (2004); it is also necessary); with ``alpha > 0`` it always exists.

    Returns
    -------
    ndarray of shape (n_items,)
        Log-strengths ``theta``, centred (with ``alpha > 0`` the maximiser is centred by
        itself).

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid; if stages x rankings x ``n_items`` squared exceeds
        :data:`MAX_NEWTON_WORK`; if ``alpha = 0`` and the estimate is not determined (an
        item in no ranking, or a disconnected comparison graph: the groups are named) or
        does not exist (a group of items never lost to the others: named); or if
        Newton's method does not converge (e.g. a tiny ``alpha`` with such a group).

    References
    ----------
    Plackett (1975); Hunter (2004), section 5; Maystre and Grossglauser
    (2015) (``choix.ilsr_rankings``, the same estimate by another algorithm).

    Examples
    --------
    >>> plackett_luce_maximum_likelihood([[0, 1], [0, 1], [0, 1], [1, 0]], 2)  # log(3) split
    array([ 0.5493, -0.5493])
    >>> plackett_luce_maximum_likelihood([[0, 1, 2]], 3)
    Traceback (most recent call last):
        ...
    ValueError: no maximum-likelihood estimate: items [0] never lost to any other item (the graph
    'i was chosen while j was available' is not strongly connected); pass alpha > 0 for a
    penalised estimate
    """
    n = _as_items(n_items)
    unlisted = check_choice(unlisted, "unlisted", UNLISTED)
    rows = _as_rankings(rankings, n, unlisted)
    alpha = check_real(alpha, "alpha", nonnegative=True)
    _check_work(rows, n, unlisted)
    if alpha == 0.0:
        _check_mle_determined(rows, n, unlisted)
    theta = np.zeros(n)
    value = _objective(theta, rows, n, unlisted, alpha)
    for _ in range(_MAX_NEWTON_STEPS):
        gradient, curvature = _gradient_and_curvature(theta, rows, n, unlisted, alpha)
        # + 11^T / n: the same on centred vectors, and not singular along 1 when alpha = 0
        step = np.linalg.solve(curvature + 1.0 / n, gradient - gradient.mean())
        step -= step.mean()
        size = np.abs(step).max() / max(1.0, np.abs(theta).max())
        if size <= _STEP_TOL:
            theta = theta + step
            return theta - theta.mean()
        slack = 1e-12 * (1.0 + abs(value))  # the rounding of the objective's value
        t = 1.0
        while True:
            trial = _objective(theta + t * step, rows, n, unlisted, alpha)
            if trial >= value + 1e-4 * t * float(gradient @ step) - slack or t < 1e-8:
                break
            t /= 2.0
        theta, value = theta + t * step, trial
    raise ValueError(
        f"Newton's method did not converge in {_MAX_NEWTON_STEPS} steps (last relative step "
        f"{size:.2g}); with a tiny alpha and items that (almost) never lose, raise alpha"
    )
