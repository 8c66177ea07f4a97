"""Counterexamples to the consistency of pairwise surrogates in low noise, and their certificates.

Setting as in :mod:`rankviz.consistency` (Duchi, Mackey and Jordan, 2013,
section 3.2).  Even for a low-noise distribution ``mu`` (Definition 4), the
minimiser of a convex pairwise surrogate, the pairwise form (12) or the margin
form (13) with ``h`` the identity, can misorder or tie an edge of the
difference graph ``G_mu`` (Theorems 2 and 3).
:func:`find_low_noise_counterexample` searches for such distributions in the
style of Figure 1 (cvxpy minimises the surrogate,
:func:`rankviz.surrogates.graph_surrogate_minimizer`) and returns a
:class:`rankviz.consistency.LowNoiseCounterexample`;
:func:`certify_counterexample` re-proves one without cvxpy and returns a
:class:`Certificate`.

Tolerances.  :func:`certify_counterexample` uses no tolerance on the data
(rational arithmetic) nor for the hinge and the squared hinge (exact
certificates); for the logistic and exponential losses its certificate is
numerical at 50 digits (a gradient below 1e-40, a positive definite Hessian),
not exact arithmetic.  A candidate's minimiser gets an edge wrong when it does
not order it by more than :data:`rankviz.consistency.SCORE_TIE_TOL`.

The cvxpy problems are built once per (surrogate, number of items, number of
terms rounded up to a multiple of n(n - 1)), with ``cvxpy.Parameter`` incidence
rows, weights and margins, then re-solved; the cache only saves construction
time (tens of milliseconds) and never changes a result.

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013 (seed ``003_78b4dd99621c547a.txt``):
Figure 1, Definition 4, Theorems 2-3 (section 3.2).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy as sp
from scipy.optimize import linprog, minimize

from rankviz._pairwise_terms import (
    _NEVER_ZERO,
    FORMS,
    SURROGATES,
    WEIGHT_TOL,
    _components,
    _minimize,
    _risk,
    _terms,
    _violations,
    _weight_scale,
)
from rankviz._solvers import SolverError
from rankviz._validation import as_generator, check_bool, check_choice, check_int
from rankviz.consistency import SCORE_TIE_TOL, LowNoiseCounterexample, violated_edges

__all__ = [
    "MAX_CANDIDATES",
    "MAX_SEARCH_ITEMS",
    "Certificate",
    "certify_counterexample",
    "find_low_noise_counterexample",
]

#: Largest number of items :func:`find_low_noise_counterexample` searches over.
MAX_SEARCH_ITEMS = 5

#: Largest ``max_candidates`` of :func:`find_low_noise_counterexample` (one cvxpy solve each).
MAX_CANDIDATES = 10_000


@dataclass(frozen=True, eq=False)
class Certificate:
    """A proof, computed without cvxpy, that a low-noise counterexample holds.

    Exact for the hinge and the squared hinge; for the logistic and exponential
    losses, Newton's method at 50 digits (see :func:`certify_counterexample`).

    Attributes
    ----------
    method : str
        How the minimisers were certified.
    alpha : tuple of sympy numbers
        A minimiser of the surrogate risk attaining the smallest
        ``alpha_i - alpha_j`` (exact rationals for the hinge and squared hinge;
        50-digit floats, the unique minimiser, for the logistic and exponential).
    value : sympy number
        The minimum of the surrogate risk.
    gap_range : (sympy number, sympy number)
        Smallest and largest ``alpha_i - alpha_j`` over *all* minimisers (equal
        when the minimiser is unique).
    every_minimizer : bool
        Whether every minimiser misorders or ties the pair (``gap_range[1] <= 0``).
    """

    method: str
    alpha: tuple
    value: object
    gap_range: tuple
    every_minimizer: bool

    def __repr__(self) -> str:
        lo, hi = (
            sp.nsimplify(g) if isinstance(g, sp.Rational) else sp.N(g, 8) for g in self.gap_range
        )
        return (
            f"Certificate(method={self.method!r}, gap_range=({lo}, {hi}), "
            f"every_minimizer={self.every_minimizer})"
        )


class _NotCertified(Exception):
    """Raised inside the exact checks; turned into ValueError at the boundary."""


def _fraction(x: float) -> Fraction:
    exact = Fraction(float(x)).limit_denominator(10**6)
    if abs(float(exact) - x) > 4 * np.spacing(abs(float(x))):  # a few units in the last place
        raise _NotCertified(
            f"the value {x!r} is not a rational with denominator <= 10^6; the "
            f"exact check needs rational probabilities and weights"
        )
    return exact


def _exact_lp(c, A, b):
    """Minimise c @ x subject to A @ x <= b (x free) with HiGHS, then prove the optimum
    exactly: rational primal and dual solutions, feasible and with equal objectives.

    ``c``, ``A``, ``b`` hold Fractions.  Returns (optimum, x) as Fractions.
    """
    res = linprog(
        [float(v) for v in c],
        A_ub=[[float(v) for v in row] for row in A],
        b_ub=[float(v) for v in b],
        bounds=(None, None),
        method="highs",
    )
    if res.status != 0:
        raise _NotCertified(f"linear programme not solved: {res.message}")
    for denominator in (10**2, 10**4, 10**6):
        x = [Fraction(v).limit_denominator(denominator) for v in res.x]
        y = [
            max(Fraction(-v).limit_denominator(denominator), Fraction(0))
            for v in res.ineqlin.marginals
        ]
        primal = all(
            sum(a * v for a, v in zip(row, x, strict=True)) <= bound
            for row, bound in zip(A, b, strict=True)
        )
        dual = all(c[k] + sum(A[r][k] * y[r] for r in range(len(A))) == 0 for k in range(len(c)))
        value = sum(ck * xk for ck, xk in zip(c, x, strict=True))
        if primal and dual and value == -sum(br * yr for br, yr in zip(b, y, strict=True)):
            return value, x
    raise _NotCertified("could not round the linear programme's solution to an exact optimum")


def _gap_range_lp(rows, bounds, free, pair, n):
    """Smallest and largest alpha_i - alpha_j over {x : rows @ x <= bounds}, exactly,
    capped at +-1000 (reported as -oo / +oo there)."""
    i, j = pair
    c = [Fraction(0)] * len(rows[0])
    if i in free:
        c[free.index(i)] += 1
    if j in free:
        c[free.index(j)] -= 1
    cap = Fraction(1000)
    capped_rows = [*rows, c, [-v for v in c]]
    capped_bounds = [*bounds, cap, cap]
    lo, x_lo = _exact_lp(c, capped_rows, capped_bounds)
    neg_hi, _ = _exact_lp([-v for v in c], capped_rows, capped_bounds)
    lo_out = -sp.oo if lo == -cap else sp.Rational(lo.numerator, lo.denominator)
    hi = -neg_hi
    hi_out = sp.oo if hi == cap else sp.Rational(hi.numerator, hi.denominator)
    alpha = [Fraction(0)] * n
    for k, v in enumerate(free):
        if v is not None:  # the trailing variables are not scores
            alpha[v] = x_lo[k]
    return (lo_out, hi_out), alpha


def _certify_piecewise(terms, n, pinned, pair, phi, alpha_hint):
    """Hinge: a linear programme.  Squared hinge: stationarity on the active pieces."""
    src, dst, w, m = terms
    free = [v for v in range(n) if v not in pinned]
    T = len(src)

    def difference_row(k):  # coefficients of a_I[k] - a_J[k] over the free scores
        row = [Fraction(0)] * len(free)
        if src[k] in free:
            row[free.index(src[k])] += 1
        if dst[k] in free:
            row[free.index(dst[k])] -= 1
        return row

    if phi == "hinge":
        # variables (a_free, t): minimise w @ t, t >= 0, t >= 1 + m - (a_i - a_j)
        rows, bounds = [], []
        for k in range(T):
            unit = [Fraction(0)] * T
            unit[k] = Fraction(-1)
            rows.append([Fraction(0)] * len(free) + unit)
            bounds.append(Fraction(0))
            rows.append([-v for v in difference_row(k)] + unit)
            bounds.append(-(1 + m[k]))
        c = [Fraction(0)] * len(free) + list(w)
        value, _ = _exact_lp(c, rows, bounds)
        face_rows, face_bounds = [*rows, c], [*bounds, value]
        gap_range, alpha = _gap_range_lp(face_rows, face_bounds, free + [None] * T, pair, n)
        return (
            "exact linear programme (HiGHS, optimality proved in rational arithmetic)",
            alpha,
            value,
            gap_range,
        )

    # squared hinge: guess the active terms (margin short of 1 + m) from a numerical
    # solution, solve the stationarity equations exactly, then verify the guess.
    try:
        return _certify_squared_hinge(terms, n, pinned, pair, free, difference_row, alpha_hint)
    except _NotCertified:  # the hint may be no minimiser: guess again, independently of cvxpy
        return _certify_squared_hinge(
            terms, n, pinned, pair, free, difference_row, _numerical_minimizer(terms, n, free)
        )


def _numerical_minimizer(terms, n, free):
    """The squared-hinge minimiser by scipy's L-BFGS (a second guess, independent of cvxpy)."""
    src, dst, w, m = (np.asarray([float(v) for v in x]) for x in terms)
    src, dst = src.astype(int), dst.astype(int)

    def risk_and_gradient(x):
        alpha = np.zeros(n)
        alpha[free] = x
        slack = np.maximum(0.0, 1.0 + m - (alpha[src] - alpha[dst]))
        full = np.zeros(n)
        np.add.at(full, src, -2 * w * slack)
        np.add.at(full, dst, 2 * w * slack)
        return float(w @ slack**2), full[free]

    result = minimize(
        risk_and_gradient,
        np.zeros(len(free)),
        jac=True,
        method="L-BFGS-B",
        options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 2000},
    )
    alpha = np.zeros(n)
    alpha[free] = result.x
    return alpha


def _certify_squared_hinge(terms, n, pinned, pair, free, difference_row, alpha_hint):
    """Exact minimiser and minimiser set of a squared-hinge risk, given a numerical guess."""
    src, dst, w, m = terms
    T = len(src)
    symbols = sp.symbols(f"a0:{n}")
    a = [sp.Integer(0) if v in pinned else symbols[v] for v in range(n)]
    slack_hint = [1 + float(m[k]) - (alpha_hint[src[k]] - alpha_hint[dst[k]]) for k in range(T)]
    active = [k for k in range(T) if slack_hint[k] > 1e-7]
    rational = [sp.Rational(f.numerator, f.denominator) for f in w]
    margin = [sp.Rational(f.numerator, f.denominator) for f in m]
    energy = sum(
        (rational[k] * (1 + margin[k] - (a[src[k]] - a[dst[k]])) ** 2 for k in active),
        sp.Integer(0),
    )
    unknowns = [symbols[v] for v in free]
    solutions = sp.linsolve([sp.diff(energy, s) for s in unknowns], unknowns)
    if not solutions:
        raise _NotCertified("the stationarity equations have no solution")
    (solution,) = solutions
    params = sorted(set().union(*(sp.sympify(v).free_symbols for v in solution)), key=str)
    guess = {s: sp.nsimplify(alpha_hint[symbols.index(s)], rational=True) for s in params}
    # The equations have rational coefficients and the guess is rational, so every score is
    # an exact rational: no nsimplify here (it may turn a rational with a large denominator
    # into an irrational closed form such as 5*2**(363/364)/343, which Fraction cannot read).
    point = {s: sp.sympify(v).subs(guess) for s, v in zip(unknowns, solution, strict=True)}
    if not all(value.is_Rational for value in point.values()):
        raise _NotCertified("the stationarity equations do not have a rational solution")
    exact = [sp.Integer(0) if v in pinned else point[symbols[v]] for v in range(n)]
    slack = [1 + margin[k] - (exact[src[k]] - exact[dst[k]]) for k in range(T)]
    if any(slack[k] < 0 for k in active) or any(slack[k] > 0 for k in range(T) if k not in active):
        raise _NotCertified("the guessed active terms are inconsistent")
    value = sum((rational[k] * slack[k] ** 2 for k in range(T) if slack[k] > 0), sp.Integer(0))
    # every minimiser keeps the margins of the terms with positive slack and leaves the
    # others at slack <= 0 (a sum of convex terms is constant on a segment only if each
    # term is affine there, and s -> s_+^2 is strictly convex where s > 0)
    rows, bounds = [], []
    for k in range(T):
        row = difference_row(k)
        d = Fraction(str(exact[src[k]] - exact[dst[k]]))
        if slack[k] > 0:
            rows += [row, [-v for v in row]]
            bounds += [d, -d]
        else:
            rows.append([-v for v in row])
            bounds.append(-(1 + m[k]))
    gap_range, alpha = _gap_range_lp(rows, bounds, free, pair, n)
    return (
        (
            "stationarity on the active pieces solved exactly (sympy), minimiser set by "
            "an exact linear programme"
        ),
        alpha,
        Fraction(str(value)),
        gap_range,
    )


def _certify_smooth(terms, n, pinned, pair, phi, alpha_hint):
    """Logistic and exponential: Newton's method at 50 digits on the exact gradient."""
    src, dst, w, m = terms
    symbols = sp.symbols(f"a0:{n}")
    a = [sp.Integer(0) if v in pinned else symbols[v] for v in range(n)]
    unknowns = [symbols[v] for v in range(n) if v not in pinned]
    loss = {"exponential": lambda t: sp.exp(-t), "logistic": lambda t: sp.log(1 + sp.exp(-t))}
    risk = sum(
        sp.Rational(wk.numerator, wk.denominator)
        * loss[phi](a[i] - a[j] - sp.Rational(mk.numerator, mk.denominator))
        for i, j, wk, mk in zip(src, dst, w, m, strict=True)
    )
    gradient = [sp.diff(risk, s) for s in unknowns]
    start = [float(alpha_hint[symbols.index(s)]) for s in unknowns]
    try:
        root = sp.nsolve(gradient, unknowns, start, prec=50)
    except (ValueError, ZeroDivisionError) as exc:
        raise _NotCertified(f"Newton's method did not converge: {exc}") from None
    at = dict(zip(unknowns, root, strict=True))
    residual = max(abs(sp.N(g.subs(at), 60)) for g in gradient)
    hessian = np.array(sp.N(sp.hessian(risk, unknowns).subs(at), 30).tolist(), dtype=float)
    if residual > sp.Float("1e-40") or np.linalg.eigvalsh(hessian).min() <= 0:
        raise _NotCertified("the refined point is not a strict minimiser")
    exact = tuple(sp.Integer(0) if v in pinned else sp.Float(at[symbols[v]], 50) for v in range(n))
    gap = exact[pair[0]] - exact[pair[1]]
    if abs(gap) < sp.Float("1e-30"):
        raise _NotCertified(
            "the scores of the pair agree to 30 digits: a tie cannot be proved numerically"
        )
    value = sp.N(risk.subs(at), 50)
    return (
        (
            "exact gradient (sympy), Newton's method at 50 digits: the unique minimiser "
            "(strictly convex, Hessian positive definite)"
        ),
        exact,
        value,
        (gap, gap),
    )


def _certify(probs, graphs, phi, form, pair, alpha_hint) -> Certificate:
    n = len(graphs[0])
    P = [_fraction(p) for p in probs]
    if sum(P) != 1:
        raise _NotCertified(f"the probabilities sum to {sum(P)} in exact arithmetic, not 1")
    G = [[[_fraction(y) for y in row] for row in graph] for graph in graphs]
    mean = [
        [sum(p * g[i][j] for p, g in zip(P, G, strict=True)) for j in range(n)] for i in range(n)
    ]
    A = [[mean[i][j] - mean[j][i] for j in range(n)] for i in range(n)]
    if _violations(A, 0):
        raise _NotCertified("the distribution is not low noise in exact arithmetic")
    i, j = pair
    if not A[i][j] > 0:
        raise _NotCertified(f"{i}->{j} is not an edge of the difference graph")
    terms = _terms(P, G, form)
    pinned = {component[0] for component in _components(n, terms[0], terms[1])}
    certify = _certify_smooth if phi in _NEVER_ZERO else _certify_piecewise
    method, alpha, value, gap_range = certify(terms, n, pinned, pair, phi, alpha_hint)
    alpha = tuple(
        sp.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v for v in alpha
    )
    if isinstance(value, Fraction):
        value = sp.Rational(value.numerator, value.denominator)
    if not gap_range[0] <= 0:
        raise _NotCertified(
            f"every minimiser orders {i}->{j} correctly (alpha_i - alpha_j >= {gap_range[0]})"
        )
    return Certificate(method, alpha, value, gap_range, bool(gap_range[1] <= 0))


def certify_counterexample(counterexample):
    """Re-prove a low-noise counterexample without cvxpy (exactly, or at 50 digits).

    Checks, in rational arithmetic: the probabilities sum to 1; the mean graph
    satisfies Definition 4 with no tolerance; ``pair = (i, j)`` is an edge of
    the difference graph.  Then it certifies the minimisers of the surrogate
    risk and the range of ``alpha_i - alpha_j`` over all of them:

    * hinge: the risk is a linear programme; HiGHS solves it and the optimum is
      proved by rational primal and dual solutions with equal objectives; two
      more such programmes give the smallest and largest ``alpha_i - alpha_j``
      over the optimal face;
    * squared hinge: the stationarity equations on the pieces where the loss
      is active are linear and solved exactly (sympy), the pieces are
      verified, and the set of minimisers (same margins on active pieces) is
      explored by exact linear programmes;
    * logistic, exponential: sympy differentiates the risk exactly and
      Newton's method (``sympy.nsolve``) refines cvxpy's point to 50 digits;
      gradient below 1e-40 and a positive definite Hessian make it the unique
      minimiser, and ``alpha_i - alpha_j`` must be negative beyond 1e-30.

    Parameters
    ----------
    counterexample : LowNoiseCounterexample
        Probabilities and weights must be rationals with denominators up to
        10^6 (those of :func:`find_low_noise_counterexample` are).

    Returns
    -------
    Certificate
        An exact minimiser, the minimum, the range of ``alpha_i - alpha_j`` over
        all minimisers and whether every minimiser gets the pair wrong.

    Raises
    ------
    TypeError
        If the argument is not a LowNoiseCounterexample.
    ValueError
        If any check fails (the message says which): then the object is not a
        counterexample.

    References
    ----------
    Duchi, Mackey and Jordan (2013), Definition 4, Theorems 2 and 3.

    Examples
    --------
    >>> cx = find_low_noise_counterexample("hinge", "margin", 2, rng=0)
    >>> cert = certify_counterexample(cx)
    >>> cert.every_minimizer, cert.gap_range[1] <= 0
    (True, True)
    """
    if not isinstance(counterexample, LowNoiseCounterexample):
        raise TypeError(
            f"counterexample must be a LowNoiseCounterexample, got {type(counterexample).__name__}"
        )
    cx = counterexample
    try:
        certificate = _certify(cx.probs, cx.graphs, cx.phi, cx.form, cx.pair, cx.alpha)
    except _NotCertified as exc:
        raise ValueError(f"counterexample not certified: {exc}") from None
    # the solver's point must be a minimiser (up to its accuracy) with the pair wrong
    value = _risk(cx.alpha, _terms(cx.probs, cx.graphs, cx.form), cx.phi)
    if value > float(certificate.value) + 1e-5 * max(1.0, abs(float(certificate.value))):
        raise ValueError(
            f"counterexample not certified: alpha has surrogate risk {value:.8g}, "
            f"above the minimum {float(certificate.value):.8g}"
        )
    i, j = cx.pair
    if cx.alpha[i] - cx.alpha[j] > SCORE_TIE_TOL:
        raise ValueError(f"counterexample not certified: alpha orders {i}->{j} correctly")
    return certificate


def _draw_candidate(gen: np.random.Generator, n: int):
    """Two DAGs in the style of Duchi et al.'s Figure 1: one pointing down the item
    order (i -> j, i < j), one pointing up; integer weights 0..10, P(first) in 0.1..0.9."""
    upper = np.triu(gen.integers(0, 11, size=(n, n)), 1).astype(float)
    lower = np.tril(gen.integers(0, 11, size=(n, n)), -1).astype(float)
    p = int(gen.integers(1, 10)) / 10
    return np.array([p, round(1 - p, 10)]), np.stack([upper, lower])


def _strictly_low_noise(probs, graphs) -> bool:
    """Whether every path i -> j -> k of G_mu weighs strictly less than the edge i -> k
    (Definition 4 with strict inequalities), in exact arithmetic (rational data)."""
    n = len(graphs[0])
    P = [_fraction(p) for p in probs]
    mean = [
        [sum(p * _fraction(g[i][j]) for p, g in zip(P, graphs, strict=True)) for j in range(n)]
        for i in range(n)
    ]
    A = [[mean[i][j] - mean[j][i] for j in range(n)] for i in range(n)]
    return all(
        A[i][k] > A[i][j] + A[j][k]
        for i, j, k in itertools.permutations(range(n), 3)
        if A[i][j] > 0 and A[j][k] > 0
    )


def find_low_noise_counterexample(phi, form, n_items, rng=0, *, max_candidates=400, strict=False):
    """Search for a low-noise distribution whose surrogate minimiser gets an edge wrong.

    Candidates are drawn in the style of Figure 1: a DAG whose edges all point
    down the item order (``i -> j`` with ``i < j``) with probability ``p``, and
    one whose edges all point up with probability ``1 - p``; every possible
    edge gets an integer weight in 0..10 (0: absent) and ``p`` is one of 0.1,
    ..., 0.9 (so every mean graph is reachable, and the exact check has
    rational data).  A candidate is kept when its mean graph is low noise
    (Definition 4), cvxpy's minimiser of the surrogate misorders or ties
    (within :data:`~rankviz.consistency.SCORE_TIE_TOL`) an edge of the difference graph, and
    :func:`certify_counterexample` proves (exactly for the hinges, at 50 digits
    for the smooth losses) that *every* minimiser misorders or ties that edge.

    Parameters
    ----------
    phi : {"hinge", "logistic", "exponential", "squared_hinge"}
    form : {"pairwise", "margin"}
        Eq. (12) or (13), both with ``h`` the identity.
    n_items : int
        Number of items, ``2 <= n_items <= MAX_SEARCH_ITEMS``.  The pairwise
        form (12) needs 3: with two items it is a binary classification
        surrogate and these four losses are calibrated.
    rng : int or numpy.random.Generator, default 0
        Seed or generator: the search is deterministic given it.
    max_candidates : int, default 400
        How many candidates to draw before giving up (at most :data:`MAX_CANDIDATES`).
    strict : bool, default False
        Keep only candidates that satisfy Definition 4 strictly: every path
        ``i -> j -> k`` of ``G_mu`` weighs strictly less than the edge ``i -> k``
        (checked in exact arithmetic).  Definition 4 allows equality, but a
        distribution on that boundary leaves the low-noise set under arbitrarily
        small changes of its weights.  Two items have no such path: there it
        changes nothing.

    Returns
    -------
    LowNoiseCounterexample
        The first certified candidate; the worst wrong edge is its ``pair``.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid, or if no counterexample is found among
        ``max_candidates`` candidates (the message says so; try another seed
        or more candidates).

    References
    ----------
    Duchi, Mackey and Jordan (2013), Figure 1, Definition 4, Theorems 2 and 3.

    Examples
    --------
    >>> from rankviz.consistency import is_low_noise, mean_adjacency
    >>> cx = find_low_noise_counterexample("exponential", "pairwise", 3, rng=0)
    >>> i, j = cx.pair
    >>> is_low_noise(mean_adjacency(cx)), bool(cx.alpha[i] < cx.alpha[j])
    (True, True)
    """
    phi = check_choice(phi, "phi", SURROGATES)
    form = check_choice(form, "form", FORMS)
    n = check_int(n_items, "n_items", minimum=2, maximum=MAX_SEARCH_ITEMS)
    budget = check_int(max_candidates, "max_candidates", minimum=1, maximum=MAX_CANDIDATES)
    strict = check_bool(strict, "strict")
    gen = as_generator(rng)
    for _ in range(budget):
        probs, graphs = _draw_candidate(gen, n)
        Y = np.tensordot(probs, graphs, axes=1)
        if _violations((Y - Y.T).tolist(), WEIGHT_TOL * _weight_scale(Y)):
            continue
        if strict and not _strictly_low_noise(probs, graphs.tolist()):
            continue
        try:
            alpha = _minimize(_terms(probs, graphs, form), n, phi)[0]
        except (ValueError, SolverError):  # no minimiser attained, or the solvers failed
            continue
        wrong = violated_edges(alpha, Y)
        if not wrong:
            continue
        try:
            certificate = _certify(probs, graphs, phi, form, wrong[0], alpha)
        except _NotCertified:
            continue
        if certificate.every_minimizer:
            return LowNoiseCounterexample(probs, graphs, alpha, wrong[0], phi, form)
    kind = "strictly low-noise" if strict else "low-noise"
    raise ValueError(
        f"no {kind} counterexample for phi={phi!r}, form={form!r} on {n} items "
        f"among {budget} candidates; try another rng or a larger max_candidates"
    )
