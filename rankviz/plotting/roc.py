"""Chapter 02 (ROC curves and the AUC): score densities, ROC and precision-recall curves,
confusion matrices and AUC sampling distributions.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from matplotlib.colors import to_rgba

from rankviz._validation import (
    as_binary_labels,
    as_float_vector,
    as_numpy,
    check_array,
    check_bool,
    check_real,
    check_same_length,
)
from rankviz.plotting._style import (
    _CHANCE_GID,
    _NO_SKILL_GID,
    _SERIES_COLORS,
    _SERIES_LINESTYLES,
    EXACT_COLOR,
    GUIDE_COLOR,
    NEGATIVE_COLOR,
    POSITIVE_COLOR,
    REFERENCE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_color,
    _check_count,
    _check_mapping,
    _curve,
    _has_gid,
    _point,
    check_text,
)

__all__ = [
    "CLASS_STYLES",
    "RATE_STYLES",
    "plot_auc_sampling",
    "plot_confusion_matrix",
    "plot_precision_recall",
    "plot_roc",
    "plot_score_densities",
    "style_confusion_axes",
    "style_precision_recall_axes",
    "style_roc_axes",
]

_MODEL_ATTRIBUTES = ("pdf_pos", "pdf_neg", "mu_pos", "mu_neg", "sigma_pos", "sigma_neg")

#: How :func:`plot_score_densities` tells the two classes apart by more than colour: the
#: positives' density and sample histogram are dashed (a dashboard's static legend uses these).
CLASS_STYLES = {
    "negatives": {"color": NEGATIVE_COLOR, "ls": "-"},
    "positives": {"color": POSITIVE_COLOR, "ls": "--"},
}
#: The shaded rates of :func:`plot_score_densities` right of the threshold, as
#: :func:`plot_legend` patches: the FPR (negatives) plain, the TPR (positives) hatched, the
#: hatch in the class's colour at full strength.
RATE_STYLES = {
    "negatives": {
        "patch": True,
        "facecolor": to_rgba(NEGATIVE_COLOR, 0.3),
        "edgecolor": NEGATIVE_COLOR,
        "lw": 0,
    },
    "positives": {
        "patch": True,
        "facecolor": to_rgba(POSITIVE_COLOR, 0.3),
        "edgecolor": POSITIVE_COLOR,
        "lw": 0,
        "hatch": "//",
    },
}


def plot_score_densities(
    ax, model, threshold=None, *, scores=None, labels=None, x_range=None, legend=True
):
    """Draw the two class-conditional score densities of a :class:`~rankviz.distributions.Binormal`.

    The negatives are drawn solid and the positives dashed (:data:`CLASS_STYLES`), and the
    positives' shaded rate is hatched (:data:`RATE_STYLES`).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    model : rankviz.distributions.Binormal
        The population model; its ``pdf_pos`` and ``pdf_neg`` are drawn.
    threshold : float, optional
        If given, a vertical line, with the area under each density to its
        right shaded: the true positive rate (positives, hatched) and the false
        positive rate (negatives) of the rule ``score >= threshold``.
    scores, labels : array_like, optional
        A sample (scores and 0/1 labels), drawn as thin histogram outlines.
    x_range : (float, float), optional
        Horizontal extent; by default both means +- 4 standard deviations,
        widened to show the threshold.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        If ``ax`` is not an Axes or ``model`` lacks the density methods.
    ValueError
        If ``threshold`` is not finite, or only one of ``scores``/``labels`` is given.

    References
    ----------
    Mohri et al. (2018), figure 10.4 (a threshold sweeping the score axis).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.distributions import Binormal
    >>> fig, ax = plt.subplots()
    >>> ax = plot_score_densities(ax, Binormal(1.0, 1.0, 0.0, 1.0), threshold=0.5)
    >>> ax.get_xlabel(), len(ax.get_legend().get_texts())
    ('score', 5)
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if not all(hasattr(model, name) for name in _MODEL_ATTRIBUTES):
        raise TypeError(f"model must be a Binormal-like model, got {type(model).__name__}")
    if (scores is None) != (labels is None):
        raise ValueError("scores and labels must be given together")
    if threshold is not None:
        threshold = check_real(threshold, "threshold")
    legend = check_bool(legend, "legend")
    if scores is not None:
        s = as_float_vector(scores, "scores")
        y = as_binary_labels(labels, "labels")
        check_same_length(s, y, "scores", "labels")
    if x_range is None:
        lo = min(model.mu_pos - 4 * model.sigma_pos, model.mu_neg - 4 * model.sigma_neg)
        hi = max(model.mu_pos + 4 * model.sigma_pos, model.mu_neg + 4 * model.sigma_neg)
        if threshold is not None:
            lo, hi = min(lo, threshold - 0.5), max(hi, threshold + 0.5)
    else:
        lo, hi = _point(x_range, "x_range", increasing=True)
    x = np.linspace(lo, hi, 400)
    pos, neg = model.pdf_pos(x), model.pdf_neg(x)
    tallest = max(pos.max(), neg.max())
    if scores is not None:
        edges = np.linspace(lo, hi, 41)
        for mask, name in ((~y, "negatives"), (y, "positives")):
            if mask.any():
                # normalised by the class size, so that the histogram estimates the density
                counts, _ = np.histogram(s[mask], bins=edges)
                heights = counts / (mask.sum() * np.diff(edges))
                ax.stairs(
                    heights, edges, lw=1, alpha=0.7, label=f"sampled {name}", **CLASS_STYLES[name]
                )
                tallest = max(tallest, heights.max())
    for curve, name, label in (
        (neg, "negatives", "negatives (D$_-$)"),
        (pos, "positives", "positives (D$_+$)"),
    ):
        ax.plot(x, curve, lw=2, label=label, **CLASS_STYLES[name])
    if threshold is not None:
        right = x >= threshold
        for curve, name, label in (
            (neg, "negatives", "FPR: negatives above $\\theta$"),
            (pos, "positives", "TPR: positives above $\\theta$"),
        ):
            style = {key: value for key, value in RATE_STYLES[name].items() if key != "patch"}
            ax.fill_between(x[right], curve[right], label=label, **style)
        ax.axvline(
            threshold,
            color=GUIDE_COLOR,
            ls="--",
            lw=1.5,
            label=f"threshold $\\theta$ = {threshold:.2f}",
        )
    ax.set_xlim(lo, hi)
    ax.set_ylim(0, 1.08 * tallest)
    ax.set_xlabel("score")
    ax.set_ylabel("density")
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax


# --------------------------------------------------------------------------- #
# ROC
# --------------------------------------------------------------------------- #
def _draw_curve(ax, curve, label, color, point, legend_loc, line_kwargs):
    """Draw a validated curve (ROC or precision-recall) with its operating point and legend."""
    line_kwargs.setdefault("lw", 2)
    (line,) = ax.plot(*curve, color=color, label=label, **line_kwargs)
    if point is not None:
        ax.plot(
            [point[0]], [point[1]], "o", ms=8, mfc=line.get_color(), mec="white", mew=1.5, zorder=5
        )
    if legend_loc is not None:
        ax.legend(loc=legend_loc, fontsize="small")
    return ax


def style_roc_axes(ax, *, chance=True):
    """Prepare an Axes for ROC curves: unit square, equal aspect, labels, chance diagonal.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    chance : bool, default True
        Draw the diagonal of a random ranking (once per Axes).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        If ``ax`` is not an Axes.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> style_roc_axes(ax).get_xlabel()
    'false positive rate'
    >>> plt.close(fig)
    """
    _check_axes(ax)
    chance = check_bool(chance, "chance")
    if chance and not _has_gid(ax, _CHANCE_GID):
        ax.plot(
            [0, 1],
            [0, 1],
            ls=":",
            lw=1,
            color=REFERENCE_COLOR,
            label="chance (AUC = 0.5)",
            gid=_CHANCE_GID,
        )
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(-0.01, 1.01)
    ax.set_aspect("equal")
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate")
    return ax


def plot_roc(
    ax,
    fpr,
    tpr,
    *,
    label,
    color=EXACT_COLOR,
    operating_point=None,
    chance=True,
    legend=True,
    **line_kwargs,
):
    """Draw a ROC curve (false positive rate against true positive rate).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw; called repeatedly, it overlays curves.
    fpr, tpr : array_like of shape (K,)
        The curve, e.g. from :func:`rankviz.metrics.roc_curve` or
        :meth:`rankviz.distributions.Binormal.roc`.  Consecutive points are
        joined by straight segments: across a group of tied scores that segment
        is the diagonal step whose area gives a tie half credit.
    label : str
        Legend entry (include the AUC if you want it shown).
    color : str, optional
        Line colour.
    operating_point : (float, float), optional
        An (FPR, TPR) point to mark, e.g. the current threshold's.
    chance : bool, default True
        Draw the diagonal of a random ranking (once per Axes).
    legend : bool, default True
        Add (or refresh) the legend.
    **line_kwargs
        Passed to ``Axes.plot``.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or the curve arrays are invalid.

    References
    ----------
    Mohri et al. (2018), section 10.5.2, figures 10.3 and 10.4.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_roc(ax, [0, 0.5, 1], [0, 0.8, 1], label="toy")
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('false positive rate', 'true positive rate')
    >>> plt.close(fig)
    """
    _check_axes(ax)
    curve = _curve(fpr, tpr, "fpr", "tpr", bounds=(0.0, 1.0))
    label = check_text(label, "label")
    color = _check_color(color, "color")
    point = None if operating_point is None else _point(operating_point, "operating_point")
    legend = check_bool(legend, "legend")
    style_roc_axes(ax, chance=chance)
    legend_loc = "lower right" if legend else None
    return _draw_curve(ax, curve, label, color, point, legend_loc, line_kwargs)


# --------------------------------------------------------------------------- #
# precision-recall
# --------------------------------------------------------------------------- #
def style_precision_recall_axes(ax, *, prevalence=None):
    """Prepare an Axes for precision-recall curves: unit square and labels.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    prevalence : float, optional
        Fraction of positives, drawn (once per Axes) as the horizontal
        no-skill line: the precision of a random ranking.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``prevalence`` is outside [0, 1].

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> style_precision_recall_axes(ax).get_ylabel()
    'precision'
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if prevalence is not None:
        prevalence = check_real(prevalence, "prevalence")
        if not 0 <= prevalence <= 1:
            raise ValueError(f"prevalence must lie in [0, 1], got {prevalence}")
        if not _has_gid(ax, _NO_SKILL_GID):
            ax.axhline(
                prevalence,
                ls=":",
                lw=1,
                color=REFERENCE_COLOR,
                gid=_NO_SKILL_GID,
                label=f"no skill (prevalence {prevalence:.2f})",
            )
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(-0.01, 1.01)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    return ax


def plot_precision_recall(
    ax,
    recall,
    precision,
    *,
    label,
    color=EXACT_COLOR,
    prevalence=None,
    operating_point=None,
    legend=True,
    **line_kwargs,
):
    """Draw a precision-recall curve, with the no-skill level at the prevalence.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw; called repeatedly, it overlays curves.
    recall, precision : array_like of shape (K,)
        The curve, e.g. from :func:`rankviz.metrics.precision_recall_curve`.
    label : str
        Legend entry.
    color : str, optional
        Line colour.
    prevalence : float, optional
        Fraction of positives; drawn as the horizontal no-skill line (the
        precision of a random ranking), which is why this curve moves with the
        class balance while the ROC curve does not.
    operating_point : (float, float), optional
        A (recall, precision) point to mark.
    legend : bool, default True
        Add (or refresh) the legend.
    **line_kwargs
        Passed to ``Axes.plot``.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, the arrays are invalid or ``prevalence`` is
        outside [0, 1].

    References
    ----------
    Mohri et al. (2018), section 10.7.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_precision_recall(ax, [0.5, 1.0], [1.0, 0.6], label="toy", prevalence=0.3)
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('recall', 'precision')
    >>> plt.close(fig)
    """
    _check_axes(ax)
    curve = _curve(recall, precision, "recall", "precision", bounds=(0.0, 1.0))
    label = check_text(label, "label")
    color = _check_color(color, "color")
    point = None if operating_point is None else _point(operating_point, "operating_point")
    legend = check_bool(legend, "legend")
    style_precision_recall_axes(ax, prevalence=prevalence)
    legend_loc = "lower left" if legend else None
    return _draw_curve(ax, curve, label, color, point, legend_loc, line_kwargs)


# --------------------------------------------------------------------------- #
# confusion matrix
# --------------------------------------------------------------------------- #
def style_confusion_axes(ax):
    """Prepare an Axes for a 2 x 2 confusion matrix: class names as ticks, labels.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        If ``ax`` is not an Axes.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> style_confusion_axes(ax).get_xlabel()
    'predicted class'
    >>> plt.close(fig)
    """
    _check_axes(ax)
    ax.set_xlim(-0.5, 1.5)
    ax.set_ylim(1.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks([0, 1], ["negative", "positive"])
    ax.set_yticks([0, 1], ["negative", "positive"])
    ax.set_xlabel("predicted class")
    ax.set_ylabel("true class")
    return ax


def plot_confusion_matrix(ax, matrix, *, title=None):
    """Draw a 2 x 2 confusion matrix ``[[TN, FP], [FN, TP]]`` as an annotated grid.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    matrix : array_like of shape (2, 2)
        Non-negative counts, rows = true class, columns = predicted class, as
        returned by :func:`rankviz.metrics.confusion_matrix_at_threshold`.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``matrix`` is not a 2 x 2 array of
        non-negative finite numbers.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_confusion_matrix(ax, [[50, 10], [5, 35]])
    >>> [t.get_text() for t in ax.texts]
    ['TN\\n50', 'FP\\n10', 'FN\\n5', 'TP\\n35']
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if not isinstance(matrix, (str, bytes)) and matrix is not None:
        shape = as_numpy(matrix, "matrix").shape
        if shape != (2, 2):
            raise ValueError(f"matrix must be a 2 x 2 array of counts, got shape {shape}")
    cm = check_array(matrix, "matrix", shape=(2, 2), nonnegative=True)
    title = check_text(title, "title", optional=True)
    style_confusion_axes(ax)
    total = max(cm.sum(), 1)
    ax.imshow(cm / total, cmap="Greys", vmin=0, vmax=1, extent=(-0.5, 1.5, 1.5, -0.5))
    names = (("TN", "FP"), ("FN", "TP"))
    for i in range(2):
        for j in range(2):
            ax.text(
                j,
                i,
                f"{names[i][j]}\n{cm[i, j]:g}",
                ha="center",
                va="center",
                fontsize="large",
                color="white" if cm[i, j] / total > 0.5 else "black",
            )
    if title is not None:
        ax.set_title(title)
    return ax


# --------------------------------------------------------------------------- #
# sampling distribution of the AUC
# --------------------------------------------------------------------------- #
def plot_auc_sampling(
    ax, aucs, center, deviations: Mapping[str, float] | None = None, *, bins=40, legend=True
):
    """Histogram of simulated empirical AUCs with deviation bounds as bands.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    aucs : array_like of shape (R,)
        Empirical AUCs of a fixed scorer on R independent samples.
    center : float
        The population AUC they estimate, drawn as a vertical line.
    deviations : mapping of str to float, optional
        Named deviations ``t``; each is drawn as the interval
        ``[center - t, center + t]``, cut to [0, 1] where an AUC lies (an edge
        outside [0, 1] is not drawn), its edges dashed, dash-dotted, dotted, ...
        in turn (and coloured), so that the legend tells them apart in grey too.
    bins : int, default 40
        Histogram bins.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or an input is not finite.

    References
    ----------
    Mohri et al. (2018), exercise 10.9.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_auc_sampling(ax, [0.7, 0.75, 0.8], 0.76, {"Hoeffding": 0.1})
    >>> ax.get_xlabel()
    'empirical AUC'
    >>> plt.close(fig)
    """
    _check_axes(ax)
    values = check_array(aucs, "aucs", ndim=1, bounds=(0.0, 1.0))
    center = check_real(center, "center", minimum=0.0, maximum=1.0)
    deviations = _check_mapping(
        {} if deviations is None else deviations, "deviations", allow_empty=True
    )
    bins = _check_count(bins, "bins")
    legend = check_bool(legend, "legend")
    ax.hist(
        values, bins=bins, color=SAMPLE_COLOR, alpha=0.7, label=f"{values.size} simulated samples"
    )
    ax.axvline(center, color=EXACT_COLOR, lw=2, label=f"population AUC = {center:.3f}")
    for k, (name, t) in enumerate((deviations or {}).items()):
        t = check_real(t, f"deviations[{name!r}]", nonnegative=True)
        color = _SERIES_COLORS[k % len(_SERIES_COLORS)]
        ls = _SERIES_LINESTYLES[k % len(_SERIES_LINESTYLES)]  # not told apart by colour alone
        label = f"{name}: $\\pm${t:.3f}"
        edges = [edge for edge in (center - t, center + t) if 0.0 <= edge <= 1.0]
        ax.axvspan(
            max(center - t, 0.0),
            min(center + t, 1.0),
            color=color,
            alpha=0.12,
            lw=0,
            label=None if edges else label,
        )
        for j, edge in enumerate(edges):
            ax.axvline(edge, color=color, ls=ls, lw=2, label=label if j == 0 else None)
    ax.set_xlabel("empirical AUC")
    ax.set_ylabel("number of samples")
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax
