"""Chapter 02: ROC and precision-recall curves, AUC, bipartite misranking and ties.

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

import math

import numpy as np

from rankviz._validation import (
    as_binary_labels,
    as_float_vector,
    check_choice,
    check_int,
    check_probability,
    check_real,
    check_same_length,
)

__all__ = [
    "TIE_CONVENTIONS",
    "auc",
    "auc_standard_error",
    "confusion_matrix_at_threshold",
    "dkw_band",
    "pairwise_misranking",
    "precision_recall_curve",
    "roc_curve",
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


def _above(top: float) -> float:
    """A finite threshold above the score ``top``: ``top + 1``, or the next float up when 1
    is below the spacing of floats that large (``+inf`` only above the largest float)."""
    start = top + 1.0
    return float(start if start > top else np.nextafter(top, np.inf))


def _pair_counts(positive: np.ndarray, score: np.ndarray) -> tuple[int, int, int, int, int]:
    """Counts of (positive, negative) pairs by their order under ``score``.

    Returns ``(above, tied, below, m, n)``: the pairs where the positive scores
    strictly higher, equally, strictly lower; and the class sizes.

    Each class is sorted on its own (sorting values is cheaper than one argsort
    of all the scores).  The sorted negatives fall into runs of equal scores;
    for each positive, one binary search among the runs' distinct values gives
    the negatives strictly below it (the start of its run) and those equal to it
    (the run's length, when the value is the positive's).  With many ties the
    search is among few values, and without ties it is one search per positive
    instead of two.
    """
    pos_sorted = np.sort(score[positive])
    neg_sorted = np.sort(score[~positive])
    m, n = pos_sorted.size, neg_sorted.size
    new_run = np.empty(n, dtype=bool)
    new_run[0] = True
    np.not_equal(neg_sorted[1:], neg_sorted[:-1], out=new_run[1:])
    run_starts = np.flatnonzero(new_run)  # index of the first negative of each run
    run_values = neg_sorted[run_starts]
    run_bounds = np.append(run_starts, n)
    run = np.searchsorted(run_values, pos_sorted, side="left")  # first run >= each positive
    above = int(run_bounds[run].sum(dtype=np.int64))  # negatives strictly below
    last = np.minimum(run, run_values.size - 1)
    equal = run_values[last] == pos_sorted
    tied = int((run_bounds[last + 1] - run_bounds[last])[equal].sum(dtype=np.int64))
    return above, tied, m * n - above - tied, m, n


# --------------------------------------------------------------------------- #
# public functions
# --------------------------------------------------------------------------- #
def roc_curve(y_true, y_score):
    """Receiver operating characteristic curve of a scoring function.

    Sweeps a threshold ``theta`` from high to low and classifies a point as
    positive when ``y_score >= theta``.  There is one point per distinct score,
    preceded by a threshold above every score that predicts nothing positive (it
    stands for ``theta = +inf``), so the curve starts at (0, 0) and ends at
    (1, 1).  No point is dropped, even where three consecutive points are
    collinear.

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
        The largest score plus 1 (a finite stand-in for ``+inf``, as in
        scikit-learn before version 1.3), followed by the K distinct scores in
        decreasing order.

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
    array([1.8 , 0.8 , 0.4 , 0.35, 0.1 ])
    """
    positive, score = _check_bipartite(y_true, y_score)
    fps, tps, thresholds = _binary_clf_curve(positive, score)
    fpr = np.concatenate(([0.0], fps / fps[-1]))
    tpr = np.concatenate(([0.0], tps / tps[-1]))
    return fpr, tpr, np.concatenate(([_above(thresholds[0])], thresholds))


def precision_recall_curve(y_true, y_score):
    """Precision and recall of the rule "positive iff ``y_score >= theta``".

    One point per distinct score, in order of decreasing threshold (so recall
    increases along the arrays).  Unlike the ROC curve, precision depends on
    the class proportions: on a sample with fewer positives (the same scores
    within each class) precision is lower at every threshold with both true
    and false positives; it stays 1 where there is no false positive and 0
    where there is no true positive.

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
    searches).  So the AUC is the mean over positives of the share of
    negatives below the positive's score, a tied negative counting by
    ``ties``: with ``"mohri"`` the right-continuous empirical CDF of the
    negatives' scores (what Mohri et al.'s linear pass computes, ties placing
    the positive above the negative), with ``"half"`` its mid-point version.

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
# sampling error of the curve and of the AUC
# --------------------------------------------------------------------------- #
def dkw_band(n, delta):
    """Half-width of the Dvoretzky-Kiefer-Wolfowitz band for one empirical rate curve.

    For ``n`` independent scores of one class, the empirical rate
    ``share of scores >= theta`` lies within ``sqrt(log(2 / delta) / (2 n))`` of
    the population rate at *every* threshold at once, with probability at
    least ``1 - delta`` (Massart's constant).  Applied to the positives it bands
    the TPR curve, to the negatives the FPR curve.

    Parameters
    ----------
    n : int
        Number of scores, at least 1.
    delta : float
        Failure probability, strictly between 0 and 1.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If ``n < 1`` or ``delta`` is not in (0, 1).

    References
    ----------
    Dvoretzky, Kiefer and Wolfowitz (1956); Massart (1990), the constant 2.

    Examples
    --------
    >>> round(dkw_band(200_000, 1e-3), 4)
    0.0044
    """
    n = check_int(n, "n", minimum=1)
    delta = check_probability(delta, "delta", open_interval=True)
    if delta < 1e-300:  # 2 / delta would overflow
        raise ValueError(f"delta must be >= 1e-300, got {delta:g}")
    return math.sqrt(math.log(2.0 / delta) / (2.0 * n))


def auc_standard_error(y_true, y_score):
    """Standard error of the half-credit empirical AUC, by DeLong's placements.

    Each positive's *placement* is the share of negatives below it (a tie
    counting one half), each negative's the share of positives above it; the
    AUC is the mean of either.  DeLong et al. estimate its variance by
    ``var(positive placements) / m + var(negative placements) / n`` (sample
    variances), which this returns the square root of.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels, as in :func:`auc`; at least two points per class.
    y_score : array_like of shape (N,)
        Finite real scores.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`auc`, or if a class has fewer than two points.

    References
    ----------
    DeLong, DeLong and Clarke-Pearson (1988), Biometrics 44(3), 837-845.

    Examples
    --------
    >>> round(auc_standard_error([1, 1, 1, 0, 0, 0], [0.9, 0.4, 0.7, 0.5, 0.1, 0.3]), 4)
    0.1571
    """
    positive, score = _check_bipartite(y_true, y_score)
    positives, negatives = np.sort(score[positive]), np.sort(score[~positive])
    if min(positives.size, negatives.size) < 2:
        raise ValueError("y_true must hold at least two points of each class for a standard error")
    placement_pos = (
        np.searchsorted(negatives, positives, "left")
        + np.searchsorted(negatives, positives, "right")
    ) / (2 * negatives.size)
    placement_neg = (
        2 * positives.size
        - np.searchsorted(positives, negatives, "left")
        - np.searchsorted(positives, negatives, "right")
    ) / (2 * positives.size)
    return math.sqrt(
        placement_pos.var(ddof=1) / positives.size + placement_neg.var(ddof=1) / negatives.size
    )
