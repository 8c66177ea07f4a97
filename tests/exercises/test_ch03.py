"""Chapter 03's checkers verify by the property asked for, and answer quickly.

The right/wrong/malformed cases live in cases_ch03.py (run by tests/test_exercises.py); these
tests add what a table of cases cannot show: that answers nobody typed in are judged by the
property (any combination with a larger margin, any thresholds that cut the same points, any
step function above one half).
"""

from __future__ import annotations

import numpy as np

from rankviz.additive import additive_xor_share
from rankviz.exercises import check


def test_any_combination_above_rankboosts_margin_is_right():
    rng = np.random.default_rng(0)
    base = np.array([0, 1 / 4, 0, 0, 0, 3 / 8, 1 / 4, 0, 0, 1 / 8])
    for _ in range(20):
        weights = base + rng.uniform(0, 0.004, size=10) * (base > 0)  # small moves keep the margin
        assert check("03.2", weights.tolist()).verdict == "right"
    # a single stump has smallest margin -1 or 0 on these five pairs: never enough
    for k in range(10):
        assert check("03.2", np.eye(10)[k].tolist()).verdict == "wrong"


def test_thresholds_are_read_as_the_points_they_cut():
    for thresholds in ([0.3, 1.2, 2.8], [0.49, 1.99, 2.99], [0.25, 0.26, 1.5, 2.75]):
        assert check("03.3", (thresholds, 0.973)).verdict == "right", thresholds


def test_step_functions_are_judged_by_their_exact_share():
    rng = np.random.default_rng(1)
    for _ in range(200):
        g1, g2 = rng.integers(-3, 4, size=4), rng.integers(-3, 4, size=4)
        verdict = check("03.5", (g1.tolist(), g2.tolist())).verdict
        assert verdict == ("right" if additive_xor_share(g1, g2) > 0.5 else "wrong")
