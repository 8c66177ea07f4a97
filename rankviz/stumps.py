"""Threshold stumps, RankBoost's base rankers, and the exact search over all of them.

Mohri et al. (2018), section 10.4, run RankBoost over a finite set of base
rankers with values in {0, 1}.  rankviz uses *threshold stumps*, as the
reference implementations of RankBoost do:

    h(x) = 1[x_k > theta]   (polarity +1)   or   h(x) = 1[x_k <= theta]   (polarity -1)

for every feature k and every candidate threshold theta: one threshold between
each pair of consecutive distinct training values of the feature, at their
midpoint.  Both polarities are in the set, so the best stump always has a
non-negative edge (a stump and its complement have opposite pairwise effects)
and every alpha_t >= 0.

The exact search
----------------
A boosting round minimizes eps^- - eps^+ = -(eps^+ - eps^-) *exactly* over the
whole stump set.  The edge of a stump is a sum of per-point "potentials"
(Freund et al., 2003, section 3.3): with pi(x) the signed weight of the pairs in
which x is preferred minus that of the pairs in which it is not,
eps^+ - eps^- = sum over {x : h(x) = 1} of pi(x).  Sorting each feature once,
the edges of all thresholds of all features are suffix sums of pi in that
order: one gather and one cumulative sum per round, O(d N) for N points
(:class:`StumpSearch`).  The same search gives the supremum over the stumps of
a Rademacher average (:func:`rankviz.bounds.empirical_rademacher_stumps`).

*Ties between stumps.*  Candidates are ordered canonically: by feature, then
threshold (increasing), then polarity (+1 before -1); AdaBoost's constant
hypothesis comes first of all.  A search takes the first candidate whose edge
is within :data:`TIE_TOLERANCE` (1e-10, on edges that lie in [-1, 1]) of the
best edge.  The tolerance makes the choice independent of rounding, so that
two implementations that add the same numbers in different orders choose the
same stump.

Public names
------------
:class:`Stump`, :func:`stump_candidates`, :func:`stump_values`, :class:`StumpSearch`,
:data:`TIE_TOLERANCE`.

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, section 10.4 (seed ``004_e87a518ae3e4601f.txt``).
Y. Freund, R. Iyer, R. E. Schapire, Y. Singer, "An efficient boosting algorithm
for combining preferences", JMLR 4, 2003, section 3.3.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

import numpy as np

from rankviz._validation import as_feature_matrix, check_array, check_bool, check_int, is_bool

__all__ = [
    "TIE_TOLERANCE",
    "Stump",
    "StumpSearch",
    "stump_candidates",
    "stump_values",
]

#: Two candidate stumps whose edges eps^+ - eps^- differ by less than this are
#: tied; the first in the canonical order wins.  Two points whose scores differ by
#: less than this times 1 + ||alpha||_1 are tied (see :mod:`rankviz.rankboost`).
TIE_TOLERANCE = 1e-10


@dataclass(frozen=True)
class Stump:
    """A threshold stump, the base ranker: ``1[x_k > theta]`` or ``1[x_k <= theta]``.

    Parameters
    ----------
    feature : int
        Column ``k`` of the feature matrix.
    threshold : float
        ``theta``; ``-inf`` with polarity +1 is the constant hypothesis 1.
    polarity : {+1, -1}, default +1
        +1 for ``1[x_k > theta]``, -1 for its complement ``1[x_k <= theta]``.

    Raises
    ------
    TypeError, ValueError
        If ``feature`` is not a non-negative integer, ``threshold`` is NaN or
        ``+inf``, or ``polarity`` is not +1 or -1.

    References
    ----------
    Freund et al. (2003), section 3.3 (threshold weak rankers).

    Examples
    --------
    >>> h = Stump(feature=1, threshold=0.5)
    >>> h
    Stump(1[x1 > 0.5])
    >>> h([[0.0, 0.2], [0.0, 0.9]])
    array([0., 1.])
    >>> Stump(0, -np.inf).is_constant
    True
    """

    feature: int
    threshold: float
    polarity: int = 1

    def __post_init__(self):
        feature = check_int(self.feature, "feature", minimum=0)
        if is_bool(self.threshold) or not isinstance(self.threshold, numbers.Real):
            raise TypeError(
                f"threshold must be a real number or -inf, got {type(self.threshold).__name__}"
            )
        threshold = float(self.threshold)
        if math.isnan(threshold) or threshold == math.inf:
            raise ValueError(f"threshold must be a number or -inf, got {self.threshold!r}")
        polarity = check_int(self.polarity, "polarity")
        if polarity not in (1, -1):
            raise ValueError(f"polarity must be +1 or -1, got {self.polarity!r}")
        object.__setattr__(self, "feature", feature)
        object.__setattr__(self, "threshold", threshold)
        object.__setattr__(self, "polarity", polarity)

    @property
    def is_constant(self) -> bool:
        """True for the constant hypothesis ``x -> 1`` (AdaBoost's h_0)."""
        return self.threshold == -math.inf and self.polarity == 1

    def __call__(self, X) -> np.ndarray:
        """Evaluate the stump on the rows of ``X``.

        Parameters
        ----------
        X : array_like of shape (N, d)
            Finite feature values, with ``d > feature``.

        Returns
        -------
        ndarray of shape (N,)
            0.0 or 1.0 for each row.

        Raises
        ------
        ValueError, TypeError
            If ``X`` is not a finite 2-D numeric array or lacks the stump's feature.
        """
        X = as_feature_matrix(X, "X")
        if self.feature >= X.shape[1]:
            raise ValueError(
                f"X has {X.shape[1]} features; this stump reads feature {self.feature}"
            )
        return _stump_values(
            X, np.array([self.feature]), np.array([self.threshold]), np.array([self.polarity])
        )[:, 0].astype(np.float64)

    def __str__(self) -> str:
        if self.is_constant:
            return "1 (constant)"
        op = ">" if self.polarity == 1 else "<="
        return f"1[x{self.feature} {op} {self.threshold:.4g}]"

    def __repr__(self) -> str:
        return f"Stump({self})"


def _stump_values(X, features, thresholds, polarities) -> np.ndarray:
    """Boolean (N, K) matrix of K stumps on the rows of X (no validation)."""
    above = X[:, features] > thresholds
    return np.where(polarities > 0, above, ~above)


def _split_thresholds(lower: np.ndarray, upper: np.ndarray) -> np.ndarray:
    """Midpoints between consecutive distinct values, kept strictly below ``upper``."""
    mid = lower + (upper - lower) / 2.0
    return np.where(mid < upper, mid, lower)


class StumpSearch:
    """All stumps on a point set, presorted once; exact edges for any point potentials.

    For potentials ``pi`` (one number per point) the edge of stump h is
    ``sum_x pi(x) h(x)``.  Per feature the points are sorted once; at each
    call the edges of all (feature, threshold, polarity) candidates are
    suffix / prefix sums of ``pi`` in that order.  The candidates are those of
    :func:`stump_candidates`, in the same canonical order, preceded by the
    constant hypothesis ``Stump(0, -inf)`` when ``with_constant``.

    Parameters
    ----------
    X : array_like of shape (N, d)
        Finite feature values.
    with_constant : bool, default False
        Put the constant hypothesis first (AdaBoost's h_0).

    Raises
    ------
    ValueError, TypeError
        If ``X`` is not a finite 2-D numeric array with a row and a column, or
        ``with_constant`` is not a bool.

    References
    ----------
    Freund et al. (2003), section 3.3 (potentials); Mohri et al. (2018), section 10.4.

    Examples
    --------
    >>> search = StumpSearch([[0.0], [1.0], [3.0]])
    >>> search.size, search.stump(2)
    (4, Stump(1[x0 > 2]))
    >>> search.edges([0.5, -0.25, 0.25])       # 1[x > 0.5], 1[x <= 0.5], 1[x > 2], 1[x <= 2]
    array([0.  , 0.5 , 0.25, 0.25])
    >>> search.best([0.5, -0.25, 0.25])
    1
    """

    def __init__(self, X, *, with_constant=False):
        X = as_feature_matrix(X, "X")
        with_constant = check_bool(with_constant, "with_constant")
        n = X.shape[0]
        self.n_points = n
        self.order = np.argsort(X, axis=0, kind="stable").T.copy()  # (d, n)
        sorted_x = np.take_along_axis(X.T, self.order, axis=1)  # (d, n)
        change = sorted_x[:, 1:] != sorted_x[:, :-1]  # (d, n - 1)
        feat, pos = np.nonzero(change)  # row-major: by feature, then increasing threshold
        self.flat_prefix = feat * n + pos  # last point at or below each split, in the raveled order
        thresholds = _split_thresholds(sorted_x[feat, pos], sorted_x[feat, pos + 1])
        self.n_splits = feat.size
        self.with_constant = bool(with_constant)
        offset = 1 if with_constant else 0
        size = offset + 2 * self.n_splits
        self.features = np.zeros(size, dtype=np.intp)
        self.thresholds = np.full(size, -np.inf)
        self.polarities = np.ones(size, dtype=np.int64)
        self.features[offset::2] = self.features[offset + 1 :: 2] = feat
        self.thresholds[offset::2] = self.thresholds[offset + 1 :: 2] = thresholds
        self.polarities[offset + 1 :: 2] = -1
        self.columns = np.ascontiguousarray(X.T)  # (d, n): one feature per row

    def __repr__(self) -> str:
        return f"StumpSearch({self.size} candidates on {self.n_points} points" + (
            ", constant first)" if self.with_constant else ")"
        )

    @property
    def size(self) -> int:
        """Number of candidates."""
        return self.features.size

    def _potentials(self, pi) -> np.ndarray:
        # fast path for the boosting loops, which pass a float vector every round
        if (
            type(pi) is np.ndarray
            and pi.dtype == np.float64
            and pi.shape == (self.n_points,)
            and np.isfinite(pi).all()
        ):
            return pi
        return check_array(pi, "potentials", ndim=1, shape=(self.n_points,))

    def _index(self, index) -> int:
        if type(index) is int and 0 <= index < self.size:  # fast path
            return index
        if self.size == 0:
            raise ValueError("index: there is no candidate (every feature is constant)")
        return check_int(index, "index", minimum=0, maximum=self.size - 1)

    def _below(self, pi: np.ndarray) -> np.ndarray:
        """``sum of pi over {x : x_k <= theta}`` for every split, and ``sum(pi)``."""
        gathered = pi[self.order]  # (d, n): pi in the sorted order of each feature
        if gathered.shape[0] > 1:
            # one cumulative sum over the raveled rows, restarted at each row: the running
            # total entering row k is the sum of row k - 1, so subtract it there
            gathered[1:, 0] -= gathered[:-1].sum(axis=1)
        return np.cumsum(gathered.ravel())[self.flat_prefix], pi.sum()

    def edges(self, potentials) -> np.ndarray:
        """Edge ``sum_x pi(x) h(x)`` of every candidate, in canonical order.

        Parameters
        ----------
        potentials : array_like of shape (N,)
            ``pi(x)`` for each point, finite.

        Returns
        -------
        ndarray of shape (size,)

        Raises
        ------
        ValueError, TypeError
            If ``potentials`` is not a finite vector with one entry per point.
        """
        below, total = self._below(self._potentials(potentials))
        out = np.empty(self.size)
        offset = 1 if self.with_constant else 0
        if self.with_constant:
            out[0] = total
        out[offset::2] = total - below  # 1[x_k > theta]
        out[offset + 1 :: 2] = below  # 1[x_k <= theta]
        return out

    def best(self, potentials, *, absolute=False) -> int:
        """Canonical index of the first candidate within TIE_TOLERANCE of the best edge.

        Equal to the first index of ``edges(potentials)`` (or of its absolute value)
        within :data:`TIE_TOLERANCE` of the maximum, without building that array.

        Parameters
        ----------
        potentials : array_like of shape (N,)
            ``pi(x)`` for each point, finite.
        absolute : bool, default False
            Maximize ``|edge|`` (AdaBoost's choice) instead of the edge.

        Returns
        -------
        int

        Raises
        ------
        ValueError, TypeError
            If ``potentials`` is not a finite vector with one entry per point,
            ``absolute`` is not a bool, or there is no candidate.
        """
        pi = self._potentials(potentials)
        absolute = check_bool(absolute, "absolute")
        if self.size == 0:
            raise ValueError(
                "potentials: there is no candidate to choose (every feature is constant)"
            )
        below, total = self._below(pi)
        above = total - below
        if absolute:
            above, below, total = np.abs(above), np.abs(below), abs(total)
        top_above = above.max(initial=-np.inf)
        top_below = below.max(initial=-np.inf)
        top = max(top_above, top_below)
        offset = 0
        if self.with_constant:
            top = max(top, total)
            if total >= top - TIE_TOLERANCE:
                return 0
            offset = 1
        floor = top - TIE_TOLERANCE
        first_above = int(np.argmax(above >= floor)) if top_above >= floor else self.n_splits
        first_below = int(np.argmax(below >= floor)) if top_below >= floor else self.n_splits
        if first_above <= first_below:
            return offset + 2 * first_above
        return offset + 2 * first_below + 1

    def stump(self, index) -> Stump:
        """The candidate ``index`` as a :class:`Stump`.

        Raises
        ------
        ValueError, TypeError
            If ``index`` is not an integer in ``[0, size - 1]``.
        """
        index = self._index(index)
        return Stump(
            int(self.features[index]), float(self.thresholds[index]), int(self.polarities[index])
        )

    def values(self, index) -> np.ndarray:
        """Boolean values of candidate ``index`` on the points.

        Raises
        ------
        ValueError, TypeError
            If ``index`` is not an integer in ``[0, size - 1]``.
        """
        index = self._index(index)
        above = self.columns[self.features[index]] > self.thresholds[index]
        return above if self.polarities[index] > 0 else ~above


def stump_values(X, stumps) -> np.ndarray:
    """The values of several stumps on the rows of ``X``, as a (N, K) float matrix of 0 and 1.

    Parameters
    ----------
    X : array_like of shape (N, d)
        Finite feature values.
    stumps : sequence of Stump
        K stumps (may be empty), each reading a feature ``< d``.

    Returns
    -------
    ndarray of shape (N, K)

    Raises
    ------
    ValueError, TypeError
        If ``X`` is not a finite 2-D array, ``stumps`` is not a sequence of
        :class:`Stump`, or a stump reads a feature ``X`` lacks.

    Examples
    --------
    >>> stump_values([[0.0, 1.0], [2.0, 0.0]], [Stump(0, 1.0), Stump(1, 0.5, -1)])
    array([[0., 0.],
           [1., 1.]])
    """
    X = as_feature_matrix(X, "X")
    if isinstance(stumps, (str, bytes, Stump)) or not isinstance(stumps, (list, tuple)):
        raise TypeError(f"stumps must be a list or tuple of Stump, got {type(stumps).__name__}")
    for i, h in enumerate(stumps):
        if not isinstance(h, Stump):
            raise TypeError(f"stumps[{i}] must be a Stump, got {type(h).__name__}")
        if h.feature >= X.shape[1]:
            raise ValueError(f"stumps[{i}] reads feature {h.feature}; X has {X.shape[1]}")
    features = np.array([h.feature for h in stumps], dtype=np.intp)
    thresholds = np.array([h.threshold for h in stumps], dtype=np.float64)
    polarities = np.array([h.polarity for h in stumps], dtype=np.int64)
    return _stump_values(X, features, thresholds, polarities).astype(np.float64)


def stump_candidates(X) -> list[Stump]:
    """Every candidate stump on a sample, in the canonical (tie-breaking) order.

    For each feature (in column order), each threshold between two consecutive
    distinct values (their midpoint, increasing), the stump ``1[x_k > theta]``
    followed by its complement ``1[x_k <= theta]``.  A feature with a single
    distinct value contributes nothing.

    Parameters
    ----------
    X : array_like of shape (N, d)
        Finite feature values.

    Returns
    -------
    list of Stump
        ``2 * sum_k (number of distinct values of feature k - 1)`` stumps.

    Raises
    ------
    ValueError, TypeError
        If ``X`` is not a finite 2-D numeric array with at least one row.

    References
    ----------
    Freund et al. (2003), section 3.3; Mohri et al. (2018), section 10.4.

    Examples
    --------
    >>> stump_candidates([[0.0, 5.0], [1.0, 5.0], [3.0, 5.0]])
    [Stump(1[x0 > 0.5]), Stump(1[x0 <= 0.5]), Stump(1[x0 > 2]), Stump(1[x0 <= 2])]
    """
    search = StumpSearch(X)
    return [search.stump(i) for i in range(search.size)]


# --------------------------------------------------------------------------- #
