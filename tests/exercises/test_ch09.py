"""Chapter 09's checkers verify by the property asked for: every answer with it is right."""

import itertools

import numpy as np

from rankviz.exercises import check
from rankviz.orders import random_task_weights
from rankviz.scheduling import brute_force_schedule, schedule_loss


def test_every_optimal_total_order_is_accepted_and_no_other():
    w = random_task_weights(6, 0.5, rng=1) + 0.1 * np.tril(np.ones((6, 6)), -1)
    best = brute_force_schedule(w, np.zeros(6)).loss
    for order in itertools.permutations(range(6)):
        rounds = np.empty(6, dtype=int)
        rounds[list(order)] = np.arange(1, 7)
        optimal = schedule_loss(rounds, w, np.zeros(6)) <= best + 1e-9
        assert check("09.4", list(order)).correct == optimal


def test_the_largest_weight_is_read_within_hand_rounding():
    for x, ok in ((0.99, False), (0.996, True), (1.0, True), (1.004, True), (1.01, False)):
        assert check("09.5", (x, True)).correct == ok, x


def test_an_answer_to_one_exercise_is_wrong_for_the_others():
    assert not check("09.2", (4, 5)).correct
    assert check("09.1", (200, 100, 4)).verdict == "wrong"
