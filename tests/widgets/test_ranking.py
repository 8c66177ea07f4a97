"""The chapter 01 dashboard, driven as a reader drives it, and the drawing functions it uses."""

import matplotlib.pyplot as plt
import numpy as np
import pytest

from rankviz.measures import average_precision, dcg, err, ndcg, precision_at_k
from rankviz.metrics import auc
from rankviz.permutations import sigma_from_order
from rankviz.plotting import (
    plot_cutoff_curves,
    plot_position_bars,
    plot_preference_graph,
    style_cutoff_axes,
    style_position_axes,
)
from rankviz.samples import preference_graph_from_labels
from rankviz.widgets import ranking_playground
from rankviz.widgets.ranking import DOCUMENTS, RANKING_PLAYGROUND_DEFAULTS, ranking_of

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast

UP, DOWN = "▲ move the document up", "▼ move the document down"
IDEAL, WORST = "sort by grade (ideal)", "sort against the grades (worst)"


@pytest.fixture(scope="module")
def shared():
    """One dashboard for the module: building one costs about a second of text layout."""
    return ranking_playground()


@pytest.fixture
def dash(shared):
    """The shared dashboard, back in its default state (one redraw)."""
    shared.set(**RANKING_PLAYGROUND_DEFAULTS)
    assert shared.error is None and shared.values == RANKING_PLAYGROUND_DEFAULTS
    return shared


def grades_of(dash):
    return np.array([dash.values[f"grade_{d}"] for d in DOCUMENTS])


def scores_shown(dash):
    """-sigma of the ranking in the readout, read back from its text."""
    names = dash.readouts["ranking (top first)"].split()
    return -sigma_from_order([DOCUMENTS.index(name) for name in names])


def test_default_state_matches_the_measures_computed_directly(dash):
    assert dash.error is None
    assert dash.values == RANKING_PLAYGROUND_DEFAULTS
    assert dash.readouts["ranking (top first)"] == "A B C D E F G H"
    y, s = grades_of(dash), scores_shown(dash)
    relevant = (y >= 2).astype(int)
    assert dash.readouts["Precision@5"] == precision_at_k(relevant, s, 5)
    assert dash.readouts["average precision (AP)"] == average_precision(relevant, s)
    assert dash.readouts["DCG@5"] == dcg(y, s, 5)
    assert dash.readouts["NDCG@5"] == ndcg(y, s, 5)
    assert dash.readouts["ERR@5 (max grade 4)"] == err(y, s, 5, max_grade=4)
    assert dash.readouts["1 − AUC"] == pytest.approx(1 - auc(relevant, s))
    assert dash.readouts["relevant (grade ≥ 2)"] == "3 of 8"
    assert len(dash.figure.axes) == 4


def test_buttons_move_the_selected_document(dash):
    picture, full_renders = bytes(dash.image.value), dash.full_render_count
    dash.controls["selected"].value = "C"
    dash.buttons[UP].click()
    assert dash.readouts["ranking (top first)"] == "A C B D E F G H"
    assert dash.values["order"] == "A C B D E F G H"
    dash.buttons[UP].click()
    dash.buttons[UP].click()  # already on top: nothing moves
    assert dash.readouts["ranking (top first)"] == "C A B D E F G H"
    dash.controls["selected"].value = "H"
    dash.buttons[DOWN].click()  # already at the bottom
    assert dash.readouts["ranking (top first)"] == "C A B D E F G H"
    assert bytes(dash.image.value) != picture
    assert dash.full_render_count == full_renders  # every change was a blit


def test_moving_the_best_document_up_raises_ndcg_at_every_step(dash):
    dash.controls["selected"].value = "F"  # grade 4, starts at position 6
    values = [dash.readouts["NDCG@5"]]
    for _ in range(5):
        dash.buttons[UP].click()
        values.append(dash.readouts["NDCG@5"])
    assert dash.readouts["ranking (top first)"].startswith("F ")
    assert np.all(np.diff(values) > 0)


def test_ideal_and_worst_orders(dash):
    dash.buttons[IDEAL].click()
    r = dash.readouts
    assert r["ranking (top first)"] == "F B D A G C E H"
    assert r["NDCG@5"] == 1.0 and r["average precision (AP)"] == 1.0
    assert r["pairwise disagreement (grade DAG)"] == 0.0 and r["1 − AUC"] == 0.0
    assert r["DCG@5"] == r["ideal DCG@5"]
    dash.buttons[WORST].click()
    r = dash.readouts
    assert r["ranking (top first)"] == "C E H A G D B F"
    assert r["1 − AUC"] == 1.0 and r["Precision@5"] == 0.0
    y = grades_of(dash)
    assert r["pairwise disagreement (grade DAG)"] == sum(
        y[i] - y[j] for i in range(8) for j in range(8) if y[i] > y[j]
    )


def test_scoring_rules(dash):
    dash.set(rule="noisy grade", noise=0.0)
    assert dash.readouts["ranking (top first)"] == "F B D A G C E H"  # the grades, ties by name
    dash.controls["noise"].value = 2.0
    first = dash.readouts["ranking (top first)"]
    dash.controls["seed"].value = 7
    assert dash.readouts["ranking (top first)"] != first
    dash.controls["rule"].value = "reversed grade"
    assert dash.readouts["ranking (top first)"] == "C E H A G D B F"
    # a button applied to a rule's ranking starts from that ranking, then switches to manual
    dash.controls["selected"].value = "F"
    dash.buttons[UP].click()
    assert dash.values["rule"] == "manual"
    assert dash.readouts["ranking (top first)"] == "C E H A G D F B"


def test_typed_rankings_and_typing_errors(dash):
    dash.controls["order"].value = "h, g > f e d c b a"
    assert dash.error is None
    assert dash.readouts["ranking (top first)"] == "H G F E D C B A"
    dash.controls["order"].value = "A B C"
    assert "each of the documents" in dash.error
    assert dash.readouts == {}
    dash.buttons[UP].click()  # no crash on a mistyped ranking
    assert dash.values["order"] == "A B C"
    dash.buttons[IDEAL].click()  # the sort buttons repair it
    assert dash.error is None


def test_grades_threshold_and_gain(dash):
    dash.controls["grade_C"].value = 4
    assert dash.readouts["relevant (grade ≥ 2)"] == "4 of 8"
    dash.controls["relevant_from"].value = 4
    assert dash.readouts["relevant (grade ≥ 4)"] == "2 of 8"
    top, full_renders = dash.figure.axes[0].get_ylim()[1], dash.full_render_count
    dash.controls["gain"].value = "linear"
    assert dash.full_render_count == full_renders + 1  # the gain panels get new limits
    assert dash.figure.axes[0].get_ylim()[1] < top
    y, s = grades_of(dash), scores_shown(dash)
    assert dash.readouts["NDCG@5"] == ndcg(y, s, 5, gain="linear")


def test_all_grades_zero_shows_undefined_measures(dash):
    dash.set(**{f"grade_{d}": 0 for d in DOCUMENTS})
    assert dash.error is None
    assert np.isnan(dash.readouts["NDCG@5"]) and np.isnan(dash.readouts["1 − AUC"])
    assert np.isnan(dash.readouts["average precision (AP)"])
    assert dash.readouts["ERR@5 (max grade 4)"] == 0.0
    assert "undefined" in dash.readout.value


def test_ranking_of_follows_the_rule():
    values = dict(RANKING_PLAYGROUND_DEFAULTS, order="B A C D E F G H")
    assert list(ranking_of(values)[:2]) == [1, 0]
    with pytest.raises(ValueError, match="each of the documents"):
        ranking_of(dict(values, order="A A B C D E F G"))


def test_initial_values_are_validated():
    with pytest.raises(TypeError, match="unknown controls"):
        ranking_playground(grade_Z=1)
    with pytest.raises(ValueError, match=r"^grade_A must be .* from .* to .*, got "):
        ranking_playground(grade_A=5)
    with pytest.raises(ValueError, match="each of the documents"):
        ranking_playground(order="A B")
    assert ranking_playground(k=8, gain="linear").values["k"] == 8


# --------------------------------------------------------------------------- #
# the drawing functions of chapter 01
# --------------------------------------------------------------------------- #
@pytest.fixture
def ax():
    fig, ax = plt.subplots()
    yield ax
    plt.close(fig)


def test_preference_graph_layouts(ax):
    plot_preference_graph(ax, preference_graph_from_labels([1, 0, 1, 0]), names="abcd")
    texts = sorted(t.get_text() for t in ax.texts)
    assert texts == ["a", "b", "c", "d"]  # unit weights: no edge labels
    rows = {round(float(p.get_offsets()[0][1]), 6) for p in ax.collections[:1]}
    assert rows  # nodes were drawn
    offsets = ax.collections[0].get_offsets()
    assert offsets[0][1] == offsets[2][1] > offsets[1][1] == offsets[3][1]  # relevant on top
    ax.clear()
    cycle = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
    plot_preference_graph(ax, cycle, levels=[0, 0, 0], edge_labels=True, title="a cycle")
    assert ax.get_title() == "a cycle"
    ax.clear()
    plot_preference_graph(ax, cycle)  # not a DAG: drawn on a circle
    radii = np.hypot(*ax.collections[0].get_offsets().T)
    np.testing.assert_allclose(radii, radii[0])


def test_position_and_cutoff_plots(ax):
    style_position_axes(ax, 4, ymax=10.0, ylabel="gain", title="t")
    plot_position_bars(
        ax,
        [7, 3, 0, 1],
        labels="ABCD",
        colors=["r", "g", "b", "k"],
        ideal=[7, 3, 1, 0],
        cutoff=2,
        label="gains",
    )
    assert ax.get_ylim() == (0.0, 10.0) and ax.get_title() == "t"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "gains",
        "ideal ranking",
        "cut-off k = 2",
    ]
    heights = [path.vertices[:, 1].max() for path in ax.collections[0].get_paths()]
    assert heights == [7, 3, 0, 1]
    ax.clear()
    style_cutoff_axes(ax, 3, title="m")
    plot_cutoff_curves(ax, {"a": [1, 0.5, np.nan], "b": [0, 0, 1]}, cutoff=2)
    assert len(ax.get_lines()) == 3


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda ax: plot_preference_graph(ax, np.zeros((2, 2)), names="a"), ValueError, "names"),
        (
            lambda ax: plot_preference_graph(ax, np.zeros((2, 2)), node_colors=["r"]),
            ValueError,
            "node_colors",
        ),
        (lambda ax: plot_preference_graph(ax, np.zeros((2, 2)), levels=[1]), ValueError, "levels"),
        (lambda ax: plot_preference_graph("ax", np.zeros((2, 2))), TypeError, "ax must be"),
        (lambda ax: plot_position_bars(ax, [1, 2], labels="a"), ValueError, "labels"),
        (lambda ax: plot_position_bars(ax, [1, 2], colors=["r"]), ValueError, "colors"),
        (lambda ax: plot_position_bars(ax, [1, 2], ideal=[1]), ValueError, "ideal"),
        (lambda ax: plot_position_bars(ax, [1, 2], cutoff=0), ValueError, "cutoff"),
        (lambda ax: style_position_axes(ax, 0, ymax=1, ylabel="y"), ValueError, "n_positions"),
        (lambda ax: style_position_axes(ax, 3, ymax=0, ylabel="y"), ValueError, "ymax"),
        (lambda ax: plot_cutoff_curves(ax, {}), ValueError, "curves must not be empty"),
        (lambda ax: plot_cutoff_curves(ax, {"a": [1, 0.5], "b": [1]}), ValueError, "same length"),
        (lambda ax: plot_cutoff_curves(ax, {"a": []}), ValueError, "is empty"),
    ],
)
def test_drawing_errors(ax, call, error, message):
    with pytest.raises(error, match=message):
        call(ax)


# --------------------------------------------------------------------------- #
# issue 17: the ranking box follows a scoring rule; the noise step; the presentation layout
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("presentation", [False, True])
def test_the_ranking_box_shows_the_ranking_of_the_rule(presentation):
    """After switching to "grade + noise" the box kept the old ranking while the figure moved."""
    dash = ranking_playground(presentation=presentation)
    ranking_axes = dash.figure.axes[2 if not presentation else 0]

    def in_step():
        drawn = "".join(t.get_text() for t in ranking_axes.texts)  # the names above the bars
        return dash.values["order"] == dash.readouts["ranking (top first)"] and (
            drawn == dash.readouts["ranking (top first)"].replace(" ", "")
        )

    assert in_step()
    dash.controls["rule"].value = "noisy grade"
    assert dash.readouts["ranking (top first)"] == "F B G D A H C E" and in_step()
    for name, value in [("noise", 3.5), ("seed", 7), ("grade_A", 4), ("rule", "reversed grade")]:
        dash.controls[name].value = value
        assert in_step(), name
    # typing another ranking under a rule takes it: the rule goes back to "by hand"
    dash.controls["order"].value = "H G F E D C B A"
    assert dash.values["rule"] == "manual" and in_step()
    assert dash.readouts["ranking (top first)"] == "H G F E D C B A"
    dash.reset()
    assert dash.values == dash.defaults and in_step()


def test_the_noise_step_of_the_talk_track(dash):
    """Noise 1.0 keeps F on top (NDCG@5 0.994); at 3.5 a grade-1 document takes the top."""
    dash.controls["rule"].value = "noisy grade"
    low = dict(dash.readouts)
    dash.controls["noise"].value = 3.5
    high = dash.readouts
    assert low["ranking (top first)"].startswith("F ") and high["ranking (top first)"][0] == "G"
    assert round(low["NDCG@5"], 3) == 0.994 and round(high["NDCG@5"], 3) == 0.674
    assert (round(low["ERR@5 (max grade 4)"], 3), round(high["ERR@5 (max grade 4)"], 3)) == (
        0.954,
        0.510,
    )
    assert low["Precision@5"] == high["Precision@5"] == 0.6


def test_presentation_layout():
    dash = ranking_playground(presentation=True)
    assert [ax.get_title() for ax in dash.figure.axes] == [
        "DCG terms, gain G(y) = 2^y − 1",
        "every measure at every cut-off k",
    ]
    assert list(dash.buttons) == [UP, DOWN]  # the sort buttons are left out
    folded = {id(c) for c in dash.more.children[0].children}
    main = [name for name, c in dash.controls.items() if id(c) not in folded]
    assert main == ["k", "rule", "noise", "selected"]
    assert list(dash.headline_readouts()) == [
        "Precision@5",
        "NDCG@5",
        "ERR@5 (max grade 4)",
        "ranking (top first)",
    ]
    dash.controls["selected"].value = "F"
    for _ in range(5):
        dash.buttons[UP].click()
    assert round(dash.readouts["NDCG@5"], 3) == 0.934
    assert dash.full_render_count == 1
