"""The package around the extension: the public names, DLPack producers
(results come back through the producer's framework), out=, stubs."""
import pathlib

import numpy as np
import pytest

import ordo

OLD_NAMES = ["Error", "cuda_available", "rank", "rank_sorted", "list_rank", "list_scan", "sort_idx", "argsort",
             "scan", "reduce", "compact", "split", "merge", "fork", "radius", "sort", "rough_sort", "segmented_sort"]


def test_the_extension_is_private_and_every_old_name_is_there():
    assert ordo._ordo.__name__ == "ordo._ordo"
    for name in OLD_NAMES:
        assert hasattr(ordo, name), name
    assert isinstance(ordo.__version__, str) and ordo.__version__
    assert issubclass(ordo.Error, ValueError)


def test_typed_package():
    where = pathlib.Path(ordo.__file__).parent
    assert (where / "py.typed").exists()
    assert (where / "_ordo.pyi").exists()


class FakeArray:
    """A DLPack producer on the CPU of a framework whose from_dlpack is this module's."""

    def __init__(self, a):
        self.a = np.asarray(a)

    def __dlpack__(self, stream=None):
        return self.a.__dlpack__()

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU


def from_dlpack(x):  # what ordo calls to hand results back to FakeArray's framework
    return FakeArray(np.from_dlpack(x))


def test_dlpack_producer_gets_its_own_kind_back():
    r = ordo.rank(FakeArray([3.0, 1.0, np.nan, 1.0]))
    assert isinstance(r, FakeArray)
    np.testing.assert_array_equal(r.a, [3.0, 1.5, np.nan, 1.5])
    keys, values = ordo.sort(FakeArray([3, 1, 2]), FakeArray([30.0, 10.0, 20.0]))
    assert isinstance(keys, FakeArray) and isinstance(values, FakeArray)
    np.testing.assert_array_equal(keys.a, [1, 2, 3])
    np.testing.assert_array_equal(values.a, [10.0, 20.0, 30.0])
    assert ordo.radius(FakeArray([2, 1, 3])) == 1


def test_dlpack_input_is_not_copied():
    base = np.array([5, 4, 3], dtype=np.int64)
    arr = np.from_dlpack(FakeArray(base))
    assert arr.__array_interface__["data"][0] == base.__array_interface__["data"][0]


def test_out_receives_the_result():
    x = np.array([3.0, 1.0, 2.0])
    out = np.full(3, -1.0)
    assert ordo.rank(x, out=out) is out
    np.testing.assert_array_equal(out, [3.0, 1.0, 2.0])
    keys, values = np.empty(3, np.int64), np.empty(3, np.float64)
    r = ordo.sort(np.array([3, 1, 2]), np.array([3.0, 1.0, 2.0]), out=(keys, values))
    assert r[0] is keys and r[1] is values
    np.testing.assert_array_equal(keys, [1, 2, 3])


def test_out_is_never_cast_or_resized():
    x = np.array([3.0, 1.0, 2.0])
    with pytest.raises(TypeError, match="dtype float32"):
        ordo.rank(x, out=np.empty(3, np.float32))
    with pytest.raises(ValueError, match="shape"):
        ordo.rank(x, out=np.empty(4))
    with pytest.raises(TypeError, match="tuple"):
        ordo.sort(np.array([3, 1, 2]), np.array([3.0, 1.0, 2.0]), out=np.empty(3))


def test_torch_cpu_tensor_comes_back_as_torch():
    torch = pytest.importorskip("torch")
    r = ordo.rank(torch.tensor([3.0, 1.0, 1.0]))
    assert isinstance(r, torch.Tensor) and r.device.type == "cpu"
    assert r.tolist() == [3.0, 1.5, 1.5]


def test_jax_array_comes_back_as_jax():
    jnp = pytest.importorskip("jax.numpy")
    x = jnp.array([3.0, 1.0, 1.0])
    r = ordo.rank(x)
    assert type(r).__module__.split(".")[0] in ("jax", "jaxlib")
    assert list(r.devices())[0] == list(x.devices())[0]
    np.testing.assert_array_equal(np.asarray(r), [3.0, 1.5, 1.5])


def test_the_gil_is_released_during_a_call():
    """Another Python thread runs while ordo sorts: the call holds no GIL."""
    import threading
    import time
    x = np.random.default_rng(0).random(1 << 22)
    calls = 4
    current = [-1]  # the call the worker is in, -1 between calls
    done = threading.Event()

    def work():
        for c in range(calls):
            current[0] = c
            ordo.argsort(x)
            current[0] = -1
        done.set()

    # Ticks of this thread during each call. With the GIL held through a call,
    # this thread runs only between calls (a tick or two, as it may see the
    # call's number just before the call starts); released, it ticks about
    # every half millisecond of the call, however fast the machine's cores
    # make the sorts (the test once counted the whole run's ticks against a
    # fixed bar: 17 on a 16-core machine, under its 20).
    ticks = [0] * calls
    t = threading.Thread(target=work)
    start = time.perf_counter()
    t.start()
    while not done.is_set():
        c = current[0]
        if c >= 0:
            ticks[c] += 1
        time.sleep(0.0005)
    t.join()
    elapsed = time.perf_counter() - start
    assert max(ticks) >= 6, (ticks, elapsed)


def test_ctrl_c_during_a_call_raises_keyboard_interrupt():
    """SIGINT while ordo runs (GIL released) is a KeyboardInterrupt when the phase ends."""
    import os
    import signal
    import threading
    x = np.random.default_rng(1).random(1 << 21)
    timer = threading.Timer(0.02, lambda: os.kill(os.getpid(), signal.SIGINT))
    with pytest.raises(KeyboardInterrupt):
        timer.start()
        for _ in range(200):  # far longer than 0.02 s
            ordo.argsort(x)
    timer.join()

def test_out_errors_name_the_public_function():
    with pytest.raises(TypeError, match=r"ordo\.rank:"):
        ordo.rank(np.array([1.0, 2.0]), out=np.empty(2, np.float32))

def test_tuple_out_is_returned():
    x = np.array([1.0, 5.0, 3.0])
    oi = (np.empty(1), np.empty(1, np.int64))
    assert ordo.topk(x, 1, out=oi) is oi
    assert oi[0][0] == 5.0 and oi[1][0] == 1

def test_lexsort_and_topk_argument_types():
    x = np.array([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="key 1 has 2 values"):
        ordo.lexsort([x, x[:2]])
    with pytest.raises(TypeError):
        ordo.lexsort([x], descending="yes")
    with pytest.raises(TypeError):
        ordo.topk(x, True)
