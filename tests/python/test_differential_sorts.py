"""Differential suite (issue 28): radius, sort, rough_sort and segmented_sort
against numpy.
  radius          max{j - i : x[i] > x[j]} (0 when sorted), the definition the docstring gives
  sort            a stable sort (NaN last, first when descending), bit for bit:
                  -0.0/+0.0 and NaN payloads keep their order (docs/python.md: stable)
  rough_sort      the same, for a right k, a k too large, and a wrong k (fallback / raise)
  segmented_sort  each segment's stable sort; keys no segment covers keep their place
on seeded random and adversarial inputs of every dtype at sizes around the
thresholds (differential.py). Runs on numpy, and on CuPy / torch CUDA arrays
where there is a GPU (`xp`)."""
import numpy as np
import pytest

import ordo
from differential import (KEY_DTYPES, assert_equal, cases, holds, index_dtypes, name_of, order_codes, rng_for,
                          stable_order)


def radius_reference(x, descending=False):
    """max{j - i : x[i] comes after x[j] in the order}, by a running maximum."""
    if x.size < 2:
        return 0
    c = order_codes(x)
    if descending:
        c = -c
    pm = np.maximum.accumulate(c)
    first_above = np.searchsorted(pm, c, side="right")  # smallest i with c[i] > c[j]
    d = np.arange(x.size) - first_above
    return int(max(0, d.max()))


def test_radius_reference_is_the_definition():
    rng = rng_for("radius-def")
    for n in range(0, 12):
        for _ in range(20):
            x = rng.integers(0, 4, n).astype(np.float64)
            x[rng.random(n) < 0.2] = np.nan
            for desc in (False, True):
                c = order_codes(x) * (-1 if desc else 1)
                brute = max([j - i for i in range(n) for j in range(i + 1, n) if c[i] > c[j]], default=0)
                assert radius_reference(x, desc) == brute


@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_radius_vs_definition(xp, dtype):
    for label, x in cases(dtype, "radius"):
        xd = xp.put(x)
        for desc in (False, True):
            got = ordo.radius(xd, descending=desc)
            assert isinstance(got, int)
            assert got == radius_reference(x, desc), f"{label} descending={desc}: {got}"


def _value_arrays(xp, n):
    """Values of 4- and 8-byte dtypes that tell every position apart."""
    i = np.arange(n)
    v = {"int32": i.astype(np.int32), "uint64": (i.astype(np.uint64) + np.uint64(2 ** 63)),
         "float64": i + 0.5, "float32": i.astype(np.float32)}
    return {k: a for k, a in v.items() if holds(xp, a.dtype)}


def _sort_variants(xp):
    return ["automatic", "rough_sort", "merge_sort"] + ([] if xp.name == "numpy" else ["radix_sort"])


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_sort_vs_stable_sort(xp, dtype, descending):
    for k, (label, x) in enumerate(cases(dtype, "sort", descending)):
        order = stable_order(x, descending)
        xd = xp.put(x)
        for variant in _sort_variants(xp):
            got = xp.get(ordo.sort(xd, descending=descending, variant=variant))
            assert_equal(got, x[order], f"{label} {variant} keys only", nan_bits=True)
        values = list(_value_arrays(xp, x.size).items())
        vname, v = values[k % len(values)]
        keys, vals = ordo.sort(xd, values=xp.put(v), descending=descending)
        assert_equal(xp.get(keys), x[order], f"{label} with {vname} values", nan_bits=True)
        assert_equal(xp.get(vals), v[order], f"{label} {vname} values", nan_bits=True)


def _rough_variants(xp, radius, n):
    cheap = radius <= 64 or n <= 2049  # bubble and halving cost O(n k)
    if xp.name == "numpy":
        return ["automatic", "runs"] + (["halving", "bubble"] if cheap else [])
    return ["automatic", "runs", "radix_runs"]


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_rough_sort_vs_stable_sort(xp, dtype, descending):
    gens = ["nearly_sorted", "sorted", "reversed", "ties", "specials", "signed_zeros", "random", "all_nan"]
    for label, x in cases(dtype, "rough", descending, generators=gens):
        order = stable_order(x, descending)
        r = radius_reference(x, descending)
        xd = xp.put(x)
        v = np.arange(x.size, dtype=np.int64)
        for variant in _rough_variants(xp, r, x.size):
            for k in sorted({r, r + 3}):
                got = xp.get(ordo.rough_sort(xd, k, descending=descending, variant=variant))
                assert_equal(got, x[order], f"{label} k={k} {variant}", nan_bits=True)
                keys, vals = ordo.rough_sort(xd, k, values=xp.put(v), descending=descending, variant=variant)
                assert_equal(xp.get(keys), x[order], f"{label} k={k} {variant} keys", nan_bits=True)
                assert_equal(xp.get(vals), v[order], f"{label} k={k} {variant} values (stable)")
            if r > 0:  # a wrong k still sorts, or raises when asked to
                got = xp.get(ordo.rough_sort(xd, r - 1, descending=descending, variant=variant))
                assert_equal(got, x[order], f"{label} wrong k={r - 1} {variant}", nan_bits=True)
                with pytest.raises(ordo.Error):
                    ordo.rough_sort(xd, r - 1, descending=descending, variant=variant, on_wrong_k="raise")


def test_rough_sort_halving_is_stable():
    """The issue's example: keys [1, 0, 0, 0] with values 0..3."""
    keys, vals = ordo.rough_sort(np.array([1, 0, 0, 0], np.int32), 3, values=np.arange(4, dtype=np.int32),
                                 variant="halving")
    assert_equal(vals, np.array([1, 2, 3, 0], np.int32), "halving values")


# ---------------------------------------------------------------- segmented_sort

def segment_reference_loop(x, bounds, descending, values=None):
    """Each segment's stable sort, one segment at a time (the definition)."""
    out = x.copy()
    vout = None if values is None else values.copy()
    for b, e in bounds:
        o = stable_order(x[b:e], descending) + b
        out[b:e] = x[o]
        if values is not None:
            vout[b:e] = values[o]
    return out, vout


def segment_reference(x, bounds, descending, values=None):
    """segment_reference_loop in one stable lexsort by (segment, key code): the
    loop's Python overhead per segment was half this suite's time at length 1.
    The codes are global, so their order within a segment is the segment's."""
    out = x.copy()
    vout = None if values is None else values.copy()
    if len(bounds) == 0:
        return out, vout
    b = np.array([bi for bi, _ in bounds], np.int64)
    lengths = np.array([ei for _, ei in bounds], np.int64) - b
    total = int(lengths.sum())
    if total == 0:
        return out, vout
    starts = np.cumsum(lengths) - lengths
    idx = np.repeat(b - starts, lengths) + np.arange(total)  # covered positions, segment by segment
    seg = np.repeat(np.arange(b.size), lengths)
    c = order_codes(x)[idx]
    o = idx[np.lexsort((-c if descending else c, seg))]  # stable: ties keep their positions' order
    out[idx] = x[o]
    if values is not None:
        vout[idx] = values[o]
    return out, vout


def test_segment_reference_is_the_loop():
    rng = rng_for("segment-reference")
    for n in range(0, 40):
        for _ in range(6):
            x = rng.integers(0, 5, n).astype(np.float64)
            x[rng.random(n) < 0.2] = np.nan
            x[rng.random(n) < 0.2] = -0.0
            v = np.arange(n, dtype=np.int32)
            for _, offs, ends in offset_cases(rng, n):
                bounds = list(zip(offs[:-1], offs[1:])) if ends is None else list(zip(offs, ends))
                for desc in (False, True):
                    want, wantv = segment_reference_loop(x, bounds, desc, v)
                    got, gotv = segment_reference(x, bounds, desc, v)
                    assert_equal(got, want, f"n={n} keys", nan_bits=True)
                    assert_equal(gotv, wantv, f"n={n} values")


def offset_cases(rng, n):
    """(label, offsets, None) and (label, begins, ends) segmentations of n keys."""
    for label, segs in (("few", 3), ("many", max(1, n // 40)), ("one", 1)):
        cuts = np.sort(rng.integers(0, n + 1, max(0, segs - 1)))  # repeats: empty segments
        yield label, np.concatenate([[0], cuts, [n]]).astype(np.int64), None
    if n == 0:
        yield "zero_segments", np.array([0], np.int64), None  # np.concatenate([[0], np.cumsum([])])
    m = max(1, n // 64)
    b = np.sort(rng.integers(0, n + 1, m))
    e = np.minimum(n, b + rng.integers(0, 70, m))
    gaps_b, gaps_e = [], []
    last = 0
    for bi, ei in zip(b, e):  # disjoint, with gaps between
        bi = max(bi, last)
        ei = max(bi, ei)
        gaps_b.append(bi)
        gaps_e.append(ei)
        last = ei
    yield "bounds", np.array(gaps_b, np.int64), np.array(gaps_e, np.int64)


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_segmented_sort_vs_per_segment_sort(xp, dtype, descending):
    rng = rng_for("segments", name_of(dtype), descending)
    odts = index_dtypes(xp)
    for k, (label, x) in enumerate(cases(dtype, "segsort", descending,
                                         generators=["random", "specials", "signed_zeros", "ties", "reversed"])):
        xd = xp.put(x)
        v = np.arange(x.size, dtype=np.int32)
        for olabel, offs, ends in offset_cases(rng, x.size):
            bounds = list(zip(offs[:-1], offs[1:])) if ends is None else list(zip(offs, ends))
            want, wantv = segment_reference(x, bounds, descending, v)
            odt = odts[k % len(odts)]
            od = xp.put(offs.astype(odt))
            ed = None if ends is None else xp.put(ends.astype(odt))
            tag = f"{label} {olabel} ({name_of(odt)})"
            for stable in (False, True):
                got = xp.get(ordo.segmented_sort(xd, od, ends=ed, descending=descending, stable=stable))
                assert_equal(got, want, f"{tag} stable={stable}", nan_bits=True)
            keys, vals = ordo.segmented_sort(xd, od, values=xp.put(v), ends=ed, descending=descending)
            assert_equal(xp.get(keys), want, f"{tag} keys", nan_bits=True)
            assert_equal(xp.get(vals), wantv, f"{tag} values")
        for length in (1, 7, 32, 1000):
            bounds = [(b, min(b + length, x.size)) for b in range(0, x.size, length)]
            want, _ = segment_reference(x, bounds, descending)
            got = xp.get(ordo.segmented_sort(xd, length, descending=descending))
            assert_equal(got, want, f"{label} length {length}", nan_bits=True)


def test_segmented_sort_refuses_overlapping_segments(xp):
    """The issue's example: begins [0, 1], ends [4, 5] overlap; refused, naming the pair."""
    x = xp.put(np.array([5, 4, 3, 2, 1, 0], np.int64))
    with pytest.raises(ordo.Error):
        ordo.segmented_sort(x, xp.put(np.array([0, 1], np.int64)), ends=xp.put(np.array([4, 5], np.int64)))
