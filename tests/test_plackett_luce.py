"""rankviz.plackett_luce against enumeration, choix, scipy and rankviz's BTL fit."""

import itertools
import math
import warnings

import choix
import numpy as np
import pytest
from scipy.optimize import minimize

from rankviz.aggregation import btl_maximum_likelihood, win_counts
from rankviz.plackett_luce import (
    MAX_NEWTON_WORK,
    plackett_luce_log_likelihood,
    plackett_luce_maximum_likelihood,
    rank_breaking_wins,
    simulate_plackett_luce_rankings,
)


def sequential_probability(w, order, pool):
    """The Plackett-Luce probability of ``order`` drawn from ``pool``, by the choice formula."""
    left, p = list(pool), 1.0
    for item in order:
        p *= w[item] / sum(w[j] for j in left)
        left.remove(item)
    return p


def stages_as_top1(rows, n, below):
    """Each stage of each ranking as a choice (winner, the others available), for choix."""
    data = []
    for row in rows:
        left = set(range(n)) if below else set(int(i) for i in row)
        for item in row:
            left.discard(int(item))
            if left:
                data.append((int(item), tuple(sorted(left))))
    return data


def test_the_probabilities_of_all_rankings_sum_to_one_and_follow_the_choice_formula():
    w = np.array([4.0, 2.0, 1.0, 0.5])
    total = 0.0
    for order in itertools.permutations(range(4)):
        p = math.exp(plackett_luce_log_likelihood(np.log(w), [order]))
        assert p == pytest.approx(sequential_probability(w, order, range(4)), rel=1e-12)
        total += p
    assert total == pytest.approx(1.0, abs=1e-12)
    top2 = sum(
        math.exp(plackett_luce_log_likelihood(np.log(w), [pair], unlisted="below"))
        for pair in itertools.permutations(range(4), 2)
    )
    assert top2 == pytest.approx(1.0, abs=1e-12)


def test_the_log_likelihood_matches_choix():
    rng = np.random.default_rng(0)
    theta = rng.normal(size=6)
    rows = simulate_plackett_luce_rankings(theta, 40, rng=1)
    ours = plackett_luce_log_likelihood(theta, rows)
    theirs = choix.log_likelihood_rankings([tuple(r) for r in rows], theta)
    assert ours == pytest.approx(theirs, rel=1e-12)
    top = simulate_plackett_luce_rankings(theta, 40, rng=2, top=3)
    ours = plackett_luce_log_likelihood(theta, top, unlisted="below")
    theirs = choix.log_likelihood_top1(stages_as_top1(top, 6, below=True), theta)
    assert ours == pytest.approx(theirs, rel=1e-12)


@pytest.mark.parametrize("top", [1, 2, 4])
def test_sampled_rankings_have_the_model_frequencies(top):
    w = np.array([3.0, 2.0, 1.0, 1.0])
    rows = simulate_plackett_luce_rankings(np.log(w), 40_000, rng=7, top=top)
    for order in itertools.permutations(range(4), top):
        p = sequential_probability(w, order, range(4))
        share = np.mean(np.all(rows == np.array(order), axis=1))
        assert abs(share - p) < 5 * math.sqrt(p * (1 - p) / len(rows)) + 1e-4


@pytest.mark.parametrize("seed", range(3))
def test_the_mle_matches_choix_on_full_and_top_k_rankings(seed):
    rng = np.random.default_rng(seed)
    theta = rng.normal(size=5)
    rows = simulate_plackett_luce_rankings(theta, 120, rng=seed)
    ours = plackett_luce_maximum_likelihood(rows, 5)
    theirs = choix.ilsr_rankings(5, [tuple(r) for r in rows], tol=1e-13, max_iter=10_000)
    np.testing.assert_allclose(ours, theirs - theirs.mean(), atol=1e-7)
    top = simulate_plackett_luce_rankings(theta, 200, rng=seed + 10, top=2)
    ours = plackett_luce_maximum_likelihood(top, 5, unlisted="below")
    data = stages_as_top1(top, 5, below=True)
    theirs = choix.ilsr_top1(5, data, tol=1e-13, max_iter=10_000)
    np.testing.assert_allclose(ours, theirs - theirs.mean(), atol=1e-7)


@pytest.mark.slow  # scipy calls choix's Python log-likelihood a few hundred times
@pytest.mark.parametrize("alpha", [0.1, 2.0])
def test_the_penalised_mle_maximises_the_stated_objective(alpha):
    theta = np.array([1.0, 0.0, -1.0, 0.5])
    rows = simulate_plackett_luce_rankings(theta, 30, rng=3)
    data = [tuple(r) for r in rows]
    result = minimize(
        lambda t: -choix.log_likelihood_rankings(data, t) + alpha / 2 * t @ t,
        np.zeros(4),
        method="BFGS",
        options={"gtol": 1e-10},
    )
    ours = plackett_luce_maximum_likelihood(rows, 4, alpha=alpha)
    np.testing.assert_allclose(ours, result.x, atol=1e-5)
    assert abs(ours.sum()) < 1e-9  # centred by itself


@pytest.mark.parametrize("alpha", [0.0, 0.5])
def test_on_pairs_the_mle_is_the_btl_mle(alpha):
    rows = simulate_plackett_luce_rankings([0.8, 0.0, -0.3, -1.0], 300, rng=4)[:, :2]
    W = win_counts(rows, 4)
    np.testing.assert_allclose(
        plackett_luce_maximum_likelihood(rows, 4, alpha=alpha),
        btl_maximum_likelihood(W, alpha=alpha),
        atol=1e-8,
    )


def test_the_mle_is_refused_when_a_group_never_loses():
    rows = [[0, 1, 2], [0, 2, 1], [1, 2, 3]]  # 0 never lost (it never met 3, and led)
    with pytest.raises(ValueError, match=r"items \[0\] never lost"):
        plackett_luce_maximum_likelihood(rows, 4)
    theta = plackett_luce_maximum_likelihood(rows, 4, alpha=1.0)
    assert np.argmax(theta) == 0


@pytest.mark.parametrize(
    ("rows", "n_items", "match"),
    [
        ([[0, 1], [1, 0], [2, 3], [3, 2]], 4, r"disconnected \(groups \[0, 1\] and \[2, 3\]"),
        ([[0, 1], [1, 0]], 3, r"item 2 of n_items = 3 appear\(s\) in no ranking"),
    ],
)
def test_an_undetermined_mle_is_named_as_such_not_as_a_group_that_never_lost(rows, n_items, match):
    # every item lost once: a maximiser exists, but the groups' levels are not determined
    with pytest.raises(ValueError, match=match) as refusal:
        plackett_luce_maximum_likelihood(rows, n_items)
    assert "never lost" not in str(refusal.value)
    assert np.isfinite(plackett_luce_maximum_likelihood(rows, n_items, alpha=1.0)).all()


def test_a_fit_too_large_for_a_laptop_is_refused_up_front_naming_the_limit():
    # 1000 items, 100 full rankings: 999 x 100 x 10^6 = 10^11 per Newton step (minutes)
    rows = simulate_plackett_luce_rankings(np.linspace(3, -3, 1000), 100, rng=0)
    with pytest.raises(ValueError, match="MAX_NEWTON_WORK"):
        plackett_luce_maximum_likelihood(rows, 1000, alpha=0.1)
    # just inside the limit on items x rankings, and fitted: 40 items, 15 full rankings
    rows = simulate_plackett_luce_rankings(np.linspace(2, -2, 40), 15, rng=0)
    assert 39 * 15 * 40**2 <= MAX_NEWTON_WORK
    assert np.isfinite(plackett_luce_maximum_likelihood(rows, 40, alpha=0.1)).all()


def test_huge_strengths_are_refused_without_an_overflow_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match="strengths has an entry of magnitude"):
            plackett_luce_log_likelihood([1e308, -1e308, 0.0], [[1, 0, 2]])
        assert plackett_luce_log_likelihood([1e100, -1e100, 0.0], [[1, 0, 2]]) == -2e100


def test_rank_breaking_counts_every_ordered_pair_once():
    rows = simulate_plackett_luce_rankings(np.zeros(5), 50, rng=0)
    W = rank_breaking_wins(rows, 5)
    brute = np.zeros((5, 5), dtype=int)
    for row in rows:
        for a, b in itertools.combinations(row, 2):
            brute[a, b] += 1
    np.testing.assert_array_equal(W, brute)
    assert (W + W.T)[~np.eye(5, dtype=bool)].tolist() == [50] * 20
    top = rank_breaking_wins([[3, 1]], 4, unlisted="below")
    np.testing.assert_array_equal(top[3], [1, 1, 1, 0])
    np.testing.assert_array_equal(top[1], [1, 0, 1, 0])


def test_a_ranking_is_not_its_pairs():
    # three equal items: each ranking 1/6 under Plackett-Luce, the product of its three
    # pair probabilities 1/8 (the missing 2/8 sit on the two cycles no ranking produces)
    for order in itertools.permutations(range(3)):
        ll = plackett_luce_log_likelihood(np.zeros(3), [order])
        assert math.exp(ll) == pytest.approx(1 / 6)
    rows = simulate_plackett_luce_rankings([1.0, 0.0, -1.0], 30, rng=2)
    full = plackett_luce_maximum_likelihood(rows, 3)
    broken = btl_maximum_likelihood(rank_breaking_wins(rows, 3))
    assert np.abs(full - broken).max() > 1e-3


@pytest.mark.parametrize(
    ("rows", "match"),
    [
        ([[0, 0, 1]], "distinct items"),
        ([[0, 5, 1]], "item ids in 0..2"),
        ([[0]], r"2 to len\(strengths\) = 3"),
    ],
)
def test_bad_rankings_are_named(rows, match):
    with pytest.raises(ValueError, match=match):
        plackett_luce_log_likelihood(np.zeros(3), rows)
