"""Checkers for the exercises of chapter 07 (inconsistency of pairwise surrogates in low noise).

Each checker rebuilds the chapter's instance and tests the property the exercise asks for with
rankviz: a lower bound is checked to be valid and tight, a claimed counterexample is minimised
and certified (:func:`rankviz.counterexamples.certify_counterexample`), a claimed distribution is
screened with Definition 4.
"""

from __future__ import annotations

import math
from fractions import Fraction

import networkx as nx
import numpy as np

from rankviz._graphs import digraph_from_weights
from rankviz._solvers import SolverError
from rankviz.consistency import (
    LowNoiseCounterexample,
    check_preference_distribution,
    difference_graph,
    is_low_noise,
    low_noise_violations,
    mean_adjacency,
    violated_edges,
)
from rankviz.counterexamples import certify_counterexample
from rankviz.disagreement import bayes_orders
from rankviz.exercises._registry import (
    Malformed,
    exercise,
    read_matrix,
    read_number,
    read_numbers,
    right,
    wrong,
)
from rankviz.permutations import format_order
from rankviz.surrogates import (
    SURROGATES,
    aggregated_surrogate_risk,
    graph_surrogate_minimizer,
    graph_surrogate_risk,
)

__all__ = []  # the checkers are reached through rankviz.exercises.check

# the chapter's running example (section 1): two DAGs of probability 1/2
_DAG_1 = [[0, 1, 10], [0, 0, 4], [0, 0, 0]]
_DAG_2 = [[0, 0, 0], [0, 0, 0], [4, 0, 0]]
_RUNNING = [(0.5, _DAG_1), (0.5, _DAG_2)]
_TOL = 5e-3  # hand computation


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, abs_tol=_TOL)


def _phi(phi: str, t: float) -> float:
    """The loss phi(t), read off the risk of a single edge 0 -> 1 of weight 1 at scores (t, 0)."""
    return float(graph_surrogate_risk([t, 0.0], [(1.0, [[0, 1], [0, 0]])], phi))


def _read_distribution(answer: object, n_items: int, what: str = "your answer") -> list:
    """``answer`` as a distribution over preference DAGs on ``n_items`` items."""
    if not isinstance(answer, (list, tuple)) or not answer:
        raise Malformed(
            f"{what} should be a non-empty list of (probability, adjacency matrix) "
            f"pairs, got {type(answer).__name__}."
        )
    if len(answer) > 20:
        raise Malformed(f"{what} has {len(answer)} graphs; two or three are enough.")
    pairs = []
    for k, entry in enumerate(answer):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise Malformed(
                f"entry {k} of {what} should be a pair (probability, {n_items} x {n_items} matrix)."
            )
        p = read_number(entry[0], f"the probability of graph {k}", lo=0.0, hi=1.0)
        Y = read_matrix(entry[1], f"graph {k}", shape=(n_items, n_items))
        if np.any(Y < 0) or np.any(Y > 1e6):
            raise Malformed(f"graph {k} should have weights between 0 and 10^6.")
        pairs.append((p, Y))
    try:
        check_preference_distribution(pairs, "your distribution")
    except (TypeError, ValueError) as problem:
        raise Malformed(f"{problem}.") from None
    return pairs


# ---- 07.1 · the hinge example by hand ------------------------------------------------------------


@exercise(
    "07.1",
    "a tuple of four multipliers (lambda_1, lambda_2, lambda_3, lambda_4), one per "
    "term of f in the order written",
)
def _hinge_multipliers(answer):
    lam = read_numbers(answer, 4, "your multipliers")
    Y = mean_adjacency(_RUNNING)
    # f(x, y) = Y01 (1 - x)_+ + Y12 (1 - y)_+ + Y02 (1 - x - y)_+ + Y20 (1 + x + y)_+
    weights = (Y[0, 1], Y[1, 2], Y[0, 2], Y[2, 0])
    slopes_x = (-1.0, 0.0, -1.0, 1.0)
    slopes_y = (0.0, -1.0, -1.0, 1.0)
    outside = [k + 1 for k, value in enumerate(lam) if not -1e-9 <= value <= 1 + 1e-9]
    if outside:
        return wrong(
            f"lambda_{outside[0]} lies outside [0, 1]: the inequality (z)_+ >= lambda z "
            "holds for every z only when 0 <= lambda <= 1, so this is no lower bound."
        )
    coef_x = sum(w * s * value for w, s, value in zip(weights, slopes_x, lam, strict=True))
    coef_y = sum(w * s * value for w, s, value in zip(weights, slopes_y, lam, strict=True))
    if not (_close(coef_x, 0.0) and _close(coef_y, 0.0)):
        which = "x" if not _close(coef_x, 0.0) else "y"
        return wrong(
            f"the lower bound still depends on {which} (coefficient "
            f"{coef_x if which == 'x' else coef_y:.3g}), so it is not a constant bound: "
            "choose the multipliers so that the coefficients of x and y vanish."
        )
    bound = sum(w * value for w, value in zip(weights, lam, strict=True))
    minimum = graph_surrogate_minimizer(_RUNNING, "hinge").value
    if bound < minimum - _TOL:
        return wrong(
            f"this proves f >= {bound:.3f}, a valid bound but below f(0, 1) = "
            f"{minimum:g}: it does not show that (0, 1) is a minimiser. Push the "
            "multipliers to the ends of [0, 1] where you can."
        )
    return right(
        f"the multipliers lie in [0, 1], cancel x and y, and give f >= {minimum:g} = "
        "f(0, 1): a dual certificate. The two multipliers strictly inside (0, 1) force "
        "their terms' kinks, y = 1 and x + y = 1, so the minimiser is unique."
    )


# ---- 07.2 · two items are safe for (12) ----------------------------------------------------------


@exercise(
    "07.2",
    'a list of the loss names the argument covers, e.g. ["logistic"], taken from '
    "'hinge', 'logistic', 'exponential', 'squared_hinge'",
)
def _covered_losses(answer):
    if isinstance(answer, str) or not isinstance(answer, (list, tuple, set, frozenset)):
        raise Malformed(f"your answer should be a list of loss names, got {type(answer).__name__}.")
    names = set()
    for item in answer:
        if not isinstance(item, str) or item.strip().lower() not in SURROGATES:
            raise Malformed(
                f"{item!r} is not one of the chapter's losses ({', '.join(SURROGATES)})."
            )
        names.add(item.strip().lower())
    step = 1e-6
    covered = set()
    for phi in SURROGATES:  # convex, differentiable at 0 with phi'(0) < 0
        left = (_phi(phi, 0.0) - _phi(phi, -step)) / step
        right_slope = (_phi(phi, step) - _phi(phi, 0.0)) / step
        if abs(left - right_slope) < 1e-3 and right_slope < 0:
            covered.add(phi)
    missing = sorted(covered - names)
    extra = sorted(names - covered)
    if not missing and not extra:
        return right(
            "all four losses are convex, differentiable at 0 and decreasing there (the "
            "hinge's kink sits at t = 1), so none of them can misorder two items in the "
            "pairwise form with h(y) = y."
        )
    if missing:
        return wrong(
            f"{missing[0]} is covered too: check where its kink (if any) lies and the "
            "sign of its slope at t = 0."
        )
    return wrong(f"{extra[0]} is not covered: it fails one of the hypotheses at t = 0.")


# ---- 07.3 · a margin counterexample by hand ------------------------------------------------------


def _six_decimals(x):
    """``x`` as the fraction with denominator <= 10^6 it stands for, or None if it is none."""
    exact = Fraction(x).limit_denominator(10**6)
    return exact if abs(float(exact) - x) <= 4 * np.spacing(abs(x)) else None


@exercise(
    "07.3",
    "a tuple (p, u, v) of numbers with at most 6 decimals: a share p of the users "
    "states '0 above 1' with weight u, the others '1 above 0' with weight v "
    "(0 < p < 1, weights between 0 and 100)",
)
def _margin_counterexample(answer):
    p, u, v = read_numbers(answer, 3, "your answer (p, u, v)")
    if not 0 < p < 1:
        raise Malformed(f"p should lie strictly between 0 and 1, got {p:g}.")
    if not (0 < u <= 100 and 0 < v <= 100):
        raise Malformed(f"the weights u and v should lie in (0, 100], got u = {u:g}, v = {v:g}.")
    # the certificate reads probabilities and weights as fractions with denominators <= 10^6, and
    # q = 1 - p must be the exact complement (the float 1 - p misses it for p near 1)
    P, U, V = (_six_decimals(x) for x in (p, u, v))
    if P is None or U is None or V is None:
        raise Malformed(
            f"use p, u, v with at most 6 decimals (the exact certificate reads them as "
            f"fractions with denominators up to 10^6), got ({p!r}, {u!r}, {v!r})."
        )
    Q = 1 - P
    if not P * U < Q * V:
        return wrong(
            f"here p u = {float(P * U):.3g} is not below q v = {float(Q * V):.3g}, so the "
            "Bayes order does not put 1 on top: the edge 1 -> 0 is missing from G_mu."
        )
    mu = [(float(P), [[0.0, float(U)], [0.0, 0.0]]), (float(Q), [[0.0, 0.0], [float(V), 0.0]])]
    solution = graph_surrogate_minimizer(mu, "hinge", "margin")
    probs, graphs = check_preference_distribution(mu)
    try:
        certificate = certify_counterexample(
            LowNoiseCounterexample(probs, graphs, solution.alpha, (1, 0), "hinge", "margin")
        )
        strict = certificate.every_minimizer and certificate.gap_range[1] < 0
    except ValueError:
        strict = False
    if not strict:
        return wrong(
            "the Bayes order puts 1 on top, but not every minimiser of the hinge margin "
            "risk puts 0 strictly above 1: recall which of p and q decides the hinge's "
            "minimiser."
        )
    return right(
        f"the Bayes order puts 1 on top (p u = {float(P * U):.3g} < q v = "
        f"{float(Q * V):.3g}) while every minimiser has x = alpha_0 - alpha_1 = "
        f"{solution.alpha[0] - solution.alpha[1]:.3g} > 0 (certified exactly): the hinge "
        "follows the more frequent preference, not the heavier one."
    )


# ---- 07.4 · acyclic but not low noise ------------------------------------------------------------


@exercise(
    "07.4",
    "a square matrix (list of rows) Y^mu with 3 to 6 items: non-negative weights, "
    "zero diagonal, Y[i][j] the mean weight of 'i above j'",
)
def _acyclic_not_low_noise(answer):
    Y = read_matrix(answer, "your mean graph")
    n = Y.shape[0]
    if Y.shape[1] != n or not 3 <= n <= 6:
        raise Malformed(f"your mean graph should be square with 3 to 6 items, got shape {Y.shape}.")
    if np.any(Y < 0) or np.any(np.diag(Y) != 0) or np.any(Y > 1e6):
        raise Malformed(
            "your mean graph should have weights between 0 and 10^6 and a zero diagonal."
        )
    D = difference_graph(Y)
    graph = digraph_from_weights(D, D > 0)
    if not nx.is_directed_acyclic_graph(graph):
        return wrong(
            "its difference graph has a cycle, so it is not acyclic: the exercise asks "
            "for an acyclic G_mu that still breaks Definition 4."
        )
    violations = low_noise_violations(Y)
    if not violations:
        return wrong(
            "this one is low noise: every path i -> j -> k of G_mu is outweighed by its "
            "direct edge. Make a direct edge lighter than a two-step path."
        )
    # one single-edge DAG per positive weight realises Y as a mean of DAGs
    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(Y > 0), strict=True)]
    mu = []
    for i, j in edges:
        G = np.zeros((n, n))
        G[i, j] = Y[i, j] * len(edges)
        mu.append((1 / len(edges), G))
    bayes = {tuple(int(v) for v in o) for o in bayes_orders(mu)}
    topological = {tuple(o) for o in nx.all_topological_sorts(graph)}
    i, j, k = violations[0]
    same = "are exactly" if bayes == topological else "are not"
    return right(
        f"G_mu is acyclic but the path {i} -> {j} -> {k} outweighs the edge {i} -> {k}; "
        f"its Bayes orders ({', '.join(format_order(o) for o in sorted(bayes))}) {same} "
        "the topological orders of G_mu, as section 2's decomposition predicts for any "
        "acyclic G_mu."
    )


# ---- 07.5 · near-minimisers of (23) --------------------------------------------------------------

# the exercise's mean graph: low noise, difference graph 0 -> 1 (2), 0 -> 2 (5), 1 -> 2 (1.5)
_AGGREGATED_Y = [[0, 3, 6], [1, 0, 1.5], [1, 0, 0]]


@exercise(
    "07.5",
    "a number: the infimum of the (23) risk with the exponential loss over the "
    "scores that misorder or tie an edge of G_mu, on the exercise's mean graph",
)
def _aggregated_floor(answer):
    value = read_number(answer, "your infimum")
    Y = np.array(_AGGREGATED_Y, dtype=float)
    D = difference_graph(Y)
    phi_zero = _phi("exponential", 0.0)
    floor = D[D > 0].min() * phi_zero  # sharp here: Y is low noise, so no path parallels the edge
    if _close(value, floor) and is_low_noise(Y):
        return right(
            f"a misordered or tied edge i -> j pays at least its weight times phi(0) = "
            f"{phi_zero:g}, the lightest edge of G_mu gives {floor:g}, and spreading the "
            "other scores apart drives every other term to 0: the gap over the infimum 0 "
            "is positive, which is what Definition 3 asks."
        )
    if _close(value, 0.0):
        return wrong(
            "0 is the infimum over all scores (approached along a topological order); "
            "scores that misorder or tie an edge cannot get that low."
        )
    if _close(value, float(aggregated_surrogate_risk(np.zeros(len(Y)), Y, "exponential"))):
        return wrong(
            "that is the risk when every item is tied; it is enough to tie or misorder "
            "one edge, and the other terms can be made as small as you like."
        )
    if any(_close(value, w * phi_zero) for w in D[D > 0]):
        return wrong(
            "that is the cost of giving up one edge of G_mu, but not the cheapest one: "
            "which edge would you tie?"
        )
    if any(_close(value, w * phi_zero) for w in Y[Y > 0]):
        return wrong(
            "that reads a raw weight of Y^mu; (23) weighs each pair by its net weight in "
            "the difference graph, [Y_ij - Y_ji]_+."
        )
    return wrong(
        "compare with the termwise bound: a misordered or tied edge i -> j contributes "
        "at least its weight in G_mu times phi(0), and the other terms are positive but "
        "can be made small."
    )


# ---- 07.6 · more items ---------------------------------------------------------------------------


@exercise(
    "07.6",
    "a list of (probability, 4 x 4 adjacency matrix) pairs: a low-noise distribution "
    "over preference DAGs on four items",
)
def _four_item_counterexample(answer):
    mu = _read_distribution(answer, 4)
    Y = mean_adjacency(mu)
    violations = low_noise_violations(Y)
    if violations:
        i, j, k = violations[0]
        return wrong(
            f"it is not low noise: the path {i} -> {j} -> {k} of G_mu outweighs the edge "
            f"{i} -> {k} (Definition 4)."
        )
    try:
        solution = graph_surrogate_minimizer(mu, "logistic")
    except ValueError:
        return wrong(
            "the logistic pairwise risk has no minimiser here: some items can be raised "
            "without end because no preference pulls them down."
        )
    except SolverError:
        return wrong("the solvers failed on this distribution; try smaller, simpler weights.")
    wrong_edges = violated_edges(solution.alpha, Y)
    if not wrong_edges:
        return wrong(
            "the logistic minimiser of (12) orders every edge of G_mu here: you need a "
            "pair weighted in both directions that pulls an item the wrong way."
        )
    probs, graphs = check_preference_distribution(mu)
    try:
        certificate = certify_counterexample(
            LowNoiseCounterexample(
                probs, graphs, solution.alpha, wrong_edges[0], "logistic", "pairwise"
            )
        )
        if not certificate.every_minimizer:
            raise ValueError("not every minimiser")
    except ValueError:
        return wrong(
            "cvxpy's minimiser gets an edge wrong, but the certificate cannot prove it "
            "for every minimiser: use weights that are simple fractions."
        )
    i, j = wrong_edges[0]
    return right(
        f"low noise on four items, and every minimiser of (12) with the logistic "
        f"loss puts {j} above {i} although {i} -> {j} is an edge of G_mu (certified at "
        "50 digits): counterexamples exist on four items, the search just rarely "
        "draws a low-noise candidate there."
    )
