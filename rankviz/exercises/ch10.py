"""Checkers for the exercises of chapter 10 (listwise surrogates: from RankNet to LambdaMART).

Every instance an exercise names is built here from its statement, and every value is computed
with :mod:`rankviz.listwise` and :mod:`rankviz.measures` when an answer is checked, never typed
in.
"""

from __future__ import annotations

import numpy as np

from rankviz.exercises._registry import exercise, read_sequence, read_vector, right, wrong
from rankviz.listwise import lambdarank_gradient, listnet_loss, ranknet_gradient
from rankviz.measures import ndcg

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
