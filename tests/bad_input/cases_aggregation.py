"""Bad-input cases for rankviz.aggregation, rankviz.cascade and rankviz.ustatistics (chapter 08).

Each valid call is tiny (3 items, a few judgments, a few SGD steps).  Mutations listed in
``valid`` are legitimate values, each with the reason next to it.
"""

import numpy as np

from bad_input.harness import Call, Case
from rankviz.aggregation import (
    aggregate_scores,
    ammar_shah_scores,
    borda_scores,
    btl_log_odds,
    btl_maximum_likelihood,
    btl_win_probabilities,
    comparison_groups,
    comparison_mask,
    discordant_pairs,
    empirical_probabilities,
    limit_scores_on_every_graph,
    principal_eigenvector_scores,
    probability_differences,
    simulate_btl_comparisons,
    thurstone_mosteller_scores,
    win_counts,
)
from rankviz.cascade import ClickLogs, cascade_log_likelihood, cascade_mle, simulate_cascade_clicks
from rankviz.lipschitz import (
    algebraic_connectivity,
    fiedler_directions,
    masked_lipschitz_constant,
    tight_lipschitz_difference,
)
from rankviz.round_robins import (
    all_round_robins,
    disagreeing_round_robin,
    log_odds_sums_rise_with_wins,
)
from rankviz.ustatistics import (
    RankingData,
    asymptotic_structure_scores,
    average_log_odds,
    full_information_fit,
    majority_structure_risk,
    ndcg_regression_labels,
    ndcg_risk,
    pairwise_logistic_fit,
    sgd_u_statistic,
    simulate_ranking_data,
    u_statistic_minimizer,
    u_statistic_risk,
)
from rankviz.ustatistics_experiment import ExperimentResult, u_statistic_experiment

# win counts over 3 items, every pair compared both ways (connected, strongly connected)
WINS = np.array([[0, 3, 1], [1, 0, 2], [2, 1, 0]])
BAD_WINS = {
    "negative count": np.array([[0, -1, 1], [1, 0, 2], [2, 1, 0]]),
    "nonzero diagonal": np.array([[1, 3, 1], [1, 0, 2], [2, 1, 0]]),
}
SKEW = np.array([[0.0, 1.0, 0.5], [-1.0, 0.0, 0.2], [-0.5, -0.2, 0.0]])
_W = np.array([4.0, 2.0, 1.0])
RATIOS = _W[:, None] / _W[None, :]
# a valid seed: any non-negative int, however large
SEED_OK = {"rng": {"huge"}}
# strengths / probabilities over one item fewer are still a valid (smaller) problem
SHORTER_OK = {"one entry fewer"}


def _logs():
    return ClickLogs([[0, 1, 2], [1, 2, 0], [2, 0, 1]], [1, 3, 0])


def _data(n_judgments=8, relevance=True):
    data = simulate_ranking_data(2, 3, 3, n_judgments, rng=0)
    if relevance:
        return data
    return RankingData(data.features, data.queries, data.pairs)


def _experiment_result():
    # the record as u_statistic_experiment returns it (2 runs, k in (1, 3)), built directly so
    # that each mutation does not rerun the experiment
    return ExperimentResult(
        np.array([1, 3]),
        np.array([[0.30, 0.20], [0.32, 0.22]]),
        np.array([0.28, 0.27]),
        np.array([0.10, 0.12]),
        dict(EXPERIMENT),
    )


EXPERIMENT = {
    "n_runs": 2,
    "n_queries": 3,
    "n_items": 4,
    "n_features": 3,
    "n_judgments": 30,
    "n_test_queries": 5,
    "n_subsets": 4,
}
NO_JUDGMENTS = {"no judgments": _data(0)}
NO_RELEVANCE = {"no relevance": _data(relevance=False)}


CASES = {
    # --- rankviz.aggregation ---------------------------------------------------------------
    "rankviz.aggregation.win_counts": Case(
        lambda: Call(win_counts, [[0, 1], [1, 2], [0, 2]], 3),
        # no comparisons at all (N = 0) is documented; two rows are as valid as three
        valid={"comparisons": {"empty", "one entry fewer"}},
        extra={
            "comparisons": {
                "id out of range": [[0, 3]],
                "negative id": [[0, -1]],
                "item against itself": [[1, 1]],
            }
        },
    ),
    "rankviz.aggregation.comparison_mask": Case(
        lambda: Call(comparison_mask, WINS), extra={"wins": BAD_WINS}
    ),
    "rankviz.aggregation.empirical_probabilities": Case(
        lambda: Call(empirical_probabilities, WINS), extra={"wins": BAD_WINS}
    ),
    "rankviz.aggregation.probability_differences": Case(
        lambda: Call(probability_differences, WINS), extra={"wins": BAD_WINS}
    ),
    "rankviz.aggregation.comparison_groups": Case(
        lambda: Call(comparison_groups, WINS), extra={"wins": BAD_WINS}
    ),
    "rankviz.aggregation.ammar_shah_scores": Case(
        lambda: Call(ammar_shah_scores, WINS), extra={"wins": BAD_WINS}
    ),
    "rankviz.aggregation.btl_log_odds": Case(
        lambda: Call(btl_log_odds, WINS, 0.5, smoothing="counts"),
        extra={"wins": BAD_WINS, "c": {"zero": 0.0, "negative": -1.0}},
    ),
    "rankviz.aggregation.borda_scores": Case(
        lambda: Call(borda_scores, SKEW),
        extra={
            "A": {
                "not skew-symmetric": np.ones((3, 3)),
                "one item": np.zeros((1, 1)),
                "overflowing": np.array(
                    [[0.0, 1e308, 1e308], [-1e308, 0.0, 0.0], [-1e308, 0.0, 0.0]]
                ),
            }
        },
    ),
    "rankviz.aggregation.thurstone_mosteller_scores": Case(
        lambda: Call(thurstone_mosteller_scores, SKEW, np.ones((3, 3), dtype=bool)),
        extra={
            "A": {"not skew-symmetric": np.ones((3, 3))},
            "mask": {
                "asymmetric": np.triu(np.ones((3, 3), dtype=bool)),
                "not 0/1": np.full((3, 3), 2),
            },
        },
    ),
    "rankviz.aggregation.principal_eigenvector_scores": Case(
        lambda: Call(principal_eigenvector_scores, RATIOS, tol=1e-10, max_iter=500),
        extra={
            "R": {
                "not reciprocal": np.ones((3, 3)) * 2,
                "negative": -RATIOS,
                "zero diagonal": RATIOS - np.eye(3),
            },
            "tol": {"zero": 0.0, "negative": -1e-3},
        },
    ),
    "rankviz.aggregation.btl_maximum_likelihood": Case(
        lambda: Call(btl_maximum_likelihood, WINS, alpha=0.5),
        extra={
            "wins": {
                **BAD_WINS,
                "fractional": WINS + 0.5 * (1 - np.eye(3)),
                "too many comparisons": WINS * 10**9,
            },
            "alpha": {"negative": -1.0},
        },
    ),
    "rankviz.aggregation.aggregate_scores": Case(
        lambda: Call(aggregate_scores, WINS, "thurstone_mosteller", c=0.25),
        extra={"wins": BAD_WINS, "c": {"zero": 0.0}},
    ),
    "rankviz.aggregation.btl_win_probabilities": Case(
        lambda: Call(btl_win_probabilities, [1.0, 0.0, -1.0]),
        valid={"strengths": SHORTER_OK},
    ),
    "rankviz.aggregation.simulate_btl_comparisons": Case(
        lambda: Call(simulate_btl_comparisons, [1.0, 0.0, -1.0], 2, 0, observed=0.8),
        valid={"strengths": SHORTER_OK, **SEED_OK},
        extra={"strengths": {"one item": [1.0]}, "observed": {"above 1": 1.5}},
    ),
    # --- rankviz.cascade ---------------------------------------------------------------------
    "rankviz.cascade.ClickLogs": Case(
        lambda: Call(ClickLogs, [[0, 1, 2], [1, 2, 0]], [1, 3]),
        extra={
            "orders": {
                "item twice": [[0, 0, 2], [1, 2, 0]],
                "negative id": [[0, -1, 2], [1, 2, 0]],
            },
            "clicks": {"past no-click": [1, 4], "negative": [-1, 0]},
        },
    ),
    "rankviz.cascade.simulate_cascade_clicks": Case(
        lambda: Call(simulate_cascade_clicks, [0.3, 0.5, 0.4], 4, 0, n_shown=2),
        valid={"p": SHORTER_OK, **SEED_OK},
        extra={"p": {"above 1": [0.3, 1.5, 0.4]}, "n_shown": {"more than items": 4}},
    ),
    "rankviz.cascade.cascade_mle": Case(
        lambda: Call(cascade_mle, _logs(), 3),
        extra={
            "click_logs": {"a list": [[[0, 1, 2]], [1]], "bad tuple": ([[0, 0]], [1])},
            "n_items": {"fewer than shown": 2},
        },
    ),
    "rankviz.cascade.cascade_log_likelihood": Case(
        lambda: Call(cascade_log_likelihood, [0.3, 0.5, 0.4], _logs()),
        infinite_ok="-inf (documented) is the log-likelihood of logs impossible under p = 1",
        extra={"p": {"above 1": [0.3, 1.5, 0.4]}, "click_logs": {"bad tuple": ([[0, 0]], [1])}},
    ),
    # --- rankviz.ustatistics -------------------------------------------------------------------
    "rankviz.ustatistics.RankingData": Case(
        lambda: Call(
            RankingData, *(lambda d: (d.features, d.queries, d.pairs, d.relevance))(_data())
        ),
        extra={
            "queries": {"query out of range": np.full(8, 2)},
            "pairs": {
                "id out of range": np.tile([0, 3], (8, 1)),
                "item against itself": np.tile([1, 1], (8, 1)),
            },
        },
    ),
    "rankviz.ustatistics.simulate_ranking_data": Case(
        lambda: Call(simulate_ranking_data, 2, 3, 3, 4, 0, nonlinearity=0.5),
        valid=SEED_OK,
        extra={"n_features": {"too few": 2}},
    ),
    "rankviz.ustatistics.asymptotic_structure_scores": Case(
        lambda: Call(asymptotic_structure_scores, [[1.0, 0.0, 2.0], [0.5, 0.0, -1.0]]),
        valid={"relevance": SHORTER_OK},  # one query is a valid batch
        extra={"relevance": {"one result": [[1.0]], "overflowing": [[1e308, -1e308, 0.0]]}},
    ),
    "rankviz.ustatistics.average_log_odds": Case(
        lambda: Call(average_log_odds, WINS, 0.5, smoothing="counts"),
        valid={"wins": {"extra dimension"}},  # a stack of win matrices is documented
        extra={"wins": BAD_WINS, "c": {"zero": 0.0}},
    ),
    "rankviz.ustatistics.majority_structure_risk": Case(
        lambda: Call(majority_structure_risk, [3, 2, 4], [2, 1, 0], 2),
        # k above every batch is complete aggregation (17); a shorter batches/wins pair is
        # fewer queries; a stack of data sets (extra dimension) is documented
        valid={"k": {"huge"}, "batches": {"extra dimension"}, "wins": {"extra dimension"}},
        extra={"wins": {"more than the batch": [4, 1, 0]}, "batches": {"no judgment": [0, 0, 0]}},
    ),
    "rankviz.ustatistics.ndcg_regression_labels": Case(
        lambda: Call(ndcg_regression_labels, [[1.0, 0.0, 2.0], [0.5, 0.0, -1.0]]),
        valid={"scores": SHORTER_OK},  # one query is a valid batch
    ),
    "rankviz.ustatistics.ndcg_risk": Case(
        lambda: Call(ndcg_risk, [1.0, 0.0, 0.0], _data()),
        extra={"data": NO_RELEVANCE},
    ),
    "rankviz.ustatistics.u_statistic_risk": Case(
        lambda: Call(
            u_statistic_risk,
            [1.0, 0.0, 0.0],
            _data(),
            2,
            c=0.4,
            smoothing="counts",
            lam=0.1,
            n_subsets=4,
            rng=0,
        ),
        # k above every query's judgment count is the paper's complete aggregation (17)
        valid={"k": {"huge"}, **SEED_OK},
        extra={"data": NO_JUDGMENTS, "lam": {"negative": -1.0, "too large": 1e300}},
    ),
    "rankviz.ustatistics.u_statistic_minimizer": Case(
        lambda: Call(
            u_statistic_minimizer,
            _data(),
            2,
            c=0.4,
            smoothing="counts",
            lam=0.1,
            n_subsets=4,
            rng=0,
        ),
        valid={"k": {"huge"}, **SEED_OK},  # k above every n_q: complete aggregation
        extra={"data": NO_JUDGMENTS, "lam": {"negative": -1.0}},
    ),
    "rankviz.ustatistics.sgd_u_statistic": Case(
        lambda: Call(
            sgd_u_statistic,
            _data(),
            2,
            c=0.4,
            smoothing="counts",
            lam=0.1,
            n_iterations=20,
            batch_size=2,
            step_size=0.3,
            rng=0,
            n_checkpoints=5,
            progress=False,
        ),
        # k above every n_q is complete aggregation; n_checkpoints is capped at n_iterations
        valid={"k": {"huge"}, "n_checkpoints": {"huge"}, **SEED_OK},
        extra={"data": NO_JUDGMENTS, "step_size": {"diverging": 1e6, "zero": 0.0}},
    ),
    "rankviz.ustatistics.pairwise_logistic_fit": Case(
        lambda: Call(pairwise_logistic_fit, _data(), lam=0.1),
        extra={"data": NO_JUDGMENTS, "lam": {"negative": -1.0}},
    ),
    "rankviz.ustatistics.full_information_fit": Case(
        lambda: Call(full_information_fit, _data(), lam=0.1),
        extra={"data": {**NO_JUDGMENTS, **NO_RELEVANCE}, "lam": {"negative": -1.0}},
    ),
    "rankviz.aggregation.discordant_pairs": Case(
        lambda: Call(discordant_pairs, [3.0, 2.0, 1.0], [1.0, 2.0, 2.0]),
        extra={"scores_b": {"other length": [1.0, 2.0]}},
    ),
    "rankviz.aggregation.limit_scores_on_every_graph": Case(
        lambda: Call(limit_scores_on_every_graph, [1.0, 0.0, -1.0], 0.5, smoothing="probability"),
        valid={"strengths": SHORTER_OK},  # two items are a valid (single) graph
        extra={"strengths": {"too many items": np.zeros(7)}, "c": {"zero": 0.0}},
    ),
    "rankviz.lipschitz.algebraic_connectivity": Case(
        lambda: Call(algebraic_connectivity, np.ones((3, 3), dtype=bool)),
        extra={"mask": {"asymmetric": [[1, 1, 0], [0, 1, 1], [0, 1, 1]]}},
    ),
    "rankviz.lipschitz.masked_lipschitz_constant": Case(
        lambda: Call(masked_lipschitz_constant, np.ones((3, 3), dtype=bool)),
        extra={"mask": {"disconnected": np.eye(3, dtype=bool)}},
    ),
    "rankviz.lipschitz.fiedler_directions": Case(
        lambda: Call(fiedler_directions, np.ones((3, 3), dtype=bool), 4),
        extra={"mask": {"disconnected": np.eye(3, dtype=bool)}, "n_directions": {"zero": 0}},
    ),
    "rankviz.lipschitz.tight_lipschitz_difference": Case(
        lambda: Call(tight_lipschitz_difference, np.ones((3, 3), dtype=bool), [1.0, 0.0, -1.0]),
        extra={"v": {"not orthogonal to 1": [1.0, 1.0, 1.0], "zero": [0.0, 0.0, 0.0]}},
    ),
    "rankviz.round_robins.all_round_robins": Case(
        lambda: Call(all_round_robins, 3, 1),
        extra={"n_items": {"too many records": 9}, "n_per_pair": {"zero": 0}},
    ),
    "rankviz.round_robins.log_odds_sums_rise_with_wins": Case(
        lambda: Call(log_odds_sums_rise_with_wins, 3, 0.5, 2, smoothing="counts"),
        extra={"c": {"zero": 0.0}, "n_opponents": {"zero": 0}},
    ),
    "rankviz.round_robins.disagreeing_round_robin": Case(
        lambda: Call(disagreeing_round_robin, 5, 2, 0.1, smoothing="probability"),
        extra={"n_items": {"two": 2}, "c": {"zero": 0.0}},
    ),
    "rankviz.ustatistics_experiment.u_statistic_experiment": Case(
        lambda: Call(u_statistic_experiment, (1, 3), rng=0, progress=False, **EXPERIMENT),
        valid={"k_values": SHORTER_OK, **SEED_OK},  # a single order is a valid experiment
        extra={"k_values": {"zero order": (0, 1)}},
    ),
    "rankviz.ustatistics_experiment.ExperimentResult.band": Case(
        lambda: Call((r := _experiment_result()).band, r.logistic, 0.9),
        extra={"values": {"other runs": np.zeros((3, 2))}, "level": {"one": 1.0}},
    ),
    "rankviz.ustatistics_experiment.ExperimentResult.beats_logistic": Case(
        lambda: Call(_experiment_result().beats_logistic, 0.9),
        extra={"level": {"zero": 0.0}},
    ),
    "rankviz.ustatistics_experiment.ExperimentResult.first_k_beating_logistic": Case(
        lambda: Call(_experiment_result().first_k_beating_logistic, 0.9),
        extra={"level": {"above 1": 1.5}},
    ),
}

RESULT_TYPES = {
    "rankviz.ustatistics_experiment.ExperimentResult": "returned by u_statistic_experiment only",
    "rankviz.ustatistics.SGDResult": "returned by sgd_u_statistic only",
}
