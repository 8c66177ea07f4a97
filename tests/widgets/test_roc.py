"""The chapter 02 dashboard, driven as a reader drives it: by setting control values."""

import numpy as np
import pytest

from rankviz.distributions import Binormal
from rankviz.widgets import roc_explorer
from rankviz.widgets.roc import ROC_EXPLORER_DEFAULTS


@pytest.fixture
def dash():
    return roc_explorer()


def test_default_state(dash):
    exact = Binormal(1.0, 1.0, 0.0, 1.0, 0.3)
    assert dash.error is None
    assert dash.readouts["exact AUC"] == pytest.approx(exact.auc())
    assert dash.readouts["positives / negatives"] == "60 / 140"
    fpr, tpr = exact.rates(0.5)
    assert dash.readouts["exact FPR at θ"] == pytest.approx(fpr)
    assert dash.readouts["exact TPR at θ"] == pytest.approx(tpr)
    assert dash.values == ROC_EXPLORER_DEFAULTS
    assert len(dash.figure.axes) == 4


def test_threshold_moves_the_operating_point_not_the_auc(dash):
    before = dict(dash.readouts)
    picture = bytes(dash.image.value)
    dash.controls["threshold"].value = 1.5
    after = dash.readouts
    assert after["exact AUC"] == before["exact AUC"]
    assert after["sample AUC"] == before["sample AUC"]
    assert after["exact FPR at θ"] < before["exact FPR at θ"]
    assert after["sample TPR at θ"] <= before["sample TPR at θ"]
    assert bytes(dash.image.value) != picture
    assert dash.full_render_count == 1  # a threshold move is a blit


def test_prevalence_moves_precision_but_not_the_roc(dash):
    roc_axes = dash.figure.axes[1]
    exact_roc_before = roc_axes.lines[1].get_ydata().copy()
    precision_before = dash.readouts["exact precision at θ"]
    dash.controls["prevalence"].value = 0.05
    assert dash.readouts["exact precision at θ"] < precision_before
    np.testing.assert_array_equal(dash.figure.axes[1].lines[1].get_ydata(), exact_roc_before)
    assert dash.readouts["exact AUC"] == pytest.approx(Binormal(1, 1, 0, 1).auc())


def test_equal_class_distributions_give_chance_auc(dash):
    dash.set(mu_pos=0.0, mu_neg=0.0, sigma_pos=1.0, sigma_neg=1.0)
    assert dash.readouts["exact AUC"] == 0.5


def test_seed_and_sample_size_change_the_sample_only(dash):
    exact = dash.readouts["exact AUC"]
    sample = dash.readouts["sample AUC"]
    dash.controls["seed"].value = 1
    assert dash.readouts["sample AUC"] != sample
    dash.controls["n"].value = 5000
    assert dash.readouts["positives / negatives"] == "1500 / 3500"
    assert abs(dash.readouts["sample AUC"] - exact) < 0.03
    assert dash.readouts["exact AUC"] == exact


def test_all_extremes_together(dash):
    dash.set(
        mu_pos=-3.0, sigma_pos=0.2, mu_neg=3.0, sigma_neg=3.0, prevalence=0.02, n=20, threshold=5.0
    )
    assert dash.error is None
    assert dash.readouts["positives / negatives"] == "1 / 19"
    assert (
        np.isnan(dash.readouts["sample precision at θ"])
        or dash.readouts["sample precision at θ"] >= 0
    )
    assert "undefined" in dash.readout.value or dash.readouts["sample precision at θ"] >= 0


def test_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        roc_explorer(mean=1.0)
    with pytest.raises(ValueError, match=r"^prevalence must be .* from .* to .*, got "):
        roc_explorer(prevalence=1.0)
    assert roc_explorer(threshold=-2.0).values["threshold"] == -2.0


@pytest.mark.parametrize("presentation", [False, True])
def test_prevalence_keeps_the_exact_roc_but_redraws_the_sample(presentation):
    """Issue 17: "the ROC curve and the AUC do not move" was true of the exact ones only."""
    dash = roc_explorer(presentation=presentation)
    roc_axes = dash.figure.axes[1]
    assert "exact" in roc_axes.get_title()  # the title claims nothing of the sample curve

    def sample_text():
        return " ".join(t.get_text().replace("\n", " ") for t in roc_axes.texts)

    def curves():
        return [
            line.get_ydata().copy() for line in roc_axes.get_lines() if len(line.get_ydata()) > 2
        ]

    before, (exact_before, sample_before) = dict(dash.readouts), curves()
    assert sample_text() == "sample: 60 pos, 140 neg"
    dash.controls["prevalence"].value = 0.05
    after, (exact_after, sample_after) = dash.readouts, curves()
    np.testing.assert_array_equal(exact_after, exact_before)
    assert after["exact AUC"] == before["exact AUC"]
    assert after["exact TPR at θ"] == before["exact TPR at θ"]
    # the sample is redrawn with another class balance: its curve, its AUC and the label move
    assert sample_text() == "sample: 10 pos, 190 neg"
    assert sample_after.shape != sample_before.shape or np.any(sample_after != sample_before)
    assert (round(before["sample AUC"], 3), round(after["sample AUC"], 3)) == (0.743, 0.797)


def test_presentation_layout():
    dash = roc_explorer(presentation=True)
    titles = [ax.get_title() for ax in dash.figure.axes]
    assert titles == ["score densities", "ROC: exact curve fixed in π", "PR: moves with π"]
    assert list(dash.headline_readouts()) == [
        "exact AUC",
        "sample AUC",
        "exact TPR at θ",
        "exact precision at θ",
    ]
    folded = dash.more.children[0].children
    assert folded == (dash.controls["n"], dash.controls["seed"])
    assert list(dash.controls)[:2] == ["threshold", "prevalence"]  # the talk track's moves first
    dash.controls["prevalence"].value = 0.05
    assert round(dash.readouts["exact precision at θ"], 3) == 0.106
    assert dash.full_render_count == 1  # a blit, like the student layout
