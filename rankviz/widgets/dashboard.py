"""The one mechanism every chapter dashboard uses to redraw on a control change.

A chapter writes its controls (built with :func:`float_slider`,
:func:`int_slider`, :func:`dropdown`) and one or two drawing functions that
call compute functions and then :mod:`rankviz.plotting`; :class:`Dashboard`
observes the controls, redraws, renders the figure to PNG bytes in an
``ipywidgets.Image`` and shows the returned readouts as a table.

Two ways to draw
----------------
* **Simple**: ``draw(fig, **values)`` draws everything on an empty figure at
  every change.  Correct and easy, but a multi-panel matplotlib figure costs
  a few hundred milliseconds to re-render (tick labels and text layout dominate,
  not rasterisation).
* **Fast** (what the chapter dashboards use): ``setup(fig, **values)`` builds
  the static part once (axes, labels, fixed limits) and returns what ``draw``
  needs; ``draw(axes, **values)`` adds only the changing artists.  The
  dashboard renders the static part once, caches its pixels, and at each
  change removes the previous ``draw``'s artists and *blits* the new ones onto
  the cached pixels, which costs a few milliseconds.  ``setup`` reruns when a
  control in ``layout_controls`` changes.  A safety net keeps the picture
  right: if ``draw`` changes anything static (limits, ticks, labels, titles,
  axes position), the dashboard re-renders the static part before blitting.
  One freedom is allowed: an axis whose ticks ``setup`` removed may change
  its limits in ``draw`` (e.g. a density panel whose height follows the
  curves), provided ``setup`` drew nothing in data coordinates on it.

Why an ``Image`` widget: the picture is replaced in place (no flicker, no
growing output area), and nothing is needed in JupyterLab beyond the
ipywidgets extension (no ``ipympl``).  The front end keeps at most one
pending update per control and merges the rest, so a slider dragged with
``continuous_update=True`` gives a live sequence of redraws, not a backlog.
``benchmarks/bench_widgets.py`` measures both ways.

Two layouts
-----------
* **Student** (the default): the controls and the table of readouts in a
  column on the left, the figure on the right, as a reader on a laptop wants
  them: every control and every number at hand.
* **Presentation** (for a projector; :func:`presentation_mode` switches it on
  for every dashboard built afterwards): no title (the deck's heading names
  it), the main controls and a reset button in rows above the figure (larger
  type), the two to
  four numbers a talk track cites (``headline``) shown large, and a figure
  drawn at projector size (every point 1.6 px, so text at matplotlib's default
  size is 16 px at its natural width: :data:`PRESENTATION_SCALE`) that takes
  the full width of the notebook and scales with it.  Secondary controls
  (``advanced``: seeds, per-item values) and the full table of readouts are
  folded under "more".

Values set from the kernel
--------------------------
Sliders made by :func:`float_slider` and :func:`int_slider` round every value
a script sets on them to their step (values the browser sends are its own and
are kept as they are), and ``Dashboard``
remembers its controls' initial values (:meth:`Dashboard.reset`, and a reset
button on every dashboard).  A value such as ``0.1 + 0.2`` set by a script is
stored as ``0.3``, the value the browser's slider shows: otherwise the browser
would round it and send the rounded value back to the kernel, possibly after
the script had moved on.

Tests drive a dashboard as a reader does: set ``controls[name].value`` and read
``readouts``, ``figure`` or ``image.value``.
"""

from __future__ import annotations

import functools
import html
import io
import math
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image as PILImage
from traitlets import TraitError, validate

from rankviz._validation import check_array, check_bool, check_int, check_real, check_text
from rankviz.widgets._shell import check_names
from rankviz.widgets.snapshot import DashboardSnapshot

__all__ = [
    "MAX_FIGURE_PIXELS",
    "MAX_SLIDER_POSITIONS",
    "PRESENTATION_DPI",
    "PRESENTATION_SCALE",
    "PRESENTATION_WIDTH",
    "Dashboard",
    "dropdown",
    "float_slider",
    "initial_values",
    "int_slider",
    "presentation_enabled",
    "presentation_mode",
    "serialized",
]

_DESCRIPTION_STYLE = {"description_width": "11em"}
_CONTROL_LAYOUT = {"width": "100%"}

#: Width of a figure in presentation mode, in projector inches of :data:`PRESENTATION_DPI`
#: pixels: 1080 px, the width of a notebook's output area in JupyterLab in a 1280 px wide
#: browser window with the sidebars collapsed, so that it is shown at its natural size
#: there (and scaled down, never up, in a narrower window).
PRESENTATION_WIDTH = 15.0
#: Pixels per projector inch: ``presentation_figsize`` is given in these inches.
PRESENTATION_DPI = 72
#: How much larger than on a laptop every text, line and marker of a figure is drawn in
#: presentation mode.  Sizes in matplotlib are in points: the figure is drawn at
#: ``PRESENTATION_DPI * PRESENTATION_SCALE`` dots per inch (and ``PRESENTATION_SCALE``
#: times fewer inches, so the same pixels), and a point becomes 1.6 px.  Text at
#: matplotlib's default 10 pt is 16 px at the natural size (the back row of a classroom
#: reads 16-18 px on a 1280 px projector), titles 19 px, lines 2.4 px.  The scale
#: belongs to the figure alone: nothing in matplotlib's global ``rcParams`` changes, so a
#: plot drawn at the same moment on another thread (ipykernel 7 delivers widget messages
#: on a thread of their own) keeps its sizes.
PRESENTATION_SCALE = 1.6

_PRESENTATION = {"on": False}

# One redraw at a time in the kernel.  ipykernel 7 delivers widget messages on a subshell thread
# while a button's callback runs on the main thread: without the lock two redraws of one figure
# interleave (a blank picture, headline numbers of a stale state).  Reentrant: a
# callback sets controls, whose observers redraw, on the same thread.
_UPDATES = threading.RLock()

#: Most positions a slider may have ((max - min) / step): a slider on a screen has fewer pixels.
MAX_SLIDER_POSITIONS = 100_000
#: Largest width or height of a dashboard's picture, in pixels (figsize times dpi).
MAX_FIGURE_PIXELS = 4_000

# Type and spacing of a dashboard in presentation mode.  Scoped to the class that
# only the presentation layout's root has; a notebook in the student layout is unchanged.
# As slides (jupyterlab-slideshow's deck mode sets data-jp-deck-mode on <body>), the
# one-word input of a cell that shows a dashboard is hidden (the slide needs the room) and
# the talk track's text is set for the back of the room (22 px, headings 32-40 px).
_PRESENTATION_CSS = """<style>
.rankviz-presentation .widget-label, .rankviz-presentation .widget-readout,
.rankviz-presentation .widget-dropdown select, .rankviz-presentation .widget-text input,
.rankviz-presentation .widget-button, .rankviz-presentation .widget-toggle-button,
.rankviz-presentation .lm-AccordionPanel-title, .rankviz-presentation .p-Accordion-title,
.rankviz-presentation .jupyter-widget-Collapse-header {
  font-size: 17px; line-height: 30px; }
.rankviz-presentation .widget-inline-hbox, .rankviz-presentation .widget-button,
.rankviz-presentation .widget-dropdown select { min-height: 30px; }
.rankviz-presentation .widget-readout { min-width: 4em; }
.rankviz-headline { display: flex; flex-wrap: wrap; gap: 0.4em 2.2em; margin: 0.15em 0 0.2em 0; }
.rankviz-headline .rankviz-number { font-size: 28px; font-weight: bold; line-height: 32px; }
.rankviz-headline .rankviz-name { font-size: 16px; line-height: 20px; color: #333; }
body[data-jp-deck-mode='presenting'] .jp-CodeCell:has(.rankviz-presentation) .jp-Cell-inputWrapper {
  display: none; }
body[data-jp-deck-mode='presenting'] .jp-MarkdownCell .jp-RenderedMarkdown :is(p, li, summary) {
  font-size: 22px; line-height: 1.45; }
body[data-jp-deck-mode='presenting'] .jp-MarkdownCell .jp-RenderedMarkdown h1 { font-size: 40px; }
body[data-jp-deck-mode='presenting'] .jp-MarkdownCell .jp-RenderedMarkdown h2 { font-size: 32px; }
</style>"""


def presentation_mode(on: bool | None = None) -> bool | None:
    """Switch the presentation layout on or off for every dashboard built afterwards.

    The one switch of a classroom deck: call ``presentation_mode(True)`` at its
    top, and each dashboard it builds is laid out for a projector (see the
    module docstring).  A dashboard's own ``presentation=`` argument, when
    given, overrides the switch.

    Parameters
    ----------
    on : bool, optional
        The new setting; without it, the current one is returned.

    Returns
    -------
    bool or None
        The current setting when called without ``on``; None when setting it
        (so that the deck's cell prints nothing).

    Raises
    ------
    TypeError
        If ``on`` is neither None nor a bool.

    Examples
    --------
    >>> presentation_mode()
    False
    >>> presentation_mode(True)
    >>> presentation_mode()
    True
    >>> presentation_mode(False)
    """
    if on is None:
        return _PRESENTATION["on"]
    if not isinstance(on, bool):
        raise TypeError(f"on must be a bool or None, got {type(on).__name__}")
    _PRESENTATION["on"] = on
    return None


def serialized(callback: Callable) -> Callable:
    """``callback``, run under the kernel-wide lock that every dashboard redraws under.

    For a chapter's own observers of its controls (one control that follows
    another): ipykernel 7 may deliver two widget messages on two threads at once,
    and a callback that reads some controls and sets others must not interleave
    with a redraw or with itself.

    Raises
    ------
    TypeError
        If ``callback`` is not callable.
    """
    if not callable(callback):
        raise TypeError(f"callback must be callable, got {type(callback).__name__}")

    @functools.wraps(callback)
    def run(*args, **kwargs):
        with _UPDATES:
            return callback(*args, **kwargs)

    return run


def presentation_enabled(presentation: bool | None = None) -> bool:
    """Whether a dashboard built with ``presentation=presentation`` uses the presentation layout.

    A chapter's dashboard function calls it to choose its figure's layout
    (wide and low for a projector) before building its :class:`Dashboard`.

    Parameters
    ----------
    presentation : bool, optional
        The dashboard's own choice; None defers to :func:`presentation_mode`.

    Returns
    -------
    bool

    Raises
    ------
    TypeError
        If ``presentation`` is neither None nor a bool.

    Examples
    --------
    >>> presentation_enabled(), presentation_enabled(True)
    (False, True)
    """
    if presentation is None:
        return _PRESENTATION["on"]
    if not isinstance(presentation, bool):
        raise TypeError(f"presentation must be a bool or None, got {type(presentation).__name__}")
    return presentation


def _decimals(*numbers) -> int:
    """How many decimals the shortest representations of ``numbers`` need (at most 12)."""
    return min(12, max(max(0, -Decimal(repr(float(x))).as_tuple().exponent) for x in numbers))


class _SteppedFloatSlider(widgets.FloatSlider):
    """A FloatSlider whose value is always on its grid ``min + k * step``, written shortest."""

    @validate("value")
    def _validate_value(self, proposal):
        value = super()._validate_value(proposal)
        if "value" in self._property_lock:
            # a value the browser sent (in its own arithmetic, e.g. 0.05 + 11 * 0.05): keep it,
            # or the kernel and the browser would correct each other back and forth
            return value
        steps = round((value - self.min) / self.step)
        snapped = min(max(self.min + steps * self.step, self.min), self.max)
        return round(snapped, _decimals(self.min, self.step))


class _SteppedIntSlider(widgets.IntSlider):
    """An IntSlider whose value is always on its grid ``min + k * step``."""

    @validate("value")
    def _validate_value(self, proposal):
        value = super()._validate_value(proposal)
        steps = round((value - self.min) / self.step)
        return int(min(max(self.min + steps * self.step, self.min), self.max))


def float_slider(
    description, value, min, max, step, *, readout_format=".2f", continuous_update=True
):
    """A ``FloatSlider`` styled like every other dashboard control.

    Parameters
    ----------
    description : str
        Label shown to the left of the slider.
    value, min, max, step : float
        Initial value, range and step; ``min <= value <= max``.
    readout_format : str, default ".2f"
        Format of the number shown to the right.
    continuous_update : bool, default True
        Redraw while dragging (the front end merges updates the kernel has not
        yet processed); use False for a control whose redraw is slow.

    Returns
    -------
    ipywidgets.FloatSlider
        Every value set on it is rounded to the nearest ``min + k * step``
        (and written with as many decimals as ``min`` and ``step`` need).

    Raises
    ------
    TypeError
        If ``description`` or ``readout_format`` is not a string, a number is
        not a real number or ``continuous_update`` is not a bool.
    ValueError
        If a number is not finite, ``min < max`` fails, ``step <= 0``, the
        slider would have more than :data:`MAX_SLIDER_POSITIONS` positions,
        ``value`` is outside the range or ``readout_format`` is not a number format.

    Examples
    --------
    >>> slider = float_slider("p", 0.5, 0.0, 1.0, 0.05)
    >>> slider.value = 0.1 + 0.2   # 0.30000000000000004
    >>> slider.value
    0.3
    """
    description = check_text(description, "description")
    value, min, max, step = _numbers(
        check_real, description, value=value, min=min, max=max, step=step
    )
    _check_range(description, value, min, max, step)
    readout_format = check_text(readout_format, "readout_format")
    continuous_update = check_bool(continuous_update, "continuous_update")
    try:
        return _SteppedFloatSlider(
            value=value,
            min=min,
            max=max,
            step=step,
            description=description,
            readout_format=readout_format,
            continuous_update=continuous_update,
            style=_DESCRIPTION_STYLE,
            layout=_CONTROL_LAYOUT,
        )
    except TraitError as exc:  # the one trait left unchecked: the format
        raise ValueError(
            f"readout_format must be a number format such as '.2f', got {readout_format!r}"
        ) from exc


def int_slider(description, value, min, max, step=1, *, continuous_update=True):
    """An ``IntSlider`` styled like every other dashboard control.

    Parameters
    ----------
    description : str
        Label shown to the left of the slider.
    value, min, max, step : int
        Initial value, range and step; ``min <= value <= max``.
    continuous_update : bool, default True
        As in :func:`float_slider`.

    Returns
    -------
    ipywidgets.IntSlider
        Every value set on it is rounded to the nearest ``min + k * step``.

    Raises
    ------
    TypeError
        If ``description`` is not a string, a number is not an integer or
        ``continuous_update`` is not a bool.
    ValueError
        If the range is empty, ``step <= 0``, the slider would have more than
        :data:`MAX_SLIDER_POSITIONS` positions or ``value`` is outside the range.
    """
    description = check_text(description, "description")
    value, min, max, step = _numbers(
        check_int, description, value=value, min=min, max=max, step=step
    )
    _check_range(description, value, min, max, step)
    continuous_update = check_bool(continuous_update, "continuous_update")
    return _SteppedIntSlider(
        value=value,
        min=min,
        max=max,
        step=step,
        description=description,
        continuous_update=continuous_update,
        style=_DESCRIPTION_STYLE,
        layout=_CONTROL_LAYOUT,
    )


def dropdown(description, options, value=None):
    """A ``Dropdown`` styled like every other dashboard control.

    Parameters
    ----------
    description : str
        Label shown to the left.
    options : sequence of str or of (label, value) pairs
        The choices.
    value : optional
        Initial value; the first option's by default.

    Returns
    -------
    ipywidgets.Dropdown

    Raises
    ------
    TypeError
        If ``description`` is not a string or ``options`` is not a sequence of
        strings or of (label, value) pairs with string labels.
    ValueError
        If ``options`` is empty or ``value`` is not among them.
    """
    description = check_text(description, "description")
    if isinstance(options, (str, bytes, Mapping)) or not isinstance(options, Iterable):
        raise TypeError(
            f"options of {description!r} must be a sequence of strings or of "
            f"(label, value) pairs, got {type(options).__name__}"
        )
    options = list(options)
    if not options:
        raise ValueError(f"options of {description!r} must not be empty")
    for option in options:
        label = option[0] if isinstance(option, tuple) and len(option) == 2 else option
        if not isinstance(label, str):
            raise TypeError(
                f"options of {description!r} must be strings or (label, value) "
                f"pairs with string labels, got {option!r}"
            )
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    if value is None:
        value = values[0]
    if value not in values:
        raise ValueError(f"value of {description!r} must be one of {values}, got {value!r}")
    return widgets.Dropdown(
        options=options,
        value=value,
        description=description,
        style=_DESCRIPTION_STYLE,
        layout=_CONTROL_LAYOUT,
    )


def initial_values(
    dashboard: str, defaults: Mapping[str, object], initial: Mapping[str, object]
) -> dict[str, object]:
    """A dashboard's starting control values: its defaults, overridden by ``initial``.

    Parameters
    ----------
    dashboard : str
        The dashboard's name, for the error message.
    defaults : mapping
        Every control's default value.
    initial : mapping
        The values the caller chose (keyword arguments of the dashboard).

    Returns
    -------
    dict

    Raises
    ------
    TypeError
        If ``dashboard`` is not a string, ``defaults`` or ``initial`` is not a
        mapping, or ``initial`` names a control the dashboard does not have.

    Examples
    --------
    >>> initial_values("demo", {"a": 1, "b": 2}, {"b": 5})
    {'a': 1, 'b': 5}
    """
    dashboard = check_text(dashboard, "dashboard")
    for mapping, name in ((defaults, "defaults"), (initial, "initial")):
        if not isinstance(mapping, Mapping):
            raise TypeError(
                f"{name} must be a mapping of control names to values, got {type(mapping).__name__}"
            )
    unknown = set(initial) - set(defaults)
    if unknown:
        raise TypeError(
            f"{dashboard} got unknown controls {sorted(unknown)} in its initial "
            f"values; known: {sorted(defaults)}"
        )
    return {**defaults, **initial}


def _numbers(check, description, **numbers) -> list:
    """Check a slider's numbers; a message starts with the slider's description."""
    out = []
    for name, value in numbers.items():
        try:
            out.append(check(value, name))
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"{description!r}: {exc}") from None
    return out


def _check_range(description, value, low, high, step) -> None:
    if not low < high:
        raise ValueError(f"{description!r}: min must be < max, got {low} and {high}")
    if not step > 0:
        raise ValueError(f"{description!r}: step must be > 0, got {step}")
    if (high - low) / step > MAX_SLIDER_POSITIONS:
        raise ValueError(
            f"{description!r}: (max - min) / step must be <= "
            f"{MAX_SLIDER_POSITIONS} (MAX_SLIDER_POSITIONS), got "
            f"{(high - low) / step:.3g}"
        )
    if step > high - low:
        raise ValueError(f"{description!r}: step must be <= max - min, got {step}")
    if not low <= value <= high:
        raise ValueError(f"{description!r}: value {value} is outside [{low}, {high}]")


def _check_figsize(figsize, name: str) -> tuple[float, float]:
    size = check_array(figsize, name, shape=(2,))
    if (size <= 0).any():
        raise ValueError(f"{name} must be two positive numbers (inches), got {tuple(size)}")
    return float(size[0]), float(size[1])


def _check_pixels(figsize, dpi, name: str) -> None:
    if max(figsize) * dpi > MAX_FIGURE_PIXELS:
        raise ValueError(
            f"{name} times dpi must be at most {MAX_FIGURE_PIXELS} pixels "
            f"(MAX_FIGURE_PIXELS) each way, got {max(figsize) * dpi:g}"
        )


def _format_value(value) -> str:
    """A readout as shown: floats to 3 decimals, or 3 significant digits below 0.001.

    A small positive quantity that keeps shrinking (a bound, a product of
    normalisers) must not freeze at "0.000".

    Examples
    --------
    >>> [_format_value(x) for x in (0.5, 2.0 / 3.0, 0.0, 0.000123456, -4.2e-07, float("nan"))]
    ['0.500', '0.667', '0.000', '1.23 × 10⁻⁴', '−4.20 × 10⁻⁷', 'undefined']
    """
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "undefined"
        if value != 0.0 and abs(value) < 0.001:
            mantissa, exponent = f"{value:.2e}".split("e")
            superscript = str(int(exponent)).translate(str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹"))
            return f"{mantissa.replace('-', '−')} × 10{superscript}"
        return f"{value:.3f}"
    return html.escape(str(value))


def _formatter_signature(axis) -> tuple:
    """What determines an axis's tick labels besides its ticks and limits.

    Formatters that hold their labels or format string (``FixedFormatter``,
    ``StrMethodFormatter``, ``FormatStrFormatter``) are compared by content, so
    that re-setting the same tick labels at every update stays a blit; any other
    formatter by identity (a new one forces a full render, which is always right).
    The labels given to ``set_xticks(ticks, labels)`` (a ``FuncFormatter`` over a
    ``functools.partial`` of a dict) are compared by content too.
    """
    formatter = axis.get_major_formatter()
    if hasattr(formatter, "seq"):
        return type(formatter).__name__, tuple(formatter.seq)
    if isinstance(getattr(formatter, "fmt", None), str):
        return type(formatter).__name__, formatter.fmt
    func = getattr(formatter, "func", None)
    if isinstance(func, functools.partial):  # set_ticks(..., labels): a partial over a dict
        arguments = tuple(sorted(a.items()) if isinstance(a, dict) else a for a in func.args)
        return type(formatter).__name__, id(func.func), repr(arguments)
    return type(formatter).__name__, id(formatter)


def _axes_signature(ax) -> tuple:
    """Everything about an Axes that lives in the cached static pixels.

    Tick labels are not formatted here (that is the slow part of a draw): they
    are determined by the ticks, the limits and the formatter, which are.

    An axis without ticks may change its limits freely (a density panel whose
    height follows the curves): the static pixels do not depend on them, as
    long as ``setup`` drew nothing in data coordinates on that axes.
    """
    xticks, yticks = tuple(ax.get_xticks()), tuple(ax.get_yticks())
    return (
        ax.get_visible(),
        tuple(ax.get_position().bounds),
        ax.get_xlim() if xticks else None,
        ax.get_ylim() if yticks else None,
        ax.get_xscale(),
        ax.get_yscale(),
        ax.get_xlabel(),
        ax.get_ylabel(),
        ax.get_title("left"),
        ax.get_title("center"),
        ax.get_title("right"),
        xticks,
        yticks,
        _formatter_signature(ax.xaxis),
        _formatter_signature(ax.yaxis),
    )


class Dashboard:
    """A matplotlib figure that redraws itself whenever one of its controls changes.

    Parameters
    ----------
    title : str
        Shown above the dashboard.
    controls : mapping of str to ipywidgets.ValueWidget
        The controls, keyed by the keyword under which their value is passed
        to ``setup`` and ``draw``.  The dashboard observes each ``value``.
    draw : callable
        Without ``setup``: ``draw(fig, **values)`` draws everything on the
        empty ``matplotlib.figure.Figure`` ``fig``.  With ``setup``:
        ``draw(handles, **values)`` adds the changing artists to the axes that
        ``setup`` returned.  Either way it returns a mapping of readouts (name
        to number or text), shown as a table beside the controls, or None.
    setup : callable, optional
        ``setup(fig, **values) -> handles``: builds the static part of the
        figure (axes, fixed limits, labels) and returns what ``draw`` needs.
        Enables the fast, blitting path described in the module docstring.
    layout_controls : iterable of str, optional
        Controls whose change reruns ``setup`` (e.g. a number of items that
        changes the axes).  Only meaningful with ``setup``.
    figsize : (float, float), default (10, 7)
        Figure size in inches.
    dpi : int, default 80
        Rendering resolution; the picture is ``figsize * dpi`` pixels.
    buttons : mapping of str to callable, optional
        Action buttons: ``callback(dashboard)`` runs on a click (it may set
        control values), after which the dashboard redraws once.  A
        ``ValueError`` raised by the callback is shown like a drawing error,
        and the picture is left as it was.
    note : str, optional
        One line of HTML under the title (what to try); the student layout shows it.
    headline : iterable of str, optional
        The readouts a talk track cites, shown large above the figure in the
        presentation layout (in this order).  An entry names a readout, or the
        start of its name (``"NDCG@"`` matches ``"NDCG@5"``, whatever the cut-off).
    advanced : iterable of str, optional
        Controls folded under "more" in the presentation layout (seeds,
        per-item values): what a lecture does not move.
    on_reset : callable, optional
        ``on_reset(dashboard)`` runs when the dashboard is reset, before the
        controls return to their initial values: it restores any state the
        dashboard keeps besides its controls (e.g. an example found by a button).
    presentation : bool, optional
        Use the presentation layout (True) or the student layout (False);
        by default, whatever :func:`presentation_mode` says.
    rebuild : callable, optional
        ``rebuild(presentation=True, **values)`` builds this dashboard again
        in the presentation layout (the chapter's dashboard function).  With
        it, the student layout has a button that swaps in the presentation
        layout at the current values, and a button there swaps back (taking
        its values along): a larger figure in one click, for a laptop screen
        with JupyterLab's file browser open, where the student layout's
        figure is shrunk to half its size.
    presentation_figsize : (float, float), optional
        Figure size in the presentation layout, in inches of
        :data:`PRESENTATION_DPI` pixels, drawn at :data:`PRESENTATION_SCALE`; by default
        ``(PRESENTATION_WIDTH, 6.0)``.  ``setup`` should then lay out its
        panels for a wide, low figure.

    Attributes
    ----------
    controls : dict
        The controls, by keyword.
    figure : matplotlib.figure.Figure
        The figure in its current state (``savefig`` or display it for a
        static copy; :meth:`snapshot` returns the rendered PNG).
    image : ipywidgets.Image
        The rendered PNG shown in the dashboard.
    defaults : dict
        The controls' initial values, which :meth:`reset` restores.
    presentation : bool
        Whether the dashboard uses the presentation layout.
    readouts : dict
        What ``draw`` returned at the last redraw.
    error : str or None
        The message of a ``ValueError`` raised while drawing at the last
        redraw (shown in red above an empty figure), or None.
    last_update_seconds : float
        Wall-clock time of the last redraw: compute, drawing and PNG encoding.
    update_count, full_render_count : int
        Redraws so far, and how many of them re-rendered the static part.

    Raises
    ------
    TypeError
        If ``draw`` or ``setup`` is not callable or a control is not an
        ipywidgets value widget.
    ValueError
        If ``controls`` is empty or ``layout_controls`` or ``advanced`` names an
        unknown control.

    Examples
    --------
    >>> def draw(fig, slope):
    ...     ax = fig.subplots()
    ...     ax.plot([0, 1], [0, slope])
    ...     return {"slope": slope}
    >>> dash = Dashboard("demo", {"slope": float_slider("slope", 1.0, -2.0, 2.0, 0.5)}, draw)
    >>> dash.controls["slope"].value = 2.0
    >>> dash.readouts, dash.update_count
    ({'slope': 2.0}, 2)

    The fast path: static axes once, the line blitted at each change.

    >>> def setup(fig, slope):
    ...     ax = fig.subplots()
    ...     ax.set(xlim=(0, 1), ylim=(-2, 2), xlabel="x", ylabel="slope * x")
    ...     return ax
    >>> def draw_line(ax, slope):
    ...     ax.plot([0, 1], [0, slope])
    ...     return {"slope": slope}
    >>> fast = Dashboard("demo", {"slope": float_slider("slope", 1.0, -2.0, 2.0, 0.5)},
    ...                  draw_line, setup=setup)
    >>> fast.controls["slope"].value = -1.0
    >>> fast.update_count, fast.full_render_count, len(fast.figure.axes[0].lines)
    (2, 1, 1)
    """

    def __init__(
        self,
        title: str,
        controls: Mapping[str, widgets.ValueWidget],
        draw: Callable[..., Mapping[str, object] | None],
        *,
        setup: Callable[..., object] | None = None,
        layout_controls: Iterable[str] = (),
        figsize=(10.0, 7.0),
        dpi: int = 80,
        buttons: Mapping[str, Callable[[Dashboard], None]] | None = None,
        note: str | None = None,
        headline: Iterable[str] = (),
        advanced: Iterable[str] = (),
        on_reset: Callable[[Dashboard], None] | None = None,
        presentation: bool | None = None,
        presentation_figsize=None,
        rebuild: Callable[..., Dashboard] | None = None,
    ) -> None:
        title = check_text(title, "title")
        if not callable(draw):
            raise TypeError(f"draw must be callable, got {type(draw).__name__}")
        if setup is not None and not callable(setup):
            raise TypeError(f"setup must be callable or None, got {type(setup).__name__}")
        if not isinstance(controls, Mapping):
            raise TypeError(
                f"controls must be a mapping of names to ipywidgets controls, "
                f"got {type(controls).__name__}"
            )
        if not controls:
            raise ValueError("controls must not be empty")
        for name, control in controls.items():
            if not isinstance(control, widgets.ValueWidget):
                raise TypeError(
                    f"controls[{name!r}] must be an ipywidgets value widget, "
                    f"got {type(control).__name__}"
                )
        self.layout_controls = frozenset(check_names(layout_controls, "layout_controls", controls))
        advanced = check_names(advanced, "advanced", controls)
        headline = check_names(headline, "headline")
        note = check_text(note, "note", optional=True)
        figsize = _check_figsize(figsize, "figsize")
        dpi = check_int(dpi, "dpi", minimum=10, maximum=600)
        _check_pixels(figsize, dpi, "figsize")
        if presentation_figsize is not None:
            presentation_figsize = _check_figsize(presentation_figsize, "presentation_figsize")
            _check_pixels(presentation_figsize, PRESENTATION_DPI, "presentation_figsize")
        if buttons is not None:
            if not isinstance(buttons, Mapping):
                raise TypeError(
                    f"buttons must be a mapping of labels to callbacks, "
                    f"got {type(buttons).__name__}"
                )
            for label, callback in buttons.items():
                if not isinstance(label, str) or not callable(callback):
                    raise TypeError(
                        f"buttons must map string labels to callables, "
                        f"got {label!r}: {type(callback).__name__}"
                    )
        if on_reset is not None and not callable(on_reset):
            raise TypeError(f"on_reset must be callable or None, got {type(on_reset).__name__}")
        if rebuild is not None and not callable(rebuild):
            raise TypeError(f"rebuild must be callable or None, got {type(rebuild).__name__}")
        self.presentation = presentation_enabled(presentation)
        self.headline = tuple(headline)
        self.title = title
        self.controls = dict(controls)
        self.defaults = self.values
        self._draw = draw
        self._setup = setup
        self._on_reset = on_reset
        self._rebuild = rebuild
        self.wide: Dashboard | None = None  # the presentation layout swapped in, if any
        if self.presentation:  # the same pixels, every point 1.6 px (PRESENTATION_SCALE)
            width, height = presentation_figsize or (PRESENTATION_WIDTH, 6.0)
            figsize = (width / PRESENTATION_SCALE, height / PRESENTATION_SCALE)
            dpi = PRESENTATION_DPI * PRESENTATION_SCALE
        self.figure = Figure(figsize=figsize, dpi=dpi, layout="constrained")
        self._canvas = FigureCanvasAgg(self.figure)
        width = f"{round(figsize[0] * dpi)}px"
        # at most its natural size (no blur), and no wider than the notebook (it scales down)
        self.image = widgets.Image(format="png", layout={"width": width, "max_width": "100%"})
        self.readout = widgets.HTML()
        self.headline_html = widgets.HTML()
        self.message = widgets.HTML()
        self.readouts: dict[str, object] = {}
        self.error: str | None = None
        self.last_update_seconds = 0.0
        self.update_count = 0
        self.full_render_count = 0
        self._holding = False
        self._pending: set[str] = set()
        self._handles: object = None
        self._needs_setup = True
        self._dynamic: list = []
        self._background = None
        self._signature: tuple | None = None

        self.buttons = {}
        for label, callback in (buttons or {}).items():
            button = widgets.Button(description=label, layout={"width": "100%"})
            button.on_click(self._button_handler(callback))
            self.buttons[label] = button
        self.reset_button = widgets.Button(
            description="↺ reset",
            tooltip="put every control back to its initial value",
            layout={"width": "100%"},
        )
        self.reset_button.on_click(lambda _button: self.reset())

        if self.presentation:
            self.root = self._presentation_layout(advanced)
        else:
            self.root = self._student_layout(note)
        for name, control in self.controls.items():
            control.observe(self._observer(name), names="value")
        self.update()

    def _student_layout(self, note):
        header = f"<h3 style='margin:0.2em 0'>{html.escape(self.title)}</h3>"
        if note:
            header += f"<div style='margin-bottom:0.4em'>{note}</div>"
        switch = []
        if self._rebuild is not None:
            self.layout_button = widgets.Button(
                description="⤢ larger figure (projector layout)",
                layout={"width": "100%"},
                tooltip="show this dashboard with its controls above a figure as wide as the "
                "notebook, at the same values",
            )
            self.layout_button.on_click(lambda _button: self.swap_layout())
            switch = [self.layout_button]
        side = widgets.VBox(
            [
                *switch,
                *self.controls.values(),
                *self.buttons.values(),
                self.reset_button,
                self.readout,
            ],
            layout={"width": "400px", "min_width": "320px"},
        )
        root = widgets.VBox(
            [
                widgets.HTML(header),
                widgets.HBox([side, widgets.VBox([self.message, self.image])]),
            ]
        )
        root.add_class("rankviz-dashboard")
        return root

    def swap_layout(self) -> None:
        """Show the presentation layout in place of the student layout, or back.

        The presentation layout is built by ``rebuild`` at the current values
        (:attr:`wide`); swapping back sets this dashboard to the values it was
        left at.

        Raises
        ------
        ValueError
            If the dashboard was built without ``rebuild``, or in the
            presentation layout.
        """
        if self._rebuild is None or self.presentation:
            raise ValueError(
                f"{self.title!r} has no other layout to swap in (it was built "
                "without rebuild, or in the presentation layout)"
            )
        with _UPDATES:
            if self.wide is None:
                self._student_children = self.root.children
                self.wide = self._rebuild(presentation=True, **self.values)
                back = widgets.Button(
                    description=f"⤡ {self.title}: back to the student layout",
                    layout={"width": "auto"},
                )
                back.on_click(lambda _button: self.swap_layout())
                # the title and note give way to this one row: the height goes to the figure
                self.root.children = (back, self.wide.root)
            else:
                wide, self.wide = self.wide, None
                self.set(**wide.values)
                self.root.children = self._student_children

    def _presentation_layout(self, advanced):
        # no title row: the deck's heading names the dashboard, and the height goes to the figure
        self.reset_button.tooltip = f"{self.title}: put every control back to its initial value"
        main = [c for name, c in self.controls.items() if name not in advanced]
        for control in (*main, *self.buttons.values(), self.reset_button):
            control.layout.width = "auto"
            control.layout.flex = "1 1 31%"
            control.layout.min_width = "22em"
            control.layout.max_width = "49%"
            control.layout.margin = "1px 6px 1px 0"
            if isinstance(control, widgets.Dropdown):  # half a row: every option uncut
                control.layout.flex = "1 1 48%"
                control.layout.max_width = "100%"
            elif isinstance(control, widgets.Button):  # short: fills what a row leaves
                control.layout.flex = "1 1 15%"
                control.layout.min_width = "10em"
        folded = widgets.VBox([self.controls[name] for name in advanced])
        more = widgets.Accordion(children=[folded, self.readout], layout={"width": "100%"})
        for index, name in enumerate(("more controls", "every readout")):
            more.set_title(index, name)
        more.selected_index = None
        self.more = more
        root = widgets.VBox(
            [
                # a <style> applies even where its element is not displayed
                widgets.HTML(_PRESENTATION_CSS, layout={"display": "none"}),
                widgets.HBox(
                    [*main, *self.buttons.values(), self.reset_button],
                    layout={"flex_flow": "row wrap", "width": "100%"},
                ),
                self.headline_html,
                self.message,
                self.image,
                more,
            ],
            layout={"width": "100%"},
        )
        root.add_class("rankviz-dashboard")
        root.add_class("rankviz-presentation")
        return root

    # -- state ------------------------------------------------------------------
    @property
    def values(self) -> dict[str, object]:
        """Current value of every control, by keyword."""
        return {name: control.value for name, control in self.controls.items()}

    def set(self, **values) -> None:
        """Set several controls at once and redraw a single time.

        Raises
        ------
        TypeError
            If a keyword is not the name of a control.
        """
        unknown = set(values) - set(self.controls)
        if unknown:
            raise TypeError(f"unknown controls {sorted(unknown)}; known: {sorted(self.controls)}")
        with _UPDATES:
            outer = self._holding  # inside a button callback, the handler redraws
            self._holding = True
            try:
                for name, value in values.items():
                    try:
                        self.controls[name].value = value
                    except TraitError as exc:
                        raise TypeError(f"{name} cannot take the value {value!r}: {exc}") from None
            finally:
                self._holding = outer
            if not outer:
                self.update()

    def reset(self) -> None:
        """Put every control back to its initial value (:attr:`defaults`) and redraw once."""
        with _UPDATES:
            outer = self._holding
            self._holding = True
            try:
                if self._on_reset is not None:
                    self._on_reset(self)
                self.set(**self.defaults)
            finally:
                self._holding = outer
            if not outer:
                self.update()

    def headline_readouts(self) -> dict[str, object]:
        """The readouts named by ``headline``, in its order, as last drawn."""
        chosen = {}
        for entry in self.headline:
            for name, value in self.readouts.items():
                if name == entry or (name.startswith(entry) and name not in chosen):
                    chosen[name] = value
                    break
        return chosen

    def snapshot(self) -> DashboardSnapshot:
        """The current picture and readouts, displayed as a static picture and a table.

        A notebook shows it before the live dashboard, so that the chapter reads the same on
        GitHub, on the website, in a PDF export and under nbval, numbers included.
        """
        return DashboardSnapshot(
            self.title,
            bytes(self.image.value),
            [
                (str(name), html.unescape(_format_value(value)))
                for name, value in self.readouts.items()
            ],
        )

    def fresh_picture(self) -> bytes:
        """The PNG a dashboard built afresh at the current control values would show.

        Drawn on a new figure of the same size, by the same ``setup`` and
        ``draw``, with nothing cached: the reference that :attr:`image` must
        always equal, however many events (on however many threads) led here.
        """
        with _UPDATES:
            fresh = object.__new__(type(self))
            fresh.__dict__.update(self.__dict__)  # the same controls, setup, draw and state
            fresh.figure = Figure(
                figsize=self.figure.get_size_inches(), dpi=self.figure.dpi, layout="constrained"
            )
            fresh._canvas = FigureCanvasAgg(fresh.figure)
            fresh._needs_setup, fresh._handles, fresh._dynamic = True, None, []
            fresh._background, fresh._signature = None, None
            try:
                fresh._render()
            except ValueError:  # the picture of an input error: an empty figure
                fresh.figure.clear()
                fresh._canvas.draw()
            return fresh._encode_png()

    # -- redrawing --------------------------------------------------------------
    def update(self) -> None:
        """Recompute and redraw from the current control values (one redraw at a time)."""
        with _UPDATES:
            self._update()

    def _update(self) -> None:
        start = time.perf_counter()
        changed, self._pending = self._pending, set()
        if changed & self.layout_controls:
            self._needs_setup = True
        try:
            readouts = self._render()
            self.error = None
        except ValueError as exc:  # rankviz's documented input errors: show, do not crash
            readouts, self.error = None, str(exc)
            self.figure.clear()
            self._needs_setup, self._dynamic, self._background = True, [], None
            self._canvas.draw()
        self.readouts = dict(readouts or {})
        self.readout.value = self._readout_html()
        self.headline_html.value = self._headline_html()
        # an empty HTML widget still takes a line: hide what has nothing to show
        self.headline_html.layout.display = None if self.headline_html.value else "none"
        self.message.value = self._error_html()
        self.message.layout.display = None if self.message.value else "none"
        self.image.value = self._encode_png()
        self.update_count += 1
        self.last_update_seconds = time.perf_counter() - start

    def _render(self):
        values = self.values
        if self._setup is None:
            self.figure.clear()
            self.figure.set_layout_engine("constrained")
            readouts = self._draw(self.figure, **values)
            self._canvas.draw()
            self.full_render_count += 1
            return readouts
        if self._needs_setup:
            self.figure.clear()
            self.figure.set_layout_engine("constrained")  # laid out once, on the static part
            self._dynamic, self._background = [], None
            self._handles = self._setup(self.figure, **values)
            # lay out now and freeze: ``draw`` may place things by the axes' size on the page
            # (labels that must not overlap, boxes sized in inches), and must see the same
            # axes on the first draw as on every later one
            self._canvas.draw()
            self.figure.set_layout_engine("none")
            self._needs_setup = False
        else:
            for artist in self._dynamic:
                artist.remove()
        before = self._children()
        readouts = self._draw(self._handles, **values)
        after = self._children()
        self._dynamic = [a for a in after if id(a) not in {id(b) for b in before}]
        signature = self._static_signature()
        if self._background is None or signature != self._signature:
            for artist in self._dynamic:
                artist.set_visible(False)
            self._canvas.draw()
            # freeze the layout: a later draw (a savefig by the reader, say) must not move
            # the axes away from the cached pixels
            self.figure.set_layout_engine("none")
            self._background = self._canvas.copy_from_bbox(self.figure.bbox)
            for artist in self._dynamic:
                artist.set_visible(True)
            self._signature = self._static_signature()
            self.full_render_count += 1
        self._canvas.restore_region(self._background)
        renderer = self._canvas.get_renderer()
        for artist in sorted(self._dynamic, key=lambda a: a.get_zorder()):
            artist.draw(renderer)
        return readouts

    def _children(self) -> list:
        children = list(self.figure.get_children())
        for ax in self.figure.axes:
            children.extend(ax.get_children())
        return children

    def _static_signature(self) -> tuple:
        return (len(self.figure.axes), *(_axes_signature(ax) for ax in self.figure.axes))

    def _encode_png(self) -> bytes:
        buffer = self._canvas.buffer_rgba()
        height, width = buffer.shape[:2]
        picture = PILImage.frombuffer("RGBA", (width, height), buffer, "raw", "RGBA", 0, 1)
        out = io.BytesIO()
        picture.save(out, format="png", compress_level=1)
        return out.getvalue()

    def _observer(self, name: str):
        def on_change(_change) -> None:
            with _UPDATES:
                self._pending.add(name)
                if not self._holding:
                    self.update()

        return on_change

    def _button_handler(self, callback):
        def handler(_button):
            with _UPDATES:
                self._holding = True
                try:
                    callback(self)
                except ValueError as exc:  # a documented input error: show it, keep the picture
                    self.error = str(exc)
                    self.message.value = self._error_html()
                    self.message.layout.display = None
                    return
                finally:
                    self._holding = False
                self.update()

        return handler

    def _error_html(self) -> str:
        return (
            ""
            if self.error is None
            else f"<div style='color:#B00020'><b>Cannot draw:</b> {html.escape(self.error)}</div>"
        )

    def _headline_html(self) -> str:
        if not self.presentation or not self.headline:
            return ""
        cards = "".join(
            f"<div class='rankviz-readout' data-name='{html.escape(str(name), quote=True)}'>"
            f"<div class='rankviz-name'>{html.escape(str(name))}</div>"
            f"<div class='rankviz-number'>{_format_value(value)}</div></div>"
            for name, value in self.headline_readouts().items()
        )
        return f"<div class='rankviz-headline'>{cards}</div>"

    def _readout_html(self) -> str:
        if not self.readouts:
            return ""
        rows = "".join(
            f"<tr><td style='padding-right:1em'>{html.escape(str(k))}</td>"
            f"<td style='text-align:right'><b>{_format_value(v)}</b></td></tr>"
            for k, v in self.readouts.items()
        )
        return f"<table style='margin-top:0.5em'>{rows}</table>"

    # -- display ----------------------------------------------------------------
    def __repr__(self) -> str:
        values = ", ".join(f"{k}={_format_value(v)}" for k, v in self.values.items())
        return f"<Dashboard {self.title!r}: {values}>"

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.root._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):  # (data, metadata)
            data, metadata = bundle
            return {**data, "text/plain": repr(self)}, metadata
        return {**bundle, "text/plain": repr(self)}
