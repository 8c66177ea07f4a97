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
* greys: :data:`GUIDE_COLOR` guide lines (a threshold, a cut-off, a curve shown for
  comparison such as a test ROC), :data:`REFERENCE_COLOR` reference lines (chance, zero),
  :data:`EDGE_COLOR` graph edges, :data:`AGREE_COLOR` edges that agree with the target,
  :data:`NEUTRAL_COLOR` what costs nothing.

Colour is never the only cue: the k-th series of a figure also takes the k-th line style of
``_SERIES_LINESTYLES`` and marker of ``_SERIES_MARKERS``, and a class or region that colour marks
is told apart by a line style, marker, hatch or direct label as well, with a legend entry.

Besides the palette this module holds what several chapter modules share: :func:`plot_legend`
and the private axes and argument checks.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import is_color_like
from matplotlib.figure import FigureBase
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from rankviz._validation import (
    as_item_ids,
    check_array,
    check_choice,
    check_int,
    check_real,
    check_text,
    is_bool,
    round_finite,
)

__all__ = [
    "ACCENT_COLOR",
    "AGREE_COLOR",
    "EDGE_COLOR",
    "EXACT_COLOR",
    "FAINT_COLOR",
    "GUIDE_COLOR",
    "HIGHLIGHT_COLOR",
    "LIGHT_COLOR",
    "MAX_DRAWN",
    "MAX_FONTSIZE",
    "MAX_PLOTTED_ROUNDS",
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
#: Line styles and markers that go with ``_SERIES_COLORS`` (series k takes entry k of each), so
#: that series are told apart without their colours: dashed, dash-dotted, dotted, dash-dot-dotted.
_SERIES_LINESTYLES = ("--", "-.", ":", (0, (5, 1.5, 1, 1.5, 1, 1.5)))
_SERIES_MARKERS = ("o", "s", "^", "D")
_CHANCE_GID = "rankviz-chance-line"
_NO_SKILL_GID = "rankviz-no-skill-line"


#: The most items, bars, positions, tasks or bins one Axes draws: a figure with more is
#: unreadable, and drawing it would take minutes.
MAX_DRAWN = 10_000
#: The most boosting rounds an axis is set up for.
MAX_PLOTTED_ROUNDS = 10**6
#: The largest font size (points) accepted.
MAX_FONTSIZE = 100.0
#: Decimals to which drawn values are rounded before they are grouped (``np.unique``), compared
#: or turned into widths: far above float noise (0.35 and 0.35000000000000003 are one value),
#: far below any difference a figure can show.
GROUPING_DECIMALS = 9


# --------------------------------------------------------------------------- #
# shared checks (each raises naming the argument)
# --------------------------------------------------------------------------- #
def _check_axes(ax, name: str = "ax") -> None:
    if not isinstance(ax, Axes):
        raise TypeError(f"{name} must be a matplotlib Axes, got {type(ax).__name__}")
    if ax.name != "rectilinear":  # a 3-D or polar Axes reads x and y otherwise
        raise ValueError(
            f"{name} must be a 2-D Axes (fig.add_subplot() with no projection), "
            f"got a {ax.name!r} Axes"
        )


def _check_color(value, name: str):
    if isinstance(value, (str, tuple, list, np.ndarray)):
        if is_color_like(value if not isinstance(value, (list, np.ndarray)) else tuple(value)):
            return value
        raise ValueError(f"{name} must be a Matplotlib colour, got {value!r}")
    raise TypeError(
        f"{name} must be a Matplotlib colour (a name, '#rrggbb', a grey level "
        f"such as '0.5' or an RGB(A) tuple), got {type(value).__name__}"
    )


def _check_colors(values, name: str, n: int, *, per: str = "entry") -> list:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence | np.ndarray):
        raise TypeError(f"{name} must be a sequence of colours, got {type(values).__name__}")
    if len(values) != n:
        raise ValueError(f"{name} must give one colour per {per} ({n}), got {len(values)}")
    return [_check_color(v, f"{name}[{k}]") for k, v in enumerate(values)]


_FONT_SIZE_NAMES = (
    "xx-small",
    "x-small",
    "small",
    "medium",
    "large",
    "x-large",
    "xx-large",
    "smaller",
    "larger",
)


def _check_fontsize(
    value, name: str, *, optional: bool = False, names: bool = False
) -> float | str | None:
    """A font size in points (or, with ``names``, a Matplotlib size name such as "small")."""
    if value is None and optional:
        return None
    if names and isinstance(value, str):
        return check_choice(value, name, _FONT_SIZE_NAMES)
    return check_real(value, name, positive=True, maximum=MAX_FONTSIZE)


def _check_count(value, name: str, *, minimum: int = 1, maximum: int = MAX_DRAWN) -> int:
    return check_int(value, name, minimum=minimum, maximum=maximum)


def _check_labels(
    values, name: str, *, n: int | None = None, per: str = "entry", allow_empty: bool = False
) -> list[str]:
    """A sequence of labels (strings or real numbers; a string is a sequence of characters)."""
    if values is None or not isinstance(values, Iterable) or isinstance(values, Mapping):
        raise TypeError(f"{name} must be a sequence of labels, got {type(values).__name__}")
    labels = []
    for value in values:
        if isinstance(value, np.ndarray) and value.ndim == 0:
            value = value.item()
        if not (isinstance(value, str) or (isinstance(value, numbers.Real) and not is_bool(value))):
            raise TypeError(f"{name} must hold strings or numbers, got {type(value).__name__}")
        labels.append(str(value))
        if len(labels) > MAX_DRAWN:
            raise ValueError(f"{name} has more than MAX_DRAWN = {MAX_DRAWN} labels")
    if not labels and not allow_empty:
        raise ValueError(f"{name} must not be empty")
    if n is not None and len(labels) != n:
        raise ValueError(f"{name} must give one label per {per} ({n}), got {len(labels)}")
    return labels


def _check_mapping(values, name: str, *, allow_empty: bool = False) -> dict:
    """A mapping from names (strings) to values, kept in order."""
    if not isinstance(values, Mapping):
        raise TypeError(
            f"{name} must be a mapping (a dict) from names to values, got {type(values).__name__}"
        )
    if not values and not allow_empty:
        raise ValueError(f"{name} must not be empty")
    for key in values:
        if not isinstance(key, str):
            raise TypeError(
                f"{name} must be keyed by names (strings), got a key of type {type(key).__name__}"
            )
    return dict(values)


def _check_id_pairs(values, name: str, n: int) -> set[tuple[int, int]]:
    """Pairs (i, j) of item ids in range(n), as a set of tuples."""
    arr = check_array(values, name, dtype="int", allow_empty=True)
    if arr.size == 0:
        return set()
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"{name} must be a sequence of pairs (i, j), got shape {arr.shape}")
    arr = as_item_ids(arr, name, n, ndim=2)
    return {(int(i), int(j)) for i, j in arr}


def _curve(
    x, y, name_x: str, name_y: str, *, bounds: tuple[float, float] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    x = check_array(x, name_x, ndim=1, bounds=bounds, max_size=10**7)
    y = check_array(y, name_y, ndim=1, bounds=bounds, max_size=10**7)
    if x.shape != y.shape:
        raise ValueError(
            f"{name_x} and {name_y} must have the same length, got {x.size} and {y.size}"
        )
    return x, y


def _point(point, name: str, *, increasing: bool = False) -> tuple[float, float]:
    arr = check_array(point, name, ndim=1, allow_empty=True)
    if arr.size != 2:
        raise ValueError(f"{name} must be a pair (x, y), got {point!r}")
    if increasing and not arr[0] < arr[1]:
        raise ValueError(f"{name} must be increasing, got {point!r}")
    return float(arr[0]), float(arr[1])


def _distinct(values: np.ndarray, decimals: int = GROUPING_DECIMALS):
    """Distinct values of ``values`` and their counts, once rounded to ``decimals``.

    Values equal up to float noise (e.g. a loss summed in two orders) fall in one group, so that
    widths computed from the gaps between groups are never noise-sized.
    """
    return np.unique(round_finite(values, decimals) + 0.0, return_counts=True)


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
    if not isinstance(target, (Axes, FigureBase)):
        raise TypeError(f"target must be an Axes or a Figure, got {type(target).__name__}")
    if isinstance(entries, (str, bytes, Mapping)) or not isinstance(entries, Iterable):
        raise TypeError(
            f"entries must be a sequence of (label, style) pairs, got {type(entries).__name__}"
        )
    entries = list(entries)
    if not entries:
        raise ValueError("entries must not be empty")
    handles, labels = [], []
    for k, entry in enumerate(entries):
        if not isinstance(entry, Sequence) or isinstance(entry, str) or len(entry) != 2:
            raise TypeError(f"entries[{k}] must be a pair (label, style), got {entry!r}")
        label, style = entry
        labels.append(check_text(label, f"entries[{k}] label"))
        if not isinstance(style, Mapping):
            raise TypeError(f"entries[{k}] style must be a mapping, got {type(style).__name__}")
        style = dict(style)
        try:
            if style.pop("patch", False):
                handles.append(Patch(**style))
            else:
                style.setdefault("lw", 2)
                handles.append(Line2D([], [], **style))
        except (AttributeError, TypeError, ValueError) as exc:
            raise ValueError(f"entries[{k}] has a style Matplotlib refuses: {exc}") from None
    legend_kwargs.setdefault("fontsize", "small")
    return target.legend(handles, labels, **legend_kwargs)
