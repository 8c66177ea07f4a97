"""The chapter 04 dashboard and drawing functions, driven as a reader drives them."""

import math
from types import SimpleNamespace

import matplotlib.pyplot as plt
import numpy as np
import pytest

from rankviz import plotting
from rankviz.bounds import ranking_margin_bound
from rankviz.ranksvm import LinearUtilityModel, rank_svm
from rankviz.widgets import margin_bound_explorer
from rankviz.widgets.margins import (
    MARGIN_BOUND_EXPLORER_DEFAULTS,
    RHO_GRID,
    _fitted,
)

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast


@pytest.fixture
def dash():
    return margin_bound_explorer()


# --------------------------------------------------------------------------- #
# the cached fit
# --------------------------------------------------------------------------- #
def reference(m, noise, log10_C, seed):
    """What the explorer shows, computed here from the compute modules alone."""
    model = LinearUtilityModel(d=2, noise=noise)
    X, pairs, labels = model.sample(m, rng=seed)
    svm = rank_svm(X, pairs, labels, C=10.0**log10_C, method="liblinear")
    w = svm.w / svm.norm
    margins = np.sort(svm.pairwise_margins(X, pairs, labels) / svm.norm)
    return SimpleNamespace(
        svm=svm,
        w=w,
        margins=margins,
        train_error=float(np.mean(margins <= 0)),
        true_error=float(model.pairwise_error(w)),
    )


def test_the_cache_holds_rank_svms_own_model():
    svm = _fitted(300, 0.2, -0.5, 4)
    assert _fitted(300, 0.2, -0.5, 4) is svm
    X, pairs, labels = LinearUtilityModel(d=2, noise=0.2).sample(300, rng=4)
    exact = rank_svm(X, pairs, labels, C=10**-0.5)  # cvxpy referees the liblinear fit
    np.testing.assert_allclose(svm.w / svm.norm, exact.w / exact.norm, atol=1e-5)
    np.testing.assert_allclose(
        reference(300, 0.2, -0.5, 4).margins,
        np.sort(exact.pairwise_margins(X, pairs, labels) / exact.norm),
        atol=1e-5,
    )


# --------------------------------------------------------------------------- #
# the dashboard
# --------------------------------------------------------------------------- #
def test_default_state(dash):
    fit = reference(1000, 0.1, 0.0, 0)
    bound = ranking_margin_bound(fit.margins, 0.3, 0.05, Lambda=1.0, r=1.0)
    r = dash.readouts
    assert dash.error is None and dash.values == MARGIN_BOUND_EXPLORER_DEFAULTS
    assert r["margin loss R̂_ρ (10.3)"] == pytest.approx(bound.margin_loss)
    assert r["complexity term"] == pytest.approx(4 / (0.3 * math.sqrt(1000)))
    assert r["confidence term"] == pytest.approx(math.sqrt(math.log(20) / 2000))
    assert r["bound at ρ"] == pytest.approx(bound.total)
    assert r["true pairwise error R(h)"] == pytest.approx(fit.true_error)
    assert r["bound ≥ R(h)"] is True
    assert len(dash.figure.axes) == 3


def test_rho_and_delta_only_redraw_and_trade_off_the_terms(dash):
    picture = bytes(dash.image.value)
    hits = _fitted.cache_info().hits
    before = dict(dash.readouts)
    dash.controls["rho"].value = 0.6
    after = dict(dash.readouts)
    # a larger rho: more margin loss, less complexity (the trade-off of Theorem 10.1)
    assert after["margin loss R̂_ρ (10.3)"] > before["margin loss R̂_ρ (10.3)"]
    assert after["complexity term"] == pytest.approx(before["complexity term"] / 2)
    assert after["true pairwise error R(h)"] == before["true pairwise error R(h)"]
    dash.controls["delta"].value = 0.01
    assert dash.readouts["confidence term"] > after["confidence term"]
    assert _fitted.cache_info().hits > hits  # no re-fit
    assert dash.full_render_count == 1  # blits only
    assert bytes(dash.image.value) != picture


def test_best_rho_is_the_minimum_over_the_grid(dash):
    fit = reference(1000, 0.1, 0.0, 0)
    curve = ranking_margin_bound(fit.margins, RHO_GRID, 0.05, Lambda=1.0, r=1.0)
    assert dash.readouts["best ρ on the grid"] == pytest.approx(RHO_GRID[np.argmin(curve.total)])
    assert dash.readouts["smallest bound over the ρ grid"] == pytest.approx(curve.total.min())
    assert "note" in dash.readouts  # rho = 0.3 is not the best: only the uniform form may move
    dash.set(form="uniform", rho=round(dash.readouts["best ρ on the grid"], 2))
    assert "note" not in dash.readouts


def test_more_pairs_shrink_the_complexity_term_like_one_over_root_m(dash):
    dash.controls["m"].value = 250
    small = dash.readouts["complexity term"]
    dash.controls["m"].value = 4000
    assert small / dash.readouts["complexity term"] == pytest.approx(4.0)
    assert dash.readouts["smallest bound over the ρ grid"] < 0.6


def test_the_uniform_form_adds_its_cost(dash):
    fixed = dict(dash.readouts)
    dash.controls["form"].value = "uniform"
    uniform = dash.readouts
    assert uniform["complexity term"] == pytest.approx(2 * fixed["complexity term"])
    assert uniform["uniform-over-ρ term"] == pytest.approx(
        math.sqrt(math.log(math.log2(2 / 0.3)) / 1000)
    )
    assert uniform["bound at ρ"] > fixed["bound at ρ"]
    assert dash.full_render_count == 1  # the static legend lists both forms' terms: a blit


def test_noise_raises_the_true_error_towards_one_half(dash):
    dash.controls["noise"].value = 0.0
    clean = dash.readouts["true pairwise error R(h)"]
    dash.controls["noise"].value = 0.4
    noisy = dash.readouts["true pairwise error R(h)"]
    assert clean < 0.05 and noisy > 0.4
    assert dash.readouts["bound ≥ R(h)"] is True


def test_all_extremes_together(dash):
    for form in ("fixed", "uniform"):
        dash.set(m=50, noise=0.45, log10_C=-2.0, seed=9, rho=0.01, delta=0.01, form=form)
        assert dash.error is None
        assert dash.readouts["complexity term"] > 50
        dash.set(m=5000, noise=0.0, log10_C=2.0, seed=0, rho=1.0, delta=0.5, form=form)
        assert dash.error is None
        assert dash.readouts["bound at ρ"] >= dash.readouts["true pairwise error R(h)"]


def test_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        margin_bound_explorer(Lambda=1.0)
    with pytest.raises(ValueError, match=r"^rho must be .* from .* to .*, got "):
        margin_bound_explorer(rho=2.0)
    assert margin_bound_explorer(form="uniform").values["form"] == "uniform"


# --------------------------------------------------------------------------- #
# drawing functions
# --------------------------------------------------------------------------- #
def test_stacked_terms_add_up_to_the_bound():
    margins = np.random.default_rng(0).normal(0.3, 0.4, size=400)
    bound = ranking_margin_bound(
        margins, np.linspace(0.05, 1, 30), 0.05, Lambda=1.0, r=1.0, uniform=True
    )
    fig, ax = plt.subplots()
    plotting.plot_margin_bound_terms(
        plotting.style_margin_bound_axes(ax, ymax=5.0), bound, error=0.2, mark=0.4
    )
    assert len(ax.collections) == 4  # margin loss, complexity, uniform cost, confidence
    top = ax.collections[-1].get_paths()[0].vertices[:, 1].max()
    assert top == pytest.approx(bound.total.max())
    total_line = next(line for line in ax.get_lines() if line.get_label().startswith("bound"))
    np.testing.assert_allclose(total_line.get_ydata(), bound.total)
    plt.close(fig)


def test_histogram_zones_and_bars():
    fig, (left, right) = plt.subplots(1, 2)
    margins = [-0.5, -0.1, 0.1, 0.2, 0.45, 0.9, 1.3, 1.7]
    plotting.plot_margin_histogram(plotting.style_margin_histogram_axes(right), margins, 0.45)
    labels = [t.get_text() for t in right.get_legend().get_texts()]
    assert labels[:3] == [
        "misordered (≤ 0): 25.0%",
        "inside the margin (0, ρ]: 37.5%",
        "beyond the margin (> ρ): 37.5%",
    ]
    edges = right.patches[0].get_data().edges
    assert 0.0 in edges and 0.45 in edges  # exact zone boundaries
    bound = ranking_margin_bound(margins, 0.45, 0.05, Lambda=1.0, r=1.0)
    plotting.style_bound_bars_axes(left, ["bound", "train", "true"])
    plotting.plot_bound_bars(left, bound, {"train": 0.25, "true": 0.3})
    heights = [p.get_height() for p in left.patches]
    assert sum(heights[:3]) == pytest.approx(bound.total) and heights[3:] == [0.25, 0.3]
    with pytest.raises(ValueError, match="must lie in"):
        plotting.plot_bound_bars(left, bound, {"train": 1.5})
    with pytest.raises(ValueError, match="single rho"):
        plotting.plot_bound_bars(
            left, ranking_margin_bound(margins, [0.2, 0.4], 0.05, Lambda=1.0, r=1.0), {}
        )
    with pytest.raises(ValueError, match="rho must be > 0"):
        plotting.plot_margin_histogram(right, margins, 0.0)
    with pytest.raises(TypeError, match="MarginBound"):
        plotting.plot_margin_bound_terms(right, object())
    plt.close(fig)


# --------------------------------------------------------------------------- #
# the presentation layout (issue 17: the numbers the talk track cites on the first screen)
# --------------------------------------------------------------------------- #
def test_presentation_puts_the_cited_numbers_in_the_headline_and_the_legend_in_the_figure():
    dash = margin_bound_explorer(presentation=True)
    assert list(dash.headline_readouts()) == [
        "bound at ρ",
        "complexity term",
        "smallest bound over the ρ grid",
        "true pairwise error R(h)",
    ]
    for name in dash.headline_readouts():
        assert f"data-name='{name}'" in dash.headline_html.value
    folded = {id(c) for c in dash.more.children[0].children}
    assert [k for k, c in dash.controls.items() if id(c) not in folded] == ["m", "noise", "rho"]
    fig = dash.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    (legend,) = fig.legends
    box = legend.get_window_extent(renderer)
    assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1 and fig.bbox.y0 <= box.y0
    for ax in fig.axes:  # under the panels, over none of their data
        assert box.y1 <= ax.get_window_extent(renderer).y0
    assert len(fig.axes) == 2  # the bars are dropped: their numbers are the headline
    pixels = fig.dpi / 72  # pixels per point at the natural size
    assert min(t.get_fontsize() for t in dash.figure.axes[1].texts) * pixels >= 16


def test_presentation_talk_track_numbers():
    """The numbers the deck's talk track quotes, as the headline shows them."""
    dash = margin_bound_explorer(presentation=True)
    shown = {}
    for rho in (0.05, 0.55, 1.0):
        dash.set(rho=rho)
        shown[rho] = {k: round(v, 3) for k, v in dash.headline_readouts().items()}
    assert shown[0.05]["bound at ρ"] == 2.697 and shown[0.05]["complexity term"] == 2.53
    assert shown[0.55]["bound at ρ"] == shown[0.55]["smallest bound over the ρ grid"] == 0.634
    assert shown[1.0]["bound at ρ"] == 0.7 and shown[1.0]["complexity term"] == 0.126
    assert {s["true pairwise error R(h)"] for s in shown.values()} == {0.107}
    dash.set(rho=0.3)
    assert round(dash.readouts["complexity term"], 3) == 0.422
    dash.set(m=5000)
    assert round(dash.readouts["complexity term"], 3) == 0.189
    assert round(dash.readouts["smallest bound over the ρ grid"], 3) == 0.453
    dash.reset_button.click()
    assert dash.values == MARGIN_BOUND_EXPLORER_DEFAULTS


def test_the_best_rho_readout_says_it_is_the_smallest_bound_over_the_grid():
    dash = margin_bound_explorer(presentation=True)
    assert "smallest bound over the ρ grid" in dash.headline_readouts()
    assert "bound at the best ρ" not in dash.readouts


def test_the_bound_dropdown_shows_short_words():
    """Issue 28: every option of 04's dropdowns is human words of at most 22 characters (the
    presentation layout cut longer ones), and the value passed to the compute functions is kept."""
    from ipywidgets import Dropdown

    dash = margin_bound_explorer()
    for control in dash.controls.values():
        if isinstance(control, Dropdown):
            for label, _ in control.options:
                assert len(label) <= 22 and "_" not in label, label
    assert [v for _, v in dash.controls["form"].options] == ["fixed", "uniform"]
