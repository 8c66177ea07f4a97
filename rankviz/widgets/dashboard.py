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

Tests drive a dashboard as a reader does: set ``controls[name].value`` and read
``readouts``, ``figure`` or ``image.value``.
"""

from __future__ import annotations

import functools
import html
import io
import math
import time
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image as PILImage

__all__ = ["Dashboard", "dropdown", "float_slider", "initial_values", "int_slider"]

_DESCRIPTION_STYLE = {"description_width": "11em"}
_CONTROL_LAYOUT = {"width": "100%"}


def float_slider(description, value, min, max, step, *, readout_format=".2f",
                 continuous_update=True):
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

    Raises
    ------
    ValueError
        If ``min < max`` fails, ``step <= 0`` or ``value`` is outside the range.
    """
    _check_range(description, value, min, max, step)
    return widgets.FloatSlider(
        value=value, min=min, max=max, step=step, description=description,
        readout_format=readout_format, continuous_update=continuous_update,
        style=_DESCRIPTION_STYLE, layout=_CONTROL_LAYOUT,
    )


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

    Raises
    ------
    ValueError
        If the range is empty, ``step <= 0`` or ``value`` is outside the range.
    """
    _check_range(description, value, min, max, step)
    return widgets.IntSlider(
        value=value, min=min, max=max, step=step, description=description,
        continuous_update=continuous_update, style=_DESCRIPTION_STYLE, layout=_CONTROL_LAYOUT,
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
    ValueError
        If ``options`` is empty or ``value`` is not among them.
    """
    options = list(options)
    if not options:
        raise ValueError(f"options of {description!r} must not be empty")
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    if value is None:
        value = values[0]
    if value not in values:
        raise ValueError(f"value of {description!r} must be one of {values}, got {value!r}")
    return widgets.Dropdown(options=options, value=value, description=description,
                            style=_DESCRIPTION_STYLE, layout=_CONTROL_LAYOUT)


def initial_values(dashboard: str, defaults: Mapping[str, object],
                   initial: Mapping[str, object]) -> dict[str, object]:
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
        If ``initial`` names a control the dashboard does not have.

    Examples
    --------
    >>> initial_values("demo", {"a": 1, "b": 2}, {"b": 5})
    {'a': 1, 'b': 5}
    """
    unknown = set(initial) - set(defaults)
    if unknown:
        raise TypeError(f"{dashboard} got unknown controls {sorted(unknown)}; "
                        f"known: {sorted(defaults)}")
    return {**defaults, **initial}


def _check_range(description, value, low, high, step) -> None:
    if not low < high:
        raise ValueError(f"{description!r}: min must be < max, got {low} and {high}")
    if not step > 0:
        raise ValueError(f"{description!r}: step must be > 0, got {step}")
    if not low <= value <= high:
        raise ValueError(f"{description!r}: value {value} is outside [{low}, {high}]")


def _format_value(value) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return "undefined" if math.isnan(value) else f"{value:.3f}"
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
        ax.get_xlim() if xticks else None, ax.get_ylim() if yticks else None,
        ax.get_xscale(), ax.get_yscale(),
        ax.get_xlabel(), ax.get_ylabel(),
        ax.get_title("left"), ax.get_title("center"), ax.get_title("right"),
        xticks, yticks,
        _formatter_signature(ax.xaxis), _formatter_signature(ax.yaxis),
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
        One line of HTML under the title (what to try).

    Attributes
    ----------
    controls : dict
        The controls, by keyword.
    figure : matplotlib.figure.Figure
        The figure in its current state (``savefig`` or display it for a
        static copy; :meth:`snapshot` returns the rendered PNG).
    image : ipywidgets.Image
        The rendered PNG shown in the dashboard.
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
        If ``controls`` is empty or ``layout_controls`` names an unknown control.

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

    def __init__(self, title: str, controls: Mapping[str, widgets.ValueWidget],
                 draw: Callable[..., Mapping[str, object] | None], *,
                 setup: Callable[..., object] | None = None,
                 layout_controls: Iterable[str] = (), figsize=(10.0, 7.0), dpi: int = 80,
                 buttons: Mapping[str, Callable[[Dashboard], None]] | None = None,
                 note: str | None = None) -> None:
        if not callable(draw):
            raise TypeError(f"draw must be callable, got {type(draw).__name__}")
        if setup is not None and not callable(setup):
            raise TypeError(f"setup must be callable or None, got {type(setup).__name__}")
        if not controls:
            raise ValueError("controls must not be empty")
        for name, control in controls.items():
            if not isinstance(control, widgets.ValueWidget):
                raise TypeError(f"controls[{name!r}] must be an ipywidgets value widget, "
                                f"got {type(control).__name__}")
        self.layout_controls = frozenset(layout_controls)
        if not self.layout_controls <= set(controls):
            raise ValueError(f"layout_controls names unknown controls "
                             f"{sorted(self.layout_controls - set(controls))}")
        self.title = title
        self.controls = dict(controls)
        self._draw = draw
        self._setup = setup
        self.figure = Figure(figsize=figsize, dpi=dpi, layout="constrained")
        self._canvas = FigureCanvasAgg(self.figure)
        width = f"{int(figsize[0] * dpi)}px"
        self.image = widgets.Image(format="png", layout={"width": width, "max_width": "100%"})
        self.readout = widgets.HTML()
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

        header = f"<h3 style='margin:0.2em 0'>{html.escape(title)}</h3>"
        if note:
            header += f"<div style='margin-bottom:0.4em'>{note}</div>"
        side = widgets.VBox(
            [*self.controls.values(), *self.buttons.values(), self.readout],
            layout={"width": "400px", "min_width": "320px"},
        )
        self.root = widgets.VBox([
            widgets.HTML(header),
            widgets.HBox([side, widgets.VBox([self.message, self.image])]),
        ])
        for name, control in self.controls.items():
            control.observe(self._observer(name), names="value")
        self.update()

    # -- state ------------------------------------------------------------------
    @property
    def values(self) -> dict[str, object]:
        """Current value of every control, by keyword."""
        return {name: control.value for name, control in self.controls.items()}

    def set(self, **values) -> None:
        """Set several controls at once and redraw a single time.

        Raises
        ------
        KeyError
            If a keyword is not the name of a control.
        """
        unknown = set(values) - set(self.controls)
        if unknown:
            raise KeyError(f"unknown controls {sorted(unknown)}; known: {sorted(self.controls)}")
        outer = self._holding  # inside a button callback, the handler redraws
        self._holding = True
        try:
            for name, value in values.items():
                self.controls[name].value = value
        finally:
            self._holding = outer
        if not outer:
            self.update()

    def snapshot(self):
        """The current picture as a static ``IPython.display.Image``.

        A notebook shows it before the live dashboard, so that the chapter
        reads the same on GitHub, in a PDF export and under nbval.
        """
        from IPython.display import Image

        return Image(data=bytes(self.image.value), format="png")

    # -- redrawing --------------------------------------------------------------
    def update(self) -> None:
        """Recompute and redraw from the current control values."""
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
        self.message.value = self._error_html()
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
            self._pending.add(name)
            if not self._holding:
                self.update()
        return on_change

    def _button_handler(self, callback):
        def handler(_button):
            self._holding = True
            try:
                callback(self)
            except ValueError as exc:  # a documented input error: show it, keep the picture
                self.error = str(exc)
                self.message.value = self._error_html()
                return
            finally:
                self._holding = False
            self.update()
        return handler

    def _error_html(self) -> str:
        return ("" if self.error is None else
                f"<div style='color:#B00020'><b>Cannot draw:</b> {html.escape(self.error)}</div>")

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
