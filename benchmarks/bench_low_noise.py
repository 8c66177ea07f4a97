"""Chapter 07 speed targets: the low-noise explorer and the surrogate solves behind it.

Targets (issue 8): a dashboard update in at most 100 ms (median over 20 slider changes
at the default settings), and a notebook that runs in at most 20 s, which rests on
fast surrogate solves and counterexample searches.  Tables:

1. dashboard latency, blitting (shipped) against a full redraw at every change;
2. one surrogate minimisation: rankviz's cached parametrised problem against a fresh
   cvxpy problem built for each solve (the obvious implementation), per loss;
3. counterexample search and exact certification, per loss and form (minimal items);
4. Bayes order: brute force over n! orders against the 2^n feedback-arc-set programme.
"""

import time

import cvxpy as cp
import numpy as np
from _timing import best_time, verdict
from bench_widgets import control_changes, measure

from rankviz.consistency import difference_graph, mean_adjacency, random_preference_distribution
from rankviz.counterexamples import certify_counterexample, find_low_noise_counterexample
from rankviz.disagreement import bayes_orders, minimum_feedback_arc_set
from rankviz.surrogates import SURROGATES, graph_surrogate_minimizer
from rankviz.widgets.consistency import (
    draw_low_noise_explorer,
    low_noise_explorer,
    setup_low_noise_explorer,
)
from rankviz.widgets.dashboard import Dashboard

ATOMS = {
    "hinge": lambda t: cp.pos(1 - t),
    "logistic": lambda t: cp.logistic(-t),
    "exponential": lambda t: cp.exp(-t),
    "squared_hinge": lambda t: cp.square(cp.pos(1 - t)),
}


def full_redraw_explorer():
    def draw(fig, **values):
        return draw_low_noise_explorer(setup_low_noise_explorer(fig, **values), **values)

    reference = low_noise_explorer()
    return Dashboard(
        "low-noise explorer (full redraw)", reference.controls, draw, figsize=(10.0, 6.8)
    )


def fresh_cvxpy_minimizer(mu, phi):
    """Reference: build the pairwise surrogate (12) from scratch and solve it."""
    Y = mean_adjacency(mu)
    n = Y.shape[0]
    alpha = cp.Variable(n)
    risk = sum(
        Y[i, j] * ATOMS[phi](alpha[i] - alpha[j]) for i in range(n) for j in range(n) if Y[i, j] > 0
    )
    cp.Problem(cp.Minimize(risk), [alpha[0] == 0]).solve(solver="CLARABEL")
    return alpha.value


if __name__ == "__main__":
    print("1. dashboard update (median over 20 slider changes at the defaults)")
    print(f"{'dashboard':<40} | {'median':>8} | {'p95':>8} | {'max':>8} | full renders")
    rows = {}
    for label, factory in (
        ("low_noise_explorer (blitting, shipped)", low_noise_explorer),
        ("low_noise_explorer, full redraw", full_redraw_explorer),
    ):
        dash = factory()
        times = measure(dash, control_changes(dash, exclude=("phi", "form")))
        rows[label] = times
        print(
            f"{label:<40} | {np.median(times) * 1e3:>5.1f} ms | "
            f"{np.percentile(times, 95) * 1e3:>5.1f} ms | {times.max() * 1e3:>5.1f} ms | "
            f"{dash.full_render_count} of {dash.update_count}"
        )
    shipped = np.median(rows["low_noise_explorer (blitting, shipped)"])
    full = np.median(rows["low_noise_explorer, full redraw"])
    print(
        f"blitting is {full / shipped:.1f}x faster than a full redraw; median "
        f"{shipped * 1e3:.0f} ms (target <= 100 ms, {verdict(shipped <= 0.100)})"
    )
    dash = low_noise_explorer()
    for phi in SURROGATES:
        dash.controls["phi"].value = phi
        times = measure(dash, control_changes(dash, seed=1, exclude=("phi", "form")))
        print(f"  with phi = {phi:<13}: median {np.median(times) * 1e3:5.1f} ms")

    print("\n2. one minimisation of the pairwise surrogate (12), 3 items (the explorer's size)")
    print(f"{'loss':<14} | {'rankviz (cached)':>16} | {'fresh cvxpy problem':>19} | ratio")
    mu = [
        (0.5, np.array([[0, 1, 10], [0, 0, 4], [0, 0, 0]], float)),
        (0.5, np.array([[0, 0, 0], [0, 0, 0], [4, 0, 0]], float)),
    ]
    for phi in SURROGATES:
        ours = best_time(lambda phi=phi: graph_surrogate_minimizer(mu, phi))
        reference = best_time(lambda phi=phi: fresh_cvxpy_minimizer(mu, phi))
        agree = np.allclose(
            graph_surrogate_minimizer(mu, phi).alpha, fresh_cvxpy_minimizer(mu, phi), atol=1e-4
        )
        print(
            f"{phi:<14} | {ours * 1e3:>13.1f} ms | {reference * 1e3:>16.1f} ms | "
            f"{reference / ours:4.1f}x{'' if agree else '  (DISAGREE)'}"
        )

    print("\n3. counterexample search (seed 0, minimal items) and exact certification")
    print(f"{'loss':<14} | {'form':<8} | {'items':>5} | {'search':>9} | {'certificate':>11}")
    total = 0.0
    for phi in SURROGATES:
        for form, n in (("pairwise", 3), ("margin", 2)):
            start = time.perf_counter()
            cx = find_low_noise_counterexample(phi, form, n, rng=0)
            searched = time.perf_counter() - start
            start = time.perf_counter()
            certify_counterexample(cx)
            certified = time.perf_counter() - start
            total += searched + certified
            print(
                f"{phi:<14} | {form:<8} | {n:>5} | {searched * 1e3:>6.0f} ms | "
                f"{certified * 1e3:>8.0f} ms"
            )
    print(f"all eight: {total:.1f} s")

    print("\n4. a Bayes order of (11): brute force over n! orders vs feedback-arc-set programme")
    print(f"{'n':>2} | {'n! orders':>10} | {'brute force':>11} | {'2^n programme':>13} | ratio")
    for n in (5, 6, 7, 8):
        distribution = random_preference_distribution(n, n, n_graphs=3)
        D = difference_graph(mean_adjacency(distribution))
        brute = best_time(lambda d=distribution: bayes_orders(d), repeats=3)
        dp = best_time(lambda D=D: minimum_feedback_arc_set(D), repeats=3)
        print(
            f"{n:>2} | {int(np.prod(range(1, n + 1))):>10} | {brute * 1e3:>8.1f} ms | "
            f"{dp * 1e3:>10.1f} ms | {brute / dp:5.1f}x"
        )
