"""Task scheduling by clustering a ranking: the loss, its exact optimum and two algorithms.

``r`` tasks carry non-negative weights ``weights[i, j]`` ("task i should run
before task j", a weighted DAG in the draft) and the rounds carry costs
``c_1 <= c_2 <= ... <= c_r``.  A **schedule** assigns every task a round.

Conventions (read these first)
------------------------------
* **Tasks** are numbered ``0, ..., r-1``, as items are everywhere in rankviz.
* **Rounds are 1-based**, as in the draft: ``rounds[i]`` in ``{1, ..., r}`` is
  the round of task ``i`` and round 1 runs first.  (The rest of rankviz uses
  0-based *positions*; a round is not a position, several tasks may share one.)
* An **order** is a list of tasks, first to last (``order[p]`` is the task at
  0-based position ``p``), as in :mod:`rankviz.permutations`.  A schedule
  *respects* an order when its rounds never decrease along it.
* ``costs[t - 1]`` is ``c_t``; costs must be non-negative and non-decreasing.
  The draft asks for strictly increasing costs but its own worked example uses
  ``c = (0, 1, 1, 1, 1)``; each function says which of its results need more
  than non-decreasing costs (none of the algorithms do).

The loss (draft, section 6.1.2, eq. (1)) of a schedule ``m`` is

``L(m) = sum_{i != j} y_ij 1[m(i) >= m(j)] + sum_{t=1}^{r} c_t 1[max_j m(j) >= t]``,

which splits into the **disagreement** loss (edges run backwards,
``m(i) > m(j)``), the **clustering** loss (both ends of an edge in one round)
and the **depth** loss ``c_1 + ... + c_depth``.  The variant of section 6.1.1
("completion") replaces the depth loss by ``sum_j (c_1 + ... + c_{m(j)})``:
every task pays for the rounds up to its own.

The **difference graph** (Duchi, Mackey and Jordan, 2013, section 3.2.2) has
an edge ``i -> j`` of weight ``y_ij - y_ji`` whenever ``y_ij > y_ji``; when it
is acyclic, the orders that minimise the pairwise disagreement are exactly its
topological orders, which Algorithm 2 of the draft runs through.  Listing and
counting them, the draft's Assumption 1 on them and the random task graphs of
the chapter are :mod:`rankviz.orders`; this module holds the schedules: the
loss and its parts, the exact optimum by brute force, the merge cost, and the
clustering of an order (Algorithm 1, the exact dynamic programme, Algorithm 2).

References
----------
"A Survey of Ranking Algorithms" (student draft, seed ``002_d42b8db1275ce2ab.txt``),
section 6.1: eq. (1), Lemmas 1-4, Assumption 1, the merge cost (3), Algorithms 1
and 2.  J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking
algorithms", *Annals of Statistics* 41(5), 2013 (seed ``003_78b4dd99621c547a.txt``),
eq. (10) and section 3.2.2 (difference graph, Definition 4: low noise).
"""

from __future__ import annotations

import functools
import itertools
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from rankviz._validation import (
    as_float_vector,
    as_weight_matrix,
    check_choice,
    check_int,
    check_real,
    check_rounds,
)
from rankviz.orders import DEFAULT_MAX_ORDERS, topological_orders
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import as_permutation

__all__ = [
    "BRUTE_FORCE_MAX",
    "INNER_STEPS",
    "VARIANTS",
    "LossParts",
    "MergeCost",
    "OptimalSchedules",
    "Schedule",
    "brute_force_schedule",
    "coarsenings",
    "greedy_clustering",
    "improved_clustering",
    "merge_cost",
    "optimal_contiguous_clustering",
    "schedule_loss",
    "schedule_loss_parts",
]

#: The two losses: ``"depth"`` (draft eq. (1), section 6.1.2) and ``"completion"``
#: (section 6.1.1: every task pays ``c_1 + ... + c_{m(j)}``).
VARIANTS = ("depth", "completion")

#: The clustering step Algorithm 2 runs on each order: the draft's greedy
#: Algorithm 1, or the exact dynamic programme over contiguous blocks.
INNER_STEPS = ("greedy", "dp")

#: Largest number of tasks :func:`brute_force_schedule` enumerates (545,835 schedules).
BRUTE_FORCE_MAX = 8


# --------------------------------------------------------------------------- #
# results
# --------------------------------------------------------------------------- #
def _rounds_text(rounds: np.ndarray) -> str:
    return "[" + " ".join(str(int(v)) for v in rounds) + "]"


@dataclass(frozen=True, repr=False)
class LossParts:
    """The three parts of the scheduling loss of one schedule.

    Attributes
    ----------
    disagreement : float
        ``sum_{i != j} y_ij 1[m(i) > m(j)]``: edges that run backwards.
    clustering : float
        ``sum_{i != j} y_ij 1[m(i) = m(j)]``: edges inside one round.
    round_cost : float
        The depth loss ``c_1 + ... + c_depth`` (variant ``"depth"``) or the
        completion cost ``sum_j (c_1 + ... + c_{m(j)})`` (variant ``"completion"``).
    variant : str
        Which of :data:`VARIANTS` ``round_cost`` belongs to.
    """

    disagreement: float
    clustering: float
    round_cost: float
    variant: str = "depth"

    def __post_init__(self) -> None:
        # a LossParts is passed back in (rankviz.plotting.plot_schedule draws it)
        for name in ("disagreement", "clustering", "round_cost"):
            object.__setattr__(self, name, check_real(getattr(self, name), name, nonnegative=True))
        check_choice(self.variant, "variant", VARIANTS)

    @property
    def total(self) -> float:
        """The loss: the sum of the three parts."""
        return self.disagreement + self.clustering + self.round_cost

    def __repr__(self) -> str:
        name = "depth" if self.variant == "depth" else "completion"
        return (
            f"LossParts(disagreement={self.disagreement:.3f}, "
            f"clustering={self.clustering:.3f}, {name}={self.round_cost:.3f}, "
            f"total={self.total:.3f})"
        )


@dataclass(frozen=True, repr=False, eq=False)
class Schedule:
    """A schedule found by one of the algorithms, with its loss.

    Attributes
    ----------
    rounds : ndarray of int64, shape (r,)
        ``rounds[i]`` is the (1-based) round of task ``i``; no round is empty.
    loss : float
        Its loss (eq. (1), or the variant the algorithm was asked for).
    order : ndarray of int64, shape (r,)
        The order of tasks the schedule was built from (it respects it).
    merge_costs : tuple of float
        Algorithm 1 only: the minimum merge cost at each merge it made.
    stopping_cost : float or None
        Algorithm 1 only: the minimum merge cost that stopped it (it exceeded
        ``c_cur``), or None if it ran until one round was left (and for the
        other algorithms).
    orders_tried : int
        Algorithm 2 only: how many topological orders it clustered (else 0).
    """

    rounds: np.ndarray
    loss: float
    order: np.ndarray
    merge_costs: tuple = ()
    stopping_cost: float | None = None
    orders_tried: int = 0

    def __post_init__(self) -> None:
        rounds = check_rounds(self.rounds, "rounds", np.size(self.rounds))
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "loss", check_real(self.loss, "loss", nonnegative=True))
        object.__setattr__(self, "order", _check_order(self.order, rounds.size))
        if not isinstance(self.merge_costs, tuple):
            raise TypeError(f"merge_costs must be a tuple, got {type(self.merge_costs).__name__}")
        object.__setattr__(
            self,
            "merge_costs",
            tuple(check_real(cost, "merge_costs", nonnegative=True) for cost in self.merge_costs),
        )
        if self.stopping_cost is not None:
            object.__setattr__(
                self,
                "stopping_cost",
                check_real(self.stopping_cost, "stopping_cost", nonnegative=True),
            )
        object.__setattr__(
            self, "orders_tried", check_int(self.orders_tried, "orders_tried", minimum=0)
        )

    @property
    def depth(self) -> int:
        """The number of rounds."""
        return int(self.rounds.max())

    @property
    def clusters(self) -> list:
        """The tasks of each round, round 1 first, each as a sorted tuple."""
        return [tuple(np.flatnonzero(self.rounds == t).tolist()) for t in range(1, self.depth + 1)]

    def __repr__(self) -> str:
        extra = f", orders_tried={self.orders_tried}" if self.orders_tried else ""
        return (
            f"Schedule(rounds={_rounds_text(self.rounds)}, loss={self.loss:.3f}, "
            f"depth={self.depth}{extra})"
        )


@dataclass(frozen=True, repr=False, eq=False)
class OptimalSchedules:
    """Every optimal schedule, found by exhaustive search.

    Attributes
    ----------
    loss : float
        The optimal loss.
    schedules : ndarray of int64, shape (k, r)
        Every schedule without an empty round whose loss equals ``loss``
        (within a relative tolerance of 1e-9), in enumeration order: row ``q``
        is ``rounds`` (1-based) of the ``q``-th optimal schedule.
    n_searched : int
        How many schedules were evaluated (the Fubini number of ``r``).
    """

    loss: float
    schedules: np.ndarray
    n_searched: int

    @property
    def count(self) -> int:
        """The number of optimal schedules."""
        return int(self.schedules.shape[0])

    def __repr__(self) -> str:
        return (
            f"OptimalSchedules(loss={self.loss:.3f}, count={self.count}, "
            f"first={_rounds_text(self.schedules[0])}, n_searched={self.n_searched})"
        )


@dataclass(frozen=True, repr=False)
class MergeCost:
    """The exact change in loss when rounds ``k`` and ``k + 1`` merge.

    Attributes
    ----------
    pairwise : float
        ``sum_{a in round k, b in round k+1} y_ab``: the edges from round k to
        round k+1, which were satisfied and become ties.  This is what the
        draft's eq. (3) is meant to compute.
    saving : float
        What the round costs drop by: ``c_depth`` (variant ``"depth"``), or
        ``sum_{j: m(j) > k} c_{m(j)}`` (variant ``"completion"``: every task
        after round k moves one round earlier).
    change : float
        ``pairwise - saving``: the loss after the merge minus the loss before.
    """

    pairwise: float
    saving: float
    change: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "change", self.pairwise - self.saving)

    def __repr__(self) -> str:
        return (
            f"MergeCost(pairwise={self.pairwise:.3f}, saving={self.saving:.3f}, "
            f"change={self.change:+.3f})"
        )


# --------------------------------------------------------------------------- #
# validation (once, at the boundary)
# --------------------------------------------------------------------------- #
def _check_costs(costs, r: int) -> np.ndarray:
    c = as_float_vector(costs, "costs")
    if c.size != r:
        raise ValueError(f"costs must have one entry per possible round, r = {r}, got {c.size}")
    if (c < 0).any():
        raise ValueError(
            f"costs must be non-negative, got c_{int(np.argmax(c < 0)) + 1} = {c[c < 0][0]:g}"
        )
    drops = np.flatnonzero(np.diff(c) < 0)
    if drops.size:
        t = int(drops[0]) + 1  # c_{t+1} < c_t, 1-based
        raise ValueError(
            f"costs must be non-decreasing (c_1 <= c_2 <= ... <= c_r), "
            f"got c_{t + 1} = {c[t]:g} < c_{t} = {c[t - 1]:g}"
        )
    return c


def _check_order(order, r: int) -> np.ndarray:
    o = as_permutation(order, "order")
    if o.size != r:
        raise ValueError(f"order must list each of the r = {r} tasks once, got {o.size} entries")
    return o


# --------------------------------------------------------------------------- #
# the loss
# --------------------------------------------------------------------------- #
def _round_costs(m: np.ndarray, c: np.ndarray, variant: str):
    """Depth loss or completion cost of schedules m (1-based rounds, shape (..., r))."""
    cumulative = np.cumsum(c)
    if variant == "depth":
        return cumulative[m.max(axis=-1) - 1]
    return cumulative[m - 1].sum(axis=-1)


def schedule_loss(rounds, weights, costs, variant="depth"):
    """The scheduling loss of the draft's eq. (1), for one schedule or a batch.

    ``L(m) = sum_{i != j} y_ij 1[m(i) >= m(j)] + sum_t c_t 1[max_j m(j) >= t]``.
    The first sum (the disagreement and clustering losses together) is
    :func:`rankviz.pairwise.pairwise_disagreement` of the scores ``-m`` with
    ties counted as errors (``ties="error"``): a tied pair pays both ``y_ij``
    and ``y_ji``, where Duchi et al.'s eq. (10) (``ties="duchi"``) charges a
    tie once.

    Parameters
    ----------
    rounds : array_like of int, shape (r,) or (q, r)
        ``rounds[i]`` in ``{1, ..., r}`` is the round of task ``i`` (1-based:
        round 1 runs first).  Empty rounds are allowed (they still count
        towards the depth).
    weights : array_like of float, shape (r, r)
        ``weights[i, j] >= 0``: how much task i should run before task j; zero
        diagonal.  Need not be acyclic.
    costs : array_like of float, shape (r,)
        ``costs[t - 1] = c_t``, non-negative and non-decreasing.
    variant : {"depth", "completion"}, default "depth"
        ``"depth"``: eq. (1), the schedule pays ``c_1 + ... + c_depth``.
        ``"completion"``: section 6.1.1, every task j pays ``c_1 + ... + c_{m(j)}``.

    Returns
    -------
    float or ndarray of shape (q,)

    Raises
    ------
    ValueError
        If shapes disagree, a round lies outside ``1..r``, a weight is negative
        or not finite, the diagonal is not zero, a cost is negative or the costs
        decrease, or ``variant`` is unknown.
    TypeError
        If an input is not numeric or a round is not an integer.

    References
    ----------
    Seed 002, section 6.1.2, eq. (1) and section 6.1.1; Duchi et al. (2013), eq. (10)
    (the same sum, except that (10) charges a tie once).

    Examples
    --------
    >>> W = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]     # 0 -> 1 -> 2 and 0 -> 2
    >>> schedule_loss([1, 2, 3], W, [0, 1, 1])     # no edge violated, depth 3
    2.0
    >>> schedule_loss([1, 2, 2], W, [0, 1, 1])     # edge 1 -> 2 inside round 2
    2.0
    >>> schedule_loss([[1, 1, 1], [1, 2, 2]], W, [0, 1, 1], variant="completion")
    array([4., 3.])
    """
    variant = check_choice(variant, "variant", VARIANTS)
    w = as_weight_matrix(weights, "weights")
    r = w.shape[0]
    c = _check_costs(costs, r)
    m = check_rounds(rounds, "rounds", r, batch=True)
    pairwise = pairwise_disagreement(-m, w, ties="error")
    return pairwise + (
        float(_round_costs(m, c, variant)) if m.ndim == 1 else _round_costs(m, c, variant)
    )


def schedule_loss_parts(rounds, weights, costs, variant="depth"):
    """The loss of one schedule split into disagreement, clustering and round costs.

    Parameters
    ----------
    rounds, weights, costs, variant
        As in :func:`schedule_loss` (one schedule, shape (r,)).

    Returns
    -------
    LossParts
        ``disagreement + clustering + round_cost == schedule_loss(...)``.

    Raises
    ------
    ValueError, TypeError
        As :func:`schedule_loss`.

    References
    ----------
    Seed 002, section 6.1.2 (the three parts "pdloss, clusterloss, depthloss").

    Examples
    --------
    >>> W = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]
    >>> schedule_loss_parts([1, 2, 2], W, [0, 1, 1])
    LossParts(disagreement=0.000, clustering=1.000, depth=1.000, total=2.000)
    >>> schedule_loss_parts([2, 1, 1], W, [0, 1, 1])      # task 0 after the others
    LossParts(disagreement=3.000, clustering=1.000, depth=1.000, total=5.000)
    """
    variant = check_choice(variant, "variant", VARIANTS)
    w = as_weight_matrix(weights, "weights")
    r = w.shape[0]
    c = _check_costs(costs, r)
    m = check_rounds(rounds, "rounds", r)
    pairwise = pairwise_disagreement(-m, w, ties="error")
    clustering = float(np.sum(w[m[:, None] == m[None, :]]))
    # the two sums share their terms, so the difference is exact up to rounding
    disagreement = max(pairwise - clustering, 0.0)
    return LossParts(disagreement, clustering, float(_round_costs(m, c, variant)), variant)


# --------------------------------------------------------------------------- #
# exhaustive search
# --------------------------------------------------------------------------- #
def _set_partitions(r: int):
    """Restricted growth strings of length r: every set partition of r tasks once."""

    def extend(prefix, top):
        if len(prefix) == r:
            yield prefix
            return
        for label in range(top + 2):
            yield from extend((*prefix, label), max(top, label))

    yield from extend((0,), 0)


@dataclass(frozen=True, eq=False)
class _PartitionGroup:
    """All schedules with k rounds: every set partition into k blocks, in every block order."""

    k: int
    labels: np.ndarray  # (n, r): block of each task in each partition, 0..k-1
    sizes: np.ndarray  # (n, k): number of tasks in each block
    orders: np.ndarray  # (k!, k): orders[p, b] = round (1-based) of block b in block order p
    after: np.ndarray | None  # (k!, k*k): 1[round of block a >= round of block b], if small


@functools.lru_cache(maxsize=BRUTE_FORCE_MAX)
def _schedule_space(r: int) -> tuple:
    """Every schedule of r tasks without an empty round, grouped by number of rounds k.

    There are Fubini(r) of them (1, 3, 13, 75, 541, 4683, 47293, 545835): each
    set partition into k blocks (a restricted growth string), with the k blocks
    put in every one of k! orders.  The groups are constants of r, computed
    once and read-only.
    """
    by_blocks = defaultdict(list)
    for labels in _set_partitions(r):
        by_blocks[max(labels) + 1].append(labels)
    groups = []
    for k in sorted(by_blocks):
        labels = np.array(by_blocks[k], dtype=np.int64)
        orders = np.array(list(itertools.permutations(range(1, k + 1))), dtype=np.int64)
        sizes = (labels[:, :, None] == np.arange(k)).sum(axis=1).astype(np.float64)
        after = None
        if orders.shape[0] * k * k <= 500_000:  # k <= 7: a small matrix
            after = (orders[:, :, None] >= orders[:, None, :]).reshape(-1, k * k).astype(float)
        for array in (labels, sizes, orders, after):
            if array is not None:
                array.setflags(write=False)
        groups.append(_PartitionGroup(k, labels, sizes, orders, after))
    return tuple(groups)


def _group_losses(
    group: _PartitionGroup, w: np.ndarray, cumulative: np.ndarray, variant: str
) -> np.ndarray:
    """Loss of every schedule of a group, shape (k!, n): block order by partition.

    For a partition, ``blocks[a, b]`` is the weight from block a to block b (its
    diagonal is the weight inside a block, paid as ties).  An edge between
    blocks costs when block a runs no earlier than block b, so the pairwise
    loss of block order p is ``sum_ab blocks[a, b] 1[round(a) >= round(b)]``:
    one matrix product for all k! orders at once.
    """
    k, labels = group.k, group.labels
    partitions = np.arange(labels.shape[0])
    blocks = np.zeros((labels.shape[0], k, k))
    for i, j in zip(*np.nonzero(w), strict=True):  # each partition appears once per edge
        blocks[partitions, labels[:, i], labels[:, j]] += w[i, j]
    if group.after is not None:
        # numpy's own loop: BLAS threads stall on small products on a busy machine
        pairwise = np.einsum("pq,nq->pn", group.after, blocks.reshape(-1, k * k))
    else:  # the k = r = 8 group: a single partition, 40320 orders; count edge by edge
        rounds = group.orders[:, group.labels[0]]
        pairwise = np.zeros(rounds.shape[0])
        for i, j in zip(*np.nonzero(w), strict=True):
            pairwise += w[i, j] * (rounds[:, i] >= rounds[:, j])
        pairwise = pairwise[:, None]
    if variant == "depth":
        return pairwise + cumulative[k - 1]
    return pairwise + np.einsum("pb,nb->pn", cumulative[group.orders - 1], group.sizes)


def brute_force_schedule(weights, costs, variant="depth"):
    """The exact optimum of the scheduling loss, and every schedule that attains it.

    Enumerates every schedule without an empty round (ordered set partitions of
    the tasks: 1, 3, 13, 75, 541, 4683, 47293, 545835 for r = 1..8).  This
    loses nothing: closing an empty round keeps every pairwise comparison and
    lowers each round index, so it never increases the loss when costs are
    non-negative.  (When ``c_depth = 0`` a schedule with an empty round can tie
    with the optimum; see Lemma 1 in the chapter.)

    Parameters
    ----------
    weights : array_like of float, shape (r, r)
        Non-negative weights with zero diagonal, ``r <= BRUTE_FORCE_MAX``; need
        not be acyclic.
    costs : array_like of float, shape (r,)
        Non-negative, non-decreasing round costs.
    variant : {"depth", "completion"}, default "depth"
        Which loss to minimise (see :func:`schedule_loss`).

    Returns
    -------
    OptimalSchedules
        The optimal loss and every optimal schedule (losses within a relative
        1e-9 of the minimum count as equal).

    Raises
    ------
    ValueError
        If ``r > BRUTE_FORCE_MAX`` or an input is invalid (as :func:`schedule_loss`).
    TypeError
        If an input is not numeric.

    References
    ----------
    Seed 002, section 6.1 (the prediction space of all maps from tasks to rounds).

    Examples
    --------
    >>> W = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]
    >>> best = brute_force_schedule(W, [0, 1, 1])
    >>> best.loss, best.schedules.tolist()
    (2.0, [[1, 1, 2], [1, 2, 2], [1, 2, 3]])
    >>> brute_force_schedule(W, [0, 5, 5]).schedules.tolist()   # one round is cheapest
    [[1, 1, 1]]
    """
    variant = check_choice(variant, "variant", VARIANTS)
    w = as_weight_matrix(weights, "weights")
    r = w.shape[0]
    if r > BRUTE_FORCE_MAX:
        raise ValueError(
            f"weights has r = {r} tasks; brute_force_schedule enumerates at most "
            f"r = {BRUTE_FORCE_MAX} (Fubini(9) = 7,087,261 schedules)"
        )
    c = _check_costs(costs, r)
    cumulative = np.cumsum(c)
    groups = _schedule_space(r)
    losses = [_group_losses(group, w, cumulative, variant) for group in groups]
    best = float(min(loss.min() for loss in losses))
    tolerance = 1e-9 * max(1.0, abs(best))
    winners = []
    for group, loss in zip(groups, losses, strict=True):
        order_index, partition_index = np.nonzero(loss <= best + tolerance)
        winners.append(group.orders[order_index[:, None], group.labels[partition_index]])
    searched = sum(group.orders.shape[0] * group.labels.shape[0] for group in groups)
    return OptimalSchedules(best, np.concatenate(winners), searched)


# --------------------------------------------------------------------------- #
# merging two adjacent rounds
# --------------------------------------------------------------------------- #
def merge_cost(rounds, weights, costs, k, variant="depth"):
    """The exact change in loss when round ``k + 1`` is merged into round ``k``.

    Tasks of round ``k + 1`` join round ``k`` and every later round moves one
    earlier.  Only the pairs between the two rounds change: an edge ``a -> b``
    with ``a`` in round ``k`` and ``b`` in round ``k + 1`` was satisfied and
    becomes a tie, so it now costs ``y_ab``; the reverse edge ``b -> a`` cost
    ``y_ba`` before and after.  The round costs drop by ``c_depth`` (eq. (1)) or
    by ``c_{m(j)}`` for every task after round ``k`` (section 6.1.1).

    Parameters
    ----------
    rounds : array_like of int, shape (r,)
        The schedule (1-based rounds, see :func:`schedule_loss`).
    weights, costs, variant
        As in :func:`schedule_loss`.
    k : int
        The earlier of the two rounds, ``1 <= k < depth``.

    Returns
    -------
    MergeCost
        ``pairwise`` (what the draft's eq. (3) is meant to be), ``saving`` and
        ``change = pairwise - saving``.

    Raises
    ------
    ValueError, TypeError
        As :func:`schedule_loss`, or if ``k`` is not an integer in ``1..depth-1``.

    References
    ----------
    Seed 002, section 6.1.2, eq. (3) and Algorithm 1, line 6.

    Examples
    --------
    >>> W = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]
    >>> merge_cost([1, 2, 3], W, [0, 1, 1], k=2)    # the tie 1-2 costs 1, one round saved
    MergeCost(pairwise=1.000, saving=1.000, change=+0.000)
    >>> merge_cost([1, 2, 3], W, [0, 1, 1], k=1)
    MergeCost(pairwise=1.000, saving=1.000, change=+0.000)
    """
    variant = check_choice(variant, "variant", VARIANTS)
    w = as_weight_matrix(weights, "weights")
    r = w.shape[0]
    c = _check_costs(costs, r)
    m = check_rounds(rounds, "rounds", r)
    depth = int(m.max())
    if depth < 2:
        raise ValueError("rounds uses a single round: there is nothing to merge")
    k = check_int(k, "k", minimum=1, maximum=depth - 1)
    pairwise = float(w[np.ix_(m == k, m == k + 1)].sum())
    saving = float(c[depth - 1]) if variant == "depth" else float(c[m[m > k] - 1].sum())
    return MergeCost(pairwise, saving)


def coarsenings(rounds):
    """Every schedule obtained from ``rounds`` by merging runs of adjacent rounds.

    A schedule of depth ``d`` without empty rounds has ``2^(d-1)`` coarsenings
    (itself included): cut or keep each of the ``d - 1`` boundaries between
    consecutive rounds.  These are the schedules any sequence of further merges
    can reach, so the stopping rule of Algorithm 1 says that none of them has a
    lower loss than the schedule it stops at.

    Parameters
    ----------
    rounds : array_like of int, shape (r,)
        A schedule (1-based rounds) without empty rounds, of depth at most 16.

    Returns
    -------
    ndarray of int64, shape (2^(d-1), r)
        One coarsening per row, ``rounds`` itself first and one round last.

    Raises
    ------
    ValueError, TypeError
        If ``rounds`` is not a schedule (see :func:`schedule_loss`), leaves a
        round empty below its last one, or has more than 16 rounds.

    References
    ----------
    Seed 002, section 6.1.2, Lemma 4 and the stopping rule of Algorithm 1.

    Examples
    --------
    >>> coarsenings([1, 2, 2, 3]).tolist()
    [[1, 2, 2, 3], [1, 2, 2, 2], [1, 1, 1, 2], [1, 1, 1, 1]]
    """
    try:  # the number of tasks, so that check_rounds can say what is wrong
        r = 1 if isinstance(rounds, (str, bytes)) or rounds is None else int(np.size(rounds))
    except ValueError:  # ragged: check_rounds says so
        r = 1
    m = check_rounds(rounds, "rounds", max(r, 1))
    depth = int(m.max())
    if set(m.tolist()) != set(range(1, depth + 1)):
        raise ValueError(
            "rounds must leave no round empty below its last one, got rounds "
            f"{sorted(set(m.tolist()))}"
        )
    if depth > 16:
        raise ValueError(f"rounds must have at most 16 rounds (2^15 coarsenings), got {depth}")
    cuts = np.array(list(itertools.product((1, 0), repeat=depth - 1)), dtype=np.int64)
    cuts = cuts.reshape(2 ** (depth - 1), depth - 1)  # 1: rounds t and t + 1 stay apart
    new_round = np.hstack([np.ones((len(cuts), 1), np.int64), 1 + np.cumsum(cuts, axis=1)])
    return new_round[:, m - 1]


# --------------------------------------------------------------------------- #
# clustering a fixed order
# --------------------------------------------------------------------------- #
def _greedy_core(y: np.ndarray, c: np.ndarray):
    """Algorithm 1 on weights y already permuted into the order (positions 0..r-1).

    Clusters are kept as runs of positions, named by their first position.
    ``agg[a, b]`` is the total weight from cluster a to cluster b, kept up to
    date by adding rows and columns when clusters merge (O(r) per merge).
    Returns (cluster of each position, merge costs, stopping cost, loss).
    """
    r = y.shape[0]
    agg = y.copy()
    nxt = np.arange(1, r + 1)
    prv = np.arange(-1, r - 1)
    adjacent = np.full(r, np.inf)
    adjacent[:-1] = agg[np.arange(r - 1), np.arange(1, r)]
    cur = r
    merges, stopping = [], None
    loss = float(np.tril(y, -1).sum() + c.sum())  # r singleton rounds, all depth costs
    while cur > 1:
        left = int(np.argmin(adjacent))  # the first cheapest adjacent pair
        cost = float(adjacent[left])
        if not cost <= c[cur - 1]:
            stopping = cost
            break
        right = int(nxt[left])
        agg[left, :] += agg[right, :]
        agg[:, left] += agg[:, right]
        after = int(nxt[right])
        nxt[left] = after
        if after < r:
            prv[after] = left
        adjacent[right] = np.inf
        adjacent[left] = agg[left, after] if after < r else np.inf
        if prv[left] >= 0:
            adjacent[prv[left]] = agg[prv[left], left]
        loss += cost - c[cur - 1]
        merges.append(cost)
        cur -= 1
    starts = np.zeros(r, dtype=bool)
    head = 0
    while head < r:
        starts[head] = True
        head = int(nxt[head])
    return np.cumsum(starts), tuple(merges), stopping, loss


def _block_sums(y: np.ndarray) -> np.ndarray:
    """F[s, e] = sum_{s <= p < q < e} y[p, q]: forward weight inside positions s..e-1."""
    r = y.shape[0]
    prefix = np.zeros((r + 1, r + 1))
    prefix[1:, 1:] = np.triu(y, 1).cumsum(axis=0).cumsum(axis=1)
    diag = np.diag(prefix)
    sums = diag[None, :] - prefix - prefix.T + diag[:, None]
    sums[np.tril_indices(r + 1)] = np.inf  # a block needs s < e
    return sums


def _contiguous_dp(y: np.ndarray, c: np.ndarray, variant: str):
    """Exact DP over contiguous blocks of positions 0..r-1: (cluster of each position, loss).

    With the order fixed, the backward weight of every pair is paid whatever the
    blocks (separate or tied), so the loss is ``B + sum_blocks F(block) + round costs``
    with ``B`` the total backward weight.  ``best[d][e]`` is the least cost of
    covering positions ``0..e-1`` with ``d`` blocks; each layer is one vectorised
    min over the start of the last block: O(r^2) per layer, O(r^3) in all.
    Ties go to the fewest rounds.
    """
    r = y.shape[0]
    sums = _block_sums(y)
    cumulative = np.cumsum(c)
    sizes = np.arange(r + 1)[None, :] - np.arange(r + 1)[:, None]
    previous = np.full(r + 1, np.inf)
    previous[0] = 0.0
    choices, best, best_depth = [], np.inf, 0
    for d in range(1, r + 1):
        added = c[d - 1] if variant == "depth" else sizes * cumulative[d - 1]
        table = previous[:, None] + sums + added
        start = np.argmin(table, axis=0)
        current = table[start, np.arange(r + 1)]
        choices.append(start)
        if current[r] < best:
            best, best_depth = float(current[r]), d
        previous = current
        if d < r:  # a lower bound on any schedule with more than d rounds
            if variant == "depth":
                bound = cumulative[d]
            else:
                bound = r * cumulative[0] + float(np.sum(cumulative[1 : d + 1] - cumulative[0]))
            if bound >= best:
                break
    starts = np.zeros(r, dtype=bool)
    end = r
    for d in range(best_depth, 0, -1):
        begin = int(choices[d - 1][end])
        starts[begin] = True
        end = begin
    return np.cumsum(starts), best + float(np.tril(y, -1).sum())


def _rounds_from_positions(position_rounds: np.ndarray, order: np.ndarray) -> np.ndarray:
    rounds = np.empty(order.size, dtype=np.int64)
    rounds[order] = position_rounds
    return rounds


def greedy_clustering(weights, costs, order):
    """Algorithm 1 of the draft: merge the cheapest adjacent pair of rounds while it pays.

    Start with every task in its own round, in the given order (``r`` rounds).
    At each step take the adjacent pair of rounds with the smallest merge cost
    ``sum_{a in round k, b in round k+1} y_ab`` (the first such pair on a tie)
    and merge it if that cost is at most ``c_cur``, the cost of the current
    last round; otherwise stop.  Each merge changes the loss (1) by exactly
    ``cost - c_cur`` (see :func:`merge_cost`).

    Parameters
    ----------
    weights : array_like of float, shape (r, r)
        Non-negative weights with zero diagonal.
    costs : array_like of float, shape (r,)
        Non-negative, non-decreasing round costs (non-decreasing suffices for
        the stopping rule; strictness is not needed).
    order : array_like of int, shape (r,)
        The tasks, first to last (0-based task numbers), e.g. a topological
        order of the difference graph.

    Returns
    -------
    Schedule
        Respects ``order``; ``merge_costs`` and ``stopping_cost`` record the run.

    Raises
    ------
    ValueError, TypeError
        If an input is invalid (as :func:`schedule_loss`) or ``order`` is not a
        permutation of the tasks.

    References
    ----------
    Seed 002, section 6.1.2, Algorithm 1, eq. (3) and Lemma 4.

    Examples
    --------
    >>> W = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]
    >>> greedy_clustering(W, [0, 1, 1], order=[0, 1, 2])
    Schedule(rounds=[1 1 2], loss=2.000, depth=2)
    >>> greedy_clustering(W, [0, 1, 1], order=[0, 1, 2]).merge_costs
    (1.0,)
    """
    w = as_weight_matrix(weights, "weights")
    r = w.shape[0]
    c = _check_costs(costs, r)
    o = _check_order(order, r)
    position_rounds, merges, stopping, _ = _greedy_core(w[np.ix_(o, o)], c)
    rounds = _rounds_from_positions(position_rounds, o)
    return Schedule(
        rounds, float(schedule_loss(rounds, w, c)), o, merge_costs=merges, stopping_cost=stopping
    )


def optimal_contiguous_clustering(weights, costs, order, variant="depth"):
    """The best schedule that respects a given order, by dynamic programming.

    A schedule respects ``order`` when its rounds never decrease along it, i.e.
    when its rounds are contiguous blocks of the order.  Among these
    ``2^(r-1)`` schedules the dynamic programme finds one of least loss in
    O(r^3) time (vectorised, one O(r^2) step per number of rounds), so it is
    never worse than :func:`greedy_clustering` on the same order.  Among
    optimal schedules it returns one with the fewest rounds.

    Parameters
    ----------
    weights, costs : array_like
        As in :func:`schedule_loss`.
    order : array_like of int, shape (r,)
        The tasks, first to last (0-based task numbers).
    variant : {"depth", "completion"}, default "depth"
        Which loss to minimise.

    Returns
    -------
    Schedule
        An optimal order-respecting schedule and its loss.

    Raises
    ------
    ValueError, TypeError
        If an input is invalid (as :func:`schedule_loss`) or ``order`` is not a
        permutation of the tasks.

    References
    ----------
    Not in the draft: added by this chapter as the exact counterpart of
    Algorithm 1 (seed 002, section 6.1.2).

    Examples
    --------
    >>> W = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]
    >>> optimal_contiguous_clustering(W, [0, 1, 1], order=[0, 1, 2])
    Schedule(rounds=[1 2 2], loss=2.000, depth=2)
    >>> optimal_contiguous_clustering(W, [0, 3, 3], order=[0, 1, 2])
    Schedule(rounds=[1 1 1], loss=4.000, depth=1)
    """
    variant = check_choice(variant, "variant", VARIANTS)
    w = as_weight_matrix(weights, "weights")
    r = w.shape[0]
    c = _check_costs(costs, r)
    o = _check_order(order, r)
    position_rounds, _ = _contiguous_dp(w[np.ix_(o, o)], c, variant)
    rounds = _rounds_from_positions(position_rounds, o)
    return Schedule(rounds, float(schedule_loss(rounds, w, c, variant)), o)


def improved_clustering(weights, costs, inner="greedy", max_orders=DEFAULT_MAX_ORDERS):
    """Algorithm 2 of the draft: cluster every topological order, keep the best schedule.

    Runs the clustering step on every topological order of the difference
    graph (the orders of least pairwise disagreement) and returns the schedule
    of least loss (1).  As in the draft's line 6 (``l <= loss``), a later order
    wins a tie.  The draft's pseudocode never updates ``loss``, so as printed it
    would return the last order's schedule; this function keeps the best, as the
    text intends.  With ``inner="dp"`` it returns the best schedule in which no
    edge of the difference graph runs backwards, which is optimal only where the
    draft's Lemma 3 holds: not in general, and not under the draft's Assumption 1,
    low noise, or both (chapter 09 has counterexamples with a unique order); it
    is exact under chapter 09's hypothesis for Lemma 2 (forward weights never
    shrink and backward weights never grow as two tasks lie further apart in the
    order).

    Parameters
    ----------
    weights : array_like of float, shape (r, r)
        Non-negative weights with zero diagonal and an acyclic difference graph.
    costs : array_like of float, shape (r,)
        Non-negative, non-decreasing round costs.
    inner : {"greedy", "dp"}, default "greedy"
        The clustering step: Algorithm 1 (the draft) or the exact DP over
        contiguous blocks (:func:`optimal_contiguous_clustering`).
    max_orders : int, default 10000
        Refuse (with a ``ValueError``) when the difference graph has more
        topological orders than this (at most :data:`rankviz.orders.MAX_ORDERS`);
        the draft's warning is that their number can grow factorially.

    Returns
    -------
    Schedule
        The best schedule found, the order it came from, and ``orders_tried``.

    Raises
    ------
    ValueError
        If the difference graph has a cycle, has more than ``max_orders``
        topological orders, ``inner`` is unknown, or an input is invalid.
    TypeError
        If an input is not numeric or ``max_orders`` is not an integer.

    References
    ----------
    Seed 002, section 6.1.2, Algorithm 2 and the warning after it.

    Examples
    --------
    >>> W = [[0, 5, 5, 0], [0, 0, 0, 5], [0, 0, 0, 0], [0, 0, 0, 0]]  # 0 -> 1 -> 3, 0 -> 2
    >>> improved_clustering(W, [0, 1, 1, 1])
    Schedule(rounds=[1 2 2 3], loss=2.000, depth=3, orders_tried=3)
    """
    inner = check_choice(inner, "inner", INNER_STEPS)
    w = as_weight_matrix(weights, "weights")
    r = w.shape[0]
    c = _check_costs(costs, r)
    orders = topological_orders(w, max_orders)
    best_loss, best = np.inf, None
    for o in orders:
        y = w[np.ix_(o, o)]
        if inner == "greedy":
            position_rounds, _, _, loss = _greedy_core(y, c)
        else:
            position_rounds, loss = _contiguous_dp(y, c, "depth")
        if loss <= best_loss + 1e-12 * max(1.0, abs(best_loss)):
            best_loss, best = loss, (position_rounds, o)
    rounds = _rounds_from_positions(*best)
    return Schedule(rounds, float(schedule_loss(rounds, w, c)), best[1], orders_tried=len(orders))
