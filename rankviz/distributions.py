"""Score distributions with exact ROC curves, for checking the sampled ones.

The binormal model is the standard population model of a scoring function in
bipartite ranking: scores of positives are ``N(mu_pos, sigma_pos^2)``, scores of
negatives ``N(mu_neg, sigma_neg^2)``.  Its ROC curve and AUC have closed forms,
so every empirical quantity in :mod:`rankviz.metrics` can be compared with the
population value it estimates.

References
----------
Mohri et al. (2018), section 10.5 (the bipartite setting with class
distributions D+ and D-); Hanley and McNeil (1982) and Pepe (2003, ch. 4) for
the binormal ROC model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.special import ndtr, ndtri

from rankviz._validation import (
    as_float_vector,
    as_generator,
    check_array,
    check_bool,
    check_int,
    check_probability,
    check_real,
    is_bool,
)

__all__ = ["MAX_SAMPLE", "SCALE_LIMIT", "Binormal"]

#: Largest sample :meth:`Binormal.sample` and :meth:`Binormal.sample_classes` draw
#: (a few float arrays of this length: about 300 MB).
MAX_SAMPLE = 10**7

#: Means must lie in ``[-SCALE_LIMIT, SCALE_LIMIT]`` and standard deviations in
#: ``[1 / SCALE_LIMIT, SCALE_LIMIT]``, so that scores, densities and ROC points stay finite.
SCALE_LIMIT = 1e100

_SQRT_2PI = float(np.sqrt(2.0 * np.pi))


@dataclass(frozen=True)
class Binormal:
    """Binormal score model of a bipartite ranking problem.

    A point is positive with probability ``prevalence``; its score is drawn
    from ``N(mu_pos, sigma_pos^2)`` if positive and ``N(mu_neg, sigma_neg^2)``
    otherwise.  A threshold rule predicts "positive" when the score is at least
    the threshold.

    Parameters
    ----------
    mu_pos, sigma_pos : float
        Mean and standard deviation (> 0) of the positive scores.
    mu_neg, sigma_neg : float
        Mean and standard deviation (> 0) of the negative scores.  Means lie in
        ``[-SCALE_LIMIT, SCALE_LIMIT]``, standard deviations in
        ``[1 / SCALE_LIMIT, SCALE_LIMIT]`` (``SCALE_LIMIT = 1e100``).
    prevalence : float, default 0.5
        Probability of the positive class, strictly between 0 and 1.  It
        changes precision but neither the ROC curve nor the AUC.

    Raises
    ------
    ValueError
        If a parameter is not finite or outside its range above, or ``prevalence``
        is not in (0, 1).
    TypeError
        If a parameter is not a real number.

    References
    ----------
    Mohri et al. (2018), eq. (10.20) for the population misranking that
    ``1 - auc()`` equals.

    Examples
    --------
    >>> model = Binormal(mu_pos=1.0, sigma_pos=1.0, mu_neg=0.0, sigma_neg=1.0)
    >>> round(model.auc(), 4)
    0.7602
    >>> model.roc([0.0, 0.5, 1.0]).round(4)
    array([0.    , 0.8413, 1.    ])
    """

    mu_pos: float
    sigma_pos: float
    mu_neg: float
    sigma_neg: float
    prevalence: float = 0.5

    def __post_init__(self) -> None:
        # frozen dataclass: store the validated floats through object.__setattr__
        for name in ("mu_pos", "mu_neg"):
            object.__setattr__(
                self,
                name,
                check_real(getattr(self, name), name, minimum=-SCALE_LIMIT, maximum=SCALE_LIMIT),
            )
        for name in ("sigma_pos", "sigma_neg"):
            object.__setattr__(
                self,
                name,
                check_real(
                    getattr(self, name),
                    name,
                    positive=True,
                    minimum=1 / SCALE_LIMIT,
                    maximum=SCALE_LIMIT,
                ),
            )
        object.__setattr__(
            self,
            "prevalence",
            check_probability(self.prevalence, "prevalence", open_interval=True),
        )

    # -- population quantities ------------------------------------------------
    def auc(self) -> float:
        """Exact AUC: ``P(score of a positive > score of a negative)``.

        Returns
        -------
        float
            ``Phi((mu_pos - mu_neg) / sqrt(sigma_pos^2 + sigma_neg^2))``, because
            the difference of the two scores is normal with that mean and variance.

        Examples
        --------
        >>> Binormal(0.0, 1.0, 0.0, 2.0).auc()
        0.5
        """
        scale = np.hypot(self.sigma_pos, self.sigma_neg)
        return float(ndtr((self.mu_pos - self.mu_neg) / scale))

    def rates(self, threshold):
        """Exact (false, true) positive rates of the rule ``score >= threshold``.

        Parameters
        ----------
        threshold : float or array_like of float
            One threshold or a 1-D array of them (finite).

        Returns
        -------
        fpr, tpr : float or ndarray
            ``1 - Phi((t - mu_neg) / sigma_neg)`` and ``1 - Phi((t - mu_pos) / sigma_pos)``.

        Raises
        ------
        ValueError, TypeError
            If a threshold is not finite real.

        Examples
        --------
        >>> fpr, tpr = Binormal(1.0, 1.0, 0.0, 1.0).rates(1.0)
        >>> round(fpr, 4), round(tpr, 4)
        (0.1587, 0.5)
        """
        if is_bool(threshold):
            raise TypeError("threshold must be a real number or a 1-D array of them, got bool")
        t = check_array(threshold, "threshold", ndim=(0, 1))
        scalar = t.ndim == 0
        t = np.atleast_1d(t)
        fpr = ndtr((self.mu_neg - t) / self.sigma_neg)
        tpr = ndtr((self.mu_pos - t) / self.sigma_pos)
        if scalar:
            return float(fpr[0]), float(tpr[0])
        return fpr, tpr

    def precision_at(self, threshold):
        """Exact precision of the rule ``score >= threshold`` under this model.

        Parameters
        ----------
        threshold : float or array_like of float
            One threshold or a 1-D array of them.

        Returns
        -------
        float or ndarray
            ``pi tpr / (pi tpr + (1 - pi) fpr)`` with ``pi = prevalence``.

        Raises
        ------
        ValueError, TypeError
            If a threshold is not a finite real, or is so high that the rule
            predicts nothing positive (``tpr = fpr = 0`` in floating point), where
            precision is 0 / 0 and undefined.

        Examples
        --------
        >>> round(Binormal(1.0, 1.0, 0.0, 1.0, prevalence=0.5).precision_at(1.0), 4)
        0.7591
        """
        fpr, tpr = self.rates(threshold)
        pi = self.prevalence
        predicted = pi * np.asarray(tpr) + (1.0 - pi) * np.asarray(fpr)
        if np.any(predicted == 0):
            high = np.atleast_1d(threshold)[np.atleast_1d(predicted) == 0][0]
            raise ValueError(
                f"threshold {float(high):g} predicts nothing positive under this "
                f"model (tpr = fpr = 0 in floating point): precision is undefined"
            )
        precision = pi * np.asarray(tpr) / predicted
        return float(precision) if np.ndim(threshold) == 0 else precision

    def classification_error(self, threshold):
        """Exact error of the classifier ``score >= threshold`` under this model.

        Parameters
        ----------
        threshold : float or array_like of float
            One threshold or a 1-D array of them (finite).

        Returns
        -------
        float or ndarray
            ``pi (1 - tpr) + (1 - pi) fpr`` with ``pi = prevalence``.

        Raises
        ------
        ValueError, TypeError
            If a threshold is not a finite real.

        Examples
        --------
        >>> round(Binormal(1.0, 1.0, 0.0, 1.0, prevalence=0.5).classification_error(0.5), 4)
        0.3085
        """
        fpr, tpr = self.rates(threshold)
        pi = self.prevalence
        error = pi * (1.0 - np.asarray(tpr)) + (1.0 - pi) * np.asarray(fpr)
        return float(error) if np.ndim(error) == 0 else error

    def best_threshold(self):
        """The threshold whose classifier ``score >= threshold`` errs least, and its error.

        The error ``pi (1 - tpr(t)) + (1 - pi) fpr(t)`` is stationary where the two
        weighted densities meet, ``pi f_+(t) = (1 - pi) f_-(t)``; taking logarithms,
        that is a quadratic equation in ``t`` (linear when the spreads are equal).
        The best threshold is the best of its real roots and of the two limits:
        ``t = +inf`` (predict nothing positive, error ``pi``) and ``t = -inf``
        (predict everything positive, error ``1 - pi``).

        Returns
        -------
        threshold : float
            The best threshold (``inf`` or ``-inf`` when no finite one errs less than
            a constant classifier).
        error : float
            Its classification error, the Bayes error of the model.

        References
        ----------
        Mohri et al. (2018), exercise 10.7 (a classifier from a scorer by a threshold).

        Examples
        --------
        With equal spreads and prevalence 1/2 the best threshold is the midpoint of the means:

        >>> theta, error = Binormal(1.0, 1.0, 0.0, 1.0, prevalence=0.5).best_threshold()
        >>> round(theta, 6), round(error, 4)
        (0.5, 0.3085)
        """
        pi = self.prevalence
        inv_pos, inv_neg = 1.0 / self.sigma_pos**2, 1.0 / self.sigma_neg**2
        with np.errstate(all="ignore"):
            a = (inv_neg - inv_pos) / 2.0
            b = self.mu_pos * inv_pos - self.mu_neg * inv_neg
            c = (self.mu_neg**2 * inv_neg - self.mu_pos**2 * inv_pos) / 2.0 + np.log(
                pi * self.sigma_neg / ((1.0 - pi) * self.sigma_pos)
            )
            if a == 0.0:
                roots = np.array([-c / b]) if b != 0.0 else np.array([])
            else:
                disc = b * b - 4.0 * a * c
                roots = (
                    np.array([(-b - np.sqrt(disc)) / (2 * a), (-b + np.sqrt(disc)) / (2 * a)])
                    if disc >= 0
                    else np.array([])
                )
        roots = roots[np.isfinite(roots)]
        candidates = [(math.inf, pi), (-math.inf, 1.0 - pi)]
        candidates += [
            (float(t), float(e))
            for t, e in zip(roots, np.atleast_1d(self.classification_error(roots)), strict=True)
        ]
        return min(candidates, key=lambda te: te[1])

    def roc(self, fpr_grid):
        """Exact ROC curve: the true positive rate at each false positive rate.

        Parameters
        ----------
        fpr_grid : array_like of shape (K,)
            False positive rates in [0, 1].

        Returns
        -------
        ndarray of shape (K,)
            ``Phi((mu_pos - mu_neg + sigma_neg * Phi^{-1}(fpr)) / sigma_pos)``.

        Raises
        ------
        ValueError
            If ``fpr_grid`` is empty, not 1-D, or has values outside [0, 1].

        Examples
        --------
        >>> Binormal(0.0, 1.0, 0.0, 1.0).roc([0.25, 0.5])   # chance line
        array([0.25, 0.5 ])
        """
        fpr = self._rate_grid(fpr_grid, "fpr_grid")
        return ndtr((self.mu_pos - self.mu_neg + self.sigma_neg * ndtri(fpr)) / self.sigma_pos)

    def precision_recall(self, fpr_grid):
        """Exact precision-recall curve, traced along the same thresholds as :meth:`roc`.

        Parameters
        ----------
        fpr_grid : array_like of shape (K,)
            False positive rates in (0, 1] that parametrise the thresholds.

        Returns
        -------
        recall, precision : ndarray of shape (K,)
            ``recall = tpr`` and ``precision = pi tpr / (pi tpr + (1 - pi) fpr)``
            with ``pi = prevalence``: the only curve here that moves with ``pi``.

        Raises
        ------
        ValueError
            If ``fpr_grid`` has values outside (0, 1].

        Examples
        --------
        >>> rec, prec = Binormal(1.0, 1.0, 0.0, 1.0, prevalence=0.5).precision_recall([1.0])
        >>> rec, prec
        (array([1.]), array([0.5]))
        """
        fpr = self._rate_grid(fpr_grid, "fpr_grid")
        if np.any(fpr == 0):
            raise ValueError("fpr_grid must be > 0: precision is 0/0 where fpr = 0")
        tpr = self.roc(fpr)
        pi = self.prevalence
        return tpr, pi * tpr / (pi * tpr + (1.0 - pi) * fpr)

    def pdf_pos(self, x):
        """Density of the positive scores at ``x`` (1-D array_like of finite reals)."""
        x = as_float_vector(x, "x")
        with np.errstate(over="ignore"):  # far out, z**2 overflows and the density is 0
            z = (x - self.mu_pos) / self.sigma_pos
            return np.exp(-0.5 * z**2) / (self.sigma_pos * _SQRT_2PI)

    def pdf_neg(self, x):
        """Density of the negative scores at ``x`` (1-D array_like of finite reals)."""
        x = as_float_vector(x, "x")
        with np.errstate(over="ignore"):  # far out, z**2 overflows and the density is 0
            z = (x - self.mu_neg) / self.sigma_neg
            return np.exp(-0.5 * z**2) / (self.sigma_neg * _SQRT_2PI)

    # -- sampling -------------------------------------------------------------
    def sample(self, n, rng, *, stratified=False):
        """Draw a labelled sample of ``n`` points.

        Parameters
        ----------
        n : int
            Sample size, ``2 <= n <= MAX_SAMPLE``.
        rng : int or numpy.random.Generator
            Seed or generator; the only source of randomness.
        stratified : bool, default False
            If False, each label is an independent Bernoulli(prevalence) draw,
            so a small sample may miss a class.  If True, exactly
            ``round(prevalence * n)`` points are positive, clipped to
            ``[1, n - 1]`` so that both classes are present (what a dashboard
            needs to always have an AUC to show).

        Returns
        -------
        y_true : ndarray of int, shape (n,)
            Labels in {0, 1}.
        y_score : ndarray of float, shape (n,)
            Scores.

        Raises
        ------
        ValueError, TypeError
            If ``n`` is not an integer in ``[2, MAX_SAMPLE]``, ``rng`` is not a seed or
            Generator, or ``stratified`` is not a bool.

        Examples
        --------
        >>> y, s = Binormal(1.0, 1.0, 0.0, 1.0, 0.2).sample(10, rng=0, stratified=True)
        >>> int(y.sum())
        2
        """
        n = check_int(n, "n", minimum=2, maximum=MAX_SAMPLE)
        gen = as_generator(rng)
        stratified = check_bool(stratified, "stratified")
        if stratified:
            n_pos = min(max(round(self.prevalence * n), 1), n - 1)
            y = np.zeros(n, dtype=int)
            y[gen.permutation(n)[:n_pos]] = 1
        else:
            y = (gen.random(n) < self.prevalence).astype(int)
        z = gen.standard_normal(n)
        score = np.where(y == 1, self.mu_pos + self.sigma_pos * z, self.mu_neg + self.sigma_neg * z)
        return y, score

    def sample_classes(self, m, n, rng):
        """Draw the two samples of Mohri et al.'s bipartite setting.

        Parameters
        ----------
        m, n : int
            Numbers of positive and negative points, each in ``[1, MAX_SAMPLE]``.
        rng : int or numpy.random.Generator
            Seed or generator.

        Returns
        -------
        pos_scores : ndarray of shape (m,)
            Scores of ``S+``, i.i.d. from the positive class.
        neg_scores : ndarray of shape (n,)
            Scores of ``S-``, i.i.d. from the negative class.

        Raises
        ------
        ValueError, TypeError
            If ``m`` or ``n`` is not an integer in ``[1, MAX_SAMPLE]``, or ``rng`` is not
            a seed or Generator.

        Examples
        --------
        >>> pos, neg = Binormal(1.0, 1.0, 0.0, 1.0).sample_classes(3, 2, rng=1)
        >>> pos.shape, neg.shape
        ((3,), (2,))
        """
        m = check_int(m, "m", minimum=1, maximum=MAX_SAMPLE)
        n = check_int(n, "n", minimum=1, maximum=MAX_SAMPLE)
        gen = as_generator(rng)
        pos = self.mu_pos + self.sigma_pos * gen.standard_normal(m)
        neg = self.mu_neg + self.sigma_neg * gen.standard_normal(n)
        return pos, neg

    @staticmethod
    def _rate_grid(values, name: str) -> np.ndarray:
        grid = as_float_vector(values, name)
        if np.any((grid < 0) | (grid > 1)):
            raise ValueError(f"{name} must lie in [0, 1]")
        return grid
