"""rankviz.scheduling against brute force, naive re-implementations and networkx."""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankviz.orders import (
    MAX_ORDERS,
    assumption_1_holds,
    count_orders,
    random_low_noise_weights,
    random_task_weights,
    topological_orders,
)
from rankviz.pairwise import pairwise_disagreement
from rankviz.scheduling import (
    BRUTE_FORCE_MAX,
    LossParts,
    MergeCost,
    OptimalSchedules,
    Schedule,
    brute_force_schedule,
    coarsenings,
    greedy_clustering,
    improved_clustering,
    merge_cost,
    optimal_contiguous_clustering,
    schedule_loss,
    schedule_loss_parts,
)

FUBINI = [1, 3, 13, 75, 541, 4683, 47293, 545835]


# --------------------------------------------------------------------------- #
# independent oracles: plain loops over the definitions
# --------------------------------------------------------------------------- #
def naive_loss(rounds, w, c, variant="depth"):
    """Eq. (1) (or the section 6.1.1 variant), term by term."""
    r = len(rounds)
    total = 0.0
    for i in range(r):
        for j in range(r):
            if i != j and rounds[i] >= rounds[j]:
                total += w[i][j]
    if variant == "depth":
        total += sum(c[t - 1] for t in range(1, max(rounds) + 1))
    else:
        total += sum(sum(c[: rounds[j]]) for j in range(r))
    return total


def naive_greedy(w, c, order):
    """Algorithm 1 recomputing every merge cost from scratch at every step."""
    clusters = [[int(task)] for task in order]
    while len(clusters) > 1:
        costs = [
            sum(w[a][b] for a in clusters[k] for b in clusters[k + 1])
            for k in range(len(clusters) - 1)
        ]
        k = min(range(len(costs)), key=lambda q: (costs[q], q))
        if costs[k] <= c[len(clusters) - 1]:
            clusters[k] = clusters[k] + clusters.pop(k + 1)
        else:
            break
    rounds = np.empty(len(order), dtype=int)
    for t, cluster in enumerate(clusters, start=1):
        rounds[cluster] = t
    return rounds


def contiguous_schedules(order):
    """Every schedule respecting the order: 2^(r-1) ways to cut it into blocks."""
    r = len(order)
    for cuts in itertools.product((0, 1), repeat=r - 1):
        position_rounds = np.concatenate(([1], 1 + np.cumsum(cuts)))
        rounds = np.empty(r, dtype=int)
        rounds[np.asarray(order)] = position_rounds
        yield rounds


def random_weights(rng, r, *, dag=False, integer=False, density=0.5):
    w = rng.uniform(0.1, 3.0, size=(r, r)) * (rng.random((r, r)) < density)
    if integer:
        w = np.round(w * 2)
    np.fill_diagonal(w, 0.0)
    if dag:
        perm = rng.permutation(r)
        w = np.triu(w, 1)[np.ix_(perm, perm)]
    return w


def random_costs(rng, r, integer=False):
    c = np.sort(rng.uniform(0.0, 3.0, size=r))
    return np.round(c) if integer else c


def respects(rounds, order):
    return bool(np.all(np.diff(np.asarray(rounds)[np.asarray(order)]) >= 0))


def low_noise(w):
    d = w - w.T
    r = w.shape[0]
    for i, j, k in itertools.permutations(range(r), 3):
        if d[i, j] > 0 and d[j, k] > 0 and d[i, k] < d[i, j] + d[j, k] - 1e-12:
            return False
    return True


# --------------------------------------------------------------------------- #
# the loss
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("variant", ["depth", "completion"])
def test_schedule_loss_matches_the_definition_term_by_term(rng, variant):
    for _ in range(40):
        r = int(rng.integers(1, 8))
        w, c = random_weights(rng, r), random_costs(rng, r)
        rounds = rng.integers(1, r + 1, size=r)
        assert schedule_loss(rounds, w, c, variant) == pytest.approx(
            naive_loss(rounds, w, c, variant), abs=1e-9
        )


def test_schedule_loss_batches_and_uses_pairwise_disagreement(rng):
    r = 6
    w, c = random_weights(rng, r), random_costs(rng, r)
    batch = rng.integers(1, r + 1, size=(30, r))
    losses = schedule_loss(batch, w, c)
    assert losses.shape == (30,)
    for rounds, loss in zip(batch, losses, strict=True):
        assert loss == pytest.approx(schedule_loss(rounds, w, c))
        depth_cost = np.cumsum(c)[rounds.max() - 1]
        assert loss - depth_cost == pytest.approx(pairwise_disagreement(-rounds, w, ties="error"))


def test_loss_parts_add_up_and_match_loops(rng):
    for _ in range(40):
        r = int(rng.integers(2, 8))
        w, c = random_weights(rng, r), random_costs(rng, r)
        rounds = rng.integers(1, r + 1, size=r)
        for variant in ("depth", "completion"):
            parts = schedule_loss_parts(rounds, w, c, variant)
            backward = sum(w[i, j] for i in range(r) for j in range(r) if rounds[i] > rounds[j])
            tied = sum(
                w[i, j] for i in range(r) for j in range(r) if i != j and rounds[i] == rounds[j]
            )
            assert parts.disagreement == pytest.approx(backward, abs=1e-9)
            assert parts.clustering == pytest.approx(tied, abs=1e-9)
            assert parts.total == pytest.approx(schedule_loss(rounds, w, c, variant), abs=1e-9)
            assert parts.variant == variant


def test_completion_variant_charges_every_task_its_rounds():
    w = np.zeros((3, 3))
    c = [1.0, 2.0, 4.0]
    assert schedule_loss([1, 2, 3], w, c, "completion") == 1 + 3 + 7
    assert schedule_loss([1, 2, 3], w, c, "depth") == 7
    assert schedule_loss([3, 3, 3], w, c, "depth") == 7  # empty rounds still count


@pytest.mark.slow
@given(st.integers(2, 6), st.integers(0, 10_000))
def test_loss_is_invariant_under_relabelling_the_tasks(r, seed):
    rng = np.random.default_rng(seed)
    w, c = random_weights(rng, r), random_costs(rng, r)
    rounds = rng.integers(1, r + 1, size=r)
    perm = rng.permutation(r)  # task i becomes task perm[i]
    w2 = np.empty_like(w)
    w2[np.ix_(perm, perm)] = w
    rounds2 = np.empty_like(rounds)
    rounds2[perm] = rounds
    assert schedule_loss(rounds2, w2, c) == pytest.approx(schedule_loss(rounds, w, c))


# --------------------------------------------------------------------------- #
# brute force
# --------------------------------------------------------------------------- #
@pytest.mark.slow
@pytest.mark.parametrize("r", range(1, BRUTE_FORCE_MAX + 1))
def test_brute_force_searches_every_ordered_partition_once(r):
    w = np.zeros((r, r))
    result = brute_force_schedule(w, np.zeros(r))
    assert result.n_searched == FUBINI[r - 1]
    # with no edges and free rounds every schedule is optimal: the table itself comes back
    table = result.schedules
    assert table.shape == (FUBINI[r - 1], r)
    assert np.unique(table, axis=0).shape[0] == table.shape[0]  # each schedule once
    distinct = (np.diff(np.sort(table, axis=1), axis=1) > 0).sum(axis=1) + 1
    assert table.min() == 1 and np.array_equal(distinct, table.max(axis=1))  # no empty round


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["depth", "completion"])
def test_brute_force_equals_the_minimum_over_all_maps(rng, variant):
    """All r^r maps (empty rounds included): same minimum, same gap-free minimisers."""
    for _ in range(12):
        r = int(rng.integers(2, 6))
        w = random_weights(rng, r, integer=True)
        c = random_costs(rng, r, integer=True)
        maps = np.array(list(itertools.product(range(1, r + 1), repeat=r)))
        losses = np.array([naive_loss(m, w, c, variant) for m in maps])
        result = brute_force_schedule(w, c, variant)
        assert result.loss == pytest.approx(losses.min())
        gap_free = np.array([set(m) == set(range(1, m.max() + 1)) for m in maps])
        expected = {tuple(m) for m in maps[gap_free & np.isclose(losses, losses.min())]}
        assert {tuple(m) for m in result.schedules} == expected


@pytest.mark.slow
@pytest.mark.parametrize("r", [6, 7, 8])
def test_brute_force_against_edge_by_edge_evaluation_of_every_schedule(rng, r):
    """Larger r: every gap-free schedule scored edge by edge, independently of the block sums."""
    table = brute_force_schedule(np.zeros((r, r)), np.zeros(r)).schedules  # all of them
    for variant in ("depth", "completion"):
        w = random_weights(rng, r, integer=True)
        c = random_costs(rng, r, integer=True)
        cumulative = np.cumsum(c)
        loss = (
            cumulative[table.max(axis=1) - 1]
            if variant == "depth"
            else cumulative[table - 1].sum(axis=1)
        )
        for i, j in zip(*np.nonzero(w), strict=True):
            loss = loss + w[i, j] * (table[:, i] >= table[:, j])
        result = brute_force_schedule(w, c, variant)
        assert result.loss == pytest.approx(loss.min())
        expected = {tuple(row) for row in table[np.isclose(loss, loss.min())]}
        assert {tuple(row) for row in result.schedules} == expected


def test_brute_force_on_the_drafts_worked_example():
    w = np.zeros((5, 5))
    for (i, j), v in {
        (1, 2): 100,
        (2, 4): 100,
        (1, 3): 100,
        (3, 5): 99,
        (1, 4): 200,
        (1, 5): 300,
    }.items():
        w[i - 1, j - 1] = v
    c = [0, 1, 1, 1, 1]
    best = brute_force_schedule(w, c)
    assert best.loss == 2.0
    assert best.schedules.tolist() == [[1, 2, 2, 3, 3]]  # the draft's m1 = (1, {2,3}, {4,5})
    assert schedule_loss([1, 2, 3, 3, 4], w, c) == 3.0  # the draft's m2
    sigma1 = greedy_clustering(w, c, [0, 1, 2, 3, 4])
    sigma2 = greedy_clustering(w, c, [0, 1, 3, 2, 4])
    assert sigma1.rounds.tolist() == [1, 2, 2, 3, 3]
    assert sigma2.rounds.tolist() == [1, 2, 3, 3, 4]


# --------------------------------------------------------------------------- #
# merge cost
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("variant", ["depth", "completion"])
def test_merge_cost_is_the_exact_change_in_loss(rng, variant):
    checked = 0
    for _ in range(60):
        r = int(rng.integers(2, 8))
        w, c = random_weights(rng, r), random_costs(rng, r)
        rounds = rng.integers(1, r + 1, size=r)  # gaps and order violations allowed
        depth = int(rounds.max())
        for k in range(1, depth):
            merged = np.where(rounds > k, rounds - 1, rounds)
            change = merge_cost(rounds, w, c, k, variant)
            assert change.change == pytest.approx(
                schedule_loss(merged, w, c, variant) - schedule_loss(rounds, w, c, variant),
                abs=1e-9,
            )
            assert change.pairwise == pytest.approx(w[np.ix_(rounds == k, rounds == k + 1)].sum())
            checked += 1
    assert checked > 100


def test_merge_cost_fields():
    cost = merge_cost([1, 2, 3], [[0, 1, 2], [0, 0, 1], [0, 0, 0]], [0, 1, 1], 2)
    assert (cost.pairwise, cost.saving, cost.change) == (1.0, 1.0, 0.0)
    assert repr(cost) == "MergeCost(pairwise=1.000, saving=1.000, change=+0.000)"
    assert MergeCost(2.0, 0.5).change == 1.5


# --------------------------------------------------------------------------- #
# Algorithm 1, the DP
# --------------------------------------------------------------------------- #
def test_greedy_matches_a_naive_reimplementation(rng):
    for _ in range(80):
        r = int(rng.integers(1, 10))
        w = random_weights(rng, r, integer=True)
        c = random_costs(rng, r, integer=True)
        order = rng.permutation(r)
        result = greedy_clustering(w, c, order)
        assert result.rounds.tolist() == naive_greedy(w, c, order).tolist()
        assert respects(result.rounds, order)
        assert result.loss == pytest.approx(naive_loss(result.rounds, w, c))
        np.testing.assert_array_equal(result.order, order)


def test_lemma_4_and_the_stopping_rule(rng):
    """Merge costs never decrease; once stopped, no further merging helps."""
    stopped = 0
    for _ in range(60):
        r = int(rng.integers(2, 8))
        w, c = random_weights(rng, r), random_costs(rng, r)
        order = rng.permutation(r)
        result = greedy_clustering(w, c, order)
        trace = list(result.merge_costs)
        if result.stopping_cost is not None:
            trace.append(result.stopping_cost)
            stopped += 1
        assert all(a <= b + 1e-12 for a, b in itertools.pairwise(trace))
        # every coarsening of the result is at least as bad (non-decreasing costs suffice)
        clusters = [np.flatnonzero(result.rounds == t) for t in range(1, result.depth + 1)]
        for cuts in itertools.product((0, 1), repeat=len(clusters) - 1):
            rounds = np.empty(r, dtype=int)
            for t, members in zip(
                np.concatenate(([1], 1 + np.cumsum(cuts))), clusters, strict=True
            ):
                rounds[members] = t
            assert schedule_loss(rounds, w, c) >= result.loss - 1e-9
    assert stopped > 10


@pytest.mark.parametrize("variant", ["depth", "completion"])
def test_dp_is_optimal_among_order_respecting_schedules(rng, variant):
    for _ in range(40):
        r = int(rng.integers(1, 9))
        w, c = random_weights(rng, r), random_costs(rng, r)
        order = rng.permutation(r)
        result = optimal_contiguous_clustering(w, c, order, variant)
        best = min(schedule_loss(m, w, c, variant) for m in contiguous_schedules(order))
        assert respects(result.rounds, order)
        assert result.loss == pytest.approx(best, abs=1e-9)
        assert set(result.rounds.tolist()) == set(range(1, result.depth + 1))


@pytest.mark.parametrize("costs", [np.zeros(7), np.full(7, 50.0), np.arange(7) ** 2.0])
def test_dp_early_stop_does_not_cut_off_the_optimum(rng, costs):
    for variant in ("depth", "completion"):
        for _ in range(10):
            w = random_weights(rng, 7)
            order = rng.permutation(7)
            result = optimal_contiguous_clustering(w, costs, order, variant)
            best = min(schedule_loss(m, w, costs, variant) for m in contiguous_schedules(order))
            assert result.loss == pytest.approx(best, abs=1e-9)


def test_dp_is_never_worse_than_greedy_and_never_better_than_brute_force(rng):
    strictly_better = 0
    for _ in range(60):
        r = int(rng.integers(4, 8))
        perm = rng.permutation(r)
        w = random_task_weights(r, density=0.6, rng=rng)[np.ix_(perm, perm)]
        c = float(rng.uniform(0.3, 1.5)) * np.arange(r)
        order = topological_orders(w, max_orders=MAX_ORDERS)[0]
        greedy = greedy_clustering(w, c, order)
        dp = optimal_contiguous_clustering(w, c, order)
        optimum = brute_force_schedule(w, c).loss
        assert optimum - 1e-9 <= dp.loss <= greedy.loss + 1e-9
        strictly_better += dp.loss < greedy.loss - 1e-9
    assert strictly_better > 0  # the DP does beat Algorithm 1 on some instances


def test_greedy_counterexample_under_low_noise_and_assumption_1():
    w = np.array([[0, 2, 4, 6], [0, 0, 1, 3], [0, 0, 0, 2], [0, 0, 0, 0]], dtype=float)
    c = [0, 1, 4, 4]
    assert count_orders(w) == 1 and assumption_1_holds(w) and low_noise(w)
    greedy = greedy_clustering(w, c, [0, 1, 2, 3])
    assert greedy.rounds.tolist() == [1, 2, 2, 3] and greedy.loss == 6.0
    assert greedy.merge_costs == (1.0,) and greedy.stopping_cost == 5.0
    best = brute_force_schedule(w, c)
    assert best.loss == 5.0 and best.schedules.tolist() == [[1, 1, 2, 2]]
    assert optimal_contiguous_clustering(w, c, [0, 1, 2, 3]).loss == 5.0
    assert improved_clustering(w, c).loss == 6.0
    assert improved_clustering(w, c, inner="dp").loss == 5.0


# --------------------------------------------------------------------------- #
# Algorithm 2
# --------------------------------------------------------------------------- #
def test_improved_clustering_is_the_best_over_all_orders(rng):
    for _ in range(25):
        r = int(rng.integers(2, 7))
        w, c = random_weights(rng, r, dag=True), random_costs(rng, r)
        orders = topological_orders(w, max_orders=MAX_ORDERS)
        for inner, run in (("greedy", greedy_clustering), ("dp", optimal_contiguous_clustering)):
            result = improved_clustering(w, c, inner=inner, max_orders=MAX_ORDERS)
            assert result.orders_tried == len(orders) == count_orders(w)
            assert result.loss == pytest.approx(min(run(w, c, o).loss for o in orders))
            assert result.loss >= brute_force_schedule(w, c).loss - 1e-9
            assert respects(result.rounds, result.order)


def test_improved_clustering_with_a_unique_order_is_algorithm_1_on_it(rng):
    for _ in range(10):
        w = random_low_noise_weights(6, rng)
        c = random_costs(rng, 6)
        order = topological_orders(w)[0]
        assert (
            improved_clustering(w, c).rounds.tolist()
            == greedy_clustering(w, c, order).rounds.tolist()
        )


# --------------------------------------------------------------------------- #
# reprs
# --------------------------------------------------------------------------- #
def test_result_reprs():
    parts = LossParts(1.0, 2.0, 3.0, "completion")
    assert repr(parts) == (
        "LossParts(disagreement=1.000, clustering=2.000, completion=3.000, total=6.000)"
    )
    schedule = Schedule(np.array([1, 2, 2]), 2.5, np.arange(3), orders_tried=4)
    assert repr(schedule) == "Schedule(rounds=[1 2 2], loss=2.500, depth=2, orders_tried=4)"
    assert schedule.clusters == [(0,), (1, 2)]
    best = OptimalSchedules(1.0, np.array([[1, 1], [1, 2]]), 3)
    assert best.count == 2
    assert repr(best) == "OptimalSchedules(loss=1.000, count=2, first=[1 1], n_searched=3)"


# --------------------------------------------------------------------------- #
# bad input
# --------------------------------------------------------------------------- #
W3 = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]
CYCLE = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: schedule_loss([1, 2], W3, [0, 1, 1]), r"rounds must (have shape|be 1-D or 2-D)"),
        (lambda: schedule_loss([0, 1, 2], W3, [0, 1, 1]), r"1\.\.r = 1\.\.3.*1-based"),
        (lambda: schedule_loss([1, 2, 4], W3, [0, 1, 1]), r"rounds must lie in 1\.\.r"),
        (
            lambda: schedule_loss([[[1, 2, 3]]], W3, [0, 1, 1]),
            r"rounds must (have shape|be 1-D or 2-D)",
        ),
        (lambda: schedule_loss(np.zeros((0, 3), dtype=int), W3, [0, 1, 1]), r"rounds is empty"),
        (lambda: schedule_loss([1, 2, 3], [[0, 1], [0, 0], [0, 0]], [0, 1, 1]), r"square"),
        (
            lambda: schedule_loss([1, 2, 3], [[0, -1, 0], [0, 0, 0], [0, 0, 0]], [0, 1, 1]),
            r"non-negative",
        ),
        (
            lambda: schedule_loss([1, 2, 3], [[1, 0, 0], [0, 0, 0], [0, 0, 0]], [0, 1, 1]),
            r"zero diagonal",
        ),
        (
            lambda: schedule_loss([1, 2, 3], [[0, np.nan, 0], [0, 0, 0], [0, 0, 0]], [0, 1, 1]),
            r"NaN",
        ),
        (lambda: schedule_loss([1, 2, 3], W3, [0, -1, 1]), r"costs must be non-negative"),
        (lambda: schedule_loss([1, 2, 3], W3, [0, 2, 1]), r"non-decreasing.*c_3 = 1 < c_2 = 2"),
        (lambda: schedule_loss([1, 2, 3], W3, [0, 1]), r"costs must have one entry"),
        (lambda: schedule_loss([1, 2, 3], W3, [0, 1, np.inf]), r"costs contains NaN"),
        (lambda: schedule_loss([1, 2, 3], W3, [0, 1, 1], variant="makespan"), r"variant"),
        (lambda: schedule_loss([1, 2, 3], [[0, 1], [0]], [0, 1, 1]), r"weights"),
        (lambda: brute_force_schedule(np.zeros((9, 9)), np.zeros(9)), r"at most r = 8"),
        (lambda: merge_cost([1, 2, 3], W3, [0, 1, 1], 3), r"k must be <= 2"),
        (lambda: merge_cost([1, 2, 3], W3, [0, 1, 1], 0), r"k must be >= 1"),
        (lambda: merge_cost([1, 1, 1], W3, [0, 1, 1], 1), r"single round"),
        (lambda: greedy_clustering(W3, [0, 1, 1], [0, 1, 1]), r"order must be a permutation"),
        (lambda: greedy_clustering(W3, [0, 1, 1], [0, 1]), r"order must list each"),
        (lambda: optimal_contiguous_clustering(W3, [0, 1, 1], [2, 1, 0], variant="x"), r"variant"),
        (lambda: improved_clustering(CYCLE, [0, 1, 1]), r"cycle 0 -> 1 -> 2 -> 0"),
        (lambda: improved_clustering(W3, [0, 1, 1], inner="exact"), r"inner must be one of"),
        (
            lambda: improved_clustering(np.zeros((6, 6)), np.zeros(6), max_orders=100),
            r"more than max_orders = 100",
        ),
    ],
)
def test_bad_input_raises_value_error_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: schedule_loss([1.5, 2, 3], W3, [0, 1, 1]), r"rounds must contain integers"),
        (
            lambda: schedule_loss([True, False, True], W3, [0, 1, 1]),
            r"rounds must contain integers",
        ),
        (lambda: schedule_loss("123", W3, [0, 1, 1]), r"rounds must be an array"),
        (lambda: schedule_loss([1, 2, 3], "W", [0, 1, 1]), r"weights must be a square matrix"),
        (
            lambda: schedule_loss([1, 2, 3], [["a", "b", "c"]] * 3, [0, 1, 1]),
            r"weights must contain numbers",
        ),
        (lambda: schedule_loss([1, 2, 3], W3, ["a", "b", "c"]), r"costs must contain numbers"),
        (lambda: merge_cost([1, 2, 3], W3, [0, 1, 1], 1.0), r"k must be an integer"),
        (lambda: improved_clustering(W3, [0, 1, 1], max_orders=2.5), r"max_orders must be"),
    ],
)
def test_non_numeric_input_raises_type_error(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_integral_float_rounds_are_accepted():
    assert schedule_loss([1.0, 2.0, 3.0], W3, [0, 1, 1]) == schedule_loss([1, 2, 3], W3, [0, 1, 1])


def test_non_decreasing_costs_with_ties_are_accepted():
    assert schedule_loss([1, 2, 2], W3, [1, 1, 1]) == 1 + 2
    assert brute_force_schedule(W3, [0, 0, 0]).loss == 0.0


def test_lemma_2_swap_step_without_backward_weights(rng):
    """The proof in the lecture note: swapping an adjacent inversion of sigma* lowers the loss."""
    swaps = 0
    for _ in range(60):
        r = int(rng.integers(3, 8))
        w = random_low_noise_weights(r, rng)  # no backward weights
        c = random_costs(rng, r)
        order = topological_orders(w)[0]
        rounds = rng.integers(1, r + 1, size=r)
        for t in range(r - 1):
            a, b = order[t], order[t + 1]
            if rounds[a] > rounds[b]:
                swapped = rounds.copy()
                swapped[[a, b]] = rounds[[b, a]]
                for variant in ("depth", "completion"):
                    assert schedule_loss(swapped, w, c, variant) < schedule_loss(
                        rounds, w, c, variant
                    )
                swaps += 1
    assert swaps > 50


def test_lemma_2_fails_under_low_noise_without_assumption_1():
    # issue 18: a unique low-noise order that violates Assumption 1 (s_02 = 3 < s_01 + s_12 = 6 + 5)
    w = np.array([[0, 4, 3, 4], [2, 0, 3, 2], [0, 2, 0, 5], [0, 0, 4, 0]], dtype=float)
    c = [1.0, 3.0, 4.0, 5.0]
    assert count_orders(w) == 1 and low_noise(w) and not assumption_1_holds(w)
    maps = np.array(list(itertools.product(range(1, 5), repeat=4)))
    losses = schedule_loss(maps, w, c)
    assert maps[losses == losses.min()].tolist() == [[1, 2, 1, 2]] and losses.min() == 18.0
    respecting = np.all(np.diff(maps, axis=1) >= 0, axis=1)  # the order is 0, 1, 2, 3
    assert losses[respecting].min() == 19.0
    assert optimal_contiguous_clustering(w, c, [0, 1, 2, 3]).loss == 19.0
    assert improved_clustering(w, c, inner="dp").loss == 19.0  # Algorithm 2 is not exact here


def test_coarsenings_are_every_schedule_that_merges_reach():
    rng = np.random.default_rng(31)
    for _ in range(30):
        r = int(rng.integers(1, 7))
        depth = int(rng.integers(1, r + 1))
        rounds = np.concatenate([np.arange(1, depth + 1), rng.integers(1, depth + 1, r - depth)])
        rng.shuffle(rounds)
        reached, frontier = {tuple(rounds)}, [rounds]
        while frontier:  # merge any adjacent pair, again and again
            m = frontier.pop()
            for k in range(1, m.max()):
                merged = np.where(m > k, m - 1, m)
                if tuple(merged) not in reached:
                    reached.add(tuple(merged))
                    frontier.append(merged)
        got = coarsenings(rounds)
        assert len(got) == 2 ** (depth - 1) == len(reached)
        assert {tuple(g) for g in got} == reached
        assert got[0].tolist() == rounds.tolist() and set(got[-1].tolist()) == {1}


def test_coarsenings_refuse_a_schedule_with_an_empty_round():
    with pytest.raises(ValueError, match="rounds"):
        coarsenings([1, 3, 3])
