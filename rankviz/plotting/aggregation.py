"""Chapter 08 (rank aggregation and U-statistic risks): bands, the U-statistic experiment
(Duchi et al., Figure 3) and links between two rankings.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

import numpy as np
from matplotlib.lines import Line2D

from rankviz._validation import (
    check_array,
    check_bool,
    check_probability,
    check_real,
)
from rankviz.plotting._style import (
    EXACT_COLOR,
    MAX_DRAWN,
    NEUTRAL_COLOR,
    POSITIVE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_color,
    _check_fontsize,
    _point,
    check_text,
)
from rankviz.plotting.consistency import item_score_positions

__all__ = [
    "plot_band",
    "plot_rank_links",
    "plot_u_statistic_experiment",
]


def _check_line_property(name: str, value):
    """A marker or a line style Matplotlib accepts, or a ValueError naming ``name``."""
    try:
        Line2D([], [], **{name: value})
    except (TypeError, ValueError) as exc:
        what = "marker" if name == "marker" else "line style"
        raise ValueError(f"{name} must be a Matplotlib {what}, got {value!r} ({exc})") from None
    return value


def plot_band(
    ax,
    x,
    mean,
    lower,
    upper,
    *,
    label,
    color=EXACT_COLOR,
    marker="o",
    ls="-",
    alpha=0.2,
    legend=True,
):
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
    xs = check_array(x, "x", ndim=1, max_size=10**7)
    curves = [
        check_array(v, name, ndim=1, max_size=10**7)
        for v, name in ((mean, "mean"), (lower, "lower"), (upper, "upper"))
    ]
    label = check_text(label, "label")
    color = _check_color(color, "color")
    marker = _check_line_property("marker", check_text(marker, "marker"))
    ls = _check_line_property("ls", ls)
    alpha = check_real(alpha, "alpha", minimum=0.0, maximum=1.0)
    legend = check_bool(legend, "legend")
    if any(c.size != xs.size for c in curves):
        raise ValueError(
            f"x, mean, lower and upper must have one length, got "
            f"{[xs.size] + [c.size for c in curves]}"
        )
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
    result : rankviz.ustatistics_experiment.ExperimentResult
        The risks of :func:`rankviz.ustatistics_experiment.u_statistic_experiment`.
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
    >>> from rankviz.ustatistics_experiment import u_statistic_experiment
    >>> result = u_statistic_experiment((1, 50), n_runs=2, n_queries=4, n_judgments=400,
    ...                                 n_test_queries=20)
    >>> fig, ax = plt.subplots()
    >>> ax = plot_u_statistic_experiment(ax, result)
    >>> ax.get_xscale(), len(ax.get_legend().get_texts())
    ('log', 3)
    >>> plt.close(fig)
    """
    from rankviz.ustatistics_experiment import ExperimentResult

    _check_axes(ax)
    if not isinstance(result, ExperimentResult):
        raise TypeError(
            f"result must be an ExperimentResult from u_statistic_experiment, "
            f"got {type(result).__name__}"
        )
    level = check_probability(level, "level", open_interval=True)
    title = check_text(title, "title", optional=True)
    legend = check_bool(legend, "legend")
    ks = np.asarray(result.k_values, dtype=float)
    span = np.array([ks.min() / 1.4, ks.max() * 1.4]) if ks.size > 1 else ks * [0.7, 1.4]
    for values, label, color, ls in (
        (result.full, "full information: (28) on the limit scores (27)", EXACT_COLOR, ":"),
        (result.logistic, "pairwise logistic (29) on all judgments", POSITIVE_COLOR, "--"),
    ):
        mean, low, high = result.band(values, level)
        plot_band(
            ax,
            span,
            [mean] * 2,
            [low] * 2,
            [high] * 2,
            label=label,
            color=color,
            marker="",
            ls=ls,
            legend=False,
        )
    mean, low, high = result.band(result.u_statistic, level)
    plot_band(
        ax,
        ks,
        mean,
        low,
        high,
        color=SAMPLE_COLOR,
        legend=False,
        label="regression (28) on aggregated scores, U-statistic (19)",
    )
    ax.set_xscale("log")
    ax.set_xlim(*span)
    ax.set_xlabel("order k of the U-statistic (judgments aggregated per term)")
    ax.set_ylabel("NDCG risk  1 − NDCG  (test queries)")
    ax.set_title(
        title
        if title is not None
        else f"NDCG risk, mean and {level:.0%} interval over {result.n_runs} runs"
    )
    ax.grid(alpha=0.3)
    if legend:
        ax.legend(fontsize="small")
    return ax


def plot_rank_links(
    ax,
    top,
    bottom,
    *,
    rows=(0, 1),
    span=(0.0, 1.0),
    color=NEUTRAL_COLOR,
    values=True,
    fontsize=None,
):
    """Join each item's marker in one score row to its marker in another.

    Made for two rows of :func:`plot_item_scores` drawn with the same ``span``,
    ``values`` and ``fontsize``: each item's segment runs between its two places
    (:func:`~rankviz.plotting.consistency.item_score_positions`), so two segments
    cross exactly when the rows order that pair differently (the discordant
    pairs that Kendall's tau counts).

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
    values : bool, default True
        Whether the rows write each score under its marker.
    fontsize : float, optional
        The rows' ``fontsize``.

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
    upper = check_array(top, "top", ndim=1, max_size=MAX_DRAWN)
    lower = check_array(bottom, "bottom", ndim=1, max_size=MAX_DRAWN)
    if upper.size != lower.size:
        raise ValueError(
            f"top and bottom must score the same items, got {upper.size} and {lower.size} scores"
        )
    first, second = check_array(rows, "rows", shape=(2,), dtype="int", nonnegative=True)
    span = _point(span, "span", increasing=True)
    color = _check_color(color, "color")
    values = check_bool(values, "values")
    fontsize = _check_fontsize(fontsize, "fontsize", optional=True)

    def place(s):
        return item_score_positions(ax, s, span=span, values=values, fontsize=fontsize)

    y_top, y_bottom = -float(first), -float(second)
    for a, b in zip(place(upper), place(lower), strict=True):
        ax.plot([a, b], [y_top, y_bottom], color=color, lw=1.2, zorder=0.5)
    return ax
