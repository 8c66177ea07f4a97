"""The exercise registry and the readers that turn a student's answer into checked values.

A chapter module (``rankviz/exercises/chNN.py``) registers one checker per checkable exercise
with :func:`exercise`.  A checker receives the student's answer, reads it with the ``read_*``
helpers below (each raises :class:`Malformed` with a sentence a student can act on when the
answer has the wrong form), tests the property the exercise asks for, and returns a
:class:`Verdict`: whether the answer is right and one or two sentences saying what holds or
which property fails.  :func:`rankviz.exercises.check` turns that into the
:class:`~rankviz.exercises.Feedback` a notebook displays.

A checker verifies by the property asked for wherever one exists (a claimed counterexample is
checked to be one, a claimed bound to hold), and compares with a computed value only where the
answer *is* a value.  It never raises on a wrong or malformed answer.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from rankviz._validation import is_bool

__all__ = [
    "EXERCISE_ID",
    "Exercise",
    "Malformed",
    "Verdict",
    "exercise",
    "read_bool",
    "read_choice",
    "read_integer",
    "read_matrix",
    "read_number",
    "read_numbers",
    "read_permutation",
    "read_sequence",
    "read_vector",
    "registry",
    "right",
    "wrong",
]

EXERCISE_ID = re.compile(r"^(0[1-9]|1[0-9])\.([1-9][0-9]?)$")  # chapter.number, as in "02.1"
MAX_ANSWER_SIZE = 10_000  # no exercise asks for more numbers than this


class Malformed(Exception):
    """The answer does not have the form the exercise asks for (the message says which)."""


@dataclass(frozen=True)
class Verdict:
    """What a checker concluded: ``correct`` and a sentence or two saying why."""

    correct: bool
    message: str


def right(message: str) -> Verdict:
    """A right answer, with what holds."""
    return Verdict(True, message)


def wrong(message: str) -> Verdict:
    """A wrong answer, with the property that fails."""
    return Verdict(False, message)


@dataclass(frozen=True)
class Exercise:
    """A registered exercise: its id, the answer's form, and its checker."""

    id: str
    asks: str
    checker: Callable[[object], Verdict]


_REGISTRY: dict[str, Exercise] = {}


def registry() -> dict[str, Exercise]:
    """The registered exercises by id (the chapter modules must have been imported)."""
    return dict(_REGISTRY)


def exercise(exercise_id: str, asks: str) -> Callable:
    """Register the decorated function as the checker of ``exercise_id``.

    ``asks`` is the answer's form, in words, as the "not answered yet" line and the malformed
    messages show it: e.g. ``"a tuple of three numbers (strict, half, mohri)"``.
    """
    if not EXERCISE_ID.match(exercise_id):
        raise ValueError(f"exercise_id must look like '02.1', got {exercise_id!r}")

    def register(checker: Callable[[object], Verdict]) -> Callable[[object], Verdict]:
        if exercise_id in _REGISTRY:
            raise ValueError(f"exercise_id {exercise_id!r} is registered twice")
        _REGISTRY[exercise_id] = Exercise(exercise_id, asks, checker)
        return checker

    return register


# ---- readers ------------------------------------------------------------------------------------


def _describe(value: object) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def _is_number(value: object) -> bool:
    return isinstance(value, numbers.Real) and not is_bool(value)


def read_number(
    answer: object, what: str = "the answer", *, lo: float | None = None, hi: float | None = None
) -> float:
    """``answer`` as a finite float (a Python or numpy number, or a one-element array)."""
    if isinstance(answer, np.ndarray) and answer.size == 1 and answer.dtype.kind in "iuf":
        answer = answer.reshape(()).item()
    if isinstance(answer, numbers.Complex) and not isinstance(answer, numbers.Real):
        raise Malformed(f"{what} should be a real number, got the complex number {answer!r}.")
    if not _is_number(answer):
        raise Malformed(f"{what} should be a number, got {_describe(answer)}.")
    value = float(answer)
    if not math.isfinite(value):
        raise Malformed(f"{what} should be a finite number, got {value}.")
    if lo is not None and value < lo:
        raise Malformed(f"{what} should be at least {lo:g}, got {value:g}.")
    if hi is not None and value > hi:
        raise Malformed(f"{what} should be at most {hi:g}, got {value:g}.")
    return value


def read_integer(
    answer: object, what: str = "the answer", *, lo: int | None = None, hi: int | None = None
) -> int:
    """``answer`` as an int (a float equal to an integer is accepted)."""
    value = read_number(answer, what, lo=lo, hi=hi)
    if value != int(value):
        raise Malformed(f"{what} should be a whole number, got {value:g}.")
    return int(value)


def read_bool(answer: object, what: str = "the answer") -> bool:
    """``answer`` as True or False (only the two booleans are accepted)."""
    if is_bool(answer):
        return bool(answer)
    raise Malformed(f"{what} should be True or False, got {_describe(answer)}.")


def read_choice(
    answer: object, choices: tuple[str, ...] | list[str], what: str = "the answer"
) -> str:
    """``answer`` as one of ``choices`` (case and surrounding spaces ignored)."""
    options = ", ".join(repr(c) for c in choices)
    if not isinstance(answer, str):
        raise Malformed(f"{what} should be one of {options}, got {_describe(answer)}.")
    for choice in choices:
        if answer.strip().lower() == choice.lower():
            return choice
    raise Malformed(f"{what} should be one of {options}, got {answer!r}.")


def _as_array(answer: object, what: str) -> np.ndarray:
    if isinstance(answer, (str, bytes, dict, set, frozenset)) or answer is None:
        raise Malformed(f"{what} should be a list of numbers, got {_describe(answer)}.")
    if not isinstance(answer, (list, tuple, np.ndarray, range)) and not hasattr(
        answer,
        "__array__",  # a pandas Series or DataFrame, read by position
    ):
        raise Malformed(f"{what} should be a list, tuple or array, got {_describe(answer)}.")
    try:
        size = np.size(answer)
    except Exception:  # ragged nesting: numpy refuses to size it
        raise Malformed(
            f"{what} should be a rectangular list of numbers (rows of equal length)."
        ) from None
    if size > MAX_ANSWER_SIZE:
        raise Malformed(
            f"{what} has {size} entries; no exercise asks for more than {MAX_ANSWER_SIZE}."
        )
    if isinstance(answer, (list, tuple)) and any(
        is_bool(v)
        for v in np.asarray(answer, dtype=object).ravel()
        if not isinstance(v, (list, tuple))
    ):
        raise Malformed(f"{what} should hold numbers, not True/False values.")
    try:
        array = np.asarray(answer)
    except Exception:
        raise Malformed(
            f"{what} should be a rectangular list of numbers (rows of equal length)."
        ) from None
    if array.dtype == object and all(_is_number(v) for v in array.ravel()):
        array = array.astype(float)  # Fraction, sympy.Rational: numbers kept as objects
    if array.dtype == object or array.dtype.kind not in "iuf":
        if array.dtype.kind == "b":
            raise Malformed(f"{what} should hold numbers, not True/False values.")
        if array.dtype.kind == "c":
            raise Malformed(f"{what} should hold real numbers, not complex ones.")
        raise Malformed(
            f"{what} should hold only numbers (rows of equal length), got {_describe(answer)}."
        )
    array = array.astype(float)
    if not np.all(np.isfinite(array)):
        raise Malformed(f"{what} should hold finite numbers (no nan or inf).")
    return array


def read_vector(
    answer: object, what: str = "the answer", *, length: int | None = None, min_length: int = 1
) -> np.ndarray:
    """``answer`` as a 1-d float array of finite numbers (of ``length`` entries if given)."""
    array = _as_array(answer, what)
    if array.ndim != 1:
        raise Malformed(
            f"{what} should be a flat list of numbers, got an array of shape {array.shape}."
        )
    if length is not None and array.size != length:
        raise Malformed(f"{what} should have {length} entries, got {array.size}.")
    if array.size < min_length:
        raise Malformed(f"{what} should have at least {min_length} entries, got {array.size}.")
    return array


def read_numbers(answer: object, length: int, what: str = "the answer") -> tuple[float, ...]:
    """``answer`` as a tuple of ``length`` finite floats."""
    return tuple(float(v) for v in read_vector(answer, what, length=length))


def read_sequence(answer: object, length: int, what: str = "the answer") -> tuple:
    """``answer`` as a list or tuple of ``length`` entries (each read by the checker)."""
    if not isinstance(answer, (list, tuple)):
        raise Malformed(f"{what} should be a tuple of {length} entries, got {_describe(answer)}.")
    if len(answer) != length:
        raise Malformed(f"{what} should have {length} entries, got {len(answer)}.")
    return tuple(answer)


def read_matrix(
    answer: object, what: str = "the answer", *, shape: tuple[int | None, int | None] = (None, None)
) -> np.ndarray:
    """``answer`` as a 2-d float array (of ``shape``, where an entry is not None)."""
    array = _as_array(answer, what)
    if array.ndim != 2:
        raise Malformed(
            f"{what} should be a table of numbers (a list of rows), got an array "
            f"of shape {array.shape}."
        )
    for axis, (want, got) in enumerate(zip(shape, array.shape, strict=True)):
        if want is not None and want != got:
            kind = "rows" if axis == 0 else "columns"
            raise Malformed(f"{what} should have {want} {kind}, got {got}.")
    return array


def read_permutation(answer: object, n: int, what: str = "the answer") -> np.ndarray:
    """``answer`` as an integer array holding each of 0, ..., n - 1 once."""
    array = read_vector(answer, what, length=n)
    if not np.all(array == np.round(array)):
        raise Malformed(f"{what} should hold whole numbers (item ids 0 to {n - 1}).")
    ints = array.astype(int)
    if sorted(ints.tolist()) != list(range(n)):
        raise Malformed(
            f"{what} should hold each of 0, 1, ..., {n - 1} exactly once "
            f"(0-based), got {ints.tolist()}."
        )
    return ints
