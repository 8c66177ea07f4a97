"""Private cores on win-count matrices, shared by aggregation and ustatistics.

Used by :mod:`rankviz.aggregation` and :mod:`rankviz.ustatistics`: empirical
probabilities, the smoothed log-odds of section 5.1 and the structure function (27) of
Duchi, Mackey and Jordan (2013), on one win matrix or a stack of them.  They trust their
inputs: the public functions validate ``W``, ``c`` and ``smoothing`` first
(:func:`rankviz._validation.check_log_odds_smoothing`).  The U-statistic code calls
:func:`structure` in the inner loop of its stochastic method, which is why it is shared here
rather than through the validating public functions.
"""

from __future__ import annotations

import numpy as np

__all__ = ["SMOOTHINGS", "log_odds", "probabilities", "smoothed_logs", "structure"]

#: How the log-odds are smoothed: ``c`` added to the empirical probabilities, or to the counts.
SMOOTHINGS = ("probability", "counts")


def probabilities(W: np.ndarray) -> np.ndarray:
    """``W[i, j] / (W[i, j] + W[j, i])``; 1/2 for a pair never compared and on the diagonal."""
    total = W + np.swapaxes(W, -1, -2)
    return np.divide(W, total, out=np.full(W.shape, 0.5), where=total > 0)


def smoothed_logs(W: np.ndarray, c: float, smoothing: str) -> np.ndarray:
    """``log(base + c)`` with base the probabilities or the counts; the log-odds are this
    matrix minus its transpose (a pair never compared has equal bases: log-odds 0)."""
    return np.log((probabilities(W) if smoothing == "probability" else W) + c)


def log_odds(W: np.ndarray, c: float, smoothing: str) -> np.ndarray:
    """Smoothed log-odds of (a stack of) win-count matrices; 0 for pairs never compared."""
    logs = smoothed_logs(W, c, smoothing)
    return logs - np.swapaxes(logs, -1, -2)


def structure(W: np.ndarray, c: float, smoothing: str) -> np.ndarray:
    """The structure function (27): row means of the smoothed log-odds, over the other items."""
    logs = smoothed_logs(W, c, smoothing)  # row sums of (logs - logs^T), without forming it
    return (logs.sum(axis=-1) - logs.sum(axis=-2)) / (W.shape[-1] - 1)
