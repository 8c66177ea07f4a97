"""Ranking SVMs for pairwise ranking (the rank perceptron and the margin LP: rankviz.max_margin).

Mohri et al. (2018), section 10.3, turn the margin bound of Corollary 10.2 into
an algorithm: minimizing its right-hand side (10.8) over linear scores
``h(x) = w . Phi(x)`` is the quadratic program

    min_{w, xi}  1/2 ||w||^2 + C sum_i xi_i                                  (10.9)
    s.t.         y_i w . (Phi(x'_i) - Phi(x_i)) >= 1 - xi_i,   xi_i >= 0,

an SVM without offset on the *pair features* ``Psi(x, x') = Phi(x') - Phi(x)``.
Its dual needs only the pair kernel

    K'_ij = Psi_i . Psi_j = K(x_i, x_j) + K(x'_i, x'_j) - K(x'_i, x_j) - K(x_i, x'_j)   (10.10)

and reads ``max_alpha sum_i alpha_i - 1/2 sum_ij alpha_i alpha_j y_i y_j K'_ij``
subject to ``0 <= alpha_i <= C``; the score is then
``h(x) = sum_i alpha_i y_i (K(x'_i, x) - K(x_i, x))``.

Public names
------------
:func:`rank_svm`
    The primal (10.9): with cvxpy (linear kernel: w in R^d; Gaussian kernel:
    the representer form ``w = sum_j beta_j Psi_j``), or for the linear kernel
    with scikit-learn's liblinear (``LinearSVC`` on the pair differences,
    hinge loss, no intercept), the fast path for repeated fits.
:func:`rank_svm_dual`
    The dual with the pair kernel K' (10.10), with cvxpy.
:func:`pair_kernel_matrix`
    K' itself, for the linear and the Gaussian kernel.
:func:`online_rank_svm`
    Exercise 10.2: an on-line ranking SVM, stochastic subgradient (Pegasos)
    steps on (10.9), one pair per step.
:class:`LinearUtilityModel`
    The chapter's synthetic pairwise data: points uniform in the unit ball,
    a pair labelled by a linear utility and flipped with probability
    ``noise``; its exact pairwise error (10.1) of any linear score.

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, sections 10.2-10.3, exercises 10.5 and 10.6 (seed
``004_e87a518ae3e4601f.txt``).  T. Joachims, "Optimizing search engines using
clickthrough data", KDD 2002 (the ranking SVM).  A. B. J. Novikoff, "On
convergence proofs on perceptrons", 1962.  M. X. Goemans and D. P. Williamson,
JACM 42(6), 1995, Lemma 3.2 (the angle identity behind
:meth:`LinearUtilityModel.pairwise_error`).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np

from rankviz._kernels import gram as _gram
from rankviz._kernels import pair_kernel as _pair_kernel
from rankviz._solvers import check_solver, solve_quietly
from rankviz._validation import (
    KERNELS,
    MAX_MAGNITUDE,
    SIGMA_RANGE,
    as_feature_matrix,
    as_generator,
    as_pair_labels,
    as_pair_sample,
    as_pairs,
    check_array,
    check_choice,
    check_int,
    check_kernel,
    check_probability,
    check_real,
)

__all__ = [
    "C_RANGE",
    "KERNELS",
    "MAX_DIMENSION",
    "MAX_KERNEL_PAIRS",
    "MAX_SAMPLE_ENTRIES",
    "SIGMA_RANGE",
    "LinearUtilityModel",
    "OnlineRankSVMResult",
    "RankSVMModel",
    "online_rank_svm",
    "pair_kernel_matrix",
    "rank_svm",
    "rank_svm_dual",
]

#: Range of the slack weight C: beyond it the quadratic programme is so badly scaled that
#: the interior-point solver fails (C = 1e300) or the slacks vanish below its accuracy.
#: Near the top of the range a solve on hundreds of pairs may still fail numerically,
#: which is reported as :class:`rankviz.SolverError` (C = 1e3 is a hard margin in practice).
C_RANGE = (1e-6, 1e6)

#: Largest dimension of a :class:`LinearUtilityModel`.
MAX_DIMENSION = 10_000

#: Largest number of coordinates (2 m d) :meth:`LinearUtilityModel.sample` draws at once.
MAX_SAMPLE_ENTRIES = 10**8

#: Largest number of pairs whose P x P pair kernel matrix K' (eq. 10.10) is built: by
#: :func:`pair_kernel_matrix`, and by :func:`rank_svm` and :func:`rank_svm_dual` with the
#: Gaussian kernel (200 MB of float64; the quadratic programme on it already takes minutes).
MAX_KERNEL_PAIRS = 5_000


def _check_kernel_pairs(n_pairs: int, kernel: str) -> None:
    if n_pairs > MAX_KERNEL_PAIRS:
        raise ValueError(
            f"pairs has {n_pairs} rows; the {kernel} pair kernel matrix K' is {n_pairs} x "
            f"{n_pairs}, at most MAX_KERNEL_PAIRS = {MAX_KERNEL_PAIRS} pairs"
        )


#: Methods of :func:`rank_svm`.
_PRIMAL_METHODS = ("cvxpy", "liblinear")


# --------------------------------------------------------------------------- #
# validation and kernels
# --------------------------------------------------------------------------- #
def _check_C(C) -> float:
    low, high = C_RANGE
    return check_real(C, "C", minimum=low, maximum=high)


def pair_kernel_matrix(X, pairs, *, kernel="linear", sigma=1.0):
    """The pair kernel matrix K' of eq. (10.10).

    ``K'_ij = Psi(x_i, x'_i) . Psi(x_j, x'_j)`` with ``Psi(x, x') = Phi(x') - Phi(x)``,
    that is ``K(x_i, x_j) + K(x'_i, x'_j) - K(x'_i, x_j) - K(x_i, x'_j)``.  It is
    a Gram matrix, hence symmetric positive semi-definite.

    Parameters
    ----------
    X : array_like of shape (N, d)
        The points.
    pairs : array_like of int, shape (P, 2)
        ``pairs[i] = (a, b)``: x_i = X[a], x'_i = X[b]; at most
        :data:`MAX_KERNEL_PAIRS` (5,000) rows.
    kernel : {"linear", "gaussian"}, default "linear"
        ``K(x, z) = x . z`` or ``exp(-||x - z||^2 / (2 sigma^2))``.
    sigma : float, default 1.0
        Width of the Gaussian kernel, in :data:`SIGMA_RANGE` (1e-100 to 1e100; checked,
        but unused, for the linear kernel).

    Returns
    -------
    ndarray of shape (P, P)

    Raises
    ------
    ValueError, TypeError
        If ``X`` is not a finite 2-D array, ``pairs`` does not index its rows,
        ``kernel`` is unknown or ``sigma <= 0``.

    References
    ----------
    Mohri et al. (2018), section 10.3, eq. (10.10).

    Examples
    --------
    >>> X = [[0.0], [1.0], [3.0]]
    >>> pair_kernel_matrix(X, [[0, 1], [1, 2]])          # differences 1 and 2
    array([[1., 2.],
           [2., 4.]])
    >>> pair_kernel_matrix(X, [[0, 1]], kernel="gaussian").round(4)   # 2 - 2 exp(-1/2)
    array([[0.7869]])
    """
    X = as_feature_matrix(X, "X")
    a, b = as_pairs(pairs, X.shape[0])
    kernel, sigma = check_kernel(kernel, sigma)
    _check_kernel_pairs(a.size, kernel)
    return _pair_kernel(X[a], X[b], kernel, sigma)


# --------------------------------------------------------------------------- #
# the model
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class RankSVMModel:
    """A ranking SVM's scoring function ``h(x) = w . Phi(x)`` and its certificate.

    With ``c = pair_coef``, ``w = sum_i c_i (Phi(x'_i) - Phi(x_i))``; from the
    dual, ``c_i = alpha_i y_i``.  For the linear kernel ``w`` is also stored
    explicitly.

    Attributes
    ----------
    kernel : str
        "linear" or "gaussian".
    C : float
        The regularization constant of (10.9).
    sigma : float or None
        Width of the Gaussian kernel.
    w : ndarray of shape (d,) or None
        The weight vector (linear kernel only).
    pair_coef : ndarray of shape (P,) or None
        Coefficients of the training pair features in w (None for a liblinear
        fit, which does not return them).
    alphas : ndarray of shape (P,) or None
        The dual variables (from :func:`rank_svm_dual`, or the multipliers of
        the margin constraints of a cvxpy primal).
    objective : float
        The optimal value of the problem solved: the primal (10.9) for
        :func:`rank_svm`, the dual for :func:`rank_svm_dual`.
    slacks : ndarray of shape (P,)
        ``xi_i = max(0, 1 - y_i h(Psi_i))`` of the returned h on the training pairs.
    method : str
        "primal (cvxpy)", "primal (liblinear)" or "dual (cvxpy)".
    status : str
        The solver's status ("optimal", "optimal_inaccurate", or for liblinear
        "optimal" / "iteration limit").
    first, second : ndarray
        The training points x_i and x'_i of the pairs (needed to evaluate a
        kernel score).
    """

    kernel: str
    C: float
    sigma: float | None
    w: np.ndarray | None
    pair_coef: np.ndarray | None
    alphas: np.ndarray | None
    objective: float
    slacks: np.ndarray
    method: str
    status: str
    first: np.ndarray
    second: np.ndarray

    def __repr__(self) -> str:
        kernel = self.kernel if self.sigma is None else f"{self.kernel}, sigma={self.sigma:g}"
        return (
            f"RankSVMModel({self.method}, kernel={kernel}, C={self.C:g}, "
            f"objective={self.objective:.6g}, ||w||={self.norm:.4g}, status={self.status!r})"
        )

    @property
    def n_features(self) -> int:
        """Number of input features d."""
        return int(self.first.shape[1])

    @property
    def norm(self) -> float:
        """``||w||`` in the feature space of the kernel."""
        if self.w is not None:
            return float(math.sqrt(float(self.w @ self.w)))
        K = _pair_kernel(self.first, self.second, self.kernel, self.sigma)
        return float(math.sqrt(max(float(self.pair_coef @ K @ self.pair_coef), 0.0)))

    @property
    def primal_objective(self) -> float:
        """``1/2 ||w||^2 + C sum_i xi_i`` of the returned h: the primal value (10.9).

        For a dual solution, ``primal_objective - objective`` is the duality
        gap, zero at the optimum (strong duality).
        """
        return 0.5 * self.norm**2 + self.C * float(self.slacks.sum())

    @property
    def n_support(self) -> int:
        """Number of support pairs, ``alpha_i > 1e-6 C`` (0 when no dual solution is known)."""
        if self.alphas is None:
            return 0
        return int(np.count_nonzero(self.alphas > 1e-6 * self.C))

    def _scores(self, X: np.ndarray) -> np.ndarray:
        if self.w is not None:
            return X @ self.w
        return (
            _gram(X, self.second, self.kernel, self.sigma) @ self.pair_coef
            - _gram(X, self.first, self.kernel, self.sigma) @ self.pair_coef
        )

    def decision_function(self, X) -> np.ndarray:
        """Scores ``h(x) = w . Phi(x)`` of the rows of ``X``.

        Parameters
        ----------
        X : array_like of shape (N, d)

        Returns
        -------
        ndarray of shape (N,)

        Raises
        ------
        ValueError, TypeError
            If ``X`` is not a finite array with the training data's d columns.

        Examples
        --------
        >>> model = rank_svm([[0.0], [1.0]], [[0, 1]], [1], C=10.0)   # w = 1
        >>> model.decision_function([[0.0], [2.0]]).round(4)
        array([0., 2.])
        """
        X = as_feature_matrix(X, "X", n_features=self.n_features)
        return self._scores(X)

    def pairwise_margins(self, X, pairs, labels=None) -> np.ndarray:
        """Pairwise margins ``y_i (h(x'_i) - h(x_i))`` (the argument of Phi_rho in 10.3).

        Parameters
        ----------
        X : array_like of shape (N, d)
        pairs : array_like of int, shape (P, 2)
        labels : array_like of shape (P,), optional
            In {-1, +1}; +1 for every pair by default.

        Returns
        -------
        ndarray of shape (P,)

        Raises
        ------
        ValueError, TypeError
            On invalid input.

        References
        ----------
        Mohri et al. (2018), eqs. (10.3)-(10.4).

        Examples
        --------
        >>> model = rank_svm([[0.0], [1.0]], [[0, 1]], [1], C=10.0)   # w = 1
        >>> model.pairwise_margins([[0.0], [1.0], [3.0]], [[0, 1], [2, 1]]).round(4)
        array([ 1., -2.])
        """
        X = as_feature_matrix(X, "X", n_features=self.n_features)
        a, b = as_pairs(pairs, X.shape[0])
        y = (
            np.ones(a.size)
            if labels is None
            else as_pair_labels(labels, a.size, allow_zero=False).astype(np.float64)
        )
        h = self._scores(X)
        return y * (h[b] - h[a])


def _finish(kernel, C, sigma, w, coef, alphas, objective, method, status, first, second, y):
    model = RankSVMModel(
        kernel,
        C,
        sigma,
        w,
        coef,
        alphas,
        float(objective),
        np.empty(0),
        method,
        status,
        first,
        second,
    )
    h = model._scores(second) - model._scores(first)
    slacks = np.maximum(0.0, 1.0 - y * h)
    object.__setattr__(model, "slacks", slacks)
    return model


# --------------------------------------------------------------------------- #
# the primal (10.9)
# --------------------------------------------------------------------------- #
def rank_svm(X, pairs, labels, C=1.0, *, kernel="linear", sigma=1.0, method="cvxpy", solver=None):
    """The ranking SVM: the primal quadratic program (10.9) on pair features.

    Minimizes ``1/2 ||w||^2 + C sum_i xi_i`` subject to
    ``y_i w . (Phi(x'_i) - Phi(x_i)) >= 1 - xi_i`` and ``xi_i >= 0``.

    * ``kernel="linear"``, ``method="cvxpy"``: (10.9) as written, w in R^d.
    * ``kernel="gaussian"``: the feature space is infinite-dimensional; by the
      representer theorem the minimizer is ``w = sum_j beta_j Psi_j``, and
      (10.9) becomes ``1/2 beta' K' beta + C sum_i xi_i`` s.t.
      ``y_i (K' beta)_i >= 1 - xi_i`` (cvxpy).
    * ``method="liblinear"`` (linear kernel): scikit-learn's ``LinearSVC``
      (hinge loss, no intercept) on the pair differences ``y_i (x'_i - x_i)``
      and their mirror images, with C/2 per copy, which is exactly (10.9);
      about a millisecond for a thousand pairs, for repeated fits.

    Parameters
    ----------
    X : array_like of shape (N, d)
        The points.
    pairs : array_like of int, shape (P, 2)
        ``pairs[i] = (a, b)``: x_i = X[a], x'_i = X[b]; with the Gaussian
        kernel at most :data:`MAX_KERNEL_PAIRS` (5,000) rows.
    labels : array_like of shape (P,)
        In {-1, +1}: +1 when x'_i is preferred to x_i (section 10.2).
    C : float, default 1.0
        Weight of the slacks, in :data:`C_RANGE` (1e-6 to 1e6).
    kernel : {"linear", "gaussian"}, default "linear"
    sigma : float, default 1.0
        Width of the Gaussian kernel, in :data:`SIGMA_RANGE` (1e-100 to 1e100).
    method : {"cvxpy", "liblinear"}, default "cvxpy"
    solver : str, optional
        An installed cvxpy solver (CLARABEL by default).

    Returns
    -------
    RankSVMModel
        With ``objective`` the optimal value of (10.9).  A cvxpy fit also
        carries the margin constraints' multipliers as ``alphas`` (the dual
        solution).

    Raises
    ------
    ValueError
        If ``C`` is outside C_RANGE, the pairs do not match ``X`` or the labels, a label is
        not -1 or +1, the kernel or method is unknown, or liblinear is asked for
        a Gaussian kernel.
    TypeError
        If an argument has the wrong type.
    rankviz.SolverError
        If the cvxpy solver fails (its name and status are in the message).

    References
    ----------
    Mohri et al. (2018), section 10.3, eqs. (10.8)-(10.9); Joachims (2002).

    Examples
    --------
    Two pairs on a line, both preferring the larger value:

    >>> X = [[0.0], [1.0], [3.0]]
    >>> model = rank_svm(X, [[0, 1], [1, 2]], [1, 1], C=10.0)
    >>> model.w.round(4), round(model.objective, 4)
    (array([1.]), 0.5)
    >>> model.slacks.round(4)
    array([0., 0.])
    """
    X, a, b, y = as_pair_sample(
        X, pairs, labels, allow_zero=False, float_labels=True, max_abs=MAX_MAGNITUDE
    )
    C = _check_C(C)
    kernel, sigma = check_kernel(kernel, sigma)
    if kernel != "linear":
        _check_kernel_pairs(a.size, kernel)
    method = check_choice(method, "method", _PRIMAL_METHODS)
    solver = check_solver(solver)
    first, second = X[a], X[b]
    if method == "liblinear":
        if kernel != "linear":
            raise ValueError(
                "method='liblinear' supports only kernel='linear'; use "
                "method='cvxpy' (or rank_svm_dual) for the Gaussian kernel"
            )
        w, status = _liblinear(y[:, None] * (second - first), C)
        return _finish(
            kernel,
            C,
            sigma,
            w,
            None,
            None,
            0.5 * w @ w + C * np.maximum(0.0, 1.0 - y * ((second - first) @ w)).sum(),
            "primal (liblinear)",
            status,
            first,
            second,
            y,
        )

    import cvxpy as cp

    P = a.size
    xi = cp.Variable(P)
    if kernel == "linear":
        D = second - first
        w_var = cp.Variable(X.shape[1])
        margin_expr = cp.multiply(y, D @ w_var)
        regularizer = 0.5 * cp.sum_squares(w_var)
    else:
        K = _pair_kernel(first, second, kernel, sigma)
        beta = cp.Variable(P)
        margin_expr = cp.multiply(y, K @ beta)
        regularizer = 0.5 * cp.quad_form(beta, cp.psd_wrap(K))
    margin_constraint = margin_expr >= 1 - xi
    problem = cp.Problem(cp.Minimize(regularizer + C * cp.sum(xi)), [margin_constraint, xi >= 0])
    status = solve_quietly(problem, solver, "the ranking SVM primal (10.9)")
    alphas = np.clip(np.asarray(margin_constraint.dual_value, dtype=float), 0.0, C)
    if kernel == "linear":  # w, and the dual coefficients alpha_i y_i
        w, coefficients = np.asarray(w_var.value, dtype=float), alphas * y
    else:  # no w: the solved expansion coefficients beta
        w, coefficients = None, np.asarray(beta.value, dtype=float)
    return _finish(
        kernel,
        C,
        sigma,
        w,
        coefficients,
        alphas,
        problem.value,
        "primal (cvxpy)",
        status,
        first,
        second,
        y,
    )


def _liblinear(Z: np.ndarray, C: float) -> tuple[np.ndarray, str]:
    """(10.9) on the oriented differences Z_i = y_i Psi_i, by liblinear's coordinate descent."""
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.svm import LinearSVC

    # LinearSVC needs two classes: each oriented difference as a positive example and its
    # mirror image as a negative one; the two hinge terms are equal, so C/2 each gives (10.9)
    svc = LinearSVC(
        C=C / 2.0,
        loss="hinge",
        fit_intercept=False,
        dual=True,
        tol=1e-6,
        max_iter=200_000,
        random_state=0,
    )
    n = Z.shape[0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        svc.fit(np.vstack([Z, -Z]), np.r_[np.ones(n), -np.ones(n)])
    converged = not any(issubclass(c.category, ConvergenceWarning) for c in caught)
    return svc.coef_.ravel().astype(np.float64), "optimal" if converged else "iteration limit"


# --------------------------------------------------------------------------- #
# the dual with the pair kernel (10.10)
# --------------------------------------------------------------------------- #
def rank_svm_dual(X, pairs, labels, C=1.0, *, kernel="linear", sigma=1.0, solver=None):
    """The dual of the ranking SVM, written with the pair kernel K' (10.10).

    Maximizes ``sum_i alpha_i - 1/2 sum_ij alpha_i alpha_j y_i y_j K'_ij`` over
    ``0 <= alpha_i <= C`` (cvxpy).  The score is
    ``h(x) = sum_i alpha_i y_i (K(x'_i, x) - K(x_i, x))``; for the linear kernel
    ``w = sum_i alpha_i y_i (x'_i - x_i)`` is returned explicitly.  By strong
    duality the optimal value equals the primal optimum of :func:`rank_svm`
    (``model.primal_objective - model.objective`` is the duality gap).

    Parameters
    ----------
    X, pairs, labels, C, kernel, sigma, solver
        As in :func:`rank_svm`.

    Returns
    -------
    RankSVMModel
        ``alphas`` the dual solution, ``pair_coef = alphas * y``,
        ``objective`` the dual optimal value.

    Raises
    ------
    ValueError, TypeError, rankviz.SolverError
        As :func:`rank_svm`.

    References
    ----------
    Mohri et al. (2018), section 10.3, eq. (10.10), and section 5.3.2 (the SVM dual).

    Examples
    --------
    >>> X = [[0.0], [1.0], [3.0]]
    >>> dual = rank_svm_dual(X, [[0, 1], [1, 2]], [1, 1], C=10.0)
    >>> dual.alphas.round(4), round(dual.objective, 4), dual.w.round(4)
    (array([1., 0.]), 0.5, array([1.]))
    """
    X, a, b, y = as_pair_sample(
        X, pairs, labels, allow_zero=False, float_labels=True, max_abs=MAX_MAGNITUDE
    )
    C = _check_C(C)
    kernel, sigma = check_kernel(kernel, sigma)
    if kernel != "linear":
        _check_kernel_pairs(a.size, kernel)
    solver = check_solver(solver)
    first, second = X[a], X[b]

    import cvxpy as cp

    alpha = cp.Variable(a.size)
    if kernel == "linear":
        D = second - first  # K' = D D', so alpha' Y K' Y alpha = ||D' (alpha * y)||^2
        quadratic = cp.sum_squares(D.T @ cp.multiply(alpha, y))
    else:
        K = _pair_kernel(first, second, kernel, sigma)
        quadratic = cp.quad_form(cp.multiply(alpha, y), cp.psd_wrap(K))
    problem = cp.Problem(cp.Maximize(cp.sum(alpha) - 0.5 * quadratic), [alpha >= 0, alpha <= C])
    status = solve_quietly(problem, solver, "the ranking SVM dual")
    alphas = np.clip(np.asarray(alpha.value, dtype=float), 0.0, C)
    coef = alphas * y
    w = (second - first).T @ coef if kernel == "linear" else None
    return _finish(
        kernel, C, sigma, w, coef, alphas, problem.value, "dual (cvxpy)", status, first, second, y
    )


# --------------------------------------------------------------------------- #
# the chapter's synthetic data
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class LinearUtilityModel:
    """Pairs of points uniform in the unit ball, labelled by a linear utility with noise.

    A pair (x, x') is two independent points uniform in the unit ball of R^d
    (so ``r = sup ||x|| = 1``); its clean label is ``sign(u . (x' - x))`` for
    the utility direction u, and the label is flipped with probability
    ``noise`` (the stochastic scenario of Mohri et al., section 10.1).

    Because ``x' - x`` has a rotation-invariant distribution, the pairwise
    error (10.1) of a linear score ``h(x) = w . x`` has a closed form: the
    probability that ``sign(w . D)`` and ``sign(u . D)`` differ is
    ``theta(w, u) / pi`` (Goemans and Williamson, 1995, Lemma 3.2), so

        R(w) = noise + (1 - 2 noise) theta(w, u) / pi,

    and ``R(0) = 1`` (every pair tied counts as an error).  The Bayes error is
    ``noise``, reached at ``w = u``.

    Parameters
    ----------
    d : int, default 2
        Dimension, between 1 and :data:`MAX_DIMENSION` (10,000).
    noise : float, default 0.1
        Flip probability, in [0, 1/2).
    utility : array_like of shape (d,), optional
        The direction u (normalized); ``(1, ..., 1) / sqrt(d)`` by default.

    Raises
    ------
    ValueError, TypeError
        If ``d < 1``, ``noise`` is outside [0, 1/2), or ``utility`` is zero or
        of the wrong length.

    References
    ----------
    Mohri et al. (2018), sections 10.1-10.2; Goemans and Williamson (1995).

    Examples
    --------
    >>> model = LinearUtilityModel(d=2, noise=0.1)
    >>> X, pairs, labels = model.sample(3, rng=0)
    >>> X.shape, pairs.tolist(), labels.shape
    ((6, 2), [[0, 1], [2, 3], [4, 5]], (3,))
    >>> round(model.pairwise_error([1.0, 0.0]), 4)    # 45 degrees away: 0.1 + 0.8 / 4
    0.3
    """

    d: int = 2
    noise: float = 0.1
    utility: tuple | None = None

    def __post_init__(self):
        d = check_int(self.d, "d", minimum=1, maximum=MAX_DIMENSION)
        noise = check_probability(self.noise, "noise")
        if noise >= 0.5:
            raise ValueError(
                f"noise must be < 1/2 (at 1/2 the labels carry no information), got {noise}"
            )
        u = (
            np.ones(d)
            if self.utility is None
            else check_array(self.utility, "utility", ndim=1, max_abs=MAX_MAGNITUDE)
        )
        if u.size != d:
            raise ValueError(f"utility must have d = {d} entries, got {u.size}")
        length = float(np.linalg.norm(u))
        if length == 0.0:
            raise ValueError("utility must not be the zero vector")
        object.__setattr__(self, "d", d)
        object.__setattr__(self, "noise", noise)
        object.__setattr__(self, "utility", tuple(float(v) for v in u / length))

    @property
    def u(self) -> np.ndarray:
        """The unit utility direction as an array."""
        return np.array(self.utility)

    def sample(self, m, rng=0):
        """Draw m labelled pairs.

        Parameters
        ----------
        m : int
            Number of pairs, at least 1 and at most ``MAX_SAMPLE_ENTRIES // (2 d)``.
        rng : int or numpy.random.Generator, default 0

        Returns
        -------
        X : ndarray of shape (2m, d)
            The points; pair i is (X[2i], X[2i + 1]).
        pairs : ndarray of shape (m, 2)
            ``[[0, 1], [2, 3], ...]``.
        labels : ndarray of shape (m,)
            In {-1, +1}.

        Raises
        ------
        ValueError, TypeError
            If ``m < 1`` or ``rng`` is invalid.
        """
        m = check_int(m, "m", minimum=1, maximum=max(1, MAX_SAMPLE_ENTRIES // (2 * self.d)))
        gen = as_generator(rng)
        X = _uniform_ball(2 * m, self.d, gen)
        clean = np.where((X[1::2] - X[0::2]) @ self.u >= 0.0, 1, -1)
        flip = gen.random(m) < self.noise
        labels = np.where(flip, -clean, clean).astype(np.int64)
        pairs = np.arange(2 * m, dtype=np.int64).reshape(m, 2)
        return X, pairs, labels

    def pairwise_error(self, w):
        """Exact pairwise error R(w) (eq. 10.1) of ``h(x) = w . x`` on this distribution.

        Parameters
        ----------
        w : array_like of shape (d,) or (k, d)
            One weight vector or a batch of them.

        Returns
        -------
        float or ndarray of shape (k,)

        Raises
        ------
        ValueError, TypeError
            If ``w`` is not finite or has the wrong number of columns.
        """
        arr = check_array(w, "w", ndim=(1, 2), max_abs=MAX_MAGNITUDE)
        if arr.shape[-1] != self.d:
            raise ValueError(f"w must have shape (d,) or (k, d) with d = {self.d}, got {arr.shape}")
        batch = np.atleast_2d(arr)
        lengths = np.linalg.norm(batch, axis=1)
        cosine = np.divide(batch @ self.u, lengths, out=np.zeros(len(batch)), where=lengths > 0)
        angle = np.arccos(np.clip(cosine, -1.0, 1.0))
        error = np.where(lengths > 0, self.noise + (1 - 2 * self.noise) * angle / np.pi, 1.0)
        return float(error[0]) if arr.ndim == 1 else error


def _uniform_ball(n: int, d: int, gen: np.random.Generator) -> np.ndarray:
    """n points uniform in the unit ball of R^d."""
    direction = gen.normal(size=(n, d))
    direction /= np.linalg.norm(direction, axis=1, keepdims=True)
    return direction * gen.random(n)[:, None] ** (1.0 / d)


# --------------------------------------------------------------------------- #
# exercise 10.2: an on-line ranking SVM
# --------------------------------------------------------------------------- #


@dataclass(frozen=True, eq=False)
class OnlineRankSVMResult:
    """The outcome of :func:`online_rank_svm`.

    Attributes
    ----------
    w : ndarray of shape (d,)
        The average of the iterates of the second half of the run (the
        "suffix average"), the weight vector returned.
    w_last : ndarray of shape (d,)
        The last iterate.
    C : float
        The constant of (10.9) whose objective the run minimizes.
    n_steps : int
        Number of pairs seen (one update each).
    steps : ndarray of int
        The steps at which ``objective`` was recorded.
    objective : ndarray of float
        The objective (10.9), ``1/2 ||w||^2 + C sum_i xi_i`` on all the training
        pairs, at each recorded step t, of the average of the iterates
        ``floor(t/2) + 1, ..., t``: exactly the ``w`` that a run of ``t`` steps on
        the same draws returns, so that ``objective`` against ``steps`` is the
        curve the rate ``O(1 / (lambda T))`` is about.
    """

    w: np.ndarray
    w_last: np.ndarray
    C: float
    n_steps: int
    steps: np.ndarray
    objective: np.ndarray

    @property
    def final_objective(self) -> float:
        """The objective (10.9) of the returned ``w``."""
        return float(self.objective[-1])

    def __repr__(self) -> str:
        return (
            f"OnlineRankSVMResult({self.n_steps} steps, C={self.C:g}, "
            f"objective={self.final_objective:.6g}, ||w||={float(np.linalg.norm(self.w)):.4g})"
        )


def online_rank_svm(X, pairs, labels, C=1.0, *, n_steps=20_000, n_records=50, rng=0):
    """An on-line ranking SVM (exercise 10.2): stochastic subgradient steps, one pair each.

    (10.9) divided by ``C m`` is ``F(w) = lambda/2 ||w||^2 + (1/m) sum_i
    max(0, 1 - y_i w . Psi_i)`` with ``lambda = 1 / (C m)`` and
    ``Psi_i = x'_i - x_i``: the same minimizer.  Each step draws one pair i
    uniformly (with replacement), and takes the Pegasos step (Shalev-Shwartz
    et al., 2011) of size ``eta_t = 1 / (lambda t)`` along a subgradient of
    ``lambda/2 ||w||^2 + max(0, 1 - y_i w . Psi_i)``:

        w <- (1 - eta_t lambda) w + eta_t y_i Psi_i   if y_i w . Psi_i < 1,
        w <- (1 - eta_t lambda) w                      otherwise,

    followed by the projection onto the ball ``||w|| <= 1 / sqrt(lambda)``,
    which contains the minimizer.  A step touches one pair only, so the same
    update runs on a stream of pairs.  The returned ``w`` is the average of
    the iterates of the second half of the run, whose expected objective gap
    falls like ``1 / (lambda T)`` (Rakhlin, Shamir, Sridharan, 2012).

    Parameters
    ----------
    X : array_like of shape (N, d)
        The points (linear kernel).
    pairs : array_like of int, shape (P, 2)
        ``pairs[i] = (a, b)``: x_i = X[a], x'_i = X[b]; with the Gaussian
        kernel at most :data:`MAX_KERNEL_PAIRS` (5,000) rows.
    labels : array_like of shape (P,)
        In {-1, +1}: +1 when x'_i is preferred to x_i.
    C : float, default 1.0
        The constant of (10.9), in :data:`C_RANGE`.
    n_steps : int, default 20000
        Number of pairs seen, between 2 and 10**7.
    n_records : int, default 50
        Number of (log-spaced) steps at which the objective is recorded,
        between 1 and 1000.  At step t the record is the objective of the
        suffix average of a run of length t (the iterates after step t // 2),
        not of a running average from step 1, which would carry the first
        steps' transient.
    rng : int or numpy.random.Generator, default 0
        Draws the pairs.

    Returns
    -------
    OnlineRankSVMResult

    Raises
    ------
    ValueError
        If ``C`` is outside C_RANGE, ``n_steps`` or ``n_records`` is out of range, the pairs
        do not match ``X`` or the labels, or a label is not -1 or +1.
    TypeError
        If an argument has the wrong type.

    References
    ----------
    Mohri et al. (2018), exercise 10.2 and eq. (10.9); S. Shalev-Shwartz,
    Y. Singer, N. Srebro, A. Cotter, "Pegasos: primal estimated sub-gradient
    solver for SVM", Math. Programming 127, 2011; A. Rakhlin, O. Shamir,
    K. Sridharan, "Making gradient descent optimal for strongly convex
    stochastic optimization", ICML 2012.

    Examples
    --------
    Two pairs on a line preferring the larger value; the batch optimum is
    w = 1 with objective 0.5 (see :func:`rank_svm`):

    >>> X = [[0.0], [1.0], [3.0]]
    >>> run = online_rank_svm(X, [[0, 1], [1, 2]], [1, 1], C=10.0, n_steps=2000, rng=0)
    >>> bool(abs(run.w[0] - 1.0) < 0.05), bool(abs(run.final_objective - 0.5) < 0.05)
    (True, True)
    """
    X, a, b, y = as_pair_sample(
        X, pairs, labels, allow_zero=False, float_labels=True, max_abs=MAX_MAGNITUDE
    )
    C = _check_C(C)
    n_steps = check_int(n_steps, "n_steps", minimum=2, maximum=10**7)
    n_records = check_int(n_records, "n_records", minimum=1, maximum=1000)
    gen = as_generator(rng)
    Z = y[:, None] * (X[b] - X[a])  # oriented differences: hinge_i = max(0, 1 - w . Z_i)
    m, d = Z.shape
    lam = 1.0 / (C * m)
    radius = 1.0 / math.sqrt(lam)
    record_at = np.unique(np.geomspace(1, n_steps, n_records).round().astype(np.int64))
    record_at[-1] = n_steps

    def objective(w):
        return 0.5 * float(w @ w) + C * float(np.maximum(0.0, 1.0 - Z @ w).sum())

    draws = gen.integers(0, m, size=n_steps)
    # A run of length t returns the average of the iterates t // 2 + 1, ..., t, that is
    # (S_t - S_{t // 2}) / (t - t // 2) with S_t the sum of the first t iterates; the
    # partial sums are kept at the steps t // 2 of the records only.
    halves = {int(t) // 2 for t in record_at}
    partial = {0: np.zeros(d)} if 0 in halves else {}
    w = np.zeros(d)
    total = np.zeros(d)  # S_t
    values = []
    k = 0
    for t in range(1, n_steps + 1):
        z = Z[draws[t - 1]]
        eta = 1.0 / (lam * t)
        violated = float(w @ z) < 1.0
        w = (1.0 - 1.0 / t) * w  # 1 - eta lambda = 1 - 1/t
        if violated:
            w = w + eta * z
        norm = math.sqrt(float(w @ w))
        if norm > radius:
            w = w * (radius / norm)
        total += w
        if t in halves:
            partial[t] = total.copy()
        if t == record_at[k]:
            suffix = (total - partial[t // 2]) / (t - t // 2)
            values.append(objective(suffix))
            k += 1
    return OnlineRankSVMResult(suffix, w, C, n_steps, record_at, np.array(values, dtype=np.float64))
