"""Chapter 04 (margin bounds and ranking SVMs): the terms of a margin bound, bound bars and
margin histograms.

Every ``plot_*`` function takes a Matplotlib ``Axes`` first, draws on it and returns it;
the ``style_*_axes`` functions set up an empty Axes as the matching ``plot_*`` function would
(see :mod:`rankviz.plotting`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankviz._validation import (
    check_array,
    check_bool,
    check_probability,
    check_real,
)
from rankviz.bounds import MarginBound
from rankviz.plotting._style import (
    ACCENT_COLOR,
    EXACT_COLOR,
    GUIDE_COLOR,
    HIGHLIGHT_COLOR,
    LIGHT_COLOR,
    MUTED_COLOR,
    POSITIVE_COLOR,
    REFERENCE_COLOR,
    SAMPLE_COLOR,
    _check_axes,
    _check_count,
    _check_labels,
    _check_mapping,
    _distinct,
    _point,
    check_text,
)

__all__ = [
    "BOUND_TERM_COLORS",
    "BOUND_TERM_HATCHES",
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
    "margin_loss": LIGHT_COLOR,  # sky blue
    "complexity": ACCENT_COLOR,  # orange
    "uniform_cost": MUTED_COLOR,  # grey
    "confidence": HIGHLIGHT_COLOR,  # reddish purple
}
#: Hatching of the terms (none for the margin loss): colour is never the only cue; under
#: deuteranopia the uniform-over-rho cost (grey) and the confidence term (reddish purple) have
#: nearly the same colour, and the hatching tells every pair of terms apart.
BOUND_TERM_HATCHES = {
    "margin_loss": None,
    "complexity": "..",
    "uniform_cost": "//",
    "confidence": "\\\\",
}
#: Colour of the hatching's lines.
_HATCH_COLOR = "0.25"
_BOUND_TERM_LABELS = {
    "margin_loss": r"margin loss $\widehat R_{S,\rho}$",
    "complexity": "complexity term",
    "uniform_cost": r"uniform-over-$\rho$ cost (ex. 10.1)",
    "confidence": r"confidence term ($\delta$)",
}
#: Colours of the margin histogram's zones: misordered (<= 0), inside the margin (the colour of
#: the margin loss they pay), beyond it.
MARGIN_ZONE_COLORS = {
    "misordered": POSITIVE_COLOR,
    "inside": BOUND_TERM_COLORS["margin_loss"],
    "beyond": SAMPLE_COLOR,
}
_TRUE_ERROR_STYLE = {"color": EXACT_COLOR, "ls": "--", "lw": 2.0}
_RHO_STYLE = {"color": GUIDE_COLOR, "ls": ":", "lw": 1.5}


def _term_style(name: str) -> dict:
    """Patch keywords of a bound term's band or bar: its colour and hatching (no outline)."""
    return {
        "facecolor": BOUND_TERM_COLORS[name],
        "alpha": 0.8,
        "hatch": BOUND_TERM_HATCHES[name],
        "edgecolor": _HATCH_COLOR,
        "lw": 0,
    }


def _as_bound(bound, *, many: bool) -> None:
    if not isinstance(bound, MarginBound):
        raise TypeError(f"bound must be a rankviz.bounds.MarginBound, got {type(bound).__name__}")
    if many and np.ndim(bound.rho) != 1:
        raise ValueError("bound must be computed for an array of rho values (at least two)")
    if not many and np.ndim(bound.rho) != 0:
        raise ValueError(
            "bound must be computed for a single rho (use plot_margin_bound_terms "
            "for an array of rho values)"
        )


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
    uniform = check_bool(uniform, "uniform")
    errors = _check_labels(errors, "errors", allow_empty=True)
    entries = [
        (_BOUND_TERM_LABELS[name], {"patch": True, **_term_style(name)})
        for name in BOUND_TERM_COLORS
        if uniform or name != "uniform_cost"
    ]
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
    title = check_text(title, "title", optional=True)
    ax.set_xlim(0.0, rho_max)
    ax.set_ylim(0.0, ymax)
    ax.set_xlabel(r"margin $\rho$")
    ax.set_ylabel("bound on the pairwise error")
    ax.axhline(1.0, color=REFERENCE_COLOR, lw=1, ls=":")
    if title is not None:
        ax.set_title(title)
    return ax


def plot_margin_bound_terms(
    ax, bound, *, error=None, error_label="true pairwise error R(h)", mark=None, legend=True
):
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
    if error is not None:
        error = check_probability(error, "error")
    error_label = check_text(error_label, "error_label")
    if mark is not None:
        mark = check_real(mark, "mark", nonnegative=True)
    legend = check_bool(legend, "legend")
    base = np.zeros_like(rho)
    for name in BOUND_TERM_COLORS:
        values = np.broadcast_to(np.asarray(getattr(bound, name), dtype=float), rho.shape)
        if name == "uniform_cost" and not values.any():
            continue
        ax.fill_between(
            rho, base, base + values, label=_BOUND_TERM_LABELS[name], **_term_style(name)
        )
        base = base + values
    ax.plot(rho, base, color=EXACT_COLOR, lw=1.5, label="bound (sum of the terms)")
    best = bound.best()
    # not clipped: the smallest bound may lie on the edge of the axes (at rho = 1, say)
    ax.plot(
        [best.rho],
        [best.total],
        "o",
        color=EXACT_COLOR,
        ms=7,
        clip_on=False,
        zorder=3,
        label=rf"smallest bound {best.total:.3f} at $\rho$ = {best.rho:.2f}",
    )
    if error is not None:
        ax.axhline(error, label=f"{error_label} = {error:.3f}", **_TRUE_ERROR_STYLE)
    if mark is not None:
        ax.axvline(mark, **_RHO_STYLE)
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
    labels = _check_labels(bar_labels, "bar_labels")
    ymax = check_real(ymax, "ymax", positive=True)
    title = check_text(title, "title", optional=True)
    ax.set_xlim(-0.6, len(labels) - 0.4)
    ax.set_ylim(0.0, ymax)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("pairwise error / bound")
    ax.axhline(1.0, color=REFERENCE_COLOR, lw=1, ls=":")
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
    errors = _check_mapping(errors, "errors", allow_empty=True)
    for label, value in errors.items():
        check_probability(value, f"errors[{label!r}]")
    legend = check_bool(legend, "legend")
    base = 0.0
    for name in BOUND_TERM_COLORS:
        value = float(getattr(bound, name))
        if name == "uniform_cost" and value == 0.0:
            continue
        ax.bar(
            0, value, bottom=base, width=0.6, label=_BOUND_TERM_LABELS[name], **_term_style(name)
        )
        base += value
    top = ax.get_ylim()[1]
    ax.text(
        0,
        min(base, 0.93 * top),
        f"{base:.3f}",
        ha="center",
        va="bottom",
        fontsize=11,
        fontweight="bold",
    )
    for k, (label, value) in enumerate(errors.items(), start=1):
        value = float(value)
        ax.bar(k, value, color=EXACT_COLOR if k == len(errors) else "0.55", width=0.6, label=label)
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
    low, high = _point(value_range, "value_range", increasing=True)
    title = check_text(title, "title", optional=True)
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
    margins : array_like, 1-D or 2-D
        The margins (flattened).
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
    values = check_array(margins, "margins", ndim=(1, 2)).ravel()
    rho = check_real(rho, "rho", positive=True)
    bins = _check_count(bins, "bins")
    low, high = (
        ax.get_xlim()
        if value_range is None
        else _point(value_range, "value_range", increasing=True)
    )
    legend = check_bool(legend, "legend")
    # rounded before np.unique: rho = 0.2 and the regular edge -2 + 33 * 4/60 =
    # 0.2000000000000002 would otherwise make a bin 2e-16 wide (and a huge density)
    edges = _distinct(
        np.concatenate(
            (np.linspace(low, high, bins + 1), [v for v in (0.0, rho) if low < v < high])
        )
    )[0]
    counts, _ = np.histogram(values, bins=edges)
    density = counts / (values.size * np.diff(edges))
    centers = (edges[:-1] + edges[1:]) / 2.0
    shares = {
        "misordered": np.mean(values <= 0),
        "inside": np.mean((values > 0) & (values <= rho)),
        "beyond": np.mean(values > rho),
    }
    labels = {
        "misordered": "misordered (≤ 0)",
        "inside": "inside the margin (0, ρ]",
        "beyond": "beyond the margin (> ρ)",
    }
    zones = {
        "misordered": centers <= 0,
        "inside": (centers > 0) & (centers <= rho),
        "beyond": centers > rho,
    }
    for name, mask in zones.items():
        ax.stairs(
            np.where(mask, density, 0.0),
            edges,
            fill=True,
            color=MARGIN_ZONE_COLORS[name],
            alpha=0.75,
            label=f"{labels[name]}: {shares[name]:.1%}",
        )
    ax.axvline(0.0, color=REFERENCE_COLOR, lw=1, ls=":")
    ax.axvline(rho, label=f"ρ = {rho:.2f}", **_RHO_STYLE)
    ax.set_ylim(0.0, 1.08 * max(float(density.max()), 1e-12))
    ax.set_xlim(low, high)
    if legend:
        ax.legend(loc="upper left", fontsize="small")
    return ax
