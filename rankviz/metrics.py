"""Measures of a ranking: ROC curves, AUC and bipartite misranking.

Bipartite setting (Mohri et al., 2018, section 10.5): a sample holds ``m``
positive and ``n`` negative points; a scoring function ``h`` ranks them by
decreasing score.  All functions here take ``y_true`` (binary labels in
{0, 1}, {-1, +1} or booleans; the positive class is 1) and ``y_score`` (real
scores, higher means "ranked higher") of the same length.

Every curve below comes from one private core, :func:`_binary_clf_curve`,
which sorts the scores once and sweeps over the distinct values: this is the
linear pass over a sorted array of Mohri et al. (section 10.5.2),
vectorised.  The pair counts behind :func:`auc` and
:func:`pairwise_misranking` come from :func:`_pair_counts`, which sorts each
class on its own and counts, for each positive, the negatives below it by
binary search.  Each public function costs O(N log N) for N = m + n points.

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
    as_query_array,
    as_weight_matrix,
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
    "emphasis_matrix",
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

    Each class is sorted on its own (sorting values is cheaper than one argsort
    of all the scores); for each positive, the negatives strictly below it and
    those equal to it are two binary searches in the sorted negatives, which
    are fast because the positives are searched in increasing order.
    """
    pos_sorted = np.sort(score[positive])
    neg_sorted = np.sort(score[~positive])
    m, n = pos_sorted.size, neg_sorted.size
    lower = np.searchsorted(neg_sorted, pos_sorted, side="left")  # negatives strictly below
    upper = np.searchsorted(neg_sorted, pos_sorted, side="right")  # ... at or below
    above = int(lower.sum(dtype=np.int64))
    tied = int(upper.sum(dtype=np.int64)) - above
    return above, tied, m * n - above - tied, m, n


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
    """Area under the ROC curve, by sorting and binary search.

    The empirical AUC is the fraction of (positive, negative) pairs that the
    scores order correctly, ``AUC = (1 / mn) sum_i sum_j 1[h(x'_i) > h(x_j)]``
    plus a credit for each tied pair fixed by ``ties``.  It is computed in
    O(N log N): sort the negatives' scores, then find, for each positive, how
    many negatives score strictly below it and how many equal it (two binary
    searches).  So the AUC is the mean over positives of the empirical CDF of
    the negatives' scores at the positive's score.

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
    w = as_weight_matrix(weights, "weights", batch=batch is not None)
    allowed = [(n, n)] if batch is None else [(n, n), (batch, n, n)]
    if w.shape not in allowed:
        raise ValueError(f"weights must have shape {' or '.join(map(str, allowed))} to match "
                         f"scores, got {w.shape}")
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
    s, batched = as_query_array(scores, "scores")
    batch = s.shape[0] if batched else None
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


def emphasis_matrix(omega, n):
    """An emphasis function as a validated (n, n) matrix of its values.

    Parameters
    ----------
    omega : array_like of shape (n, n) or callable
        ``W[i - 1, j - 1] = omega(i, j)`` for 1-based positions, or a callable
        ``omega(i, j)`` evaluated on arrays of 1-based positions.
    n : int
        Number of positions, at least 2.

    Returns
    -------
    ndarray of shape (n, n)
        The values ``omega(i, j)``.

    Raises
    ------
    ValueError
        If the shape is not (n, n) or a value is negative or not finite.
    TypeError
        If ``omega`` is neither numeric nor callable, or ``n`` is not an integer.

    References
    ----------
    Mohri et al. (2018), section 10.6.4.

    Examples
    --------
    >>> emphasis_matrix(lambda i, j: (i != j) * 1.0, 3)
    array([[0., 1., 1.],
           [1., 0., 1.],
           [1., 1., 0.]])
    """
    n = check_int(n, "n", minimum=2)
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
    w = emphasis_matrix(w, w.shape[0])
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
    w = emphasis_matrix(omega, n)
    # pair (u, v) counts when sigma puts u above v and sigma* puts v above u
    disagree = (sigma[:, None] < sigma[None, :]) & (sigma_star[None, :] < sigma_star[:, None])
    weight = w[sigma_star[None, :], sigma_star[:, None]]  # omega(sigma*(v)+1, sigma*(u)+1)
    return float(2.0 / (n * (n - 1)) * np.sum(weight * disagree))


# --------------------------------------------------------------------------- #
# chapter 01: measures of a ranked list (precision, AP, DCG / NDCG, ERR)
# --------------------------------------------------------------------------- #
# Every measure below takes ``y_true`` (relevance of each document: binary labels
# or non-negative grades) and ``y_score`` (scores, higher is ranked higher), for
# one query (1-D) or a batch of equal-length queries (2-D; a 1-D argument is
# shared by every row of the other).  Tied scores are resolved by averaging: a
# measure returns its expected value when the tied documents are put in a
# uniformly random order (McSherry and Najork, 2008), which for DCG / NDCG is
# scikit-learn's convention.  A permutation ``sigma`` is passed as ``-sigma``.

__all__ += [
    "ERR_SATISFACTION",
    "GAINS",
    "NO_RELEVANT",
    "average_precision",
    "dcg",
    "dcg_discounts",
    "dcg_gains",
    "err",
    "mean_average_precision",
    "mean_precision_up_to_k",
    "ndcg",
    "precision_at_k",
]

#: Gain functions of :func:`dcg` and :func:`ndcg`: ``2**y - 1`` or ``y``.
GAINS = ("exponential", "linear")

#: What :func:`average_precision` and :func:`ndcg` return for a query without
#: any relevant document, where they are 0 / 0.
NO_RELEVANT = ("raise", "nan", "zero")

#: How :func:`err` turns ``y_true`` into the probability that a document satisfies
#: the user: Chapelle et al.'s ``(2**y - 1) / 2**max_grade``, or given directly.
ERR_SATISFACTION = ("exponential", "given")


def _check_queries(y_true, y_score, *, binary: bool):
    """Validate a (batch of) query(ies); return (Y, S, batched) with Y, S of shape (q, n)."""
    truth, truth_2d = as_query_array(y_true, "y_true")
    score, score_2d = as_query_array(y_score, "y_score")
    if truth.shape[1] != score.shape[1]:
        raise ValueError(f"y_true and y_score must have the same number of documents per query, "
                         f"got {truth.shape[1]} and {score.shape[1]}")
    if truth_2d and score_2d and truth.shape[0] != score.shape[0]:
        raise ValueError(f"y_true and y_score must have the same number of queries (rows), "
                         f"got {truth.shape[0]} and {score.shape[0]}")
    if binary:
        if not np.isin(truth, (0.0, 1.0)).all():
            found = np.unique(truth)[:6]
            raise ValueError(f"y_true must hold binary relevance labels in {{0, 1}} "
                             f"(or booleans); found values {found}")
    elif (truth < 0).any():
        raise ValueError(f"y_true must hold non-negative relevance grades (the gain of a "
                         f"negative grade is undefined); found {truth.min():g}")
    rows = max(truth.shape[0], score.shape[0])
    truth = np.broadcast_to(truth, (rows, truth.shape[1]))
    score = np.broadcast_to(score, (rows, score.shape[1]))
    return truth, score, truth_2d or score_2d


def _check_k(k, n: int) -> int:
    """The cut-off: ``None`` means the whole list; otherwise an integer >= 1."""
    if k is None:
        return n
    return check_int(k, "k", minimum=1)


def _finish(values: np.ndarray, batched: bool):
    return values if batched else float(values[0])


def _sort_queries_by_score(y: np.ndarray, score: np.ndarray):
    """Sort every row by decreasing score; return the sorted y and the tie mask.

    ``tied[:, r]`` is True when positions r and r + 1 (0-based) hold equal scores.
    """
    order = np.argsort(-score, axis=1)
    sorted_score = np.take_along_axis(score, order, axis=1)
    return np.take_along_axis(y, order, axis=1), sorted_score[:, 1:] == sorted_score[:, :-1]


def _tie_groups(tied: np.ndarray):
    """Label the tie groups of all rows at once (flattened row-major).

    Returns ``group`` (group index of each position), ``first`` (flat index of each
    group's first position) and ``size`` (number of positions of each group).
    """
    q, n = tied.shape[0], tied.shape[1] + 1
    starts = np.ones((q, n), dtype=bool)
    starts[:, 1:] = ~tied
    starts = starts.ravel()
    group = np.cumsum(starts) - 1
    return group, np.flatnonzero(starts), np.bincount(group)


def _tie_average(sorted_values: np.ndarray, tied: np.ndarray) -> np.ndarray:
    """Replace each value by the mean of its tie group (its expectation under random tie order)."""
    if not tied.any():
        return sorted_values
    group, _, size = _tie_groups(tied)
    means = np.bincount(group, weights=sorted_values.ravel()) / size
    return means[group].reshape(sorted_values.shape)


def _positional_sum(y, score, weights: np.ndarray) -> np.ndarray:
    """``sum_r weights[r] * y[item at position r]`` per row, averaged over tied orders."""
    sorted_y, tied = _sort_queries_by_score(y, score)
    return _tie_average(sorted_y, tied) @ weights


def _cutoff_weights(n: int, k: int) -> np.ndarray:
    return (np.arange(n) < k).astype(float)


def _no_relevant(values: np.ndarray, undefined: np.ndarray, mode: str, what: str) -> np.ndarray:
    if undefined.any():
        if mode == "raise":
            rows = np.flatnonzero(undefined)[:5]
            raise ValueError(f"y_true has no relevant document (row(s) {rows.tolist()}), so "
                             f"{what} is 0 / 0; pass if_no_relevant='nan' or 'zero' to accept it")
        values = np.where(undefined, np.nan if mode == "nan" else 0.0, values)
    return values


def precision_at_k(y_true, y_score, k=None):
    """Precision at ``k``: the fraction of relevant documents among the top ``k``.

    ``Prec@k(sigma, y) = (1 / k) sum_{i : sigma(i) <= k} y_i`` with 1-based
    positions.  It is Duchi et al.'s family (14) with gain ``G(s) = s`` and
    discount ``F(j) = 1`` for ``j <= k``, ``+inf`` beyond.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans), one row per query.
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher (a permutation ``sigma`` is passed as
        ``-sigma``).  A 1-D argument is shared by every row of a 2-D one.
    k : int, optional
        The cut-off, ``k >= 1``; by default the whole list.  For ``k > n`` the
        denominator stays ``k`` (the convention of trec_eval): missing documents
        count as irrelevant.

    Returns
    -------
    float or ndarray of shape (q,)
        One value per query when an input is 2-D.  Tied scores: the expected
        precision when tied documents are put in a uniformly random order.

    Raises
    ------
    ValueError
        If the labels are not binary, an input holds NaN or infinite values, the
        shapes disagree, or ``k < 1``.
    TypeError
        If an input is not numeric or ``k`` is not an integer.

    References
    ----------
    Seed 000 ("The problem of ranking"), Prec@r; seed 002, section 3.1
    (``1 - Prec@q`` as a loss); Duchi, Mackey and Jordan (2013), eq. (14);
    Mohri et al. (2018), section 10.7.

    Examples
    --------
    >>> precision_at_k([1, 0, 1, 0], [0.9, 0.8, 0.1, 0.4], k=2)
    0.5
    >>> precision_at_k([1, 0, 1, 0], [[4, 3, 2, 1], [1, 2, 3, 4]], k=2)   # two rankings
    array([0.5, 0.5])
    >>> precision_at_k([1, 0, 0], [1.0, 1.0, 0.0], k=1)   # the top is a coin flip between 0 and 1
    0.5
    """
    y, score, batched = _check_queries(y_true, y_score, binary=True)
    n = y.shape[1]
    k = _check_k(k, n)
    return _finish(_positional_sum(y, score, _cutoff_weights(n, k)) / k, batched)


def mean_precision_up_to_k(y_true, y_score, k=None):
    """The mean of Prec@r over the cut-offs ``r = 1, ..., k`` (the draft's "AvgPrec@K").

    ``(1 / k) sum_{r=1}^{k} Prec@r``.  Seed 000 calls this AvgPrec@K and calls
    average precision its non-truncated version; it is *not* the usual average
    precision (:func:`average_precision`), which averages Prec@r only over the
    positions ``r`` that hold a relevant document.  The two differ even on the
    ideal ranking: this one is below 1 as soon as an irrelevant document exists
    and ``k`` reaches past the relevant ones.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans).
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher.
    k : int, optional
        The last cut-off, ``k >= 1``; by default ``n``.  Cut-offs beyond ``n``
        have the precision of the whole list scaled by ``n / r`` (missing documents
        count as irrelevant, as in :func:`precision_at_k`).

    Returns
    -------
    float or ndarray of shape (q,)
        Tied scores: the expectation under a uniformly random order of the ties.

    Raises
    ------
    ValueError, TypeError
        As :func:`precision_at_k`.

    References
    ----------
    Seed 000 ("The problem of ranking"), AvgPrec@K.

    Examples
    --------
    >>> y, ideal = [1, 0, 0], [3, 2, 1]
    >>> mean_precision_up_to_k(y, ideal)          # (1 + 1/2 + 1/3) / 3
    0.6111
    >>> average_precision(y, ideal)
    1.0
    """
    y, score, batched = _check_queries(y_true, y_score, binary=True)
    n = y.shape[1]
    k = _check_k(k, n)
    # sum_{r<=k} (1/r) sum_{s<=r} y_s = sum_s y_s * sum_{r=s}^{k} 1/r
    harmonic = np.cumsum(1.0 / np.arange(1, k + 1)[::-1])[::-1]  # sum_{r=s}^{k} 1/r, s = 1..k
    weights = np.zeros(n)
    weights[:min(n, k)] = harmonic[:min(n, k)]
    return _finish(_positional_sum(y, score, weights) / k, batched)


def _expected_hits_at_relevant(sorted_rel: np.ndarray, tied: np.ndarray) -> np.ndarray:
    """``E[rel_r * (number of relevant documents at positions <= r)]`` for every position r.

    Without ties it is ``rel_r * cumsum(rel)_r``.  A tie group of size g holding t
    relevant documents, with c relevant documents above it, contributes at its
    (0-based) offset j: ``(t / g) (c + 1) + j t (t - 1) / (g (g - 1))``, because a
    relevant document at that place sees c + 1 + (relevant among the j places
    before it in the group), each of which is relevant with probability
    ``(t - 1) / (g - 1)`` given that it is.
    """
    hits = np.cumsum(sorted_rel, axis=1)
    if not tied.any():
        return sorted_rel * hits
    group, first, size = _tie_groups(tied)
    relevant = np.bincount(group, weights=sorted_rel.ravel())
    above = (hits - sorted_rel).ravel()[first]
    g, t, c = size[group], relevant[group], above[group]
    offset = np.arange(group.size) - first[group]
    pair = np.divide(t * (t - 1), g * (g - 1.0), out=np.zeros(group.size), where=g > 1)
    return ((t / g) * (c + 1) + offset * pair).reshape(sorted_rel.shape)


def average_precision(y_true, y_score, k=None, *, if_no_relevant="raise"):
    """Average precision: the mean of Prec@r over the positions r of the relevant documents.

    ``AP(sigma, y) = (1 / |y|) sum_{i : y_i = 1} Prec@sigma(i)`` with 1-based
    positions, where ``|y|`` is the number of relevant documents; equivalently
    the area under the step precision-recall curve.  With a cut-off ``k``, only
    positions ``<= k`` contribute and the sum is divided by ``min(k, |y|)``, so
    that the ideal ranking scores 1 at every ``k``.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Binary relevance labels in {0, 1} (or booleans).
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher.
    k : int, optional
        The cut-off, ``k >= 1``; by default the whole list.
    if_no_relevant : {"raise", "nan", "zero"}, default "raise"
        What to do with a query that has no relevant document (AP is 0 / 0).

    Returns
    -------
    float or ndarray of shape (q,)
        Tied scores: the expected AP when tied documents are put in a uniformly
        random order (McSherry and Najork, 2008).  This differs from
        ``sklearn.metrics.average_precision_score``, which treats a tie group as
        one threshold; without ties the two agree.

    Raises
    ------
    ValueError
        As :func:`precision_at_k`; or a query has no relevant document and
        ``if_no_relevant="raise"``; or ``if_no_relevant`` is unknown.
    TypeError
        As :func:`precision_at_k`.

    References
    ----------
    Seed 002 ("A survey of ranking algorithms"), section 3.2, the MAP loss (whose
    inner sum must run over ``sigma(j) <= sigma(i)``); seed 000, AvgPrec/MAP;
    Mohri et al. (2018), section 10.7; McSherry and Najork (2008), ECIR, for ties.

    Examples
    --------
    >>> average_precision([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])   # (1/1 + 2/3) / 2
    0.8333333333333333
    >>> average_precision([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1], k=2)   # (1/1) / min(2, 2)
    0.5
    >>> average_precision([[0, 0, 1], [1, 0, 1]], [3, 2, 1], if_no_relevant="nan")
    array([0.3333, 0.8333])
    """
    mode = check_choice(if_no_relevant, "if_no_relevant", NO_RELEVANT)
    y, score, batched = _check_queries(y_true, y_score, binary=True)
    n = y.shape[1]
    k = _check_k(k, n)
    sorted_rel, tied = _sort_queries_by_score(y, score)
    expected = _expected_hits_at_relevant(sorted_rel, tied)[:, :k]
    total = np.minimum(y.sum(axis=1), k)
    with np.errstate(invalid="ignore", divide="ignore"):
        values = (expected / np.arange(1, expected.shape[1] + 1)).sum(axis=1) / total
    return _finish(_no_relevant(values, total == 0, mode, "average precision"), batched)


def _is_ragged(values) -> bool:
    if isinstance(values, np.ndarray) or not isinstance(values, (list, tuple)):
        return False
    lengths = {np.ndim(row) == 1 and len(row) for row in values}
    return len(lengths) > 1


def mean_average_precision(y_true, y_score, k=None, *, if_no_relevant="raise"):
    """Mean average precision (MAP): :func:`average_precision` averaged over queries.

    ``MAP = (1 / m) sum_{i=1}^{m} AP(sigma_i, y_i)``: each query ``i`` has its own
    ranking ``sigma_i`` (seed 000 writes one ``sigma`` for all queries, which only
    makes sense when every query ranks the same documents).

    Parameters
    ----------
    y_true : array_like of shape (q, n), or a sequence of q 1-D arrays
        Binary relevance labels of each query; queries may have different numbers
        of documents when given as a list of arrays.  A 1-D array is one query.
    y_score : array_like of shape (q, n), or a sequence of q 1-D arrays
        Scores, matching ``y_true`` query by query.
    k : int, optional
        The cut-off of every query's AP, as in :func:`average_precision`.
    if_no_relevant : {"raise", "skip", "zero"}, default "raise"
        A query without relevant documents raises, is left out of the mean (the
        usual practice of evaluation campaigns), or counts as AP = 0.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        As :func:`average_precision`; or the numbers of queries differ; or every
        query is skipped.
    TypeError
        As :func:`average_precision`.

    References
    ----------
    Seed 000 ("The problem of ranking"), MAP; seed 002, section 3.2.

    Examples
    --------
    >>> mean_average_precision([[1, 0, 1], [0, 1, 0]], [[3, 2, 1], [3, 2, 1]])  # (5/6 + 1/2) / 2
    0.6666666666666666
    >>> mean_average_precision([[1, 0], [0, 0, 1]], [[2, 1], [3, 2, 1]])         # ragged
    0.6666666666666666
    """
    mode = check_choice(if_no_relevant, "if_no_relevant", ("raise", "skip", "zero"))
    per_query = {"raise": "raise", "skip": "nan", "zero": "zero"}[mode]
    if _is_ragged(y_true) or _is_ragged(y_score):
        if not isinstance(y_true, (list, tuple)) or not isinstance(y_score, (list, tuple)):
            raise ValueError("y_true and y_score must both be sequences of queries when the "
                             "queries have different lengths")
        if len(y_true) != len(y_score):
            raise ValueError(f"y_true and y_score must have the same number of queries, got "
                             f"{len(y_true)} and {len(y_score)}")
        if len(y_true) == 0:
            raise ValueError("y_true is empty")
        values = np.array([
            average_precision(np.asarray(t), np.asarray(s), k, if_no_relevant=per_query)
            for t, s in zip(y_true, y_score, strict=True)
        ])
    else:
        values = np.atleast_1d(average_precision(y_true, y_score, k, if_no_relevant=per_query))
    values = values[~np.isnan(values)]
    if values.size == 0:
        raise ValueError("y_true has no query with a relevant document: MAP is undefined")
    return float(values.mean())


def dcg_gains(y_true, gain="exponential"):
    """The gain ``G(y)`` of each relevance grade: ``2**y - 1`` or ``y``.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Non-negative relevance grades.
    gain : {"exponential", "linear"}, default "exponential"
        ``G(y) = 2**y - 1`` (Järvelin and Kekäläinen's choice, standard for
        NDCG) or ``G(y) = y`` (scikit-learn's ``dcg_score``; Mohri et al., 10.7).

    Returns
    -------
    ndarray of the shape of ``y_true``

    Raises
    ------
    ValueError
        If a grade is negative, NaN or infinite, or too large for the exponential
        gain to be finite, or ``gain`` is unknown.
    TypeError
        If ``y_true`` is not numeric.

    References
    ----------
    Seed 000, DCG@K; Duchi, Mackey and Jordan (2013), eq. (14).

    Examples
    --------
    >>> dcg_gains([0, 1, 2, 3])
    array([0., 1., 3., 7.])
    >>> dcg_gains([0, 1, 2, 3], gain="linear")
    array([0., 1., 2., 3.])
    """
    kind = check_choice(gain, "gain", GAINS)
    grades, batched = as_query_array(y_true, "y_true")
    if (grades < 0).any():
        raise ValueError(f"y_true must hold non-negative relevance grades (the gain of a "
                         f"negative grade is undefined); found {grades.min():g}")
    values = _gain(grades, kind)
    return values if batched else values[0]


def _gain(grades: np.ndarray, kind: str) -> np.ndarray:
    if kind == "linear":
        return grades
    if grades.max() >= 1000:
        raise ValueError(f"y_true grade {grades.max():g} is too large for the exponential "
                         f"gain 2**y - 1 (overflow); use gain='linear'")
    return np.exp2(grades) - 1.0


def dcg_discounts(n_positions, log_base=2):
    """The discount weights ``1 / log_b(1 + r)`` of the positions ``r = 1, ..., n``.

    DCG divides the gain at 1-based position ``r`` by ``D(r) = log_b(1 + r)``;
    this returns ``1 / D(r)``.  With 0-based positions ``sigma(i)`` the same
    weight is ``1 / log_b(2 + sigma(i))``; written ``log(1 + sigma(i))`` with a
    0-based sigma, the top position would get ``1 / log 1``, an infinite weight.

    Parameters
    ----------
    n_positions : int
        Number of positions, at least 1.
    log_base : float, default 2
        Base ``b > 1`` of the logarithm.  Changing it scales every weight by the
        same factor ``log(b) / log(2)``: DCG changes, NDCG does not.

    Returns
    -------
    ndarray of shape (n_positions,)
        Decreasing weights, the first equal to ``1 / log_b(2)`` (1 for base 2).

    Raises
    ------
    ValueError, TypeError
        If ``n_positions`` is not an integer >= 1 or ``log_base`` is not a real > 1.

    References
    ----------
    Seed 000, DCG@K (discount ``log(1 + r)``, base unstated); Duchi, Mackey and
    Jordan (2013), eq. (14) (``F(j) = log(1 + j)``).

    Examples
    --------
    >>> dcg_discounts(4)
    array([1.   , 0.631, 0.5  , 0.431])
    """
    n = check_int(n_positions, "n_positions", minimum=1)
    base = check_real(log_base, "log_base")
    if base <= 1:
        raise ValueError(f"log_base must be > 1, got {base}")
    return np.log(base) / np.log1p(np.arange(1, n + 1))


def dcg(y_true, y_score, k=None, *, gain="exponential", log_base=2):
    """Discounted cumulative gain at ``k``.

    ``DCG@k(sigma, y) = sum_{r=1}^{k} G(y_{sigma^{-1}(r)}) / log_b(1 + r)
    = sum_{i : sigma(i) <= k} G(y_i) / log_b(1 + sigma(i))`` (1-based positions).

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Non-negative relevance grades.
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher; a permutation ``sigma`` is passed as
        ``-sigma``.  A 1-D argument is shared by every row of a 2-D one.
    k : int, optional
        The cut-off, ``k >= 1``; by default the whole list.
    gain : {"exponential", "linear"}, default "exponential"
        ``G(y) = 2**y - 1`` or ``G(y) = y`` (the latter is scikit-learn's).
    log_base : float, default 2
        Base of the logarithm in the discount (see :func:`dcg_discounts`).

    Returns
    -------
    float or ndarray of shape (q,)
        Tied scores: the average over all orders of the tied documents, as
        ``sklearn.metrics.dcg_score`` computes it (each document of a tie group
        gets the group's mean gain).

    Raises
    ------
    ValueError
        If a grade is negative, an input holds NaN or infinite values, the shapes
        disagree, ``k < 1``, ``log_base <= 1`` or ``gain`` is unknown.
    TypeError
        If an input is not numeric or ``k`` is not an integer.

    References
    ----------
    Seed 000 ("The problem of ranking") and seed 001 ("NDCG"), DCG@K;
    Duchi, Mackey and Jordan (2013), eq. (14); Järvelin and Kekäläinen (2002);
    McSherry and Najork (2008) for ties.

    Examples
    --------
    >>> y = [3, 2, 0, 1]
    >>> dcg(y, [4, 3, 2, 1])                   # 7/1 + 3/log2(3) + 0 + 1/log2(5)
    9.3235
    >>> dcg(y, [4, 3, 2, 1], k=2, gain="linear")   # 3 + 2/log2(3)
    4.2619
    """
    kind = check_choice(gain, "gain", GAINS)
    y, score, batched = _check_queries(y_true, y_score, binary=False)
    n = y.shape[1]
    weights = dcg_discounts(n, log_base) * _cutoff_weights(n, _check_k(k, n))
    return _finish(_positional_sum(_gain(y, kind), score, weights), batched)


def ndcg(y_true, y_score, k=None, *, gain="exponential", log_base=2, if_no_relevant="raise"):
    """Normalized discounted cumulative gain: DCG@k over its maximum over all rankings.

    ``NDCG@k(sigma, y) = DCG@k(sigma, y) / N_k(y)`` with the normalizer
    ``N_k(y) = max_{sigma'} DCG@k(sigma', y)``, which sorting the documents by
    decreasing grade attains.  (Seeds 000 and 001 write ``N(y)`` as
    ``DCG(sigma, y) / max DCG``, which is NDCG itself: dividing by it would give
    ``max DCG`` for every ranking.)

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Non-negative relevance grades.
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher.
    k : int, optional
        The cut-off, ``k >= 1``; by default the whole list.
    gain : {"exponential", "linear"}, default "exponential"
        As in :func:`dcg`.
    log_base : float, default 2
        As in :func:`dcg`; NDCG does not depend on it.
    if_no_relevant : {"raise", "nan", "zero"}, default "raise"
        What to do when every grade of a query is 0 (NDCG is 0 / 0);
        scikit-learn's ``ndcg_score`` uses 0.

    Returns
    -------
    float or ndarray of shape (q,)
        In [0, 1]; 1 for any ranking that sorts the top ``k`` by grade.  Tied
        scores are averaged over their orders, as in :func:`dcg`.

    Raises
    ------
    ValueError, TypeError
        As :func:`dcg`; or a query has only zero grades and
        ``if_no_relevant="raise"``.

    References
    ----------
    Seed 000 and seed 001 ("NDCG"); Duchi, Mackey and Jordan (2013), eq. (14),
    where ``L = 1 - NDCG`` and ``Z(s)`` is the normalizer.

    Examples
    --------
    >>> ndcg([3, 2, 0, 1], [4, 3, 2, 1])     # DCG 9.323 over the ideal 9.393
    0.9926
    >>> ndcg([3, 2, 0, 1], [[4, 3, 1, 2], [1, 2, 3, 4]], gain="linear")
    array([1.    , 0.6913])
    """
    mode = check_choice(if_no_relevant, "if_no_relevant", NO_RELEVANT)
    kind = check_choice(gain, "gain", GAINS)
    y, score, batched = _check_queries(y_true, y_score, binary=False)
    n = y.shape[1]
    weights = dcg_discounts(n, log_base) * _cutoff_weights(n, _check_k(k, n))
    gains = _gain(y, kind)
    achieved = _positional_sum(gains, score, weights)
    if gains.shape[0] > 1 and np.ndim(y_true) == 1:  # one label vector shared by all rows
        ideal = np.full(gains.shape[0], -np.sort(-gains[0]) @ weights)
    else:
        ideal = -np.sort(-gains, axis=1) @ weights
    with np.errstate(invalid="ignore", divide="ignore"):
        values = achieved / ideal
    return _finish(_no_relevant(values, ideal == 0, mode, "NDCG"), batched)


def _mean_subset_products(q: np.ndarray) -> np.ndarray:
    """``M[x, j]``: the mean over the j-subsets S of the items other than x of ``prod_S q``.

    Built one item at a time with ``A'_j = ((m + 1 - j) A_j + j q A_{j-1}) / (m + 1)``
    (a convex combination, so it stays in [0, 1] and is numerically stable).
    """
    g = q.size
    means = np.zeros((g, g))
    means[:, 0] = 1.0
    added = np.zeros(g)
    j = np.arange(g)
    for i in range(g):
        rows = np.arange(g) != i
        m1 = added[rows][:, None] + 1.0
        old = means[rows]
        new = (m1 - j) / m1 * old
        new[:, 1:] += j[1:] / m1 * q[i] * old[:, :-1]
        means[rows] = new
        added[rows] += 1.0
    return means


def _tied_err_correction(p_sorted: np.ndarray, before: np.ndarray, tied: np.ndarray,
                         weights: np.ndarray) -> np.ndarray:
    """Expected-minus-actual ERR contribution of every tie group, per row.

    Within a tie group of size g starting at position a, the item at offset j
    (0-based) stops the user with expected probability ``P(none above) *
    (1 / g) sum_x p_x M[x, j]`` over uniformly random orders of the group.
    """
    correction = np.zeros(p_sorted.shape[0])
    for row in np.flatnonzero(tied.any(axis=1)):
        starts = np.flatnonzero(np.r_[True, ~tied[row]])
        ends = np.r_[starts[1:], p_sorted.shape[1]]
        for a, b in zip(starts, ends, strict=True):
            if b - a < 2 or weights[a] == 0:
                continue
            p = p_sorted[row, a:b]
            expected_stop = before[row, a] * (p @ _mean_subset_products(1.0 - p)) / (b - a)
            actual_stop = p * before[row, a:b]
            correction[row] += (expected_stop - actual_stop) @ weights[a:b]
    return correction


def err(y_true, y_score, k=None, *, max_grade=None, satisfaction="exponential"):
    """Expected reciprocal rank under the cascade model.

    A user scans the list from the top and stops at the first document that
    satisfies them; the document at 1-based position r does so with probability
    ``R_r``, independently.  ERR is the expected value of ``1 / (stopping
    position)`` (0 if the user never stops within the first ``k``):

    ``ERR@k = sum_{r=1}^{k} (1 / r) R_r prod_{s<r} (1 - R_s)``,

    i.e. ``1 - L`` for Duchi et al.'s loss (16) with ``F(r) = r`` and ``G = R``.

    Parameters
    ----------
    y_true : array_like of shape (n,) or (q, n)
        Non-negative relevance grades (or, with ``satisfaction="given"``, the
        probabilities ``R`` themselves, in [0, 1]).
    y_score : array_like of shape (n,) or (q, n)
        Scores, higher is ranked higher; a permutation ``sigma`` is passed as
        ``-sigma``.
    k : int, optional
        The cut-off, ``k >= 1``; by default the whole list.
    max_grade : float, optional
        The top grade of the relevance scale, for
        ``R = (2**y - 1) / 2**max_grade`` (Chapelle et al., 2009).  By default each
        query's largest grade; pass the scale's maximum to compare queries.
    satisfaction : {"exponential", "given"}, default "exponential"
        How ``R`` is obtained from ``y_true``: Chapelle et al.'s formula above, or
        ``R = y_true`` directly (then ``max_grade`` must be None).

    Returns
    -------
    float or ndarray of shape (q,)
        In [0, 1].  Tied scores: the expected ERR when tied documents are put in a
        uniformly random order (exact; a tie group of size g costs O(g^3)).

    Raises
    ------
    ValueError
        If a grade is negative or above ``max_grade``, a given probability is
        outside [0, 1], an input holds NaN or infinite values, the shapes
        disagree, ``k < 1``, or ``satisfaction`` is unknown.
    TypeError
        If an input is not numeric or ``k`` is not an integer.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (16) and Lemma 1; Chapelle, Metzler,
    Zhang and Grinspan (2009), "Expected reciprocal rank for graded relevance".

    Examples
    --------
    >>> err([1.0, 0.5, 0.0], [3, 2, 1], satisfaction="given")   # 1 * 1: the top always satisfies
    1.0
    >>> err([0.5, 0.5, 0.0], [3, 2, 1], satisfaction="given")   # 0.5 / 1 + 0.5 * 0.5 / 2
    0.625
    >>> err([2, 1, 0], [3, 2, 1])     # R = (3/4, 1/4, 0): 3/4 + (1/4)(1/4)/2
    0.78125
    """
    mode = check_choice(satisfaction, "satisfaction", ERR_SATISFACTION)
    y, score, batched = _check_queries(y_true, y_score, binary=False)
    n = y.shape[1]
    weights = _cutoff_weights(n, _check_k(k, n)) / np.arange(1, n + 1)
    if mode == "given":
        if max_grade is not None:
            raise ValueError("max_grade must be None when satisfaction='given'")
        if (y > 1).any():
            raise ValueError(f"y_true must hold probabilities in [0, 1] when "
                             f"satisfaction='given'; found {y.max():g}")
        p = y
    else:
        if max_grade is None:
            top = y.max(axis=1, keepdims=True)
        else:
            top = check_real(max_grade, "max_grade", nonnegative=True)
            if (y > top).any():
                raise ValueError(f"y_true holds grade {y.max():g} above max_grade {top:g}")
        if np.max(top) >= 1000:
            raise ValueError("y_true grades are too large for 2**y (overflow)")
        p = (np.exp2(y) - 1.0) / np.exp2(top)
    p_sorted, tied = _sort_queries_by_score(p, score)
    survive = np.cumprod(1.0 - p_sorted, axis=1)
    before = np.ones_like(p_sorted)
    before[:, 1:] = survive[:, :-1]  # probability that no document above position r satisfies
    values = (p_sorted * before) @ weights
    if tied.any():
        values = values + _tied_err_correction(p_sorted, before, tied, weights)
    return _finish(values, batched)
