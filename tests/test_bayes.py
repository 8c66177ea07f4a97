"""rankviz.bayes against independent oracles: direct enumeration, chapter 01's measures."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from distributions_over_labels import AB, direct_risks, random_distribution
from hypothesis import given
from hypothesis import strategies as st

from rankviz.bayes import (
    DEFAULT_TOL,
    RankingLoss,
    bayes_permutations,
    chain_vectors,
    conditional_risk,
    err_loss,
    item_sets,
    label_set,
    loss_matrix,
    loss_matrix_rank,
    map_loss,
    ndcg_loss,
    pairwise_disagreement_loss,
    precision_loss,
    product_distribution,
    rank_mod_prime,
    subset_containment,
)
from rankviz.measures import average_precision, err, ndcg
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import all_permutations
from rankviz.samples import preference_graph_from_grades


def test_label_set_and_product_distribution():
    labels = label_set(3, grades=(0, 2))
    assert labels.shape == (8, 3) and set(np.unique(labels)) == {0.0, 2.0}
    marginals = np.array([[0.2, 0.5, 0.3], [0.6, 0.4, 0.0]])
    ys, probs = product_distribution(marginals)
    assert ys.shape == (9, 2) and math.isclose(probs.sum(), 1.0)
    for y, p in zip(ys, probs, strict=True):
        assert math.isclose(p, marginals[0, int(y[0])] * marginals[1, int(y[1])])
    _, probs2 = product_distribution([0.3, 0.8])
    assert np.allclose(probs2, [0.7 * 0.2, 0.7 * 0.8, 0.3 * 0.2, 0.3 * 0.8])
    with pytest.raises(ValueError, match="sum to 1"):
        product_distribution([[0.5, 0.6]])
    with pytest.raises(ValueError, match="grades must be distinct"):
        label_set(2, grades=(1, 1))
    with pytest.raises(ValueError, match="n must be <= 7"):
        label_set(8)


def test_losses_are_one_minus_chapter_01_measures(rng):
    sigma = np.array([2, 0, 3, 1])
    y_bin = np.array([1, 0, 1, 1])
    y_grades = np.array([2, 0, 1, 3])
    assert precision_loss(2)(sigma, y_bin) == 1 - 0.5
    assert map_loss()(sigma, y_bin) == pytest.approx(1 - average_precision(y_bin, -sigma))
    assert ndcg_loss()(sigma, y_grades) == pytest.approx(1 - ndcg(y_grades, -sigma))
    assert ndcg_loss("linear", k=2)(sigma, y_grades) == pytest.approx(
        1 - ndcg(y_grades, -sigma, 2, gain="linear")
    )
    assert err_loss(3)(sigma, y_grades) == pytest.approx(1 - err(y_grades, -sigma, max_grade=3))
    graph = preference_graph_from_grades(y_grades)
    assert pairwise_disagreement_loss()(sigma, graph) == pairwise_disagreement(-sigma, graph)
    # by hand: AP of y = (1, 0, 1) with order 1, 0, 2 is (1/2 + 2/3) / 2
    assert map_loss()([1, 0, 2], [1, 0, 1]) == pytest.approx(1 - (1 / 2 + 2 / 3) / 2)
    assert repr(map_loss()) == "RankingLoss('MAP', labels: binary)"


@pytest.mark.parametrize(
    "loss, grades",
    [
        (precision_loss(2), (0, 1)),
        (map_loss(), (0, 1)),
        (ndcg_loss(), (0, 1, 2)),
        (err_loss(2), (0, 1, 2)),
    ],
)
def test_conditional_risk_equals_direct_enumeration(rng, loss, grades):
    labels = label_set(3, grades)
    for sparse in (False, True):
        probs = random_distribution(rng, labels.shape[0], sparse)
        np.testing.assert_allclose(
            conditional_risk(loss, labels, probs), direct_risks(loss, labels, probs), atol=1e-12
        )


def test_pairwise_disagreement_risk_is_linear_in_the_mean_graph(rng):
    graphs = np.stack([preference_graph_from_grades(rng.integers(0, 3, size=4)) for _ in range(5)])
    probs = rng.dirichlet(np.ones(5))
    risks = conditional_risk(pairwise_disagreement_loss(), graphs, probs)
    mean_graph = np.tensordot(probs, graphs, axes=1)
    np.testing.assert_allclose(risks, pairwise_disagreement(-all_permutations(4), mean_graph))


def test_loss_matrix_batched_and_one_at_a_time_agree():
    labels = label_set(3)
    batched = loss_matrix(map_loss(), 3, labels)
    single = loss_matrix(lambda s, y: map_loss()(s, y), 3, labels, batched=False)
    np.testing.assert_allclose(batched, single)
    assert batched.shape == (6, 8)
    with pytest.raises(ValueError, match="batched=False"):
        loss_matrix(lambda s, y: 0.0, 3, labels)
    with pytest.raises(TypeError, match="callable"):
        loss_matrix("ndcg", 3, labels)


def test_a_precomputed_matrix_is_accepted_and_checked(rng):
    labels = label_set(3)
    matrix = loss_matrix(map_loss(), 3, labels)
    probs = rng.dirichlet(np.ones(8))
    np.testing.assert_allclose(
        conditional_risk(matrix, labels, probs), conditional_risk(map_loss(), labels, probs)
    )
    with pytest.raises(ValueError, match="shape"):
        conditional_risk(matrix[:, :4], labels, probs)
    batch = rng.dirichlet(np.ones(8), size=3)
    assert conditional_risk(matrix, labels, batch).shape == (3, 6)


def test_bayes_set_keeps_every_tie():
    # Precision@1 with y = (0, 1, 1): any ranking with item 1 or 2 on top
    found = {tuple(s) for s in bayes_permutations(precision_loss(1), [[0, 1, 1]], [1.0])}
    expected = {tuple(s) for s in all_permutations(3) if s[1] == 0 or s[2] == 0}
    assert found == expected and len(found) == 4
    # Precision@2 of 4 items: the order inside the top 2 and the bottom 2 is free
    assert len(bayes_permutations(precision_loss(2), [[1, 1, 0, 0]], [1.0])) == 4
    # a tolerance wider than a true gap merges the levels
    risks = conditional_risk(map_loss(), AB, [0.4, 0.6])
    gap = np.sort(np.unique(risks.round(12)))[1] - risks.min()
    assert len(bayes_permutations(map_loss(), AB, [0.4, 0.6], tol=gap + 1e-9)) > len(
        bayes_permutations(map_loss(), AB, [0.4, 0.6])
    )


@pytest.mark.parametrize(
    "probs, message",
    [
        ([0.5, 0.6], "sum to 1"),
        ([1.2, -0.2], "non-negative"),
        ([1.0], "one probability per label"),
        ([np.nan, 1.0], "NaN"),
        ("ab", "probs must be an array"),
    ],
)
def test_bad_probabilities_are_refused(probs, message):
    with pytest.raises((ValueError, TypeError), match=message):
        conditional_risk(map_loss(), AB, probs)


def test_bad_labels_are_refused():
    with pytest.raises(ValueError, match="must be binary"):
        conditional_risk(map_loss(), [[0, 2, 1]], [1.0])
    with pytest.raises(ValueError, match="n <= 7"):
        conditional_risk(ndcg_loss(), np.ones((1, 8)), [1.0])
    with pytest.raises(ValueError, match="non-negative"):
        conditional_risk(ndcg_loss(), [[0, -1, 1]], [1.0])
    with pytest.raises(ValueError, match="preference graphs"):
        conditional_risk(pairwise_disagreement_loss(), [[0, 1, 1]], [1.0])
    with pytest.raises(ValueError, match="relevance vectors"):
        conditional_risk(ndcg_loss(), np.zeros((1, 3, 3)), [1.0])
    with pytest.raises(ValueError, match="n = 3 items"):
        loss_matrix(ndcg_loss(), 3, [[0, 1]])
    with pytest.raises(ValueError, match="labels could not be read as an array"):
        conditional_risk(ndcg_loss(), [[0, 1], [1]], [0.5, 0.5])
    with pytest.raises(TypeError, match="numbers"):
        conditional_risk(ndcg_loss(), [["a", "b"]], [1.0])
    with pytest.raises(ValueError, match="tol must be >= 0"):
        bayes_permutations(map_loss(), AB, [0.5, 0.5], tol=-1.0)


@given(st.lists(st.lists(st.integers(-3, 3), min_size=4, max_size=4), min_size=1, max_size=6))
def test_exact_rank_of_integer_matrices_matches_numpy(rows):
    matrix = np.array(rows, dtype=float) / 3.0
    assert loss_matrix_rank(matrix) == np.linalg.matrix_rank(matrix)


@pytest.mark.parametrize("n", [3, 4])
def test_ranks_of_the_chapter_losses(n):
    labels = label_set(n)
    assert loss_matrix_rank(loss_matrix(precision_loss(2), n, labels)) == n
    assert loss_matrix_rank(loss_matrix(precision_loss(n), n, labels)) == 1  # does not see sigma
    assert loss_matrix_rank(loss_matrix(map_loss(), n, labels)) == n * (n + 1) // 2 - 1
    edges = [np.zeros((n, n))]
    for i, j in itertools.permutations(range(n), 2):
        edge = np.zeros((n, n))
        edge[i, j] = 1.0
        edges.append(edge)
    pd_matrix = loss_matrix(pairwise_disagreement_loss(), n, np.stack(edges))
    assert loss_matrix_rank(pd_matrix) == n * (n - 1) // 2 + 1


def test_irrational_entries_need_the_numerical_rank():
    matrix = loss_matrix(ndcg_loss(), 3, label_set(3, (0, 1, 2)))
    with pytest.raises(ValueError, match="numerical"):
        loss_matrix_rank(matrix)
    assert loss_matrix_rank(matrix, method="numerical") == 3
    with pytest.raises(ValueError, match="2-D"):
        loss_matrix_rank([1.0, 2.0])


def test_default_tolerance_is_documented_value():
    assert DEFAULT_TOL == 1e-9


def test_issue_19_bad_inputs_raise_clear_errors():
    # a batch of one distribution where one is required used to end in an IndexError
    with pytest.raises(ValueError, match="probs must be one distribution"):
        bayes_permutations(precision_loss(1), [[1.0]], [[1.0]])
    # complex probabilities used to be cast to their real part silently
    with pytest.raises(TypeError, match="probs must contain real numbers"):
        conditional_risk(precision_loss(1), [[1, 0], [0, 1]], [0.7 + 1j, 0.3 + 1j])
    # a loss returning NaN used to give a NaN loss matrix
    nan_loss = RankingLoss("nan", "binary", lambda sigma, y: np.full(len(sigma), np.nan))
    with pytest.raises(ValueError, match=r"loss.*NaN"):
        loss_matrix(nan_loss, 2, [[1, 0]])
    with pytest.raises(ValueError, match="loss returned NaN"):  # a plain function, too
        loss_matrix(lambda sigma, y: np.full(len(sigma), np.nan), 2, [[1, 0]])
    # RankingLoss.__call__ names its own parameters, not those of the measure behind it
    with pytest.raises(ValueError, match=r"^sigma"):
        precision_loss(1)([0, 0], [1, 0])
    with pytest.raises(ValueError, match=r"^sigma"):
        precision_loss(1)([0.0, np.nan], [1, 0])
    with pytest.raises(ValueError, match=r"^y"):
        precision_loss(1)([0, 1], [1, np.nan])
    with pytest.raises(ValueError, match=r"^y must be binary"):
        precision_loss(1)([0, 1], [2, 0])
    with pytest.raises(ValueError, match="label_kind must be one of"):
        RankingLoss("x", "ranks", lambda sigma, y: 0.0)
    with pytest.raises(ValueError, match="max_grade must be <= 64"):
        err_loss(10**12)


def test_item_sets_and_containment_by_brute_force():
    for n in (1, 2, 3, 4):
        sets = item_sets(n)
        assert len(sets) == 2**n - 1 and len(set(sets)) == len(sets)
        assert [len(S) for S in sets] == sorted(len(S) for S in sets)
        Z = subset_containment(n)
        for a, T in enumerate(sets):
            for b, S in enumerate(sets):
                assert Z[a, b] == all(item in T for item in S)
        assert np.array_equal(np.triu(Z, 1), np.zeros_like(Z))  # triangular: sets by size
        assert np.all(np.diag(Z) == 1)


def test_chain_vectors_telescope_to_one_over_the_largest_position():
    for n in (2, 3, 4, 5):
        d = [1 / r - 1 / (r + 1) for r in range(1, n)] + [1 / n]
        f = chain_vectors(d) @ subset_containment(n)
        for row, sigma in enumerate(all_permutations(n)):
            for col, S in enumerate(item_sets(n)):
                exact = Fraction(1, int(max(sigma[list(S)])) + 1)  # oracle: 1 / max position
                assert f[row, col] == pytest.approx(float(exact), abs=1e-12)
    assert chain_vectors([2, 3, 5]).dtype.kind == "i"


def test_rank_mod_prime_matches_the_rational_rank():
    rng = np.random.default_rng(3)
    for _ in range(30):
        m, k = rng.integers(1, 7, size=2)
        rank = rng.integers(1, min(m, k) + 1)
        matrix = rng.integers(-5, 6, size=(m, rank)) @ rng.integers(-5, 6, size=(rank, k))
        assert rank_mod_prime(matrix) == sp.Matrix(matrix.tolist()).rank()
    assert rank_mod_prime([[2, 0], [0, 5]], prime=2) == 1
