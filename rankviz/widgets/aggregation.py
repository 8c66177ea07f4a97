"""Chapter 08 dashboard: the aggregation explorer.

Items with known Bradley-Terry-Luce strengths are compared pair by pair; the
dashboard aggregates the outcomes with one of the strategies of Duchi et al.'s
section 5.1 and shows the recovered scores against the true strengths, the
difference graph of the empirical preferences (with the edges the recovered
order overrules), Kendall's tau and the NDCG of the recovered order.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from scipy.stats import kendalltau

from rankviz.aggregation import (
    aggregate_scores,
    comparison_groups,
    comparison_mask,
    empirical_probabilities,
    simulate_btl_comparisons,
    win_counts,
)
from rankviz.consistency import difference_graph
from rankviz.metrics import ndcg
from rankviz.plotting import (
    RIGHT_EDGE_COLOR,
    WRONG_EDGE_COLOR,
    plot_item_scores,
    plot_legend,
    plot_preference_circle,
    plot_rank_links,
    style_item_scores_axes,
)
from rankviz.widgets.dashboard import (
    Dashboard,
    dropdown,
    float_slider,
    initial_values,
    int_slider,
)

__all__ = [
    "AGGREGATION_EXPLORER_DEFAULTS",
    "METHOD_LABELS",
    "aggregation_explorer",
    "draw_aggregation_explorer",
    "explorer_strengths",
    "setup_aggregation_explorer",
]

#: Default control values of :func:`aggregation_explorer`.
AGGREGATION_EXPLORER_DEFAULTS = {
    "n_items": 6, "n_per_pair": 3, "observed": 0.6, "noise": 1.0, "c": 0.5,
    "method": "thurstone_mosteller", "seed": 0,
}

#: Dropdown labels of the aggregation methods.
METHOD_LABELS = {
    "thurstone_mosteller": "least squares (22) on BTL log-odds",
    "borda": "Borda count of P − Pᵀ",
    "ammar_shah": "Ammar–Shah win rate",
    "eigenvector": "Saaty's principal eigenvector",
    "btl_mle": "BTL maximum likelihood (choix)",
}

_SPAN = (0.0, 1.0)
_STRENGTH_RANGE = 1.5


def explorer_strengths(n_items, noise=1.0):
    """The explorer's BTL strengths: evenly spaced, item 0 best, divided by the noise.

    Parameters
    ----------
    n_items : int
        Number of items, >= 2.
    noise : float, default 1.0
        Temperature ``tau > 0``: item i beats item j with probability
        ``sigma((r_i - r_j) / tau)``; larger is noisier.

    Returns
    -------
    ndarray of shape (n_items,)
        ``r_i / tau`` with ``r`` from 1.5 down to -1.5.

    Raises
    ------
    ValueError, TypeError
        If ``n_items < 2`` or ``noise <= 0``.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (26).

    Examples
    --------
    >>> explorer_strengths(4, noise=0.5)
    array([ 3.,  1., -1., -3.])
    """
    from rankviz._validation import check_int, check_real

    n = check_int(n_items, "n_items", minimum=2)
    tau = check_real(noise, "noise", positive=True)
    return np.linspace(_STRENGTH_RANGE, -_STRENGTH_RANGE, n) / tau


def _tau(scores, truth) -> float:
    """Kendall's tau, NaN when the scores are all tied (tau-b is then 0 / 0)."""
    if np.ptp(scores) <= 1e-12:
        return float("nan")
    return float(kendalltau(scores, truth).statistic)


def setup_aggregation_explorer(fig, *, n_items, **_values):
    """Build the static part of the explorer: the graph panel with its items, the score panel.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    n_items : int
        Number of items (the layout depends on it).
    **_values
        The other control values (unused).

    Returns
    -------
    types.SimpleNamespace
        The axes ``graph`` and ``scores``.
    """
    graph, scores = fig.subplots(1, 2, width_ratios=[1, 1.1])
    plot_preference_circle(graph, np.zeros((n_items, n_items)), legend=False,
                           title="difference graph of the empirical preferences")
    style_item_scores_axes(scores, ["true strength r", "recovered scores"], ticks=False)
    scores.set_xlim(_SPAN[0] - 0.1, _SPAN[1] + 0.1)
    scores.set_xlabel("score, each row on its own scale (higher is ranked higher)")
    scores.set_title("true strengths against the aggregated scores")
    plot_legend(fig, [
        ("i → j: i won more of their comparisons (label: P̂ᵢⱼ − P̂ⱼᵢ)", {"color": "0.3"}),
        ("edge the recovered order agrees with", {"color": RIGHT_EDGE_COLOR}),
        ("edge the recovered order overrules", {"color": WRONG_EDGE_COLOR, "ls": "--"}),
        ("crossing lines: a pair the aggregate misorders", {"color": "0.55", "lw": 1.2}),
    ], loc="outside lower center", ncols=2)
    return SimpleNamespace(graph=graph, scores=scores)


def draw_aggregation_explorer(axes, *, n_items, n_per_pair, observed, noise, c, method, seed):
    """Draw the explorer's changing artists and return its readouts.

    Parameters
    ----------
    axes : types.SimpleNamespace
        As returned by :func:`setup_aggregation_explorer`.
    n_items : int
        Number of items.
    n_per_pair : int
        Comparisons per compared pair.
    observed : float
        Probability that a pair is compared at all.
    noise : float
        BTL temperature (:func:`explorer_strengths`).
    c : float
        Smoothing of the log-odds and ratios.
    method : str
        One of :data:`rankviz.aggregation.AGGREGATION_METHODS`.
    seed : int
        Seed of the comparisons.

    Returns
    -------
    dict
        Comparisons and pairs observed, the comparison graph's connectivity,
        Kendall's tau and NDCG of the recovered order, the recovered order, and
        the reason when the method has no answer.

    Raises
    ------
    ValueError, TypeError
        If a control value is invalid.  A method without an answer for these
        data (a disconnected comparison graph, a group that never loses) is not
        an error: the score panel says why.
    """
    base = explorer_strengths(n_items)
    truth = explorer_strengths(n_items, noise)
    rows = simulate_btl_comparisons(truth, n_per_pair, seed, observed=observed)
    W = win_counts(rows, n_items)
    mask = comparison_mask(W)
    P = empirical_probabilities(W)
    np.fill_diagonal(P, 0.0)
    D = difference_graph(np.where(mask, P, 0.0))
    pairs_seen = int(np.count_nonzero(np.triu(mask, 1)))
    groups = len(comparison_groups(W))
    try:
        scores = aggregate_scores(W, method, c=c)
        reason = None
    except ValueError as exc:
        scores, reason = None, str(exc)

    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(D > 0), strict=True)]
    overruled = [] if scores is None else [(i, j) for i, j in edges if scores[i] <= scores[j]]
    agreed = [] if scores is None else [e for e in edges if e not in overruled]
    plot_preference_circle(axes.graph, D, wrong=overruled, right=agreed, nodes=False,
                           max_weight=1.0, decimals=1, legend=False)
    plot_item_scores(axes.scores, 0, base, span=_SPAN)
    if scores is not None:
        plot_rank_links(axes.scores, base, scores, span=_SPAN)
    note = None if reason is None else "no scores: " + (
        "the comparison graph is disconnected" if "disconnected" in reason else
        "a group of items never lost (no maximum-likelihood estimate)" if "never lost" in reason
        else reason)
    plot_item_scores(axes.scores, 1, scores, note=note, span=_SPAN)

    grades = base - base.min()
    readouts = {
        "comparisons observed": int(rows.shape[0]),
        "pairs compared": f"{pairs_seen} of {n_items * (n_items - 1) // 2}",
        "comparison graph": "connected" if groups == 1 else f"{groups} separate groups",
        "Kendall τ with the truth": float("nan") if scores is None else _tau(scores, base),
        "NDCG of the recovered order": (float("nan") if scores is None
                                        else ndcg(grades, scores, gain="linear")),
        "recovered order": ("—" if scores is None else
                            " ≻ ".join(str(int(i)) for i in np.lexsort((np.arange(n_items),
                                                                        -scores)))),
        "edges overruled": len(overruled),
    }
    if reason is not None:
        readouts["why no scores"] = reason
    return readouts


def aggregation_explorer(**initial):
    """Dashboard: aggregate simulated BTL comparisons and compare with the true order.

    Sliders set the number of items (strengths evenly spaced, item 0 best), the
    comparisons per compared pair, the share of pairs compared at all, the BTL
    noise, the smoothing ``c`` of the log-odds and the seed; a dropdown picks
    the aggregation method.  The figure shows the difference graph of the
    empirical preferences (dashed: edges the recovered order overrules) and the
    recovered scores under the true strengths (filled: items of pairs the
    recovered order gets wrong); the table gives Kendall's tau and NDCG.  When
    the method has no answer (least squares on a disconnected comparison graph,
    maximum likelihood when a group never loses) the panel says why.

    Parameters
    ----------
    **initial
        Initial control values overriding :data:`AGGREGATION_EXPLORER_DEFAULTS`
        (``n_items``, ``n_per_pair``, ``observed``, ``noise``, ``c``, ``method``,
        ``seed``).

    Returns
    -------
    rankviz.widgets.dashboard.Dashboard

    Raises
    ------
    TypeError
        If an unknown control name is given.
    ValueError
        If an initial value is outside its control's range.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 and eq. (26).

    Examples
    --------
    >>> dash = aggregation_explorer()
    >>> dash.readouts["comparison graph"], dash.readouts["pairs compared"]
    ('connected', '6 of 15')
    >>> dash.controls["n_per_pair"].value = 0
    >>> dash.readouts["Kendall τ with the truth"]
    nan
    >>> dash.error is None
    True
    """
    v = initial_values("aggregation_explorer", AGGREGATION_EXPLORER_DEFAULTS, initial)
    controls = {
        "n_items": int_slider("number of items", v["n_items"], 3, 8),
        "n_per_pair": int_slider("comparisons per pair", v["n_per_pair"], 0, 50),
        "observed": float_slider("share of pairs compared", v["observed"], 0.0, 1.0, 0.05),
        "noise": float_slider("BTL noise τ", v["noise"], 0.1, 3.0, 0.05),
        "c": float_slider("smoothing c", v["c"], 0.01, 2.0, 0.01),
        "method": dropdown("method", [(label, key) for key, label in METHOD_LABELS.items()],
                           v["method"]),
        "seed": int_slider("random seed", v["seed"], 0, 99),
    }
    return Dashboard(
        "Aggregation explorer", controls, draw_aggregation_explorer,
        setup=setup_aggregation_explorer, layout_controls=("n_items",), figsize=(11.0, 5.6),
        note="Lower the share of pairs compared until the graph falls apart; raise the "
             "comparisons per pair and watch every method converge to the true order.",
    )
