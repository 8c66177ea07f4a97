"""rankviz.preference: each function against an independent oracle, and every promised error.

The oracles: the book's formulas (10.23)-(10.24) written literally with 1-based
positions; preference functions that count their own evaluations; networkx for
cycles; brute force over all tournaments and targets.
"""

import itertools
import math

import networkx as nx
import numpy as np
import pytest

import rankviz.preference as preference
from rankviz.metrics import auc
from rankviz.pairwise import (
    emphasis_axioms,
    emphasis_bipartite,
    emphasis_top_k,
    emphasis_uniform,
    weighted_disagreement_L_omega,
)
from rankviz.permutations import sigma_from_order
from rankviz.preference import (
    CountingPreference,
    PreferenceFunction,
    all_tournaments,
    as_preference_matrix,
    bipartite_target,
    cyclic_preference,
    cyclic_triangles,
    flip_pair,
    hashed_preference,
    majority_graph,
    pair_costs,
    preference_from_sigma,
    preference_loss,
    random_preference,
    ranking_loss,
    tournament_classes,
)
from rankviz.quicksort import (
    quicksort_rank,
    sort_by_degree,
)


# --------------------------------------------------------------------------- #
# oracles
# --------------------------------------------------------------------------- #
def book_ranking_loss(sigma, sigma_star, omega=None):
    """Eq. (10.23)/(10.36) literally, with the book's 1-based positions sigma(u) = sigma[u] + 1."""
    n = len(sigma)
    book, book_star = [s + 1 for s in sigma], [s + 1 for s in sigma_star]
    w = (lambda i, j: 1.0) if omega is None else (lambda i, j: omega[i - 1][j - 1])
    total = sum(
        w(book_star[v], book_star[u])
        for u in range(n)
        for v in range(n)
        if u != v and book[u] < book[v] and book_star[v] < book_star[u]
    )
    return 2 * total / (n * (n - 1))


def book_preference_loss(H, sigma_star, omega=None):
    """Eq. (10.24) literally."""
    n = len(sigma_star)
    w = (lambda i, j: 1.0) if omega is None else (lambda i, j: omega[i][j])
    total = sum(
        H[u][v] * w(sigma_star[v], sigma_star[u])
        for u in range(n)
        for v in range(n)
        if u != v and sigma_star[v] < sigma_star[u]
    )
    return 2 * total / (n * (n - 1))


# --------------------------------------------------------------------------- #
# preference matrices
# --------------------------------------------------------------------------- #
def test_as_preference_matrix_copies_and_sets_the_diagonal():
    raw = np.array([[7.0, 1.0, 0.25], [0.0, -3.0, 1.0], [0.75, 0.0, 0.0]])
    H = as_preference_matrix(raw)
    np.testing.assert_array_equal(np.diag(H), 0.5)
    assert raw[0, 0] == 7.0  # the input is untouched
    np.testing.assert_array_equal(H + H.T, np.ones((3, 3)))
    assert as_preference_matrix(np.array([[False, True], [False, False]]))[0, 1] == 1.0


@pytest.mark.parametrize(
    "bad, error, message",
    [
        (np.zeros((2, 3)), ValueError, r"square matrix, got an array of shape \(2, 3\)"),
        (np.zeros(4), ValueError, "square"),
        (np.zeros((1, 1)), ValueError, "at least 2 items"),
        ([[0.5, np.nan], [0.5, 0.5]], ValueError, "NaN or infinite"),
        ([[0.5, 1.2], [-0.2, 0.5]], ValueError, r"entries in \[0, 1\], got H\[0, 1\] = 1.2"),
        (
            [[0.5, 0.7], [0.7, 0.5]],
            ValueError,
            r"pairwise consistent: H\[0, 1\] \+ H\[1, 0\] = 1.4",
        ),
        ([["a", "b"], ["c", "d"]], TypeError, "H must contain numbers"),
        ("H", TypeError, "H must be a square matrix of numbers"),
        (None, TypeError, "H must be a square matrix of numbers"),
        (np.array([[0.5, 1j], [0, 0.5]]), TypeError, "real numbers"),
        ([[0.5, 1.0], [0.0]], ValueError, "could not be read"),
    ],
)
def test_as_preference_matrix_errors(bad, error, message):
    with pytest.raises(error, match=message):
        as_preference_matrix(bad)


def test_random_preference_flips_pairs_at_the_rate_asked(rng):
    n = 80
    upper = np.triu(np.ones((n, n), dtype=bool), 1)
    np.testing.assert_array_equal(
        random_preference(n, 0.0, rng), preference_from_sigma(np.arange(n))
    )
    for t in (0.2, 0.6, 1.0):
        H = random_preference(n, t, rng)
        flipped = np.mean(H[upper] == 0.0)
        se = math.sqrt(t / 2 * (1 - t / 2) / upper.sum())
        assert abs(flipped - t / 2) < 5 * se
        np.testing.assert_array_equal(H + H.T, np.ones((n, n)))
    soft = random_preference(n, 0.3, rng, soft=True)
    winners = np.maximum(soft, soft.T)[upper]
    assert winners.min() >= 0.5 and winners.max() <= 1.0 and np.unique(winners).size > 100
    np.testing.assert_array_equal(random_preference(7, 0.5, rng=3), random_preference(7, 0.5, 3))


def test_random_preference_errors():
    with pytest.raises(ValueError, match="n must be >= 2"):
        random_preference(1, 0.5, 0)
    with pytest.raises(ValueError, match=r"intransitivity must lie in \[0, 1\]"):
        random_preference(4, 1.5, 0)
    with pytest.raises(TypeError, match="rng must be an int seed"):
        random_preference(4, 0.5, "seed")
    with pytest.raises(TypeError, match="soft must be True or False"):
        random_preference(4, 0.5, 0, soft="yes")


@pytest.mark.parametrize("n", range(3, 10))
def test_cyclic_preference_is_a_regular_tournament_with_the_most_cycles(n):
    H = cyclic_preference(n)
    as_preference_matrix(H)
    wins = H.sum(axis=1) - 0.5
    np.testing.assert_allclose(wins, (n - 1) / 2)
    if n % 2:  # a regular tournament has the largest number of 3-cycles, n (n^2 - 1) / 24
        assert cyclic_triangles(H) == n * (n * n - 1) // 24
    assert not nx.is_directed_acyclic_graph(majority_graph(H))


def test_cyclic_preference_of_three_items_is_the_books_cycle():
    H = cyclic_preference(3)
    assert H[0, 1] == H[1, 2] == H[2, 0] == 1.0
    with pytest.raises(ValueError, match="n must be >= 3"):
        cyclic_preference(2)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_all_tournaments_are_distinct_consistent_and_complete(n):
    T = all_tournaments(n)
    assert T.shape == (2 ** (n * (n - 1) // 2), n, n)
    for H in T:
        as_preference_matrix(H)
    assert np.unique(T.reshape(T.shape[0], -1), axis=0).shape[0] == T.shape[0]
    acyclic = sum(cyclic_triangles(H) == 0 for H in T)
    assert acyclic == math.factorial(n)  # one transitive tournament per ranking
    with pytest.raises(ValueError, match="n must be <= 6"):
        all_tournaments(7)


@pytest.mark.slow
@pytest.mark.parametrize("n, classes", [(2, 1), (3, 2), (4, 4), (5, 12)])
def test_tournament_classes_hold_one_tournament_of_each_isomorphism_class(n, classes):
    reps = tournament_classes(n)
    assert reps.shape == (classes, n, n)
    graphs = [majority_graph(H) for H in reps]
    T = all_tournaments(n)
    first_seen = {}
    for code, H in enumerate(T):  # networkx: each is isomorphic to exactly one representative
        G = majority_graph(H)
        matches = [
            k
            for k, R in enumerate(graphs)
            if nx.faster_could_be_isomorphic(G, R) and nx.is_isomorphic(G, R)
        ]
        assert len(matches) == 1
        first_seen.setdefault(matches[0], code)
    # each representative is the first member of its class in all_tournaments (the smallest code)
    codes = [int(np.flatnonzero((T == H).all(axis=(1, 2)))[0]) for H in reps]
    assert codes == sorted(codes) and codes[0] == 0
    assert [first_seen[k] for k in range(classes)] == codes


@pytest.mark.slow
def test_tournament_classes_on_six_items_cover_every_score_sequence_and_refuse_seven():
    reps = tournament_classes(6)
    assert reps.shape == (56, 6, 6)  # OEIS A000568
    scores = {tuple(sorted(H.sum(axis=1) - 0.5)) for H in reps}
    every = {tuple(sorted(H.sum(axis=1) - 0.5)) for H in all_tournaments(6)}
    assert scores == every
    assert sum(cyclic_triangles(H) == 0 for H in reps) == 1  # one transitive class
    with pytest.raises(ValueError, match="n must be <= 6"):
        tournament_classes(7)


@pytest.mark.slow
def test_tournament_classes_on_six_items_are_pairwise_non_isomorphic():
    # 56 representatives, no two isomorphic, and 56 classes in all (OEIS A000568): each class once.
    # Two oracles: networkx's isomorphism test, and a brute-force canonical form (the smallest
    # of the 720 relabelled upper triangles), which must take 56 distinct values.
    reps = tournament_classes(6)
    graphs = [majority_graph(H) for H in reps]
    assert not any(nx.is_isomorphic(G, R) for G, R in itertools.combinations(graphs, 2))
    u, v = np.triu_indices(6, 1)
    relabellings = list(itertools.permutations(range(6)))
    canonical = {min(tuple(H[np.ix_(p, p)][u, v]) for p in relabellings) for H in reps}
    assert len(canonical) == len(reps) == 56


def test_hashed_preference_is_consistent_and_flips_at_the_rate_asked():
    n = 300
    upper = np.triu(np.ones((n, n), dtype=bool), 1)
    for t in (0.0, 0.3, 1.0):
        H = hashed_preference(n, t, seed=4).matrix()  # validated: pairwise consistent
        flipped = np.mean(H[upper] == 0.0)
        assert abs(flipped - t / 2) < 5 * math.sqrt(max(t / 2 * (1 - t / 2), 1e-9) / upper.sum())
    same = hashed_preference(n, 0.5, seed=1).matrix()
    assert np.array_equal(same, hashed_preference(n, 0.5, seed=1).matrix())
    assert not np.array_equal(same, hashed_preference(n, 0.5, seed=2).matrix())
    big = hashed_preference(10**9, 0.5)
    u, v = np.array([0, 123456789]), np.array([999_999_999, 5])
    np.testing.assert_array_equal(big(u, v) + big(v, u), [1.0, 1.0])
    with pytest.raises(ValueError, match="seed must be >= 0"):
        hashed_preference(5, 0.5, seed=-1)
    with pytest.raises(ValueError, match="intransitivity"):
        hashed_preference(5, -0.1)


def test_cyclic_triangles_against_networkx_and_kendall_babington_smith(rng):
    for _ in range(20):
        n = int(rng.integers(3, 10))
        H = random_preference(n, float(rng.random()), rng)
        G = majority_graph(H)
        by_networkx = sum(1 for _ in nx.simple_cycles(G, length_bound=3))
        wins = (H > 0.5).sum(axis=1)
        by_formula = math.comb(n, 3) - sum(math.comb(int(w), 2) for w in wins)
        assert cyclic_triangles(H) == by_networkx == by_formula
        # a tournament is representable by scores (acyclic) exactly when it has no 3-cycle
        assert nx.is_directed_acyclic_graph(G) == (cyclic_triangles(H) == 0)


def test_majority_graph_edges_weights_and_topological_order(rng):
    H = random_preference(6, 0.6, rng, soft=True)
    G = majority_graph(H)
    assert sorted(G.edges()) == sorted(map(tuple, np.argwhere(H > 0.5).tolist()))
    assert all(G[u][v]["weight"] == H[u, v] for u, v in G.edges())
    sigma = rng.permutation(7)
    order = list(nx.topological_sort(majority_graph(preference_from_sigma(sigma))))
    np.testing.assert_array_equal(sigma_from_order(order), sigma)
    ties = np.full((3, 3), 0.5)
    assert majority_graph(ties).number_of_edges() == 0


def test_flip_pair_and_preference_from_sigma():
    H = preference_from_sigma([2, 0, 1])  # order: 1, 2, 0
    assert H[1, 2] == H[1, 0] == H[2, 0] == 1.0
    F = flip_pair(H, 0, 1)
    assert F[0, 1] == 1.0 and F[1, 0] == 0.0 and H[0, 1] == 0.0
    np.testing.assert_array_equal(flip_pair(F, 1, 0), H)
    with pytest.raises(ValueError, match="distinct"):
        flip_pair(H, 2, 2)
    with pytest.raises(ValueError, match="v must be <= 2"):
        flip_pair(H, 0, 3)
    with pytest.raises(ValueError, match="at least 2 items"):
        preference_from_sigma([0])


# --------------------------------------------------------------------------- #
# losses: (10.23), (10.24), (10.36), bipartite targets
# --------------------------------------------------------------------------- #
def test_ranking_loss_is_the_books_formula(rng):
    for _ in range(30):
        n = int(rng.integers(2, 8))
        sigma, star = rng.permutation(n), rng.permutation(n)
        omega = rng.random((n, n))
        omega = omega + omega.T
        assert ranking_loss(sigma, star) == pytest.approx(book_ranking_loss(sigma, star))
        assert ranking_loss(sigma, star, omega) == pytest.approx(
            book_ranking_loss(sigma, star, omega)
        )


def test_ranking_loss_uses_the_one_implementation_of_L_omega(monkeypatch, rng):
    calls = []

    def spy(sigma, sigma_star, omega):
        calls.append(1)
        return weighted_disagreement_L_omega(sigma, sigma_star, omega)

    monkeypatch.setattr(preference, "weighted_disagreement_L_omega", spy)
    ranking_loss([0, 1, 2], [2, 1, 0])
    sigmas = np.array([rng.permutation(4) for _ in range(50)])
    batch = ranking_loss(sigmas, [0, 1, 2, 3], emphasis_top_k(4, 2))
    assert len(calls) == 1 + np.unique(sigmas, axis=0).shape[0]
    np.testing.assert_allclose(
        batch, [ranking_loss(s, [0, 1, 2, 3], emphasis_top_k(4, 2)) for s in sigmas]
    )


def test_preference_loss_is_the_books_formula_and_extends_the_ranking_loss(rng):
    for _ in range(30):
        n = int(rng.integers(2, 8))
        H = random_preference(n, float(rng.random()), rng, soft=True)
        star, sigma = rng.permutation(n), rng.permutation(n)
        W = [
            emphasis_uniform(n),
            emphasis_top_k(n, int(rng.integers(1, n + 1))),
            rng.random((n, n)),
        ][int(rng.integers(3))]
        assert preference_loss(H, star, W) == pytest.approx(book_preference_loss(H, star, W))
        # a ranking's own preference has the ranking's loss
        assert preference_loss(preference_from_sigma(sigma), star, W) == pytest.approx(
            weighted_disagreement_L_omega(sigma, star, W)
        )
    assert preference_loss(np.full((4, 4), 0.5), [3, 1, 0, 2]) == 0.5


def test_loss_errors():
    H = cyclic_preference(3)
    with pytest.raises(ValueError, match="sigma_star must rank the n = 3 items"):
        preference_loss(H, [0, 1])
    with pytest.raises(ValueError, match="sigma_star must be a permutation"):
        preference_loss(H, [0, 0, 1])
    with pytest.raises(ValueError, match=r"omega must have shape \(3, 3\)"):
        preference_loss(H, [0, 1, 2], emphasis_uniform(4))
    with pytest.raises(ValueError, match="sigma must be 1-D or 2-D"):
        ranking_loss(np.zeros((2, 2, 2), int), [0, 1])
    with pytest.raises(ValueError, match="same length"):
        ranking_loss([0, 1, 2], [0, 1])
    with pytest.raises(ValueError, match="sigma_star must rank at least 2 items"):
        ranking_loss([0], [0])
    # omega is read before metrics sees it: complex entries and a size that does not match
    # the target are refused naming omega (and sigma_star, whose positions it weighs)
    with pytest.raises(TypeError, match="omega must contain real numbers"):
        preference_loss(H, [0, 1, 2], np.ones((3, 3)) + 1j)
    with pytest.raises(ValueError, match=r"omega must have shape \(2, 2\).*sigma_star"):
        ranking_loss([0, 1], [1, 0], np.ones((3, 3)))


def test_pair_costs_weigh_the_preference_loss(rng):
    for _ in range(10):
        n = int(rng.integers(2, 7))
        H = random_preference(n, float(rng.random()), rng, soft=True)
        star = rng.permutation(n)
        W = emphasis_top_k(n, int(rng.integers(1, n + 1)))
        C = pair_costs(star, W, n=n)
        assert float(np.sum(C * H)) == pytest.approx(book_preference_loss(H, star, W))
        sigma = rng.permutation(n)
        above = sigma[:, None] < sigma[None, :]
        assert float(np.sum(C * above)) == pytest.approx(ranking_loss(sigma, star, W))
    with pytest.raises(ValueError, match="n = 4 items"):
        pair_costs([0, 1, 2], n=4)
    with pytest.raises(TypeError, match="n must be an integer"):
        pair_costs([0, 1, 2], n=3.0)


def test_bipartite_target_gives_one_minus_auc_or_the_books_pair_share(rng):
    for _ in range(25):
        n = int(rng.integers(2, 9))
        labels = rng.permutation(np.r_[1, 0, rng.integers(0, 2, n - 2)])
        sigma = rng.permutation(n)
        star, omega = bipartite_target(labels)
        assert (star[labels == 1] < labels.sum()).all()  # positives on top
        assert ranking_loss(sigma, star, omega) == pytest.approx(1 - auc(labels, -sigma))
        misranked = sum(
            sigma[u] < sigma[v]
            for u in range(n)
            for v in range(n)
            if labels[u] == 0 and labels[v] == 1
        )
        star_p, omega_p = bipartite_target(labels, normalization="pairs")
        assert ranking_loss(sigma, star_p, omega_p) == pytest.approx(misranked / math.comb(n, 2))
        assert (
            emphasis_axioms(omega)
            == emphasis_axioms(omega_p)
            == {"symmetry": True, "monotonicity": True, "triangle inequality": True}
        )
    np.testing.assert_array_equal(bipartite_target([-1, 1, 1])[1], emphasis_bipartite(2, 1))


def test_bipartite_target_errors():
    with pytest.raises(ValueError, match="both classes"):
        bipartite_target([1, 1, 1])
    with pytest.raises(ValueError, match="normalization must be one of"):
        bipartite_target([0, 1], normalization="mohri")
    with pytest.raises(ValueError, match="labels must contain binary labels"):
        bipartite_target([0, 2, 1])


# --------------------------------------------------------------------------- #
# the algorithms and their calls to h
# --------------------------------------------------------------------------- #
def test_counting_preference_counts_per_run():
    counter = CountingPreference(cyclic_preference(4), n_runs=3)
    np.testing.assert_array_equal(counter([0, 1, 2], [1, 2, 3], run=[0, 2, 2]), [1.0, 1.0, 1.0])
    counter([3], [0])
    np.testing.assert_array_equal(counter.calls, [2, 0, 2])
    assert counter.total_calls == 4 and "calls=4" in repr(counter)
    with pytest.raises(ValueError, match="n_runs must be >= 1"):
        CountingPreference(cyclic_preference(4), n_runs=0)
    with pytest.raises(ValueError, match="n_runs must be <="):
        CountingPreference(cyclic_preference(4), n_runs=10**12)


@pytest.mark.parametrize(
    ("u", "v", "run", "error", "message"),
    [
        ([0, np.nan], [1, 2], None, ValueError, "u contains NaN"),
        ([0, -1], [1, 2], None, ValueError, r"u must hold item ids in 0\.\.3"),
        ([0, 1], [4, 2], None, ValueError, r"v must hold item ids in 0\.\.3"),
        ([0, 1.5], [1, 2], None, TypeError, "u must contain integers"),
        ([0, 1], [1, 2, 3], None, ValueError, "u and v must have the same shape"),
        ([0, 2], [1, 2], None, ValueError, "u and v must differ in every pair"),
        ([0, 1], [1, 2], [0, 3], ValueError, r"run must hold item ids in 0\.\.2"),
        ([0, 1], [1, 2], [0], ValueError, "run must name the run of each pair"),
        ("01", [1, 2], None, TypeError, "u must be an array"),
    ],
)
def test_counting_preference_checks_each_call(u, v, run, error, message):
    counter = CountingPreference(cyclic_preference(4), n_runs=3)
    with pytest.raises(error, match=message):
        counter(u, v, run)
    assert counter.total_calls == 0  # a refused call is not charged


def test_preference_function_checks_the_ids_it_is_asked_about():
    asked = []

    def h(u, v):
        asked.append((u.copy(), v.copy()))
        return (u < v).astype(float)

    f = PreferenceFunction(4, h)
    with pytest.raises(ValueError, match=r"v must hold item ids in 0\.\.3, got values from 2 to 7"):
        f([0, 1], [2, 7])
    with pytest.raises(ValueError, match="u contains NaN"):
        f([0, np.nan], [1, 2])
    assert asked == []  # func never saw an out-of-range item
    np.testing.assert_array_equal(f(0, 3), 1.0)  # one pair as two scalars
    with pytest.raises(TypeError, match="description must be a string"):
        PreferenceFunction(4, h, description=3)
    nan_h = PreferenceFunction(3, lambda u, v: np.full(np.shape(u), np.nan))
    with pytest.raises(ValueError, match="func contains NaN"):
        nan_h([0], [1])
    with pytest.raises(ValueError, match="H, a PreferenceFunction, answered badly"):
        CountingPreference(nan_h)([0], [1])


def test_preference_function_validation():
    with pytest.raises(ValueError, match="n must be >= 2"):
        PreferenceFunction(1, lambda u, v: u)
    with pytest.raises(TypeError, match="func must be callable"):
        PreferenceFunction(3, "h")
    wrong_shape = PreferenceFunction(3, lambda u, v: np.zeros(1))
    with pytest.raises(ValueError, match="one value per pair"):
        sort_by_degree(wrong_shape)
    out_of_range = PreferenceFunction(3, lambda u, v: np.full(np.shape(u), 2.0))
    with pytest.raises(ValueError, match=r"values in \[0, 1\]"):
        quicksort_rank(out_of_range, 0)
    inconsistent = PreferenceFunction(3, lambda u, v: np.ones(np.shape(u)))
    with pytest.raises(ValueError, match="pairwise consistent"):
        inconsistent.matrix()
    with pytest.raises(ValueError, match="too large"):
        PreferenceFunction(5000, lambda u, v: u).matrix()
    assert repr(PreferenceFunction(3, lambda u, v: u, "toy")) == "PreferenceFunction(n=3, 'toy')"


def test_matrix_sizes_are_refused_up_front_and_cyclic_triangles_is_fast_at_the_limit(rng):
    # issue 31, item 3: preference_from_sigma(np.arange(10**5)) asked for 9.3 GiB, and
    # cyclic_triangles took more than 150 s at its documented maximum
    from rankviz.preference import MAX_MATRIX_ITEMS

    for n in (MAX_MATRIX_ITEMS + 1, 10**5):
        with pytest.raises(ValueError, match=f"sigma ranks {n} items; .* MAX_MATRIX_ITEMS"):
            preference_from_sigma(np.arange(n))
    with pytest.raises(ValueError, match=r"H has 4097 items; .* MAX_MATRIX_ITEMS = 4096"):
        cyclic_triangles(np.full((MAX_MATRIX_ITEMS + 1,) * 2, 0.5))
    # at the limit, a tournament: the out-degree count, checked on a regular tournament
    n = MAX_MATRIX_ITEMS - 1  # odd: the cyclic tournament, every item beats the next (n-1)/2
    assert cyclic_triangles(cyclic_preference(n)) == n * (n * n - 1) // 24
    # preferences with ties (not tournaments) take the matrix product: against networkx
    for _ in range(30):
        n = int(rng.integers(3, 12))
        H = random_preference(n, float(rng.random()), rng)
        tied = np.triu(rng.random((n, n)) < 0.3, 1)
        H[tied | tied.T] = 0.5
        by_networkx = sum(1 for _ in nx.simple_cycles(majority_graph(H), length_bound=3))
        assert cyclic_triangles(H) == by_networkx
