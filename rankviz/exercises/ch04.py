"""Checkers for the exercises of chapter 04 (margin bounds and ranking SVMs)."""

from __future__ import annotations

import itertools
import math

import numpy as np
from scipy.optimize import linprog

from rankviz.bounds import margin_loss, ranking_margin_bound
from rankviz.exercises._registry import (
    Malformed,
    exercise,
    read_integer,
    read_matrix,
    read_number,
    read_sequence,
    right,
    wrong,
)
from rankviz.max_margin import max_margin_ranker, rank_perceptron
from rankviz.ranksvm import LinearUtilityModel, rank_svm

__all__ = []  # the checkers are reached through rankviz.exercises.check

# ---- 04.1 · exercise 10.1: the grid point and the doubling ---------------------------------------

_RHO_UNIFORM = 0.3
_SOME_MARGINS = np.linspace(-0.4, 1.2, 33)  # any margins: the complexity term does not see them


@exercise(
    "04.1",
    "a tuple (k, factor): the index k of the grid point ρ_k = 2^-k the proof uses "
    "for ρ = 0.3, then how many times the complexity term of (10.5) at the same ρ "
    "the uniform bound's complexity term is, as the bound states it for every ρ",
)
def _uniform_over_rho(answer):
    k, factor = read_sequence(answer, 2, "your answer")
    k = read_integer(k, "the grid index k (first entry)", lo=1, hi=1000)
    factor = read_number(factor, "the factor (second entry)")
    if not 2.0**-k < _RHO_UNIFORM <= 2.0 ** (1 - k):
        side = "above" if 2.0**-k >= _RHO_UNIFORM else "more than a factor 2 below"
        return wrong(
            f"ρ_{k} = {2.0**-k:g} is {side} ρ = 0.3; the proof rounds ρ down to the "
            "grid point just below it, so that ρ_k < ρ ≤ 2ρ_k."
        )

    def complexity(rho, **uniform):
        return ranking_margin_bound(
            _SOME_MARGINS, rho, 0.05, Lambda=1.0, r=1.0, **uniform
        ).complexity

    fixed = complexity(_RHO_UNIFORM)
    ratio = complexity(_RHO_UNIFORM, uniform=True) / fixed
    at_grid_point = complexity(2.0**-k) / fixed  # the proof's own term at rho = 0.3: rho / rho_k
    if math.isclose(factor, at_grid_point, abs_tol=5e-3) and not math.isclose(
        factor, ratio, abs_tol=5e-3
    ):
        return wrong(
            f"{at_grid_point:g} is the ratio of the proof's own term at ρ = 0.3 to "
            f"(10.5)'s, (2/ρ_{k})/(2/ρ); the bound is stated for every ρ with one "
            "complexity term, which must cover every ρ in (ρ_k, 2ρ_k]: how large can "
            "2/ρ_k be there?"
        )
    if not math.isclose(factor, ratio, abs_tol=5e-3):
        return wrong(
            "the factor is off: the proof applies (10.5) at ρ_k, so its complexity term "
            "is (2/ρ_k)(R1 + R2); the bound states one term for every ρ, so how large "
            "can 2/ρ_k be, given ρ_k < ρ ≤ 2ρ_k?"
        )
    return right(
        f"ρ_{k} = {2.0**-k:g} < 0.3 ≤ {2.0 ** (1 - k):g}, and 2/ρ_k ≤ 4/ρ with equality "
        "at ρ = 2ρ_k: stating one bound for every ρ ∈ (0, 1] costs a factor 2 in the "
        f"complexity term (at ρ = 0.3 the proof itself needs only {at_grid_point:g})."
    )


# ---- 04.2 · (10.7) by hand -----------------------------------------------------------------------

# 5 % of the 400 margins are <= 0, 10 % lie in (0, 0.25) with mean 0.1, the rest above 0.25
_PROFILE = np.r_[np.full(20, -0.1), np.full(40, 0.1), np.full(340, 1.0)]
_BY_HAND = {"rho": 0.25, "delta": 0.01, "Lambda": 2.0, "r": 0.5}


def _by_hand_bound(*, delta=None, r=None):
    return ranking_margin_bound(
        _PROFILE,
        _BY_HAND["rho"],
        delta or _BY_HAND["delta"],
        Lambda=_BY_HAND["Lambda"],
        r=r or _BY_HAND["r"],
    )


@exercise("04.2", "one number: the value of (10.7), all three terms added")
def _margin_bound_by_hand(answer):
    given = read_number(answer, "your answer")
    bound = _by_hand_bound()
    if math.isclose(given, bound.total, abs_tol=5e-3):
        return right(
            f"{bound.margin_loss:.2f} margin loss + {bound.complexity:.2f} complexity + "
            f"{bound.confidence:.4f} confidence ≈ {bound.total:.3f}: nearly vacuous, "
            "because Λr/ρ = 4 is large next to √m = 20."
        )
    share_loss = margin_loss(_PROFILE, _BY_HAND["rho"], kind="indicator")
    slips = [
        (
            bound.total - bound.margin_loss + share_loss,
            "the margin loss is off: a margin in (0, ρ) costs 1 − u/ρ, not 1.",
        ),
        (
            _by_hand_bound(delta=_BY_HAND["delta"] / 2).total,
            "the confidence term of (10.7) has log(1/δ), not log(2/δ).",
        ),
        (
            _by_hand_bound(r=_BY_HAND["r"] ** 2).total,
            "the complexity term is off: r is the radius of the data, ‖x‖ ≤ 0.5, not its square.",
        ),
    ]
    for value, message in slips:
        if math.isclose(given, value, abs_tol=5e-3):
            return wrong(message)
    return wrong(
        "the total is off: recompute the three terms one at a time, the margin loss "
        "(10.3), 4Λr/(ρ√m) and √(log(1/δ)/(2m))."
    )


# ---- 04.3 · only the ratio counts ----------------------------------------------------------------

_SCALE = 7.0
_RATIO_RHO = 0.3


@exercise(
    "04.3",
    "a tuple (rho, Lambda): the margin scale and the norm bound at which (10.7) for "
    "the scores 7h gives, term by term, what it gives for h at ρ = 0.3, Λ = 1",
)
def _only_the_ratio(answer):
    rho, lam = read_sequence(answer, 2, "your answer")
    rho = read_number(rho, "rho (first entry)", hi=1e6)
    lam = read_number(lam, "Lambda (second entry)", hi=1e6)
    if rho <= 0 or lam <= 0:
        raise Malformed("rho and Lambda should both be positive.")
    original = ranking_margin_bound(_SOME_MARGINS, _RATIO_RHO, 0.05, Lambda=1.0, r=1.0)
    scaled = ranking_margin_bound(_SCALE * _SOME_MARGINS, rho, 0.05, Lambda=lam, r=1.0)
    if not math.isclose(scaled.margin_loss, original.margin_loss, abs_tol=1e-3):
        return wrong(
            "the margin loss changes: the margins of 7h are 7 times those of h, so "
            "Φ_ρ must be read at a scale that moves with them."
        )
    if not math.isclose(scaled.complexity, original.complexity, abs_tol=1e-3):
        return wrong(
            "the margin loss matches, but the complexity term 4Λr/(ρ√m) changes: "
            "what must Λ do when ρ is multiplied by 7?"
        )
    return right(
        "(ρ, Λ) = (2.1, 7): Φ_{7ρ}(7u) = Φ_ρ(u) and 4(7Λ)r/(7ρ√m) = 4Λr/(ρ√m), so "
        "every term is unchanged, as it must be for a scorer that ranks exactly like h."
    )


# ---- 04.4 · exercise 10.5: an instance where Novikoff's bound is attained ----------------------

_MAX_PAIRS = 20


@exercise(
    "04.4",
    "a table with one row per pair (at least three rows, at most 20, at most 20 "
    "columns): the difference vectors z_i = x'_i − x_i of pairs that each prefer "
    "x'_i, on which the rank perceptron makes exactly (R/ρ*)² updates",
)
def _novikoff_attained(answer):
    Z = read_matrix(answer, "your answer")
    n_pairs, d = Z.shape
    if not 3 <= n_pairs <= _MAX_PAIRS or d > _MAX_PAIRS:
        raise Malformed(
            f"your answer should have 3 to {_MAX_PAIRS} rows and at most "
            f"{_MAX_PAIRS} columns, got shape {Z.shape}."
        )
    norms = np.linalg.norm(Z, axis=1)
    if norms.min() < 1e-3 or np.abs(Z).max() > 1e3:
        raise Malformed(
            "each difference vector should have a norm between 0.001 and 1000 (a "
            "zero row is a tied pair)."
        )
    X = np.vstack([np.zeros_like(Z), Z])  # pair i: x_i = 0, x'_i = z_i, x'_i preferred
    pairs = np.column_stack([np.arange(n_pairs), np.arange(n_pairs, 2 * n_pairs)])
    labels = np.ones(n_pairs, dtype=int)
    # a pair tied in exact arithmetic may score ~1e-17 in floating point (orthogonal rows with
    # inexact binary coordinates): count rounding-level scores as ties, as exact arithmetic would
    run = rank_perceptron(X, pairs, labels, max_epochs=10_000, tol=1e-9)
    best = max_margin_ranker(X, pairs, labels, norm="l2")
    if not run.converged or best.margin <= 1e-6:
        return wrong(
            "no linear score orders all these pairs strictly (or only with a tiny "
            "margin): Novikoff's bound needs a unit u with u·z_i ≥ ρ > 0 for every pair."
        )
    bound = run.mistake_bound(best.margin)
    if run.n_updates < bound * (1 - 1e-4):
        return wrong(
            f"the perceptron makes {run.n_updates} updates against the bound "
            f"(R/ρ*)² = {bound:.2f}: the bound holds but is not attained; each update "
            "must add exactly R² to ‖w‖² and only ρ* to u·w."
        )
    return right(
        f"{run.n_updates} updates = (R/ρ*)² = {bound:.2f}: every step of the proof is "
        "an equality (w·z = 0 at each update, ‖z‖ = R, u·z = ρ*), so Novikoff's "
        "constant cannot be improved."
    )


# ---- 04.5 · exercise 10.6: the soft-margin LP and its constant ----------------------------------


def _soft_lp_bounded(Z: np.ndarray, C: float) -> bool:
    """Whether max rho - C sum(xi) s.t. Z (w+ - w-) >= rho - xi, sum(w+ + w-) <= 1 is bounded."""
    m, d = Z.shape
    cost = np.r_[np.zeros(2 * d), -1.0, np.full(m, C)]
    margin_rows = np.hstack([-Z, Z, np.ones((m, 1)), -np.eye(m)])
    budget = np.r_[np.ones(2 * d), 0.0, np.zeros(m)]
    result = linprog(
        cost,
        A_ub=np.vstack([margin_rows, budget]),
        b_ub=np.r_[np.zeros(m), 1.0],
        bounds=[(0, None)] * (2 * d) + [(None, None)] + [(0, None)] * m,
        method="highs",
    )
    return result.status == 0  # the LP is feasible (w = 0), so anything else is unbounded


def _noisy_differences(m: int) -> np.ndarray:
    X, pairs, labels = LinearUtilityModel(d=2, noise=0.1).sample(m, rng=0)
    return labels[:, None] * (X[pairs[:, 1]] - X[pairs[:, 0]])


_LP_PAIRS = 40


@exercise(
    "04.5",
    "one number: the smallest constant C for which the soft-margin LP on m = 40 "
    "noisy pairs has a finite optimum (within 1 %)",
)
def _soft_margin_constant(answer):
    C = read_number(answer, "your answer", hi=1e6)
    if C <= 0:
        return wrong(
            "with C ≤ 0 the slacks are free, so ρ can grow without limit: the LP is "
            "unbounded. Ask what raising ρ and every ξ_i by t does to the objective."
        )
    Z = _noisy_differences(_LP_PAIRS)
    if not _soft_lp_bounded(Z, C):
        return wrong(
            f"at C = {C:g} the LP is unbounded: raising ρ and every ξ_i by t keeps "
            "every constraint and changes the objective by t(1 − Cm)."
        )
    if _soft_lp_bounded(Z, 0.99 * C):
        return wrong(
            f"at C = {C:g} the LP is bounded, but so it is at a C 1 % smaller: the "
            "exercise asks for the threshold itself."
        )
    return right(
        f"C = 1/m = {1 / _LP_PAIRS:g}: below it the direction (ρ, ξ) + t(1, …, 1) "
        "raises the objective by t(1 − Cm) > 0 for ever; writing C = 1/(νm) gives the "
        "ν-form, whose objective averages the smallest ν-share of the margins."
    )


# ---- 04.6 · the factor 2 in the proof of Theorem 10.1 -------------------------------------------

_FIRST_POINTS = np.array([[0.5, 0.1], [-0.2, 0.7], [0.3, -0.6], [-0.4, -0.3]])


def _exact_rademacher_linear(points: np.ndarray) -> float:
    """E_sigma ||sum_i sigma_i x_i|| / m over all 2^m sign vectors (Lambda = 1)."""
    signs = np.array(list(itertools.product((-1.0, 1.0), repeat=points.shape[0])))
    return float(np.linalg.norm(signs @ points, axis=1).mean() / points.shape[0])


@exercise(
    "04.6",
    "a 4 × 2 table: second points x'_1, ..., x'_4 (one row each) for the first "
    "points S1 given in the exercise, on which the pair class costs exactly "
    "R_S1(H) + R_S2(H) = 2 R_S1(H)",
)
def _factor_two(answer):
    S2 = read_matrix(answer, "your answer", shape=_FIRST_POINTS.shape)
    if np.abs(S2).max() > 1e6:
        raise Malformed("your points should have coordinates below 10^6 in absolute value.")
    r1, r2 = _exact_rademacher_linear(_FIRST_POINTS), _exact_rademacher_linear(S2)
    pair = _exact_rademacher_linear(S2 - _FIRST_POINTS)  # labels +1: the pairs (x_i, x'_i)
    if not math.isclose(pair, r1 + r2, rel_tol=1e-6, abs_tol=1e-9):
        return wrong(
            f"the pair class costs {pair:.4f} < R_S1 + R_S2 = {r1 + r2:.4f}: the step "
            "sup(a + b) ≤ sup a + sup b is strict unless, for every sign vector, the "
            "best w for S2 is also the best for −S1."
        )
    if not math.isclose(pair, 2 * r1, rel_tol=1e-6):
        return wrong(
            f"the step is an equality, but the pair class costs {pair / r1:.3f} times "
            "R_S1, not 2: the two halves must cost the same."
        )
    return right(
        "with x'_i = −x_i the difference is −2x_i, the two suprema are attained by the "
        "same w for every sign vector, and the factor 2 is exact; independent centred "
        "points cost only about √2."
    )


# ---- 04.7 · exercise 10.2: the on-line objective -------------------------------------------------

_ONLINE_PAIRS, _ONLINE_C = 300, 1.0


@exercise(
    "04.7",
    "a tuple (lambda, radius): λ of F for C = 1 and m = 300 pairs, then the radius "
    "√(2/λ) of the ball that F(w*) ≤ F(0) puts the minimizer in",
)
def _online_objective(answer):
    lam, radius = read_sequence(answer, 2, "your answer")
    lam = read_number(lam, "lambda (first entry)", lo=0, hi=1e6)
    radius = read_number(radius, "the radius (second entry)", lo=0, hi=1e12)
    scale = _ONLINE_C * _ONLINE_PAIRS  # dividing (10.9) by C m gives F
    if not math.isclose(lam * scale, 1.0, rel_tol=5e-3):
        return wrong(
            "λ is off: divide the objective ½‖w‖² + C Σ ξ_i of (10.9) by the constant "
            "that turns the sum of hinges into their average, and read off λ."
        )
    X, pairs, labels = LinearUtilityModel(d=2, noise=0.1).sample(1000, rng=0)
    svm = rank_svm(
        X[: 2 * _ONLINE_PAIRS],
        pairs[:_ONLINE_PAIRS],
        labels[:_ONLINE_PAIRS],
        C=_ONLINE_C,
        method="liblinear",
    )
    if radius < svm.norm:
        return wrong(
            f"the minimizer has ‖w*‖ = {svm.norm:.2f}, outside your ball: compare "
            "F(w*) with F(0) and drop the hinge terms, which are non-negative."
        )
    if math.isclose(radius, math.sqrt(scale), rel_tol=5e-3):
        return wrong(
            "that is the sharper radius 1/√λ of the harder part (the dual argument); "
            "the exercise asks for the ball that F(w*) ≤ F(0) = 1 gives."
        )
    if not math.isclose(radius, math.sqrt(2 * scale), rel_tol=5e-3):
        return wrong(
            "the radius is off: F(0) = 1 and the hinges are non-negative, so "
            "(λ/2)‖w*‖² ≤ 1; solve for ‖w*‖."
        )
    return right(
        f"λ = 1/(Cm) = 1/{scale:g} and ‖w*‖ ≤ √(2/λ) ≈ {radius:.2f}; the trained "
        f"minimizer has ‖w*‖ = {svm.norm:.2f}, well inside, and the dual argument "
        f"tightens the ball to 1/√λ ≈ {math.sqrt(scale):.2f}."
    )
