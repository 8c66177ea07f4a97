"""Chapter 09's checkers verify by the property asked for: every answer with it is right."""

import itertools
import json
import re
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from rankviz.consistency import difference_graph
from rankviz.exercises import ch09, check
from rankviz.orders import random_task_weights
from rankviz.scheduling import brute_force_schedule, schedule_loss

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "09_task_scheduling.ipynb"


def _free_rounds_weights():
    return random_task_weights(6, 0.5, rng=1) + 0.1 * np.tril(np.ones((6, 6)), -1)


def _exercise_text(exercise):
    """The markdown of an exercise: its statement and its hints/solution cell."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    texts = ["".join(cell["source"]) for cell in cells]
    start = next(k for k, text in enumerate(texts) if text.startswith(f"### Exercise {exercise} "))
    return texts[start] + "\n" + texts[start + 2]


@pytest.mark.slow
def test_every_optimal_total_order_is_accepted_and_no_other():
    w = _free_rounds_weights()
    best = brute_force_schedule(w, np.zeros(6)).loss
    for order in itertools.permutations(range(6)):
        rounds = np.empty(6, dtype=int)
        rounds[list(order)] = np.arange(1, 7)
        optimal = schedule_loss(rounds, w, np.zeros(6)) <= best + 1e-9
        assert check("09.4", list(order)).correct == optimal


def test_positions_given_for_an_order_get_their_own_message():
    feedback = check("09.4", [0, 3, 1, 4, 5, 2])  # sigma of the optimal order [0, 2, 5, 1, 3, 4]
    assert feedback.verdict == "wrong"
    assert "read as positions" in feedback.message


def test_the_free_rounds_instance_has_no_order_running_every_pair_the_heavier_way():
    graph = nx.DiGraph(difference_graph(_free_rounds_weights()) > 0)
    assert not nx.is_directed_acyclic_graph(graph)
    message = check("09.4", [0, 1, 2, 3, 4, 5]).message
    assert "larger weight towards the other" not in message
    tasks = [int(t) for t in re.search(r"cycle ((?:\d -> )+\d)", message).group(1).split(" -> ")]
    assert tasks[0] == tasks[-1] and all(graph.has_edge(u, v) for u, v in itertools.pairwise(tasks))


def test_the_notebook_quotes_a_cycle_of_the_difference_graph_and_no_topological_order():
    graph = nx.DiGraph(difference_graph(_free_rounds_weights()) > 0)
    text = _exercise_text("09.4")
    assert "difference graph has a cycle" in text
    quoted = re.search(r"cycle ((?:\d → )+\d)", text)
    assert quoted, "the solution names the cycle"
    tasks = [int(t) for t in quoted.group(1).split(" → ")]
    assert tasks[0] == tasks[-1] and all(graph.has_edge(u, v) for u, v in itertools.pairwise(tasks))


def test_an_optimum_above_a_computed_schedule_says_so():
    for answer in ((4, 5, 6), (4, 5, 5), (4, 5, 4.5)):
        feedback = check("09.1", answer)
        assert feedback.verdict == "wrong"
        assert "cannot exceed the loss of a schedule you have already computed" in feedback.message
    assert "cannot exceed" not in check("09.1", (4, 5, 3)).message


def test_the_changes_in_loss_are_not_merge_costs():
    feedback = check("09.2", (199, 99))
    assert feedback.verdict == "wrong"
    assert "change in loss" in feedback.message and "pairwise part only" in feedback.message


def test_the_largest_weight_is_read_within_a_symmetric_window():
    for x, ok in (
        (0.99, False),
        (0.9949, False),
        (0.995, True),
        (0.996, True),
        (1.0, True),
        (1.004, True),
        (1.005, True),
        (1.0051, False),
        (1.01, False),
    ):
        assert check("09.5", (x, True)).correct == ok, x


def test_the_completion_tie_is_reported_with_every_tied_schedule():
    tied = brute_force_schedule(ch09._star(1.0), ch09._STAR_COSTS, "completion").schedules
    assert len(tied) == 16  # (4 - k)x + k at x = 1: every set of leaves in round 2
    message = check("09.5", (1.0, True)).message
    assert f"all {len(tied)} such schedules tie" in message
    solution = _exercise_text("09.5")
    assert "any other schedule is worse" not in solution
    assert f"all {len(tied)} schedules of this form" in solution


def test_the_dp_is_tried_at_zero_at_the_tie_and_at_a_large_weight(monkeypatch):
    real = ch09.optimal_contiguous_clustering
    for bad_x in (0.0, 1.0, 1e3):

        def broken(weights, costs, order, variant, bad_x=bad_x):
            result = real(weights, costs, order, variant)
            if np.isclose(np.asarray(weights)[0, 1], bad_x):
                return type(result)(**{**vars(result), "loss": result.loss + 1.0})
            return result

        monkeypatch.setattr(ch09, "optimal_contiguous_clustering", broken)
        assert not ch09._dp_always_optimal(), bad_x
        assert check("09.5", (1.0, False)).correct, bad_x  # a DP that misses is then "False"


def test_an_answer_to_one_exercise_is_wrong_for_the_others():
    assert not check("09.2", (4, 5)).correct
    assert check("09.1", (200, 100, 4)).verdict == "wrong"
