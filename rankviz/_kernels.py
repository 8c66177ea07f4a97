"""The kernel computations shared by the ranking SVM and the Rademacher bound (no validation).

The callers (:mod:`rankviz.ranksvm`, :mod:`rankviz.bounds`) validate the points with
``_validation.as_feature_matrix`` and the kernel with ``_validation.check_kernel`` first.
"""

from __future__ import annotations

import numpy as np

__all__ = ["gram", "pair_kernel"]


def gram(A: np.ndarray, B: np.ndarray, kernel: str, sigma: float | None) -> np.ndarray:
    """Kernel matrix K(A_i, B_j): linear ``a . b`` or Gaussian ``exp(-|a - b|^2 / (2 sigma^2))``.

    The Gaussian kernel is computed from ``|a|^2 + |b|^2 - 2 a . b``; when that overflows
    (points beyond about 1e150) it falls back to the differences themselves, whose squares
    can only overflow to +inf (a kernel value of 0), never to NaN.
    """
    if kernel == "linear":
        return A @ B.T
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        squared = (A * A).sum(axis=1)[:, None] + (B * B).sum(axis=1)[None, :] - 2.0 * (A @ B.T)
        if not np.isfinite(squared).all():
            squared = np.square(A[:, None, :] - B[None, :, :]).sum(axis=2)
        return np.exp(-np.maximum(squared, 0.0) / (2.0 * sigma * sigma))


def pair_kernel(first: np.ndarray, second: np.ndarray, kernel: str, sigma) -> np.ndarray:
    """K' of eq. (10.10) for the pairs (first[i], second[i])."""
    if kernel == "linear":
        D = second - first
        return D @ D.T
    return (
        gram(first, first, kernel, sigma)
        + gram(second, second, kernel, sigma)
        - gram(second, first, kernel, sigma)
        - gram(first, second, kernel, sigma)
    )
