"""Chapter 02's checkers: a wrong answer's message states the failing inequality truly."""

import re

import pytest

from rankviz.bounds import auc_deviation_bound
from rankviz.exercises import check


@pytest.mark.parametrize("k", [4611, 4600, 3745])
def test_too_small_size_message_shows_a_bound_above_the_target(k):
    # 4611 gives 0.0200002: five decimals printed "0.02000 > 0.02", a false inequality
    feedback = check("02.4", (k, k))
    assert not feedback.correct
    shown = float(re.search(r"still ([0-9.]+) > 0\.02", feedback.message).group(1))
    assert shown > 0.02
    assert shown == pytest.approx(auc_deviation_bound(k, k, 0.05), abs=1e-7)


@pytest.mark.parametrize("k", [18, 100, 149, 150])
def test_a_short_interval_message_shows_a_half_width_above_the_target(k):
    # 150 gives 0.05015: the independence message printed "0.050" and blamed the wrong slip
    message = check("02.8", k).message
    shown = float(re.search(r"still ([0-9.]+) > 0\.05\.", message).group(1))
    assert shown > 0.05 and len(str(shown).split(".")[1]) <= 4
    assert "independent" not in message


@pytest.mark.parametrize("k", [16, 17])
def test_only_the_naive_answer_is_told_about_independent_pairs(k):
    assert "treats the mn pairs as independent" in check("02.8", k).message


@pytest.mark.parametrize("z", [-2.3077, -2.31])
def test_the_reversed_difference_is_named(z):
    assert "you computed B − A" in check("02.7", (z, "differ")).message
