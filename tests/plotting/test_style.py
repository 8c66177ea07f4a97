"""rankviz.plotting._style: the palette roles and plot_legend."""

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import is_color_like

from rankviz import plotting
from rankviz.plotting import _style

ROLES = [name for name in _style.__all__ if name.endswith("_COLOR")]


def test_the_palette_has_no_aliases():
    values = [getattr(_style, name) for name in ROLES]
    assert all(is_color_like(v) for v in values)
    assert len(set(values)) == len(values), "two roles share a colour: merge them"


def test_every_public_name_is_reexported():
    modules = [
        plotting.ranking,
        plotting.roc,
        plotting.rankboost,
        plotting.margins,
        plotting.preference,
        plotting.calibration,
        plotting.consistency,
        plotting.aggregation,
        plotting.scheduling,
        plotting.ndcg_consistency,
        _style,
    ]
    names = [name for module in modules for name in module.__all__]
    assert sorted(names) == sorted(plotting.__all__) and len(set(names)) == len(names)
    for module in modules:
        for name in module.__all__:
            assert getattr(plotting, name) is getattr(module, name)


def test_plot_legend_on_an_axes_and_a_figure(ax):
    legend = plotting.plot_legend(ax, [("exact", {"color": "k"}), ("FPR", {"patch": True})])
    assert [t.get_text() for t in legend.get_texts()] == ["exact", "FPR"]
    fig = plt.figure()
    legend = plotting.plot_legend(fig, [("a", {"color": "k"}), ("b", {"patch": True})])
    assert [t.get_text() for t in legend.get_texts()] == ["a", "b"]
    plt.close(fig)


def test_plot_legend_errors(ax):
    with pytest.raises(ValueError, match="entries must not be empty"):
        plotting.plot_legend(ax, [])
    with pytest.raises(TypeError, match="target must be an Axes or a Figure"):
        plotting.plot_legend("ax", [("a", {})])
    with pytest.raises(ValueError, match=r"entries\[0\] has a style Matplotlib refuses"):
        plotting.plot_legend(ax, [("a", {"nope": 1})])
    with pytest.raises(TypeError, match=r"entries\[0\] must be a pair"):
        plotting.plot_legend(ax, [("a",)])
