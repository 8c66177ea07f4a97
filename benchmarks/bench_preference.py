"""Randomized QuickSort against sort-by-degree: time and calls to h, and the dashboard's latency.

Targets (issue 6, chapter 05):
* at n = 1e2, 1e3, 1e4 with a cheap preference function h, the calls of QuickSort
  grow like n log n (about 2 n ln n) and those of sort-by-degree like n^2
  (exactly n (n - 1) / 2), so their ratio follows (n - 1) / (4 ln n);
* the tournament explorer updates in at most 100 ms (median over 20 slider
  changes at its defaults).  The ROC explorer of chapter 02 is timed in the same
  run as a reference for the machine's current speed.

Calls are measured: every algorithm queries h through rankviz's counting
wrapper.  The cheap h is rankviz.preference.hashed_preference: the order
0 > 1 > ... > n-1 with each pair reversed (here with probability 0.1) as decided
by a hash of the pair, so it needs no n x n matrix, has many 3-cycles and is
pairwise consistent.
"""

import math
import time

import numpy as np
from _timing import best_time, verdict

from rankviz.preference import hashed_preference
from rankviz.quicksort import (
    classical_quicksort_calls,
    quicksort_rank,
    quicksort_top_k,
    sort_by_degree,
)
from rankviz.widgets import roc_explorer, tournament_explorer


def algorithms_table():
    print(
        "QuickSort vs sort-by-degree on a cheap non-transitive h (time: median; "
        "QuickSort calls: mean of the timed runs)"
    )
    print(
        f"{'n':>6} | {'QuickSort':>10} | {'calls':>9} | {'/(n ln n)':>9} | "
        f"{'sort-by-deg':>11} | {'calls':>10} | {'call ratio':>10} | "
        f"{'(n-1)/(4ln n)':>13} | {'top-10 calls':>12} | {'top-10':>8}"
    )
    ok = True
    for n in (10**2, 10**3, 10**4):
        h = hashed_preference(n, 0.2)
        seeds = iter(range(1000))
        qs_calls = []

        def one_quicksort(h=h, seeds=seeds, qs_calls=qs_calls):
            qs_calls.append(quicksort_rank(h, next(seeds)).calls)

        qs_time = best_time(one_quicksort, repeats=5)
        by_degree = sort_by_degree(h)
        sbd_time = best_time(lambda h=h: sort_by_degree(h), repeats=3 if n < 10**4 else 1)
        top_calls = [quicksort_top_k(h, 10, s).calls for s in range(5)]
        top_time = best_time(lambda h=h: quicksort_top_k(h, 10, 0), repeats=5)
        mean_calls = float(np.mean(qs_calls))
        ratio = by_degree.calls / mean_calls
        predicted = (n - 1) / (4 * math.log(n))
        per_nlogn = mean_calls / (n * math.log(n))
        ok &= by_degree.calls == n * (n - 1) // 2 and 1.0 <= per_nlogn <= 2.0
        ok &= 0.75 <= ratio / predicted <= 2.0
        print(
            f"{n:>6,} | {qs_time * 1e3:>7.1f} ms | {mean_calls:>9,.0f} | {per_nlogn:>9.2f} | "
            f"{sbd_time * 1e3:>8.1f} ms | {by_degree.calls:>10,} | {ratio:>10.1f} | "
            f"{predicted:>13.1f} | {np.mean(top_calls):>12,.0f} | {top_time * 1e3:>5.1f} ms"
        )
    print(
        f"classical QuickSort mean 2(n+1)H_n - 4n at n = 1e4: "
        f"{classical_quicksort_calls(10**4):,.0f} calls (a transitive h)"
    )
    print(
        f"calls of QuickSort within [1, 2] x n ln n and the call ratio within [0.75, 2] x "
        f"(n - 1) / (4 ln n): {verdict(ok)}\n"
    )


def slider_updates(dash, count=20, seed=0):
    """Seconds of `count` deterministic slider changes (intransitivity and seed)."""
    rng = np.random.default_rng(seed)
    times = []
    for k in range(count):
        if k % 2:
            control = dash.controls["seed"]
            value = int((control.value + rng.integers(1, 5)) % (control.max + 1))
        else:
            control = dash.controls["intransitivity"]
            value = round(float(np.clip(control.value + rng.choice([-0.1, 0.1]), 0.05, 1.0)), 2)
        start = time.perf_counter()
        control.value = value
        times.append(time.perf_counter() - start)
    return np.array(times)


def widget_table():
    print(f"{'dashboard':<40} | {'median':>8} | {'p95':>8} | full renders")
    rows = {}
    for label, factory in (
        ("tournament_explorer (defaults, n = 6)", tournament_explorer),
        ("tournament_explorer (n = 9)", lambda: tournament_explorer(n=9)),
        ("roc_explorer (chapter 02, reference)", None),
    ):
        if factory is None:
            dash = roc_explorer()
            times = []
            for k in range(20):
                start = time.perf_counter()
                dash.controls["seed"].value = (k + 1) % 100
                times.append(time.perf_counter() - start)
            times = np.array(times)
        else:
            dash = factory()
            times = slider_updates(dash)
        rows[label] = times
        print(
            f"{label:<40} | {np.median(times) * 1e3:>5.1f} ms | "
            f"{np.percentile(times, 95) * 1e3:>5.1f} ms | "
            f"{dash.full_render_count} of {dash.update_count}"
        )
    median = np.median(rows["tournament_explorer (defaults, n = 6)"])
    print(
        f"tournament_explorer median {median * 1e3:.0f} ms at its defaults "
        f"(target <= 100 ms, {verdict(median <= 0.100)})"
    )


if __name__ == "__main__":
    algorithms_table()
    widget_table()
