"""rankviz.counterexamples against closed forms, scipy, cvxpy and exact arithmetic."""

import itertools
import math
from fractions import Fraction

import cvxpy as cp
import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize

from rankviz.consistency import (
    LowNoiseCounterexample,
    check_preference_distribution,
    difference_graph,
    is_low_noise,
    mean_adjacency,
)
from rankviz.counterexamples import certify_counterexample, find_low_noise_counterexample
from rankviz.disagreement import (
    bayes_orders,
    conditional_pairwise_risk,
)
from rankviz.surrogates import (
    FORMS,
    SURROGATES,
    graph_surrogate_minimizer,
    graph_surrogate_risk,
)

# the flagship of the chapter: two DAGs with probability 1/2 (Figure 1's situation)
FLAGSHIP = [(0.5, [[0, 1, 10], [0, 0, 4], [0, 0, 0]]), (0.5, [[0, 0, 0], [0, 0, 0], [4, 0, 0]])]
# the smallest number of items with a counterexample: two for the margin form (13), three
# for the pairwise form (12) (on two items it is a calibrated binary surrogate)
MINIMAL_ITEMS = {"pairwise": 3, "margin": 2}


@pytest.fixture(scope="module")
def counterexamples():
    return {
        (phi, form): find_low_noise_counterexample(phi, form, MINIMAL_ITEMS[form], rng=0)
        for phi in SURROGATES
        for form in FORMS
    }


@pytest.mark.slow
@pytest.mark.parametrize("phi", SURROGATES)
@pytest.mark.parametrize("form", FORMS)
def test_every_counterexample_is_real(counterexamples, phi, form):
    cx = counterexamples[phi, form]
    i, j = cx.pair
    Y = mean_adjacency(cx)
    assert (cx.phi, cx.form, cx.n_items) == (phi, form, MINIMAL_ITEMS[form])
    assert is_low_noise(Y) and difference_graph(Y)[i, j] > 0
    assert cx.alpha[i] - cx.alpha[j] <= 1e-6
    # a fresh solve agrees, and the distribution round-trips through its list form
    again = graph_surrogate_minimizer(cx.distribution, phi, form)
    assert graph_surrogate_risk(cx.alpha, cx, phi, form) == pytest.approx(again.value, abs=1e-6)
    # the exact certificate: every minimiser misorders or ties the pair
    certificate = certify_counterexample(cx)
    assert certificate.every_minimizer and certificate.gap_range[1] <= 0
    exact = np.array([float(v) for v in certificate.alpha])
    assert graph_surrogate_risk(exact, cx, phi, form) == pytest.approx(
        float(certificate.value), abs=1e-9
    )


@pytest.mark.parametrize("phi", SURROGATES)
@pytest.mark.parametrize("form", FORMS)
def test_counterexamples_break_structure_consistency(counterexamples, phi, form):
    """Definition 3 fails: scores that misorder the pair strictly come arbitrarily close to the
    surrogate's minimum, while their risk (11) stays above the Bayes risk by the edge weight."""
    cx = counterexamples[phi, form]
    i, j = cx.pair
    bayes = conditional_pairwise_risk(-np.argsort(bayes_orders(cx)[0]), cx)
    edge = difference_graph(mean_adjacency(cx))[i, j]
    for eps in (1e-2, 1e-3):
        pushed = np.array(cx.alpha)
        pushed[j] = max(pushed[j], pushed[i]) + eps  # j strictly above i
        assert conditional_pairwise_risk(pushed, cx) >= bayes + edge - 1e-9
        gap = graph_surrogate_risk(pushed, cx, phi, form) - graph_surrogate_risk(
            cx.alpha, cx, phi, form
        )
        assert gap <= 60 * eps  # Lipschitz in the moved score


@pytest.mark.parametrize("phi", ["logistic", "exponential", "squared_hinge"])
def test_smooth_counterexamples_survive_an_independent_optimiser(counterexamples, phi):
    for form in FORMS:
        cx = counterexamples[phi, form]
        i, j = cx.pair
        n = cx.n_items
        result = minimize(
            lambda free, cx=cx, form=form: graph_surrogate_risk(np.r_[0.0, free], cx, phi, form),
            np.ones(n - 1),
            method="BFGS",
            options={"gtol": 1e-10},
        )
        alpha = np.r_[0.0, result.x]
        assert alpha[i] - alpha[j] <= 1e-4
        np.testing.assert_allclose(alpha, cx.alpha, atol=1e-3)


def test_hinge_counterexamples_survive_a_worst_case_linear_programme(counterexamples):
    """Over all (near-)minimisers, HiGHS (scipy's, through cvxpy's SCIPY interface) cannot
    push the pair into the right order."""
    for form in FORMS:
        cx = counterexamples["hinge", form]
        i, j = cx.pair
        n = cx.n_items
        alpha = cp.Variable(n)
        risk = 0
        for p, Y in cx.distribution:
            for a, b in zip(*np.nonzero(Y > 0), strict=True):
                m, w = (0.0, p * Y[a, b]) if form == "pairwise" else (Y[a, b], p)
                risk += w * cp.pos(1 - (alpha[a] - alpha[b] - m))
        best = cp.Problem(cp.Minimize(risk)).solve(solver=cp.SCIPY)
        widest = cp.Problem(
            cp.Maximize(alpha[i] - alpha[j]), [risk <= best + 1e-9, alpha[0] == 0]
        ).solve(solver=cp.SCIPY)
        assert widest <= 1e-6


def test_the_flagship_hinge_example_by_hand():
    """Exercise 1 of the chapter: minimiser (0, 0, -1), minimum 9/2, the edge 0 -> 1 tied."""
    solution = graph_surrogate_minimizer(FLAGSHIP, "hinge")
    np.testing.assert_allclose(solution.alpha, [0, 0, -1], atol=1e-6)
    assert solution.value == pytest.approx(4.5)
    cx = LowNoiseCounterexample(
        *check_preference_distribution(FLAGSHIP), solution.alpha, (0, 1), "hinge", "pairwise"
    )
    certificate = certify_counterexample(cx)
    assert [str(v) for v in certificate.alpha] == ["0", "0", "-1"]
    assert str(certificate.value) == "9/2" and certificate.gap_range == (0, 0)


def test_two_item_certificates_equal_the_closed_forms():
    hinge = LowNoiseCounterexample(
        np.array([0.7, 0.3]),
        np.array([[[0, 3], [0, 0]], [[0, 0], [9, 0]]]),
        np.array([0.0, -4.0]),
        (1, 0),
        "hinge",
        "margin",
    )
    assert certify_counterexample(hinge).gap_range == (-4, -4)
    assert str(certify_counterexample(hinge).value) == "21/5"
    squared = graph_surrogate_minimizer(
        [(0.1, [[0, 10], [0, 0]]), (0.9, [[0, 0], [1, 0]])], "squared_hinge", "margin"
    )
    cx = LowNoiseCounterexample(
        np.array([0.1, 0.9]),
        np.array([[[0, 10], [0, 0]], [[0, 0], [1, 0]]]),
        squared.alpha,
        (0, 1),
        "squared_hinge",
        "margin",
    )
    assert str(certify_counterexample(cx).gap_range[0]) == "-7/10"
    p, u, v = 0.3, 9, 5
    exponential = graph_surrogate_minimizer(
        [(p, [[0, u], [0, 0]]), (1 - p, [[0, 0], [v, 0]])], "exponential", "margin"
    )
    cx = LowNoiseCounterexample(
        np.array([p, 1 - p]),
        np.array([[[0, u], [0, 0]], [[0, 0], [v, 0]]]),
        exponential.alpha,
        (1, 0),
        "exponential",
        "margin",
    )
    gap = certify_counterexample(cx).gap_range[0]
    closed = -0.5 * (math.log(p / (1 - p)) + u - v)
    assert abs(float(gap) - closed) < 1e-14


def test_certificates_reject_false_claims():
    solution = graph_surrogate_minimizer(FLAGSHIP, "squared_hinge")
    good = LowNoiseCounterexample(
        *check_preference_distribution(FLAGSHIP),
        solution.alpha,
        (0, 1),
        "squared_hinge",
        "pairwise",
    )
    assert certify_counterexample(good).every_minimizer
    # the minimiser orders 1 -> 2 correctly: not a counterexample for that pair
    with pytest.raises(ValueError, match="orders 1->2 correctly"):
        certify_counterexample(
            LowNoiseCounterexample(
                good.probs, good.graphs, good.alpha, (1, 2), "squared_hinge", "pairwise"
            )
        )
    # (2, 1) is not an edge of the difference graph
    with pytest.raises(ValueError, match="not an edge"):
        certify_counterexample(
            LowNoiseCounterexample(
                good.probs, good.graphs, good.alpha, (2, 1), "squared_hinge", "pairwise"
            )
        )
    # scores that are not a minimiser (the certificate finds the minimum on its own)
    for phi in ("hinge", "squared_hinge", "logistic"):
        with pytest.raises(ValueError, match="above the minimum"):
            certify_counterexample(
                LowNoiseCounterexample(
                    good.probs, good.graphs, np.array([0.0, 1.0, -3.0]), (0, 1), phi, "pairwise"
                )
            )
    # not low noise
    noisy = [(0.5, [[0, 1, 1], [0, 0, 4], [0, 0, 0]]), (0.5, [[0, 0, 0], [0, 0, 0], [4, 0, 0]])]
    with pytest.raises(ValueError, match="not low noise"):
        certify_counterexample(
            LowNoiseCounterexample(
                *check_preference_distribution(noisy), np.zeros(3), (0, 1), "hinge", "pairwise"
            )
        )
    # data that are not rationals with small denominators
    with pytest.raises(ValueError, match="rational"):
        certify_counterexample(
            LowNoiseCounterexample(
                np.array([1 / math.pi, 1 - 1 / math.pi]),
                good.graphs,
                good.alpha,
                (0, 1),
                "hinge",
                "pairwise",
            )
        )
    with pytest.raises(TypeError, match="LowNoiseCounterexample"):
        certify_counterexample(FLAGSHIP)


@pytest.mark.slow
def test_the_search_is_deterministic_and_honest():
    first = find_low_noise_counterexample("logistic", "pairwise", 3, rng=4)
    again = find_low_noise_counterexample("logistic", "pairwise", 3, rng=np.random.default_rng(4))
    np.testing.assert_array_equal(first.graphs, again.graphs)
    assert first.pair == again.pair
    assert repr(first).startswith(
        "LowNoiseCounterexample(phi='logistic', form='pairwise', n_items=3"
    )
    # with two items the pairwise form is calibrated: the search must come back empty-handed
    for phi in SURROGATES:
        with pytest.raises(ValueError, match="no low-noise counterexample"):
            find_low_noise_counterexample(phi, "pairwise", 2, rng=0, max_candidates=60)


def test_the_strict_search_keeps_off_the_boundary_of_definition_4():
    """Seed 0 of the plain search lands on equality in Definition 4 (a path weighs exactly as much
    as its direct edge, in exact arithmetic); the strict search does not."""

    def smallest_slack(cx):
        P = [Fraction(p).limit_denominator(10) for p in cx.probs]
        mean = sum(
            p * np.array([[Fraction(int(y)) for y in row] for row in g], dtype=object)
            for p, g in zip(P, cx.graphs, strict=True)
        )
        A = mean - mean.T
        return min(
            A[i, k] - A[i, j] - A[j, k]
            for i, j, k in itertools.permutations(range(3), 3)
            if A[i, j] > 0 and A[j, k] > 0
        )

    plain = find_low_noise_counterexample("logistic", "pairwise", 3, rng=0)
    assert smallest_slack(plain) == 0
    strict = find_low_noise_counterexample("logistic", "pairwise", 3, rng=0, strict=True)
    assert smallest_slack(strict) > 0 and certify_counterexample(strict).every_minimizer
    # two items have no path of two edges: strict changes nothing there
    two = [
        find_low_noise_counterexample("hinge", "margin", 2, rng=0, strict=flag)
        for flag in (False, True)
    ]
    np.testing.assert_array_equal(two[0].graphs, two[1].graphs)
    with pytest.raises(TypeError, match="strict must be True or False"):
        find_low_noise_counterexample("hinge", "margin", 2, strict="yes")


def test_search_arguments_are_validated():
    with pytest.raises(ValueError, match="n_items must be >= 2"):
        find_low_noise_counterexample("hinge", "margin", 1)
    with pytest.raises(ValueError, match="n_items must be <= 5"):
        find_low_noise_counterexample("hinge", "margin", 9)
    with pytest.raises(ValueError, match="phi must be one of"):
        find_low_noise_counterexample("ramp", "margin", 2)
    with pytest.raises(TypeError, match="rng"):
        find_low_noise_counterexample("hinge", "margin", 2, rng="seed")
    with pytest.raises(ValueError, match="max_candidates must be >= 1"):
        find_low_noise_counterexample("hinge", "margin", 2, max_candidates=0)


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**16))
# seed 3427 (squared hinge, pairwise): the exact minimiser used to go through sympy's
# nsimplify, which turned a rational into 5*2**(363/364)*...; Fraction could not read it
@example(3427)
def test_every_search_result_is_certified(seed):
    phi = SURROGATES[seed % 4]
    form = FORMS[seed // 4 % 2]
    try:
        cx = find_low_noise_counterexample(
            phi, form, MINIMAL_ITEMS[form], rng=seed, max_candidates=120
        )
    except ValueError as exc:
        assert "no low-noise counterexample" in str(exc)
        return
    assert certify_counterexample(cx).every_minimizer
