"""Bad-input cases for chapters 03 and 04: stumps, RankBoost, RankSVM, margin bounds.

Modules: rankviz.stumps, rankviz.rankboost, rankviz.multipartite, rankviz.real_rankboost,
rankviz.additive, rankviz.pair_problems, rankviz.ranksvm, rankviz.max_margin, rankviz.bounds.
Every valid call is tiny (a handful of points, a few rounds).
"""

from __future__ import annotations

import numpy as np

from bad_input.harness import Call, Case
from rankviz import (
    additive,
    bounds,
    max_margin,
    multipartite,
    pair_problems,
    rankboost,
    ranksvm,
    real_rankboost,
    stumps,
)

# --- tiny samples ------------------------------------------------------------------------------
X4 = np.array([[0.0], [1.0], [2.0], [3.0]])
PAIRS4 = np.array([[0, 1], [1, 2], [2, 3], [0, 3]])
LABELS4 = np.array([1, 1, -1, 1])
PAIRS6 = np.array([[0, 1], [1, 2], [2, 3], [0, 2], [1, 3], [0, 3]])
LABELS6 = np.array([1, 1, 1, 1, 1, -1])
X_POS = np.array([[2.0], [3.0], [0.5]])
X_NEG = np.array([[1.0], [2.5], [0.0]])
X2D = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 2.0]])
# past a laptop: 10**5 points or pairs, whose n x n (or pairs x pairs) kernel is 74.5 GiB
BIG = 10**5
X_BIG = np.zeros((BIG, 2))
PAIRS_BIG = np.column_stack([np.arange(BIG - 1), np.arange(1, BIG)])
PAIRS2D = np.array([[0, 1], [0, 2]])
LABELS2D = np.array([1, 1])

# domain-specific bad values shared by several cases
OUT_OF_RANGE_PAIRS = {
    "out-of-range id": np.array([[0, 1], [1, 9], [2, 3], [0, 3]]),
    "negative id": np.array([[0, 1], [1, -1], [2, 3], [0, 3]]),
    "float ids": PAIRS4.astype(float),
}
BAD_LABELS = {"label 2": np.array([1, 2, -1, 1]), "label 0.5": np.array([1, 0.5, -1, 1])}
# separable classes: AdaBoost's first round then prefers a stump to the constant hypothesis
# Stump(0, -inf), whose -inf threshold the harness would read as a non-finite answer
X_POS_SEP = np.array([[2.0], [3.0], [2.5]])
X_NEG_SEP = np.array([[0.0], [1.0], [0.5]])

# fewer points (rows of X) make a smaller sample, which is as valid as the full one
FEWER_POINTS = {"X": {"one entry fewer"}}
BAD_SVM_LABELS = {"label 0": np.array([1, 0]), "label 2": np.array([1, 2])}
WRONG_FEATURES = {"two features": np.array([[0.0, 1.0], [1.0, 0.0]])}
TINY_SMOOTHING = {"tiny": 1e-300}


def _model():
    return rankboost.rankboost(X4, PAIRS4, LABELS4, 2)


def _bipartite_model():
    return rankboost.bipartite_rankboost(X_POS, X_NEG, 2)


def _svm():
    return ranksvm.rank_svm(X2D, PAIRS2D, LABELS2D, C=10.0)


RESULT_TYPES = {
    "rankviz.rankboost.BoostingHistory": "returned by the boosting functions (model.history)",
    "rankviz.rankboost.RankBoostModel": "returned by rankboost, bipartite_rankboost, adaboost, ...",
    "rankviz.real_rankboost.RealRankBoostResult": "returned by real_rankboost",
    "rankviz.ranksvm.RankSVMModel": "returned by rank_svm and rank_svm_dual",
    "rankviz.max_margin.PerceptronResult": "returned by rank_perceptron",
    "rankviz.max_margin.MaxMarginRanker": "returned by max_margin_ranker",
    "rankviz.ranksvm.OnlineRankSVMResult": "returned by online_rank_svm",
    "rankviz.bounds.RademacherEstimate": "returned by empirical_rademacher_linear / _stumps",
    "rankviz.bounds.MarginBound": "returned by ranking_margin_bound",
    "rankviz.bounds.BipartiteMarginBound": "returned by bipartite_margin_bound",
    "rankviz.bounds.AUCLaw": "returned by empirical_auc_law",
}

CASES = {
    # --- rankviz.stumps ------------------------------------------------------------------------
    "rankviz.stumps.Stump": Case(
        lambda: Call(stumps.Stump, 0, 0.5, -1),
        # a feature index is only checked against X when the stump is evaluated; -1 is a
        # polarity; threshold -inf is the documented constant hypothesis Stump(0, -inf)
        valid={"feature": {"huge"}, "polarity": {"negative"}, "threshold": {"-inf"}},
        infinite_ok="Stump(0, -inf) is the constant hypothesis: its threshold field is -inf",
    ),
    "rankviz.stumps.Stump.__call__": Case(
        lambda: Call(stumps.Stump(0, 0.5), X4),
        valid=FEWER_POINTS,
        extra={"X": {"no column 1": np.zeros((3, 0))}},
    ),
    "rankviz.stumps.StumpSearch": Case(
        lambda: Call(stumps.StumpSearch, X4, with_constant=True), valid=FEWER_POINTS
    ),
    "rankviz.stumps.StumpSearch.edges": Case(
        lambda: Call(stumps.StumpSearch(X4).edges, np.array([0.5, -0.25, 0.25, -0.5])),
    ),
    "rankviz.stumps.StumpSearch.best": Case(
        lambda: Call(
            stumps.StumpSearch(X4).best, np.array([0.5, -0.25, 0.25, -0.5]), absolute=True
        ),
    ),
    "rankviz.stumps.StumpSearch.stump": Case(
        lambda: Call(stumps.StumpSearch(X4).stump, 2),
        extra={"index": {"one past the end": 6}},
    ),
    "rankviz.stumps.StumpSearch.values": Case(
        lambda: Call(stumps.StumpSearch(X4).values, 3),
        extra={"index": {"one past the end": 6}},
    ),
    "rankviz.stumps.stump_candidates": Case(
        lambda: Call(stumps.stump_candidates, X2D), valid=FEWER_POINTS
    ),
    "rankviz.stumps.stump_values": Case(
        lambda: Call(stumps.stump_values, X2D, [stumps.Stump(0, 0.5), stumps.Stump(1, 1.5, -1)]),
        # an empty list of stumps gives the (N, 0) matrix of no stumps
        valid={"stumps": {"empty"}, "X": {"one entry fewer"}},
        extra={"stumps": {"feature beyond X": [stumps.Stump(5, 0.5)], "not stumps": [(0, 0.5, 1)]}},
    ),
    # --- rankviz.rankboost ---------------------------------------------------------------------
    "rankviz.rankboost.rankboost": Case(
        lambda: Call(rankboost.rankboost, X4, PAIRS4, LABELS4, 3, smoothing=0.1),
        extra={"pairs": OUT_OF_RANGE_PAIRS, "labels": BAD_LABELS, "smoothing": TINY_SMOOTHING},
    ),
    "rankviz.rankboost.bipartite_rankboost": Case(
        lambda: Call(rankboost.bipartite_rankboost, X_POS, X_NEG, 3, smoothing=0.1),
        valid={"X_pos": {"one entry fewer"}, "X_neg": {"one entry fewer"}},
        extra={"X_neg": WRONG_FEATURES, "smoothing": TINY_SMOOTHING},
    ),
    "rankviz.rankboost.adaboost": Case(
        lambda: Call(rankboost.adaboost, X_POS_SEP, X_NEG_SEP, 1, smoothing=0.1),
        valid={"X_pos": {"one entry fewer"}, "X_neg": {"one entry fewer"}},
        extra={"X_neg": WRONG_FEATURES, "smoothing": TINY_SMOOTHING},
    ),
    "rankviz.rankboost.coordinate_descent_rankboost": Case(
        # no stump misranks no pair here, so every exact line search has a minimizer
        lambda: Call(rankboost.coordinate_descent_rankboost, X4, PAIRS6, LABELS6, 2),
        extra={"pairs": {"out-of-range id": PAIRS6 + 5}, "labels": {"label 2": LABELS6 * 2}},
    ),
    "rankviz.rankboost.BoostingHistory.truncate": Case(
        lambda: Call(_model().history.truncate, 1),
        extra={"rounds": {"beyond T": 3}},
    ),
    "rankviz.rankboost.RankBoostModel.truncate": Case(
        lambda: Call(_model().truncate, 1),
        extra={"rounds": {"beyond T": 3}},
    ),
    "rankviz.rankboost.RankBoostModel.alpha_l1": Case(
        lambda: Call(_model().alpha_l1, 1),
        extra={"rounds": {"beyond T": 3}},
    ),
    "rankviz.rankboost.RankBoostModel.decision_function": Case(
        lambda: Call(_model().decision_function, X4, rounds=1),
        valid=FEWER_POINTS,
        extra={"X": WRONG_FEATURES, "rounds": {"beyond T": 3}},
    ),
    "rankviz.rankboost.RankBoostModel.staged_decision_function": Case(
        lambda: Call(_model().staged_decision_function, X4),
        valid=FEWER_POINTS,
        extra={"X": WRONG_FEATURES},
    ),
    "rankviz.rankboost.RankBoostModel.pairwise_margins": Case(
        lambda: Call(_model().pairwise_margins, X4, PAIRS4, LABELS4, rounds=2),
        extra={
            "pairs": OUT_OF_RANGE_PAIRS,
            "labels": {"label 0": np.array([1, 0, 1, -1])},
            "rounds": {"zero rounds": 0, "beyond T": 3},
        },
    ),
    "rankviz.rankboost.RankBoostModel.bipartite_margins": Case(
        lambda: Call(_bipartite_model().bipartite_margins, X_POS, X_NEG, rounds=2),
        valid={"X_pos": {"one entry fewer"}, "X_neg": {"one entry fewer"}},
        extra={
            "X_neg": WRONG_FEATURES,
            "X_pos": WRONG_FEATURES,
            "rounds": {"zero rounds": 0, "beyond T": 3},
        },
    ),
    "rankviz.rankboost.RankBoostModel.staged_pairwise_error": Case(
        lambda: Call(_model().staged_pairwise_error, X4, PAIRS4, LABELS4),
        extra={"pairs": OUT_OF_RANGE_PAIRS, "labels": {**BAD_LABELS, "all 0": np.zeros(4, int)}},
    ),
    "rankviz.rankboost.RankBoostModel.class_distributions": Case(
        lambda: Call(_bipartite_model().class_distributions, X_POS, X_NEG, round=2),
        valid={"X_pos": {"one entry fewer"}, "X_neg": {"one entry fewer"}},
        extra={"X_neg": WRONG_FEATURES, "round": {"zero": 0, "beyond T + 1": 4}},
    ),
    "rankviz.rankboost.RankBoostModel.pair_distribution": Case(
        lambda: Call(_model().pair_distribution, X4, PAIRS4, LABELS4, round=2),
        extra={
            "pairs": OUT_OF_RANGE_PAIRS,
            "labels": BAD_LABELS,
            "round": {"zero": 0, "beyond T + 1": 4},
        },
    ),
    # --- rankviz.multipartite ------------------------------------------------------------------
    "rankviz.multipartite.multipartite_pairs": Case(
        lambda: Call(multipartite.multipartite_pairs, np.array([0, 2, 1, 1])),
        valid={"grades": {"one entry fewer"}},  # three items, still three grades
        extra={"grades": {"one grade": np.array([1, 1, 1])}},
    ),
    "rankviz.multipartite.multipartite_rankboost": Case(
        lambda: Call(
            multipartite.multipartite_rankboost, X4, np.array([0, 1, 0, 2]), 2, smoothing=0.1
        ),
        extra={"grades": {"one grade": np.array([1, 1, 1, 1])}, "smoothing": TINY_SMOOTHING},
    ),
    "rankviz.multipartite.k_partite_emphasis": Case(
        lambda: Call(multipartite.k_partite_emphasis, [1, 2, 1], normalization="pairs"),
        valid={"part_sizes": {"one entry fewer"}},  # two parts
        extra={"part_sizes": {"one part": [3], "empty part": [1, 0, 2]}},
    ),
    "rankviz.multipartite.k_partite_target": Case(
        lambda: Call(multipartite.k_partite_target, np.array([0, 2, 1, 2]), normalization="pairs"),
        valid={"grades": {"one entry fewer"}},  # three items, still three grades
        extra={"grades": {"one grade": np.array([1, 1, 1])}},
    ),
    # --- rankviz.real_rankboost ----------------------------------------------------------------
    "rankviz.real_rankboost.real_rankboost": Case(
        lambda: Call(
            real_rankboost.real_rankboost,
            np.array([[0.0, 0.3], [1.0, 0.1], [1.0, 0.7], [0.0, 0.2]]),
            PAIRS4,
            LABELS4,
            2,
            alpha_max=5.0,
        ),
        extra={
            "pairs": OUT_OF_RANGE_PAIRS,
            "labels": BAD_LABELS,
            "alpha_max": {"huge": 1e300},
            "base_values": {
                "huge values": np.array([[0.0, 1e308], [1.0, -1e308], [1.0, 0.7], [0.0, 0.2]])
            },
        },
    ),
    "rankviz.real_rankboost.RealRankBoostResult.decision_function": Case(
        lambda: Call(
            real_rankboost.real_rankboost(
                np.array([[0.0, 0.3], [1.0, 0.1], [1.0, 0.7], [0.0, 0.2]]), PAIRS4, LABELS4, 2
            ).decision_function,
            np.array([[0.0, 0.3], [1.0, 0.1]]),
        ),
        valid={"base_values": {"one entry fewer"}},  # one point fewer to score
    ),
    # --- rankviz.pair_problems ----------------------------------------------------------------
    "rankviz.pair_problems.noisy_pair_sample": Case(
        lambda: Call(pair_problems.noisy_pair_sample, 6, 5, n_features=2, flip=0.2, rng=0),
        valid={"rng": {"huge"}},  # a seed of 10**12 is a seed
        extra={"n_points": {"one point": 1}, "flip": {"above 1": 1.5}},
    ),
    "rankviz.pair_problems.binary_pair_sample": Case(
        lambda: Call(pair_problems.binary_pair_sample, 4, 3, differ=0.3, rng=0),
        valid={"rng": {"huge"}},  # a seed of 10**12 is a seed
        extra={"differ": {"above 1": 1.5, "negative": -0.1}},
    ),
    # --- rankviz.additive ---------------------------------------------------------------------
    "rankviz.additive.additive_xor_terms": Case(
        lambda: Call(
            additive.additive_xor_terms,
            np.array([[5, -2, 7, 6], [0, 1, 2, 3]]),
            np.array([-19, 7, 9, 9]),
        ),
        # one row fewer is a batch of one, an extra axis a larger batch; huge values are still
        # ordered exactly
        valid={
            "g1": {"one entry fewer", "huge values", "extra dimension"},
            "g2": {"huge values", "extra dimension"},
        },
        extra={
            "g1": {"odd cells": np.array([1.0, 2.0, 3.0])},
            "g2": {"other cell count": np.array([1.0, 2.0])},
        },
    ),
    "rankviz.additive.additive_xor_share": Case(
        lambda: Call(
            additive.additive_xor_share, np.array([5, -2, 7, 6]), np.array([-19, 7, 9, 9])
        ),
        valid={"g1": {"huge values"}, "g2": {"huge values"}},
        extra={
            "g1": {"odd cells": np.array([1.0, 2.0, 3.0])},
            "g2": {"other cell count": np.array([1.0, 2.0])},
        },
    ),
    "rankviz.additive.additive_score": Case(
        lambda: Call(
            additive.additive_score,
            np.array([[-0.9, 0.2], [0.6, -0.1]]),
            np.array([5, -2, 7, 6]),
            np.array([-19, 7, 9, 9]),
        ),
        valid={"X": {"one entry fewer"}, "g1": {"huge values"}, "g2": {"huge values"}},
        extra={
            "X": {
                "outside [-1, 1]": np.array([[2.0, 0.0]]),
                "one column": np.array([[0.5], [0.1]]),
            },
            "g1": {"odd cells": np.array([1.0, 2.0, 3.0])},
        },
    ),
    # --- rankviz.ranksvm -----------------------------------------------------------------------
    "rankviz.ranksvm.pair_kernel_matrix": Case(
        lambda: Call(ranksvm.pair_kernel_matrix, X2D, PAIRS2D, kernel="gaussian", sigma=0.7),
        large=lambda: Call(ranksvm.pair_kernel_matrix, X_BIG, PAIRS_BIG, kernel="gaussian"),
        valid={"pairs": {"one entry fewer"}},  # the kernel of one pair
        extra={
            "pairs": {"out-of-range id": np.array([[0, 5]])},
            "sigma": {"tiny": 1e-200, "huge": 1e300},
        },
    ),
    "rankviz.ranksvm.rank_svm": Case(
        lambda: Call(
            ranksvm.rank_svm,
            X2D,
            PAIRS2D,
            LABELS2D,
            10.0,
            kernel="gaussian",
            sigma=0.7,
            method="cvxpy",
            solver="CLARABEL",
        ),
        large=lambda: Call(
            ranksvm.rank_svm, X_BIG, PAIRS_BIG, np.ones(BIG - 1), 10.0, kernel="gaussian"
        ),
        extra={
            "labels": BAD_SVM_LABELS,
            "C": {"huge": 1e300, "tiny": 1e-300},
            "sigma": {"tiny": 1e-200},
        },
    ),
    "rankviz.ranksvm.rank_svm_dual": Case(
        lambda: Call(
            ranksvm.rank_svm_dual,
            X2D,
            PAIRS2D,
            LABELS2D,
            10.0,
            kernel="gaussian",
            sigma=0.7,
            solver="CLARABEL",
        ),
        extra={
            "labels": BAD_SVM_LABELS,
            "C": {"huge": 1e300, "tiny": 1e-300},
            "sigma": {"tiny": 1e-200},
        },
    ),
    "rankviz.ranksvm.RankSVMModel.decision_function": Case(
        lambda: Call(_svm().decision_function, X2D),
        valid=FEWER_POINTS,
        extra={"X": {"one feature": np.array([[0.0], [1.0]])}},
    ),
    "rankviz.ranksvm.RankSVMModel.pairwise_margins": Case(
        lambda: Call(_svm().pairwise_margins, X2D, PAIRS2D, LABELS2D),
        extra={"pairs": {"out-of-range id": np.array([[0, 5], [0, 1]])}, "labels": BAD_SVM_LABELS},
    ),
    "rankviz.max_margin.rank_perceptron": Case(
        lambda: Call(max_margin.rank_perceptron, X2D, PAIRS2D, LABELS2D, max_epochs=5),
        # points near 1e308 are served: the radius is computed from scaled differences
        valid={"X": {"huge values"}},
        extra={
            "labels": BAD_SVM_LABELS,
            "X": {"huge values": np.array([[0.0, 0.0], [1e308, 1e308], [1e308, -1e308]])},
            "tol": {"one (every pair a mistake for ever)": 1.0},
        },
    ),
    "rankviz.max_margin.PerceptronResult.mistake_bound": Case(
        lambda: Call(max_margin.rank_perceptron(X2D, PAIRS2D, LABELS2D).mistake_bound, 0.5),
        extra={"margin": {"tiny": 1e-300}},
    ),
    "rankviz.max_margin.max_margin_ranker": Case(
        lambda: Call(
            max_margin.max_margin_ranker, X2D, PAIRS2D, LABELS2D, norm="l2", solver="CLARABEL"
        ),
        extra={"labels": BAD_SVM_LABELS},
    ),
    "rankviz.ranksvm.LinearUtilityModel": Case(
        lambda: Call(ranksvm.LinearUtilityModel, 2, 0.1, (1.0, 2.0)),
        extra={"utility": {"zero": (0.0, 0.0)}, "noise": {"one half": 0.5}},
    ),
    "rankviz.ranksvm.LinearUtilityModel.sample": Case(
        lambda: Call(ranksvm.LinearUtilityModel().sample, 3, rng=0),
        valid={"rng": {"huge"}},  # a seed of 10**12 is a seed
    ),
    "rankviz.ranksvm.LinearUtilityModel.pairwise_error": Case(
        lambda: Call(ranksvm.LinearUtilityModel().pairwise_error, np.array([1.0, 0.0])),
        # a batch of weight vectors (k, d) is documented
        valid={"w": {"extra dimension"}},
    ),
    "rankviz.ranksvm.online_rank_svm": Case(
        lambda: Call(
            ranksvm.online_rank_svm, X2D, PAIRS2D, LABELS2D, 10.0, n_steps=50, n_records=5, rng=0
        ),
        valid={"rng": {"huge"}},  # a seed of 10**12 is a seed
        extra={"labels": BAD_SVM_LABELS, "C": {"huge": 1e300}},
    ),
    # --- rankviz.bounds ------------------------------------------------------------------------
    "rankviz.bounds.auc_deviation_bound": Case(
        lambda: Call(bounds.auc_deviation_bound, 10, 20, 0.05, method="mcdiarmid"),
        # a closed form in m and n: a sample of 10**12 allocates nothing and has a bound
        valid={"m": {"huge"}, "n": {"huge"}},
        extra={"delta": {"tiny": 1e-320}},
    ),
    "rankviz.bounds.empirical_auc_law": Case(
        lambda: Call(
            bounds.empirical_auc_law,
            3,
            2,
            np.array([0.0, 2.0, 4.0]),
            np.array([0.2, 0.5, 0.3]),
            np.array([1.0, 3.0]),
            np.array([0.6, 0.4]),
            ties="mohri",
        ),
        extra={
            "positive_probs": {"not summing to 1": np.array([0.2, 0.5, 0.2])},
            "negative_scores": {"repeated": np.array([1.0, 1.0])},
        },
    ),
    "rankviz.bounds.AUCLaw.exceedance": Case(
        lambda: Call(
            bounds.empirical_auc_law(
                3, 2, [0.0, 2.0, 4.0], [0.2, 0.5, 0.3], [1.0, 3.0], [0.6, 0.4]
            ).exceedance,
            np.array([0.0, 0.1, 0.5]),
        ),
        # any number of deviations, a single one as a scalar
        valid={"t": {"scalar", "one entry fewer", "empty"}},
    ),
    "rankviz.bounds.margin_loss": Case(
        lambda: Call(
            bounds.margin_loss,
            np.array([-0.5, 0.1, 0.4, 2.0]),
            np.array([0.1, 1.0]),
            kind="indicator",
        ),
        # margins of any shape are flattened (a bipartite (m, n) table, say); a single rho is
        # a scalar
        refused_forms={
            "margins": {"float32": "the margin 0.1 sits on rho = 0.1; float32's 0.1 is above it"}
        },
        valid={
            "margins": {"extra dimension", "one entry fewer"},
            "rho": {"scalar", "one entry fewer"},
        },
    ),
    "rankviz.bounds.ranking_margin_bound": Case(
        lambda: Call(
            bounds.ranking_margin_bound,
            np.array([0.1, 0.4, 0.8]),
            0.5,
            0.05,
            Lambda=1.0,
            r=1.0,
            rademacher=None,
            empirical=False,
            uniform=True,
        ),
        valid={"margins": {"extra dimension", "one entry fewer"}},
        extra={
            "rho": {"above 1 when uniform": 1.5, "tiny": 1e-320},
            "delta": {"tiny": 1e-320},
            "Lambda": {"huge": 1e308},
            "r": {"huge": 1e308},
        },
    ),
    "rankviz.bounds.bipartite_margin_bound": Case(
        lambda: Call(
            bounds.bipartite_margin_bound,
            np.array([[0.1, 0.4], [0.8, -0.2]]),
            0.5,
            0.05,
            Lambda=1.0,
            r=1.0,
            rademacher=None,
        ),
        # one positive fewer is a smaller sample
        valid={"margins": {"one entry fewer"}},
        extra={
            "rho": {"tiny": 1e-320},
            "delta": {"tiny": 1e-320},
            "Lambda": {"huge": 1e308},
            "r": {"huge": 1e308},
        },
    ),
    "rankviz.bounds.MarginBound.best": Case(
        lambda: Call(
            bounds.ranking_margin_bound([0.1, 0.4, 0.8], [0.2, 0.5], 0.05, Lambda=1.0, r=1.0).best
        ),
    ),
    "rankviz.bounds.empirical_rademacher_linear": Case(
        lambda: Call(
            bounds.empirical_rademacher_linear,
            X2D,
            1.0,
            20,
            0,
            kernel="gaussian",
            sigma=0.7,
            confidence=0.9,
        ),
        large=lambda: Call(bounds.empirical_rademacher_linear, X_BIG, 1.0),
        # a smaller sample; a seed; points near 1e200, where the kernel is computed from the
        # differences instead of the expanded squares (which would overflow to NaN)
        valid={"X": {"one entry fewer", "huge values"}, "rng": {"huge"}},
        extra={"X": {"huge values": X2D * 1e200 + 1e200}, "sigma": {"tiny": 1e-200}},
    ),
    "rankviz.bounds.empirical_rademacher_stumps": Case(
        lambda: Call(bounds.empirical_rademacher_stumps, X2D, 20, 0, confidence=0.9),
        valid={"X": {"one entry fewer"}, "rng": {"huge"}},  # a smaller sample; a seed
    ),
}
