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

__all__ = ["rank", "groupby_rank"]

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


def _rank_1d(values: np.ndarray, method: str, ascending: bool, na_option: str, pct: bool,
             groups: Any = None) -> np.ndarray:
    return _ordo.rank(np.ascontiguousarray(values), method=method, ascending=ascending, na_option=na_option, pct=pct,
                      groups=groups)


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


def _is_scalar_key(key: Any) -> bool:
    # pandas' extension arrays (Categorical, StringArray, IntegerArray, ...) are labels, not names
    return not isinstance(key, (pd.Series, pd.Index, np.ndarray, list, tuple, pd.api.extensions.ExtensionArray)) \
        and not callable(key)


def _is_own_column(df: pd.DataFrame, key: pd.Series) -> bool:
    """Whether key is df[key.name] itself, as pandas' grouper asks: the same object
    (pandas 1.x, and 2.x without copy-on-write, cache their columns) or, under
    copy-on-write (pandas 3), a Series that references the column's values."""
    try:
        if key.name not in df.columns:
            return False
        col = df[key.name]
    except (KeyError, TypeError, ValueError):
        return False
    if col is key:
        return True
    same_values = getattr(getattr(key, "_mgr", None), "references_same_values", None)
    if not isinstance(col, pd.Series) or same_values is None:
        return False
    try:
        return bool(same_values(col._mgr, 0))
    except Exception:  # a private pandas API: where it is missing, a plain key
        return False


def _one_key(obj: Union[pd.Series, pd.DataFrame], key: Any, columns: list) -> pd.Series:
    """The labels of one group key, aligned with obj's rows (columns collects the DataFrame
    columns the key is, which the result leaves out, as pandas does)."""
    if callable(key) and not isinstance(key, (pd.Series, pd.Index, np.ndarray)):
        raise TypeError("ordo.pandas.groupby_rank: grouping by a function is not supported; pass the labels "
                        "(e.g. obj.index.map(f))")
    if _is_scalar_key(key):
        if isinstance(obj, pd.DataFrame) and key in obj.columns:
            columns.append(key)
            return obj[key]
        if key is not None and key in obj.index.names:
            raise ValueError(f"ordo.pandas.groupby_rank: grouping by the index level {key!r} is not supported; pass "
                             f"obj.index.get_level_values({key!r})")
        raise KeyError(key)
    if isinstance(key, pd.Series):
        if isinstance(obj, pd.DataFrame) and _is_own_column(obj, key):
            columns.append(key.name)  # df.groupby(df["g"]): the column is the key
        arr = key.reindex(obj.index) if not key.index.equals(obj.index) else key
    elif isinstance(key, pd.api.extensions.ExtensionArray):  # kept as is: its own NA and categories
        if len(key) != len(obj):
            raise ValueError(f"ordo.pandas.groupby_rank: a group key has {len(key)} values, the object "
                             f"{len(obj)} rows")
        arr = pd.Series(key, index=obj.index)
    else:
        values = np.asarray(key)
        if values.ndim != 1:
            raise ValueError(f"ordo.pandas.groupby_rank: a group key must be 1-D labels, one per row; got "
                             f"{values.ndim}-D")
        if len(values) != len(obj):
            raise ValueError(f"ordo.pandas.groupby_rank: a group key has {len(values)} values, the object "
                             f"{len(obj)} rows")
        arr = pd.Series(values, index=obj.index)
    return arr


def _group_codes(obj: Union[pd.Series, pd.DataFrame], by: Any) -> tuple:
    """(int64 group code per row, -1 where pandas drops the row's group (a NaN key); the
    names of the DataFrame columns used as keys)."""
    keys = [by]
    if isinstance(by, list):
        # pandas: a list of scalars none of which is a column is one array of labels; else a list of keys
        one_array = all(_is_scalar_key(k) for k in by) and not (
            isinstance(obj, pd.DataFrame) and any(k in obj.columns for k in by))
        keys = [by] if one_array else by
        if not keys:
            raise ValueError("ordo.pandas.groupby_rank: no group keys given")
    columns: list = []
    arrays = [_one_key(obj, key, columns) for key in keys]
    if len(arrays) == 1:
        codes, _ = pd.factorize(arrays[0], use_na_sentinel=True) if _FACTORIZE_NA else pd.factorize(arrays[0])
    else:
        frame = pd.concat([a.reset_index(drop=True) for a in arrays], axis=1, ignore_index=True)
        groups = frame.groupby(list(frame.columns), dropna=True, sort=False).ngroup()
        codes = groups.to_numpy(dtype=np.float64, na_value=-1.0)  # a dropped row: NaN or -1 by pandas version
        codes = np.where(np.isnan(codes) | (codes < 0), -1, codes)
    return np.asarray(codes, dtype=np.int64), columns


_FACTORIZE_NA = "use_na_sentinel" in pd.factorize.__code__.co_varnames


def groupby_rank(obj: Union[pd.Series, pd.DataFrame], by: Any, method: str = "average", ascending: bool = True,
                 na_option: str = "keep", pct: bool = False) -> Union[pd.Series, pd.DataFrame]:
    """Rank within groups like ``obj.groupby(by).rank(method=..., ...)``: same arguments, same result.

    Parameters
    ----------
    obj : pandas.Series or pandas.DataFrame
        Values of int, uint, float or bool dtype.
    by : a column name (DataFrame), an array or Series of labels aligned with
        obj, or a list of them (groups by their combination)
        Rows whose label is NaN/None belong to no group and get NaN, as
        pandas' default ``dropna=True`` gives.
    method, ascending, na_option, pct : as ``rank`` (pct is per group)

    Returns
    -------
    float64 ranks with obj's index: a Series, or a DataFrame of obj's columns
    less the ones used as group keys.

    Examples
    --------
    >>> import numpy as np, pandas as pd, ordo.pandas
    >>> df = pd.DataFrame({"g": ["a", "b", "a", "b", "a"], "x": [3.0, 1.0, 1.0, np.nan, 3.0]})
    >>> ordo.pandas.groupby_rank(df, "g")
         x
    0  2.5
    1  1.0
    2  1.0
    3  NaN
    4  2.5
    >>> ordo.pandas.groupby_rank(df["x"], df["g"], method="dense", pct=True).tolist()
    [1.0, 1.0, 0.5, nan, 1.0]
    """
    if method not in _METHODS:
        raise ValueError(f"ordo.pandas.groupby_rank: method must be one of {', '.join(_METHODS)}, got {method!r}")
    if na_option not in _NA_OPTIONS:
        raise ValueError("na_option must be one of 'keep', 'top', or 'bottom'")
    if not isinstance(obj, (pd.Series, pd.DataFrame)):
        raise TypeError(f"ordo.pandas.groupby_rank takes a pandas Series or DataFrame, got {type(obj).__name__}")
    codes, key_columns = _group_codes(obj, by)
    dropped = codes < 0
    opts = dict(method=method, ascending=bool(ascending), na_option=na_option, pct=bool(pct))

    def one(values: np.ndarray) -> np.ndarray:
        r = np.asarray(_rank_1d(values, groups=codes, **opts), dtype=np.float64)
        r[dropped] = np.nan
        return r

    if isinstance(obj, pd.Series):
        _rankable(obj.dtype, f"the Series {obj.name!r}" if obj.name is not None else "the Series")
        return pd.Series(one(obj.to_numpy()), index=obj.index, name=obj.name, dtype=np.float64)
    frame = obj.drop(columns=key_columns) if key_columns else obj
    for column, dt in zip(frame.columns, frame.dtypes):
        _rankable(dt, f"column {column!r}")
    out = np.empty(frame.shape, dtype=np.float64)
    for j in range(frame.shape[1]):
        out[:, j] = one(frame.iloc[:, j].to_numpy())
    return pd.DataFrame(out, index=frame.index, columns=frame.columns)
