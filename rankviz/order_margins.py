"""When do optimal schedules respect an order?  Margins, the conditions (M1)-(M3), and searches.

The draft's Lemma 2 (seed 002, section 6.1) says that, under its Assumption 1, every optimal
schedule *respects* the unique order of least disagreement: its rounds never decrease along the
order.  Chapter 09 shows that this is false, and restates the lemma under a hypothesis of ours on
an order ``o_1, ..., o_r``, with ``F(p, q) = y[o_p, o_q]`` (forward) and ``B(p, q) = y[o_q, o_p]``
(backward) for positions ``p < q``:

* **(M1)** every adjacent pair leans forward, ``F(t, t+1) > B(t, t+1)``;
* **(M2)** forward weights never shrink when an interval widens;
* **(M3)** backward weights never grow when an interval widens.

Under (M1)-(M3) every optimal schedule respects the order, and the best schedule that breaks it
costs at least ``delta = min_t F(t, t+1) - B(t, t+1)`` more than the best that respects it.  This
module computes that **margin** exactly over every schedule, tests the three conditions, lists
every small integer instance that satisfies them, builds real-valued instances that satisfy them
(or drop one of them, or satisfy Assumption 1 instead) and hill-climbs over such instances towards
a counterexample.

Conventions
-----------
* The order is always the task numbering ``0, 1, ..., r-1``: an instance for another order is
  a relabelling (``weights[np.ix_(order, order)]`` puts it in this form).
* Rounds are 1-based, as in :mod:`rankviz.scheduling`; ``costs[t - 1]`` is ``c_t``.
* Every function accepts one instance, an ``(r, r)`` matrix, or a batch of shape ``(n, r, r)``.

References
----------
"A Survey of Ranking Algorithms" (student draft, seed ``002_d42b8db1275ce2ab.txt``), section 6.1:
Assumption 1 and Lemma 2.  The restated lemma, (M1)-(M3) and its proof are chapter 09's
(``lectures/09_task_scheduling.md``, section 4).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np

from rankviz._validation import (
    as_generator,
    check_array,
    check_bool,
    check_choice,
    check_int,
)

__all__ = [
    "CONDITIONS",
    "FAMILIES",
    "MAX_MARGIN_TASKS",
    "ClimbResult",
    "adjacent_gap",
    "assumption_1_weights",
    "climb_order_margin",
    "monotone_conditions",
    "monotone_instances",
    "monotone_weights",
    "order_margins",
    "respects_order",
]

CONDITIONS = ("M2", "M3")  # the conditions a builder or an enumeration may drop
FAMILIES = ("M", "M without M2", "M without M3", "Assumption 1")  # what the hill-climb builds
MAX_MARGIN_TASKS = 6  # 6^6 = 46,656 maps: the exhaustive margin stays fast
MAX_INSTANCES = 2_000_000  # the most integer instances an enumeration may visit


# --------------------------------------------------------------------------- #
# validation
# --------------------------------------------------------------------------- #
def _weights(
    values, name: str = "weights", *, min_tasks: int = 2, max_tasks: int | None = None
) -> tuple[np.ndarray, bool]:
    """Weights as a (n, r, r) float array, and whether one matrix was given."""
    w = check_array(
        values, name, ndim=(2, 3), square=True, nonnegative=True, max_size=50_000_000, copy=True
    )
    single = w.ndim == 2
    if single:
        w = w[None]
    r = w.shape[-1]
    if r < min_tasks:
        raise ValueError(f"{name} must have at least {min_tasks} tasks, got {r}")
    if max_tasks is not None and r > max_tasks:
        raise ValueError(
            f"{name} must have at most {max_tasks} tasks (every schedule is searched), got {r}"
        )
    if np.any(np.diagonal(w, axis1=-2, axis2=-1) != 0):
        raise ValueError(f"{name} must have a zero diagonal: a task does not precede itself")
    return w, single


def _drop(drop) -> tuple[str, ...]:
    if isinstance(drop, str) or not isinstance(drop, (tuple, list)):
        raise TypeError(
            f"drop must be a tuple of names from {CONDITIONS}, got {type(drop).__name__}"
        )
    return tuple(check_choice(name, "drop", CONDITIONS) for name in drop)


def _spans(r: int) -> list[tuple[int, int]]:
    """The intervals (p, q) of positions, p < q, shortest first."""
    return [(p, p + length) for length in range(1, r) for p in range(r - length)]


# --------------------------------------------------------------------------- #
# the conditions
# --------------------------------------------------------------------------- #
def respects_order(rounds, order):
    """Whether schedules respect an order: their rounds never decrease along it.

    Parameters
    ----------
    rounds : array_like of int, shape (r,) or (n, r)
        One schedule or a batch (1-based rounds; any integers are compared as given).
    order : array_like of int, shape (r,)
        The tasks, first to last.

    Returns
    -------
    bool or ndarray of bool, shape (n,)
        For each schedule, whether ``rounds[order[p]] <= rounds[order[p + 1]]`` for every ``p``.

    Raises
    ------
    ValueError, TypeError
        If ``rounds`` is not an integer array of one or two dimensions, or ``order`` is not a
        permutation of its ``r`` tasks.

    Examples
    --------
    >>> respects_order([1, 2, 2], [0, 1, 2]), respects_order([1, 2, 1], [0, 1, 2])
    (True, False)
    >>> respects_order([[1, 2, 1], [2, 1, 2]], [0, 2, 1]).tolist()
    [True, False]
    """
    m = check_array(rounds, "rounds", ndim=(1, 2), dtype="int")
    o = check_array(order, "order", ndim=1, dtype="int")
    r = m.shape[-1]
    if o.size != r or sorted(o.tolist()) != list(range(r)):
        raise ValueError(
            f"order must list each of the r = {r} tasks of rounds once, got {o.tolist()}"
        )
    ok = np.all(np.diff(m[..., o], axis=-1) >= 0, axis=-1)
    return bool(ok) if m.ndim == 1 else ok


def monotone_conditions(weights):
    """Which of (M1), (M2), (M3) hold along the order ``0, 1, ..., r-1``.

    Parameters
    ----------
    weights : array_like of float, shape (r, r) or (n, r, r)
        Non-negative weights with zero diagonal, ``r >= 2``.

    Returns
    -------
    ndarray of bool, shape (3,) or (n, 3)
        ``(M1, M2, M3)``: every adjacent pair leans forward (strictly); no forward weight
        ``F(p, q) = w[p, q]`` exceeds that of an interval containing ``[p, q]``; no backward
        weight ``B(p, q) = w[q, p]`` is below that of an interval containing it.

    Raises
    ------
    ValueError, TypeError
        If ``weights`` is not a square non-negative array with zero diagonal.

    Examples
    --------
    >>> monotone_conditions([[0, 2, 3], [1, 0, 2], [0, 0, 0]]).tolist()
    [True, True, True]
    >>> monotone_conditions([[0, 2, 1], [0, 0, 2], [0, 0, 0]]).tolist()  # F(0, 2) < F(0, 1)
    [True, False, True]
    """
    w, single = _weights(weights)
    r = w.shape[-1]
    t = np.arange(r - 1)
    m1 = np.all(w[:, t, t + 1] > w[:, t + 1, t], axis=1)
    spans = _spans(r)
    nested = [(p, q, a, b) for p, q in spans for a, b in spans if a <= p and q <= b]
    p, q, a, b = (np.array(v) for v in zip(*nested, strict=True))
    m2 = np.all(w[:, p, q] <= w[:, a, b], axis=1)
    m3 = np.all(w[:, q, p] >= w[:, b, a], axis=1)
    out = np.stack([m1, m2, m3], axis=1)
    return out[0] if single else out


def adjacent_gap(weights):
    """The bound of the restated Lemma 2: ``delta = min_t F(t, t+1) - B(t, t+1)``.

    Parameters
    ----------
    weights : array_like of float, shape (r, r) or (n, r, r)
        Non-negative weights with zero diagonal, ``r >= 2``; the order is ``0, ..., r-1``.

    Returns
    -------
    float or ndarray of float, shape (n,)
        The smallest lean of an adjacent pair (negative when one leans backward).

    Raises
    ------
    ValueError, TypeError
        If ``weights`` is not a square non-negative array with zero diagonal.

    Examples
    --------
    >>> float(adjacent_gap([[0, 2, 5], [1, 0, 4], [0, 1, 0]]))
    1.0
    """
    w, single = _weights(weights)
    t = np.arange(w.shape[-1] - 1)
    gap = (w[:, t, t + 1] - w[:, t + 1, t]).min(axis=1)
    return float(gap[0]) if single else gap


def monotone_instances(r, top, strict=True, drop=()):
    """Every instance with integer weights up to ``top`` whose order ``0, ..., r-1`` satisfies (M).

    Every pair leans forward (``F(p, q) > B(p, q)``, or ``>=`` with ``strict=False``), which under
    (M2) and (M3) follows from (M1); ``drop`` lifts (M2) or (M3), so that the enumeration reaches
    the instances a counterexample needs.

    Parameters
    ----------
    r : int
        Number of tasks, 2 to 5.
    top : int
        Largest weight, 1 to 5.
    strict : bool, default True
        (M1) as stated (``F > B`` on adjacent pairs); ``False`` allows ``F = B``.
    drop : tuple of str, default ()
        Conditions not imposed, from ``("M2", "M3")``.

    Returns
    -------
    ndarray of float, shape (n, r, r)
        The instances, ``weights[p, q] = F(p, q)`` and ``weights[q, p] = B(p, q)`` for ``p < q``.

    Raises
    ------
    ValueError, TypeError
        If ``r`` or ``top`` is out of range, ``strict`` is not a bool, ``drop`` names an unknown
        condition, or the enumeration would visit more than two million instances.

    Examples
    --------
    >>> monotone_instances(2, 1).tolist()  # F = 1, B = 0
    [[[0.0, 1.0], [0.0, 0.0]]]
    >>> len(monotone_instances(3, 2)), len(monotone_instances(3, 2, drop=("M2", "M3")))
    (11, 27)
    """
    r = check_int(r, "r", minimum=2, maximum=5)
    top = check_int(top, "top", minimum=1, maximum=5)
    strict = check_bool(strict, "strict")
    dropped = _drop(drop)
    spans = _spans(r)
    per_pair = (top + 1) * (top + 2) // 2
    if per_pair ** len(spans) > MAX_INSTANCES and dropped:
        raise ValueError(
            f"r = {r} and top = {top} with drop = {dropped} would visit up to "
            f"{per_pair ** len(spans):,} instances; the limit is {MAX_INSTANCES:,}"
        )
    if r == 5 and top > 3:
        raise ValueError(
            f"top must be <= 3 for r = 5 tasks (the enumeration grows too fast), got {top}"
        )
    found: list[np.ndarray] = []
    F, B = np.zeros((r, r), int), np.zeros((r, r), int)

    def extend(k: int) -> None:
        if k == len(spans):
            found.append(F + B.T)
            return
        p, q = spans[k]
        wide = q > p + 1
        f_low = max(F[p, q - 1], F[p + 1, q]) if wide and "M2" not in dropped else 0
        b_high = min(B[p, q - 1], B[p + 1, q]) if wide and "M3" not in dropped else top
        for f, b in itertools.product(range(f_low, top + 1), range(b_high + 1)):
            if f > b or (f == b and not strict):
                F[p, q], B[p, q] = f, b
                extend(k + 1)
        F[p, q] = B[p, q] = 0

    extend(0)
    return np.array(found, dtype=float).reshape(-1, r, r)


# --------------------------------------------------------------------------- #
# the margin
# --------------------------------------------------------------------------- #
@functools.lru_cache(maxsize=16)
def _space(r: int, gap_free: bool):
    """Schedules (respecting 0..r-1 first), how many respect it, and 1[m(i) >= m(j)] per pair."""
    every = np.indices((r,) * r).reshape(r, -1).T + 1  # all r^r maps
    if gap_free:
        levels = np.sort(every, axis=1)
        every = every[np.all(np.diff(levels, axis=1) <= 1, axis=1) & (levels[:, 0] == 1)]
    ordered = np.all(np.diff(every, axis=1) >= 0, axis=1)
    every = every[np.argsort(~ordered, kind="stable")]
    ahead = (every[:, :, None] >= every[:, None, :]).reshape(len(every), r * r).astype(float)
    ahead[:, np.arange(r) * (r + 1)] = 0.0  # no pair of a task with itself
    every.flags.writeable = ahead.flags.writeable = False
    return every, int(ordered.sum()), ahead


def order_margins(weights, costs, gap_free=True):
    """The margin of the order ``0, ..., r-1``: best loss breaking it minus best respecting it.

    The loss is the scheduling loss (1) of :func:`rankviz.scheduling.schedule_loss`, minimised
    exhaustively: a positive margin means that every optimal schedule respects the order, and
    the restated Lemma 2 says it is at least :func:`adjacent_gap` under (M1)-(M3).

    Parameters
    ----------
    weights : array_like of float, shape (r, r) or (n, r, r)
        Non-negative weights with zero diagonal, ``2 <= r <= 6``.
    costs : array_like of float, shape (r,) or (k, r)
        Round costs ``c_1, ..., c_r``, one profile or ``k`` of them.  With ``gap_free=True``
        they must be non-negative and non-decreasing.
    gap_free : bool, default True
        Search the schedules without empty rounds (enough for non-negative, non-decreasing
        costs, by Lemma 1's argument); ``False`` searches all ``r^r`` maps, for any real costs.

    Returns
    -------
    float or ndarray of float, shape (n,), (k,) or (k, n)
        One margin per cost profile and instance (the axes of a single profile or a single
        instance are dropped).

    Raises
    ------
    ValueError, TypeError
        If ``weights`` is invalid or has more than six tasks, ``costs`` does not have ``r``
        entries per profile (or is negative or decreasing with ``gap_free=True``).

    Examples
    --------
    >>> order_margins([[0, 2], [1, 0]], [0, 0])  # (1, 2) pays B = 1, (2, 1) pays F = 2
    1.0
    >>> order_margins([[0, 2], [1, 0]], [[0, 0], [0, 5]]).tolist()  # one round (3) vs (2, 1) (7)
    [1.0, 4.0]
    """
    w, single_w = _weights(weights, max_tasks=MAX_MARGIN_TASKS)
    r = w.shape[-1]
    gap_free = check_bool(gap_free, "gap_free")
    c = check_array(costs, "costs", ndim=(1, 2), max_size=10_000_000)
    single_c = c.ndim == 1
    c = c.reshape(-1, c.shape[-1])
    if c.shape[-1] != r:
        raise ValueError(f"costs must have one entry per round, r = {r}, got {c.shape[-1]}")
    if gap_free and ((c < 0).any() or (np.diff(c, axis=1) < 0).any()):
        raise ValueError(
            "costs must be non-negative and non-decreasing with gap_free=True "
            "(pass gap_free=False to search every map for other costs)"
        )
    every, n_respecting, ahead = _space(r, gap_free)
    pairwise = w.reshape(len(w), -1) @ ahead.T  # (n, schedules)
    depth = np.cumsum(c, axis=1)[:, every.max(axis=1) - 1]  # (k, schedules)
    out = np.empty((len(c), len(w)))
    for i, profile in enumerate(depth):
        losses = pairwise + profile
        out[i] = losses[:, n_respecting:].min(axis=1) - losses[:, :n_respecting].min(axis=1)
    if single_w:
        out = out[:, 0]
    if single_c:
        out = out[0]
    return float(out) if np.ndim(out) == 0 else out


# --------------------------------------------------------------------------- #
# instances from parameters, and the hill-climb
# --------------------------------------------------------------------------- #
def _params(params, r: int) -> np.ndarray:
    x = check_array(params, "params", ndim=2, nonnegative=True, max_size=10_000_000)
    if x.shape[1] != r * (r - 1):
        raise ValueError(
            f"params must have r (r - 1) = {r * (r - 1)} columns (two per "
            f"interval), got {x.shape[1]}"
        )
    return x


def _monotone(x: np.ndarray, r: int, drop: tuple[str, ...]) -> np.ndarray:
    F, B = np.zeros((len(x), r, r)), np.zeros((len(x), r, r))
    for k, (p, q) in enumerate(_spans(r)):
        grow, shrink = x[:, 2 * k], x[:, 2 * k + 1]
        if q == p + 1:
            B[:, p, q], F[:, p, q] = grow, grow + 0.1 + shrink
        else:
            F[:, p, q] = np.maximum(F[:, p, q - 1], F[:, p + 1, q]) + grow
            B[:, p, q] = np.minimum(B[:, p, q - 1], B[:, p + 1, q]) / (1 + shrink)
            if "M2" in drop:  # any forward weight at least the backward one
                F[:, p, q] = B[:, p, q] + grow
            if "M3" in drop:  # any backward weight below the forward one
                B[:, p, q] = F[:, p, q] * shrink / (1 + shrink)
    return F + np.transpose(B, (0, 2, 1))


def monotone_weights(params, r, drop=()):
    """Instances whose order ``0, ..., r-1`` satisfies (M), built from non-negative parameters.

    Two parameters per interval ``(p, q)`` of positions, shortest intervals first: on an adjacent
    pair, the backward weight ``B`` and the lean ``F - B - 0.1``; on a wider interval, how much
    the forward weight exceeds the larger of the two intervals inside it and by what factor the
    backward weight falls below the smaller.  A parameter equal to 0 reaches an equality of (M).

    Parameters
    ----------
    params : array_like of float, shape (n, r (r - 1))
        Non-negative parameters, one row per instance.
    r : int
        Number of tasks, 2 to 12.
    drop : tuple of str, default ()
        ``("M2",)`` lets forward weights shrink as an interval widens, ``("M3",)`` lets backward
        weights grow (every pair still leans forward, so the order stays the unique one).

    Returns
    -------
    ndarray of float, shape (n, r, r)

    Raises
    ------
    ValueError, TypeError
        If ``params`` is not a non-negative table with ``r (r - 1)`` columns, ``r`` is out of
        range, or ``drop`` names an unknown condition.

    Examples
    --------
    >>> w = monotone_weights([[1.0, 0.0]], 2)
    >>> w.tolist(), monotone_conditions(w).tolist()
    ([[[0.0, 1.1], [1.0, 0.0]]], [[True, True, True]])
    """
    r = check_int(r, "r", minimum=2, maximum=12)
    return _monotone(_params(params, r), r, _drop(drop))


def _assumption_1(x: np.ndarray, r: int) -> np.ndarray:
    s, d = np.zeros((len(x), r, r)), np.zeros((len(x), r, r))
    for k, (p, q) in enumerate(_spans(r)):
        extra, lean = x[:, 2 * k], x[:, 2 * k + 1]
        s[:, p, q] = extra + (0.1 if q == p + 1 else sum(s[:, t, t + 1] for t in range(p, q)))
        share = (0.1 + lean) / (1.1 + lean) if q == p + 1 else lean / (1 + lean)
        d[:, p, q] = s[:, p, q] * share
    # forward weights (s + d) / 2, backward weights (s - d) / 2
    return (s + d) / 2 + np.transpose((s - d) / 2, (0, 2, 1))


def assumption_1_weights(params, r):
    """Instances whose order ``0, ..., r-1`` is unique and satisfies Assumption 1 (chain reading).

    Two parameters per interval ``(p, q)``, shortest first: by how much its tie weight
    ``s = y_pq + y_qp`` exceeds the sum of the adjacent tie weights inside it (Assumption 1 with
    slack), and how far the pair leans forward (``d = y_pq - y_qp``, a fraction of ``s``;
    positive, so every pair is an edge of the difference graph and the order is unique).

    Parameters
    ----------
    params : array_like of float, shape (n, r (r - 1))
        Non-negative parameters, one row per instance.
    r : int
        Number of tasks, 2 to 12.

    Returns
    -------
    ndarray of float, shape (n, r, r)

    Raises
    ------
    ValueError, TypeError
        If ``params`` is not a non-negative table with ``r (r - 1)`` columns or ``r`` is out of
        range.

    Examples
    --------
    >>> from rankviz.orders import assumption_1_holds
    >>> w = assumption_1_weights([[0, 0, 0, 0, 1, 1]], 3)[0]
    >>> bool(assumption_1_holds(w))
    True
    """
    r = check_int(r, "r", minimum=2, maximum=12)
    return _assumption_1(_params(params, r), r)


@dataclass(frozen=True)
class ClimbResult:
    """What :func:`climb_order_margin` found.

    Attributes
    ----------
    lowest : float
        The lowest objective reached (negative: a counterexample to the conclusion searched).
    evaluated : int
        Instances evaluated in all.
    found_after : int or None
        Instances evaluated when the objective first went below 0 (None: never).
    weights : ndarray, shape (r, r)
        The instance with the lowest objective.
    costs : ndarray, shape (r,)
        Its round costs (``c_1 = 0``, non-decreasing).
    """

    lowest: float
    evaluated: int
    found_after: int | None
    weights: np.ndarray
    costs: np.ndarray

    def __repr__(self) -> str:
        return (
            f"ClimbResult(lowest={self.lowest:.4f}, evaluated={self.evaluated}, "
            f"found_after={self.found_after})"
        )


def climb_order_margin(r, family="M", population=100, steps=150, rng=0, objective="slack"):
    """Hill-climb over instances of a family towards a counterexample to the restated Lemma 2.

    A population of instances (weights built by :func:`monotone_weights` or
    :func:`assumption_1_weights` from random parameters, often exactly 0, and round costs
    ``c_1 = 0 <= c_2 <= ...``) is improved one random parameter at a time, keeping a change when
    the objective does not rise.  The objective, divided by the instance's size (total weight
    plus the cost of all rounds), is

    * ``"slack"``: the margin (:func:`order_margins`) minus :func:`adjacent_gap`; below 0 would
      refute the lemma's bound;
    * ``"margin"``: the margin itself; below 0 is an instance whose every optimal schedule
      breaks the order.

    Parameters
    ----------
    r : int
        Number of tasks, 2 to 6.
    family : {"M", "M without M2", "M without M3", "Assumption 1"}, default "M"
        The instances searched.
    population, steps : int, default 100, 150
        Instances climbed in parallel (1 to 1,000) and improvement steps (0 to 10,000).
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    objective : {"slack", "margin"}, default "slack"

    Returns
    -------
    ClimbResult

    Raises
    ------
    ValueError, TypeError
        If an argument is out of range or of the wrong type.

    Examples
    --------
    >>> climb_order_margin(3, "M", population=20, steps=10, rng=1).lowest > -1e-9
    True
    """
    r = check_int(r, "r", minimum=2, maximum=MAX_MARGIN_TASKS)
    family = check_choice(family, "family", FAMILIES)
    population = check_int(population, "population", minimum=1, maximum=1000)
    steps = check_int(steps, "steps", minimum=0, maximum=10_000)
    objective = check_choice(objective, "objective", ("slack", "margin"))
    gen = as_generator(rng)
    n = r * (r - 1) + r - 1  # two parameters per interval, then c_2 - c_1, c_3 - c_2, ...
    every, n_respecting, ahead = _space(r, True)
    t = np.arange(r - 1)

    def instance(x):
        if family == "Assumption 1":
            w = _assumption_1(x[:, : r * (r - 1)], r)
        else:
            drop = {"M": (), "M without M2": ("M2",), "M without M3": ("M3",)}[family]
            w = _monotone(x[:, : r * (r - 1)], r, drop)
        c = np.cumsum(np.hstack([np.zeros((len(x), 1)), x[:, r * (r - 1) :]]), axis=1)
        return w, c

    def value(x):
        w, c = instance(x)
        cumulative = np.cumsum(c, axis=1)
        losses = w.reshape(len(w), -1) @ ahead.T + cumulative[:, every.max(axis=1) - 1]
        margin = losses[:, n_respecting:].min(axis=1) - losses[:, :n_respecting].min(axis=1)
        if objective == "slack":
            margin = margin - (w[:, t, t + 1] - w[:, t + 1, t]).min(axis=1)
        return margin / (w.sum(axis=(1, 2)) + cumulative[:, -1])

    x = gen.exponential(size=(population, n)) * (gen.random((population, n)) < 0.6)
    current = value(x)
    found_after = population if current.min() < -1e-9 else None
    rows = np.arange(population)
    for step in range(steps):
        trial, cols = x.copy(), gen.integers(n, size=population)
        trial[rows, cols] = np.abs(
            trial[rows, cols] + gen.normal(size=population) * (0.1 + trial[rows, cols])
        )
        trial[rows, cols] *= gen.random(population) < 0.85  # often exactly 0: an equality
        new = value(trial)
        better = new <= current
        x[better], current[better] = trial[better], new[better]
        if found_after is None and current.min() < -1e-9:
            found_after = population * (step + 2)
    w, c = instance(x[[int(np.argmin(current))]])
    return ClimbResult(float(current.min()), population * (steps + 1), found_after, w[0], c[0])
