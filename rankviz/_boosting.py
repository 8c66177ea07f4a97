"""What every boosting loop of rankviz shares: the smoothed step, the per-round record, the freeze.

``rankboost``, ``bipartite_rankboost``, ``adaboost`` and ``coordinate_descent_rankboost``
(:mod:`rankviz.rankboost`) and ``multipartite_rankboost`` (:mod:`rankviz.multipartite`)
each compute a round their own way (the weights they keep are what the chapter teaches);
they all take the same step from the weights of the right, wrong and tied units, record
the same six numbers per round, and hand back read-only arrays.  This module is that
shared part, so that a change to the step or to the history happens once.

Private: callers validate their arguments; :class:`rankviz.rankboost.BoostingHistory` and
:class:`rankviz.rankboost.RankBoostModel` are built from :meth:`RoundRecord.frozen`.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["RoundRecord", "frozen_array", "smoothed_step"]


def smoothed_step(eps_plus: float, eps_minus: float, lam: float) -> tuple[float, bool]:
    """RankBoost's step ``alpha = 1/2 log(eps+ / eps-)``, smoothed when one of them is 0.

    Returns ``(alpha, smoothed)``.  When both weights are positive the step is exact;
    otherwise it is ``1/2 log((eps+ + lam) / (eps- + lam))``, and ``smoothed`` says whether
    exactly one of them was 0 (a perfect or a useless ranker; both 0 gives a step of 0 and
    is not counted as smoothed).
    """
    if eps_plus > 0.0 and eps_minus > 0.0:
        return 0.5 * math.log(eps_plus / eps_minus), False
    alpha = 0.5 * math.log((eps_plus + lam) / (eps_minus + lam))
    return alpha, (eps_plus > 0.0) != (eps_minus > 0.0)


def frozen_array(values, dtype=np.float64) -> np.ndarray:
    """A read-only copy of ``values``: what a finished run hands back."""
    arr = np.array(values, dtype=dtype)
    arr.setflags(write=False)
    return arr


class RoundRecord:
    """The record of a boosting run of ``n_rounds`` rounds, filled one round at a time."""

    def __init__(self, n_rounds: int):
        self.alphas = np.empty(n_rounds)
        self.rankers: list = []
        self.rows = np.empty((n_rounds, 5))  # eps_plus, eps_minus, eps_zero, Z, error
        self.smoothed = np.zeros(n_rounds, dtype=bool)

    def add(self, t, alpha, ranker, eps_plus, eps_minus, eps_zero, Z, error, smoothed):
        """Record round ``t``: its step, its ranker and its history row."""
        self.alphas[t] = alpha
        self.rankers.append(ranker)
        self.rows[t] = (eps_plus, eps_minus, eps_zero, Z, error)
        self.smoothed[t] = smoothed

    def frozen(self) -> tuple[np.ndarray, tuple, list[np.ndarray], np.ndarray]:
        """``(alphas, rankers, [eps_plus, eps_minus, eps_zero, Z, error], smoothed)``, read-only."""
        columns = [frozen_array(self.rows[:, k]) for k in range(5)]
        return (
            frozen_array(self.alphas),
            tuple(self.rankers),
            columns,
            frozen_array(self.smoothed, bool),
        )
