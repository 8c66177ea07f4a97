"""Bad-input cases for rankviz.plotting (one module per chapter; see harness.py).

Every case draws on a fresh Axes of a small figure; ``ax`` itself is mutated too (a string, an
int, None must raise a TypeError naming ``ax``).  Result objects (a boosting history, a margin
bound, a QuickSort trace, the U-statistic experiment) come from tiny runs of the compute
functions; the harness's "string"/"int"/"none" mutations stand for "an object of the wrong
kind", and ``extra`` adds result objects of the wrong kind.
"""

import types

import matplotlib.pyplot as plt
import numpy as np

from bad_input.harness import Call, Case
from rankviz.plotting import (
    _style,
    aggregation,
    calibration,
    consistency,
    margins,
    preference,
    rankboost,
    ranking,
    roc,
    scheduling,
)
from rankviz.stumps import Stump

# a title, a label or an axis label may be any text: "abc" and "NOPE" are valid values
TEXT = {"string", "unknown string"}


def _ax():
    return plt.subplots(figsize=(3, 2))[1]


def _binormal():
    from rankviz.distributions import Binormal

    return Binormal(1.0, 1.0, 0.0, 1.0)


def _history():
    from rankviz.rankboost import bipartite_rankboost

    return bipartite_rankboost([[0.0], [2.0]], [[1.0], [3.0]], 3).history


def _bound(rho):
    from rankviz.bounds import ranking_margin_bound

    return ranking_margin_bound([0.2, 0.5, 0.9, -0.1] * 5, rho, 0.05, Lambda=1.0, r=1.0)


def _quicksort():
    from rankviz.preference import random_preference
    from rankviz.quicksort import quicksort_rank

    return quicksort_rank(random_preference(4, 0.5, rng=0), rng=1, record=True)


def _experiment():
    from rankviz.ustatistics_experiment import u_statistic_experiment

    return u_statistic_experiment((1, 5), n_runs=2, n_queries=3, n_judgments=40, n_test_queries=4)


def _grid():
    from rankviz.calibration import simplex_triangulation

    return simplex_triangulation(2)


def _parts():
    from rankviz.scheduling import schedule_loss_parts

    return schedule_loss_parts([1, 2, 2], [[0, 1, 0], [0, 0, 1], [0, 0, 0]], [1.0, 2.0, 3.0])


W3 = [[0, 1, 0], [0, 0, 1], [0, 0, 0]]
CYCLE3 = [[0.0, 0.7, 0.3], [0.3, 0.0, 0.7], [0.7, 0.3, 0.0]]

CASES = {
    # --- _style -------------------------------------------------------------------------
    "rankviz.plotting._style.plot_legend": Case(
        lambda: Call(_style.plot_legend, _ax(), [("a", {"color": "k"}), ("b", {"patch": True})]),
        valid={"target": {"3-D axes"}},  # a legend is drawn flat over a 3-D Axes too
        extra={
            "entries": {
                "no style": [("a",)],
                "bad style": [("a", {"nope": 1})],
                "label not text": [(3, {"color": "k"})],
            }
        },
    ),
    # --- ranking (ch01) -------------------------------------------------------------------
    "rankviz.plotting.ranking.plot_preference_graph": Case(
        lambda: Call(
            ranking.plot_preference_graph,
            _ax(),
            W3,
            names=["a", "b", "c"],
            levels=[2, 1, 0],
            node_colors=["r", "g", "b"],
            title="t",
        ),
        valid={"title": TEXT, "names": {"string"}},  # "abc": one letter per node
        extra={"names": {"too few": ["a"]}, "node_colors": {"not a colour": ["r", "g", "NOPE"]}},
    ),
    "rankviz.plotting.ranking.style_position_axes": Case(
        lambda: Call(ranking.style_position_axes, _ax(), 3, ymax=1.0, ylabel="gain", title="t"),
        valid={"ylabel": TEXT, "title": TEXT},
    ),
    "rankviz.plotting.ranking.plot_position_bars": Case(
        lambda: Call(
            ranking.plot_position_bars,
            _ax(),
            [0.5, 0.3, 0.1],
            labels=["a", "b", "c"],
            colors=["r", "g", "b"],
            hatches=["", "//", "xx"],
            ideal=[0.6, 0.4, 0.2],
            cutoff=2,
            label="gain",
            legend=True,
            label_fontsize=9,
        ),
        # "abc": one letter per bar; a font size need not be whole
        valid={"label": TEXT, "labels": {"string"}, "label_fontsize": {"non-integer", "none"}},
        extra={
            "colors": {"not a colour": ["r", "g", "NOPE"]},
            "cutoff": {"too large": 4},
            "hatches": {
                "not a hatch": ["", "//", "NOPE"],
                "one fewer": ["", "//"],
                "not a string": ["", "//", 3],
            },
        },
    ),
    "rankviz.plotting.ranking.style_cutoff_axes": Case(
        lambda: Call(ranking.style_cutoff_axes, _ax(), 3, title="t"),
        valid={"title": TEXT},
    ),
    "rankviz.plotting.ranking.plot_cutoff_curves": Case(
        lambda: Call(
            ranking.plot_cutoff_curves,
            _ax(),
            {"NDCG": [1.0, 0.8], "P": [1.0, 0.5]},
            cutoff=1,
            legend=True,
        ),
        extra={
            "curves": {
                "empty": {},
                "ragged": {"a": [1.0], "b": [1.0, 0.5]},
                "inf": {"a": [np.inf, 1.0]},
                "name not text": {1: [1.0, 0.5]},
                "2-D": {"a": [[1.0, 0.5]]},
            },
            "cutoff": {"too large": 3},
        },
    ),
    # --- roc (ch02) -----------------------------------------------------------------------
    "rankviz.plotting.roc.plot_score_densities": Case(
        lambda: Call(
            roc.plot_score_densities,
            _ax(),
            _binormal(),
            0.5,
            scores=[0.1, 0.9, -0.3, 1.2],
            labels=[0, 1, 0, 1],
            x_range=(-3.0, 4.0),
            legend=True,
        ),
        extra={"labels": {"three classes": [0, 0, 1, 2]}, "x_range": {"decreasing": (1.0, 0.0)}},
    ),
    "rankviz.plotting.roc.style_roc_axes": Case(
        lambda: Call(roc.style_roc_axes, _ax(), chance=False),
    ),
    "rankviz.plotting.roc.plot_roc": Case(
        lambda: Call(
            roc.plot_roc,
            _ax(),
            [0.0, 0.5, 1.0],
            [0.0, 0.8, 1.0],
            label="a",
            color="k",
            operating_point=(0.5, 0.8),
            chance=True,
            legend=True,
        ),
        valid={"label": TEXT},
        extra={"fpr": {"outside [0, 1]": [0.0, 0.5, 2.0]}},
    ),
    "rankviz.plotting.roc.style_precision_recall_axes": Case(
        lambda: Call(roc.style_precision_recall_axes, _ax(), prevalence=0.3),
    ),
    "rankviz.plotting.roc.plot_precision_recall": Case(
        lambda: Call(
            roc.plot_precision_recall,
            _ax(),
            [0.0, 0.5, 1.0],
            [1.0, 0.8, 0.5],
            label="a",
            color="k",
            prevalence=0.5,
            operating_point=(0.5, 0.8),
            legend=True,
        ),
        valid={"label": TEXT},
    ),
    "rankviz.plotting.roc.style_confusion_axes": Case(
        lambda: Call(roc.style_confusion_axes, _ax()),
    ),
    "rankviz.plotting.roc.plot_confusion_matrix": Case(
        lambda: Call(roc.plot_confusion_matrix, _ax(), [[3, 1], [2, 4]], title="t"),
        valid={"title": TEXT},
    ),
    "rankviz.plotting.roc.plot_auc_sampling": Case(
        lambda: Call(
            roc.plot_auc_sampling,
            _ax(),
            [0.6, 0.7, 0.65],
            0.65,
            {"Hoeffding": 0.1},
            bins=5,
            legend=True,
        ),
        valid={"aucs": {"one entry fewer"}},  # any number of simulated samples
        extra={
            "deviations": {"negative": {"a": -0.1}, "name not text": {1: 0.1}},
            "center": {"outside [0, 1]": 1.5},
        },
    ),
    # --- rankboost (ch03) -----------------------------------------------------------------
    "rankviz.plotting.rankboost.plot_weighted_points": Case(
        lambda: Call(
            rankboost.plot_weighted_points,
            _ax(),
            [[0.0, 1.0], [1.0, 1.0]],
            [[0.0, 0.0]],
            [0.9, 0.1],
            [1.0],
            features=(0, 1),
            legend=True,
        ),
        extra={"features": {"out of range": (0, 2), "three": (0, 1, 0)}},
    ),
    "rankviz.plotting.rankboost.plot_preference_pairs": Case(
        lambda: Call(
            rankboost.plot_preference_pairs,
            _ax(),
            [[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]],
            [[0, 1], [1, 2]],
            [1, -1],
            [0.5, 0.5],
            features=(0, 1),
            legend=True,
        ),
        extra={
            "pairs": {"out of range": [[0, 3], [1, 2]]},
            "labels": {"two": [2, 1]},
            "features": {"out of range": (0, 2)},
        },
    ),
    "rankviz.plotting.rankboost.plot_stump": Case(
        lambda: Call(
            rankboost.plot_stump,
            _ax(),
            Stump(1, 0.5, -1),
            features=(0, 1),
            label="h",
            color="r",
            legend=True,
        ),
        valid={"label": TEXT},
        extra={"features": {"out of range": (0, 2)}},
    ),
    "rankviz.plotting.rankboost.plot_score_surface": Case(
        lambda: Call(
            rankboost.plot_score_surface,
            _ax(),
            [[0.0, 0.5], [0.5, 1.0]],
            (0.0, 1.0, 0.0, 1.0),
            vmin=0.0,
            vmax=1.0,
            cmap="RdBu_r",
        ),
        valid={"scores": {"one entry fewer"}},  # a grid of one row
        extra={"extent": {"decreasing": (1.0, 0.0, 0.0, 1.0)}, "vmax": {"below vmin": -1.0}},
    ),
    "rankviz.plotting.rankboost.style_boosting_axes": Case(
        lambda: Call(rankboost.style_boosting_axes, _ax(), 5, log=True),
    ),
    "rankviz.plotting.rankboost.plot_boosting_bounds": Case(
        lambda: Call(rankboost.plot_boosting_bounds, _ax(), _history(), rounds=2, legend=True),
        extra={"rounds": {"beyond the history": 4}},
    ),
    "rankviz.plotting.rankboost.plot_margin_distribution": Case(
        lambda: Call(
            rankboost.plot_margin_distribution,
            _ax(),
            [-0.2, 0.1, 0.5],
            label="f",
            color="k",
            legend=True,
        ),
        # any number of pairs; a 2-D matrix of margins (pos x neg) is flattened
        valid={"label": TEXT, "margins": {"one entry fewer", "extra dimension"}},
        extra={"margins": {"outside [-1, 1]": [-0.2, 3.0]}},
    ),
    # --- margins (ch04) -------------------------------------------------------------------
    "rankviz.plotting.margins.margin_bound_legend_entries": Case(
        lambda: Call(margins.margin_bound_legend_entries, uniform=True, errors=("a", "b")),
        valid={"errors": {"string"}},  # "abc" is a sequence of three labels
    ),
    "rankviz.plotting.margins.style_margin_bound_axes": Case(
        lambda: Call(margins.style_margin_bound_axes, _ax(), rho_max=1.0, ymax=1.5, title="t"),
        valid={"title": TEXT},
    ),
    "rankviz.plotting.margins.plot_margin_bound_terms": Case(
        lambda: Call(
            margins.plot_margin_bound_terms,
            _ax(),
            _bound(np.linspace(0.1, 1.0, 4)),
            error=0.3,
            error_label="R(h)",
            mark=0.5,
            legend=True,
        ),
        valid={"error_label": TEXT},
        extra={"bound": {"one rho": _bound(0.4)}, "error": {"negative": -0.1}},
    ),
    "rankviz.plotting.margins.style_bound_bars_axes": Case(
        lambda: Call(margins.style_bound_bars_axes, _ax(), ["bound", "error"], ymax=1.5, title="t"),
        valid={"title": TEXT, "bar_labels": {"string"}},  # "abc": three one-letter labels
    ),
    "rankviz.plotting.margins.plot_bound_bars": Case(
        lambda: Call(margins.plot_bound_bars, _ax(), _bound(0.4), {"true error": 0.3}, legend=True),
        extra={
            "bound": {"many rho": _bound(np.linspace(0.1, 1.0, 4))},
            "errors": {"above 1": {"e": 1.5}, "name not text": {1: 0.3}},
        },
    ),
    "rankviz.plotting.margins.style_margin_histogram_axes": Case(
        lambda: Call(
            margins.style_margin_histogram_axes, _ax(), value_range=(-2.0, 2.0), title="t"
        ),
        valid={"title": TEXT},
        extra={"value_range": {"decreasing": (2.0, -2.0)}},
    ),
    "rankviz.plotting.margins.plot_margin_histogram": Case(
        lambda: Call(
            margins.plot_margin_histogram,
            _ax(),
            [-0.5, 0.1, 0.4, 1.2],
            0.5,
            bins=10,
            value_range=(-2.0, 2.0),
            legend=True,
        ),
        # any number of pairs; a 2-D matrix of margins is flattened
        valid={"margins": {"one entry fewer", "extra dimension"}},
        extra={"value_range": {"decreasing": (2.0, -2.0)}},
    ),
    # --- preference (ch05) ----------------------------------------------------------------
    "rankviz.plotting.preference.plot_tournament": Case(
        lambda: Call(
            preference.plot_tournament,
            _ax(),
            CYCLE3,
            sigma_star=[0, 1, 2],
            positive=[True, False, False],
            layout_sigma=[2, 1, 0],
            highlight=(0, 1),
            title="t",
            legend=True,
        ),
        valid={"title": TEXT},
        extra={
            "highlight": {
                "inf": (np.inf, 1),
                "out of range": (0, 3),
                "same item": (1, 1),
                "negative": (-1, 0),
            },
            "positive": {"not boolean": [2, 0, 1]},
        },
    ),
    "rankviz.plotting.preference.plot_quicksort_levels": Case(
        lambda: Call(preference.plot_quicksort_levels, _ax(), _quicksort(), title="t", legend=True),
        valid={"title": TEXT},
        extra={"result": {"no trace": types.SimpleNamespace(levels=())}},
    ),
    "rankviz.plotting.preference.style_run_histogram_axes": Case(
        lambda: Call(preference.style_run_histogram_axes, _ax(), xlabel="calls", xlim=(0, 16)),
        valid={"xlabel": TEXT},
        extra={"xlim": {"decreasing": (16, 0)}},
    ),
    "rankviz.plotting.preference.plot_run_histogram": Case(
        lambda: Call(
            preference.plot_run_histogram,
            _ax(),
            [0.0, 0.2, 0.2, 0.4],
            xlabel="loss",
            references={"mean": 0.2},
            xlim=(-0.1, 0.5),
            label="runs",
            color="g",
            legend=True,
        ),
        valid={"xlabel": TEXT, "label": TEXT, "values": {"one entry fewer"}},  # any run count
        extra={"references": {"nan": {"a": np.nan}, "name not text": {1: 0.2}}},
        # 10**6 distinct values: one bar each (12 s), 10**7: 7.8 GB
        large=lambda: Call(
            preference.plot_run_histogram, _ax(), np.arange(10**6) / 10**6, xlabel="loss"
        ),
    ),
    "rankviz.plotting.preference.plot_call_counts": Case(
        lambda: Call(
            preference.plot_call_counts,
            _ax(),
            [10, 100],
            {"QuickSort": [25, 650]},
            {"n log n": [23, 460]},
            legend=True,
        ),
        extra={
            "measured": {
                "empty": {},
                "zero": {"a": [0, 650]},
                "short": {"a": [25]},
                "name not text": {1: [25, 650]},
            },
            "n_values": {"zero": [0, 100]},
        },
    ),
    # --- calibration (ch06) ---------------------------------------------------------------
    "rankviz.plotting.calibration.style_permutation_risk_axes": Case(
        lambda: Call(
            calibration.style_permutation_risk_axes,
            _ax(),
            2,
            ylim=(0.0, 1.0),
            tick_labels=["ab", "ba"],
            title="t",
            tick_fontsize=9.0,
        ),
        valid={"title": TEXT, "tick_fontsize": {"none"}},  # None: Matplotlib's default size
        extra={"ylim": {"decreasing": (1.0, 0.0)}, "tick_labels": {"too few": ["ab"]}},
    ),
    "rankviz.plotting.calibration.plot_permutation_risks": Case(
        lambda: Call(
            calibration.plot_permutation_risks,
            _ax(),
            [0.3, 0.5, 0.3],
            bayes=[True, False, True],
            pred=1,
            legend=True,
        ),
        extra={"pred": {"out of range": 3}, "bayes": {"not boolean": [2, 0, 1]}},
    ),
    "rankviz.plotting.calibration.permutation_risk_legend_entries": Case(
        lambda: Call(calibration.permutation_risk_legend_entries),
    ),
    "rankviz.plotting.calibration.style_simplex_axes": Case(
        lambda: Call(
            calibration.style_simplex_axes,
            _ax(),
            ["a", "b", "c"],
            title="t",
            regret_scale=0.5,
            fontsize=10.0,
            regret_label="regret",
        ),
        # "abc": a letter per vertex; fontsize None: Matplotlib's default size
        valid={
            "title": TEXT,
            "regret_label": TEXT,
            "vertex_labels": {"string"},
            "fontsize": {"none"},
        },
    ),
    "rankviz.plotting.calibration.plot_calibration_simplex": Case(
        lambda: Call(
            calibration.plot_calibration_simplex,
            _ax(),
            _grid(),
            [0.0, 0.1, 0.0, 0.2],
            vmax=0.5,
            colorbar=True,
        ),
        extra={"grid": {"wrong kind": np.zeros((3, 3))}},
    ),
    "rankviz.plotting.calibration.plot_simplex_point": Case(
        lambda: Call(calibration.plot_simplex_point, _ax(), [0.2, 0.3, 0.5], label="u"),
        valid={"label": TEXT},
        extra={"weights": {"not summing to 1": [0.2, 0.3, 0.6]}},
    ),
    # --- consistency (ch07) ---------------------------------------------------------------
    "rankviz.plotting.consistency.preference_graph_layout": Case(
        lambda: Call(consistency.preference_graph_layout, 3),
    ),
    "rankviz.plotting.consistency.style_preference_graph_axes": Case(
        lambda: Call(consistency.style_preference_graph_axes, _ax(), 3, title="t"),
        valid={"title": TEXT},
    ),
    "rankviz.plotting.consistency.plot_preference_circle": Case(
        lambda: Call(
            consistency.plot_preference_circle,
            _ax(),
            W3,
            wrong=[(0, 1)],
            right=[(1, 2)],
            title="t",
            max_weight=1.0,
            decimals=2,
            nodes=True,
            legend=True,
            fontsize=9.0,
            edge_labels=True,
        ),
        valid={"title": TEXT, "wrong": {"empty"}, "right": {"empty"}},  # no pair is the default
        extra={
            "wrong": {"out of range": [(0, 3)], "inf": [(np.inf, 1)]},
            "right": {"out of range": [(0, 3)]},
        },
    ),
    "rankviz.plotting.consistency.style_item_scores_axes": Case(
        lambda: Call(consistency.style_item_scores_axes, _ax(), ["a", "b"], ticks=True),
        valid={"row_labels": {"string"}},  # "abc": three one-letter labels
    ),
    "rankviz.plotting.consistency.plot_item_scores": Case(
        lambda: Call(
            consistency.plot_item_scores,
            _ax(),
            0,
            [0.5, 0.1, 0.3],
            wrong=[(0, 1)],
            note="n",
            values=True,
            span=(0.0, 1.0),
            legend=True,
            fontsize=9.0,
        ),
        # no pair to flag is the default; None scores draw only the note; two items are fine
        valid={"note": TEXT, "wrong": {"empty"}, "scores": {"none", "one entry fewer"}},
        extra={"wrong": {"out of range": [(0, 3)]}, "span": {"decreasing": (1.0, 0.0)}},
    ),
    "rankviz.plotting.consistency.item_score_positions": Case(
        lambda: Call(
            consistency.item_score_positions,
            _ax(),
            [0.5, 0.1, 0.3],
            span=(0.0, 1.0),
            values=True,
            fontsize=9.0,
        ),
        valid={"scores": {"one entry fewer"}, "fontsize": {"none"}},
        extra={"span": {"decreasing": (1.0, 0.0)}},
    ),
    # --- aggregation (ch08) ---------------------------------------------------------------
    "rankviz.plotting.aggregation.plot_band": Case(
        lambda: Call(
            aggregation.plot_band,
            _ax(),
            [1, 2, 3],
            [0.5, 0.4, 0.3],
            [0.4, 0.3, 0.2],
            [0.6, 0.5, 0.4],
            label="risk",
            color="k",
            marker="o",
            ls="-",
            alpha=0.2,
            legend=True,
        ),
        valid={"label": TEXT},
        extra={"lower": {"above the mean": [0.6, 0.3, 0.2]}, "marker": {"unknown": "NOPE"}},
    ),
    "rankviz.plotting.aggregation.plot_u_statistic_experiment": Case(
        lambda: Call(
            aggregation.plot_u_statistic_experiment,
            _ax(),
            _experiment(),
            level=0.9,
            title="t",
            legend=True,
        ),
        valid={"title": TEXT},
    ),
    "rankviz.plotting.aggregation.plot_rank_links": Case(
        lambda: Call(
            aggregation.plot_rank_links,
            _ax(),
            [2.0, 1.0, 0.0],
            [0.0, 1.0, 2.0],
            rows=(0, 1),
            span=(0.0, 1.0),
            color="0.5",
            values=True,
            fontsize=9.0,
        ),
        valid={"fontsize": {"none"}},
        extra={"rows": {"empty": ()}, "span": {"decreasing": (1.0, 0.0)}},
    ),
    # --- scheduling (ch09) ----------------------------------------------------------------
    "rankviz.plotting.scheduling.schedule_legend_entries": Case(
        lambda: Call(scheduling.schedule_legend_entries, short=True),
    ),
    "rankviz.plotting.scheduling.style_schedule_axes": Case(
        lambda: Call(
            scheduling.style_schedule_axes, _ax(), parts=True, variant="depth", xlabel="x"
        ),
        valid={"xlabel": TEXT},
    ),
    "rankviz.plotting.scheduling.plot_schedule": Case(
        lambda: Call(
            scheduling.plot_schedule,
            _ax(),
            [1, 2, 2],
            W3,
            parts=_parts(),
            labels=["a", "b", "c"],
            title="t",
            legend=True,
            max_rows=2,
            max_rounds=3,
            label_size=10.0,
            box_inches=0.15,
            xlabel="x",
        ),
        valid={"title": TEXT, "xlabel": TEXT, "labels": {"string"}},  # "abc": a letter per task
        extra={"rounds": {"zero-based": [0, 1, 1]}, "labels": {"too few": ["a"]}},
    ),
}
