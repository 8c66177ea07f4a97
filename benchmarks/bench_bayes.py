"""Time of one conditional risk + one surrogate minimization at n = 4..7 (rankviz.bayes).

Target (issue 7, chapter 06): the calibration explorer stays within 100 ms per
update at its default n (4); one update computes a conditional risk of every
permutation and a surrogate minimizer.  For each n the table gives, as medians
of 7 runs after a warm-up, measured in this one run:

* loss matrix: ``loss_matrix`` of the MAP loss on 3 labels (done once per
  label set and cached by the dashboard);
* risk: ``conditional_risk`` with that cached matrix (one matrix-vector product);
* closed form: ``surrogate_minimizer(..., method="closed_form")`` of the
  least-squares surrogate, then pred = sort (what the dashboard does);
* MAP pred: the brute-force argmax pred of the O(n^2) MAP surrogate;
* cvxpy, re-solve: the same minimization with cvxpy, problem built once with a
  ``cp.Parameter`` and re-solved (``surrogate_minimizer``'s cache);
* cvxpy, fresh: a new ``squared_surrogate()`` each time, so the problem is
  built again (what a naive loop would pay);
* dashboard: the median of 20 slider moves of ``calibration_explorer`` (n = 4
  only: the dashboard's default), drawing and PNG encoding included.
"""

import sys

import numpy as np
from _timing import best_time, verdict

from rankviz.bayes import conditional_risk, loss_matrix, map_loss
from rankviz.surrogates import map_surrogate, pred_sort, squared_surrogate, surrogate_minimizer


def labels_for(n):
    """Three binary label vectors of n items (the dashboard's kind of input)."""
    base = np.zeros((3, n))
    base[0, 2 % n] = 1
    base[1, :2] = 1
    base[2, 1::2] = 1
    return base


def dashboard_medians():
    """Median update of the calibration explorer (20 slider moves) and, for scale on this
    machine at this moment, of the ROC explorer (the collection's model dashboard)."""
    sys.path.insert(0, "benchmarks")
    from bench_widgets import control_changes, measure

    from rankviz.widgets import calibration_explorer, roc_explorer

    dash = calibration_explorer()
    sliders = [
        (name, value)
        for name, value in control_changes(dash, count=40)
        if name.startswith("weight")
    ][:20]
    reference = roc_explorer()
    return (
        float(np.median(measure(dash, sliders))),
        float(np.median(measure(reference, control_changes(reference)))),
    )


if __name__ == "__main__":
    probs = np.array([0.4, 0.55, 0.05])
    print("one conditional risk + one surrogate minimization (MAP loss, 3 binary labels)")
    print(
        f"{'n':>2} | {'n!':>5} | {'loss matrix':>11} | {'risk':>8} | {'closed form':>11} | "
        f"{'MAP pred':>9} | {'cvxpy, re-solve':>15} | {'cvxpy, fresh':>12} | risk + closed form"
    )
    surrogate = squared_surrogate()
    for n in range(4, 8):
        labels = labels_for(n)
        matrix = loss_matrix(map_loss(), n, labels)
        t_matrix = best_time(lambda: loss_matrix(map_loss(), n, labels), repeats=3)  # noqa: B023
        t_risk = best_time(lambda: conditional_risk(matrix, labels, probs))  # noqa: B023
        t_closed = best_time(
            lambda: pred_sort(
                surrogate_minimizer(surrogate, labels, probs, method="closed_form").scores  # noqa: B023
            )
        )
        u = probs @ map_surrogate().statistic(labels)
        t_map = best_time(lambda: map_surrogate().pred(u))  # noqa: B023
        t_cvx = best_time(lambda: surrogate_minimizer(surrogate, labels, probs))  # noqa: B023
        t_fresh = best_time(
            lambda: surrogate_minimizer(squared_surrogate(), labels, probs),  # noqa: B023
            repeats=3,
        )
        closed = surrogate_minimizer(surrogate, labels, probs, method="closed_form").scores
        solved = surrogate_minimizer(surrogate, labels, probs).scores
        assert np.allclose(closed, solved, atol=1e-5)
        total = t_risk + t_closed
        print(
            f"{n:>2} | {len(matrix):>5} | {t_matrix * 1e3:>8.2f} ms | {t_risk * 1e3:>5.3f} ms | "
            f"{t_closed * 1e3:>8.3f} ms | {t_map * 1e3:>6.2f} ms | {t_cvx * 1e3:>12.1f} ms | "
            f"{t_fresh * 1e3:>9.1f} ms | {total * 1e3:.3f} ms"
        )
    median, reference = dashboard_medians()
    print(
        f"\ncalibration explorer at its default n = 4: median update {median * 1e3:.0f} ms "
        f"over 20 slider moves (target <= 100 ms, {verdict(median <= 0.100)}); "
        f"ROC explorer in the same run: {reference * 1e3:.0f} ms"
    )
