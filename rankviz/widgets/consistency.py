"""Chapter 07 dashboard: the low-noise explorer.

Two preference DAGs on three items in the style of Duchi et al.'s Figure 1: DAG 1
(probability ``p``) has only edges pointing down the item order (0 -> 1, 0 -> 2,
1 -> 2), DAG 2 (probability ``1 - p``) only edges pointing up (1 -> 0, 2 -> 0,
2 -> 1).  Every expected graph on three items is reachable this way.  The
dashboard shows both DAGs, the difference graph with the edges the surrogate's
minimiser gets wrong, the minimiser's scores next to those of the aggregated
loss (23), the low-noise check and the Bayes orders.
"""

from __future__ import annotations

import functools
from types import SimpleNamespace

import numpy as np
import sympy as sp

from rankviz._validation import check_bool, check_text
from rankviz.consistency import (
    LowNoiseCounterexample,
    check_preference_distribution,
    difference_graph,
    low_noise_violations,
    mean_adjacency,
    violated_edges,
)
from rankviz.counterexamples import certify_counterexample, find_low_noise_counterexample
from rankviz.disagreement import bayes_orders
from rankviz.pairwise import pairwise_disagreement
from rankviz.permutations import format_order
from rankviz.plotting import (
    EDGE_COLOR,
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    plot_item_scores,
    plot_legend,
    plot_preference_circle,
    style_item_scores_axes,
)
from rankviz.surrogates import (
    SURROGATES,
    aggregated_surrogate_minimizer,
    graph_surrogate_minimizer,
)
from rankviz.widgets._shell import (
    check_controls,
    check_figure,
    check_handles,
)
from rankviz.widgets.dashboard import (
    PRESENTATION_SCALE,
    PRESENTATION_WIDTH,
    Dashboard,
    dropdown,
    float_slider,
    initial_values,
    presentation_enabled,
)

__all__ = [
    "LOW_NOISE_EXPLORER_DEFAULTS",
    "draw_low_noise_explorer",
    "explorer_distribution",
    "low_noise_explorer",
    "setup_low_noise_explorer",
]

#: Default control values of :func:`low_noise_explorer`: a low-noise distribution on
#: which all four pairwise surrogates (12) get the edge 0 -> 1 wrong.
LOW_NOISE_EXPLORER_DEFAULTS = {
    "p": 0.5,
    "w01": 1.0,
    "w02": 10.0,
    "w12": 4.0,
    "w10": 0.0,
    "w20": 4.0,
    "w21": 0.0,
    "phi": "squared_hinge",
    "form": "pairwise",
}

#: The edge of each weight control: (DAG, i, j).
_EDGES = {
    "w01": (0, 0, 1),
    "w02": (0, 0, 2),
    "w12": (0, 1, 2),
    "w10": (1, 1, 0),
    "w20": (1, 2, 0),
    "w21": (1, 2, 1),
}
_MAX_WEIGHT = 10.0
_SPAN = (0.0, 1.0)
_FORM_LABELS = {"pairwise": "pairwise (12)", "margin": "margin (13)"}
#: What the loss dropdown shows for each loss of :data:`rankviz.surrogates.SURROGATES`.
_LOSS_LABELS = {
    "hinge": "hinge",
    "logistic": "logistic",
    "exponential": "exponential",
    "squared_hinge": "squared hinge",
}
#: Legend style of the score panel's filled markers: the items of an edge of G_μ the
#: surrogate misorders or ties (plot_item_scores fills them and writes their number in white).
_WRONG_ITEM_STYLE = {"marker": "o", "ms": 11, "mfc": POSITIVE_COLOR, "mec": "black", "lw": 0}
#: Seeds one press of "find a counterexample" tries before it says it found nothing new.
_SEARCH_SEEDS = 5
#: Height in inches of the wide figure: two rows of controls leave 434 px.
_WIDE_HEIGHT = 6.0


#: What the distribution's arguments allow: a probability and non-negative weights.
_DISTRIBUTION_RANGES = {
    "p": ("real", 0.0, 1.0),
    **{name: ("real", 0.0, _MAX_WEIGHT) for name in _EDGES},
}
#: What each control of the explorer allows (the draw function checks its values against it).
_RANGES = {
    **_DISTRIBUTION_RANGES,
    "p": ("real", 0.05, 0.95),
    "phi": ("choice", tuple(SURROGATES)),
    "form": ("choice", tuple(_FORM_LABELS)),
}


def explorer_distribution(p, w01, w02, w12, w10, w20, w21):
    """The distribution over DAGs that the explorer's weight controls describe.

    Parameters
    ----------
    p : float
        Probability of DAG 1, in [0, 1].
    w01, w02, w12 : float
        Weights of DAG 1's edges 0 -> 1, 0 -> 2, 1 -> 2 (0: absent).
    w10, w20, w21 : float
        Weights of DAG 2's edges 1 -> 0, 2 -> 0, 2 -> 1 (0: absent).

    Returns
    -------
    list of (float, ndarray)
        ``[(p, DAG 1), (1 - p, DAG 2)]``, acyclic by construction.

    Raises
    ------
    TypeError, ValueError
        As :func:`rankviz.consistency.check_preference_distribution`.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Figure 1.

    Examples
    --------
    >>> mu = explorer_distribution(0.5, 1, 10, 4, 0, 4, 0)
    >>> mu[0][1].tolist()
    [[0.0, 1.0, 10.0], [0.0, 0.0, 4.0], [0.0, 0.0, 0.0]]
    >>> mu[1][1].tolist()
    [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [4.0, 0.0, 0.0]]
    """
    checked = check_controls(
        {"p": p, "w01": w01, "w02": w02, "w12": w12, "w10": w10, "w20": w20, "w21": w21},
        _DISTRIBUTION_RANGES,
    )
    p, w01, w02, w12, w10, w20, w21 = checked.values()
    values = {"w01": w01, "w02": w02, "w12": w12, "w10": w10, "w20": w20, "w21": w21}
    graphs = np.zeros((2, 3, 3))
    for name, (k, i, j) in _EDGES.items():
        graphs[k, i, j] = values[name]
    return [(p, graphs[0]), (round(1.0 - p, 12), graphs[1])]


def _order_text(alpha, tol=1e-6) -> str:
    """Items from top to bottom, tied items joined by '=' in increasing order.

    Tied items are listed by number, not by their solver-noise differences, so
    that the text does not depend on the last digits of the solution.
    """
    order = np.lexsort((np.arange(alpha.size), -alpha))
    return format_order(order, tied=np.abs(np.diff(alpha[order])) <= tol)


def _edges_text(edges, alpha) -> str:
    if not edges:
        return "none"
    return ", ".join(
        f"{i}→{j} ({'tied' if abs(alpha[i] - alpha[j]) <= 1e-6 else 'misordered'})"
        for i, j in edges
    )


def setup_low_noise_explorer(fig, *, wide=False, **_values):
    """Build the static part of the low-noise explorer: three graph panels, a score panel.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    wide : bool, default False
        Lay out for a projector (the presentation layout): the four panels in
        one row, shorter titles, every text at 16 px or more.  The low-noise
        verdict under the difference graph is dropped there (the headline
        readout "low noise (Def. 4)" shows it).
    **_values
        The control values (the layout does not depend on them).

    Returns
    -------
    types.SimpleNamespace
        The axes ``dag1``, ``dag2``, ``diff`` and ``scores``, and ``fontsize``
        (None, or the size of the texts drawn on them).
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    if wide:
        return _setup_wide(fig)
    axes = fig.subplot_mosaic(
        [["dag1", "dag2", "diff"], ["scores", "scores", "scores"]], height_ratios=[1.45, 1]
    )
    empty = np.zeros((3, 3))  # the items are static: drawn once, under the blitted edges
    for name, title in (
        ("dag1", "DAG 1, probability p"),
        ("dag2", "DAG 2, probability 1 − p"),
        ("diff", "difference graph G_μ"),
    ):
        plot_preference_circle(axes[name], empty, title=title, legend=False)
    style_item_scores_axes(
        axes["scores"], ["surrogate\nminimiser", "aggregated\nloss (23)"], ticks=False
    )
    axes["scores"].set_xlim(_SPAN[0] - 0.1, _SPAN[1] + 0.1)
    axes["scores"].set_xlabel("score α, each row on its own scale (higher is ranked higher)")
    axes["scores"].set_title("scores: the surrogate against the aggregated loss (23)")
    plot_legend(
        fig,
        [
            ("preference i → j (width ∝ weight)", {"color": EDGE_COLOR}),
            ("edge of G_μ ordered correctly", {"color": SAMPLE_COLOR}),
            ("edge of G_μ misordered or tied", {"color": POSITIVE_COLOR, "ls": "--"}),
            ("item of a misordered or tied edge", _WRONG_ITEM_STYLE),
        ],
        loc="outside lower center",
        ncols=2,
    )
    return SimpleNamespace(
        dag1=axes["dag1"],
        dag2=axes["dag2"],
        diff=axes["diff"],
        scores=axes["scores"],
        fontsize=None,
    )


def _setup_wide(fig):
    """The presentation layout of :func:`setup_low_noise_explorer`: one row of four panels."""
    size = 16.0 / PRESENTATION_SCALE  # 16 px on the projector
    axes = fig.subplot_mosaic([["dag1", "dag2", "diff", "scores"]], width_ratios=[1, 1, 1, 1.25])
    empty = np.zeros((3, 3))
    for name, title in (
        ("dag1", "DAG 1 (prob. p)"),
        ("dag2", "DAG 2 (1 − p)"),
        ("diff", "difference G_μ"),
    ):
        plot_preference_circle(axes[name], empty, title=title, legend=False, fontsize=size)
    style_item_scores_axes(axes["scores"], ["surrogate", "loss (23)"], ticks=False)
    axes["scores"].set_xlim(_SPAN[0] - 0.12, _SPAN[1] + 0.12)
    axes["scores"].set_xlabel("score α (each row to scale)")
    axes["scores"].set_title("scores")
    plot_legend(
        fig,
        [
            ("i → j (width ∝ weight)", {"color": EDGE_COLOR}),
            ("ordered correctly", {"color": SAMPLE_COLOR, "lw": 3}),
            ("misordered or tied", {"color": POSITIVE_COLOR, "ls": "--", "lw": 3}),
            ("items of those edges", {**_WRONG_ITEM_STYLE, "ms": 16}),
        ],
        loc="outside lower center",
        ncols=4,
        fontsize="medium",
        handlelength=2.6,
    )
    return SimpleNamespace(
        dag1=axes["dag1"],
        dag2=axes["dag2"],
        diff=axes["diff"],
        scores=axes["scores"],
        fontsize=size,
    )


def draw_low_noise_explorer(axes, *, p, w01, w02, w12, w10, w20, w21, phi, form, search_note=None):
    """Draw the explorer's changing artists and return its readouts.

    Parameters
    ----------
    axes : types.SimpleNamespace
        As returned by :func:`setup_low_noise_explorer`.
    p, w01, w02, w12, w10, w20, w21 : float
        The distribution (:func:`explorer_distribution`).
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
        The surrogate's loss.
    form : {"pairwise", "margin"}
        Eq. (12) or (13).
    search_note : str, optional
        Result of the last counterexample search, shown as a readout.

    Returns
    -------
    dict
        Low-noise check, Bayes orders, the surrogate minimiser's scores, order,
        wrong edges and excess risk, the order of the aggregated loss (23), the
        solver's status.

    Raises
    ------
    ValueError, TypeError
        If a parameter is invalid.  A surrogate without a minimiser is not an
        error: the panel says so.
    """
    axes = check_handles(axes, "axes", "dag1", "dag2", "diff", "scores")
    checked = check_controls(
        {
            "p": p,
            "w01": w01,
            "w02": w02,
            "w12": w12,
            "w10": w10,
            "w20": w20,
            "w21": w21,
            "phi": phi,
            "form": form,
        },
        _RANGES,
    )
    p, w01, w02, w12, w10, w20, w21, phi, form = checked.values()
    search_note = check_text(search_note, "search_note", optional=True)
    mu = explorer_distribution(p, w01, w02, w12, w10, w20, w21)
    Y = mean_adjacency(mu)
    D = difference_graph(Y)
    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(D > 0), strict=True)]
    violations = low_noise_violations(Y)
    orders = bayes_orders(mu)
    # the conditional risk (11) is the loss (10) on the mean graph
    bayes_risk = pairwise_disagreement(-np.argsort(orders[0]).astype(float), Y)

    try:
        solution = graph_surrogate_minimizer(mu, phi, form)
        alpha, solver_text = solution.alpha, f"{solution.solver}: {solution.status}"
        wrong = violated_edges(alpha, Y)
        note = None
    except ValueError as exc:  # no minimiser (logistic, exponential) or a solver failure
        alpha, wrong, solver_text = None, [], str(exc)
        note = "no minimiser (see the solver readout)"
    try:
        aggregated = aggregated_surrogate_minimizer(Y, phi).alpha
        aggregated_wrong = violated_edges(aggregated, Y)
        aggregated_note = None
    except ValueError:
        aggregated, aggregated_wrong = None, []
        aggregated_note = "no minimiser: the infimum 0 needs infinitely spread scores"

    size = getattr(axes, "fontsize", None)
    plot_preference_circle(
        axes.dag1, mu[0][1], max_weight=_MAX_WEIGHT, nodes=False, legend=False, fontsize=size
    )
    plot_preference_circle(
        axes.dag2, mu[1][1], max_weight=_MAX_WEIGHT, nodes=False, legend=False, fontsize=size
    )
    plot_preference_circle(
        axes.diff,
        D,
        wrong=wrong,
        right=[e for e in edges if e not in wrong] if alpha is not None else (),
        max_weight=_MAX_WEIGHT,
        nodes=False,
        legend=False,
        fontsize=size,
    )
    if size is None:  # the wide layout has no room for it: the headline shows the verdict
        status = (
            "low noise ✓"
            if not violations
            else (
                "not low noise: path {}→{}→{} outweighs {}→{}".format(
                    *violations[0], violations[0][0], violations[0][2]
                )
            )
        )
        axes.diff.text(
            0.5,
            -0.02,
            status,
            transform=axes.diff.transAxes,
            ha="center",
            va="top",
            fontsize=10,
            color="0.15" if not violations else POSITIVE_COLOR,
        )
    else:
        note = note and "no minimiser"
        aggregated_note = aggregated_note and "no minimiser"
    # each row on its own scale (the two losses' scores are not comparable); the labels
    # give the scores
    plot_item_scores(axes.scores, 0, alpha, wrong=wrong, note=note, span=_SPAN, fontsize=size)
    plot_item_scores(
        axes.scores,
        1,
        aggregated,
        wrong=aggregated_wrong,
        note=aggregated_note,
        span=_SPAN,
        fontsize=size,
    )

    bayes_text = " | ".join(format_order(order) for order in orders[:3])
    if len(orders) > 3:
        bayes_text += f" | … ({len(orders)} orders)"
    readouts = {
        "low noise (Def. 4)": "yes" if not violations else "no",
        "Bayes order(s)": bayes_text,
        "surrogate order": _order_text(alpha) if alpha is not None else "no minimiser",
        "surrogate scores α": (
            "(" + ", ".join(f"{v + 0.0:.2f}" for v in alpha) + ")" if alpha is not None else "none"
        ),
        "edges of G_μ it gets wrong": _edges_text(wrong, alpha) if alpha is not None else "—",
        "risk (11) at α minus Bayes risk": (
            pairwise_disagreement(alpha, Y) - bayes_risk if alpha is not None else float("nan")
        ),
        "(23) order": _order_text(aggregated) if aggregated is not None else "no minimiser",
        "solver": solver_text,
    }
    if search_note is not None:
        readouts["counterexample search"] = search_note
    return readouts


def _loaded_counterexample(values, phi, form):
    """The distribution the controls now hold, re-certified: its wrong edge and certificate.

    Called when the sliders' rounding changed a value of a found counterexample
    (which the search's grid, p in 0.1..0.9 and integer weights, never
    triggers): the example shown must still be certified.  Raises ValueError
    if it is not.
    """
    mu = explorer_distribution(values["p"], *(values[name] for name in _EDGES))
    Y = mean_adjacency(mu)
    alpha = graph_surrogate_minimizer(mu, phi, form).alpha
    wrong = violated_edges(alpha, Y)
    if not wrong:
        raise ValueError("no edge wrong after rounding to the sliders' steps")
    probs, graphs = check_preference_distribution(mu)
    certificate = certify_counterexample(
        LowNoiseCounterexample(probs, graphs, alpha, wrong[0], phi, form)
    )
    if not certificate.every_minimizer:
        raise ValueError("not every minimiser gets the edge wrong after rounding")
    return wrong[0], certificate


def _proof_text(certificate) -> str:
    """What a certificate proves about every minimiser, in words."""
    low, high = (float(g) for g in certificate.gap_range)
    what = "misorders" if high < 0 else "ties" if low == high == 0.0 else "misorders or ties"
    # exact certificates (hinge, squared hinge) bound the gap by rationals; the smooth losses'
    # by 50-digit floats (Newton's method, rankviz.counterexamples.certify_counterexample)
    exact = all(isinstance(g, sp.Rational) for g in certificate.gap_range)
    how = "proven in exact arithmetic" if exact else "proven by Newton's method at 50 digits"
    return f"every minimiser {what} it, {how}"


def low_noise_explorer(*, presentation: bool | None = None, **initial):
    """Dashboard: edit two preference DAGs and watch a pairwise surrogate misorder an edge.

    Sliders set the probability ``p`` of DAG 1 and the weights of its three
    edges pointing down the item order, and of DAG 2's three edges pointing
    up; dropdowns choose the loss ``phi`` and the surrogate form, (12) or (13).
    The figure shows both DAGs, the difference graph ``G_mu`` with the edges
    the surrogate's minimiser gets wrong (dashed), the low-noise check, and the
    minimiser's scores next to those of the aggregated loss (23).  The button
    "find a counterexample" runs
    :func:`~rankviz.counterexamples.find_low_noise_counterexample` for the current
    ``phi`` and form (a new seed at each click; a seed whose search gives up,
    or finds the example already on screen, hands over to the next, up to
    five) and loads what it finds; the readout "counterexample search" says
    what the certificate proves (every minimiser ties, or misorders, the
    edge; in exact arithmetic or by Newton's method at 50 digits).  The
    search draws ``p`` from 0.1, ..., 0.9 and integer weights, all on the
    sliders' steps, so the loaded example is the certified one, unchanged; were
    a slider to round a value, the rounded example would be re-certified
    (:func:`~rankviz.counterexamples.certify_counterexample`) and the readout
    "counterexample search" says which happened.  The reset button brings back
    the default example, clears that readout and restarts the seeds at 0 (so
    the first search after a reset always loads the same example).

    In the presentation layout ``p``, the loss and the form are the main
    controls (the six weights are folded under "more"), the low-noise verdict,
    the Bayes order, the surrogate's order and the order of (23) are the
    headline, and the four panels stand in one row, 1080 x 432 px.

    Parameters
    ----------
    presentation : bool, optional
        Use the presentation layout (True) or the student layout (False); by
        default, :func:`~rankviz.widgets.dashboard.presentation_mode` decides.
    **initial
        Initial control values overriding :data:`LOW_NOISE_EXPLORER_DEFAULTS`
        (``p``, ``w01``, ``w02``, ``w12``, ``w10``, ``w20``, ``w21``, ``phi``,
        ``form``).

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
    Duchi, Mackey and Jordan (2013), Figure 1, Definition 4, Theorems 2 and 3,
    eq. (23).

    Examples
    --------
    >>> dash = low_noise_explorer()
    >>> dash.readouts["low noise (Def. 4)"], dash.readouts["Bayes order(s)"]
    ('yes', '0 ≻ 1 ≻ 2')
    >>> dash.readouts["surrogate order"], dash.readouts["(23) order"]
    ('1 ≻ 0 ≻ 2', '0 ≻ 1 ≻ 2')
    >>> dash.controls["phi"].value = "hinge"
    >>> dash.readouts["edges of G_μ it gets wrong"]
    '0→1 (tied)'
    >>> dash.controls["phi"].value = "logistic"
    >>> dash.readouts["(23) order"]
    'no minimiser'
    """
    v = initial_values("low_noise_explorer", LOW_NOISE_EXPLORER_DEFAULTS, initial)
    labels = {
        "w01": "DAG 1: 0 → 1",
        "w02": "DAG 1: 0 → 2",
        "w12": "DAG 1: 1 → 2",
        "w10": "DAG 2: 1 → 0",
        "w20": "DAG 2: 2 → 0",
        "w21": "DAG 2: 2 → 1",
    }
    controls = {"p": float_slider("P(DAG 1) = p", v["p"], 0.05, 0.95, 0.05)}
    for name, label in labels.items():
        controls[name] = float_slider(label, v[name], 0.0, _MAX_WEIGHT, 0.5, readout_format=".1f")
    controls["phi"] = dropdown("loss φ", [(_LOSS_LABELS[key], key) for key in SURROGATES], v["phi"])
    controls["form"] = dropdown(
        "form", [(label, key) for key, label in _FORM_LABELS.items()], v["form"]
    )
    state = {"clicks": 0, "note": None}

    def draw(handles, **values):
        return draw_low_noise_explorer(handles, **values, search_note=state["note"])

    def find(dash):
        phi, form = dash.controls["phi"].value, dash.controls["form"].value
        name = _LOSS_LABELS[phi]
        shown, first = dash.values, state["clicks"]
        for seed in range(first, first + _SEARCH_SEEDS):
            # a fresh example at every press: a seed whose search gives up, or finds the
            # example on screen, hands over to the next one
            state["clicks"] = seed + 1
            try:
                cx = find_low_noise_counterexample(phi, form, 3, rng=seed)
            except ValueError:
                continue
            found = {"p": float(cx.probs[0])}
            for control, (k, a, b) in _EDGES.items():
                found[control] = float(cx.graphs[k, a, b])
            if any(shown[control] != value for control, value in found.items()):
                break
        else:
            state["note"] = (
                f"seeds {first}–{first + _SEARCH_SEEDS - 1}: no new low-noise "
                f"counterexample for the {name} loss, {_FORM_LABELS[form]}; "
                f"press again"
            )
            return
        dash.set(**found)
        if all(dash.controls[control].value == value for control, value in found.items()):
            certificate = certify_counterexample(cx)
            state["note"] = (
                f"seed {seed}: found one, {name} gets {cx.pair[0]}→{cx.pair[1]} "
                f"wrong: {_proof_text(certificate)}"
            )
            return
        try:  # a slider rounded a value: certify what is shown, or do not show it
            (i, j), certificate = _loaded_counterexample(dash.values, phi, form)
        except ValueError as exc:
            dash.set(**shown)
            state["note"] = f"seed {seed}: found one, but not after rounding ({exc})"
            return
        state["note"] = (
            f"seed {seed}: found one, {name} gets {i}→{j} wrong: "
            f"{_proof_text(certificate)} (re-certified after rounding)"
        )

    def clear_search(_dash):  # the reset button: no note, and the next search starts at seed 0
        state["note"], state["clicks"] = None, 0

    wide = presentation_enabled(presentation)
    return Dashboard(
        "Low-noise explorer",
        controls,
        draw,
        setup=functools.partial(setup_low_noise_explorer, wide=wide),
        figsize=(10.0, 6.8),
        presentation=presentation,
        presentation_figsize=(PRESENTATION_WIDTH, _WIDE_HEIGHT),
        buttons={"find a counterexample": find},
        on_reset=clear_search,
        headline=("low noise (Def. 4)", "Bayes order(s)", "surrogate order", "(23) order"),
        advanced=tuple(_EDGES),
        note="Move the weights and watch the dashed edges of G_μ; switch the loss and the "
        "form; click the button for a certified low-noise counterexample.",
        rebuild=low_noise_explorer,
    )
