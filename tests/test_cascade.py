"""rankviz.cascade: the cascade click model against hand counts and brute-force likelihoods."""

import math

import numpy as np
import pytest
from scipy.optimize import minimize

from rankviz.cascade import ClickLogs, cascade_log_likelihood, cascade_mle, simulate_cascade_clicks
from rankviz.measures import err
from rankviz.permutations import all_permutations


# --------------------------------------------------------------------------- #
# the cascade model (section 5.2)
# --------------------------------------------------------------------------- #
def test_cascade_mle_by_hand_and_by_counting():
    logs = ClickLogs([[0, 1, 2], [0, 1, 2], [1, 0, 2], [2, 1, 0]], [1, 3, 0, 0])
    np.testing.assert_allclose(cascade_mle(logs), [0, 2 / 3, 1 / 2])
    with pytest.raises(ValueError, match="click_logs never examine item 3"):
        cascade_mle(logs, n_items=4)
    assert "sessions=4" in repr(logs) and logs.n_sessions == 4
    np.testing.assert_allclose(cascade_mle(([[0, 1]], [2])), [0.0, 0.0])


def brute_force_log_likelihood(p, logs):
    total = 0.0
    for order, click in zip(logs.orders, logs.clicks, strict=True):
        for r, item in enumerate(order):
            if r < click:
                total += math.log(1 - p[item]) if p[item] < 1 else -math.inf
            elif r == click:
                total += math.log(p[item]) if p[item] > 0 else -math.inf
    return total


def test_cascade_log_likelihood_against_brute_force(rng):
    p = rng.uniform(0.05, 0.9, 5)
    logs = simulate_cascade_clicks(p, 300, 1, n_shown=4)
    q = rng.uniform(0.1, 0.9, 5)
    assert cascade_log_likelihood(q, logs) == pytest.approx(brute_force_log_likelihood(q, logs))
    assert cascade_log_likelihood([0, 0, 0], ([[0, 1]], [2])) == 0.0
    assert cascade_log_likelihood([0, 0.5], ([[0, 1]], [0])) == -math.inf


def test_cascade_mle_maximises_the_likelihood_and_converges(rng):
    p = np.array([0.6, 0.3, 0.15, 0.45, 0.05])
    logs = simulate_cascade_clicks(p, 4000, 2)
    p_hat = cascade_mle(logs)
    result = minimize(
        lambda q: -cascade_log_likelihood(q, logs),
        np.full(5, 0.5),
        bounds=[(1e-9, 1 - 1e-9)] * 5,
        method="L-BFGS-B",
        options={"ftol": 1e-15, "gtol": 1e-12},
    )
    np.testing.assert_allclose(p_hat, result.x, atol=1e-4)
    assert cascade_log_likelihood(p_hat, logs) >= -result.fun - 1e-9
    np.testing.assert_allclose(cascade_mle(simulate_cascade_clicks(p, 100_000, 3)), p, atol=0.01)


def test_the_mle_order_maximises_err_lemma_1():
    """Lemma 1: sorting by p maximises ERR; the estimated p gives the same order."""
    p = np.array([0.2, 0.7, 0.05, 0.4, 0.55])
    sigmas = all_permutations(5)
    values = err(p, -sigmas, satisfaction="given")
    best = sigmas[np.argmax(values)]
    np.testing.assert_array_equal(best, np.argsort(np.argsort(-p)))
    p_hat = cascade_mle(simulate_cascade_clicks(p, 20_000, 5))
    assert err(p, p_hat, satisfaction="given") == pytest.approx(values.max())


@pytest.mark.parametrize(
    "orders, clicks, error, match",
    [
        ([[0, 1]], [3], ValueError, "positions in 0, ..., 1, or 2"),
        ([[0, 1]], [0, 1], ValueError, "one position per session"),
        ([[0, 0]], [0], ValueError, r"orders\[0\] shows an item twice"),
        ([[-1, 0]], [0], ValueError, ">= 0"),
        ([0, 1], [0], ValueError, "2-D"),
        ([[0.5, 1]], [0], TypeError, "integers"),
    ],
)
def test_click_logs_validation(orders, clicks, error, match):
    with pytest.raises(error, match=match):
        ClickLogs(orders, clicks)


def test_cascade_errors():
    with pytest.raises(TypeError, match="ClickLogs or a pair"):
        cascade_mle([[0, 1]])
    with pytest.raises(ValueError, match="the logs show item 2"):
        cascade_mle(([[0, 2]], [0]), n_items=2)
    with pytest.raises(ValueError, match=r"p must lie in \[0, 1\]"):
        simulate_cascade_clicks([0.5, 1.5], 3)
    with pytest.raises(ValueError, match="n_shown must be <= 2"):
        simulate_cascade_clicks([0.5, 0.5], 3, n_shown=3)


def test_click_logs_copy_the_arrays_they_freeze():
    orders = np.array([[0, 1], [1, 0]])
    clicks = np.array([0, 2])
    logs = ClickLogs(orders, clicks)
    orders[0, 0] = 1  # the caller's arrays stay writeable and do not alter the logs
    clicks[0] = 1
    assert logs.orders[0, 0] == 0 and logs.clicks[0] == 0
    assert not logs.orders.flags.writeable


def test_cascade_messages_name_the_argument():
    from rankviz.cascade import MAX_ITEMS, MAX_LOG_ENTRIES

    with pytest.raises(ValueError, match=r"click_logs \(orders, clicks\): orders\[0\] shows"):
        cascade_mle(([[0, 0]], [1]))
    with pytest.raises(ValueError, match="p gives 2 probabilities, but the logs show item 2"):
        cascade_log_likelihood([0.5, 0.5], ([[0, 2]], [0]))
    with pytest.raises(
        ValueError, match=f"orders must contain item indices >= 0 and below MAX_ITEMS = {MAX_ITEMS}"
    ):
        ClickLogs([[0, 10**12]], [0])
    with pytest.raises(ValueError, match=f"n_sessions must be <= {MAX_LOG_ENTRIES // 2}"):
        simulate_cascade_clicks([0.5, 0.5], 10**12)
    with pytest.raises(TypeError, match="p must contain real numbers"):
        simulate_cascade_clicks([0.5 + 1j, 0.5], 3)
