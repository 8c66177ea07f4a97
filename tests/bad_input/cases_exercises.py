"""Bad-input cases for rankviz.exercises (the exercise checkers).

An answer is the student's: a wrong or malformed one is feedback (``check`` returns a
``Feedback`` saying what form it expects), so every mutation of ``answer`` is a valid call.
The exercise id is the caller's: a bad one raises, naming ``exercise``.
"""

from __future__ import annotations

from bad_input.harness import Call, Case
from rankviz import exercises

ANSWER_MUTATIONS = {
    "nan entry",
    "inf entry",
    "-inf entry",
    "empty",
    "extra dimension",
    "scalar",
    "one entry fewer",
    "complex",
    "strings",
    "string",
    "none",
    "ragged",
}

CASES = {
    "rankviz.exercises.check": Case(
        setup=lambda: Call(exercises.check, "02.1", [2 / 3, 5 / 6, 1.0, 0.0]),
        valid={"answer": ANSWER_MUTATIONS},
        extra={"exercise": {"unknown id": "09.99", "no dot": "021"}},
    ),
    "rankviz.exercises.exercise_ids": Case(setup=lambda: Call(exercises.exercise_ids)),
}

RESULT_TYPES = {
    "rankviz.exercises.Feedback": "what check returns about an answer",
}
