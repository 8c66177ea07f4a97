"""rankviz.max_margin: the rank perceptron (exercise 10.5) and the margin LP (exercise 10.6).

Oracles: Novikoff's mistake bound, a hand-run perceptron, scipy's linprog on the
explicit LP of exercise 10.6, and the hard-margin ranking SVM (cvxpy) for the l2 margin.
"""

import numpy as np
import pytest
from scipy.optimize import linprog
from scipy.stats import ortho_group

from rankviz.max_margin import MAX_EPOCHS, max_margin_ranker, rank_perceptron
from rankviz.ranksvm import LinearUtilityModel, rank_svm

X3 = [[0.0], [1.0], [3.0]]
X_TINY, PAIRS_TINY, LABELS_TINY = [[0.0, 0.0], [1.0, 1.0], [0.0, 2.0]], [[0, 1], [0, 2]], [1, 1]


@pytest.fixture(scope="module")
def sample():
    return LinearUtilityModel(d=3, noise=0.15).sample(80, rng=11)


def separable_sample(m, d, gap, seed):
    """Noise-free pairs whose |u . (x' - x)| >= gap: separable with l2 margin >= gap."""
    model = LinearUtilityModel(d=d, noise=0.0)
    X, _pairs, labels = model.sample(4 * m, rng=seed)
    keep = np.abs((X[1::2] - X[::2]) @ model.u) >= gap
    idx = np.flatnonzero(keep)[:m]
    rows = np.ravel(np.column_stack([2 * idx, 2 * idx + 1]))
    return X[rows], np.arange(2 * idx.size).reshape(-1, 2), labels[idx]


# --------------------------------------------------------------------------- #
# exercise 10.5: the rank perceptron
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize(
    ("d", "gap", "seed"), [(2, 0.2, 0), (3, 0.1, 1), (5, 0.3, 2), (2, 0.05, 3)]
)
def test_perceptron_respects_novikoffs_mistake_bound(d, gap, seed):
    X, pairs, labels = separable_sample(150, d, gap, seed)
    result = rank_perceptron(X, pairs, labels, max_epochs=10_000)
    best = max_margin_ranker(X, pairs, labels, norm="l2")
    assert best.separable and best.margin >= gap * (1 - 1e-6)  # u itself has margin >= gap
    assert result.converged
    assert result.n_updates <= result.mistake_bound(best.margin)
    margins = labels * ((X[pairs[:, 1]] - X[pairs[:, 0]]) @ result.w)
    assert np.all(margins > 0)
    assert result.radius == pytest.approx(
        np.linalg.norm(X[pairs[:, 1]] - X[pairs[:, 0]], axis=1).max()
    )
    assert result.updates_per_epoch.sum() == result.n_updates and result.updates_per_epoch[-1] == 0


def test_perceptron_by_hand_and_on_inseparable_pairs():
    X = [[0.0, 0.0], [1.0, -0.8], [0.1, 1.0], [0.5, 0.3]]
    result = rank_perceptron(X, [[0, 1], [0, 2], [0, 3]], [1, 1, 1])
    np.testing.assert_allclose(result.w, [1.1, 0.2])  # (1, -0.8) then + (0.1, 1)
    assert result.n_updates == 2 and result.n_epochs == 2
    # the same pair in both directions cannot be ordered: it never converges
    stuck = rank_perceptron([[0.0], [1.0]], [[0, 1], [1, 0]], [1, 1], max_epochs=7)
    assert not stuck.converged and stuck.n_epochs == 7 and stuck.n_updates >= 7


@pytest.mark.parametrize("seed", range(5))
def test_perceptron_tolerance_counts_rounding_level_ties(seed):
    # orthonormal differences: in exact arithmetic every pair is tied when visited, so the
    # perceptron makes d updates = (R / rho*)^2 with rho* = 1/sqrt(d); in floats w.z ~ 1e-17
    d = 4
    Z = (
        ortho_group.rvs(d, random_state=seed)
        if seed
        else np.array(
            [[0.6, 0.8, 0.0, 0.0], [-0.8, 0.6, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0, 0, 0, 1.0]]
        )
    )
    X = np.vstack([np.zeros_like(Z), Z])
    pairs, labels = np.column_stack([np.arange(d), np.arange(d, 2 * d)]), np.ones(d)
    tolerant = rank_perceptron(X, pairs, labels, tol=1e-9)
    assert tolerant.converged and tolerant.n_updates == d
    np.testing.assert_allclose(tolerant.w, Z.sum(axis=0), atol=1e-12)
    assert tolerant.mistake_bound(1 / np.sqrt(d)) == pytest.approx(tolerant.n_updates)
    # a true (not rounding-level) positive score is not a mistake under the tolerance
    skewed = Z.copy()
    skewed[1] += 1e-3 * Z[0]
    assert (
        rank_perceptron(np.vstack([np.zeros_like(Z), skewed]), pairs, labels, tol=1e-9).n_updates
        == d - 1
    )


# --------------------------------------------------------------------------- #
# exercise 10.6: the margin LP
# --------------------------------------------------------------------------- #
def linprog_margin(X, pairs, labels):
    """The LP of exercise 10.6 written out: variables (w+, w-, rho), max rho."""
    Z = labels[:, None] * (X[pairs[:, 1]] - X[pairs[:, 0]])
    m, d = Z.shape
    c = np.r_[np.zeros(2 * d), -1.0]
    A = np.vstack(
        [
            np.hstack([-Z, Z, np.ones((m, 1))]),  # rho - Z (w+ - w-) <= 0
            np.r_[np.ones(2 * d), 0.0],
        ]
    )  # sum(w+ + w-) <= 1
    b = np.r_[np.zeros(m), 1.0]
    bounds = [(0, None)] * (2 * d) + [(None, None)]
    res = linprog(c, A_ub=A, b_ub=b, bounds=bounds, method="highs")
    assert res.status == 0
    return -res.fun


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_margin_lp_matches_scipy_linprog(seed):
    X, pairs, labels = separable_sample(60, 3, 0.15, seed)
    lp = max_margin_ranker(X, pairs, labels)
    assert lp.norm == "l1" and lp.separable
    assert lp.margin == pytest.approx(linprog_margin(X, pairs, labels), rel=1e-6, abs=1e-9)
    assert np.abs(lp.w).sum() <= 1 + 1e-7
    margins = labels * ((X[pairs[:, 1]] - X[pairs[:, 0]]) @ lp.w)
    assert margins.min() == pytest.approx(lp.margin, abs=1e-8)


def test_l2_margin_is_the_hard_margin_svm(sample):
    X, pairs, labels = separable_sample(60, 2, 0.1, 5)
    best = max_margin_ranker(X, pairs, labels, norm="l2")
    hard = rank_svm(X, pairs, labels, C=1e6)  # no slack at the optimum: the hard margin
    assert hard.slacks.max() < 1e-6
    assert best.margin == pytest.approx(1 / hard.norm, rel=1e-4)
    np.testing.assert_allclose(best.w, hard.w / hard.norm, atol=1e-4)
    # the l1 ball is inside the l2 ball: its margin is smaller
    assert max_margin_ranker(X, pairs, labels).margin <= best.margin + 1e-9


def test_margin_is_zero_without_separability(sample):
    X, pairs, labels = sample  # 15% flipped labels
    for norm in ("l1", "l2"):
        result = max_margin_ranker(X, pairs, labels, norm=norm)
        assert result.margin == pytest.approx(0.0, abs=1e-7) and not result.separable
        assert "margin=" in repr(result)


# --------------------------------------------------------------------------- #
# errors
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: rank_perceptron(X3, [[0, 1]], [1], max_epochs=0), ValueError, "max_epochs"),
        (lambda: rank_perceptron(X3, [[0, 1]], [1, 1]), ValueError, "one entry per row of pairs"),
        (lambda: rank_perceptron(X3, [[0, 1]], [1], tol=-1e-9), ValueError, "tol must be >= 0"),
        (lambda: rank_perceptron(X3, [[0, 1]], [1], tol=1.0), ValueError, "tol must be < 1"),
        (
            lambda: rank_perceptron(X3, [[0, 1]], [1], tol="1e-9"),
            TypeError,
            "tol must be a real number",
        ),
        (
            lambda: rank_perceptron(X3, [[0, 1]], [1]).mistake_bound(0.0),
            ValueError,
            "margin must be > 0",
        ),
        (
            lambda: max_margin_ranker(X3, [[0, 1]], [1], norm="linf"),
            ValueError,
            "norm must be one of",
        ),
        (lambda: max_margin_ranker(X3, [[0, 3]], [1]), ValueError, "pairs must index"),
        (
            lambda: max_margin_ranker(X3, [[0, 1]], [1], solver="NOPE"),
            ValueError,
            "solver must be one of the installed cvxpy solvers",
        ),
        (
            lambda: rank_perceptron(X_TINY, PAIRS_TINY, LABELS_TINY, max_epochs=10**12),
            ValueError,
            f"max_epochs must be <= {MAX_EPOCHS}",
        ),
        (
            lambda: rank_perceptron(X_TINY, PAIRS_TINY, LABELS_TINY).mistake_bound(1e-300),
            ValueError,
            "margin is too small",
        ),
    ],
)
def test_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()
