"""ordo.mpi: sort and rank numpy arrays spread over the processes of an MPI
communicator (an ``mpi4py.MPI.Intracomm``), with the C++ ``ordo::mpi``.

Every process of ``comm`` calls the same function, collectively and in the
same order, with its local part of the data (a 1-D numpy array; a process may
hold none) and the same options. Results are numpy arrays of the local part,
distributed like the input: process ``r`` holding ``n_r`` keys gets ``n_r``
results, and for ``sort``/``sort_idx`` those are the global sorted positions
``n_0 + ... + n_{r-1}`` onwards.

- ``sort(keys, values=None, *, comm, descending=False)``: a global stable sort.
  Returns new arrays (the sorted keys, or ``(keys, values)``); the inputs are
  copied first and left as they were.
- ``sort_idx(keys, *, comm, descending=False)``: where each element of the
  global sorted order came from, as two int64 arrays ``(process, index)``
  (``index`` is the position in that process's input). Two plain arrays
  rather than one structured array, so that they index numpy arrays directly.
- ``rank(keys, *, comm, method="average", ascending=True, na_option="keep",
  pct=False)``: float64 ranks over all processes with ``ordo.rank``'s (pandas')
  semantics; ties that span processes are ranked exactly.
- ``rank_sorted(keys, *, comm, method="min", descending=False, validate=True,
  dtype=None)``: ranks of keys sorted globally in process order (process 0's
  first), as ``ordo.rank_sorted``.

Keys: int32, uint32, int64, uint64, float32 or float64; any other dtype is a
TypeError naming it (nothing is converted). Sort values: any 4- or 8-byte
dtype. Every process checks its arguments, then the processes agree before
any exchange: a process whose arguments are refused raises its own TypeError
or ValueError, and every other process raises ``ordo.Error`` naming it, so
none is left waiting; dtypes or options that differ between processes are an
``ordo.Error`` on every process too. Errors from the library (mismatched lengths, unsorted
input under ``validate``) are ``ordo.Error`` on every process. The GIL is
released during the exchange.

The communicator reaches C++ through mpi4py's C API, which hands over the
MPI library's own handle: that is only meaningful where mpi4py and ordo use
the same MPI library (Debian's python3-mpi4py and OpenMPI), so importing
this module checks that their library versions are the same.

>>> import numpy as np, ordo.mpi
>>> from mpi4py import MPI
>>> ordo.mpi.rank(np.array([3.0, 1.0, np.nan, 1.0]), comm=MPI.COMM_WORLD)  # on 1 process, as ordo.rank
array([3. , 1.5, nan, 1.5])
"""
import importlib.util
from typing import Any

import numpy as _np

from ._ordo import Error

if importlib.util.find_spec("ordo._ordo_mpi") is None:
    raise ImportError("ordo.mpi is not available: this ordo was built without MPI or without mpi4py's C headers "
                      "(apt-get install libopenmpi-dev python3-mpi4py, then reinstall ordo)")
from . import _ordo_mpi  # noqa: E402 (imports mpi4py.MPI, which initialises MPI)
from mpi4py import MPI  # noqa: E402

if _ordo_mpi.library_version() != MPI.Get_library_version():
    raise ImportError("ordo.mpi: mpi4py and ordo use different MPI libraries, so mpi4py's communicators mean "
                      f"nothing to ordo (mpi4py: {MPI.Get_library_version().strip()!r}; ordo: "
                      f"{_ordo_mpi.library_version().strip()!r}); build mpi4py against ordo's MPI")

__all__ = ["sort", "sort_idx", "rank", "rank_sorted"]

_KEYS = tuple(_np.dtype(name) for name in _ordo_mpi.key_dtypes)
_RANKS = tuple(_np.dtype(name) for name in ("uint32", "uint64", "float32", "float64"))


def _array(x: Any, fn: str, name: str, dtypes: Any = _KEYS, copy: bool = False) -> _np.ndarray:
    """x as a C-contiguous, native-endian 1-D numpy array of one of dtypes (a
    copy where it is not one already, or with copy), or TypeError/ValueError."""
    if not isinstance(x, _np.ndarray):
        raise TypeError(f"ordo.mpi.{fn}: {name} must be a numpy array, got {type(x).__name__}")
    if x.ndim != 1:
        raise ValueError(f"ordo.mpi.{fn}: {name} must be 1-D, got {x.ndim}-D (shape {x.shape})")
    native = x.dtype.newbyteorder("=")
    if dtypes is None:  # sort's values: any 4- or 8-byte dtype, moved as words
        if x.dtype.itemsize not in (4, 8) or x.dtype.hasobject:
            raise TypeError(f"ordo.mpi.{fn}: {name} must have a 4- or 8-byte dtype (they travel as words), got "
                            f"{x.dtype}")
    elif native not in dtypes:
        raise TypeError(f"ordo.mpi.{fn}: {name} has unsupported dtype {x.dtype} (supported: "
                        f"{', '.join(str(d) for d in _KEYS)})")
    return _np.array(x, dtype=native, order="C", copy=True) if copy else _np.ascontiguousarray(x, dtype=native)


def _agree(comm: Any, fn: str, check: Any, options: tuple) -> list:
    """Runs check() (this process's argument checks: a list of arrays or
    None) and agrees on the outcome over comm with one allgather, before any
    exchange: otherwise a process that raised, or one that passed other
    dtypes or options (which take other code paths, with other collectives),
    would leave the others waiting forever. Every process raises if any
    process's checks failed or the dtypes or options differ. Returns (arrays,
    total length of the first array over all processes)."""
    if not isinstance(comm, MPI.Intracomm):
        raise TypeError(f"ordo.mpi.{fn}: comm must be an mpi4py.MPI.Intracomm (such as MPI.COMM_WORLD), got "
                        f"{type(comm).__name__}")
    refused, arrays, mine = None, None, None
    try:
        arrays = check()
        mine = (None, [None if a is None else a.dtype.str for a in arrays], options, len(arrays[0]))
    except (TypeError, ValueError) as e:
        refused, mine = e, (f"{type(e).__name__}: {e}", None, options, 0)
    everyone = comm.allgather(mine)
    if refused is not None:
        raise refused
    where = f"ordo.mpi.{fn}: process {{}} of {comm.Get_size()}"
    for q, (error, dtypes, opts, _) in enumerate(everyone):
        if error is not None:
            raise Error(f"{where.format(q)} refused its arguments: {error}")
        if dtypes != mine[1]:
            raise Error(f"{where.format(q)} passes dtypes {dtypes}, process {comm.Get_rank()} {mine[1]} (None: no "
                        "values); every process must pass the same dtypes")
        if opts != options:
            raise Error(f"{where.format(q)} passes the options {opts}, process {comm.Get_rank()} {options}; every "
                        "process must pass the same options")
    return arrays, sum(n for *_, n in everyone)


def sort(keys: Any, values: Any = None, *, comm: Any, descending: bool = False) -> Any:
    def check():  # ordo::mpi sorts in place: it sorts copies of the caller's arrays
        k = _array(keys, "sort", "keys", copy=True)
        return [k, None if values is None else _array(values, "sort", "values", dtypes=None, copy=True)]

    (k, v), _ = _agree(comm, "sort", check, (descending,))
    _ordo_mpi.sort(comm, k, v, descending)
    return k if v is None else (k, v)


def sort_idx(keys: Any, *, comm: Any, descending: bool = False) -> Any:
    (k,), _ = _agree(comm, "sort_idx", lambda: [_array(keys, "sort_idx", "keys")], (descending,))
    return _ordo_mpi.sort_idx(comm, k, descending)


def rank(keys: Any, *, comm: Any, method: str = "average", ascending: bool = True, na_option: str = "keep",
         pct: bool = False) -> Any:
    (k,), _ = _agree(comm, "rank", lambda: [_array(keys, "rank", "keys")], (method, ascending, na_option, pct))
    return _ordo_mpi.rank(comm, k, method, ascending, na_option, pct)


def rank_sorted(keys: Any, *, comm: Any, method: str = "min", descending: bool = False, validate: bool = True,
                dtype: Any = None) -> Any:
    def check():
        rank_dtype = _np.dtype(_np.float64 if method == "average" else _np.uint64) if dtype is None else _np.dtype(dtype)
        if rank_dtype not in _RANKS:
            raise TypeError(f"ordo.mpi.rank_sorted: unsupported rank dtype {rank_dtype} (supported: "
                            f"{', '.join(str(d) for d in _RANKS)})")
        return [_array(keys, "rank_sorted", "keys"), _np.empty(0, rank_dtype)]

    (k, ranks), n = _agree(comm, "rank_sorted", check, (method, descending, validate))
    # As ordo.rank_sorted: float32 ranks that would round are refused (the
    # same decision on every process: n is the global length).
    limit = 2**23 if method == "average" else 2**24
    if ranks.dtype == _np.float32 and n > limit:
        raise ValueError(f"ordo.mpi.rank_sorted: {n} keys have ranks float32 cannot hold exactly (at most {limit} "
                         "keys); use dtype=float64")
    return _ordo_mpi.rank_sorted(comm, k, method, descending, validate, ranks.dtype)


sort.__doc__ = """Global stable sort of the keys (and values) of every process of comm;
returns this process's part of the result as new arrays: the keys, or (keys,
values). See the module's docstring."""
sort_idx.__doc__ = """The global stable sort order as (process, index), two int64 arrays of
this process's part. See the module's docstring."""
rank.__doc__ = """Ranks over every process of comm with ordo.rank's semantics (float64).
See the module's docstring."""
rank_sorted.__doc__ = """Ranks of keys sorted globally in process order (uint64, or float64 for
"average", unless dtype says). See the module's docstring."""
