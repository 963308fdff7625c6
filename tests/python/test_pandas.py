"""ordo.pandas.rank against pandas' own Series.rank / DataFrame.rank on the same
arguments: ties, NaN, every method, na_option keep/top/bottom, pct,
ascending False, DataFrame axis 0 and 1, int/uint/float/bool columns; the index,
columns and name are kept."""
import itertools

import numpy as np
import pandas as pd
import pytest

import ordo.pandas

METHODS = ["average", "min", "max", "first", "dense"]
NA = ["keep", "top", "bottom"]
ARGS = list(itertools.product(METHODS, NA, [True, False], [False, True]))


def _series(dtype, n=200, seed=0):
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        v = rng.integers(0, 2, n).astype(bool)
    elif dtype.startswith(("int", "uint")):
        v = rng.integers(0, 12, n).astype(dtype)  # many ties
    else:
        v = rng.integers(-6, 6, n).astype(dtype)
        v[rng.random(n) < 0.15] = np.nan
        v[3] = np.inf
        v[4] = -np.inf
    return pd.Series(v, index=pd.Index(rng.permutation(n) * 3 + 7, name="id"), name="v")


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "int32", "uint32", "uint8", "int8", "bool"])
@pytest.mark.parametrize("method,na_option,ascending,pct", ARGS)
def test_series_equals_pandas(dtype, method, na_option, ascending, pct):
    s = _series(dtype)
    kw = dict(method=method, na_option=na_option, ascending=ascending, pct=pct)
    got = ordo.pandas.rank(s, **kw)
    pd.testing.assert_series_equal(got, s.rank(**kw))


@pytest.mark.parametrize("axis", [0, 1, "index", "columns"])
@pytest.mark.parametrize("method,na_option,ascending,pct", ARGS)
def test_frame_equals_pandas(axis, method, na_option, ascending, pct):
    rng = np.random.default_rng(1)
    n = 60
    df = pd.DataFrame({
        "f": rng.integers(0, 5, n).astype(np.float64),
        "i": rng.integers(0, 5, n),
        "u": rng.integers(0, 5, n).astype(np.uint32),
        "g": rng.integers(0, 3, n).astype(np.float32),
    }, index=pd.date_range("2026-01-01", periods=n))
    df.loc[df.index[::7], "f"] = np.nan
    df.loc[df.index[::5], "g"] = np.nan
    kw = dict(axis=axis, method=method, na_option=na_option, ascending=ascending, pct=pct)
    pd.testing.assert_frame_equal(ordo.pandas.rank(df, **kw), df.rank(**kw))


@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("method", METHODS)
def test_frame_with_bool_columns(axis, method):
    df = pd.DataFrame({"b": [True, False, True, True], "i": [1, 0, 3, 1], "f": [0.5, np.nan, 1.0, 0.0]},
                      index=list("wxyz"))
    pd.testing.assert_frame_equal(ordo.pandas.rank(df, axis=axis, method=method),
                                  df.rank(axis=axis, method=method))


def test_all_ties_all_nan_and_empty():
    for s in [pd.Series([2.0] * 5), pd.Series([np.nan] * 4), pd.Series([], dtype=np.float64),
              pd.Series([1], dtype=np.int64)]:
        for method, na_option, pct in itertools.product(METHODS, NA, [False, True]):
            kw = dict(method=method, na_option=na_option, pct=pct)
            pd.testing.assert_series_equal(ordo.pandas.rank(s, **kw), s.rank(**kw))
    empty = pd.DataFrame({"a": pd.Series([], dtype=float)})
    pd.testing.assert_frame_equal(ordo.pandas.rank(empty), empty.rank())


def test_numeric_only_leaves_other_columns_out():
    df = pd.DataFrame({"s": ["b", "a", "c"], "x": [3.0, 1.0, 2.0], "b": [True, False, True]})
    pd.testing.assert_frame_equal(ordo.pandas.rank(df, numeric_only=True), df.rank(numeric_only=True))


def test_unsupported_columns_are_type_errors():
    df = pd.DataFrame({"s": ["b", "a", "c"], "x": [3.0, 1.0, 2.0]})
    with pytest.raises(TypeError, match="column 's' has dtype (object|str)"):
        ordo.pandas.rank(df)
    with pytest.raises(TypeError, match="datetime64"):
        ordo.pandas.rank(pd.Series(pd.date_range("2026-01-01", periods=3)))
    with pytest.raises(TypeError, match="Int64"):
        ordo.pandas.rank(pd.Series([1, None, 3], dtype="Int64"))
    with pytest.raises(TypeError, match="Series or DataFrame"):
        ordo.pandas.rank(np.array([1.0, 2.0]))


def test_bad_arguments_are_value_errors():
    s = pd.Series([1.0, 2.0])
    with pytest.raises(ValueError, match="method"):
        ordo.pandas.rank(s, method="median")
    with pytest.raises(ValueError, match="na_option"):
        ordo.pandas.rank(s, na_option="first")
    with pytest.raises(ValueError, match="axis"):
        ordo.pandas.rank(s, axis=1)
    with pytest.raises(ValueError, match="axis"):
        ordo.pandas.rank(pd.DataFrame({"a": [1]}), axis=2)


def test_input_is_not_modified():
    s = _series("float64")
    before = s.copy()
    ordo.pandas.rank(s, method="dense", na_option="top")
    pd.testing.assert_series_equal(s, before)


def test_duplicate_columns_and_multiindex():
    idx = pd.MultiIndex.from_product([["a", "b"], [1, 2]], names=["k", "n"])
    df = pd.DataFrame([[1.0, 2, 2.0], [np.nan, 1, 3.0], [1.0, 1, 0.5], [4.0, 2, 0.5]], index=idx,
                      columns=["x", "x", "y"])
    for axis in (0, 1):
        for numeric_only in (False, True):
            kw = dict(axis=axis, numeric_only=numeric_only, method="min", na_option="top")
            pd.testing.assert_frame_equal(ordo.pandas.rank(df, **kw), df.rank(**kw))
