"""Input validation shared by the public rankviz functions.

Every public function validates its arguments once, at the boundary, with these
helpers; the private cores behind it trust their inputs.  Each helper raises a
``TypeError`` (wrong kind of object) or ``ValueError`` (right kind, wrong value)
whose message starts with the argument's name.

What a public function accepts, whatever it computes (the rules the bad-input table in
``tests/bad_input/`` checks for every public callable):

* **Dtypes.**  An array of any real dtype (float16, float32, float64, integers of any width,
  booleans where numbers are expected) is converted to float64 (or int64, or bool) by
  :func:`check_array` before anything is computed, so float32 input gives the float64 answer up
  to float32 rounding.  An identity the input must satisfy (a probability vector sums to 1,
  ``H[u, v] + H[v, u] = 1``) is checked to the rounding of the dtype passed
  (:func:`rounding_tolerance`), and a message reporting a mismatch prints the numbers in full
  (:func:`exact`), never "sums to 1, got 1".
* **Exact numbers.**  A scalar may be any ``numbers.Real`` (Python, NumPy of any width,
  ``fractions.Fraction``, sympy's ``Rational``) or, where an integer is asked, any
  ``numbers.Integral`` (NumPy's, sympy's ``Integer``); an array of such numbers (a list of
  Fractions, an object array) is converted to float64.
* **pandas.**  A Series or DataFrame of numbers is read by position, as ``numpy.asarray`` reads
  it: its index is ignored, and row ``i`` is item (or point) ``i``.  A square DataFrame (a
  matrix over items) must carry the same labels on its rows and its columns, in the same
  order; otherwise it is refused, since its columns would be read against the wrong rows.
* **Ragged nested lists** (``[[1, 2], [3]]``) raise a ``ValueError`` naming the argument
  (:func:`check_array`, or :func:`as_numpy` where a function looks at the input first).
* **Magnitudes.**  Finite numbers of any size are accepted where only their order or sign
  matters; a function that squares, multiplies or exponentiates them refuses magnitudes beyond
  :data:`MAX_MAGNITUDE` (``check_array(..., max_abs=MAX_MAGNITUDE)``) rather than return an
  overflowed ``inf`` or ``NaN``.
* **Sizes.**  An input that would make a function build more than a laptop holds (an n x n
  matrix, a pairs x pairs kernel) is refused up front, naming the limit.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable

import numpy as np

__all__ = [
    "KERNELS",
    "MAX_MAGNITUDE",
    "SIGMA_RANGE",
    "STEP_SMOOTHING_RANGE",
    "as_binary_labels",
    "as_comparison_rows",
    "as_feature_matrix",
    "as_float_vector",
    "as_generator",
    "as_item_ids",
    "as_numpy",
    "as_pair_labels",
    "as_pair_sample",
    "as_pairs",
    "as_probability_rows",
    "as_query_array",
    "as_weight_matrix",
    "check_array",
    "check_bool",
    "check_choice",
    "check_dag",
    "check_instance",
    "check_int",
    "check_kernel",
    "check_label_set",
    "check_log_odds_smoothing",
    "check_probability",
    "check_progress",
    "check_real",
    "check_rounds",
    "check_same_length",
    "check_step_smoothing",
    "check_text",
    "exact",
    "round_finite",
    "rounding_tolerance",
]

#: The largest magnitude accepted where a function squares, multiplies or sums products of its
#: input: the square of 1e100 is far from float64's overflow at 1.8e308, the square of 1e200
#: is not.
MAX_MAGNITUDE = 1e100


def _kind(value: object) -> str:
    return type(value).__name__


_DTYPE_KINDS = {
    "float": "numbers",
    "int": "integers",
    "bool": "booleans",
}


def as_numpy(values: object, name: str) -> np.ndarray:
    """``numpy.asarray(values)``, raising a ``ValueError`` naming ``name`` for ragged lists.

    For a function that looks at its input (its dtype, its number of dimensions) before
    handing it to :func:`check_array`.
    """
    try:
        return np.asarray(values)
    except Exception as exc:  # ragged nested lists and the like
        raise ValueError(f"{name} could not be read as an array: {exc}") from None


def _from_object_array(arr: np.ndarray, name: str, what: str) -> np.ndarray:
    """An object array of real numbers (Fractions, sympy Rationals) as float64; else raise."""
    flat = arr.ravel().tolist()
    if not all(isinstance(x, numbers.Real) and not isinstance(x, (bool, np.bool_)) for x in flat):
        kinds = sorted({type(x).__name__ for x in flat if not isinstance(x, numbers.Real)})
        raise TypeError(f"{name} must contain {what}, got {', '.join(kinds) or 'booleans'}")
    return np.array([float(x) for x in flat], dtype=np.float64).reshape(arr.shape)


def _check_frame_labels(values: object, name: str) -> None:
    """Refuse a square pandas DataFrame whose column labels differ from its row labels."""
    index, columns = getattr(values, "index", None), getattr(values, "columns", None)
    if index is None or columns is None or len(index) != len(columns):
        return
    if list(index) != list(columns):
        raise ValueError(
            f"{name} is a square DataFrame whose columns are not labelled like its rows "
            f"(rows {list(index)[:4]}..., columns {list(columns)[:4]}...); a matrix over "
            f"items is read by position, so reorder its columns with .loc[:, df.index]"
        )


def rounding_tolerance(values: object, n_terms: int = 1, floor: float = 1e-9) -> float:
    """The tolerance of an identity (a sum equal to 1) on ``values`` in the dtype passed.

    ``max(floor, 4 * n_terms * eps)`` with ``eps`` the machine epsilon of ``values``'s
    floating dtype (float64's for integers, lists and other inputs): float32 probabilities
    that sum to 1 in float32 are accepted, float64 ones are held to ``floor``.

    Examples
    --------
    >>> rounding_tolerance([0.4, 0.6], 2)
    1e-09
    >>> float(rounding_tolerance(np.float32([0.4, 0.6]), 2)) > 1e-7
    True
    """
    dtype = getattr(values, "dtype", None)
    if dtype is None or not hasattr(dtype, "kind"):
        try:
            dtype = np.asarray(values).dtype
        except Exception:
            dtype = np.dtype(np.float64)
    eps = np.finfo(dtype).eps if dtype.kind == "f" else np.finfo(np.float64).eps
    return max(floor, 4.0 * max(n_terms, 1) * float(eps))


def exact(value: float, versus: float) -> str:
    """``value`` printed with the digits that tell it from ``versus`` (``0.99999994``, not ``1``).

    For a message reporting that ``value`` should have been ``versus``: six significant digits,
    or more until the printed number differs from ``versus``.

    Examples
    --------
    >>> exact(1.1000000000000001, 1.0), exact(np.float32(0.4) + np.float32(0.6) - 1e-7, 1.0)
    ('1.1', '0.9999999')
    """
    value = float(value)
    for digits in range(6, 18):
        text = f"{value:.{digits}g}"
        if value == versus or float(text) != versus:
            return text
    return repr(value)


def round_finite(values: object, decimals: int) -> np.ndarray:
    """``numpy.round(values, decimals)``, keeping values too large to carry decimals as they are.

    Rounding multiplies by ``10**decimals`` first, which overflows for magnitudes near 1e300;
    such a number has no decimals to round, so it is kept.  For grouping values equal up to
    float noise before comparing them.

    Examples
    --------
    >>> round_finite([0.1 + 0.2, 1e300], 9)
    array([3.e-001, 1.e+300])
    """
    arr = np.asarray(values, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        rounded = np.round(arr, decimals)
    return np.where(np.isfinite(rounded), rounded, arr)


def check_array(
    values: object,
    name: str,
    *,
    ndim: int | tuple[int, ...] | None = None,
    shape: tuple[int | None, ...] | None = None,
    dtype: str = "float",
    finite: bool = True,
    allow_empty: bool = False,
    square: bool = False,
    nonnegative: bool = False,
    bounds: tuple[float, float] | None = None,
    max_size: int | None = None,
    max_abs: float | None = None,
    copy: bool = False,
) -> np.ndarray:
    """The one array checker: read ``values`` as an array and check it, naming ``name``.

    Parameters
    ----------
    values : array_like
        The argument as the user passed it.
    name : str
        The argument's name, used at the start of every message.
    ndim : int or tuple of int, optional
        The allowed numbers of dimensions.
    shape : tuple, optional
        The expected shape; ``None`` entries match any length.
    dtype : {"float", "int", "bool"}
        ``"float"``: real numbers (bools and integers accepted), returned as float64.
        ``"int"``: integers (floats holding whole numbers accepted), returned as int64.
        ``"bool"``: booleans, or integers/floats equal to 0 and 1, returned as bool.
    finite : bool
        Reject NaN and infinite entries (float arrays).
    allow_empty : bool
        Accept an array with no entries.
    square : bool
        Require the last two dimensions to be equal.
    nonnegative : bool
        Require every entry to be >= 0.
    bounds : (float, float), optional
        Require every entry to lie in ``[low, high]``.
    max_size : int, optional
        The largest number of entries accepted (a size a laptop can serve).
    max_abs : float, optional
        The largest magnitude accepted (usually :data:`MAX_MAGNITUDE`, for a function that
        squares or multiplies the values).
    copy : bool
        Always return a new array (the caller may then modify it).

    Returns
    -------
    numpy.ndarray
        A new or converted array of the requested dtype.

    Raises
    ------
    TypeError
        If ``values`` is a string, holds non-numbers, complex numbers, or numbers that
        are not of the requested kind.
    ValueError
        If the shape, size, finiteness or range is wrong.

    Examples
    --------
    >>> check_array([1, 2.5], "scores")
    array([1. , 2.5])
    >>> check_array([[0, 1], [1, 0]], "weights", square=True, nonnegative=True).shape
    (2, 2)
    """
    if dtype not in _DTYPE_KINDS:
        raise ValueError(f"dtype must be one of {tuple(_DTYPE_KINDS)}, got {dtype!r}")
    what = _DTYPE_KINDS[dtype]
    container = "a square matrix" if square else "an array"
    if isinstance(values, (str, bytes)) or values is None:
        raise TypeError(f"{name} must be {container} of {what}, got {_kind(values)}")
    arr = as_numpy(values, name)
    if square and arr.ndim == 2:
        _check_frame_labels(values, name)
    if arr.dtype == object and arr.size:
        arr = _from_object_array(arr, name, what)
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.bool_)
    ):
        raise TypeError(f"{name} must contain {what}, got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must contain real numbers, got complex values")
    if ndim is not None:
        allowed = (ndim,) if isinstance(ndim, int) else tuple(ndim)
        if arr.ndim not in allowed:
            dims = " or ".join(f"{d}-D" for d in allowed)
            if square:
                dims = "a square matrix" + (" or a stack of them" if 3 in allowed else "")
            raise ValueError(f"{name} must be {dims}, got an array of shape {arr.shape}")
    if shape is not None:
        if arr.ndim != len(shape) or any(
            want is not None and got != want for got, want in zip(arr.shape, shape, strict=True)
        ):
            expected = tuple("any" if s is None else s for s in shape)
            expected = "(" + ", ".join(map(str, expected)) + ("," if len(shape) == 1 else "") + ")"
            raise ValueError(f"{name} must have shape {expected}, got {arr.shape}")
    if square and (arr.ndim < 2 or arr.shape[-1] != arr.shape[-2]):
        raise ValueError(f"{name} must be a square matrix, got an array of shape {arr.shape}")
    if max_size is not None and arr.size > max_size:
        raise ValueError(f"{name} has {arr.size} entries; at most {max_size} are supported")
    if arr.size == 0 and not allow_empty:
        raise ValueError(f"{name} is empty (shape {arr.shape})")
    if dtype == "float":
        arr = arr.astype(np.float64, copy=copy)
        if finite and not np.isfinite(arr).all():
            raise ValueError(f"{name} contains NaN or infinite values")
    elif dtype == "int":
        if arr.dtype == np.bool_:
            raise TypeError(f"{name} must contain integers, got booleans")
        if arr.dtype.kind == "f":
            if not np.isfinite(arr).all():
                raise ValueError(f"{name} contains NaN or infinite values")
            if np.any(arr != np.round(arr)):
                raise TypeError(f"{name} must contain integers, got non-integer values")
            if arr.size and np.abs(arr).max() >= 2.0**63:
                raise ValueError(f"{name} contains integers beyond the 64-bit range")
        arr = arr.astype(np.int64, copy=copy)
    else:
        if arr.dtype != np.bool_:
            if arr.dtype.kind == "f" and not np.isfinite(arr).all():
                raise ValueError(f"{name} contains NaN or infinite values")
            if np.any((arr != 0) & (arr != 1)):
                raise ValueError(f"{name} must contain booleans (0 or 1)")
            arr = arr.astype(np.bool_)
        elif copy:
            arr = arr.copy()
    if arr.size and dtype != "bool":
        if max_abs is not None and np.abs(arr).max() > max_abs:
            raise ValueError(
                f"{name} has an entry of magnitude {np.abs(arr).max():g}; at most "
                f"{max_abs:g} is supported (larger values overflow when squared)"
            )
        if nonnegative and (arr < 0).any():
            raise ValueError(f"{name} must be non-negative, got {arr.min():g}")
        if bounds is not None:
            low, high = bounds
            if (arr < low).any() or (arr > high).any():
                raise ValueError(
                    f"{name} must lie in [{low:g}, {high:g}], "
                    f"got values from {arr.min():g} to {arr.max():g}"
                )
    return arr


def as_item_ids(
    values: object, name: str, n_items: int, *, ndim: int | None = 1, allow_empty: bool = False
) -> np.ndarray:
    """Return item ids as an int64 array, each in ``range(n_items)``, or raise naming ``name``.

    Negative ids are refused (they would wrap around silently), as are NaN, floats that
    are not whole numbers and ids ``>= n_items``.
    """
    arr = check_array(values, name, ndim=ndim, dtype="int", allow_empty=allow_empty)
    if arr.size and (arr.min() < 0 or arr.max() >= n_items):
        raise ValueError(
            f"{name} must hold item ids in 0..{n_items - 1}, "
            f"got values from {arr.min()} to {arr.max()}"
        )
    return arr


def as_float_vector(values: object, name: str, *, allow_empty: bool = False) -> np.ndarray:
    """Return ``values`` as a finite 1-D float64 array, or raise naming ``name``."""
    return check_array(values, name, ndim=1, allow_empty=allow_empty)


def as_query_array(values: object, name: str) -> tuple[np.ndarray, bool]:
    """Validate one query (1-D) or a batch of queries (2-D) of finite numbers.

    Returns the values as a 2-D float array (one row per query) and whether the
    input was 2-D.
    """
    arr = check_array(values, name, ndim=(1, 2))
    return np.atleast_2d(arr), arr.ndim == 2


def as_weight_matrix(
    values: object, name: str, *, min_items: int = 1, batch: bool = False
) -> np.ndarray:
    """Validate a weighted preference graph and return it as a float array.

    ``values[i, j] >= 0`` is the weight of "item i above item j": the matrix must
    be square, finite and non-negative with a zero diagonal, over at least
    ``min_items`` items.  With ``batch=True`` a stack of such matrices, of shape
    (q, n, n), is accepted too.
    """
    arr = check_array(values, name, ndim=(2, 3) if batch else 2, square=True, copy=True)
    if arr.shape[-1] < min_items:
        raise ValueError(f"{name} must compare at least {min_items} items, got shape {arr.shape}")
    if (arr < 0).any():
        raise ValueError(
            f"{name} must be non-negative ({name}[i, j] is the weight of "
            f"'i above j'), got {arr.min():g}"
        )
    if np.any(np.diagonal(arr, axis1=-2, axis2=-1) != 0):
        raise ValueError(f"{name} must have a zero diagonal: an item is not preferred to itself")
    return arr


def as_binary_labels(values: object, name: str) -> np.ndarray:
    """Return a boolean array that is True for the positive class.

    Accepted label sets are {0, 1}, {-1, +1} and {False, True}; the positive
    class is 1 (True).  Anything else raises ``ValueError`` naming ``name``.
    """
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be an array of binary labels, got {_kind(values)}")
    arr = as_numpy(values, name)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty")
    if arr.dtype == np.bool_:
        return arr
    if not np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(
            f"{name} must contain binary labels in {{0, 1}} or {{-1, +1}}, got dtype {arr.dtype}"
        )
    if np.issubdtype(arr.dtype, np.integer):
        # fast path for the common integer encodings: two reductions instead of three masks
        low, high = arr.min(), arr.max()
        if (low >= 0 and high <= 1) or (low == -1 and high == 1 and not np.any(arr == 0)):
            return arr == 1
    positive = arr == 1
    zero = arr == 0
    minus_one = arr == -1
    n_zero = int(np.count_nonzero(zero))
    n_minus_one = int(np.count_nonzero(minus_one))
    n_known = int(np.count_nonzero(positive)) + n_zero + n_minus_one
    if (n_zero and n_minus_one) or n_known != arr.size:
        found = np.unique(arr[~np.isnan(arr)] if arr.dtype.kind == "f" else arr)[:6]
        raise ValueError(
            f"{name} must contain binary labels in {{0, 1}} or {{-1, +1}}; found values {found}"
            + (" and NaN" if arr.dtype.kind == "f" and np.isnan(arr).any() else "")
        )
    return positive


def check_same_length(a: np.ndarray, b: np.ndarray, name_a: str, name_b: str) -> None:
    """Raise ``ValueError`` if two 1-D arrays differ in length."""
    if a.shape[0] != b.shape[0]:
        raise ValueError(
            f"{name_a} and {name_b} must have the same length, got {a.shape[0]} and {b.shape[0]}"
        )


def check_int(
    value: object, name: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Return ``value`` as an ``int`` after checking its type and range."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {_kind(value)}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {value}")
    return value


def check_real(
    value: object,
    name: str,
    *,
    positive: bool = False,
    nonnegative: bool = False,
    minimum: float | None = None,
    maximum: float | None = None,
) -> float:
    """Return ``value`` as a finite ``float``; optionally require > 0, >= 0 or a range."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {_kind(value)}")
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    if positive and value <= 0:
        raise ValueError(f"{name} must be > 0, got {value}")
    if nonnegative and value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {value}")
    return value


def check_bool(value: object, name: str) -> bool:
    """Return ``value`` as a ``bool``; only True and False (Python or NumPy) are accepted."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {_kind(value)}")
    return bool(value)


def check_text(value: object, name: str, *, optional: bool = False) -> str | None:
    """Return ``value`` if it is a string (or None when ``optional``); else raise naming it."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        allowed = "a string or None" if optional else "a string"
        raise TypeError(f"{name} must be {allowed}, got {_kind(value)}")
    return value


def check_instance(value: object, name: str, cls: type, hint: str = "") -> object:
    """Return ``value`` if it is an instance of ``cls``, else raise a ``TypeError`` naming ``name``.

    ``hint`` (e.g. "from squared_surrogate()") says where a valid object comes from.
    """
    if not isinstance(value, cls):
        where = f" ({hint})" if hint else ""
        raise TypeError(
            f"{name} must be a {cls.__module__}.{cls.__qualname__}{where}, got {_kind(value)}"
        )
    return value


def check_probability(value: object, name: str, *, open_interval: bool = False) -> float:
    """Return ``value`` as a float in [0, 1] (or in (0, 1) when ``open_interval``)."""
    value = check_real(value, name)
    if open_interval and not 0.0 < value < 1.0:
        raise ValueError(f"{name} must lie strictly between 0 and 1, got {value}")
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must lie in [0, 1], got {value}")
    return value


def check_choice(value: object, name: str, choices: Iterable[str]) -> str:
    """Raise ``ValueError`` unless ``value`` is one of ``choices``."""
    choices = tuple(choices)
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {choices}, got {_kind(value)}")
    if value not in choices:
        raise ValueError(f"{name} must be one of {choices}, got {value!r}")
    return value


def as_generator(rng: object, name: str = "rng") -> np.random.Generator:
    """Turn an int seed or a ``numpy.random.Generator`` into a Generator.

    rankviz never touches numpy's global random state: every random function
    takes this argument explicitly, so that each result is reproducible.
    """
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, numbers.Integral) and not isinstance(rng, (bool, np.bool_)):
        if rng < 0:
            raise ValueError(f"{name} must be a non-negative seed, got {rng}")
        return np.random.default_rng(int(rng))
    raise TypeError(f"{name} must be an int seed or a numpy.random.Generator, got {_kind(rng)}")


# --- pairwise comparisons and log-odds smoothing (aggregation, ustatistics)


def as_comparison_rows(values: object, name: str, n_items: int) -> np.ndarray:
    """Rows ``(winner, loser)`` of item ids in ``range(n_items)`` as int64 of shape (N, 2).

    ``N = 0`` is allowed (any empty input gives shape (0, 2)); a row comparing an item with
    itself is refused.
    """
    if isinstance(values, (str, bytes)) or values is None:
        raise TypeError(f"{name} must be an array of (winner, loser) rows, got {_kind(values)}")
    try:
        size = np.size(values)
    except Exception:  # ragged lists: check_array reports them
        size = 1
    if size == 0:
        return np.zeros((0, 2), dtype=np.int64)
    arr = check_array(values, name, dtype="int")
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(
            f"{name} must have shape (N, 2), one (winner, loser) row per "
            f"comparison, got shape {arr.shape}"
        )
    bad = (arr < 0) | (arr >= n_items)
    if bad.any():
        row = int(np.flatnonzero(bad.any(axis=1))[0])
        raise ValueError(
            f"{name}[{row}] = {arr[row].tolist()} holds an item outside 0, ..., {n_items - 1}"
        )
    same = arr[:, 0] == arr[:, 1]
    if same.any():
        row = int(np.flatnonzero(same)[0])
        raise ValueError(f"{name}[{row}] compares item {arr[row, 0]} with itself")
    return arr


def check_log_odds_smoothing(
    c: object, smoothing: object, choices: Iterable[str] = ("probability", "counts")
) -> tuple[float, str]:
    """Check the smoothing of empirical log-odds: a finite ``c > 0`` and a known ``smoothing``.

    ``c`` is added to the empirical probabilities or to the win counts before the log
    (rankviz.aggregation, rankviz.ustatistics).
    """
    return (check_real(c, "c", positive=True), check_choice(smoothing, "smoothing", choices))


# --- progress flags (ustatistics, ustatistics_experiment)


def check_progress(progress: object, default: bool, name: str = "progress") -> bool:
    """``progress`` is None (then ``default``) or a bool; anything else raises naming ``name``."""
    if progress is None:
        return default
    if not isinstance(progress, (bool, np.bool_)):
        raise TypeError(f"{name} must be True, False or None, got {_kind(progress)}")
    return bool(progress)


# --- label sets and distributions over them (bayes, surrogates, calibration)
def check_label_set(
    labels: object, name: str = "labels", *, kind: str | None = None, max_items: int | None = None
) -> np.ndarray:
    """A finite label set as a float array of shape (k, n), or (k, n, n) for preference graphs.

    Labels are non-negative (grades or edge weights).  ``kind`` is the loss's label kind:
    "binary" (0/1 entries), "grades" (vectors) or "graph" (square matrices); None accepts
    vectors and graphs.  ``max_items`` bounds ``n`` (an enumeration of the ``n!``
    permutations).
    """
    arr = check_array(labels, name, ndim=(2, 3), nonnegative=True, max_abs=MAX_MAGNITUDE)
    if kind == "graph":
        if arr.ndim != 3 or arr.shape[1] != arr.shape[2]:
            raise ValueError(
                f"{name} must be preference graphs, an array of shape (k, n, n), "
                f"got shape {arr.shape}"
            )
    elif arr.ndim == 3:
        if arr.shape[1] != arr.shape[2]:
            raise ValueError(
                f"{name} must be a 2-D array with one label vector per row "
                f"(or square preference graphs), got shape {arr.shape}"
            )
        if kind is not None:
            raise ValueError(
                f"{name} must be relevance vectors of shape (k, n) for a loss on "
                f"{kind} labels, got preference graphs of shape {arr.shape}"
            )
    if max_items is not None and arr.shape[1] > max_items:
        raise ValueError(
            f"{name} has n = {arr.shape[1]} items; enumerating the n! "
            f"permutations is limited to n <= {max_items}"
        )
    if kind == "binary" and not np.isin(arr, (0.0, 1.0)).all():
        raise ValueError(
            f"{name} must be binary (0/1) for this loss; found values {np.unique(arr)[:6]}"
        )
    return arr


def as_probability_rows(probs: object, name: str, k: int) -> tuple[np.ndarray, bool]:
    """Probability vector(s) over ``k`` outcomes: shape (k,) or (m, k), rows summing to 1.

    Returns the rows as a 2-D array (renormalised to sum to 1 exactly) and whether the
    input was 2-D.
    """
    p = check_array(probs, name, ndim=(1, 2), nonnegative=True)
    batched = p.ndim == 2
    p = np.atleast_2d(p)
    if p.shape[1] != k:
        raise ValueError(
            f"{name} must give one probability per label ({k} labels), got {p.shape[1]}"
        )
    sums = p.sum(axis=1)
    if not np.allclose(sums, 1.0, rtol=0.0, atol=rounding_tolerance(probs, k)):
        bad = sums[np.argmax(np.abs(sums - 1.0))]
        raise ValueError(f"{name} must sum to 1, got {exact(bad, 1.0)}")
    return p / sums[:, None], batched


# --- graphs and schedules


def check_dag(graph, name: str, what: str = "graph"):
    """Return the networkx ``DiGraph`` ``graph`` if it is acyclic; else raise naming ``name``.

    The message names ``name`` (the argument the graph was built from), says what
    the graph is (``what``, e.g. "difference graph (edge i -> j when ...)") and
    shows one cycle, e.g. ``weights must define an acyclic graph; found the
    cycle 0 -> 1 -> 0``.
    """
    import networkx as nx

    if not nx.is_directed_acyclic_graph(graph):
        edges = nx.find_cycle(graph)
        cycle = " -> ".join(str(u) for u, _ in edges)
        raise ValueError(
            f"{name} must define an acyclic {what}; found the cycle {cycle} -> {edges[0][0]}"
        )
    return graph


def check_rounds(rounds: object, name: str, r: int, *, batch: bool = False) -> np.ndarray:
    """Return a schedule (1-based rounds of ``r`` tasks) as int64, or raise naming ``name``.

    ``rounds[i]`` in ``1 .. r`` is the round of task ``i`` (round 1 runs first);
    with ``batch=True`` a stack of schedules, shape (q, r), is accepted too.
    Booleans, non-integral numbers, NaN, a wrong length and rounds outside
    ``1 .. r`` are refused (0 with a hint that rounds are 1-based).
    """
    if not isinstance(rounds, (str, bytes)) and rounds is not None:
        try:
            is_bool = np.asarray(rounds).dtype == np.bool_
        except Exception:  # ragged: check_array says so
            is_bool = False
        if is_bool:
            raise TypeError(f"{name} must contain integers (round numbers), got booleans")
    m = check_array(rounds, name, ndim=(1, 2) if batch else 1, dtype="int")
    allowed = "(r,) or (q, r)" if batch else "(r,)"
    if m.shape[-1] != r:
        raise ValueError(
            f"{name} must have shape {allowed} with r = {r} tasks (the size of "
            f"weights), got {m.shape}"
        )
    if m.min() < 1 or m.max() > r:
        hint = (
            (" (rounds are 1-based as in the draft: round 1 runs first; add 1 to 0-based rounds)")
            if m.min() == 0
            else ""
        )
        raise ValueError(
            f"{name} must lie in 1..r = 1..{r}, got values from {m.min()} to {m.max()}{hint}"
        )
    return m


# --- pair samples (a feature matrix, index pairs into its rows, labels in {-1, 0, +1})
def as_feature_matrix(
    X: object, name: str, *, n_features: int | None = None, max_abs: float | None = None
) -> np.ndarray:
    """Return ``X`` as a finite 2-D float64 array (points x features) with a row and a column.

    ``max_abs`` bounds the magnitudes (:data:`MAX_MAGNITUDE` for a method taking inner products).
    """
    arr = check_array(X, name, allow_empty=True, max_abs=max_abs)
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be 2-D (points x features), got an array of shape "
            f"{arr.shape}; reshape a single feature with .reshape(-1, 1)"
        )
    if arr.shape[0] == 0:
        raise ValueError(f"{name} has no rows (an empty class or sample)")
    if arr.shape[1] == 0:
        raise ValueError(f"{name} has no features (columns)")
    if n_features is not None and arr.shape[1] != n_features:
        raise ValueError(f"{name} must have {n_features} features (columns), got {arr.shape[1]}")
    return arr


def as_pairs(
    pairs: object, n_points: int, name: str = "pairs", rows_of: str = "X"
) -> tuple[np.ndarray, np.ndarray]:
    """Validate a (P, 2) array of row indices into ``n_points`` rows; return the columns a, b.

    Negative indices (which would wrap around), floats and ids ``>= n_points`` are refused.
    """
    arr = check_array(pairs, name, dtype="int")
    given = as_numpy(pairs, name).dtype
    if given.kind not in "iu":
        raise TypeError(f"{name} must contain integer row indices, got dtype {given}")
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"{name} must have shape (P, 2), got {arr.shape}")
    low, high = int(arr.min()), int(arr.max())
    if low < 0 or high >= n_points:
        raise ValueError(
            f"{name} must index rows of {rows_of}, i.e. lie in [0, {n_points - 1}]; "
            f"found {low if low < 0 else high}"
        )
    arr = arr.astype(np.intp, copy=False)
    return arr[:, 0], arr[:, 1]


def as_pair_labels(
    labels: object, n_pairs: int, *, allow_zero: bool = True, name: str = "labels"
) -> np.ndarray:
    """Validate one label per pair in {-1, 0, +1} (or {-1, +1}); return them as int8."""
    if (
        not isinstance(labels, (str, bytes))
        and labels is not None
        and as_numpy(labels, name).dtype == np.bool_
    ):
        raise TypeError(f"{name} must contain the numbers -1, 0, +1, got booleans")
    arr = check_array(labels, name, ndim=1, allow_empty=n_pairs == 0)
    if arr.shape[0] != n_pairs:
        raise ValueError(
            f"{name} must have one entry per row of pairs ({n_pairs}), got {arr.shape[0]}"
        )
    allowed = (-1, 0, 1) if allow_zero else (-1, 1)
    bad = ~np.isin(arr, allowed)
    if bad.any():
        raise ValueError(
            f"{name} must lie in {set(allowed)}; found {arr[bad][0]!r}"
            + ("" if allow_zero else " (drop the pairs labelled 0 first)")
        )
    return arr.astype(np.int8)


def as_pair_sample(
    X: object,
    pairs: object,
    labels: object,
    *,
    allow_zero: bool = True,
    float_labels: bool = False,
    max_abs: float | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Validate a pairwise sample: return ``X``, the pair columns ``a``, ``b`` and the labels.

    With ``float_labels`` the labels come back as float64 (for the margin computations);
    ``max_abs`` bounds the magnitudes of ``X`` (as in :func:`as_feature_matrix`).
    """
    X = as_feature_matrix(X, "X", max_abs=max_abs)
    a, b = as_pairs(pairs, X.shape[0])
    y = as_pair_labels(labels, a.size, allow_zero=allow_zero)
    return X, a, b, (y.astype(np.float64) if float_labels else y)


# --- kernels (the linear and Gaussian kernels of the ranking SVM and its Rademacher bound)
#: Kernels accepted by the kernel methods: ``x . z`` and ``exp(-||x - z||^2 / (2 sigma^2))``.
KERNELS = ("linear", "gaussian")

#: Range of the Gaussian width ``sigma``: outside it ``2 sigma^2`` under- or overflows float64
#: long before the kernel values do, and the kernel matrix would hold NaN.
SIGMA_RANGE = (1e-100, 1e100)


def check_kernel(
    kernel: object, sigma: object, *, kernel_name: str = "kernel", sigma_name: str = "sigma"
) -> tuple[str, float | None]:
    """Return ``(kernel, sigma)``: sigma is None for the linear kernel, else a width in range.

    ``sigma`` is checked whatever the kernel (a bad width is a mistake even where it is unused).
    """
    kernel = check_choice(kernel, kernel_name, KERNELS)
    low, high = SIGMA_RANGE
    sigma = check_real(sigma, sigma_name, minimum=low, maximum=high)
    return kernel, (None if kernel == "linear" else sigma)


# --- boosting (the smoothed step of RankBoost and its multipartite version)
#: Range of the smoothing ``lam`` of RankBoost's smoothed step: up to 1/3 a smoothed round
#: still has Z_t <= exp(-2 gamma_t^2); below 1e-12 one smoothed step (about
#: 1/2 log(1 / lam) > 13.8) already drives the weights toward under- and overflow.
STEP_SMOOTHING_RANGE = (1e-12, 1.0 / 3.0)


def check_step_smoothing(smoothing: object, n_units: int, name: str = "smoothing") -> float:
    """The ``lam`` of RankBoost's smoothed step; None gives 1 / (2 n_units), kept in range."""
    low, high = STEP_SMOOTHING_RANGE
    if smoothing is None:
        return min(max(1.0 / (2.0 * n_units), low), high)
    lam = check_real(smoothing, name, positive=True)
    if lam > high:
        raise ValueError(
            f"{name} must be <= 1/3 (the range in which a smoothed round is proved "
            f"to keep Z_t <= 1 - 2 gamma_t^2 <= exp(-2 gamma_t^2)), got {lam}"
        )
    if lam < low:
        raise ValueError(
            f"{name} must be >= {low:g} (a smaller one makes a smoothed step so "
            f"large that the weights under- or overflow), got {lam}"
        )
    return lam


# --- the shared predicates and the one permutation check (used wherever they were written out)
def is_bool(value: object) -> bool:
    """Whether ``value`` is True or False (Python or NumPy): what :func:`check_bool` accepts.

    For checks that take numbers and must refuse a bool (``bool`` is a subclass of ``int``).
    """
    return isinstance(value, (bool, np.bool_))


def check_permutation_rows(positions: np.ndarray, name: str) -> np.ndarray:
    """Check that an integer array is a permutation of ``0, ..., n-1`` (each row, if 2-D).

    ``n`` is the length of the last axis; ``positions`` must already be an integer array
    (e.g. from :func:`check_array` with ``dtype="int"``).  Returns it unchanged.
    """
    n = positions.shape[-1]
    if not (np.sort(positions, axis=-1) == np.arange(n)).all():
        rows = "; one per row" if positions.ndim > 1 else ""
        shown = positions if positions.size <= 20 else f"an array of shape {positions.shape}"
        raise ValueError(
            f"{name} must be a permutation of 0, ..., {n - 1} (each position once){rows}; "
            f"got {shown}"
        )
    return positions
