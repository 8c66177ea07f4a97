"""Chapter 08 speed targets: the aggregation explorer and the computations behind the chapter.

Targets (issue 9): a dashboard update in at most 100 ms (median over 20 control changes
at the default settings), and a notebook that runs in at most 20 s.  Tables:

1. dashboard latency, blitting (shipped) against a full redraw at every change;
2. least squares (22): the Laplacian solve against cvxpy, per number of items;
3. the U-statistic risk (19) with the regression loss (28): the closed-form minimiser on
   sampled subsets against the stochastic method (25), time and reached risk;
4. one iteration of the stochastic method (25) against the order k (Figure 2's point: the
   cost grows with k only through the structure of k judgments, not with n).

The larger replication of Figure 3 is ``benchmarks/u_statistic_experiment.py`` (run by hand).
"""

import itertools
import time

import cvxpy as cp
import numpy as np
from _timing import best_time, verdict
from bench_widgets import control_changes, measure

from rankviz.aggregation import (
    btl_log_odds,
    comparison_mask,
    simulate_btl_comparisons,
    thurstone_mosteller_scores,
    win_counts,
)
from rankviz.ustatistics import (
    sgd_u_statistic,
    simulate_ranking_data,
    u_statistic_minimizer,
    u_statistic_risk,
)
from rankviz.widgets.aggregation import (
    aggregation_explorer,
    draw_aggregation_explorer,
    setup_aggregation_explorer,
)
from rankviz.widgets.dashboard import Dashboard


def full_redraw_explorer():
    def draw(fig, **values):
        return draw_aggregation_explorer(setup_aggregation_explorer(fig, **values), **values)

    reference = aggregation_explorer()
    return Dashboard(
        "aggregation explorer (full redraw)", reference.controls, draw, figsize=(11.0, 5.6)
    )


def cvxpy_least_squares(A, mask):
    """Reference: (22) as a vectorised cvxpy least-squares problem (incidence matrix of pairs)."""
    n = A.shape[0]
    pairs = np.array([(i, j) for i, j in itertools.permutations(range(n), 2) if mask[i, j]])
    incidence = np.zeros((len(pairs), n))
    incidence[np.arange(len(pairs)), pairs[:, 0]] = 1.0
    incidence[np.arange(len(pairs)), pairs[:, 1]] = -1.0
    x = cp.Variable(n)
    cp.Problem(
        cp.Minimize(0.25 * cp.sum_squares(A[pairs[:, 0], pairs[:, 1]] - incidence @ x)),
        [cp.sum(x) == 0],
    ).solve()
    return x.value


if __name__ == "__main__":
    print("1. dashboard update (median over 20 control changes at the defaults)")
    print(f"{'dashboard':<44} | {'median':>8} | {'p95':>8} | {'max':>8} | full renders")
    rows = {}
    for label, factory in (
        ("aggregation_explorer (blitting, shipped)", aggregation_explorer),
        ("aggregation_explorer, full redraw", full_redraw_explorer),
    ):
        dash = factory()
        times = measure(dash, control_changes(dash, exclude=("n_items",)))
        rows[label] = times
        print(
            f"{label:<44} | {np.median(times) * 1e3:>5.1f} ms | "
            f"{np.percentile(times, 95) * 1e3:>5.1f} ms | {times.max() * 1e3:>5.1f} ms | "
            f"{dash.full_render_count} of {dash.update_count}"
        )
    shipped = np.median(rows["aggregation_explorer (blitting, shipped)"])
    full = np.median(rows["aggregation_explorer, full redraw"])
    print(
        f"blitting is {full / shipped:.1f}x faster than a full redraw; median "
        f"{shipped * 1e3:.0f} ms (target <= 100 ms, {verdict(shipped <= 0.100)})"
    )
    for n_items in (3, 8):
        dash = aggregation_explorer(n_items=n_items)
        times = measure(dash, control_changes(dash, seed=1, exclude=("n_items",)))
        print(f"  with {n_items} items: median {np.median(times) * 1e3:5.1f} ms")

    print("\n2. least squares (22) on BTL log-odds, 70% of the pairs compared 5 times")
    print(f"{'items':>5} | {'Laplacian solve':>15} | {'cvxpy':>10} | ratio | max |difference|")
    for n in (5, 10, 20, 40):
        W = win_counts(simulate_btl_comparisons(np.linspace(2, -2, n), 5, rng=n, observed=0.7), n)
        A, mask = btl_log_odds(W, 0.5), comparison_mask(W)
        ours = best_time(lambda A=A, mask=mask: thurstone_mosteller_scores(A, mask))
        reference = best_time(lambda A=A, mask=mask: cvxpy_least_squares(A, mask), repeats=3)
        gap = np.abs(thurstone_mosteller_scores(A, mask) - cvxpy_least_squares(A, mask)).max()
        print(
            f"{n:>5} | {ours * 1e3:>12.2f} ms | {reference * 1e3:>7.0f} ms | "
            f"{reference / ours:5.0f}x | {gap:.1e}"
        )

    print(
        "\n3. minimising (19) + ridge: closed form on sampled subsets vs the stochastic method (25)"
    )
    print("   (40 queries of 20 results, 40,000 judgments, lam = 1e-3; the reached risk is the")
    print("   sampled U-statistic with 256 subsets per query, the same for both)")
    data = simulate_ranking_data(40, 20, 6, 40_000, rng=0, nonlinearity=2.0)
    print(
        f"{'k':>5} | {'closed form':>11} | {'SGD, 3000 steps':>15} | {'risk (closed)':>13} | "
        f"{'risk (SGD)':>10}"
    )
    for k in (1, 30, 1000):
        start = time.perf_counter()
        closed = u_statistic_minimizer(data, k, lam=1e-3, n_subsets=64, rng=1)
        closed_time = time.perf_counter() - start
        start = time.perf_counter()
        sgd = sgd_u_statistic(data, k, lam=1e-3, n_iterations=3000, rng=1).theta
        sgd_time = time.perf_counter() - start
        risks = [
            u_statistic_risk(theta, data, k, lam=1e-3, n_subsets=256, rng=7)
            for theta in (closed, sgd)
        ]
        print(
            f"{k:>5} | {closed_time * 1e3:>8.0f} ms | {sgd_time * 1e3:>12.0f} ms | "
            f"{risks[0]:>13.5e} | {risks[1]:>10.5e}"
        )

    print("\n4. one iteration of (25) (batch of 8) against k, and against n at k = 100")
    print(f"{'k':>5} | {'n':>8} | {'per iteration':>13}")
    for k, n in (
        (1, 40_000),
        (10, 40_000),
        (100, 40_000),
        (1000, 40_000),
        (100, 160_000),
        (100, 640_000),
    ):
        data_n = simulate_ranking_data(40, 20, 6, n, rng=0)
        seconds = (
            best_time(
                lambda d=data_n, k=k: sgd_u_statistic(d, k, n_iterations=200, rng=0), repeats=3
            )
            / 200
        )
        print(f"{k:>5} | {n:>8,} | {seconds * 1e6:>10.0f} µs")
