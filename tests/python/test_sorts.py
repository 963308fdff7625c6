"""ordo.radius, ordo.sort, ordo.rough_sort and ordo.segmented_sort against
numpy references, on every array kind (numpy; CuPy and torch on a GPU)."""
import numpy as np
import pytest

import ordo

DTYPES = [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64]


def radius_ref(a):
    """max{j - i : i < j, a[j] < a[i]} via suffix minima (NaN largest)."""
    a = np.asarray(a, dtype=np.float64)
    a = np.where(np.isnan(a), np.inf, a)
    if a.size < 2:
        return 0
    sm = np.minimum.accumulate(a[::-1])[::-1]  # non-decreasing
    last = np.searchsorted(sm, a, side="left") - 1  # the last j with sm[j] < a[i]
    return int(max(0, (last - np.arange(a.size)).max()))


def radius_brute(a):
    return max([j - i for i in range(len(a)) for j in range(i + 1, len(a)) if a[j] < a[i]], default=0)


def ksorted(n, k, dtype, seed):
    """Sorted keys with disjoint blocks of k + 1 shuffled: radius at most k."""
    rng = np.random.default_rng(seed)
    a = np.sort(rng.integers(0, max(1, n // 2), n)).astype(dtype)
    for b in range(0, n, k + 1):
        rng.shuffle(a[b:b + k + 1])
    return a


def desc_key(x):
    """A float key whose ascending stable order is x's descending order, NaN first."""
    f = x.astype(np.float64)
    return np.where(np.isnan(f), -np.inf, -f)


def test_radius_reference_is_the_definition():
    rng = np.random.default_rng(0)
    for n in range(0, 30):
        a = rng.integers(0, 5, n)
        assert radius_ref(a) == radius_brute(list(a))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n,k", [(0, 0), (1, 0), (1000, 0), (1000, 1), (5000, 7), (100003, 64), (4096, 4095)])
def test_radius(xp, dtype, n, k):
    a = ksorted(n, k, dtype, n + k)
    assert ordo.radius(xp.put(a)) == radius_ref(a)


def test_radius_descending(xp):
    a = ksorted(20000, 9, np.int64, 4)
    assert ordo.radius(xp.put(a[::-1].copy()), descending=True) == radius_ref(a)
    assert ordo.radius(xp.put(np.arange(10)), descending=True) == 9


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n,k", [(0, 0), (1, 0), (1000, 3), (100003, 16), (50000, 300), (30000, 30000)])
def test_sort_matches_numpy(xp, dtype, n, k):
    a = ksorted(n, k, dtype, k + 1)
    if np.issubdtype(dtype, np.floating) and n:
        a[::97] = np.nan
    np.testing.assert_array_equal(xp.get(ordo.sort(xp.put(a))), np.sort(a))


@pytest.mark.parametrize("variant", ["automatic", "rough_sort", "radix_sort", "merge_sort"])
@pytest.mark.parametrize("vdtype", [np.float32, np.int64])
def test_sort_with_values_is_stable(xp, variant, vdtype):
    if variant == "radix_sort" and xp.name == "numpy":
        with pytest.raises(ordo.Error, match="radix_sort is a GPU variant"):
            ordo.sort(np.arange(3), variant=variant)
        return
    a = ksorted(40000, 12, np.uint32, 5)
    v = np.arange(a.size).astype(vdtype)
    keys, vals = ordo.sort(xp.put(a), values=xp.put(v), variant=variant)
    order = np.argsort(a, kind="stable")
    np.testing.assert_array_equal(xp.get(keys), a[order])
    np.testing.assert_array_equal(xp.get(vals), v[order])


@pytest.mark.parametrize("dtype", [np.int32, np.float64])
def test_sort_descending(xp, dtype):
    a = ksorted(30000, 5, dtype, 8)
    if dtype == np.float64:
        a[::50] = np.nan
    v = np.arange(a.size, dtype=np.int32)
    keys, vals = ordo.sort(xp.put(a), values=xp.put(v), descending=True)
    order = np.argsort(desc_key(a), kind="stable")
    np.testing.assert_array_equal(xp.get(keys), a[order])
    np.testing.assert_array_equal(xp.get(vals), v[order])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("k", [1, 4, 33, 500])
def test_rough_sort(xp, dtype, k):
    a = ksorted(70001, k, dtype, k)
    v = np.arange(a.size, dtype=np.uint64)
    np.testing.assert_array_equal(xp.get(ordo.rough_sort(xp.put(a), k)), np.sort(a))
    keys, vals = ordo.rough_sort(xp.put(a), k, values=xp.put(v))
    order = np.argsort(a, kind="stable")
    np.testing.assert_array_equal(xp.get(keys), a[order])
    np.testing.assert_array_equal(xp.get(vals), v[order])


def test_rough_sort_cpu_variants():
    a = ksorted(5000, 6, np.int64, 1)
    for variant in ["runs", "halving", "bubble"]:
        np.testing.assert_array_equal(ordo.rough_sort(a, 6, variant=variant), np.sort(a))


def test_rough_sort_wrong_k(xp):
    a = np.array([2, 1, 3, 5, 4, 6, 9, 7, 8], dtype=np.int32)  # radius 2
    np.testing.assert_array_equal(xp.get(ordo.rough_sort(xp.put(a), 1)), np.sort(a))  # falls back
    with pytest.raises(ordo.Error, match=r"not 1-sorted \(their radius is 2\)"):
        ordo.rough_sort(xp.put(a), 1, on_wrong_k="raise")
    with pytest.raises(ValueError, match="on_wrong_k must be"):
        ordo.rough_sort(xp.put(a), 1, on_wrong_k="ignore")


def test_sort_bad_arguments(xp):
    a = np.arange(10, dtype=np.int32)
    with pytest.raises(ordo.Error, match="unknown sort variant 'radix'"):
        ordo.sort(xp.put(a), variant="radix")
    with pytest.raises(ValueError, match="keys has 10 elements but values has 3"):
        ordo.sort(xp.put(a), values=xp.put(np.arange(3, dtype=np.int32)))
    with pytest.raises(TypeError, match="unsupported dtype"):
        ordo.sort(np.zeros(3, dtype=np.complex64))  # (int16 keys are taken since issue 29)
    with pytest.raises(ValueError, match="1-D"):
        ordo.sort(np.zeros((2, 2)))


# ---- segmented_sort ------------------------------------------------------------

def segsort_ref(keys, bounds, values=None, descending=False):
    out = keys.copy()
    vout = None if values is None else values.copy()
    for b, e in bounds:
        seg = keys[b:e]
        order = np.argsort(desc_key(seg) if descending else seg, kind="stable")
        out[b:e] = seg[order]
        if values is not None:
            vout[b:e] = values[b:e][order]
    return out, vout


def random_offsets(n, n_segments, rng):
    cuts = np.sort(rng.integers(0, n + 1, n_segments - 1))
    return np.concatenate([[0], cuts, [n]]).astype(np.int64)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n,segs", [(0, 1), (1, 1), (1000, 10), (100000, 3000), (100000, 5), (70000, 70000)])
def test_segmented_sort_offsets(xp, dtype, n, segs):
    rng = np.random.default_rng(n + segs)
    keys = rng.integers(0, 1000, n).astype(dtype)
    offs = random_offsets(n, segs, rng)
    want, _ = segsort_ref(keys, zip(offs[:-1], offs[1:]))
    np.testing.assert_array_equal(xp.get(ordo.segmented_sort(xp.put(keys), xp.put(offs))), want)


@pytest.mark.parametrize("odtype", [np.int32, np.uint32, np.int64, np.uint64])
@pytest.mark.parametrize("descending", [False, True])
def test_segmented_sort_values_stable(xp, odtype, descending):
    rng = np.random.default_rng(3)
    n = 60000
    keys = rng.integers(0, 20, n).astype(np.float32)
    keys[::71] = np.nan
    vals = np.arange(n, dtype=np.int64)
    offs = random_offsets(n, 500, rng).astype(odtype)
    want_k, want_v = segsort_ref(keys, zip(offs[:-1], offs[1:]), vals, descending)
    k, v = ordo.segmented_sort(xp.put(keys), xp.put(offs), values=xp.put(vals), descending=descending, stable=True)
    np.testing.assert_array_equal(xp.get(k), want_k)
    np.testing.assert_array_equal(xp.get(v), want_v)


def test_segmented_sort_stable_keys_only(xp):
    # Integer keys-only sorts are unstable by default but equal integers are
    # indistinguishable; stable=True must still give the sorted segments.
    rng = np.random.default_rng(9)
    keys = rng.integers(0, 5, 50000).astype(np.int32)
    offs = random_offsets(keys.size, 100, rng)
    want, _ = segsort_ref(keys, zip(offs[:-1], offs[1:]))
    np.testing.assert_array_equal(xp.get(ordo.segmented_sort(xp.put(keys), xp.put(offs), stable=True)), want)


@pytest.mark.parametrize("length", [1, 2, 31, 32, 1000, 5000])
def test_segmented_sort_fixed_length(xp, length):
    rng = np.random.default_rng(length)
    keys = rng.random(20011)
    bounds = [(b, min(b + length, keys.size)) for b in range(0, keys.size, length)]
    want, _ = segsort_ref(keys, bounds)
    np.testing.assert_array_equal(xp.get(ordo.segmented_sort(xp.put(keys), length)), want)


def test_segmented_sort_gaps_keep_their_keys(xp):
    rng = np.random.default_rng(4)
    keys = rng.integers(0, 100, 1000).astype(np.int64)
    vals = rng.random(1000)
    begins = np.array([5, 100, 300, 300, 900], dtype=np.int32)
    ends = np.array([50, 250, 300, 800, 1000], dtype=np.int32)
    want_k, want_v = segsort_ref(keys, zip(begins, ends), vals)
    k, v = ordo.segmented_sort(xp.put(keys), xp.put(begins), ends=xp.put(ends), values=xp.put(vals))
    np.testing.assert_array_equal(xp.get(k), want_k)
    np.testing.assert_array_equal(xp.get(v), want_v)
    offs = np.array([10, 400, 700], dtype=np.uint64)  # nothing before 10 or after 700
    want, _ = segsort_ref(keys, [(10, 400), (400, 700)])
    np.testing.assert_array_equal(xp.get(ordo.segmented_sort(xp.put(keys), xp.put(offs))), want)


def test_segmented_sort_bad_segments(xp):
    keys = xp.put(np.arange(10, dtype=np.int32))
    with pytest.raises(ordo.Error, match=r"segment 1: begin 6 > end 3 \(offsets decrease\)"):
        ordo.segmented_sort(keys, xp.put(np.array([0, 6, 3, 10])))
    with pytest.raises(ordo.Error, match="end 11 > n = 10"):
        ordo.segmented_sort(keys, xp.put(np.array([0, 11])))
    with pytest.raises(ordo.Error, match="begin 4 > end 2"):
        ordo.segmented_sort(keys, xp.put(np.array([4])), ends=xp.put(np.array([2])))
    with pytest.raises(TypeError, match="offsets must be int32, uint32, int64 or uint64"):
        ordo.segmented_sort(keys, xp.put(np.array([0.0, 10.0])))
    with pytest.raises(ValueError, match="segment length must be positive"):
        ordo.segmented_sort(keys, 0)
    with pytest.raises(ValueError, match="2 begins but 1 ends"):
        ordo.segmented_sort(keys, xp.put(np.array([0, 5])), ends=xp.put(np.array([5])))


# ---- promises the docs make (issue 28) ------------------------------------------

def test_radius_is_not_the_displacement():
    # The docs' definition: the largest j - i with x[j] < x[i]; here every key
    # is only 2 places from its sorted place.
    assert ordo.radius(np.array([3, 4, 1, 2], dtype=np.int32)) == 3


@pytest.mark.parametrize("variant", ["runs", "halving", "bubble"])
def test_rough_sort_cpu_variants_are_stable(variant):
    keys, vals = ordo.rough_sort(np.array([1, 0, 0, 0], dtype=np.int32), 3,
                                 values=np.arange(4, dtype=np.int32), variant=variant)
    np.testing.assert_array_equal(keys, [0, 0, 0, 1])
    np.testing.assert_array_equal(vals, [1, 2, 3, 0])
    a = ksorted(5000, 6, np.int64, 1) // 3  # many ties
    v = np.arange(a.size, dtype=np.uint32)
    k, w = ordo.rough_sort(a, 6, values=v, variant=variant)
    order = np.argsort(a, kind="stable")
    np.testing.assert_array_equal(k, a[order])
    np.testing.assert_array_equal(w, v[order])


def float_ties(n, dtype, seed):
    """-0.0 / +0.0 and NaNs of other payloads and signs among a few numbers."""
    rng = np.random.default_rng(seed)
    bits = np.uint32 if dtype == np.float32 else np.uint64
    nan = np.array([np.nan], dtype=dtype).view(bits)[0]
    sign = bits(1) << bits(8 * np.dtype(dtype).itemsize - 1)
    nans = np.array([nan | bits(1), nan | bits(2), nan | bits(3) | sign], dtype=bits).view(dtype)
    pool = np.concatenate([np.array([-1.0, -0.0, 0.0, 2.0], dtype=dtype), nans])
    return pool[rng.integers(0, pool.size, n)]


def stable_bits(a, descending=False):
    order = np.argsort(desc_key(a) if descending else a, kind="stable")
    return a[order].view(np.uint32 if a.dtype == np.float32 else np.uint64)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [15, 16, 17, 32, 33, 64, 257, 2049, 70001])
def test_float_keys_alone_keep_ties_in_order(xp, dtype, n):
    a = float_ties(n, dtype, n)
    bits = np.uint32 if dtype == np.float32 else np.uint64
    for descending in [False, True]:
        want = stable_bits(a, descending)
        got = xp.get(ordo.sort(xp.put(a), descending=descending))
        np.testing.assert_array_equal(got.view(bits), want)
        got = xp.get(ordo.segmented_sort(xp.put(a), xp.put(np.array([0, n])), descending=descending))
        np.testing.assert_array_equal(got.view(bits), want)
        got = xp.get(ordo.rough_sort(xp.put(a), ordo.radius(a, descending=descending), descending=descending))
        np.testing.assert_array_equal(got.view(bits), want)


def test_segmented_sort_empty_batch(xp):
    lens = np.array([], dtype=np.int64)
    offs = np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)  # [0]
    for n in [0, 5]:
        keys = np.arange(n, 0, -1).astype(np.float32)
        np.testing.assert_array_equal(xp.get(ordo.segmented_sort(xp.put(keys), xp.put(offs))), keys)
        k, v = ordo.segmented_sort(xp.put(keys), xp.put(offs), values=xp.put(np.arange(n, dtype=np.int32)))
        np.testing.assert_array_equal(xp.get(k), keys)
        np.testing.assert_array_equal(xp.get(v), np.arange(n))


def test_segmented_sort_overlaps_are_rejected(xp):
    keys = xp.put(np.array([5, 4, 3, 2, 1, 0], dtype=np.int32))
    with pytest.raises(ordo.Error, match=r"segments 0 \[0, 4\) and 1 \[1, 5\) overlap"):
        ordo.segmented_sort(keys, xp.put(np.array([0, 1])), ends=xp.put(np.array([4, 5])))
    with pytest.raises(ordo.Error, match=r"segments 1 \[0, 3\) and 0 \[2, 6\) overlap"):
        ordo.segmented_sort(keys, xp.put(np.array([2, 0])), ends=xp.put(np.array([6, 3])))
    # touching, out of order, empty inside another: fine
    got = ordo.segmented_sort(keys, xp.put(np.array([3, 0, 1])), ends=xp.put(np.array([6, 3, 1])))
    np.testing.assert_array_equal(xp.get(got), [3, 4, 5, 0, 1, 2])


def test_segmented_sort_length_edges(xp):
    keys = np.array([5, 4, 3, 2, 1, 0], dtype=np.int64)
    for length in [6, 7, 2**63, 2**64 - 1]:  # one segment (2^64 - 1 once wrapped to no segments)
        np.testing.assert_array_equal(xp.get(ordo.segmented_sort(xp.put(keys), length)), np.sort(keys))
    with pytest.raises(ValueError, match="does not fit in 64 bits"):
        ordo.segmented_sort(xp.put(keys), 2**64)
    with pytest.raises(ValueError, match="must be positive, got -3"):
        ordo.segmented_sort(xp.put(keys), -3)
    with pytest.raises(TypeError, match="not bool"):
        ordo.segmented_sort(xp.put(keys), True)
