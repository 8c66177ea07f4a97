"""Drawing functions shared by the chapters and their dashboards.

Every ``plot_*`` function takes a matplotlib ``Axes`` first, draws on it,
labels its axes, adds a legend unless told not to (``legend=False``), and
returns the ``Axes``.  The ``style_*_axes`` functions set up an empty Axes
(limits, labels, reference lines) exactly as the matching ``plot_*`` function
would: a dashboard's ``setup`` calls them once, and its ``draw`` then calls
``plot_*(..., legend=False)`` at every change (see
:mod:`rankviz.widgets.dashboard`).  None of these functions computes a
quantity the chapters reason about: they receive numbers from the compute
modules (:mod:`rankviz.metrics`, :mod:`rankviz.distributions`, ...) and only
draw them.

Colours follow one convention across the collection: positives in
:data:`POSITIVE_COLOR`, negatives in :data:`NEGATIVE_COLOR`, exact
(population) curves in :data:`EXACT_COLOR`, sampled curves in
:data:`SAMPLE_COLOR` (Okabe-Ito palette, readable with colour blindness and
on a projector).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from rankviz._validation import as_float_vector, check_real

__all__ = [
    "EXACT_COLOR",
    "NEGATIVE_COLOR",
    "POSITIVE_COLOR",
    "SAMPLE_COLOR",
    "plot_auc_sampling",
    "plot_boosting_bounds",
    "plot_confusion_matrix",
    "plot_legend",
    "plot_margin_distribution",
    "plot_precision_recall",
    "plot_preference_pairs",
    "plot_roc",
    "plot_score_densities",
    "plot_score_surface",
    "plot_stump",
    "plot_weighted_points",
    "style_boosting_axes",
    "style_confusion_axes",
    "style_precision_recall_axes",
    "style_roc_axes",
]

POSITIVE_COLOR = "#D55E00"  # vermillion
NEGATIVE_COLOR = "#0072B2"  # blue
EXACT_COLOR = "#000000"
SAMPLE_COLOR = "#009E73"  # bluish green
_BOUND_COLORS = ("#CC79A7", "#E69F00", "#56B4E9", "#999999")
_CHANCE_GID = "rankviz-chance-line"
_NO_SKILL_GID = "rankviz-no-skill-line"


# --------------------------------------------------------------------------- #
# helpers
# --------------------------------------------------------------------------- #
def _check_axes(ax) -> None:
    if not hasattr(ax, "plot") or not hasattr(ax, "set_xlabel"):
        raise TypeError(f"ax must be a matplotlib Axes, got {type(ax).__name__}")


def _curve(x, y, name_x: str, name_y: str) -> tuple[np.ndarray, np.ndarray]:
    x = as_float_vector(x, name_x)
    y = as_float_vector(y, name_y)
    if x.shape != y.shape:
        raise ValueError(f"{name_x} and {name_y} must have the same length, "
                         f"got {x.size} and {y.size}")
    return x, y


def _point(point, name: str) -> tuple[float, float]:
    if len(point) != 2:
        raise ValueError(f"{name} must be a pair (x, y), got {point!r}")
    return check_real(point[0], name), check_real(point[1], name)


def _has_gid(ax, gid: str) -> bool:
    return any(line.get_gid() == gid for line in ax.get_lines())


def plot_legend(target, entries: Sequence[tuple[str, Mapping]], **legend_kwargs):
    """Add a legend built from style descriptions rather than from drawn artists.

    Useful when the artists are redrawn at every change (a dashboard) while
    the legend, which never changes, is drawn once.

    Parameters
    ----------
    target : matplotlib.axes.Axes or matplotlib.figure.Figure
        Where the legend goes (a Figure accepts ``loc="outside ..."``).
    entries : sequence of (str, mapping)
        Label and style of each entry.  A style with ``"patch": True`` draws a
        filled square (other keys go to ``matplotlib.patches.Patch``); any
        other style is a line (keys go to ``matplotlib.lines.Line2D``).
    **legend_kwargs
        Passed to ``legend``.

    Returns
    -------
    matplotlib.legend.Legend

    Raises
    ------
    TypeError
        If ``target`` has no ``legend`` method.
    ValueError
        If ``entries`` is empty.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> leg = plot_legend(ax, [("exact", {"color": EXACT_COLOR}),
    ...                        ("FPR", {"patch": True, "color": NEGATIVE_COLOR, "alpha": 0.3})])
    >>> [t.get_text() for t in leg.get_texts()]
    ['exact', 'FPR']
    >>> plt.close(fig)
    """
    if not hasattr(target, "legend"):
        raise TypeError(f"target must be an Axes or a Figure, got {type(target).__name__}")
    if not entries:
        raise ValueError("entries must not be empty")
    handles = []
    for _label, style in entries:
        style = dict(style)
        if style.pop("patch", False):
            handles.append(Patch(**style))
        else:
            style.setdefault("lw", 2)
            handles.append(Line2D([], [], **style))
    legend_kwargs.setdefault("fontsize", "small")
    return target.legend(handles, [label for label, _ in entries], **legend_kwargs)


# --------------------------------------------------------------------------- #
# score densities
# --------------------------------------------------------------------------- #
def plot_score_densities(ax, model, threshold=None, *, scores=None, labels=None, x_range=None,
                         legend=True):
    """Draw the two class-conditional score densities of a :class:`~rankviz.distributions.Binormal`.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    model : rankviz.distributions.Binormal
        The population model; its ``pdf_pos`` and ``pdf_neg`` are drawn.
    threshold : float, optional
        If given, a vertical line, with the area under each density to its
        right shaded: the true positive rate (positives) and the false
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
    if not (hasattr(model, "pdf_pos") and hasattr(model, "pdf_neg")):
        raise TypeError(f"model must be a Binormal-like model, got {type(model).__name__}")
    if (scores is None) != (labels is None):
        raise ValueError("scores and labels must be given together")
    if threshold is not None:
        threshold = check_real(threshold, "threshold")
    if x_range is None:
        lo = min(model.mu_pos - 4 * model.sigma_pos, model.mu_neg - 4 * model.sigma_neg)
        hi = max(model.mu_pos + 4 * model.sigma_pos, model.mu_neg + 4 * model.sigma_neg)
        if threshold is not None:
            lo, hi = min(lo, threshold - 0.5), max(hi, threshold + 0.5)
    else:
        lo, hi = _point(x_range, "x_range")
        if not lo < hi:
            raise ValueError(f"x_range must be increasing, got {x_range!r}")
    x = np.linspace(lo, hi, 400)
    pos, neg = model.pdf_pos(x), model.pdf_neg(x)
    tallest = max(pos.max(), neg.max())
    if scores is not None:
        s = as_float_vector(scores, "scores")
        y = np.asarray(labels) == 1
        if y.shape != s.shape:
            raise ValueError("scores and labels must have the same length")
        edges = np.linspace(lo, hi, 41)
        for mask, color, name in ((~y, NEGATIVE_COLOR, "negatives"),
                                  (y, POSITIVE_COLOR, "positives")):
            if mask.any():
                # normalised by the class size, so that the histogram estimates the density
                counts, _ = np.histogram(s[mask], bins=edges)
                heights = counts / (mask.sum() * np.diff(edges))
                ax.stairs(heights, edges, color=color, lw=1, alpha=0.7,
                          label=f"sampled {name}")
                tallest = max(tallest, heights.max())
    ax.plot(x, neg, color=NEGATIVE_COLOR, lw=2, label="negatives (D$_-$)")
    ax.plot(x, pos, color=POSITIVE_COLOR, lw=2, label="positives (D$_+$)")
    if threshold is not None:
        right = x >= threshold
        ax.fill_between(x[right], neg[right], color=NEGATIVE_COLOR, alpha=0.3, lw=0,
                        label="FPR: negatives above $\\theta$")
        ax.fill_between(x[right], pos[right], color=POSITIVE_COLOR, alpha=0.3, lw=0,
                        label="TPR: positives above $\\theta$")
        ax.axvline(threshold, color="0.2", ls="--", lw=1.5,
                   label=f"threshold $\\theta$ = {threshold:.2f}")
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
    if chance and not _has_gid(ax, _CHANCE_GID):
        ax.plot([0, 1], [0, 1], ls=":", lw=1, color="0.5", label="chance (AUC = 0.5)",
                gid=_CHANCE_GID)
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(-0.01, 1.01)
    ax.set_aspect("equal")
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate")
    return ax


def plot_roc(ax, fpr, tpr, *, label, color=EXACT_COLOR, operating_point=None, chance=True,
             legend=True, **line_kwargs):
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
    style_roc_axes(ax, chance=chance)
    x, y = _curve(fpr, tpr, "fpr", "tpr")
    line_kwargs.setdefault("lw", 2)
    (line,) = ax.plot(x, y, color=color, label=label, **line_kwargs)
    if operating_point is not None:
        px, py = _point(operating_point, "operating_point")
        ax.plot([px], [py], "o", ms=8, mfc=line.get_color(), mec="white", mew=1.5, zorder=5)
    if legend:
        ax.legend(loc="lower right", fontsize="small")
    return ax


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
            ax.axhline(prevalence, ls=":", lw=1, color="0.5", gid=_NO_SKILL_GID,
                       label=f"no skill (prevalence {prevalence:.2f})")
    ax.set_xlim(-0.01, 1.01)
    ax.set_ylim(-0.01, 1.01)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    return ax


def plot_precision_recall(ax, recall, precision, *, label, color=EXACT_COLOR, prevalence=None,
                          operating_point=None, legend=True, **line_kwargs):
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
    style_precision_recall_axes(ax, prevalence=prevalence)
    x, y = _curve(recall, precision, "recall", "precision")
    line_kwargs.setdefault("lw", 2)
    (line,) = ax.plot(x, y, color=color, label=label, **line_kwargs)
    if operating_point is not None:
        px, py = _point(operating_point, "operating_point")
        ax.plot([px], [py], "o", ms=8, mfc=line.get_color(), mec="white", mew=1.5, zorder=5)
    if legend:
        ax.legend(loc="lower left", fontsize="small")
    return ax


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
    style_confusion_axes(ax)
    cm = np.asarray(matrix)
    if cm.shape != (2, 2) or not np.issubdtype(cm.dtype, np.number):
        raise ValueError(f"matrix must be a 2 x 2 array of counts, got shape {cm.shape}")
    if not np.isfinite(cm).all() or (cm < 0).any():
        raise ValueError("matrix must hold non-negative finite counts")
    total = max(cm.sum(), 1)
    ax.imshow(cm / total, cmap="Greys", vmin=0, vmax=1, extent=(-0.5, 1.5, 1.5, -0.5))
    names = (("TN", "FP"), ("FN", "TP"))
    for i in range(2):
        for j in range(2):
            ax.text(j, i, f"{names[i][j]}\n{cm[i, j]:g}", ha="center", va="center",
                    fontsize="large", color="white" if cm[i, j] / total > 0.5 else "black")
    if title is not None:
        ax.set_title(title)
    return ax


# --------------------------------------------------------------------------- #
# sampling distribution of the AUC
# --------------------------------------------------------------------------- #
def plot_auc_sampling(ax, aucs, center, deviations: Mapping[str, float] | None = None, *,
                      bins=40, legend=True):
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
        ``[center - t, center + t]``.
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
    values = as_float_vector(aucs, "aucs")
    center = check_real(center, "center")
    ax.hist(values, bins=bins, color=SAMPLE_COLOR, alpha=0.7,
            label=f"{values.size} simulated samples")
    ax.axvline(center, color=EXACT_COLOR, lw=2, label=f"population AUC = {center:.3f}")
    for k, (name, t) in enumerate((deviations or {}).items()):
        t = check_real(t, f"deviations[{name!r}]", nonnegative=True)
        color = _BOUND_COLORS[k % len(_BOUND_COLORS)]
        ax.axvspan(center - t, center + t, color=color, alpha=0.12, lw=0)
        for edge in (center - t, center + t):
            ax.axvline(edge, color=color, ls="--", lw=1.5,
                       label=f"{name}: $\\pm${t:.3f}" if edge < center else None)
    ax.set_xlabel("empirical AUC")
    ax.set_ylabel("number of samples")
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax


# ---- chapter 03: RankBoost ----
_WEIGHT_MARKER_AREA = 36.0  # marker area of a point carrying the uniform weight of its class
_STUMP_COLOR = "#CC79A7"  # reddish purple: the stump of the current round
_BOUND_STYLES = {
    "error": {"color": EXACT_COLOR, "lw": 2.0},
    "product_Z": {"color": "#E69F00", "lw": 2.0},
    "edge_bound": {"color": "#56B4E9", "lw": 2.0, "ls": "--"},
}


def _points_2d(X, name: str, features) -> np.ndarray:
    arr = np.asarray(X, dtype=float)
    if arr.ndim != 2 or arr.shape[0] == 0:
        raise ValueError(f"{name} must be a non-empty 2-D array (points x features), "
                         f"got shape {arr.shape}")
    if max(features) >= arr.shape[1]:
        raise ValueError(f"{name} has {arr.shape[1]} features; cannot show features {features}")
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} contains NaN or infinite values")
    return arr[:, list(features)]


def _marker_areas(weights, n: int, name: str) -> np.ndarray:
    w = as_float_vector(weights, name)
    if w.size != n:
        raise ValueError(f"{name} must have one weight per point ({n}), got {w.size}")
    if (w < 0).any():
        raise ValueError(f"{name} must be non-negative")
    # area proportional to the weight, the class's uniform weight giving the base area
    return np.clip(_WEIGHT_MARKER_AREA * n * w / max(w.sum(), 1e-300), 3.0, 900.0)


def plot_weighted_points(ax, X_pos, X_neg, w_pos=None, w_neg=None, *, features=(0, 1),
                         legend=True):
    """Scatter the two classes of a bipartite sample, marker area proportional to each weight.

    Used to show RankBoost's factored distribution D_t^+ (positives) and
    D_t^- (negatives) of section 10.5.1: a point carrying the uniform weight
    of its class (1/m or 1/n) has the base marker size.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    X_pos, X_neg : array_like of shape (m, d) and (n, d)
        The positive and negative points.
    w_pos, w_neg : array_like, optional
        Non-negative weights of the points (normalized per class for the
        drawing); uniform by default.
    features : (int, int), default (0, 1)
        The two features shown on the horizontal and vertical axes.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, the points are not finite 2-D arrays with
        the requested features, or the weights do not match the points.

    References
    ----------
    Mohri et al. (2018), section 10.5.1 and Figure 10.2.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_weighted_points(ax, [[0, 1], [1, 1]], [[0, 0]], w_pos=[0.9, 0.1])
    >>> [round(float(s)) for s in ax.collections[1].get_sizes()]
    [65, 7]
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if len(features) != 2:
        raise ValueError(f"features must be two column indices, got {features!r}")
    pos = _points_2d(X_pos, "X_pos", features)
    neg = _points_2d(X_neg, "X_neg", features)
    s_neg = (_marker_areas(w_neg, neg.shape[0], "w_neg") if w_neg is not None
             else np.full(neg.shape[0], _WEIGHT_MARKER_AREA))
    s_pos = (_marker_areas(w_pos, pos.shape[0], "w_pos") if w_pos is not None
             else np.full(pos.shape[0], _WEIGHT_MARKER_AREA))
    ax.scatter(neg[:, 0], neg[:, 1], s=s_neg, c=NEGATIVE_COLOR, marker="o", alpha=0.7,
               edgecolors="white", linewidths=0.5, label="negatives (weight $D_t^-$)")
    ax.scatter(pos[:, 0], pos[:, 1], s=s_pos, c=POSITIVE_COLOR, marker="s", alpha=0.7,
               edgecolors="white", linewidths=0.5, label="positives (weight $D_t^+$)")
    ax.set_xlabel(f"feature x{features[0]}")
    ax.set_ylabel(f"feature x{features[1]}")
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax


def plot_preference_pairs(ax, X, pairs, labels, weights=None, *, features=(0, 1), legend=True):
    """Draw a pairwise sample: points, and an arrow from the less to the more preferred point.

    Pair i, ``pairs[i] = (a, b)`` with label ``y``, is an arrow from X[a] to
    X[b] when y = +1, from X[b] to X[a] when y = -1, and a dotted grey segment
    when y = 0 (no preference; RankBoost ignores it).  With ``weights`` (e.g.
    RankBoost's D_t), the arrow's width is proportional to the pair's weight.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    X : array_like of shape (N, d)
        The points.
    pairs : array_like of int, shape (P, 2)
        Row indices of X.
    labels : array_like of shape (P,)
        In {-1, 0, +1} (Mohri et al., section 10.1).
    weights : array_like of shape (P,), optional
        Non-negative pair weights; equal widths by default.
    features : (int, int), default (0, 1)
        The two features shown.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or the inputs do not match.

    References
    ----------
    Mohri et al. (2018), sections 10.1 and 10.4.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_preference_pairs(ax, [[0, 0], [1, 1], [2, 0]], [[0, 1], [1, 2]], [1, 0])
    >>> len(ax.patches), len(ax.get_lines())    # one arrow, one dotted unlabelled pair
    (1, 1)
    >>> plt.close(fig)
    """
    from matplotlib.patches import FancyArrowPatch  # (kept local: chapter 03's block)

    _check_axes(ax)
    points = _points_2d(X, "X", features)
    idx = np.asarray(pairs)
    if idx.ndim != 2 or idx.shape[1] != 2 or not np.issubdtype(idx.dtype, np.integer):
        raise ValueError(f"pairs must be an integer array of shape (P, 2), got {idx.shape}")
    if idx.size and (idx.min() < 0 or idx.max() >= points.shape[0]):
        raise ValueError("pairs must index rows of X")
    y = np.asarray(labels)
    if y.shape != (idx.shape[0],) or not np.isin(y, (-1, 0, 1)).all():
        raise ValueError("labels must hold one value in {-1, 0, +1} per pair")
    if weights is None:
        widths = np.full(idx.shape[0], 1.5)
    else:
        w = as_float_vector(weights, "weights")
        if w.size != idx.shape[0] or (w < 0).any():
            raise ValueError("weights must hold one non-negative number per pair")
        widths = 0.4 + 5.0 * w / max(w.max(), 1e-300)
    for (a, b), label, width in zip(idx, y, widths, strict=True):
        if label == 0:
            ax.plot(points[[a, b], 0], points[[a, b], 1], ls=":", color="0.6", lw=1)
            continue
        start, end = (points[a], points[b]) if label > 0 else (points[b], points[a])
        ax.add_patch(FancyArrowPatch(tuple(start), tuple(end), arrowstyle="-|>", color="0.25",
                                     lw=width, shrinkA=7, shrinkB=7,
                                     mutation_scale=10 + 2 * width))
    ax.scatter(points[:, 0], points[:, 1], s=60, c=SAMPLE_COLOR, zorder=3, edgecolors="white")
    for i, (px, py) in enumerate(points):
        ax.annotate(str(i), (px, py), textcoords="offset points", xytext=(6, 5), fontsize=9)
    ax.set_xlabel(f"feature x{features[0]}")
    ax.set_ylabel(f"feature x{features[1]}")
    if legend:
        plot_legend(ax, [("point (row index)", {"marker": "o", "color": SAMPLE_COLOR, "lw": 0}),
                         ("x → x': x' preferred", {"color": "0.25"}),
                         ("no preference (label 0)", {"color": "0.6", "ls": ":", "lw": 1})],
                    loc="upper left")
    return ax


def plot_stump(ax, stump, *, features=(0, 1), label=None, color=_STUMP_COLOR, legend=True):
    """Draw a threshold stump on a 2-D scatter: its threshold line and the side where h = 1.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        An Axes showing ``features`` (e.g. from :func:`plot_weighted_points`),
        with its limits already set: the shading fills the current view.
    stump : rankviz.rankboost.Stump
        Any object with ``feature``, ``threshold`` and ``polarity``.
    features : (int, int), default (0, 1)
        The two features the Axes shows.
    label : str, optional
        Legend entry; ``str(stump)`` by default.
    color : str, optional
        Colour of the line and the shading.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        If ``ax`` is not an Axes or ``stump`` lacks the stump attributes.
    ValueError
        If the stump reads a feature that the Axes does not show.

    References
    ----------
    Freund et al. (2003), section 3.3 (threshold weak rankers).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.rankboost import Stump
    >>> fig, ax = plt.subplots()
    >>> ax.set(xlim=(0, 4), ylim=(0, 4))
    [(0.0, 4.0), (0.0, 4.0)]
    >>> ax = plot_stump(ax, Stump(1, 2.5, -1))
    >>> ax.get_legend().get_texts()[0].get_text()
    '1[x1 <= 2.5]'
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if not all(hasattr(stump, name) for name in ("feature", "threshold", "polarity")):
        raise TypeError(f"stump must have feature, threshold and polarity, got "
                        f"{type(stump).__name__}")
    if stump.feature not in features:
        raise ValueError(f"the stump reads feature {stump.feature}, the axes show {features}")
    horizontal = stump.feature == features[1]
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    label = str(stump) if label is None else label
    theta = stump.threshold
    if horizontal:
        lo, hi = (theta, y1) if stump.polarity > 0 else (y0, theta)
        ax.axhspan(lo, hi, color=color, alpha=0.12, lw=0)
        ax.axhline(theta, color=color, lw=2.5, label=label)
    else:
        lo, hi = (theta, x1) if stump.polarity > 0 else (x0, theta)
        ax.axvspan(lo, hi, color=color, alpha=0.12, lw=0)
        ax.axvline(theta, color=color, lw=2.5, label=label)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    if legend:
        ax.legend(loc="upper right", fontsize="small")
    return ax


def plot_score_surface(ax, scores, extent, *, vmin=0.0, vmax=1.0, cmap="RdBu_r"):
    """Show a scoring function on a 2-D grid as an image (its level sets are its ranking).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    scores : array_like of shape (ny, nx)
        Scores on a regular grid, row 0 at the bottom (``extent[2]``).
    extent : (float, float, float, float)
        ``(x_min, x_max, y_min, y_max)`` of the grid.
    vmin, vmax : float, default 0 and 1
        Colour scale (for RankBoost's ``f / ||alpha||_1``, [0, 1]).
    cmap : str, default "RdBu_r"
        Colour map: high scores red (where positives should be), low blue.

    Returns
    -------
    matplotlib.image.AxesImage
        The image (pass it to ``fig.colorbar``).

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``scores`` is not a finite 2-D array.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> image = plot_score_surface(ax, [[0.0, 0.5], [0.5, 1.0]], (0, 1, 0, 1))
    >>> [float(v) for v in image.get_extent()]
    [0.0, 1.0, 0.0, 1.0]
    >>> plt.close(fig)
    """
    _check_axes(ax)
    grid = np.asarray(scores, dtype=float)
    if grid.ndim != 2 or not np.isfinite(grid).all():
        raise ValueError(f"scores must be a finite 2-D array, got shape {grid.shape}")
    if len(extent) != 4:
        raise ValueError(f"extent must be (x_min, x_max, y_min, y_max), got {extent!r}")
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    image = ax.imshow(grid, extent=tuple(float(v) for v in extent), origin="lower",
                      cmap=cmap, vmin=vmin, vmax=vmax, aspect="auto", interpolation="nearest",
                      alpha=0.55, zorder=0)
    if ax.get_autoscale_on():
        ax.set_xlim(extent[0], extent[1])
        ax.set_ylim(extent[2], extent[3])
    else:
        ax.set_xlim(xlim)
        ax.set_ylim(ylim)
    return image


def style_boosting_axes(ax, n_rounds):
    """Prepare an Axes for training error and bounds over boosting rounds.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    n_rounds : int
        Largest round shown.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``n_rounds < 1``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> [float(v) for v in style_boosting_axes(ax, 50).get_xlim()]
    [0.0, 51.0]
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if not isinstance(n_rounds, (int, np.integer)) or n_rounds < 1:
        raise ValueError(f"n_rounds must be an integer >= 1, got {n_rounds!r}")
    ax.set_xlim(0, n_rounds + 1)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("round t")
    ax.set_ylabel("pairwise error / bound")
    return ax


def plot_boosting_bounds(ax, history, *, rounds=None, legend=True):
    """Theorem 10.3 over rounds: empirical error <= prod Z_t <= exp(-2 sum gamma_t^2).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw (see :func:`style_boosting_axes`).
    history : rankviz.rankboost.BoostingHistory
        Any object with arrays ``error``, ``product_Z`` and ``edge_bound``.
    rounds : int, optional
        Draw rounds 1..rounds only (all by default), with a marker at the last.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``history`` lacks the arrays, or ``rounds``
        is out of range.

    References
    ----------
    Mohri et al. (2018), Theorem 10.3, eqs. (10.13)-(10.14).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.rankboost import bipartite_rankboost
    >>> history = bipartite_rankboost([[0.0], [2.0]], [[1.0], [3.0]], 5).history
    >>> fig, ax = plt.subplots()
    >>> ax = plot_boosting_bounds(ax, history, rounds=3)
    >>> [line.get_xdata().tolist() for line in ax.get_lines()[:1]]
    [[1, 2, 3]]
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if not all(hasattr(history, name) for name in _BOUND_STYLES):
        raise TypeError(f"history must have error, product_Z and edge_bound, got "
                        f"{type(history).__name__}")
    total = len(history.error)
    rounds = total if rounds is None else rounds
    if not isinstance(rounds, (int, np.integer)) or not 1 <= rounds <= total:
        raise ValueError(f"rounds must be an integer in [1, {total}], got {rounds!r}")
    t = np.arange(1, rounds + 1)
    labels = {"error": "empirical pairwise error",
              "product_Z": r"$\prod_s Z_s$",
              "edge_bound": r"$\exp(-2\sum_s \gamma_s^2)$"}
    for name, style in _BOUND_STYLES.items():
        values = np.asarray(getattr(history, name))[:rounds]
        (line,) = ax.plot(t, values, label=labels[name], **style)
        ax.plot(t[-1:], values[-1:], "o", color=line.get_color(), ms=6)
    ax.set_xlabel("round t")
    ax.set_ylabel("pairwise error / bound")
    if legend:
        ax.legend(loc="upper right", fontsize="small")
    return ax


def plot_margin_distribution(ax, margins, *, label, color=EXACT_COLOR, legend=True,
                             **line_kwargs):
    """Cumulative distribution of normalized margins (the share of pairs with margin <= rho).

    At ``rho`` the curve reads the empirical margin loss bound of eq. (10.4),
    the share of pairs with ``y (f(x') - f(x)) / ||alpha||_1 <= rho``; its value
    at 0 is the empirical pairwise error.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw; called repeatedly, it overlays curves.
    margins : array_like
        Normalized margins in [-1, 1] (e.g. :meth:`RankBoostModel.bipartite_margins`).
    label : str
        Legend entry.
    color : str, optional
        Line colour.
    legend : bool, default True
        Add a legend.
    **line_kwargs
        Passed to ``Axes.step``.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or the margins are not finite.

    References
    ----------
    Mohri et al. (2018), eqs. (10.3)-(10.4) and section 10.4.3.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_margin_distribution(ax, [-0.2, 0.1, 0.1, 0.5], label="f_t")
    >>> float(ax.get_lines()[0].get_ydata()[-1])
    1.0
    >>> plt.close(fig)
    """
    _check_axes(ax)
    values = np.sort(as_float_vector(np.ravel(margins), "margins"))
    share = np.arange(1, values.size + 1) / values.size
    line_kwargs.setdefault("lw", 2)
    ax.step(np.concatenate(([-1.0], values, [1.0])), np.concatenate(([0.0], share, [1.0])),
            where="post", color=color, label=label, **line_kwargs)
    ax.axvline(0.0, color="0.5", lw=1, ls=":")
    ax.set_xlim(-1.0, 1.0)
    ax.set_ylim(0.0, 1.02)
    ax.set_xlabel(r"normalized margin $\rho$ = y (f(x') − f(x)) / $\|\alpha\|_1$")
    ax.set_ylabel(r"share of pairs with margin $\leq \rho$")
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax
