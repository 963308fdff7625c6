"""ordo.rank with groups= (pandas groupby().rank()), segments= (offsets or a
length) and axis= (scipy.stats.rankdata on n-D arrays), element by element."""
import numpy as np
import pandas as pd
import pytest
import scipy.stats

import ordo
from test_rank import KEY_DTYPES, PANDAS_METHODS, assert_same, make_keys, options_rng, over_pandas_options

LABEL_DTYPES = [np.int8, np.uint8, np.int16, np.int32, np.uint32, np.int64, np.uint64, np.bool_]


def per_group_reference(x, labels, **kw):
    """Each group's keys ranked by Series.rank (exact for every key type)."""
    out = np.full(len(x), np.nan)
    s = pd.Series(x)
    for g in np.unique(labels):
        m = labels == g
        out[m] = s[m].rank(**kw).to_numpy()
    return out


def make_labels(rng, dtype, n, distinct):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.random(n) < 0.5
    info = np.iinfo(dtype)
    pool = np.concatenate([np.array([info.min, info.max], dtype=dtype),
                           rng.integers(info.min, info.max, size=max(distinct - 2, 0), dtype=dtype, endpoint=True)])
    return rng.choice(pool[:max(distinct, 1)], size=n)


@over_pandas_options
def test_groups_match_pandas_groupby(dtype, method, ascending, na_option, pct):
    rng = options_rng(dtype, method, ascending, na_option, pct)
    kw = dict(method=method, ascending=ascending, na_option=na_option, pct=pct)
    for n, distinct in [(0, 1), (1, 1), (7, 3), (500, 1), (1000, 20), (3000, 3000)]:
        x = make_keys(rng, dtype, n, specials=np.dtype(dtype).kind == "f")
        g = make_labels(rng, np.int64, n, distinct)
        got = ordo.rank(x, groups=g, **kw)
        assert got.dtype == np.float64
        want = pd.Series(x).groupby(g).rank(**kw).to_numpy()
        assert_same(got, want)


@pytest.mark.parametrize("ldtype", LABEL_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=lambda d: np.dtype(d).name)
def test_groups_every_label_type_and_extreme_keys(dtype, ldtype):
    rng = np.random.default_rng([KEY_DTYPES.index(dtype), LABEL_DTYPES.index(ldtype)])
    x = make_keys(rng, dtype, 2000)  # the type's extreme values too: exact per-group reference
    g = make_labels(rng, ldtype, 2000, 30)
    for method in PANDAS_METHODS:
        assert_same(ordo.rank(x, groups=g, method=method, pct=True),
                    per_group_reference(x, g, method=method, pct=True))


def test_one_group_is_rank_and_own_groups_are_ones():
    rng = np.random.default_rng(5)
    x = make_keys(rng, np.float64, 1000)
    assert_same(ordo.rank(x, groups=np.zeros(1000, np.int32)), ordo.rank(x))
    own = ordo.rank(x, groups=np.arange(1000) - 500, na_option="bottom")
    assert_same(own, np.ones(1000))


def test_segments_offsets_and_length():
    rng = np.random.default_rng(6)
    x = make_keys(rng, np.float32, 1000)
    offs = np.array([3, 3, 10, 500, 990], dtype=np.int64)
    got = ordo.rank(x, segments=offs, method="dense", pct=True)
    want = np.full(1000, np.nan)
    for b, e in zip(offs[:-1], offs[1:]):
        want[b:e] = pd.Series(x[b:e]).rank(method="dense", pct=True).to_numpy()
    assert_same(got, want)
    got = ordo.rank(x, segments=64, method="min", ascending=False)
    want = np.concatenate([pd.Series(x[b:b + 64]).rank(method="min", ascending=False).to_numpy()
                           for b in range(0, 1000, 64)])
    assert_same(got, want)


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("method", ["average", "min", "max", "dense", "ordinal"])
def test_axis_matches_scipy_rankdata(method, axis, order):
    rng = np.random.default_rng([len(method), 0 if axis is None else axis + 2, order == "C"])
    x = np.asarray(rng.integers(0, 7, size=(37, 53)).astype(np.float64), order=order)
    got = ordo.rank(x, method=method, axis=axis)
    want = scipy.stats.rankdata(x, method=method, axis=axis)
    assert got.shape == want.shape
    assert_same(got, want.astype(np.float64))


def test_axis_3d_and_empty():
    x = np.random.default_rng(1).integers(0, 5, size=(4, 5, 6)).astype(np.int32)
    for axis in (0, 1, 2, None):
        assert_same(ordo.rank(x, axis=axis, method="max"), scipy.stats.rankdata(x, method="max", axis=axis))
    assert ordo.rank(np.zeros((3, 0)), axis=1).shape == (3, 0)


def test_errors():
    x = np.arange(10.0)
    with pytest.raises(ValueError, match="groups has 9 elements"):
        ordo.rank(x, groups=np.zeros(9, np.int32))
    with pytest.raises(TypeError):
        ordo.rank(x, groups=np.zeros(10, np.float64))
    with pytest.raises(ValueError, match="not both"):
        ordo.rank(x, groups=np.zeros(10, np.int32), segments=5)
    with pytest.raises(ValueError):
        ordo.rank(x, segments=np.array([0, 4, 11]))
    with pytest.raises(ValueError, match="positive"):
        ordo.rank(x, segments=0)
    with pytest.raises(ValueError, match="out of bounds"):
        ordo.rank(np.zeros((2, 2)), axis=2)


# ---------------------------------------------------------------- topk

def ref_topk(x, k, largest):
    """Stable: ties by index; NaN largest; -0.0 == 0.0."""
    n = len(x)
    if largest:
        order = (n - 1 - np.argsort(x[::-1], kind="stable"))[::-1]
    else:
        order = np.argsort(x, kind="stable")
    order = order[:k]
    return x[order], order.astype(np.int64)


@pytest.mark.parametrize("largest", [True, False])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=lambda d: np.dtype(d).name)
def test_topk_1d(dtype, largest):
    rng = np.random.default_rng([KEY_DTYPES.index(dtype), largest])
    for n in [1, 2, 10, 1000, 50000]:
        x = make_keys(rng, dtype, n)
        for k in sorted({0, 1, 5, n // 2, n} - {j for j in (5,) if j > n}):
            v, i = ordo.topk(x, k, largest=largest)
            wv, wi = ref_topk(x, k, largest)
            assert v.dtype == x.dtype and i.dtype == np.int64
            np.testing.assert_array_equal(i, wi)
            np.testing.assert_array_equal(v.view(np.uint8), wv.view(np.uint8))


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_topk_axis(axis, order):
    rng = np.random.default_rng(3)
    x = np.asarray(rng.integers(0, 20, size=(40, 70)).astype(np.float32), order=order)
    v, i = ordo.topk(x, 7, axis=axis, largest=False)
    wi = np.apply_along_axis(lambda r: ref_topk(r, 7, False)[1], axis, x)
    np.testing.assert_array_equal(i, wi)
    np.testing.assert_array_equal(v, np.take_along_axis(x, i, axis=axis))


def test_topk_errors():
    with pytest.raises(ValueError, match="larger than"):
        ordo.topk(np.arange(5.0), 6)
    with pytest.raises(ValueError):
        ordo.topk(np.arange(5.0), -1)
    with pytest.raises(TypeError):
        ordo.topk(np.arange(5, dtype=np.int8), 2)
    with pytest.raises(ValueError, match="1-D"):  # n-D input needs axis=
        ordo.topk(np.zeros((3, 4)), 2)
    assert ordo.topk(np.zeros((3, 0)), 0, axis=1)[0].shape == (3, 0)


@pytest.mark.parametrize("dtype", [np.float32, np.int64], ids=lambda d: np.dtype(d).name)
def test_topk_along_the_last_axis_on_every_kind(xp, dtype):
    """Rows of n-D arrays (GPU: the last axis of a C-contiguous array, one warp per row up to 1024 keys)."""
    rng = np.random.default_rng([9, KEY_DTYPES.index(dtype)])
    for shape in [(37, 1000), (5, 1025), (4, 3, 64), (50, 1), (7, 129)]:
        x = make_keys(rng, dtype, int(np.prod(shape))).reshape(shape)
        for k in sorted({1, 31, 32, 33, shape[-1]} & set(range(shape[-1] + 1))):
            for largest in (True, False):
                v, i = ordo.topk(xp.put(x), k, largest=largest, axis=-1)
                wi = np.apply_along_axis(lambda r: ref_topk(r, k, largest)[1], -1, x)
                assert tuple(xp.get(i).shape) == shape[:-1] + (k,)
                np.testing.assert_array_equal(xp.get(i), wi)
                np.testing.assert_array_equal(xp.get(v).view(np.uint8),
                                              np.take_along_axis(x, wi, axis=-1).view(np.uint8))
    if xp.name != "numpy":
        with pytest.raises(ValueError, match="last axis"):
            ordo.topk(xp.put(np.zeros((3, 4), dtype)), 2, axis=0)


# ---------------------------------------------------------------- lexsort

def test_lexsort_matches_numpy():
    rng = np.random.default_rng(8)
    n = 5000
    a = rng.integers(0, 4, n).astype(np.int32)
    b = rng.integers(0, 3, n).astype(np.float64)
    b[rng.random(n) < 0.2] = np.nan
    c = rng.integers(0, 1 << 40, n).astype(np.uint64)
    for keys in ([a], [b, a], [c, b, a], [a, b, a, b, a, b, a, b]):
        got = ordo.lexsort(keys)
        assert got.dtype == np.int64
        np.testing.assert_array_equal(got, np.lexsort(keys))


def test_lexsort_descending_and_nan_first():
    x = np.array([1.0, np.nan, 3.0, 1.0, -0.0, 0.0])
    g = np.array([1, 0, 1, 0, 1, 0], np.int64)
    # primary g ascending, then x descending with NaN first
    got = ordo.lexsort([x, g], descending=[True, False], nan_last=[False, True])
    want = pd.DataFrame({"g": g, "x": x}).sort_values(["g", "x"], ascending=[True, False], na_position="first",
                                                      kind="stable").index.to_numpy()
    np.testing.assert_array_equal(got, want)


def test_lexsort_errors():
    with pytest.raises(ValueError):
        ordo.lexsort([])
    with pytest.raises(ValueError):
        ordo.lexsort([np.arange(3), np.arange(4)])
    with pytest.raises(ValueError):
        ordo.lexsort([np.arange(3)] * 9)


# ---------------------------------------------------------------- every array kind (GPU where there is one)

@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64, np.uint64], ids=lambda d: np.dtype(d).name)
def test_array_kinds_groups_segments_topk_lexsort(xp, dtype):
    rng = np.random.default_rng([7, KEY_DTYPES.index(dtype)])
    n = 20000
    x = make_keys(rng, dtype, n)
    g = make_labels(rng, np.int32, n, 300)
    for kw in (dict(), dict(method="dense", pct=True, ascending=False), dict(method="first", na_option="top")):
        assert_same(xp.get(ordo.rank(xp.put(x), groups=xp.put(g), **kw)), pd.Series(x).groupby(g).rank(**kw).to_numpy())
        assert_same(xp.get(ordo.rank(xp.put(x), segments=1000, **kw)), ordo.rank(x, segments=1000, **kw))
        offs = np.array([5, 5, 700, 19000], np.int64)
        assert_same(xp.get(ordo.rank(xp.put(x), segments=xp.put(offs), **kw)), ordo.rank(x, segments=offs, **kw))
    for k in (1, 32, 1024):
        for largest in (True, False):
            v, i = ordo.topk(xp.put(x), k, largest=largest)
            wv, wi = ref_topk(x, k, largest)
            np.testing.assert_array_equal(xp.get(i), wi)
            np.testing.assert_array_equal(xp.get(v).view(np.uint8), wv.view(np.uint8))
    keys = [x, g, rng.integers(0, 3, n).astype(np.int64)]
    np.testing.assert_array_equal(xp.get(ordo.lexsort([xp.put(k) for k in keys])), np.lexsort(keys))
