"""Chapter 10 dashboard: the listwise explorer (which surrogate's minimizer is NDCG-optimal?).

Pick one of three label sets (three graded relevance vectors a, b, c of three documents) and mix
them with three weight sliders (normalized to a distribution; all zero means uniform).  The left
panel shows Ravikumar, Tewari and Yang's expected normalized gains ``E[G(y_i)/N(y)]`` with each
document's place in a Bayes-optimal order; the right panel the order of each surrogate's
minimizer (ListNet with Cao et al.'s softmax target and with the normalized-gain target,
RankNet, the squared loss on normalized gains), under the Bayes order, each marked in words and
by colour and hatch as in or not in NDCG's Bayes set.

Everything shown comes from :mod:`rankviz.ndcg_consistency`: closed-form minimizers and
Newton's method for RankNet (a few milliseconds), the Bayes set by enumerating the six
permutations.  No cvxpy call is made on a slider move.
"""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import numpy as np

from rankviz._validation import check_bool
from rankviz.ndcg_consistency import check_ndcg_consistency_at, expected_normalized_gains
from rankviz.permutations import format_order, order_from_sigma
from rankviz.plotting import (
    plot_expected_gains,
    plot_legend,
    plot_surrogate_orders,
    style_expected_gains_axes,
    style_surrogate_orders_axes,
    surrogate_order_legend_entries,
)
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Choice, Controls, Slider, document_controls
from rankviz.widgets.dashboard import PRESENTATION_WIDTH, Dashboard, presentation_enabled

__all__ = [
    "HEADLINE",
    "LABEL_SETS",
    "LISTWISE_EXPLORER_CONTROLS",
    "LISTWISE_EXPLORER_DEFAULTS",
    "ROWS",
    "draw_listwise_explorer",
    "listwise_explorer",
    "setup_listwise_explorer",
]

#: The label sets offered: key -> (dropdown label, the three label vectors a, b, c).  Found by
#: a search over every triple of grade vectors in {0, 1, 2}^3 (see the chapter's section):
#: "graded" has regions where ListNet's softmax target fails, where RankNet fails, and where
#: both do; "one relevant each" gives every label one relevant document, where RankNet's pair
#: probabilities follow the normalized gains but the softmax target still overweights grade 2.
LABEL_SETS = {
    "graded": ("graded: 002 010 211", ((0, 0, 2), (0, 1, 0), (2, 1, 1))),
    "one_relevant": ("one each: 100 020 001", ((1, 0, 0), (0, 2, 0), (0, 0, 1))),
    "band": ("band: 001 211 220", ((0, 0, 1), (2, 1, 1), (2, 2, 0))),
}

#: The rows of the orders panel: key -> row label (the first row is NDCG's Bayes order by RTY).
ROWS = {
    "bayes": "Bayes: sort by E[G/N]",
    "listnet_softmax": "ListNet, softmax target",
    "listnet_normalized_gain": "ListNet, G/N target",
    "ranknet": "RankNet (pairwise)",
    "squared_normalized_gain": "squared loss on G/N",
}

#: The readouts the deck's talk track cites, shown large in the presentation layout.
HEADLINE = ("ListNet, softmax target", "RankNet (pairwise)")

_DOCUMENTS = "ABC"
#: Height in inches of the presentation figure (one row of main controls above it).
_PRESENTATION_HEIGHT = 5.2

#: The controls of :func:`listwise_explorer`, declared once: the widgets, and the checks of the
#: factory's keywords, of ``Dashboard.set`` and of :func:`draw_listwise_explorer`.
LISTWISE_EXPLORER_CONTROLS = Controls(
    "listwise_explorer",
    labels=Choice("label set", [(label, key) for key, (label, _) in LABEL_SETS.items()], "graded"),
    gain=Choice("NDCG gain", [("2^y − 1", "exponential"), ("y", "linear")], "exponential"),
    weight_a=Slider("weight of a", 0.35, 0.0, 1.0, 0.01),
    weight_b=Slider("weight of b", 0.2, 0.0, 1.0, 0.01),
    weight_c=Slider("weight of c", 0.45, 0.0, 1.0, 0.01),
)
#: Default control values of :func:`listwise_explorer`.
LISTWISE_EXPLORER_DEFAULTS = LISTWISE_EXPLORER_CONTROLS.defaults


def _weights(values) -> tuple[np.ndarray, bool]:
    raw = np.array([values["weight_a"], values["weight_b"], values["weight_c"]], dtype=float)
    total = raw.sum()
    if total <= 0:
        return np.full(3, 1.0 / 3.0), True
    return raw / total, False


def _scores_text(minimizer) -> str:
    """The minimizer's scores of A, B, C, 2 decimals; "−∞" for a document below the top tier."""
    parts = [
        f"{score:+.2f}".replace("-", "−") if tier == 0 else "−∞"
        for score, tier in zip(minimizer.scores, minimizer.tiers, strict=True)
    ]
    return "s = " + ", ".join(parts)


def setup_listwise_explorer(fig, *, wide=False, **_values):
    """Build the static part: the gains panel, the orders panel and the legend.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    wide : bool, default False
        The presentation layout: the same two panels on a wide, low figure, the legend under
        it.
    **_values
        The control values (the layout does not depend on them: every label set has three
        documents).

    Returns
    -------
    types.SimpleNamespace
        The axes ``gains`` and ``orders``, and ``wide``.
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    gains_ax, orders_ax = fig.subplots(1, 2, width_ratios=[1.0, 2.5])
    style_expected_gains_axes(gains_ax, 3, title="NDCG's Bayes reference")
    style_surrogate_orders_axes(
        orders_ax, 3, list(ROWS.values()), title="order of each surrogate's minimizer"
    )
    if wide:
        plot_legend(
            fig,
            surrogate_order_legend_entries(),
            loc="outside lower center",
            ncols=2,
            fontsize=None,
        )
    else:
        plot_legend(fig, surrogate_order_legend_entries(), loc="outside lower center", ncols=2)
    return SimpleNamespace(gains=gains_ax, orders=orders_ax, wide=wide)


def draw_listwise_explorer(handles, **values):
    """Draw the expected normalized gains and every surrogate's order; return the readouts.

    Parameters
    ----------
    handles : types.SimpleNamespace
        As returned by :func:`setup_listwise_explorer`.
    **values
        The control values (:data:`LISTWISE_EXPLORER_CONTROLS`).

    Returns
    -------
    dict
        The labels and their probabilities, the expected normalized gains, the Bayes orders,
        and for each surrogate its order and verdict (with the NDCG regret).

    Raises
    ------
    TypeError
        If a keyword is not a control, a control is missing, or a value has the wrong type.
    ValueError
        If a value is one its control cannot take.
    """
    handles = check_handles(handles, "handles", "gains", "orders")
    values = LISTWISE_EXPLORER_CONTROLS.check(values)
    missing = [name for name in LISTWISE_EXPLORER_CONTROLS if name not in values]
    if missing:
        raise TypeError(f"draw_listwise_explorer is missing the controls {missing}")
    labels = np.array(LABEL_SETS[values["labels"]][1], dtype=float)
    gain = values["gain"]
    probs, all_zero = _weights(values)
    eta = expected_normalized_gains(labels, probs, gain=gain)
    checks = {
        key: check_ndcg_consistency_at(key, labels, probs, gain=gain)
        for key in ROWS
        if key != "bayes"
    }
    bayes = next(iter(checks.values())).bayes
    # RTY's order: sort by eta (ties to the smaller index); its verdict is computed, not assumed
    by_eta = np.empty(3, dtype=np.int64)
    by_eta[np.lexsort((np.arange(3), -np.round(eta, 12)))] = np.arange(3)
    eta_in_bayes = any((by_eta == s).all() for s in bayes)
    sigmas = [by_eta] + [check.minimizer.sigma for check in checks.values()]
    verdicts = [eta_in_bayes] + [check.in_bayes_set for check in checks.values()]
    wide = getattr(handles, "wide", False)
    notes = ["E[G/N] = " + ", ".join(f"{v:.3f}" for v in eta)]
    for check in checks.values():
        regret = "" if check.in_bayes_set else f"regret {check.regret:.4f}"
        tie = "tie: by index" if check.minimizer.tied else ""
        # the projector's larger type leaves room for the verdict's regret only; the scores are
        # under "every readout"
        parts = [regret, tie] if wide else [regret, tie, _scores_text(check.minimizer)]
        notes.append(" · ".join(part for part in parts if part))
    orders = np.array([order_from_sigma(s) for s in sigmas])
    size = None if wide else "small"
    plot_expected_gains(
        handles.gains, eta, list(_DOCUMENTS), bayes_rank=by_eta + 1, label_fontsize=size
    )
    plot_surrogate_orders(
        handles.orders,
        orders,
        verdicts,
        item_names=list(_DOCUMENTS),
        notes=notes,
        note_fontsize=size,
        legend=False,
    )
    readouts = {
        "labels a, b, c": " · ".join("".join(f"{g:g}" for g in row) for row in labels),
        "distribution (a, b, c)": " · ".join(f"{p:.3f}" for p in probs)
        + ("  (all weights 0: uniform)" if all_zero else ""),
        "E[G/N] (A, B, C)": " · ".join(f"{v:.3f}" for v in eta),
        "Bayes orders": ", ".join(
            format_order(order_from_sigma(s), _DOCUMENTS, sep="") for s in bayes
        ),
    }
    for key, check in checks.items():
        order = format_order(order_from_sigma(check.minimizer.sigma), _DOCUMENTS, sep="")
        verdict = (
            "✓ in the Bayes set"
            if check.in_bayes_set
            else f"✗ NOT in the Bayes set (regret {check.regret:.4f})"
        )
        tie = (
            " (scores tied: the order between them is the index's)" if check.minimizer.tied else ""
        )
        readouts[ROWS[key]] = f"{order}: {verdict}{tie}"
        readouts[f"{ROWS[key]}: scores s (A, B, C)"] = _scores_text(check.minimizer)[4:]
    return readouts


@document_controls(LISTWISE_EXPLORER_CONTROLS)
def listwise_explorer(*, presentation: bool | None = None, **initial):
    """Dashboard: move a label distribution, see which surrogate's minimizer is NDCG-optimal.

    Controls: the label set (three grade vectors a, b, c of three documents A, B, C), NDCG's
    gain (``2**y - 1`` or ``y``) and three weights, normalized to the distribution of the
    labels (all zero means uniform).  The left panel draws the expected normalized gains
    ``E[G(y_i)/N(y)]`` with each document's place in a Bayes-optimal order; the right panel the
    order of the minimizer of each surrogate's conditional risk under the Bayes order, each row
    marked "✓ in the Bayes set" or "✗ NOT in the Bayes set" (and green, or vermillion and
    hatched), with its NDCG regret and its scores ``s`` of A, B, C (``−∞`` where a minimizing
    sequence sends a document infinitely far below the others).

    Parameters
    ----------
    presentation : bool, optional
        Lay the dashboard out for a projector; by default, whatever
        :func:`~rankviz.widgets.dashboard.presentation_mode` says.  The verdicts of the
        talk track are the headline (:data:`HEADLINE`).
    **initial
        Initial control values overriding :data:`LISTWISE_EXPLORER_DEFAULTS`, the same
        keywords as ``Dashboard.set`` takes (a value between two steps of a slider goes
        to the nearest step):

        {controls}

    Returns
    -------
    rankviz.widgets.dashboard.Dashboard

    Raises
    ------
    TypeError
        If an unknown control name is given, or a value of the wrong type.
    ValueError
        If an initial value is outside its control's range or options (the message
        names the keyword and what the control allows).

    References
    ----------
    Ravikumar, Tewari and Yang (2011); Cao et al. (2007); Burges et al. (2005); Cossock and
    Zhang (2008).

    Examples
    --------
    >>> dash = listwise_explorer()
    >>> dash.readouts["RankNet (pairwise)"], dash.readouts["ListNet, G/N target"]
    ('ACB: ✗ NOT in the Bayes set (regret 0.0488)', 'CAB: ✓ in the Bayes set')
    >>> dash.controls["weight_b"].value = 0.6
    >>> dash.readouts["ListNet, softmax target"]
    'CBA: ✗ NOT in the Bayes set (regret 0.0659)'
    """
    controls = LISTWISE_EXPLORER_CONTROLS.build(initial)
    wide = presentation_enabled(presentation)
    return Dashboard(
        "Listwise explorer",
        controls,
        draw_listwise_explorer,
        setup=partial(setup_listwise_explorer, wide=wide),
        figsize=(12.0, 5.0),
        presentation=wide,
        presentation_figsize=(PRESENTATION_WIDTH, _PRESENTATION_HEIGHT),
        headline=HEADLINE,
        note="Move the weights and watch the rows: ListNet with the softmax target and RankNet "
        "leave the Bayes set in different places; the two surrogates on G/N never do.",
        rebuild=listwise_explorer,
    )
