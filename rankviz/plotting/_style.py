"""The shared style core of :mod:`rankviz.plotting`: the palette, the legend helper, axes checks.

The palette is a small set of named *roles* (Okabe-Ito colours, readable with colour blindness
and on a projector); every chapter module draws with these roles, so a colour means the same
thing across the collection and is defined once:

* :data:`POSITIVE_COLOR` positives, and what a ranking gets wrong (a misordered pair, an edge
  running backwards, the pairwise logistic fit); :data:`NEGATIVE_COLOR` negatives (and edges
  tied inside one round of a schedule);
* :data:`EXACT_COLOR` exact (population) quantities; :data:`SAMPLE_COLOR` sampled estimates,
  and what a ranking gets right (a correctly ordered edge, the Bayes permutations);
* :data:`HIGHLIGHT_COLOR` the object under study (the current stump, disagreeing pairs),
  :data:`ACCENT_COLOR` and :data:`LIGHT_COLOR` the second and third series of a figure,
  :data:`MUTED_COLOR` a fourth, :data:`FAINT_COLOR` what is not in play;
* greys: :data:`GUIDE_COLOR` guide lines (a threshold, a cut-off), :data:`REFERENCE_COLOR`
  reference lines (chance, zero), :data:`EDGE_COLOR` graph edges, :data:`AGREE_COLOR` edges
  that agree with the target, :data:`NEUTRAL_COLOR` what costs nothing.

Besides the palette this module holds what several chapter modules share: :func:`plot_legend`
and the private axes and argument checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from rankviz._validation import as_float_vector, check_real

__all__ = [
    "ACCENT_COLOR",
    "AGREE_COLOR",
    "EDGE_COLOR",
    "EXACT_COLOR",
    "FAINT_COLOR",
    "GUIDE_COLOR",
    "HIGHLIGHT_COLOR",
    "LIGHT_COLOR",
    "MUTED_COLOR",
    "NEGATIVE_COLOR",
    "NEUTRAL_COLOR",
    "POSITIVE_COLOR",
    "REFERENCE_COLOR",
    "SAMPLE_COLOR",
    "plot_legend",
]

POSITIVE_COLOR = "#D55E00"  # vermillion
NEGATIVE_COLOR = "#0072B2"  # blue
EXACT_COLOR = "#000000"  # black
SAMPLE_COLOR = "#009E73"  # bluish green
HIGHLIGHT_COLOR = "#CC79A7"  # reddish purple
ACCENT_COLOR = "#E69F00"  # orange
LIGHT_COLOR = "#56B4E9"  # sky blue
MUTED_COLOR = "#999999"  # grey
FAINT_COLOR = "#BBBBBB"  # light grey
GUIDE_COLOR = "0.2"
EDGE_COLOR = "0.3"
AGREE_COLOR = "0.35"
REFERENCE_COLOR = "0.5"
NEUTRAL_COLOR = "0.55"

_SERIES_COLORS = (HIGHLIGHT_COLOR, ACCENT_COLOR, LIGHT_COLOR, MUTED_COLOR)
_CHANCE_GID = "rankviz-chance-line"
_NO_SKILL_GID = "rankviz-no-skill-line"


# --------------------------------------------------------------------------- #
# helpers
# --------------------------------------------------------------------------- #
def _check_axes(ax) -> None:
    if not isinstance(ax, Axes):
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

