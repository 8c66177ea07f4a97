"""rankviz.metrics.auc against scikit-learn's roc_auc_score and one numpy.argsort.

Targets (issue: foundation): at N = 1e6, auc takes at most 0.7 x the time of
sklearn.metrics.roc_auc_score and at most 1.5 x the time of one numpy.argsort of
the scores.  Medians of 7 runs after a warm-up, all measured in this one run.
"""

import numpy as np
from _timing import best_time, verdict
from sklearn.metrics import roc_auc_score

from rankviz.metrics import auc


def table(title, make_scores):
    print(title)
    print(
        f"{'N':>9} | {'rankviz auc':>12} | {'sklearn':>10} | {'argsort':>10} | "
        f"{'vs sklearn':>10} | {'vs argsort':>10}"
    )
    rng = np.random.default_rng(0)
    ratios = {}
    for n in (10**4, 10**5, 10**6):
        y = (rng.random(n) < 0.3).astype(int)
        s = make_scores(rng, y)
        assert abs(auc(y, s) - roc_auc_score(y, s)) < 1e-12
        ours = best_time(lambda y=y, s=s: auc(y, s))
        theirs = best_time(lambda y=y, s=s: roc_auc_score(y, s))
        one_sort = best_time(lambda s=s: np.argsort(s))
        ratios[n] = (ours / theirs, ours / one_sort)
        print(
            f"{n:>9,} | {ours * 1e3:>9.2f} ms | {theirs * 1e3:>7.2f} ms | "
            f"{one_sort * 1e3:>7.2f} ms | {ours / theirs:>9.2f}x | {ours / one_sort:>9.2f}x"
        )
    vs_sklearn, vs_sort = ratios[10**6]
    print(
        f"at N = 1e6: {vs_sklearn:.2f}x sklearn (target <= 0.7x, {verdict(vs_sklearn <= 0.7)}); "
        f"{vs_sort:.2f}x one argsort (target <= 1.5x, {verdict(vs_sort <= 1.5)})\n"
    )


if __name__ == "__main__":
    table("continuous scores (no ties)", lambda rng, y: rng.normal(size=y.size) + y)
    table(
        "scores rounded to 2 decimals (many ties)",
        lambda rng, y: np.round(rng.normal(size=y.size) + y, 2),
    )
