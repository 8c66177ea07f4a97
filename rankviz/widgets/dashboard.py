"""The dashboard: controls observed, one redraw at a time, the picture and its readouts.

A chapter declares its controls once (:class:`~rankviz.widgets.controls.Controls`), writes one
or two drawing functions that call compute functions and then :mod:`rankviz.plotting`, and
builds a :class:`Dashboard`: it observes the controls, redraws, renders the figure to PNG bytes
in an ``ipywidgets.Image`` and shows the returned readouts as a table.  The pieces it is made
of live in modules of their own:

* :mod:`rankviz.widgets.controls`: the sliders, dropdowns and text boxes, declared once, and
  the checks of every value set from code (:meth:`Dashboard.set` refuses a value its
  control cannot take, naming the keyword and the range; nothing is clamped);
* ``rankviz.widgets._render``: the blitting renderer.  **Simple**: ``draw(fig, **values)``
  draws everything on an empty figure at every change.  **Fast** (what the chapter dashboards
  use): ``setup(fig, **values)`` builds the static part once and ``draw(handles, **values)``
  adds only the changing artists, blitted onto the cached static pixels in a few milliseconds;
  ``setup`` reruns when a control in ``layout_controls`` changes, and a safety net re-renders
  the static part whenever ``draw`` changed it.  ``benchmarks/bench_widgets.py`` measures both;
* ``rankviz.widgets._layouts``: the student layout (controls and readouts beside the figure)
  and the presentation layout for a projector, switched on for every dashboard built
  afterwards by :func:`presentation_mode`.

Why an ``Image`` widget: the picture is replaced in place (no flicker, no growing output
area), and nothing is needed in JupyterLab beyond the ipywidgets extension (no ``ipympl``).
The front end keeps at most one pending update per control and merges the rest, so a slider
dragged with ``continuous_update=True`` gives a live sequence of redraws, not a backlog.

Threads
-------
ipykernel 7 delivers widget messages on a subshell thread while a button's callback runs on
the main thread.  Every redraw, :meth:`Dashboard.set`, :meth:`Dashboard.reset`, button and
layout swap runs under one kernel-wide reentrant lock (:func:`serialized` lends it to a
chapter's own observers), so that two redraws never interleave; the picture always equals a
fresh render of the controls' values (:meth:`Dashboard.fresh_picture`); and drawing changes no
global matplotlib state (each figure has its own canvas and its own scale).

Tests drive a dashboard as a reader does: set ``controls[name].value`` and read
``readouts``, ``figure`` or ``image.value``.
"""

from __future__ import annotations

import functools
import html
import threading
import time
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as widgets
from matplotlib.figure import Figure

from rankviz._validation import check_array, check_int, check_text
from rankviz.widgets._layouts import (
    PRESENTATION_DPI,
    PRESENTATION_SCALE,
    PRESENTATION_WIDTH,
    error_html,
    format_value,
    headline_html,
    presentation_enabled,
    presentation_layout,
    presentation_mode,
    readout_html,
    student_layout,
)
from rankviz.widgets._render import BlitRenderer
from rankviz.widgets._shell import check_names
from rankviz.widgets.controls import (
    MAX_SLIDER_POSITIONS,
    check_control_value,
    dropdown,
    float_slider,
    initial_values,
    int_slider,
)
from rankviz.widgets.snapshot import DashboardSnapshot

__all__ = [
    "MAX_FIGURE_PIXELS",
    "MAX_SLIDER_POSITIONS",
    "MIN_FIGURE_PIXELS",
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

#: Largest width or height of a dashboard's picture, in pixels (figsize times dpi).
MAX_FIGURE_PIXELS = 4_000

#: Smallest width or height of a dashboard's picture, in pixels (figsize times dpi): below
#: it no panel has room for its axes and the PNG has no pixel at all.
MIN_FIGURE_PIXELS = 50

# One redraw at a time in the kernel.  ipykernel 7 delivers widget messages on a subshell thread
# while a button's callback runs on the main thread: without the lock two redraws of one figure
# interleave (a blank picture, headline numbers of a stale state).  Reentrant: a
# callback sets controls, whose observers redraw, on the same thread.
_UPDATES = threading.RLock()


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
    if min(figsize) * dpi < MIN_FIGURE_PIXELS:
        raise ValueError(
            f"{name} times dpi must be at least {MIN_FIGURE_PIXELS} pixels "
            f"(MIN_FIGURE_PIXELS) each way, got {min(figsize) * dpi:g}"
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
        Enables the fast, blitting path (see the module docstring).
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
    update_count : int
        Redraws so far.

    full_render_count : int
        How many redraws re-rendered the static part.

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
        self._on_reset = on_reset
        self._rebuild = rebuild
        self.wide: Dashboard | None = None  # the presentation layout swapped in, if any
        if self.presentation:  # the same pixels, every point 1.6 px (PRESENTATION_SCALE)
            width, height = presentation_figsize or (PRESENTATION_WIDTH, 6.0)
            figsize = (width / PRESENTATION_SCALE, height / PRESENTATION_SCALE)
            dpi = PRESENTATION_DPI * PRESENTATION_SCALE
        self._renderer = BlitRenderer(figsize, dpi, draw, setup)
        # at most its natural size (no blur), and no wider than the notebook (it scales down)
        self.image = widgets.Image(
            format="png", layout={"width": f"{round(figsize[0] * dpi)}px", "max_width": "100%"}
        )
        self.readout = widgets.HTML()
        self.headline_html = widgets.HTML()
        self.message = widgets.HTML()
        self.readouts: dict[str, object] = {}
        self.error: str | None = None
        self.last_update_seconds = 0.0
        self.update_count = 0
        self._holding = False
        self._pending: set[str] = set()

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
            self.root = presentation_layout(self, advanced)
        else:
            self.root = student_layout(self, note)
        for name, control in self.controls.items():
            control.observe(self._observer(name), names="value")
        self.update()

    # -- what is drawn -----------------------------------------------------------
    @property
    def figure(self) -> Figure:
        """The figure in its current state."""
        return self._renderer.figure

    @property
    def full_render_count(self) -> int:
        """How many redraws re-rendered the static part (the others were blits)."""
        return self._renderer.full_render_count

    @property
    def can_swap_layout(self) -> bool:
        """Whether :meth:`swap_layout` can show the other layout (built with ``rebuild``)."""
        return self._rebuild is not None and not self.presentation

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
        if not self.can_swap_layout:
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

    # -- state ------------------------------------------------------------------
    @property
    def values(self) -> dict[str, object]:
        """Current value of every control, by keyword."""
        return {name: control.value for name, control in self.controls.items()}

    def set(self, **values) -> None:
        """Set several controls at once and redraw a single time.

        Every value is checked first, as its control's declaration says
        (:func:`~rankviz.widgets.controls.check_control_value`): a slider's value
        between two steps goes to the nearest step; a value the control cannot take
        changes nothing and raises.

        Raises
        ------
        TypeError
            If a keyword is not the name of a control, or a value has a type its
            control cannot take.
        ValueError
            If a value is outside what its control allows (NaN, infinity, beyond a
            slider's range, not among a dropdown's options); the message names the
            keyword and the range or options.
        """
        unknown = set(values) - set(self.controls)
        if unknown:
            raise TypeError(f"unknown controls {sorted(unknown)}; known: {sorted(self.controls)}")
        checked = {
            name: check_control_value(self.controls[name], name, value)
            for name, value in values.items()
        }
        with _UPDATES:
            outer = self._holding  # inside a button callback, the handler redraws
            self._holding = True
            try:
                for name, value in checked.items():
                    try:
                        self.controls[name].value = value
                    except (TypeError, ValueError):
                        raise
                    except Exception as exc:  # traitlets' TraitError of a foreign control
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
                (str(name), html.unescape(format_value(value)))
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
            fresh = self._renderer.fresh()
            try:
                fresh.render(self.values)
            except ValueError:  # the picture of an input error: an empty figure
                fresh.clear()
            return fresh.png()

    # -- redrawing --------------------------------------------------------------
    def update(self) -> None:
        """Recompute and redraw from the current control values (one redraw at a time)."""
        with _UPDATES:
            self._update()

    def _update(self) -> None:
        start = time.perf_counter()
        changed, self._pending = self._pending, set()
        if changed & self.layout_controls:
            self._renderer.relayout()
        try:
            readouts = self._renderer.render(self.values)
            self.error = None
        except ValueError as exc:  # rankviz's documented input errors: show, do not crash
            readouts, self.error = None, str(exc)
            self._renderer.clear()
        self.readouts = dict(readouts or {})
        self.readout.value = readout_html(self.readouts)
        self.headline_html.value = (
            headline_html(self.headline_readouts()) if self.presentation else ""
        )
        # an empty HTML widget still takes a line: hide what has nothing to show
        self.headline_html.layout.display = None if self.headline_html.value else "none"
        self.message.value = error_html(self.error)
        self.message.layout.display = None if self.message.value else "none"
        self.image.value = self._renderer.png()
        self.update_count += 1
        self.last_update_seconds = time.perf_counter() - start

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
                    self.message.value = error_html(self.error)
                    self.message.layout.display = None
                    return
                finally:
                    self._holding = False
                self.update()

        return handler

    # -- display ----------------------------------------------------------------
    def __repr__(self) -> str:
        values = ", ".join(f"{k}={format_value(v)}" for k, v in self.values.items())
        return f"<Dashboard {self.title!r}: {values}>"

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.root._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):  # (data, metadata)
            data, metadata = bundle
            return {**data, "text/plain": repr(self)}, metadata
        return {**bundle, "text/plain": repr(self)}
