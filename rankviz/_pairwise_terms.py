"""The terms of Duchi et al.'s pairwise surrogates (12), (13), (23) and their cvxpy minimiser.

Private: shared by :mod:`rankviz.surrogates` (the public risks and minimisers),
:mod:`rankviz.consistency` (the exact certificates, which re-use the same terms) and
:mod:`rankviz.disagreement` (the tolerance on weights).  A surrogate risk is a list of
terms ``w * phi(a_src - a_dst - m)``; :func:`_terms` builds them from a distribution over
preference DAGs, :func:`_risk` evaluates them and :func:`_minimize` minimises them.
"""

from __future__ import annotations

import functools
import itertools

import cvxpy as cp
import networkx as nx
import numpy as np
from scipy.optimize import linprog, nnls
from scipy.special import expit

from rankviz._graphs import digraph_from_edges
from rankviz._solvers import SolverError, solve_quietly
from rankviz._validation import check_array

# the public names; the underscored helpers are shared with rankviz.surrogates,
# rankviz.consistency and rankviz.disagreement
__all__ = ["FORMS", "SURROGATES", "WEIGHT_TOL"]

#: The convex losses ``phi`` of the surrogates, as functions of the margin ``t = a_i - a_j``:
#: ``max(0, 1 - t)``, ``log(1 + exp(-t))``, ``exp(-t)`` and ``max(0, 1 - t)**2``.
SURROGATES = ("hinge", "logistic", "exponential", "squared_hinge")

#: The two surrogate forms: "pairwise" is eq. (12), "margin" is eq. (13), both with h(y) = y.
FORMS = ("pairwise", "margin")

#: Relative tolerance under which two expected weights count as equal (no difference edge).
WEIGHT_TOL = 1e-9

# Probabilities may be off by rounding: their sum must be within this of 1.
_PROBABILITY_SUM_TOL = 1e-9

# phi as a function of the margin t, for numpy (vectorised) and for cvxpy (an atom).
_PHI_NUMPY = {
    "hinge": lambda t: np.maximum(0.0, 1.0 - t),
    "logistic": lambda t: np.logaddexp(0.0, -t),
    "exponential": lambda t: np.exp(-t),
    "squared_hinge": lambda t: np.maximum(0.0, 1.0 - t) ** 2,
}
_PHI_CVXPY = {
    "hinge": lambda t: cp.pos(1 - t),
    "logistic": lambda t: cp.logistic(-t),
    "exponential": lambda t: cp.exp(-t),
    "squared_hinge": lambda t: cp.square(cp.pos(1 - t)),
}
# Solvers in the order tried.  The tolerances are tighter than the defaults so that the
# scores, not only the risk, come out accurate (ties are judged on scores); the
# differentiable losses are then polished by Newton's method (_polish).
_SOLVERS = (
    (
        "CLARABEL",
        {"tol_gap_abs": 1e-10, "tol_gap_rel": 1e-10, "tol_feas": 1e-10, "tol_ktratio": 1e-8},
    ),
    ("SCS", {"eps_abs": 1e-8, "eps_rel": 1e-8, "max_iters": 20_000}),
)

# First and second derivatives of the differentiable losses, for the Newton polish.
_PHI_DERIVATIVES = {
    "logistic": (lambda t: -expit(-t), lambda t: expit(t) * expit(-t)),
    "exponential": (lambda t: -np.exp(-t), lambda t: np.exp(-t)),
    "squared_hinge": (lambda t: -2.0 * np.maximum(0.0, 1.0 - t), lambda t: 2.0 * (t < 1.0)),
}

# How far a hinge dual entry may be from a bound and still count as on it, the weights
# normalised to largest 1.  An entry inside its interval [0, w_k] is off each bound by a sum
# of weights with signs, and the vertex dual of _hinge_dual is exact to rounding, so weights,
# and differences of weights, down to about 1e-11 of the largest are told from zero.  (An
# interior-point dual is accurate to about 1e-10 only, in absolute terms: with it, a term
# whose weight was 1e-7 of the largest could drop out of the optimal set.)
_DUAL_TOL = 1e-12

# Appended to the status when the smallest hinge or squared-hinge minimiser could not be
# certified and the first solver's minimiser is returned instead.
_NOT_SMALLEST = " (smallest minimiser not certified)"

# phi is strictly positive everywhere: a minimiser needs every term to be balanced.
_NEVER_ZERO = ("logistic", "exponential")


def _weight_scale(weights: np.ndarray) -> float:
    return max(1.0, float(np.abs(weights).max()))


def _difference(Y: np.ndarray) -> np.ndarray:
    D = Y - Y.T
    D[D <= WEIGHT_TOL * _weight_scale(Y)] = 0.0
    return D


def _violations(A, tol) -> list[tuple[int, int, int]]:
    """Triples (i, j, k) with edges i -> j -> k of the difference graph whose direct
    weight A[i][k] falls short of the path weight by more than ``tol``.

    ``A`` is the antisymmetric difference ``Y - Y^T`` as a nested sequence; it may
    hold floats (with a tolerance) or exact ``Fraction``s (``tol = 0``).
    """
    n = len(A)
    edge = [[A[i][j] > tol for j in range(n)] for i in range(n)]
    return [
        (i, j, k)
        for i, j, k in itertools.permutations(range(n), 3)
        if edge[i][j] and edge[j][k] and A[i][k] < A[i][j] + A[j][k] - tol
    ]


def _check_scores(alpha, n: int, name: str = "alpha") -> np.ndarray:
    """Scores: one finite real per item (shape (n,)), or a batch of them (shape (q, n))."""
    arr = check_array(alpha, name, ndim=(1, 2))
    if arr.shape[-1] != n:
        raise ValueError(f"{name} must have one score per item ({n}), got {arr.shape[-1]}")
    return arr


def _terms(probs, graphs, form: str):
    """The terms ``w * phi(a_i - a_j - m)`` of a conditional surrogate risk.

    Works on float arrays and on nested lists of Fractions alike; returns
    ``(src, dst, weights, margins)`` as lists (term k concerns the pair
    src[k] -> dst[k]), only terms of positive weight, sorted.
    """
    K, n = len(probs), len(graphs[0])
    terms: dict[tuple[int, int, object], object] = {}
    for k in range(K):
        for i in range(n):
            for j in range(n):
                y = graphs[k][i][j]
                if i == j or y <= 0 or probs[k] <= 0:
                    continue
                # (12) with h = identity: weight E[Y_ij], margin 0; (13): weight P(Y_ij > 0)
                # per distinct value, margin h(Y_ij) = Y_ij
                key = (i, j, 0) if form == "pairwise" else (i, j, y)
                gain = probs[k] * y if form == "pairwise" else probs[k]
                terms[key] = terms.get(key, 0) + gain
    keys = sorted(terms)
    return (
        [key[0] for key in keys],
        [key[1] for key in keys],
        [terms[key] for key in keys],
        [key[2] for key in keys],
    )


def _aggregated_terms(D: np.ndarray):
    src, dst = np.nonzero(D > 0)
    return src.tolist(), dst.tolist(), D[src, dst].tolist(), [0.0] * src.size


def _risk(alpha: np.ndarray, terms, phi: str):
    src, dst, w, m = (np.asarray(x, dtype=float) for x in terms)
    if src.size == 0:
        return np.zeros(alpha.shape[:-1]) if alpha.ndim == 2 else 0.0
    src, dst = src.astype(int), dst.astype(int)
    margins = alpha[..., src] - alpha[..., dst] - m
    with np.errstate(over="ignore"):  # exp(-t) of a very negative margin is +inf: a valid risk
        total = _PHI_NUMPY[phi](margins) @ w
    return total if alpha.ndim == 2 else float(total)


def _components(n: int, src, dst) -> list[list[int]]:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(zip(src, dst, strict=True))
    return sorted(sorted(c) for c in nx.connected_components(graph))


def _unattained(n: int, src, dst) -> list[int] | None:
    """Items that can be raised forever (a source component), if the support is not
    strongly connected within each of its weakly connected components."""
    graph = digraph_from_edges(n, zip(src, dst, strict=True))
    for component in nx.weakly_connected_components(graph):
        sub = graph.subgraph(component)
        if nx.is_strongly_connected(sub):
            continue
        condensed = nx.condensation(sub)
        source = next(c for c in nx.topological_sort(condensed))
        return sorted(condensed.nodes[source]["members"])
    return None


@functools.lru_cache(maxsize=64)
def _template(phi: str, n: int, size: int):
    """A parametrised cvxpy problem for sum_k w_k phi(a_src[k] - a_dst[k] - m_k), pinned a = 0.

    ``size`` terms, each given by a row of the incidence parameter (+1 at src, -1 at dst;
    a zero row and a zero weight pad unused terms), so that one problem serves every graph
    with at most ``size`` terms.  Hinge: a linear programme in the slacks s >= 0,
    s >= 1 + m - (a_src - a_dst).  Squared hinge: the same slacks with the objective
    w @ s^2.  Logistic and exponential: epigraph variables t >= phi(...) (exponential cone).
    """
    alpha = cp.Variable(n)
    incidence = cp.Parameter((size, n))
    weights = cp.Parameter(size, nonneg=True)
    margins = cp.Parameter(size)
    pinned = cp.Parameter(n, nonneg=True)
    gaps = incidence @ alpha - margins
    constraints = [cp.multiply(pinned, alpha) == 0]
    if phi in ("hinge", "squared_hinge"):
        slack = cp.Variable(size, nonneg=True)
        constraints.append(slack >= 1 - gaps)
        objective = weights @ slack if phi == "hinge" else weights @ cp.square(slack)
    else:
        t = cp.Variable(size)
        constraints.append(t >= _PHI_CVXPY[phi](gaps))
        objective = weights @ t
    problem = cp.Problem(cp.Minimize(objective), constraints)
    # The hinges' minimisers need not be unique: a second problem picks the smallest one
    # over the set of minimisers, which for both losses is a polyhedron given by box
    # constraints ``lower <= gaps <= upper`` on the margins (see _optimal_face).
    lower, upper = cp.Parameter(size), cp.Parameter(size)
    smallest = None
    if phi in ("hinge", "squared_hinge"):
        smallest = cp.Problem(
            cp.Minimize(cp.sum_squares(alpha)), [constraints[0], gaps >= lower, gaps <= upper]
        )
    parameters = {
        "incidence": incidence,
        "weights": weights,
        "margins": margins,
        "pinned": pinned,
        "lower": lower,
        "upper": upper,
    }
    return problem, smallest, alpha, parameters


def _hinge_dual(
    incidence: np.ndarray, margins: np.ndarray, weights: np.ndarray, free: np.ndarray
) -> np.ndarray | None:
    """A vertex ``lam`` of the dual of the hinge's linear programme, or None.

    The programme is ``min w @ s`` over ``s >= 0``, ``s >= 1 + m - incidence @ a`` (pinned
    scores 0); ``lam_k`` is the multiplier of the k-th hinge row, so ``0 <= lam_k <= w_k`` and
    ``incidence[:, free].T @ lam = 0``.  HiGHS's dual simplex returns a basic solution, whose
    entries are sums and differences of weights computed to rounding: unlike an interior-point
    dual (accurate to about 1e-10 in absolute terms), it separates ``lam_k = w_k`` from
    ``lam_k = w_k - w_j`` even when ``w_j`` is 1e-10 of the largest weight.  None if a weight is
    too small to be told from 0 (below ``10 * _DUAL_TOL``, the weights normalised to largest 1),
    if HiGHS fails, or if its dual is not feasible to within ``_DUAL_TOL``.
    """
    rows = weights > 0
    if (weights[rows] < 10 * _DUAL_TOL).any():
        return None
    D, w, m = incidence[rows][:, free], weights[rows], margins[rows]
    K, nf = D.shape
    try:
        result = linprog(
            np.r_[np.zeros(nf), w],
            A_ub=np.c_[-D, -np.eye(K)],
            b_ub=-(1.0 + m),
            bounds=[(None, None)] * nf + [(0.0, None)] * K,
            method="highs-ds",
            options={
                "dual_feasibility_tolerance": 1e-10,
                "primal_feasibility_tolerance": 1e-10,
                "presolve": False,
            },
        )  # presolve may drop a tiny weight's row
    except (ValueError, ArithmeticError):  # pragma: no cover - HiGHS is robust on these sizes
        return None
    if result.status != 0:
        return None
    lam = np.zeros_like(weights)
    lam[rows] = -np.asarray(result.ineqlin.marginals, dtype=float)
    if (
        (lam < -_DUAL_TOL).any()
        or (lam > weights + _DUAL_TOL).any()
        or np.abs(incidence[:, free].T @ lam).max(initial=0.0) > _DUAL_TOL
    ):
        return None
    return lam


def _optimal_face(
    phi: str, lam: np.ndarray | None, gaps: np.ndarray, weights: np.ndarray, big: float
):
    """Box constraints ``lower <= gaps <= upper`` describing every minimiser of a hinge risk.

    Hinge: by complementary slackness with a dual optimum ``lam`` of ``s >= 1 - gaps``
    (``0 <= lam_k <= w_k``; any dual optimum serves, a vertex as well), a score vector is a
    minimiser exactly when its margin is at least 1 wherever ``lam_k < w_k`` and at most 1
    wherever ``lam_k > 0``; "<" and ">" are judged to within ``_DUAL_TOL``.  Squared hinge
    (``lam`` unused): every minimiser keeps the margins of the terms active at one
    minimiser and leaves the other margins at least 1 (see
    rankviz.counterexamples._certify_squared_hinge).  ``big`` stands for no bound; padding rows
    (weight 0) get none.
    """
    idle = weights == 0
    if phi == "hinge":
        lower = np.where(lam < weights - _DUAL_TOL, 1.0, -big)
        upper = np.where(lam > _DUAL_TOL, 1.0, big)
    else:
        active = (1.0 - gaps > 1e-7) & ~idle
        lower = np.where(active, gaps, 1.0)
        upper = np.where(active, gaps, big)
    return np.where(idle, -big, lower), np.where(idle, big, upper)


def _least_norm_on_face(point, incidence, margins, lower, upper, free):
    """The smallest point of ``{a : lower <= incidence @ a - margins <= upper}``, refined.

    An interior-point solver returns it to about the square root of its tolerance (a
    score whose optimal value is 0 may come out as 1e-5).  The constraints nearly tight
    at ``point`` are taken as equalities and the least-norm solution of that linear
    system replaces ``point`` when it is feasible and satisfies the optimality
    conditions: it is then a combination of the tight rows with the right signs
    (non-negative on lower bounds, non-positive on upper ones; scipy's NNLS finds the
    coefficients).  Returns ``(candidate, True)``, or ``(point, False)`` if no tolerance
    gives such a point.
    """
    gaps = incidence @ point - margins
    for tol in (1e-9, 1e-7, 1e-5):
        at_lower, at_upper = np.abs(gaps - lower) <= tol, np.abs(gaps - upper) <= tol
        rows = np.r_[np.flatnonzero(at_lower), np.flatnonzero(at_upper)]
        rhs = np.r_[lower[at_lower], upper[at_upper]] + margins[rows]
        system = incidence[rows][:, free]
        candidate = np.zeros_like(point)  # with no tight row: the origin, smallest of all
        if rows.size and free.any():
            candidate[free] = np.linalg.lstsq(system, rhs, rcond=None)[0]
        new_gaps = incidence @ candidate - margins
        if (
            (rows.size and np.abs(system @ candidate[free] - rhs).max() > 1e-9)
            or (new_gaps < lower - 1e-9).any()
            or (new_gaps > upper + 1e-9).any()
        ):
            continue  # the guessed equalities are inconsistent or cut the set
        if not rows.size or not free.any():
            return candidate, True
        signed = np.r_[incidence[at_lower][:, free], -incidence[at_upper][:, free]]
        residual = nnls(signed.T, candidate[free])[1]
        if residual <= 1e-9 * (1.0 + np.linalg.norm(candidate)):
            return candidate, True
    return point, False


def _polish(alpha: np.ndarray, terms, phi: str, free: np.ndarray) -> np.ndarray:
    """A few safeguarded Newton steps on the exact gradient (differentiable losses only).

    Interior-point solvers return scores accurate to about 1e-5 on flat risks; the polish
    brings them to about 1e-10 and never increases the risk.
    """
    src, dst, w, m = (np.asarray(x) for x in terms)
    src, dst, w, m = src.astype(int), dst.astype(int), w.astype(float), m.astype(float)
    first, second = _PHI_DERIVATIVES[phi]
    incidence = np.zeros((src.size, alpha.size))
    incidence[np.arange(src.size), src] = 1.0
    incidence[np.arange(src.size), dst] -= 1.0
    incidence = incidence[:, free]
    current = _risk(alpha, terms, phi)
    for _ in range(6):
        gaps = alpha[src] - alpha[dst] - m
        gradient = incidence.T @ (w * first(gaps))
        if np.abs(gradient).max() <= 1e-13:
            break
        hessian = incidence.T @ ((w * second(gaps))[:, None] * incidence)
        step = np.linalg.lstsq(hessian, -gradient, rcond=None)[0]
        for size in (1.0, 0.5, 0.25, 0.125):
            trial = alpha.copy()
            trial[free] += size * step
            value = _risk(trial, terms, phi)
            if value <= current:
                alpha, current = trial, value
                break
        else:
            break
    return alpha


def _minimize(terms, n: int, phi: str) -> tuple[np.ndarray, float, str, str]:
    """Minimise the terms: ``(alpha, value, status, solver)``, or raise SolverError."""
    src, dst, w, m = terms
    pinned = np.zeros(n)
    for component in _components(n, src, dst):
        pinned[component[0]] = 1.0
    if not src:
        return np.zeros(n), 0.0, "optimal", "none"
    if phi in _NEVER_ZERO:
        free = _unattained(n, src, dst)
        if free is not None:
            raise ValueError(
                f"the {phi} surrogate risk has no minimiser here: every term linking items "
                f"{free} to the others prefers them on top, so raising their scores lowers "
                f"the risk forever (its infimum is not attained); a minimiser needs, within "
                f"each connected group of items, a path of preferences between any two items "
                f"in both directions (or use phi='hinge' or 'squared_hinge')"
            )
    weights, margins = np.asarray(w, float), np.asarray(m, float)
    if phi == "exponential":  # exp(-(d - m)) = exp(m) exp(-d): fold the margins into the weights
        weights, margins = weights * np.exp(margins - margins.max()), np.zeros_like(margins)
    weights = weights / weights.max()  # the minimiser does not depend on the scale
    # one problem per (loss, n, size bucket): the sizes are multiples of n(n - 1)
    per_graph = n * (n - 1)
    size = per_graph * -(-len(src) // per_graph)
    problem, smallest, alpha, parameters = _template(phi, n, size)
    incidence = np.zeros((size, n))
    incidence[np.arange(len(src)), src] = 1.0
    incidence[np.arange(len(src)), dst] -= 1.0
    parameters["incidence"].value = incidence
    parameters["weights"].value = np.r_[weights, np.zeros(size - len(src))]
    parameters["margins"].value = np.r_[margins, np.zeros(size - len(src))]
    parameters["pinned"].value = pinned
    parameters["lower"].value = parameters["upper"].value = np.zeros(size)
    statuses = []
    for solver, options in _SOLVERS:
        fallback = ""
        try:
            status = solve_quietly(
                problem, solver, f"the {phi} surrogate risk", verbose=False, **options
            )
            if smallest is not None and status in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE):
                # an unbounded optimal set (risk 0 reached by spreading scores) often
                # leaves the first solve "inaccurate"; the second one is well posed
                first = np.array(alpha.value, dtype=float)
                all_margins = parameters["margins"].value
                all_weights = parameters["weights"].value
                big = 10.0 * n * (1.0 + float(np.abs(all_margins).max()))
                lam = None
                if phi == "hinge":
                    lam = _hinge_dual(incidence, all_margins, all_weights, pinned == 0)
                certified = False
                if lam is not None or phi == "squared_hinge":
                    lower, upper = _optimal_face(
                        phi, lam, incidence @ first - all_margins, all_weights, big
                    )
                    parameters["lower"].value, parameters["upper"].value = lower, upper
                    smallest_status = solve_quietly(
                        smallest,
                        solver,
                        f"the smallest {phi} minimiser",
                        require_optimal=False,
                        verbose=False,
                        **options,
                    )
                    if smallest_status in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE):
                        point, certified = _least_norm_on_face(
                            np.array(alpha.value, dtype=float),
                            incidence,
                            all_margins,
                            lower,
                            upper,
                            pinned == 0,
                        )
                        # and a minimiser (up to the first solve's accuracy): a guard
                        tolerance = 1e-9 * (1 + abs(problem.value))
                        certified = certified and (
                            _risk(point, (src, dst, weights, margins), phi)
                            <= _risk(first, (src, dst, weights, margins), phi) + tolerance
                        )
                if certified:
                    alpha.value, status = point, cp.OPTIMAL
                else:  # the first solver's minimiser, said so in the status
                    alpha.value, fallback = first, _NOT_SMALLEST
        except SolverError as exc:
            statuses.append(f"{solver}: {exc}")
            continue
        statuses.append(f"{solver}: {status}")
        if status in (cp.OPTIMAL, cp.OPTIMAL_INACCURATE) and alpha.value is not None:
            scores = np.array(alpha.value, dtype=float)
            scores[pinned > 0] = 0.0
            with np.errstate(over="ignore"):
                if phi in _PHI_DERIVATIVES and np.isfinite(scores).all():
                    scores = _polish(scores, (src, dst, weights, margins), phi, pinned == 0)
                scores += 0.0  # no negative zeros in printed output
                value = _risk(scores, terms, phi)
            if np.isfinite(value) and np.isfinite(scores).all():
                return scores, value, status + fallback, solver
            statuses[-1] += " (scores out of range)"
    raise SolverError(f"the {phi} surrogate could not be minimised: {'; '.join(statuses)}")
