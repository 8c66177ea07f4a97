"""Pairwise problems that put RankBoost's training-error bounds to the test.

Theorem 10.3 of Mohri et al. bounds RankBoost's training error by prod_t Z_t, and that by
exp(-2 sum_t gamma_t^2).  On benign data the second bound is loose, so a wrong constant in its
exponent goes unnoticed; a check needs problems that make it nearly tight.  This module builds
the chapter's three kinds of problem:

* :func:`noisy_pair_sample`: Gaussian points, random pairs labelled by a hidden linear score,
  a share of the labels flipped (the benign case);
* :func:`binary_pair_sample` with ``differ=1``: pair i joins a random point of {0, 1}^d to its
  complement, so every stump separates every pair (eps0 = 0) and, with coin-flip labels, the
  edges stay small: then Z_t = sqrt(1 - 4 gamma_t^2), and the constant 2 is nearly attained;
* :func:`binary_pair_sample` with ``differ < 1``: the two points differ in each feature with
  that probability, so every stump ties most pairs (eps0 large), the case where the edge
  measured on the untied pairs gives the sharper bound.

Public names
------------
:func:`noisy_pair_sample`, :func:`binary_pair_sample`.
"""

from __future__ import annotations

import numpy as np

from rankviz._validation import as_generator, check_int, check_probability

__all__ = ["binary_pair_sample", "noisy_pair_sample"]

MAX_ROWS = 10**6  # the most points or pairs a problem may have
MAX_FEATURES = 1000
MAX_ENTRIES = 10**7  # the largest number of coordinates a problem may have


def _check_size(n_rows: int, n_features: int, rows: str) -> None:
    if n_rows * n_features > MAX_ENTRIES:
        raise ValueError(
            f"{rows} and n_features: {n_rows} x {n_features} coordinates are more "
            f"than the {MAX_ENTRIES:,} supported"
        )


def noisy_pair_sample(n_points, n_pairs, *, n_features=3, flip=0.1, rng=None):
    """Gaussian points and random pairs labelled by the sum of the features, some labels flipped.

    Draws, in this order, ``X`` (standard normal, ``n_points`` x ``n_features``), ``pairs``
    (both ends uniform on the points, independently), then one uniform number per pair; pair i
    is labelled ``sign(sum X[b] - sum X[a])`` (x' = X[b] preferred when its sum is larger) and
    its label is negated when its number is below ``flip``.  A pair that joins a point to
    itself gets the label 0 (no preference).

    Parameters
    ----------
    n_points : int
        Number of points, at least 2.
    n_pairs : int
        Number of pairs, at least 1.
    n_features : int, default 3
        Number of features.
    flip : float in [0, 1], default 0.1
        Probability that a label is flipped.
    rng : int or numpy.random.Generator, optional
        Seed or generator (a generator's state advances).

    Returns
    -------
    X : ndarray of shape (n_points, n_features)
    pairs : ndarray of int, shape (n_pairs, 2)
    labels : ndarray of int, shape (n_pairs,), in {-1, 0, +1}

    Raises
    ------
    ValueError, TypeError
        On a size below its minimum or too large, ``flip`` outside [0, 1], or a bad ``rng``.

    References
    ----------
    Chapter 03, §4: the random problems on which Theorem 10.3 is checked.

    Examples
    --------
    >>> X, pairs, labels = noisy_pair_sample(5, 4, rng=0)
    >>> X.shape, pairs.shape, labels.tolist()
    ((5, 3), (4, 2), [1, 1, 1, -1])
    """
    n_points = check_int(n_points, "n_points", minimum=2, maximum=MAX_ROWS)
    n_pairs = check_int(n_pairs, "n_pairs", minimum=1, maximum=MAX_ROWS)
    n_features = check_int(n_features, "n_features", minimum=1, maximum=MAX_FEATURES)
    flip = check_probability(flip, "flip")
    _check_size(n_points, n_features, "n_points")
    rng = as_generator(rng)
    X = rng.normal(size=(n_points, n_features))
    pairs = rng.integers(0, n_points, size=(n_pairs, 2))
    labels = np.sign(X[pairs[:, 1]].sum(axis=1) - X[pairs[:, 0]].sum(axis=1)).astype(int)
    labels[rng.random(n_pairs) < flip] *= -1
    return X, pairs, labels


def binary_pair_sample(n_pairs, n_features, *, differ=1.0, rng=None):
    """Pairs of points of {0, 1}^d that differ in each feature with probability ``differ``.

    Draws, in this order, ``n_pairs`` first points uniform on {0, 1}^d; then (only when
    ``differ < 1``) one uniform number per coordinate, the second point's coordinate being
    the complement of the first's where that number is below ``differ``; then one coin-flip
    label in {-1, +1} per pair.  Pair i joins point i (x) to point ``n_pairs + i`` (x').  With
    ``differ=1`` the second point is the complement of the first, so every threshold stump
    separates every pair.

    Parameters
    ----------
    n_pairs : int
        Number of pairs, at least 1 (the sample has twice as many points).
    n_features : int
        Dimension d, at least 1.
    differ : float in [0, 1], default 1.0
        Probability that the two points of a pair differ in a feature.
    rng : int or numpy.random.Generator, optional
        Seed or generator (a generator's state advances).

    Returns
    -------
    X : ndarray of shape (2 n_pairs, n_features), entries 0.0 and 1.0
    pairs : ndarray of int, shape (n_pairs, 2)
    labels : ndarray of int, shape (n_pairs,), in {-1, +1}

    Raises
    ------
    ValueError, TypeError
        On a size below its minimum or too large, ``differ`` outside [0, 1], or a bad ``rng``.

    References
    ----------
    Chapter 03, §4 (``differ=1``: Theorem 10.3's second inequality nearly tight) and §10
    (``differ=0.3``: stumps that tie most pairs).

    Examples
    --------
    >>> X, pairs, labels = binary_pair_sample(3, 4, rng=0)
    >>> X[pairs[:, 0]] + X[pairs[:, 1]]                  # complements: every coordinate differs
    array([[1., 1., 1., 1.],
           [1., 1., 1., 1.],
           [1., 1., 1., 1.]])
    >>> set(labels.tolist()) <= {-1, 1}
    True
    """
    n_pairs = check_int(n_pairs, "n_pairs", minimum=1, maximum=MAX_ROWS)
    n_features = check_int(n_features, "n_features", minimum=1, maximum=MAX_FEATURES)
    differ = check_probability(differ, "differ")
    _check_size(2 * n_pairs, n_features, "n_pairs")
    rng = as_generator(rng)
    first = rng.integers(0, 2, size=(n_pairs, n_features)).astype(float)
    if differ == 1.0:
        second = 1 - first
    else:
        second = np.where(rng.random((n_pairs, n_features)) < differ, 1 - first, first)
    pairs = np.column_stack([np.arange(n_pairs), n_pairs + np.arange(n_pairs)])
    labels = rng.choice([-1, 1], size=n_pairs)
    return np.vstack([first, second]), pairs, labels
