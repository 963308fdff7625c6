"""ordo.list_rank and ordo.list_scan against a plain numpy/Python reference
(walk each list from its head), and their errors."""
import numpy as np
import pytest

import ordo

INDEX_DTYPES = [np.int32, np.uint32, np.int64, np.uint64]


def random_forest(rng, n, lists, dtype=np.int64):
    """`lists` lists over a random permutation of n nodes; -1 ends each."""
    perm = rng.permutation(n)
    succ = np.full(n, -1, dtype=np.int64)
    cuts = np.sort(rng.choice(np.arange(1, n), size=lists - 1, replace=False)) if lists > 1 else []
    for chunk in np.split(perm, cuts):
        succ[chunk[:-1]] = chunk[1:]
    return succ.astype(dtype)


def reference_scan(succ, values, op):
    n = len(succ)
    s = succ.astype(np.int64)
    if np.dtype(succ.dtype).kind == "u":
        s = np.where(succ == np.iinfo(succ.dtype).max, -1, s)
    has_pred = np.zeros(n, bool)
    has_pred[s[s >= 0]] = True
    out = np.empty_like(values)
    for h in np.flatnonzero(~has_pred):
        acc = values[h]
        out[h] = acc
        x = s[h]
        while x >= 0:
            acc = op(acc, values[x])
            out[x] = acc
            x = s[x]
    return out


@pytest.mark.parametrize("dtype", INDEX_DTYPES)
@pytest.mark.parametrize("n,lists", [(0, 1), (1, 1), (2, 1), (1000, 1), (5000, 7), (70000, 1), (70000, 5000)])
@pytest.mark.parametrize("variant", ["auto", "sequential", "helman_jaja"])
def test_list_rank_matches_reference(dtype, n, lists, variant):
    rng = np.random.default_rng(n + lists)
    succ = random_forest(rng, n, max(1, min(lists, n)), dtype) if n else np.zeros(0, dtype)
    want = reference_scan(succ, np.ones(n, np.int64), lambda a, b: a + b) - 1
    got = ordo.list_rank(succ, variant=variant)
    assert got.dtype == np.int64
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("vdtype", [np.int32, np.int64, np.uint64, np.float32, np.float64])
@pytest.mark.parametrize("op,fn", [("plus", lambda a, b: a + b), ("min", min), ("max", max)])
def test_list_scan_matches_reference(vdtype, op, fn):
    rng = np.random.default_rng(3)
    succ = random_forest(rng, 20000, 30)
    values = rng.integers(0, 100, 20000).astype(vdtype)
    got = ordo.list_scan(succ, values, op=op)
    # numpy's cumsum promotion for plus (int32 -> int64, issue 28); min/max keep the dtype
    assert got.dtype == (np.cumsum(values).dtype if op == "plus" else np.dtype(vdtype))
    np.testing.assert_array_equal(got, reference_scan(succ, values, fn))


def test_docstring_example():
    np.testing.assert_array_equal(ordo.list_rank(np.array([2, -1, 1])), [0, 2, 1])


@pytest.mark.parametrize("succ,message", [
    ([1, 2, 7, -1], r"succ\[2\] = 7 is out of range"),
    ([1, -7, -1], r"succ\[1\] = -7 is out of range"),  # as written, not 18446744073709551609
    ([2, 2, -1], "nodes 0 and 1 both have successor 2"),
    ([1, 2, 0], "node 0 lies on a cycle"),
    ([-1, 1], "node 1 lies on a cycle"),
])
def test_bad_lists_raise(succ, message):
    with pytest.raises(ordo.Error, match=message):
        ordo.list_rank(np.array(succ, np.int64))
    with pytest.raises(ValueError):
        ordo.list_scan(np.array(succ, np.int64), np.ones(len(succ)))


def test_single_list_mode():
    succ = np.array([1, -1, 3, -1], np.int32)
    np.testing.assert_array_equal(ordo.list_rank(succ), [0, 1, 0, 1])
    with pytest.raises(ordo.Error, match="node 2 is not reachable from the head, node 0"):
        ordo.list_rank(succ, single=True)


def test_argument_errors():
    with pytest.raises(TypeError, match="succ must be int32, uint32, int64 or uint64"):
        ordo.list_rank(np.array([1.0, -1.0]))
    with pytest.raises(TypeError):
        ordo.list_rank([1, -1])
    with pytest.raises(ValueError, match="values has"):
        ordo.list_scan(np.array([1, -1]), np.ones(3))
    with pytest.raises(ValueError, match="op must be"):
        ordo.list_scan(np.array([1, -1]), np.ones(2), op="times")
    with pytest.raises(ValueError, match="unknown list variant"):
        ordo.list_rank(np.array([1, -1]), variant="fast")
    with pytest.raises(ordo.Error, match="runs on the GPU"):
        ordo.list_rank(np.array([1, -1]), variant="rhj")


@pytest.mark.parametrize("runs", ["detect", "contract", "keep"])
def test_runs_option(runs):
    # An ordered list: one run of consecutive indices.
    n = 5000
    succ = np.arange(1, n + 1, dtype=np.int64)
    succ[-1] = -1
    np.testing.assert_array_equal(ordo.list_rank(succ, runs=runs), np.arange(n))
    np.testing.assert_array_equal(ordo.list_scan(succ, np.ones(n), runs=runs), np.arange(1, n + 1))


def test_unknown_runs_option():
    with pytest.raises(ValueError, match="list runs option"):
        ordo.list_rank(np.array([2, -1, 1]), runs="sometimes")
