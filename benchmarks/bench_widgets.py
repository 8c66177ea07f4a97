"""Latency of one dashboard update (compute, drawing and PNG encoding), for every dashboard.

Targets: the ROC explorer updates in at most 100 ms (median over 20 control
changes at default settings; issue "foundation"); every dashboard has a median
<= 100 ms and a 95th percentile <= 250 ms (issue "classroom readiness").
Each dashboard of rankviz.widgets.DASHBOARDS is built with its defaults and
driven through 20 deterministic changes of its controls, as a reader would.

The second table shows why rankviz.widgets.dashboard blits: the same 20 changes
of the ROC explorer with the whole figure redrawn at every change.
"""

import importlib
import time

import ipywidgets as widgets
import numpy as np
from _timing import verdict

import rankviz.widgets
from rankviz.widgets.dashboard import Dashboard
from rankviz.widgets.roc import (
    draw_roc_explorer,
    roc_explorer,
    roc_explorer_controls,
    setup_roc_explorer,
)


def control_changes(dash, count=20, seed=0, exclude=()):
    """Deterministic (control, value) changes of every control not in ``exclude``.

    Sliders move a few steps; dropdowns take the next option.
    """
    rng = np.random.default_rng(seed)
    names = [
        name
        for name, control in dash.controls.items()
        if name not in exclude
        and isinstance(control, (widgets.FloatSlider, widgets.IntSlider, widgets.Dropdown))
    ]
    current = dict(dash.values)
    changes = []
    for k in range(count):
        name = names[k % len(names)]
        control = dash.controls[name]
        if isinstance(control, widgets.Dropdown):
            values = [o[1] if isinstance(o, tuple) else o for o in control.options]
            value = values[(values.index(current[name]) + 1) % len(values)]
        else:
            step = control.step * int(rng.choice([-3, -2, -1, 1, 2, 3]))
            value = min(max(current[name] + step, control.min), control.max)
            value = type(control.value)(round(value, 6))
        current[name] = value
        changes.append((name, value))
    return changes


def measure(dash, changes):
    times = []
    for name, value in changes:
        start = time.perf_counter()
        dash.controls[name].value = value
        times.append(time.perf_counter() - start)
    return np.array(times)


def simple_roc_explorer():
    """The ROC explorer with the simple mechanism: the whole figure redrawn at every change."""

    def draw(fig, **values):
        return draw_roc_explorer(setup_roc_explorer(fig, **values), **values)

    return Dashboard(
        "ROC explorer (full redraw)", roc_explorer_controls(), draw, figsize=(10.0, 7.6)
    )


def row(label, dash, times):
    median, p95 = np.median(times), np.percentile(times, 95)
    print(
        f"{label:<28} | {median * 1e3:>6.1f} ms | {p95 * 1e3:>6.1f} ms | "
        f"{times.max() * 1e3:>6.1f} ms | {dash.full_render_count:>3} of {dash.update_count:<3} | "
        f"{verdict(median <= 0.100 and p95 <= 0.250)}"
    )
    return median, p95


if __name__ == "__main__":
    print("every dashboard, 20 control changes each (targets: median <= 100 ms, p95 <= 250 ms)")
    print(f"{'dashboard':<28} | {'median':>9} | {'p95':>9} | {'max':>9} | full renders | verdict")
    for name, module in sorted(rankviz.widgets.DASHBOARDS.items()):
        factory = getattr(importlib.import_module(module), name)
        dash = factory()
        row(name, dash, measure(dash, control_changes(dash)))

    print("\nthe mechanism: blitting against redrawing the whole figure (ROC explorer)")
    print(f"{'mechanism':<28} | {'median':>9} | {'p95':>9} | {'max':>9} | full renders | verdict")
    shipped = roc_explorer()
    blit = row("blitting (shipped)", shipped, measure(shipped, control_changes(shipped)))
    simple = simple_roc_explorer()
    full = row("full redraw", simple, measure(simple, control_changes(simple)))
    print(f"blitting is {full[0] / blit[0]:.1f}x faster than a full redraw (medians)")
