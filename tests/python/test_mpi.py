"""ordo.mpi under mpirun (ctest python.mpi.np1/np2/np3, label mpi): every
process runs this same suite, so every test calls ordo.mpi collectively in the
same order. Each builds the whole input from a seed, takes its process's
slice (layouts with empty processes among them), calls ordo.mpi, and compares
its slice of the result with the single-process answer, bit for bit:
numpy's stable argsort for sort/sort_idx, ordo.rank / ordo.rank_sorted
(themselves tested against pandas and scipy) and scipy's rankdata for rank.
python.rank leaves this file out: it runs only under mpirun.

A check that fails on some processes only must not end the test there: the
others would go on to the next collective call and wait forever. So `same`
and `raises` record failures, and @collective fails the test at its end, after
every process has made the same calls.
"""
import contextlib
import functools
import re
import zlib

import numpy as np
import pytest
import scipy.stats
from mpi4py import MPI

import ordo
import ordo.mpi

COMM = MPI.COMM_WORLD
P, ME = COMM.Get_size(), COMM.Get_rank()

DTYPES = ["int32", "uint32", "int64", "uint64", "float32", "float64"]
KINDS = ["random", "all_equal", "few_distinct", "sorted", "reverse", "special"]
LAYOUTS = ["even", "first_empty", "last_holds_all", "random"]
METHODS = ["average", "min", "max", "dense", "first", "ordinal"]


def seed_of(*case):
    """A seed from the test's parameters, the same on every process (hash()
    of a str is not: each process seeds it at random)."""
    return zlib.crc32(repr(case).encode())


def make(kind, n, dtype, seed):
    """The whole input (the same on every process)."""
    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    if dt.kind == "f":
        random = (rng.standard_normal(n) * 100).astype(dt)
        special = np.array([np.nan, -0.0, 0.0, np.inf, -np.inf, 1.5, -1.5], dt)
    else:
        info = np.iinfo(dt)
        random = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
        special = np.array([info.min, info.max, 0, 1, info.max - 1], dt)
    return {
        "random": random,
        "all_equal": np.full(n, 7, dt),
        "few_distinct": rng.integers(0, 4, n).astype(dt),
        "sorted": np.sort(random),
        "reverse": np.sort(random)[::-1].copy(),
        "special": rng.choice(special, n),
    }[kind]


def cuts(n, layout, seed):
    """Where each process's slice starts: P + 1 offsets into the whole input."""
    if layout == "even":
        return [n * q // P for q in range(P + 1)]
    if layout == "first_empty":  # process 0 holds nothing (where there are others)
        holders = max(P - 1, 1)
        return [0] * (P - holders) + [n * q // holders for q in range(holders + 1)]
    if layout == "last_holds_all":
        return [0] * P + [n]
    inner = np.sort(np.random.default_rng(seed + 1).integers(0, n + 1, P - 1))
    return [0, *inner.tolist(), n]


def mine(x, c):
    return x[c[ME]:c[ME + 1]]


FAILURES = []


def collective(test):
    """Fails the test at its end with what same/raises recorded."""
    @functools.wraps(test)
    def run(*args, **kwargs):
        FAILURES.clear()
        test(*args, **kwargs)
        failures = FAILURES[:]
        FAILURES.clear()
        assert not failures, "\n".join(failures)
    return run


def same(got, want):
    """Bit for bit: dtype, shape and bytes (NaN payloads and -0.0 included)."""
    if not (isinstance(got, np.ndarray) and got.dtype == want.dtype and got.shape == want.shape and
            got.tobytes() == want.tobytes()):
        FAILURES.append(f"process {ME} of {P}:\n got {got!r}\nwant {want!r}")


@contextlib.contextmanager
def raises(exc, match=""):
    """pytest.raises that records instead of raising."""
    try:
        yield
    except exc as e:
        if not re.search(match, str(e)):
            FAILURES.append(f"process {ME}: {type(e).__name__}: {e} does not match {match!r}")
    except Exception as e:  # noqa: BLE001 (recorded, the test fails at its end)
        FAILURES.append(f"process {ME}: expected {exc.__name__}, got {type(e).__name__}: {e}")
    else:
        FAILURES.append(f"process {ME}: expected {exc.__name__} ({match!r}), nothing was raised")


def order(x, descending):
    """numpy's stable argsort with ordo's order: -0.0 ties 0.0, NaN last
    ascending and first descending (NaN codes compare equal)."""
    _, code = np.unique(x, return_inverse=True)
    code = code.astype(np.int64).ravel()
    if x.dtype.kind == "f" and np.isnan(x).any():
        code[np.isnan(x)] = code.max() + 1
    return np.argsort(-code if descending else code, kind="stable")


CASES = [(d, k, lay, n) for d in DTYPES for k in KINDS for lay in LAYOUTS for n in (0, 1, 5, 200)]


@pytest.mark.parametrize("dtype,kind,layout,n", CASES)
@collective
def test_sort_and_sort_idx(dtype, kind, layout, n):
    seed = seed_of(dtype, kind, layout, n)
    x = make(kind, n, dtype, seed)
    c = cuts(n, layout, seed)
    local = mine(x, c).copy()
    before = local.copy()
    proc_of = np.repeat(np.arange(P), np.diff(c))
    for descending in (False, True):
        perm = order(x, descending)
        same(ordo.mpi.sort(local, comm=COMM, descending=descending), mine(x[perm], c))
        keys, values = ordo.mpi.sort(local, np.arange(c[ME], c[ME + 1], dtype=np.int64), comm=COMM,
                                     descending=descending)
        same(keys, mine(x[perm], c))
        same(values, mine(perm.astype(np.int64), c))
        _, values = ordo.mpi.sort(local, np.arange(c[ME], c[ME + 1], dtype=np.float32), comm=COMM,
                                  descending=descending)  # 4-byte values
        same(values, mine(perm.astype(np.float32), c))
        process, index = ordo.mpi.sort_idx(local, comm=COMM, descending=descending)
        same(process, mine(proc_of[perm].astype(np.int64), c))
        same(index, mine((perm - np.asarray(c[:-1])[proc_of[perm]]).astype(np.int64), c))
    same(local, before)  # sort returned new arrays


def rank_cases():
    # Every method, na_option, pct and direction on each dtype and kind (one
    # layout each, in turn); the layouts and sizes on the special floats.
    for i, (d, k) in enumerate((d, k) for d in DTYPES for k in KINDS):
        yield d, k, LAYOUTS[i % len(LAYOUTS)], 60
    for lay in LAYOUTS:
        for n in (0, 1, 5):
            yield "float64", "special", lay, n


@pytest.mark.parametrize("dtype,kind,layout,n", list(rank_cases()))
@collective
def test_rank(dtype, kind, layout, n):
    seed = seed_of(dtype, kind, layout, n, "rank")
    x = make(kind, n, dtype, seed)
    c = cuts(n, layout, seed)
    for method in METHODS:
        for na_option in ("keep", "top", "bottom"):
            for ascending in (True, False):
                for pct in (False, True):
                    kw = dict(method=method, ascending=ascending, na_option=na_option, pct=pct)
                    same(ordo.mpi.rank(mine(x, c), comm=COMM, **kw), mine(ordo.rank(x, **kw), c))


@pytest.mark.parametrize("dtype", DTYPES)
@collective
def test_rank_against_scipy(dtype):
    x = make("few_distinct", 100, dtype, 5)
    c = cuts(100, "random", 5)
    for method in ("average", "min", "max", "dense", "ordinal"):
        want = scipy.stats.rankdata(x, method=method).astype(np.float64)
        same(ordo.mpi.rank(mine(x, c), comm=COMM, method=method), mine(want, c))


@pytest.mark.parametrize("dtype,kind,layout", [(d, k, lay) for d in DTYPES for k in KINDS for lay in LAYOUTS])
@collective
def test_rank_sorted(dtype, kind, layout):
    seed = seed_of(dtype, kind, layout, "rank_sorted")
    x = make(kind, 50, dtype, seed)
    c = cuts(50, layout, seed)
    for descending in (False, True):
        s = x[order(x, descending)]
        for method in METHODS:
            for rank_dtype in (None, "uint32", "float32", "float64"):
                kw = dict(method=method, descending=descending, dtype=rank_dtype)
                if method == "average" and rank_dtype == "uint32":  # half ranks: refused on every process
                    with raises(ordo.Error, match="fractional ranks"):
                        ordo.mpi.rank_sorted(mine(s, c), comm=COMM, **kw)
                    continue
                same(ordo.mpi.rank_sorted(mine(s, c), comm=COMM, **kw), mine(ordo.rank_sorted(s, **kw), c))


@collective
def test_input_layouts_taken_as_they_come():
    """Strided and big-endian arrays are read, not refused (nor converted)."""
    x = make("random", 90, "int32", 3)
    c = cuts(45, "even", 3)
    strided = x[::2]
    want = mine(strided[order(strided, False)], c)
    same(ordo.mpi.sort(mine(strided, c), comm=COMM), want)
    same(ordo.mpi.sort(mine(strided, c).astype(">i4"), comm=COMM), want)


# ---- errors: raised on every process, and the next call still works --------

def still_works():
    x = make("random", 20, "float64", 9)
    c = cuts(20, "even", 9)
    same(ordo.mpi.sort(mine(x, c), comm=COMM), mine(x[order(x, False)], c))


CALLS = {
    "sort": lambda k: ordo.mpi.sort(k, comm=COMM),
    "sort_idx": lambda k: ordo.mpi.sort_idx(k, comm=COMM),
    "rank": lambda k: ordo.mpi.rank(k, comm=COMM),
    "rank_sorted": lambda k: ordo.mpi.rank_sorted(k, comm=COMM),
}


@pytest.mark.parametrize("fn", list(CALLS))
@pytest.mark.parametrize("dtype", ["float16", "bool", "int8", "uint16", "complex128", "object"])
@collective
def test_wrong_dtype_everywhere(fn, dtype):
    with raises(TypeError, match=f"ordo.mpi.{fn}: keys has unsupported dtype {dtype}"):
        CALLS[fn](np.zeros(3, dtype))
    still_works()


@pytest.mark.parametrize("fn", list(CALLS))
@collective
def test_wrong_dtype_on_one_process(fn):
    keys = np.zeros(3, "float16" if ME == 0 else "int32")
    if ME == 0:
        with raises(TypeError, match="float16"):
            CALLS[fn](keys)
    else:
        with raises(ordo.Error, match="process 0 of .* refused its arguments: TypeError: .*float16"):
            CALLS[fn](keys)
    still_works()


@pytest.mark.parametrize("fn", list(CALLS))
@collective
def test_dtypes_differ_between_processes(fn):
    keys = np.zeros(3, "int64" if ME == P - 1 else "int32")
    if P == 1:
        CALLS[fn](keys)  # one process: nothing to differ from
    else:
        with raises(ordo.Error, match="every process must pass the same dtypes"):
            CALLS[fn](keys)
    still_works()


@pytest.mark.parametrize("fn,options", [
    ("sort", dict(descending=True)), ("sort_idx", dict(descending=True)), ("rank", dict(pct=True)),
    ("rank", dict(method="dense")), ("rank_sorted", dict(validate=False)), ("rank_sorted", dict(method="max"))])
@collective
def test_options_differ_between_processes(fn, options):
    """Other options take other code paths in ordo::mpi, with other collectives:
    agreed on before, or the processes would wait for each other forever."""
    call = getattr(ordo.mpi, fn)
    keys = np.zeros(3)
    if P == 1:
        call(keys, comm=COMM, **options)
    else:
        with raises(ordo.Error, match="every process must pass the same options"):
            call(keys, comm=COMM, **(options if ME == 1 else {}))
    still_works()


@collective
def test_mismatched_lengths_on_one_process():
    keys = np.arange(4, dtype=np.int64)
    values = np.arange(3 if ME == P - 1 else 4, dtype=np.float64)
    with raises(ordo.Error, match="values"):
        ordo.mpi.sort(keys, values, comm=COMM)
    still_works()


@collective
def test_values_dtype():
    with raises(TypeError, match="4- or 8-byte dtype"):
        ordo.mpi.sort(np.zeros(2, np.int32), np.zeros(2, np.int16), comm=COMM)
    with raises(TypeError, match="4- or 8-byte dtype"):
        ordo.mpi.sort(np.zeros(2, np.int32), np.zeros(2, object), comm=COMM)
    still_works()


@collective
def test_not_an_array_or_not_1d():
    with raises(TypeError, match="keys must be a numpy array, got list"):
        ordo.mpi.rank([1, 2, 3], comm=COMM)
    with raises(ValueError, match="keys must be 1-D"):
        ordo.mpi.rank(np.zeros((2, 2)), comm=COMM)
    with raises(TypeError, match="comm must be an mpi4py.MPI.Intracomm"):
        ordo.mpi.rank(np.zeros(2), comm=None)
    with raises(TypeError, match="unsupported rank dtype int16"):
        ordo.mpi.rank_sorted(np.zeros(2), comm=COMM, dtype=np.int16)
    still_works()


@collective
def test_bad_method_everywhere():
    with raises(ordo.Error):
        ordo.mpi.rank(np.zeros(2), comm=COMM, method="nope")
    still_works()


@collective
def test_unsorted_rank_sorted_raises_everywhere():
    # Each process's part sorted, the whole not (P > 1: the boundaries; P = 1: locally).
    keys = np.arange(5, dtype=np.float64) if P > 1 else np.array([2.0, 1.0])
    with raises(ordo.Error, match="not sorted"):
        ordo.mpi.rank_sorted(keys, comm=COMM)
    ranks = ordo.mpi.rank_sorted(keys, comm=COMM, validate=False)  # unchecked: no error
    same(np.array(len(ranks)), np.array(len(keys)))
    still_works()


@collective
def test_sub_communicator():
    """A communicator other than COMM_WORLD: the processes split in two halves."""
    sub = COMM.Split(ME % 2, ME)
    x = make("few_distinct", 30, "int64", 11)
    c = [30 * q // sub.Get_size() for q in range(sub.Get_size() + 1)]
    got = ordo.mpi.rank(x[c[sub.Get_rank()]:c[sub.Get_rank() + 1]], comm=sub, method="min")
    same(got, ordo.rank(x, method="min")[c[sub.Get_rank()]:c[sub.Get_rank() + 1]])
    sub.Free()
