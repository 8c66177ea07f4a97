"""rankviz.plotting.calibration (chapter 06): what each function draws, and its errors."""

import numpy as np
import pytest
from matplotlib.colors import to_rgba

from rankviz.calibration import simplex_triangulation
from rankviz.plotting import BAYES_HATCH, POSITIVE_COLOR, SAMPLE_COLOR, calibration


def test_permutation_risk_axes_and_bars(ax):
    calibration.style_permutation_risk_axes(ax, 3, ylim=(0.0, 1.0), tick_labels=["ab", "ba", "c"])
    assert ax.get_xlim() == (-0.6, 2.6) and ax.get_ylim() == (0.0, 1.0)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["ab", "ba", "c"]
    calibration.plot_permutation_risks(ax, [0.3, 0.5, 0.3], bayes=[True, False, True], pred=1)
    hatch, bars = ax.collections
    assert hatch.get_hatch() == BAYES_HATCH and len(hatch.get_paths()) == 2
    assert [tuple(c) for c in bars.get_facecolors()][::2] == [to_rgba(SAMPLE_COLOR)] * 2
    bayes_line = next(ln for ln in ax.get_lines() if ln.get_linestyle() == "--")
    assert bayes_line.get_ydata()[0] == 0.3  # the Bayes risk
    pred = next(ln for ln in ax.get_lines() if ln.get_marker() == "v")
    assert pred.get_xdata()[0] == 1 and pred.get_color() == POSITIVE_COLOR
    assert ax.get_legend() is not None
    with pytest.raises(ValueError, match="bayes must have one entry per entry of risks"):
        calibration.plot_permutation_risks(ax, [0.3, 0.5], bayes=[True])
    with pytest.raises(ValueError, match="pred must be <= 1"):
        calibration.plot_permutation_risks(ax, [0.3, 0.5], bayes=[True, False], pred=2)
    with pytest.raises(ValueError, match="tick_labels must give one label per bar"):
        calibration.style_permutation_risk_axes(ax, 3, ylim=(0, 1), tick_labels=["a"])


def test_legend_entries():
    labels = [label for label, _ in calibration.permutation_risk_legend_entries()]
    assert labels == ["Bayes set", "other permutations", "pred(u*) of the surrogate", "Bayes risk"]


def test_simplex_axes_grid_and_point(ax):
    calibration.style_simplex_axes(ax, ["a", "b", "c"], title="simplex", regret_scale=0.5)
    assert [t.get_text() for t in ax.texts] == ["a", "b", "c"]
    assert ax.get_title() == "simplex" and len(ax.figure.axes) == 2  # the colour bar
    grid = simplex_triangulation(4)
    regret = np.r_[np.zeros(15), 0.1]
    calibration.plot_calibration_simplex(ax, grid, regret, colorbar=False)
    image = ax.images[0].get_array()
    assert image.shape[:2] == (320, 320)
    calibration.plot_simplex_point(ax, [0.2, 0.3, 0.5], label="u")
    x, y = ax.get_lines()[-1].get_xydata()[0]
    # barycentric: weights of the corners (0, 0), (1, 0), (1/2, sqrt(3)/2)
    assert (x, y) == pytest.approx((0.3 + 0.25, 0.5 * np.sqrt(3) / 2))
    with pytest.raises(ValueError, match="weights must be three probabilities"):
        calibration.plot_simplex_point(ax, [0.2, 0.3, 0.6])
    with pytest.raises(ValueError, match="regret must give one value per triangle"):
        calibration.plot_calibration_simplex(ax, grid, [0.0])
    with pytest.raises(TypeError, match=r"grid must be a rankviz.calibration.SimplexTriangulation"):
        calibration.plot_calibration_simplex(ax, None, regret)
    calibration.style_simplex_axes(ax, ["a", "b", "c"], fontsize="small")  # a size name
    assert ax.texts[-1].get_fontsize() < ax.texts[0].get_fontsize()
    with pytest.raises(ValueError, match="fontsize must be one of"):
        calibration.style_simplex_axes(ax, ["a", "b", "c"], fontsize="tiny")
    with pytest.raises(ValueError, match="vertex_labels must give one label per vertex"):
        calibration.style_simplex_axes(ax, ["a", "b"])
