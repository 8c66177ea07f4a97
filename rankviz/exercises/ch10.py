"""Checkers for the exercises of chapter 10 (listwise surrogates: from RankNet to LambdaMART).

Every instance an exercise names is built here from its statement, and every value is computed
with :mod:`rankviz.listwise`, :mod:`rankviz.measures` and :mod:`rankviz.ndcg_consistency` when an
answer is checked, never typed in.
"""

from __future__ import annotations

import numpy as np

from rankviz.exercises._registry import (
    Malformed,
    exercise,
    read_bool,
    read_matrix,
    read_sequence,
    read_vector,
    right,
    wrong,
)
from rankviz.listwise import lambdarank_gradient, listnet_loss, ranknet_gradient
from rankviz.measures import ndcg
from rankviz.ndcg_consistency import (
    MAX_ITEMS,
    MAX_LABELS,
    check_ndcg_consistency_at,
    surrogate_targets,
)

__all__ = []  # the checkers are reached through rankviz.exercises.check

TOL = 5e-3  # hand computation, three decimals

#: exercise 10.1's query: scores and grades
RANKNET_SCORES, RANKNET_LABELS = (1.0, 0.0, 2.0), (2, 1, 0)
#: exercise 10.2's query: scores and grades
LAMBDA_SCORES, LAMBDA_LABELS = (0.0, 1.0, 0.5), (2, 0, 1)
#: exercise 10.3's grades
LISTNET_LABELS = (2, 1, 0)


def _off(given, truth):
    return [i for i in range(len(truth)) if abs(given[i] - truth[i]) > TOL]


# ---- 10.1 · a RankNet gradient ----------------------------------------------------------------


@exercise("10.1", "a list of three numbers: dC/ds_0, dC/ds_1, dC/ds_2")
def _ranknet_gradient(answer):
    given = read_vector(answer, "your gradient", length=3)
    truth = ranknet_gradient(RANKNET_SCORES, RANKNET_LABELS)
    off = _off(given, truth)
    if not off:
        return right(
            "each ordered pair pulls its better document up and its worse one down with the "
            "force 1 / (1 + exp(s_i - s_j)); document 2, the worst, sits on top and gets the "
            "largest push down."
        )
    if not _off(-given, truth):
        return wrong(
            "every sign is flipped: you gave the direction that lowers the loss (what this "
            "chapter calls the lambdas), not the gradient dC/ds."
        )
    return wrong(
        f"the entry of document {off[0]} is off. List the pairs it belongs to (grades 2 > 1 > 0 "
        "give three pairs) and add the force of each, with a minus sign for the pairs it "
        "should win."
    )


# ---- 10.2 · the lambdas of a three-document query ---------------------------------------------


@exercise("10.2", "a list of three numbers: LambdaRank's gradient for documents 0, 1, 2")
def _lambdas(answer):
    given = read_vector(answer, "your lambdas", length=3)
    truth = lambdarank_gradient(LAMBDA_SCORES, LAMBDA_LABELS)
    off = _off(given, truth)
    if not off:
        return right(
            "the misordered pair (0, 1) carries by far the largest |Delta NDCG|, so document 0 "
            "is pushed up hardest; RankNet would leave document 2 alone, LambdaRank pushes it "
            "slightly up, because its pair with document 0 weighs less than its pair with 1."
        )
    if not _off(given, ranknet_gradient(LAMBDA_SCORES, LAMBDA_LABELS)):
        return wrong(
            "that is RankNet's gradient: weight each pair's force by |Delta NDCG_ij|, the change "
            "of NDCG when the two documents swap places in the current ranking."
        )
    if not _off(-given, truth):
        return wrong("every sign is flipped: the exercise asks for dC/ds, minus the lambdas.")
    return wrong(
        f"the entry of document {off[0]} is off. Rank the documents by their scores first "
        "(1, 2, 0), then compute |Delta NDCG| of each pair from the positions they hold there."
    )


# ---- 10.3 · ListNet and NDCG disagree ---------------------------------------------------------


@exercise(
    "10.3",
    "a pair (a, b) of score vectors of length 3 with ListNet loss of a below that of b and "
    "NDCG of a below that of b",
)
def _disagree(answer):
    first, second = read_sequence(answer, 2, "your pair (a, b)")
    a = read_vector(first, "the scores a", length=3)
    b = read_vector(second, "the scores b", length=3)
    if np.abs(np.concatenate([a, b])).max() > 1e3:
        return wrong("keep the scores below 1000 in size, so that the losses can be compared.")
    loss_a, loss_b = listnet_loss(a, LISTNET_LABELS), listnet_loss(b, LISTNET_LABELS)
    ndcg_a, ndcg_b = ndcg(LISTNET_LABELS, a), ndcg(LISTNET_LABELS, b)
    if not loss_a < loss_b - 1e-9:
        return wrong(
            f"ListNet's loss of a ({loss_a:.4f}) is not below that of b ({loss_b:.4f}): ListNet "
            "should prefer a."
        )
    if not ndcg_a < ndcg_b - 1e-9:
        return wrong(
            f"NDCG of a ({ndcg_a:.4f}) is not below that of b ({ndcg_b:.4f}): the measure "
            "should prefer b."
        )
    return right(
        f"ListNet prefers a (loss {loss_a:.3f} < {loss_b:.3f}) while NDCG prefers b "
        f"({ndcg_a:.3f} < {ndcg_b:.3f}): a lower surrogate loss does not mean a better ranking."
    )


# ---- 10.4 · A distribution that ListNet's softmax target gets wrong ---------------------------

#: Smallest NDCG regret accepted as a counterexample (far above the minimizers' accuracy).
_MIN_REGRET = 1e-6
#: Largest grade read (the gain 2**g - 1 of a larger one dwarfs every other label's).
_MAX_GRADE = 10


def _read_distribution(answer):
    labels, probs = read_sequence(answer, 2, "your answer")
    labels = read_matrix(labels, "the labels")
    if not 2 <= labels.shape[1] <= MAX_ITEMS:
        raise Malformed(
            f"the labels must have 2 to {MAX_ITEMS} documents (columns), got {labels.shape[1]}."
        )
    if labels.shape[0] > MAX_LABELS or (labels < 0).any() or (labels > _MAX_GRADE).any():
        raise Malformed(
            f"the labels must be at most {MAX_LABELS} rows of grades between 0 and {_MAX_GRADE}."
        )
    probs = read_vector(probs, "the probabilities", length=labels.shape[0])
    if (probs < 0).any() or not np.isclose(probs.sum(), 1.0, atol=1e-6):
        raise Malformed("the probabilities must be non-negative and sum to 1.")
    return labels, probs / probs.sum()


@exercise(
    "10.4",
    "a tuple (labels, probs): label vectors of 2 to 4 documents (one per row, grades >= 0) and "
    "their probabilities, a distribution where ListNet with the softmax target is not NDCG-optimal",
)
def _softmax_counterexample(answer):
    labels, probs = _read_distribution(answer)
    found = check_ndcg_consistency_at("listnet_softmax", labels, probs)
    order = " ".join("ABCD"[i] for i in np.argsort(found.minimizer.sigma))
    if found.minimizer.tied:
        return wrong(
            f"the minimizer ties two documents (order {order} only by the tie-break): a "
            "counterexample must have the surrogate itself choose a wrong order; move a "
            "probability a little."
        )
    if found.regret <= _MIN_REGRET:
        return wrong(
            f"here ListNet's minimizer orders {order}, which is NDCG-optimal: E[softmax(y)] and "
            f"E[G(y)/N(y)] = {np.round(found.eta, 3).tolist()} order the documents alike. Look for "
            "labels whose softmax weights a high grade much more than its gain over the ideal DCG."
        )
    return right(
        f"ListNet's minimizer orders {order}, outside NDCG's Bayes set (NDCG regret "
        f"{found.regret:.4f}): the softmax normalizes by sum(exp(y)), NDCG by the ideal DCG."
    )


# ---- 10.5 · ListNet's minimizer in closed form --------------------------------------------------

_CF_LABELS = np.array([[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]])
_CF_PROBS = np.array([0.6, 0.4])
#: Largest gap allowed between softmax(s) and the normalized mean target (scores read to about
#: three decimals move softmax(s) by about 1e-3).
_CF_TOL = 2e-3


@exercise(
    "10.5",
    "a tuple (scores, in_bayes): three scores minimizing ListNet's expected cross-entropy with "
    "the softmax target for a = (1, 0, 0) w.p. 0.6 and b = (0, 2, 0) w.p. 0.4 (any common shift), "
    "and True/False: their order is NDCG-optimal",
)
def _listnet_closed_form(answer):
    scores, in_bayes = read_sequence(answer, 2, "your answer")
    scores = read_vector(scores, "the scores", length=3)
    in_bayes = read_bool(in_bayes, "whether the order is NDCG-optimal")
    mean = _CF_PROBS @ surrogate_targets("listnet_softmax", _CF_LABELS)
    shifted = np.exp(scores - scores.max())
    softmax = shifted / shifted.sum()
    gap = float(np.max(np.abs(softmax - mean / mean.sum())))
    truth = check_ndcg_consistency_at("listnet_softmax", _CF_LABELS, _CF_PROBS).in_bayes_set
    if gap > _CF_TOL:
        return wrong(
            f"softmax of your scores is {np.round(softmax, 3).tolist()}; at a minimizer the "
            "gradient -E[t] + sum(E[t]) softmax(s) vanishes, so softmax(s) must equal the mean "
            "target E[softmax(y)] (normalized)."
        )
    if in_bayes != truth:
        return wrong(
            "the scores minimize the expected cross-entropy, but the verdict is off: compare their "
            "order with the order of E[G(y)/N(y)] (each label has one relevant document, so "
            "G(y)/N(y) is 1 on it and 0 elsewhere)."
        )
    return right(
        "softmax(s) is the mean target (0.388, 0.442, 0.170), so ListNet ranks B first, while "
        "E[G/N] = (0.6, 0.4, 0) ranks A first: not NDCG-optimal."
    )
