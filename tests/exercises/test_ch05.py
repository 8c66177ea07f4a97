"""Chapter 05's checkers verify by the property asked for: every answer with it is right."""

import itertools

import numpy as np
import pytest

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


def test_fractions_cut_to_three_digits_are_right_and_coarser_ones_told_so():
    # 5/3 and 12/7 cut, not rounded, to three significant digits are within 1%
    assert check("05.4", (0.5, 1.66)).correct
    assert check("05.2", (1.7, 1)).correct
    for exercise, answer in (("05.4", (0.5, 1.6)), ("05.2", (1.65, 1))):
        feedback = check(exercise, answer)
        assert feedback.verdict == "wrong" and "three significant digits" in feedback.message
    # the typical wrong ratios stay wrong, without the "close" hint
    for answer in ((0.5, 2.0), (0.5, 0.5)):
        feedback = check("05.4", answer)
        assert feedback.verdict == "wrong" and "significant digits" not in feedback.message


@pytest.mark.slow
def test_top_k_means_are_read_to_one_part_in_a_thousand():
    assert check("05.5", (4200, 20880)).correct  # the seeded means, rounded to integers
    assert not check("05.5", (4214.4, 20880)).correct  # k = 10's mean, 0.35% above k = 1's
    feedback = check("05.5", (3984, 20880))  # 2n - 2H_n, the expectation
    assert feedback.verdict == "wrong" and "2n - 2H_n" in feedback.message
    assert "2n - 2H_n" in check("05.5", (4199.9, 20880)).message


def test_the_kwiksort_hints_do_not_name_the_pair_to_reverse():
    transitive = np.triu(np.ones((5, 5)), 1) + 0.5 * np.eye(5)
    near = transitive.copy()
    near[0, 3], near[3, 0] = 0.0, 1.0  # the arc between 0 and 3 reversed: ratio 3/2, not more
    for H in (transitive, near):
        feedback = check("05.7", H)
        assert feedback.verdict == "wrong"
        assert "single arc" in feedback.message  # a hint, not the answer
        for giveaway in ("extreme", "far apart", "0 > 1 > 2 > 3 > 4"):
            assert giveaway not in feedback.message, giveaway
