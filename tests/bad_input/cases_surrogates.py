"""Bad-input cases for chapters 06 and 07: bayes, surrogates, calibration, consistency,
disagreement and suboptimality (see harness.py)."""

import numpy as np

from bad_input.harness import Call, Case
from rankviz.bayes import (
    RankingLoss,
    bayes_permutations,
    chain_vectors,
    conditional_risk,
    err_loss,
    item_sets,
    label_set,
    loss_matrix,
    loss_matrix_rank,
    map_loss,
    ndcg_loss,
    pairwise_disagreement_loss,
    precision_loss,
    product_distribution,
    rank_mod_prime,
    subset_containment,
)
from rankviz.calibration import (
    calibration_regret,
    find_calibration_counterexample,
    is_calibrated_at,
    largest_ndcg_surrogate_ratio,
    ndcg_regression_bound,
    ndcg_regression_instances,
    ndcg_sharp_constant,
    ndcg_sharp_instance,
    ndcg_surrogate_ratio,
    satisfies_map_reinforcement,
    simplex_triangulation,
    structure_consistency_gap,
)
from rankviz.consistency import (
    LowNoiseCounterexample,
    check_preference_distribution,
    difference_graph,
    is_low_noise,
    low_noise_violations,
    mean_adjacency,
    random_preference_distribution,
    violated_edges,
)
from rankviz.counterexamples import certify_counterexample, find_low_noise_counterexample
from rankviz.disagreement import (
    bayes_orders,
    conditional_pairwise_risk,
    difference_scores,
    expected_disagreement,
    minimum_feedback_arc_set,
    net_degree_scores,
    pred_all_orders,
)
from rankviz.measures import precision_at_k
from rankviz.suboptimality import (
    cheapest_scores,
    least_squares_excess,
    order_cone_distance,
    order_cone_projection,
    simplex_grid,
    suboptimality_function,
)
from rankviz.surrogates import (
    Surrogate,
    aggregated_surrogate_minimizer,
    aggregated_surrogate_risk,
    graph_surrogate_minimizer,
    graph_surrogate_risk,
    map_surrogate,
    pairwise_surrogate,
    pred_map,
    pred_sort,
    squared_surrogate,
    surrogate_minimizer,
    surrogate_risk,
)

# --- shared valid inputs ------------------------------------------------------------------------
LABELS = [[1, 0], [0, 1]]  # two binary label vectors on two items
PROBS = [0.7, 0.3]
MAP_LABELS = [[0, 0, 1], [1, 1, 0]]
MU = [(0.5, [[0, 2], [0, 0]]), (0.5, [[0, 0], [1, 0]])]  # a distribution over two DAGs
CYCLIC_MU = [(1.0, [[0, 1], [1, 0]])]
Y_MEAN = [[0, 2, 3], [1, 0, 1], [0, 0, 0]]
CYCLIC = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
FLAGSHIP_CX = dict(
    probs=np.array([0.7, 0.3]),
    graphs=np.array([[[0, 3], [0, 0]], [[0, 0], [9, 0]]], dtype=float),
    alpha=np.array([0.0, -4.0]),
    pair=(1, 0),
    phi="hinge",
    form="margin",
)


def _cx():
    return LowNoiseCounterexample(**FLAGSHIP_CX)


def _nan_loss(sigma, y):
    return np.full(np.atleast_2d(sigma).shape[0], np.nan)


def _precision_function(sigma, y):
    return 1.0 - precision_at_k(y, -np.asarray(sigma, dtype=float), k=1)


# bad values that are not array mutations
NOT_A_LOSS = {"not callable": 3.0, "a surrogate": squared_surrogate()}
NOT_A_SURROGATE = {"a loss": map_loss(), "a string": "squared"}
BAD_PROBS = {"sum 2": [1.0, 1.0], "negative": [1.2, -0.2]}
BAD_MU = {
    "cyclic": CYCLIC_MU,
    "sum 2": [(1.0, [[0, 1], [0, 0]]), (1.0, [[0, 0], [1, 0]])],
    "bad pair": [(1.0, [[0, 1], [0, 0]], 3)],
    "a dict": {0.5: [[0, 1], [0, 0]]},
}

CASES = {
    # --- bayes: losses, loss matrices, Bayes sets ---
    "rankviz.bayes.RankingLoss": Case(
        lambda: Call(RankingLoss, "P@1", "binary", _precision_function),
        valid={"name": {"unknown string"}},  # any string names a loss
        extra={"label_kind": {"unknown kind": "ranks"}},
    ),
    "rankviz.bayes.RankingLoss.__call__": Case(
        lambda: Call(precision_loss(1).__call__, [0, 1], [1, 0]),
        valid={"sigma": {"extra dimension"}},  # a batch of permutations, one per row
        extra={
            "sigma": {"not a permutation": [0, 0], "out of range": [0, 2]},
            "y": {"graph": [[0, 1], [0, 0]]},
        },
    ),
    "rankviz.bayes.bayes_permutations": Case(
        lambda: Call(bayes_permutations, precision_loss(1), LABELS, PROBS),
        extra={
            "loss": NOT_A_LOSS,
            "probs": {**BAD_PROBS, "one label": [1.0]},
            "labels": {"one item": [[1.0]], "graphs": np.zeros((2, 2, 2))},
        },
    ),
    "rankviz.bayes.conditional_risk": Case(
        lambda: Call(conditional_risk, precision_loss(1), LABELS, PROBS),
        valid={"probs": {"extra dimension"}},  # a batch of distributions, one per row
        extra={
            "loss": {
                **NOT_A_LOSS,
                "wrong matrix": np.zeros((3, 2)),
                "nan loss": RankingLoss("nan", "binary", _nan_loss),
            },
            "probs": {**BAD_PROBS, "complex": [0.7 + 1j, 0.3 + 1j]},
        },
    ),
    # max_grade is a real number (R = (2**g - 1) / 2**max_grade): 2.5 is a valid top grade
    "rankviz.bayes.err_loss": Case(lambda: Call(err_loss, 2), valid={"max_grade": {"non-integer"}}),
    "rankviz.bayes.label_set": Case(
        lambda: Call(label_set, 2, grades=(0, 1)),
        valid={"grades": {"one entry fewer"}},  # one grade: the single all-zero label
        extra={"grades": {"repeated": (1, 1), "negative": (-1, 0)}},
    ),
    "rankviz.bayes.loss_matrix": Case(
        lambda: Call(loss_matrix, precision_loss(1), 2, LABELS, batched=True),
        valid={"labels": {"one entry fewer"}},  # a label set of one label
        extra={
            "loss": {**NOT_A_LOSS, "nan loss": RankingLoss("nan", "binary", _nan_loss)},
            "n": {"too many": 8},
        },
    ),
    "rankviz.bayes.loss_matrix_rank": Case(
        lambda: Call(loss_matrix_rank, [[0.5, 1.0], [1.0, 2.0]], method="exact", tol=None),
        # a 1 x 2 matrix has a rank; tol=7 is a valid (large) threshold
        valid={"matrix": {"one entry fewer"}, "tol": {"int"}},
    ),
    "rankviz.bayes.map_loss": Case(lambda: Call(map_loss)),
    # a cutoff beyond the list is allowed (NDCG@k with k > n is NDCG of the whole list)
    "rankviz.bayes.ndcg_loss": Case(
        lambda: Call(ndcg_loss, "exponential", k=2), valid={"k": {"huge"}}
    ),
    "rankviz.bayes.pairwise_disagreement_loss": Case(lambda: Call(pairwise_disagreement_loss)),
    # q > n is allowed: Precision@q divides by q (metrics.precision_at_k allocates nothing)
    "rankviz.bayes.precision_loss": Case(lambda: Call(precision_loss, 1), valid={"q": {"huge"}}),
    "rankviz.bayes.product_distribution": Case(
        lambda: Call(product_distribution, [0.5, 0.2], grades=None),
        valid={"marginals": {"one entry fewer"}},  # one item
        extra={"marginals": {"above 1": [1.5, 0.2]}},
    ),
    # --- surrogates ---
    "rankviz.surrogates.Surrogate": Case(
        lambda: Call(
            Surrogate,
            "s",
            lambda n: n,
            lambda ys: np.asarray(ys, dtype=float),
            lambda u, y: float(np.sum((u - y) ** 2)),
            lambda u, t: 0,
            pred_sort,
            closed_form=None,
            pred_kind="sort",
            shift_invariant=False,
            divergent=None,
            divergence_sign=-1.0,
        ),
        # closed_form and divergent may be None (their default); any string is a name
        valid={"closed_form": {"none"}, "divergent": {"none"}, "name": {"unknown string"}},
    ),
    "rankviz.surrogates.aggregated_surrogate_minimizer": Case(
        lambda: Call(aggregated_surrogate_minimizer, Y_MEAN, "hinge")
    ),
    "rankviz.surrogates.aggregated_surrogate_risk": Case(
        lambda: Call(aggregated_surrogate_risk, [1.0, 0.0, -1.0], Y_MEAN, "hinge"),
        valid={"alpha": {"extra dimension"}},
    ),  # a batch of score vectors
    "rankviz.surrogates.graph_surrogate_minimizer": Case(
        lambda: Call(graph_surrogate_minimizer, MU, "hinge", "pairwise"), extra={"mu": BAD_MU}
    ),
    "rankviz.surrogates.graph_surrogate_risk": Case(
        lambda: Call(graph_surrogate_risk, [1.0, 0.0], MU, "hinge", "pairwise"),
        valid={"alpha": {"extra dimension"}},  # a batch of score vectors
        extra={"mu": BAD_MU},
    ),
    "rankviz.surrogates.map_surrogate": Case(lambda: Call(map_surrogate)),
    "rankviz.surrogates.pairwise_surrogate": Case(
        lambda: Call(
            pairwise_surrogate,
            "logistic",
            weights="ndcg_gain",
            gain="exponential",
            max_grade=None,
            reverse=False,
        ),
        # max_grade=None is its default (only the ERR weights need it); 1 is a valid top grade
        valid={"max_grade": {"none", "int"}},
    ),
    "rankviz.surrogates.pred_map": Case(
        lambda: Call(pred_map, [0.5, 0.2, 0.1]), valid={"u": {"extra dimension"}}
    ),  # a batch
    # pred sorts the scores of a minimizer, which may be -inf/+inf where a minimizing sequence
    # diverges (documented); a batch (extra dimension) and two items are valid too
    "rankviz.surrogates.pred_sort": Case(
        lambda: Call(pred_sort, [0.5, 0.2, 0.9]),
        valid={"scores": {"inf entry", "-inf entry", "extra dimension", "one entry fewer"}},
    ),
    "rankviz.surrogates.squared_surrogate": Case(
        lambda: Call(squared_surrogate, "err_gain", gain="exponential", max_grade=2),
        valid={"max_grade": {"non-integer"}},
    ),  # as err_loss: a real top grade
    "rankviz.surrogates.surrogate_minimizer": Case(
        lambda: Call(
            surrogate_minimizer,
            squared_surrogate(),
            LABELS,
            PROBS,
            method="closed_form",
            solver=None,
        ),
        extra={"surrogate": NOT_A_SURROGATE, "probs": BAD_PROBS},
    ),
    "rankviz.surrogates.surrogate_risk": Case(
        lambda: Call(surrogate_risk, squared_surrogate(), [0.5, 0.5], LABELS, PROBS),
        extra={"surrogate": NOT_A_SURROGATE, "probs": BAD_PROBS},
    ),
    # --- calibration ---
    "rankviz.calibration.SimplexTriangulation.locate": Case(
        lambda: Call(simplex_triangulation(3).locate, [[0.2, 0.3, 0.5]]),
        extra={"probs": {"sum 2": [[1.0, 0.5, 0.5]]}},
    ),
    "rankviz.bayes.chain_vectors": Case(
        lambda: Call(chain_vectors, [2, 1, 1]), valid={"weights": {"one entry fewer"}}
    ),
    "rankviz.bayes.item_sets": Case(lambda: Call(item_sets, 3)),
    "rankviz.bayes.rank_mod_prime": Case(
        lambda: Call(rank_mod_prime, [[1, 2], [3, 4]], prime=7),
        valid={"matrix": {"one entry fewer"}},
        extra={"prime": {"not a prime": 9, "too large": 2**31 + 11}},
    ),
    "rankviz.bayes.subset_containment": Case(lambda: Call(subset_containment, 3)),
    "rankviz.calibration.calibration_regret": Case(
        lambda: Call(
            calibration_regret,
            map_loss(),
            squared_surrogate(),
            MAP_LABELS,
            [[0.4, 0.6], [0.5, 0.5]],
            tol=1e-9,
        ),
        valid={"probs": {"one entry fewer"}},  # a batch of one distribution
        extra={"loss": NOT_A_LOSS, "surrogate": NOT_A_SURROGATE, "probs": BAD_PROBS},
    ),
    "rankviz.calibration.find_calibration_counterexample": Case(
        lambda: Call(
            find_calibration_counterexample,
            map_loss(),
            squared_surrogate(),
            MAP_LABELS,
            n_trials=5,
            rng=0,
            tol=1e-9,
            method="auto",
        ),
        # one label is a valid label set; any non-negative int is a seed
        valid={"labels": {"one entry fewer"}, "rng": {"huge"}},
        extra={"loss": NOT_A_LOSS, "surrogate": NOT_A_SURROGATE},
    ),
    "rankviz.calibration.is_calibrated_at": Case(
        lambda: Call(
            is_calibrated_at,
            map_loss(),
            squared_surrogate(),
            MAP_LABELS,
            [0.4, 0.6],
            tol=1e-9,
            method="auto",
        ),
        extra={"loss": NOT_A_LOSS, "surrogate": NOT_A_SURROGATE, "probs": BAD_PROBS},
    ),
    "rankviz.calibration.ndcg_regression_bound": Case(
        lambda: Call(
            ndcg_regression_bound,
            [0.3, 0.2, 0.1],
            [[2, 1, 0], [0, 1, 2]],
            [0.6, 0.4],
            gain="exponential",
        ),
        extra={"probs": BAD_PROBS},
    ),
    "rankviz.calibration.ndcg_regression_instances": Case(
        lambda: Call(
            ndcg_regression_instances,
            [[2, 1, 0], [0, 1, 2], [1, 0, 0]],
            5,
            support=2,
            noise=(0.01, 0.05),
            rng=0,
        ),
        valid={"labels": {"one entry fewer"}, "noise": {"one entry fewer"}, "rng": {"huge"}},
        extra={
            "labels": {"graphs": np.zeros((2, 3, 3))},
            "support": {"above k": 4},
            "noise": {"zero": (0.0, 0.1), "empty": ()},
        },
    ),
    "rankviz.calibration.ndcg_sharp_constant": Case(lambda: Call(ndcg_sharp_constant, 4)),
    "rankviz.calibration.ndcg_sharp_instance": Case(
        lambda: Call(ndcg_sharp_instance, 3, spread=0.9, nudge=1e-7),
        extra={"spread": {"one": 1.0}, "nudge": {"large": 0.1}},
    ),
    "rankviz.calibration.largest_ndcg_surrogate_ratio": Case(
        lambda: Call(largest_ndcg_surrogate_ratio, [[1, 0, 2], [0, 1, 0]]),
        valid={"labels": {"one entry fewer"}},
        infinite_ok="a label without a relevant item has a positive loss at surrogate 0",
    ),
    "rankviz.calibration.ndcg_surrogate_ratio": Case(
        lambda: Call(ndcg_surrogate_ratio, [1, 0, 2], [0.5, 0.7, 0.1]),
        infinite_ok="a positive loss at surrogate 0 has an infinite ratio",
    ),
    "rankviz.calibration.satisfies_map_reinforcement": Case(
        lambda: Call(satisfies_map_reinforcement, MAP_LABELS, [0.4, 0.6], tol=1e-12),
        extra={"probs": BAD_PROBS},
    ),
    "rankviz.calibration.simplex_triangulation": Case(lambda: Call(simplex_triangulation, 3)),
    "rankviz.calibration.structure_consistency_gap": Case(
        lambda: Call(
            structure_consistency_gap,
            ndcg_loss(),
            squared_surrogate("ndcg_gain"),
            [[2, 1, 0]],
            [1.0],
            tol=1e-9,
            solver=None,
        ),
        # solver=None is its default (CLARABEL)
        valid={"solver": {"none"}},
        infinite_ok="the gap is +inf (documented) when every ranking is Bayes, as under a huge tol",
        extra={
            "loss": NOT_A_LOSS,
            "surrogate": {**NOT_A_SURROGATE, "argmax pred": map_surrogate()},
            "probs": {"sum 2": [2.0]},
        },
    ),
    # --- consistency ---
    "rankviz.consistency.LowNoiseCounterexample": Case(
        lambda: Call(LowNoiseCounterexample, **FLAGSHIP_CX),
        extra={
            "pair": {
                "out of range": (0, 7),
                "same item": (1, 1),
                "negative": (-1, 0),
                "three ids": (0, 1, 1),
            },
            "graphs": {"cyclic": np.array([[[0, 1], [1, 0]], [[0, 0], [1, 0]]], dtype=float)},
            "probs": {"sum 2": np.array([1.0, 1.0])},
        },
    ),
    "rankviz.counterexamples.certify_counterexample": Case(
        lambda: Call(certify_counterexample, _cx()),
        extra={"counterexample": {"a distribution": MU}},
    ),
    "rankviz.consistency.check_preference_distribution": Case(
        lambda: Call(check_preference_distribution, MU, name="mu"),
        valid={"name": {"unknown string"}},  # any argument name
        extra={"mu": BAD_MU},
    ),
    "rankviz.consistency.difference_graph": Case(lambda: Call(difference_graph, Y_MEAN)),
    "rankviz.counterexamples.find_low_noise_counterexample": Case(
        lambda: Call(
            find_low_noise_counterexample,
            "hinge",
            "margin",
            2,
            rng=0,
            max_candidates=20,
            strict=False,
        )
    ),
    "rankviz.consistency.is_low_noise": Case(lambda: Call(is_low_noise, Y_MEAN)),
    "rankviz.consistency.low_noise_violations": Case(lambda: Call(low_noise_violations, Y_MEAN)),
    "rankviz.consistency.mean_adjacency": Case(
        lambda: Call(mean_adjacency, MU), extra={"mu": BAD_MU}
    ),
    "rankviz.consistency.random_preference_distribution": Case(
        lambda: Call(
            random_preference_distribution, 3, rng=0, n_graphs=2, max_weight=5, low_noise=False
        ),
        # any non-negative int is a seed; integer weights up to 10**12 are still exact floats
        valid={"rng": {"huge"}, "max_weight": {"huge"}},
    ),
    "rankviz.consistency.violated_edges": Case(
        lambda: Call(violated_edges, [0.0, 1.0, 1.0], Y_MEAN, tol=1e-6)
    ),
    # --- disagreement ---
    "rankviz.disagreement.bayes_orders": Case(lambda: Call(bayes_orders, MU), extra={"mu": BAD_MU}),
    "rankviz.disagreement.conditional_pairwise_risk": Case(
        lambda: Call(conditional_pairwise_risk, [1.0, 0.0], MU),
        valid={"alpha": {"extra dimension"}},  # a batch of score vectors
        extra={"mu": BAD_MU},
    ),
    "rankviz.disagreement.difference_scores": Case(
        lambda: Call(difference_scores, [[0, 3], [1, 0]])
    ),
    "rankviz.disagreement.expected_disagreement": Case(
        lambda: Call(expected_disagreement, [0, 1], [[0, 3], [1, 0]]),
        valid={"sigmas": {"extra dimension"}},  # a batch of permutations
        extra={"sigmas": {"not a permutation": [0, 0], "out of range": [0, 2]}},
    ),
    "rankviz.disagreement.minimum_feedback_arc_set": Case(
        lambda: Call(minimum_feedback_arc_set, CYCLIC)
    ),
    "rankviz.disagreement.net_degree_scores": Case(
        lambda: Call(net_degree_scores, [[0, 3], [1, 0]])
    ),
    "rankviz.disagreement.pred_all_orders": Case(
        lambda: Call(pred_all_orders, [[0, 1, 1], [-1, 0, 0], [-1, 0, 0]], tol=1e-9, max_orders=10),
        extra={"u": {"cyclic": [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]}},
    ),
    # --- suboptimality ---
    "rankviz.suboptimality.cheapest_scores": Case(
        lambda: Call(cheapest_scores, [[0.5, 0.2, 0.3], [0.1, 0.1, 0.8]], nudge=1e-7),
        valid={"tbar": {"one entry fewer"}},
        extra={"tbar": {"seven items": np.zeros((1, 7))}, "nudge": {"large": 0.1}},
    ),
    "rankviz.suboptimality.least_squares_excess": Case(
        lambda: Call(
            least_squares_excess,
            loss_matrix(ndcg_loss(), 2, [[1, 0], [0, 1]]),
            [[1.0, 0.0], [0.0, 1.0]],
            [[0.7, 0.3], [0.2, 0.8]],
            [[0.4, 0.6], [0.1, 0.5]],
        ),
        extra={"probs": {"not a distribution": [[0.7, 0.7], [0.2, 0.8]]}},
    ),
    "rankviz.suboptimality.order_cone_distance": Case(
        lambda: Call(order_cone_distance, [0.2, 0.5, 0.1], [0, 1, 2]),
        extra={"sigma": {"not a permutation": [0, 0, 1]}},
    ),
    "rankviz.suboptimality.order_cone_projection": Case(
        lambda: Call(order_cone_projection, [0.2, 0.5, 0.1], [0, 1, 2]),
        extra={"sigma": {"not a permutation": [0, 0, 1]}},
    ),
    "rankviz.suboptimality.simplex_grid": Case(lambda: Call(simplex_grid, 2, 2)),
    "rankviz.suboptimality.suboptimality_function": Case(
        lambda: Call(
            suboptimality_function,
            loss_matrix(precision_loss(1), 2, LABELS),
            [[1.0, 0.0], [0.0, 1.0]],
            [[0.7, 0.3], [0.5, 0.5]],
            [0.1, 0.4],
        ),
        # one distribution (a 1 x k probs) and one level are valid
        valid={"probs": {"one entry fewer"}, "epsilons": {"one entry fewer"}},
        infinite_ok="H(epsilon) = inf (documented) for a level no regret reaches",
        extra={"probs": {"sum 2": [[1.0, 1.0]]}},
    ),
}

RESULT_TYPES = {
    "rankviz.calibration.CalibrationCheck": "returned by is_calibrated_at",
    "rankviz.calibration.CalibrationCounterexample": "returned by find_calibration_counterexample",
    "rankviz.calibration.NdcgRegressionBound": "returned by ndcg_regression_bound",
    "rankviz.calibration.SimplexTriangulation": "returned by simplex_triangulation",
    "rankviz.counterexamples.Certificate": "returned by certify_counterexample",
    "rankviz.disagreement.FeedbackArcSet": "returned by minimum_feedback_arc_set",
    "rankviz.surrogates.SurrogateMinimizer": "returned by surrogate_minimizer",
    "rankviz.surrogates.SurrogateSolution": "returned by graph_surrogate_minimizer and "
    "aggregated_surrogate_minimizer",
}
