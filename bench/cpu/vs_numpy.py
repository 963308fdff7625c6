#!/usr/bin/python3
"""Times the `ordo` CLI's sort and rank against numpy np.sort and pandas
Series.rank on the same .npy file of random int32 (docs/benchmarks.md#cpu-frontier).

    /usr/bin/python3 bench/cpu/vs_numpy.py --ordo build-cpu/tools/ordo/ordo \
        --n 100000000 --out bench/results/cpu-2core

The CLI is timed end to end (process start, reading the .npy, the work,
writing the .npy); numpy and pandas only for the call itself (np.sort(a),
pd.Series(a).rank()), so the comparison gives them the benefit of the I/O.
Each figure is the median of --reps runs; the outputs are checked equal.
"""
import argparse
import json
import os
import platform
import statistics
import subprocess
import tempfile
import time

import numpy as np
import pandas as pd


def median_s(fn, reps):
    t = []
    for _ in range(reps):
        a = time.perf_counter()
        fn()
        t.append(time.perf_counter() - a)
    return statistics.median(t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ordo", required=True, help="path of the ordo CLI")
    ap.add_argument("--n", type=int, default=100_000_000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", default="bench/results/cpu-2core")
    ap.add_argument("--tmp", default=None, help="directory for the .npy files (default: a temp dir)")
    args = ap.parse_args()

    rng = np.random.default_rng(2026)
    a = rng.integers(-(2**31), 2**31 - 1, size=args.n, dtype=np.int32)
    rows = []
    with tempfile.TemporaryDirectory(dir=args.tmp) as d:
        src, out = os.path.join(d, "keys.npy"), os.path.join(d, "out.npy")
        np.save(src, a)

        def cli(*cmd):
            return lambda: subprocess.run([args.ordo, *cmd, "--device", "cpu", "--quiet"], check=True)

        t_np = median_s(lambda: np.sort(a), args.reps)
        t_cli = median_s(cli("sort", src, "-o", out), args.reps)
        ok = bool(np.array_equal(np.load(out), np.sort(a)))
        rows.append({"capability": "sort", "ordo_cli_s": t_cli, "baseline": "np.sort", "baseline_s": t_np,
                     "speedup": t_np / t_cli, "verified": ok})
        print(f"sort  n={args.n}: ordo CLI {t_cli:.3f} s  np.sort {t_np:.3f} s  x{t_np / t_cli:.2f}  ok={ok}")

        s = pd.Series(a)
        t_pd = median_s(lambda: s.rank(), args.reps)
        t_cli = median_s(cli("rank", src, "-o", out), args.reps)
        ok = bool(np.array_equal(np.load(out), s.rank().to_numpy()))
        rows.append({"capability": "rank", "method": "average", "ordo_cli_s": t_cli, "baseline": "pandas Series.rank",
                     "baseline_s": t_pd, "speedup": t_pd / t_cli, "verified": ok})
        print(f"rank  n={args.n}: ordo CLI {t_cli:.3f} s  pandas {t_pd:.3f} s  x{t_pd / t_cli:.2f}  ok={ok}")

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    doc = {"host": platform.node(), "cpus": os.cpu_count(), "n": args.n, "dtype": "int32", "reps": args.reps,
           "commit": commit, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
           "numpy": np.__version__, "pandas": pd.__version__, "rows": rows}
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "vs_numpy.json")
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
