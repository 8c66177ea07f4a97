"""rankviz.round_robins against brute force over every record and every round robin."""

import itertools
import math

import numpy as np
import pytest

from rankviz.aggregation import btl_log_odds, btl_maximum_likelihood, thurstone_mosteller_scores
from rankviz.permutations import merge_near_ties
from rankviz.round_robins import (
    MAX_ROUND_ROBINS,
    all_round_robins,
    disagreeing_round_robin,
    log_odds_sums_rise_with_wins,
)


@pytest.mark.parametrize(("n_items", "n_per_pair"), [(2, 1), (3, 1), (3, 2), (4, 2), (5, 1)])
def test_all_round_robins_are_every_round_robin_once(n_items, n_per_pair):
    robins = all_round_robins(n_items, n_per_pair)
    pairs = list(itertools.combinations(range(n_items), 2))
    assert len(robins) == (n_per_pair + 1) ** len(pairs)
    off_diagonal = ~np.eye(n_items, dtype=bool)
    assert np.all((robins + robins.transpose(0, 2, 1))[:, off_diagonal] == n_per_pair)
    assert np.all(robins[:, ~off_diagonal] == 0)
    # the oracle: every assignment of wins to the pairs, by itertools.product
    expected = set(itertools.product(range(n_per_pair + 1), repeat=len(pairs)))
    got = {tuple(int(W[i, j]) for i, j in pairs) for W in robins}
    assert got == expected


def test_all_round_robins_refuses_an_enumeration_too_large():
    with pytest.raises(ValueError, match="MAX_ROUND_ROBINS"):
        all_round_robins(8, 3)
    assert 4**28 > MAX_ROUND_ROBINS


def _brute_force_rise(n_per_pair, c, n_opponents, smoothing):
    """Every record (w_1, ..., w_k), by itertools.product, its log-odds sum from btl_log_odds."""
    values = []
    for w in range(n_per_pair + 1):
        W = np.array([[0, w], [n_per_pair - w, 0]])
        values.append(btl_log_odds(W, c, smoothing=smoothing)[0, 1])
    by_wins = {}
    for record in itertools.product(range(n_per_pair + 1), repeat=n_opponents):
        total = sum(values[w] for w in record)
        low, high = by_wins.get(sum(record), (math.inf, -math.inf))
        by_wins[sum(record)] = (min(low, total), max(high, total))
    wins = sorted(by_wins)
    return all(by_wins[a][1] < by_wins[b][0] for a, b in itertools.pairwise(wins))


@pytest.mark.parametrize("smoothing", ["probability", "counts"])
@pytest.mark.parametrize("c", [0.1, 0.5, 2.0])
def test_log_odds_sums_rise_with_wins_matches_every_record(smoothing, c):
    for n_per_pair, n_opponents in itertools.product(range(1, 7), range(1, 5)):
        assert log_odds_sums_rise_with_wins(
            n_per_pair, c, n_opponents, smoothing=smoothing
        ) == _brute_force_rise(n_per_pair, c, n_opponents, smoothing), (n_per_pair, n_opponents)


def test_both_answers_occur():
    assert log_odds_sums_rise_with_wins(7, 0.5, 6) and not log_odds_sums_rise_with_wins(8, 0.5, 6)
    assert not log_odds_sums_rise_with_wins(3, 0.1, 6)


@pytest.mark.parametrize(
    ("n_items", "n_per_pair", "c"),
    [(7, 8, 0.5), (9, 6, 0.5), (11, 5, 0.5), (7, 3, 0.1), (5, 6, 0.1)],
)
def test_disagreeing_round_robin_is_one(n_items, n_per_pair, c):
    W = disagreeing_round_robin(n_items, n_per_pair, c)
    assert W is not None and W.shape == (n_items, n_items)
    off_diagonal = ~np.eye(n_items, dtype=bool)
    assert np.all((W + W.T)[off_diagonal] == n_per_pair) and np.all(np.diag(W) == 0)
    wins = W.sum(axis=1)
    assert wins[0] == wins[1] + 1
    mle = merge_near_ties(btl_maximum_likelihood(W))  # exists: no ValueError
    least_squares = merge_near_ties(thurstone_mosteller_scores(btl_log_odds(W, c)))
    assert mle[0] > mle[1] and least_squares[0] < least_squares[1]


@pytest.mark.parametrize(("n_items", "n_per_pair", "c"), [(7, 3, 0.5), (5, 2, 0.5), (4, 4, 1.0)])
def test_no_disagreeing_round_robin_when_the_sums_rise(n_items, n_per_pair, c):
    assert log_odds_sums_rise_with_wins(n_per_pair, c, n_items - 1)
    assert disagreeing_round_robin(n_items, n_per_pair, c) is None


@pytest.mark.slow
def test_small_round_robins_agree_exhaustively_when_the_sums_rise():
    # every round robin of 4 items, 2 per pair, c = 1/2: the sums rise (3 opponents), so no
    # round robin with an MLE has a pair that the two estimators order oppositely
    assert log_odds_sums_rise_with_wins(2, 0.5, 3)
    for W in all_round_robins(4, 2):
        try:
            mle = merge_near_ties(btl_maximum_likelihood(W))
        except ValueError:
            continue
        ls = merge_near_ties(thurstone_mosteller_scores(btl_log_odds(W, 0.5)))
        assert not np.any(
            np.sign(mle[:, None] - mle[None, :]) * np.sign(ls[:, None] - ls[None, :]) < 0
        )


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: all_round_robins(1, 2), ValueError, "n_items"),
        (lambda: all_round_robins(3, 0), ValueError, "n_per_pair"),
        (lambda: all_round_robins(3.0, 1), TypeError, "n_items"),
        (lambda: log_odds_sums_rise_with_wins(3, 0.0, 2), ValueError, "c"),
        (lambda: log_odds_sums_rise_with_wins(3, 0.5, 0), ValueError, "n_opponents"),
        (
            lambda: log_odds_sums_rise_with_wins(3, 0.5, 2, smoothing="none"),
            ValueError,
            "smoothing",
        ),
        (lambda: disagreeing_round_robin(2, 3, 0.5), ValueError, "n_items"),
        (lambda: disagreeing_round_robin(30, 30, 0.5), ValueError, "records"),
    ],
)
def test_bad_arguments_are_named(call, error, match):
    with pytest.raises(error, match=match):
        call()
