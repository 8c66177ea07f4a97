"""RankBoost: boosting threshold stumps for pairwise and bipartite ranking.

Mohri et al. (2018), section 10.4, present RankBoost (Freund et al., 2003) as
coordinate descent on the exponential pairwise objective (Rudin et al., 2005):

    F(alpha) = sum_i exp(-y_i [f(x'_i) - f(x_i)]),   f = sum_t alpha_t h_t   (eq. 10.15)

over a finite set of base rankers with values in {0, 1}.  The base rankers are
the threshold stumps ``1[x_k > theta]`` and ``1[x_k <= theta]`` of
:mod:`rankviz.stumps` (read it first: the stumps, their canonical order and
the exact search over all of them are defined there).

Public names
------------
:func:`rankboost`
    Figure 10.1 on a list of labelled pairs ``(a, b, y)``, ``y`` in {-1, 0, +1}.
:func:`bipartite_rankboost`
    Figure 10.2, corrected: the distribution on the m n pairs factored as
    D+(i) D-(j); O(d (m + n)) per round after one presort per feature.  It
    returns the same stumps and alphas as :func:`rankboost` on all m n pairs.
:func:`coordinate_descent_rankboost`
    A referee: steepest coordinate descent on F over the explicit stump set
    with an exact line search (a scipy root of the directional derivative),
    sharing none of RankBoost's closed forms (section 10.4.2).
:func:`adaboost`
    AdaBoost on the same stumps plus the constant hypothesis, for the
    comparison of section 10.5.1 (F_Rank = F+ F-, F_Ada = F+ + F-).

:class:`RankBoostModel`, :class:`BoostingHistory`, :data:`MAX_BOOSTING_ROUNDS`.

How a round chooses its stump (exact search, ties, perfect stumps)
------------------------------------------------------------------
Each round minimizes eps^- - eps^+ = -(eps^+ - eps^-) *exactly* over the whole
stump set, with :class:`rankviz.stumps.StumpSearch`: the edges of all stumps are
suffix sums of per-point potentials along each presorted feature, O(d N) per
round, and ties between stumps go to the first in the canonical order (within
``TIE_TOLERANCE``, 1e-10), so that the general and the bipartite implementations,
which add the same numbers in different orders, choose the same stump.

*Ties between points.*  f_t = sum_s alpha_s h_s is a sum of steps, and two
points whose scores are equal in exact arithmetic (two stumps with the same
step, each switching on one of them, say) can come out one ulp apart.  The
empirical error therefore counts a pair as tied, and so as an error, when its
score difference is within ``TIE_TOLERANCE * (1 + ||alpha||_1)`` of zero: far
above rounding (about 1e-16 ||alpha||_1 per round) and far below any margin
that is not zero.  The error is then the same on every platform.

*Perfect stumps (eps^- = 0).*  If the chosen stump misranks no pair of positive
weight, the exact step alpha = 1/2 log(eps^+ / eps^-) is infinite: F keeps
decreasing along that stump.  In that round (and only then) RankBoost uses the
additively smoothed step

    alpha_t = 1/2 log((eps^+ + lam) / (eps^- + lam)),

of the kind Schapire and Singer (1999, section 4.2) use for confidence-rated
predictions, with ``lam = smoothing``: by default half the initial weight of
one pair, 1 / (2 P) for P pairs (at most 1/3).  Every other round uses the
exact step.  The update still divides by the actual normalizer
Z_t = eps^0 + eps^+ e^-alpha + eps^- e^alpha, so identity (10.12) and the bound
error <= prod Z_t of Theorem 10.3 hold in every round; and for lam <= 1/3 a
smoothed round also keeps Z_t <= exp(-2 gamma_t^2) (with eps^- = 0 and
eps^+ = x, Z_t = 1 - x + x sqrt(lam / (x + lam)) <= 1 - x^2 / 2 exactly when
(1 - x/2)^2 (x + lam) >= lam, which over 0 < x <= 1 is hardest at x = 1,
where it reads lam <= 1/3),
so the whole chain of Theorem 10.3 holds.  ``history.smoothed`` flags the
smoothed rounds.  If no stump has a positive edge (eps^+ = eps^- for the best
one, e.g. when every pair is tied under every stump) the step is 0.

References
----------
M. Mohri, A. Rostamizadeh, A. Talwalkar, *Foundations of Machine Learning*,
2nd ed., MIT Press, 2018, sections 10.4-10.5.1 (seed ``004_e87a518ae3e4601f.txt``).
Y. Freund, R. Iyer, R. E. Schapire, Y. Singer, "An efficient boosting algorithm
for combining preferences", JMLR 4, 2003.
C. Rudin, C. Cortes, M. Mohri, R. E. Schapire, "Margin-based ranking meets
boosting in the middle", COLT 2005.
R. E. Schapire, Y. Singer, "Improved boosting algorithms using confidence-rated
predictions", Machine Learning 37(3), 1999.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from rankviz._boosting import RoundRecord, frozen_array, smoothed_step
from rankviz._validation import (
    as_feature_matrix,
    as_pair_labels,
    as_pair_sample,
    as_pairs,
    check_int,
    check_step_smoothing,
)
from rankviz.stumps import TIE_TOLERANCE, StumpSearch, stump_candidates, stump_values

__all__ = [
    "MAX_BOOSTING_ROUNDS",
    "BoostingHistory",
    "RankBoostModel",
    "adaboost",
    "bipartite_rankboost",
    "coordinate_descent_rankboost",
    "rankboost",
]

#: Largest number of boosting rounds a run accepts (its history is allocated up front,
#: and each round costs O(d N)): far above the hundreds of rounds the chapter runs.
MAX_BOOSTING_ROUNDS = 100_000

#: Largest pairs x stumps matrix :func:`coordinate_descent_rankboost` builds.
_MAX_REFEREE_CELLS = 20_000_000


# --------------------------------------------------------------------------- #
# validation
# --------------------------------------------------------------------------- #
def _check_pairwise(X, pairs, labels):
    """Validate a pairwise sample; drop pairs labelled 0 (Mohri et al., section 10.4)."""
    X, a, b, y = as_pair_sample(X, pairs, labels)
    keep = y != 0
    if not keep.any():
        raise ValueError(
            "labels: every pair is labelled 0; RankBoost needs at least one pair labelled -1 or +1"
        )
    if not keep.all():
        a, b, y = a[keep], b[keep], y[keep]
    return X, a, b, y


def _check_class_samples(X_pos, X_neg):
    X_pos = as_feature_matrix(X_pos, "X_pos")
    X_neg = as_feature_matrix(X_neg, "X_neg", n_features=X_pos.shape[1])
    return X_pos, X_neg


def _first_best(score: np.ndarray) -> int:
    """Index of the first entry within TIE_TOLERANCE of the maximum."""
    return int(np.argmax(score >= score.max() - TIE_TOLERANCE))


def _model(record: RoundRecord, n_features: int, algorithm: str) -> RankBoostModel:
    """The finished run as a model (the read-only arrays of ``record``)."""
    alphas, rankers, columns, smoothed = record.frozen()
    return RankBoostModel(
        alphas, rankers, BoostingHistory(*columns, smoothed=smoothed), n_features, algorithm
    )


# --------------------------------------------------------------------------- #
# results
# --------------------------------------------------------------------------- #
@dataclass(frozen=True, eq=False)
class BoostingHistory:
    """What happened in each round of a boosting run (arrays of length T).

    For RankBoost the weights are those of the pairs under D_t (eq. 10.11):
    ``eps_plus``, ``eps_minus`` and ``eps_zero`` are the D_t-weights of the
    pairs the round's stump ranks correctly, wrongly, and ties.  For
    :func:`adaboost` they are the weights of the points with y h(x) = +1, -1
    and 0.

    Attributes
    ----------
    eps_plus, eps_minus, eps_zero : ndarray
        The three weights; they sum to 1.
    Z : ndarray
        The normalizer of the round's update, ``eps_zero + eps_plus e^-alpha +
        eps_minus e^alpha`` (equal to ``eps_zero + 2 sqrt(eps_plus eps_minus)``
        in every round that was not smoothed).
    error : ndarray
        Empirical error of f_t after the round: the share of pairs with
        ``y (f(x') - f(x)) <= 0`` (eq. 10.2; a tie is an error) for RankBoost,
        the share of points with ``y f(x) <= 0`` for AdaBoost; a score
        difference within ``TIE_TOLERANCE * (1 + ||alpha||_1)`` of 0 is a tie
        (see the module docstring).
    smoothed : ndarray of bool
        Rounds whose step was smoothed because exactly one of eps_plus,
        eps_minus was zero (see the module docstring).
    """

    eps_plus: np.ndarray
    eps_minus: np.ndarray
    eps_zero: np.ndarray
    Z: np.ndarray
    error: np.ndarray
    smoothed: np.ndarray

    @property
    def n_rounds(self) -> int:
        """Number of rounds T."""
        return int(self.Z.size)

    @property
    def gamma(self) -> np.ndarray:
        """Edges gamma_t = (eps_plus - eps_minus) / 2."""
        return (self.eps_plus - self.eps_minus) / 2.0

    @property
    def product_Z(self) -> np.ndarray:
        """``prod_{s <= t} Z_s`` for every t: Theorem 10.3's bound on ``error``."""
        return np.cumprod(self.Z)

    @property
    def edge_bound(self) -> np.ndarray:
        """``exp(-2 sum_{s <= t} gamma_s^2)`` for every t (eq. 10.13)."""
        return np.exp(-2.0 * np.cumsum(self.gamma**2))

    def truncate(self, rounds: int) -> BoostingHistory:
        """The history of the first ``rounds`` rounds.

        Parameters
        ----------
        rounds : int
            1 <= rounds <= T.

        Returns
        -------
        BoostingHistory

        Raises
        ------
        ValueError, TypeError
            If ``rounds`` is not an integer in range.
        """
        rounds = check_int(rounds, "rounds", minimum=1, maximum=self.n_rounds)
        return BoostingHistory(
            *(
                frozen_array(getattr(self, name)[:rounds], getattr(self, name).dtype)
                for name in ("eps_plus", "eps_minus", "eps_zero", "Z", "error", "smoothed")
            )
        )

    def __repr__(self) -> str:
        if self.n_rounds == 0:
            return "BoostingHistory(0 rounds)"
        return (
            f"BoostingHistory({self.n_rounds} rounds: final error {self.error[-1]:.4g}, "
            f"prod Z {self.product_Z[-1]:.4g}, edge bound {self.edge_bound[-1]:.4g}, "
            f"{int(self.smoothed.sum())} smoothed)"
        )


@dataclass(frozen=True, eq=False)
class RankBoostModel:
    """The scoring function ``f = sum_t alpha_t h_t`` returned by a boosting run.

    Attributes
    ----------
    alphas : ndarray of shape (T,)
        The step of each round (``alpha_t >= 0`` for RankBoost; AdaBoost's may
        be negative).
    rankers : tuple of Stump
        The stump chosen in each round (a stump may be chosen several times).
    history : BoostingHistory
        Per-round eps^+, eps^-, eps^0, Z_t, empirical error and bounds.
    n_features : int
        Number of features the model reads.
    algorithm : str
        Which function produced the model.

    Notes
    -----
    For chapter 04 (margin bounds): :meth:`pairwise_margins` and
    :meth:`bipartite_margins` give the normalized margins
    ``y (f(x') - f(x)) / ||alpha||_1`` of section 10.4.3, and every method takes
    ``rounds=t`` to use the ensemble f_t of the first t rounds
    (:meth:`truncate` returns that ensemble as a model).
    """

    alphas: np.ndarray
    rankers: tuple
    history: BoostingHistory
    n_features: int
    algorithm: str = "rankboost"

    @property
    def n_rounds(self) -> int:
        """Number of rounds T."""
        return int(self.alphas.size)

    def __repr__(self) -> str:
        return (
            f"RankBoostModel(algorithm={self.algorithm!r}, n_rounds={self.n_rounds}, "
            f"n_features={self.n_features}, ||alpha||_1={self.alpha_l1():.4g})"
        )

    # -- rounds -------------------------------------------------------------------
    def _rounds(self, rounds) -> int:
        if rounds is None:
            return self.n_rounds
        return check_int(rounds, "rounds", minimum=0, maximum=self.n_rounds)

    def truncate(self, rounds: int) -> RankBoostModel:
        """The model f_t of the first ``rounds`` rounds.

        Parameters
        ----------
        rounds : int
            1 <= rounds <= T.

        Returns
        -------
        RankBoostModel
            Its stumps, steps and history are those of rounds 1..rounds.

        Raises
        ------
        ValueError, TypeError
            If ``rounds`` is not an integer in range.

        Examples
        --------
        >>> model = bipartite_rankboost([[2.0], [3.0], [0.5]], [[1.0], [2.5], [0.0]], n_rounds=3)
        >>> model.truncate(1).rankers
        (Stump(1[x0 > 0.25]),)
        """
        rounds = check_int(rounds, "rounds", minimum=1, maximum=self.n_rounds)
        return RankBoostModel(
            frozen_array(self.alphas[:rounds]),
            self.rankers[:rounds],
            self.history.truncate(rounds),
            self.n_features,
            self.algorithm,
        )

    def alpha_l1(self, rounds=None) -> float:
        """``||alpha||_1`` of the first ``rounds`` rounds, the normalizer of the margins.

        Parameters
        ----------
        rounds : int, optional
            0 <= rounds <= T; all rounds by default.

        Returns
        -------
        float

        Raises
        ------
        ValueError, TypeError
            If ``rounds`` is not an integer in range.

        References
        ----------
        Mohri et al. (2018), section 10.4.3.

        Examples
        --------
        >>> model = bipartite_rankboost([[2.0], [3.0], [0.5]], [[1.0], [2.5], [0.0]], n_rounds=3)
        >>> round(model.alpha_l1(2), 4)
        1.9459
        """
        return float(np.abs(self.alphas[: self._rounds(rounds)]).sum())

    # -- scores -------------------------------------------------------------------
    def _base_values(self, X: np.ndarray, rounds: int) -> np.ndarray:
        return stump_values(X, self.rankers[:rounds])

    def decision_function(self, X, rounds=None) -> np.ndarray:
        """Scores ``f_t(x) = sum_{s <= t} alpha_s h_s(x)`` of the rows of ``X``.

        Parameters
        ----------
        X : array_like of shape (N, n_features)
            Points to score.
        rounds : int, optional
            Use the first ``rounds`` rounds (0 gives the zero function); all by default.

        Returns
        -------
        ndarray of shape (N,)

        Raises
        ------
        ValueError, TypeError
            If ``X`` is not a finite (N, n_features) array or ``rounds`` is out of range.

        Examples
        --------
        >>> model = bipartite_rankboost([[2.0], [3.0], [0.5]], [[1.0], [2.5], [0.0]], n_rounds=3)
        >>> model.decision_function([[0.0], [2.2], [9.0]]).round(3)
        array([0.673, 0.973, 1.946])
        >>> model.decision_function([[0.0], [2.2], [9.0]], rounds=1).round(3)
        array([0.   , 0.973, 0.973])
        """
        X = as_feature_matrix(X, "X", n_features=self.n_features)
        rounds = self._rounds(rounds)
        return self._base_values(X, rounds) @ self.alphas[:rounds]

    def staged_decision_function(self, X) -> np.ndarray:
        """Scores of every intermediate ensemble: row t - 1 holds f_t on the rows of ``X``.

        Returns
        -------
        ndarray of shape (T, N)

        Raises
        ------
        ValueError, TypeError
            As :meth:`decision_function`.

        Examples
        --------
        >>> model = bipartite_rankboost([[2.0], [3.0], [0.5]], [[1.0], [2.5], [0.0]], n_rounds=3)
        >>> model.staged_decision_function([[0.0], [9.0]]).round(3)
        array([[0.   , 0.973],
               [0.   , 1.946],
               [0.673, 1.946]])
        """
        X = as_feature_matrix(X, "X", n_features=self.n_features)
        return np.cumsum(self._base_values(X, self.n_rounds).T * self.alphas[:, None], axis=0)

    def staged_pairwise_error(self, X, pairs, labels) -> np.ndarray:
        """The empirical pairwise error (eq. 10.2) of every intermediate ensemble, from its scores.

        Row t - 1 of :meth:`staged_decision_function` ranks the pairs; a pair with label
        ``y != 0`` counts as an error when ``y (f_t(x') - f_t(x)) <= 0`` (a tie is an error),
        and pairs labelled 0 are left out.  Unlike ``history.error``, which the run records
        as it goes, this recounts the error from the scores, on any pairs.

        Parameters
        ----------
        X : array_like of shape (N, n_features)
            The points.
        pairs : array_like of int, shape (P, 2)
            ``pairs[i] = (a, b)``: x = X[a], x' = X[b].
        labels : array_like of shape (P,)
            In {-1, 0, +1}; at least one must be non-zero.

        Returns
        -------
        ndarray of shape (T,)
            The share of the labelled pairs that f_t misorders or ties, t = 1, ..., T.

        Raises
        ------
        ValueError, TypeError
            On invalid input, or when every label is 0.

        References
        ----------
        Mohri et al. (2018), eq. (10.2) and Theorem 10.3.

        Examples
        --------
        >>> X = [[0.0], [1.0], [2.0], [3.0]]
        >>> pairs, labels = [[0, 1], [1, 2], [2, 3], [0, 2], [1, 3], [0, 3]], [1, 1, 1, 1, 1, -1]
        >>> model = rankboost(X, pairs, labels, n_rounds=3)
        >>> model.staged_pairwise_error(X, pairs, labels).round(3)
        array([0.5, 0.5, 0.5])
        """
        X = as_feature_matrix(X, "X", n_features=self.n_features)
        a, b = as_pairs(pairs, X.shape[0])
        y = as_pair_labels(labels, a.size)
        labelled = y != 0
        if not labelled.any():
            raise ValueError("labels: every pair is labelled 0, so no pair counts in the error")
        scores = self.staged_decision_function(X)
        wrong = (y * (scores[:, b] - scores[:, a]) <= 0) & labelled
        return wrong.sum(axis=1) / labelled.sum()

    # -- margins (section 10.4.3; chapter 04) -------------------------------------
    def _l1_or_raise(self, rounds: int) -> float:
        norm = float(np.abs(self.alphas[:rounds]).sum())
        if norm == 0.0:
            raise ValueError(
                "rounds: the normalized margin is undefined, ||alpha||_1 = 0 "
                f"after {rounds} round(s)"
            )
        return norm

    def pairwise_margins(self, X, pairs, labels=None, rounds=None) -> np.ndarray:
        """Normalized pairwise margins ``y_i (f(x'_i) - f(x_i)) / ||alpha||_1``.

        Section 10.4.3 applies the margin bound to ``f / ||alpha||_1``, which
        ranks like f; its margin on pair i is this number, in [-1, 1] for
        stumps.  A margin <= rho counts in the empirical margin loss (eq. 10.4).

        Parameters
        ----------
        X : array_like of shape (N, n_features)
            The points.
        pairs : array_like of int, shape (P, 2)
            ``pairs[i] = (a, b)``: x = X[a], x' = X[b].
        labels : array_like of shape (P,), optional
            In {-1, +1}; +1 (x' preferred) for every pair by default.
        rounds : int, optional
            Use f_t of the first ``rounds`` rounds (t >= 1); all by default.

        Returns
        -------
        ndarray of shape (P,)

        Raises
        ------
        ValueError, TypeError
            On invalid input, labels outside {-1, +1}, or ``||alpha||_1 = 0``.

        References
        ----------
        Mohri et al. (2018), eqs. (10.3)-(10.4), section 10.4.3 and eq. (10.19).

        Examples
        --------
        >>> X = [[0.0], [1.0], [2.0], [3.0]]
        >>> pairs, labels = [[0, 1], [1, 2], [2, 3], [0, 2], [1, 3], [0, 3]], [1, 1, 1, 1, 1, -1]
        >>> model = rankboost(X, pairs, labels, n_rounds=3)
        >>> model.pairwise_margins(X, pairs, labels).round(3)
        array([-0.075,  0.925,  0.   ,  0.851,  0.925, -0.851])
        """
        X = as_feature_matrix(X, "X", n_features=self.n_features)
        a, b = as_pairs(pairs, X.shape[0])
        y = (
            np.ones(a.size, dtype=np.int8)
            if labels is None
            else as_pair_labels(labels, a.size, allow_zero=False)
        )
        rounds = self._rounds(rounds)
        norm = self._l1_or_raise(rounds)
        f = self._base_values(X, rounds) @ self.alphas[:rounds]
        return y * (f[b] - f[a]) / norm

    def bipartite_margins(self, X_pos, X_neg, rounds=None) -> np.ndarray:
        """Normalized margins ``(f(x'_i) - f(x_j)) / ||alpha||_1``, all positive-negative pairs.

        Parameters
        ----------
        X_pos : array_like of shape (m, n_features)
            Positive points x'_i.
        X_neg : array_like of shape (n, n_features)
            Negative points x_j.
        rounds : int, optional
            Use f_t of the first ``rounds`` rounds (t >= 1); all by default.

        Returns
        -------
        ndarray of shape (m, n)
            Entry (i, j) is the margin of the pair (x_j, x'_i).

        Raises
        ------
        ValueError, TypeError
            On invalid input or ``||alpha||_1 = 0``.

        References
        ----------
        Mohri et al. (2018), section 10.4.3 and eq. (10.19).

        Examples
        --------
        >>> X_pos, X_neg = [[2.0], [3.0], [0.5]], [[1.0], [2.5], [0.0]]
        >>> model = bipartite_rankboost(X_pos, X_neg, n_rounds=3)
        >>> model.bipartite_margins(X_pos, X_neg).round(3)
        array([[0.   , 0.   , 0.115],
               [0.372, 0.372, 0.486],
               [0.257, 0.257, 0.372]])
        """
        X_pos = as_feature_matrix(X_pos, "X_pos", n_features=self.n_features)
        X_neg = as_feature_matrix(X_neg, "X_neg", n_features=self.n_features)
        rounds = self._rounds(rounds)
        norm = self._l1_or_raise(rounds)
        f_pos = self._base_values(X_pos, rounds) @ self.alphas[:rounds]
        f_neg = self._base_values(X_neg, rounds) @ self.alphas[:rounds]
        return (f_pos[:, None] - f_neg[None, :]) / norm

    # -- the distribution (10.12) -------------------------------------------------
    def class_distributions(self, X_pos, X_neg, round: int):
        """The factors D_t^+ and D_t^- of bipartite RankBoost's distribution at round t.

        By identity (10.12), D_t(i, j) is proportional to
        ``exp(-(f_{t-1}(x'_i) - f_{t-1}(x_j)))``, which factors as
        ``D_t^+(i) D_t^-(j)`` with ``D_t^+ ~ exp(-f_{t-1}(x'))`` and
        ``D_t^- ~ exp(+f_{t-1}(x))``, each normalized to sum to 1.  Round 1 gives
        the uniform 1/m and 1/n.  (For a model from :func:`adaboost` this is still
        RankBoost's distribution at that model's f_{t-1}, not AdaBoost's weights.)

        Parameters
        ----------
        X_pos, X_neg : array_like
            The positive and negative training points.
        round : int
            1 <= round <= T + 1: the distribution used to choose h_round.

        Returns
        -------
        d_pos : ndarray of shape (m,)
        d_neg : ndarray of shape (n,)

        Raises
        ------
        ValueError, TypeError
            On invalid input or ``round`` out of range.

        References
        ----------
        Mohri et al. (2018), eq. (10.12) and section 10.5.1.

        Examples
        --------
        >>> X_pos, X_neg = [[2.0], [3.0], [0.5]], [[1.0], [2.5], [0.0]]
        >>> model = bipartite_rankboost(X_pos, X_neg, n_rounds=1)
        >>> d_pos, d_neg = model.class_distributions(X_pos, X_neg, round=2)
        >>> d_pos.round(3), d_neg.round(3)
        (array([0.333, 0.333, 0.333]), array([0.421, 0.421, 0.159]))
        """
        X_pos = as_feature_matrix(X_pos, "X_pos", n_features=self.n_features)
        X_neg = as_feature_matrix(X_neg, "X_neg", n_features=self.n_features)
        done = check_int(round, "round", minimum=1, maximum=self.n_rounds + 1) - 1
        f_pos = self._base_values(X_pos, done) @ self.alphas[:done]
        f_neg = self._base_values(X_neg, done) @ self.alphas[:done]
        return _softmax(-f_pos), _softmax(f_neg)

    def pair_distribution(self, X, pairs, labels, round: int) -> np.ndarray:
        """RankBoost's distribution D_t over labelled pairs, from identity (10.12).

        ``D_t(i)`` is proportional to ``exp(-y_i (f_{t-1}(x'_i) - f_{t-1}(x_i)))``
        over the pairs with a nonzero label (pairs labelled 0 get weight 0).

        Parameters
        ----------
        X, pairs, labels
            As in :func:`rankboost`.
        round : int
            1 <= round <= T + 1.

        Returns
        -------
        ndarray of shape (P,)
            Sums to 1 (zero on pairs labelled 0).

        Raises
        ------
        ValueError, TypeError
            On invalid input or ``round`` out of range.

        References
        ----------
        Mohri et al. (2018), eq. (10.12).

        Examples
        --------
        >>> X = [[0.0], [1.0], [2.0], [3.0]]
        >>> pairs, labels = [[0, 1], [1, 2], [2, 3], [0, 2], [1, 3], [0, 3]], [1, 1, 1, 1, 1, -1]
        >>> model = rankboost(X, pairs, labels, n_rounds=1)
        >>> model.pair_distribution(X, pairs, labels, round=2).round(3)
        array([0.183, 0.106, 0.183, 0.106, 0.106, 0.317])
        """
        X = as_feature_matrix(X, "X", n_features=self.n_features)
        a, b = as_pairs(pairs, X.shape[0])
        y = as_pair_labels(labels, a.size)
        done = check_int(round, "round", minimum=1, maximum=self.n_rounds + 1) - 1
        f = self._base_values(X, done) @ self.alphas[:done]
        out = np.zeros(a.size)
        keep = y != 0
        if not keep.any():
            raise ValueError("labels: every pair is labelled 0")
        out[keep] = _softmax(-y[keep] * (f[b[keep]] - f[a[keep]]))
        return out


def _softmax(z: np.ndarray) -> np.ndarray:
    w = np.exp(z - z.max())
    return w / w.sum()


# --------------------------------------------------------------------------- #
# the algorithms
# --------------------------------------------------------------------------- #
def rankboost(X, pairs, labels, n_rounds, *, smoothing=None):
    """RankBoost on labelled pairs (Mohri et al., Figure 10.1), with threshold stumps.

    Round t: choose the stump h_t minimizing ``eps^- - eps^+`` under D_t (exact
    search over every feature and threshold, both polarities), take
    ``alpha_t = 1/2 log(eps^+ / eps^-)`` and ``Z_t = eps^0 + 2 sqrt(eps^+ eps^-)``,
    and reweight ``D_{t+1}(i) = D_t(i) exp(-alpha_t y_i (h_t(x'_i) - h_t(x_i))) / Z_t``.
    Pairs labelled 0 are dropped first, as in the book; D_1 is uniform on the
    others.  Per round the cost is O(P + d N) for P pairs and N points
    (after sorting each feature once).

    Parameters
    ----------
    X : array_like of shape (N, d)
        Feature vectors; no NaN or infinite values.
    pairs : array_like of int, shape (P, 2)
        ``pairs[i] = (a, b)`` compares x = X[a] with x' = X[b].
    labels : array_like of shape (P,)
        In {-1, 0, +1}: +1 means X[b] (the book's x') is preferred to X[a],
        -1 the opposite, 0 no preference (the pair is ignored).
    n_rounds : int
        Number of rounds T, between 1 and :data:`MAX_BOOSTING_ROUNDS` (100,000).
    smoothing : float, optional
        ``lam`` in [1e-12, 1/3] of the smoothed step used only when the chosen stump
        misranks no pair (eps^- = 0); default ``1 / (2 P)`` for the P pairs
        with nonzero labels.  See the module docstring.

    Returns
    -------
    RankBoostModel
        With ``algorithm="rankboost"``; ``history.error`` is the empirical
        pairwise error (10.2) over the pairs with nonzero labels, a tie
        counting as an error.

    Raises
    ------
    ValueError
        If X has NaN/inf values or no rows, pairs are not (P, 2) or index
        outside X, labels are outside {-1, 0, +1} or all 0, or n_rounds < 1.
    TypeError
        If an input has the wrong type (e.g. float indices).

    References
    ----------
    Mohri et al. (2018), Figure 10.1, eqs. (10.11)-(10.12), Theorem 10.3;
    Freund et al. (2003).

    Examples
    --------
    Four points on a line; five pairs prefer the right point, one (0 vs 3)
    the left one, so no stump ranks every pair correctly:

    >>> X = [[0.0], [1.0], [2.0], [3.0]]
    >>> pairs, labels = [[0, 1], [1, 2], [2, 3], [0, 2], [1, 3], [0, 3]], [1, 1, 1, 1, 1, -1]
    >>> model = rankboost(X, pairs, labels, n_rounds=3)
    >>> model.rankers
    (Stump(1[x0 > 1.5]), Stump(1[x0 <= 0.5]), Stump(1[x0 > 1.5]))
    >>> model.alphas.round(4)
    array([0.5493, 0.0468, 0.0313])
    >>> model.history.eps_plus[:1], model.history.eps_minus[:1]   # 3 of 6 pairs right, 1 wrong
    (array([0.5]), array([0.167]))
    >>> model.decision_function(X).round(3)
    array([0.047, 0.   , 0.581, 0.581])
    """
    X, a, b, y = _check_pairwise(X, pairs, labels)
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=MAX_BOOSTING_ROUNDS)
    n_pairs = a.size
    lam = check_step_smoothing(smoothing, n_pairs)
    n_points = X.shape[0]
    search = StumpSearch(X)
    if search.size == 0:
        raise ValueError("X: every feature is constant, so there is no stump to choose")

    # orient every pair as (less preferred, preferred): y_i (h(x'_i) - h(x_i)) = h(hi) - h(lo)
    hi, lo = np.where(y > 0, b, a), np.where(y > 0, a, b)
    weights = np.full(n_pairs, 1.0 / n_pairs)  # D_t over the pairs
    f = np.zeros(n_points)
    l1 = 0.0  # ||alpha||_1 so far
    record = RoundRecord(n_rounds)
    for t in range(n_rounds):
        # potential of each point: weight of the pairs where it is preferred, minus the others
        pi = np.bincount(hi, weights, minlength=n_points) - np.bincount(
            lo, weights, minlength=n_points
        )
        best = search.best(pi)
        h = search.values(best)
        outcome = h[hi].astype(np.int8) - h[lo]  # in {-1, 0, +1}
        eps_minus, eps_zero, eps_plus = np.bincount(outcome + 1, weights, minlength=3)
        alpha, smoothed = smoothed_step(eps_plus, eps_minus, lam)
        factors = np.array([math.exp(alpha), 1.0, math.exp(-alpha)])
        Z = eps_zero + eps_plus * factors[2] + eps_minus * factors[0]
        weights = weights * (factors / Z)[outcome + 1]
        f += alpha * h
        l1 += abs(alpha)
        error = np.count_nonzero(f[hi] - f[lo] <= TIE_TOLERANCE * (1.0 + l1)) / n_pairs
        record.add(t, alpha, search.stump(best), eps_plus, eps_minus, eps_zero, Z, error, smoothed)
    return _model(record, X.shape[1], "rankboost")


def bipartite_rankboost(X_pos, X_neg, n_rounds, *, smoothing=None):
    """Bipartite RankBoost (Figure 10.2, corrected): O(d (m + n)) per round.

    RankBoost on all m n pairs (negative x_j, positive x'_i) keeps a product
    distribution ``D_t(i, j) = D_t^+(i) D_t^-(j)`` (section 10.5.1), so it only
    stores the two factors.  With ``a = E_{D+}[h(x')]`` and ``b = E_{D-}[h(x)]``
    the pairwise weights are ``eps^+ = a (1 - b)``, ``eps^- = (1 - a) b`` and
    ``eps^0 = a b + (1 - a)(1 - b)``, so that ``eps^- - eps^+ = b - a``; the
    step is RankBoost's ``alpha = 1/2 log(eps^+ / eps^-)``, and the factors are
    updated separately, ``D^+ <- D^+ e^{-alpha h(x')} / Z^+`` and
    ``D^- <- D^- e^{+alpha h(x)} / Z^-`` with ``Z_t = Z^+ Z^-``.

    This differs from the book's Figure 10.2 as printed in three places (the
    chapter 03 notebook checks each): ``D_1^-`` is 1/n, not 1/2; the
    D^- update divides by ``Z_t^-``, not ``Z_t``; and the step uses the
    *pairwise* eps^+, eps^- above, whereas the figure's ``1/2 log(a / b)``
    (with its ``Z_t^+ = 1 - a + sqrt(a b)``) minimizes ``Z^+ + Z^-`` instead of
    ``Z_t = Z^+ Z^-`` and does not reproduce Figure 10.1.

    Parameters
    ----------
    X_pos : array_like of shape (m, d)
        Positive points x'_1..x'_m (to be ranked above the negatives).
    X_neg : array_like of shape (n, d)
        Negative points x_1..x_n.
    n_rounds : int
        Number of rounds T, between 1 and :data:`MAX_BOOSTING_ROUNDS` (100,000).
    smoothing : float, optional
        As in :func:`rankboost`; default ``1 / (2 m n)``, the same as
        :func:`rankboost` on the m n pairs, so the two agree in every case.

    Returns
    -------
    RankBoostModel
        With ``algorithm="bipartite_rankboost"``; the same stumps and alphas
        (up to rounding) as :func:`rankboost` on all m n pairs, and
        ``history.error`` is the share of pairs with ``f(x'_i) <= f(x_j)``.

    Raises
    ------
    ValueError
        If a class is empty, the feature counts differ, there are NaN/inf
        values, every feature is constant, or n_rounds < 1.
    TypeError
        If an input does not hold numbers.

    References
    ----------
    Mohri et al. (2018), section 10.5.1 and Figure 10.2; Freund et al. (2003),
    section 3.4 (RankBoost.B).

    Examples
    --------
    The first stump fires on every positive, so it misranks no pair and its
    step is smoothed (``lam = 1 / (2 * 9)``):

    >>> model = bipartite_rankboost([[2.0], [3.0], [0.5]], [[1.0], [2.5], [0.0]], n_rounds=3)
    >>> model.rankers
    (Stump(1[x0 > 0.25]), Stump(1[x0 > 2.75]), Stump(1[x0 <= 0.75]))
    >>> model.alphas.round(4)
    array([0.973 , 0.973 , 0.6727])
    >>> model.history.smoothed
    array([ True,  True, False])
    >>> model.history.error.round(4)
    array([0.6667, 0.4444, 0.2222])
    """
    X_pos, X_neg = _check_class_samples(X_pos, X_neg)
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=MAX_BOOSTING_ROUNDS)
    m, n = X_pos.shape[0], X_neg.shape[0]
    lam = check_step_smoothing(smoothing, m * n)
    search = StumpSearch(np.vstack([X_pos, X_neg]))
    if search.size == 0:
        raise ValueError("X_pos, X_neg: every feature is constant, so there is no stump to choose")

    d_pos = np.full(m, 1.0 / m)  # D_t^+
    d_neg = np.full(n, 1.0 / n)  # D_t^-
    f = np.zeros(m + n)
    l1 = 0.0  # ||alpha||_1 so far
    pi = np.empty(m + n)
    record = RoundRecord(n_rounds)
    for t in range(n_rounds):
        pi[:m] = d_pos
        pi[m:] = -d_neg
        best = search.best(pi)
        h = search.values(best)
        h_pos, h_neg = h[:m].view(np.int8), h[m:].view(np.int8)  # 0 / 1
        a0, a = np.bincount(h_pos, d_pos, minlength=2)  # a = E_{D+}[h(x')]
        b0, b = np.bincount(h_neg, d_neg, minlength=2)  # b = E_{D-}[h(x)]
        eps_plus, eps_minus, eps_zero = a * b0, a0 * b, a * b + a0 * b0
        alpha, smoothed = smoothed_step(eps_plus, eps_minus, lam)
        down, up = math.exp(-alpha), math.exp(alpha)
        z_pos = a0 + a * down  # Z_t^+
        z_neg = b0 + b * up  # Z_t^-
        d_pos = d_pos * np.array([1.0 / z_pos, down / z_pos])[h_pos]
        d_neg = d_neg * np.array([1.0 / z_neg, up / z_neg])[h_neg]
        f += alpha * h
        l1 += abs(alpha)
        # share of pairs with f(x') <= f(x) up to the tie tolerance: for each positive, the
        # negatives more than the tolerance below it
        tie = TIE_TOLERANCE * (1.0 + l1)
        above = np.searchsorted(np.sort(f[m:]), np.sort(f[:m]) - tie, side="left").sum()
        error = 1.0 - float(above) / (m * n)
        Z = z_pos * z_neg
        record.add(t, alpha, search.stump(best), eps_plus, eps_minus, eps_zero, Z, error, smoothed)
    return _model(record, X_pos.shape[1], "bipartite_rankboost")


def adaboost(X_pos, X_neg, n_rounds, *, smoothing=None):
    """AdaBoost on the same stumps plus the constant hypothesis, for the bipartite comparison.

    Coordinate descent on ``F_Ada(alpha) = sum_i exp(-f(x'_i)) + sum_j exp(f(x_j))
    = F_+ + F_-`` (section 10.5.1) over the {0, 1}-valued stumps of
    :func:`bipartite_rankboost` and the constant h_0(x) = 1.  With weights D_t on
    the m + n points (uniform at first) and, for a hypothesis h, ``W+`` the
    weight of the positives with h = 1 and ``W-`` that of the negatives with
    h = 1, the directional derivative of F_Ada is proportional to
    ``-(W+ - W-)``; each round takes the hypothesis with the largest
    ``|W+ - W-|`` (ties: the constant first, then the canonical stump order) and
    the exact step ``alpha = 1/2 log(W+ / W-)``, which may be negative.  A round
    where exactly one of W+, W- is 0 is smoothed as in :func:`rankboost`
    (default ``lam = 1 / (2 (m + n))``).

    Parameters
    ----------
    X_pos : array_like of shape (m, d)
        Positive points (label +1).
    X_neg : array_like of shape (n, d)
        Negative points (label -1).
    n_rounds : int
        Number of rounds T, between 1 and :data:`MAX_BOOSTING_ROUNDS` (100,000).
    smoothing : float, optional
        ``lam`` in [1e-12, 1/3] for the degenerate rounds.

    Returns
    -------
    RankBoostModel
        With ``algorithm="adaboost"``.  ``rankers`` may contain the constant
        ``Stump(0, -inf)``; ``history`` holds W+, W- and the weight of the
        points with h = 0 as ``eps_plus``, ``eps_minus``, ``eps_zero``, the
        normalizers Z_t, and the classification error ``y f(x) <= 0`` (up to the
        tie tolerance, see the module docstring).

    Raises
    ------
    ValueError, TypeError
        As :func:`bipartite_rankboost`.

    References
    ----------
    Mohri et al. (2018), section 10.5.1 (F_AdaBoost, eq. 10.22) and section 7.2
    (AdaBoost as coordinate descent); Schapire and Singer (1999) for
    {0, 1}-valued ("abstaining") hypotheses.

    Examples
    --------
    >>> model = adaboost([[2.0], [3.0], [0.5]], [[1.0], [2.5], [0.0]], n_rounds=3)
    >>> model.rankers
    (Stump(1[x0 > 0.25]), Stump(1[x0 <= 2.75]), Stump(1[x0 > 0.25]))
    >>> model.alphas.round(4)
    array([ 0.2027, -0.3739,  0.319 ])
    """
    X_pos, X_neg = _check_class_samples(X_pos, X_neg)
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=MAX_BOOSTING_ROUNDS)
    m, n = X_pos.shape[0], X_neg.shape[0]
    lam = check_step_smoothing(smoothing, m + n)
    search = StumpSearch(np.vstack([X_pos, X_neg]), with_constant=True)
    y = np.r_[np.ones(m), -np.ones(n)]
    positive = y > 0
    weights = np.full(m + n, 1.0 / (m + n))
    f = np.zeros(m + n)
    l1 = 0.0  # ||alpha||_1 so far
    record = RoundRecord(n_rounds)
    for t in range(n_rounds):
        best = search.best(weights * y, absolute=True)
        h = search.values(best)
        w_plus = weights[h & positive].sum()
        w_minus = weights[h & ~positive].sum()
        w_zero = weights[~h].sum()
        alpha, smoothed = smoothed_step(w_plus, w_minus, lam)
        Z = w_zero + w_plus * math.exp(-alpha) + w_minus * math.exp(alpha)
        weights = np.where(h, weights * np.exp(-alpha * y), weights) / Z
        f += alpha * h
        l1 += abs(alpha)
        error = np.count_nonzero(y * f <= TIE_TOLERANCE * (1.0 + l1)) / (m + n)
        record.add(t, alpha, search.stump(best), w_plus, w_minus, w_zero, Z, error, smoothed)
    return _model(record, X_pos.shape[1], "adaboost")


def coordinate_descent_rankboost(X, pairs, labels, n_rounds):
    """Coordinate descent on RankBoost's objective F (10.15), with an exact line search.

    The referee for section 10.4.2.  It builds the explicit matrix
    ``U[i, k] = y_i (h_k(x'_i) - h_k(x_i))`` for every pair and every candidate
    stump (:func:`stump_candidates`), and repeats: compute the gradient of
    ``F(alpha) = sum_i exp(-(U alpha)_i)``; move along the coordinate with the
    most negative directional derivative (ties: the canonical order, as in
    :func:`rankboost`); choose the step by solving ``d/d eta F(alpha + eta e_k) = 0``
    with :func:`scipy.optimize.brentq` on the exponential sum itself.  No
    closed form of RankBoost (eps, 1/2 log, Z_t) is used; the history is
    computed afterwards from the normalized weights ``exp(-(U alpha)_i) / F``.
    Memory is O(P K) for P pairs and K stumps, so it is meant for small samples.

    Parameters
    ----------
    X, pairs, labels, n_rounds
        As in :func:`rankboost`.

    Returns
    -------
    RankBoostModel
        With ``algorithm="coordinate_descent"``: the stump of each coordinate
        step and its step size.

    Raises
    ------
    ValueError
        As :func:`rankboost`; also if a chosen direction has no minimizer (the
        steepest stump misranks no pair, so F keeps decreasing along it,
        towards the sum of the terms of the pairs it ties: use
        :func:`rankboost`, which smooths that step), or if the pairs x
        stumps matrix would exceed 2e7 entries.
    TypeError
        As :func:`rankboost`.

    References
    ----------
    Mohri et al. (2018), section 10.4.2, eqs. (10.15)-(10.16); Rudin et al. (2005).

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0]]
    >>> pairs, labels = [[0, 1], [1, 2], [2, 3], [0, 2], [1, 3], [0, 3]], [1, 1, 1, 1, 1, -1]
    >>> cd = coordinate_descent_rankboost(X, pairs, labels, n_rounds=3)
    >>> rb = rankboost(X, pairs, labels, n_rounds=3)
    >>> cd.rankers == rb.rankers, bool(np.allclose(cd.alphas, rb.alphas, rtol=1e-9))
    (True, True)
    """
    from scipy.optimize import brentq

    X, a, b, y = _check_pairwise(X, pairs, labels)
    n_rounds = check_int(n_rounds, "n_rounds", minimum=1, maximum=MAX_BOOSTING_ROUNDS)
    stumps = stump_candidates(X)
    if not stumps:
        raise ValueError("X: every feature is constant, so there is no stump to choose")
    if a.size * len(stumps) > _MAX_REFEREE_CELLS:
        raise ValueError(
            f"pairs: {a.size} pairs x {len(stumps)} stumps is too large for this "
            "referee (at most 2e7 entries); use rankboost()"
        )
    H = np.column_stack([h(X) for h in stumps])  # (N, K) of 0.0 / 1.0
    U = y[:, None] * (H[b] - H[a])  # (P, K) in {-1, 0, +1}
    margin = np.zeros(a.size)  # (U alpha)_i = y_i (f(x'_i) - f(x_i))
    f = np.zeros(X.shape[0])
    l1 = 0.0  # ||alpha||_1 so far
    record = RoundRecord(n_rounds)
    for t in range(n_rounds):
        shift = margin.min()
        w = np.exp(-(margin - shift))  # proportional to the terms of F
        total = w.sum()
        slope = -(U.T @ w) / total  # directional derivatives of F, divided by F > 0
        k = _first_best(-slope)
        u = U[:, k]
        weights = w / total
        eps_plus = weights[u > 0].sum()
        eps_minus = weights[u < 0].sum()
        eps_zero = weights[u == 0].sum()

        def derivative(eta, u=u, w=w, total=total):
            return -(u * w * np.exp(-eta * u)).sum() / total

        if not (u < 0).any() and (u > 0).any():
            raise ValueError(
                f"round {t + 1}: the steepest stump {stumps[k]} misranks no pair, "
                "so F keeps decreasing along it (towards the sum of the terms of the "
                "pairs it ties) and the exact line search has no minimizer; "
                "rankboost() smooths this step"
            )
        if derivative(0.0) >= 0.0:  # no descent direction: F is flat or rises along every stump
            eta = 0.0
        else:
            upper = 1.0
            while derivative(upper) < 0.0:
                upper *= 2.0
            eta = brentq(derivative, 0.0, upper, xtol=1e-15, rtol=4 * np.finfo(float).eps)
        Z = float(np.sum(weights * np.exp(-eta * u)))  # F after the step / F before
        margin = margin + eta * u
        f += eta * H[:, k]
        l1 += abs(eta)
        error = np.count_nonzero(y * (f[b] - f[a]) <= TIE_TOLERANCE * (1.0 + l1)) / a.size
        record.add(t, eta, stumps[k], eps_plus, eps_minus, eps_zero, Z, error, False)
    return _model(record, X.shape[1], "coordinate_descent")
