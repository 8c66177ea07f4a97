"""Duchi et al.'s surrogates (12) and (13) with a general function ``h`` of the weights.

The pairwise form (12), ``sum_ij h(Y_ij) phi(a_i - a_j)``, and the margin form (13),
``sum_{Y_ij > 0} phi(a_i - a_j - h(Y_ij))``, are studied in :mod:`rankviz.surrogates` and
:mod:`rankviz.consistency` with ``h`` the identity.  Theorems 2 and 3 allow other ``h``; this
module computes with them:

* :func:`h_surrogate_minimizer` minimises the conditional risk of (12) (weights
  ``E h(Y_ij)``) or of (13) (margins ``h(Y_ij)``) for a given ``h``;
* with two items the margin risk is ``R(x) = p phi(x - h(u)) + q phi(-x - h(v))`` in
  ``x = a_0 - a_1``, convex, so the sign of ``R'(0)`` (:func:`margin_slope_at_zero`, exact)
  says on which side of 0 every minimiser lies; :func:`two_item_margin_counterexample`
  searches a grid for a distribution where that side is not the Bayes order's;
* :func:`margin_pull` is ``-phi'(-h(y)) / y``: when it does not depend on ``y``, ``R'(0)`` is a
  positive multiple of ``q v - p u`` and two items cannot defeat the pairing;
* :func:`squared_hinge_margin_stationary_point` solves the squared hinge's margin risk
  exactly (sympy) on the pieces where every term is active, for an ``h`` that may hold
  parameters such as ``c`` in ``h(y) = c y - 1``.

``h`` is a sympy expression in the weight symbol :data:`WEIGHT` (``y``, positive), e.g.
``sympy.log(1 + WEIGHT)`` or ``sympy.Min(WEIGHT, 2)``; for the hinge and the squared hinge,
``phi`` is used on its active piece ``t < 1`` where the functions say so.

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms", *Annals of
Statistics* 41(5), 2013 (seed ``003``): eqs. (12), (13), Theorems 2 and 3.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import sympy as sp

from rankviz._pairwise_terms import FORMS, SURROGATES, _minimize
from rankviz._validation import check_choice, check_int, check_real
from rankviz.consistency import check_preference_distribution

__all__ = [
    "WEIGHT",
    "StationaryPoint",
    "TwoItemCounterexample",
    "h_surrogate_minimizer",
    "margin_pull",
    "margin_slope_at_zero",
    "squared_hinge_margin_stationary_point",
    "two_item_margin_counterexample",
]

#: The weight variable of ``h``: a positive sympy symbol named ``y``.
WEIGHT = sp.Symbol("y", positive=True)

_T = sp.Symbol("t", real=True)
# phi on its active piece (t < 1 for the hinges), as sympy expressions of the margin t
_PHI_ACTIVE = {
    "hinge": 1 - _T,
    "logistic": sp.log(1 + sp.exp(-_T)),
    "exponential": sp.exp(-_T),
    "squared_hinge": (1 - _T) ** 2,
}
_MAX_GRID_WEIGHT = 100
_MAX_WEIGHT = 1e6  # largest weight margin_slope_at_zero reads


def _check_h(h, name: str = "h", *, parameters: bool = False) -> sp.Expr:
    """``h`` as a sympy expression in WEIGHT (and, if ``parameters``, other symbols)."""
    if not isinstance(h, sp.Expr):
        raise TypeError(
            f"{name} must be a sympy expression in rankviz.h_surrogates.WEIGHT "
            f"(e.g. sympy.log(1 + WEIGHT)), got {type(h).__name__}"
        )
    extra = h.free_symbols - {WEIGHT}
    if extra and not parameters:
        raise ValueError(
            f"{name} must depend on the weight WEIGHT only, but it also holds "
            f"{sorted(str(s) for s in extra)}: substitute their values first"
        )
    return h


def _h_value(h: sp.Expr, y, name: str = "h") -> float:
    value = complex(sp.N(h.subs(WEIGHT, y)))
    if value.imag != 0 or not np.isfinite(value.real):
        raise ValueError(
            f"{name} must be finite and real at every weight of mu, but "
            f"{name}({y}) = {sp.N(h.subs(WEIGHT, y), 6)}"
        )
    return value.real


def _dphi(phi: str, t):
    """phi'(t), exactly (sympy) for a number t; ValueError at the hinge's kink."""
    if phi in ("hinge", "squared_hinge"):
        if t == 1:
            raise ValueError(f"the {phi} is not differentiable at t = 1 (a margin h(y) = -1)")
        if t > 1:
            return sp.Integer(0)
    return sp.diff(_PHI_ACTIVE[phi], _T).subs(_T, t)


def h_surrogate_minimizer(mu, phi, form, h):
    """Minimise the conditional risk of (12) or (13) with a function ``h`` of the weights.

    (12): ``sum_{i != j} E[h(Y_ij)] phi(a_i - a_j)`` (each DAG's absent edges contribute
    nothing, as with ``h(0) = 0``).  (13): ``E sum_{Y_ij > 0} phi(a_i - a_j - h(Y_ij))``.
    The terms go to the cvxpy minimiser of :func:`rankviz.surrogates.graph_surrogate_minimizer`
    (CLARABEL, then Newton's method for the differentiable losses), which normalises the
    weights, so a risk of any scale is solved to the same relative accuracy.

    Parameters
    ----------
    mu : sequence of (float, array_like) or LowNoiseCounterexample
        A distribution over preference DAGs.
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
    form : {"pairwise", "margin"}
    h : sympy expression in :data:`WEIGHT`
        Finite and real at every positive weight of ``mu``; in the pairwise form, ``E h(Y_ij)``
        must be non-negative (else the risk is not convex).

    Returns
    -------
    ndarray of shape (n,)
        A minimiser, ``alpha[0] = 0`` (and 0 for the first item of every group of items no term
        links to the others).

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, ``h`` is not finite at a weight, a pairwise weight is
        negative, or the risk has no minimiser (logistic and exponential losses).
    rankviz.SolverError
        If the solvers fail.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eqs. (12) and (13), Theorems 2 and 3.

    Examples
    --------
    >>> import sympy
    >>> mu = [(0.3, [[0, 8], [0, 0]]), (0.7, [[0, 0], [3, 0]])]      # p u = 2.4 > q v = 2.1
    >>> alpha = h_surrogate_minimizer(mu, "hinge", "pairwise", sympy.Min(WEIGHT, 3))
    >>> float(alpha[0] - alpha[1])                                    # 0.9 < 2.1: 1 on top
    -1.0
    """
    phi = check_choice(phi, "phi", SURROGATES)
    form = check_choice(form, "form", FORMS)
    probs, graphs = check_preference_distribution(mu)
    h = _check_h(h)
    n = graphs.shape[1]
    values: dict[float, float] = {}
    terms: dict[tuple, float] = {}
    for p, graph in zip(probs, graphs, strict=True):
        for i, j in itertools.permutations(range(n), 2):
            y = float(graph[i, j])
            if y <= 0 or p <= 0:
                continue
            if y not in values:
                values[y] = _h_value(h, sp.Float(y, 20))
            key = (i, j, 0.0) if form == "pairwise" else (i, j, values[y])
            terms[key] = terms.get(key, 0.0) + p * (values[y] if form == "pairwise" else 1.0)
    negative = [key[:2] for key, w in terms.items() if w < 0]
    if negative:
        raise ValueError(
            f"h gives the pair {negative[0]} a negative expected weight: the "
            "pairwise risk is then not convex (h must be non-negative there)"
        )
    keys = sorted(k for k, w in terms.items() if w > 0)
    chosen = (
        [k[0] for k in keys],
        [k[1] for k in keys],
        [terms[k] for k in keys],
        [k[2] for k in keys],
    )
    return _minimize(chosen, n, phi)[0]


def margin_slope_at_zero(phi, h, p, u, v):
    """``R'(0)`` for two items in the margin form (13), exactly.

    The risk is ``R(x) = p phi(x - h(u)) + q phi(-x - h(v))`` in ``x = a_0 - a_1``, with
    ``q = 1 - p``: a share ``p`` states "0 above 1" with weight ``u``, the others "1 above 0"
    with weight ``v``.  ``R`` is convex, so every minimiser has ``x > 0`` when ``R'(0) < 0``
    and ``x < 0`` when ``R'(0) > 0``; the Bayes order puts 0 on top when ``p u > q v``.

    Parameters
    ----------
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
    h : sympy expression in :data:`WEIGHT`
    p : float
        In (0, 1); read as the nearest simple fraction (0.7 is 7/10).
    u, v : float
        Positive weights (at most 10^6), read as simple fractions.

    Returns
    -------
    sympy expression
        ``p phi'(-h(u)) - q phi'(-h(v))``, exact.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, or the hinge is asked for its slope at its kink.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (13), Theorem 3.

    Examples
    --------
    >>> import sympy
    >>> margin_slope_at_zero("exponential", sympy.log(WEIGHT), 0.7, 3, 9)   # c = 1: 0.3*9 - 0.7*3
    3/5
    """
    phi = check_choice(phi, "phi", SURROGATES)
    h = _check_h(h)
    p = check_real(p, "p", positive=True, maximum=1.0)
    if p >= 1:
        raise ValueError(f"p must be < 1 (the other preference needs a share), got {p}")
    u = check_real(u, "u", positive=True, maximum=_MAX_WEIGHT)
    v = check_real(v, "v", positive=True, maximum=_MAX_WEIGHT)
    p_r, u_r, v_r = (sp.nsimplify(x, rational=True) for x in (p, u, v))
    hu, hv = (h.subs(WEIGHT, w) for w in (u_r, v_r))
    for name, value in (("u", hu), ("v", hv)):
        if not value.is_real or not value.is_finite:
            raise ValueError(f"h must be finite and real at {name}, got h({name}) = {value}")
    return sp.simplify(p_r * _dphi(phi, -hu) - (1 - p_r) * _dphi(phi, -hv))


@dataclass(frozen=True)
class TwoItemCounterexample:
    """A two-item distribution on which every minimiser of (13) puts the wrong item on top.

    Attributes
    ----------
    p : float
        The share stating "0 above 1" with weight ``u``; ``1 - p`` state "1 above 0" with ``v``.
    u, v : int
        The weights.
    slope : sympy number
        ``R'(0)``, exact: its sign is that of the Bayes order's ``p u - q v``, so every
        minimiser ``x = a_0 - a_1`` has the opposite sign.
    """

    p: float
    u: int
    v: int
    slope: object

    @property
    def distribution(self) -> list:
        """The distribution as a list of ``(probability, adjacency matrix)`` pairs."""
        return [(self.p, [[0, self.u], [0, 0]]), (round(1 - self.p, 12), [[0, 0], [self.v, 0]])]

    @property
    def bayes_top(self) -> int:
        """The item the Bayes order puts on top (0 when ``p u > q v``)."""
        return 0 if self.p * self.u > (1 - self.p) * self.v else 1


def two_item_margin_counterexample(phi, h, *, max_weight=10, min_slope=0.05):
    """The first two-item distribution of a grid on which the margin form (13) fails.

    Scans ``p = 0.1, ..., 0.9`` (outer loop) and integer weights ``u, v = 1, ..., max_weight``
    and returns the first point where ``p u != q v``, ``R'(0)`` (:func:`margin_slope_at_zero`)
    has the sign of ``p u - q v`` and ``|R'(0)| > min_slope``: there every minimiser
    ``x = a_0 - a_1`` has the sign opposite to the Bayes order's.

    Parameters
    ----------
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
    h : sympy expression in :data:`WEIGHT`
    max_weight : int, default 10
        Largest weight of the grid (at most 100).
    min_slope : float, default 0.05
        Smallest ``|R'(0)|`` accepted, so that a solver sees the wrong side clearly.

    Returns
    -------
    TwoItemCounterexample or None
        None when no grid point is a counterexample (the pairing may be one that two items
        cannot defeat: see :func:`margin_pull`).

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (13), Theorem 3.

    Examples
    --------
    >>> import sympy
    >>> cx = two_item_margin_counterexample("hinge", sympy.log(1 + WEIGHT))
    >>> cx.p, cx.u, cx.v, cx.bayes_top
    (0.1, 10, 1, 0)
    """
    phi = check_choice(phi, "phi", SURROGATES)
    h = _check_h(h)
    top = check_int(max_weight, "max_weight", minimum=1, maximum=_MAX_GRID_WEIGHT)
    least = check_real(min_slope, "min_slope", nonnegative=True)
    for tenths, u, v in itertools.product(range(1, 10), range(1, top + 1), range(1, top + 1)):
        bayes = tenths * u - (10 - tenths) * v
        if bayes == 0:
            continue
        slope = margin_slope_at_zero(phi, h, tenths / 10, u, v)
        value = float(sp.N(slope, 30))
        if np.sign(value) == np.sign(bayes) and abs(value) > least:
            return TwoItemCounterexample(tenths / 10, u, v, slope)
    return None


def margin_pull(phi, h):
    """``-phi'(-h(y)) / y``, simplified: constant in ``y`` exactly when two items cannot fail.

    With two items, ``R'(0) = q g(v) - p g(u)`` where ``g(y) = -phi'(-h(y))``.  If
    ``g(y) = kappa y`` with ``kappa > 0`` independent of ``y``, then
    ``R'(0) = kappa (q v - p u)`` has the sign that puts the Bayes order's item on top, for
    every two-item distribution.  For the hinge and the squared hinge the active piece
    (``-h(y) < 1``) is used.

    Parameters
    ----------
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
    h : sympy expression in :data:`WEIGHT`, possibly with parameters (e.g. ``c``)

    Returns
    -------
    sympy expression
        The pull per unit weight; free of :data:`WEIGHT` for the resisting pairings.

    Raises
    ------
    TypeError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (13), Theorem 3.

    Examples
    --------
    >>> import sympy
    >>> c = sympy.Symbol("c", positive=True)
    >>> margin_pull("squared_hinge", c * WEIGHT - 1)
    2*c
    >>> margin_pull("hinge", WEIGHT)
    1/y
    """
    phi = check_choice(phi, "phi", SURROGATES)
    h = _check_h(h, parameters=True)
    return sp.simplify(-sp.diff(_PHI_ACTIVE[phi], _T).subs(_T, -h) / WEIGHT)


@dataclass(frozen=True)
class StationaryPoint:
    """The squared hinge's margin risk solved exactly on the pieces where every term is active.

    Attributes
    ----------
    alpha : tuple of sympy expressions
        The scores, ``alpha[0] = 0``; functions of the parameters of ``h``.
    slacks : tuple of sympy expressions
        ``h(Y_ij) + 1 - (alpha_i - alpha_j)`` for every term (the argument of the active
        piece ``(1 - t + h(y))^2``): the point minimises the risk when all
        are positive (every piece active) and the Hessian is positive definite.
    positive_definite : bool
        Whether the Hessian in ``alpha_1, ..., alpha_{n-1}`` is positive definite.
    """

    alpha: tuple
    slacks: tuple
    positive_definite: bool


def squared_hinge_margin_stationary_point(mu, h):
    """Solve the squared hinge's margin risk (13) exactly, every piece taken as active.

    ``phi(t - h(y)) = (1 - t + h(y))^2`` on the active piece; the stationarity equations in
    ``alpha_1, ..., alpha_{n-1}`` (``alpha_0 = 0``) are then linear, and sympy solves them with
    the probabilities read as exact fractions.  The caller checks that every slack is positive
    (for the parameter values of interest): then the point is the minimiser, unique when the
    Hessian is positive definite.

    Parameters
    ----------
    mu : sequence of (float, array_like) or LowNoiseCounterexample
        A distribution over preference DAGs (at most 8 items).
    h : sympy expression in :data:`WEIGHT`, possibly with parameters (e.g. ``c``)

    Returns
    -------
    StationaryPoint

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, ``mu`` has more than 8 items, or the equations have no unique
        solution.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (13), Theorem 3.

    Examples
    --------
    >>> import sympy
    >>> c = sympy.Symbol("c", positive=True)
    >>> point = squared_hinge_margin_stationary_point([(1.0, [[0, 1], [0, 0]])], c * WEIGHT - 1)
    >>> point.alpha, point.slacks
    ((0, -c), (0,))
    """
    probs, graphs = check_preference_distribution(mu)
    h = _check_h(h, parameters=True)
    n = graphs.shape[1]
    if n > 8:
        raise ValueError(f"mu has {n} items; the exact solve takes at most 8")
    free = sp.symbols(f"a1:{n}", real=True)
    alpha = (sp.Integer(0), *free)
    terms = [
        (sp.nsimplify(float(p), rational=True), sp.nsimplify(float(g[i, j]), rational=True), i, j)
        for p, g in zip(probs, graphs, strict=True)
        for i, j in itertools.permutations(range(n), 2)
        if g[i, j] > 0 and p > 0
    ]
    # phi(t - h(y)) = (1 - t + h(y))^2 on the active piece, t = a_i - a_j: the slack is 1 + h(y) - t
    slacks = tuple(sp.expand(h.subs(WEIGHT, y) + 1 - (alpha[i] - alpha[j])) for _, y, i, j in terms)
    energy = sum(p * s**2 for (p, *_), s in zip(terms, slacks, strict=True))
    solutions = sp.linsolve([sp.diff(energy, a) for a in free], free)
    if len(solutions) != 1:
        raise ValueError(
            "the stationarity equations have no unique solution (an item no term "
            "links to the others?)"
        )
    (point,) = solutions
    if any(value.free_symbols & set(free) for value in point):
        raise ValueError(
            "the stationarity equations have no unique solution (an item no term "
            "links to the others?)"
        )
    at = dict(zip(free, point, strict=True))
    hessian = sp.hessian(energy, free)
    return StationaryPoint(
        tuple(sp.simplify(a.subs(at)) for a in alpha),
        tuple(sp.simplify(s.subs(at)) for s in slacks),
        bool(hessian.is_positive_definite),
    )
