"""RankBoost with real-valued base rankers: the step found numerically.

Mohri et al. (2018), section 10.4, after Theorem 10.3, note two generalizations
of Figure 10.1: base rankers with values in [0, 1] or in R, for which the
coefficient alpha_t "may not even admit a closed form" and is chosen to
minimize the bound prod_t Z_t on the empirical error.  For a base ranker h and
pair outcomes u_i = y_i (h(x'_i) - h(x_i)) (now any real numbers), the
normalizer of the update is

    Z(alpha) = sum_i D_t(i) exp(-alpha u_i),

a convex function of alpha; this module minimizes it with scipy's bounded
scalar minimizer, and chooses in each round the base ranker of a finite family
whose minimized Z is smallest (the greedy step on prod_t Z_t).  The identity
(10.12) and the first inequality of Theorem 10.3, error <= prod_t Z_t, hold
for any steps.  When every ``|u_i| <= 1`` (values in [0, 1]), convexity of
exp gives exp(-alpha u) <= (1 + u)/2 e^-alpha + (1 - u)/2 e^alpha, hence

    min_alpha Z <= sqrt(1 - r_t^2) <= exp(-r_t^2 / 2),    r_t = sum_i D_t(i) u_i,

the analogue of Theorem 10.3 (for values in {0, 1}, r_t = 2 gamma_t) due to
Freund et al. (2003, section 3.2) and Schapire and Singer (1999).

Public names
------------
:func:`real_rankboost`, :class:`RealRankBoostResult`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize_scalar

from rankviz._validation import (
    MAX_MAGNITUDE,
    as_pair_labels,
    as_pairs,
    check_array,
    check_int,
    check_real,
)
from rankviz.rankboost import MAX_BOOSTING_ROUNDS

__all__ = ["MAX_ALPHA", "RealRankBoostResult", "real_rankboost"]

#: Largest ``alpha_max``: exp(700) is close to the largest float64, so a step beyond it
#: overflows the weights exp(-alpha u) for any ``|u| >= 1``.
MAX_ALPHA = 700.0


@dataclass(frozen=True, eq=False)
class RealRankBoostResult:
    """The run of :func:`real_rankboost` (arrays of length T).

    Attributes
    ----------
    indices : ndarray of int
        Column of ``base_values`` chosen in each round.
    alphas : ndarray
        The step of each round (may be negative).
    Z : ndarray
        The minimized normalizer Z_t of each round.
    correlation : ndarray
        ``r_t = sum_i D_t(i) y_i (h_t(x'_i) - h_t(x_i))``, the weighted
        correlation of the chosen ranker with the labels.
    error : ndarray
        Empirical pairwise error of f_t (a tie,
        ``|f(x') - f(x)| <= 1e-10 (1 + ||alpha||_1)``, counts as an error).
    capped : ndarray of bool
        Rounds whose minimizer sat at the bound ``alpha_max`` (Z decreasing
        without a minimizer, as for a base ranker that misranks no pair).
    """

    indices: np.ndarray
    alphas: np.ndarray
    Z: np.ndarray
    correlation: np.ndarray
    error: np.ndarray
    capped: np.ndarray

    @property
    def n_rounds(self) -> int:
        """Number of rounds T."""
        return int(self.alphas.size)

    @property
    def product_Z(self) -> np.ndarray:
        """``prod_{s <= t} Z_s`` for every t, the bound on ``error``."""
        return np.cumprod(self.Z)

    def decision_function(self, base_values) -> np.ndarray:
        """Scores ``f(x) = sum_t alpha_t h_t(x)`` from the base rankers' values.

        Parameters
        ----------
        base_values : array_like of shape (N, K)
            Values of the same K base rankers on N points.

        Returns
        -------
        ndarray of shape (N,)

        Raises
        ------
        ValueError, TypeError
            If ``base_values`` is not a finite 2-D numeric array with enough
            columns.
        """
        H = _as_values(base_values)
        if H.shape[1] <= int(self.indices.max()):
            raise ValueError(
                f"base_values has {H.shape[1]} columns; the run used column "
                f"{int(self.indices.max())}"
            )
        return H[:, self.indices] @ self.alphas


def _as_values(values) -> np.ndarray:
    arr = check_array(values, "base_values", allow_empty=True, max_abs=MAX_MAGNITUDE)
    if arr.ndim != 2 or arr.shape[0] == 0 or arr.shape[1] == 0:
        raise ValueError(
            f"base_values must be 2-D (points x base rankers) and non-empty, got shape {arr.shape}"
        )
    return arr


def _as_pairs_and_labels(pairs, labels, n_points: int):
    a, b = as_pairs(pairs, n_points, rows_of="base_values")
    y = as_pair_labels(labels, a.size)
    keep = y != 0
    if not keep.any():
        raise ValueError("labels: every pair is labelled 0")
    return a[keep], b[keep], y[keep].astype(np.float64)


def _minimize_Z(weights: np.ndarray, u: np.ndarray, alpha_max: float) -> tuple[float, float, bool]:
    """argmin and min of Z(alpha) = sum w exp(-alpha u) on [-alpha_max, alpha_max]."""
    if not np.any(u != 0.0):
        return 0.0, 1.0, False

    def Z(alpha):
        with np.errstate(over="ignore"):
            return float(weights @ np.exp(-alpha * u))

    found = minimize_scalar(
        Z, bounds=(-alpha_max, alpha_max), method="bounded", options={"xatol": 1e-12}
    )
    alpha = float(found.x)
    capped = abs(alpha) > alpha_max * (1.0 - 1e-6)
    return alpha, Z(alpha), capped


def real_rankboost(base_values, pairs, labels, n_rounds, *, alpha_max=20.0):
    """RankBoost over a finite family of real-valued base rankers, steps by numerical search.

    Round t: for every base ranker (column k of ``base_values``), minimize
    ``Z_k(alpha) = sum_i D_t(i) exp(-alpha u_ik)`` with
    ``u_ik = y_i (h_k(x'_i) - h_k(x_i))`` over ``|alpha| <= alpha_max``
    (scipy's bounded Brent search; Z_k is convex); choose the ranker with the
    smallest minimum, and update ``D_{t+1}(i) = D_t(i) exp(-alpha_t u_i) / Z_t``.

    Parameters
    ----------
    base_values : array_like of shape (N, K)
        ``base_values[x, k] = h_k(x)``: values (any reals) of K base rankers
        on the N points.
    pairs : array_like of int, shape (P, 2)
        ``pairs[i] = (a, b)`` compares x = point a with x' = point b.
    labels : array_like of shape (P,)
        In {-1, 0, +1}: +1 prefers point b; pairs labelled 0 are dropped.
    n_rounds : int
        Number of rounds T, between 1 and :data:`rankviz.rankboost.MAX_BOOSTING_ROUNDS`.
    alpha_max : float, default 20
        Bound on ``|alpha_t|``, in (0, :data:`MAX_ALPHA`]; a round whose minimizer
        reaches it is flagged in ``capped`` (Z has no minimizer there: the ranker
        misranks no pair).

    Returns
    -------
    RealRankBoostResult

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If base_values is not finite and 2-D, pairs do not index its rows,
        labels are outside {-1, 0, +1} or all 0, n_rounds < 1, or
        alpha_max <= 0.

    References
    ----------
    Mohri et al. (2018), section 10.4 (the generalizations after Theorem 10.3);
    Freund et al. (2003), section 3.2; Schapire and Singer (1999), section 3.

    Examples
    --------
    With values in {0, 1} the numerical step is the closed form of Figure 10.1:

    >>> H = [[0.0], [1.0], [1.0], [0.0]]
    >>> run = real_rankboost(H, [[0, 1], [0, 2], [3, 1], [2, 3], [0, 3]], [1, 1, 1, 1, 1], 1)
    >>> round(float(run.alphas[0]), 6), round(0.5 * float(np.log((3 / 5) / (1 / 5))), 6)
    (0.549306, 0.549306)
    """
    H = _as_values(base_values)
    a, b, y = _as_pairs_and_labels(pairs, labels, H.shape[0])
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=MAX_BOOSTING_ROUNDS)
    alpha_max = check_real(alpha_max, "alpha_max", positive=True, maximum=MAX_ALPHA)
    U = y[:, None] * (H[b] - H[a])  # (P, K) outcomes; finite, as |H| <= MAX_MAGNITUDE
    weights = np.full(y.size, 1.0 / y.size)
    f = np.zeros(H.shape[0])
    l1 = 0.0
    out = {name: np.empty(n_rounds) for name in ("alphas", "Z", "correlation", "error")}
    indices = np.empty(n_rounds, dtype=np.intp)
    capped = np.zeros(n_rounds, dtype=bool)
    for t in range(n_rounds):
        best = None
        for k in range(U.shape[1]):
            alpha, Z, cap = _minimize_Z(weights, U[:, k], alpha_max)
            if best is None or Z < best[1] - 1e-12:
                best = (alpha, Z, cap, k)
        alpha, _, cap, k = best
        with np.errstate(over="ignore", under="ignore"):
            factors = weights * np.exp(-alpha * U[:, k])
        Z = float(factors.sum())
        if not (math.isfinite(Z) and Z > 0.0):
            raise ValueError(
                f"base_values and alpha_max: exp(-alpha_t u) leaves float64 in "
                f"round {t + 1} (alpha_t = {alpha:g}, |u| up to "
                f"{float(np.abs(U[:, k]).max()):g}); rescale base_values or "
                f"lower alpha_max"
            )
        out["correlation"][t] = float(weights @ U[:, k])
        weights = factors / Z
        f += alpha * H[:, k]
        l1 += abs(alpha)
        margins = y * (f[b] - f[a])
        out["error"][t] = np.count_nonzero(margins <= 1e-10 * (1.0 + l1)) / y.size
        out["alphas"][t], out["Z"][t], indices[t], capped[t] = alpha, Z, k, cap
    for arr in (*out.values(), indices, capped):
        arr.setflags(write=False)
    return RealRankBoostResult(
        indices, out["alphas"], out["Z"], out["correlation"], out["error"], capped
    )
