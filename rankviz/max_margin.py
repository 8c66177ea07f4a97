"""The largest pairwise margin of a linear score: the rank perceptron and the margin LP.

Mohri et al. (2018), exercises 10.5 and 10.6, look at the margin of section 10.2
from the side of algorithms that need no slack:

:func:`rank_perceptron`
    Exercise 10.5: the perceptron on the pair differences, with Novikoff's
    mistake bound ``(R / rho)^2``.
:func:`max_margin_ranker`
    Exercise 10.6: the largest margin ``min_i y_i w . (x'_i - x_i)`` over
    ``||w||_1 <= 1`` (a linear program) or ``||w||_2 <= 1`` (whose value is the
    rho of Novikoff's bound).

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, exercises 10.5 and 10.6 (seed
``004_e87a518ae3e4601f.txt``).  A. B. J. Novikoff, "On convergence proofs on
perceptrons", 1962.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from rankviz._solvers import check_solver, solve_quietly
from rankviz._validation import MAX_MAGNITUDE, as_pair_sample, check_choice, check_int, check_real

__all__ = [
    "MAX_EPOCHS",
    "MaxMarginRanker",
    "PerceptronResult",
    "max_margin_ranker",
    "rank_perceptron",
]

#: Largest number of passes :func:`rank_perceptron` makes over the pairs.
MAX_EPOCHS = 100_000


# --------------------------------------------------------------------------- #
# exercise 10.5: the rank perceptron
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class PerceptronResult:
    """The outcome of :func:`rank_perceptron`.

    Attributes
    ----------
    w : ndarray of shape (d,)
        The final weight vector.
    n_updates : int
        Number of updates (mistakes) made.
    n_epochs : int
        Passes over the pairs, the last one included.
    converged : bool
        True if the last pass made no mistake (every pair strictly ordered).
    radius : float
        ``R = max_i ||x'_i - x_i||``, the radius in Novikoff's bound.
    updates_per_epoch : ndarray of int
        Mistakes in each pass.
    """

    w: np.ndarray
    n_updates: int
    n_epochs: int
    converged: bool
    radius: float
    updates_per_epoch: np.ndarray

    def mistake_bound(self, margin) -> float:
        """Novikoff's bound ``(R / rho)^2`` on the number of updates.

        Valid when some unit vector u has ``y_i u . (x'_i - x_i) >= rho`` for
        every pair; the largest such rho is ``max_margin_ranker(..., norm="l2").margin``.

        Parameters
        ----------
        margin : float
            rho > 0.

        Returns
        -------
        float

        Raises
        ------
        ValueError, TypeError
            If ``margin`` is not a positive real number.

        References
        ----------
        Mohri et al. (2018), exercise 10.5; Novikoff (1962).

        Examples
        --------
        >>> result = rank_perceptron([[0.0], [1.0]], [[0, 1]], [1])
        >>> result.mistake_bound(1.0), result.n_updates
        (1.0, 1)
        """
        rho = check_real(margin, "margin", positive=True)
        try:
            bound = (self.radius / rho) ** 2
        except OverflowError:
            bound = math.inf
        if not math.isfinite(bound):
            raise ValueError(
                f"margin is too small: (R / margin)^2 overflows with R = "
                f"{self.radius:g} and margin = {rho:g}"
            )
        return bound

    def __repr__(self) -> str:
        return (
            f"PerceptronResult({self.n_updates} updates in {self.n_epochs} epochs, "
            f"converged={self.converged}, R={self.radius:.4g})"
        )


def rank_perceptron(X, pairs, labels, *, max_epochs=100, tol=0.0):
    """The rank perceptron (exercise 10.5): the perceptron on oriented pair differences.

    Starting from ``w = 0``, visit the pairs in the given order, epoch after
    epoch; whenever ``y_i w . (x'_i - x_i) <= 0`` (a misordered or tied pair),
    update ``w <- w + y_i (x'_i - x_i)``.  With ``tol > 0`` the test is
    ``y_i w . (x'_i - x_i) <= tol ||w|| ||x'_i - x_i||``, so that a pair that is
    tied in exact arithmetic but comes out at rounding level (``w . z`` about
    1e-17 for orthogonal vectors with inexact binary coordinates) still counts
    as a mistake.  Stop after an epoch without mistakes
    or after ``max_epochs``.  If the pairs are separable with margin rho by a
    unit vector (``y_i u . (x'_i - x_i) >= rho``), the number of updates is at most
    ``(R / rho)^2`` with ``R = max_i ||x'_i - x_i||`` (Novikoff, 1962): the proof of
    the classification perceptron applies verbatim to the points
    ``y_i (x'_i - x_i)``.

    Parameters
    ----------
    X : array_like of shape (N, d)
    pairs : array_like of int, shape (P, 2)
    labels : array_like of shape (P,)
        In {-1, +1}.
    max_epochs : int, default 100
        Between 1 and :data:`MAX_EPOCHS` (100,000).
    tol : float, default 0.0
        Relative tolerance of the mistake test, in [0, 1): a pair counts as a
        mistake when ``y_i w . z_i <= tol ||w|| ||z_i||``.  0 is the textbook rule;
        about 1e-9 treats rounding-level scores as ties.

    Returns
    -------
    PerceptronResult

    Raises
    ------
    ValueError, TypeError
        On invalid input, ``max_epochs < 1`` or ``tol`` outside [0, 1).

    References
    ----------
    Mohri et al. (2018), exercise 10.5 and section 8.3.1 (the perceptron);
    Novikoff (1962).

    Examples
    --------
    The second pair is misordered by the first update, so w moves twice:

    >>> X = [[0.0, 0.0], [1.0, -0.8], [0.1, 1.0], [0.5, 0.3]]
    >>> result = rank_perceptron(X, [[0, 1], [0, 2], [0, 3]], [1, 1, 1])
    >>> result.converged, result.n_updates, result.w.round(2), result.updates_per_epoch
    (True, 2, array([1.1, 0.2]), array([2, 0]))
    >>> best = max_margin_ranker(X, [[0, 1], [0, 2], [0, 3]], [1, 1, 1], norm="l2")
    >>> round(best.margin, 4), round(result.mistake_bound(best.margin), 2)
    (0.5367, 5.69)

    Orthonormal differences tie in exact arithmetic at every step, so Novikoff's
    bound ``(R / rho)^2 = 3`` is attained; in floating point ``w . z`` is about
    1e-17 > 0 for the second pair, and only a tolerance counts it as a tie:

    >>> Z = [[0.6, 0.8, 0.0], [-0.8, 0.6, 0.0], [0.0, 0.0, 1.0]]
    >>> X, P = np.vstack([np.zeros((3, 3)), Z]), [[0, 3], [1, 4], [2, 5]]
    >>> exact = rank_perceptron(X, P, [1, 1, 1])
    >>> tolerant = rank_perceptron(X, P, [1, 1, 1], tol=1e-9)
    >>> exact.n_updates, tolerant.n_updates
    (2, 3)
    """
    X, a, b, y = as_pair_sample(
        X, pairs, labels, allow_zero=False, float_labels=True, max_abs=MAX_MAGNITUDE
    )
    max_epochs = check_int(max_epochs, "max_epochs", minimum=1, maximum=MAX_EPOCHS)
    tol = check_real(tol, "tol", nonnegative=True)
    if tol >= 1.0:
        raise ValueError(f"tol must be < 1, got {tol}")
    Z = y[:, None] * (X[b] - X[a])  # oriented differences: pair i is right iff w . Z_i > 0
    w = np.zeros(X.shape[1])
    counts = []
    with np.errstate(over="ignore", invalid="ignore"):  # an overflow is reported below
        z_norms = np.linalg.norm(Z, axis=1) if tol > 0 else np.zeros(len(Z))
        for _ in range(max_epochs):
            mistakes = 0
            for z, z_norm in zip(Z, z_norms, strict=True):
                threshold = tol * float(np.linalg.norm(w)) * float(z_norm) if tol > 0 else 0.0
                if float(w @ z) <= threshold:
                    w = w + z
                    mistakes += 1
            counts.append(mistakes)
            if mistakes == 0:
                break
    largest = float(np.abs(Z).max()) if np.isfinite(Z).all() else math.inf
    scale = largest if 1e150 < largest < math.inf else 1.0  # |z|^2 would overflow
    with np.errstate(over="ignore", invalid="ignore"):
        radius = scale * float(np.sqrt(((Z / scale) ** 2).sum(axis=1)).max())
    if not (np.isfinite(w).all() and math.isfinite(radius)):
        raise ValueError("X: the pair differences (or their sums) overflow float64; rescale X")
    return PerceptronResult(
        w, int(sum(counts)), len(counts), counts[-1] == 0, radius, np.array(counts, dtype=np.int64)
    )


# --------------------------------------------------------------------------- #
# exercise 10.6: margin maximization
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class MaxMarginRanker:
    """The outcome of :func:`max_margin_ranker`.

    Attributes
    ----------
    w : ndarray of shape (d,)
        A maximizer, with ``||w|| <= 1`` in the chosen norm.
    margin : float
        ``rho* = max_{||w|| <= 1} min_i y_i w . (x'_i - x_i)``; positive exactly
        when a linear score orders every pair strictly, 0 otherwise.
    norm : str
        "l1" (the linear program of exercise 10.6) or "l2".
    status : str
        The solver's status.
    """

    w: np.ndarray
    margin: float
    norm: str
    status: str

    @property
    def separable(self) -> bool:
        """True when the pairs are strictly separable (``margin > 1e-9``)."""
        return self.margin > 1e-9

    def __repr__(self) -> str:
        return (
            f"MaxMarginRanker(norm={self.norm!r}, margin={self.margin:.4g}, "
            f"w={np.round(self.w, 4).tolist()}, status={self.status!r})"
        )


def max_margin_ranker(X, pairs, labels, *, norm="l1", solver=None):
    """The linear score with the largest pairwise margin (exercise 10.6).

    Solves ``max rho`` subject to ``y_i w . (x'_i - x_i) >= rho`` for every pair
    and ``||w|| <= 1``.  With the l1 norm this is a linear program: write
    ``w = w+ - w-`` with ``w+, w- >= 0`` and ``sum(w+ + w-) <= 1``.  With the
    l2 norm it is a second-order cone program whose value ``rho*`` is the
    margin in Novikoff's mistake bound, and ``w / rho*`` is the hard-margin
    ranking SVM (10.9 without slacks).  ``w = 0`` is feasible, so ``rho* >= 0``;
    ``rho* > 0`` exactly when the pairs are strictly separable.

    Parameters
    ----------
    X, pairs, labels
        As in :func:`rankviz.ranksvm.rank_svm`.
    norm : {"l1", "l2"}, default "l1"
    solver : str, optional
        An installed cvxpy solver (CLARABEL by default).

    Returns
    -------
    MaxMarginRanker

    Raises
    ------
    ValueError, TypeError
        On invalid input, an unknown norm or solver.
    rankviz.SolverError
        If the solver fails.

    References
    ----------
    Mohri et al. (2018), exercise 10.6; compare LPBoost (Demiriz, Bennett and
    Shawe-Taylor, Machine Learning 46, 2002).

    Examples
    --------
    >>> X = [[0.0, 0.0], [1.0, 1.0], [0.0, 2.0]]
    >>> lp = max_margin_ranker(X, [[0, 1], [0, 2]], [1, 1])
    >>> round(lp.margin, 4), lp.w.round(4)
    (1.0, array([0., 1.]))
    >>> round(max_margin_ranker(X, [[0, 1], [0, 2]], [1, 1], norm="l2").margin, 4)
    1.4142
    """
    X, a, b, y = as_pair_sample(
        X, pairs, labels, allow_zero=False, float_labels=True, max_abs=MAX_MAGNITUDE
    )
    norm = check_choice(norm, "norm", ("l1", "l2"))
    solver = check_solver(solver)

    import cvxpy as cp

    Z = y[:, None] * (X[b] - X[a])
    w = cp.Variable(X.shape[1])
    rho = cp.Variable()
    budget = cp.norm1(w) <= 1 if norm == "l1" else cp.norm(w, 2) <= 1
    problem = cp.Problem(cp.Maximize(rho), [Z @ w >= rho, budget])
    status = solve_quietly(problem, solver, f"the {norm} margin maximization")
    w_value = np.asarray(w.value, dtype=float)
    margin = max(float(np.min(Z @ w_value)), 0.0) if Z.size else 0.0
    return MaxMarginRanker(w_value, margin, norm, status)
