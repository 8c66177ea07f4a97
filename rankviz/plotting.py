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
    "EDGE_BACKWARD_COLOR",
    "EDGE_OK_COLOR",
    "EDGE_TIED_COLOR",
    "EXACT_COLOR",
    "NEGATIVE_COLOR",
    "POSITIVE_COLOR",
    "SAMPLE_COLOR",
    "SCHEDULE_PARTS_GID",
    "SCHEDULE_ROUND_LABELS_GID",
    "SCHEDULE_TASK_LABELS_GID",
    "TASK_COLOR",
    "plot_auc_sampling",
    "plot_confusion_matrix",
    "plot_legend",
    "plot_precision_recall",
    "plot_roc",
    "plot_schedule",
    "plot_score_densities",
    "schedule_legend_entries",
    "style_confusion_axes",
    "style_precision_recall_axes",
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


# ---- chapter 09: task scheduling by clustering a ranking ----
#: Colours of a schedule's edges: satisfied, inside one round (clustering loss),
#: running backwards (disagreement loss).
EDGE_OK_COLOR = "0.55"
EDGE_TIED_COLOR = "#E69F00"  # orange
EDGE_BACKWARD_COLOR = POSITIVE_COLOR  # vermillion
TASK_COLOR = "#56B4E9"  # sky blue
#: gids of the label collections :func:`plot_schedule` draws (task names, round numbers,
#: the line of loss parts).
SCHEDULE_TASK_LABELS_GID = "rankviz-schedule-task-labels"
SCHEDULE_ROUND_LABELS_GID = "rankviz-schedule-round-labels"
SCHEDULE_PARTS_GID = "rankviz-schedule-loss-parts"


def schedule_legend_entries():
    """Legend entries for :func:`plot_schedule`, for :func:`plot_legend`.

    Returns
    -------
    list of (str, dict)

    Examples
    --------
    >>> [label for label, _ in schedule_legend_entries()][:2]
    ['task', 'edge satisfied (earlier round → later round)']
    """
    return [
        ("task", {"marker": "s", "color": TASK_COLOR, "mec": "0.2", "ms": 10, "lw": 0}),
        ("edge satisfied (earlier round → later round)", {"color": EDGE_OK_COLOR, "lw": 1.5}),
        ("edge inside a round: clustering loss", {"color": EDGE_TIED_COLOR, "lw": 2.5}),
        ("edge backwards: disagreement loss", {"color": EDGE_BACKWARD_COLOR, "lw": 2.5,
                                               "ls": "--"}),
    ]


def _schedule_xlabel(variant):
    round_name = "depth" if variant == "depth" else "completion"
    return f"columns: rounds 1, 2, ...\nloss = disagreement + clustering + {round_name}"


def style_schedule_axes(ax, *, parts=True, variant="depth"):
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
    ax.set_xlabel(_schedule_xlabel(variant) if parts else "columns: rounds 1, 2, ...")
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
                  max_rows=None, max_rounds=None):
    """Draw a schedule: one column of task boxes per round, edges as arrows.

    Round ``t`` (1-based, as in :mod:`rankviz.scheduling`) is the column at
    ``x = t``, numbered above it; its tasks are stacked in increasing task
    number.  Task names, round numbers and the loss line are drawn as glyph
    outlines, one collection each (gids :data:`SCHEDULE_TASK_LABELS_GID`,
    :data:`SCHEDULE_ROUND_LABELS_GID`, :data:`SCHEDULE_PARTS_GID`), which keeps
    a dashboard fast.  Every edge
    ``i -> j`` with ``weights[i, j] > 0`` is an arrow whose width grows with its
    weight: grey when ``i`` runs in an earlier round than ``j``, orange (curved)
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
                        variant="depth" if parts is None else parts.variant)
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
    half_x, half_y = _box_half_sizes(ax, xlim, ylim)
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
    _draw_labels(ax, np.column_stack((m, row)), names, size=10, color="black", zorder=4,
                 gid=SCHEDULE_TASK_LABELS_GID)
    used = np.arange(1, int(m.max()) + 1)
    _draw_labels(ax, np.column_stack((used, np.full(used.size, -0.62))), used, size=10,
                 color="0.3", zorder=4, gid=SCHEDULE_ROUND_LABELS_GID)
    if parts is not None:
        line = (f"{parts.disagreement:.2f} + {parts.clustering:.2f} + {parts.round_cost:.2f} = "
                f"{parts.total:.2f}")
        _draw_labels(ax, [(0.5, 0.04)], [line], size=11, color="black", zorder=4,
                     gid=SCHEDULE_PARTS_GID, transform=ax.transAxes)
    if title is not None:
        ax.set_title(title)
    if legend:
        plot_legend(ax, schedule_legend_entries(), loc="lower right")
    return ax
