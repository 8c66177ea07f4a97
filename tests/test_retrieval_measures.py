"""Chapter 01 retrieval measures (rankviz.retrieval_measures): trec_eval, brute force, definitions.

Oracles: trec_eval itself, through pytrec_eval (a dev dependency, never imported by rankviz or a
notebook), per query and averaged, on the chapter's examples and on random queries; the
definitions written here as loops over positions (1-based, no ties); every order of the tied
documents (the measures average over them); exact rational arithmetic for a large tie group;
and pooled counts for the micro average.

trec_eval's conventions, as these tests pin them down: it sorts a query's documents by
decreasing score and breaks ties by decreasing document id (``docno``, compared as strings);
it evaluates the queries that are both in the run and in the judgements (a query of the run
without judgements is ignored), and a judged query without a relevant document gets 0 for
``recip_rank``, ``map``, ``Rprec``, ``recall.k``, ``P.k`` and ``ndcg_cut.k`` and counts in the mean.
trec_eval up to 9.0.8, which pytrec_eval bundles, reads scores in single precision; trec_eval
10.0 reads them in double (the test of that reading skips when the installed one evaluates in
double).
"""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import pytrec_eval

from rankviz.measures import average_precision, ndcg, precision_at_k
from rankviz.permutations import mean_over_tie_orders, tie_consistent_rankings, weak_orders
from rankviz.retrieval_measures import (
    average_over_queries,
    mean_reciprocal_rank,
    r_precision,
    recall_at_k,
    reciprocal_rank,
)

# the chapter's running example (documents a-f) and the three queries of its MAP check
GRADES = np.array([2, 0, 3, 1, 0, 2])
LABELS = (GRADES >= 2).astype(int)
SCORES = np.array([0.875, 0.25, 0.375, 1.25, -0.5, 0.125])  # exact in float32; same order
TIED_SCORES = np.array([1.0, 0.0, 1.0, 1.0, 0.0, 0.5])
MAP_QUERIES = [
    (LABELS, SCORES),
    (np.array([0, 1, 0]), np.array([0.5, 0.25, 0.875])),
    (np.array([1, 0, 0, 1]), np.array([0.125, 0.375, 0.25, 0.75])),
]


# --------------------------------------------------------------------------- #
# definitions, 1-based positions, one untied ranking per row
# --------------------------------------------------------------------------- #
def _labels_top_down(y, scores):
    order = np.argsort(-np.asarray(scores, float), axis=-1, kind="stable")
    return np.take_along_axis(np.atleast_2d(y), np.atleast_2d(order), axis=-1)


def literal_reciprocal_rank(y, scores, k):
    values = []
    for row in _labels_top_down(y, scores):
        positions = [r for r in range(1, len(row) + 1) if row[r - 1] == 1]
        values.append(1 / positions[0] if positions and positions[0] <= k else 0.0)
    return np.array(values)


def literal_recall(y, scores, k):
    rows = _labels_top_down(y, scores)
    return np.array([sum(row[:k]) / sum(row) for row in rows])


def literal_r_precision(y, scores):
    rows = _labels_top_down(y, scores)
    return np.array([sum(row[: int(sum(row))]) / sum(row) for row in rows])


# --------------------------------------------------------------------------- #
# trec_eval through pytrec_eval
# --------------------------------------------------------------------------- #
TREC_MEASURES = {"recip_rank", "Rprec", "map", "P.1,2,3,5", "recall.1,2,3,5", "ndcg_cut.2,5"}


def docno(i, n):
    """Zero-padded, so that trec_eval's string order of the ids is their numeric order."""
    return f"doc{i:0{len(str(n))}d}"


def trec_eval(queries, measures=TREC_MEASURES, judged=None):
    """pytrec_eval's per-query results for ``queries``: a list of (relevance, scores) pairs.

    ``relevance`` is written to the judgements as given (labels or grades); query ``q`` is
    named ``q{q}``.  ``judged`` (default: all) lists the queries that get judgements.
    """
    qrels, run = {}, {}
    for q, (rel, scores) in enumerate(queries):
        n = len(scores)
        if judged is None or q in judged:
            qrels[f"q{q}"] = {docno(i, n): int(rel[i]) for i in range(n)}
        run[f"q{q}"] = {docno(i, n): float(scores[i]) for i in range(n)}
    return pytrec_eval.RelevanceEvaluator(qrels, set(measures)).evaluate(run)


def untied_copy_in_trec_order(scores):
    """Scores without ties that order the documents as trec_eval orders ``scores``.

    trec_eval breaks a tie by decreasing docno, that is (ids zero-padded) decreasing index.
    """
    scores = np.asarray(scores, float)
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], -i))
    untied = np.empty(len(scores))
    untied[order] = -np.arange(len(scores), dtype=float)
    return untied


def test_trec_eval_breaks_ties_by_decreasing_docno():
    y, tied = np.array([1, 0]), np.array([1.0, 1.0])  # doc0 relevant, doc1 not, same score
    result = trec_eval([(y, tied)], {"recip_rank"})["q0"]
    assert result["recip_rank"] == 0.5  # doc1 ("doc1" > "doc0") goes first


@pytest.mark.parametrize("queries", [MAP_QUERIES, [(LABELS, TIED_SCORES)]], ids=["untied", "tied"])
def test_the_chapters_examples_per_query_match_trec_eval(queries):
    results = trec_eval(queries)
    for q, (y, scores) in enumerate(queries):
        untied = untied_copy_in_trec_order(scores)
        ours = {
            "recip_rank": reciprocal_rank(y, untied),
            "Rprec": r_precision(y, untied),
            "map": average_precision(y, untied),
            **{f"P_{k}": precision_at_k(y, untied, k) for k in (1, 2, 3, 5)},
            **{f"recall_{k}": recall_at_k(y, untied, k) for k in (1, 2, 3, 5)},
            **{f"ndcg_cut_{k}": ndcg(y, untied, k, gain="linear") for k in (2, 5)},
        }
        for name, value in ours.items():
            assert math.isclose(value, results[f"q{q}"][name], abs_tol=1e-12), (q, name)


def test_graded_ndcg_cut_is_linear_gain_ndcg():
    results = trec_eval([(GRADES, SCORES)], {"ndcg_cut.1,3,6"})["q0"]
    for k in (1, 3, 6):
        assert math.isclose(ndcg(GRADES, SCORES, k, gain="linear"), results[f"ndcg_cut_{k}"])
    assert not math.isclose(ndcg(GRADES, SCORES, 3), results["ndcg_cut_3"])  # the gain matters


def test_the_expected_value_over_ties_is_trec_evals_mean_over_docno_assignments():
    # each ranking consistent with the ties is what trec_eval computes when the docnos happen
    # to put the tied documents in that order; the mean over them is the expected value
    _, rankings = tie_consistent_rankings(TIED_SCORES)
    per_ranking = []
    for sigma in rankings:  # sigma[i]: position of document i; its docno must sort it there
        n = len(sigma)
        qrels = {"q": {docno(n - 1 - sigma[i], n): int(LABELS[i]) for i in range(n)}}
        run = {"q": {docno(n - 1 - sigma[i], n): float(TIED_SCORES[i]) for i in range(n)}}
        evaluator = pytrec_eval.RelevanceEvaluator(
            qrels, {"recip_rank", "Rprec", "map", "recall.2"}
        )
        per_ranking.append(evaluator.evaluate(run)["q"])
    mean = {name: np.mean([r[name] for r in per_ranking]) for name in per_ranking[0]}
    assert len(rankings) == 12
    assert math.isclose(reciprocal_rank(LABELS, TIED_SCORES), mean["recip_rank"])
    assert math.isclose(r_precision(LABELS, TIED_SCORES), mean["Rprec"])
    assert math.isclose(average_precision(LABELS, TIED_SCORES), mean["map"])
    assert math.isclose(recall_at_k(LABELS, TIED_SCORES, 2), mean["recall_2"])


@pytest.mark.parametrize("seed", range(4))
def test_random_queries_of_different_sizes_match_trec_eval_per_query_and_averaged(seed):
    rng = np.random.default_rng(seed)
    queries = []
    for size in rng.integers(2, 12, size=8):
        y = rng.integers(0, 2, size=size)
        scores = rng.permutation(size) / 4.0  # distinct, exact in float32
        queries.append((y, scores))
    queries.append((np.zeros(5, dtype=int), np.arange(5) / 4.0))  # judged, no relevant document
    results = trec_eval(queries)
    ys, ss = [q[0] for q in queries], [q[1] for q in queries]
    for measure, name, k in [
        ("reciprocal_rank", "recip_rank", None),
        ("r_precision", "Rprec", None),
        ("average_precision", "map", None),
        ("precision", "P_3", 3),
        ("recall", "recall_3", 3),
    ]:
        trec_mean = np.mean([results[f"q{q}"][name] for q in range(len(queries))])
        ours = average_over_queries(ys, ss, measure, k, if_no_relevant="zero")
        assert math.isclose(ours, trec_mean, abs_tol=1e-12), measure
        aggregated = pytrec_eval.compute_aggregated_measure(
            name, [results[f"q{q}"][name] for q in range(len(queries))]
        )
        assert math.isclose(ours, aggregated, abs_tol=1e-12), measure
    trec_ndcg = np.mean([results[f"q{q}"]["ndcg_cut_5"] for q in range(len(queries))])
    ours_ndcg = average_over_queries(ys, ss, "ndcg", 5, if_no_relevant="zero", gain="linear")
    assert math.isclose(ours_ndcg, trec_ndcg, abs_tol=1e-12)


def test_trec_eval_ignores_a_query_without_judgements_and_zeroes_one_without_relevant():
    queries = [(LABELS, SCORES), (np.array([0, 0, 0]), np.array([3.0, 2.0, 1.0])), MAP_QUERIES[1]]
    results = trec_eval(queries, {"recip_rank", "map"}, judged={0, 1})
    assert set(results) == {"q0", "q1"}  # q2 has no judgements: not evaluated
    assert results["q1"] == {"recip_rank": 0.0, "map": 0.0}  # judged, nothing relevant: 0
    # trec_eval's mean is the "zero" convention over the judged queries
    mrr = mean_reciprocal_rank(
        [q[0] for q in queries[:2]], [q[1] for q in queries[:2]], if_no_relevant="zero"
    )
    assert math.isclose(mrr, (results["q0"]["recip_rank"] + 0.0) / 2)


def test_a_judged_query_without_relevant_documents_is_0_for_the_chapters_measures_only():
    nothing_relevant = [(np.array([0, 0, 0]), np.array([3.0, 2.0, 1.0]))]
    chapters = {"recip_rank", "map", "Rprec", "recall.3", "P.3", "ndcg_cut.3"}
    others = {"gm_map", "utility", "num_ret"}
    results = trec_eval(nothing_relevant, chapters | others)["q0"]
    assert all(results[name] == 0.0 for name in ("recip_rank", "map", "Rprec", "recall_3", "P_3"))
    assert results["ndcg_cut_3"] == 0.0
    # not "every measure": the log of AP floored at 1e-5, -1 per retrieved irrelevant
    # document, and a count
    assert math.isclose(results["gm_map"], math.log(1e-5))
    assert results["utility"] == -3.0 and results["num_ret"] == 3.0


def test_ap_at_k_divides_by_min_k_r_where_trec_evals_map_cut_divides_by_r():
    # the example has R = 3 relevant documents, first relevant at position 2 (d a c b f e)
    results = trec_eval([(LABELS, SCORES)], {"map_cut.2,6"})["q0"]
    hits_at_relevant_up_to_2 = 1 / 2  # Prec@2 at the one relevant position within the top 2
    assert math.isclose(results["map_cut_2"], hits_at_relevant_up_to_2 / 3)  # over R
    ours = average_over_queries([LABELS], [SCORES], "average_precision", 2)
    assert math.isclose(ours, hits_at_relevant_up_to_2 / 2)  # over min(k, R)
    assert math.isclose(
        average_over_queries([LABELS], [SCORES], "average_precision", 6), results["map_cut_6"]
    )


def test_trec_eval_reads_scores_as_single_precision():
    # Depends on the trec_eval that pytrec_eval bundles: up to 9.0.8 a score is a C float,
    # from 10.0 a double. Document 0 is above document 1 in double precision; in single
    # precision the two tie, and trec_eval's docno rule then puts document 1 first.
    y, scores = np.array([1, 0]), np.array([1.0 + 1e-9, 1.0])
    assert reciprocal_rank(y, scores) == 1.0
    close_scores_rr = trec_eval([(y, scores)], {"recip_rank"})["q0"]["recip_rank"]
    if close_scores_rr == 1.0:  # detected by behaviour, not by a version string
        pytest.skip(
            "the installed pytrec_eval reads scores in double precision (trec_eval >= 10.0)"
        )
    assert close_scores_rr == 0.5
    apart = np.array([1.0 + 1e-6, 1.0])  # apart in single precision too
    assert trec_eval([(y, apart)], {"recip_rank"})["q0"]["recip_rank"] == 1.0


# --------------------------------------------------------------------------- #
# definitions and brute force over the orders of the ties
# --------------------------------------------------------------------------- #
def test_untied_rankings_match_the_definitions(rng):
    y = rng.integers(0, 2, size=(200, 7))
    y[y.sum(axis=1) == 0, 0] = 1
    scores = rng.normal(size=(200, 7))
    for k in (1, 3, 7, 9):
        assert np.allclose(reciprocal_rank(y, scores, k), literal_reciprocal_rank(y, scores, k))
        assert np.allclose(recall_at_k(y, scores, k), literal_recall(y, scores, k))
    assert np.allclose(r_precision(y, scores), literal_r_precision(y, scores))


@pytest.mark.slow  # about 2.6 s
def test_every_tie_pattern_of_five_documents_gives_the_mean_over_its_orders():
    patterns = weak_orders(5)  # the 541 tie patterns
    labellings = np.array([y for y in itertools.product((0, 1), repeat=5) if sum(y)])  # 31
    ys = np.repeat(labellings, len(patterns), axis=0)
    tied = np.tile(patterns, (len(labellings), 1))
    for k in range(1, 6):
        expected = mean_over_tie_orders(lambda s, row: literal_reciprocal_rank(ys[row], s, k), tied)  # noqa: B023
        assert np.allclose(reciprocal_rank(ys, tied, k), expected, rtol=0, atol=1e-12)
        expected = mean_over_tie_orders(lambda s, row: literal_recall(ys[row], s, k), tied)  # noqa: B023
        assert np.allclose(recall_at_k(ys, tied, k), expected, rtol=0, atol=1e-12)
    expected = mean_over_tie_orders(lambda s, row: literal_r_precision(ys[row], s), tied)
    assert np.allclose(r_precision(ys, tied), expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize("g, t", [(1, 1), (2, 1), (7, 3), (60, 1), (60, 59), (300, 17)])
def test_a_large_tie_group_on_top_has_the_exact_expected_value_of_rr(g, t):
    # P(first relevant at offset j) = C(g - 1 - j, t - 1) / C(g, t), summed in exact rationals
    exact = sum(
        Fraction(math.comb(g - 1 - j, t - 1), math.comb(g, t)) / (j + 1) for j in range(g - t + 1)
    )
    y = np.r_[np.ones(t), np.zeros(g - t), [1.0]]  # a last, untied relevant document below
    scores = np.r_[np.ones(g), [0.0]]
    assert math.isclose(reciprocal_rank(y, scores), float(exact), rel_tol=1e-12)


def test_a_tie_below_the_first_relevant_document_changes_nothing():
    assert reciprocal_rank([0, 1, 1, 0], [3.0, 2.0, 1.0, 1.0]) == 0.5


# --------------------------------------------------------------------------- #
# identities between the measures
# --------------------------------------------------------------------------- #
def test_r_precision_is_precision_and_recall_at_r_also_with_ties():
    patterns = weak_orders(5)
    for y in itertools.product((0, 1), repeat=5):
        if not sum(y):
            continue
        R = sum(y)
        rp = r_precision(y, patterns)
        assert np.allclose(rp, precision_at_k(y, patterns, R))
        assert np.allclose(rp, recall_at_k(y, patterns, R))


def test_k_precision_is_r_recall_and_ap_with_one_relevant_document_is_rr(rng):
    y = rng.integers(0, 2, size=(300, 6))
    y[y.sum(axis=1) == 0, 1] = 1
    scores = rng.integers(0, 3, size=(300, 6)).astype(float)  # many ties
    R = y.sum(axis=1)
    for k in (1, 2, 4, 8):
        assert np.allclose(k * precision_at_k(y, scores, k), R * recall_at_k(y, scores, k))
    one = np.eye(6, dtype=int)[rng.integers(0, 6, size=300)]
    assert np.allclose(average_precision(one, scores), reciprocal_rank(one, scores))
    for k in (1, 3, 6):  # with a cut-off AP@k divides by min(k, 1) = 1 too
        assert np.allclose(average_precision(one, scores, k), reciprocal_rank(one, scores, k))


# --------------------------------------------------------------------------- #
# averaging over queries
# --------------------------------------------------------------------------- #
def test_macro_and_micro_averages_against_pooled_counts():
    ys = [np.array([1, 0, 0, 0]), np.array([1, 1, 1, 0, 0, 1]), np.array([0, 0, 0])]
    ss = [np.array([1.0, 4.0, 3.0, 2.0]), np.array([6.0, 5.0, 1.0, 2.0, 3.0, 4.0]), np.arange(3.0)]
    hits_at_2 = [0, 2, 0]
    relevant = [1, 4, 0]
    for mode, kept in (("skip", [0, 1]), ("zero", [0, 1, 2])):
        micro_recall = sum(hits_at_2[q] for q in kept) / sum(relevant[q] for q in kept)
        assert math.isclose(
            average_over_queries(ys, ss, "recall", 2, average="micro", if_no_relevant=mode),
            micro_recall,
        )
        micro_precision = sum(hits_at_2[q] for q in kept) / (2 * len(kept))
        assert math.isclose(
            average_over_queries(ys, ss, "precision", 2, average="micro", if_no_relevant=mode),
            micro_precision,
        )
        assert math.isclose(
            average_over_queries(ys, ss, "precision", 2, if_no_relevant=mode), micro_precision
        )
        macro_recall = (0 / 1 + 2 / 4) / len(kept)
        assert math.isclose(
            average_over_queries(ys, ss, "recall", 2, if_no_relevant=mode), macro_recall
        )
    # R-precision pools the hits in each query's top R: (0 + 3) / (1 + 4)
    assert math.isclose(
        average_over_queries(ys, ss, "r_precision", average="micro", if_no_relevant="zero"), 3 / 5
    )
    # the reciprocal ranks are 1/4 and 1; micro divides by the number of queries with a relevant one
    assert math.isclose(
        average_over_queries(ys, ss, "reciprocal_rank", average="micro", if_no_relevant="zero"),
        1.25 / 2,
    )
    assert math.isclose(
        average_over_queries(ys, ss, "reciprocal_rank", if_no_relevant="zero"), 1.25 / 3
    )


def test_skip_and_zero_rescale_every_system_by_the_same_factor(rng):
    ys = [rng.integers(0, 2, size=n) for n in (4, 5, 6, 7, 8)] + [np.zeros(6, dtype=int)]
    for measure in ("recall", "reciprocal_rank", "average_precision", "r_precision", "precision"):
        k = 3 if measure in ("recall", "precision") else None
        for _ in range(5):
            ss = [rng.normal(size=y.size) for y in ys]
            with_relevant = sum(1 for y in ys if y.sum())
            skip = average_over_queries(ys, ss, measure, k, if_no_relevant="skip")
            zero = average_over_queries(ys, ss, measure, k, if_no_relevant="zero")
            assert math.isclose(zero, skip * with_relevant / len(ys)), measure


def test_batched_and_ragged_inputs_agree():
    y = [[1, 0, 1], [0, 1, 0]]
    s = [[0.2, 0.3, 0.1], [1.0, 1.0, 0.0]]
    as_lists = [np.array(r) for r in y], [np.array(r) for r in s]
    for measure in ("recall", "reciprocal_rank", "ndcg"):
        batch = average_over_queries(y, s, measure, 2)
        ragged = average_over_queries(
            as_lists[0] + [np.array([1])], as_lists[1] + [np.array([0.0])], measure, 2
        )
        assert math.isclose(ragged, (2 * batch + 1.0) / 3)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: recall_at_k([1, 0], [2, 1], None), "k"),
        (lambda: average_over_queries([[1, 0]], [[2, 1]], "r_precision", 1), "k must be None"),
        (lambda: average_over_queries([[1, 0]], [[2, 1]], "recall", 1, gain="linear"), "gain"),
        (lambda: average_over_queries([[0, 0]], [[2, 1]], "recall", 1), "if_no_relevant"),
        (
            lambda: average_over_queries([[0, 0]], [[2, 1]], "recall", 1, if_no_relevant="skip"),
            "no query",
        ),
        (
            lambda: average_over_queries(
                [[0, 0]], [[2, 1]], "recall", 1, average="micro", if_no_relevant="zero"
            ),
            "0 / 0",
        ),
        (
            lambda: average_over_queries([[1, 0], [1]], [[2, 1]], "recall", 1),
            "same number of queries",
        ),
        (lambda: average_over_queries([[1, 0], [1]], np.ones((2, 2)), "recall", 1), "sequences"),
        (lambda: average_over_queries([], [], "recall", 1), "y_true"),
        (lambda: reciprocal_rank([0, 0], [2, 1]), "if_no_relevant"),
        (lambda: r_precision([2, 0], [2, 1]), "y_true"),
        (lambda: average_over_queries([[1, 0]], [[2, 1]], "mrr"), "measure"),
    ],
)
def test_bad_calls_say_what_is_wrong(call, words):
    with pytest.raises((ValueError, TypeError), match=words):
        call()


def test_no_relevant_document_per_query_options():
    assert np.isnan(reciprocal_rank([0, 0], [2, 1], if_no_relevant="nan"))
    assert recall_at_k([0, 0], [2, 1], 1, if_no_relevant="zero") == 0.0
    assert r_precision([0, 0], [2, 1], if_no_relevant="zero") == 0.0
