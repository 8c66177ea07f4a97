"""pandas Series and DataFrames with a named, non-default index, for the bad-input table.

The table's "pandas" mutation hands a function a Series (a 1-D argument) or a DataFrame (a 2-D
one) holding the valid values, indexed by item labels 100, 101, ... under the name "item", so
that reading them by label where a position is meant (``values[0]``, ``values[[2, 0]]``)
raises ``KeyError`` as it does for a user, and iterating over a DataFrame gives its column
labels, not its rows.  pandas is a dev dependency (pyproject.toml) for this table only;
rankviz itself does not import it.
"""

from __future__ import annotations

import numpy as np
import pandas

#: The first item label: positions 0, 1, ... are never labels.
FIRST_LABEL = 100
INDEX_NAME = "item"


def _labels(n: int) -> pandas.Index:
    return pandas.Index(np.arange(FIRST_LABEL, FIRST_LABEL + n), name=INDEX_NAME)


def labelled(arr: np.ndarray):
    """``arr`` (1-D or 2-D) as a Series or DataFrame indexed by item labels from 100, or None.

    A square matrix gets the same labels on its columns (a preference matrix indexed by items);
    another matrix keeps column labels 0, 1, ... (features).
    """
    if arr.ndim not in (1, 2) or arr.shape[0] == 0:
        return None
    index = _labels(arr.shape[0])
    if arr.ndim == 1:
        return pandas.Series(arr, index=index)
    columns = _labels(arr.shape[1]) if arr.shape[0] == arr.shape[1] else None
    return pandas.DataFrame(arr, index=index, columns=columns)
