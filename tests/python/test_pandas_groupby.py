"""ordo.pandas.groupby_rank against pandas' groupby().rank() on the same data."""
import itertools

import numpy as np
import pandas as pd
import pytest

import ordo.pandas as op

METHODS = ["average", "min", "max", "first", "dense"]


def _frame(seed, n, groups, dtype, nan_keys=False, nan_labels=False):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 6, n).astype(dtype)
    if nan_keys and np.dtype(dtype).kind == "f":
        x[rng.random(n) < 0.2] = np.nan
    g = rng.integers(-3, groups - 3, n).astype(np.float64 if nan_labels else np.int64)
    if nan_labels:
        g[rng.random(n) < 0.15] = np.nan
    return pd.DataFrame({"g": g, "x": x, "y": -x}, index=rng.permutation(n) + 100)


@pytest.mark.parametrize("method,na_option,ascending,pct",
                         list(itertools.product(METHODS, ["keep", "top", "bottom"], [True, False], [False, True])))
def test_series_matches_pandas(method, na_option, ascending, pct):
    df = _frame(1, 400, 7, np.float64, nan_keys=True, nan_labels=True)
    got = op.groupby_rank(df["x"], df["g"], method=method, na_option=na_option, ascending=ascending, pct=pct)
    want = df["x"].groupby(df["g"]).rank(method=method, na_option=na_option, ascending=ascending, pct=pct)
    pd.testing.assert_series_equal(got, want.astype(np.float64), check_names=True)


@pytest.mark.parametrize("dtype", [np.int32, np.uint8, np.float32, np.float64, np.int64])
@pytest.mark.parametrize("groups", [1, 3, 50, 1000])
def test_frame_by_column_matches_pandas(dtype, groups):
    df = _frame(2, 300, groups, dtype)
    for method in METHODS:
        got = op.groupby_rank(df, "g", method=method, pct=True)
        want = df.groupby("g").rank(method=method, pct=True)
        pd.testing.assert_frame_equal(got, want.astype(np.float64))


def test_two_keys_and_every_row_its_own_group():
    df = _frame(3, 200, 5, np.float64, nan_keys=True)
    df["h"] = np.arange(200) % 3
    got = op.groupby_rank(df, ["g", "h"], method="min")
    want = df.groupby(["g", "h"]).rank(method="min")
    pd.testing.assert_frame_equal(got, want.astype(np.float64))
    own = op.groupby_rank(df["x"], np.arange(200))
    pd.testing.assert_series_equal(own, df["x"].groupby(np.arange(200)).rank().astype(np.float64))


def test_empty_and_errors():
    empty = pd.Series([], dtype=np.float64)
    assert op.groupby_rank(empty, np.array([], dtype=np.int64)).empty
    s = pd.Series([1.0, 2.0])
    with pytest.raises(ValueError):
        op.groupby_rank(s, np.array([1, 2, 3]))
    with pytest.raises(ValueError):
        op.groupby_rank(s, np.array([1, 1]), method="bogus")
    with pytest.raises(TypeError):
        op.groupby_rank(pd.Series(["a", "b"]), np.array([1, 1]))
    with pytest.raises(TypeError):
        op.groupby_rank([1.0, 2.0], np.array([1, 1]))


def test_keys_pandas_reads_otherwise_are_refused_or_read_as_pandas_does():
    df = pd.DataFrame({"g": [1, 1, 2, 2], "x": [3.0, 1.0, 2.0, 5.0]})
    with pytest.raises(KeyError):
        op.groupby_rank(df, "gg")                          # a typo: pandas raises KeyError too
    s = df["x"]
    want = s.groupby([1, 1, 2, 2]).rank()                  # a list of scalars: one array of labels
    pd.testing.assert_series_equal(op.groupby_rank(s, [1, 1, 2, 2]), want.astype(np.float64))
    got = op.groupby_rank(df, df["g"])                     # the frame's own column: left out, as pandas does
    pd.testing.assert_frame_equal(got, df.groupby(df["g"]).rank().astype(np.float64))
    with pytest.raises(ValueError):
        op.groupby_rank(df.set_index("g"), "g")            # an index level: refused with a hint
    with pytest.raises(TypeError):
        op.groupby_rank(df, lambda i: i % 2)
    with pytest.raises(ValueError):
        op.groupby_rank(s, np.ones((2, 2)))


@pytest.mark.parametrize("make", [
    lambda g: pd.Categorical(g),
    lambda g: pd.Categorical(g, categories=["z", "b", "a", "c"]),  # unused and reordered categories
    lambda g: pd.array(g, dtype="string"),
    lambda g: pd.array([None if v is None else ord(v) for v in g], dtype="Int64"),
])
def test_extension_array_labels_as_pandas(make):
    # pandas' extension arrays were taken for a column name ("truth value of an array is ambiguous")
    g = ["a", "b", "a", None, "c", "b", "a", "c"]
    s = pd.Series([3.0, 1.0, 2.0, 5.0, 4.0, np.nan, 2.0, 4.0], index=np.arange(8) * 3)
    by = make(g)
    for method in METHODS:
        got = op.groupby_rank(s, by, method=method)
        want = s.groupby(by, observed=True).rank(method=method) if isinstance(by, pd.Categorical) \
            else s.groupby(by).rank(method=method)
        pd.testing.assert_series_equal(got, want.astype(np.float64), check_names=False)
