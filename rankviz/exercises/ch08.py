"""Checkers for the exercises of chapter 08 (rank aggregation and U-statistic risks)."""

from __future__ import annotations

import math

import numpy as np
from scipy.stats import binom

from rankviz.aggregation import (
    borda_scores,
    comparison_mask,
    empirical_probabilities,
    probability_differences,
    thurstone_mosteller_scores,
    win_counts,
)
from rankviz.exercises._registry import (
    Malformed,
    exercise,
    read_matrix,
    read_number,
    read_numbers,
    read_vector,
    right,
    wrong,
)
from rankviz.lipschitz import algebraic_connectivity, masked_lipschitz_constant
from rankviz.permutations import merge_near_ties
from rankviz.plackett_luce import plackett_luce_log_likelihood
from rankviz.rank_centrality import rank_centrality_chain
from rankviz.ustatistics import average_log_odds, ndcg_regression_labels, simulate_ranking_data

__all__ = []  # the checkers are reached through rankviz.exercises.check

_TOL = 5e-3  # hand computation

# ---- 08.1 · least squares under full observation ------------------------------------------------

# a skew-symmetric matrix of 4 items, every pair observed
_A_FULL = np.array(
    [[0.0, 2.0, 1.0, 1.0], [-2.0, 0.0, 1.0, 0.0], [-1.0, -1.0, 0.0, 2.0], [-1.0, 0.0, -2.0, 0.0]]
)


@exercise(
    "08.1",
    "a list of 4 numbers: the scores s_0, ..., s_3 that least squares (22) gives "
    "for the matrix A of the statement, every pair observed",
)
def _least_squares_full(answer):
    s = read_vector(answer, "your scores", length=len(_A_FULL))
    m = len(_A_FULL)
    laplacian = m * np.eye(m) - np.ones((m, m))  # the Laplacian of the complete graph
    residual = laplacian @ s - _A_FULL.sum(axis=1)  # the gradient of (22) is L x - A 1
    if abs(s.sum()) > _TOL * m:
        return wrong(
            "your scores do not sum to 0: (22) fixes the scores only up to a common "
            "shift, and the constraint 1^T x = 0 picks the centred solution."
        )
    if np.abs(residual).max() <= _TOL * m:
        return right(
            "your scores are centred and solve the normal equations (mI - 11^T) x = A 1, "
            "so they minimise (22): they are A 1 / m, the Borda count divided by m."
        )
    borda = _A_FULL.sum(axis=1)
    if np.allclose(s, borda, atol=_TOL):
        return wrong(
            "these are the Borda scores A 1 themselves: they satisfy the normal "
            "equations only up to a factor; compare (mI - 11^T) x with A 1."
        )
    if np.allclose(s, -borda / m, atol=_TOL):
        return wrong(
            "these scores order the items in reverse: A_ij > 0 says i is preferred to j, "
            "so a row with a large sum belongs to a high score."
        )
    return wrong(
        "the gradient of (22), (mI - 11^T) x - A 1, does not vanish at your scores: "
        "write the normal equations for the complete graph and use 1^T A 1 = 0."
    )


# ---- 08.2 · Borda and Ammar-Shah with missing pairs ---------------------------------------------

_MAX_ITEMS = 10


def _read_wins(answer) -> np.ndarray:
    W = read_matrix(answer, "your win counts")
    n = W.shape[0]
    if W.shape[1] != n:
        raise Malformed(
            f"your win counts should be a square table (one row and one column per "
            f"item), got shape {W.shape}."
        )
    if not 3 <= n <= _MAX_ITEMS:
        raise Malformed(f"your win counts should cover 3 to {_MAX_ITEMS} items, got {n}.")
    if np.any(W < 0) or not np.all(W == np.round(W)):
        raise Malformed(
            "your win counts should be non-negative whole numbers "
            "(W[i][j] = how often item i beat item j)."
        )
    if np.any(np.diag(W) != 0):
        raise Malformed("an item never plays itself: the diagonal of W should be 0.")
    if W.max() > 10_000:
        raise Malformed("no counterexample needs more than 10,000 wins for one pair.")
    return W.astype(np.int64)


@exercise(
    "08.2",
    "a square table W of non-negative whole numbers (W[i][j] = how often item i "
    "beat item j), 3 to 10 items, with some pair never compared",
)
def _ammar_shah_met(answer):
    W = _read_wins(answer)
    n = len(W)
    met = comparison_mask(W) & ~np.eye(n, dtype=bool)
    loners = [int(j) for j in np.flatnonzero(~met.any(axis=1))]
    if loners:
        return wrong(
            f"item {loners[0]} met no opponent, so its average over the opponents it met "
            "does not exist; give every item at least one comparison."
        )
    if met.sum() == n * (n - 1):
        return wrong(
            "every pair is compared here, so the opponents an item met are all its "
            "opponents and the two Ammar-Shah conventions coincide; leave a pair out."
        )
    shares = empirical_probabilities(W)  # 1/2 both ways for a pair never compared
    as_met = merge_near_ties(np.array([shares[j, met[j]].mean() for j in range(n)]))
    borda = merge_near_ties(borda_scores(probability_differences(W)))
    opposite = np.sign(borda[:, None] - borda[None, :]) * np.sign(as_met[:, None] - as_met[None, :])
    pairs = np.argwhere(np.triu(opposite < 0))
    if len(pairs):
        i, j = (int(v) for v in pairs[0])
        return right(
            f"Borda puts items {i} and {j} in one order and Ammar-Shah averaged over the "
            "opponents met in the other: the identity needs a missing pair to count 1/2 "
            "each way, i.e. an average over all m - 1 opponents."
        )
    return wrong(
        "no pair is ordered strictly opposite by the two rules here (a tie in either "
        "does not count); Borda adds up the net wins while the other divides by the "
        "number of opponents met: let two items differ in how many opponents they met."
    )


# ---- 08.3 · cascade logs from a fixed order -----------------------------------------------------

_P_CASCADE = np.array([0.5, 0.1, 0.35, 0.05, 0.6, 0.2, 0.25, 0.15])


@exercise(
    "08.3",
    "a list of 8 probabilities: the chance that position 0, 1, ..., 7 is examined "
    "in one session when the items are always shown in the order 0, 1, ..., 7",
)
def _cascade_examined(answer):
    e = read_vector(answer, "your probabilities", length=len(_P_CASCADE))
    survive = np.cumprod(1 - _P_CASCADE)  # no item at positions 0..l satisfied
    truth = np.r_[1.0, survive[:-1]]
    if np.allclose(e, truth, atol=_TOL):
        return right(
            "position l is examined when none of the items above it satisfied the user, "
            f"prod_(j<l) (1 - p_j): the bottom item only in {truth[-1]:.1%} of the "
            "sessions, so its estimate C_l / E_l rests on few sessions."
        )
    if np.allclose(e, survive, atol=_TOL):
        return wrong(
            "each of your values is one factor too small: position l is examined when "
            "the items ABOVE it did not satisfy; whether l itself satisfies decides the "
            "click, not the examination."
        )
    if not np.isclose(e[0], 1.0, atol=_TOL):
        return wrong(
            "the top position is examined in every session (the user starts there); "
            "the chance for position 0 should be 1."
        )
    return wrong(
        "not every value matches: position l is examined exactly when none of the items "
        "at positions 0, ..., l - 1 satisfied the user, independently of one another."
    )


# ---- 08.4 · the order k = 1 ----------------------------------------------------------------------

_K1_ITEMS, _K1_C = 4, 0.5


def _k1_labels() -> np.ndarray:
    structure = average_log_odds(win_counts([(0, 1)], _K1_ITEMS), _K1_C, smoothing="counts")
    return ndcg_regression_labels(structure)


@exercise(
    "08.4",
    "a tuple of three numbers: the regression labels (28) of the winner, the loser "
    "and an item not compared, for the structure of the single comparison "
    "'0 beats 1' (m = 4, c = 1/2 on the counts)",
)
def _order_one_labels(answer):
    given = np.array(read_numbers(answer, 3, "your labels"))
    labels = _k1_labels()
    truth = labels[[0, 1, 2]]
    if np.allclose(given, truth, atol=_TOL):
        return right(
            "the scores are +delta, -delta, 0, 0 with delta = log 3 / 3, and every "
            "one-comparison structure has the same normaliser Z, so an item's mean label "
            "is affine in its wins and losses."
        )
    delta = math.log((1 + _K1_C) / _K1_C) / (_K1_ITEMS - 1)
    gains = np.array([2.0**delta, 2.0**-delta, 1.0])
    if np.allclose(given, gains, atol=_TOL):
        return wrong(
            "these are the gains 2^s before normalising: the labels of (28) divide by "
            "Z(s), the largest DCG the gains can reach."
        )
    if np.allclose(given / given.sum(), gains / gains.sum(), atol=_TOL) and given.min() > 0:
        return wrong(
            "the ratios between the three labels are right, but not the normaliser: Z(s) "
            "is the DCG of the gains in decreasing order, with discounts 1/log2(r + 1)."
        )
    if given.min() > 0 and np.isclose(given[0] / given[2], 2.0 ** (3 * delta), rtol=0.05):
        return wrong(
            "the winner's score is off: the structure scores s_1 average the smoothed "
            "log-odds over the m - 1 = 3 others, so delta = log((1 + c)/c) / (m - 1)."
        )
    return wrong(
        "compute the structure scores s_1 first (average smoothed log-odds, whose limit "
        "is (27): the winner +delta, the loser -delta, the rest 0, delta = "
        "log((1 + c)/c) / (m - 1)), then the labels 2^s / Z(s)."
    )


# ---- 08.5 · the Lipschitz constant with a mask --------------------------------------------------

_PATH = comparison_mask(win_counts([(0, 1), (1, 2), (2, 3)], 4))  # the path 0 - 1 - 2 - 3


def _path_worst_case() -> tuple[float, float, float]:
    """lambda_2, the bound's constant m / lambda_2^2 and the ratio of M = -1 on (0, 1), (2, 3).

    That ratio ||s_M||^2 / |||M|||_2^2 is the largest over the skew-symmetric M on the path's
    pairs (a search in tests/exercises/test_ch08.py confirms it).
    """
    M = np.zeros((4, 4))
    M[0, 1] = M[2, 3] = -1.0
    M = M - M.T
    worst = float(np.sum(thurstone_mosteller_scores(M, _PATH) ** 2) / np.linalg.norm(M, 2) ** 2)
    return algebraic_connectivity(_PATH), masked_lipschitz_constant(_PATH), worst


@exercise(
    "08.5",
    "a number: the constant m / lambda_2^2 of the masked bound for the comparison "
    "graph 0 - 1 - 2 - 3 (a path on 4 items), to 2 decimals",
)
def _masked_constant(answer):
    value = read_number(answer, "your constant")
    lambda_2, constant, worst = _path_worst_case()
    m = len(_PATH)
    if math.isclose(value, constant, abs_tol=0.01):
        return right(
            f"lambda_2 = 2 - sqrt 2 = {lambda_2:.3f}, so the bound's constant is "
            f"{constant:.2f}, about {constant * m:.0f} times 1/m = {1 / m:g}. The bound "
            f"is safe but not tight here: the worst case on this path is {worst:.3g} "
            f"(M = -1 on the pairs (0, 1) and (2, 3)), still {worst * m:.3g} times 1/m."
        )
    if math.isclose(value, 1 / m, abs_tol=0.01):
        return wrong(
            "1/m is the constant of full observation (lambda_2 = m for the complete "
            "graph); on the path, lambda_2 is the smallest nonzero eigenvalue of its own "
            "Laplacian."
        )
    if any(
        math.isclose(value, other, abs_tol=0.01)
        for other in (m / lambda_2, math.sqrt(m) / lambda_2)
    ):
        return wrong(
            "the power of lambda_2 is off: square the bound ||s_A - s_B|| <= (sqrt m / "
            "lambda_2) |||Omega o (A - B)|||_2."
        )
    return wrong(
        "find lambda_2, the second smallest eigenvalue of the path's Laplacian "
        "diag(1, 2, 2, 1) - adjacency, then compute m / lambda_2^2 with m = 4."
    )


# ---- 08.6 · the missing 1/n ---------------------------------------------------------------------

_Q6, _N6, _K6 = 3, 6, 4  # the design of the notebook's check of (20)


def _phi_one_values() -> tuple[float, float]:
    """(19) with phi = 1 on a data set of the design, and (20) as printed with phi = 1."""
    data = simulate_ranking_data(_Q6, 3, 3, _N6, rng=0)
    value_19 = float(np.sum(data.judgments_per_query) / data.n_judgments)  # every term is 1
    batch = np.arange(1, _N6 + 1)
    value_20 = float(_Q6 * np.sum(batch * binom.pmf(batch, _N6, 1 / _Q6)))
    return value_19, value_20


@exercise(
    "08.6",
    "a tuple of two numbers: with phi = 1, the value of (19) on any data set and "
    "the value of (20) as printed, for 3 queries, n = 6 judgments and k = 4",
)
def _missing_factor(answer):
    given = read_numbers(answer, 2, "your values")
    value_19, value_20 = _phi_one_values()
    ok_19 = math.isclose(given[0], value_19, abs_tol=_TOL)
    ok_20 = math.isclose(given[1], value_20, abs_tol=_TOL)
    if ok_19 and ok_20:
        return right(
            f"(19) is (1/n) sum_q n_q = 1 on every data set, while (20) as printed is "
            f"sum_q E[n_q] = n = {value_20:g}: it lacks the factor 1/n that (19) has."
        )
    if ok_19 and math.isclose(given[1], value_19, abs_tol=_TOL):
        return wrong(
            "(19) is right, but (20) as printed has no factor 1/n: sum over queries and "
            "batch sizes l of l P(n_q = l) is sum_q E[n_q]."
        )
    if ok_19 and math.isclose(given[1], value_20 / _Q6, abs_tol=_TOL):
        return wrong(
            "(19) is right; for (20) you have E[n_q] of one query (n/3): sum it over the "
            "three queries."
        )
    if not ok_19:
        return wrong(
            "with phi = 1 every term of (19) is 1, so (19) is (1/n) sum_q n_q times 1; "
            "the batch sizes add up to n."
        )
    return wrong(
        "(20) as printed, with phi = 1, is sum_q sum_l l P(n_q = l) with n_q binomial "
        "(n, 1/3): compute that sum."
    )


# ---- 08.7 · the Plackett-Luce probability of a ranking ------------------------------------------

_PL_WEIGHTS = np.array([3.0, 2.0, 1.0])  # items 0, 1, 2
_PL_ORDER = (1, 2, 0)  # item 1 first, then item 2, item 0 last


def _pl_probability(order) -> float:
    return math.exp(plackett_luce_log_likelihood(np.log(_PL_WEIGHTS), [list(order)]))


@exercise(
    "08.7",
    "a number: the Plackett-Luce probability of the ranking 1, 2, 0 (item 1 first) "
    "when items 0, 1, 2 have weights 3, 2, 1",
)
def _plackett_luce_probability(answer):
    p = read_number(answer, "your probability")
    target = _pl_probability(_PL_ORDER)
    if math.isclose(p, target, abs_tol=_TOL / 5):
        return right(
            f"2/6 for item 1 chosen among all three, then 1/(1 + 3) for item 2 chosen "
            f"against item 0 alone: {target:.4f} = 1/12."
        )
    w = dict(enumerate(_PL_WEIGHTS))
    pairs = (w[1] / (w[1] + w[2])) * (w[1] / (w[1] + w[0])) * (w[2] / (w[2] + w[0]))
    if math.isclose(p, pairs, abs_tol=_TOL / 5):
        return wrong(
            "that is the product of the three pair probabilities (BTL), as if the pairs "
            "of a ranking were independent comparisons; Plackett-Luce chooses the places "
            "one after the other, each among the items not yet placed."
        )
    if math.isclose(p, 2 / 6 * 1 / 6, abs_tol=_TOL / 5):
        return wrong(
            "the second choice is made among the items still available (2 and 0), so "
            "its denominator is w_2 + w_0, not the sum of all weights."
        )
    if math.isclose(p, 2 / 6, abs_tol=_TOL / 5):
        return wrong(
            "2/6 is the probability that item 1 comes first; the ranking also needs "
            "item 2 to beat item 0 for the second place."
        )
    if not 0.0 <= p <= 1.0:
        return wrong("a probability lies between 0 and 1.")
    return wrong(
        "multiply, place by place from the top, the weight of the item placed over the "
        "total weight of the items not placed yet (the last place has factor 1)."
    )


# ---- 08.8 · the stationary distribution of Rank Centrality ---------------------------------------

_RC_WINS = np.array([[0, 3, 2], [1, 0, 1], [2, 3, 0]])  # W[i, j]: how often i beat j


@exercise(
    "08.8",
    "a list of 3 numbers: the Rank Centrality scores (the stationary distribution of "
    "the walk) of items 0, 1, 2 for the win counts W of the statement",
)
def _rank_centrality_stationary(answer):
    pi = read_vector(answer, "your scores", length=3)
    P = rank_centrality_chain(_RC_WINS)
    if np.any(pi < -_TOL):
        return wrong("a stationary distribution has no negative entries.")
    if abs(pi.sum() - 1.0) > _TOL:
        return wrong(
            f"your scores add up to {pi.sum():.4g}: a distribution adds up to 1 "
            "(divide by the sum)."
        )
    if np.abs(pi @ P - pi).max() <= _TOL:
        return right(
            "pi P = pi: the walk's long-run shares. Items 0 and 2 score 3/7 each (each "
            "beat item 1 three times in four and they split their own meetings), item 1 "
            "scores 1/7."
        )
    if np.allclose(pi, 1 / 3, atol=_TOL):
        return wrong(
            "the uniform vector solves P 1 = 1 (the rows of P add up to 1): that is the "
            "right eigenvector. The stationary distribution is the left one, pi P = pi."
        )
    if (
        np.abs(pi @ P.T - pi).max() <= _TOL
        or np.abs(pi @ rank_centrality_chain(_RC_WINS.T) - pi).max() <= _TOL
    ):
        return wrong(
            "your walk moves towards the losers: from i it should move to j with the "
            "share of their comparisons that j won, W[j][i] / (W[i][j] + W[j][i])."
        )
    return wrong(
        "build P[i][j] = (share of the pair's comparisons that j won) / d_max with "
        "d_max = 2, put the rest of each row on the diagonal, and solve pi P = pi with "
        "pi adding up to 1."
    )


# ---- 08.9 · the maximum likelihood of top-1 lists ------------------------------------------------

# ten top-1 lists of the three items: item 0 chosen 5 times, item 1 three times, item 2 twice
_TOP1 = np.array([[0]] * 5 + [[1]] * 3 + [[2]] * 2)


def _top1_gradient(theta: np.ndarray) -> np.ndarray:
    """The gradient of the top-1 log-likelihood at theta, by central differences."""
    h = 1e-6
    steps = np.eye(3) * h
    return np.array(
        [
            (
                plackett_luce_log_likelihood(theta + e, _TOP1, unlisted="below")
                - plackett_luce_log_likelihood(theta - e, _TOP1, unlisted="below")
            )
            / (2 * h)
            for e in steps
        ]
    )


@exercise(
    "08.9",
    "a list of 3 numbers: the centred Plackett-Luce maximum-likelihood log-strengths "
    "theta_0, theta_1, theta_2 of the ten top-1 lists of the statement",
)
def _top1_maximum_likelihood(answer):
    theta = read_vector(answer, "your log-strengths", length=3)
    if np.abs(theta).max() > 50:
        return wrong("log-strengths this large give a probability of 0 to some observed choice.")
    gradient = _top1_gradient(theta)
    stationary = np.abs(gradient).max() <= 10 * _TOL
    if stationary and abs(theta.sum()) <= _TOL:
        return right(
            "the chosen counts equal their expected counts (10 w_i / sum w): the weights "
            "are proportional to the counts 5, 3, 2, and the log-strengths are their logs, centred."
        )
    if stationary:
        return wrong(
            "these maximise the likelihood, but the likelihood does not change when every "
            "theta_i moves by the same amount: subtract their mean so that they sum to 0."
        )
    if np.allclose(theta, [5, 3, 2], atol=_TOL) or np.allclose(theta, [0.5, 0.3, 0.2], atol=_TOL):
        return wrong(
            "these are the weights w_i (up to scale), not the log-strengths theta_i = log w_i; "
            "take logs, then centre."
        )
    return wrong(
        "every list is one choice among all three items; the likelihood is maximised when "
        "each item's share of the choices, w_i / (w_0 + w_1 + w_2), equals its observed share."
    )
