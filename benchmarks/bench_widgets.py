"""Latency of one dashboard update: compute, drawing and PNG encoding.

Target (issue: foundation): the ROC explorer updates in at most 100 ms (median
over 20 slider changes at default settings).  The same 20 changes are also timed
with the simple mechanism (redraw the whole figure each time) to show what the
blitting mechanism of rankviz.widgets.dashboard buys.
"""

import time

import numpy as np
from _timing import verdict

from rankviz.widgets.dashboard import Dashboard
from rankviz.widgets.roc import draw_roc_explorer, roc_explorer, setup_roc_explorer


def slider_changes(dash, count=20, seed=0):
    """Deterministic sequence of (control, value) changes, each a few steps from the last."""
    rng = np.random.default_rng(seed)
    names = list(dash.controls)
    current = dict(dash.values)
    changes = []
    for k in range(count):
        name = names[k % len(names)]
        control = dash.controls[name]
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
    def draw(fig, **values):
        return draw_roc_explorer(setup_roc_explorer(fig, **values), **values)

    reference = roc_explorer()
    return Dashboard("ROC explorer (full redraw)", reference.controls, draw, figsize=(10.0, 7.6))


if __name__ == "__main__":
    print(f"{'dashboard':<36} | {'median':>8} | {'p95':>8} | {'max':>8} | full renders")
    rows = {}
    for label, factory in (("roc_explorer (blitting, shipped)", roc_explorer),
                           ("roc_explorer, full redraw each time", simple_roc_explorer)):
        dash = factory()
        changes = slider_changes(dash)
        times = measure(dash, changes)
        rows[label] = times
        print(f"{label:<36} | {np.median(times) * 1e3:>5.1f} ms | "
              f"{np.percentile(times, 95) * 1e3:>5.1f} ms | {times.max() * 1e3:>5.1f} ms | "
              f"{dash.full_render_count} of {dash.update_count}")
    shipped = rows["roc_explorer (blitting, shipped)"]
    full = rows["roc_explorer, full redraw each time"]
    print(f"blitting is {np.median(full) / np.median(shipped):.1f}x faster than a full redraw; "
          f"median {np.median(shipped) * 1e3:.0f} ms (target <= 100 ms, "
          f"{verdict(np.median(shipped) <= 0.100)})")
