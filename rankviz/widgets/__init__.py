"""Interactive dashboards, one module per chapter, on one shared mechanism.

``from rankviz.widgets import roc_explorer`` imports only that chapter's
module (and its dependencies): each name below is loaded on first use.
:mod:`rankviz.widgets.dashboard` holds the shared :class:`Dashboard` class and
:func:`presentation_mode`, the one switch that lays out every dashboard built afterwards for
a projector; :mod:`rankviz.widgets.controls` the declaration of a dashboard's controls
(``<NAME>_CONTROLS`` in each chapter's module), from which its widgets and the checks of
every value set from code come;
:mod:`rankviz.widgets.slides` what a deck presented as slides needs from the page.
"""

from __future__ import annotations

import importlib

#: dashboard name -> module that defines it (a new chapter adds one line)
DASHBOARDS = {
    "calibration_explorer": "rankviz.widgets.calibration",
    "ranking_playground": "rankviz.widgets.ranking",
    "roc_explorer": "rankviz.widgets.roc",
    "tournament_explorer": "rankviz.widgets.preference",
    "schedule_explorer": "rankviz.widgets.scheduling",
    "low_noise_explorer": "rankviz.widgets.consistency",
    "rankboost_stepper": "rankviz.widgets.rankboost",
    "aggregation_explorer": "rankviz.widgets.aggregation",
    "margin_bound_explorer": "rankviz.widgets.margins",
    "listwise_explorer": "rankviz.widgets.listwise",
}

#: what a classroom deck calls once: the switch of the presentation layout, and the script
#: that keeps the keyboard on the slides when the deck is presented
SWITCHES = {
    "presentation_mode": "rankviz.widgets.dashboard",
    "slideshow_keys": "rankviz.widgets.slides",
}

__all__ = sorted([*DASHBOARDS, *SWITCHES])


def __getattr__(name: str):
    if name in DASHBOARDS:
        return getattr(importlib.import_module(DASHBOARDS[name]), name)
    if name in SWITCHES:
        return getattr(importlib.import_module(SWITCHES[name]), name)
    raise AttributeError(f"module 'rankviz.widgets' has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), *DASHBOARDS, *SWITCHES])
