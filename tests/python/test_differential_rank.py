"""Differential suite (issue 28, "Guarding it"): ordo.rank against
pandas.Series.rank (every method x ascending x na_option x pct) and
scipy.stats.rankdata, and ordo.rank_sorted against a reference built from tie
groups, on seeded random and adversarial keys of every key dtype, at sizes
around the warp, block, tile and CPU-parallel thresholds (differential.py).
Runs on numpy, and on CuPy / torch CUDA arrays where there is a GPU (`xp`)."""
import numpy as np
import pandas as pd
import pytest
import scipy.stats

import ordo
from differential import (KEY_DTYPES, assert_equal, cases, name_of, order_codes, stable_order)

PANDAS_METHODS = ["average", "min", "max", "dense", "first"]
SORTED_METHODS = ["min", "max", "dense", "ordinal", "first", "average"]


def _gpu_variants(xp, cpu, gpu):
    return cpu if xp.name == "numpy" else gpu


@pytest.mark.parametrize("method", PANDAS_METHODS)
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_rank_vs_pandas(xp, dtype, method):
    # Every ascending x na_option x pct on every case up to the mid sizes; a
    # large case takes four of the twelve combinations, each in turn.
    combos = [(a, na, p) for a in (True, False) for na in ("keep", "top", "bottom") for p in (False, True)]
    turn = 0
    for label, x in cases(dtype, "rank", method):
        before = x.copy()
        xd = xp.put(x)
        s = pd.Series(x)
        chosen = combos
        if x.size > 10000:
            chosen = [combos[(turn + k) % len(combos)] for k in range(4)]
            turn += 4
        for ascending, na_option, pct in chosen:
            got = xp.get(ordo.rank(xd, method=method, ascending=ascending, na_option=na_option, pct=pct))
            want = s.rank(method=method, ascending=ascending, na_option=na_option, pct=pct).to_numpy()
            assert_equal(got, want, f"{label} asc={ascending} na={na_option} pct={pct}", dtype=np.float64)
        assert_equal(xp.get(xd) if xp.name != "numpy" else x, before, f"{label}: input modified", nan_bits=True)


@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_rank_vs_scipy(xp, dtype):
    """scipy.stats.rankdata where scipy and pandas agree: no NaN (scipy's NaN
    policy differs) and no infinity or huge value (scipy 1.10 checks for NaN by
    summing the keys, and inf + -inf or an overflowing sum is NaN)."""
    for label, x in cases(dtype, "scipy", generators=["random", "ties", "specials", "near_2_53", "near_2_63",
                                                      "signed_zeros", "all_equal"]):
        if np.dtype(dtype).kind == "f":
            x = x[np.abs(x) < 2.0 ** 60]
        xd = xp.put(x)
        for method in ("average", "min", "max", "dense", "ordinal"):
            got = xp.get(ordo.rank(xd, method=method))
            want = scipy.stats.rankdata(x, method=method) if x.size else np.zeros(0)
            assert_equal(got, want, f"{label} {method}", dtype=np.float64)


def test_rank_variants_agree(xp):
    """The GPU's variants (the CPU has one) give the same ranks on the same keys."""
    variants = _gpu_variants(xp, ["auto"], ["auto", "sort_back", "msd_replay"])
    for dtype in KEY_DTYPES:
        for label, x in cases(dtype, "rank-variants", sizes=[0, 1, 33, 1025, 8193, 65537],
                              generators=["random", "specials", "ties"]):
            want = pd.Series(x).rank(method="min", na_option="bottom").to_numpy()
            xd = xp.put(x)
            for v in variants:
                got = xp.get(ordo.rank(xd, method="min", na_option="bottom", variant=v))
                assert_equal(got, want, f"{name_of(dtype)} {label} {v}", dtype=np.float64)


# ---------------------------------------------------------------- rank_sorted

def sorted_reference(keys, method, descending):
    """Ranks of sorted keys from their tie groups (NaN ties NaN, -0.0 ties 0.0)."""
    n = keys.size
    c = order_codes(keys)
    if n == 0:
        return np.zeros(0, np.float64)
    new = np.ones(n, bool)
    new[1:] = c[1:] != c[:-1]
    group = np.cumsum(new) - 1
    starts = np.flatnonzero(new)
    ends = np.append(starts[1:], n)
    s, e = starts[group], ends[group]
    return {
        "min": s + 1.0, "max": e * 1.0, "dense": group + 1.0, "ordinal": np.arange(1.0, n + 1),
        "first": np.arange(1.0, n + 1), "average": (s + 1 + e) / 2.0,
    }[method]


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_rank_sorted_vs_reference(xp, dtype, descending):
    variants = _gpu_variants(xp, ["auto", "sequential", "parallel_search"],
                             ["auto", "naive", "shuffle", "hybrid", "block_search", "lookback"])
    for label, x in cases(dtype, "rank_sorted", descending):
        keys = x[stable_order(x, descending)]
        kd = xp.put(keys)
        for method in SORTED_METHODS:
            want = sorted_reference(keys, method, descending)
            rank_dtypes = ["float32", "float64"] if method == "average" else ["uint32", "uint64", "float64"]
            for rdt in rank_dtypes:
                for v in variants:
                    try:
                        got = xp.get(ordo.rank_sorted(kd, method=method, descending=descending, dtype=rdt,
                                                      variant=v))
                    except ordo.Error as e:  # GPU variants that do not do a method say so
                        assert xp.name != "numpy" and "does not do method" in str(e), f"{label} {v}: {e}"
                        continue
                    assert_equal(got, want, f"{label} {method} {rdt} {v}", dtype=rdt)
            default = np.float64 if method == "average" else np.uint64
            assert_equal(xp.get(ordo.rank_sorted(kd, method=method, descending=descending)), want,
                         f"{label} {method} default dtype", dtype=default)
        if xp.name != "numpy":
            dense = xp.get(ordo.rank_sorted(kd, method="dense", descending=descending, variant="scan"))
            assert_equal(dense, sorted_reference(keys, "dense", descending), f"{label} scan", dtype=np.uint64)


@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
def test_rank_sorted_validates(xp, dtype, descending):
    """validate=True (the default) refuses every unsorted input, whatever its shape."""
    for label, x in cases(dtype, "rank_sorted-unsorted", descending, sizes=[2, 3, 33, 257, 2049, 32769]):
        if x.size < 2:
            continue
        if (order_codes(x) == order_codes(x)[0]).all():
            continue  # every key ties: sorted both ways
        # the keys sorted the other way, with the last two keys of the right order swapped
        wrong = x[stable_order(x, not descending)]
        keys = x[stable_order(x, descending)]
        c = order_codes(keys)
        i = int(np.flatnonzero(c[1:] != c[:-1])[-1])
        swapped = keys.copy()
        swapped[i], swapped[i + 1] = keys[i + 1], keys[i]
        for bad in (wrong, swapped):
            with pytest.raises(ordo.Error, match="sorted"):
                ordo.rank_sorted(xp.put(bad), descending=descending)


def test_rank_sorted_average_needs_floating_dtype(xp):
    for rdt in ("uint32", "uint64"):
        with pytest.raises(ordo.Error):
            ordo.rank_sorted(xp.put(np.arange(4.0)), method="average", dtype=rdt)


def test_rank_sorted_float32_ranks_are_exact_or_refused():
    """float32 cannot hold 2^24 + 1: more keys than that are refused, not rounded."""
    big = np.zeros((1 << 24) + 1, np.int32)
    big[-1] = 1
    with pytest.raises(ValueError, match="float64"):
        ordo.rank_sorted(big, method="min", dtype="float32")
    with pytest.raises(ValueError, match="float64"):
        ordo.rank_sorted(big[: (1 << 23) + 1], method="average", dtype="float32")
    r = ordo.rank_sorted(big[: 1 << 23], method="average", dtype="float32")
    assert r[0] == np.float32(((1 << 23) + 1) / 2)
    r = ordo.rank_sorted(big, method="min", dtype="float64")
    assert r[-1] == 2.0 ** 24 + 1
