"""rankviz.h_surrogates against direct numerical minimisation (scipy), finite differences and
rankviz.surrogates with h the identity (chapter 07)."""

import numpy as np
import pytest
import sympy as sp
from scipy.optimize import minimize, minimize_scalar

from rankviz.h_surrogates import (
    WEIGHT,
    h_surrogate_minimizer,
    margin_pull,
    margin_slope_at_zero,
    squared_hinge_margin_stationary_point,
    two_item_margin_counterexample,
)
from rankviz.surrogates import SURROGATES, graph_surrogate_minimizer

PHI = {
    "hinge": lambda t: np.maximum(0.0, 1.0 - t),
    "logistic": lambda t: np.logaddexp(0.0, -t),
    "exponential": lambda t: np.exp(-t),
    "squared_hinge": lambda t: np.maximum(0.0, 1.0 - t) ** 2,
}
H = {
    "log1p": (sp.log(1 + WEIGHT), np.log1p),
    "min2": (sp.Min(WEIGHT, 2), lambda y: min(y, 2.0)),
    "sqrt": (sp.sqrt(WEIGHT), np.sqrt),
}
MU_3 = [(0.1, [[0, 10, 8], [0, 0, 7], [0, 0, 0]]), (0.9, [[0, 0, 0], [5, 0, 0], [1, 0, 0]])]


def direct_risk(mu, phi, form, h_num):
    """The conditional risk of (12) or (13) written from the formula, as a function of alpha[1:]."""
    n = len(mu[0][1])

    def risk(free):
        alpha = np.r_[0.0, free]
        total = 0.0
        for p, Y in mu:
            for i in range(n):
                for j in range(n):
                    if i != j and Y[i][j] > 0:
                        t = alpha[i] - alpha[j]
                        total += p * (
                            h_num(Y[i][j]) * PHI[phi](t)
                            if form == "pairwise"
                            else PHI[phi](t - h_num(Y[i][j]))
                        )
        return total

    return risk


@pytest.mark.parametrize("phi", ["logistic", "exponential", "squared_hinge"])
@pytest.mark.parametrize("form", ["pairwise", "margin"])
@pytest.mark.parametrize("h_name", sorted(H))
def test_minimizer_matches_a_direct_minimisation(phi, form, h_name):
    h_expr, h_num = H[h_name]
    risk = direct_risk(MU_3, phi, form, h_num)
    alpha = h_surrogate_minimizer(MU_3, phi, form, h_expr)
    best = minimize(risk, np.zeros(2), method="BFGS", options={"gtol": 1e-10})
    assert alpha[0] == 0.0
    assert risk(alpha[1:]) <= best.fun + 1e-7
    assert np.allclose(alpha[1:], best.x, atol=1e-4)


@pytest.mark.parametrize("phi", SURROGATES)
@pytest.mark.parametrize("form", ["pairwise", "margin"])
def test_identity_h_is_the_chapters_surrogate(phi, form):
    got = h_surrogate_minimizer(MU_3, phi, form, WEIGHT)
    want = graph_surrogate_minimizer(MU_3, phi, form).alpha
    assert np.allclose(got, want, atol=1e-6)


@pytest.mark.parametrize("phi", ["logistic", "exponential", "squared_hinge"])
@pytest.mark.parametrize("h_name", sorted(H))
def test_slope_at_zero_is_the_derivative(phi, h_name):
    h_expr, h_num = H[h_name]
    for p, u, v in [(0.3, 2.0, 5.0), (0.7, 1.0, 9.0), (0.5, 4.0, 4.0)]:

        def R(x, p=p, u=u, v=v):
            return p * PHI[phi](x - h_num(u)) + (1 - p) * PHI[phi](-x - h_num(v))

        slope = float(margin_slope_at_zero(phi, h_expr, p, u, v))
        assert slope == pytest.approx((R(1e-6) - R(-1e-6)) / 2e-6, abs=1e-6)


@pytest.mark.slow
@pytest.mark.parametrize("phi", SURROGATES)
def test_two_item_counterexample_is_one(phi):
    h_expr, h_num = H["log1p"]
    cx = two_item_margin_counterexample(phi, h_expr)
    (p, G0), (q, G1) = cx.distribution
    u, v = G0[0][1], G1[1][0]
    assert p + q == pytest.approx(1.0)
    x = minimize_scalar(
        lambda x: p * PHI[phi](x - h_num(u)) + q * PHI[phi](-x - h_num(v)),
        bounds=(-30, 30),
        method="bounded",
        options={"xatol": 1e-9},
    ).x
    bayes_sign = np.sign(p * u - q * v)
    assert bayes_sign != 0 and np.sign(x) == -bayes_sign
    assert cx.bayes_top == (0 if bayes_sign > 0 else 1)


@pytest.mark.slow
def test_resisting_pairings_have_no_two_item_counterexample():
    c = sp.Symbol("c", positive=True)
    assert two_item_margin_counterexample("exponential", sp.log(WEIGHT)) is None
    assert two_item_margin_counterexample("squared_hinge", WEIGHT - 1) is None
    assert margin_pull("exponential", sp.log(c * WEIGHT)) == c
    assert margin_pull("squared_hinge", c * WEIGHT - 1) == 2 * c
    assert WEIGHT in margin_pull("squared_hinge", c * WEIGHT).free_symbols


def test_stationary_point_matches_a_direct_minimisation():
    c = sp.Symbol("c", positive=True)
    point = squared_hinge_margin_stationary_point(MU_3, c * WEIGHT - 1)
    assert point.positive_definite and point.alpha[0] == 0
    for c_value in (0.5, 2.0):
        risk = direct_risk(
            MU_3, "squared_hinge", "margin", lambda y, c_value=c_value: c_value * y - 1
        )
        best = minimize(risk, np.zeros(2), method="BFGS", options={"gtol": 1e-12})
        exact = [float(a.subs(c, c_value)) for a in point.alpha[1:]]
        assert np.allclose(exact, best.x, atol=1e-5)
        assert all(float(s.subs(c, c_value)) > 0 for s in point.slacks)


def test_bad_h_is_rejected():
    with pytest.raises(ValueError, match="h"):
        h_surrogate_minimizer(MU_3, "hinge", "pairwise", -WEIGHT)
    with pytest.raises(ValueError, match="h"):
        h_surrogate_minimizer(MU_3, "hinge", "margin", sp.log(1 - WEIGHT))
    with pytest.raises(TypeError, match="h"):
        margin_pull("hinge", lambda y: y)


# ---- the margin programme of (12) and (23) (rankviz.surrogates) ---------------------------------


MARGIN_GRAPHS = [
    [[0, 0.5, 5], [0, 0, 2], [2, 0, 0]],
    [[0, 0.5, 3], [0, 0, 2], [0, 0, 0]],
    [[0, 1, 0, 2], [0, 0, 3, 0], [1, 0, 0, 1], [0, 0, 0, 0]],
]


@pytest.mark.parametrize("W", MARGIN_GRAPHS)
def test_weighted_pairs_margins_match_a_linear_programme(W):
    from scipy.optimize import linprog

    from rankviz.surrogates import weighted_pairs_margins

    W = np.array(W, dtype=float)
    n = W.shape[0]
    edges = list(zip(*np.nonzero(W > 0), strict=True))
    alpha, smallest = weighted_pairs_margins(W, "hinge")
    # the hinge risk as an LP in (a, t): t_k >= 1 - (a_i - a_j), t_k >= 0, a_0 = 0
    rows = np.zeros((len(edges), n + len(edges)))
    for k, (i, j) in enumerate(edges):
        rows[k, i], rows[k, j], rows[k, n + k] = -1.0, 1.0, -1.0
    bounds = [(0, 0)] + [(None, None)] * (n - 1) + [(0, None)] * len(edges)
    cost = np.r_[np.zeros(n), [W[i, j] for i, j in edges]]
    best = linprog(cost, A_ub=rows, b_ub=-np.ones(len(edges)), bounds=bounds).fun
    direct = sum(W[i, j] * max(0.0, 1 - alpha[i] + alpha[j]) for i, j in edges)
    assert direct == pytest.approx(best, abs=1e-6)
    for i, j in edges:
        objective = np.zeros(n + len(edges))
        objective[i], objective[j] = 1.0, -1.0
        want = linprog(
            objective,
            A_ub=np.vstack([rows, cost]),
            b_ub=np.r_[-np.ones(len(edges)), best + 1e-7],
            bounds=bounds,
        ).fun
        assert smallest[(int(i), int(j))] == pytest.approx(want, abs=1e-4)


@pytest.mark.parametrize("phi", ["hinge", "squared_hinge"])
@pytest.mark.parametrize("W", MARGIN_GRAPHS[:2])
def test_weighted_pairs_margins_do_not_depend_on_the_weights_scale(W, phi):
    # the slack above the minimum is relative to sum(W): scaling the weights by 1e-3 or 1e3 must
    # leave every smallest margin where it is (an absolute slack of 1e-7 loosened the squared
    # hinge's margins on (23) to 0.986 / 1.984 / 0.993 at scale 1e-3, the hinge's on (12) to -2e-4)
    from rankviz.surrogates import weighted_pairs_margins

    W = np.array(W, dtype=float)
    for graph in (W, np.maximum(W - W.T, 0.0)):  # (12)'s and (23)'s weights
        _, unit = weighted_pairs_margins(graph, phi)
        for scale in (1e-3, 1e3):
            _, scaled = weighted_pairs_margins(scale * graph, phi)
            assert scaled.keys() == unit.keys()
            for edge, margin in unit.items():
                assert scaled[edge] == pytest.approx(margin, abs=1e-4), (scale, edge)
