"""Chapter 08 dashboard: the aggregation explorer.

Items with known Bradley-Terry-Luce strengths are compared pair by pair; the
dashboard aggregates the outcomes with one of the strategies of Duchi et al.'s
section 5.1 and shows the recovered scores against the true strengths, the
difference graph of the empirical preferences (with the edges the recovered
order overrules), Kendall's tau and the NDCG of the recovered order.
"""

from __future__ import annotations

import functools
import re
from types import SimpleNamespace

import numpy as np
from scipy.stats import kendalltau

from rankviz._validation import check_bool, check_int, check_real
from rankviz.aggregation import (
    aggregate_scores,
    btl_maximum_likelihood,
    comparison_groups,
    comparison_mask,
    empirical_probabilities,
    simulate_btl_comparisons,
    win_counts,
)
from rankviz.consistency import difference_graph
from rankviz.measures import ndcg
from rankviz.permutations import format_order, merge_near_ties
from rankviz.plotting import (
    EDGE_COLOR,
    ITEM_TIE_ATOL,
    NEUTRAL_COLOR,
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    plot_item_scores,
    plot_legend,
    plot_preference_circle,
    plot_rank_links,
    style_item_scores_axes,
)
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Choice, Controls, Slider, document_controls
from rankviz.widgets.dashboard import (
    PRESENTATION_SCALE,
    PRESENTATION_WIDTH,
    Dashboard,
    presentation_enabled,
)

__all__ = [
    "AGGREGATION_EXPLORER_CONTROLS",
    "AGGREGATION_EXPLORER_DEFAULTS",
    "METHOD_LABELS",
    "aggregation_explorer",
    "draw_aggregation_explorer",
    "explorer_strengths",
    "setup_aggregation_explorer",
]

#: Dropdown labels of the aggregation methods: at most 24 characters, so a dropdown shows them
#: whole (least squares is eq. (22) on the BTL log-odds; the eigenvector is Saaty's).
METHOD_LABELS = {
    "thurstone_mosteller": "least squares, log-odds",
    "borda": "Borda count of P − Pᵀ",
    "ammar_shah": "Ammar–Shah win rate",
    "eigenvector": "principal eigenvector",
    "btl_mle": "BTL maximum likelihood",
}

_SPAN = (0.0, 1.0)
_STRENGTH_RANGE = 1.5
#: Height in inches of the wide figure (403 px): with two rows of controls and two of headline
#: numbers (seven or more items make the order long) it fits a 1280x720 screen.
_WIDE_HEIGHT = 5.6
_MAX_DRAWS = 5


#: Most items the explorer shows (its slider's maximum).
MAX_ITEMS = 8
#: The controls of :func:`aggregation_explorer`, declared once: the widgets, and the checks of the
#: factory's keywords, of ``Dashboard.set`` and of the draw function.
AGGREGATION_EXPLORER_CONTROLS = Controls(
    "aggregation_explorer",
    n_items=Slider("items", 6, 3, MAX_ITEMS, integer=True),
    n_per_pair=Slider("comparisons/pair", 3, 0, 50, integer=True),
    observed=Slider("P(pair compared)", 0.6, 0.0, 1.0, 0.05),
    noise=Slider("BTL noise τ", 1.0, 0.1, 3.0, 0.05),
    c=Slider("smoothing c", 0.5, 0.01, 2.0, 0.01),
    method=Choice(
        "method",
        [(label, key) for key, label in METHOD_LABELS.items()],
        "thurstone_mosteller",
    ),
    draws=Slider("BTL virtual draws", 0, 0, _MAX_DRAWS, integer=True),
    seed=Slider("random seed", 0, 0, 99, integer=True),
)
#: Default control values of :func:`aggregation_explorer`.
AGGREGATION_EXPLORER_DEFAULTS = AGGREGATION_EXPLORER_CONTROLS.defaults


def _btl_with_virtual_draws(W, draws):
    """BTL maximum likelihood after adding ``draws`` wins each way to every compared pair.

    The virtual draws are a prior (a factor ``sigma(d) sigma(-d)`` per draw on the
    score difference ``d`` of a compared pair): with at least one, every item of
    a compared pair has lost at least once, and the estimate exists whenever the
    comparison graph is connected.  Computed by the exact, unpenalised
    :func:`rankviz.aggregation.btl_maximum_likelihood` on the augmented counts.
    """
    compared = comparison_mask(W) & ~np.eye(W.shape[0], dtype=bool)
    return btl_maximum_likelihood(W + draws * compared)


def _short_reason(reason, groups) -> str:
    """The reason a method has no scores, in a few words (for the headline)."""
    if "disconnected" in reason:
        return f"none: {groups} groups"
    found = re.search(r"items \[([^\]]*)\] never lost", reason)
    if found:
        items = found.group(1).replace(" ", "")
        return f"none: {items} never lost"
    return "none"


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
        If ``n_items`` is not in ``[2, MAX_ITEMS]`` or ``noise <= 0``.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (26).

    Examples
    --------
    >>> explorer_strengths(4, noise=0.5)
    array([ 3.,  1., -1., -3.])
    """
    n = check_int(n_items, "n_items", minimum=2, maximum=MAX_ITEMS)
    tau = check_real(noise, "noise", positive=True)
    return np.linspace(_STRENGTH_RANGE, -_STRENGTH_RANGE, n) / tau


def _tau(scores, truth) -> float:
    """Kendall's tau-b, NaN when the scores are all tied (tau-b is then 0 / 0).

    ``scores`` are merged (:func:`_merged`): ties are exact.
    """
    if np.ptp(scores) == 0.0:
        return float("nan")
    return float(kendalltau(scores, truth).statistic)


def _merged(scores):
    """Scores with near-ties made exact, as the score panel draws them (one marker "2=3").

    Two items with the same record get scores equal in exact arithmetic that may differ in
    their last bits (a Borda count of 1.0 - 0.6 - 0.8 against -0.4); the order text, Kendall's
    tau, the NDCG and the overruled edges must see the tie the figure shows.
    """
    return merge_near_ties(scores, ITEM_TIE_ATOL)


def _order_text(scores) -> str:
    """Items from the best down, tied items joined by "=" in increasing id ("2 = 3")."""
    order = np.lexsort((np.arange(scores.size), -scores))
    return format_order(order, tied=np.diff(scores[order]) == 0.0)


def setup_aggregation_explorer(fig, *, n_items, wide=False, **_values):
    """Build the static part of the explorer: the graph panel with its items, the score panel.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    n_items : int
        Number of items (the layout depends on it).
    wide : bool, default False
        Lay out for a projector (the presentation layout): shorter titles and
        legend, every text at 16 px or more.  The edges of the graph panel are
        not labelled with their weights there (at 16 px the labels of six items
        overlap); their widths show the weights.
    **_values
        The other control values (unused).

    Returns
    -------
    types.SimpleNamespace
        The axes ``graph`` and ``scores``, and ``fontsize`` (None, or the size
        of the texts drawn on them).
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    n_items = AGGREGATION_EXPLORER_CONTROLS.check({"n_items": n_items})["n_items"]
    if wide:
        return _setup_wide(fig, n_items)
    graph, scores = fig.subplots(1, 2, width_ratios=[1, 1.1])
    plot_preference_circle(
        graph,
        np.zeros((n_items, n_items)),
        legend=False,
        title="difference graph of the empirical preferences",
    )
    style_item_scores_axes(scores, ["true strength r", "recovered scores"], ticks=False)
    scores.set_xlim(_SPAN[0] - 0.1, _SPAN[1] + 0.1)
    scores.set_xlabel("score, each row on its own scale (higher is ranked higher)")
    scores.set_title("true strengths against the aggregated scores")
    plot_legend(
        fig,
        [
            ("i → j: i won more of their comparisons (label: P̂ᵢⱼ − P̂ⱼᵢ)", {"color": EDGE_COLOR}),
            ("edge the recovered order agrees with", {"color": SAMPLE_COLOR}),
            ("edge the recovered order overrules", {"color": POSITIVE_COLOR, "ls": "--"}),
            ("crossing lines: a pair the aggregate misorders", {"color": NEUTRAL_COLOR, "lw": 1.2}),
        ],
        loc="outside lower center",
        ncols=2,
    )
    return SimpleNamespace(graph=graph, scores=scores, fontsize=None, n_items=n_items)


def _setup_wide(fig, n_items):
    """The presentation layout of :func:`setup_aggregation_explorer`."""
    size = 16.0 / PRESENTATION_SCALE  # 16 px on the projector
    graph, scores = fig.subplots(1, 2, width_ratios=[1, 1.45])
    plot_preference_circle(
        graph, np.zeros((n_items, n_items)), legend=False, title="who won more often", fontsize=size
    )
    style_item_scores_axes(scores, ["truth", "recovered"], ticks=False)
    scores.set_xlim(_SPAN[0] - 0.1, _SPAN[1] + 0.1)
    scores.set_xlabel("score (each row to scale; higher is better)")
    scores.set_title("true strengths and recovered scores")
    plot_legend(
        fig,
        [
            ("i → j: i won more (width ∝ P̂ᵢⱼ − P̂ⱼᵢ)", {"color": EDGE_COLOR}),
            ("edge the order agrees with", {"color": SAMPLE_COLOR, "lw": 3}),
            ("crossing lines: a misordered pair", {"color": NEUTRAL_COLOR, "lw": 1.5}),
            ("edge the order overrules", {"color": POSITIVE_COLOR, "ls": "--", "lw": 3}),
        ],
        loc="outside lower center",
        ncols=2,
        fontsize="medium",
        handlelength=2.6,
    )
    return SimpleNamespace(graph=graph, scores=scores, fontsize=size, n_items=n_items)


def draw_aggregation_explorer(
    axes, *, n_items, n_per_pair, observed, noise, c, method, seed, draws=0
):
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
    draws : int, default 0
        For ``method="btl_mle"``: virtual draws added to every compared pair
        (one win each way per draw), a prior under which the estimate exists
        whenever the comparison graph is connected; 0 is the plain maximum
        likelihood.  Other methods ignore it.

    Returns
    -------
    dict
        Comparisons and pairs observed (with the number the sampling expects),
        the comparison graph's connectivity, Kendall's tau and NDCG of the
        recovered order, the recovered order, whether there are scores ("found",
        or "none: " and why in a few words), and the full reason when the
        method has no answer.

    Raises
    ------
    ValueError, TypeError
        If a control value is invalid.  A method without an answer for these
        data (a disconnected comparison graph, a group that never loses) is not
        an error: the score panel says why.
    """
    axes = check_handles(axes, "axes", "graph", "scores")
    checked = AGGREGATION_EXPLORER_CONTROLS.check(
        {
            "n_items": n_items,
            "n_per_pair": n_per_pair,
            "observed": observed,
            "noise": noise,
            "c": c,
            "method": method,
            "seed": seed,
            "draws": draws,
        }
    )
    n_items, n_per_pair, observed, noise, c, method, seed, draws = checked.values()
    if getattr(axes, "n_items", n_items) != n_items:
        raise ValueError(f"n_items must be the {axes.n_items} items setup laid out, got {n_items}")
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
        if method == "btl_mle" and draws > 0:
            scores = _btl_with_virtual_draws(W, draws)
        else:
            scores = aggregate_scores(W, method, c=c)
        scores, reason = _merged(scores), None
    except ValueError as exc:
        scores, reason = None, str(exc)

    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(D > 0), strict=True)]
    overruled = [] if scores is None else [(i, j) for i, j in edges if scores[i] <= scores[j]]
    agreed = [] if scores is None else [e for e in edges if e not in overruled]
    size = getattr(axes, "fontsize", None)
    plot_preference_circle(
        axes.graph,
        D,
        wrong=overruled,
        right=agreed,
        nodes=False,
        max_weight=1.0,
        decimals=1,
        legend=False,
        fontsize=size,
        edge_labels=size is None,
    )
    plot_item_scores(axes.scores, 0, base, span=_SPAN, fontsize=size)
    if scores is not None:
        plot_rank_links(axes.scores, base, scores, span=_SPAN, fontsize=size)
    short = "found" if reason is None else _short_reason(reason, groups)
    if reason is None:
        note = (
            f"BTL with {draws} virtual draw{'s' if draws > 1 else ''} per pair"
            if method == "btl_mle" and draws > 0
            else None
        )
    elif "disconnected" in reason:
        note = "no scores: the comparison graph is disconnected"
        if size is not None:
            note = f"no scores: {groups} groups never\ncompared with each other"
    elif "never lost" in reason:
        note = "no scores: a group of items never lost to the rest (no maximum-likelihood estimate)"
        if size is not None:
            items = short[6:].split(" ")[0]
            plural = "," in items
            note = (
                f"no MLE: item{'s' if plural else ''} {items} never lost"
                f"{' to the rest' if plural else ''}: {'their' if plural else 'its'}\n"
                f"strength{'s' if plural else ''} → ∞; raise 'BTL virtual draws'"
            )
    else:
        note = "no scores: " + reason
    plot_item_scores(axes.scores, 1, scores, note=note, span=_SPAN, fontsize=size)

    grades = base - base.min()
    n_pairs = n_items * (n_items - 1) // 2
    readouts = {
        "comparisons observed": int(rows.shape[0]),
        "pairs compared": f"{pairs_seen} of {n_pairs}, {round(observed * n_pairs, 2):g} expected",
        "comparison graph": "connected" if groups == 1 else f"{groups} separate groups",
        "Kendall τ with the truth": float("nan") if scores is None else _tau(scores, base),
        "NDCG of the recovered order": (
            float("nan") if scores is None else ndcg(grades, scores, gain="linear")
        ),
        "recovered order": "—" if scores is None else _order_text(scores),
        "edges overruled": len(overruled),
        "scores": short,
    }
    if reason is not None:
        readouts["why no scores"] = reason
    return readouts


@document_controls(AGGREGATION_EXPLORER_CONTROLS)
def aggregation_explorer(*, presentation: bool | None = None, **initial):
    """Dashboard: aggregate simulated BTL comparisons and compare with the true order.

    Sliders set the number of items (strengths evenly spaced, item 0 best), the
    comparisons per compared pair, the probability that a pair is compared at
    all (each pair independently: the readout "pairs compared" gives the number
    drawn and the number expected), the BTL noise, the smoothing ``c`` of the
    log-odds and the seed; a dropdown picks the aggregation method.  For BTL
    maximum likelihood, "BTL virtual draws" adds that many wins each way to
    every compared pair (a prior): the plain estimate (0 draws) does not exist
    when some group of items never lost, and the dashboard says which.  The
    figure shows the difference graph of the empirical preferences (dashed:
    edges the recovered order overrules) and the recovered scores under the
    true strengths (filled: items of pairs the recovered order gets wrong);
    the table gives Kendall's tau and NDCG.  When the method has no answer
    (least squares on a disconnected comparison graph, maximum likelihood when
    a group never loses) the panel says why.

    In the presentation layout the comparisons per pair, the probability of
    comparing a pair, the method and the virtual draws are the main controls
    (the number of items, the noise, ``c`` and the seed are folded under
    "more"); the pairs compared, Kendall's tau, the recovered order and
    whether there are scores (and why not) are the headline; the figure is
    1080 x 432 px.

    Parameters
    ----------
    presentation : bool, optional
        Use the presentation layout (True) or the student layout (False); by
        default, :func:`~rankviz.widgets.dashboard.presentation_mode` decides.
    **initial
        Initial control values overriding :data:`AGGREGATION_EXPLORER_DEFAULTS`, the same
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
    Duchi, Mackey and Jordan (2013), section 5.1 and eq. (26).

    Examples
    --------
    >>> dash = aggregation_explorer()
    >>> dash.readouts["comparison graph"], dash.readouts["pairs compared"]
    ('connected', '6 of 15, 9 expected')
    >>> dash.controls["method"].value = "btl_mle"
    >>> dash.readouts["scores"]
    'none: 1 never lost'
    >>> dash.controls["draws"].value = 1
    >>> dash.readouts["scores"], dash.readouts["recovered order"]
    ('found', '1 ≻ 0 ≻ 5 ≻ 3 ≻ 2 ≻ 4')
    >>> dash.controls["n_per_pair"].value = 0
    >>> dash.readouts["Kendall τ with the truth"]
    nan
    >>> dash.error is None
    True
    """
    controls = AGGREGATION_EXPLORER_CONTROLS.build(initial)
    wide = presentation_enabled(presentation)
    return Dashboard(
        "Aggregation explorer",
        controls,
        draw_aggregation_explorer,
        setup=functools.partial(setup_aggregation_explorer, wide=wide),
        layout_controls=("n_items",),
        figsize=(11.0, 5.6),
        presentation=presentation,
        presentation_figsize=(PRESENTATION_WIDTH, _WIDE_HEIGHT),
        headline=("pairs compared", "Kendall τ with the truth", "recovered order", "scores"),
        advanced=("n_items", "noise", "c", "seed"),
        note="Lower P(pair compared) until the graph falls apart; with every pair compared, "
        "raise the comparisons per pair and watch every method converge to the true "
        "order (with pairs missing, least squares may stop short of it); for BTL maximum "
        "likelihood, add virtual draws when some items never lost.",
        rebuild=aggregation_explorer,
    )
