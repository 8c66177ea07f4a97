"""What the exercise tests feed each checker (see tests/test_exercises.py).

Each ``tests/exercises/cases_chNN.py`` defines ``CASES``: exercise id -> :class:`Cases`.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Cases:
    """Answers to one exercise.

    right : answers the checker must accept (the notebook's solution among them; where the
        exercise has several right answers, e.g. any counterexample, more than one).
    wrong : the typical wrong answers a student gives (a slip of convention, a sign, an
        off-by-one, a non-counterexample); the checker must say "not yet", never "cannot read".
    malformed : answers of the wrong form for this exercise (beyond the generic ones the test
        tries on every checker); the checker must say what form it expects.
    """

    right: list = field(default_factory=list)
    wrong: list = field(default_factory=list)
    malformed: list = field(default_factory=list)
