"""rankviz._validation: the one array checker and the shared scalar, choice and rng checks."""

import numpy as np
import pytest

from rankviz._validation import (
    as_generator,
    as_item_ids,
    as_weight_matrix,
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_real,
)


def test_check_array_returns_float64_and_keeps_values():
    out = check_array([1, 2.5, True], "x")
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, [1.0, 2.5, 1.0])


@pytest.mark.parametrize(
    ("values", "kwargs", "error", "message"),
    [
        ("abc", {}, TypeError, "x must be an array of numbers, got str"),
        (None, {}, TypeError, "x must be an array of numbers, got NoneType"),
        ([[1, 2], [3]], {}, ValueError, "x could not be read as an array"),
        (["a", "b"], {}, TypeError, "x must contain numbers"),
        ([1 + 1j], {}, TypeError, "x must contain real numbers"),
        ([1.0, np.nan], {}, ValueError, "x contains NaN or infinite values"),
        ([1.0, -np.inf], {}, ValueError, "x contains NaN or infinite values"),
        ([], {}, ValueError, "x is empty"),
        ([1, 2], {"ndim": 2}, ValueError, "x must be 2-D"),
        ([[1, 2]], {"shape": (None, 3)}, ValueError, r"x must have shape \(any, 3\)"),
        ([1, 2], {"shape": (3,)}, ValueError, r"x must have shape \(3,\)"),
        ([[1, 2]], {"square": True}, ValueError, "x must be a square matrix"),
        ([-1, 2], {"nonnegative": True}, ValueError, "x must be non-negative"),
        ([0.5, 2], {"bounds": (0, 1)}, ValueError, r"x must lie in \[0, 1\]"),
        ([1, 2, 3], {"max_size": 2}, ValueError, "at most 2 are supported"),
        ([1.5], {"dtype": "int"}, TypeError, "x must contain integers"),
        ([True], {"dtype": "int"}, TypeError, "got booleans"),
        ([1e300], {"dtype": "int"}, ValueError, "beyond the 64-bit range"),
        ([np.nan], {"dtype": "int"}, ValueError, "NaN"),
        ([2], {"dtype": "bool"}, ValueError, "x must contain booleans"),
    ],
)
def test_check_array_refuses_bad_input_naming_the_argument(values, kwargs, error, message):
    with pytest.raises(error, match=message):
        check_array(values, "x", **kwargs)


def test_check_array_flags_accept_what_they_allow():
    assert check_array([], "x", allow_empty=True).size == 0
    assert check_array([np.inf], "x", finite=False)[0] == np.inf
    assert check_array([2.0, 3.0], "x", dtype="int").dtype == np.int64
    np.testing.assert_array_equal(check_array([0, 1], "x", dtype="bool"), [False, True])
    assert check_array([[1, 2], [3, 4]], "x", square=True, shape=(2, 2)).shape == (2, 2)


def test_check_array_copies_only_when_asked():
    original = np.array([1.0, 2.0])
    assert check_array(original, "x") is original
    copied = check_array(original, "x", copy=True)
    copied[0] = 5.0
    assert original[0] == 1.0


def test_weight_matrices_are_copies_the_caller_cannot_change():
    weights = np.array([[0.0, 1.0], [0.0, 0.0]])
    checked = as_weight_matrix(weights, "weights")
    checked[0, 1] = 7.0
    assert weights[0, 1] == 1.0
    with pytest.raises(ValueError, match="zero diagonal"):
        as_weight_matrix([[1.0, 0.0], [0.0, 0.0]], "weights")


def test_item_ids_never_wrap_around():
    np.testing.assert_array_equal(as_item_ids([0, 3], "u", 4), [0, 3])
    for bad in ([0, -1], [0, 4], [0.5]):
        with pytest.raises((TypeError, ValueError), match="u "):
            as_item_ids(bad, "u", 4)


@pytest.mark.parametrize(
    ("check", "value", "error"),
    [
        (lambda v: check_int(v, "n", minimum=1), True, TypeError),
        (lambda v: check_int(v, "n", minimum=1), 2.0, TypeError),
        (lambda v: check_int(v, "n", minimum=1), 0, ValueError),
        (lambda v: check_int(v, "n", maximum=5), 6, ValueError),
        (lambda v: check_real(v, "n"), "0.5", TypeError),
        (lambda v: check_real(v, "n"), np.nan, ValueError),
        (lambda v: check_real(v, "n"), 1j, TypeError),
        (lambda v: check_real(v, "n", positive=True), 0.0, ValueError),
        (lambda v: check_real(v, "n", minimum=1.0), 0.5, ValueError),
        (lambda v: check_real(v, "n", maximum=1.0), 1.5, ValueError),
        (lambda v: check_bool(v, "n"), 1, TypeError),
        (lambda v: check_choice(v, "n", ("a", "b")), "c", ValueError),
        (lambda v: check_choice(v, "n", ("a", "b")), 1, TypeError),
        (lambda v: as_generator(v, "n"), -1, ValueError),
        (lambda v: as_generator(v, "n"), 0.5, TypeError),
    ],
)
def test_scalar_checks_name_the_argument(check, value, error):
    with pytest.raises(error, match=r"^n "):
        check(value)


def test_scalar_checks_return_plain_python_values():
    assert check_int(np.int64(3), "n") == 3 and type(check_int(np.int64(3), "n")) is int
    assert check_real(np.float32(0.5), "x") == 0.5
    assert check_bool(np.bool_(True), "b") is True
    assert isinstance(as_generator(3), np.random.Generator)
