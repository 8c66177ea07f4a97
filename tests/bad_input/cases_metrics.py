"""Bad-input cases for metrics, measures, pairwise, permutations, samples, distributions, doctor.

Each valid call is tiny.  The list measures are called on a batch of two queries (2-D), so
that an extra dimension (3-D) and one query fewer are genuinely wrong; where a mutation is a
legitimate value it is listed in ``valid`` with the reason.
"""

import io

import numpy as np

from bad_input.harness import Call, Case
from rankviz import auc_inference, doctor
from rankviz.distributions import Binormal
from rankviz.measures import (
    average_precision,
    cascade_utility,
    dcg,
    dcg_discounts,
    dcg_gains,
    err,
    mean_average_precision,
    mean_precision_up_to_k,
    ndcg,
    oppositely_ordered_pairs,
    precision_at_k,
)
from rankviz.metrics import (
    auc,
    auc_standard_error,
    confusion_matrix_at_threshold,
    dkw_band,
    pairwise_misranking,
    precision_recall_curve,
    roc_curve,
)
from rankviz.pairwise import (
    discordant_pairs,
    emphasis_axioms,
    emphasis_bipartite,
    emphasis_matrix,
    emphasis_top_k,
    emphasis_uniform,
    pairwise_disagreement,
    weighted_disagreement_L_omega,
)
from rankviz.permutations import (
    all_permutations,
    as_permutation,
    mean_over_tie_orders,
    merge_near_ties,
    order_from_sigma,
    sigma_from_order,
    sigma_from_scores,
    tie_consistent_rankings,
    weak_orders,
)
from rankviz.samples import (
    binary_label_patterns,
    preference_graph_from_grades,
    preference_graph_from_labels,
    single_preference,
    to_networkx,
)

# --- shared tiny inputs ------------------------------------------------------------------------


def _first_is_top(score_rows, row):
    """A value for mean_over_tie_orders: 1 when item 0 is ranked first."""
    return (np.argmax(score_rows, axis=1) == 0).astype(float)


LABELS = [0, 1, 0, 1]
SCORES = [0.1, 0.4, 0.35, 0.8]
BIPARTITE_EXTRA = {
    "y_true": {"three classes": [0, 1, 2, 1], "one class": [1, 1, 1, 1]},
}

BINARY_BATCH = [[1, 0, 1, 0], [0, 1, 1, 0]]
GRADE_BATCH = [[3, 2, 0, 1], [0, 1, 2, 1]]
SCORE_BATCH = [[0.9, 0.8, 0.1, 0.4], [0.2, 0.5, 0.9, 0.1]]
BINARY_EXTRA = {"y_true": {"grades": [[2, 0, 1, 0], [0, 1, 1, 0]]}}
GRADE_EXTRA = {
    "y_true": {
        "negative grade": [[-1, 2, 0, 1], [0, 1, 2, 1]],
        "overflowing grade": [[1000, 2, 0, 1], [0, 1, 2, 1]],
    }
}
# k beyond the list is documented (missing documents count as irrelevant), so huge is valid
K_VALID = {"k": {"huge"}}

GRAPH = [[0.0, 2.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
GRAPH_EXTRA = {
    "negative weight": [[0.0, -2.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]],
    "nonzero diagonal": [[1.0, 2.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]],
}
W3 = 1.0 - np.eye(3)


def _raises(i, j):
    raise ZeroDivisionError("division by zero")


OMEGA_EXTRA = {
    "negative": -W3,
    "callable raising": _raises,
    "callable complex": lambda i, j: (i != j) * 1j,
    "callable nan": lambda i, j: np.full(i.shape, np.nan),
    "callable wrong shape": lambda i, j: np.ones(2),
}
PERMUTATION_EXTRA = {
    "repeated": [0, 0, 1],
    "out of range": [0, 1, 3],
    "negative id": [-1, 0, 1],
    "booleans": [True, False, True],
}


def _model():
    return Binormal(mu_pos=1.0, sigma_pos=1.0, mu_neg=0.0, sigma_neg=2.0, prevalence=0.3)


def _doctor_call():
    # The chapter checks build every dashboard (seconds each) and are covered by
    # tests/test_doctor.py; for the arguments, one chapter is enough.  setup runs in the
    # case's own forked process, so this does not leak into other tests.
    doctor.CHAPTER_CHECKS = {k: v for k, v in list(doctor.CHAPTER_CHECKS.items())[1:2]}
    return Call(doctor.main, ["doctor"], out=io.StringIO())


def _run_checks_call():
    doctor.CHAPTER_CHECKS = {k: v for k, v in list(doctor.CHAPTER_CHECKS.items())[1:2]}
    return Call(doctor.run_checks)


CASES = {
    # --- rankviz.metrics (chapter 02) ------------------------------------------------------
    "rankviz.metrics.roc_curve": Case(
        lambda: Call(roc_curve, LABELS, SCORES), extra=BIPARTITE_EXTRA
    ),
    "rankviz.metrics.precision_recall_curve": Case(
        lambda: Call(precision_recall_curve, LABELS, SCORES), extra=BIPARTITE_EXTRA
    ),
    "rankviz.metrics.auc": Case(
        lambda: Call(auc, LABELS, SCORES, ties="mohri"), extra=BIPARTITE_EXTRA
    ),
    "rankviz.metrics.pairwise_misranking": Case(
        lambda: Call(pairwise_misranking, LABELS, SCORES), extra=BIPARTITE_EXTRA
    ),
    "rankviz.metrics.confusion_matrix_at_threshold": Case(
        lambda: Call(confusion_matrix_at_threshold, LABELS, SCORES, 0.38), extra=BIPARTITE_EXTRA
    ),
    "rankviz.metrics.auc_standard_error": Case(
        lambda: Call(auc_standard_error, LABELS, SCORES), extra=BIPARTITE_EXTRA
    ),
    # --- rankviz.auc_inference (chapter 02) ----------------------------------------------
    "rankviz.auc_inference.placement_values": Case(
        lambda: Call(auc_inference.placement_values, LABELS, SCORES), extra=BIPARTITE_EXTRA
    ),
    "rankviz.auc_inference.delong_covariance": Case(
        lambda: Call(auc_inference.delong_covariance, LABELS, [SCORES, [0.3, 0.2, 0.1, 0.9]]),
        # one row fewer is one scorer fewer, a valid call
        valid={"y_scores": {"one entry fewer"}},
        extra={**BIPARTITE_EXTRA, "y_scores": {"one score short": [[0.1, 0.4, 0.35]]}},
        large=lambda: Call(
            auc_inference.delong_covariance, LABELS, np.zeros((auc_inference.MAX_SCORERS + 1, 4))
        ),
    ),
    "rankviz.auc_inference.exact_auc_covariance": Case(
        lambda: Call(
            auc_inference.exact_auc_covariance, [0, 1, 2], [0.2, 0.3, 0.5], [0, 1], [0.5, 0.5], 3, 4
        ),
        # closed forms in m and n: a sample of 10**12 points allocates nothing
        valid={"m": {"huge"}, "n": {"huge"}},
        extra={
            "positive_probabilities": {
                "not summing to 1": [0.2, 0.3, 0.6],
                "one short": [0.5, 0.5],
            },
            "negative_values": {"two scorers": [[0, 1], [1, 0]]},
            "m": {"above MAX_CLASS_SIZE": 10**400},
            "n": {"above MAX_CLASS_SIZE": auc_inference.MAX_CLASS_SIZE + 1},
        },
        large=lambda: Call(
            auc_inference.exact_auc_covariance,
            np.arange(3000.0),
            np.full(3000, 1 / 3000),
            np.arange(3000.0),
            np.full(3000, 1 / 3000),
            2,
            2,
        ),
    ),
    "rankviz.auc_inference.hanley_mcneil_variance": Case(
        lambda: Call(auc_inference.hanley_mcneil_variance, 0.8, 30, 40),
        valid={"m": {"huge"}, "n": {"huge"}},
        extra={
            "auc_value": {"above 1": 1.2},
            # past float range: an OverflowError before the limit was named
            "m": {"above MAX_CLASS_SIZE": 10**400},
            "n": {"above MAX_CLASS_SIZE": auc_inference.MAX_CLASS_SIZE + 1},
        },
    ),
    "rankviz.auc_inference.auc_confidence_interval": Case(
        lambda: Call(
            auc_inference.auc_confidence_interval, LABELS, SCORES, level=0.9, scale="logit"
        ),
        extra=BIPARTITE_EXTRA,
    ),
    "rankviz.auc_inference.delong_test": Case(
        lambda: Call(auc_inference.delong_test, LABELS, SCORES, [0.3, 0.2, 0.1, 0.9], level=0.9),
        extra={**BIPARTITE_EXTRA, "score_b": {"one score short": [0.3, 0.2, 0.1]}},
    ),
    "rankviz.auc_inference.partial_auc": Case(
        lambda: Call(auc_inference.partial_auc, LABELS, SCORES, 0.1, 0.6, standardized=True),
        extra={**BIPARTITE_EXTRA, "fpr_high": {"below fpr_low": 0.05}},
    ),
    # a closed form in n: a class of 10**12 scores allocates nothing and has a band
    "rankviz.metrics.dkw_band": Case(
        lambda: Call(dkw_band, 50, 0.05), valid={"n": {"huge"}}, extra={"delta": {"tiny": 1e-320}}
    ),
    # --- rankviz.measures (chapter 01) -----------------------------------------------------
    "rankviz.measures.precision_at_k": Case(
        lambda: Call(precision_at_k, BINARY_BATCH, SCORE_BATCH, k=2),
        valid=K_VALID,
        extra=BINARY_EXTRA,
    ),
    "rankviz.measures.mean_precision_up_to_k": Case(
        lambda: Call(mean_precision_up_to_k, BINARY_BATCH, SCORE_BATCH, k=3),
        valid=K_VALID,
        extra=BINARY_EXTRA,
    ),
    "rankviz.measures.average_precision": Case(
        lambda: Call(average_precision, BINARY_BATCH, SCORE_BATCH, k=2, if_no_relevant="zero"),
        valid=K_VALID,
        extra=BINARY_EXTRA,
    ),
    "rankviz.measures.mean_average_precision": Case(
        lambda: Call(mean_average_precision, BINARY_BATCH, SCORE_BATCH, k=2, if_no_relevant="skip"),
        valid=K_VALID,
        extra={**BINARY_EXTRA, "y_score": {"ragged": [[0.9, 0.8], [0.2]]}},
    ),
    "rankviz.measures.dcg_gains": Case(
        lambda: Call(dcg_gains, GRADE_BATCH, gain="exponential"),
        valid={"y_true": {"one entry fewer"}},  # one query fewer is a batch of one query
        extra=GRADE_EXTRA,
    ),
    "rankviz.measures.dcg_discounts": Case(
        lambda: Call(dcg_discounts, 4, log_base=10.0), extra={"log_base": {"one": 1.0}}
    ),
    "rankviz.measures.dcg": Case(
        lambda: Call(dcg, GRADE_BATCH, SCORE_BATCH, k=2, gain="exponential", log_base=10.0),
        valid=K_VALID,
        extra={**GRADE_EXTRA, "log_base": {"below one": 0.5}},
    ),
    "rankviz.measures.ndcg": Case(
        lambda: Call(
            ndcg,
            GRADE_BATCH,
            SCORE_BATCH,
            k=3,
            gain="exponential",
            log_base=10.0,
            if_no_relevant="zero",
        ),
        valid=K_VALID,
        extra=GRADE_EXTRA,
    ),
    "rankviz.measures.err": Case(
        lambda: Call(err, GRADE_BATCH, SCORE_BATCH, k=3, max_grade=3.0, satisfaction="exponential"),
        valid=K_VALID,
        extra={**GRADE_EXTRA, "max_grade": {"below a grade": 2.0}},
    ),
    # --- rankviz.pairwise ------------------------------------------------------------------
    # batches of any shape are valid (one row fewer, an extra leading dimension)
    "rankviz.measures.cascade_utility": Case(
        lambda: Call(cascade_utility, [[0.5, 0.2, 1.0], [1.0, 0.0, 0.3]], [1.0, 0.5, 1 / 3]),
        valid={"satisfaction": {"one entry fewer", "extra dimension"}},
        extra={"satisfaction": {"above one": [[0.5, 1.2, 0.0]]}},
    ),
    # any two equally long vectors of values are valid, also one entry fewer in both; one entry
    # fewer in just one of them is a length mismatch (checked in tests/test_measures.py)
    "rankviz.measures.oppositely_ordered_pairs": Case(
        lambda: Call(oppositely_ordered_pairs, [0.9, 0.5, 0.1], [0.2, 0.4, 0.1], decimals=9),
        extra={"first": {"too many": np.zeros(6000)}},
    ),
    "rankviz.pairwise.pairwise_disagreement": Case(
        lambda: Call(
            pairwise_disagreement,
            [[3.0, 2.0, 1.0], [1.0, 1.0, 3.0]],
            np.stack([GRAPH, np.transpose(GRAPH)]),
            ties="half",
        ),
        extra={"weights": {k: np.stack([v, GRAPH]) for k, v in GRAPH_EXTRA.items()}},
    ),
    "rankviz.pairwise.discordant_pairs": Case(
        lambda: Call(
            discordant_pairs,
            [1, 0, 2],
            [0, 1, 2],
            among=np.array([[1, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=bool),
        ),
        extra={
            "sigma": PERMUTATION_EXTRA,
            "sigma_star": PERMUTATION_EXTRA,
            "among": {"not symmetric": np.triu(np.ones((3, 3), dtype=bool))},
        },
    ),
    "rankviz.pairwise.emphasis_uniform": Case(lambda: Call(emphasis_uniform, 3)),
    "rankviz.pairwise.emphasis_top_k": Case(
        lambda: Call(emphasis_top_k, 4, 2), extra={"k": {"above n": 5}}
    ),
    "rankviz.pairwise.emphasis_bipartite": Case(lambda: Call(emphasis_bipartite, 1, 2)),
    "rankviz.pairwise.emphasis_matrix": Case(
        lambda: Call(emphasis_matrix, W3, 3), extra={"omega": OMEGA_EXTRA}
    ),
    "rankviz.pairwise.emphasis_axioms": Case(
        lambda: Call(emphasis_axioms, emphasis_top_k(4, 2)),
        extra={
            "omega": {
                "negative": -emphasis_top_k(4, 2),
                "one position": np.zeros((1, 1)),
                "too many positions": np.zeros((1000, 1000)),
            }
        },
    ),
    "rankviz.pairwise.weighted_disagreement_L_omega": Case(
        lambda: Call(weighted_disagreement_L_omega, [1, 0, 2], [0, 1, 2], W3),
        extra={"sigma": PERMUTATION_EXTRA, "sigma_star": PERMUTATION_EXTRA, "omega": OMEGA_EXTRA},
    ),
    # --- rankviz.permutations --------------------------------------------------------------
    # name is only the word used in messages: any string is a valid name
    "rankviz.permutations.as_permutation": Case(
        lambda: Call(as_permutation, [2, 0, 1], name="sigma"),
        valid={"name": {"unknown string"}},
        extra={"sigma": PERMUTATION_EXTRA},
    ),
    "rankviz.permutations.order_from_sigma": Case(
        lambda: Call(order_from_sigma, [2, 0, 1]), extra={"sigma": PERMUTATION_EXTRA}
    ),
    "rankviz.permutations.sigma_from_order": Case(
        lambda: Call(sigma_from_order, [1, 2, 0]), extra={"order": PERMUTATION_EXTRA}
    ),
    # any 1-D list of finite scores is valid, also one entry fewer
    "rankviz.permutations.sigma_from_scores": Case(
        lambda: Call(sigma_from_scores, [0.2, 0.9, 0.5]), valid={"scores": {"one entry fewer"}}
    ),
    "rankviz.permutations.merge_near_ties": Case(
        lambda: Call(merge_near_ties, [0.3, 0.3000001, 0.5], atol=1e-3),
        valid={"scores": {"one entry fewer"}},
    ),
    "rankviz.permutations.all_permutations": Case(
        lambda: Call(all_permutations, 3), extra={"n": {"above the limit": 10}}
    ),
    "rankviz.permutations.weak_orders": Case(
        lambda: Call(weak_orders, 3), extra={"n": {"above the limit": 8}}
    ),
    # one score vector or a batch: one entry fewer is still a valid batch (or vector)
    "rankviz.permutations.tie_consistent_rankings": Case(
        lambda: Call(tie_consistent_rankings, [[1.0, 1.0, 0.0], [0.0, 1.0, 1.0]]),
        valid={"scores": {"one entry fewer"}},
        extra={"scores": {"too many items": np.zeros(10), "too many rankings": np.zeros((3, 9))}},
    ),
    "rankviz.permutations.mean_over_tie_orders": Case(
        lambda: Call(mean_over_tie_orders, _first_is_top, [[1.0, 1.0, 0.0], [0.0, 1.0, 1.0]]),
        valid={"scores": {"one entry fewer"}},
        extra={
            "value": {
                "wrong length": lambda s, row: np.ones(1),
                "nan": lambda s, row: np.full(len(s), np.nan),
                "not callable": 3.0,
            }
        },
    ),
    # --- rankviz.samples -------------------------------------------------------------------
    "rankviz.samples.binary_label_patterns": Case(
        lambda: Call(binary_label_patterns, 4, 2), extra={"n_relevant": {"above n": 5}}
    ),
    "rankviz.samples.preference_graph_from_labels": Case(
        lambda: Call(preference_graph_from_labels, [[1, 0, 1], [0, 1, 1]]),
        valid={"y_true": {"one entry fewer"}},  # one query fewer is a batch of one query
        extra={"y_true": {"grades": [[2, 0, 1], [0, 1, 1]], "too large": np.zeros((1, 10**4))}},
    ),
    "rankviz.samples.preference_graph_from_grades": Case(
        lambda: Call(preference_graph_from_grades, [[2, 0, 1], [0, 1, 2]]),
        valid={"y_true": {"one entry fewer"}},  # one query fewer is a batch of one query
        extra={"y_true": {"too large": np.zeros((1, 10**4))}},
    ),
    "rankviz.samples.single_preference": Case(
        lambda: Call(single_preference, 3, 2, 0, weight=1.5),
        extra={
            "preferred": {"out of range": 3},
            "other": {"same as preferred": 2, "out of range": 3},
        },
    ),
    "rankviz.samples.to_networkx": Case(
        lambda: Call(to_networkx, GRAPH, names=["a", "b", "c"]),
        extra={"weights": GRAPH_EXTRA, "names": {"too short": ["a", "b"]}},
    ),
    # --- rankviz.distributions -------------------------------------------------------------
    "rankviz.distributions.Binormal": Case(
        lambda: Call(
            Binormal, mu_pos=1.0, sigma_pos=1.0, mu_neg=0.0, sigma_neg=2.0, prevalence=0.3
        ),
        extra={
            "sigma_pos": {"zero": 0.0, "negative": -1.0, "tiny": 1e-200, "huge": 1e200},
            "mu_pos": {"huge": 1e300},
            "prevalence": {"one": 1.0, "zero": 0.0},
        },
    ),
    "rankviz.distributions.Binormal.auc": Case(lambda: Call(_model().auc)),
    # a threshold may be one number or a 1-D array of any length
    "rankviz.distributions.Binormal.rates": Case(
        lambda: Call(_model().rates, [0.0, 1.0]), valid={"threshold": {"scalar", "one entry fewer"}}
    ),
    "rankviz.distributions.Binormal.classification_error": Case(
        lambda: Call(_model().classification_error, [0.0, 1.0]),
        valid={"threshold": {"scalar", "one entry fewer"}},
    ),
    # (a model where a finite threshold beats both constant classifiers)
    "rankviz.distributions.Binormal.best_threshold": Case(
        lambda: Call(Binormal(1.0, 1.0, 0.0, 1.0, 0.5).best_threshold)
    ),
    "rankviz.distributions.Binormal.precision_at": Case(
        lambda: Call(_model().precision_at, [0.0, 1.0]),
        valid={"threshold": {"scalar", "one entry fewer"}},
    ),
    # a grid may have any length
    "rankviz.distributions.Binormal.roc": Case(
        lambda: Call(_model().roc, [0.25, 0.5]),
        valid={"fpr_grid": {"one entry fewer"}},
        extra={"fpr_grid": {"above one": [0.5, 1.5], "negative": [-0.5, 0.5]}},
    ),
    "rankviz.distributions.Binormal.precision_recall": Case(
        lambda: Call(_model().precision_recall, [0.5, 1.0]),
        valid={"fpr_grid": {"one entry fewer"}},
        extra={"fpr_grid": {"zero": [0.0, 0.5], "above one": [0.5, 1.5]}},
    ),
    "rankviz.distributions.Binormal.pdf_pos": Case(
        lambda: Call(_model().pdf_pos, [0.0, 1.0]), valid={"x": {"one entry fewer"}}
    ),
    "rankviz.distributions.Binormal.pdf_neg": Case(
        lambda: Call(_model().pdf_neg, [0.0, 1.0]), valid={"x": {"one entry fewer"}}
    ),
    # any non-negative int is a seed, however large
    "rankviz.distributions.Binormal.sample": Case(
        lambda: Call(_model().sample, 5, 0, stratified=True), valid={"rng": {"huge"}}
    ),
    "rankviz.distributions.Binormal.sample_classes": Case(
        lambda: Call(_model().sample_classes, 3, 2, 1), valid={"rng": {"huge"}}
    ),
    # --- rankviz.doctor --------------------------------------------------------------------
    "rankviz.doctor.main": Case(
        _doctor_call, extra={"argv": {"unknown command": ["cure"], "not strings": [1, 2]}}
    ),
    "rankviz.doctor.run_checks": Case(_run_checks_call),
}

RESULT_TYPES = {
    "rankviz.doctor.Finding": "one line of the doctor's report, built by run_checks",
    "rankviz.auc_inference.AucInterval": "returned by auc_confidence_interval",
    "rankviz.auc_inference.PairedAucTest": "returned by delong_test",
}
