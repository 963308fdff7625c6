"""How the public functions take and give arrays of any framework.

ordo._ordo takes numpy arrays (CPU), objects with __cuda_array_interface__
(CuPy arrays, torch CUDA tensors: GPU, on the caller's current stream) and
GPU arrays that come through DLPack only (JAX arrays, any producer without
__cuda_array_interface__: read from their capsule, no copy, on CUDA's
per-thread default stream), and returns results of the same kind; for the
DLPack ones that is an ordo._ordo.DeviceArray, handed back here through the
caller's framework's ``from_dlpack`` on the caller's device. Host arrays that
speak DLPack (torch CPU tensors, JAX CPU arrays) are viewed as numpy arrays,
and their results handed back the same way. ``out=`` arguments are filled
here as well.
"""
from __future__ import annotations

import contextlib
import importlib
from typing import Any, Callable, Optional, Sequence

import numpy as np

_CPU, _CUDA, _CUDA_HOST = 1, 2, 3  # DLPack device types (dlpack.h DLDeviceType)


def _top_module(x: Any) -> str:
    return type(x).__module__.split(".")[0]


def _same(r: Any) -> Any:
    return r


def _from_dlpack_of(framework: str) -> Optional[Callable[[Any], Any]]:
    """The from_dlpack of the framework an array came from (None: numpy results)."""
    if framework in ("jax", "jaxlib"):
        import jax.dlpack
        import jax.numpy as jnp

        def to_jax(r: Any) -> Any:
            try:
                return jnp.from_dlpack(r)
            except TypeError:  # older JAX takes only capsules
                return jax.dlpack.from_dlpack(r.__dlpack__())
        return to_jax
    try:
        module = importlib.import_module(framework)
    except ImportError:
        return None
    return getattr(module, "from_dlpack", None)


def native(x: Any, name: str = "x") -> tuple[Any, Callable[[Any], Any]]:
    """(what ordo._ordo takes for x, how to give a result back to x's framework)."""
    # JAX GPU arrays also have __cuda_array_interface__, but it names no stream
    # and their results must go back to JAX: they take the DLPack path below.
    if x is None or isinstance(x, (np.ndarray, int)) or (
            hasattr(x, "__cuda_array_interface__") and _top_module(x) not in ("jax", "jaxlib")):
        return x, _same  # (an int: segmented_sort's segment length)
    if not (hasattr(x, "__dlpack__") and hasattr(x, "__dlpack_device__")):
        return x, _same  # ordo._ordo raises its TypeError naming what it takes
    device = int(x.__dlpack_device__()[0])
    framework = _top_module(x)
    back = _from_dlpack_of(framework) or _same
    if device in (_CPU, _CUDA_HOST):
        return np.from_dlpack(x), back
    if device == _CUDA:
        return x, back  # ordo._ordo reads it through DLPack (python/dlpack_bridge.cpp)
    raise TypeError(f"ordo: {name} is a {type(x).__name__} on DLPack device type {device}; ordo takes CPU and "
                    "CUDA arrays")


def _give_back(r: Any, back: Callable[[Any], Any]) -> Any:
    if back is _same:
        return r
    if isinstance(r, tuple):
        return tuple(_give_back(v, back) for v in r)
    if isinstance(r, np.ndarray) or hasattr(r, "__cuda_array_interface__"):
        return back(r)
    return r  # a Python number


def _dtype_name(a: Any) -> str:
    return str(a.dtype).replace("torch.", "")


def _fill(out: Any, r: Any, fn: str) -> Any:
    """Copies the result r into the caller's out (same shape, same dtype, same device kind)."""
    if isinstance(out, tuple) or isinstance(r, tuple):
        if not (isinstance(out, tuple) and isinstance(r, tuple) and len(out) == len(r)):
            raise TypeError(f"ordo.{fn}: out= must be a tuple of {len(r) if isinstance(r, tuple) else 1} arrays here")
        for o, v in zip(out, r):
            if hasattr(v, "shape"):
                _fill(o, v, fn)
        return out
    if tuple(out.shape) != tuple(r.shape):
        raise ValueError(f"ordo.{fn}: out has shape {tuple(out.shape)}, the result {tuple(r.shape)}")
    if _dtype_name(out) != _dtype_name(r):
        raise TypeError(f"ordo.{fn}: out has dtype {_dtype_name(out)}, the result is {_dtype_name(r)}; ordo does "
                        "not cast results (pass an out of the result's dtype)")
    if isinstance(out, np.ndarray):
        if not isinstance(r, np.ndarray):
            raise TypeError(f"ordo.{fn}: out is a numpy array, the input a GPU array")
        np.copyto(out, r, casting="no")
    elif _top_module(out) == "torch":
        out.copy_(r)  # on torch's current stream, as the call was
    elif hasattr(out, "__setitem__") and hasattr(out, "__cuda_array_interface__"):
        out[...] = r  # CuPy: on its current stream
    else:
        raise TypeError(f"ordo.{fn}: out= must be a numpy array, a CuPy array or a torch tensor (JAX arrays are "
                        f"immutable), got {type(out).__name__}")
    return out


def _device_of(v: Any) -> Any:
    """A context making v's GPU the current device (results are allocated and kernels run there),
    or a no-op for host data."""
    if v is None or isinstance(v, np.ndarray) or not hasattr(v, "__cuda_array_interface__"):
        return contextlib.nullcontext()
    framework = _top_module(v)
    if framework == "cupy":
        return v.device  # a cupy.cuda.Device: a context manager
    if framework == "torch":
        import torch
        return torch.cuda.device(v.device)
    return contextlib.nullcontext()


def call(fn: Callable[..., Any], arrays: Sequence[Any], kwargs: dict, out: Any = None, name: str = "") -> Any:
    """fn(*arrays, **kwargs) on native views of the arrays; the result is given back in the
    first array's framework, or written into out (which is returned)."""
    views, back = [], _same
    for i, a in enumerate(arrays):
        v, b = native(a, f"argument {i + 1}")
        views.append(v)
        if i == 0:
            back = b
    with _device_of(views[0] if views else None):
        r = _give_back(fn(*views, **kwargs), back)
    return r if out is None else _fill(out, r, name or fn.__name__)
