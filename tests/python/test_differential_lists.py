"""Differential suite (issue 28): ordo.list_rank and ordo.list_scan against a
sequential walk of each list (numpy's accumulate along the walk: cumsum with
numpy's dtype promotion, np.minimum / np.maximum with NaN propagation), on
seeded successor arrays of many shapes (random forests, one list, ordered
runs, reversed runs, singletons) for every index dtype, both end markers, at
sizes around the thresholds; every variant of the backend. Runs on numpy, and
on CuPy / torch CUDA arrays where there is a GPU (`xp`)."""
import numpy as np
import pytest

import ordo
from differential import (ALL_SIZES, FLOAT_DTYPES, INT_DTYPES, KEY_DTYPES, assert_equal, index_dtypes, name_of,
                          rng_for)

SHAPES = ["forest", "one_list", "ordered", "reversed", "singletons", "runs", "pairs"]


def make_succ(rng, shape, n):
    """A successor array (int64, -1 ends a list) of the given shape."""
    succ = np.full(n, -1, np.int64)
    if n == 0 or shape == "singletons":
        return succ
    if shape == "ordered":
        succ[:-1] = np.arange(1, n)
        return succ
    if shape == "reversed":
        succ[1:] = np.arange(0, n - 1)
        return succ
    if shape == "runs":  # lists made of runs of consecutive indices, chained in random order
        cuts = np.sort(rng.choice(np.arange(1, n), size=min(n - 1, max(1, n // 40)), replace=False)) if n > 1 else []
        runs = np.split(np.arange(n), cuts)
        order = rng.permutation(len(runs))
        chain = np.concatenate([runs[i] for i in order])
        succ[chain[:-1]] = chain[1:]
        lists = min(len(chain) - 1, 3)
        if lists > 0:
            succ[chain[rng.choice(np.arange(len(chain) - 1), size=lists, replace=False)]] = -1
        return succ
    perm = rng.permutation(n)
    if shape == "one_list":
        succ[perm[:-1]] = perm[1:]
        return succ
    if shape == "pairs":
        succ[perm[0:n - 1:2]] = perm[1:n:2]
        return succ
    lists = int(rng.integers(1, max(2, n // 20)))
    cuts = np.sort(rng.choice(np.arange(1, n), size=min(n - 1, lists - 1), replace=False)) if n > 1 else []
    for chunk in np.split(perm, cuts):
        succ[chunk[:-1]] = chunk[1:]
    return succ


def walks(succ):
    """The nodes of each list in order, head first (a sequential walk)."""
    n = succ.size
    has_pred = np.zeros(n, bool)
    has_pred[succ[succ >= 0]] = True
    nxt = succ.tolist()
    out = []
    for h in np.flatnonzero(~has_pred).tolist():
        nodes = [h]
        x = nxt[h]
        while x >= 0:
            nodes.append(x)
            x = nxt[x]
        out.append(np.array(nodes, np.int64))
    return out


def as_index(succ, dtype):
    """succ in an index dtype; the end marker is -1 or all bits set (the same bits)."""
    return succ.astype(np.int64).astype(dtype) if np.dtype(dtype).kind == "i" else succ.astype(np.uint64).astype(dtype)


def list_cases(*seed, sizes=ALL_SIZES):
    rng = rng_for("lists", *seed)
    for si, n in enumerate(sizes):
        shapes = SHAPES if n < 10000 else [SHAPES[si % len(SHAPES)], "one_list"]
        for shape in shapes:
            yield f"{shape}[n={n}]", make_succ(rng, shape, n)


def _variants(xp):
    if xp.name == "numpy":
        return [("auto", "detect"), ("sequential", "detect"), ("helman_jaja", "detect")]
    return [("auto", r) for r in ("detect", "contract", "keep")] + [("rhj", "keep"), ("wyllie", "keep")]


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=name_of)
def test_list_rank_vs_walk(xp, dtype):
    for label, succ in list_cases("rank", name_of(dtype)):
        want = np.zeros(succ.size, np.int64)
        for nodes in walks(succ):
            want[nodes] = np.arange(nodes.size)
        s = xp.put(as_index(succ, dtype))
        for variant, runs in _variants(xp):
            got = xp.get(ordo.list_rank(s, variant=variant, runs=runs))
            assert_equal(got, want, f"{label} {variant}/{runs}", dtype=np.int64)
        got = xp.get(ordo.list_rank(s, single=True)) if len(walks(succ)) == 1 else None
        if got is not None:
            assert_equal(got, want, f"{label} single", dtype=np.int64)


def scan_values(rng, dtype, n, op):
    """Values whose sums are exact in any order (small integers, +-0, +-inf,
    NaN) for plus; the type's extremes for min/max; and integer wrap-around."""
    dt = np.dtype(dtype)
    if dt.kind == "f":
        x = rng.integers(-8, 9, n).astype(dt)
        pool = [np.nan, -0.0, 0.0, np.inf, -np.inf] + ([] if op == "plus" else [np.finfo(dt).max, -np.finfo(dt).max])
        mask = rng.random(n) < 0.05
        x[mask] = rng.choice(np.array(pool, dt), size=int(mask.sum()))
        return x
    ii = np.iinfo(dt)
    x = rng.integers(ii.min, ii.max, size=n, dtype=dt, endpoint=True)
    mask = rng.random(n) < 0.2
    x[mask] = rng.choice(np.array([ii.min, ii.max, 0, 1], dt), size=int(mask.sum()))
    return x


ACCUMULATE = {"plus": np.cumsum, "min": np.minimum.accumulate, "max": np.maximum.accumulate}


@pytest.mark.parametrize("op", ["plus", "min", "max"])
@pytest.mark.parametrize("vdtype", KEY_DTYPES, ids=name_of)
def test_list_scan_vs_walk(xp, vdtype, op):
    """Inclusive scan along each list; the result dtype is numpy's (cumsum
    promotes int32 -> int64 and uint32 -> uint64 for plus, as np.cumsum does)."""
    rng = rng_for("scan-values", name_of(vdtype), op)
    want_dtype = np.cumsum(np.zeros(1, vdtype)).dtype if op == "plus" else np.dtype(vdtype)
    sdts = index_dtypes(xp)
    for i, (label, succ) in enumerate(list_cases("scan", name_of(vdtype), op)):
        values = scan_values(rng, vdtype, succ.size, op)
        want = np.zeros(succ.size, want_dtype)
        for nodes in walks(succ):
            want[nodes] = ACCUMULATE[op](values[nodes])
        sdt = sdts[i % len(sdts)]
        s, v = xp.put(as_index(succ, sdt)), xp.put(values)
        for variant, runs in _variants(xp)[:2]:
            got = xp.get(ordo.list_scan(s, v, op=op, variant=variant, runs=runs))
            assert_equal(got, want, f"{label} succ {name_of(sdt)} {variant}/{runs}", dtype=want_dtype)


def test_list_scan_plus_does_not_wrap_int32(xp):
    """The issue's scan example, along a list: int32 [2^31-1, 1] sums to 2^31 (numpy: int64)."""
    succ = xp.put(np.array([1, -1]))
    for dt, big in ((np.int32, 2 ** 31 - 1), (np.uint32, 2 ** 32 - 1)):
        got = xp.get(ordo.list_scan(succ, xp.put(np.array([big, 1], dt))))
        assert_equal(got, np.cumsum(np.array([big, 1], dt)), f"{name_of(dt)}")
        assert int(got[-1]) == big + 1


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=name_of)
def test_list_rank_refuses_bad_lists(xp, dtype):
    """Every malformed successor array raises ordo.Error naming a node, at every size."""
    rng = rng_for("bad-lists", name_of(dtype))
    for n in [1, 2, 3, 33, 257, 2049, 32769]:
        base = make_succ(rng, "one_list", n)
        bad = {}
        if n >= 1:
            b = base.copy()
            b[int(rng.integers(0, n))] = n  # out of range
            bad["out_of_range"] = b
            b = base.copy()
            b[int(rng.integers(0, n))] = -2 if np.dtype(dtype).kind == "i" else n + 5
            bad["negative_or_large"] = b
        if n >= 2:
            walk = walks(base)[0]
            b = base.copy()
            b[walk[-1]] = walk[0]  # the tail points back at the head: a cycle
            bad["cycle"] = b
            b = base.copy()
            b[walk[-1]] = walk[-1]  # a self-loop
            bad["self_loop"] = b
        if n >= 3:
            walk = walks(base)[0]
            b = base.copy()
            b[walk[-1]] = walk[1]  # two nodes with one successor
            bad["shared_successor"] = b
        for kind, b in bad.items():
            s = xp.put(as_index(b, dtype))
            with pytest.raises(ordo.Error):
                ordo.list_rank(s)
            with pytest.raises(ordo.Error):
                ordo.list_scan(s, xp.put(np.ones(n)))
        if n >= 2:  # two lists with single=True
            two = base.copy()
            two[walks(base)[0][0]] = -1
            with pytest.raises(ordo.Error):
                ordo.list_rank(xp.put(as_index(two, dtype)), single=True)


@pytest.mark.parametrize("vdtype", FLOAT_DTYPES, ids=name_of)
def test_list_scan_nan_propagates(xp, vdtype):
    """min/max along a list follow np.minimum / np.maximum: once NaN, NaN."""
    succ = xp.put(np.array([1, 2, 3, 4, -1]))
    for values in ([np.nan, 1, 3, np.nan, 2], [1, np.nan, 3, 2, 5], [3, 1, 2, np.nan, 0]):
        v = np.array(values, vdtype)
        for op in ("min", "max"):
            got = xp.get(ordo.list_scan(succ, xp.put(v), op=op))
            assert_equal(got, ACCUMULATE[op](v), f"{values} {op}")


def test_list_scan_dtype_argument(xp):
    """dtype= is numpy's cumsum dtype=: the accumulator and result type; the
    values must convert to it safely."""
    succ = xp.put(np.array([1, 2, -1]))
    v32 = np.array([2 ** 31 - 1, 1, 5], np.int32)
    assert_equal(xp.get(ordo.list_scan(succ, xp.put(v32), dtype=np.int32)), np.cumsum(v32, dtype=np.int32), "int32")
    assert_equal(xp.get(ordo.list_scan(succ, xp.put(v32), dtype="float64")), np.cumsum(v32, dtype=np.float64),
                 "float64")
    assert_equal(xp.get(ordo.list_scan(succ, xp.put(v32), op="max")), np.maximum.accumulate(v32), "max keeps int32")
    assert_equal(xp.get(ordo.list_scan(succ, xp.put(v32), op="min", dtype="int64")),
                 np.minimum.accumulate(v32).astype(np.int64), "min in int64")
    for values, bad in ((np.arange(3, dtype=np.int64), np.int32), (np.arange(3, dtype=np.uint64), "int64"),
                        (np.arange(3.0), np.float32), (np.arange(3.0), np.int64), (v32, "float16"),
                        (v32, "int16"), (v32, "complex128")):
        with pytest.raises(TypeError, match="dtype"):
            ordo.list_scan(succ, xp.put(values), dtype=bad)


def test_bad_successor_is_shown_as_written(xp):
    """The issue's `listrank` example, from Python: -7 is reported as -7, not 18446744073709551609."""
    for dt in (np.int64, np.int32):
        for fn in (lambda s: ordo.list_rank(s), lambda s: ordo.list_scan(s, xp.put(np.ones(3)))):
            with pytest.raises(ordo.Error, match=r"succ\[1\] = -7 "):
                fn(xp.put(np.array([1, -7, -1], dt)))
