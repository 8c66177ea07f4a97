"""rankviz.orders against networkx, brute force over permutations and the definitions."""

import itertools
import math

import networkx as nx
import numpy as np
import pytest

from rankviz.orders import (
    MAX_ORDERS,
    MAX_STATES,
    MAX_TASKS,
    assumption_1_holds,
    assumption_1_readings,
    count_orders,
    random_low_noise_weights,
    random_task_weights,
    topological_orders,
)
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import all_permutations, order_from_sigma

CYCLE = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]


# --------------------------------------------------------------------------- #
# oracles
# --------------------------------------------------------------------------- #
def random_weights(rng, r, *, dag=False, integer=False, density=0.5):
    w = rng.uniform(0.1, 3.0, size=(r, r)) * (rng.random((r, r)) < density)
    if integer:
        w = np.round(w * 2)
    np.fill_diagonal(w, 0.0)
    if dag:
        perm = rng.permutation(r)
        w = np.triu(w, 1)[np.ix_(perm, perm)]
    return w


def low_noise(w):
    d = w - w.T
    r = w.shape[0]
    for i, j, k in itertools.permutations(range(r), 3):
        if d[i, j] > 0 and d[j, k] > 0 and d[i, k] < d[i, j] + d[j, k] - 1e-12:
            return False
    return True


# --------------------------------------------------------------------------- #
# orders of the difference graph
# --------------------------------------------------------------------------- #
def test_topological_orders_are_exactly_the_pairwise_optimal_orders(rng):
    perms = {n: all_permutations(n) for n in range(2, 7)}
    for _ in range(25):
        r = int(rng.integers(2, 7))
        w = random_weights(rng, r, dag=True)
        back = rng.uniform(0, 0.5, size=(r, r)) * (w.T > 0)  # some backward weight, still acyclic
        w = w + np.where(w.T > w, np.minimum(back, 0.5 * w.T), 0.0)
        losses = pairwise_disagreement(-perms[r], w)
        optimal = {tuple(order_from_sigma(s)) for s in perms[r][np.isclose(losses, losses.min())]}
        found = {tuple(o) for o in topological_orders(w)}
        assert found == optimal


HAND_MADE = {
    "chain of 5": [(0, 1), (1, 2), (2, 3), (3, 4)],
    "antichain of 4": [],
    "diamond": [(0, 1), (0, 2), (1, 3), (2, 3)],
    "two chains 3 + 3": [(0, 1), (1, 2), (3, 4), (4, 5)],
    "fork and join": [(0, 1), (0, 2), (0, 3), (1, 4), (2, 4), (3, 4), (4, 5)],
    "transitive edges": [(0, 1), (1, 2), (0, 2), (2, 3), (0, 3)],
}


@pytest.mark.parametrize("name", list(HAND_MADE))
def test_count_orders_against_networkx_on_hand_made_dags(name):
    edges = HAND_MADE[name]
    r = 1 + max((max(e) for e in edges), default=3)
    w = np.zeros((r, r))
    for i, j in edges:
        w[i, j] = 1.0
    graph = nx.DiGraph(edges)
    graph.add_nodes_from(range(r))
    expected = len(list(nx.all_topological_sorts(graph)))
    assert count_orders(w) == expected
    assert topological_orders(w).shape == (expected, r)


def test_count_orders_against_networkx_on_random_dags(rng):
    for _ in range(20):
        r = int(rng.integers(1, 8))
        w = random_weights(rng, r, dag=True, density=float(rng.uniform(0.1, 0.7)))
        graph = nx.DiGraph((int(i), int(j)) for i, j in zip(*np.nonzero(w), strict=True))
        graph.add_nodes_from(range(r))
        assert count_orders(w) == len(list(nx.all_topological_sorts(graph)))


@pytest.mark.parametrize(("a", "b"), [(1, 1), (2, 2), (3, 3), (4, 4), (10, 10), (20, 20), (5, 2)])
def test_two_chains_have_binomially_many_orders(a, b):
    w = np.zeros((a + b, a + b))
    for i in range(a - 1):
        w[i, i + 1] = 1
    for i in range(a, a + b - 1):
        w[i, i + 1] = 1
    assert count_orders(w) == math.comb(a + b, a)


# --------------------------------------------------------------------------- #
# Assumption 1, random instances
# --------------------------------------------------------------------------- #
def test_assumption_1_reads_the_inequality_along_the_unique_order():
    assert assumption_1_holds([[0, 1, 2], [0, 0, 1], [0, 0, 0]])
    assert not assumption_1_holds([[0, 1, 1], [0, 0, 1], [0, 0, 0]])
    assert not assumption_1_holds([[0, 1, 1], [0, 0, 0], [0, 0, 0]])  # two orders
    # backward weights count in s = y_ij + y_ji: s_02 = 4 + 1 >= s_01 + s_12 = 1 + 3 ...
    assert assumption_1_holds([[0, 1, 4], [0, 0, 2], [1, 1, 0]])
    # ... and can break it: s_02 = 2 < s_01 + s_12 = 1.5 + 1
    assert not assumption_1_holds([[0, 1, 2], [0.5, 0, 1], [0, 0, 0]])
    assert assumption_1_holds([[0]])


def test_random_low_noise_weights_have_the_promised_structure(rng):
    for _ in range(15):
        r = int(rng.integers(1, 8))
        w = random_low_noise_weights(r, rng)
        assert count_orders(w) == 1
        assert low_noise(w)
        assert assumption_1_holds(w)
        noisy = random_low_noise_weights(r, rng, backward=1.0)
        assert count_orders(noisy) == 1 and low_noise(noisy)
        assert np.all(noisy >= 0) and np.all(np.diag(noisy) == 0)


def test_random_task_weights_are_a_dag_in_index_order():
    w = random_task_weights(30, density=0.3, scale=2.0, rng=5)
    assert np.all(np.tril(w) == 0)
    present = w[np.triu_indices(30, 1)] > 0
    assert 0.2 < present.mean() < 0.4
    assert np.all((w[w > 0] >= 1.0) & (w[w > 0] <= 3.0))
    np.testing.assert_array_equal(w, random_task_weights(30, 0.3, 2.0, rng=5))
    assert np.all(random_task_weights(6, density=0.0) == 0)


def test_count_orders_refuses_a_wide_graph_at_once(monkeypatch):
    # a sparse random DAG on 1000 tasks: its generations alone give 2^k down-sets
    # (visiting 2 million down-sets one by one would take over 10 s: the bound is checked first,
    # before the walk over the down-sets starts with a topological sort)
    import rankviz.orders

    class NetworkxWithoutTheWalk:
        def __getattr__(self, name):
            if name == "topological_sort":
                raise AssertionError("count_orders started walking the down-sets")
            return getattr(nx, name)

    wide = random_task_weights(1000, density=0.002, rng=1)
    monkeypatch.setattr(rankviz.orders, "nx", NetworkxWithoutTheWalk())
    with pytest.raises(ValueError, match="max_states = 2000000"):
        count_orders(wide, max_states=2_000_000)
    monkeypatch.undo()
    # an antichain of 17 tasks has 2^17 down-sets, above the default
    with pytest.raises(ValueError, match="max_states"):
        count_orders(np.zeros((17, 17)))
    assert count_orders(np.zeros((10, 10))) == math.factorial(10)


def test_count_orders_counts_down_sets_exactly_against_max_states():
    # two chains of 2 and 2 tasks: (2 + 1) * (2 + 1) = 9 down-sets
    w = np.zeros((4, 4))
    w[0, 1] = w[2, 3] = 1.0
    assert count_orders(w, max_states=9) == 6
    with pytest.raises(ValueError, match="max_states = 8"):
        count_orders(w, max_states=8)


@pytest.mark.slow
def test_count_orders_agrees_with_networkx_on_dense_and_relabelled_dags(rng):
    for _ in range(30):
        r = int(rng.integers(2, 9))
        w = random_task_weights(r, float(rng.random()), rng=rng)
        perm = rng.permutation(r)
        w = w[np.ix_(perm, perm)]
        graph = nx.DiGraph((int(i), int(j)) for i, j in zip(*np.nonzero(w), strict=True))
        graph.add_nodes_from(range(r))
        assert count_orders(w) == len(list(nx.all_topological_sorts(graph)))


# --------------------------------------------------------------------------- #
# bad input
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: topological_orders(CYCLE), r"acyclic difference graph"),
        (lambda: topological_orders(np.zeros((4, 4)), max_orders=23), r"more than max_orders"),
        (
            lambda: topological_orders(np.zeros((2, 2)), max_orders=MAX_ORDERS + 1),
            r"max_orders must be <=",
        ),
        (lambda: count_orders(CYCLE), r"cycle"),
        (lambda: count_orders(np.zeros((12, 12)), max_states=1000), r"max_states = 1000"),
        (
            lambda: count_orders(np.zeros((2, 2)), max_states=MAX_STATES + 1),
            r"max_states must be <=",
        ),
        (lambda: assumption_1_holds(CYCLE), r"cycle"),
        (lambda: assumption_1_holds(np.zeros((2, 2)), tol=float("nan")), r"tol must be finite"),
        (lambda: random_task_weights(0), r"r must be >= 1"),
        (lambda: random_task_weights(MAX_TASKS + 1), r"r must be <="),
        (lambda: random_task_weights(4, density=1.5), r"density must lie in \[0, 1\]"),
        (lambda: random_task_weights(4, scale=0), r"scale must be > 0"),
        (lambda: random_low_noise_weights(4, backward=-1), r"backward must be >= 0"),
        (lambda: random_low_noise_weights(10**12), r"r must be <="),
    ],
)
def test_bad_input_raises_value_error_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: topological_orders(np.zeros((2, 2)), max_orders=2.5), r"max_orders must be"),
        (lambda: count_orders(np.zeros((2, 2)), max_states=True), r"max_states must be"),
        (lambda: random_task_weights(4, rng="seed"), r"rng must be an int seed"),
    ],
)
def test_non_numeric_input_raises_type_error(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_assumption_1_readings_against_plain_loops():
    rng = np.random.default_rng(29)
    for r in (2, 3, 4, 5):
        w = rng.integers(0, 4, size=(60, r, r)).astype(float)
        w[:, np.arange(r), np.arange(r)] = 0
        for strict in (False, True):
            got = assumption_1_readings(w, strict=strict)
            for k, one in enumerate(w):
                s = one + one.T
                ok = (lambda a, b: a > b) if strict else (lambda a, b: a >= b)
                every = all(
                    ok(s[p, q], s[p, t] + s[t, q])
                    for p in range(r)
                    for q in range(p + 2, r)
                    for t in range(p + 1, q)
                )
                chain = all(
                    ok(s[p, q], sum(s[u, u + 1] for u in range(p, q)))
                    for p in range(r)
                    for q in range(p + 2, r)
                )
                assert got[k].tolist() == [every, chain]
                assert assumption_1_readings(one, strict=strict).tolist() == [every, chain]


def test_the_chain_reading_is_assumption_1_along_a_unique_order():
    rng = np.random.default_rng(30)
    outcomes = []
    for trial in range(40):  # odd trials add backward weights, which can break Assumption 1
        extra = (trial % 2) * rng.integers(0, 2, (5, 5)) * (1 - np.eye(5))
        w = random_low_noise_weights(5, rng) + extra
        try:
            order = topological_orders(w)
        except ValueError:  # the added weights closed a cycle of the difference graph
            continue
        if len(order) != 1:
            continue
        along = w[np.ix_(order[0], order[0])]
        outcomes.append(assumption_1_holds(w))
        assert bool(assumption_1_readings(along)[1]) == outcomes[-1]
    assert outcomes.count(True) >= 5 and outcomes.count(False) >= 5
