"""Chapter 06 (calibration of surrogate losses): the conditional risk of each permutation and
the calibration simplex.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

import numpy as np
from matplotlib.cm import ScalarMappable
from matplotlib.collections import PolyCollection
from matplotlib.colors import LinearSegmentedColormap, Normalize
from matplotlib.patches import Rectangle

from rankviz._validation import (
    check_array,
    check_bool,
    check_int,
    check_real,
)
from rankviz.calibration import SimplexTriangulation
from rankviz.plotting._style import (
    EDGE_COLOR,
    EXACT_COLOR,
    FAINT_COLOR,
    MAX_DRAWN,
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_count,
    _check_fontsize,
    _check_labels,
    _point,
    check_text,
    plot_legend,
)

__all__ = [
    "BAYES_HATCH",
    "permutation_risk_legend_entries",
    "plot_calibration_simplex",
    "plot_permutation_risks",
    "plot_simplex_point",
    "style_permutation_risk_axes",
    "style_simplex_axes",
]


#: Hatching of the Bayes-set bars, so that they differ from the others without colour
#: (under a deuteranopia simulation the green becomes one more grey).
BAYES_HATCH = "///"
_BAYES_EDGE_COLOR = "0.1"


def style_permutation_risk_axes(
    ax, n_permutations, *, ylim, tick_labels=None, title=None, tick_fontsize=9
):
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
        Size of the tick labels; None follows ``rcParams`` (the default size).

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
    _check_axes(ax)
    m = _check_count(n_permutations, "n_permutations")
    low, high = _point(ylim, "ylim", increasing=True)
    if tick_labels is not None:
        tick_labels = _check_labels(tick_labels, "tick_labels", n=m, per="bar of n_permutations")
    title = check_text(title, "title", optional=True)
    tick_fontsize = _check_fontsize(tick_fontsize, "tick_fontsize", optional=True, names=True)
    ax.set_xlim(-0.6, m - 0.4)
    ax.set_ylim(low, high)
    if tick_labels is None:
        ax.set_xticks([])
        ax.set_xlabel(f"the {m} permutations (lexicographic order)")
    else:
        ax.set_xticks(
            np.arange(m),
            [str(t) for t in tick_labels],
            rotation=90,
            fontfamily="monospace",
            fontsize=tick_fontsize,
        )
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
        Which permutations are Bayes-optimal (drawn in :data:`SAMPLE_COLOR`,
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
    _check_axes(ax)
    heights = check_array(risks, "risks", ndim=1, nonnegative=True, max_size=MAX_DRAWN)
    m = heights.size
    mask = check_array(bayes, "bayes", ndim=1, dtype="bool")
    if mask.shape != (m,):
        raise ValueError(f"bayes must have one entry per entry of risks ({m}), got {mask.size}")
    if pred is not None:
        pred = check_int(pred, "pred", minimum=0, maximum=m - 1)
    legend = check_bool(legend, "legend")
    colors = np.where(mask, SAMPLE_COLOR, FAINT_COLOR)
    corners = [
        [(x - 0.4, 0.0), (x - 0.4, h), (x + 0.4, h), (x + 0.4, 0.0)] for x, h in enumerate(heights)
    ]
    if mask.any():  # the hatching: under the bars in the list of collections, over them on screen
        ax.add_collection(
            PolyCollection(
                [corners[i] for i in np.flatnonzero(mask)],
                facecolors="none",
                edgecolors=_BAYES_EDGE_COLOR,
                linewidths=1.2,
                hatch=BAYES_HATCH,
                zorder=1.5,
            ),
            autolim=False,
        )
    ax.add_collection(
        PolyCollection(corners, facecolors=list(colors), edgecolors=EDGE_COLOR, linewidths=0.5),
        autolim=False,
    )
    ax.update_datalim([(-0.6, min(heights.min(), 0.0)), (m - 0.4, heights.max())])
    ax.autoscale_view()
    best = heights[mask].min() if mask.any() else heights.min()
    ax.axhline(best, color=EXACT_COLOR, ls="--", lw=1.2)
    if pred is not None:
        index = pred
        h = heights[index]
        ax.add_patch(_bar_outline(index, h))
        ax.plot(
            [index], [h], marker="v", ms=12, color=POSITIVE_COLOR, mec="white", ls="none", zorder=5
        )
    if legend:
        plot_legend(ax, permutation_risk_legend_entries(), loc="upper right", fontsize="small")
    return ax


def _bar_outline(x: float, height: float):

    return Rectangle(
        (x - 0.4, 0.0), 0.8, height, fill=False, edgecolor=POSITIVE_COLOR, linewidth=2.2, zorder=4
    )


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
        (
            "Bayes set",
            {
                "patch": True,
                "facecolor": SAMPLE_COLOR,
                "edgecolor": _BAYES_EDGE_COLOR,
                "hatch": BAYES_HATCH,
            },
        ),
        ("other permutations", {"patch": True, "color": FAINT_COLOR}),
        (
            "pred(u*) of the surrogate",
            {"color": POSITIVE_COLOR, "marker": "v", "ls": "none", "ms": 10},
        ),
        ("Bayes risk", {"color": EXACT_COLOR, "ls": "--", "lw": 1.2}),
    ]


_SIMPLEX_CORNERS = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, np.sqrt(3.0) / 2.0]])
_SIMPLEX_PIXELS = 320
_CALIBRATED_RGBA = np.array([0.894, 0.894, 0.894, 1.0])


def _simplex_xy(weights: np.ndarray) -> np.ndarray:
    return np.asarray(weights, dtype=float) @ _SIMPLEX_CORNERS


def _regret_colormap():

    return LinearSegmentedColormap.from_list("regret", ["#F9D9C4", POSITIVE_COLOR, "#6E2A00"])


def style_simplex_axes(
    ax,
    vertex_labels,
    *,
    title=None,
    regret_scale=None,
    fontsize=10,
    regret_label="regret of pred(u*) where it is not Bayes",
):
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
        Size of the corner labels; None follows ``rcParams`` (the default size).
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
    _check_axes(ax)
    vertex_labels = _check_labels(vertex_labels, "vertex_labels", n=3, per="vertex (three)")
    title = check_text(title, "title", optional=True)
    if regret_scale is not None:
        regret_scale = check_real(regret_scale, "regret_scale", positive=True)
    fontsize = _check_fontsize(fontsize, "fontsize", optional=True, names=True)
    regret_label = check_text(regret_label, "regret_label")
    ax.set_xlim(-0.08, 1.08)
    ax.set_ylim(-0.1, 0.96)
    ax.set_aspect("equal")
    ax.set_axis_off()
    outline = np.vstack([_SIMPLEX_CORNERS, _SIMPLEX_CORNERS[:1]])
    ax.plot(outline[:, 0], outline[:, 1], color=EDGE_COLOR, lw=1.0)
    offsets = [(0.0, -0.055), (0.0, -0.055), (0.0, 0.03)]
    for (x, y), text, (dx, dy) in zip(_SIMPLEX_CORNERS, vertex_labels, offsets, strict=True):
        ax.text(
            x + dx,
            y + dy,
            str(text),
            ha="center",
            va="center",
            fontsize=fontsize,
            fontweight="bold",
        )
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
    grid : rankviz.calibration.SimplexTriangulation
        The triangulation (from :func:`rankviz.calibration.simplex_triangulation`).
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
        If ``ax`` is not an Axes, ``grid`` is not a SimplexTriangulation, ``regret`` has
        the wrong length or negative entries, or ``vmax <= 0``.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Proposition 2 (consistency is a pointwise
    condition on every distribution).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from rankviz.calibration import simplex_triangulation
    >>> fig, ax = plt.subplots()
    >>> grid = simplex_triangulation(4)
    >>> ax = plot_calibration_simplex(ax, grid, np.r_[np.zeros(15), 0.1], colorbar=False)
    >>> ax.images[0].get_array().shape
    (320, 320, 4)
    >>> plt.close(fig)
    """
    _check_axes(ax)
    if not isinstance(grid, SimplexTriangulation):
        raise TypeError(
            f"grid must be a rankviz.calibration.SimplexTriangulation, got {type(grid).__name__}"
        )
    values = check_array(regret, "regret", ndim=1, nonnegative=True)
    if values.size != grid.triangles.shape[0]:
        raise ValueError(
            f"regret must give one value per triangle of grid "
            f"({grid.triangles.shape[0]}), got {values.size}"
        )
    top = max(values.max(), 1e-12) if vmax is None else check_real(vmax, "vmax", positive=True)
    colorbar = check_bool(colorbar, "colorbar")
    cmap, norm = _regret_colormap(), Normalize(0.0, top, clip=True)
    # one image rather than a polygon per small triangle: a dashboard redraws it at every change
    height = _SIMPLEX_CORNERS[2, 1]
    x, y = np.meshgrid(
        (np.arange(_SIMPLEX_PIXELS) + 0.5) / _SIMPLEX_PIXELS,
        (np.arange(_SIMPLEX_PIXELS) + 0.5) / _SIMPLEX_PIXELS * height,
    )
    p_c = y / height
    p_b = x - p_c / 2.0
    p_a = 1.0 - p_b - p_c
    inside = (p_a >= 0) & (p_b >= 0)
    weights = np.column_stack([p_a[inside], p_b[inside], p_c[inside]])
    cell = values[
        grid.locate(
            np.clip(weights, 0.0, 1.0) / np.clip(weights, 0.0, 1.0).sum(axis=1, keepdims=True)
        )
    ]
    image = np.zeros((_SIMPLEX_PIXELS, _SIMPLEX_PIXELS, 4))
    image[inside] = np.where(cell[:, None] > 0, cmap(norm(cell)), _CALIBRATED_RGBA)
    ax.imshow(
        image, extent=(0.0, 1.0, 0.0, height), origin="lower", interpolation="nearest", zorder=1
    )
    if colorbar:
        bar = ax.figure.colorbar(ScalarMappable(norm=norm, cmap=cmap), ax=ax, shrink=0.7, pad=0.02)
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
    w = check_array(weights, "weights", ndim=1)
    if w.size != 3 or (w < 0).any() or not np.isclose(w.sum(), 1.0, atol=1e-9):
        raise ValueError(f"weights must be three probabilities summing to 1, got {w}")
    label = check_text(label, "label", optional=True)
    x, y = _simplex_xy(w)
    ax.plot(
        [x],
        [y],
        marker="o",
        ms=11,
        color=EXACT_COLOR,
        mec="white",
        mew=2.0,
        ls="none",
        label=label,
        zorder=6,
    )
    return ax
