"""Differential suite (issue 28): the BSGP primitives against numpy.
  argsort / sort_idx   np.argsort(kind="stable") (descending: a stable sort of the tie groups, NaN first)
  scan                 np.cumsum (numpy's dtype promotion), np.minimum / np.maximum / np.fmin / np.fmax .accumulate
  reduce               np.add / np.minimum / np.maximum .reduce (numpy's promotion; min/max of nothing is an error)
  compact              x[flags != 0]
  split                a stable partition / a stable counting sort by bucket
  merge                a stable sort of a + b (ties: a's first, bit for bit)
  fork                 np.repeat(arange, counts), and each child's place among its siblings
on seeded random and adversarial inputs of every dtype at sizes around the
thresholds (differential.py). Runs on numpy, and on CuPy / torch CUDA arrays
where there is a GPU (`xp`)."""
import numpy as np
import pytest

import ordo
from differential import (ALL_SIZES, INT_DTYPES, KEY_DTYPES, assert_equal, cases, holds, name_of, rng_for,
                          stable_order)


def _sort_idx_variants(xp, dtype):
    v = ["auto", "merge_path", "binary_search"]
    if xp.name != "numpy" and np.dtype(dtype) in (np.dtype(np.int32), np.dtype(np.uint32)):
        v.append("sample_sort")
    return v


@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_argsort_vs_numpy(xp, dtype):
    for label, x in cases(dtype, "argsort"):
        xd = xp.put(x)
        want_up = np.argsort(x, kind="stable")
        want_down = stable_order(x, descending=True)
        for variant in _sort_idx_variants(xp, dtype):
            assert_equal(xp.get(ordo.argsort(xd, variant=variant)), want_up, f"{label} {variant}", dtype=np.int64)
            assert_equal(xp.get(ordo.sort_idx(xd, descending=True, variant=variant)), want_down,
                         f"{label} {variant} descending", dtype=np.int64)


# ---------------------------------------------------------------- scan / reduce

def sum_safe(rng, dtype, n):
    """Float values whose sums are exact in any order (small integers, +-0,
    +-inf, NaN), so that a parallel scan must match numpy bit for bit; integers
    over the whole range (wrapping int64 sums wrap in numpy too)."""
    dt = np.dtype(dtype)
    if dt.kind != "f":
        ii = np.iinfo(dt)
        x = rng.integers(ii.min, ii.max, size=n, dtype=dt, endpoint=True)
        mask = rng.random(n) < 0.3
        x[mask] = rng.choice(np.array([ii.min, ii.max, 0, 1], dt), size=int(mask.sum()))
        return x
    x = rng.integers(-100, 101, n).astype(dt)
    mask = rng.random(n) < 0.02
    x[mask] = rng.choice(np.array([np.nan, -0.0, 0.0, np.inf, -np.inf], dt), size=int(mask.sum()))
    return x


ACCUMULATE = {"plus": np.cumsum, "min": np.minimum.accumulate, "max": np.maximum.accumulate,
              "fmin": np.fmin.accumulate, "fmax": np.fmax.accumulate}
REDUCE = {"plus": np.sum, "min": np.min, "max": np.max, "fmin": np.nanmin, "fmax": np.nanmax}


def scan_inputs(dtype, op):
    """Inputs for a scan with op: sum-safe values for plus, every generator otherwise."""
    if op != "plus":
        return cases(dtype, "scan", op)
    rng = rng_for("sum-safe", name_of(dtype))
    return [(f"sum_safe[n={n}]", sum_safe(rng, dtype, n)) for n in ALL_SIZES] + \
        [(lbl, x) for lbl, x in cases(dtype, "scan-plus", generators=["all_nan", "nan_first", "ties"])]


def exclusive_reference(x, op, want_dtype):
    inc = ACCUMULATE[op](x).astype(want_dtype)
    dt = np.dtype(want_dtype)
    if op == "plus":
        ident = 0
    elif dt.kind == "f":
        ident = np.inf if op == "min" else -np.inf
    else:
        ident = np.iinfo(dt).max if op == "min" else np.iinfo(dt).min
    return np.concatenate([np.array([ident], dt), inc[:-1]])[: x.size]


@pytest.mark.parametrize("op", ["plus", "min", "max", "fmin", "fmax"])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_scan_vs_numpy(xp, dtype, op):
    """np.cumsum promotes int32 -> int64 and uint32 -> uint64; maximum/minimum
    propagate NaN, fmax/fmin skip it (issue 28)."""
    for label, x in scan_inputs(dtype, op):
        xd = xp.put(x)
        want = ACCUMULATE[op](x)
        assert_equal(xp.get(ordo.scan(xd, op=op)), want, f"{label} inclusive")
        if op in ("plus", "min", "max"):
            assert_equal(xp.get(ordo.scan(xd, op=op, exclusive=True)), exclusive_reference(x, op, want.dtype),
                         f"{label} exclusive")


def _same_number(got, want, label):
    want = want.item() if hasattr(want, "item") else want
    if isinstance(want, float) and want != want:
        assert isinstance(got, float) and got != got, f"{label}: got {got!r}, expected nan"
    else:
        assert got == want and type(got) is type(want), f"{label}: got {got!r}, expected {want!r}"


@pytest.mark.parametrize("op", ["plus", "min", "max", "fmin", "fmax"])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_reduce_vs_numpy(xp, dtype, op):
    """A Python number equal to numpy's (np.sum promotes int32 to int64, so
    [2^31-1, 1] sums to 2^31); min/max of an empty array raise ValueError, as
    numpy does, instead of returning an identity nobody asked for."""
    import warnings
    for label, x in scan_inputs(dtype, op):
        xd = xp.put(x)
        if x.size == 0 and op != "plus":
            with pytest.raises(ValueError):
                ordo.reduce(xd, op=op)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # nanmax of all-NaN
            want = REDUCE[op](x)
        _same_number(ordo.reduce(xd, op=op), want, f"{label} {op}")


def test_int32_sum_does_not_wrap(xp):
    x = xp.put(np.array([2 ** 31 - 1, 1], np.int32))
    assert ordo.reduce(x) == 2 ** 31
    assert_equal(xp.get(ordo.scan(x)), np.array([2 ** 31 - 1, 2 ** 31], np.int64), "scan int32")


# ---------------------------------------------------------------- compact / split

def flag_cases(rng, n):
    yield "bool", rng.random(n) < 0.5
    yield "uint8", rng.integers(0, 256, n).astype(np.uint8) * (rng.random(n) < 0.5)
    yield "int8", rng.integers(-128, 128, n).astype(np.int8)
    yield "all_set", np.ones(n, bool)
    yield "none_set", np.zeros(n, bool)


@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_compact_and_split_vs_numpy(xp, dtype):
    rng = rng_for("flags", name_of(dtype))
    for label, x in cases(dtype, "compact", generators=["random", "specials", "signed_zeros", "near_2_63"]):
        xd = xp.put(x)
        for flabel, f in flag_cases(rng, x.size):
            fd = xp.put(f)
            keep = f != 0
            assert_equal(xp.get(ordo.compact(xd, fd)), x[keep], f"{label} {flabel} compact", nan_bits=True)
            out, zeros = ordo.split(xd, fd)
            assert_equal(xp.get(out), np.concatenate([x[~keep], x[keep]]), f"{label} {flabel} split",
                         nan_bits=True)
            assert zeros == int((~keep).sum()), f"{label} {flabel}: {zeros} zeros"


@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_split_buckets_vs_numpy(xp, dtype):
    rng = rng_for("buckets", name_of(dtype))
    for label, x in cases(dtype, "buckets", generators=["random", "specials", "signed_zeros"]):
        for nb in (1, 2, 3, 17, 256):
            b = rng.integers(0, nb, x.size).astype(np.uint8)
            out, offsets = ordo.split(xp.put(x), xp.put(b), n_buckets=nb)
            order = np.argsort(b, kind="stable")
            assert_equal(xp.get(out), x[order], f"{label} B={nb}", nan_bits=True)
            want_off = np.concatenate([[0], np.cumsum(np.bincount(b, minlength=nb))]).astype(np.uint64)
            assert_equal(xp.get(offsets), want_off, f"{label} B={nb} offsets")
        if x.size and nb < 256:
            b = np.full(x.size, 255, np.uint8)
            with pytest.raises(ordo.Error):
                ordo.split(xp.put(x), xp.put(b), n_buckets=17)


# ---------------------------------------------------------------- merge

@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_merge_vs_stable_sort(xp, dtype, descending):
    """merge(a, b) is the stable sort of a + b: on ties all of a's keys first,
    each side in its order, bit for bit (-0.0/+0.0 and NaN payloads included)."""
    rng = rng_for("merge-split", name_of(dtype), descending)
    for label, x in cases(dtype, "merge", descending):
        cut = int(rng.integers(0, x.size + 1))
        a, b = x[:cut], x[cut:]
        a = a[stable_order(a, descending)]
        b = b[stable_order(b, descending)]
        both = np.concatenate([a, b])
        want = both[stable_order(both, descending)]
        got = xp.get(ordo.merge(xp.put(a), xp.put(b), descending=descending))
        assert_equal(got, want, f"{label} |a|={a.size}", nan_bits=True)


# ---------------------------------------------------------------- fork

def count_cases(rng, dtype):
    for n in [0, 1, 2, 31, 32, 33, 255, 257, 1025, 2049, 8193, 32769]:
        yield f"small[n={n}]", rng.integers(0, 5, n).astype(dtype)
        yield f"sparse[n={n}]", (rng.integers(0, 40, n) * (rng.random(n) < 0.1)).astype(dtype)
        yield f"zeros[n={n}]", np.zeros(n, dtype)
        if n:
            c = np.zeros(n, dtype)
            c[int(rng.integers(0, n))] = 70000  # one parent with many children
            yield f"one_big[n={n}]", c


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=name_of)
def test_fork_vs_repeat(xp, dtype):
    rng = rng_for("fork", name_of(dtype))
    for label, counts in count_cases(rng, dtype):
        c = counts.astype(np.int64)
        parent = np.repeat(np.arange(c.size), c)
        starts = np.concatenate([[0], np.cumsum(c)])[:-1]
        sibling = np.arange(parent.size) - np.repeat(starts, c)
        cd = xp.put(counts)
        for variant in ("auto", "load_balanced", "doubling"):
            p, s = ordo.fork(cd, variant=variant)
            assert_equal(xp.get(p), parent, f"{label} {variant} parent", dtype=np.int64)
            assert_equal(xp.get(s), sibling, f"{label} {variant} sibling", dtype=np.int64)


def test_fork_refuses_bad_counts(xp):
    with pytest.raises(ValueError):
        ordo.fork(xp.put(np.array([1, -1, 2], np.int64)))
    with pytest.raises(TypeError):
        ordo.fork(xp.put(np.array([1.0, 2.0])))
    if holds(xp, np.uint64):
        with pytest.raises(ValueError):  # the total wraps past 2^64 (issue 28)
            ordo.fork(xp.put(np.array([2 ** 63, 2 ** 63, 5], np.uint64)))
