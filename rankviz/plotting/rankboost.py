"""Chapter 03 (RankBoost): weighted points, preference pairs, stumps, score surfaces, the
training bounds of a boosting run and margin distributions.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

import numpy as np
from matplotlib import colormaps
from matplotlib.colors import Colormap
from matplotlib.patches import FancyArrowPatch
from matplotlib.ticker import NullLocator

from rankviz._validation import (
    MAX_MAGNITUDE,
    check_array,
    check_bool,
    check_int,
    check_real,
)
from rankviz.plotting._style import (
    ACCENT_COLOR,
    EXACT_COLOR,
    HIGHLIGHT_COLOR,
    LIGHT_COLOR,
    MAX_PLOTTED_ROUNDS,
    NEGATIVE_COLOR,
    POSITIVE_COLOR,
    REFERENCE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_color,
    check_text,
    plot_legend,
)
from rankviz.rankboost import BoostingHistory
from rankviz.stumps import Stump

__all__ = [
    "BOOSTING_BOUND_STYLES",
    "plot_boosting_bounds",
    "plot_margin_distribution",
    "plot_preference_pairs",
    "plot_score_surface",
    "plot_stump",
    "plot_weighted_points",
    "style_boosting_axes",
]


_WEIGHT_MARKER_AREA = 36.0  # marker area of a point carrying the uniform weight of its class
#: Line styles of :func:`plot_boosting_bounds` (a dashboard builds its static legend from them).
BOOSTING_BOUND_STYLES = {
    "error": {"color": EXACT_COLOR, "lw": 2.0},
    "product_Z": {"color": ACCENT_COLOR, "lw": 2.0},
    "edge_bound": {"color": LIGHT_COLOR, "lw": 2.0, "ls": "--"},
}
#: Smallest positive value a logarithmic boosting axis shows apart from 0 (symlog threshold).
_BOOSTING_LOG_FLOOR = 1e-8


def _check_features(features) -> tuple[int, int]:
    arr = check_array(features, "features", shape=(2,), dtype="int", nonnegative=True)
    if arr[0] == arr[1]:
        raise ValueError(f"features must be two different column indices, got {features!r}")
    return int(arr[0]), int(arr[1])


def _points_2d(X, name: str, features: tuple[int, int]) -> np.ndarray:
    arr = check_array(X, name, ndim=2, max_size=10**7, max_abs=MAX_MAGNITUDE)
    if max(features) >= arr.shape[1]:
        raise ValueError(f"{name} has {arr.shape[1]} features; cannot show features {features}")
    return arr[:, list(features)]


def _marker_areas(weights, n: int, name: str, points: str) -> np.ndarray:
    w = check_array(weights, name, ndim=1, nonnegative=True)
    if w.size != n:
        raise ValueError(f"{name} must have one weight per point of {points} ({n}), got {w.size}")
    # area proportional to the weight, the class's uniform weight giving the base area
    return np.clip(_WEIGHT_MARKER_AREA * n * w / max(w.sum(), 1e-300), 3.0, 900.0)


def plot_weighted_points(ax, X_pos, X_neg, w_pos=None, w_neg=None, *, features=(0, 1), legend=True):
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
    features = _check_features(features)
    pos = _points_2d(X_pos, "X_pos", features)
    neg = _points_2d(X_neg, "X_neg", features)
    s_neg = (
        _marker_areas(w_neg, neg.shape[0], "w_neg", "X_neg")
        if w_neg is not None
        else np.full(neg.shape[0], _WEIGHT_MARKER_AREA)
    )
    s_pos = (
        _marker_areas(w_pos, pos.shape[0], "w_pos", "X_pos")
        if w_pos is not None
        else np.full(pos.shape[0], _WEIGHT_MARKER_AREA)
    )
    legend = check_bool(legend, "legend")
    ax.scatter(
        neg[:, 0],
        neg[:, 1],
        s=s_neg,
        c=NEGATIVE_COLOR,
        marker="o",
        alpha=0.7,
        edgecolors="white",
        linewidths=0.5,
        label="negatives (weight $D_t^-$)",
    )
    ax.scatter(
        pos[:, 0],
        pos[:, 1],
        s=s_pos,
        c=POSITIVE_COLOR,
        marker="s",
        alpha=0.7,
        edgecolors="white",
        linewidths=0.5,
        label="positives (weight $D_t^+$)",
    )
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
    _check_axes(ax)
    features = _check_features(features)
    points = _points_2d(X, "X", features)
    idx = check_array(pairs, "pairs", ndim=2, dtype="int")
    if idx.shape[1] != 2:
        raise ValueError(f"pairs must have shape (P, 2), got {idx.shape}")
    if idx.min() < 0 or idx.max() >= points.shape[0]:
        raise ValueError(
            f"pairs must index rows of X (0..{points.shape[0] - 1}), got values "
            f"from {idx.min()} to {idx.max()}"
        )
    y = check_array(labels, "labels", ndim=1, dtype="int", bounds=(-1, 1))
    if y.size != idx.shape[0]:
        raise ValueError(
            f"labels must hold one value in {{-1, 0, +1}} per row of pairs "
            f"({idx.shape[0]}), got {y.size}"
        )
    legend = check_bool(legend, "legend")
    if weights is None:
        widths = np.full(idx.shape[0], 1.5)
    else:
        w = check_array(weights, "weights", ndim=1, nonnegative=True)
        if w.size != idx.shape[0]:
            raise ValueError(
                f"weights must hold one number per row of pairs ({idx.shape[0]}), got {w.size}"
            )
        widths = 0.4 + 5.0 * w / max(w.max(), 1e-300)
    for (a, b), label, width in zip(idx, y, widths, strict=True):
        if label == 0:
            ax.plot(points[[a, b], 0], points[[a, b], 1], ls=":", color="0.6", lw=1)
            continue
        start, end = (points[a], points[b]) if label > 0 else (points[b], points[a])
        ax.add_patch(
            FancyArrowPatch(
                tuple(start),
                tuple(end),
                arrowstyle="-|>",
                color="0.25",
                lw=width,
                shrinkA=7,
                shrinkB=7,
                mutation_scale=10 + 2 * width,
            )
        )
    ax.scatter(points[:, 0], points[:, 1], s=60, c=SAMPLE_COLOR, zorder=3, edgecolors="white")
    for i, (px, py) in enumerate(points):
        ax.annotate(str(i), (px, py), textcoords="offset points", xytext=(6, 5), fontsize=9)
    ax.set_xlabel(f"feature x{features[0]}")
    ax.set_ylabel(f"feature x{features[1]}")
    if legend:
        plot_legend(
            ax,
            [
                ("point (row index)", {"marker": "o", "color": SAMPLE_COLOR, "lw": 0}),
                ("x → x': x' preferred", {"color": "0.25"}),
                ("no preference (label 0)", {"color": "0.6", "ls": ":", "lw": 1}),
            ],
            loc="upper left",
        )
    return ax


def plot_stump(ax, stump, *, features=(0, 1), label=None, color=HIGHLIGHT_COLOR, legend=True):
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
    if not isinstance(stump, Stump):
        raise TypeError(f"stump must be a rankviz.stumps.Stump, got {type(stump).__name__}")
    features = _check_features(features)
    if stump.feature not in features:
        raise ValueError(
            f"the stump reads feature {stump.feature}, the axes show features {features}"
        )
    label = check_text(label, "label", optional=True)
    color = _check_color(color, "color")
    legend = check_bool(legend, "legend")
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
    grid = check_array(scores, "scores", ndim=2, max_size=10**7)
    box = check_array(extent, "extent", shape=(4,))
    if not (box[0] < box[1] and box[2] < box[3]):
        raise ValueError(
            f"extent must be (x_min, x_max, y_min, y_max) with x_min < x_max and "
            f"y_min < y_max, got {extent!r}"
        )
    vmin = check_real(vmin, "vmin")
    vmax = check_real(vmax, "vmax")
    if not vmin < vmax:
        raise ValueError(f"vmin must be below vmax, got vmin = {vmin} and vmax = {vmax}")
    if not isinstance(cmap, (str, Colormap)):
        raise TypeError(f"cmap must be a colormap name or a Colormap, got {type(cmap).__name__}")
    if isinstance(cmap, str) and cmap not in colormaps:
        raise ValueError(f"cmap must name a Matplotlib colormap, got {cmap!r}")
    extent = tuple(float(v) for v in box)
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    image = ax.imshow(
        grid,
        extent=extent,
        origin="lower",
        cmap=cmap,
        vmin=vmin,
        vmax=vmax,
        aspect="auto",
        interpolation="nearest",
        alpha=0.55,
        zorder=0,
    )
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
    _check_axes(ax)
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=MAX_PLOTTED_ROUNDS)
    log = check_bool(log, "log")
    ax.set_xlim(0, n_rounds + 1)
    if log:
        ax.set_yscale("symlog", linthresh=_BOOSTING_LOG_FLOOR, linscale=0.5)
        ax.set_ylim(0, 2.0)
        ax.set_yticks(
            [0.0, 1e-8, 1e-6, 1e-4, 1e-2, 1.0], ["0", "10⁻⁸", "10⁻⁶", "10⁻⁴", "10⁻²", "1"]
        )
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
    if not isinstance(history, BoostingHistory):
        raise TypeError(
            f"history must be a rankviz.rankboost.BoostingHistory, got {type(history).__name__}"
        )
    total = len(history.error)
    rounds = total if rounds is None else check_int(rounds, "rounds", minimum=1, maximum=total)
    legend = check_bool(legend, "legend")
    t = np.arange(1, rounds + 1)
    labels = {
        "error": "empirical pairwise error",
        "product_Z": r"$\prod_s Z_s$",
        "edge_bound": r"$\exp(-2\sum_s \gamma_s^2)$",
    }
    for name, style in BOOSTING_BOUND_STYLES.items():
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


def plot_margin_distribution(ax, margins, *, label, color=EXACT_COLOR, legend=True, **line_kwargs):
    """Cumulative distribution of normalized margins (the share of pairs with margin <= rho).

    At ``rho`` the curve reads the empirical margin loss bound of eq. (10.4),
    the share of pairs with ``y (f(x') - f(x)) / ||alpha||_1 <= rho``; its value
    at 0 is the empirical pairwise error.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw; called repeatedly, it overlays curves.
    margins : array_like, 1-D or 2-D (flattened)
        Normalized margins in [-1, 1] (e.g. the (n_pos, n_neg) matrix of
        :meth:`RankBoostModel.bipartite_margins`).
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
    # normalized margins lie in [-1, 1] (up to rounding)
    values = np.sort(
        check_array(margins, "margins", ndim=(1, 2), bounds=(-1.0 - 1e-9, 1.0 + 1e-9)).ravel()
    )
    label = check_text(label, "label")
    color = _check_color(color, "color")
    legend = check_bool(legend, "legend")
    share = np.arange(1, values.size + 1) / values.size
    line_kwargs.setdefault("lw", 2)
    ax.step(
        np.concatenate(([-1.0], values, [1.0])),
        np.concatenate(([0.0], share, [1.0])),
        where="post",
        color=color,
        label=label,
        **line_kwargs,
    )
    ax.axvline(0.0, color=REFERENCE_COLOR, lw=1, ls=":")
    ax.set_xlim(-1.0, 1.0)
    ax.set_ylim(0.0, 1.02)
    ax.set_xlabel(r"normalized margin $\rho$ = y (f(x') − f(x)) / $\|\alpha\|_1$")
    ax.set_ylabel(r"share of pairs with margin $\leq \rho$")
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax
