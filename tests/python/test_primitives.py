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


# --- NaN: min/max propagate (np.maximum), fmin/fmax skip (np.fmax) ----------
NP_OPS = {"min": np.minimum, "max": np.maximum, "fmin": np.fmin, "fmax": np.fmax}


def nan_inputs(n, dtype, seed):
    rng = np.random.default_rng(seed)
    base = rng.integers(-50, 50, n).astype(dtype)
    yield "no_nan", base
    if n == 0:
        return
    for name, where in [("first", [0]), ("middle", [n // 2]), ("last", [n - 1]), ("start_mid", [0, n // 3])]:
        x = base.copy()
        x[where] = np.nan
        yield "nan_" + name, x
    yield "all_nan", np.full(n, np.nan, dtype=dtype)
    x = base.copy()
    x[: n // 2] = np.nan
    yield "nan_prefix", x
    pool = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1, -1], dtype=dtype)
    x = base.copy()
    pick = rng.random(n) < 0.3
    x[pick] = pool[rng.integers(0, len(pool), pick.sum())]
    yield "specials", x


def same(got, want):
    np.testing.assert_array_equal(got, want)  # NaN == NaN here; -0.0 == 0.0
    assert got.dtype == want.dtype


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [1, 2, 7, 4097, 100003])
@pytest.mark.parametrize("op", ["min", "max", "fmin", "fmax"])
def test_nan_scan_and_reduce_match_numpy(dtype, n, op):
    for name, x in nan_inputs(n, dtype, n):
        same(ordo.scan(x, op=op), NP_OPS[op].accumulate(x))
        got, want = ordo.reduce(x, op=op), NP_OPS[op].reduce(x)
        assert (np.isnan(got) and np.isnan(want)) or got == want, (name, got, want)


def test_nan_issue_examples():
    nan = np.nan
    same(ordo.scan(np.array([nan, 1, 3, nan, 2]), op="max"), np.array([nan] * 5))
    same(ordo.scan(np.array([1, nan, 3, 2, 5]), op="max"), np.array([1, nan, nan, nan, nan]))
    assert np.isnan(ordo.reduce(np.array([nan, 1, 2]), op="max"))
    assert ordo.reduce(np.array([nan, 1, 2]), op="fmax") == 2.0
    same(ordo.scan(np.array([nan, nan, 1, nan, 0]), op="fmax"), np.array([nan, nan, 1, 1, 1]))


def test_exclusive_nan_scan():
    x = np.array([3.0, np.nan, 1.0])
    same(ordo.scan(x, op="max", exclusive=True), np.array([-np.inf, 3.0, np.nan]))
    same(ordo.scan(x, op="fmax", exclusive=True), np.array([np.nan, 3.0, 3.0]))


def test_empty_min_max_reduce_raises_like_numpy():
    for op in ["min", "max", "fmin", "fmax"]:
        with pytest.raises(ValueError, match="empty"):
            ordo.reduce(np.array([], dtype=np.float64), op=op)
    assert ordo.reduce(np.array([], dtype=np.int32)) == 0


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint32])
def test_integer_fmin_fmax_are_min_max(dtype):
    x = keys(5000, dtype, 1000, 9)
    np.testing.assert_array_equal(ordo.scan(x, op="fmax"), np.fmax.accumulate(x))
    assert ordo.reduce(x, op="fmin") == x.min()


# --- accumulator types (numpy's dtype=) --------------------------------------
def test_overflow_issue_example():
    x = np.array([2**31 - 1, 1], dtype=np.int32)
    got = ordo.scan(x)
    same(got, np.cumsum(x))  # int64 [2^31 - 1, 2^31]
    assert got[-1] == 2**31
    assert ordo.reduce(x) == 2**31 == np.sum(x)
    same(ordo.scan(x, dtype=np.int32), np.cumsum(x, dtype=np.int32))  # asked for: wraps as numpy's


@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64,
                                   np.bool_, np.int8, np.uint8, np.int16, np.uint16])
@pytest.mark.parametrize("n", [0, 1, 4097, 100003])
def test_default_accumulator_is_numpys(dtype, n):
    rng = np.random.default_rng(n)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    elif dtype == np.bool_:
        x = rng.random(n) < 0.5
    else:
        x = rng.integers(0, 16, n).astype(dtype)
    same(ordo.scan(x), np.cumsum(x))
    excl = ordo.scan(x, exclusive=True)
    assert excl.dtype == np.cumsum(x).dtype
    if n:
        np.testing.assert_array_equal(excl[1:], np.cumsum(x)[:-1])
    got, want = ordo.reduce(x), np.sum(x)
    assert got == want and type(got) in (int, float)


@pytest.mark.parametrize("src,dst", [(np.int32, np.int64), (np.uint32, np.uint64), (np.int32, np.float64),
                                     (np.int64, np.float64), (np.float32, np.float64), (np.uint32, np.int64),
                                     (np.int16, np.int32)])
def test_explicit_dtype(src, dst):
    x = keys(20000, src, 1 << 20, 5)
    if np.issubdtype(src, np.floating):
        x = np.nan_to_num(x, nan=1.0)  # exact sums: no NaN, integers below 2^24
    for spelled in (dst, np.dtype(dst).name, np.dtype(dst)):
        same(ordo.scan(x, dtype=spelled), np.cumsum(x, dtype=dst))
    assert ordo.reduce(x, dtype=dst) == np.sum(x, dtype=dst)
    same(ordo.scan(x, op="max", dtype=dst), np.maximum.accumulate(x, dtype=dst))


def test_lossy_dtype_refused():
    with pytest.raises(TypeError, match="could change"):
        ordo.scan(np.array([1.5, 2.5]), dtype=np.int64)
    with pytest.raises(TypeError, match="could change"):
        ordo.scan(np.array([-1], dtype=np.int32), dtype=np.uint64)
    with pytest.raises(TypeError, match="could change"):
        ordo.reduce(np.array([1], dtype=np.int64), dtype=np.int32)
    # numpy wraps 2^63 to -2^63 here (same_kind allows it): refused as well
    with pytest.raises(TypeError, match="could change"):
        ordo.scan(np.array([1 << 63], dtype=np.uint64), dtype=np.int64)
    with pytest.raises(TypeError, match="could change"):
        ordo.reduce(np.array([1 << 31], dtype=np.uint32), dtype=np.int32)
    with pytest.raises(TypeError, match="dtype must be one of"):
        ordo.scan(np.array([1, 2]), dtype=np.int8)
    with pytest.raises(TypeError, match="pass dtype="):
        ordo.scan(np.array([1, 2], dtype=np.int8), op="max")


# --- fork totals past 2^64 ----------------------------------------------------
def test_fork_total_overflow_is_an_error():
    for counts in ([2**63, 2**63, 5], [2**64 - 1, 1], [5, 2**64 - 1, 2**64 - 1]):
        with pytest.raises(ordo.Error, match="overflow"):
            ordo.fork(np.array(counts, dtype=np.uint64))
    with pytest.raises(ordo.Error, match="overflow"):
        ordo.fork(np.array([2**62] * 5, dtype=np.int64))


def _pairwise(a, lo, n, zero):
    """numpy's pairwise_sum (loops_utils.h.src) over a[lo:lo+n], in a's scalar type."""
    if n < 8:
        r = zero
        for i in range(lo, lo + n):
            r = r + a[i]
        return r
    if n <= 128:
        r = list(a[lo:lo + 8])
        i = 8
        while i < n - n % 8:
            for j in range(8):
                r[j] = r[j] + a[lo + i + j]
            i += 8
        res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for k in range(i, n):
            res = res + a[lo + k]
        return res
    n2 = n // 2
    n2 -= n2 % 8
    return _pairwise(a, lo, n2, zero) + _pairwise(a, lo + n2, n - n2, zero)


def _blocked_pairwise_sum(x):
    """The sum ordo.reduce documents: blocks of 8192 values (numpy's default
    ufunc buffer), each a pairwise sum, the blocks' sums added in order; this
    is np.sum's order where numpy's reduction iterates in buffer-sized chunks
    (numpy 1.x), which later versions need not keep."""
    a = list(x)  # numpy scalars of x's dtype: each + rounds to that type
    zero = x.dtype.type(0)
    r = zero
    for at in range(0, len(a), 8192):
        r = r + _pairwise(a, at, min(8192, len(a) - at), zero)
    return r


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_float_sum_has_numpys_bits(dtype):
    # a running sum per thread had drifted: 100000 x 0.1f summed to 9998.56 (np.sum: 10000.001)
    rng = np.random.default_rng(7)
    cases = [(rng.standard_normal(n) * rng.choice([1.0, 1e3, 1e-3], n)).astype(dtype)
             for n in [0, 1, 7, 8, 127, 129, 1000, 8191, 8192, 8193, 100003]]
    cases.append(np.full(100000, 0.1, dtype))
    models = [_blocked_pairwise_sum(x) for x in cases]
    # Bit for bit the documented order, on any numpy.
    for x, model in zip(cases, models):
        assert ordo.reduce(x) == model, len(x)
    # np.sum's bits where the installed numpy sums in that order (numpy 1.x:
    # its reduction runs in 8192-value buffer chunks); otherwise (a numpy that
    # sums a contiguous array in other chunks) as close as two pairwise sums are.
    same_order = all(np.sum(x) == model for x, model in zip(cases, models))
    eps = np.finfo(dtype).eps
    for x in cases:
        if same_order:
            assert ordo.reduce(x) == np.sum(x), len(x)
        else:
            bound = 4 * eps * np.log2(max(len(x), 2)) * float(np.sum(np.abs(x), dtype=np.float64))
            assert abs(float(ordo.reduce(x)) - float(np.sum(x))) <= bound, (len(x), np.__version__)
    np.testing.assert_array_equal(np.signbit(ordo.scan(np.array([-0.0, -0.0], dtype))), [True, True])
