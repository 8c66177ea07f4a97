"""pandas Series and DataFrames with a named, non-default index, for the bad-input table.

The table's "pandas" mutation hands a function a Series (a 1-D argument) or a DataFrame (a 2-D
one) holding the valid values, indexed by item labels 100, 101, ... under the name "item", so
that reading them by label where a position is meant (``values[0]``, ``values[[2, 0]]``)
raises ``KeyError`` as it does for a user, and iterating over a DataFrame gives its column
labels, not its rows.

When pandas is installed, the real classes are used.  When it is not (it is not a dependency of
rankviz), :class:`LabelledSeries` and :class:`LabelledFrame` stand in for them: they implement
the rules above that break positional code (label lookup for integers and integer lists,
positional slices, boolean masks, iteration, ambiguous truth values, per-column reductions of a
frame, ``.to_numpy()``, ``.index``, ``.values``) and turn arithmetic into NumPy arrays.  They are
deliberately no more lenient than pandas on indexing and no stricter on arithmetic.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.mixins import NDArrayOperatorsMixin

try:  # pragma: no cover - depends on the environment
    import pandas
except ImportError:
    pandas = None

#: The first item label: positions 0, 1, ... are never labels.
FIRST_LABEL = 100
INDEX_NAME = "item"


def _ambiguous(self):
    raise ValueError(
        f"The truth value of a {type(self).__name__} is ambiguous. "
        "Use a.empty, a.bool(), a.item(), a.any() or a.all()."
    )


class _Labelled(NDArrayOperatorsMixin):
    """What a Series and a DataFrame share: values, a named index, NumPy interoperation."""

    def __init__(self, values, index):
        self._values = np.array(values)
        self.index = index

    def __array__(self, dtype=None, copy=None):
        return self._values.astype(dtype) if dtype is not None else self._values.copy()

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        inputs = tuple(np.asarray(x) if isinstance(x, _Labelled) else x for x in inputs)
        return getattr(ufunc, method)(*inputs, **kwargs)

    def to_numpy(self, dtype=None, copy=False):
        return self.__array__(dtype)

    @property
    def values(self):
        return self._values.copy()

    @property
    def shape(self):
        return self._values.shape

    @property
    def ndim(self):
        return self._values.ndim

    @property
    def size(self):
        return self._values.size

    @property
    def dtype(self):
        return self._values.dtype

    def __len__(self):
        return self._values.shape[0]

    __bool__ = _ambiguous

    def copy(self):
        return type(self)(self._values, self.index)

    def tolist(self):
        return self._values.tolist()

    def astype(self, dtype):
        return type(self)(self._values.astype(dtype), self.index)


class LabelledSeries(_Labelled):
    """A stand-in for ``pandas.Series`` with an integer index that does not start at 0."""

    def _position(self, label):
        hits = np.flatnonzero(np.asarray(self.index) == label)
        if not hits.size:
            raise KeyError(label)
        return int(hits[0])

    def __getitem__(self, key):
        if isinstance(key, slice):
            return LabelledSeries(self._values[key], self.index[key])
        if isinstance(key, (int, np.integer)):
            return self._values[self._position(key)]
        arr = np.asarray(key)
        if arr.dtype == np.bool_:
            return LabelledSeries(self._values[arr], np.asarray(self.index)[arr])
        positions = [self._position(label) for label in arr.ravel()]
        return LabelledSeries(self._values[positions], np.asarray(self.index)[positions])

    def __iter__(self):
        return iter(self._values.tolist())

    def min(self):
        return self._values.min()

    def max(self):
        return self._values.max()

    def sum(self):
        return self._values.sum()

    def mean(self):
        return self._values.mean()

    def any(self):
        return bool(self._values.any())

    def all(self):
        return bool(self._values.all())


class LabelledFrame(_Labelled):
    """A stand-in for ``pandas.DataFrame``: rows labelled by ``index``, columns by ``columns``."""

    def __init__(self, values, index, columns=None):
        super().__init__(values, index)
        n_columns = self._values.shape[1]
        self.columns = np.arange(n_columns) if columns is None else np.asarray(columns)

    def copy(self):
        return LabelledFrame(self._values, self.index, self.columns)

    def astype(self, dtype):
        return LabelledFrame(self._values.astype(dtype), self.index, self.columns)

    def __iter__(self):  # a DataFrame iterates over its column labels
        return iter(self.columns.tolist())

    def __getitem__(self, key):
        if isinstance(key, slice):  # rows, by position
            return LabelledFrame(self._values[key], np.asarray(self.index)[key], self.columns)
        hits = np.flatnonzero(self.columns == key)
        if not hits.size:
            raise KeyError(key)
        return LabelledSeries(self._values[:, hits[0]], self.index)

    def _per_column(self, reduce):
        return LabelledSeries(reduce(self._values, axis=0), self.columns)

    def min(self):
        return self._per_column(np.min)

    def max(self):
        return self._per_column(np.max)

    def sum(self):
        return self._per_column(np.sum)

    def mean(self):
        return self._per_column(np.mean)


def _labels(n: int):
    labels = np.arange(FIRST_LABEL, FIRST_LABEL + n)
    if pandas is not None:
        return pandas.Index(labels, name=INDEX_NAME)
    return labels


def labelled(arr: np.ndarray):
    """``arr`` (1-D or 2-D) as a Series or DataFrame indexed by item labels from 100, or None.

    A square matrix gets the same labels on its columns (a preference matrix indexed by items);
    another matrix keeps column labels 0, 1, ... (features).
    """
    if arr.ndim not in (1, 2) or arr.shape[0] == 0:
        return None
    index = _labels(arr.shape[0])
    if arr.ndim == 1:
        return pandas.Series(arr, index=index) if pandas else LabelledSeries(arr, index)
    columns = _labels(arr.shape[1]) if arr.shape[0] == arr.shape[1] else None
    if pandas is not None:
        return pandas.DataFrame(arr, index=index, columns=columns)
    return LabelledFrame(arr, index, columns)
