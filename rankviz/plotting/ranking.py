"""Chapter 01 (the ranking problem): preference graphs, bars by position and curves over
cut-offs.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.collections import PolyCollection

from rankviz._validation import (
    as_weight_matrix,
    check_array,
    check_bool,
    check_int,
    check_real,
    round_finite,
)
from rankviz.plotting._style import (
    ACCENT_COLOR,
    AGREE_COLOR,
    EDGE_COLOR,
    EXACT_COLOR,
    FAINT_COLOR,
    GROUPING_DECIMALS,
    GUIDE_COLOR,
    HIGHLIGHT_COLOR,
    LIGHT_COLOR,
    MAX_DRAWN,
    NEGATIVE_COLOR,
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_colors,
    _check_count,
    _check_fontsize,
    _check_labels,
    _check_mapping,
    check_text,
)

__all__ = [
    "CUTOFF_STYLES",
    "GRADE_COLORS",
    "GRADE_HATCHES",
    "plot_cutoff_curves",
    "plot_position_bars",
    "plot_preference_graph",
    "style_cutoff_axes",
    "style_position_axes",
]


#: Colour of each relevance grade 0, 1, 2, 3, 4 (grey = irrelevant, then
#: increasingly warm; the top grade in POSITIVE_COLOR).
GRADE_COLORS = (FAINT_COLOR, LIGHT_COLOR, SAMPLE_COLOR, ACCENT_COLOR, POSITIVE_COLOR)
#: Hatch of each relevance grade 0, 1, 2, 3, 4 (with :data:`GRADE_COLORS`, for
#: :func:`plot_position_bars`' ``hatches``): colour is never the only cue to a grade.
GRADE_HATCHES = ("", "...", "///", "xxx", "**")  # the top grade starred
#: The characters of a Matplotlib hatch pattern.
_HATCH_CHARACTERS = frozenset("/\\|-+xoO.*")


def plot_preference_graph(
    ax, weights, *, names=None, levels=None, node_colors=None, edge_labels=None, title=None
):
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
    W = as_weight_matrix(weights, "weights")
    n = _check_count(W.shape[0], "weights")
    names = (
        [str(i) for i in range(n)]
        if names is None
        else _check_labels(names, "names", n=n, per="node of weights")
    )
    node_colors = (
        ["#DDDDDD"] * n
        if node_colors is None
        else _check_colors(node_colors, "node_colors", n, per="node of weights")
    )
    if levels is not None:
        levels = check_array(levels, "levels", shape=(n,))
    if edge_labels is not None:
        edge_labels = check_bool(edge_labels, "edge_labels")
    title = check_text(title, "title", optional=True)
    graph = to_networkx(W)
    if levels is not None:
        rounded = round_finite(levels, GROUPING_DECIMALS)  # levels equal up to float noise: one row
        rows = [np.flatnonzero(rounded == value).tolist() for value in np.unique(rounded)[::-1]]
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
    nx.draw_networkx_nodes(
        graph, pos, ax=ax, node_color=list(node_colors), node_size=700, edgecolors=EDGE_COLOR
    )
    nx.draw_networkx_labels(graph, pos, labels=dict(enumerate(names)), ax=ax, font_size=11)
    nx.draw_networkx_edges(
        graph,
        pos,
        ax=ax,
        edgelist=[(i, j) for i, j, _ in edges],
        width=[0.8 + 2.2 * w / largest for *_, w in edges],
        arrowsize=14,
        node_size=700,
        edge_color=AGREE_COLOR,
        connectionstyle="arc3,rad=0.12",
    )
    if edge_labels is None:
        edge_labels = any(w != 1.0 for *_, w in edges)
    if edge_labels and edges:
        nx.draw_networkx_edge_labels(
            graph,
            pos,
            ax=ax,
            connectionstyle="arc3,rad=0.12",
            edge_labels={(i, j): f"{w:g}" for i, j, w in edges},
            font_size=9,
            label_pos=0.35,
        )
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
    _check_axes(ax)
    n = _check_count(n_positions, "n_positions")
    ymax = check_real(ymax, "ymax", positive=True)
    ylabel = check_text(ylabel, "ylabel")
    title = check_text(title, "title", optional=True)
    ax.set_xlim(0.4, n + 0.6)
    ax.set_xticks(np.arange(1, n + 1))
    ax.set_ylim(0, ymax)
    ax.set_xlabel("position r (1 = top)")
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    return ax


def _check_hatches(values, name: str, n: int) -> list[str]:
    """One Matplotlib hatch pattern ("" for none) per entry."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence | np.ndarray):
        raise TypeError(f"{name} must be a sequence of hatch patterns, got {type(values).__name__}")
    if len(values) != n:
        raise ValueError(
            f"{name} must give one hatch pattern per entry of values ({n}), got {len(values)}"
        )
    for k, value in enumerate(values):
        if not isinstance(value, str):
            raise TypeError(
                f"{name}[{k}] must be a hatch pattern (a string such as '//'), "
                f"got {type(value).__name__}"
            )
        if not set(value) <= _HATCH_CHARACTERS:
            raise ValueError(
                f"{name}[{k}] must be a Matplotlib hatch pattern, made of "
                f"{''.join(sorted(_HATCH_CHARACTERS))}, got {value!r}"
            )
    return list(values)


def plot_position_bars(
    ax,
    values,
    *,
    labels=None,
    colors=None,
    hatches=None,
    ideal=None,
    cutoff=None,
    label=None,
    legend=True,
    label_fontsize=10,
):
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
    hatches : sequence of str, optional
        One hatch pattern per bar ("" for none), e.g. from :data:`GRADE_HATCHES`, so that
        what the colours tell apart is told apart without them too.
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
    _check_axes(ax)
    heights = check_array(values, "values", ndim=1, max_size=MAX_DRAWN)
    n = heights.size
    positions = np.arange(1, n + 1)
    colors = (
        [SAMPLE_COLOR] * n
        if colors is None
        else _check_colors(colors, "colors", n, per="entry of values")
    )
    hatches = [""] * n if hatches is None else _check_hatches(hatches, "hatches", n)
    if labels is not None:
        labels = _check_labels(labels, "labels", n=n, per="entry of values")
    # ideal: one value per entry of values
    best = None if ideal is None else check_array(ideal, "ideal", shape=(n,))
    if cutoff is not None:
        cutoff = check_int(cutoff, "cutoff", minimum=1, maximum=n)
    label = check_text(label, "label", optional=True)
    legend = check_bool(legend, "legend")
    label_fontsize = _check_fontsize(label_fontsize, "label_fontsize", optional=True, names=True)
    # one collection per hatch rather than n bar patches: a dashboard redraws them at every change
    corners = [
        [(x - 0.35, 0.0), (x - 0.35, h), (x + 0.35, h), (x + 0.35, 0.0)]
        for x, h in zip(positions, heights, strict=True)
    ]
    for k, hatch in enumerate(dict.fromkeys(hatches)):  # a collection has one hatch
        bars = [i for i in range(n) if hatches[i] == hatch]
        ax.add_collection(
            PolyCollection(
                [corners[i] for i in bars],
                facecolors=[colors[i] for i in bars],
                edgecolors="0.25",
                linewidths=0.8,
                hatch=hatch or None,
                label=label if k == 0 else None,
            ),
            autolim=False,
        )
    ax.update_datalim([(0.4, min(heights.min(), 0.0)), (n + 0.6, max(heights.max(), 0.0))])
    ax.autoscale_view()  # changes nothing on axes whose limits were set (style_position_axes)
    if labels is not None:
        for x, h, text in zip(positions, heights, labels, strict=True):
            ax.annotate(
                str(text),
                (x, h),
                xytext=(0, 2),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=label_fontsize,
                fontweight="bold",
            )
    if best is not None:
        ax.stairs(
            best, np.arange(0.5, n + 1.0), color=EXACT_COLOR, lw=1.8, ls="-", label="ideal ranking"
        )
    if cutoff is not None:
        ax.axvline(cutoff + 0.5, color=GUIDE_COLOR, ls="--", lw=1.5, label=f"cut-off k = {cutoff}")
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
    _check_axes(ax)
    n = _check_count(n_positions, "n_positions")
    title = check_text(title, "title", optional=True)
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
    {"color": HIGHLIGHT_COLOR, "marker": "v"},
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
    _check_axes(ax)
    curves = _check_mapping(curves, "curves")
    # NaN marks a cut-off where a measure is undefined (no relevant item): drawn as a gap
    arrays = {
        name: check_array(
            values, f"curves[{name!r}]", ndim=1, finite=False, bounds=(0.0, 1.0), max_size=MAX_DRAWN
        )
        for name, values in curves.items()
    }
    sizes = sorted({arr.size for arr in arrays.values()})
    if len(sizes) > 1:
        raise ValueError(f"curves must all have the same length, got {sizes}")
    if cutoff is not None:
        cutoff = check_int(cutoff, "cutoff", minimum=1, maximum=sizes[0])
    legend = check_bool(legend, "legend")
    for index, (name, arr) in enumerate(arrays.items()):
        style = CUTOFF_STYLES[index % len(CUTOFF_STYLES)]
        ax.plot(np.arange(1, arr.size + 1), arr, lw=2, ms=5, label=name, **style)
    if cutoff is not None:
        ax.axvline(cutoff, color=GUIDE_COLOR, ls="--", lw=1.5)
    if legend:
        ax.legend(loc="lower right", fontsize="small")
    return ax
