"""Generalization and deviation bounds for ranking.

References
----------
Mohri et al. (2018), chapter 10 (seed ``004_e87a518ae3e4601f.txt``), exercise 10.9;
W. Hoeffding, "Probability inequalities for sums of bounded random variables",
JASA 58 (1963), section 5 (U-statistics); C. McDiarmid, "On the method of
bounded differences" (1989).
"""

from __future__ import annotations

import math

from rankviz._validation import check_choice, check_int, check_probability

__all__ = ["AUC_DEVIATION_METHODS", "auc_deviation_bound"]

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
    log_term = math.log(2.0 / delta)
    if method == "hoeffding":
        return math.sqrt(log_term / (2.0 * min(m, n)))
    return math.sqrt((1.0 / m + 1.0 / n) * log_term / 2.0)
