"""rankviz.disagreement against brute force over all permutations."""

import numpy as np
import pytest

from rankviz.bayes import bayes_permutations, conditional_risk, pairwise_disagreement_loss
from rankviz.disagreement import (
    difference_scores,
    expected_disagreement,
    mean_preference_graph,
    net_degree_scores,
    pred_all_orders,
)
from rankviz.permutations import all_permutations


def _random_dag_distribution(rng, n, k=3):
    order = rng.permutation(n)
    graphs = []
    for _ in range(k):
        g = np.zeros((n, n))
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < 0.6:
                    i, j = (order[a], order[b]) if rng.random() < 0.75 else (order[b], order[a])
                    g[i, j] = rng.integers(1, 4)
        graphs.append(g)
    return np.array(graphs), rng.dirichlet(np.ones(k))


def test_expected_disagreement_is_the_conditional_risk_of_the_pd_loss():
    rng = np.random.default_rng(0)
    graphs, p = _random_dag_distribution(rng, 4)
    Y = mean_preference_graph(graphs, p)
    sigmas = all_permutations(4)
    assert np.allclose(expected_disagreement(sigmas, Y),
                       conditional_risk(pairwise_disagreement_loss(), graphs, p))


@pytest.mark.parametrize("seed", range(40))
def test_pred_all_orders_is_the_bayes_set_when_the_difference_graph_is_acyclic(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 6))
    for _ in range(100):     # draw until the difference graph is acyclic
        graphs, p = _random_dag_distribution(rng, n)
        Y = mean_preference_graph(graphs, p)
        try:
            found = pred_all_orders(difference_scores(Y))
            break
        except ValueError:
            continue
    brute = np.array(bayes_permutations(pairwise_disagreement_loss(), graphs, p))
    brute = brute[np.lexsort(brute.T[::-1])]
    assert np.array_equal(found, brute)


def test_the_surveys_five_item_example():
    # seed 002, section 6.1: edges 1->2, 2->4, 1->3, 3->5, 1->4, 1->5 (0-based here)
    for weights, expected in [((100, 100, 100, 99, 200, 300), [0, 1, 2, 3, 4]),
                              ((100, 100, 400, 99, 200, 499), [0, 1, 3, 2, 4])]:
        Y = np.zeros((5, 5))
        for (i, j), value in zip([(0, 1), (1, 3), (0, 2), (2, 4), (0, 3), (0, 4)], weights,
                                 strict=True):
            Y[i, j] = value
        assert np.array_equal(np.argsort(-net_degree_scores(Y), kind="stable"), expected)
        assert pred_all_orders(difference_scores(Y)).shape[0] == 6


def test_net_degree_and_difference_are_the_least_squares_minimisers():
    rng = np.random.default_rng(3)
    graphs, p = _random_dag_distribution(rng, 4)
    Y = mean_preference_graph(graphs, p)
    d = graphs.sum(axis=2) - graphs.sum(axis=1)          # per-label net degree
    u = net_degree_scores(Y)
    risk = lambda v: p @ ((v - d) ** 2).sum(axis=1)      # noqa: E731
    for _ in range(20):
        assert risk(u) <= risk(u + rng.normal(scale=0.1, size=4))
    D = difference_scores(Y)
    per_label = graphs - graphs.transpose(0, 2, 1)
    assert np.allclose(D, -D.T) and np.allclose(D, np.tensordot(p, per_label, axes=1))


@pytest.mark.parametrize("call, match", [
    (lambda: mean_preference_graph([[[0, 1], [0, 0]]], [0.5]), "probs"),
    (lambda: mean_preference_graph([[[0, -1], [0, 0]]], [1.0]), "graphs"),
    (lambda: expected_disagreement([0, 0], [[0, 1], [0, 0]]), "sigmas"),
    (lambda: expected_disagreement([0.0, 1.0], [[0, 1], [0, 0]]), "sigmas"),
    (lambda: net_degree_scores([[1, 0], [0, 0]]), "Y"),
    (lambda: difference_scores("Y"), "Y"),
    (lambda: pred_all_orders([[0, 1], [1, 0]]), "antisymmetric"),
    (lambda: pred_all_orders([[0, 1, -1], [-1, 0, 1], [1, -1, 0]]),
     "cycle"),
    (lambda: pred_all_orders(np.zeros((8, 8)), max_orders=10), "max_orders"),
    (lambda: pred_all_orders([[0, 1], [-1, 0]], tol=-1), "tol"),
])
def test_bad_input_names_the_argument(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()
