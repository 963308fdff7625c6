#!/usr/bin/env python3
"""Grouped rank from Python against pandas (issue 31's row): pandas
Series.groupby(labels).rank() on the CPU, ordo.rank(x, groups=labels) on numpy
arrays (ordo's CPU backend, every core) and on torch CUDA tensors (ordo's GPU
backend), in this one process on the same data: 2^24 int32 keys with many
ties, 2^20 unsorted int32 labels, method min (and average). Every ordo result
is checked against pandas' before it is timed. Writes DIR/python_groupby_rank.json.

  PYTHONPATH=build/python python3 bench/python/bench_groupby_rank.py --out DIR [--log2n 24] [--reps 3] [--methods min,average]
"""
import argparse
import json
import os
import platform
import time

import numpy as np
import pandas as pd

import ordo


def median_ms(fn, sync, reps):
    fn()
    sync()
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        sync()
        times.append((time.perf_counter() - t) * 1e3)
    return float(np.median(times))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--log2n", type=int, default=24)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--methods", default="min,average")
    a = ap.parse_args()
    n = 1 << a.log2n
    rng = np.random.default_rng(24)
    x = rng.integers(0, n // 4, n).astype(np.int32)
    g = rng.integers(0, 1 << 20, n).astype(np.int32)
    torch = None
    try:
        import torch as _torch
        if _torch.cuda.is_available() and ordo.cuda_available():
            torch = _torch
    except ImportError:
        pass
    rows = []
    for method in a.methods.split(","):
        s = pd.Series(x)
        want = s.groupby(g).rank(method=method).to_numpy()
        t_pd = median_ms(lambda: s.groupby(g).rank(method=method), lambda: None, a.reps)
        ok_cpu = bool(np.array_equal(ordo.rank(x, groups=g, method=method), want))
        t_cpu = median_ms(lambda: ordo.rank(x, groups=g, method=method), lambda: None, a.reps)
        r = {"method": method, "n": n, "groups": "2^20 unsorted int32 labels", "pandas_ms": t_pd, "ordo_cpu_ms": t_cpu,
             "ordo_cpu_verified": ok_cpu, "pandas_over_ordo_cpu": t_pd / t_cpu}
        line = f"groupby rank n=2^{a.log2n} {method}: pandas {t_pd:.1f} ms, ordo CPU {t_cpu:.2f} ms ({t_pd / t_cpu:.1f}x)"
        if torch is not None:
            xt, gt = torch.from_numpy(x).cuda(), torch.from_numpy(g).cuda()
            ok_gpu = bool(np.array_equal(ordo.rank(xt, groups=gt, method=method).cpu().numpy(), want))
            t_gpu = median_ms(lambda: ordo.rank(xt, groups=gt, method=method), torch.cuda.synchronize, max(a.reps, 10))
            r.update({"ordo_gpu_ms": t_gpu, "ordo_gpu_verified": ok_gpu, "pandas_over_ordo_gpu": t_pd / t_gpu,
                      "gpu": torch.cuda.get_device_name(0)})
            line += f", ordo GPU {t_gpu:.3f} ms ({t_pd / t_gpu:.0f}x)"
        print(line + ("" if r["ordo_cpu_verified"] and r.get("ordo_gpu_verified", True) else " MISMATCH"))
        rows.append(r)
    doc = {"bench": "python.groupby_rank", "commit": os.environ.get("ORDO_COMMIT", "unknown"),
           "host_cores": os.cpu_count(), "python": platform.python_version(), "pandas": pd.__version__,
           "numpy": np.__version__, "rows": rows}
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "python_groupby_rank.json"), "w") as f:
        json.dump(doc, f, indent=1)
    if not all(r["ordo_cpu_verified"] and r.get("ordo_gpu_verified", True) for r in rows):
        raise SystemExit("some ordo results differ from pandas")


if __name__ == "__main__":
    main()
