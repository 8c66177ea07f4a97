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
    "RIGHT_EDGE_COLOR",
    "SAMPLE_COLOR",
    "WRONG_EDGE_COLOR",
    "plot_auc_sampling",
    "plot_confusion_matrix",
    "plot_item_scores",
    "plot_legend",
    "plot_precision_recall",
    "plot_preference_graph",
    "plot_roc",
    "plot_score_densities",
    "preference_graph_layout",
    "style_confusion_axes",
    "style_item_scores_axes",
    "style_precision_recall_axes",
    "style_preference_graph_axes",
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


# ---- chapter 07: inconsistency of pairwise surrogates ----
#: Colour of a preference edge that a ranking gets wrong (misordered or tied).
WRONG_EDGE_COLOR = POSITIVE_COLOR
#: Colour of a preference edge that a ranking orders correctly.
RIGHT_EDGE_COLOR = SAMPLE_COLOR
_GRAPH_EDGE_COLOR = "0.3"
_ITEM_FACE = "#E8E8E8"
_GRAPH_LIMIT = 1.5


def preference_graph_layout(n):
    """Positions of ``n`` items on the unit circle: item 0 on top, the others clockwise.

    Parameters
    ----------
    n : int
        Number of items, at least 2.

    Returns
    -------
    dict of int to ndarray of shape (2,)
        Item -> position (networkx's layout format, for ``networkx.draw_networkx_*``).

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer >= 2.

    Examples
    --------
    >>> {i: tuple(round(float(c), 2) for c in xy) for i, xy in preference_graph_layout(2).items()}
    {0: (0.0, 1.0), 1: (0.0, -1.0)}
    """
    from rankviz._validation import check_int

    n = check_int(n, "n", minimum=2)
    angles = np.pi / 2 - 2 * np.pi * np.arange(n) / n
    return {i: np.array([np.cos(a), np.sin(a)]) + 0.0 for i, a in enumerate(angles)}


def style_preference_graph_axes(ax, n=None, *, title=None):
    """Prepare an Axes for :func:`plot_preference_graph`: fixed limits, no ticks, no frame.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    n : int, optional
        Number of items: the limits then fit their circle
        (:func:`preference_graph_layout`) with room for the arrows; by default
        the square ``[-1.5, 1.5]^2``.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``n`` is not an integer >= 2.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> [float(v) for v in style_preference_graph_axes(ax).get_xlim()]
    [-1.5, 1.5]
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if n is None:
        (x0, x1), (y0, y1) = (-_GRAPH_LIMIT, _GRAPH_LIMIT), (-_GRAPH_LIMIT, _GRAPH_LIMIT)
    else:
        xy = np.array(list(preference_graph_layout(n).values()))
        margin = _GRAPH_LIMIT - 1.0
        (x0, y0), (x1, y1) = xy.min(axis=0) - margin, xy.max(axis=0) + margin
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    if title is not None:
        ax.set_title(title)
    return ax


def _edge_endpoints(a, b, rad, radius):
    """Start and end of an arc3 arrow from a to b that stops at the circles around them."""
    control = (a + b) / 2 + rad * np.array([b[1] - a[1], a[0] - b[0]])
    start = a + radius * (control - a) / np.linalg.norm(control - a)
    end = b + radius * (control - b) / np.linalg.norm(control - b)
    return start, end, (start + end) / 2 + rad * np.array([end[1] - start[1],
                                                             start[0] - end[0]]) / 2


def plot_preference_graph(ax, weights, *, wrong=(), right=(), title=None, max_weight=None,
                          decimals=2, nodes=True, legend=True):
    """Draw a weighted preference graph: arrow ``i -> j`` ("i above j"), width by weight.

    Items sit on a circle (:func:`preference_graph_layout`); each edge is an
    arc labelled with its weight, so that opposite edges ``i -> j`` and
    ``j -> i`` curve apart.  The arrows are plain matplotlib patches whose ends
    are computed here rather than clipped by matplotlib, which keeps a
    dashboard redraw cheap.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw; it is prepared by :func:`style_preference_graph_axes`.
    weights : array_like of shape (n, n)
        Non-negative edge weights, zero diagonal; only positive weights are drawn.
    wrong, right : iterable of (int, int), optional
        Edges to draw in :data:`WRONG_EDGE_COLOR` (dashed: a ranking misorders or
        ties them) or :data:`RIGHT_EDGE_COLOR` (a ranking orders them correctly);
        the others are dark grey.
    title : str, optional
        Axes title.
    max_weight : float, optional
        Weight drawn with the widest arrow (default: the largest weight), so that
        several graphs can share one scale.
    decimals : int, default 2
        Rounding of the edge labels.
    nodes : bool, default True
        Draw the items.  A dashboard draws them once in its static part and
        passes False at every update.
    legend : bool, default True
        Add a legend explaining the colours used.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``weights`` is not a valid weight matrix.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Figure 1.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_preference_graph(ax, [[0, 2, 1], [0, 0, 0], [0, 3, 0]], wrong=[(2, 1)])
    >>> sorted(t.get_text() for t in ax.texts)
    ['0', '1', '1', '2', '2', '3']
    >>> plt.close(fig)
    """
    from matplotlib.patches import FancyArrowPatch

    from rankviz.consistency import _as_adjacency

    _check_axes(ax)
    W = _as_adjacency(weights, "weights")
    n = W.shape[0]
    style_preference_graph_axes(ax, n, title=title)
    pos = preference_graph_layout(n)
    wrong, right = {tuple(e) for e in wrong}, {tuple(e) for e in right}
    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(W > 0), strict=True)]
    top = float(max_weight) if max_weight is not None else (W.max() if edges else 1.0)
    top = top if top > 0 else 1.0
    rad, radius = 0.18, 0.24
    for edge in edges:
        color = (WRONG_EDGE_COLOR if edge in wrong else RIGHT_EDGE_COLOR if edge in right
                 else _GRAPH_EDGE_COLOR)
        start, end, middle = _edge_endpoints(pos[edge[0]], pos[edge[1]], rad, radius)
        width = 1.0 + 4.0 * min(W[edge], top) / top
        ax.add_artist(FancyArrowPatch(  # add_artist: the limits are fixed, skip the data limits
            start, end, connectionstyle=f"arc3,rad={rad}", arrowstyle="-|>",
            mutation_scale=12 + 2.5 * width, lw=width, color=color, shrinkA=0, shrinkB=0,
            ls="--" if edge in wrong else "-", zorder=2))
        ax.text(*middle, f"{round(float(W[edge]), decimals):g}", ha="center", va="center",
                fontsize=10, color=color, zorder=3,
                bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none"})
    if nodes:
        xy = np.array([pos[i] for i in range(n)])
        ax.plot(xy[:, 0], xy[:, 1], "o", ms=30, mfc=_ITEM_FACE, mec=EXACT_COLOR, mew=1.2,
                zorder=4)
        for i in range(n):
            ax.text(*pos[i], str(i), ha="center", va="center", fontsize=13, fontweight="bold",
                    zorder=5)
    if legend:
        entries = [("preference i → j (width ∝ weight)", {"color": _GRAPH_EDGE_COLOR})]
        if right & set(edges):
            entries.append(("ordered correctly", {"color": RIGHT_EDGE_COLOR}))
        if wrong & set(edges):
            entries.append(("misordered or tied", {"color": WRONG_EDGE_COLOR, "ls": "--"}))
        plot_legend(ax, entries, loc="lower center", bbox_to_anchor=(0.5, -0.18))
    return ax


def style_item_scores_axes(ax, row_labels, *, ticks=True):
    """Prepare an Axes for :func:`plot_item_scores`: one labelled row per score vector.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    row_labels : sequence of str
        Label of each row, top row first.
    ticks : bool, default True
        Keep the score axis' ticks.  A dashboard passes False: its score range
        changes at every update, and each item is labelled with its score instead.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``row_labels`` is empty.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> [t.get_text() for t in style_item_scores_axes(ax, ["a", "b"]).get_yticklabels()]
    ['a', 'b']
    >>> plt.close(fig)
    """
    _check_axes(ax)
    labels = list(row_labels)
    if not labels:
        raise ValueError("row_labels must not be empty")
    rows = len(labels)
    ax.set_ylim(-rows + 0.3, 0.6)
    ax.set_yticks(-np.arange(rows), labels)
    ax.set_xlabel("score α  (higher is ranked higher)")
    ax.grid(axis="x", alpha=0.3)
    if not ticks:
        ax.set_xticks([])
    return ax


def plot_item_scores(ax, row, scores, *, wrong=(), note=None, values=True, span=None,
                     legend=False):
    """Draw items as labelled markers at their scores, on row ``row`` of a score panel.

    Items whose scores tie (within 1e-6) share one marker, labelled "0 = 1";
    items of a misordered or tied pair are drawn in :data:`WRONG_EDGE_COLOR`.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw (prepared by :func:`style_item_scores_axes`).
    row : int
        Row index, 0 for the top row.
    scores : array_like of shape (n,) or None
        The scores; None draws only ``note`` (e.g. "no minimiser").
    wrong : iterable of (int, int), optional
        Pairs to highlight.
    note : str, optional
        Text written at the right end of the row.
    values : bool, default True
        Write each score under its marker.
    span : (float, float), optional
        Draw the lowest score at ``span[0]`` and the highest at ``span[1]``
        (an affine map, so the order and the ratios of gaps are kept; the labels
        still give the scores).  Rows with different score ranges then share one
        panel; use it on axes without score ticks.
    legend : bool, default False
        Add a legend for the highlight colour.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``scores`` is not finite or ``span`` is not
        increasing.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_item_scores(style_item_scores_axes(ax, ["α"]), 0, [0.0, -1.0, -1.0])
    >>> sorted(t.get_text() for t in ax.texts)
    ['-1.00', '0', '0.00', '1 = 2']
    >>> plt.close(fig)
    """
    from rankviz._validation import check_int

    _check_axes(ax)
    row = check_int(row, "row", minimum=0)
    y0 = -row
    if note is not None:
        ax.annotate(note, (0.99, y0), xycoords=ax.get_yaxis_transform(), xytext=(0, 14),
                    textcoords="offset points", ha="right", va="bottom", fontsize=9,
                    color="0.25")
    if scores is None:
        return ax
    s = as_float_vector(scores, "scores")
    flagged = {int(v) for pair in wrong for v in pair}
    lo, hi = float(s.min()), float(s.max())
    if span is None:
        place = s
        pad = max(0.5, 0.08 * (hi - lo))
        ax.plot([lo - pad, hi + pad], [y0, y0], color="0.6", lw=1, zorder=1)
    else:
        left, right = _point(span, "span")
        if not left < right:
            raise ValueError(f"span must be increasing, got {span!r}")
        place = (left + right) / 2 + 0 * s if hi - lo <= 1e-12 else (
            left + (s - lo) * (right - left) / (hi - lo))
        pad = 0.06 * (right - left)
        ax.plot([left - pad, right + pad], [y0, y0], color="0.6", lw=1, zorder=1)
    groups: list[list[int]] = []
    for i in np.lexsort((np.arange(s.size), s)):
        if groups and abs(s[groups[-1][0]] - s[i]) <= 1e-6:
            groups[-1].append(int(i))
        else:
            groups.append([int(i)])
    for group in groups:
        x, value = float(place[group[0]]), float(s[group[0]])
        hit = any(i in flagged for i in group)
        label = " = ".join(str(i) for i in sorted(group))
        ax.plot([x], [y0], "o" if len(group) == 1 else "s", ms=22 + 8 * (len(group) - 1),
                mfc=WRONG_EDGE_COLOR if hit else _ITEM_FACE, mec=EXACT_COLOR, mew=1.2,
                zorder=3)
        ax.text(x, y0, label, ha="center", va="center", fontsize=11 if len(group) == 1 else 9,
                fontweight="bold", color="white" if hit else "black", zorder=4)
        if values:  # below the marker, at a fixed distance in points whatever the row height
            ax.annotate(f"{round(value, 2) + 0.0:.2f}", (x, y0), xytext=(0, -17),
                        textcoords="offset points", ha="center", va="top", fontsize=9,
                        color="0.2")
    if legend and flagged:
        plot_legend(ax, [("item of a misordered or tied edge",
                          {"marker": "o", "ms": 10, "mfc": WRONG_EDGE_COLOR, "mec": EXACT_COLOR,
                           "lw": 0})], loc="upper left")
    return ax
