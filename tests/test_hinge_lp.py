"""rankviz.hinge_lp: the hinge's pairwise risk as a linear programme, against cvxpy and by hand."""

import numpy as np
import pytest

from rankviz.surrogates import graph_surrogate_minimizer


def test_hinge_vertex_is_a_whole_numbered_minimiser():
    import itertools

    from rankviz.hinge_lp import hinge_vertex_minimizer

    for weights in itertools.islice(itertools.product(range(3), repeat=6), 0, 729, 37):
        Y = np.zeros((3, 3))
        Y[~np.eye(3, dtype=bool)] = weights
        if not Y.any():
            continue
        alpha, value = hinge_vertex_minimizer(Y)
        mu = [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]
        direct = sum(
            Y[i, j] * max(0.0, 1 - alpha[i] + alpha[j])
            for i in range(3)
            for j in range(3)
            if i != j
        )
        assert np.allclose(alpha, np.round(alpha))
        assert value == pytest.approx(direct, abs=1e-9)
        assert value == pytest.approx(graph_surrogate_minimizer(mu, "hinge").value, abs=1e-7)


def test_widest_margin_matches_cvxpy():
    import cvxpy as cp

    from rankviz.consistency import difference_graph
    from rankviz.hinge_lp import widest_hinge_minimizer_margin

    for Y in (
        [[0, 0.5, 5], [0, 0, 2], [2, 0, 0]],
        [[0, 2, 3], [0, 0, 1], [0, 0, 0]],
        [[0, 3, 1], [1, 0, 2], [0, 1, 0]],
    ):
        Y = np.array(Y, dtype=float)
        scores, margin = cp.Variable(3), cp.Variable()
        risk = sum(
            Y[i, j] * cp.pos(1 - scores[i] + scores[j])
            for i in range(3)
            for j in range(3)
            if i != j and Y[i, j] > 0
        )
        best = cp.Problem(cp.Minimize(risk), [scores[0] == 0]).solve()
        edges = list(zip(*np.nonzero(difference_graph(Y) > 0), strict=True))
        want = cp.Problem(
            cp.Maximize(margin),
            [
                scores[0] == 0,
                risk <= best + 1e-7,
                margin <= 1,
                *(scores[i] - scores[j] >= margin for i, j in edges),
            ],
        ).solve()
        assert widest_hinge_minimizer_margin(Y) == pytest.approx(want, abs=1e-4)
