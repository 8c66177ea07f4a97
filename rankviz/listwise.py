"""RankNet, ListNet and LambdaRank (chapter 10): losses of one query and their gradients.

For one query with scores ``s`` (higher is ranked higher) and relevance grades ``y``:

* **RankNet** (Burges et al. 2005; Burges 2010, §2) sums, over the pairs ``y_i > y_j``, the
  logistic loss ``log(1 + exp(-sigma (s_i - s_j)))`` of the score difference;
* **ListNet** (Cao et al. 2007) is the cross-entropy ``-sum_j P_y(j) log P_s(j)`` of the
  top-one probabilities ``P_s = softmax(s)`` against those of the grades, ``P_y = softmax(y)``;
* **LambdaRank** (Burges, Ragno and Le 2006; Burges 2010, §4) is defined by gradients, not a
  loss: the RankNet gradient of each pair weighted by ``|Delta NDCG_ij|``, the change in NDCG
  from swapping ``i`` and ``j`` in the ranking the scores give now.  Inside a region of score space
  where that ranking is fixed the lambdas are the gradient of
  ``sum_{y_i > y_j} |Delta NDCG_ij| log(1 + exp(-sigma (s_i - s_j)))``
  (:func:`lambdarank_potential`); :func:`lambda_loop_integral` integrates the lambda field
  exactly around a closed polygon, which tells whether one continuous potential serves every
  region.

Every gradient here is ``dC/ds``: a descent step moves the scores by ``-gradient``.  The batch
functions (:func:`objective_derivatives`) evaluate a whole set of queries, given as a flat score
vector and the query boundaries of :class:`rankviz.query_data.QueryData`, and return the
gradient and the diagonal second derivative that LambdaMART's Newton leaf values need.
"""

from __future__ import annotations

import itertools

import numpy as np

from rankviz._validation import (
    MAX_MAGNITUDE,
    as_float_vector,
    check_array,
    check_choice,
    check_int,
    check_real,
    check_same_length,
)

__all__ = [
    "MAX_GRADE",
    "MAX_LOOP_WORK",
    "MAX_QUERY_DOCUMENTS",
    "OBJECTIVES",
    "delta_ndcg",
    "lambda_loop_integral",
    "lambdarank_gradient",
    "lambdarank_potential",
    "listnet_gradient",
    "listnet_loss",
    "objective_derivatives",
    "ranknet_gradient",
    "ranknet_loss",
    "top_one_probabilities",
]

#: the most documents of one query: the pair functions build n x n matrices
MAX_QUERY_DOCUMENTS = 2_000
#: the objectives :func:`objective_derivatives` knows
OBJECTIVES = ("ranknet", "listnet", "lambdarank")
#: the largest grade: ListNet's softmax and NDCG's gain 2**y - 1 of a larger one overflow
MAX_GRADE = 60.0
#: the most work :func:`lambda_loop_integral` takes on, counted as vertices * documents**4 (each
#: of the m edges is cut at up to n**2 / 2 crossings, and each piece reweighs n**2 pairs): about
#: three seconds of one core (100 vertices of 31 documents, 9.2e7; 200 of 40, 5.1e8, take 28 s)
MAX_LOOP_WORK = 100_000_000


# ---- validation -----------------------------------------------------------------------------


def _query(scores, labels):
    s = as_float_vector(scores, "scores")
    y = as_float_vector(labels, "labels")
    check_same_length(s, y, "scores", "labels")
    if s.size > MAX_QUERY_DOCUMENTS:
        raise ValueError(
            f"scores must hold at most MAX_QUERY_DOCUMENTS = {MAX_QUERY_DOCUMENTS} documents "
            f"(one query's pair matrices), got {s.size}"
        )
    if np.abs(s).max() > MAX_MAGNITUDE:
        raise ValueError(f"scores must have magnitude at most {MAX_MAGNITUDE:g}")
    if (y < 0).any() or y.max() > MAX_GRADE:
        raise ValueError(
            f"labels must be grades in [0, {MAX_GRADE:g}], got {y.min():g}..{y.max():g}"
        )
    return s, y


def _sigma(sigma):
    return check_real(sigma, "sigma", positive=True, maximum=1e6)


def _cutoff(k, n):
    if k is None:
        return n
    return min(check_int(k, "k", minimum=1), n)


# ---- private cores (trusted inputs) ---------------------------------------------------------


def _logistic_term(diff):
    """``log(1 + exp(-diff))``, stable for every real ``diff``."""
    return np.logaddexp(0.0, -diff)


def _rho(diff):
    """``1 / (1 + exp(diff))``: minus the derivative of the logistic term."""
    return 0.5 * (1.0 - np.tanh(0.5 * diff))


def _positions(s):
    """0-based position of each document, ties broken by document index (a stable sort)."""
    order = np.argsort(-s, kind="stable")
    sigma = np.empty(s.size, dtype=np.int64)
    sigma[order] = np.arange(s.size)
    return sigma


def _delta_ndcg(s, y, k):
    n = s.size
    gains = np.exp2(y) - 1.0
    discount = np.zeros(n)
    discount[:k] = 1.0 / np.log2(np.arange(2, k + 2))
    ideal = float(np.sort(gains)[::-1] @ discount)
    if ideal == 0.0:
        return np.zeros((n, n))
    d = discount[_positions(s)]
    return np.abs(np.subtract.outer(gains, gains) * np.subtract.outer(d, d)) / ideal


def _pair_weights(y):
    """``1`` for the pairs ``(i, j)`` with ``y_i > y_j``, else ``0``."""
    return (np.subtract.outer(y, y) > 0).astype(float)


def _pair_gradient(s, weights, sigma):
    """Gradient and diagonal Hessian of ``sum_ij w_ij log(1 + exp(-sigma (s_i - s_j)))``."""
    diff = sigma * np.subtract.outer(s, s)
    rho = _rho(diff)
    force = weights * sigma * rho  # d/ds_j of pair (i, j) is +force, d/ds_i is -force
    gradient = force.sum(axis=0) - force.sum(axis=1)
    curvature = weights * sigma**2 * rho * (1.0 - rho)
    hessian = curvature.sum(axis=0) + curvature.sum(axis=1)
    return gradient, hessian


def _softmax(v):
    e = np.exp(v - v.max())
    return e / e.sum()


# ---- one query ------------------------------------------------------------------------------


def ranknet_loss(scores, labels, sigma=1.0):
    """RankNet's loss of one query: the logistic loss summed over its ordered pairs.

    ``C(s) = sum_{(i, j): y_i > y_j} log(1 + exp(-sigma (s_i - s_j)))``: the cross-entropy of
    the model's pair probability ``1 / (1 + exp(-sigma (s_i - s_j)))`` against the target 1
    (Burges 2010, §2, with ``S_ij = 1``). Tied grades contribute nothing.

    Parameters
    ----------
    scores : array_like of shape (n,)
        The model's scores, higher is ranked higher.
    labels : array_like of shape (n,)
        Relevance grades, ``0 <= y <= MAX_GRADE``.
    sigma : float, default 1
        The logistic's slope, ``> 0``.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If the arrays are empty, of different lengths, hold NaN or infinite values, a grade is
        outside ``[0, MAX_GRADE]``, there are more than ``MAX_QUERY_DOCUMENTS`` documents or
        ``sigma <= 0``.
    TypeError
        If an argument is not numeric.

    References
    ----------
    Burges et al. (2005); Burges (2010), §2.

    Examples
    --------
    >>> round(ranknet_loss([0.0, 0.0], [1, 0]), 4)    # one pair, tied scores: log 2
    0.6931
    """
    s, y = _query(scores, labels)
    sig = _sigma(sigma)
    return float((_pair_weights(y) * _logistic_term(sig * np.subtract.outer(s, s))).sum())


def ranknet_gradient(scores, labels, sigma=1.0):
    """The gradient ``dC/ds`` of :func:`ranknet_loss`.

    Each pair ``y_i > y_j`` pulls ``s_i`` up and ``s_j`` down with the force
    ``sigma / (1 + exp(sigma (s_i - s_j)))`` (Burges 2010, §2.1: ``lambda_ij``); the gradient
    of document ``i`` sums the forces of its pairs, with a minus sign for the pairs it should win.

    Parameters
    ----------
    scores, labels, sigma
        As in :func:`ranknet_loss`.

    Returns
    -------
    ndarray of shape (n,)
        Sums to 0 (every pair pushes its two documents equally and oppositely).

    Raises
    ------
    ValueError, TypeError
        As :func:`ranknet_loss`.

    References
    ----------
    Burges (2010), §2.1, the ``lambda_i``: Burges's lambdas are gradients there (and in §4);
    his LambdaMART (§7) uses them with the opposite sign.

    Examples
    --------
    >>> ranknet_gradient([0.0, 0.0], [1, 0])
    array([-0.5,  0.5])
    """
    s, y = _query(scores, labels)
    return _pair_gradient(s, _pair_weights(y), _sigma(sigma))[0]


def top_one_probabilities(scores):
    """ListNet's top-one probabilities: the softmax ``exp(s_j) / sum_k exp(s_k)``.

    Under the Plackett-Luce model with worths ``exp(s)`` this is the probability that document
    ``j`` is ranked first (the closed form Cao et al. 2007 give).

    Parameters
    ----------
    scores : array_like of shape (n,)
        Finite scores.

    Returns
    -------
    ndarray of shape (n,)
        Positive, summing to 1.

    Raises
    ------
    ValueError
        If ``scores`` is empty or holds NaN or infinite values, or its magnitude exceeds
        ``MAX_MAGNITUDE``.
    TypeError
        If ``scores`` is not numeric.

    References
    ----------
    Cao et al. (2007), the top-one probability and its closed form.

    Examples
    --------
    >>> top_one_probabilities([0.0, 0.0, 0.0, 0.0])
    array([0.25, 0.25, 0.25, 0.25])
    """
    s = as_float_vector(scores, "scores")
    if np.abs(s).max() > MAX_MAGNITUDE:
        raise ValueError(f"scores must have magnitude at most {MAX_MAGNITUDE:g}")
    return _softmax(s)


def listnet_loss(scores, labels):
    """ListNet's loss of one query: the cross-entropy of the top-one probabilities.

    ``C(s) = -sum_j softmax(y)_j log softmax(s)_j`` (Cao et al. 2007, with
    ``phi = exp``).

    Parameters
    ----------
    scores : array_like of shape (n,)
        The model's scores.
    labels : array_like of shape (n,)
        Relevance grades, ``0 <= y <= MAX_GRADE``.

    Returns
    -------
    float
        At least the entropy of ``softmax(y)``, reached exactly at ``s = y + c``.

    Raises
    ------
    ValueError, TypeError
        As :func:`ranknet_loss`.

    References
    ----------
    Cao et al. (2007).

    Examples
    --------
    >>> round(listnet_loss([0.0, 0.0], [1, 1]), 4)   # log 2
    0.6931
    """
    s, y = _query(scores, labels)
    log_p = s - np.logaddexp.reduce(s)
    return float(-(_softmax(y) @ log_p))


def listnet_gradient(scores, labels):
    """The gradient of :func:`listnet_loss`: ``softmax(s) - softmax(y)``.

    Parameters
    ----------
    scores, labels
        As in :func:`listnet_loss`.

    Returns
    -------
    ndarray of shape (n,)
        Sums to 0.

    Raises
    ------
    ValueError, TypeError
        As :func:`listnet_loss`.

    References
    ----------
    Cao et al. (2007).

    Examples
    --------
    >>> listnet_gradient([0.0, 0.0], [1, 1])
    array([0., 0.])
    """
    s, y = _query(scores, labels)
    return _softmax(s) - _softmax(y)


def delta_ndcg(scores, labels, k=None):
    """``|Delta NDCG@k_ij|``: how much NDCG@k changes when documents ``i`` and ``j`` swap.

    The ranking is the one the scores give (ties broken by document index, the lower index
    first); swapping ``i`` and ``j`` exchanges their positions. With exponential gains and
    base-2 discounts, ``|Delta_ij| = |G(y_i) - G(y_j)| |1/D(r_i) - 1/D(r_j)| / N_k(y)``, where a
    position beyond ``k`` has discount 0.

    Parameters
    ----------
    scores : array_like of shape (n,)
        The current scores.
    labels : array_like of shape (n,)
        Relevance grades.
    k : int, optional
        The cut-off (default: the whole list).

    Returns
    -------
    ndarray of shape (n, n)
        Symmetric, zero on the diagonal; all zero if every grade is 0.

    Raises
    ------
    ValueError, TypeError
        As :func:`ranknet_loss`, or ``k`` is not an integer ``>= 1``.

    References
    ----------
    Burges, Ragno and Le (2006), §4; Burges (2010), §4.

    Examples
    --------
    >>> delta_ndcg([2.0, 1.0], [0, 1]).round(3)       # swapping fixes the ranking: NDCG 0.631 -> 1
    array([[0.   , 0.369],
           [0.369, 0.   ]])
    """
    s, y = _query(scores, labels)
    return _delta_ndcg(s, y, _cutoff(k, s.size))


def lambdarank_gradient(scores, labels, sigma=1.0, k=None):
    """LambdaRank's lambdas, as a gradient: RankNet's pair forces weighted by ``|Delta NDCG_ij|``.

    ``g_i = sum_j [y_j > y_i] w_ji - sum_j [y_i > y_j] w_ij`` with
    ``w_ij = sigma |Delta NDCG@k_ij| / (1 + exp(sigma (s_i - s_j)))``; ``-g`` is the direction
    LambdaRank moves the scores (Burges 2010, §4, with the sign of a gradient).

    Parameters
    ----------
    scores, labels, sigma
        As in :func:`ranknet_loss`.
    k : int, optional
        The cut-off of NDCG (default: the whole list).

    Returns
    -------
    ndarray of shape (n,)
        Sums to 0.

    Raises
    ------
    ValueError, TypeError
        As :func:`delta_ndcg`, or ``sigma <= 0``.

    References
    ----------
    Burges, Ragno and Le (2006); Burges (2010), §4.

    Examples
    --------
    >>> lambdarank_gradient([2.0, 1.0], [0, 1]).round(3)
    array([ 0.27, -0.27])
    """
    s, y = _query(scores, labels)
    weights = _pair_weights(y) * _delta_ndcg(s, y, _cutoff(k, s.size))
    return _pair_gradient(s, weights, _sigma(sigma))[0]


def lambdarank_potential(scores, labels, frozen_scores=None, sigma=1.0, k=None):
    """The potential of the lambda field inside one region of fixed order.

    ``Phi(s) = sum_{y_i > y_j} |Delta NDCG@k_ij(pi)| log(1 + exp(-sigma (s_i - s_j)))`` with the
    weights taken at the ranking ``pi`` of ``frozen_scores`` (default: of ``scores``).  Where
    the ranking of ``s`` is ``pi``, ``grad Phi(s) = lambdarank_gradient(s)``.

    Parameters
    ----------
    scores, labels, sigma, k
        As in :func:`lambdarank_gradient`.
    frozen_scores : array_like of shape (n,), optional
        Scores whose ranking fixes the weights.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`lambdarank_gradient`, or ``frozen_scores`` is not a finite vector of the
        length of ``scores``.

    References
    ----------
    Burges (2010), §4 (the cost whose gradients are the lambdas for a fixed sort).

    Examples
    --------
    >>> round(lambdarank_potential([2.0, 1.0], [0, 1]), 4)  # 0.369 * log(1 + e): misordered by 1
    0.4847
    """
    s, y = _query(scores, labels)
    frozen = s
    if frozen_scores is not None:
        frozen = as_float_vector(frozen_scores, "frozen_scores")
        check_same_length(frozen, s, "frozen_scores", "scores")
        if np.abs(frozen).max() > MAX_MAGNITUDE:
            raise ValueError(f"frozen_scores must have magnitude at most {MAX_MAGNITUDE:g}")
    weights = _pair_weights(y) * _delta_ndcg(frozen, y, _cutoff(k, s.size))
    return float((weights * _logistic_term(_sigma(sigma) * np.subtract.outer(s, s))).sum())


def lambda_loop_integral(vertices, labels, sigma=1.0, k=None):
    """The exact line integral of the lambda field around a closed polygon in score space.

    The polygon runs through ``vertices[0], vertices[1], ..., vertices[-1]`` and back to
    ``vertices[0]``.  Each edge is cut where two scores cross; on each piece the ranking is
    fixed, so the integral of the lambdas along it is the change of
    :func:`lambdarank_potential` with that piece's weights.  The gradient of a continuous
    potential has integral 0 around every loop; a nonzero value proves that no continuous loss
    has the lambdas as its gradient.

    Parameters
    ----------
    vertices : array_like of shape (m, n)
        ``m >= 2`` score vectors of ``n`` documents.
    labels : array_like of shape (n,)
        Relevance grades.
    sigma, k
        As in :func:`lambdarank_gradient`.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If ``vertices`` is not a finite ``(m, n)`` array with ``2 <= m <= 10_000`` and
        ``n <= 100``, its width differs from the length of ``labels``, ``m * n**4`` exceeds
        ``MAX_LOOP_WORK``, or an argument is invalid as in :func:`lambdarank_gradient`.
    TypeError
        If an argument is not numeric.

    References
    ----------
    Burges, Ragno and Le (2006), §4 (the Poincaré lemma); Burges (2010), §4.

    Examples
    --------
    >>> square = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]
    >>> round(lambda_loop_integral(square, [0, 1, 2]), 4)   # RankNet-like inside one order: 0
    0.0
    """
    v = check_array(vertices, "vertices", ndim=2, max_abs=1e6, max_size=10_000 * 100)
    if not 2 <= v.shape[0] <= 10_000:
        raise ValueError(f"vertices must hold 2 to 10000 score vectors, got {v.shape[0]}")
    _, y = _query(v[0], labels)
    if v.shape[1] > 100:
        raise ValueError(f"vertices may have at most 100 documents (columns), got {v.shape[1]}")
    work = v.shape[0] * v.shape[1] ** 4
    if work > MAX_LOOP_WORK:
        raise ValueError(
            f"vertices: {v.shape[0]} vertices of {v.shape[1]} documents need vertices * "
            f"documents**4 = {work:.3g} steps, beyond MAX_LOOP_WORK = {MAX_LOOP_WORK:.3g}"
        )
    sig, cut = _sigma(sigma), _cutoff(k, y.size)
    weights_0 = _pair_weights(y)
    total = 0.0
    for a, b in zip(v, np.roll(v, -1, axis=0), strict=True):
        step = b - a
        rate = np.subtract.outer(step, step)
        with np.errstate(divide="ignore", invalid="ignore"):
            cross = -np.subtract.outer(a, a) / rate
        ts = np.unique(np.concatenate([[0.0, 1.0], cross[(cross > 0) & (cross < 1)]]))
        for t0, t1 in itertools.pairwise(ts):
            start, end, middle = a + t0 * step, a + t1 * step, a + 0.5 * (t0 + t1) * step
            w = weights_0 * _delta_ndcg(middle, y, cut)
            phi_end = (w * _logistic_term(sig * np.subtract.outer(end, end))).sum()
            phi_start = (w * _logistic_term(sig * np.subtract.outer(start, start))).sum()
            total += phi_end - phi_start
    return float(total)


# ---- a set of queries -----------------------------------------------------------------------


def objective_derivatives(scores, labels, boundaries, objective="lambdarank", sigma=1.0, k=None):
    """Gradient and diagonal second derivative of an objective summed over a set of queries.

    Query ``q`` holds the documents ``boundaries[q]:boundaries[q + 1]`` of the flat vectors.
    ``"ranknet"`` and ``"listnet"`` are the losses above; ``"lambdarank"`` gives the lambdas
    and, as second derivative, ``sum_j sigma**2 |Delta NDCG_ij| rho_ij (1 - rho_ij)`` with
    ``rho_ij = 1 / (1 + exp(sigma |s_i - s_j|))`` (Burges 2010, §7, Algorithm LambdaMART).

    Parameters
    ----------
    scores : array_like of shape (N,)
        Scores of all documents.
    labels : array_like of shape (N,)
        Their grades.
    boundaries : array_like of int, shape (q + 1,)
        Increasing, from 0 to ``N``: the first document of each query, then ``N``.
    objective : {"ranknet", "listnet", "lambdarank"}
    sigma : float, default 1
        RankNet's and LambdaRank's slope (ignored by ListNet).
    k : int, optional
        LambdaRank's NDCG cut-off.

    Returns
    -------
    (ndarray of shape (N,), ndarray of shape (N,))
        The gradient and the (non-negative) diagonal of the Hessian.

    Raises
    ------
    ValueError
        If ``boundaries`` does not increase strictly from 0 to ``N``, a query has more than
        ``MAX_QUERY_DOCUMENTS`` documents, or an argument is invalid as in
        :func:`lambdarank_gradient`.
    TypeError
        If an argument has the wrong type.

    References
    ----------
    Burges (2010), §7, Algorithm LambdaMART.

    Examples
    --------
    >>> g, h = objective_derivatives([0.0, 0.0, 0.0, 0.0], [1, 0, 0, 1], [0, 2, 4], "ranknet")
    >>> g, h
    (array([-0.5,  0.5,  0.5, -0.5]), array([0.25, 0.25, 0.25, 0.25]))
    """
    s = as_float_vector(scores, "scores")
    y = as_float_vector(labels, "labels")
    check_same_length(s, y, "scores", "labels")
    if np.abs(s).max() > MAX_MAGNITUDE:
        raise ValueError(f"scores must have magnitude at most {MAX_MAGNITUDE:g}")
    if (y < 0).any() or y.max() > MAX_GRADE:
        raise ValueError(f"labels must be grades in [0, {MAX_GRADE:g}]")
    b = check_array(boundaries, "boundaries", ndim=1, dtype="int")
    if b.size < 2 or b[0] != 0 or b[-1] != s.size or (np.diff(b) <= 0).any():
        raise ValueError(
            f"boundaries must increase strictly from 0 to the number of documents ({s.size})"
        )
    if np.diff(b).max() > MAX_QUERY_DOCUMENTS:
        raise ValueError(
            f"boundaries: a query may hold at most MAX_QUERY_DOCUMENTS = {MAX_QUERY_DOCUMENTS}"
        )
    kind = check_choice(objective, "objective", OBJECTIVES)
    sig = _sigma(sigma)
    cut = None if k is None else check_int(k, "k", minimum=1)
    gradient, hessian = np.empty_like(s), np.empty_like(s)
    for lo, hi in itertools.pairwise(b):
        sq, yq = s[lo:hi], y[lo:hi]
        if kind == "listnet":
            p = _softmax(sq)
            gradient[lo:hi], hessian[lo:hi] = p - _softmax(yq), p * (1.0 - p)
            continue
        weights = _pair_weights(yq)
        if kind == "lambdarank":
            weights = weights * _delta_ndcg(sq, yq, sq.size if cut is None else min(cut, sq.size))
        gradient[lo:hi], hessian[lo:hi] = _pair_gradient(sq, weights, sig)
    return gradient, hessian
