"""Chapter 06's checkers read values to the precision asked for and say which part is off."""

import pytest

from rankviz.exercises import check


def test_the_map_band_is_read_to_three_decimals():
    for answer in ((0.385, 0.5), (0.3846, 0.5), (0.3842, 0.5005)):
        assert check("06.2", answer).correct, answer
    for answer in ((0.38, 0.5), (0.3846, 0.4955), (5 / 13, 0.5049), (0.3835, 0.5)):
        assert check("06.2", answer).verdict == "wrong", answer


def test_the_map_band_names_the_ends_that_are_off():
    assert "left end" in check("06.2", (0.38, 0.5)).message
    assert "right end" in check("06.2", (5 / 13, 0.5049)).message
    message = check("06.2", (0.3, 0.6)).message
    assert "both ends" in message and "left" not in message


@pytest.mark.slow
def test_the_true_h_is_read_to_four_digits_and_never_below_the_bound():
    assert check("06.7", (0.00097, 0.0008)).correct  # the grid value rounded to 2 digits
    assert check("06.7", (0.000972, 0.00080004)).correct
    feedback = check("06.7", (0.000972, 0.000785))  # inside the old 2% tolerance
    assert feedback.verdict == "wrong" and "lower bound" in feedback.message
    assert check("06.7", (0.000972, 0.000802)).verdict == "wrong"
    assert check("06.7", (0.00095, 0.0008)).verdict == "wrong"  # the grid value 2% off
