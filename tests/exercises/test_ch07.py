"""Chapter 07's checkers against oracles written from the exercises' statements.

tests/test_exercises.py feeds each checker its listed cases; here each checker is swept over a
family of answers and its verdict compared with one worked out independently: the hinge margin
minimiser's closed form (07.3), acyclicity and Definition 4 by hand (07.4), the dual
certificate's uniqueness (07.1).
"""

import itertools

import networkx as nx
import numpy as np

from rankviz.exercises import check


def test_07_3_accepts_exactly_the_counterexamples():
    # two items, hinge margin form: every minimiser is x = 1 + u > 0 when p > q, x = -(1 + v) < 0
    # when p < q; the Bayes order puts 1 on top when p u < q v
    for tenths, u, v in itertools.product(range(1, 10), (1, 3, 5), (1, 3, 5)):
        p = tenths / 10
        expected = p > 0.5 and p * u < (1 - p) * v
        verdict = check("07.3", (p, u, v)).verdict
        assert verdict == ("right" if expected else "wrong"), (p, u, v, verdict)


def test_07_4_accepts_exactly_acyclic_graphs_that_are_not_low_noise():
    gen = np.random.default_rng(7)
    seen = set()
    for _ in range(150):
        Y = gen.integers(0, 3, size=(3, 3)).astype(float)
        np.fill_diagonal(Y, 0.0)
        d = Y - Y.T
        graph = nx.DiGraph([(i, j) for i in range(3) for j in range(3) if d[i, j] > 0])
        acyclic = nx.is_directed_acyclic_graph(graph)
        low = all(d[i, k] >= d[i, j] + d[j, k] for i, j, k in itertools.permutations(range(3), 3)
                  if d[i, j] > 0 and d[j, k] > 0)
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
