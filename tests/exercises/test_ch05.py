"""Chapter 05's checkers verify by the property asked for: every answer with it is right."""

import itertools

import numpy as np

from rankviz.exercises import check
from rankviz.multipartite import k_partite_target
from rankviz.preference import all_tournaments, preference_loss
from rankviz.quicksort import expected_quicksort_loss


def test_every_k_partite_counterexample_is_accepted_and_no_other():
    for grades in itertools.permutations([0, 1, 2]):
        star, omega = k_partite_target(np.array(grades))
        for H in all_tournaments(3):
            worse = expected_quicksort_loss(H, star, omega) > preference_loss(H, star, omega) + 1e-9
            assert check("05.6", (list(grades), H)).correct == worse, (grades, H)


def test_a_fractional_counterexample_is_accepted():
    H = np.array([[0.5, 0.9, 0.2], [0.1, 0.5, 0.9], [0.8, 0.1, 0.5]])
    assert check("05.6", ([7, 4, 1], H)).correct


def test_values_are_read_within_hand_rounding():
    for x, ok in ((0.438, False), (0.44, True), (4 / 9, True), (0.449, True), (0.45, False)):
        assert check("05.1", (x, 1 / 3)).correct == ok, x


def test_an_answer_to_one_exercise_is_wrong_for_the_others():
    assert not check("05.3", (4 / 9, 1 / 3)).correct
    assert check("05.4", (1 / 6, 1 / 6)).verdict == "wrong"
