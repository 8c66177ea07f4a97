"""Chapter 01's checkers: messages that point at the idea without giving the answer away."""

import numpy as np

from rankviz.exercises import check


def test_a_wrong_err_constant_is_not_told_the_true_gap():
    for c in (1, 1.0, 0.25, 0.75, 2, 0, -0.5, -1):
        feedback = check("01.3", c)
        assert feedback.verdict == "wrong", c
        assert "0.5" not in feedback.message and "1/2" not in feedback.message, c


def test_err_constant_messages_say_which_way_it_is_off():
    assert "too large" in check("01.3", 1).message
    assert "too small" in check("01.3", 0.25).message
    for c in (-0.5, -2):
        message = check("01.3", c).message
        assert "sign is reversed" in message and "c is positive" in message


def test_prec3_message_fits_any_wrong_value():
    message = check("01.1", (0.6, 29 / 36, 13 / 18)).message
    assert "(relevant documents among the top 3)/3" in message
    assert "not the number" not in message


def test_avgprec_value_below_one_is_printed_exactly():
    assert "0.9375" in check("01.5", (4, 0.6287)).message  # AvgPrec@4 = 15/16


def test_a_cut_off_too_small_does_not_name_the_answer():
    message = check("01.5", (2, 0.6287)).message
    assert "K = 3" not in message and "3" not in message
    assert "one cut-off further" in message


def test_the_triple_may_be_a_numpy_array():
    assert check("01.4", ("triangle inequality", np.array([1, 3, 2]))).correct
    assert check("01.4", ("triangle inequality", np.array([1.0, 5.0, 3.0]))).correct
    assert check("01.4", ("triangle inequality", np.array([1.5, 3, 2]))).verdict == "malformed"
