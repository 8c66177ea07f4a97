"""Bad-input cases for chapter 10's NDCG-consistency section: rankviz.ndcg_consistency (see
harness.py)."""

from bad_input.harness import Call, Case
from rankviz.ndcg_consistency import (
    MAX_ITEMS,
    check_ndcg_consistency_at,
    expected_normalized_gains,
    find_ndcg_inconsistency,
    listnet_cross_entropy,
    listwise_conditional_risk,
    listwise_minimizer,
    random_label_distribution,
    ranknet_pair_targets,
    surrogate_targets,
)

LABELS = [[1, 0, 2], [0, 2, 1]]  # two graded label vectors on three documents
PROBS = [0.6, 0.4]
BAD_PROBS = {"sum 2": [1.0, 1.0], "negative": [1.2, -0.2]}
BAD_LABELS = {
    "too many documents": [[0] * (MAX_ITEMS + 1)],
    "one document": [[1], [0]],
    "negative grade": [[1, -1, 0], [0, 1, 0]],
}

CASES = {
    "rankviz.ndcg_consistency.expected_normalized_gains": Case(
        lambda: Call(expected_normalized_gains, LABELS, PROBS, gain="exponential"),
        valid={"labels": {"one entry fewer"}, "probs": {"one entry fewer"}},
        extra={"labels": BAD_LABELS, "probs": BAD_PROBS},
    ),
    "rankviz.ndcg_consistency.surrogate_targets": Case(
        lambda: Call(surrogate_targets, "listnet_softmax", LABELS, gain="exponential"),
        valid={"labels": {"one entry fewer"}},  # one label
        extra={"surrogate": {"pairwise": "ranknet"}, "labels": {"negative": [[1, -1]]}},
    ),
    "rankviz.ndcg_consistency.ranknet_pair_targets": Case(
        lambda: Call(ranknet_pair_targets, LABELS, PROBS),
        valid={"labels": {"one entry fewer"}, "probs": {"one entry fewer"}},
        extra={"labels": BAD_LABELS, "probs": BAD_PROBS},
    ),
    "rankviz.ndcg_consistency.listnet_cross_entropy": Case(
        lambda: Call(listnet_cross_entropy, [1.0, 0.0, -1.0], [0.2, 0.3, 0.5]),
        extra={"target": {"negative": [0.2, -0.3, 0.5]}},
    ),
    "rankviz.ndcg_consistency.listwise_conditional_risk": Case(
        lambda: Call(listwise_conditional_risk, "ranknet", [0.5, 0.0, 1.0], LABELS, PROBS),
        valid={"labels": {"one entry fewer"}, "probs": {"one entry fewer"}},
        extra={"labels": BAD_LABELS, "probs": BAD_PROBS},
    ),
    "rankviz.ndcg_consistency.listwise_minimizer": Case(
        lambda: Call(listwise_minimizer, "listnet_softmax", LABELS, PROBS, method="exact"),
        valid={"labels": {"one entry fewer"}, "probs": {"one entry fewer"}},
        extra={
            "labels": BAD_LABELS,
            "probs": BAD_PROBS,
            "surrogate": {"not a surrogate": "listmle"},
        },
    ),
    "rankviz.ndcg_consistency.check_ndcg_consistency_at": Case(
        lambda: Call(check_ndcg_consistency_at, "ranknet", LABELS, PROBS, tol=1e-9),
        valid={"labels": {"one entry fewer"}, "probs": {"one entry fewer"}},
        extra={"labels": BAD_LABELS, "probs": BAD_PROBS},
    ),
    "rankviz.ndcg_consistency.random_label_distribution": Case(
        lambda: Call(random_label_distribution, 3, grades=(0, 1, 2), support=4, rng=0),
        valid={"grades": {"one entry fewer"}, "rng": {"huge"}},  # two grades: binary labels
        extra={"grades": {"7**3 labels": tuple(range(7))}, "n": {"one document": 1}},
    ),
    "rankviz.ndcg_consistency.find_ndcg_inconsistency": Case(
        lambda: Call(find_ndcg_inconsistency, "ranknet", 3, trials=5, support=3, rng=0),
        valid={"support": {"none"}, "rng": {"huge"}},  # None: every label vector
        extra={"min_regret": {"above 1": 2.0}},
    ),
}

RESULT_TYPES = {
    "rankviz.ndcg_consistency.ListwiseMinimizer": "returned by listwise_minimizer",
    "rankviz.ndcg_consistency.NdcgConsistencyCheck": "returned by check_ndcg_consistency_at",
    "rankviz.ndcg_consistency.InconsistencySearch": "returned by find_ndcg_inconsistency",
}
