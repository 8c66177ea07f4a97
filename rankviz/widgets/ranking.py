"""Chapter 01 dashboard: the ranking playground.

Eight documents A-H with editable relevance grades 0-4 and a ranking the reader
changes, by moving a document up or down or by a scoring rule (grade plus
noise, or the reverse of the grades).  A table gives every measure of chapter
01 for the ranking shown; the figure shows the gain of the document at each
position, the discount of each position, their product (the DCG terms) against
the ideal ranking's, and the measures at every cut-off.  Under a scoring rule, the
"ranking (top first)" box shows the rule's ranking, so that it never
contradicts the figure.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from types import SimpleNamespace

import numpy as np
from matplotlib.ticker import MaxNLocator

from rankviz._validation import as_generator, check_bool
from rankviz.measures import (
    average_precision,
    dcg,
    dcg_discounts,
    dcg_gains,
    err,
    mean_precision_up_to_k,
    ndcg,
    precision_at_k,
)
from rankviz.metrics import auc
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import (
    format_order,
    order_from_sigma,
    sigma_from_order,
    sigma_from_scores,
)
from rankviz.plotting import (
    CUTOFF_STYLES,
    EXACT_COLOR,
    GRADE_COLORS,
    GRADE_HATCHES,
    GUIDE_COLOR,
    NEUTRAL_COLOR,
    plot_cutoff_curves,
    plot_legend,
    plot_position_bars,
    style_cutoff_axes,
    style_position_axes,
)
from rankviz.samples import preference_graph_from_grades
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Choice, Controls, Slider, Text, document_controls
from rankviz.widgets.dashboard import (
    PRESENTATION_WIDTH,
    Dashboard,
    presentation_enabled,
    serialized,
)

__all__ = [
    "DOCUMENTS",
    "MAX_GRADE",
    "RANKING_PLAYGROUND_CONTROLS",
    "RANKING_PLAYGROUND_DEFAULTS",
    "RULES",
    "draw_ranking_playground",
    "ranking_of",
    "ranking_playground",
    "setup_ranking_playground",
]

#: The documents' names; the grade controls are ``grade_A``, ..., ``grade_H``.
DOCUMENTS = tuple("ABCDEFGH")

#: Top of the grade scale (also the ``max_grade`` of ERR).
MAX_GRADE = 4

#: How the ranking is obtained: the order typed / moved by hand, or a scoring rule.
RULES = {
    "by hand (move or type)": "manual",
    "score = grade + noise": "noisy grade",
    "score = -grade (worst)": "reversed grade",
}

_MEASURE_CURVES = ("NDCG@k", "Prec@k", "AP@k", "ERR@k")


def _check_order(text: str, name: str = "order") -> np.ndarray:
    """The documents of a typed ranking, top first, as indices; a message names ``name``."""
    tokens = text.replace(",", " ").replace(">", " ").upper().split()
    if sorted(tokens) != sorted(DOCUMENTS):
        raise ValueError(
            f"{name}: the ranking must list each of the documents {', '.join(DOCUMENTS)} "
            f"exactly once (top first), got {text!r}"
        )
    return np.array([DOCUMENTS.index(t) for t in tokens])


#: The controls of :func:`ranking_playground`, declared once: the widgets, and the checks of
#: the factory's keywords, of ``Dashboard.set`` and of :func:`draw_ranking_playground`.
RANKING_PLAYGROUND_CONTROLS = Controls(
    "ranking_playground",
    **{
        f"grade_{d}": Slider(f"grade of {d}", g, 0, MAX_GRADE, integer=True)
        for d, g in zip(DOCUMENTS, (1, 3, 0, 2, 0, 4, 1, 0), strict=True)
    },
    rule=Choice("ranking rule", list(RULES.items()), "manual"),
    order=Text(
        "ranking (top first)",
        " ".join(DOCUMENTS),
        _check_order,
        allowed=f"the documents {', '.join(DOCUMENTS)}, each once, top first",
        description_width="9em",
    ),
    noise=Slider("noise level", 1.0, 0.0, 4.0, 0.1),
    seed=Slider("noise seed", 0, 0, 99, integer=True),
    selected=Choice("document to move", list(DOCUMENTS), "F"),
    k=Slider("cut-off k", 5, 1, len(DOCUMENTS), integer=True),
    relevant_from=Slider("relevant if grade ≥", 2, 1, MAX_GRADE, integer=True),
    gain=Choice(
        "gain G(y)",
        [("2^y − 1 (exponential)", "exponential"), ("y (linear)", "linear")],
        "exponential",
    ),
)
#: Default control values of :func:`ranking_playground`.
RANKING_PLAYGROUND_DEFAULTS = RANKING_PLAYGROUND_CONTROLS.defaults


def _grades(values) -> np.ndarray:
    return np.array([values[f"grade_{d}"] for d in DOCUMENTS], dtype=float)


def ranking_of(values) -> np.ndarray:
    """The permutation ``sigma`` the playground shows for the given control values.

    Parameters
    ----------
    values : mapping
        The control values (as :attr:`Dashboard.values`): the grades, ``rule``,
        ``order``, ``noise`` and ``seed``.

    Returns
    -------
    ndarray of int64, shape (8,)
        ``sigma[i]`` is the 0-based position of document ``DOCUMENTS[i]``.

    Raises
    ------
    TypeError
        If ``values`` is not a mapping.
    ValueError
        If a control is missing, or ``rule`` is "manual" and ``order`` does not
        list every document once.

    Examples
    --------
    >>> values = dict(RANKING_PLAYGROUND_DEFAULTS, rule="reversed grade")
    >>> format_order(order_from_sigma(ranking_of(values)), DOCUMENTS, sep="")
    'CEHAGDBF'
    """
    if not isinstance(values, Mapping):
        raise TypeError(f"values must be a mapping of control values, got {type(values).__name__}")
    missing = [
        key
        for key in ("rule", "order", "noise", "seed", *(f"grade_{d}" for d in DOCUMENTS))
        if key not in values
    ]
    if missing:
        raise ValueError(f"values must hold the controls {missing}")
    rule = values["rule"]
    if rule == "manual":
        return sigma_from_order(_check_order(values["order"]))
    grades = _grades(values)
    if rule == "reversed grade":
        return sigma_from_scores(-grades)
    noise = as_generator(int(values["seed"])).normal(size=grades.size)
    return sigma_from_scores(grades + values["noise"] * noise)


def _grade_entries() -> list:
    """Legend entries of the bars' grades: colour and hatch, edged as the bars are."""
    return [
        (
            f"grade {g}",
            {
                "patch": True,
                "facecolor": GRADE_COLORS[g],
                "edgecolor": "0.25",
                "lw": 0.8,
                "hatch": GRADE_HATCHES[g] or None,
            },
        )
        for g in range(MAX_GRADE + 1)
    ]


def setup_ranking_playground(fig, *, gain, wide=False, **_values):
    """Build the static part of the playground: its axes, the discounts and the legend.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    gain : {"exponential", "linear"}
        The gain function; it fixes the height of the gain panels.
    wide : bool, default False
        The presentation layout: two panels side by side for a wide, low
        figure, the DCG terms against the ideal ranking's and the measures at
        every cut-off, with one legend below.  The gain and the discount
        panels (their product is the DCG terms panel) are left out.
    **_values
        The other control values (the layout does not depend on them).

    Returns
    -------
    types.SimpleNamespace
        The axes ``gain``, ``discount`` (both None in the wide layout), ``term`` and ``curves``.
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    gain = RANKING_PLAYGROUND_CONTROLS.check({"gain": gain})["gain"]
    n = len(DOCUMENTS)
    top_gain = float(dcg_gains([MAX_GRADE], gain=gain)[0])
    label = "2^y − 1" if gain == "exponential" else "y"
    if wide:
        term_ax, curves_ax = fig.subplots(1, 2, width_ratios=(1.25, 1.0))
        style_position_axes(
            term_ax,
            n,
            ymax=1.22 * top_gain,
            ylabel="G(y) / log₂(1 + r)",
            title=f"DCG terms, gain G(y) = {label}",
        )
        style_cutoff_axes(curves_ax, n, title="every measure at every cut-off k")
        curves_ax.set_ylabel("measure @k")
        # no tick label beyond the axes
        ticks = MaxNLocator(5).tick_values(0.0, 1.22 * top_gain)
        term_ax.set_yticks(ticks[ticks <= 1.22 * top_gain])
        curves_ax.set_yticks(np.linspace(0.0, 1.0, 6))
        plot_legend(
            fig,
            [
                *_grade_entries(),
                ("ideal ranking", {"color": EXACT_COLOR, "lw": 1.8}),
                ("cut-off k", {"color": GUIDE_COLOR, "ls": "--", "lw": 1.5}),
                *[
                    (name, {**style, "ms": 7})
                    for name, style in zip(_MEASURE_CURVES, CUTOFF_STYLES, strict=False)
                ],
            ],
            loc="outside lower center",
            ncols=6,
            fontsize=None,
            columnspacing=1.0,
            handlelength=1.5,
            borderpad=0.3,
            labelspacing=0.3,
        )
        return SimpleNamespace(
            gain=None, discount=None, term=term_ax, curves=curves_ax, label_fontsize=None
        )
    gain_ax, discount_ax, term_ax, curves_ax = fig.subplots(2, 2).ravel()
    style_position_axes(
        gain_ax,
        n,
        ymax=1.18 * top_gain,
        ylabel=f"gain G(y) = {label}",
        title="gain of the document at each position",
    )
    style_position_axes(
        discount_ax,
        n,
        ymax=1.15,
        ylabel="discount 1 / log₂(1 + r)",
        title="discount: the same for every ranking",
    )
    plot_position_bars(discount_ax, dcg_discounts(n), colors=[NEUTRAL_COLOR] * n, legend=False)
    style_position_axes(
        term_ax,
        n,
        ymax=1.18 * top_gain,
        ylabel="G(y) / log₂(1 + r)",
        title="DCG terms (their sum up to k is DCG@k)",
    )
    style_cutoff_axes(curves_ax, n, title="every measure at every cut-off")
    plot_legend(
        curves_ax,
        [
            (name, {**style, "ms": 5})
            for name, style in zip(_MEASURE_CURVES, CUTOFF_STYLES, strict=False)
        ],
        loc="lower right",
    )
    plot_legend(
        fig,
        [
            *_grade_entries(),
            ("ideal ranking", {"color": EXACT_COLOR, "lw": 1.8}),
            ("cut-off k", {"color": GUIDE_COLOR, "ls": "--", "lw": 1.5}),
        ],
        loc="outside lower center",
        ncols=7,
    )
    return SimpleNamespace(
        gain=gain_ax, discount=discount_ax, term=term_ax, curves=curves_ax, label_fontsize=10
    )


def draw_ranking_playground(axes, *, gain, k, relevant_from, **values):
    """Draw the playground's changing artists and return the table of measures.

    Parameters
    ----------
    axes : types.SimpleNamespace
        As returned by :func:`setup_ranking_playground`.
    gain : {"exponential", "linear"}
        Gain of DCG / NDCG.
    k : int
        Cut-off of the measures @k.
    relevant_from : int
        Binary measures (precision, AP, AUC) call a document relevant when its
        grade is at least this.
    **values
        The grades, ``rule``, ``order``, ``noise``, ``seed``, ``selected``.

    Returns
    -------
    dict
        The ranking and every measure (NaN, shown as "undefined", where a
        measure is 0 / 0).

    Raises
    ------
    TypeError
        If a keyword is not a control, or a value has the wrong type.
    ValueError
        If a value is one its control (:data:`RANKING_PLAYGROUND_CONTROLS`) cannot take
        (a grade outside 0-4, a typed ranking that is not a permutation of the documents).
    """
    axes = check_handles(axes, "axes", "gain", "discount", "term", "curves")
    checked = RANKING_PLAYGROUND_CONTROLS.check(
        {"gain": gain, "k": k, "relevant_from": relevant_from, **values}
    )
    gain, k, relevant_from = checked.pop("gain"), checked.pop("k"), checked.pop("relevant_from")
    values = checked
    grades = _grades(values)
    sigma = ranking_of(values)
    order = order_from_sigma(sigma)
    ideal_order = order_from_sigma(sigma_from_scores(grades))
    scores = -sigma  # a permutation enters the measures as scores -sigma
    relevant = (grades >= relevant_from).astype(int)
    n = grades.size

    gains = dcg_gains(grades, gain=gain)
    discounts = dcg_discounts(n)
    names = [DOCUMENTS[i] for i in order]
    colors = [GRADE_COLORS[int(grades[i])] for i in order]
    hatches = [GRADE_HATCHES[int(grades[i])] for i in order]
    if axes.gain is not None:
        plot_position_bars(
            axes.gain,
            gains[order],
            labels=names,
            colors=colors,
            hatches=hatches,
            ideal=gains[ideal_order],
            cutoff=k,
            legend=False,
        )
    plot_position_bars(
        axes.term,
        gains[order] * discounts,
        labels=names,
        colors=colors,
        hatches=hatches,
        ideal=gains[ideal_order] * discounts,
        cutoff=k,
        legend=False,
        label_fontsize=axes.label_fontsize,
    )
    cutoffs = np.arange(1, n + 1)
    curves = {
        "NDCG@k": [ndcg(grades, scores, c, gain=gain, if_no_relevant="nan") for c in cutoffs],
        "Prec@k": [precision_at_k(relevant, scores, c) for c in cutoffs],
        "AP@k": [average_precision(relevant, scores, c, if_no_relevant="nan") for c in cutoffs],
        "ERR@k": [err(grades, scores, c, max_grade=MAX_GRADE) for c in cutoffs],
    }
    plot_cutoff_curves(axes.curves, curves, cutoff=k, legend=False)

    n_relevant = int(relevant.sum())
    both_classes = 0 < n_relevant < n
    misranked = pairwise_disagreement(scores, preference_graph_from_grades(relevant))
    return {
        "ranking (top first)": format_order(order, DOCUMENTS, sep=" "),
        f"relevant (grade ≥ {relevant_from})": f"{n_relevant} of {n}",
        f"Precision@{k}": precision_at_k(relevant, scores, k),
        f"mean of Prec@1..{k} (draft's AvgPrec@{k})": mean_precision_up_to_k(relevant, scores, k),
        "average precision (AP)": average_precision(relevant, scores, if_no_relevant="nan"),
        f"DCG@{k}": dcg(grades, scores, k, gain=gain),
        f"ideal DCG@{k}": dcg(grades, grades, k, gain=gain),
        f"NDCG@{k}": ndcg(grades, scores, k, gain=gain, if_no_relevant="nan"),
        f"ERR@{k} (max grade {MAX_GRADE})": err(grades, scores, k, max_grade=MAX_GRADE),
        "pairwise disagreement (grade DAG)": pairwise_disagreement(
            scores, preference_graph_from_grades(grades)
        ),
        "misranked relevant/irrelevant pairs": f"{misranked:g} of {n_relevant * (n - n_relevant)}",
        "1 − AUC": 1.0 - auc(relevant, scores) if both_classes else float("nan"),
    }


def _move(step: int):
    def callback(dash) -> None:
        try:
            order = list(order_from_sigma(ranking_of(dash.values)))
        except ValueError:  # a mistyped ranking: the dashboard already shows why
            return
        where = order.index(DOCUMENTS.index(dash.controls["selected"].value))
        target = where + step
        if 0 <= target < len(order):
            order[where], order[target] = order[target], order[where]
        dash.set(rule="manual", order=format_order(order, DOCUMENTS, sep=" "))

    return callback


def _set_order(reverse: bool):
    def callback(dash) -> None:
        grades = _grades(dash.values)
        order = order_from_sigma(sigma_from_scores(-grades if reverse else grades))
        dash.set(rule="manual", order=format_order(order, DOCUMENTS, sep=" "))

    return callback


def _keep_the_ranking_box_in_step(controls) -> None:
    """Make the "ranking (top first)" box show the ranking a scoring rule produces.

    Under a scoring rule the box would otherwise keep the last ranking typed or
    moved while the figure shows another; typing a different ranking into the
    box switches the rule back to "by hand", so that the typed ranking is shown.
    """

    def rule_ranking(values) -> str:
        return format_order(order_from_sigma(ranking_of(values)), DOCUMENTS, sep=" ")

    def current():
        return {name: control.value for name, control in controls.items()}

    def follow_the_rule(_change=None) -> None:
        values = current()
        if values["rule"] != "manual":
            controls["order"].value = rule_ranking(values)

    def typed(change) -> None:
        values = current()
        if values["rule"] != "manual" and change["new"] != rule_ranking(values):
            controls["rule"].value = "manual"

    for name in ("rule", "noise", "seed", *(f"grade_{d}" for d in DOCUMENTS)):
        controls[name].observe(serialized(follow_the_rule), names="value")
    controls["order"].observe(serialized(typed), names="value")
    follow_the_rule()


@document_controls(RANKING_PLAYGROUND_CONTROLS)
def ranking_playground(*, presentation: bool | None = None, **initial):
    """Dashboard: grade eight documents, rank them, and watch every measure respond.

    Sliders set the grade (0-4) of each document A-H.  The ranking is typed or
    changed with the buttons (move the selected document up or down, sort by
    grade, sort against the grades), or produced by a scoring rule: the grade
    plus Gaussian noise of a chosen size, or minus the grade.  The table gives
    Precision@k, the draft's AvgPrec@k, AP, DCG@k, NDCG@k, ERR@k, the pairwise
    disagreement with the grades' preference DAG and 1 − AUC; the figure shows
    the gain at each position, the discounts, the DCG terms against the ideal
    ranking's, and the measures at every cut-off.  Under a scoring rule, the
    "ranking (top first)" box shows the rule's ranking.

    Parameters
    ----------
    presentation : bool, optional
        The presentation layout (for a projector): the document to move with
        its ▲ / ▼ buttons, the ranking rule, the noise level and the cut-off
        above two panels (the DCG terms against the ideal ranking's, and the
        measures at every cut-off); Precision@k, NDCG@k, ERR@k and the ranking
        shown large; the grades, the noise seed, the relevance threshold, the
        gain and the typed ranking folded under "more".  The two sort buttons
        are left out (the reset button brings back the default ranking, and the
        rule "grade + noise" at noise 0 gives the ideal one).  By default,
        whatever :func:`~rankviz.widgets.dashboard.presentation_mode` says.
    **initial
        Initial control values overriding :data:`RANKING_PLAYGROUND_DEFAULTS`, the same
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
    Seed 000 ("The problem of ranking"); Duchi, Mackey and Jordan (2013),
    eqs. (10), (14), (16); Mohri et al. (2018), section 10.7.

    Examples
    --------
    >>> dash = ranking_playground()
    >>> dash.readouts["ranking (top first)"]
    'A B C D E F G H'
    >>> dash.buttons["sort by grade (ideal)"].click()
    >>> dash.readouts["ranking (top first)"], dash.readouts["NDCG@5"]
    ('F B D A G C E H', 1.0)
    """
    controls = RANKING_PLAYGROUND_CONTROLS.build(initial)
    _keep_the_ranking_box_in_step(controls)
    wide = presentation_enabled(presentation)
    buttons = {
        "▲ move the document up": _move(-1),
        "▼ move the document down": _move(+1),
        "sort by grade (ideal)": _set_order(reverse=False),
        "sort against the grades (worst)": _set_order(reverse=True),
    }
    advanced = (*(f"grade_{d}" for d in DOCUMENTS), "seed", "relevant_from", "gain", "order")
    if wide:  # two rows of three: k, rule, noise / the document and its two buttons
        del buttons["sort by grade (ideal)"], buttons["sort against the grades (worst)"]
        first = ("k", "rule", "noise", "selected")
        controls = {name: controls[name] for name in (*first, *advanced)}
    return Dashboard(
        "Ranking playground",
        controls,
        draw_ranking_playground,
        setup=partial(setup_ranking_playground, wide=wide),
        layout_controls=("gain",),
        figsize=(10.0, 7.6),
        buttons=buttons,
        presentation=presentation,
        presentation_figsize=(PRESENTATION_WIDTH, 6.0),
        headline=("Precision@", "NDCG@", "ERR@", "ranking (top first)"),
        advanced=advanced,
        note="Move a highly graded document from the bottom to the top and compare how much "
        "each measure rewards it; then raise the noise of the scoring rule.",
        rebuild=ranking_playground,
    )
