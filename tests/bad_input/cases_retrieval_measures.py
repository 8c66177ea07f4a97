"""Bad-input cases for rankviz.retrieval_measures (chapter 01: RR, recall@k, R-precision, averages).

As in ``cases_metrics.py``, the list measures are called on a batch of two queries (2-D), so
that an extra dimension (3-D) and one query fewer are genuinely wrong.  The averages take a
batch too; a ragged batch (queries of different lengths) is a valid form of theirs.
"""

from bad_input.cases_metrics import BINARY_BATCH, BINARY_EXTRA, K_VALID, SCORE_BATCH
from bad_input.harness import Call, Case
from rankviz.retrieval_measures import (
    average_over_queries,
    mean_reciprocal_rank,
    r_precision,
    recall_at_k,
    reciprocal_rank,
)

GRADE_BATCH = [[3, 2, 0, 1], [0, 1, 2, 1]]

CASES = {
    "rankviz.retrieval_measures.reciprocal_rank": Case(
        lambda: Call(reciprocal_rank, BINARY_BATCH, SCORE_BATCH, k=2, if_no_relevant="zero"),
        valid=K_VALID,
        extra=BINARY_EXTRA,
    ),
    "rankviz.retrieval_measures.recall_at_k": Case(
        lambda: Call(recall_at_k, BINARY_BATCH, SCORE_BATCH, 2, if_no_relevant="nan"),
        valid=K_VALID,
        extra=BINARY_EXTRA,
    ),
    "rankviz.retrieval_measures.r_precision": Case(
        lambda: Call(r_precision, BINARY_BATCH, SCORE_BATCH, if_no_relevant="zero"),
        extra=BINARY_EXTRA,
    ),
    "rankviz.retrieval_measures.mean_reciprocal_rank": Case(
        lambda: Call(mean_reciprocal_rank, BINARY_BATCH, SCORE_BATCH, k=2, if_no_relevant="skip"),
        valid=K_VALID,
        extra={**BINARY_EXTRA, "y_score": {"ragged": [[0.9, 0.8], [0.2]]}},
    ),
    "rankviz.retrieval_measures.average_over_queries": Case(
        lambda: Call(
            average_over_queries,
            GRADE_BATCH,
            SCORE_BATCH,
            "ndcg",
            2,
            average="micro",
            if_no_relevant="zero",
            gain="linear",
        ),
        valid=K_VALID,
        extra={
            "y_true": {"negative grade": [[3, -1, 0, 1], [0, 1, 2, 1]]},
            "y_score": {"ragged": [[0.9, 0.8], [0.2]]},
            "measure": {"unknown": "mrr"},
        },
    ),
}
