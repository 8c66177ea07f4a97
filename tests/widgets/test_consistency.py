"""The chapter 07 dashboard and drawing functions, driven as a reader drives them."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

import rankviz.widgets.consistency as module
from rankviz.consistency import (
    difference_graph,
    is_low_noise,
    mean_adjacency,
    violated_edges,
)
from rankviz.counterexamples import certify_counterexample
from rankviz.plotting import (
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    plot_item_scores,
    plot_preference_circle,
    preference_graph_layout,
    style_item_scores_axes,
    style_preference_graph_axes,
)
from rankviz.surrogates import SURROGATES, graph_surrogate_minimizer
from rankviz.widgets import low_noise_explorer
from rankviz.widgets.consistency import LOW_NOISE_EXPLORER_DEFAULTS, explorer_distribution

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast

WEIGHTS = ["w01", "w02", "w12", "w10", "w20", "w21"]


@pytest.fixture(scope="module")
def shared():
    return low_noise_explorer()


@pytest.fixture
def dash(shared):
    """One dashboard for the module (building one costs a full render), reset before each test."""
    shared.reset_button.click()
    return shared


@pytest.fixture
def fresh():
    return low_noise_explorer()


def current_distribution(dash):
    values = dash.values
    return explorer_distribution(values["p"], *(values[name] for name in WEIGHTS))


def test_default_state_is_the_flagship_counterexample(dash):
    assert dash.error is None
    assert dash.values == LOW_NOISE_EXPLORER_DEFAULTS
    assert len(dash.figure.axes) == 4
    r = dash.readouts
    assert r["low noise (Def. 4)"] == "yes"
    assert r["Bayes order(s)"] == "0 ≻ 1 ≻ 2"
    assert r["surrogate order"] == "1 ≻ 0 ≻ 2"
    assert r["edges of G_μ it gets wrong"] == "0→1 (misordered)"
    assert r["risk (11) at α minus Bayes risk"] == pytest.approx(0.5)  # the edge 0 -> 1
    assert r["(23) order"] == "0 ≻ 1 ≻ 2"
    expected = graph_surrogate_minimizer(current_distribution(dash), "squared_hinge").alpha
    assert r["surrogate scores α"] == "(" + ", ".join(f"{v + 0:.2f}" for v in expected) + ")"


@pytest.mark.parametrize("phi", SURROGATES)
def test_every_pairwise_surrogate_fails_on_the_default_example(dash, phi):
    dash.controls["phi"].value = phi
    assert dash.error is None
    assert dash.readouts["edges of G_μ it gets wrong"].startswith("0→1")
    assert dash.readouts["solver"].endswith("optimal")


def test_a_weight_change_is_a_blit_and_moves_the_scores(dash):
    before = dict(dash.readouts)
    picture = bytes(dash.image.value)
    full_renders = dash.full_render_count
    dash.controls["w01"].value = 6.0  # a heavy 0 -> 1: now every edge is ordered correctly
    assert dash.readouts["edges of G_μ it gets wrong"] == "none"
    assert dash.readouts["surrogate order"] == "0 ≻ 1 ≻ 2"
    assert dash.readouts["surrogate scores α"] != before["surrogate scores α"]
    assert bytes(dash.image.value) != picture
    assert dash.full_render_count == full_renders


def test_the_low_noise_check_follows_the_weights(dash):
    dash.set(w02=2.0, w20=0.0)  # the direct edge 0 -> 2 is now lighter than the path
    assert dash.readouts["low noise (Def. 4)"] == "no"
    assert not is_low_noise(mean_adjacency(current_distribution(dash)))
    texts = [t.get_text() for t in dash.figure.axes[2].texts]
    assert any(t.startswith("not low noise: path 0→1→2") for t in texts)


def test_a_cyclic_difference_graph_has_several_bayes_orders(dash):
    dash.set(p=0.5, w01=4.0, w12=4.0, w02=0.0, w10=0.0, w20=4.0, w21=0.0)  # 0->1->2->0
    assert dash.readouts["low noise (Def. 4)"] == "no"
    assert dash.readouts["Bayes order(s)"].count("≻") == 6  # three optimal orders


def test_the_margin_form_and_missing_minimisers_are_reported_not_raised(dash):
    dash.controls["form"].value = "margin"
    assert dash.error is None and dash.readouts["solver"].startswith("CLARABEL")
    dash.set(phi="logistic", w20=0.0)  # nothing pulls item 0 down: no minimiser
    assert dash.error is None
    assert dash.readouts["surrogate order"] == "no minimiser"
    assert "no minimiser" in dash.readouts["solver"]
    assert np.isnan(dash.readouts["risk (11) at α minus Bayes risk"])
    assert dash.readouts["(23) order"] == "no minimiser"


def test_all_weights_zero_and_all_at_their_maximum(dash):
    dash.set(**{name: 0.0 for name in WEIGHTS})
    assert dash.error is None
    assert dash.readouts["surrogate order"] == "0 = 1 = 2"
    assert "(6 orders)" in dash.readouts["Bayes order(s)"]
    dash.set(**{name: 10.0 for name in WEIGHTS}, p=0.5, phi="exponential", form="margin")
    assert dash.error is None
    assert dash.readouts["edges of G_μ it gets wrong"] == "none"  # no edge at all


def test_the_counterexample_button_loads_a_certified_example(fresh):
    dash = fresh
    for phi, form in (("hinge", "margin"), ("exponential", "pairwise")):
        dash.set(phi=phi, form=form)
        dash.buttons["find a counterexample"].click()
        assert dash.error is None
        mu = current_distribution(dash)
        Y = mean_adjacency(mu)
        assert is_low_noise(Y)
        wrong = violated_edges(graph_surrogate_minimizer(mu, phi, form).alpha, Y)
        assert wrong and difference_graph(Y)[wrong[0]] > 0
        assert f"found one, {phi} gets" in dash.readouts["counterexample search"]
    assert dash.readouts["counterexample search"].startswith("seed 1:")  # a new seed each time


def test_the_button_reports_a_failed_search(fresh, monkeypatch):
    dash = fresh

    def nothing(*args, **kwargs):
        raise ValueError("no low-noise counterexample (test)")

    monkeypatch.setattr(module, "find_low_noise_counterexample", nothing)
    before = dash.values
    dash.buttons["find a counterexample"].click()
    assert dash.error is None and dash.values == before
    assert dash.readouts["counterexample search"] == (
        "seeds 0–4: no new low-noise counterexample for the squared hinge loss, pairwise (12); "
        "press again"
    )
    dash.buttons["find a counterexample"].click()  # the next press goes on with seed 5
    assert dash.readouts["counterexample search"].startswith("seeds 5–9:")


def test_reset_restores_the_default_example_and_clears_the_search(fresh):
    # the dashboard's own "reset to the default example" button is folded into the
    # generic reset, which must also clear the note of the last search (on_reset)
    dash = fresh
    assert list(dash.buttons) == ["find a counterexample"]
    picture, readouts = bytes(dash.image.value), dict(dash.readouts)
    dash.set(phi="hinge")
    dash.buttons["find a counterexample"].click()
    assert "counterexample search" in dash.readouts and dash.values["w02"] != 10.0
    dash.reset_button.click()
    assert dash.values == LOW_NOISE_EXPLORER_DEFAULTS
    assert "counterexample search" not in dash.readouts
    assert dash.readouts == readouts and bytes(dash.image.value) == picture
    # the seeds restart: a talk track can quote what the first click after a reset loads
    dash.set(phi="hinge")
    dash.buttons["find a counterexample"].click()
    assert dash.readouts["counterexample search"].startswith("seed 0:")
    assert dash.values["p"] == 0.6


def certified_from_controls(dash, phi, form):
    """Certify, exactly, the distribution the controls hold (what the browser shows)."""
    from rankviz.consistency import LowNoiseCounterexample, check_preference_distribution

    mu = current_distribution(dash)
    Y = mean_adjacency(mu)
    alpha = graph_surrogate_minimizer(mu, phi, form).alpha
    wrong = violated_edges(alpha, Y)
    probs, graphs = check_preference_distribution(mu)
    return certify_counterexample(LowNoiseCounterexample(probs, graphs, alpha, wrong[0], phi, form))


@pytest.mark.parametrize(
    ("phi", "form"),
    [("hinge", "pairwise"), ("squared_hinge", "margin"), ("exponential", "pairwise")],
)
def test_a_found_counterexample_is_on_the_sliders_grid_and_stays_certified(fresh, phi, form):
    # issue 17: the browser echoed p = 0.6000000000000001 (0.05 + 11 * 0.05, its own grid
    # arithmetic) after the rehearsal had loaded p = 0.6 with this button.  The search draws
    # p in 0.1..0.9 and integer weights: on the grid, so the sliders change nothing and the
    # example shown is the certified one.
    from rankviz.counterexamples import find_low_noise_counterexample

    dash = fresh
    dash.set(phi=phi, form=form)
    dash.buttons["find a counterexample"].click()
    cx = find_low_noise_counterexample(phi, form, 3, rng=0)
    assert dash.values["p"] == float(cx.probs[0])
    for name, (k, i, j) in module._EDGES.items():
        assert dash.values[name] == float(cx.graphs[k, i, j])
    assert "re-certified" not in dash.readouts["counterexample search"]
    assert certified_from_controls(dash, phi, form).every_minimizer


def off_grid(cx, p):
    from rankviz.consistency import LowNoiseCounterexample

    return LowNoiseCounterexample(
        np.array([p, round(1 - p, 10)]), cx.graphs, cx.alpha, cx.pair, cx.phi, cx.form
    )


def test_an_example_the_sliders_round_is_recertified(fresh, monkeypatch):
    from rankviz.counterexamples import find_low_noise_counterexample

    cx = find_low_noise_counterexample("hinge", "pairwise", 3, rng=0)  # p = 0.6
    monkeypatch.setattr(
        module, "find_low_noise_counterexample", lambda *args, **kwargs: off_grid(cx, 0.61)
    )
    dash = fresh
    dash.set(phi="hinge")
    dash.buttons["find a counterexample"].click()
    assert dash.values["p"] == 0.6  # rounded by the slider
    assert dash.readouts["counterexample search"].endswith("(re-certified after rounding)")
    assert certified_from_controls(dash, "hinge", "pairwise").every_minimizer


def test_an_example_that_rounding_breaks_is_not_shown(fresh, monkeypatch):
    from rankviz.counterexamples import find_low_noise_counterexample

    cx = find_low_noise_counterexample("hinge", "pairwise", 3, rng=0)

    def refuse(_cx):
        raise ValueError("counterexample not certified: test")

    monkeypatch.setattr(
        module, "find_low_noise_counterexample", lambda *args, **kwargs: off_grid(cx, 0.61)
    )
    monkeypatch.setattr(module, "certify_counterexample", refuse)
    dash = fresh
    dash.set(phi="hinge")
    before = dash.values
    dash.buttons["find a counterexample"].click()
    assert dash.values == before
    assert "not after rounding" in dash.readouts["counterexample search"]


def test_the_presentation_layout(fresh):
    wide = low_noise_explorer(presentation=True)
    assert wide.headline_readouts() == {
        "low noise (Def. 4)": "yes",
        "Bayes order(s)": "0 ≻ 1 ≻ 2",
        "surrogate order": "1 ≻ 0 ≻ 2",
        "(23) order": "0 ≻ 1 ≻ 2",
    }
    folded = {id(c) for c in wide.more.children[0].children}
    assert {name for name, c in wide.controls.items() if id(c) in folded} == set(WEIGHTS)
    assert len(wide.figure.axes) == 4 and wide.readouts == fresh.readouts
    wide.set(phi="hinge")
    assert wide.headline_readouts()["surrogate order"] == "0 = 1 ≻ 2"
    assert tuple(fresh.figure.get_size_inches()) == (10.0, 6.8)  # the student layout stays


def test_the_default_example_is_certified(dash):
    from rankviz.consistency import LowNoiseCounterexample, check_preference_distribution

    mu = current_distribution(dash)
    for phi in SURROGATES:
        alpha = graph_surrogate_minimizer(mu, phi).alpha
        cx = LowNoiseCounterexample(
            *check_preference_distribution(mu), alpha, (0, 1), phi, "pairwise"
        )
        assert certify_counterexample(cx).every_minimizer


def test_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        low_noise_explorer(weight=1.0)
    with pytest.raises(ValueError, match=r"^p must be .* from .* to .*, got "):
        low_noise_explorer(p=1.0)
    with pytest.raises(ValueError, match="must be one of"):
        low_noise_explorer(phi="ramp")
    assert low_noise_explorer(phi="hinge").readouts["edges of G_μ it gets wrong"] == "0→1 (tied)"


# --------------------------------------------------------------------------- #
# the drawing functions
# --------------------------------------------------------------------------- #
def test_preference_graph_draws_one_arrow_and_label_per_edge():
    fig, ax = plt.subplots()
    W = np.array([[0, 2, 0.5], [1, 0, 0], [0, 3, 0]])
    plot_preference_circle(ax, W, wrong=[(2, 1)], right=[(0, 1)], title="G")
    arrows = [p for p in ax.patches if type(p).__name__ == "FancyArrowPatch"]
    assert len(arrows) == 4
    colors = {tuple(np.round(a.get_edgecolor(), 3)) for a in arrows}
    from matplotlib.colors import to_rgba

    assert tuple(np.round(to_rgba(POSITIVE_COLOR), 3)) in colors
    assert tuple(np.round(to_rgba(SAMPLE_COLOR), 3)) in colors
    labels = sorted(t.get_text() for t in ax.texts)
    assert labels == ["0", "0.5", "1", "1", "2", "2", "3"]  # 4 weights + 3 items
    assert ax.get_title() == "G" and ax.get_legend() is not None
    assert len(ax.get_legend().get_texts()) == 3
    plt.close(fig)


def test_preference_graph_without_nodes_and_errors():
    fig, ax = plt.subplots()
    plot_preference_circle(ax, [[0, 1], [0, 0]], nodes=False, legend=False)
    assert [t.get_text() for t in ax.texts] == ["1"] and ax.get_legend() is None
    with pytest.raises(ValueError, match="weights must have a zero diagonal"):
        plot_preference_circle(ax, [[1, 0], [0, 0]])
    with pytest.raises(TypeError, match="Axes"):
        plot_preference_circle("ax", [[0, 1], [0, 0]])
    plt.close(fig)


def test_graph_layout_puts_item_zero_on_top():
    pos = preference_graph_layout(4)
    np.testing.assert_allclose(pos[0], [0, 1], atol=1e-12)
    np.testing.assert_allclose(pos[1], [1, 0], atol=1e-12)  # clockwise
    np.testing.assert_allclose([np.linalg.norm(p) for p in pos.values()], 1.0)
    with pytest.raises(ValueError, match="n must be >= 2"):
        preference_graph_layout(1)
    fig, ax = plt.subplots()
    style_preference_graph_axes(ax, 3)
    low, high = ax.get_ylim()
    assert low < -0.5 and high > 1 and not ax.get_xticks().size
    plt.close(fig)


def test_item_scores_group_ties_and_map_spans():
    fig, ax = plt.subplots()
    style_item_scores_axes(ax, ["a", "b"], ticks=False)
    plot_item_scores(ax, 0, [0.0, 2.0, 2.0], wrong=[(0, 1)], span=(0.0, 1.0), legend=True)
    texts = {t.get_text(): t.get_position() for t in ax.texts}
    assert set(texts) == {"0", "1 = 2", "0.00", "2.00"}
    assert texts["0"][0] == 0.0 and texts["1 = 2"][0] == 1.0
    plot_item_scores(ax, 1, None, note="no minimiser")
    assert "no minimiser" in [t.get_text() for t in ax.texts]
    assert ax.get_legend() is not None and not ax.get_xticks().size
    with pytest.raises(ValueError, match="span must be increasing"):
        plot_item_scores(ax, 0, [0.0, 1.0], span=(1.0, 0.0))
    with pytest.raises(ValueError, match="row_labels must not be empty"):
        style_item_scores_axes(ax, [])
    plt.close(fig)


def test_every_press_loads_a_fresh_example_every_minimiser_gets_wrong_hinge():
    """Issue 28: the deck promises, at every press, "a fresh low-noise distribution on which every
    minimiser of the hinge surrogate is proven, in exact arithmetic, to get an edge wrong"."""
    dash = low_noise_explorer(presentation=True, phi="hinge")
    shown = [dash.values]
    for press in range(15):
        dash.buttons["find a counterexample"].click()
        note = dash.readouts["counterexample search"]
        assert dash.error is None and dash.values not in shown, (press, note)
        shown.append(dash.values)
        assert dash.readouts["low noise (Def. 4)"] == "yes"
        assert is_low_noise(mean_adjacency(current_distribution(dash)))
        cert = certified_from_controls(dash, "hinge", "pairwise")  # exact, on what is shown
        assert cert.every_minimizer and note.startswith(f"seed {press}: found one, hinge gets")
        # the note says what was proven: on these three-item examples every minimiser ties
        assert cert.gap_range == (0, 0)
        assert note.endswith("every minimiser ties it, proven in exact arithmetic")


def test_a_press_whose_search_gives_up_tries_the_next_seed():
    """Issue 28: the squared hinge's margin-form search gives up with seed 13; the 14th press
    used to leave the previous example on screen with a note, it now loads seed 14's."""
    from rankviz.counterexamples import find_low_noise_counterexample

    with pytest.raises(ValueError, match="no low-noise counterexample"):
        find_low_noise_counterexample("squared_hinge", "margin", 3, rng=13)
    dash = low_noise_explorer(phi="squared_hinge", form="margin")
    for _ in range(13):
        dash.buttons["find a counterexample"].click()
    before = dash.values
    dash.buttons["find a counterexample"].click()
    note = dash.readouts["counterexample search"]
    assert dash.values != before and note.startswith("seed 14: found one, squared hinge gets")
    assert certified_from_controls(dash, "squared_hinge", "margin").every_minimizer
    assert note.endswith("every minimiser misorders it, proven in exact arithmetic")


def test_a_press_never_reloads_the_example_on_screen():
    from rankviz.counterexamples import find_low_noise_counterexample

    cx = find_low_noise_counterexample("hinge", "pairwise", 3, rng=0)
    dash = low_noise_explorer(phi="hinge")
    on_screen = {"p": float(cx.probs[0])}
    for name, (k, i, j) in module._EDGES.items():
        on_screen[name] = float(cx.graphs[k, i, j])
    dash.set(**on_screen)  # seed 0's example, shown before the first press
    dash.buttons["find a counterexample"].click()
    assert dash.values != on_screen
    assert dash.readouts["counterexample search"].startswith("seed 1: found one")


def test_smooth_losses_say_how_they_were_proven():
    dash = low_noise_explorer(phi="logistic")
    dash.buttons["find a counterexample"].click()
    assert dash.readouts["counterexample search"].endswith(
        "every minimiser misorders it, proven by Newton's method at 50 digits"
    )


@pytest.mark.parametrize("presentation", [True, False])
def test_the_filled_score_markers_have_a_legend_entry(presentation):
    """Issue 28: the orange-filled items of the score panel had no legend entry."""
    dash = low_noise_explorer(presentation=presentation)
    filled = [
        line
        for line in dash.figure.axes[3].get_lines()
        if line.get_markerfacecolor() == POSITIVE_COLOR
    ]
    assert filled  # the default example misorders 0 -> 1: its two items are filled
    (legend,) = dash.figure.legends
    markers = [h for h in legend.legend_handles if h.get_marker() == "o"]
    assert [h.get_markerfacecolor() for h in markers] == [POSITIVE_COLOR]


def test_the_loss_dropdown_shows_words():
    dash = low_noise_explorer()
    labels = dict(dash.controls["phi"].options)
    assert labels == {
        "hinge": "hinge",
        "logistic": "logistic",
        "exponential": "exponential",
        "squared hinge": "squared_hinge",
    }
    dash.controls["phi"].label = "squared hinge"
    assert dash.values["phi"] == "squared_hinge"  # the value passed on is unchanged
