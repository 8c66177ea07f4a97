"""rankviz.plotting.rankboost (chapter 03): what each function draws, and the errors it promises."""

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.patches import FancyArrowPatch

from rankviz.plotting import BOOSTING_BOUND_STYLES, HIGHLIGHT_COLOR, rankboost
from rankviz.rankboost import adaboost, bipartite_rankboost
from rankviz.stumps import Stump


def test_weighted_points_areas_follow_the_weights(ax):
    rankboost.plot_weighted_points(
        ax, [[0, 1, 5], [1, 1, 5]], [[0, 0, 5]], w_pos=[0.9, 0.1], features=(0, 1)
    )
    negatives, positives = ax.collections
    assert positives.get_offsets().tolist() == [[0, 1], [1, 1]]
    sizes = positives.get_sizes()
    assert sizes[0] == pytest.approx(9 * sizes[1])  # area proportional to the weight
    assert negatives.get_sizes().tolist() == [36.0]  # the uniform weight: the base area
    assert ax.get_xlabel() == "feature x0" and ax.get_ylabel() == "feature x1"
    with pytest.raises(ValueError, match="features must be two different"):
        rankboost.plot_weighted_points(ax, [[0, 1]], [[0, 0]], features=(1, 1))
    with pytest.raises(ValueError, match="w_neg must be non-negative"):
        rankboost.plot_weighted_points(ax, [[0, 1]], [[0, 0]], w_neg=[-1.0])


def test_preference_pairs_arrows_point_to_the_preferred_point(ax):
    X = [[0, 0], [1, 0], [0, 1]]
    rankboost.plot_preference_pairs(
        ax, X, [[0, 1], [1, 2], [0, 2]], [1, -1, 0], weights=[0.2, 0.6, 0.2], legend=False
    )
    arrows = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    assert len(arrows) == 2 and len(ax.get_lines()) == 1  # the label-0 pair is a dotted line
    assert [tuple(map(tuple, a._posA_posB)) for a in arrows] == [((0, 0), (1, 0)), ((0, 1), (1, 0))]
    assert arrows[1].get_linewidth() > arrows[0].get_linewidth()  # heavier pair, wider arrow
    with pytest.raises(ValueError, match="pairs must index rows of X"):
        rankboost.plot_preference_pairs(ax, X, [[0, 3]], [1])
    with pytest.raises(ValueError, match="labels must lie in"):
        rankboost.plot_preference_pairs(ax, X, [[0, 1]], [2])


def test_stump_shades_the_side_where_it_is_one(ax):
    ax.set(xlim=(0, 4), ylim=(0, 4))
    rankboost.plot_stump(ax, Stump(1, 2.5, -1), label="h")
    span, line = ax.patches[0], ax.get_lines()[0]
    assert line.get_ydata()[0] == 2.5  # feature 1 is the vertical axis: a horizontal line
    assert span.get_facecolor()[:3] == pytest.approx(to_rgba(HIGHLIGHT_COLOR)[:3])
    # polarity -1: h = 1 below the threshold
    assert span.get_path().transformed(span.get_patch_transform()).get_extents().y1 <= 2.5 + 1e-9
    assert ax.get_xlim() == (0, 4) and ax.get_ylim() == (0, 4)
    assert ax.get_legend().get_texts()[0].get_text() == "h"
    with pytest.raises(TypeError, match=r"stump must be a rankviz.stumps.Stump"):
        rankboost.plot_stump(ax, (1, 2.5, -1))
    with pytest.raises(ValueError, match="stump reads feature 2"):
        rankboost.plot_stump(ax, Stump(2, 0.5, 1))


def test_constant_stump_shades_the_whole_view_and_says_so(ax):
    # issue 31, item 7: adaboost's h_0 is the constant stump (threshold -inf); main drew nothing
    m = adaboost([[2.0], [3.0], [0.5]], [[1.0], [2.5]], 3)
    assert m.rankers[0].is_constant
    ax.set(xlim=(-1, 4), ylim=(0, 2))
    rankboost.plot_stump(ax, m.rankers[0])
    (span,) = ax.patches
    extents = span.get_path().transformed(span.get_patch_transform()).get_extents()
    assert (extents.x0, extents.x1) == pytest.approx((-1, 4))
    ax.figure.canvas.draw()
    drawn, frame = span.get_window_extent(), ax.get_window_extent()
    assert (drawn.y0, drawn.y1) == pytest.approx((frame.y0, frame.y1), abs=1.0)  # full height
    assert span.get_facecolor()[3] > 0 and not ax.get_lines()  # shaded, no threshold line
    assert ax.get_legend().get_texts()[0].get_text() == "constant: every point scores 1"
    assert ax.get_xlim() == (-1, 4) and ax.get_ylim() == (0, 2)


def test_constant_zero_stump_is_outlined_not_shaded(ax):
    ax.set(xlim=(0, 1), ylim=(0, 1))
    rankboost.plot_stump(ax, Stump(5, -np.inf, -1), features=(0, 1))  # reads no feature
    (span,) = ax.patches
    assert span.get_facecolor()[3] == 0 and span.get_edgecolor()[3] > 0
    assert ax.get_legend().get_texts()[0].get_text() == "constant: every point scores 0"


def test_score_surface_is_an_image_over_the_extent(ax):
    image = rankboost.plot_score_surface(
        ax, [[0.0, 0.5], [0.5, 1.0]], (0, 2, 0, 1), vmin=0.0, vmax=1.0
    )
    assert list(ax.images) == [image]
    assert [float(v) for v in image.get_extent()] == [0.0, 2.0, 0.0, 1.0]
    assert image.get_clim() == (0.0, 1.0)
    assert ax.get_xlim() == (0.0, 2.0)
    with pytest.raises(ValueError, match="vmin must be below vmax"):
        rankboost.plot_score_surface(ax, [[0.0]], (0, 1, 0, 1), vmin=1.0, vmax=0.0)
    with pytest.raises(ValueError, match="extent must be"):
        rankboost.plot_score_surface(ax, [[0.0]], (1, 0, 0, 1))
    with pytest.raises(ValueError, match="cmap must name"):
        rankboost.plot_score_surface(ax, [[0.0]], (0, 1, 0, 1), cmap="NOPE")


def test_boosting_axes_and_bounds(ax):
    rankboost.style_boosting_axes(ax, 5, log=True)
    assert ax.get_xlim() == (0, 6) and ax.get_yscale() == "symlog"
    history = bipartite_rankboost([[0.0], [2.0]], [[1.0], [3.0]], 4).history
    rankboost.plot_boosting_bounds(ax, history, rounds=3)
    lines = ax.get_lines()
    # per curve: the first 3 rounds, then a dot on the last one
    assert len(lines) == 2 * len(BOOSTING_BOUND_STYLES)
    assert lines[0].get_xdata().tolist() == [1, 2, 3]
    np.testing.assert_allclose(lines[0].get_ydata(), history.error[:3])
    np.testing.assert_allclose(lines[2].get_ydata(), history.product_Z[:3])
    assert ax.get_ylabel() == "pairwise error / bound (log)"  # the style's label is kept
    with pytest.raises(ValueError, match="rounds must be <= 4"):
        rankboost.plot_boosting_bounds(ax, history, rounds=5)
    with pytest.raises(TypeError, match=r"history must be a rankviz.rankboost.BoostingHistory"):
        rankboost.plot_boosting_bounds(ax, {"error": [0.1]})
    with pytest.raises(ValueError, match="n_rounds must be <="):
        rankboost.style_boosting_axes(ax, 10**9)


def test_margin_distribution_is_the_empirical_cdf(ax):
    rankboost.plot_margin_distribution(ax, [0.5, -0.2, 0.1, 0.1], label="f_t")
    (line,) = [ln for ln in ax.get_lines() if ln.get_label() == "f_t"]
    assert line.get_xdata().tolist() == [-1.0, -0.2, 0.1, 0.1, 0.5, 1.0]
    assert line.get_ydata().tolist() == [0.0, 0.25, 0.5, 0.75, 1.0, 1.0]
    assert ax.get_xlim() == (-1.0, 1.0)
    # a (n_pos, n_neg) matrix of margins is flattened
    rankboost.plot_margin_distribution(ax, [[0.5, -0.2], [0.1, 0.1]], label="matrix")
    matrix = next(ln for ln in ax.get_lines() if ln.get_label() == "matrix")
    assert matrix.get_ydata().tolist() == line.get_ydata().tolist()
    with pytest.raises(ValueError, match="margins must lie in"):
        rankboost.plot_margin_distribution(ax, [0.5, 3.0], label="f")
    with pytest.raises(TypeError, match="label must be a string"):
        rankboost.plot_margin_distribution(ax, [0.5], label=None)
