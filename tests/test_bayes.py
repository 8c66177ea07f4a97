"""rankviz.bayes against independent oracles: direct enumeration, chapter 01's measures, cvxpy."""

import itertools
import math

import cvxpy as cp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankviz import SolverError
from rankviz.bayes import (
    DEFAULT_TOL,
    bayes_permutations,
    conditional_risk,
    err_loss,
    label_set,
    loss_matrix,
    loss_matrix_rank,
    map_loss,
    ndcg_loss,
    pairwise_disagreement_loss,
    precision_loss,
    product_distribution,
)
from rankviz.calibration import (
    calibration_regret,
    find_calibration_counterexample,
    is_calibrated_at,
    ndcg_regression_bound,
    satisfies_map_reinforcement,
    simplex_triangulation,
    structure_consistency_gap,
)
from rankviz.metrics import average_precision, dcg, err, ndcg, pairwise_disagreement
from rankviz.permutations import all_permutations, sigma_from_scores
from rankviz.samples import preference_graph_from_grades
from rankviz.surrogates import (
    Surrogate,
    map_surrogate,
    pairwise_surrogate,
    pred_map,
    pred_sort,
    squared_surrogate,
    surrogate_minimizer,
    surrogate_risk,
)

# the counterexample family of the chapter: a = (0, 0, 1) with probability w, b = (1, 1, 0)
AB = np.array([[0, 0, 1], [1, 1, 0]])


def random_distribution(rng, k, sparse=False):
    probs = np.zeros(k)
    if sparse:
        support = rng.choice(k, size=min(k, 3), replace=False)
        probs[support] = rng.dirichlet(np.ones(support.size))
        return probs
    return rng.dirichlet(np.ones(k))


def direct_risks(loss, labels, probs):
    """The conditional risk by the definition: a double loop over permutations and labels."""
    n = np.asarray(labels).shape[1]
    return np.array([sum(p * float(loss(sigma, y)) for p, y in zip(probs, labels, strict=True))
                     for sigma in all_permutations(n)])


# --------------------------------------------------------------------------- #
# label sets, losses, loss matrices, conditional risk
# --------------------------------------------------------------------------- #
def test_label_set_and_product_distribution():
    labels = label_set(3, grades=(0, 2))
    assert labels.shape == (8, 3) and set(np.unique(labels)) == {0.0, 2.0}
    marginals = np.array([[0.2, 0.5, 0.3], [0.6, 0.4, 0.0]])
    ys, probs = product_distribution(marginals)
    assert ys.shape == (9, 2) and math.isclose(probs.sum(), 1.0)
    for y, p in zip(ys, probs, strict=True):
        assert math.isclose(p, marginals[0, int(y[0])] * marginals[1, int(y[1])])
    _, probs2 = product_distribution([0.3, 0.8])
    assert np.allclose(probs2, [0.7 * 0.2, 0.7 * 0.8, 0.3 * 0.2, 0.3 * 0.8])
    with pytest.raises(ValueError, match="sum to 1"):
        product_distribution([[0.5, 0.6]])
    with pytest.raises(ValueError, match="grades must be distinct"):
        label_set(2, grades=(1, 1))
    with pytest.raises(ValueError, match="n must be <= 7"):
        label_set(8)


def test_losses_are_one_minus_chapter_01_measures(rng):
    sigma = np.array([2, 0, 3, 1])
    y_bin = np.array([1, 0, 1, 1])
    y_grades = np.array([2, 0, 1, 3])
    assert precision_loss(2)(sigma, y_bin) == 1 - 0.5
    assert map_loss()(sigma, y_bin) == pytest.approx(1 - average_precision(y_bin, -sigma))
    assert ndcg_loss()(sigma, y_grades) == pytest.approx(1 - ndcg(y_grades, -sigma))
    assert ndcg_loss("linear", k=2)(sigma, y_grades) == pytest.approx(
        1 - ndcg(y_grades, -sigma, 2, gain="linear"))
    assert err_loss(3)(sigma, y_grades) == pytest.approx(1 - err(y_grades, -sigma, max_grade=3))
    graph = preference_graph_from_grades(y_grades)
    assert pairwise_disagreement_loss()(sigma, graph) == pairwise_disagreement(-sigma, graph)
    # by hand: AP of y = (1, 0, 1) with order 1, 0, 2 is (1/2 + 2/3) / 2
    assert map_loss()([1, 0, 2], [1, 0, 1]) == pytest.approx(1 - (1 / 2 + 2 / 3) / 2)
    assert repr(map_loss()) == "RankingLoss('MAP', labels: binary)"


@pytest.mark.parametrize("loss, grades", [
    (precision_loss(2), (0, 1)), (map_loss(), (0, 1)), (ndcg_loss(), (0, 1, 2)),
    (err_loss(2), (0, 1, 2)),
])
def test_conditional_risk_equals_direct_enumeration(rng, loss, grades):
    labels = label_set(3, grades)
    for sparse in (False, True):
        probs = random_distribution(rng, labels.shape[0], sparse)
        np.testing.assert_allclose(conditional_risk(loss, labels, probs),
                                   direct_risks(loss, labels, probs), atol=1e-12)


def test_pairwise_disagreement_risk_is_linear_in_the_mean_graph(rng):
    graphs = np.stack([preference_graph_from_grades(rng.integers(0, 3, size=4)) for _ in range(5)])
    probs = rng.dirichlet(np.ones(5))
    risks = conditional_risk(pairwise_disagreement_loss(), graphs, probs)
    mean_graph = np.tensordot(probs, graphs, axes=1)
    np.testing.assert_allclose(risks, pairwise_disagreement(-all_permutations(4), mean_graph))


def test_loss_matrix_batched_and_one_at_a_time_agree():
    labels = label_set(3)
    batched = loss_matrix(map_loss(), 3, labels)
    single = loss_matrix(lambda s, y: map_loss()(s, y), 3, labels, batched=False)
    np.testing.assert_allclose(batched, single)
    assert batched.shape == (6, 8)
    with pytest.raises(ValueError, match="batched=False"):
        loss_matrix(lambda s, y: 0.0, 3, labels)
    with pytest.raises(TypeError, match="callable"):
        loss_matrix("ndcg", 3, labels)


def test_a_precomputed_matrix_is_accepted_and_checked(rng):
    labels = label_set(3)
    matrix = loss_matrix(map_loss(), 3, labels)
    probs = rng.dirichlet(np.ones(8))
    np.testing.assert_allclose(conditional_risk(matrix, labels, probs),
                               conditional_risk(map_loss(), labels, probs))
    with pytest.raises(ValueError, match="shape"):
        conditional_risk(matrix[:, :4], labels, probs)
    batch = rng.dirichlet(np.ones(8), size=3)
    assert conditional_risk(matrix, labels, batch).shape == (3, 6)


def test_bayes_set_keeps_every_tie():
    # Precision@1 with y = (0, 1, 1): any ranking with item 1 or 2 on top
    found = {tuple(s) for s in bayes_permutations(precision_loss(1), [[0, 1, 1]], [1.0])}
    expected = {tuple(s) for s in all_permutations(3) if s[1] == 0 or s[2] == 0}
    assert found == expected and len(found) == 4
    # Precision@2 of 4 items: the order inside the top 2 and the bottom 2 is free
    assert len(bayes_permutations(precision_loss(2), [[1, 1, 0, 0]], [1.0])) == 4
    # a tolerance wider than a true gap merges the levels
    risks = conditional_risk(map_loss(), AB, [0.4, 0.6])
    gap = np.sort(np.unique(risks.round(12)))[1] - risks.min()
    assert len(bayes_permutations(map_loss(), AB, [0.4, 0.6], tol=gap + 1e-9)) > len(
        bayes_permutations(map_loss(), AB, [0.4, 0.6]))


@pytest.mark.parametrize("probs, message", [
    ([0.5, 0.6], "sum to 1"),
    ([1.2, -0.2], "non-negative"),
    ([1.0], "one probability per label"),
    ([np.nan, 1.0], "NaN"),
    ("ab", "probs must be an array"),
])
def test_bad_probabilities_are_refused(probs, message):
    with pytest.raises((ValueError, TypeError), match=message):
        conditional_risk(map_loss(), AB, probs)


def test_bad_labels_are_refused():
    with pytest.raises(ValueError, match="must be binary"):
        conditional_risk(map_loss(), [[0, 2, 1]], [1.0])
    with pytest.raises(ValueError, match="n <= 7"):
        conditional_risk(ndcg_loss(), np.ones((1, 8)), [1.0])
    with pytest.raises(ValueError, match="non-negative"):
        conditional_risk(ndcg_loss(), [[0, -1, 1]], [1.0])
    with pytest.raises(ValueError, match="preference graphs"):
        conditional_risk(pairwise_disagreement_loss(), [[0, 1, 1]], [1.0])
    with pytest.raises(ValueError, match="relevance vectors"):
        conditional_risk(ndcg_loss(), np.zeros((1, 3, 3)), [1.0])
    with pytest.raises(ValueError, match="n = 3 items"):
        loss_matrix(ndcg_loss(), 3, [[0, 1]])
    with pytest.raises(ValueError, match="labels could not be read as an array"):
        conditional_risk(ndcg_loss(), [[0, 1], [1]], [0.5, 0.5])
    with pytest.raises(TypeError, match="numbers"):
        conditional_risk(ndcg_loss(), [["a", "b"]], [1.0])
    with pytest.raises(ValueError, match="tol must be >= 0"):
        bayes_permutations(map_loss(), AB, [0.5, 0.5], tol=-1.0)


# --------------------------------------------------------------------------- #
# loss-matrix ranks
# --------------------------------------------------------------------------- #
@given(st.lists(st.lists(st.integers(-3, 3), min_size=4, max_size=4), min_size=1, max_size=6))
def test_exact_rank_of_integer_matrices_matches_numpy(rows):
    matrix = np.array(rows, dtype=float) / 3.0
    assert loss_matrix_rank(matrix) == np.linalg.matrix_rank(matrix)


@pytest.mark.parametrize("n", [3, 4])
def test_ranks_of_the_chapter_losses(n):
    labels = label_set(n)
    assert loss_matrix_rank(loss_matrix(precision_loss(2), n, labels)) == n
    assert loss_matrix_rank(loss_matrix(precision_loss(n), n, labels)) == 1  # does not see sigma
    assert loss_matrix_rank(loss_matrix(map_loss(), n, labels)) == n * (n + 1) // 2 - 1
    edges = [np.zeros((n, n))]
    for i, j in itertools.permutations(range(n), 2):
        edge = np.zeros((n, n))
        edge[i, j] = 1.0
        edges.append(edge)
    pd_matrix = loss_matrix(pairwise_disagreement_loss(), n, np.stack(edges))
    assert loss_matrix_rank(pd_matrix) == n * (n - 1) // 2 + 1


def test_irrational_entries_need_the_numerical_rank():
    matrix = loss_matrix(ndcg_loss(), 3, label_set(3, (0, 1, 2)))
    with pytest.raises(ValueError, match="numerical"):
        loss_matrix_rank(matrix)
    assert loss_matrix_rank(matrix, method="numerical") == 3
    with pytest.raises(ValueError, match="2-D"):
        loss_matrix_rank([1.0, 2.0])


# --------------------------------------------------------------------------- #
# pred maps
# --------------------------------------------------------------------------- #
@given(st.lists(st.integers(-3, 3), min_size=1, max_size=6))
def test_pred_sort_is_sigma_from_scores_row_by_row(values):
    scores = np.array(values, dtype=float)
    np.testing.assert_array_equal(pred_sort(scores), sigma_from_scores(scores))
    batch = np.vstack([scores, scores[::-1]])
    np.testing.assert_array_equal(pred_sort(batch)[1], sigma_from_scores(scores[::-1]))


def test_pred_sort_ranks_infinite_scores_last_or_first():
    np.testing.assert_array_equal(pred_sort([1.0, -np.inf, 0.5]), [0, 2, 1])
    np.testing.assert_array_equal(pred_sort([np.inf, 3.0, -np.inf, -np.inf]), [0, 1, 2, 3])
    with pytest.raises(ValueError, match="NaN"):
        pred_sort([np.nan, 1.0])
    with pytest.raises(TypeError, match="real numbers"):
        pred_sort(["a"])


def test_pred_map_maximizes_the_expected_average_precision(rng):
    labels = label_set(4)
    surrogate = map_surrogate()
    risks_matrix = loss_matrix(map_loss(), 4, labels)
    for _ in range(20):
        probs = random_distribution(rng, 16, sparse=bool(rng.integers(2)))
        u = probs @ surrogate.statistic(labels)
        sigma = pred_map(u)
        risks = risks_matrix @ probs
        index = np.flatnonzero((all_permutations(4) == sigma).all(axis=1))[0]
        assert risks[index] <= risks.min() + 1e-12
    with pytest.raises(ValueError, match=r"n\(n\+1\)/2"):
        pred_map(np.zeros(4))
    with pytest.raises(ValueError, match="NaN or infinite"):
        pred_map([np.inf, 0.0, 0.0])


# --------------------------------------------------------------------------- #
# surrogates: closed forms against cvxpy, risks against enumeration
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("surrogate, grades", [
    (squared_surrogate(), (0, 1)),
    (squared_surrogate("normalized"), (0, 1)),
    (squared_surrogate("ndcg_gain"), (0, 1, 2)),
    (squared_surrogate("err_gain", max_grade=2), (0, 1, 2)),
    (map_surrogate(), (0, 1)),
    (pairwise_surrogate("logistic"), (0, 1, 2)),
    (pairwise_surrogate("exponential", weights="err_gain", max_grade=2), (0, 1, 2)),
    (pairwise_surrogate("logistic", reverse=True), (0, 1, 2)),
])
def test_closed_form_minimizer_matches_cvxpy(rng, surrogate, grades):
    labels = label_set(3, grades)
    probs = rng.dirichlet(np.ones(labels.shape[0]))
    closed = surrogate_minimizer(surrogate, labels, probs, method="closed_form")
    solved = surrogate_minimizer(surrogate, labels, probs)
    assert solved.status in ("optimal", "optimal_inaccurate") and closed.status == "closed form"
    np.testing.assert_allclose(solved.scores, closed.scores, atol=2e-4)
    # and it is a minimizer of the exact conditional risk: perturbations do not help
    best = surrogate_risk(surrogate, closed.scores, labels, probs)
    for _ in range(5):
        step = 1e-3 * rng.normal(size=closed.scores.size)
        assert surrogate_risk(surrogate, closed.scores + step, labels, probs) >= best - 1e-12


def test_cvxpy_expression_is_the_risk_up_to_a_constant(rng):
    labels = label_set(3, (0, 1, 2))
    probs = rng.dirichlet(np.ones(27))
    for surrogate in (squared_surrogate("ndcg_gain"), pairwise_surrogate("hinge")):
        tbar = probs @ surrogate.statistic(labels)
        differences = []
        for _ in range(4):
            u = rng.normal(size=3)
            value = surrogate.expression(cp.Constant(u), cp.Constant(tbar)).value
            differences.append(surrogate_risk(surrogate, u, labels, probs) - value)
        np.testing.assert_allclose(differences, differences[0], atol=1e-9)


def test_the_ndcg_target_is_gain_over_ideal_dcg():
    labels = np.array([[2, 0, 1], [0, 0, 0]])
    target = squared_surrogate("ndcg_gain").statistic(labels)
    np.testing.assert_allclose(target[0], (2.0 ** labels[0] - 1) / dcg(labels[0], labels[0]))
    np.testing.assert_array_equal(target[1], 0.0)


def test_printed_pairwise_surrogate_ranks_in_reverse():
    labels, probs = [[2, 0, 1]], [1.0]
    right = pred_sort(surrogate_minimizer(pairwise_surrogate(), labels, probs).scores)
    printed = pred_sort(surrogate_minimizer(pairwise_surrogate(reverse=True), labels,
                                            probs).scores)
    np.testing.assert_array_equal(right, [0, 2, 1])
    np.testing.assert_array_equal(printed, [2, 0, 1])


def test_zero_weight_items_diverge_and_constant_risks():
    labels, probs = [[2, 0, 1], [1, 0, 2]], [0.5, 0.5]  # item 1 never has any gain
    for method in ("cvxpy", "closed_form"):
        m = surrogate_minimizer(pairwise_surrogate(), labels, probs, method=method)
        assert np.isneginf(m.scores[1]) and np.isfinite(m.scores[[0, 2]]).all()
        assert pred_sort(m.scores)[1] == 2
    m = surrogate_minimizer(pairwise_surrogate(), [[0, 0, 0]], [1.0])
    assert m.status == "constant"
    assert is_calibrated_at(ndcg_loss(), pairwise_surrogate(), [[0, 0, 0]], [1.0]).calibrated


def test_solver_failures_raise_a_clear_error():
    unbounded = Surrogate(name="unbounded", dimension=lambda n: n,
                          statistic=lambda ys: np.asarray(ys, dtype=float),
                          loss=lambda u, y: 0.0, expression=lambda u, t: -cp.sum(u),
                          pred=pred_sort)
    with pytest.raises(SolverError, match="unbounded"):
        surrogate_minimizer(unbounded, [[0, 1]], [1.0])
    with pytest.raises(ValueError, match="solver must be one of the installed"):
        surrogate_minimizer(squared_surrogate(), [[0, 1]], [1.0], solver="NOT_A_SOLVER")
    with pytest.raises(ValueError, match="no closed-form"):
        surrogate_minimizer(pairwise_surrogate("hinge"), [[0, 1]], [1.0], method="closed_form")
    with pytest.raises(TypeError, match="Surrogate"):
        surrogate_minimizer("squared", [[0, 1]], [1.0])
    with pytest.raises(ValueError, match="max_grade is required"):
        squared_surrogate("err_gain")
    with pytest.raises(ValueError, match="target must be one of"):
        squared_surrogate("rank")
    with pytest.raises(ValueError, match="shape"):
        surrogate_risk(squared_surrogate(), [0.0], [[0, 1]], [1.0])


# --------------------------------------------------------------------------- #
# calibration
# --------------------------------------------------------------------------- #
def test_precision_squared_surrogate_is_calibrated_on_random_distributions(rng):
    for n in (4, 5):
        labels = label_set(n)
        matrix = loss_matrix(precision_loss(2), n, labels)
        batch = np.vstack([random_distribution(rng, labels.shape[0], sparse=s)
                           for s in [False, True] * 50])
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
        found = find_calibration_counterexample(map_loss(), surrogate, labels, n_trials=2000,
                                                rng=1)
        assert found is not None and 1 <= found.trial <= 2000
        risks = direct_risks(map_loss(), labels, found.probs)
        sigma = pred_sort(found.probs @ surrogate.statistic(labels))
        index = np.flatnonzero((all_permutations(4) == sigma).all(axis=1))[0]
        assert risks[index] - risks.min() == pytest.approx(found.check.regret)
        assert risks[index] > risks.min() + 1e-6
        recheck = is_calibrated_at(map_loss(), surrogate, labels, found.probs, method="cvxpy")
        assert not recheck.calibrated
    again = find_calibration_counterexample(map_loss(), squared_surrogate(), labels,
                                            n_trials=2000, rng=1)
    assert again.trial == find_calibration_counterexample(
        map_loss(), squared_surrogate(), labels, n_trials=2000, rng=1).trial


def test_consistent_surrogates_survive_the_search():
    assert find_calibration_counterexample(map_loss(), map_surrogate(), label_set(4),
                                           n_trials=300) is None
    grades = label_set(3, (0, 1, 2))
    for surrogate in (squared_surrogate("ndcg_gain"), pairwise_surrogate("logistic"),
                      pairwise_surrogate("exponential")):
        assert find_calibration_counterexample(ndcg_loss(), surrogate, grades,
                                               n_trials=300) is None
    assert find_calibration_counterexample(ndcg_loss(), squared_surrogate(), grades,
                                           n_trials=300) is not None
    with pytest.raises(ValueError, match="n_trials must be >= 1"):
        find_calibration_counterexample(ndcg_loss(), squared_surrogate(), grades, n_trials=0)


def test_raw_least_squares_fails_ndcg_on_two_items():
    labels, probs = [[1, 0], [0, 2]], [0.6, 0.4]
    check = is_calibrated_at(ndcg_loss(), squared_surrogate(), labels, probs)
    assert not check.calibrated
    np.testing.assert_allclose(check.minimizer.scores, [0.6, 0.8])  # E[y]: item 1 first
    assert [s.tolist() for s in check.bayes] == [[0, 1]]  # E[G/Z] = (0.6, 0.4): item 0 first
    assert is_calibrated_at(ndcg_loss(), squared_surrogate("ndcg_gain"), labels, probs).calibrated


def test_lemma_1_err_sorts_by_expected_gain_under_product_measures(rng):
    for _ in range(30):
        marginals = rng.dirichlet(np.ones(3), size=4)
        labels, probs = product_distribution(marginals)
        check = is_calibrated_at(err_loss(2), squared_surrogate("err_gain", max_grade=2),
                                 labels, probs)
        assert check.calibrated
    # without independence it fails: items 0 and 1 always relevant together
    assert not is_calibrated_at(err_loss(1), squared_surrogate("err_gain", max_grade=1), AB,
                                [0.35, 0.65]).calibrated


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
        ndcg_loss("linear"), pairwise_surrogate("hinge", weights="relevance"),
        weights_hinge * 10, [1.0])
    assert hinge_gap < 1e-6
    assert structure_consistency_gap(ndcg_loss(), surrogate, [[1, 1]], [1.0]) == math.inf
    with pytest.raises(ValueError, match="sorts"):
        structure_consistency_gap(map_loss(), map_surrogate(), AB, [0.5, 0.5])
    with pytest.raises(ValueError, match="does not attain"):
        structure_consistency_gap(ndcg_loss(), pairwise_surrogate(), [[1, 0, 2]], [1.0])


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


def test_default_tolerance_is_documented_value():
    assert DEFAULT_TOL == 1e-9
