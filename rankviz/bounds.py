"""Generalization and deviation bounds for ranking.

Two families, one per chapter:

* chapter 02: :func:`auc_deviation_bound`, the deviation of the empirical AUC of a
  fixed scorer (exercise 10.9);
* chapter 04: the pairwise margin bounds of Theorem 10.1 and Corollaries 10.2 and
  10.4 (:func:`margin_loss`, :func:`ranking_margin_bound`, :class:`MarginBound`),
  the two-sample margin bound for m positives and n negatives drawn i.i.d.
  (:func:`bipartite_margin_bound`, :class:`BipartiteMarginBound`, lecture 04
  section 12), and Monte Carlo estimates of the empirical Rademacher complexities
  they contain (:func:`empirical_rademacher_linear`, :func:`empirical_rademacher_stumps`).

References
----------
Mohri et al. (2018), chapter 10 (seed ``004_e87a518ae3e4601f.txt``), exercise 10.9;
W. Hoeffding, "Probability inequalities for sums of bounded random variables",
JASA 58 (1963), section 5 (U-statistics); C. McDiarmid, "On the method of
bounded differences" (1989).
"""

from __future__ import annotations

import itertools
import math
import numbers
from dataclasses import dataclass

import numpy as np
from scipy.special import gammaln, xlogy

from rankviz._kernels import gram
from rankviz._validation import (
    as_feature_matrix,
    as_float_vector,
    as_generator,
    as_numpy,
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_kernel,
    check_probability,
    check_real,
    exact,
    rounding_tolerance,
)
from rankviz.metrics import TIE_CONVENTIONS
from rankviz.stumps import StumpSearch

__all__ = [
    "AUC_DEVIATION_METHODS",
    "MARGIN_LOSS_KINDS",
    "MAX_AUC_CONFIGURATIONS",
    "MAX_DRAWS",
    "AUCLaw",
    "BipartiteMarginBound",
    "MarginBound",
    "RademacherEstimate",
    "auc_deviation_bound",
    "bipartite_margin_bound",
    "empirical_auc_law",
    "empirical_rademacher_linear",
    "empirical_rademacher_stumps",
    "margin_loss",
    "ranking_margin_bound",
]

#: Methods accepted by :func:`auc_deviation_bound`.
AUC_DEVIATION_METHODS = ("hoeffding", "mcdiarmid")


def auc_deviation_bound(m, n, delta, method="hoeffding"):
    """Deviation of the empirical AUC of a fixed scorer from its mean (exercise 10.9).

    For a scoring function ``h`` fixed before the sample is drawn, and samples
    ``S+`` of ``m`` positives and ``S-`` of ``n`` negatives drawn independently,
    returns ``t`` such that ``P(|AUC(h, S) - E[AUC(h, S)]| > t) <= delta``.

    The empirical AUC is a two-sample U-statistic, an average of ``mn``
    indicator terms that are *not* independent (each point appears in many
    pairs).  Treating the ``mn`` terms as independent would give the far too
    small ``sqrt(log(2/delta) / (2mn))``.  Two valid routes:

    * ``"hoeffding"``: Hoeffding (1963, section 5) writes a two-sample
      U-statistic as an average, over permutations, of means of
      ``k = min(m, n)`` independent terms; convexity of the exponential then
      gives ``2 exp(-2 k t^2)``, so ``t = sqrt(log(2/delta) / (2 min(m, n)))``.
    * ``"mcdiarmid"``: replacing one positive changes the AUC by at most
      ``1/m``, one negative by at most ``1/n``; bounded differences give
      ``2 exp(-2 t^2 / (1/m + 1/n))``, so
      ``t = sqrt((1/m + 1/n) log(2/delta) / 2)``.

    Since ``1/m + 1/n >= 1/min(m, n)``, the Hoeffding route is never looser,
    and is tighter by a factor sqrt(2) when ``m = n``.  Both are governed by
    the smaller class: many negatives cannot make up for few positives.

    Parameters
    ----------
    m : int
        Number of positive points, at least 1.
    n : int
        Number of negative points, at least 1.
    delta : float
        Failure probability, strictly between 0 and 1.
    method : {"hoeffding", "mcdiarmid"}, default "hoeffding"
        Which inequality to use (see above).

    Returns
    -------
    float
        The deviation ``t``; ``|AUC - E[AUC]| <= t`` with probability at least
        ``1 - delta``.

    Raises
    ------
    ValueError
        If ``m`` or ``n`` < 1, ``delta`` is not in (0, 1), or ``method`` is unknown.
    TypeError
        If ``m`` or ``n`` is not an integer or ``delta`` not a real number.

    References
    ----------
    Mohri et al. (2018), exercise 10.9; Hoeffding (1963), section 5;
    McDiarmid (1989).

    Examples
    --------
    >>> round(auc_deviation_bound(100, 100, 0.05), 4)
    0.1358
    >>> round(auc_deviation_bound(100, 100, 0.05, method="mcdiarmid"), 4)
    0.1921
    """
    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n", minimum=1)
    delta = check_probability(delta, "delta", open_interval=True)
    method = check_choice(method, "method", AUC_DEVIATION_METHODS)
    if delta < 1e-300:  # 2 / delta would overflow: the bound is astronomically loose anyway
        raise ValueError(f"delta must be >= 1e-300, got {delta:g}")
    log_term = math.log(2.0 / delta)
    if method == "hoeffding":
        return math.sqrt(log_term / (2.0 * min(m, n)))
    return math.sqrt((1.0 / m + 1.0 / n) * log_term / 2.0)


#: Largest number of (positive counts, negative counts) configurations
#: :func:`empirical_auc_law` enumerates (about a second and 100 MB).
MAX_AUC_CONFIGURATIONS = 5_000_000


@dataclass(frozen=True, eq=False)
class AUCLaw:
    """The exact law of an empirical AUC, from :func:`empirical_auc_law`.

    Attributes
    ----------
    values : ndarray
        The values the empirical AUC can take (a value may appear more than once).
    probabilities : ndarray
        Their probabilities (summing to 1).
    m, n : int
        The numbers of positives and negatives of the sample.
    """

    values: np.ndarray
    probabilities: np.ndarray
    m: int
    n: int

    @property
    def mean(self) -> float:
        """The expected empirical AUC, which is the population AUC."""
        return float(self.values @ self.probabilities)

    def exceedance(self, t):
        """``P(|AUC - E AUC| > t)``, exactly, for each deviation ``t``.

        A deviation within ``1e-12`` of ``t`` counts as not exceeding it (so that
        floating-point rounding of the values cannot decide a tie).

        Parameters
        ----------
        t : float or array_like of float
            Deviations, ``t >= 0``.

        Returns
        -------
        float or ndarray
            The probabilities, of the shape of ``t``.

        Raises
        ------
        ValueError, TypeError
            If ``t`` is not a non-negative real number or a 1-D array of them.

        Examples
        --------
        >>> law = empirical_auc_law(2, 1, [0.0, 2.0], [0.5, 0.5], [1.0], [1.0])
        >>> law.values, law.probabilities, law.mean
        (array([0. , 0.5, 1. ]), array([0.25, 0.5 , 0.25]), 0.5)
        >>> law.exceedance([0.0, 0.25, 0.5])
        array([0.5, 0.5, 0. ])
        """
        scalar = np.ndim(as_numpy(t, "t")) == 0
        deviations = check_array(
            np.atleast_1d(t) if scalar else t, "t", ndim=1, nonnegative=True, allow_empty=True
        )
        gap = np.abs(self.values - self.mean)
        order = np.argsort(gap)
        gap, mass = gap[order], self.probabilities[order]
        tail = np.r_[np.cumsum(mass[::-1])[::-1], 0.0]  # tail[i] = P(gap >= gap[i])
        beyond = np.minimum(tail[np.searchsorted(gap, deviations + 1e-12, side="right")], 1.0)
        return float(beyond[0]) if scalar else beyond

    def __repr__(self) -> str:
        return (
            f"AUCLaw(m={self.m}, n={self.n}, {self.values.size} configurations, "
            f"mean {self.mean:.4g})"
        )


def _merge_equivalent(credit: np.ndarray, probs: np.ndarray, axis: int):
    """Merge the scores whose credit rows (axis 0) or columns (axis 1) coincide."""
    keys = credit if axis == 0 else credit.T
    unique, inverse = np.unique(keys, axis=0, return_inverse=True)
    merged = np.bincount(inverse.ravel(), weights=probs, minlength=unique.shape[0])
    return (unique if axis == 0 else unique.T), merged


def _compositions(total: int, parts: int) -> np.ndarray:
    """Every vector of ``parts`` non-negative integers summing to ``total`` (stars and bars)."""
    if parts == 1:
        return np.array([[total]], dtype=np.int64)
    bars = np.array(
        list(itertools.combinations(range(total + parts - 1), parts - 1)), dtype=np.int64
    ).reshape(-1, parts - 1)
    edges = np.hstack(
        [np.full((bars.shape[0], 1), -1), bars, np.full((bars.shape[0], 1), total + parts - 1)]
    )
    return np.diff(edges, axis=1) - 1


def _log_multinomial(counts: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """log P(counts) under the multinomial law with cell probabilities ``probs``."""
    total = int(counts[0].sum())
    log_coefficient = gammaln(total + 1) - gammaln(counts + 1).sum(axis=1)
    return log_coefficient + xlogy(counts, probs).sum(axis=1)


def empirical_auc_law(
    m, n, positive_scores, positive_probs, negative_scores, negative_probs, ties="half"
):
    """The exact law of the empirical AUC when the scores take finitely many values.

    A positive scores ``positive_scores[k]`` with probability ``positive_probs[k]``, a
    negative ``negative_scores[l]`` with probability ``negative_probs[l]``; the sample
    has ``m`` positives and ``n`` negatives, all independent.  The empirical AUC
    then depends only on how many positives take each value and how many negatives
    take each value, which have multinomial laws: it is ``a^T G b / (mn)`` for the
    count vectors ``a`` and ``b`` and the credit matrix ``G`` (1 for a positive above a
    negative, the tie credit of ``ties`` for equal scores).  This function enumerates
    the count vectors.  Scores that no score of the other class separates give
    every pair the same credit and are merged first, so a law whose negatives all
    fall between the same two positive scores costs ``m + 1`` configurations however
    large ``n`` is.

    Parameters
    ----------
    m, n : int
        Numbers of positives and negatives, at least 1.
    positive_scores, negative_scores : array_like of float
        The values each class can take (1-D, finite, distinct within a class).
    positive_probs, negative_probs : array_like of float
        Their probabilities (non-negative, summing to 1, one per score).
    ties : {"half", "mohri", "strict"}, default "half"
        The credit of a tied pair, as in :func:`rankviz.metrics.auc`.

    Returns
    -------
    AUCLaw
        The values, their probabilities, and ``exceedance(t) = P(|AUC - E AUC| > t)``.

    Raises
    ------
    ValueError, TypeError
        On sizes below 1, scores that are not finite or repeat within a class, probability
        vectors that are negative, do not sum to 1 or do not match their scores, an unknown
        ``ties``, or more than :data:`MAX_AUC_CONFIGURATIONS` configurations to enumerate.

    References
    ----------
    Mohri et al. (2018), exercise 10.9: the law this gives is what a deviation bound
    for the AUC must respect for every law of the scores.

    Examples
    --------
    Positives score 0 or 3, negatives 1 or 2: a positive beats every negative or none,
    so the AUC is Binomial(m, p) / m whatever n is:

    >>> law = empirical_auc_law(3, 10**6, [0.0, 3.0], [0.7, 0.3], [1.0, 2.0], [0.5, 0.5])
    >>> law.values.round(3), law.probabilities.round(3)
    (array([0.   , 0.333, 0.667, 1.   ]), array([0.343, 0.441, 0.189, 0.027]))
    >>> round(law.exceedance(0.5), 3)
    0.027
    """
    m = check_int(m, "m", minimum=1)
    n = check_int(n, "n", minimum=1)
    credit_of_tie = TIE_CONVENTIONS[check_choice(ties, "ties", TIE_CONVENTIONS)]
    classes = []
    for scores_name, probs_name, scores, probs in (
        ("positive_scores", "positive_probs", positive_scores, positive_probs),
        ("negative_scores", "negative_probs", negative_scores, negative_probs),
    ):
        scores = as_float_vector(scores, scores_name)
        if np.unique(scores).size != scores.size:
            raise ValueError(f"{scores_name} must hold distinct values, got {scores.tolist()}")
        given, probs = probs, check_array(probs, probs_name, ndim=1, nonnegative=True)
        if probs.size != scores.size:
            raise ValueError(
                f"{probs_name} must give one probability per entry of "
                f"{scores_name} ({scores.size}), got {probs.size}"
            )
        if not math.isclose(probs.sum(), 1.0, abs_tol=rounding_tolerance(given, probs.size)):
            raise ValueError(f"{probs_name} must sum to 1, got {exact(probs.sum(), 1.0)}")
        keep = probs > 0
        classes.append((scores[keep], probs[keep] / probs.sum()))
    (pos, p), (neg, q) = classes
    credit = (pos[:, None] > neg[None, :]) + credit_of_tie * (pos[:, None] == neg[None, :])
    credit, p = _merge_equivalent(credit.astype(float), p, axis=0)
    credit, q = _merge_equivalent(credit, q, axis=1)
    size = math.comb(m + p.size - 1, p.size - 1) * math.comb(n + q.size - 1, q.size - 1)
    if size > MAX_AUC_CONFIGURATIONS:
        raise ValueError(
            f"m and n: {size:,} count configurations to enumerate, more than "
            f"{MAX_AUC_CONFIGURATIONS:,}; use smaller samples or fewer score values"
        )
    a, b = _compositions(m, p.size), _compositions(n, q.size)
    values = (a @ credit @ b.T) / (m * n)
    probabilities = np.exp(_log_multinomial(a, p)[:, None] + _log_multinomial(b, q)[None, :])
    values, probabilities = values.ravel(), probabilities.ravel()
    order = np.argsort(values, kind="stable")
    return AUCLaw(values[order], probabilities[order], m, n)


# --------------------------------------------------------------------------- #
# chapter 04: margin bounds (Mohri et al., sections 10.2-10.3 and 10.4.3)
# --------------------------------------------------------------------------- #
#: Kinds accepted by :func:`margin_loss`: Phi_rho (10.3) and its indicator bound (10.4).
MARGIN_LOSS_KINDS = ("phi", "indicator")

#: Largest number of Rademacher signs drawn at once (memory of one chunk).
_SIGN_CHUNK = 4_000_000

#: Largest number of sign vectors a Monte Carlo Rademacher estimate draws (the
#: docstrings use thousands; a million already takes seconds).
MAX_DRAWS = 1_000_000


def _as_margins(margins) -> np.ndarray:
    """Margins of any shape as one finite 1-D array.

    A margin loss is an average, so a bipartite (m, n) table may be flattened for
    :func:`margin_loss`; the *bounds* must not treat its mn entries as mn i.i.d. pairs
    (:func:`bipartite_margin_bound` is the bound for such a table).
    """
    arr = check_array(margins, "margins", ndim=tuple(range(1, 33)))
    return arr.ravel()


def _as_rho(rho, *, at_most_one: bool = False) -> tuple[np.ndarray, bool]:
    """rho > 0 as a 1-D array, and whether it was a scalar."""
    if not isinstance(rho, numbers.Number) and (
        isinstance(rho, (str, bytes))
        or (np.ndim(as_numpy(rho, "rho")) == 0 and not isinstance(rho, np.ndarray))
    ):
        raise TypeError(
            f"rho must be a positive number or a 1-D array of them, got {type(rho).__name__}"
        )
    if isinstance(rho, numbers.Number) or np.ndim(rho) == 0:
        values = np.array([check_real(rho, "rho")])
        scalar = True
    else:
        values = as_float_vector(rho, "rho")
        scalar = False
    if (values <= 0).any():
        raise ValueError(
            f"rho must be > 0 (the margin of the loss Phi_rho), got {values[values <= 0][0]:g}"
        )
    if at_most_one and (values > 1).any():
        raise ValueError(
            f"rho must lie in (0, 1] for the bound uniform over rho "
            f"(exercise 10.1), got {values[values > 1][0]:g}"
        )
    return values, scalar


def _positive_prefix(sorted_margins: np.ndarray) -> np.ndarray:
    """Prefix sums of max(u, 0) over the sorted margins, with a leading 0.

    Summing only the positive parts keeps the negative margins (which Phi_rho
    charges 1 whatever their value) out of the differences taken below: no
    cancellation, even for a tiny rho.
    """
    return np.concatenate(([0.0], np.cumsum(np.maximum(sorted_margins, 0.0))))


def _margin_loss_sorted(
    sorted_margins: np.ndarray, prefix: np.ndarray, rho: np.ndarray, kind: str
) -> np.ndarray:
    """(10.3) or (10.4) for every rho, from the sorted margins and their positive prefix sums."""
    m = sorted_margins.size
    if kind == "indicator":
        return np.searchsorted(sorted_margins, rho, side="right") / m
    # Phi_rho(u) = 1 for u <= 0, 1 - u / rho for 0 < u < rho, 0 for u >= rho
    nonpositive = np.searchsorted(sorted_margins, 0.0, side="right")
    below = np.searchsorted(sorted_margins, rho, side="left")
    inside = below - nonpositive
    partial = (prefix[below] - prefix[nonpositive]) / rho
    return (nonpositive + inside - partial) / m


def margin_loss(margins, rho, *, kind="phi"):
    """The empirical margin loss (10.3), or its indicator upper bound (10.4).

    With ``Phi_rho(u) = min(1, max(0, 1 - u / rho))`` (Mohri et al., definition
    5.5), the pairwise margin loss of a sample with margins
    ``u_i = y_i (h(x'_i) - h(x_i))`` is

        R_S,rho(h) = (1/m) sum_i Phi_rho(u_i)                           (10.3)
                  <= (1/m) sum_i 1[u_i <= rho]                          (10.4).

    Both are non-decreasing in rho; at rho -> 0+ the first tends to the share
    of pairs with ``u_i <= 0``, the empirical pairwise error (10.2).

    Parameters
    ----------
    margins : array_like
        The margins u_i, any shape (flattened), finite, at least one.
    rho : float or array_like of float
        rho > 0; an array gives one loss per value (computed from one sort,
        O((m + k) log m) for k values).
    kind : {"phi", "indicator"}, default "phi"
        (10.3) or (10.4).

    Returns
    -------
    float or ndarray
        A float for a scalar rho, else an array shaped like rho.

    Raises
    ------
    ValueError
        If a margin is not finite, there are none, rho <= 0, or kind is unknown.
    TypeError
        If margins or rho are not numbers.

    References
    ----------
    Mohri et al. (2018), eqs. (10.3)-(10.4) and definition 5.5.

    Examples
    --------
    Margins -0.5, 0.1, 0.4, 2 at rho = 0.5: Phi gives 1, 0.8, 0.2, 0.

    >>> margin_loss([-0.5, 0.1, 0.4, 2.0], 0.5)
    0.5
    >>> margin_loss([-0.5, 0.1, 0.4, 2.0], 0.5, kind="indicator")
    0.75
    >>> margin_loss([-0.5, 0.1, 0.4, 2.0], [0.1, 1.0, 3.0]).round(4)
    array([0.25  , 0.625 , 0.7917])
    """
    u = np.sort(_as_margins(margins))
    kind = check_choice(kind, "kind", MARGIN_LOSS_KINDS)
    rhos, scalar = _as_rho(rho)
    loss = _margin_loss_sorted(u, _positive_prefix(u), rhos, kind)
    return float(loss[0]) if scalar else loss


@dataclass(frozen=True, eq=False)
class RademacherEstimate:
    """A Monte Carlo estimate of an empirical Rademacher complexity, beside a closed-form bound.

    Attributes
    ----------
    estimate : float
        The average of ``sup_h (1/m) sum_i sigma_i h(z_i)`` over the draws of
        the signs sigma.
    half_width : float
        Half-width of a confidence interval of level ``confidence`` for the
        exact value, from McDiarmid's inequality over all the signs drawn (it
        holds for any number of draws, with no normal approximation).
    confidence : float
        Level of the interval.
    bound : float
        The closed-form upper bound on the exact value.
    m : int
        Sample size.
    n_draws : int
        Number of sign vectors drawn.
    """

    estimate: float
    half_width: float
    confidence: float
    bound: float
    m: int
    n_draws: int

    @property
    def low(self) -> float:
        """Lower end of the confidence interval."""
        return self.estimate - self.half_width

    @property
    def high(self) -> float:
        """Upper end of the confidence interval."""
        return self.estimate + self.half_width

    def __repr__(self) -> str:
        return (
            f"RademacherEstimate({self.estimate:.4g} ± {self.half_width:.2g} "
            f"({self.confidence:.0%}), closed-form bound {self.bound:.4g}; m={self.m}, "
            f"{self.n_draws} draws)"
        )


def _mcdiarmid_half_width(
    sup_values_sq_sum: float, m: int, n_draws: int, confidence: float
) -> float:
    """Half-width for the mean of n i.i.d. sups whose i-th sign moves them by <= 2 b_i / m.

    Changing one of the n m signs moves the average by at most 2 b_i / (m n), so
    McDiarmid gives P(|mean - E| >= t) <= 2 exp(-2 t^2 / sum c^2) with
    sum c^2 = 4 sum_i b_i^2 / (m^2 n).
    """
    return math.sqrt(2.0 * sup_values_sq_sum * math.log(2.0 / (1.0 - confidence)) / n_draws) / m


def _sign_chunks(gen: np.random.Generator, n_draws: int, m: int):
    rows = max(1, _SIGN_CHUNK // max(m, 1))
    for start in range(0, n_draws, rows):
        k = min(rows, n_draws - start)
        yield gen.integers(0, 2, size=(k, m)).astype(np.float64) * 2.0 - 1.0


def empirical_rademacher_linear(
    X, Lambda, n_draws=1000, rng=0, *, kernel="linear", sigma=1.0, confidence=0.95
):
    """Empirical Rademacher complexity of ``{x -> w . Phi(x) : ||w|| <= Lambda}`` on a sample.

    For this class the supremum has a closed form: by Cauchy-Schwarz,
    ``sup_{||w|| <= Lambda} (1/m) sum_i sigma_i w . Phi(x_i)`` equals
    ``(Lambda / m) ||sum_i sigma_i Phi(x_i)|| = (Lambda / m) sqrt(sigma' K sigma)``
    with K the kernel matrix, so the
    expectation over the signs is estimated by averaging this over
    ``n_draws`` sign vectors.  The closed-form bound (Mohri et al., theorem
    6.12, used in Corollary 10.2) follows from Jensen's inequality:

        R_S(H) <= (Lambda / m) sqrt(trace K) <= Lambda r / sqrt(m),

    with ``r^2 = max_i K(x_i, x_i)`` on the sample (r is a *radius*: the square
    root of the largest kernel value).

    Parameters
    ----------
    X : array_like of shape (m, d)
        The sample (S_1 or S_2 of section 10.2: one point of each pair).
    Lambda : float
        Radius of the weight ball, >= 0.
    n_draws : int, default 1000
        Sign vectors to average, between 1 and :data:`MAX_DRAWS` (10**6).
    rng : int or numpy.random.Generator, default 0
    kernel : {"linear", "gaussian"}, default "linear"
        ``Phi(x) = x``, or the Gaussian kernel ``exp(-||x - z||^2 / (2 sigma^2))``
        (for which r = 1).
    sigma : float, default 1.0
        Width of the Gaussian kernel.
    confidence : float, default 0.95
        Level of the reported interval, in (0, 1).

    Returns
    -------
    RademacherEstimate
        ``bound`` is ``Lambda r / sqrt(m)``.

    Raises
    ------
    ValueError, TypeError
        If X is not a finite 2-D array, ``Lambda < 0``, ``n_draws < 1``, the
        kernel is unknown, ``sigma <= 0`` or ``confidence`` is not in (0, 1).

    References
    ----------
    Mohri et al. (2018), Corollary 10.2 and theorem 6.12 (Rademacher complexity
    of kernel-based hypotheses).

    Examples
    --------
    Ten copies of the point 0.5 on a line: the exact value is
    ``0.5 E|sigma_1 + ... + sigma_10| / 10 = 0.5 * 2.4609 / 10 = 0.1230``.

    >>> est = empirical_rademacher_linear([[0.5]] * 10, Lambda=1.0, n_draws=20000, rng=1)
    >>> bool(est.low <= 0.1230 <= est.high), round(est.bound, 4)    # 0.5 / sqrt(10)
    (True, 0.1581)
    """
    X = as_feature_matrix(X, "X")
    Lambda = check_real(Lambda, "Lambda", nonnegative=True)
    n_draws = check_int(n_draws, "n_draws", minimum=1, maximum=MAX_DRAWS)
    gen = as_generator(rng)
    kernel, width = check_kernel(kernel, sigma)
    confidence = check_probability(confidence, "confidence", open_interval=True)
    m = X.shape[0]
    # sup_w (1/m) sum_i sigma_i w . x_i is homogeneous in X: for the linear kernel, points beyond
    # 1e100 are rescaled first so that no inner product overflows
    scale = 1.0
    if kernel == "linear":
        largest = float(np.abs(X).max())
        if largest > 1e100:
            scale, X = largest, X / largest
    K = gram(X, X, kernel, width)
    diagonal = np.clip(np.diag(K), 0.0, None)
    total = 0.0
    for signs in _sign_chunks(gen, n_draws, m):
        if kernel == "linear" and X.shape[1] < m:
            values = np.linalg.norm(signs @ X, axis=1)
        else:
            values = np.sqrt(np.clip(((signs @ K) * signs).sum(axis=1), 0.0, None))
        total += float(values.sum())
    with np.errstate(over="ignore"):
        estimate = Lambda * scale * total / (n_draws * m)
        half_width = (
            Lambda * scale * _mcdiarmid_half_width(float(diagonal.sum()), m, n_draws, confidence)
        )
        bound = Lambda * scale * math.sqrt(float(diagonal.max())) / math.sqrt(m)
    if not (math.isfinite(estimate) and math.isfinite(half_width) and math.isfinite(bound)):
        raise ValueError(
            f"Lambda * max ||x|| overflows float64 (Lambda = {Lambda:g}, X up to "
            f"{scale * math.sqrt(float(diagonal.max())):g}): rescale X or Lambda"
        )
    return RademacherEstimate(estimate, half_width, confidence, bound, m, n_draws)


def empirical_rademacher_stumps(X, n_draws=1000, rng=0, *, confidence=0.95):
    """Empirical Rademacher complexity of the threshold stumps, beside Massart's bound.

    The class H is RankBoost's base class of chapter 03 with every threshold
    allowed: ``1[x_k > theta]`` and ``1[x_k <= theta]`` for every feature k and
    every real theta (so it contains the constants 0 and 1).  For each sign
    vector the supremum over H is computed exactly (suffix sums of the signs
    along each sorted feature).  On m points, H takes at most ``2 d (m + 1)``
    distinct value vectors, each of Euclidean norm at most ``sqrt(m)``, so
    Massart's lemma (Mohri et al., theorem 3.7) gives

        R_S(H) <= sqrt(2 log(2 d (m + 1)) / m).

    By Lemma 7.4 the convex hull conv(H), where RankBoost's normalized
    ``f / ||alpha||_1`` lives, has the same empirical Rademacher complexity:
    that is why Corollary 10.4 does not depend on the number of rounds.

    Parameters
    ----------
    X : array_like of shape (m, d)
        The sample.
    n_draws : int, default 1000
        Sign vectors to average, between 1 and :data:`MAX_DRAWS` (10**6).
    rng : int or numpy.random.Generator, default 0
    confidence : float, default 0.95
        Level of the reported interval, in (0, 1).

    Returns
    -------
    RademacherEstimate
        ``bound`` is Massart's ``sqrt(2 log(2 d (m + 1)) / m)``.

    Raises
    ------
    ValueError, TypeError
        If X is not a finite 2-D array, ``n_draws < 1`` or ``confidence`` is
        not in (0, 1).

    References
    ----------
    Mohri et al. (2018), Corollary 10.4 and eq. (10.19), lemma 7.4 (convex
    hulls), theorem 3.7 (Massart's lemma).

    Examples
    --------
    >>> est = empirical_rademacher_stumps([[0.0], [1.0], [2.0], [3.0]], n_draws=4000, rng=0)
    >>> bool(est.estimate <= est.bound), round(est.bound, 4)    # sqrt(2 log 10 / 4)
    (True, 1.073)
    """
    X = as_feature_matrix(X, "X")
    n_draws = check_int(n_draws, "n_draws", minimum=1, maximum=MAX_DRAWS)
    gen = as_generator(rng)
    confidence = check_probability(confidence, "confidence", open_interval=True)
    m, d = X.shape
    search = StumpSearch(X)
    total = 0.0
    for signs in _sign_chunks(gen, n_draws, m):
        for row in signs:
            # the constants 0 and 1 are in H; every other stump is a split of some feature
            best = max(0.0, float(row.sum()))
            if search.size:
                best = max(best, float(search.edges(row).max()))
            total += best
    estimate = total / (n_draws * m)
    half_width = _mcdiarmid_half_width(float(m), m, n_draws, confidence)
    bound = math.sqrt(2.0 * math.log(2.0 * d * (m + 1)) / m)
    return RademacherEstimate(estimate, half_width, confidence, bound, m, n_draws)


@dataclass(frozen=True, eq=False)
class MarginBound:
    """The right-hand side of a pairwise margin bound, term by term.

    ``total = margin_loss + complexity + uniform_cost + confidence``.  Each
    field is a float, or an array with one entry per value of rho when the
    bound was computed for several.

    Attributes
    ----------
    equation : str
        Which bound: "10.5", "10.6", "10.7", or "10.5 uniform" / "10.7 uniform"
        (exercise 10.1).
    rho : float or ndarray
        The margin(s).
    delta : float
        The failure probability.
    m : int
        Number of pairs.
    margin_loss : float or ndarray
        The empirical margin loss (10.3) at rho.
    complexity : float or ndarray
        ``(2/rho)(R1 + R2)`` (``4/rho`` in the uniform version); for (10.7),
        ``4 Lambda r / (rho sqrt(m))``.
    uniform_cost : float or ndarray
        ``sqrt(log(log2(2/rho)) / m)`` in the uniform version, else 0.
    confidence : float
        ``sqrt(log(1/delta) / (2m))`` for (10.5) and (10.7),
        ``3 sqrt(log(2/delta) / (2m))`` for (10.6),
        ``sqrt(log(2/delta) / (2m))`` in the uniform version.
    """

    equation: str
    rho: float | np.ndarray
    delta: float
    m: int
    margin_loss: float | np.ndarray
    complexity: float | np.ndarray
    uniform_cost: float | np.ndarray
    confidence: float

    @property
    def total(self):
        """The bound on the pairwise error R(h): the sum of the four terms."""
        return self.margin_loss + self.complexity + self.uniform_cost + self.confidence

    def best(self) -> MarginBound:
        """The bound at the rho with the smallest total (itself for a single rho).

        Returns
        -------
        MarginBound
            With scalar fields.

        Examples
        --------
        >>> curve = ranking_margin_bound([0.1, 0.4, 0.8] * 100, [0.2, 0.5, 1.0], 0.05,
        ...                              Lambda=1.0, r=1.0)
        >>> round(curve.best().rho, 2), np.round(curve.total, 3)
        (0.5, array([1.392, 0.866, 0.868]))
        """
        if np.ndim(self.rho) == 0:
            return self
        i = int(np.argmin(self.total))
        return MarginBound(
            self.equation,
            float(self.rho[i]),
            self.delta,
            self.m,
            float(self.margin_loss[i]),
            float(self.complexity[i]),
            float(np.broadcast_to(self.uniform_cost, np.shape(self.rho))[i]),
            self.confidence,
        )

    def __repr__(self) -> str:
        if np.ndim(self.rho) == 0:
            extra = (
                f" + {self.uniform_cost:.4g} uniform" if self.equation.endswith("uniform") else ""
            )
            return (
                f"MarginBound(eq. {self.equation}, rho={self.rho:.4g}: "
                f"{self.margin_loss:.4g} margin loss + {self.complexity:.4g} complexity"
                f"{extra} + {self.confidence:.4g} confidence = {self.total:.4g}; "
                f"m={self.m}, delta={self.delta:.3g})"
            )
        best = self.best()
        return (
            f"MarginBound(eq. {self.equation} at {np.size(self.rho)} values of rho: "
            f"smallest {best.total:.4g} at rho={best.rho:.4g}; m={self.m}, "
            f"delta={self.delta:.3g})"
        )


def _check_complexity(
    Lambda, r, rademacher, empirical: bool, bipartite: bool = False
) -> tuple[float, str]:
    """The sum R1 + R2 (or its bound 2 Lambda r / sqrt(m), returned per unit sqrt(m)).

    With ``bipartite`` the messages speak of the two classes (lecture 04, section 12)
    instead of the two points of the pairs (eqs. 10.5-10.7).
    """
    if rademacher is None:
        if Lambda is None or r is None:
            if bipartite:
                raise ValueError(
                    "give either Lambda and r (kernel class) or rademacher=(R+, R-), "
                    "the complexities on k = min(m, n) points of each class"
                )
            raise ValueError(
                "give either Lambda and r (kernel class, eq. 10.7) or "
                "rademacher=(R1, R2) (eqs. 10.5 / 10.6)"
            )
        if empirical:
            raise ValueError(
                "empirical=True needs the empirical complexities "
                "rademacher=(R_S1, R_S2) (eq. 10.6), not Lambda and r"
            )
        Lambda = check_real(Lambda, "Lambda", nonnegative=True)
        r = check_real(r, "r", nonnegative=True)
        return Lambda * r, "10.7"
    if Lambda is not None or r is not None:
        raise ValueError("give either Lambda and r or rademacher, not both")
    if isinstance(rademacher, (str, bytes)) or np.ndim(rademacher) != 1 or len(rademacher) != 2:
        if bipartite:
            raise ValueError(
                f"rademacher must be a pair (R+, R-) of the complexities on "
                f"k = min(m, n) points of each class, got {rademacher!r}"
            )
        raise ValueError(
            f"rademacher must be a pair (R1, R2) of the complexities on the "
            f"first and the second points of the pairs, got {rademacher!r}"
        )
    first = check_real(rademacher[0], "rademacher[0]", nonnegative=True)
    second = check_real(rademacher[1], "rademacher[1]", nonnegative=True)
    return first + second, "10.6" if empirical else "10.5"


def ranking_margin_bound(
    margins, rho, delta, *, Lambda=None, r=None, rademacher=None, empirical=False, uniform=False
):
    """The margin bounds of Theorem 10.1 and Corollary 10.2, term by term.

    With probability at least 1 - delta over a sample of m pairs, for every h
    of the class (Mohri et al., section 10.2):

    * (10.5) ``R(h) <= R_S,rho(h) + (2/rho)(R_m^D1(H) + R_m^D2(H)) + sqrt(log(1/delta) / (2m))``
      with the Rademacher complexities of H under the marginals of the first
      and second points (``rademacher=(R1, R2)``);
    * (10.6) the same with the *empirical* complexities on S1 and S2 and
      ``3 sqrt(log(2/delta) / (2m))`` (``empirical=True``);
    * (10.7) for ``H = {x -> w . Phi(x) : ||w|| <= Lambda}`` with
      ``r^2 = sup_x K(x, x)``: the complexity term is
      ``4 Lambda r / (rho sqrt(m))`` (``Lambda=..., r=...``).

    ``uniform=True`` gives the version that holds for all rho in (0, 1] at
    once (exercise 10.1; derived in the lecture note): complexity ``(4/rho)(R1 + R2)``,
    plus ``sqrt(log(log2(2/rho)) / m)``, with confidence
    ``sqrt(log(2/delta) / (2m))``.  Only the uniform version may be applied at
    a rho chosen after seeing the sample (the rho minimizing the bound, say).

    Parameters
    ----------
    margins : array_like
        The margins ``y_i (h(x'_i) - h(x_i))`` of h on the m training pairs,
        any shape (flattened), each entry one of m pairs drawn i.i.d.  For (10.7)
        they must be those of an h with ``||w|| <= Lambda``.  The mn cross pairs of
        a bipartite sample are not i.i.d. (each point is in many of them): for an
        (m, n) table of bipartite margins use :func:`bipartite_margin_bound`.
    rho : float or array_like of float
        rho > 0 (in (0, 1] when ``uniform``); an array gives the bound for
        every value.
    delta : float
        Failure probability, in (0, 1).
    Lambda, r : float, optional
        Radius of the weight ball and of the data, both >= 0 (eq. 10.7).
    rademacher : (float, float), optional
        The two Rademacher complexities, >= 0 (eqs. 10.5, 10.6).
    empirical : bool, default False
        The complexities are empirical ones: use (10.6).
    uniform : bool, default False
        The bound uniform over rho in (0, 1] (exercise 10.1); not available
        with ``empirical``.

    Returns
    -------
    MarginBound

    Raises
    ------
    ValueError
        If rho <= 0 (or > 1 when uniform), delta is not in (0, 1), Lambda, r or
        a complexity is negative, both or neither of the two complexity
        sources are given, or ``empirical`` is combined with ``uniform`` or
        with Lambda and r.
    TypeError
        If an argument is not a number.

    References
    ----------
    Mohri et al. (2018), Theorem 10.1, Corollary 10.2, eqs. (10.5)-(10.7),
    Corollary 10.4 (eq. 10.19), exercise 10.1, theorem 5.9.

    Examples
    --------
    Hand-checkable: 100 pairs with margins 1 (loss 0 at rho = 1), Lambda = r = 1,
    delta = e^-2: complexity 4 / 10 = 0.4, confidence sqrt(2 / 200) = 0.1.

    >>> bound = ranking_margin_bound([1.0] * 100, 1.0, math.exp(-2), Lambda=1.0, r=1.0)
    >>> bound.equation, bound.margin_loss, bound.complexity, round(bound.confidence, 12)
    ('10.7', 0.0, 0.4, 0.1)
    >>> round(bound.total, 12)
    0.5
    >>> ranking_margin_bound([1.0] * 100, 0.5, 0.05, rademacher=(0.1, 0.1)).complexity
    0.8
    """
    u = _as_margins(margins)
    delta = check_probability(delta, "delta", open_interval=True)
    empirical, uniform = check_bool(empirical, "empirical"), check_bool(uniform, "uniform")
    if empirical and uniform:
        raise ValueError(
            "uniform=True is available for (10.5) and (10.7), not for the "
            "empirical-complexity bound (10.6)"
        )
    rhos, scalar = _as_rho(rho, at_most_one=uniform)
    level, equation = _check_complexity(Lambda, r, rademacher, empirical)
    m = u.size
    if equation == "10.7":
        level = 2.0 * level / math.sqrt(m)  # R1 + R2 <= 2 Lambda r / sqrt(m)
    sorted_u = np.sort(u)
    loss = _margin_loss_sorted(sorted_u, _positive_prefix(sorted_u), rhos, "phi")
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):  # checked below
        if uniform:
            complexity = 4.0 * level / rhos
            extra = np.sqrt(np.log(np.log2(2.0 / rhos)) / m)
            confidence = math.sqrt(math.log(2.0 / delta) / (2.0 * m))
            equation += " uniform"
        else:
            complexity = 2.0 * level / rhos
            extra = np.zeros_like(rhos)
            confidence = (
                3.0 * math.sqrt(math.log(2.0 / delta) / (2.0 * m))
                if empirical
                else math.sqrt(math.log(1.0 / delta) / (2.0 * m))
            )
    if not (
        np.isfinite(complexity).all() and np.isfinite(extra).all() and math.isfinite(confidence)
    ):
        raise ValueError(
            "the bound is not finite: rho is too small or Lambda * r, rademacher "
            "or 1 / delta too large for float64"
        )
    if scalar:
        return MarginBound(
            equation,
            float(rhos[0]),
            delta,
            m,
            float(loss[0]),
            float(complexity[0]),
            float(extra[0]),
            confidence,
        )
    return MarginBound(equation, rhos, delta, m, loss, complexity, extra, confidence)


# --------------------------------------------------------------------------- #
# chapter 04, section 12: a two-sample margin bound for bipartite ranking
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class BipartiteMarginBound:
    """The right-hand side of the two-sample margin bound, term by term.

    ``total = margin_loss + complexity + confidence``.

    Attributes
    ----------
    rho : float
        The margin.
    delta : float
        The failure probability.
    m, n : int
        Numbers of positives and of negatives.
    margin_loss : float
        The empirical margin loss over the ``m n`` cross pairs.
    complexity : float
        ``(2/rho)(R+ + R-)``, the complexities of H on ``k = min(m, n)`` points of
        each class; for the kernel class ``4 Lambda r / (rho sqrt(k))``.
    confidence : float
        ``sqrt(log(1/delta) (1/m + 1/n) / 2)``.
    """

    rho: float
    delta: float
    m: int
    n: int
    margin_loss: float
    complexity: float
    confidence: float

    @property
    def total(self) -> float:
        """The bound on the bipartite pairwise error: the sum of the three terms."""
        return self.margin_loss + self.complexity + self.confidence

    def __repr__(self) -> str:
        return (
            f"BipartiteMarginBound(rho={self.rho:.4g}: {self.margin_loss:.4g} margin loss + "
            f"{self.complexity:.4g} complexity + {self.confidence:.4g} confidence = "
            f"{self.total:.4g}; m={self.m} positives, n={self.n} negatives, "
            f"delta={self.delta:.3g})"
        )


def bipartite_margin_bound(margins, rho, delta, *, Lambda=None, r=None, rademacher=None):
    """A margin bound for m positives and n negatives drawn i.i.d. from their class laws.

    The sample is ``x_1, ..., x_m`` drawn i.i.d. from the positives' law and
    ``x'_1, ..., x'_n`` from the negatives' law, all independent; the margins are the
    ``m n`` cross-pair values ``h(x_i) - h(x'_j)`` and the error is
    ``R(h) = P(h(x) - h(x') <= 0)`` for a fresh positive x and negative x'.  With
    probability at least 1 - delta, for every h of the class (lecture 04, section 12):

        R(h) <= (1/(mn)) sum_ij Phi_rho(h(x_i) - h(x'_j))
                + (2/rho) (R_k^+(H) + R_k^-(H))
                + sqrt(log(1/delta) (1/m + 1/n) / 2),

    with ``k = min(m, n)`` and ``R_k^+``, ``R_k^-`` the Rademacher complexities of H
    on k points drawn from each class law.  The margin loss is a two-sample
    U-statistic: replacing one positive moves it by at most 1/m and one negative by
    at most 1/n (McDiarmid gives the confidence term), and Hoeffding's average over
    matchings of k positives with k distinct negatives reduces its expected
    deviation to that of k i.i.d. pairs (Theorem 10.1's argument gives the
    complexity term).  For ``H = {x -> w . Phi(x) : ||w|| <= Lambda}`` with
    ``||Phi(x)|| <= r`` each complexity is at most ``Lambda r / sqrt(k)``.

    Treating the ``mn`` cross pairs as ``mn`` i.i.d. pairs (``ranking_margin_bound``
    on the flattened table) is *not* a bound: it divides the complexity term by
    ``sqrt(max(m, n))`` and the confidence term by ``sqrt(m + n)``.

    Parameters
    ----------
    margins : array_like of shape (m, n)
        ``margins[i, j] = h(x_i) - h(x'_j)``, positive i, negative j; finite.
    rho : float
        rho > 0.
    delta : float
        Failure probability, in (0, 1).
    Lambda, r : float, optional
        Radius of the weight ball and of the data, both >= 0 (kernel class).
    rademacher : (float, float), optional
        ``(R+, R-)``: the complexities of H on k = min(m, n) points of each class
        law, >= 0 (0 for a class of one function fixed before the sample).

    Returns
    -------
    BipartiteMarginBound

    Raises
    ------
    ValueError
        If margins is not a non-empty finite 2-D table, rho <= 0, delta is not in
        (0, 1), Lambda, r or a complexity is negative, or both or neither of the two
        complexity sources are given.
    TypeError
        If an argument is not a number.

    References
    ----------
    Mohri et al. (2018), Theorem 10.1 (the complexity argument for i.i.d. pairs);
    Hoeffding (1963), section 5 (two-sample U-statistics as averages of sums of
    independent terms); McDiarmid (1989); S. Agarwal, T. Graepel, R. Herbrich,
    S. Har-Peled, D. Roth, "Generalization bounds for the area under the ROC curve",
    JMLR 6 (2005) (the deviation of the AUC of a fixed scorer with m positives and
    n negatives).

    Examples
    --------
    Four positives scored 1 and four negatives scored 0, Lambda = r = 1, delta = e^-2:
    margin loss 0 at rho = 1, complexity 4 / sqrt(4) = 2, confidence sqrt(2 (1/4 + 1/4) / 2).

    >>> bound = bipartite_margin_bound(np.ones((4, 4)), 1.0, math.exp(-2), Lambda=1.0, r=1.0)
    >>> bound.margin_loss, bound.complexity, round(bound.confidence, 12)
    (0.0, 2.0, 0.707106781187)
    >>> bipartite_margin_bound(np.ones((4, 4)), 1.0, 0.05, rademacher=(0.0, 0.0)).complexity
    0.0
    """
    table = check_array(margins, "margins", ndim=2)
    rho = check_real(rho, "rho")
    if rho <= 0:
        raise ValueError(f"rho must be > 0 (the margin of the loss Phi_rho), got {rho:g}")
    delta = check_probability(delta, "delta", open_interval=True)
    m, n = table.shape
    k = min(m, n)
    level, equation = _check_complexity(Lambda, r, rademacher, False, bipartite=True)
    if equation == "10.7":
        level = 2.0 * level / math.sqrt(k)  # R+ + R- <= 2 Lambda r / sqrt(k)
    sorted_u = np.sort(table.ravel())
    loss = float(
        _margin_loss_sorted(sorted_u, _positive_prefix(sorted_u), np.array([rho]), "phi")[0]
    )
    with np.errstate(over="ignore", divide="ignore"):
        complexity = 2.0 * level / rho
        confidence = math.sqrt(math.log(1.0 / delta) * (1.0 / m + 1.0 / n) / 2.0)
    if not (math.isfinite(complexity) and math.isfinite(confidence)):
        raise ValueError(
            "the bound is not finite: rho is too small or Lambda * r, rademacher "
            "or 1 / delta too large for float64"
        )
    return BipartiteMarginBound(rho, delta, m, n, loss, complexity, confidence)
