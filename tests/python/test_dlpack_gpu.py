"""GPU arrays that come through DLPack only: JAX arrays and a producer without
__cuda_array_interface__ are read by the extension itself (no CuPy or torch in
between) and get their results back in their own framework, on their device,
equal to numpy's. Runs where the module sees a GPU (the GPU machine)."""
import numpy as np
import pytest

import ordo

pytestmark = pytest.mark.skipif(not ordo.cuda_available(), reason="needs a GPU")


def _jax_gpu():
    jax = pytest.importorskip("jax")
    try:
        gpus = jax.devices("gpu")
    except RuntimeError:
        gpus = []
    if not gpus:
        pytest.skip("JAX sees no GPU")
    return jax, gpus[0]


def _keys(n=100_003, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.integers(-50, 50, n).astype(np.float32)
    x[rng.random(n) < 0.01] = np.nan
    return x


def test_jax_gpu_arrays_every_kind_of_call():
    jax, gpu = _jax_gpu()
    import jax.numpy as jnp
    x = _keys()
    jx = jax.device_put(x, gpu)

    r = ordo.rank(jx)
    assert isinstance(r, jax.Array) and list(r.devices()) == [gpu]
    pd = pytest.importorskip("pandas")
    np.testing.assert_array_equal(np.asarray(r), pd.Series(x).rank().to_numpy())

    perm = ordo.argsort(jx)
    assert isinstance(perm, jax.Array)
    np.testing.assert_array_equal(np.asarray(perm), np.argsort(x, kind="stable"))

    ints = jax.device_put(np.arange(1000, 0, -1, dtype=np.int32), gpu)
    s = ordo.sort(ints)
    assert isinstance(s, jax.Array)
    np.testing.assert_array_equal(np.asarray(s), np.arange(1, 1001, dtype=np.int32))
    keys, values = ordo.sort(ints, jax.device_put(np.arange(1000, dtype=np.float64), gpu))
    np.testing.assert_array_equal(np.asarray(values), np.arange(999, -1, -1, dtype=np.float64))

    sc = ordo.scan(ints)
    np.testing.assert_array_equal(np.asarray(sc), np.cumsum(np.arange(1000, 0, -1, dtype=np.int32)))
    assert ordo.reduce(ints) == 500500
    flags = jax.device_put(np.arange(1000) % 3 == 0, gpu)
    c = ordo.compact(ints, flags)  # a head() of a DeviceArray
    np.testing.assert_array_equal(np.asarray(c), np.arange(1000, 0, -1, dtype=np.int32)[np.arange(1000) % 3 == 0])
    assert ordo.radius(ints) == 999
    seg = ordo.segmented_sort(ints, 100)
    np.testing.assert_array_equal(np.asarray(seg), np.sort(np.arange(1000, 0, -1, dtype=np.int32).reshape(10, 100),
                                                           axis=1).ravel())
    # A JAX result used by JAX straight away (stream order, no host wait in ordo)
    np.testing.assert_array_equal(np.asarray(jnp.sum(ordo.sort(ints))), 500500)


def test_jax_gpu_dtypes_and_empty():
    jax, gpu = _jax_gpu()
    for dt in (np.int32, np.uint32, np.float32, np.int8, np.uint8, np.int16, np.float16):
        x = (np.arange(257) * 37 % 101).astype(dt)
        r = ordo.rank(jax.device_put(x, gpu))
        np.testing.assert_array_equal(np.asarray(r), ordo.rank(x), err_msg=str(dt))
    e = ordo.rank(jax.device_put(np.empty(0, np.float32), gpu))
    assert e.shape == (0,)


def test_jax_2d_gpu_array_is_a_value_error():
    jax, gpu = _jax_gpu()
    with pytest.raises(ValueError, match="1-D"):
        ordo.rank(jax.device_put(np.ones((2, 3), np.float32), gpu))


class DlpackOnly:
    """A GPU producer with DLPack and nothing else (it wraps a CuPy array or a torch tensor)."""

    def __init__(self, a):
        self.a = a

    def __dlpack__(self, stream=None, **kw):
        return self.a.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()


def from_dlpack(x):  # this module's framework: results come back wrapped again
    import cupy
    return DlpackOnly(cupy.from_dlpack(x))


def test_a_dlpack_only_producer_gets_its_own_kind_back():
    cupy = pytest.importorskip("cupy")
    x = _keys(5000, 3)
    r = ordo.rank(DlpackOnly(cupy.asarray(x)))
    assert isinstance(r, DlpackOnly)
    np.testing.assert_array_equal(cupy.asnumpy(r.a), ordo.rank(x))


def test_device_array_exports_to_every_framework():
    cupy = pytest.importorskip("cupy")
    x = _keys(3000, 4)
    d = ordo._ordo.rank(DlpackOnly(cupy.asarray(x)))  # the extension's own result
    assert type(d).__name__ == "DeviceArray" and d.shape == (3000,) and d.dtype == "float64"
    want = ordo.rank(x)
    np.testing.assert_array_equal(cupy.asnumpy(cupy.from_dlpack(d)), want)
    np.testing.assert_array_equal(cupy.asnumpy(cupy.asarray(d)), want)  # __cuda_array_interface__
    torch = pytest.importorskip("torch")
    np.testing.assert_array_equal(torch.from_dlpack(d).cpu().numpy(), want)
