"""Checkers for the chapters' exercises: write your answer, run ``check``, read what holds.

Each checkable exercise of a chapter notebook ends with an answer cell::

    answer = ...            # replace ... with your answer
    check("02.1", answer)

:func:`check` verifies the answer by the property the exercise asks for (a claimed
counterexample is checked to be one, a claimed bound to hold and, where asked, to be tight)
and returns a :class:`Feedback` that says in a sentence or two what is right or which property
fails.  The exercise ids are ``"NN.k"``: chapter ``NN``, exercise ``k`` of its notebook.  The
checkers of chapter ``NN`` live in ``rankviz/exercises/chNN.py``.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass

from rankviz._validation import check_text
from rankviz.exercises._registry import EXERCISE_ID, Malformed, registry

__all__ = ["Feedback", "check", "exercise_ids"]

VERDICTS = ("right", "wrong", "malformed", "unanswered")


@dataclass(frozen=True)
class Feedback:
    """What :func:`check` says about an answer.

    Attributes
    ----------
    exercise : str
        The exercise id, e.g. ``"02.1"``.
    verdict : str
        ``"right"``, ``"wrong"``, ``"malformed"`` (the answer does not have the form asked for)
        or ``"unanswered"`` (the answer is still ``...``).
    message : str
        One or two sentences: what holds, which property fails, or what form is expected.
    """

    exercise: str
    verdict: str
    message: str

    @property
    def correct(self) -> bool:
        """Whether the answer is right."""
        return self.verdict == "right"

    def __str__(self) -> str:
        heads = {
            "right": "right",
            "wrong": "not yet",
            "malformed": "cannot read the answer",
            "unanswered": "not answered yet",
        }
        return f"Exercise {self.exercise}, {heads[self.verdict]}: {self.message}"

    def __repr__(self) -> str:  # what a notebook cell shows
        return str(self)


def _load_chapters() -> None:
    """Import every ``chNN`` module of this package, which registers its checkers."""
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("ch"):
            importlib.import_module(f"{__name__}.{info.name}")


def exercise_ids() -> list[str]:
    """The ids of every exercise that has a checker, in chapter and exercise order.

    Examples
    --------
    >>> "02.1" in exercise_ids()
    True
    """
    _load_chapters()
    return sorted(registry(), key=lambda k: tuple(int(p) for p in k.split(".")))


def check(exercise: str, answer: object) -> Feedback:
    """Check an answer to a chapter exercise.

    Parameters
    ----------
    exercise : str
        The exercise id, ``"NN.k"`` (chapter ``NN``, exercise ``k``), as its answer cell names it.
    answer : object
        Your answer, in the form the exercise's answer cell describes; ``...`` (Ellipsis) means
        not answered yet.

    Returns
    -------
    Feedback
        ``verdict`` is ``"right"``, ``"wrong"``, ``"malformed"`` or ``"unanswered"``, and
        ``message`` says why.  A wrong or malformed answer is feedback, never an exception.

    Raises
    ------
    TypeError
        If ``exercise`` is not a string.
    ValueError
        If ``exercise`` names no exercise with a checker.

    Examples
    --------
    >>> check("02.1", ...).verdict
    'unanswered'
    """
    exercise = check_text(exercise, "exercise")
    if not EXERCISE_ID.match(exercise):
        raise ValueError(f"exercise must look like '02.1' (chapter.number), got {exercise!r}")
    # load the exercise's chapter only (the others import heavier modules: cvxpy, scikit-learn)
    chapter = f"ch{exercise[:2]}"
    if any(info.name == chapter for info in pkgutil.iter_modules(__path__)):
        importlib.import_module(f"{__name__}.{chapter}")
    if exercise not in registry():
        raise ValueError(
            f"exercise {exercise!r} has no checker; the exercises with one are "
            f"{', '.join(exercise_ids())}"
        )
    entry = registry()[exercise]
    if answer is Ellipsis:
        return Feedback(
            exercise, "unanswered", f"replace ... with {entry.asks}, then run the cell again."
        )
    try:
        verdict = entry.checker(answer)
    except Malformed as problem:
        return Feedback(exercise, "malformed", f"{problem} Expected {entry.asks}.")
    return Feedback(exercise, "right" if verdict.correct else "wrong", verdict.message)
