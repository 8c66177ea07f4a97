"""Chapter 02: the uncertainty of an empirical AUC, intervals, paired tests and the partial AUC.

The half-credit empirical AUC of ``m`` positives and ``n`` negatives is a two-sample
U-statistic with kernel ``psi(x', x) = 1[h(x') > h(x)] + 1/2 1[h(x') = h(x)]``.  Its exact
variance, ties included, is

    Var = [E psi^2 - theta^2 + (m - 1)(Q1 - theta^2) + (n - 1)(Q2 - theta^2)] / (m n),

with ``theta = E psi``, ``Q1`` the chance-weighted credit of two positives against one
negative, ``Q2`` that of one positive against two negatives (:func:`exact_auc_covariance`,
which takes small discrete score laws).  DeLong et al. (1988, section 2, eqs. (6)-(9)) print
it with this kernel, ``E psi^2 - theta^2`` as their ``xi_11``, and state that it is
equivalent to Bamber's (1975) formula, which does not need continuous scores.  With ties
``E psi^2 = Pr[>] + Pr[=]/4``; only without ties is it ``theta`` and the first term
``theta(1 - theta)``, the continuous-score form that Hanley and McNeil (1982) print.  They
replace ``Q1`` and ``Q2`` by their values for exponential scores
(:func:`hanley_mcneil_variance`).  DeLong, DeLong and Clarke-Pearson (1988) estimate the
covariance of several AUCs on one sample from the *placements*
(:func:`placement_values`, :func:`delong_covariance`), which gives confidence intervals
(:func:`auc_confidence_interval`) and the paired comparison of two scorers
(:func:`delong_test`).  :func:`partial_auc` integrates the ROC curve over a band of false
positive rates, with McClish's (1989) standardization.

References
----------
D. Bamber, "The area above the ordinal dominance graph and the area below the receiver
operating characteristic graph", J. Math. Psych. 12 (1975) 387-415.
J. A. Hanley, B. J. McNeil, "The meaning and use of the area under a receiver operating
characteristic (ROC) curve", Radiology 143 (1982) 29-36.
E. R. DeLong, D. M. DeLong, D. L. Clarke-Pearson, "Comparing the areas under two or more
correlated receiver operating characteristic curves: a nonparametric approach",
Biometrics 44 (1988) 837-845.
D. K. McClish, "Analyzing a portion of the ROC curve", Medical Decision Making 9 (1989)
190-195.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

from rankviz._validation import (
    as_binary_labels,
    as_float_vector,
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_probability,
    check_real,
    check_same_length,
    exact,
    rounding_tolerance,
)
from rankviz.metrics import roc_curve

__all__ = [
    "INTERVAL_SCALES",
    "MAX_CLASS_SIZE",
    "MAX_SCORERS",
    "MAX_SUPPORT_CELLS",
    "AucInterval",
    "PairedAucTest",
    "auc_confidence_interval",
    "delong_covariance",
    "delong_test",
    "exact_auc_covariance",
    "hanley_mcneil_variance",
    "partial_auc",
    "placement_values",
]

#: The scales :func:`auc_confidence_interval` builds its interval on.
INTERVAL_SCALES = ("wald", "logit")

#: The most scorers :func:`delong_covariance` compares at once (its matrix is k x k).
MAX_SCORERS = 1_000

#: The largest class sizes ``m`` and ``n`` the closed-form variances take: far beyond any test
#: set, and small enough that ``m``, ``n`` and ``m * n`` stay finite in floating point.
MAX_CLASS_SIZE = 10**15

#: The largest (positive support) x (negative support) x (scorers) table
#: :func:`exact_auc_covariance` builds.
MAX_SUPPORT_CELLS = 4_000_000


# --------------------------------------------------------------------------- #
# validation
# --------------------------------------------------------------------------- #
def _bipartite(y_true: object) -> np.ndarray:
    positive = as_binary_labels(y_true, "y_true")
    n_pos = int(np.count_nonzero(positive))
    if n_pos < 2 or positive.size - n_pos < 2:
        raise ValueError(
            "y_true must hold at least two points of each class for a variance, "
            f"got {n_pos} positives and {positive.size - n_pos} negatives"
        )
    return positive


def _score_rows(y_score: object, name: str, size: int) -> tuple[np.ndarray, bool]:
    """Scores as a (k, N) array, and whether they came as one 1-D vector."""
    rows = check_array(y_score, name, ndim=(1, 2))
    single = rows.ndim == 1
    rows = np.atleast_2d(rows)
    if rows.shape[1] != size:
        raise ValueError(f"{name} must hold one score per label ({size}), got {rows.shape[1]}")
    if rows.shape[0] > MAX_SCORERS:
        raise ValueError(
            f"{name} holds {rows.shape[0]} scorers, more than MAX_SCORERS = {MAX_SCORERS}"
        )
    return rows, single


def _class_size(value: object, name: str) -> int:
    """A class size for the closed forms: an integer in [1, MAX_CLASS_SIZE]."""
    size = check_int(value, name, minimum=1)
    if size > MAX_CLASS_SIZE:
        # no f"{size}": an int of thousands of digits cannot be printed
        raise ValueError(
            f"{name} must be at most MAX_CLASS_SIZE = {MAX_CLASS_SIZE:,}, got about "
            f"10**{math.floor(math.log10(size))}"
        )
    return size


def _level(level: object) -> float:
    return check_probability(level, "level", open_interval=True)


# --------------------------------------------------------------------------- #
# placements and DeLong's covariance
# --------------------------------------------------------------------------- #
def _placements(positive: np.ndarray, score: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Half-credit placements of one scorer, in the sample's order within each class."""
    pos, neg = score[positive], score[~positive]
    neg_sorted, pos_sorted = np.sort(neg), np.sort(pos)
    below = np.searchsorted(neg_sorted, pos, "left") + np.searchsorted(neg_sorted, pos, "right")
    above = 2 * pos.size - (
        np.searchsorted(pos_sorted, neg, "left") + np.searchsorted(pos_sorted, neg, "right")
    )
    return below / (2 * neg.size), above / (2 * pos.size)


def placement_values(y_true, y_score):
    """DeLong's placement values of each positive and each negative.

    A positive's placement is the share of negatives scored below it, a tie counting one half
    (``V10`` in DeLong et al.); a negative's is the share of positives scored above it, a tie
    counting one half (``V01``).  The half-credit AUC is the mean of either list.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels ({0, 1}, {-1, +1} or booleans; 1 is positive), at least two per class.
    y_score : array_like of shape (N,)
        Finite real scores; higher ranks higher.

    Returns
    -------
    positive_placements : ndarray of shape (m,)
        In the order the positives appear in ``y_true``.
    negative_placements : ndarray of shape (n,)
        In the order the negatives appear.

    Raises
    ------
    ValueError, TypeError
        If ``y_true`` is not binary or has fewer than two points of a class, or ``y_score``
        is not a finite real vector of the same length.

    References
    ----------
    DeLong, DeLong and Clarke-Pearson (1988), Biometrics 44, 837-845.

    Examples
    --------
    >>> v10, v01 = placement_values([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1])
    >>> v10.tolist(), v01.tolist()
    ([1.0, 0.75], [0.75, 1.0])
    """
    positive = _bipartite(y_true)
    score = as_float_vector(y_score, "y_score")
    check_same_length(positive, score, "y_true", "y_score")
    return _placements(positive, score)


def _delong(positive: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    v10, v01 = zip(*(_placements(positive, row) for row in rows), strict=True)
    v10, v01 = np.array(v10), np.array(v01)  # (k, m) and (k, n)
    m, n = v10.shape[1], v01.shape[1]
    covariance = np.atleast_2d(np.cov(v10, ddof=1)) / m + np.atleast_2d(np.cov(v01, ddof=1)) / n
    return v10.mean(axis=1), covariance


def delong_covariance(y_true, y_scores):
    """DeLong's estimate of the covariance matrix of several AUCs measured on one sample.

    With ``V10[r]`` and ``V01[r]`` the placements of scorer ``r``
    (:func:`placement_values`), the estimate is ``S10 / m + S01 / n``, where ``S10`` and
    ``S01`` are the sample covariance matrices (divisor ``m - 1``, ``n - 1``) of the
    placements of the positives and of the negatives.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels, at least two points per class.
    y_scores : array_like of shape (N,) or (k, N)
        One scorer's scores, or one row per scorer (at most :data:`MAX_SCORERS`), all on
        the same points.

    Returns
    -------
    aucs : ndarray of shape (k,)
        The half-credit AUC of each scorer.
    covariance : ndarray of shape (k, k)
        DeLong's estimate; its diagonal holds the variances.

    Raises
    ------
    ValueError, TypeError
        If ``y_true`` is not binary or has fewer than two points of a class, or
        ``y_scores`` is not finite, 1-D or 2-D, with one column per label.

    References
    ----------
    DeLong, DeLong and Clarke-Pearson (1988), Biometrics 44, 837-845.

    Examples
    --------
    >>> aucs, cov = delong_covariance([1, 1, 0, 0], [[0.9, 0.5, 0.5, 0.1], [0.9, 0.2, 0.5, 0.1]])
    >>> aucs.tolist(), cov.round(4).tolist()
    ([0.875, 0.75], [[0.0312, 0.0625], [0.0625, 0.125]])
    """
    positive = _bipartite(y_true)
    rows, _ = _score_rows(y_scores, "y_scores", positive.size)
    return _delong(positive, rows)


# --------------------------------------------------------------------------- #
# the exact variance and Hanley and McNeil's approximation
# --------------------------------------------------------------------------- #
def _law(values: object, probabilities: object, which: str) -> tuple[np.ndarray, np.ndarray]:
    value_name, prob_name = f"{which}_values", f"{which}_probabilities"
    points = check_array(values, value_name, ndim=(1, 2))
    points = points[:, None] if points.ndim == 1 else points
    probs = check_array(probabilities, prob_name, ndim=1, nonnegative=True)
    if probs.size != points.shape[0]:
        raise ValueError(
            f"{prob_name} must give one probability per row of {value_name} "
            f"({points.shape[0]}), got {probs.size}"
        )
    total = probs.sum()
    tolerance = rounding_tolerance(probabilities, probs.size)  # in the dtype passed
    if not math.isclose(total, 1.0, rel_tol=0.0, abs_tol=tolerance):
        raise ValueError(f"{prob_name} must sum to 1, got {exact(total, 1.0)}")
    return points, probs / total


def exact_auc_covariance(
    positive_values, positive_probabilities, negative_values, negative_probabilities, m, n
):
    """Exact variance (or covariance matrix) of half-credit empirical AUCs on discrete laws.

    The ``m`` positives are drawn independently from the law that puts probability
    ``positive_probabilities[i]`` on the point ``positive_values[i]``, the ``n`` negatives
    from the negatives' law.  For scorers ``a`` and ``b`` with kernels
    ``psi_a(x', x) = 1[a(x') > a(x)] + 1/2 1[a(x') = a(x)]``,

    ``Cov = [E psi_a psi_b - theta_a theta_b + (m - 1)(Q1_ab - theta_a theta_b)
    + (n - 1)(Q2_ab - theta_a theta_b)] / (m n)``

    with ``Q1_ab = E psi_a(X'_1, X) psi_b(X'_2, X)`` (two positives, one negative) and
    ``Q2_ab = E psi_a(X', X_1) psi_b(X', X_2)`` (one positive, two negatives).  For one scorer
    this is the exact variance of the half-credit Mann-Whitney statistic over ``mn`` that
    DeLong et al. (1988, eqs. (6)-(9)) print, ties included, and call equivalent to Bamber's
    (1975): its first term ``E psi^2 - theta^2 = Pr[>] + Pr[=]/4 - theta^2`` is the
    continuous-score ``theta(1 - theta)`` of Hanley and McNeil (1982) only when ties have
    probability 0, and smaller by ``Pr[=]/4`` otherwise.

    Parameters
    ----------
    positive_values : array_like of shape (s,) or (s, k)
        The support of the positives' law: one score per point, or one row of ``k`` scores
        (one per scorer) per point.
    positive_probabilities : array_like of shape (s,)
        Non-negative, summing to 1.
    negative_values : array_like of shape (t,) or (t, k)
        The support of the negatives' law, with as many scorers as ``positive_values``.
    negative_probabilities : array_like of shape (t,)
        Non-negative, summing to 1.
    m, n : int
        The numbers of positives and of negatives in a sample, at least 1 and at most
        :data:`MAX_CLASS_SIZE`.

    Returns
    -------
    float or ndarray of shape (k, k)
        The variance when the values are 1-D, else the covariance matrix.

    Raises
    ------
    ValueError, TypeError
        If a law is not a finite support with probabilities summing to 1, the two laws
        have different numbers of scorers, ``s * t * k`` exceeds :data:`MAX_SUPPORT_CELLS`,
        or ``m`` or ``n`` is not an integer in [1, :data:`MAX_CLASS_SIZE`].

    References
    ----------
    DeLong et al. (1988), Biometrics 44, section 2, eqs. (6)-(9) (the variance with ties);
    Bamber (1975), J. Math. Psych. 12 (an equivalent formula, by DeLong et al.'s account);
    Hanley and McNeil (1982), Radiology 143 (the continuous-score form).

    Examples
    --------
    Scores 0 or 1 for positives, 0 for negatives: each pair is correct (1) or tied (1/2).

    >>> round(exact_auc_covariance([0, 1], [0.5, 0.5], [0], [1.0], 2, 3), 6)
    0.03125
    """
    pos, p = _law(positive_values, positive_probabilities, "positive")
    neg, q = _law(negative_values, negative_probabilities, "negative")
    single = np.ndim(positive_values) == 1 and np.ndim(negative_values) == 1
    if pos.shape[1] != neg.shape[1]:
        raise ValueError(
            f"negative_values must hold as many scorers as positive_values ({pos.shape[1]}), "
            f"got {neg.shape[1]}"
        )
    cells = pos.shape[0] * neg.shape[0] * pos.shape[1]
    if cells > MAX_SUPPORT_CELLS:
        raise ValueError(
            f"the laws' supports make a table of {cells} cells, more than "
            f"MAX_SUPPORT_CELLS = {MAX_SUPPORT_CELLS}"
        )
    m = _class_size(m, "m")
    n = _class_size(n, "n")
    # psi[r, i, j]: credit of scorer r for positive point i against negative point j
    diff = pos.T[:, :, None] - neg.T[:, None, :]
    psi = (diff > 0) + 0.5 * (diff == 0)
    theta = np.einsum("i,rij,j->r", p, psi, q)
    pair = np.einsum("i,rij,sij,j->rs", p, psi, psi, q)
    by_negative = np.einsum("i,rij->rj", p, psi)  # credit against negative j, positive drawn
    by_positive = np.einsum("rij,j->ri", psi, q)  # credit of positive i, negative drawn
    q1 = np.einsum("rj,sj,j->rs", by_negative, by_negative, q)
    q2 = np.einsum("ri,si,i->rs", by_positive, by_positive, p)
    outer = np.outer(theta, theta)
    covariance = ((pair - outer) + (m - 1) * (q1 - outer) + (n - 1) * (q2 - outer)) / (m * n)
    return float(covariance[0, 0]) if single else covariance


def hanley_mcneil_variance(auc_value, m, n):
    """Hanley and McNeil's approximate variance of an empirical AUC from the AUC alone.

    In the exact variance (see :func:`exact_auc_covariance`) Hanley and McNeil (1982) put
    the values that ``Q1`` and ``Q2`` take when both classes' scores are exponential,
    ``Q1 = A / (2 - A)`` and ``Q2 = 2 A^2 / (1 + A)``, and drop ties:
    ``Var = [A(1 - A) + (m - 1)(Q1 - A^2) + (n - 1)(Q2 - A^2)] / (mn)``.

    Parameters
    ----------
    auc_value : float
        The AUC ``A``, in [0, 1].
    m, n : int
        Numbers of positives and negatives, at least 1 and at most :data:`MAX_CLASS_SIZE`.

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        If ``auc_value`` is not in [0, 1] or ``m``, ``n`` are not integers in
        [1, :data:`MAX_CLASS_SIZE`].

    References
    ----------
    Hanley and McNeil (1982), Radiology 143, 29-36.

    Examples
    --------
    >>> round(math.sqrt(hanley_mcneil_variance(0.8, 50, 50)), 4)
    0.0445
    """
    a = check_probability(auc_value, "auc_value")
    m = _class_size(m, "m")
    n = _class_size(n, "n")
    q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
    return (a * (1 - a) + (m - 1) * (q1 - a * a) + (n - 1) * (q2 - a * a)) / (m * n)


# --------------------------------------------------------------------------- #
# intervals and the paired test
# --------------------------------------------------------------------------- #
@dataclass(frozen=True)
class AucInterval:
    """A confidence interval for one AUC (see :func:`auc_confidence_interval`)."""

    #: the half-credit empirical AUC
    auc: float
    #: DeLong's standard error of the AUC
    standard_error: float
    #: the interval's ends
    low: float
    high: float
    #: the nominal coverage
    level: float
    #: "wald" or "logit"
    scale: str


def auc_confidence_interval(y_true, y_score, level=0.95, scale="wald"):
    """Normal-approximation confidence interval for the AUC, with DeLong's standard error.

    ``scale="wald"``: ``A +- z se``, clipped to [0, 1].  ``scale="logit"``: the interval
    ``logit(A) +- z se / (A (1 - A))`` (the delta method) mapped back through the logistic
    function, which stays inside (0, 1) and is asymmetric near the ends.  Both use
    ``z = Phi^-1((1 + level) / 2)``.  When every positive is above every negative (or
    below), the standard error is 0 and both intervals shrink to the point ``A``: the
    normal approximation has nothing to say there.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels, at least two points per class.
    y_score : array_like of shape (N,)
        Finite real scores.
    level : float, default 0.95
        Nominal coverage, strictly between 0 and 1.
    scale : {"wald", "logit"}, default "wald"

    Returns
    -------
    AucInterval

    Raises
    ------
    ValueError, TypeError
        As :func:`placement_values`, or if ``level`` is not in (0, 1) or ``scale`` is not
        one of :data:`INTERVAL_SCALES`.

    References
    ----------
    DeLong et al. (1988), Biometrics 44 (the standard error); the logit interval is the
    delta method applied to ``logit(A)``.

    Examples
    --------
    >>> ci = auc_confidence_interval([1, 1, 1, 0, 0, 0], [0.9, 0.4, 0.7, 0.5, 0.1, 0.3])
    >>> round(ci.auc, 4), round(ci.low, 4), round(ci.high, 4)
    (0.8889, 0.5809, 1.0)
    """
    positive = _bipartite(y_true)
    score = as_float_vector(y_score, "y_score")
    check_same_length(positive, score, "y_true", "y_score")
    level = _level(level)
    scale = check_choice(scale, "scale", INTERVAL_SCALES)
    aucs, covariance = _delong(positive, score[None, :])
    a, se = float(aucs[0]), math.sqrt(max(float(covariance[0, 0]), 0.0))
    z = float(stats.norm.ppf(0.5 + level / 2))
    if se == 0.0:
        low = high = a
    elif scale == "wald":
        low, high = max(0.0, a - z * se), min(1.0, a + z * se)
    else:
        centre, half = math.log(a / (1 - a)), z * se / (a * (1 - a))
        low, high = (float(stats.logistic.cdf(centre + s * half)) for s in (-1, 1))
    return AucInterval(a, se, low, high, level, scale)


@dataclass(frozen=True)
class PairedAucTest:
    """DeLong's paired comparison of two AUCs on one sample (see :func:`delong_test`)."""

    #: the two half-credit AUCs
    auc_a: float
    auc_b: float
    #: ``auc_a - auc_b``
    difference: float
    #: DeLong's standard error of the difference
    standard_error: float
    #: the correlation of the two AUCs, as DeLong's covariance estimates it (0 when
    #: either estimated variance is 0)
    correlation: float
    #: ``difference / standard_error``
    z: float
    #: two-sided p-value of "equal AUCs"
    p_value: float
    #: the confidence interval for the difference
    low: float
    high: float
    #: its nominal coverage
    level: float


def delong_test(y_true, score_a, score_b, level=0.95):
    """DeLong's test of equal AUCs for two scorers measured on the same points.

    The difference ``A_a - A_b`` has estimated variance
    ``S_aa + S_bb - 2 S_ab`` (:func:`delong_covariance`); ``z`` is the difference over its
    standard error, the p-value two-sided, and the interval ``difference +- z_level se``.
    Because the two AUCs share their sample they are usually positively correlated, and
    the difference is then far more precise than two separate intervals suggest.

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels, at least two points per class.
    score_a, score_b : array_like of shape (N,)
        The two scorers' finite scores on the same points.
    level : float, default 0.95
        Nominal coverage of the interval, strictly between 0 and 1.

    Returns
    -------
    PairedAucTest
        When the two scorers' placements coincide (for instance one scorer is a strictly
        increasing function of the other), the difference and its standard error are 0;
        then ``z = 0`` and the p-value is 1.

    Raises
    ------
    ValueError, TypeError
        As :func:`placement_values` for each score vector, if ``level`` is not in (0, 1),
        or if the difference is not 0 while its estimated standard error is (the
        placements differ by a constant; the normal approximation is undefined).

    References
    ----------
    DeLong, DeLong and Clarke-Pearson (1988), Biometrics 44, 837-845.

    Examples
    --------
    >>> t = delong_test([1, 1, 1, 0, 0, 0], [0.9, 0.4, 0.7, 0.5, 0.1, 0.3],
    ...                 [0.9, 0.2, 0.7, 0.5, 0.1, 0.3])
    >>> round(t.difference, 4), round(t.z, 3), round(t.p_value, 3)
    (0.1111, 0.707, 0.48)
    """
    positive = _bipartite(y_true)
    rows = []
    for name, score in (("score_a", score_a), ("score_b", score_b)):
        row = as_float_vector(score, name)
        check_same_length(positive, row, "y_true", name)
        rows.append(row)
    level = _level(level)
    (a, b), s = _delong(positive, np.array(rows))
    difference = float(a - b)
    variance = float(s[0, 0] + s[1, 1] - 2 * s[0, 1])
    tolerance = 1e-12 * float(s[0, 0] + s[1, 1] + 1e-300)
    se = math.sqrt(variance) if variance > tolerance else 0.0
    spread = math.sqrt(float(s[0, 0] * s[1, 1]))
    correlation = float(s[0, 1]) / spread if spread > 0 else 0.0
    if se == 0.0:
        if abs(difference) > 1e-12:
            raise ValueError(
                "score_a and score_b: the AUCs differ by "
                f"{difference:.4g} but DeLong's standard error of the difference is 0 "
                "(the placements differ by a constant); the normal test is undefined"
            )
        return PairedAucTest(float(a), float(b), 0.0, 0.0, correlation, 0.0, 1.0, 0.0, 0.0, level)
    z = difference / se
    p_value = float(2 * stats.norm.sf(abs(z)))
    half = float(stats.norm.ppf(0.5 + level / 2)) * se
    return PairedAucTest(
        float(a), float(b), difference, se, correlation, z, p_value,
        difference - half, difference + half, level,
    )  # fmt: skip


# --------------------------------------------------------------------------- #
# the partial AUC
# --------------------------------------------------------------------------- #
def partial_auc(y_true, y_score, fpr_low=0.0, fpr_high=1.0, standardized=False):
    """Area under the empirical ROC curve between two false positive rates.

    The curve is the trapezoidal one of :func:`rankviz.metrics.roc_curve` (a group of tied
    scores holding both classes is crossed by a straight diagonal step), interpolated
    linearly at ``fpr_low`` and ``fpr_high``; over ``[0, 1]`` the area is the half-credit
    AUC.  With ``standardized=True`` the area ``P`` is mapped by McClish's (1989)
    standardization ``(1 + (P - P_min) / (P_max - P_min)) / 2``, where
    ``P_min = (b^2 - a^2) / 2`` is the area under the diagonal and ``P_max = b - a`` that of
    a perfect scorer: 1/2 for a useless scorer, 1 for a perfect one (scikit-learn's
    ``roc_auc_score(max_fpr=b)`` for ``a = 0``).  A scorer worse than chance has a partial
    area below ``P_min``, down to 0, and a standardized value below 1/2 (4/9 for a reversed
    scorer on ``[0, 0.2]``).

    Parameters
    ----------
    y_true : array_like of shape (N,)
        Binary labels, at least one point per class.
    y_score : array_like of shape (N,)
        Finite real scores.
    fpr_low, fpr_high : float
        The band ``[a, b]`` of false positive rates, ``0 <= a < b <= 1``.
    standardized : bool, default False

    Returns
    -------
    float

    Raises
    ------
    ValueError, TypeError
        As :func:`rankviz.metrics.auc`, or if the band is not ``0 <= fpr_low < fpr_high <= 1``
        or ``standardized`` is not a bool.

    References
    ----------
    McClish (1989), Medical Decision Making 9, 190-195.

    Examples
    --------
    >>> partial_auc([1, 1, 0, 0], [0.9, 0.3, 0.5, 0.1], 0.0, 0.5)
    0.25
    >>> partial_auc([1, 1, 0, 0], [0.9, 0.3, 0.5, 0.1], 0.0, 0.5, standardized=True)
    0.6666666666666666
    """
    fpr, tpr, _ = roc_curve(y_true, y_score)
    a = check_real(fpr_low, "fpr_low", minimum=0.0, maximum=1.0)
    b = check_real(fpr_high, "fpr_high", minimum=0.0, maximum=1.0)
    if not a < b:
        raise ValueError(f"fpr_high must be > fpr_low = {a}, got {b}")
    standardized = check_bool(standardized, "standardized")
    x0, x1, y0, y1 = fpr[:-1], fpr[1:], tpr[:-1], tpr[1:]
    left, right = np.maximum(x0, a), np.minimum(x1, b)
    keep = right > left  # segments of positive width inside the band
    x0, x1, y0, y1, left, right = (v[keep] for v in (x0, x1, y0, y1, left, right))
    slope = (y1 - y0) / (x1 - x0)
    area = float(np.sum((right - left) * (y0 + slope * ((left + right) / 2 - x0))))
    if not standardized:
        return area
    smallest, largest = (b * b - a * a) / 2, b - a
    return 0.5 * (1 + (area - smallest) / (largest - smallest))
