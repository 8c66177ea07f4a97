"""RankNet, ListNet and LambdaRank against independent oracles: finite differences, loops over
pairs, NDCG recomputed on the swapped ranking, quadrature along a loop."""

import itertools

import numpy as np
import pytest

from rankviz.listwise import (
    MAX_LOOP_WORK,
    delta_ndcg,
    lambda_loop_integral,
    lambdarank_gradient,
    lambdarank_potential,
    listnet_gradient,
    listnet_loss,
    objective_derivatives,
    ranknet_gradient,
    ranknet_loss,
    top_one_probabilities,
)
from rankviz.measures import ndcg

RNG = np.random.default_rng(7)
QUERIES = [(RNG.normal(size=n), RNG.integers(0, 4, size=n)) for n in (2, 3, 5, 8)]


def _finite_difference(f, s, h=1e-6):
    return np.array([(f(s + h * e) - f(s - h * e)) / (2 * h) for e in np.eye(s.size)])


def _ranknet_by_loop(s, y, sigma):
    return sum(
        np.log1p(np.exp(-sigma * (s[i] - s[j])))
        for i in range(s.size)
        for j in range(s.size)
        if y[i] > y[j]
    )


@pytest.mark.parametrize("s, y", QUERIES)
@pytest.mark.parametrize("sigma", [0.5, 1.0, 3.0])
def test_ranknet_loss_is_the_loop_over_pairs_and_its_gradient_the_finite_difference(s, y, sigma):
    assert np.isclose(ranknet_loss(s, y, sigma), _ranknet_by_loop(s, y, sigma))
    numeric = _finite_difference(lambda v: _ranknet_by_loop(v, y, sigma), s)
    assert np.allclose(ranknet_gradient(s, y, sigma), numeric, atol=1e-6)


@pytest.mark.parametrize("s, y", QUERIES)
def test_listnet_loss_is_the_cross_entropy_and_its_gradient_the_finite_difference(s, y):
    target = np.exp(y) / np.exp(y).sum()
    model = np.exp(s) / np.exp(s).sum()
    assert np.isclose(listnet_loss(s, y), -(target * np.log(model)).sum())
    numeric = _finite_difference(lambda v: listnet_loss(v, y), s)
    assert np.allclose(listnet_gradient(s, y), numeric, atol=1e-6)
    assert np.isclose(listnet_loss(y + 2.0, y), -(target * np.log(target)).sum())


def test_top_one_probabilities_are_the_plackett_luce_first_place_marginals():
    s = np.array([0.3, -1.0, 2.0, 0.5])
    w = np.exp(s)
    first = np.zeros(4)
    for order in itertools.permutations(range(4)):
        left, p = w.sum(), 1.0
        for item in order:
            p *= w[item] / left
            left -= w[item]
        first[order[0]] += p
    assert np.allclose(top_one_probabilities(s), first)


@pytest.mark.parametrize("s, y", QUERIES[1:])
@pytest.mark.parametrize("k", [None, 1, 3])
def test_delta_ndcg_is_the_change_of_ndcg_when_two_documents_swap(s, y, k):
    if y.max() == 0:
        y = y + 1
    cut = None if k is None else min(k, s.size)
    delta = delta_ndcg(s, y, k)
    base = ndcg(y, s, cut)
    for i, j in itertools.combinations(range(s.size), 2):
        swapped = s.copy()
        swapped[[i, j]] = s[[j, i]]
        assert np.isclose(delta[i, j], abs(ndcg(y, swapped, cut) - base))
        assert delta[i, j] == delta[j, i]


@pytest.mark.parametrize("s, y", QUERIES)
def test_lambdas_are_ranknet_forces_weighted_by_delta_ndcg(s, y):
    delta = delta_ndcg(s, y)
    expected = np.zeros(s.size)
    for i in range(s.size):
        for j in range(s.size):
            if y[i] > y[j]:
                force = delta[i, j] / (1 + np.exp(s[i] - s[j]))
                expected[i] -= force
                expected[j] += force
    assert np.allclose(lambdarank_gradient(s, y), expected)


@pytest.mark.parametrize("s, y", QUERIES)
def test_inside_one_order_the_lambdas_are_the_gradient_of_the_potential(s, y):
    numeric = _finite_difference(lambda v: lambdarank_potential(v, y, frozen_scores=s), s)
    assert np.allclose(lambdarank_gradient(s, y), numeric, atol=1e-6)


def _quadrature_loop_integral(vertices, y, steps=4000):
    total = 0.0
    for a, b in zip(vertices, np.roll(vertices, -1, axis=0), strict=True):
        ts = (np.arange(steps) + 0.5) / steps
        total += sum(lambdarank_gradient(a + t * (b - a), y) @ (b - a) for t in ts) / steps
    return total


def test_a_loop_inside_one_order_has_zero_integral():
    square = np.array([[3.0, 2.0, 0.0], [3.5, 2.0, 0.0], [3.5, 2.5, 0.0], [3.0, 2.5, 0.0]])
    assert abs(lambda_loop_integral(square, [2, 1, 0])) < 1e-12


def test_a_loop_across_orders_has_the_integral_quadrature_finds_and_it_is_not_zero():
    y = np.array([2, 1, 0])
    loop = np.array([[0.0, 0.5, -1.0], [0.0, -0.5, -1.0], [0.0, -0.5, 1.0], [0.0, 0.5, 1.0]])
    exact = lambda_loop_integral(loop, y)
    assert abs(exact - _quadrature_loop_integral(loop, y, steps=800)) < 2e-3
    assert abs(exact) > 1e-3  # no potential: the lambda field is not a gradient


def test_objective_derivatives_stack_the_single_query_functions_and_hessians_are_curvatures():
    s = np.concatenate([q[0] for q in QUERIES])
    y = np.concatenate([q[1] for q in QUERIES])
    b = np.concatenate([[0], np.cumsum([q[0].size for q in QUERIES])])
    singles = {"ranknet": ranknet_gradient, "listnet": listnet_gradient}
    for name in ("ranknet", "listnet", "lambdarank"):
        g, h = objective_derivatives(s, y, b, name)
        for (sq, yq), lo, hi in zip(QUERIES, b[:-1], b[1:], strict=True):
            one = singles.get(name, lambdarank_gradient)(sq, yq)
            assert np.allclose(g[lo:hi], one)
            if name != "lambdarank":
                grad = singles[name]
                diag = [
                    (grad(sq + 1e-6 * e, yq)[i] - grad(sq - 1e-6 * e, yq)[i]) / 2e-6
                    for i, e in enumerate(np.eye(sq.size))
                ]
                assert np.allclose(h[lo:hi], diag, atol=1e-5)


def test_bad_boundaries_and_sizes_are_refused():
    with pytest.raises(ValueError, match="boundaries"):
        objective_derivatives([0.0, 1.0], [1, 0], [0, 1, 1, 2])
    with pytest.raises(ValueError, match="MAX_QUERY_DOCUMENTS"):
        ranknet_loss(np.zeros(3000), np.zeros(3000))
    with pytest.raises(ValueError, match="labels"):
        ranknet_loss([0.0, 1.0], [1, -1])


def test_a_loop_beyond_the_work_limit_is_refused_up_front():
    rng = np.random.default_rng(0)
    n = 40  # 200 vertices of 40 documents took 28 s before the limit
    assert 200 * n**4 > MAX_LOOP_WORK
    with pytest.raises(ValueError, match="MAX_LOOP_WORK"):
        lambda_loop_integral(rng.normal(size=(200, n)), rng.integers(0, 5, n))
    # just inside the limit it answers
    m = MAX_LOOP_WORK // 10**4
    assert np.isfinite(
        lambda_loop_integral(rng.normal(size=(min(m, 50), 10)), rng.integers(0, 5, 10))
    )
