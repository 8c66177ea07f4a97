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
