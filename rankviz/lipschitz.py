"""How strongly least-squares scores (22) react to the data: the Lipschitz constant of a mask.

Least squares (22) (:func:`rankviz.aggregation.thurstone_mosteller_scores`) maps a
skew-symmetric matrix ``A`` to scores ``s_A = L^+ (Omega ∘ A) 1``, with ``L`` the Laplacian
of the comparison graph ``Omega``.  Under full observation ``L^+`` acts as ``1/m``, and
``|s_A - s_B|^2 <= (1/m) |||A - B|||_2^2`` (Duchi et al., section 5.1).  With a mask the same
argument gives the constant ``m / lambda_2^2``, ``lambda_2`` the algebraic connectivity of the
graph (:func:`algebraic_connectivity`, :func:`masked_lipschitz_constant`).

Both steps of that argument are tight at once when ``M = A - B`` has ``M 1`` in the eigenspace of
``lambda_2`` and ``1`` as a top singular vector.  :func:`tight_lipschitz_difference` solves
``M 1 = v``, ``M v = -(|v|^2 / m) 1`` for the values of ``M`` on the graph's edges, given a
direction ``v`` of that eigenspace (:func:`fiedler_directions`); an exact solution makes ``1``
*a* singular vector of ``M``, not necessarily the top one.

References
----------
J. C. Duchi, L. Mackey, M. I. Jordan, "The asymptotics of ranking algorithms", *Annals of
Statistics* 41(5), 2013, section 5.1 (seed ``003_78b4dd99621c547a.txt``); M. Fiedler,
"Algebraic connectivity of graphs", *Czechoslovak Mathematical Journal* 23, 1973.
"""

from __future__ import annotations

import numpy as np

from rankviz._validation import MAX_MAGNITUDE, check_array, check_int
from rankviz.aggregation import MAX_ITEMS, comparison_groups

__all__ = [
    "algebraic_connectivity",
    "fiedler_directions",
    "masked_lipschitz_constant",
    "tight_lipschitz_difference",
]

#: Largest number of directions :func:`fiedler_directions` returns.
MAX_DIRECTIONS = 10_000


def _as_graph_mask(mask) -> np.ndarray:
    """A symmetric boolean mask as the float adjacency matrix of its graph (diagonal dropped)."""
    arr = check_array(mask, "mask", ndim=2, dtype="bool")
    n = arr.shape[0]
    if arr.shape != (n, n) or n < 2:
        raise ValueError(
            f"mask must be a square matrix over at least 2 items, got shape {arr.shape}"
        )
    if n > MAX_ITEMS:
        raise ValueError(f"mask covers {n} items; at most MAX_ITEMS = {MAX_ITEMS}")
    if not np.array_equal(arr, arr.T):
        i, j = np.argwhere(arr != arr.T)[0]
        raise ValueError(
            f"mask must be symmetric (a pair is compared or not), but "
            f"mask[{i}, {j}] != mask[{j}, {i}]"
        )
    adjacency = arr.astype(float)
    np.fill_diagonal(adjacency, 0.0)
    return adjacency


def _laplacian(adjacency: np.ndarray) -> np.ndarray:
    return np.diag(adjacency.sum(axis=1)) - adjacency


def _check_connected(adjacency: np.ndarray) -> None:
    groups = comparison_groups(adjacency.astype(np.int64))
    if len(groups) > 1:
        raise ValueError(
            f"mask must describe a connected comparison graph, got the groups "
            f"{' | '.join(str(g) for g in groups[:6])}"
        )


def algebraic_connectivity(mask):
    """The second smallest eigenvalue ``lambda_2`` of the Laplacian of a comparison graph.

    Parameters
    ----------
    mask : array_like of bool, shape (m, m)
        Symmetric, True for the compared pairs (:func:`rankviz.aggregation.comparison_mask`);
        the diagonal does not matter.

    Returns
    -------
    float
        ``lambda_2 >= 0``; it is 0 exactly when the graph is disconnected, and ``m`` for the
        complete graph.

    Raises
    ------
    TypeError, ValueError
        If ``mask`` is not a symmetric boolean matrix over 2 to ``MAX_ITEMS`` items.

    References
    ----------
    Fiedler (1973); Duchi, Mackey and Jordan (2013), section 5.1.

    Examples
    --------
    >>> round(algebraic_connectivity(np.ones((4, 4), dtype=bool)), 6)   # complete graph: m
    4.0
    >>> path = np.eye(4, dtype=bool) | np.eye(4, k=1, dtype=bool) | np.eye(4, k=-1, dtype=bool)
    >>> round(algebraic_connectivity(path), 4)                         # 2 - sqrt 2
    0.5858
    """
    adjacency = _as_graph_mask(mask)
    value = float(np.linalg.eigvalsh(_laplacian(adjacency))[1])
    return max(value, 0.0) if value > 1e-12 else 0.0


def masked_lipschitz_constant(mask):
    """The constant ``m / lambda_2^2`` of ``|s_A - s_B|^2 <= C |||Omega ∘ (A - B)|||_2^2``.

    Parameters
    ----------
    mask : array_like of bool, shape (m, m)
        A connected comparison graph (symmetric; the diagonal does not matter).

    Returns
    -------
    float
        ``m / lambda_2^2``; ``1 / m`` under full observation.

    Raises
    ------
    TypeError, ValueError
        If ``mask`` is invalid or its graph is disconnected (then (22) is undetermined).

    References
    ----------
    Duchi, Mackey and Jordan (2013), section 5.1 (the constant ``1/m`` under full
    observation).

    Examples
    --------
    >>> masked_lipschitz_constant(np.ones((4, 4), dtype=bool))
    0.25
    """
    adjacency = _as_graph_mask(mask)
    _check_connected(adjacency)
    lambda_2 = float(np.linalg.eigvalsh(_laplacian(adjacency))[1])
    return float(np.round(len(adjacency) / lambda_2**2, 12))


def fiedler_directions(mask, n_directions):
    """Unit vectors of the eigenspace of ``lambda_2``, spread over half a turn.

    The eigenspace of the algebraic connectivity of a connected graph is orthogonal to
    ``1``.  With ``e_first`` and ``e_last`` the first and last vectors of numpy's
    orthonormal basis of it, the directions are ``cos(t) e_first + sin(t) e_last`` for
    ``n_directions`` angles ``t`` evenly spaced in ``[0, pi)``; when the eigenspace is a
    line they are ``e_first`` times ``cos(t)``, rescaled to unit length (the angle
    ``pi / 2`` of that line, a zero vector, is dropped).

    Parameters
    ----------
    mask : array_like of bool, shape (m, m)
        A connected comparison graph.
    n_directions : int
        Number of angles, 1 to ``MAX_DIRECTIONS``.

    Returns
    -------
    ndarray of shape (k, m)
        Unit vectors of the eigenspace, ``k <= n_directions``.

    Raises
    ------
    TypeError, ValueError
        If ``mask`` is invalid or disconnected, or ``n_directions`` is out of range.

    Examples
    --------
    >>> directions = fiedler_directions(np.ones((3, 3), dtype=bool), 4)
    >>> directions.shape, bool(np.allclose(directions.sum(axis=1), 0))
    ((4, 3), True)
    """
    adjacency = _as_graph_mask(mask)
    k = check_int(n_directions, "n_directions", minimum=1, maximum=MAX_DIRECTIONS)
    _check_connected(adjacency)
    levels, vectors = np.linalg.eigh(_laplacian(adjacency))
    eigenspace = vectors[:, np.isclose(levels, levels[1])]
    angles = np.linspace(0.0, np.pi, k, endpoint=False)
    second = eigenspace[:, -1] if eigenspace.shape[1] > 1 else np.zeros(len(adjacency))
    directions = np.cos(angles)[:, None] * eigenspace[:, 0] + np.sin(angles)[:, None] * second
    norms = np.linalg.norm(directions, axis=1)
    keep = norms > 1e-9
    return directions[keep] / norms[keep, None]


def tight_lipschitz_difference(mask, v):
    """A difference ``M = A - B`` on the graph's pairs that makes both steps of the bound tight.

    Solves, in the least-squares sense, ``M 1 = v`` and ``M v = -(|v|^2 / m) 1`` for the
    values ``M_ab = -M_ba`` on the compared pairs (``M`` is 0 elsewhere).  With ``v`` in the
    eigenspace of ``lambda_2`` (:func:`fiedler_directions`), an exact solution has
    ``|L^+ M 1| = |M 1| / lambda_2`` and ``M^T M 1 = (|v|^2 / m) 1``: ``1`` is a singular
    vector of ``M``; if it is a top one, ``|s_M - s_0|^2 = (m / lambda_2^2) |||M|||_2^2``.

    Parameters
    ----------
    mask : array_like of bool, shape (m, m)
        A connected comparison graph.
    v : array_like of shape (m,)
        A finite direction orthogonal to ``1`` (sum 0, up to 1e-9 times its norm), nonzero.

    Returns
    -------
    M : ndarray of shape (m, m)
        Skew-symmetric, zero off the compared pairs.
    exact : bool
        Whether the two equations hold (residual below 1e-9).

    Raises
    ------
    TypeError, ValueError
        If ``mask`` is invalid or disconnected, or ``v`` has the wrong length, is zero or
        is not orthogonal to ``1``.

    Examples
    --------
    >>> M, exact = tight_lipschitz_difference(np.ones((3, 3), dtype=bool), [1.0, 0.0, -1.0])
    >>> bool(exact), np.round(M @ np.ones(3), 6).tolist()
    (True, [1.0, 0.0, -1.0])
    """
    adjacency = _as_graph_mask(mask)
    _check_connected(adjacency)
    m = len(adjacency)
    direction = check_array(v, "v", ndim=1, max_abs=MAX_MAGNITUDE)
    if direction.shape != (m,):
        raise ValueError(f"v must have one entry per item, {m}, got {direction.size}")
    norm = float(np.linalg.norm(direction))
    if norm == 0.0:
        raise ValueError("v must be nonzero")
    if abs(direction.sum()) > 1e-9 * norm * m:
        raise ValueError(f"v must be orthogonal to 1 (sum 0), got sum {direction.sum():.3g}")
    edges = np.argwhere(np.triu(adjacency, 1) > 0)
    system = np.zeros((2 * m, len(edges)))  # unknowns: M_ab on the edges (a, b), M_ba = -M_ab
    for e, (a, b) in enumerate(edges):
        system[[a, b], e] = 1, -1  # rows of M 1
        system[[m + a, m + b], e] = direction[b], -direction[a]  # rows of M v
    target = np.r_[direction, -(direction @ direction) / m * np.ones(m)]
    values = np.linalg.lstsq(system, target, rcond=None)[0]
    M = np.zeros((m, m))
    M[edges[:, 0], edges[:, 1]] = values
    M = M - M.T
    return M, bool(np.linalg.norm(system @ values - target) < 1e-9)
