"""rankviz.plotting.roc (chapter 02): each function draws what it promises, and checks its input."""

import matplotlib.pyplot as plt
import numpy as np
import pytest
from scipy import integrate

from rankviz import plotting
from rankviz.distributions import Binormal
from rankviz.metrics import confusion_matrix_at_threshold, roc_curve


@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def test_score_densities_shade_the_rates_at_the_threshold(ax):
    model = Binormal(1.0, 1.0, 0.0, 1.0)
    plotting.plot_score_densities(ax, model, threshold=0.5)
    # the shaded areas are the exact FPR and TPR of the threshold rule
    fpr, tpr = model.rates(0.5)
    neg_fill, pos_fill = ax.collections[:2]
    for fill, expected in ((neg_fill, fpr), (pos_fill, tpr)):
        vertices = fill.get_paths()[0].vertices
        upper = vertices[vertices[:, 1] > 0]
        xs = np.unique(upper[:, 0])
        area = integrate.trapezoid(
            np.interp(
                xs, upper[:, 0][np.argsort(upper[:, 0])], upper[:, 1][np.argsort(upper[:, 0])]
            ),
            xs,
        )
        assert area == pytest.approx(expected, abs=0.01)
    assert ax.get_xlabel() == "score" and ax.get_ylabel() == "density"
    assert any("threshold" in t.get_text() for t in ax.get_legend().get_texts())


def test_score_densities_with_a_sample_and_without_legend(ax):
    model = Binormal(1.0, 1.0, 0.0, 1.0)
    y, s = model.sample(300, rng=0)
    plotting.plot_score_densities(ax, model, scores=s, labels=y, x_range=(-5, 5), legend=False)
    assert ax.get_legend() is None
    assert ax.get_xlim() == (-5, 5)
    assert len(ax.patches) == 2  # one filled step histogram per class
    top = max(line.get_ydata().max() for line in ax.get_lines())
    assert ax.get_ylim()[1] >= top


def test_score_densities_widen_to_show_the_threshold(ax):
    plotting.plot_score_densities(ax, Binormal(0.0, 0.5, 0.0, 0.5), threshold=8.0)
    assert ax.get_xlim()[1] >= 8.0


def test_roc_overlays_curves_and_draws_the_chance_line_once(ax):
    y = np.array([0, 0, 1, 1, 0, 1])
    s = np.array([0.1, 0.4, 0.35, 0.8, 0.5, 0.9])
    fpr, tpr, _ = roc_curve(y, s)
    plotting.plot_roc(ax, fpr, tpr, label="first", operating_point=(0.5, 0.75))
    plotting.plot_roc(ax, fpr, tpr, label="second", color="tab:green")
    chance = [line for line in ax.get_lines() if line.get_gid() == "rankviz-chance-line"]
    assert len(chance) == 1
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["chance (AUC = 0.5)", "first", "second"]
    np.testing.assert_array_equal(ax.get_lines()[1].get_xdata(), fpr)
    assert ax.get_xlabel() == "false positive rate"


def test_precision_recall_draws_the_no_skill_level(ax):
    plotting.plot_precision_recall(
        ax, [0.5, 1.0], [1.0, 0.6], label="toy", prevalence=0.3, operating_point=(1.0, 0.6)
    )
    no_skill = [line for line in ax.get_lines() if line.get_gid() == "rankviz-no-skill-line"]
    assert len(no_skill) == 1 and no_skill[0].get_ydata()[0] == 0.3
    assert ax.get_ylabel() == "precision"


def test_confusion_matrix_annotates_each_cell(ax):
    cm = confusion_matrix_at_threshold([0, 0, 1, 1, 1], [0.1, 0.7, 0.2, 0.8, 0.9], 0.5)
    plotting.plot_confusion_matrix(ax, cm, title="at 0.5")
    assert [t.get_text() for t in ax.texts] == ["TN\n1", "FP\n1", "FN\n1", "TP\n2"]
    assert ax.get_title() == "at 0.5"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["negative", "positive"]


def test_auc_sampling_histogram_and_bands(ax):
    plotting.plot_auc_sampling(
        ax, np.linspace(0.6, 0.9, 50), 0.75, {"Hoeffding": 0.1, "McDiarmid": 0.14}
    )
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[0] == "50 simulated samples"
    assert any(label.startswith("Hoeffding") for label in labels)
    assert any(label.startswith("McDiarmid") for label in labels)


@pytest.mark.parametrize(
    "style",
    [plotting.style_roc_axes, plotting.style_precision_recall_axes, plotting.style_confusion_axes],
)
def test_style_functions_match_what_the_plot_functions_set(ax, style):
    style(ax)
    before = (ax.get_xlim(), ax.get_ylim(), ax.get_xlabel(), ax.get_ylabel())
    if style is plotting.style_roc_axes:
        plotting.plot_roc(ax, [0, 1], [0, 1], label="x")
    elif style is plotting.style_precision_recall_axes:
        plotting.plot_precision_recall(ax, [0, 1], [1, 0.5], label="x")
    else:
        plotting.plot_confusion_matrix(ax, [[1, 2], [3, 4]])
    assert (ax.get_xlim(), ax.get_ylim(), ax.get_xlabel(), ax.get_ylabel()) == before


def test_bad_input(ax):
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        plotting.plot_roc("not an axes", [0, 1], [0, 1], label="x")
    with pytest.raises(ValueError, match="fpr and tpr must have the same length"):
        plotting.plot_roc(ax, [0, 0.5, 1], [0, 1], label="x")
    with pytest.raises(ValueError, match="operating_point must be a pair"):
        plotting.plot_roc(ax, [0, 1], [0, 1], label="x", operating_point=(0.1, 0.2, 0.3))
    with pytest.raises(ValueError, match="prevalence must lie in"):
        plotting.plot_precision_recall(ax, [0, 1], [1, 0], label="x", prevalence=1.5)
    with pytest.raises(ValueError, match="matrix must be a 2 x 2"):
        plotting.plot_confusion_matrix(ax, [1, 2, 3, 4])
    with pytest.raises(ValueError, match="non-negative"):
        plotting.plot_confusion_matrix(ax, [[1, -2], [3, 4]])
    with pytest.raises(TypeError, match="model must be a Binormal-like model"):
        plotting.plot_score_densities(ax, object())
    with pytest.raises(ValueError, match="scores and labels must be given together"):
        plotting.plot_score_densities(ax, Binormal(1, 1, 0, 1), scores=[0.1])
    with pytest.raises(ValueError, match="x_range must be increasing"):
        plotting.plot_score_densities(ax, Binormal(1, 1, 0, 1), x_range=(1, 0))
    with pytest.raises(ValueError, match="aucs contains NaN"):
        plotting.plot_auc_sampling(ax, [0.5, np.nan], 0.5)
    with pytest.raises(ValueError, match="must be >= 0"):
        plotting.plot_auc_sampling(ax, [0.5], 0.5, {"bad": -0.1})
    with pytest.raises(ValueError, match="entries must not be empty"):
        plotting.plot_legend(ax, [])


def test_roc_and_precision_recall_draw_a_curve_the_same_way():
    # one shared drawing (plotting/roc.py's _draw_curve): the same line, the same marked
    # operating point, only the axes' styling and the legend's corner differ
    fig, (left, right) = plt.subplots(1, 2)
    try:
        x, y = [0.0, 0.4, 1.0], [0.2, 0.7, 1.0]
        for ax, draw in ((left, plotting.plot_roc), (right, plotting.plot_precision_recall)):
            draw(ax, x, y, label="toy", color="C3", operating_point=(0.4, 0.7), ls="--")
        drawn = []
        for ax in (left, right):
            curve = next(line for line in ax.get_lines() if line.get_label() == "toy")
            point = next(line for line in ax.get_lines() if line.get_marker() == "o")
            drawn.append(
                (
                    curve.get_xdata().tolist(),
                    curve.get_ydata().tolist(),
                    curve.get_linewidth(),
                    curve.get_linestyle(),
                    curve.get_color(),
                    point.get_xdata().tolist(),
                    point.get_ydata().tolist(),
                    point.get_markersize(),
                    point.get_markerfacecolor(),
                )
            )
        assert drawn[0] == drawn[1]
        assert drawn[0][2] == 2 and drawn[0][3] == "--"
        assert left.get_legend()._loc != right.get_legend()._loc  # lower right vs lower left
        plotting.plot_roc(left, x, y, label="again", legend=False)  # the old legend stays
        assert left.get_legend() is not None
    finally:
        plt.close(fig)
