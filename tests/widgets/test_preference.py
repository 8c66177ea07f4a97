"""The chapter 05 dashboard, driven as a reader drives it: by setting control values."""

import itertools
import math

import numpy as np
import pytest

from rankviz.preference import (
    preference_loss,
    random_preference,
    ranking_loss,
)
from rankviz.quicksort import (
    classical_quicksort_calls,
    expected_quicksort_calls,
    expected_quicksort_loss,
    sort_by_degree,
)
from rankviz.widgets import tournament_explorer
from rankviz.widgets.preference import (
    CALLS_READOUT,
    HEADLINE,
    QUICKSORT_RUNS,
    TOURNAMENT_EXPLORER_DEFAULTS,
    tournament_instance,
)

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast


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
        ranking_loss(sort_by_degree(H).sigma, star)
    )
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
    assert (
        abs(dash.readouts["calls: QuickSort (mean)"] - dash.readouts["classical QuickSort mean"])
        < 0.5
    )


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


def test_instance_and_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        tournament_explorer(items=5)
    with pytest.raises(ValueError, match=r"^n must be .* from .* to .*, got "):
        tournament_explorer(n=12)
    with pytest.raises(ValueError, match="target must be one of"):
        tournament_instance(5, 0.5, 0, "ndcg", "none")
    with pytest.raises(ValueError, match="flip must be one of"):
        tournament_instance(5, 0.5, 0, "order", "middle")
    assert tournament_explorer(seed=4).values["seed"] == 4


# --------------------------------------------------------------------------- #
# issue 17: the talk track's claims, on the screen
# --------------------------------------------------------------------------- #
def calls_shown(dash):
    expected, pairs = dash.readouts[CALLS_READOUT].split(" of ")
    return float(expected), int(pairs)


def test_the_calls_readout_is_quicksorts_exact_expectation_against_all_pairs(dash):
    for n in range(4, 10):  # every n the slider offers
        for intransitivity in (0.0, 0.5, 1.0):
            dash.set(n=n, intransitivity=intransitivity)
            expected, pairs = calls_shown(dash)
            H = tournament_instance(n, intransitivity, 0, "order", "none").H
            assert expected == round(expected_quicksort_calls(H), 1)
            assert pairs == n * (n - 1) // 2 and expected < pairs
            # the old talk track's "about 2 n ln n of the n(n-1)/2 comparisons" was false here
            assert 2 * n * math.log(n) > pairs
        # a transitive preference: classical QuickSort
        dash.set(intransitivity=0.0)
        assert calls_shown(dash)[0] == round(classical_quicksort_calls(n), 1)


def test_every_step_of_the_talk_track_changes_the_screen():
    """The deck's walk: type 0 as the intransitivity, flip top vs bottom, bipartite target."""
    dash = tournament_explorer(presentation=True)
    assert list(dash.headline_readouts()) == list(HEADLINE)
    walk = [{"intransitivity": 0.0}, {"flip": "extremes"}, {"target": "bipartite"}]
    shown = [(bytes(dash.image.value), dict(dash.headline_readouts()))]
    for step in walk:
        dash.set(**step)
        shown.append((bytes(dash.image.value), dict(dash.headline_readouts())))
    for (picture, numbers), (after, after_numbers) in itertools.pairwise(shown):
        assert picture != after and numbers != after_numbers
    rounded = [
        {k: round(v, 3) if isinstance(v, float) else v for k, v in numbers.items()}
        for _, numbers in shown
    ]
    assert rounded[1] == {
        "L(h, σ*)": 0.0,
        "E[L(QuickSort)] exact": 0.0,
        "sort-by-degree loss": 0.0,
        CALLS_READOUT: "10.3 of 15",
    }
    assert rounded[2] == {
        "L(h, σ*)": 0.067,
        "E[L(QuickSort)] exact": 0.111,
        "sort-by-degree loss": 0.0,
        CALLS_READOUT: "9.4 of 15",
    }
    assert rounded[3]["L(h, σ*)"] == rounded[3]["E[L(QuickSort)] exact"] == 0.111
    dash.reset_button.click()
    assert dash.values == TOURNAMENT_EXPLORER_DEFAULTS


def test_arrow_steps_of_the_intransitivity_mostly_change_nothing_at_the_default():
    """Why the talk track types 0 instead of pressing the arrow ten times (issue 17)."""
    dash = tournament_explorer()
    unchanged = 0
    for k in range(10, 0, -1):
        picture = bytes(dash.image.value)
        dash.set(intransitivity=round(0.05 * (k - 1), 2))
        unchanged += bytes(dash.image.value) == picture
    assert unchanged == 7


def test_presentation_layout_drops_the_calls_panel():
    dash = tournament_explorer(presentation=True)
    assert len(dash.figure.axes) == 2 and len(dash.figure.legends) == 1
    folded = {id(c) for c in dash.more.children[0].children}
    assert [k for k, c in dash.controls.items() if id(c) in folded] == ["seed"]
    assert len(tournament_explorer().figure.axes) == 3  # the student layout keeps it


def bar_widths(ax):
    """Widths of the histogram bars (the PolyCollection of plot_run_histogram) of an Axes."""
    from matplotlib.collections import PolyCollection

    bars = [c for c in ax.collections if type(c) is PolyCollection]
    return [float(np.ptp(path.vertices[:, 0])) for c in bars for path in c.get_paths()]


def test_loss_histogram_is_drawn_at_the_state_the_notebook_suggests():
    """Issue 28: at bipartite, n = 9, intransitivity 1, seed 3 the losses 0.35 and
    0.35000000000000003 made the bars 5e-17 wide, and the histogram went blank."""
    from io import BytesIO

    from matplotlib.colors import to_rgb
    from PIL import Image

    from rankviz.plotting import SAMPLE_COLOR

    dash = tournament_explorer(
        presentation=True, target="bipartite", n=9, intransitivity=1.0, seed=3
    )
    losses = dash.figure.axes[1]
    widths = bar_widths(losses)
    assert len(widths) >= 10 and min(widths) > 0.01 * np.ptp(losses.get_xlim())
    # the picture shows them: many pixels of the bars' colour (75% opaque on white)
    png = np.asarray(Image.open(BytesIO(dash.image.value)).convert("RGB")).astype(float)
    bar = 0.75 * np.array(to_rgb(SAMPLE_COLOR)) * 255 + 0.25 * 255
    assert (np.abs(png - bar).max(axis=2) < 12).sum() > 2000


def test_no_state_of_the_explorer_draws_noise_wide_bars():
    """A sweep of 540 states (every n, target, intransitivity 0, 1/2, 1, seeds 0-9), both
    histograms: every bar at least 0.5% of its axis wide (11 of them had 5e-17 wide bars)."""
    from matplotlib.figure import Figure

    from rankviz.widgets.preference import draw_tournament_explorer, setup_tournament_explorer

    fig = Figure(figsize=(11.0, 6.8))
    axes = setup_tournament_explorer(fig)
    panels = (axes.graph, axes.losses, axes.calls)
    static = {id(a) for ax in panels for a in ax.get_children()}
    narrow = []
    for n, target, intransitivity, seed in itertools.product(
        range(4, 10), ("order", "bipartite", "top2"), (0.0, 0.5, 1.0), range(10)
    ):
        draw_tournament_explorer(
            axes, n=n, intransitivity=intransitivity, seed=seed, target=target, flip="none"
        )
        for ax in (axes.losses, axes.calls):
            widths = bar_widths(ax)
            if min(widths) < 0.005 * np.ptp(ax.get_xlim()):
                narrow.append((n, target, intransitivity, seed))
        for ax in panels:
            for artist in ax.get_children():
                if id(artist) not in static:
                    artist.remove()
    assert narrow == []


@pytest.mark.parametrize("presentation", [True, False])
def test_every_kind_of_arrow_has_a_legend_entry_with_its_width(presentation):
    """Issue 28: light-grey arrows had no legend entry; pink and grey differed by colour only."""
    from rankviz.plotting import ARROW_STYLES

    dash = tournament_explorer(presentation=presentation)
    legends = dash.figure.legends + [
        ax.get_legend() for ax in dash.figure.axes if ax.get_legend() is not None
    ]
    handles = {
        t.get_text(): h
        for leg in legends
        for t, h in zip(leg.get_texts(), leg.legend_handles, strict=True)
    }
    free = "same class: free" if presentation else "same class: costs nothing"
    agree, wrong = (
        ("h agrees with σ*", "h contradicts σ*")
        if presentation
        else ("h agrees with the target", "h contradicts the target")
    )
    for label, kind in (
        (agree, "agree"),
        (wrong, "contradict"),
        (free, "free"),
        ("flipped pair", "highlight"),
    ):
        assert handles[label].get_linewidth() == ARROW_STYLES[kind]["lw"]
    assert len({ARROW_STYLES[k]["lw"] for k in ARROW_STYLES}) == len(ARROW_STYLES)


def test_shorter_dropdown_labels_pass_the_same_values_on():
    """Issue 28 shortened the labels (tests/widgets/test_labels.py bounds them); the values the
    compute functions receive are the same keys as before."""
    dash = tournament_explorer(presentation=True)
    assert [v for _, v in dash.controls["target"].options] == ["order", "bipartite", "top2"]
    assert [v for _, v in dash.controls["flip"].options] == ["none", "extremes", "top", "bottom"]
