"""Checkers for the exercises of chapter 03 (RankBoost).

Each checker recomputes what it compares with from rankviz on the exercise's data (RankBoost
runs, stump tables, exact shares of additive scores); none holds a typed-in answer.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.optimize import linprog

from rankviz.additive import additive_xor_share
from rankviz.exercises._registry import (
    exercise,
    read_number,
    read_numbers,
    read_sequence,
    read_vector,
    right,
    wrong,
)
from rankviz.rankboost import bipartite_rankboost, rankboost
from rankviz.stumps import Stump, stump_candidates, stump_values

__all__ = []  # the checkers are reached through rankviz.exercises.check

HAND_TOL = 5e-3  # absolute tolerance for a value computed by hand

# ---- the chapter's worked example (notebook §1): 8 points, 14 pairs ------------------------------

_X = np.array(
    [[1.5, 0.8], [0.4, 2.6], [1.8, 4.0], [3.4, 3.3], [0.2, 2.2], [2.4, 0.2], [1.9, 1.3], [0.9, 3.2]]
)
_PAIRS = np.array(
    [
        [2, 3],
        [4, 0],
        [7, 4],
        [0, 2],
        [3, 7],
        [6, 3],
        [5, 2],
        [6, 4],
        [6, 0],
        [6, 5],
        [1, 0],
        [4, 5],
        [0, 3],
        [5, 3],
    ]
)
_LABELS = np.array([0, -1, -1, 1, -1, 1, 1, 1, -1, 1, -1, -1, 1, -1])

# ---- 03.1 · the margin-loss bound after one round ------------------------------------------------

_RHO = 0.25


@exercise(
    "03.1",
    "a number: the bound exp(rho alpha_1) Z_1 after round 1 of the chapter's example, at rho = 1/4",
)
def _margin_bound_round_1(answer):
    given = read_number(answer, "your answer", lo=0)
    model = rankboost(_X, _PAIRS, _LABELS, 1)
    alpha_1, Z_1 = float(model.alphas[0]), float(model.history.Z[0])
    truth = math.exp(_RHO * alpha_1) * Z_1
    if math.isclose(given, truth, abs_tol=HAND_TOL):
        return right(
            f"the margin costs the factor e^(rho alpha_1) = 8^(1/8) on top of Z_1 = "
            f"(4 + 2 sqrt 8)/13, so at most {truth:.3f} of the pairs have normalized "
            "margin <= 1/4 after one round; the bound stays below 1 only while rho is "
            "small compared with the edges."
        )
    if math.isclose(given, Z_1, abs_tol=HAND_TOL):
        return wrong(
            "that is Z_1 alone, the bound at rho = 0: asking for a margin rho costs the "
            "extra factor e^(rho alpha_1), from 1[u <= rho ||alpha||_1] <= "
            "e^(rho ||alpha||_1 - u)."
        )
    if math.isclose(given, math.exp(-_RHO * alpha_1) * Z_1, abs_tol=HAND_TOL):
        return wrong(
            "the factor has the wrong sign in its exponent: a margin rho > 0 makes the "
            "bound larger, not smaller, than Z_1."
        )
    return wrong(
        "the bound is e^(rho alpha_1) Z_1, with alpha_1 = 1/2 log(eps+/eps-) and "
        "Z_1 = eps0 + 2 sqrt(eps+ eps-) from round 1's table (8, 1 and 4 of the 13 "
        "labelled pairs)."
    )


# ---- 03.2 · a larger margin than RankBoost's (exercise 10.4) -------------------------------------

_X10 = np.array(
    [
        [0, 0, 1, 0, 0],
        [0, 1, 0, 0, 1],
        [1, 0, 0, 0, 1],
        [0, 0, 1, 1, 0],
        [0, 1, 1, 0, 1],
        [0, 0, 0, 1, 0],
        [0, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
        [0, 1, 1, 0, 1],
        [1, 0, 0, 0, 0],
    ],
    dtype=float,
)
_PAIRS10 = np.array([[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]])
_CYCLE = 12  # RankBoost's stumps and steps repeat with this period on the ten points
_NOISE = 1e-9  # float noise in a margin computed from weights


def _outcomes(stumps: list[Stump]) -> np.ndarray:
    values = stump_values(_X10, stumps)
    return values[_PAIRS10[:, 1]] - values[_PAIRS10[:, 0]]  # every pair is labelled +1


def _rankboost_limit_margin() -> float:
    """The smallest normalized margin RankBoost tends to: the margins of one 12-round cycle."""
    run = rankboost(_X10, _PAIRS10, np.ones(len(_PAIRS10), dtype=int), 50 * _CYCLE)
    alphas = run.alphas[-_CYCLE:]
    return float((_outcomes(list(run.rankers[-_CYCLE:])) @ alphas / alphas.sum()).min())


def _largest_margin(outcomes: np.ndarray) -> float:
    """max rho s.t. outcomes @ w >= rho, w >= 0, sum w = 1 (a linear program)."""
    n = outcomes.shape[1]
    pairs = len(outcomes)
    program = linprog(
        np.r_[np.zeros(n), -1.0],
        A_ub=np.column_stack([-outcomes, np.ones(pairs)]),
        b_ub=np.zeros(pairs),
        A_eq=np.r_[np.ones(n), 0.0][None, :],
        b_eq=[1.0],
        bounds=[(0, None)] * n + [(None, None)],
    )
    return float(-program.fun)


@exercise(
    "03.2",
    "a list of 10 non-negative weights, one per stump of stump_candidates(X10) in "
    "its order (1[x0 > 0.5], 1[x0 <= 0.5], 1[x1 > 0.5], ...)",
)
def _larger_margin(answer):
    weights = read_vector(answer, "your weights", length=10)
    if np.any(weights < 0):
        return wrong(
            "a weight is negative; RankBoost's combinations have non-negative weights "
            "(use the complementary stump 1[x_k <= 0.5] instead of a negative "
            "1[x_k > 0.5])."
        )
    total = weights.sum()
    if total <= 0:
        return wrong(
            "all weights are zero: that is no combination, and its margins are not defined."
        )
    stumps = stump_candidates(_X10)
    margins = _outcomes(stumps) @ weights / total
    smallest = float(margins.min())
    limit = _rankboost_limit_margin()
    # RankBoost's margins tend to the cycle's from below and never reach it (the largest over
    # rounds 1-3000 is 0.229595 < 0.229687), so any margin above the limit beats RankBoost:
    # the tolerance only absorbs float noise, never a margin RankBoost gets.
    digits = 4 if abs(smallest - limit) >= 1e-4 else 7  # enough to show the two differ
    if smallest <= limit + _NOISE:
        worst = int(np.argmin(margins))
        return wrong(
            f"your combination's smallest normalized margin is {smallest:.{digits}f} "
            f"(pair {worst}), not above RankBoost's {limit:.{digits}f}; look for stumps "
            "that order the pairs RankBoost's cycle leaves with the smallest margins, and "
            "balance them."
        )
    best = _largest_margin(_outcomes(stumps))
    if smallest >= best - _NOISE:
        return right(
            f"your smallest normalized margin is {smallest:.4f} = {best:g}, the largest "
            "any non-negative stump combination reaches (a linear program), while "
            f"RankBoost's tends to {limit:.4f}: it does not maximize the margin."
        )
    return right(
        f"your smallest normalized margin is {smallest:.{digits}f}, above RankBoost's "
        f"limit {limit:.{digits}f}: RankBoost does not maximize the margin (the largest "
        f"possible, by a linear program, is {best:g})."
    )


# ---- 03.3 · one round by hand --------------------------------------------------------------------

_P3 = np.array([[2.0], [3.0], [0.5]])
_N3 = np.array([[1.0], [2.5], [0.0]])


@exercise(
    "03.3",
    "a tuple (thresholds, step): the thresholds theta of the stumps 1[x > theta] "
    "that share the largest edge, and the step alpha_1 bipartite_rankboost takes",
)
def _one_round(answer):
    thresholds, step = read_sequence(answer, 2, "your answer")
    thetas = read_vector(thresholds, "the list of thresholds")
    if isinstance(step, (int, float, np.floating)) and math.isinf(step) and step > 0:
        return wrong(
            "the exact step of 1[x > 0.25] is infinite (it misranks no pair), but "
            "bipartite_rankboost takes the smoothed step there: compute it with lambda = "
            "1/(2 * 9)."
        )
    alpha = read_number(step, "the step")
    points = np.vstack([_P3, _N3])
    edge_of = {}
    for stump in stump_candidates(points):
        edge_of[tuple(stump(points).astype(int))] = float(stump(_P3).mean() - stump(_N3).mean())
    best = max(edge_of.values())
    winners = {key for key, edge in edge_of.items() if math.isclose(edge, best, abs_tol=1e-12)}
    claimed = {tuple(Stump(0, float(t))(points).astype(int)) for t in thetas}
    not_best = [
        t
        for t in thetas
        if not math.isclose(
            float(Stump(0, float(t))(_P3).mean() - Stump(0, float(t))(_N3).mean()),
            best,
            abs_tol=1e-12,
        )
    ]
    if not_best:
        return wrong(
            f"1[x > {not_best[0]:g}] does not have the largest edge a - b: tabulate, for "
            "each threshold between consecutive values, the share a of positives and b of "
            "negatives above it."
        )
    if claimed != winners:
        return wrong(
            "your list misses a stump with the same edge: check every threshold between "
            "two consecutive values of the six points."
        )
    model = bipartite_rankboost(_P3, _N3, 1)
    truth = float(model.alphas[0])
    if math.isclose(alpha, truth, abs_tol=HAND_TOL):
        return right(
            f"the three stumps tie at edge {best:.3f}; the tie goes to 1[x > 0.25], which "
            f"misranks no pair, so the step is smoothed: 1/2 log 7 = {truth:.3f}."
        )
    if math.isclose(alpha, math.log(2), abs_tol=HAND_TOL):
        return wrong(
            "log 2 is both the exact step of 1[x > 1.5] and the smoothed step with "
            "lambda = 1/9; bipartite_rankboost picks 1[x > 0.25] and smooths with "
            "lambda = 1/(2 * 9), half a pair's initial weight."
        )
    return wrong(
        "the stumps are right but not the step: bipartite_rankboost picks the first of "
        "the "
        "tied stumps and, since it misranks no pair, uses 1/2 log((eps+ + lambda)/(eps- + "
        "lambda)) with lambda half a pair's initial weight."
    )


# ---- 03.4 · the printed step of Figure 10.2 against RankBoost's ----------------------------------

_A, _B = 0.6, 0.2  # the class averages a = E_{D+}[h], b = E_{D-}[h] of the chosen stump


def _class_sample(share: float) -> np.ndarray:
    """Ten points on one feature, a share of them at 1 and the rest at 0."""
    ones = round(10 * share)
    return np.r_[np.ones(ones), np.zeros(10 - ones)][:, None]


@exercise(
    "03.4",
    "a tuple of four numbers: RankBoost's step, the printed step 1/2 log(a/b), and "
    "Z_t = Z+ Z- at each of the two steps, for a = 0.6, b = 0.2",
)
def _printed_step(answer):
    given = read_numbers(answer, 4, "your answer")
    model = bipartite_rankboost(_class_sample(_A), _class_sample(_B), 1)
    d_pos, d_neg = model.class_distributions(_class_sample(_A), _class_sample(_B), round=1)
    h = model.rankers[0]
    a, b = float(d_pos @ h(_class_sample(_A))), float(d_neg @ h(_class_sample(_B)))
    rank_step, rank_Z = float(model.alphas[0]), float(model.history.Z[0])
    printed = 0.5 * math.log(a / b)
    printed_Z = (1 - a + a * math.exp(-printed)) * (1 - b + b * math.exp(printed))
    truth = (rank_step, printed, rank_Z, printed_Z)
    names = (
        "RankBoost's step",
        "the printed step",
        "Z_t at RankBoost's step",
        "Z_t at the printed step",
    )
    off = [i for i in range(4) if not math.isclose(given[i], truth[i], abs_tol=HAND_TOL)]
    if not off:
        return right(
            f"RankBoost's step {rank_step:.3f} minimizes Z_t = Z+ Z- ({rank_Z:.3f}); the "
            f"printed step {printed:.3f} gives the larger {printed_Z:.3f}: the two differ "
            "by 1/2 log((1 - b)/(1 - a)), zero only when a = b."
        )
    if (
        off[:2] == [0, 1]
        and math.isclose(given[0], printed, abs_tol=HAND_TOL)
        and math.isclose(given[1], rank_step, abs_tol=HAND_TOL)
    ):
        return wrong(
            "the two steps are swapped: RankBoost's is 1/2 log(eps+/eps-) with the pair "
            "weights eps+ = a(1 - b), eps- = (1 - a) b; the printed one uses a and b "
            "alone."
        )
    first = off[0]
    if first == 0:
        return wrong(
            "RankBoost's step is off: write eps+ and eps- of the product distribution in "
            "terms of a and b, then take 1/2 log(eps+/eps-)."
        )
    if first == 1:
        return wrong(
            "the printed step is off: Figure 10.2 takes 1/2 log(a/b) with the per-class "
            "averages a and b."
        )
    return wrong(
        f"{names[first]} is off: Z_t = (1 - a + a e^(-alpha)) (1 - b + b e^(alpha)), the "
        "product of the two class normalizers, at that step."
    )


# ---- 03.5 · an additive score that orders more than half of the xor pairs ------------------------


@exercise(
    "03.5",
    "a tuple (g1, g2) of two lists of 4 numbers: the values of g1 and g2 on the "
    "quarter intervals (-1, -1/2], (-1/2, 0], (0, 1/2], (1/2, 1)",
)
def _additive_half(answer):
    g1, g2 = read_sequence(answer, 2, "your answer")
    g1 = read_vector(g1, "g1", length=4)
    g2 = read_vector(g2, "g2", length=4)
    share = additive_xor_share(g1, g2)
    if share > 0.5 + 1e-12:
        return right(
            f"g1(x0) + g2(x1) orders exactly {share:.4f} of the population's (positive, "
            "negative) pairs, more than half; the proof of (b) shows that no additive "
            "score "
            "orders more than 3/4."
        )
    if share == 0.0:
        return wrong(
            "your score ties every (positive, negative) pair, and a tie counts as an "
            "error: "
            "the share it orders is 0."
        )
    return wrong(
        f"your score orders {share:.4f} of the pairs, not more than half (ties count as "
        "errors); write the share as four quadrant-against-quadrant terms and look for "
        "values that win more of them than they lose."
    )
