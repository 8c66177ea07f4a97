"""Chapter 06 dashboard: the calibration explorer.

Pick a target loss and a surrogate, type three label vectors a, b, c, and mix
them with three weight sliders (normalized to a distribution).  The left panel
shows the conditional risk of every permutation, the Bayes set highlighted and
pred of the surrogate minimizer marked; the right panel is the triangle of all
mixtures of a, b and c, coloured where pred is not Bayes-optimal, with the
current distribution as a dot.

Everything the dashboard shows comes from :mod:`rankviz.bayes`, :mod:`rankviz.surrogates` and
:mod:`rankviz.calibration`, with closed-form
minimizers: the loss matrix of the three labels (:func:`~rankviz.bayes.loss_matrix`)
and the map of the triangle (:func:`~rankviz.calibration.calibration_regret`) are
cached per (loss, surrogate, labels); a weight change costs one
:func:`~rankviz.bayes.conditional_risk` on the cached matrix, one closed-form
:func:`~rankviz.surrogates.surrogate_minimizer` and one pred.  Only the
labels fix the layout: changing the loss or the surrogate redraws the bars and
the map over the cached static picture (a blit), like a weight change.
"""

from __future__ import annotations

from functools import lru_cache, partial
from types import SimpleNamespace

import numpy as np

from rankviz._validation import check_bool, check_text
from rankviz.bayes import (
    DEFAULT_TOL,
    conditional_risk,
    err_loss,
    loss_matrix,
    map_loss,
    ndcg_loss,
    precision_loss,
)
from rankviz.calibration import SimplexTriangulation, calibration_regret, simplex_triangulation
from rankviz.permutations import all_permutations, format_order, order_from_sigma
from rankviz.plotting import (
    permutation_risk_legend_entries,
    plot_calibration_simplex,
    plot_legend,
    plot_permutation_risks,
    plot_simplex_point,
    style_permutation_risk_axes,
    style_simplex_axes,
)
from rankviz.surrogates import (
    map_surrogate,
    pairwise_surrogate,
    squared_surrogate,
    surrogate_minimizer,
)
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Choice, Controls, Slider, Text, document_controls
from rankviz.widgets.dashboard import PRESENTATION_WIDTH, Dashboard, presentation_enabled

__all__ = [
    "ADVANCED",
    "CALIBRATION_EXPLORER_CONTROLS",
    "CALIBRATION_EXPLORER_DEFAULTS",
    "HEADLINE",
    "LOSSES",
    "MAP_RESOLUTION",
    "MAX_ITEMS",
    "REGRET_SCALE",
    "SURROGATES",
    "calibration_explorer",
    "draw_calibration_explorer",
    "explorer_case",
    "parse_label",
    "setup_calibration_explorer",
]

#: Target losses offered: label -> key.
LOSSES = {
    "1 − Precision@2": "precision@2",
    "1 − AP (MAP)": "map",
    "1 − NDCG": "ndcg",
    "1 − ERR": "err",
}

#: Surrogates offered: label -> key (each has a closed-form minimizer).  Every one but the MAP
#: quadratic surrogate predicts by sorting its minimiser; "NDCG gain" is G(y)/Z(y), "ERR's R"
#: the stopping probabilities R(y).  Labels of at most 24 characters: a dropdown shows them whole.
SURROGATES = {
    "least squares on y": "ls_relevance",
    "least squares on y/|y|₁": "ls_normalized",
    "least squares, NDCG gain": "ls_ndcg",
    "least squares, ERR's R": "ls_err",
    "pairwise logistic, NDCG": "pairwise_logistic",
    "MAP quadratic (argmax)": "map_quadratic",
}

#: Most items a label vector may have in the dashboard (5! = 120 bars).
MAX_ITEMS = 5

#: Segments per side of the triangle map (MAP_RESOLUTION ** 2 small triangles).
MAP_RESOLUTION = 36

#: Regret of the darkest shade of the map (larger regrets are clipped to it).
REGRET_SCALE = 0.1

#: The readouts the deck's talk track cites, shown large in the presentation layout.
HEADLINE = ("regret", "calibrated here", "pred(u*) (top first)", "Bayes set (top first)")
#: Controls the talk track does not move, folded under "more" in the presentation layout.
ADVANCED = ("label_a", "label_b", "label_c")
#: Height in inches of the presentation figure: two rows of main controls leave
#: 600 - 40 - 2 * 33 - 60 = 434 px for it at 72 dpi.
PRESENTATION_HEIGHT = 6.0

_ITEM_NAMES = "ABCDEFG"


def parse_label(text, name="label"):
    """Read a label vector typed as numbers separated by spaces or commas.

    Parameters
    ----------
    text : str
        E.g. ``"0 1 1 0"`` or ``"2, 0, 1"``.
    name : str, default "label"
        Used in error messages.

    Returns
    -------
    ndarray of float

    Raises
    ------
    TypeError
        If ``text`` or ``name`` is not a string.
    ValueError
        If the text is not 2 to MAX_ITEMS non-negative numbers.

    Examples
    --------
    >>> parse_label("0, 1 2")
    array([0., 1., 2.])
    """
    name = check_text(name, "name")
    text = check_text(text, name)
    tokens = text.replace(",", " ").split()
    try:
        values = np.array([float(t) for t in tokens])
    except ValueError:
        raise ValueError(f"{name} must be numbers separated by spaces, got {text!r}") from None
    if not 2 <= values.size <= MAX_ITEMS:
        raise ValueError(f"{name} must have between 2 and {MAX_ITEMS} items, got {values.size}")
    if not np.isfinite(values).all() or (values < 0).any():
        raise ValueError(f"{name} must hold non-negative grades, got {text!r}")
    return values


def _label_box(letter: str, default: str) -> Text:
    return Text(
        f"label {letter}",
        default,
        parse_label,
        allowed=f"2 to {MAX_ITEMS} non-negative grades separated by spaces",
    )


#: The controls of :func:`calibration_explorer`, declared once: the widgets, and the checks of
#: the factory's keywords, of ``Dashboard.set`` and of :func:`draw_calibration_explorer`.
#: All three weights at 0 is allowed: the distribution is then uniform.
CALIBRATION_EXPLORER_CONTROLS = Controls(
    "calibration_explorer",
    loss=Choice("target loss", list(LOSSES.items()), "map"),
    surrogate=Choice("surrogate", list(SURROGATES.items()), "ls_relevance"),
    label_a=_label_box("a", "0 0 1 0"),
    label_b=_label_box("b", "1 1 0 0"),
    label_c=_label_box("c", "0 1 0 1"),
    weight_a=Slider("weight of a", 0.4, 0.0, 1.0, 0.01),
    weight_b=Slider("weight of b", 0.55, 0.0, 1.0, 0.01),
    weight_c=Slider("weight of c", 0.05, 0.0, 1.0, 0.01),
)
#: Default control values of :func:`calibration_explorer`.
CALIBRATION_EXPLORER_DEFAULTS = CALIBRATION_EXPLORER_CONTROLS.defaults


def _parse_labels(label_a, label_b, label_c) -> list[np.ndarray]:
    """The three typed label vectors, each named by its argument, of one length."""
    rows = [
        parse_label(text, f"label_{name}")
        for name, text in zip("abc", (label_a, label_b, label_c), strict=True)
    ]
    sizes = [row.size for row in rows]
    for name, size in zip("bc", sizes[1:], strict=True):
        if size != sizes[0]:
            raise ValueError(
                f"label_a and label_{name} must have the same number of items, got {sizes}"
            )
    return rows


def explorer_case(loss, surrogate, label_a, label_b, label_c):
    """The loss, surrogate and label set the explorer shows for these control values.

    Parameters
    ----------
    loss : str
        A value of :data:`LOSSES`.
    surrogate : str
        A value of :data:`SURROGATES`.
    label_a, label_b, label_c : str
        The three label vectors, typed (see :func:`parse_label`).

    Returns
    -------
    types.SimpleNamespace
        ``loss`` (a RankingLoss), ``surrogate`` (a Surrogate), ``labels``
        (shape (3, n)) and ``max_grade`` (the top grade, at least 1, used by
        the ERR loss and the R(y) target).

    Raises
    ------
    ValueError
        If a label cannot be read, the labels have different lengths, or a
        binary loss gets grades.

    Examples
    --------
    >>> case = explorer_case("map", "map_quadratic", "1 0", "0 1", "1 1")
    >>> case.loss, case.surrogate, case.labels.shape
    (RankingLoss('MAP', labels: binary), Surrogate('MAP quadratic (n(n+1)/2), argmax', \
pred=argmax, closed form), (3, 2))
    """
    rows = _parse_labels(label_a, label_b, label_c)
    labels = np.vstack(rows)
    top = max(1.0, float(labels.max()))
    losses = {
        "precision@2": lambda: precision_loss(2),
        "map": map_loss,
        "ndcg": ndcg_loss,
        "err": lambda: err_loss(top),
    }
    surrogates = {
        "ls_relevance": lambda: squared_surrogate("relevance"),
        "ls_normalized": lambda: squared_surrogate("normalized"),
        "ls_ndcg": lambda: squared_surrogate("ndcg_gain"),
        "ls_err": lambda: squared_surrogate("err_gain", max_grade=top),
        "pairwise_logistic": lambda: pairwise_surrogate("logistic"),
        "map_quadratic": map_surrogate,
    }
    if loss not in losses:
        raise ValueError(f"loss must be one of {sorted(losses)}, got {loss!r}")
    if surrogate not in surrogates:
        raise ValueError(f"surrogate must be one of {sorted(surrogates)}, got {surrogate!r}")
    target = losses[loss]()
    if target.label_kind == "binary" and not np.isin(labels, (0.0, 1.0)).all():
        graded = "abc"[int(np.flatnonzero(~np.isin(labels, (0.0, 1.0)).all(axis=1))[0])]
        raise ValueError(
            f"label_{graded} holds grades, but {target.name} needs binary labels "
            f"(0/1); type grades only for NDCG and ERR"
        )
    return SimpleNamespace(
        loss=target, surrogate=surrogates[surrogate](), labels=labels, max_grade=top
    )


def _weights(values) -> tuple[np.ndarray, bool]:
    raw = np.array([values["weight_a"], values["weight_b"], values["weight_c"]], dtype=float)
    total = raw.sum()
    if total <= 0:
        return np.full(3, 1.0 / 3.0), True
    return raw / total, False


def _order_names(sigmas: np.ndarray) -> list[str]:
    return [format_order(order_from_sigma(s), _ITEM_NAMES, sep="") for s in sigmas]


def setup_calibration_explorer(fig, *, label_a, label_b, label_c, wide=False, **_values):
    """Build the static part: the two axes (fixed limits), the legend and the colour bar.

    Only the labels fix the layout (the number of items gives the bars); the
    loss, the surrogate and the weights are drawn by
    :func:`draw_calibration_explorer`, so that changing them is a blit.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    label_a, label_b, label_c : str
        The three label vectors, typed.
    wide : bool, default False
        The presentation layout (a wide, low figure at projector type size):
        the same two panels with text at matplotlib's default sizes, shorter titles and
        one legend under the figure; the names of the loss and the surrogate
        are not written on the panels (their dropdowns are right above).
    **_values
        The other controls (the static part does not depend on them).

    Returns
    -------
    types.SimpleNamespace
        The axes ``risks`` and ``simplex``, and ``wide``.

    Raises
    ------
    ValueError
        If a label cannot be read or the labels differ in length.
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    rows = _parse_labels(label_a, label_b, label_c)
    sigmas = all_permutations(rows[0].size)
    names = _order_names(sigmas)  # the tick labels
    vertex = [f"a = {label_a.strip()}", f"b = {label_b.strip()}", f"c = {label_c.strip()}"]
    if wide:
        risk_ax, simplex_ax = fig.subplots(1, 2, width_ratios=[1.6, 1.0])
        style_permutation_risk_axes(
            risk_ax,
            sigmas.shape[0],
            ylim=(0.0, 1.08),
            tick_labels=names if sigmas.shape[0] <= 24 else None,
            title="conditional risk of every permutation",
            tick_fontsize=None,
        )
        risk_ax.set_yticks(np.linspace(0.0, 1.0, 6))  # no tick label beyond the limits
        style_simplex_axes(
            simplex_ax,
            vertex,
            regret_scale=REGRET_SCALE,
            title="where pred(u*) is not Bayes",
            fontsize=None,
            regret_label="regret of pred(u*)",
        )
        entries = permutation_risk_legend_entries()
        entries.append(("the mixture of a, b, c", {"marker": "o", "color": "black", "lw": 0}))
        plot_legend(fig, entries, loc="outside lower center", ncols=len(entries), fontsize=None)
    else:
        risk_ax, simplex_ax = fig.subplots(1, 2, width_ratios=[1.35, 1.0])
        style_permutation_risk_axes(
            risk_ax,
            sigmas.shape[0],
            ylim=(0.0, 1.08),
            tick_labels=names if sigmas.shape[0] <= 24 else None,
            title="conditional risk of every permutation",
        )
        plot_legend(risk_ax, permutation_risk_legend_entries(), loc="upper right", fontsize="small")
        style_simplex_axes(
            simplex_ax,
            vertex,
            regret_scale=REGRET_SCALE,
            title="mixtures of a, b, c: where pred(u*) is not Bayes",
        )
    return SimpleNamespace(risks=risk_ax, simplex=simplex_ax, wide=wide)


@lru_cache(maxsize=1)
def _grid() -> SimplexTriangulation:
    """The triangle map's grid: :func:`~rankviz.calibration.simplex_triangulation`'s own result."""
    return simplex_triangulation(MAP_RESOLUTION)


@lru_cache(maxsize=32)
def _loss_matrix(loss, surrogate, label_a, label_b, label_c) -> np.ndarray:
    """:func:`~rankviz.bayes.loss_matrix` of the case, cached (read-only)."""
    case = explorer_case(loss, surrogate, label_a, label_b, label_c)
    matrix = loss_matrix(case.loss, case.labels.shape[1], case.labels)
    matrix.flags.writeable = False
    return matrix


@lru_cache(maxsize=32)
def _regret_map(loss, surrogate, label_a, label_b, label_c) -> np.ndarray:
    """:func:`~rankviz.calibration.calibration_regret` on the triangle's grid, cached, read-only."""
    case = explorer_case(loss, surrogate, label_a, label_b, label_c)
    matrix = _loss_matrix(loss, surrogate, label_a, label_b, label_c)
    regret = calibration_regret(matrix, case.surrogate, case.labels, _grid().centroids)
    regret.flags.writeable = False
    return regret


def draw_calibration_explorer(handles, **values):
    """Draw the risks, the triangle map and the current distribution; return the readouts.

    Parameters
    ----------
    handles : types.SimpleNamespace
        As returned by :func:`setup_calibration_explorer`.
    **values
        The control values.

    Returns
    -------
    dict
        The distribution, the surrogate minimizer, pred(u*), the Bayes set, the
        risks and the regret.

    Raises
    ------
    TypeError
        If a keyword is not a control, or a value has the wrong type.
    ValueError
        If a value is one its control (:data:`CALIBRATION_EXPLORER_CONTROLS`) cannot take
        (a weight outside [0, 1], NaN), or as :func:`explorer_case` (e.g. grades typed for
        a binary loss).
    """
    handles = check_handles(handles, "handles", "risks", "simplex")
    values = CALIBRATION_EXPLORER_CONTROLS.check(values)
    missing = [name for name in CALIBRATION_EXPLORER_CONTROLS if name not in values]
    if missing:
        raise TypeError(f"draw_calibration_explorer is missing the controls {missing}")
    key = tuple(values[name] for name in ("loss", "surrogate", "label_a", "label_b", "label_c"))
    case = explorer_case(*key)
    map_regret = _regret_map(*key)
    probs, all_zero = _weights(values)
    risks = conditional_risk(_loss_matrix(*key), case.labels, probs)
    best = risks.min()
    bayes = risks <= best + DEFAULT_TOL
    scores = surrogate_minimizer(case.surrogate, case.labels, probs, method="closed_form").scores
    sigma = case.surrogate.pred(scores)
    sigmas = all_permutations(case.labels.shape[1])
    names = _order_names(sigmas)
    index = int(np.flatnonzero((sigmas == sigma).all(axis=1))[0])
    wide = getattr(handles, "wide", False)
    plot_permutation_risks(handles.risks, risks, bayes=bayes, pred=index, legend=False)
    if not wide:  # the presentation layout has the dropdowns right above the figure
        handles.risks.text(
            0.01,
            0.98,
            f"loss: {case.loss.name}",
            transform=handles.risks.transAxes,
            ha="left",
            va="top",
            fontsize=10,
            fontweight="bold",
        )
    plot_calibration_simplex(
        handles.simplex, _grid(), map_regret, vmax=REGRET_SCALE, colorbar=False
    )
    if not wide:
        handles.simplex.text(
            0.5,
            -0.02,
            f"surrogate: {case.surrogate.name}",
            transform=handles.simplex.transAxes,
            ha="center",
            va="top",
            fontsize=10,
            fontweight="bold",
        )
    plot_simplex_point(handles.simplex, probs)
    regret = float(risks[index] - best)
    bayes_names = [names[i] for i in np.flatnonzero(bayes)]
    shown = ", ".join(bayes_names[:6]) + (
        f", … ({len(bayes_names)} in all)" if len(bayes_names) > 6 else ""
    )
    if case.surrogate.pred_kind == "sort":
        minimizer = " ".join("−∞" if np.isneginf(v) else f"{v:.3f}" for v in scores)
    else:
        minimizer = f"{scores.size} pair scores (diagonal {np.round(scores[_diagonal(case)], 3)})"
    return {
        "distribution (a, b, c)": " · ".join(f"{p:.3f}" for p in probs)
        + ("  (all weights 0: uniform)" if all_zero else ""),
        "surrogate minimizer u*": minimizer,
        "pred(u*) (top first)": names[index],
        "Bayes set (top first)": shown,
        "Bayes risk": float(best),
        "risk of pred(u*)": float(risks[index]),
        "regret": regret if regret > DEFAULT_TOL else 0.0,
        "calibrated here": "yes" if regret <= DEFAULT_TOL else "NO",
        "share of the triangle where pred is not Bayes": f"{100 * np.mean(map_regret > 0):.1f} %",
    }


def _diagonal(case) -> np.ndarray:
    n = case.labels.shape[1]
    i, j = np.triu_indices(n)
    return np.flatnonzero(i == j)


@document_controls(CALIBRATION_EXPLORER_CONTROLS)
def calibration_explorer(*, presentation: bool | None = None, **initial):
    """Dashboard: a loss, a surrogate and a mixture of three labels; is pred Bayes-optimal?

    Controls: the target loss (1 − Precision@2, 1 − AP, 1 − NDCG, 1 − ERR), the
    surrogate (least squares on y, on ``y/|y|₁``, on G(y)/Z(y), on ERR's R(y);
    pairwise logistic; the MAP quadratic surrogate), three label vectors typed
    as text (2 to 5 items; binary for Precision and MAP), and three weights,
    normalized to the distribution of the labels (all zero means uniform).

    The Bayes-set bars are hatched and outlined as well as green, and the
    reset button (↺ reset) puts every control back to its default.

    Parameters
    ----------
    presentation : bool, optional
        Lay the dashboard out for a projector (see
        :mod:`rankviz.widgets.dashboard`); by default, whatever
        :func:`~rankviz.widgets.dashboard.presentation_mode` says.  The
        regret, the verdict, pred(u*) and the Bayes set are the headline
        (:data:`HEADLINE`); the three label vectors are folded (:data:`ADVANCED`).
    **initial
        Initial control values overriding :data:`CALIBRATION_EXPLORER_DEFAULTS`, the same
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
        names the keyword and what the control allows), or the initial labels cannot
        be read.

    References
    ----------
    Seed 002, sections 1 and 3; Duchi, Mackey and Jordan (2013), section 3.

    Examples
    --------
    >>> dash = calibration_explorer()
    >>> dash.readouts["calibrated here"], dash.readouts["pred(u*) (top first)"]
    ('NO', 'BACD')
    >>> dash.controls["surrogate"].value = "map_quadratic"
    >>> dash.readouts["calibrated here"]
    'yes'
    """
    v = CALIBRATION_EXPLORER_CONTROLS.initial(**initial)
    explorer_case(v["loss"], v["surrogate"], v["label_a"], v["label_b"], v["label_c"])
    controls = CALIBRATION_EXPLORER_CONTROLS.build(v)

    wide = presentation_enabled(presentation)
    return Dashboard(
        "Calibration explorer",
        controls,
        draw_calibration_explorer,
        setup=partial(setup_calibration_explorer, wide=wide),
        layout_controls=("label_a", "label_b", "label_c"),
        figsize=(12.0, 5.6),
        presentation=wide,
        presentation_figsize=(PRESENTATION_WIDTH, PRESENTATION_HEIGHT),
        headline=HEADLINE,
        advanced=ADVANCED,
        note="Move the weights into a coloured region of the triangle and watch pred leave "
        "the Bayes set; then switch the surrogate to the one the theory recommends.",
        rebuild=calibration_explorer,
    )
