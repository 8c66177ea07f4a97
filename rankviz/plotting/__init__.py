"""Drawing functions for the chapters and their dashboards, one module per chapter.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it,
labels its axes, adds a legend unless told not to (``legend=False``), and
returns the ``Axes``.  The ``style_*_axes`` functions set up an empty Axes
(limits, labels, reference lines) exactly as the matching ``plot_*`` function
would: a dashboard's ``setup`` calls them once, and its ``draw`` then calls
``plot_*(..., legend=False)`` at every change (see
:mod:`rankviz.widgets.dashboard`).  None of these functions computes a
quantity the chapters reason about: they receive numbers from the compute
modules (:mod:`rankviz.metrics`, :mod:`rankviz.distributions`, ...) and only
draw them.

The package mirrors :mod:`rankviz.widgets`: :mod:`rankviz.plotting._style` holds the palette
(named roles such as :data:`POSITIVE_COLOR`, :data:`NEGATIVE_COLOR`, :data:`EXACT_COLOR`,
:data:`SAMPLE_COLOR`; Okabe-Ito colours, readable with colour blindness and on a projector),
:func:`plot_legend` and the shared checks; each chapter has its module:

========================================  =====================================================
:mod:`rankviz.plotting.ranking`           ch. 01, preference graphs, position bars, cut-offs
:mod:`rankviz.plotting.roc`               ch. 02, score densities, ROC / PR curves, AUC samples
:mod:`rankviz.plotting.rankboost`         ch. 03, weighted points, stumps, boosting bounds
:mod:`rankviz.plotting.margins`           ch. 04, margin-bound terms, bound bars, histograms
:mod:`rankviz.plotting.preference`        ch. 05, tournaments, QuickSort, run histograms
:mod:`rankviz.plotting.calibration`       ch. 06, permutation risks, the calibration simplex
:mod:`rankviz.plotting.consistency`       ch. 07, preference circles, item scores
:mod:`rankviz.plotting.aggregation`       ch. 08, bands, the U-statistic experiment, rank links
:mod:`rankviz.plotting.scheduling`        ch. 09, schedules of a task DAG
:mod:`rankviz.plotting.ndcg_consistency`  ch. 10, expected normalized gains, surrogate orders
========================================  =====================================================

Every public name is re-exported here, so ``from rankviz.plotting import plot_roc`` works.
"""

from rankviz.plotting._style import (
    ACCENT_COLOR,
    AGREE_COLOR,
    EDGE_COLOR,
    EXACT_COLOR,
    FAINT_COLOR,
    GUIDE_COLOR,
    HIGHLIGHT_COLOR,
    LIGHT_COLOR,
    MAX_DRAWN,
    MAX_FONTSIZE,
    MAX_PLOTTED_ROUNDS,
    MUTED_COLOR,
    NEGATIVE_COLOR,
    NEUTRAL_COLOR,
    POSITIVE_COLOR,
    REFERENCE_COLOR,
    SAMPLE_COLOR,
    plot_legend,
)
from rankviz.plotting.aggregation import (
    plot_band,
    plot_rank_links,
    plot_u_statistic_experiment,
)
from rankviz.plotting.calibration import (
    BAYES_HATCH,
    permutation_risk_legend_entries,
    plot_calibration_simplex,
    plot_permutation_risks,
    plot_simplex_point,
    style_permutation_risk_axes,
    style_simplex_axes,
)
from rankviz.plotting.consistency import (
    ITEM_TIE_ATOL,
    item_score_positions,
    plot_item_scores,
    plot_preference_circle,
    preference_graph_layout,
    style_item_scores_axes,
    style_preference_graph_axes,
)
from rankviz.plotting.margins import (
    BOUND_TERM_COLORS,
    BOUND_TERM_HATCHES,
    MARGIN_ZONE_COLORS,
    margin_bound_legend_entries,
    plot_bound_bars,
    plot_margin_bound_terms,
    plot_margin_histogram,
    style_bound_bars_axes,
    style_margin_bound_axes,
    style_margin_histogram_axes,
)
from rankviz.plotting.ndcg_consistency import (
    BAYES_VERDICT,
    NOT_BAYES_VERDICT,
    OUTSIDE_HATCH,
    plot_expected_gains,
    plot_surrogate_orders,
    style_expected_gains_axes,
    style_surrogate_orders_axes,
    surrogate_order_legend_entries,
)
from rankviz.plotting.preference import (
    ARROW_STYLES,
    MAX_RUN_HISTOGRAM_BARS,
    MAX_RUN_HISTOGRAM_VALUES,
    NODE_STYLES,
    REFERENCE_STYLES,
    plot_call_counts,
    plot_quicksort_levels,
    plot_run_histogram,
    plot_tournament,
    style_run_histogram_axes,
)
from rankviz.plotting.rankboost import (
    BOOSTING_BOUND_STYLES,
    plot_boosting_bounds,
    plot_margin_distribution,
    plot_preference_pairs,
    plot_score_surface,
    plot_stump,
    plot_weighted_points,
    style_boosting_axes,
)
from rankviz.plotting.ranking import (
    CUTOFF_STYLES,
    GRADE_COLORS,
    GRADE_HATCHES,
    plot_cutoff_curves,
    plot_position_bars,
    plot_preference_graph,
    style_cutoff_axes,
    style_position_axes,
)
from rankviz.plotting.roc import (
    CLASS_STYLES,
    RATE_STYLES,
    plot_auc_sampling,
    plot_confusion_matrix,
    plot_precision_recall,
    plot_roc,
    plot_score_densities,
    style_confusion_axes,
    style_precision_recall_axes,
    style_roc_axes,
)
from rankviz.plotting.scheduling import (
    PARTS_DECIMALS,
    SCHEDULE_PARTS_GID,
    SCHEDULE_ROUND_LABELS_GID,
    SCHEDULE_TASK_LABELS_GID,
    plot_schedule,
    schedule_legend_entries,
    style_schedule_axes,
)

__all__ = [
    "ACCENT_COLOR",
    "AGREE_COLOR",
    "ARROW_STYLES",
    "BAYES_HATCH",
    "BAYES_VERDICT",
    "BOOSTING_BOUND_STYLES",
    "BOUND_TERM_COLORS",
    "BOUND_TERM_HATCHES",
    "CLASS_STYLES",
    "CUTOFF_STYLES",
    "EDGE_COLOR",
    "EXACT_COLOR",
    "FAINT_COLOR",
    "GRADE_COLORS",
    "GRADE_HATCHES",
    "GUIDE_COLOR",
    "HIGHLIGHT_COLOR",
    "ITEM_TIE_ATOL",
    "LIGHT_COLOR",
    "MARGIN_ZONE_COLORS",
    "MAX_DRAWN",
    "MAX_FONTSIZE",
    "MAX_PLOTTED_ROUNDS",
    "MAX_RUN_HISTOGRAM_BARS",
    "MAX_RUN_HISTOGRAM_VALUES",
    "MUTED_COLOR",
    "NEGATIVE_COLOR",
    "NEUTRAL_COLOR",
    "NODE_STYLES",
    "NOT_BAYES_VERDICT",
    "OUTSIDE_HATCH",
    "PARTS_DECIMALS",
    "POSITIVE_COLOR",
    "RATE_STYLES",
    "REFERENCE_COLOR",
    "REFERENCE_STYLES",
    "SAMPLE_COLOR",
    "SCHEDULE_PARTS_GID",
    "SCHEDULE_ROUND_LABELS_GID",
    "SCHEDULE_TASK_LABELS_GID",
    "item_score_positions",
    "margin_bound_legend_entries",
    "permutation_risk_legend_entries",
    "plot_auc_sampling",
    "plot_band",
    "plot_boosting_bounds",
    "plot_bound_bars",
    "plot_calibration_simplex",
    "plot_call_counts",
    "plot_confusion_matrix",
    "plot_cutoff_curves",
    "plot_expected_gains",
    "plot_item_scores",
    "plot_legend",
    "plot_margin_bound_terms",
    "plot_margin_distribution",
    "plot_margin_histogram",
    "plot_permutation_risks",
    "plot_position_bars",
    "plot_precision_recall",
    "plot_preference_circle",
    "plot_preference_graph",
    "plot_preference_pairs",
    "plot_quicksort_levels",
    "plot_rank_links",
    "plot_roc",
    "plot_run_histogram",
    "plot_schedule",
    "plot_score_densities",
    "plot_score_surface",
    "plot_simplex_point",
    "plot_stump",
    "plot_surrogate_orders",
    "plot_tournament",
    "plot_u_statistic_experiment",
    "plot_weighted_points",
    "preference_graph_layout",
    "schedule_legend_entries",
    "style_boosting_axes",
    "style_bound_bars_axes",
    "style_confusion_axes",
    "style_cutoff_axes",
    "style_expected_gains_axes",
    "style_item_scores_axes",
    "style_margin_bound_axes",
    "style_margin_histogram_axes",
    "style_permutation_risk_axes",
    "style_position_axes",
    "style_precision_recall_axes",
    "style_preference_graph_axes",
    "style_roc_axes",
    "style_run_histogram_axes",
    "style_schedule_axes",
    "style_simplex_axes",
    "style_surrogate_orders_axes",
    "surrogate_order_legend_entries",
]
