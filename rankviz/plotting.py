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

from rankviz._validation import as_float_vector, as_weight_matrix, check_real

__all__ = [
    "EDGE_BACKWARD_COLOR",
    "EDGE_OK_COLOR",
    "EDGE_TIED_COLOR",
    "EXACT_COLOR",
    "NEGATIVE_COLOR",
    "POSITIVE_COLOR",
    "RIGHT_EDGE_COLOR",
    "SAMPLE_COLOR",
    "SCHEDULE_PARTS_GID",
    "SCHEDULE_ROUND_LABELS_GID",
    "SCHEDULE_TASK_LABELS_GID",
    "TASK_COLOR",
    "WRONG_EDGE_COLOR",
    "plot_auc_sampling",
    "plot_boosting_bounds",
    "plot_confusion_matrix",
    "plot_item_scores",
    "plot_legend",
    "plot_margin_distribution",
    "plot_precision_recall",
    "plot_preference_circle",
    "plot_preference_graph",
    "plot_preference_pairs",
    "plot_roc",
    "plot_schedule",
    "plot_score_densities",
    "plot_score_surface",
    "plot_stump",
    "plot_weighted_points",
    "preference_graph_layout",
    "schedule_legend_entries",
    "style_boosting_axes",
    "style_confusion_axes",
    "style_item_scores_axes",
    "style_precision_recall_axes",
    "style_preference_graph_axes",
    "style_roc_axes",
    "style_schedule_axes",
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


# ---- chapter 01: the ranking problem: data, losses and measures ----
#: Colour of each relevance grade 0, 1, 2, 3, 4 (grey = irrelevant, then
#: increasingly warm; the top grade in POSITIVE_COLOR).
GRADE_COLORS = ("#BBBBBB", "#56B4E9", "#009E73", "#E69F00", POSITIVE_COLOR)

__all__ += [
    "CUTOFF_STYLES",
    "GRADE_COLORS",
    "plot_cutoff_curves",
    "plot_position_bars",
    "plot_preference_graph",
    "style_cutoff_axes",
    "style_position_axes",
]


def plot_preference_graph(ax, weights, *, names=None, levels=None, node_colors=None,
                          edge_labels=None, title=None):
    """Draw a preference graph: an arrow ``i -> j`` for each edge "i above j".

    Nodes are placed in rows: by ``levels`` when given (higher level higher up,
    e.g. the grades), otherwise by the topological generations of the DAG
    (sources on top), or on a circle if the graph has a cycle.  Arrow widths grow
    with the weights.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    weights : array_like of shape (n, n)
        Non-negative weights with a zero diagonal (e.g. from
        :mod:`rankviz.samples`).
    names : sequence of str, optional
        Node labels; ``0, 1, ...`` by default.
    levels : array_like of shape (n,), optional
        Vertical level of each node.
    node_colors : sequence of colours, optional
        One per node; light grey by default.
    edge_labels : bool, optional
        Print each edge's weight; by default only when some weight differs from 1.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``weights`` is not a valid weight matrix, or an
        optional sequence has the wrong length.

    References
    ----------
    Seed 000 ("The problem of ranking"), preference graphs.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.samples import preference_graph_from_grades
    >>> fig, ax = plt.subplots()
    >>> ax = plot_preference_graph(ax, preference_graph_from_grades([2, 0, 1]), names="abc")
    >>> sorted(t.get_text() for t in ax.texts)
    ['1', '1', '2', 'a', 'b', 'c']
    >>> plt.close(fig)
    """
    import networkx as nx

    from rankviz.samples import to_networkx  # networkx is loaded only when a graph is drawn

    _check_axes(ax)
    graph = to_networkx(weights)
    n = graph.number_of_nodes()
    names = [str(i) for i in range(n)] if names is None else [str(v) for v in names]
    if len(names) != n:
        raise ValueError(f"names must give one label per node ({n}), got {len(names)}")
    if node_colors is None:
        node_colors = ["#DDDDDD"] * n
    if len(node_colors) != n:
        raise ValueError(f"node_colors must give one colour per node ({n}), got {len(node_colors)}")
    if levels is not None:
        levels = as_float_vector(levels, "levels")
        if levels.size != n:
            raise ValueError(f"levels must give one level per node ({n}), got {levels.size}")
        rows = [np.flatnonzero(levels == value).tolist() for value in np.unique(levels)[::-1]]
    elif nx.is_directed_acyclic_graph(graph):
        rows = [sorted(generation) for generation in nx.topological_generations(graph)]
    else:
        rows = None
    if rows is None:
        pos = nx.circular_layout(graph)
    else:
        pos = {}
        for depth, row in enumerate(rows):
            for slot, node in enumerate(row):
                pos[node] = (slot - (len(row) - 1) / 2.0, -float(depth))
    edges = list(graph.edges(data="weight"))
    largest = max((w for *_, w in edges), default=1.0)
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_color=list(node_colors), node_size=700,
                           edgecolors="0.3")
    nx.draw_networkx_labels(graph, pos, labels=dict(enumerate(names)), ax=ax, font_size=11)
    nx.draw_networkx_edges(graph, pos, ax=ax, edgelist=[(i, j) for i, j, _ in edges],
                           width=[0.8 + 2.2 * w / largest for *_, w in edges], arrowsize=14,
                           node_size=700, edge_color="0.35", connectionstyle="arc3,rad=0.12")
    if edge_labels is None:
        edge_labels = any(w != 1.0 for *_, w in edges)
    if edge_labels and edges:
        nx.draw_networkx_edge_labels(graph, pos, ax=ax, connectionstyle="arc3,rad=0.12",
                                     edge_labels={(i, j): f"{w:g}" for i, j, w in edges},
                                     font_size=9, label_pos=0.35)
    ax.set_axis_off()
    ax.margins(0.15)
    if title is not None:
        ax.set_title(title)
    return ax


def style_position_axes(ax, n_positions, *, ymax, ylabel, title=None):
    """Prepare an Axes for one bar per rank position ``1, ..., n`` (1 = top).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    n_positions : int
        Number of positions, at least 1.
    ymax : float
        Upper limit of the vertical axis, > 0 (fixed, so a dashboard can blit).
    ylabel : str
        Label of the vertical axis.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``n_positions < 1`` or ``ymax <= 0``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> style_position_axes(ax, 5, ymax=1.0, ylabel="discount").get_xlabel()
    'position r (1 = top)'
    >>> plt.close(fig)
    """
    from rankviz._validation import check_int

    _check_axes(ax)
    n = check_int(n_positions, "n_positions", minimum=1)
    ymax = check_real(ymax, "ymax", positive=True)
    ax.set_xlim(0.4, n + 0.6)
    ax.set_xticks(np.arange(1, n + 1))
    ax.set_ylim(0, ymax)
    ax.set_xlabel("position r (1 = top)")
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    return ax


def plot_position_bars(ax, values, *, labels=None, colors=None, ideal=None, cutoff=None,
                       label=None, legend=True, label_fontsize=10):
    """One bar per rank position: e.g. the gain, discount or DCG term at each position.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw (prepared by :func:`style_position_axes`, or not).
    values : array_like of shape (n,)
        Height of the bar at positions ``1, ..., n``.
    labels : sequence of str, optional
        Text above each bar (e.g. the document at that position).
    colors : sequence of colours, optional
        One colour per bar; :data:`SAMPLE_COLOR` by default.
    ideal : array_like of shape (n,), optional
        Heights under the ideal ranking, drawn as a black step outline.
    cutoff : int, optional
        Draw a dashed line after position ``cutoff`` (the ``k`` of a measure @k).
    label : str, optional
        Legend entry of the bars.
    legend : bool, default True
        Add a legend.
    label_fontsize : float or str or None, default 10
        Size of the text above the bars; None follows ``rcParams["font.size"]``
        (e.g. a projector's larger type).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or an array is invalid or of the wrong length.

    References
    ----------
    Seed 000, DCG@K (gain over discount at each position).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_position_bars(ax, [7, 3, 0, 1], labels="ABCD", ideal=[7, 3, 1, 0], cutoff=2)
    >>> len(ax.collections[0].get_paths()), [t.get_text() for t in ax.texts]
    (4, ['A', 'B', 'C', 'D'])
    >>> plt.close(fig)
    """
    from matplotlib.collections import PolyCollection

    from rankviz._validation import check_int

    _check_axes(ax)
    heights = as_float_vector(values, "values")
    n = heights.size
    positions = np.arange(1, n + 1)
    if colors is None:
        colors = [SAMPLE_COLOR] * n
    if len(colors) != n:
        raise ValueError(f"colors must give one colour per bar ({n}), got {len(colors)}")
    # one collection rather than n bar patches: a dashboard redraws it at every change
    corners = [[(x - 0.35, 0.0), (x - 0.35, h), (x + 0.35, h), (x + 0.35, 0.0)]
               for x, h in zip(positions, heights, strict=True)]
    ax.add_collection(PolyCollection(corners, facecolors=list(colors), edgecolors="0.25",
                                     linewidths=0.8, label=label), autolim=False)
    ax.update_datalim([(0.4, min(heights.min(), 0.0)), (n + 0.6, max(heights.max(), 0.0))])
    ax.autoscale_view()  # changes nothing on axes whose limits were set (style_position_axes)
    if labels is not None:
        if len(labels) != n:
            raise ValueError(f"labels must give one label per bar ({n}), got {len(labels)}")
        for x, h, text in zip(positions, heights, labels, strict=True):
            ax.annotate(str(text), (x, h), xytext=(0, 2), textcoords="offset points",
                        ha="center", va="bottom", fontsize=label_fontsize, fontweight="bold")
    if ideal is not None:
        best = as_float_vector(ideal, "ideal")
        if best.size != n:
            raise ValueError(f"ideal must have one value per position ({n}), got {best.size}")
        ax.stairs(best, np.arange(0.5, n + 1.0), color=EXACT_COLOR, lw=1.8, ls="-",
                  label="ideal ranking")
    if cutoff is not None:
        cutoff = check_int(cutoff, "cutoff", minimum=1)
        ax.axvline(cutoff + 0.5, color="0.2", ls="--", lw=1.5, label=f"cut-off k = {cutoff}")
    if legend:
        ax.legend(loc="upper right", fontsize="small")
    return ax


def style_cutoff_axes(ax, n_positions, *, title=None):
    """Prepare an Axes for measures at every cut-off ``k = 1, ..., n``, valued in [0, 1].

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    n_positions : int
        Largest cut-off, at least 1.
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``n_positions < 1``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> [float(v) for v in style_cutoff_axes(ax, 8).get_ylim()]
    [0.0, 1.05]
    >>> plt.close(fig)
    """
    from rankviz._validation import check_int

    _check_axes(ax)
    n = check_int(n_positions, "n_positions", minimum=1)
    ax.set_xlim(0.7, n + 0.3)
    ax.set_xticks(np.arange(1, n + 1))
    ax.set_ylim(0.0, 1.05)
    ax.set_xlabel("cut-off k")
    ax.set_ylabel("value of the measure @k")
    if title is not None:
        ax.set_title(title)
    return ax


#: Line styles of :func:`plot_cutoff_curves`, used in order (a dashboard builds its
#: static legend from them with :func:`plot_legend`).
CUTOFF_STYLES = (
    {"color": EXACT_COLOR, "marker": "o"},
    {"color": NEGATIVE_COLOR, "marker": "s"},
    {"color": POSITIVE_COLOR, "marker": "^"},
    {"color": SAMPLE_COLOR, "marker": "D"},
    {"color": "#CC79A7", "marker": "v"},
)


def plot_cutoff_curves(ax, curves: Mapping[str, Sequence[float]], *, cutoff=None, legend=True):
    """Draw measures as functions of the cut-off ``k = 1, ..., n``.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    curves : mapping of str to array_like of shape (n,)
        Name of each measure and its value at ``k = 1, ..., n`` (NaN values are
        left out of the line).
    cutoff : int, optional
        Mark the current cut-off with a vertical dashed line.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``curves`` is empty or its arrays differ in length.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_cutoff_curves(ax, {"NDCG@k": [1.0, 0.8, 0.9], "Prec@k": [1.0, 0.5, 0.67]})
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['NDCG@k', 'Prec@k']
    >>> plt.close(fig)
    """
    from rankviz._validation import check_int

    _check_axes(ax)
    if not curves:
        raise ValueError("curves must not be empty")
    sizes = set()
    for index, (name, values) in enumerate(curves.items()):
        arr = np.asarray(values, dtype=float)
        if arr.ndim != 1 or arr.size == 0:
            raise ValueError(f"curves[{name!r}] must be a non-empty 1-D array")
        sizes.add(arr.size)
        style = CUTOFF_STYLES[index % len(CUTOFF_STYLES)]
        ax.plot(np.arange(1, arr.size + 1), arr, lw=2, ms=5, label=name, **style)
    if len(sizes) > 1:
        raise ValueError(f"curves must all have the same length, got {sorted(sizes)}")
    if cutoff is not None:
        cutoff = check_int(cutoff, "cutoff", minimum=1)
        ax.axvline(cutoff, color="0.2", ls="--", lw=1.5)
    if legend:
        ax.legend(loc="lower right", fontsize="small")
    return ax


# ---- chapter 05: The preference-based setting: sort-by-degree and randomized QuickSort ----
__all__ += [
    "AGREE_COLOR",
    "DISAGREE_COLOR",
    "PIVOT_COLOR",
    "REFERENCE_STYLES",
    "plot_call_counts",
    "plot_quicksort_levels",
    "plot_run_histogram",
    "plot_tournament",
    "style_run_histogram_axes",
]

#: Edges of a preference that agree with the target ranking, and pairs that cost nothing.
AGREE_COLOR = "0.35"
#: Edges of a preference that contradict the target ranking (the pairs L(h) pays for).
DISAGREE_COLOR = "#CC79A7"  # reddish purple
#: The pivots of a QuickSort run.
PIVOT_COLOR = "#E69F00"  # orange
#: Styles of the reference lines of :func:`plot_run_histogram`, used in order.
REFERENCE_STYLES = (
    {"color": EXACT_COLOR, "ls": "-", "lw": 2},
    {"color": NEGATIVE_COLOR, "ls": "--", "lw": 2},
    {"color": DISAGREE_COLOR, "ls": ":", "lw": 2.5},
    {"color": PIVOT_COLOR, "ls": "-.", "lw": 2},
    {"color": "0.5", "ls": "--", "lw": 1.5},
)
_TOURNAMENT_LIMITS = (-1.3, 1.3)


def _tournament_positions(n: int, sigma=None) -> dict:
    """Node positions: a circle (item 0 on top, clockwise) or a column in the order of ``sigma``."""
    import networkx as nx

    if sigma is None:
        circle = nx.circular_layout(range(n))  # item i at angle 2 pi i / n, anticlockwise
        return {i: np.array([y, x]) for i, (x, y) in circle.items()}  # top, then clockwise
    return {i: np.array([0.0, 1.0 - 2.0 * sigma[i] / max(n - 1, 1)]) for i in range(n)}


def plot_tournament(ax, H, *, sigma_star=None, positive=None, layout_sigma=None, highlight=None,
                    title=None, legend=True):
    """Draw a preference function as a tournament: an arrow ``u -> v`` when ``h(u, v) > 1/2``.

    The arrow points from the preferred item to the other one (Mohri et al.'s
    figure 10.5 draws it the other way round); a weak preference (``h`` near
    1/2) is drawn faint.  Given a target, arrows that agree with it are grey
    and those that contradict it (the pairs ``L(h, sigma*)`` pays for) are
    coloured; in the bipartite case arrows between two items of the same
    class cost nothing and are drawn faint.  Nodes sit on a circle from the
    :func:`networkx.circular_layout` (item 0 on top, then clockwise), or in a
    column in the order of ``layout_sigma`` with curved arrows.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    H : array_like of shape (n, n)
        A preference matrix (validated by :func:`rankviz.preference.as_preference_matrix`).
    sigma_star : array_like of int, shape (n,), optional
        Target permutation used to colour the arrows.
    positive : array_like of bool, shape (n,), optional
        Bipartite labels: nodes are coloured by class and only arrows between
        classes are judged.
    layout_sigma : array_like of int, shape (n,), optional
        Place the nodes in a column in this ranking's order (top = position 0)
        instead of on a circle, e.g. to show an algorithm's output.
    highlight : (int, int), optional
        A pair whose arrow is drawn extra thick (e.g. a flipped preference).
    title : str, optional
        Axes title.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``H`` is not a preference matrix, or a
        permutation or label array does not match ``H``.

    References
    ----------
    Mohri et al. (2018), figure 10.5.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.preference import cyclic_preference
    >>> fig, ax = plt.subplots()
    >>> ax = plot_tournament(ax, cyclic_preference(3), sigma_star=[0, 1, 2])
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['h agrees with the target', 'h contradicts the target']
    >>> plt.close(fig)
    """
    from matplotlib.collections import PatchCollection
    from matplotlib.colors import to_rgba
    from matplotlib.patches import Circle, FancyArrowPatch

    from rankviz.permutations import as_permutation
    from rankviz.preference import as_preference_matrix, majority_graph

    _check_axes(ax)
    H = as_preference_matrix(H)
    n = H.shape[0]
    star = None if sigma_star is None else as_permutation(sigma_star, "sigma_star")
    column = None if layout_sigma is None else as_permutation(layout_sigma, "layout_sigma")
    pos_mask = None if positive is None else np.asarray(positive, dtype=bool)
    for name, arr in (("sigma_star", star), ("layout_sigma", column), ("positive", pos_mask)):
        if arr is not None and arr.shape != (n,):
            raise ValueError(f"{name} must have one entry per item ({n}), got shape {arr.shape}")
    where = _tournament_positions(n, column)
    radius = 0.13
    chosen = None if highlight is None else {int(highlight[0]), int(highlight[1])}
    tails, heads, colors, thick = [], [], [], []
    for u, v in majority_graph(H).edges():
        free = pos_mask is not None and pos_mask[u] == pos_mask[v]
        wrong = star is not None and not free and star[v] < star[u]
        strength = 2 * H[u, v] - 1
        alpha = 0.3 if free else 0.35 + 0.65 * strength
        colors.append(to_rgba(DISAGREE_COLOR if wrong else AGREE_COLOR, alpha))
        tails.append(where[u])
        heads.append(where[v])
        thick.append(chosen == {u, v})
    if tails and column is None:
        # straight arrows between the node boundaries, all in one artist (fast enough to redraw)
        tails, heads, thick = np.array(tails), np.array(heads), np.array(thick)
        unit = (heads - tails) / np.linalg.norm(heads - tails, axis=1, keepdims=True)
        start, stop = tails + radius * unit, heads - 1.15 * radius * unit
        colors = np.array(colors)
        for mask, width in ((~thick, 0.008), (thick, 0.02)):
            if mask.any():
                ax.quiver(start[mask, 0], start[mask, 1], *(stop[mask] - start[mask]).T,
                          color=colors[mask], angles="xy", scale_units="xy", scale=1,
                          width=width, headwidth=3.5, headlength=4.5, headaxislength=4,
                          zorder=1)
    for tail, head, color, bold in zip(tails, heads, colors, thick, strict=True):
        if column is not None:  # a column: curved arrows, so that they avoid the nodes between
            ax.add_patch(FancyArrowPatch(tuple(tail), tuple(head), arrowstyle="-|>",
                                         mutation_scale=18, color=color, lw=4 if bold else 2.2,
                                         connectionstyle="arc3,rad=0.5", shrinkA=12, shrinkB=12,
                                         zorder=1))
    fill = ["white"] * n if pos_mask is None else [
        POSITIVE_COLOR if p else NEGATIVE_COLOR for p in pos_mask]
    ax.add_collection(PatchCollection([Circle(tuple(where[i]), radius) for i in range(n)],
                                      facecolors=fill, edgecolors=EXACT_COLOR, zorder=2))
    for i in range(n):
        ax.text(*where[i], str(i), ha="center", va="center", fontweight="bold", zorder=3,
                color="black" if pos_mask is None else "white")
    ax.set_xlim(*(_TOURNAMENT_LIMITS if column is None else (-0.75, 0.75)))
    ax.set_ylim(*_TOURNAMENT_LIMITS)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if title is not None:
        ax.set_title(title)
    if legend:
        entries = [("h agrees with the target", {"color": AGREE_COLOR}),
                   ("h contradicts the target", {"color": DISAGREE_COLOR})]
        if star is None:
            entries = [("u → v: h prefers u to v", {"color": AGREE_COLOR})]
        if pos_mask is not None:
            entries += [("positive", {"marker": "o", "color": POSITIVE_COLOR, "lw": 0}),
                        ("negative", {"marker": "o", "color": NEGATIVE_COLOR, "lw": 0})]
        plot_legend(ax, entries, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncols=2)
    return ax


def plot_quicksort_levels(ax, result, *, title=None, legend=True):
    """Draw a traced QuickSort run level by level, as in Mohri et al.'s figure 10.6.

    Row ``l`` shows the subarrays at the start of level ``l`` as boxes; each
    item sits in the column of its final position, so a box holds exactly the
    items that end up in its range.  The pivot chosen in each box is filled;
    the last row is the output ranking.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    result : rankviz.preference.RankingResult
        A run of :func:`rankviz.preference.quicksort_rank` with ``record=True``.
    title : str, optional
        Axes title.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        If ``ax`` is not an Axes.
    ValueError
        If ``result`` carries no trace.

    References
    ----------
    Mohri et al. (2018), section 10.6.3 and figure 10.6.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.preference import quicksort_rank, random_preference
    >>> result = quicksort_rank(random_preference(6, 0.5, rng=0), rng=1, record=True)
    >>> fig, ax = plt.subplots()
    >>> ax = plot_quicksort_levels(ax, result)
    >>> ax.get_xlabel()
    'final position (0 = top)'
    >>> plt.close(fig)
    """
    from matplotlib.patches import FancyBboxPatch

    _check_axes(ax)
    levels = getattr(result, "levels", ())
    if not levels:
        raise ValueError("result must come from quicksort_rank(..., record=True)")
    sigma = np.asarray(result.sigma)
    n = sigma.size
    pivots = [set(np.asarray(p).tolist()) for p in result.pivots] + [set()]
    for row, lo in enumerate(levels):
        y = -row
        output = row == len(levels) - 1
        for start in np.unique(lo):
            members = np.flatnonzero(lo == start)
            first, last = sigma[members].min(), sigma[members].max()
            active = members.size > 1 or output
            ax.add_patch(FancyBboxPatch((first - 0.42, y - 0.32), last - first + 0.84, 0.64,
                                        boxstyle="round,pad=0.02", fc="none",
                                        ec=EXACT_COLOR if members.size > 1 else "0.75", lw=1.2))
            for item in members:
                is_pivot = item in pivots[row]
                ax.text(sigma[item], y, str(item), ha="center", va="center", fontsize="medium",
                        fontweight="bold" if active else "normal",
                        color="black" if active or is_pivot else "0.6",
                        bbox={"boxstyle": "circle,pad=0.25", "fc": PIVOT_COLOR, "ec": "none"}
                        if is_pivot else None)
    ax.set_xlim(-0.7, n - 0.3)
    ax.set_ylim(-len(levels) + 0.4, 0.6)
    ax.set_xticks(range(n))
    ax.set_yticks([-r for r in range(len(levels))],
                  [f"level {r}" for r in range(len(levels) - 1)] + ["output"])
    ax.set_xlabel("final position (0 = top)")
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    if title is not None:
        ax.set_title(title)
    if legend:
        plot_legend(ax, [("pivot of its subarray", {"marker": "o", "color": PIVOT_COLOR,
                                                    "lw": 0, "ms": 10}),
                         ("subarray still to sort", {"patch": True, "fc": "none",
                                                     "ec": EXACT_COLOR})],
                    loc="center left", bbox_to_anchor=(1.01, 0.5))
    return ax


def style_run_histogram_axes(ax, *, xlabel, xlim):
    """Prepare an Axes for :func:`plot_run_histogram`: labels and fixed limits.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    xlabel : str
        What the runs measure (e.g. "loss L(σ, σ*)").
    xlim : (float, float)
        Horizontal range.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``xlim`` is not an increasing pair.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> style_run_histogram_axes(ax, xlabel="calls to h", xlim=(0, 16)).get_ylabel()
    'share of runs'
    >>> plt.close(fig)
    """
    _check_axes(ax)
    lo, hi = _point(xlim, "xlim")
    if not lo < hi:
        raise ValueError(f"xlim must be increasing, got {xlim!r}")
    ax.set_xlim(lo, hi)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of runs")
    return ax


def plot_run_histogram(ax, values, *, xlabel, references=None, styles=REFERENCE_STYLES, xlim=None,
                       label=None, color=SAMPLE_COLOR, legend=True):
    """Share of runs at each value, as bars, with reference values as vertical lines.

    Meant for the per-run losses or call counts of a randomized algorithm,
    which take few distinct values: one bar per distinct value.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    values : array_like of shape (R,)
        One number per run.
    xlabel : str
        Horizontal axis label.
    references : mapping of str to float, optional
        Named values drawn as vertical lines.
    styles : sequence of mapping, default REFERENCE_STYLES
        Line styles of the references, in order (``Axes.axvline`` keywords).
    xlim : (float, float), optional
        Horizontal range; by default the data and references with a margin.
    label : str, optional
        Legend entry of the bars; by default "R runs".
    color : str, optional
        Bar colour.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``values`` is empty or not finite, a reference
        is not a finite real, or there are more references than styles.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_run_histogram(ax, [0.0, 0.2, 0.2, 0.4], xlabel="loss",
    ...                         references={"L(h)": 0.2})
    >>> [float(bar.vertices[:, 1].max()) for bar in ax.collections[0].get_paths()]
    [0.25, 0.5, 0.25]
    >>> plt.close(fig)
    """
    from matplotlib.collections import PolyCollection

    _check_axes(ax)
    values = as_float_vector(values, "values")
    references = dict(references or {})
    if len(references) > len(styles):
        raise ValueError(f"at most {len(styles)} references (one per style), "
                         f"got {len(references)}")
    ref_values = [check_real(v, f"references[{k!r}]") for k, v in references.items()]
    distinct, counts = np.unique(values, return_counts=True)
    if xlim is None:
        lo = min(distinct.min(), *ref_values) if ref_values else distinct.min()
        hi = max(distinct.max(), *ref_values) if ref_values else distinct.max()
        pad = 0.08 * (hi - lo) if hi > lo else 0.5
        xlim = (lo - pad, hi + pad)
    style_run_histogram_axes(ax, xlabel=xlabel, xlim=xlim)
    gaps = np.diff(distinct)
    width = 0.8 * gaps.min() if gaps.size else 0.02 * (xlim[1] - xlim[0])
    width = min(width, 0.04 * (xlim[1] - xlim[0])) if gaps.size else width
    # one collection of rectangles: ``Axes.bar`` (one patch per bar) is ten times slower,
    # which matters in a dashboard that redraws the histogram at every change
    heights = counts / values.size
    half = width / 2
    ax.add_collection(PolyCollection(
        [[(x - half, 0.0), (x - half, y), (x + half, y), (x + half, 0.0)]
         for x, y in zip(distinct, heights, strict=True)],
        facecolors=color, alpha=0.75, edgecolors="none", label=label or f"{values.size} runs"),
        autolim=False)
    for (name, _), value, style in zip(references.items(), ref_values, styles, strict=False):
        ax.axvline(value, label=f"{name} = {value:.3g}", **style)
    if legend:
        ax.legend(loc="upper right", fontsize="small")
    return ax


def plot_call_counts(ax, n_values, measured, references=None, *, legend=True):
    """Calls to ``h`` against the number of items, on log-log axes.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    n_values : array_like of shape (K,)
        Numbers of items.
    measured : mapping of str to array_like of shape (K,)
        Measured call counts per algorithm, drawn as markers joined by lines.
    references : mapping of str to array_like of shape (K,), optional
        Formulas to compare with (e.g. ``2 n ln n``), drawn dashed.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, or an array does not match ``n_values`` or
        holds non-positive values.

    References
    ----------
    Mohri et al. (2018), sections 10.6.2-10.6.3 (calls to the preference function).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_call_counts(ax, [10, 100], {"QuickSort": [25, 650]},
    ...                       {"2 n ln n": [46.1, 921.0]})
    >>> ax.get_xscale(), ax.get_ylabel()
    ('log', 'calls to h')
    >>> plt.close(fig)
    """
    _check_axes(ax)
    n_values = as_float_vector(n_values, "n_values")
    markers = ("o", "s", "^", "D")
    colors = (SAMPLE_COLOR, NEGATIVE_COLOR, POSITIVE_COLOR, PIVOT_COLOR)
    for k, (name, counts) in enumerate(measured.items()):
        _, y = _curve(n_values, counts, "n_values", f"measured[{name!r}]")
        if (y <= 0).any():
            raise ValueError(f"measured[{name!r}] must be positive on log axes")
        ax.plot(n_values, y, marker=markers[k % 4], color=colors[k % 4], lw=1.5, label=name)
    for k, (name, counts) in enumerate((references or {}).items()):
        _, y = _curve(n_values, counts, "n_values", f"references[{name!r}]")
        if (y <= 0).any():
            raise ValueError(f"references[{name!r}] must be positive on log axes")
        ax.plot(n_values, y, ls="--", color=colors[k % 4], lw=1, label=name)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("number of items n")
    ax.set_ylabel("calls to h")
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax


# ---- chapter 09: task scheduling by clustering a ranking ----
#: Colours of a schedule's edges: satisfied, inside one round (clustering loss),
#: running backwards (disagreement loss).
EDGE_OK_COLOR = "0.55"
#: Edges inside a round are blue and solid, backward edges vermillion and dashed: they differ
#: in hue, lightness and dash (orange against vermillion was one colour under deuteranopia).
EDGE_TIED_COLOR = "#0072B2"  # blue
EDGE_BACKWARD_COLOR = POSITIVE_COLOR  # vermillion
TASK_COLOR = "#56B4E9"  # sky blue
#: gids of the label collections :func:`plot_schedule` draws (task names, round numbers,
#: the line of loss parts).
SCHEDULE_TASK_LABELS_GID = "rankviz-schedule-task-labels"
SCHEDULE_ROUND_LABELS_GID = "rankviz-schedule-round-labels"
SCHEDULE_PARTS_GID = "rankviz-schedule-loss-parts"


def schedule_legend_entries(*, short=False):
    """Legend entries for :func:`plot_schedule`, for :func:`plot_legend`.

    Each kind of edge differs from the others in colour and, for the backward
    edges, in dash pattern as well; the entries show both.

    Parameters
    ----------
    short : bool, default False
        Shorter labels and longer line samples, for a wide figure read from afar.

    Returns
    -------
    list of (str, dict)

    Examples
    --------
    >>> [label for label, _ in schedule_legend_entries()][:2]
    ['task', 'edge satisfied (earlier round → later round)']
    >>> [label for label, _ in schedule_legend_entries(short=True)][2:]
    ['inside a round: clustering', 'backwards: disagreement']
    """
    width = 3.5 if short else 2.5
    return [
        ("task", {"marker": "s", "color": TASK_COLOR, "mec": "0.2", "ms": 14 if short else 10,
                  "lw": 0}),
        ("edge satisfied" if short else "edge satisfied (earlier round → later round)",
         {"color": EDGE_OK_COLOR, "lw": 2.0 if short else 1.5}),
        ("inside a round: clustering" if short else "edge inside a round: clustering loss",
         {"color": EDGE_TIED_COLOR, "lw": width}),
        ("backwards: disagreement" if short else "edge backwards: disagreement loss",
         {"color": EDGE_BACKWARD_COLOR, "lw": width, "ls": "--"}),
    ]


def _schedule_xlabel(variant):
    round_name = "depth" if variant == "depth" else "completion"
    return f"columns: rounds 1, 2, ...\nloss = disagreement + clustering + {round_name}"


def style_schedule_axes(ax, *, parts=True, variant="depth", xlabel=None):
    """Prepare an Axes for :func:`plot_schedule`: no ticks, no frame, the label of the loss line.

    The limits are left free: :func:`plot_schedule` fits them to the schedule
    it draws and numbers the rounds itself (allowed in a dashboard because the
    axes has no ticks).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    parts : bool, default True
        Label the line of loss parts that :func:`plot_schedule` writes when
        given ``parts`` (the words are static, only the numbers change).
    variant : {"depth", "completion"}, default "depth"
        Which loss the parts belong to.
    xlabel : str, optional
        A label replacing the default one (e.g. a shorter one for a wide figure).

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
    >>> style_schedule_axes(ax).get_xticks().size
    0
    >>> plt.close(fig)
    """
    _check_axes(ax)
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    if xlabel is None:
        xlabel = _schedule_xlabel(variant) if parts else "columns: rounds 1, 2, ..."
    ax.set_xlabel(xlabel)
    return ax


_TEXT_PATHS: dict = {}  # (text, size) -> outline; a bounded cache of glyph shapes, not state


def _centred_text_path(text, size):
    """The outline of ``text`` at ``size`` points, centred on the origin (units: points).

    Centred on the box of the outline's vertices (control points included):
    ``Path.get_extents`` solves for the exact curve extrema, which costs tens of
    milliseconds for a line of text and would dominate a dashboard's redraw.
    """
    from matplotlib.textpath import TextPath
    from matplotlib.transforms import Affine2D

    key = (text, size)
    if key not in _TEXT_PATHS:
        if len(_TEXT_PATHS) >= 1024:  # changing lines of numbers: keep the cache small
            _TEXT_PATHS.clear()
        if not text.strip():  # nothing to draw (TextPath refuses blank text)
            from matplotlib.path import Path

            _TEXT_PATHS[key] = Path(np.zeros((1, 2)), [Path.MOVETO])
            return _TEXT_PATHS[key]
        path = TextPath((0, 0), text, size=size)
        drawn = path.vertices if path.codes is None else path.vertices[path.codes != path.CLOSEPOLY]
        low, high = drawn.min(axis=0), drawn.max(axis=0)
        _TEXT_PATHS[key] = path.transformed(Affine2D().translate(*(-(low + high) / 2)))
    return _TEXT_PATHS[key]


def _draw_labels(ax, offsets, texts, *, size, color, zorder, gid, transform=None):
    """Short labels as one collection of glyph outlines, centred on ``offsets`` (data units).

    One artist instead of one Text per label: a dashboard redraws a schedule's
    labels more than ten times faster this way.  The glyphs are sized in points
    through the figure's dpi transform, so they keep their size when saved at
    another resolution.
    """
    from matplotlib.collections import PathCollection
    from matplotlib.transforms import Affine2D

    labels = PathCollection([_centred_text_path(str(t), size) for t in texts],
                            offsets=np.asarray(offsets, dtype=float),
                            offset_transform=ax.transData if transform is None else transform,
                            facecolors=color,
                            edgecolors="none", zorder=zorder, gid=gid)
    labels.set_transform(Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans)
    ax.add_collection(labels, autolim=False)
    return labels


def _box_half_sizes(ax, xlim, ylim, inches=0.15):
    """Half sizes, in data units, of a task box about ``2 * inches`` wide on the page."""
    box = ax.get_position()
    width, height = ax.figure.get_size_inches()
    per_inch_x = (xlim[1] - xlim[0]) / max(box.width * width, 1e-6)
    per_inch_y = abs(ylim[1] - ylim[0]) / max(box.height * height, 1e-6)
    return min(inches * per_inch_x, 0.3), min(inches * per_inch_y, 0.32)


def _edge_curve(start, end, bend, half_x, half_y, samples=24):
    """A quadratic Bezier between box centres, cut where it leaves and enters the boxes."""
    p0, p1 = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    delta = p1 - p0
    control = (p0 + p1) / 2 + bend * np.array([-delta[1], delta[0]])
    t = np.linspace(0.0, 1.0, samples)[:, None]
    points = (1 - t) ** 2 * p0 + 2 * (1 - t) * t * control + t**2 * p1
    inside = np.zeros(samples, dtype=bool)
    for centre in (p0, p1):
        inside |= (np.abs(points[:, 0] - centre[0]) < half_x) & \
                  (np.abs(points[:, 1] - centre[1]) < half_y)
    return points[~inside]


def plot_schedule(ax, rounds, weights, *, parts=None, labels=None, title=None, legend=True,
                  max_rows=None, max_rounds=None, label_size=10.0, box_inches=0.15,
                  xlabel=None):
    """Draw a schedule: one column of task boxes per round, edges as arrows.

    Round ``t`` (1-based, as in :mod:`rankviz.scheduling`) is the column at
    ``x = t``, numbered above it; its tasks are stacked in increasing task
    number.  Task names, round numbers and the loss line are drawn as glyph
    outlines, one collection each (gids :data:`SCHEDULE_TASK_LABELS_GID`,
    :data:`SCHEDULE_ROUND_LABELS_GID`, :data:`SCHEDULE_PARTS_GID`), which keeps
    a dashboard fast.  Every edge
    ``i -> j`` with ``weights[i, j] > 0`` is an arrow whose width grows with its
    weight: grey when ``i`` runs in an earlier round than ``j``, blue (curved)
    when both share a round (it costs its weight in the clustering loss),
    vermillion and dashed when ``j`` runs before ``i`` (disagreement loss).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    rounds : array_like of int, shape (r,)
        1-based round of each task.
    weights : array_like of float, shape (r, r)
        Non-negative edge weights with zero diagonal.
    parts : rankviz.scheduling.LossParts, optional
        If given, its three parts and total are written under the schedule as
        "disagreement + clustering + depth = loss" (the x-label names them).
    labels : sequence of str, optional
        Box labels; the task numbers by default.
    title : str, optional
        Axes title.
    legend : bool, default True
        Add a legend explaining the colours.
    max_rows, max_rounds : int, optional
        Fix the limits to this many rows and rounds (to compare panels).
    label_size : float, default 10
        Size in points of the task names and round numbers; the line of loss
        parts is one point larger.  A projector wants 16 or more.
    box_inches : float, default 0.15
        Half the width of a task box on the page, in inches (at most 0.3 data
        units); grow it with ``label_size``.
    xlabel : str, optional
        Replaces the x-label naming the loss parts (:func:`style_schedule_axes`).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or the inputs are invalid (as
        :func:`rankviz.scheduling.schedule_loss`).

    References
    ----------
    Seed 002, section 6.1 (schedules as rounds of a task DAG).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> W = [[0, 1, 2], [0, 0, 1], [0, 0, 0]]
    >>> ax = plot_schedule(ax, [1, 2, 2], W)
    >>> labels = [c for c in ax.collections if c.get_gid() == SCHEDULE_TASK_LABELS_GID]
    >>> labels[0].get_offsets().tolist()       # (round, row) of tasks 0, 1, 2
    [[1.0, 0.0], [2.0, 0.0], [2.0, 1.0]]
    >>> plt.close(fig)
    """
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.patches import Rectangle

    from rankviz.scheduling import _check_rounds, _check_weights

    _check_axes(ax)
    w = _check_weights(weights)
    r = w.shape[0]
    m = _check_rounds(rounds, r)
    names = [str(i) for i in range(r)] if labels is None else [str(s) for s in labels]
    if len(names) != r:
        raise ValueError(f"labels must name the r = {r} tasks, got {len(names)}")
    style_schedule_axes(ax, parts=parts is not None,
                        variant="depth" if parts is None else parts.variant, xlabel=xlabel)
    row = np.zeros(r, dtype=int)
    for t in np.unique(m):
        members = np.flatnonzero(m == t)
        row[members] = np.arange(members.size)
    depth = int(m.max()) if max_rounds is None else max(int(max_rounds), int(m.max()))
    rows = int(row.max()) + 1 if max_rows is None else max(int(max_rows), int(row.max()) + 1)
    xlim = (0.4, depth + 0.6)
    ylim = (rows - 0.4 + (0.6 if parts is not None else 0.0), -0.8)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    half_x, half_y = _box_half_sizes(ax, xlim, ylim, inches=box_inches)
    heaviest = w.max() if w.max() > 0 else 1.0
    curves, colors, widths, styles, tips, directions = [], [], [], [], [], []
    for i, j in zip(*np.nonzero(w), strict=True):
        if m[i] < m[j]:
            # an edge that skips rounds along a row bends more, to pass between the boxes
            bend = 0.3 if (m[j] - m[i] > 1 and row[i] == row[j]) else 0.08
            color, style = EDGE_OK_COLOR, "solid"
        elif m[i] == m[j]:
            bend, color, style = 0.6, EDGE_TIED_COLOR, "solid"
        else:
            bend, color, style = 0.25, EDGE_BACKWARD_COLOR, "dashed"
        points = _edge_curve((m[i], row[i]), (m[j], row[j]), bend, half_x, half_y)
        if points.shape[0] < 2:
            continue
        curves.append(points)
        colors.append(color)
        widths.append(0.8 + 2.7 * w[i, j] / heaviest)
        styles.append(style)
        tips.append(points[-1])
        directions.append(points[-1] - points[-2])
    if curves:
        ax.add_collection(LineCollection(curves, colors=colors, linewidths=widths,
                                         linestyles=styles, zorder=2, capstyle="round"))
        tips, directions = np.array(tips), np.array(directions)
        directions /= np.linalg.norm(directions, axis=1, keepdims=True)  # length set in inches
        ax.quiver(tips[:, 0], tips[:, 1], directions[:, 0], directions[:, 1], color=colors,
                  angles="xy", pivot="tip", scale_units="inches", scale=1 / 0.16,
                  units="inches", width=0.014, headwidth=5, headlength=6,
                  headaxislength=5.5, zorder=2.5)
    boxes = [Rectangle((m[i] - half_x, row[i] - half_y), 2 * half_x, 2 * half_y)
             for i in range(r)]
    ax.add_collection(PatchCollection(boxes, facecolor=TASK_COLOR, edgecolor="0.2", zorder=3))
    _draw_labels(ax, np.column_stack((m, row)), names, size=label_size, color="black", zorder=4,
                 gid=SCHEDULE_TASK_LABELS_GID)
    used = np.arange(1, int(m.max()) + 1)
    _draw_labels(ax, np.column_stack((used, np.full(used.size, -0.62))), used, size=label_size,
                 color="0.3", zorder=4, gid=SCHEDULE_ROUND_LABELS_GID)
    if parts is not None:
        line = (f"{parts.disagreement:.2f} + {parts.clustering:.2f} + {parts.round_cost:.2f} = "
                f"{parts.total:.2f}")
        _draw_labels(ax, [(0.5, 0.04)], [line], size=label_size + 1, color="black", zorder=4,
                     gid=SCHEDULE_PARTS_GID, transform=ax.transAxes)
    if title is not None:
        ax.set_title(title)
    if legend:
        plot_legend(ax, schedule_legend_entries(), loc="lower right")
    return ax


# ---- chapter 06: calibration and consistency of surrogate losses ----
#: Colour of the Bayes-optimal permutations; pred of a surrogate is drawn in
#: POSITIVE_COLOR, and distributions where pred is not Bayes in shades of it.
BAYES_COLOR = SAMPLE_COLOR
#: Hatching of the Bayes-set bars, so that they differ from the others without colour
#: (under a deuteranopia simulation the green becomes one more grey).
BAYES_HATCH = "///"
_BAYES_EDGE_COLOR = "0.1"
_OTHER_PERMUTATION_COLOR = "#BBBBBB"

__all__ += [
    "BAYES_COLOR",
    "BAYES_HATCH",
    "permutation_risk_legend_entries",
    "plot_calibration_simplex",
    "plot_permutation_risks",
    "plot_simplex_point",
    "style_permutation_risk_axes",
    "style_simplex_axes",
]


def style_permutation_risk_axes(ax, n_permutations, *, ylim, tick_labels=None, title=None,
                                tick_fontsize=9):
    """Prepare an Axes for one bar per permutation (the conditional risk of each).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    n_permutations : int
        Number of bars, at least 1.
    ylim : (float, float)
        Fixed limits of the risk axis (a dashboard blits the bars).
    tick_labels : sequence of str, optional
        One label per bar (e.g. the items from the top); none if omitted.
    title : str, optional
        Axes title.
    tick_fontsize : float or str or None, default 9
        Size of the tick labels; None follows ``rcParams`` (a projector figure).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``n_permutations < 1``, the limits are not
        increasing, or the tick labels do not match the bars.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> style_permutation_risk_axes(ax, 6, ylim=(0, 1), tick_labels="ABCDEF").get_ylabel()
    'conditional risk'
    >>> plt.close(fig)
    """
    from rankviz._validation import check_int

    _check_axes(ax)
    m = check_int(n_permutations, "n_permutations", minimum=1)
    low, high = _point(ylim, "ylim")
    if not low < high:
        raise ValueError(f"ylim must be increasing, got {ylim!r}")
    ax.set_xlim(-0.6, m - 0.4)
    ax.set_ylim(low, high)
    if tick_labels is None:
        ax.set_xticks([])
        ax.set_xlabel(f"the {m} permutations (lexicographic order)")
    else:
        if len(tick_labels) != m:
            raise ValueError(f"tick_labels must give one label per bar ({m}), "
                             f"got {len(tick_labels)}")
        ax.set_xticks(np.arange(m), [str(t) for t in tick_labels], rotation=90,
                      fontfamily="monospace", fontsize=tick_fontsize)
        ax.set_xlabel("permutation (items from the top)")
    ax.set_ylabel("conditional risk")
    if title is not None:
        ax.set_title(title)
    return ax


def plot_permutation_risks(ax, risks, *, bayes, pred=None, legend=True):
    """Bars of the conditional risk of every permutation, the Bayes set highlighted.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw (prepared by :func:`style_permutation_risk_axes`, or not).
    risks : array_like of shape (m,)
        Conditional risk of each permutation.
    bayes : array_like of bool, shape (m,)
        Which permutations are Bayes-optimal (drawn in :data:`BAYES_COLOR`,
        hatched with :data:`BAYES_HATCH` and outlined in black, so that they
        stand out without colour too).
    pred : int, optional
        Index of pred(u*), the surrogate's choice: its bar is outlined and
        marked with a triangle in :data:`POSITIVE_COLOR`.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, the arrays are invalid or of different lengths,
        or ``pred`` is not a valid index.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 3 (conditional risk and its argmin).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_permutation_risks(ax, [0.3, 0.5, 0.3], bayes=[True, False, True], pred=1)
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['Bayes set', 'other permutations', 'pred(u*) of the surrogate', 'Bayes risk']
    >>> plt.close(fig)
    """
    from matplotlib.collections import PolyCollection

    from rankviz._validation import check_int

    _check_axes(ax)
    heights = as_float_vector(risks, "risks")
    m = heights.size
    mask = np.asarray(bayes)
    if mask.shape != (m,) or mask.dtype != bool:
        raise ValueError(f"bayes must be a boolean array with one entry per bar ({m})")
    colors = np.where(mask, BAYES_COLOR, _OTHER_PERMUTATION_COLOR)
    corners = [[(x - 0.4, 0.0), (x - 0.4, h), (x + 0.4, h), (x + 0.4, 0.0)]
               for x, h in enumerate(heights)]
    if mask.any():  # the hatching: under the bars in the list of collections, over them on screen
        ax.add_collection(PolyCollection([corners[i] for i in np.flatnonzero(mask)],
                                         facecolors="none", edgecolors=_BAYES_EDGE_COLOR,
                                         linewidths=1.2, hatch=BAYES_HATCH, zorder=1.5),
                          autolim=False)
    ax.add_collection(PolyCollection(corners, facecolors=list(colors), edgecolors="0.3",
                                     linewidths=0.5), autolim=False)
    ax.update_datalim([(-0.6, min(heights.min(), 0.0)), (m - 0.4, heights.max())])
    ax.autoscale_view()
    best = heights[mask].min() if mask.any() else heights.min()
    ax.axhline(best, color=EXACT_COLOR, ls="--", lw=1.2)
    if pred is not None:
        index = check_int(pred, "pred", minimum=0, maximum=m - 1)
        h = heights[index]
        ax.add_patch(_bar_outline(index, h))
        ax.plot([index], [h], marker="v", ms=12, color=POSITIVE_COLOR, mec="white",
                ls="none", zorder=5)
    if legend:
        plot_legend(ax, permutation_risk_legend_entries(), loc="upper right", fontsize="small")
    return ax


def _bar_outline(x: float, height: float):
    from matplotlib.patches import Rectangle

    return Rectangle((x - 0.4, 0.0), 0.8, height, fill=False, edgecolor=POSITIVE_COLOR,
                     linewidth=2.2, zorder=4)


def permutation_risk_legend_entries():
    """The legend entries of :func:`plot_permutation_risks`, for :func:`plot_legend`.

    A dashboard draws the bars at every change with ``legend=False`` and this
    legend once, in its static part.

    Returns
    -------
    list of (str, dict)

    Examples
    --------
    >>> [label for label, _ in permutation_risk_legend_entries()][:2]
    ['Bayes set', 'other permutations']
    """
    return [
        ("Bayes set", {"patch": True, "facecolor": BAYES_COLOR, "edgecolor": _BAYES_EDGE_COLOR,
                       "hatch": BAYES_HATCH}),
        ("other permutations", {"patch": True, "color": _OTHER_PERMUTATION_COLOR}),
        ("pred(u*) of the surrogate", {"color": POSITIVE_COLOR, "marker": "v", "ls": "none",
                                       "ms": 10}),
        ("Bayes risk", {"color": EXACT_COLOR, "ls": "--", "lw": 1.2}),
    ]


_SIMPLEX_CORNERS = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3.0) / 2.0]])
_SIMPLEX_PIXELS = 320
_CALIBRATED_RGBA = np.array([0.894, 0.894, 0.894, 1.0])


def _simplex_xy(weights: np.ndarray) -> np.ndarray:
    return np.asarray(weights, dtype=float) @ _SIMPLEX_CORNERS


def _regret_colormap():
    from matplotlib.colors import LinearSegmentedColormap

    return LinearSegmentedColormap.from_list("regret", ["#F9D9C4", POSITIVE_COLOR, "#6E2A00"])


def style_simplex_axes(ax, vertex_labels, *, title=None, regret_scale=None, fontsize=10,
                       regret_label="regret of pred(u*) where it is not Bayes"):
    """Prepare an Axes for the triangle of distributions over three labels.

    A distribution ``(p_a, p_b, p_c)`` is the point ``p_a A + p_b B + p_c C`` of
    the triangle with corners A (bottom left), B (bottom right) and C (top): a
    corner puts all the mass on one label.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    vertex_labels : sequence of three str
        The text at the corners (e.g. the three label vectors).
    title : str, optional
        Axes title.
    regret_scale : float, optional
        If given, add a colour bar of the regret from 0 to this value (fixed, so
        that a dashboard can redraw the map without re-rendering the bar), for
        :func:`plot_calibration_simplex` with the same ``vmax``.
    fontsize : float or str or None, default 10
        Size of the corner labels; None follows ``rcParams`` (a projector figure).
    regret_label : str
        The colour bar's label.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, there are not three labels, or
        ``regret_scale <= 0``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = style_simplex_axes(ax, ["a", "b", "c"])
    >>> [t.get_text() for t in ax.texts]
    ['a', 'b', 'c']
    >>> plt.close(fig)
    """
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize

    _check_axes(ax)
    if len(vertex_labels) != 3:
        raise ValueError(f"vertex_labels must give three labels, got {len(vertex_labels)}")
    ax.set_xlim(-0.08, 1.08)
    ax.set_ylim(-0.1, 0.96)
    ax.set_aspect("equal")
    ax.set_axis_off()
    outline = np.vstack([_SIMPLEX_CORNERS, _SIMPLEX_CORNERS[:1]])
    ax.plot(outline[:, 0], outline[:, 1], color="0.3", lw=1.0)
    offsets = [(0.0, -0.055), (0.0, -0.055), (0.0, 0.03)]
    for (x, y), text, (dx, dy) in zip(_SIMPLEX_CORNERS, vertex_labels, offsets, strict=True):
        ax.text(x + dx, y + dy, str(text), ha="center", va="center", fontsize=fontsize,
                fontweight="bold")
    if title is not None:
        ax.set_title(title)
    if regret_scale is not None:
        top = check_real(regret_scale, "regret_scale", positive=True)
        mappable = ScalarMappable(norm=Normalize(0.0, top), cmap=_regret_colormap())
        bar = ax.figure.colorbar(mappable, ax=ax, shrink=0.7, pad=0.02, extend="max")
        bar.set_label(regret_label)
    return ax


def plot_calibration_simplex(ax, grid, regret, *, vmax=None, colorbar=True):
    """Colour the triangle of distributions by the regret of pred of the surrogate.

    Grey where pred(u*) is Bayes-optimal (the surrogate is calibrated there),
    shades of :data:`POSITIVE_COLOR` where it is not, darker for a larger regret.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Prepared by :func:`style_simplex_axes`.
    grid : rankviz.bayes.SimplexGrid
        The triangulation (from :func:`rankviz.bayes.simplex_grid`).
    regret : array_like of shape (n_triangles,)
        The regret at each small triangle's centroid (0 = calibrated).
    vmax : float, optional
        Regret of the darkest shade (larger values are clipped); the largest
        regret by default.
    colorbar : bool, default True
        Add a colour bar of the regret (a dashboard adds a fixed one with
        :func:`style_simplex_axes` instead).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``grid`` is not a SimplexGrid, ``regret`` has
        the wrong length or negative entries, or ``vmax <= 0``.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Proposition 2 (consistency is a pointwise
    condition on every distribution).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.bayes import simplex_grid
    >>> fig, ax = plt.subplots()
    >>> grid = simplex_grid(4)
    >>> ax = plot_calibration_simplex(ax, grid, np.r_[np.zeros(15), 0.1], colorbar=False)
    >>> ax.images[0].get_array().shape
    (320, 320, 4)
    >>> plt.close(fig)
    """
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize

    from rankviz.bayes import SimplexGrid

    _check_axes(ax)
    if not isinstance(grid, SimplexGrid):
        raise TypeError(f"grid must be a rankviz.bayes.SimplexGrid, got {type(grid).__name__}")
    values = as_float_vector(regret, "regret")
    if values.size != grid.triangles.shape[0]:
        raise ValueError(f"regret must give one value per triangle ({grid.triangles.shape[0]}), "
                         f"got {values.size}")
    if (values < 0).any():
        raise ValueError("regret must be non-negative")
    top = max(values.max(), 1e-12) if vmax is None else check_real(vmax, "vmax", positive=True)
    cmap, norm = _regret_colormap(), Normalize(0.0, top, clip=True)
    # one image rather than a polygon per small triangle: a dashboard redraws it at every change
    height = _SIMPLEX_CORNERS[2, 1]
    x, y = np.meshgrid((np.arange(_SIMPLEX_PIXELS) + 0.5) / _SIMPLEX_PIXELS,
                       (np.arange(_SIMPLEX_PIXELS) + 0.5) / _SIMPLEX_PIXELS * height)
    p_c = y / height
    p_b = x - p_c / 2.0
    p_a = 1.0 - p_b - p_c
    inside = (p_a >= 0) & (p_b >= 0)
    weights = np.column_stack([p_a[inside], p_b[inside], p_c[inside]])
    cell = values[grid.locate(np.clip(weights, 0.0, 1.0) / np.clip(weights, 0.0, 1.0).sum(
        axis=1, keepdims=True))]
    image = np.zeros((_SIMPLEX_PIXELS, _SIMPLEX_PIXELS, 4))
    image[inside] = np.where(cell[:, None] > 0, cmap(norm(cell)), _CALIBRATED_RGBA)
    ax.imshow(image, extent=(0.0, 1.0, 0.0, height), origin="lower", interpolation="nearest",
              zorder=1)
    if colorbar:
        bar = ax.figure.colorbar(ScalarMappable(norm=norm, cmap=cmap), ax=ax, shrink=0.7,
                                 pad=0.02)
        bar.set_label("regret of pred(u*) where it is not Bayes")
    return ax


def plot_simplex_point(ax, weights, *, label=None):
    """Mark one distribution over three labels on the triangle.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Prepared by :func:`style_simplex_axes`.
    weights : array_like of shape (3,)
        Probabilities of the three labels (summing to 1).
    label : str, optional
        Legend entry.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``weights`` is not a probability vector of length 3.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_simplex_point(ax, [0.2, 0.3, 0.5])
    >>> np.round(ax.lines[0].get_xydata(), 3)
    array([[0.55 , 0.433]])
    >>> plt.close(fig)
    """
    _check_axes(ax)
    w = as_float_vector(weights, "weights")
    if w.size != 3 or (w < 0).any() or not np.isclose(w.sum(), 1.0, atol=1e-9):
        raise ValueError(f"weights must be three probabilities summing to 1, got {w}")
    x, y = _simplex_xy(w)
    ax.plot([x], [y], marker="o", ms=11, color=EXACT_COLOR, mec="white", mew=2.0, ls="none",
            label=label, zorder=6)
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
    """Prepare an Axes for :func:`plot_preference_circle`: fixed limits, no ticks, no frame.

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


def plot_preference_circle(ax, weights, *, wrong=(), right=(), title=None, max_weight=None,
                          decimals=2, nodes=True, legend=True, fontsize=None, edge_labels=True):
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
    fontsize : float, optional
        Size in points of the edge labels and item numbers (the items' circles
        grow with it); by default 10 and 13.  A projector wants 16 or more.
    edge_labels : bool, default True
        Label each edge with its weight; without labels, only the widths show
        the weights (for a small panel whose many labels would overlap).

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
    >>> ax = plot_preference_circle(ax, [[0, 2, 1], [0, 0, 0], [0, 3, 0]], wrong=[(2, 1)])
    >>> sorted(t.get_text() for t in ax.texts)
    ['0', '1', '1', '2', '2', '3']
    >>> plt.close(fig)
    """
    from matplotlib.patches import FancyArrowPatch

    _check_axes(ax)
    W = as_weight_matrix(weights, "weights", min_items=2)
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
        if not edge_labels:
            continue
        ax.text(*middle, f"{round(float(W[edge]), decimals):g}", ha="center", va="center",
                fontsize=10 if fontsize is None else fontsize, color=color, zorder=3,
                bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none"})
    if nodes:
        xy = np.array([pos[i] for i in range(n)])
        ax.plot(xy[:, 0], xy[:, 1], "o", ms=30 if fontsize is None else 2.1 * fontsize,
                mfc=_ITEM_FACE, mec=EXACT_COLOR, mew=1.2, zorder=4)
        for i in range(n):
            ax.text(*pos[i], str(i), ha="center", va="center",
                    fontsize=13 if fontsize is None else fontsize, fontweight="bold", zorder=5)
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
                     legend=False, fontsize=None):
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
    fontsize : float, optional
        Size in points of every text (the markers grow with it, and tied items
        are labelled "0=1"); by default 11 for an item, 9 for the rest.  A
        projector wants 16 or more.

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
                    textcoords="offset points", ha="right", va="bottom",
                    fontsize=9 if fontsize is None else fontsize, color="0.25")
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
        if fontsize is None:
            label = " = ".join(str(i) for i in sorted(group))
            size, item_size, offset = 22 + 8 * (len(group) - 1), 11 if len(group) == 1 else 9, 17
        else:  # the marker holds the label at the given size
            label = "=".join(str(i) for i in sorted(group))
            size = 1.7 * fontsize + 1.3 * fontsize * (len(group) - 1)
            item_size, offset = fontsize, 0.5 * size + 3
        ax.plot([x], [y0], "o" if len(group) == 1 else "s", ms=size,
                mfc=WRONG_EDGE_COLOR if hit else _ITEM_FACE, mec=EXACT_COLOR, mew=1.2,
                zorder=3)
        ax.text(x, y0, label, ha="center", va="center", fontsize=item_size,
                fontweight="bold", color="white" if hit else "black", zorder=4)
        if values:  # below the marker, at a fixed distance in points whatever the row height
            ax.annotate(f"{round(value, 2) + 0.0:.2f}", (x, y0), xytext=(0, -offset),
                        textcoords="offset points", ha="center", va="top",
                        fontsize=9 if fontsize is None else fontsize, color="0.2")
    if legend and flagged:
        plot_legend(ax, [("item of a misordered or tied edge",
                          {"marker": "o", "ms": 10, "mfc": WRONG_EDGE_COLOR, "mec": EXACT_COLOR,
                           "lw": 0})], loc="upper left")
    return ax


# ---- chapter 03: RankBoost ----
__all__ += ["BOOSTING_BOUND_STYLES", "STUMP_COLOR"]

_WEIGHT_MARKER_AREA = 36.0  # marker area of a point carrying the uniform weight of its class
#: Colour of the stump of the current round (reddish purple).
STUMP_COLOR = "#CC79A7"
_STUMP_COLOR = STUMP_COLOR
#: Line styles of :func:`plot_boosting_bounds` (a dashboard builds its static legend from them).
BOOSTING_BOUND_STYLES = {
    "error": {"color": EXACT_COLOR, "lw": 2.0},
    "product_Z": {"color": "#E69F00", "lw": 2.0},
    "edge_bound": {"color": "#56B4E9", "lw": 2.0, "ls": "--"},
}
_BOUND_STYLES = BOOSTING_BOUND_STYLES
#: Smallest positive value a logarithmic boosting axis shows apart from 0 (symlog threshold).
_BOOSTING_LOG_FLOOR = 1e-8


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
    stump : rankviz.stumps.Stump
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
    >>> from rankviz.stumps import Stump
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


def style_boosting_axes(ax, n_rounds, *, log=False):
    """Prepare an Axes for training error and bounds over boosting rounds.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The Axes.
    n_rounds : int
        Largest round shown.
    log : bool, default False
        A logarithmic vertical axis from 10⁻⁸ to 1 (symmetric-log, so that an
        error of exactly 0 is drawn, at the bottom, labelled "0"): the product
        of the Z_t shrinks geometrically, and on a linear axis it is flat at 0
        after a few rounds.

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
    >>> style_boosting_axes(ax, 50, log=True).get_yscale()
    'symlog'
    >>> plt.close(fig)
    """
    from matplotlib.ticker import NullLocator

    _check_axes(ax)
    if not isinstance(n_rounds, (int, np.integer)) or n_rounds < 1:
        raise ValueError(f"n_rounds must be an integer >= 1, got {n_rounds!r}")
    ax.set_xlim(0, n_rounds + 1)
    if log:
        ax.set_yscale("symlog", linthresh=_BOOSTING_LOG_FLOOR, linscale=0.5)
        ax.set_ylim(0, 2.0)
        ax.set_yticks([0.0, 1e-8, 1e-6, 1e-4, 1e-2, 1.0],
                      ["0", "10⁻⁸", "10⁻⁶", "10⁻⁴", "10⁻²", "1"])
        ax.yaxis.set_minor_locator(NullLocator())
    else:
        ax.set_ylim(0, 1.02)
    ax.set_xlabel("round t")
    ax.set_ylabel("pairwise error / bound" + (" (log)" if log else ""))
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
    if not ax.get_xlabel():  # keep the labels of style_boosting_axes (e.g. its "(log)")
        ax.set_xlabel("round t")
    if not ax.get_ylabel():
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


# ---- chapter 08: rank aggregation and U-statistic risks ----
#: Colours of the three estimators of Duchi et al.'s Figure 3: the regression on
#: aggregated scores (U-statistic), the pairwise logistic loss, the full-information fit.
AGGREGATED_COLOR = SAMPLE_COLOR
LOGISTIC_COLOR = POSITIVE_COLOR
FULL_INFORMATION_COLOR = EXACT_COLOR

__all__ += [
    "AGGREGATED_COLOR",
    "FULL_INFORMATION_COLOR",
    "LOGISTIC_COLOR",
    "plot_band",
    "plot_rank_links",
    "plot_u_statistic_experiment",
]


def plot_band(ax, x, mean, lower, upper, *, label, color=EXACT_COLOR, marker="o", ls="-",
              alpha=0.2, legend=True):
    """Draw a mean curve with a shaded band (a confidence interval, a spread) around it.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    x, mean, lower, upper : array_like of shape (K,)
        Positions, the curve and the band's lower and upper edges
        (``lower <= mean <= upper``).
    label : str
        Legend label of the curve.
    color : str, default EXACT_COLOR
        Colour of the curve and (lighter) of the band.
    marker, ls : str, default "o", "-"
        Marker and line style of the curve ("" for no marker).
    alpha : float, default 0.2
        Opacity of the band.
    legend : bool, default True
        Add (or refresh) the legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, the arrays are not finite 1-D arrays of one
        length, or the band does not contain the curve.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_band(ax, [1, 2, 3], [0.5, 0.4, 0.3], [0.4, 0.3, 0.2], [0.6, 0.5, 0.4],
    ...                label="risk")
    >>> [t.get_text() for t in ax.get_legend().get_texts()], len(ax.collections)
    (['risk'], 1)
    >>> plt.close(fig)
    """
    _check_axes(ax)
    xs = as_float_vector(x, "x")
    curves = [as_float_vector(v, name) for v, name in
              ((mean, "mean"), (lower, "lower"), (upper, "upper"))]
    if any(c.size != xs.size for c in curves):
        raise ValueError(f"x, mean, lower and upper must have one length, got "
                         f"{[xs.size] + [c.size for c in curves]}")
    middle, low, high = curves
    if (low > middle + 1e-12).any() or (high < middle - 1e-12).any():
        raise ValueError("the band must contain the curve: lower <= mean <= upper")
    ax.fill_between(xs, low, high, color=color, alpha=alpha, lw=0)
    ax.plot(xs, middle, color=color, marker=marker, ls=ls, lw=2, ms=6, label=label)
    if legend:
        ax.legend(fontsize="small")
    return ax


def plot_u_statistic_experiment(ax, result, *, level=0.95, title=None, legend=True):
    """Draw Duchi et al.'s Figure 3: NDCG risk against the order k of the U-statistic.

    The regression on aggregated scores is a curve over ``k`` with its
    confidence band; the pairwise logistic fit and the full-information fit do
    not depend on ``k`` and are drawn as horizontal bands.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw; the x axis becomes logarithmic.
    result : rankviz.aggregation.ExperimentResult
        The risks of :func:`rankviz.aggregation.u_statistic_experiment`.
    level : float, default 0.95
        Confidence level of the bands (t intervals over the runs).
    title : str, optional
        Axes title; by default one stating the number of runs.
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``level`` is not in (0, 1).

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 6.2 and Figure 3.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.aggregation import u_statistic_experiment
    >>> result = u_statistic_experiment((1, 50), n_runs=2, n_queries=4, n_judgments=400,
    ...                                 n_test_queries=20)
    >>> fig, ax = plt.subplots()
    >>> ax = plot_u_statistic_experiment(ax, result)
    >>> ax.get_xscale(), len(ax.get_legend().get_texts())
    ('log', 3)
    >>> plt.close(fig)
    """
    _check_axes(ax)
    ks = np.asarray(result.k_values, dtype=float)
    span = np.array([ks.min() / 1.4, ks.max() * 1.4]) if ks.size > 1 else ks * [0.7, 1.4]
    for values, label, color, ls in (
            (result.full, "full information: (28) on the limit scores (27)",
             FULL_INFORMATION_COLOR, ":"),
            (result.logistic, "pairwise logistic (29) on all judgments", LOGISTIC_COLOR, "--")):
        mean, low, high = result.band(values, level)
        plot_band(ax, span, [mean] * 2, [low] * 2, [high] * 2, label=label, color=color,
                  marker="", ls=ls, legend=False)
    mean, low, high = result.band(result.u_statistic, level)
    plot_band(ax, ks, mean, low, high, color=AGGREGATED_COLOR, legend=False,
              label="regression (28) on aggregated scores, U-statistic (19)")
    ax.set_xscale("log")
    ax.set_xlim(*span)
    ax.set_xlabel("order k of the U-statistic (judgments aggregated per term)")
    ax.set_ylabel("NDCG risk  1 − NDCG  (test queries)")
    ax.set_title(title if title is not None else
                 f"NDCG risk, mean and {level:.0%} interval over {result.n_runs} runs")
    ax.grid(alpha=0.3)
    if legend:
        ax.legend(fontsize="small")
    return ax


def plot_rank_links(ax, top, bottom, *, rows=(0, 1), span=(0.0, 1.0), color="0.55"):
    """Join each item's marker in one score row to its marker in another.

    Made for two rows of :func:`plot_item_scores` drawn with the same ``span``:
    each item's segment runs between its two places, so two segments cross
    exactly when the rows order that pair differently (the discordant pairs
    that Kendall's tau counts).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        A score panel (:func:`style_item_scores_axes`).
    top, bottom : array_like of shape (n,)
        The scores of the two rows (finite).
    rows : (int, int), default (0, 1)
        The row indices the segments join.
    span : (float, float), default (0.0, 1.0)
        The ``span`` the rows were drawn with: the lowest score of a row sits at
        ``span[0]``, the highest at ``span[1]``, a constant row in the middle.
    color : str, default "0.55"
        Colour of the segments, drawn under the markers.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, the scores are not finite vectors of one
        length or ``span`` is not increasing.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_rank_links(ax, [2.0, 1.0, 0.0], [0.0, 1.0, 2.0])   # every pair discordant
    >>> [[float(x) for x in line.get_xdata()] for line in ax.lines]
    [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]
    >>> plt.close(fig)
    """
    _check_axes(ax)
    upper = as_float_vector(top, "top")
    lower = as_float_vector(bottom, "bottom")
    if upper.size != lower.size:
        raise ValueError(f"top and bottom must score the same items, got {upper.size} and "
                         f"{lower.size} scores")
    left, right = _point(span, "span")
    if not left < right:
        raise ValueError(f"span must be increasing, got {span!r}")

    def place(s):
        lo, hi = float(s.min()), float(s.max())
        if hi - lo <= 1e-12:
            return np.full(s.size, (left + right) / 2)
        return left + (s - lo) * (right - left) / (hi - lo)

    y_top, y_bottom = -float(rows[0]), -float(rows[1])
    for a, b in zip(place(upper), place(lower), strict=True):
        ax.plot([a, b], [y_top, y_bottom], color=color, lw=1.2, zorder=0.5)
    return ax


# ---- chapter 04: margin bounds and ranking SVMs ----
__all__ += [
    "BOUND_TERM_COLORS",
    "MARGIN_ZONE_COLORS",
    "margin_bound_legend_entries",
    "plot_bound_bars",
    "plot_margin_bound_terms",
    "plot_margin_histogram",
    "style_bound_bars_axes",
    "style_margin_bound_axes",
    "style_margin_histogram_axes",
]

#: Colours of the terms of a margin bound (stacked in this order, bottom to top).
BOUND_TERM_COLORS = {
    "margin_loss": "#56B4E9",  # sky blue
    "complexity": "#E69F00",  # orange
    "uniform_cost": "#999999",  # grey
    "confidence": "#CC79A7",  # reddish purple
}
_BOUND_TERM_LABELS = {
    "margin_loss": r"margin loss $\widehat R_{S,\rho}$",
    "complexity": "complexity term",
    "uniform_cost": r"uniform-over-$\rho$ cost (ex. 10.1)",
    "confidence": r"confidence term ($\delta$)",
}
#: Colours of the margin histogram's zones: misordered (<= 0), inside the margin (the colour of
#: the margin loss they pay), beyond it.
MARGIN_ZONE_COLORS = {"misordered": POSITIVE_COLOR, "inside": BOUND_TERM_COLORS["margin_loss"],
                      "beyond": SAMPLE_COLOR}
_TRUE_ERROR_STYLE = {"color": EXACT_COLOR, "ls": "--", "lw": 2.0}
_RHO_STYLE = {"color": "0.2", "ls": ":", "lw": 1.5}


def _as_bound(bound, *, many: bool):
    names = ("rho", "margin_loss", "complexity", "uniform_cost", "confidence", "total")
    if not all(hasattr(bound, name) for name in names):
        raise TypeError(f"bound must be a rankviz.bounds.MarginBound, got {type(bound).__name__}")
    if many and np.ndim(bound.rho) != 1:
        raise ValueError("bound must be computed for an array of rho values (at least two)")
    if not many and np.ndim(bound.rho) != 0:
        raise ValueError("bound must be computed for a single rho (use bound.best())")


def margin_bound_legend_entries(*, uniform=False, errors=("true pairwise error R(h)",)):
    """Legend entries (for :func:`plot_legend`) of the margin-bound pictures.

    Parameters
    ----------
    uniform : bool, default False
        Include the uniform-over-rho term.
    errors : sequence of str
        Labels of the error lines, drawn dashed black, then grey.

    Returns
    -------
    list of (str, dict)

    Examples
    --------
    >>> [label for label, _ in margin_bound_legend_entries()][:2]
    ['margin loss $\\\\widehat R_{S,\\\\rho}$', 'complexity term']
    """
    entries = [(_BOUND_TERM_LABELS[name], {"patch": True, "color": color, "alpha": 0.8})
               for name, color in BOUND_TERM_COLORS.items()
               if uniform or name != "uniform_cost"]
    entries.append(("bound (sum of the terms)", {"color": EXACT_COLOR, "lw": 1.5}))
    for k, label in enumerate(errors):
        entries.append((label, {**_TRUE_ERROR_STYLE, "color": EXACT_COLOR if k == 0 else "0.55"}))
    return entries


def style_margin_bound_axes(ax, *, rho_max=1.0, ymax=1.5, title=None):
    """Prepare an Axes for a margin bound as a function of rho.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    rho_max : float, default 1.0
        Right end of the rho axis.
    ymax : float, default 1.5
        Top of the vertical axis (a bound above 1 is vacuous; a dotted line marks 1).
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or a limit is not positive.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> [float(v) for v in style_margin_bound_axes(ax).get_ylim()]
    [0.0, 1.5]
    >>> plt.close(fig)
    """
    _check_axes(ax)
    rho_max = check_real(rho_max, "rho_max", positive=True)
    ymax = check_real(ymax, "ymax", positive=True)
    ax.set_xlim(0.0, rho_max)
    ax.set_ylim(0.0, ymax)
    ax.set_xlabel(r"margin $\rho$")
    ax.set_ylabel("bound on the pairwise error")
    ax.axhline(1.0, color="0.5", lw=1, ls=":")
    if title is not None:
        ax.set_title(title)
    return ax


def plot_margin_bound_terms(ax, bound, *, error=None, error_label="true pairwise error R(h)",
                            mark=None, legend=True):
    """A margin bound as a function of rho: its terms stacked, the total, and the best rho.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw (see :func:`style_margin_bound_axes`).
    bound : rankviz.bounds.MarginBound
        Computed for an array of rho values.
    error : float, optional
        The pairwise error of the hypothesis (exact or held out), drawn as a
        dashed horizontal line: the bound must lie above it.
    error_label : str
        Its legend entry.
    mark : float, optional
        A rho to mark with a dotted vertical line (a slider's value).
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or ``bound`` is not a MarginBound over
        several values of rho.

    References
    ----------
    Mohri et al. (2018), Theorem 10.1, Corollary 10.2 and the discussion after
    them: the margin loss grows with rho, the complexity term falls.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.bounds import ranking_margin_bound
    >>> bound = ranking_margin_bound([0.2, 0.5, 0.9, -0.1] * 50, np.linspace(0.05, 1, 20), 0.05,
    ...                              Lambda=1.0, r=1.0)
    >>> fig, ax = plt.subplots()
    >>> ax = plot_margin_bound_terms(style_margin_bound_axes(ax, ymax=3.0), bound, error=0.3)
    >>> len(ax.collections)     # margin loss, complexity, confidence
    3
    >>> plt.close(fig)
    """
    _check_axes(ax)
    _as_bound(bound, many=True)
    rho = np.asarray(bound.rho, dtype=float)
    if rho.size < 2:
        raise ValueError("bound must be computed for at least two values of rho")
    base = np.zeros_like(rho)
    for name, color in BOUND_TERM_COLORS.items():
        values = np.broadcast_to(np.asarray(getattr(bound, name), dtype=float), rho.shape)
        if name == "uniform_cost" and not values.any():
            continue
        ax.fill_between(rho, base, base + values, color=color, alpha=0.8, lw=0,
                        label=_BOUND_TERM_LABELS[name])
        base = base + values
    ax.plot(rho, base, color=EXACT_COLOR, lw=1.5, label="bound (sum of the terms)")
    best = bound.best()
    ax.plot([best.rho], [best.total], "o", color=EXACT_COLOR, ms=7,
            label=rf"smallest bound {best.total:.3f} at $\rho$ = {best.rho:.2f}")
    if error is not None:
        error = check_real(error, "error")
        ax.axhline(error, label=f"{error_label} = {error:.3f}", **_TRUE_ERROR_STYLE)
    if mark is not None:
        ax.axvline(check_real(mark, "mark"), **_RHO_STYLE)
    ax.set_xlabel(r"margin $\rho$")
    ax.set_ylabel("bound on the pairwise error")
    if legend:
        ax.legend(loc="upper right", fontsize="small")
    return ax


def style_bound_bars_axes(ax, bar_labels, *, ymax=1.5, title=None):
    """Prepare an Axes for :func:`plot_bound_bars`: fixed bars, labels and limits.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    bar_labels : sequence of str
        One label per bar: the bound first, then the errors.
    ymax : float, default 1.5
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, there are no labels, or ``ymax <= 0``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = style_bound_bars_axes(ax, ["bound", "error"])
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['bound', 'error']
    >>> plt.close(fig)
    """
    _check_axes(ax)
    labels = list(bar_labels)
    if not labels:
        raise ValueError("bar_labels must not be empty")
    ymax = check_real(ymax, "ymax", positive=True)
    ax.set_xlim(-0.6, len(labels) - 0.4)
    ax.set_ylim(0.0, ymax)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("pairwise error / bound")
    ax.axhline(1.0, color="0.5", lw=1, ls=":")
    if title is not None:
        ax.set_title(title)
    return ax


def plot_bound_bars(ax, bound, errors: Mapping[str, float], *, legend=True):
    """One stacked bar for a margin bound at one rho, beside bars for errors.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw (see :func:`style_bound_bars_axes`, with the bound's
        label first and then the keys of ``errors``).
    bound : rankviz.bounds.MarginBound
        At a single rho.
    errors : mapping of str to float
        Named pairwise errors (training, true, held out, ...) in [0, 1].
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``bound`` is not a MarginBound at one rho or
        an error is not a number in [0, 1].

    References
    ----------
    Mohri et al. (2018), Corollary 10.2, eq. (10.7).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.bounds import ranking_margin_bound
    >>> bound = ranking_margin_bound([0.2, 0.5, 0.9, -0.1] * 50, 0.4, 0.05, Lambda=1.0, r=1.0)
    >>> fig, ax = plt.subplots()
    >>> ax = plot_bound_bars(ax, bound, {"true error": 0.3})
    >>> len(ax.patches)         # three terms and one error bar
    4
    >>> plt.close(fig)
    """
    _check_axes(ax)
    _as_bound(bound, many=False)
    base = 0.0
    for name, color in BOUND_TERM_COLORS.items():
        value = float(getattr(bound, name))
        if name == "uniform_cost" and value == 0.0:
            continue
        ax.bar(0, value, bottom=base, color=color, alpha=0.8, width=0.6,
               label=_BOUND_TERM_LABELS[name])
        base += value
    top = ax.get_ylim()[1]
    ax.text(0, min(base, 0.93 * top), f"{base:.3f}", ha="center", va="bottom", fontsize=11,
            fontweight="bold")
    for k, (label, value) in enumerate(errors.items(), start=1):
        value = check_real(value, f"errors[{label!r}]")
        if not 0.0 <= value <= 1.0:
            raise ValueError(f"errors[{label!r}] must lie in [0, 1], got {value}")
        ax.bar(k, value, color=EXACT_COLOR if k == len(errors) else "0.55", width=0.6,
               label=label)
        ax.text(k, value, f"{value:.3f}", ha="center", va="bottom", fontsize=11)
    if legend:
        ax.legend(loc="upper right", fontsize="small")
    return ax


def style_margin_histogram_axes(ax, *, value_range=(-2.0, 2.0), title=None):
    """Prepare an Axes for :func:`plot_margin_histogram` (fixed margin axis, no density ticks).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    value_range : (float, float), default (-2, 2)
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes or the range is empty.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> [float(v) for v in style_margin_histogram_axes(ax).get_xlim()]
    [-2.0, 2.0]
    >>> plt.close(fig)
    """
    _check_axes(ax)
    low, high = _point(value_range, "value_range")
    if not low < high:
        raise ValueError(f"value_range must be increasing, got {value_range!r}")
    ax.set_xlim(low, high)
    ax.set_xlabel(r"pairwise margin $y\,(h(x') - h(x))$")
    ax.set_ylabel("share of pairs (density)")
    ax.set_yticks([])  # its height follows the histogram (see rankviz.widgets.dashboard)
    if title is not None:
        ax.set_title(title)
    return ax


def plot_margin_histogram(ax, margins, rho, *, bins=60, value_range=None, legend=True):
    """Histogram of pairwise margins, coloured by zone, with the margin rho marked.

    Pairs with margin <= 0 are misordered (they count in the pairwise error
    10.2); pairs with 0 < margin <= rho are ordered but inside the margin
    (they count in the bound 10.4 of the margin loss); the rest are beyond
    it.  The bin edges include 0 and rho, so the colours are exact.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    margins : array_like
        The margins (any shape, flattened).
    rho : float
        rho > 0.
    bins : int, default 60
        Number of regular bins over ``value_range`` (0 and rho are added).
    value_range : (float, float), optional
        The histogram's range; the Axes' x limits by default.  Margins outside
        it are left out of the picture (not of the shares in the legend).
    legend : bool, default True
        Add a legend.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, the margins are not finite, ``rho <= 0`` or
        ``bins < 1``.

    References
    ----------
    Mohri et al. (2018), eqs. (10.2)-(10.4).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> ax = plot_margin_histogram(style_margin_histogram_axes(ax), [-0.5, 0.1, 0.4, 1.2], 0.5)
    >>> [t.get_text() for t in ax.get_legend().get_texts()][:2]
    ['misordered (≤ 0): 25.0%', 'inside the margin (0, ρ]: 50.0%']
    >>> plt.close(fig)
    """
    _check_axes(ax)
    values = as_float_vector(np.ravel(np.asarray(margins, dtype=float)), "margins")
    rho = check_real(rho, "rho", positive=True)
    if not isinstance(bins, (int, np.integer)) or bins < 1:
        raise ValueError(f"bins must be an integer >= 1, got {bins!r}")
    low, high = ax.get_xlim() if value_range is None else _point(value_range, "value_range")
    edges = np.unique(np.concatenate((np.linspace(low, high, bins + 1),
                                      [v for v in (0.0, rho) if low < v < high])))
    counts, _ = np.histogram(values, bins=edges)
    density = counts / (values.size * np.diff(edges))
    centers = (edges[:-1] + edges[1:]) / 2.0
    shares = {"misordered": np.mean(values <= 0), "inside": np.mean((values > 0) & (values <= rho)),
              "beyond": np.mean(values > rho)}
    labels = {"misordered": "misordered (≤ 0)", "inside": "inside the margin (0, ρ]",
              "beyond": "beyond the margin (> ρ)"}
    zones = {"misordered": centers <= 0, "inside": (centers > 0) & (centers <= rho),
             "beyond": centers > rho}
    for name, mask in zones.items():
        ax.stairs(np.where(mask, density, 0.0), edges, fill=True, color=MARGIN_ZONE_COLORS[name],
                  alpha=0.75, label=f"{labels[name]}: {shares[name]:.1%}")
    ax.axvline(0.0, color="0.5", lw=1, ls=":")
    ax.axvline(rho, label=f"ρ = {rho:.2f}", **_RHO_STYLE)
    ax.set_ylim(0.0, 1.08 * max(float(density.max()), 1e-12))
    ax.set_xlim(low, high)
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax
