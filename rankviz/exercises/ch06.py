"""Checkers for the exercises of chapter 06 (calibration and consistency of surrogate losses)."""

from __future__ import annotations

import functools
import math

import numpy as np

from rankviz.bayes import (
    bayes_permutations,
    err_loss,
    label_set,
    loss_matrix,
    map_loss,
    ndcg_loss,
    precision_loss,
)
from rankviz.calibration import calibration_regret, is_calibrated_at
from rankviz.disagreement import difference_scores, net_degree_scores, pred_all_orders
from rankviz.exercises._registry import (
    Malformed,
    exercise,
    read_bool,
    read_integer,
    read_matrix,
    read_number,
    read_numbers,
    read_permutation,
    read_sequence,
    read_vector,
    right,
    wrong,
)
from rankviz.measures import dcg_discounts
from rankviz.permutations import all_permutations, merge_near_ties
from rankviz.suboptimality import simplex_grid, suboptimality_function
from rankviz.surrogates import (
    pairwise_surrogate,
    pred_sort,
    squared_surrogate,
    surrogate_minimizer,
    surrogate_risk,
)

__all__ = []  # the checkers are reached through rankviz.exercises.check


def _contains(sigmas, sigma) -> bool:
    return bool(np.any(np.all(np.asarray(sigmas) == np.asarray(sigma), axis=1)))


# ---- 06.1 · Precision@1 by hand -----------------------------------------------------------------

_P1_LABELS = np.array([[1, 1, 0], [0, 0, 1]])
_P1_PROBS = np.array([0.5, 0.5])


@exercise(
    "06.1",
    "a tuple (number of rankings in the Bayes set, True/False: sort(E[y]) lands in "
    "it, True/False: sort's tie-break can change that)",
)
def _precision_at_one(answer):
    count, lands, matters = read_sequence(answer, 3, "your answer")
    count = read_integer(count, "the size of the Bayes set", lo=0)
    lands = read_bool(lands, "whether sort(E[y]) lands in the Bayes set")
    matters = read_bool(matters, "whether the tie-break matters")
    bayes = bayes_permutations(precision_loss(1), _P1_LABELS, _P1_PROBS)
    found = is_calibrated_at(
        precision_loss(1), squared_surrogate(), _P1_LABELS, _P1_PROBS, method="closed_form"
    )
    # every ranking that sorts E[y] with some tie-break: all of them when the means tie
    means = found.minimizer.scores
    sorting = [s for s in all_permutations(3) if np.all(np.diff(means[np.argsort(s)]) <= 1e-12)]
    truly_matters = not all(_contains(bayes, s) for s in sorting)
    if count != len(bayes):
        return wrong(
            "the size of the Bayes set is off: compute E[y] and note that the risk of a "
            "ranking depends only on the mean of the item it puts on top."
        )
    if lands != found.calibrated:
        return wrong(
            "whether sort(E[y]) lands in the Bayes set is off: compare the risk of "
            "sort(E[y]) with the least risk."
        )
    if matters != truly_matters:
        return wrong(
            "the tie-break question is off: list the rankings that a different "
            "tie-break of sort could return, and ask whether any of them is outside "
            "the Bayes set."
        )
    return right(
        f"E[y] = (0.5, 0.5, 0.5) ties every item, so all {len(bayes)} rankings share "
        "the risk 0.5; for a loss linear in y tied means give tied risks, so no "
        "tie-break can leave the Bayes set."
    )


# ---- 06.2 · the MAP band at four items ----------------------------------------------------------

_BAND_LABELS = np.array([[0, 0, 1, 0], [1, 1, 0, 0]])


def _failure_band(labels, surrogate):
    """The ends of the set of w where sorting the minimiser leaves MAP's Bayes set, to about 1e-7.

    A grid of step 1/4000 finds the failing points, then a grid 1000 times finer around each end
    pins the end down, so that the tolerance of the checker is measured from the true end.
    """

    def failing(w):
        regret = calibration_regret(map_loss(), surrogate, labels, np.column_stack([w, 1 - w]))
        return w[regret > 0]

    step = 1 / 4000
    coarse = failing(np.linspace(0.0, 1.0, 4001))
    low = failing(np.linspace(max(coarse.min() - step, 0.0), coarse.min(), 1001)).min()
    high = failing(np.linspace(coarse.max(), min(coarse.max() + step, 1.0), 1001)).max()
    return float(low), float(high)


_BAND_TOL = 1e-3  # the statement asks for 3 decimals: 0.385 and 0.3846 for 5/13 are right


@exercise(
    "06.2",
    "a tuple (low, high): the ends of the interval of w where sorting E[y] is not "
    "Bayes-optimal for MAP, with the fourth item added",
)
def _map_band(answer):
    low, high = read_numbers(answer, 2, "your interval")
    if low > high:
        raise Malformed("the interval should be given as (low, high) with low <= high.")

    def near(a, b):
        return math.isclose(a, b, rel_tol=0.0, abs_tol=_BAND_TOL)

    true_low, true_high = _failure_band(_BAND_LABELS, squared_surrogate())
    if near(low, true_low) and near(high, true_high):
        return right(
            "the never-relevant item goes last both in every Bayes ranking and in "
            "sort(E[y]) and changes no AP, so sorting E[y] still fails exactly on "
            "(5/13, 1/2], the right end included by sort's index tie-break."
        )
    other_low, other_high = _failure_band(_BAND_LABELS, squared_surrogate("normalized"))
    if near(low, other_low) and near(high, other_high):
        return wrong(
            "that is where sorting the normalised means E[y/|y|] fails; the exercise "
            "asks about sorting E[y] itself."
        )
    if not near(low, true_low) and not near(high, true_high):
        side = "both ends are"
    else:
        side = "the left end is" if not near(low, true_low) else "the right end is"
    return wrong(
        f"{side} off (to 3 decimals): find where the Bayes top switches from A, B to C "
        "and where sort(E[y]) does, and ask whether the fourth item moves either."
    )


# ---- 06.3 · the pairwise surrogates' minimisers -------------------------------------------------

_ZHANG_WEIGHTS = np.array([[1.0, 4.0, 9.0]])
_ONE = np.array([1.0])


def _excess(phi, alpha):
    surrogate = pairwise_surrogate(phi, weights="relevance")
    best = surrogate_minimizer(surrogate, _ZHANG_WEIGHTS, _ONE, method="closed_form").scores
    with np.errstate(over="ignore", invalid="ignore"):
        value = surrogate_risk(surrogate, alpha, _ZHANG_WEIGHTS, _ONE)
    least = surrogate_risk(surrogate, best, _ZHANG_WEIGHTS, _ONE)
    return value - least if math.isfinite(value) else math.inf


@exercise(
    "06.3",
    "a tuple (alpha_logistic, alpha_exponential): for the weights w = (1, 4, 9), a "
    "minimiser of each pairwise surrogate, three numbers each",
)
def _zhang_minimisers(answer):
    first, second = read_sequence(answer, 2, "your answer")
    logistic = read_vector(first, "the logistic minimiser", length=3)
    exponential = read_vector(second, "the exponential minimiser", length=3)
    for name, phi, alpha in (
        ("logistic", "logistic", logistic),
        ("exponential", "exponential", exponential),
    ):
        excess = _excess(phi, alpha)
        if excess > 1e-3:
            if np.all(np.diff(alpha) < 0):
                hint = (
                    "your scores rank the heaviest item last: that is the sign slip of the "
                    "surrogate as printed."
                )
            else:
                hint = (
                    "set the derivative in alpha_k to 0 and try alpha_j = c log w_j: which "
                    "c makes the two sums equal?"
                )
            return wrong(
                f"the {name} surrogate's risk at your scores is {excess:.3g} above its "
                f"least value; {hint}"
            )
    return right(
        "both are minimisers (any common shift too): log w for the logistic "
        "surrogate, (1/2) log w for the exponential one, and both increase with w, the "
        "order Corollary 1 asks for."
    )


# ---- 06.4 · a correlated ERR counterexample -----------------------------------------------------

_ERR_LABELS = label_set(3)


def _read_distribution(answer):
    first, second = read_sequence(answer, 2, "your answer")
    labels = read_matrix(first, "the labels", shape=(None, 3))
    if not np.all((labels == 0) | (labels == 1)):
        raise Malformed("the labels should be binary vectors of three items (entries 0 or 1).")
    if (
        labels.shape[0] > _ERR_LABELS.shape[0]
        or len({tuple(row) for row in labels.tolist()}) != labels.shape[0]
    ):
        raise Malformed("the labels should be distinct rows (at most the 8 of {0,1}^3).")
    probs = read_vector(second, "the probabilities", length=labels.shape[0])
    if np.any(probs < 0) or not math.isclose(probs.sum(), 1.0, abs_tol=1e-6):
        raise Malformed("the probabilities should be non-negative and sum to 1.")
    return labels.astype(int), probs / probs.sum()


@exercise(
    "06.4",
    "a tuple (labels, probs): k distinct binary label vectors of three items (a "
    "k x 3 list) and their k probabilities",
)
def _err_counterexample(answer):
    labels, probs = _read_distribution(answer)
    try:
        found = is_calibrated_at(
            err_loss(1),
            squared_surrogate("err_gain", max_grade=1),
            labels,
            probs,
            method="closed_form",
        )
    except ValueError as problem:  # a distribution rankviz refuses, e.g. a degenerate label set
        raise Malformed(f"rankviz cannot use this distribution: {problem}") from None
    index = {tuple(y): k for k, y in enumerate(_ERR_LABELS.tolist())}
    full = np.zeros(_ERR_LABELS.shape[0])
    for y, p in zip(labels.tolist(), probs, strict=True):
        full[index[tuple(y)]] += p
    marginal = full @ _ERR_LABELS
    product = np.prod(np.where(_ERR_LABELS == 1, marginal, 1 - marginal), axis=1)
    is_product = bool(np.allclose(full, product, atol=1e-9))
    if found.calibrated:
        reason = (
            "it is a product measure, where Lemma 1 makes sorting E[G] optimal"
            if is_product
            else "sorting E[G] lands in the Bayes set here"
        )
        return wrong(
            f"not a counterexample: {reason}; make two items relevant together, so "
            "that the second one is a poor bet once the first has failed."
        )
    if is_product:  # cannot happen by Lemma 1; kept so that the verdict rests on both properties
        return wrong(
            "sort(E[G]) fails here, but the distribution is a product measure, which "
            "Lemma 1 excludes: check your probabilities."
        )
    return right(
        f"sorting E[G] gives a ranking outside the Bayes set (regret {found.regret:.2g}) "
        "and P(y) differs from the product of its marginals: correlation, not the "
        "surrogate's dimension, is what breaks Lemma 1."
    )


# ---- 06.5 · where is the hinge right? -----------------------------------------------------------

_HINGE_LABELS = np.array([[0.39, 6.07, 1.68, 1.86]])


@functools.cache
def _hinge_tie_sorted() -> tuple[int, ...]:
    hinge = pairwise_surrogate("hinge", weights="relevance")
    scores = surrogate_minimizer(hinge, _HINGE_LABELS, _ONE).scores
    return tuple(int(v) for v in pred_sort(merge_near_ties(scores, 1e-6)))


@exercise(
    "06.5",
    "a tuple (order, True/False): the Bayes ranking as an order (item ids 0-3 from "
    "the top), and whether sorting the exactly tied hinge minimiser is Bayes-optimal",
)
def _hinge(answer):
    first, second = read_sequence(answer, 2, "your answer")
    order = read_permutation(first, 4, "the Bayes order")
    optimal = read_bool(second, "whether the tied minimiser's ranking is Bayes-optimal")
    bayes = bayes_permutations(ndcg_loss("linear"), _HINGE_LABELS, _ONE)
    sigma = np.argsort(order)
    if not _contains(bayes, sigma):
        if _contains(bayes, np.asarray(order)):
            return wrong(
                "those are positions (sigma[i] = position of item i), not an order: "
                "list the item ids from the top."
            )
        return wrong(
            "that order is not Bayes-optimal: for NDCG the Bayes rankings sort the "
            "weights w_j in decreasing order."
        )
    truth = _contains(bayes, np.array(_hinge_tie_sorted()))
    if optimal != truth:
        return wrong(
            "the second entry is off: sort breaks an exact tie by index; which of C "
            "and D does it then put first, and is that where the Bayes order puts it?"
        )
    return right(
        "every hinge minimiser ties C and D, and sort's index tie-break puts C first, "
        "outside the Bayes set: checking one minimiser decides nothing, the gap of "
        "Definition 3 (0 here) does."
    )


# ---- 06.6 · rescuing the net degree -------------------------------------------------------------


def _net_degree_is_bayes(x: float) -> bool:
    graph = np.zeros((5, 5))
    graph[0, 1] = graph[1, 2] = graph[1, 3] = graph[1, 4] = 1.0
    graph[0, 2] = x
    sigma = pred_sort(net_degree_scores(graph))
    return _contains(pred_all_orders(difference_scores(graph)), sigma)


@exercise(
    "06.6",
    "a number: the smallest weight x >= 0 of the arrow A -> C at which sorting the "
    "net degrees is Bayes-optimal",
)
def _net_degree(answer):
    x = read_number(answer, "the weight x", lo=0.0, hi=1e6)
    if not _net_degree_is_bayes(x):
        return wrong(
            "at that weight sorting the net degrees still puts B above A: compare A's "
            "net degree 1 + x with B's."
        )
    if x >= 0.01 and _net_degree_is_bayes(x - 0.01):
        return wrong(
            "sorting is Bayes-optimal at that weight, but already at smaller ones: "
            "find where A's net degree reaches B's, and what sort does at a tie."
        )
    return right(
        "at x = 1 A's net degree 1 + x meets B's 2 and sort's index tie-break puts A "
        "first; above it A wins outright, and every arrow is then respected."
    )


# ---- 06.7 · a finer grid for H ------------------------------------------------------------------

_TRI_LABELS = np.array([[1, 0, 0], [0, 2, 0], [0, 0, 1]])
_EPS = 0.02


@functools.cache
def _grid_h(steps: int) -> float:
    matrix = loss_matrix(ndcg_loss(), 3, _TRI_LABELS)
    targets = squared_surrogate("ndcg_gain").statistic(_TRI_LABELS)
    return float(suboptimality_function(matrix, targets, simplex_grid(3, steps), [_EPS])[0])


@exercise(
    "06.7",
    "a tuple of two numbers: H(0.02) on the grid of step 1/120, and the true "
    "H(0.02) over the whole simplex",
)
def _finer_grid(answer):
    on_grid, true_value = read_numbers(answer, 2, "your answer")
    c = dcg_discounts(3)
    lower = _EPS**2 / float(np.sum((c - c[::-1]) ** 2))  # §7's bound, met on this example
    fine = _grid_h(120)

    if not math.isclose(on_grid, fine, rel_tol=5e-3, abs_tol=0.0):  # 0.00097 for 7/7200 is right
        if on_grid > fine:
            return wrong(
                "the grid value cannot go up: the finer grid contains the coarser one, "
                "and a minimum over more distributions is smaller."
            )
        return wrong(
            "the value on the grid of step 1/120 is off: run suboptimality_function "
            "on simplex_grid(3, 120)."
        )
    if not math.isclose(true_value, lower, rel_tol=1e-3, abs_tol=0.0):  # 4 significant digits
        if true_value < lower:
            return wrong(
                "the true H(0.02) cannot lie below §7's lower bound eps^2 / "
                "||c - c^rev||^2, which holds for every distribution."
            )
        if math.isclose(true_value, fine, rel_tol=5e-3, abs_tol=0.0):
            return wrong(
                "a grid value is only an upper bound on the infimum; find where the "
                "lower bound of §7 is attained."
            )
        return wrong(
            "the true H(0.02) is off: it lies between §7's lower bound and every grid "
            "value, and the lower bound is attained."
        )
    return right(
        "the finer grid lowers the minimum (it can never raise it), and the true "
        "H(0.02) = 2 eps^2 = 0.0008: §7's lower bound, reached at mu = (1/3 + eps, "
        "1/3, 1/3 - eps)."
    )
