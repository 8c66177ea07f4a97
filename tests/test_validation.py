"""rankviz._validation: the one array checker and the shared scalar, choice and rng checks."""

import numpy as np
import pytest

from rankviz._validation import (
    MAX_MAGNITUDE,
    as_generator,
    as_item_ids,
    as_numpy,
    as_weight_matrix,
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_real,
    exact,
    round_finite,
    rounding_tolerance,
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


# --- the input kinds of issue 31: dtypes, exact numbers, pandas, ragged lists, magnitudes ----


def test_float32_probabilities_that_sum_to_1_in_float32_are_accepted():
    from rankviz.bayes import map_loss
    from rankviz.calibration import is_calibrated_at
    from rankviz.surrogates import squared_surrogate

    probs = np.float32([0.4, 0.6])
    assert float(probs[0]) + float(probs[1]) != 1.0  # the float64 sum is off by 1.5e-8
    labels = [[0, 0, 1], [1, 1, 0]]
    as32 = is_calibrated_at(map_loss(), squared_surrogate(), labels, probs)
    as64 = is_calibrated_at(map_loss(), squared_surrogate(), labels, [0.4, 0.6])
    assert as32.calibrated == as64.calibrated
    assert len(as32.bayes) == len(as64.bayes)
    assert all(np.array_equal(a, b) for a, b in zip(as32.bayes, as64.bayes, strict=True))


def test_a_sum_mismatch_is_never_printed_as_1_not_1():
    from rankviz.preference import as_preference_matrix

    H = np.float32([[0.5, 0.7], [0.3, 0.5]])
    np.testing.assert_allclose(as_preference_matrix(H), [[0.5, 0.7], [0.3, 0.5]], rtol=1e-6)
    with pytest.raises(ValueError, match=r"= 1\.0000001, not 1"):
        as_preference_matrix([[0.5, 0.7], [0.3 + 1e-7, 0.5]])
    assert exact(1 + 1e-7, 1.0) == "1.0000001" and exact(0.99999994, 1.0) == "0.9999999"
    assert exact(1.1000000000000001, 1.0) == "1.1"


def test_rounding_tolerance_follows_the_dtype_passed():
    assert rounding_tolerance([0.4, 0.6], 2) == 1e-9
    assert rounding_tolerance(np.array([0.4, 0.6]), 2) == 1e-9
    assert 1e-7 < rounding_tolerance(np.float32([0.4, 0.6]), 2) < 1e-5
    assert rounding_tolerance(np.float16([0.5]), 1) > 1e-3


def test_arrays_of_exact_numbers_are_read_as_float64():
    from fractions import Fraction

    import sympy

    out = check_array([Fraction(1, 4), sympy.Rational(1, 2), 3], "x")
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, [0.25, 0.5, 3.0])
    with pytest.raises(TypeError, match="x must contain numbers, got str"):
        check_array(np.array([Fraction(1, 4), "a"], dtype=object), "x")


def test_a_square_frame_must_label_its_columns_like_its_rows():
    import pandas

    values = np.array([[0.0, 1.0], [2.0, 0.0]])
    same = pandas.DataFrame(values, index=[100, 101], columns=[100, 101])
    np.testing.assert_array_equal(check_array(same, "W", square=True), values)
    swapped = pandas.DataFrame(values, index=[100, 101], columns=[101, 100])
    with pytest.raises(ValueError, match="W is a square DataFrame whose columns"):
        check_array(swapped, "W", square=True)
    series = pandas.Series([0.3, 0.7], index=pandas.Index([100, 101], name="item"))
    np.testing.assert_array_equal(check_array(series, "p"), [0.3, 0.7])  # read by position


def test_ragged_lists_are_refused_naming_the_argument():
    with pytest.raises(ValueError, match="labels could not be read as an array"):
        as_numpy([[1, 2], [3]], "labels")
    from rankviz.surrogates import pred_sort

    with pytest.raises(ValueError, match="scores could not be read"):
        pred_sort([[1.0, 2.0], [3.0]])


def test_magnitudes_beyond_the_limit_are_refused_where_asked():
    assert check_array([1e300], "x")[0] == 1e300
    with pytest.raises(ValueError, match=r"x has an entry of magnitude 1e\+300; at most 1e\+100"):
        check_array([1.0, -1e300], "x", max_abs=MAX_MAGNITUDE)
    np.testing.assert_array_equal(round_finite([0.1 + 0.2, 1e300, -1e300], 9), [0.3, 1e300, -1e300])


def test_three_d_axes_are_refused_naming_ax():
    from matplotlib.figure import Figure

    from rankviz.plotting.roc import plot_confusion_matrix

    ax = Figure().add_subplot(projection="3d")
    with pytest.raises(ValueError, match="ax must be a 2-D Axes"):
        plot_confusion_matrix(ax, [[1, 2], [3, 4]])
