"""The hinge's pairwise risk (12) as a linear programme: a vertex minimiser, the whole optimal set.

Setting as in :mod:`rankviz.consistency`: ``Y_mean`` is the mean adjacency
``Y^mu`` of a distribution over preference DAGs.  The hinge's pairwise risk
``sum_ij Y_ij (1 - a_i + a_j)_+`` is a linear programme in the scores and one
slack per term; HiGHS (through ``scipy.optimize.linprog``) solves it.
:func:`hinge_vertex_minimizer` returns a whole-numbered vertex of it and
:func:`widest_hinge_minimizer_margin` asks whether *any* minimiser orders
every edge of the difference graph (Theorem 2 says none need to).

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms",
*Annals of Statistics* 41(5), 2013 (seed ``003_78b4dd99621c547a.txt``):
eq. (12), Theorem 2.
"""

from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import linprog

from rankviz._pairwise_terms import _components, _difference
from rankviz._solvers import SolverError
from rankviz._validation import as_weight_matrix

__all__ = ["hinge_vertex_minimizer", "widest_hinge_minimizer_margin"]


def _as_adjacency(values, name: str) -> np.ndarray:
    """A weighted preference graph over at least 2 items (see ``as_weight_matrix``)."""
    return as_weight_matrix(values, name, min_items=2)


def _hinge_lp(Y: np.ndarray):
    """The hinge risk sum_ij Y_ij (1 - a_i + a_j)_+ as an LP in (a, t): its pieces."""
    n = Y.shape[0]
    terms = [(i, j) for i, j in itertools.permutations(range(n), 2) if Y[i, j] > 0]
    rows = np.zeros((len(terms), n + len(terms)))  # t_k >= 1 - (a_i - a_j)
    for k, (i, j) in enumerate(terms):
        rows[k, i], rows[k, j], rows[k, n + k] = -1.0, 1.0, -1.0
    pinned = {group[0] for group in _components(n, [i for i, _ in terms], [j for _, j in terms])}
    bounds = [(0, 0) if v in pinned else (None, None) for v in range(n)] + [(0, None)] * len(terms)
    costs = np.r_[np.zeros(n), [Y[i, j] for i, j in terms]]
    return terms, rows, bounds, costs


def hinge_vertex_minimizer(Y_mean):
    """A *vertex* minimiser of the hinge's pairwise risk (12), by the dual simplex method.

    The risk ``sum_ij Y_ij (1 - a_i + a_j)_+`` is the linear programme ``min sum_k w_k t_k``
    subject to ``t_k >= 1 - (a_i - a_j)`` and ``t_k >= 0``, with the first item of every
    group of linked items pinned at 0.  Its constraint matrix is totally unimodular and its
    right-hand sides are whole numbers, so every vertex has whole-number scores; HiGHS's dual
    simplex returns a vertex.  (The minimiser of smallest norm that
    :func:`rankviz.surrogates.graph_surrogate_minimizer` returns need not be one.)

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        Expected adjacency matrix: non-negative, zero diagonal.

    Returns
    -------
    alpha : ndarray of shape (n,)
        A vertex minimiser (``alpha[0] = 0``).
    value : float
        The minimum of the risk.

    Raises
    ------
    TypeError, ValueError
        If ``Y_mean`` is invalid.
    rankviz.SolverError
        If HiGHS fails.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (12), Theorem 2.

    Examples
    --------
    >>> alpha, value = hinge_vertex_minimizer([[0, 0.5, 5], [0, 0, 2], [2, 0, 0]])
    >>> alpha + 0.0, value            # the running example: 0 and 1 tied
    (array([ 0.,  0., -1.]), 4.5)
    """
    Y = _as_adjacency(Y_mean, "Y_mean")
    n = Y.shape[0]
    terms, rows, bounds, costs = _hinge_lp(Y)
    if not terms:
        return np.zeros(n), 0.0
    vertex = linprog(costs, A_ub=rows, b_ub=-np.ones(len(terms)), bounds=bounds, method="highs-ds")
    if vertex.status != 0:
        raise SolverError(f"HiGHS could not solve the hinge risk: {vertex.message}")
    return vertex.x[:n] + 0.0, float(vertex.fun)


def widest_hinge_minimizer_margin(Y_mean):
    """The largest smallest margin on the edges of ``G_mu`` over *all* minimisers of the hinge (12).

    Two linear programmes (HiGHS): the minimum ``R*`` of the hinge's pairwise risk, then the
    largest ``m <= 1`` such that some scores with risk at most ``R* + 1e-9`` have
    ``a_i - a_j >= m`` on every edge ``i -> j`` of the difference graph.  A result ``<= 0``
    (up to solver tolerance) means that no minimiser orders every edge: the surrogate's
    failure does not depend on which minimiser a solver returns.

    Parameters
    ----------
    Y_mean : array_like of shape (n, n)
        Expected adjacency matrix: non-negative, zero diagonal.

    Returns
    -------
    float
        The largest smallest margin, in ``(-inf, 1]`` (1 when ``G_mu`` has no edge).

    Raises
    ------
    TypeError, ValueError
        If ``Y_mean`` is invalid.
    rankviz.SolverError
        If HiGHS fails.

    References
    ----------
    Duchi, Mackey and Jordan (2013), eq. (12), Theorem 2.

    Examples
    --------
    >>> round(widest_hinge_minimizer_margin([[0, 0.5, 5], [0, 0, 2], [2, 0, 0]]), 6) + 0.0
    0.0
    >>> widest_hinge_minimizer_margin([[0, 2, 3], [0, 0, 1], [0, 0, 0]])   # no pull: margin 1
    1.0
    """
    Y = _as_adjacency(Y_mean, "Y_mean")
    n = Y.shape[0]
    edges = [(int(i), int(j)) for i, j in zip(*np.nonzero(_difference(Y) > 0), strict=True)]
    if not edges:
        return 1.0
    best = hinge_vertex_minimizer(Y)[1]
    terms, rows, bounds, costs = _hinge_lp(Y)
    size = n + len(terms)
    A = [np.r_[row, 0.0] for row in rows]  # the pieces, as before
    b = [-1.0] * len(terms)
    A.append(np.r_[costs, 0.0])  # risk <= best + 1e-9
    b.append(best + 1e-9)
    for i, j in edges:  # m <= a_i - a_j
        row = np.zeros(size + 1)
        row[i], row[j], row[size] = -1.0, 1.0, 1.0
        A.append(row)
        b.append(0.0)
    result = linprog(
        np.r_[np.zeros(size), -1.0],
        A_ub=np.array(A),
        b_ub=np.array(b),
        bounds=[*bounds, (None, 1.0)],
        method="highs",
    )
    if result.status != 0:
        raise SolverError(f"HiGHS could not solve the margin programme: {result.message}")
    return float(result.x[size])
