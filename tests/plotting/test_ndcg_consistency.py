"""rankviz.plotting.ndcg_consistency (chapter 10): what each function draws, and its errors."""

import pytest

from rankviz.plotting import ndcg_consistency as drawing


def test_legend_entries_tell_the_verdicts_apart_by_hatch_as_well_as_colour():
    (inside, inside_style), (outside, outside_style) = drawing.surrogate_order_legend_entries()
    assert "✓" in inside and "✗" in outside
    assert "hatch" not in inside_style and outside_style["hatch"] == drawing.OUTSIDE_HATCH
    assert inside_style["facecolor"] != outside_style["facecolor"]


def test_orders_are_drawn_as_boxes_in_position_with_their_verdict_in_words(ax):
    drawing.style_surrogate_orders_axes(ax, 3, ["Bayes", "RankNet"], title="t")
    drawing.plot_surrogate_orders(
        ax, [[2, 0, 1], [0, 2, 1]], [True, False], item_names="ABC", notes=["", "regret 0.05"]
    )
    boxes = {(round(p.get_x() + 0.42), round(p.get_y() + 0.36)): p for p in ax.patches}
    assert len(boxes) == 6 and not boxes[(0, 0)].get_hatch() and boxes[(0, 1)].get_hatch()
    letters = {(round(t.get_position()[0]), t.get_position()[1]): t.get_text() for t in ax.texts}
    assert [letters[(k, 0)] for k in range(3)] == ["C", "A", "B"]
    assert [letters[(k, 1)] for k in range(3)] == ["A", "C", "B"]
    words = [t.get_text() for t in ax.texts]
    assert drawing.BAYES_VERDICT in words and drawing.NOT_BAYES_VERDICT in words
    assert "regret 0.05" in words and ax.get_legend() is not None
    assert [label.get_text() for label in ax.get_yticklabels()] == ["Bayes", "RankNet"]


def test_orders_refuse_what_is_not_a_permutation_or_does_not_match(ax):
    with pytest.raises(ValueError, match="orders"):
        drawing.plot_surrogate_orders(ax, [[0, 0, 1]], [True], item_names="ABC")
    with pytest.raises(ValueError, match="in_bayes"):
        drawing.plot_surrogate_orders(ax, [[0, 1, 2]], [True, False], item_names="ABC")
    with pytest.raises(ValueError, match="item_names"):
        drawing.plot_surrogate_orders(ax, [[0, 1, 2]], [True], item_names="AB")


def test_expected_gains_are_bars_with_value_and_bayes_rank(ax):
    drawing.style_expected_gains_axes(ax, 2)
    drawing.plot_expected_gains(ax, [0.25, 0.5], ["A", "B"], bayes_rank=[2, 1])
    assert [round(p.get_height(), 6) for p in ax.patches] == [0.25, 0.5]
    assert [t.get_text() for t in ax.texts] == ["0.250\n(#2)", "0.500\n(#1)"]
    assert "E[G(yᵢ)/N(y)]" in ax.get_ylabel()
    with pytest.raises(ValueError, match="eta"):
        drawing.plot_expected_gains(ax, [0.25, 1.5], ["A", "B"])
    with pytest.raises(ValueError, match="bayes_rank"):
        drawing.plot_expected_gains(ax, [0.25, 0.5], ["A", "B"], bayes_rank=[1, 3])
