"""Every function on every array kind (numpy; CuPy and torch on a GPU): the
result is the same kind of array as the input, and equals the numpy
reference. Also reduce, compact and split, which only this file covers."""
import numpy as np
import pandas as pd
import pytest

import ordo


def data(n, seed, dtype=np.float64, distinct=50):
    rng = np.random.default_rng(seed)
    return rng.integers(0, distinct, n).astype(dtype)


@pytest.mark.parametrize("method", ["average", "min", "max", "dense", "first"])
def test_rank(xp, method):
    x = data(50000, 1)
    x[::31] = np.nan
    x[5] = -0.0
    want = pd.Series(x).rank(method=method).to_numpy()
    np.testing.assert_array_equal(xp.get(ordo.rank(xp.put(x), method=method)), want)
    want = pd.Series(x).rank(method=method, ascending=False, na_option="top", pct=True).to_numpy()
    got = xp.get(ordo.rank(xp.put(x), method=method, ascending=False, na_option="top", pct=True))
    np.testing.assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("variant", ["sort_back", "msd_replay"])
def test_rank_variants(xp, variant):
    x = data(60000, 3, np.float32, 2000)
    x[::17] = np.nan
    want = pd.Series(x).rank(method="dense").to_numpy()
    np.testing.assert_array_equal(xp.get(ordo.rank(xp.put(x), method="dense", variant=variant)), want)
    with pytest.raises(ValueError, match="unknown rank\\(\\) variant"):
        ordo.rank(xp.put(x), variant="hybrid")


@pytest.mark.parametrize("method", ["min", "max", "dense", "ordinal", "average"])
def test_rank_sorted(xp, method):
    x = np.sort(data(70000, 2, np.int32, 900))
    want = pd.Series(x).rank(method="first" if method == "ordinal" else method).to_numpy()
    got = xp.get(ordo.rank_sorted(xp.put(x), method=method))
    np.testing.assert_array_equal(got, want)
    with pytest.raises(ordo.Error, match="not sorted"):
        ordo.rank_sorted(xp.put(x[::-1].copy()))


def random_list(n, rng):
    order = rng.permutation(n)
    succ = np.full(n, -1, dtype=np.int64)
    succ[order[:-1]] = order[1:]
    return succ, order


def test_list_rank_and_scan(xp):
    rng = np.random.default_rng(3)
    succ, order = random_list(100000, rng)
    want = np.empty(succ.size, dtype=np.int64)
    want[order] = np.arange(succ.size)
    np.testing.assert_array_equal(xp.get(ordo.list_rank(xp.put(succ))), want)
    v = rng.integers(0, 10, succ.size).astype(np.int64)
    scanned = np.empty_like(v)
    scanned[order] = np.cumsum(v[order])
    np.testing.assert_array_equal(xp.get(ordo.list_scan(xp.put(succ), xp.put(v))), scanned)
    succ[order[10]] = order[3]  # two nodes share a successor
    with pytest.raises(ordo.Error, match="both have successor"):
        ordo.list_rank(xp.put(succ))


@pytest.mark.parametrize("dtype", [np.int32, np.uint64, np.float32])
def test_primitives(xp, dtype):
    x = data(100003, 4, dtype, 1000)
    np.testing.assert_array_equal(xp.get(ordo.argsort(xp.put(x))), np.argsort(x, kind="stable"))
    np.testing.assert_array_equal(xp.get(ordo.sort_idx(xp.put(x), descending=True)),
                                  np.argsort(-x.astype(np.float64), kind="stable"))
    np.testing.assert_array_equal(xp.get(ordo.scan(xp.put(x), op="max")), np.maximum.accumulate(x))
    a, b = np.sort(x[:40000]), np.sort(x[40000:])
    np.testing.assert_array_equal(xp.get(ordo.merge(xp.put(a), xp.put(b))), np.sort(x, kind="stable"))


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint32, np.uint64, np.float32, np.float64])
@pytest.mark.parametrize("n", [0, 1, 1000, 300001])
def test_reduce(xp, dtype, n):
    x = data(n, n, dtype, 100)
    assert ordo.reduce(xp.put(x)) == x.sum(dtype=dtype) if n else ordo.reduce(xp.put(x)) == 0
    if n:
        assert ordo.reduce(xp.put(x), op="min") == x.min()
        assert ordo.reduce(xp.put(x), op="max") == x.max()
    with pytest.raises(ValueError, match="op must be 'plus', 'min' or 'max'"):
        ordo.reduce(xp.put(x), op="mean")


@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.uint64])
@pytest.mark.parametrize("n", [0, 1, 5000, 300001])
def test_compact_and_split(xp, dtype, n):
    x = data(n, n + 1, dtype, 1000)
    flags = (x.astype(np.int64) % 3) == 0
    np.testing.assert_array_equal(xp.get(ordo.compact(xp.put(x), xp.put(flags))), x[flags])
    np.testing.assert_array_equal(xp.get(ordo.compact(xp.put(x), xp.put(flags.astype(np.uint8)))), x[flags])
    out, zeros = ordo.split(xp.put(x), xp.put(flags))
    np.testing.assert_array_equal(xp.get(out), np.concatenate([x[~flags], x[flags]]))
    assert zeros == int((~flags).sum())
    buckets = (x.astype(np.int64) % 7).astype(np.uint8)
    out, offsets = ordo.split(xp.put(x), xp.put(buckets), n_buckets=7)
    order = np.argsort(buckets, kind="stable")
    np.testing.assert_array_equal(xp.get(out), x[order])
    np.testing.assert_array_equal(xp.get(offsets), np.concatenate([[0], np.cumsum(np.bincount(buckets, minlength=7))]))


def test_split_and_compact_errors(xp):
    x = xp.put(np.arange(10, dtype=np.int32))
    with pytest.raises(ordo.Error, match="bucket"):
        ordo.split(x, xp.put(np.full(10, 9, dtype=np.uint8)), n_buckets=4)
    with pytest.raises(ValueError, match="x has 10 elements but flags has 3"):
        ordo.compact(x, xp.put(np.ones(3, dtype=bool)))
    with pytest.raises(TypeError, match="flags must be bool or uint8"):
        ordo.compact(x, xp.put(np.ones(10, dtype=np.int32)))
    with pytest.raises(ValueError, match="n_buckets must be at most 256"):
        ordo.split(x, xp.put(np.zeros(10, dtype=np.uint8)), n_buckets=300)


def test_fork(xp):
    counts = np.array([2, 0, 3, 1], dtype=np.int32)
    parent, sibling = ordo.fork(xp.put(counts))
    np.testing.assert_array_equal(xp.get(parent), [0, 0, 2, 2, 2, 3])
    np.testing.assert_array_equal(xp.get(sibling), [0, 1, 0, 1, 2, 0])
    with pytest.raises(ValueError, match="negative"):
        ordo.fork(xp.put(np.array([1, -2, 3], dtype=np.int64)))


def test_mixed_host_and_gpu_is_type_error(xp):
    if xp.name == "numpy":
        pytest.skip("needs a GPU array")
    with pytest.raises(TypeError, match="must all be numpy arrays or all GPU arrays"):
        ordo.merge(xp.put(np.arange(3)), np.arange(3))


def test_rank_sorted_variants(xp):
    x = np.sort(data(100000, 6, np.int64, 5000))
    want = pd.Series(x).rank(method="min").to_numpy()
    variants = ["sequential", "parallel_search"] if xp.name == "numpy" else [
        "naive", "shuffle", "hybrid", "block_search", "lookback"]
    for v in ["auto"] + variants:
        np.testing.assert_array_equal(xp.get(ordo.rank_sorted(xp.put(x), variant=v)), want, err_msg=v)
    with pytest.raises(ordo.Error, match="unknown rank variant 'fast'"):
        ordo.rank_sorted(xp.put(x), variant="fast")
