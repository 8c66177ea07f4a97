"""Bad-input cases for chapter 10's NDCG-consistency section: rankviz.ndcg_consistency, its
drawing functions (rankviz.plotting.ndcg_consistency) and its dashboard (rankviz.widgets.listwise);
see harness.py."""

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from bad_input.cases_widgets import WRONG_FIGURE, _draw_with_keywords, _from_code
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
from rankviz.plotting import ndcg_consistency as drawing
from rankviz.widgets import listwise

LABELS = [[1, 0, 2], [0, 2, 1]]  # two graded label vectors on three documents
PROBS = [0.6, 0.4]
BAD_PROBS = {"sum 2": [1.0, 1.0], "negative": [1.2, -0.2]}
BAD_LABELS = {
    "too many documents": [[0] * (MAX_ITEMS + 1)],
    "one document": [[1], [0]],
    "negative grade": [[1, -1, 0], [0, 1, 0]],
}


def _ax():
    return plt.subplots(figsize=(3, 2))[1]


TEXT = {"string", "unknown string"}  # any title is a title

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
    # --- drawing ---
    "rankviz.plotting.ndcg_consistency.surrogate_order_legend_entries": Case(
        lambda: Call(drawing.surrogate_order_legend_entries)
    ),
    "rankviz.plotting.ndcg_consistency.style_surrogate_orders_axes": Case(
        lambda: Call(drawing.style_surrogate_orders_axes, _ax(), 3, ["a", "b"], title="t"),
        # a string is a sequence of one-character labels
        valid={"title": TEXT, "row_labels": {"one entry fewer", "string"}},
    ),
    "rankviz.plotting.ndcg_consistency.plot_surrogate_orders": Case(
        lambda: Call(
            drawing.plot_surrogate_orders,
            _ax(),
            [[0, 1, 2], [2, 1, 0]],
            [True, False],
            item_names=["A", "B", "C"],
            notes=["x", "y"],
            legend=True,
        ),
        # "abc": one character per document; a font size in points, or None for the default
        valid={"item_names": {"string"}, "note_fontsize": {"int", "none"}},
        extra={"orders": {"not a permutation": [[0, 0, 2], [2, 1, 0]]}},
    ),
    "rankviz.plotting.ndcg_consistency.style_expected_gains_axes": Case(
        lambda: Call(drawing.style_expected_gains_axes, _ax(), 3, title="t"),
        valid={"title": TEXT},
    ),
    "rankviz.plotting.ndcg_consistency.plot_expected_gains": Case(
        lambda: Call(drawing.plot_expected_gains, _ax(), [0.5, 0.2], ["A", "B"], bayes_rank=[1, 2]),
        valid={"bayes_rank": {"none"}, "label_fontsize": {"int", "none"}},  # None: default size
        extra={"eta": {"above 1": [1.5, 0.2]}, "bayes_rank": {"rank 3 of 2": [1, 3]}},
    ),
    # --- the dashboard ---
    "rankviz.widgets.listwise.setup_listwise_explorer": Case(
        lambda: Call(listwise.setup_listwise_explorer, Figure(), wide=False),
        extra=WRONG_FIGURE,
    ),
    "rankviz.widgets.listwise.draw_listwise_explorer": Case(
        lambda: _draw_with_keywords(listwise, "listwise_explorer"),
        extra={
            "handles": {"a figure, not handles": Figure()},
            "weight_a": {"negative": -1.0, "beyond the slider": 1.5},
            "labels": {"no such set": "four documents"},
        },
    ),
    "rankviz.widgets.listwise.listwise_explorer": Case(
        lambda: _from_code(listwise, "listwise_explorer"),
        extra={"weight_b": {"beyond the slider": 1.5}, "gain": {"no such gain": "cubic"}},
    ),
}

RESULT_TYPES = {
    "rankviz.ndcg_consistency.ListwiseMinimizer": "returned by listwise_minimizer",
    "rankviz.ndcg_consistency.NdcgConsistencyCheck": "returned by check_ndcg_consistency_at",
    "rankviz.ndcg_consistency.InconsistencySearch": "returned by find_ndcg_inconsistency",
}
