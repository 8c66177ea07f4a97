"""The chapter 03 dashboard and drawing functions, driven as a reader drives them."""

from types import SimpleNamespace

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure

from rankviz import plotting
from rankviz.metrics import auc
from rankviz.rankboost import bipartite_rankboost
from rankviz.stumps import Stump
from rankviz.widgets import rankboost_stepper
from rankviz.widgets.rankboost import (
    RANKBOOST_STEPPER_DEFAULTS,
    STEPPER_DATA,
    STEPPER_ROUNDS,
    _fitted,
    _toy_sample,
    draw_rankboost_stepper,
    setup_rankboost_stepper,
)

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast


@pytest.fixture
def dash():
    return rankboost_stepper()


def reference(data, seed):
    """The run the stepper shows, computed here from the compute module alone."""
    X_pos, X_neg, X_test, y_test = _toy_sample(data, seed)
    model = bipartite_rankboost(X_pos, X_neg, STEPPER_ROUNDS)
    X_train = np.vstack([X_pos, X_neg])
    y_train = np.r_[np.ones(len(X_pos)), np.zeros(len(X_neg))]
    return SimpleNamespace(
        model=model,
        X_pos=X_pos,
        X_neg=X_neg,
        train_auc=[
            auc(y_train, model.decision_function(X_train, rounds=t))
            for t in range(1, STEPPER_ROUNDS + 1)
        ],
        test_auc=[
            auc(y_test, model.decision_function(X_test, rounds=t))
            for t in range(1, STEPPER_ROUNDS + 1)
        ],
        d_pos=[
            model.class_distributions(X_pos, X_neg, round=t)[0]
            for t in range(1, STEPPER_ROUNDS + 1)
        ],
    )


# --------------------------------------------------------------------------- #
# the cached model
# --------------------------------------------------------------------------- #
def test_the_cache_holds_bipartite_rankboosts_own_model():
    model = _fitted("moons", 3)
    assert _fitted("moons", 3) is model  # cached: the slider only draws
    expected = reference("moons", 3).model
    assert model.n_rounds == STEPPER_ROUNDS
    np.testing.assert_array_equal(model.alphas, expected.alphas)
    assert model.rankers == expected.rankers


def test_draw_rejects_unknown_data_and_out_of_range_values():
    axes = setup_rankboost_stepper(Figure())
    with pytest.raises(ValueError, match="data must be one of"):
        draw_rankboost_stepper(axes, data="spiral", seed=0, round=1)
    with pytest.raises(ValueError, match="seed"):
        draw_rankboost_stepper(axes, data="ring", seed=-1, round=1)
    with pytest.raises(ValueError, match="round"):
        draw_rankboost_stepper(axes, data="ring", seed=0, round=STEPPER_ROUNDS + 1)


# --------------------------------------------------------------------------- #
# the dashboard
# --------------------------------------------------------------------------- #
def test_default_state(dash):
    run = reference("ring", 0)
    assert dash.error is None
    assert dash.values == RANKBOOST_STEPPER_DEFAULTS
    assert dash.readouts["round t"] == 1
    assert dash.readouts["stump h_t"].startswith(str(run.model.rankers[0]))
    assert dash.readouts["α_t"] == pytest.approx(run.model.alphas[0])
    assert dash.readouts["test AUC"] == pytest.approx(run.test_auc[0])
    assert len(dash.figure.axes) == 5  # four panels and the colour bar


def test_the_round_slider_only_draws_and_follows_the_run(dash):
    run = reference("ring", 0)
    picture = bytes(dash.image.value)
    for t in (2, 10, 35, STEPPER_ROUNDS):
        dash.controls["round"].value = t
        history = run.model.history
        assert dash.readouts["round t"] == t
        assert dash.readouts["Z_t"] == pytest.approx(history.Z[t - 1])
        assert dash.readouts["∏ Z_s"] == pytest.approx(np.prod(history.Z[:t]))
        # Theorem 10.3 in the readouts
        assert (
            dash.readouts["training pairwise error"]
            <= dash.readouts["∏ Z_s"]
            <= dash.readouts["exp(−2 Σ γ_s²)"] + 1e-12
        )
        assert dash.readouts["training AUC"] == pytest.approx(run.train_auc[t - 1])
    assert bytes(dash.image.value) != picture
    assert dash.full_render_count == 1  # every round change is a blit


def test_the_drawn_weights_are_the_round_distribution(dash):
    run = reference("ring", 0)
    dash.controls["round"].value = 8
    weights_axes = dash.figure.axes[0]
    negatives, positives = weights_axes.collections[-2:]
    # marker area proportional to the weight: the ratios of the areas are those of D_8
    area_pos = positives.get_sizes()
    inner = (area_pos > 3.0) & (area_pos < 900.0)  # away from the clipping limits
    ratio = area_pos[inner] / run.d_pos[7][inner]
    np.testing.assert_allclose(ratio, ratio[0], rtol=1e-9)
    assert negatives.get_offsets().shape[0] == run.X_neg.shape[0]
    # the stump line sits at the threshold of h_8
    stump = run.model.rankers[7]
    lines = [line for line in weights_axes.get_lines() if line.get_label() == str(stump)]
    assert len(lines) == 1
    coordinate = lines[0].get_xdata() if stump.feature == 0 else lines[0].get_ydata()
    assert coordinate[0] == pytest.approx(stump.threshold)


def test_the_bounds_panel_shows_rounds_one_to_t(dash):
    dash.controls["round"].value = 12
    bounds_axes = dash.figure.axes[3]
    long_lines = [line for line in bounds_axes.get_lines() if len(line.get_xdata()) > 1]
    assert len(long_lines) == 3
    for line in long_lines:
        assert list(line.get_xdata()) == list(range(1, 13))


def _pixel_heights(ax, line, rounds):
    """The vertical pixel positions of ``line`` at the given rounds."""
    x, y = line.get_xdata(), line.get_ydata()
    points = [(t, y[list(x).index(t)]) for t in rounds]
    return ax.transData.transform(points)[:, 1]


@pytest.mark.parametrize("presentation", [False, True])
def test_the_bounds_panel_shows_the_product_of_z_shrinking(presentation):
    """Issue 17: prod Z_t read 0.000 by round 60 and was flat at 0 on a linear axis."""
    dash = rankboost_stepper(presentation=presentation, round=STEPPER_ROUNDS)
    bounds = dash.figure.axes[-1 if presentation else 3]
    assert bounds.get_title().startswith("Theorem 10.3")
    assert bounds.get_yscale() == "symlog"
    product = next(
        line
        for line in bounds.get_lines()
        if len(line.get_xdata()) == STEPPER_ROUNDS
        and line.get_ydata()[-1] == pytest.approx(dash.readouts["∏ Z_s"])
    )
    dash.figure.canvas.draw()
    y20, y40, y60 = _pixel_heights(bounds, product, (20, 40, STEPPER_ROUNDS))
    # 1.05e-3 -> 2.3e-5 -> 1.3e-6: each step clearly visible (a linear axis gives < 1 px)
    assert y20 - y40 > 20 and y40 - y60 > 20
    # and every value stays inside the panel: nothing clipped at the bottom but the zero error
    low, high = bounds.get_ylim()
    assert low < dash.readouts["∏ Z_s"] < high
    shown = dash.readout.value + dash.headline_html.value
    assert "1.33 × 10⁻⁶" in shown  # the readout, not "0.000"


def test_presentation_layout_is_one_row_of_three_panels():
    dash = rankboost_stepper(presentation=True)
    titles = [ax.get_title() for ax in dash.figure.axes]
    assert titles == ["weights $D_t$, stump $h_t$", "ROC of $f_t$", "Theorem 10.3"]
    dash.figure.canvas.draw()
    centres = [
        (ax.get_position().x0, ax.get_position().y0 + ax.get_position().height / 2)
        for ax in dash.figure.axes
    ]
    assert sorted(centres) == centres  # left to right
    assert max(y for _, y in centres) - min(y for _, y in centres) < 0.05  # in one row
    assert list(dash.headline_readouts()) == [
        "training pairwise error",
        "∏ Z_s",
        "training AUC",
        "test AUC",
    ]
    assert dash.more.children[0].children == (dash.controls["seed"],)
    dash.controls["round"].value = 20
    assert dash.error is None and dash.full_render_count == 1  # still a blit


@pytest.mark.parametrize("data", list(STEPPER_DATA))
def test_every_data_set_and_seed_draws(dash, data):
    for seed in (0, 9):
        dash.set(data=data, seed=seed)
        assert dash.error is None, f"{data}, seed {seed}: {dash.error}"
        assert dash.readouts["training pairwise error"] <= dash.readouts["∏ Z_s"] + 1e-12
        assert bytes(dash.image.value).startswith(b"\x89PNG")


def test_xor_defeats_additive_stumps_but_the_ring_does_not(dash):
    dash.set(data="ring", round=STEPPER_ROUNDS)
    ring = dash.readouts["test AUC"]
    dash.set(data="xor", round=STEPPER_ROUNDS)
    xor = dash.readouts["test AUC"]
    assert ring > 0.9 > 0.7 > xor


def test_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        rankboost_stepper(rounds=3)
    with pytest.raises(ValueError, match=r"^round must be .* from .* to .*, got "):
        rankboost_stepper(round=STEPPER_ROUNDS + 1)
    with pytest.raises(ValueError, match="must be one of"):
        rankboost_stepper(data="spiral")
    assert rankboost_stepper(round=5).readouts["round t"] == 5


# --------------------------------------------------------------------------- #
# the drawing functions of chapter 03 (rankviz.plotting)
# --------------------------------------------------------------------------- #
@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def test_plot_weighted_points_areas_follow_the_weights(ax):
    plotting.plot_weighted_points(ax, [[0, 0], [1, 1], [2, 2]], [[0, 1]], w_pos=[1, 2, 3])
    negatives, positives = ax.collections
    np.testing.assert_allclose(positives.get_sizes(), [18, 36, 54])
    np.testing.assert_allclose(negatives.get_sizes(), [36])
    assert len(ax.get_legend().get_texts()) == 2
    with pytest.raises(ValueError, match="one weight per point"):
        plotting.plot_weighted_points(ax, [[0, 0]], [[0, 1]], w_pos=[1, 2])
    with pytest.raises(ValueError, match="cannot show features"):
        plotting.plot_weighted_points(ax, [[0, 0]], [[0, 1]], features=(0, 2))
    with pytest.raises(TypeError, match="Axes"):
        plotting.plot_weighted_points("ax", [[0, 0]], [[0, 1]])


def test_plot_preference_pairs_draws_one_arrow_per_labelled_pair(ax):
    X = [[0, 0], [1, 0], [0, 1], [1, 1]]
    plotting.plot_preference_pairs(
        ax, X, [[0, 1], [2, 3], [0, 3]], [1, -1, 0], weights=[0.5, 0.25, 0.25]
    )
    arrows = ax.patches
    assert len(arrows) == 2
    # label -1 reverses the arrow: it points from X[3] to X[2]
    start, end = arrows[1]._posA_posB
    assert tuple(start) == (1, 1) and tuple(end) == (0, 1)
    assert arrows[0].get_linewidth() > arrows[1].get_linewidth()
    assert len(ax.get_lines()) == 1  # the unlabelled pair, dotted
    with pytest.raises(ValueError, match="labels"):
        plotting.plot_preference_pairs(ax, X, [[0, 1]], [2])
    with pytest.raises(ValueError, match="index rows"):
        plotting.plot_preference_pairs(ax, X, [[0, 9]], [1])


@pytest.mark.parametrize("stump, horizontal", [(Stump(0, 0.5), False), (Stump(1, 0.5, -1), True)])
def test_plot_stump_shades_the_side_where_it_is_one(ax, stump, horizontal):
    ax.set(xlim=(0, 1), ylim=(0, 1))
    plotting.plot_stump(ax, stump)
    (shade,) = ax.patches
    corners = shade.get_path().vertices @ np.eye(2)
    xy = shade.get_transform().transform(corners)
    data = ax.transData.inverted().transform(xy)
    span = data[:, 1] if horizontal else data[:, 0]
    expected = (0.0, 0.5) if stump.polarity < 0 else (0.5, 1.0)
    assert (span.min(), span.max()) == pytest.approx(expected)
    assert ax.get_xlim() == (0, 1) and ax.get_ylim() == (0, 1)
    with pytest.raises(ValueError, match="reads feature 2"):
        plotting.plot_stump(ax, Stump(2, 0.0))
    with pytest.raises(TypeError, match="stump"):
        plotting.plot_stump(ax, (0, 0.5))


def test_plot_boosting_bounds_draws_theorem_10_3(ax):
    history = bipartite_rankboost([[0.0], [2.0], [3.0]], [[1.0], [2.5]], 6).history
    plotting.style_boosting_axes(ax, 6)
    plotting.plot_boosting_bounds(ax, history, rounds=4)
    error, _, product, _, bound, _ = ax.get_lines()
    np.testing.assert_allclose(error.get_ydata(), history.error[:4])
    np.testing.assert_allclose(product.get_ydata(), history.product_Z[:4])
    np.testing.assert_allclose(bound.get_ydata(), history.edge_bound[:4])
    with pytest.raises(ValueError, match="rounds"):
        plotting.plot_boosting_bounds(ax, history, rounds=7)
    with pytest.raises(TypeError, match="history"):
        plotting.plot_boosting_bounds(ax, [0.1, 0.2])
    with pytest.raises(ValueError, match="n_rounds"):
        plotting.style_boosting_axes(ax, 0)


def test_plot_margin_distribution_is_the_empirical_cdf(ax):
    margins = np.array([-0.5, 0.0, 0.25, 0.25, 1.0])
    plotting.plot_margin_distribution(ax, margins, label="f")
    line = ax.get_lines()[0]
    x, y = line.get_xdata(), line.get_ydata()
    # the share of margins <= rho, read off the step curve (post-steps)
    for rho in (-0.75, -0.5, 0.1, 0.25, 0.99):
        share = y[np.searchsorted(x, rho, side="right") - 1]
        assert share == pytest.approx(np.mean(margins <= rho))
    with pytest.raises(ValueError, match="margins"):
        plotting.plot_margin_distribution(ax, [np.nan], label="bad")


def test_plot_score_surface_keeps_fixed_limits(ax):
    ax.set(xlim=(-1, 1), ylim=(-1, 1))
    image = plotting.plot_score_surface(ax, np.eye(3), (-2, 2, -2, 2))
    assert image.get_clim() == (0.0, 1.0)
    assert ax.get_xlim() == (-1, 1)
    with pytest.raises(ValueError, match="2-D"):
        plotting.plot_score_surface(ax, [1.0, 2.0], (0, 1, 0, 1))
