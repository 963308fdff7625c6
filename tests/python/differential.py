"""Shared pieces of the differential suite (tests/python/test_differential_*.py):
seeded input generators (random and adversarial), the sizes that cross the
backends' thresholds, and exact comparisons.

Every input is drawn from numpy's default_rng with a seed made from the test's
own parameters, so a run is deterministic and a failure names its input:
`cases(dtype, seed)` yields (label, array) pairs, and the label says which
generator and size produced the array.
"""
import zlib

import numpy as np

INT_DTYPES = [np.int32, np.uint32, np.int64, np.uint64]
FLOAT_DTYPES = [np.float32, np.float64]
KEY_DTYPES = INT_DTYPES + FLOAT_DTYPES
# The narrow keys (issue 29): the functions that order keys take them as keys
# (carried by a wider key of the same order, CARRIER); every other argument,
# and scan/reduce/compact/split/list_scan, refuse them (TypeError).
NARROW_DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.float16]
CARRIER = {np.dtype(np.bool_): np.uint32, np.dtype(np.int8): np.int32, np.dtype(np.uint8): np.uint32,
           np.dtype(np.int16): np.int32, np.dtype(np.uint16): np.uint32, np.dtype(np.float16): np.float32}
# dtypes no function takes: each must be refused (TypeError), never converted.
REFUSED_DTYPES = [np.longdouble, np.complex64, np.complex128, np.object_, "datetime64[ns]", "U3"]

# Sizes around the thresholds: warp (32), block (256, 1024), GPU tiles
# (2048, 4096, 8192: include/ordo/cuda/*/dispatch/policies.cuh) and the CPU's
# serial/parallel switches (2^15: cpu_serial_below and list_rank's auto
# variant; 2^16: the list cutoff and cpu_long_segment).
SMALL_SIZES = [0, 1, 2, 3, 31, 32, 33]
MID_SIZES = [255, 256, 257, 1023, 1024, 1025, 2047, 2048, 2049, 4097, 8193]
LARGE_SIZES = [32767, 32769, 65537]
ALL_SIZES = SMALL_SIZES + MID_SIZES + LARGE_SIZES


def holds(xp, dtype):
    """Whether the array kind `xp` (conftest.py) can hold dtype (torch lacks
    uint32/uint64 on some versions; its put() skips the test then)."""
    import pytest
    try:
        xp.put(np.zeros(1, dtype))
        return True
    except pytest.skip.Exception:
        return False


def index_dtypes(xp):
    """The integer dtypes `xp` can hold, for successor and offset arrays."""
    return [d for d in INT_DTYPES if holds(xp, d)]


def seed_of(*parts):
    """A stable seed from the test's parameters (hash() of a str is salted per run)."""
    return zlib.crc32(repr(parts).encode())


def rng_for(*parts):
    return np.random.default_rng(seed_of(*parts))


def name_of(dtype):
    return np.dtype(dtype).name


# ---------------------------------------------------------------- generators

def _special_pool(dtype):
    dt = np.dtype(dtype)
    if dt.kind == "f":
        fi = np.finfo(dt)
        return np.array([np.nan, -np.nan, -0.0, 0.0, np.inf, -np.inf, fi.max, -fi.max, fi.tiny, -fi.tiny,
                         fi.smallest_subnormal, -fi.smallest_subnormal, 1.0, -1.0, 2.0 ** 53, 2.0 ** 53 + 2,
                         0.5], dtype=dt)
    ii = np.iinfo(dt)
    vals = [ii.min, ii.min + 1, ii.max, ii.max - 1, 0, 1, 2]
    if dt.kind == "i":
        vals += [-1, -2]
    if dt.itemsize == 8:  # values that float64 cannot tell apart, and the int64/uint64 border
        vals += [2 ** 53, 2 ** 53 + 1, 2 ** 53 - 1, 2 ** 62 + 1]
        if dt.kind == "u":
            vals += [2 ** 63 - 1, 2 ** 63, 2 ** 63 + 1]
        else:
            vals += [-(2 ** 53) - 1, -(2 ** 53)]
    return np.array(vals, dtype=dt)


def gen_random(rng, dtype, n):
    """Uniform over the whole range of an integer type; wide-spread floats."""
    dt = np.dtype(dtype)
    if dt.kind == "f":
        return (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 6, n)).astype(dt)
    ii = np.iinfo(dt)
    return rng.integers(ii.min, ii.max, size=n, dtype=dt, endpoint=True)


def gen_ties(rng, dtype, n):
    """Few distinct values: long runs of ties."""
    dt = np.dtype(dtype)
    lo = -4 if dt.kind in "if" else 0
    return rng.integers(lo, 5, size=n).astype(dt)


def gen_all_equal(rng, dtype, n):
    return np.full(n, _special_pool(dtype)[-1], dtype=dtype)


def gen_specials(rng, dtype, n):
    """Small ties mixed with the type's edge values (NaN, +-0, +-inf, min/max, 2^53, 2^63...)."""
    x = gen_ties(rng, dtype, n)
    pool = _special_pool(dtype)
    mask = rng.random(n) < 0.4
    x[mask] = rng.choice(pool, size=int(mask.sum()))
    return x


def gen_only_specials(rng, dtype, n):
    return rng.choice(_special_pool(dtype), size=n)


def gen_near_2_53(rng, dtype, n):
    """Integers a float64 conversion would merge (2^53 + k): detects int64 -> float64."""
    dt = np.dtype(dtype)
    if dt.itemsize < 8 or dt.kind == "f":
        return gen_specials(rng, dtype, n)
    return (np.uint64(2 ** 53) + rng.integers(0, 6, size=n).astype(np.uint64)).astype(dt)


def gen_near_2_63(rng, dtype, n):
    """uint64 around 2^63 (detects uint64 -> int64), int64 near its max and min."""
    dt = np.dtype(dtype)
    if dt.kind == "f" or dt.itemsize < 8:
        return gen_specials(rng, dtype, n)
    if dt.kind == "u":
        return (np.uint64(2 ** 63 - 3) + rng.integers(0, 6, size=n).astype(np.uint64)).astype(dt)
    k = rng.integers(0, 4, size=n)
    hi = np.int64(2 ** 63 - 1) - k
    lo = np.int64(-(2 ** 63)) + k
    return np.where(rng.random(n) < 0.5, hi, lo).astype(dt)


def gen_sorted(rng, dtype, n):
    return np.sort(gen_specials(rng, dtype, n))


def gen_reversed(rng, dtype, n):
    return np.sort(gen_specials(rng, dtype, n))[::-1].copy()


def gen_nearly_sorted(rng, dtype, n):
    """Sorted, then a few elements moved a short way (Roughsort's radius k)."""
    x = np.sort(gen_ties(rng, dtype, n) if n % 2 else gen_random(rng, dtype, n))
    for _ in range(max(1, n // 50)):
        if n < 2:
            break
        i = int(rng.integers(0, n))
        j = min(n - 1, i + int(rng.integers(1, 9)))
        x[i], x[j] = x[j], x[i]
    return x


def gen_nan_first(rng, dtype, n):
    x = gen_ties(rng, dtype, n)
    if np.dtype(dtype).kind == "f" and n:
        x[: max(1, n // 10)] = np.nan
    return x


def gen_nan_last(rng, dtype, n):
    x = gen_ties(rng, dtype, n)
    if np.dtype(dtype).kind == "f" and n:
        x[-max(1, n // 10):] = np.nan
    return x


def gen_all_nan(rng, dtype, n):
    if np.dtype(dtype).kind != "f":
        return gen_all_equal(rng, dtype, n)
    return np.full(n, np.nan, dtype=dtype)


def gen_signed_zeros(rng, dtype, n):
    """Only -0.0 and +0.0 (ties whose bits differ), and NaNs with different payloads."""
    dt = np.dtype(dtype)
    if dt.kind != "f":
        return gen_ties(rng, dtype, n)
    x = np.where(rng.random(n) < 0.5, -0.0, 0.0).astype(dt)
    u = x.view(np.uint32 if dt.itemsize == 4 else np.uint64)
    nan_bits = np.array([np.float32(np.nan).view(np.uint32) if dt.itemsize == 4 else np.float64(np.nan).view(np.uint64)])
    mask = rng.random(n) < 0.2
    u[mask] = nan_bits[0] | rng.integers(1, 64, size=int(mask.sum())).astype(u.dtype)  # distinct payloads
    return x


GENERATORS = {
    "random": gen_random, "ties": gen_ties, "all_equal": gen_all_equal, "specials": gen_specials,
    "only_specials": gen_only_specials, "near_2_53": gen_near_2_53, "near_2_63": gen_near_2_63,
    "sorted": gen_sorted, "reversed": gen_reversed, "nearly_sorted": gen_nearly_sorted,
    "nan_first": gen_nan_first, "nan_last": gen_nan_last, "all_nan": gen_all_nan,
    "signed_zeros": gen_signed_zeros,
}


def cases(dtype, *seed, sizes=None, generators=None, large_every=None):
    """(label, keys) pairs. Every generator runs at several sizes and every size
    with some generators: a size up to 33 takes half of them (alternating with
    the next size), a mid size two, a large size one, each in turn, so that
    each kind of input reaches the tiled and parallel paths in some test
    without the suite taking minutes. large_every=k gives large sizes every
    k-th generator instead."""
    gens = generators or list(GENERATORS)
    sizes = ALL_SIZES if sizes is None else sizes
    rng = rng_for(name_of(dtype), *seed)
    out = []
    turn = 0
    for si, n in enumerate(sizes):
        if n <= 33:
            chosen = gens[si % 2::2] if len(gens) > 3 else gens
        elif n < 10000:
            chosen = [gens[(turn + k) % len(gens)] for k in range(min(2, len(gens)))]
            turn += 2
        elif large_every:
            chosen = [g for gi, g in enumerate(gens) if (gi + si) % large_every == 0]
        else:
            chosen = [gens[turn % len(gens)]]
            turn += 1
        for g in chosen:
            out.append((f"{g}[n={n}]", GENERATORS[g](rng, dtype, n)))
    return out


# ---------------------------------------------------------------- comparisons

def _bits(x):
    x = np.ascontiguousarray(x)
    return x.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[x.dtype.itemsize])


def assert_equal(got, want, label="", dtype=None, signed_zeros=False, nan_bits=False):
    """Element by element. Integers exactly; floats with NaN == NaN, and with
    signed_zeros the sign of a zero must match too; nan_bits: every bit (payloads).
    dtype: the result's expected dtype (default: want's)."""
    got = np.asarray(got)
    want = np.asarray(want)
    exp_dt = np.dtype(dtype) if dtype is not None else want.dtype
    assert got.dtype == exp_dt, f"{label}: dtype {got.dtype}, expected {exp_dt}"
    assert got.shape == want.shape, f"{label}: shape {got.shape}, expected {want.shape}"
    want = want.astype(exp_dt, copy=False)
    if nan_bits:
        bad = _bits(got) != _bits(want)
    elif exp_dt.kind == "f":
        bad = ~((got == want) | (np.isnan(got) & np.isnan(want)))
        if signed_zeros:
            bad |= (got == 0) & (np.signbit(got) != np.signbit(want))
    else:
        bad = got != want
    if bad.any():
        i = np.flatnonzero(bad)
        raise AssertionError(f"{label}: {i.size} of {got.size} elements differ; first at {i[:5].tolist()}: "
                             f"got {got[i[:5]].tolist()}, expected {want[i[:5]].tolist()}")


def order_codes(x):
    """Dense codes of x in ascending order (NaN largest; -0.0 ties 0.0; every NaN ties)."""
    x = np.asarray(x)
    if x.size == 0:
        return np.zeros(0, np.int64)
    if x.dtype.kind == "f":
        nan = np.isnan(x)
        _, inv = np.unique(np.where(nan, 0, x), return_inverse=True)
        inv = inv.astype(np.int64)
        inv[nan] = inv.max(initial=0) + 1
        return inv
    _, inv = np.unique(x, return_inverse=True)
    return inv.astype(np.int64)


def stable_order(x, descending=False):
    """The stable sorting permutation: ascending with NaN last, or descending
    with NaN first; equal keys (-0.0/+0.0, all NaNs) keep their input order."""
    c = order_codes(x)
    return np.argsort(-c if descending else c, kind="stable")


def is_sorted(x, descending=False):
    c = order_codes(x)
    d = np.diff(c)
    return bool((d <= 0).all() if descending else (d >= 0).all())
