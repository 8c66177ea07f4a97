"""Chapter 04 dashboard: the margin bound explorer.

A ranking SVM is trained on pairs from :class:`rankviz.ranksvm.LinearUtilityModel`
(two features, points in the unit ball, so r = 1), and its weight vector is
normalized to ``||w|| = 1`` (the class of Corollary 10.2 with Lambda = 1).  The
:class:`~rankviz.ranksvm.RankSVMModel` that :func:`~rankviz.ranksvm.rank_svm` returns is
cached per (m, noise, C, seed): moving rho, delta or the bound's form redraws the
sample (a millisecond), asks the model for its margins
(:meth:`~rankviz.ranksvm.RankSVMModel.pairwise_margins`) and recomputes the bound.
"""

from __future__ import annotations

import math
from functools import lru_cache, partial
from types import SimpleNamespace

import numpy as np

from rankviz._validation import check_bool
from rankviz.bounds import margin_loss, ranking_margin_bound
from rankviz.plotting import (
    MARGIN_ZONE_COLORS,
    NEUTRAL_COLOR,
    margin_bound_legend_entries,
    plot_bound_bars,
    plot_legend,
    plot_margin_bound_terms,
    plot_margin_histogram,
    style_bound_bars_axes,
    style_margin_bound_axes,
    style_margin_histogram_axes,
)
from rankviz.ranksvm import LinearUtilityModel, RankSVMModel, rank_svm
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Choice, Controls, Slider, document_controls
from rankviz.widgets.dashboard import PRESENTATION_WIDTH, Dashboard, presentation_enabled

__all__ = [
    "ADVANCED",
    "BOUND_FORMS",
    "HEADLINE",
    "MARGIN_BOUND_EXPLORER_CONTROLS",
    "MARGIN_BOUND_EXPLORER_DEFAULTS",
    "draw_margin_bound_explorer",
    "margin_bound_explorer",
    "setup_margin_bound_explorer",
]

#: The bound's two forms: (10.7) at a rho fixed before the sample, or uniform over rho.
BOUND_FORMS = {
    "fixed": "ρ fixed first (10.7)",
    "uniform": "uniform ρ (ex. 10.1)",
}

#: Dimension of the data (the bound does not depend on it; two features keep the fit fast).
DIMENSION = 2
#: Largest number of training pairs m: twice the slider's maximum (a fit of 10**5 noisy
#: pairs at C = 100 takes about 15 s, too slow for a dashboard).
MAX_PAIRS = 10_000
#: Largest |log10 C| accepted, the slider's range: at log10 C = 3 a fit of 5000 noisy pairs
#: takes 1.5 s, at 4 about 9 s.
LOG10_C_LIMIT = 2.0
#: The rho grid of the top panel.
RHO_GRID = np.linspace(0.01, 1.0, 199)
#: Vertical limit of the bound panels (a bound above 1 is vacuous).
YMAX = 1.5
#: Range of the normalized margins y w . (x' - x) / ||w||, which lie in [-2, 2] for r = 1.
MARGIN_RANGE = (-2.0, 2.0)
_BAR_LABELS = ("bound at ρ", "training error", "true error R(h)")
#: Height in inches of the presentation figure: one row of main controls leaves
#: 600 - 40 - 33 - 60 = 467 px for it at 72 dpi.
PRESENTATION_HEIGHT = 6.4
#: The readouts the deck's talk track cites, shown large in the presentation layout.
HEADLINE = (
    "bound at ρ",
    "complexity term",
    "smallest bound over the ρ grid",
    "true pairwise error R(h)",
)
#: Controls the talk track does not move, folded under "more" in the presentation layout.
ADVANCED = ("log10_C", "seed", "delta", "form")


#: The controls of :func:`margin_bound_explorer`, declared once: the widgets, and the checks of the
#: factory's keywords, of ``Dashboard.set`` and of the draw function.
MARGIN_BOUND_EXPLORER_CONTROLS = Controls(
    "margin_bound_explorer",
    m=Slider("training pairs m", 1000, 50, 5000, 50, integer=True),
    noise=Slider("label noise", 0.1, 0.0, 0.45, 0.01),
    log10_C=Slider("SVM log₁₀ C", 0.0, -LOG10_C_LIMIT, LOG10_C_LIMIT, 0.1, readout_format=".1f"),
    seed=Slider("sample seed", 0, 0, 9, integer=True),
    rho=Slider("margin ρ", 0.3, 0.01, 1.0, 0.01),
    delta=Slider("failure probability δ", 0.05, 0.01, 0.5, 0.01),
    form=Choice("bound", [(label, key) for key, label in BOUND_FORMS.items()], "fixed"),
)
#: Default control values of :func:`margin_bound_explorer`.
MARGIN_BOUND_EXPLORER_DEFAULTS = MARGIN_BOUND_EXPLORER_CONTROLS.defaults


@lru_cache(maxsize=64)
def _fitted(m: int, noise: float, log10_C: float, seed: int) -> RankSVMModel:
    """The ranking SVM the explorer shows: :func:`~rankviz.ranksvm.rank_svm`'s own model.

    Cached per (m, noise, log10_C, seed): moving rho, delta or the bound's form
    does not refit.
    """
    X, pairs, labels = LinearUtilityModel(d=DIMENSION, noise=noise).sample(m, rng=seed)
    return rank_svm(X, pairs, labels, C=10.0**log10_C, method="liblinear")


def setup_margin_bound_explorer(fig, *, wide=False, **_values):
    """Build the static part: the bound-versus-rho panel, the bars, the histogram, a legend.

    The legend lists the uniform-over-rho term for both forms of the bound, so
    that switching the form is a blit like every other change.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    wide : bool, default False
        The presentation layout (a wide, low figure at projector type size):
        the bound-versus-rho panel and the histogram side by side, one legend
        under both.  The bars at the chosen rho are dropped: the presentation
        layout shows the bound at rho, its complexity term, the bound at the
        best rho and the true error as headline numbers above the figure.
    **_values
        The control values (the layout does not depend on them).

    Returns
    -------
    types.SimpleNamespace
        The axes ``curve``, ``bars`` (None in the wide layout) and ``histogram``,
        and ``wide``.
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    if wide:
        curve, histogram = fig.subplots(1, 2, width_ratios=(1.45, 1.0))
        style_margin_bound_axes(
            curve,
            rho_max=float(RHO_GRID[-1]),
            ymax=YMAX,
            title="the bound's terms over ρ (stacked)",
        )
        curve.set_yticks(np.arange(0.0, YMAX + 0.01, 0.25))  # none beyond the limit
        style_margin_histogram_axes(
            histogram, value_range=MARGIN_RANGE, title="training margins of the SVM"
        )
        histogram.set_xlabel(r"pairwise margin $y\,w\cdot(x' - x)$")
        histogram.set_ylabel("share of pairs")
        entries = margin_bound_legend_entries(uniform=True, errors=("true error R(h)",))
        entries = [(label, style) for label, style in entries]
        entries[1] = ("complexity 4/(ρ√m)", entries[1][1])
        entries[2] = ("uniform-over-ρ cost", entries[2][1])
        entries[3] = ("confidence term", entries[3][1])
        entries[4] = ("bound (their sum)", entries[4][1])
        entries += [
            (
                "pairs with margin ≤ 0",
                {"patch": True, "color": MARGIN_ZONE_COLORS["misordered"], "alpha": 0.75},
            ),
            (
                "pairs with margin > ρ",
                {"patch": True, "color": MARGIN_ZONE_COLORS["beyond"], "alpha": 0.75},
            ),
        ]
        plot_legend(fig, entries, loc="outside lower center", ncols=4, fontsize=None)
        return SimpleNamespace(curve=curve, bars=None, histogram=histogram, wide=True)
    grid = fig.add_gridspec(2, 2, height_ratios=(1.0, 1.0))
    curve = fig.add_subplot(grid[0, :])
    bars = fig.add_subplot(grid[1, 0])
    histogram = fig.add_subplot(grid[1, 1])
    style_margin_bound_axes(
        curve,
        rho_max=float(RHO_GRID[-1]),
        ymax=YMAX,
        title="the bound's terms as functions of ρ (stacked)",
    )
    style_bound_bars_axes(bars, _BAR_LABELS, ymax=YMAX, title="at the chosen ρ")
    style_margin_histogram_axes(
        histogram, value_range=MARGIN_RANGE, title="normalized training margins of the ranking SVM"
    )
    entries = margin_bound_legend_entries(
        uniform=True, errors=("true pairwise error R(h) (exact)",)
    )
    entries.append(("training pairwise error", {"patch": True, "color": NEUTRAL_COLOR}))
    plot_legend(fig, entries, loc="outside lower center", ncols=4)
    return SimpleNamespace(curve=curve, bars=bars, histogram=histogram, wide=False)


def draw_margin_bound_explorer(axes, *, m, noise, log10_C, seed, rho, delta, form):
    """Draw the explorer's changing artists and return its readouts.

    Parameters
    ----------
    axes : types.SimpleNamespace
        As returned by :func:`setup_margin_bound_explorer`.
    m : int
        Number of training pairs.
    noise : float
        Label flip probability of the :class:`~rankviz.ranksvm.LinearUtilityModel`.
    log10_C : float
        log10 of the SVM's C.
    seed : int
        Seed of the sample.
    rho : float
        The margin.
    delta : float
        The failure probability.
    form : str
        One of :data:`BOUND_FORMS`.

    Each value must be one its control allows (:data:`MARGIN_BOUND_EXPLORER_CONTROLS`).

    Returns
    -------
    dict
        The fit (||w|| of the SVM, training and true errors), the terms of the
        bound at rho, the bound's total and the rho minimizing it.

    Raises
    ------
    TypeError, ValueError
        If a value is one its control (:data:`MARGIN_BOUND_EXPLORER_CONTROLS`) cannot take.
    """
    axes = check_handles(axes, "axes", "curve", "bars", "histogram")
    m, noise, log10_C, seed, rho, delta, form = MARGIN_BOUND_EXPLORER_CONTROLS.check(
        {
            "m": m,
            "noise": noise,
            "log10_C": log10_C,
            "seed": seed,
            "rho": rho,
            "delta": delta,
            "form": form,
        }
    ).values()
    data = LinearUtilityModel(d=DIMENSION, noise=noise)
    X, pairs, labels = data.sample(m, rng=seed)
    svm = _fitted(m, noise, log10_C, seed)
    if svm.norm == 0.0:
        raise ValueError("log10_C is too small: the ranking SVM returned w = 0; raise C")
    margins = np.sort(svm.pairwise_margins(X, pairs, labels) / svm.norm)
    train_error = float(np.mean(margins <= 0))  # eq. (10.2): ties count as errors
    true_error = float(data.pairwise_error(svm.w / svm.norm))
    uniform = form == "uniform"
    curve = ranking_margin_bound(margins, RHO_GRID, delta, Lambda=1.0, r=1.0, uniform=uniform)
    at_rho = ranking_margin_bound(margins, rho, delta, Lambda=1.0, r=1.0, uniform=uniform)
    best = curve.best()
    plot_margin_bound_terms(axes.curve, curve, error=true_error, mark=rho, legend=False)
    if axes.bars is not None:
        plot_bound_bars(
            axes.bars,
            at_rho,
            {"training error": train_error, "true error R(h)": true_error},
            legend=False,
        )
    plot_margin_histogram(axes.histogram, margins, rho, legend=False)
    wide = getattr(axes, "wide", False)
    axes.histogram.text(
        0.02,
        0.96,
        f"margin ≤ 0: {train_error:.1%}\n"
        f"margin ≤ ρ: {margin_loss(margins, rho, kind='indicator'):.1%}",
        transform=axes.histogram.transAxes,
        ha="left",
        va="top",
        fontsize=None if wide else 10,  # presentation: matplotlib's default size
        bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "none"},
    )
    readouts = {
        "pairs m": int(m),
        "SVM: C / ‖w‖": f"{10.0**log10_C:.3g} / {svm.norm:.3g}",
        "training pairwise error": train_error,
        "true pairwise error R(h)": true_error,
        "Bayes error (= noise)": float(noise),
        "margin loss R̂_ρ (10.3)": at_rho.margin_loss,
        "complexity term": at_rho.complexity,
    }
    if uniform:
        readouts["uniform-over-ρ term"] = at_rho.uniform_cost
    readouts.update(
        {
            "confidence term": at_rho.confidence,
            "bound at ρ": at_rho.total,
            "best ρ on the grid": best.rho,
            "smallest bound over the ρ grid": best.total,
            "bound ≥ R(h)": bool(at_rho.total >= true_error),
        }
    )
    if not uniform and not math.isclose(best.rho, rho, abs_tol=0.005):
        readouts["note"] = "only the uniform form may use the best ρ"
    return readouts


@document_controls(MARGIN_BOUND_EXPLORER_CONTROLS)
def margin_bound_explorer(*, presentation: bool | None = None, **initial):
    """Dashboard: the margin bound (10.7) of a trained ranking SVM, term by term.

    A ranking SVM (10.9) is trained on m pairs drawn from a linear utility with
    label noise (two features, points in the unit ball: r = 1) and normalized
    to ``||w|| = 1`` (Lambda = 1).  The top panel stacks the bound's terms as
    functions of rho (margin loss, complexity ``4 / (rho sqrt(m))``,
    confidence, and in the uniform form the extra ``sqrt(log log2(2/rho) / m)``)
    with the exact pairwise error of the ranker; the lower panels give the
    terms at the chosen rho against the training and the true pairwise
    error, and the histogram of the training margins with rho marked.

    Parameters
    ----------
    presentation : bool, optional
        Lay the dashboard out for a projector (see
        :mod:`rankviz.widgets.dashboard`); by default, whatever
        :func:`~rankviz.widgets.dashboard.presentation_mode` says.  The
        presentation figure is wide and low: the bound over rho and the
        histogram side by side, without the bars (their numbers are the
        headline: :data:`HEADLINE`); the controls in :data:`ADVANCED` are folded.
    **initial
        Initial control values overriding :data:`MARGIN_BOUND_EXPLORER_DEFAULTS`, the same
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
    Mohri et al. (2018), Theorem 10.1, Corollary 10.2, section 10.3, exercise 10.1.

    Examples
    --------
    >>> dash = margin_bound_explorer()
    >>> dash.readouts["bound ≥ R(h)"]
    True
    >>> dash.controls["m"].value = 5000
    >>> round(dash.readouts["complexity term"], 4)     # 4 / (0.3 sqrt(5000))
    0.1886
    """
    controls = MARGIN_BOUND_EXPLORER_CONTROLS.build(initial)
    wide = presentation_enabled(presentation)
    return Dashboard(
        "Margin bound explorer",
        controls,
        draw_margin_bound_explorer,
        setup=partial(setup_margin_bound_explorer, wide=wide),
        figsize=(10.0, 8.2),
        presentation=wide,
        presentation_figsize=(PRESENTATION_WIDTH, PRESENTATION_HEIGHT),
        headline=HEADLINE,
        advanced=ADVANCED,
        note="Slide ρ: the margin loss grows, the complexity term falls, and the bound has a "
        "best ρ. Then raise m, and the label noise.",
        rebuild=margin_bound_explorer,
    )
