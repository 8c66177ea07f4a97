"""rankviz._graphs: the one helper that builds networkx DiGraphs, against networkx's own reader."""

import networkx as nx
import numpy as np
import pytest

from rankviz._graphs import digraph_from_edges, digraph_from_weights


def test_a_weight_matrix_gives_networkx_s_graph_with_every_node():
    rng = np.random.default_rng(0)
    for _ in range(50):
        n = int(rng.integers(1, 7))
        W = rng.integers(0, 3, size=(n, n)) * rng.random((n, n))
        want = nx.from_numpy_array(W, create_using=nx.DiGraph)
        got = digraph_from_weights(W)
        assert list(got.nodes) == list(range(n))  # isolated items included
        assert list(got.edges) == list(want.edges)  # row-major, as networkx reads a matrix
        for i, j, weight in want.edges(data="weight"):
            assert got[i][j]["weight"] == weight
            assert type(got[i][j]["weight"]) is float


def test_a_mask_chooses_the_edges_and_names_label_the_nodes():
    W = np.array([[0.0, 0.7, 0.2], [0.3, 0.0, 0.6], [0.8, 0.4, 0.0]])
    graph = digraph_from_weights(W, W > 0.5, names=["a", "b", "c"])
    assert sorted(graph.edges(data="weight")) == [(0, 1, 0.7), (1, 2, 0.6), (2, 0, 0.8)]
    assert [graph.nodes[i]["name"] for i in range(3)] == ["a", "b", "c"]
    assert digraph_from_weights(np.zeros((4, 4))).number_of_nodes() == 4


def test_an_edge_list_gives_an_unweighted_graph_on_every_node():
    graph = digraph_from_edges(5, [(0, 1), (np.int64(3), np.int64(1))])
    assert list(graph.nodes) == [0, 1, 2, 3, 4]
    assert list(graph.edges) == [(0, 1), (3, 1)]
    assert all(type(u) is int for edge in graph.edges for u in edge)
    assert not graph[0][1]


@pytest.mark.parametrize("n", [2, 5])
def test_a_cycle_is_reported_as_networkx_reports_it(n):
    W = np.roll(np.eye(n), 1, axis=1)  # 0 -> 1 -> ... -> n-1 -> 0
    assert nx.find_cycle(digraph_from_weights(W)) == nx.find_cycle(nx.DiGraph(W))
