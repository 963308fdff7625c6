#!/usr/bin/python3
"""Times the `ordo` CLI's sort and rank against numpy np.sort and pandas
Series.rank on the same .npy file of random int32 (docs/benchmarks.md#cpu-frontier).

    /usr/bin/python3 bench/cpu/vs_numpy.py --ordo build-cpu/tools/ordo/ordo \
        --n 100000000 --out bench/results/cpu-2core

The CLI is timed end to end (process start, reading the .npy, the work,
writing the .npy); numpy and pandas for the call itself (np.sort(a),
pd.Series(a).rank()), which gives them the benefit of the I/O, and also with
the same I/O as the CLI (np.load, the call, np.save). The runs alternate
(CLI, baseline, CLI, ...) so that a shared host's drift hits both; each figure
is the median of --reps runs; the outputs are checked equal. Before each
timed run the page cache is synced (not timed), so that one run's write-back
does not slow the next one's writes: on the VM, writing 400 MB to a new file
took 0.15 s after a sync and 1.1 s while the previous 400 MB was still being
written back. Each timed run writes a file that does not exist yet (the
previous run's output is removed first, not timed), as a new user's
`ordo sort keys.npy -o sorted.npy` does. Replacing an existing file is timed
too and recorded apart (`ordo_cli_replace_s`, `baseline_with_io_replace_s`):
ext4 (auto_da_alloc) writes the new data back before a rename or a truncate
replaces an old file, so the CLI's rename and np.save's truncate both wait
for the disk there (0.3-1 s for 400 MB on the VM). One more CLI run, not
quiet, gives its own phase times (map or read, sort or rank, write),
recorded beside the totals.
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


def remove(*paths):
    for p in paths:
        if os.path.exists(p):
            os.remove(p)


def median_s(fns, reps, before=lambda i: None):
    """Medians of each function's times, the functions run in turn reps times;
    before(i) runs untimed ahead of each run of fns[i]."""
    t = [[] for _ in fns]
    for _ in range(reps):
        for i, fn in enumerate(fns):
            before(i)
            os.sync()
            a = time.perf_counter()
            fn()
            t[i].append(time.perf_counter() - a)
    return [statistics.median(x) for x in t]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ordo", required=True, help="path of the ordo CLI")
    ap.add_argument("--n", type=int, default=100_000_000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", default="bench/results/cpu-2core")
    ap.add_argument("--tmp", default=None, help="directory for the .npy files (default: a temp dir)")
    ap.add_argument("--only", choices=["sort", "rank"], default=None, help="one row only")
    args = ap.parse_args()

    rng = np.random.default_rng(2026)
    a = rng.integers(-(2**31), 2**31 - 1, size=args.n, dtype=np.int32)
    rows = []
    with tempfile.TemporaryDirectory(dir=args.tmp) as d:
        src, out = os.path.join(d, "keys.npy"), os.path.join(d, "out.npy")
        np.save(src, a)

        def cli(*cmd):
            return lambda: subprocess.run([args.ordo, *cmd, "--device", "cpu", "--quiet"], check=True)

        npout = os.path.join(d, "np.npy")

        def phases(cmd):
            """The CLI's own report of one more run (to a fresh output): its last line on stderr."""
            remove(out)
            os.sync()
            r = subprocess.run([args.ordo, *cmd, "--device", "cpu"], check=True, capture_output=True, text=True)
            return r.stderr.strip().splitlines()[-1]

        def row(cap, cmd, name, call, io_call, check):
            # Fresh outputs: the CLI's and np.save's files are removed before each of their runs.
            fresh = {0: (out,), 2: (npout,)}
            t_cli, t_call, t_io = median_s([cli(*cmd), call, io_call], args.reps,
                                           lambda i: remove(*fresh.get(i, ())))
            ok = bool(check())
            # Replacing: both outputs exist (from the runs above) when each run starts.
            t_cli_r, t_io_r = median_s([cli(*cmd), io_call], args.reps)
            rows.append({"capability": cap, "ordo_cli_s": t_cli, "baseline": name, "baseline_s": t_call,
                         "speedup": t_call / t_cli, "baseline_with_io_s": t_io, "speedup_with_io": t_io / t_cli,
                         "ordo_cli_replace_s": t_cli_r, "baseline_with_io_replace_s": t_io_r,
                         "speedup_replace": t_call / t_cli_r, "speedup_with_io_replace": t_io_r / t_cli_r,
                         "verified": ok, "ordo_cli_phases": phases(cmd)})
            print(f"{cap:5} n={args.n}: ordo CLI {t_cli:.3f} s  {name} {t_call:.3f} s (x{t_call / t_cli:.2f})"
                  f"  with load/save {t_io:.3f} s (x{t_io / t_cli:.2f})  ok={ok}")
            print(f"      replacing the output: ordo CLI {t_cli_r:.3f} s (x{t_call / t_cli_r:.2f} the call)"
                  f"  with load/save {t_io_r:.3f} s (x{t_io_r / t_cli_r:.2f})")
            print("      " + rows[-1]["ordo_cli_phases"])

        if args.only != "rank":
            row("sort", ["sort", src, "-o", out], "np.sort", lambda: np.sort(a),
                lambda: np.save(npout, np.sort(np.load(src))), lambda: np.array_equal(np.load(out), np.sort(a)))
        s = pd.Series(a)
        if args.only != "sort":
            row("rank", ["rank", src, "-o", out], "pandas Series.rank", lambda: s.rank(),
                lambda: np.save(npout, pd.Series(np.load(src)).rank().to_numpy()),
                lambda: np.array_equal(np.load(out), s.rank().to_numpy()))

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "")
    flags = next((l.split(":", 1)[1].split() for l in open("/proc/cpuinfo") if l.startswith("flags")), [])
    doc = {"host": platform.node(), "cpus": os.cpu_count(), "cpu_model": cpu, "avx512f": "avx512f" in flags,
           "n": args.n, "dtype": "int32", "reps": args.reps,
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
