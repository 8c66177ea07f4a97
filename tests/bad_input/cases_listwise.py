"""Bad-input cases for chapter 10: listwise surrogates, synthetic query data, LambdaMART.

Modules: rankviz.listwise, rankviz.query_data, rankviz.lambdamart. Every valid call is tiny
(a query of three or four documents, a few queries, two trees).
"""

from __future__ import annotations

import numpy as np

from bad_input.harness import Call, Case
from rankviz import lambdamart, listwise, query_data

S3 = np.array([0.5, -0.2, 1.0])
Y3 = np.array([2, 0, 1])
LOOP = np.array([[0.0, 0.5, -1.0], [0.0, -0.5, -1.0], [0.0, -0.5, 1.0], [0.0, 0.5, 1.0]])
S4 = np.array([0.1, 0.0, -0.3, 0.4])
Y4 = np.array([1, 0, 0, 2])
B4 = np.array([0, 2, 4])
BAD_GRADES = {"negative grade": np.array([2, -1, 1]), "huge grade": np.array([2, 0, 100])}
BAD_BOUNDARIES = {
    "not from 0": np.array([1, 2, 4]),
    "not to N": np.array([0, 2, 3]),
    "empty query": np.array([0, 2, 2, 4]),
}
# a cut-off beyond a query's length is its whole list
K_OK = {"k": {"huge"}}
DATA = query_data.synthetic_queries(3, 3, 5, 6, rng=0)


def _model():
    return lambdamart.lambdamart(DATA.X, DATA.labels, DATA.boundaries, 2, min_leaf_documents=3)


RESULT_TYPES = {
    "rankviz.query_data.QueryData": "returned by synthetic_queries",
    "rankviz.lambdamart.LambdaMARTModel": "returned by lambdamart",
}

CASES = {
    "rankviz.listwise.ranknet_loss": Case(
        lambda: Call(listwise.ranknet_loss, S3, Y3, sigma=1.0), extra={"labels": BAD_GRADES}
    ),
    "rankviz.listwise.ranknet_gradient": Case(
        lambda: Call(listwise.ranknet_gradient, S3, Y3, sigma=1.0), extra={"labels": BAD_GRADES}
    ),
    "rankviz.listwise.listnet_loss": Case(
        lambda: Call(listwise.listnet_loss, S3, Y3), extra={"labels": BAD_GRADES}
    ),
    "rankviz.listwise.listnet_gradient": Case(
        lambda: Call(listwise.listnet_gradient, S3, Y3), extra={"labels": BAD_GRADES}
    ),
    "rankviz.listwise.top_one_probabilities": Case(
        lambda: Call(listwise.top_one_probabilities, S3), valid={"scores": {"one entry fewer"}}
    ),
    "rankviz.listwise.delta_ndcg": Case(
        lambda: Call(listwise.delta_ndcg, S3, Y3, k=2),
        valid=K_OK,
        extra={"labels": BAD_GRADES},
    ),
    "rankviz.listwise.lambdarank_gradient": Case(
        lambda: Call(listwise.lambdarank_gradient, S3, Y3, sigma=1.0, k=2),
        valid=K_OK,
        extra={"labels": BAD_GRADES},
    ),
    "rankviz.listwise.lambdarank_potential": Case(
        lambda: Call(listwise.lambdarank_potential, S3, Y3, frozen_scores=S3, sigma=1.0, k=2),
        valid=K_OK,
        extra={"labels": BAD_GRADES},
    ),
    "rankviz.listwise.lambda_loop_integral": Case(
        lambda: Call(listwise.lambda_loop_integral, LOOP, Y3, sigma=1.0, k=2),
        # a polygon of fewer vertices (>= 2) is still a closed loop
        valid={"vertices": {"one entry fewer"}, **K_OK},
        extra={"labels": BAD_GRADES, "vertices": {"one vertex": LOOP[:1]}},
        # 200 vertices of 40 documents: 28 s of cutting and reweighing before MAX_LOOP_WORK
        large=lambda: Call(
            listwise.lambda_loop_integral,
            np.random.default_rng(0).normal(size=(200, 40)),
            np.arange(40) % 5,
        ),
    ),
    "rankviz.listwise.objective_derivatives": Case(
        lambda: Call(
            listwise.objective_derivatives, S4, Y4, B4, objective="lambdarank", sigma=1.0, k=2
        ),
        valid=K_OK,
        extra={"boundaries": BAD_BOUNDARIES},
    ),
    "rankviz.query_data.synthetic_queries": Case(
        lambda: Call(
            query_data.synthetic_queries,
            2,
            3,
            4,
            6,
            interaction=1.0,
            noise=0.5,
            model_seed=0,
            rng=0,
        ),
        valid={"rng": {"huge"}, "model_seed": {"huge"}},
        extra={"min_documents": {"above max_documents": 7}},
        large=lambda: Call(query_data.synthetic_queries, 10**6, 3, 4, 6),
    ),
    "rankviz.query_data.query_boundaries": Case(
        lambda: Call(query_data.query_boundaries, np.array([2, 3, 1])),
        valid={"group_sizes": {"one entry fewer"}},
        extra={"group_sizes": {"a zero size": np.array([2, 0, 1])}},
        large=lambda: Call(query_data.query_boundaries, np.array([10**6, 10**6])),
    ),
    "rankviz.query_data.mean_ndcg": Case(
        lambda: Call(query_data.mean_ndcg, Y4, S4, B4, k=2),
        valid={"k": {"huge"}},  # a cut-off beyond a query's length is its whole list
        extra={
            "boundaries": BAD_BOUNDARIES,
            "labels": {"a query without relevant documents": np.array([0, 0, 0, 2])},
        },
    ),
    "rankviz.lambdamart.lambdamart": Case(
        lambda: Call(
            lambdamart.lambdamart,
            DATA.X,
            DATA.labels,
            DATA.boundaries,
            2,
            max_leaves=3,
            learning_rate=0.1,
            min_leaf_documents=3,
            objective="lambdarank",
            split="newton",
            sigma=1.0,
            k=3,
            rng=0,
        ),
        valid={"k": {"huge"}, "rng": {"huge"}},
        extra={
            "boundaries": {"not to N": np.array([0, 5, 9])},
            "min_leaf_documents": {"more than the documents": DATA.labels.size + 1},
        },
        large=lambda: Call(lambdamart.lambdamart, DATA.X, DATA.labels, DATA.boundaries, 10**6),
    ),
    "rankviz.lambdamart.LambdaMARTModel.decision_function": Case(
        lambda: Call(_model().decision_function, DATA.X, n_trees=1),
        valid={"X": {"one entry fewer"}},
        extra={"n_trees": {"beyond the model": 3}, "X": {"two columns": DATA.X[:, :2]}},
    ),
    "rankviz.lambdamart.LambdaMARTModel.staged_decision_function": Case(
        lambda: Call(_model().staged_decision_function, DATA.X),
        valid={"X": {"one entry fewer"}},
        extra={"X": {"two columns": DATA.X[:, :2]}},
    ),
}


def _lightgbm():
    return lambdamart.lightgbm_lambdarank(
        DATA.X, DATA.labels, DATA.boundaries, 2, min_leaf_documents=3
    )


RESULT_TYPES["rankviz.lambdamart.LightGBMRanker"] = "returned by lightgbm_lambdarank"
CASES.update(
    {
        "rankviz.lambdamart.lightgbm_lambdarank": Case(
            lambda: Call(
                lambdamart.lightgbm_lambdarank,
                DATA.X,
                DATA.labels,
                DATA.boundaries,
                2,
                max_leaves=3,
                learning_rate=0.1,
                min_leaf_documents=3,
                normalize=True,
                rng=0,
            ),
            extra={
                "boundaries": {"not to N": np.array([0, 5, 9])},
                "labels": {"a grade of 31": np.where(DATA.labels > 0, 31, 0)},
                "min_leaf_documents": {"more than the documents": DATA.labels.size + 1},
            },
            large=lambda: Call(
                lambdamart.lightgbm_lambdarank, DATA.X, DATA.labels, DATA.boundaries, 10**6
            ),
        ),
        "rankviz.lambdamart.LightGBMRanker.decision_function": Case(
            lambda: Call(_lightgbm().decision_function, DATA.X, n_trees=1),
            valid={"X": {"one entry fewer"}},
            extra={"n_trees": {"beyond the model": 3}, "X": {"two columns": DATA.X[:, :2]}},
        ),
        "rankviz.lambdamart.LightGBMRanker.staged_decision_function": Case(
            lambda: Call(_lightgbm().staged_decision_function, DATA.X),
            valid={"X": {"one entry fewer"}},
            extra={"X": {"two columns": DATA.X[:, :2]}},
        ),
    }
)
