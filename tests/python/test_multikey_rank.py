"""ordo.rank over several key columns (ordo.rank([a, b, ...])), element by
element: one column against pandas Series.rank, several against a reference
that turns each row into one number of the same order (each column's values
as dense codes, directions and NaN placed, the first column most
significant) and ranks that with pandas; every method, direction, na_option
and pct, NaN, -0.0/+0.0, +-inf and integer extremes."""
import numpy as np
import pandas as pd
import pytest

import ordo
from test_rank import KEY_DTYPES, PANDAS_METHODS, assert_same, make_keys

SIZES = [0, 1, 2, 7, 1000, 40000]  # 40000 > 2^15: the threaded paths


def reference_rank(columns, ascending, method, na_option, pct):
    """pandas' rank of the rows as tuples, the first column primary: a tie is a
    row equal on every column (NaN ties NaN, -0.0 ties 0.0); under keep a row
    with a NaN is not ranked; top/bottom put NaN first/last in every column."""
    n = len(columns[0])
    if isinstance(ascending, bool):
        ascending = [ascending] * len(columns)
    # Each column's codes are a digit of radix len(values) + 2; the product of
    # the radices (a Python int) bounds every key, so int64 arithmetic is
    # exact, and float64 too below 2^53.
    columns = [np.asarray(col) for col in columns]
    nans = [np.isnan(col) if col.dtype.kind == "f" else np.zeros(n, dtype=bool) for col in columns]
    uniques = [np.unique(col[~nan]) for col, nan in zip(columns, nans)]  # sorted; -0.0 and 0.0 are one value
    bound = 1
    for values in uniques:
        bound *= len(values) + 2
    assert bound <= 2**53, "the test's columns have too many distinct values for exact float keys"
    key = np.zeros(n, dtype=np.int64)
    unranked = np.zeros(n, dtype=bool)
    for col, asc, nan, values in zip(columns, ascending, nans, uniques):
        code = np.zeros(n, dtype=np.int64)
        code[~nan] = np.searchsorted(values, col[~nan])
        if not asc:
            code[~nan] = len(values) - 1 - code[~nan]
        code[nan] = -1 if na_option == "top" else len(values)
        key = key * (len(values) + 2) + (code + 1)
        unranked |= nan
    ranks = pd.Series(key.astype(np.float64) if n else np.zeros(0))
    if na_option == "keep":
        ranks[unranked] = np.nan
    return ranks.rank(method=method, na_option="keep", pct=pct).to_numpy()


def make_columns(rng, dtypes, n):
    """Columns of few distinct values (so whole rows tie): the types' extremes,
    and for floats NaN of both signs, -0.0 and 0.0, +-inf."""
    out = []
    for dtype in dtypes:
        dtype = np.dtype(dtype)
        if dtype.kind == "f":
            pool = np.array([np.nan, -np.nan, -0.0, 0.0, np.inf, -np.inf, np.finfo(dtype).max, 1.5, 1.5], dtype)
        else:
            ii = np.iinfo(dtype)
            pool = np.array([ii.min, ii.max, 0, 1, 1], dtype)
        out.append(rng.choice(pool, size=n))
    return out


COLUMN_SETS = [
    [np.float64],
    [np.int32, np.float64],
    [np.float32, np.uint64, np.int64],
    [np.float64, np.float32],
    [np.int64, np.float32, np.uint32, np.float64, np.int32, np.float32, np.float64, np.uint64],
]


@pytest.mark.parametrize("pct", [False, True])
@pytest.mark.parametrize("na_option", ["keep", "top", "bottom"])
@pytest.mark.parametrize("method", PANDAS_METHODS)
@pytest.mark.parametrize("columns", range(len(COLUMN_SETS)))
def test_columns_match_tuple_reference(columns, method, na_option, pct):
    dtypes = COLUMN_SETS[columns]
    rng = np.random.default_rng([columns, PANDAS_METHODS.index(method), len(na_option), pct])
    for n in SIZES:
        cols = make_columns(rng, dtypes, n)
        for ascending in (True, False, [bool(b) for b in rng.random(len(cols)) < 0.5]):
            kw = dict(method=method, na_option=na_option, pct=pct)
            got = ordo.rank(cols, ascending=ascending, **kw)
            assert got.dtype == np.float64 and got.shape == (n,)
            assert_same(got, reference_rank(cols, ascending, **kw))


@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=lambda d: np.dtype(d).name)
def test_one_column_is_pandas_rank(dtype):
    rng = np.random.default_rng(KEY_DTYPES.index(dtype))
    for n in (0, 1, 1000, 40000):
        x = make_keys(rng, dtype, n)
        for method in PANDAS_METHODS:
            for ascending in (True, False):
                for na_option in ("keep", "top", "bottom"):
                    for pct in (False, True):
                        kw = dict(method=method, na_option=na_option, pct=pct)
                        want = pd.Series(x).rank(ascending=ascending, **kw).to_numpy()
                        assert_same(ordo.rank([x], ascending=ascending, **kw), want)
                        assert_same(ordo.rank((x,), ascending=[ascending], **kw), want)


def test_known_values_and_nan_rows():
    team = np.array([2, 1, 2, 1, 2])
    score = np.array([0.5, 0.7, 0.9, 0.1, 0.5])
    assert_same(ordo.rank([team, score], ascending=[True, False]), [4.5, 1, 3, 2, 4.5])
    assert_same(ordo.rank([team, score], method="dense", ascending=False), [2, 3, 1, 4, 2])
    g = np.array([1, 1, 1, 2, 2], np.int64)
    x = np.array([np.nan, 5, 3, np.nan, 1])
    assert_same(ordo.rank([g, x], method="min"), [np.nan, 2, 1, np.nan, 3])
    assert_same(ordo.rank([g, x], method="min", pct=True), [np.nan, 2 / 3, 1 / 3, np.nan, 1])
    assert_same(ordo.rank([g, x], method="min", na_option="top"), [1, 3, 2, 4, 5])
    assert_same(ordo.rank([g, x], method="min", na_option="bottom"), [3, 2, 1, 5, 4])
    # -0.0 ties 0.0, NaN ties NaN (under top/bottom)
    z = np.array([-0.0, 0.0, np.nan, np.nan])
    assert_same(ordo.rank([np.zeros(4, np.int32), z], na_option="bottom"), [1.5, 1.5, 3.5, 3.5])


def test_narrow_columns_rank_as_their_values():
    rng = np.random.default_rng(3)
    n = 3000
    b = rng.random(n) < 0.5
    i8 = rng.integers(-128, 128, n).astype(np.int8)
    u16 = rng.integers(0, 3, n).astype(np.uint16)
    h = rng.integers(-2, 3, n).astype(np.float16)
    h[rng.random(n) < 0.1] = np.nan
    for cols in ([b, i8], [u16, h, b]):
        for kw in (dict(), dict(method="dense", na_option="top", pct=True)):
            want = reference_rank([c.astype(np.float64) if c.dtype.kind == "f" else c.astype(np.int64) for c in cols],
                                  True, method=kw.get("method", "average"), na_option=kw.get("na_option", "keep"),
                                  pct=kw.get("pct", False))
            assert_same(ordo.rank(cols, **kw), want)


def test_out_and_errors():
    a = np.array([3, 1, 2], np.int32)
    b = np.array([0.5, 0.5, 0.25])
    r = np.empty(3)
    assert ordo.rank([a, b], out=r) is r
    assert_same(r, [3, 1, 2])
    with pytest.raises(TypeError, match="x must be"):  # no column, or numbers: not key columns
        ordo.rank([])
    with pytest.raises(TypeError, match="x must be"):
        ordo.rank([3.0, 1.0])
    with pytest.raises(ValueError, match="1 to 8 key columns"):
        ordo.rank([a] * 9)
    with pytest.raises(ValueError, match="column 1 has 4 values, column 0 has 3"):
        ordo.rank([a, np.arange(4.0)])
    with pytest.raises(ValueError, match="ascending has 1 entries for 2 columns"):
        ordo.rank([a, b], ascending=[True])
    with pytest.raises(TypeError, match="one bool per column"):
        ordo.rank([a, b], ascending=[1, 0])
    with pytest.raises(TypeError, match="ascending must be a bool"):
        ordo.rank(a, ascending=[True])
    with pytest.raises(ValueError, match="not a list of key columns"):
        ordo.rank([a, b], groups=np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="not a list of key columns"):
        ordo.rank([a, b], axis=0)
    with pytest.raises(ordo.Error, match="one implementation"):
        ordo.rank([a, b], variant="msd_replay")
    with pytest.raises(ValueError, match="must be 1-D"):
        ordo.rank([a, np.zeros((3, 1))])
    with pytest.raises(TypeError):
        ordo.rank([a, [1, 2, 3]])
    with pytest.raises(TypeError):
        ordo.rank([a, np.array(["x", "y", "z"])])


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64], ids=lambda d: np.dtype(d).name)
def test_array_kinds(xp, dtype):
    rng = np.random.default_rng([11, KEY_DTYPES.index(dtype)])
    cols = make_columns(rng, [dtype, np.float64, np.int64], 50000)
    for kw in (dict(), dict(method="dense", pct=True, ascending=[False, True, False]),
               dict(method="first", na_option="top")):
        got = xp.get(ordo.rank([xp.put(c) for c in cols], **kw))
        assert_same(got, reference_rank(cols, kw.get("ascending", True), method=kw.get("method", "average"),
                                        na_option=kw.get("na_option", "keep"), pct=kw.get("pct", False)))
