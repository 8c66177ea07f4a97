"""rankviz's LambdaMART against LightGBM's lambdarank on the same data: NDCG@10 and training time.

Issue 32 (chapter 10): the comparison with the boosting library is in ``make bench``, ours against
theirs on the same data, NDCG and time as ratios.  The data are chapter 10's: synthetic queries of
10 to 30 documents with 5 features (``rankviz.query_data.synthetic_queries``), one score model for
the training and the test set.  Every model has 60 trees of at most 7 leaves, learning rate 0.1
and at least 20 documents per leaf; LightGBM runs single-threaded and deterministic.  Each pair
of rows compares like with like: ours with Newton splits against LightGBM without
``lambdarank_norm`` (the algorithm both implement), and Burges's least-squares splits against
LightGBM's default (each as its authors ship it).  NDCG@10 is the mean over queries, computed
for every model by ``rankviz.query_data.mean_ndcg``; times are the smallest of 3 runs.

Expected: NDCG ratios near 1 for the like-for-like pair (the chapter asserts a difference of at
most 0.02 on its data); our training is tens of times slower (pure numpy pair matrices per query
and scikit-learn's exact tree builder against LightGBM's compiled histogram code).
"""

import numpy as np
from _timing import min_time

from rankviz.lambdamart import lambdamart, lightgbm_lambdarank
from rankviz.query_data import mean_ndcg, synthetic_queries

SETTINGS = {"max_leaves": 7, "learning_rate": 0.1, "min_leaf_documents": 20}
TREES = 60
SIZES = (200, 1000)  # training queries; as many test queries


def _row(name, model, seconds, train, test):
    values = [
        mean_ndcg(d.labels, model.decision_function(d.X), d.boundaries) for d in (train, test)
    ]
    print(f"{name:34s} | {values[0]:>11.3f} | {values[1]:>10.3f} | {seconds:>9.2f} s")
    return np.array(values), seconds


def comparison(n_queries):
    train = synthetic_queries(n_queries, rng=1)
    test = synthetic_queries(n_queries, rng=2)
    args = (train.X, train.labels, train.boundaries, TREES)
    runs = {
        "ours, Newton splits": lambda: lambdamart(*args, split="newton", **SETTINGS),
        "LightGBM, lambdarank_norm=False": lambda: lightgbm_lambdarank(
            *args, normalize=False, **SETTINGS
        ),
        "ours, Burges's splits": lambda: lambdamart(*args, **SETTINGS),
        "LightGBM, default": lambda: lightgbm_lambdarank(*args, **SETTINGS),
    }
    print(f"{n_queries} training and {n_queries} test queries ({train.labels.size} documents)")
    print(f"{'model':34s} | {'train NDCG@10':>11} | {'test NDCG@10':>10} | {'training':>11}")
    rows = {name: _row(name, run(), min_time(run, 3), train, test) for name, run in runs.items()}
    for ours, theirs in (
        ("ours, Newton splits", "LightGBM, lambdarank_norm=False"),
        ("ours, Burges's splits", "LightGBM, default"),
    ):
        ndcg_ratio = rows[ours][0] / rows[theirs][0]
        time_ratio = rows[ours][1] / rows[theirs][1]
        print(
            f"{ours} / {theirs}: NDCG@10 ratio train {ndcg_ratio[0]:.3f}, "
            f"test {ndcg_ratio[1]:.3f}; training time ratio {time_ratio:.0f}x"
        )
    print()


if __name__ == "__main__":
    for size in SIZES:
        comparison(size)
