"""rankviz.samples: labels and grades as preference graphs, checked by networkx and brute force."""

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankviz.metrics import auc
from rankviz.pairwise import (
    emphasis_bipartite,
    emphasis_uniform,
    pairwise_disagreement,
    weighted_disagreement_L_omega,
)
from rankviz.permutations import all_permutations, sigma_from_scores
from rankviz.samples import (
    binary_label_patterns,
    preference_graph_from_grades,
    preference_graph_from_labels,
    single_preference,
    to_networkx,
)


# --------------------------------------------------------------------------- #
# binary labels -> bipartite graph
# --------------------------------------------------------------------------- #
@given(st.lists(st.booleans(), min_size=1, max_size=12))
def test_labels_give_the_complete_bipartite_dag_with_unit_weights(labels):
    y = np.array(labels, dtype=int)
    w = preference_graph_from_labels(y)
    m = int(y.sum())
    graph = to_networkx(w)
    assert graph.number_of_edges() == m * (y.size - m)
    assert nx.is_directed_acyclic_graph(graph)
    assert set(np.unique(w)) <= {0.0, 1.0}
    for i, j in graph.edges:
        assert y[i] == 1 and y[j] == 0


def test_label_encodings_agree_and_batches_stack():
    expected = preference_graph_from_labels([1, 0, 0, 1])
    np.testing.assert_array_equal(preference_graph_from_labels([1, -1, -1, 1]), expected)
    np.testing.assert_array_equal(
        preference_graph_from_labels([True, False, False, True]), expected
    )
    batch = preference_graph_from_labels([[1, 0, 0, 1], [0, 1, 0, 0]])
    assert batch.shape == (2, 4, 4)
    np.testing.assert_array_equal(batch[0], expected)
    np.testing.assert_array_equal(batch[1], preference_graph_from_labels([0, 1, 0, 0]))


def test_disagreement_on_the_label_graph_counts_misranked_pairs_under_each_tie_rule(
    rng, tied_sample
):
    for _ in range(15):
        y, s = tied_sample(rng, int(rng.integers(2, 40)), decimals=0)
        w = preference_graph_from_labels(y)
        m, n = int(y.sum()), int((1 - y).sum())
        # a tie costs half an edge (AUC's half credit) or a whole one (the strict AUC)
        assert pairwise_disagreement(s, w, ties="half") == pytest.approx(m * n * (1 - auc(y, s)))
        assert pairwise_disagreement(s, w, ties="error") == pytest.approx(
            m * n * (1 - auc(y, s, ties="strict"))
        )
        # eq. (10) charges a tied edge i -> j only when i < j: in between
        duchi = pairwise_disagreement(s, w)
        assert m * n * (1 - auc(y, s, ties="mohri")) - 1e-9 <= duchi
        assert duchi <= m * n * (1 - auc(y, s, ties="strict")) + 1e-9


def test_bipartite_emphasis_is_one_minus_auc_and_the_books_constant_is_not(rng):
    # Mohri et al. 10.6.4: omega = n(n-1)/(2 m+ m-) is stated to give 1 - AUC; it does only
    # when restricted to positive-negative pairs (emphasis_bipartite)
    gaps = []
    for _ in range(20):
        n_pos, n_neg = int(rng.integers(1, 5)), int(rng.integers(1, 5))
        n = n_pos + n_neg
        y = rng.permutation(np.r_[np.ones(n_pos, dtype=int), np.zeros(n_neg, dtype=int)])
        sigma = rng.permutation(n)
        target = sigma_from_scores(y + rng.random(n) * 0.1)  # positives on top, any inner order
        one_minus_auc = 1 - auc(y, -sigma)
        assert weighted_disagreement_L_omega(
            sigma, target, emphasis_bipartite(n_pos, n_neg)
        ) == pytest.approx(one_minus_auc)
        constant = emphasis_uniform(n) * n * (n - 1) / (2 * n_pos * n_neg)
        gaps.append(weighted_disagreement_L_omega(sigma, target, constant) - one_minus_auc)
    assert min(gaps) >= -1e-12 and max(gaps) > 0.1


# --------------------------------------------------------------------------- #
# grades -> DAG weighted by differences
# --------------------------------------------------------------------------- #
@given(st.lists(st.integers(0, 4), min_size=1, max_size=10))
def test_grades_give_a_dag_weighted_by_differences(grades):
    y = np.array(grades, dtype=float)
    w = preference_graph_from_grades(y)
    graph = to_networkx(w)
    assert nx.is_directed_acyclic_graph(graph)
    for i in range(y.size):
        for j in range(y.size):
            assert w[i, j] == (y[i] - y[j] if y[i] > y[j] else 0.0)
    distinct = np.unique(y).size
    # every topological generation of the DAG is one grade level
    if graph.number_of_edges():
        assert len(list(nx.topological_generations(graph))) == distinct
    else:
        assert distinct == 1


def test_disagreement_on_the_grade_dag_is_the_sum_of_misordered_differences(rng):
    y = np.array([3, 0, 2, 2, 1])
    w = preference_graph_from_grades(y)
    for sigma in all_permutations(5)[::7]:
        by_hand = sum(
            y[i] - y[j] for i in range(5) for j in range(5) if y[i] > y[j] and sigma[i] > sigma[j]
        )
        assert pairwise_disagreement(-sigma, w) == by_hand
    # zero exactly for the rankings that sort by grade: the linear extensions of the DAG
    zero = [tuple(s) for s in all_permutations(5) if pairwise_disagreement(-s, w) == 0]
    extensions = list(nx.all_topological_sorts(to_networkx(w)))
    assert len(zero) == len(extensions) == 2
    batch = preference_graph_from_grades(np.vstack([y, y[::-1]]))
    assert batch.shape == (2, 5, 5)
    np.testing.assert_array_equal(batch[1], preference_graph_from_grades(y[::-1]))


def test_binary_grades_give_the_label_graph():
    y = np.array([1, 0, 1, 1, 0])
    np.testing.assert_array_equal(preference_graph_from_grades(y), preference_graph_from_labels(y))


# --------------------------------------------------------------------------- #
# a single preference; networkx
# --------------------------------------------------------------------------- #
def test_single_preference():
    w = single_preference(4, 3, 1, weight=2.5)
    assert w[3, 1] == 2.5 and np.count_nonzero(w) == 1
    assert pairwise_disagreement([0.0, 1.0, 0.0, 2.0], w) == 0.0
    assert pairwise_disagreement([0.0, 2.0, 0.0, 1.0], w) == 2.5


def test_to_networkx_keeps_weights_names_and_cycles():
    cycle = np.array([[0, 1, 0], [0, 0, 2], [3, 0, 0]])
    graph = to_networkx(cycle, names=["a", "b", "c"])
    assert sorted(graph.edges(data="weight")) == [(0, 1, 1.0), (1, 2, 2.0), (2, 0, 3.0)]
    assert nx.get_node_attributes(graph, "name") == {0: "a", 1: "b", 2: "c"}
    assert not nx.is_directed_acyclic_graph(graph)
    assert to_networkx(np.zeros((2, 2))).number_of_nodes() == 2


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: preference_graph_from_labels([0, 2, 1]),
            ValueError,
            "^y_true must contain binary",
        ),
        (lambda: preference_graph_from_labels([]), ValueError, "^y_true is empty"),
        (lambda: preference_graph_from_labels([[[1]]]), ValueError, "^y_true must be 1-D"),
        (lambda: preference_graph_from_labels("10"), TypeError, "^y_true must be an array"),
        (lambda: preference_graph_from_grades([1, np.nan]), ValueError, "^y_true contains NaN"),
        (lambda: preference_graph_from_grades(np.zeros((0, 3))), ValueError, "^y_true is empty"),
        (lambda: preference_graph_from_grades(["a"]), TypeError, "^y_true must contain numbers"),
        (lambda: single_preference(1, 0, 0), ValueError, "^n must be >= 2"),
        (lambda: single_preference(3, 0, 3), ValueError, "^other must be <= 2"),
        (lambda: single_preference(3, 1, 1), ValueError, "^preferred and other must be different"),
        (lambda: single_preference(3, 0, 1, weight=0), ValueError, "^weight must be > 0"),
        (lambda: single_preference(3, 0.5, 1), TypeError, "^preferred must be an integer"),
        (lambda: to_networkx([[0, 1]]), ValueError, "^weights must be a square matrix"),
        (lambda: to_networkx([[0, -1], [0, 0]]), ValueError, "^weights must be non-negative"),
        (lambda: to_networkx([[0, np.inf], [0, 0]]), ValueError, "^weights contains NaN or inf"),
        (lambda: to_networkx([[0, 1j], [0, 0]]), TypeError, "^weights must contain real numbers"),
        (lambda: to_networkx([[1, 0], [0, 0]]), ValueError, "^weights must have a zero diagonal"),
        (lambda: to_networkx([["a"]]), TypeError, "^weights must contain numbers"),
        (lambda: to_networkx(np.zeros((2, 2)), names=["a"]), ValueError, "^names must give one"),
        (lambda: to_networkx(np.zeros((2, 2)), names="ab"), TypeError, "^names must be a sequence"),
        (lambda: to_networkx(np.zeros((2, 2)), names=7), TypeError, "^names must be a sequence"),
        (
            lambda: to_networkx(np.zeros((2, 2)), names=np.array(1)),
            TypeError,
            "^names must be a sequence",
        ),
        (
            lambda: preference_graph_from_grades([1e308, -1e308]),
            ValueError,
            "^y_true grades are too far apart",
        ),
        (lambda: to_networkx(1.0 - np.eye(1001)), ValueError, "^weights has 1001000 edges"),
        (lambda: single_preference(10**12, 0, 1), ValueError, "^n must be <= 7071"),
        (
            lambda: preference_graph_from_grades(np.zeros(10**4)),
            ValueError,
            "^y_true has 1 queries of 10000 documents.*MAX_GRAPH_ENTRIES",
        ),
        (lambda: preference_graph_from_labels([0, 1 + 1j]), TypeError, "^y_true must contain real"),
        (
            lambda: preference_graph_from_labels([[0, 1], [1, 2]]),
            ValueError,
            "^y_true must contain binary",
        ),
    ],
)
def test_errors_name_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize(("n", "n_relevant"), [(1, 0), (1, 1), (4, 2), (6, 3), (7, 0), (8, 5)])
def test_binary_label_patterns_are_every_labelling_once(n, n_relevant):
    patterns = binary_label_patterns(n, n_relevant)
    brute = {v for v in itertools.product((0, 1), repeat=n) if sum(v) == n_relevant}
    assert {tuple(p) for p in patterns} == brute
    assert len(patterns) == len(brute)
    if n_relevant:
        assert patterns[0][:n_relevant].all()  # every relevant document on top comes first


def test_binary_label_patterns_errors():
    with pytest.raises(ValueError, match="n_relevant"):
        binary_label_patterns(3, 4)
    with pytest.raises(ValueError, match="n and n_relevant"):
        binary_label_patterns(40, 20)
    with pytest.raises(TypeError, match="n"):
        binary_label_patterns(3.5, 1)
