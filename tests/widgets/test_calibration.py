"""The chapter 06 dashboard, driven as a reader drives it: by setting control values."""

import itertools

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankviz.bayes import conditional_risk, map_loss, ndcg_loss
from rankviz.calibration import calibration_regret, is_calibrated_at, simplex_triangulation
from rankviz.surrogates import squared_surrogate
from rankviz.widgets import calibration_explorer
from rankviz.widgets.calibration import (
    CALIBRATION_EXPLORER_DEFAULTS,
    LOSSES,
    MAP_RESOLUTION,
    SURROGATES,
    _regret_map,
    draw_calibration_explorer,
    explorer_case,
    setup_calibration_explorer,
)

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast

DEFAULT_LABELS = np.array([[0, 0, 1, 0], [1, 1, 0, 0], [0, 1, 0, 1]])


@pytest.fixture(scope="module")
def shared():
    """One dashboard for the module (building one renders the whole figure once)."""
    return calibration_explorer()


@pytest.fixture
def dash(shared):
    shared.set(**CALIBRATION_EXPLORER_DEFAULTS)
    assert shared.error is None and shared.values == CALIBRATION_EXPLORER_DEFAULTS
    return shared


def weights(dash):
    raw = np.array([dash.values[f"weight_{x}"] for x in "abc"])
    return raw / raw.sum()


def test_default_state_matches_the_compute_module(dash):
    probs = weights(dash)
    check = is_calibrated_at(map_loss(), squared_surrogate(), DEFAULT_LABELS, probs)
    assert dash.readouts["calibrated here"] == ("yes" if check.calibrated else "NO") == "NO"
    assert dash.readouts["regret"] == pytest.approx(check.regret)
    assert dash.readouts["Bayes risk"] == pytest.approx(check.bayes_risk)
    order = "".join("ABCD"[i] for i in np.argsort(check.pred))
    assert dash.readouts["pred(u*) (top first)"] == order
    share = np.mean(
        calibration_regret(
            map_loss(),
            squared_surrogate(),
            DEFAULT_LABELS,
            simplex_triangulation(MAP_RESOLUTION).centroids,
        )
        > 0
    )
    assert dash.readouts["share of the triangle where pred is not Bayes"] == f"{100 * share:.1f} %"
    assert len(dash.figure.axes) == 3  # risks, triangle, colour bar


def test_weights_move_the_point_and_the_bars_by_blitting(dash):
    renders, picture = dash.full_render_count, bytes(dash.image.value)
    bars_before = dash.figure.axes[0].collections[-1].get_paths()[5].vertices.copy()
    dash.controls["weight_a"].value = 0.1
    assert dash.full_render_count == renders
    assert bytes(dash.image.value) != picture
    probs = weights(dash)
    risks = conditional_risk(map_loss(), DEFAULT_LABELS, probs)
    heights = [p.vertices[:, 1].max() for p in dash.figure.axes[0].collections[-1].get_paths()]
    np.testing.assert_allclose(heights, risks)
    assert not np.allclose(bars_before, dash.figure.axes[0].collections[-1].get_paths()[5].vertices)
    assert dash.readouts["Bayes risk"] == pytest.approx(risks.min())


def test_the_right_surrogate_is_calibrated_everywhere(dash):
    renders = dash.full_render_count
    dash.controls["surrogate"].value = "map_quadratic"
    assert dash.full_render_count == renders  # the loss and the surrogate are blitted too
    assert dash.readouts["calibrated here"] == "yes"
    assert dash.readouts["share of the triangle where pred is not Bayes"] == "0.0 %"
    dash.set(loss="ndcg", surrogate="ls_ndcg")
    assert dash.readouts["share of the triangle where pred is not Bayes"] == "0.0 %"
    dash.controls["surrogate"].value = "ls_relevance"
    assert dash.readouts["share of the triangle where pred is not Bayes"] != "0.0 %"


def test_graded_labels_for_ndcg_and_err(dash):
    dash.set(
        loss="ndcg",
        surrogate="pairwise_logistic",
        label_a="2 0 1",
        label_b="0 1 0",
        label_c="0 0 0",
    )
    assert dash.error is None
    probs = weights(dash)
    labels = np.array([[2, 0, 1], [0, 1, 0], [0, 0, 0]])
    risks = conditional_risk(ndcg_loss(), labels, probs)
    assert dash.readouts["Bayes risk"] == pytest.approx(risks.min())
    assert dash.readouts["calibrated here"] == "yes"
    dash.controls["loss"].value = "err"
    assert dash.error is None


def test_bad_labels_are_explained_and_the_dashboard_recovers(dash):
    dash.controls["label_a"].value = "0 1"
    assert dash.error is not None and "same number of items" in dash.error
    dash.controls["label_a"].value = "0 2 1 0"
    assert "binary" in dash.error
    dash.controls["label_a"].value = "x y"
    assert "numbers" in dash.error
    dash.controls["label_a"].value = "0 0 1 0"
    assert dash.error is None


def test_degenerate_distributions(dash):
    dash.set(weight_a=0.0, weight_b=0.0, weight_c=0.0)
    assert dash.error is None
    assert "uniform" in dash.readouts["distribution (a, b, c)"]
    dash.set(weight_a=0.0, weight_b=1.0, weight_c=0.0)  # all mass on b = (1, 1, 0, 0)
    assert dash.readouts["calibrated here"] == "yes"
    dash.set(label_a="0 0 0 0", label_b="0 0 0 0", label_c="0 0 0 0", weight_b=1.0)
    assert dash.error is None  # every permutation is Bayes-optimal
    assert "24 in all" in dash.readouts["Bayes set (top first)"]


def test_every_loss_and_surrogate_combination_draws():
    """setup and draw on a bare figure (no rendering): every pair computes and draws."""
    values = dict(CALIBRATION_EXPLORER_DEFAULTS)
    for loss, surrogate in itertools.product(LOSSES.values(), SURROGATES.values()):
        values.update(loss=loss, surrogate=surrogate)
        fig = Figure()
        handles = setup_calibration_explorer(fig, **values)
        readouts = draw_calibration_explorer(handles, **values)
        assert readouts["calibrated here"] in ("yes", "NO"), (loss, surrogate)
        key = (loss, surrogate, values["label_a"], values["label_b"], values["label_c"])
        assert _regret_map(*key).shape == (MAP_RESOLUTION**2,)
    # through the dashboard, one change of each dropdown
    dash = calibration_explorer(loss="err", surrogate="ls_err")
    assert dash.error is None
    dash.controls["loss"].value = "precision@2"
    assert dash.error is None and dash.readouts["calibrated here"] == "yes"


def test_five_items_hide_the_tick_labels(dash):
    dash.set(label_a="0 0 1 0 1", label_b="1 1 0 0 0", label_c="0 1 0 1 1")
    assert dash.error is None
    assert dash.figure.axes[0].get_xticks().size == 0
    assert len(dash.figure.axes[0].collections[-1].get_paths()) == 120


def test_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        calibration_explorer(weight=1.0)
    with pytest.raises(ValueError, match=r"^weight_a must be .* from .* to .*, got "):
        calibration_explorer(weight_a=2.0)
    with pytest.raises(ValueError, match="binary"):
        calibration_explorer(label_a="0 2 1 0")
    with pytest.raises(ValueError, match="loss must be one of"):
        explorer_case("auc", "ls_relevance", "0 1", "1 0", "1 1")


# --------------------------------------------------------------------------- #
# issue 17: colour redundancy, a way back, the cited numbers on the first screen
# --------------------------------------------------------------------------- #
def test_the_bayes_set_is_hatched_and_outlined_not_only_green(dash):
    from rankviz.plotting import BAYES_HATCH

    risks = dash.figure.axes[0]
    hatched = [c for c in risks.collections if c.get_hatch() == BAYES_HATCH]
    assert len(hatched) == 1
    heights = [p.vertices[:, 1].max() for p in hatched[0].get_paths()]
    np.testing.assert_allclose(heights, [dash.readouts["Bayes risk"]])  # one bar: CBAD
    assert hatched[0].get_zorder() > risks.collections[-1].get_zorder()  # drawn over the bars
    legend = risks.get_legend()
    (bayes,) = [
        h
        for h, t in zip(legend.legend_handles, legend.get_texts(), strict=True)
        if t.get_text() == "Bayes set"
    ]
    assert bayes.get_hatch() == BAYES_HATCH
    # a Bayes set of three bars: three hatched bars
    dash.set(weight_a=0.0, weight_b=0.0, weight_c=1.0)
    hatched = [c for c in dash.figure.axes[0].collections if c.get_hatch() == BAYES_HATCH]
    assert len(hatched[0].get_paths()) == len(dash.readouts["Bayes set (top first)"].split(", "))


def test_the_reset_button_comes_back_from_the_talk_tracks_walk():
    dash = calibration_explorer(presentation=True)
    picture, readouts = bytes(dash.image.value), dict(dash.readouts)
    dash.set(weight_a=0.2, weight_b=0.75)
    assert dash.readouts["calibrated here"] == "yes"
    dash.reset_button.click()
    assert dash.values == CALIBRATION_EXPLORER_DEFAULTS and dash.readouts == readouts
    assert bytes(dash.image.value) == picture
    dash.set(surrogate="map_quadratic")
    assert dash.readouts["calibrated here"] == "yes" and dash.readouts["regret"] == 0.0


def test_presentation_headline_and_folded_labels():
    dash = calibration_explorer(presentation=True)
    assert dash.headline_readouts() == {
        "regret": pytest.approx(0.025),
        "calibrated here": "NO",
        "pred(u*) (top first)": "BACD",
        "Bayes set (top first)": "CBAD",
    }
    folded = {id(c) for c in dash.more.children[0].children}
    assert [k for k, c in dash.controls.items() if id(c) in folded] == [
        "label_a",
        "label_b",
        "label_c",
    ]
    (legend,) = dash.figure.legends
    texts = [t.get_text() for t in legend.get_texts()]
    assert texts[0] == "Bayes set" and legend.legend_handles[0].get_hatch() is not None
