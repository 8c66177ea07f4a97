"""The chapter 05 block of rankviz.plotting: tournaments, QuickSort levels, run histograms."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.patches import FancyArrowPatch
from matplotlib.quiver import Quiver

from rankviz import plotting
from rankviz.preference import (
    bipartite_target,
    cyclic_preference,
    majority_graph,
    preference_from_sigma,
    random_preference,
)
from rankviz.quicksort import quicksort_rank


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def arrows(ax):
    """(number of arrows, RGBA colours) over the quivers of an Axes."""
    quivers = [c for c in ax.collections if isinstance(c, Quiver)]
    colors = np.vstack([q.get_facecolor() for q in quivers]) if quivers else np.zeros((0, 4))
    return sum(q.N for q in quivers), colors


def test_tournament_draws_one_arrow_per_strict_preference_coloured_by_the_target(ax):
    H = random_preference(7, 0.6, rng=0)
    star = np.arange(7)
    plotting.plot_tournament(ax, H, sigma_star=star)
    count, colors = arrows(ax)
    assert count == majority_graph(H).number_of_edges() == 21
    wrong = int(np.sum(np.triu(H < 0.5, 1)))  # pairs where h prefers the lower-ranked item
    is_wrong = np.all(np.isclose(colors[:, :3], to_rgba(plotting.HIGHLIGHT_COLOR)[:3]), axis=1)
    assert is_wrong.sum() == wrong > 0
    assert [t.get_text() for t in ax.texts] == [str(i) for i in range(7)]
    assert ax.get_xlim() == ax.get_ylim() == (-1.3, 1.3)


def test_tournament_bipartite_column_and_highlight(ax):
    H = cyclic_preference(3)
    labels = np.array([0, 0, 1])
    star, _ = bipartite_target(labels)
    plotting.plot_tournament(ax, H, sigma_star=star, positive=labels, layout_sigma=[0, 1, 2])
    curved = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    assert len(curved) == 3
    # the edge 0 -> 1 joins two negatives: it costs nothing and is faint
    alphas = sorted(round(p.get_edgecolor()[3], 2) for p in curved)
    assert alphas[0] == 0.3
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "positive" in legend and "negative" in legend
    fig2, ax2 = plt.subplots()
    plotting.plot_tournament(ax2, H, highlight=(2, 0), legend=False)
    quivers = [c for c in ax2.collections if isinstance(c, Quiver)]
    assert [q.N for q in quivers] == [2, 1] and quivers[1].width > quivers[0].width
    assert ax2.get_legend() is None
    plt.close(fig2)


def test_tournament_errors(ax):
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        plotting.plot_tournament("ax", cyclic_preference(3))
    with pytest.raises(ValueError, match="sigma_star must have one entry per item"):
        plotting.plot_tournament(ax, cyclic_preference(3), sigma_star=[0, 1])
    with pytest.raises(ValueError, match="positive must have one entry per item"):
        plotting.plot_tournament(ax, cyclic_preference(3), positive=[1, 0])
    with pytest.raises(ValueError, match="pairwise consistent"):
        plotting.plot_tournament(ax, [[0.5, 1.0], [1.0, 0.5]])


def test_quicksort_levels_rows_boxes_and_pivots(ax):
    result = quicksort_rank(random_preference(8, 0.5, rng=2), rng=3, record=True)
    plotting.plot_quicksort_levels(ax, result)
    assert len(ax.get_yticks()) == len(result.levels)
    assert ax.get_yticklabels()[-1].get_text() == "output"
    boxes = sum(np.unique(lo).size for lo in result.levels)
    assert len(ax.patches) == boxes
    highlighted = [t for t in ax.texts if t.get_bbox_patch() is not None]
    assert len(highlighted) == sum(len(p) for p in result.pivots)
    # every item is written once per level, in the column of its final position
    assert len(ax.texts) == 8 * len(result.levels)
    assert {t.get_position()[0] for t in ax.texts if t.get_text() == "0"} == {result.sigma[0]}


def test_quicksort_levels_needs_a_trace(ax):
    with pytest.raises(ValueError, match="record=True"):
        plotting.plot_quicksort_levels(ax, quicksort_rank(preference_from_sigma([0, 1]), rng=0))


def test_run_histogram_shares_and_references(ax):
    values = [0.1, 0.1, 0.3, 0.3, 0.3, 0.5]
    plotting.plot_run_histogram(ax, values, xlabel="loss", references={"L(h)": 0.2, "2 L(h)": 0.4})
    bars = ax.collections[0].get_paths()
    heights = [float(b.vertices[:, 1].max()) for b in bars]
    assert heights == pytest.approx([2 / 6, 3 / 6, 1 / 6])
    centres = [float(b.vertices[:, 0].min() + b.vertices[:, 0].max()) / 2 for b in bars]
    assert centres == pytest.approx([0.1, 0.3, 0.5])
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["6 runs", "L(h) = 0.2", "2 L(h) = 0.4"]
    assert ax.get_ylabel() == "share of runs" and ax.get_ylim() == (0, 1.02)


def test_run_histogram_single_value_styles_and_errors(ax):
    plotting.plot_run_histogram(
        ax,
        [3, 3, 3],
        xlabel="calls",
        xlim=(0, 10),
        legend=False,
        styles=[{"color": "red"}],
        references={"n - 1": 2},
    )
    assert ax.get_xlim() == (0, 10) and ax.get_legend() is None
    assert ax.get_lines()[0].get_color() == "red"
    with pytest.raises(ValueError, match="references has 2 entries, at most 1"):
        plotting.plot_run_histogram(ax, [1.0], xlabel="x", styles=[{}], references={"a": 1, "b": 2})
    with pytest.raises(ValueError, match="values is empty"):
        plotting.plot_run_histogram(ax, [], xlabel="x")
    with pytest.raises(ValueError, match="xlim must be increasing"):
        plotting.style_run_histogram_axes(ax, xlabel="x", xlim=(1, 0))


def test_run_histogram_bins_many_distinct_values(ax):
    # issue 31, item 3: one bar per distinct value had no cap (1e7 values: 7.8 GB)
    values = np.random.default_rng(0).random(10**5)
    plotting.plot_run_histogram(ax, values, xlabel="loss")
    bars = ax.collections[0].get_paths()
    assert len(bars) == plotting.MAX_RUN_HISTOGRAM_BARS == 200
    heights = [float(b.vertices[:, 1].max()) for b in bars]
    assert sum(heights) == pytest.approx(1.0)
    edges = np.linspace(values.min(), values.max(), 201)
    np.testing.assert_allclose(heights, np.histogram(values, bins=edges)[0] / values.size)
    lefts = [float(b.vertices[:, 0].min()) for b in bars]
    rights = [float(b.vertices[:, 0].max()) for b in bars]
    np.testing.assert_allclose(lefts[1:], rights[:-1])  # adjacent bins touch
    assert ax.get_legend().get_texts()[0].get_text() == "100000 runs, 200 bins"
    ax.clear()
    # up to the cap, still one bar per distinct value
    plotting.plot_run_histogram(ax, np.arange(200.0).repeat(2), xlabel="calls")
    assert len(ax.collections[0].get_paths()) == 200
    assert ax.get_legend().get_texts()[0].get_text() == "400 runs"
    with pytest.raises(ValueError, match="values"):
        plotting.plot_run_histogram(ax, np.zeros(plotting.MAX_RUN_HISTOGRAM_VALUES + 1), xlabel="x")


def test_call_counts_on_log_axes_and_errors(ax):
    plotting.plot_call_counts(
        ax, [10, 100, 1000], {"QuickSort": [30, 700, 11000]}, {"2 n ln n": [46, 921, 13816]}
    )
    assert ax.get_xscale() == ax.get_yscale() == "log"
    assert [line.get_linestyle() for line in ax.get_lines()] == ["-", "--"]
    with pytest.raises(ValueError, match="must be positive"):
        plotting.plot_call_counts(ax, [1, 2], {"bad": [0, 1]})
    with pytest.raises(ValueError, match="same length"):
        plotting.plot_call_counts(ax, [1, 2], {"bad": [1, 2, 3]})


def test_run_histogram_groups_values_equal_up_to_float_noise(ax):
    """0.35 and 0.35000000000000003 are one bar, and the bars keep a visible width (issue 28)."""
    values = [0.3, 0.35, 0.35000000000000003, 0.35, 0.4, 0.4]
    plotting.plot_run_histogram(ax, values, xlabel="loss", xlim=(0.0, 1.0), legend=False)
    paths = ax.collections[0].get_paths()
    heights = [round(float(p.vertices[:, 1].max()), 6) for p in paths]
    widths = [float(np.ptp(p.vertices[:, 0])) for p in paths]
    assert heights == [round(1 / 6, 6), 0.5, round(1 / 3, 6)]
    assert min(widths) == pytest.approx(0.04)  # 0.8 x the gap 0.05


def test_run_histogram_bars_are_never_thinner_than_a_few_pixels(ax):
    plotting.plot_run_histogram(
        ax, [0.2, 0.2001, 0.6], xlabel="loss", xlim=(0.0, 1.0), legend=False
    )
    widths = [float(np.ptp(p.vertices[:, 0])) for p in ax.collections[0].get_paths()]
    assert min(widths) == pytest.approx(0.006)


def test_tournament_arrow_kinds_differ_by_width_and_each_has_a_legend_entry(ax):
    """Issue 28: grey (agrees), pink (contradicts) and light grey (costs nothing) arrows differ
    by more than colour, and the light-grey ones have a legend entry."""
    H = random_preference(6, 1.0, rng=3)
    labels = np.arange(6) < 3
    star, _ = bipartite_target(labels)
    plotting.plot_tournament(ax, H, sigma_star=star, positive=labels, highlight=(0, 5))
    quivers = sorted((c for c in ax.collections if isinstance(c, Quiver)), key=lambda q: q.width)
    assert len(quivers) == 4  # free, agree, contradict, highlighted: four widths
    assert len({q.width for q in quivers}) == 4
    by_kind = {}
    for q in quivers[:3]:
        rgb = {tuple(np.round(c[:3], 3)) for c in q.get_facecolor()}
        assert len(rgb) == 1  # one kind per width
        by_kind[rgb.pop()] = q.width
    agree, pink = (
        tuple(np.round(to_rgba(c)[:3], 3)) for c in (plotting.AGREE_COLOR, plotting.HIGHLIGHT_COLOR)
    )
    assert by_kind[pink] > by_kind[agree]
    free_alpha = {round(float(a), 2) for a in quivers[0].get_facecolor()[:, 3]}
    assert free_alpha == {0.3}
    legend = ax.get_legend()
    texts = [t.get_text() for t in legend.get_texts()]
    assert "same class: costs nothing" in texts and "pair 0, 5 (highlighted)" in texts
    widths = dict(zip(texts, [h.get_linewidth() for h in legend.legend_handles], strict=True))
    assert (
        widths["same class: costs nothing"]
        < widths["h agrees with the target"]
        < widths["h contradicts the target"]
        < widths["pair 0, 5 (highlighted)"]
    )


def test_tournament_faint_weak_preferences_have_a_legend_entry(ax):
    H = np.array([[0.5, 0.7, 1.0], [0.3, 0.5, 1.0], [0.0, 0.0, 0.5]])
    plotting.plot_tournament(ax, H, sigma_star=[0, 1, 2])
    assert "fainter: h(u, v) nearer 1/2" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_run_histogram_default_limits_ignore_float_noise(ax):
    """All runs at 0.35, a reference at 0.35000000000000003: the default range is not 1e-17 wide."""
    plotting.plot_run_histogram(
        ax, [0.35, 0.35], xlabel="loss", references={"L(h)": 0.35000000000000003}, legend=False
    )
    assert np.ptp(ax.get_xlim()) == pytest.approx(1.0)
