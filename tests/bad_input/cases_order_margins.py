"""Bad-input cases for the callables chapter 09 added: order_margins, readings, coarsenings.

Each case is a tiny valid call (2 to 4 tasks); ``extra`` adds the domain's own bad values: weights
with a diagonal or of more tasks than an exhaustive search serves, costs of the wrong length or
decreasing where only gap-free schedules are searched, unknown conditions and families.
"""

from __future__ import annotations

import numpy as np

from bad_input.harness import Call, Case
from rankviz import order_margins, orders, scheduling

W2 = [[0.0, 2.0], [1.0, 0.0]]
W3 = [[0.0, 2.0, 3.0], [1.0, 0.0, 2.0], [0.0, 0.0, 0.0]]
BAD_WEIGHTS = {
    "negative weight": [[0.0, -1.0], [0.0, 0.0]],
    "non-zero diagonal": [[1.0, 1.0], [0.0, 0.0]],
    "not square": np.zeros((2, 3)),
    "one task": [[0.0]],
}
BAD_DROP = {"unknown condition": ("M1",), "a string": "M2", "not names": (2,)}
PARAMS2 = [[1.0, 0.0]]  # r = 2: two parameters

CASES = {
    "rankviz.scheduling.coarsenings": Case(
        lambda: Call(scheduling.coarsenings, [1, 2, 2, 3]),
        valid={"rounds": {"one entry fewer"}},  # [1, 2, 2] is a schedule of three tasks
        extra={
            "rounds": {
                "empty round": [1, 3, 3, 3],
                "0-based": [0, 1, 1, 2],
                "a batch": [[1, 2, 2, 3]],
            }
        },
    ),
    "rankviz.orders.assumption_1_readings": Case(
        lambda: Call(orders.assumption_1_readings, W3, True),
        # a batch of one instance; one task: no interval to read, both readings hold vacuously
        valid={"weights": {"extra dimension", "one task"}},
        extra={"weights": BAD_WEIGHTS},
    ),
    "rankviz.order_margins.respects_order": Case(
        lambda: Call(order_margins.respects_order, [1, 2, 2], [0, 1, 2]),
        # a batch of one schedule is the documented 2-D form
        valid={"rounds": {"extra dimension"}},
        extra={
            "order": {"repeated task": [0, 0, 1], "too short": [0, 1]},
            "rounds": {"floats": [1.5, 2.0, 2.0]},
        },
    ),
    "rankviz.order_margins.monotone_conditions": Case(
        lambda: Call(order_margins.monotone_conditions, W3),
        valid={"weights": {"extra dimension"}},  # a batch of one instance
        extra={"weights": BAD_WEIGHTS},
    ),
    "rankviz.order_margins.adjacent_gap": Case(
        lambda: Call(order_margins.adjacent_gap, W3),
        valid={"weights": {"extra dimension"}},
        extra={"weights": BAD_WEIGHTS},
    ),
    "rankviz.order_margins.monotone_instances": Case(
        lambda: Call(order_margins.monotone_instances, 3, 2, True, ("M2",)),
        extra={"drop": BAD_DROP, "r": {"six tasks": 6}, "top": {"zero": 0}},
    ),
    "rankviz.order_margins.order_margins": Case(
        lambda: Call(order_margins.order_margins, W2, [0.0, 1.0], True),
        valid={"weights": {"extra dimension"}, "costs": {"extra dimension"}},
        extra={
            "weights": {**BAD_WEIGHTS, "seven tasks": np.zeros((7, 7))},
            "costs": {
                "decreasing": [1.0, 0.0],
                "negative": [-1.0, 0.0],
                "wrong length": [0.0, 1.0, 2.0],
            },
        },
    ),
    "rankviz.order_margins.monotone_weights": Case(
        lambda: Call(order_margins.monotone_weights, PARAMS2, 2, ("M3",)),
        extra={
            "params": {"negative": [[-1.0, 0.0]], "wrong width": [[1.0, 0.0, 2.0]]},
            "drop": BAD_DROP,
        },
    ),
    "rankviz.order_margins.assumption_1_weights": Case(
        lambda: Call(order_margins.assumption_1_weights, PARAMS2, 2),
        extra={"params": {"negative": [[-1.0, 0.0]], "wrong width": [[1.0, 0.0, 2.0]]}},
    ),
    "rankviz.order_margins.climb_order_margin": Case(
        lambda: Call(order_margins.climb_order_margin, 3, "M", 5, 3, 0, "slack"),
        valid={"rng": {"huge"}},
        extra={"family": {"unknown": "Assumption 2"}, "objective": {"unknown": "loss"}},
    ),
}

RESULT_TYPES = {
    "rankviz.order_margins.ClimbResult": "returned by climb_order_margin, never passed back in",
}
