"""rankviz.order_margins against plain loops over the definitions and brute force over every map."""

import itertools

import numpy as np
import pytest

from rankviz.order_margins import (
    ClimbResult,
    adjacent_gap,
    assumption_1_weights,
    climb_order_margin,
    monotone_conditions,
    monotone_instances,
    monotone_weights,
    order_margins,
    respects_order,
)
from rankviz.orders import assumption_1_holds, count_orders, topological_orders
from rankviz.scheduling import schedule_loss


# --------------------------------------------------------------------------- #
# independent oracles: plain loops over the definitions
# --------------------------------------------------------------------------- #
def naive_conditions(w):
    """(M1), (M2), (M3) along 0..r-1, every pair of nested intervals by a loop."""
    r = len(w)
    intervals = [(p, q) for p in range(r) for q in range(p + 1, r)]
    nested = [(p, q, a, b) for p, q in intervals for a, b in intervals if a <= p and q <= b]
    return (
        all(w[t, t + 1] > w[t + 1, t] for t in range(r - 1)),
        all(w[p, q] <= w[a, b] for p, q, a, b in nested),
        all(w[q, p] >= w[b, a] for p, q, a, b in nested),
    )


def naive_margin(w, c, gap_free=True):
    """Best loss of a map breaking 0..r-1 minus the best respecting it, one map at a time."""
    r = len(c)
    best = {True: np.inf, False: np.inf}
    for m in itertools.product(range(1, r + 1), repeat=r):
        if gap_free and set(m) != set(range(1, max(m) + 1)):
            continue
        ordered = all(m[t] <= m[t + 1] for t in range(r - 1))
        loss = sum(w[i, j] for i in range(r) for j in range(r) if i != j and m[i] >= m[j])
        loss += sum(c[: max(m)])
        best[ordered] = min(best[ordered], loss)
    return best[False] - best[True]


@pytest.fixture
def rng():
    return np.random.default_rng(2029)


# --------------------------------------------------------------------------- #
# respects_order, monotone_conditions, adjacent_gap
# --------------------------------------------------------------------------- #
def test_respects_order_against_a_loop(rng):
    maps = np.array(list(itertools.product(range(1, 5), repeat=4)))
    for _ in range(5):
        order = rng.permutation(4)
        want = [all(m[order[p]] <= m[order[p + 1]] for p in range(3)) for m in maps]
        assert respects_order(maps, order).tolist() == want
    assert respects_order([3, 1, 2], [1, 2, 0]) is True


def test_monotone_conditions_against_the_nested_loop(rng):
    for r in (2, 3, 4, 5):
        for _ in range(40):
            w = rng.integers(0, 3, size=(r, r)).astype(float)
            np.fill_diagonal(w, 0)
            assert tuple(monotone_conditions(w).tolist()) == naive_conditions(w)
    batch = monotone_instances(4, 2, drop=("M2", "M3"))
    want = np.array([naive_conditions(w) for w in batch])
    assert np.array_equal(monotone_conditions(batch), want)


def test_adjacent_gap_is_the_smallest_adjacent_lean():
    w = np.array([[0, 5, 0], [1, 0, 2], [0, 3, 0]], float)  # leans 4 and -1
    assert adjacent_gap(w) == -1.0
    assert adjacent_gap(np.stack([w, w.T])).tolist() == [-1.0, -4.0]


# --------------------------------------------------------------------------- #
# monotone_instances: exactly the integer matrices that satisfy the conditions
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("drop", [(), ("M2",), ("M3",), ("M2", "M3")])
@pytest.mark.parametrize("strict", [True, False])
def test_monotone_instances_are_exactly_the_filtered_matrices(drop, strict):
    r, top = 3, 2
    pairs = [(p, q) for p in range(r) for q in range(p + 1, r)]
    want = set()
    for values in itertools.product(range(top + 1), repeat=2 * len(pairs)):
        w = np.zeros((r, r))
        for k, (p, q) in enumerate(pairs):
            w[p, q], w[q, p] = values[2 * k], values[2 * k + 1]
        leans = all(w[p, q] > w[q, p] or (not strict and w[p, q] == w[q, p]) for p, q in pairs)
        _, m2, m3 = naive_conditions(w)
        if leans and (m2 or "M2" in drop) and (m3 or "M3" in drop):
            want.add(w.tobytes())
    got = monotone_instances(r, top, strict=strict, drop=drop)
    assert len(got) == len(want) == len({w.tobytes() for w in got})
    assert {w.tobytes() for w in got} == want


# --------------------------------------------------------------------------- #
# order_margins against brute force over every map
# --------------------------------------------------------------------------- #
def test_order_margins_against_brute_force(rng):
    for r in (2, 3, 4):
        w = rng.integers(0, 4, size=(6, r, r)).astype(float)
        w[:, np.arange(r), np.arange(r)] = 0
        c = np.sort(rng.integers(0, 4, size=(3, r)), axis=1).astype(float)
        got = order_margins(w, c)
        assert got.shape == (3, 6)
        for k, j in itertools.product(range(3), range(6)):
            assert got[k, j] == pytest.approx(naive_margin(w[j], c[k]))
        any_costs = rng.normal(size=(2, r))  # negative and decreasing: every map searched
        got = order_margins(w, any_costs, gap_free=False)
        for k, j in itertools.product(range(2), range(6)):
            assert got[k, j] == pytest.approx(naive_margin(w[j], any_costs[k], gap_free=False))


def test_order_margins_agrees_with_schedule_loss_on_a_five_task_instance(rng):
    w = rng.uniform(0, 2, size=(5, 5))
    np.fill_diagonal(w, 0)
    c = np.sort(rng.uniform(0, 2, size=5))
    maps = np.array(list(itertools.product(range(1, 6), repeat=5)))
    losses = schedule_loss(maps, w, c)
    ordered = respects_order(maps, np.arange(5))
    assert order_margins(w, c) == pytest.approx(losses[~ordered].min() - losses[ordered].min())


def test_the_restated_lemma_on_small_integer_instances():
    instances = monotone_instances(3, 3)
    profiles = np.array([[0, a, b] for a in range(4) for b in range(a, 5)], float)
    margins = order_margins(instances, profiles)
    assert margins.min() > 0
    assert (margins - adjacent_gap(instances)).min() == 0  # the bound is attained


def test_order_margins_refuses_costs_a_gap_free_search_cannot_serve():
    with pytest.raises(ValueError, match="costs"):
        order_margins([[0, 1], [0, 0]], [1.0, 0.0])
    with pytest.raises(ValueError, match="weights"):
        order_margins(np.zeros((7, 7)), np.zeros(7))


# --------------------------------------------------------------------------- #
# the builders and the climb
# --------------------------------------------------------------------------- #
def test_monotone_weights_satisfy_what_they_promise(rng):
    r = 5
    x = rng.exponential(size=(200, r * (r - 1))) * (rng.random((200, r * (r - 1))) < 0.6)
    full = monotone_weights(x, r)
    assert monotone_conditions(full).all()
    no_m2 = monotone_conditions(monotone_weights(x, r, drop=("M2",)))
    no_m3 = monotone_conditions(monotone_weights(x, r, drop=("M3",)))
    assert no_m2[:, [0, 2]].all() and not no_m2[:, 1].all()
    assert no_m3[:, [0, 1]].all() and not no_m3[:, 2].all()
    for w in monotone_weights(x[:10], r, drop=("M2",)):  # every pair still leans forward
        assert topological_orders(w)[0].tolist() == list(range(r)) and count_orders(w) == 1


def test_assumption_1_weights_satisfy_assumption_1_with_a_unique_order(rng):
    r = 4
    x = rng.exponential(size=(50, r * (r - 1))) * (rng.random((50, r * (r - 1))) < 0.6)
    for w in assumption_1_weights(x, r):
        assert count_orders(w) == 1 and assumption_1_holds(w)
        assert topological_orders(w)[0].tolist() == list(range(r))


def test_climb_finds_no_counterexample_under_m_and_one_without_m2():
    under_m = climb_order_margin(4, "M", population=40, steps=40, rng=3)
    assert isinstance(under_m, ClimbResult) and under_m.found_after is None
    assert under_m.lowest > -1e-9 and under_m.evaluated == 40 * 41
    without = climb_order_margin(
        4, "M without M2", population=40, steps=40, rng=3, objective="margin"
    )
    assert without.found_after is not None and without.lowest < 0
    w, c = without.weights, without.costs
    assert order_margins(w, c) < 0  # the instance found is a counterexample, by brute force
    assert c[0] == 0 and np.all(np.diff(c) >= 0)
