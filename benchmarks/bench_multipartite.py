"""Multipartite RankBoost (exercise 10.8) against RankBoost on all cross pairs.

multipartite_rankboost keeps two weights per point (u = e^f, v = e^-f) and their totals
per grade, so a round costs O(d N + k) (plus a sort for the reported pairwise error),
against O(sum_{j<l} n_j n_l) = O(N^2) for rankboost on the explicit cross pairs.  The
table gives, for N points in k grades and 20 rounds, the time of each (best of 3 runs)
and whether the two return the same stumps and steps.
"""

import numpy as np
from _timing import min_time

from rankviz.multipartite import multipartite_pairs, multipartite_rankboost
from rankviz.rankboost import rankboost

ROUNDS = 20


def main():
    rng = np.random.default_rng(0)
    print(f"multipartite_rankboost vs rankboost on all cross pairs, d = 5, {ROUNDS} rounds")
    print(
        f"{'N':>6} | {'k':>2} | {'cross pairs':>11} | {'on the pairs':>12} | {'per-point':>10} | "
        f"{'ratio':>6} | same stumps and steps"
    )
    for n_points, k in ((500, 3), (1000, 5), (2000, 5), (3000, 8)):
        grades = rng.integers(0, k, size=n_points)
        X = rng.normal(size=(n_points, 5)) + 0.3 * grades[:, None]
        pairs = multipartite_pairs(grades)
        labels = np.ones(len(pairs), dtype=np.int8)
        explicit = rankboost(X, pairs, labels, ROUNDS)
        efficient = multipartite_rankboost(X, grades, ROUNDS)
        same = explicit.rankers == efficient.rankers and np.allclose(
            explicit.alphas, efficient.alphas
        )
        slow = min_time(lambda X=X, p=pairs, y=labels: rankboost(X, p, y, ROUNDS))
        fast = min_time(lambda X=X, g=grades: multipartite_rankboost(X, g, ROUNDS))
        print(
            f"{n_points:>6} | {k:>2} | {len(pairs):>11,} | {slow * 1e3:>9.0f} ms | "
            f"{fast * 1e3:>7.0f} ms | {slow / fast:>5.1f}x | {same}"
        )


if __name__ == "__main__":
    main()
