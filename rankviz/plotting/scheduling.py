"""Chapter 09 (task scheduling by clustering a ranking): schedules of a task DAG.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

import numpy as np
from matplotlib.collections import LineCollection, PatchCollection, PathCollection
from matplotlib.patches import Rectangle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D

from rankviz._validation import (
    as_weight_matrix,
    check_bool,
    check_choice,
    check_real,
    check_rounds,
)
from rankviz.plotting._style import (
    EDGE_COLOR,
    GUIDE_COLOR,
    LIGHT_COLOR,
    NEGATIVE_COLOR,
    NEUTRAL_COLOR,
    POSITIVE_COLOR,
    _check_axes,
    _check_count,
    _check_fontsize,
    _check_labels,
    check_text,
    plot_legend,
)

__all__ = [
    "PARTS_DECIMALS",
    "SCHEDULE_PARTS_GID",
    "SCHEDULE_ROUND_LABELS_GID",
    "SCHEDULE_TASK_LABELS_GID",
    "plot_schedule",
    "schedule_legend_entries",
    "style_schedule_axes",
]


#: gids of the label collections :func:`plot_schedule` draws (task names, round numbers,
#: the line of loss parts).
SCHEDULE_TASK_LABELS_GID = "rankviz-schedule-task-labels"
SCHEDULE_ROUND_LABELS_GID = "rankviz-schedule-round-labels"
SCHEDULE_PARTS_GID = "rankviz-schedule-loss-parts"
#: Decimals of the loss parts written under a schedule: those of a dashboard's readouts.
PARTS_DECIMALS = 3


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
    short = check_bool(short, "short")
    width = 3.5 if short else 2.5
    return [
        (
            "task",
            {
                "marker": "s",
                "color": LIGHT_COLOR,
                "mec": GUIDE_COLOR,
                "ms": 14 if short else 10,
                "lw": 0,
            },
        ),
        (
            "edge satisfied" if short else "edge satisfied (earlier round → later round)",
            {"color": NEUTRAL_COLOR, "lw": 2.0 if short else 1.5},
        ),
        (
            "inside a round: clustering" if short else "edge inside a round: clustering loss",
            {"color": NEGATIVE_COLOR, "lw": width},
        ),
        (
            "backwards: disagreement" if short else "edge backwards: disagreement loss",
            {"color": POSITIVE_COLOR, "lw": width, "ls": "--"},
        ),
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
    from rankviz.scheduling import (
        VARIANTS,  # imported when drawn: keeps `import rankviz.plotting` light
    )

    _check_axes(ax)
    parts = check_bool(parts, "parts")
    variant = check_choice(variant, "variant", VARIANTS)
    xlabel = check_text(xlabel, "xlabel", optional=True)
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
    key = (text, size)
    if key not in _TEXT_PATHS:
        if len(_TEXT_PATHS) >= 1024:  # changing lines of numbers: keep the cache small
            _TEXT_PATHS.clear()
        if not text.strip():  # nothing to draw (TextPath refuses blank text)
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
    labels = PathCollection(
        [_centred_text_path(str(t), size) for t in texts],
        offsets=np.asarray(offsets, dtype=float),
        offset_transform=ax.transData if transform is None else transform,
        facecolors=color,
        edgecolors="none",
        zorder=zorder,
        gid=gid,
    )
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
        inside |= (np.abs(points[:, 0] - centre[0]) < half_x) & (
            np.abs(points[:, 1] - centre[1]) < half_y
        )
    return points[~inside]


def plot_schedule(
    ax,
    rounds,
    weights,
    *,
    parts=None,
    labels=None,
    title=None,
    legend=True,
    max_rows=None,
    max_rounds=None,
    label_size=10.0,
    box_inches=0.15,
    xlabel=None,
):
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
        If given, its three parts and total are written under the schedule, to
        :data:`PARTS_DECIMALS` decimals, as
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
    from rankviz.scheduling import (
        LossParts,  # imported when drawn: keeps `import rankviz.plotting` light
    )

    _check_axes(ax)
    w = as_weight_matrix(weights, "weights")
    r = _check_count(w.shape[0], "weights")
    m = check_rounds(rounds, "rounds", r)
    names = (
        [str(i) for i in range(r)]
        if labels is None
        else _check_labels(labels, "labels", n=r, per="task of weights")
    )
    if parts is not None and not isinstance(parts, LossParts):
        raise TypeError(f"parts must be a rankviz.scheduling.LossParts, got {type(parts).__name__}")
    title = check_text(title, "title", optional=True)
    legend = check_bool(legend, "legend")
    if max_rows is not None:
        max_rows = _check_count(max_rows, "max_rows")
    if max_rounds is not None:
        max_rounds = _check_count(max_rounds, "max_rounds")
    label_size = _check_fontsize(label_size, "label_size")
    box_inches = check_real(box_inches, "box_inches", positive=True, maximum=5.0)
    style_schedule_axes(
        ax,
        parts=parts is not None,
        variant="depth" if parts is None else parts.variant,
        xlabel=xlabel,
    )
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
            color, style = NEUTRAL_COLOR, "solid"
        elif m[i] == m[j]:
            bend, color, style = 0.6, NEGATIVE_COLOR, "solid"
        else:
            bend, color, style = 0.25, POSITIVE_COLOR, "dashed"
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
        ax.add_collection(
            LineCollection(
                curves,
                colors=colors,
                linewidths=widths,
                linestyles=styles,
                zorder=2,
                capstyle="round",
            )
        )
        tips, directions = np.array(tips), np.array(directions)
        directions /= np.linalg.norm(directions, axis=1, keepdims=True)  # length set in inches
        ax.quiver(
            tips[:, 0],
            tips[:, 1],
            directions[:, 0],
            directions[:, 1],
            color=colors,
            angles="xy",
            pivot="tip",
            scale_units="inches",
            scale=1 / 0.16,
            units="inches",
            width=0.014,
            headwidth=5,
            headlength=6,
            headaxislength=5.5,
            zorder=2.5,
        )
    boxes = [Rectangle((m[i] - half_x, row[i] - half_y), 2 * half_x, 2 * half_y) for i in range(r)]
    ax.add_collection(
        PatchCollection(boxes, facecolor=LIGHT_COLOR, edgecolor=GUIDE_COLOR, zorder=3)
    )
    _draw_labels(
        ax,
        np.column_stack((m, row)),
        names,
        size=label_size,
        color="black",
        zorder=4,
        gid=SCHEDULE_TASK_LABELS_GID,
    )
    used = np.arange(1, int(m.max()) + 1)
    _draw_labels(
        ax,
        np.column_stack((used, np.full(used.size, -0.62))),
        used,
        size=label_size,
        color=EDGE_COLOR,
        zorder=4,
        gid=SCHEDULE_ROUND_LABELS_GID,
    )
    if parts is not None:
        # three decimals, as a dashboard's readouts print the losses (3.625, not 3.62)
        line = " + ".join(
            f"{x:.{PARTS_DECIMALS}f}"
            for x in (parts.disagreement, parts.clustering, parts.round_cost)
        )
        line += f" = {parts.total:.{PARTS_DECIMALS}f}"
        _draw_labels(
            ax,
            [(0.5, 0.04)],
            [line],
            size=label_size + 1,
            color="black",
            zorder=4,
            gid=SCHEDULE_PARTS_GID,
            transform=ax.transAxes,
        )
    if title is not None:
        ax.set_title(title)
    if legend:
        plot_legend(ax, schedule_legend_entries(), loc="lower right")
    return ax
