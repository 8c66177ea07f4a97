"""LambdaMART: Newton leaf values recomputed by hand, staged scores, learning, determinism."""

import numpy as np
import pytest

from rankviz.lambdamart import LIGHTGBM_MAX_QUERY_DOCUMENTS, lambdamart, lightgbm_lambdarank
from rankviz.listwise import objective_derivatives
from rankviz.query_data import mean_ndcg, synthetic_queries

DATA = synthetic_queries(30, rng=11)


@pytest.mark.parametrize("split", ["lambdas", "newton"])
def test_the_first_tree_has_newton_leaf_values_of_the_lambdas(split):
    model = lambdamart(DATA.X, DATA.labels, DATA.boundaries, 1, learning_rate=0.5, split=split)
    g, h = objective_derivatives(np.zeros(DATA.labels.size), DATA.labels, DATA.boundaries)
    leaves = model.trees[0].apply(DATA.X)
    for leaf in np.unique(leaves):
        mine = leaves == leaf
        newton = -g[mine].sum() / h[mine].sum()
        assert np.isclose(model.leaf_values[0][leaf], newton)
        assert np.allclose(model.decision_function(DATA.X)[mine], 0.5 * newton)


def test_staged_scores_end_at_the_decision_function_and_start_from_one_tree():
    model = lambdamart(DATA.X, DATA.labels, DATA.boundaries, 4)
    staged = model.staged_decision_function(DATA.X)
    assert staged.shape == (4, DATA.labels.size)
    assert np.allclose(staged[-1], model.decision_function(DATA.X))
    assert np.allclose(staged[0], model.decision_function(DATA.X, n_trees=1))


@pytest.mark.parametrize("objective", ["lambdarank", "ranknet", "listnet"])
def test_boosting_raises_training_ndcg_and_is_deterministic(objective):
    a = lambdamart(DATA.X, DATA.labels, DATA.boundaries, 15, objective=objective, rng=1)
    b = lambdamart(DATA.X, DATA.labels, DATA.boundaries, 15, objective=objective, rng=1)
    first = mean_ndcg(DATA.labels, a.decision_function(DATA.X, 1), DATA.boundaries)
    last = mean_ndcg(DATA.labels, a.decision_function(DATA.X), DATA.boundaries)
    assert last > first
    assert np.array_equal(a.decision_function(DATA.X), b.decision_function(DATA.X))


def test_refusals_name_the_argument():
    with pytest.raises(ValueError, match="labels"):
        lambdamart(DATA.X, DATA.labels[:-1], DATA.boundaries, 2)
    model = lambdamart(DATA.X, DATA.labels, DATA.boundaries, 2)
    with pytest.raises(ValueError, match="n_trees"):
        model.decision_function(DATA.X, n_trees=3)
    with pytest.raises(ValueError, match="X"):
        model.decision_function(DATA.X[:, :2])


def test_the_lightgbm_reference_is_lightgbm_with_the_stated_settings():
    import lightgbm

    ranker = lightgbm_lambdarank(DATA.X, DATA.labels, DATA.boundaries, 5, max_leaves=7)
    direct = lightgbm.LGBMRanker(
        objective="lambdarank",
        n_estimators=5,
        num_leaves=7,
        learning_rate=0.1,
        min_child_samples=20,
        deterministic=True,
        force_row_wise=True,
        num_threads=1,
        verbose=-1,
        random_state=0,
    ).fit(DATA.X, DATA.labels, group=DATA.group_sizes)
    assert np.allclose(ranker.decision_function(DATA.X), direct.predict(DATA.X))
    staged = ranker.staged_decision_function(DATA.X)
    assert staged.shape == (5, DATA.labels.size)
    assert np.allclose(staged[-1], ranker.decision_function(DATA.X))
    assert np.allclose(staged[1], direct.predict(DATA.X, num_iteration=2))
    plain = lightgbm_lambdarank(DATA.X, DATA.labels, DATA.boundaries, 5, normalize=False)
    assert not np.allclose(plain.decision_function(DATA.X), ranker.decision_function(DATA.X))


def test_newton_splits_maximize_the_second_order_gain_at_the_root():
    from sklearn.tree import DecisionTreeRegressor

    model = lambdamart(DATA.X, DATA.labels, DATA.boundaries, 1, max_leaves=2, split="newton")
    g, h = objective_derivatives(np.zeros(DATA.labels.size), DATA.labels, DATA.boundaries)
    tree = model.trees[0].tree_

    def gain(mask):
        return g[mask].sum() ** 2 / h[mask].sum() + g[~mask].sum() ** 2 / h[~mask].sum()

    chosen = gain(DATA.X[:, tree.feature[0]] <= tree.threshold[0])
    best = 0.0
    for feature in range(DATA.X.shape[1]):
        values = np.sort(DATA.X[:, feature])[19:-20]  # leaves of at least 20 documents
        for cut in (values[:-1] + values[1:]) / 2:
            best = max(best, gain(DATA.X[:, feature] <= cut))
    assert np.isclose(chosen, best)
    plain = DecisionTreeRegressor(max_leaf_nodes=2, min_samples_leaf=20).fit(DATA.X, -g).tree_
    assert (plain.feature[0], plain.threshold[0]) != (tree.feature[0], tree.threshold[0])


def test_a_leaf_larger_than_the_data_is_refused_not_a_zero_model():
    too_many = DATA.labels.size + 1
    for train in (lambdamart, lightgbm_lambdarank):
        with pytest.raises(ValueError, match="min_leaf_documents"):
            train(DATA.X, DATA.labels, DATA.boundaries, 2, min_leaf_documents=too_many)
    model = lambdamart(DATA.X, DATA.labels, DATA.boundaries, 1, min_leaf_documents=too_many - 1)
    assert model.n_trees == 1


def test_a_query_beyond_lightgbms_limit_is_refused_before_lightgbm_sees_it():
    n = LIGHTGBM_MAX_QUERY_DOCUMENTS + 1
    X = np.random.default_rng(0).normal(size=(n, 2))
    labels = np.r_[1, np.zeros(n - 1, dtype=int)]
    with pytest.raises(ValueError, match="LIGHTGBM_MAX_QUERY_DOCUMENTS"):
        lightgbm_lambdarank(X, labels, [0, n], 1)
    model = lightgbm_lambdarank(X[:-1], labels[:-1], [0, n - 1], 1)  # at the limit LightGBM trains
    assert model.n_trees == 1
