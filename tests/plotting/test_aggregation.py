"""rankviz.plotting.aggregation (chapter 08): what each function draws, and its errors."""

import numpy as np
import pytest

from rankviz.plotting import aggregation
from rankviz.ustatistics_experiment import u_statistic_experiment


def test_band_draws_the_curve_and_its_interval(ax):
    aggregation.plot_band(
        ax,
        [1, 2, 3],
        [0.5, 0.4, 0.3],
        [0.4, 0.3, 0.2],
        [0.6, 0.5, 0.4],
        label="risk",
        color="r",
        marker="s",
        ls="--",
        alpha=0.3,
    )
    (line,) = ax.get_lines()
    assert line.get_ydata().tolist() == [0.5, 0.4, 0.3] and line.get_marker() == "s"
    (fill,) = ax.collections
    ys = fill.get_paths()[0].vertices[:, 1]
    assert ys.min() == pytest.approx(0.2) and ys.max() == pytest.approx(0.6)
    assert fill.get_alpha() == 0.3
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["risk"]
    with pytest.raises(ValueError, match="the band must contain the curve"):
        aggregation.plot_band(ax, [1], [0.5], [0.6], [0.7], label="x")
    with pytest.raises(ValueError, match="marker must be a Matplotlib marker"):
        aggregation.plot_band(ax, [1], [0.5], [0.4], [0.6], label="x", marker="NOPE")
    with pytest.raises(ValueError, match="alpha must be <= 1"):
        aggregation.plot_band(ax, [1], [0.5], [0.4], [0.6], label="x", alpha=2.0)


def test_u_statistic_experiment_draws_three_estimators(ax):
    result = u_statistic_experiment((1, 5), n_runs=2, n_queries=3, n_judgments=40, n_test_queries=4)
    aggregation.plot_u_statistic_experiment(ax, result, level=0.9, title="Figure 3")
    assert ax.get_xscale() == "log" and ax.get_title() == "Figure 3"
    lines = ax.get_lines()
    assert len(lines) == 3 and len(ax.collections) == 3  # a band per estimator
    mean, _, _ = result.band(result.u_statistic, 0.9)
    np.testing.assert_allclose(lines[2].get_ydata(), mean)
    with pytest.raises(TypeError, match="result must be an ExperimentResult"):
        aggregation.plot_u_statistic_experiment(ax, None)
    with pytest.raises(ValueError, match="level must lie strictly between 0 and 1"):
        aggregation.plot_u_statistic_experiment(ax, result, level=1.0)


def test_rank_links_cross_for_discordant_pairs(ax):
    aggregation.plot_rank_links(ax, [2.0, 1.0, 0.0], [0.0, 1.0, 2.0], rows=(0, 2))
    segments = [(ln.get_xdata().tolist(), ln.get_ydata().tolist()) for ln in ax.get_lines()]
    assert segments == [
        ([1.0, 0.0], [0.0, -2.0]),
        ([0.5, 0.5], [0.0, -2.0]),
        ([0.0, 1.0], [0.0, -2.0]),
    ]
    with pytest.raises(ValueError, match="rows must have shape"):
        aggregation.plot_rank_links(ax, [1.0], [1.0], rows=())
    with pytest.raises(ValueError, match="top and bottom must score the same items"):
        aggregation.plot_rank_links(ax, [1.0, 2.0], [1.0])
