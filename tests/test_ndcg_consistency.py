"""rankviz.ndcg_consistency against independent oracles.

* RTY's expected normalized gains against a loop over the labels with the ideal DCG found by
  trying every permutation;
* the characterization itself: the permutations that sort ``eta`` are exactly NDCG's Bayes set
  found by enumerating the conditional risk (random and tied distributions);
* the conditional risks against formulas written with scipy's ``log_softmax`` and ``expit``;
* the exact minimizers (closed forms, Newton) against cvxpy, and their risk against perturbed
  points; divergent minimizing sequences against the risk along the sequence;
* the verdicts on the chapter 06 example, and the search for a counterexample (it finds one for
  ListNet with the softmax target and for RankNet, none for the consistent surrogates).
"""

import itertools

import numpy as np
import pytest
from scipy.special import expit, log_softmax

from rankviz.bayes import bayes_permutations, label_set, ndcg_loss
from rankviz.measures import dcg
from rankviz.ndcg_consistency import (
    MAX_ITEMS,
    SURROGATES,
    check_ndcg_consistency_at,
    expected_normalized_gains,
    find_ndcg_inconsistency,
    listnet_cross_entropy,
    listwise_conditional_risk,
    listwise_minimizer,
    random_label_distribution,
    ranknet_pair_targets,
    surrogate_targets,
)

CHAPTER_06 = ([[1, 0], [0, 2]], [0.6, 0.4])  # lecture 06 §4: E[y] ranks B first, NDCG ranks A first


def ideal_dcg_by_enumeration(y, gain):
    return max(
        dcg(y, -np.asarray(sigma), gain=gain) for sigma in itertools.permutations(range(len(y)))
    )


def eta_by_loop(labels, probs, gain):
    total = np.zeros(len(labels[0]))
    for y, p in zip(labels, probs, strict=True):
        y = np.asarray(y, dtype=float)
        gains = 2.0**y - 1 if gain == "exponential" else y
        ideal = ideal_dcg_by_enumeration(y, gain)
        if ideal > 0:
            total += p * gains / ideal
    return total


def sorts(sigma, eta, atol=1e-12):
    """Does the permutation sigma put every document above those with a smaller eta?"""
    order = np.argsort(sigma)
    return all(eta[a] >= eta[b] - atol for a, b in itertools.pairwise(order))


@pytest.mark.parametrize("gain", ["exponential", "linear"])
def test_expected_normalized_gains_match_a_loop_with_the_ideal_dcg_by_enumeration(gain):
    rng = np.random.default_rng(0)
    for n in (2, 3, 4):
        labels, probs = random_label_distribution(n, support=5, rng=rng)
        assert np.allclose(
            expected_normalized_gains(labels, probs, gain=gain),
            eta_by_loop(labels, probs, gain),
            atol=1e-14,
        )
    # a label without gain contributes nothing
    assert np.allclose(expected_normalized_gains([[0, 0], [1, 0]], [0.5, 0.5]), [0.5, 0.0])


def test_the_orders_that_sort_eta_are_exactly_the_ndcg_bayes_set():
    rng = np.random.default_rng(1)
    distributions = [
        random_label_distribution(n, support=s, rng=rng) for n in (3, 4) for s in (2, 4, None)
    ]
    distributions += [random_label_distribution(4, support=3, rng=rng) for _ in range(20)]
    # ties in eta: two documents with the same marginal law, and a document never relevant
    distributions += [
        ([[1, 1, 0], [2, 2, 0]], [0.5, 0.5]),
        ([[0, 1, 0, 0], [1, 0, 0, 2]], [0.5, 0.5]),
    ]
    for labels, probs in distributions:
        eta = expected_normalized_gains(labels, probs)
        n = len(labels[0])
        bayes = {tuple(s) for s in bayes_permutations(ndcg_loss(), labels, probs)}
        by_eta = {s for s in itertools.permutations(range(n)) if sorts(np.array(s), eta)}
        assert bayes == by_eta


def test_surrogate_targets_follow_their_definitions():
    labels = np.array([[2, 0, 1], [0, 0, 0]], dtype=float)
    assert np.allclose(
        surrogate_targets("listnet_softmax", labels), np.exp(log_softmax(labels, axis=1))
    )
    expected = [[3, 0, 1], [0, 0, 0]] / np.array([[3 + 1 / np.log2(3)], [1.0]])
    for name in ("listnet_normalized_gain", "squared_normalized_gain"):
        assert np.allclose(surrogate_targets(name, labels), expected)


def test_ranknet_pair_targets_count_ties_as_one_half():
    w = ranknet_pair_targets([[1, 0, 1], [0, 0, 2]], [0.25, 0.75])
    assert np.allclose(w + w.T, 1.0 - np.eye(3))
    assert w[0, 1] == pytest.approx(0.25 + 0.75 * 0.5)
    assert w[2, 0] == pytest.approx(0.25 * 0.5 + 0.75)


def risk_by_formula(name, s, labels, probs):
    s = np.asarray(s, dtype=float)
    total = 0.0
    for y, p in zip(np.asarray(labels, dtype=float), probs, strict=True):
        if name == "ranknet":
            for i, j in itertools.combinations(range(len(y)), 2):
                target = 1.0 if y[i] > y[j] else 0.5 if y[i] == y[j] else 0.0
                d = s[i] - s[j]
                total += p * (-target * np.log(expit(d)) - (1 - target) * np.log(expit(-d)))
            continue
        gains = 2.0**y - 1
        ideal = ideal_dcg_by_enumeration(y, "exponential")
        normalized = gains / ideal if ideal > 0 else 0 * gains
        if name == "squared_normalized_gain":
            total += p * np.sum((s - normalized) ** 2)
        else:
            target = np.exp(log_softmax(y)) if name == "listnet_softmax" else normalized
            total += p * -(target @ log_softmax(s))
    return total


@pytest.mark.parametrize("name", SURROGATES)
def test_conditional_risks_match_their_definitions(name):
    rng = np.random.default_rng(2)
    labels, probs = random_label_distribution(4, support=6, rng=rng)
    for _ in range(3):
        s = rng.normal(size=4)
        assert listwise_conditional_risk(name, s, labels, probs) == pytest.approx(
            risk_by_formula(name, s, labels, probs), rel=1e-12
        )
    assert listnet_cross_entropy([1.0, 0.0, -1.0], [0.2, 0.3, 0.5]) == pytest.approx(
        -(np.array([0.2, 0.3, 0.5]) @ log_softmax([1.0, 0.0, -1.0]))
    )


@pytest.mark.parametrize("name", SURROGATES)
def test_the_exact_minimizer_agrees_with_cvxpy_and_no_perturbation_lowers_its_risk(name):
    rng = np.random.default_rng(3)
    for n in (3, 4):
        labels, probs = random_label_distribution(n, rng=rng)  # full support: minimum attained
        exact = listwise_minimizer(name, labels, probs)
        referee = listwise_minimizer(name, labels, probs, method="cvxpy")
        assert exact.tiers.tolist() == [0] * n
        assert np.allclose(exact.scores, referee.scores, atol=1e-4)
        assert exact.sigma.tolist() == referee.sigma.tolist()
        best = listwise_conditional_risk(name, exact.scores, labels, probs)
        assert best <= listwise_conditional_risk(name, referee.scores, labels, probs) + 1e-10
        for _ in range(10):
            moved = exact.scores + 1e-3 * rng.normal(size=n)
            assert listwise_conditional_risk(name, moved, labels, probs) >= best - 1e-12


def test_divergent_minimizing_sequences_are_reported_as_tiers():
    labels, probs = [[2, 1, 0], [2, 0, 1]], [0.5, 0.5]  # document 0 always on top
    ranknet = listwise_minimizer("ranknet", labels, probs)
    assert ranknet.tiers.tolist() == [0, 1, 1]
    assert ranknet.sigma[0] == 0
    # the risk along "tier 1 sinks by t" decreases to the risk of the lower block alone
    values = [
        listwise_conditional_risk("ranknet", ranknet.scores - t * ranknet.tiers, labels, probs)
        for t in (1.0, 5.0, 25.0)
    ]
    assert values[0] > values[1] > values[2]
    lower_block = listwise_conditional_risk("ranknet", [0.0, *ranknet.scores[1:]], labels, probs)
    assert values[2] < lower_block
    assert values[2] == pytest.approx(2 * np.log(2) * 0.5, abs=1e-9)  # the tied pair (1, 2)
    listnet = listwise_minimizer("listnet_normalized_gain", [[1, 0, 0], [1, 1, 0]], [0.5, 0.5])
    assert listnet.tiers.tolist() == [0, 0, 1]  # document 2 never has gain: sent to -inf
    with pytest.raises(ValueError, match="method='exact'"):
        listwise_minimizer("ranknet", labels, probs, method="cvxpy")
    with pytest.raises(ValueError, match="method='exact'"):
        listwise_minimizer("listnet_normalized_gain", [[1, 0, 0]], [1.0], method="cvxpy")
    # no gain at all: every order minimizes ListNet's risk (0), and every order is NDCG-optimal
    flat = check_ndcg_consistency_at("listnet_normalized_gain", [[0, 0, 0]], [1.0])
    assert flat.in_bayes_set and len(flat.bayes) == 6


def test_the_chapter_06_example_separates_the_targets():
    labels, probs = CHAPTER_06
    softmax = check_ndcg_consistency_at("listnet_softmax", labels, probs)
    assert not softmax.in_bayes_set and softmax.regret == pytest.approx(0.0738, abs=5e-4)
    for name in ("listnet_normalized_gain", "squared_normalized_gain"):
        assert check_ndcg_consistency_at(name, labels, probs).in_bayes_set


@pytest.mark.parametrize("name", ["listnet_softmax", "ranknet"])
def test_the_search_finds_a_counterexample_for_the_inconsistent_surrogates(name):
    found = find_ndcg_inconsistency(name, 3, trials=300, rng=0)
    cx = found.counterexample
    assert cx is not None and cx.regret > 1e-6
    # recompute the regret from NDCG itself, by enumeration
    risks = [
        sum(p * (1 - ndcg_value(y, sigma)) for y, p in zip(cx.labels, cx.probs, strict=True))
        for sigma in itertools.permutations(range(3))
    ]
    own = sum(
        p * (1 - ndcg_value(y, cx.minimizer.sigma))
        for y, p in zip(cx.labels, cx.probs, strict=True)
    )
    assert own - min(risks) == pytest.approx(cx.regret, abs=1e-12)


def ndcg_value(y, sigma):
    y = np.asarray(y, dtype=float)
    ideal = ideal_dcg_by_enumeration(y, "exponential")
    if ideal == 0:
        return 0.0
    return float(np.sum((2.0**y - 1) / np.log2(2 + np.asarray(sigma))) / ideal)


@pytest.mark.slow  # about 2 s: 300 distributions, 81 labels each at full support
@pytest.mark.parametrize("name", ["listnet_normalized_gain", "squared_normalized_gain"])
def test_the_same_search_finds_none_for_the_consistent_surrogates(name):
    for n, support in ((3, 3), (4, 3), (4, None)):
        found = find_ndcg_inconsistency(name, n, trials=100, support=support, rng=4)
        assert found.counterexample is None and found.trials == 100


def test_random_label_distribution_is_reproducible_and_sized():
    a = random_label_distribution(3, support=4, rng=7)
    b = random_label_distribution(3, support=4, rng=7)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    labels, probs = random_label_distribution(2, grades=(0, 1))
    assert labels.tolist() == label_set(2).tolist() and probs.sum() == pytest.approx(1.0)


def test_bad_input_is_refused_naming_the_argument():
    with pytest.raises(ValueError, match="surrogate"):
        listwise_minimizer("listmle", *CHAPTER_06)
    with pytest.raises(ValueError, match="labels"):
        listwise_minimizer("ranknet", np.zeros((1, MAX_ITEMS + 1)), [1.0])
    with pytest.raises(ValueError, match="probs"):
        expected_normalized_gains([[1, 0]], [0.5])
    with pytest.raises(ValueError, match="scores"):
        listwise_conditional_risk("ranknet", [np.nan, 0.0], [[1, 0]], [1.0])
    with pytest.raises(ValueError, match="trials"):
        find_ndcg_inconsistency("ranknet", 3, trials=0)
    with pytest.raises(ValueError, match="grades"):
        random_label_distribution(4, grades=range(5))
