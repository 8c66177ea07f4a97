"""rankviz.plotting.consistency (chapter 07): what each function draws, and its errors."""

import itertools

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.patches import FancyArrowPatch

from rankviz.permutations import merge_near_ties
from rankviz.plotting import (
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    consistency,
    plot_item_scores,
    style_item_scores_axes,
)


def test_layout_puts_item_0_on_top_then_clockwise():
    pos = consistency.preference_graph_layout(4)
    np.testing.assert_allclose(
        [pos[i] for i in range(4)], [[0, 1], [1, 0], [0, -1], [-1, 0]], atol=1e-12
    )
    with pytest.raises(ValueError, match="n must be <="):
        consistency.preference_graph_layout(10**12)


def test_graph_axes_fit_the_circle(ax):
    consistency.style_preference_graph_axes(ax, 4, title="G")
    assert ax.get_xlim() == pytest.approx((-1.5, 1.5)) and ax.get_title() == "G"
    assert ax.get_aspect() == 1.0 and not ax.get_xticks().size


def test_preference_circle_colours_wrong_and_right_edges(ax):
    W = [[0, 1.0, 0], [0, 0, 0.5], [0.25, 0, 0]]
    consistency.plot_preference_circle(ax, W, wrong=[(0, 1)], right=[(1, 2)])
    arrows = [a for a in ax.get_children() if isinstance(a, FancyArrowPatch)]
    assert len(arrows) == 3
    colours = [to_rgba(a.get_edgecolor()) for a in arrows]
    assert to_rgba(POSITIVE_COLOR) in colours and to_rgba(SAMPLE_COLOR) in colours
    assert arrows[0].get_linewidth() > arrows[1].get_linewidth()  # width grows with the weight
    assert {t.get_text() for t in ax.texts} >= {"1", "0.5", "0.25", "0", "2"}
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == [
        "preference i → j (width ∝ weight)",
        "ordered correctly",
        "misordered or tied",
    ]
    with pytest.raises(ValueError, match=r"wrong must hold item ids in 0..2"):
        consistency.plot_preference_circle(ax, W, wrong=[(0, 3)])
    with pytest.raises(ValueError, match="right must be a sequence of pairs"):
        consistency.plot_preference_circle(ax, W, right=[0, 1])


def test_item_scores_rows(ax):
    consistency.style_item_scores_axes(ax, ["scores α", "target"], ticks=False)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["scores α", "target"]
    assert not ax.get_xticks().size
    consistency.plot_item_scores(ax, 1, [0.0, 1.0, 1.0, -1.0], wrong=[(0, 3)], note="n")
    labels = sorted(t.get_text() for t in ax.texts)
    # tied items 1 and 2 share one marker; each score is written below its marker
    assert labels == ["-1.00", "0", "0.00", "1 = 2", "1.00", "3", "n"]
    markers = [ln for ln in ax.get_lines() if ln.get_marker() in ("o", "s")]
    assert all(ln.get_ydata()[0] == -1 for ln in markers)  # row 1 sits at y = -1
    hit = [ln for ln in markers if to_rgba(ln.get_markerfacecolor()) == to_rgba(POSITIVE_COLOR)]
    assert len(hit) == 2  # items 0 and 3, of the flagged pair
    with pytest.raises(ValueError, match="wrong must hold item ids"):
        consistency.plot_item_scores(ax, 0, [0.0, 1.0], wrong=[(0, 2)])
    with pytest.raises(ValueError, match="span must be increasing"):
        consistency.plot_item_scores(ax, 0, [0.0, 1.0], span=(1.0, 0.0))
    with pytest.raises(TypeError, match="row_labels must be a sequence"):
        consistency.style_item_scores_axes(ax, None)


def test_item_score_positions_spread_close_markers_and_keep_order_and_ties():
    fig, ax = plt.subplots(figsize=(6, 2), dpi=72)
    ax.set_xlim(-0.1, 1.1)
    # far apart: exactly to scale
    np.testing.assert_allclose(
        consistency.item_score_positions(ax, [2.0, 0.0, 1.0]), [1.0, 0.0, 0.5]
    )
    # items 1, 2, 3 a hair apart (above the tie tolerance), items 4 and 5 tied
    scores = [1.0, 0.0, 0.001, 0.002, 0.5, 0.5]
    x = consistency.item_score_positions(ax, scores, fontsize=16)
    assert x[1] < x[2] < x[3] < x[4] == x[5] < x[0] == 1.0
    gap_px = np.diff(np.sort(np.unique(np.round(x, 9)))) * ax.bbox.width / 1.2
    assert gap_px.min() >= 27  # at least a marker (1.7 x 16 pt = 27 px at 72 dpi) apart
    assert x[4] == pytest.approx(0.5)  # a marker with room stays where its score puts it
    plt.close(fig)
    with pytest.raises(ValueError, match="span"):
        consistency.item_score_positions(ax, [0.0, 1.0], span=(1.0, 0.0))


def test_item_scores_tie_a_chain_of_near_equal_scores_like_merge_near_ties(ax):
    # 0, 0.6e-6 and 1.2e-6: each within the tolerance of the next, one tie as merge_near_ties
    # makes it (the panel used to compare with the group's first score and drew two markers)
    scores = [0.0, 0.6e-6, 1.2e-6, 1.0]
    consistency.plot_item_scores(ax, 0, scores)
    labels = {t.get_text() for t in ax.texts if t.get_fontweight() == "bold"}
    assert labels == {"0 = 1 = 2", "3"}
    merged = merge_near_ties(scores, consistency.ITEM_TIE_ATOL)
    assert len(set(merged.tolist())) == 2


@pytest.mark.parametrize("fontsize", [None, 16.0])
def test_item_score_labels_never_overlap(fontsize):
    """Issue 28 (seen in 07's dashboard): the scores -3.71 and -3.30 mapped to 0 and 0.11 of the
    span wrote "-3.71" over "-3.30"; a close neighbour's label now goes above its marker."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(4.0, 3.0))
    style_item_scores_axes(ax, ["surrogate"], ticks=False)
    ax.set_xlim(-0.12, 1.12)
    plot_item_scores(ax, 0, [0.0, -3.30, -3.71, -1.5], span=(0.0, 1.0), fontsize=fontsize)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    boxes = [
        t.get_window_extent(renderer) for t in ax.texts if t.get_text().startswith(("-", "0."))
    ]
    assert len(boxes) == 4
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b)
    plt.close(fig)
