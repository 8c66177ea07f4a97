"""rankviz.measures.ndcg against scikit-learn's ndcg_score on a batch of queries.

Target (issue 3, chapter 01): NDCG of 10,000 queries x 100 documents in at most
1.0 x the time of sklearn.metrics.ndcg_score.  Both use the linear gain and the
log2 discount and average over tied orders (scikit-learn's default,
``ignore_ties=False``); ``ignore_ties=True`` is shown for reference.  Medians
of 7 runs after a warm-up, all measured in this one run.
"""

import numpy as np
from _timing import best_time, verdict
from sklearn.metrics import ndcg_score

from rankviz.measures import ndcg

QUERIES, DOCUMENTS = 10_000, 100


def row(label, y, s, k=None):
    ours_values = ndcg(y, s, k, gain="linear", if_no_relevant="zero")
    assert abs(ours_values.mean() - ndcg_score(y, s, k=k)) < 1e-10
    ours = best_time(lambda: ndcg(y, s, k, gain="linear", if_no_relevant="zero"))
    theirs = best_time(lambda: ndcg_score(y, s, k=k))
    theirs_no_ties = best_time(lambda: ndcg_score(y, s, k=k, ignore_ties=True))
    ratio = ours / theirs
    print(
        f"{label:<34} | {ours * 1e3:>8.1f} ms | {theirs * 1e3:>8.1f} ms | "
        f"{theirs_no_ties * 1e3:>17.1f} ms | {ratio:>6.2f}x"
    )
    return ratio


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    y = rng.integers(0, 5, size=(QUERIES, DOCUMENTS)).astype(float)
    print(f"ndcg of {QUERIES:,} queries x {DOCUMENTS} documents (grades 0-4)")
    print(
        f"{'scores':<34} | {'rankviz':>11} | {'sklearn':>11} | "
        f"{'sklearn, ignore_ties':>20} | {'ratio':>7}"
    )
    continuous = rng.normal(size=(QUERIES, DOCUMENTS))
    ratios = [
        row("continuous (no ties)", y, continuous),
        row("continuous, k = 10", y, continuous, k=10),
        row("rounded to 1 decimal (many ties)", y, np.round(continuous, 1)),
    ]
    worst = max(ratios)
    print(f"worst ratio {worst:.2f}x sklearn (target <= 1.0x, {verdict(worst <= 1.0)})")
