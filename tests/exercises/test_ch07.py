"""Chapter 07's checkers against oracles written from the exercises' statements.

tests/test_exercises.py feeds each checker its listed cases; here each checker is swept over a
family of answers and its verdict compared with one worked out independently: the hinge margin
minimiser's closed form (07.3), acyclicity and Definition 4 by hand (07.4), the dual
certificate's uniqueness (07.1).
"""

import itertools
import math
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from rankviz.exercises import check


@pytest.mark.slow
def test_07_3_accepts_exactly_the_counterexamples():
    # two items, hinge margin form: every minimiser is x = 1 + u > 0 when p > q, x = -(1 + v) < 0
    # when p < q; the Bayes order puts 1 on top when p u < q v
    for tenths, u, v in itertools.product(range(1, 10), (1, 3, 5), (1, 3, 5)):
        p = tenths / 10
        expected = p > 0.5 and p * u < (1 - p) * v
        verdict = check("07.3", (p, u, v)).verdict
        assert verdict == ("right" if expected else "wrong"), (p, u, v, verdict)


@pytest.mark.slow
def test_07_3_accepts_p_near_1():
    # the second probability is the exact 1 - p: for p = 0.51, ..., 0.99 (u = 1, v the smallest
    # whole number with p u < q v) every answer is a counterexample; the float 1 - p used to miss
    # the certificate's fractions for p near 1 and rejected (0.95, 1, 20), (0.99, 1, 100), ...
    for hundredths in range(51, 100):
        p = hundredths / 100
        v = math.floor(Fraction(hundredths, 100 - hundredths)) + 1
        verdict = check("07.3", (p, 1, v)).verdict
        assert verdict == "right", (p, v, verdict)
    for answer in [
        (0.94, 1, 17),
        (0.95, 1, 20),
        (0.96, 1, 25),
        (0.97, 1, 33),
        (0.98, 1, 50),
        (0.99, 1, 100),
        (0.6, 1, 1.500001),
        (0.75, 1, 3.000001),
    ]:
        assert check("07.3", answer).verdict == "right", answer
    # on the Bayes boundary p u = q v (exactly, though 0.4 * 1.5 > 0.6 in floats) there is no edge
    for answer in [(0.6, 1, 1.5), (0.75, 1, 3), (0.95, 1, 19)]:
        assert check("07.3", answer).verdict == "wrong", answer


def test_07_3_says_when_the_answer_has_too_many_decimals():
    # the certificate needs fractions with denominators up to 10^6: a finer answer is not called
    # wrong (with a false reason about p and q) but malformed, with the rule to follow
    for answer in [(0.7, 1, 3.0000001), (0.5000001, 1, 1.5), (0.6, 1e-9, 1)]:
        feedback = check("07.3", answer)
        assert feedback.verdict == "malformed", (answer, feedback)
        assert "6 decimals" in feedback.message


def test_07_4_accepts_exactly_acyclic_graphs_that_are_not_low_noise():
    gen = np.random.default_rng(7)
    seen = set()
    for _ in range(150):
        Y = gen.integers(0, 3, size=(3, 3)).astype(float)
        np.fill_diagonal(Y, 0.0)
        d = Y - Y.T
        graph = nx.DiGraph([(i, j) for i in range(3) for j in range(3) if d[i, j] > 0])
        acyclic = nx.is_directed_acyclic_graph(graph)
        low = all(
            d[i, k] >= d[i, j] + d[j, k]
            for i, j, k in itertools.permutations(range(3), 3)
            if d[i, j] > 0 and d[j, k] > 0
        )
        verdict = check("07.4", Y.tolist()).verdict
        assert verdict == ("right" if acyclic and not low else "wrong"), (Y, verdict)
        seen.add(verdict)
    assert seen == {"right", "wrong"}


def test_07_1_the_certificate_is_unique():
    assert check("07.1", (1, 0.25, 0.3, 1)).correct
    for k in range(4):
        for step in (-0.05, 0.05):
            lam = [1, 0.25, 0.3, 1]
            lam[k] += step
            assert check("07.1", tuple(lam)).verdict == "wrong", lam


def test_07_5_only_the_infimum_is_right():
    for value in np.linspace(0, 9, 91):
        verdict = check("07.5", float(value)).verdict
        assert verdict == ("right" if abs(value - 1.5) < 5e-3 else "wrong"), value


@pytest.mark.slow
def test_07_6_does_not_call_the_padded_minimiser_unique():
    # the solution's answer pads a three-item counterexample with a fourth item no one ranks: its
    # score is free, so the minimisers form a family; the message must speak of every minimiser
    from exercises.cases_ch07 import _LOGISTIC_3, _pad

    feedback = check("07.6", _pad(_LOGISTIC_3))
    assert feedback.correct, feedback
    assert "every minimiser" in feedback.message and "unique" not in feedback.message
