"""Measures of a ranking: ROC curves, AUC and bipartite misranking.

Bipartite setting (Mohri et al., 2018, section 10.5): a sample holds ``m``
positive and ``n`` negative points; a scoring function ``h`` ranks them by
decreasing score.  All functions here take ``y_true`` (binary labels in
{0, 1}, {-1, +1} or booleans; the positive class is 1) and ``y_score`` (real
scores, higher means "ranked higher") of the same length.

Every curve and count below comes from one private core,
:func:`_binary_clf_curve`, which sorts the scores once and sweeps over the
distinct values: this is the linear pass over a sorted array of Mohri et al.
(section 10.5.2), vectorised, so each public function costs one sort,
O(N log N) for N = m + n points.

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, chapter 10 (seed ``004_e87a518ae3e4601f.txt``).
"""

from __future__ import annotations

import numpy as np

from rankviz._validation import (
    as_binary_labels,
    as_float_vector,
    check_choice,
    check_int,
    check_real,
    check_same_length,
)
from rankviz.permutations import as_permutation

__all__ = [
    "PAIRWISE_TIES",
    "TIE_CONVENTIONS",
    "auc",
    "confusion_matrix_at_threshold",
    "emphasis_axioms",
    "emphasis_bipartite",
    "emphasis_top_k",
    "emphasis_uniform",
    "pairwise_disagreement",
    "pairwise_misranking",
    "precision_recall_curve",
    "roc_curve",
    "weighted_disagreement_L_omega",
]

#: The tie conventions :func:`auc` accepts, with the credit a tied
#: (positive, negative) pair receives.
TIE_CONVENTIONS = {"half": 0.5, "mohri": 1.0, "strict": 0.0}


# --------------------------------------------------------------------------- #
# validation and the shared core
# --------------------------------------------------------------------------- #
def _check_bipartite(y_true: object, y_score: object) -> tuple[np.ndarray, np.ndarray]:
    """Validate a bipartite sample; return (positive mask, float scores)."""
    positive = as_binary_labels(y_true, "y_true")
    score = as_float_vector(y_score, "y_score")
    check_same_length(positive, score, "y_true", "y_score")
    n_pos = int(np.count_nonzero(positive))
    if n_pos == 0:
        raise ValueError("y_true contains no positive example: the measure is undefined")
    if n_pos == positive.size:
        raise ValueError("y_true contains no negative example: the measure is undefined")
    return positive, score


def _sort_by_score(positive: np.ndarray, score: np.ndarray):
    """Sort once by decreasing score (the only sort any measure here needs).

    Returns the labels and the scores in that order.
    """
    order = np.argsort(score)[::-1]
    return positive[order], score[order]


def _group_ends(sorted_score: np.ndarray) -> np.ndarray:
    """Index of the last element of each run of equal (sorted) scores."""
    ends = np.flatnonzero(sorted_score[1:] != sorted_score[:-1])
    return np.append(ends, sorted_score.size - 1)


def _binary_clf_curve(positive: np.ndarray, score: np.ndarray):
    """Cumulative (false, true) positive counts at every distinct threshold.

    For each distinct score ``s_k`` (in decreasing order) the counts are those
    of the rule "predict positive iff score >= s_k".

    Returns
    -------
    fps, tps : ndarray of int64
        Negatives and positives with score >= each threshold.
    thresholds : ndarray of float64
        The distinct scores, decreasing.
    """
    sorted_positive, sorted_score = _sort_by_score(positive, score)
    ends = _group_ends(sorted_score)
    tps = np.cumsum(sorted_positive, dtype=np.int64)[ends]
    fps = ends + 1 - tps
    return fps, tps, sorted_score[ends]


def _pair_counts(positive: np.ndarray, score: np.ndarray) -> tuple[int, int, int, int, int]:
    """Counts of (positive, negative) pairs by their order under ``score``.

    Returns ``(above, tied, below, m, n)``: the pairs where the positive scores
    strictly higher, equally, strictly lower; and the class sizes.
    """
    sorted_positive, sorted_score = _sort_by_score(positive, score)
    size = sorted_positive.size
    new_group = sorted_score[1:] != sorted_score[:-1]
    if new_group.all():
        # No tied scores: the sweep reduces to the Mann-Whitney rank sum.  The
        # positive at (0-based, decreasing) position i has i - (number of
        # positives before it) negatives above it.
        positions = np.flatnonzero(sorted_positive)
        m = positions.size
        n = size - m
        below = int(positions.sum()) - m * (m - 1) // 2
        return m * n - below, 0, below, m, n
    starts = np.concatenate(([0], np.flatnonzero(new_group) + 1))
    pos_in_group = np.add.reduceat(sorted_positive, starts, dtype=np.int64)
    neg_in_group = np.diff(np.append(starts, size)) - pos_in_group
    negatives_above = np.cumsum(neg_in_group) - neg_in_group  # strictly higher scores
    m = int(pos_in_group.sum())
    n = size - m
    below = int(pos_in_group @ negatives_above)
    tied = int(pos_in_group @ neg_in_group)
    return m * n - below - tied, tied, below, m, n


# --------------------------------------------------------------------------- #
# public functions
# --------------------------------------------------------------------------- #
def roc_curve(y_true, y_score):
    """Receiver operating characteristic curve of a scoring function.

    Sweeps a threshold ``theta`` from high to low and classifies a point as
    positive when ``y_score >= theta``.  There is one point per distinct score,
    preceded by the threshold ``+inf`` that predicts nothing positive, so the
    curve starts at (0, 0) and ends at (1, 1).  No point is dropped, even where
    three consecutive points are collinear.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels in {0, 1}, {-1, +1} or booleans; 1 is the positive class.
    y_score : array_like of shape (N,)
        Finite real scores; higher means ranked higher.

    Returns
    -------
    fpr : ndarray of shape (K + 1,)
        False positive rate at each threshold, non-decreasing, from 0 to 1.
    tpr : ndarray of shape (K + 1,)
        True positive rate at each threshold, non-decreasing, from 0 to 1.
    thresholds : ndarray of shape (K + 1,)
        ``+inf`` followed by the K distinct scores in decreasing order.

    Raises
    ------
    ValueError
        If the inputs are empty, of different lengths, not 1-D, if ``y_score``
        holds NaN or infinite values, if ``y_true`` is not binary, or if a
        class has no member.
    TypeError
        If an input does not hold numbers.

    References
    ----------
    Mohri et al. (2018), section 10.5.2 and figure 10.4.

    Examples
    --------
    >>> fpr, tpr, thr = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr
    array([0. , 0. , 0.5, 0.5, 1. ])
    >>> tpr
    array([0. , 0.5, 0.5, 1. , 1. ])
    >>> thr
    array([ inf, 0.8 , 0.4 , 0.35, 0.1 ])
    """
    positive, score = _check_bipartite(y_true, y_score)
    fps, tps, thresholds = _binary_clf_curve(positive, score)
    fpr = np.concatenate(([0.0], fps / fps[-1]))
    tpr = np.concatenate(([0.0], tps / tps[-1]))
    return fpr, tpr, np.concatenate(([np.inf], thresholds))


def precision_recall_curve(y_true, y_score):
    """Precision and recall of the rule "positive iff ``y_score >= theta``".

    One point per distinct score, in order of decreasing threshold (so recall
    increases along the arrays).  Unlike the ROC curve, precision depends on
    the class proportions: the same scorer has a lower curve on a sample with
    fewer positives.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels in {0, 1}, {-1, +1} or booleans; 1 is the positive class.
    y_score : array_like of shape (N,)
        Finite real scores.

    Returns
    -------
    precision : ndarray of shape (K,)
        TP / (TP + FP) at each threshold.
    recall : ndarray of shape (K,)
        TP / m at each threshold (equal to the true positive rate).
    thresholds : ndarray of shape (K,)
        The distinct scores in decreasing order.

    Raises
    ------
    ValueError, TypeError
        As :func:`roc_curve`.

    References
    ----------
    Mohri et al. (2018), section 10.7 (precision and recall as ranking criteria).

    Examples
    --------
    >>> precision, recall, thr = precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> precision.round(3)
    array([1.   , 0.5  , 0.667, 0.5  ])
    >>> recall
    array([0.5, 0.5, 1. , 1. ])
    """
    positive, score = _check_bipartite(y_true, y_score)
    fps, tps, thresholds = _binary_clf_curve(positive, score)
    return tps / (tps + fps), tps / tps[-1], thresholds


def auc(y_true, y_score, ties="half"):
    """Area under the ROC curve, by one sort and one sweep.

    The empirical AUC is the fraction of (positive, negative) pairs that the
    scores order correctly, ``AUC = (1 / mn) sum_i sum_j 1[h(x'_i) > h(x_j)]``
    plus a credit for each tied pair fixed by ``ties``.  It is computed in
    O(N log N): sort once, then count, for each group of tied scores, the
    negatives ranked strictly below it.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels in {0, 1}, {-1, +1} or booleans; 1 is the positive class.
    y_score : array_like of shape (N,)
        Finite real scores.
    ties : {"half", "mohri", "strict"}, default "half"
        Credit of a (positive, negative) pair with equal scores:

        * ``"half"``: 1/2, the Wilcoxon-Mann-Whitney statistic divided by mn;
          equal to the trapezoidal area under :func:`roc_curve` and to
          ``sklearn.metrics.roc_auc_score``.
        * ``"mohri"``: 1, a tie counts as correctly ranked, as in the AUC
          definition of Mohri et al. (section 10.5.2, ``1[h(z') >= h(z)]``);
          then ``auc == 1 - pairwise_misranking`` exactly.
        * ``"strict"``: 0, a tie counts as an error.

    Returns
    -------
    float
        The AUC, in [0, 1].  Without tied pairs the three conventions agree.

    Raises
    ------
    ValueError
        On empty or mismatched inputs, NaN/inf scores, non-binary labels, a
        class with no member, or an unknown ``ties``.
    TypeError
        If an input does not hold numbers.

    References
    ----------
    Mohri et al. (2018), section 10.5.2 (definition and the linear pass over a
    sorted array); Hanley and McNeil (1982) for the Wilcoxon-Mann-Whitney link.

    Examples
    --------
    >>> y = [0, 0, 1, 1, 1]
    >>> s = [0.2, 0.5, 0.5, 0.9, 0.1]
    >>> auc(y, s)                   # 3 correct, 1 tied, 2 wrong out of 6
    0.5833333333333334
    >>> auc(y, s, ties="mohri"), auc(y, s, ties="strict")
    (0.6666666666666666, 0.5)
    """
    credit = TIE_CONVENTIONS[check_choice(ties, "ties", TIE_CONVENTIONS)]
    positive, score = _check_bipartite(y_true, y_score)
    above, tied, _, m, n = _pair_counts(positive, score)
    return (above + credit * tied) / (m * n)


def pairwise_misranking(y_true, y_score):
    """Empirical bipartite misranking of a scoring function, eq. (10.21).

    ``R_hat(h) = (1 / mn) sum_i sum_j 1[h(x'_i) < h(x_j)]``: the fraction of
    (positive, negative) pairs in which the positive point scores strictly
    lower.  A tie is *not* a misranking here, which is why
    ``auc(..., ties="mohri") == 1 - pairwise_misranking(...)`` holds exactly,
    while for ``ties="half"`` or ``"strict"`` it holds only without ties.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels in {0, 1}, {-1, +1} or booleans; 1 is the positive class.
    y_score : array_like of shape (N,)
        Finite real scores.

    Returns
    -------
    float
        The misranking rate, in [0, 1].

    Raises
    ------
    ValueError, TypeError
        As :func:`auc`.

    References
    ----------
    Mohri et al. (2018), eqs. (10.20)-(10.21).

    Examples
    --------
    >>> pairwise_misranking([0, 0, 1, 1, 1], [0.2, 0.5, 0.5, 0.9, 0.1])
    0.3333333333333333
    """
    positive, score = _check_bipartite(y_true, y_score)
    _, _, below, m, n = _pair_counts(positive, score)
    return below / (m * n)


def confusion_matrix_at_threshold(y_true, y_score, threshold):
    """Confusion matrix of the rule "predict positive iff ``y_score >= threshold``".

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels in {0, 1}, {-1, +1} or booleans; 1 is the positive class.
    y_score : array_like of shape (N,)
        Finite real scores.
    threshold : float
        Decision threshold (any finite real).

    Returns
    -------
    ndarray of shape (2, 2), int
        ``[[TN, FP], [FN, TP]]``: rows are the true class (negative, positive),
        columns the predicted class, the layout of
        ``sklearn.metrics.confusion_matrix``.

    Raises
    ------
    ValueError, TypeError
        As :func:`roc_curve`, or if ``threshold`` is not a finite real.

    References
    ----------
    Mohri et al. (2018), section 10.5.2 (the thresholded classifier of figure 10.4).

    Examples
    --------
    >>> confusion_matrix_at_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], 0.38)
    array([[1, 1],
           [1, 1]])
    """
    positive, score = _check_bipartite(y_true, y_score)
    threshold = check_real(threshold, "threshold")
    predicted = score >= threshold
    tp = int(np.count_nonzero(predicted & positive))
    fp = int(np.count_nonzero(predicted & ~positive))
    m = int(np.count_nonzero(positive))
    n = positive.size - m
    return np.array([[n - fp, fp], [m - tp, tp]])


# --------------------------------------------------------------------------- #
# losses against a preference graph or a target permutation
# --------------------------------------------------------------------------- #
#: Tie conventions of :func:`pairwise_disagreement`: the cost of a tied edge i -> j,
#: as a function of whether i < j.
PAIRWISE_TIES = ("duchi", "half", "error")


def _check_preference_weights(weights, n: int, batch: int | None) -> np.ndarray:
    """Validate weights of shape (n, n) or (batch, n, n); return float array."""
    w = np.asarray(weights)
    if w.dtype == object or not np.issubdtype(w.dtype, np.number) or w.dtype.kind == "c":
        raise TypeError(f"weights must be a numeric array, got dtype {w.dtype}")
    w = w.astype(np.float64, copy=False)
    allowed = [(n, n)] if batch is None else [(n, n), (batch, n, n)]
    if w.shape not in allowed:
        raise ValueError(f"weights must have shape {' or '.join(map(str, allowed))} to match "
                         f"scores, got {w.shape}")
    if not np.isfinite(w).all():
        raise ValueError("weights contains NaN or infinite values")
    if (w < 0).any():
        raise ValueError("weights must be non-negative (weights[i, j] is the weight of i above j)")
    if np.any(np.diagonal(w, axis1=-2, axis2=-1) != 0):
        raise ValueError("weights must have a zero diagonal: an item is not preferred to itself")
    return w


def pairwise_disagreement(scores, weights, *, ties="duchi"):
    """Weighted pairwise disagreement between scores and a preference graph, Duchi et al. eq. (10).

    ``weights[i, j] >= 0`` is the weight of the preference "item i above item
    j" (a weighted directed graph).  With scores ``alpha``,

    ``L(alpha, Y) = sum_{i<j} Y_ij 1[alpha_i <= alpha_j] + sum_{i>j} Y_ij 1[alpha_i < alpha_j]``.

    A violated edge costs its weight.  Eq. (10) charges a *tied* edge
    ``i -> j`` only when ``i < j``: a tie is resolved as if the item with the
    larger index were ranked higher, which makes the loss of scores equal to the
    loss of one of the permutations they are consistent with.

    Parameters
    ----------
    scores : array_like of float, shape (n,) or (q, n)
        Scores ``alpha`` (higher is ranked higher), for one query or a batch.
        A permutation ``sigma`` (position 0 on top) is passed as ``-sigma``.
    weights : array_like of float, shape (n, n) or (q, n, n)
        Non-negative edge weights with a zero diagonal; with a batch of scores,
        one graph per query or one graph shared by all.
    ties : {"duchi", "half", "error"}, default "duchi"
        Cost of an edge whose two items tie: eq. (10) as above; half its weight;
        or its full weight.

    Returns
    -------
    float or ndarray of shape (q,)
        The weighted number of violated edges (not normalised).

    Raises
    ------
    ValueError
        If shapes disagree, an entry is NaN/inf, a weight is negative, the
        diagonal is not zero, or ``ties`` is unknown.
    TypeError
        If an input is not numeric.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (10); the draft "The problem of
    ranking" (seed 000), weighted pairwise disagreement.

    Examples
    --------
    >>> Y = [[0, 2, 0], [0, 0, 1], [0, 0, 0]]      # 0 above 1 (weight 2), 1 above 2
    >>> pairwise_disagreement([3.0, 2.0, 1.0], Y)   # agrees with both edges
    0.0
    >>> pairwise_disagreement([1.0, 2.0, 3.0], Y)   # violates both
    3.0
    >>> pairwise_disagreement([1.0, 1.0, 0.0], Y)   # 0 and 1 tie; edge 0 -> 1 (0 < 1) costs
    2.0
    >>> pairwise_disagreement([1.0, 1.0, 0.0], Y, ties="half")
    1.0
    """
    tie_rule = check_choice(ties, "ties", PAIRWISE_TIES)
    s = np.asarray(scores)
    if s.ndim not in (1, 2):
        raise ValueError(f"scores must be 1-D or 2-D, got an array of shape {s.shape}")
    batch = s.shape[0] if s.ndim == 2 else None
    rows = [as_float_vector(row, "scores") for row in (s if s.ndim == 2 else [s])]
    s = np.vstack(rows)
    n = s.shape[1]
    w = _check_preference_weights(weights, n, batch)
    diff = s[:, :, None] - s[:, None, :]  # alpha_i - alpha_j
    if tie_rule == "duchi":
        tie_cost = np.triu(np.ones((n, n)), k=1)  # i < j
    else:
        tie_cost = np.full((n, n), 0.5 if tie_rule == "half" else 1.0)
    cost = (diff < 0) + (diff == 0) * tie_cost
    total = np.einsum("qij,qij->q", np.broadcast_to(w, cost.shape), cost)
    return float(total[0]) if batch is None else total


def emphasis_uniform(n):
    """Emphasis matrix of the plain pairwise misranking: ``omega(i, j) = 1`` for ``i != j``.

    Parameters
    ----------
    n : int
        Number of positions, at least 2.

    Returns
    -------
    ndarray of shape (n, n)
        ``W[i - 1, j - 1] = omega(i, j)`` for 1-based positions ``i, j``.

    Raises
    ------
    ValueError, TypeError
        If ``n`` is not an integer >= 2.

    References
    ----------
    Mohri et al. (2018), section 10.6.4.

    Examples
    --------
    >>> emphasis_uniform(3)
    array([[0., 1., 1.],
           [1., 0., 1.],
           [1., 1., 0.]])
    """
    n = check_int(n, "n", minimum=2)
    return 1.0 - np.eye(n)


def emphasis_top_k(n, k):
    """Emphasis on the top ``k`` positions: ``omega(i, j) = 1[(i <= k or j <= k) and i != j]``.

    Parameters
    ----------
    n : int
        Number of positions, at least 2.
    k : int
        Size of the emphasised top, ``1 <= k <= n``.

    Returns
    -------
    ndarray of shape (n, n)
        ``W[i - 1, j - 1] = omega(i, j)``: pairs below position ``k`` cost nothing.

    Raises
    ------
    ValueError, TypeError
        If ``n < 2`` or ``k`` is outside ``[1, n]``.

    References
    ----------
    Mohri et al. (2018), section 10.6.4.

    Examples
    --------
    >>> emphasis_top_k(4, 1)
    array([[0., 1., 1., 1.],
           [1., 0., 0., 0.],
           [1., 0., 0., 0.],
           [1., 0., 0., 0.]])
    """
    n = check_int(n, "n", minimum=2)
    k = check_int(k, "k", minimum=1, maximum=n)
    top = np.arange(1, n + 1) <= k
    return ((top[:, None] | top[None, :]) & ~np.eye(n, dtype=bool)).astype(float)


def emphasis_bipartite(n_pos, n_neg):
    """Emphasis of bipartite ranking, under which ``L_omega`` equals ``1 - AUC``.

    With the ``n_pos`` positives in the target's top positions, ``omega(i, j)``
    is ``n (n - 1) / (2 n_pos n_neg)`` when exactly one of the positions ``i, j``
    is ``<= n_pos`` (a positive-negative pair) and 0 otherwise.  Mohri et al.
    (section 10.6.4) state the constant alone; without the restriction to
    positive-negative pairs the loss also charges the (arbitrary) order of the
    target within each class, and is not ``1 - AUC``.

    Parameters
    ----------
    n_pos, n_neg : int
        Numbers of positive and negative items, each at least 1.

    Returns
    -------
    ndarray of shape (n, n), n = n_pos + n_neg
        ``W[i - 1, j - 1] = omega(i, j)``.

    Raises
    ------
    ValueError, TypeError
        If a count is not an integer >= 1.

    References
    ----------
    Mohri et al. (2018), section 10.6.4 (the bipartite choice of omega).

    Examples
    --------
    >>> emphasis_bipartite(1, 2)
    array([[0. , 1.5, 1.5],
           [1.5, 0. , 0. ],
           [1.5, 0. , 0. ]])
    """
    n_pos = check_int(n_pos, "n_pos", minimum=1)
    n_neg = check_int(n_neg, "n_neg", minimum=1)
    n = n_pos + n_neg
    positive = np.arange(1, n + 1) <= n_pos
    straddles = positive[:, None] != positive[None, :]
    return straddles * (n * (n - 1) / (2.0 * n_pos * n_neg))


def _check_emphasis(omega, n: int) -> np.ndarray:
    if callable(omega):
        i, j = np.meshgrid(np.arange(1, n + 1), np.arange(1, n + 1), indexing="ij")
        try:
            values = np.asarray(omega(i, j), dtype=float)
        except (TypeError, ValueError) as exc:
            raise TypeError(f"omega could not be evaluated on arrays of 1-based positions: {exc}"
                            ) from None
        if values.shape != (n, n):
            raise ValueError(f"omega(i, j) must broadcast to shape ({n}, {n}), got {values.shape}")
    else:
        values = np.asarray(omega)
        if values.dtype == object or not np.issubdtype(values.dtype, np.number):
            raise TypeError(f"omega must be a callable or a numeric (n, n) array, "
                            f"got dtype {values.dtype}")
        values = values.astype(float)
        if values.shape != (n, n):
            raise ValueError(f"omega must have shape ({n}, {n}), got {values.shape}")
    if not np.isfinite(values).all() or (values < 0).any():
        raise ValueError("omega must have finite, non-negative values")
    return values


def emphasis_axioms(omega):
    """Which of Mohri et al.'s three axioms an emphasis function satisfies.

    Parameters
    ----------
    omega : array_like of shape (n, n)
        ``W[i - 1, j - 1] = omega(i, j)`` for 1-based positions, as returned by the
        ``emphasis_*`` functions.

    Returns
    -------
    dict of str to bool
        ``"symmetry"``: ``omega(i, j) = omega(j, i)``; ``"monotonicity"``:
        ``omega(i, j) <= omega(i, k)`` whenever ``i < j < k`` or ``i > j > k``;
        ``"triangle inequality"``: ``omega(i, j) <= omega(i, k) + omega(k, j)``
        for all distinct ``i, j, k``.

    Raises
    ------
    ValueError, TypeError
        If ``omega`` is not a square array of finite non-negative numbers.

    References
    ----------
    Mohri et al. (2018), section 10.6.4.

    Examples
    --------
    >>> emphasis_axioms(emphasis_top_k(5, 2))
    {'symmetry': True, 'monotonicity': True, 'triangle inequality': True}
    >>> no_triangle = np.array([[0., 1., 3.], [1., 0., 1.], [3., 1., 0.]])
    >>> emphasis_axioms(no_triangle)["triangle inequality"]
    False
    """
    w = np.asarray(omega)
    if w.ndim != 2 or w.shape[0] != w.shape[1]:
        raise ValueError(f"omega must be a square (n, n) array, got shape {w.shape}")
    w = _check_emphasis(w, w.shape[0])
    n = w.shape[0]
    i, j, k = np.meshgrid(np.arange(n), np.arange(n), np.arange(n), indexing="ij")
    ordered = ((i < j) & (j < k)) | ((i > j) & (j > k))
    distinct = (i != j) & (j != k) & (i != k)
    tol = 1e-12
    return {
        "symmetry": bool(np.allclose(w, w.T, rtol=0, atol=tol)),
        "monotonicity": bool(np.all(w[i, j][ordered] <= w[i, k][ordered] + tol)),
        "triangle inequality": bool(np.all(w[i, j][distinct]
                                           <= w[i, k][distinct] + w[k, j][distinct] + tol)),
    }


def weighted_disagreement_L_omega(sigma, sigma_star, omega):
    """Weighted disagreement ``L_omega`` between two permutations, Mohri et al. eq. (10.36).

    ``L_omega(sigma, sigma*) = 2 / (n (n - 1)) sum_{u != v} omega(sigma*(v), sigma*(u))
    1[sigma(u) < sigma(v)] 1[sigma*(v) < sigma*(u)]``: every pair that ``sigma``
    orders against ``sigma*`` costs the emphasis of the two positions the pair
    holds in ``sigma*`` (1-based, as in the book).

    Parameters
    ----------
    sigma, sigma_star : array_like of int, shape (n,)
        Permutations (``sigma[i]`` is the 0-based position of item ``i``): the
        ranking judged and the target.  ``n >= 2``.
    omega : array_like of shape (n, n) or callable
        The emphasis function: an array with ``W[i - 1, j - 1] = omega(i, j)``
        (see :func:`emphasis_uniform`, :func:`emphasis_top_k`,
        :func:`emphasis_bipartite`) or a callable ``omega(i, j)`` evaluated on
        arrays of 1-based positions.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        If a permutation is invalid, the lengths differ, ``n < 2``, or ``omega``
        has the wrong shape or negative or non-finite values.
    TypeError
        If ``omega`` is neither numeric nor callable.

    References
    ----------
    Mohri et al. (2018), eq. (10.36); with ``emphasis_uniform`` it is eq. (10.23).

    Examples
    --------
    >>> sigma_star = [0, 1, 2]                 # item 0 on top, then 1, then 2
    >>> weighted_disagreement_L_omega([0, 1, 2], sigma_star, emphasis_uniform(3))
    0.0
    >>> weighted_disagreement_L_omega([2, 1, 0], sigma_star, emphasis_uniform(3))   # all 3 pairs
    1.0
    >>> weighted_disagreement_L_omega([1, 0, 2], sigma_star, emphasis_top_k(3, 1))  # 1 of 3 pairs
    0.3333333333333333
    """
    sigma = as_permutation(sigma, "sigma")
    sigma_star = as_permutation(sigma_star, "sigma_star")
    check_same_length(sigma, sigma_star, "sigma", "sigma_star")
    n = sigma.size
    if n < 2:
        raise ValueError("sigma must rank at least 2 items")
    w = _check_emphasis(omega, n)
    # pair (u, v) counts when sigma puts u above v and sigma* puts v above u
    disagree = (sigma[:, None] < sigma[None, :]) & (sigma_star[None, :] < sigma_star[:, None])
    weight = w[sigma_star[None, :], sigma_star[:, None]]  # omega(sigma*(v)+1, sigma*(u)+1)
    return float(2.0 / (n * (n - 1)) * np.sum(weight * disagree))
