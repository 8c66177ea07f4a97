"""The blitting renderer behind every dashboard: a figure drawn to pixels, fast at each change.

A private module of :mod:`rankviz.widgets` (the :class:`~rankviz.widgets.dashboard.Dashboard`
owns one renderer).  Two ways to draw:

* **Simple** (no ``setup``): ``draw(fig, **values)`` draws everything on an empty figure at
  every change.  Correct and easy, but a multi-panel matplotlib figure costs a few hundred
  milliseconds to re-render (tick labels and text layout dominate, not rasterisation).
* **Fast** (what the chapter dashboards use): ``setup(fig, **values)`` builds the static part
  once (axes, labels, fixed limits) and returns what ``draw`` needs; ``draw(handles, **values)``
  adds only the changing artists.  The renderer renders the static part once, caches its
  pixels, and at each change removes the previous ``draw``'s artists and *blits* the new ones
  onto the cached pixels, which costs a few milliseconds.  ``setup`` reruns when asked
  (a layout control changed).  A safety net keeps the picture right: if ``draw`` changes
  anything static (limits, ticks, labels, titles, axes position), the renderer re-renders the
  static part before blitting.  One freedom is allowed: an axis whose ticks ``setup`` removed
  may change its limits in ``draw`` (e.g. a density panel whose height follows the curves),
  provided ``setup`` drew nothing in data coordinates on it.

Nothing here touches matplotlib's global state: the figure is a ``Figure`` with its own Agg
canvas (no pyplot), so that a plot drawn at the same moment on another thread keeps its sizes.
The renderer holds no lock: its owner serializes the calls.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image as PILImage

__all__ = ["BlitRenderer"]


class BlitRenderer:
    """A figure of its own, drawn by ``setup`` once and ``draw`` at each change, blitted.

    Parameters
    ----------
    figsize : (float, float)
        Figure size in inches (checked by the owner).
    dpi : float
        Dots per inch.
    draw : callable
        ``draw(fig, **values)`` without ``setup``, ``draw(handles, **values)`` with it; returns
        the readouts (a mapping or None).
    setup : callable or None
        ``setup(fig, **values) -> handles``: the static part.

    Attributes
    ----------
    figure : matplotlib.figure.Figure
    full_render_count : int
        Renders so far that re-rendered the static part.
    """

    def __init__(self, figsize, dpi, draw: Callable, setup: Callable | None = None) -> None:
        self.figure = Figure(figsize=figsize, dpi=dpi, layout="constrained")
        self._canvas = FigureCanvasAgg(self.figure)
        self._draw = draw
        self._setup = setup
        self.full_render_count = 0
        self.relayout()

    @property
    def handles(self) -> object:
        """What ``setup`` returned at the last render (None before it, or without ``setup``)."""
        return self._handles

    def fresh(self) -> BlitRenderer:
        """A renderer of the same size, ``setup`` and ``draw``, with nothing cached."""
        return BlitRenderer(
            tuple(self.figure.get_size_inches()), self.figure.dpi, self._draw, self._setup
        )

    def relayout(self) -> None:
        """Rerun ``setup`` at the next :meth:`render` (a control that changes the axes moved)."""
        self._needs_setup = True
        self._handles: object = None
        self._dynamic: list = []
        self._background = None
        self._signature: tuple | None = None

    def clear(self) -> None:
        """An empty picture (what a dashboard shows under an input error); setup reruns next."""
        self.figure.clear()
        self.relayout()
        self._canvas.draw()

    def render(self, values: dict):
        """Draw the figure for ``values``; return what ``draw`` returned.

        Exceptions of ``setup`` and ``draw`` propagate (the owner decides what to show).
        """
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
        before = {id(artist) for artist in self._children()}
        readouts = self._draw(self._handles, **values)
        self._dynamic = [a for a in self._children() if id(a) not in before]
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

    def png(self) -> bytes:
        """The pixels on the canvas now, as PNG bytes (fast compression)."""
        buffer = self._canvas.buffer_rgba()
        height, width = buffer.shape[:2]
        picture = PILImage.frombuffer("RGBA", (width, height), buffer, "raw", "RGBA", 0, 1)
        out = io.BytesIO()
        picture.save(out, format="png", compress_level=1)
        return out.getvalue()

    def _children(self) -> list:
        children = list(self.figure.get_children())
        for ax in self.figure.axes:
            children.extend(ax.get_children())
        return children

    def _static_signature(self) -> tuple:
        return (len(self.figure.axes), *(_axes_signature(ax) for ax in self.figure.axes))


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
