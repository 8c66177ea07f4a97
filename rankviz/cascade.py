"""The cascade click model of section 5.2: simulated sessions, likelihood and closed-form MLE.

A user of the cascade model scans a list from the top and clicks the first item
that satisfies them (item ``l`` does so with probability ``p[l]``, independently),
or clicks nothing.  :class:`ClickLogs` holds sessions (the list shown and the
position clicked), :func:`simulate_cascade_clicks` draws them,
:func:`cascade_log_likelihood` evaluates the likelihood ``g`` and
:func:`cascade_mle` maximises it in closed form; the order of the estimated
probabilities maximises ERR (Lemma 1; :func:`rankviz.measures.err`).

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013, section 5.2; Craswell et al. (2008);
Chapelle et al. (2009).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import xlogy

from rankviz._validation import as_generator, check_array, check_int

__all__ = [
    "MAX_ITEMS",
    "MAX_LOG_ENTRIES",
    "ClickLogs",
    "cascade_log_likelihood",
    "cascade_mle",
    "simulate_cascade_clicks",
]

#: Largest number of items (the largest item id shown is below it).
MAX_ITEMS = 1_000_000

#: Largest ``n_sessions * n_items`` :func:`simulate_cascade_clicks` draws.
MAX_LOG_ENTRIES = 50_000_000


@dataclass(frozen=True, eq=False)
class ClickLogs:
    """Sessions of a cascade-model user: the list shown and the position clicked.

    Attributes
    ----------
    orders : ndarray of int64, shape (K, L)
        ``orders[i, r]`` is the item shown at 0-based position ``r`` of session
        ``i`` (the paper's ``pi_i``); the items of a row are distinct.
    clicks : ndarray of int64, shape (K,)
        The 0-based position clicked in each session, or ``L`` when the user
        clicked nothing (the paper's ``c_i = m_i + 1``, 1-based).

    Notes
    -----
    Build one directly (the arguments are validated) or with
    :func:`simulate_cascade_clicks`.
    """

    orders: np.ndarray
    clicks: np.ndarray

    def __post_init__(self) -> None:
        orders = check_array(self.orders, "orders", dtype="int", allow_empty=True)
        if orders.ndim != 2 or 0 in orders.shape:
            raise ValueError(
                f"orders must be a non-empty 2-D array (sessions x positions), "
                f"got shape {orders.shape}"
            )
        if (orders < 0).any() or (orders >= MAX_ITEMS).any():
            raise ValueError(
                f"orders must contain item indices >= 0 and below MAX_ITEMS = "
                f"{MAX_ITEMS}, got values from {orders.min()} to {orders.max()}"
            )
        clicks = check_array(self.clicks, "clicks", dtype="int", allow_empty=True, copy=True)
        if clicks.shape != (orders.shape[0],):
            raise ValueError(
                f"clicks must give one position per session of orders "
                f"({orders.shape[0]}), got shape {clicks.shape}"
            )
        orders = orders.copy() if orders is self.orders else orders
        shown = orders.shape[1]
        if ((clicks < 0) | (clicks > shown)).any():
            raise ValueError(
                f"clicks must be positions in 0, ..., {shown - 1}, or {shown} for "
                f"'no click'; got {clicks[(clicks < 0) | (clicks > shown)][0]}"
            )
        sorted_rows = np.sort(orders, axis=1)
        if (sorted_rows[:, 1:] == sorted_rows[:, :-1]).any():
            row = int(np.flatnonzero((sorted_rows[:, 1:] == sorted_rows[:, :-1]).any(axis=1))[0])
            raise ValueError(f"orders[{row}] shows an item twice: {orders[row].tolist()}")
        orders.flags.writeable = False
        clicks.flags.writeable = False
        object.__setattr__(self, "orders", orders)
        object.__setattr__(self, "clicks", clicks)

    @property
    def n_sessions(self) -> int:
        """Number of sessions ``K``."""
        return int(self.orders.shape[0])

    def __repr__(self) -> str:
        shown = self.orders.shape[1]
        no_click = int(np.count_nonzero(self.clicks == shown))
        return (
            f"ClickLogs(sessions={self.n_sessions}, positions={shown}, "
            f"sessions without a click={no_click})"
        )


def _as_click_logs(click_logs) -> ClickLogs:
    if isinstance(click_logs, ClickLogs):
        return click_logs
    if isinstance(click_logs, tuple) and len(click_logs) == 2:
        try:
            return ClickLogs(*click_logs)
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"click_logs (orders, clicks): {exc}") from None
    raise TypeError(
        f"click_logs must be a ClickLogs or a pair (orders, clicks), got "
        f"{type(click_logs).__name__}"
    )


def _as_satisfaction(p, name: str = "p") -> np.ndarray:
    values = check_array(p, name, ndim=1, bounds=(0.0, 1.0))
    if values.size > MAX_ITEMS:
        raise ValueError(
            f"{name} has {values.size} items; at most MAX_ITEMS = {MAX_ITEMS} are supported"
        )
    return values


def simulate_cascade_clicks(p, n_sessions, rng=0, *, n_shown=None):
    """Sessions of a cascade-model user on lists shown in uniformly random order.

    Each session shows ``n_shown`` distinct items in a random order; the user
    scans from the top and clicks the first item that satisfies them, item ``l``
    doing so with probability ``p[l]`` independently, or clicks nothing.

    Parameters
    ----------
    p : array_like of shape (n,)
        Satisfaction probabilities in [0, 1].
    n_sessions : int
        Number of sessions, >= 1; ``n_sessions * n`` at most :data:`MAX_LOG_ENTRIES`.
    rng : int or numpy.random.Generator, default 0
        Seed or generator.
    n_shown : int, optional
        Items per list, ``1 <= n_shown <= n``; all ``n`` by default.

    Returns
    -------
    ClickLogs

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.2; Craswell et al. (2008);
    Chapelle et al. (2009).

    Examples
    --------
    >>> logs = simulate_cascade_clicks([1.0, 0.0, 0.0], 4, rng=0)
    >>> bool(np.all(logs.orders[np.arange(4), logs.clicks] == 0))   # always item 0
    True
    """
    probs = _as_satisfaction(p)
    n = probs.size
    k = check_int(n_sessions, "n_sessions", minimum=1, maximum=max(1, MAX_LOG_ENTRIES // n))
    shown = n if n_shown is None else check_int(n_shown, "n_shown", minimum=1, maximum=n)
    gen = as_generator(rng)
    orders = np.argsort(gen.random((k, n)), axis=1)[:, :shown]
    satisfied = gen.random((k, shown)) < probs[orders]
    clicks = np.where(satisfied.any(axis=1), satisfied.argmax(axis=1), shown)
    return ClickLogs(orders, clicks)


def _click_counts(logs: ClickLogs, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Per item: sessions whose click fell on it, and sessions that examined it."""
    shown = logs.orders.shape[1]
    examined = np.arange(shown)[None, :] <= logs.clicks[:, None]  # up to the click, or all
    clicked = logs.clicks < shown
    rows = np.flatnonzero(clicked)
    click_items = logs.orders[rows, logs.clicks[rows]]
    return (
        np.bincount(click_items, minlength=n).astype(float),
        np.bincount(logs.orders[examined], minlength=n).astype(float),
    )


def _n_items(logs: ClickLogs, n_items) -> int:
    largest = int(logs.orders.max()) + 1
    if n_items is None:
        return largest
    n = check_int(n_items, "n_items", minimum=1, maximum=MAX_ITEMS)
    if n < largest:
        raise ValueError(f"n_items = {n}, but the logs show item {largest - 1}")
    return n


def _check_covers_logs(probs: np.ndarray, logs: ClickLogs) -> int:
    largest = int(logs.orders.max()) + 1
    if probs.size < largest:
        raise ValueError(
            f"p gives {probs.size} probabilities, but the logs show item {largest - 1}"
        )
    return probs.size


def cascade_mle(click_logs, n_items=None):
    """Closed-form maximum-likelihood satisfaction probabilities of the cascade model.

    ``p_hat[l] = (sessions whose click fell on l) / (sessions that examined l)``,
    where a session examines the items down to its click, or the whole list
    when nothing was clicked.  The likelihood factorises over items into
    ``p_l^{clicks_l} (1 - p_l)^{examined_l - clicks_l}``, so each ratio is a
    binomial maximum-likelihood estimate.  (The paper's denominator sums over
    positions ``1, ..., c_i``; for a session without a click ``c_i = m_i + 1`` is
    one past the list, and the sum stops at ``m_i``.)

    Parameters
    ----------
    click_logs : ClickLogs or (orders, clicks)
        The sessions (see :class:`ClickLogs`).
    n_items : int, optional
        Number of items; by default one more than the largest item shown.

    Returns
    -------
    ndarray of shape (n_items,)
        In [0, 1].

    Raises
    ------
    TypeError, ValueError
        If the logs are invalid, ``n_items`` is smaller than an item shown, or an
        item was never examined: its estimate would be 0 / 0, which the data
        cannot decide.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.2 (the likelihood ``g`` and the
    closed form of ``p_hat``); Chapelle et al. (2009).

    Examples
    --------
    >>> orders = [[0, 1, 2], [0, 1, 2], [1, 0, 2], [2, 1, 0]]
    >>> clicks = [1, 3, 0, 0]          # item 1; nothing; item 1; item 2
    >>> cascade_mle((orders, clicks))
    array([0.    , 0.6667, 0.5   ])

    Item 3 is never shown, so no session examines it:

    >>> cascade_mle((orders, clicks), n_items=4)
    Traceback (most recent call last):
    ...
    ValueError: click_logs never examine item 3: its satisfaction probability would be 0 / 0
    """
    logs = _as_click_logs(click_logs)
    n = _n_items(logs, n_items)
    clicked, examined = _click_counts(logs, n)
    unseen = np.flatnonzero(examined == 0)
    if unseen.size:
        items = ", ".join(map(str, unseen[:5])) + (", ..." if unseen.size > 5 else "")
        raise ValueError(
            f"click_logs never examine item {items}: its satisfaction probability would be 0 / 0"
        )
    return clicked / examined


def cascade_log_likelihood(p, click_logs):
    """Log of the cascade likelihood ``g(p, {Y_1, ..., Y_K})`` of section 5.2.

    ``sum_i [1(clicked) log p_{pi_i(c_i)} + sum_{r < c_i} log(1 - p_{pi_i(r)})]``:
    the items above the click did not satisfy, the clicked one did.

    Parameters
    ----------
    p : array_like of shape (n,)
        Satisfaction probabilities in [0, 1], one per item of the logs.
    click_logs : ClickLogs or (orders, clicks)

    Returns
    -------
    float
        ``-inf`` when ``p`` makes the logs impossible.

    Raises
    ------
    TypeError, ValueError
        If an argument is invalid or ``p`` is shorter than the items shown.

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.2.

    Examples
    --------
    >>> logs = ([[0, 1], [1, 0]], [1, 2])     # 0 passed, 1 clicked; 1 and 0 passed
    >>> round(cascade_log_likelihood([0.5, 0.5], logs), 4)     # 4 log(1/2)
    -2.7726
    """
    probs = _as_satisfaction(p)
    logs = _as_click_logs(click_logs)
    n = _check_covers_logs(probs, logs)
    clicked, examined = _click_counts(logs, n)
    with np.errstate(divide="ignore"):  # log 0 = -inf for impossible logs; 0 log 0 = 0
        return float(np.sum(xlogy(clicked, probs) + xlogy(examined - clicked, 1.0 - probs)))
