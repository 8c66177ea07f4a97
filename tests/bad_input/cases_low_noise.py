"""Bad-input cases for chapter 07's additions of issue 29: rankviz.h_surrogates (surrogates with
a function h of the weights) and the hinge's linear programme in rankviz.hinge_lp (see
harness.py)."""

import sympy as sp

from bad_input.harness import Call, Case
from rankviz.h_surrogates import (
    WEIGHT,
    h_surrogate_minimizer,
    margin_pull,
    margin_slope_at_zero,
    squared_hinge_margin_stationary_point,
    two_item_margin_counterexample,
)
from rankviz.hinge_lp import hinge_vertex_minimizer, widest_hinge_minimizer_margin
from rankviz.surrogates import weighted_pairs_margins

MU = [(0.3, [[0, 8], [0, 0]]), (0.7, [[0, 0], [3, 0]])]
BAD_MU = {
    "cyclic": [(1.0, [[0, 1], [1, 0]])],
    "sum 2": [(1.0, [[0, 1], [0, 0]]), (1.0, [[0, 0], [1, 0]])],
}
# h: an expression in another symbol, one that is complex at a weight, a Python function
BAD_H = {
    "other symbol": sp.log(1 + sp.Symbol("z")),
    "complex at 8": sp.log(1 - WEIGHT),
    "function": lambda y: y,
}

RUNNING = [[0, 0.5, 5], [0, 0, 2], [2, 0, 0]]  # the running example's mean graph
BAD_Y = {
    "negative weight": [[0, -1], [0, 0]],
    "diagonal": [[1, 1], [0, 0]],
    "not square": [[0, 1, 2]],
}

CASES = {
    "rankviz.hinge_lp.hinge_vertex_minimizer": Case(
        lambda: Call(hinge_vertex_minimizer, RUNNING), extra={"Y_mean": BAD_Y}
    ),
    "rankviz.surrogates.weighted_pairs_margins": Case(
        lambda: Call(weighted_pairs_margins, RUNNING, "hinge", tol=1e-7),
        extra={"W": BAD_Y, "phi": {"no minimiser": "logistic"}},
    ),
    "rankviz.hinge_lp.widest_hinge_minimizer_margin": Case(
        lambda: Call(widest_hinge_minimizer_margin, RUNNING), extra={"Y_mean": BAD_Y}
    ),
    "rankviz.h_surrogates.h_surrogate_minimizer": Case(
        lambda: Call(h_surrogate_minimizer, MU, "hinge", "pairwise", sp.Min(WEIGHT, 3)),
        extra={"mu": BAD_MU, "h": {**BAD_H, "negative weights": -WEIGHT}},
    ),
    "rankviz.h_surrogates.margin_slope_at_zero": Case(
        lambda: Call(margin_slope_at_zero, "exponential", sp.log(WEIGHT), 0.7, 3, 9),
        valid={"u": {"non-integer"}, "v": {"non-integer"}},  # any positive weight
        extra={
            "p": {"one": 1.0, "zero": 0.0},
            "u": {"zero": 0.0},
            "v": {"negative": -2.0},
            "h": BAD_H,
        },
    ),
    "rankviz.h_surrogates.two_item_margin_counterexample": Case(
        lambda: Call(
            two_item_margin_counterexample,
            "hinge",
            sp.log(1 + WEIGHT),
            max_weight=3,
            min_slope=0.05,
        ),
        extra={"h": BAD_H},
    ),
    "rankviz.h_surrogates.margin_pull": Case(
        lambda: Call(margin_pull, "squared_hinge", sp.Symbol("c", positive=True) * WEIGHT - 1),
        extra={"h": {"function": lambda y: y}},
    ),
    "rankviz.h_surrogates.squared_hinge_margin_stationary_point": Case(
        lambda: Call(
            squared_hinge_margin_stationary_point,
            [(1.0, [[0, 1], [0, 0]])],
            sp.Symbol("c", positive=True) * WEIGHT - 1,
        ),
        extra={"mu": BAD_MU, "h": {"function": lambda y: y}},
    ),
}

RESULT_TYPES = {
    "rankviz.h_surrogates.TwoItemCounterexample": "returned by two_item_margin_counterexample",
    "rankviz.h_surrogates.StationaryPoint": "returned by squared_hinge_margin_stationary_point",
}
