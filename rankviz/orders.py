"""The difference graph of a task graph and its topological orders: list them, count them.

``r`` tasks carry non-negative weights ``weights[i, j]`` ("task i should run
before task j"; tasks numbered ``0, ..., r-1``).  The **difference graph**
(Duchi, Mackey and Jordan, 2013, section 3.2.2) has an edge ``i -> j`` of
weight ``y_ij - y_ji`` whenever ``y_ij > y_ji``.  When it is acyclic, an order
(tasks first to last, ``order[p]`` the task at 0-based position ``p``, as in
:mod:`rankviz.permutations`) minimises the pairwise disagreement
``sum_{i before j} y_ji`` exactly when it is one of its topological orders:
the set M that Algorithm 2 of the draft runs through
(:func:`rankviz.scheduling.improved_clustering`).

This module lists those orders (:func:`topological_orders`), counts them
without listing them (:func:`count_orders`, whose number can grow factorially:
the draft's warning after Algorithm 2), tests the draft's Assumption 1 on the
unique order (:func:`assumption_1_holds`) and draws the chapter's random
instances: a weighted task DAG (:func:`random_task_weights`) and weights whose
difference graph is low-noise with a unique order (:func:`random_low_noise_weights`).
Every function that needs a DAG checks it and names a cycle when there is one.

References
----------
"A Survey of Ranking Algorithms" (student draft, seed ``002_d42b8db1275ce2ab.txt``),
section 6.1.2: Assumption 1, Algorithm 2 and the warning after it.
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013 (seed ``003_78b4dd99621c547a.txt``),
section 3.2.2 (difference graph, Definition 4: low noise).
"""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz._validation import (
    as_generator,
    as_weight_matrix,
    check_bool,
    check_dag,
    check_int,
    check_probability,
    check_real,
)

__all__ = [
    "DEFAULT_MAX_ORDERS",
    "MAX_ORDERS",
    "MAX_STATES",
    "MAX_TASKS",
    "assumption_1_holds",
    "assumption_1_readings",
    "count_orders",
    "random_low_noise_weights",
    "random_task_weights",
    "topological_orders",
]

#: How many topological orders :func:`topological_orders` lists (and
#: :func:`rankviz.scheduling.improved_clustering` clusters) unless told otherwise.
DEFAULT_MAX_ORDERS = 10_000

#: The largest ``max_orders`` accepted: that many orders are listed (about 4 s for 40 tasks)
#: and, by :func:`rankviz.scheduling.improved_clustering`, each clustered.
MAX_ORDERS = 100_000

#: The largest ``max_states`` :func:`count_orders` accepts (down-sets it may visit).
MAX_STATES = 10_000_000

#: The largest number of tasks of the random instances (``r * r`` weights).
MAX_TASKS = 1000


# --------------------------------------------------------------------------- #
# the difference graph (Duchi et al. 2013, section 3.2.2)
# --------------------------------------------------------------------------- #
def _difference_graph(w: np.ndarray) -> nx.DiGraph:
    """Edge i -> j with weight y_ij - y_ji whenever y_ij > y_ji (Duchi et al., section 3.2.2).

    Chapter 07's ``rankviz.consistency.difference_graph`` computes the same graph;
    this private copy exists until the two branches are merged.
    """
    diff = w - w.T
    return digraph_from_weights(diff, diff > 0)


def _acyclic_difference_graph(w: np.ndarray) -> nx.DiGraph:
    return check_dag(
        _difference_graph(w),
        "weights",
        "difference graph (edge i -> j when weights[i, j] > weights[j, i])",
    )


# --------------------------------------------------------------------------- #
# all orders of the difference graph
# --------------------------------------------------------------------------- #
def _orders_of(graph: nx.DiGraph, max_orders: int) -> list:
    orders = list(itertools.islice(nx.all_topological_sorts(graph), max_orders + 1))
    if len(orders) > max_orders:
        raise ValueError(
            f"the difference graph has more than max_orders = {max_orders} topological "
            f"orders (count_orders(weights) gives the exact number); raise max_orders "
            f"or cluster one order with optimal_contiguous_clustering"
        )
    return orders


def topological_orders(weights, max_orders=DEFAULT_MAX_ORDERS):
    """Every topological order of the difference graph: the orders of least pairwise disagreement.

    When the difference graph (edge ``i -> j`` when ``y_ij > y_ji``) is
    acyclic, an order minimises ``sum_{i before j} y_ji`` exactly when it
    places ``i`` before ``j`` for every edge of that graph, i.e. when it is a
    topological order.  These are the set M that Algorithm 2 runs through.

    Parameters
    ----------
    weights : array_like of float, shape (r, r)
        Non-negative weights with zero diagonal and an acyclic difference graph.
    max_orders : int, default 10000
        Refuse (with a ``ValueError``) to list more orders than this, at most
        :data:`MAX_ORDERS`.

    Returns
    -------
    ndarray of int64, shape (k, r)
        Row ``q`` is an order (tasks first to last), in networkx's enumeration
        order.

    Raises
    ------
    ValueError
        If the difference graph has a cycle, if there are more than
        ``max_orders`` orders, or an input is invalid.
    TypeError
        If an input is not numeric or ``max_orders`` is not an integer.

    References
    ----------
    Duchi et al. (2013), section 3.2.2 (difference graph); seed 002, Algorithm 2, line 2.

    Examples
    --------
    >>> topological_orders([[0, 1, 1], [0, 0, 0], [0, 0, 0]])   # 0 first, then 1 and 2 either way
    array([[0, 2, 1],
           [0, 1, 2]])
    """
    w = as_weight_matrix(weights, "weights")
    max_orders = check_int(max_orders, "max_orders", minimum=1, maximum=MAX_ORDERS)
    orders = _orders_of(_acyclic_difference_graph(w), max_orders)
    return np.array(orders, dtype=np.int64).reshape(len(orders), w.shape[0])


def count_orders(weights, max_states=100_000):
    """The number of topological orders of the difference graph, counted exactly.

    Dynamic programming over the down-sets of the graph: the number of orders
    that start with a given down-set ``S`` is carried forward to ``S + {v}`` for
    every task ``v`` whose predecessors are all in ``S`` (the frontier of ``S``,
    kept with it, so that each step costs the frontier, not ``r``).  The work grows with
    the number of down-sets, small for narrow graphs (two chains of length
    ``a`` and ``b`` have ``(a + 1)(b + 1)``) and up to ``2^r`` for an antichain.

    Parameters
    ----------
    weights : array_like of float, shape (r, r)
        Non-negative weights with zero diagonal and an acyclic difference graph.
    max_states : int, default 100000
        Refuse (with a ``ValueError``) to visit more down-sets than this, at most
        :data:`MAX_STATES`.  The default bounds the work to about a second; each
        further 100000 down-sets cost about as much again.  A lower bound on the
        number of down-sets is checked first, so that a wide graph is refused at once.

    Returns
    -------
    int
        The exact count (a Python int, which does not overflow).

    Raises
    ------
    ValueError
        If the difference graph has a cycle, the count needs more than
        ``max_states`` down-sets, ``max_states > MAX_STATES``, or an input is invalid.
    TypeError
        If an input is not numeric.

    References
    ----------
    Seed 002, section 6.1.2, the warning after Algorithm 2; Duchi et al. (2013),
    section 3.2.2.

    Examples
    --------
    >>> W = [[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 0]]   # chains 0 -> 1, 2 -> 3
    >>> count_orders(W)
    6
    """
    w = as_weight_matrix(weights, "weights")
    max_states = check_int(max_states, "max_states", minimum=1, maximum=MAX_STATES)
    graph = _acyclic_difference_graph(w)
    r = w.shape[0]
    too_many = (
        f"weights has a difference graph too wide to count its orders: more than "
        f"max_states = {max_states} down-sets; raise max_states (at most "
        f"MAX_STATES = {MAX_STATES})"
    )
    # Up front, a lower bound: with G_0, G_1, ... the generations of the graph (the
    # tasks whose longest chain of predecessors has length g), every G_0 + ... + G_{g-1}
    # plus a non-empty part of G_g is a distinct down-set.
    generations = [len(g) for g in nx.topological_generations(graph)]
    if 1 + sum((1 << size) - 1 for size in generations) > max_states:
        raise ValueError(too_many)
    # The down-sets are those of the covering relation (a task's immediate
    # predecessors: its predecessors that are no other predecessor's ancestors), which
    # has far fewer edges than a dense difference graph: bit masks of ancestors.
    ancestors = [0] * r
    needs = [0] * r
    successors: list[list[int]] = [[] for _ in range(r)]
    for v in nx.topological_sort(graph):
        direct = covered = 0
        for u in graph.predecessors(v):
            direct |= 1 << u
            covered |= ancestors[u]
        ancestors[v] = direct | covered
        needs[v] = direct & ~covered
        rest = needs[v]
        while rest:
            bit = rest & -rest
            rest ^= bit
            successors[bit.bit_length() - 1].append(v)
    sources = sum(1 << v for v in range(r) if needs[v] == 0)
    # down-set -> [number of orders that start with it, the tasks that may come next]
    level, visited = {0: [1, sources]}, 1
    for _ in range(r):
        following: dict[int, list] = {}
        for downset, (ways, frontier) in level.items():
            rest = frontier
            while rest:
                bit = rest & -rest
                rest ^= bit
                grown = downset | bit
                entry = following.get(grown)
                if entry is not None:
                    entry[0] += ways
                    continue
                if visited + len(following) >= max_states:
                    raise ValueError(too_many)
                nxt = frontier & ~bit
                for u in successors[bit.bit_length() - 1]:
                    if needs[u] & ~grown == 0:
                        nxt |= 1 << u
                following[grown] = [ways, nxt]
        level = following
        visited += len(level)
    return int(level[(1 << r) - 1][0])


# --------------------------------------------------------------------------- #
# Assumption 1 and random instances
# --------------------------------------------------------------------------- #
def assumption_1_holds(weights, tol=1e-12):
    """Whether the draft's Assumption 1 holds: a unique order, and tying far apart costs most.

    Reading of the draft (its statement mixes ``m`` and ``sigma*``): the
    difference graph has exactly one topological order ``sigma*``, and for any
    two tasks at positions ``p < q`` of ``sigma*`` the weight of tying them,
    ``s_ij = y_ij + y_ji``, is at least the sum of the weights of tying each
    adjacent pair in between: ``s(o_p, o_q) >= sum_{t=p}^{q-1} s(o_t, o_{t+1})``.

    Parameters
    ----------
    weights : array_like of float, shape (r, r)
        Non-negative weights with zero diagonal and an acyclic difference graph.
    tol : float, default 1e-12
        Slack allowed in each inequality.

    Returns
    -------
    bool

    Raises
    ------
    ValueError
        If the difference graph has a cycle or an input is invalid.
    TypeError
        If an input is not numeric.

    References
    ----------
    Seed 002, section 6.1.2, Assumption 1.  The draft's Lemma 2 ("under
    Assumption 1 every optimal schedule respects the order") is false, with or
    without backward weights and even together with low noise; chapter 09 gives
    the counterexamples and a hypothesis under which the lemma holds.  A unique
    low-noise order without backward weights satisfies Assumption 1; with
    backward weights neither condition implies the other.

    Examples
    --------
    >>> assumption_1_holds([[0, 1, 2], [0, 0, 1], [0, 0, 0]])   # 2 >= 1 + 1
    True
    >>> assumption_1_holds([[0, 1, 1], [0, 0, 1], [0, 0, 0]])   # 1 < 1 + 1
    False
    >>> assumption_1_holds([[0, 1, 1], [0, 0, 0], [0, 0, 0]])   # two orders: not unique
    False
    """
    w = as_weight_matrix(weights, "weights")
    tol = check_real(tol, "tol", nonnegative=True)
    orders = list(itertools.islice(nx.all_topological_sorts(_acyclic_difference_graph(w)), 2))
    if len(orders) != 1:
        return False
    o = np.asarray(orders[0])
    s = (w + w.T)[np.ix_(o, o)]
    chain = np.concatenate(([0.0], np.cumsum(np.diag(s, 1))))  # chain[q] - chain[p]
    between = chain[None, :] - chain[:, None]
    upper = np.triu_indices(o.size, 1)
    return bool(np.all(s[upper] >= between[upper] - tol))


def assumption_1_readings(weights, strict=False):
    """The two readings of Assumption 1 along the order ``0, 1, ..., r-1``.

    With ``s_pq = y_pq + y_qp`` the cost of tying tasks ``p`` and ``q``, and for
    every interval ``p < q`` of the order with ``q >= p + 2``:

    * the **every-split reading**: ``s_pq >= s_pt + s_tq`` for every ``t`` with
      ``p < t < q``;
    * the **chain reading** (the draft's displayed inequality, as
      :func:`assumption_1_holds` reads it): ``s_pq >= s_{p,p+1} + ... + s_{q-1,q}``.

    Unlike :func:`assumption_1_holds`, the order is given (the task numbering)
    and need not be the unique order of least disagreement.

    Parameters
    ----------
    weights : array_like of float, shape (r, r) or (n, r, r)
        Non-negative weights with zero diagonal, one instance or a batch.
    strict : bool, default False
        Ask every inequality to be strict.

    Returns
    -------
    ndarray of bool, shape (2,) or (n, 2)
        ``(every split, chain)`` per instance.  With three tasks the two coincide.

    Raises
    ------
    ValueError, TypeError
        If ``weights`` is not a square non-negative array with zero diagonal, or
        ``strict`` is not a bool.

    References
    ----------
    Seed 002, section 6.1.2, Assumption 1 (the chain reading); the every-split
    reading is chapter 09's.

    Examples
    --------
    >>> assumption_1_readings([[0, 1, 2], [0, 0, 1], [0, 0, 0]]).tolist()   # 2 >= 1 + 1
    [True, True]
    >>> w = [[0, 1, 3, 3], [0, 0, 0, 3], [0, 0, 0, 1], [0, 0, 0, 0]]
    >>> assumption_1_readings(w).tolist()   # s_03 = 3 < s_01 + s_13 = 4, but >= 1 + 0 + 1
    [False, True]
    """
    w = as_weight_matrix(weights, "weights", batch=True)
    strict = check_bool(strict, "strict")
    single = w.ndim == 2
    if single:
        w = w[None]
    s, r = w + np.swapaxes(w, -1, -2), w.shape[-1]
    wide = [(p, q) for p in range(r) for q in range(p + 2, r)]
    holds = np.greater if strict else np.greater_equal
    every = [holds(s[:, p, q], s[:, p, t] + s[:, t, q]) for p, q in wide for t in range(p + 1, q)]
    chain = [holds(s[:, p, q], sum(s[:, u, u + 1] for u in range(p, q))) for p, q in wide]
    out = np.stack(
        [
            np.all(every, axis=0) if every else np.ones(len(w), bool),
            np.all(chain, axis=0) if chain else np.ones(len(w), bool),
        ],
        axis=1,
    )
    return out[0] if single else out


def random_task_weights(r, density=0.4, scale=1.0, rng=0):
    """A random weighted task DAG, tasks numbered in a topological order.

    Each pair ``i < j`` gets the edge ``i -> j`` with probability ``density``,
    with a weight drawn uniformly from ``[0.5 scale, 1.5 scale]``.

    Parameters
    ----------
    r : int
        Number of tasks, ``1 <= r <= MAX_TASKS``.
    density : float, default 0.4
        Probability of each of the ``r(r-1)/2`` possible edges, in [0, 1].
    scale : float, default 1.0
        Typical edge weight, > 0.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.

    Returns
    -------
    ndarray of float64, shape (r, r)
        Upper-triangular weights (``weights[i, j] > 0`` only for ``i < j``).

    Raises
    ------
    ValueError, TypeError
        If ``r`` is not a positive integer, ``density`` is outside [0, 1],
        ``scale`` is not positive, or ``rng`` is not a seed or a Generator.

    Examples
    --------
    >>> W = random_task_weights(5, density=0.5, rng=1)
    >>> W.shape, bool(np.all(np.tril(W) == 0))
    ((5, 5), True)
    """
    r = check_int(r, "r", minimum=1, maximum=MAX_TASKS)
    density = check_probability(density, "density")
    scale = check_real(scale, "scale", positive=True)
    gen = as_generator(rng)
    present = gen.random((r, r)) < density
    values = scale * gen.uniform(0.5, 1.5, size=(r, r))
    return np.triu(np.where(present, values, 0.0), 1)


def random_low_noise_weights(r, rng=0, backward=0.0, scale=1.0):
    """Random weights whose difference graph is low-noise with a unique topological order.

    A hidden random order ``o`` is drawn.  The differences ``d(p, q) =
    y(o_p, o_q) - y(o_q, o_p)`` for positions ``p < q`` are built by interval
    length: adjacent pairs get ``scale * U(0.2, 1)``, and a longer interval gets
    the largest ``d(p, t) + d(t, q)`` over its splits plus, with probability
    1/2, an extra ``scale * U(0, 1)``.  So every difference is positive (the
    order is unique) and ``d(p, q) >= d(p, t) + d(t, q)`` (Duchi et al.'s
    Definition 4).  Each pair also gets a backward weight ``y(o_q, o_p)``
    drawn from ``scale * U(0, backward)``.  With ``backward = 0`` the tie
    weights equal the differences and Assumption 1 of the draft holds too, and
    so does chapter 09's hypothesis for Lemma 2 (forward weights never shrink as
    two tasks lie further apart in the order).

    Parameters
    ----------
    r : int
        Number of tasks, ``1 <= r <= MAX_TASKS``.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    backward : float, default 0.0
        Size of the backward weights relative to ``scale``, >= 0.
    scale : float, default 1.0
        Typical adjacent difference, > 0.

    Returns
    -------
    ndarray of float64, shape (r, r)

    Raises
    ------
    ValueError, TypeError
        If an argument is out of range or of the wrong type.

    References
    ----------
    Duchi et al. (2013), Definition 4; seed 002, Assumption 1.

    Examples
    --------
    >>> W = random_low_noise_weights(4, rng=3)
    >>> count_orders(W), assumption_1_holds(W)
    (1, True)
    """
    r = check_int(r, "r", minimum=1, maximum=MAX_TASKS)
    gen = as_generator(rng)
    backward = check_real(backward, "backward", nonnegative=True)
    scale = check_real(scale, "scale", positive=True)
    d = np.zeros((r, r))
    for p in range(r - 1):
        d[p, p + 1] = scale * gen.uniform(0.2, 1.0)
    for length in range(2, r):
        for p in range(r - length):
            q = p + length
            splits = float(np.max(d[p, p + 1 : q] + d[p + 1 : q, q]))
            extra = scale * gen.uniform(0.0, 1.0) if gen.random() < 0.5 else 0.0
            d[p, q] = splits + extra
    back = np.triu(scale * gen.uniform(0.0, backward, size=(r, r)), 1) if backward else 0.0
    y_positions = d + back + np.transpose(back)  # forward d + b, backward b
    y_positions[np.diag_indices(r)] = 0.0
    y_positions = np.triu(y_positions, 1) + np.tril(y_positions, -1)
    order = gen.permutation(r)
    w = np.zeros((r, r))
    w[np.ix_(order, order)] = y_positions
    return w
