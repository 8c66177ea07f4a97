"""The larger version of chapter 08's replication of Duchi et al.'s Figure 3 (section 6.2).

Run by hand (it takes a few minutes; ``make bench`` does not run it):

    .venv/bin/python benchmarks/u_statistic_experiment.py            # 20 runs, beta = 2 and 0
    .venv/bin/python benchmarks/u_statistic_experiment.py --runs 5 --solver sgd
    .venv/bin/python benchmarks/u_statistic_experiment.py --figure4  # the ridge at k = 100

For each nonlinearity beta of the hidden relevance ``r = x_0 + beta (x_1 - 1)_+^2``
it prints the NDCG risk (mean and 95% t interval over the runs) of the regression
(28) on aggregated scores for each order k of the U-statistic (19), of the pairwise
logistic loss (29) and of the full-information regression, then the paired
difference "U-statistic minus logistic" and the first k from which aggregation wins.
A progress bar (tqdm) runs over the fits.
"""

import argparse
import time

from rankviz.ustatistics_experiment import EXPERIMENT_DEFAULTS, u_statistic_experiment

K_VALUES = (1, 10, 30, 100, 300, 1000, 3000)
LAMBDAS = (1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0)
LARGE = {
    "n_queries": 100,
    "n_items": 20,
    "n_features": 6,
    "n_judgments": 200_000,
    "n_test_queries": 1000,
}


def table(result, beta):
    """Print the risks and the paired differences of one experiment."""
    print(
        f"\nbeta = {beta}: {result.n_runs} runs, {result.settings['n_queries']} queries of "
        f"{result.settings['n_items']} results, {result.settings['n_judgments']:,} judgments "
        f"(about {result.settings['n_judgments'] // result.settings['n_queries']:,} per query), "
        f"solver {result.settings['solver']}"
    )
    print(
        f"{'estimator':<34}{'NDCG risk':>11}{'95% interval':>22}"
        f"{'minus logistic':>17}{'95% interval':>24}"
    )
    rows = [
        ("full information (28) on (27)", result.full, None),
        ("pairwise logistic (29)", result.logistic, None),
    ]
    rows += [
        (
            f"U-statistic (19), k = {k}",
            result.u_statistic[:, j],
            result.u_statistic[:, j] - result.logistic,
        )
        for j, k in enumerate(result.k_values)
    ]
    for name, values, paired in rows:
        mean, low, high = result.band(values)
        line = f"{name:<34}{mean:>11.5f}{f'[{low:.5f}, {high:.5f}]':>22}"
        if paired is not None:
            d_mean, d_low, d_high = result.band(paired)
            line += f"{d_mean:>+17.5f}{f'[{d_low:+.5f}, {d_high:+.5f}]':>24}"
        print(line)
    first = result.first_k_beating_logistic()
    print(
        "aggregation beats the logistic loss (paired 95% interval below 0) "
        + (f"from k = {first} on" if first is not None else "at no tested k")
    )


def figure4(runs, seed):
    """Figure 4: the NDCG risk of the U-statistic fit at k = 100 for each ridge multiplier."""
    print(f"\nFigure 4: k = 100, beta = 2, {runs} runs (the same training sets for every lambda)")
    print(
        f"{'lambda':>8}{'NDCG risk':>11}{'95% interval':>22}{'minus lambda = 1e-4':>22}"
        f"{'95% interval':>24}"
    )
    results = [
        u_statistic_experiment((100,), rng=seed, n_runs=runs, lam=lam, nonlinearity=2.0, **LARGE)
        for lam in LAMBDAS
    ]
    base = results[0].u_statistic[:, 0]
    for lam, result in zip(LAMBDAS, results, strict=True):
        values = result.u_statistic[:, 0]
        mean, low, high = result.band(values)
        d_mean, d_low, d_high = result.band(values - base)
        print(
            f"{lam:>8g}{mean:>11.5f}{f'[{low:.5f}, {high:.5f}]':>22}{d_mean:>+22.5f}"
            f"{f'[{d_low:+.5f}, {d_high:+.5f}]':>24}"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="repetitions (default 20)")
    parser.add_argument(
        "--solver",
        choices=("subsets", "sgd"),
        default="subsets",
        help="closed form on sampled subsets, or the stochastic method (25)",
    )
    parser.add_argument(
        "--betas",
        type=float,
        nargs="+",
        default=[2.0, 0.0],
        help="nonlinearities of the hidden relevance (default 2 0)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--figure4",
        action="store_true",
        help="only the ridge experiment of Figure 4 (k = 100, several lambda)",
    )
    args = parser.parse_args()
    if args.figure4:
        start = time.perf_counter()
        figure4(args.runs, args.seed)
        print(f"({time.perf_counter() - start:.0f} s)")
        return
    print("Duchi, Mackey and Jordan (2013), section 6.2 / Figure 3, on generated data")
    print(f"defaults of the notebook's small version: {EXPERIMENT_DEFAULTS}")
    for beta in args.betas:
        start = time.perf_counter()
        result = u_statistic_experiment(
            K_VALUES,
            rng=args.seed,
            progress=True,
            n_runs=args.runs,
            nonlinearity=beta,
            solver=args.solver,
            sgd_iterations=5000,
            **LARGE,
        )
        table(result, beta)
        print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
