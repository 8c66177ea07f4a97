"""LambdaMART (chapter 10): gradient boosting of regression trees on LambdaRank's lambdas.

Burges (2010), §7, Algorithm "LambdaMART": start from the score 0; at each round compute, for
every document of every query, the lambda (the negative LambdaRank gradient,
:func:`rankviz.listwise.objective_derivatives`) and its second derivative; fit a regression
tree with at most ``max_leaves`` leaves to the lambdas (least squares, the tree's structure);
give each leaf the Newton value ``sum lambda / sum second derivative`` over its documents
(Friedman 2001: one Newton step per leaf); and add ``learning_rate`` times the tree.
The tree's structure comes from scikit-learn's ``DecisionTreeRegressor``; the lambdas and the
leaf values are what the chapter teaches, and are computed here.

:func:`lightgbm_lambdarank` trains the reference, LightGBM's ``LGBMRanker`` with
``objective="lambdarank"`` (Ke et al. 2017), with the same settings where LightGBM has them,
single-threaded and deterministic, so that the chapter can compare the two on the same data.
"""

from __future__ import annotations

from dataclasses import dataclass

import lightgbm
import numpy as np
from sklearn.tree import DecisionTreeRegressor

from rankviz._boosting import frozen_array
from rankviz._validation import (
    MAX_MAGNITUDE,
    as_float_vector,
    as_generator,
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_real,
)
from rankviz.listwise import OBJECTIVES, objective_derivatives
from rankviz.query_data import MAX_DOCUMENTS

__all__ = [
    "LIGHTGBM_MAX_QUERY_DOCUMENTS",
    "MAX_TREES",
    "SPLITS",
    "LambdaMARTModel",
    "LightGBMRanker",
    "lambdamart",
    "lightgbm_lambdarank",
]

#: how a tree chooses its splits: least squares on the lambdas (Burges 2010) or Newton's gain
SPLITS = ("lambdas", "newton")
#: the most trees one run may grow (each round visits every pair of every query)
MAX_TREES = 2_000
#: the most documents LightGBM's lambdarank accepts in one query (a larger one is a LightGBMError)
LIGHTGBM_MAX_QUERY_DOCUMENTS = 10_000
_MIN_HESSIAN = 1e-9  # a leaf whose documents have no curvature gets the gradient step's sign only


@dataclass(frozen=True)
class LambdaMARTModel:
    """A trained LambdaMART ensemble.

    Attributes
    ----------
    trees : tuple of sklearn.tree.DecisionTreeRegressor
        The trees' structures, in the order they were grown.
    leaf_values : tuple of ndarray
        The Newton value of each leaf of each tree, indexed by the tree's node id.
    learning_rate : float
        The shrinkage each tree was added with.
    n_features : int
        The number of features the model expects.
    """

    trees: tuple
    leaf_values: tuple
    learning_rate: float
    n_features: int

    @property
    def n_trees(self) -> int:
        """The number of trees."""
        return len(self.trees)

    def __repr__(self) -> str:
        return (
            f"LambdaMARTModel({self.n_trees} trees, learning rate {self.learning_rate:g}, "
            f"{self.n_features} features)"
        )

    def _features(self, X):
        arr = check_array(X, "X", ndim=2, max_abs=MAX_MAGNITUDE, max_size=MAX_DOCUMENTS * 1_000)
        if arr.shape[1] != self.n_features:
            raise ValueError(f"X must have {self.n_features} columns, got {arr.shape[1]}")
        return arr

    def _tree_outputs(self, X):
        return np.array([v[t.apply(X)] for t, v in zip(self.trees, self.leaf_values, strict=True)])

    def decision_function(self, X, n_trees=None):
        """The scores of the documents ``X`` after the first ``n_trees`` trees.

        Parameters
        ----------
        X : array_like of shape (N, d)
            Features.
        n_trees : int, optional
            How many trees to use, 0 to :attr:`n_trees` (default all).

        Returns
        -------
        ndarray of shape (N,)

        Raises
        ------
        ValueError
            If ``X`` has the wrong number of columns or non-finite entries, or ``n_trees`` is
            out of range.
        TypeError
            If an argument has the wrong type.

        Examples
        --------
        >>> from rankviz.query_data import synthetic_queries
        >>> data = synthetic_queries(5, rng=0)
        >>> model = lambdamart(data.X, data.labels, data.boundaries, n_trees=3)
        >>> model.decision_function(data.X[:2], n_trees=0)
        array([0., 0.])
        """
        arr = self._features(X)
        m = self.n_trees if n_trees is None else check_int(n_trees, "n_trees", minimum=0)
        if m > self.n_trees:
            raise ValueError(f"n_trees must be <= {self.n_trees}, got {m}")
        if m == 0:
            return np.zeros(arr.shape[0])
        return self.learning_rate * self._tree_outputs(arr)[:m].sum(axis=0)

    def staged_decision_function(self, X):
        """The scores after 1, 2, ..., :attr:`n_trees` trees, one row per stage.

        Parameters
        ----------
        X : array_like of shape (N, d)
            Features.

        Returns
        -------
        ndarray of shape (n_trees, N)

        Raises
        ------
        ValueError, TypeError
            As :meth:`decision_function`.

        Examples
        --------
        >>> from rankviz.query_data import synthetic_queries
        >>> data = synthetic_queries(5, rng=0)
        >>> lambdamart(data.X, data.labels, data.boundaries, n_trees=3).staged_decision_function(
        ...     data.X).shape[0]
        3
        """
        arr = self._features(X)
        return self.learning_rate * np.cumsum(self._tree_outputs(arr), axis=0)


@dataclass(frozen=True)
class LightGBMRanker:
    """A trained LightGBM lambdarank model, scored like :class:`LambdaMARTModel`.

    Attributes
    ----------
    booster : lightgbm.Booster
        LightGBM's trained model.
    n_trees : int
        The number of boosting rounds it ran.
    n_features : int
        The number of features it expects.
    """

    booster: object
    n_trees: int
    n_features: int

    def __repr__(self) -> str:
        return f"LightGBMRanker({self.n_trees} trees, {self.n_features} features)"

    def decision_function(self, X, n_trees=None):
        """The scores of the documents ``X`` after the first ``n_trees`` trees.

        Parameters
        ----------
        X : array_like of shape (N, d)
            Features.
        n_trees : int, optional
            How many trees to use, 1 to :attr:`n_trees` (default all).

        Returns
        -------
        ndarray of shape (N,)

        Raises
        ------
        ValueError
            If ``X`` has the wrong number of columns or non-finite entries, or ``n_trees`` is
            out of range.
        TypeError
            If an argument has the wrong type.

        Examples
        --------
        >>> from rankviz.query_data import synthetic_queries
        >>> data = synthetic_queries(5, rng=0)
        >>> ranker = lightgbm_lambdarank(data.X, data.labels, data.boundaries, n_trees=3)
        >>> ranker.decision_function(data.X).shape == data.labels.shape
        True
        """
        arr = check_array(X, "X", ndim=2, max_abs=MAX_MAGNITUDE, max_size=MAX_DOCUMENTS * 1_000)
        if arr.shape[1] != self.n_features:
            raise ValueError(f"X must have {self.n_features} columns, got {arr.shape[1]}")
        m = self.n_trees if n_trees is None else check_int(n_trees, "n_trees", minimum=1)
        if m > self.n_trees:
            raise ValueError(f"n_trees must be <= {self.n_trees}, got {m}")
        return np.asarray(self.booster.predict(arr, num_iteration=m), dtype=float)

    def staged_decision_function(self, X):
        """The scores after 1, 2, ..., :attr:`n_trees` trees, one row per stage.

        Parameters
        ----------
        X : array_like of shape (N, d)
            Features.

        Returns
        -------
        ndarray of shape (n_trees, N)

        Raises
        ------
        ValueError, TypeError
            As :meth:`decision_function`.

        Examples
        --------
        >>> from rankviz.query_data import synthetic_queries
        >>> data = synthetic_queries(5, rng=0)
        >>> lightgbm_lambdarank(data.X, data.labels, data.boundaries, n_trees=3
        ...     ).staged_decision_function(data.X).shape[0]
        3
        """
        first = self.decision_function(X, 1)
        arr = np.asarray(X, dtype=float)
        rest = [self.booster.predict(arr, num_iteration=m) for m in range(2, self.n_trees + 1)]
        return np.vstack([first, *rest])


def _min_leaf(min_leaf_documents, n_documents):
    """``min_leaf_documents`` checked against the data: a leaf larger than it never splits."""
    min_leaf = check_int(min_leaf_documents, "min_leaf_documents", minimum=1, maximum=MAX_DOCUMENTS)
    if min_leaf > n_documents:
        raise ValueError(
            f"min_leaf_documents = {min_leaf} exceeds the {n_documents} documents: no tree could "
            "split and the model would score every document 0"
        )
    return min_leaf


def lightgbm_lambdarank(
    X,
    labels,
    boundaries,
    n_trees=50,
    *,
    max_leaves=15,
    learning_rate=0.1,
    min_leaf_documents=20,
    normalize=True,
    rng=0,
):
    """Train LightGBM's lambdarank on the same data and settings as :func:`lambdamart`.

    ``LGBMRanker(objective="lambdarank")`` with ``n_estimators=n_trees``,
    ``num_leaves=max_leaves``, ``learning_rate``, ``min_child_samples=min_leaf_documents``,
    ``lambdarank_norm=normalize``, ``deterministic=True``, ``num_threads=1``, ``verbose=-1`` and
    the seed ``rng``; everything else at LightGBM's defaults (histograms of at most 255 bins per
    feature, NDCG's truncation level 30 in the lambdas, the gains ``2**y - 1``).

    Parameters
    ----------
    X, labels, boundaries, n_trees, max_leaves, learning_rate, min_leaf_documents
        As in :func:`lambdamart`; grades must be integers 0 to 30 (LightGBM's label gains).
    normalize : bool, default True
        LightGBM's ``lambdarank_norm``: rescale each query's lambdas (and weight each pair by
        ``1 / (0.01 + |s_i - s_j|)``); False gives the plain lambdas of Burges (2010).
    rng : int, default 0
        LightGBM's ``random_state``, ``0 <= rng < 2**31``.

    Returns
    -------
    LightGBMRanker

    Raises
    ------
    ValueError
        As :func:`lambdamart`, or a grade is not an integer in ``[0, 30]``, or a query holds more
        than ``LIGHTGBM_MAX_QUERY_DOCUMENTS`` documents.
    TypeError
        If an argument has the wrong type.

    References
    ----------
    Ke et al. (2017); LightGBM's documentation, "Parameters" (``lambdarank_norm``,
    ``lambdarank_truncation_level``, ``label_gain``).

    Examples
    --------
    >>> from rankviz.query_data import synthetic_queries
    >>> data = synthetic_queries(5, rng=0)
    >>> lightgbm_lambdarank(data.X, data.labels, data.boundaries, n_trees=3)
    LightGBMRanker(3 trees, 5 features)
    """
    features = check_array(X, "X", ndim=2, max_abs=MAX_MAGNITUDE, max_size=MAX_DOCUMENTS * 1_000)
    if features.shape[0] > MAX_DOCUMENTS:
        raise ValueError(
            f"X may hold at most MAX_DOCUMENTS = {MAX_DOCUMENTS} documents, got {features.shape[0]}"
        )
    y = check_array(labels, "labels", ndim=1, dtype="int", bounds=(0, 30))
    if y.size != features.shape[0]:
        raise ValueError(
            f"labels must have one grade per row of X ({features.shape[0]}), got {y.size}"
        )
    b = check_array(boundaries, "boundaries", ndim=1, dtype="int")
    if b.size < 2 or b[0] != 0 or b[-1] != y.size or (np.diff(b) <= 0).any():
        raise ValueError(
            f"boundaries must increase strictly from 0 to the number of documents ({y.size})"
        )
    if np.diff(b).max() > LIGHTGBM_MAX_QUERY_DOCUMENTS:
        raise ValueError(
            "boundaries: LightGBM's lambdarank takes at most LIGHTGBM_MAX_QUERY_DOCUMENTS = "
            f"{LIGHTGBM_MAX_QUERY_DOCUMENTS} documents per query, got {np.diff(b).max()}"
        )
    rounds = check_int(n_trees, "n_trees", minimum=1, maximum=MAX_TREES)
    leaves = check_int(max_leaves, "max_leaves", minimum=2, maximum=131_072)
    rate = check_real(learning_rate, "learning_rate", positive=True, maximum=1.0)
    min_leaf = _min_leaf(min_leaf_documents, y.size)
    norm = check_bool(normalize, "normalize")
    seed = check_int(rng, "rng", minimum=0, maximum=2**31 - 1)
    ranker = lightgbm.LGBMRanker(
        objective="lambdarank",
        n_estimators=rounds,
        num_leaves=leaves,
        learning_rate=rate,
        min_child_samples=min_leaf,
        lambdarank_norm=norm,
        deterministic=True,
        force_row_wise=True,
        num_threads=1,
        verbose=-1,
        random_state=seed,
    )
    ranker.fit(features, y, group=np.diff(b))
    return LightGBMRanker(ranker.booster_, rounds, features.shape[1])


def lambdamart(
    X,
    labels,
    boundaries,
    n_trees=50,
    *,
    max_leaves=15,
    learning_rate=0.1,
    min_leaf_documents=20,
    objective="lambdarank",
    split="lambdas",
    sigma=1.0,
    k=None,
    rng=0,
):
    """Train LambdaMART: boosted regression trees on the lambdas, with Newton leaf values.

    Parameters
    ----------
    X : array_like of shape (N, d)
        The documents' features, query after query.
    labels : array_like of shape (N,)
        Their grades, ``>= 0``.
    boundaries : array_like of int, shape (q + 1,)
        Query ``j`` holds the documents ``boundaries[j]:boundaries[j + 1]``.
    n_trees : int, default 50
        Boosting rounds, ``1 <= n_trees <= MAX_TREES``.
    max_leaves : int, default 15
        The most leaves of a tree, ``>= 2``.
    learning_rate : float, default 0.1
        The shrinkage, in ``(0, 1]``.
    min_leaf_documents : int, default 20
        The fewest documents a leaf may hold, ``1 <= min_leaf_documents <= N``.
    objective : {"lambdarank", "ranknet", "listnet"}, default "lambdarank"
        Whose gradients the trees fit ("ranknet" and "listnet" make gradient-boosted versions
        of those losses, for comparison).
    split : {"lambdas", "newton"}, default "lambdas"
        How each tree chooses its splits. ``"lambdas"``: least squares on the lambdas, as in
        Burges (2010), §7, Algorithm LambdaMART. ``"newton"``: least squares on the Newton targets
        ``lambda / second derivative`` weighted by the second derivative, whose decrease at a
        split is the second-order gain ``G**2 / H`` that LightGBM and XGBoost maximize. The
        leaf values are Newton steps either way.
    sigma : float, default 1
        RankNet's slope in the lambdas.
    k : int, optional
        The NDCG cut-off in ``|Delta NDCG|`` (default: each query's whole list).
    rng : int or numpy.random.Generator, default 0
        Seeds the trees' tie-breaking among equally good splits.

    Returns
    -------
    LambdaMARTModel

    Raises
    ------
    ValueError
        If the arrays disagree in length, hold non-finite values, ``boundaries`` does not
        increase from 0 to ``N``, there are more than ``MAX_DOCUMENTS`` documents,
        ``min_leaf_documents`` exceeds ``N`` (no tree could split), or a number is out of its
        range.
    TypeError
        If an argument has the wrong type.

    References
    ----------
    Burges (2010), §7, Algorithm LambdaMART; Wu, Burges, Svore and Gao (2010); Friedman (2001).

    Examples
    --------
    >>> from rankviz.query_data import mean_ndcg, synthetic_queries
    >>> data = synthetic_queries(20, rng=0)
    >>> model = lambdamart(data.X, data.labels, data.boundaries, n_trees=10)
    >>> model
    LambdaMARTModel(10 trees, learning rate 0.1, 5 features)
    >>> fitted = mean_ndcg(data.labels, model.decision_function(data.X), data.boundaries)
    >>> bool(fitted > mean_ndcg(data.labels, -data.X[:, 0], data.boundaries))
    True
    """
    features = check_array(X, "X", ndim=2, max_abs=MAX_MAGNITUDE, max_size=MAX_DOCUMENTS * 1_000)
    if features.shape[0] > MAX_DOCUMENTS:
        raise ValueError(
            f"X may hold at most MAX_DOCUMENTS = {MAX_DOCUMENTS} documents, got {features.shape[0]}"
        )
    y = as_float_vector(labels, "labels")
    if y.size != features.shape[0]:
        raise ValueError(
            f"labels must have one grade per row of X ({features.shape[0]}), got {y.size}"
        )
    rounds = check_int(n_trees, "n_trees", minimum=1, maximum=MAX_TREES)
    leaves = check_int(max_leaves, "max_leaves", minimum=2, maximum=MAX_DOCUMENTS)
    rate = check_real(learning_rate, "learning_rate", positive=True, maximum=1.0)
    min_leaf = _min_leaf(min_leaf_documents, y.size)
    kind = check_choice(objective, "objective", OBJECTIVES)
    kind_split = check_choice(split, "split", SPLITS)
    gen = as_generator(rng)
    # validates boundaries, labels, sigma and k once, before the loop
    objective_derivatives(np.zeros(y.size), y, boundaries, kind, sigma, k)
    b = np.asarray(boundaries, dtype=np.int64)
    scores = np.zeros(y.size)
    trees, values = [], []
    for _ in range(rounds):
        gradient, hessian = objective_derivatives(scores, y, b, kind, sigma, k)
        tree = DecisionTreeRegressor(
            max_leaf_nodes=leaves,
            min_samples_leaf=min_leaf,
            random_state=int(gen.integers(2**31 - 1)),
        )
        if kind_split == "lambdas":
            tree.fit(features, -gradient)
        else:
            curvature = np.maximum(hessian, _MIN_HESSIAN)
            tree.fit(features, -gradient / curvature, sample_weight=curvature)
        leaf_of = tree.apply(features)
        numerator = np.bincount(leaf_of, weights=-gradient, minlength=tree.tree_.node_count)
        denominator = np.bincount(leaf_of, weights=hessian, minlength=tree.tree_.node_count)
        leaf_values = numerator / np.maximum(denominator, _MIN_HESSIAN)
        trees.append(tree)
        values.append(frozen_array(leaf_values))
        scores = scores + rate * leaf_values[leaf_of]
    return LambdaMARTModel(tuple(trees), tuple(values), rate, features.shape[1])
