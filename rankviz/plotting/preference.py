"""Chapter 05 (the preference-based setting): tournaments, QuickSort levels, run histograms
and call counts.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.collections import PatchCollection, PolyCollection
from matplotlib.colors import to_rgba
from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch, RegularPolygon

from rankviz._validation import (
    MAX_MAGNITUDE,
    as_item_ids,
    check_array,
    check_bool,
    check_real,
)
from rankviz.plotting._style import (
    _SERIES_MARKERS,
    ACCENT_COLOR,
    AGREE_COLOR,
    EXACT_COLOR,
    GROUPING_DECIMALS,
    HIGHLIGHT_COLOR,
    NEGATIVE_COLOR,
    POSITIVE_COLOR,
    REFERENCE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_color,
    _check_count,
    _check_mapping,
    _curve,
    _distinct,
    _point,
    check_text,
    plot_legend,
)

__all__ = [
    "ARROW_STYLES",
    "NODE_STYLES",
    "REFERENCE_STYLES",
    "plot_call_counts",
    "plot_quicksort_levels",
    "plot_run_histogram",
    "plot_tournament",
    "style_run_histogram_axes",
]


#: Styles of the reference lines of :func:`plot_run_histogram`, used in order.
REFERENCE_STYLES = (
    {"color": EXACT_COLOR, "ls": "-", "lw": 2},
    {"color": NEGATIVE_COLOR, "ls": "--", "lw": 2},
    {"color": HIGHLIGHT_COLOR, "ls": ":", "lw": 2.5},
    {"color": ACCENT_COLOR, "ls": "-.", "lw": 2},
    {"color": REFERENCE_COLOR, "ls": "--", "lw": 1.5},
)
_TOURNAMENT_LIMITS = (-1.3, 1.3)

#: Legend styles of the kinds of arrow :func:`plot_tournament` draws; colour is never the only
#: cue: an arrow that contradicts the target is drawn thicker than one that agrees and crossed
#: by an X (the marker of this style) a little before its middle, and one that costs nothing
#: (two items of the same class, bipartite target) thinner and fainter.  The arrows' widths
#: follow ``lw`` (:data:`ARROW_STYLES` ``["highlight"]`` is the flipped pair).
ARROW_STYLES = {
    "agree": {"color": AGREE_COLOR, "lw": 2.0},
    "contradict": {
        "color": HIGHLIGHT_COLOR,
        "lw": 3.0,
        "marker": "X",
        "ms": 10,
        "mec": "white",
        "mew": 1.0,
    },
    "free": {"color": AGREE_COLOR, "alpha": 0.3, "lw": 1.0},
    "highlight": {"color": AGREE_COLOR, "lw": 5.0},
}
#: Legend styles of the nodes of :func:`plot_tournament` under a bipartite target: a positive
#: is a square, a negative a circle (and coloured).
NODE_STYLES = {
    "positive": {"marker": "s", "color": POSITIVE_COLOR, "mec": EXACT_COLOR, "lw": 0},
    "negative": {"marker": "o", "color": NEGATIVE_COLOR, "mec": EXACT_COLOR, "lw": 0},
}
#: Shaft width of a quiver arrow (a fraction of the Axes' width) per point of ``lw``.
_QUIVER_WIDTH_PER_LW = 0.004
#: Line width of a curved arrow (column layout) per point of ``lw``.
_CURVE_LW_PER_LW = 1.1


def _check_styles(styles, name: str) -> list[dict]:
    if isinstance(styles, (str, bytes, Mapping)) or not isinstance(styles, Sequence):
        raise TypeError(
            f"{name} must be a sequence of line styles (dicts), got {type(styles).__name__}"
        )
    if not styles:
        raise ValueError(f"{name} must not be empty")
    for k, style in enumerate(styles):
        if not isinstance(style, Mapping):
            raise TypeError(
                f"{name}[{k}] must be a mapping of line properties, got {type(style).__name__}"
            )
    return [dict(style) for style in styles]


def _tournament_positions(n: int, sigma=None) -> dict:
    """Node positions: a circle (item 0 on top, clockwise) or a column in the order of ``sigma``."""
    import networkx as nx

    if sigma is None:
        circle = nx.circular_layout(range(n))  # item i at angle 2 pi i / n, anticlockwise
        return {i: np.array([y, x]) for i, (x, y) in circle.items()}  # top, then clockwise
    return {i: np.array([0.0, 1.0 - 2.0 * sigma[i] / max(n - 1, 1)]) for i in range(n)}


def plot_tournament(
    ax,
    H,
    *,
    sigma_star=None,
    positive=None,
    layout_sigma=None,
    highlight=None,
    title=None,
    legend=True,
):
    """Draw a preference function as a tournament: an arrow ``u -> v`` when ``h(u, v) > 1/2``.

    The arrow points from the preferred item to the other one (Mohri et al.'s
    figure 10.5 draws it the other way round); a weak preference (``h`` near
    1/2) is drawn faint.  Given a target, arrows that agree with it are grey
    and those that contradict it (the pairs ``L(h, sigma*)`` pays for) are
    coloured, thicker and crossed by an X a little before their middle; in
    the bipartite case arrows between two items of the same class cost nothing
    and are drawn faint and thin (:data:`ARROW_STYLES`), and positives are
    squares, negatives circles (:data:`NODE_STYLES`).  Nodes sit on a circle from the
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
        Bipartite labels: nodes are coloured and shaped by class (positives
        square) and only arrows between classes are judged.
    layout_sigma : array_like of int, shape (n,), optional
        Place the nodes in a column in this ranking's order (top = position 0)
        instead of on a circle, e.g. to show an algorithm's output.
    highlight : (int, int), optional
        A pair whose arrow is drawn extra thick (e.g. a flipped preference),
        in the colour of its kind.
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
    from rankviz.permutations import as_permutation
    from rankviz.preference import (  # imported when drawn: keeps `import rankviz.plotting` light
        as_preference_matrix,
        majority_graph,
    )

    _check_axes(ax)
    H = as_preference_matrix(H)
    n = _check_count(H.shape[0], "H")
    star = None if sigma_star is None else as_permutation(sigma_star, "sigma_star")
    column = None if layout_sigma is None else as_permutation(layout_sigma, "layout_sigma")
    pos_mask = None if positive is None else check_array(positive, "positive", dtype="bool")
    for name, arr in (("sigma_star", star), ("layout_sigma", column), ("positive", pos_mask)):
        if arr is not None and arr.shape != (n,):
            raise ValueError(
                f"{name} must have one entry per item of H ({n}), got shape {arr.shape}"
            )
    chosen = None
    if highlight is not None:
        pair = as_item_ids(highlight, "highlight", n)
        if pair.shape != (2,) or pair[0] == pair[1]:
            raise ValueError(
                f"highlight must be a pair (u, v) of two different items, got {highlight!r}"
            )
        chosen = {int(pair[0]), int(pair[1])}
    title = check_text(title, "title", optional=True)
    legend = check_bool(legend, "legend")
    where = _tournament_positions(n, column)
    radius = 0.13
    tails, heads, colors, widths, kinds, weak = [], [], [], [], set(), False
    crossed = []  # where the arrows that contradict the target are crossed
    bend = 0.0 if column is None else 0.5  # the arc3 curvature of the arrows
    for u, v in majority_graph(H).edges():
        free = pos_mask is not None and pos_mask[u] == pos_mask[v]
        kind = (
            "free"
            if free
            else ("contradict" if star is not None and star[v] < star[u] else "agree")
        )
        style = ARROW_STYLES[kind]
        strength = 2 * H[u, v] - 1
        weak |= not free and round(float(strength), 9) < 1.0  # h strictly between 1/2 and 1
        alpha = style.get("alpha", 0.35 + 0.65 * strength)
        colors.append(to_rgba(style["color"], alpha))
        tails.append(where[u])
        heads.append(where[v])
        widths.append(ARROW_STYLES["highlight" if chosen == {u, v} else kind]["lw"])
        kinds.add(kind)
        if kind == "contradict":  # the X sits at t = 0.4 of the arc3 curve (a quadratic
            # Bezier), not at its middle, where the circle's diameters all cross
            chord = where[v] - where[u]
            control = (where[u] + where[v]) / 2 + bend * np.array([chord[1], -chord[0]])
            t = 0.4
            crossed.append((1 - t) ** 2 * where[u] + 2 * t * (1 - t) * control + t**2 * where[v])
    if tails and column is None:
        # straight arrows between the node boundaries, one artist per width (fast to redraw)
        tails, heads, widths = np.array(tails), np.array(heads), np.array(widths)
        unit = (heads - tails) / np.linalg.norm(heads - tails, axis=1, keepdims=True)
        start, stop = tails + radius * unit, heads - 1.15 * radius * unit
        colors = np.array(colors)
        for lw in np.unique(widths):
            mask = widths == lw
            ax.quiver(
                start[mask, 0],
                start[mask, 1],
                *(stop[mask] - start[mask]).T,
                color=colors[mask],
                angles="xy",
                scale_units="xy",
                scale=1,
                width=_QUIVER_WIDTH_PER_LW * lw,
                headwidth=3.5,
                headlength=4.5,
                headaxislength=4,
                zorder=1,
            )
    for tail, head, color, lw in zip(tails, heads, colors, widths, strict=True):
        if column is not None:  # a column: curved arrows, so that they avoid the nodes between
            ax.add_patch(
                FancyArrowPatch(
                    tuple(tail),
                    tuple(head),
                    arrowstyle="-|>",
                    mutation_scale=18,
                    color=color,
                    lw=_CURVE_LW_PER_LW * lw,
                    connectionstyle="arc3,rad=0.5",
                    shrinkA=12,
                    shrinkB=12,
                    zorder=1,
                )
            )
    if crossed:
        marker = {key: ARROW_STYLES["contradict"][key] for key in ("marker", "ms", "mec", "mew")}
        ax.plot(
            *np.array(crossed).T,
            ls="",
            mfc=ARROW_STYLES["contradict"]["color"],
            zorder=1.5,
            **marker,
        )
    fill = (
        ["white"] * n
        if pos_mask is None
        else [POSITIVE_COLOR if p else NEGATIVE_COLOR for p in pos_mask]
    )
    # a positive is a square of a circle's area (half-diagonal 1.25 radius: 2 x 1.25² ≈ π)
    nodes = [
        RegularPolygon(tuple(where[i]), 4, radius=1.25 * radius, orientation=np.pi / 4)
        if pos_mask is not None and pos_mask[i]
        else Circle(tuple(where[i]), radius)
        for i in range(n)
    ]
    ax.add_collection(PatchCollection(nodes, facecolors=fill, edgecolors=EXACT_COLOR, zorder=2))
    for i in range(n):
        ax.text(
            *where[i],
            str(i),
            ha="center",
            va="center",
            fontweight="bold",
            zorder=3,
            color="black" if pos_mask is None else "white",
        )
    ax.set_xlim(*(_TOURNAMENT_LIMITS if column is None else (-0.75, 0.75)))
    ax.set_ylim(*_TOURNAMENT_LIMITS)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if title is not None:
        ax.set_title(title)
    if legend:
        entries = [
            ("h agrees with the target", ARROW_STYLES["agree"]),
            ("h contradicts the target", ARROW_STYLES["contradict"]),
        ]
        if star is None:
            entries = [("u → v: h prefers u to v", ARROW_STYLES["agree"])]
        if "free" in kinds:
            entries.append(("same class: costs nothing", ARROW_STYLES["free"]))
        if weak:
            entries.append(("fainter: h(u, v) nearer 1/2", {**ARROW_STYLES["agree"], "alpha": 0.5}))
        if chosen is not None:
            entries.append(
                (f"pair {min(chosen)}, {max(chosen)} (highlighted)", ARROW_STYLES["highlight"])
            )
        if pos_mask is not None:
            entries += [
                ("positive", NODE_STYLES["positive"]),
                ("negative", NODE_STYLES["negative"]),
            ]
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
    result : rankviz.quicksort.RankingResult
        A run of :func:`rankviz.quicksort.quicksort_rank` with ``record=True``.
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
    >>> from rankviz.preference import random_preference
    >>> from rankviz.quicksort import quicksort_rank
    >>> result = quicksort_rank(random_preference(6, 0.5, rng=0), rng=1, record=True)
    >>> fig, ax = plt.subplots()
    >>> ax = plot_quicksort_levels(ax, result)
    >>> ax.get_xlabel()
    'final position (0 = top)'
    >>> plt.close(fig)
    """
    from rankviz.quicksort import RankingResult

    _check_axes(ax)
    if not isinstance(result, RankingResult):
        raise TypeError(
            f"result must be a rankviz.quicksort.RankingResult from "
            f"quicksort_rank(..., record=True), got {type(result).__name__}"
        )
    levels = result.levels
    if not levels:
        raise ValueError("result must come from quicksort_rank(..., record=True)")
    title = check_text(title, "title", optional=True)
    legend = check_bool(legend, "legend")
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
            ax.add_patch(
                FancyBboxPatch(
                    (first - 0.42, y - 0.32),
                    last - first + 0.84,
                    0.64,
                    boxstyle="round,pad=0.02",
                    fc="none",
                    ec=EXACT_COLOR if members.size > 1 else "0.75",
                    lw=1.2,
                )
            )
            for item in members:
                is_pivot = item in pivots[row]
                ax.text(
                    sigma[item],
                    y,
                    str(item),
                    ha="center",
                    va="center",
                    fontsize="medium",
                    fontweight="bold" if active else "normal",
                    color="black" if active or is_pivot else "0.6",
                    bbox={"boxstyle": "circle,pad=0.25", "fc": ACCENT_COLOR, "ec": "none"}
                    if is_pivot
                    else None,
                )
    ax.set_xlim(-0.7, n - 0.3)
    ax.set_ylim(-len(levels) + 0.4, 0.6)
    ax.set_xticks(range(n))
    ax.set_yticks(
        [-r for r in range(len(levels))],
        [f"level {r}" for r in range(len(levels) - 1)] + ["output"],
    )
    ax.set_xlabel("final position (0 = top)")
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    if title is not None:
        ax.set_title(title)
    if legend:
        plot_legend(
            ax,
            [
                (
                    "pivot of its subarray",
                    {"marker": "o", "color": ACCENT_COLOR, "lw": 0, "ms": 10},
                ),
                ("subarray still to sort", {"patch": True, "fc": "none", "ec": EXACT_COLOR}),
            ],
            loc="center left",
            bbox_to_anchor=(1.01, 0.5),
        )
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
    lo, hi = _point(xlim, "xlim", increasing=True)
    xlabel = check_text(xlabel, "xlabel")
    ax.set_xlim(lo, hi)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of runs")
    return ax


def plot_run_histogram(
    ax,
    values,
    *,
    xlabel,
    references=None,
    styles=REFERENCE_STYLES,
    xlim=None,
    label=None,
    color=SAMPLE_COLOR,
    legend=True,
):
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
    _check_axes(ax)
    values = check_array(values, "values", ndim=1, max_size=10**7)
    references = _check_mapping(
        {} if references is None else references, "references", allow_empty=True
    )
    styles = _check_styles(styles, "styles")
    if len(references) > len(styles):
        raise ValueError(
            f"references has {len(references)} entries, at most {len(styles)} "
            f"(one per entry of styles)"
        )
    ref_values = [check_real(v, f"references[{k!r}]") for k, v in references.items()]
    xlabel = check_text(xlabel, "xlabel")
    if xlim is not None:
        xlim = _point(xlim, "xlim", increasing=True)
    label = check_text(label, "label", optional=True)
    color = _check_color(color, "color")
    legend = check_bool(legend, "legend")
    # one bar per value: values equal up to float noise are one value (a width from a gap
    # of 5e-17 would make every bar invisible)
    distinct, counts = _distinct(values)
    if xlim is None:
        lo = min(distinct.min(), *ref_values) if ref_values else distinct.min()
        hi = max(distinct.max(), *ref_values) if ref_values else distinct.max()
        pad = 0.08 * (hi - lo) if round(hi - lo, GROUPING_DECIMALS) > 0 else 0.5
        xlim = (lo - pad, hi + pad)
    style_run_histogram_axes(ax, xlabel=xlabel, xlim=xlim)
    span = xlim[1] - xlim[0]
    gaps = np.diff(distinct)
    # 0.8 of the smallest gap, between 0.6% of the axis (a bar a few pixels wide, seen even when
    # two close values overlap) and 4% (one value alone is not a slab)
    width = (
        float(np.clip(0.8 * gaps.min(), 0.006 * span, 0.04 * span)) if gaps.size else 0.02 * span
    )
    # one collection of rectangles: ``Axes.bar`` (one patch per bar) is ten times slower,
    # which matters in a dashboard that redraws the histogram at every change
    heights = counts / values.size
    half = width / 2
    ax.add_collection(
        PolyCollection(
            [
                [(x - half, 0.0), (x - half, y), (x + half, y), (x + half, 0.0)]
                for x, y in zip(distinct, heights, strict=True)
            ],
            facecolors=color,
            alpha=0.75,
            edgecolors="none",
            label=label or f"{values.size} runs",
        ),
        autolim=False,
    )
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
        Formulas to compare with (e.g. ``2 n ln n``), drawn dashed; the k-th
        formula takes the colour and, hollow, the marker of the k-th measured
        series (give them in the same order).
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
    n_values = check_array(n_values, "n_values", ndim=1, max_abs=MAX_MAGNITUDE)
    if (n_values <= 0).any():
        raise ValueError("n_values must be positive on log axes")
    measured = _check_mapping(measured, "measured")
    references = _check_mapping(
        {} if references is None else references, "references", allow_empty=True
    )
    curves = []
    for what, mapping in (("measured", measured), ("references", references)):
        for name, counts in mapping.items():
            _, y = _curve(n_values, counts, "n_values", f"{what}[{name!r}]")
            if (y <= 0).any():
                raise ValueError(f"{what}[{name!r}] must be positive on log axes")
            curves.append((what, name, y))
    legend = check_bool(legend, "legend")
    markers = _SERIES_MARKERS
    colors = (SAMPLE_COLOR, NEGATIVE_COLOR, POSITIVE_COLOR, ACCENT_COLOR)
    for k, (_, name, y) in enumerate(c for c in curves if c[0] == "measured"):
        ax.plot(n_values, y, marker=markers[k % 4], color=colors[k % 4], lw=1.5, label=name)
    for k, (_, name, y) in enumerate(c for c in curves if c[0] == "references"):
        # the k-th formula goes with the k-th measured series: its colour and, hollow, its marker
        ax.plot(
            n_values,
            y,
            ls="--",
            color=colors[k % 4],
            lw=1,
            marker=markers[k % 4],
            ms=5,
            mfc="white",
            zorder=1.9,
            label=name,
        )  # under the measured lines
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("number of items n")
    ax.set_ylabel("calls to h")
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax
