"""ordo.sort_idx / scan / merge / fork against numpy, on the dtypes and shapes
the C++ suites use (ties, NaN, empty, large enough to use every thread)."""
import numpy as np
import pytest

import ordo

DTYPES = [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64]
SIZES = [0, 1, 2, 33, 4097, 100003]


def keys(n, dtype, distinct, seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(0, distinct, n).astype(dtype)
    if np.issubdtype(dtype, np.floating) and n:
        x[rng.integers(0, n, max(1, n // 10))] = np.nan
    return x


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("variant", ["auto", "merge_path", "binary_search"])
def test_sort_idx_matches_stable_argsort(dtype, n, variant):
    x = keys(n, dtype, 7, n)
    np.testing.assert_array_equal(ordo.sort_idx(x, variant=variant), np.argsort(x, kind="stable"))


@pytest.mark.parametrize("dtype", [np.int64, np.float64])
def test_sort_idx_descending(dtype):
    x = keys(5000, dtype, 9, 3)
    want = np.argsort(-np.nan_to_num(x.astype(np.float64), nan=np.inf), kind="stable")
    np.testing.assert_array_equal(ordo.sort_idx(x, descending=True), want)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
def test_scan(dtype, n):
    x = keys(n, dtype, 16, n + 1)
    if np.issubdtype(dtype, np.floating):
        x = np.nan_to_num(x, nan=1.0)
    np.testing.assert_array_equal(ordo.scan(x), np.cumsum(x, dtype=dtype))
    excl = np.concatenate([[0], np.cumsum(x, dtype=dtype)[:-1]]).astype(dtype) if n else x
    np.testing.assert_array_equal(ordo.scan(x, exclusive=True), excl)
    np.testing.assert_array_equal(ordo.scan(x, op="max"), np.maximum.accumulate(x) if n else x)


@pytest.mark.parametrize("na,nb", [(0, 0), (0, 5), (7, 0), (1000, 30001)])
def test_merge_is_stable(na, nb):
    a = np.sort(keys(na, np.int64, 5, 1))
    b = np.sort(keys(nb, np.int64, 5, 2))
    np.testing.assert_array_equal(ordo.merge(a, b), np.sort(np.concatenate([a, b]), kind="stable"))


@pytest.mark.parametrize("variant", ["auto", "load_balanced", "doubling"])
@pytest.mark.parametrize("dtype", [np.int32, np.uint64])
def test_fork(variant, dtype):
    counts = np.random.default_rng(4).integers(0, 6, 20000).astype(dtype)
    parent, sibling = ordo.fork(counts, variant=variant)
    want_parent = np.repeat(np.arange(len(counts)), counts.astype(np.int64))
    np.testing.assert_array_equal(parent, want_parent)
    starts = np.concatenate([[0], np.cumsum(counts.astype(np.int64))[:-1]])
    np.testing.assert_array_equal(sibling, np.arange(len(parent)) - starts[parent])


def test_bad_input():
    with pytest.raises(ValueError, match="negative"):
        ordo.fork(np.array([1, -2, 3]))
    with pytest.raises(TypeError):
        ordo.fork(np.array([1.5]))
    with pytest.raises(TypeError):
        ordo.merge(np.array([1], dtype=np.int32), np.array([1], dtype=np.int64))
    with pytest.raises(ValueError, match="op must be"):
        ordo.scan(np.array([1, 2]), op="xor")
    with pytest.raises(ValueError, match="unknown sort_idx variant"):
        ordo.sort_idx(np.array([1, 2]), variant="nope")
