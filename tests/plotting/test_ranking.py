"""rankviz.plotting.ranking (chapter 01): what each function draws, and the errors it promises."""

import numpy as np
import pytest
from matplotlib.colors import to_rgba

from rankviz.plotting import GRADE_COLORS, SAMPLE_COLOR, ranking
from rankviz.samples import preference_graph_from_grades


def test_preference_graph_draws_nodes_names_and_weights(ax):
    W = preference_graph_from_grades([2, 0, 1])
    ranking.plot_preference_graph(ax, W, names=["a", "b", "c"], title="G")
    texts = sorted(t.get_text() for t in ax.texts)
    # the names, and the weight (grade difference) of each edge a>b (2), a>c (1), c>b (1)
    assert texts == ["1", "1", "2", "a", "b", "c"]
    assert ax.get_title() == "G" and not ax.axison


def test_preference_graph_levels_place_the_nodes_in_rows(ax):
    W = preference_graph_from_grades([2, 0, 1])
    ranking.plot_preference_graph(ax, W, levels=[2, 0, 1], edge_labels=False)
    nodes = ax.collections[0].get_offsets()
    # one node per level: the highest level on the top row (y = 0), then downwards
    assert sorted(np.round(nodes[:, 1], 6).tolist()) == [-2.0, -1.0, 0.0]
    assert nodes[0, 1] == 0.0 and nodes[1, 1] == -2.0
    assert sorted(t.get_text() for t in ax.texts) == ["0", "1", "2"]  # no weight labels


def test_preference_graph_errors(ax):
    with pytest.raises(ValueError, match="names must give one label per node"):
        ranking.plot_preference_graph(ax, np.zeros((2, 2)), names=["a"])
    with pytest.raises(ValueError, match="node_colors"):
        ranking.plot_preference_graph(ax, np.zeros((2, 2)), node_colors=["r", "NOPE"])
    with pytest.raises(TypeError, match="edge_labels"):
        ranking.plot_preference_graph(ax, np.zeros((2, 2)), edge_labels="yes")


def test_position_axes_and_bars(ax):
    ranking.style_position_axes(ax, 4, ymax=8.0, ylabel="gain", title="t")
    assert ax.get_xlim() == (0.4, 4.6) and ax.get_ylim() == (0.0, 8.0)
    assert ax.get_ylabel() == "gain" and ax.get_title() == "t"
    ranking.plot_position_bars(
        ax,
        [7, 3, 0, 1],
        labels="ABCD",
        colors=["r", "g", "b", "k"],
        ideal=[7, 3, 1, 0],
        cutoff=2,
        label="gains",
    )
    bars = ax.collections[0]
    assert len(bars.get_paths()) == 4
    heights = [path.vertices[:, 1].max() for path in bars.get_paths()]
    assert heights == [7, 3, 0, 1]
    assert [tuple(c) for c in bars.get_facecolors()] == [to_rgba(c) for c in "rgbk"]
    assert [t.get_text() for t in ax.texts] == ["A", "B", "C", "D"]
    # the cut-off line sits between positions k and k + 1; the limits of the style stay
    assert ax.get_lines()[0].get_xdata()[0] == 2.5
    assert ax.get_ylim() == (0.0, 8.0)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["gains", "ideal ranking", "cut-off k = 2"]


def test_position_bars_default_colour_and_errors(ax):
    ranking.plot_position_bars(ax, [1.0, 2.0], legend=False)
    assert tuple(ax.collections[0].get_facecolors()[0]) == to_rgba(SAMPLE_COLOR)
    assert ax.get_legend() is None
    with pytest.raises(ValueError, match="cutoff must be <= 2"):
        ranking.plot_position_bars(ax, [1.0, 2.0], cutoff=3)
    with pytest.raises(ValueError, match="colors must give one colour per entry of values"):
        ranking.plot_position_bars(ax, [1.0, 2.0], colors=["r"])
    with pytest.raises(ValueError, match="values contains NaN"):
        ranking.plot_position_bars(ax, [1.0, np.nan])


def test_cutoff_axes_and_curves(ax):
    ranking.style_cutoff_axes(ax, 3, title="measures")
    assert ax.get_xlim() == (0.7, 3.3) and ax.get_ylim() == (0.0, 1.05)
    assert ax.get_xlabel() == "cut-off k" and ax.get_title() == "measures"
    ranking.plot_cutoff_curves(
        ax, {"NDCG@k": [1.0, 0.8, 0.9], "AP@k": [np.nan, 0.5, 0.6]}, cutoff=2
    )
    ndcg, ap, cut = ax.get_lines()
    assert ndcg.get_xdata().tolist() == [1, 2, 3] and ndcg.get_ydata().tolist() == [1, 0.8, 0.9]
    assert np.isnan(ap.get_ydata()[0])  # undefined at k = 1: a gap, not an error
    assert ndcg.get_marker() == "o" and ap.get_marker() == "s"
    assert cut.get_xdata()[0] == 2
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["NDCG@k", "AP@k"]


def test_cutoff_curves_errors(ax):
    with pytest.raises(TypeError, match="curves must be a mapping"):
        ranking.plot_cutoff_curves(ax, "abc")
    with pytest.raises(ValueError, match="must lie in"):
        ranking.plot_cutoff_curves(ax, {"a": [np.inf, 1.0]})
    with pytest.raises(ValueError, match="cutoff must be <= 2"):
        ranking.plot_cutoff_curves(ax, {"a": [1.0, 0.5]}, cutoff=3)
    assert not ax.get_lines()  # validated before drawing anything


def test_grade_colours_are_one_per_grade():
    assert len(GRADE_COLORS) == 5 and len(set(GRADE_COLORS)) == 5


def test_preference_graph_levels_equal_up_to_float_noise_share_a_row(ax):
    """Rows are grouped from levels rounded far above float noise (issue 28's scan)."""
    W = preference_graph_from_grades([1, 1, 0])
    ranking.plot_preference_graph(ax, W, levels=[0.35, 0.35000000000000003, 0.1], edge_labels=False)
    rows = np.round(ax.collections[0].get_offsets()[:, 1], 6)
    assert rows[0] == rows[1] == 0.0 and rows[2] == -1.0
