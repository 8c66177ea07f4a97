"""Chapter 02 dashboard: the ROC explorer."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import numpy as np

from rankviz._validation import check_bool
from rankviz.distributions import Binormal
from rankviz.metrics import auc, confusion_matrix_at_threshold, precision_recall_curve, roc_curve
from rankviz.plotting import (
    CLASS_STYLES,
    EDGE_COLOR,
    EXACT_COLOR,
    GUIDE_COLOR,
    RATE_STYLES,
    REFERENCE_COLOR,
    SAMPLE_COLOR,
    plot_confusion_matrix,
    plot_legend,
    plot_precision_recall,
    plot_roc,
    plot_score_densities,
    style_confusion_axes,
    style_precision_recall_axes,
    style_roc_axes,
)
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Controls, Slider, document_controls
from rankviz.widgets.dashboard import PRESENTATION_WIDTH, Dashboard, presentation_enabled

__all__ = [
    "ROC_EXPLORER_CONTROLS",
    "ROC_EXPLORER_DEFAULTS",
    "draw_roc_explorer",
    "roc_explorer",
    "roc_explorer_controls",
    "setup_roc_explorer",
]

#: The controls of :func:`roc_explorer`, declared once: the sliders, and the checks of
#: the factory's keywords, of ``Dashboard.set`` and of :func:`draw_roc_explorer`.
ROC_EXPLORER_CONTROLS = Controls(
    "roc_explorer",
    mu_pos=Slider("positive mean μ₊", 1.0, -3.0, 3.0, 0.1),
    sigma_pos=Slider("positive spread σ₊", 1.0, 0.2, 3.0, 0.05),
    mu_neg=Slider("negative mean μ₋", 0.0, -3.0, 3.0, 0.1),
    sigma_neg=Slider("negative spread σ₋", 1.0, 0.2, 3.0, 0.05),
    prevalence=Slider("prevalence π", 0.3, 0.02, 0.98, 0.01),
    n=Slider("sample size n", 200, 20, 5000, 10, integer=True),
    seed=Slider("random seed", 0, 0, 99, integer=True),
    threshold=Slider("threshold θ", 0.5, -5.0, 5.0, 0.05),
)
#: Default control values of :func:`roc_explorer`.
ROC_EXPLORER_DEFAULTS = ROC_EXPLORER_CONTROLS.defaults

#: The score window of the density panel (it contains the threshold slider's range).
SCORE_WINDOW = (-6.0, 6.0)

# dense near 0, where the exact curves are steep and precision changes fastest
_FPR_GRID = np.concatenate(([0.0], np.geomspace(1e-4, 1.0, 200)))


def setup_roc_explorer(fig, *, wide=False, **_values):
    """Build the static part of the ROC explorer: its axes and one legend.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    wide : bool, default False
        The presentation layout: one row of three panels (densities, ROC,
        precision-recall) for a wide, low figure, with short titles.  The
        sample confusion matrix, which the classroom talk track does not use,
        is left out.
    **_values
        The control values (the layout does not depend on them).

    Returns
    -------
    types.SimpleNamespace
        The axes ``density``, ``roc``, ``pr`` and ``cm`` (None in the wide layout).
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    if wide:
        density, roc, pr = fig.subplots(1, 3, width_ratios=(1.3, 1.0, 1.0))
        cm = None
        density.set(xlim=SCORE_WINDOW, xlabel="score", ylabel="density", title="score densities")
        style_roc_axes(roc).set_title("ROC: exact curve fixed in π")
        style_precision_recall_axes(pr).set_title("PR: moves with π")
        for ax in (roc, pr):  # no tick label beyond the unit square
            ax.set_xticks([0.0, 0.25, 0.5, 0.75, 1.0], ["0", "0.25", "0.5", "0.75", "1"])
            ax.set_yticks([0.0, 0.25, 0.5, 0.75, 1.0], ["0", "0.25", "0.5", "0.75", "1"])
    else:
        density, roc, pr, cm = fig.subplots(2, 2).ravel()
        density.set(
            xlim=SCORE_WINDOW,
            xlabel="score",
            ylabel="density",
            title="class-conditional score densities",
        )
        style_roc_axes(roc).set_title("ROC: the exact curve does not move with π")
        style_precision_recall_axes(pr).set_title("precision-recall: moves with prevalence")
        style_confusion_axes(cm).set_title("sample confusion matrix at θ")
    density.set_yticks([])  # its height follows the curves (see rankviz.widgets.dashboard)
    plot_legend(
        fig,
        [
            ("negatives (D₋)", CLASS_STYLES["negatives"]),
            ("positives (D₊)", CLASS_STYLES["positives"]),
            ("sample histograms", {"color": "0.4", "lw": 1}),
            ("FPR: negatives above θ", RATE_STYLES["negatives"]),
            ("TPR: positives above θ", RATE_STYLES["positives"]),
            ("threshold θ", {"color": GUIDE_COLOR, "ls": "--", "lw": 1.5}),
            ("exact (population)", {"color": EXACT_COLOR}),
            ("sample", {"color": SAMPLE_COLOR}),
            ("point at θ", {"marker": "o", "color": EDGE_COLOR, "lw": 0}),
            ("chance / no skill", {"color": REFERENCE_COLOR, "ls": ":", "lw": 1}),
        ],
        loc="outside lower center",
        ncols=5,
        **(
            {
                "fontsize": None,
                "columnspacing": 1.0,
                "handlelength": 1.5,
                "borderpad": 0.3,
                "labelspacing": 0.3,
            }
            if wide
            else {}
        ),
    )
    return SimpleNamespace(density=density, roc=roc, pr=pr, cm=cm)


def draw_roc_explorer(
    axes, *, mu_pos, sigma_pos, mu_neg, sigma_neg, prevalence, n, seed, threshold
):
    """Draw the ROC explorer's changing artists and return its readouts.

    Parameters
    ----------
    axes : types.SimpleNamespace
        As returned by :func:`setup_roc_explorer`.
    mu_pos, sigma_pos, mu_neg, sigma_neg, prevalence : float
        The :class:`~rankviz.distributions.Binormal` model.
    n, seed : int
        Size and seed of the stratified sample drawn from the model.
    threshold : float
        Decision threshold: predict positive iff score >= threshold.

    Returns
    -------
    dict
        Exact and sampled AUC, class counts, and exact and sampled FPR, TPR and
        precision at the threshold (NaN where undefined).

    Raises
    ------
    ValueError, TypeError
        If a value is one its control (:data:`ROC_EXPLORER_CONTROLS`) cannot take.
    """
    axes = check_handles(axes, "axes", "density", "roc", "pr", "cm")
    checked = ROC_EXPLORER_CONTROLS.check(
        {
            "mu_pos": mu_pos,
            "sigma_pos": sigma_pos,
            "mu_neg": mu_neg,
            "sigma_neg": sigma_neg,
            "prevalence": prevalence,
            "n": n,
            "seed": seed,
            "threshold": threshold,
        }
    )
    mu_pos, sigma_pos, mu_neg, sigma_neg, prevalence, n, seed, threshold = checked.values()
    model = Binormal(mu_pos, sigma_pos, mu_neg, sigma_neg, prevalence)
    y, s = model.sample(n, seed, stratified=True)
    fpr, tpr, _ = roc_curve(y, s)
    precision, recall, _ = precision_recall_curve(y, s)
    cm = confusion_matrix_at_threshold(y, s, threshold)
    (tn, fp), (fn, tp) = cm
    exact_fpr, exact_tpr = model.rates(threshold)
    # precision is undefined (0 / 0) where the rule predicts nothing positive: no readout there
    exact_precision = model.precision_at(threshold) if exact_fpr + exact_tpr > 0 else float("nan")
    sample_fpr, sample_tpr = fp / (fp + tn), tp / (tp + fn)
    sample_precision = tp / (tp + fp) if tp + fp else float("nan")
    exact_auc, sample_auc = model.auc(), auc(y, s)

    plot_score_densities(
        axes.density, model, threshold, scores=s, labels=y, x_range=SCORE_WINDOW, legend=False
    )
    plot_roc(
        axes.roc,
        _FPR_GRID,
        model.roc(_FPR_GRID),
        label="exact",
        operating_point=(exact_fpr, exact_tpr),
        legend=False,
    )
    plot_roc(
        axes.roc,
        fpr,
        tpr,
        label="sample",
        color=SAMPLE_COLOR,
        operating_point=(sample_fpr, sample_tpr),
        legend=False,
    )
    exact_recall, exact_prec = model.precision_recall(_FPR_GRID[1:])
    plot_precision_recall(
        axes.pr,
        exact_recall,
        exact_prec,
        label="exact",
        prevalence=prevalence,
        operating_point=None if np.isnan(exact_precision) else (exact_tpr, exact_precision),
        legend=False,
    )
    plot_precision_recall(
        axes.pr,
        recall,
        precision,
        label="sample",
        color=SAMPLE_COLOR,
        operating_point=None if np.isnan(sample_precision) else (sample_tpr, sample_precision),
        legend=False,
    )
    # the sample is redrawn with the class balance: its curve and AUC move with π
    axes.roc.text(
        0.97,
        0.04,
        f"sample: {int(y.sum())} pos,\n{int(n - y.sum())} neg",
        transform=axes.roc.transAxes,
        ha="right",
        va="bottom",
        color=SAMPLE_COLOR,
    )
    if axes.cm is not None:
        plot_confusion_matrix(axes.cm, cm)
    return {
        "exact AUC": exact_auc,
        "sample AUC": sample_auc,
        "positives / negatives": f"{int(y.sum())} / {int(n - y.sum())}",
        "threshold θ": threshold,
        "exact FPR at θ": exact_fpr,
        "exact TPR at θ": exact_tpr,
        "sample FPR at θ": sample_fpr,
        "sample TPR at θ": sample_tpr,
        "exact precision at θ": exact_precision,
        "sample precision at θ": sample_precision,
    }


def roc_explorer_controls(**initial):
    """The ROC explorer's sliders, keyed by the keywords of :func:`draw_roc_explorer`.

    Parameters
    ----------
    **initial
        Initial values overriding :data:`ROC_EXPLORER_DEFAULTS`.

    Returns
    -------
    dict of str to ipywidgets slider

    Raises
    ------
    TypeError
        If an unknown control name is given, or a value of the wrong type.
    ValueError
        If an initial value is outside its slider's range (see :func:`roc_explorer`).
    """
    return ROC_EXPLORER_CONTROLS.build(initial)


@document_controls(ROC_EXPLORER_CONTROLS)
def roc_explorer(*, presentation: bool | None = None, **initial):
    """Dashboard: two score distributions, their ROC and precision-recall curves.

    Sliders set the binormal model (means and spreads of the positive and
    negative scores, prevalence), the size and seed of a sample drawn from it,
    and a decision threshold.  The figure shows the densities with the
    threshold, the exact and the sampled ROC curve with the threshold's
    (FPR, TPR) point, the precision-recall curves (which, unlike ROC, move with
    prevalence) and the confusion matrix at the threshold; the table gives the
    exact and empirical AUC and the rates at the threshold.

    The exact (population) ROC curve and AUC do not depend on the prevalence;
    the sample's do, because the sample of ``n`` points is redrawn with the
    new class balance (the ROC panel says how many positives and negatives it has).

    Parameters
    ----------
    presentation : bool, optional
        The presentation layout (for a projector): the threshold, the
        prevalence and the four model sliders above one row of three panels
        (the confusion matrix is left out), the exact and the sample AUC, the
        exact TPR and precision at θ shown large; the sample size and seed
        folded under "more".  By default, whatever
        :func:`~rankviz.widgets.dashboard.presentation_mode` says.
    **initial
        Initial control values overriding :data:`ROC_EXPLORER_DEFAULTS`, the same
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
        If an initial value is outside its slider's range (NaN and infinity included);
        the message names the keyword and the range.

    References
    ----------
    Mohri et al. (2018), section 10.5.2.

    Examples
    --------
    >>> dash = roc_explorer(prevalence=0.1)
    >>> round(dash.readouts["exact AUC"], 4)
    0.7602
    >>> dash.controls["mu_pos"].value = 0.0
    >>> dash.readouts["exact AUC"]
    0.5
    """
    controls = roc_explorer_controls(**initial)
    wide = presentation_enabled(presentation)
    if wide:  # the talk track's moves first
        first = ("threshold", "prevalence", "mu_pos", "mu_neg", "sigma_pos", "sigma_neg")
        controls = {name: controls[name] for name in (*first, "n", "seed")}
    return Dashboard(
        "ROC explorer",
        controls,
        draw_roc_explorer,
        setup=partial(setup_roc_explorer, wide=wide),
        figsize=(10.0, 7.6),
        presentation=presentation,
        presentation_figsize=(PRESENTATION_WIDTH, 6.0),
        headline=("exact AUC", "sample AUC", "exact TPR at θ", "exact precision at θ"),
        advanced=("n", "seed"),
        note="Slide the threshold along the ROC curve; then change the prevalence and "
        "watch which curves move and which stay put.",
        rebuild=roc_explorer,
    )
