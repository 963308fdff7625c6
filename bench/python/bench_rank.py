#!/usr/bin/env python3
"""ordo.rank from Python against what a Python user would call instead:
pandas.Series.rank on the CPU (numpy arrays), and a torch composition (stable
sort, then scatter the tie groups' ranks) on the GPU (torch CUDA tensors).
Both sides run in this one process on the same data; every ordo result is
checked against the baseline's before it is timed. Writes JSON rows in the
shape of bench/common/results.hpp's.

  PYTHONPATH=build/python python3 bench/python/bench_rank.py --out DIR [--sizes 2^20,2^24] [--gpu-sizes 2^24,2^26]
      [--methods average,min,dense,first] [--dtypes int32,float64] [--reps 5]
"""
import argparse
import datetime
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


def torch_rank(torch, x, method):
    """pandas' rank (ascending, no NaN) as a user composes it in torch."""
    sorted_x, idx = torch.sort(x, stable=True)
    n = x.numel()
    ranks = torch.empty(n, dtype=torch.float64, device=x.device)
    if method == "first":
        ranks[idx] = torch.arange(1, n + 1, dtype=torch.float64, device=x.device)
        return ranks
    new = torch.ones(n, dtype=torch.bool, device=x.device)
    new[1:] = sorted_x[1:] != sorted_x[:-1]
    group = torch.cumsum(new, 0) - 1
    counts = torch.bincount(group)
    starts = torch.cumsum(counts, 0) - counts  # 0-based first position of each group
    if method == "average":
        per_group = starts.to(torch.float64) + (counts.to(torch.float64) + 1) / 2
    elif method == "min":
        per_group = starts.to(torch.float64) + 1
    elif method == "dense":
        per_group = torch.arange(1, counts.numel() + 1, dtype=torch.float64, device=x.device)
    else:
        raise ValueError(method)
    ranks[idx] = per_group[group]
    return ranks


def keys(n, dtype, seed=1):
    rng = np.random.default_rng(seed)
    return rng.integers(0, max(1, n // 4), n).astype(dtype)  # about four keys per value: many ties


def row(impl, device, method, dtype, n, ms, default, verified, baseline=None):
    r = {"capability": "python.rank", "impl": impl, "variant": device, "key": dtype, "value": "float64",
         "n": n, "ms": ms, "items_per_s": n / (ms * 1e-3), "default": default, "verified": verified,
         "params": {"method": method}}
    if baseline is not None:
        r["params"]["speedup_vs_baseline"] = baseline / ms
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--sizes", default="2^20,2^24")
    ap.add_argument("--gpu-sizes", default="2^24,2^26")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--methods", default="average,min,dense,first")
    ap.add_argument("--dtypes", default="int32,float64")
    a = ap.parse_args()
    parse = lambda s: [2 ** int(t[2:]) if t.startswith("2^") else int(t) for t in s.split(",") if t]
    rows = []
    methods = a.methods.split(",")
    dtypes = a.dtypes.split(",")
    for n in parse(a.sizes):
        for dtype in dtypes:
            x = keys(n, dtype)
            s = pd.Series(x)
            for m in methods:
                want = s.rank(method=m).to_numpy()
                ok = bool(np.array_equal(ordo.rank(x, method=m), want))
                t_pd = median_ms(lambda: s.rank(method=m), lambda: None, a.reps)
                t_o = median_ms(lambda: ordo.rank(x, method=m), lambda: None, a.reps)
                rows += [row("pandas", "cpu", m, dtype, n, t_pd, False, True),
                         row("ordo", "cpu", m, dtype, n, t_o, True, ok, t_pd)]
                print(f"cpu n={n} {dtype} {m}: pandas {t_pd:.2f} ms, ordo {t_o:.2f} ms ({t_pd / t_o:.1f}x){'' if ok else ' MISMATCH'}")
    gpu = None
    try:
        import torch
        if torch.cuda.is_available() and ordo.cuda_available():
            gpu = torch.cuda.get_device_name(0)
    except ImportError:
        pass
    if gpu:
        for n in parse(a.gpu_sizes):
            for dtype in dtypes:
                x = torch.from_numpy(keys(n, dtype)).cuda()
                for m in methods:
                    want = torch_rank(torch, x, m)
                    ok = bool(torch.equal(ordo.rank(x, method=m), want))
                    sync = torch.cuda.synchronize
                    t_t = median_ms(lambda: torch_rank(torch, x, m), sync, a.reps)
                    t_o = median_ms(lambda: ordo.rank(x, method=m), sync, a.reps)
                    rows += [row("torch_sort_scatter", "cuda", m, dtype, n, t_t, False, True),
                             row("ordo", "cuda", m, dtype, n, t_o, True, ok, t_t)]
                    print(f"gpu n={n} {dtype} {m}: torch {t_t:.3f} ms, ordo {t_o:.3f} ms ({t_t / t_o:.1f}x){'' if ok else ' MISMATCH'}")
    doc = {"commit": os.environ.get("ORDO_COMMIT", "unknown"),
           "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
           "device": gpu or platform.processor() or "cpu", "host_cores": os.cpu_count(),
           "python": platform.python_version(), "pandas": pd.__version__, "rows": rows}
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "python_rank.json"), "w") as f:
        json.dump(doc, f, indent=1)
    if not all(r["verified"] for r in rows):
        raise SystemExit("some ordo results differ from the baseline")


if __name__ == "__main__":
    main()
