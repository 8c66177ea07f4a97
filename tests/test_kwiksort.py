"""rankviz.kwiksort: each function against an independent oracle, and every promised error.

The oracles: KwikSort's output distribution enumerated recursively (every pivot, every coin),
in exact fractions; the minimum feedback arc set by brute force over every order and by
:func:`rankviz.disagreement.minimum_feedback_arc_set` (another dynamic program); Monte Carlo runs
of :func:`rankviz.quicksort.quicksort_rank`; and the closed form ``3 (n - 2) / n`` of the one-flip
tournament, derived by hand in lecture 05.
"""

import itertools
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

from rankviz.disagreement import minimum_feedback_arc_set
from rankviz.kwiksort import (
    MAX_SEARCH_ITEMS,
    MAX_SEARCH_TOURNAMENTS,
    TournamentSearch,
    kwiksort_expected_cost,
    kwiksort_tournament_search,
    one_item_extensions,
    tournament_codes,
)
from rankviz.preference import (
    all_tournaments,
    cyclic_preference,
    flip_pair,
    preference_from_sigma,
    random_preference,
    tournament_classes,
)
from rankviz.quicksort import MAX_EXACT_ITEMS, quicksort_runs


def _enumerated_cost(H, W, items):
    """E[backward weight] of KwikSort on ``items``, by enumerating every pivot and coin, exactly."""
    if len(items) < 2:
        return Fraction(0)
    total = Fraction(0)
    for w in items:
        others = [a for a in items if a != w]
        for sides in itertools.product((0, 1), repeat=len(others)):  # 1: above the pivot
            prob = Fraction(1)
            for a, up in zip(others, sides, strict=True):
                p = Fraction(H[a][w])
                prob *= p if up else 1 - p
            if prob == 0:
                continue
            above = [a for a, up in zip(others, sides, strict=True) if up]
            below = [a for a, up in zip(others, sides, strict=True) if not up]
            # the arcs the split points backwards: the pivot above b, a above the pivot, a above b
            cost = sum(Fraction(W[b][w]) for b in below)
            cost += sum(Fraction(W[w][a]) for a in above)
            cost += sum(Fraction(W[b][a]) for a in above for b in below)
            total += prob * (cost + _enumerated_cost(H, W, above) + _enumerated_cost(H, W, below))
    return total / len(items)


def _brute_force_fas(H):
    """Least backward weight over every order (the order's items from the top)."""
    n = len(H)
    return min(
        sum(H[order[j]][order[i]] for i in range(n) for j in range(i + 1, n))
        for order in itertools.permutations(range(n))
    )


def _to_fractions(H):
    return [[Fraction(x).limit_denominator(1000) for x in row] for row in np.asarray(H)]


# --- kwiksort_expected_cost ----------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_expected_cost_equals_the_enumerated_distribution_on_tournaments(n):
    for H in all_tournaments(n)[:: max(1, 2 ** (n * (n - 1) // 2) // 40)]:
        exact = _enumerated_cost(_to_fractions(H), _to_fractions(H), list(range(n)))
        assert kwiksort_expected_cost(H) == pytest.approx(float(exact), abs=1e-12)


def test_expected_cost_equals_the_enumerated_distribution_on_fractional_preferences():
    rng = np.random.default_rng(5)
    for n in (3, 3, 4, 4, 5):
        H = np.round(random_preference(n, 0.7, rng, soft=True) * 20) / 20
        W = np.round(random_preference(n, 0.7, rng, soft=True) * 20) / 20
        exact = _enumerated_cost(_to_fractions(H), _to_fractions(W), list(range(n)))
        assert kwiksort_expected_cost(H, W) == pytest.approx(float(exact), abs=1e-12)
        own = _enumerated_cost(_to_fractions(H), _to_fractions(H), list(range(n)))
        assert kwiksort_expected_cost(H) == pytest.approx(float(own), abs=1e-12)


def test_expected_cost_matches_monte_carlo():
    H = random_preference(7, 0.8, rng=3)
    sigmas = quicksort_runs(H, 20_000, 4).sigmas  # sigmas[r, u]: the position of u in run r
    above = sigmas[:, :, None] < sigmas[:, None, :]  # above[r, u, v]: u ranked above v
    costs = np.einsum("ruv,vu->r", above, H)  # h(v, u) paid for each u above v
    se = costs.std(ddof=1) / math.sqrt(costs.size)
    assert abs(costs.mean() - kwiksort_expected_cost(H)) < 4.5 * se


def test_expected_cost_is_zero_exactly_on_transitive_tournaments():
    for sigma in itertools.permutations(range(5)):
        assert kwiksort_expected_cost(preference_from_sigma(np.array(sigma))) == 0.0


def test_the_one_flip_tournament_costs_three_n_minus_two_over_n():
    for n in range(3, 11):
        H = flip_pair(preference_from_sigma(np.arange(n)), 0, n - 1)
        assert kwiksort_expected_cost(H) == pytest.approx(3 * (n - 2) / n, abs=1e-12)


def test_expected_cost_refuses_bad_input():
    with pytest.raises(ValueError, match="H") as refused:
        kwiksort_expected_cost(np.full((MAX_EXACT_ITEMS + 1,) * 2, 0.5))
    # the message must not send the user to a search that refuses the same size
    assert f"at most {MAX_SEARCH_ITEMS} items" in str(refused.value)
    with pytest.raises(ValueError, match="weights"):
        kwiksort_expected_cost(cyclic_preference(3), cyclic_preference(4))
    with pytest.raises(ValueError, match="weights"):
        kwiksort_expected_cost(cyclic_preference(3), [[0.5, 0.7, 0], [0.7, 0.5, 1], [1, 0, 0.5]])
    with pytest.raises(TypeError, match="H"):
        kwiksort_expected_cost("cycle")


# --- kwiksort_tournament_search ------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_search_matches_the_exact_cost_and_two_minimum_fas_oracles(n):
    search = kwiksort_tournament_search(n)
    tournaments = all_tournaments(n)
    assert search.exhaustive and np.array_equal(search.codes, np.arange(len(tournaments)))
    for i, H in enumerate(tournaments):
        W = H.copy()
        np.fill_diagonal(W, 0.0)
        assert search.minimum_cost[i] == minimum_feedback_arc_set(W).weight
        if i % 7 == 0:
            assert search.minimum_cost[i] == _brute_force_fas(H)
            assert search.expected_cost[i] == pytest.approx(kwiksort_expected_cost(H), abs=1e-12)


def test_search_on_given_codes_of_seven_items_matches_the_oracles():
    rng = np.random.default_rng(11)
    codes = rng.integers(0, 2**21, size=12)
    search = kwiksort_tournament_search(7, codes)
    assert not search.exhaustive and np.array_equal(search.codes, codes)
    for i in range(codes.size):
        H = np.full((7, 7), 0.5)
        u, v = np.triu_indices(7, 1)
        bits = (int(codes[i]) >> np.arange(21)) & 1
        H[u, v], H[v, u] = bits, 1 - bits
        W = H.copy()
        np.fill_diagonal(W, 0.0)
        assert search.minimum_cost[i] == minimum_feedback_arc_set(W).weight
        assert search.expected_cost[i] == pytest.approx(kwiksort_expected_cost(H), abs=1e-12)
        assert search.scaled_cost[i] % 1 == 0 and search.scaled_cost[i] >= 0


def test_worst_ratio_is_exact_and_its_tournament_reaches_it():
    expected = {3: Fraction(1), 4: Fraction(3, 2), 5: Fraction(9, 5), 6: Fraction(2)}
    for n, worst in expected.items():
        search = kwiksort_tournament_search(n)
        assert search.worst_ratio == worst == Fraction(3 * (n - 2), n)
        H = search.worst_tournament
        assert kwiksort_expected_cost(H) / _brute_force_fas(H) == pytest.approx(float(worst))
        assert float(search.ratios.max()) == pytest.approx(float(worst))
        assert np.all(search.ratios <= 3)
        transitive = search.transitive
        assert transitive.sum() == math.factorial(n)
        assert np.all(search.scaled_cost[transitive] == 0)


def test_softened_one_flip_costs_the_coins_almost_three_times_the_optimum():
    # h(0, n-1) = 1 - eps, every other pair of the order 0 > ... > n-1 certain: OPT = eps, and
    # conditioning on the first pivot by hand gives E[cost] = eps (3n - 2 - 4 eps) / n
    eps = Fraction(1, 64)
    for n in range(3, 8):
        H = preference_from_sigma(np.arange(n))
        H[0, n - 1], H[n - 1, 0] = float(1 - eps), float(eps)
        closed_form = eps * (3 * n - 2 - 4 * eps) / n
        assert kwiksort_expected_cost(H) == pytest.approx(float(closed_form), abs=1e-12)


def test_an_all_transitive_search_reports_no_ratio():
    search = kwiksort_tournament_search(3, [0, 1])  # codes 0 and 1 on 3 items are transitive
    assert search.transitive.all()
    assert search.worst_ratio == 0 and search.worst_index == -1
    assert "worst_ratio=0" in repr(search)
    assert isinstance(search, TournamentSearch)
    # no silent NaN mean of an empty array, no transitive tournament passed off as the worst
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match="every tournament searched is transitive"):
            search.ratios  # noqa: B018
        with pytest.raises(ValueError, match="every tournament searched is transitive"):
            search.worst_tournament  # noqa: B018


def test_search_refuses_bad_input():
    with pytest.raises(ValueError, match="n"):
        kwiksort_tournament_search(MAX_SEARCH_ITEMS + 1)
    with pytest.raises(ValueError, match="codes"):
        kwiksort_tournament_search(8)  # 2^28 tournaments: pass codes instead
    with pytest.raises(ValueError, match="codes"):
        kwiksort_tournament_search(3, [8])
    with pytest.raises(ValueError, match="codes"):
        kwiksort_tournament_search(3, [-1])
    with pytest.raises(ValueError, match="codes"):
        kwiksort_tournament_search(3, [])
    with pytest.raises(ValueError, match="codes"):
        kwiksort_tournament_search(3, np.zeros(MAX_SEARCH_TOURNAMENTS + 1, dtype=int))
    with pytest.raises(TypeError, match="n"):
        kwiksort_tournament_search(3.5)


# --- tournament_codes and one_item_extensions ----------------------------------------------


def test_codes_number_the_tournaments_as_all_tournaments_does():
    for n in (2, 3, 4, 5):
        assert np.array_equal(
            tournament_codes(all_tournaments(n)), np.arange(2 ** (n * (n - 1) // 2))
        )
    assert tournament_codes(cyclic_preference(3)).tolist() == [5]


def test_codes_refuse_what_is_not_a_tournament():
    with pytest.raises(ValueError, match="tournaments"):
        tournament_codes(np.full((3, 3), 0.5))  # fractional
    with pytest.raises(ValueError, match="tournaments"):
        tournament_codes(np.ones((3, 3)))  # both directions
    with pytest.raises(ValueError, match="tournaments"):
        tournament_codes(np.zeros((MAX_SEARCH_ITEMS + 1,) * 2))


def test_extensions_restrict_to_the_original_and_cover_every_tournament():
    for n in (2, 3, 4, 5):
        codes = np.arange(2 ** (n * (n - 1) // 2))
        ext = one_item_extensions(n, codes)
        assert np.array_equal(np.sort(ext), np.arange(2 ** ((n + 1) * n // 2)))
        big = all_tournaments(n + 1)[ext] if n + 1 <= 6 else None
        if big is not None:
            small = all_tournaments(n)[np.repeat(codes, 2**n)]
            assert np.array_equal(big[:, :n, :n], small)


def test_extensions_of_one_tournament_per_class_meet_every_class():
    # the 12 classes on 5 items, extended, reach all 56 classes on 6 items: the same worst ratio
    classes = tournament_codes(tournament_classes(5))
    extended = kwiksort_tournament_search(6, one_item_extensions(5, classes))
    everything = kwiksort_tournament_search(6)
    assert extended.worst_ratio == everything.worst_ratio
    ratio_set = {
        Fraction(int(a), int(b) * 720)
        for a, b in zip(extended.scaled_cost, extended.minimum_cost, strict=True)
        if b
    }
    full_set = {
        Fraction(int(a), int(b) * 720)
        for a, b in zip(everything.scaled_cost, everything.minimum_cost, strict=True)
        if b
    }
    assert ratio_set == full_set


def test_extensions_refuse_bad_input():
    with pytest.raises(ValueError, match="n"):
        one_item_extensions(MAX_SEARCH_ITEMS, [0])
    with pytest.raises(ValueError, match="codes"):
        one_item_extensions(3, [8])
