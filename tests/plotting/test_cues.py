"""Colour is never the only cue (issue 30): what the drawing functions tell apart by colour, they
also tell apart by a line style, a marker, a hatch or a shape, and the dashboards' legends show it.

Each test names the figure a reader could not read without colour before: the AUC sampling
limits (02), the two classes' densities of the ROC explorer (02, 10), the grades of the ranking
playground's bars (01, 10), the contradicting arrows and the bipartite classes of a tournament
(05, 10), the formulas of the call counts (05) and the smallest margin bound at the axes' edge
(04).
"""

import numpy as np
import pytest
from matplotlib.collections import PatchCollection
from matplotlib.figure import Figure

from rankviz import plotting
from rankviz.bounds import ranking_margin_bound
from rankviz.distributions import Binormal
from rankviz.preference import bipartite_target, majority_graph, random_preference
from rankviz.widgets.ranking import RANKING_PLAYGROUND_DEFAULTS, setup_ranking_playground
from rankviz.widgets.roc import setup_roc_explorer


def legend_handles(legend):
    return dict(zip([t.get_text() for t in legend.get_texts()], legend.legend_handles, strict=True))


def test_auc_sampling_limits_differ_by_line_style(ax):
    deviations = {"Hoeffding": 0.19, "McDiarmid": 0.27, "invalid": 0.03}
    plotting.plot_auc_sampling(ax, np.full(50, 0.76), 0.76, deviations)
    styles = {
        name: {line.get_linestyle() for line in ax.get_lines() if line.get_label().startswith(name)}
        for name in deviations
    }
    assert all(len(found) == 1 for found in styles.values()), styles
    assert len({found.pop() for found in styles.values()}) == len(deviations)


def test_score_densities_tell_the_classes_apart_by_line_style_and_hatch(ax):
    model = Binormal(1.0, 1.0, 0.0, 1.0)
    y, s = model.sample(200, rng=0)
    plotting.plot_score_densities(ax, model, threshold=0.5, scores=s, labels=y)
    by_label = {line.get_label(): line for line in ax.get_lines()}
    assert (
        by_label["negatives (D$_-$)"].get_linestyle()
        != by_label["positives (D$_+$)"].get_linestyle()
    )
    stairs = {patch.get_label(): patch.get_linestyle() for patch in ax.patches}
    assert stairs["sampled negatives"] != stairs["sampled positives"]
    hatches = {fill.get_label(): fill.get_hatch() for fill in ax.collections}
    assert bool(hatches["FPR: negatives above $\\theta$"]) != bool(
        hatches["TPR: positives above $\\theta$"]
    )


def test_the_roc_explorers_legend_shows_the_classes_styles():
    fig = Figure()
    setup_roc_explorer(fig)
    handles = legend_handles(fig.legends[0])
    assert handles["negatives (D₋)"].get_linestyle() != handles["positives (D₊)"].get_linestyle()
    hatch = plotting.RATE_STYLES["positives"]["hatch"]
    assert handles["TPR: positives above θ"].get_hatch() == hatch
    assert not handles["FPR: negatives above θ"].get_hatch()


def test_position_bars_take_one_hatch_per_bar(ax):
    hatches = ["", "///", "", "xxx"]
    plotting.plot_position_bars(ax, [4.0, 3.0, 2.0, 1.0], hatches=hatches, legend=False)
    bars = {}  # left edge of a bar -> its collection's hatch
    for collection in ax.collections:
        for path in collection.get_paths():
            bars[round(float(path.vertices[:, 0].min()), 2)] = collection.get_hatch() or ""
    assert [bars[k] for k in sorted(bars)] == hatches
    with pytest.raises(ValueError, match=r"hatches\[1\] must be a Matplotlib hatch pattern"):
        plotting.plot_position_bars(ax, [1.0, 2.0], hatches=["", "ab"])
    with pytest.raises(ValueError, match="one hatch pattern per entry"):
        plotting.plot_position_bars(ax, [1.0, 2.0], hatches=["//"])
    with pytest.raises(TypeError, match="hatches must be a sequence"):
        plotting.plot_position_bars(ax, [1.0, 2.0], hatches="//")


def test_every_grade_has_its_own_hatch_in_the_playgrounds_legend():
    assert len(set(plotting.GRADE_HATCHES)) == len(plotting.GRADE_COLORS)
    for wide in (False, True):
        fig = Figure()
        setup_ranking_playground(fig, gain=RANKING_PLAYGROUND_DEFAULTS["gain"], wide=wide)
        handles = legend_handles(fig.legends[0])
        assert [handles[f"grade {g}"].get_hatch() or "" for g in range(5)] == list(
            plotting.GRADE_HATCHES
        )


def crosses(ax):
    """The X markers plot_tournament puts on the arrows that contradict the target."""
    return sum(len(line.get_xdata()) for line in ax.get_lines() if line.get_marker() == "X")


@pytest.mark.parametrize("column", [False, True])
def test_tournament_crosses_each_contradicting_arrow_and_squares_the_positives(ax, column):
    H = random_preference(6, 1.0, rng=3)
    positive = np.arange(6) < 3
    star, _ = bipartite_target(positive)
    plotting.plot_tournament(
        ax, H, sigma_star=star, positive=positive, layout_sigma=star if column else None
    )
    contradicting = sum(
        1 for u, v in majority_graph(H).edges() if positive[u] != positive[v] and star[v] < star[u]
    )
    assert crosses(ax) == contradicting > 0
    nodes = next(c for c in ax.collections if isinstance(c, PatchCollection))
    squares = [len(path.vertices) <= 5 for path in nodes.get_paths()]  # a polygon, not a circle
    assert squares == positive.tolist()
    handles = legend_handles(ax.get_legend())
    assert handles["h contradicts the target"].get_marker() == "X"
    assert handles["positive"].get_marker() != handles["negative"].get_marker()


def test_tournament_without_a_target_crosses_nothing(ax):
    plotting.plot_tournament(ax, random_preference(5, 0.5, rng=0))
    assert crosses(ax) == 0


def test_each_formula_of_the_call_counts_carries_its_series_marker(ax):
    n = [10, 100, 1000]
    plotting.plot_call_counts(
        ax,
        n,
        {"QuickSort": [30, 700, 11000], "by degree": [45, 4950, 5e5]},
        {"2 n ln n": [46, 921, 13816], "n(n-1)/2": [45, 4950, 499500]},
    )
    lines = {line.get_label(): line for line in ax.get_lines()}
    for measured, formula in (("QuickSort", "2 n ln n"), ("by degree", "n(n-1)/2")):
        assert lines[formula].get_marker() == lines[measured].get_marker()
        assert lines[formula].get_linestyle() != lines[measured].get_linestyle()
    assert lines["QuickSort"].get_marker() != lines["by degree"].get_marker()


def test_the_smallest_margin_bound_is_drawn_whole_at_the_edge(ax):
    rho = np.linspace(0.05, 1.0, 20)
    bound = ranking_margin_bound(np.full(200, 1.0), rho, 0.05, Lambda=1.0, r=1.0)
    plotting.plot_margin_bound_terms(plotting.style_margin_bound_axes(ax, ymax=3.0), bound)
    dot = next(line for line in ax.get_lines() if line.get_label().startswith("smallest bound"))
    assert bound.best().rho == pytest.approx(1.0)  # at the right edge of the axes
    assert not dot.get_clip_on()
