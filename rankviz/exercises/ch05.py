"""Checkers for the exercises of chapter 05 (the preference-based setting)."""

from __future__ import annotations

import math

import numpy as np

from rankviz.exercises._registry import (
    Malformed,
    exercise,
    read_matrix,
    read_numbers,
    read_sequence,
    read_vector,
    right,
    wrong,
)
from rankviz.kwiksort import kwiksort_tournament_search, tournament_codes
from rankviz.multipartite import k_partite_target
from rankviz.permutations import all_permutations
from rankviz.preference import (
    all_tournaments,
    bipartite_target,
    cyclic_preference,
    flip_pair,
    hashed_preference,
    preference_from_sigma,
    preference_loss,
    ranking_loss,
)
from rankviz.quicksort import expected_quicksort_loss, quicksort_top_k

__all__ = []  # the checkers are reached through rankviz.exercises.check


def _close(given: float, truth: float, tol: float = 5e-3) -> bool:
    return math.isclose(given, truth, abs_tol=tol)


def _close_ratio(given: float, truth: float) -> bool:
    """Right up to hand rounding: within 5e-3, or within 1% (a fraction cut to 3 digits)."""
    return math.isclose(given, truth, rel_tol=0.01, abs_tol=5e-3)


def _nearly(given: float, truth: float) -> bool:
    """Within 5% but not right: a value rounded too coarsely."""
    return math.isclose(given, truth, rel_tol=0.05) and not _close_ratio(given, truth)


# ---- 05.1 · QuickSort on the cycle, by hand ------------------------------------------------------


@exercise(
    "05.1", "a tuple of two numbers: E[L(QuickSort)] and L(h) for the cycle against 0 > 1 > 2"
)
def _cycle_by_hand(answer):
    expected_qs, loss_h = read_numbers(answer, 2, "your answer")
    H, target = cyclic_preference(3), np.arange(3)
    truth_qs, truth_h = expected_quicksort_loss(H, target), preference_loss(H, target)
    if _close(expected_qs, truth_qs) and _close(loss_h, truth_h):
        return right(
            "the three pivots give three outputs with losses 2/3, 0 and 2/3, so "
            "QuickSort loses 4/9 on average against h's 1/3: the ratio 4/3 = 2 - 2/3 of "
            "the one-flip worst case of section 6."
        )
    if not _close(loss_h, truth_h):
        return wrong(
            "L(h) is off: h errs on exactly one of the three pairs of the target (which "
            "item does the cycle prefer to item 0?), and each pair weighs 2/(n(n-1))."
        )
    if _close(expected_qs, 2 / 3):
        return wrong(
            "2/3 is the loss of one unlucky output, not the average: take each of the "
            "three pivots with probability 1/3 and average the three losses."
        )
    return wrong(
        "E[L(QuickSort)] is off: for each pivot (probability 1/3) place the other two "
        "items as h says, compute that output's loss against 0 > 1 > 2, then average."
    )


# ---- 05.2 · the one-flip worst case --------------------------------------------------------------

_FLIP_N = 7


@exercise(
    "05.2",
    "a tuple of two numbers: QuickSort's expected number of misordered pairs for "
    "n = 7 with the pair (0, 6) flipped, and the ratio E[L(QuickSort)] / L(h) with "
    "(0, 1) flipped instead",
)
def _one_flip(answer):
    errors, ratio_adjacent = read_numbers(answer, 2, "your answer")
    n, order = _FLIP_N, np.arange(_FLIP_N)
    pairs = n * (n - 1) / 2
    H_far = flip_pair(preference_from_sigma(order), 0, n - 1)
    H_near = flip_pair(preference_from_sigma(order), 0, 1)
    truth_errors = expected_quicksort_loss(H_far, order) * pairs
    truth_ratio = expected_quicksort_loss(H_near, order) / preference_loss(H_near, order)
    if _close_ratio(errors, truth_errors) and _close_ratio(ratio_adjacent, truth_ratio):
        return right(
            "only a first pivot at one of the two extremes (probability 2/7) costs, and "
            "then n - 1 = 6 pairs: 12/7 errors against h's one; flipping an adjacent pair "
            "creates no cycle, so QuickSort returns h's own order, ratio 1."
        )
    if not _close_ratio(errors, truth_errors):
        if _nearly(errors, truth_errors):
            return wrong(
                "close: the expected number of errors is within 5% but not within 1%; "
                "give three significant digits (or the exact fraction)."
            )
        if _close(errors, n - 1):
            return wrong(
                "n - 1 = 6 is what an extreme first pivot costs; weigh it by the "
                "probability that the first pivot is one of the two extremes."
            )
        if _close(errors, truth_errors / pairs):
            return wrong(
                "that is the loss, normalised by the 21 pairs; the question asks for the "
                "expected number of misordered pairs."
            )
        return wrong(
            "the expected number of errors is off: condition on the first pivot; which "
            "pivots leave two consistent halves, and how many pairs does an extreme "
            "pivot misorder?"
        )
    if _nearly(ratio_adjacent, truth_ratio):
        return wrong(
            "close: the ratio for the adjacent flip is within 5% but not within 1%; give "
            "three significant digits."
        )
    return wrong(
        "the ratio for the adjacent flip is off: does flipping (0, 1) create a cycle? "
        "If h is still transitive, what does QuickSort return?"
    )


# ---- 05.3 · from (10.33) to (10.34) --------------------------------------------------------------


def _two_labelling_regrets() -> tuple[float, float]:
    """Reg(QuickSort) and Reg(h) on the cycle, probability 1/2 on item 2 or item 0 positive."""
    H = cyclic_preference(3)
    targets = [bipartite_target(np.arange(3) == k, normalization="pairs") for k in (2, 0)]

    def mean(f):
        return float(np.mean([f(s, w) for s, w in targets]))

    loss_h = mean(lambda s, w: preference_loss(H, s, w))
    loss_qs = mean(lambda s, w: expected_quicksort_loss(H, s, w))
    best_sigma = min(mean(lambda s, w, p=p: ranking_loss(p, s, w)) for p in all_permutations(3))
    best_h = min(mean(lambda s, w, G=G: preference_loss(G, s, w)) for G in all_tournaments(3))
    return loss_qs - best_sigma, loss_h - best_h


@exercise(
    "05.3",
    "a tuple of two numbers: Reg(QuickSort) and Reg(h) on the two-labelling example "
    "(book normalisation)",
)
def _regret_example(answer):
    reg_qs, reg_h = read_numbers(answer, 2, "your answer")
    truth_qs, truth_h = _two_labelling_regrets()
    if _close(reg_qs, truth_qs) and _close(reg_h, truth_h):
        return right(
            "both expected losses are 1/3 (10.33) and both minima are 1/6, since on one "
            "query set the best preference is a ranking: the regrets are equal, so "
            "(10.34) holds with equality here."
        )
    if _close(reg_qs, 1 / 3) or _close(reg_h, 1 / 3):
        return wrong(
            "1/3 is an expected loss, not a regret: subtract the best fixed ranking's "
            "(or the best preference's) expected loss under the same distribution."
        )
    if _close(reg_qs, truth_qs * 1.5) or _close(reg_h, truth_h * 1.5):
        return wrong(
            "that looks like the 1 - AUC normalisation (each misranked pair worth 1/2); "
            "the exercise uses the book's, where a misranked pair of 3 items costs 1/3."
        )
    return wrong(
        "a regret is off: compute E[L] under the two labellings (probability 1/2 each), "
        "then the smallest E[L] a fixed ranking (or a preference, pair by pair) reaches."
    )


# ---- 05.4 · random tie-breaking ------------------------------------------------------------------


@exercise(
    "05.4",
    "a tuple of two numbers: the expected loss of sort-by-degree with random "
    "tie-breaking on the regular 5-item tournament against 4 > 3 > 2 > 1 > 0, and "
    "its ratio to L(h)",
)
def _random_ties(answer):
    loss, ratio = read_numbers(answer, 2, "your answer")
    H, target = cyclic_preference(5).T, np.arange(5)[::-1]
    truth_loss = float(np.mean([ranking_loss(s, target) for s in all_permutations(5)]))
    truth_ratio = truth_loss / preference_loss(H, target)
    if _close(loss, truth_loss) and _close_ratio(ratio, truth_ratio):
        return right(
            "with every degree tied, a random tie-break returns a uniformly random "
            "ranking, which misorders each pair with probability 1/2; the ratio 5/3 is "
            "below 2: only a fixed tie rule lets an adversary push it to 10/3."
        )
    if _close(loss, 1.0):
        return wrong(
            "1 is the loss of the fixed tie rule (0 > 1 > 2 > 3 > 4, every pair "
            "reversed); with random tie-breaking, what is the chance that a pair comes "
            "out reversed?"
        )
    if _close(loss, truth_loss) and _nearly(ratio, truth_ratio):
        return wrong(
            "close: the expected loss is right and the ratio within 5% but not within 1%; "
            "give three significant digits (or the exact fraction)."
        )
    if _close(loss, truth_loss):
        return wrong(
            "the expected loss is right but the ratio is off: divide by L(h), the share "
            "of the 10 pairs on which h disagrees with the target."
        )
    return wrong(
        "the expected loss is off: all degrees tie, so random tie-breaking returns every "
        "ranking with the same probability; average the loss over them."
    )


# ---- 05.5 · the cost of the top k ----------------------------------------------------------------

_TOP_N, _TOP_SEEDS = 2000, range(10)


def _mean_top_k_calls(k: int) -> float:
    h = hashed_preference(_TOP_N, 0.3)
    return float(np.mean([quicksort_top_k(h, k, seed).calls for seed in _TOP_SEEDS]))


@exercise(
    "05.5",
    "a tuple of two numbers: the mean calls of quicksort_top_k for k = 1 and for "
    "k = 2000 (n = 2000, hashed_preference(2000, 0.3), seeds 0 to 9)",
)
def _top_k_calls(answer):
    calls_1, calls_n = read_numbers(answer, 2, "your answer")
    if calls_1 < 0 or calls_n < 0:
        return wrong("a number of calls cannot be negative.")
    truth_1, truth_n = _mean_top_k_calls(1), _mean_top_k_calls(_TOP_N)
    # the seeded means are exact (means of ten integers): 1e-3 accepts rounding to an integer, but
    # not the mean of a neighbouring k (k = 10 gives 4214.4 against k = 1's 4199.9)
    ok_1 = math.isclose(calls_1, truth_1, rel_tol=1e-3)
    ok_n = math.isclose(calls_n, truth_n, rel_tol=1e-3)
    if ok_1 and ok_n:
        return right(
            "k = 1 costs about 2n calls (QuickSelect: 2n - 2H_n in expectation; ten runs "
            "scatter around it), and k = n is the full sort, fewer calls than "
            "2n + 2k ln k predicts."
        )
    expected_1 = 2 * _TOP_N - 2 * sum(1 / i for i in range(1, _TOP_N + 1))
    if not ok_1 and math.isclose(calls_1, expected_1, rel_tol=1e-3):
        return wrong(
            "that is the expectation 2n - 2H_n, not the measurement: run "
            "quicksort_top_k for the ten seeds and average its .calls."
        )
    if not ok_1 and math.isclose(calls_1, 2 * _TOP_N, rel_tol=0.01):
        return wrong(
            "4000 = 2n is the formula, not the measurement: run quicksort_top_k for the "
            "ten seeds and average its .calls."
        )
    if not ok_n and math.isclose(calls_n, 2 * _TOP_N + 2 * _TOP_N * math.log(_TOP_N), rel_tol=0.01):
        return wrong(
            "that is the formula 2n + 2k ln k at k = n, which overshoots; the exercise "
            "asks for the measured mean."
        )
    which = "k = 1" if not ok_1 else "k = 2000"
    return wrong(
        f"the mean for {which} is off by more than 0.1%: use hashed_preference(2000, 0.3) "
        "and the seeds 0 to 9, and average the .calls of the ten runs."
    )


# ---- 05.6 · k-partite QuickSort ------------------------------------------------------------------


def _read_preference(H, n: int) -> np.ndarray:
    H = read_matrix(H, "your preference H", shape=(n, n))
    off = ~np.eye(n, dtype=bool)
    if np.any((H[off] < 0) | (H[off] > 1)):
        raise Malformed("your preference H should hold values in [0, 1] off the diagonal.")
    if not np.allclose((H + H.T)[off], 1, atol=1e-9):
        raise Malformed(
            "your preference H should be pairwise consistent, H[u, v] + H[v, u] = 1 for u != v."
        )
    return H


@exercise("05.6", "a tuple (grades, H): three grades, one per item, and a 3 x 3 preference matrix")
def _k_partite_counterexample(answer):
    grades, H = read_sequence(answer, 2, "your answer")
    grades = read_vector(grades, "your grades", length=3)
    if not np.all(grades == np.round(grades)):
        raise Malformed("your grades should be whole numbers (one grade per item).")
    H = _read_preference(H, 3)
    if np.unique(grades).size < 3:
        return wrong(
            f"the grades {grades.astype(int).tolist()} use {np.unique(grades).size} "
            "distinct values; the exercise asks for three different grades (with two, the "
            "triangles cancel and QuickSort loses exactly L_omega(h))."
        )
    star, omega = k_partite_target(grades.astype(int))
    loss_h = preference_loss(H, star, omega)
    loss_qs = expected_quicksort_loss(H, star, omega)
    if loss_qs > loss_h + 1e-9:
        return right(
            f"QuickSort's expected k-partite loss {loss_qs:.4f} exceeds L_omega(h) = "
            f"{loss_h:.4f}: with one item per grade every pair is a cross pair, the loss "
            "is a total order's, and a cycle makes QuickSort pay more than h."
        )
    if math.isclose(loss_qs, loss_h, abs_tol=1e-9):
        return wrong(
            f"QuickSort loses exactly L_omega(h) = {loss_h:.4f} here, no more (a "
            "transitive 0/1 preference, for one, costs QuickSort nothing extra); try a "
            "preference with a cycle."
        )
    return wrong(
        f"QuickSort loses {loss_qs:.4f} < L_omega(h) = {loss_h:.4f} here, less than h: "
        "which pair does the cycle get wrong, and which pairs does QuickSort then get "
        "wrong?"
    )


# ---- 05.7 · KwikSort far from the optimum --------------------------------------------------------


@exercise("05.7", "a 5 x 5 tournament: 0/1 off the diagonal with H[u, v] + H[v, u] = 1")
def _kwiksort_far_from_optimal(answer):
    H = _read_preference(answer, 5)
    off = ~np.eye(5, dtype=bool)
    if not np.all((H[off] == 0) | (H[off] == 1)):
        raise Malformed(
            "your H should be a tournament: every entry off the diagonal 0 or 1 (a fractional "
            "preference is a weighted tournament, not asked for here)."
        )
    search = kwiksort_tournament_search(5, tournament_codes(H))
    opt, cost = int(search.minimum_cost[0]), float(search.expected_cost[0])
    if opt == 0:
        return wrong(
            "your tournament is transitive: KwikSort returns its order and no arc points "
            "backwards (cost 0 = OPT). Start from a transitive order and reverse a single arc: "
            "which one lets an unlucky first pivot do the most damage?"
        )
    ratio = search.worst_ratio
    if ratio > 1.5:
        return right(
            f"KwikSort's expected number of backward arcs is {cost:.2f} against a minimum of "
            f"{opt}: the ratio {ratio} = 3(n - 2)/n at n = 5, the worst on 5 items. On the order "
            "with its extreme arc reversed, a middle pivot costs 1 and an extreme pivot n - 2."
        )
    return wrong(
        f"KwikSort's expected cost is {cost:.2f} against a minimum of {opt}: the ratio "
        f"{ratio} does not exceed 3/2. Start from a transitive order and reverse a single arc: "
        "which one lets an unlucky first pivot do the most damage?"
    )
