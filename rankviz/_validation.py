"""Input validation shared by the public rankviz functions.

Every public function validates its arguments once, at the boundary, with these
helpers; the private cores behind it trust their inputs.  Each helper raises a
``TypeError`` (wrong kind of object) or ``ValueError`` (right kind, wrong value)
whose message starts with the argument's name.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable

import numpy as np

__all__ = [
    "as_binary_labels",
    "as_float_vector",
    "as_generator",
    "as_query_array",
    "check_choice",
    "check_int",
    "check_probability",
    "check_real",
    "check_same_length",
]


def _kind(value: object) -> str:
    return type(value).__name__


def as_float_vector(values: object, name: str, *, allow_empty: bool = False) -> np.ndarray:
    """Return ``values`` as a finite 1-D float64 array, or raise naming ``name``."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers, got {_kind(values)}")
    try:
        arr = np.asarray(values)
    except Exception as exc:  # ragged lists and the like
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.bool_)
    ):
        raise TypeError(f"{name} must contain numbers, got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must contain real numbers, got complex values")
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {arr.shape}")
    if arr.size == 0 and not allow_empty:
        raise ValueError(f"{name} is empty")
    arr = arr.astype(np.float64, copy=False)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} contains NaN or infinite values")
    return arr


def as_query_array(values: object, name: str) -> tuple[np.ndarray, bool]:
    """Validate one query (1-D) or a batch of queries (2-D) of finite numbers.

    Returns the values as a 2-D float array (one row per query) and whether the
    input was 2-D.
    """
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers, got {_kind(values)}")
    try:
        arr = np.asarray(values)
    except Exception as exc:  # ragged nested lists
        raise ValueError(f"{name} could not be read as an array (queries of unequal "
                         f"length?): {exc}") from None
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.bool_)
    ):
        raise TypeError(f"{name} must contain numbers, got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must contain real numbers, got complex values")
    if arr.ndim not in (1, 2):
        raise ValueError(f"{name} must be 1-D (one query) or 2-D (one row per query), "
                         f"got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape})")
    batched = arr.ndim == 2
    arr = np.atleast_2d(arr.astype(np.float64, copy=False))
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} contains NaN or infinite values")
    return arr, batched


def as_weight_matrix(values: object, name: str, *, min_items: int = 1,
                     batch: bool = False) -> np.ndarray:
    """Validate a weighted preference graph and return it as a float array.

    ``values[i, j] >= 0`` is the weight of "item i above item j": the matrix must
    be square, finite and non-negative with a zero diagonal, over at least
    ``min_items`` items.  With ``batch=True`` a stack of such matrices, of shape
    (q, n, n), is accepted too.
    """
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a square matrix of weights, got {_kind(values)}")
    try:
        arr = np.asarray(values)
    except Exception as exc:  # ragged nested lists
        raise ValueError(f"{name} could not be read as a matrix: {exc}") from None
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.bool_)
    ):
        raise TypeError(f"{name} must contain numbers, got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must contain real numbers, got complex values")
    if arr.ndim not in ((2, 3) if batch else (2,)) or arr.shape[-1] != arr.shape[-2]:
        expected = "a square matrix or a stack of them" if batch else "a square matrix"
        raise ValueError(f"{name} must be {expected}, got an array of shape {arr.shape}")
    if arr.shape[-1] < min_items:
        raise ValueError(f"{name} must compare at least {min_items} items, got shape {arr.shape}")
    arr = arr.astype(np.float64)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} contains NaN or infinite values")
    if (arr < 0).any():
        raise ValueError(f"{name} must be non-negative ({name}[i, j] is the weight of "
                         f"'i above j'), got {arr.min():g}")
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
    try:
        arr = np.asarray(values)
    except Exception as exc:
        raise ValueError(f"{name} could not be read as an array: {exc}") from None
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


def check_int(value: object, name: str, *, minimum: int | None = None,
              maximum: int | None = None) -> int:
    """Return ``value`` as an ``int`` after checking its type and range."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {_kind(value)}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum}, got {value}")
    return value


def check_real(value: object, name: str, *, positive: bool = False,
               nonnegative: bool = False) -> float:
    """Return ``value`` as a finite ``float``; optionally require > 0 or >= 0."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {_kind(value)}")
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    if positive and value <= 0:
        raise ValueError(f"{name} must be > 0, got {value}")
    if nonnegative and value < 0:
        raise ValueError(f"{name} must be >= 0, got {value}")
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
    if not isinstance(value, str) or value not in choices:
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
