"""rankviz.plotting.margins (chapter 04): what each function draws, and the errors it promises."""

import numpy as np
import pytest

from rankviz.bounds import ranking_margin_bound
from rankviz.plotting import BOUND_TERM_COLORS, MARGIN_ZONE_COLORS, margins

MARGINS = [0.2, 0.5, 0.9, -0.1] * 50


def test_legend_entries_follow_the_terms():
    labels = [label for label, _ in margins.margin_bound_legend_entries()]
    assert len(labels) == len(BOUND_TERM_COLORS) - 1 + 2  # no uniform cost; the sum; R(h)
    assert labels[-1] == "true pairwise error R(h)"
    uniform = margins.margin_bound_legend_entries(uniform=True, errors=("a", "b"))
    assert [label for label, _ in uniform][-2:] == ["a", "b"]
    assert len(uniform) == len(BOUND_TERM_COLORS) + 3
    with pytest.raises(TypeError, match="uniform must be True or False"):
        margins.margin_bound_legend_entries(uniform="yes")


def test_margin_bound_axes_and_terms(ax):
    margins.style_margin_bound_axes(ax, rho_max=1.0, ymax=3.0, title="bound")
    assert ax.get_xlim() == (0.0, 1.0) and ax.get_ylim() == (0.0, 3.0)
    rho = np.linspace(0.05, 1, 20)
    bound = ranking_margin_bound(MARGINS, rho, 0.05, Lambda=1.0, r=1.0)
    margins.plot_margin_bound_terms(ax, bound, error=0.3, mark=0.4)
    # stacked terms: margin loss, complexity, confidence (no uniform cost)
    assert len(ax.collections) == 3
    total = next(ln for ln in ax.get_lines() if ln.get_label() == "bound (sum of the terms)")
    np.testing.assert_allclose(total.get_ydata(), bound.total)
    best = bound.best()
    assert any(ln.get_xdata()[0] == best.rho and ln.get_ydata()[0] == best.total
               for ln in ax.get_lines() if ln.get_marker() == "o")
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "true pairwise error R(h) = 0.300" in labels
    with pytest.raises(ValueError, match="error must lie in"):
        margins.plot_margin_bound_terms(ax, bound, error=1.5)
    with pytest.raises(TypeError, match=r"bound must be a rankviz.bounds.MarginBound"):
        margins.plot_margin_bound_terms(ax, {"rho": rho})
    with pytest.raises(ValueError, match="array of rho"):
        margins.plot_margin_bound_terms(ax, ranking_margin_bound(MARGINS, 0.4, 0.05, Lambda=1.0,
                                                                 r=1.0))


def test_bound_bars(ax):
    margins.style_bound_bars_axes(ax, ["bound", "train", "true"], ymax=1.5)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["bound", "train", "true"]
    assert ax.get_ylim() == (0.0, 1.5)
    bound = ranking_margin_bound(MARGINS, 0.4, 0.05, Lambda=1.0, r=1.0)
    margins.plot_bound_bars(ax, bound, {"train": 0.25, "true": 0.3})
    heights = [p.get_height() for p in ax.patches]
    assert sum(heights[:3]) == pytest.approx(bound.total) and heights[3:] == [0.25, 0.3]
    assert f"{bound.total:.3f}" in [t.get_text() for t in ax.texts]
    with pytest.raises(TypeError, match="errors must be a mapping"):
        margins.plot_bound_bars(ax, bound, [0.25])
    with pytest.raises(ValueError, match="bar_labels must not be empty"):
        margins.style_bound_bars_axes(ax, [])


def test_margin_histogram_zones(ax):
    margins.style_margin_histogram_axes(ax, value_range=(-2.0, 2.0), title="h")
    assert ax.get_xlim() == (-2.0, 2.0) and ax.get_title() == "h"
    values = [-0.5, 0.1, 0.4, 1.2]
    margins.plot_margin_histogram(ax, values, 0.5, bins=8)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[:3] == ["misordered (≤ 0): 25.0%", "inside the margin (0, ρ]: 50.0%",
                          "beyond the margin (> ρ): 25.0%"]
    colours = [tuple(p.get_facecolor()[:3]) for p in ax.patches]
    assert len(colours) == len(MARGIN_ZONE_COLORS)
    # the density integrates to one over the three zones
    total = sum((p.get_path().vertices[:, 1] > 0).any() for p in ax.patches)
    assert total == 3
    with pytest.raises(ValueError, match="value_range must be increasing"):
        margins.style_margin_histogram_axes(ax, value_range=(2.0, -2.0))
    with pytest.raises(ValueError, match="bins must be <="):
        margins.plot_margin_histogram(ax, values, 0.5, bins=10**12)
    with pytest.raises(ValueError, match=r"margins must be 1-D or 2-D"):
        margins.plot_margin_histogram(ax, [[values]], 0.5)
