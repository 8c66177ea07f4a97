"""rankviz.calibration against direct enumeration, cvxpy and the chapter's hand computations."""

import itertools
import math

import numpy as np
import pytest
from distributions_over_labels import AB, direct_risks, random_distribution

from rankviz.bayes import (
    err_loss,
    label_set,
    loss_matrix,
    map_loss,
    ndcg_loss,
    precision_loss,
    product_distribution,
)
from rankviz.calibration import (
    calibration_regret,
    find_calibration_counterexample,
    is_calibrated_at,
    largest_ndcg_surrogate_ratio,
    ndcg_regression_bound,
    ndcg_regression_instances,
    ndcg_sharp_constant,
    ndcg_sharp_instance,
    ndcg_surrogate_ratio,
    satisfies_map_reinforcement,
    simplex_triangulation,
    structure_consistency_gap,
)
from rankviz.measures import dcg_discounts
from rankviz.permutations import all_permutations, sigma_from_scores
from rankviz.surrogates import (
    map_surrogate,
    pairwise_surrogate,
    pred_sort,
    squared_surrogate,
)


def test_precision_squared_surrogate_is_calibrated_on_random_distributions(rng):
    for n in (4, 5):
        labels = label_set(n)
        matrix = loss_matrix(precision_loss(2), n, labels)
        batch = np.vstack(
            [random_distribution(rng, labels.shape[0], sparse=s) for s in [False, True] * 50]
        )
        regrets = calibration_regret(matrix, squared_surrogate(), labels, batch)
        assert np.all(regrets == 0.0)


def test_the_map_counterexample_by_hand():
    # w = 0.4 on a = (0, 0, 1): E[y] = (0.6, 0.6, 0.4), sort puts item 2 last;
    # expected AP: 0.6 + 0.4/3 = 0.7333 for that order, 0.4 + 0.6 * 7/12 = 0.75 with 2 on top
    check = is_calibrated_at(map_loss(), squared_surrogate(), AB, [0.4, 0.6], method="cvxpy")
    assert not check.calibrated
    assert check.regret == pytest.approx(0.75 - (0.6 + 0.4 / 3))
    assert all(sigma[2] == 0 for sigma in check.bayes)
    assert is_calibrated_at(map_loss(), map_surrogate(), AB, [0.4, 0.6]).calibrated


def test_calibration_regret_matches_is_calibrated_at(rng):
    labels = label_set(3)
    batch = rng.dirichlet(np.full(8, 0.3), size=40)
    regrets = calibration_regret(map_loss(), squared_surrogate("normalized"), labels, batch)
    for probs, regret in zip(batch, regrets, strict=True):
        check = is_calibrated_at(map_loss(), squared_surrogate("normalized"), labels, probs)
        assert check.regret == pytest.approx(regret, abs=1e-12)
        assert check.calibrated == (regret == 0.0)
    assert (regrets > 0).any() and (regrets == 0).any()
    with pytest.raises(ValueError, match="no closed form"):
        calibration_regret(map_loss(), pairwise_surrogate("hinge"), labels, batch)


def test_found_counterexamples_are_genuine():
    labels = label_set(4)
    for surrogate in (squared_surrogate(), squared_surrogate("normalized")):
        found = find_calibration_counterexample(map_loss(), surrogate, labels, n_trials=2000, rng=1)
        assert found is not None and 1 <= found.trial <= 2000
        risks = direct_risks(map_loss(), labels, found.probs)
        sigma = pred_sort(found.probs @ surrogate.statistic(labels))
        index = np.flatnonzero((all_permutations(4) == sigma).all(axis=1))[0]
        assert risks[index] - risks.min() == pytest.approx(found.check.regret)
        assert risks[index] > risks.min() + 1e-6
        recheck = is_calibrated_at(map_loss(), surrogate, labels, found.probs, method="cvxpy")
        assert not recheck.calibrated
    again = find_calibration_counterexample(
        map_loss(), squared_surrogate(), labels, n_trials=2000, rng=1
    )
    assert (
        again.trial
        == find_calibration_counterexample(
            map_loss(), squared_surrogate(), labels, n_trials=2000, rng=1
        ).trial
    )


@pytest.mark.slow
def test_consistent_surrogates_survive_the_search():
    assert (
        find_calibration_counterexample(map_loss(), map_surrogate(), label_set(4), n_trials=300)
        is None
    )
    grades = label_set(3, (0, 1, 2))
    for surrogate in (
        squared_surrogate("ndcg_gain"),
        pairwise_surrogate("logistic"),
        pairwise_surrogate("exponential"),
    ):
        assert find_calibration_counterexample(ndcg_loss(), surrogate, grades, n_trials=300) is None
    assert (
        find_calibration_counterexample(ndcg_loss(), squared_surrogate(), grades, n_trials=300)
        is not None
    )
    with pytest.raises(ValueError, match="n_trials must be >= 1"):
        find_calibration_counterexample(ndcg_loss(), squared_surrogate(), grades, n_trials=0)


def test_raw_least_squares_fails_ndcg_on_two_items():
    labels, probs = [[1, 0], [0, 2]], [0.6, 0.4]
    check = is_calibrated_at(ndcg_loss(), squared_surrogate(), labels, probs)
    assert not check.calibrated
    np.testing.assert_allclose(check.minimizer.scores, [0.6, 0.8])  # E[y]: item 1 first
    assert [s.tolist() for s in check.bayes] == [[0, 1]]  # E[G/Z] = (0.6, 0.4): item 0 first
    assert is_calibrated_at(ndcg_loss(), squared_surrogate("ndcg_gain"), labels, probs).calibrated


@pytest.mark.slow
def test_lemma_1_err_sorts_by_expected_gain_under_product_measures(rng):
    for _ in range(30):
        marginals = rng.dirichlet(np.ones(3), size=4)
        labels, probs = product_distribution(marginals)
        check = is_calibrated_at(
            err_loss(2), squared_surrogate("err_gain", max_grade=2), labels, probs
        )
        assert check.calibrated
    # without independence it fails: items 0 and 1 always relevant together
    assert not is_calibrated_at(
        err_loss(1), squared_surrogate("err_gain", max_grade=1), AB, [0.35, 0.65]
    ).calibrated


def test_structure_consistency_gap():
    labels, probs = [[2, 1, 0], [0, 2, 1]], [0.7, 0.3]
    surrogate = squared_surrogate("ndcg_gain")
    w = probs @ surrogate.statistic(labels)
    half_gap = min((a - b) ** 2 / 2 for a, b in itertools.combinations(w, 2) if a != b)
    gap = structure_consistency_gap(ndcg_loss(), surrogate, labels, probs)
    assert gap == pytest.approx(half_gap, abs=1e-6)
    assert structure_consistency_gap(ndcg_loss(), pairwise_surrogate(), labels, probs) > 1e-3
    # the hinge pairwise surrogate has a minimizer with a tie where the weights differ
    weights_hinge = np.array([[0.039, 0.607, 0.168, 0.186]])
    hinge_gap = structure_consistency_gap(
        ndcg_loss("linear"),
        pairwise_surrogate("hinge", weights="relevance"),
        weights_hinge * 10,
        [1.0],
    )
    assert hinge_gap < 1e-6
    assert structure_consistency_gap(ndcg_loss(), surrogate, [[1, 1]], [1.0]) == math.inf
    with pytest.raises(ValueError, match="sorts"):
        structure_consistency_gap(map_loss(), map_surrogate(), AB, [0.5, 0.5])
    with pytest.raises(ValueError, match="does not attain"):
        structure_consistency_gap(ndcg_loss(), pairwise_surrogate(), [[1, 0, 2]], [1.0])


@pytest.mark.slow
def test_map_reinforcement_makes_the_diagonal_enough(rng):
    labels = label_set(4)
    matrix = loss_matrix(map_loss(), 4, labels)
    satisfied = failed_outside = 0
    for _ in range(1500):
        probs = random_distribution(rng, 16, sparse=True)
        regret = calibration_regret(matrix, squared_surrogate("normalized"), labels, probs)
        if satisfies_map_reinforcement(labels, probs):
            satisfied += 1
            assert regret == 0.0
        elif regret > 0:
            failed_outside += 1
    assert satisfied >= 20 and failed_outside >= 20
    assert not satisfies_map_reinforcement(AB, [0.36, 0.64])
    with pytest.raises(ValueError, match="binary"):
        satisfies_map_reinforcement([[0, 2]], [1.0])


@pytest.mark.slow
def test_least_squares_bound_on_the_ndcg_regret(rng):
    labels = label_set(3, (0, 1, 2))
    ratios = []
    for _ in range(25):
        probs = random_distribution(rng, 27, sparse=True)
        w = probs @ squared_surrogate("ndcg_gain").statistic(labels)
        scores = w + 0.2 * rng.normal(size=3)
        b = ndcg_regression_bound(scores, labels, probs)
        risks = direct_risks(ndcg_loss(), labels, probs)
        sigma = sigma_from_scores(scores)
        index = np.flatnonzero((all_permutations(3) == sigma).all(axis=1))[0]
        assert b.regret == pytest.approx(risks[index] - risks.min(), abs=1e-12)
        assert b.surrogate_regret == pytest.approx(np.sum((scores - w) ** 2))
        assert b.regret <= b.bound + 1e-12
    # no bound linear in the surrogate regret: swap two items whose targets differ by delta
    for delta in (1e-1, 1e-2, 1e-3):
        labels2, probs2 = [[1, 0], [0, 1]], [0.5 + delta, 0.5 - delta]
        w = np.array([0.5 + delta, 0.5 - delta])
        b = ndcg_regression_bound(w[::-1], labels2, probs2)
        ratios.append(b.regret / b.surrogate_regret)
    assert ratios[0] < ratios[1] < ratios[2] and ratios[2] > 50  # grows like 1 / delta


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_sharp_constant_is_the_largest_distance_between_rearranged_discounts(n):
    # oracle: brute force over every pair of rearrangements of the discounts
    c = dcg_discounts(n)
    orders = list(itertools.permutations(range(n)))
    widest = max(np.linalg.norm(c[list(a)] - c[list(b)]) for a in orders for b in orders)
    assert ndcg_sharp_constant(n) == pytest.approx(widest, abs=1e-12)
    assert ndcg_sharp_constant(n) <= math.sqrt(2) * np.linalg.norm(c) + 1e-12


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_sharp_instance_reaches_the_constant(n):
    scores, labels, probs = ndcg_sharp_instance(n)
    assert np.array_equal(labels, np.eye(n))
    assert probs.sum() == pytest.approx(1.0) and (probs > 0).all()
    # the regret by enumeration of all n! rankings, independently of ndcg_regression_bound
    risks = direct_risks(ndcg_loss(), labels, probs)
    sigma = sigma_from_scores(scores)
    assert np.array_equal(sigma, np.arange(n)[::-1])  # tied scores nudged to the reverse order
    index = np.flatnonzero((all_permutations(n) == sigma).all(axis=1))[0]
    regret = risks[index] - risks.min()
    surrogate_regret = np.sum((scores - probs) ** 2)  # w = probs on one-item labels
    assert regret / math.sqrt(surrogate_regret) == pytest.approx(ndcg_sharp_constant(n), rel=1e-4)
    loose = ndcg_sharp_instance(n, spread=0.5, nudge=1e-4)
    b = ndcg_regression_bound(*loose)
    assert b.regret <= ndcg_sharp_constant(n) * math.sqrt(b.surrogate_regret) + 1e-12


def test_regression_instances_replay_their_draws():
    labels = label_set(3, (0, 1, 2))
    bounds = ndcg_regression_instances(labels, 30, support=2, noise=[0.1], rng=5)
    replay = np.random.default_rng(5)
    target = squared_surrogate("ndcg_gain").statistic(labels)
    for b in bounds:
        chosen = replay.choice(labels.shape[0], size=2, replace=False)
        p = replay.dirichlet(np.ones(2))
        level = replay.choice([0.1])
        scores = p @ target[chosen] + replay.normal(scale=level, size=3)
        risks = direct_risks(ndcg_loss(), labels[chosen], p)
        index = np.flatnonzero((all_permutations(3) == sigma_from_scores(scores)).all(axis=1))[0]
        assert b.regret == pytest.approx(risks[index] - risks.min(), abs=1e-12)
        assert b.surrogate_regret == pytest.approx(np.sum((scores - p @ target[chosen]) ** 2))
        assert b.regret <= ndcg_sharp_constant(3) * math.sqrt(b.surrogate_regret) + 1e-12
    assert ndcg_regression_instances(labels, 30, support=2, noise=[0.1], rng=5) == bounds


@pytest.mark.slow
def test_largest_ratio_is_approached_by_scores_and_never_beaten_by_random_ones():
    rng = np.random.default_rng(11)
    labels = label_set(3, (0, 1, 2))
    labels = labels[labels.max(axis=1) > 0]
    ratio, y, sigma = largest_ndcg_surrogate_ratio(labels)
    assert ratio == pytest.approx((1 - 1 / math.log2(4)) * 3 / 2, rel=1e-9)
    # oracle: random scores never beat it; scores just inside the worst cone come close
    for _ in range(2000):
        label = labels[rng.integers(labels.shape[0])]
        scores = label + rng.normal(scale=rng.choice([0.1, 0.5, 2.0]), size=3)
        assert ndcg_surrogate_ratio(label, scores) <= ratio + 1e-9
    inside = np.full(3, y.mean()) + 1e-7 * (2 - sigma)
    assert ndcg_surrogate_ratio(y, inside) == pytest.approx(ratio, rel=1e-5)


def test_surrogate_ratio_by_the_definition():
    assert ndcg_surrogate_ratio([2, 1, 0], [3.0, 2.0, 1.0]) == 0.0  # the right order: no loss
    loss = 1 - 1 / math.log2(3)  # the relevant item second of two
    assert ndcg_surrogate_ratio([1, 0], [0.4, 0.6]) == pytest.approx(loss / 0.72)
    assert ndcg_surrogate_ratio([0, 0], [0.0, 0.0]) == math.inf
    assert largest_ndcg_surrogate_ratio([[0, 0]])[0] == math.inf


def test_simplex_grid_covers_the_triangle():
    grid = simplex_triangulation(5)
    assert grid.triangles.shape == (25, 3) and grid.points.shape == (21, 3)
    np.testing.assert_allclose(grid.centroids.sum(axis=1), 1.0)
    assert (grid.centroids > 0).all()
    corners = grid.points[grid.triangles]
    # every small triangle has area 1/25 of the whole (in the (p_a, p_b) plane)
    u, v = corners[:, 1, :2] - corners[:, 0, :2], corners[:, 2, :2] - corners[:, 0, :2]
    areas = 0.5 * np.abs(u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0])
    np.testing.assert_allclose(areas, 0.5 / 25)
    with pytest.raises(ValueError, match="resolution"):
        simplex_triangulation(0)
