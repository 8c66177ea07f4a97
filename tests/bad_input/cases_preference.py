"""Bad-input cases for chapters 05 and 09: rankviz.preference, quicksort, scheduling, orders.

Each case is a tiny valid call (n <= 6 items or tasks); the harness mutates one argument at a
time (see harness.py).  ``extra`` adds the domain's own bad values: inconsistent or out-of-range
preferences, item ids out of range or repeated, cyclic task graphs where a DAG is needed,
decreasing costs, 0-based rounds, schedules of the wrong length.
"""

from __future__ import annotations

import numpy as np

from bad_input.harness import HUGE, Call, Case
from rankviz import kwiksort, orders, preference, quicksort, scheduling, second_stage

# a seed of 10**12 is as good a seed as 0: "huge" is valid for every rng argument
SEED_OK = {"rng": {"huge"}}

# --- shared valid values --------------------------------------------------------------------

H3 = [[0.5, 1.0, 0.0], [0.0, 0.5, 1.0], [1.0, 0.0, 0.5]]  # the 3-cycle
H4 = [[0.5, 0.8, 1.0, 0.6], [0.2, 0.5, 0.7, 1.0], [0.0, 0.3, 0.5, 0.9], [0.4, 0.0, 0.1, 0.5]]

# a preference matrix that is not one (the domain's bad values for an H argument)
BAD_H = {
    "inconsistent": [[0.5, 0.7], [0.7, 0.5]],
    "outside [0, 1]": [[0.5, 1.5], [-0.5, 0.5]],
    "one item": [[0.5]],
    "not square": np.full((2, 3), 0.5),
}

W3 = [[0.0, 1.0, 2.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]  # 0 -> 1 -> 2 and 0 -> 2
C3 = [0.0, 1.0, 1.0]
CYCLE = [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]

BAD_WEIGHTS = {
    "negative weight": [[0.0, -1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]],
    "non-zero diagonal": [[1.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]],
    "not square": np.zeros((2, 3)),
}
BAD_DAG = {**BAD_WEIGHTS, "cycle": CYCLE}
BAD_COSTS = {"decreasing": [0.0, 2.0, 1.0], "negative": [-1.0, 0.0, 1.0]}
BAD_ROUNDS = {
    "0-based": [0, 1, 1],
    "round above r": [1, 2, 4],
    "floats": [1.5, 2.0, 2.0],
    "booleans": [True, True, False],
}
BAD_ORDER = {"repeated task": [0, 0, 1], "not a permutation": [0, 1, 5], "negative": [-1, 0, 1]}
BAD_SIGMA = {
    "repeated position": [0, 0, 1],
    "position out of range": [0, 1, 7],
    "negative position": [-1, 0, 1],
}


def _identity(u, v):
    return (np.asarray(u) < np.asarray(v)).astype(float)


def _function4() -> preference.PreferenceFunction:
    return preference.PreferenceFunction(4, _identity, "identity order")


def _counter(n_runs: int = 2) -> preference.CountingPreference:
    return preference.CountingPreference(H4, n_runs)


def _nan_func(u, v):
    return np.full(np.shape(u), np.nan)


def _complex_func(u, v):
    return np.full(np.shape(u), 0.5 + 1j)


def _inconsistent_func(u, v):
    return np.ones(np.shape(u))


# --- rankviz.preference ---------------------------------------------------------------------

CASES = {
    "rankviz.preference.as_preference_matrix": Case(
        lambda: Call(preference.as_preference_matrix, H3, "H"),
        # the name only labels the messages: any string is a valid label
        valid={"name": {"unknown string"}},
        extra={"H": BAD_H},
    ),
    "rankviz.preference.PreferenceFunction": Case(
        lambda: Call(preference.PreferenceFunction, 4, _identity, "identity order"),
        # a preference function on 10**12 items is legitimate: it is queried pair by pair (the
        # algorithms that keep arrays of n entries check n themselves, e.g. MAX_RUN_ENTRIES)
        valid={"n": {"huge"}, "description": {"unknown string"}},
        extra={"func": {"a class, not an h": 3.5}},
    ),
    "rankviz.preference.PreferenceFunction.__call__": Case(
        lambda: Call(_function4().__call__, [0, 1, 2], [1, 3, 0]),
        extra={
            "u": {
                "id out of range": [0, 1, 7],
                "negative id": [0, -1, 2],
                "same item as v": [1, 3, 0],
            },
            "v": {
                "id out of range": [1, 3, 4],
                "negative id": [-1, 3, 0],
                "float id": [1.5, 3.0, 0.0],
            },
        },
    ),
    "rankviz.preference.PreferenceFunction.matrix": Case(
        lambda: Call(_function4().matrix),
    ),
    "rankviz.preference.CountingPreference": Case(
        lambda: Call(preference.CountingPreference, H4, 2),
        extra={"H": BAD_H, "n_runs": {"too many": 10**8}},
    ),
    "rankviz.preference.CountingPreference.__call__": Case(
        lambda: Call(_counter().__call__, [0, 2], [1, 1], [0, 1]),
        extra={
            "u": {"id out of range": [0, 4], "negative id": [0, -1], "same item as v": [1, 1]},
            "v": {"id out of range": [1, 9], "negative id": [-1, 1]},
            "run": {"run out of range": [0, 2], "negative run": [0, -1]},
        },
    ),
    "rankviz.preference.preference_from_sigma": Case(
        lambda: Call(preference.preference_from_sigma, [1, 0, 2]),
        large=lambda: Call(preference.preference_from_sigma, np.arange(10**5)),  # 74.5 GiB
        # [1, 0] is a permutation of two items
        valid={"sigma": {"one entry fewer"}},
        extra={"sigma": {**BAD_SIGMA, "one item": [0]}},
    ),
    "rankviz.preference.random_preference": Case(
        lambda: Call(preference.random_preference, 4, 0.5, 0, soft=False),
        valid=SEED_OK,
    ),
    "rankviz.preference.cyclic_preference": Case(
        lambda: Call(preference.cyclic_preference, 5),
    ),
    "rankviz.preference.all_tournaments": Case(
        lambda: Call(preference.all_tournaments, 3),
        extra={"n": {"seven items": 7}},
    ),
    "rankviz.preference.tournament_classes": Case(
        lambda: Call(preference.tournament_classes, 3),
        extra={"n": {"seven items": 7}},
    ),
    "rankviz.preference.hashed_preference": Case(
        lambda: Call(preference.hashed_preference, 6, 0.3, 1),
        # see PreferenceFunction: a hashed preference on 10**12 items costs O(1) memory;
        # a seed of 10**12 selects a hash like any other non-negative integer
        valid={"n": {"huge"}, "seed": {"huge"}},
    ),
    "rankviz.preference.flip_pair": Case(
        lambda: Call(preference.flip_pair, H4, 0, 2),
        extra={"H": BAD_H, "u": {"out of range": 4}, "v": {"same as u": 0, "out of range": 9}},
    ),
    "rankviz.preference.majority_graph": Case(
        lambda: Call(preference.majority_graph, H4),
        extra={"H": BAD_H},
    ),
    "rankviz.preference.cyclic_triangles": Case(
        lambda: Call(preference.cyclic_triangles, H4),
        # its documented maximum, n = 4096 items: minutes today
        large=lambda: Call(
            preference.cyclic_triangles, preference.preference_from_sigma(np.arange(4096))
        ),
        extra={"H": BAD_H},
    ),
    "rankviz.preference.ranking_loss": Case(
        lambda: Call(preference.ranking_loss, [0, 2, 1], [0, 1, 2], np.ones((3, 3))),
        # sigma of shape (1, n) is a batch of one ranking (the documented 2-D form)
        valid={"sigma": {"extra dimension"}},
        extra={
            "sigma": {**BAD_SIGMA, "other length": [0, 1, 2, 3]},
            "sigma_star": {**BAD_SIGMA, "other length": [0, 1]},
            "omega": {"negative": -np.ones((3, 3)), "wrong size": np.ones((2, 2))},
        },
    ),
    "rankviz.preference.pair_costs": Case(
        lambda: Call(preference.pair_costs, [0, 1, 2], np.ones((3, 3)), n=3),
        extra={
            "sigma_star": {**BAD_SIGMA, "one item": [0]},
            "omega": {"negative": -np.ones((3, 3)), "wrong size": np.ones((2, 2))},
            "n": {"other than len(sigma_star)": 4},
        },
    ),
    "rankviz.preference.preference_loss": Case(
        lambda: Call(preference.preference_loss, H3, [0, 1, 2], np.ones((3, 3))),
        extra={
            "H": BAD_H,
            "sigma_star": {**BAD_SIGMA, "other length": [0, 1]},
            "omega": {"negative": -np.ones((3, 3)), "wrong size": np.ones((2, 2))},
        },
    ),
    "rankviz.preference.bipartite_target": Case(
        lambda: Call(preference.bipartite_target, [0, 1, 0, 1], normalization="pairs"),
        # [0, 1, 0] still has both classes: a valid labelling
        valid={"labels": {"one entry fewer"}},
        extra={"labels": {"one class": [1, 1, 1], "three values": [0, 1, 2]}},
    ),
}

# --- rankviz.quicksort ----------------------------------------------------------------------

CASES.update(
    {
        "rankviz.quicksort.sort_by_degree": Case(
            lambda: Call(quicksort.sort_by_degree, H4),
            extra={
                "H": {
                    **BAD_H,
                    "a function on too many items": preference.PreferenceFunction(10**6, _identity),
                    "a function returning NaN": preference.PreferenceFunction(3, _nan_func),
                    "a function returning complex": preference.PreferenceFunction(3, _complex_func),
                }
            },
        ),
        "rankviz.quicksort.quicksort_rank": Case(
            lambda: Call(quicksort.quicksort_rank, H4, 0, record=True),
            valid=SEED_OK,
            extra={
                "H": {
                    **BAD_H,
                    "a function on too many items": preference.PreferenceFunction(HUGE, _identity),
                    "a function returning NaN": preference.PreferenceFunction(3, _nan_func),
                }
            },
        ),
        "rankviz.quicksort.quicksort_runs": Case(
            lambda: Call(quicksort.quicksort_runs, H4, 5, 0),
            valid=SEED_OK,
            extra={"H": BAD_H, "n_runs": {"too many for n": 10**7}},
        ),
        "rankviz.quicksort.quicksort_top_k": Case(
            lambda: Call(quicksort.quicksort_top_k, H4, 2, 0),
            valid=SEED_OK,
            extra={"H": BAD_H, "k": {"more than n": 5}},
        ),
        "rankviz.quicksort.classical_quicksort_calls": Case(
            lambda: Call(quicksort.classical_quicksort_calls, 5),
        ),
        "rankviz.quicksort.expected_quicksort_calls": Case(
            lambda: Call(quicksort.expected_quicksort_calls, H4),
            extra={"H": {**BAD_H, "11 items": np.full((11, 11), 0.5)}},
        ),
        "rankviz.quicksort.quicksort_pair_probabilities": Case(
            lambda: Call(quicksort.quicksort_pair_probabilities, H4),
            extra={"H": {**BAD_H, "13 items": np.full((13, 13), 0.5)}},
        ),
        "rankviz.quicksort.quicksort_together_probability": Case(
            lambda: Call(quicksort.quicksort_together_probability, H4, [0, 1, 2]),
            valid={"T": {"one entry fewer"}},  # a set of two items is a set too
            extra={
                "H": {**BAD_H, "9 items": np.full((9, 9), 0.5)},
                "T": {"repeated item": [0, 0, 1], "item out of range": [0, 4], "negative": [-1, 0]},
            },
        ),
        "rankviz.quicksort.expected_quicksort_loss": Case(
            lambda: Call(quicksort.expected_quicksort_loss, H3, [0, 1, 2], np.ones((3, 3))),
            extra={
                "H": {**BAD_H, "13 items": np.full((13, 13), 0.5)},
                "sigma_star": {**BAD_SIGMA, "other length": [0, 1]},
                "omega": {"negative": -np.ones((3, 3)), "wrong size": np.ones((2, 2))},
            },
        ),
        "rankviz.quicksort.quicksort_loss_monte_carlo": Case(
            lambda: Call(
                quicksort.quicksort_loss_monte_carlo,
                H3,
                [0, 1, 2],
                np.ones((3, 3)),
                n_runs=20,
                rng=0,
                confidence=0.9,
            ),
            valid=SEED_OK,
            extra={
                "H": BAD_H,
                "sigma_star": {**BAD_SIGMA, "other length": [0, 1]},
                "omega": {"negative": -np.ones((3, 3)), "wrong size": np.ones((2, 2))},
                "n_runs": {"one run": 1},
                "confidence": {"zero": 0.0, "one": 1.0},
            },
        ),
    }
)

# --- rankviz.kwiksort -----------------------------------------------------------------------

CASES.update(
    {
        "rankviz.kwiksort.kwiksort_expected_cost": Case(
            lambda: Call(kwiksort.kwiksort_expected_cost, H4, H4),
            extra={
                "H": {**BAD_H, "13 items": np.full((13, 13), 0.5)},
                "weights": {**BAD_H, "other size": H3},
            },
        ),
        "rankviz.kwiksort.kwiksort_tournament_search": Case(
            lambda: Call(kwiksort.kwiksort_tournament_search, 3, [0, 5, 7]),
            valid={"codes": {"one entry fewer"}},
            extra={
                "codes": {"code out of range": [8], "negative code": [-1]},
            },
        ),
        "rankviz.kwiksort.tournament_codes": Case(
            lambda: Call(kwiksort.tournament_codes, [H3, H3]),
            valid={"tournaments": {"one entry fewer"}},
            extra={
                "tournaments": {
                    "fractional": [H4],
                    "both directions": np.ones((3, 3)),
                    "9 items": np.zeros((9, 9)),
                }
            },
        ),
        "rankviz.kwiksort.one_item_extensions": Case(
            lambda: Call(kwiksort.one_item_extensions, 3, [0, 5]),
            valid={"codes": {"one entry fewer"}},
            extra={
                "n": {"no room to extend": 8},
                "codes": {"code out of range": [8], "negative code": [-1]},
            },
        ),
    }
)

# --- rankviz.scheduling ---------------------------------------------------------------------

CASES.update(
    {
        "rankviz.scheduling.LossParts": Case(
            lambda: Call(scheduling.LossParts, 0.5, 1.0, 2.0, "completion"),
        ),
        "rankviz.scheduling.schedule_loss": Case(
            lambda: Call(scheduling.schedule_loss, [1, 2, 2], W3, C3, "completion"),
            # rounds of shape (1, r) is a batch of one schedule (the documented 2-D form)
            valid={"rounds": {"extra dimension"}},
            extra={"rounds": BAD_ROUNDS, "weights": BAD_WEIGHTS, "costs": BAD_COSTS},
        ),
        "rankviz.scheduling.schedule_loss_parts": Case(
            lambda: Call(scheduling.schedule_loss_parts, [1, 2, 2], W3, C3, "depth"),
            extra={
                "rounds": {**BAD_ROUNDS, "a batch": [[1, 2, 2]]},
                "weights": BAD_WEIGHTS,
                "costs": BAD_COSTS,
            },
        ),
        "rankviz.scheduling.brute_force_schedule": Case(
            lambda: Call(scheduling.brute_force_schedule, W3, C3, "depth"),
            extra={"weights": {**BAD_WEIGHTS, "9 tasks": np.zeros((9, 9))}, "costs": BAD_COSTS},
        ),
        "rankviz.scheduling.merge_cost": Case(
            lambda: Call(scheduling.merge_cost, [1, 2, 3], W3, C3, 1, "completion"),
            extra={
                "rounds": {**BAD_ROUNDS, "one round": [1, 1, 1]},
                "weights": BAD_WEIGHTS,
                "costs": BAD_COSTS,
                "k": {"last round": 3},
            },
        ),
        "rankviz.scheduling.greedy_clustering": Case(
            lambda: Call(scheduling.greedy_clustering, W3, C3, [0, 1, 2]),
            extra={"weights": BAD_WEIGHTS, "costs": BAD_COSTS, "order": BAD_ORDER},
        ),
        "rankviz.scheduling.optimal_contiguous_clustering": Case(
            lambda: Call(scheduling.optimal_contiguous_clustering, W3, C3, [0, 1, 2], "completion"),
            extra={"weights": BAD_WEIGHTS, "costs": BAD_COSTS, "order": BAD_ORDER},
        ),
        "rankviz.scheduling.improved_clustering": Case(
            lambda: Call(scheduling.improved_clustering, W3, C3, "dp", 10),
            extra={
                "weights": BAD_DAG,
                "costs": BAD_COSTS,
                "max_orders": {"fewer than the orders": 0},
            },
        ),
    }
)

# --- rankviz.orders -------------------------------------------------------------------------

WIDE = np.zeros((40, 40))  # an antichain of 40 tasks: 2^40 down-sets, 40! orders

CASES.update(
    {
        "rankviz.orders.topological_orders": Case(
            lambda: Call(orders.topological_orders, [[0, 1, 1], [0, 0, 0], [0, 0, 0]], 10),
            extra={"weights": {**BAD_DAG, "too many orders": WIDE}},
        ),
        "rankviz.orders.count_orders": Case(
            lambda: Call(orders.count_orders, W3, 100),
            extra={
                "weights": {
                    **BAD_DAG,
                    "too wide": WIDE,
                    "a sparse 1000-task DAG": orders.random_task_weights(1000, 0.002, rng=1),
                },
                "max_states": {"below the down-sets": 2},
            },
        ),
        "rankviz.orders.assumption_1_holds": Case(
            lambda: Call(orders.assumption_1_holds, W3, 1e-9),
            extra={"weights": BAD_DAG, "tol": {"negative": -1.0}},
        ),
        "rankviz.orders.random_task_weights": Case(
            lambda: Call(orders.random_task_weights, 4, 0.5, 1.0, 0),
            valid=SEED_OK,
        ),
        "rankviz.orders.random_low_noise_weights": Case(
            lambda: Call(orders.random_low_noise_weights, 4, 0, 0.5, 1.0),
            valid=SEED_OK,
        ),
    }
)

# --- rankviz.second_stage -----------------------------------------------------------------

COSTS3 = second_stage.labelling_costs(3)

CASES.update(
    {
        "rankviz.second_stage.labelling_costs": Case(
            lambda: Call(second_stage.labelling_costs, 3),
            extra={"n": {"one item": 1, "too many items": 9}},
        ),
        "rankviz.second_stage.degree_sort_worst_case": Case(
            lambda: Call(second_stage.degree_sort_worst_case, [1, 0, 0]),
            extra={
                "labels": {
                    "one class": [1, 1, 1],
                    "two items": [1, 0],
                    "too many items": [1, 0] * 6,
                    "not binary": [0, 1, 2],
                }
            },
        ),
        "rankviz.second_stage.largest_preference_gain": Case(
            lambda: Call(second_stage.largest_preference_gain, H3, COSTS3),
            valid={"costs": {"one entry fewer"}},  # five targets are as good as six
            extra={
                "T": {**BAD_H, "9 items": np.full((9, 9), 0.5)},
                "costs": {
                    "negative": -COSTS3,
                    "other size": second_stage.labelling_costs(4),
                    "not a stack": COSTS3[0],
                },
            },
        ),
        "rankviz.second_stage.largest_regret_excess": Case(
            lambda: Call(second_stage.largest_regret_excess, H3, H3, COSTS3, 2.0),
            valid={"costs": {"one entry fewer"}},  # five targets are as good as six
            extra={
                "P": {**BAD_H, "other size": np.full((4, 4), 0.5)},
                "H": {**BAD_H, "other size": np.full((4, 4), 0.5)},
                "costs": {
                    "negative": -COSTS3,
                    "other size": second_stage.labelling_costs(4),
                    "not a stack": COSTS3[0],
                },
                "factor": {"below 1": 0.5},
            },
        ),
        "rankviz.second_stage.regrets": Case(
            lambda: Call(second_stage.regrets, H3, H3, COSTS3[0]),
            extra={
                "P": {**BAD_H, "other size": np.full((4, 4), 0.5)},
                "H": {**BAD_H, "other size": np.full((4, 4), 0.5)},
                "C": {
                    "negative": -COSTS3[0],
                    "not square": np.zeros((2, 3)),
                    "too many items": np.zeros((9, 9)),
                },
            },
        ),
    }
)

RESULT_TYPES = {
    "rankviz.kwiksort.TournamentSearch": "returned by kwiksort_tournament_search",
    "rankviz.second_stage.DegreeSortSearch": "returned by degree_sort_worst_case, never passed "
    "back in",
    "rankviz.quicksort.RankingResult": "returned by sort_by_degree and quicksort_rank; never "
    "passed back in (plot_quicksort_levels checks what it "
    "reads)",
    "rankviz.quicksort.TopKResult": "returned by quicksort_top_k",
    "rankviz.quicksort.QuickSortRuns": "returned by quicksort_runs",
    "rankviz.quicksort.MonteCarloEstimate": "returned by quicksort_loss_monte_carlo",
    "rankviz.scheduling.Schedule": "returned by the clustering algorithms, never passed back "
    "in (it validates itself in __post_init__ all the same)",
    "rankviz.scheduling.OptimalSchedules": "returned by brute_force_schedule",
    "rankviz.scheduling.MergeCost": "returned by merge_cost",
}
