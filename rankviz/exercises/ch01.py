"""Checkers for the exercises of chapter 01 (the ranking problem: data, losses and measures)."""

from __future__ import annotations

import math

import numpy as np

from rankviz.exercises._registry import (
    Malformed,
    exercise,
    read_bool,
    read_choice,
    read_integer,
    read_matrix,
    read_number,
    read_numbers,
    read_sequence,
    read_vector,
    right,
    wrong,
)
from rankviz.measures import (
    average_precision,
    dcg,
    err,
    mean_precision_up_to_k,
    ndcg,
    precision_at_k,
)
from rankviz.permutations import tie_consistent_rankings
from rankviz.retrieval_measures import mean_reciprocal_rank, reciprocal_rank

__all__ = []  # the checkers are reached through rankviz.exercises.check

TOLERANCE = 5e-3  # accepts a hand computation rounded to two decimals (an error up to 0.005)


def _close(given: float, truth: float) -> bool:
    return math.isclose(given, truth, rel_tol=0, abs_tol=TOLERANCE)


# ---- 01.1 · by hand ------------------------------------------------------------------------------

_BY_HAND_LABELS = [1, 0, 1, 1, 0]  # top-down
_BY_HAND_SCORES = [5, 4, 3, 2, 1]  # the list as given: document 0 on top


@exercise("01.1", "a tuple of three numbers: Prec@3, AP and the draft's AvgPrec@3")
def _by_hand(answer):
    given = read_numbers(answer, 3, "your answer")
    truth = (
        precision_at_k(_BY_HAND_LABELS, _BY_HAND_SCORES, 3),
        average_precision(_BY_HAND_LABELS, _BY_HAND_SCORES),
        mean_precision_up_to_k(_BY_HAND_LABELS, _BY_HAND_SCORES, 3),
    )
    ok = [_close(g, t) for g, t in zip(given, truth, strict=True)]
    if all(ok):
        return right(
            "AP averages the precisions at the three relevant positions (1, 3, 4), the "
            "draft's AvgPrec@3 the precisions at every cut-off 1, 2, 3: two different "
            "measures of the same list."
        )
    if _close(given[1], truth[2]) and _close(given[2], truth[1]):
        return wrong(
            "AP and AvgPrec@3 are swapped: AP looks at the positions of the relevant "
            "documents, AvgPrec@3 at every cut-off up to 3."
        )
    if not ok[0]:
        return wrong("Prec@3 is off: it is (relevant documents among the top 3)/3.")
    if not ok[1]:
        return wrong(
            "AP is off: average Prec@r over the positions r that hold a relevant "
            "document only, and divide by the number of relevant documents."
        )
    return wrong(
        "the draft's AvgPrec@3 is off: it averages Prec@1, Prec@2 and Prec@3, whether "
        "or not a relevant document sits at the cut-off."
    )


# ---- 01.2 · all scores tied ----------------------------------------------------------------------

_EXAMPLE_GRADES = np.array([2, 0, 3, 1, 0, 2])  # the chapter's running example, documents a-f


@exercise(
    "01.2",
    "a tuple of two numbers: the expected DCG and the expected NDCG (whole list, "
    "exponential gain) of a scorer that ties all six documents of the running "
    "example",
)
def _all_tied(answer):
    given_dcg, given_ndcg = read_numbers(answer, 2, "your answer")
    tied = np.zeros(len(_EXAMPLE_GRADES))
    truth_dcg = dcg(_EXAMPLE_GRADES, tied)  # rankviz averages over the orders of a tie
    truth_ndcg = ndcg(_EXAMPLE_GRADES, tied)
    if _close(given_dcg, truth_dcg) and _close(given_ndcg, truth_ndcg):
        return right(
            "every position receives each document with probability 1/6, so the "
            "expected DCG is the mean gain times the sum of the six discounts, and the "
            "NDCG divides it by the ideal DCG."
        )
    by_index = dcg(_EXAMPLE_GRADES, -np.arange(len(_EXAMPLE_GRADES), dtype=float))
    if _close(given_dcg, by_index):
        return wrong(
            "that is the DCG of one tie order (the documents in index order), not the "
            "expectation over all orders of the tie."
        )
    linear = dcg(_EXAMPLE_GRADES, tied, gain="linear")
    if _close(given_dcg, linear):
        return wrong(
            "that expected DCG uses the grade itself as the gain; the chapter's DCG uses "
            "the exponential gain 2^y - 1."
        )
    if not _close(given_dcg, truth_dcg):
        return wrong(
            "the expected DCG is off: find the expected gain at one position when every "
            "document is equally likely to be there, then add up the discounted "
            "positions."
        )
    return wrong(
        "the expected DCG is right but the NDCG is off: divide by the largest DCG any "
        "ranking reaches (the list sorted by grade)."
    )


# ---- 01.3 · two documents and ERR ----------------------------------------------------------------

_R_GRID = np.array([0.0, 0.25, 0.5, 0.75, 1.0])


@exercise(
    "01.3",
    "a number c such that ERR(1 first) - ERR(2 first) = c (R1 - R2) for all R1, R2 in [0, 1]",
)
def _two_documents(answer):
    c = read_number(answer, "your constant c")
    r1, r2 = (v.ravel() for v in np.meshgrid(_R_GRID, _R_GRID, indexing="ij"))
    pairs = np.column_stack([r1, r2])
    one_first = err(pairs, np.tile([2.0, 1.0], (len(pairs), 1)), satisfaction="given")
    two_first = err(pairs, np.tile([1.0, 2.0], (len(pairs), 1)), satisfaction="given")
    gap = one_first - two_first
    miss = np.abs(gap - c * (r1 - r2))
    worst = int(np.argmax(miss))
    if miss[worst] <= TOLERANCE:
        return right(
            "the cross terms R1 R2 / 2 cancel, so the difference is (R1 - R2)/2: the "
            "more satisfying document belongs on top, Duchi et al.'s Lemma 1 for n = 2."
        )
    # no value of the true difference is printed: one value and a division would give c away
    if c < 0:
        return wrong(
            "the sign is reversed: putting the more satisfying document first raises "
            "ERR, so c is positive."
        )
    if c == 0:
        return wrong(
            "with c = 0 the order would not matter, but it does wherever R1 != R2; try "
            "R = (1, 0): write both ERRs out and subtract."
        )
    side = "too large" if abs(c * (r1[worst] - r2[worst])) > abs(gap[worst]) else "too small"
    return wrong(
        f"the identity fails: the right side c (R1 - R2) is {side} in size wherever "
        "R1 != R2; try R = (1, 0): write both ERRs out and subtract."
    )


# ---- 01.4 · an emphasis function that breaks an axiom --------------------------------------------

_AXIOMS = ("symmetry", "monotonicity", "triangle inequality")
_MAX_POSITION = 1000


def _squared_distance(i: int, j: int) -> float:
    return float((i - j) ** 2)


def _read_triple(value) -> tuple[int, int, int]:
    entries = read_vector(value, "the triple of positions", length=3)  # a tuple, list or array
    return tuple(read_integer(e, "each position", lo=1, hi=_MAX_POSITION) for e in entries)


@exercise(
    "01.4",
    "a tuple (axiom, (i, j, k)): the name of the axiom that omega(i, j) = (i - j)^2 "
    "breaks ('symmetry', 'monotonicity' or 'triangle inequality') and three "
    "1-based positions on which it fails",
)
def _emphasis_axiom(answer):
    axiom, triple = read_sequence(answer, 2, "your answer")
    axiom = read_choice(axiom, _AXIOMS, "the axiom")
    i, j, k = _read_triple(triple)
    w = _squared_distance
    if axiom == "symmetry":
        return wrong(
            "(i - j)^2 = (j - i)^2, so symmetry holds for every pair; look for the axiom "
            "that compares one long jump with two short ones."
        )
    if axiom == "monotonicity":
        return wrong(
            "monotonicity holds: for i < j < k (or i > j > k), (i - j)^2 <= (i - k)^2, "
            "as the squared distance grows with distance. Another axiom fails."
        )
    if len({i, j, k}) < 3:
        return wrong(
            "the triangle inequality is stated for three distinct positions; pick i, j "
            "and a different detour k."
        )
    if w(i, j) > w(i, k) + w(k, j):
        return right(
            f"omega({i}, {j}) = {w(i, j):g} exceeds omega({i}, {k}) + omega({k}, {j}) = "
            f"{w(i, k) + w(k, j):g}: squaring punishes one long jump more than the two "
            "short jumps that make it up, so the triangle inequality fails."
        )
    return wrong(
        f"on this triple the triangle inequality holds: omega({i}, {j}) = {w(i, j):g} <= "
        f"omega({i}, {k}) + omega({k}, {j}) = {w(i, k) + w(k, j):g}. The detour k must "
        "lie between i and j for the direct jump to cost more."
    )


# ---- 01.5 · when is the draft's AvgPrec@K one? ---------------------------------------------------

_N_DOCS, _N_RELEVANT = 10, 3


def _avgprec_on_ideal(k: int) -> float:
    labels = np.r_[np.ones(_N_RELEVANT), np.zeros(_N_DOCS - _N_RELEVANT)].astype(int)
    return mean_precision_up_to_k(labels, -np.arange(_N_DOCS, dtype=float), k)


@exercise(
    "01.5",
    "a tuple of two numbers: the largest K with AvgPrec@K = 1 on the ideal ranking "
    "of 10 documents with 3 relevant, then AvgPrec@10 on that ranking",
)
def _avgprec_ideal(answer):
    k_given, value = read_numbers(answer, 2, "your answer")
    if k_given != int(k_given) or not 1 <= k_given <= _N_DOCS:
        raise Malformed(
            f"the cut-off K should be a whole number from 1 to {_N_DOCS}, got {k_given:g}."
        )
    k_given = int(k_given)
    at_k = _avgprec_on_ideal(k_given)
    if not math.isclose(at_k, 1.0):
        return wrong(
            f"at K = {k_given} AvgPrec@K is {at_k:.4f}, below 1: once the cut-off "
            "passes the relevant documents, some Prec@r is below 1."
        )
    if k_given < _N_DOCS and math.isclose(_avgprec_on_ideal(k_given + 1), 1.0):
        return wrong(
            "AvgPrec@K is still 1 one cut-off further; look for the last cut-off at "
            "which every Prec@r up to it is 1."
        )
    if not _close(value, _avgprec_on_ideal(_N_DOCS)):
        return wrong(
            "the cut-off is right but AvgPrec@10 is off: beyond the relevant documents "
            "Prec@r = m+/r, so the mean involves harmonic numbers."
        )
    return right(
        "Prec@r = 1 up to r = m+ and m+/r beyond, so AvgPrec@K = 1 exactly for K <= m+, "
        "and AvgPrec@n = (m+/n)(1 + H_n - H_m+), below 1 although AP is 1."
    )


# ---- 01.6 · the MRR of three queries with ties ---------------------------------------------------

# each query: labels and scores of its documents, in document order (ties where scores repeat)
_MRR_QUERIES = (
    ([0, 0, 1, 0], [4.0, 3.0, 2.0, 1.0]),
    ([1, 0, 0], [2.0, 2.0, 1.0]),
    ([0, 1, 0, 1, 0], [3.0, 3.0, 3.0, 1.0, 0.0]),
)


def _rr_with_ties_broken(rule: str) -> float:
    """The MRR when every tie is broken one fixed way instead of averaged."""
    values = []
    for labels, scores in _MRR_QUERIES:
        y, s = np.array(labels), np.array(scores)
        if rule == "reciprocal of the mean position":
            _, rankings = tie_consistent_rankings(s)
            values.append(1 / np.mean([1 + rankings[:, y == 1].min(axis=1)]))
            continue
        nudge = {  # scores differ by at least 1; a nudge below 1 only breaks the ties
            "best": y,
            "worst": -y,
            "smaller index": -np.arange(y.size),
            "larger index": np.arange(y.size),
        }[rule]
        untied = s + nudge / (2.0 * y.size)
        values.append(reciprocal_rank(y, untied))
    return float(np.mean(values))


@exercise(
    "01.6",
    "a number: the mean reciprocal rank of the three queries, each tie averaged over the "
    "orders of the tied documents",
)
def _mrr_with_ties(answer):
    given = read_number(answer, "your MRR", lo=0, hi=1)
    labels = [np.array(q[0]) for q in _MRR_QUERIES]
    scores = [np.array(q[1]) for q in _MRR_QUERIES]
    truth = mean_reciprocal_rank(labels, scores)
    if _close(given, truth):
        return right(
            "a tie of g documents holding t relevant ones puts the first relevant one at each "
            "offset j with probability C(g - 1 - j, t - 1) / C(g, t): with one relevant "
            "document the tie's reciprocal rank is the mean of 1, 1/2, ..., 1/g."
        )
    slips = {
        "best": "every tie broken in the relevant documents' favour (the best case)",
        "worst": "every tie broken against the relevant documents (the worst case)",
        "smaller index": "every tie broken by the smaller index, one order among several",
        "larger index": "every tie broken by the larger index first (trec_eval's docno rule), "
        "one order among several",
        "reciprocal of the mean position": "the reciprocal of the expected position: the "
        "expected value of RR over the tie orders is the mean of 1 / position, which is larger",
    }
    for rule, slip in slips.items():
        if _close(given, _rr_with_ties_broken(rule)):
            return wrong(
                f"that is the MRR with {slip}; average the reciprocal rank over the orders."
            )
    return wrong(
        "the MRR is off: find each query's first relevant position (for a tie, the expected "
        "value of 1 / position over its orders), then take the mean over the three queries."
    )


# ---- 01.7 · Precision@k and Recall@k disagree on a set of queries -------------------------------

_K = 3
_RELEVANT = (1, 4)  # relevant documents of the two queries
_DOCUMENTS = (5, 6)  # documents of the two queries


@exercise(
    "01.7",
    "a pair of pairs ((a1, a2), (b1, b2)): how many relevant documents systems A and B put in "
    "the top 3 of query 1 (1 relevant of 5) and of query 2 (4 relevant of 6)",
)
def _precision_recall_disagree(answer):
    table = read_matrix(answer, "your answer", shape=(2, 2))
    hits = np.array(
        [[read_integer(h, "each number of hits", lo=0, hi=_K) for h in row] for row in table]
    )
    for q in range(2):
        least = max(
            0, _K - (_DOCUMENTS[q] - _RELEVANT[q])
        )  # irrelevant documents can fill only so much
        most = min(_K, _RELEVANT[q])
        for system, name in ((0, "A"), (1, "B")):
            if not least <= hits[system, q] <= most:
                return wrong(
                    f"system {name} cannot put {hits[system, q]} relevant documents in the top "
                    f"{_K} of query {q + 1}: with {_RELEVANT[q]} relevant of {_DOCUMENTS[q]}, "
                    f"the top {_K} holds between {least} and {most}."
                )
    precision = hits.mean(axis=1) / _K
    recall = (hits / np.array(_RELEVANT)).mean(axis=1)
    p_order, r_order = np.sign(precision[0] - precision[1]), np.sign(recall[0] - recall[1])
    if p_order * r_order < 0:
        return right(
            f"mean Prec@3 is {precision[0]:.3f} for A and {precision[1]:.3f} for B, mean Recall@3 "
            f"{recall[0]:.3f} and {recall[1]:.3f}: a hit on the query with one relevant document "
            "is worth a whole unit of recall there but only 1/3 of precision."
        )
    if p_order == 0 or r_order == 0:
        return wrong(
            "one of the two means ties the systems; you need each measure to prefer a different "
            "system strictly."
        )
    return wrong(
        f"both means prefer system {'A' if p_order > 0 else 'B'} (Prec@3 {precision[0]:.3f} "
        f"against {precision[1]:.3f}, Recall@3 {recall[0]:.3f} against {recall[1]:.3f}). A hit "
        "counts 1/3 of precision on either query but 1 or 1/4 of recall: trade hits between "
        "the queries."
    )


# ---- 01.8 · skipping the queries without a relevant document ------------------------------------

_QUERIES, _EMPTY, _REPORTED_MRR = 50, 10, 0.48


@exercise(
    "01.8",
    "a tuple (mrr_skipping, can_change): the MRR over the 40 queries with a relevant "
    "document, and True or False: can the choice between the two conventions change which "
    "of two systems has the larger MRR on these 50 queries",
)
def _skip_no_relevant(answer):
    value, can_change = read_sequence(answer, 2, "your answer")
    value = read_number(value, "the MRR that skips", lo=0)
    can_change = read_bool(can_change, "whether the comparison can change")
    truth = _REPORTED_MRR * _QUERIES / (_QUERIES - _EMPTY)
    if not _close(value, truth):
        if _close(value, _REPORTED_MRR * (_QUERIES - _EMPTY) / _QUERIES):
            return wrong(
                "the factor is inverted: the 10 queries add 0 to trec_eval's sum, so the sum "
                "is the same and only the number of queries it is divided by changes."
            )
        return wrong(
            "the MRR that skips is off: trec_eval's mean divides the sum of the reciprocal "
            "ranks by 50, and the 10 queries without a relevant document add 0 to that sum."
        )
    if can_change:
        return wrong(
            "the value is right, but the comparison cannot change: every system gets 0 on the "
            "same 10 queries, so switching multiplies every system's MRR by the same 50/40."
        )
    return right(
        "the sum of reciprocal ranks is 0.48 x 50 = 24 either way, so skipping gives 24/40 = "
        "0.6; every system is rescaled by the same 50/40, so no comparison on these queries "
        "changes (a comparison across test collections with different shares can)."
    )
