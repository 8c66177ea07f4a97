"""The chapter 10 dashboard (the listwise explorer), driven by its controls.

What it shows is compared with rankviz.ndcg_consistency called directly on the same
distribution; the verdicts are read back from the figure's words and hatches, not only from the
readouts; and the two surrogates with the normalized-gain target are never shown outside the
Bayes set, whatever the sliders say.
"""

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankviz.ndcg_consistency import check_ndcg_consistency_at
from rankviz.plotting import BAYES_VERDICT, NOT_BAYES_VERDICT, OUTSIDE_HATCH
from rankviz.widgets import listwise_explorer
from rankviz.widgets.listwise import (
    LABEL_SETS,
    LISTWISE_EXPLORER_DEFAULTS,
    ROWS,
    draw_listwise_explorer,
    setup_listwise_explorer,
)

pytestmark = pytest.mark.slow  # a dashboard driven end to end: make test, not make test-fast


@pytest.fixture
def dash():
    return listwise_explorer(presentation=False)


def distribution(values):
    labels = np.array(LABEL_SETS[values["labels"]][1], dtype=float)
    w = np.array([values["weight_a"], values["weight_b"], values["weight_c"]])
    return labels, (w / w.sum() if w.sum() > 0 else np.full(3, 1 / 3))


def verdict_words(dash):
    """The verdict written on each row of the orders panel, top row first."""
    texts = [
        t for t in dash.figure.axes[1].texts if t.get_text() in (BAYES_VERDICT, NOT_BAYES_VERDICT)
    ]
    return [t.get_text() for t in sorted(texts, key=lambda t: t.get_position()[1])]


def hatched_rows(dash):
    rows = {
        round(p.get_y() + p.get_height() / 2) for p in dash.figure.axes[1].patches if p.get_hatch()
    }
    return sorted(rows)


def test_the_defaults_show_ranknet_outside_the_bayes_set_and_the_rest_inside(dash):
    assert dash.error is None and dash.values == LISTWISE_EXPLORER_DEFAULTS
    assert dash.readouts["RankNet (pairwise)"] == "ACB: ✗ NOT in the Bayes set (regret 0.0488)"
    assert dash.readouts["Bayes orders"] == "CAB"
    for row in ("ListNet, softmax target", "ListNet, G/N target", "squared loss on G/N"):
        assert dash.readouts[row] == "CAB: ✓ in the Bayes set"
    assert verdict_words(dash) == [BAYES_VERDICT] * 3 + [NOT_BAYES_VERDICT, BAYES_VERDICT]
    assert hatched_rows(dash) == [3]  # RankNet's row, and only its boxes, hatched
    assert all(p.get_hatch() == OUTSIDE_HATCH for p in dash.figure.axes[1].patches if p.get_hatch())


def test_the_talk_tracks_moves_flip_the_verdicts(dash):
    dash.controls["weight_b"].value = 0.6  # both ListNet-softmax and RankNet leave the Bayes set
    assert verdict_words(dash) == [
        BAYES_VERDICT,
        NOT_BAYES_VERDICT,
        BAYES_VERDICT,
        NOT_BAYES_VERDICT,
        BAYES_VERDICT,
    ]
    dash.controls["weight_c"].value = 0.2  # RankNet comes back, ListNet-softmax stays out
    assert verdict_words(dash) == [BAYES_VERDICT, NOT_BAYES_VERDICT] + [BAYES_VERDICT] * 3
    assert hatched_rows(dash) == [1]


@pytest.mark.parametrize("labels", sorted(LABEL_SETS))
@pytest.mark.parametrize("gain", ["exponential", "linear"])
def test_what_is_shown_is_the_compute_modules_verdict(dash, labels, gain):
    rng = np.random.default_rng(len(labels))
    for _ in range(3):
        weights = np.round(rng.uniform(0, 1, size=3), 2)
        dash.set(
            labels=labels, gain=gain, weight_a=weights[0], weight_b=weights[1], weight_c=weights[2]
        )
        ys, probs = distribution(dash.values)
        for key, row in ROWS.items():
            if key == "bayes":
                continue
            check = check_ndcg_consistency_at(key, ys, probs, gain=gain)
            shown = dash.readouts[row]
            assert (
                shown.endswith("✓ in the Bayes set") == check.in_bayes_set or check.minimizer.tied
            )
            if not check.in_bayes_set:
                assert f"regret {check.regret:.4f}" in shown


def test_the_normalized_gain_rows_never_leave_the_bayes_set(dash):
    rng = np.random.default_rng(0)
    for labels in LABEL_SETS:
        for _ in range(5):
            weights = np.round(rng.uniform(0, 1, size=3), 2)
            dash.set(labels=labels, weight_a=weights[0], weight_b=weights[1], weight_c=weights[2])
            words = verdict_words(dash)
            assert words[0] == words[2] == words[4] == BAYES_VERDICT


def test_all_weights_zero_is_the_uniform_distribution(dash):
    dash.set(weight_a=0.0, weight_b=0.0, weight_c=0.0)
    assert dash.error is None
    assert (
        dash.readouts["distribution (a, b, c)"] == "0.333 · 0.333 · 0.333  (all weights 0: uniform)"
    )


def test_a_value_beyond_a_slider_is_refused_naming_it():
    with pytest.raises(ValueError, match="weight_a"):
        listwise_explorer(weight_a=1.5)
    fig_handles = setup_listwise_explorer(Figure())
    with pytest.raises(ValueError, match="labels"):
        draw_listwise_explorer(fig_handles, **{**LISTWISE_EXPLORER_DEFAULTS, "labels": "four"})
