"""Chapter 07 (inconsistency of pairwise surrogates): preference circles and item scores.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

import numpy as np
from matplotlib.font_manager import FontProperties
from matplotlib.patches import FancyArrowPatch
from matplotlib.textpath import text_to_path

from rankviz._validation import (
    as_weight_matrix,
    check_array,
    check_bool,
    check_int,
    check_real,
)
from rankviz.permutations import merge_near_ties
from rankviz.plotting._style import (
    EDGE_COLOR,
    EXACT_COLOR,
    GUIDE_COLOR,
    MAX_DRAWN,
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_count,
    _check_fontsize,
    _check_id_pairs,
    _check_labels,
    _point,
    check_text,
    plot_legend,
)

__all__ = [
    "ITEM_TIE_ATOL",
    "item_score_positions",
    "plot_item_scores",
    "plot_preference_circle",
    "preference_graph_layout",
    "style_item_scores_axes",
    "style_preference_graph_axes",
]


#: Scores of :func:`plot_item_scores` within this of each other (a chain of neighbours) share
#: one marker: a tie.  A dashboard that writes the order or a Kendall tau next to the panel
#: merges its scores with the same tolerance (:func:`rankviz.permutations.merge_near_ties`).
ITEM_TIE_ATOL = 1e-6

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
    n = _check_count(n, "n", minimum=2)
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
    title = check_text(title, "title", optional=True)
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
    return (
        start,
        end,
        (start + end) / 2 + rad * np.array([end[1] - start[1], start[0] - end[0]]) / 2,
    )


def plot_preference_circle(
    ax,
    weights,
    *,
    wrong=(),
    right=(),
    title=None,
    max_weight=None,
    decimals=2,
    nodes=True,
    legend=True,
    fontsize=None,
    edge_labels=True,
):
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
        Edges to draw in :data:`POSITIVE_COLOR` (dashed: a ranking misorders or
        ties them) or :data:`SAMPLE_COLOR` (a ranking orders them correctly);
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
    _check_axes(ax)
    W = as_weight_matrix(weights, "weights", min_items=2)
    n = _check_count(W.shape[0], "weights")
    wrong = _check_id_pairs(wrong, "wrong", n)
    right = _check_id_pairs(right, "right", n)
    title = check_text(title, "title", optional=True)
    if max_weight is not None:
        max_weight = check_real(max_weight, "max_weight", positive=True)
    decimals = check_int(decimals, "decimals", minimum=0, maximum=15)
    nodes = check_bool(nodes, "nodes")
    legend = check_bool(legend, "legend")
    fontsize = _check_fontsize(fontsize, "fontsize", optional=True)
    edge_labels = check_bool(edge_labels, "edge_labels")
    style_preference_graph_axes(ax, n, title=title)
    pos = preference_graph_layout(n)
    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(W > 0), strict=True)]
    top = max_weight if max_weight is not None else (W.max() if edges else 1.0)
    top = top if top > 0 else 1.0
    rad, radius = 0.18, 0.24
    for edge in edges:
        color = POSITIVE_COLOR if edge in wrong else SAMPLE_COLOR if edge in right else EDGE_COLOR
        start, end, middle = _edge_endpoints(pos[edge[0]], pos[edge[1]], rad, radius)
        width = 1.0 + 4.0 * min(W[edge], top) / top
        ax.add_artist(
            FancyArrowPatch(  # add_artist: the limits are fixed, skip the data limits
                start,
                end,
                connectionstyle=f"arc3,rad={rad}",
                arrowstyle="-|>",
                mutation_scale=12 + 2.5 * width,
                lw=width,
                color=color,
                shrinkA=0,
                shrinkB=0,
                ls="--" if edge in wrong else "-",
                zorder=2,
            )
        )
        if not edge_labels:
            continue
        ax.text(
            *middle,
            f"{round(float(W[edge]), decimals):g}",
            ha="center",
            va="center",
            fontsize=10 if fontsize is None else fontsize,
            color=color,
            zorder=3,
            bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none"},
        )
    if nodes:
        xy = np.array([pos[i] for i in range(n)])
        ax.plot(
            xy[:, 0],
            xy[:, 1],
            "o",
            ms=30 if fontsize is None else 2.1 * fontsize,
            mfc=_ITEM_FACE,
            mec=EXACT_COLOR,
            mew=1.2,
            zorder=4,
        )
        for i in range(n):
            ax.text(
                *pos[i],
                str(i),
                ha="center",
                va="center",
                fontsize=13 if fontsize is None else fontsize,
                fontweight="bold",
                zorder=5,
            )
    if legend:
        entries = [("preference i → j (width ∝ weight)", {"color": EDGE_COLOR})]
        if right & set(edges):
            entries.append(("ordered correctly", {"color": SAMPLE_COLOR}))
        if wrong & set(edges):
            entries.append(("misordered or tied", {"color": POSITIVE_COLOR, "ls": "--"}))
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
    labels = _check_labels(row_labels, "row_labels")
    ticks = check_bool(ticks, "ticks")
    rows = len(labels)
    ax.set_ylim(-rows + 0.3, 0.6)
    ax.set_yticks(-np.arange(rows), labels)
    ax.set_xlabel("score α  (higher is ranked higher)")
    ax.grid(axis="x", alpha=0.3)
    if not ticks:
        ax.set_xticks([])
    return ax


def _tie_groups(s):
    """Items grouped by near-equal score, lowest score first: the groups of
    :func:`~rankviz.permutations.merge_near_ties` at :data:`ITEM_TIE_ATOL`."""
    merged = merge_near_ties(s, atol=ITEM_TIE_ATOL)
    groups: list[list[int]] = []
    for i in np.lexsort((np.arange(s.size), merged)):
        if groups and merged[groups[-1][-1]] == merged[i]:
            groups[-1].append(int(i))
        else:
            groups.append([int(i)])
    return groups


def _marker_style(group, fontsize):
    """Label, marker size (pt), label size (pt) and offset of the value (pt) of a tie group."""
    if fontsize is None:
        label = " = ".join(str(i) for i in sorted(group))
        size, item_size, offset = 22 + 8 * (len(group) - 1), 11 if len(group) == 1 else 9, 17
    else:  # the marker holds the label at the given size
        label = "=".join(str(i) for i in sorted(group))
        size = 1.7 * fontsize + 1.3 * fontsize * (len(group) - 1)
        item_size, offset = fontsize, 0.5 * size + 3
    return label, size, item_size, offset


def _text_width(text, size, weight="normal"):
    """Width in points of ``text`` at ``size`` points, as Agg renders it (within a pixel)."""
    width, _, _ = text_to_path.get_text_width_height_descent(
        text, FontProperties(size=size, weight=weight), ismath=False
    )
    return width


def _value_text(value):
    return f"{round(value, 2) + 0.0:.2f}"


def _spread(targets, gaps):
    """Positions closest to ``targets`` (least squares) with ``x[k+1] - x[k] >= gaps[k]``.

    Pool-adjacent-violators on ``targets - cumsum(gaps)``, which must be non-decreasing.
    """
    shift = np.r_[0.0, np.cumsum(gaps)]
    blocks: list[list[float]] = []  # [mean, weight] of each pooled block
    for y in np.asarray(targets, dtype=float) - shift:
        blocks.append([y, 1.0])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            (m2, w2), (m1, w1) = blocks.pop(), blocks.pop()
            blocks.append([(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2])
    pooled = np.concatenate([np.full(int(w), m) for m, w in blocks])
    return pooled + shift


def item_score_positions(ax, scores, *, span=(0.0, 1.0), values=True, fontsize=None):
    """Where :func:`plot_item_scores` puts each item's marker on a row drawn with ``span``.

    The scores are mapped affinely onto ``span`` (the lowest at ``span[0]``, the
    highest at ``span[1]``); then markers that would overlap (or whose labels
    would: the item numbers, the scores written under them) are moved apart,
    as little as possible in the least-squares sense, keeping their order and
    their ties.  Spacing is computed from the axes' current width on the page
    and its x limits: lay the figure out and set the limits before drawing.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The score panel (its width and x limits set the spacing).
    scores : array_like of shape (n,)
        The scores of one row (finite).
    span : (float, float), default (0.0, 1.0)
        As in :func:`plot_item_scores`.
    values, fontsize
        As in :func:`plot_item_scores` (the labels whose widths count).

    Returns
    -------
    ndarray of shape (n,)
        The x position of each item's marker, in data units; tied items share one.

    Raises
    ------
    TypeError, ValueError
        If ``ax`` is not an Axes, ``scores`` is not a finite vector or ``span``
        is not increasing.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(6, 2))
    >>> item_score_positions(ax, [3.0, 0.0, 1.5]).tolist()         # room enough: to scale
    [1.0, 0.0, 0.5]
    >>> x = item_score_positions(ax, [3.0, 0.0, 0.01])             # 1 and 2 spread apart
    >>> bool(x[1] < 0.0 < 0.01 * 3 < x[2] < 1.0 == x[0])
    True
    >>> plt.close(fig)
    """
    _check_axes(ax)
    s = check_array(scores, "scores", ndim=1, max_size=MAX_DRAWN)
    left, right = _point(span, "span", increasing=True)
    values = check_bool(values, "values")
    fontsize = _check_fontsize(fontsize, "fontsize", optional=True)
    return _positions(ax, s, (left, right), values, fontsize)


def _positions(ax, s, span, values, fontsize):
    left, right = span
    lo, hi = float(s.min()), float(s.max())
    if hi - lo <= 1e-12:
        return np.full(s.size, (left + right) / 2)
    place = left + (s - lo) * (right - left) / (hi - lo)
    groups = _tie_groups(s)
    if len(groups) < 2:
        return place
    xlim = ax.get_xlim()
    per_point = abs(xlim[1] - xlim[0]) / max(ax.bbox.width * 72.0 / ax.figure.dpi, 1.0)
    widths = []
    for group in groups:
        label, size, item_size, _ = _marker_style(group, fontsize)
        width = max(size, _text_width(label, item_size, "bold"))
        if values:
            width = max(
                width,
                _text_width(_value_text(float(s[group[0]])), 9 if fontsize is None else fontsize),
            )
        widths.append(width + 0.4 * (9 if fontsize is None else fontsize))  # a space between
    half = np.asarray(widths) * per_point / 2
    targets = np.array([place[group[0]] for group in groups])
    spread = _spread(targets, half[:-1] + half[1:])
    out = np.empty(s.size)
    for x, group in zip(spread, groups, strict=True):
        out[group] = x
    return out


def plot_item_scores(
    ax, row, scores, *, wrong=(), note=None, values=True, span=None, legend=False, fontsize=None
):
    """Draw items as labelled markers at their scores, on row ``row`` of a score panel.

    Items whose scores tie (neighbours within :data:`ITEM_TIE_ATOL`) share one
    marker, labelled "0 = 1";
    items of a misordered or tied pair are drawn in :data:`POSITIVE_COLOR`.

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
        panel; use it on axes without score ticks.  Markers whose labels would
        overlap are then moved apart, keeping order and ties
        (:func:`item_score_positions`; set the x limits and lay the figure out
        first).
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
    _check_axes(ax)
    row = check_int(row, "row", minimum=0, maximum=MAX_DRAWN)
    s = None if scores is None else check_array(scores, "scores", ndim=1, max_size=MAX_DRAWN)
    flagged = set()
    if s is not None:
        flagged = {v for pair in _check_id_pairs(wrong, "wrong", s.size) for v in pair}
    note = check_text(note, "note", optional=True)
    values = check_bool(values, "values")
    if span is not None:
        span = _point(span, "span", increasing=True)
    legend = check_bool(legend, "legend")
    fontsize = _check_fontsize(fontsize, "fontsize", optional=True)
    y0 = -row
    if note is not None:
        ax.annotate(
            note,
            (0.99, y0),
            xycoords=ax.get_yaxis_transform(),
            xytext=(0, 14),
            textcoords="offset points",
            ha="right",
            va="bottom",
            fontsize=9 if fontsize is None else fontsize,
            color="0.25",
        )
    if s is None:
        return ax
    lo, hi = float(s.min()), float(s.max())
    if span is None:
        place = s
        pad = max(0.5, 0.08 * (hi - lo))
        ax.plot([lo - pad, hi + pad], [y0, y0], color="0.6", lw=1, zorder=1)
    else:
        left, right = span
        place = _positions(ax, s, span, values, fontsize)
        pad = 0.06 * (right - left)
        ax.plot(
            [min(left, place.min()) - pad, max(right, place.max()) + pad],
            [y0, y0],
            color="0.6",
            lw=1,
            zorder=1,
        )
    for group in _tie_groups(s):
        x, value = float(place[group[0]]), float(s[group[0]])
        hit = any(i in flagged for i in group)
        label, size, item_size, offset = _marker_style(group, fontsize)
        ax.plot(
            [x],
            [y0],
            "o" if len(group) == 1 else "s",
            ms=size,
            mfc=POSITIVE_COLOR if hit else _ITEM_FACE,
            mec=EXACT_COLOR,
            mew=1.2,
            zorder=3,
        )
        ax.text(
            x,
            y0,
            label,
            ha="center",
            va="center",
            fontsize=item_size,
            fontweight="bold",
            color="white" if hit else "black",
            zorder=4,
        )
        if values:  # below the marker, at a fixed distance in points whatever the row height
            ax.annotate(
                _value_text(value),
                (x, y0),
                xytext=(0, -offset),
                textcoords="offset points",
                ha="center",
                va="top",
                fontsize=9 if fontsize is None else fontsize,
                color=GUIDE_COLOR,
            )
    if legend and flagged:
        plot_legend(
            ax,
            [
                (
                    "item of a misordered or tied edge",
                    {"marker": "o", "ms": 10, "mfc": POSITIVE_COLOR, "mec": EXACT_COLOR, "lw": 0},
                )
            ],
            loc="upper left",
        )
    return ax
