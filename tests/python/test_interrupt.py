"""Ctrl-C during a long call: the call stops at its next phase with
KeyboardInterrupt (not after it would have finished), SIGINT's handler is
Python's again afterwards, and the next call gives the right result."""
import os
import signal
import threading
import time

import numpy as np
import pytest

import ordo

N = 1 << 24


def _keys():
    return np.random.default_rng(3).standard_normal(N)


def _timed_rank(x):
    t = time.perf_counter()
    ordo.rank(x)
    return time.perf_counter() - t


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="POSIX signals")
def test_ctrl_c_stops_a_long_call_midway():
    x = _keys()
    full = min(_timed_rank(x) for _ in range(2))
    before = signal.getsignal(signal.SIGINT)
    delay = full / 10
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    t = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        ordo.rank(x)
        time.sleep(5 * full)  # were the call to finish first, the interrupt would land here
    took = time.perf_counter() - t
    timer.join()
    # It stopped within a phase of the request, long before a whole call.
    assert took < delay + 0.6 * full, f"interrupted after {took:.3f} s; a whole call takes {full:.3f} s"
    assert signal.getsignal(signal.SIGINT) is before
    np.testing.assert_array_equal(ordo.rank(x[:1000]), ordo.rank(x[:1000].copy()))
    import scipy.stats
    np.testing.assert_array_equal(ordo.rank(x[:100000]), scipy.stats.rankdata(x[:100000]))


def test_calls_on_other_threads_are_not_interrupted_by_the_flag():
    # A call on another thread runs to the end with the right result.
    x = _keys()[: 1 << 20]
    got = {}
    t = threading.Thread(target=lambda: got.setdefault("r", ordo.rank(x)))
    t.start()
    t.join()
    import scipy.stats
    np.testing.assert_array_equal(got["r"], scipy.stats.rankdata(x))
