"""Ranking SVM solvers, the margin bound's cost, and the margin bound explorer's latency.

Targets (issue 5): the margin_bound_explorer dashboard updates in at most 100 ms
(median over control changes at default settings); the chapter notebook runs in at
most 20 s under nbval (see bench_notebooks.py), which is why its repeated fits use
the liblinear path of rank_svm rather than cvxpy.

Table 1: rank_svm on m pairs of LinearUtilityModel(d=2): the cvxpy primal (10.9),
the cvxpy dual with the pair kernel (10.10), and method="liblinear", against the
reference, scikit-learn's LinearSVC called directly on the mirrored pair
differences; the largest |w| difference to the cvxpy primal shows they solve the
same problem.  Median of 5 calls (3 for the slowest), all in this one run.

Table 1b: online_rank_svm (exercise 10.2), one pair per step, against the cvxpy
primal on 300 pairs: time and relative objective gap after 10^3, 10^4, 10^5 steps.

Table 2: ranking_margin_bound over a grid of 199 values of rho, as the dashboard
calls it, against the same terms written with one numpy pass per rho (the naive way).

Table 3: the dashboard: 20 changes of rho / delta (no re-fit: the fit is cached) and
20 changes of every control (a re-fit when m, noise, C or the seed moves; the form of
the bound is a blit too: the static legend lists the terms of both forms).
"""

import time

import numpy as np
from _timing import best_time, verdict
from sklearn.svm import LinearSVC

from rankviz.bounds import ranking_margin_bound
from rankviz.ranksvm import LinearUtilityModel, online_rank_svm, rank_svm, rank_svm_dual
from rankviz.widgets import margin_bound_explorer


def svm_table():
    print("rank_svm on m pairs, d = 2, C = 1 (median wall-clock time)")
    print(
        f"{'m':>6} | {'cvxpy primal':>12} | {'cvxpy dual':>10} | {'liblinear':>9} | "
        f"{'LinearSVC':>9} | {'liblinear / ref':>15} | {'primal / liblinear':>18} | "
        f"max |w - w_primal|"
    )
    model = LinearUtilityModel(d=2, noise=0.1)
    for m in (100, 1000, 5000):
        X, pairs, labels = model.sample(m, rng=0)
        Z = labels[:, None] * (X[pairs[:, 1]] - X[pairs[:, 0]])
        Z2, y2 = np.vstack([Z, -Z]), np.r_[np.ones(m), -np.ones(m)]

        def reference(Z2=Z2, y2=y2):
            svc = LinearSVC(
                C=0.5,
                loss="hinge",
                fit_intercept=False,
                dual=True,
                tol=1e-6,
                max_iter=200_000,
                random_state=0,
            )
            return svc.fit(Z2, y2).coef_.ravel()

        repeats = 3 if m >= 5000 else 5
        t_primal = best_time(lambda X=X, p=pairs, y=labels: rank_svm(X, p, y), repeats)
        t_dual = best_time(lambda X=X, p=pairs, y=labels: rank_svm_dual(X, p, y), repeats)
        t_fast = best_time(lambda X=X, p=pairs, y=labels: rank_svm(X, p, y, method="liblinear"))
        t_ref = best_time(reference)
        w_primal = rank_svm(X, pairs, labels).w
        gap = max(
            np.abs(rank_svm_dual(X, pairs, labels).w - w_primal).max(),
            np.abs(rank_svm(X, pairs, labels, method="liblinear").w - w_primal).max(),
            np.abs(reference() - w_primal).max(),
        )
        print(
            f"{m:>6} | {t_primal * 1e3:>9.1f} ms | {t_dual * 1e3:>7.1f} ms | "
            f"{t_fast * 1e3:>6.2f} ms | {t_ref * 1e3:>6.2f} ms | {t_fast / t_ref:>14.2f}x | "
            f"{t_primal / t_fast:>17.0f}x | {gap:.1e}"
        )
    print("liblinear's cost over the reference is the validation and the mirrored copy.\n")


def naive_bound(margins, rhos, delta, m):
    totals = []
    for rho in rhos:
        phi = np.clip(1 - margins / rho, 0, 1)
        totals.append(phi.mean() + 4 / (rho * np.sqrt(m)) + np.sqrt(np.log(1 / delta) / (2 * m)))
    return np.array(totals)


def bound_table():
    print("ranking_margin_bound over 199 values of rho")
    print(f"{'m':>7} | {'rankviz':>9} | {'one pass per rho':>16} | {'ratio':>6} | max |difference|")
    rhos = np.linspace(0.01, 1.0, 199)
    rng = np.random.default_rng(1)
    for m in (1000, 5000, 100_000):
        margins = rng.normal(0.4, 0.5, size=m)
        ours = best_time(lambda u=margins: ranking_margin_bound(u, rhos, 0.05, Lambda=1.0, r=1.0))
        naive = best_time(lambda u=margins, m=m: naive_bound(u, rhos, 0.05, m))
        diff = np.abs(
            ranking_margin_bound(margins, rhos, 0.05, Lambda=1.0, r=1.0).total
            - naive_bound(margins, rhos, 0.05, m)
        ).max()
        print(
            f"{m:>7} | {ours * 1e3:>6.2f} ms | {naive * 1e3:>13.2f} ms | {naive / ours:>5.0f}x | "
            f"{diff:.1e}"
        )
    print("One sort and a prefix sum serve every rho (O((m + k) log m) for k values).\n")


def dashboard_table():
    dash = margin_bound_explorer()
    rows = {
        "rho and delta (cached fit)": [
            ("rho", 0.3 + 0.02 * k) if k % 2 == 0 else ("delta", 0.05 + 0.01 * k) for k in range(20)
        ],
        "every control (re-fits)": [
            (name, value)
            for name, value in [
                ("rho", 0.35),
                ("m", 1050),
                ("noise", 0.12),
                ("log10_C", 0.2),
                ("seed", 1),
                ("delta", 0.06),
                ("rho", 0.4),
                ("m", 1100),
                ("noise", 0.14),
                ("log10_C", 0.4),
                ("form", "uniform"),
                ("delta", 0.07),
                ("rho", 0.45),
                ("m", 1150),
                ("noise", 0.16),
                ("log10_C", 0.6),
                ("seed", 3),
                ("form", "fixed"),
                ("rho", 0.5),
                ("m", 1200),
            ]
        ],
    }
    print("margin_bound_explorer: 20 control changes each")
    for label, changes in rows.items():
        dash.set(**{k: v for k, v in dash.values.items()})
        times = []
        for name, value in changes:
            start = time.perf_counter()
            dash.controls[name].value = value
            times.append(time.perf_counter() - start)
        times = np.array(times)
        median, p95 = np.median(times), np.percentile(times, 95)
        print(
            f"{label:<28} | median {median * 1e3:6.1f} ms | p95 {p95 * 1e3:6.1f} ms | "
            f"max {times.max() * 1e3:6.1f} ms | {verdict(median <= 0.100 and p95 <= 0.250)}"
        )
    print(f"full renders: {dash.full_render_count} of {dash.update_count} updates")


def online_table():
    print("online_rank_svm (exercise 10.2) against the cvxpy primal, 300 pairs, d = 2, C = 1")
    print(f"{'steps':>8} | {'time':>9} | relative objective gap")
    model = LinearUtilityModel(d=2, noise=0.1)
    X, pairs, labels = model.sample(300, rng=0)
    optimum = rank_svm(X, pairs, labels).objective
    for steps in (1_000, 10_000, 100_000):
        t = best_time(lambda s=steps: online_rank_svm(X, pairs, labels, n_steps=s, rng=0), 3)
        run = online_rank_svm(X, pairs, labels, n_steps=steps, rng=0)
        print(f"{steps:>8} | {t * 1e3:>6.1f} ms | {(run.final_objective - optimum) / optimum:.1e}")
    print()


if __name__ == "__main__":
    svm_table()
    online_table()
    bound_table()
    dashboard_table()
