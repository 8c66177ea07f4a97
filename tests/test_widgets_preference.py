"""The chapter 05 dashboard, driven as a reader drives it: by setting control values."""

import io

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

from rankviz.preference import (
    expected_quicksort_loss,
    preference_loss,
    random_preference,
    ranking_loss,
    sort_by_degree,
)
from rankviz.widgets import tournament_explorer
from rankviz.widgets.preference import (
    QUICKSORT_RUNS,
    TOURNAMENT_EXPLORER_DEFAULTS,
    tournament_instance,
)


@pytest.fixture(scope="module")
def shared_dash():
    return tournament_explorer()


@pytest.fixture
def dash(shared_dash):
    """One dashboard for the module (a full render costs ~0.5 s), back at its defaults."""
    shared_dash.set(**TOURNAMENT_EXPLORER_DEFAULTS)
    return shared_dash


def readout_mean_and_halfwidth(dash):
    mean, half = dash.readouts[f"QuickSort, {QUICKSORT_RUNS} runs"].split(" ± ")
    return float(mean), float(half)


def test_default_state_matches_the_compute_functions(dash):
    assert dash.error is None
    assert dash.values == TOURNAMENT_EXPLORER_DEFAULTS
    H = random_preference(6, 0.5, 0)
    star = np.arange(6)
    assert dash.readouts["L(h, σ*)"] == pytest.approx(preference_loss(H, star))
    assert dash.readouts["E[L(QuickSort)] exact"] == pytest.approx(expected_quicksort_loss(H, star))
    assert dash.readouts["sort-by-degree loss"] == pytest.approx(
        ranking_loss(sort_by_degree(H).sigma, star))
    assert dash.readouts["2 L(h, σ*)"] == pytest.approx(2 * preference_loss(H, star))
    assert dash.readouts["calls: sort-by-degree"] == 15
    mean, half = readout_mean_and_halfwidth(dash)
    assert abs(mean - dash.readouts["E[L(QuickSort)] exact"]) < 1.5 * half  # 95% interval
    assert len(dash.figure.axes) == 3


def test_a_transitive_preference_costs_nothing(dash):
    dash.controls["intransitivity"].value = 0.0
    for name in ("L(h, σ*)", "E[L(QuickSort)] exact", "sort-by-degree loss"):
        assert dash.readouts[name] == 0.0
    assert dash.readouts["cyclic triangles in h"] == 0
    assert readout_mean_and_halfwidth(dash) == (0.0, 0.0)
    # without intransitivity QuickSort is classical QuickSort
    assert abs(dash.readouts["calls: QuickSort (mean)"]
               - dash.readouts["classical QuickSort mean"]) < 0.5


def test_flipping_the_extreme_pair_of_an_order_approaches_twice_the_loss(dash):
    for n in (6, 9, 4):
        dash.set(n=n, intransitivity=0.0, flip="extremes")
        ratio = dash.readouts["E[L(QuickSort)] exact"] / dash.readouts["L(h, σ*)"]
        assert ratio == pytest.approx(2 - 2 / n)
        assert dash.readouts["cyclic triangles in h"] == n - 2


def test_the_bipartite_target_gives_equality(dash):
    dash.controls["target"].value = "bipartite"
    for seed in (0, 1, 2):
        dash.controls["seed"].value = seed
        assert dash.readouts["E[L(QuickSort)] exact"] == pytest.approx(dash.readouts["L(h, σ*)"])
        assert dash.readouts["sort-by-degree loss"] <= 2 * dash.readouts["L(h, σ*)"] + 1e-12


def test_seed_n_and_target_changes_are_all_blits(dash):
    before = dict(dash.readouts)
    picture = bytes(dash.image.value)
    renders = dash.full_render_count
    dash.controls["seed"].value = 7
    assert dash.readouts["L(h, σ*)"] != before["L(h, σ*)"]
    assert bytes(dash.image.value) != picture
    dash.controls["n"].value = 9
    assert dash.readouts["calls: sort-by-degree"] == 36
    calls = dash.figure.axes[2]
    # sort-by-degree asks every pair: its reference line sits at share 1 for every n
    sort_by_degree_line = [line for line in calls.get_lines() if line.get_xdata()[0] == 1.0]
    assert sort_by_degree_line and calls.get_xlim() == (0.0, 1.08)
    dash.controls["target"].value = "bipartite"
    assert dash.full_render_count == renders  # no control changes the static part


def test_the_flip_changes_one_pair(dash):
    base = tournament_instance(6, 0.5, 0, "order", "none").H
    dash.controls["flip"].value = "top"
    flipped = tournament_instance(6, 0.5, 0, "order", "top").H
    assert np.count_nonzero(base != flipped) == 2
    assert dash.readouts["L(h, σ*)"] == pytest.approx(preference_loss(flipped, np.arange(6)))


@pytest.mark.parametrize("name", ["n", "intransitivity", "seed"])
def test_every_slider_survives_its_extreme_values(dash, name):
    control = dash.controls[name]
    for value in (control.min, control.max):
        control.value = value
        assert dash.error is None, f"{name}={value}: {dash.error}"
        assert bytes(dash.image.value).startswith(b"\x89PNG")


@pytest.mark.parametrize("name", ["target", "flip"])
def test_every_dropdown_option_draws_at_the_smallest_n(dash, name):
    dash.controls["n"].value = 4
    for _, value in dash.controls[name].options:
        dash.controls[name].value = value
        assert dash.error is None, f"{name}={value}: {dash.error}"
        assert 0.0 <= dash.readouts["E[L(QuickSort)] exact"] <= 1.0


def test_top2_emphasis_never_costs_more_than_the_uniform_loss(dash):
    uniform = dash.readouts["E[L(QuickSort)] exact"]
    dash.set(target="top2", flip="extremes")  # the largest n, each flip, in one redraw
    assert dash.readouts["E[L(QuickSort)] exact"] <= uniform
    dash.set(n=9, flip="bottom")
    assert dash.error is None and dash.readouts["calls: sort-by-degree"] == 36


def test_blitted_picture_equals_a_full_render(dash):
    for name, value in [("seed", 3), ("intransitivity", 0.8), ("flip", "bottom"),
                        ("target", "bipartite"), ("seed", 11)]:
        dash.controls[name].value = value
    blitted = np.asarray(Image.open(io.BytesIO(bytes(dash.image.value))).convert("RGB")).astype(int)
    canvas = FigureCanvasAgg(dash.figure)
    canvas.draw()
    reference = np.asarray(canvas.buffer_rgba())[..., :3].astype(int)
    assert blitted.shape == reference.shape
    assert np.mean(np.any(np.abs(blitted - reference) > 2, axis=-1)) < 0.005


def test_instance_and_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        tournament_explorer(items=5)
    with pytest.raises(ValueError, match="outside"):
        tournament_explorer(n=12)
    with pytest.raises(ValueError, match="target must be one of"):
        tournament_instance(5, 0.5, 0, "ndcg", "none")
    with pytest.raises(ValueError, match="flip must be one of"):
        tournament_instance(5, 0.5, 0, "order", "middle")
    assert tournament_explorer(seed=4).values["seed"] == 4
