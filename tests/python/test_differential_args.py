"""Differential suite (issue 28): no function of the module changes a value
because of how its argument is laid out. For every public function and every
array argument: a strided view, a reversed view, a big-endian copy, a read-only
array and a misaligned array give exactly what the plain contiguous array
gives; a 0-d or 2-D array is a ValueError; every dtype the function does not
take (bool, int8/16, uint8/16, float16, longdouble, complex, object, datetime,
str) is a TypeError, never a silent conversion; the input is never modified
and the result never shares its memory. numpy only (GPU layouts: test_kinds.py)."""
import numpy as np
import pytest

import ordo
from differential import CARRIER, KEY_DTYPES, NARROW_DTYPES, REFUSED_DTYPES, assert_equal, gen_specials, name_of, rng_for, stable_order

N = 37


def _succ(n):
    s = np.full(n, -1, np.int64)
    p = rng_for("args-succ").permutation(n)
    s[p[:-1]] = p[1:]
    return s


# name -> (function of the arrays, {argument: a valid array for keys of dtype dt})
def _specs(dt):
    rng = rng_for("args", name_of(dt))
    x = gen_specials(rng, dt, N)
    srt = x[stable_order(x)]
    flags = (rng.random(N) < 0.5)
    return {
        "rank": (lambda x: ordo.rank(x, method="min", na_option="bottom"), {"x": x}),
        "rank_sorted": (lambda x: ordo.rank_sorted(x, method="max"), {"x": srt}),
        "list_rank": (lambda succ: ordo.list_rank(succ), {"succ": _succ(N)}),
        "list_scan": (lambda succ, values: ordo.list_scan(succ, values, op="max"),
                      {"succ": _succ(N), "values": x}),
        "argsort": (lambda x: ordo.argsort(x), {"x": x}),
        "sort_idx": (lambda x: ordo.sort_idx(x, descending=True), {"x": x}),
        "scan": (lambda x: ordo.scan(x, op="max"), {"x": x}),
        "reduce": (lambda x: ordo.reduce(x, op="max"), {"x": x}),
        "compact": (lambda x, flags: ordo.compact(x, flags), {"x": x, "flags": flags}),
        "split": (lambda x, flags: ordo.split(x, flags), {"x": x, "flags": flags}),
        "merge": (lambda a, b: ordo.merge(a, b), {"a": srt[:20].copy(), "b": srt[20:].copy()}),
        "fork": (lambda counts: ordo.fork(counts), {"counts": rng.integers(0, 4, N)}),
        "radius": (lambda x: ordo.radius(x), {"x": x}),
        "sort": (lambda x, values: ordo.sort(x, values=values), {"x": x, "values": np.arange(N, dtype=np.float64)}),
        "rough_sort": (lambda x: ordo.rough_sort(x, 3), {"x": x}),
        "segmented_sort": (lambda keys, offsets, values: ordo.segmented_sort(keys, offsets, values=values),
                           {"keys": x, "offsets": np.array([0, 5, 5, 30, N]), "values": np.arange(N, dtype=np.int32)}),
        "topk": (lambda x: ordo.topk(x, 5), {"x": x}),
        "lexsort": (lambda keys: ordo.lexsort([keys, keys]), {"keys": x}),
    }


FUNCTIONS = list(_specs(np.float64))


def test_every_public_function_is_covered():
    public = {n for n in dir(ordo) if not n.startswith("_") and callable(getattr(ordo, n))}
    assert public - {"Error", "cuda_available"} == set(FUNCTIONS)


def _results(r):
    return [np.asarray(t) if not isinstance(t, (int, float)) else t for t in (r if isinstance(r, tuple) else (r,))]


def _same(got, want, label):
    for g, w in zip(_results(got), _results(want)):
        if isinstance(w, np.ndarray):
            assert_equal(g, w, label, nan_bits=True)
        else:
            assert g == w or (g != g and w != w), f"{label}: {g!r} != {w!r}"


def strided(a):
    y = np.zeros(2 * a.size, a.dtype)
    y[::2] = a
    return y[::2]


def reversed_view(a):
    return a[::-1].copy()[::-1]


def big_endian(a):
    return a.astype(a.dtype.newbyteorder(">")) if a.dtype.itemsize > 1 else a.copy()


def read_only(a):
    b = a.copy()
    b.flags.writeable = False
    return b


def misaligned(a):
    """The same values at an address one byte off their alignment."""
    buf = np.zeros(a.nbytes + 1, np.uint8)
    buf[1:] = np.ascontiguousarray(a).view(np.uint8)
    return buf[1:].view(a.dtype)


LAYOUTS = {"strided": strided, "reversed": reversed_view, "big_endian": big_endian, "read_only": read_only,
           "misaligned": misaligned}


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("dtype", KEY_DTYPES, ids=name_of)
@pytest.mark.parametrize("fn", FUNCTIONS)
def test_layout_gives_the_same_result(fn, dtype, layout):
    call, args = _specs(dtype)[fn]
    want = call(**{k: v.copy() for k, v in args.items()})
    for name in args:
        changed = dict(args)
        changed[name] = LAYOUTS[layout](args[name])
        before = changed[name].copy()
        got = call(**changed)
        _same(got, want, f"{fn}: {name} {layout}")
        assert_equal(changed[name], before, f"{fn}: {name} was modified", nan_bits=True)
        for r in _results(got):
            if isinstance(r, np.ndarray):
                assert not np.shares_memory(r, changed[name]), f"{fn}: the result shares {name}'s memory"


@pytest.mark.parametrize("fn", FUNCTIONS)
def test_shape_errors(fn):
    call, args = _specs(np.float64)[fn]
    for name, a in args.items():
        for bad, what in ((a[:1].reshape(()), "0-d"), (np.stack([a, a]), "2-D")):
            changed = dict(args)
            changed[name] = bad
            with pytest.raises(ValueError, match="1-D"):
                call(**changed)
        changed = dict(args)
        changed[name] = a.tolist()
        with pytest.raises(TypeError, match=name):
            call(**changed)


# The arguments that are keys of an ordering function: these take the narrow dtypes.
NARROW_KEY_ARGS = {"rank": ["x"], "rank_sorted": ["x"], "argsort": ["x"], "sort_idx": ["x"], "merge": ["a", "b"],
                   "radius": ["x"], "sort": ["x"], "rough_sort": ["x"], "segmented_sort": ["keys"]}


@pytest.mark.parametrize("bad", REFUSED_DTYPES + NARROW_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("fn", FUNCTIONS)
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_unsupported_dtype_is_a_type_error(fn, bad):
    """A dtype the function does not take is refused, naming the argument; it is
    never converted (float16 -> float32 or int16 -> int32 would be silent).
    The narrow dtypes are refused everywhere but as the keys of an ordering
    function (test_narrow_keys_match_their_carrier)."""
    call, args = _specs(np.float64)[fn]
    for name, a in args.items():
        if name == "flags" and np.dtype(bad) in (np.dtype(np.bool_), np.dtype(np.uint8), np.dtype(np.int8)):
            continue  # one-byte flags are what compact and split take
        if np.dtype(bad) in map(np.dtype, NARROW_DTYPES) and name in NARROW_KEY_ARGS.get(fn, []):
            continue  # a narrow key: taken
        changed = dict(args)
        try:
            changed[name] = a.astype(bad)
        except (TypeError, ValueError):
            changed[name] = np.zeros(a.size, bad)
        with pytest.raises(TypeError, match=name):
            call(**changed)


@pytest.mark.parametrize("fn", ["list_rank", "list_scan", "fork", "segmented_sort"])
def test_index_arguments_must_be_integers(fn):
    call, args = _specs(np.float64)[fn]
    name = {"list_rank": "succ", "list_scan": "succ", "fork": "counts", "segmented_sort": "offsets"}[fn]
    changed = dict(args)
    changed[name] = args[name].astype(np.float64)
    with pytest.raises(TypeError, match=name):
        call(**changed)


def test_rank_sorted_dtype_argument():
    x = np.arange(5.0)
    for ok in ("uint32", np.uint64, "float32", np.dtype("float64")):
        assert ordo.rank_sorted(x, dtype=ok).dtype == np.dtype(ok)
    for bad in ("int32", np.int64, "float16", "bool", "complex128", "uint8"):
        with pytest.raises(TypeError, match="dtype"):
            ordo.rank_sorted(x, dtype=bad)


def test_bad_names_are_value_errors():
    x = np.arange(4.0)
    for call in (lambda: ordo.rank(x, method="mean"), lambda: ordo.rank(x, na_option="first"),
                 lambda: ordo.rank(x, variant="fast"), lambda: ordo.rank_sorted(x, method="median"),
                 lambda: ordo.rank_sorted(x, variant="fast"), lambda: ordo.list_rank(np.array([-1]), variant="x"),
                 lambda: ordo.list_rank(np.array([-1]), runs="x"),
                 lambda: ordo.list_scan(np.array([-1]), x[:1], op="times"),
                 lambda: ordo.scan(x, op="times"), lambda: ordo.reduce(x, op="times"),
                 lambda: ordo.argsort(x, variant="x"), lambda: ordo.fork(np.array([1]), variant="x"),
                 lambda: ordo.sort(x, variant="x"), lambda: ordo.rough_sort(x, 1, variant="x"),
                 lambda: ordo.rough_sort(x, 1, on_wrong_k="x")):
        with pytest.raises(ValueError):
            call()


def test_length_mismatches_are_value_errors():
    x = np.arange(4.0)
    for call in (lambda: ordo.list_scan(np.array([-1, -1]), x), lambda: ordo.compact(x, np.ones(3, bool)),
                 lambda: ordo.split(x, np.ones(5, bool)), lambda: ordo.sort(x, values=np.arange(3.0)),
                 lambda: ordo.segmented_sort(x, np.array([0, 1]), ends=np.array([1, 2, 3]))):
        with pytest.raises(ValueError):
            call()
    with pytest.raises(TypeError):  # merge does not promote: one dtype
        ordo.merge(np.arange(3, dtype=np.int32), np.arange(3, dtype=np.int64))


def _narrow_keys(narrow, n):
    """Keys of a narrow dtype with ties and the type's edge values."""
    rng = rng_for("narrow", narrow.name)
    if narrow.kind == "f":
        return gen_specials(rng, np.float32, n).astype(narrow)  # NaN, +-0, +-inf survive; the rest rounds
    if narrow.kind == "b":
        return rng.random(n) < 0.5
    info = np.iinfo(narrow)
    x = rng.integers(int(info.min), int(info.max) + 1, n).astype(narrow)
    x[rng.random(n) < 0.5] = narrow.type(info.max // 3)  # ties
    x[:3] = [info.min, info.max, 0]
    return x


KEYS_FIRST = {"sort", "merge", "rough_sort", "segmented_sort"}  # their first result is keys


@pytest.mark.parametrize("narrow", NARROW_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("fn", sorted(NARROW_KEY_ARGS))
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_narrow_keys_match_their_carrier(fn, narrow):
    """A narrow key (bool, int8/16, uint8/16, float16) gives what its carrier
    (uint32, int32, float32: same order, exact conversion) gives on the same
    values, with the keys that come back in the narrow dtype, bit for bit."""
    narrow = np.dtype(narrow)
    carrier = np.dtype(CARRIER[narrow])
    x = _narrow_keys(narrow, N)
    srt = x[stable_order(x)]
    keys = {"x": srt if fn == "rank_sorted" else x, "a": srt[:20].copy(), "b": srt[20:].copy(), "keys": x}
    call, args = _specs(np.float64)[fn]
    narrow_args = dict(args, **{k: keys[k] for k in NARROW_KEY_ARGS[fn]})
    carrier_args = dict(args, **{k: keys[k].astype(carrier) for k in NARROW_KEY_ARGS[fn]})
    got, want = _results(call(**narrow_args)), _results(call(**carrier_args))
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        if fn in KEYS_FIRST and i == 0:  # the sorted keys: back to the narrow dtype
            assert g.dtype == narrow, f"{fn}: keys came back as {g.dtype}, not {narrow}"
            w = w.astype(narrow)
        if isinstance(w, np.ndarray):
            assert_equal(g, w, f"{fn} {narrow.name}", nan_bits=True)
        else:
            assert g == w, f"{fn} {narrow.name}: {g!r} != {w!r}"
