"""Checks the dashboards share: figures, the handles ``setup_*`` returns, names of controls.

A private module of :mod:`rankviz.widgets`: a chapter's ``setup_*`` checks its figure, its
``draw_*`` the handles ``setup_*`` returned (each control value is checked by the chapter's
:class:`~rankviz.widgets.controls.Controls`), and :class:`~rankviz.widgets.dashboard.Dashboard`
the names of controls it is given.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import SimpleNamespace

from matplotlib.axes import Axes
from matplotlib.figure import Figure

__all__ = ["check_figure", "check_handles", "check_names"]


def check_figure(fig: object, name: str = "fig") -> Figure:
    """Return ``fig`` if it is a Matplotlib figure, else raise ``TypeError`` naming ``name``."""
    if not isinstance(fig, Figure):
        raise TypeError(f"{name} must be a matplotlib.figure.Figure, got {type(fig).__name__}")
    return fig


def check_handles(handles: object, name: str, *panels: str) -> SimpleNamespace:
    """Check the handles a dashboard's ``setup_*`` returned: a namespace with these panels.

    Each panel is a Matplotlib ``Axes`` or None (a panel a layout leaves out).
    """
    if not isinstance(handles, SimpleNamespace):
        raise TypeError(
            f"{name} must be the handles setup returned (a namespace of axes), "
            f"got {type(handles).__name__}"
        )
    for panel in panels:
        value = getattr(handles, panel, False)
        if value is not None and not isinstance(value, Axes):
            raise TypeError(f"{name} must hold the axes {panel!r} that setup returned")
    return handles


def check_names(values: object, name: str, known: Iterable[str] | None = None) -> tuple:
    """A sequence of strings (not a single string), each among ``known`` when given."""
    if isinstance(values, (str, bytes)) or isinstance(values, Mapping):
        raise TypeError(f"{name} must be a sequence of names, got {type(values).__name__}")
    try:
        values = tuple(values)
    except TypeError:
        raise TypeError(
            f"{name} must be a sequence of names, got {type(values).__name__}"
        ) from None
    for value in values:
        if not isinstance(value, str):
            raise TypeError(f"{name} must hold strings, got {type(value).__name__}")
    if known is not None:
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise ValueError(f"{name} names unknown controls {unknown}")
    return values
