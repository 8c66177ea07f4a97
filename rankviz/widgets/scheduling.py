"""Chapter 09 dashboard: the schedule explorer."""

from __future__ import annotations

import functools
from types import SimpleNamespace

import numpy as np

from rankviz._validation import check_bool
from rankviz.orders import random_task_weights
from rankviz.plotting import (
    plot_legend,
    plot_schedule,
    schedule_legend_entries,
    style_schedule_axes,
)
from rankviz.scheduling import (
    BRUTE_FORCE_MAX,
    brute_force_schedule,
    greedy_clustering,
    optimal_contiguous_clustering,
    schedule_loss_parts,
)
from rankviz.widgets._shell import check_figure, check_handles
from rankviz.widgets.controls import Controls, Slider, document_controls
from rankviz.widgets.dashboard import (
    PRESENTATION_SCALE,
    PRESENTATION_WIDTH,
    Dashboard,
    presentation_enabled,
)

__all__ = [
    "SCHEDULE_EXPLORER_CONTROLS",
    "SCHEDULE_EXPLORER_DEFAULTS",
    "draw_schedule_explorer",
    "schedule_costs",
    "schedule_explorer",
    "setup_schedule_explorer",
]

_PANELS = (
    ("greedy", "Algorithm 1 (greedy merging)"),
    ("dp", "DP over contiguous blocks (exact for the order)"),
    ("brute", "brute force (the optimum)"),
)
#: Shorter panel titles of the wide (presentation) figure.
_WIDE_TITLES = {
    "greedy": "Algorithm 1 (greedy)",
    "dp": "DP (exact for the order)",
    "brute": "optimum (brute force)",
}
#: Height in inches of the wide figure: one row of three controls leaves 467 px.
_WIDE_HEIGHT = 6.4
#: Task and round labels of the wide figure, in points: 17 px on the projector.
_WIDE_LABEL_SIZE = 17.0 / PRESENTATION_SCALE
#: Half the width of a task box of the wide figure, in inches: 16 px on the projector.
_WIDE_BOX_INCHES = 0.22 / PRESENTATION_SCALE
_WIDE_XLABEL = "disagreement + clustering + depth"


#: The controls of :func:`schedule_explorer`, declared once: the widgets, and the checks of the
#: factory's keywords, of ``Dashboard.set`` and of the draw function.
SCHEDULE_EXPLORER_CONTROLS = Controls(
    "schedule_explorer",
    r=Slider("tasks r", 7, 2, 12, integer=True),
    density=Slider("edge density", 0.4, 0.0, 1.0, 0.05),
    scale=Slider("weight scale", 1.0, 0.1, 5.0, 0.1),
    seed=Slider("random seed", 16, 0, 99, integer=True),
    c1=Slider("cost c₁", 0.0, 0.0, 3.0, 0.1),
    slope=Slider("cost slope", 0.6, 0.0, 3.0, 0.05),
)
#: Default control values of :func:`schedule_explorer`.
SCHEDULE_EXPLORER_DEFAULTS = SCHEDULE_EXPLORER_CONTROLS.defaults


def schedule_costs(r, c1, slope):
    """The dashboard's round costs ``c_t = c1 + slope * (t - 1)``, t = 1..r.

    Parameters
    ----------
    r : int
        Number of rounds.
    c1, slope : float
        Cost of round 1 and the increase per round (both >= 0).

    Returns
    -------
    ndarray of float64, shape (r,)
        Non-negative and non-decreasing.

    Examples
    --------
    >>> schedule_costs(4, 0.0, 0.5)
    array([0. , 0.5, 1. , 1.5])
    """
    checked = SCHEDULE_EXPLORER_CONTROLS.check({"r": r, "c1": c1, "slope": slope})
    r, c1, slope = checked.values()
    return c1 + slope * np.arange(r, dtype=np.float64)


def setup_schedule_explorer(fig, *, wide=False, **_values):
    """Build the static part of the schedule explorer: three schedule panels and a legend.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        An empty figure.
    wide : bool, default False
        Lay out for a projector (the presentation layout): shorter titles and
        legend, text at matplotlib's sizes (16 px and more on the projector),
        and task and round labels at 17 px.  Nothing is dropped.
    **_values
        The control values (the layout does not depend on them).

    Returns
    -------
    types.SimpleNamespace
        The axes ``greedy``, ``dp`` and ``brute``, and ``wide``.
    """
    fig = check_figure(fig)
    wide = check_bool(wide, "wide")
    axes = fig.subplots(1, 3)
    for ax, (key, title) in zip(axes, _PANELS, strict=True):
        if wide:
            style_schedule_axes(ax, xlabel=_WIDE_XLABEL).set_title(_WIDE_TITLES[key])
        else:
            style_schedule_axes(ax).set_title(title, fontsize=11)
    if wide:
        plot_legend(
            fig,
            schedule_legend_entries(short=True),
            loc="outside lower center",
            ncols=4,
            fontsize="medium",
            handlelength=2.6,
            columnspacing=1.2,
        )
    else:
        plot_legend(fig, schedule_legend_entries(), loc="outside lower center", ncols=4)
    return SimpleNamespace(
        wide=wide, **{key: ax for ax, (key, _) in zip(axes, _PANELS, strict=True)}
    )


def draw_schedule_explorer(axes, *, r, density, scale, seed, c1, slope):
    """Draw the three schedules of one random task DAG and return the readouts.

    Parameters
    ----------
    axes : types.SimpleNamespace
        As returned by :func:`setup_schedule_explorer`.
    r, density, scale, seed
        The random DAG (:func:`rankviz.orders.random_task_weights`); tasks
        are numbered in a topological order, which Algorithm 1 and the DP cluster.
    c1, slope : float
        The round costs (:func:`schedule_costs`).

    Returns
    -------
    dict
        Loss and depth of each schedule, the clustering part of the optimum's
        loss, and the excess of Algorithm 1 and of the DP over the optimum
        (when ``r <= BRUTE_FORCE_MAX``).
    """
    axes = check_handles(axes, "axes", "greedy", "dp", "brute")
    checked = SCHEDULE_EXPLORER_CONTROLS.check(
        {"r": r, "density": density, "scale": scale, "seed": seed, "c1": c1, "slope": slope}
    )
    r, density, scale, seed, c1, slope = checked.values()
    weights = random_task_weights(r, density, scale, rng=seed)
    costs = schedule_costs(r, c1, slope)
    order = np.arange(r)
    found = {
        "greedy": greedy_clustering(weights, costs, order).rounds,
        "dp": optimal_contiguous_clustering(weights, costs, order).rounds,
    }
    best = None
    if r <= BRUTE_FORCE_MAX:
        best = brute_force_schedule(weights, costs)
        found["brute"] = best.schedules[0]
    rows = max(int(np.bincount(rounds).max()) for rounds in found.values())
    depth = max(int(rounds.max()) for rounds in found.values())
    losses, clustering = {}, {}
    wide = getattr(axes, "wide", False)
    for key, _ in _PANELS:
        ax = getattr(axes, key)
        if key not in found:
            ax.set(xlim=(0, 1), ylim=(1, 0))
            ax.text(
                0.5,
                0.5,
                f"brute force only for r ≤ {BRUTE_FORCE_MAX}\n(Fubini({r}) schedules are too many)",
                ha="center",
                va="center",
                fontsize="medium" if wide else 11,
                color="0.3",
            )
            continue
        parts = schedule_loss_parts(found[key], weights, costs)
        size = (
            {"label_size": _WIDE_LABEL_SIZE, "box_inches": _WIDE_BOX_INCHES, "xlabel": _WIDE_XLABEL}
            if wide
            else {}
        )
        plot_schedule(
            ax,
            found[key],
            weights,
            parts=parts,
            legend=False,
            max_rows=rows,
            max_rounds=depth,
            **size,
        )
        losses[key], clustering[key] = parts.total, parts.clustering
    optimum = best.loss if best is not None else float("nan")
    return {
        "Algorithm 1 loss": losses["greedy"],
        "Algorithm 1 rounds": int(found["greedy"].max()),
        "DP loss": losses["dp"],
        "DP rounds": int(found["dp"].max()),
        "optimal loss": optimum,
        "optimal rounds": int(found["brute"].max()) if best is not None else "not computed",
        "optimal schedules": best.count if best is not None else "not computed",
        "optimal clustering loss": clustering.get("brute", float("nan")),
        "Algorithm 1 excess": losses["greedy"] - optimum,
        "DP excess": losses["dp"] - optimum,
        "edges": int(np.count_nonzero(weights)),
        "costs c_t": f"{c1:.2f} + {slope:.2f}·(t − 1)",
    }


@document_controls(SCHEDULE_EXPLORER_CONTROLS)
def schedule_explorer(*, presentation: bool | None = None, **initial):
    """Dashboard: a random task DAG scheduled by Algorithm 1, by the DP and by brute force.

    Sliders set the random DAG (number of tasks, edge density, weight scale,
    seed) and the round costs ``c_t = c1 + slope (t - 1)``.  The three panels
    draw the schedule found by the draft's greedy Algorithm 1, by the exact
    dynamic programme over contiguous blocks of the same order, and the optimum
    found by brute force (for ``r <= 8``), each with its three loss parts.
    Edges inside a round (clustering loss) are blue arcs, backward edges
    (disagreement loss) vermillion and dashed: hue and dash both tell them apart.

    In the presentation layout the figure is 1080 x 461 px with every label at
    16 px or more; the number of tasks and the two cost controls are the main
    controls (the density, weight scale and seed of the random DAG are folded
    under "more"), and the three losses and the optimum's depth are the headline.

    Parameters
    ----------
    presentation : bool, optional
        Use the presentation layout (True) or the student layout (False); by
        default, :func:`~rankviz.widgets.dashboard.presentation_mode` decides.
    **initial
        Initial control values overriding :data:`SCHEDULE_EXPLORER_DEFAULTS`, the same
        keywords as ``Dashboard.set`` takes (a value between two steps of a slider goes
        to the nearest step):

        {controls}

    Returns
    -------
    rankviz.widgets.dashboard.Dashboard

    Raises
    ------
    TypeError
        If an unknown control name is given, or a value of the wrong type.
    ValueError
        If an initial value is outside its control's range or options (the message
        names the keyword and what the control allows).

    References
    ----------
    Seed 002, section 6.1.2 (eq. (1), Algorithm 1).

    Examples
    --------
    >>> dash = schedule_explorer()
    >>> dash.readouts["DP loss"] <= dash.readouts["Algorithm 1 loss"]
    True
    >>> dash.controls["r"].value = 10
    >>> dash.readouts["optimal schedules"]
    'not computed'
    """
    controls = SCHEDULE_EXPLORER_CONTROLS.build(initial)
    wide = presentation_enabled(presentation)
    return Dashboard(
        "Schedule explorer",
        controls,
        draw_schedule_explorer,
        setup=functools.partial(setup_schedule_explorer, wide=wide),
        figsize=(13.0, 5.6),
        presentation=presentation,
        presentation_figsize=(PRESENTATION_WIDTH, _WIDE_HEIGHT),
        headline=("Algorithm 1 loss", "DP loss", "optimal loss", "optimal rounds"),
        advanced=("density", "scale", "seed"),
        note="Raise the cost slope and watch the schedules get shallower; find a seed where "
        "Algorithm 1 stops above the optimum while the DP reaches it.",
        rebuild=schedule_explorer,
    )
