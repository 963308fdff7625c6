"""``ordo.pandas.rank``: a drop-in for ``pandas.Series.rank`` and ``pandas.DataFrame.rank``.

It takes and returns pandas objects (index, columns and name kept; float64
ranks, as pandas gives) and equals pandas on the same arguments: ties by
every method, NaN with na_option keep/top/bottom, pct, ascending=False,
DataFrame axis 0 (each column) and 1 (each row), int/uint/float/bool
columns. The ranking runs in ordo on every CPU core with the GIL released;
Ctrl-C is honoured between columns (rows for axis=1).

What ordo does not rank (object, string, categorical, datetime columns and
pandas' nullable extension dtypes) is a TypeError naming the column, never a
silent conversion; ``numeric_only=True`` leaves such columns out, as pandas does.

>>> import numpy as np, pandas as pd
>>> import ordo.pandas
>>> s = pd.Series([3.0, 1.0, np.nan, 1.0], index=list("abcd"), name="x")
>>> ordo.pandas.rank(s)
a    3.0
b    1.5
c    NaN
d    1.5
Name: x, dtype: float64
>>> df = pd.DataFrame({"a": [2, 1, 2], "b": [True, False, True]})
>>> ordo.pandas.rank(df, method="min")
     a    b
0  2.0  2.0
1  1.0  1.0
2  2.0  2.0
>>> ordo.pandas.rank(df, axis=1, method="dense", ascending=False)
     a    b
0  1.0  2.0
1  1.0  2.0
2  1.0  2.0
"""
from typing import Any, Union

import numpy as np
import pandas as pd

from . import _ordo

__all__ = ["rank"]

_METHODS = ("average", "min", "max", "first", "dense")
_NA_OPTIONS = ("keep", "top", "bottom")


def _rankable(dtype: Any, what: str) -> np.dtype:
    """The numpy dtype ordo ranks a column of `dtype` as, or TypeError."""
    if isinstance(dtype, np.dtype) and (dtype.kind in "iuf" or dtype.kind == "b"):
        return dtype
    raise TypeError(f"ordo.pandas.rank: {what} has dtype {dtype}; ordo ranks int, uint, float and bool data "
                    "(numpy dtypes). Convert it first (e.g. .astype('float64')), pass numeric_only=True to leave it "
                    "out, or use pandas' own rank")


def _is_rankable(dtype: Any) -> bool:
    return isinstance(dtype, np.dtype) and dtype.kind in "iufb"


def _rank_1d(values: np.ndarray, method: str, ascending: bool, na_option: str, pct: bool) -> np.ndarray:
    return _ordo.rank(np.ascontiguousarray(values), method=method, ascending=ascending, na_option=na_option, pct=pct)


def _axis_number(axis: Any, ndim: int) -> int:
    names = {0: 0, "index": 0, "rows": 0}
    if ndim == 2:
        names.update({1: 1, "columns": 1})
    if axis not in names:
        raise ValueError(f"No axis named {axis!r} for object type {'Series' if ndim == 1 else 'DataFrame'}")
    return names[axis]


def rank(obj: Union[pd.Series, pd.DataFrame], axis: Union[int, str] = 0, method: str = "average",
         numeric_only: bool = False, na_option: str = "keep", ascending: bool = True,
         pct: bool = False) -> Union[pd.Series, pd.DataFrame]:
    """Rank like ``obj.rank(axis=..., method=..., ...)``: same arguments, same result.

    Parameters
    ----------
    obj : pandas.Series or pandas.DataFrame
        Columns of int, uint, float or bool dtype.
    axis : {0 or "index", 1 or "columns"}
        DataFrame only: 0 ranks each column, 1 each row (the row's values
        taken at the columns' common dtype, as ``DataFrame.values`` gives;
        bool beside numbers counts as 0/1).
    method : {"average", "min", "max", "first", "dense"}
    numeric_only : bool
        DataFrame: rank only the int, uint, float and bool columns.
    na_option : {"keep", "top", "bottom"}
    ascending : bool
    pct : bool

    Returns
    -------
    The same kind of pandas object, same index (and columns, name), float64.

    Raises TypeError for a non-pandas object or a column ordo cannot rank,
    ValueError for bad method, na_option or axis.

    Examples
    --------
    >>> import numpy as np, pandas as pd, ordo.pandas
    >>> s = pd.Series([10, 20, 20, 30])
    >>> ordo.pandas.rank(s, method="min").tolist()
    [1.0, 2.0, 2.0, 4.0]
    >>> ordo.pandas.rank(s, pct=True).equals(s.rank(pct=True))
    True
    >>> ordo.pandas.rank(pd.Series([1.0, np.nan]), na_option="top").tolist()
    [2.0, 1.0]
    """
    if method not in _METHODS:
        raise ValueError(f"ordo.pandas.rank: method must be one of {', '.join(_METHODS)}, got {method!r}")
    if na_option not in _NA_OPTIONS:
        raise ValueError("na_option must be one of 'keep', 'top', or 'bottom'")
    opts = dict(method=method, ascending=bool(ascending), na_option=na_option, pct=bool(pct))
    if isinstance(obj, pd.Series):
        _axis_number(axis, 1)
        if numeric_only and not _is_rankable(obj.dtype):
            raise TypeError(f"Series.rank does not allow numeric_only=True with non-numeric dtype {obj.dtype}")
        _rankable(obj.dtype, f"the Series {obj.name!r}" if obj.name is not None else "the Series")
        return pd.Series(_rank_1d(obj.to_numpy(), **opts), index=obj.index, name=obj.name, dtype=np.float64)
    if not isinstance(obj, pd.DataFrame):
        raise TypeError(f"ordo.pandas.rank takes a pandas Series or DataFrame, got {type(obj).__name__}; "
                        "for arrays use ordo.rank")
    frame = obj
    if numeric_only:
        frame = frame[[c for c, dt in zip(frame.columns, frame.dtypes) if _is_rankable(dt)]] \
            if frame.columns.is_unique else frame.iloc[:, [i for i, dt in enumerate(frame.dtypes) if _is_rankable(dt)]]
    for column, dt in zip(frame.columns, frame.dtypes):
        _rankable(dt, f"column {column!r}")
    out = np.empty(frame.shape, dtype=np.float64)
    if _axis_number(axis, 2) == 0:
        for j in range(frame.shape[1]):
            out[:, j] = _rank_1d(frame.iloc[:, j].to_numpy(), **opts)
    elif frame.shape[1]:
        values = frame.to_numpy()
        if values.dtype == object:  # bool beside numbers: pandas compares them as 0/1
            values = frame.to_numpy(dtype=np.float64)
        for i in range(frame.shape[0]):
            out[i, :] = _rank_1d(values[i, :], **opts)
    return pd.DataFrame(out, index=frame.index, columns=frame.columns)
