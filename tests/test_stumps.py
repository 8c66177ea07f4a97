"""rankviz.stumps: the candidates and the presorted search against explicit enumeration."""

import itertools

import numpy as np
import pytest

from rankviz.stumps import TIE_TOLERANCE, Stump, StumpSearch, stump_candidates, stump_values


def enumerate_stumps(X):
    """Every stump, written out with np.unique: (feature, threshold, polarity) triples."""
    out = []
    for k in range(X.shape[1]):
        values = np.unique(X[:, k])
        for lower, upper in itertools.pairwise(values):
            theta = (lower + upper) / 2
            out += [(k, theta, 1), (k, theta, -1)]
    return out


def stump_on(X, k, theta, polarity):
    above = X[:, k] > theta
    return (above if polarity == 1 else ~above).astype(float)


def assert_same_stump(ours, theirs):
    k, theta, polarity = theirs
    assert (ours.feature, ours.polarity) == (k, polarity)
    assert ours.threshold == pytest.approx(theta, abs=1e-12)


def test_stump_candidates_match_the_explicit_enumeration(rng):
    X = np.round(rng.normal(size=(15, 3)), 1)
    X[:, 2] = 4.0  # a constant feature contributes nothing
    ours = stump_candidates(X)
    theirs = enumerate_stumps(X)
    assert len(ours) == len(theirs) == 2 * sum(np.unique(X[:, k]).size - 1 for k in range(3))
    for h, triple in zip(ours, theirs, strict=True):
        assert_same_stump(h, triple)
        np.testing.assert_array_equal(h(X), stump_on(X, *triple))


@pytest.mark.parametrize("with_constant", [False, True])
def test_presorted_edges_equal_brute_force_for_any_potentials(rng, with_constant):
    """The cumulative-sum search against sum_x pi(x) h(x), stump by stump (d = 5, sum pi != 0)."""
    X = np.round(rng.normal(size=(40, 5)), 1)
    search = StumpSearch(X, with_constant=with_constant)
    stumps = ([Stump(0, -np.inf)] if with_constant else []) + stump_candidates(X)
    assert search.size == len(stumps)
    for _ in range(5):
        pi = rng.normal(size=40)
        brute = np.array([pi @ h(X) for h in stumps])
        np.testing.assert_allclose(search.edges(pi), brute, atol=1e-12)
        assert search.best(pi) == int(np.flatnonzero(brute >= brute.max() - TIE_TOLERANCE)[0])
        score = np.abs(brute)
        assert search.best(pi, absolute=True) == int(
            np.flatnonzero(score >= score.max() - TIE_TOLERANCE)[0]
        )
        assert search.stump(search.best(pi)) == stumps[search.best(pi)]


def test_stump_threshold_stays_strictly_below_the_next_value():
    lower = 1.0
    upper = np.nextafter(1.0, 2.0)  # the midpoint rounds to one of the two
    (h, _) = stump_candidates([[lower], [upper]])
    assert h.threshold < upper
    np.testing.assert_array_equal(h([[lower], [upper]]), [0.0, 1.0])


def test_stump_evaluation_repr_and_validation():
    h = Stump(1, 0.5, -1)
    np.testing.assert_array_equal(h([[9.0, 0.2], [9.0, 0.7]]), [1.0, 0.0])
    assert repr(h) == "Stump(1[x1 <= 0.5])"
    constant = Stump(0, -np.inf)
    assert constant.is_constant and str(constant) == "1 (constant)"
    np.testing.assert_array_equal(constant([[-1e300], [3.0]]), [1.0, 1.0])
    with pytest.raises(ValueError, match="polarity"):
        Stump(0, 0.0, 0)
    with pytest.raises(ValueError, match="threshold"):
        Stump(0, np.nan)
    with pytest.raises(ValueError, match="feature"):
        Stump(-1, 0.0)
    with pytest.raises(TypeError, match="feature"):
        Stump(1.5, 0.0)
    with pytest.raises(ValueError, match="reads feature 3"):
        Stump(3, 0.0)([[1.0, 2.0]])


@pytest.mark.parametrize(
    ("threshold", "error"),
    [
        ("0.5", TypeError),
        (None, TypeError),
        (True, TypeError),
        (0.5 + 1j, TypeError),
        (np.nan, ValueError),
        (np.inf, ValueError),
    ],
)
def test_stump_refuses_a_threshold_that_is_not_a_real_number(threshold, error):
    with pytest.raises(error, match="threshold"):
        Stump(0, threshold)


@pytest.mark.parametrize("polarity", ["1", 1.5, True, None])
def test_stump_refuses_a_polarity_that_is_not_an_integer(polarity):
    with pytest.raises(TypeError, match="polarity"):
        Stump(0, 0.5, polarity)


def test_stump_values_is_the_column_stack_of_the_stumps(rng):
    X = np.round(rng.normal(size=(12, 3)), 1)
    stumps = [*stump_candidates(X)[:7], Stump(0, -np.inf)]
    np.testing.assert_array_equal(stump_values(X, stumps), np.column_stack([h(X) for h in stumps]))
    assert stump_values(X, []).shape == (12, 0)
    with pytest.raises(ValueError, match=r"stumps\[0\] reads feature 5"):
        stump_values(X, [Stump(5, 0.0)])
    with pytest.raises(TypeError, match=r"stumps\[1\] must be a Stump"):
        stump_values(X, [Stump(0, 0.0), (0, 0.0, 1)])
    with pytest.raises(TypeError, match="stumps must be a list"):
        stump_values(X, Stump(0, 0.0))


def test_stump_search_validates_its_arguments():
    search = StumpSearch([[0.0], [1.0], [3.0]])
    with pytest.raises(ValueError, match="potentials must have shape"):
        search.edges([0.5, -0.5])
    with pytest.raises(ValueError, match="potentials contains NaN"):
        search.best([0.5, np.nan, 0.0])
    with pytest.raises(TypeError, match="potentials must contain real numbers"):
        search.edges([0.5 + 1j, 0.0, 0.0])
    with pytest.raises(TypeError, match="absolute must be True or False"):
        search.best([0.5, 0.0, 0.0], absolute="yes")
    with pytest.raises(ValueError, match="index must be <= 3"):
        search.stump(4)
    with pytest.raises(ValueError, match="index must be >= 0"):
        search.values(-1)  # would wrap around to the last candidate
    with pytest.raises(TypeError, match="with_constant must be True or False"):
        StumpSearch([[0.0], [1.0]], with_constant=None)
    constant = StumpSearch([[1.0], [1.0]])
    assert constant.size == 0
    with pytest.raises(ValueError, match="no candidate"):
        constant.best([0.5, 0.5])
