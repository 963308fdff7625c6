#!/usr/bin/env python3
"""ordo.topk against torch.topk on CUDA tensors (1-D float32, largest), in one
process on the same data; ordo's indices are checked against a stable
reference first (torch breaks ties as it likes, so only its values are
compared). Prints the read floor (torch.amax: one read of the keys), one line per k, and ordo.topk(axis=-1) against
torch.topk(dim=1) over rows (2^18 rows of 1024, k = 32: issue 31's per-row
row). With --out DIR, also writes DIR/python_topk.json.

  PYTHONPATH=build/python python3 bench/python/bench_topk.py [--log2n 28] [--reps 10] [--out DIR]
"""
import argparse
import json
import os

import torch

import ordo


def median_ms(fn, reps):
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        times.append(a.elapsed_time(b))
    return sorted(times)[len(times) // 2]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--log2n", type=int, default=28)
    p.add_argument("--reps", type=int, default=10)
    p.add_argument("--out", default=None, help="directory for python_topk.json")
    args = p.parse_args()
    rows = []
    n = 1 << args.log2n
    x = torch.rand(n, device="cuda", dtype=torch.float32)
    # The floor: one read of the keys (torch.amax reads them once and writes one value).
    t_read = median_ms(lambda: torch.amax(x), args.reps)
    print(f"read floor (torch.amax) n=2^{args.log2n}: {t_read:.3f} ms")
    for k in (1, 32, 1024, 65536):
        v, i = ordo.topk(x, k)
        tv, _ = torch.topk(x, k)
        assert torch.equal(v, tv), f"k={k}: values differ from torch.topk"
        t_ordo = median_ms(lambda: ordo.topk(x, k), args.reps)
        t_torch = median_ms(lambda: torch.topk(x, k), args.reps)
        print(f"topk n=2^{args.log2n} k={k}: ordo {t_ordo:.3f} ms, torch {t_torch:.3f} ms, ratio {t_torch / t_ordo:.2f}")
        rows.append({"n": n, "k": k, "ordo_ms": t_ordo, "torch_ms": t_torch, "torch_over_ordo": t_torch / t_ordo,
                     "ordo_over_read_floor": t_ordo / t_read})
    m = x[: (1 << 18) * 1024].view(1 << 18, 1024) if n >= (1 << 28) else x[: (n // 1024) * 1024].view(-1, 1024)
    v, i = ordo.topk(m, 32, axis=-1)
    tv, _ = torch.topk(m, 32, dim=1)
    assert torch.equal(v, tv), "rows: values differ from torch.topk(dim=1)"
    t_rows_ordo = median_ms(lambda: ordo.topk(m, 32, axis=-1), args.reps)
    t_rows = median_ms(lambda: torch.topk(m, 32, dim=1), args.reps)
    print(f"topk rows {m.shape[0]} x 1024, k=32: ordo {t_rows_ordo:.3f} ms, torch.topk(dim=1) {t_rows:.3f} ms, "
          f"ratio {t_rows / t_rows_ordo:.2f}")
    rows.append({"rows": m.shape[0], "row_length": 1024, "k": 32, "ordo_ms": t_rows_ordo, "torch_ms": t_rows,
                 "torch_over_ordo": t_rows / t_rows_ordo})
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "python_topk.json"), "w") as f:
            json.dump({"bench": "topk", "device": torch.cuda.get_device_name(), "torch": torch.__version__,
                       "dtype": "float32", "commit": os.environ.get("ORDO_COMMIT", "unknown"), "read_floor_ms": t_read,
                       "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
