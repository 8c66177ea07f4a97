"""The one way rankviz turns a weight matrix or an edge list into a networkx ``DiGraph``.

Chapters build directed graphs from matrices in many places (preference graphs,
difference graphs, majority graphs, the comparison graph of BTL, the support of
a surrogate's terms); each used to write ``nx.DiGraph()`` and an edge loop by hand.
Here is the one helper, so that every graph has nodes ``0, ..., n-1`` (isolated items
included) and its edges in row-major order (which fixes the order networkx's searches
visit them in, and so the cycle or order they report).

Private helpers: callers validate their matrices first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import networkx as nx
import numpy as np

__all__ = ["digraph_from_edges", "digraph_from_weights", "unbeaten_group"]


def digraph_from_weights(
    weights: np.ndarray,
    edges: np.ndarray | None = None,
    *,
    names: Sequence | None = None,
) -> nx.DiGraph:
    """The directed graph of a square matrix: nodes ``0..n-1``, an edge ``i -> j`` where chosen.

    ``edges`` is a boolean mask of the edges to keep (default: the non-zero entries of
    ``weights``); each edge carries ``weight=float(weights[i, j])``.  With ``names``, node
    ``i`` carries the attribute ``name=str(names[i])``.
    """
    weights = np.asarray(weights)
    mask = weights != 0 if edges is None else np.asarray(edges, dtype=bool)
    graph = nx.DiGraph()
    if names is None:
        graph.add_nodes_from(range(weights.shape[0]))
    else:
        graph.add_nodes_from((i, {"name": str(names[i])}) for i in range(weights.shape[0]))
    rows, cols = np.nonzero(mask)
    graph.add_weighted_edges_from(
        zip(rows.tolist(), cols.tolist(), weights[rows, cols].astype(float).tolist(), strict=True)
    )
    return graph


def digraph_from_edges(n: int, edges: Iterable[tuple[int, int]]) -> nx.DiGraph:
    """The directed graph on nodes ``0..n-1`` with the given ``(i, j)`` edges, unweighted."""
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from((int(i), int(j)) for i, j in edges)
    return graph


def unbeaten_group(beats: nx.DiGraph) -> tuple[list[int], str]:
    """The items of a source component of ``beats`` ("i beat j" edges) and how to name the rest.

    When the graph is not strongly connected, some strongly connected component has no edge
    coming in: its items never lost to an item outside it, and a maximum-likelihood estimate
    (Bradley-Terry, Plackett-Luce) does not exist. Returns those items, sorted, and the phrase
    for the items they never lost to ("any other item" or "an item outside their group"), for
    the caller's error message.
    """
    condensed = nx.condensation(beats)
    top = next(iter(nx.topological_sort(condensed)))
    members = sorted(condensed.nodes[top]["members"])
    return members, "any other item" if len(members) == 1 else "an item outside their group"
