"""rankviz.disagreement against brute force over all permutations, subsets of arcs and networkx."""

import itertools
import math

import networkx as nx
import numpy as np
import pytest

from rankviz.bayes import (
    bayes_permutations,
    conditional_risk,
    pairwise_disagreement_loss,
)
from rankviz.consistency import (
    difference_graph,
    mean_adjacency,
)
from rankviz.disagreement import (
    MAX_BAYES_ITEMS,
    MAX_FAS_ITEMS,
    bayes_orders,
    conditional_pairwise_risk,
    difference_scores,
    expected_disagreement,
    minimum_feedback_arc_set,
    net_degree_scores,
    pred_all_orders,
)
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import all_permutations

# the flagship of the chapter: two DAGs with probability 1/2 (Figure 1's situation)
FLAGSHIP = [(0.5, [[0, 1, 10], [0, 0, 4], [0, 0, 0]]), (0.5, [[0, 0, 0], [0, 0, 0], [4, 0, 0]])]


def _random_dag_distribution(rng, n, k=3):
    """k random DAGs on n items and their probabilities.

    Each graph orders its edges along the shared order (probability 3/4) or a
    fresh one, so each is acyclic while their mean graph can still have cycles.
    """
    shared = rng.permutation(n)
    graphs = []
    for _ in range(k):
        order = shared if rng.random() < 0.75 else rng.permutation(n)
        g = np.zeros((n, n))
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < 0.6:
                    g[order[a], order[b]] = rng.integers(1, 4)
        graphs.append(g)
    return np.array(graphs), rng.dirichlet(np.ones(k))


def test_expected_disagreement_is_the_conditional_risk_of_the_pd_loss():
    rng = np.random.default_rng(0)
    graphs, p = _random_dag_distribution(rng, 4)
    Y = mean_adjacency(list(zip(p, graphs, strict=True)))
    sigmas = all_permutations(4)
    assert np.allclose(
        expected_disagreement(sigmas, Y), conditional_risk(pairwise_disagreement_loss(), graphs, p)
    )


@pytest.mark.parametrize("seed", range(40))
def test_pred_all_orders_is_the_bayes_set_when_the_difference_graph_is_acyclic(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 6))
    for _ in range(100):  # draw until the difference graph is acyclic
        graphs, p = _random_dag_distribution(rng, n)
        Y = mean_adjacency(list(zip(p, graphs, strict=True)))
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
    for weights, expected in [
        ((100, 100, 100, 99, 200, 300), [0, 1, 2, 3, 4]),
        ((100, 100, 400, 99, 200, 499), [0, 1, 3, 2, 4]),
    ]:
        Y = np.zeros((5, 5))
        for (i, j), value in zip(
            [(0, 1), (1, 3), (0, 2), (2, 4), (0, 3), (0, 4)], weights, strict=True
        ):
            Y[i, j] = value
        assert np.array_equal(np.argsort(-net_degree_scores(Y), kind="stable"), expected)
        assert pred_all_orders(difference_scores(Y)).shape[0] == 6


def test_net_degree_and_difference_are_the_least_squares_minimisers():
    rng = np.random.default_rng(3)
    graphs, p = _random_dag_distribution(rng, 4)
    Y = mean_adjacency(list(zip(p, graphs, strict=True)))
    d = graphs.sum(axis=2) - graphs.sum(axis=1)  # per-label net degree
    u = net_degree_scores(Y)
    risk = lambda v: p @ ((v - d) ** 2).sum(axis=1)  # noqa: E731
    for _ in range(20):
        assert risk(u) <= risk(u + rng.normal(scale=0.1, size=4))
    D = difference_scores(Y)
    per_label = graphs - graphs.transpose(0, 2, 1)
    assert np.allclose(D, -D.T) and np.allclose(D, np.tensordot(p, per_label, axes=1))


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: expected_disagreement([0, 0], [[0, 1], [0, 0]]), "sigmas"),
        (lambda: expected_disagreement([0.0, 1.0], [[0, 1], [0, 0]]), "sigmas"),
        (lambda: net_degree_scores([[1, 0], [0, 0]]), "Y"),
        (lambda: difference_scores("Y"), "Y"),
        (lambda: pred_all_orders([[0, 1], [1, 0]]), "antisymmetric"),
        (lambda: pred_all_orders([[0, 1, -1], [-1, 0, 1], [1, -1, 0]]), "cycle"),
        (lambda: pred_all_orders(np.zeros((8, 8)), max_orders=10), "max_orders"),
        (lambda: pred_all_orders([[0, 1], [-1, 0]], tol=-1), "tol"),
    ],
)
def test_bad_input_names_the_argument(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


def random_dag(rng, n, density=0.6, high=10):
    """A random DAG: forward edges of a random order, integer weights."""
    order = rng.permutation(n)
    Y = np.zeros((n, n))
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                Y[order[a], order[b]] = rng.integers(1, high + 1)
    return Y


def random_mu(rng, n, k=None):
    k = k or int(rng.integers(1, 4))
    probs = rng.dirichlet(np.ones(k))
    probs[-1] = 1 - probs[:-1].sum()
    return [(float(p), random_dag(rng, n)) for p in probs]


def brute_risk(order, Y):
    """Eq. (11) of a strict order, from its definition: pay Y[b, a] when a is placed above b."""
    return sum(Y[order[b], order[a]] for a in range(len(order)) for b in range(a + 1, len(order)))


def brute_force_fas(W):
    """Minimum-weight feedback arc set by trying every subset of arcs (networkx acyclicity)."""
    arcs = list(zip(*np.nonzero(W > 0), strict=True))
    best = math.inf
    for r in range(len(arcs) + 1):
        for removed in itertools.combinations(arcs, r):
            G = nx.DiGraph()
            G.add_nodes_from(range(W.shape[0]))
            G.add_edges_from(set(arcs) - set(removed))
            if nx.is_directed_acyclic_graph(G):
                best = min(best, sum(W[a] for a in removed))
    return best


def test_mean_adjacency_and_the_risk_are_linear_in_the_distribution(rng):
    for n in (2, 3, 5):
        mu = random_mu(rng, n, 3)
        mean = sum(p * np.asarray(Y) for p, Y in mu)
        np.testing.assert_allclose(mean_adjacency(mu), mean)
        alphas = rng.normal(size=(20, n)).round(1)  # rounding creates ties
        expected = sum(p * pairwise_disagreement(alphas, Y) for p, Y in mu)
        np.testing.assert_allclose(conditional_pairwise_risk(alphas, mu), expected)
        assert conditional_pairwise_risk(alphas[0], mu) == pytest.approx(expected[0])


def test_pairwise_disagreement_charges_ties_as_eq_10_does():
    Y = [[0, 2, 0], [0, 0, 1], [0, 0, 0]]
    assert pairwise_disagreement([1.0, 1.0, 0.0], Y) == 2.0  # a tie on 0 -> 1 (0 < 1) is charged
    assert pairwise_disagreement([0.0, 1.0, 1.0], Y) == 3.0  # a tie on 1 -> 2 too; 0 -> 1 wrong


def test_conditional_risk_checks_the_scores():
    with pytest.raises(ValueError, match="one score per item"):
        conditional_pairwise_risk([1.0, 2.0], FLAGSHIP)
    with pytest.raises(ValueError, match="NaN"):
        conditional_pairwise_risk([1.0, np.nan, 0.0], FLAGSHIP)
    with pytest.raises(ValueError, match="1-D"):
        conditional_pairwise_risk(np.zeros((2, 2, 3)), FLAGSHIP)


def test_bayes_orders_match_a_brute_force_over_all_orders(rng):
    for n in (2, 3, 4, 5):
        for _ in range(6):
            mu = random_mu(rng, n)
            Y = mean_adjacency(mu)
            risks = {order: brute_risk(order, Y) for order in itertools.permutations(range(n))}
            best = min(risks.values())
            expected = sorted(o for o, r in risks.items() if r <= best + 1e-9)
            assert [tuple(o) for o in bayes_orders(mu)] == expected
            assert conditional_pairwise_risk(-np.argsort(bayes_orders(mu)[0]), mu) == pytest.approx(
                best
            )


def test_with_an_acyclic_difference_graph_the_bayes_orders_are_its_topological_orders(rng):
    checked = 0
    for _ in range(60):
        n = int(rng.integers(3, 6))
        mu = random_mu(rng, n)
        D = difference_graph(mean_adjacency(mu))
        G = nx.DiGraph()
        G.add_nodes_from(range(n))
        G.add_edges_from(zip(*np.nonzero(D > 0), strict=True))
        if not nx.is_directed_acyclic_graph(G):
            continue
        checked += 1
        # pairs with equal weights leave a choice: those orders are Bayes too
        topological = {tuple(o) for o in nx.all_topological_sorts(G)}
        orders = {tuple(o) for o in bayes_orders(mu)}
        assert topological <= orders
        if np.all((D + D.T)[~np.eye(n, dtype=bool)] > 0):  # every pair decided
            assert orders == topological
    assert checked > 20


def test_bayes_orders_limits():
    with pytest.raises(ValueError, match=f"at most {MAX_BAYES_ITEMS}"):
        bayes_orders([(1.0, np.zeros((MAX_BAYES_ITEMS + 1,) * 2))])
    assert bayes_orders([(1.0, np.zeros((3, 3)))]).shape == (6, 3)  # no preference: all orders


def test_minimum_feedback_arc_set_matches_subset_enumeration(rng):
    for n in (2, 3, 3, 4, 4, 4, 5, 5):
        for _ in range(3):
            W = rng.integers(0, 5, size=(n, n)) * (rng.random((n, n)) < 0.5)
            np.fill_diagonal(W, 0)
            fas = minimum_feedback_arc_set(W)
            assert fas.weight == pytest.approx(brute_force_fas(W))
            # removing the arcs leaves a DAG consistent with the order
            kept = {(int(i), int(j)) for i, j in zip(*np.nonzero(W > 0), strict=True)}
            kept -= set(fas.arcs)
            position = np.argsort(fas.order)
            assert all(position[i] < position[j] for i, j in kept)


def test_bayes_risk_is_the_unavoidable_part_plus_a_minimum_feedback_arc_set(rng):
    """Proposition 3's reduction: minimising (11) is min-weight FAS on the difference graph."""
    cyclic = 0
    for _ in range(40):
        n = int(rng.integers(3, 7))
        mu = random_mu(rng, n, 3)
        Y = mean_adjacency(mu)
        D = difference_graph(Y)
        bayes = conditional_pairwise_risk(-np.argsort(bayes_orders(mu)[0]), mu)
        unavoidable = np.minimum(Y, Y.T)[np.triu_indices(n, 1)].sum()
        fas = minimum_feedback_arc_set(D)
        assert bayes == pytest.approx(unavoidable + fas.weight)
        assert conditional_pairwise_risk(-np.argsort(fas.order), mu) == pytest.approx(bayes)
        cyclic += fas.weight > 0
    assert cyclic > 5  # the sample did contain cyclic difference graphs


def test_feedback_arc_set_limits_and_repr():
    with pytest.raises(ValueError, match=f"at most {MAX_FAS_ITEMS}"):
        minimum_feedback_arc_set(np.zeros((MAX_FAS_ITEMS + 1,) * 2))
    with pytest.raises(ValueError, match="weights must be non-negative"):
        minimum_feedback_arc_set([[0, -1], [0, 0]])
    fas = minimum_feedback_arc_set([[0, 1], [0, 0]])
    assert (fas.weight, fas.arcs, fas.order.tolist()) == (0.0, (), [0, 1])
    assert repr(fas) == "FeedbackArcSet(weight=0, arcs=[none], order=[0, 1])"


def test_minimum_feedback_arc_set_returns_the_lexicographically_smallest_optimal_order():
    """The documented tie rule against brute force over all n! orders (issue 31, item 2).

    Integer weights from a handful of values make many orders tie for the least weight;
    the order returned must be the smallest of them in lexicographic order.
    """
    W = [[0, 3, 3, 4, 3], [2, 0, 2, 3, 3], [2, 3, 0, 4, 2], [1, 2, 1, 0, 1], [2, 2, 3, 4, 0]]
    assert minimum_feedback_arc_set(W).order.tolist() == [
        0,
        1,
        4,
        2,
        3,
    ]  # main gave [0, 2, 1, 4, 3]
    gen = np.random.default_rng(31)
    tied = 0
    for _ in range(300):
        n = int(gen.integers(2, 7))
        W = gen.integers(0, 3, size=(n, n)) * (gen.random((n, n)) < gen.random())
        np.fill_diagonal(W, 0)
        costs = {
            order: sum(int(W[order[b], order[a]]) for a in range(n) for b in range(a + 1, n))
            for order in itertools.permutations(range(n))
        }
        least = min(costs.values())
        optimal = sorted(order for order, cost in costs.items() if cost == least)
        tied += len(optimal) > 1
        fas = minimum_feedback_arc_set(W)
        assert fas.order.tolist() == list(optimal[0]), (W.tolist(), optimal[:3])
        assert fas.weight == least
    assert tied > 150  # most samples had ties to break
