"""The chapter 09 dashboard, driven by its controls, and the schedule drawing."""

import io

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.path import Path
from PIL import Image

from rankviz.orders import random_task_weights
from rankviz.plotting import (
    NEGATIVE_COLOR,
    NEUTRAL_COLOR,
    POSITIVE_COLOR,
    SCHEDULE_PARTS_GID,
    SCHEDULE_ROUND_LABELS_GID,
    SCHEDULE_TASK_LABELS_GID,
    plot_schedule,
    schedule_legend_entries,
    style_schedule_axes,
)
from rankviz.plotting.scheduling import _centred_text_path
from rankviz.scheduling import (
    brute_force_schedule,
    greedy_clustering,
    optimal_contiguous_clustering,
    schedule_loss_parts,
)
from rankviz.widgets import schedule_explorer
from rankviz.widgets.dashboard import PRESENTATION_SCALE
from rankviz.widgets.scheduling import SCHEDULE_EXPLORER_DEFAULTS, schedule_costs


@pytest.fixture
def dash():
    return schedule_explorer()


def direct(values):
    """What the dashboard should show, computed without it."""
    w = random_task_weights(values["r"], values["density"], values["scale"], rng=values["seed"])
    c = schedule_costs(values["r"], values["c1"], values["slope"])
    order = np.arange(values["r"])
    return (
        w,
        c,
        greedy_clustering(w, c, order),
        optimal_contiguous_clustering(w, c, order),
        brute_force_schedule(w, c) if values["r"] <= 8 else None,
    )


def test_default_state(dash):
    assert dash.error is None
    assert dash.values == SCHEDULE_EXPLORER_DEFAULTS
    _, _, greedy, dp, best = direct(dash.values)
    assert dash.readouts["Algorithm 1 loss"] == pytest.approx(greedy.loss)
    assert dash.readouts["DP loss"] == pytest.approx(dp.loss)
    assert dash.readouts["optimal loss"] == pytest.approx(best.loss)
    assert dash.readouts["optimal schedules"] == best.count
    assert dash.readouts["Algorithm 1 rounds"] == greedy.depth
    assert len(dash.figure.axes) == 3


def test_costs_move_the_schedules_by_blitting(dash):
    shallow_before = dash.readouts["optimal rounds"]
    picture = bytes(dash.image.value)
    dash.controls["slope"].value = 3.0
    assert dash.readouts["optimal rounds"] < shallow_before  # dear rounds: fewer of them
    assert bytes(dash.image.value) != picture
    assert dash.full_render_count == 1  # a cost change is a blit
    _, _, greedy, dp, best = direct(dash.values)
    assert dash.readouts["Algorithm 1 loss"] == pytest.approx(greedy.loss)
    assert dash.readouts["DP loss"] == pytest.approx(dp.loss)
    assert dash.readouts["optimal loss"] == pytest.approx(best.loss)


def test_free_rounds_give_a_schedule_without_violations(dash):
    dash.set(c1=0.0, slope=0.0)
    w, c, _, _, best = direct(dash.values)
    assert dash.readouts["optimal loss"] == 0.0
    assert schedule_loss_parts(best.schedules[0], w, c).total == 0.0


def test_seed_changes_the_dag_and_the_excess_is_never_negative(dash):
    seen = set()
    for seed in range(8):
        dash.controls["seed"].value = seed
        seen.add(dash.readouts["edges"])
        assert dash.readouts["Algorithm 1 excess"] >= dash.readouts["DP excess"] >= -1e-9
    assert len(seen) > 1


def test_large_r_skips_brute_force(dash):
    dash.controls["r"].value = 12
    assert dash.error is None
    assert dash.readouts["optimal schedules"] == "not computed"
    assert np.isnan(dash.readouts["optimal loss"])
    assert "brute force only" in " ".join(t.get_text() for t in dash.figure.axes[2].texts)


def test_all_extremes_together(dash):
    dash.set(r=12, density=1.0, scale=5.0, c1=3.0, slope=3.0)
    assert dash.error is None
    assert dash.readouts["edges"] == 66
    dash.set(r=2, density=0.0, scale=0.1, c1=0.0, slope=0.0)
    assert dash.error is None
    assert dash.readouts["optimal loss"] == 0.0


# --------------------------------------------------------------------------- #
# the presentation layout
# --------------------------------------------------------------------------- #
@pytest.fixture(scope="module")
def wide():
    return schedule_explorer(presentation=True)


def test_presentation_labels_are_projector_size_and_the_student_ones_unchanged(wide):
    # the task names and round numbers are glyph outlines, not Text: the generic
    # presentation test cannot see them; they used to be 10 pt (about 5 px on screen)
    pixels = wide.figure.dpi / 72  # pixels per point at the natural size
    for ax in wide.figure.axes:
        for gid in (SCHEDULE_TASK_LABELS_GID, SCHEDULE_ROUND_LABELS_GID):
            labels = labels_of(ax, gid)
            height = max(np.ptp(path.vertices[:, 1]) for path in labels.get_paths())
            assert height * pixels >= 0.7 * 16  # glyph height of a digit at >= 16 px
    student = schedule_explorer()
    (tasks,) = [
        c for c in student.figure.axes[0].collections if c.get_gid() == SCHEDULE_TASK_LABELS_GID
    ]
    np.testing.assert_array_equal(
        tasks.get_paths()[0].vertices, _centred_text_path("0", 10).vertices
    )
    assert tuple(student.figure.get_size_inches()) == (13.0, 5.6)


def test_presentation_headline_and_folded_controls(wide):
    assert wide.headline_readouts() == {
        k: wide.readouts[k]
        for k in ("Algorithm 1 loss", "DP loss", "optimal loss", "optimal rounds")
    }
    folded = {id(c) for c in wide.more.children[0].children}
    assert {name for name, c in wide.controls.items() if id(c) in folded} == {
        "density",
        "scale",
        "seed",
    }
    assert [
        round(wide.readouts[k], 2) for k in ("Algorithm 1 loss", "DP loss", "optimal loss")
    ] == [4.19, 3.76, 3.62]


def _deuteranope_lab(colour):
    """CIELAB of a colour as a deuteranope sees it (Machado et al. 2009, severity 1)."""
    rgb = np.asarray(to_rgba(colour)[:3])
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    simulated = np.clip(
        np.array(
            [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ]
        )
        @ linear,
        0,
        1,
    )
    xyz = (
        np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
        @ simulated
        / np.array([0.95047, 1.0, 1.08883])
    )
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


@pytest.mark.parametrize("short", [False, True])
def test_edge_kinds_differ_in_colour_under_deuteranopia_not_only_in_dash(short):
    # issue 17: orange clustering arcs and vermillion dashed backward edges were one
    # colour under a deuteranopia simulation (Delta E 18); now > 40 between every two kinds
    kinds = [style for label, style in schedule_legend_entries(short=short)[1:]]
    colours = [style["color"] for style in kinds]
    assert colours == [NEUTRAL_COLOR, NEGATIVE_COLOR, POSITIVE_COLOR]
    for a in range(3):
        for b in range(a + 1, 3):
            distance = np.linalg.norm(_deuteranope_lab(colours[a]) - _deuteranope_lab(colours[b]))
            assert distance > 40, (colours[a], colours[b], distance)
    assert [style.get("ls", "-") for style in kinds] == ["-", "-", "--"]  # the legend shows both


def test_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        schedule_explorer(tasks=5)
    with pytest.raises(ValueError, match=r"^r must be .* from .* to .*, got "):
        schedule_explorer(r=20)
    assert schedule_explorer(r=5).values["r"] == 5


def test_schedule_costs():
    np.testing.assert_allclose(schedule_costs(4, 1.0, 0.5), [1.0, 1.5, 2.0, 2.5])


# --------------------------------------------------------------------------- #
# plot_schedule
# --------------------------------------------------------------------------- #
def edge_colours(ax):
    (lines,) = ax.collections[:1]
    return [tuple(np.round(c, 3)) for c in lines.get_colors()]


def test_plot_schedule_colours_each_edge_by_what_it_costs():
    w = np.array([[0, 1, 2, 0], [0, 0, 0, 3], [0, 0, 0, 1], [0, 0, 0, 0]], dtype=float)
    rounds = [1, 2, 2, 1]  # 0 -> 1, 0 -> 2 satisfied; 1 -> 3, 2 -> 3 backwards
    fig, ax = plt.subplots()
    plot_schedule(ax, rounds, w, legend=False)
    colours = edge_colours(ax)
    ok, back = (
        tuple(np.round(to_rgba(NEUTRAL_COLOR), 3)),
        tuple(np.round(to_rgba(POSITIVE_COLOR), 3)),
    )
    assert colours == [ok, ok, back, back]
    plt.close(fig)
    fig, ax = plt.subplots()
    plot_schedule(ax, [1, 1, 1, 1], w, legend=False)
    assert set(edge_colours(ax)) == {tuple(np.round(to_rgba(NEGATIVE_COLOR), 3))}
    plt.close(fig)


def decode(png):
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGB")).astype(int)


@pytest.mark.parametrize("presentation", [False, True])
def test_first_picture_equals_a_fresh_redraw_of_the_same_state(presentation):
    # the task boxes are sized in inches from the axes' place on the page: the first draw used
    # to run before the figure was laid out, so the snapshot a notebook shows had boxes a third
    # wider (and edges cut elsewhere) than every later redraw of the same control values
    dash = schedule_explorer(presentation=presentation)
    first = decode(dash.image.value)
    dash.update()
    np.testing.assert_array_equal(decode(dash.image.value), first)
    dash.set(slope=3.0)
    dash.set(slope=SCHEDULE_EXPLORER_DEFAULTS["slope"])
    np.testing.assert_array_equal(decode(dash.image.value), first)


@pytest.mark.parametrize("presentation", [False, True])
def test_the_figure_writes_the_losses_as_the_readouts_print_them(presentation):
    # the panels wrote 3.62 where the headline says 3.625
    dash = schedule_explorer(presentation=presentation)
    w, c, greedy, dp, best = direct(dash.values)
    size = 11 if not presentation else 17.0 / PRESENTATION_SCALE + 1  # task labels' size + 1
    for ax, key, rounds in zip(
        dash.figure.axes,
        ("Algorithm 1 loss", "DP loss", "optimal loss"),
        (greedy.rounds, dp.rounds, best.schedules[0]),
        strict=True,
    ):
        parts = schedule_loss_parts(rounds, w, c)
        total = f"{dash.readouts[key]:.3f}"  # as the headline and the table show it
        expected = (
            f"{parts.disagreement:.3f} + {parts.clustering:.3f} + {parts.round_cost:.3f} = {total}"
        )
        (line,) = labels_of(ax, SCHEDULE_PARTS_GID).get_paths()
        np.testing.assert_array_equal(line.vertices, _centred_text_path(expected, size).vertices)
    assert f"{dash.readouts['optimal loss']:.3f}" == "3.625"


def labels_of(ax, gid):
    (collection,) = [c for c in ax.collections if c.get_gid() == gid]
    return collection


def test_plot_schedule_places_boxes_by_round_and_writes_the_parts():
    w = random_task_weights(5, 0.6, rng=2)
    c = schedule_costs(5, 0.0, 1.0)
    rounds = np.array([1, 2, 2, 3, 1])
    parts = schedule_loss_parts(rounds, w, c)
    fig, ax = plt.subplots()
    plot_schedule(ax, rounds, w, parts=parts, labels="abcde", title="demo")
    tasks = labels_of(ax, SCHEDULE_TASK_LABELS_GID)
    assert tasks.get_offsets().tolist() == [[1, 0], [2, 0], [2, 1], [3, 0], [1, 1]]
    for path, name in zip(tasks.get_paths(), "abcde", strict=True):
        np.testing.assert_array_equal(path.vertices, _centred_text_path(name, 10).vertices)
    numbers = labels_of(ax, SCHEDULE_ROUND_LABELS_GID)
    assert numbers.get_offsets()[:, 0].tolist() == [1, 2, 3]
    (line,) = labels_of(ax, SCHEDULE_PARTS_GID).get_paths()
    expected = (
        f"{parts.disagreement:.3f} + {parts.clustering:.3f} + "
        f"{parts.round_cost:.3f} = {parts.total:.3f}"
    )
    np.testing.assert_array_equal(line.vertices, _centred_text_path(expected, 11).vertices)
    assert "clustering + depth" in ax.get_xlabel()
    assert ax.get_title() == "demo"
    assert ax.get_legend() is not None
    assert ax.get_xlim() == (0.4, 3.6)
    plt.close(fig)


def test_plot_schedule_labels_keep_their_size_at_another_dpi():
    fig, ax = plt.subplots(dpi=50)
    plot_schedule(ax, [1, 2], [[0, 1], [0, 0]], legend=False)
    tasks = labels_of(ax, SCHEDULE_TASK_LABELS_GID)
    scale_50 = tasks.get_transform().transform([[72.0, 0.0]])[0, 0]
    fig.set_dpi(100)
    scale_100 = tasks.get_transform().transform([[72.0, 0.0]])[0, 0]
    assert (scale_50, scale_100) == (50.0, 100.0)  # one inch of glyph is one inch of page
    plt.close(fig)


def test_plot_schedule_accepts_blank_and_long_labels():
    fig, ax = plt.subplots()
    plot_schedule(ax, [1, 1, 2], np.zeros((3, 3)), labels=["", "  ", "a long name"])
    fig.canvas.draw()
    tasks = labels_of(ax, SCHEDULE_TASK_LABELS_GID)
    assert len(tasks.get_paths()) == 3
    vertices = tasks.get_paths()[2].vertices
    drawn = vertices[tasks.get_paths()[2].codes != Path.CLOSEPOLY]  # a placeholder vertex
    np.testing.assert_allclose(drawn.min(axis=0), -drawn.max(axis=0))  # centred on the box
    plt.close(fig)


def test_plot_schedule_errors():
    fig, ax = plt.subplots()
    with pytest.raises(TypeError, match="ax must be"):
        plot_schedule("not an axes", [1], [[0]])
    with pytest.raises(ValueError, match="labels must give one label per task"):
        plot_schedule(ax, [1, 2], [[0, 1], [0, 0]], labels=["x"])
    with pytest.raises(ValueError, match="rounds must lie"):
        plot_schedule(ax, [0, 1], [[0, 1], [0, 0]])
    assert style_schedule_axes(ax).get_yticks().size == 0
    plt.close(fig)


def test_optimal_clustering_loss_is_the_clustering_part_of_the_brute_force_optimum():
    dash = schedule_explorer()
    for slope in (0.6, 3.0):
        dash.set(slope=slope)
        v = dash.values
        weights = random_task_weights(v["r"], v["density"], v["scale"], rng=v["seed"])
        costs = schedule_costs(v["r"], v["c1"], slope)
        best = brute_force_schedule(weights, costs).schedules[0]
        expected = schedule_loss_parts(best, weights, costs).clustering
        assert dash.readouts["optimal clustering loss"] == pytest.approx(expected, abs=1e-12)
    # the talk track's claim: a steeper cost profile piles tasks into shared rounds
    dash.reset()
    low = dash.readouts["optimal clustering loss"]
    dash.set(slope=3.0)
    assert dash.readouts["optimal clustering loss"] > low
