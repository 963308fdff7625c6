"""The array kinds the tests run on: numpy everywhere; CuPy arrays and torch
CUDA tensors where the module sees a GPU and those packages are installed
(the GPU machine). A test that takes the `xp` fixture runs once per kind:
xp.put(numpy_array) makes an input of that kind, xp.get(result) brings a
result back to numpy, checking that it is of the same kind as the input."""
import os

import numpy as np
import pytest

import ordo

# ctest runs the suite against the installed package (tests/python/CMakeLists.txt):
# refuse to test anything else, such as a build tree on PYTHONPATH.
_VENV = os.environ.get("ORDO_TEST_INSTALLED")
if _VENV:
    _where = os.path.realpath(ordo._ordo.__file__)
    assert _where.startswith(os.path.realpath(_VENV) + os.sep), \
        f"ordo was imported from {_where}, not from the package installed in {_VENV}"


class _Numpy:
    name = "numpy"

    def put(self, x):
        return np.asarray(x)

    def get(self, r):
        assert isinstance(r, np.ndarray), f"expected a numpy result, got {type(r)}"
        return r


class _Cupy:
    name = "cupy"

    def __init__(self):
        import cupy
        self.cp = cupy

    def put(self, x):
        return self.cp.asarray(x)

    def get(self, r):
        assert isinstance(r, self.cp.ndarray), f"expected a CuPy result, got {type(r)}"
        return self.cp.asnumpy(r)


class _Torch:
    name = "torch"

    def __init__(self):
        import torch
        self.torch = torch

    def put(self, x):
        x = np.asarray(x)
        try:
            t = self.torch.from_numpy(np.ascontiguousarray(x)).cuda()
            t.__cuda_array_interface__  # noqa: B018 (some dtypes have none)
        except (TypeError, RuntimeError) as e:
            pytest.skip(f"torch cannot hold {x.dtype} on the GPU here: {e}")
        return t

    def get(self, r):
        assert isinstance(r, self.torch.Tensor) and r.is_cuda, f"expected a CUDA tensor, got {type(r)}"
        return r.cpu().numpy()


def _kinds():
    kinds = [_Numpy()]
    if ordo.cuda_available():
        for k in (_Cupy, _Torch):
            try:
                kinds.append(k())
            except ImportError:
                pass
    return kinds


_KINDS = _kinds()


@pytest.fixture(params=_KINDS, ids=[k.name for k in _KINDS])
def xp(request):
    return request.param
