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
    assert any(
        ln.get_xdata()[0] == best.rho and ln.get_ydata()[0] == best.total
        for ln in ax.get_lines()
        if ln.get_marker() == "o"
    )
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "true pairwise error R(h) = 0.300" in labels
    with pytest.raises(ValueError, match="error must lie in"):
        margins.plot_margin_bound_terms(ax, bound, error=1.5)
    with pytest.raises(TypeError, match=r"bound must be a rankviz.bounds.MarginBound"):
        margins.plot_margin_bound_terms(ax, {"rho": rho})
    with pytest.raises(ValueError, match="array of rho"):
        margins.plot_margin_bound_terms(
            ax, ranking_margin_bound(MARGINS, 0.4, 0.05, Lambda=1.0, r=1.0)
        )


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
    assert labels[:3] == [
        "misordered (≤ 0): 25.0%",
        "inside the margin (0, ρ]: 50.0%",
        "beyond the margin (> ρ): 25.0%",
    ]
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


# Machado, Oliveira and Fernandes (2009): deuteranopia at severity 1, on linear RGB
_DEUTERANOPIA = np.array(
    [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ]
)


def _deuteranope_sees(rgb):
    rgb = np.asarray(rgb, dtype=float)
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ _DEUTERANOPIA.T, 0.0, 1.0)
    return np.where(seen <= 0.0031308, 12.92 * seen, 1.055 * seen ** (1 / 2.4) - 0.055)


def test_every_pair_of_bound_terms_differs_by_more_than_colour_under_deuteranopia():
    """Issue 28: the uniform-over-ρ cost (grey) and the confidence term (reddish purple) look
    alike to a deuteranope (RGB distance 11 of 441 on white); every pair of bands, as drawn,
    now differs by its hatching or by a colour distance of at least 40."""
    import itertools

    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb

    from rankviz.bounds import ranking_margin_bound

    fig, ax = plt.subplots()
    margins.style_margin_bound_axes(ax)
    bound = ranking_margin_bound(
        np.linspace(-0.5, 1.5, 200),
        np.linspace(0.05, 1.0, 40),
        0.05,
        Lambda=1.0,
        r=1.0,
        uniform=True,
    )
    margins.plot_margin_bound_terms(ax, bound, legend=True)
    fig.canvas.draw()
    bands = {c.get_label(): c for c in ax.collections if c.get_label() and c.get_facecolor().size}
    assert len(bands) == 4
    seen = {}
    for label, band in bands.items():
        r, g, b, a = band.get_facecolor()[0]
        on_white = a * np.array([r, g, b]) + (1 - a)
        seen[label] = (_deuteranope_sees(on_white), band.get_hatch())
    close = []
    for (one, (rgb1, hatch1)), (two, (rgb2, hatch2)) in itertools.combinations(seen.items(), 2):
        distance = 255 * np.linalg.norm(rgb1 - rgb2)
        if distance < 40:
            close.append((one, two))
            assert hatch1 != hatch2, (one, two, distance)
    assert close  # the pair the issue found is still close in colour: the hatching separates it
    # the legend shows the same hatching as the bands
    legend = {
        t.get_text(): h
        for t, h in zip(ax.get_legend().get_texts(), ax.get_legend().legend_handles, strict=True)
    }
    for label, (_, hatch) in seen.items():
        assert legend[label].get_hatch() == hatch
    assert to_rgb(bands[next(iter(bands))].get_facecolor()[0][:3])  # colours kept
    plt.close(fig)


@pytest.mark.parametrize("rho", [0.2, 0.4, 0.6, 0.8])
def test_margin_histogram_has_no_noise_wide_bin(ax, rho):
    """rho = 0.2 and the regular edge 0.2000000000000002 made a bin 2e-16 wide: a margin in it
    gave a density of 1e14 and flattened the rest of the histogram."""
    margins.style_margin_histogram_axes(ax)
    values = np.array([np.nextafter(rho, 1.0), -0.5, 0.1, 0.5, 1.0])
    margins.plot_margin_histogram(ax, values, rho, legend=False)
    widths = [np.diff(s.get_data().edges).min() for s in ax.patches if hasattr(s, "get_data")]
    assert min(widths) > 1e-3
    assert ax.get_ylim()[1] < 100
