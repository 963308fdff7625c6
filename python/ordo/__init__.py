"""ordo: parallel ranking and sorting primitives on every CPU core and on NVIDIA GPUs.

Every function takes 1-D arrays and returns arrays of the caller's framework
on the caller's device:

- numpy arrays run on the CPU (every core, the GIL released);
- CuPy arrays and torch CUDA tensors (``__cuda_array_interface__``) run on the
  GPU without copies, on the caller's current stream (CuPy's, torch's), and
  the call does not wait for the GPU;
- any other DLPack producer (``__dlpack__``: JAX arrays, torch CPU tensors)
  is viewed without a copy and gets its result back through its framework's
  ``from_dlpack``.

Functions that return one array (or a tuple of arrays) take ``out=``: the
result is written into that array, which must have the result's shape and
dtype, and ``out`` is returned.

``ordo.pandas.rank`` is a drop-in for ``Series.rank`` / ``DataFrame.rank``.
``ordo.mpi`` (imported on its own, where built) sorts and ranks numpy arrays
spread over the processes of an mpi4py communicator.
Errors from the library are ``ordo.Error`` (a ``ValueError``); unsupported
dtypes and non-arrays are ``TypeError``. Nothing is cast silently.

>>> import numpy as np, ordo
>>> ordo.rank(np.array([3.0, 1.0, np.nan, 1.0]))
array([3. , 1.5, nan, 1.5])
"""
from typing import Any

import numpy as _np

from . import _ordo
from ._interop import _fill as _interop_fill
from ._interop import call as _call
from ._ordo import Error, cuda_available

__version__: str = _ordo.__version__
Error.__module__ = "ordo"

__all__ = [
    "Error", "cuda_available", "rank", "rank_sorted", "list_rank", "list_scan", "sort_idx", "argsort", "scan",
    "reduce", "compact", "split", "merge", "fork", "radius", "sort", "rough_sort", "segmented_sort", "topk", "lexsort",
]

_OUT_DOC = """
out : array, optional
    Receives the result: an array of the caller's framework with the
    result's shape and dtype (a tuple of them for a tuple result). It is
    returned. A mismatched shape is a ValueError, a mismatched dtype a
    TypeError: nothing is cast."""


def _document(fn: Any, examples: str, out: bool = True) -> None:
    """fn.__doc__: the extension's docstring (without pybind11's signature line), out=, examples."""
    text = getattr(_ordo, fn.__name__).__doc__ or ""
    lines = text.splitlines()
    if lines and lines[0].startswith(fn.__name__ + "("):
        lines = lines[1:]
    first = next((i for i, line in enumerate(lines) if line.lstrip().startswith(">>>")), None)
    if first is not None:  # the extension's own examples run as doctests too: give them their imports
        lines.insert(first, ">>> import numpy, ordo")
    doc = "\n".join(lines).strip("\n") + "\n"
    if out:
        doc += _OUT_DOC + "\n"
    fn.__doc__ = doc + "\nExamples\n--------\n" + examples.strip("\n") + "\n"


# numpy's narrow dtypes as the wider type of the same order that a key column
# takes (exact: every value and its order kept; bool: False < True).
_WIDER_KEY = {"bool": "uint32", "int8": "int32", "int16": "int32", "uint8": "uint32", "uint16": "uint32",
              "float16": "float32"}


def _wide_column(c: Any) -> Any:
    if isinstance(c, _np.ndarray) and c.dtype.name in _WIDER_KEY:
        return c.astype(_WIDER_KEY[c.dtype.name])
    return c


def _is_key_columns(x: Any) -> bool:
    """A list or tuple of arrays (not of numbers: a list of numbers is still the TypeError of a non-array x)."""
    return isinstance(x, (list, tuple)) and len(x) > 0 and not isinstance(x[0], (int, float, complex, _np.generic))


def rank(x: Any, method: str = "average", ascending: Any = True, na_option: str = "keep", pct: bool = False,
         variant: str = "auto", groups: Any = None, segments: Any = None, axis: Any = ..., *,
         out: Any = None) -> Any:
    kw = dict(method=method, ascending=ascending, na_option=na_option, pct=pct, variant=variant)
    if _is_key_columns(x):  # the first column primary
        if groups is not None or segments is not None or axis is not ...:
            raise ValueError("ordo.rank: groups=, segments= and axis= take one array, not a list of key columns")
        return _call(lambda *cols, **k: _ordo.rank([_wide_column(c) for c in cols], **k), list(x), kw, out,
                     name="rank")
    if axis is not ...:
        kw["axis"] = axis
    return _call(lambda x, groups, segments, **k: _ordo.rank(x, groups=groups, segments=segments, **k),
                 [x, groups, segments], kw, out, name="rank")


def topk(x: Any, k: int, largest: bool = True, sorted: bool = True, axis: Any = ..., *, out: Any = None) -> Any:
    if isinstance(k, bool) or not isinstance(k, (int, _np.integer)):
        raise TypeError(f"ordo.topk: k must be an int, got {type(k).__name__}")
    kw = dict(largest=largest, sorted=sorted)
    shape = tuple(getattr(x, "shape", ()))
    if axis is not ... and len(shape) >= 2 and not isinstance(x, _np.ndarray) and _is_gpu(x):
        return _topk_gpu_rows(x, k, axis, shape, kw, out)
    if axis is not ...:
        kw["axis"] = axis
    return _call(lambda x, **kw: _ordo.topk(x, k, **kw), [x], kw, out, name="topk")


def _is_gpu(x: Any) -> bool:
    if hasattr(x, "__cuda_array_interface__"):
        return True
    return hasattr(x, "__dlpack_device__") and int(x.__dlpack_device__()[0]) == 2


def _topk_gpu_rows(x: Any, k: int, axis: Any, shape: tuple, kw: dict, out: Any) -> Any:
    """topk along the last axis of a C-contiguous n-D GPU array: its rows, flattened without a copy."""
    nd = len(shape)
    if isinstance(axis, bool) or not isinstance(axis, (int, _np.integer)) or not -nd <= axis < nd:
        raise ValueError(f"ordo.topk: axis {axis!r} is out of bounds for an array of {nd} dimensions")
    if axis % nd != nd - 1:
        raise ValueError(f"ordo.topk: on a GPU array axis= must be the last axis (-1, torch.topk's default dim), got "
                         f"{axis}; move it there first (x.movedim(d, -1).contiguous(), cupy.ascontiguousarray("
                         "cupy.moveaxis(x, d, -1)))")
    contiguous = x.is_contiguous() if hasattr(x, "is_contiguous") else getattr(getattr(x, "flags", None),
                                                                              "c_contiguous", True)
    if not contiguous:
        raise ValueError("ordo.topk: the GPU array is not C-contiguous; ordo does not copy GPU data behind your "
                         "back: pass x.contiguous() (torch) or cupy.ascontiguousarray(x)")
    row = shape[-1]
    if row == 0 and k > 0:
        raise ValueError(f"ordo.topk: k = {k} is larger than the 0 keys of a row")
    values, indices = _call(lambda x, **kw: _ordo.topk(x, k, row_length=row, **kw), [x.reshape(-1)], kw,
                            name="topk")
    rows_shape = shape[:-1] + (k,)
    r = (values.reshape(rows_shape), indices.reshape(rows_shape))
    return r if out is None else _interop_fill(out, r, "topk")


def lexsort(keys: Any, descending: Any = None, nan_last: Any = None, *, out: Any = None) -> Any:
    keys = list(keys)
    for what, flags in (("descending", descending), ("nan_last", nan_last)):
        if not (flags is None or isinstance(flags, (bool, _np.bool_)) or
                (isinstance(flags, (list, tuple)) and all(isinstance(f, (bool, _np.bool_)) for f in flags))):
            raise TypeError(f"ordo.lexsort: {what} must be None, a bool or one bool per key, got {flags!r}")
    lengths = [tuple(k.shape)[0] if len(tuple(getattr(k, "shape", ()))) == 1 else None for k in keys]  # 1-D ones
    for i, length in enumerate(lengths):  # named by the caller's numbering (the C++ side sees them reversed)
        if length is not None and lengths[0] is not None and length != lengths[0]:
            raise ValueError(f"ordo.lexsort: key {i} has {length} values, key 0 has {lengths[0]}; every key must have "
                             "the same length")
    return _call(lambda *cols, **kw: _ordo.lexsort(list(cols), **kw), keys,
                 dict(descending=descending, nan_last=nan_last), out, name="lexsort")


def rank_sorted(x: Any, method: str = "min", descending: bool = False, validate: bool = True, dtype: Any = None,
                variant: str = "auto", *, out: Any = None) -> Any:
    return _call(_ordo.rank_sorted, [x], dict(method=method, descending=descending, validate=validate, dtype=dtype,
                                              variant=variant), out)


def list_rank(succ: Any, validate: bool = True, single: bool = False, variant: str = "auto", runs: str = "detect",
              *, out: Any = None) -> Any:
    return _call(_ordo.list_rank, [succ], dict(validate=validate, single=single, variant=variant, runs=runs), out)


def list_scan(succ: Any, values: Any, op: str = "plus", validate: bool = True, single: bool = False,
              variant: str = "auto", runs: str = "detect", dtype: Any = None, *, out: Any = None) -> Any:
    return _call(_ordo.list_scan, [succ, values], dict(op=op, validate=validate, single=single, variant=variant,
                                                       runs=runs, dtype=dtype), out)


def sort_idx(x: Any, descending: bool = False, variant: str = "auto", *, out: Any = None) -> Any:
    return _call(_ordo.sort_idx, [x], dict(descending=descending, variant=variant), out)


def argsort(x: Any, descending: bool = False, variant: str = "auto", *, out: Any = None) -> Any:
    return _call(_ordo.argsort, [x], dict(descending=descending, variant=variant), out)


def scan(x: Any, op: str = "plus", exclusive: bool = False, dtype: Any = None, *, out: Any = None) -> Any:
    return _call(_ordo.scan, [x], dict(op=op, exclusive=exclusive, dtype=dtype), out)


def reduce(x: Any, op: str = "plus", dtype: Any = None) -> Any:
    return _call(_ordo.reduce, [x], dict(op=op, dtype=dtype))


def compact(x: Any, flags: Any) -> Any:
    return _call(_ordo.compact, [x, flags], {})


def split(x: Any, flags: Any, n_buckets: int = 0) -> Any:
    return _call(_ordo.split, [x, flags], dict(n_buckets=n_buckets))


def merge(a: Any, b: Any, descending: bool = False, *, out: Any = None) -> Any:
    return _call(_ordo.merge, [a, b], dict(descending=descending), out)


def fork(counts: Any, variant: str = "auto") -> Any:
    return _call(_ordo.fork, [counts], dict(variant=variant))


def radius(x: Any, descending: bool = False) -> int:
    return _call(_ordo.radius, [x], dict(descending=descending))


def sort(x: Any, values: Any = None, descending: bool = False, variant: str = "automatic", max_rough_radius: int = 0,
         *, out: Any = None) -> Any:
    return _call(_ordo.sort, [x, values], dict(descending=descending, variant=variant,
                                               max_rough_radius=max_rough_radius), out)


def rough_sort(x: Any, k: int, values: Any = None, descending: bool = False, variant: str = "automatic",
               on_wrong_k: str = "fallback", *, out: Any = None) -> Any:
    return _call(lambda x, values, **kw: _ordo.rough_sort(x, k, values, **kw), [x, values],
                 dict(descending=descending, variant=variant, on_wrong_k=on_wrong_k), out, name="rough_sort")


def segmented_sort(keys: Any, offsets: Any, values: Any = None, descending: bool = False, stable: bool = False,
                   ends: Any = None, *, out: Any = None) -> Any:
    return _call(lambda keys, offsets, values, ends, **kw: _ordo.segmented_sort(keys, offsets, values, ends=ends, **kw),
                 [keys, offsets, values, ends], dict(descending=descending, stable=stable), out,
                 name="segmented_sort")


_document(rank, """
>>> import numpy as np, ordo
>>> x = np.array([3.0, 1.0, np.nan, 1.0])
>>> ordo.rank(x)                                    # pandas Series.rank
array([3. , 1.5, nan, 1.5])
>>> ordo.rank(x, method="min", na_option="bottom")
array([3., 1., 4., 1.])
>>> ordo.rank(x, method="dense", ascending=False, pct=True)
array([0.5, 1. , nan, 1. ])
>>> r = np.empty(4)
>>> ordo.rank(x, out=r) is r
True
>>> ordo.rank(np.array([3.0, 1.0, 2.0, 2.0]), groups=np.array([7, 7, 5, 5]))   # groupby(g).rank()
array([2. , 1. , 1.5, 1.5])
>>> ordo.rank(np.array([[3, 1], [2, 4]]), axis=0)   # scipy.stats.rankdata(a, axis=0)
array([[2., 1.],
       [1., 2.]])
>>> team = np.array([2, 1, 2, 1, 2])
>>> score = np.array([0.5, 0.7, 0.9, 0.1, 0.5])
>>> ordo.rank([team, score], ascending=[True, False])  # rows as (team, score) tuples: team first
array([4.5, 1. , 3. , 2. , 4.5])
""")
_document(rank_sorted, """
>>> import numpy as np, ordo
>>> ordo.rank_sorted(np.array([10, 20, 20, 30]))
array([1, 2, 2, 4], dtype=uint64)
>>> ordo.rank_sorted(np.array([10, 20, 20, 30]), method="average")
array([1. , 2.5, 2.5, 4. ])
>>> ordo.rank_sorted(np.array([10, 20, 20, 30]), method="dense", dtype=np.uint32)
array([1, 2, 2, 3], dtype=uint32)
""")
_document(list_rank, """
>>> import numpy as np, ordo
>>> ordo.list_rank(np.array([2, -1, 1]))            # the list 0 -> 2 -> 1
array([0, 2, 1])
""")
_document(list_scan, """
>>> import numpy as np, ordo
>>> ordo.list_scan(np.array([2, -1, 1]), np.array([1.0, 2.0, 3.0]))
array([1., 6., 4.])
""")
_document(sort_idx, """
>>> import numpy as np, ordo
>>> ordo.sort_idx(np.array([3, 1, 2]))
array([1, 2, 0])
""")
_document(argsort, """
>>> import numpy as np, ordo
>>> ordo.argsort(np.array([3.0, 1.0, 2.0]), descending=True)
array([0, 2, 1])
""")
_document(scan, """
>>> import numpy as np, ordo
>>> ordo.scan(np.array([1, 2, 3]))
array([1, 3, 6])
>>> ordo.scan(np.array([1, 2, 3]), exclusive=True)
array([0, 1, 3])
""")
_document(reduce, """
>>> import numpy as np, ordo
>>> ordo.reduce(np.array([1, 2, 3]))
6
>>> ordo.reduce(np.array([1.0, 5.0, 2.0]), op="max")
5.0
""", out=False)
_document(compact, """
>>> import numpy as np, ordo
>>> ordo.compact(np.array([1, 2, 3]), np.array([True, False, True]))
array([1, 3])
""", out=False)
_document(split, """
>>> import numpy as np, ordo
>>> ordo.split(np.array([1, 2, 3]), np.array([1, 0, 1], dtype=np.uint8))
(array([2, 1, 3]), 1)
""", out=False)
_document(merge, """
>>> import numpy as np, ordo
>>> ordo.merge(np.array([1, 3]), np.array([2, 4]))
array([1, 2, 3, 4])
""")
_document(fork, """
>>> import numpy as np, ordo
>>> ordo.fork(np.array([2, 1]))
(array([0, 0, 1]), array([0, 1, 0]))
""", out=False)
_document(radius, """
>>> import numpy as np, ordo
>>> ordo.radius(np.array([2, 1, 3]))
1
""", out=False)
_document(sort, """
>>> import numpy as np, ordo
>>> ordo.sort(np.array([3, 1, 2]))
array([1, 2, 3])
>>> ordo.sort(np.array([3, 1, 2]), np.array([30.0, 10.0, 20.0]))
(array([1, 2, 3]), array([10., 20., 30.]))
""")
_document(rough_sort, """
>>> import numpy as np, ordo
>>> ordo.rough_sort(np.array([2, 1, 4, 3]), 1)
array([1, 2, 3, 4])
""")
_document(segmented_sort, """
>>> import numpy as np, ordo
>>> ordo.segmented_sort(np.array([3, 1, 2, 0]), np.array([0, 2, 4]))
array([1, 3, 0, 2])
""")

del Any  # the typing name is no part of the API
_document(topk, """
>>> import numpy as np, ordo
>>> values, indices = ordo.topk(np.array([1.0, 5.0, 3.0, 5.0]), 2)
>>> values, indices                                 # ties: the lower index first
(array([5., 5.]), array([1, 3]))
>>> ordo.topk(np.array([[3, 1, 2], [0, 9, 4]]), 1, largest=False, axis=1)[0]
array([[1],
       [0]])
""")
_document(lexsort, """
>>> import numpy as np, ordo
>>> first = np.array([1, 1, 0, 0])
>>> second = np.array([2.0, 1.0, 2.0, 1.0])
>>> ordo.lexsort([second, first])                   # as numpy.lexsort: the last key is the primary one
array([3, 2, 1, 0])
""")
