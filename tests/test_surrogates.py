"""rankviz.surrogates against closed forms, cvxpy, scipy and direct definitions (ch. 06, 07)."""

import itertools
import math
from fractions import Fraction

import cvxpy as cp
import networkx as nx
import numpy as np
import pytest
from distributions_over_labels import random_distribution
from hypothesis import given
from hypothesis import strategies as st
from scipy.optimize import minimize

from rankviz import SolverError
from rankviz.bayes import (
    label_set,
    loss_matrix,
    map_loss,
    ndcg_loss,
)
from rankviz.calibration import (
    is_calibrated_at,
)
from rankviz.consistency import (
    difference_graph,
    is_low_noise,
    mean_adjacency,
    violated_edges,
)
from rankviz.disagreement import (
    bayes_orders,
    conditional_pairwise_risk,
)
from rankviz.measures import dcg
from rankviz.permutations import all_permutations, sigma_from_scores
from rankviz.surrogates import (
    FORMS,
    SURROGATES,
    Surrogate,
    aggregated_surrogate_minimizer,
    aggregated_surrogate_risk,
    graph_surrogate_minimizer,
    graph_surrogate_risk,
    map_surrogate,
    pairwise_surrogate,
    pred_map,
    pred_sort,
    squared_surrogate,
    surrogate_minimizer,
    surrogate_risk,
)

# the flagship of the chapter: two DAGs with probability 1/2 (Figure 1's situation)
FLAGSHIP = [(0.5, [[0, 1, 10], [0, 0, 4], [0, 0, 0]]), (0.5, [[0, 0, 0], [0, 0, 0], [4, 0, 0]])]
PHI = {
    "hinge": lambda t: np.maximum(0, 1 - t),
    "logistic": lambda t: np.log1p(np.exp(-t)),
    "exponential": lambda t: np.exp(-t),
    "squared_hinge": lambda t: np.maximum(0, 1 - t) ** 2,
}


def random_dag(rng, n, density=0.6, high=10):
    """A random DAG: forward edges of a random order, integer weights."""
    order = rng.permutation(n)
    Y = np.zeros((n, n))
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                Y[order[a], order[b]] = rng.integers(1, high + 1)
    return Y


def random_mu(rng, n, k=None):
    k = k or int(rng.integers(1, 4))
    probs = rng.dirichlet(np.ones(k))
    probs[-1] = 1 - probs[:-1].sum()
    return [(float(p), random_dag(rng, n)) for p in probs]


def low_noise_distribution(rng, n, spread=3.0):
    """A low-noise mean graph: Y_ij = [s_i - s_j]_+ plus symmetric noise (path sums are exact)."""
    s = rng.normal(size=n) * spread
    noise = rng.random((n, n))
    Y = np.maximum(s[:, None] - s[None, :], 0) + noise + noise.T
    np.fill_diagonal(Y, 0)
    # realise it with two DAGs pointing down and up the item order
    return [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]


def oracle_surrogate(alpha, mu, phi, form):
    """Eqs. (12)-(13) with h = identity, summed graph by graph."""
    total = 0.0
    for p, Y in mu:
        Y = np.asarray(Y, float)
        for i, j in itertools.permutations(range(len(alpha)), 2):
            if Y[i, j] > 0:
                margin = alpha[i] - alpha[j]
                total += p * (
                    Y[i, j] * PHI[phi](margin) if form == "pairwise" else PHI[phi](margin - Y[i, j])
                )
    return total


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=6))
def test_pred_sort_is_sigma_from_scores_row_by_row(values):
    scores = np.array(values, dtype=float)
    np.testing.assert_array_equal(pred_sort(scores), sigma_from_scores(scores))
    batch = np.vstack([scores, scores[::-1]])
    np.testing.assert_array_equal(pred_sort(batch)[1], sigma_from_scores(scores[::-1]))


def test_pred_sort_ranks_infinite_scores_last_or_first():
    np.testing.assert_array_equal(pred_sort([1.0, -np.inf, 0.5]), [0, 2, 1])
    np.testing.assert_array_equal(pred_sort([np.inf, 3.0, -np.inf, -np.inf]), [0, 1, 2, 3])
    with pytest.raises(ValueError, match="NaN"):
        pred_sort([np.nan, 1.0])
    with pytest.raises(TypeError, match="real numbers"):
        pred_sort(["a"])


def test_pred_map_maximizes_the_expected_average_precision(rng):
    labels = label_set(4)
    surrogate = map_surrogate()
    risks_matrix = loss_matrix(map_loss(), 4, labels)
    for _ in range(20):
        probs = random_distribution(rng, 16, sparse=bool(rng.integers(2)))
        u = probs @ surrogate.statistic(labels)
        sigma = pred_map(u)
        risks = risks_matrix @ probs
        index = np.flatnonzero((all_permutations(4) == sigma).all(axis=1))[0]
        assert risks[index] <= risks.min() + 1e-12
    with pytest.raises(ValueError, match=r"n\(n\+1\)/2"):
        pred_map(np.zeros(4))
    with pytest.raises(ValueError, match="NaN or infinite"):
        pred_map([np.inf, 0.0, 0.0])


@pytest.mark.parametrize(
    "surrogate, grades",
    [
        (squared_surrogate(), (0, 1)),
        (squared_surrogate("normalized"), (0, 1)),
        (squared_surrogate("ndcg_gain"), (0, 1, 2)),
        (squared_surrogate("err_gain", max_grade=2), (0, 1, 2)),
        (map_surrogate(), (0, 1)),
        (pairwise_surrogate("logistic"), (0, 1, 2)),
        (pairwise_surrogate("exponential", weights="err_gain", max_grade=2), (0, 1, 2)),
        (pairwise_surrogate("logistic", reverse=True), (0, 1, 2)),
    ],
)
def test_closed_form_minimizer_matches_cvxpy(rng, surrogate, grades):
    labels = label_set(3, grades)
    probs = rng.dirichlet(np.ones(labels.shape[0]))
    closed = surrogate_minimizer(surrogate, labels, probs, method="closed_form")
    solved = surrogate_minimizer(surrogate, labels, probs)
    assert solved.status in ("optimal", "optimal_inaccurate") and closed.status == "closed form"
    np.testing.assert_allclose(solved.scores, closed.scores, atol=2e-4)
    # and it is a minimizer of the exact conditional risk: perturbations do not help
    best = surrogate_risk(surrogate, closed.scores, labels, probs)
    for _ in range(5):
        step = 1e-3 * rng.normal(size=closed.scores.size)
        assert surrogate_risk(surrogate, closed.scores + step, labels, probs) >= best - 1e-12


def test_cvxpy_expression_is_the_risk_up_to_a_constant(rng):
    labels = label_set(3, (0, 1, 2))
    probs = rng.dirichlet(np.ones(27))
    for surrogate in (squared_surrogate("ndcg_gain"), pairwise_surrogate("hinge")):
        tbar = probs @ surrogate.statistic(labels)
        differences = []
        for _ in range(4):
            u = rng.normal(size=3)
            value = surrogate.expression(cp.Constant(u), cp.Constant(tbar)).value
            differences.append(surrogate_risk(surrogate, u, labels, probs) - value)
        np.testing.assert_allclose(differences, differences[0], atol=1e-9)


def test_the_ndcg_target_is_gain_over_ideal_dcg():
    labels = np.array([[2, 0, 1], [0, 0, 0]])
    target = squared_surrogate("ndcg_gain").statistic(labels)
    np.testing.assert_allclose(target[0], (2.0 ** labels[0] - 1) / dcg(labels[0], labels[0]))
    np.testing.assert_array_equal(target[1], 0.0)


def test_printed_pairwise_surrogate_ranks_in_reverse():
    labels, probs = [[2, 0, 1]], [1.0]
    right = pred_sort(surrogate_minimizer(pairwise_surrogate(), labels, probs).scores)
    printed = pred_sort(surrogate_minimizer(pairwise_surrogate(reverse=True), labels, probs).scores)
    np.testing.assert_array_equal(right, [0, 2, 1])
    np.testing.assert_array_equal(printed, [2, 0, 1])


def test_zero_weight_items_diverge_and_constant_risks():
    labels, probs = [[2, 0, 1], [1, 0, 2]], [0.5, 0.5]  # item 1 never has any gain
    for method in ("cvxpy", "closed_form"):
        m = surrogate_minimizer(pairwise_surrogate(), labels, probs, method=method)
        assert np.isneginf(m.scores[1]) and np.isfinite(m.scores[[0, 2]]).all()
        assert pred_sort(m.scores)[1] == 2
    m = surrogate_minimizer(pairwise_surrogate(), [[0, 0, 0]], [1.0])
    assert m.status == "constant"
    assert is_calibrated_at(ndcg_loss(), pairwise_surrogate(), [[0, 0, 0]], [1.0]).calibrated


def test_solver_failures_raise_a_clear_error():
    unbounded = Surrogate(
        name="unbounded",
        dimension=lambda n: n,
        statistic=lambda ys: np.asarray(ys, dtype=float),
        loss=lambda u, y: 0.0,
        expression=lambda u, t: -cp.sum(u),
        pred=pred_sort,
    )
    with pytest.raises(SolverError, match="unbounded"):
        surrogate_minimizer(unbounded, [[0, 1]], [1.0])
    with pytest.raises(ValueError, match="solver must be one of the installed"):
        surrogate_minimizer(squared_surrogate(), [[0, 1]], [1.0], solver="NOT_A_SOLVER")
    with pytest.raises(ValueError, match="no closed-form"):
        surrogate_minimizer(pairwise_surrogate("hinge"), [[0, 1]], [1.0], method="closed_form")
    with pytest.raises(TypeError, match="Surrogate"):
        surrogate_minimizer("squared", [[0, 1]], [1.0])
    with pytest.raises(ValueError, match="max_grade is required"):
        squared_surrogate("err_gain")
    with pytest.raises(ValueError, match="target must be one of"):
        squared_surrogate("rank")
    with pytest.raises(ValueError, match="shape"):
        surrogate_risk(squared_surrogate(), [0.0], [[0, 1]], [1.0])


@pytest.mark.parametrize("phi", SURROGATES)
@pytest.mark.parametrize("form", FORMS)
def test_surrogate_risk_matches_the_definitions(rng, phi, form):
    for n in (2, 3, 4):
        mu = random_mu(rng, n)
        alphas = rng.normal(size=(5, n))
        batch = graph_surrogate_risk(alphas, mu, phi, form)
        for q in range(5):
            assert batch[q] == pytest.approx(oracle_surrogate(alphas[q], mu, phi, form))
            assert graph_surrogate_risk(alphas[q], mu, phi, form) == pytest.approx(batch[q])


def test_aggregated_risk_uses_the_difference_graph(rng):
    for _ in range(10):
        Y = mean_adjacency(random_mu(rng, 4))
        alpha = rng.normal(size=4)
        D = np.maximum(Y - Y.T, 0)
        for phi in SURROGATES:
            expected = sum(
                D[i, j] * PHI[phi](alpha[i] - alpha[j])
                for i, j in itertools.permutations(range(4), 2)
            )
            assert aggregated_surrogate_risk(alpha, Y, phi) == pytest.approx(expected)


@pytest.mark.parametrize("a, b", [(2.0, 1.0), (1.0, 3.0), (0.3, 0.2), (5.0, 0.5)])
def test_two_items_pairwise_minimisers_match_their_closed_forms(a, b):
    """With two items, (12) is binary classification: the minimiser has the sign of a - b."""
    mu = [(0.5, [[0, 2 * a], [0, 0]]), (0.5, [[0, 0], [2 * b, 0]])]
    closed = {
        "hinge": math.copysign(1.0, a - b),
        "logistic": math.log(a / b),
        "exponential": 0.5 * math.log(a / b),
        "squared_hinge": (a - b) / (a + b),
    }
    for phi, x in closed.items():
        solution = graph_surrogate_minimizer(mu, phi, "pairwise")
        assert solution.alpha[0] == 0.0 and solution.status == "optimal"
        assert solution.alpha[0] - solution.alpha[1] == pytest.approx(x, abs=1e-5)
        assert solution.value == pytest.approx(graph_surrogate_risk(solution.alpha, mu, phi))


def test_two_items_margin_minimisers_match_their_closed_forms():
    """(13) with two items: the sign follows p - q (hinge), log p + u - log q - v (exponential)."""
    for p, u, v in [(0.7, 3, 9), (0.3, 9, 5), (0.1, 10, 1), (0.5, 2, 2)]:
        q = 1 - p
        mu = [(p, [[0, u], [0, 0]]), (q, [[0, 0], [v, 0]])]
        x = {
            phi: -np.diff(graph_surrogate_minimizer(mu, phi, "margin").alpha)[0]
            for phi in SURROGATES
        }
        assert x["exponential"] == pytest.approx(0.5 * (math.log(p / q) + u - v), abs=1e-5)
        if p != q:
            assert x["hinge"] == pytest.approx(1 + u if p > q else -(1 + v), abs=1e-5)
        sq = p * (1 + u) - q * (1 + v)  # both squared hinges active at this point
        if -(1 + v) < sq < 1 + u:
            assert x["squared_hinge"] == pytest.approx(sq, abs=1e-5)


@pytest.mark.parametrize("phi", ["logistic", "exponential", "squared_hinge"])
@pytest.mark.parametrize("form", FORMS)
def test_smooth_minimisers_agree_with_scipy(rng, phi, form):
    for n in (3, 4):
        mu = low_noise_distribution(rng, n, spread=1.0)
        solution = graph_surrogate_minimizer(mu, phi, form)

        def risk(free, mu=mu):
            return graph_surrogate_risk(np.r_[0.0, free], mu, phi, form)

        # scipy cannot do better from cvxpy's point, nor from a cold start (convex risks)
        polished = minimize(risk, solution.alpha[1:], method="BFGS", options={"gtol": 1e-9})
        assert polished.fun >= solution.value * (1 - 1e-9) - 1e-9
        cold = minimize(
            risk,
            np.zeros(n - 1),
            method="Nelder-Mead",
            options={"xatol": 1e-9, "fatol": 1e-12, "maxiter": 20_000},
        )
        assert solution.value <= cold.fun * (1 + 1e-7) + 1e-9
        if phi != "squared_hinge":  # strictly convex: the minimiser is unique
            np.testing.assert_allclose(solution.alpha[1:], cold.x, atol=1e-4)


def test_hinge_minimiser_is_optimal_against_a_fresh_linear_programme(rng):
    for form in FORMS:
        for _ in range(5):
            mu = random_mu(rng, 4, 2)
            solution = graph_surrogate_minimizer(mu, "hinge", form)
            alpha = cp.Variable(4)
            objective = 0
            for p, Y in mu:
                for i, j in zip(*np.nonzero(np.asarray(Y) > 0), strict=True):
                    m = 0.0 if form == "pairwise" else Y[i, j]
                    w = p * Y[i, j] if form == "pairwise" else p
                    objective += w * cp.pos(1 - (alpha[i] - alpha[j] - m))
            value = cp.Problem(cp.Minimize(objective)).solve(solver=cp.SCIPY)
            assert solution.value == pytest.approx(value, abs=1e-6)


def test_among_several_minimisers_the_smallest_is_returned():
    """Hinge risks are flat on their optimal set: the minimiser of smallest norm is returned."""
    chain = [(1.0, [[0, 1, 0], [0, 0, 1], [0, 0, 0]])]
    np.testing.assert_allclose(
        graph_surrogate_minimizer(chain, "hinge").alpha, [0, -1, -2], atol=1e-6
    )
    Y = mean_adjacency(FLAGSHIP)
    for phi in ("hinge", "squared_hinge"):
        np.testing.assert_allclose(
            aggregated_surrogate_minimizer(Y, phi).alpha, [0, -1, -2], atol=1e-6
        )


@pytest.mark.parametrize(
    "Y, expected",
    [
        # degenerate optimal sets where an interior-point solve alone returned another minimiser
        # (a point 1.9 away, or one 3e-6 off a tie); the smallest ones, found by hand
        ([[0, 0, 0], [0, 0, 0], [1, 3, 0]], [0, 0, 1]),
        ([[0, 0, 0], [0, 0, 2], [1, 2, 0]], [0, 0, 1]),
        ([[0, 0, 0], [0, 0, 0], [1, 2, 0]], [0, 0, 1]),
        ([[0, 3, 3], [3, 0, 3], [3, 2, 0]], [0, 0.5, -0.5]),
    ],
)
def test_the_smallest_hinge_minimiser_on_degenerate_optimal_sets(Y, expected):
    Y = np.asarray(Y, dtype=float)
    mu = [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]
    np.testing.assert_allclose(graph_surrogate_minimizer(mu, "hinge").alpha, expected, atol=1e-9)


def exact_smallest_hinge_minimiser(Y, form="pairwise"):
    """The smallest minimiser of the hinge risk on three items, in rational arithmetic.

    Terms w (1 + m - (a_i - a_j))_+ as graph_surrogate_minimizer builds them from
    [(0.5, 2 triu(Y)), (0.5, 2 tril(Y))], the weights read exactly from their floats; the
    first item of each linked group pinned at 0.  The set of minimisers is a polyhedron whose
    faces lie on the lines a_i - a_j = 1 + m where a term bends, so its smallest point is the
    origin, the foot of the origin on one such line, or the crossing of two: the candidates
    of least risk are minimisers, and the smallest of them is the answer.
    """
    Y = np.asarray(Y, dtype=float)
    # (12): weight 0.5 * 2 Y_ij, margin 0; (13): weight 0.5, margin h(2 Y_ij) = 2 Y_ij
    terms = [
        (i, j, Fraction(Y[i, j]), Fraction(0))
        if form == "pairwise"
        else (i, j, Fraction(1, 2), 2 * Fraction(Y[i, j]))
        for i, j in itertools.permutations(range(3), 2)
        if Y[i, j] > 0
    ]
    links = nx.Graph([(i, j) for i, j, _, _ in terms])
    links.add_nodes_from(range(3))
    free = [v for v in range(3) if v != min(nx.node_connected_component(links, v))]

    def full(x):
        a = [Fraction(0)] * 3
        for v, value in zip(free, x, strict=True):
            a[v] = value
        return a

    def risk(a):
        return sum(w * max(Fraction(0), 1 + m - (a[i] - a[j])) for i, j, w, m in terms)

    lines = set()  # c . x = r in the free coordinates
    for i, j, _, m in terms:
        c = tuple((v == i) - (v == j) for v in free)
        if any(c):
            lines.add((c, 1 + m))
    candidates = [tuple(Fraction(0) for _ in free)]
    for c, r in lines:
        candidates.append(tuple(Fraction(x) * r / sum(x * x for x in c) for x in c))
    for (c1, r1), (c2, r2) in itertools.combinations(lines, 2):
        det = c1[0] * c2[1] - c1[1] * c2[0] if len(free) == 2 else 0
        if det:
            candidates.append(((r1 * c2[1] - r2 * c1[1]) / det, (c1[0] * r2 - c2[0] * r1) / det))
    points = [full(x) for x in candidates]
    best = min(risk(a) for a in points)
    return min((a for a in points if risk(a) == best), key=lambda a: sum(x * x for x in a))


def tiny_weight_graphs(rng, count):
    """Three-item graphs mixing weights 1-3 with weights 1e-2 to 1e-8 (and some zeros)."""
    for _ in range(count):
        Y = np.zeros((3, 3))
        for i, j in itertools.permutations(range(3), 2):
            u = rng.random()
            if u >= 0.3:
                Y[i, j] = 10.0 ** -rng.uniform(2, 8) if u < 0.5 else float(rng.integers(1, 4))
        yield Y


@pytest.mark.parametrize(
    "Y, expected",
    [
        # a term of weight 1e-7 of the largest: the unique minimiser ties 1 and 2 (an absolute
        # tolerance on the dual once dropped the term and returned (0, 1, 0.99994))
        ([[0, 3, 0], [3, 0, 1], [1, 1e-7, 0]], [0, 1, 1]),
        ([[0, 3, 0], [3, 0, 2], [2, 1e-8, 0]], [0, 1, 1]),
        ([[0, 0, 3], [0, 0, 1.76e-5], [3, 1.57e-5, 0]], [0, 0.5, -0.5]),
    ],
)
def test_the_smallest_hinge_minimiser_with_a_tiny_weight(Y, expected):
    mu = [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]
    assert [float(x) for x in exact_smallest_hinge_minimiser(Y)] == expected
    solution = graph_surrogate_minimizer(mu, "hinge")
    np.testing.assert_allclose(solution.alpha, expected, atol=1e-9)
    assert solution.status == "optimal"


@pytest.mark.slow
def test_hinge_minimiser_is_the_exact_smallest_minimiser_on_three_items(rng):
    """Against a rational enumeration: integer weights, and weights down to 1e-8 of the largest."""
    graphs = [rng.integers(0, 4, size=(3, 3)) * (1.0 - np.eye(3)) for _ in range(40)]
    graphs += list(tiny_weight_graphs(rng, 60))
    for k, Y in enumerate(graphs):
        if not Y.any():
            continue
        form = "margin" if k % 5 == 4 and Y.max() >= 1 else "pairwise"
        mu = [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]
        solution = graph_surrogate_minimizer(mu, "hinge", form)
        exact = np.array([float(x) for x in exact_smallest_hinge_minimiser(Y, form)])
        np.testing.assert_allclose(solution.alpha, exact, atol=1e-8, err_msg=f"{Y.tolist()}")
        assert solution.status == "optimal"


def hinge_optimum_is_unique(Y) -> bool:
    """Whether sum_ij Y_ij (1 - a_i + a_j)_+ (a_0 = 0) has one minimiser: each score's range over
    the optimal set, by linear programmes (HiGHS), is a point."""
    from scipy.optimize import linprog

    terms = [(i, j) for i, j in itertools.permutations(range(3), 2) if Y[i, j] > 0]
    rows = np.zeros((len(terms), 2 + len(terms)))  # s_k >= 1 - (a_i - a_j), s_k >= 0; a_1, a_2 free
    for k, (i, j) in enumerate(terms):
        if i:
            rows[k, i - 1] -= 1.0
        if j:
            rows[k, j - 1] += 1.0
        rows[k, 2 + k] = -1.0
    cost = np.r_[0.0, 0.0, [Y[i, j] for i, j in terms]]
    bounds = [(None, None)] * 2 + [(0.0, None)] * len(terms)
    best = linprog(cost, A_ub=rows, b_ub=-np.ones(len(terms)), bounds=bounds, method="highs").fun
    on_optimum = {
        "A_ub": np.vstack([rows, cost]),
        "b_ub": np.r_[-np.ones(len(terms)), best + 1e-9],
        "bounds": bounds,
        "method": "highs",
    }
    for v in range(2):
        low = linprog(np.eye(2 + len(terms))[v], **on_optimum)
        high = linprog(-np.eye(2 + len(terms))[v], **on_optimum)
        if low.status != 0 or high.status != 0 or high.x[v] - low.x[v] > 1e-6:
            return False  # unbounded (an item with no term) or a segment of minimisers
    return True


@pytest.mark.slow
def test_the_smallest_hinge_minimiser_on_every_three_item_low_noise_grid_graph():
    """Lecture 07's counts: of the 374 non-zero three-item low-noise mean graphs with entries
    0, 1, 2, the smallest hinge minimiser is whole-numbered on 326 (half-integral on all), and
    the optimum is not unique on 350, 302 of them with a whole-numbered smallest minimiser."""
    graphs = whole = not_unique = whole_not_unique = 0
    for weights in itertools.product(range(3), repeat=6):
        Y = np.zeros((3, 3))
        Y[~np.eye(3, dtype=bool)] = weights
        if not Y.any() or not is_low_noise(Y):
            continue
        graphs += 1
        exact = exact_smallest_hinge_minimiser(Y)
        mu = [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]
        np.testing.assert_allclose(
            graph_surrogate_minimizer(mu, "hinge").alpha,
            [float(x) for x in exact],
            atol=1e-8,
            err_msg=f"{Y.tolist()}",
        )
        assert all((2 * x).denominator == 1 for x in exact)  # half-integral
        is_whole = all(x.denominator == 1 for x in exact)
        several = not hinge_optimum_is_unique(Y)
        whole += is_whole
        not_unique += several
        whole_not_unique += is_whole and several
    assert (graphs, whole, not_unique, whole_not_unique) == (374, 326, 350, 302)


def test_an_uncertified_hinge_minimiser_says_so_in_its_status(monkeypatch):
    """Without a dual for the optimal set, the first solver's minimiser comes back, flagged."""
    import rankviz._pairwise_terms as terms

    Y = np.array([[0, 3, 3], [3, 0, 3], [3, 2, 0]], dtype=float)
    mu = [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]
    smallest = [float(x) for x in exact_smallest_hinge_minimiser(Y)]
    assert smallest == [0, 0.5, -0.5] and graph_surrogate_minimizer(mu, "hinge").status == "optimal"
    # a weight 1e-13 of the largest is too small to be told from 0: not certified either
    faint = np.array([[0, 3, 0], [3, 0, 1], [1, 3e-13, 0]])
    faint_mu = [(0.5, 2 * np.triu(faint, 1)), (0.5, 2 * np.tril(faint, -1))]
    assert graph_surrogate_minimizer(faint_mu, "hinge").status.endswith(
        "(smallest minimiser not certified)"
    )
    monkeypatch.setattr(terms, "_hinge_dual", lambda *args: None)
    solution = graph_surrogate_minimizer(mu, "hinge")
    assert solution.status == "optimal (smallest minimiser not certified)"
    # still a minimiser, to the first solve's accuracy
    assert solution.value == pytest.approx(graph_surrogate_risk(smallest, mu, "hinge"), abs=1e-7)


def test_scores_of_unlinked_items_are_pinned_at_zero():
    mu = [(1.0, [[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2], [0, 0, 0, 0]])]
    solution = graph_surrogate_minimizer(mu, "hinge")
    assert solution.alpha[0] == 0.0 and solution.alpha[2] == 0.0
    assert solution.alpha[0] - solution.alpha[1] >= 1 - 1e-6
    assert solution.alpha[2] - solution.alpha[3] >= 1 - 1e-6
    empty = graph_surrogate_minimizer([(1.0, np.zeros((3, 3)))], "exponential")
    assert empty.alpha.tolist() == [0.0, 0.0, 0.0] and empty.solver == "none"


@pytest.mark.parametrize("phi", ["logistic", "exponential"])
def test_an_unattained_infimum_is_a_clear_error(phi):
    one_way = [(1.0, [[0, 1, 2], [0, 0, 1], [0, 0, 0]])]
    with pytest.raises(ValueError, match=r"no minimiser here: every term linking items \[0\]"):
        graph_surrogate_minimizer(one_way, phi)
    with pytest.raises(ValueError, match="no minimiser"):
        aggregated_surrogate_minimizer(mean_adjacency(FLAGSHIP), phi)
    # hinge and squared hinge reach zero: no problem
    for other in ("hinge", "squared_hinge"):
        assert graph_surrogate_minimizer(one_way, other).value == pytest.approx(0, abs=1e-7)


def test_bad_choices_are_rejected():
    with pytest.raises(ValueError, match="phi must be one of"):
        graph_surrogate_minimizer(FLAGSHIP, "square")
    with pytest.raises(ValueError, match="form must be one of"):
        graph_surrogate_minimizer(FLAGSHIP, "hinge", "listwise")
    with pytest.raises(ValueError, match="phi must be one of"):
        aggregated_surrogate_minimizer(np.zeros((2, 2)), "hinge2")
    with pytest.raises(ValueError, match="cycle"):
        graph_surrogate_minimizer([(1.0, [[0, 1], [1, 0]])], "hinge")
    with pytest.raises(ValueError, match="phi must be one of"):
        graph_surrogate_risk([0, 0, 0], FLAGSHIP, "zero_one")


def test_solution_repr_is_readable():
    text = repr(graph_surrogate_minimizer(FLAGSHIP, "hinge"))
    assert text.startswith("SurrogateSolution(phi='hinge', form='pairwise', alpha=[")
    assert "status='optimal'" in text


@pytest.mark.parametrize("phi", ["hinge", "squared_hinge"])
def test_aggregated_minimiser_orders_every_edge_on_acyclic_difference_graphs(rng, phi):
    low_noise = acyclic_only = 0
    for _ in range(30):
        n = int(rng.integers(3, 6))
        mu = random_mu(rng, n) if rng.random() < 0.6 else low_noise_distribution(rng, n)
        Y = mean_adjacency(mu)
        D = difference_graph(Y)
        if not nx.is_directed_acyclic_graph(nx.DiGraph(D > 0)):
            with pytest.raises(AssertionError):  # a cycle cannot be ordered
                assert not violated_edges(aggregated_surrogate_minimizer(Y, phi).alpha, Y)
            continue
        low_noise += is_low_noise(Y)
        acyclic_only += not is_low_noise(Y)
        solution = aggregated_surrogate_minimizer(Y, phi)
        assert solution.value == pytest.approx(0, abs=1e-6)
        assert violated_edges(solution.alpha, Y) == []
        assert conditional_pairwise_risk(solution.alpha, mu) == pytest.approx(
            conditional_pairwise_risk(-np.argsort(bayes_orders(mu)[0]), mu)
        )
    assert low_noise > 5 and acyclic_only > 5
