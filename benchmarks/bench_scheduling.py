"""Running times of the chapter 09 algorithms, and the schedule explorer's update latency.

Targets (issue 10): Algorithm 1 and the DP at r = 50, 100, 200, 500; brute force at
r = 5..8; the dashboard's median update at most 100 ms at its defaults.  Medians of
repeated runs after a warm-up, all measured in this one run (timings on a shared
machine are noisy; the ROC explorer is timed alongside as a yardstick).
"""

import math
import time

import numpy as np
from _timing import best_time, verdict
from bench_widgets import control_changes, measure

from rankviz.orders import random_task_weights
from rankviz.scheduling import (
    brute_force_schedule,
    greedy_clustering,
    improved_clustering,
    optimal_contiguous_clustering,
)
from rankviz.widgets import roc_explorer, schedule_explorer


def clustering_table():
    print("Algorithm 1 (greedy) and the DP over contiguous blocks, one order, density 0.3")
    print(
        f"{'r':>4} | {'costs':>22} | {'Algorithm 1':>11} | {'DP':>9} | {'DP / Alg. 1':>11} | "
        f"{'rounds A1/DP':>12} | {'A1 excess':>9}"
    )
    for r in (50, 100, 200, 500):
        w = random_task_weights(r, 0.3, rng=r)
        order = np.arange(r)
        for label, costs in (
            ("linear 0.5 (t - 1)", 0.5 * np.arange(r)),
            ("zero (DP worst case)", np.zeros(r)),
        ):
            repeats = 3 if r == 500 else 7
            greedy = best_time(lambda w=w, c=costs, o=order: greedy_clustering(w, c, o), repeats)
            dp = best_time(
                lambda w=w, c=costs, o=order: optimal_contiguous_clustering(w, c, o), repeats
            )
            a1 = greedy_clustering(w, costs, order)
            exact = optimal_contiguous_clustering(w, costs, order)
            print(
                f"{r:>4} | {label:>22} | {greedy * 1e3:>8.1f} ms | {dp * 1e3:>6.1f} ms | "
                f"{dp / greedy:>10.1f}x | {a1.depth:>5} / {exact.depth:<4} | "
                f"{a1.loss - exact.loss:>9.3f}"
            )
    print()


def brute_force_table():
    print("Brute force over every schedule without an empty round (ordered set partitions)")
    print(f"{'r':>2} | {'schedules':>9} | {'first call':>10} | {'later calls':>11}")
    for r in range(5, 9):
        w = random_task_weights(r, 0.4, rng=r)
        costs = 0.5 * np.arange(r)
        start = time.perf_counter()
        result = brute_force_schedule(w, costs)  # builds the table of schedules once
        cold = time.perf_counter() - start
        warm = best_time(lambda w=w, c=costs: brute_force_schedule(w, c))
        print(f"{r:>2} | {result.n_searched:>9,} | {cold * 1e3:>7.1f} ms | {warm * 1e3:>8.1f} ms")
    print()


def algorithm_2_table():
    print("Algorithm 2 against the number of topological orders (two chains of r/2 tasks)")
    print(
        f"{'r':>3} | {'orders':>6} | {'greedy inner':>12} | {'DP inner':>10} | "
        f"{'per order (greedy)':>18}"
    )
    for r in (4, 6, 8, 10, 12):
        w = np.zeros((r, r))
        for i in (*range(r // 2 - 1), *range(r // 2, r - 1)):
            w[i, i + 1] = 1.0
        costs = 0.3 * np.arange(r)
        orders = math.comb(r, r // 2)
        greedy = best_time(lambda w=w, c=costs: improved_clustering(w, c), 3)
        dp = best_time(lambda w=w, c=costs: improved_clustering(w, c, inner="dp"), 3)
        print(
            f"{r:>3} | {orders:>6} | {greedy * 1e3:>9.1f} ms | {dp * 1e3:>7.1f} ms | "
            f"{greedy / orders * 1e6:>15.0f} µs"
        )
    print()


def dashboard_table():
    print(f"{'dashboard (20 slider changes)':<36} | {'median':>8} | {'p95':>8} | full renders")
    rows = {}
    for label, factory in (
        ("schedule_explorer (defaults, r = 7)", schedule_explorer),
        ("roc_explorer (yardstick)", roc_explorer),
    ):
        dash = factory()
        times = measure(dash, control_changes(dash))
        rows[label] = times
        print(
            f"{label:<36} | {np.median(times) * 1e3:>5.1f} ms | "
            f"{np.percentile(times, 95) * 1e3:>5.1f} ms | "
            f"{dash.full_render_count} of {dash.update_count}"
        )
    median = np.median(rows["schedule_explorer (defaults, r = 7)"])
    print(
        f"schedule explorer median {median * 1e3:.0f} ms (target <= 100 ms, "
        f"{verdict(median <= 0.100)})"
    )


if __name__ == "__main__":
    clustering_table()
    brute_force_table()
    algorithm_2_table()
    dashboard_table()
