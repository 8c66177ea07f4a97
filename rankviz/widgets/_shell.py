"""Checks the dashboards share: figures, handles, flags, seeds and names of the controls.

A private module of :mod:`rankviz.widgets`, built on :mod:`rankviz._validation`: a
chapter's ``setup_*`` checks its figure and layout flag, its ``draw_*`` the handles
``setup_*`` returned and each control value, naming the argument.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping
from types import SimpleNamespace

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rankviz._validation import check_choice, check_int, check_real

__all__ = [
    "MAX_SEED",
    "check_controls",
    "check_figure",
    "check_handles",
    "check_names",
    "check_number",
    "check_seed",
    "check_size",
]

#: Largest seed a dashboard accepts (numpy's and scikit-learn's seeds are 32-bit).
MAX_SEED = 2**32 - 1


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


def check_seed(seed: object, name: str = "seed") -> int:
    """Return a seed as an int in ``[0, MAX_SEED]``, or raise naming ``name``."""
    return check_int(seed, name, minimum=0, maximum=MAX_SEED)


def check_size(value: object, name: str, minimum: int, maximum: int, what: str) -> int:
    """An integer size in ``[minimum, maximum]``; the message names the limit's meaning."""
    value = check_int(value, name, minimum=minimum)
    if value > maximum:
        raise ValueError(f"{name} must be <= {maximum} ({what}), got {value}")
    return value


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


def check_number(value: object, name: str) -> float:
    """A real number (not a bool, string or complex), which may be infinite."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {type(value).__name__}")
    return float(value)


def check_controls(values: Mapping[str, object], ranges: Mapping[str, tuple]) -> dict:
    """Check a draw function's control values against the ranges its controls allow.

    ``ranges[name]`` is ``("int", low, high)``, ``("real", low, high)`` or
    ``("choice", options)``; the values are returned checked (ints as int, reals
    as float), each error naming its control.
    """
    checked = {}
    for name, value in values.items():
        kind, *limits = ranges[name]
        if kind == "int":
            checked[name] = check_int(value, name, minimum=limits[0], maximum=limits[1])
        elif kind == "real":
            checked[name] = check_real(value, name, minimum=limits[0], maximum=limits[1])
        else:
            checked[name] = check_choice(value, name, limits[0])
    return checked
